"""Write docs/codes.md from brass_judge/codes.py (the one table of codes).

python tools/gen_codes_doc.py           # rewrite docs/codes.md
python tools/gen_codes_doc.py --check   # exit 1 if docs/codes.md is stale (the tests do this)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def render() -> str:
    from brass_judge.code_docs import FAMILIES, reported_in
    from brass_judge.codes import CODES
    from brass_judge.rulings import load_rulings

    rulings = load_rulings()

    def cell(text: str) -> str:
        return (text or "").replace("|", "\\|")

    def qlist(ids) -> str:
        return "; ".join(f"{q} ({rulings[q].question})" if q in rulings else q for q in ids)

    out = [
        "# Codes",
        "",
        "Generated from `brass_judge/codes.py` by `tools/gen_codes_doc.py`; do not edit by hand (a test",
        "fails when this page is stale). Every violation the engine reports and every rule it applies has",
        "a stable code. *Always* lists the rulings cited whenever the code appears; *when they decide*",
        "lists rulings cited only in the cases they decide (see `brass-judge rulings show QNNN`).",
        "Fields in braces are filled in from the position. The same, one code at a time:",
        "`brass-judge codes show CODE`.",
        "",
    ]
    for prefix, title in FAMILIES:
        rows = [c for c in CODES.values() if c.code.startswith(prefix)]
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
                dict.fromkeys(f"`brass_judge/{path}` (`{func}`)" for path, _line, func in reported_in(c.code))
            )
            if where:
                out.append(f"- Reported in: {', '.join(where)}")
            fixtures = sorted(
                p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "rules").rglob(f"{c.code}_*.yaml")
            )
            if fixtures:
                out.append(f"- Fixtures: {', '.join(f'`{f}`' for f in fixtures)}")
            out.append("")
    out += ["Input errors (exit 2) have `INP` codes, listed in [errors.md](errors.md).", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    target = ROOT / "docs" / "codes.md"
    text = render()
    if "--check" in argv:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            sys.stderr.write("docs/codes.md is stale: run python tools/gen_codes_doc.py\n")
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
