"""The engine as a library: declared state, typed effects, the registry, open actions,
positions, hooks a user's game can swap, and clear errors (issue: one engine)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    ConfigError,
    DeckSpec,
    IllegalActionError,
    Match,
    Meld,
    NotationError,
    game,
    parse_card,
    parse_cards,
    presets,
)
from rummykit.engine import (
    ExchangeGate,
    ExchangeJoker,
    Hooks,
    JokerExchanged,
    LaidDown,
    LayOff,
    LayOffGate,
    Refusal,
    TurnContext,
)
from rummykit.games import MayI, Possession
from rummykit.games.possession.actions import Play
from rummykit.kit import (
    Action,
    ActionGrammar,
    DealEnded,
    Discard,
    Discarded,
    Drew,
    Position,
    TookFromPile,
    get,
    names,
    parse_action,
    register,
    unregister,
)
from rummykit.records import dumps, loads
from rummykit.simulate import simulate
from tests.positions import three_seat_position

# -- declared state: snapshots, clones, equal futures -------------------------------------


def _random_steps(match: Match[Any, Any], rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if match.is_over:
            return
        match.apply(rng.choice(match.legal_actions()))


@given(
    name=st.sampled_from(["may-i", "possession"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
)
def test_clones_and_equal_snapshots_have_equal_futures(name: str, seed: int, steps: int) -> None:
    players = 4 if name == "may-i" else 3
    match = game(name).new_match(players=players, seed=seed)
    _random_steps(match, random.Random(seed), steps)
    twin = match.clone()
    assert twin.snapshot() == match.snapshot() and twin == match
    replayed = game(name).new_match(players=players, seed=seed)
    replayed.apply_all([event.action for event in match.events])
    assert replayed.snapshot() == match.snapshot()
    rng = random.Random(seed + 1)
    for _ in range(60):
        assert twin.legal_actions() == match.legal_actions() == replayed.legal_actions()
        for seat in range(players):
            assert twin.view(seat) == match.view(seat) == replayed.view(seat)
        if match.is_over:
            break
        action = rng.choice(match.legal_actions())
        events = [m.apply(action) for m in (match, twin, replayed)]
        assert events[0] == events[1] == events[2]
    assert twin.snapshot() == match.snapshot() == replayed.snapshot()


def test_a_clone_shares_no_mutable_state() -> None:
    match = game("may-i").new_match(players=3, seed=2)
    twin = match.clone()
    twin.apply("draw")
    assert match.phase.value == "draw" and twin.phase.value == "meld"
    assert len(match.hands[match.to_act or 0]) == 10 and twin.snapshot() != match.snapshot()
    assert twin.deal.hands is not match.deal.hands and twin.state is not match.state


# -- typed effects --------------------------------------------------------------------------


def test_effects_say_what_happened_and_hide_stock_cards() -> None:
    match = game("may-i").new_match(players=3, seed=11, first_dealer=2)
    drew = match.apply("draw")
    (effect,) = drew.effects
    assert isinstance(effect, Drew) and effect.seat == 0 and len(effect.cards) == 1
    assert drew.seen_by(1).effects == (Drew(0, (), count=1),)
    assert drew.seen_by(0) == drew
    assert match.events_seen_by(2)[0].effects[0] == Drew(0, (), count=1)
    discard = match.apply("discard 9H")
    assert discard.effects == (Discarded(0, parse_card("9H")),)


def test_a_whole_match_reports_every_deal_end_with_its_scores() -> None:
    match = game("may-i").new_match(players=3, seed=5)
    _random_steps(match, random.Random(5), 100_000)
    ended = [e for event in match.events for e in event.effects if isinstance(e, DealEnded)]
    assert [e.deal for e in ended] == [1, 2, 3, 4, 5]
    assert [e.nets for e in ended] == [tuple(s.net for s in deal) for deal in match.deal_scores]


# -- the registry and open actions ------------------------------------------------------------


def test_the_registry_knows_the_shipped_games() -> None:
    assert names()[:2] == ("may-i", "possession")
    assert get("may-i") is MayI and get("possession") is Possession
    with pytest.raises(ConfigError, match=r"no game 'posession'.*did you mean 'possession'"):
        game("posession")
    with pytest.raises(ConfigError, match=r"no game 'MAY-I'.*did you mean 'may-i'"):
        game("MAY-I")
    with pytest.raises(ConfigError, match="registered already"):
        register(attrs.make_class("Other", {}, bases=(MayI,)))
    with pytest.raises(ConfigError, match=r"no option 'max_buy_per_deal'.*max_buys_per_deal"):
        game("may-i", max_buy_per_deal=2)


def test_each_game_reads_only_its_own_actions() -> None:
    possession = game("possession").new_match(players=2, seed=1)
    with pytest.raises(IllegalActionError, match="unknown action 'down'"):
        possession.apply("down 7S 7H 7D")
    assert possession.parse_action("play 9C") == Play((parse_card("9C"),))
    may_i = game("may-i").new_match(players=3, seed=1)
    with pytest.raises(IllegalActionError, match="unknown action 'play'"):
        may_i.apply("play 9C")
    with pytest.raises(NotationError, match="did you mean 'draw'"):
        may_i.parse_action("drew")


@attrs.frozen
class Knock(Action):
    """A user's action: knock with a discard."""

    verb: ClassVar[str] = "knock"
    card: Any

    @classmethod
    def parse(cls, rest: str, text: str) -> Knock:
        return cls(parse_card(rest))

    def __str__(self) -> str:
        return f"knock {self.card}"


def test_a_users_action_has_its_own_notation() -> None:
    grammar = ActionGrammar(Knock, Discard)
    assert grammar.parse("knock 7h") == Knock(parse_card("7H"))
    assert str(Knock(parse_card("7H"))) == "knock 7H"
    with pytest.raises(NotationError, match="known: discard, knock"):
        grammar.parse("draw")


# -- a user's game on the engine: May I? with joker exchange ----------------------------------


@attrs.frozen
class DownPlayersExchange(ExchangeGate):
    """A player whose contract is down may exchange jokers, the joker going onto the table."""

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        if not ctx.deal.down[seat]:
            return "HOUSE-1", f"{ctx.who(seat)} has not laid their contract down"
        return None


@attrs.frozen
class ExchangeMayI(MayI):
    """May I? with two jokers that players who are down may exchange."""

    name: ClassVar[str] = "test-exchange-may-i"
    refusal_clauses: ClassVar[Mapping[str, str]] = {**MayI.refusal_clauses, "exchange": "HOUSE-2"}
    actions: ClassVar[tuple[type[Action], ...]] = (*MayI.actions, ExchangeJoker)

    def hooks(self) -> Hooks:
        return attrs.evolve(super().hooks(), exchange=DownPlayersExchange())


@pytest.fixture
def exchange_game() -> Any:
    register(ExchangeMayI)
    yield ExchangeMayI
    unregister(ExchangeMayI.name)


def test_a_users_game_offers_joker_exchanges(exchange_game: Any) -> None:
    rules = presets.meld_rules("may-i")
    run = Meld.parse("9C 10C JK QC", rules, owner=1)
    group = Meld.parse("5S 5H 5D", rules, owner=0)
    position = three_seat_position(
        {0: "JC 4H 4S 8D", 1: "2S 3S"}, [group, run], jokers=2, down=(0, 1)
    )
    definition = game(exchange_game.name, jokers=2)
    match = definition.new_match(players=3, position=position)
    match.apply("draw")
    exchanges = [a for a in match.legal_actions() if isinstance(a, ExchangeJoker)]
    assert [str(a) for a in exchanges] == [
        "exchange JC -> 1 joker -> 1 (KC)",
        "exchange JC -> 1 joker -> 1 (8C)",
        "exchange JC -> 1 joker -> 0",
    ]
    event = match.apply("exchange JC -> 1 joker -> 1 high")
    (effect,) = event.effects
    assert isinstance(effect, JokerExchanged) and effect.joker == parse_card("JK")
    assert str(match.table[1]) == "9C 10C JC QC JK(KC)"
    with pytest.raises(IllegalActionError, match="^HOUSE-2: 4H cannot free a joker"):
        match.apply("exchange 4H -> 0 joker -> 0")
    # the game is recorded, replayed and simulated like a shipped one
    summary = simulate(exchange_game.name, matches=2, seed=3, players=3, options={"jokers": 2})
    assert summary.matches == 2 and summary.deals == 10


def test_a_seat_not_down_may_not_exchange(exchange_game: Any) -> None:
    rules = presets.meld_rules("may-i")
    run = Meld.parse("9C 10C JK QC", rules, owner=1)
    position = three_seat_position({0: "JC 4H 4S 8D", 1: "2S 3S"}, [run], jokers=2, down=(1,))
    match = game(exchange_game.name, jokers=2).new_match(players=3, position=position)
    match.apply("draw")
    assert not any(isinstance(a, ExchangeJoker) for a in match.legal_actions())
    with pytest.raises(IllegalActionError, match="HOUSE-1: player A has not laid"):
        match.apply("exchange JC -> 0 joker -> 0 high")


def test_a_users_registered_game_records_and_replays(exchange_game: Any) -> None:
    match = game(exchange_game.name, jokers=2).new_match(players=3, seed=8)
    _random_steps(match, random.Random(8), 300)
    text = dumps(match)
    assert '"game": "test-exchange-may-i"' in text
    assert loads(text).snapshot() == match.snapshot()


# -- positions -------------------------------------------------------------------------------


def test_a_position_must_hold_the_whole_shoe() -> None:
    with pytest.raises(ConfigError, match="missing"):
        game("may-i").new_match(players=3, position=Position(hands=[(), (), ()], stock=()))
    shoe = list(DeckSpec(decks=2).shoe())
    with pytest.raises(ConfigError, match="too many 7H"):
        game("may-i").new_match(
            players=3,
            position=Position(hands=[parse_cards("7H"), (), ()], stock=shoe),
        )
    with pytest.raises(ConfigError, match="deal must be from 1 to 5"):
        game("may-i").new_match(
            players=3, position=Position(hands=[(), (), ()], stock=shoe, deal=6)
        )


def test_a_position_starts_any_deal() -> None:
    shoe = list(DeckSpec(decks=2).shoe())
    hands = [shoe[:11], shoe[11:22], shoe[22:33]]
    position = Position(hands=hands, stock=shoe[33:], pile=[(shoe[33], 0)], deal=4, dealer=0)
    with pytest.raises(ConfigError, match="too many"):
        game("may-i").new_match(players=3, position=position)
    position = attrs.evolve(position, stock=shoe[34:])
    match = game("may-i").new_match(players=3, position=position)
    assert (match.deal_number, match.to_act, str(match.contract)) == (4, 1, "3G")
    assert match.legal_actions()[:2] == (parse_action("draw"), parse_action("take"))
    possession = game("possession").new_match(
        players=2,
        position=Position(hands=[shoe[:9], shoe[9:18]], stock=shoe[19:52], pile=[(shoe[18], None)]),
    )
    assert possession.to_act == 1 and possession.phase.value == "play"


# -- clear errors ------------------------------------------------------------------------------


def test_errors_say_what_is_wrong() -> None:
    match = game("may-i").new_match(players=3, seed=11, first_dealer=2)
    with pytest.raises(IllegalActionError, match="an action is an Action value"):
        match.apply(None)  # type: ignore[call-overload]
    with pytest.raises(IllegalActionError, match="there is no seat None"):
        match.view(None)  # type: ignore[arg-type]
    match.apply("draw")
    with pytest.raises(IllegalActionError, match=r"MAYI-7.5: .* must end this turn with a discard"):
        match.apply("done")
    with pytest.raises(IllegalActionError, match=r"MAYI-12.2: there is no meld 7 on the table"):
        match.apply("layoff AH -> 7")
    with pytest.raises(IllegalActionError) as error:
        match.apply("ask", seat=match.to_act)  # the seat to act: its legal actions listed
    legal = match.legal_actions()
    assert len(legal) > 6 and all(str(action) in str(error.value) for action in legal)


def test_a_duplicate_rank_on_a_run_is_explained() -> None:
    rules = presets.meld_rules("may-i")
    run = Meld.parse("5H 6H 7H 8H", rules, owner=0)
    position = three_seat_position({0: "6H 2C 3D", 1: "KS"}, [run], jokers=0, down=(0,))
    position = attrs.evolve(position, to_act=0)
    match = game("may-i").new_match(players=3, position=position)
    match.apply("draw")
    with pytest.raises(IllegalActionError, match="MAYI-12.3: .*the run has a six already"):
        match.apply(LayOff(parse_card("6H"), 0))


def test_possession_errors_name_the_cards_and_the_empty_stock() -> None:
    match = game("possession").new_match(players=2, seed=4)
    seat = match.to_act
    assert seat is not None
    held = set(match.hands[seat])
    missing = next(card for card in parse_cards("AS 2S 3S 4S 5S 6S 7S") if card not in held)
    with pytest.raises(IllegalActionError, match=f"does not hold {missing}$"):
        match.apply(f"play {missing}", seat=seat)
    clubs = parse_cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC")
    rest = [card for card in DeckSpec(decks=1).shoe() if card not in clubs]
    rest.remove(parse_card("KH"))
    stuck = game("possession").new_match(
        players=2,
        position=Position(hands=[clubs, rest], stock=(), pile=[(parse_card("KH"), None)], to_act=0),
    )
    assert [str(action) for action in stuck.legal_actions()] == ["pass"]
    with pytest.raises(IllegalActionError, match="PSSN-5.4: .*the stock and the pile are empty"):
        stuck.apply("draw")


def test_took_from_pile_is_public() -> None:
    match = game("may-i", initial_upcard=True).new_match(players=3, seed=1)
    event = match.apply("take")
    effect = event.effects[0]
    assert isinstance(effect, TookFromPile) and effect.seen_by(2) == effect
    assert match.view(2).known[match.to_act or 0] == effect.cards


def test_laid_down_effect_names_the_melds_and_their_places() -> None:
    rules = presets.meld_rules("may-i")
    position = three_seat_position({0: "JS JH JD 4C 4S 4D 9C 8D"}, [], jokers=0, down=())
    position = attrs.evolve(position, deal=1, to_act=0)
    match = game("may-i").new_match(players=3, position=position)
    match.apply("draw")
    event = match.apply("down JS JH JD / 4C 4S 4D")
    (effect,) = event.effects
    assert isinstance(effect, LaidDown) and effect.targets == (0, 1) and effect.opened
    assert effect.melds == (
        Meld.parse("JS JH JD", rules, owner=0),
        Meld.parse("4C 4S 4D", rules, owner=0),
    )


@attrs.frozen
class OwnMeldsOnly(LayOffGate):
    """A house rule: lay off only on one's own melds."""

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        if not ctx.deal.down[seat]:
            return "HOUSE-2", f"{ctx.who(seat)} has not laid their contract down"
        if target is not None and ctx.deal.table[target].owner != seat:
            return "HOUSE-2", f"{ctx.who(seat)} lays off only on their own melds"
        return None


@attrs.frozen
class OwnLayOffMayI(MayI):
    """May I? where a player lays off only on their own melds."""

    name: ClassVar[str] = "test-own-layoffs"

    def hooks(self) -> Hooks:
        return attrs.evolve(super().hooks(), layoff_gate=OwnMeldsOnly())


def test_a_gate_on_melds_never_leaves_a_turn_without_an_action() -> None:
    # The keep-two rule asks the gate which melds the last card could go on, so a seat
    # is never left holding one card it may neither discard nor lay off (deal 5).
    rules = presets.meld_rules("may-i")
    mine = Meld.parse("5H 6H 7H 8H", rules, owner=0)
    theirs = Meld.parse("9S 10S JS QS", rules, owner=1)
    position = three_seat_position({0: "KS 2C 2D 2H 3S 4D"}, [mine, theirs], jokers=0, down=(0, 1))
    position = attrs.evolve(position, deal=5, to_act=0)
    match = OwnLayOffMayI().new_match(players=3, position=position)
    match.apply("draw")
    assert not match.can_apply("layoff KS -> 1")
    assert match.legal_actions()  # some legal action, whatever the hand
    register(OwnLayOffMayI)
    try:
        summary = simulate(OwnLayOffMayI.name, matches=3, seed=2, players=3, bots="heuristic")
    finally:
        unregister(OwnLayOffMayI.name)
    assert summary.deals == 15


def test_verify_takes_notation_and_apply_all_is_all_or_nothing() -> None:
    match = game("may-i").new_match(players=3, seed=4)
    match.verify("draw")
    before = match.snapshot()
    with pytest.raises(IllegalActionError, match=r"action 1 \(fly\): unknown action 'fly'"):
        match.apply_all(["draw", "fly"])
    assert match.snapshot() == before
    with pytest.raises(IllegalActionError, match="takes a list"):
        match.apply_all("draw")
    with pytest.raises(IllegalActionError, match="there is no seat -1"):
        match.events_seen_by(-1)


def test_no_wild_limit_means_natural_cards_are_not_outnumbered() -> None:
    rules = game("may-i", jokers=4, max_wilds_per_meld=None).rules.meld_rules()
    assert rules.accepts(parse_cards("5S 5H JK JK")) and not rules.accepts(parse_cards("5S JK JK"))


def test_records_refuse_what_they_cannot_replay_faithfully() -> None:
    from rummykit import RecordError
    from rummykit.records import from_record, to_record

    match = game("may-i").new_match(players=3, seed=5)
    _random_steps(match, random.Random(5), 100_000)
    record = to_record(match)
    assert from_record(record) == match
    tampered = [dict(result) for result in record["results"]]
    tampered[2]["scores"] = [0, 0, 0]
    for broken, message in [
        ({**record, "seats": ["A"]}, "seats must be 3 names"),
        ({**record, "auto_deal": "yes"}, "auto_deal must be true or false"),
        ({**record, "colour": "red"}, "unknown record fields: colour"),
        ({**record, "results": tampered}, "deal 3: the record says"),
    ]:
        with pytest.raises(RecordError, match=message):
            from_record(broken)
    with pytest.raises(RecordError, match="JSON text"):
        loads(None)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="made of a match"):
        dumps(None)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="seats must be 3 names"):
        to_record(match, seats=["a"])


def test_positions_and_the_registry_refuse_nonsense() -> None:
    rules = presets.meld_rules("may-i")
    stray = Meld.parse("5H 6H 7H 8H", rules, owner=0)
    with pytest.raises(ConfigError, match="belongs to seat 0, who is not down"):
        game("may-i").new_match(
            players=3, position=three_seat_position({0: "KS"}, [stray], jokers=0, down=())
        )
    with pytest.raises(ConfigError, match="owner 7 is not a seat"):
        game("may-i").new_match(
            players=3,
            position=three_seat_position({0: "KS"}, [stray.with_owner(7)], jokers=0, down=()),
        )
    with pytest.raises(ConfigError, match="position must be a Position"):
        game("may-i").new_match(players=3, position="x")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="no game 'nope' is registered"):
        unregister("nope")
    with pytest.raises(ConfigError, match="takes a GameDefinition subclass"):
        register(None)  # type: ignore[arg-type]
