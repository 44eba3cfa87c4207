"""A search player: sample the hidden hands, play each candidate out, keep the best.

Determinized Monte Carlo. For a decision with several sensible actions (the heuristic's
best ``candidates``: a draw, a buy, a discard, a play), the agent deals the hidden cards
anew consistent with its view (a :class:`~rummykit.sampling.Sampler` of the position),
applies each candidate to that sample and plays on with the heuristic for every seat
(the same rollout seed for every candidate: common random numbers). A rollout ends with
the deal, or after ``horizon`` decisions, where each seat is charged what the rest of the
deal is expected to cost it (``leaf_value="expected"``: from the cards it lacks for the
contract, how late the deal is, its points and the seats down; a fit to May I? play,
``rummykit/agents/_leaf.py``), or the deal is scored as if it ended there
(``leaf_value="points"``: each seat pays the points in its hand, plus ``distance_weight``
per card a seat not yet down lacks for the contract). What the end is worth to the seat
is its match total minus the best other total (``objective="best"``: what winning
takes; ``"mean"`` compares with the others' mean instead, ``"win"`` with the others
weighted by how likely each is to finish first; ``"chance"`` is the chance of finishing
first itself). It repeats until
``simulations`` rollouts are spent (or ``max_ms`` milliseconds, which is not
reproducible).

The search does not feed its left neighbour (``guard``): a discard the next seat would
take and lay off at once (it has gone down and the card fits a meld on the table,
:func:`feeds`) is ranked after every other discard, so the choice the search keeps unless
it is sure gives the next seat nothing it can use for certain.

The heuristic's first choice stands unless another candidate beats it on the same
samples by more than ``margin`` standard errors of the difference: with a few dozen
samples a plain "best mean" mostly follows the noise (measured: it lost to the heuristic
it searches with), the margin keeps only gains the samples agree on.

The budget goes where the search can change the play. Going down, laying off, consent,
single-choice decisions, (unless ``draws``) the choice of pile and (with
``questions=False``) the out-of-turn questions follow the heuristic without search. The
samples come in rounds, one for every candidate still in; from round ``prune_after`` on,
a challenger whose mean gain over the heuristic's choice is not above ``prune`` standard
errors is dropped, and the search ends when none is left. Most
decisions end after two rounds (the heuristic's choice is rarely beaten, and a
challenger behind after two samples seldom gets ahead by 1.5 standard errors later), so
a decision costs about a fifth of its full budget and the contested ones get all of it.

With ``inference`` the samples believe that the other seats play like the policy: a
deal that gives a seat not yet down a card of the pile it could have used (it passed on
it, or discarded it) is kept less often (:meth:`SearchAgent.deal_weight`, a
:class:`~rummykit.sampling.Sampler`'s ``weight``).

A search needs the match to sample from, so the agent implements
:class:`MatchAgent`'s ``choose_in(match, seat, rng)``; the simulator (and
:func:`decide`) call it. The sample is built from the seat's view and the match's
public structure only (see :mod:`rummykit.sampling`). Given only a view
(``choose``), it plays as its heuristic.

>>> import random
>>> from rummykit.agents import SearchAgent, heuristic_agent
>>> from rummykit import game
>>> may_i = game("may-i")
>>> agent = SearchAgent(heuristic_agent(may_i), simulations=6)
>>> match = may_i.new_match(players=4, seed=7)
>>> seat = match.to_act
>>> first = decide(agent, match, seat, random.Random(3))
>>> first == decide(agent, match, seat, random.Random(3)), first in match.legal_actions()
(True, True)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

import attrs

from rummykit.agents._leaf import expected_costs
from rummykit.agents.basic import Agent, check_agent
from rummykit.agents.distance import contract_distance
from rummykit.agents.options import instance_of, number, one_of, whole
from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.engine.actions import Down, ExchangeJoker, LayOff, TakeCard
from rummykit.errors import ConfigError, IllegalActionError
from rummykit.kit.actions import Action, Discard, Done, Draw, Take
from rummykit.kit.definition import Question, Stake
from rummykit.kit.match import Match
from rummykit.kit.protocol import PlayerView
from rummykit.melds import MeldRules, try_lay_off
from rummykit.messages import Message
from rummykit.sampling import Sampler

MAX_SIMULATIONS = 100_000
"""The most rollouts per decision a :class:`SearchAgent` takes (``simulations``): a
player's ``--bot-option search.simulations=10**9`` would never decide."""
MAX_CANDIDATES = 100
"""The most candidate actions a :class:`SearchAgent` compares."""
MAX_HORIZON = 100_000
"""The longest rollout a :class:`SearchAgent` plays (``horizon``, in decisions)."""


_NO_SEARCH = (Down, LayOff, ExchangeJoker, Done)
"""Decisions the heuristic makes alone: going down and laying off (always right) and
ending a step; and consent (:data:`~rummykit.kit.definition.Stake.REFUSE` questions,
rare and cheap)."""
_PILE = (Draw, Take, TakeCard)
"""The actions of a choice of pile: searched only with ``draws``."""


@runtime_checkable
class MatchAgent(Protocol):
    """An agent that decides from the match itself (to sample what its seat cannot
    see); it must read the match only through what its seat may know."""

    def choose_in(self, match: Match[Any, Any], seat: int, rng: random.Random) -> Action: ...


def decide(agent: Agent, match: Match[Any, Any], seat: int, rng: random.Random) -> Action:
    """``agent``'s decision for ``seat``: ``choose_in`` for a :class:`MatchAgent`, else
    ``choose`` on the seat's view. A seat with no decision to make now is an
    :class:`~rummykit.errors.IllegalActionError`."""
    if not isinstance(rng, random.Random):
        raise ConfigError(f"rng must be a random.Random, got {rng!r}")
    choose_in = getattr(agent, "choose_in", None)  # isinstance(agent, MatchAgent), the
    if choose_in is not None:  # protocol's own test, without its 18 µs a decision
        chosen: Action = choose_in(match, seat, rng)
        return chosen
    view = match.view(seat)
    if not view.legal:
        raise IllegalActionError(Message("seat.no_decision", {"seat": seat}))
    return agent.choose(view, rng)


def _ranked(agent: Agent, view: PlayerView) -> list[Action]:
    rank = getattr(agent, "rank", None)
    if callable(rank):
        ranked: list[Action] = rank(view)
        return ranked
    best = agent.choose(view, random.Random(0))
    return [best, *(action for action in view.legal if action != best)]


def feeds(action: Action, view: PlayerView, rules: MeldRules) -> bool:
    """Whether ``action`` discards a card the next seat can use for certain: that seat
    has gone down and the card fits one of the melds on the table (it takes the card as
    its draw and lays it off, a card nearer going out)."""
    if not isinstance(action, Discard) or not view.down:
        return False
    after = (view.seat + 1) % len(view.down)
    if after == view.seat or not view.down[after]:
        return False
    card = action.card
    return any(try_lay_off(meld, card, rules) is not None for meld in view.melds)


def guarded(ranked: list[Action], view: PlayerView, rules: MeldRules) -> list[Action]:
    """``ranked`` with the discards that :func:`feeds` the next seat moved after the
    others (each group in its order); unchanged when every discard feeds it."""
    if not any(isinstance(action, Discard) for action in ranked):
        return ranked
    fed = [feeds(action, view, rules) for action in ranked]
    if not any(fed) or all(f for f, a in zip(fed, ranked, strict=True) if isinstance(a, Discard)):
        return ranked
    return [a for a, f in zip(ranked, fed, strict=True) if not f] + [
        a for a, f in zip(ranked, fed, strict=True) if f
    ]


def _gain(mine: Sequence[float], first: Sequence[float]) -> tuple[float, float]:
    """The mean of ``mine`` minus ``first``, sample by sample, and its standard error
    (0 with one sample)."""
    diffs = [a - b for a, b in zip(mine, first, strict=True)]
    mean = statistics.fmean(diffs)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) >= 2 else 0.0
    return mean, error


def _at_most_one(instance: Any, attribute: Any, value: Any) -> None:
    if value > 1:
        raise ConfigError(f"SearchAgent's {attribute.name} must be at most 1, got {value!r}")


def _agent(instance: Any, attribute: Any, value: Any) -> None:
    if not callable(getattr(value, "choose", None)):
        raise ConfigError(
            f"SearchAgent's {attribute.name} must be an agent (with choose), got {value!r}"
        )


FAST: Mapping[str, Any] = MappingProxyType({"simulations": 24, "candidates": 3})
"""The options of :meth:`SearchAgent.fast`: at most 24 rollouts over 3 candidates (the
default's depth, leaf and pruning)."""


@attrs.frozen(kw_only=True)
class SearchAgent:
    """Determinized Monte Carlo over the heuristic ``policy`` (see the module).

    The default (at most 48 rollouts over 5 candidates, 24 decisions deep, the expected
    leaf; challengers not ahead after 2 rounds dropped; the choice of pile left to the
    policy) won 42.0 % of 400 May I? matches against three heuristics (95 % interval
    37.3-46.9 %; seed 2026), where a heuristic in its seat won 27.6 % of the same deals, and
    its left neighbour 17.2 %. :meth:`fast` (24 rollouts over 3 candidates) takes two
    thirds to four fifths of its time a decision and won 34.5 % of the same 400 deals;
    ``docs/howto/write-a-bot.md`` has the table of strength against time,
    ``benchmarks/README.md`` the runs."""

    policy: Agent = attrs.field(validator=_agent, kw_only=False)
    """The heuristic that ranks candidates and plays every seat in rollouts."""
    simulations: int = attrs.field(default=48, validator=whole(1, MAX_SIMULATIONS))
    """Rollouts per decision at most (the budget), in rounds of one sample for every
    candidate: a budget too small to give every candidate two samples (when ``margin``
    is above 0: one sample proves nothing) compares fewer candidates, and one too small
    for two candidates is refused. With ``prune`` most decisions spend far fewer."""
    candidates: int = attrs.field(default=5, validator=whole(1, MAX_CANDIDATES))
    """How many of the policy's best actions are compared (at most: no more than
    ``simulations`` gives two samples each, see :attr:`compared`). Five cost about
    what three did; on the first 48 deals of the benchmark they won 47.9 % against
    33.3 %, a gain a longer run does not confirm (``docs/howto/write-a-bot.md``)."""
    horizon: int | None = attrs.field(default=24, validator=whole(1, MAX_HORIZON, optional=True))
    """Stop a rollout after this many decisions and score the leaf (``None``: play the
    deal out)."""
    leaf_value: str = attrs.field(default="expected", validator=one_of("points", "expected"))
    """How a rollout stopped at the horizon scores the deal in progress: each seat pays
    the points in its hand and ``distance_weight`` per card it lacks for the contract
    (``"points"``), or what the rest of the deal is expected to cost it, from its cards
    missing, points, cards, the seats down and how much of the stock is gone
    (``"expected"``: its ``LeafModel`` in ``rummykit/agents/_leaf.py``, fitted to May I?;
    contract games, else ``"points"``)."""
    distance_weight: float = attrs.field(default=10, validator=number(0))
    """A leaf's cost per card a seat not yet down lacks for the contract (contract
    games, ``leaf_value="points"``), on top of the points in its hand."""
    objective: str = attrs.field(default="best", validator=one_of("best", "mean", "win", "chance"))
    """What a rollout's end is worth to the seat: its match total minus the best other
    total (``"best"``: what winning takes), minus the others' mean (``"mean"``), or minus
    the others' totals weighted by how likely each is to finish first (``"win"``: a
    softmax of their totals at the temperature ``spread``, widened by the deals still to
    play, so early in a match every opponent counts alike and in the last deal the leader
    counts most; a card fed to any opponent costs), or the chance of finishing ahead of
    every other seat (``"chance"``: each other total drifts from the seat's by a normal
    amount of deviation ``sqrt(2)`` times that temperature, the others taken as
    independent; in [0, 1])."""
    spread: float = attrs.field(default=40, validator=number(0, above=True))
    """With ``objective="win"``: the points by which two seats' totals may still drift
    apart in a deal (the softmax's temperature is ``spread`` times the square root of the
    deals left after this one plus a half)."""
    margin: float = attrs.field(default=1.5, validator=number(0))
    """How sure the search must be to overrule the policy: a candidate replaces the
    policy's first choice only when its mean gain over it, on the same samples, exceeds
    this many standard errors (0: the best mean wins)."""
    prune: float | None = attrs.field(default=0.0, validator=number(optional=True))
    """Stop sampling a challenger (any candidate but the policy's first) once, after
    ``prune_after`` rounds, its mean gain over the first is not above this many standard
    errors (0: not ahead at all); the search ends when no challenger is left, the policy's
    choice standing. Most decisions end after a few rounds, so the budget goes to the
    contested ones. ``None``: every candidate gets every round."""
    prune_after: int = attrs.field(default=2, validator=whole(2, MAX_SIMULATIONS))
    """Rounds (one sample for every candidate still in) before ``prune`` first looks."""
    draws: bool = attrs.field(default=False, validator=instance_of(bool, "a bool"))
    """Search the choice of pile too (drawing from the stock or taking the discard). Off
    by default: measured, the policy's draw was overruled at 5 of 170 such decisions
    (against 37 of 458 discards and buy questions), a quarter of the search's time for an
    eighth of its overrules."""
    questions: bool = attrs.field(default=True, validator=instance_of(bool, "a bool"))
    """Search the out-of-turn questions (take the discard first, buy it: May I?'s
    "May I?"). ``False`` answers them as the policy does, in about half the time a
    decision: they are about half of the searched decisions, and the search overrules
    the policy at only 25 of 613 of them (against 64 of 310 discards), but those few are
    worth much: measured, the default without them won 8.4 points less (32.9 % of 257
    May I? matches against the default's 41.2 % on the same deals)."""
    guard: bool = attrs.field(default=True, validator=instance_of(bool, "a bool"))
    """Rank last the discards the next seat would take and lay off at once (it has gone
    down and the card fits a meld on the table: ``rummykit.agents.search.feeds``), so
    that the policy's first choice, which the search overrules only when sure, is a card
    that gives the next seat nothing it can use for certain."""
    inference: float = attrs.field(default=0.0, validator=[number(0), _at_most_one])
    """How much the samples believe that the other seats play like the policy: a deal of
    the hidden cards is kept with ``1 - inference`` for every card among the last
    ``inference_cards`` of the pile that would bring a seat not yet down nearer its
    contract (every such seat passed on those cards, or discarded them, so the policy in
    its place could not use them; :meth:`deal_weight`). 0: the samples are uniform."""
    inference_cards: int = attrs.field(default=4, validator=whole(1, MAX_CANDIDATES))
    """How many of the pile's top cards :attr:`inference` reads (older passes say less:
    the hands have changed since)."""
    max_ms: float | None = attrs.field(default=None, validator=number(0, above=True, optional=True))
    """A time budget per decision in milliseconds (ends the search early; not
    reproducible)."""

    @classmethod
    def fast(cls, policy: Agent, **options: Any) -> SearchAgent:
        """The fast budget: at most 24 rollouts over 3 candidates (``FAST``), the
        default's depth and leaf, two thirds to four fifths of the default's time (the
        contested decisions get half the rollouts, the others cost the same few);
        ``options`` override it."""
        return cls(policy, **{**FAST, **options})

    def __attrs_post_init__(self) -> None:
        least = min(self.candidates, 2) * self.samples_each
        if self.simulations < least:
            why = "two samples per candidate" if self.margin > 0 else "a sample per candidate"
            raise ConfigError(
                f"SearchAgent's simulations ({self.simulations}) must be at least {least}: "
                f"{min(self.candidates, 2)} candidates need {why}"
                + (" to overrule the policy (margin > 0)" if self.margin > 0 else "")
            )

    @property
    def samples_each(self) -> int:
        """The fewest samples a candidate needs: two when ``margin`` is above 0 (one
        sample proves nothing), else one."""
        return 2 if self.margin > 0 else 1

    @property
    def compared(self) -> int:
        """How many candidates a decision compares: ``candidates``, but no more than the
        budget gives :attr:`samples_each` samples each."""
        return min(self.candidates, self.simulations // self.samples_each)

    def check_game(self, definition: Any) -> None:
        """Refuse a game its policy refuses (see :func:`~rummykit.agents.check_agent`)."""
        try:
            check_agent(self.policy, definition)
        except ConfigError as error:
            raise ConfigError(f"SearchAgent's policy: {error}") from None

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Without the match there is nothing to sample: the policy's choice."""
        return self.policy.choose(view, rng)

    def choose_in(self, match: Match[Any, Any], seat: int, rng: random.Random) -> Action:
        """Search the decision of ``seat`` in ``match``."""
        view = match.view(seat)
        if not view.legal:
            raise IllegalActionError(Message("seat.no_decision", {"seat": seat}))
        ranked = _ranked(self.policy, view)
        rules = getattr(self.policy, "rules", None)
        if self.guard and isinstance(rules, MeldRules):
            ranked = guarded(ranked, view, rules)
        consent = isinstance(view.phase, Question) and view.phase.stake is Stake.REFUSE
        if len(ranked) <= 1 or consent or isinstance(ranked[0], _NO_SEARCH):
            return ranked[0]
        if not self.draws and all(isinstance(action, _PILE) for action in ranked):
            return ranked[0]  # a choice of pile (not a claim question: it may be passed)
        if not self.questions and isinstance(view.phase, Question):
            return ranked[0]
        options = ranked[: self.compared]
        values: list[list[float]] = [[] for _ in options]
        active = list(range(len(options)))
        rounds = self.simulations // len(options)
        start = time.perf_counter()
        sampler = Sampler(match, seat, weight=self.deal_weight(view))
        deal = match.deal_number
        for done in range(1, rounds + 1):
            sample = sampler.sample(rng)
            seed = rng.getrandbits(32)
            for index in active:
                # the last candidate plays on the sample itself: one clone fewer a round
                trial = sample if index == active[-1] else sample.clone()
                trial.apply(options[index])
                values[index].append(self.rollout(trial, seat, random.Random(seed), deal=deal))
            if self.prune is not None and done >= self.prune_after:
                active = [0, *self.survivors(values, active[1:])]
                if len(active) == 1:
                    return options[0]
            if self.max_ms is not None and (time.perf_counter() - start) * 1000 > self.max_ms:
                break
        return options[active[self.pick([values[index] for index in active])]]

    def deal_weight(self, view: PlayerView) -> Callable[[list[list[Card]]], float] | None:
        """The samples' weight (a :class:`~rummykit.sampling.Sampler`'s ``weight``) with
        :attr:`inference`: ``1 - inference`` for every card of the pile's last
        :attr:`inference_cards` that would bring a seat not yet down (other than the
        view's) nearer the contract by the policy's count (its ``distance``), multiplied.
        ``None`` (uniform samples) without inference, a contract, such seats or such a
        policy."""
        contract = view.contract
        distance = getattr(self.policy, "distance", None)
        if self.inference == 0 or not isinstance(contract, Contract) or not callable(distance):
            return None
        cards = [card for card, _ in view.pile[-self.inference_cards :]]
        seats = [
            other
            for other in range(len(view.hand_sizes))
            if other != view.seat and not view.down[other]
        ]
        if not cards or not seats:
            return None
        keep = 1.0 - self.inference

        def weight(hands: list[list[Card]]) -> float:
            chance = 1.0
            for other in seats:
                hand = hands[other]
                before = distance(view, hand, contract)
                if before == 0:
                    continue
                for card in cards:
                    if distance(view, [*hand, card], contract) < before:
                        chance *= keep
            return chance

        return weight

    def survivors(self, values: Sequence[Sequence[float]], challengers: Sequence[int]) -> list[int]:
        """The ``challengers`` (indexes into ``values``) still worth sampling: those whose
        mean gain over the policy's first choice (``values[0]``, on the same samples) is
        above ``prune`` standard errors of the difference."""
        first, bar = values[0], self.prune
        if bar is None:  # no pruning: every challenger stays
            return list(challengers)
        kept = []
        for index in challengers:
            mean, error = _gain(values[index], first)
            if mean > bar * error:
                kept.append(index)
        return kept

    def pick(self, values: Sequence[Sequence[float]]) -> int:
        """The candidate to play: the policy's first (index 0) unless another beats it,
        sample by sample, by more than ``margin`` standard errors of the difference.
        ``values[i]`` holds candidate ``i``'s rollout values, one per sample."""
        if not values or not values[0] or any(len(row) != len(values[0]) for row in values):
            raise ConfigError(
                "SearchAgent.pick needs one value per sample for every candidate, got rows "
                f"of {[len(row) for row in values]} values"
            )
        best, best_gain = 0, 0.0
        for index in range(1, len(values)):
            mean, error = _gain(values[index], values[0])
            if len(values[0]) < 2:
                error = 0.0 if self.margin == 0 else math.inf
            if mean > self.margin * error and mean > best_gain:
                best, best_gain = index, mean
        return best

    def scale(self, match: Match[Any, Any], deal: int | None = None) -> float:
        """The temperature of ``objective="win"`` in ``match``: ``spread`` times the
        square root of the deals left after ``deal`` (by default the current one) plus a
        half (a match whose length is not known counts two more)."""
        count = match.deal_count()
        number = match.deal_number if deal is None else deal
        left = 2 if count is None else max(0, count - number)
        return self.spread * math.sqrt(left + 0.5)

    def rollout(
        self,
        match: Match[Any, Any],
        seat: int,
        rng: random.Random,
        *,
        deal: int | None = None,
    ) -> float:
        """Play ``match`` on with the policy to the end of deal ``deal`` (by default the
        current one; a candidate that ended the deal is not played into the next) or
        ``horizon`` decisions, then :meth:`leaf`; what that end is worth to ``seat``
        (:meth:`standing`, from the seats' net totals, at the temperature :meth:`scale`
        of the deal the rollout starts in)."""
        if deal is None:
            deal = match.deal_number
        scale = self.scale(match, deal)
        steps = 0
        while match.deal_number == deal and not match.is_over:
            if self.horizon is not None and steps >= self.horizon:
                return self.leaf(match, seat, scale=scale)
            actor = match.to_act
            legal = match.legal_actions()
            if actor is None:
                match.apply(legal[0])
                continue
            # a forced move needs no view and no policy (a view costs as much as the
            # heuristic's choice); a policy that draws from ``rng`` even then is the
            # only one whose rollouts this changes
            match.apply(legal[0] if len(legal) == 1 else self.policy.choose(match.view(actor), rng))
            steps += 1
        return self.standing(match.net_totals, seat, scale=scale)

    def standing(self, totals: Sequence[float], seat: int, *, scale: float | None = None) -> float:
        """How ``seat`` stands in the match totals ``totals``: its total minus the best
        other total (``objective="best"``: what winning takes), minus the others' mean
        (``"mean"``), or minus the others' totals weighted by a softmax of them at the
        temperature ``scale`` (``"win"``; by default ``spread``)."""
        others = [total for other, total in enumerate(totals) if other != seat]
        if not others:
            return float(totals[seat])
        if self.objective == "best":
            return totals[seat] - max(others)
        if self.objective == "mean":
            return totals[seat] - sum(others) / len(others)
        temperature = self.spread if scale is None else scale
        if self.objective == "chance":
            # each other seat's total drifts from the seat's by a normal amount of
            # deviation sqrt(2) * temperature by the match's end: the chance of staying
            # ahead of all of them (as if independent), in [0, 1]
            deviation = 2.0 * temperature
            chance = 1.0
            for total in others:
                chance *= 0.5 * (1.0 + math.erf((totals[seat] - total) / deviation))
            return chance
        top = max(others)
        weights = [math.exp((total - top) / temperature) for total in others]
        return totals[seat] - sum(w * t for w, t in zip(weights, others, strict=True)) / sum(
            weights
        )

    def leaf(self, match: Match[Any, Any], seat: int, *, scale: float | None = None) -> float:
        """A deal in progress, scored as if it ended now: each seat pays the points (or
        cards) left in its hand, and in contract games ``distance_weight`` per card a
        seat not yet down lacks for the contract; or, with ``leaf_value="expected"`` in
        a contract game, what the rest of the deal is expected to cost it
        (``expected_costs`` in ``rummykit/agents/_leaf.py``)."""
        values = getattr(self.policy, "values", None)
        rules = getattr(self.policy, "rules", None)
        contract = getattr(match, "contract", None)
        down = getattr(match.deal, "down", None)
        if (
            self.leaf_value == "expected"
            and isinstance(contract, Contract)
            and isinstance(rules, MeldRules)
            and down is not None
        ):
            costs = expected_costs(
                match.hands, down, contract, rules, values, stock=len(match.stock.cards)
            )
            net = match.net_totals
            return self.standing([net[s] - c for s, c in enumerate(costs)], seat, scale=scale)
        totals: list[float] = []
        for other, hand in enumerate(match.hands):
            cost = float(values.hand_value(hand) if values is not None else len(hand))
            if (
                isinstance(contract, Contract)
                and isinstance(rules, MeldRules)
                and down is not None
                and not down[other]
            ):
                cost += self.distance_weight * contract_distance(hand, contract, rules)
            totals.append(match.net_totals[other] - cost)
        return self.standing(totals, seat, scale=scale)
