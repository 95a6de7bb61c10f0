"""Validators generated from the JSON Schemas in ``schemas/``, so that a valid file is accepted
without importing jsonschema (about 30 ms of start-up).

The schemas stay the single source of truth: :func:`compile_schema` turns a schema into Python
source (one function per sub-schema), which is compiled and kept, as a marshalled code object, in
the user cache (``$XDG_CACHE_HOME/brass-judge``) under a name made of the SHA-256 of the schema's
text and of this module's own source, so an edited schema or generator is never served stale.
A cache that cannot be written or holds a damaged file only costs the generation again (a few
milliseconds). ``BRASS_JUDGE_NO_CACHE=1`` turns the cache off.

The generated function says whether an instance is *proven* valid. It follows jsonschema's
Draft 2020-12 semantics keyword by keyword (types, with ``bool`` not a number and, as in
``schema_check.strict_validator``, ``1.0`` not an integer; ``enum``/``const`` equality that tells ``True`` from ``1``; ``pattern`` with
``re.search``; ...). In the few corners where copying jsonschema exactly is not worth it
(``uniqueItems`` over lists holding other than text and whole numbers, ``multipleOf`` on
fractions, any exception) it *defers*: the answer is then "not proven", and the caller asks
jsonschema, as it does anyway to word the errors of an invalid file. A schema using a keyword this
module does not know gets no fast validator at all (:func:`fast_validator` returns None), so the
result callers see is always exactly jsonschema's. tests/test_schema_fast.py compares the two with
hypothesis on every schema, on the shipped files and on the bad-input fixtures.
"""

from __future__ import annotations

import os
import sys

#: Bump when the generated code changes shape (the cache key also covers this file's source).
GENERATOR_VERSION = 1

# Keywords that never affect validity (annotations), in Draft 2020-12 without a format checker.
_IGNORED = frozenset(
    (
        "$schema",
        "$id",
        "$comment",
        "$defs",
        "definitions",
        "title",
        "description",
        "default",
        "examples",
        "format",
        "readOnly",
        "writeOnly",
        "deprecated",
        "contentMediaType",
        "contentEncoding",
        "contentSchema",
        "$anchor",
    )
)
_KNOWN = (
    frozenset(
        (
            "$ref",
            "type",
            "enum",
            "const",
            "properties",
            "patternProperties",
            "additionalProperties",
            "required",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "items",
            "contains",
            "minItems",
            "maxItems",
            "uniqueItems",
            "minLength",
            "maxLength",
            "pattern",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "allOf",
            "anyOf",
            "oneOf",
            "not",
            "if",
            "then",
            "else",
        )
    )
    | _IGNORED
)

_TYPE_TESTS = {
    "object": "isinstance({x}, dict)",
    "array": "isinstance({x}, list)",
    "string": "isinstance({x}, str)",
    "null": "{x} is None",
    "boolean": "isinstance({x}, bool)",
    "number": "(isinstance({x}, _Number) and not isinstance({x}, bool))",
    "integer": "(isinstance({x}, int) and not isinstance({x}, bool))",  # not 12.0: schema_check.strict_validator
}


class Unsupported(ValueError):
    """The schema uses something the generator does not translate."""


class _Gen:
    def __init__(self, root) -> None:
        self.root = root
        self.names: dict = {}  # id(sub-schema) -> function name
        self.chunks: list = []
        self.consts: list = []  # values the code refers to as _C[i]
        self.keep: list = []  # sub-schemas named (so their ids stay unique)

    def const(self, value) -> str:
        self.consts.append(value)
        return f"_C[{len(self.consts) - 1}]"

    def resolve(self, ref: str):
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise Unsupported(f"$ref {ref!r} is not local to the schema")
        node = self.root
        pointer = ref[1:]
        if pointer:
            if not pointer.startswith("/"):
                raise Unsupported(f"$ref {ref!r} is not a JSON pointer")
            for part in pointer[1:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                if isinstance(node, dict) and part in node:
                    node = node[part]
                elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                    node = node[int(part)]
                else:
                    raise Unsupported(f"$ref {ref!r} points at nothing")
        return node

    def fn(self, node) -> str:
        """The name of the function validating *node* (generated once per sub-schema)."""
        if node is True:
            return "_true"
        if node is False:
            return "_false"
        if not isinstance(node, dict):
            raise Unsupported(f"a schema must be an object or a boolean, not {type(node).__name__}")
        got = self.names.get(id(node))
        if got is not None:
            return got
        name = f"_s{len(self.names)}"
        self.names[id(node)] = name
        self.keep.append(node)
        body = self.body(node)
        self.chunks.append(
            f"def {name}(x):\n" + "".join("    " + ln + "\n" for ln in body) + "    return True\n"
        )
        return name

    def body(self, s: dict) -> list:
        unknown = set(s) - _KNOWN
        if unknown:
            raise Unsupported(f"keyword(s) {sorted(unknown)} not translated")
        out: list = []
        add = out.append
        if "$ref" in s:
            add(f"if not {self.fn(self.resolve(s['$ref']))}(x): return False")
        if "type" in s:
            types = s["type"] if isinstance(s["type"], list) else [s["type"]]
            if not types or any(t not in _TYPE_TESTS for t in types):
                raise Unsupported(f"type {s['type']!r}")
            add("if not (" + " or ".join(_TYPE_TESTS[t].format(x="x") for t in types) + "): return False")
        if "enum" in s:
            values = s["enum"]
            if not isinstance(values, list):
                raise Unsupported("enum must be a list")
            if values and all(type(v) is str for v in values):
                add(f"if not (isinstance(x, str) and x in {self.const(frozenset(values))}): return False")
            else:
                add(f"if not any(_eq(v, x) for v in {self.const(list(values))}): return False")
        if "const" in s:
            add(f"if not _eq({self.const(s['const'])}, x): return False")
        self.object_keywords(s, add)
        self.array_keywords(s, add)
        self.string_keywords(s, add)
        self.number_keywords(s, add)
        for sub in s.get("allOf", ()):
            add(f"if not {self.fn(sub)}(x): return False")
        if "anyOf" in s:
            fs = ", ".join(self.fn(sub) for sub in s["anyOf"])
            add(f"if not any(f(x) for f in ({fs},)): return False")
        if "oneOf" in s:
            fs = ", ".join(self.fn(sub) for sub in s["oneOf"])
            add(f"if sum(1 for f in ({fs},) if f(x)) != 1: return False")
        if "not" in s:
            add(f"if {self.fn(s['not'])}(x): return False")
        if "if" in s:
            cond = self.fn(s["if"])
            then = self.fn(s["then"]) if "then" in s else None
            other = self.fn(s["else"]) if "else" in s else None
            if then and other:
                add(f"if not ({then}(x) if {cond}(x) else {other}(x)): return False")
            elif then:
                add(f"if {cond}(x) and not {then}(x): return False")
            elif other:
                add(f"if not {cond}(x) and not {other}(x): return False")
        return out

    def object_keywords(self, s: dict, add) -> None:
        block: list = []
        props = s.get("properties", {})
        patterns = s.get("patternProperties", {})
        for key, sub in props.items():
            if sub is True:
                continue
            k = repr(key)
            block.append(f"if {k} in x and not {self.fn(sub)}(x[{k}]): return False")
        for pat, sub in patterns.items():
            block.append(f"_p = {self.const(_compile(pat))}.search; _f = {self.fn(sub)}")
            block.append("for _k, _v in x.items():")
            block.append("    if _p(_k) and not _f(_v): return False")
        if "additionalProperties" in s and s["additionalProperties"] is not True:
            names = self.const(frozenset(props))
            extra = f"_k not in {names}"
            if patterns:
                extra += f" and not {self.const(_compile('|'.join(patterns)))}.search(_k)"
            if s["additionalProperties"] is False:
                block.append(f"for _k in x:\n        if {extra}: return False")
            else:
                f = self.fn(s["additionalProperties"])
                block.append(f"for _k, _v in x.items():\n        if {extra} and not {f}(_v): return False")
        if s.get("required"):
            block.append("if not (" + " and ".join(f"{k!r} in x" for k in s["required"]) + "): return False")
        if "propertyNames" in s and s["propertyNames"] is not True:
            block.append(f"_f = {self.fn(s['propertyNames'])}")
            block.append("for _k in x:\n        if not _f(_k): return False")
        if "minProperties" in s:
            block.append(f"if len(x) < {s['minProperties']!r}: return False")
        if "maxProperties" in s:
            block.append(f"if len(x) > {s['maxProperties']!r}: return False")
        if block:
            add("if isinstance(x, dict):")
            out = [("    " + ln) for b in block for ln in b.split("\n")]
            # nested lines of a block are already indented by four more spaces
            for ln in out:
                add(ln)

    def array_keywords(self, s: dict, add) -> None:
        block: list = []
        if "items" in s:
            if s["items"] is False:
                block.append("if x: return False")
            elif s["items"] is not True:
                block.append(f"_f = {self.fn(s['items'])}")
                block.append("for _v in x:\n        if not _f(_v): return False")
        if "contains" in s:
            if "minContains" in s or "maxContains" in s:
                raise Unsupported("minContains/maxContains")
            block.append(f"_f = {self.fn(s['contains'])}")
            block.append("if not any(_f(_v) for _v in x): return False")
        if "minItems" in s:
            block.append(f"if len(x) < {s['minItems']!r}: return False")
        if "maxItems" in s:
            block.append(f"if len(x) > {s['maxItems']!r}: return False")
        if s.get("uniqueItems") is True:
            block.append("if not _unique(x): return False")
        if block:
            add("if isinstance(x, list):")
            for b in block:
                for ln in b.split("\n"):
                    add("    " + ln)

    def string_keywords(self, s: dict, add) -> None:
        block: list = []
        if "minLength" in s:
            block.append(f"if len(x) < {s['minLength']!r}: return False")
        if "maxLength" in s:
            block.append(f"if len(x) > {s['maxLength']!r}: return False")
        if "pattern" in s:
            block.append(f"if not {self.const(_compile(s['pattern']))}.search(x): return False")
        if block:
            add("if isinstance(x, str):")
            for b in block:
                add("    " + b)

    def number_keywords(self, s: dict, add) -> None:
        block: list = []
        for kw, op in (
            ("minimum", "<"),
            ("maximum", ">"),
            ("exclusiveMinimum", "<="),
            ("exclusiveMaximum", ">="),
        ):
            if kw in s:
                v = s[kw]
                if type(v) not in (int, float):
                    raise Unsupported(f"{kw} {v!r}")
                block.append(f"if x {op} {self.const(v)}: return False")
        if "multipleOf" in s:
            d = s["multipleOf"]
            if type(d) is int:
                block.append(f"if _multiple_int(x, {d!r}): return False")
            else:
                block.append("return _defer()")
        if block:
            add("if isinstance(x, _Number) and not isinstance(x, bool):")
            for b in block:
                add("    " + b)


def _compile(pattern: str):
    import re

    return re.compile(pattern)


_RUNTIME = """
def _true(x):
    return True


def _false(x):
    return False


class _Deferred(Exception):
    pass


def _defer():
    raise _Deferred()


def _eq(a, b):
    # jsonschema's equality: text compares as text, lists and mappings item by item, and a
    # boolean equals only a boolean (True is not 1).
    if a is b:
        return True
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_eq(p, q) for p, q in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return len(a) == len(b) and all(k in b and _eq(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
        return False
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def _unique(x):
    for v in x:
        t = type(v)
        if t is not str and t is not int:
            _defer()
    return len(set(x)) == len(x)


def _multiple_int(x, d):
    try:
        return bool(x % d)
    except Exception:
        _defer()
"""


def compile_schema(schema) -> tuple:
    """``(source, name of the top function, constants)`` for *schema*: the functions test an
    instance and return True (valid) or False (invalid), or raise ``_Deferred`` (not decided).
    Raises :class:`Unsupported` when the schema uses a keyword the generator does not know."""
    g = _Gen(schema)
    top = g.fn(schema)
    return "\n".join(g.chunks), top, g.consts


def _build(schema):
    """(code object, constants) for *schema*."""
    src, top, consts = compile_schema(schema)
    text = (
        _RUNTIME + "\n\n" + src + "\n\n"
        "def exact(x):\n"
        "    try:\n"
        f"        return {top}(x)\n"
        "    except (_Deferred, RecursionError):\n"
        "        return None\n"
        "\n\n"
        "def validate(x):\n"
        "    return exact(x) is True\n"
        "\n\n"
        "validate.exact = exact\n"
    )
    return compile(text, "<brass_judge.schema_fast generated>", "exec"), consts


# --------------------------------------------------------------------------- cache

from ._cache import cache_read, cache_write  # noqa: E402
from ._cache import sha256_hex as _sha256_hex  # noqa: E402

_OWN_DIGEST: list = []


def _own_digest() -> str:
    if not _OWN_DIGEST:
        try:
            with open(os.path.abspath(__file__), "rb") as fh:
                _OWN_DIGEST.append(_sha256_hex(fh.read())[:16])
        except OSError:
            _OWN_DIGEST.append("nosource")
    return _OWN_DIGEST[0]


_VALIDATORS: dict = {}


def fast_validator(name: str):
    """``validate(instance) -> bool`` for ``schemas/<name>.schema.json`` (True: proven valid;
    False: invalid, or not proven: ask jsonschema), or None when the schema cannot be translated.
    ``validate.exact(instance)`` tells the two apart: True, False, or None (deferred)."""
    if name in _VALIDATORS:
        return _VALIDATORS[name]
    import json
    import marshal

    from .resources import schema_file

    raw = schema_file(name).read_bytes()
    schema = json.loads(raw.decode("utf-8"))
    tag = sys.implementation.cache_tag or "python"
    key = _sha256_hex(raw + f"|{GENERATOR_VERSION}|{_own_digest()}|{tag}".encode())[:24]
    kind = f"schema-{name}-"
    cname = f"{kind}{key}.marshal"
    fn = None
    payload = cache_read(cname)
    if payload is not None:
        try:
            code, consts = marshal.loads(payload)
            fn = _load(code, consts)
        except Exception:  # a damaged or foreign file: build it again
            fn = None
    if fn is None:
        try:
            code, consts = _build(schema)
        except (Unsupported, RecursionError, TypeError, AttributeError):
            _VALIDATORS[name] = None
            return None
        fn = _load(code, consts)
        try:
            data = marshal.dumps((code, _marshal_consts(consts)))
        except ValueError:  # a constant marshal cannot store (a compiled pattern): no cache
            data = None
        if data is not None:
            cache_write(cname, data, kind)
    _VALIDATORS[name] = fn
    return fn


def _marshal_consts(consts: list) -> list:
    """Constants as marshal can store them: compiled patterns as ('re', pattern)."""
    out = []
    for c in consts:
        if hasattr(c, "pattern") and hasattr(c, "search"):
            out.append(("\x00re", c.pattern))
        else:
            out.append(c)
    return out


def _load(code, consts):
    restored = []
    for c in consts:
        if type(c) is tuple and len(c) == 2 and c[0] == "\x00re":
            restored.append(_compile(c[1]))
        else:
            restored.append(c)
    import numbers

    ns = {"_C": restored, "_Number": numbers.Number, "__name__": "brass_judge._schema_generated"}
    exec(code, ns)  # noqa: S102 - code generated by this module from the package's own schemas
    return ns["validate"]
