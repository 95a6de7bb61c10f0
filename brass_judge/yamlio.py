"""Safe YAML reading that remembers where every value came from.

Every input format of brass-judge is YAML. This module turns a file (or a string) into plain
Python data plus a map from field paths to (line, column), so that every later error can name
the file, line and field. It never constructs arbitrary objects: documents are composed with
PyYAML's (C, when available) safe composer and converted node by node here, which also lets it
refuse hostile input cheaply:

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
_PLAIN = "!brass-judge/plain"  # a plain (unquoted, untagged) scalar, resolved by the 1.2 core schema

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


_LOADER = None


def _loader_classes():
    """``(yaml, Loader)``: libyaml's parser and composer (PyYAML's pure-Python ones when libyaml
    is missing) with a resolver that tags every *plain* scalar :data:`_PLAIN`, so that
    :meth:`_Converter._scalar` resolves it by the YAML 1.2 core schema (no constructor runs)."""
    global _LOADER
    import yaml

    if _LOADER is None:
        from yaml.resolver import BaseResolver

        scalar_node = yaml.ScalarNode

        class _PlainResolver(BaseResolver):
            # The composer calls these three for every node. This resolver has no path
            # resolvers (nothing adds any to it), so descending and ascending do nothing, and
            # an untagged node gets the default tag of its kind, as BaseResolver would give it.
            def resolve(self, kind, value, implicit):
                if kind is scalar_node:
                    return _PLAIN if implicit[0] else _STR
                if kind is yaml.MappingNode:
                    return _MAP
                if kind is yaml.SequenceNode:
                    return _SEQ
                return super().resolve(kind, value, implicit)  # pragma: no cover

            def descend_resolver(self, current_node, current_index):
                pass

            def ascend_resolver(self):
                pass

        try:
            from yaml._yaml import CParser

            class _CoreLoader(CParser, _PlainResolver):
                def __init__(self, stream):
                    CParser.__init__(self, stream)
                    _PlainResolver.__init__(self)
        except ImportError:  # pragma: no cover - PyYAML without libyaml
            from yaml.composer import Composer
            from yaml.parser import Parser
            from yaml.reader import Reader
            from yaml.scanner import Scanner

            class _CoreLoader(Reader, Scanner, Parser, Composer, _PlainResolver):
                def __init__(self, stream):
                    Reader.__init__(self, stream)
                    Scanner.__init__(self)
                    Parser.__init__(self)
                    Composer.__init__(self)
                    _PlainResolver.__init__(self)

        _LOADER = _CoreLoader
    return yaml, _LOADER


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
    yaml, Loader = _loader_classes()
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        raise InputError("file is empty (no YAML content)", file=name, code="INP004")
    _precount(yaml, Loader, text, name)
    loader = Loader(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.composer.ComposerError as exc:
            if "expected a single document" in str(exc):
                mark = exc.problem_mark
                raise InputError(
                    "file holds several YAML documents ('---'); brass-judge reads one per file",
                    file=name,
                    line=(mark.line + 1) if mark else None,
                    code="INP005",
                ) from None
            raise _yaml_error(exc, name, text) from None
        except yaml.YAMLError as exc:
            raise _yaml_error(exc, name, text) from None
        except RecursionError:
            raise InputError(
                f"YAML nesting is deeper than {MAX_DEPTH} levels", file=name, code="INP006"
            ) from None
    finally:
        loader.dispose()
    if root is None:
        raise InputError("file is empty (no YAML content)", file=name, code="INP004")
    doc = Document(None, name, {})
    conv = _Converter(doc, yaml, text)
    doc.data = conv.convert(root, (), 0)
    if conv.errors:
        raise conv.errors[0] if len(conv.errors) == 1 else InputErrors(conv.errors)
    return doc


def _precount(yaml, Loader, text: str, name: str) -> None:
    """Walk the parser's events (no nodes are built) and refuse a document with more than
    :data:`MAX_NODES` values or deeper than :data:`MAX_DEPTH` levels *before* composing it, so a
    5 MB list of numbers is refused in a fraction of a second and in bounded memory (composing
    it first took ~10 s and ~800 MB). An alias counts as the values of its anchor, so an alias
    bomb ("billion laughs") is refused at the alias that crosses the limit.

    The loop reads the events straight from the parser (no generator) and tells them apart by
    their exact class: it runs once per value of every file read, a third of loading a log."""
    count = 0
    sizes: dict = {}  # anchor -> number of values it expands to
    stack: list = []  # per open collection: [is_mapping, next node is a key, anchor, count at start]
    scalar_ev, alias_ev = yaml.ScalarEvent, yaml.AliasEvent
    seq_start, map_start = yaml.SequenceStartEvent, yaml.MappingStartEvent
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    loader = None
    try:
        loader = Loader(text)
        get_event = loader.get_event
        while True:
            ev = get_event()
            if ev is None:
                break
            cls = type(ev)
            if cls in ends:
                _, _, anchor, start = stack.pop()
                if anchor is not None:
                    sizes[anchor] = count - start
                continue
            if cls is not scalar_ev and cls is not seq_start and cls is not map_start and cls is not alias_ev:
                if not isinstance(ev, yaml.NodeEvent):
                    continue
            is_key = False
            if stack:
                top = stack[-1]
                if top[0]:
                    is_key = top[1]
                    top[1] = not is_key
            if cls is alias_ev:
                m = ev.start_mark
                if any(entry[2] == ev.anchor for entry in stack):
                    raise InputError(
                        f"alias *{ev.anchor} refers to a collection that contains it (infinitely "
                        "deep); refused",
                        file=name,
                        line=m.line + 1,
                        column=m.column + 1,
                        code="INP006",
                    )
                if not is_key:
                    count += sizes.get(ev.anchor, 1)
                    if count > MAX_NODES:
                        raise InputError(
                            f"alias *{ev.anchor} makes the document expand to more than {MAX_NODES:,} values "
                            "(an alias bomb?); refused",
                            file=name,
                            line=m.line + 1,
                            column=m.column + 1,
                            code="INP008",
                        )
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
            if cls is seq_start or cls is map_start:
                stack.append([cls is map_start, True, ev.anchor, start])
                if len(stack) > MAX_DEPTH:
                    m = ev.start_mark
                    raise InputError(
                        f"YAML nesting is deeper than {MAX_DEPTH} levels; refused",
                        file=name,
                        line=m.line + 1,
                        column=m.column + 1,
                        code="INP006",
                    )
            elif ev.anchor is not None:
                sizes[ev.anchor] = count - start
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, name, text) from None
    finally:
        if loader is not None:
            loader.dispose()


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


class _Converter:
    """Turn composed YAML nodes into plain data, with limits and a line map."""

    def __init__(self, doc: Document, yaml, text: str | None = None) -> None:
        self.doc = doc
        self.yaml = yaml
        self.count = 0
        self.errors: list[InputError] = []
        self.text_lines = text.split("\n") if text is not None else []
        #: the lines that hold a '#' at all: only after a value on one of them can a comment follow
        self.hash_lines = frozenset(i for i, row in enumerate(self.text_lines) if "#" in row)
        self.lines = doc.lines
        self.scalar_node = yaml.ScalarNode

    def _err(self, message: str, node, path: Path_, code: str) -> InputError:
        m = node.start_mark
        field = format_path(path) if path else None
        if field and len(field) > 80:
            field = field[:77] + "..."
        return InputError(
            message, file=self.doc.file, line=m.line + 1, column=m.column + 1, field=field, code=code
        )

    def convert(self, node, path: Path_, depth: int) -> Any:
        yaml = self.yaml
        self.count += 1
        if self.count > MAX_NODES:
            raise self._err(
                f"document expands to more than {MAX_NODES:,} values (an alias bomb?); refused",
                node,
                path,
                "INP008",
            )
        if depth > MAX_DEPTH:
            raise self._err(f"nesting deeper than {MAX_DEPTH} levels; refused", node, path, "INP006")
        m = node.start_mark
        self.lines.setdefault(path, (m.line + 1, m.column + 1))
        if type(node) is self.scalar_node or isinstance(node, yaml.ScalarNode):
            return self._scalar(node, path)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                raise self._err(f"YAML tag {quote(node.tag)} is not allowed", node, path, "INP009")
            out_list = []
            for i, child in enumerate(node.value):
                p = path + (i,)
                if type(child) is self.scalar_node and depth < MAX_DEPTH and self.count < MAX_NODES:
                    # a scalar item, converted here rather than by a call of convert() (most
                    # values of a log are scalars): the same count, line and value
                    self.count += 1
                    cm = child.start_mark
                    self.lines.setdefault(p, (cm.line + 1, cm.column + 1))
                    out_list.append(self._scalar(child, p))
                else:
                    out_list.append(self.convert(child, p, depth + 1))
            return out_list
        if isinstance(node, yaml.MappingNode):
            if node.tag != _MAP:
                raise self._err(f"YAML tag {quote(node.tag)} is not allowed", node, path, "INP009")
            out: dict = {}
            for knode, vnode in node.value:
                if knode.tag == "tag:yaml.org,2002:merge" or (knode.tag == _PLAIN and knode.value == "<<"):
                    raise self._err(
                        "YAML merge keys ('<<') are not supported; write the fields out",
                        knode,
                        path,
                        "INP009",
                    )
                key = (
                    self._scalar(knode, path + (knode.value[:80],))
                    if isinstance(knode, yaml.ScalarNode)
                    else None
                )
                if isinstance(key, bool) or key is None or isinstance(key, float):
                    what = (
                        "a list or mapping"
                        if not isinstance(knode, yaml.ScalarNode)
                        else f"{quote(knode.value)}, which YAML reads as "
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
                        knode,
                        path,
                        "INP011",
                    )
                if key in out:
                    self.errors.append(
                        self._err(
                            f"duplicate key {quote(key)} (the earlier value would be silently lost)",
                            knode,
                            path + (key,),
                            "INP012",
                        )
                    )
                    continue
                km = knode.start_mark
                p = path + (key,)
                self.lines[p] = (km.line + 1, km.column + 1)
                if type(vnode) is self.scalar_node and depth < MAX_DEPTH and self.count < MAX_NODES:
                    # a scalar value, converted here (see the sequences above); its path already
                    # has the key's line
                    self.count += 1
                    out[key] = self._scalar(vnode, p)
                else:
                    out[key] = self.convert(vnode, p, depth + 1)
            return out
        raise self._err("unsupported YAML node", node, path, "INP009")  # pragma: no cover

    def _scalar(self, node, path: Path_) -> Any:
        """The value of a scalar: a plain one by the YAML 1.2 core schema, a tagged one checked
        against its tag (``!!bool maybe`` is an error, not a string or a crash)."""
        tag = node.tag
        v = node.value
        if len(v) > MAX_SCALAR:
            raise self._err(
                f"a value of {len(v):,} characters (the limit is {MAX_SCALAR:,}); refused "
                f"(it starts {quote(v[:40])})",
                node,
                path,
                "INP014",
            )
        if tag == _PLAIN:
            self._note_comment(node, path)
            if v in _CORE_NULL:
                return None
            if v in _CORE_BOOL:
                return _CORE_BOOL[v]
            if _CORE_INT.fullmatch(v):
                return self._int(v, node, path)
            if _CORE_FLOAT.fullmatch(v):
                return self._float(v, node, path)
            return v
        if tag == _STR:
            return v
        if tag == _NULL:
            if v in _CORE_NULL:
                return None
            raise self._bad_tag(node, path, "!!null", "null, ~ or nothing")
        if tag == _BOOL:
            if v in _CORE_BOOL:
                return _CORE_BOOL[v]
            raise self._bad_tag(node, path, "!!bool", "true or false")
        if tag == _INT:
            if _CORE_INT.fullmatch(v):
                return self._int(v, node, path)
            raise self._bad_tag(node, path, "!!int", "a whole number such as 12, 0x1f or 0o17")
        if tag == _FLOAT:
            if _CORE_FLOAT.fullmatch(v) or _CORE_INT.fullmatch(v):
                return self._float(v, node, path)
            raise self._bad_tag(node, path, "!!float", "a number such as 1.5")
        if tag == _TIMESTAMP:
            if _TIMESTAMP_RE.fullmatch(v):
                return v  # kept as text; no field of ours is a date
            raise self._bad_tag(node, path, "!!timestamp", "a date such as 2024-05-01")
        raise self._err(
            f"YAML tag {quote(tag)} is not allowed (brass-judge never constructs objects)",
            node,
            path,
            "INP009",
        )

    def _bad_tag(self, node, path: Path_, tag: str, form: str) -> InputError:
        return self._err(
            f"{quote(node.value)} is not a valid value for the tag {tag} (expected {form}); "
            "remove the tag or fix the value",
            node,
            path,
            "INP013",
        )

    def _int(self, v: str, node, path: Path_) -> int:
        if len(v) > MAX_NUMBER_CHARS:
            raise self._err(
                f"a number written with {len(v):,} characters; refused (numbers in brass-judge "
                f"files are below {MAX_INT:,})",
                node,
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
                f"the number {quote(v)} is too large (the limit is {MAX_INT:,})", node, path, "INP014"
            )
        return n

    def _float(self, v: str, node, path: Path_) -> float:
        import math

        if len(v) > MAX_NUMBER_CHARS:
            raise self._err(f"a number written with {len(v):,} characters; refused", node, path, "INP014")
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
                node,
                path,
                "INP014",
            )
        return x

    def _note_comment(self, node, path: Path_) -> None:
        """Remember a comment that follows a plain scalar on its line (``- red coal1@wigan #2 flipped``:
        YAML drops '#2 flipped'); the readers of tile and link strings refuse it."""
        end = node.end_mark
        if end is None or end.line not in self.hash_lines:
            return
        row = self.text_lines[end.line]
        m = _COMMENT_AFTER.match(row, end.column)  # scans only the blanks after the value: linear overall
        if m:
            self.doc.comments[path] = row[m.end() - 1 : m.end() + 199]
