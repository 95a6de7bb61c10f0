"""Write docs/codes.md and docs/codes-birmingham.md from the tables of codes (brass_judge/codes.py with
each game's brass_judge/games/<game>/codes.py).

python tools/gen_codes_doc.py           # rewrite both pages
python tools/gen_codes_doc.py --check   # exit 1 if a page is stale (the tests do this)

docs/codes.md is Brass: Lancashire's page (the default game), docs/codes-birmingham.md Brass:
Birmingham's: its codes with its own names, messages, remedies and rulings (B001...), the source
files that report each (leaving out the other game's folder) and its rule fixtures.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: game -> (the page, where its rule fixtures are)
PAGES = {
    "lancashire": ("docs/codes.md", "tests/rules"),
    "birmingham": ("docs/codes-birmingham.md", "tests/birmingham/rules"),
}

_LANCASHIRE_INTRO = [
    "# Codes",
    "",
    "Generated from `brass_judge/codes.py` by `tools/gen_codes_doc.py`; do not edit by hand (a test",
    "fails when this page is stale). Every violation the engine reports and every rule it applies has",
    "a stable code. *Always* lists the rulings cited whenever the code appears; *when they decide*",
    "lists rulings cited only in the cases they decide (see `brass-judge rulings show QNNN`).",
    "Fields in braces are filled in from the position. The same, one code at a time:",
    "`brass-judge codes show CODE`.",
    "",
    "Brass: Birmingham's codes, with its own messages and rulings: [codes-birmingham.md](codes-birmingham.md).",
    "",
]

_BIRMINGHAM_INTRO = [
    "# Codes: Brass: Birmingham",
    "",
    "Generated from `brass_judge/codes.py` and `brass_judge/games/birmingham/codes.py` by",
    "`tools/gen_codes_doc.py`; do not edit by hand (a test fails when this page is stale). Every",
    "violation the Birmingham judge reports and every rule it applies, with Birmingham's own names,",
    "messages and remedies. The rulings are Birmingham's rules database (`rulings/birmingham.yaml`,",
    "[rulings-birmingham.md](rulings-birmingham.md)): *Always* lists those cited whenever the code",
    "appears; *when they decide* lists those cited only in the cases they decide (see",
    "`brass-judge rulings show BNNN --game birmingham`). Fields in braces are filled in from the",
    "position. The same, one code at a time: `brass-judge codes show CODE --game birmingham`.",
    "Brass: Lancashire's codes: [codes.md](codes.md).",
    "",
]


def render(game: str = "lancashire") -> str:
    from brass_judge.code_docs import FAMILIES, reported_in
    from brass_judge.codes import table_of
    from brass_judge.rulings import load_rulings, rulings_path

    default = game == "lancashire"
    rulings = load_rulings() if default else load_rulings(rulings_path(game))
    table = table_of(game)
    fixture_dir = ROOT / PAGES[game][1]
    # the other games' folders: a shared code's reports there are not this game's (Lancashire's page
    # keeps every file, as it always has)
    others = () if default else tuple(f"games/{g}/" for g in PAGES if g != game)

    def cell(text: str) -> str:
        return (text or "").replace("|", "\\|")

    def qlist(ids) -> str:
        return "; ".join(f"{q} ({rulings[q].question})" if q in rulings else q for q in ids)

    out = list(_LANCASHIRE_INTRO if default else _BIRMINGHAM_INTRO)
    for prefix, title in FAMILIES:
        rows = [c for c in table.values() if c.code.startswith(prefix)]
        if not rows:
            continue
        out += [f"## {prefix}: {title}", ""]
        if prefix == "RUL":
            out += ["| code | name | rule | always | when they decide |", "|---|---|---|---|---|"]
            for c in rows:
                out.append(
                    f"| [`{c.code}`](#{c.code.lower()}) | {c.name} | {cell(c.message)} | "
                    f"{', '.join(c.rulings) or '–'} | {', '.join(c.may_cite) or '–'} |"
                )
        else:
            out += [
                "| code | name | message | remedy | always | when they decide |",
                "|---|---|---|---|---|---|",
            ]
            for c in rows:
                out.append(
                    f"| [`{c.code}`](#{c.code.lower()}) | {c.name} | {cell(c.message)} | "
                    f"{cell(c.remedy or '–')} | {', '.join(c.rulings) or '–'} | {', '.join(c.may_cite) or '–'} |"
                )
        out.append("")
        for c in rows:
            out += [f"### {c.code}", "", f"**{c.name}**" + (f": {c.doc}" if c.doc else ""), ""]
            out.append(f"- {'Rule' if c.is_rule else 'Message'}: {c.message}")
            if c.remedy:
                out.append(f"- Remedy: {c.remedy}")
            if c.rulings:
                out.append(f"- Rulings, always: {qlist(c.rulings)}")
            if c.may_cite:
                out.append(f"- Rulings, when they decide: {qlist(c.may_cite)}")
            where = list(
                dict.fromkeys(
                    f"`brass_judge/{path}` (`{func}`)"
                    for path, _line, func in reported_in(c.code)
                    if not path.startswith(others)
                )
            )
            if where:
                out.append(f"- Reported in: {', '.join(where)}")
            fixtures = sorted(p.relative_to(ROOT).as_posix() for p in fixture_dir.rglob(f"{c.code}_*.yaml"))
            if fixtures:
                out.append(f"- Fixtures: {', '.join(f'`{f}`' for f in fixtures)}")
            out.append("")
    out += ["Input errors (exit 2) have `INP` codes, listed in [errors.md](errors.md).", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    stale = []
    for game, (page, _fixtures) in PAGES.items():
        target = ROOT / page
        text = render(game)
        if "--check" in argv:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(page)
            continue
        target.write_text(text, encoding="utf-8")
    for page in stale:
        sys.stderr.write(f"{page} is stale: run python tools/gen_codes_doc.py\n")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
