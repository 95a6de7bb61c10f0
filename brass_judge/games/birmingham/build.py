"""Brass: Birmingham's Build action: the card, then the shared engine's build.

Only the card differs from the shared rules (:func:`brass_judge.engine.build.build_tile` judges the
tile, the space, the one-tile limit, overbuilding, the cost with coal and iron, placing, market sales
and flips, asking :class:`~.rules.BirminghamRules` where Birmingham differs):

* a Location card builds any industry in its town, in or out of the network (B018); a Wild Location
  builds as any town's Location card, never at a farm brewery (B018, B050);
* an Industry card builds its industry in the network (B019, B020); the dual Cotton Mill /
  Manufacturer card builds either, a Wild Industry any industry (B019);
* a farm brewery takes only a Brewery card or a Wild Industry, and must be in the network (B050);
* with none of the player's industry or link tiles on the board an Industry card builds anywhere,
  on an undeveloped space (B032).

A Build has one card: there is no Double Action Build (B017), and the notation refuses two.
"""

from __future__ import annotations

from typing import Any

from ...engine.board import distances_from, has_pieces_on_board, network_of
from ...engine.build import build_tile
from ...engine.context import Judge
from ...model import CANAL, Build
from .model import WILD_INDUSTRY, WILD_LOCATION

FARM = "farm-brewery"


def card_builds(data: Any, card: str) -> tuple[str, ...] | None:
    """The industries an Industry card builds (a Wild Industry: every one; the dual card: both of
    its icons); None for a Location card or a Wild Location."""
    if card == WILD_INDUSTRY:
        return tuple(data.industries)
    if card in data.card_builds:
        return tuple(data.card_builds[card])
    if card in data.industry_names:
        return (card,)
    return None


def judge_build(j: Judge, a: Build) -> None:
    loc = j.data.locations[a.location]
    if not loc.spaces:  # a merchant: nothing is ever built there
        j.violate("BLD018", priority=10, location=loc.name)
        return
    anywhere = judge_card(j, a)
    build_tile(j, a, anywhere=anywhere)


def judge_card(j: Judge, a: Build) -> bool:
    """Whether the build's card lets the player build there (violations reported); returns whether
    the no-tiles rule applies (an Industry card with nothing of the player's on the board, B032)."""
    d, pos, me = j.data, j.pos, j.player
    loc = d.locations[a.location]
    ind_name = j.ind(a.industry)
    farm = loc.kind == FARM
    if not a.cards:  # no card named and none could be assumed (the discard said so)
        return False
    card = a.cards[0]
    # a town whose cards are out at this player count can still be built in (B001)
    cardless = loc.kind == "town" and not d.deck_for(pos.num_players).get(a.location)
    builds = card_builds(d, card)
    if builds is None:  # a Location card or a Wild Location
        wild = card == WILD_LOCATION
        if farm:
            j.violate(
                "BLD101",
                priority=20,
                card=j.card_name(card),
                location=loc.name,
                also=("B018",) if wild else (),
            )
            return False
        if not wild and card != a.location:
            j.violate(
                "BLD001",
                priority=20,
                card=j.card_name(card),
                player=me,
                location=loc.name,
                industry=ind_name,
            )
            return False
        j.rule("RUL-CARD-LOCATION")
        if wild:
            j.rule("RUL-WILD-LOCATION", *(("B001",) if cardless else ()))
        return False
    if a.industry not in builds:
        j.violate("BLD003", priority=20, card=j.card_name(card), industry=ind_name, location=loc.name)
        return False
    if card == WILD_INDUSTRY:
        j.rule("RUL-WILD-INDUSTRY")
    elif len(builds) > 1:
        j.rule("RUL-DUAL-CARD")
    if farm:
        j.rule("RUL-FARM-BREWERY")
    if not has_pieces_on_board(pos, me):
        # none of the player's industry or link tiles on the board: anywhere, on a free space (B032)
        j.rule(
            "RUL-CARD-NO-TILES",
            *(("build.anywhere-in-rail-era",) if pos.era != CANAL else ()),
            *(("build.location-without-card",) if cardless else ()),
        )
        return True
    net = network_of(pos, me)
    if a.location in net:
        also = []
        if any(t.owner == me for t in pos.tiles_at(a.location)):
            also.append("overbuild.own-tile-in-network")  # the player's own tile puts it in the network
        if cardless:
            also.append("build.location-without-card")
        j.rule("RUL-CARD-INDUSTRY", *also)
        return False
    # connected through others' links is not the same as in the network (B020)
    reach = distances_from(pos, [a.location])
    if farm:
        j.violate(
            "BLD102",
            priority=20,
            location=loc.name,
            player=me,
            also=("B020",) if any(x in net for x in reach) else (),
        )
        return False
    # (connected through others' links is decided by B020, which BLD002 always cites: the shared
    # case network.via-others-links is Birmingham's Network rule B038, not a Build's)
    cases = []
    if not any(t.owner == me for t in pos.tiles):
        cases.append("build.anywhere-without-tiles")  # a link on the board is a piece too
    elif pos.era != CANAL and not any(l.owner == me for l in pos.links):
        cases.append("build.anywhere-in-rail-era")  # a surviving tile keeps the network
    j.violate("BLD002", priority=20, location=loc.name, player=me, also=tuple(cases))
    return False
