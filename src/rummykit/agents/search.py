"""A search player: sample the hidden hands, play each candidate out, keep the best.

Determinized Monte Carlo. For a decision with several sensible actions (the heuristic's
best ``candidates``: a draw, a buy, a discard, a play), the agent deals the hidden cards
anew consistent with its view
(:func:`~rummykit.sampling.sample_match`), applies each candidate to that sample and
plays the deal out with the heuristic for every seat (the same rollout seed for every
candidate: common random numbers), then scores the end of the deal for its seat: its
net points minus the others' mean (a leaf past ``horizon`` decisions is scored by the
cards' values left in hand plus ``distance_weight`` per card a seat lacks for the
contract). It repeats until ``simulations`` rollouts are spent (or
``max_ms`` milliseconds, which is not reproducible), and plays the candidate with the
best mean; ties go to the heuristic's order. Going down, laying off, consent and
single-choice decisions follow the heuristic without search.

A search needs the match to sample from, so the agent implements
:class:`MatchAgent`'s ``choose_in(match, seat, rng)``; the simulator (and
:func:`decide`) call it. The sample is built from the seat's view and the match's
public structure only (see :mod:`rummykit.sampling`). Given only a view
(``choose``), it plays as its heuristic.

>>> import random
>>> from rummykit.agents import SearchAgent, heuristic_agent
>>> from rummykit.games import game
>>> may_i = game("may-i")
>>> agent = SearchAgent(heuristic_agent(may_i), simulations=4)
>>> match = may_i.new_match(players=4, seed=7)
>>> seat = match.to_act
>>> first = decide(agent, match, seat, random.Random(3))
>>> first == decide(agent, match, seat, random.Random(3)), first in match.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
import time
from typing import Any, Protocol, runtime_checkable

import attrs

from rummykit.actions import Action, Allow, Done, Down, ExchangeJoker, LayOff, Refuse
from rummykit.agents.basic import Agent
from rummykit.agents.distance import contract_distance
from rummykit.contracts import Contract
from rummykit.match import Match
from rummykit.melds import MeldRules
from rummykit.protocol import PlayerView
from rummykit.sampling import sample_match

__all__ = ["MatchAgent", "SearchAgent", "decide"]


_NO_SEARCH = (Down, LayOff, ExchangeJoker, Allow, Refuse, Done)
"""Decisions the heuristic makes alone: going down and laying off (always right),
consent (rare and cheap) and ending a step."""


@runtime_checkable
class MatchAgent(Protocol):
    """An agent that decides from the match itself (to sample what its seat cannot
    see); it must read the match only through what its seat may know."""

    def choose_in(self, match: Match[Any, Any], seat: int, rng: random.Random) -> Action: ...


def decide(agent: Agent, match: Match[Any, Any], seat: int, rng: random.Random) -> Action:
    """``agent``'s decision for ``seat``: ``choose_in`` for a :class:`MatchAgent`, else
    ``choose`` on the seat's view."""
    if isinstance(agent, MatchAgent):
        return agent.choose_in(match, seat, rng)
    return agent.choose(match.view(seat), rng)


def _ranked(agent: Agent, view: PlayerView) -> list[Action]:
    rank = getattr(agent, "rank", None)
    if callable(rank):
        ranked: list[Action] = rank(view)
        return ranked
    best = agent.choose(view, random.Random(0))
    return [best, *(action for action in view.legal if action != best)]


@attrs.frozen
class SearchAgent:
    """Determinized Monte Carlo over the heuristic ``policy`` (see the module)."""

    policy: Agent
    """The heuristic that ranks candidates and plays every seat in rollouts."""
    simulations: int = 32
    """Rollouts per decision (the budget), spread evenly over the candidates."""
    candidates: int = 3
    """How many of the policy's best actions are compared."""
    horizon: int | None = 24
    """Stop a rollout after this many decisions and score the leaf (``None``: play the
    deal out)."""
    distance_weight: int = 10
    """A leaf's cost per card a seat not yet down lacks for the contract (contract
    games), on top of the points in its hand."""
    max_ms: float | None = None
    """A time budget per decision in milliseconds (ends the search early; not
    reproducible)."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Without the match there is nothing to sample: the policy's choice."""
        return self.policy.choose(view, rng)

    def choose_in(self, match: Match[Any, Any], seat: int, rng: random.Random) -> Action:
        """Search the decision of ``seat`` in ``match``."""
        view = match.view(seat)
        ranked = _ranked(self.policy, view)
        if len(ranked) <= 1 or isinstance(ranked[0], _NO_SEARCH):
            return ranked[0]
        options = ranked[: max(1, self.candidates)]
        totals = [0.0] * len(options)
        rounds = max(1, self.simulations // len(options))
        start = time.perf_counter()
        for _ in range(rounds):
            sample = sample_match(match, seat, rng)
            seed = rng.getrandbits(32)
            for index, action in enumerate(options):
                trial = sample.clone()
                trial.apply(action)
                totals[index] += self.rollout(trial, seat, random.Random(seed))
            if self.max_ms is not None and (time.perf_counter() - start) * 1000 > self.max_ms:
                break
        best = max(range(len(options)), key=lambda index: (totals[index], -index))
        return options[best]

    def rollout(self, match: Match[Any, Any], seat: int, rng: random.Random) -> float:
        """Play ``match`` to the end of its deal with the policy; ``seat``'s score."""
        deal = match.deal_number
        steps = 0
        while match.deal_number == deal and not match.is_over:
            if self.horizon is not None and steps >= self.horizon:
                return self.leaf(match, seat)
            actor = match.to_act
            if actor is None:
                match.apply(match.legal_actions()[0])
                continue
            match.apply(self.policy.choose(match.view(actor), rng))
            steps += 1
        scores = match.deal_scores[deal - 1]
        mine = scores[seat].net
        others = [score.net for other, score in enumerate(scores) if other != seat]
        return mine - sum(others) / max(1, len(others))

    def leaf(self, match: Match[Any, Any], seat: int) -> float:
        """A deal in progress, scored by the points (or cards) left in each hand, and
        in contract games the cards each seat not yet down lacks."""
        values = getattr(self.policy, "values", None)
        rules = getattr(self.policy, "rules", None)
        contract = getattr(match, "contract", None)
        down = getattr(match, "down", None)
        costs: list[float] = []
        for other, hand in enumerate(match.hands):
            cost = float(values.hand_value(hand) if values is not None else len(hand))
            if (
                isinstance(contract, Contract)
                and isinstance(rules, MeldRules)
                and down is not None
                and not down[other]
            ):
                cost += self.distance_weight * contract_distance(hand, contract, rules)
            costs.append(cost)
        others = [cost for other, cost in enumerate(costs) if other != seat]
        return sum(others) / max(1, len(others)) - costs[seat]
