"""Output that cannot hurt: escaped text, files written atomically, streams that fail cleanly.

Standard library only (imported by the linter's worker processes and by the fast path).

* :func:`escape_controls` is the one escaping function for every text the tool prints or draws
  (text output of every command, the ``github`` lint format, SVG pictures): control characters
  (C0, DEL, C1), the Unicode line and paragraph separators, the bidirectional overrides and
  isolates, other invisible format characters and lone surrogates (bytes of a file name that are
  not UTF-8) become visible escapes such as ``\\n``, ``\\x1b`` or ``\\u202e``. A player name
  holding a newline and ``::error::`` therefore cannot start a GitHub workflow command, and ANSI
  escapes cannot reach the terminal.
* :func:`write_file` is the one way a command writes a file: a temporary file in the same folder,
  flushed and fsynced, then ``os.replace``; on any failure the temporary file is removed and the
  original is untouched. A symlink is followed (the file it points to is replaced); a device or
  FIFO (``/dev/null``, ``/dev/stdout``) is written directly.
* :func:`refuse_clobber` refuses an output path that names one of the command's inputs holding a
  different kind of file, or another output of the same command (resolved paths and
  ``os.path.samefile``, so symlinks and hard links count).
* :func:`stream_failed` turns a failed write to standard output (``> /dev/full``, a closed pipe)
  into a message and exit code 2 (a closed pipe: quietly, exit 1 as click and rich do), never a
  traceback.

``-`` means standard input where a command reads and standard output where it writes.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from collections.abc import Iterable, Sequence
from typing import Union

#: Characters that never reach the output as they are (see the module docstring).
_CONTROL = re.compile(
    "[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069"
    "\ufeff\ufff9-\ufffb\ufffe\uffff\ud800-\udfff]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_one(c: str) -> str:
    return _NAMED.get(c) or (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")


def escape_controls(text, keep: str = "") -> str:
    """*text* (made a string) with every control or invisible formatting character escaped
    (``\\n``, ``\\x1b``, ``\\u202e``...), except those in *keep* (e.g. ``"\\n"``)."""
    s = text if isinstance(text, str) else str(text)
    if not keep:
        return _CONTROL.sub(lambda m: _escape_one(m.group(0)), s)
    return _CONTROL.sub(lambda m: m.group(0) if m.group(0) in keep else _escape_one(m.group(0)), s)


#: the characters of :data:`_CONTROL` that ``json.dumps`` leaves as they are (it escapes C0 itself)
_JSON_RAW = re.compile("[\x7f-\x9f" + _CONTROL.pattern.split("\x9f", 1)[1])


_NON_ASCII = re.compile("[^\x00-\x7e]")  # and DEL


def _json_u(m) -> str:
    n = ord(m.group(0))
    if n > 0xFFFF:  # a surrogate pair, as json.dumps(ensure_ascii=True) writes it
        n -= 0x10000
        return f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}"
    return f"\\u{n:04x}"


def json_escape(text: str, ascii_only: bool = False) -> str:
    """JSON text (from ``json.dumps``) with the characters :func:`escape_controls` escapes
    written as ``\\uXXXX`` escapes (*ascii_only*: every non-ASCII character): the same JSON
    value, but nothing invisible on the screen. (Outside its strings JSON text is ASCII.)"""
    return (_NON_ASCII if ascii_only else _JSON_RAW).sub(_json_u, text)


def encodable(text: str, stream=None) -> bool:
    """Whether *stream* (standard output) can encode *text* as it is."""
    try:
        text.encode(getattr(stream or sys.stdout, "encoding", None) or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def json_text(obj, stream=None) -> str:
    """*obj* as the JSON text the commands write to *stream* (standard output): indented,
    invisible and control characters in strings written as ``\\uXXXX`` escapes, and all non-ASCII
    text too when the stream cannot encode it (always valid JSON holding exactly the strings)."""
    import json

    text = json_escape(json.dumps(obj, indent=2, ensure_ascii=False, default=_json_default)) + "\n"
    return text if encodable(text, stream) else json_escape(text, ascii_only=True)


def _json_default(o):
    if hasattr(o, "to_dict"):
        return o.to_dict()
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    return str(o)


def has_controls(text: str) -> bool:
    return _CONTROL.search(text) is not None


# ------------------------------------------------------------------------------------- files
#: An output file: a path, or '-' for standard output.
PathLike = Union[str, "os.PathLike[str]"]


def is_stdio(path) -> bool:
    return path is not None and str(path) == "-"


def _input_error(message: str, path, code: str = "INP061"):
    from .errors import InputError

    return InputError(message, file=str(path), code=code)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_all(fh, data: bytes) -> None:
    """Write *data* to the open binary file *fh* (a separate function so tests can make it fail)."""
    view = memoryview(data)
    step = 1 << 16
    for i in range(0, len(view), step):
        fh.write(view[i : i + step])


def write_file(path: PathLike, text: str | bytes, what: str = "the output") -> None:
    """Write *text* to *path* atomically (see the module docstring); '-' writes to standard output.

    Any failure raises :class:`~brass_judge.errors.InputError` (code INP061, exit 2) naming the
    file, with the original file (if any) left as it was and no temporary file left behind."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    name = os.fspath(path)
    if name == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data) if hasattr(sys.stdout, "buffer") else sys.stdout.write(
            data.decode("utf-8")
        )
        sys.stdout.flush()
        return
    if not name:
        raise _input_error(f"cannot write {what}: no file name given", "''")
    target = os.path.realpath(name)  # through symlinks: replace the file a link points to, keep the link
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _input_error(f"cannot write {what}: {exc.strerror or exc}", name) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise _input_error(f"cannot write {what}: this is a folder, not a file", name)
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_special(target, name, data, what, st)
        return
    if st is not None and not os.access(target, os.W_OK):
        # the rename would replace it all the same: a read-only file stays read-only
        raise _input_error(f"cannot write {what}: the file is read-only (Permission denied)", name)
    folder = os.path.dirname(target) or "."
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _input_error(f"cannot write {what}: {exc.strerror or exc} (in folder {folder})", name) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            _write_all(fh, data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _input_error(
                f"cannot write {what}: {exc.strerror or exc}; the file was not changed", name
            ) from None
        raise


def _write_special(target: str, name: str, data: bytes, what: str, st) -> None:
    """A device, FIFO or socket named as the output: written in place (no rename over it)."""
    if stat.S_ISSOCK(st.st_mode):
        raise _input_error(f"cannot write {what}: this is a socket, not a file", name)
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0)
    fifo = stat.S_ISFIFO(st.st_mode)
    try:
        # a FIFO nobody reads would block for ever: open it without blocking (ENXIO: no reader)
        fd = os.open(target, flags | (os.O_NONBLOCK if fifo else 0))
    except OSError as exc:
        why = "no process is reading this FIFO" if exc.errno == errno.ENXIO else (exc.strerror or str(exc))
        raise _input_error(f"cannot write {what}: {why}", name) from None
    try:
        if fifo:
            os.set_blocking(fd, True)
        with os.fdopen(fd, "wb") as fh:
            _write_all(fh, data)
            fh.flush()
    except OSError as exc:
        raise _input_error(f"cannot write {what}: {exc.strerror or exc}", name) from None


def same_file(a: PathLike, b: PathLike) -> bool:
    """True when *a* and *b* name one file (through symlinks and hard links); '-' is never a file."""
    sa, sb = os.fspath(a), os.fspath(b)
    if sa == "-" or sb == "-" or not sa or not sb:
        return False
    try:
        return os.path.samefile(sa, sb)
    except OSError:  # one of them does not exist (yet)
        return os.path.realpath(sa) == os.path.realpath(sb)


def refuse_clobber(
    outputs: Sequence[tuple[PathLike | None, str, str]], inputs: Iterable[tuple[PathLike | None, str, str]]
) -> None:
    """Refuse (InputError INP094, exit 2) outputs that would destroy an input or each other.

    *outputs* and *inputs* are ``(path, kind, option)`` triples (path None: not given), e.g.
    ``(out, "position", "--out")`` and ``(position, "position", "POSITION")``. An output may name
    an input only when both hold the same kind of file (``check POS --apply --out POS``, the
    carry-forward workflow); two outputs may never name one file, nor both be '-'."""
    from .errors import InputError

    given = [(p, k, o) for p, k, o in outputs if p is not None]
    for i, (p, _kind, opt) in enumerate(given):
        for q, _, opt2 in given[i + 1 :]:
            if (is_stdio(p) and is_stdio(q)) or same_file(p, q):
                where = "standard output" if is_stdio(p) else f"the same file ({os.fspath(q)})"
                raise InputError(
                    f"{opt} and {opt2} both name {where}; give each output its own file",
                    file=os.fspath(p),
                    field=opt2,
                    code="INP094",
                )
    for p2, kind, opt in given:
        for q2, qkind, qopt in inputs:
            if q2 is None or not same_file(p2, q2):
                continue
            if kind == qkind:
                continue
            raise InputError(
                f"refusing to write {_KIND_TEXT.get(kind, kind)} ({opt}) over "
                f"{_KIND_TEXT.get(qkind, qkind)} {os.fspath(q2)} ({qopt}), one of this command's "
                "inputs: nothing was written; choose another output file",
                file=os.fspath(p2),
                field=opt,
                code="INP094",
            )


_KIND_TEXT = {
    "position": "a position",
    "svg": "an SVG picture",
    "game": "the game log",
    "action": "the action file",
    "highlight": "the highlight file",
    "log": "a game log",
}


def refuse_stdin_twice(inputs: Iterable[tuple[PathLike | None, str]]) -> None:
    """Refuse (InputError INP095) a command line that names standard input ('-') twice."""
    from .errors import InputError

    named = [opt for p, opt in inputs if is_stdio(p)]
    if len(named) > 1:
        raise InputError(
            f"{' and '.join(named)} both read standard input ('-'); it can be read only once: "
            "give all but one as files",
            field=named[1],
            code="INP095",
        )


# ----------------------------------------------------------------------------------- streams
#: errno values that mean "the output cannot be written" (a write to a stream never reads input)
WRITE_ERRNOS = frozenset(
    e
    for e in (
        errno.EPIPE,
        errno.ENOSPC,
        errno.EFBIG,
        getattr(errno, "EDQUOT", None),
        errno.EIO,
        errno.EBADF,
        errno.EROFS,
    )
    if e is not None
)


def setup_streams() -> None:
    """Make standard output and error survive any encoding (``PYTHONIOENCODING=ascii``, a latin-1
    ``LANG=C``, a file name that is not UTF-8): what cannot be encoded is written as an escape."""
    for s in (sys.stdout, sys.stderr):
        reconfigure = getattr(s, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            if getattr(s, "errors", "strict") in ("strict", "surrogateescape"):
                reconfigure(errors="backslashreplace")
        except (ValueError, OSError, TypeError):
            pass


def _silence_stdout() -> None:
    """Point standard output at /dev/null so that Python's own flush at exit finds nothing wrong."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError):
        pass


def stream_failed(exc: OSError) -> int:
    """Report a failed write to standard output and return the exit code: a closed pipe (EPIPE,
    e.g. ``| head -1``) quietly with 1, as click and rich do; anything else (``> /dev/full``)
    with a one-line message and 2."""
    _silence_stdout()
    if exc.errno == errno.EPIPE:
        return 1
    try:
        sys.stderr.write(
            f"error[INP061]: cannot write the output to standard output: {exc.strerror or exc}\n"
        )
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return 2


def flush_stdout(code: int) -> int:
    """Flush standard output at the end of a command; a failure becomes :func:`stream_failed`."""
    try:
        sys.stdout.flush()
    except OSError as exc:
        return stream_failed(exc)
    except ValueError:  # closed
        pass
    return code
