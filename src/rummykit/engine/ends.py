"""How a contract match ends and who wins it: a fixed number of deals, a score limit
(``score_limit``: fewest penalty points win), a target (``target_score``: first to N,
highest total wins) or the seats' own contracts (``per_player_contracts``: the first to
complete the last contract ends it), with ``max_deals`` bounding every match that a
score or a contract ends.

>>> from rummykit.engine import TableOptions
>>> kalooki = TableOptions(score_limit=150)
>>> deal_count(kalooki, None), match_over(kalooki, deal_number=3, contracts=None,
...     totals=(-40, -151, -20), penalties=(40, 151, 20), stages=[])
(None, True)
>>> final_outcome(kalooki, (-40, -151, -20), (40, 151, 20), (1, 0, 2), []).winners
(2,)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.engine.options import TableOptions, TieBreak, WinnerMetric
from rummykit.engine.ranking import ranked_outcome
from rummykit.kit.protocol import Outcome

if TYPE_CHECKING:
    from rummykit.contracts.schedules import ContractSchedule


@attrs.frozen
class _Ranking:
    winner_metric: WinnerMetric
    tie_break: TieBreak


def deal_count(table: TableOptions, contracts: ContractSchedule | None) -> int | None:
    """The deals of the match: one per line of the schedule, else the options'
    ``deal_count``; ``None`` where the seats' contracts end it, or a score ends a match
    without a schedule (``max_deals`` then bounds it)."""
    if table.per_player_contracts:
        return None
    if contracts is not None:
        return len(contracts)
    if table.score_limit or table.target_score:
        return None
    return table.deal_count


def match_over(
    table: TableOptions,
    *,
    deal_number: int,
    contracts: ContractSchedule | None,
    totals: Sequence[int],
    penalties: Sequence[int],
    stages: Sequence[int],
) -> bool:
    """Whether the match ends with deal ``deal_number``, just scored: its last deal, a
    seat at ``score_limit`` penalty points or ``target_score`` net points, a seat past
    the last contract, or ``max_deals`` reached where the deals are not counted."""
    count = deal_count(table, contracts)
    if count is not None and deal_number >= count:
        return True
    if count is None and deal_number >= table.max_deals:
        return True
    if table.score_limit and penalties and max(penalties) >= table.score_limit:
        return True
    if table.target_score and totals and max(totals) >= table.target_score:
        return True
    return bool(
        table.per_player_contracts
        and contracts is not None
        and stages
        and max(stages) >= len(contracts)
    )


def final_outcome(
    table: TableOptions,
    totals: Sequence[int],
    penalties: Sequence[int],
    times_out: Sequence[int],
    stages: Sequence[int],
) -> Outcome:
    """The winners and standings: by the options' ``winner_metric`` and ``tie_break``,
    but by fewest penalty points under ``score_limit`` and by the highest total under
    ``target_score``; under ``per_player_contracts`` the seats furthest through the
    schedule come first, the metric ranking them among themselves."""
    metric = table.winner_metric
    if table.score_limit:
        metric = WinnerMetric.PENALTIES_ONLY
    elif table.target_score:
        metric = WinnerMetric.NET
    ranking = _Ranking(metric, table.tie_break)
    if not stages:
        return ranked_outcome(ranking, totals, penalties, times_out)
    furthest = max(stages)
    ahead = [seat for seat, stage in enumerate(stages) if stage == furthest]
    among = ranked_outcome(
        ranking,
        [totals[seat] for seat in ahead],
        [penalties[seat] for seat in ahead],
        [times_out[seat] for seat in ahead],
    )
    whole = ranked_outcome(ranking, totals, penalties, times_out)
    order = {seat: place for place, (seat, _) in enumerate(whole.standings)}
    standings = sorted(range(len(totals)), key=lambda seat: (-stages[seat], order[seat]))
    return Outcome(
        tuple(ahead[index] for index in among.winners),
        tuple((seat, totals[seat]) for seat in standings),
    )
