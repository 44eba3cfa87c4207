"""Issue 33 items 3-4: engine options for the rest of the rummy family (per-deal rules,
openings by points, per-player contracts, ends by score, the pile take, melded cards
scored), each played for real on a small game whose rules are the engine's
:class:`~rummykit.engine.TableOptions` themselves; and the definition's card values and
the CLI for a game on the engine without a schedule."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import (
    CardValues,
    ContractError,
    ContractSchedule,
    DeckSpec,
    IllegalActionError,
    Match,
    Meld,
    MeldRules,
    game,
    parse_cards,
)
from rummykit.agents import decide, make_agent
from rummykit.cli import main
from rummykit.engine import (
    ContractLayOffGate,
    ContractOpening,
    ContractRummy,
    Down,
    FreeOpening,
    Hooks,
    LaidDown,
    LaidOff,
    TableOptions,
    TurnContext,
    turn_actions,
)
from rummykit.engine.points import meld_points
from rummykit.errors import ConfigError
from rummykit.games.may_i.effects import Bought
from rummykit.kit import (
    Action,
    Discard,
    Position,
    Take,
    register,
    unregister,
)
from rummykit.rl.views import quick_view
from rummykit.scoring import FACE_VALUES
from rummykit.simulate import play
from tests.test_user_game import Basic


@attrs.frozen
class Plain(ContractRummy[TableOptions]):
    """A game whose rules are the engine's options: any melds, lay off on any meld."""

    name: ClassVar[str] = "test-plain"
    rules_type: ClassVar[type[TableOptions]] = TableOptions
    clause_prefix: ClassVar[str] = "PL"
    refusal_clauses: ClassVar[dict[str, str]] = {"down": "PL-1", "melds": "PL-1"}
    actions: ClassVar[tuple[type[Action], ...]] = turn_actions()
    rules: TableOptions = attrs.field(factory=TableOptions)

    def hooks(self) -> Hooks:
        if self.rules.schedule is not None:
            return Hooks(opening=ContractOpening(), layoff_gate=ContractLayOffGate())
        return Hooks(opening=FreeOpening(), layoff_gate=ContractLayOffGate(requires_contract=False))


@pytest.fixture
def plain() -> Iterator[type[Plain]]:
    register(Plain)
    register(Basic)
    yield Plain
    unregister(Plain.name)
    unregister(Basic.name)


# -- the small items: card values, the CLI without a schedule -----------------------------------


def test_card_values_is_a_method_of_every_definition(plain: type[Plain]) -> None:
    """The docs' engine example called ``definition.card_values()``: it works whether the
    rules are TableOptions (an attribute there), a TableRules that fixes it, or a shipped
    game's rules that make it."""
    values = CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))
    assert game("test-plain", card_values=values).card_values() == values
    assert game("test-basic-rummy").card_values() == values
    assert game("may-i").card_values().joker == game("may-i").rules.card_values().joker
    assert game("posso").card_values() == game("posso").rules.card_values()


def test_demo_and_play_take_an_engine_game_without_a_schedule(
    plain: type[Plain], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["demo", "--game", "test-basic-rummy", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Deal 3" in out and "Winner:" in out and "contract" not in out
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("draw\nquit\n"))
    assert main(["play", "test-basic-rummy", "--players", "3", "--seed", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "deal 1 of 3" in out and "left unfinished" in out


# -- helpers ------------------------------------------------------------------------------------

ONE_DECK = {"player_count_range": (2, 4), "decks": 1}


def _position(hands: list[str], table: list[Meld] = (), pile: str = "") -> Position:  # type: ignore[assignment]
    cards = [parse_cards(hand) for hand in hands]
    piled = parse_cards(pile)
    used = Counter(card for hand in cards for card in hand) + Counter(piled)
    used += Counter(card for meld in table for card in meld.cards)
    rest = sorted((Counter(DeckSpec(decks=1).shoe()) - used).elements())
    down = tuple(sorted({meld.owner for meld in table if meld.owner is not None}))
    return Position(
        hands=cards,
        stock=rest,
        table=list(table),
        down=down,
        pile=[(card, 1) for card in piled],
        dealer=1,
        to_act=0,
    )


def _bots(match: Any, name: str = "greedy", seed: int = 1) -> Any:
    agents = [make_agent(name, match.definition)] * match.players
    return play(match, agents, rng=random.Random(seed))


def _effects(match: Any, kind: type[Any]) -> list[Any]:
    return [
        effect for event in match.events for effect in event.effects if isinstance(effect, kind)
    ]


# -- opening_points ------------------------------------------------------------------------------


def test_opening_points_refuses_a_first_go_down_worth_less_and_cites_the_option(
    plain: type[Plain],
) -> None:
    """Kalooki's 51: 7-8-9-10 of hearts (34) alone is refused; with three kings (30) it
    opens; a joker counts as the card it stands for."""
    definition = game("test-plain", opening_points=51, **ONE_DECK)
    hand = "7H 8H 9H 10H KS KD KC 2C 5D"
    match = definition.new_match(players=2, seed=1, position=_position([hand, "3C 4C 5C"]))
    match.apply("draw")
    with pytest.raises(
        IllegalActionError,
        match=r"^PL-1: .*cannot open with 34 points.*"
        r"at least 51 \(opening_points = 51\)",
    ):
        match.apply("down 7H 8H 9H 10H")
    assert Down.of(parse_cards("7H 8H 9H 10H")) not in match.legal_actions()
    opening = [action for action in match.legal_actions() if isinstance(action, Down)]
    assert opening and all(len(action.melds) == 2 for action in opening)  # the 64 together
    match.apply("down 7H 8H 9H 10H / KS KD KC")
    assert len(match.table) == 2 and match.table[1].owner == 0
    # a wild card counts as what it stands for: QS JK QD is worth 30, not 45
    assert meld_points([Meld.parse("QS JK QD", MeldRules())], FACE_VALUES) == 30


def test_opening_points_per_deal_in_a_schedule(plain: type[Plain]) -> None:
    """A deal of a schedule sets its own opening (deal 2 below needs 40 points)."""
    schedule = ContractSchedule.loads_toml(
        '[[deal]]\ncontract = "1G"\n[[deal]]\ncontract = "1G"\noptions = { opening_points = 40 }'
    )
    definition = game("test-plain", schedule=schedule, jokers=0, **ONE_DECK)
    match = definition.new_match(players=2, seed=3)
    assert match.options.opening_points == 0
    _bots(match)
    assert match.is_over and len(match.deal_scores) == 2
    restored = definition.new_match(players=2, seed=3)
    while restored.deal_number < 2:
        restored.apply(restored.legal_actions()[0])
    assert restored.options.opening_points == 40
    assert TurnContext.of(restored).options is restored.options  # the hooks see the deal's
    again = Match.from_dict(restored.to_dict())
    assert again.options.opening_points == 40  # type: ignore[attr-defined]
    assert TurnContext.of(again).options.opening_points == 40  # type: ignore[arg-type]


# -- per-deal rules and buys ----------------------------------------------------------------------

SHANGHAI_LIKE = """
name = "buys by deal"
[[deal]]
contract = "2G"
options = { buy_limit = 1 }
[[deal]]
contract = "1G+1R"
options = { buy_limit = 2 }
[[deal]]
contract = "2R"
hand_size = 11
[deal.options]
buy_limit = 0
meld_rules = { jokers_allowed = false }
"""


def _to_deal(match: Any, number: int, seed: int = 5) -> Any:
    agents = [make_agent("heuristic", match.definition)] * match.players
    rng = random.Random(seed)
    while match.deal_number < number and not match.is_over:
        seat = match.to_act
        match.apply(decide(agents[seat], match, seat, rng))
    return match


def test_a_schedules_deals_set_buy_limits_and_meld_rules_and_buys_carry_over() -> None:
    """Shanghai: each hand allows its own buys, and buys left unused carry over; the
    last deal allows no wild card (Carioca's escala real)."""
    schedule = ContractSchedule.loads_toml(SHANGHAI_LIKE)
    definition = game("may-i", contract_schedule=schedule, buys_carry_over=True, jokers=2)
    match = definition.new_match(players=4, seed=11)
    assert match.options.buy_limit == 1 and TurnContext.of(match).buys_left(0) == 1
    _to_deal(match, 2)
    bought = Counter(effect.seat for effect in _effects(match, Bought) if effect.deal == 1)
    assert all(bought[seat] <= 1 for seat in range(4))
    assert match.options.buy_limit == 2
    assert [TurnContext.of(match).buys_left(seat) for seat in range(4)] == [
        2 + 1 - bought[seat] for seat in range(4)
    ]
    _to_deal(match, 3)
    assert match.options.buy_limit == 0
    assert not match.meld_rules.jokers_allowed and definition.meld_rules().jokers_allowed
    assert all((TurnContext.of(match).buys_left(seat) or 0) >= 0 for seat in range(4))
    assert not any(
        isinstance(action, Down) and "JK" in str(action) for action in match.legal_actions()
    )
    copy = Match.from_dict(match.to_dict())
    assert copy == match and not copy.meld_rules.jokers_allowed  # type: ignore[attr-defined]


def test_a_deal_option_that_is_not_deal_level_is_refused() -> None:
    bad = ContractSchedule.loads_toml('[[deal]]\ncontract = "2G"\noptions = { decks = 3 }')
    with pytest.raises(ConfigError, match=r"deal 1 of the schedule sets decks, which is not a "):
        game("may-i", contract_schedule=bad).new_match(players=4)
    worse = ContractSchedule.loads_toml('[[deal]]\ncontract = "2G"\noptions = { pile_take = 2 }')
    with pytest.raises(ConfigError, match=r"deal 1 of the schedule: pile_take must be one of"):
        game("may-i", contract_schedule=worse).new_match(players=4)


# -- ends: per-player contracts, score limit, target score ---------------------------------------

PHASES = ContractSchedule.of("1G", "1R", "2G", "1G+1R", hand_size=8, name="phases")


def _play_phases(seed: int) -> tuple[bool, list[int], Any]:
    """A Phase-10-style match of three heuristics to its end, checking after each deal
    that every seat's contract is the one its openings so far reached; whether some deal
    had seats on different contracts, each seat's openings, the match."""
    definition = game("test-plain", schedule=PHASES, per_player_contracts=True, **ONE_DECK)
    match = definition.new_match(players=3, seed=seed)
    assert match.deal_count() is None and match.contract == PHASES[1].contract
    agents = [make_agent("heuristic", definition)] * 3
    rng = random.Random(seed)
    stages = [0, 0, 0]
    differed = False
    deal = 1
    while not match.is_over:
        seat = match.to_act
        match.apply(decide(agents[seat], match, seat, rng))
        if match.deal_number != deal or match.is_over:
            ended = [e for e in _effects(match, LaidDown) if e.opened]
            deal = match.deal_number
            stages = [0, 0, 0]
            for effect in ended:
                stages[effect.seat] += 1
            if not match.is_over:
                contracts = [match.view(s).contract for s in range(3)]
                assert contracts == [PHASES[min(stage, 3) + 1].contract for stage in stages]
                quick = [quick_view(match, s, match.scores).contract for s in range(3)]
                assert quick == contracts  # the RL observations read the seat's own too
                differed |= len(set(contracts)) > 1
    assert max(stages) == len(PHASES) and len(match.deal_scores) < 100
    outcome = match.outcome
    assert outcome is not None
    assert set(outcome.winners) <= {s for s in range(3) if stages[s] == len(PHASES)}
    assert stages[outcome.standings[0][0]] == len(PHASES)
    return differed, stages, match


def test_per_player_contracts_move_each_seat_on_its_own(plain: type[Plain]) -> None:
    """Phase-10 style: a seat that went down moves to the next contract, the others stay;
    the seats play different contracts in one deal (in one of a few seeded matches: how
    often depends on the bots), and the match ends after the deal in which one completes
    the last, who wins."""
    assert any(_play_phases(seed)[0] for seed in range(2, 12))


def test_per_player_contracts_need_a_schedule(plain: type[Plain]) -> None:
    with pytest.raises(ConfigError, match="per_player_contracts needs a schedule"):
        game("test-plain", per_player_contracts=True).new_match(players=3)


def test_a_score_limit_ends_the_match_when_reached(plain: type[Plain]) -> None:
    """Kalooki: the match ends after the deal in which someone reaches 60 penalty
    points (no fixed count of deals), and the fewest penalty points win."""
    definition = game("test-plain", score_limit=60, hand_size=7, **ONE_DECK)
    match = _bots(definition.new_match(players=3, seed=4))
    penalties = match.penalties()
    assert match.deal_count() is None and max(penalties) >= 60
    before = [sum(scores[s].penalty for scores in match.deal_scores[:-1]) for s in range(3)]
    assert max(before) < 60  # it did not end a deal late
    outcome = match.outcome
    assert outcome is not None and set(outcome.winners) == {
        s for s in range(3) if penalties[s] == min(penalties)
    }


def test_a_target_score_ends_the_match_first_to_n(plain: type[Plain]) -> None:
    """500 Rum: melded cards score, cards left cost, first to 100 net wins."""
    definition = game(
        "test-plain", target_score=100, score_melded=True, going_out_bonus=0, **ONE_DECK
    )
    match = _bots(definition.new_match(players=2, seed=6))
    totals = match.scores
    assert max(totals) >= 100
    assert max(sum(d[s].net for d in match.deal_scores[:-1]) for s in range(2)) < 100
    outcome = match.outcome
    assert outcome is not None and outcome.winners == (totals.index(max(totals)),)
    with pytest.raises(ConfigError, match="score_limit .* or target_score"):
        game("test-plain", target_score=100, score_limit=100)


# -- the pile take and melded cards --------------------------------------------------------------


def test_pile_take_off_offers_and_allows_only_the_top_card(plain: type[Plain]) -> None:
    definition = game("test-plain", pile_take="off", **ONE_DECK)
    position = _position(["5H 6H 8H 2C 9D KS", "3C 4C 5C"], pile="7H QD 3S")
    match = definition.new_match(players=2, seed=1, position=position)
    takes = [action for action in match.legal_actions() if isinstance(action, Take)]
    assert [take.count for take in takes] == [1]
    with pytest.raises(IllegalActionError, match=r"takes one pile card at most \(pile_take = off"):
        match.apply("take 2")
    played = _bots(definition.new_match(players=3, seed=8))
    assert not any(isinstance(e.action, Take) and e.action.count > 1 for e in played.events)


def test_pile_take_meld_deepest_plays_as_500_rum(plain: type[Plain]) -> None:
    """A deep take costs no penalty card; the turn goes on to a discard, which waits
    until the deepest card taken is melded; only takes whose deepest card can be melded
    are offered."""
    definition = game("test-plain", pile_take="meld_deepest", **ONE_DECK)
    position = _position(["5H 6H 8H 2C 9D KS", "3C 4C 5C"], pile="7H QD 3S")
    match = definition.new_match(players=2, seed=1, position=position)
    takes = [action.count for action in match.legal_actions() if isinstance(action, Take)]
    assert takes == [1, 3]  # take 2's deepest, QD, melds with nothing
    stock = len(match.stock)
    match.apply("take 3")
    assert len(match.stock) == stock and len(match.hands[0]) == 9  # no penalty card
    assert not any(isinstance(action, Discard) for action in match.legal_actions())
    with pytest.raises(IllegalActionError, match=r"must meld 7H, the deepest card they took"):
        match.apply("discard 2C")
    match.apply("down 5H 6H 7H 8H")
    assert Discard(parse_cards("2C")[0]) in match.legal_actions()
    match.apply("discard 2C")
    assert match.to_act == 1
    played = _bots(definition.new_match(players=3, seed=9), seed=9)
    assert played.is_over


def test_score_melded_scores_the_cards_each_seat_melded(plain: type[Plain]) -> None:
    definition = game("test-plain", score_melded=True, going_out_bonus=0, **ONE_DECK)
    match = _bots(definition.new_match(players=3, seed=3))
    values = definition.card_values()
    assert values is not None
    assert all(score.bonus >= 0 for scores in match.deal_scores for score in scores)
    assert _effects(match, LaidDown) and sum(s.bonus for d in match.deal_scores for s in d) > 0
    # one deal, all by hand: the bonus is the value of the cards each seat put down
    single = game("test-plain", score_melded=True, going_out_bonus=0, deal_count=1, **ONE_DECK)
    one = _bots(single.new_match(players=2, seed=5), seed=5)
    put = Counter()  # type: Counter[int]
    for effect in _effects(one, LaidDown):
        put[effect.seat] += values.hand_value(c for meld in effect.melds for c in meld.cards)
    for effect in _effects(one, LaidOff):
        put[effect.seat] += values.value(effect.card)
    assert [score.bonus for score in one.deal_scores[0]] == [put[0], put[1]]


def test_a_deal_may_allow_a_meld_kind_the_table_lacks(plain: type[Plain]) -> None:
    """Issue 33 items 1 and 3: a deal's own meld rules may add a kind (a flush in deal
    2 only); the contract is checked under the deal's rules, not the table's."""
    two = ContractSchedule.loads_toml(
        '[[deal]]\ncontract = "1G"\n[[deal]]\ncontract = "F5"\n'
        'options = { meld_rules = { kinds = ["group", "run", "flush"] } }'
    )
    definition = game("test-plain", schedule=two, **ONE_DECK)
    match = _to_deal(definition.new_match(players=2, seed=3), 2)
    assert "flush" in {kind.value for kind in match.meld_rules.kinds}
    assert definition.rules.meld_rules.kinds == MeldRules().kinds
    with pytest.raises(ContractError, match="F5 asks for flush melds"):
        TableOptions(schedule=ContractSchedule.loads_toml('[[deal]]\ncontract = "F5"'))
