"""Lint files: game logs, positions and action files, each finding with a stable code and a line.

What each kind of file gets (the kind is told by its top-level keys):

* **game log** (``setup:``/``turns:``): replayed with ``keep_going``. Findings are the recorded
  facts that differ (GAM001) and shortfall choices the rules refuse (GAM005) up to the first
  *departure*, and that departure: an illegal action (one finding per violation:
  BLD/NET/DEV/SEL/LON/TRN codes), a turn logged for the wrong player, an incomplete turn or turns
  after the game's end (GAM002-GAM004). From there on the replay no longer plays the game the log
  records (a pass instead of the illegal action, the turn played by someone else, passes filled
  in), so whatever it finds later may be no more than a knock-on effect: those findings are not
  listed apart but attached to the departure as its ``consequences`` and counted in one note
  (``brass-judge replay --keep-going`` lists them all);
* **position** (``players:``): :func:`brass_judge.engine.validate.validate` (POS codes);
* **fixture** (``position:`` with ``action:``/``expect:``, e.g. tests/rules and tests/perft):
  the embedded position is validated and the action parsed;
* **action file** (``action:``/``actions:``, a list of actions or a notation string): parsed;
* anything else is skipped (reported, not a finding).

A file that cannot be used (unreadable, not YAML, schema errors, unknown names, notation that does
not parse) is a finding with its INP code; the run then exits 2 although every other file's
findings are still reported. So is a path that does not exist (INP001) and a set of paths that
holds no YAML file at all (INP076: a mistyped folder must not pass as "clean"). Otherwise the exit
code is 1 when anything was found, else 0.

Renderers: text, JSON, SARIF 2.1.0 (rules from :mod:`brass_judge.codes`) and GitHub workflow
annotations. Nothing here prints; the CLI writes what the renderers return.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class LintFinding:
    code: str
    message: str
    file: str
    line: Optional[int] = None
    column: Optional[int] = None
    rulings: list = field(default_factory=list)
    remedy: Optional[str] = None
    context: Optional[str] = None  #: where in the game (era, round, player, action)
    #: later findings of the same game log that may only follow from this one (not listed apart)
    consequences: list = field(default_factory=list)

    @property
    def is_input_error(self) -> bool:
        return self.code.startswith("INP")

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "file": self.file, "line": self.line,
                "column": self.column, "rulings": list(self.rulings), "remedy": self.remedy,
                "context": self.context, "consequences": [c.to_dict() for c in self.consequences]}

    def consequence_note(self) -> Optional[str]:
        """One sentence about the later findings that may follow from this one, or None."""
        cs = self.consequences
        if not cs:
            return None
        lines = [c.line for c in cs if c.line]
        where = ""
        if lines:
            lo, hi = min(lines), max(lines)
            where = f"line {lo}: " if lo == hi else f"lines {lo}-{hi}: "
        counts: dict = {}
        for c in cs:
            counts[c.code] = counts.get(c.code, 0) + 1
        top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        codes = ", ".join(f"{n} {code}" for code, n in top[:6]) + (", ..." if len(top) > 6 else "")
        at = f"the problem at line {self.line}" if self.line else "this problem"
        return (f"{len(cs)} later finding(s) in this log ({where}{codes}) are not listed, since they may be mere "
                f"knock-on effects of {at}: fix it and lint again (`brass-judge replay --keep-going {self.file}` "
                "lists them all)")


@dataclass
class FileReport:
    file: str
    kind: str  #: game | position | fixture | action | skipped | unreadable
    findings: list = field(default_factory=list)
    note: Optional[str] = None

    @property
    def unusable(self) -> bool:
        return any(f.is_input_error for f in self.findings)

    def to_dict(self) -> dict:
        return {"file": self.file, "kind": self.kind, "note": self.note,
                "findings": [f.to_dict() for f in self.findings]}


# ------------------------------------------------------------------------------- files
def collect_files(paths: Iterable) -> tuple:
    """Expand *paths* (files and folders, folders recursively to *.yaml/*.yml, sorted).

    Returns ``(files, missing)``: the files to lint and the paths that do not exist.
    """
    files: list = []
    missing: list = []
    seen = set()
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(str(x) for x in path.rglob("*") if x.suffix.lower() in YAML_SUFFIXES and x.is_file())
        elif path.exists():
            found = [str(path)]
        else:
            missing.append(str(p))
            continue
        for f in found:
            if f not in seen:
                seen.add(f)
                files.append(f)
    return files, missing


def classify(obj: Any) -> str:
    """The kind of file a parsed YAML document is, from its top-level keys."""
    from .games import is_game_log

    if is_game_log(obj):
        return "game"
    if isinstance(obj, dict):
        if "players" in obj:
            return "position"
        if isinstance(obj.get("position"), dict):
            return "fixture"
        if "action" in obj or "actions" in obj:
            return "action"
        return "skipped"
    if isinstance(obj, str):
        return "action"
    if isinstance(obj, list) and obj and all(isinstance(x, (str, dict)) for x in obj) and \
            all(isinstance(x, str) or "action" in x for x in obj):
        return "action"
    return "skipped"


def _with_suggestions(message: str, suggestions) -> str:
    """*message* and its "Did you mean" suggestions as one text, as :meth:`InputError.render` writes it."""
    if not suggestions:
        return message
    sep = " " if message.rstrip().endswith((".", "?", "!")) else ". "
    return message.rstrip() + sep + "Did you mean: " + ", ".join(suggestions[:3]) + "?"


def _input_findings(err, file: str) -> list:
    errs = getattr(err, "errors", None) or [err]
    out = [LintFinding(e.code, _with_suggestions(e.message, e.suggestions), e.file or file, e.line, e.column)
           for e in errs]
    if getattr(err, "omitted", 0):  # InputErrors caps what it keeps (errors.MAX_PER_FIELD, MAX_ERRORS)
        out.append(LintFinding(errs[-1].code, f"... {err.omitted:,} more problem(s) in this file not shown",
                               errs[-1].file or file, errs[-1].line, errs[-1].column))
    return out


def lint_file(file: str) -> FileReport:
    """Lint one file. Never raises for bad input: problems become findings."""
    from .errors import InputError
    from .yamlio import load_file

    try:
        doc = load_file(file, what="file")
    except InputError as err:
        return FileReport(file, "unreadable", _input_findings(err, file))
    kind = classify(doc.data)
    rep = FileReport(file, kind)
    try:
        if kind == "game":
            _lint_game(doc, rep)
        elif kind == "position":
            _lint_position(doc, (), rep)
        elif kind == "fixture":
            _lint_position(doc, ("position",), rep)
            if "action" in doc.data and not rep.unusable:
                _lint_action(doc, ("action",), rep)
        elif kind == "action":
            _lint_action(doc, (), rep)
        else:
            rep.note = "skipped: not a game log, position or action file"
    except InputError as err:
        rep.findings.extend(_input_findings(err, file))
    return rep


#: log problems after which the replay no longer plays the game the log records: GAM002 (wrong
#: player), GAM003 (incomplete turn), GAM004 (turns after the end), GAM006 (a turn left out)
_DEPARTURES = frozenset(("GAM002", "GAM003", "GAM004", "GAM006"))


def _lint_game(doc, rep: FileReport) -> None:
    from .games import read_log, replay

    log = read_log(doc)
    res = replay(log, keep_going=True)
    cause: Optional[LintFinding] = None  # the last finding of the first departure from the log
    made: dict = {}  # id(replay finding) -> its (last) lint finding
    for f in res.findings:
        if f.violations:
            found = [LintFinding(v.code, f"{f.player}: {f.text}: {v.message}", rep.file, f.line,
                                 rulings=v.rulings, remedy=v.remedy, context=f.where()) for v in f.violations]
        else:
            found = [LintFinding(f.code, f.message, rep.file, f.line, rulings=list(f.rulings),
                                 remedy=f.remedy, context=f.where())]
        made[id(f)] = found[-1]
        if cause is not None:
            cause.consequences.extend(found)
            continue
        if getattr(f, "follows", None) is not None and id(f.follows) in made:
            # GAM007: a player's fact that differs after an earlier one of theirs did (a knock-on)
            made[id(f.follows)].consequences.extend(found)
            continue
        rep.findings.extend(found)
        if f.violations or f.code in _DEPARTURES:
            # The replay departs from the log here (a pass instead of the illegal action, the turn
            # played by someone else, passes filled in): what it finds from here on may be no more
            # than a knock-on effect of that. Recorded facts (GAM001) and shortfall choices (GAM005)
            # are only compared, so they start no knock-on effects.
            cause = found[-1]
    state = "complete" if res.game_over else f"ends in {res.position.era.title()} Era round {res.position.round}"
    rep.note = f"game log: {res.total_actions} action(s), {state}"


def _lint_position(doc, root: tuple, rep: FileReport) -> None:
    from .engine.validate import validate
    from .position_io import position_from_doc

    lp = position_from_doc(doc, None, root)
    for v in validate(lp):
        line = getattr(v, "line", None)
        if line is None and root:
            line = doc.line_of(root)[0]
        rep.findings.append(LintFinding(v.code, v.message, rep.file, line, rulings=v.rulings, remedy=v.remedy))


def _lint_action(doc, root: tuple, rep: FileReport) -> None:
    from .action_io import turn_from_doc
    from .data import game_data

    variant = "standard"
    if root == ("action",) and isinstance(doc.data.get("position"), dict):
        variant = doc.data["position"].get("variant", "standard")
    turn_from_doc(doc, game_data(variant), root)


_NOT_FOUND = "path not found"
_NO_YAML = "no YAML files under this path"


def lint_paths(paths: Iterable, *, jobs: int = 1) -> list:
    """Lint every file under *paths*; returns one :class:`FileReport` per file, in order.

    *jobs* > 1 lints files in that many processes (0 = one per CPU).
    """
    paths = [str(p) for p in paths]
    files, missing = collect_files(paths)
    reports = [FileReport(m, "unreadable", [LintFinding("INP001", "file or folder not found", m)],
                          note=_NOT_FOUND) for m in missing]
    if not files:
        # nothing to lint at all: a mistyped CI path must not pass as "clean"
        reports.extend(FileReport(p, "unreadable", [LintFinding(
            "INP076", f"no .yaml/.yml files found under {p}; nothing was linted (check the path)", p)],
            note=_NO_YAML) for p in paths if p not in missing)
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs > 1 and len(files) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
            reports.extend(pool.map(lint_file, files, chunksize=max(1, len(files) // (jobs * 4))))
    else:
        reports.extend(lint_file(f) for f in files)
    return reports


def exit_code(reports: list) -> int:
    """2 when any file could not be used, else 1 when anything was found, else 0."""
    if any(r.unusable for r in reports):
        return 2
    return 1 if any(r.findings for r in reports) else 0


def all_findings(reports: list) -> list:
    return [f for r in reports for f in r.findings]


def consequence_count(reports: list) -> int:
    """How many later findings were attached to an earlier one (not listed apart)."""
    return sum(len(f.consequences) for f in all_findings(reports))


# ------------------------------------------------------------------------------- renderers
def render_text(reports: list) -> str:
    out = []
    for f in all_findings(reports):
        where = f"{f.file}:{f.line}" if f.line else f.file
        s = f"{where}: {f.code} {f.message}"
        if f.context:
            s += f" ({f.context})"
        if f.rulings:
            s += f" [{', '.join(f.rulings)}]"
        out.append(s)
        if f.remedy:
            out.append(f"    fix: {f.remedy}")
        note = f.consequence_note()
        if note:
            out.append(f"    then: {note}")
    bad_paths = [r for r in reports if r.note in (_NOT_FOUND, _NO_YAML)]
    files = [r for r in reports if r.note not in (_NOT_FOUND, _NO_YAML)]
    n = len(all_findings(files))
    bad = sum(1 for r in files if r.findings)
    skipped = sum(1 for r in files if r.kind == "skipped")
    linted = len(files) - skipped
    if not files:
        summary = "nothing linted"
    else:
        summary = f"{n} finding(s) in {bad} of {linted} file(s)" if n else f"{linted} file(s) clean"
    if bad_paths:
        summary += f"; {len(bad_paths)} path(s) not found or holding no .yaml/.yml file"
    more = consequence_count(reports)
    if more:
        summary += f"; {more} later knock-on finding(s) not listed"
    if skipped:
        summary += f"; {skipped} file(s) skipped (not a game log, position or action file)"
    if any(r.unusable for r in reports):
        summary += "; some input could not be used (INP codes)"
    out.append(summary)
    return "\n".join(out) + "\n"


def render_json(reports: list) -> dict:
    return {
        "exit_code": exit_code(reports),
        "files": [r.to_dict() for r in reports],
        "findings": [f.to_dict() for f in all_findings(reports)],
        "summary": {"files": len(reports), "findings": len(all_findings(reports)),
                    "consequences": consequence_count(reports),
                    "skipped": sum(1 for r in reports if r.kind == "skipped"),
                    "unusable": sum(1 for r in reports if r.unusable)},
    }


def _message(f: LintFinding) -> str:
    """The finding's message for one-line renderers: with its context and the consequence note."""
    text = f.message + (f" ({f.context})" if f.context else "")
    note = f.consequence_note()
    return f"{text}. Then: {note}" if note else text


def _rel(file: str) -> Optional[str]:
    """*file* relative to the working directory (POSIX form), or None when it lies outside."""
    try:
        return Path(file).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError):
        return None


def _uri(file: str) -> str:
    rel = _rel(file)
    return rel if rel is not None else Path(file).resolve().as_uri()


_FAMILY = {"POS": "position", "TRN": "turn", "BLD": "build", "NET": "network", "DEV": "develop",
           "SEL": "sell", "LON": "loan", "GAM": "game-log", "INP": "input"}


def render_sarif(reports: list) -> dict:
    """A SARIF 2.1.0 log: one run, the rules of codes.py (plus the INP codes that occur)."""
    from . import __version__
    from .codes import CODES

    rules = []
    index = {}
    for c in CODES.values():
        if c.is_rule or c.status == "removed":
            continue
        index[c.code] = len(rules)
        rule = {"id": c.code, "name": c.name, "shortDescription": {"text": c.message},
                "fullDescription": {"text": c.doc or c.message},
                "defaultConfiguration": {"level": "error"},
                "properties": {"rulings": list(c.rulings), "tags": [_FAMILY.get(c.code[:3], "other")]}}
        if c.remedy:
            rule["help"] = {"text": c.remedy}
        rules.append(rule)
    results = []
    for f in all_findings(reports):
        if f.code not in index:
            index[f.code] = len(rules)
            rules.append({"id": f.code, "name": "input-error", "shortDescription": {"text": "input that cannot be used"},
                          "defaultConfiguration": {"level": "error"}, "properties": {"tags": ["input"]}})
        loc: dict = {"artifactLocation": {"uri": _uri(f.file)}}
        if f.line:
            loc["region"] = {"startLine": f.line}
            if f.column:
                loc["region"]["startColumn"] = f.column
        res = {"ruleId": f.code, "ruleIndex": index[f.code], "level": "error",
               "message": {"text": _message(f)},
               "locations": [{"physicalLocation": loc}]}
        if f.consequences:
            related = []
            for i, c in enumerate(f.consequences):
                rloc: dict = {"artifactLocation": {"uri": _uri(c.file)}}
                if c.line:
                    rloc["region"] = {"startLine": c.line}
                related.append({"id": i, "physicalLocation": rloc,
                                "message": {"text": f"{c.code} {c.message}" + (f" ({c.context})" if c.context else "")}})
            res["relatedLocations"] = related
        props = {}
        if f.rulings:
            props["rulings"] = list(f.rulings)
        if f.remedy:
            props["remedy"] = f.remedy
        if f.consequences:
            props["consequences"] = len(f.consequences)
        if props:
            res["properties"] = props
        results.append(res)
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "brass-judge", "version": __version__, "semanticVersion": __version__,
                                "rules": rules}},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def _gh_escape(s: str, prop: bool = False) -> str:
    s = s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        s = s.replace(":", "%3A").replace(",", "%2C")
    return s


def render_github(reports: list) -> str:
    """GitHub Actions workflow commands: ``::error file=F,line=N,title=CODE::CODE message``."""
    out = []
    for f in all_findings(reports):
        props = [f"file={_gh_escape(_rel(f.file) or f.file, True)}"]
        if f.line:
            props.append(f"line={f.line}")
            if f.column:
                props.append(f"col={f.column}")
        props.append(f"title={_gh_escape(f.code, True)}")
        msg = f"{f.code} {_message(f)}"
        out.append(f"::error {','.join(props)}::{_gh_escape(msg)}")
    return "\n".join(out) + ("\n" if out else "")
