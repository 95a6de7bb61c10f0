"""Render verdicts and validation results for people (rich) and scripts (JSON).

Every string that can hold what a user wrote (names, messages, file names, effects) goes through
:func:`brass_judge.output.escape_controls` (``esc``): control characters are shown escaped.
"""

from __future__ import annotations

from typing import Any

from .output import escape_controls as esc


def _rich(console: Any) -> tuple[Any, Any]:
    """``(Console, Text)``: rich's, or the plain stand-ins when *console* is the fast path's
    ``PlainConsole`` (brass_judge/_fastcheck.py: output to a file or pipe, without importing rich)."""
    if getattr(console, "plain_stand_in", False):
        return type(console), console.Text
    from rich.console import Console
    from rich.text import Text

    return Console, Text


def verdict_text(verdict: Any, *, explain: bool = False, console: Any = None) -> None:
    Console, Text = _rich(console)

    con = console or Console(highlight=False, soft_wrap=True)
    head = Text()
    head.append("LEGAL" if verdict.legal else "ILLEGAL", style="bold green" if verdict.legal else "bold red")
    if not verdict.legal and any(o.get("legal") for o in verdict.outcomes):
        head.append(" (for some draws)", style="red")
    head.append(f"  {esc(verdict.player)}: {esc(verdict.action_text)}")
    con.print(head)
    if verdict.violations:
        con.print(Text("Why not:", style="bold"))
        for v in verdict.violations:
            line = Text(f"  {v.code} ", style="bold red")
            line.append(esc(v.message))
            if v.action_index is not None:
                line.append(f"  (action {v.action_index + 1})", style="dim")
            con.print(line)
            if v.remedy:
                con.print(Text(f"         fix: {esc(v.remedy)}", style="yellow"))
            if v.rulings:
                con.print(Text(f"         rulings: {', '.join(v.rulings)}", style="cyan"))
    if verdict.alternatives:
        con.print(Text("Legal instead (nearest first):", style="bold"))
        for a in verdict.alternatives:
            line = Text(f"  {esc(a['notation'])}")
            money = [f"costs £{a['cost']}" if a["cost"] else "costs nothing"]
            if a.get("gain"):
                money.append(f"gains £{a['gain']}")
            line.append(
                f"  ({', '.join(money)}"
                + (f"; other {', '.join(a['differs'])}" if a.get("differs") else "")
                + ")",
                style="dim",
            )
            con.print(line)
    if verdict.effects and verdict.legal:
        con.print(Text("What happens:", style="bold"))
        for e in verdict.effects:
            con.print(f"  • {esc(e.text)}")
    if verdict.outcomes:
        dcm_outcomes_text(con, verdict)
    decided_text(con, verdict.decided_by, verdict.rulings, explain=explain, game=verdict.game)
    assumptions_text(con, verdict.assumption_details)
    if explain and verdict.steps:
        con.print(Text("Reasoning:", style="bold"))
        for i, s in enumerate(verdict.steps, 1):
            con.print(f"  {i}. {esc(s)}")


def _pct(p: float) -> str:
    return f"{p:.0%}" if p >= 0.1 else f"{p:.1%}" if p >= 0.001 else "<0.1%"


def dcm_outcomes_text(con: Any, verdict: Any) -> None:
    """Unstated Distant Cotton Market draws: the chance that every mill sells, the most likely
    result, then the results grouped by mills sold and marker, each income with its chance (a few
    lines however many draws); with sequences asked for, each result and its sequences."""
    from fractions import Fraction

    from .engine.dcm import tiles_text
    from .games.lancashire.dcm import market_closed

    _, Text = _rich(con)

    s = verdict.dcm or {}
    outs = verdict.outcomes
    n, seqs = s.get("results", len(outs)), s.get("sequences")
    con.print(
        Text(
            f"Distant Cotton Market draws not stated: {n} possible result(s)"
            + (f" from {seqs:,} sequence(s) of tiles" if seqs else ""),
            style="bold",
        )
    )
    if s.get("mills"):
        con.print(
            f"  every mill sold ({s['mills']} of {s['mills']}): chance {s['whole_sale_chance']} "
            f"({_pct(s['whole_sale_probability'])})"
        )
    first = outs[0]
    con.print(
        f"  most likely: {first['result']} (chance {first['chance']}, {_pct(first['probability'])}; "
        f"e.g. {tiles_text(first['example'])})"
    )
    if any(o.get("draws") is not None for o in outs):
        for o in outs:
            line = Text(f"  {o['chance']:>12}  ")
            line.append(esc(o["result"]), style=None if o["legal"] else "red")
            con.print(line)
            for d in o["draws"]:
                con.print(Text(f"      {tiles_text(d)}", style="dim"))
        return
    groups: dict[tuple[Any, ...], list[Any]] = {}  # (legal, codes or mills sold, marker) -> outcomes
    for o in outs:
        key = (o["legal"], o["mills_sold"], o["marker"], tuple(o["violations"]))
        groups.setdefault(key, []).append(o)
    rows = []
    for (legal, sold, marker, codes), os_ in groups.items():
        p = sum((Fraction(o["chance"]) for o in os_), Fraction(0))
        if legal:
            what = f"{sold} of {s.get('mills', '?')} mill(s) sold, " + (
                "the marker reaches X" if marker and market_closed(marker) else f"the marker ends on {marker}"
            )
            incomes = ", ".join(f"+{o['income_spaces']} ({o['chance']})" for o in os_)
            what += (
                f"; {esc(verdict.player)}'s income, space(s) (chance): {incomes}"
                if len(os_) > 1 or os_[0]["income_spaces"]
                else ""
            )
        else:
            what = "ILLEGAL: " + ", ".join(codes)
        rows.append((p, legal, what))
    rows.sort(key=lambda r: -r[0])
    con.print(Text("  by mills sold (chance: result):", style="bold"))
    for p, legal, what in rows:
        line = Text(f"  {p.numerator}/{p.denominator} ({_pct(float(p))}): ")
        line.append(what, style=None if legal else "red")
        con.print(line)


def what_if_hint(verdict: Any) -> str:
    """The line after a verdict that is illegal only because it is not the player's turn, saying
    how to ask the what-if ('' otherwise)."""
    if verdict.player and any(v.spec.name == "not-players-turn" for v in verdict.violations):
        who = esc(verdict.player)
        return f"(to judge it as if it were {who}'s turn: --as {who})\n"
    return ""


def ruling_question(ruling_id: str, game: str = "lancashire") -> str:
    """The question a ruling of *game* answers ('' when its database does not have it)."""
    from .rulings import load_rulings, rulings_path

    r = load_rulings(rulings_path(game) if game != "lancashire" else None).get(ruling_id)
    return r.question if r is not None else ""


def decided_text(
    con: Any, decided: list[Any], rulings: list[Any], *, explain: bool = False, game: str = "lancashire"
) -> None:
    """The rulings that decided the verdict, each with its question; then the other rulings relied
    on (listed with ``--explain``, counted otherwise)."""
    _, Text = _rich(con)

    if decided:
        con.print(Text("Decided by:", style="bold"))
        for q in decided:
            line = Text(f"  {q} ", style="cyan")
            line.append(ruling_question(q, game))
            con.print(line)
    rest = [q for q in rulings if q not in decided]
    if rest and (explain or not decided):
        con.print(
            Text(f"{'Also relied on' if decided else 'Rulings relied on'}: {', '.join(rest)}", style="cyan")
        )
    elif rest:
        con.print(Text(f"Also relied on: {len(rest)} more ruling(s) (--explain lists them)", style="dim"))


def assumptions_text(con: Any, details: list[Any]) -> None:
    """A verdict's assumptions: those that could change the verdict first (marked '!'), then the
    rest (the defaults of players the action does not touch folded into one line)."""
    _, Text = _rich(con)

    if not details:
        return
    con.print(
        Text(
            "Assumptions (! could change the verdict):"
            if any(a["changes_verdict"] for a in details)
            else "Assumptions:",
            style="bold",
        )
    )
    for a in details:
        if a["changes_verdict"]:
            con.print(Text(f"  ! {esc(a['text'])}", style="yellow"))
        else:
            con.print(Text(f"  - {esc(a['text'])}", style="dim"))


def rulings_and_assumptions(con: Any, rulings: Any, assumptions: Any) -> None:
    """The closing lines of a verdict or a replay: the rulings relied on, then the assumptions."""
    _, Text = _rich(con)

    if rulings:
        con.print(Text(f"Rulings relied on: {', '.join(rulings)}", style="cyan"))
    if assumptions:
        con.print(Text("Assumptions:", style="bold"))
        for a in assumptions:
            con.print(Text(f"  - {esc(a)}", style="dim"))


def after_turn_text(
    steps: list[Any],
    assumed: list[Any],
    data: Any,
    *,
    fallback: Any = (),
    heading: str = "After the turn:",
    console: Any = None,
) -> None:
    """What ending a turn (a round, an era) did, step by step, each with the rulings that decide it;
    scoring steps with one line per link or tile."""
    Console, Text = _rich(console)

    from .engine.after_turn import breakdown_lines

    con = console or Console(highlight=False, soft_wrap=True)
    con.print(Text(heading, style="bold"))
    if not steps:  # the turn could not be ended: say why
        for t in fallback:
            con.print(f"  • {esc(t)}")
        return
    for st in steps:
        line = Text(f"  • {esc(st['text'])}")
        if st.get("rulings"):
            line.append(f"  [{', '.join(st['rulings'])}]", style="cyan")
        con.print(line)
        for b in breakdown_lines(st, data):
            con.print(Text(f"      {esc(b)}", style="dim"))
    for a in assumed:
        con.print(f"  • {esc(a)}")


def findings_text(file: str, violations: Any, console: Any = None) -> None:
    Console, Text = _rich(console)

    con = console or Console(highlight=False, soft_wrap=True)
    for v in violations:
        t = Text(f"{esc(file)}:{getattr(v, 'line', None) or '?'}: ", style="bold")
        t.append(f"{v.code} ", style="red")
        t.append(esc(v.message))
        if v.rulings:
            t.append(f"  [{', '.join(v.rulings)}]", style="cyan")
        con.print(t)


def violation_dict(v: Any, file: str | None = None) -> dict[str, Any]:
    d: dict[str, Any] = v.to_dict()
    d["file"] = file
    d["line"] = getattr(v, "line", None)
    return d
