"""Entry point: ``brass-judge`` and ``python -m brass_judge``.

Fast path for ``brass-judge rulings show|search|list``
    These commands only read the rulings database, so most of their time would go on importing
    typer and rich (about 40 ms, three times what starting Python costs). :func:`main` therefore
    serves them here, with the standard library only, when the command line is one it fully
    understands; anything else (``--help``, a missing or extra argument, an unknown option, an
    option value that looks like an option, an invalid ``--limit`` or ``--format``) goes to the
    typer CLI, which then says what is wrong exactly as before.

    Output is the same as the typer commands' (brass_judge/cli_rulings.py) by construction: JSON
    is built the same way, and text is laid out by the one plain renderer both paths use
    (brass_judge/rulings_text.py, brass_judge/plain.py), styled the same way on a terminal.
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
        if not (limit.isascii() and limit.isdigit() and 1 <= int(limit) <= _ruling_count()):
            return None
        opts["limit"] = int(limit)
    return cmd, positional, opts


def _ruling_count() -> int:
    """How many rulings the database holds: the largest ``--limit`` of ``rulings search`` (0 when
    the database cannot be read: the typer path then reports the problem)."""
    from .rulings import load_rulings

    try:
        return len(load_rulings())
    except ValueError:  # an InputError
        return 0


def _rulings_fast(args: list[str]) -> int | None:
    """Run ``rulings show|search|list`` without typer and rich; None: not handled here."""
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
    """``cli_rulings._cited_by``, through a JSON cache keyed by the digest of the code tables: the
    shared codes.py and the game's codes.py and cases.py, which map its rows to rulings (importing
    them costs more than everything else ``rulings show`` does)."""
    from . import rulings as R

    name = None
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        text = b""
        for part in (("codes.py",), ("games", "lancashire", "codes.py"), ("games", "lancashire", "cases.py")):
            with open(os.path.join(here, *part), "rb") as fh:
                text += fh.read()
        name = f"citedby-v2-{R._sha256_hex(text)[:16]}.json"
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


def _show(ruling_id: str, fmt: str) -> str:
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
    from .rulings_text import show

    return show(r, everything, cited)


def _search(query: str, limit: int, fmt: str) -> str:
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
    from .rulings_text import search as search_text

    return search_text(query, hits, cover, weak_text(cover[0]) if hits and is_weak(cover[0]) else None)


def _list(opts: dict, fmt: str) -> str:
    from .rulings import list_rulings

    found = list_rulings(
        topic=opts.get("topic"),
        authority=opts.get("authority"),
        engine=opts.get("engine"),
        applies_to=opts.get("applies_to"),
    )
    if fmt == "json":
        return _json([r.to_dict() for r in found])
    from .rulings_text import listing

    return listing(found)


if __name__ == "__main__":
    sys.exit(main())
