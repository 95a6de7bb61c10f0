"""Game logs: read a logged game, replay it through the rules engine, and write logs.

A game log (YAML, ``schemas/game.schema.json``, docs/games.md; a Brass: Birmingham log
``schemas/game-birmingham.schema.json``, docs/games-birmingham.md, with its own part in the game
folder's ``LOG_FORMAT`` module, :func:`log_format`) records the setup (players in
seat order, the variant, a seed or the explicit card / Distant Cotton Market / turn orders) and
then every turn in order, each ``{player: NAME, actions: [...]}`` with actions in the one-line
notation or the YAML action form. Optional recorded facts (``after:`` a turn, ``final:``) are
verified, and ``shortfalls:`` records which tiles a player removed to pay negative income.

:func:`replay` drives the game with the one game driver (:class:`brass_judge.engine.driver.GameDriver`,
as self-play does): every action judged with :func:`brass_judge.engine.check`, the game flow
(:mod:`brass_judge.engine.flow`) between turns. Strict by default: it stops at the first
illegal action or log problem; with ``keep_going`` it records every problem and carries on (an
illegal action is replaced by a pass discarding the same card, so the turn structure holds).

Writing logs (for self-play and converters)::

    from brass_judge.engine.driver import GameDriver
    from brass_judge.gamelog import LogRecorder, dump_log

    game = GameDriver.new_game(["red", "blue"], data, rng=random.Random(7))
    rec = LogRecorder(game.position, seat_order=["red", "blue"])  # records the explicit orders
    while not game.game_over:
        ...                                                 # game.play(action) while game.must_act
        rec.add_turn(player, actions)                       # action objects or notation strings
        game.end_turn()
        rec.observe(game.position)                          # notes the Rail Era deck when dealt
    text = dump_log(rec.to_obj(final=game.position))

or, all at once, :func:`write_log` ``(setup, turns, final)``.

Log-level problems have GAM codes (brass_judge/codes.py): GAM001 a recorded fact differs,
GAM002 the wrong player, GAM003 an incomplete turn, GAM004 turns after the game's end, GAM005 an
invalid shortfall choice, GAM006 a turn left out, GAM007 a player's fact that differs after an
earlier fact of theirs did (it may only follow from that one, its ``follows``). Unusable input
raises :class:`~brass_judge.errors.InputError` (INP codes).
"""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InputError, InputErrors, quote
from .games import get_rules, known_games, refuse_unjudged, resolve_game
from .notation import action_from_obj, parse_action
from .schema_check import _validator, check_schema
from .yamlio import Document, load_file, load_string, looks_like_path

if TYPE_CHECKING:
    from .engine.driver import GameDriver

#: Keys of a facts mapping (``after:``, ``final:``) that are not player names.
BOARD_FACTS = ("era", "round", "turn", "order", "markets", "dcm_marker", "draw_deck", "scores", "winner")
PLAYER_FACTS = ("money", "income_space", "income_level", "vp", "spent", "links_left", "hand_size")
#: the setup's explicit orders that replace a seed, for a game whose folder names no log format
EXPLICIT_ORDERS = ("turn_order", "deck_order", "dcm_order")


def log_format(game: str) -> Any:
    """The module of *game*'s folder that says what its logs hold beyond the shared format
    (``LOG_FORMAT`` in the folder's ``__init__``: Birmingham's ``log.py``), or None (Lancashire:
    the shared format is its own)."""
    if game not in known_games():
        return None
    name = getattr(_module(f"{__package__}.games.{game}"), "LOG_FORMAT", None)
    return _module(f"{__package__}.games.{game}.{name}") if name else None


def _module(name: str) -> Any:
    """The module *name*, imported if need be (sys.modules first: import_module's own lookup
    costs as much as reading a dozen actions, and every log read asks)."""
    return sys.modules.get(name) or importlib.import_module(name)


def _board_facts(fmt: Any) -> tuple:
    return (
        BOARD_FACTS
        if fmt is None
        else tuple(k for k in BOARD_FACTS if k not in fmt.FOREIGN_KEYS) + fmt.BOARD_FACTS
    )


# ------------------------------------------------------------------------------- reading
# (slots: one per action and turn of every log read, and no attribute dict to allocate for each)
@dataclass(slots=True)
class LoggedAction:
    action: Any
    line: int | None
    path: tuple


@dataclass(slots=True)
class LoggedTurn:
    index: int  #: 0-based position in ``turns:``
    player: str
    actions: list  #: LoggedAction
    line: int | None
    after: dict | None = None


@dataclass
class Shortfall:
    era: str
    round: int
    player: str
    remove: list
    line: int | None
    used: bool = False


@dataclass
class GameLog:
    """A parsed game log (parsed and schema-checked once)."""

    doc: Document
    data: Any
    players: list  #: seat order
    setup: dict  #: seed, turn_order, deck_order, dcm_order, rail_deck_order, rail_dcm_order
    turns: list  #: LoggedTurn
    shortfalls: list  #: Shortfall
    final: dict | None = None
    fmt: Any = None  #: the game's log format module (:func:`log_format`), None for the shared format

    @property
    def file(self) -> str:
        return self.doc.file

    @property
    def n_actions(self) -> int:
        return sum(len(t.actions) for t in self.turns)

    def line_of(self, path: tuple) -> int | None:
        return self.doc.line_of(path)[0]


def is_game_log(obj: Any) -> bool:
    """Whether parsed YAML looks like a game log (top-level ``turns:`` or ``setup:``)."""
    return isinstance(obj, dict) and ("turns" in obj or "setup" in obj)


def read_log(source: Any, data=None, *, name: str = "<game>") -> GameLog:
    """Read a game log from a path, YAML text, a parsed mapping or a :class:`Document`.

    Raises :class:`InputError` (every problem found, as :class:`InputErrors`) when the log cannot
    be used: YAML or schema errors, unknown names, actions that do not parse.
    """
    if isinstance(source, Document):
        doc = source
    elif isinstance(source, Path) or (isinstance(source, str) and looks_like_path(source)):
        doc = load_file(source, what="game log")
    elif isinstance(source, str):
        doc = load_string(source, name)
    elif isinstance(source, dict):
        doc = Document(source, name, {})
    else:
        raise InputError(f"cannot read a game log from {type(source).__name__}", code="INP070")
    return log_from_doc(doc, data)


_TURN_KEYS = frozenset(("player", "actions", "note", "after"))


def _turns_plainly_valid(turns: Any) -> bool:
    """A quick structural check of ``turns:`` that accepts only what the schema accepts.

    jsonschema costs about 0.1 ms per turn entry; a full game has 100+ entries. When this
    check passes, the schema is applied to everything but the turns (and to each ``after:``);
    otherwise the whole document goes through the schema for its located messages.
    """
    if not isinstance(turns, list) or len(turns) > 400:
        return False
    for t in turns:
        if not isinstance(t, dict) or not t.keys() <= _TURN_KEYS or "player" not in t or "actions" not in t:
            return False
        p = t["player"]
        if not isinstance(p, str) or not 1 <= len(p) <= 40:
            return False
        a = t["actions"]
        if isinstance(a, list):
            if not 1 <= len(a) <= 4:
                return False
            for x in a:
                if not (isinstance(x, str) or (isinstance(x, dict) and "action" in x)):
                    return False
        elif not isinstance(a, str):
            return False
        if "note" in t and not isinstance(t["note"], str):
            return False
    return True


def _check_log_schema(doc: Document, schema: str = "game") -> None:
    o = doc.data
    if _turns_plainly_valid(o.get("turns")):
        rest = {k: v for k, v in o.items() if k != "turns"}
        rest["turns"] = []
        s = rest.get("setup")
        if isinstance(s, dict):
            s = dict(s)
            for k in ("deck_order", "rail_deck_order"):
                x = s.get(k)
                if isinstance(x, list) and len(x) <= 66 and all(map(isinstance, x, repeat(str))):
                    s[k] = []
            for k in ("dcm_order", "rail_dcm_order"):
                x = s.get(k)
                if isinstance(x, list) and len(x) <= 12 and all(type(c) is int and 0 <= c <= 4 for c in x):
                    s[k] = []
            rest["setup"] = s
        v = _validator(schema)
        facts = [t["after"] for t in o["turns"] if "after" in t]
        dummy: dict = {} if "game" not in o else {"game": o["game"]}
        if v.is_valid(rest) and (
            not facts
            or v.is_valid(
                {
                    **dummy,
                    "setup": {"players": ["a", "b"]},
                    "turns": [{"player": "a", "actions": "pass", "after": f} for f in facts],
                }
            )
        ):
            return
    check_schema(doc, schema)


def _refuse_foreign_keys(doc: Document, fmt: Any) -> None:
    """Another game's keys in a log (Lancashire's Distant Cotton Market in a Birmingham log): one
    message each, naming the field and why the game has none (before the schema's "not allowed")."""
    o = doc.data
    found: list = []
    places: list[tuple[Any, tuple]] = [(o.get("setup"), ("setup",)), (o.get("final"), ("final",))]
    turns = o.get("turns")
    if isinstance(turns, list):
        places += [
            (t.get("after"), ("turns", i, "after")) for i, t in enumerate(turns) if isinstance(t, dict)
        ]
    for node, path in places:
        if isinstance(node, dict):
            for k in node:
                why = fmt.FOREIGN_KEYS.get(k)
                if why is not None:
                    found.append(
                        doc.error(
                            f"{quote(k)} is not a key of this game log: {why}", path + (k,), code="INP033"
                        )
                    )
    if found:
        raise found[0] if len(found) == 1 else InputErrors(found)


def log_from_doc(doc: Document, data=None) -> GameLog:
    if not isinstance(doc.data, dict):
        raise doc.error("a game log must be a mapping with setup: and turns:", code="INP070")
    if "players" in doc.data and "setup" not in doc.data and "turns" not in doc.data:
        raise doc.error(
            "this is a position file, not a game log (setup:, turns:): judge an action on it with "
            '`brass-judge check FILE --action "..."`, or check it with `brass-judge validate FILE`',
            code="INP070",
        )
    if (
        ("action" in doc.data or "actions" in doc.data)
        and "setup" not in doc.data
        and "turns" not in doc.data
    ):
        raise doc.error(
            "this is an action file, not a game log (setup:, turns:): judge it on a position with "
            "`brass-judge check POSITION FILE`",
            code="INP070",
        )
    refuse_unjudged(
        doc, doc.data, code="INP071", command="log"
    )  # a game whose logs the engine cannot replay yet
    game = resolve_game(doc.data.get("game"))
    fmt = log_format(game)
    if fmt is not None:
        _refuse_foreign_keys(doc, fmt)
    _check_log_schema(doc, "game" if fmt is None else fmt.SCHEMA)
    o = doc.data
    s = o["setup"]
    variant = s.get("variant", "standard")
    board_facts = _board_facts(fmt)
    if data is None or data.variant != variant or data.game != game:
        try:
            data = get_rules(game, variant).data
        except InputError as exc:  # the schema lists the games and variants; this is a backstop
            raise doc.error(str(exc.args[0] if exc.args else exc), ("game",), code="INP071") from None
    errors: list = []

    def err(msg: str, path: tuple, code: str = "INP071", **kw) -> None:
        errors.append(doc.error(msg, path, code=code, **kw))

    from .position_io import MAX_NAME

    players = [str(p) for p in s["players"]]
    lower = {}
    for i, n in enumerate(players):
        if len(n) > MAX_NAME:
            err(
                f"player name {quote(n)} is too long (at most {MAX_NAME} characters)", ("setup", "players", i)
            )
        if n.lower() in lower:
            err(f"two players named {quote(n)}", ("setup", "players", i))
        if n in board_facts or n in PLAYER_FACTS:
            err(f"{quote(n)} cannot be a player name (it is a fact key)", ("setup", "players", i))
        lower[n.lower()] = n

    def player(v, path) -> str | None:
        n = lower.get(str(v).lower())
        if n is None:
            from .errors import closest

            errors.append(
                doc.error(
                    f"unknown player {quote(v)} (the players are {', '.join(players)})",
                    path,
                    code="INP010",
                    suggestions=closest(str(v), players),
                )
            )
        return n

    # Shared by this log's setup and actions (not kept beyond this call): the names already
    # resolved (notation.ObjReader: (kind of name, text) -> key), and the action of each one-line
    # text already read (a log repeats some: "pass card=colne").
    names: dict = {}
    parsed: dict = {}
    setup: dict = {"seed": s.get("seed")}
    if "turn_order" in s:
        order = [player(v, ("setup", "turn_order", i)) for i, v in enumerate(s["turn_order"])]
        if None not in order and sorted(o for o in order if o is not None) != sorted(players):
            err("turn_order must list every player exactly once", ("setup", "turn_order"))
        setup["turn_order"] = order
    for key in ("deck_order", "rail_deck_order"):
        if key in s:
            cards = []
            for i, c in enumerate(s[key]):
                got = names.get(("card", c)) if type(c) is str else None
                if got is not None:
                    cards.append(got)
                    continue
                try:
                    got = data.card(str(c))
                    if type(c) is str:
                        names["card", c] = got
                    cards.append(got)
                except InputError as e:
                    err(e.message, ("setup", key, i), code="INP010", suggestions=e.suggestions)
            setup[key] = cards
    for key in ("dcm_order", "rail_dcm_order", "merchant_order"):
        if key in s:
            setup[key] = list(s[key])
    if setup["seed"] is None:
        missing = [k for k in (EXPLICIT_ORDERS if fmt is None else fmt.EXPLICIT_ORDERS) if k not in setup]
        if missing:
            err("setup needs a seed, or the explicit " + ", ".join(missing), ("setup",), code="INP072")

    def located(msg, path, **kw):
        kw.setdefault("code", "INP020")
        return doc.error(msg, path, **kw)

    lines = doc.lines

    def line_of(path: tuple) -> int | None:
        got = lines.get(path)  # every value read has its own line; doc.line_of is the fallback
        return got[0] if got is not None else doc.line_of(path)[0]

    turns = []
    for i, t in enumerate(o["turns"]):
        who = lower.get(t["player"].lower()) if type(t["player"]) is str else None  # player(), at once
        if who is None:
            who = player(t["player"], ("turns", i, "player"))
        acts = []
        raw = t["actions"]
        raw_items: list[tuple[Any, tuple]]
        if isinstance(raw, str):
            raw_items = [(p.strip(), ("turns", i, "actions")) for p in raw.split(";") if p.strip()]
            if not raw_items:
                err("no action given", ("turns", i, "actions"), code="INP020")
        else:
            raw_items = [(a, ("turns", i, "actions", j)) for j, a in enumerate(raw)]
        for a, path in raw_items:
            try:
                if isinstance(a, str) and ";" in a:
                    for part in (p.strip() for p in a.split(";") if p.strip()):
                        acts.append(LoggedAction(parse_action(part, data, names=names), line_of(path), path))
                    continue
                if type(a) is str:
                    action = parsed.get(a)
                    if action is None:
                        try:  # action_from_obj's reading of a text, without its wrapping
                            action = parsed[a] = parse_action(a, data, names=names)
                        except InputError as e:
                            raise located(e.message, path, suggestions=e.suggestions, code=e.code) from None
                else:
                    action = action_from_obj(a, data, located=located, path=path, names=names)
                acts.append(LoggedAction(action, line_of(path), path))
            except InputError as e:
                if not e.line:
                    e = doc.error(e.message, path, code=e.code, suggestions=e.suggestions)
                errors.extend(e.errors if isinstance(e, InputErrors) else [e])
        after = t.get("after")
        if after is not None:
            _check_fact_keys(after, ("turns", i, "after"), player, err, fmt, data)
        turns.append(LoggedTurn(i, who or str(t["player"]), acts, line_of(("turns", i)), after))
    shortfalls = []
    for i, sf in enumerate(o.get("shortfalls", [])):
        who = player(sf["player"], ("shortfalls", i, "player"))
        shortfalls.append(
            Shortfall(
                str(sf["era"]).lower(),
                int(sf["round"]),
                who or "",
                [str(x) for x in sf["remove"]],
                doc.line_of(("shortfalls", i))[0],
            )
        )
    final = o.get("final")
    if final is not None:
        _check_fact_keys(final, ("final",), player, err, fmt, data)
    if errors:
        raise errors[0] if len(errors) == 1 else InputErrors(errors)
    # Facts name players as written: normalise them to the seat names.
    for t in turns:
        if t.after is not None:
            t.after = _norm_facts(t.after, lower, board_facts)
    if final is not None:
        final = _norm_facts(final, lower, board_facts)
    return GameLog(doc, data, players, setup, turns, shortfalls, final, fmt)


def _check_fact_keys(facts: dict, path: tuple, player, err, fmt=None, data=None) -> None:
    own = () if fmt is None else fmt.BOARD_FACTS
    for k in facts:
        if k in own:
            names = fmt.fact_names(data, k)
            if names is not None and isinstance(facts[k], dict):
                from .errors import closest

                for n in facts[k]:
                    if n not in names:
                        err(
                            f"unknown name {quote(str(n))} in {k} (the names are {', '.join(names)})",
                            path + (k, n),
                            code="INP010",
                            suggestions=closest(str(n), names),
                        )
            continue
        if k in BOARD_FACTS:
            continue
        player(k, path + (k,))
    for k in ("scores",):
        for n in facts.get(k) or {}:
            player(n, path + (k, n))
    w = facts.get("winner")
    if w is not None:
        for n in [w] if isinstance(w, str) else w:
            player(n, path + ("winner",))


def _norm_facts(facts: dict, lower: dict, board_facts: tuple = BOARD_FACTS) -> dict:
    out: dict = {}
    for k, v in facts.items():
        if k in board_facts:
            if k == "scores":
                v = {lower[str(n).lower()]: x for n, x in v.items()}
            elif k == "winner":
                v = sorted(lower[str(n).lower()] for n in ([v] if isinstance(v, str) else v))
            elif k in ("turn",):
                v = lower.get(str(v).lower(), v)
            elif k == "order":
                v = [lower.get(str(n).lower(), n) for n in v]
            out[k] = v
        else:
            out[("player", lower[str(k).lower()])] = v
    return out


# ------------------------------------------------------------------------------- replaying
@dataclass
class Finding:
    """One problem found while replaying: an illegal action (its violations) or a log problem."""

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    era: str | None = None
    round: int | None = None
    player: str | None = None
    action: int | None = None  #: global action number (1-based), when the finding is an action
    turn: int | None = None  #: 1-based number of the turn entry in the log
    action_in_turn: int | None = None  #: 1-based
    text: str | None = None  #: the action in notation
    violations: list = field(default_factory=list)
    rulings: list = field(default_factory=list)
    remedy: str | None = None
    follows: Finding | None = None  #: GAM007: the GAM001 it may only follow from

    @property
    def kind(self) -> str:
        return "illegal-action" if self.violations else "log"

    def where(self) -> str:
        parts = []
        if self.era:
            parts.append(f"{self.era.title()} Era round {self.round}")
        if self.player:
            parts.append(self.player)
        if self.action_in_turn is not None:
            parts.append(f"action {self.action_in_turn} of turn {self.turn} (game action {self.action})")
        elif self.turn is not None:
            parts.append(f"turn {self.turn}")
        return ", ".join(parts)

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "era": self.era,
            "round": self.round,
            "player": self.player,
            "turn": self.turn,
            "action": self.action,
            "action_in_turn": self.action_in_turn,
            "text": self.text,
            "rulings": list(self.rulings),
            "remedy": self.remedy,
            "violations": [v.to_dict() for v in self.violations],
            **(
                {"follows": {"code": self.follows.code, "line": self.follows.line, "turn": self.follows.turn}}
                if self.follows is not None
                else {}
            ),
        }


@dataclass
class ReplayResult:
    """What a replay found, and where the game stands."""

    file: str | None
    players: list
    findings: list = field(default_factory=list)
    position: Any = None  #: the final position, or the position before action ``stop_before``
    actions: int = 0  #: actions judged
    turns: int = 0  #: turn entries played
    total_actions: int = 0  #: actions in the log
    stopped: bool = False  #: stopped early at a problem (strict mode)
    reached: bool = True  #: with stop_before: the action was reached
    rules: list = field(default_factory=list)  #: RUL-* codes applied, in first-use order
    also: list = field(default_factory=list)  #: (rule, ruling) pairs: case-specific rulings relied on
    assumptions: list = field(default_factory=list)
    data: Any = None
    #: with ``replay(..., round_end_steps=True)``: ``{era, round, steps}`` for each round played to
    #: its end, the steps with their rulings (:func:`brass_judge.engine.after_turn.steps`)
    round_ends: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def game_over(self) -> bool:
        return bool(self.position is not None and self.position.game_over)

    @property
    def scores(self) -> list:
        from .engine.flow import scores

        return scores(self.position, self.data) if self.position is not None else []

    @property
    def winners(self) -> list:
        return [r["player"] for r in self.scores if r["rank"] == 1] if self.game_over else []

    @property
    def rulings(self) -> list:
        """Every ruling the replay relied on, in first-use order."""
        from .codes import rulings_of

        return rulings_of(self.rules, self.also, getattr(self.data, "game", None) or "lancashire")

    def to_dict(self) -> dict:
        pos = self.position
        return {
            "file": self.file,
            "ok": self.ok,
            "players": list(self.players),
            "actions": self.actions,
            "total_actions": self.total_actions,
            "turns": self.turns,
            "stopped": self.stopped,
            "game_over": self.game_over,
            "era": pos.era if pos is not None else None,
            "round": pos.round if pos is not None else None,
            "findings": [f.to_dict() for f in self.findings],
            "scores": self.scores,
            "winners": self.winners,
            "rulings": self.rulings,
            "assumptions": list(self.assumptions),
        }


def replay(
    source: Any,
    *,
    keep_going: bool = False,
    stop_before: int | None = None,
    data=None,
    on_round_end=None,
    on_turn_end=None,
    round_end_steps: bool = False,
) -> ReplayResult:
    """Replay a game log, judging every action.

    *source* is a path, YAML text, a parsed mapping, a Document or a :class:`GameLog`. Strict
    mode stops at the first illegal action or log problem (GAM002-GAM004, GAM006); recorded facts that
    differ (GAM001) are reported without stopping. With *keep_going* every problem is recorded:
    an illegal action is replaced by a pass discarding the same card(s), a turn given to the
    wrong player is played as that player's turn when they have not played this round, missing
    actions are filled with passes. *stop_before* = N returns the position before the N-th action
    of the game (1-based; N = total + 1 gives the position after the last action).

    *on_round_end*, when given, is called as ``on_round_end(era, round, position)`` with the
    position after the last action of every round (before income and era scoring).
    *on_turn_end*, when given, is called as ``on_turn_end(turn, position)`` after each turn entry
    has been played and everything that follows it (the point its ``after:`` facts describe);
    the position is the replay's working copy: read it, do not keep it.
    *round_end_steps* records what ending each round (and era) did, step by step with the rulings
    of each step, in ``result.round_ends``.

    Without hooks the actions are judged on the replay's own working position, changed in place,
    until one is not plainly legal; the log is then judged again from its start on a copy per
    action, as it is with hooks from the start. The result is the same either way.

    Raises :class:`InputError` when the log cannot be used at all.
    """
    log = source if isinstance(source, GameLog) else read_log(source, data)
    total = log.n_actions
    if stop_before is not None and not 1 <= stop_before <= total + 1:
        raise InputError(
            f"the log has {total} actions: --at takes 1..{total + 1}, not {stop_before}",
            file=log.file,
            code="INP073",
        )
    # a log is judged on the replay's one working position, changed in place (no copy per
    # action), as long as every action is legal with nothing left to chance: a verdict that is not
    # leaves that position half-changed, and the log is then judged again from its start, in place
    # up to that action (known to be legal) and on a copy per action from it on (the same result,
    # found the way every other caller of the engine finds it). A caller's hooks see every
    # position once: with hooks, the log is judged on copies at once.
    if on_round_end is None and on_turn_end is None:
        try:
            return _replay(log, keep_going, stop_before, None, None, round_end_steps, total + 1)
        except _StartOver as e:
            try:
                return _replay(log, keep_going, stop_before, None, None, round_end_steps, e.action)
            except _StartOver:  # (not expected: the actions before that one are judged alike)
                pass
    return _replay(log, keep_going, stop_before, on_round_end, on_turn_end, round_end_steps, 0)


class _StartOver(Exception):
    """A replay judging in place met an action (the *action*-th of the log) that is not plainly
    legal: judge the log again, on copies from that action on."""

    def __init__(self, action: int) -> None:
        super().__init__(action)
        self.action = action


def _replay(
    log: GameLog,
    keep_going: bool,
    stop_before: int | None,
    on_round_end: Any,
    on_turn_end: Any,
    round_end_steps: bool,
    in_place_before: int,
) -> ReplayResult:
    """:func:`replay` of a read *log*, judging its actions before the *in_place_before*-th on the
    replay's own position (raising :class:`_StartOver` at one that is not plainly legal), and the
    others on a copy of it."""
    import random

    from .engine import flow, judge_in_place
    from .engine.driver import GameDriver

    data = log.data
    game = data.game
    file = log.file
    total = log.n_actions
    for sf in log.shortfalls:
        sf.used = False  # (this replay's: set when its round ends)
    s = log.setup
    rng = random.Random(s["seed"]) if s.get("seed") is not None else None
    shortfalls: dict = {}
    for sf in log.shortfalls:
        shortfalls.setdefault((sf.era, sf.round), {})[sf.player] = sf
    more = {"merchant_order": s["merchant_order"]} if "merchant_order" in s else {}
    try:
        drv = GameDriver.new_game(
            log.players,
            data,
            rng=rng,
            deck_order=s.get("deck_order"),
            dcm_order=s.get("dcm_order"),
            turn_order=s.get("turn_order"),
            rail_deck_order=s.get("rail_deck_order"),
            rail_dcm_order=s.get("rail_dcm_order"),
            shortfalls={k: {p: x.remove for p, x in sf.items()} for k, sf in shortfalls.items()},
            in_place=True,  # the driver's positions are this replay's own working copies
            **more,
        )
    except ValueError as e:
        raise log.doc.error(f"setup: {e}", _setup_path(log, str(e)), code="INP072") from None
    pos = drv.position
    res = ReplayResult(file, list(log.players), position=pos, total_actions=total, data=data)

    # the rules applied and the case rulings relied on, in first-use order, as the keys of
    # dicts (ordered sets: storing a key again keeps its place), shared with the context that
    # judges the actions in place, which records into them directly; the result's lists are made
    # from them when the replay returns (rulings are worked out once, at the end:
    # ReplayResult.rulings)
    applied: dict[str, None] = {}
    cited: dict[tuple[str, str], None] = {}

    def add_rules(rules, also) -> None:
        """Add the rules and case rulings not recorded yet to the replay's, in order (those of a
        verdict or of an end of turn)."""
        if rules:
            applied.update(dict.fromkeys(rules))
        if also:
            cited.update(dict.fromkeys(also))

    def done() -> ReplayResult:
        res.rules = [*applied]
        res.also = [*cited]
        return res

    def finding(code: str, fields: dict, line, turn=None, **kw) -> Finding:
        from .verdict import Violation

        v = Violation(code, fields, game=game)
        f = Finding(
            code,
            v.message,
            file,
            line,
            era=kw.pop("era", pos.era),
            round=kw.pop("round", pos.round),
            turn=None if turn is None else turn.index + 1,
            rulings=v.rulings,
            remedy=v.remedy,
            **kw,
        )
        res.findings.append(f)
        return f

    parted: dict = {}  # player -> (their first differing fact's GAM001, its label) while they differ

    def player_differs(name: str, what: str, want, got, line) -> None:
        """GAM001 for a player in step with the rules so far, else GAM007 pointing at the first difference."""
        first = parted.get(name)
        if first is None or first[1] == label_now[0]:
            f = finding("GAM001", {"what": what, "recorded": want, "actual": got}, line, player=name)
            parted.setdefault(name, (f, label_now[0]))
        else:
            f = finding(
                "GAM007",
                {
                    "what": what,
                    "recorded": want,
                    "actual": got,
                    "player": name,
                    "since": first[1],
                    "first_line": first[0].line,
                },
                line,
                player=name,
            )
            f.follows = first[0]

    label_now: list[str | None] = [None]

    def check_facts(facts: dict, base: tuple, label: str) -> None:
        label_now[0] = label
        for key, recorded in facts.items():
            if isinstance(key, tuple):
                name = key[1]
                agree = True
                for k, want in recorded.items():
                    got = _player_fact(pos, data, name, k)
                    if got != want:
                        agree = False
                        player_differs(
                            name,
                            f"{name}'s {k.replace('_', ' ')} {label}",
                            want,
                            got,
                            log.line_of(base + (_key_in_doc(log, base, name), k)),
                        )
                if agree and recorded:
                    parted.pop(name, None)  # back in step: a later difference is a new one
            elif key == "markets":
                for m, w in recorded.items():
                    g = pos.coal_market if m == "coal" else pos.iron_market
                    if g != w:
                        finding(
                            "GAM001",
                            {"what": f"the {m} market {label}", "recorded": w, "actual": g},
                            log.line_of(base + ("markets", m)),
                        )
            elif log.fmt is not None and key in log.fmt.BOARD_FACTS:
                now = log.fmt.board_fact(pos, key)
                for m, w in recorded.items():
                    g = now.get(m, 0)
                    if g != w:
                        finding(
                            "GAM001",
                            {
                                "what": f"the {key.replace('_', ' ')} of {m} {label}",
                                "recorded": w,
                                "actual": g,
                            },
                            log.line_of(base + (key, m)),
                        )
            elif key == "scores":
                for name, w in recorded.items():
                    g = pos.player[name].vp
                    if g != w:
                        player_differs(
                            name,
                            f"{name}'s score {label}",
                            f"{w} VP",
                            f"{g} VP",
                            log.line_of(base + ("scores", _key_in_doc(log, base + ("scores",), name))),
                        )
            else:
                got = _board_fact(pos, data, key)
                want = str(recorded).lower() if key == "era" else recorded
                if got != want:
                    finding(
                        "GAM001",
                        {"what": f"the {key.replace('_', ' ')} {label}", "recorded": want, "actual": got},
                        log.line_of(base + (key,)),
                    )

    n = 0  # actions judged or passed over
    stop = False
    # the one context that judges the actions in place, action after action (engine.judge_in_place)
    ctx = drv.in_place_context(applied, cited)
    for turn in log.turns:
        if stop:
            break
        if pos.game_over:
            finding("GAM004", {}, turn.line, turn=turn, player=turn.player)
            res.stopped = not keep_going
            break
        me = pos.turn
        if turn.player != me:
            # a later player of this round, once in the rest of the round's entries, and no turn of
            # the player to move there: the log has left that turn out (GAM006); otherwise the turn
            # is given to the wrong player or the order is wrong (GAM002)
            left = [p for p in pos.players if p not in pos.turns_taken]
            ahead = [t.player for t in log.turns[turn.index : turn.index + len(left)]]
            missing = (
                turn.player in left and me not in ahead and ahead[: len(left) - 1].count(turn.player) == 1
            )
            # the cards played decide when the hands are known: whose hand holds them?
            cards = Counter(c for la in turn.actions for c in la.action.cards)
            hands = {n: pos.player[n].hand for n in (me, turn.player) if n in pos.player}
            if cards and all(h is not None for h in hands.values()) and len(hands) == 2:
                fits = {n: cards <= Counter(h) for n, h in hands.items()}
                if fits[turn.player] != fits[me]:
                    missing = fits[turn.player] and turn.player in left and me not in ahead
            # a log that ends before the round would: it may simply be out of order (GAM002)
            missing = missing and len(ahead) == len(left)
            finding(
                "GAM006" if missing else "GAM002",
                {"player": turn.player, "turn": me},
                log.line_of(("turns", turn.index, "player")),
                turn=turn,
                player=turn.player,
            )
            if not keep_going:
                res.stopped = True
                break
            if turn.player in pos.turns_taken or turn.player not in pos.player:
                n += len(turn.actions)
                if stop_before is not None and n >= stop_before:
                    res.position = pos
                    return done()
                continue  # nothing sensible to play: skip the entry
            drv.give_turn(turn.player)
            pos = drv.position
            me = turn.player
        before = n  # the actions of the log before this turn's (counting, not enumerate())
        for la in turn.actions:
            n += 1
            if stop_before is not None and n == stop_before:
                res.position = pos
                return done()
            if n < in_place_before:
                # the driver's position, changed: the judging context of a legal action, else the
                # log is judged again on copies (an illegal action, a chance left open, an error)
                try:
                    # (the engine's own call, not the driver's: with a context it needs no data,
                    # and pos is the driver's position)
                    got = judge_in_place(pos, la.action, me, None, ctx)
                except Exception:
                    raise _StartOver(n) from None
                if got is None:
                    raise _StartOver(n)
                res.actions += 1  # (its rules and case rulings are recorded already)
                if ctx.assumptions:
                    res.assumptions.extend(f"action {n} ({me}): {a}" for a in ctx.assumptions)
                continue
            v = drv.judge(la.action, me)  # quiet: effects are never shown
            res.actions += 1
            if v.legal and not v.outcomes:
                drv.accept(v)
                pos = v.position
                add_rules(v.rules, v.also)
                if v.assumptions:
                    res.assumptions.extend(f"action {n} ({me}): {a}" for a in v.assumptions)
                continue
            first = v.violations[0] if v.violations else None
            if first is None:  # a Distant Cotton Market draw the position did not know
                from .verdict import Violation

                first = Violation("SEL008", {"tile": "?", "unseen": "the draw is not known"})
                v.violations = [first]
            res.findings.append(
                Finding(
                    first.code,
                    first.message,
                    file,
                    la.line,
                    era=pos.era,
                    round=pos.round,
                    player=me,
                    action=n,
                    turn=turn.index + 1,
                    action_in_turn=n - before,
                    text=v.action_text,
                    violations=list(v.violations),
                    rulings=list(v.rulings),
                    remedy=first.remedy,
                )
            )
            if not keep_going:
                res.stopped = True
                stop = True
                break
            _pass_instead(drv, me, la.action)
            pos = drv.position
        if stop:
            break
        # every action of the turn must be taken (Q019, Q023)
        if drv.can_act():
            need = flow.actions_per_turn(pos)
            finding(
                "GAM003",
                {"player": me, "used": need - pos.actions_left, "need": need},
                turn.line,
                turn=turn,
                player=me,
            )
            if not keep_going:
                res.stopped = True
                break
            drv.pass_out()
            pos = drv.position
        era, rnd = pos.era, pos.round
        # whether this turn ends the round, asked only when someone reads it before the end of turn
        round_end = (on_round_end is not None or round_end_steps) and drv.last_of_round
        if on_round_end is not None and round_end:
            on_round_end(era, rnd, pos.copy())
        try:
            fx, choices = drv.finish_turn(round_end_steps and round_end)
        except ValueError as e:
            raise log.doc.error(f"setup: {e}", _setup_path(log, str(e)), code="INP072") from None
        if choices is not None:
            for x in shortfalls[(era, rnd)].values():
                x.used = True
        pos = drv.position
        if round_end_steps and round_end:
            from .engine.after_turn import steps

            res.round_ends.append(
                {
                    "era": era,
                    "round": rnd,
                    "steps": [x for x in steps(fx) if x["kind"] not in ("draw", "turn")],
                }
            )
        res.turns += 1
        if fx.rules or fx.also:
            add_rules(fx.rules, fx.also)
        if fx.assumptions:
            res.assumptions.extend(f"{era.title()} Era round {rnd}: {a}" for a in fx.assumptions)
        for bad in fx.violations:
            sf = shortfalls.get((era, rnd), {})
            who = bad.fields.get("player")
            line = sf[who].line if who in sf else turn.line
            f = Finding(
                bad.code,
                bad.message,
                file,
                line,
                era=era,
                round=rnd,
                player=who,
                rulings=bad.rulings,
                remedy=bad.remedy,
            )
            res.findings.append(f)
        if on_turn_end is not None:
            on_turn_end(turn, pos)
        if turn.after is not None:
            check_facts(turn.after, ("turns", turn.index, "after"), f"after turn {turn.index + 1}")
    res.position = pos
    res.rules = [*applied]
    res.also = [*cited]
    if stop_before is not None and n < stop_before and not res.stopped:
        res.reached = n + 1 == stop_before
    if res.stopped:
        if stop_before is not None:
            res.reached = False
        return res
    for sf in log.shortfalls:
        if not sf.used:
            from .codes import table_of

            res.findings.append(
                Finding(
                    "GAM005",
                    f"the log records a shortfall choice for {sf.player} in "
                    f"{sf.era.title()} Era round {sf.round}, which the game never reached "
                    "the end of",
                    file,
                    sf.line,
                    era=sf.era,
                    round=sf.round,
                    player=sf.player,
                    rulings=list(table_of(game)["GAM005"].rulings),
                )
            )
    if log.final is not None:
        if not pos.game_over:
            line = log.line_of(("final",))
            finding(
                "GAM001",
                {
                    "what": "the end of the game",
                    "recorded": "final facts",
                    "actual": f"a game still in progress ({pos.era.title()} Era round {pos.round}, "
                    f"{pos.turn} to play)",
                },
                line,
            )
        else:
            check_facts(log.final, ("final",), "at the end of the game")
    return res


def _setup_path(log: GameLog, message: str) -> tuple:
    """The setup key a setup error (the flow's ValueError) is about, as the log names it."""
    for key, words in (
        ("merchant_order", "merchant tile order"),
        ("rail_deck_order", "Rail Era deck order"),
        ("deck_order", "deck order"),
        ("turn_order", "turn order"),
    ):
        if words in message and key in log.doc.data.get("setup", {}):
            return ("setup", key)
    return ("setup",)


def _key_in_doc(log: GameLog, base: tuple, name: str):
    """The key as written in the document for player *name* under *base* (names are case-insensitive)."""
    node = log.doc.data
    try:
        for p in base:
            node = node[p]
    except (KeyError, IndexError, TypeError):
        return name
    if isinstance(node, dict):
        for k in node:
            if str(k).lower() == name.lower():
                return k
    return name


def _pass_instead(drv: GameDriver, me: str | None, action: Any) -> None:
    """keep_going: replace an illegal action by passes discarding its card(s) (or the first cards)."""
    from .model import Pass, action_count

    if me is None:  # a finished game: nobody to pass for
        return
    for i in range(min(action_count(action), drv.position.actions_left)):
        p = drv.position.player[me]
        if p.hand is not None and not p.hand:
            break
        card = action.cards[i] if i < len(action.cards) else None
        if p.hand is not None and card not in p.hand:
            card = p.hand[0]
        if not drv.play(Pass((card,) if card else ())).legal:
            break


def _player_fact(pos, data, name: str, key: str):
    p = pos.player[name]
    if key == "income_level":
        return data.income_level(p.income_space)
    if key == "hand_size":
        return len(p.hand) if p.hand is not None else None
    if key == "links_left":
        return p.links_left if p.links_left is not None else data.links_per_player - len(pos.own_links(name))
    return getattr(p, key)


def _board_fact(pos, data, key: str):
    if key == "era":
        return pos.era
    if key == "round":
        return pos.round
    if key == "turn":
        return pos.turn
    if key == "order":
        return list(pos.players)
    if key == "dcm_marker":
        return pos.dcm_position
    if key == "draw_deck":
        return pos.draw_deck
    if key == "winner":
        from .engine.flow import winners

        return sorted(winners(pos, data))
    raise KeyError(key)


# ------------------------------------------------------------------------------- writing
def setup_record(
    pos, *, seat_order: list | None = None, variant: str | None = None, seed: Any = None
) -> dict:
    """The ``setup:`` mapping of a log, with explicit orders, from a freshly set-up position
    (as :func:`brass_judge.engine.flow.setup` returns it: hands dealt in turn order)."""
    deck: list = []
    for n in pos.players:
        deck.extend(pos.player[n].hand or [])
    deck.extend(pos.draw_pile or [])
    deck.extend(pos.under_deck_tile or [])
    out: dict = {"players": list(seat_order or pos.players), "variant": variant or pos.variant}
    if seed is not None:
        out["seed"] = seed
    fmt = log_format(getattr(pos, "game", "lancashire"))
    if fmt is not None:  # the game's own orders (Birmingham: its deal, the merchant tiles)
        out.update(fmt.setup_orders(pos))
        return out
    out["turn_order"] = list(pos.players)
    out["deck_order"] = deck
    out["dcm_order"] = list(pos.dcm_order or [])
    return out


def rail_record(pos) -> dict:
    """``rail_deck_order`` and ``rail_dcm_order`` from the position at the start of the Rail Era
    (before anyone has played). The deck order holds every card: the hands, the draw deck and, last,
    the cards set aside at random by the Classic 3-4 player deck setup (Q005), as
    :func:`brass_judge.engine.flow.end_round` deals it."""
    fmt = log_format(getattr(pos, "game", "lancashire"))
    if fmt is not None:
        return dict(fmt.rail_orders(pos))
    deck: list = []
    for n in pos.players:
        deck.extend(pos.player[n].hand or [])
    deck.extend(pos.draw_pile or [])
    deck.extend(pos.under_deck_tile or [])
    return {"rail_deck_order": deck, "rail_dcm_order": list(pos.dcm_order or [])}


def _action_text(a, data=None) -> Any:
    if isinstance(a, (str, dict)):
        return a
    from .notation import format_action

    return format_action(a, data)


def write_log(setup: Any, turns: Iterable, final: Any = None, *, about: str | None = None, data=None) -> dict:
    """Build a game log mapping (ready for :func:`dump_log` or :func:`replay`).

    *setup*: a ``setup:`` mapping (players in seat order, and a seed or the explicit orders;
    see :func:`setup_record` and :func:`rail_record`), or a freshly set-up Position (its orders
    are recorded; add the Rail Era orders with ``rail_record`` when the log goes that far).
    *turns*: ``(player, actions)`` or ``(player, actions, after)`` tuples, or mappings with
    ``player``/``actions``/``after``; actions are action objects, notation strings or mappings.
    *final*: the final Position (its scores and winner are recorded), a ``final:`` mapping, or None.
    *data*: the game's data; it says the log's ``game:`` and words its actions. It is taken from a
    Position *setup* of another game than Lancashire. Give it with a mapping *setup* of such a game
    (``game_data("standard", "birmingham")``).
    """
    from .model import Position

    s = setup_record(setup) if isinstance(setup, Position) else dict(setup)
    if data is None and isinstance(setup, Position) and setup.game != "lancashire":
        from .games import get_rules

        data = get_rules(setup.game, setup.variant).data
    out: dict = {"game": data.game if data is not None else "lancashire"}
    if about:
        out["about"] = about
    out["setup"] = s
    rows = []
    for t in turns:
        if isinstance(t, dict):
            row = {"player": t["player"], "actions": [_action_text(a, data) for a in t["actions"]]}
            if t.get("note"):
                row["note"] = t["note"]
            if t.get("after"):
                row["after"] = t["after"]
        else:
            row = {"player": t[0], "actions": [_action_text(a, data) for a in t[1]]}
            if len(t) > 2 and t[2]:
                row["after"] = t[2]
        rows.append(row)
    out["turns"] = rows
    if isinstance(final, Position):
        final = final_record(final, data if data is not None and data.game == final.game else None)
    if final:
        out["final"] = final
    return out


def final_record(pos, data=None) -> dict:
    """The ``final:`` mapping for a finished game: scores and the winner(s)."""
    from .engine.flow import scores

    if data is None:
        from .games import get_rules

        data = get_rules(pos.game, pos.variant).data
    board = scores(pos, data)
    win = [r["player"] for r in board if r["rank"] == 1]
    return {"scores": {r["player"]: r["vp"] for r in board}, "winner": win[0] if len(win) == 1 else win}


class LogRecorder:
    """Record a game as it is played, for :func:`dump_log` (see the module docstring)."""

    def __init__(
        self, pos, *, seat_order: list | None = None, seed: Any = None, about: str | None = None
    ) -> None:
        self.setup = setup_record(pos, seat_order=seat_order, seed=seed)
        #: the game's data, for a game other than the default one (its notation, its ``game:`` key)
        self.data = None
        if getattr(pos, "game", "lancashire") != "lancashire":
            from .games import get_rules

            self.data = get_rules(pos.game, pos.variant).data
        self.turns: list = []
        self.shortfalls: list = []
        self.about = about
        self._rail_seen = pos.era == "rail"

    def add_turn(self, player: str, actions: Iterable, after: dict | None = None) -> None:
        self.turns.append((player, list(actions), after))

    def observe(self, pos, effects: Iterable = ()) -> None:
        """Call after each :func:`~brass_judge.engine.flow.end_turn` with its position and effects:
        records the Rail Era orders when they are dealt, and the tiles removed for an income
        shortfall (as ``shortfalls:`` entries)."""
        if not self._rail_seen and pos.era == "rail":
            self.setup.update(rail_record(pos))
            self._rail_seen = True
        for e in effects:
            if e.kind == "tile-removed":
                d = e.data
                for sf in self.shortfalls:
                    if (sf["era"], sf["round"], sf["player"]) == (d["era"], d["round"], d["player"]):
                        sf["remove"].append(d["ref"])
                        break
                else:
                    self.shortfalls.append(
                        {"era": d["era"], "round": d["round"], "player": d["player"], "remove": [d["ref"]]}
                    )

    def to_obj(self, final: Any = None) -> dict:
        obj = write_log(self.setup, self.turns, final, about=self.about, data=self.data)
        if self.shortfalls:
            out = {k: v for k, v in obj.items() if k != "final"}
            out["shortfalls"] = [dict(sf, remove=list(sf["remove"])) for sf in self.shortfalls]
            if "final" in obj:
                out["final"] = obj["final"]
            obj = out
        return obj


def dump_log(obj: dict) -> str:
    """YAML text of a game log mapping: card orders on one line each, one turn per entry."""
    import yaml

    class _Flow(list):
        pass

    def flow_lists(o, key=None):
        if isinstance(o, dict):
            return {k: flow_lists(v, k) for k, v in o.items()}
        if isinstance(o, list):
            if key != "actions" and all(isinstance(x, (str, int)) for x in o):
                return _Flow(o)
            return [flow_lists(x) for x in o]
        return o

    dumper: Any = type("_LogDumper", (getattr(yaml, "CSafeDumper", None) or yaml.SafeDumper,), {})
    dumper.add_representer(
        _Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True)
    )
    return yaml.dump(flow_lists(obj), Dumper=dumper, sort_keys=False, width=100, allow_unicode=True)
