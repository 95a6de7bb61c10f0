"""Splitting a command line the way click does, for the start-up fast paths (``rulings`` in
brass_judge/__main__.py, ``check``/``validate`` in brass_judge/_fastcheck.py). Standard library
only: it runs before anything heavy is imported."""

from __future__ import annotations


def split_options(args: list, known: dict, flags: dict | None = None) -> tuple[list, dict] | None:
    """``(positional, options)`` of *args*: *known* maps each option spelling (``--format``, ``-f``)
    to its parameter, *flags* each flag spelling to its parameter (set to True). ``--name=value``,
    ``-fvalue`` and ``--name value`` are read as click reads them; a repeated option keeps the last
    value. None when the typer CLI should handle the line instead: an unknown option, an option
    without its value, an empty value or one that looks like an option, or ``-`` (standard input)."""
    flags = flags or {}
    positional: list = []
    opts: dict = {}
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            positional.extend(args[i:])
            break
        if a in flags:
            opts[flags[a]] = True
            continue
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            attached = bool(eq)
        elif a.startswith("-") and len(a) > 1:
            name, value = a[:2], a[2:]
            attached = bool(value)
        else:
            if a == "-":
                return None
            positional.append(a)
            continue
        if name not in known:
            return None
        if not attached:
            if i >= len(args):
                return None
            value = args[i]
            i += 1
        if not value or value.startswith("-"):
            return None
        opts[known[name]] = value  # a repeated option: the last one counts, as in click
    return positional, opts
