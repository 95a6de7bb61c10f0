"""``brass-judge schema``: list and print the JSON Schemas of the input file formats.

Every input format has a schema in ``schemas/`` (a game folder written outside the package may
carry its own in ``<game folder>/schemas/``). A game's own version of a format is found by its
file name alone, so a new one is listed without a change here:

* ``<format>-<game>`` (``position-birmingham``, ``action-birmingham``, ``game-birmingham``): the
  format *format* for the game *game*;
* ``gamedata-<game>-<file>`` (``gamedata-birmingham-map``): the game's data file *file*;
* any other name (``position``, ``game``, ``gamedata-map``, ``rulings``, ``highlight``): the
  format every game uses that has no file of its own (the ``gamedata-*`` ones describe
  Lancashire's data files; Birmingham has its own).

``schema NAME --game G`` prints G's own version of NAME when it has one, else the shared one;
``schema list --game G`` lists the formats as G reads them.
"""

from __future__ import annotations

import sys

import typer

from .cli_common import FORMAT_OPTION, Format
from .errors import UnknownNameError, closest


def schema_files() -> dict:
    """name -> path of every schema: ``schemas/`` first, then the game folders' own."""
    from .resources import game_schema_files, schemas_dir

    found = {p.name[: -len(".schema.json")]: p for p in schemas_dir().glob("*.schema.json")}
    for name, p in game_schema_files().items():
        found.setdefault(name, p)
    return dict(sorted(found.items()))


def format_of(name: str, games: tuple) -> tuple[str, str | None]:
    """``(format, game)`` of the schema *name* by its file naming (game None: the shared one)."""
    for game in games:
        if name.startswith(f"gamedata-{game}-"):
            return "gamedata-" + name[len(f"gamedata-{game}-") :], game
        if name.endswith(f"-{game}"):
            return name[: -len(f"-{game}")], game
    return name, None


def schemas_for(game: str, names: list, games: tuple) -> dict:
    """format -> the schema name *game* reads it with: its own where it has one, else the shared."""
    out: dict = {}
    for name in names:
        fmt, owner = format_of(name, games)
        if owner == game or (owner is None and fmt not in out):
            out[fmt] = name
    return dict(sorted(out.items()))


def register(app: typer.Typer) -> None:
    @app.command("schema")
    def schema_cmd(
        name: str = typer.Argument("list", help="position, action, game, rulings, ... or 'list'."),
        game: str | None = typer.Option(
            None,
            "--game",
            "-g",
            help="The game whose version of the format to print or list: its own where it has one "
            "(position-birmingham for --game birmingham), else the shared one. lancashire or birmingham.",
        ),
        fmt: Format = FORMAT_OPTION,
    ) -> None:
        """List the input formats, or print the JSON Schema of one (every input file format has one):
        positions, actions, game logs, highlights, the rulings database and the game data files, for
        both games."""
        from .cli_common import emit_json, fail_input
        from .games import game_folders, resolve_game

        files = schema_files()
        names = list(files)
        games = tuple(sorted(game_folders(), key=len, reverse=True))  # the longest key first
        key = None
        if game is not None:
            key = resolve_game(game.strip())
            key = key.lower() if key.lower() in games else key
            if key not in games:
                known = sorted(games)
                raise fail_input(
                    UnknownNameError(
                        f"unknown game {game!r} (brass-judge knows: {', '.join(known)})",
                        suggestions=closest(game, known) or known,
                        field="game",
                    )
                )
        if name == "list":
            shown = list(schemas_for(key, names, games).values()) if key else names
            if fmt == Format.json:
                emit_json({"game": key, "schemas": [_entry(n, files[n], games) for n in shown]})
                return
            sys.stdout.write("\n".join(shown) + "\n")
            return
        if key is not None:
            name = schemas_for(key, names, games).get(name, name)
        if name not in files:
            raise fail_input(
                UnknownNameError(f"unknown schema {name!r}", suggestions=closest(name, names) or names)
            )
        sys.stdout.write(files[name].read_text(encoding="utf-8"))


def _entry(name: str, path, games: tuple) -> dict:
    import json

    fmt, owner = format_of(name, games)
    try:
        title = json.loads(path.read_text(encoding="utf-8")).get("title")
    except (OSError, ValueError):  # pragma: no cover - the package's own files are valid JSON
        title = None
    return {"name": name, "format": fmt, "game": owner, "title": title}
