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

Each game reads its own forms (its kinds, ``brass_judge/games/<game>/actions.py``, chosen by
``data.game``): Brass: Birmingham's are in ``docs/notation-birmingham.md``.

>>> from brass_judge.data import game_data
>>> a = parse_action("build cotton@Warrington card=warrington", game_data())
>>> format_action(a, game_data())
'build cotton_mill@warrington card=warrington'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from .actions import action_kinds, kind_of
from .errors import InputError, NotationError, UnknownNameError, quote
from .games import game_of
from .model import MARKET, Turn


def _words(data) -> tuple:
    """The action words of *data*'s game, in display order (the registry's: brass_judge.actions)."""
    return tuple(k.word for k in action_kinds(game_of(data)))


def __getattr__(name: str):
    # Lancashire's action words (and YAML keys), from the registry of action kinds
    if name == "ACTION_WORDS":
        return tuple(k.word for k in action_kinds("lancashire"))
    if name == "_KEYS":  # the keys of each kind's YAML mapping (the registry's ``keys``)
        return {k.word: set(k.keys) for k in action_kinds("lancashire")}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _err_factory(field: str | None) -> Callable[..., InputError]:
    def make(msg: str, **kw) -> InputError:
        kw.setdefault("field", field)
        return NotationError(msg, **kw)

    return make


def _at_nowhere(msg: str, sub=(), **kw) -> InputError:
    return NotationError(msg, **kw)


# ------------------------------------------------------------------------------ one-line form
def parse_turn(text: str, data, *, field: str | None = None) -> Turn:
    """Parse ``"network a-b card=x; sell ..."`` into a :class:`Turn`."""
    parts = [p.strip() for p in str(text).split(";") if p.strip()]
    if not parts:
        raise NotationError("no action given", field=field)
    return Turn(tuple(parse_action(p, data, field=field) for p in parts))


def parse_action(text: str, data=None, *, field: str | None = None, names: dict | None = None):
    """Parse one action in the one-line notation. *names*: the names already resolved while
    reading the same input (:class:`ObjReader`), when one reader parses many actions."""
    if data is None:
        from .data import game_data

        data = game_data()
    err = _err_factory(field) if field is not None else _at_nowhere
    words = str(text).split()
    if not words:
        raise err("empty action")
    verb = words[0].lower()
    kind = _kinds_by_word(game_of(data)).get(verb)
    if kind is None:
        from .errors import closest

        raise NotationError(
            f"unknown action {quote(words[0])} in {quote(text)}",
            field=field,
            suggestions=closest(verb, _words(data)),
        )
    opts: dict = {}
    args: list = []
    for w in words[1:]:
        if "=" in w:
            k, _, v = w.partition("=")
            k = k.lower()
            if k in opts:
                raise err(f"option {quote(k)} given twice in {quote(text)}")
            opts[k] = v
        else:
            args.append(w)
    obj: dict = {"action": verb}
    for k, v in opts.items():
        obj[k] = v.split(",") if k in _LIST_OPTIONS else v
    kind.parse_args(kind, args, obj, err, text)

    if field is None:
        return _from_mapping(obj, data, _at_nowhere, verb, kind, names)

    def at(msg, sub=(), **kw):  # the notation has no sub-fields: every error is at *field*
        return err(msg, **kw)

    return _from_mapping(obj, data, at, verb, kind, names)


#: the options of the one-line notation that take a comma-separated list
_LIST_OPTIONS = frozenset(("cards", "coal", "iron"))

#: game -> (its folder's actions module, its ``KINDS`` as last read, word -> kind): every
#: action read looks its word up
_BY_WORD: dict[str, tuple[Any, Any, dict]] = {}


def _kinds_by_word(game: str) -> dict:
    """*game*'s action kinds by their word (the first kind of a word, as :func:`kind_named`
    finds it), rebuilt when the game's ``KINDS`` is another object."""
    got = _BY_WORD.get(game)
    if got is not None and got[0].KINDS is got[1]:
        return got[2]
    by_word: dict = {}
    for k in action_kinds(game):  # imports the game's actions module
        by_word.setdefault(k.word, k)
    mod = sys.modules[f"brass_judge.games.{game}.actions"]
    _BY_WORD[game] = (mod, mod.KINDS, by_word)
    return by_word


def _kind_of(action, data):
    """The kind of *action* among the kinds of *data*'s game; with no data, among every game's
    (an action's class names its game: Birmingham's Sell is not Lancashire's)."""
    try:
        return kind_of(action, game_of(data))
    except TypeError:
        if data is not None:
            raise
    from .games import known_games

    for game in known_games():
        try:
            return kind_of(action, game)
        except TypeError:
            continue
    raise TypeError(f"not an action: {quote(action)}")


def format_action(action, data=None) -> str:
    """Write *action* in the one-line notation (the inverse of :func:`parse_action`)."""
    try:
        kind = _kind_of(action, data)
    except TypeError:
        raise TypeError(f"not an action: {quote(action)}") from None
    return kind.format(kind, action)


def format_turn(turn: Turn, data=None) -> str:
    return "; ".join(format_action(a, data) for a in turn.actions)


# ------------------------------------------------------------------------------- YAML form
def action_to_obj(action, data=None) -> dict:
    """The YAML mapping of *action* (the inverse of :func:`action_from_obj`)."""
    out: dict = {"action": action.kind}
    _kind_of(action, data).to_obj(action, out)
    if action.cards:
        if len(action.cards) == 1:
            out["card"] = action.cards[0]
        else:
            out["cards"] = list(action.cards)
    return out


class ObjReader:
    """An action mapping being read, with the helpers each kind's ``from_obj`` uses: names
    resolved against the game data, lists, whole numbers, the card(s) and resource sources.
    ``err(msg, sub=(), **kw)`` makes the error to raise at the sub-field *sub*."""

    __slots__ = ("obj", "data", "err", "verb", "kind", "names")

    def __init__(
        self, obj: dict, data, err: Callable[..., InputError], verb: str, kind, names: dict | None = None
    ) -> None:
        self.obj, self.data, self.err, self.verb, self.kind = obj, data, err, verb, kind
        #: (kind of name, text) -> the key it resolved to, shared by the actions of one input
        #: (a game log names the same few towns and cards in every turn)
        self.names = {} if names is None else names

    def name(self, kind: str, v, sub) -> str:
        if type(v) is str:
            got: str | None = self.names.get((kind, v))
            if got is not None:
                return got
        elif v is None or isinstance(v, (bool, list, dict)):
            from .schema_check import _kind

            raise self.err(f"expected {'an' if kind[0] in 'aeiou' else 'a'} {kind} name, got {_kind(v)}", sub)
        try:
            if kind == "location":
                got = self.data.location(str(v)).key
            elif kind == "industry":
                got = self.data.industry(str(v))
            elif kind == "card":
                got = self.data.card(str(v))
            else:
                raise AssertionError(kind)
        except UnknownNameError as e:
            raise self.err(e.message, sub, suggestions=e.suggestions, code=e.code) from None
        if type(v) is str:
            self.names[kind, v] = got
        return got

    def line(self, v) -> str:
        """The key of the link line named *v* (``bolton-bury``); raises UnknownNameError."""
        if type(v) is str:
            got: str | None = self.names.get(("line", v))
            if got is None:
                got = self.names["line", v] = self.data.parse_line(v).key
            return got
        return self.data.parse_line(str(v)).key

    def as_list(self, key: str) -> list:
        v = self.obj[key]
        if isinstance(v, str):
            return [x for x in v.split(",") if x.strip()] if "," in v else [v]
        if isinstance(v, list):
            return v
        raise self.err(f"{quote(key)} must be a name or a list of names", (key,))

    def integer(self, v, sub, what: str) -> int:
        if isinstance(v, bool):
            raise self.err(f"{what} must be a whole number, not {quote(v)}", sub)
        try:
            return int(str(v).strip())
        except ValueError:
            raise self.err(f"{what} must be a whole number, not {quote(v)}", sub) from None

    def cards(self) -> tuple:
        obj, err = self.obj, self.err
        if "cards" not in obj and self.kind.discards == 1:
            # the usual case, one card named with 'card': every check below passes
            c = obj.get("card")
            if type(c) is str:
                return (self.name("card", c, ("card",)),)
        if "card" in obj and "cards" in obj:
            raise err("give either 'card' or 'cards', not both", ("cards",))
        if "cards" in obj:
            cards = tuple(self.name("card", c, ("cards", i)) for i, c in enumerate(self.as_list("cards")))
        elif "card" in obj:
            if isinstance(obj["card"], list):
                raise err(self._card_list_text(), ("card",))
            cards = (self.name("card", obj["card"], ("card",)),)
        else:
            cards = ()
        n = self.kind.discards
        if n != 1:  # an action that discards several cards (Birmingham's Scout: three)
            if cards and len(cards) != n:
                raise err(
                    f"a {self.verb} action discards {n} cards (this action's card and {n - 1} more), "
                    f"not {len(cards)}: write cards={','.join('ABCDEFGH'[:n])}",
                    ("cards",),
                )
            return cards
        one = self.kind.examples.get("one_card")  # the game words it (no Double Action Build)
        if one is not None and len(cards) > 1:
            raise err(f"{one}, not {len(cards)}", ("cards",))
        if len(cards) > 2:
            raise err(
                f"an action discards one card (two for a Double Action Build), not {len(cards)}", ("cards",)
            )
        if len(cards) == 2 and not self.kind.two_cards:
            raise err(
                f"only a Double Action Build discards two cards; a {self.verb} action discards one",
                ("cards",),
            )
        return cards

    def _card_list_text(self) -> str:
        several = [k for k in action_kinds(game_of(self.data)) if k.discards > 1]
        if self.kind.two_cards or not several:
            return "'card' takes one card; use 'cards' for a Double Action Build"
        return f"'card' takes one card; use 'cards' for the {several[0].discards} cards of {several[0].word.capitalize()}"

    def locs(self, key_a: str, key_b: str):
        obj = self.obj
        k = key_a if key_a in obj else key_b if key_b in obj else None
        if k is None:
            return None
        # "market": the cube is bought from the Coal or Iron Market (judged by the rules)
        out = []
        for i, v in enumerate(self.as_list(k)):
            if isinstance(v, str) and v.strip().lower() == MARKET:
                out.append(MARKET)
                continue
            try:
                out.append(self.name("location", v, (k, i)))
            except InputError as e:
                from .errors import closest

                if isinstance(v, str) and closest(v.strip(), [MARKET]):  # 'markt', 'mkt'
                    e.suggestions = (MARKET,) + tuple(x for x in e.suggestions if x != MARKET)
                raise
        return tuple(out)


def action_from_obj(
    obj: Any,
    data,
    *,
    err: Callable[..., InputError] | None = None,
    located: Callable[[str, tuple], InputError] | None = None,
    path: tuple = (),
    names: dict | None = None,
):
    """Build an action from its YAML mapping (or a notation string). *names*: as for
    :func:`parse_action`."""
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
            return parse_action(obj, data, names=names)
        except InputError as e:
            raise err(e.message, (), suggestions=e.suggestions, code=e.code) from None
    if not isinstance(obj, dict):
        from .schema_check import _kind

        raise err(f"an action must be a mapping or a notation string, not {_kind(obj)}")
    if obj.get("action") is None:
        raise err(f"an action mapping needs 'action': one of {', '.join(_words(data))}", ("action",))
    verb = str(obj.get("action", "")).lower()
    kind = _kinds_by_word(game_of(data)).get(verb)
    if kind is None:
        from .errors import closest

        words = _words(data)
        raise err(
            f"unknown action {quote(obj.get('action'))}; expected one of {', '.join(words)}",
            ("action",),
            suggestions=closest(verb, words) if verb else (),
        )
    return _from_mapping(obj, data, err, verb, kind, names)


def _from_mapping(
    obj: dict, data, err: Callable[..., InputError], verb: str, kind, names: dict | None = None
):
    """The action of the mapping *obj* of the kind *kind* (named *verb*): its keys checked, then
    read by the kind's ``from_obj``."""
    allowed = kind.keys
    if not obj.keys() <= allowed:
        for k in obj:
            if k not in allowed:
                from .errors import closest

                raise err(
                    f"unknown key {quote(k)} for a {verb} action", (k,), suggestions=closest(str(k), allowed)
                )
    return kind.from_obj(kind, ObjReader(obj, data, err, verb, kind, names))
