"""Brass: Birmingham's self-play policy: what the random players of :mod:`brass_judge.selfplay`
prefer in this game (the shared loop asks :func:`weights`, :func:`value` and :func:`finish`).

* :func:`weights`: the action types by weight (the registry's base weights: sell and build first,
  then network, rarely develop, scout, loan or pass); networks heavier in the Rail Era, a loan
  mostly when money is short and income can stand it, a scout likelier with a weak hand;
* :func:`value`: a rough worth of a position for a player, to keep the best of the sampled
  actions: income, VP on flipped tiles, money, tiles and links on the board, the beer on the
  player's breweries, unflipped goods tiles that a connected merchant buys (they can sell), and
  the wild cards held (a card that builds is spent before a wild one);
* :func:`finish`: the chosen action as it will be logged: a Build keeps the card it was listed
  with; every other action discards a card drawn from the hand (a Scout three), never a wild card
  while the hand holds another.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...model import CANAL, Build
from .model import WILD_CARDS, Scout

#: the goods merchants buy (data/deck.yaml merchant tiles' ``buys``)
GOODS = ("cotton_mill", "manufacturer", "pottery")


def weights(pos: Any, data: Any) -> dict:
    """The weight of each action type for the player to move (see the module docstring)."""
    from ...selfplay import base_weights

    w = base_weights("birmingham")
    p = pos.player[pos.turn]
    level = data.income_level(p.income_space)
    if pos.era != CANAL:
        w["network"] = 6.0
    if level < -2:
        w["loan"] = 0.001  # (more loans would sink the income: a pass is likelier)
    elif p.money < 10:
        w["loan"] = 4.0
    if "scout" in w and not any(c in data.locations for c in p.hand or ()):
        w["scout"] = 2.0  # only industry cards: wild cards build anywhere in the network and beyond
    return w


def value(pos: Any, me: str, data: Any) -> float:
    """A rough worth of *pos* for *me* (see the module docstring)."""
    from ...engine.board import distances_from, link_adjacency

    p = pos.player[me]
    own = pos.own_tiles(me)
    vp = sum(data.tile(t.industry, t.level).vp for t in own if t.flipped)
    worth = 3.0 * data.income_level(p.income_space) + vp + 0.3 * p.money + 2.0 * len(own)
    worth += 1.0 * len(pos.own_links(me))
    worth += 0.5 * sum(t.cubes for t in own if t.industry == "brewery")
    worth += 1.5 * sum(1 for c in p.hand or () if c in WILD_CARDS)
    goods = [t for t in own if t.industry in GOODS and not t.flipped]
    if goods:
        adj = link_adjacency(pos)
        buyers: dict[str, set] = {}
        for m, spaces in pos.merchants.items():
            for s in spaces:
                buyers.setdefault(m, set()).update(data.merchant_tiles.get(s.face, {}).get("buys", ()))
        for t in goods:
            reach = distances_from(pos, [t.location], adj)
            if any(t.industry in buyers.get(m, ()) for m in reach):
                worth += 3.0
    return worth


def finish(pos: Any, action: Any, rng: Any) -> Any:
    """*action* as it will be logged: the card(s) it discards (see the module docstring)."""
    hand = pos.player[pos.turn].hand
    if not hand or isinstance(action, Build):
        return action
    plain = [c for c in hand if c not in WILD_CARDS] or list(hand)
    if isinstance(action, Scout):
        if len(plain) < 3:
            return action
        return replace(action, cards=tuple(rng.sample(plain, 3)))
    return replace(action, cards=(rng.choice(plain),))
