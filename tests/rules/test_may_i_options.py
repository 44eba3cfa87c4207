"""Every MAYI-18 option changes behaviour as its clause says (those not covered by the
worked cases in the other May I? test modules)."""

from __future__ import annotations

from collections import Counter

import pytest

from rummykit import JOKER, ConfigError, Stock, game, parse_card, parse_cards
from rummykit.engine import MELD, PICK, TakeCard
from rummykit.games import MayI, MayIRules
from rummykit.games.may_i.actions import Allow, Ask
from rummykit.games.may_i.effects import Bought
from rummykit.kit import Discard, Done, Draw, Pass, Take
from tests.rules.may_i_setup import B, C, new_match, pass_window, state_s


def test_mayi_1_1_player_count() -> None:
    with pytest.raises(ConfigError, match="MAYI-1.1"):
        game("may-i").new_match(players=2, seed=1)
    assert game("may-i", player_count_range=(2, 5)).new_match(players=2, seed=1).players == 2


def test_mayi_2_2_jokers() -> None:
    match = game("may-i", jokers=4, joker_value=25).new_match(players=4, seed=3)
    assert Counter(match.spec.shoe())[JOKER] == 4 and match.spec.size == 108
    assert match.options.card_values.value(JOKER) == 25
    # the rules themselves cite the clause, not only game(): MayIRules.of is a front door too
    for make in (lambda: MayIRules.of(jokers=99), lambda: game("may-i", jokers=99)):
        with pytest.raises(ConfigError, match="from 0 to 24") as refused:
            make()
        assert refused.value.rule == "MAYI-2.2"


def test_mayi_2_1_decks_and_5_2_packet_limits() -> None:
    with pytest.raises(ConfigError, match="decks must be from 1 to 8") as refused:
        MayIRules.of(decks=9)
    assert refused.value.rule == "MAYI-2.1"
    with pytest.raises(ConfigError, match="deal_packet_size") as refused:
        MayIRules.of(deal_packet_size=12)
    assert refused.value.rule == "MAYI-5.2"


def test_mayi_4_3_first_dealer() -> None:
    assert game("may-i", first_dealer=2).new_match(players=4, seed=1).dealer == 2
    drawn = {
        game("may-i", first_dealer="high_card_draw").new_match(players=4, seed=s).dealer
        for s in range(12)
    }
    assert drawn <= {0, 1, 2, 3} and len(drawn) > 1


def test_mayi_4_4_dealer_rotation() -> None:
    for rotation, step in (("left", 1), ("right", -1)):
        match = MayI(MayIRules.of(dealer_rotation=rotation, max_turns_per_deal=1)).new_match(
            players=4, seed=1, first_dealer=0
        )
        # a turn cap of 1 ends every deal after one turn: five deals, five dealers
        while not match.is_over:
            match.apply(match.legal_actions()[0])
        assert match.deal_number == 5
        assert match.dealer == (0 + 4 * step) % 4


def test_mayi_5_2_packets_and_5_5_upcard() -> None:
    match = new_match(deal_packet_size=2, initial_upcard=True)
    assert all(len(hand) == 10 for hand in match.hands)
    assert len(match.pile) == 1 and match.pile.top is not None
    assert match.pile.top.discarder is None
    assert len(match.stock) == 104 - 40 - 1


def test_mayi_8_2_pile_visibility() -> None:
    match = state_s(discard_pile_visible="top_only")
    assert [str(card) for card, _ in match.view(B).pile] == ["7H"]
    assert len(state_s().view(B).pile) == 5


def test_mayi_9_8_any_mode_picks_any_pile_cards_but_own_discards() -> None:
    # rules/README M05: with multi_take_mode="any" the top card is taken first, then any
    # other pile cards one at a time, never one's own discards (MAYI-8.4).
    match = state_s(multi_take_mode="any")
    match.apply_all([Pass(), Pass()])  # C and D pass; B's regular turn
    assert match.legal_actions() == (
        Draw(),
        Take(),
        *(TakeCard(card) for card in sorted(parse_cards("5S 4D 9C"))),
    )
    assert match.can_apply("take 4D") and not match.can_apply("take KS")
    match.apply("take 4D")  # option (c): 7H, then 4D
    assert match.phase is PICK
    assert match.legal_actions() == (
        *(TakeCard(card) for card in sorted(parse_cards("5S 9C"))),
        Done(),
    )
    match.apply("take 5S")
    event = match.apply("done")  # three pile cards: two stock cards (MAYI-7.3c)
    assert event.received == parse_cards("2D 8S")
    assert match.pile.cards == parse_cards("KS 9C")
    assert match.phase is MELD and Done() in match.legal_actions()
    assert not any(isinstance(action, Discard) for action in match.legal_actions())


def test_mayi_9_8_any_mode_buyer_picks_after_the_top_card() -> None:
    match = state_s(multi_take_mode="any")
    match.apply_all([Ask(), Pass(), Allow()])  # C asks; B allows: C buys
    assert match.legal_actions() == (Take(),)
    match.apply("take")
    assert match.phase is PICK and match.to_act == C
    assert TakeCard(parse_card("4D")) not in match.legal_actions()  # C's own discard
    match.apply("take KS")
    event = match.apply("done")  # a buy: one stock card per pile card
    assert event.received == parse_cards("2D 8S")
    bought = [effect for effect in event.effects if isinstance(effect, Bought)]
    assert bought == [Bought(C, "buy", 2, 2)]
    assert match.phase is MELD and match.deal.buys[C] == 1


def test_mayi_14_1_stock_exhaustion_end_deal() -> None:
    match = new_match(stock_exhaustion="end_deal")
    while match.deal_number == 1:
        player = match.to_act
        assert player is not None
        match.apply(Draw())
        if match.deal_number > 1:
            break
        match.apply(Discard(match.hands[player][-1]))
        pass_window(match)
    assert len(match.deal_scores) == 1 and match.deal.refills == 0


def test_mayi_14_3_limit_take() -> None:
    match = state_s(penalty_draw_shortfall="limit_take", buy_penalty_per_card=9)
    match.apply_all([Pass(), Pass()])
    # B's option (c) pays 9 stock cards per extra card: three cards cost 18, affordable.
    assert match.legal_actions()[-1] == Take(3)
    short = state_s(
        penalty_draw_shortfall="limit_take",
        buy_penalty_per_card=9,
        max_stock_refills=0,
        stock_exhaustion="end_deal",
    )
    short.deal.stock = Stock(short.deal.stock.cards[:10])  # only ten stock cards left
    short.apply_all([Pass(), Pass()])
    assert short.legal_actions()[-1] == Take(2)  # 9 cards for one extra; 18 would be short


def test_mayi_15_4_dead_deal_void() -> None:
    match = MayI(MayIRules.of(max_turns_per_deal=1, dead_deal_scoring="void")).new_match(
        players=3, seed=1
    )
    penalties = MayI(MayIRules.of(max_turns_per_deal=1)).new_match(players=3, seed=1)
    for each in (match, penalties):  # every deal ends dead after its one turn
        while not each.is_over:
            each.apply(each.legal_actions()[0])
    assert match.scores == (0, 0, 0)
    assert all(score < 0 for score in penalties.scores)


def test_mayi_17_six_deal_variant() -> None:
    match = game("may-i", contract_schedule="six_deal").new_match(players=4, seed=1)
    assert len(match.schedule) == 6 and all(len(hand) == 11 for hand in match.hands)
    assert [deal.discard_out for deal in match.schedule][-2:] == [True, False]


def test_bad_options_are_refused() -> None:
    for options, message in [
        ({"turn_after_buy": "never"}, "turn_after_buy"),
        ({"buy_penalty_per_card": -1}, "buy_penalty_per_card"),
        ({"discard_out_forbidden_deals": [9]}, "deal 9"),
        ({"contract_schedule": "seven"}, "contract_schedule"),
        ({"first_dealer": "oldest"}, "first_dealer"),
        ({"deal_packet_size": 3}, "multiple of deal_packet_size"),
        ({"player_count_range": (1, 9)}, "player_count_range"),
        ({"wraparound_runs": "no"}, "wraparound_runs must be true or false"),
        ({"first_dealer": 5}, "first_dealer seat 5"),
        ({"contract_schedule": "may-i-seven"}, "contract_schedule"),
        ({"discard_out_forbidden_deals": [6], "contract_schedule": "may-i"}, "deal 6"),
    ]:
        with pytest.raises(ConfigError, match=message):
            MayIRules.of(**options)  # type: ignore[arg-type]


def test_stacked_deck_must_be_the_whole_shoe() -> None:
    with pytest.raises(ConfigError, match="whole shoe"):
        MayI().new_match(players=4, seed=1, deck_order=parse_cards("AS KS"))
