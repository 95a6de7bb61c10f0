"""``brass-judge lint``: findings with codes and lines, file kinds, exit codes, SARIF and GitHub output."""
from __future__ import annotations

import json
import shutil

import pytest

from brass_judge.codes import CODES
from brass_judge.lint import classify, exit_code, lint_file, lint_paths, render_github, render_sarif

from conftest import EXAMPLES, run_cli, run_json

GAMES = EXAMPLES / "games"
BAD = {"bad-illegal-build.yaml": "BLD002", "bad-wrong-player.yaml": "GAM002",
       "bad-incomplete-turn.yaml": "GAM003", "bad-fact-mismatch.yaml": "GAM001"}


def marker_line(path, code: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if f"# <- {code}" in line:
            return i
    raise AssertionError(f"no '# <- {code}' marker in {path}")


def test_example_games_give_exactly_the_deliberate_findings():
    reports = lint_paths([str(GAMES)])
    found = sorted((r.file.split("/")[-1], f.code, f.line) for r in reports for f in r.findings)
    want = sorted((name, code, marker_line(GAMES / name, code)) for name, code in BAD.items())
    assert found == want
    assert exit_code(reports) == 1
    kinds = {r.file.split("/")[-1]: r.kind for r in reports}
    assert set(kinds.values()) == {"game"}


def test_clean_files_exit_0():
    r = run_cli("lint", str(GAMES / "2p-full.yaml"), str(EXAMPLES / "worked-turn"))
    assert r.returncode == 0, r.stdout
    assert "clean" in r.stdout


def test_position_findings_have_codes_and_lines(tmp_path):
    p = tmp_path / "pos.yaml"
    p.write_text("players: {red: {}, blue: {}}\n"
                 "tiles:\n"
                 "  - red cotton@bolton\n"
                 "  - red coal@bolton\n"
                 "  - blue coal2@wigan cubes=5\n", encoding="utf-8")
    rep = lint_file(str(p))
    assert rep.kind == "position"
    assert sorted((f.code, f.line) for f in rep.findings) == [("POS003", 3), ("POS007", 5)]


def test_kinds_are_told_by_top_level_keys():
    assert classify({"setup": {}, "turns": []}) == "game"
    assert classify({"players": ["a", "b"]}) == "position"
    assert classify({"position": {"players": ["a", "b"]}, "action": "pass"}) == "fixture"
    assert classify({"action": "pass"}) == "action"
    assert classify("pass card=bolton") == "action"
    assert classify({"legal": True, "placed": []}) == "skipped"


def test_unparseable_file_exits_2_but_other_findings_are_reported(tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    (d / "broken.yaml").write_text("setup: [unclosed\n", encoding="utf-8")
    shutil.copy(GAMES / "bad-wrong-player.yaml", d / "wrong.yaml")
    (d / "notes.txt").write_text("not yaml, not looked at")
    r, out = run_json("lint", str(d))
    assert r.returncode == 2
    codes = {f["file"].split("/")[-1]: f["code"] for f in out["findings"]}
    assert codes == {"broken.yaml": "INP007", "wrong.yaml": "GAM002"}
    assert out["summary"]["unusable"] == 1 and out["exit_code"] == 2


def test_missing_path_is_unusable():
    r = run_cli("lint", "no/such/folder")
    assert r.returncode == 2 and "INP001" in r.stdout


def test_schema_error_in_a_log_is_located(tmp_path):
    p = tmp_path / "log.yaml"
    p.write_text("setup: {players: [red, blue], seed: 3}\nturns:\n  - {player: red, actons: [pass]}\n")
    rep = lint_file(str(p))
    # the unknown key (with a suggestion) and the missing 'actions', both on line 3
    assert sorted((f.code, f.line) for f in rep.findings) == [("INP031", 3), ("INP032", 3)]
    assert any("Did you mean: actions?" in f.message for f in rep.findings)
    assert rep.unusable


def test_sarif_shape():
    reports = lint_paths([str(GAMES)])
    sarif = render_sarif(reports)
    assert sarif["version"] == "2.1.0" and "sarif" in sarif["$schema"]
    run = sarif["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "brass-judge"
    ids = [r["id"] for r in driver["rules"]]
    assert len(ids) == len(set(ids))
    assert {c for c in CODES if not c.startswith("RUL-")} <= set(ids)
    assert len(run["results"]) == 4
    for res in run["results"]:
        assert driver["rules"][res["ruleIndex"]]["id"] == res["ruleId"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"].endswith(".yaml")
        assert loc["region"]["startLine"] >= 1
        assert res["level"] == "error" and res["message"]["text"]
    bld = next(r for r in run["results"] if r["ruleId"] == "BLD002")
    assert bld["properties"]["rulings"] == ["Q051", "Q073"]


def test_sarif_and_github_through_the_cli():
    path = str(GAMES / "bad-illegal-build.yaml")
    r = run_cli("lint", path, "--format", "sarif")
    assert r.returncode == 1
    json.loads(r.stdout)
    r = run_cli("lint", path, "--format", "github")
    assert r.returncode == 1
    line = marker_line(GAMES / "bad-illegal-build.yaml", "BLD002")
    assert r.stdout.startswith(f"::error file=examples/games/bad-illegal-build.yaml,line={line},title=BLD002::BLD002 ")


def test_github_escapes_newlines_and_percent(tmp_path):
    from brass_judge.lint import FileReport, LintFinding

    rep = FileReport("a,b.yaml", "game", [LintFinding("GAM001", "100% wrong\nreally", "a,b.yaml", 3)])
    out = render_github([rep])
    assert "file=a%2Cb.yaml" in out and "100%25 wrong%0Areally" in out


@pytest.mark.parametrize("jobs", ["2", "0"])
def test_jobs_give_the_same_result(jobs):
    _, one = run_json("lint", str(GAMES), str(EXAMPLES / "worked-turn"))
    r, many = run_json("lint", str(GAMES), str(EXAMPLES / "worked-turn"), "--jobs", jobs)
    assert r.returncode == 1
    assert many["findings"] == one["findings"]
    assert [f["file"] for f in many["files"]] == [f["file"] for f in one["files"]]
