"""Errors for input that cannot be used, and the exit codes shared by every command.

Illegal actions are *not* errors: the engine returns a :class:`~brass_judge.verdict.Verdict`.
An :class:`InputError` means the file, YAML, schema, notation or a name could not be used at all;
the CLI catches it once at its edge, prints the message and exits with code 2.
"""
from __future__ import annotations

import difflib
from enum import IntEnum
from typing import Iterable, Sequence


class ExitCode(IntEnum):
    """Exit codes, the same for every command (documented in the README)."""

    OK = 0  #: legal / clean
    FINDINGS = 1  #: the thing checked is illegal or has findings
    INPUT_ERROR = 2  #: the input could not be used


class InputError(ValueError):
    """Input that cannot be used: carries where it is and what would fix it."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
        suggestions: Sequence[str] = (),
        code: str = "INP000",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.suggestions = tuple(suggestions)
        self.code = code

    def located(self, file: str | None = None) -> "InputError":
        """Return self with *file* filled in when it was not known where the error arose."""
        if file and not self.file:
            self.file = file
        return self

    def where(self) -> str:
        parts = []
        if self.file:
            loc = self.file
            if self.line:
                loc += f":{self.line}"
                if self.column:
                    loc += f":{self.column}"
            parts.append(loc)
        if self.field:
            parts.append(f"field '{self.field}'")
        return ", ".join(parts)

    def render(self) -> str:
        """One paragraph for a person: where, what, and the suggestion. Control characters in it
        (a file or player name holding a newline or an ANSI escape) are escaped, so it stays one
        line and cannot start a GitHub workflow command (brass_judge/output.py)."""
        from .output import escape_controls

        where = self.where()
        text = f"{where}: {self.message}" if where else self.message
        if self.suggestions:
            text += "" if text.endswith((".", "?", "!")) else "."
            text += " Did you mean: " + ", ".join(self.suggestions[:5]) + "?"
        return escape_controls(f"error[{self.code}]: {text}")

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "field": self.field,
            "suggestions": list(self.suggestions),
        }


class InputErrors(InputError):
    """Several input problems found in one file, reported together."""

    def __init__(self, errors: Sequence[InputError]) -> None:
        self.errors = list(errors)
        first = self.errors[0]
        super().__init__(
            first.message, file=first.file, line=first.line, column=first.column,
            field=first.field, suggestions=first.suggestions, code=first.code,
        )

    def render(self) -> str:
        return "\n".join(e.render() for e in self.errors)

    def to_dict(self) -> dict:
        """The first problem's fields (the documented ``error`` object) plus ``errors``: all of them."""
        d = self.errors[0].to_dict()
        d["errors"] = [e.to_dict() for e in self.errors]
        return d


class UnknownNameError(InputError):
    """A name (location, industry, player, ruling id, ...) that is not known."""

    def __init__(self, message: str, **kw) -> None:
        kw.setdefault("code", "INP010")
        super().__init__(message, **kw)


class NotationError(InputError):
    """An action written in the one-line notation that does not parse."""

    def __init__(self, message: str, **kw) -> None:
        kw.setdefault("code", "INP020")
        super().__init__(message, **kw)


def closest(name: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """Return up to *n* candidates closest to *name* (case-insensitive)."""
    cands = list(candidates)
    lower = {c.lower(): c for c in cands}
    hits = difflib.get_close_matches(name.lower(), list(lower), n=n, cutoff=0.5)
    out = [lower[h] for h in hits]
    if not out:
        out = [c for c in cands if c.lower().startswith(name.lower()[:3])][:n]
    return out


def exit_with(err: InputError) -> None:
    """Print *err* to stderr and exit with code 2 (for code outside the main CLI)."""
    import sys

    sys.stderr.write(err.render() + "\n")
    raise SystemExit(int(ExitCode.INPUT_ERROR))
