"""``brass-judge rulings``: list, show and search the rulings database.

Mounted by the main CLI as a sub-command group. Only typer and the standard library are imported
at module level; the data module and rich are imported inside the commands, so ``--help`` and a
cold ``rulings search`` stay fast.
"""

from __future__ import annotations

import sys

import typer

from .cli_common import FORMAT_OPTION, Format, emit_json, handles_input_errors
from .games import examples as _examples

app = typer.Typer(
    help=f"The rulings databases that every verdict cites: {_examples().RULINGS_COUNT} answered rules questions "
    f"({_examples().RULING_RANGE}) of the Brass: Lancashire FAQ, and with --game birmingham the Brass: "
    "Birmingham rules database. "
    "List them by topic, authority or engine class, show one, or search in plain words.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


GAME_OPTION = typer.Option(
    None,
    "--game",
    "-g",
    help="The game whose rulings to read: lancashire (the default) or birmingham.",
)


def _rulings_games() -> list[str]:
    """The games with a rulings database: the game folders that have ``rulings/<game>.yaml`` (or a
    ``rulings.yaml`` of their own)."""
    import os

    from .games import game_folders
    from .rulings import rulings_path

    return [g for g in sorted(game_folders()) if os.path.isfile(rulings_path(g))]


def _path(game: str | None) -> str | None:
    """The rulings file of *game* (None: the default game's, read as before there were two)."""
    if game is None:
        return None
    from .errors import UnknownNameError, closest, quote
    from .rulings import rulings_path

    key = game.strip().lower()
    games = _rulings_games()
    if key not in games:
        raise UnknownNameError(
            f"unknown game {quote(game)} (rulings exist for: {', '.join(games)})",
            suggestions=closest(key, games) or games,
            field="game",
        )
    from .games import DEFAULT_GAME

    return None if key == DEFAULT_GAME else rulings_path(key)


def _cited_by(ruling_id: str, game: str = "lancashire") -> list[dict]:
    """The engine checks of *game* that cite *ruling_id*, as ``[{code, name}]``."""
    try:
        from .codes import codes_citing

        return [{"code": c.code, "name": c.name} for c in codes_citing(ruling_id, game)]
    except (ImportError, AttributeError):
        return []


def _write(text: str) -> None:
    """Write *text* (laid out by brass_judge/plain.py) to standard output."""
    sys.stdout.write(text)


def _is_json(fmt: Format | str) -> bool:
    return str(getattr(fmt, "value", fmt)) == "json"


@app.command("list")
@handles_input_errors
def list_cmd(
    topic: str | None = typer.Option(
        None,
        "--topic",
        "-t",
        help="Only rulings with this topic (e.g. overbuild, coal, sell, distant-cotton-market).",
    ),
    authority: str | None = typer.Option(
        None,
        "--authority",
        "-a",
        help="Only rulings backed by rulebook, designer, publisher, community, map-designer or none.",
    ),
    engine: str | None = typer.Option(
        None,
        "--engine",
        "-e",
        help="Only rulings of this class: enforced, informational, variant, out-of-scope.",
    ),
    applies_to: str | None = typer.Option(
        None, "--applies-to", help="Only rulings about standard, classic, community-2p or catalonia."
    ),
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """List rulings (all, or those matching every filter given)."""
    from .rulings import list_rulings

    found = list_rulings(
        topic=topic, authority=authority, engine=engine, applies_to=applies_to, path=_path(game)
    )
    if _is_json(fmt):
        emit_json([r.to_dict() for r in found])
        return
    from .rulings_text import listing

    _write(listing(found))


@app.command("show")
@handles_input_errors
def show_cmd(
    ruling_id: str = typer.Argument(..., metavar="ID", help=f"Ruling id: {_examples().RULING_ID_FORMS}."),
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """Show one ruling: question, answer, source, authority, topics, related rulings, cited by."""
    from .rulings import get_ruling, load_rulings

    path = _path(game)
    r = get_ruling(ruling_id, path=path)
    cited = _cited_by(r.id) if path is None else _cited_by(r.id, str(game).strip().lower())
    everything = load_rulings(path)
    if _is_json(fmt):
        obj = r.to_dict()
        obj["related_questions"] = [
            {"id": rid, "question": everything[rid].question} for rid in r.related if rid in everything
        ]
        obj["cited_by"] = cited
        emit_json(obj)
        return
    from .rulings_text import show

    _write(show(r, everything, cited))


@app.command("search")
@handles_input_errors
def search_cmd(
    query: str = typer.Argument(
        ...,
        metavar="QUERY",
        help='A question in plain words, e.g. "can I overbuild a coal mine while the market has coal?"',
    ),
    limit: int = typer.Option(5, "--limit", "-n", min=1, max=139, help="How many results."),
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """Find the rulings that answer a question asked in your own words (typos are fine)."""
    from .rulings import is_weak, match_coverage, search, weak_text

    path = _path(game)
    hits = search(query, limit=limit, path=path)
    cover = [match_coverage(query, r, path=path) for r, _ in hits]
    if _is_json(fmt):
        emit_json(
            [
                {
                    "id": r.id,
                    "score": s,
                    "coverage": c,
                    "weak": is_weak(c),
                    "question": r.question,
                    "answer": r.answer,
                    "engine": r.engine,
                    "topics": list(r.topics),
                    "authority": list(r.authority),
                }
                for (r, s), c in zip(hits, cover)
            ]
        )
        return
    from .rulings_text import search as search_text

    _write(search_text(query, hits, cover, weak_text(cover[0]) if hits and is_weak(cover[0]) else None))


def _fixtures_citing(game: str = "lancashire") -> dict:
    """ruling id -> example and test-fixture files (source tree only) whose expectations cite it
    (Lancashire's under tests/rules and examples/; another game's under its own folders)."""
    import re

    from .resources import PACKAGE_DIR

    root = PACKAGE_DIR.parent
    out: dict = {}
    folders = (root / "tests" / "rules", root / "examples")
    if game != "lancashire":
        folders = (root / "tests" / game / "rules", root / "examples" / game)
    for folder in folders:
        if not folder.is_dir():
            continue
        for p in sorted(folder.rglob("*.yaml")):
            try:
                text = p.read_text(encoding="utf-8")
            except OSError:
                continue
            for q in set(re.findall(r"\b[A-Z]\d{3}\b", text)):  # ruling ids: Q001, B040, ...
                out.setdefault(q, []).append(str(p.relative_to(root)))
    return out


@app.command("coverage")
@handles_input_errors
def coverage_cmd(fmt: Format = FORMAT_OPTION, game: str | None = GAME_OPTION) -> None:
    """Every ruling the engine applies ('enforced', and 'variant': the Classic rules) with the
    engine checks and the examples that cite it.

    Exit 1 when such a ruling is cited by no check (the test suite fails on that too)."""
    from .codes import codes_citing
    from .rulings import list_rulings

    path = _path(game)
    rows = []
    from .data.gamedata import _read_yaml
    from .resources import data_dir

    key = "lancashire" if path is None else str(game).strip().lower()
    fixtures = _fixtures_citing(key)
    variants = set(_read_yaml(data_dir(key) / "variants.yaml"))  # the variants the engine plays
    for r in [
        *list_rulings(engine="enforced", path=path),
        *(r for r in list_rulings(engine="variant", path=path) if r.applies_to in variants),
    ]:
        rows.append(
            {
                "id": r.id,
                "question": r.question,
                "engine": r.engine,
                "cited_by": [{"code": c.code, "name": c.name} for c in codes_citing(r.id, key)],
                "examples": fixtures.get(r.id, []),
            }
        )
    uncited = [row["id"] for row in rows if not row["cited_by"]]
    if _is_json(fmt):
        variant = sum(1 for row in rows if row["engine"] == "variant")
        emit_json(
            {
                "enforced": len(rows) - variant,
                "variant": variant,
                "uncited": uncited,
                "rulings": [{k: v for k, v in row.items() if k != "engine"} for row in rows],
            }
        )
    else:
        from .rulings_text import coverage

        _write(coverage(rows, uncited))
    raise typer.Exit(1 if uncited else 0)
