"""``brass-judge replay`` and ``brass-judge lint`` (game logs, docs/games.md)."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

import typer

from .cli_common import FORMAT_OPTION, Format, emit_json, fail_input
from .errors import ExitCode, InputError


class LintFormat(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"
    junit = "junit"
    gitlab = "gitlab"
    json_lines = "json-lines"


def register(app: typer.Typer) -> None:
    @app.command("replay")
    def replay_cmd(
        game: Path = typer.Argument(..., help="Game log (YAML, see 'brass-judge schema game')."),
        keep_going: bool = typer.Option(
            False,
            "--keep-going",
            "-k",
            help="Record every problem and carry on (an illegal action becomes a pass).",
        ),
        at: int | None = typer.Option(
            None,
            "--at",
            help="Stop before the N-th action of the game (1-based) "
            "and write that position (with --out, else to stdout).",
        ),
        out: Path | None = typer.Option(
            None,
            "--out",
            "-o",
            help="Where --at writes the position (YAML); "
            "'-': standard output, the report then on standard error.",
        ),
        render_dir: Path | None = typer.Option(
            None,
            "--render-dir",
            help="Write one SVG picture of the board per round end into this folder (created if needed).",
        ),
        round_ends: bool = typer.Option(
            False,
            "--round-ends",
            help="Text: show what every round's end did "
            "(turn order, income, ...), not only each era's end, each step with "
            "its rulings. (JSON always has them, under round_ends.)",
        ),
        annotate_out: Path | None = typer.Option(
            None,
            "--annotate",
            help="Write a copy of the log with the facts "
            "the rules give after every turn (money, income level, VP) "
            "to this file (atomically; never over the log).",
        ),
        fmt: Format = FORMAT_OPTION,
    ) -> None:
        """Replay a logged game through the rules: every action judged, recorded facts verified,
        final scores. Exit 0 clean, 1 illegal action or fact mismatch, 2 unusable input."""
        from .output import escape_controls, is_stdio, refuse_clobber, write_file

        report_to = sys.stderr if is_stdio(out) else sys.stdout  # '--out -': the position on stdout
        try:
            if out is not None and at is None:
                raise InputError("--out needs --at N (the action to stop before)", code="INP074")
            refuse_clobber([(out, "position", "--out")], [(game, "game", "GAME")])
            from .gamelog import replay

            source, ann = _annotate(game, annotate_out, at)

            hook = None
            pictures: list = []
            if render_dir is not None and is_stdio(render_dir):
                raise InputError(
                    "--render-dir needs a folder: standard output ('-') cannot hold one picture per round",
                    field="--render-dir",
                    code="INP094",
                )
            if render_dir is not None:
                try:
                    render_dir.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise InputError(
                        f"cannot create the picture folder: {exc.strerror or exc}",
                        file=str(render_dir),
                        code="INP061",
                    ) from None
                from .render_svg import render_position

                def hook(era, rnd, position):
                    path = render_dir / f"{len(pictures) + 1:02d}-{era}-round-{rnd:02d}.svg"
                    title = f"{game.name}: end of {era.title()} Era round {rnd}"
                    refuse_clobber(
                        [(path, "svg", "--render-dir"), (out, "position", "--out")], [(game, "game", "GAME")]
                    )
                    write_file(
                        path, render_position(position, position_data(position), title=title), "a picture"
                    )
                    pictures.append(str(path))

                def position_data(position):
                    from .data import game_data

                    return game_data(position.variant, position.game)

            res = replay(
                source, keep_going=keep_going, stop_before=at, on_round_end=hook, round_end_steps=True
            )
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
            d["round_ends"] = res.round_ends
            if render_dir is not None:
                d["pictures"] = pictures
            if at is not None:
                d["at"] = at
                d["reached"] = res.reached
                if pos_text is not None and out is None:
                    from .position_io import position_to_obj

                    d["position"] = position_to_obj(res.position, res.data)
                d["out"] = str(out) if out is not None and pos_text is not None else None
            if ann is not None:
                d["annotate"] = dict(ann.to_dict(), out=str(annotate_out))
            emit_json(d, file=report_to)
        else:
            if at is not None and out is None and pos_text is not None and res.ok:
                sys.stdout.write(pos_text)
            else:
                _replay_text(
                    res,
                    at=at,
                    out=out if pos_text is not None else None,
                    round_ends=round_ends,
                    stream=report_to,
                )
                if render_dir is not None:
                    report_to.write(
                        f"{len(pictures)} round-end picture(s) written to {escape_controls(render_dir)}\n"
                    )
                if ann is not None:
                    report_to.write(_annotate_note(ann, annotate_out))
        raise typer.Exit(int(ExitCode.OK if res.ok and (at is None or res.reached) else ExitCode.FINDINGS))

    @app.command("lint")
    def lint_cmd(
        paths: list[Path] = typer.Argument(
            ...,
            help="Files and folders (folders: every *.yaml/*.yml, recursively); "
            "'-' reads one file from standard input.",
        ),
        fmt: LintFormat = typer.Option(
            LintFormat.text,
            "--format",
            "-f",
            case_sensitive=False,
            help="text, json, sarif (SARIF 2.1.0), github (workflow annotations), "
            "junit (JUnit XML), gitlab (Code Quality JSON) or json-lines.",
        ),
        jobs: int = typer.Option(
            1,
            "--jobs",
            "-j",
            min=0,
            help="Lint files in N processes (0 = one per CPU; "
            "more than the CPUs available is capped, with a note on stderr).",
        ),
        output_file: Path | None = typer.Option(
            None,
            "--output-file",
            "-o",
            help="Write the report to this file (atomically; never over an input) instead of stdout.",
        ),
        exit_zero: bool = typer.Option(
            False,
            "--exit-zero",
            "-e",
            help="Exit 0 even when there are findings (still 2 for unusable input).",
        ),
        quiet: bool = typer.Option(
            False, "--quiet", "-q", help="Text: the findings only, without the summary line."
        ),
        stats: bool = typer.Option(
            False,
            "--statistics",
            help="Print how many findings of each code instead of the findings (text, json or json-lines).",
        ),
    ) -> None:
        """Check game logs, positions and action files: every finding with a stable code, file and
        line. Exit 0 clean, 1 findings, 2 when some input could not be used (its INP finding is
        reported with the other files' findings), a path does not exist, or the paths hold no
        .yaml/.yml file at all. In a game log, what follows the first illegal action or wrong turn
        is counted in one note, not listed (`replay --keep-going` lists it)."""
        from .cli_common import USAGE_ERROR_CODE

        err_fmt = Format.json if fmt == LintFormat.json else Format.text
        if stats and fmt not in (LintFormat.text, LintFormat.json, LintFormat.json_lines):
            raise fail_input(
                InputError(
                    f"--statistics works with --format text, json or json-lines, not {fmt.value}",
                    code=USAGE_ERROR_CODE,
                ),
                err_fmt,
            )
        from .lint import exit_code, lint_paths
        from .output import escape_controls

        notes: list = []
        reports = lint_paths([str(p) for p in paths], jobs=jobs, notes=notes)
        for note in notes:
            sys.stderr.write(f"note: {escape_controls(note)}\n")
        text = _lint_report(reports, fmt, stats=stats, quiet=quiet)
        if output_file is not None:
            from .atomic import write_text

            inputs = [str(p) for p in paths] + [r.file for r in reports]
            try:
                write_text(output_file, text, inputs=inputs, what="the report")
            except InputError as err:
                raise fail_input(err, err_fmt) from None
        else:
            from .output import encodable, json_escape

            if not encodable(text):  # an ASCII or latin-1 stdout: keep JSON and XML well-formed
                if fmt in (LintFormat.json, LintFormat.sarif, LintFormat.gitlab, LintFormat.json_lines):
                    text = json_escape(text, ascii_only=True)
                elif fmt == LintFormat.junit:
                    enc = getattr(sys.stdout, "encoding", None) or "utf-8"
                    text = text.encode(enc, "xmlcharrefreplace").decode(enc)
            sys.stdout.write(text)
        code = exit_code(reports)
        raise typer.Exit(0 if exit_zero and code == int(ExitCode.FINDINGS) else code)


def _annotate(game: Path, annotate_out: Path | None, at: int | None):
    """``replay --annotate``: write the annotated copy; return ``(source for the replay, Annotation)``."""
    if annotate_out is None:
        return str(game), None
    from .cli_common import USAGE_ERROR_CODE

    if at is not None:
        raise InputError(
            "--annotate works on the whole log: it cannot be combined with --at", code=USAGE_ERROR_CODE
        )
    if str(annotate_out) == "-":
        raise InputError(
            "--annotate needs a file to write the annotated log to (not '-')", code=USAGE_ERROR_CODE
        )
    from .atomic import write_text
    from .log_facts import annotate
    from .yamlio import load_string, read_text

    name = "<stdin>" if str(game) == "-" else str(game)
    text = read_text(game, what="game log")
    ann = annotate(text, name)
    write_text(annotate_out, ann.text, inputs=[] if str(game) == "-" else [game], what="the annotated log")
    return load_string(text, name), ann


def _annotate_note(ann, annotate_out) -> str:
    from .output import escape_controls

    s = f"annotated copy written to {escape_controls(annotate_out)}: facts after {len(ann.annotated)} turn(s)"
    if ann.kept:
        s += f"; {len(ann.kept)} turn(s) already record facts, kept as written (checked above)"
    st = ann.stopped
    if ann.not_reached:
        where = f" at line {st.line}" if st is not None and st.line else ""
        s += (
            f"; {len(ann.not_reached)} turn(s) from the first problem{where} on are not annotated "
            "(the rules no longer say what they lead to)"
        )
    return s + "\n"


def _lint_report(reports: list, fmt: LintFormat, *, stats: bool = False, quiet: bool = False) -> str:
    """The text ``lint`` writes for *reports* in format *fmt*."""
    import json

    from . import lint as L
    from .cli_common import _default
    from .output import json_escape  # invisible characters as \\uXXXX: the same JSON, nothing hidden

    if stats:
        from .lint_formats import render_statistics

        text = render_statistics(reports, fmt.value)
        return json_escape(text) if fmt != LintFormat.text else text
    if fmt == LintFormat.json:
        return (
            json_escape(json.dumps(L.render_json(reports), indent=2, ensure_ascii=False, default=_default))
            + "\n"
        )
    if fmt == LintFormat.sarif:
        return (
            json_escape(json.dumps(L.render_sarif(reports), indent=2, ensure_ascii=False, default=_default))
            + "\n"
        )
    if fmt == LintFormat.github:
        return L.render_github(reports)
    if fmt == LintFormat.junit:
        from .lint_formats import render_junit

        return render_junit(reports)
    if fmt == LintFormat.gitlab:
        from .lint_formats import render_gitlab

        return json_escape(json.dumps(render_gitlab(reports), indent=2, ensure_ascii=False)) + "\n"
    if fmt == LintFormat.json_lines:
        from .lint_formats import render_json_lines

        return json_escape(render_json_lines(reports))
    text = L.render_text(reports)
    if quiet:  # the findings only: drop the summary (always the last line)
        lines = text.splitlines(keepends=True)
        text = "".join(lines[:-1])
    return text


def _replay_text(res, *, at=None, out=None, round_ends: bool = False, stream=None) -> None:
    from rich.console import Console
    from rich.text import Text

    from .output import escape_controls as esc

    con = Console(file=stream, highlight=False, soft_wrap=True)
    pos = res.position
    head = Text(f"{esc(res.file)}: ", style="bold")
    head.append(
        f"{len(res.players)} players ({esc(', '.join(res.players))}); {res.actions} of {res.total_actions} "
        f"action(s) judged in {res.turns} turn(s)"
    )
    con.print(head)
    for f in res.findings:
        where = esc(f"{res.file}:{f.line}" if f.line else str(res.file))
        t = Text("ILLEGAL " if f.violations else "PROBLEM ", style="bold red")
        t.append(f"{where}  {esc(f.where())}")
        if f.text:
            t.append(f": {esc(f.text)}")
        con.print(t)
        for v in f.violations or [f]:
            line = Text(f"  {v.code} ", style="bold red")
            line.append(esc(v.message))
            con.print(line)
            if v.remedy:
                con.print(Text(f"       fix: {esc(v.remedy)}", style="yellow"))
            if v.rulings:
                con.print(Text(f"       rulings: {', '.join(v.rulings)}", style="cyan"))
    from .report import after_turn_text

    for end in res.round_ends:
        if round_ends or any(st["kind"] == "era-end" for st in end["steps"]):
            after_turn_text(
                end["steps"],
                [],
                res.data,
                console=con,
                heading=f"End of {end['era'].title()} Era round {end['round']}:",
            )
    if res.stopped:
        con.print(Text("stopped at the first problem (--keep-going records them all)", style="dim"))
    if at is not None:
        if res.reached:
            shown = "standard output" if str(out) == "-" else esc(out)
            con.print(
                Text(
                    f"position before action {at} ({pos.era.title()} Era round {pos.round}, {esc(pos.turn)} "
                    f"to play, {pos.actions_left} action(s) left)" + (f" written to {shown}" if out else "")
                )
            )
        else:
            stop = next((f.action for f in res.findings if getattr(f, "action", None)), None)
            hint = (
                f": the replay stopped at action {stop}; --at {stop} gives the position before it"
                if res.stopped and stop is not None
                else f" (the log has {res.total_actions} actions)"
                if at > res.total_actions + 1
                else ""
            )
            con.print(Text(f"action {at} was not reached{hint}", style="red"))
    elif res.game_over:
        con.print(Text("Final scores:", style="bold"))
        for r in res.scores:
            con.print(
                Text(
                    f"  {r['rank']}. {esc(r['player'])}: {r['vp']} VP (income level {r['income_level']}, "
                    f"space {r['income_space']}; £{r['money']})"
                )
            )
        w = res.winners
        con.print(
            Text(("Winner: " if len(w) == 1 else "Shared win: ") + esc(", ".join(w)), style="bold green")
        )
    elif pos is not None:
        con.print(
            Text(
                f"the log ends in the {pos.era.title()} Era, round {pos.round} ({esc(pos.turn)} to play); "
                "the game is not over"
            )
        )
    if res.ok and not res.stopped:
        con.print(
            Text(
                "OK: every action legal" + (", every recorded fact agrees" if res.total_actions else ""),
                style="green",
            )
        )
    from .report import rulings_and_assumptions

    rulings_and_assumptions(con, res.rulings, res.assumptions)
