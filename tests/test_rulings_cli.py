"""``brass-judge rulings`` (brass_judge.cli_rulings.app): list, show, search; text and JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brass_judge.cli_rulings import app

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def run_json(*args: str):
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# --------------------------------------------------------------------------- list


def test_list_text_shows_every_ruling():
    result = run("list")
    assert result.exit_code == 0, result.output
    assert "Q001" in result.stdout and "Q139" in result.stdout
    assert "139 rulings" in result.stdout


def test_list_json_shape():
    data = run_json("list")
    assert isinstance(data, list) and len(data) == 139
    first = data[0]
    for key in (
        "id",
        "question",
        "answer",
        "source",
        "authority",
        "topics",
        "applies_to",
        "engine",
        "related",
        "keywords",
    ):
        assert key in first
    assert [d["id"] for d in data] == [f"Q{n:03d}" for n in range(1, 140)]


def test_list_topic_filter():
    data = run_json("list", "--topic", "overbuild")
    assert data and all("overbuild" in d["topics"] for d in data)
    assert "Q083" in {d["id"] for d in data}
    assert len(data) < 139
    text = run("list", "-t", "distant-cotton-market")
    assert text.exit_code == 0 and "Q106" in text.stdout and "Q001 " not in text.stdout


def test_list_combined_filters():
    data = run_json("list", "--engine", "out-of-scope", "--authority", "map-designer")
    assert [d["id"] for d in data] == [f"Q{n}" for n in range(134, 140)]
    data = run_json("list", "--applies-to", "classic")
    assert {d["engine"] for d in data} == {"variant"}
    assert run_json("list", "--topic", "etiquette", "--engine", "out-of-scope") == []


def test_list_unknown_topic_is_exit_2_with_suggestion():
    result = run("list", "--topic", "overbiuld")
    assert result.exit_code == 2
    assert "overbuild" in result.stderr and "Did you mean" in result.stderr


# --------------------------------------------------------------------------- show


def test_show_text():
    result = run("show", "q83")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Q083" in out
    assert "Martin Wallace" in out
    assert "designer ruled on BGG in 2007" in out
    assert "rulebook, designer" in out
    assert "overbuild" in out
    assert "Q084" in out  # related
    assert "cited by" in out


def test_show_json_shape():
    data = run_json("show", "80")
    assert data["id"] == "Q080"
    for key in (
        "question",
        "answer",
        "source",
        "authority",
        "topics",
        "applies_to",
        "engine",
        "related",
        "cited_by",
    ):
        assert key in data
    assert data["question"].endswith("?")
    assert isinstance(data["cited_by"], list)
    for c in data["cited_by"]:
        assert set(c) == {"code", "name"}
    assert {r["id"] for r in data["related_questions"]} == set(data["related"])


def test_show_ruling_without_source():
    data = run_json("show", "Q050")
    assert data["source"] is None and data["authority"] == ["none"]
    result = run("show", "Q050")
    assert result.exit_code == 0 and "(none given)" in result.stdout


def test_show_cited_by_uses_codes_when_available():
    codes = pytest.importorskip("brass_judge.codes")
    if not hasattr(codes, "codes_citing"):
        pytest.skip("brass_judge.codes has no codes_citing yet")
    expected = [c.code for c in codes.codes_citing("Q083")]
    data = run_json("show", "Q083")
    assert [c["code"] for c in data["cited_by"]] == expected


def test_show_unknown_id_exit_2_with_nearest():
    result = run("show", "Q140")
    assert result.exit_code == 2
    assert "Q139" in result.stderr
    assert "unknown ruling id" in result.stderr


def test_show_unknown_id_json_error_object():
    result = run("show", "Q999", "--format", "json")
    assert result.exit_code == 2
    err = json.loads(result.stdout)["error"]
    assert err["suggestions"][0] == "Q139"
    assert err["field"] == "ruling"


# --------------------------------------------------------------------------- search


def test_search_json_best_first():
    data = run_json("search", "can I take over a rival's colliery while the market still has coal?")
    assert 1 <= len(data) <= 5
    for hit in data:
        assert {"id", "score", "question"} <= set(hit)
    scores = [h["score"] for h in data]
    assert scores == sorted(scores, reverse=True)
    assert "Q083" in [h["id"] for h in data[:3]]


def test_search_limit():
    data = run_json("search", "coal", "--limit", "2")
    assert len(data) == 2
    assert len(run_json("search", "coal", "-n", "7")) == 7


def test_search_text():
    result = run("search", "how much does a raliway cost")
    assert result.exit_code == 0, result.output
    assert "Q118" in result.stdout
    assert "brass-judge rulings show Q118" in result.stdout


def test_search_without_results():
    result = run("search", "zzzzqqq")
    assert result.exit_code == 0
    assert "No ruling matches" in result.stdout
    assert run_json("search", "zzzzqqq") == []


def test_bad_limit_is_a_usage_error():
    result = run("search", "coal", "--limit", "0")
    assert result.exit_code == 2


# --------------------------------------------------------------------------- the installed command


def test_main_cli_mounts_rulings_and_exits_2_on_unknown_id():
    cli = pytest.importorskip("brass_judge.cli")
    if not hasattr(cli, "run"):
        pytest.skip("brass_judge.cli.run is not there")
    assert cli.run(["rulings", "show", "Q999"]) == 2
    assert cli.run(["rulings", "show", "Q001", "--format", "json"]) == 0


def test_module_top_imports_only_typer_and_stdlib(tmp_path):
    code = (
        "import sys\n"
        "import brass_judge.cli_rulings\n"
        "bad = [m for m in ('rich', 'yaml', 'jsonschema', 'networkx', 'brass_judge.rulings') if m in sys.modules]\n"
        "print(bad)\n"
    )
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
