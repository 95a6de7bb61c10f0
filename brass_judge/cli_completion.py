"""``brass-judge completion SHELL``: print the shell completion script (docs: README, "Shell completion").

typer's own ``--install-completion`` is turned off in this app (``add_completion=False``: it
would add two options to every ``--help`` and edit the user's shell start-up file); this
command prints typer's script for the shell instead, and the user decides where it goes. When
the shell asks for completions (``_BRASS_JUDGE_COMPLETE`` set), :func:`brass_judge.cli.run`
registers typer's completion classes first (:func:`enable`).
"""

from __future__ import annotations

from enum import Enum

import typer

PROG = "brass-judge"
COMPLETE_VAR = "_BRASS_JUDGE_COMPLETE"


class Shell(str, Enum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"
    powershell = "powershell"


def enable() -> None:
    """Register typer's bash/zsh/fish/powershell completion classes (done only when asked)."""
    from typer._completion_classes import completion_init

    completion_init()


def script(shell: str) -> str:
    from typer._completion_shared import get_completion_script

    return get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=shell)


def register(app: typer.Typer) -> None:
    @app.command("completion")
    def completion_cmd(
        shell: Shell = typer.Argument(..., case_sensitive=False, help="bash, zsh, fish or powershell."),
    ) -> None:
        """Print the shell completion script for SHELL (bash, zsh, fish or powershell).

        \b
        Install it, then open a new shell:
          bash: brass-judge completion bash > ~/.local/share/bash-completion/completions/brass-judge
          zsh:  brass-judge completion zsh > ~/.zfunc/_brass-judge  (fpath+=(~/.zfunc) before compinit)
          fish: brass-judge completion fish > ~/.config/fish/completions/brass-judge.fish
        or add eval "$(brass-judge completion bash)" to ~/.bashrc (zsh: to ~/.zshrc, after compinit)."""
        import sys

        sys.stdout.write(script(shell.value) + "\n")
