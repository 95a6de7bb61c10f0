"""``PlayerState.copy`` and ``Position.copy`` set the fields one by one (a copy is made for every
action judged, and of every player in it): they must copy every field of every player and position
class, and no more share than they did."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import EXAMPLES

from brass_judge.data import game_data
from brass_judge.games import replay
from brass_judge.games.birmingham.model import BirminghamPlayer, BirminghamPosition
from brass_judge.model import PlayerState, Position, Tile


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


# ---------------------------------------------------------------------------------- positions
def _position_classes() -> list[type]:
    out, todo = [], [Position]
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    return out


def test_every_position_class_is_known():
    assert BirminghamPosition in _position_classes()


#: the fields a copy gives a value of its own (the others are the original's, shared)
_OWN = {"player", "tiles", "markets", "_owned", "_own_players"}


@pytest.mark.parametrize("cls", _position_classes(), ids=lambda c: c.__name__)
def test_position_copy_copies_every_field(cls):
    """``Position.copy`` sets the fields one by one, as ``PlayerState.copy`` does: every field of
    every position class must be copied (a game's class copies its own fields)."""
    pos = cls(players=["red"], player={"red": PlayerState(name="red")})
    for i, f in enumerate(dataclasses.fields(cls)):
        if f.name not in ("players", "player", "tiles", "markets", "_own_players", "_tile_index"):
            setattr(pos, f.name, object() if f.name != "_owned" else {i})  # a value no default has
    c = pos.copy()
    assert type(c) is cls and c is not pos
    for f in dataclasses.fields(cls):
        if f.name in ("_own_players", "_tile_index"):
            continue  # checked below, and by test_the_tile_index_follows_every_change_of_the_board
        if f.name in _OWN:
            assert getattr(c, f.name) is not getattr(pos, f.name), f.name
        else:
            assert getattr(c, f.name) is getattr(pos, f.name), f.name
    assert c.player == pos.player and c.tiles == pos.tiles and c.markets == pos.markets
    assert c._owned == set()
    # the player states are shared copy-on-write: neither position owns them any more
    assert c._own_players == pos._own_players == frozenset()
    # the same attributes as the position copied (an attribute set only on the original would be lost)
    assert set(vars(c)) == set(vars(pos))


def _index_agrees(pos):
    """Position.tiles_of / tiles_at answer what a scan of the board's tiles answers."""
    for ind in {t.industry for t in pos.tiles} | {"nothing"}:
        assert list(pos.tiles_of(ind)) == [t for t in pos.tiles if t.industry == ind]
        assert all(a is b for a, b in zip(pos.tiles_of(ind), [t for t in pos.tiles if t.industry == ind]))
    for loc in {t.location for t in pos.tiles} | {"nowhere"}:
        got, want = pos.tiles_at(loc), [t for t in pos.tiles if t.location == loc]
        assert len(got) == len(want) and all(a is b for a, b in zip(got, want))


def test_the_tile_index_follows_every_change_of_the_board():
    """The board's tiles by industry and location (kept between questions) follow every change:
    a tile placed, taken over by a copy-on-write copy, removed, the list replaced; and a copy and
    its original never see each other's changes."""
    res = replay(str(EXAMPLES / "games" / "4p-full.yaml"), data=game_data(), stop_before=45)
    pos = res.position
    assert len(pos.tiles) > 5
    _index_agrees(pos)  # (the index is made here)
    first = pos.tiles[0]
    copy = pos.copy()
    _index_agrees(copy)
    # a tile placed on the copy: not on the original
    new = Tile(first.location, 9, "red", first.industry, 1, False, 0)
    copy.add_tile(new)
    _index_agrees(copy)
    _index_agrees(pos)

    def has(tiles, t):  # (by identity: a tile's copy is equal to it)
        return any(x is t for x in tiles)

    assert has(copy.tiles_of(first.industry), new) and not has(pos.tiles_of(first.industry), new)
    # a tile the copy changes is the copy's own: in its index, the original keeps its own
    mine = copy.own_tile(first)
    assert mine is not first and has(copy.tiles_at(first.location), mine)
    assert not has(copy.tiles_at(first.location), first)
    assert has(pos.tiles_at(first.location), first) and not has(pos.tiles_at(first.location), mine)
    _index_agrees(copy)
    # placed on the original after the copy was made: not on the copy
    other = Tile(first.location, 8, "blue", first.industry, 1, False, 0)
    pos.add_tile(other)
    _index_agrees(pos)
    _index_agrees(copy)
    assert not has(copy.tiles_of(first.industry), other)
    # removed, then another placed (the same number of tiles as before)
    copy.remove_tile(new)
    copy.add_tile(Tile(first.location, 7, "green", first.industry, 1, False, 0))
    _index_agrees(copy)
    # the list replaced (as an era's end does), and changed in place by a caller
    pos.tiles = [t for t in pos.tiles if t.level != 1]
    _index_agrees(pos)
    pos.tiles.append(other)
    _index_agrees(pos)


@pytest.mark.parametrize(
    "path", ["games/4p-full.yaml", "birmingham/games/4p-full.yaml"], ids=["lancashire", "birmingham"]
)
def test_positions_of_a_game_hold_only_their_fields(path):
    """Nothing in the engine sets an attribute on a position that is not one of its fields (a copy,
    field by field, would drop it)."""
    seen = []

    def on_turn_end(turn, pos):
        names = {f.name for f in dataclasses.fields(pos)}
        assert set(vars(pos)) <= names, set(vars(pos)) - names
        assert set(vars(pos.copy())) == set(vars(pos))
        seen.append(turn)

    res = replay(str(EXAMPLES / path), data=game_data(), on_turn_end=on_turn_end)
    assert res.ok and len(seen) == res.turns > 0


def test_player_states_are_copied_when_first_changed():
    p = PlayerState(name="red", hand=["a"])
    pos = Position(players=["red", "blue"], player={"red": p, "blue": PlayerState(name="blue")})
    assert pos.own_player("red") is p  # a position made afresh owns its states
    c = pos.copy()
    assert c.player["red"] is p and c.player["blue"] is pos.player["blue"]  # shared until changed
    mine = c.own_player("red")
    assert mine is not p and mine == p and c.player["red"] is mine and c.own_player("red") is mine
    mine.money += 5
    assert p.money == 30 and pos.player["red"] is p
    # the original shares its states with the copy, so it copies before changing one too
    theirs = pos.own_player("blue")
    assert theirs is not c.player["blue"] and pos.own_player("red") is not p


def test_own_players_copies_every_shared_state_once():
    red, blue = PlayerState(name="red"), PlayerState(name="blue")
    pos = Position(players=["red", "blue"], player={"red": red, "blue": blue})
    c = pos.copy()
    mine = c.own_player("red")
    player = c.own_players()
    assert player is c.player and player["red"] is mine  # already owned: kept
    assert player["blue"] is not blue and player["blue"] == blue
    assert c.own_player("blue") is player["blue"] and c.own_players()["blue"] is player["blue"]
    assert pos.player == {"red": red, "blue": blue}


@pytest.mark.parametrize(
    "path", ["games/4p-full.yaml", "birmingham/games/4p-full.yaml"], ids=["lancashire", "birmingham"]
)
def test_the_tile_index_agrees_with_the_board_all_through_a_replay(path):
    """A replay changes its one position in place, action after action (builds, overbuilds, cubes
    taken, flips, an era's end): at every seventh action the index kept through all of it answers
    what a scan of the board answers, and so does every position a replay with a hook hands out."""
    data = game_data()
    full = replay(str(EXAMPLES / path), data=data)
    assert full.ok and full.actions > 50
    for stop in [*range(3, full.actions, 7), full.actions]:
        res = replay(str(EXAMPLES / path), data=data, stop_before=stop)
        assert res.ok
        _index_agrees(res.position)
    turns = []

    def on_turn_end(turn, pos):
        _index_agrees(pos)
        turns.append(turn)

    assert replay(str(EXAMPLES / path), data=data, on_turn_end=on_turn_end).ok and turns
