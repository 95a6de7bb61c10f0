"""Issue 13, the output half: folder lint that reports everything, files written atomically and
never over an input, stdout that fails cleanly, and output that no user string can inject into.

One regression test per class, through the CLI: in-process (``brass_judge.cli.run``, so that a
test can monkeypatch a failure) or as a subprocess where a stream or standard input matters.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLES, REPO

POS = EXAMPLES / "worked-turn" / "position.yaml"
TURN = EXAMPLES / "worked-turn" / "turn.yaml"
GAME = EXAMPLES / "games" / "opening-2p.yaml"
BAD_GAME = EXAMPLES / "games" / "bad-illegal-build.yaml"

#: a player name that tries every trick: a newline starting a GitHub workflow command, an ANSI
#: escape, a bidi override, a line separator, C1 and DEL
HOSTILE = "gr\n::error file=pwn.yaml::pwned\x1b[31m\u202e\u2028\x85\x7f\r::warning::x"
HOSTILE_SHORT = "r\n::error file=pwn.yaml::\x1b[1m\u202e\u2028\x85\x7f\r"  # game logs: 40 at most
LINT_FORMATS = ("text", "json", "sarif", "github")
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def cli(capsys, *args):
    """Run the CLI in this process; returns (exit code, stdout, stderr)."""
    from brass_judge.cli import run

    code = run([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def sub(*args, input=None, env=None, stdout=subprocess.PIPE, timeout=60, cwd=None):
    e = dict(os.environ, COLUMNS="120")
    e.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "brass_judge", *map(str, args)],
        input=input,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=timeout,
        env=e,
        cwd=cwd or REPO,
    )


def digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def no_traceback(err: str) -> None:
    assert "Traceback" not in err, err


def parse(fmt: str, out: str):
    if fmt in ("json", "sarif"):
        return json.loads(out)
    return out


# ---------------------------------------------------------------------------- folder lint
@pytest.fixture
def folder(tmp_path):
    """A folder with one good-but-findings game log, one clean position and one action file."""
    d = tmp_path / "lint"
    d.mkdir()
    (d / "game.yaml").write_text(BAD_GAME.read_text())
    (d / "pos.yaml").write_text(POS.read_text())
    (d / "turn.yaml").write_text(TURN.read_text())
    return d


def codes_of(out: str) -> list:
    return [f["code"] for f in json.loads(out)["findings"]]


@pytest.mark.parametrize("fmt", LINT_FORMATS)
def test_lint_a_crashing_file_is_a_finding_and_the_run_goes_on(capsys, monkeypatch, folder, fmt):
    import brass_judge.lint as L

    real = L._lint_position

    def boom(doc, root, rep):
        if rep.file.endswith("pos.yaml"):
            raise KeyError("simulated bug")
        return real(doc, root, rep)

    monkeypatch.setattr(L, "_lint_position", boom)
    code, out, err = cli(capsys, "lint", folder, "--format", fmt)
    no_traceback(err)
    assert code == 2
    parsed = parse(fmt, out)
    assert out.strip(), "empty output"
    if fmt == "json":
        assert "INP091" in codes_of(out) and "BLD002" in codes_of(out)
    elif fmt == "sarif":
        ids = [r["ruleId"] for r in parsed["runs"][0]["results"]]
        assert "INP091" in ids and "BLD002" in ids
    else:
        assert "INP091" in out and "BLD002" in out and "pos.yaml" in out


def test_lint_a_crash_of_lint_file_itself_is_caught(capsys, monkeypatch, folder):
    import brass_judge.lint as L

    real = L.lint_file
    monkeypatch.setattr(
        L,
        "lint_file",
        lambda f: (_ for _ in ()).throw(RecursionError("deep")) if f.endswith("turn.yaml") else real(f),
    )
    code, out, err = cli(capsys, "lint", folder, "--format", "json")
    assert code == 2 and codes_of(out).count("INP091") == 1 and "BLD002" in codes_of(out)


def _walk_problems(tmp_path) -> Path:
    d = tmp_path / "tree"
    (d / "sub").mkdir(parents=True)
    (d / "ok.yaml").write_text(POS.read_text())
    os.symlink("nowhere.yaml", d / "dangling.yaml")
    os.symlink("..", d / "sub" / "up")  # a folder loop
    os.symlink("b.yaml", d / "a.yaml")  # a file loop
    os.symlink("a.yaml", d / "b.yaml")
    os.mkfifo(d / "pipe.yaml")
    return d


@pytest.mark.parametrize("fmt", LINT_FORMATS)
def test_lint_reports_loops_dangling_links_and_fifos_without_opening_them(tmp_path, fmt):
    d = _walk_problems(tmp_path)
    r = sub("lint", d, "--format", fmt, timeout=30)  # a FIFO opened would block for ever
    err = r.stderr.decode()
    no_traceback(err)
    assert r.returncode == 2
    out = r.stdout.decode()
    parse(fmt, out)
    for name in ("dangling.yaml", "up", "a.yaml", "b.yaml", "pipe.yaml"):
        assert name in out, (name, out)
    assert out.count("INP092") >= 5 if fmt != "sarif" else True
    if fmt == "github":
        assert all(line.startswith("::error ") for line in out.splitlines())


def test_lint_reports_an_unreadable_folder(capsys, monkeypatch, folder):
    locked = folder / "locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text(POS.read_text())
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path).endswith("locked"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, out, err = cli(capsys, "lint", folder, "--format", "json")
    assert code == 2
    f = [x for x in json.loads(out)["findings"] if x["code"] == "INP092"]
    assert len(f) == 1 and f[0]["file"].endswith("locked") and "Permission denied" in f[0]["message"]


@pytest.mark.skipif(ROOT, reason="root reads any folder")
def test_lint_reports_a_really_unreadable_folder(tmp_path):
    d = tmp_path / "locked"
    d.mkdir()
    (d / "x.yaml").write_text("players: {}\n")
    d.chmod(0)
    try:
        r = sub("lint", tmp_path, "--format", "github")
    finally:
        d.chmod(0o755)
    assert r.returncode == 2 and b"INP092" in r.stdout


@pytest.mark.parametrize(
    "text,what",
    [
        ("Turns: []\nSetup: {}\n", "game log"),
        ("player:\n  red: {money: 3}\n", "position"),
        ("Setup:\n  players: [red, blue]\n", "game log"),
        ("ACTIONS: [pass card=bolton]\n", "action file"),
        ("turn: []\n", "game log"),
    ],
)
@pytest.mark.parametrize("fmt", ("github", "sarif"))
def test_lint_near_miss_keys_are_reported(capsys, tmp_path, text, what, fmt):
    (tmp_path / "near.yaml").write_text(text)
    code, out, err = cli(capsys, "lint", tmp_path, "--format", fmt)
    assert code == 2 and out.strip()
    assert "INP093" in out and f"looks like a {what}" in out or f"looks like an {what}" in out


def test_lint_really_skipped_files_still_pass(capsys, tmp_path):
    (tmp_path / "other.yaml").write_text("colour: blue\nsize: 3\n")
    code, out, err = cli(capsys, "lint", tmp_path)
    assert code == 0 and "skipped" in out


def test_lint_jobs_are_capped_at_the_cpu_count(capsys, monkeypatch, folder):
    import brass_judge.lint as L

    started = []
    import concurrent.futures as cf

    real = cf.ProcessPoolExecutor

    def pool(max_workers=None, **kw):
        started.append(max_workers)
        return real(max_workers=max_workers, **kw)

    monkeypatch.setattr(cf, "ProcessPoolExecutor", pool)
    monkeypatch.setattr(L, "_cpu_count", lambda: 2)
    code, out, err = cli(capsys, "lint", folder, "-j", "300", "--format", "json")
    assert started == [2] and "capped at 2" in err
    code1, out1, _ = cli(capsys, "lint", folder, "--format", "json")
    assert (code, json.loads(out)) == (code1, json.loads(out1))


@pytest.mark.parametrize(
    "exc",
    [
        OSError(errno.EAGAIN, "Resource temporarily unavailable"),
        PermissionError(errno.EPERM, "Operation not permitted"),
    ],
)
def test_lint_falls_back_to_one_process_when_workers_cannot_start(capsys, monkeypatch, folder, exc):
    import concurrent.futures as cf

    import brass_judge.lint as L

    def pool(*a, **kw):
        raise exc

    monkeypatch.setattr(cf, "ProcessPoolExecutor", pool)
    monkeypatch.setattr(L, "_cpu_count", lambda: 4)
    code, out, err = cli(capsys, "lint", folder, "-j", "3", "--format", "json")
    no_traceback(err)
    assert "linted in one process" in err
    code1, out1, _ = cli(capsys, "lint", folder, "--format", "json")
    assert (code, json.loads(out)) == (code1, json.loads(out1))


def test_lint_dash_reads_standard_input():
    r = sub("lint", "-", "--format", "json", input=BAD_GAME.read_bytes())
    assert r.returncode == 1
    d = json.loads(r.stdout)
    assert d["files"][0]["file"] == "<stdin>" and "BLD002" in [f["code"] for f in d["findings"]]


# ---------------------------------------------------------------------------- writing files
@pytest.fixture
def work(tmp_path):
    d = tmp_path / "w"
    d.mkdir()
    for src, name in ((POS, "pos.yaml"), (TURN, "turn.yaml"), (GAME, "game.yaml")):
        (d / name).write_text(src.read_text())
    (d / "hl.yaml").write_text("legal: true\n")
    return d


#: (arguments, the input an output names: refused). {x} is the output path.
CLOBBER = [
    ("check {pos} {turn} --render {x}", "pos"),
    ("check {pos} {turn} --render {x}", "turn"),
    ("check {pos} {turn} --apply --out {x}", "turn"),
    ("check {pos} --action pass_card=wigan --render {x}", "pos"),
    ("render {pos} -o {x}", "pos"),
    ("render {pos} --highlight {hl} -o {x}", "hl"),
    ("replay {game} --at 3 --out {x}", "game"),
]


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
@pytest.mark.parametrize("args,victim", CLOBBER)
def test_an_output_over_an_input_of_another_kind_is_refused(capsys, work, args, victim, how):
    files = {k: work / f"{k}.yaml" for k in ("pos", "turn", "game", "hl")}
    target = files[victim]
    x = target
    if how == "symlink":
        x = work / "link.yaml"
        os.symlink(target.name, x)
    elif how == "hardlink":
        x = work / "hard.yaml"
        os.link(target, x)
    before = {k: digest(p) for k, p in files.items()}
    argv = [a.replace("pass_card=wigan", "pass card=wigan") for a in args.format(x=x, **files).split(" ")]
    if "pass" in argv:
        i = argv.index("pass")
        argv[i : i + 2] = [" ".join(argv[i : i + 2])]
    code, out, err = cli(capsys, *argv)
    no_traceback(err)
    assert code == 2 and "INP094" in err, err
    assert {k: digest(p) for k, p in files.items()} == before
    assert sorted(p.name for p in work.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
def test_out_and_render_naming_one_file_are_refused(capsys, work, how):
    x = work / "x.yaml"
    x.write_text("keep me\n")
    other = x
    if how == "symlink":
        other = work / "y.yaml"
        os.symlink("x.yaml", other)
    elif how == "hardlink":
        other = work / "y.yaml"
        os.link(x, other)
    code, out, err = cli(
        capsys, "check", work / "pos.yaml", work / "turn.yaml", "--apply", "--out", x, "--render", other
    )
    assert code == 2 and "INP094" in err and x.read_text() == "keep me\n"


def test_carry_forward_over_the_position_is_allowed_and_keeps_a_symlink(capsys, work):
    link = work / "link.yaml"
    os.symlink("pos.yaml", link)
    code, out, err = cli(capsys, "check", link, work / "turn.yaml", "--apply", "--out", link)
    assert code == 0, err
    assert link.is_symlink() and yaml.safe_load((work / "pos.yaml").read_text())["turn"] != "green"
    code, out, err = cli(capsys, "validate", work / "pos.yaml")
    assert code == 0


WRITERS = [
    ("check", "{pos}", "{turn}", "--apply", "--out", "{x}"),
    ("check", "{pos}", "{turn}", "--render", "{x}"),
    ("render", "{pos}", "-o", "{x}"),
    ("replay", "{game}", "--at", "3", "--out", "{x}"),
    ("selfplay", "-o", "{x}"),
]


def _argv(args, work, x):
    files = {k: work / f"{k}.yaml" for k in ("pos", "turn", "game", "hl")}
    return [a.format(x=x, **files) for a in args]


@pytest.mark.parametrize("args", WRITERS)
def test_a_write_failing_midway_leaves_the_old_file_and_no_temporary(capsys, monkeypatch, work, args):
    import brass_judge.output as O

    x = work / "out.txt"
    x.write_text("the original\n")

    def half(fh, data):
        fh.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(O, "_write_all", half)
    code, out, err = cli(capsys, *_argv(args, work, x))
    no_traceback(err)
    assert code == 2 and "INP061" in err and "No space left" in err
    assert x.read_text() == "the original\n"
    assert [p.name for p in work.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("args", WRITERS)
def test_a_failing_rename_leaves_the_old_file(capsys, monkeypatch, work, args):
    x = work / "out.txt"
    x.write_text("the original\n")

    def replace(a, b):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", replace)
    code, out, err = cli(capsys, *_argv(args, work, x))
    assert code == 2 and "INP061" in err and x.read_text() == "the original\n"
    assert [p.name for p in work.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("args", WRITERS)
@pytest.mark.parametrize("where", ["folder", "devfull", "readonly"])
def test_unwritable_outputs_are_input_errors(capsys, monkeypatch, work, args, where):
    if where == "folder":
        x = work / "adir"
        x.mkdir()
    elif where == "devfull":
        if not os.path.exists("/dev/full"):
            pytest.skip("no /dev/full")
        x = Path("/dev/full")
    else:
        ro = work / "ro"
        ro.mkdir()
        x = ro / "x.out"
        ro.chmod(0o555)
        if ROOT:  # root writes anywhere: simulate what a read-only folder does
            import tempfile

            def mkstemp(*a, **kw):
                raise PermissionError(errno.EACCES, "Permission denied")

            monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    try:
        code, out, err = cli(capsys, *_argv(args, work, x))
    finally:
        if where == "readonly":
            (work / "ro").chmod(0o755)
    no_traceback(err)
    assert code == 2 and "INP061" in err and "cannot write" in err, err
    if where == "readonly":
        assert list((work / "ro").iterdir()) == []


def test_render_dir_write_errors_are_input_errors(capsys, work):
    pics = work / "pics"
    pics.mkdir()
    (pics / "01-canal-round-01.svg").mkdir()  # the first picture's name is taken by a folder
    code, out, err = cli(capsys, "replay", work / "game.yaml", "--render-dir", pics)
    no_traceback(err)
    assert code == 2 and "INP061" in err and "01-canal-round-01.svg" in err


def test_written_files_keep_the_mode_of_the_file_they_replace(capsys, work):
    x = work / "out.svg"
    x.write_text("old")
    x.chmod(0o640)
    code, out, err = cli(capsys, "render", work / "pos.yaml", "-o", x)
    assert code == 0 and stat.S_IMODE(x.stat().st_mode) == 0o640 and x.read_text().startswith("<?xml")


# ------------------------------------------------------------------------------- '-' everywhere
def test_dash_out_writes_to_standard_output_everywhere(tmp_path):
    cases = [
        (("check", POS, TURN, "--apply", "--out", "-"), "players:"),
        (("check", POS, TURN, "--render", "-"), "<?xml"),
        (("replay", GAME, "--at", "3", "--out", "-"), "players:"),
        (("render", POS, "-o", "-"), "<?xml"),
        (("selfplay", "-o", "-"), "turns:"),
    ]
    for args, head in cases:
        r = sub(*args, cwd=tmp_path)
        assert r.returncode == 0, (args, r.stderr)
        assert head in r.stdout.decode(), args
        assert not (tmp_path / "-").exists(), args
        if args[0] in ("check", "replay") and head == "players:":
            yaml.safe_load(r.stdout)  # only the YAML on stdout: the report is on stderr
    r = sub("check", POS, TURN, "--apply", "--out", "-", "--format", "json", cwd=tmp_path)
    assert yaml.safe_load(r.stdout)["turn"] != "green" and json.loads(r.stderr)["verdict"] == "legal"


@pytest.mark.parametrize("args", [("check", "-", "-"), ("render", "-", "--highlight", "-", "-o", "x.svg")])
def test_standard_input_twice_is_refused(tmp_path, args):
    r = sub(*args, input=POS.read_bytes(), cwd=tmp_path)
    no_traceback(r.stderr.decode())
    assert r.returncode == 2 and b"INP095" in r.stderr and b"standard input" in r.stderr


# ---------------------------------------------------------------------------- standard output
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ("check", POS, TURN),
        ("check", POS, TURN, "--format", "json"),
        ("lint", EXAMPLES / "games"),
        ("replay", GAME),
        ("moves", POS),
        ("rulings", "list"),
        ("render", POS, "-o", "-"),
        ("validate", POS),
    ],
)
def test_stdout_that_cannot_be_written_is_a_message_and_exit_2(args):
    with open("/dev/full", "w") as full:
        r = sub(*args, stdout=full)
    err = r.stderr.decode()
    no_traceback(err)
    assert "Exception ignored" not in err
    assert r.returncode == 2 and "INP061" in err and "standard output" in err, err


@pytest.mark.parametrize(
    "args", [("moves", POS), ("rulings", "list"), ("lint", EXAMPLES / "games"), ("render", POS, "-o", "-")]
)
def test_a_closed_pipe_ends_quietly(args):
    e = dict(os.environ, COLUMNS="120")
    with subprocess.Popen(
        [sys.executable, "-m", "brass_judge", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=e,
    ) as p:
        p.stdout.readline()
        p.stdout.close()
        err = p.stderr.read().decode()
        rc = p.wait(timeout=60)
    assert err == "" and rc in (0, 1), (rc, err)


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1", "LANG": "C"}])
@pytest.mark.parametrize(
    "args",
    [
        ("check", POS, TURN),
        ("check", POS, TURN, "--format", "json"),
        ("replay", GAME),
        ("rulings", "show", "Q001"),
        ("moves", POS),
    ],
)
def test_a_narrow_stdout_encoding_does_not_crash(env, args):
    r = sub(*args, env=env)
    no_traceback(r.stderr.decode("latin-1"))
    assert r.returncode == 0
    if "json" in args:
        json.loads(r.stdout.decode("latin-1"))


# ---------------------------------------------------------------------------- injection
def rename(obj, old, new):
    if isinstance(obj, dict):
        return {(new if k == old else k): rename(v, old, new) for k, v in obj.items()}
    if isinstance(obj, list):
        return [rename(x, old, new) for x in obj]
    return new if obj == old else obj


@pytest.fixture
def hostile(tmp_path):
    """A valid position and game log whose player 'green'/'red' is called :data:`HOSTILE`."""
    d = yaml.safe_load(POS.read_text())
    tiles = []
    for t in d["tiles"]:
        if t.startswith("green "):
            loc = t.split("@")[1]
            tiles.append({"owner": "green", "industry": "cotton_mill", "level": 1, "location": loc})
        else:
            tiles.append(t)
    d["tiles"] = tiles
    pos = tmp_path / "hostile-pos.yaml"
    pos.write_text(yaml.safe_dump(rename(d, "green", HOSTILE)))
    game = tmp_path / "hostile-game.yaml"
    game.write_text(yaml.safe_dump(rename(yaml.safe_load(BAD_GAME.read_text()), "red", HOSTILE_SHORT)))
    return pos, game


def assert_inert(text: str, allow_error_lines: bool = False) -> None:
    """No terminal escape, no invisible reordering, no line a GitHub runner would execute."""
    for bad in ("\x1b", "\u202e", "\u2028", "\x85", "\x7f", "\r"):
        assert bad not in text, (bad, text[:500])
    for line in text.splitlines():
        if line.startswith("::"):
            assert allow_error_lines and line.startswith("::error file="), line
            assert "pwn.yaml::" not in line.split("::")[1]  # the hostile command is data, not a command


@pytest.mark.parametrize("command", ["check", "check-json", "validate", "moves", "render-svg", "check-svg"])
def test_hostile_player_names_in_position_outputs(capsys, tmp_path, hostile, command):
    pos, _ = hostile
    svg = tmp_path / "out.svg"
    argv = {
        "check": ["check", pos, "--action", "pass card=wigan", "--explain"],
        "check-json": ["check", pos, "--action", "pass card=wigan", "--format", "json"],
        "validate": ["validate", pos],
        "moves": ["moves", pos, "--type", "pass"],
        "render-svg": ["render", pos, "-o", svg, "--title", "t\x00\x01\x1b[2J\ufffe\u202e"],
        "check-svg": ["check", pos, "--action", "pass card=wigan", "--render", svg],
    }[command]
    code, out, err = cli(capsys, *argv)
    assert code == 0, err
    assert_inert(out)
    assert_inert(err)
    if command == "check-json":
        assert json.loads(out)["player"] == HOSTILE  # JSON keeps the name exactly, escaped by JSON
    if command.endswith("svg"):
        ET.parse(svg)  # well-formed XML
        assert_inert(svg.read_text())
    if command in ("check", "moves"):
        assert "\\n::error" in out  # shown, escaped, not dropped


@pytest.mark.parametrize("fmt", LINT_FORMATS + ("replay",))
def test_hostile_names_through_every_lint_format_and_replay(capsys, hostile, fmt):
    _, game = hostile
    argv = ["replay", game, "--keep-going"] if fmt == "replay" else ["lint", game, "--format", fmt]
    code, out, err = cli(capsys, *argv)
    assert code == 1, err
    assert_inert(out, allow_error_lines=fmt == "github")
    assert_inert(err)
    parsed = parse(fmt, out)
    if fmt == "json":
        assert any(HOSTILE_SHORT in f["message"] for f in parsed["findings"])


def test_hostile_file_names(capsys, tmp_path, monkeypatch):
    d = tmp_path / "a dir #1 %20 é"
    d.mkdir()
    name = "x\n::error::y \x1b[1m #%é.yaml"
    (d / name).write_text("players: 3\n")
    monkeypatch.chdir(tmp_path)
    for fmt in LINT_FORMATS:
        code, out, err = cli(capsys, "lint", d.name, "--format", fmt)
        assert code == 2
        assert_inert(out, allow_error_lines=fmt == "github")
        parsed = parse(fmt, out)
        if fmt == "sarif":
            uri = parsed["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"][
                "uri"
            ]
            assert (
                uri == "a%20dir%20%231%20%2520%20%C3%A9/x%0A%3A%3Aerror%3A%3Ay%20%1B%5B1m%20%23%25%C3%A9.yaml"
            )
    code, out, err = cli(capsys, "validate", d.name + "/" + name)
    assert code == 2 and "\n" not in err.rstrip("\n") and "\x1b" not in err


def test_sarif_uri_outside_the_working_directory_is_a_file_uri(capsys, tmp_path, monkeypatch):
    d = tmp_path / "s p#ace"
    d.mkdir()
    (d / "p.yaml").write_text("players: 3\n")
    monkeypatch.chdir(REPO)
    code, out, err = cli(capsys, "lint", d, "--format", "sarif")
    uri = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"][
        "uri"
    ]
    assert uri.startswith("file:///") and uri.endswith("/s%20p%23ace/p.yaml")


def test_escape_controls_is_the_one_escaping_function():
    from brass_judge.lint import _gh_escape
    from brass_judge.output import escape_controls

    assert (
        escape_controls("a\nb\x1b[0m\u202e\u2028\x85\x7f\tc") == "a\\nb\\x1b[0m\\u202e\\u2028\\x85\\x7f\\tc"
    )
    assert escape_controls("a\nb", keep="\n") == "a\nb"
    assert escape_controls("£ é ü 中") == "£ é ü 中"
    assert _gh_escape("x\x1b\ny") == "x\\x1b%0Ay"


def test_a_read_only_output_file_is_not_replaced(capsys, monkeypatch, work):
    x = work / "ro.svg"
    x.write_text("keep\n")
    x.chmod(0o444)
    if ROOT:  # root may write anything: answer as os.access does for everyone else
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, m, **k: False if str(p) == str(x) else real(p, m, **k))
    code, out, err = cli(capsys, "render", work / "pos.yaml", "-o", x)
    assert code == 2 and "read-only" in err and x.read_text() == "keep\n"


@pytest.mark.parametrize("fmt", ["junit", "gitlab", "json-lines"])
def test_hostile_names_through_the_ci_report_formats(capsys, hostile, tmp_path, monkeypatch, fmt):
    _, game = hostile
    d = tmp_path / "x\n::error::y \x1b[1m #%é"
    d.mkdir()
    (d / "p.yaml").write_text("players: 3\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "lint", game, d.name, "--format", fmt)
    assert code == 2, err
    assert_inert(out)
    if fmt == "junit":
        ET.fromstring(out.encode("utf-8"))
    elif fmt == "gitlab":
        json.loads(out)
    else:
        [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("fmt", ["json", "sarif", "gitlab", "json-lines", "junit"])
def test_machine_formats_stay_well_formed_on_an_ascii_stdout(tmp_path, fmt):
    d = tmp_path / "é 中 😀"
    d.mkdir()
    (d / "p.yaml").write_text("players: 3\n")
    r = sub("lint", d, "--format", fmt, env={"PYTHONIOENCODING": "ascii"})
    no_traceback(r.stderr.decode())
    out = r.stdout.decode("ascii")
    if fmt == "junit":
        ET.fromstring(r.stdout)
    elif fmt == "json-lines":
        [json.loads(line) for line in out.splitlines()]
    else:
        json.loads(out)
    assert "é 中 😀" in out or fmt != "json" or "\\u00e9" in out
