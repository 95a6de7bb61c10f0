"""A small per-user cache of derived data (generated validators, parsed game data), kept in
``$XDG_CACHE_HOME/brass-judge`` (``~/.cache/brass-judge``) next to the rulings cache.

Every entry is named after the SHA-256 of what it was derived from, so an edited source is never
served stale, and every file carries the SHA-256 of its own payload, so a damaged file is never
used. Nothing here ever fails: a folder that cannot be created or written, or a file that cannot
be read, only means the data is derived again. ``BRASS_JUDGE_NO_CACHE=1`` turns the cache off.
Standard library only, and only ``os``: this module is imported on the start-up path.
"""

from __future__ import annotations

import os


def sha256_hex(data: bytes) -> str:
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]  # CPython 3.12+
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found]  # CPython 3.10, 3.11
        except ImportError:
            from hashlib import sha256
    return sha256(data).hexdigest()


def cache_dir() -> str | None:
    """The user cache folder (None when ``BRASS_JUDGE_NO_CACHE`` is set)."""
    if os.environ.get("BRASS_JUDGE_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "brass-judge")


def cache_read(name: str) -> bytes | None:
    """The payload stored under *name*, or None (absent, unreadable, or damaged: every file
    carries the SHA-256 of its payload, checked here)."""
    d = cache_dir()
    if d is None:
        return None
    try:
        with open(os.path.join(d, name), "rb") as fh:
            raw = fh.read()
    except OSError:
        return None
    digest, payload = raw[:64], raw[64:]
    if len(digest) != 64 or sha256_hex(payload).encode("ascii") != digest:
        return None
    return payload


def cache_write(name: str, payload: bytes, kind: str) -> None:
    """Store *payload* under *name* (temp file + rename); remove older files of the same *kind*
    (a name prefix). Any failure (read-only folder, full disk) is ignored."""
    d = cache_dir()
    if d is None:
        return
    try:
        os.makedirs(d, exist_ok=True)
        tmp = os.path.join(d, f"{name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            fh.write(sha256_hex(payload).encode("ascii") + payload)
        os.replace(tmp, os.path.join(d, name))
        for old in os.listdir(d):
            if old != name and old.startswith(kind) and not old.endswith(".tmp"):
                try:
                    os.remove(os.path.join(d, old))
                except OSError:
                    pass
    except OSError:
        pass
