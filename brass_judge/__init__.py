"""brass-judge: rules adjudication and linting for the board games Brass: Lancashire and Brass: Birmingham.

Public API (imported lazily so that ``import brass_judge`` stays cheap; see
:mod:`brass_judge.facade`). A position is a path, a loaded position or a Position; an action is
notation, an action object or a Turn. The position is validated first: an impossible position is
never judged legal (``check`` returns an illegal verdict listing its POS problems).

>>> from brass_judge import load_position, parse_action, check, apply, legal_actions
>>> pos = load_position("examples/worked-turn/position.yaml")
>>> verdict = check(pos, parse_action("network manchester-warrington card=coal_mine", pos))
>>> verdict.legal, [e.text for e in verdict.effects][-1]
(True, 'green pays £3 for 1 canal link(s) (spent this round: £3)')
>>> check("examples/worked-turn/position.yaml", "network canal bolton-bury card=manchester").legal
False
>>> len(legal_actions(pos)) > 0, apply(pos, "loan 10 card=wigan").player["green"].money
(True, 30)
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
    "get_rules",
    "game_data",
    "InvalidPosition",
]

_LAZY = {
    "load_position": ("brass_judge.facade", "load_position"),
    "parse_action": ("brass_judge.facade", "parse_action"),
    "check": ("brass_judge.facade", "check"),
    "apply": ("brass_judge.facade", "apply"),
    "legal_actions": ("brass_judge.facade", "legal_actions"),
    "validate": ("brass_judge.facade", "validate"),
    "replay": ("brass_judge.facade", "replay"),
    "get_rules": ("brass_judge.facade", "get_rules"),
    "InvalidPosition": ("brass_judge.facade", "InvalidPosition"),
    "game_data": ("brass_judge.data", "game_data"),
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        mod, attr = _LAZY[name]
        return getattr(importlib.import_module(mod), attr)
    raise AttributeError(f"module 'brass_judge' has no attribute {name!r}")
