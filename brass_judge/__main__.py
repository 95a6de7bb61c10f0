"""Entry point: ``brass-judge`` and ``python -m brass_judge``.

Fast path for ``brass-judge rulings show|search|list``
    These commands only read the rulings database, so most of their time would go on importing
    typer and rich (about 40 ms, three times what starting Python costs). :func:`main` therefore
    serves them here, with the standard library only, when the command line is one it fully
    understands; anything else (``--help``, a missing or extra argument, an unknown option, an
    option value that looks like an option, an invalid ``--limit`` or ``--format``) goes to the
    typer CLI, which then says what is wrong exactly as before.

    Output is the same as the typer commands' (brass_judge/cli_rulings.py): JSON byte for byte;
    text laid out as rich lays it out when it writes to a file or pipe, line for line (same
    wrapping width and rules, same table column widths), but never styled: on a terminal the
    bold and dim of the rich output are left out. Text that rich would treat specially (markup
    brackets, backslashes, ``:emoji:`` codes, tabs, characters that are not one cell wide) is
    left to the typer path, and so is a table too wide to lay out by wrapping its text columns.
    tests/test_fastpath.py compares both paths over every ruling, every filter and a set of
    searches. ``BRASS_JUDGE_NO_FASTPATH=1`` turns the fast path off.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Run the command line *argv* (default: ``sys.argv[1:]``); return the exit code. Run as the
    program (the ``brass-judge`` script, ``python -m brass_judge``), it ends the process itself
    once the output is flushed (see :func:`_exit_now`)."""
    if sys.stdout is None or sys.stderr is None:
        _closed_streams()
    try:
        code = _main(argv)
    except Exception as exc:  # noqa: BLE001 - a bug must still end in a message, never a traceback
        if os.environ.get("BRASS_JUDGE_DEBUG"):
            raise
        code = _internal_error(exc, sys.argv[1:] if argv is None else list(argv))
    if argv is None and os.path.basename(sys.argv[0] or "") in _PROGRAM_NAMES:
        _exit_now(code)
    return code


_PROGRAM_NAMES = ("brass-judge", "__main__.py")


def _internal_error(exc: BaseException, args: list) -> int:
    """A command failed with an exception the code did not expect (a bug in brass-judge, not in
    the user's files): say so in one paragraph (INP091, as lint does for one file) and exit 2.
    ``BRASS_JUDGE_DEBUG=1`` lets the traceback through instead."""
    from .errors import InputError, quote

    what = f"{type(exc).__name__}: {quote(str(exc), 160)}" if str(exc) else type(exc).__name__
    command = quote(args[0], 40) if args else "(no command)"
    err = InputError(
        f"internal error in the brass-judge command {command} ({what}). This is a bug in brass-judge, "
        "not a problem in your files: please report it with the command line and the input files "
        "(BRASS_JUDGE_DEBUG=1 shows the traceback)",
        code="INP091",
    )
    try:
        from .cli_common import emit_json, json_asked

        if json_asked(args):
            emit_json({"error": err.to_dict()})
            sys.stdout.flush()
        sys.stderr.write(err.render() + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return 2


class _ClosedStream:
    """Stands in for a standard stream the program was started without (``brass-judge ... >&-``,
    where Python sets ``sys.stdout`` to None): every write fails with EBADF, so the commands'
    usual handling of a stream that cannot be written (brass_judge/output.py ``stream_failed``)
    reports it with exit 2 instead of a traceback."""

    encoding = "utf-8"
    errors = "backslashreplace"

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self.buffer = self

    def write(self, data):
        import errno

        raise OSError(errno.EBADF, "Bad file descriptor (the stream is closed)")

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return False

    def reconfigure(self, **kw) -> None:
        pass


def _closed_streams() -> None:
    """Give a closed standard output or error a stand-in (and keep its descriptor taken by
    /dev/null, so that no file the command opens later becomes descriptor 1 or 2)."""
    for name, fd in (("stdout", 1), ("stderr", 2)):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(fd)
        except OSError:
            try:
                got = os.open(os.devnull, os.O_WRONLY)
                if got != fd:
                    os.dup2(got, fd)
                    os.close(got)
            except OSError:
                pass
        if name == "stderr":
            sys.stderr = open(os.devnull, "w", encoding="utf-8", errors="backslashreplace")
        else:
            sys.stdout = _ClosedStream(fd)


def _main(argv: list[str] | None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not os.environ.get("BRASS_JUDGE_NO_FASTPATH"):
        if args[:1] == ["rulings"]:
            from .output import setup_streams

            setup_streams()
            code = _rulings_fast(args[1:])
            if code is not None:
                return code
        elif args[:1] in (["check"], ["validate"]):
            from .output import setup_streams

            setup_streams()
            from ._fastcheck import run as fast_run

            code = fast_run(args[0], args[1:])
            if code is not None:
                return code
    from .cli import run

    return run(argv)


def _exit_now(code: int) -> None:
    """End the process with *code* without the interpreter's teardown (freeing every module and
    object costs about as much as a ``check`` does its work): flush standard output and error,
    run the exit handlers (``atexit``), then ``os._exit``. Only from :func:`main` run as the
    program, never in library use; when anything is left that teardown would do (a flush that
    fails, a thread still running), it returns and the interpreter exits as usual.
    ``BRASS_JUDGE_NO_FAST_EXIT=1`` turns it off."""
    if os.environ.get("BRASS_JUDGE_NO_FAST_EXIT"):
        return
    threading = sys.modules.get("threading")
    if threading is not None and any(
        t is not threading.main_thread() and not t.daemon and t.is_alive() for t in threading.enumerate()
    ):
        return
    try:
        import atexit

        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BaseException:  # noqa: BLE001 - e.g. a closed pipe: the usual exit reports it
        return
    os._exit(code if isinstance(code, int) and 0 <= code <= 255 else 1)


# --------------------------------------------------------------------------- command line

# Options of each command (brass_judge/cli_rulings.py): spelling -> parameter.
_FORMAT = {"--format": "fmt", "-f": "fmt"}
_OPTIONS = {
    "show": dict(_FORMAT),
    "search": dict(_FORMAT, **{"--limit": "limit", "-n": "limit"}),
    "list": dict(
        _FORMAT,
        **{
            "--topic": "topic",
            "-t": "topic",
            "--authority": "authority",
            "-a": "authority",
            "--engine": "engine",
            "-e": "engine",
            "--applies-to": "applies_to",
        },
    ),
}
_ARGUMENTS = {"show": 1, "search": 1, "list": 0}


def _parse(args: list[str]) -> tuple[str, list[str], dict] | None:
    """``(command, arguments, options)``, or None when the typer CLI should handle it."""
    if not args or args[0] not in _OPTIONS:
        return None
    from ._argv import split_options

    cmd = args[0]
    split = split_options(args[1:], _OPTIONS[cmd])
    if split is None:
        return None
    positional, opts = split
    if len(positional) != _ARGUMENTS[cmd] or any(p.startswith("-") for p in positional):
        return None
    fmt = opts.get("fmt", "text")
    if not fmt.isascii() or fmt.lower() not in ("text", "json"):
        return None
    opts["fmt"] = fmt.lower()
    if "limit" in opts:
        limit = opts["limit"]
        if not (limit.isascii() and limit.isdigit() and 1 <= int(limit) <= 139):
            return None
        opts["limit"] = int(limit)
    return cmd, positional, opts


def _rulings_fast(args: list[str]) -> int | None:
    """Run ``rulings show|search|list`` without typer and rich; None: not handled here."""
    if os.name == "nt":  # rich's width rules differ on Windows consoles
        return None
    parsed = _parse(args)
    if parsed is None:
        return None
    cmd, positional, opts = parsed
    fmt = opts.pop("fmt")
    try:
        if cmd == "show":
            out = _show(positional[0], fmt)
        elif cmd == "search":
            out = _search(positional[0], opts.get("limit", 5), fmt)
        else:
            out = _list(opts, fmt)
    except ValueError as exc:  # InputError is a ValueError; brass_judge.errors is imported only now
        from .errors import ExitCode, InputError

        if not isinstance(exc, InputError):
            raise
        if fmt == "json":
            sys.stdout.write(_json({"error": exc.to_dict()}))
        sys.stderr.write(exc.render() + "\n")
        return int(ExitCode.INPUT_ERROR)
    if out is None:
        return None
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except OSError as exc:  # '| head' (quietly, exit 1) or '> /dev/full' (exit 2), as the typer commands
        from .output import stream_failed

        return stream_failed(exc)
    return 0


def _json(obj) -> str:
    import json

    return json.dumps(obj, indent=2, ensure_ascii=False, default=str) + "\n"


# --------------------------------------------------------------------------- the commands


def _cited_by(ruling_id: str) -> list[dict]:
    """``cli_rulings._cited_by``, through a JSON cache keyed by the digest of codes.py (importing
    codes.py costs more than everything else ``rulings show`` does)."""
    from . import rulings as R

    name = None
    try:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "codes.py"), "rb") as fh:
            name = f"citedby-v1-{R._sha256_hex(fh.read())[:16]}.json"
    except OSError:
        pass
    table = R._cache_get(name) if name else None
    if not isinstance(table, dict):
        try:
            from .codes import codes_citing

            table = {
                rid: [{"code": c.code, "name": c.name} for c in codes_citing(rid)] for rid in R.load_rulings()
            }
        except (ImportError, AttributeError):
            return []
        if name:
            R._cache_put(name, table)
    return table.get(ruling_id, [])


def _show(ruling_id: str, fmt: str) -> str | None:
    from .rulings import get_ruling, load_rulings

    r = get_ruling(ruling_id)
    cited = _cited_by(r.id)
    everything = load_rulings()
    if fmt == "json":
        obj = r.to_dict()
        obj["related_questions"] = [
            {"id": rid, "question": everything[rid].question} for rid in r.related if rid in everything
        ]
        obj["cited_by"] = cited
        return _json(obj)
    lines = [
        f"{r.id}  {r.question}",
        "",
        r.answer,
        "",
        f"source:     {r.source if r.source else '(none given)'}",
        f"authority:  {', '.join(r.authority)}",
        f"topics:     {', '.join(r.topics)}",
        f"applies to: {r.applies_to}    engine: {r.engine}",
    ]
    if r.related:
        lines.append("related:")
        for rid in r.related:
            q = everything[rid].question if rid in everything else "?"
            lines.append(f"  {rid}  {q}")
    if cited:
        lines.append("cited by:")
        lines.extend(f"  {c['code']}  {c['name']}" for c in cited)
    else:
        lines.append("cited by:   (no engine check cites it)")
    return _Plain.render(lines)


def _search(query: str, limit: int, fmt: str) -> str | None:
    from .rulings import is_weak, match_coverage, search, weak_text

    hits = search(query, limit=limit)
    cover = [match_coverage(query, r) for r, _ in hits]
    if fmt == "json":
        return _json(
            [
                {
                    "id": r.id,
                    "score": s,
                    "coverage": c,
                    "weak": is_weak(c),
                    "question": r.question,
                    "answer": r.answer,
                    "engine": r.engine,
                    "topics": list(r.topics),
                    "authority": list(r.authority),
                }
                for (r, s), c in zip(hits, cover)
            ]
        )
    if not hits:
        return _Plain.render(
            [f"No ruling matches {query!r}. Try other words, or 'brass-judge rulings list --topic ...'."]
        )
    table = _Plain.Table(
        ("id", "score", "match", "question"),
        justify=("left", "right", "right", "left"),
        no_wrap=(True, True, True, False),
        rows=[(r.id, f"{s:.1f}", f"{c:.0%}", r.question) for (r, s), c in zip(hits, cover)],
    )
    best = hits[0][0]
    head = [weak_text(cover[0])] if is_weak(cover[0]) else []
    return _Plain.render(
        [table, "", *head, f"{best.id}: {best.answer}", f"More: brass-judge rulings show {best.id}"]
    )


def _list(opts: dict, fmt: str) -> str | None:
    from .rulings import list_rulings

    found = list_rulings(
        topic=opts.get("topic"),
        authority=opts.get("authority"),
        engine=opts.get("engine"),
        applies_to=opts.get("applies_to"),
    )
    if fmt == "json":
        return _json([r.to_dict() for r in found])
    table = _Plain.Table(
        ("id", "engine", "authority", "question"),
        no_wrap=(True, True, False, False),
        rows=[(r.id, r.engine, ", ".join(r.authority), r.question) for r in found],
    )
    return _Plain.render([table, f"{len(found)} ruling{'s' if len(found) != 1 else ''}"])


# --------------------------------------------------------------------------- plain text as rich lays it out


class _Plain:
    """The layout rich gives ``Console.print`` of text and of a ``Table(box=None, pad_edge=False)``
    when it writes to a file: the same wrapping (rich/_wrap.py ``divide_line``) and the same column
    widths (rich/table.py), for text of one-cell characters without markup."""

    class Table:
        def __init__(self, headers, *, rows, no_wrap, justify=None):
            self.headers = tuple(headers)
            self.rows = [tuple(r) for r in rows]
            self.no_wrap = tuple(no_wrap)
            self.justify = tuple(justify or ("left",) * len(self.headers))

    @classmethod
    def render(cls, items: list) -> str | None:
        """Each item (a string, or a Table) printed on its own; None when rich would render it
        in a way this class does not reproduce."""
        width = cls.width()
        out: list[str] = []
        for item in items:
            if isinstance(item, cls.Table):
                texts = list(item.headers) + [c for row in item.rows for c in row]
                if not all(cls.plain(t) for t in texts):
                    return None
                lines = cls.table(item, width)
                if lines is None:
                    return None
            else:
                if not cls.plain(item):
                    return None
                lines = [piece for line in item.split("\n") for piece in cls.wrap(line, width)]
            out.extend(line[:width] for line in lines)
        return "".join(line + "\n" for line in out)

    _SAFE = None

    @classmethod
    def plain(cls, text: str) -> bool:
        """True when rich prints *text* as it is: no markup, no emoji codes, one cell a character."""
        import re

        if cls._SAFE is None:
            # rich's one-cell ranges (rich/cells.py) and the general punctuation block's dashes,
            # quotes, bullets and ellipsis (U+2010-U+2027), all one cell wide in rich's tables.
            cls._SAFE = re.compile("[\n\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0482\u2010-\u2027]*")
            cls._EMOJI = re.compile(r":\S*?:")
        return (
            cls._SAFE.fullmatch(text) is not None
            and "[" not in text
            and "\\" not in text
            and cls._EMOJI.search(text) is None
        )

    @staticmethod
    def terminal() -> bool:
        """Whether rich's Console takes standard output for a terminal (rich/console.py
        ``is_terminal``): then it styles what it prints."""
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

    @classmethod
    def width(cls) -> int:
        """rich's Console width (rich/console.py ``is_terminal``, ``is_dumb_terminal``, ``size``)."""
        env = os.environ
        terminal = cls.terminal()
        if terminal and env.get("TERM", "").lower() in ("dumb", "unknown"):
            return 80
        width = None
        for fd in (0, 1, 2):
            try:
                width = os.get_terminal_size(fd)[0]
            except (AttributeError, ValueError, OSError):
                continue
            break
        columns = env.get("COLUMNS")
        if columns is not None and columns.isdigit():
            width = int(columns)
        return width or 80

    _WORD = None

    @classmethod
    def divide(cls, text: str, width: int, fold: bool) -> list[int]:
        """rich/_wrap.py ``divide_line`` for one-cell characters."""
        if cls._WORD is None:
            import re

            cls._WORD = re.compile(r"\s*\S+\s*")
        breaks: list[int] = []
        offset = 0
        m = cls._WORD.match(text, 0)
        while m is not None:
            start, end = m.span()
            word = m.group(0)
            length = len(word.rstrip())
            if width - offset >= length:
                offset += len(word)
            elif length > width:
                if fold:
                    chunks = [word[k : k + width] for k in range(0, len(word), width)]
                    for n, chunk in enumerate(chunks):
                        if start:
                            breaks.append(start)
                        if n == len(chunks) - 1:
                            offset = len(chunk)
                        else:
                            start += len(chunk)
                else:
                    if start:
                        breaks.append(start)
                    offset = len(word)
            elif offset and start:
                breaks.append(start)
                offset = len(word)
            m = cls._WORD.match(text, end)
        return breaks

    @staticmethod
    def truncate(text: str, width: int, overflow: str, pad: bool = False) -> str:
        """rich ``Text.truncate``."""
        length = len(text)
        if length > width:
            if overflow == "ellipsis":
                keep = max(width - 1, 0)
                text = text[:keep].ljust(keep) + "\u2026"
            else:
                text = text[:width]
        if pad and length < width:
            text += " " * (width - length)
        return text

    @classmethod
    def wrap(
        cls, line: str, width: int, justify: str = "default", overflow: str = "fold", no_wrap: bool = False
    ) -> list[str]:
        """rich ``Text.wrap`` of one line (no newline in it)."""
        if no_wrap:
            pieces = [line]
        else:
            offsets = cls.divide(line, width, overflow == "fold")
            bounds = [0, *offsets, len(line)]
            pieces = [line[a:b] for a, b in zip(bounds, bounds[1:])] if offsets else [line]
            for k, piece in enumerate(pieces):  # Text.rstrip_end
                if len(piece) > width:
                    spaces = len(piece) - len(piece.rstrip())
                    if spaces:
                        pieces[k] = piece[: len(piece) - min(spaces, len(piece) - width)]
        if justify == "left":
            pieces = [cls.truncate(p, width, overflow, pad=True) for p in pieces]
        elif justify == "right":
            pieces = [cls.truncate(p.rstrip(), width, overflow) for p in pieces]
            pieces = [" " * (width - len(p)) + p for p in pieces]
        return [cls.truncate(p, width, overflow) for p in pieces]

    @staticmethod
    def measure(cells: list[str], pad: int, max_width: int) -> int:
        """The maximum of rich's ``Measurement`` of a column of padded text cells."""
        if max_width < 1:
            return 0
        best = 0
        for cell in cells:
            if max_width - pad < 1:  # Padding.__rich_measure__
                m = max_width
            else:
                longest = min(max((len(x) for x in cell.splitlines()), default=0), max_width)
                m = min((longest if longest >= 1 else 0) + pad, max_width)
            best = max(best, m if m >= 1 else 0)
        return min(best, max_width)

    @staticmethod
    def collapse(widths: list[int], wrapable: list[bool], max_width: int) -> list[int]:
        """rich ``Table._collapse_widths`` (with ``ratio_reduce``)."""
        total = sum(widths)
        excess = total - max_width
        if any(wrapable):
            while total and excess > 0:
                top = max(w for w, ok in zip(widths, wrapable) if ok)
                second = max(w if ok and w != top else 0 for w, ok in zip(widths, wrapable))
                diff = top - second
                ratios = [1 if (w == top and ok) else 0 for w, ok in zip(widths, wrapable)]
                if not any(ratios) or not diff:
                    break
                maximums = [min(excess, diff)] * len(widths)
                ratios = [r if m else 0 for r, m in zip(ratios, maximums)]
                total_ratio, remaining, new = sum(ratios), excess, []
                for r, m, w in zip(ratios, maximums, widths):
                    if r and total_ratio > 0:
                        d = min(m, round(r * remaining / total_ratio))
                        new.append(w - d)
                        remaining -= d
                        total_ratio -= r
                    else:
                        new.append(w)
                widths = new
                total = sum(widths)
                excess = total - max_width
        return widths

    @classmethod
    def table(cls, t: _Plain.Table, max_width: int) -> list[str] | None:
        """rich ``Table(box=None, pad_edge=False)`` with a header row, as lines."""
        n = len(t.headers)
        pads = [(0 if i == 0 else 1, 0 if i == n - 1 else 1) for i in range(n)]
        columns = [[t.headers[i]] + [row[i] for row in t.rows] for i in range(n)]
        widths = [cls.measure(columns[i], sum(pads[i]), max_width) or 1 for i in range(n)]
        if sum(widths) > max_width:
            widths = cls.collapse(widths, [not nw for nw in t.no_wrap], max_width)
            if sum(widths) > max_width:
                return None  # rich would shrink every column: not reproduced here
            widths = [cls.measure(columns[i], sum(pads[i]), widths[i]) for i in range(n)]
        for i in range(n):
            inner = widths[i] - sum(pads[i])
            if inner < 1:
                return None
            if not t.no_wrap[i] and any(len(w) > inner for c in columns[i] for w in c.split()):
                return None  # a word longer than its column: rich crops it with an ellipsis
        out: list[str] = []
        for r in range(len(t.rows) + 1):
            cells = []
            for i in range(n):
                inner = widths[i] - sum(pads[i])
                left, right = " " * pads[i][0], " " * pads[i][1]
                lines = [
                    piece
                    for line in columns[i][r].split("\n")
                    for piece in cls.wrap(line, inner, t.justify[i], "ellipsis", t.no_wrap[i])
                ]
                cells.append([left + x[:inner].ljust(inner) + right for x in lines])
            height = max(len(c) for c in cells)
            for i, c in enumerate(cells):
                blank = [" " * widths[i]] * (height - len(c))
                cells[i] = blank + c if r == 0 else c + blank  # the header row is bottom-aligned
            out.extend("".join(c[k] for c in cells) for k in range(height))
        return out


if __name__ == "__main__":
    sys.exit(main())
