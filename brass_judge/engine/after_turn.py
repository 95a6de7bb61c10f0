"""The steps that end a turn, a round or an era, each with the rulings that decide it.

:func:`brass_judge.engine.flow.end_turn` returns its effects (refilling the hand, the next
player's turn, the new turn order, income, shortfall removals, link and tile scoring, the level 1
removal, ...). :func:`steps` turns them into ``{kind, text, rule, rulings, ...}`` objects for
``check --apply`` and ``replay``: each step cites the rulings that decide *that* step (the turn
order, a negative income, a shortfall, link scoring, ...), drawn from the ``RUL-*`` rows of
:mod:`brass_judge.codes` (:data:`STEP_RULINGS`, by case key, resolved to the game's rulings; a
test checks that every ruling cited is one its rule cites). A game whose steps differ gives its
own table through its rules object (:meth:`~brass_judge.rules.Rules.flow_step_rulings`: Brass:
Birmingham's refill, merchant beer and link-scoring decisions). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: step kind -> ((rule code, cases of that rule the step always cites), ...): case keys, which each
#: game maps to its rulings (brass_judge/games/<game>/cases.py)
STEP_RULINGS = {
    "draw": (
        ("RUL-FIRST-ROUND", ("turn.first-round-one-action",)),
    ),  # refill to 8: one card after the first turn, then two
    "turn": (
        ("RUL-FIRST-ROUND", ("turn.first-round-one-action",)),
    ),  # one action in the first round, two afterwards
    "turn-order": (
        ("RUL-TURN-ORDER", ("round.turn-order-by-spent",)),
        ("RUL-SPENT", ("round.spent-counts",)),
    ),
    "income": (("RUL-INCOME", ("income.all-together",)),),
    "tile-removed": (("RUL-SHORTFALL", ("income.shortfall", "income.sell-tiles-for-money")),),
    "round": (("RUL-TURN-ORDER", ("round.turn-order-by-spent",)),),
    "era-end": (("RUL-DECK", ("deck.rounds-per-era", "deck.runs-out-evenly")),),
    "score-links": (("RUL-LINK-SCORING", ("score.links", "score.links-before-tiles", "era.canals-removed")),),
    "score-tiles": (
        ("RUL-TILE-SCORING", ("score.tiles-at-era-end",)),
        ("RUL-LINK-SCORING", ("score.links-before-tiles",)),
    ),
    "level1-removed": (
        ("RUL-CANAL-END", ("era.level1-removed", "era.cubes-stay")),
        ("RUL-LINK-SCORING", ("score.links-before-tiles",)),
    ),
    "dcm-reset": (("RUL-CANAL-END", ("era.markets-not-refilled", "sell.distant-resets-at-x")),),
    "rail-deck": (("RUL-CANAL-END", ("deck.cards-under-deck-tile", "era.fresh-hand")),),
    "score-money": (("RUL-RAIL-END", ("score.money",)),),
    "game-end": (("RUL-RAIL-END", ("score.ties",)),),
}
#: cases a step cites only when they decide it: (kind, rule, case key)
CASE_RULINGS = (
    (
        "turn-order",
        "RUL-TURN-ORDER",
        "round.rail-era-first-order",
    ),  # the Canal Era's last round sets the Rail Era's order
    ("income", "RUL-INCOME", "income.none-after-last-round"),  # no income after the game's last round
    ("income", "RUL-INCOME", "income.negative-paid"),  # negative income is paid every round
    ("income", "RUL-SHORTFALL", "income.shortfall"),  # a shortfall: tiles removed, then VP lost
    (
        "score-tiles",
        "RUL-TILE-SCORING",
        "era.level2-scores-again",
    ),  # a flipped level 2+ tile survives the Canal Era, scores again
    ("rail-deck", "RUL-DECK", "setup.cards-set-aside"),  # the Classic setup sets cards aside at random
    ("game-end", "RUL-RAIL-END", "score.tie-same-income"),  # a VP tie broken along the income track
)


def steps(effects: Any, *, also: Iterable[Any] = (), game: str | None = None) -> list[dict[str, Any]]:
    """The after-turn steps of *effects* (a :class:`~brass_judge.engine.flow.FlowEffects` or a
    list of effects), each ``{kind, text, rules, rulings, **its data}``. *also* (default: the
    effects' own ``also``) gives the case-specific rulings the flow recorded (a tie on income);
    *game* (default: the effects') names the game whose rulings the case keys resolve to."""
    from ..games import game_of, get_rules, ruling_of

    game = game or game_of(effects)
    table, own_cases = get_rules(game).flow_step_rulings()  # the game's steps and their rulings
    also = list(also or getattr(effects, "also", ()))
    effects = list(effects)
    canal_end = any(e.kind == "era-end" and e.data.get("era") == "canal" for e in effects)
    out = []
    for e in effects:
        cites = list(table.get(e.kind, ()))
        case = _case_rulings(e, canal_end, also, game)
        if own_cases is not None:
            case += own_cases(e, canal_end, also)
        rules = list(dict.fromkeys([r for r, _ in cites] + [r for r, _ in case]))
        keys = [k for _, ks in cites for k in ks] + [k for _, k in case]
        rulings = list(dict.fromkeys(q for q in (ruling_of(game, k) for k in keys) if q is not None))
        out.append({**e.data, "kind": e.kind, "text": e.text, "rules": rules, "rulings": rulings})
    return out


def _case_rulings(e: Any, canal_end: bool, also: list[Any], game: str) -> list[tuple[str, str]]:
    """(rule, case key) pairs that decide this step in particular."""
    d = e.data
    if e.kind == "turn-order" and canal_end:
        return [("RUL-TURN-ORDER", "round.rail-era-first-order")]
    if e.kind == "income":
        if d.get("skipped"):
            return [("RUL-INCOME", "income.none-after-last-round")]
        if d.get("amount", 0) < 0 or "vp_lost" in d:
            out = [("RUL-INCOME", "income.negative-paid")]
            if "vp_lost" in d:
                out += [
                    ("RUL-SHORTFALL", "income.shortfall"),
                    ("RUL-SHORTFALL", "income.sell-tiles-for-money"),
                ]
            return out
    if e.kind == "tile-removed":
        return [("RUL-INCOME", "income.negative-paid")]
    if e.kind == "score-tiles" and canal_end and any(t.get("level", 0) >= 2 for t in d.get("breakdown", ())):
        return [("RUL-TILE-SCORING", "era.level2-scores-again")]
    if e.kind == "rail-deck" and d.get("set_aside"):
        return [("RUL-DECK", "setup.cards-set-aside")]
    if e.kind == "game-end" and ("RUL-RAIL-END", _ruling(game, "score.tie-same-income")) in also:
        return [("RUL-RAIL-END", "score.tie-same-income")]
    return []


def _ruling(game: str, case: str) -> str | None:
    from ..games import ruling_of

    return ruling_of(game, case)


def breakdown_lines(step: dict[str, Any], data: Any) -> list[str]:
    """The per-link or per-tile lines of a scoring step, for text output ([] for other steps)."""
    if step["kind"] == "score-links":
        return [
            f"{'-'.join(data.locations[k].name for k in b['icons'])}: {b['vp']} VP (link icons: "
            + ", ".join(f"{data.locations[k].name} {n}" for k, n in b["icons"].items())
            + ")"
            for b in step.get("breakdown", ())
        ]
    if step["kind"] == "score-tiles":
        return [
            f"level {t['level']} {data.industry_names[t['industry']]} in {data.locations[t['location']].name}: "
            f"{t['vp']} VP"
            for t in step.get("breakdown", ())
        ]
    return []
