"""The Sell action in Brass: Birmingham (rulings B044-B046, B037, B057, B058).

Tile by tile, in the order given, each resolved on its own (B044): an own unflipped Cotton Mill,
Manufacturer or Pottery sells to a merchant location whose tile shows its industry (the ``all`` tile
shows all three, a blank tile none, a merchant with no tile at this player count buys nothing) and
that is connected to it by a route of anyone's links. It consumes the beer printed on it (0 to 2
barrels, B045), each barrel from its own source (B037): the player's own unflipped Brewery
anywhere, an opponent's connected to the tile, or the barrel beside the merchant tile sold to. A
tile whose beer cannot be found cannot be sold, and the judge says which. Taking the merchant's
barrel earns that merchant's bonus (B046): £5, VP, two income spaces, or Gloucester's free develop
(the lowest tile of an industry, no iron, never a lightbulb Pottery). The sold tile flips and its
owner's income rises.

Decisions (rulings/birmingham.yaml): a tile sold to one merchant tile takes at most that tile's
barrel, so at most one bonus per tile sold (B058); a tile that needs no beer takes no merchant
barrel and earns no bonus (B057), unless the table plays the alternative (the rules object's
``zero_beer_takes_merchant_barrel``).

Beer the action names (``beer_from``) is checked, and it must not name more than the tile needs
(``none``, an empty tuple, says the sale uses no beer); barrels it leaves unnamed, all of them or
those beyond the ones named, the judge finds in this order, saying so when there was a choice: the merchant's barrel (it costs no one anything and earns
the bonus, as in the refresher's worked turn), then the player's own breweries, then the nearest
connected opponent's brewery. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from ...engine.board import distances_from
from ...engine.context import Judge
from .beer import merchant_has_barrel, named_brewery, take_barrel, take_merchant_barrel, usable_breweries
from .model import MERCHANT_BEER, BirminghamPosition, Sale, Sell


def sold_industries(data: Any) -> tuple[str, ...]:
    """The industries merchants buy (every industry some merchant tile face shows), in data order."""
    buys = {i for v in data.merchant_tiles.values() for i in v["buys"]}
    return tuple(i for i in data.industries if i in buys)


def _buys(data: Any, face: str) -> tuple[str, ...]:
    return tuple(data.merchant_tiles.get(face, {}).get("buys", ()))


def judge_sell(j: Judge, a: Sell) -> None:
    sold: set[tuple[str, int]] = set()
    for sale in a.sales:
        _sell_one(j, sale, sold)
        if j.failed:
            # the tiles after it would be judged on half-taken beer: report the first problem only
            break


def _sell_one(j: Judge, sale: Sale, sold: set[tuple[str, int]]) -> None:
    d, pos, me = j.data, j.pos, j.player
    assert isinstance(pos, BirminghamPosition)
    rules = j.game
    goods = sold_industries(d)
    # ---- the tile sold
    where = j.loc(sale.tile) if sale.tile in d.locations else sale.tile
    mine = [
        t
        for t in pos.tiles_at(sale.tile)
        if t.owner == me
        and t.industry in goods
        and (sale.space is None or t.space == sale.space)
        and (sale.industry is None or t.industry == sale.industry)
    ]
    unflipped = [t for t in mine if not t.flipped]
    what = "Cotton Mill, Manufacturer or Pottery"
    if sale.industry is not None and sale.industry in d.industry_names:
        what = j.ind(sale.industry)
    if not unflipped:
        again = any((t.location, t.space) in sold for t in mine)
        j.violate(
            "SEL101",
            priority=10,
            player=me,
            what=what,
            location=where,
            why=" (it was sold earlier in this action)" if again else "",
        )
        return
    tile = unflipped[0]
    if len(unflipped) > 1 and sale.space is None and sale.industry is None:
        j.assume(
            f"{me} has {len(unflipped)} unflipped tiles to sell in {where}: sold {j.tile_name(tile)} (space "
            f"{tile.space}); name another with {sale.tile}#N"
        )
    ind = tile.industry
    # ---- the merchant sold to
    mloc = d.locations.get(sale.merchant)
    if mloc is None or mloc.kind != "merchant":
        # the notation names only merchants; an action built in code may name a town
        name = mloc.name if mloc is not None else sale.merchant
        merchants = ", ".join(j.loc(m) for m in rules.merchants)
        j.violate(
            "SEL103",
            priority=10,
            merchant=name,
            faces=f"is not a merchant ({merchants} are)",
            industry=j.ind(ind),
        )
        return
    mname = mloc.name
    spaces = pos.merchants.get(sale.merchant, ())
    if not spaces or (sale.merchant_space is not None and not 0 <= sale.merchant_space < len(spaces)):
        what_space = "no merchant tile" if not spaces else f"no merchant tile space {sale.merchant_space}"
        j.violate("SEL102", priority=10, merchant=mname, what=what_space, players=pos.num_players)
        return
    need = rules.beer_to_sell(ind, tile.level)
    named = [r.strip() for r in (sale.beer_from or ())]
    wants_merchant = any(r.lower() == MERCHANT_BEER for r in named)
    if sale.merchant_space is not None:
        space = sale.merchant_space
        if ind not in _buys(d, spaces[space].face):
            j.violate(
                "SEL103",
                priority=10,
                merchant=mname,
                faces=f"space {space} shows {_face(j, spaces[space].face)}",
                industry=j.ind(ind),
            )
            return
    else:
        buying = [i for i, ms in enumerate(spaces) if ind in _buys(d, ms.face)]
        if not buying:
            faces = " and ".join(_face(j, ms.face) for ms in spaces)
            j.violate("SEL103", priority=10, merchant=mname, faces=f"shows {faces}", industry=j.ind(ind))
            return
        space = buying[0]
        with_barrel = [i for i in buying if spaces[i].barrel]
        if with_barrel and (need or wants_merchant):
            space = with_barrel[0]
        if len(buying) > 1 and spaces[buying[0]].barrel != spaces[buying[1]].barrel:
            j.assume(
                f"{mname} has {len(buying)} tiles that buy {j.ind(ind)}: sold to the one on space {space} "
                f"({'with' if spaces[space].barrel else 'without'} its barrel); name the other with "
                f"{sale.merchant}#N"
            )
    # ---- connected: a route of anyone's links (B044, B020)
    dist = distances_from(pos, [tile.location])
    if sale.merchant not in dist:
        j.violate("SEL104", priority=15, tile=j.tile_name(tile), merchant=mname)
        return
    # ---- the beer (B045, B037)
    consumer = f"selling {j.tile_name(tile)}"
    merchant_barrel_ok = need > 0 or rules.zero_beer_takes_merchant_barrel
    if wants_merchant and not need and not merchant_barrel_ok:
        j.violate("SEL107", priority=20, tile=j.tile_name(tile), need=need, named=len(named), also=("B057",))
        return
    if len(named) > max(need, 1 if wants_merchant and merchant_barrel_ok else 0) or (
        sale.beer_from == () and need > 0  # "none": the action says the sale uses no beer
    ):
        j.violate("SEL107", priority=20, tile=j.tile_name(tile), need=need, named=len(named))
        return
    if sum(r.lower() == MERCHANT_BEER for r in named) > 1:
        j.violate(
            "SEL106",
            priority=20,
            why=f"only the one barrel beside the {mname} tile it is sold to can be merchant beer for "
            f"{j.tile_name(tile)}",
            also=("B058",),
        )
        return
    took_merchant = False
    barrels = max(need, len(named))
    for i in range(barrels):
        ref = named[i] if i < len(named) else None
        if ref is not None and ref.lower() == MERCHANT_BEER:
            if not merchant_has_barrel(pos, sale.merchant, space):
                j.violate(
                    "SEL106",
                    priority=20,
                    why=f"the barrel beside the {mname} merchant tile{_on_space(space, spaces)} has been "
                    f"taken, so there is no merchant beer for {j.tile_name(tile)}",
                )
                return
            take_merchant_barrel(j, sale.merchant, space, consumer)
            took_merchant = True
            continue
        if ref is not None:
            brewery, why = named_brewery(j, ref, [tile.location], f"{j.loc(tile.location)}")
            if brewery is None:
                j.violate("SEL106", priority=20, why=why)
                return
            take_barrel(j, brewery, consumer)
            continue
        # unnamed: the merchant's barrel first, then own breweries, then connected opponents'
        options: list[Any] = []
        if not took_merchant and merchant_has_barrel(pos, sale.merchant, space):
            options.append((sale.merchant, space))
        options += usable_breweries(j, [tile.location])
        if not options:
            have = i
            j.violate(
                "SEL105",
                priority=20,
                tile=j.tile_name(tile),
                need=need,
                have=have,
                merchant=mname,
            )
            return
        pick = options[0]
        if len(options) > 1:
            said = (
                f"the barrel beside the {mname} merchant tile"
                if isinstance(pick, tuple)
                else j.tile_name(pick)
            )
            j.assume(
                f"no beer named for {consumer}: assumed 1 beer from {said}; name the source with "
                f"{sale.tile}>{sale.merchant}:SOURCE (merchant, or a brewery's LOCATION[#SPACE])"
            )
        if isinstance(pick, tuple):
            take_merchant_barrel(j, sale.merchant, space, consumer)
            took_merchant = True
        else:
            take_barrel(j, pick, consumer)
    if j.failed:
        return
    # ---- the sale
    j.rule("RUL-SELL")
    if j.narrate:
        j.effect(
            "sale",
            f"{me} sells the level {tile.level} {j.ind(ind)} in {j.loc(tile.location)} to {mname} "
            f"({_face(j, spaces[space].face)})",
            tile=tile.location,
            space=tile.space,
            to=sale.merchant,
            merchant_space=space,
        )
    j.flip(tile, f"sold to {mname}")
    sold.add((tile.location, tile.space))
    if took_merchant:
        # a tile needing more beer than one barrel, where another tile of that merchant that buys
        # it still has its barrel: one barrel and one bonus per tile sold decided it (B058)
        one_per_tile = barrels > 1 and any(
            i != space and ms.barrel and ind in _buys(d, ms.face)
            for i, ms in enumerate(pos.merchants[sale.merchant])
        )
        _bonus(j, sale, mname, one_per_tile)
    elif sale.develop is not None:
        j.assume(
            f"develop= for the sale to {mname} ignored: no Gloucester barrel was taken, so no free develop"
        )


def _on_space(space: int, spaces: tuple[Any, ...]) -> str:
    return f" on space {space}" if len(spaces) > 1 else ""


def _face(j: Judge, face: str) -> str:
    buys = _buys(j.data, face)
    if face == "blank" or not buys:
        return "a blank tile"
    if len(buys) > 1:
        return "the tile of all three (" + ", ".join(j.ind(i) for i in buys) + ")"
    return f"the {j.ind(buys[0])} tile"


def _bonus(j: Judge, sale: Sale, mname: str, one_per_tile: bool = False) -> None:
    """The merchant's bonus for its barrel (B046)."""
    me = j.player
    bonus = j.game.merchant_bonus(sale.merchant)
    if bonus is None:  # every merchant has one (map.yaml)
        return
    kind, n = bonus
    why = f"the {mname} merchant's bonus"
    if kind != "develop" and sale.develop is not None:
        # the notation refuses develop= here; an action built in code may carry it
        j.assume(f"develop= for the sale to {mname} ignored: its bonus is not a free develop")
    j.rule("RUL-MERCHANT-BONUS", *(("B058",) if one_per_tile else ()))
    p = j.pos.player[me]
    if kind == "money":
        j.gain_money(me, n, f"({why})")
    elif kind == "vp":
        p.vp += n
        if j.narrate:
            j.effect("vp", f"{me} scores {n} VP ({why})", player=me, vp=n, total=p.vp)
    elif kind == "income":
        j.advance_income(me, n, why)
    elif kind == "develop":
        for _ in range(n):
            _gloucester_develop(j, sale.develop, why)


def _gloucester_develop(j: Judge, industry: str | None, why: str) -> None:
    """Gloucester's free develop: the lowest tile of *industry* (or, unnamed, the lowest tile on the
    mat that may be developed, an assumption), no iron, never a lightbulb Pottery (B046, B043)."""
    from ...engine.mat import lowest_level, mat_of

    rules = j.game
    if industry is None:
        mat = mat_of(j, j.player)
        options, lightbulb = [], None
        for n, ind in enumerate(j.data.industries):
            level = lowest_level(mat, ind)
            if level is not None and rules.developable(ind, level):
                options.append((level, n, ind))
            elif level is not None:
                lightbulb = (level, n)
        if lightbulb is not None and (not options or lightbulb < min(options)[:2]):
            # the lowest tile on the mat is a lightbulb Pottery, which the bonus passes over (B043)
            j.rule("RUL-MERCHANT-BONUS", "B043")
        if not options:
            j.assume(f"{why}: nothing on {j.player}'s mat can be developed, so the free develop is lost")
            return
        level, _, industry = min(options)
        j.assume(
            f"{why}: no industry named (develop=): assumed the lowest tile that may be developed, the "
            f"level {level} {j.ind(industry)}; name another with develop=INDUSTRY"
        )
    _develop_one(j, industry, why)


def _develop_one(j: Judge, industry: str, why: str) -> None:
    # one place a tile is developed: the Develop judge's (a lightbulb tile is refused there, B043)
    from .develop import develop_one

    develop_one(j, industry, free=True, why=why)
