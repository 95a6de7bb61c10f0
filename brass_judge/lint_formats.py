"""More report formats for ``brass-judge lint`` (docs/games.md), after ruff's where they fit.

* :func:`render_junit`: JUnit XML, one ``<testcase>`` per file (a file with findings fails, an
  unusable file is an error, a skipped file is skipped), for CI test reports;
* :func:`render_gitlab`: GitLab Code Quality JSON, one issue per finding;
* :func:`render_json_lines`: one JSON object per finding and line;
* :func:`statistics` / :func:`render_statistics`: how many findings of each code.

The renderers of :mod:`brass_judge.lint` (text, JSON, SARIF, GitHub) stay there. Nothing here
prints: the CLI writes what the renderers return.
"""

from __future__ import annotations

import hashlib
import json
import re

from .lint import _NO_YAML, _NOT_FOUND, _message, _rel, all_findings, exit_code

#: characters XML 1.0 does not allow (C0 controls but tab, LF, CR; surrogates; U+FFFE, U+FFFF)
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(s: str, keep: str = "\t\n") -> str:
    """*s* with each character XML cannot hold written as ``\\xNN``/``\\uNNNN`` (so it is seen, not lost),
    and so are the invisible ones every text output escapes (:func:`brass_judge.output.escape_controls`)."""
    from .output import escape_controls

    return escape_controls(s, keep=keep)


def _where(f) -> str:
    return f"{f.file}:{f.line}" if f.line else f.file


def _path(file: str) -> str:
    """*file* relative to the working directory (POSIX), else as given."""
    rel = _rel(file)
    return rel if rel is not None else file


# ------------------------------------------------------------------------------- JUnit
def render_junit(reports: list) -> str:
    """JUnit XML: one ``<testsuite>`` named ``brass-judge``, one ``<testcase>`` per file.

    A file with findings has one ``<failure>`` (``type`` the first code, ``message`` a summary,
    the text one line per finding); a file that could not be used has one ``<error>`` instead;
    a skipped file has ``<skipped>``. A path that does not exist is a testcase with an error too.
    """
    import xml.etree.ElementTree as ET

    cases = []
    failures = errors = skipped = 0
    for r in reports:
        name = _xml_text(_path(r.file), keep="")
        case = ET.Element("testcase", {"name": name, "classname": "brass-judge.lint." + r.kind, "time": "0"})
        if r.findings:
            codes = sorted({f.code for f in r.findings})
            lines = []
            for f in r.findings:
                lines.append(f"{_where(f)}: {f.code} {_message(f)}")
                if f.rulings:
                    lines.append(f"    rulings: {', '.join(f.rulings)}")
                if f.remedy:
                    lines.append(f"    fix: {f.remedy}")
            summary = f"{len(r.findings)} finding(s): {', '.join(codes)}"
            tag = "error" if r.unusable else "failure"
            first = r.findings[0]
            el = ET.SubElement(case, tag, {"type": first.code, "message": summary})
            el.text = "\n".join(
                _xml_text(line, keep="") for line in lines
            )  # a newline in a name stays escaped
            if r.unusable:
                errors += 1
            else:
                failures += 1
        elif r.kind == "skipped":
            ET.SubElement(case, "skipped", {"message": _xml_text(r.note or "skipped")})
            skipped += 1
        if r.note and r.note not in (_NOT_FOUND, _NO_YAML):
            out = ET.SubElement(case, "system-out")
            out.text = _xml_text(r.note)
        cases.append(case)
    counts = {
        "tests": str(len(cases)),
        "failures": str(failures),
        "errors": str(errors),
        "skipped": str(skipped),
        "time": "0",
    }
    root = ET.Element(
        "testsuites", dict(name="brass-judge", **{k: v for k, v in counts.items() if k != "skipped"})
    )
    suite = ET.SubElement(root, "testsuite", dict(name="brass-judge lint", **counts))
    suite.extend(cases)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# ------------------------------------------------------------------------------- GitLab
def render_gitlab(reports: list) -> list:
    """GitLab Code Quality report: a list of issues ``{description, check_name, fingerprint,
    severity, location: {path, lines: {begin}}}``. The fingerprint is stable across runs (the
    code, path and message, not the line, with a counter for repeats), so GitLab tracks an issue
    that only moved. Findings on unusable input are ``critical``, the others ``major``."""
    out = []
    seen: dict = {}
    for f in all_findings(reports):
        path = _path(f.file)
        code = f.spec  # the code in the finding's game
        key = f"{f.code}\0{path}\0{f.message}"
        n = seen[key] = seen.get(key, 0) + 1
        fp = hashlib.sha256(f"{key}\0{n}".encode()).hexdigest()[:32]
        desc = f"{f.code} {_message(f)}"
        issue = {
            "type": "issue",
            "description": desc,
            "check_name": f.code + (f" {code.name}" if code is not None else ""),
            "fingerprint": fp,
            "severity": "critical" if f.is_input_error else "major",
            "categories": ["Bug Risk"],
            "location": {"path": path, "lines": {"begin": f.line or 1}},
        }
        if f.remedy or f.rulings:
            issue["content"] = {
                "body": "\n\n".join(
                    x
                    for x in (
                        f"Fix: {f.remedy}" if f.remedy else "",
                        f"Rulings: {', '.join(f.rulings)}" if f.rulings else "",
                    )
                    if x
                )
            }
        out.append(issue)
    return out


# ------------------------------------------------------------------------------- JSON lines
def render_json_lines(reports: list) -> str:
    """One JSON object per finding (the ``findings`` items of ``--format json``), one per line."""
    return "".join(json.dumps(f.to_dict(), ensure_ascii=False) + "\n" for f in all_findings(reports))


# ------------------------------------------------------------------------------- statistics
def statistics(reports: list) -> list:
    """``[{code, name, count}]``: the findings listed, counted per code, most frequent first.
    (Knock-on findings attached to a departure are not listed, so not counted.)"""
    counts: dict = {}
    specs: dict = {}  # code -> its entry (the first finding's game: a code's name is the same in every game)
    for f in all_findings(reports):
        counts[f.code] = counts.get(f.code, 0) + 1
        specs.setdefault(f.code, f.spec)
    rows = []
    for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        c = specs[code]
        rows.append({"code": code, "name": c.name if c is not None else "input-error", "count": n})
    return rows


def render_statistics(reports: list, fmt: str = "text") -> str:
    rows = statistics(reports)
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    if fmt == "json-lines":
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    if not rows:
        return ""
    w = max(len(str(r["count"])) for r in rows)
    return "".join(f"{r['count']:>{w}}  {r['code']:<6}  {r['name']}\n" for r in rows)


__all__ = [
    "render_junit",
    "render_gitlab",
    "render_json_lines",
    "statistics",
    "render_statistics",
    "exit_code",
]
