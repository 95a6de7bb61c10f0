"""``brass-judge render``: draw a position (optionally with an action's changes) as SVG."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .cli_common import handles_input_errors
from .errors import InputError
from .games import examples as _examples


def _load_highlight(path: Path, data) -> dict:
    """Read a highlight file (YAML or JSON; ``schemas/highlight.schema.json``, docs/render.md) into
    the dict render_position takes. Every problem (a wrong type, an unknown key, a name that is
    no location, a space the location does not have, a line that does not exist) is an
    :class:`InputError` with file, line and field, all of them in one run; nothing is ignored."""
    from .errors import InputErrors, UnknownNameError
    from .schema_check import check_schema
    from .yamlio import format_path, load_file

    doc = load_file(path, what="highlight file")
    if not isinstance(doc.data, dict):
        from .schema_check import _kind

        raise doc.error(
            "a highlight file must be a mapping (legal:, placed:, flipped:, links:, ...), "
            f"not {_kind(doc.data)}",
            code="INP060",
        )
    check_schema(doc, "highlight")
    h = doc.data
    errors: list = []

    def located(err: InputError, at: tuple) -> None:
        line, col = doc.line_of(at)
        errors.append(
            InputError(
                err.message,
                file=doc.file,
                line=line,
                column=col,
                field=format_path(at),
                suggestions=err.suggestions,
                code="INP060",
            )
        )

    def location(name, at: tuple):
        try:
            return data.location(str(name))
        except UnknownNameError as e:
            located(e, at)
            return None

    out: dict = {"legal": h.get("legal")}
    for key in ("placed", "flipped", "removed"):
        spaces = []
        for i, item in enumerate(h.get(key) or ()):
            if isinstance(item, str):
                name, _, sp = item.partition(":")
                space = int(sp or 0)
            elif isinstance(item, list):
                name, space = item
                if not (isinstance(name, str) and isinstance(space, int) and not isinstance(space, bool)):
                    located(
                        InputError(f"write a space as [location, space], e.g. {_examples().SPACE}"), (key, i)
                    )
                    continue
            else:
                name, space = item["location"], item.get("space", 0)
            loc = location(name, (key, i))
            if loc is None:
                continue
            if space >= len(loc.spaces):
                n = len(loc.spaces)
                have = f"has {n} space(s) (0..{n - 1})" if n else "has no industry spaces"
                located(InputError(f"{loc.name} {have}, not space {space}"), (key, i))
                continue
            spaces.append((loc.key, space))
        out[key] = spaces
    links = []
    for i, item in enumerate(h.get("links") or ()):
        try:
            links.append(data.parse_line("-".join(item) if isinstance(item, list) else item).key)
        except UnknownNameError as e:
            located(e, ("links", i))
    out["links"] = links
    for key in ("coal_paths", "iron_paths"):
        paths = []
        for i, stops in enumerate(h.get(key) or ()):
            keys = []
            for j, stop in enumerate(stops):
                if stop.lower() == "market":
                    continue
                loc = location(stop, (key, i, j))
                if loc is not None:
                    keys.append(loc.key)
            paths.append(keys)
        out[key] = paths
    out["locations"] = [
        loc.key
        for i, name in enumerate(h.get("locations") or ())
        if (loc := location(name, ("locations", i))) is not None
    ]
    if "caption" in h:
        out["caption"] = h["caption"]
    if errors:
        raise errors[0] if len(errors) == 1 else InputErrors(errors)
    return out


def register(app: typer.Typer) -> None:
    @app.command("render")
    @handles_input_errors
    def render_cmd(
        position: Path = typer.Argument(..., help="Position file (YAML)."),
        output: str = typer.Option(
            ...,
            "--out",
            "--output",
            "-o",
            help="SVG file to write; '-' for standard output. Also spelt --output "
            "or -o (--out as in check, replay and selfplay).",
        ),
        title: str | None = typer.Option(
            None,
            "--title",
            "-t",
            help="Title instead of the game's name ('Brass: Lancashire', 'Brass: Birmingham'; "
            "the era and round are always shown).",
        ),
        highlight: Path | None = typer.Option(
            None,
            "--highlight",
            help="YAML/JSON file marking what an action "
            "changed (placed, flipped, removed, links, coal_paths, legal); "
            "see docs/render.md.",
        ),
    ) -> None:
        """Draw a position as an SVG picture of the board: locations, tiles, links, markets, the
        players and, for Lancashire, the Distant Cotton Market; for Birmingham the merchants with
        their tiles and beer barrels and the cards. Exit 0 written, 2 unusable input."""
        from .data import game_data
        from .output import escape_controls, refuse_clobber, refuse_stdin_twice, write_file
        from .position_io import load_position
        from .render_svg import render_position

        refuse_stdin_twice([(position, "POSITION"), (highlight, "--highlight")])
        refuse_clobber(
            [(output, "svg", "--out")],
            [(position, "position", "POSITION"), (highlight, "highlight", "--highlight")],
        )
        lp = load_position(position)
        from .games import refuse_unplayed

        refuse_unplayed(lp, "render")  # a game the picture cannot draw yet
        data = game_data(lp.position.variant, lp.position.game)
        hl = _load_highlight(highlight, data) if highlight is not None else None
        svg = render_position(lp.position, data, highlight=hl, title=title)
        write_file(output, svg, "the picture")  # '-': standard output
        if output != "-":
            sys.stderr.write(f"wrote {escape_controls(output)}\n")
