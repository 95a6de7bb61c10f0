"""Brass: Birmingham's position and its own actions (plain data, no I/O).

A Birmingham position is the shared :class:`~brass_judge.model.Position` plus what Lancashire does
not have: the **merchants** (which merchant tile lies on each merchant space in play at the player
count, and whether the beer barrel beside it is still there) and the two **wild card piles**. The
rest reads as in the shared model:

* a tile's ``cubes`` are its coal or iron cubes, or, on a Brewery, its **beer barrels**;
* ``hand`` may hold the wild cards (``wild_location``, ``wild_industry``: deck.yaml keys);
* a player's ``discard`` lists the cards face up, top last; ``hidden_discard`` says whether the
  face-down card drawn at setup still lies under them (it leaves with the discards at the era's end).

Shared lists are replaced, never changed in place (see :meth:`Position.copy`): a merchant's spaces
are a tuple of frozen :class:`MerchantSpace` records, replaced whole when a barrel is taken.

The actions Birmingham adds or reshapes are here: :class:`Network` (two rails name the beer that
pays for the second), :class:`Sell` of :class:`Sale` records, and :class:`Scout`. Build, Develop,
Loan and Pass are the shared dataclasses of :mod:`brass_judge.model`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import PlayerState, Position

#: the wild card keys (data/deck.yaml ``wild_cards``)
WILD_LOCATION, WILD_INDUSTRY = "wild_location", "wild_industry"
WILD_CARDS = (WILD_LOCATION, WILD_INDUSTRY)
#: a sale's beer taken from the barrel beside the merchant tile sold to
MERCHANT_BEER = "merchant"
BEER = "beer"


@dataclass(frozen=True)
class MerchantSpace:
    """One merchant tile space in play: the tile face on it and whether its barrel is there.

    ``face`` is a merchant tile key of data/deck.yaml (``all``, ``cotton_mill``, ``manufacturer``,
    ``pottery``, ``blank``)."""

    face: str
    barrel: bool = False


@dataclass
class BirminghamPlayer(PlayerState):
    """A Birmingham player's area: the shared one plus the face-down first discard."""

    money: int = 17
    #: the face-down card drawn at setup lies at the bottom of the discard pile (unknown face)
    hidden_discard: bool = False

    def copy(self) -> BirminghamPlayer:
        """An independent copy (:meth:`PlayerState.copy`, field by field) with the hidden discard."""
        new = super().copy()
        new.hidden_discard = self.hidden_discard
        return new


@dataclass
class BirminghamPosition(Position):
    """A Brass: Birmingham position (see the module docstring)."""

    game: str = "birmingham"
    #: merchant location -> its spaces in play at this player count, in map order
    merchants: dict[str, tuple[MerchantSpace, ...]] = field(default_factory=dict)
    #: wild card key -> cards left on its pile (4 each at the start)
    wild_piles: dict[str, int] = field(default_factory=lambda: {WILD_LOCATION: 4, WILD_INDUSTRY: 4})
    #: the merchants whose tiles a position file did not give (assumed blank; games/birmingham/position.py)
    assumed_merchants: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    def copy(self) -> BirminghamPosition:
        """An independent copy (:meth:`Position.copy`, field by field) with the merchants, the wild
        piles and the merchants assumed."""
        new = super().copy()
        new.merchants = self.merchants
        new.wild_piles = self.wild_piles
        new.assumed_merchants = self.assumed_merchants
        return new

    def merchant_space(self, merchant: str, space: int) -> MerchantSpace | None:
        spaces = self.merchants.get(merchant, ())
        return spaces[space] if 0 <= space < len(spaces) else None

    def set_merchant_space(self, merchant: str, space: int, new: MerchantSpace) -> None:
        """Replace one merchant space (copy-on-write: the mapping and tuple are replaced)."""
        spaces = list(self.merchants[merchant])
        spaces[space] = new
        self.merchants = {**self.merchants, merchant: tuple(spaces)}

    def barrels_on_board(self) -> int:
        """Beer barrels on Breweries (merchant barrels not counted)."""
        return sum(t.cubes for t in self.tiles if t.industry == "brewery")


# ---------------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Network:
    """Place one canal, or one or two rails, in order. Two rails in one action cost £15 and one
    beer (``beer_from``: the brewery it comes from, ``location`` or ``location#space``)."""

    lines: tuple[str, ...]
    cards: tuple[str, ...]
    coal_from: tuple[str, ...] | None = None
    link_type: str | None = None
    beer_from: tuple[str, ...] | None = None

    kind = "network"


@dataclass(frozen=True)
class Sale:
    """One tile sold in a Sell action.

    ``tile`` is the location of the seller's unflipped Cotton Mill, Manufacturer or Pottery
    (``space`` and ``industry`` pick one when the location holds several); ``merchant`` the merchant
    location sold to (``merchant_space`` its tile space when it has two); ``beer_from`` names the
    source of each barrel used, in order: ``merchant`` (the barrel beside the merchant tile sold to),
    or a brewery's ``location`` / ``location#space``; None = let the judge find it (an assumption).
    ``develop`` is the industry developed for Gloucester's bonus (None: the lowest of any, assumed).
    """

    tile: str
    merchant: str
    space: int | None = None
    industry: str | None = None
    merchant_space: int | None = None
    beer_from: tuple[str, ...] | None = None
    develop: str | None = None


@dataclass(frozen=True)
class Sell:
    """Sell one or more tiles, each to its own merchant, resolved one after another."""

    sales: tuple[Sale, ...]
    cards: tuple[str, ...]

    kind = "sell"


@dataclass(frozen=True)
class Scout:
    """Discard three cards (this action's and two more) to take one Wild Location and one Wild
    Industry card."""

    cards: tuple[str, ...]

    kind = "scout"
