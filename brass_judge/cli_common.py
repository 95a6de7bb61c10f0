"""Small helpers shared by the command modules: output format, JSON output, error handling.

Only stdlib and typer at module level: every command pays for what it imports itself.
"""
from __future__ import annotations

import functools
import json
import sys
from enum import Enum
from typing import Any, Callable

import typer

from .errors import ExitCode, InputError


class Format(str, Enum):
    text = "text"
    json = "json"


FORMAT_OPTION = typer.Option(Format.text, "--format", "-f", help="Output: 'text' for people (rich), "
                             "'json' for scripts (a stable contract, see README).",
                             case_sensitive=False)


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, ensure_ascii=False, default=_default) + "\n")


def _default(o: Any) -> Any:
    if hasattr(o, "to_dict"):
        return o.to_dict()
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    return str(o)


def console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def fail_input(err: InputError, fmt: Format | str = Format.text) -> "typer.Exit":
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
