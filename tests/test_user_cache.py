"""The user cache of generated validators and parsed game data (brass_judge/_cache.py, issue 20)
never changes what a command does: a cache folder that cannot be created or written, damaged
files, files of the wrong shape and stale entries all give the same output and exit code as no
cache at all, and an edited schema or data file is never served from an old entry."""

from __future__ import annotations

import json
import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from brass_judge import _cache, schema_fast
from brass_judge.data import gamedata

REPO = Path(__file__).resolve().parent.parent
POS = "examples/worked-turn/position.yaml"
TURN = "examples/worked-turn/turn.yaml"
COMMANDS = [
    ["check", POS, TURN],
    ["check", POS, TURN, "--format", "json"],
    ["validate", POS],
    ["check", POS, "--action", "build iron@preston card=preston"],
    ["replay", "examples/games/2p-full.yaml"],
    ["validate", "tests/bad_inputs/position-bad-enum.yaml"],
]


def _run(args, cache_home) -> tuple:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache_home), COLUMNS="100")
    env.pop("BRASS_JUDGE_NO_CACHE", None)
    r = subprocess.run(
        [sys.executable, "-m", "brass_judge", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=120,
    )
    return r.returncode, r.stdout, r.stderr


def _expected(tmp_path) -> dict:
    env_free = tmp_path / "no-cache-yet"
    return {tuple(a): _run(a, env_free / "first") for a in COMMANDS}


def test_cache_is_written_and_used(tmp_path):
    home = tmp_path / "cache"
    first = [_run(a, home) for a in COMMANDS]
    names = sorted(os.listdir(home / "brass-judge"))
    assert any(n.startswith("schema-position-") for n in names), names
    assert any(n.startswith("gamedata-v") for n in names), names
    assert [_run(a, home) for a in COMMANDS] == first  # from the cache: the same
    assert first[0][0] == 0 and "LEGAL" in first[0][1]


@pytest.mark.parametrize("damage", ["truncate", "garbage", "good-digest-bad-payload", "wrong-shape", "empty"])
def test_damaged_cache_files_are_ignored(tmp_path, damage):
    want = _expected(tmp_path)
    home = tmp_path / "cache"
    for a in COMMANDS:
        _run(a, home)
    folder = home / "brass-judge"
    for f in folder.iterdir():
        raw = f.read_bytes()
        if damage == "truncate":
            f.write_bytes(raw[: len(raw) // 2])
        elif damage == "garbage":
            f.write_bytes(os.urandom(len(raw)))
        elif damage == "empty":
            f.write_bytes(b"")
        else:
            payload = b"\x00not marshal\xff" if damage == "good-digest-bad-payload" else marshal.dumps((1, 2))
            f.write_bytes(_cache.sha256_hex(payload).encode("ascii") + payload)
    for a in COMMANDS:
        assert _run(a, home) == want[tuple(a)], a


def test_unwritable_cache_folder(tmp_path):
    want = _expected(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")  # $XDG_CACHE_HOME is a file: nothing can be created in it
    for a in COMMANDS:
        assert _run(a, blocker) == want[tuple(a)], a
    assert blocker.read_text() == "not a folder\n"


def test_cache_folder_is_a_file(tmp_path):
    want = _expected(tmp_path)
    home = tmp_path / "cache"
    home.mkdir()
    (home / "brass-judge").write_text("in the way\n")
    for a in COMMANDS:
        assert _run(a, home) == want[tuple(a)], a


def test_edited_data_file_is_never_served_stale(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRASS_JUDGE_NO_CACHE", raising=False)
    d = tmp_path / "lancashire"
    shutil.copytree(REPO / "brass_judge" / "games" / "lancashire" / "data", d)
    first = gamedata._read_data_files(d)
    again = gamedata._read_data_files(d)
    assert again == first
    assert len([n for n in os.listdir(tmp_path / "cache" / "brass-judge") if n.startswith("gamedata-v")]) == 1
    tracks = d / "tracks.yaml"
    text = tracks.read_text(encoding="utf-8")
    assert "start_money: 30" in text
    tracks.write_text(text.replace("start_money: 30", "start_money: 31"), encoding="utf-8")
    edited = gamedata._read_data_files(d)
    assert edited[3]["setup"]["start_money"] == 31
    assert first[3]["setup"]["start_money"] == 30


def test_edited_schema_is_never_served_stale(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRASS_JUDGE_NO_CACHE", raising=False)
    schema = tmp_path / "demo.schema.json"
    monkeypatch.setattr("brass_judge.resources.schema_file", lambda name: schema)
    monkeypatch.setattr(schema_fast, "_VALIDATORS", {})
    schema.write_text(json.dumps({"type": "object", "required": ["a"]}))
    assert schema_fast.fast_validator("demo")({"a": 1})
    schema_fast._VALIDATORS.clear()
    assert schema_fast.fast_validator("demo")({"a": 1})  # now from the cache
    schema.write_text(json.dumps({"type": "object", "required": ["b"]}))
    schema_fast._VALIDATORS.clear()
    assert not schema_fast.fast_validator("demo")({"a": 1})
    assert schema_fast.fast_validator("demo")({"b": 1})


def test_no_cache_env(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("BRASS_JUDGE_NO_CACHE", "1")
    gamedata._read_data_files(REPO / "brass_judge" / "games" / "lancashire" / "data")
    assert not (tmp_path / "cache").exists()
