"""Input/output audit of brass-judge (issue 13): run hostile inputs and output paths through the
real CLI (``.venv/bin/brass-judge`` subprocesses, so the check/validate fast path is covered too)
and report every run that tracebacks, hangs, exceeds memory, prints unbounded output, answers an
unusable input with something other than exit 2 and a message, or changes an input file.

Not part of the package: ``python tools/audit_io.py [-v]``.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXE = str(ROOT / ".venv" / "bin" / "brass-judge")
POS = (ROOT / "examples/worked-turn/position.yaml").read_text()
TURN = (ROOT / "examples/worked-turn/turn.yaml").read_text()
GAME = (ROOT / "examples/games/opening-2p.yaml").read_text()
HL = (ROOT / "examples/render/midgame-highlight.yaml").read_text()
SHORT = (ROOT / "examples/shortfall/round-end.yaml").read_text()
LIMIT = 10
SECTIONS = set((os.environ.get("AUDIT_SECTIONS") or "readers,outs,streams").split(","))
MAX_OUT = 2_000_000


def _limit():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def run(argv, cwd, stdin=None, env=None, stdout=None):
    e = dict(os.environ)
    e.update(env or {})
    try:
        p = subprocess.run(
            [EXE, *argv],
            cwd=cwd,
            input=stdin,
            capture_output=stdout is None,
            stdout=stdout,
            timeout=LIMIT,
            env=e,
            preexec_fn=_limit,
        )
    except subprocess.TimeoutExpired:
        return None, b"", b"TIMEOUT"
    return p.returncode, p.stdout or b"", p.stderr or b""


HOSTILE_POSITIONS = {
    "bool-tag": POS.replace("money: 14", "money: !!bool maybe"),
    "float-tag": POS.replace("money: 14", "money: !!float abc"),
    "int-tag-key": POS.replace("blue: {money", "!!int zz: {money"),
    "timestamp-tag": POS.replace("money: 14", "money: !!timestamp nope"),
    "binary-tag": POS.replace("money: 14", "money: !!binary '%%%'"),
    "python-tag": POS.replace("money: 14", "money: !!python/object:os.system x"),
    "unknown-tag": POS.replace("money: 14", "money: !foo 3"),
    "set-tag": POS.replace("money: 14", "money: !!set {a, b}"),
    "huge-hex": POS.replace("money: 14", "money: 0x" + "f" * 5000),
    "huge-oct": POS.replace("money: 14", "money: 0o" + "7" * 6000),
    "huge-dec": POS.replace("money: 14", "money: " + "9" * 5000),
    "sexagesimal": POS.replace("money: 14", "money: 1:20"),
    "sexa-long": POS.replace("money: 14", "money: " + ":".join(["59"] * 200000)),
    "yes-key": POS.replace("blue:", "yes:").replace("[blue,", "[yes,").replace("blue ", "yes "),
    "no-key": POS.replace("blue:", "no:").replace("[blue,", "[no,").replace("blue ", "no "),
    "on-value": POS.replace("era: canal", "era: on"),
    "float-income": POS.replace("income_space: 12", "income_space: 12.0"),
    "float-inf": POS.replace("money: 14", "money: .inf"),
    "float-nan": POS.replace("money: 14", "money: .nan"),
    "neg-zero": POS.replace("money: 14", "money: -0"),
    "comment-tile": POS.replace("- blue coal2@wigan cubes=3", "- blue coal2@wigan #1 cubes=3"),
    "comment-link": POS.replace("- blue colne-yorkshire", "- blue colne-yorkshire # hi"),
    "space-eq": POS.replace("- blue coal2@wigan cubes=3", "- blue coal2@wigan space=1 cubes=3"),
    "tile-words": POS.replace("cubes=3", "cubes=3" + " x" * 30000),
    "long-name": POS.replace("green cotton1@burnley", "green cotton1@" + "b" * 4_000_000),
    "ansi-name": POS.replace("blue:", '"blue\\e[31m::error::x\\n":'),
    "ctrl-player": POS.replace("turn: green", 'turn: "gr\\neen\\r::error::pwn\\e[2J"'),
    "deep": "a: " + "[" * 100000 + "]" * 100000 + "\n",
    "deep-map": "a: " + "{a: " * 50000 + "1" + "}" * 50000 + "\n",
    "alias-bomb": "a: &a [x,x,x,x,x,x,x,x,x]\n"
    + "".join(f"{c}: &{c} [{','.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi")),
    "tab": POS.replace("  blue:", "\tblue:"),
    "bom": "\ufeff" + POS,
    "nul": POS + "\x00\n",
    "latin1": None,  # bytes
    "empty": "",
    "only-comment": "# x\n",
    "list-top": "- 1\n- 2\n",
    "scalar-top": "42\n",
    "dup-key": POS + "era: rail\n",
    "merge-key": POS.replace("red: {money: 22, income_space: 13}", "red: {<<: {money: 2}, income_space: 13}"),
    "big-int-money": POS.replace("money: 14", "money: 99999999999999999999999999"),
    "neg-money": POS.replace("money: 14", "money: -5"),
    "bin-num": POS.replace("money: 14", "money: 0b1110"),
    "under-num": POS.replace("money: 14", "money: 1_4"),
    "huge-file": POS + "#" + "x" * 6_000_000 + "\n",
}
HOSTILE_ACTIONS = {
    "act-bool-tag": TURN.replace("tile: 2", "tile: !!bool maybe"),
    "act-float-dcm": TURN.replace("tile: 2", "tile: 1.0"),
    "act-ctrl": TURN.replace("card: preston", 'card: "pre\\nston::error::x\\e[31m"'),
    "act-long": TURN.replace("card: preston", "card: " + "p" * 3_000_000),
    "act-words": TURN.replace("card=coal_mine", "card=coal_mine" + " zz" * 30000),
    "act-comment": TURN.replace("card=coal_mine", "card=coal_mine # hmm"),
}
HOSTILE_GAMES = {
    "game-bool-tag": GAME.replace("players: [red, blue]", "players: !!bool maybe"),
    "game-sexa": GAME.replace("[2, 3, 1, 4", "[1:2, 3, 1, 4"),
    "game-yes": GAME.replace("[red, blue]", "[yes, no]"),
    "game-ctrl": GAME.replace("about: >-", 'about: "\\e[31m::error::x"\nx_about: >-'),
    "game-words": GAME.replace("card=manchester]", "card=manchester" + " q" * 30000 + "]", 1),
}


class Audit:
    def __init__(self, tmp: Path, verbose: bool):
        self.tmp, self.verbose = tmp, verbose
        self.runs = 0
        self.findings: list[str] = []

    def check(
        self, label, argv, *, stdin=None, env=None, allowed=(0, 1, 2), guard=(), expect=None, need_msg=True
    ):
        before = {p: (p.read_bytes() if p.is_file() else None) for p in map(Path, guard)}
        rc, out, err = run(argv, self.tmp, stdin, env)
        self.runs += 1
        problems = []
        if rc is None:
            problems.append("timeout")
        else:
            if b"Traceback" in out + err:
                problems.append("traceback")
            if rc not in allowed:
                problems.append(f"exit {rc}")
            if expect is not None and rc != expect:
                problems.append(f"exit {rc} (want {expect})")
            if rc == 2 and need_msg and not err.strip() and not out.strip():
                problems.append("exit 2 without a message")
            if len(out) + len(err) > MAX_OUT:
                problems.append(f"output {len(out) + len(err)} bytes")
            for raw in (b"\x1b", b"\n::error::"):
                text_out = b"--format" not in [a.encode() for a in argv] or b"text" in b" ".join(
                    a.encode() for a in argv
                )
                if raw in err or (raw in out and text_out and b"<svg" not in out):
                    problems.append(f"raw {raw!r} in output")
        for p, data in before.items():
            now = p.read_bytes() if p.is_file() else None
            if now != data:
                problems.append(f"input {p.name} changed")
        if problems:
            msg = (
                f"{label}: {' '.join(argv)[:160]} -> {', '.join(problems)}; "
                f"{(err or out)[-300:].decode('utf-8', 'replace')!r}"
            )
            self.findings.append(msg)
            print("FINDING", msg, flush=True)
        if self.verbose:
            print(f"{'BAD ' if problems else 'ok  '}{label} rc={rc} {err[:120]!r}")
        return rc, out, err


def main(verbose=False):
    tmp = Path(tempfile.mkdtemp(prefix="bj-audit-"))
    a = Audit(tmp, verbose)
    pos, turn, game, hl, short = (
        tmp / n for n in ("pos.yaml", "turn.yaml", "game.yaml", "hl.yaml", "short.yaml")
    )
    pos.write_text(POS)
    turn.write_text(TURN)
    game.write_text(GAME)
    hl.write_text(HL)
    short.write_text(SHORT)
    files = {}
    for name, text in {**HOSTILE_POSITIONS, **HOSTILE_ACTIONS, **HOSTILE_GAMES}.items():
        f = tmp / f"{name}.yaml"
        if text is None:
            f.write_bytes(POS.encode().replace(b"era: canal", b"era: can\xe9l"))
        else:
            f.write_text(text)
        files[name] = f
    # special files
    os.mkfifo(tmp / "fifo.yaml")
    (tmp / "loop1.yaml").symlink_to(tmp / "loop2.yaml")
    (tmp / "loop2.yaml").symlink_to(tmp / "loop1.yaml")
    (tmp / "dangling.yaml").symlink_to(tmp / "nowhere.yaml")
    (tmp / "dir.yaml").mkdir()
    unread = tmp / "unread.yaml"
    unread.write_text(POS)
    unread.chmod(0)
    nosuf = tmp / "nosuffix"
    nosuf.write_text(POS)
    specials = [
        "/dev/zero",
        "/dev/urandom",
        "/dev/null",
        str(tmp / "fifo.yaml"),
        str(tmp / "loop1.yaml"),
        str(tmp / "dangling.yaml"),
        str(tmp / "dir.yaml"),
        str(unread),
        "",
        "nosuffix",
        "no-such-game",
        "/proc/self/mem",
    ]

    # 1. every reading command x every hostile file and special file
    readers = [
        ("check-pos", lambda f: ["check", f, str(turn)]),
        ("check-pos-json", lambda f: ["check", f, str(turn), "-f", "json"]),
        ("check-act", lambda f: ["check", str(pos), f]),
        ("check-act-json", lambda f: ["check", str(pos), f, "-f", "json"]),
        ("check-as", lambda f: ["check", f, "-a", "pass card=bolton", "--as", "red"]),
        ("check-dcm", lambda f: ["check", f, str(turn), "--dcm-sequences", "-f", "json"]),
        ("validate", lambda f: ["validate", f]),
        ("validate-json", lambda f: ["validate", f, "-f", "json"]),
        ("moves", lambda f: ["moves", f]),
        ("moves-json", lambda f: ["moves", f, "-f", "json"]),
        ("render", lambda f: ["render", f, "-o", "-"]),
        ("render-hl", lambda f: ["render", str(pos), "--highlight", f, "-o", "-"]),
        ("replay", lambda f: ["replay", f]),
        ("replay-json", lambda f: ["replay", f, "-f", "json", "-k"]),
        ("replay-round-ends", lambda f: ["replay", f, "--round-ends"]),
        ("lint", lambda f: ["lint", f]),
        ("lint-junit", lambda f: ["lint", f, "-f", "junit"]),
        ("lint-gitlab", lambda f: ["lint", f, "-f", "gitlab"]),
        ("lint-jsonl", lambda f: ["lint", f, "-f", "json-lines"]),
        ("lint-github", lambda f: ["lint", f, "-f", "github"]),
        ("lint-sarif", lambda f: ["lint", f, "-f", "sarif"]),
        ("lint-stats", lambda f: ["lint", f, "--statistics"]),
    ]
    for rname, mk in readers if "readers" in SECTIONS else []:
        for name, f in files.items():
            if rname.startswith("check-act") != name.startswith("act-") and not rname.startswith("lint"):
                if not (rname.startswith("replay") and name.startswith("game-")):
                    if not (rname.startswith("render-hl")):
                        continue
            if rname.startswith("replay") and not name.startswith("game-"):
                continue
            if name.startswith("game-") and not (rname.startswith("replay") or rname.startswith("lint")):
                continue
            a.check(f"{rname}/{name}", mk(str(f)))
        for sp in specials:
            a.check(f"{rname}/special:{sp}", mk(sp), allowed=(2,) if sp != "/dev/null" else (0, 1, 2))

    # 2. stdin '-'
    a.check("check - -", ["check", "-", "-"], stdin=POS.encode(), expect=2)
    a.check("lint -", ["lint", "-"], stdin=POS.encode())
    a.check("validate -", ["validate", "-"], stdin=POS.encode(), allowed=(0, 1))

    # 3. output paths
    def outcase(label, argv, guard, allowed=(2,)):
        a.check(label, argv, guard=guard, allowed=allowed)

    ro = tmp / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    hard = tmp / "hard.yaml"
    os.link(pos, hard)
    soft = tmp / "soft.yaml"
    soft.symlink_to(pos)
    hardg = tmp / "hardg.yaml"
    os.link(game, hardg)
    softt = tmp / "softt.yaml"
    softt.symlink_to(turn)
    apply = ["check", str(pos), "-a", "pass card=bolton", "--apply"]
    outs = {
        "render": lambda o: ["render", str(pos), "-o", o],
        "render-hl": lambda o: ["render", str(pos), "--highlight", str(hl), "-o", o],
        "check-render": lambda o: ["check", str(pos), str(turn), "--render", o],
        "check-out": lambda o: [*apply, "--out", o],
        "check-out-turn": lambda o: ["check", str(pos), str(turn), "--apply", "--out", o],
        "replay-at": lambda o: ["replay", str(game), "--at", "3", "--out", o],
        "replay-annotate": lambda o: ["replay", str(game), "--annotate", o],
        "replay-render-dir": lambda o: ["replay", str(game), "--render-dir", o],
        "selfplay": lambda o: ["selfplay", "-s", "1", "-o", o],
        "selfplay-facts": lambda o: ["selfplay", "-s", "1", "--facts", "-v", "classic", "-o", o],
        "lint-out": lambda o: ["lint", str(pos), "--output-file", o],
        "lint-out-junit": lambda o: ["lint", str(pos), "-f", "junit", "--output-file", o],
    }
    for oname, mk in outs.items() if "outs" in SECTIONS else []:
        bad_targets = {
            **({} if os.geteuid() == 0 else {"ro": str(ro / "x.out")}),
            "dir": str(tmp / "dir.yaml"),
            "full": "/dev/full",
            "missing-dir": str(tmp / "nodir" / "x"),
            "empty": "",
        }
        if oname == "replay-render-dir":
            bad_targets = {"file": str(pos), "full": "/dev/full", "empty": ""}
        for tname, t in bad_targets.items():
            outcase(f"out/{oname}/{tname}", mk(t), [pos, game, turn, hl])
        # inputs as outputs
        for gname, g in {
            "pos": pos,
            "hard": hard,
            "soft": soft,
            "game": game,
            "hardg": hardg,
            "turn": turn,
            "softt": softt,
            "hl": hl,
        }.items():
            ok = (oname == "check-out" and gname in ("pos", "hard", "soft")) or (
                oname == "check-out-turn" and gname in ("pos", "hard", "soft")
            )
            if oname.startswith("selfplay") or oname.startswith("lint-out"):
                # selfplay reads no input; lint-out: writing over a linted file is refused
                if oname.startswith("selfplay"):
                    continue
            argv = mk(str(g))
            src = {"hard": pos, "soft": pos, "hardg": game, "softt": turn}.get(gname, g)
            if str(src) not in mk(
                "/nonexistent/x"
            ):  # not one of this command's inputs: any file may be written
                continue
            rc, out, err = a.check(
                f"over/{oname}/{gname}",
                argv,
                guard=[] if ok else [pos, game, turn, hl],
                allowed=(0, 1, 2) if ok else (2,),
            )
            pos.write_text(POS)
            game.write_text(GAME)
            turn.write_text(TURN)
            hl.write_text(HL)
        # '-' target
        a.check(f"dash/{oname}", mk("-"), allowed=(0, 1), guard=[pos, game])
        assert not (tmp / "-").exists() or a.findings.append(f"dash/{oname}: wrote a file '-'")
        if oname != "replay-render-dir":
            a.check(
                f"both/{oname}",
                [*apply, "--out", str(tmp / "same.x"), "--render", str(tmp / "same.x")],
                allowed=(2,),
            )
    # stdout full / closed / ascii
    for argv in (
        []
        if "streams" not in SECTIONS
        else (
            ["check", str(pos), str(turn)],
            ["check", str(pos), str(turn), "-f", "json"],
            ["validate", str(pos)],
            ["moves", str(pos)],
            ["render", str(pos), "-o", "-"],
            ["replay", str(game)],
            ["replay", str(game), "--round-ends"],
            ["lint", str(pos), str(game)],
            ["lint", str(tmp), "-f", "junit"],
            ["lint", str(game), "--statistics"],
            ["selfplay", "-s", "2", "-o", "-"],
            ["rulings", "list"],
            ["codes"],
            ["schema", "position"],
            ["completion", "bash"],
            ["data", "map"],
            ["check", str(files["ctrl-player"]), "-a", "pass card=bolton"],
        )
    ):
        with open("/dev/full", "wb") as full:
            rc, out, err = run(argv, tmp, stdout=full)
        a.runs += 1
        if rc is None or b"Traceback" in err or rc not in (2,) and rc != 120:
            a.findings.append(f"/dev/full {' '.join(argv)[:100]} -> rc={rc} {err[-200:]!r}")
        for env in (
            {"PYTHONIOENCODING": "ascii"},
            {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
        ):
            a.check(f"enc/{env}", argv, env=env)
        # closed stdout
        p = subprocess.run(
            f"{EXE} {' '.join(map(repr, argv))} >&-",
            shell=True,
            cwd=tmp,
            capture_output=False,
            stderr=subprocess.PIPE,
            timeout=LIMIT,
        )
        a.runs += 1
        if b"Traceback" in p.stderr:
            a.findings.append(f"closed stdout {' '.join(argv)[:100]} -> {p.stderr[-200:]!r}")
        p = subprocess.run(
            f"{EXE} {' '.join(map(repr, argv))} | head -c1 >/dev/null",
            shell=True,
            cwd=tmp,
            stderr=subprocess.PIPE,
            timeout=LIMIT,
        )
        a.runs += 1
        if b"Traceback" in p.stderr:
            a.findings.append(f"broken pipe {' '.join(argv)[:100]} -> {p.stderr[-200:]!r}")

    # 4. lint folders
    lf = tmp / "lintdir"
    lf.mkdir()
    (lf / "ok.yaml").write_text(POS)
    (lf / "near.yaml").write_text(GAME.replace("turns:", "Turns:"))
    (lf / "near2.yaml").write_text(TURN.replace("player:", "Player:"))
    (lf / "crash.yaml").write_text(HOSTILE_POSITIONS["bool-tag"])
    (lf / "sub").mkdir()
    (lf / "sub" / "loop").symlink_to(lf)
    (lf / "dangling.yaml").symlink_to(lf / "gone.yaml")
    os.mkfifo(lf / "fifo.yaml")
    (lf / "closed").mkdir()
    (lf / "closed" / "a.yaml").write_text(POS)
    (lf / "closed").chmod(0)
    (lf / "ctrl\x1b[31m::error::x.yaml").write_text(POS.replace("money: 14", "money: -1"))
    (lf / "spa ce%#.yaml").write_text(POS.replace("money: 14", "money: -1"))
    for fmt in ("text", "json", "sarif", "github", "junit", "gitlab", "json-lines"):
        a.check(f"lintdir/{fmt}", ["lint", str(lf), "-f", fmt], expect=2)
    a.check("lintdir/stats", ["lint", str(lf), "--statistics"], expect=2)
    for j in ("0", "1", "300", "-1", "99999999999999999999"):
        a.check(f"lint -j {j}", ["lint", str(lf), "-j", j], allowed=(2,))
    (lf / "closed").chmod(0o755)
    # 5. render --title / highlight shapes, completion
    a.check(
        "render title ctrl",
        ["render", str(pos), "-t", "a\x01b\x1b<&>", "-o", str(tmp / "t.svg")],
        allowed=(0,),
    )
    svg = (tmp / "t.svg").read_bytes() if (tmp / "t.svg").exists() else b""
    if any(c in svg for c in (b"\x01", b"\x1b")):
        a.findings.append("render --title: control characters in the SVG")
    a.check("render title long", ["render", str(pos), "-t", "T" * 100_000, "-o", "-"])
    for shape in (
        "legal: maybe",
        "placed: 3",
        "placed: [[1]]",
        "coal_paths: [x]",
        "x: 1",
        "placed: ['nowhere:9']",
        "caption: [1]",
        "legal: !!bool x",
        "- 1",
        "removed: {a: 1}",
    ):
        (tmp / "h.yaml").write_text(shape + "\n")
        a.check(
            f"highlight {shape}",
            ["render", str(pos), "--highlight", str(tmp / "h.yaml"), "-o", "-"],
            allowed=(2,),
        )
    for sh in ("bash", "zsh", "fish", "powershell", "tcsh", "", "\x1b[31m"):
        a.check(f"completion {sh!r}", ["completion", sh])
    a.check(
        "shortfall bad",
        [
            "check",
            str(short),
            "-a",
            "pass card=bolton",
            "--apply",
            "--out",
            str(tmp / "s.yaml"),
            "--shortfall",
            "x" * 100000 + "\x1b",
        ],
    )
    a.check("as bad", ["check", str(pos), "-a", "pass card=bolton", "--as", "\x1b[2J::error::" * 1000])
    a.check("player bad", ["check", str(pos), "-a", "pass card=bolton", "-p", "\x1b[2J\n::error::x"])
    a.check("action bad", ["check", str(pos), "-a", "build \x1b[2J\n::error::x" + " y" * 50000])
    a.check("moves type bad", ["moves", str(pos), "-t", "\x1b[2J\n::error::x"])
    a.check("selfplay variant bad", ["selfplay", "-v", "\x1b[2J\n::error::x", "-o", "-"])
    a.check("rulings show bad", ["rulings", "show", "\x1b[2J\n::error::x"])
    a.check("codes bad", ["codes", "\x1b[2J\n::error::x"])
    a.check("schema bad", ["schema", "\x1b[2J\n::error::x"])
    a.check("replay at huge", ["replay", str(game), "--at", "99999999999999999999", "--out", "-"])
    a.check("replay at 0", ["replay", str(game), "--at", "0", "--out", "-"])
    a.check("selfplay seed huge", ["selfplay", "-s", "9" * 5000, "-o", "-"])

    for p in tmp.rglob("*"):
        try:
            p.chmod(0o755) if p.is_dir() and not p.is_symlink() else None
        except OSError:
            pass
    ro.chmod(0o755)
    unread.chmod(0o644)
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"{a.runs} runs, {len(a.findings)} findings")
    for f in a.findings:
        print(" -", f)
    return a


if __name__ == "__main__":
    main("-v" in sys.argv)
