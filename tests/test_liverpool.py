"""Liverpool rummy from May I?'s options alone (issue 23, item 3): the seven deals, the
shoe by player count, the meld rules, the buys, the last deal laid down whole, the card
values, and heuristic bots that go out."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rummykit import (
    ConfigError,
    ContractSchedule,
    DeckSpec,
    IllegalActionError,
    InvalidMeldError,
    Match,
    game,
    parse_cards,
)
from rummykit.agents import make_agent
from rummykit.agents.distance import whole_hand_distance
from rummykit.cli.rules import describe_rules, rules_text
from rummykit.engine import Down
from rummykit.games import MayIRules
from rummykit.games.may_i.effects import Bought
from rummykit.kit import DealEnd, DealEnded, Draw, GoingOut, Position, WentOut
from rummykit.records import dumps, loads
from rummykit.simulate import play
from rummykit.variants import load_variant

ROOT = Path(__file__).resolve().parent.parent
VARIANT = ROOT / "examples" / "liverpool.toml"
LIVERPOOL: dict[str, Any] = {
    "contract_schedule": load_variant(VARIANT).rules.schedule(),
    "player_count_range": (3, 8),
    "decks": {3: 2, 5: 3},
    "jokers": {3: 4, 5: 6},
    "joker_value": 15,
    "rank_values": (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10),
    "ace": "low_or_high",
    "max_wilds_per_meld": None,
    "max_buys_per_deal": 3,
    "initial_upcard": True,
    "going_out_bonus": 0,
    "winner_metric": "penalties_only",
}


def liverpool(**changes: Any) -> Any:
    return game("may-i", **{**LIVERPOOL, **changes})


@pytest.fixture(scope="module")
def played() -> Match[Any, Any]:
    definition = liverpool()
    match: Match[Any, Any] = definition.new_match(players=5, seed=3)
    play(match, [make_agent("heuristic", definition) for _ in range(5)], rng=random.Random(3))
    return match


def test_the_schedule_has_seven_deals_of_ten_then_twelve_cards_the_last_laid_down_whole() -> None:
    schedule = liverpool().rules.schedule()
    assert [deal.contract.notation for deal in schedule] == [
        "2G", "1G+1R", "2R", "3G", "2G+1R", "1G+2R", "3R"
    ]  # fmt: skip
    assert [deal.hand_size for deal in schedule] == [10] * 4 + [12] * 3
    assert [deal.whole_hand for deal in schedule] == [False] * 6 + [True]
    assert all(deal.contract.exact for deal in schedule)


@pytest.mark.parametrize(
    ("players", "decks", "jokers"), [(3, 2, 4), (4, 2, 4), (5, 3, 6), (8, 3, 6)]
)
def test_the_shoe_follows_the_player_count(players: int, decks: int, jokers: int) -> None:
    match = liverpool().new_match(players=players, seed=1)
    assert match.spec == DeckSpec(decks=decks, jokers=jokers)
    assert [len(hand) for hand in match.hands] == [10] * players
    zones = Counter(card for hand in match.hands for card in hand) + Counter(match.stock.cards)
    assert sum(zones.values()) + len(match.pile) == 52 * decks + jokers


def test_the_may_i_shoe_and_values_stay_the_reference_games() -> None:
    rules = MayIRules()
    options = rules.table_options()
    assert (rules.table.decks.at(8), rules.table.jokers.at(8), rules.rank_values) == (2, 0, None)
    assert options.decks.at(8) == 2 and options.jokers.at(8) == 0
    assert options.card_values.hand_value(parse_cards("AS 7D KH")) == 32


def test_runs_of_four_or_more_ace_high_or_low_never_round_the_corner() -> None:
    rules = liverpool().rules.meld_rules()
    assert rules.validate("AS 2S 3S 4S").kind.value == "run"
    assert rules.validate("JS QS KS AS").kind.value == "run"
    assert rules.validate("7H 7H 7D 7C 7S").kind.value == "group"  # three decks
    for text in ("QS KS AS 2S", "5S 6S 7S", "7H 7D"):
        with pytest.raises(InvalidMeldError):
            rules.validate(text)


def test_card_values_score_the_hands_left() -> None:
    values = liverpool().new_match(players=4, seed=1).options.card_values
    assert values.hand_value(parse_cards("AS 7D 2C KH 10S JK")) == 15 + 5 + 5 + 10 + 10 + 15


def test_buys_are_capped_at_three_a_deal_each_with_one_penalty_card(
    played: Match[Any, Any],
) -> None:
    buys: Counter[tuple[int, int]] = Counter()
    deal = 1
    for event in played.events:
        for effect in event.effects:
            if isinstance(effect, Bought):
                buys[deal, effect.seat] += 1
                assert effect.penalty_cards == effect.pile_cards == 1
            if isinstance(effect, DealEnded):
                deal += 1
    assert buys and max(buys.values()) <= 3


def _last_deal(drawn: str) -> Any:
    """Deal 7 for three players: seat 0 holds three runs of twelve cards and draws
    ``drawn`` next."""
    hand = parse_cards("3S 4S 5S 6S 9H 10H JH QH AC 2C 3C 4C")
    top = parse_cards(drawn)
    others = [parse_cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")] * 2
    shoe = Counter(DeckSpec(decks=2, jokers=4).shoe()) - Counter(hand) - Counter(top)
    for other in others:
        shoe -= Counter(other)
    stock = [*top, *sorted(shoe.elements(), key=lambda card: card.code)]
    position = Position(hands=[hand, *others], stock=stock, dealer=2, deal=7, to_act=0)
    match = liverpool().new_match(players=3, position=position)
    match.apply(Draw())
    return match


def test_the_last_deal_goes_down_only_with_every_card_and_is_then_out() -> None:
    match = _last_deal("5C")
    downs = [action for action in match.legal_actions() if isinstance(action, Down)]
    assert downs
    assert all(sum(len(cards) for cards, _ in down.melds) == 13 for down in downs)
    event = match.apply(downs[0])
    went = [effect for effect in event.effects if isinstance(effect, WentOut)]
    assert went == [WentOut(0, GoingOut.MELDING)]  # out by the go-down: no discard
    end = next(effect for effect in event.effects if isinstance(effect, DealEnded))
    assert end.reason is DealEnd.WENT_OUT and end.went_out == 0


def test_the_last_deal_refuses_a_go_down_that_keeps_a_card() -> None:
    match = _last_deal("KS")
    assert not any(isinstance(action, Down) for action in match.legal_actions())
    with pytest.raises(IllegalActionError, match="takes the whole hand, and 1 card would stay"):
        match.apply("down 3S 4S 5S 6S / 9H 10H JH QH / AC 2C 3C 4C")


def test_an_earlier_deal_keeps_its_discard() -> None:
    schedule = liverpool().rules.schedule()
    assert schedule[6].discard_out and not schedule[7].discard_out


def test_heuristic_bots_go_out_of_the_deals_and_the_record_replays(
    played: Match[Any, Any],
) -> None:
    ends = [e for event in played.events for e in event.effects if isinstance(e, DealEnded)]
    assert len(ends) == 7
    assert sum(end.reason is DealEnd.WENT_OUT for end in ends) >= 6
    assert ends[-1].reason is DealEnd.WENT_OUT  # the deal laid down whole too
    replayed = loads(dumps(played))
    assert replayed.snapshot() == played.snapshot()
    assert replayed.definition.rules == played.definition.rules


def test_whole_hand_distance_counts_strays_and_gaps() -> None:
    rules = liverpool().rules.meld_rules()
    contract = liverpool().rules.contract(7)
    ready = parse_cards("3S 4S 5S 6S 9H 10H JH QH KH AC 2C 3C 4C")
    assert whole_hand_distance(ready, contract, rules) == 0
    assert whole_hand_distance([*ready[:-1], *parse_cards("9D")], contract, rules) == 2
    assert whole_hand_distance([*ready[:-1], *parse_cards("JK")], contract, rules) == 0


def test_the_rules_command_shows_the_options_and_the_whole_hand_deal() -> None:
    text = "\n".join(rules_text(describe_rules(liverpool())))
    assert "decks = {3: 2, 5: 3}" in text
    assert "jokers = {3: 4, 5: 6}" in text
    assert "rank_values = [15, 5, 5" in text
    assert "deal 7: 3R, 12 cards, no going out by discarding, the go-down takes the whole hand" in (
        text
    )


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"decks": 0}, "decks"),
        ({"decks": {"three": 2}}, "decks"),
        ({"decks": {3: 1}}, "decks"),  # eight hands of twelve need more than one deck
        ({"jokers": -1}, "jokers"),
        ({"jokers": {3: 99}}, "jokers"),
        ({"rank_values": [1, 2, 3]}, "rank_values"),
        ({"rank_values": [True] * 13}, "rank_values"),
        ({"contract_all_at_once": False}, "whole_hand"),
    ],
)
def test_bad_options_are_config_errors_naming_the_option(
    options: dict[str, Any], named: str
) -> None:
    with pytest.raises(ConfigError, match=named):
        liverpool(**options)


def test_a_whole_hand_flag_that_is_not_true_or_false_is_refused() -> None:
    with pytest.raises(ConfigError, match="whole_hand must be true or false"):
        ContractSchedule.loads_toml('[[deal]]\ncontract = "3R"\nwhole_hand = "yes"\n')


def test_the_variant_file_is_these_options_under_the_name_liverpool() -> None:
    definition = load_variant(VARIANT).game()
    assert definition.name == "liverpool" and definition.title == "Liverpool rummy"
    assert definition.rules == liverpool().rules
