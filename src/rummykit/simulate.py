"""Play many matches between bots, reproducibly: the same seed gives the same summary.

>>> from rummykit.simulate import simulate
>>> summary = simulate("may-i", matches=2, seed=3, players=3)
>>> summary.matches, len(summary.wins)
(2, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import attrs

from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.deck import make_rng
from rummykit.effects import Bought, DealEnded, WentOut
from rummykit.errors import ConfigError
from rummykit.games import game
from rummykit.match import Match

__all__ = ["MatchResult", "Summary", "play", "simulate"]

M = TypeVar("M", bound=Match[Any, Any])

AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


@attrs.frozen
class MatchResult:
    """One finished match, in numbers."""

    seed: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    deals: int
    decisions: int
    buys: int
    went_out: int
    dead_deals: int = 0


@attrs.frozen
class Summary:
    """Many matches: wins and mean scores per seat, and totals."""

    matches: int
    wins: tuple[float, ...]
    mean_scores: tuple[float, ...]
    deals: int
    decisions: int
    buys: int
    went_out: int
    dead_deals: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return attrs.asdict(self)


def play(match: M, agents: Sequence[Agent], *, rng: random.Random) -> M:
    """Let ``agents[seat]`` decide for each seat until the match is over."""
    if len(agents) != match.players:
        raise ConfigError(f"{match.players} seats need {match.players} agents, got {len(agents)}")
    while not match.is_over:
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
            continue
        match.apply(agents[seat].choose(match.view(seat), rng))
    return match


def _one(job: tuple[str, int, int, str, dict[str, Any]]) -> MatchResult:
    name, seed, players, bots, options = job
    match = game(name, **options).new_match(players=players, seed=seed)
    agents = [AGENTS[bots]() for _ in range(players)]
    play(match, agents, rng=random.Random(seed ^ 0x5EED))
    outcome = match.outcome
    assert outcome is not None
    events = match.events
    effects = [effect for event in events for effect in event.effects]
    buys = sum(1 for effect in effects if isinstance(effect, Bought) and effect.is_buy)
    went_out = sum(1 for effect in effects if isinstance(effect, WentOut))
    dead = sum(1 for effect in effects if isinstance(effect, DealEnded) and effect.dead)
    return MatchResult(
        seed,
        outcome.winners,
        match.scores,
        len(match.deal_scores),
        len(events),
        buys,
        went_out,
        dead,
    )


def simulate(
    name: str,
    *,
    matches: int,
    seed: int | random.Random,
    players: int = 4,
    bots: str = "random",
    options: dict[str, Any] | None = None,
    executor: Executor | None = None,
) -> Summary:
    """Play ``matches`` matches of game ``name``; the same seed gives the same summary.

    Each match's seed is drawn from ``seed`` in order, so an ``executor`` (threads or
    processes) changes only how fast, never what.
    """
    if bots not in AGENTS:
        raise ConfigError(f"bots must be one of {', '.join(AGENTS)}, got {bots!r}")
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 0:
        raise ConfigError(f"matches must be a whole number >= 0, got {matches!r}")
    game(name, **(options or {})).new_match(players=players)  # bad options fail here, once
    rng = make_rng(seed)
    jobs = [(name, rng.randrange(2**31), players, bots, options or {}) for _ in range(matches)]
    results: Iterable[MatchResult] = (
        executor.map(_one, jobs) if executor is not None else map(_one, jobs)
    )
    return summarise(list(results), players)


def summarise(results: Sequence[MatchResult], players: int) -> Summary:
    """Add up match results: a win shared by k seats counts 1/k to each."""
    wins = [0.0] * players
    totals = [0] * players
    for result in results:
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, score in enumerate(result.scores):
            totals[seat] += score
    count = max(1, len(results))
    return Summary(
        matches=len(results),
        wins=tuple(round(value, 3) for value in wins),
        mean_scores=tuple(round(total / count, 2) for total in totals),
        deals=sum(r.deals for r in results),
        decisions=sum(r.decisions for r in results),
        buys=sum(r.buys for r in results),
        went_out=sum(r.went_out for r in results),
        dead_deals=sum(r.dead_deals for r in results),
    )
