"""The match's winners and standings from its totals: the engine's ranking by a winner
metric and a tie break (MAYI-16.3-16.4, POSSO-18.2-18.3 for the shipped games)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rummykit.engine.options import TieBreak, WinnerMetric
from rummykit.kit.protocol import Outcome


class RankingRules(Protocol):
    """What :func:`~rummykit.engine.ranked_outcome` reads: the winner metric and the tie break."""

    @property
    def winner_metric(self) -> WinnerMetric:
        """The highest net total wins, or the fewest penalty points."""

    @property
    def tie_break(self) -> TieBreak:
        """How a tie for the win is settled."""


def ranked_outcome(
    options: RankingRules,
    totals: Sequence[int],
    penalties: Sequence[int],
    times_out: Sequence[int],
) -> Outcome:
    """The winners by ``winner_metric`` (ties settled by ``tie_break``) and the
    standings, best first."""
    net = options.winner_metric is WinnerMetric.NET
    key = [-total for total in totals] if net else list(penalties)
    best = min(key)
    winners = [seat for seat, value in enumerate(key) if value == best]
    if len(winners) > 1 and options.tie_break is TieBreak.FEWEST_PENALTY_POINTS:
        fewest = min(penalties[seat] for seat in winners)
        winners = [seat for seat in winners if penalties[seat] == fewest]
    elif len(winners) > 1 and options.tie_break is TieBreak.MOST_TIMES_OUT:
        most = max(times_out[seat] for seat in winners)
        winners = [seat for seat in winners if times_out[seat] == most]
    standings = sorted(range(len(totals)), key=lambda seat: (key[seat], seat))
    return Outcome(tuple(winners), tuple((seat, totals[seat]) for seat in standings))
