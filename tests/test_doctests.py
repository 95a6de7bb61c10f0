"""The Python examples a reader is shown run as doctests: the ``>>>`` examples in the package
docstring and the facade's, registry's and notation's modules, and every fenced ``pycon`` block
of README.md and docs/*.md (run from the repository root, so the shipped example files resolve).

(The fenced ``python`` blocks of the docs run in tests/test_doc_examples.py.)
"""

from __future__ import annotations

import doctest
import importlib
import os
import re

import pytest
from conftest import REPO

MODULES = ["brass_judge", "brass_judge.facade", "brass_judge.actions", "brass_judge.notation"]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_FENCE = re.compile(r"^```pycon\n(.*?)^```", re.M | re.S)


def _blocks() -> list:
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in _FENCE.finditer(text):
            line = text.count("\n", 0, m.start()) + 2
            out.append(pytest.param(path, line, m.group(1), id=f"{path.relative_to(REPO)}:{line}"))
    return out


@pytest.fixture
def at_repo():
    old = os.getcwd()
    os.chdir(REPO)
    try:
        yield
    finally:
        os.chdir(old)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name, at_repo):
    mod = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    tests = [t for t in finder.find(mod, name) if t.examples]
    if name == "brass_judge":
        assert tests, "the package docstring shows an example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for t in tests:
        runner.run(t)
    assert runner.failures == 0, f"{runner.failures} doctest failure(s) in {name} (see the output above)"


def test_readme_has_doctests():
    assert any(p.values[0].name == "README.md" for p in _blocks())


@pytest.mark.parametrize(("path", "line", "text"), _blocks())
def test_doc_doctests(path, line, text, at_repo):
    parser = doctest.DocTestParser()
    t = parser.get_doctest(text, {}, f"{path.name}:{line}", str(path), line - 1)
    assert t.examples
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(t)
    assert runner.failures == 0, (
        f"{path.name}:{line}: {runner.failures} doctest failure(s) (see the output above)"
    )
