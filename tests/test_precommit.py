"""The pre-commit hook (.pre-commit-hooks.yaml), run through pre-commit itself in the standard
``repo:`` form, against a legal and an illegal game log.

The hook repository is a throwaway git repository holding this working tree's package files
(committed there), named by a ``file://`` URL, so the test uses what is in the tree now, needs
no network beyond the package index pre-commit's own environment install uses, and works from a
checkout or an unpacked sdist alike. pre-commit installs brass-judge into a fresh virtualenv
once (the slow part: about a minute); both runs reuse it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLES, REPO

pytestmark = pytest.mark.slow

#: what pre-commit needs of this repository to install the hook: the manifest and the package
_HOOK_REPO_FILES = (
    ".pre-commit-hooks.yaml",
    "pyproject.toml",
    "README.md",
    "brass_judge",
    "rulings",
    "schemas",
)


def _git(cwd: Path, *args: str) -> str:
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.invalid",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.invalid",
    )
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env
    ).stdout.strip()


def test_manifest_declares_the_lint_hook():
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = [h for h in hooks if h["id"] == "brass-judge-lint"]
    assert hook["language"] == "python"
    assert hook["entry"].split()[:2] == ["brass-judge", "lint"]
    assert hook["types"] == ["yaml"]


def test_hook_runs_through_pre_commit(tmp_path):
    pytest.importorskip("pre_commit", reason="pre-commit is in the test extra: pip install -e '.[test]'")
    if shutil.which("git") is None:
        pytest.skip("git is needed")
    hook_repo = tmp_path / "hook-repo"
    hook_repo.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_bundled")
    for name in _HOOK_REPO_FILES:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, hook_repo / name, ignore=ignore)
        else:
            shutil.copy(src, hook_repo / name)
    _git(hook_repo, "init", "-q")
    _git(hook_repo, "add", "-A")
    _git(hook_repo, "commit", "-q", "-m", "hook repo")
    rev = _git(hook_repo, "rev-parse", "HEAD")

    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(EXAMPLES / "games" / "opening-2p.yaml", project / "legal.yaml")
    shutil.copy(EXAMPLES / "games" / "bad-illegal-build.yaml", project / "illegal.yaml")
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo.as_uri()}\n    rev: {rev}\n    hooks:\n      - id: brass-judge-lint\n",
        encoding="utf-8",
    )
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), PRE_COMMIT_COLOR="never")
    env.pop("VIRTUAL_ENV", None)

    def run(*files: str):
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "run", "brass-judge-lint", "--files", *files],
            cwd=project,
            capture_output=True,
            text=True,
            env=env,
            timeout=900,
        )

    ok = run("legal.yaml")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "Passed" in ok.stdout
    bad = run("legal.yaml", "illegal.yaml")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "Failed" in bad.stdout
    assert "illegal.yaml:35: BLD002" in bad.stdout
    assert "legal.yaml:" not in bad.stdout.replace("illegal.yaml:", "")
