"""``brass-judge lint`` on folders that mix both games (docs/games-birmingham.md): Brass: Lancashire
and Brass: Birmingham game logs, positions and action files in one run, in every output format,
each finding with its file, line, code and its own game's rulings; ``--jobs`` gives the same report.
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET

import pytest
from conftest import EXAMPLES, REPO
from typer.testing import CliRunner

from brass_judge.cli import app

runner = CliRunner()
BHAM = EXAMPLES / "birmingham"
#: file in the mixed folder -> (source, the code of its first finding, a ruling it cites) or None: clean
FILES = {
    "lancashire/opening-2p.yaml": (EXAMPLES / "games" / "opening-2p.yaml", None),
    "lancashire/bad-illegal-build.yaml": (EXAMPLES / "games" / "bad-illegal-build.yaml", ("BLD002", "Q051")),
    "lancashire/position.yaml": (EXAMPLES / "worked-turn" / "position.yaml", None),
    "lancashire/turn.yaml": (EXAMPLES / "worked-turn" / "turn.yaml", None),
    "birmingham/opening-2p.yaml": (BHAM / "games" / "opening-2p.yaml", None),
    "birmingham/bad-illegal-build.yaml": (BHAM / "games" / "bad-illegal-build.yaml", ("BLD009", "B024")),
    "birmingham/bad-wrong-player.yaml": (BHAM / "games" / "bad-wrong-player.yaml", ("GAM002", "B014")),
    "birmingham/position.yaml": (BHAM / "worked-turn" / "position.yaml", None),
    "birmingham/turn.yaml": (BHAM / "worked-turn" / "turn.yaml", None),
    "birmingham/merchants.yaml": (
        REPO / "tests" / "birmingham" / "rules" / "position" / "POS101_merchant-spaces-for-player-count.yaml",
        ("POS101", "B003"),
    ),
}
BAD = {name: want for name, (_, want) in FILES.items() if want}


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    root = tmp_path_factory.mktemp("mixed")
    for name, (src, _) in FILES.items():
        (root / name).parent.mkdir(exist_ok=True)
        shutil.copy(src, root / name)
    return root


def lint(folder, *args: str):
    r = runner.invoke(app, ["lint", str(folder), *args], env={"COLUMNS": "200"})
    assert r.exit_code == 1, r.output  # findings, and every file usable
    return r.stdout


def _where(mixed, name: str) -> tuple[str, int]:
    code = BAD[name][0]
    for i, line in enumerate((mixed / name).read_text(encoding="utf-8").splitlines(), 1):
        if f"# <- {code}" in line or (code == "POS101" and line.startswith("merchants")):
            return str(mixed / name), i
    raise AssertionError(name)


def test_json_reports_every_file_of_both_games(mixed):
    out = json.loads(lint(mixed, "--format", "json"))
    assert out["summary"]["files"] == len(FILES) and out["summary"]["unusable"] == 0
    kinds = {f["file"][len(str(mixed)) + 1 :]: f["kind"] for f in out["files"]}
    assert kinds["birmingham/opening-2p.yaml"] == "game" and kinds["birmingham/turn.yaml"] == "action"
    assert kinds["birmingham/position.yaml"] == "position" and kinds["lancashire/turn.yaml"] == "action"
    firsts = {}
    for f in out["findings"]:
        firsts.setdefault(f["file"][len(str(mixed)) + 1 :], f)
    assert sorted(firsts) == sorted(BAD)
    for name, (code, ruling) in BAD.items():
        f = firsts[name]
        assert (f["code"], ruling in f["rulings"]) == (code, True), f
        assert f.get("game") == ("birmingham" if name.startswith("birmingham") else None)
        if code != "POS101":
            assert (f["file"], f["line"]) == _where(mixed, name)


def test_text_names_each_finding_with_its_games_rulings(mixed):
    out = lint(mixed)
    for name, (code, ruling) in BAD.items():
        line = next(x for x in out.splitlines() if x.startswith(str(mixed / name)))
        assert f" {code} " in line and ruling in line, line
    assert f"of {len(FILES)} file(s)" in out


def test_sarif_results_carry_their_games_rulings_and_rules(mixed):
    run = json.loads(lint(mixed, "--format", "sarif"))["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    by_file = {}
    for res in run["results"]:
        uri = res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        by_file.setdefault(uri.split("/")[-2] + "/" + uri.split("/")[-1], res)
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
    for name, (code, ruling) in BAD.items():
        res = by_file[name]
        assert res["ruleId"] == code and ruling in res["properties"]["rulings"]
        assert res["properties"].get("game") == ("birmingham" if name.startswith("birmingham") else None)
        assert res["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1
    own = rules[by_file["birmingham/merchants.yaml"]["ruleIndex"]]  # a code only Birmingham has
    assert own["name"] == "merchant-spaces-for-player-count" and own["properties"]["rulings"] == ["B003"]


def test_github_junit_gitlab_and_json_lines(mixed):
    gh = lint(mixed, "--format", "github").splitlines()
    for name, (code, ruling) in BAD.items():
        hit = [x for x in gh if name in x and f"title={code}" in x]
        assert hit and (ruling in hit[0]) == name.startswith("birmingham"), hit
    suites = ET.fromstring(lint(mixed, "--format", "junit"))
    for name, (code, ruling) in BAD.items():
        case = next(c for c in suites.iter("testcase") if c.get("name").endswith(name))
        fail = case.find("failure")
        assert fail is not None and fail.get("type") == code and ruling in (fail.text or "")
    issues = json.loads(lint(mixed, "--format", "gitlab"))
    names = {i["check_name"] for i in issues}
    assert {"POS101 merchant-spaces-for-player-count", "BLD009 two-own-tiles-in-canal-era"} & names
    for name, (code, ruling) in BAD.items():
        issue = next(i for i in issues if i["location"]["path"].endswith(name))
        assert issue["check_name"].startswith(code) and ruling in issue["content"]["body"]
    lines = [json.loads(x) for x in lint(mixed, "--format", "json-lines").splitlines()]
    assert {x["code"] for x in lines} >= {c for c, _ in BAD.values()}


def test_statistics_name_each_code_in_its_game(mixed):
    rows = json.loads(lint(mixed, "--statistics", "--format", "json"))
    names = {r["code"]: r["name"] for r in rows}
    assert names["POS101"] == "merchant-spaces-for-player-count" and names["GAM002"] == "wrong-player-in-log"


def test_jobs_give_the_same_report(mixed):
    one = lint(mixed, "--format", "json")
    assert lint(mixed, "--format", "json", "--jobs", "2") == one
