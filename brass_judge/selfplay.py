"""Self-play: a whole game (both eras) played by random legal choices, written as a game log.

The players choose among legal actions only (:func:`brass_judge.engine.moves.sample_moves`,
confirmed by the engine), with a simple policy so that games have content: an action type is drawn
by weight among the types with a legal action, then up to 32 actions of that type at random,
keeping the one that leaves the player best off. What a game's players prefer is its policy,
``brass_judge/games/<game>/policy.py`` (:func:`policy_of`): the weights of the action types
(``weights``), the worth of a position (``value``) and the game's own touches to the chosen action
before it is logged (``finish``: the card discarded drawn from the hand, chance stated). This
module is the loop every game shares; it names no game.

The game flow (setup, end of turn, round and era, scoring) is :mod:`brass_judge.engine.flow`,
driven by ``random.Random(seed)``; the players' choices use a separate generator seeded from the
same seed, so the seed alone reproduces the game. The log (:mod:`brass_judge.gamelog`) records the
explicit card orders and every chance the game draws, and ``shortfalls:`` names the tiles removed
to pay negative income, so ``games.replay`` reproduces the game exactly. (Where two coal mines are
equally close the engine's default pick is used, on play and on replay alike; replay lists it as
an assumption.)

:class:`Ledger` checks the conservation invariants after every step (used by the tests and by
``brass-judge selfplay --check``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Seat names by player count (seat order).
NAMES = ("red", "blue", "green", "yellow")


def base_weights(game: str = "lancashire") -> dict:
    """The base weight of each action type of *game* for the random policy (each kind's
    ``weight`` in the registry of action kinds), heaviest first: the order of the dict is the
    order in which :func:`_weighted_order` draws, so it is part of what a seed reproduces."""
    from .actions import action_kinds

    kinds = sorted(action_kinds(game), key=lambda k: -k.weight)
    return {k.word: k.weight for k in kinds}


def __getattr__(name: str):
    # WEIGHTS: Lancashire's base weights (see base_weights)
    if name == "WEIGHTS":
        return base_weights()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def policy_of(game: str) -> Any:
    """*game*'s self-play policy: the module ``brass_judge/games/<game>/policy.py``, with
    ``weights(pos, data)``, ``value(pos, me, data)`` and ``finish(pos, action, rng, verdict)``
    (*verdict*: the engine's on the action as listed)."""
    from importlib import import_module

    return import_module(f"{__package__}.games.{game}.policy")


def policy_weights(pos, data) -> dict:
    """The weight of each action type for the player to move (see :func:`base_weights`), by
    the game's policy (``weights``)."""
    from .games import game_of

    weights: dict = policy_of(game_of(pos)).weights(pos, data)
    return weights


def _weighted_order(weights: dict, rng: random.Random) -> list:
    """The types in a random order drawn by weight without replacement: the first type of the
    order that has a legal action is then chosen with probability proportional to its weight."""
    return sorted(weights, key=lambda k: -(rng.random() ** (1.0 / weights[k])))


def choose_action(pos, data, rng: random.Random, *, sample: int = 32):
    """A legal action for the player to move, by the random policy; None when there is none.

    The action type is drawn by :func:`policy_weights`; then *sample* legal actions of that type
    are drawn at random and the one that leaves the player best off (the policy's ``value``) is
    taken. Returns ``(action, verdict)``: the action as it will be logged (the policy's
    ``finish``: cards drawn from the hand, chance stated) and the engine's verdict on it.
    """
    from .engine import check
    from .engine.moves import sample_moves
    from .games import game_of

    policy = policy_of(game_of(pos))
    me = pos.turn
    moves: list = []
    for kind in _weighted_order(policy.weights(pos, data), rng):
        moves = sample_moves(pos, rng, data, kinds=[kind], k=sample)
        if moves:
            break
    if not moves:
        return None
    move = max(moves, key=lambda m: policy.value(m.verdict.position, me, data))
    action = policy.finish(pos, move.action, rng, move.verdict)
    if action is move.action:
        return action, move.verdict
    verdict = check(pos, action, data)
    if not verdict.legal or verdict.outcomes:
        raise AssertionError(
            f"self-play made an illegal action from a legal one: {verdict.action_text}: "
            + "; ".join(v.message for v in verdict.violations)
        )
    return action, verdict


def play_game(
    players: int,
    seed: int,
    data=None,
    *,
    on_step: Callable[..., None] | None = None,
    names: list | None = None,
    max_actions: int = 2000,
) -> tuple:
    """Play a full game of *players* random players; return ``(log_dict, final_position)``.

    *on_step* (optional) is called as ``on_step(kind, position, info)`` after every action
    (``kind="action"``, *info* the verdict) and after every end of turn (``kind="end_turn"``,
    *info* the flow effects), and once with ``kind="setup"``.
    """
    from .engine.driver import GameDriver
    from .gamelog import LogRecorder

    if data is None:
        from .data import game_data

        data = game_data()
    seats = list(names or NAMES[:players])
    if len(seats) != players:
        raise ValueError(f"{players} players need {players} names, not {len(seats)}")
    flow_rng = random.Random(seed)
    rng = random.Random(f"brass-judge selfplay policy {seed}")
    game = GameDriver.new_game(seats, data, rng=flow_rng)
    pos = game.position
    rec = LogRecorder(
        pos,
        seat_order=seats,
        seed=seed,
        about=f"self-play{_of_game(data)}, {players} players"
        f"{'' if data.variant == 'standard' else f', {data.variant} rules'}, seed {seed} (brass-judge selfplay)",
    )
    if on_step:
        on_step("setup", pos, None)
    n = 0
    shortfalls: list = []
    while not game.game_over:
        me = game.to_move
        assert me is not None  # a game not over has a player to move
        actions: list = []
        while game.must_act:
            chosen = choose_action(pos, data, rng)
            if chosen is None:
                raise AssertionError(
                    f"{me} has no legal action (not even a pass) in {pos.era} round {pos.round}"
                )
            action, verdict = chosen
            actions.append(action)
            game.accept(verdict)
            pos = game.position
            n += 1
            if on_step:
                on_step("action", pos, verdict)
            if n > max_actions:
                raise AssertionError(f"self-play did not finish within {max_actions} actions")
        if not actions:
            raise AssertionError(f"{me} starts a turn with no card in hand ({pos.era} round {pos.round})")
        rec.add_turn(me, actions)
        end = game.end_turn(narrate=True)  # the effects name the tiles removed for a shortfall
        pos, fx = game.position, end.effects
        rec.observe(pos)
        _note_shortfalls(shortfalls, end.era, end.round, fx)
        if on_step:
            on_step("end_turn", pos, fx)
    log = rec.to_obj(final=pos)
    if shortfalls:
        # the tiles each player removed to pay negative income, so the log states every choice
        final = log.pop("final", None)
        log["shortfalls"] = shortfalls
        if final is not None:
            log["final"] = final
    return log, pos


def _of_game(data) -> str:
    """ " of NAME" for a game other than the default one (Lancashire's logs are as they always were)."""
    from .games import DEFAULT_GAME, game_of

    game = game_of(data)
    if game == DEFAULT_GAME:
        return ""
    from importlib import import_module

    return f" of {import_module(f'{__package__}.games.{game}').NAME}"


def schema_modeline(data, folder: Path) -> str:
    """The ``# yaml-language-server: $schema=...`` line that ends a self-played log of a game with
    its own log schema (Birmingham's ``game-birmingham``), so that an editor checks the file:
    the schema's path relative to ``folder``, the folder the log is written to (docs/editors.md).
    "" for Lancashire, whose self-played logs are as they always were."""
    from .gamelog import log_format
    from .games import game_of
    from .resources import schema_file

    fmt = log_format(game_of(data))
    if fmt is None:
        return ""
    schema = schema_file(fmt.SCHEMA).resolve()
    try:
        target = Path(os.path.relpath(schema, folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows): an absolute path
        target = schema.as_posix()
    return f"# yaml-language-server: $schema={target}\n"


def _note_shortfalls(out: list, era: str, rnd: int, fx) -> None:
    removed: dict = {}
    for e in fx:
        if e.kind == "tile-removed" and "player" in e.data:
            removed.setdefault(e.data["player"], []).append(f"{e.data['location']}#{e.data['space']}")
    for player, refs in removed.items():
        out.append({"era": era, "round": rnd, "player": player, "remove": refs})


# ------------------------------------------------------------------------------ invariants
class Ledger:
    """Conservation checks for a game in progress, for every game.

    Tiles that leave the game (developed, overbuilt, removed at the end of the Canal Era or for an
    income shortfall) are counted from the effects reported by the engine and the game flow, so that
    for every player, industry and level: tiles on the board + on the mat + gone = the full mat.

    From the position recorded at ``setup`` on, the ledger also keeps the books of what comes into
    play and leaves it, from the effects of every step (:meth:`record`), and :meth:`problems`
    checks each stock against them:

    * **cubes** of each market resource (coal, iron) and **beer barrels**: on the market (or beside
      the merchant tiles) + on the tiles = what the setup put there + what came into play (a mine,
      works or brewery built, a barrel refilled beside a merchant) - what left it (a cube or barrel
      used, the cubes of a tile that left the board). A cube bought while its market is empty comes
      from the general supply and changes neither;
    * **money**, **VP**, **spent** and **income space** of each player: the setup's + every change
      the effects state (payments, gains, loans, market sales, income, shortfall refunds, scoring);
    * **wild cards** (a game with wild piles): on the piles + in hands = the game's count each, and
      none in a discard pile or the draw deck; the cards check counts the deck's cards only.
    """

    def __init__(self, data, players: list) -> None:
        self.data = data
        self.gone: Counter = Counter()  # (owner, industry, level) -> tiles that left the game
        self.players = list(players)
        self.steps = 0
        #: the books, from the position recorded at setup (None: a position not played from setup)
        self.books: dict | None = None
        self._last: Any = None  # the position after the last step recorded

    def record(self, kind: str, pos, info: Any) -> None:
        """Account for the effects of one step (an action's verdict or an end of turn's effects)."""
        self.steps += 1
        effects = [] if info is None else (info.effects if hasattr(info, "effects") else list(info))
        for e in effects:
            d = e.data
            if e.kind == "develop":
                self.gone[(d["player"], d["industry"], d["level"])] += 1
            elif e.kind == "tile-removed":
                owner = d.get("owner", d.get("player"))
                self.gone[(owner, d["industry"], d["level"])] += 1
            elif e.kind == "level1-removed":
                for ref in d.get("tiles", []):
                    owner, rest = ref.split(" ", 1)
                    industry = rest.split("@", 1)[0]
                    self.gone[(owner, industry, 1)] += 1
        if kind == "setup" or self.books is None:
            self.books = _opening_books(pos, self.data)
        else:
            _post(self.books, self._last, effects, self.data, action=kind == "action")
        self._last = pos

    def problems(self, pos: Any) -> list:
        """Every broken invariant, as messages (empty when all hold): the position's validity
        (:func:`brass_judge.engine.validate.validate`, each problem as its code and message) and
        what only a game played from setup must keep: every tile accounted for (board + mat + gone
        = the full mat), every card of the deck in play exactly once, every link tile on the board
        or left to build, the draw deck's size that of its pile, no negative cubes, spending or VP;
        and, once a setup was recorded, every stock the books keep (cubes, barrels, money, VP, spent,
        income) equal to the books, and the wild cards conserved."""
        from .engine.validate import validate

        d = self.data
        out = [_ledger_text(v) for v in validate(pos, d)]
        full = d.mat_counts()
        wild = set(getattr(d, "wild_cards", None) or ())
        deck = Counter(c for c, k in d.deck_for(pos.num_players).items() for _ in range(k))
        for t in pos.tiles:
            if t.cubes < 0:
                out.append(f"{t.owner}'s {t.industry} in {t.location} holds {t.cubes} cubes")
        cards: Counter = Counter()
        for n in pos.players:
            p = pos.player[n]
            if p.spent < 0 or p.vp < 0:
                out.append(f"{n} has spent £{p.spent} and {p.vp} VP")
            links = len(pos.own_links(n))
            if p.links_left is not None and p.links_left + links != d.links_per_player:
                out.append(f"{n} has {links} links on the board and {p.links_left} left")
            if p.mat is not None:
                for ind, levels in full.items():
                    for lv, count in levels.items():
                        board = sum(
                            1 for t in pos.tiles if t.owner == n and t.industry == ind and t.level == lv
                        )
                        mat = p.mat.get(ind, {}).get(lv, 0)
                        gone = self.gone[(n, ind, lv)]
                        if board + mat + gone != count:
                            out.append(
                                f"{n}'s level {lv} {ind}: {board} on the board + {mat} on the mat + "
                                f"{gone} gone != {count}"
                            )
            cards.update(c for c in p.hand or [] if c not in wild)
            cards.update(p.discard)
        cards.update(pos.draw_pile or [])
        cards.update(pos.under_deck_tile or [])
        if cards != deck:
            out.append(
                f"cards: {sum(cards.values())} in play, the deck has {sum(deck.values())} "
                f"(extra {dict(cards - deck)}, missing {dict(deck - cards)})"
            )
        if pos.draw_pile is not None and pos.draw_deck != len(pos.draw_pile):
            out.append(f"draw deck size {pos.draw_deck} but {len(pos.draw_pile)} cards in the pile")
        hidden = [n for n in pos.players if getattr(pos.player[n], "hidden_discard", False)]
        if hidden and pos.under_deck_tile is not None:  # a game whose first discard is face down
            if len(hidden) != len(pos.under_deck_tile):
                out.append(
                    f"{len(hidden)} face-down discard(s) ({', '.join(hidden)}) but "
                    f"{len(pos.under_deck_tile)} card(s) set aside"
                )
        if wild:
            out.extend(_wild_problems(pos, d, wild))
        if self.books is not None:
            out.extend(_books_problems(self.books, pos, d))
        return out


# ------------------------------------------------------------------------------ the books
def _stocks(pos: Any, data: Any) -> Counter:
    """What is in play of each resource a tile carries: a market's cubes (coal, iron) and the
    barrels beside merchant tiles (beer, a game with merchants' barrels), plus the tiles' cubes."""
    out: Counter = Counter()
    for r in data.markets:
        out[r] += int(getattr(pos, f"{r}_market", 0) or 0)
    for spaces in (getattr(pos, "merchants", None) or {}).values():
        out["beer"] += sum(1 for s in spaces if s.barrel)
    for t in pos.tiles:
        r = data.tile(t.industry, t.level).resource
        if r is not None:
            out[r] += t.cubes
    return out


def _opening_books(pos: Any, data: Any) -> dict:
    return {
        "stock": _stocks(pos, data),
        "money": {n: pos.player[n].money for n in pos.players},
        "vp": {n: pos.player[n].vp for n in pos.players},
        "spent": {n: pos.player[n].spent for n in pos.players},
        "income_space": {n: pos.player[n].income_space for n in pos.players},
    }


def _post(books: dict, before: Any, effects: list, data: Any, *, action: bool) -> None:
    """Enter one step's effects (in their order) in the books; *before* is the position the step
    started from (the cubes of a tile leaving the board, and whether a market had a cube to sell)."""
    stock, money, vp = books["stock"], books["money"], books["vp"]
    market = {r: int(getattr(before, f"{r}_market", 0) or 0) for r in data.markets}
    tiles_before = {(t.location, t.space): t for t in before.tiles}
    left: set = set()

    def leaves(loc: str, space: int, cubes: int | None = None) -> None:
        t = tiles_before.get((loc, space))
        left.add((loc, space))
        if t is None:
            return
        r = data.tile(t.industry, t.level).resource
        if r is not None:
            stock[r] -= t.cubes if cubes is None else cubes

    for e in effects:
        d, k = e.data, e.kind
        if k == "tile-placed":
            r = data.tile(d["industry"], d["level"]).resource
            if r is not None:
                stock[r] += d.get("cubes", 0)
        elif k in ("cube", "beer"):
            r = d["resource"]
            if d.get("source") == "market":
                if market.get(r, 0) > 0:  # else from the general supply at the empty price
                    market[r] -= 1
                    stock[r] -= 1
            else:
                stock[r] -= 1
        elif k == "market-sale":
            market[d["resource"]] = market.get(d["resource"], 0) + d["cubes"]
            money[d["owner"]] += d["money"]
        elif k == "tile-removed":
            leaves(d["location"], d["space"], d.get("cubes"))
            if "player" in d and "amount" in d:
                money[d["player"]] += d["amount"]  # a shortfall: half the tile's cost
        elif k == "level1-removed":
            for t in before.tiles:
                if t.level == 1 and (t.location, t.space) not in left:
                    leaves(t.location, t.space)
        elif k == "merchant-beer":
            stock["beer"] += len(d.get("refilled", ()))
        elif k == "money":
            money[d["player"]] += d["amount"]
            if action and d["amount"] < 0 and "spent" in d:
                books["spent"][d["player"]] -= d["amount"]
        elif k == "income":
            if "amount" in d and "player" in d:  # the flow's income (or its payment)
                money[d["player"]] += d["amount"]
                vp[d["player"]] -= d.get("vp_lost", 0)
            elif "spaces" in d:  # an action's move of the income marker
                books["income_space"][d["player"]] += d["spaces"]
        elif k in ("vp", "score-links", "score-tiles", "score-money"):
            vp[d["player"]] += d["vp"]
        elif k == "turn-order":
            books["spent"] = dict.fromkeys(books["spent"], 0)  # spent money goes to the bank


def _books_problems(books: dict, pos: Any, data: Any) -> list:
    out = []
    have = _stocks(pos, data)
    for r in sorted(set(have) | set(books["stock"])):
        if have[r] != books["stock"][r]:
            where = (
                "beside the merchants and on the breweries" if r == "beer" else "on the market and the tiles"
            )
            out.append(
                f"{r}: {have[r]} {where}, but the setup and the effects since give {books['stock'][r]}"
            )
    for field in ("money", "vp", "spent", "income_space"):
        for n, want in books[field].items():
            got = getattr(pos.player[n], field)
            if got != want:
                out.append(f"{n}'s {field}: {got} in the position, {want} by the setup and the effects since")
    return out


def _wild_problems(pos: Any, data: Any, wild: set) -> list:
    out = []
    piles = getattr(pos, "wild_piles", None) or {}
    for card in sorted(wild):
        held = sum((pos.player[n].hand or []).count(card) for n in pos.players)
        lost = sum(pos.player[n].discard.count(card) for n in pos.players) + (pos.draw_pile or []).count(card)
        count = data.wild_cards[card]["count"]
        if piles.get(card, 0) + held != count or lost:
            out.append(
                f"{card}: {piles.get(card, 0)} on its pile + {held} in hands != {count}"
                + (f" ({lost} in a discard pile or the draw deck)" if lost else "")
            )
    return out


def _ledger_text(v: Any) -> str:
    """A validity problem as the Ledger reports it: its code and message (a market's, in the
    Ledger's words: "the coal market holds 9 cubes")."""
    if v.spec.name == "market-out-of-range":  # (the code table's name: validate reports the code)
        return f"{v.code} the {str(v.fields['market']).lower()} market holds {v.fields['cubes']} cubes"
    return f"{v.code} {v.message}"


def summary(pos, data) -> list:
    """The final standings (:func:`brass_judge.engine.flow.scores`)."""
    from .engine.flow import scores

    return scores(pos, data)
