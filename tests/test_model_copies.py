"""``PlayerState.copy`` sets the fields one by one (a copy is made for every player of every
action judged): it must copy every field of every player class, and no more share than it did."""

from __future__ import annotations

import dataclasses

import pytest

from brass_judge.games.birmingham.model import BirminghamPlayer
from brass_judge.model import PlayerState


def _player_classes() -> list[type]:
    out, todo = [], [PlayerState]
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    return out


def _filled(cls: type) -> PlayerState:
    """A player state of *cls* with every field but the sharing flag away from its default."""
    p = cls(name="red")
    for i, f in enumerate(dataclasses.fields(cls)):
        value = getattr(p, f.name)
        if f.name in ("name", "_mat_shared"):
            continue
        if isinstance(value, bool):
            new = not value
        elif isinstance(value, int):
            new = 100 + i
        elif f.name == "mat":
            new = {"coal_mine": {1: 2}}
        elif f.name == "links_left":
            new = 7
        else:  # hand, discard
            new = [f"card-{i}"]
        setattr(p, f.name, new)
    return p


def test_every_player_class_is_known():
    assert BirminghamPlayer in _player_classes()


@pytest.mark.parametrize("cls", _player_classes(), ids=lambda c: c.__name__)
def test_copy_copies_every_field(cls):
    p = _filled(cls)
    for f in dataclasses.fields(cls):
        if f.name not in ("name", "_mat_shared"):
            assert getattr(p, f.name) != getattr(cls(name="red"), f.name), (
                f"_filled leaves {f.name} at its default"
            )
    c = p.copy()
    assert type(c) is cls and c is not p and c == p
    for f in dataclasses.fields(cls):
        if f.name != "_mat_shared":
            assert getattr(c, f.name) == getattr(p, f.name), f.name
    # the same attributes as the state copied (a field set only on the original would be lost)
    assert set(vars(c)) == set(vars(p)) | {"_mat_shared"}
    # the mat is shared copy-on-write: the copy must own it before changing it
    assert c._mat_shared and c.own_mat() is not p.mat and c.mat == p.mat
    c.money += 1
    assert p.money != c.money


def test_copy_of_a_state_without_a_mat_keeps_its_sharing_flag():
    p = PlayerState(name="red")
    assert not p.copy()._mat_shared
    p.mat = {"coal_mine": {1: 2}}
    assert p.copy()._mat_shared
