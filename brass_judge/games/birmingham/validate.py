"""Brass: Birmingham's own position checks (the shared ones: :mod:`brass_judge.engine.validate`).

Each problem is reported through the shared checker's ``bad(code, path, **fields)`` with the file
path of the field it is about, so ``validate`` prints its line. The shared checks already cover
what means the same in both games (tiles beyond the mat, spaces not showing the icon -- a farm
brewery shows only the Brewery --, a Brewery's barrels through :meth:`BirminghamRules.tile_capacity`,
cubes or barrels on other tiles, links of the wrong era, market counts, the hand size, cards not in
the deck, each card counted against the deck). Here: the merchants, the wild cards, the face-down
first discard and the number of cards against the deck size. See ``docs/positions-birmingham.md``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

BLANK = "blank"


def validate_position(rules: Any, loaded: Any, bad: Any) -> None:
    """Report every impossibility of the Birmingham position in *loaded* that the shared checks do
    not see: merchants, wild cards, the face-down discard and the cards counted against the deck."""
    pos = loaded.position
    _merchants(rules, loaded, bad)
    _wild_cards(rules, loaded, bad)
    _face_down(rules, pos, bad)
    _deck(rules, loaded, bad)


def _path(loaded: Any, *key: Any) -> Any:
    return loaded.paths.get(key)


def _merchants(rules: Any, loaded: Any, bad: Any) -> None:
    pos, data = loaded.position, rules.data
    n = pos.num_players
    in_play = rules.merchant_spaces(n)
    faces: Counter[str] = Counter()
    where: dict[str, list[str]] = {}
    # a merchant the file did not give is assumed blank: a default, not the position's claim
    assumed: frozenset[str] = getattr(pos, "assumed_merchants", frozenset())
    listed = {m: spaces for m, spaces in pos.merchants.items() if m not in assumed}
    for m, spaces in listed.items():
        name = data.locations[m].name
        if len(spaces) != in_play.get(m, 0):
            bad(
                "POS101",
                _path(loaded, "merchant", m),
                merchant=name,
                listed=len(spaces),
                players=n,
                in_play=in_play.get(m, 0),
            )
        for i, sp in enumerate(spaces):
            faces[sp.face] += 1
            where.setdefault(sp.face, []).append(name)
            if sp.face == BLANK and sp.barrel:
                bad("POS103", _path(loaded, "merchant", m, i), merchant=name, space=i)
    pool = rules.merchant_tiles(n)
    for face, count in faces.items():
        if count > pool.get(face, 0):
            first = next(
                (m, i) for m, spaces in listed.items() for i, sp in enumerate(spaces) if sp.face == face
            )
            bad(
                "POS102",
                _path(loaded, "merchant", *first),
                count=count,
                face=_face_name(face),
                merchants=", ".join(where[face]),
                players=n,
                max=pool.get(face, 0),
                pool=", ".join(f"{c} {_face_name(f)}" for f, c in pool.items() if c),
            )


def _face_name(face: str) -> str:
    return "all-industry" if face == "all" else face.replace("_", " ")


def _wild_cards(rules: Any, loaded: Any, bad: Any) -> None:
    pos, data = loaded.position, rules.data
    hands_known = all(p.hand is not None for p in pos.player.values())
    for key, count in rules.wild_cards.items():
        card = data.wild_cards[key].get("name", key)
        for name in pos.players:
            p = pos.player[name]
            if key in p.discard:
                bad("POS105", ("players", name, "discard"), player=name, card=card)
        held = [(name, (pos.player[name].hand or []).count(key)) for name in pos.players]
        pile = int(pos.wild_piles.get(key, 0))
        total = pile + sum(c for _, c in held)
        # every wild card is on its pile or in a hand: with every hand known they add up to the count
        if total > count or (hands_known and total < count):
            places = [f"{name}'s hand {c}" for name, c in held if c] + [f"the pile {pile}"]
            # the pile's own line when the file gives it, else the first hand holding one
            path: tuple[Any, ...] = ("wild_piles", key)
            if path not in getattr(getattr(loaded, "doc", None), "lines", {}):
                path = next((("players", name, "hand") for name, c in held if c), ("wild_piles",))
            bad("POS104", path, count=total, card=card, places=", ".join(places), max=count)


def _face_down(rules: Any, pos: Any, bad: Any) -> None:
    """The face-down setup card lies under each discard pile all Canal Era (B006), and under none
    in the Rail Era (B054)."""
    for name in pos.players:
        hidden = getattr(pos.player[name], "hidden_discard", None)
        if hidden is None:  # not a Birmingham player area
            continue
        if pos.era == "rail" and hidden:
            bad("POS106", ("players", name, "hidden_discard"), player=name)
        elif pos.era == "canal" and not hidden:
            bad("POS108", ("players", name, "hidden_discard"), player=name)


def _deck(rules: Any, loaded: Any, bad: Any) -> None:
    """The cards known to the position, counted together, against the deck size (POS107)."""
    pos, data = loaded.position, rules.data
    n = pos.num_players
    size = sum(data.deck_for(n).values())
    wild = set(rules.wild_cards)
    parts = []
    hands = sum(len([c for c in (p.hand or []) if c not in wild]) for p in pos.player.values())
    discards = sum(len([c for c in p.discard if c not in wild]) for p in pos.player.values())
    face_down = sum(1 for p in pos.player.values() if getattr(p, "hidden_discard", False))
    draw = len(pos.draw_pile) if pos.draw_pile is not None else (pos.draw_deck or 0)
    for what, count in (
        ("hands", hands),
        ("discard piles", discards),
        ("face-down discards", face_down),
        ("draw deck", draw),
    ):
        if count:
            parts.append(f"{what} {count}")
    total = hands + discards + face_down + draw
    if total > size:
        path = loaded.paths.get("draw_deck") if draw else None
        bad("POS107", path or ("players",), count=total, places=", ".join(parts), players=n, max=size)
