"""Lancashire's action kinds: the shared ones (:mod:`brass_judge.actions`) and its own Sell.

Sell (rulebook: Sell Action) sends cotton mills to ports or to the Distant Cotton Market: its
dataclasses (:class:`Sell`, :class:`Sale`), notation (``sell MILL[#N]>PORT[#N]`` or
``MILL>distant[:TILE]``), YAML form, schema fragment, judge (:mod:`.sell`) and candidates are
here. The examples that the shared kinds show in messages and in the schema name Lancashire's
towns, so they are given here too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...actions import BUILD, DEVELOP, LOAN, NETWORK, PASS, ActionKind, cards_text
from ...errors import closest, quote
from ...model import DISTANT


@dataclass(frozen=True)
class Sale:
    """One mill's sale: ``to`` is a port location, or ``"distant"``; ``tile`` the DCM tile drawn."""

    mill: str  #: location of the seller's cotton mill
    to: str
    mill_space: int | None = None
    port_space: int | None = None
    tile: int | None = None


@dataclass(frozen=True)
class Sell:
    sales: tuple
    cards: tuple

    kind = "sell"


#: The words that name the Distant Cotton Market as a sale's destination.
DISTANT_WORDS = frozenset(("distant", "dcm", "distant-cotton-market", "distant_cotton_market", "market"))
_SALE_KEYS = {"mill", "to", "mill_space", "port_space", "tile"}


def _sell_args(kind, args, obj, err, text) -> None:
    if not args:
        raise err(
            f"sell needs at least one MILL>DESTINATION, e.g. '{kind.examples['usage']}' (got {quote(text)})"
        )
    sales = []
    for a in args:
        if ">" not in a:
            raise err(
                f"cannot read sale {quote(a)}: write MILL_LOCATION>PORT_LOCATION or MILL_LOCATION>distant[:TILE]"
            )
        mill, dest = a.split(">", 1)
        sale: dict = {}
        if "#" in mill:
            mill, sp = mill.split("#", 1)
            sale["mill_space"] = sp
        sale["mill"] = mill
        if ":" in dest:
            dest, tile = dest.split(":", 1)
            sale["tile"] = tile
        if "#" in dest:
            dest, sp = dest.split("#", 1)
            sale["port_space"] = sp
        sale["to"] = dest
        sales.append(sale)
    obj["sales"] = sales


def _sell_format(kind, a) -> str:
    parts = []
    for sale in a.sales:
        m = sale.mill + (f"#{sale.mill_space}" if sale.mill_space is not None else "")
        d = sale.to + (f"#{sale.port_space}" if sale.port_space is not None else "")
        if sale.tile is not None:
            d += f":{sale.tile}"
        parts.append(f"{m}>{d}")
    return "sell " + " ".join(parts) + cards_text(a)


def _sell_from_obj(kind, r) -> Sell:
    raw = r.obj.get("sales")
    if not isinstance(raw, list) or not raw:
        raise r.err(
            "a sell action needs 'sales': a list of {mill: LOCATION, to: PORT_LOCATION or distant}",
            ("sales",),
        )
    sales = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise r.err("each sale is a mapping {mill: LOCATION, to: PORT_LOCATION or distant}", ("sales", i))
        for key in s:
            if key not in _SALE_KEYS:
                raise r.err(
                    f"unknown key {quote(key)} in a sale",
                    ("sales", i, key),
                    suggestions=closest(str(key), _SALE_KEYS),
                )
        if "mill" not in s or "to" not in s:
            raise r.err(
                "a sale needs 'mill' (the mill's location) and 'to' (a port location or distant)",
                ("sales", i),
            )
        mill = r.name("location", s["mill"], ("sales", i, "mill"))
        dest_raw = str(s["to"]).strip().lower()
        dest = DISTANT if dest_raw in DISTANT_WORDS else r.name("location", s["to"], ("sales", i, "to"))
        tile = None
        if s.get("tile") is not None:
            tile = r.integer(s["tile"], ("sales", i, "tile"), "tile")
            if dest != DISTANT:
                raise r.err("'tile' is only for a sale to the Distant Cotton Market", ("sales", i, "tile"))
            if not 0 <= tile <= 4:
                raise r.err(f"Distant Cotton Market tiles show 0 to 4, not {tile}", ("sales", i, "tile"))
        ms = (
            r.integer(s["mill_space"], ("sales", i, "mill_space"), "mill_space")
            if s.get("mill_space") is not None
            else None
        )
        ps = (
            r.integer(s["port_space"], ("sales", i, "port_space"), "port_space")
            if s.get("port_space") is not None
            else None
        )
        sales.append(Sale(mill, dest, ms, ps, tile))
    return Sell(tuple(sales), r.cards())


def _sell_to_obj(a, out: dict) -> None:
    sales = []
    for s in a.sales:
        d = {"mill": s.mill, "to": s.to}
        if s.mill_space is not None:
            d["mill_space"] = s.mill_space
        if s.port_space is not None:
            d["port_space"] = s.port_space
        if s.tile is not None:
            d["tile"] = s.tile
        sales.append(d)
    out["sales"] = sales


SELL = ActionKind(
    word="sell",
    cls=Sell,
    parse_args=_sell_args,
    format=_sell_format,
    keys=frozenset(("action", "sales", "card", "cards")),
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
            },
        },
        "sale": {
            "type": "object",
            "additionalProperties": False,
            "required": ["mill", "to"],
            "properties": {
                "mill": {
                    "$ref": "#/$defs/name",
                    "description": "The location of the seller's unflipped cotton mill.",
                },
                "to": {
                    "$ref": "#/$defs/name",
                    "description": "A port location, or 'distant' for the Distant Cotton Market.",
                },
                "mill_space": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/space"}]},
                "port_space": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/space"}]},
                "tile": {
                    "oneOf": [
                        {"type": "null"},
                        {"allOf": [{"$ref": "#/$defs/whole_number"}], "minimum": 0, "maximum": 4},
                    ],
                    "description": "The Distant Cotton Market tile drawn (0-4), when known.",
                },
            },
        },
    },
    judge="brass_judge.games.lancashire.sell:judge_sell",
    candidates="brass_judge.games.lancashire.sell:sell_units",
    weight=12.0,
    examples={"usage": "sell bolton>liverpool card=x", "schema": "sell bolton>liverpool card=wigan"},
)

#: Lancashire's kinds in display order (notation, ``brass-judge moves``, the schema).
KINDS = (
    replace(
        BUILD,
        examples={
            "usage": "build cotton@bolton card=bolton",
            "schema": "build cotton@manchester card=manchester",
            "coal": "Locations the coal comes from, in order; market: bought from the Coal Market "
            "(allowed only with no connected mine, Q061).",
            "iron": "Locations the iron comes from, in order; market: bought from the Iron Market "
            "(allowed only with no iron on the board, Q064).",
        },
    ),
    replace(
        NETWORK,
        examples={
            "usage": "network bolton-bury card=x",
            "schema": "network bolton-bury card=oldham",
            "line": "bolton-bury",
        },
    ),
    replace(
        DEVELOP, examples={"usage": "develop coal,iron card=x", "schema": "develop coal,iron card=preston"}
    ),
    SELL,
    replace(LOAN, examples={"usage": "loan 20 card=x", "schema": "loan 20 card=colne"}),
    replace(PASS, examples={"schema": "pass card=colne"}),
)
