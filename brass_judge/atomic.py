"""Write a user's file atomically: a temp file in the same folder, then ``os.replace``.

A reader never sees a half-written file, and a failed write leaves the old file as it was.
:func:`write_text` also refuses to write over one of the command's *inputs* (compared as
resolved paths and, for files that exist, by device and inode, so a symlink or a second spelling
of the same path is caught too). Problems are :class:`~brass_judge.errors.InputError` (INP061)
naming the file.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable


def same_file(a, b) -> bool:
    """Whether paths *a* and *b* name the same file (resolved path, or device and inode)."""
    pa, pb = Path(a), Path(b)
    try:
        if pa.exists() and pb.exists():
            return os.path.samefile(pa, pb)
    except OSError:
        pass
    try:
        return pa.resolve() == pb.resolve()
    except OSError:
        return False


def write_text(path, text: str, *, inputs: Iterable = (), what: str = "the output") -> None:
    """Write *text* (UTF-8) to *path* atomically; never over one of *inputs*."""
    from .errors import InputError

    target = Path(path)
    for inp in inputs:
        if same_file(target, inp):
            raise InputError(f"refusing to write {what} over an input ({inp}): choose another file",
                             file=str(target), code="INP061")
    if target.is_dir():
        raise InputError(f"cannot write {what}: it is a folder", file=str(target), code="INP061")
    folder = target.parent if str(target.parent) else Path(".")
    tmp = None
    try:
        import tempfile

        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(folder))
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if target.exists():
            try:
                os.chmod(tmp, target.stat().st_mode & 0o777)
            except OSError:
                pass
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise InputError(f"cannot write {what}: {exc.strerror or exc}", file=str(target), code="INP061") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
