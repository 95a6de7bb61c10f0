"""Entry point: ``brass-judge`` and ``python -m brass_judge``."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from .cli import run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
