"""No seat learns another seat's hidden cards from what it is shown (DESIGN: views).

During random play the match is forked again and again: the twin is a clone in which
the hidden cards of one seat H (the cards of their hand nobody has seen them take) change
places with the bottom cards of the stock. Both are then played on with the same
actions, H making the same choices in both (one legal in both). As long as the swapped
cards are still at the bottom of the stock (nobody else can have drawn them; no refill
has moved them) and the deal has not been scored (scoring shows every hand), every other
seat must see exactly the same thing in both: the same views (phase, whose decision it
is, the legal actions, the pile, the melds, the known cards, the sizes of the hands)
and the same events as it may know them. Whatever a phase shows, a claim step offered
or not, a correction asked or not, may therefore depend on public facts only.

Every shipped game is checked, Posso? and May I? under random options; the twins compare
every effect the actions make (the claim window's answers among them), and which kinds
were compared is tallied so that a test can say each kind was.

The deal's edges, which the twins do not reach, are checked card by card: whatever a
seat sees of an effect (the hands dealt included) holds only cards that seat may know
(its hand, the public zones, the cards known to be held), except when a deal's scoring
shows every hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Card, Event, Match, Meld, Stock, game
from rummykit.engine import ContractRummyMatch, TurnContext
from rummykit.games.may_i.effects import Allowed, Asked, Bought, Refused, TookOnRefusal
from rummykit.games.posso.claims import CLAIM, CORRECTION, PossoClaims
from rummykit.games.posso.effects import ClaimDeclared, Claimed
from rummykit.kit import DealEnded, Dealt, Effect, GameDefinition, HandsShown, Passed
from tests.strategies import examples
from tests.test_may_i_properties import OPTIONS as MAY_I_OPTIONS
from tests.test_possession_properties import OPTIONS as POSSESSION_OPTIONS
from tests.test_posso_properties import OPTIONS as POSSO_OPTIONS

AnyMatch = Match[Any, Any]


def _definition(name: str, options: dict[str, list[Any]], rng: random.Random) -> Any:
    return game(name, **{option: rng.choice(values) for option, values in options.items()})


def hidden_cards(match: AnyMatch, seat: int) -> list[Card]:
    """The cards of ``seat``'s hand that the other seats do not know it holds."""
    other = (seat + 1) % match.players
    known = Counter(match.view(other).known[seat])
    return sorted((Counter(match.hands[seat]) - known).elements(), key=lambda card: card.code)


def swapped_twin(match: AnyMatch, seat: int, count: int) -> tuple[AnyMatch, int] | None:
    """A clone of ``match`` in which up to ``count`` hidden cards of ``seat`` and as
    many cards from the bottom of the stock have changed places, and how many did
    (``None``: none could)."""
    hidden = hidden_cards(match, seat)
    stock = list(match.stock.cards)
    count = min(count, len(hidden), len(stock) - 1)
    if count < 1:
        return None
    twin = match.clone()
    hand = twin.deal.hands[seat]
    for index in range(count):
        card, under = hidden[index], stock[-1 - index]
        hand[hand.index(card)] = under
        stock[-1 - index] = card
    twin.deal.stock = Stock(stock)  # a clone lists its actions afresh
    return twin, count


def compare_side_by_side(
    one: AnyMatch,
    two: AnyMatch,
    hidden: int,
    count: int,
    steps: int,
    rng: random.Random,
    tally: Counter[str] | None = None,
) -> int:
    """Play ``one`` and ``two`` with the same actions; every seat but ``hidden`` must see
    the same. Return how many actions were compared (and count the kinds of the effects
    compared in ``tally``)."""
    bottom = two.stock.cards[len(two.stock) - count :]
    others = [seat for seat in range(one.players) if seat != hidden]
    for seat in others:
        assert one.view(seat) == two.view(seat), seat
    for compared in range(steps):
        if one.is_over or one.phase.value == "deal_over":
            return compared
        if one.to_act == hidden:
            legal = [action for action in one.legal_actions() if two.can_apply(action)]
            if not legal:  # H cannot make the same choice: the comparison ends
                return compared
        else:
            legal = list(one.legal_actions())
        action = rng.choice(legal)
        first, second = one.apply(action), two.apply(action)
        if any(isinstance(effect, DealEnded) for effect in first.effects):
            return compared  # scoring shows every hand
        if two.stock.cards[len(two.stock) - count :] != bottom:
            return compared  # a swapped card has left the bottom of the stock
        for seat in others:
            assert first.seen_by(seat) == second.seen_by(seat), (seat, first, second)
            assert one.view(seat) == two.view(seat), (seat, action, one.phase, two.phase)
        if tally is not None:
            tally.update(type(effect).__name__ for effect in first.effects)
    return steps


def check_hidden_cards_stay_hidden(
    definition: GameDefinition[Any, Any],
    players: int,
    seed: int,
    rng: random.Random,
    *,
    focus: Callable[[AnyMatch], int | None] | None = None,
    tally: Counter[str] | None = None,
) -> int:
    """Random play of a seeded match, forked now and then, and wherever ``focus`` names
    a seat to hide (then every hidden card of theirs is swapped); return how many actions
    were compared in all (and count the kinds of effects compared in ``tally``)."""
    match = definition.new_match(players=players, seed=seed)
    compared = forks = 0
    for _ in range(800):
        if match.is_over or forks >= 60:
            break
        focused = None if focus is None else focus(match)
        if focused is not None:
            hidden, count, steps = focused, 99, rng.randint(1, 6)
        elif match.to_act is not None and rng.random() < 0.15:
            # H is mostly the seat to act, whose hand decides what comes next.
            hidden = match.to_act if rng.random() < 0.7 else rng.randrange(players)
            count, steps = rng.randint(1, 10), rng.randint(1, 30)
        else:
            count = 0
        forked = swapped_twin(match, hidden, count) if count else None
        if forked is not None:
            twin, count = forked
            forks += 1
            compared += compare_side_by_side(match.clone(), twin, hidden, count, steps, rng, tally)
        match.apply(rng.choice(match.legal_actions()))
    return compared


@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5), options=st.randoms())
def test_posso_phases_reveal_no_hidden_card(
    seed: int, players: int, options: random.Random
) -> None:
    definition = _definition("posso", POSSO_OPTIONS, options)
    check_hidden_cards_stay_hidden(definition, players, seed, options)


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5), options=st.randoms())
def test_may_i_phases_reveal_no_hidden_card(
    seed: int, players: int, options: random.Random
) -> None:
    definition = _definition("may-i", MAY_I_OPTIONS, options)
    check_hidden_cards_stay_hidden(definition, players, seed, options)


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), options=st.randoms())
def test_possession_phases_reveal_no_hidden_card(
    seed: int, players: int, options: random.Random
) -> None:
    definition = _definition("possession", POSSESSION_OPTIONS, options)
    check_hidden_cards_stay_hidden(definition, players, seed, options)


def _claimant(match: AnyMatch) -> int | None:
    """The seat whose hidden cards decide what a Posso? claim phase shows next: the
    corrector (POSSO-14.5; their second claim), or the seat whose claim is pending."""
    assert isinstance(match, ContractRummyMatch)
    if match.phase is CORRECTION:
        return match.to_act
    claims = PossoClaims.table(TurnContext.of(match)).claims if match.phase is CLAIM else []
    return claims[0][0] if claims else None


@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5), options=st.randoms())
def test_posso_claims_and_corrections_reveal_no_hidden_card(
    seed: int, players: int, options: random.Random
) -> None:
    """POSSO-9.3, 14.5: forked at every claim decision, the correction and the second
    claim included (whether a second claim is asked depends on public facts only)."""
    definition = _definition(
        "posso", {**POSSO_OPTIONS, "forced_play_enforcement": ["claim"]}, options
    )
    check_hidden_cards_stay_hidden(definition, players, seed, options, focus=_claimant)


def test_the_check_compares_real_play() -> None:
    """The side-by-side play gets somewhere: the seeds compare many actions, and among
    them the claim windows' answers and takes (POSSO-9.3, MAYI-9.3-9.9)."""
    rng = random.Random(5)
    definition = game("posso")
    tally: Counter[str] = Counter()
    compared = [
        check_hidden_cards_stay_hidden(definition, 4, seed, rng, tally=tally) for seed in range(2)
    ]
    assert min(compared) > 50, compared
    may_i = game("may-i")
    for seed in range(2):
        check_hidden_cards_stay_hidden(may_i, 4, seed, rng, tally=tally)
    kinds = [Passed, ClaimDeclared, Claimed, Asked, Allowed, Refused, Bought, TookOnRefusal]
    assert all(tally[kind.__name__] for kind in kinds), tally


# -- the deal's edges: every effect, card by card -------------------------------------------


def cards_in(value: object) -> Iterator[Card]:
    """The cards ``value`` (an effect, or one of its fields) names: a meld's own cards,
    not what its jokers stand for."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Meld):
        yield from value.cards
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, Effect):
        for field in attrs.fields(type(value)):
            yield from cards_in(getattr(value, field.name))


def may_know(match: AnyMatch, seat: int) -> Counter[Card]:
    """The cards ``seat`` may know now: its hand, the pile as it sees it, the melds on
    the table and the cards others are known to hold."""
    view = match.view(seat)
    cards = Counter(view.hand)
    cards.update(card for card, _ in view.pile)
    cards.update(card for meld in view.melds for card in meld.cards)
    cards.update(card for known in view.known for card in known)
    return cards


def check_effects_name_only_known_cards(match: AnyMatch, rng: random.Random, steps: int) -> int:
    """Random play of ``match`` (dealt by hand, ``auto_deal=False``, so that a deal's end
    and the next deal's start are two events): every effect as each seat sees it names
    only cards that seat may know just before or just after the event; an event whose
    scoring shows the hands (:class:`HandsShown`) may name those too. Return how many
    events were checked."""
    checked = 0
    for _ in range(steps):
        if match.is_over:
            break
        seats = range(match.players)
        before = [may_know(match, seat) for seat in seats]
        event: Event = match.apply(rng.choice(match.legal_actions()))
        shown = Counter[Card]()
        for effect in event.effects:
            if isinstance(effect, HandsShown):
                shown.update(card for hand in effect.hands for card in hand)
        for seat in seats:
            allowed = before[seat] | may_know(match, seat) | shown
            for effect in event.seen_by(seat).effects:
                for field in attrs.fields(type(effect)):  # a card may be in two fields
                    named = Counter(cards_in(getattr(effect, field.name)))
                    assert not named - allowed, (seat, effect, named - allowed)
        checked += 1
    return checked


def _dealt_to_others_hidden(event: Event, players: int) -> None:
    """Each seat sees its own dealt hand and only the sizes of the others'."""
    dealt: list[Effect] = [effect for effect in event.effects if isinstance(effect, Dealt)]
    for seat in range(players):
        for effect in event.seen_by(seat).effects:
            if isinstance(effect, Dealt):
                truth = dealt[effect.seat]
                assert isinstance(truth, Dealt) and effect.count == truth.count
                assert effect.cards == (truth.cards if effect.seat == seat else ())


@pytest.mark.parametrize(
    ("name", "options", "players"),
    [
        ("may-i", MAY_I_OPTIONS, 4),
        ("posso", POSSO_OPTIONS, 3),
        ("possession", POSSESSION_OPTIONS, 3),
    ],
)
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.randoms())
def test_what_a_seat_sees_of_an_effect_names_no_hidden_card(
    name: str, options: dict[str, list[Any]], players: int, seed: int, choices: random.Random
) -> None:
    """Dealt hands reach their owners only; scoring shows hands only where it counts
    them; no other effect names a card the seat may not know."""
    definition = _definition(name, options, choices)
    match = definition.new_match(players=players, seed=seed, auto_deal=False)
    events = check_effects_name_only_known_cards(match, choices, 1500)
    assert events > 0
    for event in match.events:
        _dealt_to_others_hidden(event, players)
