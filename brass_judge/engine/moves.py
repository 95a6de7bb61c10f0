"""Legal moves: every single action the player to move may take (docs/moves.md).

The listing is the same for every game: each kind's candidate generator is named by the game's
action kinds (``candidates``); Lancashire's are here, and the parts that do not depend on the
game's cards (:func:`build_targets`, :func:`_network_candidates`, develops, loans, pass) are shared
with Brass: Birmingham's (``games/birmingham/moves.py``, docs/moves-birmingham.md). What follows
describes Lancashire's.

Candidates are generated from the position (the industries left on the mat, the spaces of each
town, the free lines next to the player's network, the player's unflipped mills and the ports and
trade icons they reach), obviously illegal ones are dropped cheaply, and every remaining candidate
is confirmed with :func:`brass_judge.engine.check`. The engine is the source of truth, so listing
and judging always agree: each listed action judges legal.

What is listed, and what is listed *modulo* a choice that does not change the rules question:

* **Build**: each industry at each town with a space for it, once per card that allows it: the
  Location card and the Industry card when in hand (every card when the hand is unknown),
  and a Double Action Build (both actions) only when no single card allows the build. A build on a
  free space names no space (the engine takes the preferred one); an overbuild names the tile's
  ``space=``. Coal and iron come from the engine's default source (the first of equally close mines).
* **Network**: each free line of the era's type touching the network; in the Rail Era also pairs of
  rails (the second may start from the far end of the first), one order per pair, at most
  ``max_rail_pairs`` pairs.
* **Develop**: one industry, or two (the same one twice when two tiles are left), in mat order.
* **Sell**: every single-mill sale (each connected unflipped port, and the Distant Cotton Market),
  plus, for each group of two or more mills, one combined sale where each mill takes its best
  destination (an own port, another player's port, then the Distant Cotton Market; a port takes one
  mill). Distant sales do not state the tile: the verdict lists every draw.
* **Loan** (£10, £20, £30) and **Pass**.

Every non-build action discards one representative card: the first card in hand (when the hand is
unknown, no card is named and the engine assumes a suitable one). Moves are therefore listed modulo
which card is discarded. A Double Action Build discards the first two cards in hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, cast

from ..model import Build, Develop, Loan, Network, Pass, Position
from .board import distances_from, has_pieces_on_board, link_adjacency, network_of, trade_locations
from .build import at_own_tile_limit, overbuild_candidate
from .mat import lowest_level

if TYPE_CHECKING:
    from collections.abc import MutableSequence
    from typing import Protocol

    from ..verdict import Verdict

    class _Rng(Protocol):
        """What the samplers draw with: the caller's rng (a random.Random: the engine imports none)."""

        def shuffle(self, x: MutableSequence[Any], /) -> None: ...


#: How many rail pairs are judged at most (the first ones in line order).
MAX_RAIL_PAIRS = 400


@dataclass
class Move:
    """A legal action with what it costs, for display: the verdict is the engine's own."""

    action: Any
    kind: str
    cost: int  #: money the player pays (onto the character tile)
    gain: int  #: money the player receives (market sales, loans)
    verdict: Any = field(repr=False, default=None)
    #: the game data the move was listed with (its game's notation writes it)
    data: Any = field(repr=False, default=None, compare=False)

    @property
    def notation(self) -> str:
        from ..notation import format_action

        return format_action(self.action, self.data)

    def to_dict(self) -> dict[str, Any]:
        from ..notation import action_to_obj

        return {
            "notation": self.notation,
            "type": self.kind,
            "cost": self.cost,
            "gain": self.gain,
            "action": action_to_obj(self.action, self.data),
        }


class _Ctx:
    """Per-call facts shared by every generator (computed once)."""

    def __init__(self, pos: Position, data: Any) -> None:
        self.pos = pos
        self.data = data
        # (a context is made only for a player who can act: _prepare checks)
        self.me = cast(str, pos.turn or (pos.players[0] if pos.players else None))
        self.p = pos.player[self.me]
        self.hand = None if self.p.hand is None else list(self.p.hand)
        self.net = network_of(pos, self.me)
        self.has_pieces = has_pieces_on_board(pos, self.me)
        self.adj = link_adjacency(pos)
        self.trade = trade_locations(pos, data)
        self.links_left = (
            self.p.links_left
            if self.p.links_left is not None
            else data.links_per_player - len(pos.own_links(self.me))
        )
        self._mat: dict[str, dict[int, int]] | None = None
        self._dist: dict[str, dict[str, int]] = {}
        self.deck = data.deck_for(pos.num_players)

    # ----- cards
    def holds(self, card: str) -> bool:
        """Whether the player can discard *card*: in hand, or (hand unknown) in this player count's deck."""
        if self.hand is None:
            return card in self.deck
        return card in self.hand

    def one_card(self) -> tuple[str, ...]:
        """The representative card discarded by a non-build action."""
        return () if self.hand is None else tuple(self.hand[:1])

    def two_cards(self) -> tuple[str, ...] | None:
        if self.hand is None:
            # hand unknown: any two cards of the deck stand for the pair discarded (listed modulo cards)
            keys = sorted(self.deck)
            return (keys[0], keys[0] if self.deck[keys[0]] > 1 else keys[1])
        return tuple(self.hand[:2]) if len(self.hand) >= 2 else None

    # ----- mat (given, or inferred as the engine infers it)
    @property
    def mat(self) -> dict[str, dict[int, int]]:
        if self._mat is None:
            if self.p.mat is not None:
                self._mat = self.p.mat
            else:
                from .context import Judge
                from .mat import mat_of

                work = self.pos.copy()
                self._mat = mat_of(Judge(work, self.data, self.me), self.me)
        return self._mat

    def lowest(self, industry: str) -> int | None:
        return lowest_level(self.mat, industry)

    def dist(self, loc: str) -> dict[str, int]:
        if loc not in self._dist:
            self._dist[loc] = distances_from(self.pos, [loc], self.adj)
        return self._dist[loc]


def __getattr__(name: str) -> Any:
    # KINDS: the action types of Lancashire in display order (their notation words), from the
    # registry of action kinds; MAX_SUBSET_MILLS lives with Lancashire's Sell.
    if name == "KINDS":
        return _kinds()
    if name == "MAX_SUBSET_MILLS":
        from ..games.lancashire.sell import MAX_SUBSET_MILLS

        return MAX_SUBSET_MILLS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _money_of(verdict: Verdict, me: str) -> tuple[int, int]:
    cost = gain = 0
    for e in verdict.effects:
        if e.kind != "money" or e.data.get("player") != me:
            continue
        amount = e.data.get("amount", 0)
        if amount < 0:
            cost -= amount
        else:
            gain += amount
    for e in verdict.effects:
        if e.kind == "market-sale" and e.data.get("owner") == me:
            gain += e.data.get("money", 0)
    return cost, gain


# ------------------------------------------------------------------------------ generators
def build_targets(c: _Ctx) -> Iterable[tuple[str, int, Any, list[int | None]]]:
    """Where the player to move might build, before any card is considered (shared by the games):
    ``(industry, level, location, targets)`` for each industry's lowest tile on the mat that is
    buildable in this era and affordable at its printed cost, at each location with a space for it,
    *targets* being ``None`` (a free space, the engine picks it) and/or the spaces of the tiles it
    may overbuild; the era's own-tile limit per location is applied. Mat order, then map order."""
    d, pos, me = c.data, c.pos, c.me
    money = c.p.money
    for industry in d.mat:
        level = c.lowest(industry)
        if level is None:
            continue
        spec = d.tile(industry, level)
        if not spec.buildable_in(pos.era):  # (also a tile never buildable: mat.yaml eras [])
            continue
        if money < spec.cost:  # coal and iron only add to the printed cost
            continue
        for loc in d.locations.values():
            spaces = loc.spaces_for(industry)
            if not spaces:
                continue
            here = pos.tiles_at(loc.key)
            taken = {t.space: t for t in here}
            free = [s for s in spaces if s.index not in taken]
            targets: list[int | None] = []  # (space or None)
            if free and not at_own_tile_limit(pos, me, loc.key):
                targets.append(None)
            for s in spaces:
                old = taken.get(s.index)
                if old is None or not overbuild_candidate(d, old, me, industry, level):
                    continue
                if at_own_tile_limit(pos, me, loc.key, old):
                    continue
                targets.append(s.index)
            if targets:
                yield industry, level, loc, targets


def _build_candidates(c: _Ctx) -> Iterable[Build]:
    pos, me = c.pos, c.me
    # (with the hand unknown every card of the player count's deck counts as held)
    can_double = pos.actions_left >= 2 and not pos.is_first_canal_round and c.two_cards() is not None
    rules = c.data.rules
    for industry, _level, loc, targets in build_targets(c):
        loc_card = c.holds(loc.key)
        ind_card = c.holds(industry) and (not c.has_pieces or rules.in_network(pos, me, loc.key, c.net))
        for space in targets:
            # the no-tiles Industry card rule builds on a free space only, never overbuilds (Q074)
            ind_ok = ind_card and not (space is not None and not c.has_pieces)
            if loc_card:
                yield Build(industry, loc.key, (loc.key,), space)
            if ind_ok:
                yield Build(industry, loc.key, (industry,), space)
            if not loc_card and not ind_ok and can_double:
                yield Build(industry, loc.key, cast("tuple[str, ...]", c.two_cards()), space)


def _network_candidates(
    c: _Ctx, max_rail_pairs: int, *, cls: Any = Network, anywhere: bool = False
) -> Iterable[Any]:
    """Each free line of the era touching the network, then (where the game prices two links in one
    action) pairs. *cls* is the game's Network action class; *anywhere*: a player with no network
    may start on any free line (Birmingham B032; Lancashire Q051 does not allow it)."""
    d, pos = c.data, c.pos
    era = pos.era
    if c.links_left < 1 or c.p.money < d.rules.min_link_cost(era) or not (c.net or anywhere):
        return
    used = {l.line for l in pos.links}
    free = [ln for ln in d.lines.values() if ln.allows(era) and ln.key not in used]
    first = [ln for ln in free if not c.net or any(e in c.net for e in ln.ends)]
    card = c.one_card()
    for ln in first:
        yield cls((ln.key,), card)
    two = d.rules.link_cost(era, 2)
    if two is None or c.links_left < 2 or c.p.money < two:
        return
    n = 0
    seen = set()
    for ln in first:
        for ln2 in free:
            if ln2.key == ln.key:
                continue
            pair = frozenset((ln.key, ln2.key))
            if pair in seen:
                continue
            reach = c.net | set(ln.ends)
            if not any(e in reach for e in ln2.ends):
                continue
            seen.add(pair)
            n += 1
            if n > max_rail_pairs:
                return
            # one order per pair: both touch the network -> line order; else the connecting one first
            if ln2 in first and ln2.key < ln.key:
                yield cls((ln2.key, ln.key), card), cls((ln.key, ln2.key), card)
            else:
                yield (
                    cls((ln.key, ln2.key), card),
                    (cls((ln2.key, ln.key), card) if ln2 in first else None),
                )


def _develop_candidates(c: _Ctx) -> Iterable[Develop]:
    inds = [i for i in c.data.mat if c.lowest(i) is not None]
    card = c.one_card()
    for i in inds:
        yield Develop((i,), card)
    for a, b in combinations_with_replacement(inds, 2):
        if a == b and sum(c.mat[a].values()) < 2:
            continue
        yield Develop((a, b), card)


def _loan_candidates(c: _Ctx) -> Iterable[Loan]:
    level = c.data.income_level(c.p.income_space)
    rules = c.data.rules
    for amount in rules.loan_amounts:
        if level - rules.loan_levels(amount) >= rules.income_floor:
            yield Loan(amount, c.one_card())


# ------------------------------------------------------------------------------ public API
def build_units(c: _Ctx, max_rail_pairs: int) -> list[tuple[Build]]:
    return [(a,) for a in _build_candidates(c)]


def network_units(c: _Ctx, max_rail_pairs: int) -> list[tuple[Network, ...]]:
    out: list[tuple[Network, ...]] = []
    for cand in _network_candidates(c, max_rail_pairs):
        if isinstance(cand, tuple):
            out.append(tuple(x for x in cand if x is not None))
        else:
            out.append((cand,))
    return out


def develop_units(c: _Ctx, max_rail_pairs: int) -> list[tuple[Develop]]:
    return [(a,) for a in _develop_candidates(c)]


def loan_units(c: _Ctx, max_rail_pairs: int) -> list[tuple[Loan]]:
    return [(a,) for a in _loan_candidates(c)]


def pass_units(c: _Ctx, max_rail_pairs: int) -> list[tuple[Pass]]:
    return [(Pass(c.one_card()),)]


def _kinds(game: str = "lancashire") -> tuple[str, ...]:
    from ..actions import action_kinds

    return tuple(k.word for k in action_kinds(game))


def _units(c: _Ctx, kind: str, max_rail_pairs: int) -> list[tuple[Any, ...]]:
    """The candidates of one action type, each a tuple of alternatives (the first legal one
    counts): a rail pair may be tried in its other order. The kind's generator is its
    registry entry's (:mod:`brass_judge.actions`)."""
    from ..actions import kind_named
    from ..games import game_of

    k = kind_named(kind, game_of(c.pos))
    if k is None:
        raise ValueError(f"unknown action type: {kind}")
    return list(k.candidates_fn()(c, max_rail_pairs))


def _prepare(
    position: Any, data: Any, kinds: Iterable[str] | None
) -> tuple[Position, Any, _Ctx, list[str]] | None:
    """(position, data, context, kinds) or None when nobody can act."""
    from ..games import game_of
    from . import _data_for

    if hasattr(position, "position"):  # a LoadedPosition (the engine does not import the loader)
        position = position.position
    pos = position
    data = _data_for(pos, data)
    all_kinds = _kinds(game_of(pos))
    want = list(all_kinds if kinds is None else kinds)
    unknown = set(want) - set(all_kinds)
    if unknown:
        raise ValueError(f"unknown action type(s): {', '.join(sorted(unknown))}")
    if pos.game_over or pos.actions_left < 1:
        return None
    me = pos.turn or (pos.players[0] if pos.players else None)
    if me not in pos.player:
        return None
    if pos.player[me].hand is not None and not pos.player[me].hand:
        return None
    return pos, data, _Ctx(pos, data), [k for k in all_kinds if k in want]


def _judge_unit(c: _Ctx, unit: tuple[Any, ...]) -> Move | None:
    from . import check

    for action in unit:
        v = check(c.pos, action, c.data)
        if v.legal:
            cost, gain = _money_of(v, c.me)
            return Move(action, action.kind, cost, gain, v, c.data)
    return None


def legal_moves(
    position: Any,
    data: Any = None,
    *,
    kinds: Iterable[str] | None = None,
    max_rail_pairs: int = MAX_RAIL_PAIRS,
) -> list[Move]:
    """List every legal single action for the player to move, as :class:`Move` records.

    *kinds* limits the listing to some action types (``"build"``, ``"network"``, ...). Each move
    carries the engine's verdict (``move.verdict.position`` is the position after it).
    """
    prepared = _prepare(position, data, kinds)
    if prepared is None:
        return []
    _, _, c, want = prepared
    out: list[Move] = []
    for kind in want:
        for unit in _units(c, kind, max_rail_pairs):
            m = _judge_unit(c, unit)
            if m is not None:
                out.append(m)
    return out


def sample_moves(
    position: Any,
    rng: _Rng,
    data: Any = None,
    *,
    kinds: Iterable[str],
    k: int = 1,
    max_rail_pairs: int = MAX_RAIL_PAIRS,
) -> list[Move]:
    """Up to *k* different legal moves drawn at random (without replacement) from
    :func:`legal_moves` ``(kinds=kinds)``.

    Cheaper than listing: the candidates are shuffled with *rng* and judged until *k* are legal
    (the legal candidates met first in a random order are a uniform sample of the legal ones).
    """
    prepared = _prepare(position, data, kinds)
    if prepared is None:
        return []
    _, _, c, want = prepared
    units = [u for kind in want for u in _units(c, kind, max_rail_pairs)]
    rng.shuffle(units)
    out: list[Move] = []
    for unit in units:
        m = _judge_unit(c, unit)
        if m is not None:
            out.append(m)
            if len(out) >= k:
                break
    return out


def sample_move(
    position: Any,
    rng: _Rng,
    data: Any = None,
    *,
    kinds: Iterable[str],
    max_rail_pairs: int = MAX_RAIL_PAIRS,
) -> Move | None:
    """A legal move drawn uniformly from :func:`legal_moves` ``(kinds=kinds)``, or None."""
    got = sample_moves(position, rng, data, kinds=kinds, k=1, max_rail_pairs=max_rail_pairs)
    return got[0] if got else None


def legal_actions(position: Any, data: Any = None, **kw: Any) -> list[Any]:
    """Every legal single action for the player to move (see the module docstring for what is
    listed modulo which card is discarded)."""
    return [m.action for m in legal_moves(position, data, **kw)]


def count_by_kind(moves: Iterable[Move], game: str | None = None) -> dict[str, int]:
    """``{kind: count}`` in display order, every kind of *game* present (0 when none); *game*
    defaults to the game the moves were listed for (Lancashire when there are none)."""
    from ..games import game_of

    moves = list(moves)
    if game is None:
        game = game_of(moves[0].data) if moves else "lancashire"
    out = {k: 0 for k in _kinds(game)}
    for m in moves:
        out[m.kind] += 1
    return out


def group_moves(moves: Iterable[Move], position: Any) -> list[dict[str, Any]]:
    """Moves that differ only by the card(s) discarded, as one entry each, saying which cards do.

    A build needs its Location card or its Industry card (or any two cards for a Double Action
    Build); every other action may discard any card (Q029), so it is listed once, as "any card".
    Returns dicts, in listing order: ``notation`` (the action without its card), ``type``,
    ``cost``, ``gain``, ``cards`` (the cards that would do, or None when any card would),
    ``any_card``, ``cards_needed`` (1, 2 for a Double Action Build, 3 for Birmingham's Scout) and
    ``moves`` (the listed moves of the group).
    """
    from dataclasses import replace

    from ..notation import format_action

    if hasattr(position, "position"):  # a LoadedPosition
        position = position.position
    me = position.turn or (position.players[0] if position.players else None)
    hand = position.player[me].hand if me in position.player else None
    groups: dict[tuple[str, str, int, int, int], dict[str, Any]] = {}
    for m in moves:
        a = m.action
        n_cards = 2 if isinstance(a, Build) and len(a.cards) == 2 else 3 if a.kind == "scout" else 1
        key = (format_action(replace(a, cards=()), m.data), m.kind, m.cost, m.gain, n_cards)
        g = groups.get(key)
        if g is None:
            g = groups[key] = {
                "notation": key[0],
                "type": m.kind,
                "cost": m.cost,
                "gain": m.gain,
                "cards": [],
                "any_card": False,
                "cards_needed": n_cards,
                "moves": [],
            }
        g["moves"].append(m)
        if not isinstance(a, Build) or n_cards == 2:
            g["any_card"] = True  # Q029: the card discarded does not matter (two for a Double Action Build)
        else:
            for card in a.cards:
                if card not in g["cards"]:
                    g["cards"].append(card)
    for g in groups.values():
        if g["any_card"]:
            g["cards"] = None if hand is None else list(dict.fromkeys(hand))
    return list(groups.values())
