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
* anything else is skipped (reported, not a finding), except a mapping whose top-level keys are
  near misses of a kind's keys (``Turns:``, ``player:``, ``Setup:``): INP093, "looks like a game
  log but ...", since nothing in it was checked.

A file that cannot be used (unreadable, not YAML, schema errors, unknown names, notation that does
not parse) is a finding with its INP code; the run then exits 2 although every other file's
findings are still reported. So is a path that does not exist (INP001) and a set of paths that
holds no YAML file at all (INP076: a mistyped folder must not pass as "clean"). Otherwise the exit
code is 1 when anything was found, else 0.

Nothing is skipped silently while walking folders: a folder that cannot be read, a symlink loop,
a dangling symlink, and a FIFO, device or socket named like a YAML file are each an INP092
finding with its path (a FIFO is never opened). A file whose check crashes (a bug) is an INP091
finding for that file and the run goes on. ``lint -`` lints a file read from standard input.

Renderers: text, JSON, SARIF 2.1.0 (rules from :mod:`brass_judge.codes`) and GitHub workflow
annotations. Nothing here prints; the CLI writes what the renderers return.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InputError
from .gamelog import is_game_log, read_log, replay
from .yamlio import load_file

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class LintFinding:
    code: str
    message: str
    file: str
    line: int | None = None
    column: int | None = None
    rulings: list = field(default_factory=list)
    remedy: str | None = None
    context: str | None = None  #: where in the game (era, round, player, action)
    #: later findings of the same game log that may only follow from this one (not listed apart)
    consequences: list = field(default_factory=list)
    #: the game whose rules the finding's code and rulings are (None: the default game, Lancashire)
    game: str | None = None

    @property
    def is_input_error(self) -> bool:
        return self.code.startswith("INP")

    @property
    def spec(self) -> Any:
        """The code's entry in its game's table of codes (None for a code it does not have)."""
        from .codes import table_of

        return table_of(self.game or "lancashire").get(self.code)

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "rulings": list(self.rulings),
            "remedy": self.remedy,
            "context": self.context,
            "consequences": [c.to_dict() for c in self.consequences],
            **({"game": self.game} if self.game not in (None, "lancashire") else {}),
        }

    def consequence_note(self) -> str | None:
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
        return (
            f"{len(cs)} later finding(s) in this log ({where}{codes}) are not listed, since they may be mere "
            f"knock-on effects of {at}: fix it and lint again (`brass-judge replay --keep-going {self.file}` "
            "lists them all)"
        )


@dataclass
class FileReport:
    file: str
    kind: str  #: game | position | fixture | action | skipped | unreadable
    findings: list = field(default_factory=list)
    note: str | None = None

    @property
    def unusable(self) -> bool:
        return any(f.is_input_error for f in self.findings)

    def to_dict(self) -> dict:
        return {
            "file": self.file,
            "kind": self.kind,
            "note": self.note,
            "findings": [f.to_dict() for f in self.findings],
        }


# ------------------------------------------------------------------------------- files
def collect_files(paths: Iterable) -> tuple:
    """Expand *paths* (files and folders, folders recursively to *.yaml/*.yml, sorted).

    Returns ``(files, missing)``: the files to lint and the paths that do not exist. Paths that
    cannot be walked or read are in :func:`walk_paths`'s third list.
    """
    files, missing, _ = walk_paths(paths)
    return files, missing


#: code of a path met while walking that cannot be linted (docs/errors.md)
WALK_CODE = "INP092"


def walk_paths(paths: Iterable) -> tuple:
    """Expand *paths* like :func:`collect_files`; returns ``(files, missing, problems)`` where
    *problems* are ``(path, message)`` pairs: folders that cannot be read, symlink loops,
    dangling symlinks, FIFOs/devices/sockets (never opened). Symlinks to folders are followed,
    each real folder once; ``-`` stands for standard input."""
    import stat as st_

    files: list = []
    missing: list = []
    problems: list = []
    seen = set()
    seen_dirs: set = set()

    def special(mode) -> str:
        return (
            "a FIFO (named pipe)"
            if st_.S_ISFIFO(mode)
            else "a socket"
            if st_.S_ISSOCK(mode)
            else "a device"
            if st_.S_ISCHR(mode) or st_.S_ISBLK(mode)
            else "not a regular file"
        )

    def walk(folder: str, ancestors: frozenset, found: list) -> None:
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            problems.append(
                (folder, f"cannot read this folder ({exc.strerror or exc}); nothing under it was linted")
            )
            return
        for e in entries:
            path = os.path.join(folder, e.name)
            is_yaml = e.name.lower().endswith(YAML_SUFFIXES)
            try:
                is_link = e.is_symlink()
            except OSError:
                is_link = False
            try:
                info = os.stat(path)
            except FileNotFoundError:
                if is_link:
                    problems.append(
                        (
                            path,
                            f"dangling symlink (it points to {_link_target(path)}, which does "
                            "not exist); not linted",
                        )
                    )
                continue
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    problems.append((path, "symlink loop (the link leads back to itself); not linted"))
                else:
                    problems.append((path, f"cannot read this entry ({exc.strerror or exc}); not linted"))
                continue
            if st_.S_ISDIR(info.st_mode):
                key = (info.st_dev, info.st_ino)
                if key in ancestors:
                    problems.append(
                        (
                            path,
                            f"symlink loop (it leads back to {os.path.realpath(path)}, a folder "
                            "being linted already); not followed",
                        )
                    )
                elif key not in seen_dirs:
                    seen_dirs.add(key)
                    walk(path, ancestors | {key}, found)
            elif st_.S_ISREG(info.st_mode):
                if is_yaml:
                    found.append(path)
            elif is_yaml:
                problems.append((path, f"{special(info.st_mode)}, not a regular file; not read"))

    for p in paths:
        p = str(p)
        if p == "-":
            found = ["-"]
        else:
            try:
                info = os.stat(p)
            except FileNotFoundError:
                if os.path.islink(p):
                    problems.append(
                        (
                            p,
                            f"dangling symlink (it points to {_link_target(p)}, which does not "
                            "exist); not linted",
                        )
                    )
                else:
                    missing.append(p)
                continue
            except OSError as exc:
                why = "symlink loop" if exc.errno == errno.ELOOP else (exc.strerror or str(exc))
                problems.append((p, f"cannot use this path ({why}); not linted"))
                continue
            if st_.S_ISDIR(info.st_mode):
                key = (info.st_dev, info.st_ino)
                found = []
                if key not in seen_dirs:
                    seen_dirs.add(key)
                    walk(p, frozenset([key]), found)
                found.sort()
            elif st_.S_ISREG(info.st_mode):
                found = [p]
            else:
                problems.append((p, f"{special(info.st_mode)}, not a regular file; not read"))
                continue
        for f in found:
            if f not in seen:
                seen.add(f)
                files.append(f)
    return files, missing, problems


def _link_target(path: str) -> str:
    try:
        return repr(os.readlink(path))
    except OSError:
        return "a path"


#: top-level keys of each kind of file, for near misses (``Turns:``, ``player:``)
_KIND_KEYS = {
    "setup": "a game log",
    "turns": "a game log",
    "players": "a position",
    "position": "a fixture",
    "expect": "a fixture",
    "action": "an action file",
    "actions": "an action file",
}
NEAR_MISS_CODE = "INP093"


def _one_edit(a: str, b: str) -> bool:
    """Whether *a* becomes *b* by at most one insertion, deletion, substitution or swap of two
    neighbours (``turn``/``turns``, ``stup``/``setup``, ``plaeyrs``/``players``)."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def near_miss(obj: Any) -> tuple | None:
    """For a mapping :func:`classify` skips: ``(key, known_key, kind)`` when one of its top-level
    keys is a near miss of a kind's key (another case, a plural, one typo), else None."""
    if not isinstance(obj, dict):
        return None
    for key in obj:
        if not isinstance(key, str):
            continue
        k = key.strip().lower()
        if len(k) < 4:
            continue
        hit = k if k in _KIND_KEYS else next((known for known in _KIND_KEYS if _one_edit(k, known)), None)
        if hit is not None:
            return key, hit, _KIND_KEYS[hit]
    return None


def classify(obj: Any) -> str:
    """The kind of file a parsed YAML document is, from its top-level keys."""
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
    if (
        isinstance(obj, list)
        and obj
        and all(isinstance(x, (str, dict)) for x in obj)
        and all(isinstance(x, str) or "action" in x for x in obj)
    ):
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
    out = [
        LintFinding(e.code, _with_suggestions(e.message, e.suggestions), e.file or file, e.line, e.column)
        for e in errs
    ]
    if getattr(err, "omitted", 0):  # InputErrors caps what it keeps (errors.MAX_PER_FIELD, MAX_ERRORS)
        out.append(
            LintFinding(
                errs[-1].code,
                f"... {err.omitted:,} more problem(s) in this file not shown",
                errs[-1].file or file,
                errs[-1].line,
                errs[-1].column,
            )
        )
    return out


def lint_file(file: str) -> FileReport:
    """Lint one file. Never raises for bad input: problems become findings."""
    shown = "<stdin>" if file == "-" else file
    try:
        doc = load_file(file, what="file")
    except InputError as err:
        return FileReport(shown, "unreadable", _input_findings(err, shown))
    file = shown
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
            miss = near_miss(doc.data)
            if miss is not None:
                key, known, what = miss
                rep.kind = "unreadable"
                rep.findings.append(
                    LintFinding(
                        NEAR_MISS_CODE,
                        f"looks like {what} but its top-level key {key!r} is not one brass-judge "
                        f"reads (did you mean {known!r}? keys are lower case); nothing in this file was checked",
                        file,
                        doc.line_of((key,))[0],
                        remedy=f"rename {key!r} to {known!r}",
                    )
                )
            else:
                rep.note = "skipped: not a game log, position or action file"
    except InputError as err:
        rep.findings.extend(_input_findings(err, file))
    return rep


#: log problems after which the replay no longer plays the game the log records: GAM002 (wrong
#: player), GAM003 (incomplete turn), GAM004 (turns after the end), GAM006 (a turn left out)
_DEPARTURES = frozenset(("GAM002", "GAM003", "GAM004", "GAM006"))


def _lint_game(doc, rep: FileReport) -> None:
    log = read_log(doc)
    res = replay(log, keep_going=True)
    game = log.data.game
    cause: LintFinding | None = None  # the last finding of the first departure from the log
    made: dict = {}  # id(replay finding) -> its (last) lint finding
    for f in res.findings:
        if f.violations:
            found = [
                LintFinding(
                    v.code,
                    f"{f.player}: {f.text}: {v.message}",
                    rep.file,
                    f.line,
                    rulings=v.rulings,
                    remedy=v.remedy,
                    context=f.where(),
                    game=game,
                )
                for v in f.violations
            ]
        else:
            found = [
                LintFinding(
                    f.code,
                    f.message,
                    rep.file,
                    f.line,
                    rulings=list(f.rulings),
                    remedy=f.remedy,
                    context=f.where(),
                    game=game,
                )
            ]
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
    state = (
        "complete" if res.game_over else f"ends in {res.position.era.title()} Era round {res.position.round}"
    )
    rep.note = f"game log: {res.total_actions} action(s), {state}"


def _lint_position(doc, root: tuple, rep: FileReport) -> None:
    from .engine.validate import validate
    from .position_io import position_from_doc

    lp = position_from_doc(doc, None, root)
    for v in validate(lp):
        line = getattr(v, "line", None)
        if line is None and root:
            line = doc.line_of(root)[0]
        rep.findings.append(
            LintFinding(
                v.code, v.message, rep.file, line, rulings=v.rulings, remedy=v.remedy, game=lp.position.game
            )
        )


def _lint_action(doc, root: tuple, rep: FileReport) -> None:
    from .action_io import turn_from_doc, turn_from_doc_in_some_game
    from .data import game_data

    variant, game = "standard", "lancashire"
    position = doc.data.get("position") if root == ("action",) else _sibling_position(doc)
    if isinstance(position, dict):
        variant = position.get("variant", "standard")
        from .games import known_games, resolve_game

        named = resolve_game(position.get("game"))
        game = named if named in known_games() else game  # an unknown game: the position says so
        turn_from_doc(doc, game_data(variant, game), root)  # the action in its position's game
    else:  # an action file on its own: read in the game whose names it uses
        turn_from_doc_in_some_game(doc, game_data(variant, game), root)


def _sibling_position(doc) -> dict | None:
    """The ``position.yaml`` beside an action file (``examples/<case>/turn.yaml``), as parsed
    YAML, or None: it says the game the action is written for."""
    from pathlib import Path

    if not doc.file or doc.file.startswith("<"):
        return None
    sibling = Path(doc.file).with_name("position.yaml")
    if sibling == Path(doc.file) or not sibling.is_file():
        return None
    try:
        obj = load_file(sibling, what="position file").data
    except InputError:
        return None
    return obj if isinstance(obj, dict) else None


_NOT_FOUND = "path not found"
_NO_YAML = "no YAML files under this path"


#: code of a file whose check crashed (an internal error, docs/errors.md)
CRASH_CODE = "INP091"


def _lint_one(file: str) -> FileReport:
    """:func:`lint_file`, with an internal error (a bug) turned into a finding for this file."""
    try:
        return lint_file(file)
    except Exception as exc:  # noqa: BLE001 - one file's crash must not end the run
        shown = "<stdin>" if file == "-" else file
        text = str(exc)
        text = text if len(text) <= 200 else text[:200] + "..."
        return FileReport(
            shown,
            "unreadable",
            [
                LintFinding(
                    CRASH_CODE,
                    f"internal error while checking this file ({type(exc).__name__}: {text}); the file was "
                    "not checked. This is a bug in brass-judge: please report it with the file",
                    shown,
                )
            ],
            note="internal error",
        )


def _cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def lint_paths(paths: Iterable, *, jobs: int = 1, notes: list | None = None) -> list:
    """Lint every file under *paths*; returns one :class:`FileReport` per file, in order.

    *jobs* > 1 lints files in that many processes (0 = one per CPU), at most one per CPU; when
    processes cannot be started the files are linted in this one. What was decided about *jobs*
    is appended to *notes* (a list of sentences), when given.
    """
    notes = notes if notes is not None else []
    paths = [str(p) for p in paths]
    files, missing, problems = walk_paths(paths)
    reports = [
        FileReport(m, "unreadable", [LintFinding("INP001", "file or folder not found", m)], note=_NOT_FOUND)
        for m in missing
    ]
    reports.extend(
        FileReport(p, "unreadable", [LintFinding(WALK_CODE, why, p)], note="not linted")
        for p, why in problems
    )
    if not files and not problems:
        # nothing to lint at all: a mistyped CI path must not pass as "clean"
        reports.extend(
            FileReport(
                p,
                "unreadable",
                [
                    LintFinding(
                        "INP076",
                        f"no .yaml/.yml files found under {p}; nothing was linted (check the path)",
                        p,
                    )
                ],
                note=_NO_YAML,
            )
            for p in paths
            if p not in missing
        )
    cpus = _cpu_count()
    if jobs == 0:
        jobs = cpus
    elif jobs > cpus:
        notes.append(f"--jobs {jobs} capped at {cpus}, the number of CPUs available")
        jobs = cpus
    # standard input is read here, in this process, whatever --jobs says
    done = {f: _lint_one(f) for f in files if f == "-"}
    rest = [f for f in files if f not in done]
    if jobs > 1 and len(rest) > 1:
        done.update(zip(rest, _lint_in_pool(rest, jobs, notes)))
    else:
        done.update((f, _lint_one(f)) for f in rest)
    reports.extend(done[f] for f in files)
    return reports


def _lint_in_pool(files: list, jobs: int, notes: list) -> list:
    """Lint *files* in up to *jobs* processes; in this process when they cannot be started."""
    pool = None
    try:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=min(jobs, len(files)))
        out = list(pool.map(_lint_one, files, chunksize=max(1, len(files) // (jobs * 4))))
        pool.shutdown()
        return out
    except (OSError, RuntimeError, ImportError) as exc:  # RuntimeError: BrokenProcessPool
        if pool is not None:
            try:
                pool.shutdown(wait=False, cancel_futures=True)
            except Exception:  # noqa: BLE001
                pass
        notes.append(
            f"could not run {jobs} worker processes ({type(exc).__name__}: {exc}); "
            "linted in one process instead"
        )
        return [_lint_one(f) for f in files]


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
    from .output import escape_controls as esc

    out = []
    for f in all_findings(reports):
        where = f"{f.file}:{f.line}" if f.line else f.file
        s = f"{where}: {f.code} {f.message}"
        if f.context:
            s += f" ({f.context})"
        if f.rulings:
            s += f" [{', '.join(f.rulings)}]"
        out.append(esc(s))
        if f.remedy:
            out.append(esc(f"    fix: {f.remedy}"))
        note = f.consequence_note()
        if note:
            out.append(esc(f"    then: {note}"))
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
        "summary": {
            "files": len(reports),
            "findings": len(all_findings(reports)),
            "consequences": consequence_count(reports),
            "skipped": sum(1 for r in reports if r.kind == "skipped"),
            "unusable": sum(1 for r in reports if r.unusable),
        },
    }


def _message(f: LintFinding) -> str:
    """The finding's message for one-line renderers: with its context and the consequence note."""
    text = f.message + (f" ({f.context})" if f.context else "")
    note = f.consequence_note()
    return f"{text}. Then: {note}" if note else text


def _rel(file: str) -> str | None:
    """*file* relative to the working directory (POSIX form), or None when it lies outside."""
    try:  # not resolved: a symlink (even a looping one) is named as the user named it
        return Path(os.path.abspath(file)).relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        try:
            return Path(file).resolve().relative_to(Path.cwd().resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):
            return None


def _uri(file: str) -> str:
    """A SARIF ``artifactLocation.uri``: the path relative to the working directory, percent-encoded
    (spaces, ``#``, ``%``, non-ASCII as UTF-8), or a ``file:`` URI when it lies outside."""
    from urllib.parse import quote

    rel = _rel(file)
    if rel is not None:
        return quote(os.fsencode(rel), safe="/")
    try:
        return "file://" + quote(os.fsencode(Path(os.path.abspath(file)).as_posix()), safe="/")
    except (OSError, ValueError, RuntimeError):
        return quote(os.fsencode(file), safe="/")


_FAMILY = {
    "POS": "position",
    "TRN": "turn",
    "BLD": "build",
    "NET": "network",
    "DEV": "develop",
    "SEL": "sell",
    "LON": "loan",
    "GAM": "game-log",
    "INP": "input",
}


def _sarif_rule(spec, game: str | None = None) -> dict:
    """The SARIF rule entry of a code (*game*: the game whose own table the code comes from, for a
    code only that game has)."""
    props: dict = {"rulings": list(spec.rulings), "tags": [_FAMILY.get(spec.code[:3], "other")]}
    if game is not None:
        props["game"] = game
    rule = {
        "id": spec.code,
        "name": spec.name,
        "shortDescription": {"text": spec.message},
        "fullDescription": {"text": spec.doc or spec.message},
        "defaultConfiguration": {"level": "error"},
        "properties": props,
    }
    if spec.remedy:
        rule["help"] = {"text": spec.remedy}
    return rule


def render_sarif(reports: list) -> dict:
    """A SARIF 2.1.0 log: one run, the rules of codes.py (plus the INP codes that occur)."""
    from . import __version__
    from .codes import CODES

    rules: list = []
    index: dict = {}
    for c in CODES.values():
        if c.is_rule or c.status == "removed":
            continue
        index[c.code] = len(rules)
        rules.append(_sarif_rule(c))
    results = []
    for f in all_findings(reports):
        spec = f.spec
        if f.code not in index and spec is not None and not spec.is_rule:
            # a code only another game has (Birmingham's own rows): its entry from that game's table
            index[f.code] = len(rules)
            rules.append(_sarif_rule(spec, game=f.game))
        if f.code not in index:
            index[f.code] = len(rules)
            rules.append(
                {
                    "id": f.code,
                    "name": "input-error",
                    "shortDescription": {"text": "input that cannot be used"},
                    "defaultConfiguration": {"level": "error"},
                    "properties": {"tags": ["input"]},
                }
            )
        loc: dict = {"artifactLocation": {"uri": _uri(f.file)}}
        if f.line:
            loc["region"] = {"startLine": f.line}
            if f.column:
                loc["region"]["startColumn"] = f.column
        res: dict = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": "error",
            "message": {"text": _message(f)},
            "locations": [{"physicalLocation": loc}],
        }
        if f.consequences:
            related = []
            for i, c in enumerate(f.consequences):
                rloc: dict = {"artifactLocation": {"uri": _uri(c.file)}}
                if c.line:
                    rloc["region"] = {"startLine": c.line}
                related.append(
                    {
                        "id": i,
                        "physicalLocation": rloc,
                        "message": {
                            "text": f"{c.code} {c.message}" + (f" ({c.context})" if c.context else "")
                        },
                    }
                )
            res["relatedLocations"] = related
        props: dict = {}
        if f.rulings:
            props["rulings"] = list(f.rulings)
        if f.remedy:
            props["remedy"] = f.remedy
        if f.consequences:
            props["consequences"] = len(f.consequences)
        if f.game not in (None, "lancashire"):
            props["game"] = f.game  # the game whose rulings these are
        if props:
            res["properties"] = props
        results.append(res)
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "brass-judge",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": rules,
                    }
                },
                "results": results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }


def _gh_escape(s: str, prop: bool = False) -> str:
    from .output import escape_controls

    s = escape_controls(s, keep="\r\n")  # as every text output; newlines are encoded below
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
        if f.game not in (None, "lancashire") and f.rulings:
            msg += f" [{', '.join(f.rulings)}]"  # another game's rulings: say which (B022, ...)
        out.append(f"::error {','.join(props)}::{_gh_escape(msg)}")
    return "\n".join(out) + ("\n" if out else "")
