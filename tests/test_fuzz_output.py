"""Fuzzing the output boundary (issue 13): output paths, lint folders and hostile names.

Hypothesis draws

* **output paths**: every writing option (``check --apply --out``, ``check --render``,
  ``render -o``, ``replay --at --out``, ``replay --render-dir``, ``selfplay -o``) crossed with a
  target (the same file as an input, a symlink or hard link to it, a folder, a missing or
  read-only folder, ``/dev/full``, a dangling symlink, a new or an existing file, ``-``) and,
  sometimes, a write that fails midway. Whatever happens: exit 0, 1 or 2 with no exception; no
  input changed (but the carry-forward ``check POS --apply --out POS``); no temporary file left;
  a file written is complete (YAML or XML that parses), a file not written is as it was;
* **lint folders** (every report format): trees of good and bad files, near-miss keys, non-YAML files, dangling links,
  looping links, FIFOs, unreadable folders and files whose check crashes (monkeypatched). Every
  such entry must be a finding with its path, in all four formats, no FIFO may be opened, and the
  exit code is 2 exactly when something could not be checked;
* **hostile names**: player names and titles drawn from control, invisible and ordinary
  characters, through check (text, JSON, SVG), moves and lint (text, github, sarif, json): no
  escape character reaches the output, no line starts a workflow command, JSON and SVG parse.

All in-process through ``brass_judge.cli.run``. Deterministic by default, like test_fuzz.py
(``BRASS_FUZZ_EXAMPLES`` explores); ``-s`` prints the counts of cases and outcomes.
"""

from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import stat
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
import yaml

hypothesis = pytest.importorskip("hypothesis")
from conftest import EXAMPLES  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

POS = EXAMPLES / "worked-turn" / "position.yaml"
TURN = EXAMPLES / "worked-turn" / "turn.yaml"
GAME = EXAMPLES / "games" / "opening-2p.yaml"
BAD_GAME = EXAMPLES / "games" / "bad-illegal-build.yaml"

COUNTS: Counter = Counter()
N = int(os.environ.get("BRASS_FUZZ_EXAMPLES", "150"))
EXPLORE = "BRASS_FUZZ_EXAMPLES" in os.environ
FUZZ = settings(
    max_examples=max(20, N // 3),
    deadline=None,
    derandomize=not EXPLORE,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def cli(capsys, *args):
    from brass_judge.cli import run

    code = run([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


# ---------------------------------------------------------------------------- output paths
#: writer -> (argument template, the kind of file written)
WRITERS = {
    "check-out": (["check", "{pos}", "{turn}", "--apply", "--out", "{x}"], "yaml"),
    "check-render": (["check", "{pos}", "{turn}", "--render", "{x}"], "svg"),
    "render": (["render", "{pos}", "-o", "{x}"], "svg"),
    "replay-out": (["replay", "{game}", "--at", "4", "--out", "{x}"], "yaml"),
    "replay-render-dir": (["replay", "{game}", "--render-dir", "{x}"], "dir"),
    "selfplay": (["selfplay", "-o", "{x}"], "yaml"),
}
TARGETS = [
    "same-pos",
    "same-turn",
    "same-game",
    "symlink-pos",
    "symlink-game",
    "hardlink-pos",
    "hardlink-turn",
    "existing-dir",
    "missing-dir",
    "readonly-dir",
    "dev-full",
    "dangling-link",
    "new-file",
    "existing-file",
    "dash",
]


def _make_target(work: Path, target: str) -> Path | str:
    if target.startswith("same-"):
        return work / f"{target[5:]}.yaml"
    if target.startswith("symlink-"):
        os.symlink(f"{target[8:]}.yaml", work / "link.yaml")
        return work / "link.yaml"
    if target.startswith("hardlink-"):
        os.link(work / f"{target[9:]}.yaml", work / "hard.yaml")
        return work / "hard.yaml"
    if target == "existing-dir":
        (work / "adir").mkdir()
        return work / "adir"
    if target == "missing-dir":
        return work / "no" / "such" / "x"
    if target == "readonly-dir":
        (work / "ro").mkdir()
        (work / "ro").chmod(0o555)
        return work / "ro" / "x"
    if target == "dev-full":
        return Path("/dev/full")
    if target == "dangling-link":
        os.symlink("elsewhere.out", work / "dangling.out")
        return work / "dangling.out"
    if target == "existing-file":
        (work / "old.out").write_text("old content\n")
        return work / "old.out"
    if target == "dash":
        return "-"
    return work / "new.out"


@FUZZ
@given(
    writer=st.sampled_from(sorted(WRITERS)),
    target=st.sampled_from(TARGETS),
    fail=st.sampled_from([None, None, "midway", "fsync", "replace"]),
)
def test_fuzz_output_paths(capsys, monkeypatch, writer, target, fail):
    import brass_judge.output as O

    if target == "dev-full" and not os.path.exists("/dev/full"):
        return
    COUNTS[("output-paths", "cases")] += 1
    with tempfile.TemporaryDirectory() as tmp, monkeypatch.context() as mp:
        work = Path(tmp)
        mp.chdir(work)  # a file or folder named '-' would show up here
        for src, name in ((POS, "pos.yaml"), (TURN, "turn.yaml"), (GAME, "game.yaml")):
            (work / name).write_text(src.read_text())
        x = _make_target(work, target)
        if target == "readonly-dir" and ROOT:  # root writes anywhere: simulate the refusal
            mp.setattr(
                tempfile,
                "mkstemp",
                lambda *a, **k: (_ for _ in ()).throw(PermissionError(errno.EACCES, "Permission denied")),
            )
        if fail == "midway":

            def half(fh, data):
                fh.write(data[: len(data) // 2])
                raise OSError(errno.ENOSPC, "No space left on device")

            mp.setattr(O, "_write_all", half)
        elif fail == "fsync":
            mp.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.EIO, "I/O error")))
        elif fail == "replace":
            mp.setattr(
                os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(errno.EXDEV, "cross-device"))
            )
        inputs = {n: work / f"{n}.yaml" for n in ("pos", "turn", "game")}
        mine = {n for n in inputs if "{" + n + "}" in WRITERS[writer][0]}  # this command's inputs
        before = {n: digest(p) for n, p in inputs.items()}
        existing = x.read_bytes() if isinstance(x, Path) and x.is_file() and not x.is_symlink() else None
        args, kind = WRITERS[writer]
        argv = [a.format(x=x, **inputs) for a in args]
        try:
            code, out, err = cli(capsys, *argv)
        finally:
            if target == "readonly-dir":
                (work / "ro").chmod(0o755)
        COUNTS[("output-paths", f"exit {code}")] += 1
        assert code in (0, 1, 2), (argv, code, err)
        assert "Traceback" not in err
        if code == 2:
            assert err.startswith("error[INP"), err
            COUNTS[("output-paths", err[6:12])] += 1
        carry = writer == "check-out" and target in ("same-pos", "symlink-pos", "hardlink-pos")
        changed = {n for n, p in inputs.items() if digest(p) != before[n]} & mine
        if carry and code == 0 and target != "hardlink-pos":
            assert changed == {"pos"}
            yaml.safe_load(inputs["pos"].read_text())
        else:
            assert not changed, (argv, changed, err)
        leftovers = [p for p in work.rglob(".*.tmp")]
        assert not leftovers, leftovers
        if isinstance(x, Path) and code != 0 and existing is not None:
            assert x.read_bytes() == existing
        if code == 0 and isinstance(x, Path) and x.exists() and not str(x).startswith("/dev/"):
            if kind == "yaml":
                assert isinstance(yaml.safe_load(x.read_text()), dict)
            elif kind == "svg":
                ET.parse(x)
            elif kind == "dir":
                for p in x.glob("*.svg"):
                    ET.parse(p)
        assert not (work / "-").exists(), argv
        if code == 0 and target == "dash":
            assert not (work / "-").exists()
            if kind == "yaml":
                yaml.safe_load(out)
            elif kind == "svg":
                ET.fromstring(out.encode())


# ---------------------------------------------------------------------------- lint folders
ENTRIES = [
    "good-pos",
    "bad-game",
    "near-miss",
    "not-yaml",
    "skipped",
    "dangling",
    "loop-dir",
    "loop-file",
    "fifo",
    "unreadable",
    "crash",
    "bad-yaml",
]
NEAR = ["Turns: []\n", "player: {}\n", "Setup: {}\n", "ACTION: pass\n", "Players: {}\n"]
#: entries that cannot be checked (exit 2) and the code each must give
UNCHECKABLE = {
    "dangling": "INP092",
    "loop-dir": "INP092",
    "loop-file": "INP092",
    "fifo": "INP092",
    "unreadable": "INP092",
    "crash": "INP091",
    "near-miss": "INP093",
    "bad-yaml": "INP",
}


def _build(tree: Path, entries: list, near: str) -> dict:
    """Make *entries* under *tree* (some in a sub-folder); returns name -> path of each."""
    made = {}
    for i, (kind, deep) in enumerate(entries):
        d = tree / "sub" if deep else tree
        d.mkdir(exist_ok=True)
        name = f"e{i}-{kind}"
        if kind == "good-pos":
            p = d / f"{name}.yaml"
            p.write_text(POS.read_text())
        elif kind == "bad-game":
            p = d / f"{name}.yml"
            p.write_text(BAD_GAME.read_text())
        elif kind == "near-miss":
            p = d / f"{name}.yaml"
            p.write_text(near)
        elif kind == "not-yaml":
            p = d / f"{name}.txt"
            p.write_text("Turns: []\n")
        elif kind == "skipped":
            p = d / f"{name}.yaml"
            p.write_text("colour: blue\n")
        elif kind == "dangling":
            p = d / f"{name}.yaml"
            os.symlink("nowhere.yaml", p)
        elif kind == "loop-dir":
            p = d / name
            os.symlink(".", p)
        elif kind == "loop-file":
            p = d / f"{name}.yaml"
            os.symlink(p.name, p)
        elif kind == "fifo":
            p = d / f"{name}.yaml"
            os.mkfifo(p)
        elif kind == "unreadable":
            p = d / f"{name}-locked"
            p.mkdir()
            (p / "inside.yaml").write_text(POS.read_text())
        elif kind == "crash":
            p = d / f"{name}.yaml"
            p.write_text(POS.read_text())
        else:
            p = d / f"{name}.yaml"
            p.write_text("players: [unclosed\n")
        made[name] = (kind, p)
    return made


def _no_fifo_opens(mp):
    """Make opening a FIFO fail loudly (it would block for ever)."""
    real_io, real_os = io.open, os.open

    def check(path):
        try:
            if isinstance(path, (str, bytes, os.PathLike)) and stat.S_ISFIFO(os.stat(path).st_mode):
                raise AssertionError(f"a FIFO was opened: {path}")
        except OSError:
            pass

    def io_open(file, *a, **k):
        check(file)
        return real_io(file, *a, **k)

    def os_open(path, *a, **k):
        check(path)
        return real_os(path, *a, **k)

    mp.setattr(io, "open", io_open)
    mp.setattr(os, "open", os_open)


@FUZZ
@given(
    entries=st.lists(st.tuples(st.sampled_from(ENTRIES), st.booleans()), min_size=1, max_size=7),
    near=st.sampled_from(NEAR),
    fmt=st.sampled_from(["text", "json", "sarif", "github", "junit", "gitlab", "json-lines"]),
    jobs=st.sampled_from(["1", "1", "2", "300"]),
)
def test_fuzz_lint_folders(capsys, monkeypatch, entries, near, fmt, jobs):
    import brass_judge.lint as L

    COUNTS[("lint-folders", "cases")] += 1
    with tempfile.TemporaryDirectory() as tmp, monkeypatch.context() as mp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        made = _build(tree, entries, near)
        real_scandir, real_position = os.scandir, L._lint_position

        def scandir(path="."):
            if os.fspath(path).endswith("-locked"):
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
            return real_scandir(path)

        def lint_position(doc, root, rep):
            if "-crash" in rep.file:
                raise ZeroDivisionError("simulated bug")
            return real_position(doc, root, rep)

        mp.setattr(os, "scandir", scandir)
        mp.setattr(L, "_lint_position", lint_position)
        # workers would not see these patches under every start method: one process here
        mp.setattr(L, "_cpu_count", lambda: 1)
        _no_fifo_opens(mp)
        code, out, err = cli(capsys, "lint", tree, "--format", "json")
        fmt_code, fmt_out, fmt_err = cli(capsys, "lint", tree, "--format", fmt, "-j", jobs)
    COUNTS[("lint-folders", f"exit {code}")] += 1
    assert "Traceback" not in err + fmt_err
    assert fmt_code == code
    d = json.loads(out)
    kinds = {k for k, _ in made.values()}
    by_file: dict = {}
    for f in d["findings"]:
        by_file.setdefault(os.path.basename(f["file"].rstrip("/")), []).append(f["code"])
    for name, (kind, p) in made.items():
        if kind in UNCHECKABLE:
            codes = by_file.get(p.name, [])
            assert any(c.startswith(UNCHECKABLE[kind]) for c in codes), (name, kind, by_file)
            COUNTS[("lint-folders", kind)] += 1
        if kind in ("good-pos", "skipped", "not-yaml"):
            assert not by_file.get(p.name), (name, by_file)
    assert not any("a FIFO was opened" in f["message"] for f in d["findings"])
    nothing = kinds <= {"not-yaml"}  # no YAML file at all: INP076
    assert code == (2 if kinds & set(UNCHECKABLE) or nothing else 1 if "bad-game" in kinds else 0), (
        kinds,
        d["findings"],
    )
    if code:
        assert fmt_out.strip(), "findings but an empty report"
    if fmt in ("json", "sarif", "gitlab"):
        json.loads(fmt_out)
    if fmt == "json-lines":
        [json.loads(line) for line in fmt_out.splitlines()]
    if fmt == "junit":
        ET.fromstring(fmt_out.encode("utf-8"))
    if fmt == "github":
        assert all(line.startswith("::error ") for line in fmt_out.splitlines())


# ---------------------------------------------------------------------------- hostile names
WEIRD = (
    "\x00\x01\x07\x08\t\n\r\x1b\x7f\x85\x9b\u00ad\u061c\u200b\u200e\u2028\u2029\u202a\u202e\u2066\ufeff\ufffe"
)
NAME = (
    st.lists(
        st.sampled_from(list(WEIRD) + list("ab:[]%#,é£中 ") + ["::error::", "\x1b[31m"]),
        min_size=1,
        max_size=10,
    )
    .map(lambda s: "p" + "".join(s))
    .filter(lambda s: s.strip() == s and len(s) <= 40)
)
FORBIDDEN = [c for c in WEIRD if c != "\n"]  # a newline in a name shows as \n: no line starts with it


def _inert(text: str, github: bool = False) -> None:
    for c in FORBIDDEN:
        assert c not in text, (repr(c), text[:300])
    for line in text.split("\n"):
        if line.startswith("::"):
            assert github and line.startswith("::error file="), line


def _rename(obj, old, new):
    if isinstance(obj, dict):
        return {(new if k == old else k): _rename(v, old, new) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_rename(x, old, new) for x in obj]
    return new if obj == old else obj


@settings(FUZZ, max_examples=max(10, N // 10))
@given(name=NAME, title=NAME)
def test_fuzz_hostile_names(capsys, name, title):
    COUNTS[("hostile-names", "cases")] += 1
    pos = yaml.safe_load(POS.read_text())
    pos["tiles"] = [
        {"owner": "green", "industry": "cotton_mill", "level": 1, "location": t.split("@")[1]}
        if t.startswith("green ")
        else t
        for t in pos["tiles"]
    ]
    game = yaml.safe_load(BAD_GAME.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "p.yaml").write_text(yaml.safe_dump(_rename(pos, "green", name)))
        (t / "g.yaml").write_text(yaml.safe_dump(_rename(game, "red", name)))
        runs = [
            ("check", ["check", t / "p.yaml", "--action", "pass card=wigan"]),
            ("check-json", ["check", t / "p.yaml", "--action", "pass card=wigan", "--format", "json"]),
            ("check-svg", ["check", t / "p.yaml", "--action", "pass card=wigan", "--render", t / "c.svg"]),
            ("render", ["render", t / "p.yaml", "-o", t / "r.svg", "--title", title]),
            ("moves", ["moves", t / "p.yaml", "--type", "pass,loan"]),
            ("validate", ["validate", t / "p.yaml"]),
            ("replay", ["replay", t / "g.yaml", "--keep-going"]),
        ] + [
            (f"lint-{f}", ["lint", t / "g.yaml", t / "p.yaml", "--format", f])
            for f in ("text", "json", "sarif", "github", "junit", "gitlab", "json-lines")
        ]
        for label, argv in runs:
            code, out, err = cli(capsys, *argv)
            COUNTS[("hostile-names", f"{label} exit {code}")] += 1
            assert code in (0, 1, 2) and "Traceback" not in err
            _inert(out, github=label == "lint-github")
            _inert(err)
            if label in ("check-json", "lint-json", "lint-sarif", "lint-gitlab"):
                json.loads(out)
            if label == "lint-junit":
                ET.fromstring(out.encode("utf-8"))
        for svg in ("c.svg", "r.svg"):
            if (t / svg).exists():
                ET.parse(t / svg)
                _inert((t / svg).read_text().replace("\t", " "))


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    if COUNTS:
        tests = sorted({t for t, _ in COUNTS})
        lines = ["", "output fuzz cases (test: cases; outcomes):"]
        for t in tests:
            outs = {k: v for (tt, k), v in COUNTS.items() if tt == t and k != "cases"}
            lines.append(
                f"  {t}: {COUNTS[(t, 'cases')]}; " + ", ".join(f"{k} {v}" for k, v in sorted(outs.items()))
            )
        sys.stdout.write("\n".join(lines) + "\n")
