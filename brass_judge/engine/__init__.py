"""The rules engine: judge a turn (one or two actions) on a position. Pure: data in, verdict out.

Public surface (the same names the CLI uses)::

    check(position, turn_or_action, data=None) -> Verdict   # legal?, violations, effects, rulings
    apply(position, turn_or_action, data=None) -> Position  # raises IllegalAction when illegal
    legal_actions(position, data=None)                      # see engine/moves.py

Each action family lives in its own module (build, links, develop, loan; a game's own kinds, such
as Lancashire's Sell, in its folder), found through the registry of action kinds
(:mod:`brass_judge.actions`); turn-level rules (whose turn, how many actions, the card
discarded) are here.

The engine judges the position it is given: it does not validate it first and reads no files.
The library facade (``brass_judge.check``, :mod:`brass_judge.facade`) and the CLI validate
first, so that an impossible position is never judged.
"""

from __future__ import annotations

from typing import Any, cast

from ..actions import judges_by_class

# the Distant Cotton Market's draws: a Lancashire chance the engine enumerates (games/lancashire/dcm.py)
from ..games.lancashire.sell import NeedDraw, unseen_dcm_tiles  # noqa: F401 -- re-exported
from ..model import CANAL, Build, Position, Turn, action_count
from ..verdict import Verdict, judged
from .context import Judge, NeedChance


def coal_paths(position: Position, highlight: dict[str, Any]) -> list[list[str]]:
    """Routes (mine first) of the coal an action took, traced on *position* for a picture."""
    from .board import path_between

    out = []
    for mine, sites in highlight.get("coal_from", ()):
        routes = [path_between(position, mine, s) for s in sites]
        routes = [r for r in routes if r] or [[mine]]
        out.append(min(routes, key=len))
    return out


class IllegalAction(ValueError):
    """Raised by :func:`apply` for an illegal action; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__("; ".join(v.message for v in verdict.violations))
        self.verdict = verdict


def _data_for(pos: Position, data: Any) -> Any:
    """The game data of *pos*'s game and variant (*data* when it already is), through its rules."""
    game = getattr(pos, "game", "lancashire")
    if data is None or data.variant != pos.variant or getattr(data, "game", "lancashire") != game:
        from ..games import get_rules

        return get_rules(game, pos.variant).data
    return data


def _as_turn(x: Any) -> Turn:
    if isinstance(x, Turn):
        return x
    if isinstance(x, (list, tuple)):
        return Turn(tuple(x))
    return Turn((x,))


def _discard(j: Judge, action: Any, n_cards: int) -> Any:
    """Every action discards a card face up (Q029); a Double Action Build discards two (a kind may
    discard more: Birmingham's Scout, three). A card the game returns to a pile of its own
    (Birmingham's wild cards) goes there instead (``Rules.return_card``).

    Returns the action with its card(s) filled in when the action named none (an assumption).
    """
    p = j.pos.player[j.player]
    cards = action.cards  # a tuple: read, never changed
    if p.hand is not None and not p.hand:
        j.violate("TRN004", priority=1, player=j.player)
        return action
    if not cards:
        if p.hand is not None:
            if isinstance(action, Build) and n_cards == 1:
                for c in (action.location, action.industry):
                    if c in p.hand:
                        cards = (c,)
                        break
            if not cards:
                cards = tuple(p.hand[:n_cards])
            j.assume(f"no card named: assumed {j.player} discards {', '.join(j.card_name(c) for c in cards)}")
        else:
            if isinstance(action, Build):
                cards = (action.location,)
                j.assume(
                    f"no card named and {j.player}'s hand not given: assumed the {j.card_name(action.location)} card"
                )
            else:
                j.assume(f"no card named and {j.player}'s hand not given: assumed any card from the hand")
                j.rule("RUL-DISCARD")
                return action
        from dataclasses import replace

        action = replace(action, cards=cards)
    deck = j.deck
    if deck is None:
        deck = j.deck = j.data.deck_for(len(j.pos.players))
    rules = j.game
    beside = rules.cards_beside_deck  # in the game beside the deck (Birmingham's wild cards)
    for c in cards if len(cards) == 1 else dict.fromkeys(cards):  # a card named twice is reported once
        if c not in deck and c not in beside:
            j.violate("TRN006", priority=2, card=j.card_name(c), players=j.pos.num_players)
    if p.hand is None:
        j.assume(
            f"{j.player}'s hand not given: assumed to hold the card(s) played "
            f"({', '.join(j.card_name(c) for c in cards)})"
        )
    else:
        # a copy, changed: the hand list is shared with the positions this one was copied from
        # (PlayerState.copy), except on a replay's own position (Judge.in_place), whose earlier
        # states nobody holds
        hand = p.hand if j.in_place else [*p.hand]
        for c in cards:
            if c in hand:
                hand.remove(c)
            else:
                j.violate(
                    "TRN003",
                    priority=2,
                    player=j.player,
                    card=j.card_name(c),
                    also=("card.any-card-any-build",) if isinstance(action, Build) else (),
                    hand=", ".join(j.card_name(x) for x in p.hand) or "empty",
                )
        p.hand = hand
    kept = cards
    if beside:
        returned = [c for c in cards if c in beside and rules.return_card(j, c)]
        if returned:
            kept = tuple(c for c in cards if c not in returned)
    if j.in_place:
        p.discard.extend(kept)
    else:
        p.discard = [*p.discard, *kept]  # replaced, never changed in place (PlayerState.copy shares it)
    if kept:
        j.rule("RUL-DISCARD")
    if j.narrate and kept:
        j.effect(
            "discard",
            f"{j.player} discards {', '.join(j.card_name(c) for c in kept)}",
            player=j.player,
            cards=list(kept),
        )
    return action


def _judge_turn(
    pos: Position, turn: Turn, data: Any, forced: list[int], narrate: bool = True
) -> tuple[Verdict, Position]:
    """Run *turn* on a copy of *pos*. Returns (verdict, working position)."""
    return _judge(pos, turn.actions, turn.player, turn, data, forced, narrate)


def _judge(
    pos: Position,
    actions: tuple[Any, ...],
    turn_player: str | None,
    turn: Turn | None,
    data: Any,
    forced: list[int],
    narrate: bool,
    in_place: bool = False,
) -> tuple[Verdict, Position]:
    """Run the turn of *actions* by *turn_player* on a copy of *pos*: :func:`_judge_turn`, whose
    *turn* (None: the one-action turn of :func:`judge_one`, made only if read) the verdict keeps.
    *in_place* (:func:`judge_in_place`): on *pos* itself, returning the judging context of a legal
    turn, or None, in place of the verdict."""
    if in_place:
        work = pos
        pos.own_all()
    else:
        work = pos.copy()
    player = turn_player or pos.turn or (pos.players[0] if pos.players else None)
    used = action_count(actions[0]) if len(actions) == 1 else sum(action_count(a) for a in actions)
    # one context judges the whole turn: turn-level checks first, then each action in order
    # no player only on a position without players, which validation rejects first
    head = j = Judge(work, data, player, narrate, forced)  # type: ignore[arg-type]
    game = j.game_key
    if pos.game_over:
        head.violate("TRN005", priority=0)
    if turn_player and pos.turn and turn_player != pos.turn:
        head.violate("TRN001", priority=0, turn=pos.turn, player=turn_player)
    if player not in work.player:
        head.violate("TRN001", priority=0, turn=pos.turn, player=player)
        return (
            Verdict(
                legal=False,
                player=player,
                violations=head.violations,
                turn=Turn.of_one(actions[0], turn_player) if turn is None else turn,
                game=game,
                players=pos.players,  # shared, as copies of the position share it (replaced, never changed)
            ),
            work,
        )
    left = pos.actions_left
    first_round = pos.era == CANAL and pos.round == 1  # Position.is_first_canal_round, read directly
    # the actions left are those of the player to move: for anyone else TRN001 says it all
    if used > left and not head.reported("TRN001"):
        if any(action_count(a) == 2 for a in actions):
            # the actions left for the Double Action Build once the turn's other actions are counted
            head.violate(
                "BLD017",
                priority=0,
                player=player,
                left=max(0, left - (used - 2)),
                also=("turn.first-turn-double-build",) if first_round else (),
            )
        else:
            head.violate(
                "TRN002",
                priority=0,
                player=player,
                left=left,
                used=used,
                also=("turn.first-round-one-action",) if first_round else (),
            )
    if first_round:
        head.rule("RUL-FIRST-ROUND")
    if len(actions) == 2 and type(actions[0]) is type(actions[1]):
        head.rule("RUL-SAME-ACTION-TWICE")
    rules = j.game
    judges = rules.action_judges  # (the game's, kept on its rules object: judges_by_class)
    if judges is None:
        judges = rules.action_judges = judges_by_class(game)
    i = 0  # (a count, not enumerate(): a turn has one or two actions)
    for action in actions:
        j.start_action(i, actions[:i])
        # its kind and judge, looked up once: None when it is not an action of the game (judging
        # it then raises TypeError, once its card has been looked at)
        got = judges.get(type(action))
        # the cards it discards: two for a Double Action Build, else its kind's count (one;
        # Birmingham's Scout: three)
        if (used if len(actions) == 1 else action_count(action)) == 2:
            n_cards = 2
        else:
            n_cards = 1 if got is None else got[0].discards
        action = _discard(j, action, n_cards)
        if got is None:
            raise TypeError(f"not an action: {action!r}")
        got[1](j, action)
        if j._named_sources:  # what the action's checks left for its end (most name no source)
            j.finish_action()
        i += 1
    work.actions_left = left - used if left > used else 0  # (a conditional: max() costs a call)
    violations = j.violations
    legal = not violations
    if in_place:
        # judge_in_place: the context of a legal action says all its caller reads; None otherwise
        return (j if legal else None), work  # type: ignore[return-value]
    if not legal:
        violations.sort(key=lambda x: (x.priority, x.action_index if x.action_index is not None else -1))
    # nothing happens when the turn is illegal: the verdict keeps only what the checks found
    # (the verdict's fields in judged()'s order, without keywords: see Verdict.judged)
    v = judged(
        legal,
        player,
        violations,
        j.effects if legal else [],
        [*j.rules],  # (the context keeps them as a dict's keys)
        j.assumptions,
        j.steps,
        work if legal else None,
        j.highlight,
        turn,
        [*j.also] if legal else [],  # (the context keeps them as a dict's keys)
        game,
        pos.players,  # shared, as copies of the position share it (replaced, never changed)
    )
    return v, work


def check(
    position: Any, turn_or_action: Any, data: Any = None, *, narrate: bool = True, sequences: bool = False
) -> Verdict:
    """Judge a turn (or one action) on *position*: legal or not, why, and exactly what happens.

    A Distant Cotton Market draw that the action does not state (and the position does not know)
    is enumerated, state by state (games/lancashire/dcm.py): ``verdict.outcomes`` lists every distinct
    result with its chance (``sequences=True`` adds the sequences of tiles behind each),
    ``verdict.dcm`` sums them up (the chance that every mill sells), and the effects shown are
    those of the most likely result.

    With ``narrate=False`` the verdict has no effects and no steps (everything else is the same:
    legality, violations, rules, rulings, assumptions and the new position). Replays use it:
    they judge hundreds of actions and never show what each one did.
    """
    loaded = None
    if not isinstance(position, Position) and isinstance(getattr(position, "position", None), Position):
        # a loaded position (brass_judge.position_io.LoadedPosition: the engine does not import the
        # loader) brings its assumptions and the players' defaults
        loaded, position = position, position.position
    data = _data_for(position, data)
    turn = _as_turn(turn_or_action)
    try:
        # the usual case: nothing random is left unstated
        verdict, _ = _judge_turn(position, turn, data, [], narrate)
        if loaded is not None:
            _note_loaded(verdict, loaded)
        return verdict
    except NeedChance:
        pass
    # a chance outcome the turn does not state (Lancashire: a Distant Cotton Market tile drawn):
    # the game judges every outcome and says which verdict to show
    verdict = cast(
        Verdict,
        data.rules.judge_chance(
            position,
            turn,
            data,
            lambda p, forced, n: _judge_turn(p, turn, data, list(forced), n),
            sequences=sequences,
        ),
    )  # a game's rules object is typed loosely (its data is)
    base = list(loaded.assumptions) if loaded is not None else []
    verdict.assumptions = base + verdict.assumptions
    verdict.position_assumptions = list(base)
    verdict.player_defaults = dict(loaded.player_defaults) if loaded is not None else {}
    verdict.players = list(position.players)
    return verdict


def judge_quiet(position: Position, turn: Turn, data: Any) -> Verdict:
    """``check(position, turn, data, narrate=False)`` for a caller that has a :class:`Position`
    (not a loaded one), a :class:`Turn` and the game data of the position's game and variant:
    the same verdict, without working those out again for every action."""
    try:
        return _judge_turn(position, turn, data, [], False)[0]
    except NeedChance:
        # a chance outcome the turn does not state: check judges every outcome
        return check(position, turn, data, narrate=False)


def judge_one(position: Position, action: Any, player: str | None, data: Any) -> Verdict:
    """``judge_quiet(position, Turn((action,), player), data)``, for
    :class:`~brass_judge.engine.driver.GameDriver`, which judges every action of a replay and of a
    self-played game as a turn of its own: the same verdict, whose turn is made only when read."""
    try:
        v = _judge(position, (action,), player, None, data, [], False)[0]
    except NeedChance:
        return check(position, Turn.of_one(action, player), data, narrate=False)
    v._one = (action, player)  # type: ignore[misc]  # this verdict's own (see Verdict.turn)
    return v


def judge_in_place(
    position: Position, action: Any, player: str | None, data: Any, context: Judge | None = None
) -> Judge | None:
    """Judge *action* by *player* quietly on *position* itself rather than on a copy, for a caller
    that owns the position outright and reads no earlier one (a replay, ``gamelog.replay``).

    A legal action with nothing left to chance changes *position* as :func:`judge_one`'s verdict
    would, and its judging context is returned: what a replay reads of a verdict (``rules`` and
    ``also`` as a dict's keys, ``assumptions``), without the verdict. Any other outcome (None for
    an action that is not plainly legal; :class:`NeedChance` raised for a chance left open; an
    error) leaves *position* half-changed: the caller must start again from a position of its own
    (the replay judges the log again, with :func:`judge_one` on copies from that action on).

    *context*: the context this function returned for the caller's last action (same game data),
    judging this one too (:meth:`Judge.next_in_place`) rather than a new context made for it: its
    ``assumptions`` are this action's, its ``rules`` and ``also`` those of every action it has
    judged, in the order first recorded (a replay's record; the replay makes the first context
    itself, with its own dicts of rules and case rulings). With a context, an action that breaks
    a rule of the turn (its player not the one to move, more actions than are left, a game over:
    what :func:`_judge` words as TRN001, TRN002, TRN005 and BLD017) is simply not plainly legal
    (None): the caller judges it again on a copy, where the violations are found and worded."""
    if context is None:
        return _judge(position, (action,), player, None, data, [], False, True)[0]  # type: ignore[return-value]
    pos = position
    j = context
    player = player or pos.turn
    left = pos.actions_left
    used = action_count(action)
    if pos.game_over or player is None or player != pos.turn or used > left:
        return None
    pos.own_all()
    j.next_in_place(pos, player)
    # the rest as _judge judges a turn of one action
    if pos.era == CANAL and pos.round == 1:  # Position.is_first_canal_round, read directly
        j.rule("RUL-FIRST-ROUND")
    rules = j.game
    judges = rules.action_judges
    if judges is None:
        judges = rules.action_judges = judges_by_class(j.game_key)
    got = judges.get(type(action))
    if got is None:  # not an action of the game (_judge raises TypeError)
        return None
    action = _discard(j, action, 2 if used == 2 else got[0].discards)
    got[1](j, action)
    if j._named_sources:
        j.finish_action()
    pos.actions_left = left - used if left > used else 0
    return None if j.violations else j


def _note_loaded(verdict: Verdict, loaded: Any) -> None:
    """Record on *verdict* the assumptions that came with the position file, before those of the
    action, and whose defaults they are (so that a verdict can fold those of players its action
    does not touch). A verdict on a bare position has none (its fields' defaults)."""
    base = list(loaded.assumptions)
    if base:
        verdict.assumptions = base + verdict.assumptions
    verdict.position_assumptions = base
    verdict.player_defaults = dict(loaded.player_defaults)


def apply(position: Any, turn_or_action: Any, data: Any = None) -> Position:
    """The position after a legal turn/action (raises :class:`IllegalAction` otherwise)."""
    v = check(position, turn_or_action, data)
    if not v.legal:
        raise IllegalAction(v)
    if v.outcomes:
        from ..errors import InputError

        raise InputError(
            "the Distant Cotton Market tile drawn must be stated to apply this action (write MILL>distant:N)",
            code="INP050",
        )
    return cast(Position, v.position)  # a legal verdict carries the position after it


def legal_actions(position: Any, data: Any = None) -> list[Any]:
    """Every legal action for the player to move (see :mod:`brass_judge.engine.moves`)."""
    from .moves import legal_actions as _la

    return _la(position, data)
