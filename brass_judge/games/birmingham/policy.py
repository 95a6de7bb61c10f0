"""Brass: Birmingham's self-play policy: what the random players of :mod:`brass_judge.selfplay`
prefer in this game (the shared loop asks :func:`weights`, :func:`value` and :func:`finish`).

* :func:`weights`: the action types by weight (the registry's base weights: sell and build first,
  then network, rarely develop, scout, loan or pass); networks and developments heavier in the
  Rail Era, a loan mostly when money is short and income can stand it (or when the player can pay
  for nothing else, rather than pass), a scout likelier with a weak hand;
* :func:`value`: a rough worth of a position for a player, to keep the best of the sampled
  actions: income, VP on flipped tiles, money, tiles and links on the board, the beer on the
  player's breweries, unflipped goods tiles (more for what their sale would bring, most when a
  connected merchant buys them), and the wild cards held (a card that builds is spent before a
  wild one);
* :func:`finish`: the chosen action as it will be logged: a Build keeps the card it was listed
  with; every other action discards a card drawn from the hand (a Scout three), never a wild card
  while the hand holds another.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...model import CANAL, Build
from .model import BEER, MERCHANT_BEER, WILD_CARDS, Network, Scout, Sell

#: the goods merchants buy (data/deck.yaml merchant tiles' ``buys``)
GOODS = ("cotton_mill", "manufacturer", "pottery")


def weights(pos: Any, data: Any) -> dict:
    """The weight of each action type for the player to move (see the module docstring)."""
    from ...selfplay import base_weights

    w = base_weights("birmingham")
    p = pos.player[pos.turn]
    level = data.income_level(p.income_space)
    if pos.era != CANAL:
        w["network"] = 8.0  # rails: the Rail Era's links, and the coal and beer they reach
        w["develop"] = 2.0  # the Rail Era's tiles are level 2 and up
    if level < -1:
        # more loans would sink the income, unless the player cannot pay for anything else:
        # then a loan keeps them in the game where a pass would only lose the turn
        w["loan"] = 1.0 if p.money < 5 and level >= -8 else 0.001
    elif p.money < 8:
        w["loan"] = 3.0
    if "scout" in w and not any(c in data.locations for c in p.hand or ()):
        w["scout"] = 2.0  # only industry cards: wild cards build anywhere in the network and beyond
    return w


def value(pos: Any, me: str, data: Any) -> float:
    """A rough worth of *pos* for *me* (see the module docstring)."""
    from ...engine.board import distances_from, link_adjacency

    p = pos.player[me]
    own = pos.own_tiles(me)
    vp = sum(data.tile(t.industry, t.level).vp for t in own if t.flipped)
    worth = 3.0 * data.income_level(p.income_space) + vp + 0.5 * p.money + 2.0 * len(own)
    worth += 1.0 * len(pos.own_links(me))
    worth += 1.0 * sum(t.cubes for t in own if t.industry == "brewery")
    worth += 1.5 * sum(1 for c in p.hand or () if c in WILD_CARDS)
    goods = [t for t in own if t.industry in GOODS and not t.flipped]
    if goods:
        adj = link_adjacency(pos)
        buyers: dict[str, set] = {}
        for m, spaces in pos.merchants.items():
            for s in spaces:
                buyers.setdefault(m, set()).update(data.merchant_tiles.get(s.face, {}).get("buys", ()))
        for t in goods:
            spec = data.tile(t.industry, t.level)
            promise = spec.vp + 1.5 * spec.income  # what selling it would bring
            worth += 2.0  # goods to sell later
            reach = distances_from(pos, [t.location], adj)
            if any(t.industry in buyers.get(m, ()) for m in reach):
                worth += 4.0 + 0.3 * promise
            else:
                worth += 0.1 * promise
    return worth


def finish(pos: Any, action: Any, rng: Any, verdict: Any = None) -> Any:
    """*action* as it will be logged: the card(s) it discards (see the module docstring), and
    the choices the engine made for it stated from *verdict* (its verdict on the action as
    listed): the beer of each sale and of two rails, and Gloucester's free develop."""
    if verdict is not None:
        if isinstance(action, Sell):
            action = _state_sales(pos, action, verdict.effects)
        elif isinstance(action, Network) and len(action.lines) == 2 and action.beer_from is None:
            beer = _beer_refs(verdict.effects)
            if beer:
                action = replace(action, beer_from=tuple(beer))
    hand = pos.player[pos.turn].hand
    if not hand or isinstance(action, Build):
        return action
    plain = [c for c in hand if c not in WILD_CARDS] or list(hand)
    if isinstance(action, Scout):
        if len(plain) < 3:
            return action
        return replace(action, cards=tuple(rng.sample(plain, 3)))
    return replace(action, cards=(rng.choice(plain),))


def _beer_ref(d: dict) -> str:
    """How a sale or a rail names the source of one barrel (docs/notation-birmingham.md)."""
    return MERCHANT_BEER if d.get("source") == MERCHANT_BEER else f"{d['location']}#{d['space']}"


def _beer_refs(effects: Any) -> list:
    return [_beer_ref(e.data) for e in effects if e.kind == BEER]


def _state_sales(pos: Any, action: Sell, effects: Any) -> Sell:
    """Each sale with the barrels the engine took for it (they come before its ``sale`` effect),
    the merchant tile space it was sold to (a merchant with two) and the industry Gloucester's
    bonus developed (the ``develop`` effects after it)."""
    beer: list = []
    stated: list[tuple[list, list, Any]] = []  # per sale in order: its beer, free develops, space
    for e in effects:
        if e.kind == BEER:
            beer.append(_beer_ref(e.data))
        elif e.kind == "sale":
            stated.append((beer, [], e.data.get("merchant_space")))
            beer = []
        elif e.kind == "develop" and stated:
            stated[-1][1].append(e.data["industry"])
    if len(stated) != len(action.sales):
        return action  # (not expected: keep the engine's own choices)
    sales = []
    for sale, (barrels, developed, space) in zip(action.sales, stated):
        if (
            sale.merchant_space is None
            and space is not None
            and len(pos.merchants.get(sale.merchant, ())) > 1
        ):
            sale = replace(sale, merchant_space=space)
        if sale.beer_from is None and barrels:
            sale = replace(sale, beer_from=tuple(barrels))
        if sale.develop is None and developed:
            sale = replace(sale, develop=developed[0])
        sales.append(sale)
    return replace(action, sales=tuple(sales))
