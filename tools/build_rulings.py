#!/usr/bin/env python3
"""Build ``rulings/lancashire.yaml`` from the rulings seed (issue 3). One-off, kept for the record.

The seed (``shared/seeds/002_*.txt``) is a flat text file: a 5-line header (title, then the same
intro + "Updated" pair twice), then 139 answers in order. Most answers are preceded by ONE line
saying where the answer comes from (the *source* line); twelve have none; one answer (the
"no cubes on the map AND the market" overbuild ruling) is followed by a quotation line and an
attribution line that belong to it. The question texts were lost.

What this script does:

* splits the seed into answers and source lines (``parse_seed``) and checks the split against the
  hand-verified facts below (counts, the lines of the sourceless answers, the quotation block), so
  a changed seed or a broken heuristic fails loudly instead of silently shifting ids;
* classifies each source line into authorities (``classify_authority``);
* merges the hand-authored fields (question, topics, applies_to, engine, related, keywords) from
  ``--meta FILE`` or, by default, from the existing ``rulings/lancashire.yaml``, so that re-running
  it refreshes the seed-derived fields and keeps the hand-written ones;
* writes the YAML (or, with ``--check``, only verifies that the YAML agrees with the seed).

Usage::

    python tools/build_rulings.py                       # rewrite rulings/lancashire.yaml in place
    python tools/build_rulings.py --check               # verify only; exit 1 on any difference
    python tools/build_rulings.py --meta draft.yaml     # take hand fields from a draft (id -> fields)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "rulings" / "lancashire.yaml"

HEADER_LINES = 5  # title, intro, "Updated ...", intro, "Updated ..." (checked in parse_seed)
EXPECTED_ANSWERS = 139
# Hand-verified (every boundary read by a person): the 1-based seed lines of the answers that have
# no source line. Each follows another answer directly.
SOURCELESS_ANSWER_LINES = (104, 107, 116, 117, 118, 133, 184, 187, 200, 217, 230, 233)
# The quotation + attribution that belong to the answer on the line before them.
QUOTE_BLOCK_LINES = (166, 167)

AUTHORITIES = ("rulebook", "designer", "publisher", "community", "map-designer")

# A source line describes provenance ("The designer ruled ...", "Roxley confirmed ...", "Several
# experienced players agree ...", "Build Action step 2 says ...", "The map's designer ..."). Its
# first words are enough for all 127 source lines of the seed; answers start with "Yes", "No", a
# number, or a direct statement. Every boundary was also checked by hand (see the constants above).
_SOURCE_START = re.compile(
    r"^(?:The designer|The map's designer|Roxley|Several experienced|Many experienced|"
    r"Two experienced|The rulebook|"
    r"(?:The )?(?:Board Setup|Player Area Setup|Build Action|Flipping Industry Tiles|Player Turns|"
    r"Actions List|End of (?:Round|Canal|Rail)|Loan Action|Sell Action|Develop Action|"
    r"Network Action|Connected Locations|Consuming (?:Coal|Iron)|Moving Coal and Iron|"
    r"Classic Rules|Community 2-Player Variant|Canal Era Building|Overbuilding|Board Setup note|"
    r"End of Round note|note under))\b"
)
# ...except that one answer also starts with the publisher's name (Q126: "Roxley raised it from
# 3 to 5 VP after online play data ..."): it says what happened, not how the answer is known.
_ANSWER_ONLY = re.compile(r"^Roxley raised it\b")

_RULEBOOK_REF = re.compile(
    r"\b(?:rulebook|Board Setup|Player Area Setup|Location Banners|Build Action|Flipping Industry "
    r"Tiles|Increasing Your Income|Player Turns|Actions List|End of (?:Round|Canal|Rail|Era)|"
    r"Loan Action|Sell Action|Develop Action|Network Action|Connected Locations|Consuming "
    r"(?:Coal|Iron)|Moving Coal and Iron|Classic Rules|Community 2-Player Variant|Canal Era "
    r"Building|Rail Era Building|Overbuilding section)\b"
)
# The rulebook is named but said NOT to settle the point: that is not rulebook authority.
_RULEBOOK_SILENT = re.compile(r"\brulebook (?:doesn't address|only says)\b")
_COMMUNITY = re.compile(r"\b(?:players? (?:agree|confirm)|experienced players|many players)\b", re.I)


@dataclass
class SeedEntry:
    number: int  # 1-based answer number
    answer: str
    source: str | None
    answer_line: int  # 1-based line in the seed
    source_line: int | None

    @property
    def id(self) -> str:
        return f"Q{self.number:03d}"


@dataclass
class Seed:
    title: str
    intro: str
    updated: str
    entries: list[SeedEntry]


def is_source_line(text: str) -> bool:
    """True when *text* is a provenance line rather than an answer."""
    if _ANSWER_ONLY.match(text):
        return False
    return bool(_SOURCE_START.match(text))


def parse_seed(path: Path) -> Seed:
    """Split the seed into entries; raise ValueError if it does not match the verified shape."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    title, intro1, upd1, intro2, upd2 = lines[:HEADER_LINES]
    if intro1 != intro2 or upd1 != upd2 or not upd1.startswith("Updated "):
        raise ValueError("seed header is not title + two identical intro/'Updated' pairs")
    if is_source_line(lines[HEADER_LINES]) is False:
        raise ValueError("the first body line should be a source line")

    entries: list[SeedEntry] = []
    pending: tuple[int, str] | None = None
    for idx in range(HEADER_LINES, len(lines)):
        lineno, text = idx + 1, lines[idx]
        if not text.strip():
            raise ValueError(f"unexpected blank line {lineno}")
        if text.startswith("\u201c") or text.startswith("\u2014 "):
            # quotation / attribution: part of the previous answer
            if pending is not None or not entries:
                raise ValueError(f"line {lineno}: quotation without an answer before it")
            entries[-1].answer += "\n" + text
            continue
        if is_source_line(text):
            if pending is not None:
                raise ValueError(f"two source lines in a row at lines {pending[0]} and {lineno}")
            pending = (lineno, text)
            continue
        entries.append(
            SeedEntry(
                number=len(entries) + 1,
                answer=text,
                source=pending[1] if pending else None,
                answer_line=lineno,
                source_line=pending[0] if pending else None,
            )
        )
        pending = None
    if pending is not None:
        raise ValueError(f"source line {pending[0]} has no answer after it")

    # Check the split against the hand-verified facts.
    if len(entries) != EXPECTED_ANSWERS:
        raise ValueError(f"expected {EXPECTED_ANSWERS} answers, got {len(entries)}")
    sourceless = tuple(e.answer_line for e in entries if e.source is None)
    if sourceless != SOURCELESS_ANSWER_LINES:
        raise ValueError(f"sourceless answers at lines {sourceless}, expected {SOURCELESS_ANSWER_LINES}")
    quoted = [e for e in entries if "\n" in e.answer]
    if len(quoted) != 1 or quoted[0].answer_line != QUOTE_BLOCK_LINES[0] - 1:
        raise ValueError("the quotation block is not attached to the answer before it")
    return Seed(title=title, intro=intro1, updated=upd1.removeprefix("Updated ").rstrip("."), entries=entries)


def classify_authority(source: str | None) -> list[str]:
    """Authorities a source line cites as backing its answer, in canonical order."""
    if source is None:
        return ["none"]
    found = set()
    if "map's designer" in source:
        found.add("map-designer")
    if re.search(r"\bdesigner\b", source.replace("map's designer", "")):
        found.add("designer")
    if "Roxley" in source:
        found.add("publisher")
    if _COMMUNITY.search(source):
        found.add("community")
    without_silent = _RULEBOOK_SILENT.sub("", source)
    if _RULEBOOK_REF.search(without_silent):
        found.add("rulebook")
    if not found:
        raise ValueError(f"cannot classify source line: {source!r}")
    return [a for a in AUTHORITIES if a in found]


# --------------------------------------------------------------------------- hand-authored fields

HAND_FIELDS = ("question", "topics", "applies_to", "engine", "related", "keywords")
_META_SHORT = {
    "q": "question",
    "t": "topics",
    "a": "applies_to",
    "e": "engine",
    "r": "related",
    "k": "keywords",
}


def load_meta(path: Path) -> dict[str, dict]:
    """Hand fields by id, from a rulings YAML (``rulings:`` list) or a draft mapping id -> fields."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if isinstance(data, dict) and "rulings" in data:
        return {r["id"]: {k: r.get(k) for k in HAND_FIELDS if k in r} for r in data["rulings"]}
    out = {}
    for rid, fields in data.items():
        out[rid] = {_META_SHORT.get(k, k): v for k, v in fields.items()}
    return out


def symmetrize_related(meta: dict[str, dict], max_len: int = 6) -> None:
    """Add the reverse of every related link, where the other side has room."""
    for rid in sorted(meta):
        for other in list(meta[rid].get("related") or []):
            back = meta.setdefault(other, {}).setdefault("related", [])
            if rid not in back and len(back) < max_len:
                back.append(rid)


def build_records(seed: Seed, meta: dict[str, dict]) -> list[dict]:
    records = []
    for e in seed.entries:
        m = meta.get(e.id, {})
        missing = [f for f in ("question", "topics", "engine") if not m.get(f)]
        if missing:
            raise ValueError(f"{e.id}: hand-authored fields missing: {missing}")
        rec = {
            "id": e.id,
            "question": m["question"],
            "answer": e.answer,
            "source": e.source,
            "authority": classify_authority(e.source),
            "topics": list(m["topics"]),
            "applies_to": m.get("applies_to") or "standard",
            "engine": m["engine"],
            "related": sorted(set(m.get("related") or []) - {e.id}),
        }
        if m.get("keywords"):
            rec["keywords"] = list(m["keywords"])
        records.append(rec)
    ids = {r["id"] for r in records}
    for r in records:
        bad = [x for x in r["related"] if x not in ids]
        if bad:
            raise ValueError(f"{r['id']}: related ids that do not exist: {bad}")
    return records


# --------------------------------------------------------------------------- YAML output


def _q(s: str) -> str:
    """A YAML double-quoted scalar (JSON string syntax is valid YAML)."""
    return json.dumps(s, ensure_ascii=False)


_YAML_WORDS = {"yes", "no", "true", "false", "on", "off", "null", "y", "n"}


def _flow(items: list[str]) -> str:
    """A flow sequence; items are left plain only where YAML cannot misread them."""

    def one(i: str) -> str:
        plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9 '\-]*", i) and i.lower() not in _YAML_WORDS
        return i if plain and not i.endswith(" ") else _q(i)

    return "[" + ", ".join(one(i) for i in items) + "]"


def render_yaml(seed: Seed, records: list[dict]) -> str:
    out = [
        "# Brass: Lancashire rulings database: one entry per answer of the rulings seed, in seed order.",
        "# answer / source / authority are taken from the seed by tools/build_rulings.py; the other",
        "# fields are written by hand and kept when the script is re-run. Schema:",
        "# schemas/rulings.schema.json; field meanings and vocabulary: docs/rulings.md.",
        "format: brass-judge-rulings",
        "version: 1",
        "game: lancashire",
        f"title: {_q(seed.title)}",
        f"description: {_q(seed.intro)}",
        f"updated: {_q(seed.updated)}",
        "rulings:",
    ]
    for r in records:
        out.append(f"  - id: {r['id']}")
        out.append(f"    question: {_q(r['question'])}")
        if "\n" in r["answer"]:
            out.append("    answer: |-")
            out.extend("      " + line for line in r["answer"].split("\n"))
        else:
            out.append(f"    answer: {_q(r['answer'])}")
        out.append(f"    source: {_q(r['source']) if r['source'] is not None else 'null'}")
        out.append(f"    authority: {_flow(r['authority'])}")
        out.append(f"    topics: {_flow(r['topics'])}")
        out.append(f"    applies_to: {r['applies_to']}")
        out.append(f"    engine: {r['engine']}")
        out.append(f"    related: {_flow(r['related'])}")
        if r.get("keywords"):
            out.append(f"    keywords: {_flow(r['keywords'])}")
    return "\n".join(out) + "\n"


def find_seed() -> Path:
    seeds = REPO.parent / "shared" / "seeds"
    hits = sorted(seeds.glob("002_*.txt"))
    if not hits:
        raise SystemExit(f"no rulings seed (002_*.txt) in {seeds}")
    return hits[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--seed", type=Path, default=None, help="the seed file (default: ../shared/seeds/002_*.txt)"
    )
    ap.add_argument("--meta", type=Path, default=None, help="hand-authored fields (default: the output file)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="verify the output file only; exit 1 on difference")
    args = ap.parse_args(argv)

    seed = parse_seed(args.seed or find_seed())
    meta_path = args.meta or args.out
    meta = load_meta(meta_path) if meta_path.exists() else {}
    symmetrize_related(meta)
    records = build_records(seed, meta)
    text = render_yaml(seed, records)

    import yaml  # round-trip: the text we write must load back to exactly the records

    if yaml.safe_load(text)["rulings"] != records:
        raise SystemExit("internal error: the YAML written does not load back to the same records")

    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            sys.stderr.write(f"{args.out} differs from what the seed and its hand fields give\n")
            return 1
        print(f"{args.out}: OK ({len(seed.entries)} rulings)")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    n_src = sum(e.source is not None for e in seed.entries)
    print(
        f"wrote {args.out}: {len(seed.entries)} rulings, {n_src} with a source line, "
        f"{len(seed.entries) - n_src} without"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
