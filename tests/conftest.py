"""Shared test helpers: where the repo, the examples and the seeds are; how to run the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# An unexpected exception in a command is reported to users as INP091 (brass_judge/__main__.py);
# the tests want to see it as the exception it is, so that no crash hides behind exit 2.
os.environ.setdefault("BRASS_JUDGE_DEBUG", "1")

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
SEEDS = REPO.parent / "shared" / "seeds"


def run_cli(*args: str, cwd: Path | None = None, input: str | None = None, timeout: float = 60):
    """Run the installed CLI as a subprocess (``python -m brass_judge``)."""
    env = dict(os.environ)
    env.setdefault("COLUMNS", "120")
    return subprocess.run(
        [sys.executable, "-m", "brass_judge", *args],
        capture_output=True,
        text=True,
        cwd=cwd or REPO,
        input=input,
        timeout=timeout,
        env=env,
    )


def run_json(*args: str, **kw):
    r = run_cli(*args, "--format", "json", **kw)
    try:
        return r, json.loads(r.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"not JSON (exit {r.returncode}):\nstdout={r.stdout}\nstderr={r.stderr}")


@pytest.fixture
def repo() -> Path:
    return REPO
