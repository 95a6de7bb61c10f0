"""Compare the CLI's output on every shipped example with another checkout's (byte for byte).

    python tools/compare_examples.py /work/main

Runs, for each ``examples/**/*.yaml``, ``check`` (the file alone: a position with its action,
a game log, a ruling example), ``check --format json``, ``validate`` and ``replay`` (game logs),
once with this checkout's package and once with the other's (``PYTHONPATH``), and reports every
command whose stdout, stderr or exit code differs. Exit code 1 if any does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run(root: Path, args: list) -> tuple:
    env = dict(os.environ, PYTHONPATH=str(root), NO_COLOR="1", COLUMNS="100")
    env.pop("BRASS_JUDGE_DEBUG", None)
    p = subprocess.run(
        [sys.executable, "-m", "brass_judge", *args], cwd=HERE, env=env, capture_output=True, timeout=300
    )
    return p.returncode, p.stdout, p.stderr.replace(str(root).encode(), b"<root>")


def main(other: str) -> int:
    other_root = Path(other).resolve()
    files = sorted((HERE / "examples").rglob("*.yaml"))
    bad = 0
    n = 0
    for f in files:
        rel = str(f.relative_to(HERE))
        cmds = [["check", rel], ["check", rel, "--format", "json"], ["validate", rel]]
        if "/games/" in rel:
            cmds.append(["replay", rel])
        for args in cmds:
            n += 1
            mine, theirs = run(HERE, args), run(other_root, args)
            if mine != theirs:
                bad += 1
                print(f"DIFFERS: brass-judge {' '.join(args)} (rc {mine[0]} vs {theirs[0]})")
    print(f"{n} commands on {len(files)} examples: {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "/work/main"))
