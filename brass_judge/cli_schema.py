"""``brass-judge schema``: print the JSON Schema of an input file format."""

from __future__ import annotations

import sys

import typer

from .errors import UnknownNameError, closest


def register(app: typer.Typer) -> None:
    @app.command("schema")
    def schema_cmd(
        name: str = typer.Argument("list", help="position, action, game, rulings, ... or 'list'."),
    ) -> None:
        """Print the JSON Schema of an input format (every input file format has one)."""
        from .cli_common import fail_input
        from .resources import schemas_dir

        names = sorted(p.name[: -len(".schema.json")] for p in schemas_dir().glob("*.schema.json"))
        if name == "list":
            sys.stdout.write("\n".join(names) + "\n")
            return
        if name not in names:
            raise fail_input(
                UnknownNameError(f"unknown schema {name!r}", suggestions=closest(name, names) or names)
            )
        sys.stdout.write((schemas_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
