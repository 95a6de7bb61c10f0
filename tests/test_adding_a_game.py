"""docs/adding-a-game.md, followed: a game folder built on the fly is found and served.

The test writes a minimal game, "lite" (Brass: Birmingham's data and rules under another key), into
a temporary folder, adds that folder to the registry's search path (``brass_judge.games.__path__``,
where a game written outside the package lives; its schemas and rulings database sit in the game
folder itself, see the guide), and checks that the registry knows it and that ``codes list``,
``data map``, ``rulings list``, ``check`` and (once it has a ``policy.py``) ``selfplay`` serve it
through the public CLI, in process. What the folder lacks gets the clear input error (exit 2) the
guide promises.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import brass_judge.games as games
from brass_judge.cli import app

REPO = Path(__file__).resolve().parent.parent
BIRMINGHAM = REPO / "brass_judge" / "games" / "birmingham"
WORKED = REPO / "examples" / "birmingham" / "worked-turn"

#: the game folder's modules, each the least the guide asks for: names and re-exports
MODULES = {
    "__init__.py": (
        "from .rules import RULES\n"
        'NAME = "Brass: Birmingham Lite"\n'
        'ALIASES = ("birmingham-lite",)\n'
        'POSITION_FORMAT = "position"\n'
        'UNPLAYED = ("moves", "render", "replay", "selfplay", "log")\n'
    ),
    "rules.py": (
        "from brass_judge.games.birmingham.rules import BirminghamRules\n\n\n"
        "class LiteRules(BirminghamRules):\n"
        '    game = "lite"\n'
        '    name = "Brass: Birmingham Lite"\n\n\n'
        'RULES = {"standard": LiteRules}\n'
    ),
    "actions.py": "from brass_judge.games.birmingham.actions import KINDS, SCHEMA  # noqa: F401\n",
    "position.py": (
        "from brass_judge.games.birmingham.position import Builder, position_to_obj  # noqa: F401\n"
        'SCHEMA = "position-lite"\n'
    ),
    "cases.py": "from brass_judge.games.birmingham.cases import CASES  # noqa: F401\n",
    "codes.py": "from brass_judge.games.birmingham.codes import *  # noqa: F401,F403\n",
    "examples.py": "from brass_judge.games.birmingham.examples import *  # noqa: F401,F403\n",
    # the data commands' tables: Birmingham's data has more than Lancashire's shape
    "datatables.py": "from brass_judge.games.birmingham.datatables import *  # noqa: F401,F403\n",
}


def _forget_lite() -> None:
    """Empty every cache that may hold the game, and unload its modules."""
    from brass_judge import codes
    from brass_judge.data import gamedata

    games.game_folders.cache_clear()
    games.known_games.cache_clear()
    games._get_rules.cache_clear()
    gamedata._game_data.cache_clear()
    games._CASES.pop("lite", None)
    codes._TABLES.pop("lite", None)
    for name in [
        m for m in sys.modules if m == "brass_judge.games.lite" or m.startswith("brass_judge.games.lite.")
    ]:
        del sys.modules[name]


def write_game(root: Path, *, rulings: bool = True, rules: bool = True) -> Path:
    """The folder ``root/lite``: data (Birmingham's files), modules, schema and rulings database."""
    folder = root / "lite"
    shutil.copytree(BIRMINGHAM / "data", folder / "data", ignore=shutil.ignore_patterns("layout.yaml"))
    for name, text in MODULES.items():
        if name == "__init__.py" and not rules:
            text = 'NAME = "Brass: Birmingham Lite"\n'
        (folder / name).write_text(text, encoding="utf-8")
    schema = json.loads((REPO / "schemas" / "position-birmingham.schema.json").read_text(encoding="utf-8"))
    schema["properties"]["game"] = {"enum": ["lite", "birmingham-lite"]}
    (folder / "schemas").mkdir()
    (folder / "schemas" / "position-lite.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    if rulings:
        shutil.copy(REPO / "rulings" / "birmingham.yaml", folder / "rulings.yaml")
    return folder


@pytest.fixture
def lite(tmp_path, monkeypatch):
    """A function ``lite(**kw)``: write the game (see :func:`write_game`) and put it on the search path."""

    def make(**kw) -> Path:
        folder = write_game(tmp_path / "games", **kw)
        monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path / "games")])
        _forget_lite()
        return folder

    yield make
    monkeypatch.undo()
    _forget_lite()


def cli(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def position(tmp_path: Path) -> Path:
    """The Birmingham worked turn's position, as a position of the lite game."""
    text = (WORKED / "position.yaml").read_text(encoding="utf-8")
    assert "\ngame: birmingham\n" in text
    p = tmp_path / "position.yaml"
    p.write_text(text.replace("\ngame: birmingham\n", "\ngame: lite\n"), encoding="utf-8")
    return p


def test_the_registry_finds_a_new_game_folder_and_the_commands_serve_it(lite, tmp_path):
    folder = lite()
    assert "lite" in games.known_games()
    assert games.game_folders()["lite"] == folder.resolve()
    assert games.get_rules("lite").game == "lite"
    assert games.resolve_game("birmingham-lite") == "lite"

    r = cli("codes", "list", "--game", "lite", "--format", "json")
    assert r.exit_code == 0, r.output
    assert "DEV101" in {c["code"] for c in json.loads(r.stdout)}  # one of Birmingham's own rows

    r = cli("data", "map", "--game", "lite")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Brass: Birmingham Lite: 27 locations")

    r = cli("rulings", "list", "--game", "lite", "--format", "json")
    assert r.exit_code == 0, r.output
    assert [x["id"] for x in json.loads(r.stdout)][:2] == ["B001", "B002"]

    r = cli("check", str(position(tmp_path)), str(WORKED / "turn.yaml"), "--format", "json")
    assert r.exit_code == 0, r.output
    verdict = json.loads(r.stdout)
    assert verdict["verdict"] == "legal"
    assert "B037" in verdict["rulings"]

    r = cli("schema", "list")
    assert "position-lite" in r.stdout.split()  # the game folder's own schema is listed


def test_what_a_game_folder_lacks_is_a_clear_input_error(lite, tmp_path):
    lite(rulings=False)
    r = cli("rulings", "list", "--game", "lite")
    assert r.exit_code == 2
    assert "unknown game 'lite' (rulings exist for: birmingham, lancashire)" in r.output
    # it still judges: the rulings database is what `rulings` reads, not what `check` needs
    r = cli("moves", str(position(tmp_path)))
    assert r.exit_code == 2
    assert "Brass: Birmingham Lite positions are not handled by `brass-judge moves` yet" in r.output


def test_a_folder_without_rules_is_not_a_game(lite, tmp_path):
    lite(rules=False)
    assert "lite" not in games.known_games()
    r = cli("check", str(position(tmp_path)), "--action", "pass card=leek")
    assert r.exit_code == 2
    first = r.output.splitlines()[0]
    assert (
        first.startswith("error[INP035]: ")
        and "position.yaml:16:1, field 'game': 'lite' is not one of" in first
    )


def test_selfplay_needs_the_folders_policy(lite, tmp_path):
    # the guide: self-play plays a game once its folder has a policy.py and UNPLAYED leaves out
    # "selfplay"; until then `selfplay --game` is exit 2 naming the option and saying why
    folder = lite()
    r = cli("selfplay", "--game", "lite", "-n", "2", "-s", "1")
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "'--game'" in r.output and "self-play does not play the game 'lite' yet" in r.output, r.output
    assert "policy.py" not in r.output  # UNPLAYED says it: nothing is missing
    init = folder / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace('"selfplay", ', ""), encoding="utf-8")
    _forget_lite()
    r = cli("selfplay", "--game", "lite", "-n", "2", "-s", "1")
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "self-play does not play the game 'lite' yet: its folder has no policy.py" in r.output, r.output
    assert "self-play plays: birmingham, lancashire" in r.output
    (folder / "policy.py").write_text(
        "from brass_judge.games.birmingham.policy import finish, value, weights  # noqa: F401\n",
        encoding="utf-8",
    )
    _forget_lite()
    r = cli("selfplay", "--game", "lite", "-n", "2", "-s", "1", "--check")
    assert r.exit_code == 0, r.output
    assert "self-play of Brass: Birmingham Lite, 2 players, seed 1: 40 turns" in r.output
