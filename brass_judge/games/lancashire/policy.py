"""Brass: Lancashire's self-play policy: what the random players of :mod:`brass_judge.selfplay`
prefer in this game.

The shared loop asks three things of a game's policy:

* :func:`weights`: the weight of each action type for the player to move (sell and build first,
  then network, rarely develop, loan or pass; a loan mostly when money is short);
* :func:`value`: a rough worth of a position for a player, to keep the best of the sampled
  actions (income, VP on flipped tiles, money, tiles, and cotton mills that could sell now);
* :func:`finish`: the chosen action as it will be logged: the card discarded by a non-build
  action (and the two of a Double Action Build) drawn from the hand, and each Distant Cotton
  Market sale stating the tile it draws.

The draws from *rng* (their number and order) are part of what a seed reproduces: the shipped
logs, golden replays and perft positions depend on them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...model import CANAL, DISTANT, Build, Sell
from .dcm import marker_after, market_closed


def weights(pos: Any, data: Any) -> dict:
    """The weight of each action type for the player to move (the registry's base weights,
    :func:`brass_judge.selfplay.base_weights`): networks heavier in the Rail Era, loans mostly
    when money is short and income can stand it."""
    from ...selfplay import base_weights

    w = base_weights("lancashire")
    p = pos.player[pos.turn]
    level = data.income_level(p.income_space)
    if pos.era != CANAL:
        w["network"] = 4.0
    if level < -3:
        w["loan"] = 0.001  # (a pass is likelier: more loans would sink the income)
    elif p.money < 15:
        w["loan"] = 4.0
    return w


def value(pos: Any, me: str, data: Any) -> float:
    """A rough worth of *pos* for *me*: income, VP on flipped tiles, money, tiles on the board and
    unflipped cotton mills that could sell now (connected to an unflipped port, or to a trade
    icon while the Distant Cotton Market is open)."""
    from ...engine.board import distances_from, link_adjacency, trade_locations, trade_reached

    p = pos.player[me]
    vp = sum(data.tile(t.industry, t.level).vp for t in pos.tiles if t.owner == me and t.flipped)
    worth = 3.0 * data.income_level(p.income_space) + vp + 0.3 * p.money + 2.0 * len(pos.own_tiles(me))
    mills = [t for t in pos.tiles if t.owner == me and t.industry == "cotton_mill" and not t.flipped]
    if mills:
        adj = link_adjacency(pos)
        ports = {t.location for t in pos.tiles if t.industry == "port" and not t.flipped}
        trade = None if market_closed(pos.dcm_position) else trade_locations(pos, data)
        for m in mills:
            reach = distances_from(pos, [m.location], adj)
            if ports & reach.keys() or (trade is not None and trade_reached(pos, data, reach, trade)):
                worth += 4.0
    return worth


def finish(pos: Any, action: Any, rng: Any, verdict: Any = None) -> Any:
    """*action* as it will be logged: the discarded card(s) drawn from the hand (a build keeps
    the card that builds it, a Double Action Build draws its two), and the Distant tiles stated
    (*verdict*, the engine's on the action as listed, is not needed)."""
    hand = pos.player[pos.turn].hand
    if hand:
        if isinstance(action, Build) and len(action.cards) == 2:
            action = replace(action, cards=tuple(rng.sample(hand, 2)))
        elif not isinstance(action, Build):
            action = replace(action, cards=(rng.choice(hand),))
    if isinstance(action, Sell):
        action = _state_dcm_tiles(pos, action)
    return action


def _state_dcm_tiles(pos: Any, action: Sell) -> Sell:
    """Name the tile each Distant sale draws (the position knows the face-down order); sales
    after the one that reaches the X are dropped, since the action ends there (Q106)."""
    order = list(pos.dcm_order or [])
    marker = pos.dcm_position
    sales = []
    for s in action.sales:
        if s.to != DISTANT:
            sales.append(s)
            continue
        if not order:
            sales.append(s)
            continue
        tile = order.pop(0)
        sales.append(replace(s, tile=tile))
        marker = marker_after(marker, tile)
        if market_closed(marker):
            break
    return replace(action, sales=tuple(sales))
