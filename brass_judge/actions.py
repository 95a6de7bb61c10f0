"""One registry of action kinds: each kind of action is one :class:`ActionKind` record.

A record carries everything that must change together when a game gains an action: the action's
dataclass, its notation word and how its one-line notation is read (``parse_args``) and written
(``format``), its YAML mapping (``keys``, ``from_obj``, ``to_obj``), its JSON-schema fragment, its
judge, its legal-move candidate generator and its self-play weight. ``notation``, ``action_io``,
``engine``, ``engine.moves`` and ``selfplay`` loop over a game's kinds instead of naming them.

The shared kinds (Build, Network, Develop, Loan, Pass) are defined here; a game's folder lists its
kinds in order (``brass_judge/games/<game>/actions.py``: ``KINDS``), adding its own (Lancashire's
Sell). The order is the display order (``moves``, ``count_by_kind``). Examples shown in messages
and in the schema name places, so they come from the game (``examples``); a shared kind carries
placeholders and the game fills them in with :func:`dataclasses.replace`.

Judges and candidate generators are named as ``"module:function"`` (or given as callables) and
imported on first use, so reading notation never imports the rules engine.

>>> [k.word for k in action_kinds("lancashire")]
['build', 'network', 'develop', 'sell', 'loan', 'pass']
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import UnknownNameError
from .model import Build, Develop, Loan, Network, Pass


@dataclass(frozen=True)
class ActionKind:
    """One kind of action (see the module docstring)."""

    word: str  #: the notation word and the YAML ``action:`` value
    cls: type  #: the action's frozen dataclass (its ``kind`` attribute is ``word``)
    #: ``parse_args(kind, args, obj, err, text)``: fill the YAML mapping *obj* from the notation's
    #: positional words *args* (options ``k=v`` are already in *obj*); raise ``err(msg)`` if unreadable
    parse_args: Callable[..., None]
    #: ``format(kind, action) -> str``: the one-line notation of *action*
    format: Callable[..., str]
    keys: frozenset[str]  #: the keys its YAML mapping may have
    #: ``from_obj(kind, reader) -> action``: build the action from its YAML mapping
    #: (``reader``: :class:`brass_judge.notation.ObjReader`, with the mapping and its helpers)
    from_obj: Callable[..., Any]
    #: ``to_obj(action, out)``: add the action's own keys to its YAML mapping *out* (``action`` and
    #: the card(s) are added by :func:`brass_judge.notation.action_to_obj`)
    to_obj: Callable[..., None]
    schema: Mapping[str, Any]  #: the ``$defs`` of ``schemas/action.schema.json`` this kind adds
    judge: Any  #: ``judge(j, action)``, or ``"module:function"`` naming it
    candidates: Any  #: ``candidates(ctx, max_rail_pairs) -> [(action, ...), ...]``, or its name
    weight: float  #: the self-play policy's base weight for this kind
    two_cards: bool = False  #: whether the action may discard two cards
    #: how many cards the action discards when it names them (Birmingham's Scout: 3); a kind with
    #: ``two_cards`` discards one or two
    discards: int = 1
    #: texts naming the game's places: ``usage`` (the parse error's example), ``schema`` (the
    #: schema's example), and whatever the kind's messages use
    examples: Mapping[str, str] = field(default_factory=dict)

    def judge_fn(self) -> Callable[..., None]:
        fn: Callable[..., None] = _resolve(self.judge)
        return fn

    def candidates_fn(self) -> Callable[..., list[Any]]:
        fn: Callable[..., list[Any]] = _resolve(self.candidates)
        return fn


_RESOLVED: dict[str, Any] = {}


def _resolve(x: Any) -> Any:
    if not isinstance(x, str):
        return x
    fn = _RESOLVED.get(x)
    if fn is None:
        mod, _, attr = x.partition(":")
        fn = _RESOLVED[x] = getattr(importlib.import_module(mod), attr)
    return fn


def action_kinds(game: str = "lancashire") -> tuple[ActionKind, ...]:
    """The action kinds of *game*, in display order (its folder's ``actions.KINDS``)."""
    name = f"brass_judge.games.{game}.actions"
    # Called several times per action read or judged: an imported module is taken from
    # sys.modules directly (import_module's own lookup cost 8 % of a lint; benchmarks/RESULTS.md).
    mod = sys.modules.get(name)
    if mod is None:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError:
            raise ValueError(f"unknown game {game!r}") from None
    return tuple(mod.KINDS)


def kind_named(word: str, game: str = "lancashire") -> ActionKind | None:
    for k in action_kinds(game):
        if k.word == word:
            return k
    return None


def kind_of(action: Any, game: str = "lancashire") -> ActionKind:
    """The kind of *action* (by its class) among *game*'s kinds."""
    k = kinds_by_class(game).get(type(action))
    if k is None:
        raise TypeError(f"not an action of {game}: {action!r}")
    return k


#: game -> [its actions module's name, its ``KINDS`` as last read, class -> kind, class -> (kind,
#: judge) or None until asked]: the engine asks for an action's kind and judge for every action
#: judged; the maps are rebuilt whenever the game's ``KINDS`` is another object
_BY_CLASS: dict[str, list[Any]] = {}


def _class_maps(game: str) -> list[Any]:
    got = _BY_CLASS.get(game)
    if got is not None:
        mod = sys.modules.get(got[0])
        if mod is not None and got[1] is mod.KINDS:
            return got
    kinds = action_kinds(game)
    by_class: dict[type, ActionKind] = {}
    for k in kinds:
        by_class.setdefault(k.cls, k)  # the first kind of a class, as a search in order finds
    name = f"brass_judge.games.{game}.actions"
    got = _BY_CLASS[game] = [name, sys.modules[name].KINDS, by_class, None]
    return got


def kinds_by_class(game: str) -> dict[type, ActionKind]:
    """*game*'s action kinds by their class (the first kind of a class, as a search in order
    finds): what :func:`kind_of` looks in. Read it, do not change it."""
    by_class: dict[type, ActionKind] = _class_maps(game)[2]
    return by_class


def judges_by_class(game: str) -> dict[type, tuple[ActionKind, Callable[..., None]]]:
    """*game*'s action kinds by their class, each with its judge (:meth:`ActionKind.judge_fn`),
    for the engine, which judges every action through it. Read it, do not change it."""
    # asked for every turn judged: the maps kept, while still those of the game's ``KINDS``, are
    # returned without a call to _class_maps
    got = _BY_CLASS.get(game)
    if got is not None and got[3] is not None:
        mod = sys.modules.get(got[0])
        if mod is not None and got[1] is mod.KINDS:
            return got[3]  # type: ignore[no-any-return]
    maps = _class_maps(game)
    judges: dict[type, tuple[ActionKind, Callable[..., None]]] | None = maps[3]
    if judges is None:  # resolved on first use: reading notation never imports the engine
        judges = maps[3] = {c: (k, k.judge_fn()) for c, k in maps[2].items()}
    return judges


def cards_text(action: Any, two: bool = False) -> str:
    """`` card=X`` (or `` cards=X,Y`` when *two* and two cards are named), or ``""``."""
    if not action.cards:
        return ""
    if two and len(action.cards) == 2:
        return " cards=" + ",".join(action.cards)
    card: str = action.cards[0]
    return " card=" + card


# ------------------------------------------------------------------------------ the schema
#: ``$defs`` of the action schema that belong to no kind (the file's own structure).
SHARED_DEFS = (
    "turn",
    "actions",
    "action",
    "notation",
    "action_map",
    "name",
    "names",
    "card",
    "cards",
    "whole_number",
    "space",
    "lines",
    "industries",
)


def _any_case(word: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in word)


def assemble_action_schema(
    base: Mapping[str, Any], kinds: tuple[ActionKind, ...], overrides: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The action schema of *kinds*: *base*'s shared parts (:data:`SHARED_DEFS`) with the
    notation pattern, the ``action_map`` and each kind's fragment worked out from the kinds.
    ``schemas/action.schema.json`` equals this for Lancashire's kinds (a test checks it).
    *overrides* replaces top-level keys of *base* (``$id``, ``title``, ...) and, under ``$defs``,
    shared parts worded for another game (``schemas/action-birmingham.schema.json``)."""
    import copy

    out = copy.deepcopy(dict(base))
    over = dict(overrides or {})
    out.update(copy.deepcopy({k: v for k, v in over.items() if k != "$defs"}))
    defs = {k: v for k, v in out["$defs"].items() if k in SHARED_DEFS}
    defs.update(copy.deepcopy(dict(over.get("$defs", {}))))
    words = [k.word for k in kinds]
    notation = dict(defs["notation"])
    notation["pattern"] = "^\\s*(?:" + "|".join(_any_case(w) for w in words) + ")(?:\\s|;|$)"
    notation["description"] = "e.g. " + ", ".join(f"'{k.examples['schema']}'" for k in kinds) + "."
    defs["notation"] = notation
    forms = {w: [w, w.capitalize(), w.upper()] for w in words}
    defs["action_map"] = {
        "type": "object",
        "required": ["action"],
        "properties": {"action": {"enum": [f[i] for i in range(3) for f in forms.values()]}},
        "allOf": [
            {
                "if": {"required": ["action"], "properties": {"action": {"enum": forms[w]}}},
                "then": {"$ref": f"#/$defs/{w}"},
            }
            for w in words
        ],
    }
    for k in kinds:
        defs.update(_fill(copy.deepcopy(dict(k.schema)), k.examples))
    out["$defs"] = defs
    return out


def _fill(x: Any, examples: Mapping[str, str]) -> Any:
    """*x* with each string ``"{examples:NAME}"`` replaced by the game's text *NAME*."""
    if isinstance(x, dict):
        return {k: _fill(v, examples) for k, v in x.items()}
    if isinstance(x, list):
        return [_fill(v, examples) for v in x]
    if isinstance(x, str) and x.startswith("{examples:") and x.endswith("}"):
        return examples[x[len("{examples:") : -1]]
    return x


# ------------------------------------------------------------------------------ Build
def _build_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if len(args) != 1 or "@" not in args[0]:
        raise err(f"build needs INDUSTRY@LOCATION, e.g. '{kind.examples['usage']}' (got {_q(text)})")
    obj["industry"], obj["location"] = args[0].split("@", 1)


def _build_format(kind: ActionKind, a: Build) -> str:
    s = f"build {a.industry}@{a.location}{cards_text(a, two=True)}"
    if a.space is not None:
        s += f" space={a.space}"
    if a.level is not None:
        s += f" level={a.level}"
    if a.coal_from:
        s += " coal=" + ",".join(a.coal_from)
    if a.iron_from:
        s += " iron=" + ",".join(a.iron_from)
    return s


def _build_from_obj(kind: ActionKind, r: Any) -> Build:
    obj = r.obj
    for req in ("industry", "location"):
        if req not in obj:
            raise r.err(f"a build action needs '{req}'", (req,))
    space = r.integer(obj["space"], ("space",), "space") if "space" in obj else None
    level = r.integer(obj["level"], ("level",), "level") if "level" in obj else None
    if space is not None or level is not None:
        for key, v in (("space", space), ("level", level)):
            if v is not None and v < 0:
                raise r.err(f"{key} must be 0 or more, not {v}", (key,))
    return Build(
        r.name("industry", obj["industry"], ("industry",)),
        r.name("location", obj["location"], ("location",)),
        r.cards(),
        space,
        level,
        r.locs("coal", "coal_from"),
        r.locs("iron", "iron_from"),
    )


def _build_to_obj(a: Build, out: dict[str, Any]) -> None:
    out.update(industry=a.industry, location=a.location)
    if a.space is not None:
        out["space"] = a.space
    if a.level is not None:
        out["level"] = a.level
    if a.coal_from:
        out["coal"] = list(a.coal_from)
    if a.iron_from:
        out["iron"] = list(a.iron_from)


_CARD_PROPS = {"card": {"$ref": "#/$defs/card"}, "cards": {"$ref": "#/$defs/cards"}}

BUILD = ActionKind(
    word="build",
    cls=Build,
    parse_args=_build_args,
    format=_build_format,
    keys=frozenset(
        (
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
        )
    ),
    from_obj=_build_from_obj,
    to_obj=_build_to_obj,
    schema={
        "build": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action", "industry", "location"],
            "properties": {
                "action": True,
                "industry": {"$ref": "#/$defs/name"},
                "location": {"$ref": "#/$defs/name"},
                **_CARD_PROPS,
                "space": {"$ref": "#/$defs/space"},
                "level": {"allOf": [{"$ref": "#/$defs/whole_number"}], "minimum": 0, "maximum": 4},
                "coal": {
                    "$ref": "#/$defs/names",
                    "description": "{examples:coal}",
                },
                "coal_from": {"$ref": "#/$defs/names"},
                "iron": {
                    "$ref": "#/$defs/names",
                    "description": "{examples:iron}",
                },
                "iron_from": {"$ref": "#/$defs/names"},
            },
        }
    },
    judge="brass_judge.engine.build:judge_build",
    candidates="brass_judge.engine.moves:build_units",
    weight=10.0,
    two_cards=True,
)


# ------------------------------------------------------------------------------ Network
def _network_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if args and args[0].lower() in ("canal", "rail"):
        obj["type"] = args.pop(0).lower()
    if len(args) != 1:
        raise err(f"network needs LINE[,LINE], e.g. '{kind.examples['usage']}' (got {_q(text)})")
    obj["lines"] = args[0].split(",")


def _network_format(kind: ActionKind, a: Network) -> str:
    s = (
        "network "
        + (f"{a.link_type} " if a.link_type else "")
        + ",".join(l.replace("~", "-") for l in a.lines)
        + cards_text(a)
    )
    if a.coal_from:
        s += " coal=" + ",".join(a.coal_from)
    return s


def _network_from_obj(kind: ActionKind, r: Any) -> Network:
    obj = r.obj
    k = "lines" if "lines" in obj else "line" if "line" in obj else None
    if k is None:
        raise r.err("a network action needs 'lines' (or 'line')", ("lines",))
    lines = []
    for i, v in enumerate(r.as_list(k)):
        if v is None or isinstance(v, (bool, list, dict)):
            from .schema_check import _kind

            raise r.err(f"expected a line ('from-to', e.g. {kind.examples['line']}), got {_kind(v)}", (k, i))
        try:
            lines.append(r.line(v))
        except UnknownNameError as e:
            raise r.err(e.message, (k, i), suggestions=e.suggestions, code=e.code) from None
    if not 1 <= len(lines) <= 2:
        raise r.err(f"a network action places one or two links, not {len(lines)}", (k,))
    t = obj.get("type")
    if t is not None and str(t).lower() not in ("canal", "rail"):
        raise r.err(f"link type must be canal or rail, not {_q(t)}", ("type",))
    return Network(
        tuple(lines), r.cards(), r.locs("coal", "coal_from"), str(t).lower() if t is not None else None
    )


def _network_to_obj(a: Network, out: dict[str, Any]) -> None:
    out["lines"] = [l.replace("~", "-") for l in a.lines]
    if a.link_type:
        out["type"] = a.link_type
    if a.coal_from:
        out["coal"] = list(a.coal_from)


NETWORK = ActionKind(
    word="network",
    cls=Network,
    parse_args=_network_args,
    format=_network_format,
    keys=frozenset(("action", "line", "lines", "card", "cards", "coal", "coal_from", "type")),
    from_obj=_network_from_obj,
    to_obj=_network_to_obj,
    schema={
        "network": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action"],
            "properties": {
                "action": True,
                "line": {"$ref": "#/$defs/lines"},
                "lines": {"$ref": "#/$defs/lines"},
                **_CARD_PROPS,
                "coal": {"$ref": "#/$defs/names"},
                "coal_from": {"$ref": "#/$defs/names"},
                "type": {"enum": ["canal", "rail", "Canal", "Rail", "CANAL", "RAIL"]},
            },
        }
    },
    judge="brass_judge.engine.links:judge_network",
    candidates="brass_judge.engine.moves:network_units",
    weight=5.0,
    two_cards=True,
)


# ------------------------------------------------------------------------------ Develop
def _develop_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if len(args) != 1:
        raise err(f"develop needs INDUSTRY[,INDUSTRY], e.g. '{kind.examples['usage']}' (got {_q(text)})")
    obj["industries"] = args[0].split(",")


def _develop_format(kind: ActionKind, a: Develop) -> str:
    s = "develop " + ",".join(a.industries) + cards_text(a)
    if a.iron_from:
        s += " iron=" + ",".join(a.iron_from)
    return s


def _develop_from_obj(kind: ActionKind, r: Any) -> Develop:
    obj = r.obj
    k = "industries" if "industries" in obj else "industry" if "industry" in obj else None
    if k is None:
        raise r.err("a develop action needs 'industries' (or 'industry')", ("industries",))
    inds = tuple(r.name("industry", v, (k, i)) for i, v in enumerate(r.as_list(k)))
    if not 1 <= len(inds) <= 2:
        raise r.err(f"Develop removes one or two tiles, not {len(inds)}", (k,))
    return Develop(inds, r.cards(), r.locs("iron", "iron_from"))


def _develop_to_obj(a: Develop, out: dict[str, Any]) -> None:
    out["industries"] = list(a.industries)
    if a.iron_from:
        out["iron"] = list(a.iron_from)


DEVELOP = ActionKind(
    word="develop",
    cls=Develop,
    parse_args=_develop_args,
    format=_develop_format,
    keys=frozenset(("action", "industry", "industries", "card", "cards", "iron", "iron_from")),
    from_obj=_develop_from_obj,
    to_obj=_develop_to_obj,
    schema={
        "develop": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action"],
            "properties": {
                "action": True,
                "industry": {"$ref": "#/$defs/industries"},
                "industries": {"$ref": "#/$defs/industries"},
                **_CARD_PROPS,
                "iron": {"$ref": "#/$defs/names"},
                "iron_from": {"$ref": "#/$defs/names"},
            },
        }
    },
    judge="brass_judge.engine.develop:judge_develop",
    candidates="brass_judge.engine.moves:develop_units",
    weight=1.0,
)


# ------------------------------------------------------------------------------ Loan
def _loan_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if len(args) != 1:
        raise err(f"loan needs an amount, e.g. '{kind.examples['usage']}' (got {_q(text)})")
    obj["amount"] = args[0].lstrip("£")


def _loan_format(kind: ActionKind, a: Loan) -> str:
    return f"loan {a.amount}{cards_text(a)}"


def _one_of(words: list[str]) -> str:
    """ "a, b or c" """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _loan_from_obj(kind: ActionKind, r: Any) -> Loan:
    amounts = r.data.rules.loan_amounts  # the game's loan amounts (its data files)
    if "amount" not in r.obj:
        raise r.err(f"a loan action needs 'amount' ({_one_of([str(a) for a in amounts])})", ("amount",))
    amount = r.integer(r.obj["amount"], ("amount",), "loan amount")
    if amount not in amounts:
        raise r.err(f"a loan is {_one_of([f'£{a}' for a in amounts])}, not £{amount}", ("amount",))
    return Loan(amount, r.cards())


def _loan_to_obj(a: Loan, out: dict[str, Any]) -> None:
    out["amount"] = a.amount


LOAN = ActionKind(
    word="loan",
    cls=Loan,
    parse_args=_loan_args,
    format=_loan_format,
    keys=frozenset(("action", "amount", "card", "cards")),
    from_obj=_loan_from_obj,
    to_obj=_loan_to_obj,
    schema={
        "loan": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action", "amount"],
            "properties": {
                "action": True,
                "amount": {
                    "type": ["integer", "string"],
                    "pattern": "^\\s*(10|20|30)\\s*$",
                    "description": "£10, £20 or £30.",
                    "minimum": 10,
                    "maximum": 30,
                    "multipleOf": 10,
                },
                **_CARD_PROPS,
            },
        }
    },
    judge="brass_judge.engine.loan:judge_loan",
    candidates="brass_judge.engine.moves:loan_units",
    weight=0.3,
)


# ------------------------------------------------------------------------------ Pass
def _pass_args(
    kind: ActionKind, args: list[str], obj: dict[str, Any], err: Callable[..., Exception], text: str
) -> None:
    if args:
        raise err(f"pass takes only card=..., got {_q(' '.join(args))}")


def _pass_format(kind: ActionKind, a: Pass) -> str:
    return "pass" + cards_text(a)


def _pass_from_obj(kind: ActionKind, r: Any) -> Pass:
    return Pass(r.cards())


def _no_keys(a: Any, out: dict[str, Any]) -> None:
    return None


PASS = ActionKind(
    word="pass",
    cls=Pass,
    parse_args=_pass_args,
    format=_pass_format,
    keys=frozenset(("action", "card", "cards")),
    from_obj=_pass_from_obj,
    to_obj=_no_keys,
    schema={
        "pass": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action"],
            "properties": {"action": True, **_CARD_PROPS},
        }
    },
    judge="brass_judge.engine.loan:judge_pass",
    candidates="brass_judge.engine.moves:pass_units",
    weight=0.05,
)

#: The kinds every game shares (a game's ``KINDS`` lists them with its own, in display order).
SHARED_KINDS = (BUILD, NETWORK, DEVELOP, LOAN, PASS)


def _q(x: Any) -> str:
    from .errors import quote

    return quote(x)
