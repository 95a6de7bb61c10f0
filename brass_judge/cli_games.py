"""``brass-judge replay`` and ``brass-judge lint`` (game logs, docs/games.md)."""
from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from .cli_common import FORMAT_OPTION, Format, emit_json, fail_input
from .errors import ExitCode, InputError


class LintFormat(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


def register(app: typer.Typer) -> None:
    @app.command("replay")
    def replay_cmd(
        game: Path = typer.Argument(..., help="Game log (YAML, see 'brass-judge schema game')."),
        keep_going: bool = typer.Option(False, "--keep-going", "-k",
                                        help="Record every problem and carry on (an illegal action becomes a pass)."),
        at: Optional[int] = typer.Option(None, "--at", help="Stop before the N-th action of the game (1-based) "
                                         "and write that position (with --out, else to stdout)."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="Where --at writes the position (YAML); "
                                           "'-': standard output, the report then on standard error."),
        render_dir: Optional[Path] = typer.Option(None, "--render-dir", help="Write one SVG picture of the board "
                                                  "per round end into this folder (created if needed)."),
        fmt: Format = FORMAT_OPTION,
    ) -> None:
        """Replay a logged game through the rules: every action judged, recorded facts verified,
        final scores. Exit 0 clean, 1 illegal action or fact mismatch, 2 unusable input."""
        from .output import escape_controls, is_stdio, refuse_clobber, same_file, write_file

        report_to = sys.stderr if is_stdio(out) else sys.stdout  # '--out -': the position on stdout
        try:
            if out is not None and at is None:
                raise InputError("--out needs --at N (the action to stop before)", code="INP074")
            refuse_clobber([(out, "position", "--out")], [(game, "game", "GAME")])
            from .games import replay

            hook = None
            pictures: list = []
            if render_dir is not None and is_stdio(render_dir):
                raise InputError("--render-dir needs a folder: standard output ('-') cannot hold one picture per "
                                 "round", field="--render-dir", code="INP094")
            if render_dir is not None:
                try:
                    render_dir.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise InputError(f"cannot create the picture folder: {exc.strerror or exc}",
                                     file=str(render_dir), code="INP061") from None
                from .render_svg import render_position

                def hook(era, rnd, position):
                    path = render_dir / f"{len(pictures) + 1:02d}-{era}-round-{rnd:02d}.svg"
                    title = f"{game.name}: end of {era.title()} Era round {rnd}"
                    refuse_clobber([(path, "svg", "--render-dir"), (out, "position", "--out")],
                                   [(game, "game", "GAME")])
                    write_file(path, render_position(position, position_data(position), title=title), "a picture")
                    pictures.append(str(path))

                def position_data(position):
                    from .data import game_data

                    return game_data(position.variant)

            res = replay(str(game), keep_going=keep_going, stop_before=at, on_round_end=hook)
            pos_text = None
            if at is not None and res.reached:
                from .position_io import dump_position

                pos_text = dump_position(res.position, res.data)
                if out is not None:
                    write_file(out, pos_text, "the position")
        except InputError as err:
            raise fail_input(err, fmt) from None
        if fmt == Format.json:
            d = res.to_dict()
            if render_dir is not None:
                d["pictures"] = pictures
            if at is not None:
                d["at"] = at
                d["reached"] = res.reached
                if pos_text is not None and out is None:
                    from .position_io import position_to_obj

                    d["position"] = position_to_obj(res.position, res.data)
                d["out"] = str(out) if out is not None and pos_text is not None else None
            emit_json(d, file=report_to)
        else:
            if at is not None and out is None and pos_text is not None and res.ok:
                sys.stdout.write(pos_text)
            else:
                _replay_text(res, at=at, out=out if pos_text is not None else None, stream=report_to)
                if render_dir is not None:
                    report_to.write(f"{len(pictures)} round-end picture(s) written to {escape_controls(render_dir)}\n")
        raise typer.Exit(int(ExitCode.OK if res.ok and (at is None or res.reached) else ExitCode.FINDINGS))

    @app.command("lint")
    def lint_cmd(
        paths: List[Path] = typer.Argument(..., help="Files and folders (folders: every *.yaml/*.yml, recursively); "
                                           "'-' reads one file from standard input."),
        fmt: LintFormat = typer.Option(LintFormat.text, "--format", "-f", case_sensitive=False,
                                       help="text, json, sarif (SARIF 2.1.0) or github (workflow annotations)."),
        jobs: int = typer.Option(1, "--jobs", "-j", min=0, help="Lint files in N processes (0 = one per CPU; "
                                 "more than the CPUs available is capped, with a note on stderr)."),
    ) -> None:
        """Check game logs, positions and action files: every finding with a stable code, file and
        line. Exit 0 clean, 1 findings, 2 when some input could not be used (its INP finding is
        reported with the other files' findings), a path does not exist, or the paths hold no
        .yaml/.yml file at all. In a game log, what follows the first illegal action or wrong turn
        is counted in one note, not listed (`replay --keep-going` lists it)."""
        from .lint import exit_code, lint_paths, render_github, render_json, render_sarif, render_text

        from .output import escape_controls

        notes: list = []
        reports = lint_paths([str(p) for p in paths], jobs=jobs, notes=notes)
        for note in notes:
            sys.stderr.write(f"note: {escape_controls(note)}\n")
        if fmt == LintFormat.json:
            emit_json(render_json(reports))
        elif fmt == LintFormat.sarif:
            emit_json(render_sarif(reports))
        elif fmt == LintFormat.github:
            sys.stdout.write(render_github(reports))
        else:
            sys.stdout.write(render_text(reports))
        raise typer.Exit(exit_code(reports))


def _replay_text(res, *, at=None, out=None, stream=None) -> None:
    from rich.console import Console
    from rich.text import Text

    from .output import escape_controls as esc

    con = Console(file=stream, highlight=False, soft_wrap=True)
    pos = res.position
    head = Text(f"{esc(res.file)}: ", style="bold")
    head.append(f"{len(res.players)} players ({esc(', '.join(res.players))}); {res.actions} of {res.total_actions} "
                f"action(s) judged in {res.turns} turn(s)")
    con.print(head)
    for f in res.findings:
        where = esc(f"{res.file}:{f.line}" if f.line else str(res.file))
        t = Text("ILLEGAL " if f.violations else "PROBLEM ", style="bold red")
        t.append(f"{where}  {esc(f.where())}")
        if f.text:
            t.append(f": {esc(f.text)}")
        con.print(t)
        for v in (f.violations or [f]):
            line = Text(f"  {v.code} ", style="bold red")
            line.append(esc(v.message))
            con.print(line)
            if v.remedy:
                con.print(Text(f"       fix: {esc(v.remedy)}", style="yellow"))
            if v.rulings:
                con.print(Text(f"       rulings: {', '.join(v.rulings)}", style="cyan"))
    if res.stopped:
        con.print(Text("stopped at the first problem (--keep-going records them all)", style="dim"))
    if at is not None:
        if res.reached:
            shown = "standard output" if str(out) == "-" else esc(out)
            con.print(Text(f"position before action {at} ({pos.era.title()} Era round {pos.round}, {esc(pos.turn)} "
                           f"to play, {pos.actions_left} action(s) left)" + (f" written to {shown}" if out else "")))
        else:
            stop = next((f.action for f in res.findings if getattr(f, "action", None)), None)
            hint = (f": the replay stopped at action {stop}; --at {stop} gives the position before it"
                    if res.stopped and stop is not None else
                    f" (the log has {res.total_actions} actions)" if at > res.total_actions + 1 else "")
            con.print(Text(f"action {at} was not reached{hint}", style="red"))
    elif res.game_over:
        con.print(Text("Final scores:", style="bold"))
        for r in res.scores:
            con.print(Text(f"  {r['rank']}. {esc(r['player'])}: {r['vp']} VP (income level {r['income_level']}, "
                           f"space {r['income_space']}; £{r['money']})"))
        w = res.winners
        con.print(Text(("Winner: " if len(w) == 1 else "Shared win: ") + esc(", ".join(w)), style="bold green"))
    elif pos is not None:
        con.print(Text(f"the log ends in the {pos.era.title()} Era, round {pos.round} ({esc(pos.turn)} to play); "
                       "the game is not over"))
    if res.ok and not res.stopped:
        con.print(Text("OK: every action legal" + (", every recorded fact agrees" if res.total_actions else ""),
                       style="green"))
    from .report import rulings_and_assumptions

    rulings_and_assumptions(con, res.rulings, res.assumptions)
