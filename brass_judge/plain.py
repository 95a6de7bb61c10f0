"""Plain text layout for the CLI's tables and wrapped text, with the standard library only.

One renderer for the text output of ``brass-judge rulings show|search|list|coverage``: the typer
commands (brass_judge/cli_rulings.py) and the start-up fast path (brass_judge/__main__.py) both
print through :func:`render`, so the two paths are equal by construction.

The layout is the one rich gave these commands before (and keeps giving the rest of the CLI):
text is wrapped at word boundaries to the console width, a word longer than a line is folded;
a table has no box, a header row, two spaces between columns and none at the edges; its
columns take their natural width, and when the table is too wide the widest wrappable columns
give way first, then every column evenly; a cell that cannot wrap (or a word longer than its
column) is cut with an ellipsis. Widths are counted in terminal cells (East Asian wide
characters take two, combining marks none).

Styling: on a terminal (standard output is a tty, or ``FORCE_COLOR``/``TTY_COMPATIBLE=1``),
unless ``NO_COLOR`` is set, ``TERM`` is ``dumb`` or the system is Windows, spans marked
``bold`` or ``dim`` and table headers are written with the ANSI codes for bold (``ESC[1m``)
and faint (``ESC[2m``); the layout is the same either way. Nothing else is interpreted:
brackets, backslashes and ``:word:`` are printed as they are.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the fast path imports neither typing nor collections
    from collections.abc import Iterable

_ANSI = {"bold": "\x1b[1m", "dim": "\x1b[2m"}
_RESET = "\x1b[0m"


class Text:
    """A line (or lines) of text with styled spans: ``Text("plain ", ("bold part", "bold"))``."""

    __slots__ = ("plain", "spans")

    def __init__(self, *parts: str | tuple[str, str]) -> None:
        pieces: list[str] = []
        self.spans: list[tuple[int, int, str]] = []
        at = 0
        for part in parts:
            text, style = (part, None) if isinstance(part, str) else part
            if style and text:
                self.spans.append((at, at + len(text), style))
            pieces.append(text)
            at += len(text)
        self.plain = "".join(pieces)


class Table:
    """A table without box: a header row (bold on a terminal), then *rows* of strings.
    *no_wrap*: per column, True for a column that is never wrapped; *justify*: per column,
    ``left`` (default) or ``right``."""

    def __init__(
        self,
        headers: Iterable[str],
        *,
        rows: Iterable[Iterable[str]],
        no_wrap: Iterable[bool] | None = None,
        justify: Iterable[str] | None = None,
    ) -> None:
        self.headers = tuple(headers)
        self.rows = [tuple(r) for r in rows]
        self.no_wrap = tuple(no_wrap or (False,) * len(self.headers))
        self.justify = tuple(justify or ("left",) * len(self.headers))


# --------------------------------------------------------------------------- the console


def terminal() -> bool:
    """Whether standard output counts as a terminal: ``TTY_COMPATIBLE`` (0 or 1) decides, then a
    non-empty ``FORCE_COLOR``, then ``isatty()``."""
    env = os.environ
    tty_compatible = env.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    if env.get("FORCE_COLOR") is not None:
        return env.get("FORCE_COLOR") != ""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _dumb() -> bool:
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def width() -> int:
    """The console width: ``COLUMNS`` when it is a number, else the size of the first of standard
    input, output and error that is a terminal, else 80 (and 80 on a dumb terminal)."""
    env = os.environ
    if terminal() and _dumb():
        return 80
    found = None
    for fd in (0, 1, 2):
        try:
            found = os.get_terminal_size(fd)[0]
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = env.get("COLUMNS")
    if columns is not None and columns.isdigit():
        found = int(columns)
    return found or 80


def styled() -> bool:
    """Whether :func:`render` writes ANSI styles: on a terminal, unless ``NO_COLOR`` is set
    (non-empty) or the terminal is dumb; never on Windows, whose older consoles print the codes."""
    return terminal() and not os.environ.get("NO_COLOR") and not _dumb() and os.name != "nt"


# --------------------------------------------------------------------------- cells

_WIDE = None
_NARROW = None


def _one_cell_each(text: str) -> bool:
    """Whether every character of *text* takes one cell (ASCII, Latin, dashes and quotes)."""
    global _NARROW
    if text.isascii():
        return True
    if _NARROW is None:
        import re

        _NARROW = re.compile("[\u0020-\u007e\u00a0-\u02ff\u2010-\u2027]*")
    return _NARROW.fullmatch(text) is not None


def cells(text: str) -> int:
    """How many terminal cells *text* takes."""
    if _one_cell_each(text):
        return len(text)
    return sum(_char_cells(c) for c in text)


def _char_cells(c: str) -> int:
    global _WIDE
    if c.isascii() or "\u00a0" <= c <= "\u02ff" or "\u2010" <= c <= "\u2027":  # Latin, dashes, quotes
        return 1 if c >= " " and c != "\x7f" else 0
    if _WIDE is None:
        import unicodedata

        _WIDE = unicodedata
    if _WIDE.combining(c) or c in "\u200b\u200c\u200d\u2060\ufeff":
        return 0
    return 2 if _WIDE.east_asian_width(c) in ("W", "F") else 1


def _fit(text: str, size: int) -> str:
    """*text* cut or padded with spaces to exactly *size* cells."""
    if _one_cell_each(text):
        return text[:size].ljust(size) if size > 0 else ""
    out, used = [], 0
    for c in text:
        n = _char_cells(c)
        if used + n > size:
            break
        out.append(c)
        used += n
    return "".join(out) + " " * max(size - used, 0)


def _chop(word: str, size: int) -> list[str]:
    """*word* in consecutive pieces of at most *size* cells (one character at least)."""
    if _one_cell_each(word):
        return [word[k : k + size] for k in range(0, len(word), size)]
    pieces, current, used = [], "", 0
    for c in word:
        n = _char_cells(c)
        if current and used + n > size:
            pieces.append(current)
            current, used = "", 0
        current += c
        used += n
    if current:
        pieces.append(current)
    return pieces


# --------------------------------------------------------------------------- wrapping

_WORD = None


def _breaks(text: str, size: int, fold: bool) -> list[int]:
    """Where *text* (one line) breaks to fit lines of *size* cells: character offsets."""
    global _WORD
    if _WORD is None:
        import re

        _WORD = re.compile(r"\s*\S+\s*")
    measure = len if _one_cell_each(text) else cells
    breaks: list[int] = []
    offset = 0
    m = _WORD.match(text, 0)
    while m is not None:
        start, end = m.span()
        word = m.group(0)
        length = measure(word.rstrip())
        if size - offset >= length:
            offset += measure(word)
        elif length > size:
            if fold:
                chunks = _chop(word, size)
                for n, chunk in enumerate(chunks):
                    if start:
                        breaks.append(start)
                    if n == len(chunks) - 1:
                        offset = measure(chunk)
                    else:
                        start += len(chunk)
            else:
                if start:
                    breaks.append(start)
                offset = measure(word)
        elif offset and start:
            breaks.append(start)
            offset = measure(word)
        m = _WORD.match(text, end)
    return breaks


def _truncate(text: str, size: int, ellipsis: bool, pad: bool = False) -> str:
    length = cells(text)
    if length > size:
        text = _fit(text, size - 1) + "\u2026" if ellipsis else _fit(text, size)
    if pad and length < size:
        text += " " * (size - length)
    return text


def _pieces(
    line: str, size: int, justify: str = "default", ellipsis: bool = False, no_wrap: bool = False
) -> list[tuple[int, str]]:
    """*line* (no newline in it) wrapped to *size* cells: ``[(offset, text)]``, the text of each
    piece with the offset in *line* where it starts."""
    if no_wrap:
        found = [(0, line)]
    else:
        bounds = [0, *_breaks(line, size, not ellipsis), len(line)]
        found = [(a, line[a:b]) for a, b in zip(bounds, bounds[1:])] if len(bounds) > 2 else [(0, line)]
        for k, (a, piece) in enumerate(found):  # trailing spaces that overflow the line go
            if len(piece) > size:
                spaces = len(piece) - len(piece.rstrip())
                if spaces:
                    found[k] = (a, piece[: len(piece) - min(spaces, len(piece) - size)])
    if justify == "left":
        found = [(a, _truncate(p, size, ellipsis, pad=True)) for a, p in found]
    elif justify == "right":
        found = [(a, _truncate(p.rstrip(), size, ellipsis)) for a, p in found]
        found = [(a, " " * (size - cells(p)) + p) for a, p in found]
    return [(a, _truncate(p, size, ellipsis)) for a, p in found]


def wrap(line: str, size: int) -> list[str]:
    """*line* wrapped to lines of at most *size* cells."""
    return [p for _, p in _pieces(line, size)]


def _paint(text: str, at: int, spans: Iterable[tuple[int, int, str]], style: bool) -> str:
    """*text*, which starts at offset *at* of a line with *spans*, with its styles."""
    if not style or not spans:
        return text
    out, pos, end = [], 0, len(text)
    for a, b, name in spans:
        a, b = max(a - at, pos), min(b - at, end)
        if a >= b:
            continue
        out.append(text[pos:a])
        out.append(_ANSI.get(name, "") + text[a:b] + _RESET)
        pos = b
    out.append(text[pos:])
    return "".join(out)


def _text_lines(item: str | Text, size: int, style: bool) -> list[str]:
    text, spans = (item.plain, item.spans) if isinstance(item, Text) else (item, ())
    out: list[str] = []
    at = 0
    for line in text.split("\n"):
        mine = [(a - at, b - at, n) for a, b, n in spans if a < at + len(line) and b > at]
        for start, piece in _pieces(line, size):  # each piece at most *size* cells
            out.append(_paint(piece, start, mine, style))
        at += len(line) + 1
    return out


# --------------------------------------------------------------------------- tables


def _measure(column: list[str], pad: int, limit: int) -> int:
    """The natural width of a column of cells, padding included, at most *limit*."""
    if limit < 1:
        return 0
    best = 0
    for cell in column:
        if limit - pad < 1:
            m = limit
        else:
            longest = min(max((cells(x) for x in cell.splitlines()), default=0), limit)
            m = min((longest if longest >= 1 else 0) + pad, limit)
        best = max(best, m if m >= 1 else 0)
    return min(best, limit)


def _reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """Take *total* off *values* in proportion to *ratios*, at most *maximums* from each."""
    ratios = [r if m else 0 for r, m in zip(ratios, maximums)]
    total_ratio, remaining, new = sum(ratios), total, []
    if not total_ratio:
        return list(values)
    for r, m, v in zip(ratios, maximums, values):
        if r and total_ratio > 0:
            d = min(m, round(r * remaining / total_ratio))
            new.append(v - d)
            remaining -= d
            total_ratio -= r
        else:
            new.append(v)
    return new


def _collapse(widths: list[int], wrapable: list[bool], limit: int) -> list[int]:
    """Narrow the widest wrappable columns, step by step, until the table fits in *limit*."""
    total = sum(widths)
    excess = total - limit
    if any(wrapable):
        while total and excess > 0:
            top = max(w for w, ok in zip(widths, wrapable) if ok)
            second = max(w if ok and w != top else 0 for w, ok in zip(widths, wrapable))
            diff = top - second
            ratios = [1 if (w == top and ok) else 0 for w, ok in zip(widths, wrapable)]
            if not any(ratios) or not diff:
                break
            widths = _reduce(excess, ratios, [min(excess, diff)] * len(widths), widths)
            total = sum(widths)
            excess = total - limit
    return widths


def _table_lines(t: Table, limit: int, style: bool) -> list[str]:
    n = len(t.headers)
    pads = [(0 if i == 0 else 1, 0 if i == n - 1 else 1) for i in range(n)]
    columns = [[t.headers[i]] + [row[i] for row in t.rows] for i in range(n)]
    widths = [_measure(columns[i], sum(pads[i]), limit) or 1 for i in range(n)]
    if sum(widths) > limit:
        widths = _collapse(widths, [not nw for nw in t.no_wrap], limit)
        if sum(widths) > limit:  # last resort: every column gives way evenly
            widths = _reduce(sum(widths) - limit, [1] * n, widths, widths)
        widths = [_measure(columns[i], sum(pads[i]), widths[i]) for i in range(n)]
    out: list[str] = []
    for r in range(len(t.rows) + 1):
        blocks = []
        for i in range(n):
            inner = widths[i] - sum(pads[i])
            left, right = " " * pads[i][0], " " * pads[i][1]
            if inner < 1:
                blocks.append([_fit(left + right, widths[i])])
                continue
            lines = [
                piece
                for line in columns[i][r].split("\n")
                for _, piece in _pieces(line, inner, t.justify[i], True, t.no_wrap[i])
            ]
            if r == 0 and style:
                blocks.append(
                    [left + _paint(_fit(x, inner), 0, [(0, len(x), "bold")], True) + right for x in lines]
                )
            else:
                blocks.append([left + _fit(x, inner) + right for x in lines])
        height = max(len(b) for b in blocks)
        for i, b in enumerate(blocks):
            blank = [" " * widths[i]] * (height - len(b))
            blocks[i] = blank + b if r == 0 else b + blank  # the header row is bottom-aligned
        out.extend("".join(b[k] for b in blocks) for k in range(height))
    return out


# --------------------------------------------------------------------------- output


def render(items: Iterable[str | Text | Table], *, size: int | None = None, style: bool | None = None) -> str:
    """The text of *items* (strings, :class:`Text` and :class:`Table`), each starting on a new
    line, laid out for *size* cells (default :func:`width`), styled when *style* (default
    :func:`styled`)."""
    size = width() if size is None else size
    style = styled() if style is None else style
    out: list[str] = []
    for item in items:
        if isinstance(item, Table):
            lines = _table_lines(item, size, style)
            out.extend(lines if style else [x if cells(x) <= size else _fit(x, size) for x in lines])
        else:
            out.extend(_text_lines(item, size, style))
    return "".join(line + "\n" for line in out)
