"""One game driver: setup, turns, ends of turn with their shortfall choices, era ends, game end.

Replay (strict and keep-going, and so lint), self-play, the engine tests and the benchmark (which
times replay and self-play) all play a game the same way; :class:`GameDriver` is that way,
written once::

    d = GameDriver.new_game(players, data, rng=rng)     # flow.setup (or GameDriver(data, position))
    while not d.game_over:
        while d.must_act:                               # actions left, and a card to play
            v = d.judge(action)                         # the engine's check, quiet
            d.accept(v)                                 # the new position (when the caller keeps it)
        end = d.end_turn()                              # refill, next player; at the round's end:
                                                        # turn order, income and its shortfalls,
                                                        # the era's end, the game's end

What differs between the callers (which action to play, what a replay reports, what self-play
records) stays with them: the driver only owns the position, the game's chance (the *rng* given,
passed to ``flow.setup`` and ``flow.end_turn`` in the order they draw) and the shortfall choices
the game states. It is pure: it reads no files and draws nothing of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model import Pass, Position
from . import _data_for, flow, judge_in_place, judge_one

if TYPE_CHECKING:
    from ..verdict import Verdict
    from .context import Judge

#: the tiles each player removes to pay a negative income, per (era, round): {player: [LOC#SPACE]}
Shortfalls = Mapping[tuple[str, int], Mapping[str, Sequence[str]]]


@dataclass
class TurnEnd:
    """What one end of turn did: the era and round it ended a turn of, and the flow's effects."""

    era: str
    round: int
    round_end: bool  #: the last turn of the round: the round (and maybe the era or game) ended
    effects: flow.FlowEffects
    #: the shortfall choices of the game handed to this round's end (None: none were stated)
    choices: dict[str, list[str]] | None = None


@dataclass
class GameDriver:
    """Drive one game of *data*'s rules from *position*.

    *rng* is the game's chance (the shuffles at setup and at the Rail Era, when no order is given);
    *rail_deck_order* and *rail_dcm_order* state those draws instead. *shortfalls* are the
    choices the game states for negative incomes, used at the end of their round.
    *in_place*: the driver owns its position and ends turns on it in place (a replay, whose
    positions are its own working copies); otherwise every end of turn makes a new position,
    so that a position handed out earlier never changes.
    """

    data: Any
    position: Position
    rng: Any = None
    rail_deck_order: list[str] | None = None
    rail_dcm_order: list[int] | None = None
    shortfalls: Shortfalls = field(default_factory=dict)
    in_place: bool = False
    #: (era, round) of every round end that was handed stated shortfall choices
    used_shortfalls: set[tuple[str, int]] = field(default_factory=set)
    #: the game data the engine judges with (*data*, or the data of the position's game and
    #: variant when *data* is not it), worked out at the first action judged
    _judge_data: Any = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def new_game(
        cls,
        players: Sequence[str],
        data: Any,
        *,
        rng: Any = None,
        deck_order: list[str] | None = None,
        dcm_order: list[int] | None = None,
        turn_order: list[str] | None = None,
        merchant_order: list[str] | None = None,
        **kw: Any,
    ) -> GameDriver:
        """Set up a new game (``flow.setup``, which raises ValueError on a bad order) and drive it.
        *merchant_order*: Birmingham's merchant tiles, one per merchant space in play (map order)."""
        more = {} if merchant_order is None else {"merchant_order": merchant_order}
        pos = flow.setup(
            list(players),
            data,
            rng=rng,
            deck_order=deck_order,
            dcm_order=dcm_order,
            turn_order=turn_order,
            **more,
        )
        return cls(data, pos, rng=rng, **kw)

    # ------------------------------------------------------------------------- the state
    @property
    def game_over(self) -> bool:
        return flow.is_game_over(self.position)

    @property
    def to_move(self) -> str | None:
        """The player to move (None in a finished game)."""
        return self.position.turn

    @property
    def last_of_round(self) -> bool:
        return flow.last_of_round(self.position)

    def can_act(self) -> bool:
        """The player to move has an action left and a card to play it with (or an unknown hand)."""
        pos = self.position
        if pos.turn is None:  # a finished game
            return False
        hand = pos.player[pos.turn].hand
        return pos.actions_left > 0 and (hand is None or bool(hand))

    #: :meth:`can_act` read as a property (the replay, which asks once a turn, calls the method:
    #: on 3.11 a method call costs less than a property read)
    must_act = property(can_act)

    # ------------------------------------------------------------------------- actions
    def judge(self, action: Any, player: str | None = None) -> Verdict:
        """The engine's quiet verdict on *action* by *player* (default: the player to move)."""
        pos = self.position
        data = self._judge_data  # (worked out at the first action)
        return judge_one(pos, action, player or pos.turn, data or self._data())

    def judge_in_place(
        self, action: Any, player: str | None = None, context: Judge | None = None
    ) -> Judge | None:
        """Judge *action* by *player* (default: the player to move) on the driver's own position,
        changed in place (``engine.judge_in_place``; a driver that owns its position, *in_place*):
        the judging context of a legal action, None otherwise. After anything but a legal action
        the position is half-changed, and the driver must not be used any more. *context*: the
        one returned for the last action (or made by :meth:`in_place_context`), judging this one."""
        pos = self.position
        data = self._judge_data
        return judge_in_place(pos, action, player or pos.turn, data or self._data(), context)

    def in_place_context(self, rules: dict[str, None], also: dict[tuple[str, str], None]) -> Judge:
        """A quiet judging context for :meth:`judge_in_place` to judge action after action with,
        recording the rules applied in *rules* and the case rulings in *also* (the caller's
        record of the whole game, as ordered sets)."""
        from .context import Judge

        pos = self.position
        return Judge(pos, self._data(), pos.turn or "", False, rules=rules, also=also)

    def _data(self) -> Any:
        data = self._judge_data
        if data is None:
            data = self._judge_data = _data_for(self.position, self.data)
        return data

    def accept(self, verdict: Verdict) -> None:
        """Carry on from *verdict*'s position (a legal verdict with no chance left open)."""
        self.position = verdict.position

    def play(self, action: Any) -> Verdict:
        """Judge *action* by the player to move; carry on from it when legal with a known outcome."""
        v = self.judge(action)
        if v.legal and not v.outcomes:
            self.position = v.position
        return v

    def give_turn(self, player: str) -> None:
        """Play the rest of this turn as *player* (a log that gives the turn to another player)."""
        self.position = self.position.copy()
        self.position.turn = player

    def pass_out(self) -> None:
        """Fill the player's unused actions with passes discarding the first cards of the hand."""
        pos = self.position
        me = pos.turn
        if me is None:  # a finished game
            return
        p = pos.player[me]
        while pos.actions_left > 0 and p.hand:
            v = judge_one(pos, Pass((p.hand[0],)), me, self._data())
            if not v.legal or v.position.actions_left >= pos.actions_left:
                break  # not expected: a pass is always legal and uses an action
            pos = v.position  # each pass is judged on the position the last one left
            p = pos.player[me]
        self.position = pos

    # ------------------------------------------------------------------------- end of turn
    def shortfall_choices(self, round_end: bool | None = None) -> dict[str, list[str]] | None:
        """The stated shortfall choices the end of this turn uses (its round's, at the round's end)."""
        if not (self.last_of_round if round_end is None else round_end):
            return None
        pos = self.position
        stated = self.shortfalls.get((pos.era, pos.round))
        if not stated:
            return None
        return {k: list(v) for k, v in stated.items()}

    def end_turn(self, *, narrate: bool = False) -> TurnEnd:
        """End the turn of the player to move (``flow.end_turn``); returns what it did.

        Raises ValueError (from the flow) when a stated Rail Era order is not the rules' own.
        """
        pos = self.position
        era, rnd = pos.era, pos.round
        fx, choices = self.finish_turn(narrate)
        # every round's end (and so every era's and the game's) starts the turns taken afresh; any
        # other end of turn adds the player to them: the flow's own answer, not asked again
        return TurnEnd(era, rnd, not self.position.turns_taken, fx, choices)

    def finish_turn(self, narrate: bool = False) -> tuple[flow.FlowEffects, dict[str, list[str]] | None]:
        """:meth:`end_turn` without its :class:`TurnEnd`: (the flow's effects, the shortfall choices
        handed to it), for the replay, which ends every turn of a log and reads only those two."""
        choices = None
        if self.shortfalls:  # (most games state none: then no need to ask whether the round ends)
            choices = self.shortfall_choices()
            if choices is not None:
                pos = self.position
                self.used_shortfalls.add((pos.era, pos.round))
        # (flow.end_turn's arguments in order: a replay ends every turn here, and on CPython 3.11 a
        # call with keywords costs more)
        self.position, fx = flow._end_turn(
            self.position,
            self.data,
            self.rng,
            None,
            choices,
            self.rail_deck_order,
            self.rail_dcm_order,
            self.in_place,
            narrate,
            False,
        )
        return fx, choices
