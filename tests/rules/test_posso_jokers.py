"""A joker says what it stands for wherever it is placed (POSSO-11.4, 11.6, 11.7, 13.4,
14.5; MAYI-2.2 for May I? with jokers): each meaning is its own legal action, the
bracketed meaning is read in every placing action, and a meaning the meld cannot take
is refused with the clause and the reason."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import IllegalActionError, Meld, Rank, game, parse_card
from rummykit.engine import ContractRummyMatch, Down, ExchangeJoker, LayOff
from rummykit.games.posso.claims import CORRECTION, Correct
from rummykit.kit import Pass
from tests.positions import three_seat_position
from tests.rules.posso_setup import A, B, C, D, posso

JK = parse_card("JK")
JOKERS: dict[str, Any] = {"joker_count": "players_minus_one"}


def _layoff_position(**options: Any) -> ContractRummyMatch:
    """Everyone has opened; B (to act, after their draw) holds a joker, and owns the run
    ``5H 6H 7H 8H`` (meld 0) and the group ``7S 7D 7C`` (meld 1)."""
    table = (("5H 6H 7H 8H", B), ("7S 7D 7C", B), ("4C 5C JK 7C", C))
    match = posso(
        hands={B: "JK 2D 9C QS"}, table=table, down=(A, B, C, D), stock="KS", to_act=B, **options
    )
    match.apply("draw")
    return match


def _layoffs(match: ContractRummyMatch) -> list[str]:
    return [str(a) for a in match.legal_actions() if isinstance(a, LayOff) and a.card is JK]


def test_posso_11_7_a_joker_laid_off_on_a_run_lists_each_meaning() -> None:
    match = _layoff_position(**JOKERS)
    # the run takes it as 4H or 9H; the group as a seven; meld 2 has a joker (POSSO-13.4)
    assert _layoffs(match) == ["layoff JK(4H) -> 0", "layoff JK(9H) -> 0", "layoff JK -> 1"]
    match.apply("layoff JK(4H) -> 0")
    assert str(match.table[0]) == "JK(4H) 5H 6H 7H 8H"


@pytest.mark.parametrize(
    ("text", "table"),
    [
        ("layoff JK(9H) -> 0", "5H 6H 7H 8H JK(9H)"),
        ("layoff JK -> 0 low", "JK(4H) 5H 6H 7H 8H"),  # the end alone stays accepted
        ("layoff jk(4h) -> 0 low", "JK(4H) 5H 6H 7H 8H"),  # meaning and end agree
        ("layoff JK -> 0", "5H 6H 7H 8H JK(9H)"),  # neither: the high end, as before
    ],
)
def test_posso_11_4_the_alternatives_of_a_run_end(text: str, table: str) -> None:
    match = _layoff_position(**JOKERS)
    match.apply(text)
    assert str(match.table[0]) == table


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("layoff JK(10H) -> 0", "JK cannot stand for 10H .*the run takes 4H or 9H"),
        ("layoff JK(4S) -> 0", "JK cannot stand for 4S .*the run takes 4H or 9H"),
        ("layoff JK(4H) -> 0 high", "JK as 4H goes at the low end .*not the high end"),
        ("layoff JK(7H) -> 1", "in a group a wild card stands for its rank, written JK\\(7\\)"),
        ("layoff JK(8) -> 1", "JK cannot stand for 8 in 7S 7D 7C"),
        ("layoff 9C(9H) -> 0", "9C cannot stand for 9H: only a wild card says"),
        ("layoff JK(8C) -> 2", "JK does not fit 4C 5C JK\\(6C\\) 7C"),
    ],
)
def test_posso_13_4_a_meaning_the_meld_cannot_take_is_refused(text: str, reason: str) -> None:
    match = _layoff_position(**JOKERS)
    with pytest.raises(IllegalActionError, match=reason) as refused:
        match.apply(text)
    assert refused.value.rule == "POSSO-13.4"
    assert str(match.table[0]) == "5H 6H 7H 8H" and JK in match.hands[B]  # nothing moved


def test_posso_11_4_a_group_takes_the_joker_as_its_rank() -> None:
    match = _layoff_position(**JOKERS)
    match.apply("layoff JK(7) -> 1")
    assert match.table[1].role(3) is Rank.SEVEN


def test_posso_13_3_the_meaning_does_not_lift_the_lay_off_permission() -> None:
    table = (("5H 6H 7H 8H", C), ("7S 7D 7C", B))
    match = posso(
        hands={B: "JK 2D 9C QS"}, table=table, down=(B, C), stock="KS", to_act=B, **JOKERS
    )
    match.apply("draw")
    assert _layoffs(match) == ["layoff JK -> 1"]
    with pytest.raises(IllegalActionError, match="POSSO-13.3"):
        match.apply("layoff JK(4H) -> 0")


def test_posso_11_4_the_go_down_offers_both_ends() -> None:
    match = posso(hands={B: "JK 9C 10C JC 7S 7D 7C 2D"}, to_act=B, stock="KS", **JOKERS)
    match.apply("draw")
    downs = [str(a) for a in match.legal_actions() if isinstance(a, Down)]
    assert downs == ["down 7S 7D 7C / JK(8C) 9C 10C JC", "down 7S 7D 7C / 9C 10C JC JK(QC)"]
    match.apply("down 7S 7D 7C / 9C 10C JC JK(QC)")
    assert str(match.table[1]) == "9C 10C JC JK(QC)"


def _flagged_joker(**options: Any) -> ContractRummyMatch:
    """A discards a joker that D's run and A's own group could take: it is flagged,
    and B is asked to correct (POSSO-14.4, 14.5)."""
    table = (("5H 6H 7H 8H", D), ("7S 7D 7C", A))
    match = posso(
        hands={A: "JK 2D 3C", B: "4S 9D 9S"},
        table=table,
        down=(A, B, C, D),
        stock="JS",
        **JOKERS,
        **options,
    )
    match.apply_all(["draw", "discard JK"])
    assert (match.phase, match.to_act) == (CORRECTION, B)
    return match


def test_posso_14_5_a_corrected_joker_says_what_it_stands_for() -> None:
    match = _flagged_joker()
    four, nine = parse_card("4H"), parse_card("9H")
    assert match.legal_actions() == (Correct(0, four), Correct(0, nine), Correct(1), Pass())
    match.apply("correct 0 (4H)")
    assert str(match.table[0]) == "JK(4H) 5H 6H 7H 8H" and match.table[0].owner == D


def test_posso_14_5_the_correction_onto_the_high_end() -> None:
    match = _flagged_joker()
    match.apply("correct 0 (9h)")
    assert str(match.table[0]) == "5H 6H 7H 8H JK(9H)"


@pytest.mark.parametrize(
    ("text", "rule", "reason"),
    [
        ("correct 0", "POSSO-11.4", "'correct 0 \\(4H\\)' or 'correct 0 \\(9H\\)'"),
        ("correct 0 (10H)", "POSSO-11.4", "the run takes 4H or 9H"),
        ("correct 1 (8)", "POSSO-11.4", "in a group a wild card stands for its rank"),
        ("correct 5 (4H)", "POSSO-14.5", "cannot put JK on meld 5"),
    ],
)
def test_posso_14_5_a_correction_without_a_meaning_it_can_take(
    text: str, rule: str, reason: str
) -> None:
    match = _flagged_joker()
    with pytest.raises(IllegalActionError, match=reason) as refused:
        match.apply(text)
    assert refused.value.rule == rule
    assert match.phase is CORRECTION


def test_posso_14_5_a_natural_card_corrects_without_a_meaning() -> None:
    table = (("5H 6H 7H 8H", D),)
    match = posso(hands={A: "9H 2D 3C"}, table=table, down=(A, B, C, D), stock="JS")
    match.apply_all(["draw", "discard 9H"])
    assert match.legal_actions() == (Correct(0), Pass())
    assert Correct.parse("0 (9H)", "correct 0 (9H)") != Correct(0)  # another action


def _exchange_position() -> ContractRummyMatch:
    table = (("9H 10H JK QH", B), ("7S 7D 7C", C), ("2S 3S 4S 5S", A))
    match = posso(
        hands={C: "JH 2D 9C"}, table=table, down=(A, B, C, D), stock="KC", to_act=C, **JOKERS
    )
    match.apply("draw")
    return match


def test_posso_11_6_the_freed_joker_says_what_it_stands_for() -> None:
    match = _exchange_position()
    listed = [str(a) for a in match.legal_actions() if isinstance(a, ExchangeJoker)]
    assert listed == [
        "exchange JH -> 0 joker -> 0 (KH)",
        "exchange JH -> 0 joker -> 0 (8H)",
        "exchange JH -> 0 joker -> 1",
        "exchange JH -> 0 joker -> 2 (6S)",
        "exchange JH -> 0 joker -> 2 (AS)",
    ]
    match.apply("exchange JH -> 0 joker -> 2 (AS)")
    assert str(match.table[2]) == "JK(AS) 2S 3S 4S 5S"
    assert str(match.table[0]) == "9H 10H JH QH"


@pytest.mark.parametrize(
    ("text", "table"),
    [
        ("exchange JH -> 0 joker -> 2 low", "JK(AS) 2S 3S 4S 5S"),  # the end alone
        ("exchange JH -> 0 joker -> 2 (6S) high", "2S 3S 4S 5S JK(6S)"),
        ("exchange JH -> 0 joker -> 1 (7)", "7S 7D 7C JK"),
    ],
)
def test_posso_11_6_the_alternatives_of_the_freed_joker(text: str, table: str) -> None:
    match = _exchange_position()
    target = int(text.split("->")[2].split()[0])
    match.apply(text)
    assert str(match.table[target]) == table


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("exchange JH -> 0 joker -> 2 (7S)", "; on meld 2 it stands for \\(6S\\) or \\(AS\\)$"),
        ("exchange JH -> 0 joker -> 2 (AS) high", "; on meld 2 it stands for"),
        ("exchange JH -> 0 joker -> 2", "; on meld 2 it stands for"),  # say the end or meaning
        ("exchange JH -> 0 joker -> 1 (8)", "to that place$"),
    ],
)
def test_posso_11_6_a_place_the_freed_joker_cannot_take_is_refused(text: str, why: str) -> None:
    match = _exchange_position()
    with pytest.raises(IllegalActionError, match="cannot free a joker of meld 0") as refused:
        match.apply(text, seat=match.to_act)
    assert refused.value.rule == "POSSO-11.6"
    assert re.search(why, refused.value.reason)
    assert str(match.table[0]) == "9H 10H JK(JH) QH"


def test_posso_9_5_a_claim_declares_the_joker_like_a_go_down() -> None:
    table = (("5H 6H 7H 8H", D),)
    match = posso(
        hands={A: "3C 2D 4S", B: "JK 9D 10D QS"},
        table=table,
        down=(A, B, C, D),
        pile=(("JD", C),),
        stock="KS",
        **JOKERS,
    )
    match.apply("draw")  # A draws; the window for JD opens, B is asked first
    claims = [str(a) for a in match.legal_actions() if a != Pass()]
    assert claims == ["claim JK(8D) 9D 10D JD", "claim 9D 10D JD JK(QD)"]
    match.apply_all(["claim 9D 10D JD JK(QD)", "pass"])  # D passes (C discarded JD)
    assert str(match.table[-1]) == "9D 10D JD JK(QD)"


# -- May I? with jokers (MAYI-2.2: they behave as in POSSO-11) ----------------------------


def test_mayi_2_2_a_joker_laid_off_says_what_it_stands_for() -> None:
    definition = game("may-i", jokers=2)
    rules = definition.meld_rules()
    table = [Meld.parse("5H 6H 7H 8H", rules, owner=0), Meld.parse("KS KC KD", rules, owner=0)]
    position = three_seat_position({0: "JK 2D 9C 4S"}, table, jokers=2, down=(True, False, False))
    match = definition.new_match(players=3, position=position)
    match.apply("draw")
    layoffs = [str(a) for a in match.legal_actions() if isinstance(a, LayOff) and a.card is JK]
    assert layoffs == ["layoff JK(4H) -> 0", "layoff JK(9H) -> 0", "layoff JK -> 1"]
    with pytest.raises(IllegalActionError, match="the run takes 4H or 9H") as refused:
        match.apply("layoff JK(3H) -> 0")
    assert refused.value.rule == "MAYI-12.3"
    match.apply("layoff JK(4H) -> 0")
    assert str(match.table[0]) == "JK(4H) 5H 6H 7H 8H"


def test_mayi_2_2_a_wild_rank_card_plays_itself_or_says_what_it_stands_for() -> None:
    definition = game("may-i", jokers=2, wild_ranks=["2"])
    rules = definition.meld_rules()
    table = [Meld.parse("3H 4H 5H 6H", rules, owner=0)]
    position = three_seat_position({0: "2H 9D 9C 4S"}, table, jokers=2, down=(True, False, False))
    match = definition.new_match(players=3, position=position)
    match.apply("draw")
    two = parse_card("2H")
    layoffs = [str(a) for a in match.legal_actions() if isinstance(a, LayOff) and a.card is two]
    assert layoffs == ["layoff 2H -> 0 low", "layoff 2H(7H) -> 0"]
    natural = definition.new_match(players=3, position=position)
    natural.apply_all(["draw", "layoff 2H(2H) -> 0"])  # plays itself: the low end
    assert str(natural.table[0]) == "2H 3H 4H 5H 6H"
    match.apply("layoff 2H(7H) -> 0")
    assert str(match.table[0]) == "3H 4H 5H 6H 2H(7H)"


# -- the notation round-trips --------------------------------------------------------------

GAMES = [
    ("posso", JOKERS, 4),
    ("posso", {"joker_count": 4, "joker_swap_to_hand": True}, 3),
    ("may-i", {"jokers": 2}, 4),
    ("may-i", {"jokers": 2, "wild_ranks": ["2"]}, 3),
    ("may-i", {}, 3),
]


@settings(deadline=None)
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 2**16))
def test_every_listed_action_reads_back_from_its_notation(
    case: tuple[str, dict[str, Any], int], seed: int
) -> None:
    name, options, players = case
    definition = game(name, **options)
    grammar = definition.grammar
    match = definition.new_match(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if match.is_over:
            break
        legal = match.legal_actions()
        assert len(set(legal)) == len(legal)  # each meaning its own action, once
        for action in legal:
            assert grammar.parse(str(action)) == action
        match.apply(rng.choice(legal))


def test_the_rl_codec_gives_each_meaning_its_own_index() -> None:
    pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
    from rummykit.rl import ActionEncoding

    definition = game("posso", **JOKERS)
    encoding = ActionEncoding.for_game(definition, players=4)
    corrected = _flagged_joker()
    laying = _layoff_position(**JOKERS)
    exchanging = _exchange_position()
    for match in (corrected, laying, exchanging):
        legal = encoding.legal(match.legal_actions())
        assert len(set(legal.indices)) == len(legal.indices) == len(match.legal_actions())
        assert [legal.action(i) for i in legal.indices] == list(match.legal_actions())
