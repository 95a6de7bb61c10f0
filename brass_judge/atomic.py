"""Write a user's file atomically: a temp file in the same folder, then ``os.replace``.

The writing itself is :func:`brass_judge.output.write_file`, the one helper every command writes
through; this module adds the refusal to write over an input used by ``lint --output-file`` and
``replay --annotate``.

A reader never sees a half-written file, and a failed write leaves the old file as it was.
:func:`write_text` also refuses to write over one of the command's *inputs* (compared as
resolved paths and, for files that exist, by device and inode, so a symlink or a second spelling
of the same path is caught too). Problems are :class:`~brass_judge.errors.InputError` (INP061)
naming the file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path


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
            raise InputError(
                f"refusing to write {what} over an input ({inp}): choose another file",
                file=str(target),
                code="INP061",
            )
    from .output import write_file

    write_file(target, text, what)  # the one writer: temp file, fsync, os.replace (brass_judge/output.py)
