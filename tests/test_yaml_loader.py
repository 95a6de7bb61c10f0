"""The one-pass YAML reader (brass_judge.yamlio): what an alias expands to, the comments kept
after plain scalars, each limit at exactly the limit and one past it, the order in which errors
of different kinds are reported, and PyYAML's pure-Python parser (no libyaml) giving the same."""

from __future__ import annotations

import sys

import pytest

from brass_judge import yamlio
from brass_judge.errors import InputError, InputErrors
from brass_judge.yamlio import MAX_DEPTH, MAX_NODES, MAX_SCALAR, load_string


def _refused(text: str) -> InputError:
    with pytest.raises(InputError) as e:
        load_string(text, "F")
    return e.value


def test_an_alias_expands_to_its_anchors_data_lines_and_comments():
    text = (
        "base: &b\n"  # 1
        "  money: 30  # was 28\n"  # 2
        "  tiles: [coal1@wigan, cotton1@bolton]\n"  # 3
        "copy: *b\n"  # 4
        "list:\n"  # 5
        "  - *b\n"  # 6
        "  - &n 7\n"  # 7
        "  - *n\n"  # 8
    )
    doc = load_string(text, "F")
    base = {"money": 30, "tiles": ["coal1@wigan", "cotton1@bolton"]}
    assert doc.data == {"base": base, "copy": base, "list": [base, 7, 7]}
    assert doc.data["copy"] is not doc.data["base"]  # a copy: changing one leaves the other
    # inside an expansion every field has its anchor's line; the alias itself its own place
    # (a mapping value: its key's line; a list item: its anchor's node, as YAML composes it)
    for where in (("copy",), ("list", 0)):
        assert doc.lines[where + ("money",)] == doc.lines[("base", "money")] == (2, 3)
        assert doc.lines[where + ("tiles", 1)] == doc.lines[("base", "tiles", 1)] == (3, 24)
    assert doc.lines[("copy",)] == (4, 1)
    assert doc.lines[("list", 0)] == (1, 7)
    assert doc.lines[("list", 2)] == doc.lines[("list", 1)] == (7, 5)
    assert doc.comments[("base", "money")] == doc.comments[("copy", "money")] == "# was 28"
    assert doc.comments[("list", 0, "money")] == "# was 28"


def test_an_alias_as_a_key_and_in_a_duplicate_keys_value():
    doc = load_string("names: [&k red]\nmoney:\n  *k : 30\n", "F")
    assert doc.data == {"names": ["red"], "money": {"red": 30}}
    assert doc.lines[("money", "red")] == (1, 9)  # the key is the anchored node
    e = _refused("a: &x [1, 2]\nb: 1\nb: *x\nc: !!bad 1\n")  # the duplicate's alias is not read
    assert e.code == "INP009" and e.line == 4
    e = _refused("a: &x [1, 2]\nb: 1\nb: *x\n")
    assert e.code == "INP012" and e.line == 3 and e.field == "b"


def test_comments_after_plain_scalars_only():
    text = (
        "tiles:\n"
        "  - red coal1@wigan #2 flipped\n"
        "  - 'blue cotton1@bolton' # quoted: not kept\n"
        "  - red port1@preston\n"
        "note: fine # a note\n"
        "url: a#b\n"
    )
    doc = load_string(text, "F")
    assert doc.data["tiles"][0] == "red coal1@wigan"
    assert doc.comments == {("tiles", 0): "#2 flipped", ("note",): "# a note"}


def test_the_value_count_at_the_limit_and_one_past_it():
    # the root list and its items: MAX_NODES values exactly
    ok = "[" + ",".join("0" * 1 for _ in range(MAX_NODES - 1)) + "]\n"
    assert len(load_string(ok, "F").data) == MAX_NODES - 1
    e = _refused("[" + ",".join("0" for _ in range(MAX_NODES)) + "]\n")
    assert e.code == "INP008" and "more than 100,000 values" in e.message
    assert (e.line, e.column) == (1, 2 * MAX_NODES)  # the item that crosses the limit


def test_alias_expansion_counts_at_the_limit_and_one_past_it():
    # root (1) + filler + the anchored list (1 + 999 items) + 98 aliases of 1,000 values each
    def text(filler: int) -> str:
        return (
            "- [" + ",".join("0" for _ in range(filler)) + "]\n"
            "- &x [" + ",".join("0" for _ in range(999)) + "]\n" + "- *x\n" * 98
        )

    exact = MAX_NODES - 1 - 1 - 1000 * 99  # the filler list itself is one value too
    doc = load_string(text(exact), "F")
    assert len(doc.data) == 100 and doc.data[-1] == [0] * 999
    e = _refused(text(exact + 1))
    assert e.code == "INP008" and e.message.startswith("alias *x makes the document expand to more than")
    assert (e.line, e.column) == (100, 3)  # the last alias


def test_a_billion_laughs_is_refused_at_the_alias_in_bounded_time():
    import time

    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join('*' + p for _ in range(10))}]\n" for p, c in zip("abcdefgh", "bcdefghi")
    )
    start = time.perf_counter()
    e = _refused(text)
    assert time.perf_counter() - start < 2
    assert e.code == "INP008" and e.line == 5 and e.message.startswith("alias *d makes")


def test_nesting_at_the_limit_and_one_past_it():
    assert load_string("[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n", "F").data is not None
    e = _refused("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n")
    assert e.code == "INP006" and (e.line, e.column) == (1, MAX_DEPTH + 1)


def test_nesting_through_an_alias_at_the_limit_and_one_past_it():
    # an anchored list 30 deep (its innermost item at depth 31 below it) used inside lists
    def text(outer: int) -> str:
        return "- &d " + "[" * 30 + "1" + "]" * 30 + "\n- " + "[" * outer + "*d" + "]" * outer + "\n"

    ok = MAX_DEPTH - 1 - 30  # root list (1) + outer lists + the anchor's 30 + its item
    assert load_string(text(ok), "F").data is not None
    e = _refused(text(ok + 1))
    assert e.code == "INP006" and e.message == f"nesting deeper than {MAX_DEPTH} levels; refused"
    assert (e.line, e.column) == (1, 36)  # the anchor's item, where the expansion crosses


def test_scalar_length_at_the_limit_and_one_past_it():
    assert load_string("note: " + "x" * MAX_SCALAR + "\n", "F").data["note"] == "x" * MAX_SCALAR
    e = _refused("a: 1\nnote: " + "x" * (MAX_SCALAR + 1) + "\n")
    assert e.code == "INP014" and (e.line, e.column, e.field) == (2, 7, "note")


@pytest.mark.parametrize(
    "text, code, line",
    [
        # a syntax error anywhere comes before what the composer or the conversion refuses
        ("a: !!bad 1\nb: *nope\nc: [\n", "INP007", 4),
        # the composer's errors (an undefined alias, an anchor given twice) before the conversion's
        ("a: !!bad 1\nb: *nope\n", "INP007", 2),
        ("a: !!bad 1\nb: &x 1\nc: &x 2\n", "INP007", 3),
        ("a: !!bad 1\n---\nb: 2\n", "INP005", 2),
        # a refused tag or key before duplicate keys, which are reported together
        ("a: 1\na: 2\nb: !!bad 1\n", "INP009", 3),
        ("a: 1\na: 2\n? [k]\n: 1\n", "INP011", 3),
    ],
)
def test_errors_keep_their_order_of_precedence(text, code, line):
    e = _refused(text)
    assert (e.code, e.line) == (code, line), e.render()


def test_duplicate_keys_are_reported_together():
    with pytest.raises(InputErrors) as e:
        load_string("a: 1\na: 2\nb: {c: 1, c: 2}\n", "F")
    assert [(x.code, x.line, x.field) for x in e.value.errors] == [("INP012", 2, "a"), ("INP012", 3, "b.c")]


_SAMPLES = [
    "base: &b {money: 30, tiles: [a, b]}  # c\ncopy: *b\nl: [*b, &n 1, *n]\n",
    "a: 1 # one\nb: '2'\nc: !!int 0x1f\nd: ~\ne: 1.5\nf: TRUE\n",
    "a: !!bad 1\nb: *nope\n",
    "a: &x 1\nb: &x 2\n",
    "a: [1\n",
    "a: 1\na: 2\n",
    "a: 1\n---\nb: 2\n",
    "- &d [[1]]\n- [[[*d]]]\n",
]


def test_the_pure_python_parser_reads_the_same(monkeypatch):
    """Without libyaml, PyYAML's own parser gives the same data, lines, comments and errors
    (the composer's words name the anchor there, as PyYAML's pure-Python composer does)."""

    def outcome(text):
        try:
            d = load_string(text, "F")
        except InputError as e:
            return (e.code, e.line, e.column, e.field, e.message.replace(" 'nope'", "").replace(" 'x'", ""))
        return (d.data, d.lines, d.comments)

    with_libyaml = [outcome(t) for t in _SAMPLES]
    assert yamlio._loader_classes()[1].__module__ == "yaml._yaml"
    monkeypatch.setitem(sys.modules, "yaml._yaml", None)  # import yaml._yaml fails
    monkeypatch.setattr(yamlio, "_PARSER", None)
    assert yamlio._loader_classes()[1].__module__ == "brass_judge.yamlio"
    assert [outcome(t) for t in _SAMPLES] == with_libyaml
    e = _refused("a: *nope\n")
    assert e.message == "not valid YAML: found undefined alias 'nope'"
