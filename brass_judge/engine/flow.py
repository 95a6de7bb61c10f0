"""Game flow: setup, the end of a turn, the end of a round, the end of an era and the final score.

Rulebook: Setup, Player Turns, End of Round, End of Canal & Rail Era, Winning the Game.
FAQ: Q016-Q019 (deck, rounds, one action in the first round), Q024-Q028 and Q032 (turn order,
income), Q033-Q034 (income shortfall), Q037 (no Rail Era loans once the draw deck is empty),
Q039-Q050 (era scoring, what carries over, tie-breaks).

Pure: no I/O and no hidden randomness. Shuffles use the ``random.Random`` passed in (or one
seeded from ``seed``), or the explicit orders a logged game records. Every step returns the new
position and a :class:`FlowEffects` (a list of :class:`~brass_judge.verdict.Effect`) that also
carries the ``RUL-*`` codes applied, the assumptions made and any ``GAM005`` violation of a
recorded shortfall choice.

Where a game's flow differs, this module asks its rules object (``data.rules``; the hooks of
``brass_judge/rules.py``, section "hooks: flow"): setup, the cards out of the draw deck at an
era's start, the printed link icons and a link's own scoring rules, the end of the Canal Era, money
VP at the end. The base answers are Lancashire's (the code here); Brass: Birmingham's are in
``brass_judge/games/birmingham/flow.py`` (docs/flow-birmingham.md).

Conventions (documented in docs/games.md):

* a card order is top first; at setup the last card per player of the shuffled deck goes under
  the Deck tile (Stephenson's Rocket) and is never drawn in the Canal Era (Q016);
* hands are dealt 8 at a time from the top, in turn order;
* at the end of the Canal Era all cards (every discard pile, the cards under the Deck tile and
  anything left) form the Rail Era deck; the 2 cards per player under Nathan Rothschild are the
  last cards of the Rail Era draw pile and are drawn normally (Q016, Q047).
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..codes import table_of
from ..model import CANAL, RAIL, PlayerState, Position
from ..rules import Rules
from ..verdict import Effect, Violation
from .board import _ENDS, _ends
from .context import RuleBook

if TYPE_CHECKING:  # annotations only
    import random  # noqa: TID251 -- the type of the rng passed in, never drawn from here
    from collections.abc import Mapping, Sequence
    from typing import TypeVar

    from ..model import Tile

    T = TypeVar("T")


class FlowEffects(list[Effect], RuleBook):
    """The effects of a flow step, with the rules it applied (``RUL-*``), assumptions and problems."""

    # every end of turn makes one: slots make it cheaper to build than an instance dict, and only
    # what every record needs is set here (``game_key`` and ``codes`` are worked out when read)
    __slots__ = ("narrate", "game", "rules", "also", "assumptions", "violations")

    def __init__(self, narrate: bool = True, game: str = "lancashire") -> None:
        # (a new list is empty already: list.__init__ is not called, ends of turn make many of these)
        #: whether effects are written out (a replay turns it off; see engine.check's ``narrate``)
        self.narrate = narrate
        #: the game whose table of codes and rulings the rules applied cite (its data's ``game``)
        self.game = game
        self.rules: list[str] = []
        self.also: list[tuple[str, str]] = []  #: (rule code, ruling) pairs: case-specific rulings relied on
        self.assumptions: list[str] = []
        self.violations: list[Violation] = []

    @property  # (RuleBook's is an attribute: read-only here, as is codes)
    def game_key(self) -> str:  # type: ignore[override]
        """The game whose rulings the cases recorded cite (RuleBook.cite_cases): :attr:`game`."""
        return self.game

    @property
    def codes(self) -> dict[str, Any]:  # type: ignore[override]
        """The game's table of codes (:func:`brass_judge.codes.table_of`), looked up when read:
        no flow step reads it, and a record is made at every end of turn."""
        return table_of(self.game)

    def add(self, kind: str, text: str, /, **data: Any) -> None:
        if self.narrate:
            self.append(Effect(kind, text, data))

    # rule() and assume(): the shared bookkeeping of engine.context.RuleBook

    def extend_from(self, other: FlowEffects) -> None:
        self.extend(other)
        self.merge_rules(other)
        self.violations.extend(other.violations)

    @property
    def rulings(self) -> list[str]:
        from ..codes import rulings_of

        return rulings_of(self.rules, self.also, self.game)


def _game(data: Any) -> str:
    """The game of *data* (whose codes and rulings the flow's effects cite)."""
    game: str = getattr(data, "game", None) or "lancashire"
    return game


def _rng(rng: random.Random | None, seed: Any) -> random.Random:
    if rng is not None:
        return rng
    import random  # noqa: TID251 -- the one seeded draw, when the caller passes a seed, not an rng

    return random.Random(seed)


def _cards_of(deck: dict[str, int]) -> list[str]:
    """The deck as a sorted list of card keys (one entry per card)."""
    return [card for card in sorted(deck) for _ in range(deck[card])]


def _full_deck(data: Any, n: int) -> list[str]:
    """The *n*-player deck of *data* as a sorted list of card keys (:func:`_cards_of`), worked out
    once per game data and player count (setup and the Canal Era's end ask): never change it."""
    decks: dict[int, list[str]] | None = data.__dict__.get("_full_decks")
    if decks is None:
        decks = data.__dict__["_full_decks"] = {}
    full = decks.get(n)
    if full is None:
        full = decks[n] = _cards_of(data.deck_for(n))
    return full


# ------------------------------------------------------------------------------------- setup
def setup(
    players: list[str],
    data: Any,
    *,
    seed: Any = None,
    rng: random.Random | None = None,
    deck_order: list[str] | None = None,
    dcm_order: list[int] | None = None,
    turn_order: list[str] | None = None,
    **orders: Any,
) -> Position:
    """Set up a new game for *players* (names in seat order) under *data*'s rules: the game's
    :meth:`~brass_judge.rules.Rules.setup` (Lancashire's is :func:`deck_setup`). *orders*: the
    game's own explicit orders (Birmingham's ``merchant_order``)."""
    got: Position = data.rules.setup(
        players,
        seed=seed,
        rng=rng,
        deck_order=deck_order,
        dcm_order=dcm_order,
        turn_order=turn_order,
        **orders,
    )
    return got


def deck_setup(
    players: list[str],
    data: Any,
    *,
    seed: Any = None,
    rng: random.Random | None = None,
    deck_order: list[str] | None = None,
    dcm_order: list[int] | None = None,
    turn_order: list[str] | None = None,
) -> Position:
    """Set up a new game of Lancashire for *players* (names in seat order).

    The deck is the fixed deck for the player count (Q001, Q005), shuffled with *rng* (or
    ``random.Random(seed)``) unless *deck_order* gives it (top first; its last card per player
    goes under the Deck tile). Likewise *dcm_order* (the face-down Distant Cotton Market tiles, top
    first) and *turn_order*. The random draws happen in this order: deck, DCM tiles, turn order.
    Raises ValueError when an explicit order is not a permutation of what the rules use.
    """
    n = len(players)
    rules = data.rules
    if n not in rules.players:
        raise ValueError(
            f"{rules.name} is for {rules.players.start}-{rules.players.stop - 1} players, not {n}"
        )
    if len(set(players)) != n:
        raise ValueError("player names must differ")
    r = None
    if deck_order is None or dcm_order is None or turn_order is None:
        r = _rng(rng, seed)
    cards = _full_deck(data, n)
    deck = _ordered(deck_order, cards, r, "the deck order", f"the {n}-player deck")
    tiles = sorted(data.dcm_tiles_for(n))
    dcm = _ordered(dcm_order, tiles, r, "the Distant Cotton Market order", f"the {n}-player tiles")
    order = turn_order_of(players, turn_order, r)
    under = _classic_removal(data, n).get(
        "canal_under_deck_tile", data.deck_tile_cards_per_player["canal"] * n
    )
    pile, under_tile = deck[: len(deck) - under], deck[len(deck) - under :]
    states: dict[str, PlayerState] = {}
    # every player starts with the full mat: worked out once and copied for the others (a mat
    # count's dicts are each player's own; a display per industry, not a comprehension call)
    full_mat = data.mat_counts()
    for name in order:
        hand, pile = pile[: data.hand_size], pile[data.hand_size :]
        states[name] = PlayerState(
            name,
            money=data.start_money,
            income_space=data.start_income_space,
            vp=0,
            spent=0,
            hand=hand,
            mat={ind: {**levels} for ind, levels in full_mat.items()} if states else full_mat,
            links_left=data.links_per_player,
        )
    pos = Position(
        players=order,
        player={p: states[p] for p in order},
        variant=data.variant,
        game=data.game,
        era=CANAL,
        round=1,
        turn=order[0],
        actions_left=1,
        markets={r: m.setup_fill for r, m in data.markets.items()},
        dcm_position=1,
        dcm_drawn=[],
        dcm_order=dcm,
        draw_deck=len(pile),
        draw_pile=pile,
        under_deck_tile=under_tile,
    )
    return pos


def turn_order_of(
    players: Sequence[str], turn_order: Sequence[str] | None, r: random.Random | None
) -> list[str]:
    """The first round's turn order: *turn_order* as given (every player once), else *players*
    shuffled with *r* (the rules: a random order to begin)."""
    if turn_order is None:
        assert r is not None  # drawn whenever an order is not given
        order = list(players)
        r.shuffle(order)
        return order
    order = list(turn_order)
    if sorted(order) != sorted(players):
        raise ValueError(f"the turn order {order} must list every player ({', '.join(players)}) once")
    return order


def _ordered(given: list[T] | None, items: list[T], r: random.Random | None, what: str, name: str) -> list[T]:
    """*given* (checked to hold exactly *items*), or *items* shuffled with *r*."""
    if given is None:
        assert r is not None  # setup draws one whenever an order is not given
        out = list(items)
        r.shuffle(out)
        return out
    out = list(given)
    if not _same_items(out, items):
        raise ValueError(_diff(what, out, items, name))
    return out


def _same_items(got: list[Any], want_sorted: list[Any]) -> bool:
    """Whether *got* holds exactly the items of the sorted list *want_sorted* (any order)."""
    try:
        return sorted(got) == want_sorted
    except TypeError:  # items that do not compare (a log's mistake): count them instead
        return Counter(got) == Counter(want_sorted)


def _diff(what: str, got: list[Any], want: list[Any], name: str) -> str:
    extra = Counter(got) - Counter(want)
    missing = Counter(want) - Counter(got)
    parts = [f"{what} has {len(got)} entries; {name} has {len(want)}"]
    if extra:
        parts.append("not in it: " + ", ".join(f"{k} x{v}" for k, v in sorted(extra.items(), key=str)))
    if missing:
        parts.append("missing: " + ", ".join(f"{k} x{v}" for k, v in sorted(missing.items(), key=str)))
    return "; ".join(parts)


def _classic_removal(data: Any, n: int) -> dict[str, int]:
    """The Classic 3-4 player deck setup's random set-aside counts (Q005), or {} (Roxley rules)."""
    rr = data.variant_rules.get("random_removal") or {}
    return dict(rr.get(n) or rr.get(str(n)) or {})


# ------------------------------------------------------------------------------------ turns
def actions_per_turn(pos: Position) -> int:
    """One action in the first Canal Era round, two afterwards (Q019)."""
    return 1 if pos.round == 1 and pos.era == CANAL else 2  # (every end of turn asks)


def current_player(pos: Position) -> str | None:
    return None if pos.game_over else pos.turn


def last_of_round(pos: Position) -> bool:
    """Is the player to move the last one of the round (their end of turn ends the round)?"""
    taken, me = pos.turns_taken, pos.turn
    for p in pos.players:  # a plain loop: replays ask this several times a turn
        if p != me and p not in taken:
            return False
    return True


def is_game_over(pos: Position) -> bool:
    return bool(pos.game_over)


def is_era_over(pos: Position, data: Any = None) -> bool:
    """Whether this round is the era's last: the draw deck and every hand have run out (Q018).

    When a hand is not known (a position file without hands), the round number decides instead:
    the era has ``data.rounds_per_era[players]`` rounds. When every hand is known to be empty and
    the deck is not given, the deck is empty too: hands are refilled to 8 while it lasts.
    """
    cards_left = False
    for p in pos.player.values():  # one pass (every round's end asks): an unknown hand decides first
        if p.hand is None:
            return data is not None and pos.round >= data.rounds_per_era[pos.num_players]
        cards_left = cards_left or bool(p.hand)
    if cards_left:
        return False
    if pos.draw_pile is not None:
        return not pos.draw_pile
    return pos.draw_deck is None or pos.draw_deck == 0


# ------------------------------------------------------------------------------- the deck
def draw_deck_at_era_start(data: Any, players: int, era: str) -> int:
    """Cards in the draw deck when an era's first round begins, hands dealt (Q016, Q047)."""
    total: int = sum(data.deck_for(players).values())
    aside: int = data.rules.cards_set_aside(players, era)  # under the Deck tile, face down, ...
    dealt: int = players * data.hand_size
    return total - aside - dealt


def cards_drawn_before_round(players: int, era: str, rnd: int) -> int:
    """Cards drawn from the deck in an era before round *rnd* begins: every action discards one
    card and every turn ends by refilling to 8, one action a turn in the first Canal round (Q019)."""
    if rnd <= 1:
        return 0
    if era == CANAL:
        return players + 2 * players * (rnd - 2)
    return 2 * players * (rnd - 1)


def draw_deck_range(pos: Position, data: Any) -> tuple[int, int]:
    """(fewest, most) cards the draw deck can hold during this round: the rounds use up the deck
    at a fixed pace (Q017, Q018), so the round number bounds it."""
    n, start = pos.num_players, draw_deck_at_era_start(data, pos.num_players, pos.era)
    return (
        max(0, start - cards_drawn_before_round(n, pos.era, pos.round + 1)),
        max(0, start - cards_drawn_before_round(n, pos.era, pos.round)),
    )


def draw_deck_empty(pos: Position, data: Any) -> bool | None:
    """Whether the draw deck is empty: from the position when it says, else from the round number
    (in an era's last four rounds the deck is always gone); None when it cannot be known."""
    if pos.draw_pile is not None:
        return not pos.draw_pile
    if pos.draw_deck is not None:
        return pos.draw_deck == 0
    if draw_deck_range(pos, data)[1] == 0:
        return True
    return None


def end_turn(
    pos: Position,
    data: Any,
    *,
    rng: random.Random | None = None,
    seed: Any = None,
    shortfall_choices: Mapping[str, Sequence[str]] | None = None,
    rail_deck_order: list[str] | None = None,
    rail_dcm_order: list[int] | None = None,
    in_place: bool = False,
    narrate: bool = True,
    unknown_deal: bool = False,
) -> tuple[Position, FlowEffects]:
    """End the current player's turn: refill the hand to 8 from the draw pile while it lasts, then
    pass to the next player in turn order; after the last player, :func:`end_round`.

    *unknown_deal*: at the end of the Canal Era with no Rail Era deck order (nor a seed), deal the
    Rail Era hands as unknown cards (a hand-made position carried forward) instead of failing.

    The keyword arguments are passed on to :func:`end_round`. Returns ``(position, effects)``.
    *pos* is not changed unless *in_place* is set (for callers that own a working copy, as replay
    does with each verdict's new position). With ``narrate=False`` no effects are written out
    (the rules applied, assumptions and violations still are).
    """
    return _end_turn(
        pos,
        data,
        rng,
        seed,
        shortfall_choices,
        rail_deck_order,
        rail_dcm_order,
        in_place,
        narrate,
        unknown_deal,
    )


def _end_turn(
    pos: Position,
    data: Any,
    rng: random.Random | None,
    seed: Any,
    shortfall_choices: Mapping[str, Sequence[str]] | None,
    rail_deck_order: list[str] | None,
    rail_dcm_order: list[int] | None,
    in_place: bool,
    narrate: bool,
    unknown_deal: bool,
) -> tuple[Position, FlowEffects]:
    """:func:`end_turn` with every argument given in order (GameDriver ends every turn of a replay
    with it: on CPython 3.11 a call with keyword arguments costs more than a positional one)."""
    if not in_place:
        pos = pos.copy()
    # (_game's lookup written out: a call saved at every end of turn)
    fx = FlowEffects(narrate, getattr(data, "game", None) or "lancashire")
    me = pos.turn
    if me is None:
        raise ValueError("the game is over: there is no turn to end")
    p = pos.player[me]
    hand, pile = p.hand, pos.draw_pile
    if hand is not None and pile is not None:
        need = data.hand_size - len(hand)
        if need > 0 and pile:
            # the hand and the pile are replaced, never changed in place (the copies share them)
            drawn = pile[:need]
            pos.draw_pile = rest = pile[need:]
            pos.draw_deck = len(rest)
            if pos._own_players is not None:  # (a position that owns every state, as a replay's, has none)
                p = pos.own_player(me)  # the player's state is shared with the position copied
            p.hand = hand + drawn
            if narrate:
                fx.add(
                    "draw",
                    f"{me} draws {len(drawn)} card(s) ({pos.draw_deck} left in the draw deck)",
                    player=me,
                    cards=len(drawn),
                    draw_deck=pos.draw_deck,
                )
        else:
            pos.draw_deck = len(pile)
    elif pile is None and draw_deck_empty(pos, data) is not True:
        # a hand-made position: the cards drawn are not known (nor, maybe, how many are left)
        # one card was discarded per action of the turn (Q019), and the hand refills to 8
        need = max(0, data.hand_size - len(p.hand)) if p.hand is not None else actions_per_turn(pos)
        if pos.draw_deck is not None:
            need = min(need, pos.draw_deck)
            pos.draw_deck -= need
        if need != 0:
            if p.hand is not None:
                pos.own_player(me).hand = None
                fx.assumptions.append(
                    f"{me} refills the hand from the draw deck, whose cards are not known: "
                    f"{me}'s hand is unknown from now on (give it in the position to use it)"
                )
            fx.add(
                "draw",
                f"{me} refills the hand to {data.hand_size} from the draw deck",
                player=me,
                draw_deck=pos.draw_deck,
            )
    taken = pos.turns_taken
    if me not in taken:
        taken = [*taken, me]  # replaced, never changed in place (Position.copy)
    # the next player: the first in turn order who has not played this round (one pass over the
    # players finds them or finds that the round is over, as last_of_round would have said)
    for nxt in pos.players:
        if nxt not in taken:
            break
    else:  # (the round's end starts the turns taken afresh: the list above is not kept)
        # (in order, no keywords; the round's end records after the turn's end, in the same effects)
        return _end_round(
            pos,
            data,
            rng,
            seed,
            shortfall_choices,
            rail_deck_order,
            rail_dcm_order,
            narrate,
            unknown_deal,
            fx,
        )
    pos.turns_taken = taken
    pos.turn = nxt
    pos.actions_left = actions_per_turn(pos)
    if narrate:
        fx.add("turn", f"{nxt}'s turn ({pos.actions_left} action(s))", player=nxt, actions=pos.actions_left)
    return pos, fx


def end_round(pos: Position, data: Any, **kw: Any) -> tuple[Position, FlowEffects]:
    """End the round (see :func:`_end_round`): turn order, income, and the era's end when due."""
    return _end_round(pos.copy(), data, **kw)


def _end_round(
    pos: Position,
    data: Any,
    rng: random.Random | None = None,
    seed: Any = None,
    shortfall_choices: Mapping[str, Sequence[str]] | None = None,
    rail_deck_order: list[str] | None = None,
    rail_dcm_order: list[int] | None = None,
    narrate: bool = True,
    unknown_deal: bool = False,
    fx: FlowEffects | None = None,
) -> tuple[Position, FlowEffects]:
    """End the round on *pos* (a working copy, changed in place), recording in *fx* (the end of
    turn's effects, when it ends the round; else new ones).

    1. New turn order: least spent first, ties keep their relative order (Q024, Q026); spent
       money is cleared.
    2. Income for everyone at once, paid or charged, except after the game's last round (Q027,
       Q028, Q032); a shortfall removes own tiles for half cost, then costs VP (Q033, Q034).
    3. When the draw deck and every hand are empty, the era ends (:func:`_end_era`).

    With the ``original`` variant's ``income_timing: start_of_round`` (variants.yaml) step 2 moves
    to the start of the next round: the same point between turns, except at the end of the Canal
    Era, where the era is scored first and the Rail Era's first round then starts with income.
    """
    if fx is None:
        fx = FlowEffects(narrate, _game(data))
    era_over = is_era_over(pos, data)
    last_round = era_over and pos.era == RAIL
    at_start = data.rules.income_at_round_start
    due = (pos.era, pos.round)  # the round whose end brings the income (how a log names a shortfall)
    # 1. turn order by money spent, stable for ties (Q024, Q026); the spent money is cleared. Every
    #    player's state changes at the round's end: all are owned here at once (copy-on-write)
    player = pos.own_players()
    spent = {}
    for n in pos.players:
        p = player[n]
        spent[n] = p.spent
        p.spent = 0
    order = sorted(pos.players, key=spent.__getitem__)
    fx.rule("RUL-TURN-ORDER")
    if narrate:
        fx.add(
            "turn-order",
            "new turn order: " + ", ".join(f"{n} (spent £{spent[n]})" for n in order),
            order=list(order),
            spent=spent,
        )
    pos.players = order
    # 2. income, not after the last round of the game (Q028)
    if at_start:
        pass  # taken when the next round starts (none after the game's last round)
    elif last_round:
        fx.rule("RUL-INCOME", "income.none-after-last-round")
        if narrate:
            fx.add("income", "no income after the last round of the game", skipped=True)
    else:
        fx.rule("RUL-INCOME")
        _take_income(pos, data, order, shortfall_choices, fx)
    # 3. the era ends when the deck and every hand are empty: the player count's deck divides
    #    evenly into 10/9/8 rounds (Q017, Q018)
    if era_over:
        fx.rule("RUL-DECK")
        _end_era(
            pos,
            data,
            rng=rng,
            seed=seed,
            rail_deck_order=rail_deck_order,
            rail_dcm_order=rail_dcm_order,
            unknown_deal=unknown_deal,
            narrate=narrate,
            fx=fx,  # the era's end records after the round's end, in the same effects
        )
        if at_start and not last_round:
            _start_of_round_income(pos, data, shortfall_choices, fx, due)
        return pos, fx
    pos.round += 1
    pos.turns_taken = []
    pos.turn = order[0]
    pos.actions_left = actions_per_turn(pos)
    if narrate:
        fx.add(
            "round",
            f"{pos.era.title()} Era round {pos.round} begins; {pos.turn} goes first",
            era=pos.era,
            round=pos.round,
            turn=pos.turn,
        )
    if at_start:
        _start_of_round_income(pos, data, shortfall_choices, fx, due)
    return pos, fx


def _start_of_round_income(
    pos: Position,
    data: Any,
    shortfall_choices: Mapping[str, Sequence[str]] | None,
    fx: FlowEffects,
    due: tuple[str, int],
) -> None:
    """Income at the start of a round (the original rules, seeds/003; Q028: as many payouts as the
    Roxley end-of-round income). *due*: the round just ended, under which a log records a shortfall."""
    fx.rule("RUL-INCOME-START")
    if fx.narrate:
        fx.add(
            "income-timing",
            f"{pos.era.title()} Era round {pos.round} starts with income (original rules)",
            era=pos.era,
            round=pos.round,
        )
    era, rnd = pos.era, pos.round
    pos.era, pos.round = due  # tiles removed for a shortfall are recorded under the round that ended
    try:
        _take_income(pos, data, pos.players, shortfall_choices, fx)
    finally:
        pos.era, pos.round = era, rnd


def tile_ref(t: Tile) -> str:
    """How a log names a tile for a shortfall choice: ``location#space``."""
    return f"{t.location}#{t.space}"


def _take_income(
    pos: Position,
    data: Any,
    names: Sequence[str],
    choices: Mapping[str, Sequence[str]] | None,
    fx: FlowEffects,
) -> None:
    """Income for the players *names*, in that order: each takes their income level in money, or
    pays a negative one (:func:`_pay_income`); *choices*: the tiles each names for a shortfall."""
    income_level, player, narrate = data.income_level, pos.player, fx.narrate
    # a marker on the track (as it always is) reads its level straight from the track's table; one
    # off it is clamped by data.income_level (a call saved per player, every round)
    levels = data.income_level_of_space
    spaces = len(levels)
    for name in names:
        p = player[name]
        space = p.income_space
        level = levels[space] if 0 <= space < spaces else income_level(space)
        choice = choices.get(name) if choices else None
        if choice is not None and (level >= 0 or p.money >= -level):
            _bad_choice(
                fx,
                name,
                f"tiles are named for {name} to remove for an income shortfall, but {name} "
                f"{'takes income' if level >= 0 else 'can pay'} (income level {level}, £{p.money})",
            )
        if level < 0:
            _pay_income(pos, data, name, level, choice, fx)
            continue
        p.money += level
        if narrate:
            fx.add(
                "income",
                f"{name} takes £{level} income (level {level})",
                player=name,
                amount=level,
                money=p.money,
            )


def _pay_income(
    pos: Position, data: Any, name: str, level: int, choice: Sequence[str] | None, fx: FlowEffects
) -> None:
    """*name* pays the negative income *level*; short of money, they remove tiles (*choice*: the
    ones the game names) and then lose VP (Q033, Q034)."""
    p = pos.player[name]
    owed = -level
    # negative income is paid to the bank every round
    fx.rule(
        "RUL-INCOME-START" if data.rules.income_at_round_start else "RUL-INCOME",
        "income.negative-paid",
    )
    if p.money >= owed:
        p.money -= owed
        if fx.narrate:
            fx.add(
                "income",
                f"{name} pays £{owed} (income level {level})",
                player=name,
                amount=-owed,
                money=p.money,
            )
        return
    # Shortfall: remove own tiles for half their cost (rounded down), stopping once covered; the
    # excess is kept. Then 1 VP per £1 still short, as far as VP allow (Q033, Q034).
    fx.rule("RUL-SHORTFALL")
    cash = p.money
    removed = []
    own = [t for t in pos.tiles if t.owner == name]

    def value(t: Tile) -> int:
        cost: int = data.tile(t.industry, t.level).cost
        return cost // 2

    if choice is not None:
        for ref in choice:
            if cash >= owed:
                _bad_choice(
                    fx,
                    name,
                    f"{name}'s shortfall is already covered (£{cash} for £{owed}); removing "
                    f"{ref} as well is not allowed: stop as soon as it is covered",
                )
                break
            t = _find_own_tile(pos, name, ref, data)
            if isinstance(t, str):
                _bad_choice(fx, name, t)
                continue
            cash += value(t)
            removed.append(t)
            pos.remove_tile(t)
            own.remove(t)
        if cash < owed and own:
            _bad_choice(
                fx,
                name,
                f"{name} must pay £{owed} of negative income and has only £{cash} with the "
                f"tiles named, but still has {len(own)} {'other ' if removed else ''}tile(s) on the board: name more tiles "
                "until it is covered (VP are lost only when no tile is left)",
            )
    if cash < owed and own:
        own.sort(key=lambda t: (value(t), t.flipped, t.level, t.location, t.space))
        auto = []
        for t in own:
            if cash >= owed:
                break
            cash += value(t)
            removed.append(t)
            auto.append(t)
            pos.remove_tile(t)
        if auto:
            fx.assumptions.append(
                f"{name}'s choice of tiles to remove for the income shortfall is not recorded: removed the "
                "least valuable first (" + ", ".join(tile_ref(t) for t in auto) + ")"
            )
    for t in removed:
        fx.add(
            "tile-removed",
            f"{name} removes the level {t.level} {data.industry_names[t.industry]} in "
            f"{data.locations[t.location].name} for £{value(t)} (income shortfall)",
            player=name,
            location=t.location,
            space=t.space,
            industry=t.industry,
            level=t.level,
            amount=value(t),
            era=pos.era,
            round=pos.round,
            ref=tile_ref(t),
        )
    if cash >= owed:
        p.money = cash - owed
        fx.add(
            "income", f"{name} pays £{owed} (income level {level})", player=name, amount=-owed, money=p.money
        )
        return
    short = owed - cash
    lost = min(p.vp, short)
    p.money = 0
    p.vp -= lost
    fx.add(
        "income",
        f"{name} pays £{cash} of £{owed} (income level {level}) and loses {lost} VP for the "
        f"£{short} still short",
        player=name,
        amount=-cash,
        money=0,
        vp_lost=lost,
    )


def _bad_choice(fx: FlowEffects, name: str, what: str) -> None:
    """A shortfall choice (a log's, or check --apply's) that the rules do not allow (GAM005, Q033, Q034)."""
    fx.violations.append(Violation("GAM005", {"player": name, "what": what}, game=fx.game))


def _find_own_tile(pos: Position, name: str, ref: str, data: Any) -> Tile | str:
    """Resolve a shortfall choice (``location`` or ``location#space``) to one of *name*'s tiles,
    or return a message saying why not."""
    text = str(ref).strip()
    space = None
    if "#" in text:
        text, sp = text.split("#", 1)
        try:
            space = int(sp)
        except ValueError:
            return f"cannot read {ref!r} as LOCATION#SPACE"
    try:
        loc = data.location(text).key
    except Exception as exc:
        hint = list(getattr(exc, "suggestions", None) or ())[:3]
        return f"{ref!r} is not a location" + (f" (did you mean: {', '.join(hint)}?)" if hint else "")
    tiles = [
        t for t in pos.tiles if t.owner == name and t.location == loc and (space is None or t.space == space)
    ]
    if not tiles:
        return f"{name} has no tile in {data.locations[loc].name}" + (
            f" on space {space}" if space is not None else ""
        )
    if len(tiles) > 1:
        return f"{name} has {len(tiles)} tiles in {data.locations[loc].name}: name the space ({loc}#N)"
    return tiles[0]


# -------------------------------------------------------------------------------------- eras
def link_icons(pos: Position, data: Any) -> Counter[str]:
    """Link icons in each location now: those printed on the board plus those on flipped tiles of
    anyone (Q039)."""
    return _flipped_tiles(pos, data, {})[0]


def _flipped_tiles(pos: Position, data: Any, tile_vp: dict[str, int]) -> tuple[Counter[str], bool]:
    """One pass over the board's flipped tiles (every era's end): the link icons per location
    (:func:`link_icons`); each tile's VP added to its owner's entry of *tile_vp* (the players who
    score); and whether a level 2+ tile is among them (it scores again at the Rail Era's end)."""
    icons: Counter[str] = Counter()
    # (dict's own update: an empty Counter's update is the same, after an abstract-class check)
    dict.update(icons, data.rules.printed_link_icons(pos.num_players))
    get, tile = icons.get, data.tile
    again = False
    for t in pos.tiles:
        if t.flipped:
            spec = tile(t.industry, t.level)
            k = spec.link_icons
            if k:  # (a Counter reads a location with none as 0: no key needed)
                icons[t.location] = get(t.location, 0) + k  # (get: no Counter.__missing__ call)
            again = again or t.level >= 2
            if t.owner in tile_vp:
                tile_vp[t.owner] += spec.vp
    return icons, again


def link_vp(pos: Position, data: Any, icons: Mapping[str, int] | None = None) -> dict[str, int]:
    """VP each link scores now: 1 per link icon in the two locations it touches, counting the icons
    printed on the board and those on flipped tiles of anyone (Q039); *icons*: :func:`link_icons`
    when already worked out."""
    if icons is None:
        icons = link_icons(pos, data)
    get = icons.get  # (not icons[end]: a Counter's missing key costs a call in Python)
    out = {}
    for l in pos.links:
        line = l.line
        vp = 0
        for end in _ENDS.get(line) or _ends(line):  # plain loops: every link, at every era's end
            vp += get(end, 0)
        out[line] = vp
    return out


def _end_era(
    pos: Position,
    data: Any,
    *,
    rng: random.Random | None = None,
    seed: Any = None,
    rail_deck_order: list[str] | None = None,
    rail_dcm_order: list[int] | None = None,
    unknown_deal: bool = False,
    narrate: bool = True,
    fx: FlowEffects | None = None,
) -> FlowEffects:
    """The era's end on *pos* (changed in place), recording in *fx* (the round's end's effects;
    else new ones). With ``narrate=False`` (a replay's quiet end of turn) only the ``era-end``
    effect is written out: callers look for it to know that an era ended. The scores, their
    per-link and per-tile breakdowns and the rest are written out only when narrating (the rules
    applied, assumptions and violations are recorded either way)."""
    if fx is None:
        fx = FlowEffects(narrate, _game(data))
    fx.append(Effect("era-end", f"the {pos.era.title()} Era ends", {"era": pos.era}))
    players = pos.players
    # 1. every link scores and is removed, all players before any tile scores (Q039-Q041)
    fx.rule("RUL-LINK-SCORING")
    # the link icons, and the flipped tiles' VP for step 2, in one pass over the board (nothing in
    # between changes a tile)
    tile_got = dict.fromkeys(players, 0)
    icons, again = _flipped_tiles(pos, data, tile_got)
    vp = link_vp(pos, data, icons)
    link_got = dict.fromkeys(players, 0)
    # a game's own rules that decided a link's score (Birmingham: a three-ended link, a merchant
    # with no tile); recorded as applied and named on the link's line of the breakdown
    # (the base's hook decides no link's score: only a game's own is asked, link by link)
    rules = data.rules
    own: dict[str, tuple[str, ...]] = {}
    if type(rules).link_scoring_cases is Rules.link_scoring_cases:
        for l in pos.links:  # one pass over the links (every era's end)
            link_got[l.owner] += vp[l.line]
    else:
        cases_of = rules.link_scoring_cases
        for l in pos.links:
            link_got[l.owner] += vp[l.line]
            cases = own[l.line] = cases_of(pos, l.line, icons)
            for code in cases:
                fx.rule(code)
    for n in players:
        pos.player[n].vp += link_got[n]
    if narrate:
        for n in players:
            mine = [l.line for l in pos.links if l.owner == n]
            fx.add(
                "score-links",
                f"{n} scores {link_got[n]} VP for {len(mine)} link(s)",
                player=n,
                vp=link_got[n],
                links={line.replace("~", "-"): vp[line] for line in mine},
                total=pos.player[n].vp,
                breakdown=[
                    {
                        "line": line.replace("~", "-"),
                        "vp": vp[line],
                        "icons": {end: icons[end] for end in line.split("~")},
                        **({"rules": list(own[line])} if own.get(line) else {}),
                    }
                    for line in mine
                ],
            )
    pos.links = []
    for n in players:
        pos.player[n].links_left = data.links_per_player
    # 2. flipped tiles score their VP (Q038, Q043)
    # flipped level 2+ tiles score now and, surviving the Canal Era, again at the Rail Era's end (Q043)
    # (tile_got and again: worked out with the link icons above)
    fx.rule("RUL-TILE-SCORING", *(("era.level2-scores-again",) if again else ()))
    for n in players:
        pos.player[n].vp += tile_got[n]
    if any(tile_got.values()) or any(link_got.values()):
        # scoring moves the VP marker only, never income
        fx.rule("RUL-TILE-SCORING", "score.vp-track-not-income")
    if narrate:
        for n in players:
            tiles = [t for t in pos.tiles if t.flipped and t.owner == n]
            fx.add(
                "score-tiles",
                f"{n} scores {tile_got[n]} VP for {len(tiles)} flipped tile(s)",
                player=n,
                vp=tile_got[n],
                total=pos.player[n].vp,
                breakdown=[
                    {
                        "location": t.location,
                        "space": t.space,
                        "industry": t.industry,
                        "level": t.level,
                        "vp": data.tile(t.industry, t.level).vp,
                    }
                    for t in tiles
                ],
            )
    if pos.era == CANAL:
        data.rules.end_canal_era(
            pos,
            fx,
            rng=rng,
            seed=seed,
            rail_deck_order=rail_deck_order,
            rail_dcm_order=rail_dcm_order,
            unknown_deal=unknown_deal,
        )
    else:
        _end_rail(pos, data, fx)
    return fx


def _end_canal(
    pos: Position,
    data: Any,
    fx: FlowEffects,
    *,
    rng: random.Random | None,
    seed: Any,
    rail_deck_order: list[str] | None,
    rail_dcm_order: list[int] | None,
    unknown_deal: bool = False,
) -> None:
    fx.rule("RUL-CANAL-END")
    # 3. every level 1 tile leaves the board with its cubes (Q042, Q044); level 2+ stay as they are
    remove_level1(pos, fx)
    # 4. the Distant Cotton Market resets and its tiles are reshuffled; markets carry over (Q045)
    tiles = sorted(data.dcm_tiles_for(pos.num_players))
    r = None
    if rail_dcm_order is not None:
        if not _same_items(list(rail_dcm_order), tiles):
            raise ValueError(
                _diff(
                    "the Rail Era Distant Cotton Market order",
                    list(rail_dcm_order),
                    tiles,
                    f"the {pos.num_players}-player tiles",
                )
            )
        dcm: list[int] | None = list(rail_dcm_order)
    else:
        r = _rng(rng, seed) if (rng is not None or seed is not None) else None
    # 5. the Rail Era deck: every discard, the cards under the Deck tile and anything left (Q005, Q047)
    cards: list[str] = []
    for n in pos.players:
        p = pos.player[n]
        cards.extend(p.discard)
        p.discard = []
        if p.hand:
            cards.extend(p.hand)
        p.hand = []
    cards.extend(pos.under_deck_tile or [])
    cards.extend(pos.draw_pile or [])
    full = _full_deck(data, pos.num_players)
    aside = _classic_removal(data, pos.num_players).get("rail_removed", 0)
    deck: list[str] | None
    if rail_deck_order is not None:
        deck = list(rail_deck_order)
        missing = Counter(full) - Counter(deck) if len(deck) == len(full) - aside and aside else None
        if missing and not Counter(deck) - Counter(full):
            # a log that leaves out the cards set aside at random (Classic setup, Q005): the cards
            # missing are exactly those, and their order does not matter (they are never drawn)
            deck += sorted(missing.elements())
            fx.assumptions.append(
                f"the Rail Era deck order lists {len(rail_deck_order)} of the {len(full)} cards: the {aside} missing ("
                + ", ".join(sorted(missing.elements()))
                + ") are taken as the cards set aside at random (Classic setup)"
            )
        if not _same_items(deck, full):
            raise ValueError(
                _diff("the Rail Era deck order", deck, full, f"the {pos.num_players}-player deck")
            )
    elif r is None and unknown_deal:
        deck = None  # shuffled and dealt at the table: the cards are not known here
    else:
        if r is None:
            raise ValueError("the Rail Era deck order is needed: give a seed or the Rail Era deck order")
        # the full deck in sorted order: the cards collected, sorted, when they are the full deck;
        # else they are taken as it (assumed below)
        deck = list(full)
        r.shuffle(deck)
    if rail_dcm_order is None:
        if r is None and unknown_deal:
            dcm = None
        elif r is None:
            raise ValueError("the Rail Era Distant Cotton Market order is needed: give a seed or the order")
        else:
            dcm = list(tiles)
            r.shuffle(dcm)
    if deck is not None and not _same_items(cards, full):
        if not cards:
            fx.assumptions.append(
                f"the position does not record the cards (hands, discards, deck): the Rail Era "
                f"deck is taken as the full {len(full)}-card {pos.num_players}-player deck"
            )
        else:
            fx.assumptions.append(
                _diff(
                    "the cards collected at the end of the Canal Era",
                    cards,
                    full,
                    f"the {pos.num_players}-player deck",
                )
                + "; the Rail Era deck is the full deck"
            )
    pos.dcm_position = 1
    pos.dcm_drawn = []
    pos.dcm_order = dcm
    if fx.narrate:  # (the texts below are made only when written out)
        fx.add(
            "dcm-reset",
            "the Distant Cotton Market marker returns to the top and its tiles are reshuffled",
            marker=1,
            tiles=len(tiles),
        )
    # 6. everyone draws 8; the Deck tile goes in Nathan Rothschild side up with 2 cards per player
    #    under it: they are the last cards of the draw pile and are drawn (Q016, Q047)
    # (the Classic 3-4 player deck setup sets some cards aside at random instead, Q005)
    if deck is None:
        for n in pos.players:
            pos.player[n].hand = None
        deck = [None] * (len(full) - aside - data.hand_size * pos.num_players)  # type: ignore[list-item]  # only its size is known (no card keys)
        pos.draw_pile, pos.draw_deck, pos.under_deck_tile = None, len(deck), None
        fx.assumptions.append(
            "the Rail Era deck is shuffled and dealt at the table: the cards are not known here, "
            "so every hand is unknown (give them in the position to use them)"
        )
    else:
        deck, set_aside = deck[: len(deck) - aside], deck[len(deck) - aside :]
        for n in pos.players:
            pos.player[n].hand, deck = deck[: data.hand_size], deck[data.hand_size :]
        pos.draw_pile = deck
        pos.draw_deck = len(deck)
        pos.under_deck_tile = set_aside
    if fx.narrate and aside:
        fx.add(
            "rail-deck",
            f"the Rail Era deck has {len(full)} cards: {aside} set aside at random (Classic setup), "
            f"{data.hand_size} dealt to each player, {len(deck)} in the draw deck",
            cards=len(full),
            draw_deck=len(deck),
            set_aside=aside,
        )
    elif fx.narrate:
        fx.add(
            "rail-deck",
            f"the Rail Era deck has {len(full)} cards: {data.hand_size} dealt to each player, "
            f"{len(deck)} in the draw deck (the last {data.deck_tile_cards_per_player['rail'] * pos.num_players} "
            "under Nathan Rothschild)",
            cards=len(full),
            draw_deck=len(deck),
        )
    pos.era = RAIL
    pos.round = 1
    pos.turns_taken = []
    pos.turn = pos.players[0]
    pos.actions_left = actions_per_turn(pos)
    if fx.narrate:
        fx.add("round", f"Rail Era round 1 begins; {pos.turn} goes first", era=RAIL, round=1, turn=pos.turn)


def remove_level1(pos: Position, fx: FlowEffects) -> None:
    """Every level 1 tile leaves the board with its cubes; level 2+ tiles stay as they are."""
    if fx.narrate:
        gone = [t for t in pos.tiles if t.level == 1]
        fx.add(
            "level1-removed",
            f"{len(gone)} level 1 tile(s) leave the board",
            removed=len(gone),
            tiles=[f"{t.owner} {t.industry}@{t.location}#{t.space}" for t in gone],
        )
    pos.tiles = [t for t in pos.tiles if t.level != 1]


def _end_rail(pos: Position, data: Any, fx: FlowEffects) -> None:
    fx.rule("RUL-RAIL-END")
    # 3. 1 VP per £10; the money stays for the tie-break (Q048, Q050); a game may score no money
    per: int | None = data.rules.money_vp_per
    if per:
        for n in pos.players:
            p = pos.player[n]
            got = p.money // per
            p.vp += got
            if fx.narrate:
                fx.add("score-money", f"{n} scores {got} VP for £{p.money}", player=n, vp=got, total=p.vp)
    pos.game_over = True
    pos.turn = None
    pos.actions_left = 0
    pos.turns_taken = []
    # ties on VP go to the income track (by space, Q050), then money; still level is shared (Q049)
    vps = [pos.player[n].vp for n in pos.players]
    tie = len(set(vps)) < len(vps)
    # the standings (sorted by the variant's tie-breaks), for the ties' rulings and the narration
    board = scores(pos, data) if tie or fx.narrate else []
    if tie:
        also = ["score.ties"]
        tied: dict[int, list[dict[str, Any]]] = {}
        for s in board:
            tied.setdefault(s["vp"], []).append(s)
        if any(
            len({r["income_level"] for r in g}) < len({r["income_space"] for r in g}) for g in tied.values()
        ):
            also.append("score.tie-same-income")
        fx.rule("RUL-RAIL-END", *also)
    if fx.narrate:
        winners = [s["player"] for s in board if s["rank"] == 1]
        fx.add(
            "game-end",
            ("winner: " if len(winners) == 1 else data.rules.shared_win_text) + ", ".join(winners),
            winners=winners,
            scores=board,
        )


def scores(pos: Position, data: Any) -> list[dict[str, Any]]:
    """The standings: VP, then the variant's tie-break (variants.yaml ``tie_break``; standard:
    income, by the income space, Q050, then money); still level = shared (Q049). The original
    rules then prefer the player earliest in the turn order (seeds/003). Each row: player, vp,
    income_space, income_level, money, rank (1 = best)."""
    rows = []
    for i, n in enumerate(pos.players):
        p = pos.player[n]
        rows.append(
            {
                "player": n,
                "vp": p.vp,
                "income_space": p.income_space,
                "income_level": data.income_level(p.income_space),
                "money": p.money,
                "_seat": -i,
            }
        )
    ties = data.variant_rules.get("tie_break") or ("income_space", "money")
    key = itemgetter("vp", *("_seat" if t == "turn_order" else t for t in ties))
    rows.sort(key=key, reverse=True)
    before = None
    for i, r in enumerate(rows):
        now = key(r)
        r["rank"] = rows[i - 1]["rank"] if i and before == now else i + 1
        before = now
        del r["_seat"]
    return rows


def winners(pos: Position, data: Any) -> list[str]:
    return [r["player"] for r in scores(pos, data) if r["rank"] == 1]
