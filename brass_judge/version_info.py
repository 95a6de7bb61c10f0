"""What ``brass-judge --version`` prints: the package, game data and rulings versions.

Standard library only, and no YAML parsing: the rulings header (``format``, ``version``,
``updated``) is read from the file's top-level ``key: value`` lines and the rulings are
counted by their ``- id:`` lines, so ``--version`` stays as fast as ``--help``. The game data
files carry no version number of their own: they are identified by a digest of their contents
(the first 12 hex digits of SHA-256 over each file's name and bytes, in name order), which
changes whenever any of them does.
"""

from __future__ import annotations

import re


def _digest(chunks) -> str:
    from .rulings import _sha256_hex

    return _sha256_hex(b"".join(chunks))[:12]


def data_version(game: str = "lancashire") -> str:
    from .resources import data_dir

    d = data_dir(game)
    files = sorted(p for p in d.glob("*.yaml") if p.is_file())
    chunks = []
    for p in files:
        chunks.append(p.name.encode("utf-8") + b"\0" + p.read_bytes() + b"\0")
    return f"game data {game} sha256 {_digest(chunks)} ({', '.join(p.stem for p in files)})"


def rulings_version() -> str:
    from .resources import rulings_file

    raw = rulings_file().read_bytes()
    text = raw.decode("utf-8", "replace")
    head: dict = {}
    for line in text.splitlines():
        if line.startswith("rulings:"):
            break
        m = re.match(r"^(format|version|updated|game):\s*\"?([^\"#]*?)\"?\s*(#.*)?$", line)
        if m:
            head[m.group(1)] = m.group(2)
    count = len(re.findall(r"^\s*- id:\s*Q\d+", text, re.M))
    parts = [f"rulings {head.get('game', 'lancashire')}"]
    if "version" in head:
        parts.append(f"version {head['version']}")
    if "updated" in head:
        parts.append(f"updated {head['updated']}")
    parts.append(f"{count} rulings")
    parts.append(f"sha256 {_digest([raw])}")
    return ", ".join(parts[:1]) + " " + ", ".join(parts[1:])


def version_text() -> str:
    from . import __version__

    lines = [f"brass-judge {__version__}"]
    for f in (data_version, rulings_version):
        try:
            lines.append(f())
        except OSError as exc:  # a broken install: say so rather than crash
            lines.append(f"{f.__name__.replace('_', ' ')}: not found ({exc.strerror or exc})")
    return "\n".join(lines) + "\n"
