"""Documentation of the codes (``brass-judge codes``, ``docs/codes.md``): families, look-up by
code or name, and where in the source each code is reported.

The codes themselves (message, remedy, rulings, the rule explained) are in :mod:`brass_judge.codes`.
"""

from __future__ import annotations

import re
from pathlib import Path

from .codes import Code, table_of
from .errors import UnknownNameError, closest

#: (prefix, title) in the order the families are documented
FAMILIES = [
    ("POS", "Position validity (`validate`, and `check` before judging)"),
    ("TRN", "Turn: whose turn, how many actions, the card discarded"),
    ("BLD", "Build"),
    ("NET", "Network"),
    ("DEV", "Develop"),
    ("SEL", "Sell"),
    ("LON", "Loan"),
    ("SCT", "Scout (Brass: Birmingham)"),
    ("GAM", "Game logs (`replay`, `lint`)"),
    ("RUL", "Rules applied in legal outcomes (cited as the rulings relied on)"),
]

_PACKAGE = Path(__file__).resolve().parent
#: modules that describe or print codes rather than report them
_NOT_REPORTERS = {"codes.py", "code_docs.py", "after_turn.py"}  # after_turn: cites the rules flow.py applies


def family_of(code: str) -> tuple[str, str]:
    """(prefix, title) of *code*'s family."""
    for prefix, title in FAMILIES:
        if code.startswith(prefix):
            return prefix, title
    raise KeyError(code)


def families_of(game: str = "lancashire") -> list[tuple[str, str]]:
    """The families of :data:`FAMILIES` that *game*'s table has codes in (Lancashire has no Scout)."""
    present = {code[:3] for code in table_of(game)}
    return [(prefix, title) for prefix, title in FAMILIES if prefix in present]


def codes_of_family(prefix: str, game: str = "lancashire") -> list[Code]:
    return [c for c in table_of(game).values() if c.code.startswith(prefix.upper())]


def find_code_in_games(text: str, game: str | None = None) -> tuple[Code, str]:
    """(the code named by *text*, the game whose table has it). With *game* None the default
    game's table is read first, then the other games' (a code only one game reports, such as a
    Birmingham merchant sale's, is found in that game); with *game*, that game's table only."""
    from .games import DEFAULT_GAME, known_games

    if game is not None:
        return find_code(text, game), game
    try:
        return find_code(text), DEFAULT_GAME
    except UnknownNameError as first:
        if first.code == "INP080" and "input-error code" in str(first):
            raise
        for other in known_games():
            if other == DEFAULT_GAME:
                continue
            try:
                return find_code(text, other), other
            except UnknownNameError:
                continue
        raise


def find_code(text: str, game: str = "lancashire") -> Code:
    """The code named by *text*: ``BLD002``, ``bld2``, ``bld-002``, ``RUL-COAL-MINE``, ``coal-mine``
    or a kebab-case name such as ``location-outside-network``, in *game*'s table. Raises
    UnknownNameError with the closest codes and names."""
    table = table_of(game)
    raw = str(text).strip()
    key = raw.upper()
    if key in table:
        return table[key]
    m = re.fullmatch(r"([A-Z]{3})[-_ ]?0*(\d{1,3})", key)
    if m and m.group(1) != "RUL":
        cand = f"{m.group(1)}{int(m.group(2)):03d}"
        if cand in table:
            return table[cand]
    if f"RUL-{key}" in table:
        return table[f"RUL-{key}"]
    if re.fullmatch(r"INP\d{3}", key):
        raise UnknownNameError(
            f"{key} is an input-error code (a file, name or option that could not be used, "
            "exit 2), not a rules code: docs/errors.md lists every INP code with its fix",
            code="INP080",
        )
    by_name = {c.name: c for c in table.values()}
    if raw.lower() in by_name:
        return by_name[raw.lower()]
    known = list(table) + list(by_name)
    raise UnknownNameError(f"no code or check named {raw!r}", suggestions=closest(raw, known), code="INP080")


def reported_in(code: str) -> list[tuple[str, int, str]]:
    """Where the source reports *code* (or applies the rule): ``[(path, line, function)]``, the
    path relative to the package, e.g. ``("engine/build.py", 128, "judge_build")``.

    Found by reading the package's own source files for the quoted code, so it also works from an
    installed wheel; a newcomer looking for where a rule lives starts here. Mentions outside any
    function (a module's table of codes) are references, not reports, and are left out.
    """
    quoted = f'"{code}"'
    out = []
    for path in sorted(_PACKAGE.rglob("*.py")):
        if path.name in _NOT_REPORTERS:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        if quoted not in text:
            continue
        funcs = _functions(text)
        for n, line in enumerate(text.splitlines(), 1):
            if quoted in line:
                # the innermost function around the line (outer functions come first)
                around = [name for first, last, name in funcs if first <= n <= last]
                if around:
                    out.append((path.relative_to(_PACKAGE).as_posix(), n, around[-1]))
    return out


def _functions(text: str) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of every function in a module's source, outer ones first."""
    import ast

    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    found = [
        (node.lineno, node.end_lineno or node.lineno, node.name)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    return sorted(found, key=lambda f: (f[0], -f[1]))
