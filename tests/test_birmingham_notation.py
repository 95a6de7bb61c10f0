"""Brass: Birmingham's actions in the one-line notation and as YAML mappings
(brass_judge/games/birmingham/actions.py, docs/notation-birmingham.md): every form reads, writes
back and reads again to the same action; forgiving names; refusals with a clear message; the
action schema is what the kinds assemble."""

from __future__ import annotations

import json

import pytest
from conftest import REPO

from brass_judge.actions import action_kinds, assemble_action_schema
from brass_judge.data import game_data
from brass_judge.errors import InputError
from brass_judge.games.birmingham import actions as bham_actions
from brass_judge.games.birmingham.model import Network, Sale, Scout, Sell
from brass_judge.model import Build, Develop, Loan, Pass
from brass_judge.notation import action_from_obj, action_to_obj, format_action, parse_action, parse_turn


@pytest.fixture(scope="module")
def data():
    return game_data("standard", "birmingham")


def parse(text, data):
    return parse_action(text, data)


def refused(text, data) -> InputError:
    with pytest.raises(InputError) as e:
        parse_action(text, data)
    return e.value


def test_kinds_in_display_order():
    kinds = action_kinds("birmingham")
    assert [k.word for k in kinds] == ["build", "network", "develop", "sell", "loan", "scout", "pass"]
    for k in kinds:
        assert k.cls.kind == k.word
        assert "action" in k.keys and "card" in k.keys
        assert "schema" in k.examples
        assert not k.two_cards  # no Double Action Build in Birmingham
    judges = {k.word: k.judge for k in kinds}
    assert judges["build"] == "brass_judge.games.birmingham.build:judge_build"
    assert judges["sell"] == "brass_judge.games.birmingham.sell:judge_sell"
    assert judges["scout"] == "brass_judge.games.birmingham.scout:judge_scout"
    assert judges["pass"] == "brass_judge.engine.loan:judge_pass"
    assert all(k.candidates == f"brass_judge.games.birmingham.moves:candidates_{k.word}" for k in kinds)
    # Lancashire's kinds are untouched
    assert [k.word for k in action_kinds("lancashire")] == [
        "build",
        "network",
        "develop",
        "sell",
        "loan",
        "pass",
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("build cotton@leek card=leek", Build("cotton_mill", "leek", ("leek",))),
        (
            "build Brewery@north-farm card=wild-industry space=0",
            Build("brewery", "farm-brewery-north", ("wild_industry",), 0),
        ),
        (
            "build iron@dudley card=dudley level=2 coal=market iron=market",
            Build("iron_works", "dudley", ("dudley",), None, 2, ("market",), ("market",)),
        ),
        (
            "build manufacturer@birmingham card=dual",
            Build("manufacturer", "birmingham", ("cotton_mill_manufacturer",)),
        ),
        (
            "build goods@coventry card=cotton",
            Build("manufacturer", "coventry", ("cotton_mill_manufacturer",)),
        ),
        ("network stone-stafford card=leek", Network(("stafford~stone",), ("leek",))),
        (
            "network rail birmingham-dudley birmingham-walsall card=WL coal=dudley beer=stone#1",
            Network(
                ("birmingham~dudley", "birmingham~walsall"),
                ("wild_location",),
                ("dudley",),
                "rail",
                ("stone#1",),
            ),
        ),
        (
            "network birmingham-dudley,birmingham-walsall card=leek beer=merchant",
            Network(("birmingham~dudley", "birmingham~walsall"), ("leek",), None, None, ("merchant",)),
        ),
        (
            "network worcester-kidderminster card=leek",
            Network(("farm-brewery-south~kidderminster~worcester",), ("leek",)),
        ),
        (
            "network kidderminster-farm-south card=leek",
            Network(("farm-brewery-south~kidderminster~worcester",), ("leek",)),
        ),
        (
            "network birmingham-dudley birmingham-walsall card=leek beer=none",
            Network(("birmingham~dudley", "birmingham~walsall"), ("leek",), None, None, ()),
        ),
        ("develop coal,iron card=stone", Develop(("coal_mine", "iron_works"), ("stone",))),
        ("develop pottery card=wi iron=dudley", Develop(("pottery",), ("wild_industry",), ("dudley",))),
        ("sell leek>warrington card=stone", Sell((Sale("leek", "warrington"),), ("stone",))),
        (
            "sell cotton@leek#1>warrington#0:merchant card=stone",
            Sell((Sale("leek", "warrington", 1, "cotton_mill", 0, ("merchant",)),), ("stone",)),
        ),
        (
            "sell leek>warrington:stone+merchant stoke>gloucester:merchant card=x develop=coal".replace(
                "x", "leek"
            ),
            Sell(
                (
                    Sale("leek", "warrington", beer_from=("stone", "merchant")),
                    Sale("stoke-on-trent", "gloucester", beer_from=("merchant",), develop="coal_mine"),
                ),
                ("leek",),
            ),
        ),
        (
            "sell stoke>shrewsbury:none card=leek",
            Sell((Sale("stoke-on-trent", "shrewsbury", beer_from=()),), ("leek",)),
        ),
        (
            "sell leek>gloucester stone>gloucester#1 card=leek develop=any,brewery",
            Sell(
                (
                    Sale("leek", "gloucester"),
                    Sale("stone", "gloucester", merchant_space=1, develop="brewery"),
                ),
                ("leek",),
            ),
        ),
        ("loan card=leek", Loan(30, ("leek",))),
        ("loan 30 card=leek", Loan(30, ("leek",))),
        ("loan £30 card=leek", Loan(30, ("leek",))),
        ("scout cards=leek,stone,brewery", Scout(("leek", "stone", "brewery"))),
        ("scout leek,stone,coal", Scout(("leek", "stone", "coal_mine"))),
        ("scout", Scout(())),
        ("pass card=wild_location", Pass(("wild_location",))),
        ("pass", Pass(())),
    ],
)
def test_every_form_reads_and_round_trips(text, expected, data):
    a = parse(text, data)
    assert a == expected
    written = format_action(a, data)
    assert parse(written, data) == a, written  # notation -> action -> notation -> the same action
    obj = action_to_obj(a, data)
    assert action_from_obj(obj, data) == a, obj  # YAML mapping form
    assert action_from_obj(written, data) == a  # a notation string where a mapping may stand


def test_formats(data):
    f = lambda t: format_action(parse(t, data), data)  # noqa: E731
    assert f("network kidderminster-farm-south card=leek") == "network kidderminster-worcester card=leek"
    assert f("sell leek>gloucester stone>gloucester card=x develop=any,brewery".replace("x", "leek")) == (
        "sell leek>gloucester stone>gloucester card=leek develop=any,brewery"
    )
    assert f("loan card=leek") == "loan 30 card=leek"
    assert f("sell cotton@leek>oxford:none card=leek") == "sell cotton_mill@leek>oxford:none card=leek"


@pytest.mark.parametrize(
    "spelling", ["wild_location", "wild-location", "Wild Location", "WILD LOCATION", "wildlocation", "wl"]
)
def test_wild_card_spellings(spelling, data):
    written = spelling.replace(" ", "-")  # one word in the notation
    assert parse(f"build cotton@leek card={written}", data).cards == ("wild_location",)
    assert action_from_obj({"action": "pass", "card": spelling}, data).cards == ("wild_location",)


def test_wild_industry_and_suggestions(data):
    assert parse("pass card=wild-industry", data).cards == ("wild_industry",)
    assert parse("pass card=wi", data).cards == ("wild_industry",)
    e = refused("pass card=wild", data)
    assert set(e.suggestions) == {"Wild Location", "Wild Industry"}
    e = refused("pass card=wild_locaton", data)
    assert "Wild Location" in e.suggestions


def test_yaml_mapping_forms(data):
    a = action_from_obj(
        {
            "action": "sell",
            "card": "leek",
            "sales": [
                {
                    "tile": "Leek",
                    "industry": "cotton",
                    "to": "Warrington",
                    "merchant_space": 1,
                    "beer": ["merchant"],
                },
                {"tile": "stoke", "merchant": "gloucester", "beer": "stone#0+merchant", "develop": "pottery"},
            ],
        },
        data,
    )
    assert a == Sell(
        (
            Sale("leek", "warrington", None, "cotton_mill", 1, ("merchant",)),
            Sale("stoke-on-trent", "gloucester", None, None, None, ("stone#0", "merchant"), "pottery"),
        ),
        ("leek",),
    )
    n = action_from_obj(
        {"action": "network", "lines": ["birmingham-dudley", "birmingham-walsall"], "beer": "stone"}, data
    )
    assert n.beer_from == ("stone",) and n.lines == ("birmingham~dudley", "birmingham~walsall")
    assert action_from_obj({"action": "loan", "card": "leek"}, data) == Loan(30, ("leek",))
    assert action_from_obj({"action": "scout", "cards": ["leek", "stone", "wl"]}, data) == Scout(
        ("leek", "stone", "wild_location")
    )
    # an unknown sale key is refused with a suggestion
    with pytest.raises(InputError) as e:
        action_from_obj(
            {"action": "sell", "sales": [{"tile": "leek", "to": "oxford", "bear": "stone"}]}, data
        )
    assert "beer" in e.value.suggestions


def test_a_turn_of_two_actions(data):
    t = parse_turn("sell leek>warrington:merchant card=stone; network leek-stoke card=leek", data)
    assert [a.kind for a in t.actions] == ["sell", "network"]


@pytest.mark.parametrize(
    "text, words",
    [
        ("loan 20 card=leek", "Brass: Birmingham loans are £30, not £20"),
        ("loan 30 40 card=leek", "loan takes at most an amount"),
        ("build cotton@leek cards=leek,stone", "no Double Action Build"),
        (
            "develop coal cards=leek,stone",
            "a develop action discards one card (only Scout discards three), not 2",
        ),
        ("scout cards=leek,stone", "a scout action discards 3 cards (this action's card and 2 more), not 2"),
        ("scout card=leek", "not 1"),
        ("scout cards=leek,stone,coal,iron", "not 4"),
        ("network leek-stoke stone-stafford stafford-cannock card=leek", "one link, or two rails, not 3"),
        ("network birmingham-dudley card=leek beer=stone,leek", "use one beer barrel, not 2"),
        ("network card=leek", "network needs a line"),
        ("sell leek>stone card=leek", "Stone is not a merchant"),
        ("sell leek card=leek", "write TILE_LOCATION>MERCHANT"),
        ("sell leek>warrington card=leek develop=coal", "no sales go to Gloucester"),
        (
            "sell leek>gloucester card=leek develop=coal,iron",
            "develop= names 2 industries but 1 sale goes to Gloucester",
        ),
        ("sell leek>warrington:stone#x card=leek", "a brewery's space must be a whole number"),
        ("trade leek card=leek", "unknown action 'trade'"),
    ],
)
def test_refused_with_clear_messages(text, words, data):
    assert words in refused(text, data).message


def test_close_names_suggested(data):
    e = refused("sell leek>oxford:merchnat card=leek", data)
    assert "unknown beer source 'merchnat'" in e.message and e.suggestions[0] == "merchant"
    assert refused("sell leek>oxford:stonee card=leek", data).suggestions[0] == "Stone"
    assert "Gloucester" in refused("sell leek>glouceter card=leek", data).suggestions[:1]
    assert "scout" in refused("scuot cards=a,b,c", data).suggestions
    assert refused("build cotton@lek card=leek", data).suggestions[0] == "Leek"


def test_schema_file_is_what_the_kinds_assemble():
    on_disk = json.loads((REPO / "schemas" / "action-birmingham.schema.json").read_text(encoding="utf-8"))
    base = json.loads((REPO / "schemas" / "action.schema.json").read_text(encoding="utf-8"))
    kinds = action_kinds("birmingham")
    assert assemble_action_schema(base, kinds, bham_actions.SCHEMA_OVERRIDES) == on_disk
    assert assemble_action_schema(on_disk, kinds, bham_actions.SCHEMA_OVERRIDES) == on_disk


# ------------------------------------------------------------------------------ the document
DOC = REPO / "docs" / "notation-birmingham.md"


def _blocks(text: str) -> list[tuple[str, int, list[str]]]:
    import re

    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        tag, start, body = m.group(1), i + 2, []
        i += 1
        while not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        out.append((tag, start, body))
        i += 1
    return out


def test_every_doc_example_parses_and_matches_its_yaml_twin(data):
    import yaml

    blocks = _blocks(DOC.read_text(encoding="utf-8"))
    pairs = [(a, b) for a, b in zip(blocks, blocks[1:]) if a[0] == "text" and b[0] == "yaml"]
    assert len(pairs) >= 8  # one per action kind and the turn
    words = set()
    for (_, line, notation), (_, yline, ymap) in pairs:
        actions = [a for text in notation if text.strip() for a in parse_turn(text, data).actions]
        twins = [action_from_obj(o, data) for o in yaml.safe_load("\n".join(ymap))]
        assert actions == twins, f"docs/notation-birmingham.md:{line} and its YAML at line {yline}"
        for a in actions:  # and each writes back to notation that reads as itself
            assert parse(format_action(a, data), data) == a
        words |= {a.kind for a in actions}
    assert words == {k.word for k in action_kinds("birmingham")}


def test_every_doc_refusal_is_refused(data):
    import re

    rows = re.findall(r"^\| `([^`]+)` \| (.+?) \|$", DOC.read_text(encoding="utf-8"), re.M)
    assert len(rows) >= 7
    for text, _why in rows:
        refused(text, data)


# ------------------------------------------------------------------------------ rulings search
@pytest.mark.parametrize(
    "question, answer",
    [
        ("can I scout with a wild card", "B049"),
        ("where does beer come from", "B037"),
        ("two rails beer", "B040"),
        ("sell without beer", "B045"),
        ("loan below -10", "B048"),
        ("can I use merchant beer for rails", "B040"),
        ("which cards build at a farm brewery", "B050"),
    ],
)
def test_rulings_search_answers_plain_questions(question, answer):
    from conftest import run_json

    r, out = run_json("rulings", "search", question, "--game", "birmingham")
    assert r.returncode == 0
    rows = out if isinstance(out, list) else out.get("results") or out.get("rulings")
    assert answer in [x["id"] for x in rows[:2]], (question, [x["id"] for x in rows[:3]])


# ------------------------------------------------------------------------------ action files
def _problems(path, data):
    from brass_judge.action_io import load_turn
    from brass_judge.errors import InputErrors

    with pytest.raises(InputError) as e:
        load_turn(str(path), data)
    errs = e.value.errors if isinstance(e.value, InputErrors) else [e.value]
    return [(x.line, x.field, x.message) for x in errs]


def test_action_file_errors_name_line_and_field(tmp_path, data):
    f = tmp_path / "turn.yaml"
    f.write_text(
        "- {action: loan, amount: 20, card: leek}\n- {action: scout, cards: [leek, stone, coal]}\n",
        encoding="utf-8",
    )
    # the Scout of three cards is valid under the Birmingham schema: only the loan is reported
    assert _problems(f, data) == [
        (1, "[0].amount", "Brass: Birmingham loans are £30, not £20 (leave the amount out, or write 30)")
    ]
    f.write_text(
        "actions:\n  - action: sell\n    card: leek\n    sales:\n      - {tile: leek, to: stone}\n"
        "  - {action: scout, cards: [leek, stone, coal, iron]}\n",
        encoding="utf-8",
    )
    got = _problems(f, data)
    assert got[0][:2] == (5, "actions[0].sales[0].to") and "Stone is not a merchant" in got[0][2]
    assert got[1][:2] == (6, "actions[1].cards")  # found by schemas/action-birmingham.schema.json


def test_schema_command_lists_and_prints_it():
    from conftest import run_cli

    r = run_cli("schema", "list")
    assert r.returncode == 0 and "action-birmingham" in r.stdout.split()
    r = run_cli("schema", "action-birmingham")
    assert r.returncode == 0
    assert json.loads(r.stdout)["title"] == "brass-judge action or turn (Brass: Birmingham)"


# ------------------------------------------------------------------------------ through the CLI
POSITION = """\
game: birmingham
era: canal
round: 3
turn: red
order: [red, blue, green]
players:
  red:
    money: 40
    hand: [leek, stone, brewery, coal_mine, stafford, birmingham, dudley, coventry]
  blue: {}
  green: {}
tiles:
  - red cotton_mill1@leek#0
  - red brewery1@stone#0 barrels=1
  - red coal_mine1@dudley#0 cubes=2
links:
  - red leek-stoke-on-trent
  - red stoke-on-trent-warrington
merchants:
  warrington: [cotton_mill, blank]
  shrewsbury: [manufacturer]
  gloucester: [all, pottery]
  oxford: [blank, blank]
"""


@pytest.fixture
def position(tmp_path):
    p = tmp_path / "position.yaml"
    p.write_text(POSITION, encoding="utf-8")
    return p


def test_check_reads_birmingham_notation(position):
    from conftest import run_json

    r, out = run_json("check", str(position), "--action", "loan card=Leek")
    assert r.returncode == 0, r.stderr
    assert out["verdict"] == "legal"
    assert out["action"] == "loan 30 card=leek"  # written back in Birmingham notation
    r, out = run_json("check", str(position), "--action", "Develop Coal card=STAFFORD")
    assert r.returncode == 0, r.stderr
    assert out["action"] == "develop coal_mine card=stafford"
    turn = "sell Leek>Warrington:merchant card=stone; network stone-stafford card=leek"
    r, out = run_json("check", str(position), "--action", turn)
    assert r.returncode == 0, r.stderr
    assert out["action"] == "sell leek>warrington:merchant card=stone; network stafford-stone card=leek"
    r, out = run_json("check", str(position), "--action", "scout cards=leek,stone,beer")
    assert r.returncode == 0, r.stderr
    assert out["action"] == "scout cards=leek,stone,brewery"


def test_an_action_is_written_by_its_own_game_without_data(data):
    """A verdict writes its action back with no game data at hand: the action's class says which
    game's notation it is in."""
    for text in ("sell leek>warrington:merchant card=stone", "scout cards=leek,stone,brewery"):
        a = parse(text, data)
        assert format_action(a) == text
        assert action_from_obj(action_to_obj(a), data) == a
    lancashire = parse_action("build cotton@bolton card=bolton")
    assert format_action(lancashire) == "build cotton_mill@bolton card=bolton"


@pytest.mark.parametrize(
    "action, words",
    [
        ("loan 20 card=leek", "Brass: Birmingham loans are £30, not £20"),
        ("scout cards=leek,stone", "a scout action discards 3 cards"),
        ("build cotton@leek cards=leek,stone", "no Double Action Build"),
        ("sell leek>stone card=leek", "Stone is not a merchant"),
        ("network a-b c-d e-f card=leek", "one link, or two rails, not 3"),
    ],
)
def test_check_refuses_unreadable_notation(position, action, words):
    from conftest import run_cli

    r = run_cli("check", str(position), "--action", action)
    assert r.returncode == 2
    assert words in r.stderr and "--action" in r.stderr and "Traceback" not in r.stderr


def test_check_reports_the_line_of_a_bad_action_file(position, tmp_path):
    from conftest import run_cli

    f = tmp_path / "turn.yaml"
    f.write_text(
        "player: red\nactions:\n  - {action: develop, industries: [coal], card: stafford}\n"
        "  - {action: loan, amount: 10, card: leek}\n",
        encoding="utf-8",
    )
    r = run_cli("check", str(position), str(f))
    assert r.returncode == 2
    assert f"{f}:4" in r.stderr and "actions[1].amount" in r.stderr and "loans are £30, not £10" in r.stderr


def test_an_illegal_action_is_judged_without_legal_move_generators(position):
    """An illegal Birmingham action is judged with its violation first (its nearest legal actions,
    from the move generators, are tests/test_birmingham_moves.py's)."""
    from conftest import run_json

    r, out = run_json("check", str(position), "--action", "build coal@stone card=coal")
    assert r.returncode == 1, r.stderr
    assert out["verdict"] == "illegal" and out["violations"][0]["code"] == "BLD009"


# ------------------------------------------------------------------------------ generated actions
def _generated_actions():
    """A strategy of Birmingham actions built from the game data's own names."""
    from hypothesis import strategies as st

    d = game_data("standard", "birmingham")
    towns = sorted(k for k, loc in d.locations.items() if loc.kind == "town")
    places = sorted(k for k, loc in d.locations.items() if loc.kind != "merchant")
    merchants = sorted(k for k, loc in d.locations.items() if loc.kind == "merchant")
    cards = st.sampled_from(sorted({c for deck in d.deck.values() for c in deck} | set(d.wild_cards)))
    inds = st.sampled_from(d.industries)
    small = st.none() | st.integers(0, 3)
    source = st.sampled_from(["merchant", *places]) | st.builds(
        lambda loc, n: f"{loc}#{n}", st.sampled_from(places), st.integers(0, 3)
    )
    beer = st.none() | st.lists(source, max_size=2).map(tuple)
    locs = st.none() | st.lists(st.sampled_from(["market", *places]), min_size=1, max_size=2).map(tuple)
    one_card = st.lists(cards, max_size=1).map(tuple)
    lines = st.lists(st.sampled_from(sorted(d.lines)), min_size=1, max_size=2).map(tuple)

    def sale(tile, merchant, space, ind, mspace, beer_from, develop):
        develops = d.locations[merchant].bonus[0] == "develop"
        return Sale(tile, merchant, space, ind, mspace, beer_from, develop if develops else None)

    sales = st.lists(
        st.builds(
            sale,
            st.sampled_from(towns),
            st.sampled_from(merchants),
            small,
            st.none() | inds,
            st.none() | st.integers(0, 1),
            beer,
            st.none() | inds,
        ),
        min_size=1,
        max_size=3,
    ).map(tuple)
    return st.one_of(
        st.builds(Build, inds, st.sampled_from(places), one_card, small, small, locs, locs),
        st.builds(
            Network,
            lines,
            one_card,
            locs,
            st.none() | st.sampled_from(["canal", "rail"]),
            st.none() | st.lists(source, max_size=1).map(tuple),
        ),
        st.builds(Develop, st.lists(inds, min_size=1, max_size=2).map(tuple), one_card, locs),
        st.builds(Sell, sales, one_card),
        st.builds(Loan, st.just(30), one_card),
        st.builds(Scout, st.lists(cards, min_size=3, max_size=3).map(tuple) | st.just(())),
        st.builds(Pass, one_card),
    )


def test_every_generated_action_round_trips(data):
    """Any Birmingham action the dataclasses can hold (names from the data): its notation and its
    YAML mapping read back as the same action."""
    from hypothesis import HealthCheck, given, settings

    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(_generated_actions())
    def run(a):
        written = format_action(a, data)
        assert parse(written, data) == a, written
        assert action_from_obj(action_to_obj(a, data), data) == a

    run()


def test_a_bad_beer_source_is_reported_where_it_is_written(tmp_path, data):
    f = tmp_path / "sell.yaml"
    f.write_text(
        "action: sell\ncard: leek\nsales:\n  - {tile: leek, to: warrington, beer: stone+merchnat}\n"
        "  - {tile: stoke, to: oxford, beer: [stone, brewry]}\n",
        encoding="utf-8",
    )
    (line, field, message), *_ = _problems(f, data)
    assert (line, field) == (4, "sales[0].beer") and "unknown beer source 'merchnat'" in message
    f.write_text(
        "action: sell\ncard: leek\nsales:\n  - {tile: stoke, to: oxford, beer: [stone, brewry]}\n",
        encoding="utf-8",
    )
    assert _problems(f, data)[0][:2] == (4, "sales[0].beer[1]")


def test_the_doc_action_file_loads(tmp_path, data):
    import yaml

    from brass_judge.action_io import load_turn

    files = [
        b
        for b in _blocks(DOC.read_text(encoding="utf-8"))
        if b[0] == "yaml" and "actions:" in "\n".join(b[2])
    ]
    assert files
    for _, line, body in files:
        f = tmp_path / "turn.yaml"
        f.write_text("\n".join(body) + "\n", encoding="utf-8")
        turn = load_turn(str(f), data)
        assert turn.player == yaml.safe_load("\n".join(body))["player"]
        assert [a.kind for a in turn.actions] == ["sell", "network"], f"docs/notation-birmingham.md:{line}"


def test_the_schema_accepts_what_the_reader_reads(data):
    """schemas/action-birmingham.schema.json agrees with the reader: the doc's YAML twins, the
    worked turn's file, and the mapping and notation of generated actions all validate."""
    import yaml
    from hypothesis import HealthCheck, given, settings

    from brass_judge.schema_check import _jsonschema_validator

    v = _jsonschema_validator("action-birmingham")
    for tag, line, body in _blocks(DOC.read_text(encoding="utf-8")):
        if tag == "yaml":  # a list of examples (each an action file of its own), or an action file
            doc = yaml.safe_load("\n".join(body))
            for one in doc if isinstance(doc, list) else [doc]:
                assert not list(v.iter_errors(one)), f"docs/notation-birmingham.md:{line}: {one}"
    worked = REPO / "examples" / "birmingham" / "worked-turn" / "turn.yaml"
    if worked.exists():
        assert not list(v.iter_errors(yaml.safe_load(worked.read_text(encoding="utf-8"))))

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(_generated_actions())
    def run(a):
        for form in (action_to_obj(a, data), format_action(a, data)):
            assert not [e.message for e in v.iter_errors(form)], form

    run()
    # and refuses what it can see is wrong
    for bad in (
        {"action": "loan", "amount": 20},
        {"action": "scout", "cards": ["a", "b", "c", "d"]},
        {"action": "sell", "sales": [{"tile": "leek"}]},
        {"action": "network", "lines": ["a-b", "c-d", "e-f"]},
        "trade leek",
    ):
        assert list(v.iter_errors(bad)), bad


def test_lint_reads_a_lone_birmingham_action_file(tmp_path):
    """An action file on its own has no position to name its game: lint reads it in the game whose
    names it uses (Lancashire's first, so Lancashire files read as before)."""
    from conftest import run_cli

    f = tmp_path / "turn.yaml"
    f.write_text(
        "- sell stoke>warrington:merchant card=leek\n- scout cards=leek,stone,brewery\n", encoding="utf-8"
    )
    r = run_cli("lint", str(f))
    assert r.returncode == 0, r.stdout + r.stderr
    f.write_text("- sell stoke>warington card=leek\n", encoding="utf-8")
    r = run_cli("lint", str(f))
    assert r.returncode == 2 and "INP010" in r.stdout  # read in no game: reported
