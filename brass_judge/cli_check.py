"""``brass-judge check`` and ``brass-judge validate``."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .cli_common import FORMAT_OPTION, Format, fail_input
from .errors import InputError
from .games import examples as _examples


def register(app: typer.Typer) -> None:
    @app.command("check")
    def check_cmd(
        position: Path = typer.Argument(..., help="Position file (YAML)."),
        action_file: Path | None = typer.Argument(None, help="Action or turn file (YAML). Or use --action."),
        action: str | None = typer.Option(
            None,
            "--action",
            "-a",
            help="Action(s) in one-line notation; separate a turn's two actions with ';'.",
        ),
        player: str | None = typer.Option(
            None, "--player", "-p", help="Who acts (default: whose turn it is)."
        ),
        as_player: str | None = typer.Option(
            None,
            "--as",
            help="What-if: judge as if it were this player's "
            "turn (a whole turn; stated as an assumption). Implies --player.",
        ),
        what_if: bool = typer.Option(
            False,
            "--what-if",
            help="What-if for the player who acts (--player or the "
            "action file's player): the same as --as that player.",
        ),
        fmt: Format = FORMAT_OPTION,
        explain: bool = typer.Option(False, "--explain", help="Show the reasoning step by step."),
        apply: bool = typer.Option(
            False, "--apply", help="With --out: write the position after a legal action."
        ),
        out: Path | None = typer.Option(
            None,
            "--out",
            "-o",
            help="Where --apply writes the new position "
            "('-': standard output; the report then goes to standard error). "
            "May be the position file itself (carry-forward).",
        ),
        render: Path | None = typer.Option(
            None, "--render", help="Also draw the verdict as an SVG picture ('-': standard output)."
        ),
        shortfall: list[str] | None = typer.Option(
            None,
            "--shortfall",
            help="With --apply, when the turn ends the "
            "round: the tiles PLAYER removes for an income shortfall, e.g. "
            f"{_examples().SHORTFALL_OPTION} (repeat for each player).",
        ),
        dcm_sequences: bool = typer.Option(
            False,
            "--dcm-sequences",
            help="With unstated Distant Cotton Market "
            "draws (Brass: Lancashire): also list every sequence of tiles behind each result.",
        ),
    ) -> None:
        """Judge a proposed action (or a whole turn) on a position: LEGAL or ILLEGAL, why, what happens,
        and the rulings relied on (the FAQ's for Brass: Lancashire, the rules database's for Brass:
        Birmingham). Exit 0 legal, 1 illegal, 2 unusable input.

        Notation examples: 'build cotton@bolton card=bolton', 'build port@liverpool cards=bolton,wigan',
        'network bolton-bury card=wigan', 'develop coal,iron card=wigan', 'sell bolton>liverpool
        bury>distant:2 card=wigan', 'loan 20 card=wigan', 'pass card=wigan'; two actions: 'A; B'.

        Brass: Birmingham examples (a position with game: birmingham; docs/notation-birmingham.md):
        'build iron_works@coalbrookdale card=coalbrookdale', 'network leek-stoke-on-trent card=dudley',
        'develop coal_mine card=redditch', 'sell stoke-on-trent>warrington:merchant card=iron_works',
        'loan card=stafford', 'scout cards=dudley,redditch,stafford', 'pass card=worcester'."""
        from .check_command import Report, run_check
        from .output import is_stdio

        # '--out -' / '--render -' write to standard output: the report then goes to standard error
        report_to = sys.stderr if (apply and is_stdio(out)) or is_stdio(render) else sys.stdout
        try:
            code = run_check(
                Report(report_to),
                position,
                action_file,
                action=action,
                player=player,
                as_player=as_player,
                what_if=what_if,
                fmt=fmt,
                explain=explain,
                apply=apply,
                out=out,
                render=render,
                shortfall=shortfall,
                dcm_sequences=dcm_sequences,
            )
        except InputError as err:
            raise fail_input(err, fmt) from None
        raise typer.Exit(code)

    @app.command("validate")
    def validate_cmd(
        position: Path = typer.Argument(..., help="Position file (YAML)."),
        fmt: Format = FORMAT_OPTION,
    ) -> None:
        """Report every impossibility in a position (too many tiles, wrong spaces, ...), each with a
        code and its file line. Exit 0 valid, 1 impossible, 2 unusable input."""
        from .check_command import Report, run_validate

        try:
            code = run_validate(Report(), position, fmt=fmt)
        except InputError as err:
            raise fail_input(err, fmt) from None
        raise typer.Exit(code)
