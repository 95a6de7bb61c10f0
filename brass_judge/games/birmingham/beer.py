"""Beer for Brass: Birmingham (ruling B037): where a barrel may come from, and taking it.

A barrel comes from one of three places, each barrel on its own (a tile that needs two may take
them from two sources):

* the player's own unflipped Brewery, anywhere on the board, with no connection needed;
* an opponent's unflipped Brewery **connected** (a route of anyone's links, or the same location)
  to the place the beer is needed: the tile being sold, or the second of two rails once placed;
* when selling only, the barrel beside the merchant tile sold to (never for rails, B040).

A Brewery's barrels are its tile's ``cubes``; one that gives up its last barrel flips and its owner's
income rises, whoever took it (B028). Which source to use is the player's choice: an action may name
them (``beer=``); the judge finds unnamed ones in a fixed order and says so (see :func:`usable_breweries`).
Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ...engine.board import distances_from
from ...engine.context import Judge
from ...model import Tile
from .model import BirminghamPosition

BREWERY = "brewery"


def split_ref(ref: str) -> tuple[str, int | None]:
    """``location`` or ``location#space`` -> (location, space or None)."""
    loc, sep, sp = ref.partition("#")
    if sep and sp.strip().lstrip("-").isdigit():
        return loc.strip(), int(sp)
    return ref.strip(), None


def usable_breweries(j: Judge, sites: Collection[str]) -> list[Tile]:
    """Breweries that can give a barrel for something at *sites*: the player's own unflipped ones
    with beer, anywhere (board order), then opponents' unflipped ones with beer connected to
    *sites*, nearest first (then board order)."""
    pos, me = j.pos, j.player
    own = [t for t in pos.tiles if t.industry == BREWERY and t.owner == me and not t.flipped and t.cubes > 0]
    dist = distances_from(pos, list(sites))
    others = [
        t
        for t in pos.tiles
        if t.industry == BREWERY and t.owner != me and not t.flipped and t.cubes > 0 and t.location in dist
    ]
    others.sort(key=lambda t: dist[t.location])
    return own + others


def named_brewery(j: Judge, ref: str, sites: Collection[str], where: str) -> tuple[Tile | None, str]:
    """The brewery *ref* (``location`` or ``location#space``) names, if it can give a barrel for
    something at *sites* (*where* names that place in messages); else (None, why not)."""
    d, pos, me = j.data, j.pos, j.player
    loc, space = split_ref(ref)
    if loc not in d.locations:
        return None, f"there is no location {loc!r} to take beer from"
    name = j.loc(loc)
    here = [t for t in pos.tiles_at(loc) if t.industry == BREWERY and (space is None or t.space == space)]
    if not here:
        return None, f"{name} has no brewery" + (f" on space {space}" if space is not None else "")
    with_beer = [t for t in here if not t.flipped and t.cubes > 0]
    if not with_beer:
        t = here[0]
        state = "is flipped" if t.flipped else "has no barrel left"
        return None, f"{j.tile_name(t)} {state}: it has no beer to give"
    dist = distances_from(pos, list(sites))
    for t in with_beer:
        if t.owner == me or t.location in dist:
            return t, ""
    t = with_beer[0]
    return None, (
        f"{j.tile_name(t)} is not connected to {where}, and an opponent's brewery gives beer only when it is"
    )


def take_barrel(j: Judge, t: Tile, consumer: str) -> None:
    """Take one barrel from brewery *t* for *consumer*; the brewery flips when it empties."""
    t = j.pos.own_tile(t)
    t.cubes -= 1
    j.rule("RUL-BEER")
    if j.narrate:
        whose = "no connection needed" if t.owner == j.player else f"{t.owner}'s, connected"
        j.effect(
            "beer",
            f"1 beer from {j.tile_name(t)} for {consumer} ({whose}; {t.cubes} left)",
            resource="beer",
            source="tile",
            location=t.location,
            space=t.space,
            owner=t.owner,
            cubes_left=t.cubes,
        )
    if t.cubes == 0:
        j.flip(t, "its last beer barrel was taken")


def merchant_has_barrel(pos: Any, merchant: str, space: int) -> bool:
    ms = pos.merchant_space(merchant, space)
    return bool(ms is not None and ms.barrel)


def take_merchant_barrel(j: Judge, merchant: str, space: int, consumer: str) -> None:
    """Take the barrel beside *merchant*'s tile on *space* for *consumer* (a sale to that tile)."""
    pos = j.pos
    assert isinstance(pos, BirminghamPosition)
    from dataclasses import replace

    ms = pos.merchant_space(merchant, space)
    assert ms is not None and ms.barrel
    pos.set_merchant_space(merchant, space, replace(ms, barrel=False))
    j.rule("RUL-BEER")
    if j.narrate:
        j.effect(
            "beer",
            f"1 beer from the barrel beside {j.loc(merchant)}'s merchant tile for {consumer}",
            resource="beer",
            source="merchant",
            location=merchant,
            space=space,
        )
