"""Why judging takes longer per instruction than loading: valgrind's cache and branch simulation.

instructions.py counts instructions; bench.py times them. On the machines measured, an instruction
of judging takes about 1.6 times as long as one of loading (benchmarks/RESULTS.md, session 11).
This script shows where the difference comes from: it runs valgrind's cachegrind with the cache and
branch simulators on a child that loads the game data and a log, judges it once (warm-up), then
either judges it N more times or loads it N more times, and prints, per judging and per load, the
difference between N runs and none: instructions, level-1 instruction and data cache misses, and
mispredicted branches.

    python benchmarks/cachesim.py                     # the self-played seed-1 4-player log, N = 20
    python benchmarks/cachesim.py --log examples/games/4p-full.yaml --runs 10

Needs valgrind; takes one to two minutes. Simulated caches are not the real ones (cachegrind
models the host's level-1 caches and its last level only), so read the figures as a comparison
of the two kinds of work, not as times.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))

from instructions import selfplay_log as _selfplay_log  # noqa: E402  (a sibling script)

#: the measured work, run by a child interpreter: argv = what (judge|load), path, runs
_CHILD = r"""
import sys
from brass_judge import games
from brass_judge.data import game_data
what, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = game_data()
log = games.read_log(path, data)
games.replay(log, data=data)
for _ in range(n):
    if what == "judge":
        games.replay(log, data=data)
    else:
        games.read_log(path, data)
"""

#: cachegrind's summary lines -> the name printed
_EVENTS = {
    "I   refs": "instructions",
    "I1  misses": "L1 instruction misses",
    "D1  misses": "L1 data misses",
    "Mispredicts": "mispredicted branches",
}


def _summary(what: str, path: Path, runs: int, child: Path) -> dict[str, int]:
    cmd = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=yes",
        "--branch-sim=yes",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(child),
        what,
        str(path),
        str(runs),
    ]
    env = {"PYTHONHASHSEED": "0", "PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stderr
    got = {}
    for label in _EVENTS:
        m = re.search(re.escape(label) + r":\s+([\d,]+)", out)
        if m is None:
            raise SystemExit(f"cachegrind printed no {label!r} line:\n{out[-2000:]}")
        got[label] = int(m.group(1).replace(",", ""))
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", type=Path, help="a game log (default: the self-played seed-1 4-player log)")
    ap.add_argument("--runs", type=int, default=20, help="judgings and loads measured (default 20)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing measured")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        child = folder / "child.py"
        child.write_text(_CHILD, encoding="utf-8")
        path = args.log.resolve() if args.log else _selfplay_log(folder)  # bench.py's seed-1 4p log
        per = {}
        for what in ("judge", "load"):
            none = _summary(what, path, 0, child)
            many = _summary(what, path, args.runs, child)
            per[what] = {k: (many[k] - none[k]) / args.runs for k in _EVENTS}
    print(f"{path.name}: per run, the difference between {args.runs} runs and none")
    print(f"  {'':24} {'judging':>12} {'loading':>12} {'judging / loading':>18}")
    for label, name in _EVENTS.items():
        j, l = per["judge"][label], per["load"][label]
        print(f"  {name:24} {j:12,.0f} {l:12,.0f} {j / l if l else float('nan'):17.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
