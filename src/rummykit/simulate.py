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
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import attrs

from rummykit.agents import Agent, GreedyAgent, RandomAgent, check_agent, decide, make_agent
from rummykit.deck import make_rng
from rummykit.errors import ConfigError, shown
from rummykit.kit.definition import GameDefinition
from rummykit.kit.effects import DealEnded, WentOut
from rummykit.kit.match import Match
from rummykit.kit.registry import game as find_game

__all__ = ["MAX_MATCHES", "MatchResult", "Summary", "play", "play_one", "simulate", "summarise"]

M = TypeVar("M", bound=Match[Any, Any])

AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""Agents that need no game, by name (``make_agent`` knows every name, for a game)."""

MAX_MATCHES = 1_000_000
"""The most matches one :func:`simulate` call (and one ``rummykit simulate``) plays: a
bound on the seeds it draws up front and the results it keeps."""

AgentSpec = str | Agent
"""An agent by name (see :func:`~rummykit.agents.agent_names`) or an agent value (it
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
    """Out-of-turn takes of every kind (buys, forced buys, refusal takes, free claims:
    what the game's :meth:`~rummykit.kit.definition.GameDefinition.take_of` counts)."""
    deal_ends: tuple[str, ...] = ()
    """Why each deal ended (:class:`~rummykit.kit.effects.DealEnd` values), in order."""


@attrs.frozen
class Summary:
    """Many matches: per seat wins, win share with its 95% interval, scores; how the
    deals ended; buys, claims and decisions."""

    matches: int
    wins: tuple[float, ...]
    """Wins per seat (a win shared by k seats counts 1/k to each)."""
    mean_scores: tuple[float, ...]
    """Each seat's mean match score as the game counts it (``Match.scores``): net
    points in the contract games (more is better), penalty points in Possession (fewer
    is better)."""
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
        """The share of deal ``deal`` (numbered from 1) that ended dead; 0.0 for a deal
        never played."""
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise ConfigError(f"deals are numbered from 1, got {deal!r}")
        played = self.deals_by_number.get(deal, 0)
        return self.dead_by_deal.get(deal, 0) / played if played else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: lists for the per-seat tuples, deal numbers as strings, and the
        per-match figures (``buys_per_match``, ``decisions_per_match``) rounded."""
        data = attrs.asdict(self)
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        data["dead_by_deal"] = {str(k): v for k, v in self.dead_by_deal.items()}
        data["deals_by_number"] = {str(k): v for k, v in self.deals_by_number.items()}
        data["win_interval"] = [list(pair) for pair in self.win_interval]
        data["buys_per_match"] = round(self.buys_per_match, 3)
        data["decisions_per_match"] = round(self.decisions_per_match, 1)
        return data


def play(match: M, agents: Sequence[Agent], *, rng: random.Random) -> M:
    """Let ``agents[seat]`` (agent values: :func:`~rummykit.agents.make_agent` makes one
    from a name) decide for each seat until the match is over (the table's own steps,
    when dealing is not automatic, take the first legal action). An agent made for
    another game is a :class:`~rummykit.errors.ConfigError`
    (:func:`~rummykit.agents.check_agent`)."""
    if not isinstance(rng, random.Random):
        raise ConfigError(f"rng must be a random.Random, got {rng!r}")
    _check_agents(agents, names=False)
    if len(agents) != match.players:
        raise ConfigError(f"{match.players} seats need {match.players} agents, got {len(agents)}")
    for agent in agents:
        check_agent(agent, match.definition)
    while not match.is_over:
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
            continue
        match.apply(decide(agents[seat], match, seat, rng))
    return match


def _check_agents(agents: Any, *, names: bool) -> None:
    """Refuse what is not a sequence of agents (or, with ``names``, agents' names)."""
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        raise ConfigError(
            f"agents are a list, one per seat (e.g. ['heuristic', 'random']), got {agents!r}"
        )
    for seat, agent in enumerate(agents):
        if names and isinstance(agent, str):
            continue
        if isinstance(agent, str):
            raise ConfigError(
                f"seat {seat}'s agent is the name {agent!r}: play takes agent values "
                "(make_agent(name, definition) makes one)"
            )
        if isinstance(agent, type):
            raise ConfigError(
                f"seat {seat}'s agent is the class {agent.__name__}: give an agent value, "
                f"e.g. {agent.__name__}()"
            )
        if not callable(getattr(agent, "choose", None)):
            what = "an agent's name or an agent" if names else "an agent"
            raise ConfigError(f"seat {seat}'s agent must be {what} (with choose), got {agent!r}")


def _name(agent: AgentSpec) -> str:
    return agent if isinstance(agent, str) else type(agent).__name__


def _build(agent: AgentSpec, definition: GameDefinition[Any, Any]) -> Agent:
    return make_agent(agent, definition) if isinstance(agent, str) else agent


def play_one(
    definition: GameDefinition[Any, Any], agents: Sequence[AgentSpec], seed: int
) -> MatchResult:
    """Play one match from ``seed`` and sum it up (the unit of work of :func:`simulate`)."""
    if not isinstance(definition, GameDefinition):
        raise ConfigError(f"play_one takes a game definition (game(name)), got {definition!r}")
    _check_agents(agents, names=True)
    match = definition.new_match(players=len(agents), seed=seed)
    play(match, [_build(agent, definition) for agent in agents], rng=random.Random(seed ^ 0x5EED))
    outcome = match.outcome
    assert outcome is not None
    effects = [effect for event in match.events for effect in event.effects]
    takes = [kind for kind in map(definition.take_of, effects) if kind is not None]
    ends = [effect for effect in effects if isinstance(effect, DealEnded)]
    return MatchResult(
        seed=seed,
        winners=outcome.winners,
        scores=match.scores,
        deals=len(match.deal_scores),
        decisions=len(match.events),
        buys=takes.count("buy"),
        went_out=sum(1 for effect in effects if isinstance(effect, WentOut)),
        dead_deals=sum(1 for effect in ends if effect.dead),
        claims=len(takes),
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
    """Play ``matches`` matches (at most :data:`MAX_MATCHES`, as on the command line) of
    ``game`` (a registered name or a definition) between
    ``agents`` (one per seat: names or agent values); the same seed gives the same
    summary on any executor.

    Without ``agents``, ``bots`` (one agent name, ``"random"`` by default) sits at each
    of ``players`` seats (the game's default count by default): the older shorthand.
    ``options`` are the game's rules options (with a name). ``progress(done, total)`` is
    called as chunks of ``chunk_size`` matches finish. Scores are the games' own
    (:attr:`~rummykit.kit.match.Match.scores`): net points in the contract games, where more is
    better, and penalty points in Possession, where fewer is.
    """
    if options is not None and not isinstance(options, Mapping):
        raise ConfigError(f"options are a dict of the game's options, got {options!r}")
    if isinstance(game, str):
        definition = find_game(game, **(options or {}))
    elif isinstance(game, GameDefinition):
        if options:
            raise ConfigError("give options with a game's name, not with a definition")
        definition = game
    else:
        raise ConfigError(f"game is a registered name or a definition, got {game!r}")
    count: int | None = None  # the seats asked for, when no agents are given
    if agents is None:
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ConfigError(f"players must be a whole number, got {players!r}")
        count = players if players is not None else definition.default_players
        agents = [bots or "random"] * max(count, 0)
    elif bots is not None or (players is not None and players != len(agents)):
        raise ConfigError("give agents, or bots and players, not both")
    _check_agents(agents, names=True)
    specs = tuple(agents)
    # bad player counts fail here, once, named as given
    definition.new_match(players=len(specs) if count is None else count)
    for agent in specs:  # an unknown name or an agent of another game fails here, once
        check_agent(make_agent(agent, definition) if isinstance(agent, str) else agent, definition)
    if isinstance(matches, bool) or not isinstance(matches, int) or not 0 <= matches <= MAX_MATCHES:
        raise ConfigError(
            f"matches must be a whole number from 0 to {MAX_MATCHES:,}, got {shown(matches)}"
        )
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise ConfigError(f"chunk_size must be a whole number >= 1 (or None), got {chunk_size!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise ConfigError(
            f"executor must be a concurrent.futures.Executor (an instance), got {executor!r}"
        )
    if progress is not None and not callable(progress):
        raise ConfigError(f"progress must be a callable progress(done, total), got {progress!r}")
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
