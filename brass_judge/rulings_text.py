"""The text of ``brass-judge rulings show|search|list|coverage``, for both the typer commands
(brass_judge/cli_rulings.py) and the start-up fast path (brass_judge/__main__.py); laid out by
brass_judge/plain.py. Only the standard library: the fast path imports this without typer or rich."""

from __future__ import annotations

from .plain import Table, Text, render

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the fast path does not import typing
    from typing import Any


def show(r: Any, everything: dict[str, Any], cited: list[dict[str, str]]) -> str:
    """One ruling *r*: question, answer, source, authority, topics, related rulings (their
    questions from *everything*), the engine checks that cite it (*cited*: ``[{code, name}]``)."""
    items: list[str | Text] = [
        Text((r.id, "bold"), "  ", (r.question, "bold")),
        "",
        r.answer,
        "",
        Text(("source:", "dim"), f"     {r.source if r.source else '(none given)'}"),
        Text(("authority:", "dim"), f"  {', '.join(r.authority)}"),
        Text(("topics:", "dim"), f"     {', '.join(r.topics)}"),
        Text(("applies to:", "dim"), f" {r.applies_to}    ", ("engine:", "dim"), f" {r.engine}"),
    ]
    if r.related:
        items.append(Text(("related:", "dim")))
        for rid in r.related:
            q = everything[rid].question if rid in everything else "?"
            items.append(f"  {rid}  {q}")
    if cited:
        items.append(Text(("cited by:", "dim")))
        items.extend(f"  {c['code']}  {c['name']}" for c in cited)
    else:
        items.append(Text(("cited by:", "dim"), "   (no engine check cites it)"))
    return render(items)


def search(query: str, hits: list[tuple[Any, float]], cover: list[float], weak: str | None) -> str:
    """The results of a search for *query*: *hits* ``[(ruling, score)]``, *cover* the share of
    the query each matches, *weak* the warning for a weak best match (or None)."""
    if not hits:
        return render(
            [f"No ruling matches {query!r}. Try other words, or 'brass-judge rulings list --topic ...'."]
        )
    table = Table(
        ("id", "score", "match", "question"),
        justify=("left", "right", "right", "left"),
        no_wrap=(True, True, True, False),
        rows=[(r.id, f"{s:.1f}", f"{c:.0%}", r.question) for (r, s), c in zip(hits, cover)],
    )
    best = hits[0][0]
    head = [weak] if weak else []
    return render(
        [
            table,
            "",
            *head,
            Text((best.id, "bold"), f": {best.answer}"),
            Text((f"More: brass-judge rulings show {best.id}", "dim")),
        ]
    )


def listing(found: list[Any]) -> str:
    """The rulings *found*, one a row, and how many."""
    table = Table(
        ("id", "engine", "authority", "question"),
        no_wrap=(True, True, False, False),
        rows=[(r.id, r.engine, ", ".join(r.authority), r.question) for r in found],
    )
    return render([table, f"{len(found)} ruling{'s' if len(found) != 1 else ''}"])


def coverage(rows: list[dict[str, Any]], uncited: list[str]) -> str:
    """``rulings coverage``: each ruling the engine applies (*rows*: id, cited_by, examples) and
    the ones no check cites (*uncited*)."""
    table = Table(
        ("id", "checks and rules citing it", "examples"),
        no_wrap=(True, False, False),
        justify=("left", "left", "right"),
        rows=[
            (
                row["id"],
                ", ".join(c["code"] for c in row["cited_by"]) or "NOT CITED",
                str(len(row["examples"])),
            )
            for row in rows
        ],
    )
    tail = f"{len(rows)} rulings the engine applies; {len(uncited)} cited by no check"
    return render([table, tail + (f": {', '.join(uncited)}" if uncited else "")])
