"""Validate parsed YAML against the JSON Schemas in ``schemas/`` and report every problem with
its file, line and field path (jsonschema is imported here only, when a file is checked)."""
from __future__ import annotations

import json
from functools import lru_cache

from .errors import InputError, InputErrors, closest
from .yamlio import Document, format_path


@lru_cache(maxsize=None)
def _validator(name: str):
    import jsonschema

    from .resources import schema_file

    schema = json.loads(schema_file(name).read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def schema_errors(doc: Document, name: str) -> list[InputError]:
    """Every schema violation in *doc* against ``schemas/<name>.schema.json``."""
    v = _validator(name)
    out: list[InputError] = []
    for e in sorted(v.iter_errors(doc.data), key=lambda e: (list(map(str, e.absolute_path)))):
        out.append(_convert(doc, e))
    # A oneOf failure often hides a clearer inner error: keep the best-located ones, once each.
    seen = set()
    uniq = []
    for e in out:
        key = (e.line, e.field, e.message)
        if key not in seen:
            seen.add(key)
            uniq.append(e)
    return uniq


def _convert(doc: Document, e) -> InputError:
    path = tuple(e.absolute_path)
    validator = e.validator
    suggestions: list = []
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
            out = []
            for c in best:
                r = _convert(doc, c)
                out.extend(r.errors if isinstance(r, InputErrors) else [r])
            return out[0] if len(out) == 1 else InputErrors(out)
        types = sorted({str(c.schema.get("type") or c.schema.get("$ref", "").split("/")[-1]) for c in e.context})
        msg = f"expected one of: {', '.join(t for t in types if t)}; got {_kind(e.instance)}"
        return doc.error(msg, path, code="INP030")
    if validator == "additionalProperties":
        allowed = list((e.schema.get("properties") or {}).keys())
        extras = [k for k in e.instance if k not in allowed] if isinstance(e.instance, dict) else []
        errs = []
        for k in extras:
            sug = closest(str(k), allowed)
            errs.append(doc.error(f"unknown key {k!r}" + (f" (allowed: {', '.join(allowed)})" if not sug else ""),
                                  path + (k,), suggestions=sug, code="INP031"))
        if errs:
            return errs[0] if len(errs) == 1 else InputErrors(errs)
    if validator == "required":
        return doc.error(e.message.replace("is a required property", "is required here"), path, code="INP032")
    if validator == "type":
        return doc.error(f"expected {e.validator_value}, got {_kind(e.instance)} {e.instance!r}"[:200], path, code="INP033")
    if validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return doc.error(f"{e.instance!r} is out of range ({validator} {e.validator_value})", path, code="INP034")
    if validator == "enum":
        sug = closest(str(e.instance), [str(x) for x in e.validator_value])
        return doc.error(f"{e.instance!r} is not one of {', '.join(map(str, e.validator_value))}", path,
                         suggestions=sug, code="INP035")
    return doc.error(f"{e.message[:300]}", path, code="INP036")


def _kind(v) -> str:
    return {dict: "a mapping", list: "a list", str: "text", int: "a number", float: "a number",
            bool: "true/false", type(None): "nothing (null)"}.get(type(v), type(v).__name__)


def check_schema(doc: Document, name: str) -> None:
    """Raise all schema problems of *doc* at once (an :class:`InputErrors`)."""
    errs = schema_errors(doc, name)
    flat: list = []
    for e in errs:
        flat.extend(e.errors if isinstance(e, InputErrors) else [e])
    if flat:
        raise flat[0] if len(flat) == 1 else InputErrors(flat)


__all__ = ["schema_errors", "check_schema", "format_path"]
