"""A competent heuristic player for every contract-rummy game (May I?, Posso?, yours).

The view does not carry the rules, so the agent is made for a game:
``ContractAgent.for_game(definition)`` reads the definition's meld rules and card
values (or give them directly). It imports no game: out of turn it answers the game's
:class:`~rummykit.kit.definition.Question` phases by what their yes does (take the
card, buy it, refuse another's request, lay it down at once), so claim windows it has
never met work too; in turn it decides from the engine's actions (draw, take, go down,
lay off, exchange, discard).

**The value rule.** The agent measures the hand's distance from the deal's contract
(:func:`~rummykit.agents.distance.contract_distance`: cards missing). Before its
contract is down it

- takes the top pile card (as its draw, or when offered it first) when the card brings
  it at least ``take_gain`` cards nearer;
- asks "May I?" (or refuses a request, which buys the card itself) when the card brings it
  at least ``buy_gain`` cards nearer, its hand holds at most ``max_hand`` cards and the
  stock holds at least ``min_stock`` (a buy costs a penalty card);
- goes down as soon as it can, with the arrangement that leaves the fewest points;
- discards the card whose loss leaves the hand nearest the contract, then the loneliest
  (no pair, no near-run), then the most expensive; never a card of a rank an opponent
  is known to hold (took from the pile) when another will do.

Once down it lays off everything it can, takes a pile card only if it lays off at once,
and discards its most expensive card.

In a deal without a contract (an engine game with free melding) it measures the hand by
its least deadwood instead (:func:`~rummykit.solver.min_deadwood_value`: the points
outside its best melds): it takes the pile card when that lowers the deadwood by
``free_gain`` points, buys it for twice as many, and discards the card whose loss leaves
the least deadwood.

In a deal laid down whole (the schedule's ``whole_hand``: the go-down takes every card)
it measures instead how far the whole hand is from such a go-down
(:func:`~rummykit.agents.distance.whole_hand_distance`: cards no meld would hold plus
cards missing), and buys only when the card brings it one card nearer than
``buy_gain`` asks (the penalty card is one more card to fit).

>>> import random
>>> from rummykit import game
>>> agent = ContractAgent.for_game(game("may-i"))
>>> match = game("may-i").new_match(players=4, seed=7)
>>> agent.choose(match.view(match.to_act), random.Random(0))
Draw()
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import attrs

from rummykit.agents.basic import ACE_HIGH_VALUES
from rummykit.agents.distance import contract_distance, whole_hand_distance
from rummykit.agents.options import check_options, instance_of, option, whole
from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.engine.actions import Down, ExchangeJoker, LayOff
from rummykit.engine.definition import ContractRummy
from rummykit.errors import ConfigError, SolverBudgetError
from rummykit.kit.actions import Action, Discard, Done, Draw, Take
from rummykit.kit.definition import Question, Stake, require_definition
from rummykit.kit.protocol import PlayerView
from rummykit.melds import Meld, MeldRules, try_lay_off
from rummykit.scoring import CardValues
from rummykit.solver import min_deadwood_value

_T = TypeVar("_T")

FREE_RANDOM_DISCARD = 8
"""In a deal without a contract, :meth:`ContractAgent.choose` discards any card of the
hand once in this many discards (a seeded choice: the match's ``rng``)."""

SET_BY_GAME = ("rules", "values", "whole_hand_deals", "deep_takes")
"""The :class:`~rummykit.agents.ContractAgent` fields
:meth:`~rummykit.agents.ContractAgent.for_game` reads from the game."""


def contract_game_rules(definition: Any) -> MeldRules | None:
    """The meld rules of a contract game, one with meld rules and either a contract
    schedule or the contract-rummy engine's turn (what :class:`ContractAgent` plays: a
    game on the engine without contracts too), else ``None``.

    >>> from rummykit import game
    >>> contract_game_rules(game("posso")) is not None, contract_game_rules(game("possession"))
    (True, None)
    """
    rules: MeldRules | None = definition.meld_rules()
    on_engine = isinstance(definition, ContractRummy)
    return (
        rules
        if rules is not None
        and (on_engine or callable(getattr(definition.rules, "schedule", None)))
        else None
    )


def _contract_rules(definition: Any) -> MeldRules:
    """:func:`contract_game_rules`, or a ConfigError naming what ``definition`` lacks."""
    require_definition(definition)
    rules = contract_game_rules(definition)
    if rules is None:
        lacks = "meld rules" if definition.meld_rules() is None else "contract schedule"
        raise ConfigError(
            f"ContractAgent plays contract games; {definition.name} has no {lacks} "
            "(heuristic_agent(definition) gives its heuristic)"
        )
    return rules


def _deal_numbers(value: Iterable[int]) -> frozenset[int]:
    return frozenset(value)


def _whole_hand_deals(definition: Any) -> frozenset[int]:
    """The deals of the game's schedule laid down whole (``whole_hand``): the rules'
    ``schedule()``, else an engine game's table options' schedule (none: no such deal)."""
    made = getattr(definition.rules, "schedule", None)
    if callable(made):
        schedule = made()
    elif isinstance(definition, ContractRummy):
        schedule = definition.table_options().schedule
    else:
        schedule = None
    if schedule is None:
        return frozenset()
    return frozenset(number for number, deal in enumerate(schedule, start=1) if deal.whole_hand)


def _deep_takes(definition: Any) -> bool:
    """Whether the game's pile take is ``meld_deepest`` (several cards, no penalty)."""
    if not isinstance(definition, ContractRummy):
        return False
    mode = getattr(definition.table_options(), "pile_take", None)
    return getattr(mode, "value", mode) == "meld_deepest"


@attrs.frozen(kw_only=True)
class ContractAgent:
    """The heuristic contract-rummy player (see the module for its value rule); the
    options after ``rules`` are keyword-only and checked (a :class:`~rummykit.errors.ConfigError`).
    """

    rules: MeldRules = attrs.field(
        validator=instance_of(MeldRules, "the game's MeldRules"), kw_only=False
    )
    """The game's meld rules (``definition.meld_rules()``)."""
    values: CardValues = attrs.field(
        default=ACE_HIGH_VALUES, validator=instance_of(CardValues, "CardValues")
    )
    """The game's card values (``definition.card_values()``)."""
    take_gain: int = option(1, validator=whole(0))
    """Take the pile card when it brings the hand this many cards nearer the contract."""
    buy_gain: int = option(1, validator=whole(0))
    """Ask "May I?" (or refuse a request) when the card brings it this many cards nearer."""
    max_hand: int = option(16, validator=whole(0))
    """Never buy with more cards than this in hand."""
    min_stock: int = option(4, validator=whole(0))
    """Never buy when the stock holds fewer cards than this."""
    whole_hand_deals: frozenset[int] = option(frozenset(), converter=_deal_numbers)
    """The deals laid down whole (the schedule's ``whole_hand``), by number."""
    deep_takes: bool = option(False)
    """Whether the game lets a take of several pile cards go without penalty cards, the
    deepest melded at once (the engine's ``pile_take = "meld_deepest"``, 500 Rum)."""
    free_gain: int = option(4, validator=whole(0))
    """In a deal without a contract: take the pile card when it lowers the hand's least
    deadwood (points outside melds) by this many points; buy it for twice as many."""

    @classmethod
    def for_game(cls, definition: Any, **parameters: Any) -> ContractAgent:
        """The agent for a contract game's definition (its meld rules and card values;
        ``parameters`` set the other options).

        >>> from rummykit import game
        >>> ContractAgent.for_game(game("may-i"), buy_gain=2).buy_gain
        2
        """
        given = sorted(set(SET_BY_GAME) & set(parameters))
        if given:
            raise ConfigError(
                f"ContractAgent.for_game reads {' and '.join(given)} from the game; "
                "give them to ContractAgent(rules, values=...) instead"
            )
        check_options(cls, parameters, set_by_game=SET_BY_GAME)
        rules = _contract_rules(definition)
        values = definition.card_values()
        return cls(
            rules,
            values=ACE_HIGH_VALUES if values is None else values,
            whole_hand_deals=_whole_hand_deals(definition),
            deep_takes=_deep_takes(definition),
            **parameters,
        )

    def check_game(self, definition: Any) -> None:
        """Refuse a game this agent was not made for: a contract game (meld rules and a
        contract schedule) whose meld rules, and card values if it has them, are the
        agent's (else its solver measures the wrong contract rules). A
        :class:`~rummykit.errors.ConfigError` saying how to make the right one.

        >>> from rummykit import game
        >>> ContractAgent.for_game(game("may-i")).check_game(game("posso"))
        Traceback (most recent call last):
        ...
        rummykit.errors.ConfigError: this ContractAgent was made for other meld rules than
        the game it is seated in (posso, with its options): heuristic_agent(definition)
        gives that game's heuristic
        """
        rules = _contract_rules(definition)
        values = definition.card_values()
        wrong = (
            "meld rules"
            if rules != self.rules
            else "card values"
            if values is not None and values != self.values
            else "deals laid down whole"
            if _whole_hand_deals(definition) != self.whole_hand_deals
            else None
        )
        if wrong is not None:
            raise ConfigError(
                f"this ContractAgent was made for other {wrong} than the game it is seated "
                f"in ({definition.name}, with its options): heuristic_agent(definition) "
                "gives that game's heuristic"
            )

    # -- the decision ----------------------------------------------------------------------

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The heuristic's choice among ``view.legal``. In a deal without a contract one
        discard in :data:`FREE_RANDOM_DISCARD` is any card of the hand: hands of pairs
        that wait for each other's cards (every seat keeping its low pairs) would
        otherwise pass the same cards round until the stock runs out."""
        ranked = self.rank(view)
        best = ranked[0]
        if (
            isinstance(best, Discard)
            and not isinstance(view.contract, Contract)
            and rng.randrange(FREE_RANDOM_DISCARD) == 0
        ):
            return rng.choice([action for action in ranked if isinstance(action, Discard)])
        return best

    def rank(self, view: PlayerView) -> list[Action]:
        """``view.legal`` ordered best first by the heuristic (the search agent's
        candidates)."""
        legal = list(view.legal)
        if len(legal) <= 1:
            return legal
        if isinstance(view.phase, Question):
            return self.rank_answers(view, view.phase, legal)
        kinds = {type(action) for action in legal}
        if Draw in kinds:
            return self.rank_draw(view, legal)
        if Down in kinds or LayOff in kinds or Discard in kinds or ExchangeJoker in kinds:
            return self.rank_meld(view, legal)
        if Take in kinds:  # a buy turn's take: the disputed card alone first
            return sorted(legal, key=lambda a: (not isinstance(a, Take), _count(a)))
        return sorted(legal, key=_fallback)

    def rank_answers(
        self, view: PlayerView, question: Question, legal: list[Action]
    ) -> list[Action]:
        """An out-of-turn question: the answers that take the card (the one laying the
        most cards down first), before the decline when the card is worth what the yes
        costs (:meth:`wants`), else after it; a yes that lays the card down at once
        costs nothing, so it always comes first."""
        takes = sorted((a for a in legal if a != question.decline), key=lambda a: -_laid(a))
        declines = [a for a in legal if a == question.decline]
        if question.stake is Stake.MELD:
            want = True
        elif question.stake is Stake.REFUSE:
            want = self.wants(view, buy=not self.next_after_discarder(view))
        else:
            want = self.wants(view, buy=question.stake is Stake.BUY)
        return [*takes, *declines] if want else [*declines, *takes]

    def next_after_discarder(self, view: PlayerView) -> bool:
        """Whether the seat sits right after the top pile card's discarder (its refusal
        takes the card as a draw, without penalty)."""
        if not view.pile:
            return False
        discarder = view.pile[-1][1]
        return discarder is not None and (discarder + 1) % len(view.hand_sizes) == view.seat

    def wants(self, view: PlayerView, *, buy: bool) -> bool:
        """Whether the top pile card is worth taking (``buy``: worth a penalty card)."""
        if not view.pile:
            return False
        card = view.pile[-1][0]
        contract = view.contract
        down = view.down[view.seat]
        if down:
            return not buy and self.lays_off(view.melds, card)
        if not isinstance(contract, Contract):  # no contract: melds of any kind
            if not buy and self.lays_off(view.melds, card):
                return True
            if buy and (len(view.hand) + 2 > self.max_hand or view.stock_size < self.min_stock):
                return False
            before = self.deadwood(view.hand)
            after = self.deadwood([*view.hand, card], discard=not buy)
            return before - after >= (2 * self.free_gain if buy else self.free_gain)
        if buy and (len(view.hand) + 2 > self.max_hand or view.stock_size < self.min_stock):
            return False
        whole = view.deal in self.whole_hand_deals
        before = self.distance(view, view.hand, contract)
        after = self.distance(view, [*view.hand, card], contract)
        gain = (self.buy_gain + (1 if whole else 0)) if buy else self.take_gain
        return before - after >= gain

    def distance(self, view: PlayerView, hand: Sequence[Card], contract: Contract) -> int:
        """How far ``hand`` is from going down in this deal: from the contract, or from
        laying the whole hand down in a deal laid down whole."""
        if view.deal in self.whole_hand_deals:
            return whole_hand_distance(hand, contract, self.rules)
        return contract_distance(hand, contract, self.rules)

    def deadwood(self, hand: Sequence[Card], *, discard: bool = False) -> int:
        """The points ``hand`` leaves outside its best melds (after its best discard, with
        ``discard``): how far a hand is from going out in a deal without a contract."""
        try:
            return min_deadwood_value(hand, self.rules, values=self.values, discard=discard)
        except SolverBudgetError:  # a hand too rich to search: count every card
            return self.values.hand_value(list(hand))

    def lays_off(self, melds: Sequence[Meld], card: Card) -> bool:
        """Whether ``card`` can be laid off on one of ``melds``."""
        rules = self.rules
        return any(try_lay_off(meld, card, rules) is not None for meld in melds)

    def rank_draw(self, view: PlayerView, legal: list[Action]) -> list[Action]:
        """The draw step: the pile's top card when it is worth it, else the stock. In a
        deal without a contract, a deeper take (several pile cards) comes first when it
        lowers the least deadwood by ``free_gain`` points a card taken, and most, in a
        game whose deep takes cost no penalty card (``deep_takes``)."""
        take = self.wants(view, buy=False)
        ranked = _sorted_by(legal, [_draw_key(action, take) for action in legal])
        if not self.deep_takes or isinstance(view.contract, Contract) or view.down[view.seat]:
            return ranked
        deep = self.deep_take(view, [a for a in legal if isinstance(a, Take) and a.count > 1])
        return ranked if deep is None else [deep, *(a for a in ranked if a != deep)]

    def deep_take(self, view: PlayerView, takes: list[Take]) -> Take | None:
        """The take of several pile cards that lowers the hand's least deadwood most,
        by at least ``free_gain`` points a card taken, else ``None``."""
        if not takes:
            return None
        pile = [card for card, _ in view.pile]
        before = self.deadwood(view.hand)
        best: Take | None = None
        best_gain = 0
        for action in takes:
            cards = pile[len(pile) - action.count :]
            gain = before - self.deadwood([*view.hand, *cards], discard=True)
            if gain >= self.free_gain * action.count and gain > best_gain:
                best, best_gain = action, gain
        return best

    def rank_meld(self, view: PlayerView, legal: list[Action]) -> list[Action]:
        """The meld step: go down, lay off, exchange jokers, then discard or end."""
        hand = list(view.hand)
        downs = [a for a in legal if isinstance(a, Down)]
        downs = _sorted_by(downs, [self.left_after(hand, down) for down in downs])
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        exchanges = [a for a in legal if isinstance(a, ExchangeJoker)]
        exchanges.sort(key=lambda exchange: exchange.joker_to is None)
        discards = self.rank_discards(view, [a for a in legal if isinstance(a, Discard)])
        rest = [a for a in legal if not isinstance(a, Down | LayOff | ExchangeJoker | Discard)]
        return [*downs, *layoffs, *exchanges, *discards, *sorted(rest, key=_fallback)]

    def left_after(self, hand: list[Card], down: Down) -> int:
        """Points left in hand after ``down``."""
        left = Counter(hand)
        for cards, _ in down.melds:
            left.subtract(cards)
        return self.values.hand_value(list(left.elements()))

    def rank_discards(self, view: PlayerView, discards: list[Discard]) -> list[Discard]:
        """Discards best first (see the module's value rule)."""
        hand = list(view.hand)
        contract = view.contract
        down = view.down[view.seat]
        wanted = {
            card.rank
            for seat, cards in enumerate(view.known)
            if seat != view.seat
            for card in cards
            if card.rank is not None
        }
        held = _held(hand)
        keys: list[tuple[int, int, int, int, int]] = []
        for discard in discards:
            card = discard.card
            feeds = 1 if card.rank in wanted or card.rank is None else 0
            if down:
                keys.append((feeds, 0, 0, -self.values.value(card), card.code))
                continue
            rest = list(hand)
            rest.remove(card)
            if isinstance(contract, Contract):
                distance = self.distance(view, rest, contract)
            else:  # no contract: keep the hand nearest melding every card
                distance = self.deadwood(rest)
            keys.append(
                (feeds, distance, -_loneliness(held, card), -self.values.value(card), card.code)
            )
        return _sorted_by(discards, keys)


def _sorted_by(items: list[_T], keys: Sequence[Any]) -> list[_T]:
    """``items`` in the order of their ``keys`` (one each), ties in their given order:
    what ``sorted(items, key=...)`` gives, with the keys computed by the caller (a
    method's nested key function is a closure, which mypyc cannot compile in an attrs
    class's method)."""
    order = sorted(range(len(items)), key=keys.__getitem__)
    return [items[index] for index in order]


def _draw_key(action: Action, take: bool) -> tuple[int, int]:
    """The draw step's order: the pile's top card first when ``take``, else second."""
    if isinstance(action, Take):
        return (0 if take else 2, action.count)
    if isinstance(action, Draw):
        return (1, 0)
    return (3, 0)  # TakeCard, and actions the agent does not know


def _held(hand: Sequence[Card]) -> tuple[list[int], list[int]]:
    """How many of each card (by code) and of each natural rank (by number) ``hand``
    holds: what :func:`_loneliness` counts friends from."""
    by_code = [0] * 53
    by_rank = [0] * 14
    for card in hand:
        code = card.code
        by_code[code] += 1
        if code < 52:
            by_rank[code % 13 + 1] += 1
    return by_code, by_rank


def _loneliness(held: tuple[list[int], list[int]], card: Card) -> int:
    """How alone ``card`` is in the hand ``held`` counts (:func:`_held`; the card itself
    once not counted): minus its pairs (2 each: any card of its rank) and near-run
    partners (1 each: its suit, a rank one or two away)."""
    code = card.code
    if code >= 52:
        return -10
    by_code, by_rank = held
    rank = code % 13 + 1
    friends = 2 * by_rank[rank] - (2 if by_code[code] else 0)
    suit_base = code - rank + 1
    for other in range(max(1, rank - 2), min(13, rank + 2) + 1):
        if other != rank:
            friends += by_code[suit_base + other - 1]
    return -friends


def _count(action: Action) -> int:
    return action.count if isinstance(action, Take) else 0


_FALLBACK_ORDER = (Done, Draw, Take)


def _laid(action: Action) -> int:
    """The cards ``action`` lays down in new melds (a claim's ``melds``), else 0."""
    melds = getattr(action, "melds", ())
    return sum(len(cards) for cards, _ in melds)


def _fallback(action: Action) -> int:
    """Actions the agent has no rule for: the least committal first."""
    for index, kind in enumerate(_FALLBACK_ORDER):
        if isinstance(action, kind):
            return index
    return len(_FALLBACK_ORDER)
