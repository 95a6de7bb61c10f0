"""``brass-judge render``: draw a position (optionally with an action's changes) as SVG."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .cli_common import handles_input_errors
from .errors import InputError


def _load_highlight(path: Path, data) -> dict:
    """Read a highlight file (YAML or JSON, the dict shape of render_position's docstring)."""
    from .yamlio import load_file

    doc = load_file(path, what="highlight file")
    h = doc.data
    if not isinstance(h, dict):
        raise doc.error("a highlight file must be a mapping (legal:, placed:, flipped:, links:, ...)", code="INP060")
    known = {"legal", "placed", "flipped", "removed", "links", "coal_paths", "iron_paths", "locations", "caption"}
    for key in h:
        if key not in known:
            from .errors import closest

            raise doc.error(f"unknown highlight key {key!r}", (key,), suggestions=closest(str(key), sorted(known)),
                            code="INP060")
    for key in ("placed", "flipped", "removed"):
        for i, item in enumerate(h.get(key) or ()):
            ok = (isinstance(item, str) and ":" in item) or (isinstance(item, list) and len(item) == 2) or \
                 (isinstance(item, dict) and "location" in item)
            if not ok:
                raise doc.error(f"write each {key} space as 'location:space' or [location, space]", (key, i),
                                code="INP060")
            loc = item.split(":")[0] if isinstance(item, str) else (item[0] if isinstance(item, list) else item["location"])
            data.location(str(loc), field=f"{key}[{i}]")
    for i, item in enumerate(h.get("links") or ()):
        data.parse_line("-".join(item) if isinstance(item, list) else str(item), field=f"links[{i}]")
    for key in ("coal_paths", "iron_paths"):
        for i, p in enumerate(h.get(key) or ()):
            if not isinstance(p, list):
                raise doc.error(f"each of {key} is a list of locations, mine first", (key, i), code="INP060")
    return h


def register(app: typer.Typer) -> None:
    @app.command("render")
    @handles_input_errors
    def render_cmd(
        position: Path = typer.Argument(..., help="Position file (YAML)."),
        output: str = typer.Option(..., "--out", "--output", "-o",
                                   help="SVG file to write; '-' for standard output. Also spelt --output "
                                   "or -o (--out as in check, replay and selfplay)."),
        title: Optional[str] = typer.Option(None, "--title", "-t", help="Title instead of 'Brass: Lancashire' "
                                            "(the era and round are always shown)."),
        highlight: Optional[Path] = typer.Option(None, "--highlight", help="YAML/JSON file marking what an action "
                                                 "changed (placed, flipped, removed, links, coal_paths, legal); "
                                                 "see docs/render.md."),
    ) -> None:
        """Draw a position as an SVG picture of the board: locations, tiles, links, markets, the
        Distant Cotton Market and the players. Exit 0 written, 2 unusable input."""
        from .data import game_data
        from .output import escape_controls, refuse_clobber, refuse_stdin_twice, write_file
        from .position_io import load_position
        from .render_svg import render_position

        refuse_stdin_twice([(position, "POSITION"), (highlight, "--highlight")])
        refuse_clobber([(output, "svg", "--out")],
                       [(position, "position", "POSITION"), (highlight, "highlight", "--highlight")])
        lp = load_position(position)
        data = game_data(lp.position.variant)
        hl = _load_highlight(highlight, data) if highlight is not None else None
        svg = render_position(lp.position, data, highlight=hl, title=title)
        write_file(output, svg, "the picture")  # '-': standard output
        if output != "-":
            sys.stderr.write(f"wrote {escape_controls(output)}\n")
