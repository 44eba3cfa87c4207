"""The engine's typed table options: what they hold, how May I? and Posso? make them, the
check at registration, the shoe by player count, and a go-down checked once."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import (
    CardValues,
    ConfigError,
    DeckSpec,
    IllegalActionError,
    Match,
    MeldRules,
    game,
    parse_cards,
)
from rummykit.engine import (
    ContractLayOffGate,
    ContractOpening,
    ContractRummy,
    Down,
    FreeOpening,
    Hooks,
    LaidDown,
    LayOff,
    PerPlayers,
    SingleCardRule,
    TableOptions,
    TieBreak,
)
from rummykit.games import MayIRules, PossoRules
from rummykit.kit import Discard, Draw, NextDeal, Position, register, unregister

SRC = Path(__file__).resolve().parents[1] / "src" / "rummykit"

# -- the options -------------------------------------------------------------------------------


def test_table_options_are_typed_and_checked() -> None:
    options = TableOptions(tie_break="most_times_out", decks={"3": 2, "5": 3})
    assert options.tie_break is TieBreak.MOST_TIMES_OUT
    assert options.decks == PerPlayers(((3, 2), (5, 3)))
    assert (options.decks.at(4), options.decks.at(5), options.jokers.at(5)) == (2, 3, 0)
    with pytest.raises(ConfigError, match="single_card_rule must be one of"):
        TableOptions(single_card_rule="discard_anyway")
    with pytest.raises(ConfigError, match="decks must be 1 or more"):
        TableOptions(decks=0)
    with pytest.raises(ConfigError, match=r"jokers must be a whole number or a mapping"):
        TableOptions(jokers="two")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="card_values must be a CardValues"):
        TableOptions(card_values=(1, 2, 3))  # type: ignore[arg-type]


def test_the_shoe_must_hold_every_hand() -> None:
    with pytest.raises(ConfigError, match=r"5 hands of 11 cards need 55 cards, but the shoe"):
        TableOptions(player_count_range=(2, 5), decks=1, hand_size=11)
    assert TableOptions(player_count_range=(2, 5), decks={2: 1, 5: 2}, hand_size=11)


def test_turn_refusals_cite_the_game_being_played() -> None:
    may_i = game("may-i").new_match(players=4, seed=3)
    posso = game("posso").new_match(players=4, seed=3)
    for match, clause in ((may_i, "MAYI-7.3"), (posso, "POSSO-8.2")):
        card = match.hands[match.to_act or 0][0]
        with pytest.raises(IllegalActionError, match=f"^{clause}: .*cannot discard {card} now"):
            match.apply(f"discard {card}")


def test_may_i_makes_its_table_options_from_its_own_names() -> None:
    definition = game("may-i", max_buys_per_deal=3, tie_break="most_times_out", joker_count=2)
    options = definition.table_options()
    assert definition.rules.max_buys_per_deal == 3
    assert options.tie_break is TieBreak.MOST_TIMES_OUT and options.jokers.at(4) == 2
    assert options.schedule == definition.rules.schedule()
    assert options.meld_rules == definition.rules.meld_rules() == definition.meld_rules()
    assert options.card_values == definition.rules.card_values()


def test_posso_fixes_five_table_options_by_composition() -> None:
    options = game("posso", joker_count="players_minus_one").table_options()
    assert options.single_card_rule is SingleCardRule.END_TURN_WITHOUT_DISCARD  # POSSO-15.3
    assert options.multi_take_mode == "contiguous"
    assert options.may_take_own_discard  # POSSO-8.2: a correction may uncover his own discard
    assert [options.jokers.at(players) for players in (3, 4, 5)] == [2, 3, 4]  # POSSO-2.2
    fields = {field.name for field in attrs.fields(PossoRules)}
    assert not fields & {"multi_take_mode", "single_card_rule", "discard_pile_visible"}
    assert not hasattr(PossoRules(), "single_card_rule")
    assert "may_i" not in (SRC / "games" / "posso" / "rules.py").read_text(encoding="utf-8")


def test_the_engine_reads_no_rules_attribute_and_cites_no_game() -> None:
    for path in sorted((SRC / "engine").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "rules: Any" not in text, path.name
        assert not re.findall(r"\.rules\.(?!table_options\(\))", text), path.name
        assert not re.findall(r"[\"'](?:MAYI|POSSO)-", text), path.name
    assert not ContractRummy.refusal_clauses


# -- the check at registration ------------------------------------------------------------------


class _Game(ContractRummy[Any]):
    def hooks(self) -> Hooks:
        return Hooks(opening=FreeOpening(), layoff_gate=ContractLayOffGate())


@attrs.frozen(kw_only=True)
class ForgetfulRules:
    """A user's rules named like May I?'s table options, but without ``tie_break``."""

    player_count_range: tuple[int, int] = (2, 4)
    first_dealer: str = "random"
    winner_metric: str = "net"


def test_a_rules_class_missing_an_engine_option_is_refused_at_registration() -> None:
    @attrs.frozen
    class Forgetful(_Game):
        name: ClassVar[str] = "test-forgetful"
        rules_type: ClassVar[type[Any]] = ForgetfulRules

    with pytest.raises(ConfigError, match=r"ForgetfulRules lacks the engine options .*tie_break"):
        register(Forgetful)
    with pytest.raises(ConfigError, match="no game 'test-forgetful'"):
        game("test-forgetful")


def test_a_mistyped_engine_option_is_refused_at_registration_naming_it() -> None:
    @attrs.frozen(kw_only=True)
    class CoinRules(TableOptions):
        tie_break: Any = "coin"  # redeclared without the engine's check

    @attrs.frozen
    class Coin(_Game):
        name: ClassVar[str] = "test-coin"
        rules_type: ClassVar[type[Any]] = CoinRules

    with pytest.raises(ConfigError, match=r"game 'test-coin': tie_break must be one of"):
        register(Coin)


def test_a_redeclared_engine_option_is_checked_when_the_rules_are_made() -> None:
    @attrs.frozen(kw_only=True)
    class LooseRules(TableOptions):
        decks: Any = 1  # redeclared as Any, with a default of its own
        winner_metric: Any = "penalties_only"

    @attrs.frozen
    class Loose(_Game):
        name: ClassVar[str] = "test-loose"
        rules_type: ClassVar[type[Any]] = LooseRules

    register(Loose)
    try:
        assert game("test-loose", decks=2).new_match(players=3, seed=1).spec.decks == 2
        cases: tuple[tuple[str, Any, str], ...] = (
            ("decks", "x", "decks must be a whole number or a mapping"),
            ("decks", 0, "decks must be 1 or more"),
            ("winner_metric", "coin", "winner_metric must be one of 'net'"),
        )
        for option, value, message in cases:
            options: dict[str, Any] = {option: value}
            with pytest.raises(ConfigError, match=message):
                game("test-loose", **options)  # refused before any match
            with pytest.raises(ConfigError, match=message):
                LooseRules(**options)
        # the checked value is kept converted: equal options are equal, a match restores
        by_players = game("test-loose", decks={3: 1, 4: 2})
        assert by_players.rules.decks == PerPlayers.of({3: 1, 4: 2})
        assert by_players == game("test-loose", decks={"3": 1, "4": 2})
        match = by_players.new_match(players=4, seed=1)
        assert match.spec.decks == 2
        assert Match.from_dict(json.loads(json.dumps(match.to_dict()))) == match
    finally:
        unregister("test-loose")


def test_counts_by_player_count_must_fit_the_player_range() -> None:
    with pytest.raises(ConfigError, match=r"decks \{99: 2\} gives a count for 99 players, but "):
        TableOptions(decks={99: 2})
    with pytest.raises(ConfigError, match=r"jokers \{2: 1, 5: 2\} gives a count for 2 players"):
        TableOptions(jokers={2: 1, 5: 2})
    with pytest.raises(ConfigError, match=r"decks \{4: 3\} gives no count for 3 players"):
        TableOptions(decks={4: 3})
    assert TableOptions(decks={3: 2, 5: 3}).decks.at(4) == 2
    assert TableOptions(player_count_range=(2, 4), decks=1).decks.at(4) == 1
    for option in ("decks", "joker_count"):  # May I?'s own names, before its normalizing
        for value, message in (({99: 2}, "for 99 players"), ({4: 3}, "no count for 3 players")):
            with pytest.raises(ConfigError, match=rf"^MAYI-2\.[12]: {option} .*{message}"):
                game("may-i", **{option: value})
    assert game("may-i", decks={3: 2}).new_match(players=5, seed=1).spec.decks == 2
    assert game("may-i", player_count_range=(3, 8), decks={3: 2, 5: 3}).rules.decks == (
        (3, 2),
        (5, 3),
    )


def test_a_shoe_too_small_for_the_hands_is_refused_at_registration() -> None:
    @attrs.frozen(kw_only=True)
    class TightRules(TableOptions):
        decks: Any = 1
        hand_size: int = 20

    @attrs.frozen
    class Tight(_Game):
        name: ClassVar[str] = "test-tight"
        rules_type: ClassVar[type[Any]] = TightRules

    with pytest.raises(ConfigError, match=r"game 'test-tight': 5 hands of 20 cards need 100"):
        register(Tight)


def test_table_options_must_be_table_options() -> None:
    @attrs.frozen(kw_only=True)
    class OddRules:
        player_count_range: tuple[int, int] = (2, 4)
        first_dealer: str = "random"

        def table_options(self) -> Any:
            return {"tie_break": "shared"}

    @attrs.frozen
    class Odd(_Game):
        name: ClassVar[str] = "test-odd"
        rules_type: ClassVar[type[Any]] = OddRules

    with pytest.raises(ConfigError, match=r"table_options\(\) must return TableOptions, got dict"):
        register(Odd)


def test_a_rules_subclass_of_table_options_registers_and_plays() -> None:
    @attrs.frozen
    class Plain(_Game):
        name: ClassVar[str] = "test-plain"
        rules_type: ClassVar[type[Any]] = TableOptions
        actions = (Draw, Down, LayOff, Discard, NextDeal)

    register(Plain)
    try:
        match = game("test-plain", deal_count=2, hand_size=7).new_match(players=3, seed=4)
        assert match.deal_count() == 2 and len(match.hands[0]) == 7
    finally:
        unregister("test-plain")


# -- the shoe, the deals and card values from options ---------------------------------------


LIVERPOOLISH = TableOptions(
    player_count_range=(3, 6),
    decks={3: 2, 5: 3},
    jokers={3: 2, 5: 3},
    schedule=MayIRules().schedule(),
    card_values=CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), joker=50),
)


@attrs.frozen
class Liverpoolish(ContractRummy[TableOptions]):
    """Two decks for 3-4 players, three for 5 and more, one joker per deck."""

    name: ClassVar[str] = "test-liverpoolish"
    rules_type: ClassVar[type[Any]] = TableOptions
    rules: TableOptions = attrs.field(factory=lambda: LIVERPOOLISH)

    def hooks(self) -> Hooks:
        return Hooks(opening=ContractOpening(), layoff_gate=ContractLayOffGate())


def test_the_shoe_follows_the_player_count() -> None:
    four = Liverpoolish().new_match(players=4, seed=1)
    six = Liverpoolish().new_match(players=6, seed=1)
    assert (four.spec, six.spec) == (DeckSpec(decks=2, jokers=2), DeckSpec(decks=3, jokers=3))
    total = Counter(card for hand in six.hands for card in hand) + Counter(six.stock.cards)
    assert sum(total.values()) + len(six.pile) == 3 * 52 + 3
    assert six.values.hand_value(parse_cards("KS JK")) == 63


# -- check once ----------------------------------------------------------------------------


def _down_position() -> Position:
    hand = parse_cards("5S 5H 5D 7C 7D 7H 9S 10S JS QS 2D")
    shoe = Counter(DeckSpec(decks=2).shoe()) - Counter(hand)
    return Position(hands=[hand, (), ()], stock=sorted(shoe.elements()), dealer=2, to_act=0)


def test_a_go_down_given_as_text_is_read_once_and_each_meld_validated_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = game("may-i").new_match(players=3, position=_down_position())
    match.apply("draw")
    validated: list[object] = []
    parsed: list[str] = []
    real_validate, real_parse = MeldRules.validate, Match.parse_action

    def validate(self: MeldRules, cards: Any, *args: Any, **kwargs: Any) -> Any:
        validated.append(cards)
        return real_validate(self, cards, *args, **kwargs)

    def parse(self: Match[Any, Any], text: str) -> Any:
        parsed.append(text)
        return real_parse(self, text)

    monkeypatch.setattr(MeldRules, "validate", validate)
    monkeypatch.setattr(Match, "parse_action", parse)
    event = match.apply("down 5S 5H 5D / 7C 7D 7H")  # MAYI-11: deal 1's contract 2G
    assert parsed == ["down 5S 5H 5D / 7C 7D 7H"]
    assert len(validated) == 2
    assert [str(meld) for meld in match.table] == ["5S 5H 5D", "7H 7D 7C"]
    assert isinstance(event.effects[0], LaidDown) and event.effects[0].opened


def test_an_illegal_go_down_leaves_the_match_unchanged() -> None:
    match = game("may-i").new_match(players=3, position=_down_position())
    match.apply("draw")
    before = match.snapshot()
    with pytest.raises(IllegalActionError, match="^MAYI-11: "):
        match.apply("down 5S 5H 5D / 9S 10S JS QS")  # a group and a run, not 2G
    assert match.snapshot() == before
    assert match.can_apply(Down.of(*(parse_cards(m) for m in ("5S 5H 5D", "7C 7D 7H"))))
    assert match.snapshot() == before
