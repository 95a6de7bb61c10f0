"""Read an action or a turn from a YAML file (``schemas/action.schema.json``) or the command line.

An action file holds one action mapping, a list of actions (a turn), a notation string, or
``{player: NAME, actions: [...]}``. Every action is a mapping or a one-line notation string
(see :mod:`brass_judge.notation`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .errors import InputError, InputErrors, UnknownNameError, closest, quote
from .games import examples as _examples
from .games import game_of
from .model import Turn
from .notation import action_from_obj, parse_turn
from .yamlio import Document, load_file


def turn_from_doc(doc: Document, data, root: tuple = ()) -> Turn:
    obj = doc.data
    for p in root:
        obj = obj[p]

    def located(msg, path, **kw):
        kw.setdefault("code", "INP020")
        return doc.error(msg, path, **kw)

    player: str | None = None
    if isinstance(obj, dict) and "actions" in obj:
        extra = [k for k in obj if k not in ("actions", "player", "about", "shortfall")]
        if extra:
            raise located(
                f"unknown key {quote(extra[0])} (a turn has 'player', 'actions', 'shortfall' and 'about')",
                root + (extra[0],),
            )
        player = obj.get("player")
        if player is not None:
            if isinstance(player, (list, dict, bool)):
                from .schema_check import _kind

                raise located(f"'player' must be a player's name, not {_kind(player)}", root + ("player",))
            player = str(player)
        items = obj["actions"]
        single: tuple = root + ("actions",)
        base: tuple | None = single
        if not isinstance(items, list):  # one action (or 'a; b' in notation) without a list
            items, base = [items], None
    elif isinstance(obj, list):
        items, base, single = obj, root, root
    else:
        items, base, single = [obj], None, root
    if not items:
        raise located("no action given", single)
    if len(items) > 2:
        raise located(f"a turn has at most two actions, not {len(items)}", single)
    actions: list = []
    for i, it in enumerate(items):
        path = base + (i,) if base is not None else single
        if isinstance(it, str) and ";" in it:
            try:
                actions.extend(parse_turn(it, data).actions)
            except InputError as e:
                raise located(e.message, path, suggestions=e.suggestions, code=e.code) from None
        else:
            actions.append(action_from_obj(it, data, located=located, path=path))
    shortfall = ()
    if isinstance(obj, dict) and "actions" in obj and obj.get("shortfall") is not None:
        shortfall = _shortfall_from_obj(
            obj["shortfall"], lambda msg, sub=(): located(msg, root + ("shortfall",) + sub), game_of(data)
        )
    return Turn(tuple(actions), player, shortfall)


def turn_from_doc_in_some_game(doc: Document, data, root: tuple = ()) -> Turn:
    """An action file read without its position (``lint``): in *data*'s game, or else in the first
    other game whose names read it (a Birmingham turn names Birmingham's towns). When no game reads
    it, *data*'s game's problem is reported."""
    from .data import game_data
    from .games import known_games

    try:
        return turn_from_doc(doc, data, root)
    except InputError as first:
        for game in known_games():
            if game == game_of(data):
                continue
            try:
                return turn_from_doc(doc, game_data("standard", game), root)
            except InputError:
                continue
        raise first


def _shortfall_from_obj(obj, err, game: str = "lancashire") -> tuple:
    """``{red: [bolton, wigan#1]}`` (or ``red: bolton,wigan``) -> ``(("red", ("bolton", "wigan#1")),)``."""
    if not isinstance(obj, dict):
        raise err(
            "'shortfall' maps each player to the tiles removed for an income shortfall, "
            f"e.g. {_examples(game).SHORTFALL_MAPPING}"
        )
    out = []
    for who, refs in obj.items():
        if isinstance(refs, str):
            refs = [r.strip() for r in refs.split(",") if r.strip()]
        if (
            not isinstance(refs, list)
            or not refs
            or not all(isinstance(r, (str, int)) for r in refs)
            or isinstance(refs, bool)
        ):
            raise err(
                f"the tiles {who} removes must be LOCATION or LOCATION#SPACE names (a list)", (str(who),)
            )
        out.append((str(who), tuple(str(r) for r in refs)))
    return tuple(out)


def shortfall_from_option(values: Sequence[str]) -> tuple:
    """``--shortfall red=bolton,wigan#1`` (repeatable) -> the same form as a turn file's ``shortfall``."""
    out = []
    for v in values:
        who, eq, refs = v.partition("=")
        tiles = [r.strip() for r in refs.split(",") if r.strip()]
        if not eq or not who.strip() or not tiles:
            raise InputError(
                f"--shortfall takes PLAYER=LOCATION[,LOCATION...] (a tile as LOCATION or "
                f"LOCATION#SPACE), e.g. --shortfall {_examples().SHORTFALL_OPTION}; got {quote(v)}",
                field="--shortfall",
                code="INP023",
            )
        out.append((who.strip(), tuple(tiles)))
    return tuple(out)


def resolve_shortfall_players(shortfall: tuple, players: Sequence[str], *, where=None) -> tuple:
    """The players of a shortfall choice matched to the position's (case-insensitive); an unknown
    or repeated name is unusable input."""
    names = {str(n).lower(): n for n in players}
    out, seen = [], set()
    for who, refs in shortfall:
        n = names.get(who.lower())
        if n is None:
            kw = where(who) if where else {"field": "--shortfall"}
            raise UnknownNameError(
                f"unknown player {quote(who)} in the shortfall choice",
                suggestions=closest(who, players),
                **kw,
            )
        if n in seen:
            kw = where(who) if where else {"field": "--shortfall"}
            raise InputError(
                f"the shortfall choice names {n}'s tiles twice: give them once", code="INP023", **kw
            )
        seen.add(n)
        out.append((n, refs))
    return tuple(out)


def load_turn(path: str, data, players: Sequence[str] | None = None) -> Turn:
    """Read an action file. On a problem, report it together with every other problem the schema
    (``schemas/action.schema.json``) finds elsewhere in the file. With *players* (the position's),
    a ``player:`` naming nobody is reported at its line in the action file."""
    doc = load_file(path, what="action file")
    try:
        turn = turn_from_doc(doc, data)
    except InputError as first:
        raise _with_schema_errors(doc, first, action_schema(data)) from None
    if players is not None and turn.player is not None:
        names = {str(n).lower(): n for n in players}
        if turn.player.lower() not in names:
            line, col = doc.line_of(("player",))
            raise UnknownNameError(
                f"unknown player {quote(turn.player)}",
                file=doc.file,
                line=line,
                column=col,
                field="player",
                suggestions=closest(turn.player, players),
            )
        turn = Turn(turn.actions, names[turn.player.lower()], turn.shortfall)
    if players is not None and turn.shortfall:

        def where(who):
            line, col = doc.line_of(("shortfall", who))
            return {"file": doc.file, "line": line, "column": col, "field": f"shortfall.{who}"}

        turn = Turn(
            turn.actions, turn.player, resolve_shortfall_players(turn.shortfall, players, where=where)
        )
    return turn


def action_schema(data) -> str:
    """The name of the action schema of *data*'s game: ``action`` (``schemas/action.schema.json``),
    or the one its kinds module names (``SCHEMA``: ``action-birmingham``)."""
    from .actions import action_kinds

    action_kinds(game_of(data))  # imports the game's kinds module
    return str(getattr(sys.modules[f"brass_judge.games.{game_of(data)}.actions"], "SCHEMA", "action"))


def _with_schema_errors(doc: Document, first: InputError, schema: str = "action") -> InputError:
    """*first*, plus the schema's problems at other fields of *doc* (all problems in one run)."""
    from .schema_check import schema_errors

    errs = [first] + (first.errors if isinstance(first, InputErrors) else [])[1:]
    taken = {e.field or "" for e in errs}

    def within(a: str, b: str) -> bool:  # field a is b or inside it
        return not b or a == b or a.startswith(b + ".") or a.startswith(b + "[")

    def related(f: str) -> bool:
        return any(within(f, t) or within(t, f) for t in taken)

    try:
        extra = schema_errors(doc, schema)
    except Exception:  # pragma: no cover - the schema is a help here, never a new failure
        extra = []
    flat: list = []
    for e in extra:
        flat.extend(e.errors if isinstance(e, InputErrors) else [e])
    more = [e for e in flat if not related(e.field or "")]
    if not more:
        return first
    allerrs = sorted(errs + more, key=lambda e: (e.line or 0, e.column or 0))
    return InputErrors(allerrs)


def turn_from_text(text: str, data, player: str | None = None) -> Turn:
    try:
        t = parse_turn(text, data, field="--action")
    except InputError as e:
        e.file = e.file or "--action"
        raise
    return Turn(t.actions, player)
