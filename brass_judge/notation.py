"""Actions as one-line notation and as YAML mappings (the two forms map 1:1).

One-line notation (case-insensitive; a turn's actions are separated by ``;``)::

    build cotton@manchester card=manchester [space=N] [level=N] [coal=wigan,bolton] [iron=bolton]
    build iron@bolton card=bolton coal=market                # coal=market / iron=market: buy it
    build port@liverpool cards=bolton,wigan                  # Double Action Build (both actions)
    network bolton-bury card=oldham                          # one canal (Canal Era) or rail
    network rail bolton-bury,bury-rochdale card=oldham [coal=wigan]
    develop coal,iron card=preston [iron=bolton]
    sell bolton>liverpool manchester>distant:2 card=wigan    # mill location > port location or distant
    sell bolton#1>preston#0 card=wigan                       # #N names a space when needed
    loan 20 card=colne
    pass card=colne

YAML form of the same actions::

    {action: build, industry: cotton, location: manchester, card: manchester, space: 1}
    {action: build, industry: port, location: liverpool, cards: [bolton, wigan]}
    {action: network, lines: [bolton-bury, bury-rochdale], card: oldham}
    {action: develop, industries: [coal, iron], card: preston}
    {action: sell, card: wigan, sales: [{mill: bolton, to: liverpool}, {mill: manchester, to: distant, tile: 2}]}
    {action: loan, amount: 20, card: colne}
    {action: pass, card: colne}

>>> from brass_judge.data import game_data
>>> a = parse_action("build cotton@Warrington card=warrington", game_data())
>>> format_action(a, game_data())
'build cotton_mill@warrington card=warrington'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import InputError, NotationError, UnknownNameError, quote
from .model import DISTANT, MARKET, Build, Develop, Loan, Network, Pass, Sale, Sell, Turn

ACTION_WORDS = ("build", "network", "develop", "sell", "loan", "pass")
_DISTANT_WORDS = {"distant", "dcm", "distant-cotton-market", "distant_cotton_market", "market"}


def _err_factory(field: str | None) -> Callable[..., InputError]:
    def make(msg: str, **kw) -> InputError:
        kw.setdefault("field", field)
        return NotationError(msg, **kw)

    return make


# ------------------------------------------------------------------------------ one-line form
def parse_turn(text: str, data, *, field: str | None = None) -> Turn:
    """Parse ``"network a-b card=x; sell ..."`` into a :class:`Turn`."""
    parts = [p.strip() for p in str(text).split(";") if p.strip()]
    if not parts:
        raise NotationError("no action given", field=field)
    return Turn(tuple(parse_action(p, data, field=field) for p in parts))


def parse_action(text: str, data=None, *, field: str | None = None):
    """Parse one action in the one-line notation."""
    if data is None:
        from .data import game_data

        data = game_data()
    err = _err_factory(field)
    words = str(text).strip().split()
    if not words:
        raise err("empty action")
    verb = words[0].lower()
    if verb not in ACTION_WORDS:
        from .errors import closest

        raise NotationError(
            f"unknown action {quote(words[0])} in {quote(text)}",
            field=field,
            suggestions=closest(verb, ACTION_WORDS),
        )
    opts: dict = {}
    args: list = []
    for w in words[1:]:
        if "=" in w:
            k, v = w.split("=", 1)
            k = k.lower()
            if k in opts:
                raise err(f"option {quote(k)} given twice in {quote(text)}")
            opts[k] = v
        else:
            args.append(w)
    obj: dict = {"action": verb}
    for k, v in opts.items():
        obj[k] = v.split(",") if k in ("cards", "coal", "iron") else v
    if verb == "build":
        if len(args) != 1 or "@" not in args[0]:
            raise err(
                f"build needs INDUSTRY@LOCATION, e.g. 'build cotton@bolton card=bolton' (got {quote(text)})"
            )
        ind, loc = args[0].split("@", 1)
        obj["industry"], obj["location"] = ind, loc
    elif verb == "network":
        if args and args[0].lower() in ("canal", "rail"):
            obj["type"] = args.pop(0).lower()
        if len(args) != 1:
            raise err(f"network needs LINE[,LINE], e.g. 'network bolton-bury card=x' (got {quote(text)})")
        obj["lines"] = args[0].split(",")
    elif verb == "develop":
        if len(args) != 1:
            raise err(
                f"develop needs INDUSTRY[,INDUSTRY], e.g. 'develop coal,iron card=x' (got {quote(text)})"
            )
        obj["industries"] = args[0].split(",")
    elif verb == "sell":
        if not args:
            raise err(
                f"sell needs at least one MILL>DESTINATION, e.g. 'sell bolton>liverpool card=x' (got {quote(text)})"
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
    elif verb == "loan":
        if len(args) != 1:
            raise err(f"loan needs an amount, e.g. 'loan 20 card=x' (got {quote(text)})")
        obj["amount"] = args[0].lstrip("£")
    elif verb == "pass":
        if args:
            raise err(f"pass takes only card=..., got {quote(' '.join(args))}")
    return action_from_obj(obj, data, err=err)


def format_action(action, data=None) -> str:
    """Write *action* in the one-line notation (the inverse of :func:`parse_action`)."""

    def cards() -> str:
        if not action.cards:
            return ""
        if len(action.cards) == 2 and isinstance(action, Build):
            return " cards=" + ",".join(action.cards)
        return " card=" + action.cards[0]

    if isinstance(action, Build):
        s = f"build {action.industry}@{action.location}{cards()}"
        if action.space is not None:
            s += f" space={action.space}"
        if action.level is not None:
            s += f" level={action.level}"
        if action.coal_from:
            s += " coal=" + ",".join(action.coal_from)
        if action.iron_from:
            s += " iron=" + ",".join(action.iron_from)
        return s
    if isinstance(action, Network):
        s = (
            "network "
            + (f"{action.link_type} " if action.link_type else "")
            + ",".join(l.replace("~", "-") for l in action.lines)
            + cards()
        )
        if action.coal_from:
            s += " coal=" + ",".join(action.coal_from)
        return s
    if isinstance(action, Develop):
        s = "develop " + ",".join(action.industries) + cards()
        if action.iron_from:
            s += " iron=" + ",".join(action.iron_from)
        return s
    if isinstance(action, Sell):
        parts = []
        for sale in action.sales:
            m = sale.mill + (f"#{sale.mill_space}" if sale.mill_space is not None else "")
            d = sale.to + (f"#{sale.port_space}" if sale.port_space is not None else "")
            if sale.tile is not None:
                d += f":{sale.tile}"
            parts.append(f"{m}>{d}")
        return "sell " + " ".join(parts) + cards()
    if isinstance(action, Loan):
        return f"loan {action.amount}{cards()}"
    if isinstance(action, Pass):
        return "pass" + cards()
    raise TypeError(f"not an action: {quote(action)}")


def format_turn(turn: Turn, data=None) -> str:
    return "; ".join(format_action(a, data) for a in turn.actions)


# ------------------------------------------------------------------------------- YAML form
_KEYS = {
    "build": {
        "action",
        "industry",
        "location",
        "card",
        "cards",
        "space",
        "level",
        "coal",
        "iron",
        "coal_from",
        "iron_from",
    },
    "network": {"action", "line", "lines", "card", "cards", "coal", "coal_from", "type"},
    "develop": {"action", "industry", "industries", "card", "cards", "iron", "iron_from"},
    "sell": {"action", "sales", "card", "cards"},
    "loan": {"action", "amount", "card", "cards"},
    "pass": {"action", "card", "cards"},
}
_SALE_KEYS = {"mill", "to", "mill_space", "port_space", "tile"}


def action_to_obj(action) -> dict:
    """The YAML mapping of *action* (the inverse of :func:`action_from_obj`)."""
    out: dict = {"action": action.kind}
    if isinstance(action, Build):
        out.update(industry=action.industry, location=action.location)
        if action.space is not None:
            out["space"] = action.space
        if action.level is not None:
            out["level"] = action.level
        if action.coal_from:
            out["coal"] = list(action.coal_from)
        if action.iron_from:
            out["iron"] = list(action.iron_from)
    elif isinstance(action, Network):
        out["lines"] = [l.replace("~", "-") for l in action.lines]
        if action.link_type:
            out["type"] = action.link_type
        if action.coal_from:
            out["coal"] = list(action.coal_from)
    elif isinstance(action, Develop):
        out["industries"] = list(action.industries)
        if action.iron_from:
            out["iron"] = list(action.iron_from)
    elif isinstance(action, Sell):
        sales = []
        for s in action.sales:
            d = {"mill": s.mill, "to": s.to}
            if s.mill_space is not None:
                d["mill_space"] = s.mill_space
            if s.port_space is not None:
                d["port_space"] = s.port_space
            if s.tile is not None:
                d["tile"] = s.tile
            sales.append(d)
        out["sales"] = sales
    elif isinstance(action, Loan):
        out["amount"] = action.amount
    if action.cards:
        if len(action.cards) == 1:
            out["card"] = action.cards[0]
        else:
            out["cards"] = list(action.cards)
    return out


def _one_of(words: list) -> str:
    """ "a, b or c" """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def action_from_obj(
    obj: Any,
    data,
    *,
    err: Callable[..., InputError] | None = None,
    located: Callable[[str, tuple], InputError] | None = None,
    path: tuple = (),
):
    """Build an action from its YAML mapping (or a notation string)."""
    if data is None:
        from .data import game_data

        data = game_data()
    if located is not None:

        def err(msg, sub=(), **kw):  # noqa: F811
            return located(msg, path + tuple(sub), **kw)
    elif err is None:
        base = _err_factory(None)

        def err(msg, sub=(), **kw):  # noqa: F811
            return base(msg, **kw)
    else:
        base_err = err

        def err(msg, sub=(), **kw):  # noqa: F811
            return base_err(msg, **kw)

    if isinstance(obj, str):
        try:
            return parse_action(obj, data)
        except InputError as e:
            raise err(e.message, (), suggestions=e.suggestions, code=e.code) from None
    if not isinstance(obj, dict):
        from .schema_check import _kind

        raise err(f"an action must be a mapping or a notation string, not {_kind(obj)}")
    if obj.get("action") is None:
        raise err(f"an action mapping needs 'action': one of {', '.join(ACTION_WORDS)}", ("action",))
    verb = str(obj.get("action", "")).lower()
    if verb not in ACTION_WORDS:
        from .errors import closest

        raise err(
            f"unknown action {quote(obj.get('action'))}; expected one of {', '.join(ACTION_WORDS)}",
            ("action",),
            suggestions=closest(verb, ACTION_WORDS) if verb else (),
        )
    allowed = _KEYS[verb]
    for k in obj:
        if k not in allowed:
            from .errors import closest

            raise err(
                f"unknown key {quote(k)} for a {verb} action", (k,), suggestions=closest(str(k), allowed)
            )

    def name(kind: str, v, sub) -> str:
        if v is None or isinstance(v, (bool, list, dict)):
            from .schema_check import _kind

            raise err(f"expected {'an' if kind[0] in 'aeiou' else 'a'} {kind} name, got {_kind(v)}", sub)
        try:
            if kind == "location":
                return data.location(str(v)).key
            if kind == "industry":
                return data.industry(str(v))
            if kind == "card":
                return data.card(str(v))
        except UnknownNameError as e:
            raise err(e.message, sub, suggestions=e.suggestions, code=e.code) from None
        raise AssertionError(kind)

    def as_list(key: str) -> list:
        v = obj[key]
        if isinstance(v, str):
            return [x for x in v.split(",") if x.strip()] if "," in v else [v]
        if isinstance(v, list):
            return v
        raise err(f"{quote(key)} must be a name or a list of names", (key,))

    def integer(v, sub, what: str) -> int:
        if isinstance(v, bool):
            raise err(f"{what} must be a whole number, not {quote(v)}", sub)
        try:
            return int(str(v).strip())
        except ValueError:
            raise err(f"{what} must be a whole number, not {quote(v)}", sub) from None

    def get_cards() -> tuple:
        if "card" in obj and "cards" in obj:
            raise err("give either 'card' or 'cards', not both", ("cards",))
        if "cards" in obj:
            cards = tuple(name("card", c, ("cards", i)) for i, c in enumerate(as_list("cards")))
        elif "card" in obj:
            if isinstance(obj["card"], list):
                raise err("'card' takes one card; use 'cards' for a Double Action Build", ("card",))
            cards = (name("card", obj["card"], ("card",)),)
        else:
            cards = ()
        if len(cards) > 2:
            raise err(
                f"an action discards one card (two for a Double Action Build), not {len(cards)}", ("cards",)
            )
        if len(cards) == 2 and verb not in ("build", "network"):
            raise err(
                f"only a Double Action Build discards two cards; a {verb} action discards one", ("cards",)
            )
        return cards

    def locs(key_a: str, key_b: str):
        k = key_a if key_a in obj else key_b if key_b in obj else None
        if k is None:
            return None
        # "market": the cube is bought from the Coal or Iron Market (judged by the rules: Q061, Q064)
        out = []
        for i, v in enumerate(as_list(k)):
            if isinstance(v, str) and v.strip().lower() == MARKET:
                out.append(MARKET)
                continue
            try:
                out.append(name("location", v, (k, i)))
            except InputError as e:
                from .errors import closest

                if isinstance(v, str) and closest(v.strip(), [MARKET]):  # 'markt', 'mkt'
                    e.suggestions = (MARKET,) + tuple(x for x in e.suggestions if x != MARKET)
                raise
        return tuple(out)

    if verb == "build":
        for req in ("industry", "location"):
            if req not in obj:
                raise err(f"a build action needs '{req}'", (req,))
        space = integer(obj["space"], ("space",), "space") if "space" in obj else None
        level = integer(obj["level"], ("level",), "level") if "level" in obj else None
        for key, v in (("space", space), ("level", level)):
            if v is not None and v < 0:
                raise err(f"{key} must be 0 or more, not {v}", (key,))
        return Build(
            name("industry", obj["industry"], ("industry",)),
            name("location", obj["location"], ("location",)),
            get_cards(),
            space,
            level,
            locs("coal", "coal_from"),
            locs("iron", "iron_from"),
        )
    if verb == "network":
        k = "lines" if "lines" in obj else "line" if "line" in obj else None
        if k is None:
            raise err("a network action needs 'lines' (or 'line')", ("lines",))
        lines = []
        for i, v in enumerate(as_list(k)):
            if v is None or isinstance(v, (bool, list, dict)):
                from .schema_check import _kind

                raise err(f"expected a line ('from-to', e.g. bolton-bury), got {_kind(v)}", (k, i))
            try:
                lines.append(data.parse_line(str(v)).key)
            except UnknownNameError as e:
                raise err(e.message, (k, i), suggestions=e.suggestions, code=e.code) from None
        if not 1 <= len(lines) <= 2:
            raise err(f"a network action places one or two links, not {len(lines)}", (k,))
        t = obj.get("type")
        if t is not None and str(t).lower() not in ("canal", "rail"):
            raise err(f"link type must be canal or rail, not {quote(t)}", ("type",))
        return Network(
            tuple(lines), get_cards(), locs("coal", "coal_from"), str(t).lower() if t is not None else None
        )
    if verb == "develop":
        k = "industries" if "industries" in obj else "industry" if "industry" in obj else None
        if k is None:
            raise err("a develop action needs 'industries' (or 'industry')", ("industries",))
        inds = tuple(name("industry", v, (k, i)) for i, v in enumerate(as_list(k)))
        if not 1 <= len(inds) <= 2:
            raise err(f"Develop removes one or two tiles, not {len(inds)}", (k,))
        return Develop(inds, get_cards(), locs("iron", "iron_from"))
    if verb == "sell":
        raw = obj.get("sales")
        if not isinstance(raw, list) or not raw:
            raise err(
                "a sell action needs 'sales': a list of {mill: LOCATION, to: PORT_LOCATION or distant}",
                ("sales",),
            )
        sales = []
        for i, s in enumerate(raw):
            if not isinstance(s, dict):
                raise err(
                    "each sale is a mapping {mill: LOCATION, to: PORT_LOCATION or distant}", ("sales", i)
                )
            for key in s:
                if key not in _SALE_KEYS:
                    from .errors import closest

                    raise err(
                        f"unknown key {quote(key)} in a sale",
                        ("sales", i, key),
                        suggestions=closest(str(key), _SALE_KEYS),
                    )
            if "mill" not in s or "to" not in s:
                raise err(
                    "a sale needs 'mill' (the mill's location) and 'to' (a port location or distant)",
                    ("sales", i),
                )
            mill = name("location", s["mill"], ("sales", i, "mill"))
            dest_raw = str(s["to"]).strip().lower()
            dest = DISTANT if dest_raw in _DISTANT_WORDS else name("location", s["to"], ("sales", i, "to"))
            tile = None
            if s.get("tile") is not None:
                tile = integer(s["tile"], ("sales", i, "tile"), "tile")
                if dest != DISTANT:
                    raise err("'tile' is only for a sale to the Distant Cotton Market", ("sales", i, "tile"))
                if not 0 <= tile <= 4:
                    raise err(f"Distant Cotton Market tiles show 0 to 4, not {tile}", ("sales", i, "tile"))
            ms = (
                integer(s["mill_space"], ("sales", i, "mill_space"), "mill_space")
                if s.get("mill_space") is not None
                else None
            )
            ps = (
                integer(s["port_space"], ("sales", i, "port_space"), "port_space")
                if s.get("port_space") is not None
                else None
            )
            sales.append(Sale(mill, dest, ms, ps, tile))
        return Sell(tuple(sales), get_cards())
    if verb == "loan":
        amounts = data.rules.loan_amounts  # the game's loan amounts (its data files)
        if "amount" not in obj:
            raise err(f"a loan action needs 'amount' ({_one_of([str(a) for a in amounts])})", ("amount",))
        amount = integer(obj["amount"], ("amount",), "loan amount")
        if amount not in amounts:
            raise err(f"a loan is {_one_of([f'£{a}' for a in amounts])}, not £{amount}", ("amount",))
        return Loan(amount, get_cards())
    return Pass(get_cards())
