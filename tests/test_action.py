"""The composite GitHub Action (action.yml) and the README's workflow.

The action cannot run here (no GitHub runner), so this checks what can be checked: it is a
well-formed composite action, every ``${{ inputs.X }}`` it uses is declared, every
``brass-judge`` command it runs uses real options and format values of the CLI, the SARIF it
writes is the file it uploads, and the lint steps' shell scripts, run with bash as the runner
would run them (the inputs' defaults in their environment), write a SARIF report and
annotations for the example logs. The README workflow must parse and pass only declared inputs.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import REPO

ACTION = REPO / "action.yml"


@pytest.fixture(scope="module")
def action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


def _lint_command():
    import typer.main

    from brass_judge.cli import app

    return typer.main.get_command(app).commands["lint"]


def _lint_options() -> tuple:
    cmd = _lint_command()
    opts: set = set()
    formats: set = set()
    for p in cmd.params:
        opts.update(o for o in getattr(p, "opts", []) if o.startswith("-"))
        opts.update(o for o in getattr(p, "secondary_opts", []) if o.startswith("-"))
        if p.name == "fmt":
            formats = set(p.type.choices)
    return opts, formats


def _brass_commands(script: str) -> list:
    """The ``brass-judge ...`` command lines of a step's shell script, as argument lists."""
    out = []
    for line in script.splitlines():
        line = line.split("||")[0].strip()
        if line.startswith("brass-judge "):
            out.append(shlex.split(line))
    return out


def test_action_is_a_composite_action_with_declared_inputs(action):
    assert action["runs"]["using"] == "composite"
    assert action["name"] and action["description"]
    inputs = action["inputs"]
    assert {"paths", "python-version", "upload-sarif", "sarif-file", "jobs"} <= set(inputs)
    for name, spec in inputs.items():
        assert spec.get("description"), name
    used = set(re.findall(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)", ACTION.read_text(encoding="utf-8")))
    assert used and used <= set(inputs), used - set(inputs)
    for step in action["runs"]["steps"]:
        assert "uses" in step or ("run" in step and step.get("shell") == "bash"), (
            step
        )  # composite run steps need a shell


def test_action_commands_use_real_cli_options(action):
    opts, formats = _lint_options()
    cmds = [c for s in action["runs"]["steps"] if "run" in s for c in _brass_commands(s["run"])]
    assert len(cmds) == 2
    seen_formats = []
    for argv in cmds:
        assert argv[1] == "lint"
        for i, a in enumerate(argv):
            if a.startswith("-"):
                assert a.split("=")[0] in opts, f"{a} is not an option of brass-judge lint"
            if a == "--format":
                assert argv[i + 1] in formats
                seen_formats.append(argv[i + 1])
    assert sorted(seen_formats) == ["github", "sarif"]


def test_action_uploads_the_sarif_it_writes(action):
    steps = action["runs"]["steps"]
    (upload,) = [s for s in steps if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
    assert upload["with"]["sarif_file"] == "${{ inputs.sarif-file }}"
    sarif_step = next(s for s in steps if "run" in s and "--format sarif" in s["run"])
    assert sarif_step["env"]["BRASS_SARIF"] == "${{ inputs.sarif-file }}"
    assert '--output-file "$BRASS_SARIF"' in sarif_step["run"]
    assert steps.index(sarif_step) < steps.index(upload)
    install = next(s for s in steps if "run" in s and "pip install" in s["run"])
    assert "$GITHUB_ACTION_PATH" in install["run"]  # brass-judge from the action's own repository


def _step_env(step: dict, inputs: dict) -> dict:
    env = {}
    for k, v in (step.get("env") or {}).items():
        env[k] = re.sub(r"\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}", lambda m: inputs[m.group(1)], str(v))
    return env


def test_action_lint_steps_run_as_the_runner_runs_them(action, tmp_path):
    inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    inputs["paths"] = "examples/games examples/worked-turn"
    inputs["sarif-file"] = str(tmp_path / "brass-judge.sarif")
    inputs["jobs"] = "1"
    bindir = str(Path(sys.executable).parent)
    steps = [s for s in action["runs"]["steps"] if "run" in s and "brass-judge lint" in s["run"]]
    results = []
    for step in steps:
        env = dict(
            os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""), **_step_env(step, inputs)
        )
        results.append(
            subprocess.run(
                ["bash", "-e", "-c", step["run"]],
                cwd=REPO,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
        )
    sarif_run, annotate_run = results
    assert sarif_run.returncode == 0, sarif_run.stderr  # the findings must not stop the upload
    sarif = json.loads(Path(inputs["sarif-file"]).read_text(encoding="utf-8"))
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]
    }
    assert "examples/games/bad-illegal-build.yaml" in uris
    assert annotate_run.returncode == 1  # the annotation step fails the job
    assert "::error file=examples/games/bad-illegal-build.yaml,line=" in annotate_run.stdout


def test_readme_workflow_uses_the_action_with_declared_inputs(action):
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    workflows = [yaml.safe_load(b) for b in blocks if "jobs:" in b]
    assert len(workflows) == 1
    wf = workflows[0]
    assert wf["permissions"]["security-events"] == "write"
    steps = [s for job in wf["jobs"].values() for s in job["steps"]]
    assert steps[0]["uses"].startswith("actions/checkout@")
    ours = [s for s in steps if "brass-judge@" in s.get("uses", "")]
    assert len(ours) == 1
    assert set(ours[0].get("with", {})) <= set(action["inputs"])
