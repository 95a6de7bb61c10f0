"""Brass: Birmingham's action kinds: the shared Build, Develop and Pass, and its own Network, Sell,
Loan and Scout forms.

The notation (``docs/notation-birmingham.md``)::

    build INDUSTRY@LOCATION card=CARD [space=N] [level=N] [coal=LOC,...|market] [iron=LOC,...|market]
    network A-B [C-D] card=CARD [coal=...] [beer=LOC[#N]]    # two rails: the beer pays for the second
    develop IND[,IND] card=CARD [iron=...]
    sell TILE[#N]>MERCHANT[#N][:BEER[+BEER]] [TILE>MERCHANT...] card=CARD [develop=IND[,IND]]
    loan [30] card=CARD
    scout cards=A,B,C                                        # this action's card and two more
    pass card=CARD

A sale's TILE is the location of the seller's tile (``INDUSTRY@LOCATION`` when the town holds
several); BEER is ``merchant`` (the barrel beside the merchant tile sold to), a brewery's
``LOCATION[#N]``, or ``none``; with no BEER the judge finds it (its assumption). ``develop=`` names
the industry developed for each sale to a merchant whose bonus is a free Develop (Gloucester), in
order; ``any`` leaves one to the judge (the lowest of any industry, its assumption).

Build has no Double Action Build here (one card); Scout discards three. The judges live in this
folder's modules (named, imported on first use), as are the legal-move generators
(``moves.candidates_<word>``, docs/moves-birmingham.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...actions import BUILD, DEVELOP, LOAN, NETWORK, PASS, ActionKind, cards_text
from ...actions import _network_from_obj as _shared_network_from_obj

# at the top, not in the functions reading each action: brass_judge.actions imports them already
# (no start-up cost), and an import statement run per action read costs more than the reading
from ...errors import InputError, closest, quote
from ...model import Loan
from .model import MERCHANT_BEER, Network, Sale, Scout, Sell

_HERE = "brass_judge.games.birmingham"
#: the words that leave a choice to the judge (a sale's beer, a Gloucester develop)
_ANY_WORDS = frozenset(("any", "lowest", "auto", "?"))
#: the words that say a sale uses no beer at all
_NONE_WORDS = frozenset(("none", "no", "0", "-"))
#: the words that name the barrel beside the merchant tile sold to
_MERCHANT_WORDS = frozenset(("merchant", "merchant beer", "merchant barrel", "m"))


def _q(x: Any) -> str:
    return quote(x)


def _norm(x: Any) -> str:
    return " ".join(str(x).strip().lower().replace("_", " ").replace("-", " ").split())


def _one_of(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _one_card(word: str) -> str:
    return f"a {word} action discards one card (only Scout discards three)"


# ------------------------------------------------------------------------------ beer sources
def _beer_source(r: Any, v: Any, sub: tuple, *, allow_merchant: bool = True) -> str:
    """A beer source as written (``merchant``, ``stone``, ``Stone#1``) -> ``merchant`` or a
    brewery's ``location`` / ``location#space`` (its key)."""
    if v is None or isinstance(v, (bool, list, dict)):
        from ...schema_check import _kind

        raise r.err(f"expected a beer source (merchant, or a brewery's LOCATION[#N]), got {_kind(v)}", sub)
    text = str(v).strip()
    if _norm(text) in _MERCHANT_WORDS and allow_merchant:
        return MERCHANT_BEER
    loc, hash_, space = text.partition("#")
    try:
        key = r.name("location", loc, sub)
    except InputError as e:
        hint = [MERCHANT_BEER] if allow_merchant and closest(loc.strip(), [MERCHANT_BEER]) else []
        raise r.err(
            f"unknown beer source {_q(loc)}: write merchant (the barrel beside the merchant tile) "
            "or the location of a brewery",
            sub,
            suggestions=(*hint, *e.suggestions),
        ) from None
    if not hash_:
        return str(key)
    n = r.integer(space, sub, "a brewery's space")
    if n < 0:
        raise r.err(f"a brewery's space is 0 or more, not {n}", sub)
    return f"{key}#{n}"


def _beer_list(r: Any, key: str, sub: tuple) -> tuple[str, ...] | None:
    """The beer sources under *key* of the mapping at *sub*: None when not given (the judge finds
    them), ``()`` for ``none``."""
    obj = r.obj
    for p in sub:
        obj = obj[p]
    v = obj[key]
    if v is None:
        return None
    if isinstance(v, str):
        if not _norm(v) or _norm(v) in _ANY_WORDS:
            return None
        if _norm(v) in _NONE_WORDS:
            return ()
        # 'stone+merchant' or 'stone,merchant': a problem is reported at the value itself
        return tuple(_beer_source(r, x, sub + (key,)) for x in _split_beer(v))
    if not isinstance(v, list):
        raise r.err(
            f"{_q(key)} names beer sources: merchant or a brewery's LOCATION[#N] (a name or a list)",
            sub + (key,),
        )
    return tuple(
        _beer_source(r, x, sub + (key, i))
        for i, item in enumerate(v)
        for x in (_split_beer(item) if isinstance(item, str) else [item])
    )


def _split_beer(text: str) -> list[str]:
    return [x for x in text.replace("+", ",").split(",") if x.strip()]


# ------------------------------------------------------------------------------ Network
def _network_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if args and args[0].lower() in ("canal", "rail"):
        obj["type"] = args.pop(0).lower()
    lines = [x for a in args for x in a.split(",") if x]
    if not lines:
        raise err(
            f"network needs a line A-B (two rails: A-B C-D), e.g. '{kind.examples['usage']}' (got {_q(text)})"
        )
    if len(lines) > 2:
        raise err(
            f"a Network action places one link, or two rails, not {len(lines)} ({_q(' '.join(lines))}): "
            "place the others in another action"
        )
    obj["lines"] = lines


def line_text(key: str) -> str:
    """A line key written as notation: ``a-b``; a line with three ends by its two towns
    (``kidderminster-worcester``)."""
    ends = key.split("~")
    if len(ends) > 2:
        from ...data import game_data

        locs = game_data(game="birmingham").locations
        towns = [e for e in ends if e in locs and locs[e].kind == "town"]
        ends = towns[:2] if len(towns) >= 2 else ends[-2:]
    return "-".join(ends)


def _network_format(kind: ActionKind, a: Network) -> str:
    s = "network " + (f"{a.link_type} " if a.link_type else "") + " ".join(line_text(l) for l in a.lines)
    s += cards_text(a)
    if a.coal_from:
        s += " coal=" + ",".join(a.coal_from)
    if a.beer_from is not None:
        s += " beer=" + (",".join(a.beer_from) or "none")
    return s


def _network_from_obj(kind: ActionKind, r: Any) -> Network:
    shared = _shared_network_from_obj(kind, r)  # lines (one or two), cards, coal, type
    beer = None
    k = "beer" if "beer" in r.obj else "beer_from" if "beer_from" in r.obj else None
    if k is not None:
        beer = _beer_list(r, k, ())
        if beer is not None and len(beer) > 1:
            raise r.err(
                f"two rails in one Network action use one beer barrel, not {len(beer)}: "
                f"name one brewery (beer=LOCATION[#N])",
                (k,),
            )
    return Network(shared.lines, shared.cards, shared.coal_from, shared.link_type, beer)


def _network_to_obj(a: Network, out: dict[str, Any]) -> None:
    out["lines"] = [line_text(l) for l in a.lines]
    if a.link_type:
        out["type"] = a.link_type
    if a.coal_from:
        out["coal"] = list(a.coal_from)
    if a.beer_from is not None:
        out["beer"] = list(a.beer_from)


NETWORK_KIND = replace(
    NETWORK,
    cls=Network,
    parse_args=_network_args,
    format=_network_format,
    keys=NETWORK.keys | {"beer", "beer_from"},
    from_obj=_network_from_obj,
    to_obj=_network_to_obj,
    schema={
        "network": {
            **NETWORK.schema["network"],
            "properties": {
                **NETWORK.schema["network"]["properties"],
                "beer": {
                    "$ref": "#/$defs/beer",
                    "description": "Two rails: the brewery whose barrel pays for the second rail "
                    "(LOCATION or LOCATION#SPACE; B040). Not given: the judge finds it.",
                },
                "beer_from": {"$ref": "#/$defs/beer"},
            },
        },
        "beer": {
            "description": "Beer sources, in order: 'merchant' (the barrel beside the merchant tile sold "
            "to), a brewery's LOCATION or LOCATION#SPACE, or 'none'; a list, or 'a+b' / 'a,b'.",
            "type": ["string", "array", "null"],
            "items": {"$ref": "#/$defs/name"},
            "maxItems": 4,
        },
    },
    judge=f"{_HERE}.network:judge_network",
    candidates=f"{_HERE}.moves:candidates_network",
    two_cards=False,
    examples={
        "usage": "network leek-stoke-on-trent card=leek",
        "schema": "network birmingham-dudley birmingham-walsall card=leek beer=stone",
        "line": "leek-stoke-on-trent",
        "one_card": _one_card("network"),
    },
)


# ------------------------------------------------------------------------------ Sell
_SALE_KEYS = frozenset(("tile", "space", "industry", "to", "merchant", "merchant_space", "beer", "develop"))
_SALE_FORM = "{tile: LOCATION, to: MERCHANT}"


def _sell_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if not args:
        raise err(f"sell needs at least one TILE>MERCHANT, e.g. '{kind.examples['usage']}' (got {_q(text)})")
    sales = []
    for a in args:
        if ">" not in a:
            raise err(
                f"cannot read sale {_q(a)}: write TILE_LOCATION>MERCHANT, e.g. "
                f"'leek>warrington' or 'cotton_mill@leek#1>warrington#0:merchant'"
            )
        tile, dest = a.split(">", 1)
        sale: dict[str, Any] = {}
        if "@" in tile:
            sale["industry"], tile = tile.split("@", 1)
        if "#" in tile:
            tile, sale["space"] = tile.split("#", 1)
        sale["tile"] = tile
        if ":" in dest:
            dest, beer = dest.split(":", 1)
            sale["beer"] = beer
        if "#" in dest:
            dest, sale["merchant_space"] = dest.split("#", 1)
        sale["to"] = dest
        sales.append(sale)
    obj["sales"] = sales


def _sale_text(s: Sale) -> str:
    t = (f"{s.industry}@" if s.industry else "") + s.tile + (f"#{s.space}" if s.space is not None else "")
    d = s.merchant + (f"#{s.merchant_space}" if s.merchant_space is not None else "")
    if s.beer_from is not None:
        d += ":" + ("+".join(s.beer_from) if s.beer_from else "none")
    return f"{t}>{d}"


def _sell_format(kind: ActionKind, a: Sell) -> str:
    s = "sell " + " ".join(_sale_text(x) for x in a.sales) + cards_text(a)
    devs = [x.develop for x in a.sales if x.develop is not None or _develops(x.merchant)]
    while devs and devs[-1] is None:
        devs.pop()
    if devs:
        s += " develop=" + ",".join(d or "any" for d in devs)
    return s


def _develops(merchant: str, data: Any = None) -> bool:
    """Whether taking *merchant*'s barrel earns a free Develop (Gloucester)."""
    if data is None:
        from ...data import game_data

        data = game_data(game="birmingham")
    loc = data.locations.get(merchant)
    return bool(loc is not None and loc.bonus and loc.bonus[0] == "develop")


def _sell_from_obj(kind: ActionKind, r: Any) -> Sell:
    raw = r.obj.get("sales")
    if not isinstance(raw, list) or not raw:
        raise r.err(f"a sell action needs 'sales': a list of {_SALE_FORM}", ("sales",))
    merchants = [k for k, loc in r.data.locations.items() if loc.kind == "merchant"]
    names = _one_of([r.data.locations[m].name for m in merchants])
    sales = []
    for i, s in enumerate(raw):
        at = ("sales", i)
        if not isinstance(s, dict):
            raise r.err(f"each sale is a mapping {_SALE_FORM}", at)
        for key in s:
            if key not in _SALE_KEYS:
                raise r.err(
                    f"unknown key {_q(key)} in a sale", at + (key,), suggestions=closest(str(key), _SALE_KEYS)
                )
        if "to" in s and "merchant" in s:
            raise r.err("give the merchant as 'to' or 'merchant', not both", at + ("merchant",))
        to_key = "merchant" if "merchant" in s else "to"
        if "tile" not in s or to_key not in s:
            raise r.err(
                "a sale needs 'tile' (the location of your Cotton Mill, Manufacturer or Pottery) "
                f"and 'to' (the merchant: {names})",
                at,
            )
        tile = r.name("location", s["tile"], at + ("tile",))
        try:
            merchant = r.name("location", s[to_key], at + (to_key,))
        except InputError as e:  # suggest merchants first
            e.suggestions = tuple(
                dict.fromkeys(
                    [*closest(str(s[to_key]), [r.data.locations[m].name for m in merchants]), *e.suggestions]
                )
            )[:3]
            raise
        if merchant not in merchants:
            raise r.err(
                f"{r.data.locations[merchant].name} is not a merchant: sell to {names}",
                at + (to_key,),
                suggestions=closest(str(s[to_key]), merchants),
            )
        industry = (
            r.name("industry", s["industry"], at + ("industry",)) if s.get("industry") is not None else None
        )
        space = _space(r, s, "space", at)
        mspace = _space(r, s, "merchant_space", at)
        beer = _beer_list(r, "beer", at) if "beer" in s else None
        develop = None
        if s.get("develop") is not None and _norm(s["develop"]) not in _ANY_WORDS:
            if not _develops(merchant, r.data):
                raise r.err(
                    f"'develop' is only for a sale to a merchant whose bonus is a free Develop "
                    f"({_develop_merchants(r.data)}), not {r.data.locations[merchant].name}",
                    at + ("develop",),
                )
            develop = r.name("industry", s["develop"], at + ("develop",))
        sales.append(Sale(tile, merchant, space, industry, mspace, beer, develop))
    if r.obj.get("develop") is not None:
        sales = _spread_develop(r, sales)
    return Sell(tuple(sales), r.cards())


def _develop_merchants(data: Any) -> str:
    return ", ".join(
        loc.name for k, loc in data.locations.items() if loc.kind == "merchant" and _develops(k, data)
    )


def _spread_develop(r: Any, sales: list[Sale]) -> list[Sale]:
    """``develop=IND[,IND]``: one industry for each sale to a Develop-bonus merchant, in order."""
    raw = r.as_list("develop")
    slots = [i for i, s in enumerate(sales) if _develops(s.merchant, r.data)]
    if len(raw) > len(slots):
        where = _develop_merchants(r.data)
        raise r.err(
            f"develop= names {len(raw)} {'industry' if len(raw) == 1 else 'industries'} but "
            f"{len(slots) or 'no'} sale{'' if len(slots) == 1 else 's'} go{'es' if len(slots) == 1 else ''} "
            f"to {where} (whose bonus is a free Develop)",
            ("develop",),
        )
    out = list(sales)
    for n, (i, v) in enumerate(zip(slots, raw)):
        if v is None or _norm(v) in _ANY_WORDS:
            continue
        if out[i].develop is not None:
            raise r.err(f"the sale from {out[i].tile} names its develop twice", ("develop",))
        out[i] = replace(out[i], develop=r.name("industry", v, ("develop", n)))
    return out


def _space(r: Any, s: dict[str, Any], key: str, at: tuple) -> int | None:
    if s.get(key) is None:
        return None
    n: int = r.integer(s[key], at + (key,), key)
    if n < 0:
        raise r.err(f"{key} must be 0 or more, not {n}", at + (key,))
    return n


def _sell_to_obj(a: Sell, out: dict[str, Any]) -> None:
    sales = []
    for s in a.sales:
        d: dict[str, Any] = {"tile": s.tile, "to": s.merchant}
        if s.space is not None:
            d["space"] = s.space
        if s.industry is not None:
            d["industry"] = s.industry
        if s.merchant_space is not None:
            d["merchant_space"] = s.merchant_space
        if s.beer_from is not None:
            d["beer"] = list(s.beer_from) if s.beer_from else "none"
        if s.develop is not None:
            d["develop"] = s.develop
        sales.append(d)
    out["sales"] = sales


_NULL_SPACE = {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/space"}]}

SELL = ActionKind(
    word="sell",
    cls=Sell,
    parse_args=_sell_args,
    format=_sell_format,
    keys=frozenset(("action", "sales", "card", "cards", "develop")),
    from_obj=_sell_from_obj,
    to_obj=_sell_to_obj,
    schema={
        "sell": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action", "sales"],
            "properties": {
                "action": True,
                "sales": {"type": "array", "minItems": 1, "maxItems": 20, "items": {"$ref": "#/$defs/sale"}},
                "card": {"$ref": "#/$defs/card"},
                "cards": {"$ref": "#/$defs/cards"},
                "develop": {
                    "$ref": "#/$defs/names",
                    "description": "The industry developed for each sale to Gloucester (its bonus), in order; "
                    "'any' leaves one to the judge (the lowest tile of any industry).",
                },
            },
        },
        "sale": {
            "type": "object",
            "additionalProperties": False,
            "required": ["tile"],
            "oneOf": [{"required": ["to"]}, {"required": ["merchant"]}],
            "properties": {
                "tile": {
                    "$ref": "#/$defs/name",
                    "description": "The location of the seller's unflipped Cotton Mill, Manufacturer or Pottery.",
                },
                "space": _NULL_SPACE,
                "industry": {
                    "oneOf": [{"type": "null"}, {"$ref": "#/$defs/name"}],
                    "description": "Which of the seller's tiles at that location, when it holds several.",
                },
                "to": {
                    "$ref": "#/$defs/name",
                    "description": "The merchant sold to: Warrington, Nottingham, Shrewsbury, Gloucester or Oxford.",
                },
                "merchant": {"$ref": "#/$defs/name", "description": "Another name for 'to'."},
                "merchant_space": _NULL_SPACE,
                "beer": {
                    "$ref": "#/$defs/beer",
                    "description": "Where each barrel comes from, in order: 'merchant', a brewery's "
                    "LOCATION[#N], or 'none'. Not given: the judge finds it (B037, B045).",
                },
                "develop": {
                    "oneOf": [{"type": "null"}, {"$ref": "#/$defs/name"}],
                    "description": "A sale to Gloucester: the industry its bonus develops (B046).",
                },
            },
        },
    },
    judge=f"{_HERE}.sell:judge_sell",
    candidates=f"{_HERE}.moves:candidates_sell",
    weight=12.0,
    examples={
        "usage": "sell leek>warrington card=x",
        "schema": "sell leek>warrington:merchant card=stone",
        "one_card": _one_card("sell"),
    },
)


# ------------------------------------------------------------------------------ Loan
def _loan_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if len(args) > 1:
        raise err(f"loan takes at most an amount, e.g. '{kind.examples['usage']}' (got {_q(text)})")
    if args:
        obj["amount"] = args[0].lstrip("£")


def _loan_from_obj(kind: ActionKind, r: Any) -> Any:
    amounts = tuple(r.data.rules.loan_amounts)  # the game's loan amounts (its data files): (30,)
    text = " or ".join(f"£{a}" for a in amounts)
    if "amount" not in r.obj or r.obj["amount"] is None:
        if len(amounts) != 1:
            raise r.err(f"a loan action needs 'amount' ({text})", ("amount",))
        return Loan(amounts[0], r.cards())  # the only amount there is: nothing assumed
    amount = r.integer(r.obj["amount"], ("amount",), "loan amount")
    if amount not in amounts:
        raise r.err(
            f"{r.data.rules.name} loans are {text}, not £{amount} (leave the amount out, or write {amounts[0]})",
            ("amount",),
        )
    return Loan(amount, r.cards())


LOAN_KIND = replace(
    LOAN,
    parse_args=_loan_args,
    from_obj=_loan_from_obj,
    schema={
        "loan": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action"],
            "properties": {
                "action": True,
                "amount": {
                    "type": ["integer", "string"],
                    "pattern": "^\\s*30\\s*$",
                    "description": "£30, the only loan (B048); may be left out.",
                    "minimum": 30,
                    "maximum": 30,
                },
                "card": {"$ref": "#/$defs/card"},
                "cards": {"$ref": "#/$defs/cards"},
            },
        }
    },
    judge=f"{_HERE}.loan:judge_loan",
    candidates=f"{_HERE}.moves:candidates_loan",
    examples={"usage": "loan card=x", "schema": "loan card=leek", "one_card": _one_card("loan")},
)


# ------------------------------------------------------------------------------ Scout
def _scout_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if args:
        if "cards" in obj or "card" in obj:
            raise err(f"scout takes only cards=A,B,C, got {_q(' '.join(args))}")
        obj["cards"] = [x for a in args for x in a.split(",") if x]


def _scout_format(kind: ActionKind, a: Scout) -> str:
    return "scout" + (" cards=" + ",".join(a.cards) if a.cards else "")


def _scout_from_obj(kind: ActionKind, r: Any) -> Scout:
    return Scout(r.cards())


def _no_keys(a: Any, out: dict[str, Any]) -> None:
    return None


SCOUT = ActionKind(
    word="scout",
    cls=Scout,
    parse_args=_scout_args,
    format=_scout_format,
    keys=frozenset(("action", "card", "cards")),
    from_obj=_scout_from_obj,
    to_obj=_no_keys,
    schema={
        "scout": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action"],
            "properties": {
                "action": True,
                "cards": {
                    "$ref": "#/$defs/cards",
                    "description": "The three cards discarded: this action's card and two more (B049).",
                },
                "card": {"$ref": "#/$defs/card"},
            },
        }
    },
    judge=f"{_HERE}.scout:judge_scout",
    candidates=f"{_HERE}.moves:candidates_scout",
    weight=0.5,
    discards=3,
    examples={"usage": "scout cards=leek,stone,brewery", "schema": "scout cards=leek,stone,brewery"},
)


#: Birmingham's kinds in display order (notation, ``brass-judge moves``, the schema).
KINDS = (
    replace(
        BUILD,
        judge=f"{_HERE}.build:judge_build",
        candidates=f"{_HERE}.moves:candidates_build",
        two_cards=False,
        examples={
            "usage": "build cotton@leek card=leek",
            "schema": "build brewery@stone card=stone",
            "coal": "Locations the coal comes from, in order; market: bought from the Coal Market "
            "(only with no connected coal mine and through a connection to a merchant, B033, B034).",
            "iron": "Locations the iron comes from, in order; market: bought from the Iron Market "
            "(only with no iron works' cube on the board, B035).",
            "one_card": "a build action discards one card (Brass: Birmingham has no Double Action Build)",
        },
    ),
    NETWORK_KIND,
    replace(
        DEVELOP,
        judge=f"{_HERE}.develop:judge_develop",
        candidates=f"{_HERE}.moves:candidates_develop",
        examples={
            "usage": "develop coal,iron card=x",
            "schema": "develop pottery,brewery card=leek",
            "one_card": _one_card("develop"),
        },
    ),
    SELL,
    LOAN_KIND,
    SCOUT,
    replace(
        PASS,
        judge="brass_judge.engine.loan:judge_pass",
        candidates=f"{_HERE}.moves:candidates_pass",
        examples={"schema": "pass card=leek", "one_card": _one_card("pass")},
    ),
)

#: the JSON Schema of Birmingham action files (``schemas/action-birmingham.schema.json``): the
#: shared action schema assembled from :data:`KINDS` with these parts worded for Birmingham
SCHEMA = "action-birmingham"
SCHEMA_OVERRIDES: dict[str, Any] = {
    "$id": "https://brass-judge.invalid/schemas/action-birmingham.schema.json",
    "title": "brass-judge action or turn (Brass: Birmingham)",
    "description": "A Brass: Birmingham action file (brass-judge check POSITION ACTION_FILE, the position "
    "saying game: birmingham): one action (a mapping or a one-line notation string), a list of one or two "
    "actions (a turn), a notation string with a turn's two actions separated by ';', or a turn mapping "
    "{player, actions, shortfall, about}. Names (industries, locations, merchants, lines, cards, players) "
    "are checked against the game data after this schema; see docs/notation-birmingham.md for the notation "
    "and docs/errors.md for the error codes.",
    "$defs": {
        "card": {
            "$ref": "#/$defs/name",
            "description": "The card discarded: a town (leek, ...), an industry card (coal_mine, iron_works, "
            "pottery, brewery, cotton_mill_manufacturer), wild_location or wild_industry.",
        },
        "cards": {
            "description": "One card, or Scout's three (this action's card and two more): a list or 'a,b,c'.",
            "type": ["string", "array"],
            "items": {"$ref": "#/$defs/name"},
            "maxItems": 3,
        },
        "lines": {
            "description": "One link, or two rails, each 'from-to' (e.g. stone-stafford; the line with three "
            "ends is kidderminster-worcester): a list or 'a-b,c-d'.",
            "type": ["string", "array"],
            "items": {"$ref": "#/$defs/name"},
            "minItems": 1,
            "maxItems": 2,
        },
        "space": {
            "allOf": [{"$ref": "#/$defs/whole_number"}],
            "minimum": 0,
            "maximum": 3,
            "description": "A space of a location, 0-based in the order of data/map.yaml.",
        },
        "industries": {
            "description": "One or two industries: a list or 'coal,iron'.",
            "type": ["string", "array"],
            "items": {"$ref": "#/$defs/name"},
            "minItems": 1,
            "maxItems": 2,
        },
    },
}
