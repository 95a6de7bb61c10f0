"""The habits that catch bugs before fuzzing does stay configured (issue 14, item 7).

``.ci/run`` runs the README's test command exactly, and that command lints (ruff), checks the
format and the types (mypy) before the tests; the dev tools are in the ``test`` extra, pinned;
mypy checks the whole package and types the shared engine and the rules object strictly.
(mypy and ruff themselves run in ``.ci/run``, not here.)
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")

REPO = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))

#: what ``mypy --strict`` turns on that may be set per module (``strict`` itself is global-only)
STRICT_FLAGS = (
    "disallow_any_generics",
    "disallow_subclassing_any",
    "disallow_untyped_calls",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "check_untyped_defs",
    "disallow_untyped_decorators",
    "warn_return_any",
    "no_implicit_reexport",
    "strict_equality",
    "extra_checks",
)


def _readme_test_command() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    found = [ln for b in blocks for ln in b.splitlines() if "pip install '.[test]'" in ln]
    assert len(found) == 1, f"README.md should show one test command, found {found}"
    return found[0].strip()


def _ci_command() -> str:
    lines = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    body = [ln for ln in lines if ln.strip() and not ln.startswith("#")]
    runs = [ln for ln in body if ln.startswith("python3 -m venv")]
    assert len(runs) == 1, body
    return runs[0].strip()


def test_ci_runs_exactly_the_readme_test_command():
    assert _ci_command() == _readme_test_command()


def test_the_test_command_lints_formats_and_types_before_pytest():
    steps = [shlex.split(part) for part in _readme_test_command().split("&&")]
    tools = [" ".join(s) for s in steps]
    assert tools[:2] == ["python3 -m venv .venv", ".venv/bin/pip install .[test]"], tools
    assert tools[-1] == ".venv/bin/pytest", tools
    checks = tools[2:-1]
    for wanted in (".venv/bin/ruff check .", ".venv/bin/ruff format --check .", ".venv/bin/mypy"):
        assert wanted in checks, f"{wanted!r} missing from the test command: {tools}"
    # '&&' between every step: any finding stops the command with a failure
    assert _readme_test_command().count("&&") == len(steps) - 1


def test_dev_tools_are_in_the_test_extra_pinned():
    test_extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    for tool in ("ruff", "mypy", "types-PyYAML"):
        spec = next((s for s in test_extra if re.match(rf"{re.escape(tool)}\b", s)), None)
        assert spec is not None, f"{tool} is not in the test extra: {test_extra}"
        assert ">=" in spec and "<" in spec.replace("<=", ""), f"{spec}: pin {tool} to a range"


def test_mypy_checks_the_whole_package():
    mypy = PYPROJECT["tool"]["mypy"]
    assert mypy["files"] == ["brass_judge"]
    assert mypy.get("warn_unused_ignores") is True
    assert (REPO / "brass_judge" / "py.typed").is_file()


def test_the_shared_engine_and_rules_object_are_strict():
    overrides = PYPROJECT["tool"]["mypy"].get("overrides", [])
    strict = [o for o in overrides if all(o.get(flag) is True for flag in STRICT_FLAGS)]
    assert strict, "no [[tool.mypy.overrides]] turns on every --strict flag"
    modules = {m for o in strict for m in ([o["module"]] if isinstance(o["module"], str) else o["module"])}
    for module in (
        "brass_judge.model",
        "brass_judge.rules",
        "brass_judge.verdict",
        "brass_judge.engine.links",
    ):
        assert module in modules or "brass_judge.engine.*" in modules, f"{module} is not typed strictly"
    for module in modules:
        path = REPO / (module.removesuffix(".*").replace(".", "/"))
        assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), (
            f"the strict override names {module}, which is no module"
        )
