"""Fast path for ``brass-judge check`` and ``brass-judge validate`` (issue 20), used by
brass_judge/__main__.py.

The typer commands (brass_judge/cli_check.py) import typer and build the whole command tree
before they read a file; for a one-position check that is more than the judging costs. When the
command line is one this module fully understands (a position, an action file or ``--action``,
``--player``, ``--format``, ``--explain``), it calls the same command body as ``cli_check``
(brass_judge/check_command.py) without typer, and, when the output is a file or a pipe, prints
the verdict without rich (see :class:`PlainConsole`). Anything else goes to the typer CLI, which then behaves as before:
``--help``, ``--apply``/``--out``/``--render``, ``-`` (standard input), a missing, extra or
unknown argument, an option value that looks like an option, and every unusable input (an
:class:`~brass_judge.errors.InputError`: the typer path reads the files again and reports it,
so error messages and exit codes come from one place).

Output is byte for byte the typer path's; tests/test_fastpath_check.py compares the two on
every shipped example and on every rules fixture. ``BRASS_JUDGE_NO_FASTPATH=1`` turns it off. This module only parses the
command line and buffers the output: what check and validate do and print is in
brass_judge/check_command.py, for both paths.
"""

from __future__ import annotations

import os
import sys

from .check_command import Report  # standard library only: imported by every run anyway

_CHECK_OPTIONS = {
    "--action": "action",
    "-a": "action",
    "--player": "player",
    "-p": "player",
    "--format": "fmt",
    "-f": "fmt",
}
_CHECK_FLAGS = {"--explain": "explain"}
_VALIDATE_OPTIONS = {"--format": "fmt", "-f": "fmt"}


def parse(cmd: str, args: list) -> tuple | None:
    """``(positional, options)`` of a ``check``/``validate`` command line, or None when the
    typer CLI should handle it."""
    from ._argv import split_options

    split = split_options(
        args,
        _CHECK_OPTIONS if cmd == "check" else _VALIDATE_OPTIONS,
        _CHECK_FLAGS if cmd == "check" else None,
    )
    if split is None:
        return None
    positional, opts = split
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
    from pathlib import Path

    from .check_command import run_check, run_validate
    from .errors import InputError

    report = _Buffered()
    try:
        if cmd == "check":
            code = run_check(
                report,
                Path(positional[0]),
                Path(positional[1]) if len(positional) == 2 else None,
                action=opts.get("action"),
                player=opts.get("player"),
                fmt=opts["fmt"],
                explain=opts.get("explain", False),
            )
        else:
            code = run_validate(report, Path(positional[0]), fmt=opts["fmt"])
    except InputError:
        return None  # nothing written yet: the typer path runs the command again and reports the problem
    try:
        for piece in report.pieces:
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


class _Buffered(Report):
    """A :class:`brass_judge.check_command.Report` to standard output that keeps what the
    command prints until it has finished (an unusable input then leaves nothing written), and
    prints text without rich when rich would write it plain (see :func:`_text`)."""

    def __init__(self) -> None:
        self.pieces: list = []

    def write(self, text: str) -> None:
        if text:
            self.pieces.append(text)

    def json(self, obj) -> None:
        from .output import json_text

        self.pieces.append(json_text(obj, sys.stdout))

    def text(self, render) -> None:
        self.pieces.append(_text(render))


def _text(render):
    """What *render(console)* prints with the console report.py makes
    (``Console(highlight=False, soft_wrap=True)``): a string, made with :class:`PlainConsole`
    when rich would write plain text (a file or pipe) and the text is plain; otherwise a
    function that lets rich print it (styled, on a terminal)."""
    from .plain import terminal

    if not terminal():
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
