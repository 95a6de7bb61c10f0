"""``rulings search --game birmingham``: the ruling that answers a plain question comes first.

The search reads the words of the game it searches: Birmingham's are
``brass_judge/games/birmingham/rulings_search.py`` (a player's ale, barrels, railways, jokers, pits,
debt...), Lancashire's ``brass_judge/games/lancashire/rulings_search.py``. What a Birmingham player
types for one rule alone goes in that ruling's ``keywords`` in ``rulings/birmingham.yaml``.

:data:`PLAYER_QUESTIONS` were written before Birmingham's table, in the words a player at the
table uses rather than the entries' words; each names the entry that must rank first (``1``) or
in the top 3 (``3``). First run with Lancashire's words (the search before each game had its own)
and with no words at all: 18 of 24 in place each; with Birmingham's table: 24 of 24 (22 first).
The sets of ``tests/test_birmingham_rulings.py`` stay all in the top 3 (first: development 39/40,
held-out 17/20, typos 10/12; with Lancashire's words 39, 16 and 8).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import REPO
from typer.testing import CliRunner

from brass_judge.cli import app


def ranked(question: str) -> list:
    r = CliRunner().invoke(app, ["rulings", "search", question, "--game", "birmingham", "--format", "json"])
    assert r.exit_code == 0, r.output
    return [x["id"] for x in json.loads(r.stdout)]


@pytest.mark.parametrize(
    "question, answer",
    [
        ("where does beer come from", "B037"),  # was second, under the two-rails ruling B040
        ("where does the beer come from when I sell", "B037"),
        ("where do I get beer", "B037"),
        ("where does the beer for a rail come from", "B040"),
        ("two rails beer", "B040"),
    ],
)
def test_the_answer_comes_first(question, answer):
    assert ranked(question)[0] == answer


# (question, entry, the rank it must reach: 1 = first, 3 = in the top 3)
PLAYER_QUESTIONS = [
    ("where do I get the ale to sell my goods", "B037", 3),
    ("does the barrel I drink have to be linked to my pottery", "B037", 3),
    ("can my double railway take a merchant's barrel", "B040", 1),
    ("how much does a railway line cost", "B040", 3),
    ("how many waterways can I lay in one go", "B039", 1),
    ("which pit do I have to take coal from", "B033", 1),
    ("is buying iron from the market allowed without a connection", "B035", 3),
    ("what does coal cost when nobody has any left", "B036", 3),
    ("when does my brewery turn over", "B028", 3),
    ("do flipped tiles score again in the rail era", "B053", 1),
    ("can I borrow 30 pounds in the last round", "B048", 1),
    ("how much debt can I take", "B048", 3),
    ("can I take jokers if I already hold one", "B049", 1),
    ("what do I discard to scout", "B049", 3),
    ("can I remove a tile from my board without building it", "B042", 3),
    ("can I skip the light bulb potteries", "B043", 1),
    ("can I build over somebody else's brewery", "B030", 1),
    ("upgrade my own colliery, what happens to its cubes", "B029", 1),
    ("which traders buy my cotton", "B044", 3),
    ("what do I get for the merchant's barrel at oxford", "B046", 1),
    ("what happens when I go bankrupt", "B016", 1),
    ("how many spaces does my income marker move when a tile is turned over", "B047", 3),
    ("do our canals give points at the end of the canal period", "B052", 3),
    ("I ran out of link tiles, can I still build a rail", "B062", 1),
]


@pytest.mark.parametrize("question, answer, rank", PLAYER_QUESTIONS, ids=[q for q, _, _ in PLAYER_QUESTIONS])
def test_player_questions_find_their_entry(question, answer, rank):
    got = ranked(question)[:rank]
    assert answer in got, got


def test_each_game_searches_with_its_own_words():
    from brass_judge import rulings as R

    birmingham, lancashire = R._game_words("birmingham"), R._game_words("lancashire")
    assert R._tokens("ale barrels", birmingham) == ["beer", "beer"]
    assert R._tokens("ale barrels", lancashire) == ["ale", "barrel"]
    assert R._tokens("distant cotton market", lancashire) == ["dcm"]  # Lancashire's words stay its own
    assert "dcm" not in R._tokens("distant cotton market", birmingham)
    assert R._tokens("canal era", birmingham) == ["canalera"] and R._tokens("canal era", lancashire) == [
        "canal",
        "era",
    ]
    # a game without a rulings_search.py searches with no game words: the shared pipeline only
    none = R._game_words("no-such-game")
    assert R._tokens("ale railways colliery", none) == ["ale", "railway", "colliery"]


def test_a_search_uses_the_game_its_file_declares(tmp_path):
    from brass_judge import rulings as R

    question = "where do I get the ale to sell my goods"
    assert "B037" in [r.id for r, _ in R.search(question, limit=3, path=REPO / "rulings" / "birmingham.yaml")]
    elsewhere = tmp_path / "elsewhere.yaml"  # the same rulings, declared as a game with no words
    text = (REPO / "rulings" / "birmingham.yaml").read_text(encoding="utf-8")
    elsewhere.write_text(text.replace("\ngame: birmingham\n", "\ngame: elsewhere\n"), encoding="utf-8")
    try:
        assert R._words_of(R.load_rulings(elsewhere)) is R._game_words("elsewhere")
        assert R._tokens("ale", R._words_of(R.load_rulings(elsewhere))) == ["ale"]
    finally:
        R._clear_caches()


def test_the_words_are_read_only_when_a_search_runs():
    """Importing the rulings module or showing a ruling reads no game's words; a Birmingham search
    reads Birmingham's alone, without importing the game's package (its rules)."""
    code = (
        "import sys\n"
        "import brass_judge.rulings as R\n"
        "R.get_ruling('Q80'); R.list_rulings(topic='coal')\n"
        "before = sorted(R._GAME_WORDS)\n"
        "R.search('ale for my mill', path=R.rulings_path('birmingham'))\n"
        "print(before, sorted(R._GAME_WORDS), 'brass_judge.games.birmingham' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=dict(os.environ, BRASS_JUDGE_NO_CACHE="1"),
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[]", "['birmingham']", "False"]
