"""Editors: the JSON Schemas work with yaml-language-server, and every shipped example names its
schema in a modeline (``# yaml-language-server: $schema=...``) and validates against it.

yaml-language-server reads the modeline from any whole-line comment of the document: from the
leading comment block, or as the first line of the comments that end the document (it matches
``^#\\s+yaml-language-server\\s*:`` on each comment it collects, and the trailing ones come as one
block). The examples carry it as their last line, so that the line numbers of their content (the
deliberate errors, the golden replays) stay as they were; a test below puts one at the top of a
file too, for the loaders.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
import yaml
from conftest import EXAMPLES, REPO, run_cli

from brass_judge.lint import classify
from brass_judge.schema_check import schema_errors
from brass_judge.yamlio import load_file

SCHEMAS = REPO / "schemas"
MODELINE = re.compile(r"^#\s+yaml-language-server\s*:\s*\$schema=(\S+)\s*$")
EXAMPLE_FILES = sorted(p for p in EXAMPLES.rglob("*") if p.suffix in (".yaml", ".yml"))
#: what each kind of file (brass_judge.lint.classify) is checked against
KIND_SCHEMA = {"game": "game", "position": "position", "action": "action", "skipped": "highlight"}


def _modeline(path: Path):
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [(i, m.group(1)) for i, line in enumerate(lines) if (m := MODELINE.match(line))]
    return lines, found


def test_there_are_examples():
    assert len(EXAMPLE_FILES) > 30


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example_names_its_schema_and_validates(path):
    lines, found = _modeline(path)
    assert len(found) == 1, f"{path}: one yaml-language-server modeline expected, found {len(found)}"
    i, target = found[0]
    # first of the document's trailing comments (or inside the leading comment block)
    leading = all(x.startswith("#") for x in lines[:i])
    assert leading or (i == len(lines) - 1 and not lines[i - 1].lstrip().startswith("#")), path
    schema_path = (path.parent / target).resolve()
    assert schema_path.parent == SCHEMAS.resolve() and schema_path.is_file(), target
    name = schema_path.name[: -len(".schema.json")]
    doc = load_file(str(path))
    want = KIND_SCHEMA[classify(doc.data)]
    game = doc.data.get("game") if isinstance(doc.data, dict) else None
    if want in ("position", "game") and game not in (None, "lancashire"):
        want = f"{want}-{game}"  # a game's own position or log format (brass_judge/games/<game>/)
    if want == "action" and name.startswith("action-"):
        want = name  # an action file has the game of its position; its modeline names that game's schema
    assert want == name, f"{path} is a {classify(doc.data)} file, modeline names {name}"
    # as brass-judge checks it, and as an editor sees it (the plain YAML -> JSON view)
    assert schema_errors(doc, name) == []
    import jsonschema

    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(
        json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))
    )


# Keywords whose meaning is the same in draft-07 (what yaml-language-server has long implemented
# in full) and in 2020-12 (what the schemas declare and jsonschema applies): with only these, an
# editor validates exactly as brass-judge does.
COMMON = {
    "$schema",
    "$id",
    "$ref",
    "$defs",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "type",
    "enum",
    "const",
    "properties",
    "patternProperties",
    "additionalProperties",
    "required",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
}
ANNOTATIONS = {"$ref", "description", "title", "default", "examples", "$comment"}


def _walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            if k in ("properties", "patternProperties", "$defs") and isinstance(v, dict):
                for kk, vv in v.items():
                    yield from _walk(vv, path + (k, kk))
            elif isinstance(v, (dict, list)):
                yield from _walk(v, path + (k,))
    elif isinstance(node, list):
        for i, x in enumerate(node):
            yield from _walk(x, path + (i,))


@pytest.mark.parametrize("schema_path", sorted(SCHEMAS.glob("*.schema.json")), ids=lambda p: p.name)
def test_schema_is_fit_for_editors(schema_path):
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    sid = urlparse(schema["$id"])
    assert sid.scheme in ("https", "urn") and not sid.fragment, schema["$id"]
    assert schema.get("title") and schema.get("description")
    for path, node in _walk(schema):
        where = f"{schema_path.name} {'/'.join(map(str, path))}"
        assert set(node) <= COMMON, f"{where}: {set(node) - COMMON} are not read the same by draft-07 editors"
        assert not isinstance(node.get("items"), list), f"{where}: array-form items differ between drafts"
        if "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), (
                f"{where}: only local references resolve in an editor without network"
            )
            target = schema
            for part in ref[2:].split("/"):
                target = target[part]
            # draft-07 ignores every keyword next to a $ref: keep assertions out of such nodes
            assert set(node) <= ANNOTATIONS, f"{where}: {set(node) - ANNOTATIONS} beside $ref"


def test_schema_ids_are_unique():
    ids = [json.loads(p.read_text(encoding="utf-8"))["$id"] for p in SCHEMAS.glob("*.schema.json")]
    assert len(ids) == len(set(ids))


def test_a_modeline_at_the_top_breaks_no_loader(tmp_path):
    """A modeline is a YAML comment: every loader and lint read the files exactly as before."""
    cases = {
        "games/opening-2p.yaml": ("replay", 0),
        "games/bad-illegal-build.yaml": ("replay", 1),
        "worked-turn/position.yaml": ("validate", 0),
        "render/midgame.yaml": ("validate", 0),
    }
    for rel, (cmd, code) in cases.items():
        src = EXAMPLES / rel
        body = (
            "\n".join(x for x in src.read_text(encoding="utf-8").splitlines() if not MODELINE.match(x)) + "\n"
        )
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        schema = {"replay": "game", "validate": "position"}[cmd]
        target.write_text(
            f"# yaml-language-server: $schema={SCHEMAS / schema}.schema.json\n" + body, encoding="utf-8"
        )
        r = run_cli(cmd, str(target), "--format", "json")
        assert r.returncode == code, (rel, r.stdout[-500:], r.stderr)
    turn = tmp_path / "turn.yaml"
    turn.write_text(
        "# yaml-language-server: $schema=../schemas/action.schema.json\n"
        + (EXAMPLES / "worked-turn" / "turn.yaml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    r = run_cli("check", str(EXAMPLES / "worked-turn" / "position.yaml"), str(turn), "--format", "json")
    assert r.returncode == 0, r.stdout[-500:]
    # lint: the deliberate error is still found on its (shifted) line
    from test_lint import marker_line

    r = run_cli("lint", str(tmp_path / "games" / "bad-illegal-build.yaml"), "-q")
    assert f":{marker_line(EXAMPLES / 'games' / 'bad-illegal-build.yaml', 'BLD002') + 1}: BLD002" in r.stdout


def test_editors_doc_shows_modeline_and_settings():
    text = (REPO / "docs" / "editors.md").read_text(encoding="utf-8")
    assert "# yaml-language-server: $schema=" in text and "yaml.schemas" in text
    for name in ("game", "position", "action", "highlight"):
        assert f"{name}.schema.json" in text
