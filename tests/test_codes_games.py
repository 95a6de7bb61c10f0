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
    assert cited["NET005"] == ["B062"] and cited["POS012"] == ["B062"] and cited["POS001"] == ["B063"]
    assert cited["TRN001"] == ["B014"] and cited["TRN005"] == cited["GAM004"] == ["B055"]


def test_scout_codes_are_a_family_of_birmingham_only():
    r = run_cli("codes", "show", "SCT001", "--game", "birmingham")
    assert r.returncode == 0, r.stderr  # was an internal error: SCT was no known family
    assert "scout-with-wild-card" in r.stdout and "B049" in r.stdout
    r, rows = run_json("codes", "list", "--game", "birmingham", "--family", "sct")
    assert [x["code"] for x in rows] == ["SCT001", "SCT002", "SCT003"] and {x["family"] for x in rows} == {
        "SCT"
    }
    # Lancashire has no Scout: its families, and the message naming them, are as before
    r = run_cli("codes", "list", "--family", "SCT")
    assert r.returncode == 2
    assert "(families: POS, TRN, BLD, NET, DEV, SEL, LON, GAM, RUL)" in r.stderr


def _page(name: str) -> str:
    from conftest import REPO

    return (REPO / "docs" / name).read_text(encoding="utf-8")


def test_birmingham_codes_page_is_generated_and_current():
    """docs/codes-birmingham.md is tools/gen_codes_doc.py's output for Birmingham's table (the
    staleness test of docs/codes.md, tests/test_codes.py, checks both pages; this one names it)."""
    import importlib.util

    from conftest import REPO

    from brass_judge.code_docs import FAMILIES
    from brass_judge.codes import table_of

    spec = importlib.util.spec_from_file_location("gen_codes_doc", REPO / "tools" / "gen_codes_doc.py")
    assert spec and spec.loader
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    page = _page("codes-birmingham.md")
    assert gen.render("birmingham") == page, (
        "docs/codes-birmingham.md is stale: run python tools/gen_codes_doc.py"
    )
    assert gen.render("lancashire") == _page("codes.md")
    headings = [line[4:] for line in page.splitlines() if line.startswith("### ")]
    assert headings == [c for prefix, _ in FAMILIES for c in table_of("birmingham") if c.startswith(prefix)]
    assert (
        "### SCT001" in page and "### SEL104" in page and "### SEL010" not in page
    )  # no Distant Cotton Market
    assert "B062 (How many link tiles" in page and "(Q0" not in page  # Birmingham's rulings only
    assert "games/lancashire/" not in page and "tests/birmingham/rules/network/NET005_" in page


def test_the_birmingham_codes_page_is_linked():
    for name in ("codes.md", "birmingham.md"):
        assert "(codes-birmingham.md)" in _page(name), name
    from conftest import REPO

    assert "docs/codes-birmingham.md" in (REPO / "README.md").read_text(encoding="utf-8")
