"""brass-judge: rules adjudication and linting for the board game Brass: Lancashire.

Public API (imported lazily so that ``import brass_judge`` stays cheap)::

    from brass_judge import load_position, parse_action, check, apply, legal_actions
    pos = load_position("examples/worked-turn/position.yaml")
    verdict = check(pos, parse_action("network canal bolton-bury card=manchester", pos))
    verdict.legal, verdict.violations, verdict.effects, verdict.rulings
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "load_position",
    "parse_action",
    "check",
    "apply",
    "legal_actions",
    "validate",
    "replay",
    "game_data",
]

_LAZY = {
    "load_position": ("brass_judge.position_io", "load_position"),
    "parse_action": ("brass_judge.notation", "parse_action"),
    "check": ("brass_judge.engine", "check"),
    "apply": ("brass_judge.engine", "apply"),
    "legal_actions": ("brass_judge.engine", "legal_actions"),
    "validate": ("brass_judge.engine.validate", "validate"),
    "replay": ("brass_judge.gamelog", "replay"),
    "game_data": ("brass_judge.data", "game_data"),
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        mod, attr = _LAZY[name]
        return getattr(importlib.import_module(mod), attr)
    raise AttributeError(f"module 'brass_judge' has no attribute {name!r}")
