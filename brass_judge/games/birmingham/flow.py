"""Brass: Birmingham's flow of a game: setup, the end of the Canal Era, and the after-turn steps'
rulings. The shared flow (:mod:`brass_judge.engine.flow`) does the rest the same way as for
Lancashire (refills, turn order, income and shortfalls, link and tile scoring, the final
standings) and asks :class:`~brass_judge.games.birmingham.rules.BirminghamRules` where the game
differs; these functions are what the rules object answers. See ``docs/flow-birmingham.md``.

Conventions (the rulebook leaves the physical order open):

* a card order is top first; at setup each player in turn order takes 8 cards from the top, then
  the next card face down as the start of their discard pile (B006);
* the face-down cards are kept, in turn order, in the position's ``under_deck_tile`` list when
  the deck is known (a set-up or logged game); ``hidden_discard`` says the card is still there;
* merchant tiles are laid on the merchant spaces in play at the player count in map order
  (Warrington, Nottingham, Shrewsbury, Oxford, Gloucester; each merchant's spaces in order);
  a ``merchant_order`` names the faces in that order;
* random draws happen in this order: the deck, the merchant tiles, the turn order; at the end of
  the Canal Era, the Rail Era deck.

Pure: no I/O; the only randomness is the ``random.Random`` passed in (or one seeded from ``seed``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.after_turn import STEP_RULINGS as SHARED_STEP_RULINGS
from ...engine.flow import (
    FlowEffects,
    _cards_of,
    _diff,
    _ordered,
    _rng,
    _same_items,
    actions_per_turn,
    remove_level1,
    turn_order_of,
)
from ...model import CANAL, RAIL
from .model import WILD_CARDS, BirminghamPlayer, BirminghamPosition, MerchantSpace

BLANK = "blank"


# ------------------------------------------------------------------------------------- setup
def setup(players: list[str], data: Any, **orders: Any) -> BirminghamPosition:
    """A new game of Brass: Birmingham for *players* (seat order): see :func:`setup_with_effects`."""
    return setup_with_effects(players, data, **orders)[0]


def setup_with_effects(
    players: list[str],
    data: Any,
    *,
    seed: Any = None,
    rng: Any = None,
    deck_order: list[str] | None = None,
    merchant_order: list[str] | None = None,
    turn_order: list[str] | None = None,
    dcm_order: list[int] | None = None,
) -> tuple[BirminghamPosition, FlowEffects]:
    """Set up a new game (B001-B006) and say what was done, with the rule applied (RUL-SETUP).

    The deck holds the cards marked for the player count (B001); the merchant tiles used at that
    count go onto the merchant spaces in play, a barrel beside each non-blank one (B003, B004);
    markets 13 coal and 8 iron (B005); £17, income space 10, 8 cards and one face down (B006);
    the wild piles 4 + 4 (B002); a random turn order. *deck_order* (top first), *merchant_order*
    (faces, one per merchant space in play, map order) and *turn_order* state a shuffle instead
    of drawing it from *rng* (or ``random.Random(seed)``). Raises ValueError on a bad order.
    """
    rules = data.rules
    n = len(players)
    if n not in rules.players:
        raise ValueError(
            f"{rules.name} is for {rules.players.start}-{rules.players.stop - 1} players, not {n}"
        )
    if len(set(players)) != n:
        raise ValueError("player names must differ")
    if dcm_order is not None:
        raise ValueError(f"{rules.name} has no Distant Cotton Market: give no dcm_order")
    r = None
    if deck_order is None or merchant_order is None or turn_order is None:
        r = _rng(rng, seed)
    cards = _cards_of(data.deck_for(n))
    deck = _ordered(deck_order, cards, r, "the deck order", f"the {n}-player deck")
    pool = [face for face, count in sorted(rules.merchant_tiles(n).items()) for _ in range(count)]
    spaces = [(m, i) for m, k in rules.merchant_spaces(n).items() for i in range(k)]
    if len(pool) != len(spaces):  # the data check keeps them equal
        raise ValueError(f"{len(pool)} merchant tiles for {len(spaces)} merchant spaces at {n} players")
    faces = _ordered(merchant_order, pool, r, "the merchant tile order", f"the {n}-player merchant tiles")
    order = turn_order_of(players, turn_order, r)
    face_down = int(data.face_down_discard_per_player.get(CANAL, 1))
    pile = list(deck)
    hidden: list[str] = []
    states: dict[str, BirminghamPlayer] = {}
    for name in order:
        hand, pile = pile[: data.hand_size], pile[data.hand_size :]
        hidden += pile[:face_down]
        pile = pile[face_down:]
        states[name] = BirminghamPlayer(
            name,
            money=data.start_money,
            income_space=data.start_income_space,
            vp=0,
            spent=0,
            hand=hand,
            mat=data.mat_counts(),
            links_left=data.links_per_player,
            hidden_discard=face_down > 0,
        )
    merchants: dict[str, list[MerchantSpace]] = {m: [] for m in rules.merchants}
    for (m, _), face in zip(spaces, faces, strict=True):
        merchants[m].append(MerchantSpace(face, face != BLANK))
    pos = BirminghamPosition(
        players=order,
        player={p: states[p] for p in order},
        variant=data.variant,
        game=data.game,
        era=CANAL,
        round=1,
        turn=order[0],
        actions_left=rules.first_round_actions,
        markets={res: m.setup_fill for res, m in data.markets.items()},
        draw_deck=len(pile),
        draw_pile=pile,
        under_deck_tile=hidden,
        merchants={m: tuple(v) for m, v in merchants.items()},
        wild_piles=dict(rules.wild_cards),
    )
    fx = FlowEffects(game=data.game)
    fx.rule("RUL-SETUP")
    fx.add(
        "setup",
        f"{rules.name} for {n} players: a {len(cards)}-card deck, {len(pool)} merchant tiles on the "
        f"merchant spaces in play, coal market {pos.markets.get('coal')}, iron market "
        f"{pos.markets.get('iron')}, wild piles "
        + " + ".join(str(v) for v in pos.wild_piles.values())
        + f"; each player £{data.start_money}, income space {data.start_income_space}, "
        f"{data.hand_size} cards and {face_down} face down; turn order " + ", ".join(order),
        players=list(order),
        deck=len(cards),
        draw_deck=len(pile),
        merchants={m: [s.face for s in v] for m, v in pos.merchants.items() if v},
        markets=dict(pos.markets),
        wild_piles=dict(pos.wild_piles),
    )
    return pos, fx


# ------------------------------------------------------------------------ end of the Canal Era
def end_canal(
    pos: Any,
    data: Any,
    fx: FlowEffects,
    *,
    rng: Any = None,
    seed: Any = None,
    rail_deck_order: list[str] | None = None,
    rail_dcm_order: list[int] | None = None,
    unknown_deal: bool = False,
) -> None:
    """Between the eras, after Canal Era scoring (B054): level 1 tiles leave the board; a barrel
    goes back beside every non-blank merchant tile; every discard pile (the face-down cards with
    them), any card left in a hand or the deck, forms the Rail Era deck, shuffled (*rng* / *seed*)
    or as *rail_deck_order* gives it; everyone draws 8, nothing goes face down. Played wild cards
    are on their piles already: a wild card still in a hand or a discard pile goes back to its
    pile, never into the deck (B002, B010). *unknown_deal*: with no order and no chance given,
    the new hands are unknown (a hand-made position carried forward) instead of an error."""
    if rail_dcm_order is not None:
        raise ValueError(f"{data.rules.name} has no Distant Cotton Market: give no Rail Era tile order")
    fx.rule("RUL-CANAL-END")
    remove_level1(pos, fx)
    _refill_merchant_beer(pos, fx)
    n = pos.num_players
    full = _cards_of(data.deck_for(n))
    cards: list[str] = []
    wild: Counter[str] = Counter()
    hidden_unknown = 0
    for name in pos.players:
        p = pos.player[name]
        for card in [*p.discard, *(p.hand or ())]:
            if card in WILD_CARDS:
                wild[card] += 1
            else:
                cards.append(card)
        if getattr(p, "hidden_discard", False) and pos.under_deck_tile is None:
            hidden_unknown += 1
        p.discard = []
        p.hand = []
        if hasattr(p, "hidden_discard"):
            p.hidden_discard = False
    cards.extend(pos.under_deck_tile or [])  # the face-down first discards, when known
    cards.extend(pos.draw_pile or [])
    if wild:
        piles = dict(getattr(pos, "wild_piles", {}))
        for card, k in wild.items():
            piles[card] = piles.get(card, 0) + k
        pos.wild_piles = piles
        fx.add(
            "wild-cards",
            ", ".join(f"{k} {data.wild_cards[c]['name']}" for c, k in sorted(wild.items()))
            + " card(s) go back to their piles, not into the Rail Era deck",
            returned=dict(wild),
            wild_piles=dict(piles),
        )
    deck: list[str] | None
    if rail_deck_order is not None:
        deck = list(rail_deck_order)
        if not _same_items(deck, full):
            raise ValueError(_diff("the Rail Era deck order", deck, full, f"the {n}-player deck"))
    elif rng is None and seed is None:
        if not unknown_deal:
            raise ValueError("the Rail Era deck order is needed: give a seed or the Rail Era deck order")
        deck = None  # shuffled and dealt at the table: the cards are not known here
    else:
        deck = sorted(cards) if _same_items(cards, full) else list(full)
        _rng(rng, seed).shuffle(deck)
    if deck is not None and not _same_items(cards, full):
        if not cards:
            fx.assume(
                f"the position does not record the cards (hands, discards, deck): the Rail Era "
                f"deck is taken as the full {len(full)}-card {n}-player deck"
            )
        else:
            fx.assume(
                _diff("the cards collected at the end of the Canal Era", cards, full, f"the {n}-player deck")
                + (f" ({hidden_unknown} face-down discard(s) not known)" if hidden_unknown else "")
                + "; the Rail Era deck is the full deck"
            )
    size = data.hand_size
    if deck is None:
        for name in pos.players:
            pos.player[name].hand = None
        left = len(full) - size * n
        pos.draw_pile, pos.draw_deck, pos.under_deck_tile = None, left, None
        fx.assume(
            "the Rail Era deck is shuffled and dealt at the table: the cards are not known here, "
            "so every hand is unknown (give them in the position to use them)"
        )
    else:
        for name in pos.players:
            pos.player[name].hand, deck = deck[:size], deck[size:]
        pos.draw_pile, pos.draw_deck, pos.under_deck_tile = deck, len(deck), []
        left = len(deck)
    fx.add(
        "rail-deck",
        f"all discard piles form the Rail Era deck of {len(full)} cards: {size} dealt to each player, "
        f"{left} in the draw deck, none face down",
        cards=len(full),
        draw_deck=left,
    )
    pos.era = RAIL
    pos.round = 1
    pos.turns_taken = []
    pos.turn = pos.players[0]
    pos.actions_left = actions_per_turn(pos)
    fx.add("round", f"Rail Era round 1 begins; {pos.turn} goes first", era=RAIL, round=1, turn=pos.turn)


def _refill_merchant_beer(pos: Any, fx: FlowEffects) -> None:
    """A barrel on every empty barrel space beside a non-blank merchant tile (B054, B004)."""
    merchants = getattr(pos, "merchants", None)
    if not merchants:
        fx.assume(
            "the position does not say which merchant tiles are in play: their barrels are "
            "refilled at the table (a barrel beside every non-blank merchant tile)"
        )
        fx.add("merchant-beer", "a barrel goes back beside every non-blank merchant tile", refilled=[])
        return
    refilled: list[str] = []
    new = {}
    for m, spaces in merchants.items():
        row = []
        for i, sp in enumerate(spaces):
            if sp.face != BLANK and not sp.barrel:
                sp = MerchantSpace(sp.face, True)
                refilled.append(f"{m}#{i}")
            row.append(sp)
        new[m] = tuple(row)
    pos.merchants = new
    fx.add(
        "merchant-beer",
        f"{len(refilled)} barrel(s) go back beside the merchant tiles"
        + (f" ({', '.join(refilled)})" if refilled else " (none was taken)")
        + "; blank tiles get none",
        refilled=refilled,
    )


# ------------------------------------------------------------------ after-turn steps' rulings
#: step kind -> ((rule code, case keys the step always cites), ...): engine.after_turn's table (the
#: steps both games share) with Birmingham's own steps and citations; no Distant Cotton Market reset
#: and no money scored at the end (B055)
_STEPS_OWN: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "draw": (("RUL-REFILL", ("deck.refill-to-hand-size",)),),  # refill to 8 at the end of the turn
    "turn": (("RUL-FIRST-ROUND", ("round.first-round-one-action",)),),
    "level1-removed": (("RUL-CANAL-END", ("era.level1-removed",)),),
    "merchant-beer": (("RUL-CANAL-END", ("era.merchant-beer-refilled",)),),
    "wild-cards": (("RUL-WILD-PILES", ("deck.wild-cards-apart",)),),
    "rail-deck": (("RUL-CANAL-END", ("deck.discards-form-new-deck", "era.fresh-hand")),),
}
STEP_RULINGS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    **{k: v for k, v in SHARED_STEP_RULINGS.items() if k not in ("dcm-reset", "score-money")},
    **_STEPS_OWN,
}

#: Birmingham's own rules a link's score may name, and the case key each cites
_LINK_CASES = {
    "RUL-LINK-THREE-ENDS": "score.three-ended-link",
    "RUL-MERCHANT-ICONS": "score.merchant-icons-without-tile",
}


def case_rulings(e: Any, canal_end: bool, also: list[Any]) -> list[tuple[str, str]]:
    """(rule, case key) pairs a Birmingham step cites only when they decide it: the link-scoring
    decisions (B060, B061) that a player's scored links met."""
    if e.kind != "score-links":
        return []
    found = dict.fromkeys(code for b in e.data.get("breakdown", ()) for code in b.get("rules", ()))
    return [(code, _LINK_CASES[code]) for code in found]
