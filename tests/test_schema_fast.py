"""The validators generated from the JSON Schemas (brass_judge/schema_fast.py) decide exactly as
jsonschema does (issue 20).

Compared on every schema: every YAML file shipped or kept under tests/ (positions, actions, game
logs, the bad-input fixtures, the game data, the rulings) against every schema, and hypothesis
mutations of them (values replaced by other JSON values or by values found elsewhere, keys
deleted or added, list entries dropped or repeated, numbers moved by one). The generated
validator may *defer* (answer None: not decided) in a few corners it does not translate; the
checks below count those and require that they stay rare, and that what callers see
(``schema_check._validator(name).is_valid``, which then asks jsonschema) is always jsonschema's
answer. Deterministic by default, like tests/test_fuzz.py.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from brass_judge import schema_fast  # noqa: E402
from brass_judge.errors import InputError  # noqa: E402
from brass_judge.schema_check import _json_view, _validator  # noqa: E402
from brass_judge.yamlio import load_file  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SCHEMAS = sorted(p.name[: -len(".schema.json")] for p in (REPO / "schemas").glob("*.schema.json"))
N = int(os.environ.get("BRASS_FUZZ_EXAMPLES", "400"))
EXPLORE = "BRASS_FUZZ_EXAMPLES" in os.environ
FUZZ = settings(
    max_examples=N,
    deadline=None,
    derandomize=not EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
COUNTS: Counter = Counter()


def _jsonschema(name: str):
    from brass_judge.schema_check import strict_validator  # jsonschema, with 12.0 not an integer

    schema = json.loads((REPO / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    return strict_validator(schema)


JS = {name: _jsonschema(name) for name in SCHEMAS}
FAST = {name: schema_fast.fast_validator(name) for name in SCHEMAS}


def _own_schema(path: Path, data) -> str:
    if path.parent.name == "lancashire" and path.parent.parent.name == "data":
        if f"gamedata-{path.stem}" in SCHEMAS:
            return f"gamedata-{path.stem}"
    if path.parent.name == "rulings" and path.parent.parent == REPO:
        return "rulings"
    if isinstance(data, dict):
        if "setup" in data or "turns" in data:
            return "game"
        if "players" in data or "tiles" in data:
            return "position"
        if "action" in data or "actions" in data:
            return "action"
    return "position"


def _corpus() -> list:
    files = sorted(
        {
            *REPO.glob("examples/**/*.yaml"),
            *REPO.glob("tests/**/*.yaml"),
            *REPO.glob("brass_judge/games/lancashire/data/*.yaml"),
            *REPO.glob("rulings/*.yaml"),
        }
    )
    out = []
    for f in files:
        try:
            data = load_file(f).data
        except (InputError, OSError):
            continue
        if f.stat().st_size > 60_000:  # the biggest files add time, not cases
            continue
        view = _json_view(data)
        out.append((str(f.relative_to(REPO)), _own_schema(f, view), view))
    return out


CORPUS = _corpus()


def _strings(obj, out: set) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    elif isinstance(obj, str) and len(obj) < 40:
        out.add(obj)


_POOL: set = set()
for _f, _s, _d in CORPUS:
    _strings(_d, _POOL)
for _name in SCHEMAS:
    _strings(json.loads((REPO / "schemas" / f"{_name}.schema.json").read_text(encoding="utf-8")), _POOL)
WORDS = sorted(_POOL)


def _compare(name: str, x) -> None:
    """The generated validator agrees with jsonschema on *x* (or defers), and what callers see
    is jsonschema's answer."""
    want = JS[name].is_valid(x)
    got = FAST[name].exact(x)
    if got is None:
        COUNTS["deferred"] += 1
    else:
        COUNTS["valid" if want else "invalid"] += 1
        assert got == want, (name, x, [e.message for e in JS[name].iter_errors(x)][:3])
    assert _validator(name).is_valid(x) == want


def test_every_schema_has_a_generated_validator():
    for name in SCHEMAS:
        assert FAST[name] is not None, name


def test_shipped_and_fixture_files_against_every_schema():
    assert len(CORPUS) > 100
    seen = Counter()
    for _f, own, data in CORPUS:
        for name in SCHEMAS:
            _compare(name, data)
            seen[(name == own, JS[name].is_valid(data))] += 1
    assert seen[(True, True)] > 50 and seen[(True, False)] > 10  # both outcomes on their own schemas


# ------------------------------------------------------------------------------------ mutations
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 130),
    st.integers(),
    st.sampled_from([0.0, 1.0, 2.5, -1.0, 10.0, 1e300]),
    st.floats(allow_nan=False),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), inner, max_size=4),
    ),
    max_leaves=8,
)


def _paths(obj, path=()):
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, path + (i,))


def _get(obj, path):
    for p in path:
        obj = obj[p]
    return obj


@st.composite
def mutated(draw):
    _f, own, data = draw(st.sampled_from(CORPUS))
    name = draw(st.sampled_from([own] * 6 + SCHEMAS))
    x = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(x))
        path = draw(st.sampled_from(paths[1:] or paths))
        op = draw(st.sampled_from(["replace", "replace", "delete", "add", "repeat", "bump", "graft"]))
        if not path:
            x = draw(VALUES)
            continue
        parent, last = _get(x, path[:-1]), path[-1]
        if op == "replace":
            parent[last] = draw(VALUES)
        elif op == "graft":
            _f2, _o2, other = draw(st.sampled_from(CORPUS))
            ps = list(_paths(other))
            parent[last] = copy.deepcopy(_get(other, draw(st.sampled_from(ps))))
        elif op == "delete":
            del parent[last]
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(WORDS) | st.text(max_size=8))] = draw(VALUES)
        elif op == "add":
            parent.insert(last, draw(VALUES))
        elif op == "repeat" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif op == "bump" and type(parent[last]) in (int, float):
            parent[last] = parent[last] + draw(st.sampled_from([-1, 1, 0.5]))
        elif op == "bump" and isinstance(parent[last], str):
            parent[last] = parent[last] + draw(st.sampled_from(["", "x", " ", "-", "_1"]))
    return name, x


@FUZZ
@given(mutated())
def test_mutations_decide_as_jsonschema(case):
    name, x = case
    _compare(name, x)


VALID = [(f, own, d) for f, own, d in CORPUS if JS[own].is_valid(d)]


@st.composite
def mildly_mutated(draw):
    """A file checked against its own schema, with one change that often keeps it valid: a value
    taken from the same place in another file of the same kind, a list entry dropped or
    repeated, a number moved by one, a mapping entry dropped."""
    _f, own, data = draw(st.sampled_from(VALID))
    x = copy.deepcopy(data)
    paths = list(_paths(x))[1:]
    if not paths:
        return own, x
    path = draw(st.sampled_from(paths))
    parent, last = _get(x, path[:-1]), path[-1]
    op = draw(st.sampled_from(["same-place", "same-place", "drop", "repeat", "bump"]))
    if op == "same-place":
        donors = [d for _f2, o2, d in VALID if o2 == own]
        donor = draw(st.sampled_from(donors))
        try:
            parent[last] = copy.deepcopy(_get(donor, path))
        except (KeyError, IndexError, TypeError):
            pass
    elif op == "drop":
        del parent[last]
    elif op == "repeat" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif op == "bump" and type(parent[last]) is int:
        parent[last] += draw(st.sampled_from([-1, 1]))
    return own, x


@FUZZ
@given(mildly_mutated())
def test_mild_mutations_decide_as_jsonschema(case):
    name, x = case
    _compare(name, x)


@FUZZ
@given(st.sampled_from(SCHEMAS), VALUES)
def test_random_values_decide_as_jsonschema(name, x):
    _compare(name, x)


def test_deferrals_are_rare(capsys):
    """Run last in this module (pytest keeps file order): few cases went undecided."""
    decided = COUNTS["valid"] + COUNTS["invalid"]
    with capsys.disabled():
        print(f"\n[schema_fast] {dict(COUNTS)}")
    assert decided > 500
    assert COUNTS["valid"] > 200 and COUNTS["invalid"] > 200
    assert COUNTS["deferred"] <= decided // 20, COUNTS


def test_unknown_keyword_gets_no_generated_validator():
    with pytest.raises(schema_fast.Unsupported):
        schema_fast.compile_schema({"type": "object", "dependentRequired": {"a": ["b"]}})
    with pytest.raises(schema_fast.Unsupported):
        schema_fast.compile_schema({"$ref": "other.json#/x"})
