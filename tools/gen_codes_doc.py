"""Write docs/codes.md from brass_judge/codes.py (the one table of codes).

    python tools/gen_codes_doc.py           # rewrite docs/codes.md
    python tools/gen_codes_doc.py --check   # exit 1 if docs/codes.md is stale (the tests do this)
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FAMILIES = [
    ("POS", "Position validity (`validate`, and `check` before judging)"),
    ("TRN", "Turn: whose turn, how many actions, the card discarded"),
    ("BLD", "Build"),
    ("NET", "Network"),
    ("DEV", "Develop"),
    ("SEL", "Sell"),
    ("LON", "Loan"),
    ("GAM", "Game logs (`replay`, `lint`)"),
    ("RUL", "Rules applied in legal outcomes (cited as the rulings relied on)"),
]


def render() -> str:
    from brass_judge.codes import CODES

    def cell(text: str) -> str:
        return (text or "").replace("|", "\\|")

    out = [
        "# Codes",
        "",
        "Generated from `brass_judge/codes.py` by `tools/gen_codes_doc.py`; do not edit by hand (a test",
        "fails when this page is stale). Every violation the engine reports and every rule it applies has",
        "a stable code. *Always* lists the rulings cited whenever the code appears; *when they decide*",
        "lists rulings cited only in the cases they decide (see `brass-judge rulings show QNNN`).",
        "Fields in braces are filled in from the position.",
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
                out.append(f"| `{c.code}` | {c.name} | {cell(c.message)} | {', '.join(c.rulings) or '–'} | "
                           f"{', '.join(c.may_cite) or '–'} |")
        else:
            out += ["| code | name | message | remedy | always | when they decide |", "|---|---|---|---|---|---|"]
            for c in rows:
                out.append(f"| `{c.code}` | {c.name} | {cell(c.message)} | {cell(c.remedy or '–')} | "
                           f"{', '.join(c.rulings) or '–'} | {', '.join(c.may_cite) or '–'} |")
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
