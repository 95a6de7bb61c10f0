"""Small helpers shared by the command modules: output format, JSON output, error handling.

Only stdlib and typer at module level: every command pays for what it imports itself.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any

import typer

from .errors import ExitCode, InputError


class Format(str, Enum):
    text = "text"
    json = "json"


#: The raw command line of the running command (set by cli._Root.main).
RAW_ARGS: list = []

FORMAT_OPTION = typer.Option(
    Format.text,
    "--format",
    "-f",
    help="Output: 'text' for people (rich), 'json' for scripts (a stable contract, see README).",
    case_sensitive=False,
)


def emit_json(obj: Any, file=None) -> None:
    """Write *obj* as JSON to standard output (or *file*). Invisible and control characters in
    strings (C1, DEL, bidi overrides, line separators, lone surrogates from a file name that is not
    UTF-8) are written as ``\\uXXXX`` escapes, and so is all non-ASCII text when the stream cannot
    encode it: the output is always valid JSON holding exactly the strings."""
    from .output import json_text

    out = file or sys.stdout
    out.write(json_text(obj, out))


def _default(o: Any) -> Any:
    from .output import _json_default

    return _json_default(o)


def console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def fail_input(err: InputError, fmt: Format | str = Format.text) -> typer.Exit:
    """Report an unusable input (exit 2): to stderr as text, and to stdout as JSON when asked."""
    if str(getattr(fmt, "value", fmt)) == "json":
        emit_json({"error": err.to_dict()})
    sys.stderr.write(err.render() + "\n")
    return typer.Exit(int(ExitCode.INPUT_ERROR))


def handles_input_errors(fn: Callable) -> Callable:
    """Decorator for command functions: an :class:`InputError` becomes a message and exit code 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except InputError as err:
            raise fail_input(err, kwargs.get("fmt", Format.text)) from None

    return wrapper


#: The code of a command-line usage error (docs/errors.md): a bad option value or choice, an
#: unknown option or command, a missing argument or option value.
USAGE_ERROR_CODE = "INP077"


def json_asked(args: Sequence[str]) -> bool:
    """True when the command line *args* asks for JSON: ``--format json``, ``--format=json``,
    ``-f json`` or ``-fjson`` (any case; the last one given counts, as in click; nothing after
    ``--``). Read from the raw arguments, so it works when click cannot parse them."""
    fmt = None
    i = 0
    while i < len(args):
        a = str(args[i])
        i += 1
        if a == "--":
            break
        if a in ("--format", "-f"):
            if i < len(args):
                fmt = str(args[i])
                i += 1
        elif a.startswith("--format="):
            fmt = a[len("--format=") :]
        elif a.startswith("-f") and len(a) > 2:
            fmt = a[2:]
    return fmt is not None and fmt.strip().lower() == "json"


def usage_input_error(exc: Exception) -> InputError:
    """The :class:`InputError` (code :data:`USAGE_ERROR_CODE`) for a click usage error: click's
    message, with ``field`` the option (its long name, e.g. ``--at``) or the argument (its metavar
    or its name in upper case, e.g. ``POSITION``) when click knows it, and as suggestions the allowed values of a choice, the
    close option names of an unknown option, or the close names of an unknown command."""
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    field: str | None = None
    suggestions: list[str] = []
    param = getattr(exc, "param", None)
    if param is not None:
        opts = [o for o in (getattr(param, "opts", None) or ()) if isinstance(o, str)]
        if getattr(param, "param_type_name", "") == "option" and opts:
            field = next((o for o in opts if o.startswith("--")), opts[0])
        elif getattr(param, "metavar", None) or getattr(param, "name", None):
            field = str(getattr(param, "metavar", None) or param.name).upper()
        choices = getattr(getattr(param, "type", None), "choices", None)
        if choices:
            suggestions = [str(getattr(c, "value", c)) for c in choices]
    elif getattr(exc, "option_name", None):
        field = str(getattr(exc, "option_name", ""))
        suggestions = [str(p) for p in (getattr(exc, "possibilities", None) or ())]
    else:
        hint = getattr(exc, "param_hint", None)
        if isinstance(hint, str) and hint:
            field = hint
        m = re.match(r"No such command (['\"])(.*?)\1", message)
        ctx = getattr(exc, "ctx", None)
        if m and ctx is not None and hasattr(ctx.command, "list_commands"):
            from .errors import closest

            field = "COMMAND"
            suggestions = closest(m.group(2), ctx.command.list_commands(ctx))
    return InputError(message, field=field, suggestions=suggestions, code=USAGE_ERROR_CODE)
