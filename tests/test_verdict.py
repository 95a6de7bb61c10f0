"""The engine's verdicts (``Verdict.judged``, made for every action judged) are the verdicts the
dataclass's own ``__init__`` makes: the same fields, the same values, lists of their own."""

from __future__ import annotations

import dataclasses

from brass_judge.verdict import Verdict


def _given() -> dict:
    return dict(
        legal=True,
        player="red",
        violations=[],
        effects=[],
        rules=["RUL-DISCARD"],
        assumptions=["an assumption"],
        steps=[],
        position=None,
        highlight={"placed": [("bolton", 0)]},
        turn=None,
        also=[],
        game="lancashire",
        players=["red", "blue"],
    )


def test_judged_verdict_sets_every_field_as_init_does():
    fast, slow = Verdict.judged(**_given()), Verdict(**_given())
    assert fast == slow
    for f in dataclasses.fields(Verdict):
        assert getattr(fast, f.name) == getattr(slow, f.name), f.name
        # a field judged() leaves to the class must have an immutable default there (a dataclass
        # keeps a plain default on the class; a default_factory field has none and must be set)
        if f.name not in vars(fast):
            assert f.default is not dataclasses.MISSING and f.default_factory is dataclasses.MISSING, f.name
            assert isinstance(f.default, (type(None), str, bool, int)), f.name
    # every field not given is set or left to an immutable class default: a new field with a
    # mutable default must be added to judged()
    given = set(_given())
    for f in dataclasses.fields(Verdict):
        if f.name not in given and f.default_factory is not dataclasses.MISSING:
            assert f.name in vars(fast), f"Verdict.judged does not set {f.name}"


def test_judged_verdicts_own_their_empty_lists():
    a, b = Verdict.judged(**_given()), Verdict.judged(**_given())
    for name in ("outcomes", "position_assumptions", "player_defaults", "alternatives"):
        assert getattr(a, name) is not getattr(b, name), name
    a.alternatives.append("x")
    assert b.alternatives == [] and Verdict(legal=True).alternatives == []


def test_judged_verdict_caches_rulings_and_action_text_of_its_own():
    v = Verdict.judged(**_given())
    assert v.rulings == Verdict(**_given()).rulings
    assert "_rulings" in vars(v) and Verdict._rulings is None
    assert v.action_text == "" and Verdict._action_text is None
