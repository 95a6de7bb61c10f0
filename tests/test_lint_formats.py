"""``brass-judge lint``'s CI formats (junit, gitlab, json-lines) and options (--output-file,
--exit-zero, --quiet, --statistics), each checked against what its consumer reads."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET

import jsonschema
import pytest
from conftest import EXAMPLES, run_cli, run_json

GAMES = EXAMPLES / "games"
BAD = {
    "bad-illegal-build.yaml": "BLD002",
    "bad-wrong-player.yaml": "GAM002",
    "bad-incomplete-turn.yaml": "GAM003",
    "bad-fact-mismatch.yaml": "GAM001",
}


@pytest.fixture
def mixed(tmp_path):
    """A folder with a legal log, an illegal one, an unusable file and a file that is skipped."""
    d = tmp_path / "logs"
    d.mkdir()
    shutil.copy(GAMES / "opening-2p.yaml", d / "good.yaml")
    shutil.copy(GAMES / "bad-illegal-build.yaml", d / "illegal.yaml")
    (d / "broken.yaml").write_text("setup: [unclosed\n", encoding="utf-8")
    (d / "other.yaml").write_text("name: not a brass file\n", encoding="utf-8")
    return d


# ------------------------------------------------------------------------------- JUnit
# The structure of the Jenkins/Ant JUnit schema (junit-4.xsd): which attributes each element may
# have, which it must have, and the order and number of its children.
_JUNIT = {
    "testsuites": {"attrs": {"name", "time", "tests", "failures", "disabled", "errors"}, "required": set()},
    "testsuite": {
        "attrs": {
            "name",
            "tests",
            "failures",
            "errors",
            "time",
            "disabled",
            "skipped",
            "timestamp",
            "hostname",
            "id",
            "package",
        },
        "required": {"name", "tests"},
        "children": ["properties?", "testcase*", "system-out?", "system-err?"],
    },
    "testcase": {
        "attrs": {"name", "assertions", "time", "classname", "status"},
        "required": {"name"},
        "children": ["skipped?", "error*", "failure*", "system-out*", "system-err*"],
    },
    "failure": {"attrs": {"type", "message"}, "required": set(), "children": []},
    "error": {"attrs": {"type", "message"}, "required": set(), "children": []},
    "skipped": {"attrs": {"message"}, "required": set(), "children": []},
    "system-out": {"attrs": set(), "required": set(), "children": []},
}


def _check_element(el):
    spec = _JUNIT[el.tag]
    assert set(el.attrib) <= spec["attrs"], (el.tag, el.attrib)
    assert spec["required"] <= set(el.attrib), (el.tag, el.attrib)
    for k in ("tests", "failures", "errors", "skipped", "disabled"):
        if k in el.attrib:
            assert el.attrib[k].isdigit(), (el.tag, k)
    if "time" in el.attrib:
        float(el.attrib["time"])
    if "children" not in spec:
        return
    tags = [c.tag for c in el]
    i = 0
    for pattern in spec["children"]:
        tag, many = pattern[:-1], pattern[-1] == "*"
        n = 0
        while i < len(tags) and tags[i] == tag:
            i += 1
            n += 1
        assert many or n <= 1, (el.tag, tags)
    assert i == len(tags), f"{el.tag}: unexpected children or order {tags}"
    for c in el:
        _check_element(c)


def test_junit_is_valid_junit_xml_with_one_testcase_per_file(mixed):
    r = run_cli("lint", str(mixed), "--format", "junit")
    assert r.returncode == 2  # broken.yaml cannot be used
    root = ET.fromstring(r.stdout)
    assert root.tag == "testsuites"
    assert set(root.attrib) <= _JUNIT["testsuites"]["attrs"]
    suites = list(root)
    assert [s.tag for s in suites] == ["testsuite"]
    suite = suites[0]
    _check_element(suite)
    cases = {c.attrib["name"].split("/")[-1]: c for c in suite.iter("testcase")}
    assert sorted(cases) == ["broken.yaml", "good.yaml", "illegal.yaml", "other.yaml"]
    outcome = {n: [x.tag for x in c if x.tag != "system-out"] for n, c in cases.items()}
    assert outcome == {
        "broken.yaml": ["error"],
        "good.yaml": [],
        "illegal.yaml": ["failure"],
        "other.yaml": ["skipped"],
    }
    fail = cases["illegal.yaml"].find("failure")
    assert fail.attrib["type"] == "BLD002" and "BLD002" in fail.text and ":35:" in fail.text
    assert cases["broken.yaml"].find("error").attrib["type"] == "INP007"
    assert suite.attrib["tests"] == "4" and suite.attrib["failures"] == "1"
    assert suite.attrib["errors"] == "1" and suite.attrib["skipped"] == "1"
    assert root.attrib["tests"] == "4" and root.attrib["failures"] == "1" and root.attrib["errors"] == "1"


def test_junit_clean_run_has_passing_testcases():
    r = run_cli("lint", str(GAMES / "2p-full.yaml"), str(GAMES / "opening-2p.yaml"), "-f", "junit")
    assert r.returncode == 0
    suite = ET.fromstring(r.stdout).find("testsuite")
    _check_element(suite)
    assert suite.attrib["tests"] == "2" and suite.attrib["failures"] == "0"
    assert all(c.find("failure") is None for c in suite.iter("testcase"))


# ------------------------------------------------------------------------------- GitLab
# GitLab Code Quality report: what GitLab reads from each issue (docs.gitlab.com, "Code Quality",
# the report format): description, check_name, fingerprint, severity, location.path and
# location.lines.begin are required; severity is one of five words.
GITLAB_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["description", "check_name", "fingerprint", "severity", "location"],
        "properties": {
            "type": {"const": "issue"},
            "description": {"type": "string", "minLength": 1},
            "check_name": {"type": "string", "minLength": 1},
            "fingerprint": {"type": "string", "pattern": "^[0-9a-f]{32}$"},
            "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
            "categories": {"type": "array", "items": {"type": "string"}},
            "content": {"type": "object", "required": ["body"], "properties": {"body": {"type": "string"}}},
            "location": {
                "type": "object",
                "required": ["path", "lines"],
                "properties": {
                    "path": {"type": "string", "minLength": 1, "not": {"pattern": "^/"}},
                    "lines": {
                        "type": "object",
                        "required": ["begin"],
                        "properties": {"begin": {"type": "integer", "minimum": 1}},
                    },
                },
            },
        },
    },
}


def test_gitlab_code_quality_matches_the_format(repo):
    r = run_cli("lint", "examples/games", "--format", "gitlab", cwd=repo)
    assert r.returncode == 1
    issues = json.loads(r.stdout)
    jsonschema.validate(issues, GITLAB_SCHEMA)
    got = sorted(
        (i["location"]["path"], i["check_name"].split()[0], i["location"]["lines"]["begin"]) for i in issues
    )
    from test_lint import marker_line

    want = sorted((f"examples/games/{n}", c, marker_line(GAMES / n, c)) for n, c in BAD.items())
    assert got == want
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    # stable: the same run gives the same fingerprints
    again = json.loads(run_cli("lint", "examples/games", "--format", "gitlab", cwd=repo).stdout)
    assert [i["fingerprint"] for i in again] == [i["fingerprint"] for i in issues]


def test_gitlab_unusable_input_is_critical(mixed):
    r = run_cli("lint", str(mixed), "-f", "gitlab", cwd=mixed)
    issues = json.loads(r.stdout)
    jsonschema.validate(issues, GITLAB_SCHEMA)
    sev = {i["location"]["path"]: i["severity"] for i in issues}
    assert sev == {"broken.yaml": "critical", "illegal.yaml": "major"}


def test_gitlab_clean_run_is_an_empty_list():
    r = run_cli("lint", str(GAMES / "opening-2p.yaml"), "-f", "gitlab")
    assert r.returncode == 0 and json.loads(r.stdout) == []


# ------------------------------------------------------------------------------- JSON lines
def test_json_lines_is_one_finding_per_line(mixed):
    r = run_cli("lint", str(mixed), "--format", "json-lines")
    lines = r.stdout.splitlines()
    objs = [json.loads(x) for x in lines]
    _, full = run_json("lint", str(mixed))
    assert objs == full["findings"]
    assert sorted(o["code"] for o in objs) == ["BLD002", "INP007"]
    assert r.returncode == 2


# ------------------------------------------------------------------------------- options
def test_statistics_counts_per_code(repo):
    r = run_cli("lint", "examples/games", "--statistics", cwd=repo)
    assert r.returncode == 1
    rows = [line.split() for line in r.stdout.splitlines()]
    assert sorted((row[1], int(row[0])) for row in rows) == sorted((c, 1) for c in BAD.values())
    assert all(len(row) == 3 for row in rows)  # count, code, name
    r, out = run_json("lint", "examples/games", "--statistics", cwd=repo)
    assert {x["code"]: x["count"] for x in out} == {c: 1 for c in BAD.values()}
    assert {x["code"]: x["name"] for x in out}["GAM002"] == "wrong-player-in-log"
    r = run_cli("lint", "examples/games", "--statistics", "--format", "json-lines", cwd=repo)
    assert sorted(json.loads(x)["code"] for x in r.stdout.splitlines()) == sorted(BAD.values())


def test_statistics_refuses_formats_it_cannot_write():
    r = run_cli("lint", str(GAMES), "--statistics", "--format", "sarif")
    assert r.returncode == 2 and "INP077" in r.stderr and r.stdout == ""


def test_quiet_drops_the_summary(mixed):
    r = run_cli("lint", str(mixed / "illegal.yaml"), "--quiet")
    assert r.returncode == 1
    assert r.stdout.startswith(str(mixed / "illegal.yaml") + ":35: BLD002")
    assert "finding(s) in" not in r.stdout
    r = run_cli("lint", str(mixed / "good.yaml"), "-q")
    assert r.returncode == 0 and r.stdout == ""
    loud = run_cli("lint", str(mixed / "good.yaml"))
    assert "clean" in loud.stdout


def test_exit_zero_only_forgives_findings(mixed):
    r = run_cli("lint", str(mixed / "illegal.yaml"), "--exit-zero")
    assert r.returncode == 0 and "BLD002" in r.stdout
    r = run_cli("lint", str(mixed / "broken.yaml"), "--exit-zero")
    assert r.returncode == 2  # unusable input is not a finding to forgive
    r = run_cli("lint", str(mixed / "nope"), "-e")
    assert r.returncode == 2


def test_output_file_writes_the_report_instead_of_stdout(mixed, tmp_path):
    out = tmp_path / "reports" / "lint.sarif"
    out.parent.mkdir()
    out.write_text("old report\n", encoding="utf-8")
    r = run_cli("lint", str(mixed / "illegal.yaml"), "-f", "sarif", "--output-file", str(out))
    assert r.returncode == 1 and r.stdout == ""
    sarif = json.loads(out.read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"][0]["ruleId"] == "BLD002"
    assert sorted(p.name for p in out.parent.iterdir()) == ["lint.sarif"]  # no temp file left
    r = run_cli("lint", str(mixed / "illegal.yaml"), "-o", str(out), "-q")
    assert out.read_text(encoding="utf-8").startswith(str(mixed / "illegal.yaml") + ":35: BLD002")


def test_output_file_never_over_an_input(mixed):
    target = mixed / "illegal.yaml"
    before = target.read_bytes()
    for spelling in (str(target), str(mixed / "." / "illegal.yaml")):
        r = run_cli("lint", str(mixed), "-f", "json", "-o", spelling)
        assert r.returncode == 2, r.stdout
        assert "INP061" in r.stderr and "input" in r.stderr
        assert json.loads(r.stdout)["error"]["code"] == "INP061"
        assert target.read_bytes() == before
    link = mixed.parent / "link.yaml"
    link.symlink_to(target)
    r = run_cli("lint", str(target), "-o", str(link))
    assert r.returncode == 2 and target.read_bytes() == before


def test_output_file_that_cannot_be_written_is_exit_2(mixed, tmp_path):
    r = run_cli("lint", str(mixed / "good.yaml"), "-o", str(tmp_path / "no" / "such" / "dir" / "x.txt"))
    assert r.returncode == 2 and "INP061" in r.stderr and "Traceback" not in r.stderr
    r = run_cli("lint", str(mixed / "good.yaml"), "-o", str(tmp_path))
    assert r.returncode == 2 and "folder" in r.stderr


def test_junit_stays_well_formed_with_characters_xml_cannot_hold(tmp_path):
    """A file name (or text) with a control character must not break the XML: it is written escaped."""
    odd = tmp_path / "odd\x01name.yaml"
    shutil.copy(GAMES / "bad-illegal-build.yaml", odd)
    r = run_cli("lint", str(odd), "-f", "junit")
    assert r.returncode == 1
    case = ET.fromstring(r.stdout).find("testsuite/testcase")
    assert case.attrib["name"].endswith("odd\\x01name.yaml")
    assert "\\x01" in case.find("failure").text
