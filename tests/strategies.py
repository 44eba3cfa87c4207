"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

from rummykit import CARDS, JOKER, NATURALS, AcePolicy, Card, MeldRules, Rank, WildLimit


def examples(count: int) -> int:
    """``count`` examples scaled with the loaded profile (``tests/conftest.py``): ``count``
    is what the ``ci`` profile (50 examples) runs, so the default ``dev`` profile (10)
    runs 20 % of it and ``soak`` twenty times (at most), at least one."""
    return max(1, round(count * min(settings().max_examples / 50, 20)))


naturals = st.sampled_from(NATURALS)
cards = st.sampled_from(CARDS)


@st.composite
def two_deck_cards(draw: st.DrawFn, *, max_size: int, max_jokers: int) -> list[Card]:
    """A list of cards from two decks (no card more than twice) with a few jokers."""
    pool = list(NATURALS) * 2
    chosen = draw(st.lists(st.sampled_from(range(len(pool))), max_size=max_size, unique=True))
    jokers = draw(st.integers(0, max_jokers))
    result = [pool[index] for index in chosen] + [JOKER] * jokers
    return draw(st.permutations(result))


@st.composite
def related_cards(draw: st.DrawFn, *, max_jokers: int = 3) -> list[Card]:
    """Cards that are often a meld: a stretch of one suit or copies of one rank, perturbed."""
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        start = draw(st.integers(0, 12))
        size = draw(st.integers(1, 13))
        chosen = [NATURALS[13 * suit + (start + i) % 13] for i in range(size)]
        dropped = draw(st.sets(st.integers(0, size - 1), max_size=2))
        chosen = [card for i, card in enumerate(chosen) if i not in dropped]
    else:
        rank = draw(st.integers(0, 12))
        chosen = draw(
            st.lists(st.sampled_from([NATURALS[13 * s + rank] for s in range(4)]), max_size=8)
        )
    if draw(st.integers(0, 4)) == 0 and chosen:
        chosen[draw(st.integers(0, len(chosen) - 1))] = draw(naturals)
    chosen += [JOKER] * draw(st.integers(0, max_jokers))
    return draw(st.permutations(chosen[:14]))


@st.composite
def meld_rules(draw: st.DrawFn) -> MeldRules:
    """Meld rules over every ace policy and joker setting (no wild ranks)."""
    group_min = draw(st.integers(2, 4))
    run_min = draw(st.integers(2, 5))
    return MeldRules(
        group_min=group_min,
        group_max=draw(st.one_of(st.none(), st.integers(group_min, 9))),
        run_min=run_min,
        run_max=draw(st.integers(run_min, 13)),
        ace=draw(st.sampled_from(AcePolicy)),
        group_distinct_suits=draw(st.booleans()),
        jokers_allowed=draw(st.booleans()),
        max_jokers_per_meld=draw(st.one_of(st.none(), st.integers(0, 3))),
        joker_at_run_end=draw(st.booleans()),
        wild_limit=draw(st.sampled_from(WildLimit)),
        group_min_naturals=draw(st.integers(0, 2)),
        run_min_naturals=draw(st.integers(0, 3)),
    )


@st.composite
def wild_meld_rules(draw: st.DrawFn) -> MeldRules:
    """Meld rules with wild ranks (mostly deuces), either reading, every ace policy and
    every wild limit."""
    return MeldRules(
        group_max=draw(st.sampled_from([None, 4, 8])),
        run_min=draw(st.integers(3, 4)),
        ace=draw(st.sampled_from(AcePolicy)),
        group_distinct_suits=draw(st.booleans()),
        jokers_allowed=draw(st.sampled_from([True, True, True, False])),
        max_jokers_per_meld=draw(st.sampled_from([None, None, 1, 2])),
        joker_at_run_end=draw(st.booleans()),
        wild_limit=draw(st.sampled_from(WildLimit)),
        group_min_naturals=draw(st.integers(0, 2)),
        run_min_naturals=draw(st.integers(0, 3)),
        wild_ranks=draw(
            st.sampled_from([{Rank.TWO}, {Rank.TWO}, {Rank.TWO}, {Rank.TWO, Rank.KING}])
        ),
        wild_as_natural=draw(st.booleans()),
    )


@st.composite
def wild_hands(draw: st.DrawFn, *, max_size: int = 9, max_wild: int = 3) -> list[Card]:
    """Hands from a narrow pool of two decks near the deuces, with wild cards: deuces
    (of any suit) and jokers, at most ``max_wild`` of them."""
    start = draw(st.sampled_from([0, 1, 2, 9, 10, 11, draw(st.integers(0, 12))]))
    width = draw(st.integers(3, 5))
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=2))
    pool = [
        NATURALS[13 * s + (start + i) % 13]
        for s in sorted(suits)
        for i in range(width)
        if (start + i) % 13 != 1
    ] * 2
    wild = draw(
        st.lists(
            st.sampled_from([*(NATURALS[13 * s + 1] for s in range(4)), JOKER]), max_size=max_wild
        )
    )
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=max_size))
    cards = [pool[i] for i in picks][: max_size - len(wild)]
    chosen = cards + wild
    # Two decks: no natural card more than twice.
    return [card for i, card in enumerate(chosen) if card is JOKER or chosen[:i].count(card) < 2]
