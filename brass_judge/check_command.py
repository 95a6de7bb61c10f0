"""The bodies of ``brass-judge check`` and ``brass-judge validate``: one code path for the typer
commands (brass_judge/cli_check.py) and the start-up fast path (brass_judge/_fastcheck.py).

Typer-free: each function takes the parsed options and a :class:`Report` (where the report goes,
and how text is printed), returns the exit code, and raises :class:`~brass_judge.errors.InputError`
for an unusable input (the caller reports it: exit 2).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is not imported at start-up; mypy reads this as typing's flag
if TYPE_CHECKING:
    from rich.console import Console


class Report:
    """Where a command's report goes: a stream (standard output, or standard error when the
    position or picture is written to standard output), printed with rich's
    ``Console(highlight=False, soft_wrap=True)``."""

    def __init__(self, stream=None) -> None:
        self.stream = stream or sys.stdout
        self._con: Console | None = None  # made on first use (rich loads lazily)

    def write(self, text: str) -> None:
        if text:
            self.stream.write(text)

    def json(self, obj) -> None:
        from .output import json_text

        self.stream.write(json_text(obj, self.stream))

    def text(self, render) -> None:
        """Print what *render(console)* prints."""
        if self._con is None and self.stream is not sys.stdout:
            from rich.console import Console

            self._con = Console(file=self.stream, highlight=False, soft_wrap=True)
        render(self._con)  # None: report.py's Console on standard output


def _fmt(fmt) -> str:
    return str(getattr(fmt, "value", fmt))


def _load(position):
    from .data import game_data
    from .position_io import load_position

    lp = load_position(position)
    return lp, game_data(lp.position.variant, lp.position.game)


def run_check(
    report: Report,
    position,
    action_file=None,
    *,
    action=None,
    player=None,
    as_player=None,
    what_if: bool = False,
    fmt="text",
    explain: bool = False,
    apply: bool = False,
    out=None,
    render=None,
    shortfall=None,
    dcm_sequences: bool = False,
) -> int:
    """``brass-judge check``: judge a proposed action or turn on a position."""
    from .errors import InputError, quote
    from .output import escape_controls, is_stdio, refuse_clobber, refuse_stdin_twice

    fmt = _fmt(fmt)
    refuse_stdin_twice([(position, "POSITION"), (action_file, "ACTION_FILE")])
    refuse_clobber(
        [(out, "position", "--out"), (render, "svg", "--render")],
        [(position, "position", "POSITION"), (action_file, "action", "ACTION_FILE")],
    )
    lp, data = _load(position)
    if (action is None) == (action_file is None):
        raise InputError("give the action either as a file or with --action (exactly one)", code="INP021")
    from .action_io import load_turn, turn_from_text

    if action is not None:
        turn = turn_from_text(action, data)
    else:
        turn = load_turn(str(action_file), data, players=lp.position.players)
    if as_player is not None and player is not None and as_player.lower() != player.lower():
        raise InputError(
            f"--as {as_player} and --player {player} name different players: --as alone says who acts",
            field="--as",
            code="INP021",
        )
    who = as_player or player or turn.player
    if what_if and as_player is None:
        if who is None:
            raise InputError(
                "--what-if needs to know who acts: give --player NAME (or use --as NAME)",
                field="--what-if",
                code="INP021",
            )
        as_player = who
    if who is not None:
        names = {n.lower(): n for n in lp.position.players}
        if who.lower() not in names:
            from .errors import UnknownNameError, closest

            raise UnknownNameError(
                f"unknown player {quote(who)}",
                field="--as" if as_player else "--player",
                suggestions=closest(who, lp.position.players),
            )
        from .model import Turn

        turn = Turn(turn.actions, names[who.lower()], turn.shortfall)
    choices = _shortfall_choices(turn, shortfall, lp.position.players, apply)
    if as_player is not None:
        from dataclasses import replace

        from .engine.what_if import as_turn_of

        new_pos, note = as_turn_of(lp.position, turn.player)  # type: ignore[arg-type]  # set by --as above
        if note is not None:
            lp = replace(lp, position=new_pos, assumptions=[note, *lp.assumptions])
    from .engine.validate import validate

    problems = validate(lp, data)
    if problems:
        return report_invalid(report, str(position), problems, fmt)
    from .engine import check

    verdict = check(lp, turn, data, sequences=dcm_sequences)
    from .games import handles

    if not verdict.legal and handles(lp.position.game, "moves"):
        # the nearest legal actions come from the game's move generator (none yet: none suggested)
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
                raise InputError(
                    "the Distant Cotton Market tile drawn must be stated to apply this action "
                    "(write MILL>distant:N)",
                    code="INP050",
                )
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
        _render(render, verdict, lp, data)
    code = 0 if verdict.legal else 1
    if fmt == "json":
        d = verdict.to_dict(explain=explain)
        d["file"] = str(position)
        if apply:
            d["out"] = str(out) if verdict.legal else None
            d["after_turn"] = after_turn
            d["after_turn_steps"] = after_steps
        report.json(d)
        return code
    from .report import verdict_text

    report.text(lambda con: verdict_text(verdict, explain=explain, console=con))
    if as_player is None:
        from .report import what_if_hint

        report.write(what_if_hint(verdict))
    where = "standard output" if is_stdio(out) else escape_controls(out)
    if apply and verdict.legal:
        if after_turn:
            from .report import after_turn_text

            assumed = [t for t in after_turn if t.startswith("assumed: ")] or []
            report.text(
                lambda con: after_turn_text(after_steps, assumed, data, fallback=after_turn, console=con)
            )
        report.write(f"new position written to {where}\n")
    elif apply and shortfall_bad:
        report.write(
            f"nothing written to {where}: the action is legal, but the tiles named for the income "
            "shortfall are not what the rules allow\n"
        )
    elif apply:
        report.write(f"nothing written to {where}: the action is illegal\n")
    return code


def run_validate(report: Report, position, *, fmt="text") -> int:
    """``brass-judge validate``: report every impossibility in a position."""
    fmt = _fmt(fmt)
    lp, data = _load(position)
    from .engine.validate import validate

    problems = validate(lp, data)
    if problems:
        return report_invalid(report, str(position), problems, fmt, assumptions=lp.assumptions, judging=False)
    if fmt == "json":
        report.json({"file": str(position), "valid": True, "problems": [], "assumptions": lp.assumptions})
    else:
        from .output import escape_controls

        report.write(f"{escape_controls(position)}: valid position\n")
    return 0


def report_invalid(report: Report, file: str, problems, fmt, assumptions=(), *, judging: bool = True) -> int:
    """Report an impossible position; returns exit code 1."""
    from .report import findings_text, violation_dict

    if _fmt(fmt) == "json":
        report.json(
            {
                "file": file,
                "valid": False,
                "verdict": "invalid-position",
                "problems": [violation_dict(v, file) for v in problems],
                "assumptions": list(assumptions),
            }
        )
    else:
        from .output import escape_controls

        # check had an action to judge; validate only checks the position
        tail = "; the action is not judged" if judging else ""
        report.write(f"{escape_controls(file)}: impossible position ({len(problems)} problem(s)){tail}\n")
        report.text(lambda con: findings_text(file, problems, console=con))
    return 1


def _render(path, verdict, lp, data) -> None:
    """``--render``: the verdict as an SVG picture."""
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
    _write(
        path,
        render_position(
            shown,
            data,
            highlight=hl,
            before=lp.position,
            title=("LEGAL" if verdict.legal else "ILLEGAL") + ": " + verdict.action_text,
        ),
        "the picture",
    )


def _shortfall_choices(turn, option, players, apply: bool) -> dict:
    """The tiles named for income shortfalls (the turn file's ``shortfall:`` and ``--shortfall``),
    as ``{player: [ref, ...]}``; the two may not both name the same player."""
    from .action_io import resolve_shortfall_players, shortfall_from_option
    from .errors import InputError

    given = resolve_shortfall_players(shortfall_from_option(option or ()), players)
    if (given or turn.shortfall) and not apply:
        raise InputError(
            "a shortfall choice (--shortfall, or shortfall: in the action file) names the tiles removed "
            "when the round ends: use it with --apply "
            "--out FILE",
            field="--shortfall",
            code="INP023",
        )
    out = {n: list(refs) for n, refs in turn.shortfall}
    for n, refs in given:
        if n in out:
            raise InputError(
                f"{n}'s shortfall tiles are named both in the action file and with --shortfall: "
                "give them once",
                field="--shortfall",
                code="INP023",
            )
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
    unused = (
        [f"the shortfall choice for {', '.join(choices)} was not used: this turn does not end the round"]
        if choices
        else []
    )
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


def _write(path, text: str, what: str) -> None:
    """Write an output file atomically ('-': standard output); a path that cannot be written is
    unusable input (exit 2, INP061), not a crash, and leaves the file as it was."""
    from .output import write_file

    write_file(path, text, what)
