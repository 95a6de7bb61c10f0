#!/usr/bin/env python3
"""brass-judge benchmark suite (issues 8 and 20): start-up, replay, moves and lint, next to their targets.

    python benchmarks/bench.py [--quick] [--runs N] [--games N] [--games-dir DIR] [--only SECTION ...]
                               [--baseline DIR]

Sections (each prints "not available yet" when the code it measures is missing):

1. ``cli``    whole-process latency (median of N runs, run round-robin so that a busy machine
              slows every command alike) of ``check`` and ``validate`` on examples/worked-turn,
              ``rulings show`` and ``rulings search``, next to ``python -c pass`` and
              ``python -c "import yaml"`` measured in the same run, as ratios (issue 20).
2. ``replay`` in-process: a full 4-player game (self-played, seed 1, and examples/games/4p-full
              .yaml): load+validate the log (games.read_log), replay it from the file
              (games.replay(path)), replay the loaded log (judging only); ms and actions/s.
              2b: a 4-player Brass: Birmingham replay next to a Lancashire one (issue 16: at
              most 1.5 times), self-played seed 1 in both games, and the shipped examples.
3. ``moves``  in-process legal_moves() on mid-game positions of that game (and the CLI once).
4. ``lint``   ``brass-judge lint DIR --jobs 1`` and ``--jobs 2`` over self-played games written
              into a temporary folder (1,000 games; 60 with --quick). --games-dir DIR keeps them
              (and reuses what is there). The cost per game: ``lint`` of 100 games (20 with
              --quick) minus ``lint`` of one, over 99; with ``--baseline DIR`` (a source tree of
              the code to compare with, e.g. ``git archive 6cd5f24 | tar -x -C DIR``) the same for
              that code, interleaved, and the ratio (issue 20: at most 0.7).

Timings are wall-clock (time.perf_counter). No section asserts anything: targets are printed
next to the figures, and the exit code is 0 unless the script itself fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
POSITION = REPO / "examples" / "worked-turn" / "position.yaml"
TURN = REPO / "examples" / "worked-turn" / "turn.yaml"
EXAMPLE_4P = REPO / "examples" / "games" / "4p-full.yaml"
SEARCH = "can I overbuild a coal mine while the market has coal?"
NOT_YET = "not available yet"

# Targets of issues 8 and 20.
CHECK_VS_YAML = 3.5  # check and validate vs python -c "import yaml" (issue 20)
RULINGS_VS_BARE = 3.0
LINT_PER_GAME_VS_BASELINE = 0.7  # issue 20
REPLAY_MS = 20.0
REPLAY_VS_LOAD = 2.0
MOVES_MS = 50.0
LINT_S = 30.0


# --------------------------------------------------------------------------- helpers


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def median_ms(fn, runs: int) -> tuple[float, float]:
    """(median, min) of *runs* calls of *fn*, in ms."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), min(times)


#: The clock of the in-process timings: wall time, or with --cpu this process's CPU time (less
#: disturbed by other processes on a shared machine).
CLOCK = time.perf_counter


def interleaved_ms(fns: dict, runs: int) -> dict:
    """{name: (median, min)} in ms, the functions called in turn, round after round, so that the
    VM's drift (up to +-40 % over a few seconds) affects every one of them alike."""
    times: dict = {name: [] for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            t = CLOCK()
            fn()
            times[name].append((CLOCK() - t) * 1000)
    return {name: (statistics.median(ts), min(ts)) for name, ts in times.items()}


def machine() -> dict:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor() or "?"
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count()
    versions = {}
    for dist in ("typer", "rich", "jsonschema", "networkx", "PyYAML"):
        try:
            from importlib.metadata import version

            versions[dist] = version(dist)
        except Exception:  # noqa: BLE001 - a missing package is just not listed
            versions[dist] = "-"
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "?"
    return {
        "nproc": cores,
        "cpu": cpu,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": platform.platform(),
        "load": load,
        "versions": versions,
    }


def cli_command() -> list[str]:
    """The brass-judge console script of this interpreter's environment (as a user runs it)."""
    script = Path(sys.executable).with_name("brass-judge")
    if script.exists():
        return [str(script)]
    found = shutil.which("brass-judge")
    return [found] if found else [sys.executable, "-m", "brass_judge"]


def bench_env() -> dict:
    """The environment for timed processes: bytecode may be written (as after an install)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("BRASS_JUDGE_NO_FASTPATH", None)
    return env


# --------------------------------------------------------------------------- 1. CLI latency


def bench_cli(runs: int) -> dict:
    print("\n## 1. CLI start-up (whole processes, ms)\n")
    py = sys.executable
    bj = cli_command()
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "python -c 'import yaml'": [py, "-c", "import yaml"],
        "brass-judge check position.yaml turn.yaml": bj + ["check", str(POSITION), str(TURN)],
        "brass-judge validate position.yaml": bj + ["validate", str(POSITION)],
        "brass-judge rulings show Q080": bj + ["rulings", "show", "Q080"],
        f'brass-judge rulings search "{SEARCH}"': bj + ["rulings", "search", SEARCH],
        "brass-judge check position.yaml turn.yaml --format json": bj
        + ["check", str(POSITION), str(TURN), "--format", "json"],
        "brass-judge --help": bj + ["--help"],
    }
    env = bench_env()
    subprocess.run(
        [py, "-m", "compileall", "-q", str(REPO / "brass_judge")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for name, cmd in commands.items():  # warm-up: bytecode, the user caches, the OS file cache
        for _ in range(2):
            r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            print(f"  warning: {name} exited {r.returncode}: {r.stderr.strip()[-300:]}")
    times: dict = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            t = time.perf_counter()
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append((time.perf_counter() - t) * 1000)
    med = {name: statistics.median(ts) for name, ts in times.items()}
    low = {name: min(ts) for name, ts in times.items()}
    width = max(len(n) for n in commands)
    print(f"{'command':<{width}}  median     min")
    for name in commands:
        print(f"{name:<{width}}  {med[name]:6.1f}  {low[name]:6.1f}")
    bare, yaml_, check, validate, show = (med[n] for n in list(commands)[:5])
    ratios = {
        "check / import yaml": (check / yaml_, CHECK_VS_YAML),
        "validate / import yaml": (validate / yaml_, CHECK_VS_YAML),
        "rulings show / bare python": (show / bare, RULINGS_VS_BARE),
    }
    print()
    for label, (ratio, target) in ratios.items():
        print(f"{label:<30} {ratio:5.2f}x   target <= {target}x   {verdict(ratio <= target)}")
    return {
        "median_ms": med,
        "min_ms": low,
        "runs": runs,
        "ratios": {k: round(v[0], 3) for k, v in ratios.items()},
    }


# --------------------------------------------------------------------------- 2. replay


def _games_api():
    try:
        from brass_judge import games, selfplay  # noqa: F401
        from brass_judge.data import game_data

        return games, selfplay, game_data()
    except ImportError as exc:
        print(f"{NOT_YET} ({exc})")
        return None


def selfplay_log(players: int, seed: int, data) -> str:
    from brass_judge import games, selfplay

    obj, _final = selfplay.play_game(players, seed, data)
    return games.dump_log(obj)


def bench_replay(runs: int, workdir: Path) -> dict:
    print("\n## 2. Replay of a full 4-player game (in-process)\n")
    api = _games_api()
    if api is None:
        return {}
    games, _selfplay, data = api
    logs = {}
    try:
        t = time.perf_counter()
        text = selfplay_log(4, 1, data)
        gen_ms = (time.perf_counter() - t) * 1000
        p = workdir / "selfplay-4p-seed1.yaml"
        p.write_text(text, encoding="utf-8")
        logs["self-play 4p seed 1"] = p
        print(f"(self-play of that game took {gen_ms:.0f} ms)")
    except Exception as exc:  # noqa: BLE001 - report and carry on with the example
        print(f"self-play: {NOT_YET} ({type(exc).__name__}: {exc})")
    if EXAMPLE_4P.exists():
        logs["examples/games/4p-full.yaml"] = EXAMPLE_4P
    out = {}
    for name, path in logs.items():
        res = games.replay(str(path), data=data)  # warm-up (and the action count)
        if not res.ok:
            print(f"  warning: {name} does not replay cleanly: {[f.code for f in res.findings][:5]}")
        log = games.read_log(str(path), data)
        got = interleaved_ms(
            {
                "load": lambda: games.read_log(str(path), data),
                "full": lambda: games.replay(str(path), data=data),
                "judge": lambda: games.replay(log, data=data),
            },
            runs * 3,
        )
        (load_ms, load_min), (full_ms, full_min), (judge_ms, judge_min) = (
            got["load"],
            got["full"],
            got["judge"],
        )
        n = res.actions
        print(f"{name}: {n} actions, {res.turns} turns")
        print(f"  load+validate (read_log)      {load_ms:7.2f} ms (min {load_min:.2f})")
        print(
            f"  replay from the file          {full_ms:7.2f} ms (min {full_min:.2f})   "
            f"target < {REPLAY_MS:.0f} ms   {verdict(full_ms < REPLAY_MS)}"
        )
        print(
            f"  replay of the loaded log      {judge_ms:7.2f} ms (min {judge_min:.2f})   "
            f"{n / judge_ms * 1000:,.0f} actions/s"
        )
        print(
            f"  replay from file / load       {full_ms / load_ms:7.2f}x   target <= {REPLAY_VS_LOAD}x   "
            f"{verdict(full_ms / load_ms <= REPLAY_VS_LOAD)}"
        )
        print(f"  judging only / load           {judge_ms / load_ms:7.2f}x")
        out[name] = {
            "actions": n,
            "load_ms": load_ms,
            "replay_file_ms": full_ms,
            "replay_log_ms": judge_ms,
            "actions_per_s": n / judge_ms * 1000,
        }
    return out


#: issue 16: a replay of a 4-player Birmingham game costs no more than this times a Lancashire one
BIRMINGHAM_VS_LANCASHIRE = 1.5


def bench_replay_birmingham(runs: int, workdir: Path) -> dict:
    """Replay (from the file, in process) of a 4-player Birmingham game next to a Lancashire one:
    the self-played games of seed 1 (the same log shape: no facts; the target), and the shipped
    examples (Birmingham's records the facts after every turn, Lancashire's after every fifth)."""
    print("\n## 2b. Replay of a 4-player Brass: Birmingham game next to a Lancashire one (in-process)\n")
    from brass_judge import games
    from brass_judge.data import game_data

    data = {"lancashire": game_data(), "birmingham": game_data("standard", "birmingham")}
    logs = {}
    for g, d in data.items():
        p = workdir / f"selfplay-{g}-4p-seed1.yaml"
        p.write_text(selfplay_log(4, 1, d), encoding="utf-8")
        logs[("self-play 4p seed 1", g)] = p
    logs[("shipped example", "lancashire")] = EXAMPLE_4P
    logs[("shipped example", "birmingham")] = REPO / "examples" / "birmingham" / "games" / "4p-full.yaml"
    actions = {k: games.replay(str(p), data=data[k[1]]).actions for k, p in logs.items()}  # (warm-up)
    got = interleaved_ms(
        {k: (lambda p=p, d=data[k[1]]: games.replay(str(p), data=d)) for k, p in logs.items()}, runs * 3
    )
    out = {}
    for what in ("self-play 4p seed 1", "shipped example"):
        for g in data:
            ms, low = got[(what, g)]
            print(f"{what:>20}, {g:>10}: {ms:7.2f} ms (min {low:.2f}), {actions[(what, g)]} actions")
        ratio = got[(what, "birmingham")][0] / got[(what, "lancashire")][0]
        target = what.startswith("self-play")
        print(
            f"{'Birmingham / Lancashire':>33}  {ratio:7.2f}x"
            + (
                f"   target <= {BIRMINGHAM_VS_LANCASHIRE}x   {verdict(ratio <= BIRMINGHAM_VS_LANCASHIRE)}"
                if target
                else "   (facts after every turn vs every fifth)"
            )
        )
        out[what] = ratio
    return out


# --------------------------------------------------------------------------- 3. moves


def bench_moves(runs: int, workdir: Path) -> dict:
    print("\n## 3. Legal moves on mid-game positions\n")
    try:
        from brass_judge import games
        from brass_judge.data import game_data
        from brass_judge.engine.moves import legal_moves
    except ImportError as exc:
        print(f"{NOT_YET} ({exc})")
        return {}
    data = game_data()
    src = workdir / "selfplay-4p-seed1.yaml"
    if not src.exists():
        src = EXAMPLE_4P
    if not src.exists():
        print(f"{NOT_YET} (no 4-player game log)")
        return {}
    total = games.replay(str(src), data=data).actions
    out = {}
    for frac in (0.3, 0.5, 0.7):
        k = max(1, int(total * frac))
        pos = games.replay(str(src), data=data, stop_before=k).position
        moves = legal_moves(pos, data)
        ms, low = median_ms(lambda: legal_moves(pos, data), runs)
        label = f"{pos.era} round {pos.round}, {pos.turn} to play (action {k}/{total})"
        print(
            f"  {label:<48} {len(moves):4d} moves  {ms:7.2f} ms (min {low:.2f})   "
            f"target < {MOVES_MS:.0f} ms   {verdict(ms < MOVES_MS)}"
        )
        out[label] = {"moves": len(moves), "median_ms": ms, "min_ms": low}
        if frac == 0.5:
            mid = pos
    # the whole command once more, as a user runs it
    try:
        from brass_judge.position_io import dump_position

        pfile = workdir / "midgame.yaml"
        pfile.write_text(dump_position(mid, data), encoding="utf-8")
        cmd = cli_command() + ["moves", str(pfile), "--format", "json"]
        env = bench_env()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times = []
        for _ in range(max(3, runs // 3)):
            t = time.perf_counter()
            r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            times.append((time.perf_counter() - t) * 1000)
        note = "" if r.returncode == 0 else f"  (exit {r.returncode}: {r.stderr.strip()[-200:]})"
        print(f"  brass-judge moves midgame.yaml (whole process): {statistics.median(times):.0f} ms{note}")
        out["cli_ms"] = statistics.median(times)
    except Exception as exc:  # noqa: BLE001
        print(f"  brass-judge moves: {NOT_YET} ({type(exc).__name__}: {exc})")
    return out


# --------------------------------------------------------------------------- 4. lint


def _play_one(args: tuple) -> str | None:
    players, seed, folder = args
    path = Path(folder) / f"game-{players}p-{seed:05d}.yaml"
    if path.exists():
        return None
    from brass_judge.data import game_data

    try:
        text = selfplay_log(players, seed, game_data())
    except Exception as exc:  # noqa: BLE001 - one failed game is reported, not fatal
        return f"seed {seed}: {type(exc).__name__}: {exc}"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return None


def make_games(n: int, folder: Path, procs: int) -> float:
    """Self-play *n* games (2, 3 and 4 players in turn) into *folder*; seconds taken."""
    from concurrent.futures import ProcessPoolExecutor

    folder.mkdir(parents=True, exist_ok=True)
    jobs = [(2 + i % 3, i, str(folder)) for i in range(n)]
    t = time.perf_counter()
    failures = []
    with ProcessPoolExecutor(max_workers=procs) as pool:
        for msg in pool.map(_play_one, jobs, chunksize=8):
            if msg:
                failures.append(msg)
    if failures:
        print(f"  {len(failures)} self-play games failed, e.g. {failures[0]}")
    return time.perf_counter() - t


def lint_per_game(files: list, workdir: Path, baseline: Path | None, n: int, runs: int) -> dict:
    """The cost of linting one more game (whole processes, ``--jobs 1``): lint of *n* games minus
    lint of one, over n - 1; for this code and, interleaved, for the *baseline* tree."""
    if len(files) < 2:
        return {}
    n = min(n, len(files))
    many, one = workdir / "per-game-many", workdir / "per-game-one"
    for folder, chosen in ((many, files[:n]), (one, files[:1])):
        folder.mkdir(exist_ok=True)
        for f in chosen:
            (folder / f.name).write_bytes(f.read_bytes())
    trees = {"this code": REPO}
    if baseline is not None:
        trees["baseline"] = baseline.resolve()
    cmds = {}
    for label, tree in trees.items():
        env = bench_env()
        env["PYTHONPATH"] = str(tree)
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(tree / "brass_judge")],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # each tree's processes run in that tree: ``python -m`` puts the working directory ahead
        # of PYTHONPATH, so run from a checkout both would otherwise time the checkout
        where = subprocess.run(
            [sys.executable, "-c", "import brass_judge; print(brass_judge.__file__)"],
            env=env,
            cwd=tree,
            capture_output=True,
            text=True,
        ).stdout.strip()
        if not Path(where).resolve().is_relative_to(Path(tree).resolve()):
            raise SystemExit(f"{label}: brass_judge imported from {where}, not from {tree}")
        for folder in (many, one):
            cmds[(label, folder)] = (
                [sys.executable, "-m", "brass_judge", "lint", str(folder), "--jobs", "1", "--format", "json"],
                env,
                tree,
            )
    for cmd, env, tree in cmds.values():  # warm-up
        subprocess.run(cmd, env=env, cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import resource

    def child_cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    times: dict = {k: [] for k in cmds}
    cpu: dict = {k: [] for k in cmds}
    for _ in range(runs):
        for k, (cmd, env, tree) in cmds.items():
            t, c = time.perf_counter(), child_cpu()
            subprocess.run(cmd, env=env, cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[k].append((time.perf_counter() - t) * 1000)
            cpu[k].append((child_cpu() - c) * 1000)
    med = {k: statistics.median(v) for k, v in times.items()}
    med_cpu = {k: statistics.median(v) for k, v in cpu.items()}
    out = {}
    print(
        f"  per game (lint of {n} games minus lint of 1, over {n - 1}; median of {runs} interleaved runs;"
        " wall time, and the processes' CPU time):"
    )
    for label in trees:
        per = (med[(label, many)] - med[(label, one)]) / (n - 1)
        per_cpu = (med_cpu[(label, many)] - med_cpu[(label, one)]) / (n - 1)
        out[f"per_game_ms_{label.replace(' ', '_')}"] = per
        out[f"per_game_cpu_ms_{label.replace(' ', '_')}"] = per_cpu
        print(
            f"    {label:<10} {per:6.2f} ms per game (CPU {per_cpu:5.2f} ms)   (lint of 1 game: "
            f"{med[(label, one)]:.0f} ms)"
        )
    if baseline is not None:
        ratio = out["per_game_ms_this_code"] / out["per_game_ms_baseline"]
        ratio_cpu = out["per_game_cpu_ms_this_code"] / out["per_game_cpu_ms_baseline"]
        out["per_game_ratio"] = ratio
        out["per_game_cpu_ratio"] = ratio_cpu
        print(
            f"  lint per game / baseline      {ratio:5.2f}x (CPU time {ratio_cpu:.2f}x)   target <= "
            f"{LINT_PER_GAME_VS_BASELINE}x   {verdict(ratio <= LINT_PER_GAME_VS_BASELINE)}"
        )
    else:
        print("  (give --baseline DIR, a source tree of the code to compare with, for the issue-20 ratio)")
    return out


def bench_lint(
    n_games: int,
    games_dir: Path | None,
    workdir: Path,
    baseline: Path | None = None,
    per_game_n: int = 100,
    runs: int = 7,
) -> dict:
    print(f"\n## 4. lint of {n_games:,} self-played games\n")
    try:
        import brass_judge.lint  # noqa: F401
        import brass_judge.selfplay  # noqa: F401
    except ImportError as exc:
        print(f"{NOT_YET} ({exc})")
        return {}
    bj = cli_command()
    env = bench_env()
    if subprocess.run(bj + ["lint", "--help"], env=env, capture_output=True).returncode != 0:
        print(f"brass-judge lint: {NOT_YET}")
        return {}
    folder = games_dir or (workdir / "games")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    secs = make_games(n_games, folder, max(1, cores))
    files = sorted(folder.glob("game-*.yaml"))[:n_games] if games_dir else sorted(folder.glob("game-*.yaml"))
    print(f"  {len(files)} game logs in {folder} (self-play took {secs:.0f} s on {cores} processes)")
    if games_dir and len(list(folder.glob("game-*.yaml"))) != len(files):
        folder = workdir / "lint-subset"
        folder.mkdir(exist_ok=True)
        for f in files:
            (folder / f.name).write_bytes(f.read_bytes())
    out = {"games": len(files)}
    out.update(lint_per_game(files, workdir, baseline, per_game_n, runs))
    for jobs in (1, 2):
        cmd = bj + ["lint", str(folder), "--jobs", str(jobs), "--format", "json"]
        t = time.perf_counter()
        r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        s = time.perf_counter() - t
        note = (
            ""
            if r.returncode == 0
            else f"  (exit {r.returncode}{': ' + r.stderr.strip()[-200:] if r.stderr.strip() else ''})"
        )
        scaled = s * 1000 / len(files) if files else 0.0
        target = f"   target (1,000 games) < {LINT_S:.0f} s   {verdict(scaled < LINT_S)}" if jobs == 2 else ""
        print(
            f"  --jobs {jobs}: {s:7.2f} s  ({len(files) / s:6.1f} games/s, {scaled:5.1f} s per 1,000){target}{note}"
        )
        out[f"jobs{jobs}_s"] = s
    return out


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer runs and 60 games instead of 1,000")
    ap.add_argument("--runs", type=int, help="runs per timing (default 21; 7 with --quick)")
    ap.add_argument("--games", type=int, help="games for the lint benchmark (default 1000; 60 with --quick)")
    ap.add_argument("--games-dir", type=Path, help="keep the self-played games here (and reuse them)")
    ap.add_argument(
        "--only", nargs="+", choices=["cli", "replay", "moves", "lint"], help="run only these sections"
    )
    ap.add_argument(
        "--cpu", action="store_true", help="time the in-process sections with CPU time, not wall time"
    )
    ap.add_argument(
        "--baseline", type=Path, help="a source tree of the code to compare lint's cost per game with"
    )
    args = ap.parse_args(argv)
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    runs = args.runs or (7 if args.quick else 21)
    n_games = args.games or (60 if args.quick else 1000)
    sections = args.only or ["cli", "replay", "moves", "lint"]

    info = machine()
    print("# brass-judge benchmarks")
    print(
        f"\nmachine: {info['nproc']} cores, {info['cpu']}; {info['implementation']} {info['python']}; "
        f"{info['system']}; load average {info['load']}"
    )
    print("packages: " + ", ".join(f"{k} {v}" for k, v in info["versions"].items()))
    print(f"runs per timing: {runs}" + ("; in-process timings in CPU time" if args.cpu else ""))
    with tempfile.TemporaryDirectory(prefix="brass-judge-bench-") as tmp:
        workdir = Path(tmp)
        if "cli" in sections:
            bench_cli(runs)
        if "replay" in sections or "moves" in sections:
            bench_replay(runs, workdir)
        if "replay" in sections:
            bench_replay_birmingham(runs, workdir)
        if "moves" in sections:
            bench_moves(runs, workdir)
        if "lint" in sections:
            bench_lint(
                n_games, args.games_dir, workdir, args.baseline, 20 if args.quick else 100, max(3, runs // 3)
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
