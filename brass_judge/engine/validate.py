"""Position validity: every impossibility in a position, each with a POS code and its file line.

Valid does not mean reachable: these checks find what the components and rules make impossible
(too many tiles, wrong spaces, canal-era limits, market and track ranges, ...). ``check`` runs them
first and refuses to judge an impossible position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..model import CANAL, RAIL, Position, Tile
from ..verdict import Violation
from .build import own_tile_limit
from .flow import actions_per_turn, draw_deck_range


class _Bare:
    """A position with no file behind it (what a LoadedPosition says about where it came from:
    the engine does not import the loader)."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.paths: dict[tuple[Any, ...], Any] = {}
        self.dcm_drawn_given = False

    def line_of(self, path: tuple[Any, ...]) -> None:
        return None


def validate(loaded: Any, data: Any = None) -> list[Violation]:
    """Return every validity problem of *loaded* (a LoadedPosition or Position) as Violations.

    Each Violation has ``.line`` (the YAML line, when known).
    """
    if isinstance(loaded, Position):  # a bare position: no file lines, no fields given
        loaded = _Bare(loaded)
    pos = loaded.position
    if data is None or data.variant != pos.variant or data.game != pos.game:
        from ..games import get_rules

        data = get_rules(pos.game, pos.variant).data
    rules = data.rules
    if (
        pos.num_players not in rules.players
    ):  # positions read from files cannot get here (the schema says 2-4)
        from ..errors import InputError

        raise InputError(
            f"{rules.name} is played by {rules.players.start}-{rules.players.stop - 1} players, "
            f"not {pos.num_players}",
            code="INP040",
        )
    out: list[Violation] = []

    def bad(
        code: str, where: tuple[Any, ...] | None = None, *, also: tuple[str, ...] = (), **fields: Any
    ) -> None:
        if also:  # the cases (case keys of the code's may_cite) that decide it: the game's rulings
            from ..codes import cite
            from ..games import game_of

            fields["_rulings"] = tuple(
                q for q in (cite(game_of(pos), code, k) for k in also) if q is not None
            )
        from ..games import game_of as _game_of

        v = Violation(code, fields, game=_game_of(pos))
        v.line = loaded.line_of(where) if where is not None else None  # type: ignore[attr-defined]
        out.append(v)

    def tpath(i: int) -> Any:
        return loaded.paths.get(("tile", i))

    def lpath(i: int) -> Any:
        return loaded.paths.get(("link", i))

    def tname(t: Tile) -> str:
        return f"{t.owner}'s level {t.level} {data.industry_names[t.industry]} in {data.locations[t.location].name}"

    full = data.mat_counts()
    # --- tiles -----------------------------------------------------------------------------
    seen_spaces: dict[tuple[str, int], int] = {}
    per_loc: Counter[tuple[str, str]] = Counter()
    for i, t in enumerate(pos.tiles):
        loc = data.locations[t.location]
        if not loc.spaces:
            bad("POS018", tpath(i), location=loc.name)
            continue
        if t.space >= len(loc.spaces) or t.industry not in loc.spaces[t.space].industries:
            icons = (
                "/".join(sorted(data.industry_names[x] for x in loc.spaces[t.space].industries))
                if t.space < len(loc.spaces)
                else "nothing"
            )
            bad("POS002", tpath(i), tile=tname(t), location=loc.name, space=t.space, icons=icons)
        key = (t.location, t.space)
        if key in seen_spaces:
            bad("POS010", tpath(i), location=loc.name, space=t.space)
        seen_spaces[key] = i
        per_loc[(t.owner, t.location)] += 1
        spec = None
        try:
            spec = data.tile(t.industry, t.level)
        except Exception:
            pass
        if spec is not None and not rules.buildable_level(t.industry, t.level):  # never (mat.yaml eras: [])
            bad(
                "POS014",
                tpath(i),
                also=("build.shipyard-eras",),
                tile=tname(t),
                why=f"level {t.level} {data.industry_names[t.industry].lower()}s can never be built",
            )
        elif spec is not None and pos.era == CANAL and CANAL not in spec.eras:
            bad(
                "POS014",
                tpath(i),
                also=("build.shipyard-eras",) if t.industry == "shipyard" else (),
                tile=tname(t),
                why=f"a level {t.level} {data.industry_names[t.industry]} can only be built in the Rail Era",
            )
        elif (problem := data.rules.validate_tile(pos, t)) is not None:
            # the game's own reasons a tile cannot be where it is (Lancashire: shipyards)
            also, why = problem
            bad("POS014", tpath(i), also=also, tile=tname(t), why=why)
        if data.mat[t.industry][0].resource is not None:  # a tile that carries cubes (mat.yaml)
            if t.flipped and t.cubes:
                bad("POS006", tpath(i), tile=tname(t), cubes=t.cubes)
            elif spec and t.cubes > (most := rules.tile_capacity(pos, t)):
                bad("POS007", tpath(i), tile=tname(t), cubes=t.cubes, max=most)
            elif not t.flipped and t.cubes == 0:
                bad("POS017", tpath(i), tile=tname(t))
        elif t.cubes:
            bad("POS007", tpath(i), tile=tname(t), cubes=t.cubes, max=0)
        if pos.era == RAIL and rules.removed_at_era_end(t):
            bad("POS013", tpath(i), tile=tname(t))
    limit = own_tile_limit(pos.era)  # one own tile per location in the Canal Era (engine.build)
    if limit is not None:
        for (owner, loc), n in per_loc.items():
            if n > limit:
                idx = next(i for i, t in enumerate(pos.tiles) if t.owner == owner and t.location == loc)
                bad("POS003", tpath(idx), player=owner, count=n, location=data.locations[loc].name)
    # tiles per player: board + mat <= the mat's count
    for name in pos.players:
        p = pos.player[name]
        board = Counter((t.industry, t.level) for t in pos.tiles if t.owner == name)
        for (ind, lv), n in board.items():
            mx = full[ind].get(lv, 0)
            on_mat = (p.mat or {}).get(ind, {}).get(lv, 0) if p.mat is not None else 0
            if n + on_mat > mx:
                idx = next(
                    i
                    for i, t in enumerate(pos.tiles)
                    if t.owner == name and t.industry == ind and t.level == lv
                )
                bad(
                    "POS001",
                    tpath(idx),
                    player=name,
                    have=n + on_mat,
                    industry=data.industry_names[ind],
                    level=lv,
                    mat=f" {n} + mat {on_mat}" if p.mat is not None else f" {n}",
                    max=mx,
                )
        if p.money < 0:
            bad("POS015", ("players", name, "money"), player=name, money=p.money)
        if not 0 <= p.income_space <= data.track_last_space:
            bad("POS009", ("players", name, "income_space"), player=name, space=p.income_space)
        if p.hand is not None and len(p.hand) > data.hand_size:
            bad("POS019", ("players", name, "hand"), player=name, count=len(p.hand))
        own_links = sum(1 for l in pos.links if l.owner == name)
        total_links = own_links + (p.links_left or 0) if p.links_left is not None else own_links
        if total_links > data.links_per_player:
            bad(
                "POS012",
                ("players", name, "links_left") if p.links_left is not None else ("links",),
                player=name,
                count=total_links,
            )
    # --- links -----------------------------------------------------------------------------
    seen_lines: dict[str, int] = {}
    for i, l in enumerate(pos.links):
        line = data.lines[l.line]
        lname = f"{data.locations[line.a].name}-{data.locations[line.b].name}"
        if l.line in seen_lines:
            bad("POS011", lpath(i), line=lname)
        seen_lines[l.line] = i
        if (l.kind == "canal" and pos.era == RAIL) or (l.kind == "rail" and pos.era == CANAL):
            bad("POS004", lpath(i), kind=l.kind, line=lname, era=pos.era.title())
        if not line.allows(l.kind):
            bad("POS005", lpath(i), line=lname, kind=l.kind)
    # --- markets and tracks ------------------------------------------------------------------
    for resource, market in data.markets.items():
        cubes = pos.markets.get(resource, 0)
        if not 0 <= cubes <= market.spaces:
            bad("POS008", ("markets", resource), market=resource.title(), cubes=cubes, max=market.spaces)
    # the game's own market-area checks (Lancashire: the Distant Cotton Market)
    data.rules.validate_markets(pos, loaded.dcm_drawn_given, bad)
    if pos.turn is not None and pos.turn not in pos.player:
        bad("TRN001", ("turn",), turn=pos.turn, player=pos.turn)
    # --- the turn and the deck ----------------------------------------------------------------
    rounds = data.rounds_per_era.get(pos.num_players)
    if rounds and pos.round > rounds:
        bad(
            "POS023", ("round",), era=pos.era.title(), round=pos.round, players=pos.num_players, rounds=rounds
        )
    deck = data.deck_for(pos.num_players) if pos.num_players in data.players else {}
    for name in pos.players:
        p = pos.player[name]
        for pile, cards in (("hand", p.hand), ("discard pile", p.discard)):
            for c in dict.fromkeys(cards or ()):
                if deck and c not in deck and c not in rules.cards_beside_deck:
                    bad(
                        "POS024",
                        ("players", name, "hand" if pile == "hand" else "discard"),
                        player=name,
                        pile=pile,
                        card=data.industry_names.get(c)
                        or (data.locations[c].name if c in data.locations else str(c)),
                        players=pos.num_players,
                    )
    _card_counts(pos, data, deck, bad)
    per = actions_per_turn(pos)
    if pos.actions_left > per and not pos.game_over:
        bad(
            "POS021",
            ("actions_left",),
            player=pos.turn or "the player to move",
            left=pos.actions_left,
            when="in the first round of the Canal Era" if per == 1 else "in this round",
            per=per,
        )
    if pos.draw_pile is None and pos.draw_deck is not None and pos.round >= 1 and deck:
        low, high = draw_deck_range(pos, data)
        if not low <= pos.draw_deck <= high:
            bad(
                "POS022",
                loaded.paths.get("draw_deck", ("deck", "draw")),  # where the file gives the deck size
                draw=pos.draw_deck,
                era=pos.era.title(),
                round=pos.round,
                players=pos.num_players,
                range=f"{low}" if low == high else f"{low}-{high}",
            )
    data.rules.validate_loaded(loaded, bad)  # the game's own checks of its own fields, with their lines
    out.extend(data.rules.validate_extra(pos))  # the game's own checks, after the shared ones
    return out


def _card_counts(pos: Position, data: Any, deck: dict[Any, int], bad: Callable[..., None]) -> None:
    """POS025: every card known to the position (hands, discard piles, the listed draw deck and the
    cards under the Deck tile), counted together, within the deck for the player count (Q001, Q002)."""
    if not deck:
        return
    places: dict[str, list[tuple[str, tuple[str, ...], int]]] = {}  # card -> [(place text, path, count)]
    piles: list[tuple[str, tuple[str, ...], Any]] = []
    for name in pos.players:
        p = pos.player[name]
        piles.append((f"{name}'s hand", ("players", name, "hand"), p.hand))
        piles.append((f"{name}'s discard pile", ("players", name, "discard"), p.discard))
    piles.append(("the draw deck", ("deck", "cards"), pos.draw_pile))
    piles.append(("under the Deck tile", ("deck", "under_deck_tile"), pos.under_deck_tile))
    for what, path, cards in piles:
        for card, n in Counter(c for c in (cards or ()) if c is not None).items():
            places.setdefault(card, []).append((what, path, n))
    for card, where in places.items():
        total = sum(n for _, _, n in where)
        mx = deck.get(card, 0)
        if not mx or total <= mx:  # a card not in the deck at all is POS024's (hands, discards)
            continue
        name = data.industry_names.get(card) or (
            data.locations[card].name if card in data.locations else str(card)
        )
        # more than even the 4-player deck holds: the extra card can only be a read-manual card,
        # which every Roxley setup and both 2-player modes leave out (Q002)
        manual = (
            card in data.read_manual_cards
            and mx < data.deck["classic"].get(card, 0)
            and total > data.deck[4].get(card, 0)
        )
        deck_name = (
            "Classic 66-card deck"
            if data.deck_for(pos.num_players) is data.deck.get("classic")
            else f"{pos.num_players}-player deck"
        )
        bad(
            "POS025",
            where[-1][1],
            also=("setup.read-manual-cards",) if manual else (),
            count=total,
            card=name,
            places=", ".join(f"{w} {n}" for w, _, n in where),
            deck=deck_name,
            max=mx,
        )
