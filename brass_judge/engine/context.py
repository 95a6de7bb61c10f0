"""The judging context: a working copy of the position plus everything said about it.

Checks run on a copy (:attr:`Judge.pos`) and record violations, effects, the rules applied, the
assumptions made and (for ``--explain``) the reasoning, step by step. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..codes import cite, table_of
from ..games import game_of
from ..model import Position, Tile
from ..verdict import Effect, Violation

#: Position.game -> (its game's key, game_of; that game's table of codes, table_of)
#: and that game's cases cited so far (its entry of _CASE_PAIRS)
_GAME_CODES: dict[Any, tuple[str, dict[str, Any], dict[str, dict[str, tuple[str, str] | None]]]] = {}
#: game key -> rule code -> case key -> the (rule code, ruling) pair the case adds to a record's
#: ``also`` (None: the game cites no ruling for it; :func:`brass_judge.codes.cite`)
_CASE_PAIRS: dict[str, dict[str, dict[str, tuple[str, str] | None]]] = {}


class NeedChance(Exception):
    """An action met a chance outcome that neither it nor the position states (Lancashire: a
    Distant Cotton Market tile drawn). The engine then asks the game to judge every outcome
    (:meth:`brass_judge.rules.Rules.judge_chance`)."""


def _case_pairs(game: str, code: str) -> dict[str, tuple[str, str] | None]:
    """case key -> the (rule code, ruling) pair it adds to a record's ``also`` when rule *code* of
    *game* decided it (None: no ruling), filled as cases are first cited (:func:`_case_pair`):
    made once per process, as the engine records the same few cases hundreds of times a replay."""
    by_code = _CASE_PAIRS.get(game)
    if by_code is None:
        by_code = _CASE_PAIRS[game] = {}
    pairs = by_code.get(code)
    if pairs is None:
        pairs = by_code[code] = {}
    return pairs


def _case_pair(
    pairs: dict[str, tuple[str, str] | None], game: str, code: str, case: str
) -> tuple[str, str] | None:
    """The pair *case* adds under rule *code* (:func:`brass_judge.codes.cite` resolves it), kept
    in *pairs* (:func:`_case_pairs`)."""
    q = cite(game, code, case)
    pair = pairs[case] = None if q is None else (code, q)
    return pair


class RuleBook:
    """The rules applied and the case rulings relied on, as a :class:`Judge` (an action) and a
    :class:`~brass_judge.engine.flow.FlowEffects` (a flow step) record them: ``rules`` lists the
    ``RUL-*``/code ids applied, once each, in order; ``also`` the (rule code, ruling) pairs the
    cases named resolve to in the game's table of case keys; ``assumptions`` the texts assumed.
    A subclass sets the three lists, ``game_key`` (the game whose rulings the cases cite) and
    ``codes`` (that game's table of codes, :func:`brass_judge.codes.table_of`), once per record.
    (A :class:`Judge` keeps its rules and case rulings in dicts used as ordered sets: see
    :meth:`Judge.rule` and :meth:`Judge.cite_cases`.)"""

    rules: Any  # a list (FlowEffects), or a dict whose keys are the rules in order (Judge)
    also: Any  # a list of pairs (FlowEffects), or a dict whose keys are the pairs in order (Judge)
    assumptions: list[str]
    game_key: str
    codes: dict[str, Any]

    __slots__ = ()  # the records say what they hold (FlowEffects, made at every end of turn, has slots)

    def rule(self, code: str, *also: str) -> None:
        """Record that rule *code* was applied; *also* names the cases it decided (case keys, each
        resolved to the game's ruling; see :func:`brass_judge.codes.cite`)."""
        rules = self.rules
        if code not in rules:
            # no typo guard here (rule() runs five times per action judged): every code written at
            # a call site is checked against the game's table by tests/test_rule_codes.py, and one
            # recorded from elsewhere fails when its rulings are looked up (codes.rulings_of)
            rules.append(code)
        if also:
            self.cite_cases(code, also)

    def cite_cases(self, code: str, also: tuple[str, ...]) -> None:
        """Record the rulings of the cases *also* that rule *code* decided (:meth:`rule`)."""
        pairs = _case_pairs(self.game_key, code)
        for case in also:
            pair = pairs[case] if case in pairs else _case_pair(pairs, self.game_key, code, case)
            if pair is not None and pair not in self.also:
                self.also.append(pair)

    def assume(self, text: str) -> None:
        """Record an assumption (once)."""
        if text not in self.assumptions:
            self.assumptions.append(text)

    def merge_rules(self, other: RuleBook) -> None:
        """Add what *other* recorded (rules, case rulings, assumptions) to this record, in order."""
        for r in other.rules:
            self.rule(r)
        for pair in other.also:
            if pair not in self.also:
                self.also.append(pair)
        for a in other.assumptions:
            self.assume(a)


class Judge(RuleBook):
    # a context is made for every action judged: its attributes are slots (one object to make and
    # free, no dict of its own)
    __slots__ = (
        "pos",
        "data",
        "player",
        "game",
        "game_key",
        "codes",
        "action_index",
        "_first_violation",
        "failed",
        "earlier_actions",
        "overbuilt_opponent",
        "_named_sources",
        "violations",
        "effects",
        "rules",
        "also",
        "assumptions",
        "steps",
        "narrate",
        "highlight",
        "forced_draws",
        "deck",
        "in_place",
        "_cases",
    )

    def __init__(
        self,
        pos: Position,
        data: Any,
        player: str,
        narrate: bool = True,
        forced_draws: list[int] | None = None,
        *,
        action_index: int | None = None,
        rules: dict[str, None] | None = None,
        also: dict[tuple[str, str], None] | None = None,
    ) -> None:
        self.pos = pos
        self.data = data
        self.player = player
        if pos._own_players is not None and player in pos.player:
            # the action changes its player's state (money, hand, mat...) through ``pos.player``
            # or :attr:`me`: the context owns it from the start (copy-on-write, Position.own_player);
            # any other player's state is changed only through ``pos.own_player``. (None: the
            # position owns every player's state already, as a replay's judged in place does)
            pos.own_player(player)
        #: the :class:`~brass_judge.rules.Rules` of the game being judged (``data.rules``), and the
        #: game's key and table of codes: resolved once per context, read by every check
        self.game: Any = data.rules
        # game_of(pos) and its table_of, looked up in one dict (a context is made per action judged)
        got = _GAME_CODES.get(pos.game)
        if got is None:
            key = game_of(pos)
            got = _GAME_CODES[pos.game] = (key, table_of(key), _CASE_PAIRS.setdefault(key, {}))
        self.game_key, self.codes, self._cases = got
        # what an action starts with (start_action sets them per action)
        self.action_index: int | None = action_index
        self._first_violation = 0  #: where the current action's violations start
        #: whether the action being judged has broken a rule yet (earlier actions not counted):
        #: set by :meth:`violate`, which alone adds violations, and cleared by :meth:`start_action`;
        #: an attribute rather than a property, as every action's checks read it (a property's
        #: call costs several times the read on 3.11)
        self.failed = False
        self.earlier_actions: tuple[Any, ...] = ()  #: the turn's actions before this one
        self.overbuilt_opponent = False  #: this build replaces an opponent's coal mine or iron works
        #: the action's named coal/iron sources (coal=, iron=): resource -> [used for some cube?,
        #: what to report if never used]. A name may fit only some of an action's cubes (the two
        #: rails of a double rail, a works that runs dry), so it is judged when the action ends.
        #: None until the action names one (most do not)
        self._named_sources: dict[str, list[Any]] | None = None
        self.violations: list[Violation] = []
        self.effects: list[Effect] = []
        #: the rules applied, as the keys, in order (see :meth:`rule`); *rules*: the dict to record
        #: them in (a replay's, whose context judges action after action: :meth:`next_in_place`)
        self.rules: dict[str, None] = {} if rules is None else rules
        #: the (rule code, ruling) pairs of the case-specific rulings relied on, as the keys, in
        #: order (:meth:`cite_cases`); *also*: the dict to record them in (a replay's, as *rules*)
        self.also: dict[tuple[str, str], None] = {} if also is None else also
        self.assumptions: list[str] = []
        self.steps: list[str] = []
        #: whether effects and steps are written out; a replay judges hundreds of actions and reads
        #: only legality, rules and assumptions, so it turns this off (call sites whose texts cost
        #: something to build test it first)
        self.narrate = narrate
        #: what changed, for pictures: placed, flipped, removed, links, coal_paths (render_svg)
        self.highlight: dict[str, list[Any]] = {}
        #: Distant Cotton Market tiles to use for unknown draws
        self.forced_draws: list[int] = [] if forced_draws is None else forced_draws
        #: the cards in play at the position's player count (card -> copies), looked up when the
        #: first card is discarded (``engine._discard``) and kept for the context's later actions
        self.deck: dict[str, int] | None = None
        #: whether the context judges a replay's own position, action after action
        #: (:meth:`next_in_place`): no other position shares its lists (a hand, a discard pile),
        #: which are then changed in place rather than replaced
        self.in_place = False

    def rule(self, code: str, *also: str) -> None:
        """:meth:`RuleBook.rule`, with the rules applied kept as the keys of a dict, in the order
        first applied: one store per call, rather than a search of a list and an append (rule()
        runs five times per action judged); the verdict lists them (:func:`engine._judge`)."""
        self.rules[code] = None
        if also:
            self.cite_cases(code, also)

    def cite_cases(self, code: str, also: tuple[str, ...]) -> None:
        """:meth:`RuleBook.cite_cases`, with the pairs kept as the keys of a dict, in the order first
        cited (one store per pair, rather than a search of a list); the verdict lists them."""
        pairs = self._cases.get(code)  # (_case_pairs, without the call once the code is known)
        if pairs is None:
            pairs = _case_pairs(self.game_key, code)
        for case in also:
            pair = pairs[case] if case in pairs else _case_pair(pairs, self.game_key, code, case)
            if pair is not None:
                self.also[pair] = None

    def start_action(self, index: int, earlier: tuple[Any, ...]) -> None:
        """Judge the turn's next action with this context (one context serves the whole turn)."""
        self.action_index = index
        self.earlier_actions = earlier
        self.overbuilt_opponent = False
        self._first_violation = len(self.violations)
        self.failed = False
        if self._named_sources is not None:
            self._named_sources = None

    def next_in_place(self, pos: Position, player: str) -> None:
        """Judge another action with this context, by *player* on *pos* itself (a replay's
        position, :func:`brass_judge.engine.judge_in_place` given this context): the action starts
        as :meth:`start_action` starts one, and the assumptions the last action recorded start
        afresh (a replay's context notes no marks: :meth:`mark`). The rules applied and the case
        rulings go on accumulating in :attr:`rules` and :attr:`also`. Only a context whose every
        action was legal judges another (one that found a violation is dropped with its
        half-changed position), so ``violations`` is empty; and a quiet one has no effects or
        steps."""
        self.pos = pos
        self.player = player
        self.in_place = True
        self.action_index = 0
        self.failed = False
        self.overbuilt_opponent = False
        if self._named_sources is not None:
            self._named_sources = None
        if self.assumptions:  # (replaced only when the last action wrote to it: most do not)
            self.assumptions = []

    def named_source(
        self,
        resource: str,
        *,
        used: bool = False,
        code: str | None = None,
        assumption: str | None = None,
        **fields: Any,
    ) -> None:
        """Record how a cube of *resource* went with the action's named source(s): *used* when a named
        source supplied it; otherwise what to report (a violation *code* with *fields*, or an
        *assumption*) should no cube of the action use a named source (see :meth:`finish_action`)."""
        sources = self._named_sources
        if sources is None:
            sources = self._named_sources = {}
        state = sources.setdefault(resource, [False, None])
        if used:
            state[0] = True
        elif state[1] is None:
            state[1] = (code, fields, assumption)

    def finish_action(self) -> None:
        """Report what the action's checks left for its end: named coal/iron sources that no cube
        of the action used (BLD019/BLD020, or an assumption)."""
        if not self._named_sources:  # most actions name no source
            return
        for used, miss in self._named_sources.values():
            if used or miss is None:
                continue
            code, fields, assumption = miss
            if code is not None:
                self.violate(code, priority=30, **fields)
            else:
                self.assume(assumption)

    def reported(self, code: str) -> bool:
        """Whether the action being judged has already reported *code*."""
        return any(v.code == code for v in self.violations[self._first_violation :])

    # ------------------------------------------------------------------ recording
    def violate(self, code: str, priority: int = 50, *, also: Iterable[str] = (), **fields: Any) -> None:
        """Report a violation; *also* names the cases (case keys of the code's ``may_cite``) that
        decided it, recorded as the game's rulings."""
        game = self.game_key
        assert code in self.codes, code
        if also:
            also = tuple(q for q in (cite(game, code, k) for k in also) if q is not None)
            if also:
                fields["_rulings"] = also
        self.violations.append(Violation(code, fields, self.action_index, priority, game))
        self.failed = True

    def effect(self, effect_kind: str, text: str, /, **data: Any) -> None:
        if self.narrate:
            self.effects.append(Effect(effect_kind, text, data, self.action_index))

    def mark(self, what: str, item: Any) -> None:
        """Note something the action changed, for the verdict picture (``--render``). A replay's
        context (:attr:`in_place`) notes nothing: no picture is drawn of its actions, and one that
        breaks a rule (whose checks may read the marks) is judged again on a copy."""
        if self.in_place:
            return
        marks = self.highlight.get(what)
        if marks is None:
            self.highlight[what] = [item]
        else:
            marks.append(item)

    def step(self, text: str) -> None:
        if self.narrate:
            self.steps.append(text)

    # ------------------------------------------------------------------ naming
    def loc(self, key: str) -> str:
        return str(self.data.locations[key].name)

    def ind(self, key: str) -> str:
        return str(self.data.industry_names[key])

    def line_name(self, key: str) -> str:
        """The name of line *key* (its ends' names): it depends only on the game data, so each is
        built once and kept on the data object (every rail built names its line)."""
        names: dict[str, str] | None = self.data.__dict__.get("_line_names")
        if names is None:
            names = self.data.__dict__["_line_names"] = {}
        name = names.get(key)
        if name is None:
            name = names[key] = "-".join(self.loc(end) for end in key.split("~"))
        return name

    def tile_name(self, t: Tile) -> str:
        return f"{t.owner}'s level {t.level} {self.ind(t.industry)} in {self.loc(t.location)}"

    def card_name(self, card: str) -> str:
        if card in self.data.industry_names:
            return str(self.data.industry_names[card])
        if card in self.data.card_names:  # a card named apart from its industries (a dual card)
            return str(self.data.card_names[card])
        if card in self.data.wild_cards:
            return str(self.data.wild_cards[card]["name"])
        return str(self.data.locations[card].name)

    @property
    def me(self) -> Any:
        return self.pos.player[self.player]

    # ------------------------------------------------------------------ money and income
    def pay(self, amount: int, what: str) -> None:
        """Pay *amount* onto the character tile (spent this round, Q025)."""
        if amount <= 0:
            return
        p = self.pos.player[self.player]
        p.money -= amount
        p.spent += amount
        self.rule("RUL-SPENT")
        if self.narrate:
            self.effect(
                "money",
                f"{self.player} pays £{amount} for {what} (spent this round: £{p.spent})",
                player=self.player,
                amount=-amount,
                money=p.money,
                spent=p.spent,
            )

    def gain_money(self, player: str, amount: int, why: str) -> None:
        p = self.pos.own_player(player)
        p.money += amount
        if self.narrate:
            self.effect(
                "money", f"{player} gains £{amount} {why}", player=player, amount=amount, money=p.money
            )

    def advance_income(self, player: str, spaces: int, why: str) -> None:
        """Move *player*'s income marker up by *spaces*, never past the track's end (level 30, Q030)."""
        p = self.pos.own_player(player)  # the tile's owner may be another player (Q031)
        before = p.income_space
        last = self.data.track_last_space
        p.income_space = last if before + spaces > last else before + spaces  # (min() costs a call)
        if not self.narrate:
            return
        lv0, lv1 = self.data.income_level(before), self.data.income_level(p.income_space)
        capped = f" (capped at level {self.data.max_income_level})" if before + spaces > last else ""
        self.effect(
            "income",
            f"{player}'s income marker moves {p.income_space - before} space(s) "
            f"{before}→{p.income_space} (level {lv0}→{lv1}) for {why}{capped}",
            player=player,
            spaces=p.income_space - before,
            income_space=p.income_space,
            income_level=lv1,
        )

    def flip(self, t: Tile, why: str) -> None:
        """Flip tile *t*: its owner's income marker advances by the tile's income spaces (Q030, Q031)."""
        t = self.pos.own_tile(t)
        t.flipped = True
        spec = self.data.tile(t.industry, t.level)
        # the tile's owner gains the income, whoever caused the flip (Q031)
        if t.owner != self.player:
            self.rule("RUL-FLIP-INCOME", "flip.income-to-owner")
        else:
            self.rule("RUL-FLIP-INCOME")
        self.mark("flipped", (t.location, t.space))
        if self.narrate:
            self.effect(
                "flip",
                f"{self.tile_name(t)} flips ({why})",
                location=t.location,
                space=t.space,
                owner=t.owner,
                industry=t.industry,
                level=t.level,
            )
        self.advance_income(
            t.owner,
            spec.income,
            f"flipping the {self.ind(t.industry)} in {self.loc(t.location)}" if self.narrate else "",
        )
