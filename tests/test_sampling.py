"""Hidden-hand sampling: a sample looks the same from its seat, conserves the cards,
keeps what is known, and depends only on what the seat sees."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Match, game
from rummykit.kit import Discard
from rummykit.sampling import Sampler, SamplingError, sample_match, unseen_cards

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("may-i", {}, 4),
    ("may-i", {"discard_pile_visible": "top_only", "jokers": 2}, 3),
    ("may-i", {"multi_take_mode": "any", "claim_order": "next_player_first"}, 5),
    ("posso", {}, 4),
    ("possession", {}, 3),
]


def zones(match: Match[Any, Any]) -> Counter[Any]:
    cards: Counter[Any] = Counter()
    for hand in match.hands:
        cards.update(hand)
    cards.update(match.stock.cards)
    cards.update(match.pile.cards)
    for meld in getattr(match, "table", ()):
        cards.update(meld.cards)
    return cards


def advanced(index: int, seed: int, steps: int) -> Match[Any, Any]:
    name, options, players = GAMES[index]
    match: Match[Any, Any] = game(name, **options).new_match(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


@given(
    index=st.integers(0, len(GAMES) - 1),
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 300),
    sample_seed=st.integers(0, 2**31),
)
def test_a_sample_is_consistent_with_the_seat(
    index: int, seed: int, steps: int, sample_seed: int
) -> None:
    match = advanced(index, seed, steps)
    seat = sample_seed % match.players
    sample = sample_match(match, seat, random.Random(sample_seed))
    assert sample.view(seat) == match.view(seat)
    assert zones(sample) == zones(match) == Counter(match.spec.shoe())
    truth = match.view(seat)
    for other in range(match.players):
        assert not Counter(truth.known[other]) - Counter(sample.hands[other])
    # only what the seat sees matters: a sample of a sample is the same sample
    again = sample_match(sample, seat, random.Random(sample_seed))
    direct = sample_match(match, seat, random.Random(sample_seed))
    assert again.snapshot() == direct.snapshot()
    # a Sampler deals the same samples, and each one independently
    sampler = Sampler(match, seat)
    assert sampler.sample(random.Random(sample_seed)).snapshot() == direct.snapshot()
    twice = sampler.sample(random.Random(sample_seed))
    assert twice.snapshot() == direct.snapshot()
    # samples share nothing: playing one on leaves the next alone
    if not twice.is_over:
        twice.apply(twice.legal_actions()[0])
    assert sampler.sample(random.Random(sample_seed)).snapshot() == direct.snapshot()
    # and the real match is untouched
    assert match.view(seat) == truth


def test_samples_vary_and_play_on() -> None:
    match = advanced(0, 5, 60)
    seat = 0
    hands = {tuple(sample_match(match, seat, random.Random(k)).hands[1]) for k in range(8)}
    assert len(hands) > 1
    sample = sample_match(match, seat, random.Random(1))
    rng = random.Random(2)
    while not sample.is_over:
        sample.apply(rng.choice(sample.legal_actions()))


def test_every_distinct_deal_is_equally_likely() -> None:
    match = game("possession").new_match(players=2, seed=4)
    counts: Counter[Any] = Counter()
    cards = unseen_cards(match.view(0), match.spec.shoe())
    probe = cards[0]
    for k in range(2000):
        sample = sample_match(match, 0, random.Random(k))
        counts[probe in sample.hands[1]] += 1
    share = counts[True] / 2000
    expected = len(match.hands[1]) / len(cards)
    assert abs(share - expected) < 0.05


def test_a_view_that_does_not_fit_the_shoe() -> None:
    match = game("possession").new_match(players=2, seed=4)
    view = match.view(0)
    with pytest.raises(SamplingError, match="shoe does not hold"):
        unseen_cards(view, view.hand[:1])


def test_a_sample_lists_the_legal_actions_of_its_own_hands() -> None:
    """A seat not to act samples the hand of the seat that is: the sample's legal actions
    come from the sampled hand, not from the real one, and every one of them applies."""
    match = game("may-i").new_match(players=4, seed=7)
    match.apply("draw")
    actor = match.to_act
    assert actor is not None
    match.legal_actions()  # listed, and cached, on the real hands
    sample = Sampler(match, (actor + 1) % 4).sample(random.Random(5))
    held = set(sample.hands[actor])
    discards = [a for a in sample.legal_actions() if isinstance(a, Discard)]
    assert discards and all(a.card in held for a in discards)
    for action in sample.legal_actions():
        sample.clone().apply(action)


def test_a_sampler_refuses_what_is_not_a_match_and_a_bad_generator() -> None:
    with pytest.raises(SamplingError, match="samples a Match, got 'match'"):
        Sampler("match", 0)  # type: ignore[type-var]
    sampler = Sampler(advanced(0, 4, 30), 0)
    with pytest.raises(SamplingError, match="random.Random, got None"):
        sampler.sample(None)  # type: ignore[arg-type]


def test_a_weight_keeps_only_the_deals_it_allows() -> None:
    match = advanced(0, 11, 40)
    sampler = Sampler(match, 0)
    unseen = Counter(sampler.unseen)
    card = next(c for c in unseen if unseen[c] == 1)  # a card of which one copy is unseen
    banned = Sampler(match, 0, weight=lambda hands: 0.0 if card in hands[1] else 1.0)
    samples = [banned.sample(random.Random(seed)) for seed in range(40)]
    assert all(card not in sample.hands[1] for sample in samples)
    assert any(card in sample.hands[2] or card in sample.hands[3] for sample in samples)
    for sample in samples:  # still a sample of the seat's position
        assert sample.view(0) == match.view(0) and zones(sample) == zones(match)


def test_a_weight_of_one_gives_the_uniform_samples() -> None:
    match = advanced(0, 12, 60)
    plain, weighted = Sampler(match, 1), Sampler(match, 1, weight=lambda hands: 1.0)
    for seed in range(5):
        one, other = plain.sample(random.Random(seed)), weighted.sample(random.Random(seed))
        assert one.hands == other.hands and one.stock.cards == other.stock.cards


def test_a_weight_sees_every_hand_by_seat() -> None:
    match = advanced(0, 13, 25)
    seen: list[list[list[Any]]] = []

    def never(hands: list[list[Any]]) -> float:
        seen.append(hands)
        return 0.0

    sampler = Sampler(match, 2, weight=never, tries=3)
    sample = sampler.sample(random.Random(1))
    assert len(seen) == 2  # the third deal stands unrated
    for hands in seen:
        assert hands[2] == list(match.view(2).hand)
        assert [len(hand) for hand in hands] == [len(hand) for hand in match.hands]
    assert [len(hand) for hand in sample.hands] == [len(hand) for hand in match.hands]


def test_a_sampler_refuses_a_bad_weight_or_tries() -> None:
    match = advanced(0, 14, 20)
    with pytest.raises(SamplingError, match="weight must be in \\[0, 1\\], got 1.5"):
        Sampler(match, 0, weight=lambda hands: 1.5).sample(random.Random(0))
    with pytest.raises(SamplingError, match="weight must be in \\[0, 1\\], got nan"):
        Sampler(match, 0, weight=lambda hands: float("nan")).sample(random.Random(0))
    with pytest.raises(SamplingError, match="weight must be callable, got 3"):
        Sampler(match, 0, weight=3)  # type: ignore[arg-type]
    for tries in (0, True, 10_001, 2.0):
        with pytest.raises(SamplingError, match="tries must be a whole number"):
            Sampler(match, 0, weight=lambda hands: 1.0, tries=tries)  # type: ignore[arg-type]


def test_a_copy_without_its_log_plays_on_as_the_match() -> None:
    match = advanced(0, 15, 80)
    bare, whole = match.clone(log=False), match.clone()
    assert bare.events == () and bare.step == match.step and len(whole.events) == match.step
    rng = random.Random(3)
    for _ in range(60):
        if whole.is_over:
            break
        action = rng.choice(whole.legal_actions())
        assert bare.legal_actions() == whole.legal_actions()
        bare.apply(action)
        whole.apply(action)
    assert bare.snapshot() == whole.snapshot()
    assert bare.events == whole.events[match.step :]
    sample = Sampler(match, 1).sample(random.Random(0))
    assert sample.events == () and sample.step == match.step
