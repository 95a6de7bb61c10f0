"""The Scout action in Brass: Birmingham (rulings B049, B056).

Scout discards three cards, the action's card and two more (the turn-level discard takes and checks
them, :mod:`brass_judge.engine`), and takes one Wild Location and one Wild Industry card from their
face-up piles into the hand. It is refused while the player holds any wild card (B049): the hand
before the discard is what counts, so a wild card among the three discarded counts too; and when
that hand has fewer than three cards (SCT003: an action built in code, or the hand left unnamed,
may name fewer; the notation refuses it). With
either pile empty it is refused rather than giving half (B056, a project decision). Pure: no I/O.
"""

from __future__ import annotations

from ...engine.context import Judge
from .model import WILD_CARDS, WILD_INDUSTRY, WILD_LOCATION, BirminghamPosition, Scout


def _card(j: Judge, key: str) -> str:
    wild = j.data.wild_cards.get(key)
    return str(wild["name"]) if wild else j.card_name(key)


def judge_scout(j: Judge, a: Scout) -> None:
    pos, me = j.pos, j.player
    assert isinstance(pos, BirminghamPosition)
    p = pos.player[me]
    # the hand before this action's discard: what is left plus the cards just discarded
    held = [c for c in (*(p.hand or ()), *a.cards) if c in WILD_CARDS]
    if held:
        j.violate("SCT001", priority=10, player=me, card=_card(j, held[0]))
        return
    if p.hand is not None and len(p.hand) + len(a.cards) < 3:
        j.violate("SCT003", priority=10, player=me, held=len(p.hand) + len(a.cards))
        return
    if p.hand is None:
        j.assume(f"{me}'s hand not given: assumed to hold no wild card")
    empty = [w for w in (WILD_LOCATION, WILD_INDUSTRY) if pos.wild_piles.get(w, 0) <= 0]
    if empty:
        j.violate("SCT002", priority=10, pile=_card(j, empty[0]))
        return
    j.rule("RUL-SCOUT")
    pos.wild_piles = {
        **pos.wild_piles,
        WILD_LOCATION: pos.wild_piles[WILD_LOCATION] - 1,
        WILD_INDUSTRY: pos.wild_piles[WILD_INDUSTRY] - 1,
    }  # replaced, never changed in place (Position.copy shares it)
    if p.hand is not None:
        p.hand = [*p.hand, WILD_LOCATION, WILD_INDUSTRY]
    if j.narrate:
        j.effect(
            "scout",
            f"{me} takes a {_card(j, WILD_LOCATION)} and a {_card(j, WILD_INDUSTRY)} card "
            f"({pos.wild_piles[WILD_LOCATION]} and {pos.wild_piles[WILD_INDUSTRY]} left on their piles)",
            player=me,
            cards=[WILD_LOCATION, WILD_INDUSTRY],
        )
