"""Safe YAML reading that remembers where every value came from.

Every input format of brass-judge is YAML. This module turns a file (or a string) into plain
Python data plus a map from field paths to (line, column), so that every later error can name
the file, line and field. It never constructs arbitrary objects: documents are composed with
the events of PyYAML's (C, when available) parser in one pass (:class:`_EventReader`), which also
lets it refuse hostile input cheaply:

* files larger than :data:`MAX_BYTES`;
* nesting deeper than :data:`MAX_DEPTH`;
* alias expansion ("billion laughs"): the node count after expanding aliases is bounded by
  :data:`MAX_NODES` and the walk stops as soon as it is exceeded;
* tags other than YAML's plain scalar, sequence and mapping types (``!!python/object`` and
  friends), duplicate keys, non-string keys, several documents, empty files, bytes that are not
  UTF-8.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InputError, InputErrors, quote

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 100_000

Path_ = tuple  # a field path: keys and indices from the document root

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MERGE = "tag:yaml.org,2002:merge"
_PLAIN = "!brass-judge/plain"  # a plain (unquoted, untagged) scalar, resolved by the 1.2 core schema
#: the first characters of a YAML 1.2 core integer or float (any other plain scalar is neither)
_NUMBER_STARTS = frozenset("0123456789+-.")

#: The longest scalar (text, number, name) accepted: a real name or note is far shorter.
MAX_SCALAR = 10_000
#: Numbers are refused above this magnitude (no count or amount in the game comes near it).
MAX_INT = 10**15
#: A number written with more characters than this is refused before it is converted.
MAX_NUMBER_CHARS = 40

# YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#103-core-schema)
_CORE_NULL = frozenset(("", "~", "null", "Null", "NULL"))
_CORE_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_CORE_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_CORE_FLOAT = re.compile(
    r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_COMMENT_AFTER = re.compile(r"[ \t]+#")
_TIMESTAMP_RE = re.compile(
    r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}"
    r"(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?"
)


def format_path(path: Path_) -> str:
    """Render a field path the way a person reads it: ``players.red.money`` / ``tiles[2].level``."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out or "(top level)"


@dataclass
class Document:
    """A parsed YAML document: plain data plus the line of every field."""

    data: Any
    file: str
    lines: dict = field(default_factory=dict)
    #: path of a plain scalar -> the YAML comment that follows it on its line (see _note_comment)
    comments: dict = field(default_factory=dict)

    def line_of(self, path: Path_) -> tuple[int | None, int | None]:
        """Return (line, column) of *path*, or of its nearest ancestor that has one."""
        p = tuple(path)
        while True:
            if p in self.lines:
                return self.lines[p]
            if not p:
                return (None, None)
            p = p[:-1]

    def error(self, message: str, path: Path_ = (), **kw) -> InputError:
        """Build an :class:`InputError` located at *path* in this document."""
        line, col = self.line_of(path)
        kw.setdefault("field", format_path(path) if path else None)
        return InputError(message, file=self.file, line=line, column=col, **kw)


_PARSER = None


def _loader_classes():
    """``(yaml, Parser)``: libyaml's event parser (PyYAML's CParser), or PyYAML's pure-Python
    reader, scanner and parser when libyaml is missing. Only its events are read (see
    :class:`_EventReader`): no composer, resolver or constructor runs."""
    global _PARSER
    import yaml

    if _PARSER is None:
        try:
            from yaml._yaml import CParser as parser
        except ImportError:  # pragma: no cover - PyYAML without libyaml
            from yaml.parser import Parser
            from yaml.reader import Reader
            from yaml.scanner import Scanner

            class parser(Reader, Scanner, Parser):
                def __init__(self, stream):
                    Reader.__init__(self, stream)
                    Scanner.__init__(self)
                    Parser.__init__(self)

        _PARSER = parser
    return yaml, _PARSER


def read_text(path: str | Path, *, what: str = "file") -> str:
    """Read a UTF-8 text file with the size limit; raise :class:`InputError` on any problem.
    ``-`` reads standard input (for pipes: ``... | brass-judge check - --action ...``)."""
    name = str(path)
    if name == "-":
        import sys

        raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise InputError(
                f"standard input holds more than {MAX_BYTES:,} bytes; refused", file="<stdin>", code="INP002"
            )
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"standard input is not UTF-8 text (bad byte 0x{raw[exc.start]:02x})",
                file="<stdin>",
                line=raw[: exc.start].count(b"\n") + 1,
                code="INP003",
            ) from None
    if name == "" or (name == "." and _empty_on_command_line()):
        raise InputError(f"no {what} given: the path is empty", file="''", code="INP001")
    return _decode(_read_bounded(name, what), name)


def _empty_on_command_line() -> bool:
    """Whether the command line gave an empty path ``""`` (click makes it ``Path(".")``)."""
    import sys

    mod = sys.modules.get(__package__ + ".cli_common")
    raw = [str(a) for a in (getattr(mod, "RAW_ARGS", None) or ())]
    return "" in raw and not any(a in (".", "./") for a in raw)


def _read_bounded(name: str, what: str) -> bytes:
    """The bytes of the regular file *name*, at most :data:`MAX_BYTES` (never trusting
    ``st_size``: a device reports 0). Directories, FIFOs, devices and sockets are refused before
    they are opened, and the file is opened non-blocking, so nothing here can wait forever."""
    import os

    try:
        st = os.stat(name)
    except (OSError, ValueError) as exc:
        raise _os_error(exc, name, what) from None
    _refuse_special(st.st_mode, name, what)
    if st.st_size > MAX_BYTES:
        raise InputError(
            f"file is {st.st_size:,} bytes; the limit is {MAX_BYTES:,} bytes (a real position or game "
            "log is far smaller)",
            file=name,
            code="INP002",
        )
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise _os_error(exc, name, what) from None
    try:
        _refuse_special(os.fstat(fd).st_mode, name, what)  # replaced since the stat above
        chunks, total = [], 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise _os_error(exc, name, what) from None
    finally:
        os.close(fd)
    if total > MAX_BYTES:
        raise InputError(
            f"file holds more than {MAX_BYTES:,} bytes; the limit is {MAX_BYTES:,} bytes (a real "
            "position or game log is far smaller)",
            file=name,
            code="INP002",
        )
    return b"".join(chunks)


def _refuse_special(mode: int, name: str, what: str) -> None:
    import stat

    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise InputError(f"{what} is a directory, not a file", file=name, code="INP001")
    kind = (
        "a named pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a character device"
        if stat.S_ISCHR(mode)
        else "a block device"
        if stat.S_ISBLK(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "not a regular file"
    )
    raise InputError(
        f"{what} is {kind}, not a regular file; brass-judge reads only regular files "
        "(save the input to a file first)",
        file=name,
        code="INP001",
    )


def _os_error(exc: Exception, name: str, what: str) -> InputError:
    """A plain-words :class:`InputError` (INP001) for a failure to stat, open or read *name*."""
    import errno
    import os

    no = getattr(exc, "errno", None)
    if no == errno.ELOOP:
        msg = f"{what} is a symbolic link loop (the link leads back to itself); cannot read it"
    elif no == errno.ENOENT:
        msg = (
            f"{what} not found (it is a symbolic link to {quote(os.readlink(name))}, which does not exist)"
            if os.path.islink(name)
            else f"{what} not found"
        )
    elif no == errno.ENOTDIR:
        msg = f"{what} not found (a part of the path is a file, not a folder)"
    elif no in (errno.EACCES, errno.EPERM):
        msg = f"cannot read {what}: permission denied"
    elif no == errno.ENAMETOOLONG:
        msg = f"cannot read {what}: the path is too long"
    elif isinstance(exc, ValueError):  # e.g. a NUL character in the path
        msg = f"cannot read {what}: the path is not valid ({exc})"
    else:
        msg = f"cannot read {what}: {getattr(exc, 'strerror', None) or exc}"
    return InputError(msg, file=name, code="INP001")


def _decode(raw: bytes, name: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(
            f"file is not UTF-8 text (bad byte 0x{raw[exc.start]:02x})", file=name, line=line, code="INP003"
        ) from None


def looks_like_path(source: str) -> bool:
    """Whether a ``str`` handed to a reader (``load_position``, ``read_log``) names a file rather
    than holding YAML text: one line, and a file suffix, an existing path, or no ``:``/``{``/``[``
    (one-line YAML text for a position or log is a mapping, so it has a ``:``). So
    ``replay no-such-game`` says "not found" instead of reading the name as YAML."""
    if "\n" in source:
        return False
    if source == "-" or source.endswith((".yaml", ".yml", ".json")):
        return True
    try:
        if Path(source).exists():
            return True
    except (OSError, ValueError):
        pass
    return not any(c in source for c in ":{[")


def load_file(path: str | Path, *, what: str = "file") -> Document:
    """Read and parse a YAML file into a :class:`Document` (``-``: standard input)."""
    return load_string(read_text(path, what=what), "<stdin>" if str(path) == "-" else str(path))


def load_string(text: str, name: str = "<string>") -> Document:
    """Parse YAML *text* (one document) into a :class:`Document`."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputError(f"input is larger than the {MAX_BYTES:,}-byte limit", file=name, code="INP002")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate: only possible in text handed to the API
        raise InputError(
            f"text holds U+{ord(text[exc.start]):04X}, which is not a valid character",
            file=name,
            line=text.count("\n", 0, exc.start) + 1,
            code="INP003",
        ) from None
    if "\x00" in text:
        raise InputError(
            "file contains a NUL byte; it is not a YAML text file",
            file=name,
            line=text.count("\n", 0, text.index("\x00")) + 1,
            code="INP003",
        )
    yaml, parser = _loader_classes()
    if _only_comments(text):
        raise InputError("file is empty (no YAML content)", file=name, code="INP004")
    doc = Document(None, name, {})
    if len(text) > MAX_NODES or "*" in text:
        # a text that could hold more than MAX_NODES values (one takes a character at least, an
        # alias expands to many): its limits are checked first without building anything, so
        # that refusing a 5 MB list or an alias bomb costs one scan of its events
        _EventReader(doc, yaml, text).read(parser, build=False)
    _EventReader(doc, yaml, text).read(parser)
    return doc


def _only_comments(text: str) -> bool:
    """Whether *text* holds nothing but blank lines and comments."""
    # the usual text starts with content: its first line (or the start of it) says so at once
    first = text[:200].splitlines()[:1]
    if first and first[0].strip() and not first[0].lstrip().startswith("#"):
        return False
    return not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines())


def _hash_lines(text: str) -> frozenset:
    """The numbers (0-based, lines split at ``\n``) of the lines of *text* that hold a '#'."""
    out = []
    line = start = 0
    while (at := text.find("#", start)) >= 0:
        line += text.count("\n", start, at)
        out.append(line)
        start = text.find("\n", at)  # counted with the next line
        if start < 0:
            break
    return frozenset(out)


def _yaml_error(exc, name: str, text: str | None = None) -> InputError:
    """An :class:`InputError` (INP007) for a PyYAML/libyaml error, pointing at the cause.

    Most errors are reported where the parser stopped, with its own words. Three causes that
    the parser reports somewhere else, or in words that do not name them, are said plainly:

    * a tab used for indentation (or a tab where YAML wants spaces) on the line the parser
      stopped at;
    * a quoted scalar that is never closed: reported where the quote opens, not at the end of
      the file;
    * a ``[``/``{`` flow collection that is never closed (the file ends inside it) or is still
      open on a later line where a ``,`` or the closing bracket was expected: reported where the
      bracket opens.
    """
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    ctx = getattr(exc, "context", None)
    msg = f"not valid YAML: {problem}"
    if ctx:
        msg += f" ({ctx})"
    code = "INP007"
    if "nesting depth" in str(problem):  # libyaml's own depth limit
        msg, code = f"YAML nesting is deeper than {MAX_DEPTH} levels; refused", "INP006"
    elif text is not None:
        better = _explain_yaml_error(exc, text)
        if better is not None:
            what, mark = better
            msg = f"not valid YAML: {what}"
    return InputError(
        msg,
        file=name,
        line=(mark.line + 1) if mark else None,
        column=(mark.column + 1) if mark else None,
        code=code,
    )


@dataclass
class _Mark:
    line: int  # 0-based, like PyYAML's marks
    column: int


def _offset(lines: list, line: int, column: int) -> int:
    return sum(len(x) + 1 for x in lines[:line]) + column


def _explain_yaml_error(exc, text: str):
    """``(message, mark)`` for a YAML error whose parser message misses the cause, else None."""
    pm = getattr(exc, "problem_mark", None)
    cm = getattr(exc, "context_mark", None)
    problem = str(getattr(exc, "problem", None) or "")
    ctx = str(getattr(exc, "context", None) or "")
    lines = text.split("\n")
    if pm is not None and 0 <= pm.line < len(lines):
        row = lines[pm.line]
        indent = row[: len(row) - len(row.lstrip(" \t"))]
        if "\t" in indent and row.strip() and pm.column <= len(indent):
            return (
                f"a tab is used for indentation on line {pm.line + 1}; YAML indents with spaces",
                _Mark(pm.line, indent.index("\t")),
            )
        if 0 <= pm.column < len(row) and row[pm.column] == "\t":
            return (
                f"a tab at line {pm.line + 1}, column {pm.column + 1} where YAML does not allow one; "
                "use spaces",
                pm,
            )
    if cm is None or pm is None:
        return None
    at_end = not text[_offset(lines, pm.line, pm.column) :].strip()
    if "quoted scalar" in ctx and "end of stream" in problem:
        return "this quoted text is never closed (the file ends first)", cm
    if "flow sequence" in ctx or "flow mapping" in ctx:
        opener, closer, kind = ("[", "]", "list") if "sequence" in ctx else ("{", "}", "mapping")
        if at_end:
            return f"this '{opener}' {kind} is never closed with '{closer}' (the file ends first)", cm
        if pm.line > cm.line:
            return (
                f"this '{opener}' {kind} is not closed before line {pm.line + 1}, column {pm.column + 1}, "
                f"where a ',' or '{closer}' was expected (is a '{closer}' missing?)",
                cm,
            )
    return None


class _EventReader:
    """Read a document in one pass over the parser's events: the plain data, the line of every
    field and the comments after plain scalars, with every limit checked on the way.

    Errors keep the precedence of reading in three steps (refuse hostile input, then compose the
    document, then convert it), whatever their place in the file:

    1. a syntax error, more than :data:`MAX_NODES` values (an alias counts as the values of its
       anchor), nesting deeper than :data:`MAX_DEPTH`, an alias inside its own anchor: raised
       at once (:meth:`read` keeps checking for these to the end of the file);
    2. what YAML's composer refuses (an undefined alias, an anchor defined twice, a second
       document): the first is raised if nothing of step 1 turns up;
    3. what the conversion refuses (a tag, a key, a scalar, in the order of the document): the
       first, else every duplicate key together, if nothing of steps 1-2 turns up. Building the
       data stops at the first such error (or at step 2's), the checks of steps 1-2 go on.

    An alias is read as its anchor's events again at the alias's place: the same data (a copy),
    lines and comments as the anchor, under the alias's path. The events of anchored nodes are
    kept for that (only they); the count of step 1 bounds the work of every expansion.
    """

    def __init__(self, doc: Document, yaml, text: str) -> None:
        self.doc = doc
        self.yaml = yaml
        self.text = text
        #: the lines that hold a '#' at all: only after a value on one of them can a comment follow
        self.hash_lines = _hash_lines(text)
        self.lines = doc.lines
        #: whether the data is still being built (no error of steps 2-3 yet)
        self.building = True
        self.refusal: InputError | None = None  # the first error of step 3
        self.duplicates: list[InputError] = []
        #: per open collection: [dict, path, depth, next is a key, key, key's path, skip the value]
        #: for a mapping, [list, path, depth] for a sequence
        self.stack: list = []
        self.skipping = 0  # open collections inside a value that is not read (a duplicate key's)
        self.root: Any = None
        self.has_root = False
        self.recorded: list = []  # the events of anchored nodes, for their aliases
        self.spans: dict = {}  # anchor -> (first, end) of its events in self.recorded

    def read(self, parser, *, build: bool = True) -> None:
        """Parse the text with *parser* and fill :attr:`doc` (or raise the error that counts).
        With ``build=False``, only check the limits of step 1 (raise their error, if any)."""
        yaml, name, text = self.yaml, self.doc.file, self.text
        self.building = build
        scalar_ev, alias_ev = yaml.ScalarEvent, yaml.AliasEvent
        seq_start, map_start = yaml.SequenceStartEvent, yaml.MappingStartEvent
        seq_end, map_end = yaml.SequenceEndEvent, yaml.MappingEndEvent
        count = 0
        sizes: dict = {}  # anchor -> number of values it expands to
        #: per open collection: [is_mapping, next node is a key, anchor, count at start, first recorded]
        open_: list = []
        recording = 0  # open anchored collections
        recorded = self.recorded
        anchors: dict = {}  # anchor -> its node's mark, in the first document (as the composer keeps them)
        composed: Any = None  # the first error of step 2: (kind, anchor, mark, first mark)
        documents = 0
        loader = parser(text)
        try:
            get_event = loader.get_event
            while True:
                ev = get_event()
                if ev is None:
                    break
                cls = type(ev)
                if cls is seq_end or cls is map_end:
                    _, _, anchor, start, first = open_.pop()
                    if recording:
                        if self.building:
                            recorded.append(ev)
                        if anchor is not None:
                            recording -= 1
                            self.spans[anchor] = (first, len(recorded))
                    if anchor is not None:
                        sizes[anchor] = count - start
                    if self.building:
                        if self.skipping:
                            self.skipping -= 1
                        else:
                            self.stack.pop()
                    continue
                if (
                    cls is not scalar_ev
                    and cls is not seq_start
                    and cls is not map_start
                    and cls is not alias_ev
                ):
                    if cls is yaml.DocumentStartEvent:
                        documents += 1
                        if documents == 2:
                            self.building = False
                            if composed is None:
                                composed = ("documents", None, ev.start_mark, None)
                    continue
                is_key = False
                if open_:
                    top = open_[-1]
                    if top[0]:
                        is_key = top[1]
                        top[1] = not is_key
                anchor = ev.anchor
                if cls is alias_ev:
                    m = ev.start_mark
                    if any(entry[2] == anchor for entry in open_):
                        raise InputError(
                            f"alias *{anchor} refers to a collection that contains it (infinitely "
                            "deep); refused",
                            file=name,
                            line=m.line + 1,
                            column=m.column + 1,
                            code="INP006",
                        )
                    if not is_key:
                        count += sizes.get(anchor, 1)
                        if count > MAX_NODES:
                            raise InputError(
                                f"alias *{anchor} makes the document expand to more than {MAX_NODES:,} "
                                "values (an alias bomb?); refused",
                                file=name,
                                line=m.line + 1,
                                column=m.column + 1,
                                code="INP008",
                            )
                    if composed is None and anchor not in anchors:
                        composed = ("undefined", anchor, m, None)
                        self.building = False
                    if self.building:
                        if recording:
                            recorded.append(ev)
                        self._alias(ev)
                    continue
                start = count
                if not is_key:
                    count += 1
                    if count > MAX_NODES:
                        m = ev.start_mark
                        raise InputError(
                            f"document has more than {MAX_NODES:,} values; refused (a real position or "
                            "game log is far smaller)",
                            file=name,
                            line=m.line + 1,
                            column=m.column + 1,
                            code="INP008",
                        )
                if anchor is not None and composed is None:
                    if anchor in anchors:
                        composed = ("duplicate", anchor, ev.start_mark, anchors[anchor])
                        self.building = False
                    else:
                        anchors[anchor] = ev.start_mark
                if cls is scalar_ev:
                    if anchor is not None:
                        sizes[anchor] = count - start
                    if self.building:
                        if recording or anchor is not None:
                            recorded.append(ev)
                            if anchor is not None:
                                self.spans[anchor] = (len(recorded) - 1, len(recorded))
                        try:
                            self._place(ev, True)
                        except InputError as exc:
                            self.refusal, self.building = exc, False
                    continue
                open_.append([cls is map_start, True, anchor, start, len(recorded)])
                if len(open_) > MAX_DEPTH:
                    m = ev.start_mark
                    raise InputError(
                        f"YAML nesting is deeper than {MAX_DEPTH} levels; refused",
                        file=name,
                        line=m.line + 1,
                        column=m.column + 1,
                        code="INP006",
                    )
                if anchor is not None:
                    recording += 1
                if self.building:
                    if recording:
                        recorded.append(ev)
                    try:
                        self._place(ev, False)
                    except InputError as exc:
                        self.refusal, self.building = exc, False
        except yaml.YAMLError as exc:
            raise _yaml_error(exc, name, text) from None
        finally:
            loader.dispose()
        if not build:
            return
        if composed is not None:
            raise self._composer_error(parser, *composed)
        if not self.has_root:
            raise InputError("file is empty (no YAML content)", file=name, code="INP004")
        if self.refusal is not None:
            raise self.refusal
        if self.duplicates:
            d = self.duplicates
            raise d[0] if len(d) == 1 else InputErrors(d)
        self.doc.data = self.root

    def _composer_error(self, parser, kind: str, anchor, mark, first) -> InputError:
        """The error of YAML's composer (PyYAML's words, which differ a little between libyaml's
        composer and the pure-Python one)."""
        name = self.doc.file
        if kind == "documents":
            return InputError(
                "file holds several YAML documents ('---'); brass-judge reads one per file",
                file=name,
                line=mark.line + 1,
                code="INP005",
            )
        ComposerError = self.yaml.composer.ComposerError
        libyaml = parser.__module__ == "yaml._yaml"
        if kind == "undefined":
            what = "found undefined alias" if libyaml else f"found undefined alias {anchor!r}"
            return _yaml_error(ComposerError(None, None, what, mark), name, self.text)
        what = (
            "found duplicate anchor; first occurrence"
            if libyaml
            else f"found duplicate anchor {anchor!r}; first occurrence"
        )
        return _yaml_error(ComposerError(what, first, "second occurrence", mark), name, self.text)

    # -- building the data (steps 3 of the class docstring) --------------------------------------

    def _node(self, ev, scalar: bool) -> None:
        """Build the value of a scalar, sequence-start or mapping-start event where it stands."""
        try:
            self._place(ev, scalar)
        except InputError as exc:
            self.refusal = exc
            self.building = False

    def _place(self, ev, scalar: bool) -> None:
        if self.skipping:
            if not scalar:
                self.skipping += 1
            return
        stack = self.stack
        if stack:
            top = stack[-1]
            box = top[0]
            if type(box) is dict:
                if top[3]:
                    self._key(top, ev, scalar)
                    return
                top[3] = True
                if top[6]:  # the value of a duplicate key is not read
                    top[6] = False
                    if not scalar:
                        self.skipping = 1
                    return
                path = top[5]  # its line is its key's
            else:
                path = top[1] + (len(box),)
                m = ev.start_mark
                self.lines[path] = (m.line + 1, m.column + 1)
            depth = top[2] + 1
            if depth > MAX_DEPTH:  # only through an alias: the parser's events are checked before
                raise self._err(f"nesting deeper than {MAX_DEPTH} levels; refused", ev, path, "INP006")
        else:
            if self.has_root:  # pragma: no cover - a second document stops the building
                return
            self.has_root = True
            box = None
            path = ()
            depth = 0
            m = ev.start_mark
            self.lines[path] = (m.line + 1, m.column + 1)
        value: Any
        if scalar:
            value = self._scalar(ev, path)
        else:
            tag = ev.tag
            mapping = type(ev) is self.yaml.MappingStartEvent
            if tag is not None and tag != "!" and tag != (_MAP if mapping else _SEQ):
                raise self._err(f"YAML tag {quote(tag)} is not allowed", ev, path, "INP009")
            if mapping:
                value = {}
                stack.append([value, path, depth, True, None, None, False])
            else:
                value = []
                stack.append([value, path, depth])
        if box is None:
            self.root = value
        elif type(box) is dict:
            box[top[4]] = value
        else:
            box.append(value)

    def _key(self, top: list, ev, scalar: bool) -> None:
        """Read a mapping key: a plain name or number, not seen before in this mapping."""
        top[3] = False
        path = top[1]
        tag = ev.tag
        if scalar and (tag is None or tag == "!"):
            tag = _PLAIN if ev.implicit[0] else _STR
        if tag == _MERGE or (tag == _PLAIN and ev.value == "<<"):
            raise self._err(
                "YAML merge keys ('<<') are not supported; write the fields out", ev, path, "INP009"
            )
        key = self._scalar(ev, path, True) if scalar else None
        if isinstance(key, bool) or key is None or isinstance(key, float):
            what = (
                "a list or mapping"
                if not scalar
                else f"{quote(ev.value)}, which YAML reads as "
                + (
                    "true/false"
                    if isinstance(key, bool)
                    else "nothing (null)"
                    if key is None
                    else "a decimal number"
                )
            )
            raise self._err(
                f"mapping keys must be plain names or numbers, not {what} "
                "(quote a name that YAML would read otherwise: 'true':)",
                ev,
                path,
                "INP011",
            )
        p = path + (key,)
        if key in top[0]:
            self.duplicates.append(
                self._err(
                    f"duplicate key {quote(key)} (the earlier value would be silently lost)", ev, p, "INP012"
                )
            )
            top[6] = True
            return
        m = ev.start_mark
        self.lines[p] = (m.line + 1, m.column + 1)
        top[4] = key
        top[5] = p

    def _alias(self, ev) -> None:
        """Read the anchor's events again at the alias's place (the anchor is complete: an alias
        inside its own anchor is refused before)."""
        if self._skips_alias():
            return
        yaml = self.yaml
        alias_ev, scalar_ev = yaml.AliasEvent, yaml.ScalarEvent
        ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
        recorded, spans = self.recorded, self.spans
        first, end = spans[ev.anchor]
        todo = [iter(recorded[first:end])]
        while todo and self.building:
            for e in todo[-1]:
                cls = type(e)
                if cls is alias_ev:
                    if not self._skips_alias():
                        first, end = spans[e.anchor]
                        todo.append(iter(recorded[first:end]))
                        break
                elif cls in ends:
                    if self.skipping:
                        self.skipping -= 1
                    else:
                        self.stack.pop()
                else:
                    self._node(e, cls is scalar_ev)
                    if not self.building:
                        return
            else:
                todo.pop()

    def _skips_alias(self) -> bool:
        """Whether an alias stands where nothing is read (inside a duplicate key's value, or as it)."""
        if self.skipping:
            return True
        stack = self.stack
        if stack:
            top = stack[-1]
            if type(top[0]) is dict and not top[3] and top[6]:
                top[3] = True
                top[6] = False
                return True
        return False

    def _err(self, message: str, ev, path: Path_, code: str) -> InputError:
        m = ev.start_mark
        field = format_path(path) if path else None
        if field and len(field) > 80:
            field = field[:77] + "..."
        return InputError(
            message, file=self.doc.file, line=m.line + 1, column=m.column + 1, field=field, code=code
        )

    def _scalar(self, ev, path: Path_, key: bool = False) -> Any:
        """The value of a scalar: a plain one by the YAML 1.2 core schema, a tagged one checked
        against its tag (``!!bool maybe`` is an error, not a string or a crash). *path* is the
        value's, or for a mapping key (*key*) its mapping's."""
        tag = ev.tag
        v = ev.value
        if tag is None and len(v) <= MAX_SCALAR:
            # the usual scalars, a quoted text or a plain word (not null, a boolean or a number)
            # with no comment after it, are the text itself: no path to build for their errors
            if not ev.implicit[0]:
                return v
            if v and v[0] not in _NUMBER_STARTS and v not in _CORE_BOOL and v not in _CORE_NULL:
                if ev.end_mark.line not in self.hash_lines:
                    return v
        if key:
            path = path + (v[:80],)
        if tag is None or tag == "!":
            tag = _PLAIN if ev.implicit[0] else _STR
        if len(v) > MAX_SCALAR:
            raise self._err(
                f"a value of {len(v):,} characters (the limit is {MAX_SCALAR:,}); refused "
                f"(it starts {quote(v[:40])})",
                ev,
                path,
                "INP014",
            )
        if tag == _PLAIN:
            if ev.end_mark.line in self.hash_lines:
                self._note_comment(ev, path)
            if v in _CORE_NULL:
                return None
            if v in _CORE_BOOL:
                return _CORE_BOOL[v]
            if v[0] not in _NUMBER_STARTS:  # neither an integer nor a float can start so
                return v
            if _CORE_INT.fullmatch(v):
                return self._int(v, ev, path)
            if _CORE_FLOAT.fullmatch(v):
                return self._float(v, ev, path)
            return v
        if tag == _STR:
            return v
        if tag == _NULL:
            if v in _CORE_NULL:
                return None
            raise self._bad_tag(ev, path, "!!null", "null, ~ or nothing")
        if tag == _BOOL:
            if v in _CORE_BOOL:
                return _CORE_BOOL[v]
            raise self._bad_tag(ev, path, "!!bool", "true or false")
        if tag == _INT:
            if _CORE_INT.fullmatch(v):
                return self._int(v, ev, path)
            raise self._bad_tag(ev, path, "!!int", "a whole number such as 12, 0x1f or 0o17")
        if tag == _FLOAT:
            if _CORE_FLOAT.fullmatch(v) or _CORE_INT.fullmatch(v):
                return self._float(v, ev, path)
            raise self._bad_tag(ev, path, "!!float", "a number such as 1.5")
        if tag == _TIMESTAMP:
            if _TIMESTAMP_RE.fullmatch(v):
                return v  # kept as text; no field of ours is a date
            raise self._bad_tag(ev, path, "!!timestamp", "a date such as 2024-05-01")
        raise self._err(
            f"YAML tag {quote(tag)} is not allowed (brass-judge never constructs objects)",
            ev,
            path,
            "INP009",
        )

    def _bad_tag(self, ev, path: Path_, tag: str, form: str) -> InputError:
        return self._err(
            f"{quote(ev.value)} is not a valid value for the tag {tag} (expected {form}); "
            "remove the tag or fix the value",
            ev,
            path,
            "INP013",
        )

    def _int(self, v: str, ev, path: Path_) -> int:
        if len(v) > MAX_NUMBER_CHARS:
            raise self._err(
                f"a number written with {len(v):,} characters; refused (numbers in brass-judge "
                f"files are below {MAX_INT:,})",
                ev,
                path,
                "INP014",
            )
        body = v.lstrip("+-")
        base = 8 if body.startswith("0o") else 16 if body.startswith("0x") else 10
        n = int(body[2:] if base != 10 else body, base)
        if v.startswith("-"):
            n = -n
        if abs(n) > MAX_INT:
            raise self._err(
                f"the number {quote(v)} is too large (the limit is {MAX_INT:,})", ev, path, "INP014"
            )
        return n

    def _float(self, v: str, ev, path: Path_) -> float:
        import math

        if len(v) > MAX_NUMBER_CHARS:
            raise self._err(f"a number written with {len(v):,} characters; refused", ev, path, "INP014")
        x = float(
            v.replace(".inf", "inf")
            .replace(".Inf", "inf")
            .replace(".INF", "inf")
            .replace(".nan", "nan")
            .replace(".NaN", "nan")
            .replace(".NAN", "nan")
        )
        if not math.isfinite(x) or abs(x) > MAX_INT:
            raise self._err(
                f"the number {quote(v)} is not a usable number (infinite, not a number, or beyond "
                f"{MAX_INT:,})",
                ev,
                path,
                "INP014",
            )
        return x

    def _note_comment(self, ev, path: Path_) -> None:
        """Remember a comment that follows a plain scalar on its line (``- red coal1@wigan #2 flipped``:
        YAML drops '#2 flipped'); the readers of tile and link strings refuse it."""
        end = ev.end_mark
        row = self.text.split("\n")[end.line]  # seldom: a '#' after a value on its line
        m = _COMMENT_AFTER.match(row, end.column)  # scans only the blanks after the value: linear overall
        if m:
            self.doc.comments[path] = row[m.end() - 1 : m.end() + 199]
