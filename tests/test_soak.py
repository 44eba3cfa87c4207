"""The random-options soak, on the simulator's executor machinery.

Each match draws its game options at random (the option tables of the property tests),
is played by random agents (which try every corner), and is checked after every action:
the cards add up to the shoe, no seat's view shows a card it may not know, and at the end
the match's record replays to the identical match. The default run plays a few matches
per game; the soak (``-m soak``, ``RUMMYKIT_SOAK_MATCHES`` per game) and the script

    python -m tests.test_soak --matches 100000 --jobs 2
    python -m tests.test_soak --games may-i --first 20000 --matches 20000 --jobs 2

play many more, on a process pool (or ``--dask SCHEDULER``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import attrs
import pytest

from rummykit import Match, game, make_rng
from rummykit.kit import Dealt, Drew
from rummykit.records import dumps, loads

CHECK_VIEWS_EVERY = 5


def _options(name: str) -> dict[str, list[Any]]:
    if name == "may-i":
        from tests.test_may_i_properties import OPTIONS as MAY_I

        return MAY_I
    if name == "possession":
        from tests.test_possession_properties import OPTIONS as POSSESSION

        return POSSESSION
    if name == "posso":
        from tests.test_posso_properties import OPTIONS as POSSO

        return POSSO
    return {}


@attrs.frozen
class SoakTally:
    """What a soak found."""

    matches: int = 0
    crashes: int = 0
    conservation_breaks: int = 0
    leaks: int = 0
    replay_failures: int = 0
    actions: int = 0
    first_failure: str = ""

    def __add__(self, other: SoakTally) -> SoakTally:
        return SoakTally(
            self.matches + other.matches,
            self.crashes + other.crashes,
            self.conservation_breaks + other.conservation_breaks,
            self.leaks + other.leaks,
            self.replay_failures + other.replay_failures,
            self.actions + other.actions,
            self.first_failure or other.first_failure,
        )

    @property
    def clean(self) -> bool:
        """No failure of any kind."""
        return not (self.crashes or self.conservation_breaks or self.leaks or self.replay_failures)


def _counts(cards: Any, into: list[int] | None = None) -> list[int]:
    """How many of each card (by code) ``cards`` holds, added to ``into``."""
    counts = into if into is not None else [0] * 53
    for card in cards:
        counts[card.code] += 1
    return counts


def _conserved(match: Match[Any, Any], shoe: list[int]) -> bool:
    """Whether the zones hold exactly the shoe (``shoe``: its counts by code)."""
    counts = [0] * 53
    for hand in match.hands:
        _counts(hand, counts)
    _counts(match.stock.cards, counts)
    _counts(match.pile.cards, counts)
    for meld in getattr(match, "table", ()):
        _counts(meld.cards, counts)
    return counts == shoe


def _leaks(match: Match[Any, Any]) -> bool:
    """Whether some seat's view (or its copy of the last event) shows a hidden card."""
    hands = [_counts(hand) for hand in match.hands]
    last = match.event(match.step - 1)  # a look-up: ``match.events`` makes the whole log
    for seat in range(match.players):
        view = match.view(seat)
        if _counts(view.hand) != hands[seat]:
            return True
        for other, known in enumerate(view.known):
            shown = _counts(known)
            if any(count > held for count, held in zip(shown, hands[other], strict=True)):
                return True
        if last is not None:
            for effect in last.seen_by(seat).effects:
                if isinstance(effect, Drew | Dealt) and effect.seat != seat and effect.cards:
                    return True
    return False


def soak_one(name: str, seed: int) -> SoakTally:
    """Play one checked match of ``name`` with options and seats drawn from ``seed``."""
    rng = random.Random(seed)
    options = {option: rng.choice(values) for option, values in _options(name).items()}
    try:
        definition = game(name, **options)
        low, high = definition.rules.player_count_range
        match = definition.new_match(players=rng.randint(low, min(high, 5)), seed=seed)
        shoe = _counts(match.spec.shoe())
        actions = 0
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
            actions += 1
            if not _conserved(match, shoe):
                return SoakTally(
                    1,
                    conservation_breaks=1,
                    actions=actions,
                    first_failure=f"{name} seed {seed}: conservation",
                )
            if actions % CHECK_VIEWS_EVERY == 0 and _leaks(match):
                return SoakTally(
                    1, leaks=1, actions=actions, first_failure=f"{name} seed {seed}: a view leaks"
                )
        if loads(dumps(match)) != match:
            return SoakTally(
                1, replay_failures=1, actions=actions, first_failure=f"{name} seed {seed}: replay"
            )
    except Exception as error:  # a soak counts every crash, whatever it is
        return SoakTally(1, crashes=1, first_failure=f"{name} seed {seed}: {error!r}")
    return SoakTally(1, actions=actions)


def soak_chunk(job: tuple[str, Sequence[int]]) -> SoakTally:
    """Soak one chunk of seeds (the unit of work on an executor)."""
    name, seeds = job
    total = SoakTally()
    for seed in seeds:
        total = total + soak_one(name, seed)
    return total


def soak(
    name: str,
    matches: int,
    *,
    seed: int = 2026,
    first: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 200,
) -> SoakTally:
    """Soak ``matches`` matches of ``name``; the same seed gives the same tally.
    ``first`` skips that many matches of the seed's sequence, so a long soak can run in
    pieces (``first=0, matches=N`` then ``first=N, ...``) whose tallies add up."""
    if first < 0 or matches < 0:
        raise ValueError(f"first and matches must be >= 0, got {first} and {matches}")
    rng = make_rng(seed)
    seeds = [rng.randrange(2**31) for _ in range(first + matches)][first:]
    jobs = [(name, seeds[i : i + chunk_size]) for i in range(0, matches, chunk_size)]
    parts = map(soak_chunk, jobs) if executor is None else executor.map(soak_chunk, jobs)
    total = SoakTally()
    for part in parts:
        total = total + part
    return total


def test_a_soak_runs_in_pieces() -> None:
    whole = soak("possession", 4, seed=9)
    pieces = soak("possession", 1, seed=9) + soak("possession", 3, seed=9, first=1)
    assert whole == pieces and whole.matches == 4 and whole.actions > 0


@pytest.mark.parametrize("name", ["may-i", "possession", "posso"])
def test_a_short_soak(name: str) -> None:
    count = 1 if name == "posso" else 3  # random Posso? matches are long
    tally = soak(name, count, seed=5)
    assert tally.matches == count and tally.clean, tally.first_failure


@pytest.mark.soak
@pytest.mark.parametrize("name", ["may-i", "possession", "posso"])
def test_soak(name: str) -> None:
    count = int(os.environ.get("RUMMYKIT_SOAK_MATCHES", "2000"))
    with ProcessPoolExecutor() as executor:
        tally = soak(name, count, executor=executor)
    assert tally.matches == count and tally.clean, tally.first_failure


def test_the_checks_catch_what_they_look_for(monkeypatch: pytest.MonkeyPatch) -> None:
    match = game("may-i").new_match(players=3, seed=4)
    shoe = _counts(match.spec.shoe())
    assert _conserved(match, shoe) and not _leaks(match)
    lost = match.stock.cards[0]
    match.deal.hands[0].append(lost)  # a card twice: in the stock and in a hand
    assert not _conserved(match, shoe)
    match.deal.hands[0].pop()
    real_view = match.view

    def leaky(seat: int) -> Any:  # seat 0's view says seat 1 holds a card it does not
        view = real_view(seat)
        absent = next(card for card in match.spec.shoe() if card not in match.hands[1])
        return attrs.evolve(view, known=((), (absent,), ()))

    monkeypatch.setattr(match, "view", leaky)
    assert _leaks(match)


def main() -> None:
    parser = argparse.ArgumentParser(description="the random-options soak")
    parser.add_argument("--matches", type=int, default=1000, help="matches per game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--games", default="may-i,possession,posso")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--first", type=int, default=0, help="skip this many matches (run a soak in pieces)"
    )
    parser.add_argument("--dask", metavar="SCHEDULER", help="a Dask scheduler's address")
    args = parser.parse_args()
    if args.first < 0 or args.matches < 0:
        parser.error("--first and --matches must be >= 0")
    executor: Executor
    if args.dask:
        from distributed import Client

        executor = Client(args.dask).get_executor()  # type: ignore[no-untyped-call]
    else:
        executor = ProcessPoolExecutor(max_workers=args.jobs)
    for name in args.games.split(","):
        start = time.perf_counter()
        tally = soak(name, args.matches, seed=args.seed, first=args.first, executor=executor)
        seconds = time.perf_counter() - start
        print(
            json.dumps(
                {
                    "game": name,
                    "seconds": round(seconds, 1),
                    "workers": args.jobs,
                    "first": args.first,
                    **attrs.asdict(tally),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
