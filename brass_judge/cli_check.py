"""``brass-judge check`` and ``brass-judge validate``."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .cli_common import FORMAT_OPTION, Format, emit_json, fail_input
from .errors import ExitCode, InputError, quote


def _load(position: Path):
    from .data import game_data
    from .position_io import load_position

    lp = load_position(position)
    return lp, game_data(lp.position.variant)


def register(app: typer.Typer) -> None:
    @app.command("check")
    def check_cmd(
        position: Path = typer.Argument(..., help="Position file (YAML)."),
        action_file: Optional[Path] = typer.Argument(None, help="Action or turn file (YAML). Or use --action."),
        action: Optional[str] = typer.Option(None, "--action", "-a", help="Action(s) in one-line notation; "
                                             "separate a turn's two actions with ';'."),
        player: Optional[str] = typer.Option(None, "--player", "-p", help="Who acts (default: whose turn it is)."),
        as_player: Optional[str] = typer.Option(None, "--as", help="What-if: judge as if it were this player's "
                                                "turn (a whole turn; stated as an assumption). Implies --player."),
        what_if: bool = typer.Option(False, "--what-if", help="What-if for the player who acts (--player or the "
                                     "action file's player): the same as --as that player."),
        fmt: Format = FORMAT_OPTION,
        explain: bool = typer.Option(False, "--explain", help="Show the reasoning step by step."),
        apply: bool = typer.Option(False, "--apply", help="With --out: write the position after a legal action."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="Where --apply writes the new position "
                                           "('-': standard output; the report then goes to standard error). "
                                           "May be the position file itself (carry-forward)."),
        render: Optional[Path] = typer.Option(None, "--render", help="Also draw the verdict as an SVG picture "
                                              "('-': standard output)."),
        shortfall: Optional[list[str]] = typer.Option(None, "--shortfall", help="With --apply, when the turn ends the "
                                                      "round: the tiles PLAYER removes for an income shortfall, e.g. "
                                                      "red=bolton,wigan#1 (repeat for each player)."),
        dcm_sequences: bool = typer.Option(False, "--dcm-sequences", help="With unstated Distant Cotton Market "
                                           "draws: also list every sequence of tiles behind each result."),
    ) -> None:
        """Judge a proposed action (or a whole turn) on a position: LEGAL or ILLEGAL, why, what happens,
        and the FAQ rulings relied on. Exit 0 legal, 1 illegal, 2 unusable input.

        Notation examples: 'build cotton@bolton card=bolton', 'build port@liverpool cards=bolton,wigan',
        'network bolton-bury card=wigan', 'develop coal,iron card=wigan', 'sell bolton>liverpool
        bury>distant:2 card=wigan', 'loan 20 card=wigan', 'pass card=wigan'; two actions: 'A; B'."""
        from .output import escape_controls, is_stdio, refuse_clobber, refuse_stdin_twice

        # '--out -' / '--render -' write to standard output: the report then goes to standard error
        report_to = sys.stderr if (apply and is_stdio(out)) or is_stdio(render) else sys.stdout
        try:
            refuse_stdin_twice([(position, "POSITION"), (action_file, "ACTION_FILE")])
            refuse_clobber([(out, "position", "--out"), (render, "svg", "--render")],
                           [(position, "position", "POSITION"), (action_file, "action", "ACTION_FILE")])
            lp, data = _load(position)
            if (action is None) == (action_file is None):
                raise InputError("give the action either as a file or with --action (exactly one)", code="INP021")
            from .action_io import load_turn, turn_from_text

            if action is not None:
                turn = turn_from_text(action, data)
            else:
                turn = load_turn(str(action_file), data, players=lp.position.players)
            if as_player is not None and player is not None and as_player.lower() != player.lower():
                raise InputError(f"--as {as_player} and --player {player} name different players: --as alone "
                                 "says who acts", field="--as", code="INP021")
            who = as_player or player or turn.player
            if what_if and as_player is None:
                if who is None:
                    raise InputError("--what-if needs to know who acts: give --player NAME (or use --as NAME)",
                                     field="--what-if", code="INP021")
                as_player = who
            if who is not None:
                names = {n.lower(): n for n in lp.position.players}
                if who.lower() not in names:
                    from .errors import UnknownNameError, closest

                    raise UnknownNameError(f"unknown player {quote(who)}", field="--as" if as_player else "--player",
                                           suggestions=closest(who, lp.position.players))
                from .model import Turn

                turn = Turn(turn.actions, names[who.lower()], turn.shortfall)
            choices = _shortfall_choices(turn, shortfall, lp.position.players, apply)
            if as_player is not None:
                from dataclasses import replace

                from .engine.what_if import as_turn_of

                new_pos, note = as_turn_of(lp.position, turn.player)
                if note is not None:
                    lp = replace(lp, position=new_pos, assumptions=[note, *lp.assumptions])
            from .engine.validate import validate

            problems = validate(lp, data)
            if problems:
                return _report_invalid(str(position), problems, fmt, stream=report_to)
            from .engine import check

            verdict = check(lp, turn, data, sequences=dcm_sequences)
            if not verdict.legal:
                from .engine.alternatives import nearest_legal

                verdict.alternatives = nearest_legal(lp, turn, data, verdict=verdict)
            after_turn: list = []  # what ending the turn did (apply), as texts
            after_steps: list = []  # the same, as steps with their rulings
            shortfall_bad = False
            if apply:
                if out is None:
                    raise InputError("--apply needs --out FILE for the new position", code="INP022")
                if verdict.legal:
                    if verdict.outcomes:
                        raise InputError("the Distant Cotton Market tile drawn must be stated to apply this action "
                                         "(write MILL>distant:N)", code="INP050")
                    from .position_io import dump_position

                    new, after_turn, after_steps, bad = _end_turn_if_done(verdict.position, data, choices)
                    if bad:
                        # the action is legal, but the tiles named for the shortfall are not (Q033, Q034)
                        verdict.legal, verdict.violations, shortfall_bad = False, bad, True
                        verdict.rulings = list(dict.fromkeys(q for v in bad for q in v.rulings))
                        after_turn, after_steps = [], []
                    else:
                        _write(out, dump_position(new, data), "the new position")
            if render is not None:
                from .render_svg import render_position

                hl = dict(getattr(verdict, "highlight", {}) or {})
                hl["legal"] = verdict.legal
                if not verdict.legal:
                    # nothing happens when the action is illegal: no coal moved, nothing flipped or
                    # removed; the picture keeps only where the player tried to build or link
                    for moved in ("coal_from", "flipped", "removed"):
                        hl.pop(moved, None)
                if "coal_from" in hl:
                    from .engine import coal_paths

                    hl["coal_paths"] = coal_paths(verdict.position or lp.position, hl)
                    del hl["coal_from"]
                shown = verdict.position if verdict.legal and verdict.position is not None else lp.position
                caption = [v.message for v in verdict.violations[:3]]  # why not, as in the text verdict
                caption += [e.text for e in verdict.effects if e.kind == "tile-removed"] if verdict.legal else []
                if caption:
                    hl["caption"] = caption
                _write(render, render_position(shown, data, highlight=hl, before=lp.position,
                                               title=("LEGAL" if verdict.legal else "ILLEGAL") + ": " + verdict.action_text),
                       "the picture")
        except InputError as err:
            raise fail_input(err, fmt) from None
        if fmt == Format.json:
            d = verdict.to_dict(explain=explain)
            d["file"] = str(position)
            if apply:
                d["out"] = str(out) if verdict.legal else None
                d["after_turn"] = after_turn
                d["after_turn_steps"] = after_steps
            emit_json(d, file=report_to)
        else:
            from .report import verdict_text

            con = _console(report_to)
            verdict_text(verdict, explain=explain, console=con)
            if as_player is None:
                from .report import what_if_hint

                report_to.write(what_if_hint(verdict))
            where = "standard output" if is_stdio(out) else escape_controls(out)
            if apply and verdict.legal:
                if after_turn:
                    from .report import after_turn_text

                    after_turn_text(after_steps, [t for t in after_turn if t.startswith("assumed: ")]
                                    or [], data, fallback=after_turn, console=con)
                report_to.write(f"new position written to {where}\n")
            elif apply and shortfall_bad:
                report_to.write(f"nothing written to {where}: the action is legal, but the tiles named for the income "
                                "shortfall are not what the rules allow\n")
            elif apply:
                report_to.write(f"nothing written to {where}: the action is illegal\n")
        raise typer.Exit(int(ExitCode.OK if verdict.legal else ExitCode.FINDINGS))

    @app.command("validate")
    def validate_cmd(
        position: Path = typer.Argument(..., help="Position file (YAML)."),
        fmt: Format = FORMAT_OPTION,
    ) -> None:
        """Report every impossibility in a position (too many tiles, wrong spaces, ...), each with a
        code and its file line. Exit 0 valid, 1 impossible, 2 unusable input."""
        try:
            lp, data = _load(position)
            from .engine.validate import validate

            problems = validate(lp, data)
        except InputError as err:
            raise fail_input(err, fmt) from None
        if problems:
            _report_invalid(str(position), problems, fmt, assumptions=lp.assumptions, judging=False)
        if fmt == Format.json:
            emit_json({"file": str(position), "valid": True, "problems": [], "assumptions": lp.assumptions})
        else:
            from .output import escape_controls

            sys.stdout.write(f"{escape_controls(position)}: valid position\n")
        raise typer.Exit(0)


def _shortfall_choices(turn, option, players, apply: bool) -> dict:
    """The tiles named for income shortfalls (the turn file's ``shortfall:`` and ``--shortfall``),
    as ``{player: [ref, ...]}``; the two may not both name the same player."""
    from .action_io import resolve_shortfall_players, shortfall_from_option

    given = resolve_shortfall_players(shortfall_from_option(option or ()), players)
    if (given or turn.shortfall) and not apply:
        raise InputError("a shortfall choice (--shortfall, or shortfall: in the action file) names the tiles removed "
                         "when the round ends: use it with --apply "
                         "--out FILE", field="--shortfall", code="INP023")
    out = {n: list(refs) for n, refs in turn.shortfall}
    for n, refs in given:
        if n in out:
            raise InputError(f"{n}'s shortfall tiles are named both in the action file and with --shortfall: "
                             "give them once", field="--shortfall", code="INP023")
        out[n] = list(refs)
    return out


def _end_turn_if_done(pos, data, choices=None) -> tuple:
    """After ``--apply``: when the turn has no action left, end it as the rules do (refill the hand,
    the next player's turn; after the last player, the end of the round, and of the era when
    due), so that the file written is ready for the next player. *choices*: the tiles each
    player removes for an income shortfall (judged: GAM005). Returns (position, texts, steps,
    violations of the shortfall choice): the texts of what ending the turn did (and its
    assumptions), the same as steps with the rulings that decide each
    (:func:`brass_judge.engine.after_turn.steps`)."""
    unused = [f"the shortfall choice for {', '.join(choices)} was not used: this turn does not end the round"] \
        if choices else []
    if pos.actions_left > 0 or pos.game_over:
        return pos, unused, [], []
    from .engine import flow

    try:
        # a new era's cards are dealt at the table
        new, fx = flow.end_turn(pos, data, unknown_deal=True, shortfall_choices=choices or None)
    except ValueError as exc:  # not expected: the deal is left unknown
        return pos, [f"the turn is over but could not be ended here: {exc}"], [], []
    from .engine.after_turn import steps

    texts = [e.text for e in fx] + [f"assumed: {a}" for a in fx.assumptions]
    if not any(e.kind == "income" for e in fx):
        return new, texts + unused, steps(fx), []
    return new, texts, steps(fx), list(fx.violations)


def _write(path: Path, text: str, what: str) -> None:
    """Write an output file atomically ('-': standard output); a path that cannot be written is
    unusable input (exit 2, INP061), not a crash, and leaves the file as it was."""
    from .output import write_file

    write_file(path, text, what)


def _console(stream):
    from rich.console import Console

    return Console(file=stream, highlight=False, soft_wrap=True) if stream is not sys.stdout else None


def _report_invalid(file: str, problems, fmt, assumptions=(), *, judging: bool = True, stream=None) -> None:
    from .output import escape_controls
    from .report import findings_text, violation_dict

    stream = stream or sys.stdout
    if fmt == Format.json:
        emit_json({"file": file, "valid": False, "verdict": "invalid-position",
                   "problems": [violation_dict(v, file) for v in problems], "assumptions": list(assumptions)},
                  file=stream)
    else:
        # check had an action to judge; validate only checks the position
        tail = "; the action is not judged" if judging else ""
        stream.write(f"{escape_controls(file)}: impossible position ({len(problems)} problem(s)){tail}\n")
        findings_text(file, problems, console=_console(stream))
    raise typer.Exit(int(ExitCode.FINDINGS))
