"""Read an action or a turn from a YAML file (``schemas/action.schema.json``) or the command line.

An action file holds one action mapping, a list of actions (a turn), a notation string, or
``{player: NAME, actions: [...]}``. Every action is a mapping or a one-line notation string
(see :mod:`brass_judge.notation`).
"""
from __future__ import annotations

from typing import Optional

from .errors import InputError
from .model import Turn
from .notation import action_from_obj, parse_turn
from .yamlio import Document, load_file


def turn_from_doc(doc: Document, data, root: tuple = ()) -> Turn:
    obj = doc.data
    for p in root:
        obj = obj[p]

    def located(msg, path, **kw):
        kw.setdefault("code", "INP020")
        return doc.error(msg, path, **kw)

    player: Optional[str] = None
    if isinstance(obj, dict) and "actions" in obj:
        extra = [k for k in obj if k not in ("actions", "player", "about")]
        if extra:
            raise located(f"unknown key {extra[0]!r} (a turn has 'player', 'actions' and 'about')", root + (extra[0],))
        player = obj.get("player")
        if player is not None:
            player = str(player)
        items = obj["actions"]
        base = root + ("actions",)
        if not isinstance(items, list):
            items = [items]
            base = root + ("actions",)
            actions = [action_from_obj(items[0], data, located=located, path=base)]
            return Turn(tuple(actions), player)
    elif isinstance(obj, list):
        items, base = obj, root
    else:
        items, base = [obj], None
    if not items:
        raise located("no action given", root)
    if len(items) > 2:
        raise located(f"a turn has at most two actions, not {len(items)}", root)
    actions = []
    for i, it in enumerate(items):
        path = base + (i,) if base is not None else root
        if isinstance(it, str) and ";" in it:
            try:
                actions.extend(parse_turn(it, data).actions)
            except InputError as e:
                raise located(e.message, path, suggestions=e.suggestions) from None
        else:
            actions.append(action_from_obj(it, data, located=located, path=path))
    return Turn(tuple(actions), player)


def load_turn(path: str, data) -> Turn:
    return turn_from_doc(load_file(path, what="action file"), data)


def turn_from_text(text: str, data, player: Optional[str] = None) -> Turn:
    try:
        t = parse_turn(text, data, field="--action")
    except InputError as e:
        e.file = e.file or "--action"
        raise
    return Turn(t.actions, player)
