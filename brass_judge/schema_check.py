"""Validate parsed YAML against the JSON Schemas in ``schemas/`` and report every problem with
its file, line and field path (jsonschema is imported here only, when a file is checked)."""

from __future__ import annotations

import json
from functools import cache

from .errors import InputError, InputErrors, closest
from .yamlio import Document, format_path


@cache
def _jsonschema_validator(name: str):

    from .resources import schema_file

    schema = json.loads(schema_file(name).read_text(encoding="utf-8"))
    return strict_validator(schema)


def strict_validator(schema: dict):
    """jsonschema's validator for *schema*, except that "integer" means a whole number written as
    one: JSON Schema also accepts 12.0, which the readers would carry on as a float (crashes in
    render/moves/sell, '50.0' in --apply output). schema_fast's generated validators agree."""
    import jsonschema

    cls = jsonschema.validators.validator_for(schema)
    checker = cls.TYPE_CHECKER.redefine(
        "integer", lambda _c, v: isinstance(v, int) and not isinstance(v, bool)
    )
    return jsonschema.validators.extend(cls, type_checker=checker)(schema)


class _Validator:
    """``is_valid`` through the validator generated from the schema (brass_judge/schema_fast.py),
    which needs no jsonschema; jsonschema itself is imported only when that one does not prove
    the instance valid (then it decides), and for ``iter_errors``, which words the errors."""

    def __init__(self, name: str) -> None:
        self.name = name
        from .schema_fast import fast_validator

        self.fast = fast_validator(name)

    def is_valid(self, instance) -> bool:
        if self.fast is not None and self.fast(instance):
            return True
        return _jsonschema_validator(self.name).is_valid(instance)

    def iter_errors(self, instance):
        if self.fast is not None and self.fast(instance):
            return iter(())
        return _jsonschema_validator(self.name).iter_errors(instance)


@cache
def _validator(name: str) -> _Validator:
    return _Validator(name)


def schema_errors(doc: Document, name: str) -> list[InputError]:
    """Every schema violation in *doc* against ``schemas/<name>.schema.json``."""
    v = _validator(name)
    out: list[InputError] = []
    # JSON Schema sees JSON: mapping keys are text. YAML allows number keys ('0: x'), on which
    # jsonschema's patternProperties crash, so validate the JSON view and map paths back.
    view = _json_view(doc.data)
    for e in sorted(v.iter_errors(view), key=lambda e: list(map(str, e.absolute_path))):
        out.append(_convert(doc, e))
    # A oneOf failure often hides a clearer inner error: keep the best-located ones, once each.
    # Nested if/then schemas can report one wrong type several times at one place: keep the first.
    seen = set()
    uniq = []
    for e in out:
        key = (e.line, e.field, e.code if e.code == "INP033" else e.message)
        if key not in seen:
            seen.add(key)
            uniq.append(e)
    return uniq


def _json_view(v):
    if isinstance(v, dict):
        return {(k if isinstance(k, str) else str(k)): _json_view(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_json_view(x) for x in v]
    return v


def _orig_path(data, path) -> tuple:
    """*path* (from the JSON view) with the document's own keys (a number key stays a number)."""
    obj, out = data, []
    for p in path:
        if isinstance(obj, dict) and p not in obj:
            p = next((k for k in obj if str(k) == p), p)
        out.append(p)
        try:
            obj = obj[p]
        except (KeyError, IndexError, TypeError):
            obj = None
    return tuple(out)


def _convert(doc: Document, e) -> InputError:
    path = _orig_path(doc.data, e.absolute_path)
    validator = e.validator
    if validator == "oneOf" and e.context:
        # Report the errors of the branch the author most likely meant: the one whose errors go
        # deepest into the data and are not mere type mismatches.
        branches: dict = {}
        for c in e.context:
            branches.setdefault(c.relative_schema_path[0], []).append(c)

        def score(errs):
            return (max(len(c.absolute_path) for c in errs), -sum(c.validator == "type" for c in errs))

        best = max(branches.values(), key=score)
        if not all(c.validator == "type" and len(c.absolute_path) == len(path) for c in best):
            out: list = []
            for c in best:
                r = _convert(doc, c)
                out.extend(r.errors if isinstance(r, InputErrors) else [r])
            return out[0] if len(out) == 1 else InputErrors(out)
        types = sorted(
            {str(c.schema.get("type") or c.schema.get("$ref", "").split("/")[-1]) for c in e.context}
        )
        msg = f"expected one of: {', '.join(t for t in types if t)}; got {_kind(e.instance)}"
        return doc.error(msg, path, code="INP030")
    if validator == "additionalProperties":
        allowed = list((e.schema.get("properties") or {}).keys())
        extras = [k for k in e.instance if k not in allowed] if isinstance(e.instance, dict) else []
        errs = []
        for k in extras:
            sug = closest(str(k), allowed)
            hint = (
                f" (allowed: {', '.join(allowed)})"
                if allowed
                else (f" ({e.schema['description'].rstrip('.')})" if e.schema.get("description") else "")
            )
            errs.append(
                doc.error(
                    f"unknown key {_short(k)}" + (hint if not sug else ""),
                    _orig_path(doc.data, path + (k,)),
                    suggestions=sug,
                    code="INP031",
                )
            )
        if errs:
            return errs[0] if len(errs) == 1 else InputErrors(errs)
    if validator == "required":
        return doc.error(e.message.replace("is a required property", "is required here"), path, code="INP032")
    if validator == "type":
        want = e.validator_value if isinstance(e.validator_value, list) else [e.validator_value]
        words = [str(_TYPE_WORDS.get(t, t)) for t in want]
        wanted = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
        if isinstance(e.instance, float) and "integer" in want and e.instance.is_integer():
            return doc.error(
                f"expected a whole number, got {_short(e.instance)}: write {int(e.instance)}",
                path,
                code="INP033",
            )
        return doc.error(
            f"expected {wanted}, got {_kind(e.instance)} {_short(e.instance)}", path, code="INP033"
        )
    if validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return doc.error(
            f"{_short(e.instance)} is out of range ({validator} {e.validator_value})", path, code="INP034"
        )
    if validator == "enum":
        allowed = []
        for x in e.validator_value:  # 'canal, Canal, CANAL' reads as 'canal'
            if str(x).lower() not in {str(a).lower() for a in allowed}:
                allowed.append(x)
        sug = closest(str(e.instance), [str(x) for x in allowed])
        return doc.error(
            f"{_short(e.instance)} is not one of {', '.join(map(str, allowed))}",
            path,
            suggestions=sug,
            code="INP035",
        )
    if validator in ("minItems", "maxItems") and isinstance(e.instance, list):
        bound = "at least" if validator == "minItems" else "at most"
        return doc.error(
            f"has {len(e.instance)} entr{'y' if len(e.instance) == 1 else 'ies'}; {bound} "
            f"{e.validator_value} allowed",
            path,
            code="INP036",
        )
    if validator in ("minProperties", "maxProperties") and isinstance(e.instance, dict):
        bound = "at least" if validator == "minProperties" else "at most"
        return doc.error(
            f"has {len(e.instance)} entr{'y' if len(e.instance) == 1 else 'ies'}; {bound} "
            f"{e.validator_value} allowed",
            path,
            code="INP036",
        )
    if validator == "uniqueItems" and isinstance(e.instance, list):
        seen: list = []
        dup, at = None, path
        for i, x in enumerate(e.instance):
            if x in seen:
                dup, at = x, path + (i,)
                break
            seen.append(x)
        return doc.error(f"lists {_short(dup)} twice; each entry may appear once", at, code="INP041")
    if validator == "pattern":
        desc = e.schema.get("description")
        return doc.error(
            f"{_short(e.instance)} is not in the expected form" + (f" ({desc.rstrip('.')})" if desc else ""),
            path,
            code="INP036",
        )
    if validator == "minLength" and e.instance == "":
        return doc.error("must not be empty", path, code="INP036")
    return doc.error(f"{e.message[:300]}", path, code="INP036")


_TYPE_WORDS = {
    "string": "text",
    "object": "a mapping",
    "array": "a list",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true/false",
    "null": "nothing (null)",
}


def _short(v) -> str:
    from .errors import quote

    return quote(v)


def _kind(v) -> str:
    return {
        dict: "a mapping",
        list: "a list",
        str: "text",
        int: "a number",
        float: "a number",
        bool: "true/false",
        type(None): "nothing (null)",
    }.get(type(v), type(v).__name__)


def check_schema(doc: Document, name: str) -> None:
    """Raise all schema problems of *doc* at once (an :class:`InputErrors`)."""
    errs = schema_errors(doc, name)
    flat: list = []
    for e in errs:
        flat.extend(e.errors if isinstance(e, InputErrors) else [e])
    flat.sort(key=lambda e: (e.line or 0, e.column or 0))  # in file order
    if flat:
        raise flat[0] if len(flat) == 1 else InputErrors(flat)


__all__ = ["schema_errors", "check_schema", "format_path"]
