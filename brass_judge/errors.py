"""Errors for input that cannot be used, and the exit codes shared by every command.

Illegal actions are *not* errors: the engine returns a :class:`~brass_judge.verdict.Verdict`.
An :class:`InputError` means the file, YAML, schema, notation or a name could not be used at all;
the CLI catches it once at its edge, prints the message and exits with code 2.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from enum import IntEnum


class ExitCode(IntEnum):
    """Exit codes, the same for every command (documented in the README)."""

    OK = 0  #: legal / clean
    FINDINGS = 1  #: the thing checked is illegal or has findings
    INPUT_ERROR = 2  #: the input could not be used


#: The most characters of user input any message quotes (see :func:`quote`).
MAX_QUOTE = 80
#: The longest message, field name and suggestion kept (longer ones are cut, saying so).
MAX_MESSAGE = 1000
MAX_FIELD = 80
#: At most this many problems are reported for one field, and this many in all; the rest are
#: counted in a last line ("... N more problems not shown").
MAX_PER_FIELD = 3
MAX_ERRORS = 50


def quote(value, limit: int = MAX_QUOTE) -> str:
    """``repr(value)`` for a message, never longer than about *limit* characters: a longer text
    is cut with ``...`` and its length (``'xxxx...' (60,000 characters)``). Never fails, not
    even on an integer too long to print."""
    if isinstance(value, str):
        r = repr(value[: limit + 2])
        if len(value) > limit + 2 or len(r) > limit:
            return repr(value[:limit])[:limit] + f"...' ({len(value):,} characters)"
        return r
    try:
        r = repr(value)
    except ValueError:  # an int beyond Python's int-to-text limit
        return f"<a number of {value.bit_length():,} bits>"
    return r if len(r) <= limit else r[:limit] + f"... ({len(r):,} characters)"


def _cut(text, limit: int):
    if isinstance(text, str) and len(text) > limit:
        return text[:limit] + f"... ({len(text):,} characters, cut)"
    return text


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
        message = _cut(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message
        self.file = _cut(file, 4 * MAX_FIELD)
        self.line = line
        self.column = column
        self.field = _cut(field, MAX_FIELD)
        self.suggestions = tuple(_cut(str(x), MAX_FIELD) for x in tuple(suggestions)[:10])
        self.code = code

    def located(self, file: str | None = None) -> InputError:
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

    def __init__(self, errors: Sequence[InputError], omitted: int = 0) -> None:
        kept: list = []
        per_field: dict = {}
        self.omitted = omitted
        for e in errors:
            self.omitted += getattr(e, "omitted", 0)
            key = (e.file, e.field or e.line)
            per_field[key] = per_field.get(key, 0) + 1
            if per_field[key] > MAX_PER_FIELD or len(kept) >= MAX_ERRORS:
                self.omitted += 1
            else:
                kept.append(e)
        self.errors = kept
        first = self.errors[0]
        super().__init__(
            first.message,
            file=first.file,
            line=first.line,
            column=first.column,
            field=first.field,
            suggestions=first.suggestions,
            code=first.code,
        )

    def render(self) -> str:
        text = "\n".join(e.render() for e in self.errors)
        if self.omitted:
            text += (
                f"\n... {self.omitted:,} more problem(s) not shown (at most {MAX_PER_FIELD} per field "
                f"and {MAX_ERRORS} in all; fix these first)"
            )
        return text

    def to_dict(self) -> dict:
        """The first problem's fields (the documented ``error`` object) plus ``errors``: all of them
        (up to the caps; ``omitted`` counts the ones left out)."""
        d = self.errors[0].to_dict()
        d["errors"] = [e.to_dict() for e in self.errors]
        if self.omitted:
            d["omitted"] = self.omitted
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
