"""Search quality and behaviour of brass_judge.rulings.search.

Measured hit rate (expected ruling in the top 3), recorded 2026-12-01 with this file's cases:
    development set  87/90  = 96.7 %  (the set the synonym table was tuned on)
    held-out set     40/43  = 93.0 %  (written before looking at results; 39/43 = 90.7 % when
                                       first run, before two generic fixes: "many"/"much" as stop
                                       words and "someone"/"anyone" -> opponent)
    all             127/133 = 95.5 %   top-1: 112/133 = 84.2 %
The test asserts >= 85 % on each set and prints the rates (run pytest -s to see them).

Every query is a plain player question phrased unlike the ruling's answer: synonyms (cash,
colliery, foundry, harbour, railway, two-for-one), typos (overbiuld, distnat, shipyrds), plurals
and other word forms.
"""

from __future__ import annotations

import pytest

from brass_judge import rulings as R

DEV_CASES = [
    ("can i take over somebody's colliery if theres still coal on the market track", "Q083"),
    ("overbiulding an enemy pit - does the coal market need to be empty?", "Q083"),
    ("is it allowed to replace another player's cotton factory with mine", "Q085"),
    ("upgrade my own mill to a higher level", "Q086"),
    ("how much cash do I get from a loan and does it hurt my income", "Q035"),
    ("borrowing money when my income is already at minus ten", "Q036"),
    ("last few rounds cant borrow any more?", "Q037"),
    ("who goes first next round", "Q024"),
    ("does buying coal from the market count toward spending for player order", "Q025"),
    ("when do I get victory points for a flipped tile", "Q038"),
    ("how many points are canals worth at the end of the era", "Q039"),
    ("do canals stay on the board during the rail era", "Q041"),
    ("what gets removed at end of canal era", "Q042"),
    ("do the coal and iron markets get topped back up between eras", "Q045"),
    ("is left over cash worth anything at game end", "Q048"),
    ("tie breaker rules", "Q049"),
    ("nearest colliery rule for coal", "Q060"),
    ("can I buy coal from the market when there's a mine connected to me", "Q061"),
    ("does iron have to be connected to where I'm building", "Q063"),
    ("can I pay the bank for iron instead of flipping my opponent's foundry", "Q064"),
    ("coal market sold out what price", "Q065"),
    ("do I need coal to build a colliery", "Q069"),
    ("new ironworks sends cubes to market and I get money", "Q070"),
    ("sell coal to the market later after I connect to a port", "Q071"),
    ("building in a town outside my network with its town card", "Q072"),
    ("can I build somewhere with a card for a different city", "Q073"),
    ("two for one build - how does it work", "Q077"),
    ("double action on the first turn", "Q020"),
    ("two tiles in one town during canal period", "Q079"),
    ("where can I build a ship yard in the canal era", "Q080"),
    ("when does a shipyard turn over", "Q082"),
    ("can two cotton mills share one port", "Q098"),
    ("sell several mills in one action", "Q097"),
    ("selling to overseas market through an unflipped port instead of flipping it", "Q099"),
    ("is the distant market bonus cash or income", "Q102"),
    ("distant cotton marker hits the X mid sale", "Q106"),
    ("distant market shows zero - is the sale lost", "Q105"),
    ("does the foreign market reset once it hits X", "Q108"),
    ("develop action cost iron", "Q114"),
    ("develop two different industries at once", "Q115"),
    ("price of a railway and a canal", "Q118"),
    ("two players building on the same canal route", "Q120"),
    ("place a canal as my opening move", "Q121"),
    ("which end of the railroad needs coal", "Q123"),
    ("second rail use coal through the first rail", "Q124"),
    ("what happens if I can't pay negative income - bankrupt?", "Q033"),
    ("negative income do I pay every turn", "Q032"),
    ("income +5 is that spaces or levels", "Q030"),
    ("who gets the income when I sell into someone else's port", "Q031"),
    ("running out of link tiles", "Q008"),
    ("money is hidden or open information", "Q009"),
    ("give money to another player", "Q010"),
    ("are the cards under stephensons rocket drawn", "Q016"),
    ("how many rounds in a three player game", "Q018"),
    ("just one action on the first turn?", "Q019"),
    ("take two loans in one turn", "Q022"),
    ("discard a card when passing", "Q023"),
    ("income at the end of the final round", "Q028"),
    ("can outside locations like yorkshire extend my network", "Q056"),
    ("ship coal by sea between ports", "Q058"),
    ("is flipping a port when buying coal through it", "Q113"),
    ("can a flipped mill be sold again", "Q112"),
    ("virtual link liverpool birkenhead", "Q128"),
    ("community two player variant setup", "Q132"),
    ("play brass lancashire by myself", "Q133"),
    ("catalonia map palamos port in the rail period", "Q135"),
    ("hydraulic mill coal cost catalonia", "Q138"),
    ("do level 2 industries stay and score twice", "Q043"),
    ("what do the numbers at the bottom of the tile mean", "Q014"),
    ("how many cubes go on the markets at setup", "Q015"),
    ("2 player which map", "Q004"),
    ("overbuilt tile still scores?", "Q089"),
    ("does an overbuild tile come in flipped", "Q090"),
    ("build anywhere when I have no tiles on the board", "Q074"),
    ("shared space preston which space first", "Q078"),
    ("level one shipyard in rail era", "Q081"),
    ("dont have enough cubes in the suply", "Q006"),
    ("sell tiles to raise money for a build", "Q034"),
    ("distnat cotton markt bonus money or incom", "Q102"),
    ("ovrebuild an opponants iron works", "Q083"),
    ("shipyrds in the canal era", "Q080"),
    ("how do I score my railways", "Q039"),
    ("loans repayed?", "Q035"),
    ("tiebraker", "Q049"),
    ("Can I devlop tiles already on the board", "Q116"),
    ("mills selling to the same harbour", "Q098"),
    ("two rials in one action next to each other", "Q119"),
    ("does my network have to be all connected together", "Q055"),
    ("can my coal travel along other players canals", "Q053"),
    ("mine in the same town as my mill - is it connected", "Q054"),
]

HELD_OUT_CASES = [
    ("what if we run out of the little coins", "Q007"),
    ("can my opponents see how many pounds I have", "Q009"),
    ("is taking a double loan legal", "Q022"),
    ("do I get paid at the start or end of each round", "Q027"),
    ("discard pile face down?", "Q029"),
    ("income below zero pay the bank", "Q032"),
    ("selling my own tiles because I cant pay", "Q033"),
    ("how far back does a £30 loan move my marker", "Q035"),
    ("scoring order at era end links or industries first", "Q040"),
    ("cubes left on level 2 tiles after canal era", "Q044"),
    ("does my income go back to zero in the rail era", "Q046"),
    ("new cards for the railway era", "Q047"),
    ("is money spent when I convert it to points", "Q050"),
    ("extend links from a town with only my canal in it", "Q051"),
    ("is Scotland connected to the Midlands", "Q057"),
    ("someone overbuilt my only industry there - is it still in my network", "Q059"),
    ("does a flipped port still count as a trade icon for buying coal", "Q062"),
    ("iron from the furthest ironworks", "Q063"),
    ("hoarding coal cubes", "Q066"),
    ("where do spent coal cubes go", "Q068"),
    ("no industries on the map, can I still build with an industry card after taking a loan", "Q074"),
    ("all my level one tiles removed, where can I build rail era", "Q075"),
    ("build in a town with no coal connection using the no-tiles rule", "Q076"),
    ("maximum one industry per town canal era", "Q079"),
    ("level 0 shipyard can it be built", "Q081"),
    ("overbuild rivals ironworks while coal remains", "Q084"),
    ("does it cost money to overbuild my own tile", "Q087"),
    ("overbuild level 1 mill with a level 1", "Q088"),
    ("sell cotton through a flipped harbour", "Q100"),
    ("sell cotton to Yorkshire directly", "Q101"),
    ("port sale also gets the distant cotton bonus?", "Q104"),
    ("distant market at X, can I sell to ports", "Q107"),
    ("draw one tile per mill when selling overseas", "Q109"),
    ("choose destinations for every mill before drawing", "Q110"),
    ("develop away a tile on the board", "Q116"),
    ("used every cotton mill tile on my mat", "Q117"),
    ("first turn build a canal", "Q121"),
    ("why level 1 cotton mills are worth 5 VP", "Q126"),
    ("first space on the distant market track value", "Q127"),
    ("virtual link reverse direction birkenhead to liverpool", "Q130"),
    ("montseny charcoal mine rail period", "Q134"),
    ("peninsula rule selling", "Q136"),
    ("mora la nova coal mine industry card", "Q139"),
]


#: Plain questions asked at the table (second round of testing, issue 17), written with their
#: answers from the FAQ before the ranking was changed for them. First run: top-3 32/36, top-1
#: 28/36 ("is there a cap on income" gave Q032, "how many cards in a two player game" Q001 fifth).
#: After general fixes (cap/maximum/highest -> max, "how many"/"how big"/"number of" -> count,
#: "game" and "straight" as stop words): top-3 35/36, top-1 31/36; the development and held-out
#: sets went from 87/90 and 40/43 to 87/90 and 41/43.
TABLE_CASES = [
    ("is there a cap on income", "Q030"),
    ("how many cards in a two player game", "Q001"),
    ("what is the highest my income can go", "Q030"),
    ("how big is the deck with 3 players", "Q001"),
    ("the bank ran out of money what now", "Q007"),
    ("all my link tiles are used up can I still build canals", "Q008"),
    ("can I lend cash to my friend", "Q010"),
    ("can I skip straight to a level 2 cotton mill", "Q012"),
    ("where does my income marker start", "Q013"),
    ("how many turns per era with four players", "Q018"),
    ("what can I do on my first turn besides building", "Q021"),
    ("we spent the same amount who goes first", "Q024"),
    ("does paying negative income count as money spent", "Q025"),
    ("do we take income in turn order or all at once", "Q027"),
    ("can I look at the cards other players discarded", "Q029"),
    ("is a player eliminated if they go broke", "Q033"),
    ("do I ever repay a loan", "Q035"),
    ("when is the last chance to take a loan", "Q037"),
    ("do canals that scored nothing still get removed", "Q041"),
    ("are coal cubes left on mines thrown away at the end of the canal era", "Q044"),
    ("what breaks a tie for first place", "Q049"),
    ("can coal be shipped by boat from port to port", "Q058"),
    ("do I have to take coal from the closest mine", "Q060"),
    ("buy coal from the market through a flipped port", "Q062"),
    ("can I buy coal from an empty market", "Q065"),
    ("is buying coal a separate action", "Q067"),
    ("can I build two industries in one town in the first era", "Q079"),
    ("can I replace someone's port with my own", "Q085"),
    ("does the player whose tile I overbuild still keep the points", "Q089"),
    ("can I sell to the distant market when an unflipped port is connected", "Q099"),
    ("what if the overseas marker hits zero", "Q105"),
    ("can my rival's mill use my port", "Q111"),
    ("how much does developing cost", "Q114"),
    ("do my two rails need to touch", "Q119"),
    ("what's different from original brass", "Q125"),
    ("can I play alone", "Q133"),
]


#: A third round (issue 17 verification): 30 more plain questions written with their answers
#: from the FAQ before looking at the ranking. First run: top-3 23/30, top-1 19/30. Then the
#: answer text was weighted half as much as before (it is long and mentions many side terms, so
#: it outvoted the question and keywords): top-3 25/30, top-1 20/30, and no other set lost a hit
#: (development 87 -> 88/90 top-3, held-out 41/43, first table set 35 -> 36/36, top-1 31 -> 33).
#: Still missed: "use the coal from my own mine first" (Q060), "need a connection to build a
#: cotton mill" (Q072), "can iron be moved along rail links" (Q063), "discard any card to build"
#: and "any card to build anywhere" rank Q073 lower than wished (4th or below).
SECOND_TABLE_CASES = [
    ("can I sell cotton to a port that belongs to someone else", "Q111"),
    ("do I have to use the coal from my own mine first", "Q060"),
    ("what happens when the coal market is empty", "Q065"),
    ("how much does a loan cost", "Q035"),
    ("can I take a loan when my income is at -10", "Q036"),
    ("do canals stay on the board in the rail era", "Q041"),
    ("can I discard any card to build", "Q073"),
    ("can I build two industries in the same town", "Q079"),
    ("do I need a connection to build a cotton mill", "Q072"),
    ("how many victory points does a link score", "Q039"),
    ("can iron be moved along rail links", "Q063"),
    ("do I pay for iron when I develop", "Q114"),
    ("who goes first in the next round", "Q024"),
    ("can I pass my turn", "Q023"),
    ("how many actions per turn in the first round", "Q019"),
    ("can I overbuild someone else's iron works", "Q083"),
    ("what is the virtual link", "Q129"),
    ("how many cards does each player get", "Q001"),
    ("can I build a shipyard in the canal era", "Q080"),
    ("what happens to level one tiles at the end of the canal era", "Q042"),
    ("is money public information", "Q009"),
    ("can I build on a space with two icons", "Q078"),
    ("can I overbuild my own mine", "Q086"),
    ("does overbuilding need a card", "Q087"),
    ("how are canals scored", "Q039"),
    ("do rails need coal", "Q123"),
    ("what do we do with the leftover money at the end", "Q048"),
    ("can I take two loans in one turn", "Q022"),
    ("do I get points for a tile when it flips", "Q038"),
    ("can I use any card to build anywhere", "Q073"),
]


def _rate(cases: list[tuple[str, str]], k: int = 3) -> tuple[float, list]:
    misses = []
    for query, expected in cases:
        got = [r.id for r, _ in R.search(query, limit=k)]
        if expected not in got:
            misses.append((query, expected, got))
    return 1 - len(misses) / len(cases), misses


def test_case_sets_are_well_formed():
    ids = set(R.load_rulings())
    assert len(DEV_CASES) >= 40 and len(HELD_OUT_CASES) >= 40
    queries = [q for q, _ in DEV_CASES + HELD_OUT_CASES]
    assert len(set(queries)) == len(queries)
    for query, expected in DEV_CASES + HELD_OUT_CASES:
        assert expected in ids
        # phrased unlike the ruling: never a copy of its question
        assert query.lower().rstrip("?") not in R.get_ruling(expected).question.lower()


@pytest.mark.parametrize("name,cases", [("development", DEV_CASES), ("held-out", HELD_OUT_CASES)])
def test_hit_rate_top3(name, cases, record_property):
    rate, misses = _rate(cases)
    print(f"\n{name}: expected ruling in top 3 for {len(cases) - len(misses)}/{len(cases)} = {rate:.1%}")
    for m in misses:
        print("  miss:", m)
    record_property(f"rulings_search_top3_{name}", round(rate, 4))
    assert rate >= 0.85, misses


def test_overall_hit_rate(record_property):
    cases = DEV_CASES + HELD_OUT_CASES
    rate, misses = _rate(cases)
    top1 = sum(1 for q, e in cases if [r.id for r, _ in R.search(q, limit=1)] == [e]) / len(cases)
    print(f"\nall: top-3 {rate:.1%}, top-1 {top1:.1%} over {len(cases)} questions")
    record_property("rulings_search_top3_all", round(rate, 4))
    record_property("rulings_search_top1_all", round(top1, 4))
    assert rate >= 0.85


def test_table_questions(record_property):
    ids = set(R.load_rulings())
    assert len(TABLE_CASES) >= 30 and all(e in ids for _, e in TABLE_CASES)
    assert not {q for q, _ in TABLE_CASES} & {q for q, _ in DEV_CASES + HELD_OUT_CASES}
    rate, misses = _rate(TABLE_CASES)
    print(f"\ntable questions: top 3 for {len(TABLE_CASES) - len(misses)}/{len(TABLE_CASES)} = {rate:.1%}")
    record_property("rulings_search_top3_table", round(rate, 4))
    assert rate >= 0.9, misses


def test_second_table_questions(record_property):
    ids = set(R.load_rulings())
    assert len(SECOND_TABLE_CASES) >= 30 and all(e in ids for _, e in SECOND_TABLE_CASES)
    rate, misses = _rate(SECOND_TABLE_CASES)
    print(
        f"\nsecond table questions: top 3 for {len(SECOND_TABLE_CASES) - len(misses)}/{len(SECOND_TABLE_CASES)}"
    )
    record_property("rulings_search_top3_table2", round(rate, 4))
    assert rate >= 0.8, misses


@pytest.mark.parametrize(
    "query,expected",
    [
        ("is there a cap on income", "Q030"),  # Q032 came first: it says "income" most
        ("how many cards in a two player game", "Q001"),  # was fifth, under the 2-player rulings
    ],
)
def test_table_questions_that_missed_now_come_first(query, expected):
    hits = R.search(query, limit=3)
    assert hits[0][0].id == expected
    assert not R.is_weak(R.match_coverage(query, hits[0][0]))


@pytest.mark.parametrize(
    "query", ["is there a cap on bananas", "income tax", "can I trade cards for biscuits"]
)
def test_a_query_that_nothing_answers_is_a_weak_match(query):
    hits = R.search(query, limit=3)
    assert hits and all(R.is_weak(R.match_coverage(query, r)) for r, _ in hits)


def test_weak_matches_are_said_in_text_and_json():
    from conftest import run_cli, run_json

    r, out = run_json("rulings", "search", "is there a cap on bananas")
    assert r.returncode == 0 and out and all(h["weak"] is True and h["coverage"] < 0.6 for h in out)
    r, out = run_json("rulings", "search", "is there a cap on income")
    assert out[0]["id"] == "Q030" and out[0]["weak"] is False and out[0]["coverage"] == 1.0
    text = run_cli("rulings", "search", "is there a cap on bananas").stdout
    assert "Weak match" in text and "match" in text.splitlines()[0]
    assert "Weak match" not in run_cli("rulings", "search", "is there a cap on income").stdout


# --------------------------------------------------------------------------- behaviour


def test_results_are_best_first_and_limited():
    hits = R.search("overbuild an opponent's coal mine", limit=4)
    assert 1 <= len(hits) <= 4
    scores = [s for _, s in hits]
    assert scores == sorted(scores, reverse=True)
    assert all(isinstance(r, R.Ruling) and s > 0 for r, s in hits)
    assert len(R.search("coal", limit=139)) > 20


@pytest.mark.parametrize("query", ["", "   ", "the and of", "zzzzqqq"])
def test_empty_or_meaningless_queries_find_nothing(query):
    assert R.search(query) == []


def test_zero_limit():
    assert R.search("loan", limit=0) == []


def test_synonyms_map_to_one_token():
    same = [R._tokens(t) for t in ("cash", "money", "pounds", "coins", "\u00a3")]
    assert all(toks == ["money"] for toks in same)
    assert R._tokens("colliery") == R._tokens("coal mine") == R._tokens("pit") == ["coalmine"]
    assert R._tokens("turn it over") == R._tokens("flipped") == ["flip"]
    assert R._tokens("replace") == R._tokens("upgrade") == R._tokens("overbuilding") == ["overbuild"]
    assert R._tokens("two-for-one") == R._tokens("Double Action Build") == ["dab"]
    assert R._tokens("railway") == R._tokens("rails") == ["rail"]


def test_stemming_and_plurals():
    assert R._tokens("mills") == R._tokens("mill")
    assert R._tokens("scoring") == R._tokens("scored") == R._tokens("scores") == R._tokens("score")
    assert R._tokens("built") == R._tokens("building") == R._tokens("builds") == ["build"]
    assert R._tokens("sold") == R._tokens("selling") == R._tokens("sells") == ["sell"]
    assert R._tokens("shipyards") == ["shipyard"]


def test_accents_and_case_fold():
    assert R._tokens("Palam\u00f3s") == R._tokens("PALAMOS")
    assert R.search("mora la nova coal mine")[0][0].id == R.search("M\u00f3ra la Nova coal mine")[0][0].id


def test_typo_repair_against_the_vocabulary():
    idx = R._index(R.load_rulings())
    assert "overbuild" in idx.query_terms("overbiuld")
    assert "coalmine" in idx.query_terms("colliry")
    assert "dcm" in idx.query_terms("distnat market")
    assert "tiebreak" in idx.query_terms("tiebraker")
    assert "shipyard" in idx.query_terms("shipyrds")
    assert R._osa_distance("overbiuld", "overbuild", 2) == 1  # a transposition is one edit
    assert R._osa_distance("abc", "xyzw", 1) == 2


@pytest.mark.parametrize(
    "query,expected",
    [
        ("Q83 overbuild", "Q083"),
        ("Can I overbuild my opponent's coal mine while there is still coal in the market?", "Q083"),
        ("how many rounds with 4 players", "Q018"),
        ("loan below -10", "Q036"),
    ],
)
def test_spot_checks_top1(query, expected):
    assert R.search(query, limit=1)[0][0].id == expected
