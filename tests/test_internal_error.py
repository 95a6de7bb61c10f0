"""A bug (an exception no check expected) still ends in a one-paragraph message and exit 2, in text
and JSON, never a traceback; ``BRASS_JUDGE_DEBUG=1`` lets the traceback through."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES

import brass_judge.check_command as check_command
from brass_judge.__main__ import main

POS = str(EXAMPLES / "worked-turn" / "position.yaml")
TURN = str(EXAMPLES / "worked-turn" / "turn.yaml")


def _boom(*args, **kwargs):
    raise RuntimeError("boom \x1b[31m" + "x" * 5000)


@pytest.fixture
def crashing_check(monkeypatch):
    monkeypatch.delenv("BRASS_JUDGE_DEBUG", raising=False)
    monkeypatch.setattr(check_command, "run_check", _boom)


@pytest.mark.parametrize("fast", [True, False], ids=["fast-path", "typer-path"])
def test_a_crash_is_a_message_and_exit_2(crashing_check, capsys, monkeypatch, fast):
    if not fast:
        monkeypatch.setenv("BRASS_JUDGE_NO_FASTPATH", "1")
    assert main(["check", POS, TURN]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert err.startswith("error[INP091]: internal error in the brass-judge command 'check' (RuntimeError:")
    assert "\x1b" not in err and len(err) < 1000  # escaped and bounded
    assert err.count("\n") == 1


def test_a_crash_with_json_asked_prints_the_error_object(crashing_check, capsys):
    assert main(["check", POS, TURN, "--format", "json"]) == 2
    out, err = capsys.readouterr()
    error = json.loads(out)["error"]
    assert error["code"] == "INP091" and "bug in brass-judge" in error["message"]
    assert "Traceback" not in err


def test_debug_lets_the_exception_through(monkeypatch):
    monkeypatch.setenv("BRASS_JUDGE_DEBUG", "1")
    monkeypatch.setattr(check_command, "run_check", _boom)
    with pytest.raises(RuntimeError, match="boom"):
        main(["check", POS, TURN])
