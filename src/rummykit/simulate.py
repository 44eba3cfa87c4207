"""Play many matches between bots, reproducibly, on any executor.

>>> from rummykit.simulate import simulate
>>> summary = simulate("may-i", ["heuristic", "random", "random"], matches=4, seed=3)
>>> summary.matches, summary.agents, summary.wins[0] >= 3
(4, ('heuristic', 'random', 'random'), True)

Each match's seed is drawn from ``seed`` in order before any match is played, and each
match is played by itself from its seed, so the same seed gives the same
:class:`Summary` whatever the ``executor`` (none, threads, a process pool, a Dask
cluster's ``client.get_executor()``) and however many workers it has.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import attrs

from rummykit.agents import Agent, GreedyAgent, RandomAgent, decide, make_agent
from rummykit.deck import make_rng
from rummykit.effects import Bought, Claimed, DealEnded, WentOut
from rummykit.errors import ConfigError
from rummykit.games import game as find_game
from rummykit.match import Match
from rummykit.registry import GameDefinition

__all__ = [
    "AGENTS",
    "MatchResult",
    "Summary",
    "play",
    "play_one",
    "simulate",
    "summarise",
    "wilson_interval",
]

M = TypeVar("M", bound=Match[Any, Any])

AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""Agents that need no game, by name (``make_agent`` knows every name, for a game)."""

AgentSpec = str | Agent
"""An agent by name (see :data:`~rummykit.agents.AGENT_NAMES`) or an agent value (it
must pickle to run on a process pool or a cluster)."""


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
    claims: int = 0
    """Out-of-turn takes of every kind (buys, forced buys, refusal takes, free claims)."""
    deal_ends: tuple[str, ...] = ()
    """Why each deal ended (:class:`~rummykit.effects.DealEnd` values), in order."""


@attrs.frozen
class Summary:
    """Many matches: per seat wins, win share with its 95% interval, scores; how the
    deals ended; buys, claims and decisions."""

    matches: int
    wins: tuple[float, ...]
    """Wins per seat (a win shared by k seats counts 1/k to each)."""
    mean_scores: tuple[float, ...]
    deals: int
    decisions: int
    buys: int
    went_out: int
    dead_deals: int = 0
    agents: tuple[str, ...] = ()
    """Which agent sat where."""
    win_share: tuple[float, ...] = ()
    win_interval: tuple[tuple[float, float], ...] = ()
    """The 95% Wilson interval of each seat's win share."""
    score_sd: tuple[float, ...] = ()
    """The standard deviation of each seat's match score."""
    claims: int = 0
    deal_ends: dict[str, int] = attrs.field(factory=dict)
    """Deals by how they ended: ``went_out``, ``dead_stock``, ``turn_cap``, …"""
    dead_by_deal: dict[int, int] = attrs.field(factory=dict)
    """Dead deals by deal number (1 is the first deal of the schedule)."""
    deals_by_number: dict[int, int] = attrs.field(factory=dict)
    """Deals played by deal number."""

    @property
    def buys_per_match(self) -> float:
        """Buys per match."""
        return self.buys / self.matches if self.matches else 0.0

    @property
    def decisions_per_match(self) -> float:
        """Decisions (applied actions) per match."""
        return self.decisions / self.matches if self.matches else 0.0

    def dead_share(self, deal: int) -> float:
        """The share of deal ``deal`` that ended dead."""
        played = self.deals_by_number.get(deal, 0)
        return self.dead_by_deal.get(deal, 0) / played if played else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready (deal numbers become strings)."""
        data = attrs.asdict(self)
        data["dead_by_deal"] = {str(k): v for k, v in self.dead_by_deal.items()}
        data["deals_by_number"] = {str(k): v for k, v in self.deals_by_number.items()}
        data["win_interval"] = [list(pair) for pair in self.win_interval]
        data["buys_per_match"] = round(self.buys_per_match, 3)
        data["decisions_per_match"] = round(self.decisions_per_match, 1)
        return data


def play(match: M, agents: Sequence[Agent], *, rng: random.Random) -> M:
    """Let ``agents[seat]`` decide for each seat until the match is over (the table's
    own steps, when dealing is not automatic, take the first legal action)."""
    if len(agents) != match.players:
        raise ConfigError(f"{match.players} seats need {match.players} agents, got {len(agents)}")
    while not match.is_over:
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
            continue
        match.apply(decide(agents[seat], match, seat, rng))
    return match


def _name(agent: AgentSpec) -> str:
    return agent if isinstance(agent, str) else type(agent).__name__


def _build(agent: AgentSpec, definition: GameDefinition[Any, Any]) -> Agent:
    return make_agent(agent, definition) if isinstance(agent, str) else agent


def play_one(
    definition: GameDefinition[Any, Any], agents: Sequence[AgentSpec], seed: int
) -> MatchResult:
    """Play one match from ``seed`` and sum it up (the unit of work of :func:`simulate`)."""
    match = definition.new_match(players=len(agents), seed=seed)
    play(match, [_build(agent, definition) for agent in agents], rng=random.Random(seed ^ 0x5EED))
    outcome = match.outcome
    assert outcome is not None
    effects = [effect for event in match.events for effect in event.effects]
    bought = [effect for effect in effects if isinstance(effect, Bought)]
    ends = [effect for effect in effects if isinstance(effect, DealEnded)]
    return MatchResult(
        seed=seed,
        winners=outcome.winners,
        scores=match.scores,
        deals=len(match.deal_scores),
        decisions=len(match.events),
        buys=sum(1 for effect in bought if effect.is_buy),
        went_out=sum(1 for effect in effects if isinstance(effect, WentOut)),
        dead_deals=sum(1 for effect in ends if effect.dead),
        claims=len(bought) + sum(1 for effect in effects if isinstance(effect, Claimed)),
        deal_ends=tuple(effect.reason.value for effect in ends),
    )


def _chunk(
    job: tuple[GameDefinition[Any, Any], tuple[AgentSpec, ...], tuple[int, ...]],
) -> list[MatchResult]:
    definition, agents, seeds = job
    return [play_one(definition, agents, seed) for seed in seeds]


def simulate(
    game: str | GameDefinition[Any, Any],
    agents: Sequence[AgentSpec] | None = None,
    *,
    matches: int,
    seed: int | random.Random,
    players: int | None = None,
    bots: str | None = None,
    options: dict[str, Any] | None = None,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk_size: int | None = None,
) -> Summary:
    """Play ``matches`` matches of ``game`` (a registered name or a definition) between
    ``agents`` (one per seat: names or agent values); the same seed gives the same
    summary on any executor.

    ``bots`` with ``players`` is the older shorthand for the same agent at every seat.
    ``options`` are the game's rules options (with a name). ``progress(done, total)`` is
    called as chunks of ``chunk_size`` matches finish.
    """
    definition = find_game(game, **(options or {})) if isinstance(game, str) else game
    if options and not isinstance(game, str):
        raise ConfigError("give options with a game's name, not with a definition")
    if agents is None:
        count = players if players is not None else definition.default_players
        agents = [bots or "random"] * count
    elif bots is not None or (players is not None and players != len(agents)):
        raise ConfigError("give agents, or bots and players, not both")
    specs = tuple(agents)
    for agent in specs:
        if isinstance(agent, str):
            make_agent(agent, definition)  # an unknown name fails here, once
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 0:
        raise ConfigError(f"matches must be a whole number >= 0, got {matches!r}")
    definition.new_match(players=len(specs))  # bad player counts fail here, once
    rng = make_rng(seed)
    seeds = [rng.randrange(2**31) for _ in range(matches)]
    size = chunk_size or max(1, min(50, math.ceil(matches / 16)))
    jobs = [(definition, specs, tuple(seeds[i : i + size])) for i in range(0, matches, size)]
    results: list[MatchResult] = []
    chunks: Iterable[list[MatchResult]]
    if executor is None:
        chunks = map(_chunk, jobs)
    else:
        futures = [executor.submit(_chunk, job) for job in jobs]
        chunks = (future.result() for future in futures)
    for part in chunks:
        results += part
        if progress is not None:
            progress(len(results), matches)
    return summarise(results, len(specs), agents=tuple(_name(agent) for agent in specs))


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``n`` (95% by default).

    >>> wilson_interval(60, 200)
    (0.2407, 0.3668)
    """
    if n <= 0:
        return (0.0, 1.0)
    share = wins / n
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def summarise(
    results: Sequence[MatchResult], players: int, *, agents: tuple[str, ...] = ()
) -> Summary:
    """Add up match results: a win shared by k seats counts 1/k to each."""
    wins = [0.0] * players
    scores: list[list[int]] = [[] for _ in range(players)]
    ends: Counter[str] = Counter()
    dead_by_deal: Counter[int] = Counter()
    played: Counter[int] = Counter()
    for result in results:
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, score in enumerate(result.scores):
            scores[seat].append(score)
        for number, reason in enumerate(result.deal_ends, start=1):
            ends[reason] += 1
            played[number] += 1
            if reason != "went_out":
                dead_by_deal[number] += 1
    count = len(results)
    return Summary(
        matches=count,
        wins=tuple(round(value, 3) for value in wins),
        mean_scores=tuple(round(statistics.fmean(s), 2) if s else 0.0 for s in scores),
        deals=sum(r.deals for r in results),
        decisions=sum(r.decisions for r in results),
        buys=sum(r.buys for r in results),
        went_out=sum(r.went_out for r in results),
        dead_deals=sum(r.dead_deals for r in results),
        agents=agents,
        win_share=tuple(round(w / count, 4) if count else 0.0 for w in wins),
        win_interval=tuple(wilson_interval(w, count) for w in wins),
        score_sd=tuple(round(statistics.pstdev(s), 2) if s else 0.0 for s in scores),
        claims=sum(r.claims for r in results),
        deal_ends=dict(sorted(ends.items())),
        dead_by_deal=dict(sorted(dead_by_deal.items())),
        deals_by_number=dict(sorted(played.items())),
    )
