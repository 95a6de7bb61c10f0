"""Every example a user is shown runs: the fenced ``sh``/``console`` commands, the YAML position and
notation examples of README.md and docs/*.md, and the examples in each command's ``--help``.

How examples are found (so that new ones are picked up without touching this file):

* a fenced block tagged ``sh``, ``shell``, ``bash`` or ``console``: each command line (``$ `` lines
  in a ``console`` block) is split on ``&&``; every ``brass-judge ...`` part (also
  ``.venv/bin/brass-judge``) runs in process in a temporary folder holding a copy of ``examples/``
  and ``tests/bad_inputs``, so files they write go there. Set-up parts (venv, pip, pytest) are
  skipped. Placeholder file names (``POSITION.yaml``, ``GAME.yaml``, ``pos.yaml``, ...) stand for
  the shipped files in :data:`PLACEHOLDERS`; ``pos.yaml`` is the README's sample position.
* a fenced ``yaml`` block: a position (it has ``players:``/``tiles:``) must be a valid position; a
  game log (``turns:``) must replay; any other must parse. A block holding ``...`` is a schematic
  (a field-by-field outline, not a file) and is skipped.
* a fenced ``python`` block runs when it defines every name it uses (one that reads ``position``
  or a ``choose`` policy it does not define is a fragment and is skipped, saying which names).
* an untagged fenced block whose every line starts with an action word (``build``, ``sell``...):
  notation; each line (optional ``[...]`` parts dropped) is judged on the README's sample position.
* ``--help``: a whole command quoted in any help text (``'brass-judge schema game'``) runs; the
  notation examples quoted in ``check --help`` are judged on the worked-turn position, and the
  example values given in option and argument help (``e.g.``, quoted names) are
  run through their command (see :data:`HELP_EXAMPLES`). A help text that shows examples this file
  does not know how to run fails :func:`test_every_help_example_is_covered`.

An example *runs* when it exits 0 or 1 (legal/illegal, clean/findings): never 2 (unusable input)
and never a traceback. Failures name the file, line and command and show the output.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLES, REPO
from typer.testing import CliRunner

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
NOTATION_WORDS = ("build", "network", "develop", "sell", "loan", "pass")
#: placeholder names used in the docs -> the shipped file each stands for (relative to the repo)
PLACEHOLDERS = {
    "POSITION.yaml": "examples/worked-turn/position.yaml",
    "POS.yaml": "examples/worked-turn/position.yaml",
    "TURN.yaml": "examples/worked-turn/turn.yaml",
    "GAME.yaml": "examples/games/opening-2p.yaml",
    "changes.yaml": "examples/render/midgame-highlight.yaml",
    "pos.yaml": None,  # the README's sample position (written into the folder by the test)
}


@dataclass
class Example:
    file: str  #: repo-relative path of the document
    line: int  #: 1-based line of the example in it
    kind: str  #: "command", "yaml" or "notation"
    text: str
    lines: tuple = ()  #: a command block: (line number, command line) of each command

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


def _fenced_blocks(path: Path):
    """(tag, first line number of the content, content lines) of each fenced block of *path*."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+|~~~+)\s*([\w+-]*)", lines[i])
        if not m:
            i += 1
            continue
        fence, tag, start = m.group(2), m.group(3).lower(), i + 2
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        i += 1
        yield tag, start, body


def _examples() -> list:
    out = []
    for path in DOCS:
        rel = str(path.relative_to(REPO))
        for tag, start, body in _fenced_blocks(path):
            if tag in ("sh", "shell", "bash", "console"):
                # one example per block: its lines run in order in one folder (a later line may
                # use a file an earlier one wrote)
                lines = []
                for k, line in enumerate(body):
                    text = line.strip()
                    if tag == "console":
                        if not text.startswith("$ "):
                            continue
                        text = text[2:]
                    if text and not text.startswith("#"):
                        lines.append((start + k, text))
                if lines:
                    out.append(Example(rel, lines[0][0], "command", "\n".join(t for _, t in lines), lines))
            elif tag in ("yaml", "yml"):
                out.append(Example(rel, start, "yaml", "\n".join(body)))
            elif tag in ("python", "py"):
                out.append(Example(rel, start, "python", "\n".join(body)))
            elif tag == "":
                words = [ln.split()[0] for ln in body if ln.strip()]
                if words and all(w in NOTATION_WORDS for w in words):
                    for k, line in enumerate(body):
                        if line.strip():
                            out.append(Example(rel, start + k, "notation", line))
    return out


EXAMPLES_FOUND = _examples()


def _readme_position() -> str:
    for ex in EXAMPLES_FOUND:
        if ex.file == "README.md" and ex.kind == "yaml" and "tiles:" in ex.text:
            return ex.text
    raise AssertionError("README.md has no sample position (a ```yaml block with tiles:) any more")


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """A folder with a copy of the shipped examples (commands may write files next to them)."""
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    shutil.copytree(REPO / "tests" / "bad_inputs", tmp_path / "tests" / "bad_inputs")
    (tmp_path / "pos.yaml").write_text(_readme_position(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    return tmp_path


def _invoke(argv: list, where: str):
    """Run ``brass-judge *argv*`` in process; fail with *where* and the output unless it exits 0/1."""
    from brass_judge.cli import app

    result = CliRunner().invoke(app, argv, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        tb = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"{where}\n  `brass-judge {shlex.join(argv)}` crashed:\n{tb}")
    assert result.exit_code in (0, 1), (
        f"{where}\n  `brass-judge {shlex.join(argv)}` exited {result.exit_code} (2 = unusable input):\n"
        f"{result.output[-3000:]}"
    )
    return result


def _commands(text: str) -> list:
    """The brass-judge argument lists of one shell line (parts joined by && or ;)."""
    out = []
    for part in re.split(r"&&|;(?=\s)", text):
        try:
            words = shlex.split(part, comments=True)
        except ValueError as exc:
            raise AssertionError(f"cannot split {part!r}: {exc}")
        if not words:
            continue
        exe = os.path.basename(words[0])
        if exe != "brass-judge":
            continue  # python3 -m venv, pip install, pytest: the set-up, not an example
        args = words[1:]
        if ">" in args:  # a redirection: the output goes nowhere in process
            args = args[: args.index(">")]
        args = [PLACEHOLDERS.get(a) or a for a in args]
        out.append(args)
    return out


PYTHON_EXAMPLES = [e for e in EXAMPLES_FOUND if e.kind == "python"]
COMMAND_EXAMPLES = [e for e in EXAMPLES_FOUND if e.kind == "command"]
YAML_EXAMPLES = [e for e in EXAMPLES_FOUND if e.kind == "yaml"]
NOTATION_EXAMPLES = [e for e in EXAMPLES_FOUND if e.kind == "notation"]


def test_examples_are_found():
    # the extraction itself: if the docs are reorganised, this says so instead of testing nothing
    assert sum(len(e.lines) for e in COMMAND_EXAMPLES) >= 10, [str(e) for e in COMMAND_EXAMPLES]
    assert any(e.file == "README.md" for e in YAML_EXAMPLES)
    assert len(NOTATION_EXAMPLES) >= 5


@pytest.mark.parametrize("ex", COMMAND_EXAMPLES, ids=str)
def test_command_example_runs(ex, sandbox):
    for line, text in ex.lines:
        for argv in _commands(text):
            r = _invoke(argv, f"{ex.file}:{line}: {text}")
            if argv[:1] == ["check"] and "--apply" in argv:
                # an example of carrying a position forward must carry it forward
                assert r.exit_code == 0, (
                    f"{ex.file}:{line}: {text}\n  is illegal, so writes nothing:\n{r.output}"
                )


@pytest.mark.parametrize("ex", YAML_EXAMPLES, ids=str)
def test_yaml_example_is_usable(ex, sandbox):
    if re.search(r"(^|[\s\[{,:])\.\.\.([\s\]},]|$)", ex.text):
        pytest.skip("a schematic (holds '...'), not a file")
    try:
        doc = yaml.safe_load(ex.text)
    except yaml.YAMLError as exc:
        raise AssertionError(f"{ex}: a yaml example\n  is not YAML: {exc}")
    if not isinstance(doc, dict):
        return
    f = sandbox / "example.yaml"
    f.write_text(ex.text, encoding="utf-8")
    if "turns" in doc:
        _invoke(["replay", str(f)], f"{ex}: a game log example")
    elif "players" in doc or "tiles" in doc:
        r = _invoke(["validate", str(f)], f"{ex}: a position example")
        assert r.exit_code == 0, f"{ex}: the sample position is not valid:\n{r.output}"


@pytest.mark.parametrize("ex", NOTATION_EXAMPLES, ids=str)
def test_notation_example_judges(ex, sandbox):
    text = re.sub(r"\[[^\]]*\]", "", ex.text.split("#")[0]).strip()
    _invoke(
        ["check", "pos.yaml", "--action", text], f"{ex}: {ex.text.strip()} (on the README's sample position)"
    )


def _free_names(tree) -> set:
    """Names a snippet reads but never defines (nor imports), builtins aside."""
    import ast
    import builtins

    stored, loaded = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (stored if isinstance(node.ctx, ast.Store) else loaded).add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            stored.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            stored.add(node.name)
        elif isinstance(node, ast.arg):
            stored.add(node.arg)
    return loaded - stored - set(dir(builtins))


@pytest.mark.parametrize("ex", PYTHON_EXAMPLES, ids=str)
def test_python_example_runs(ex, sandbox):
    import ast

    try:
        tree = ast.parse(ex.text)
    except SyntaxError as exc:
        raise AssertionError(f"{ex}: a python example that is not Python: {exc}")
    free = _free_names(tree)
    if free:
        pytest.skip(f"a fragment: uses {', '.join(sorted(free))}, which it does not define")
    try:
        exec(compile(tree, str(ex), "exec"), {"__name__": "doc_example"})
    except Exception as exc:  # noqa: BLE001 - any failure of a shown example is a test failure
        import traceback

        raise AssertionError(f"{ex}: the python example fails:\n{traceback.format_exc()}") from exc


# ------------------------------------------------------------------------------ --help examples
def _help_texts() -> dict:
    """{(command path, parameter name or ''): help text} for every command of the CLI."""
    import typer

    from brass_judge.cli import app

    out = {}

    def walk(c, path):
        if hasattr(c, "commands"):  # a group: its own help too (brass-judge --help, rulings --help)
            out[(" ".join(path), "")] = c.help or ""
            for name, sub in c.commands.items():
                walk(sub, path + (name,))
            return
        out[(" ".join(path), "")] = c.help or ""
        for p in c.params:
            if getattr(p, "help", None):
                out[(" ".join(path), p.name)] = p.help

    walk(typer.main.get_command(app), ())
    return out


def _quoted(text: str) -> list:
    return [" ".join((a or b).split()) for a, b in re.findall(r"'([^']+)'|\"([^\"]+)\"", text)]


def _after_eg(text: str) -> list:
    m = re.search(r"\(e\.g\. ([^)]*)\)", text)
    return [w.strip() for w in m.group(1).split(",")] if m else []


WT = "examples/worked-turn/position.yaml"
#: Brass: Birmingham's worked turn, for the Birmingham examples of ``check --help``
BWT = "examples/birmingham/worked-turn/position.yaml"


def _check_example_position(q: str) -> str:
    """The position a notation example of ``check --help`` is judged on: Birmingham's worked turn
    for the examples after the help's "Brass: Birmingham examples", else Lancashire's."""
    text = _help_texts()[("check", "")]
    return BWT if q in _quoted(text.partition("Brass: Birmingham examples")[2]) else WT


#: (command, parameter) whose help shows examples -> (how to pick them, how to run one)
HELP_EXAMPLES = {
    ("check", ""): (
        lambda t: [q for q in _quoted(t) if q.split()[0] in NOTATION_WORDS],
        lambda q: ["check", _check_example_position(q), "--action", q],
    ),
    ("check", "shortfall"): (
        lambda t: re.findall(r"e\.g\. (\S+?=\S+)", t),
        lambda q: [
            "check",
            "examples/shortfall/round-end.yaml",
            "--action",
            "pass card=wigan",
            "--apply",
            "--out",
            "next.yaml",
            "--shortfall",
            q,
        ],
    ),
    ("rulings search", "query"): (_quoted, lambda q: ["rulings", "search", q]),
    ("rulings list", "topic"): (_after_eg, lambda q: ["rulings", "list", "--topic", q]),
    ("data location", "name"): (_quoted, lambda q: ["data", "location", q]),
    ("codes show", "code"): (lambda t: re.findall(r"[\w-]+(?=[,)])", t), lambda q: ["codes", "show", q]),
    ("rulings show", "ruling_id"): (
        lambda t: re.findall(r"\b[Qq]?\d+\b", t),
        lambda q: ["rulings", "show", q],
    ),
}
HELP_MARKERS = re.compile(r"e\.g\.|examples?:|forgiving:|\(\w+\d+, ", re.I)


def _help_commands(text: str) -> list:
    """Whole commands quoted in a help text: 'brass-judge schema game' or `brass-judge ...`."""
    return [q for q in re.findall(r"['`\"](brass-judge [^'`\"]+)['`\"]", text)]


def _help_cases() -> list:
    texts = _help_texts()
    cases = []
    for (cmd, param), text in texts.items():
        for q in _help_commands(text):
            cases.append(pytest.param((cmd, param), shlex.split(q)[1:], id=f"{cmd}:{q}"))
    for key, (pick, run) in HELP_EXAMPLES.items():
        assert key in texts, f"the help of `{' '.join(key)}` is gone: update HELP_EXAMPLES in {__file__}"
        for q in pick(texts[key]):
            cases.append(pytest.param(key, run(q), id=f"{key[0]}:{q}"))
    return cases


def test_every_help_example_is_covered():
    missing = [
        f"`brass-judge {cmd} --help`, {param or 'the description'}: {text!r}"
        for (cmd, param), text in _help_texts().items()
        if HELP_MARKERS.search(text) and (cmd, param) not in HELP_EXAMPLES
    ]
    assert not missing, (
        "help texts show examples this test does not run; add them to HELP_EXAMPLES:\n  "
        + "\n  ".join(missing)
    )


@pytest.mark.parametrize("key,argv", _help_cases())
def test_help_example_runs(key, argv, sandbox):
    _invoke(argv, f"`brass-judge {key[0]} --help` ({key[1] or 'description'}) shows {argv[-1]!r}")
