"""``brass-judge codes`` for every game: ``--game`` reads that game's table, and ``codes show`` finds a
code that only another game reports (a Birmingham merchant sale's) without being told the game."""

from __future__ import annotations

from conftest import run_cli, run_json


def test_show_finds_a_birmingham_only_code_and_names_its_game():
    r = run_cli("codes", "show", "SEL104")
    assert r.returncode == 0, r.stderr
    assert "merchant-not-connected" in r.stdout and "birmingham" in r.stdout
    assert "B044" in r.stdout and "games/birmingham/sell.py" in r.stdout
    assert "rulings show ID --game birmingham" in r.stdout


def test_show_with_a_game_reads_that_games_wording_and_rulings():
    r, d = run_json("codes", "show", "BLD002", "--game", "birmingham")
    assert r.returncode == 0, r.stderr
    assert d["game"] == "birmingham"
    assert "B020" in d["rulings"] and not any(q.startswith("Q") for q in d["rulings"])
    assert all(q.startswith("B") for q in d["ruling_questions"])
    # the default game's record is unchanged: Lancashire's rulings, no game key
    r, d = run_json("codes", "show", "BLD002")
    assert "game" not in d and "Q051" in d["rulings"]


def test_a_code_the_named_game_lacks_is_refused():
    r = run_cli("codes", "show", "SEL104", "--game", "lancashire")
    assert r.returncode == 2 and "SEL104" in r.stderr
    r = run_cli("codes", "show", "BLD002", "--game", "manchester")
    assert r.returncode == 2 and "unknown game" in r.stderr


def test_list_with_a_game_lists_its_own_rows():
    r, rows = run_json("codes", "list", "--game", "birmingham", "--family", "SEL")
    assert r.returncode == 0, r.stderr
    codes = {x["code"] for x in rows}
    assert {"SEL101", "SEL104"} <= codes and "SEL010" not in codes  # SEL010 is Lancashire's DCM
    assert {x["game"] for x in rows} == {"birmingham"}


def test_rulings_show_lists_the_birmingham_checks_that_cite_an_entry():
    r, d = run_json("rulings", "show", "B040", "--game", "birmingham")
    assert r.returncode == 0, r.stderr
    cited = {x["code"] for x in d["cited_by"]}
    assert {"NET101", "NET102", "RUL-RAIL-BEER"} <= cited
    r = run_cli("rulings", "show", "B049", "--game", "birmingham")
    assert "SCT001" in r.stdout and "no engine check cites it" not in r.stdout


#: Birmingham codes that cite no ruling, each with the reason (every other code cites one)
UNCITED_IN_BIRMINGHAM = {
    "POS001": "the tiles of each industry and level are the mat's printed counts (data/mat.yaml), not a rule",
    "GAM001": "a game log's recorded fact differs from the replay: a log check, no rule of the game",
    "GAM007": "as GAM001, after an earlier difference",
    "RUL-LINK-COST": "the price is cited by the era's own rule, RUL-CANAL-COST (B039) or RUL-RAIL-COST (B040)",
    "BLD017": "Lancashire's Double Action Build: never reported for Birmingham, which has none (B017)",
}


def test_every_birmingham_code_that_can_be_reported_cites_a_ruling():
    r, rows = run_json("codes", "list", "--game", "birmingham")
    assert r.returncode == 0, r.stderr
    uncited = {x["code"] for x in rows if not x["rulings"] and not x["rulings_when_they_decide"]}
    assert uncited == set(UNCITED_IN_BIRMINGHAM)
    cited = {x["code"]: x["rulings"] for x in rows}
    assert cited["NET005"] == ["B062"] and cited["POS012"] == ["B062"]
    assert cited["TRN001"] == ["B014"] and cited["TRN005"] == cited["GAM004"] == ["B055"]
