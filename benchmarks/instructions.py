"""Instruction counts of loading, judging and linting: the same ratios as bench.py, without the noise.

On a shared or virtual machine wall-clock timings of a few milliseconds drift by 20 % from one
run to the next, which hides the few-percent changes that performance work is made of. This
script counts the machine instructions executed instead (valgrind's callgrind), which gives the
same number on every run. Only the work is counted: each measured call runs inside ``eval()``
and callgrind collects inside ``builtin_eval`` only, so interpreter start-up, imports and the
game data loaded beforehand are left out, and ``PYTHONHASHSEED=0`` fixes the order of sets.

    python benchmarks/instructions.py                         # this tree: the two 4-player logs
    python benchmarks/instructions.py --baseline /tmp/bj-base --lint-dir /tmp/bj-games

It prints, per log, the instructions of ``games.read_log`` (load and validation) and of
``games.replay`` of the loaded log (judging), and (load + judging) / load, the issue-20 ratio of
replay from the file to loading; with ``--lint-dir``, the instructions per game of ``lint_paths``
over the first 100 logs of the folder (after one warm-up file), and with ``--baseline`` the
ratio to the same for that tree. Instructions are not time: memory stalls and the garbage
collector's passes cost time that counts understate, so confirm a change with bench.py.
Needs valgrind; each count takes 10-60 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLE_4P = REPO / "examples" / "games" / "4p-full.yaml"

#: the measured work, run by a child interpreter: argv = what, path, repeats
_CHILD = r"""
import glob, sys
from brass_judge import games
from brass_judge.data import game_data
what, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.stderr.write("imported: " + games.__file__ + "\n")
data = game_data()
if what == "lint":
    from brass_judge import lint
    files = sorted(glob.glob(path + "/*.yaml"))[:n]
    lint.lint_paths(files[:1])
    code = "lint.lint_paths(files)"
else:
    log = games.read_log(path, data)
    games.replay(log, data=data)
    code = {"load": "[games.read_log(path, data) for _ in range(n)]",
            "judge": "[games.replay(log, data=data) for _ in range(n)]"}[what]
eval(compile(code, "measured", "eval"))
"""


def count(tree: Path, what: str, path: Path, n: int) -> float:
    """Instructions of *what* on *path* for the source *tree*, per repeat: *n* loads or judgings
    of the log *path*, or (lint) one lint of the first *n* logs of the folder *path*, per log."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(tree))
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--toggle-collect=builtin_eval",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-c",
        _CHILD,
        what,
        str(Path(path).resolve()),
        str(n),
    ]
    # run in the tree itself: "python -c" puts the working directory first on sys.path, so the
    # tree measured must be the working directory (or the caller's checkout would be imported)
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=tree)
    imported = [line for line in p.stderr.splitlines() if line.startswith("imported: ")]
    if not imported or not Path(imported[0][10:]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the count for {tree} imported brass_judge from elsewhere: {imported}")
    for line in p.stderr.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].strip().replace(",", "")) / n
    raise SystemExit(f"valgrind gave no count for {what} {path} ({tree}):\n{p.stderr[-2000:]}")


def selfplay_log(folder: Path) -> Path:
    """The self-played 4-player seed-1 log bench.py uses."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    import bench

    from brass_judge.data import game_data

    out = folder / "selfplay-4p-seed1.yaml"
    out.write_text(bench.selfplay_log(4, 1, game_data()), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", type=Path, help="a source tree of other code to compare with")
    ap.add_argument("--logs", type=Path, nargs="*", help="logs to load and judge (default: the two 4p logs)")
    ap.add_argument("--lint-dir", type=Path, help="a folder of game logs: count lint per game (first 100)")
    ap.add_argument("--repeats", type=int, default=10, help="loads and judgings counted per log (default 10)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing to count (use bench.py)")
        return 1
    trees = {"this code": REPO}
    if args.baseline is not None:
        trees["baseline"] = args.baseline.resolve()
    with tempfile.TemporaryDirectory(prefix="brass-judge-instr-") as tmp:
        logs = args.logs if args.logs else [selfplay_log(Path(tmp)), EXAMPLE_4P]
        for log in logs:
            print(f"{log.name}:")
            for label, tree in trees.items():
                load = count(tree, "load", log, args.repeats)
                judge = count(tree, "judge", log, args.repeats)
                print(
                    f"  {label:<10} load {load / 1e6:6.2f}M  judging {judge / 1e6:6.2f}M  "
                    f"(load + judging) / load {(load + judge) / load:5.2f}x   (issue 20: <= 2.0x)"
                )
        if args.lint_dir is not None:
            per = {}
            n = min(100, len(list(args.lint_dir.glob("*.yaml"))))
            for label, tree in trees.items():
                per[label] = count(tree, "lint", args.lint_dir, n)
                print(f"lint of {n} logs of {args.lint_dir}, {label:<10} {per[label] / 1e6:6.2f}M per game")
            if "baseline" in per:
                ratio = per["this code"] / per["baseline"]
                print(f"lint per game / baseline {ratio:5.2f}x   (issue 20: <= 0.7x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
