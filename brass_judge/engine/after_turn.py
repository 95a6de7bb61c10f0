"""The steps that end a turn, a round or an era, each with the rulings that decide it.

:func:`brass_judge.engine.flow.end_turn` returns its effects (refilling the hand, the next
player's turn, the new turn order, income, shortfall removals, link and tile scoring, the level 1
removal, ...). :func:`steps` turns them into ``{kind, text, rule, rulings, ...}`` objects for
``check --apply`` and ``replay``: each step cites the rulings that decide *that* step (the turn
order Q024/Q025, a negative income Q032, a shortfall Q033/Q034, link scoring Q039-Q041, ...),
drawn from the ``RUL-*`` rows of :mod:`brass_judge.codes` (:data:`STEP_RULINGS`; a test checks
that every ruling cited is one its rule cites). Pure: no I/O.
"""

from __future__ import annotations

#: step kind -> ((rule code, rulings of that rule the step always cites), ...)
STEP_RULINGS = {
    "draw": (("RUL-FIRST-ROUND", ("Q019",)),),  # refill to 8: one card after the first turn, then two
    "turn": (("RUL-FIRST-ROUND", ("Q019",)),),  # one action in the first round, two afterwards
    "turn-order": (("RUL-TURN-ORDER", ("Q024",)), ("RUL-SPENT", ("Q025",))),
    "income": (("RUL-INCOME", ("Q027",)),),
    "tile-removed": (("RUL-SHORTFALL", ("Q033", "Q034")),),
    "round": (("RUL-TURN-ORDER", ("Q024",)),),
    "era-end": (("RUL-DECK", ("Q018", "Q017")),),
    "score-links": (("RUL-LINK-SCORING", ("Q039", "Q040", "Q041")),),
    "score-tiles": (("RUL-TILE-SCORING", ("Q038",)), ("RUL-LINK-SCORING", ("Q040",))),
    "level1-removed": (("RUL-CANAL-END", ("Q042", "Q044")), ("RUL-LINK-SCORING", ("Q040",))),
    "dcm-reset": (("RUL-CANAL-END", ("Q045", "Q108")),),
    "rail-deck": (("RUL-CANAL-END", ("Q016", "Q047")),),
    "score-money": (("RUL-RAIL-END", ("Q048",)),),
    "game-end": (("RUL-RAIL-END", ("Q049",)),),
}
#: rulings a step cites only in the case they decide: (kind, rule, ruling)
CASE_RULINGS = (
    ("turn-order", "RUL-TURN-ORDER", "Q026"),  # the Canal Era's last round sets the Rail Era's order
    ("income", "RUL-INCOME", "Q028"),  # no income after the game's last round
    ("income", "RUL-INCOME", "Q032"),  # negative income is paid every round
    ("income", "RUL-SHORTFALL", "Q033"),  # a shortfall: tiles removed, then VP lost
    (
        "score-tiles",
        "RUL-TILE-SCORING",
        "Q043",
    ),  # a flipped level 2+ tile survives the Canal Era, scores again
    ("rail-deck", "RUL-DECK", "Q005"),  # the Classic setup sets cards aside at random
    ("game-end", "RUL-RAIL-END", "Q050"),  # a VP tie broken along the income track
)


def steps(effects, *, also=()) -> list:
    """The after-turn steps of *effects* (a :class:`~brass_judge.engine.flow.FlowEffects` or a
    list of effects), each ``{kind, text, rules, rulings, **its data}``. *also* (default: the
    effects' own ``also``) gives the case-specific rulings the flow recorded (Q050)."""
    also = list(also or getattr(effects, "also", ()))
    effects = list(effects)
    canal_end = any(e.kind == "era-end" and e.data.get("era") == "canal" for e in effects)
    out = []
    for e in effects:
        cites = list(STEP_RULINGS.get(e.kind, ()))
        case = _case_rulings(e, canal_end, also)
        rules = list(dict.fromkeys([r for r, _ in cites] + [r for r, _ in case]))
        rulings = list(dict.fromkeys([q for _, qs in cites for q in qs] + [q for _, q in case]))
        out.append({**e.data, "kind": e.kind, "text": e.text, "rules": rules, "rulings": rulings})
    return out


def _case_rulings(e, canal_end: bool, also: list) -> list:
    """(rule, ruling) pairs that decide this step in particular."""
    d = e.data
    if e.kind == "turn-order" and canal_end:
        return [("RUL-TURN-ORDER", "Q026")]
    if e.kind == "income":
        if d.get("skipped"):
            return [("RUL-INCOME", "Q028")]
        if d.get("amount", 0) < 0 or "vp_lost" in d:
            out = [("RUL-INCOME", "Q032")]
            if "vp_lost" in d:
                out += [("RUL-SHORTFALL", "Q033"), ("RUL-SHORTFALL", "Q034")]
            return out
    if e.kind == "tile-removed":
        return [("RUL-INCOME", "Q032")]
    if e.kind == "score-tiles" and canal_end and any(t.get("level", 0) >= 2 for t in d.get("breakdown", ())):
        return [("RUL-TILE-SCORING", "Q043")]
    if e.kind == "rail-deck" and d.get("set_aside"):
        return [("RUL-DECK", "Q005")]
    if e.kind == "game-end" and ("RUL-RAIL-END", "Q050") in also:
        return [("RUL-RAIL-END", "Q050")]
    return []


def breakdown_lines(step: dict, data) -> list:
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
