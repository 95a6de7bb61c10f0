"""``brass-judge lint``: findings with codes and lines, file kinds, exit codes, SARIF and GitHub output."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import EXAMPLES, run_cli, run_json

from brass_judge.codes import CODES
from brass_judge.lint import classify, exit_code, lint_file, lint_paths, render_github, render_sarif

GAMES = EXAMPLES / "games"
BAD = {
    "bad-illegal-build.yaml": "BLD002",
    "bad-wrong-player.yaml": "GAM002",
    "bad-incomplete-turn.yaml": "GAM003",
    "bad-fact-mismatch.yaml": "GAM001",
}


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
    p.write_text(
        "players: {red: {}, blue: {}}\n"
        "tiles:\n"
        "  - red cotton@bolton\n"
        "  - red coal@bolton\n"
        "  - blue coal2@wigan cubes=5\n",
        encoding="utf-8",
    )
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
    assert r.stdout.startswith(
        f"::error file=examples/games/bad-illegal-build.yaml,line={line},title=BLD002::BLD002 "
    )


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


# ------------------------------------------------------------------ paths that give nothing to lint
@pytest.mark.parametrize("make", ["empty", "no-yaml", "missing"])
def test_paths_without_yaml_files_exit_2(tmp_path, make):
    """A mistyped or empty CI path must fail, not pass as '0 file(s) clean'."""
    path = tmp_path / "logs"
    if make != "missing":
        path.mkdir()
    if make == "no-yaml":
        (path / "notes.txt").write_text("not yaml")
    code = "INP001" if make == "missing" else "INP076"
    r = run_cli("lint", str(path))
    assert r.returncode == 2, r.stdout
    assert f"{path}: {code} " in r.stdout and "clean" not in r.stdout
    if code == "INP076":
        assert f"no .yaml/.yml files found under {path}" in r.stdout
    assert "nothing linted" in r.stdout.splitlines()[-1]
    r, out = run_json("lint", str(path))
    assert r.returncode == 2 and out["exit_code"] == 2
    assert [f["code"] for f in out["findings"]] == [code] and out["findings"][0]["file"] == str(path)
    for fmt in ("sarif", "github"):
        r = run_cli("lint", str(path), "--format", fmt)
        assert r.returncode == 2 and code in r.stdout
    json.loads(run_cli("lint", str(path), "--format", "sarif").stdout)


def test_an_empty_folder_beside_files_is_not_an_error(tmp_path):
    """INP076 is for a run with nothing at all to lint; one empty folder among others is fine."""
    (tmp_path / "empty").mkdir()
    r = run_cli("lint", str(tmp_path / "empty"), str(GAMES / "2p-full.yaml"))
    assert r.returncode == 0 and "INP076" not in r.stdout, r.stdout
    # a missing path and an empty folder, nothing else: both named
    r, out = run_json("lint", str(tmp_path / "nope"), str(tmp_path / "empty"))
    assert r.returncode == 2
    assert [(f["code"], f["file"].rsplit("/", 1)[-1]) for f in out["findings"]] == [
        ("INP001", "nope"),
        ("INP076", "empty"),
    ]


def test_input_error_suggestions_read_as_sentences(tmp_path):
    p = tmp_path / "pos.yaml"
    p.write_text("players: {red: {}, blue: {}}\ntiles:\n  - red cotton@manchster\n", encoding="utf-8")
    r = run_cli("lint", str(p))
    assert r.returncode == 2
    assert "INP010 unknown location 'manchster'. Did you mean: Manchester" in r.stdout, r.stdout


# ------------------------------------------------------------- one departure, not its knock-on effects
def _edited_log(tmp_path, name: str, edits: dict):
    """examples/games/3p-full.yaml with some lines replaced ({old text: new text}, each once);
    returns (path, {old text: its line number})."""
    lines = (GAMES / "3p-full.yaml").read_text(encoding="utf-8").splitlines()
    at = {}
    for old, new in edits.items():
        hits = [i for i, ln in enumerate(lines) if old in ln]
        assert hits, old
        i = hits[0]
        lines[i] = lines[i].replace(old, new)
        at[old] = i + 1
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p, at


def _all_replay_findings(path) -> list:
    """What the log's replay with keep_going finds, one entry per violation, as (code, line)."""
    from brass_judge.games import replay

    res = replay(str(path), keep_going=True)
    return [(v.code, f.line) for f in res.findings for v in (f.violations or [f])]


def test_one_illegal_action_is_one_finding_with_its_knock_on_effects(tmp_path):
    # a wrong recorded fact first (independent: facts change nothing), then one illegal build
    # that the replay passes instead, so blue keeps money, the turn order changes, and so on
    path, at = _edited_log(
        tmp_path,
        "one-illegal.yaml",
        {
            "money: 12": "money: 99",
            "network blackburn-wigan card=cotton_mill": "build coal_mine@colne card=cotton_mill",
        },
    )
    fact, bad = at["money: 12"], at["network blackburn-wigan card=cotton_mill"]
    rep = lint_file(str(path))
    listed = [(f.code, f.line) for f in rep.findings]
    assert listed[0] == ("GAM001", fact)
    assert {line for _, line in listed[1:]} == {bad} and "BLD007" in {c for c, _ in listed}
    cause = rep.findings[-1]
    assert cause.consequences and all(c.line > bad for c in cause.consequences)
    assert all(not f.consequences for f in rep.findings[:-1])
    # nothing is lost: the listed findings and the knock-on ones are exactly what replay finds
    assert listed + [(c.code, c.line) for c in cause.consequences] == _all_replay_findings(path)
    n = len(cause.consequences)
    assert n > 10  # the flood this collapses

    r = run_cli("lint", str(path))
    assert r.returncode == 1
    text = r.stdout.splitlines()
    assert len(text) <= 8, r.stdout
    assert any(
        ln.startswith(f"    then: {n} later finding(s) in this log (lines ")
        and f"line {bad}:" in ln
        and "replay --keep-going" in ln
        for ln in text
    ), r.stdout
    assert text[-1] == f"{len(listed)} finding(s) in 1 of 1 file(s); {n} later knock-on finding(s) not listed"

    r, out = run_json("lint", str(path))
    assert r.returncode == 1 and out["exit_code"] == 1
    assert out["summary"]["findings"] == len(listed) and out["summary"]["consequences"] == n
    assert [(f["code"], f["line"]) for f in out["findings"][-1]["consequences"]] == [
        (c.code, c.line) for c in cause.consequences
    ]

    r = run_cli("lint", str(path), "--format", "sarif")
    assert r.returncode == 1
    results = json.loads(r.stdout)["runs"][0]["results"]
    assert len(results) == len(listed)
    last = results[-1]
    assert len(last["relatedLocations"]) == n and last["properties"]["consequences"] == n
    assert {loc["physicalLocation"]["region"]["startLine"] for loc in last["relatedLocations"]} == {
        c.line for c in cause.consequences
    }
    assert "knock-on" in last["message"]["text"]

    r = run_cli("lint", str(path), "--format", "github")
    assert r.returncode == 1
    ann = r.stdout.splitlines()
    assert len(ann) == len(listed) and all(a.startswith("::error file=") for a in ann)
    assert f"line={bad}," in ann[-1] and f"{n} later finding(s)" in ann[-1]


def test_a_wrong_player_is_one_finding(tmp_path):
    # the 9th turn entry, logged for green instead of red
    path = tmp_path / "wrong-player.yaml"
    lines = (GAMES / "3p-full.yaml").read_text(encoding="utf-8").splitlines()
    turns = [i for i, ln in enumerate(lines) if ln.startswith("- player: ")]
    i = turns[8]
    assert lines[i] == "- player: red"
    lines[i] = "- player: green"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rep = lint_file(str(path))
    assert [(f.code, f.line) for f in rep.findings] == [("GAM002", i + 1)]
    assert len(rep.findings[0].consequences) > 20
    assert exit_code([rep]) == 1


def test_facts_alone_are_all_listed(tmp_path):
    """Recorded facts that differ start no knock-on effects: every one is its own finding."""
    path, at = _edited_log(tmp_path, "facts.yaml", {"money: 12": "money: 99", "money: 7": "money: 70"})
    rep = lint_file(str(path))
    assert [(f.code, f.line) for f in rep.findings] == [
        ("GAM001", at["money: 12"]),
        ("GAM001", at["money: 7"]),
    ]
    assert not any(f.consequences for f in rep.findings)
