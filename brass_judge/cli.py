"""The ``brass-judge`` command line: a thin typer app, one module per capability.

Each capability lives in its own ``cli_*.py`` module exposing ``register(app)`` (top-level
commands) or ``app`` (a sub-command group). Modules import their heavy dependencies inside the
command functions, so ``--help`` and ``rulings`` stay fast.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

import typer
from typer._click.exceptions import NoArgsIsHelpError, UsageError  # typer 0.28 vendors click
from typer.core import TyperGroup

from .errors import ExitCode, InputError


class _Root(TyperGroup):
    """The ``brass-judge`` group. A command-line usage error (a bad option value or choice, an
    unknown option or command, a missing argument) is shown by click as always: usage text on
    stderr, exit 2. When the command line asks for JSON (``--format json``, ``--format=json``,
    ``-f json``), the JSON contract's ``{"error": {...}}`` object (code INP077) goes to stdout too."""

    def main(self, args=None, *rest, **kw):
        from . import cli_common
        from .cli_common import json_asked

        raw = sys.argv[1:] if args is None else list(args)
        cli_common.RAW_ARGS = raw  # for read_text: click turns an empty path "" into "."
        self._brass_json = json_asked(raw)
        return super().main(args, *rest, **kw)

    def make_context(self, *args, **kw):
        try:
            return super().make_context(*args, **kw)
        except UsageError as exc:
            self._usage_error_json(exc)
            raise

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UsageError as exc:
            self._usage_error_json(exc)
            raise
        except OSError as exc:  # standard output cannot be written (> /dev/full, a closed pipe)
            from .output import WRITE_ERRNOS, stream_failed

            if exc.errno not in WRITE_ERRNOS:
                raise
            raise typer.Exit(stream_failed(exc)) from None

    def _usage_error_json(self, exc: UsageError) -> None:
        if (
            not getattr(self, "_brass_json", False)
            or isinstance(exc, NoArgsIsHelpError)
            or getattr(exc, "_brass_reported", False)
        ):
            return
        from .cli_common import emit_json, usage_input_error

        exc._brass_reported = True  # type: ignore[attr-defined]
        emit_json({"error": usage_input_error(exc).to_dict()})


app = typer.Typer(
    name="brass-judge",
    cls=_Root,
    help="Rules adjudication and linting for Brass: Lancashire and Brass: Birmingham (Roxley "
    "editions; a file's 'game:' says which, Lancashire by default). "
    "Exit codes: 0 legal/clean, 1 illegal/findings, 2 unusable input.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# Modules that add top-level commands (register(app)) or a group (app), in help order.
_COMMAND_MODULES = ["cli_check", "cli_games", "cli_moves", "cli_render", "cli_schema", "cli_completion"]
_GROUP_MODULES = {"rulings": "cli_rulings", "codes": "cli_codes", "data": "cli_data"}


def _version(value: bool) -> None:
    if value:
        from .version_info import version_text

        sys.stdout.write(version_text())
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Rules adjudication and linting for Brass: Lancashire and Brass: Birmingham."""


def _present(mod: str) -> bool:
    return importlib.util.find_spec(f"{__package__}.{mod}") is not None


for _mod in _COMMAND_MODULES:
    if _present(_mod):
        importlib.import_module(f"{__package__}.{_mod}").register(app)
for _name, _mod in _GROUP_MODULES.items():
    if _present(_mod):
        app.add_typer(importlib.import_module(f"{__package__}.{_mod}").app, name=_name)


def run(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code. An InputError escaping a command still exits 2; so does
    output that cannot be written (docs/errors.md, INP061)."""
    import os

    from .output import flush_stdout, setup_streams

    setup_streams()
    if os.environ.get("_BRASS_JUDGE_COMPLETE"):  # the shell asks for completions (cli_completion.py)
        from .cli_completion import enable

        enable()
    try:
        app(args=argv, prog_name="brass-judge", standalone_mode=True)
    except SystemExit as exc:
        code = exc.code
        return flush_stdout(
            code if isinstance(code, int) else (0 if code is None else int(ExitCode.INPUT_ERROR))
        )
    except InputError as err:
        sys.stderr.write(err.render() + "\n")
        return flush_stdout(int(ExitCode.INPUT_ERROR))
    return flush_stdout(0)
