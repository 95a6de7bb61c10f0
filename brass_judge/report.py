"""Render verdicts and validation results for people (rich) and scripts (JSON)."""
from __future__ import annotations


def verdict_text(verdict, *, explain: bool = False, console=None) -> None:
    from rich.console import Console
    from rich.text import Text

    from .output import escape_controls as esc

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
    if verdict.effects and verdict.legal:
        con.print(Text("What happens:", style="bold"))
        for e in verdict.effects:
            con.print(Text(f"  • {esc(e.text)}"))
    if verdict.outcomes:
        con.print(Text("Distant Cotton Market outcomes (tile drawn → result):", style="bold"))
        for o in verdict.outcomes:
            if o["legal"]:
                result = f"legal, marker → {'X' if o['marker'] == 9 else o['marker']}"
            else:
                result = "ILLEGAL: " + ", ".join(o.get("violations") or ["?"])
            con.print(Text(f"  tile {'/'.join(map(str, o['tiles'])) or '-'}  chance {o['chance']:>6}  {esc(result)}"))
            for t in o["effects"]:
                con.print(Text(f"      {esc(t)}", style="dim"))
    rulings_and_assumptions(con, verdict.rulings, verdict.assumptions)
    if explain and verdict.steps:
        con.print(Text("Reasoning:", style="bold"))
        for i, s in enumerate(verdict.steps, 1):
            con.print(Text(f"  {i}. {esc(s)}"))


def rulings_and_assumptions(con, rulings, assumptions) -> None:
    """The closing lines of a verdict or a replay: the rulings relied on, then the assumptions."""
    from rich.text import Text

    from .output import escape_controls as esc

    if rulings:
        con.print(Text(f"Rulings relied on: {', '.join(rulings)}", style="cyan"))
    if assumptions:
        con.print(Text("Assumptions:", style="bold"))
        for a in assumptions:
            con.print(Text(f"  - {esc(a)}", style="dim"))


def findings_text(file: str, violations, console=None) -> None:
    from rich.console import Console
    from rich.text import Text

    from .output import escape_controls as esc

    con = console or Console(highlight=False, soft_wrap=True)
    for v in violations:
        t = Text(f"{esc(file)}:{getattr(v, 'line', None) or '?'}: ", style="bold")
        t.append(f"{v.code} ", style="red")
        t.append(esc(v.message))
        if v.rulings:
            t.append(f"  [{', '.join(v.rulings)}]", style="cyan")
        con.print(t)


def violation_dict(v, file: str | None = None) -> dict:
    d = v.to_dict()
    d["file"] = file
    d["line"] = getattr(v, "line", None)
    return d
