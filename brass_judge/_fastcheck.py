"""Fast path for ``brass-judge check`` and ``brass-judge validate`` (issue 20), used by
brass_judge/__main__.py.

The typer commands (brass_judge/cli_check.py) import typer and build the whole command tree
before they read a file; for a one-position check that is more than the judging costs. When the
command line is one this module fully understands (a position, an action file or ``--action``,
``--player``, ``--format``, ``--explain``), it runs the same steps as ``cli_check`` without
typer, and, when the output is a file or a pipe, prints the verdict without rich (see
:class:`PlainConsole`). Anything else goes to the typer CLI, which then behaves as before:
``--help``, ``--apply``/``--out``/``--render``, ``-`` (standard input), a missing, extra or
unknown argument, an option value that looks like an option, and every unusable input (an
:class:`~brass_judge.errors.InputError`: the typer path reads the files again and reports it,
so error messages and exit codes come from one place).

Output is byte for byte the typer path's; tests/test_fastpath_check.py compares the two on
every shipped example and on every rules fixture. ``BRASS_JUDGE_NO_FASTPATH=1`` turns it off.
When brass_judge/cli_check.py changes what check or validate print, change :func:`_check` and
:func:`_validate` with it (that test fails until both agree).
"""
from __future__ import annotations

import os
import sys

_CHECK_OPTIONS = {"--action": "action", "-a": "action", "--player": "player", "-p": "player",
                  "--format": "fmt", "-f": "fmt"}
_CHECK_FLAGS = {"--explain": "explain"}
_VALIDATE_OPTIONS = {"--format": "fmt", "-f": "fmt"}


def parse(cmd: str, args: list) -> tuple | None:
    """``(positional, options)`` of a ``check``/``validate`` command line, or None when the
    typer CLI should handle it."""
    known = _CHECK_OPTIONS if cmd == "check" else _VALIDATE_OPTIONS
    flags = _CHECK_FLAGS if cmd == "check" else {}
    positional: list = []
    opts: dict = {}
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            positional.extend(args[i:])
            break
        if a in flags:
            opts[flags[a]] = True
            continue
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            attached = bool(eq)
        elif a.startswith("-") and len(a) > 1:
            name, value = a[:2], a[2:]
            attached = bool(value)
        else:
            positional.append(a)
            continue
        if name not in known:
            return None
        if not attached:
            if i >= len(args):
                return None
            value = args[i]
            i += 1
        if not value or value.startswith("-"):
            return None
        opts[known[name]] = value  # a repeated option: the last one counts, as in click
    if any(not p or p.startswith("-") for p in positional):
        return None  # '-' (standard input) and empty names are left to typer
    if len(positional) != 1 and not (cmd == "check" and len(positional) == 2):
        return None
    fmt = opts.get("fmt", "text")
    if not fmt.isascii() or fmt.lower() not in ("text", "json"):
        return None
    opts["fmt"] = fmt.lower()
    if cmd == "check" and (len(positional) == 2) == ("action" in opts):
        return None  # neither or both: typer's command reports it
    return positional, opts


def run(cmd: str, args: list) -> int | None:
    """Run ``check``/``validate``; None: not handled here (nothing has been written)."""
    if os.name == "nt":
        return None
    parsed = parse(cmd, args)
    if parsed is None:
        return None
    positional, opts = parsed
    from .errors import InputError

    try:
        if cmd == "check":
            got = _check(positional, opts)
        else:
            got = _validate(positional, opts)
    except InputError:
        return None  # the typer path reads the files again and reports the problem
    if got is None:
        return None
    code, out = got
    try:
        for piece in out:
            if isinstance(piece, str):
                sys.stdout.write(piece)
            else:  # text rich must print (styled, on a terminal)
                sys.stdout.flush()
                piece()
        sys.stdout.flush()
    except OSError as exc:  # '| head' (quietly, exit 1) or '> /dev/full' (exit 2), as the typer path
        from .output import stream_failed

        return stream_failed(exc)
    return code


# --------------------------------------------------------------------------- the commands
# These follow brass_judge/cli_check.py step by step.

def _load(position):
    from .data import game_data
    from .position_io import load_position

    lp = load_position(position)
    return lp, game_data(lp.position.variant)


def _check(positional: list, opts: dict):
    from pathlib import Path

    position = Path(positional[0])
    action_file = Path(positional[1]) if len(positional) == 2 else None
    action, player, fmt, explain = opts.get("action"), opts.get("player"), opts["fmt"], opts.get("explain", False)
    lp, data = _load(position)
    from .action_io import load_turn, turn_from_text

    if action is not None:
        turn = turn_from_text(action, data)
    else:
        turn = load_turn(str(action_file), data, players=lp.position.players)
    if turn.shortfall:
        return None  # a shortfall choice (the action file's shortfall:): typer's command judges or refuses it
    who = player or turn.player
    if who is not None:
        names = {n.lower(): n for n in lp.position.players}
        if who.lower() not in names:
            return None  # typer's command reports the unknown player
        from .model import Turn

        turn = Turn(turn.actions, names[who.lower()])
    from .engine.validate import validate

    problems = validate(lp, data)
    if problems:
        return 1, _invalid(str(position), problems, fmt)
    from .engine import check

    verdict = check(lp, turn, data)
    if not verdict.legal:
        from .engine.alternatives import nearest_legal

        verdict.alternatives = nearest_legal(lp, turn, data, verdict=verdict)
    code = 0 if verdict.legal else 1
    if fmt == "json":
        d = verdict.to_dict(explain=explain)
        d["file"] = str(position)
        return code, [_json(d)]
    from .report import verdict_text, what_if_hint

    out = [_text(lambda con: verdict_text(verdict, explain=explain, console=con))]
    hint = what_if_hint(verdict)
    return code, out + ([hint] if hint else [])


def _validate(positional: list, opts: dict):
    from pathlib import Path

    position = Path(positional[0])
    fmt = opts["fmt"]
    lp, data = _load(position)
    from .engine.validate import validate

    problems = validate(lp, data)
    if problems:
        return 1, _invalid(str(position), problems, fmt, assumptions=lp.assumptions, judging=False)
    if fmt == "json":
        return 0, [_json({"file": str(position), "valid": True, "problems": [], "assumptions": lp.assumptions})]
    from .output import escape_controls

    return 0, [f"{escape_controls(position)}: valid position\n"]


def _invalid(file: str, problems, fmt: str, assumptions=(), judging: bool = True) -> list:
    from .report import findings_text, violation_dict

    if fmt == "json":
        return [_json({"file": file, "valid": False, "verdict": "invalid-position",
                       "problems": [violation_dict(v, file) for v in problems], "assumptions": list(assumptions)})]
    tail = "; the action is not judged" if judging else ""  # as cli_check._report_invalid
    from .output import escape_controls

    head = f"{escape_controls(file)}: impossible position ({len(problems)} problem(s)){tail}\n"
    return [head, _text(lambda con: findings_text(file, problems, console=con))]


def _json(obj) -> str:
    """``cli_common.emit_json``'s text."""
    import json

    from .output import encodable, json_escape

    text = json_escape(json.dumps(obj, indent=2, ensure_ascii=False, default=_default)) + "\n"
    return text if encodable(text) else json_escape(text, ascii_only=True)


def _default(o):
    if hasattr(o, "to_dict"):
        return o.to_dict()
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    return str(o)


def _text(render):
    """What *render(console)* prints with the console report.py makes
    (``Console(highlight=False, soft_wrap=True)``): a string, made with :class:`PlainConsole`
    when rich would write plain text (a file or pipe) and the text is plain; otherwise a
    function that lets rich print it (styled, on a terminal)."""
    from .__main__ import _Plain

    if not _Plain.terminal():
        con = PlainConsole()
        try:
            render(con)
        except NotPlain:
            pass
        else:
            return con.getvalue()

    def with_rich() -> None:
        from rich.console import Console

        render(Console(highlight=False, soft_wrap=True))

    return with_rich


# --------------------------------------------------------------------------- plain output

class NotPlain(Exception):
    """Output that rich would not print as it is: let rich print it."""


# Characters rich treats specially or removes: control codes (rich strips BEL, BS, VT, FF, CR),
# tabs (expanded), and, in a plain string, markup brackets and ':emoji:' codes.
_CONTROL = frozenset(chr(c) for c in range(32) if c != 10) | {"\x7f"}


class PlainText:
    """The part of ``rich.text.Text`` that report.py uses, for plain output: the text, without
    its styles (which rich drops when it writes to a file or pipe)."""

    def __init__(self, text: str = "", style=None, **kw) -> None:
        if kw or not isinstance(text, str):
            raise NotPlain()
        self._parts = [text]

    def append(self, text, style=None):
        if not isinstance(text, str):
            raise NotPlain()
        self._parts.append(text)
        return self

    @property
    def plain(self) -> str:
        return "".join(self._parts)


class PlainConsole:
    """The part of ``rich.console.Console`` that report.py uses, writing what
    ``Console(highlight=False, soft_wrap=True)`` writes to a file or pipe: each object on its own
    line, unwrapped and unstyled. Raises :class:`NotPlain` for anything rich would change
    (markup, emoji codes, control characters, tabs, trailing spaces) or that it does not know,
    so that the caller lets rich print it instead."""

    plain_stand_in = True  #: report.py's sign to use :class:`PlainText` instead of rich's Text
    Text = PlainText

    def __init__(self) -> None:
        self._out: list = []

    def print(self, *objects, **kw) -> None:
        if kw or len(objects) != 1:
            raise NotPlain()
        obj = objects[0]
        if isinstance(obj, PlainText):
            text = obj.plain
        elif isinstance(obj, str):
            text = obj
            if "[" in text or _emoji_like(text):
                raise NotPlain()
        else:
            raise NotPlain()
        if _CONTROL.intersection(text) or any(line != line.rstrip() for line in text.split("\n")):
            raise NotPlain()
        self._out.append(text + "\n")

    def getvalue(self) -> str:
        return "".join(self._out)


def _emoji_like(text: str) -> bool:
    if text.count(":") < 2:
        return False
    import re

    return re.search(r":\S*?:", text) is not None
