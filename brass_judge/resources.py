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
    """*game*'s rulings database, ``rulings/<game>.yaml``."""
    return rulings_dir() / f"{game}.yaml"


def schemas_dir() -> Path:
    return _top_dir("schemas")


def schema_file(name: str) -> Path:
    """Path of ``schemas/<name>.schema.json``."""
    return schemas_dir() / f"{name}.schema.json"


def data_dir(game: str = "lancashire") -> Path:
    return PACKAGE_DIR / "games" / game / "data"
