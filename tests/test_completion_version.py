"""``brass-judge completion SHELL`` (the script works in a real bash) and ``--version`` (package,
game data and rulings versions, without loading YAML or rich)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli


def _bash_complete(words: list, tmp_path: Path) -> list:
    """What bash offers after sourcing ``brass-judge completion bash``, for the command line *words*
    (the last word being completed)."""
    script = tmp_path / "complete.bash"
    r = run_cli("completion", "bash")
    assert r.returncode == 0, r.stderr
    script.write_text(r.stdout, encoding="utf-8")
    bindir = str(Path(sys.executable).parent)
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    prog = f"""source {script}
COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}
_brass_judge_completion brass-judge
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    out = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", prog], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return [x for x in out.stdout.splitlines() if x]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completion_completes_commands_options_and_values(tmp_path):
    assert _bash_complete(["brass-judge", "li"], tmp_path) == ["lint"]
    assert "--output-file" in _bash_complete(["brass-judge", "lint", "--out"], tmp_path)
    assert set(_bash_complete(["brass-judge", "lint", "--format", ""], tmp_path)) == {
        "text",
        "json",
        "sarif",
        "github",
        "junit",
        "gitlab",
        "json-lines",
    }
    assert _bash_complete(["brass-judge", "rulings", "sh"], tmp_path) == ["show"]


@pytest.mark.parametrize(
    "shell,needle",
    [
        ("bash", "complete -o default -F _brass_judge_completion brass-judge"),
        ("zsh", "#compdef brass-judge"),
        ("fish", "complete --command brass-judge"),
        ("powershell", "Register-ArgumentCompleter"),
    ],
)
def test_completion_scripts(shell, needle):
    r = run_cli("completion", shell)
    assert r.returncode == 0 and needle in r.stdout and "_BRASS_JUDGE_COMPLETE" in r.stdout


def test_completion_unknown_shell_is_a_usage_error():
    r = run_cli("completion", "tcsh")
    assert r.returncode == 2 and "tcsh" in r.stderr


def test_version_names_package_data_and_rulings():
    from brass_judge import __version__
    from brass_judge.resources import data_dir, rulings_file
    from brass_judge.rulings import load_rulings

    r = run_cli("--version")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0] == f"brass-judge {__version__}"
    files = sorted(p.stem for p in data_dir().glob("*.yaml"))
    assert re.fullmatch(r"game data lancashire sha256 [0-9a-f]{12} \((.*)\)", lines[1]).group(1) == ", ".join(
        files
    )
    import yaml

    head = yaml.safe_load(rulings_file().read_text(encoding="utf-8"))
    want = (
        f"rulings lancashire version {head['version']}, updated {head['updated']}, "
        f"{len(load_rulings())} rulings, sha256 "
    )
    assert lines[2].startswith(want), lines[2]
    assert len(lines) == 3


def test_version_text_loads_no_yaml_or_rich():
    code = (
        "import sys; from brass_judge.version_info import version_text; version_text(); "
        "print(sorted(m for m in ('yaml', 'rich', 'jsonschema', 'networkx') if m in sys.modules))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stdout + r.stderr


def test_version_digest_follows_the_data(tmp_path, monkeypatch):
    from brass_judge import version_info

    (tmp_path / "a.yaml").write_text("x: 1\n", encoding="utf-8")
    monkeypatch.setattr("brass_judge.resources.data_dir", lambda game="lancashire": tmp_path)
    one = version_info.data_version()
    (tmp_path / "a.yaml").write_text("x: 2\n", encoding="utf-8")
    assert version_info.data_version() != one
