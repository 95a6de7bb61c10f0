"""Where the package's data lives, in a source checkout and in an installed wheel.

The design card keeps ``rulings/`` and ``schemas/`` at the top of the repository; the wheel
carries copies under ``brass_judge/_bundled/`` (see ``pyproject.toml``). Look there first, then
in the source tree.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def _top_dir(name: str) -> Path:
    bundled = PACKAGE_DIR / "_bundled" / name
    if bundled.is_dir():
        return bundled
    source = PACKAGE_DIR.parent / name
    if source.is_dir():
        return source
    raise FileNotFoundError(f"brass-judge cannot find its {name}/ folder (looked in {bundled} and {source})")


def rulings_dir() -> Path:
    return _top_dir("rulings")


def rulings_file(game: str = "lancashire") -> Path:
    """*game*'s rulings database, ``rulings/<game>.yaml`` (a game folder outside the package, which
    cannot add to ``rulings/``, may hold its own as ``<game folder>/rulings.yaml``)."""
    top = rulings_dir() / f"{game}.yaml"
    return top if top.is_file() else (_own_file(game, "rulings.yaml") or top)


def schemas_dir() -> Path:
    return _top_dir("schemas")


def schema_file(name: str) -> Path:
    """Path of ``schemas/<name>.schema.json`` (else of a game folder's own ``schemas/<name>.schema.json``:
    see :func:`game_schema_files`)."""
    top = schemas_dir() / f"{name}.schema.json"
    if top.is_file():
        return top
    return game_schema_files().get(name, top)


def game_schema_files() -> dict:
    """name -> path of the schemas that game folders carry themselves (``<game folder>/schemas/``):
    a game written outside the package cannot add to ``schemas/``. The package's own games keep
    theirs in ``schemas/``, so this is usually empty."""
    from .games import game_folders

    out: dict = {}
    for folder in game_folders().values():
        for p in sorted((folder / "schemas").glob("*.schema.json")):
            out.setdefault(p.name[: -len(".schema.json")], p)
    return out


def _own_file(game: str, name: str) -> Path | None:
    """*game*'s folder's own file *name*, if it has one."""
    from .games import game_folders

    folder = game_folders().get(game)
    return folder / name if folder is not None and (folder / name).is_file() else None


def data_dir(game: str = "lancashire") -> Path:
    """*game*'s data folder, ``<game folder>/data`` (the registry's ``game_folders``; a game
    brass-judge does not know: where the package's own folder would hold it)."""
    from .games import game_folders

    folder = game_folders().get(game)
    return (folder if folder is not None else PACKAGE_DIR / "games" / game) / "data"
