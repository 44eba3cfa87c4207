"""Posso? claims and corrections as specified (issue 23): one's own discard uncovered by
a correction (POSSO-8.2), what a refused claim or pile take says (POSSO-9.5, 9.6, 9.8),
what a declared claim makes public (POSSO-9.3), the second claim after a correction
asked whatever the corrector holds (POSSO-14.5), and no correction step without a
correction (POSSO-14.3 ``swap_counts_as_playable``); each with its alternatives."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit import IllegalActionError, parse_cards
from rummykit.engine import DRAW, MELD, ContractRummyMatch
from rummykit.games.posso.claims import CLAIM, CORRECTION, SECOND_CLAIM, Claim
from rummykit.games.posso.effects import Corrected, Flagged
from rummykit.kit import Draw, Pass, Take
from tests.rules.posso_setup import A, B, C, D, claim_window, posso

RUN_TABLE = (("2S 3S 4S 5S", A), ("9C 10C JC QC", B), ("8D 9D 10D JD", C), ("5H 6H 7H 8H", D))
"""Everyone has opened; A's 9H fits D's run (meld 3)."""


def _corrected(
    hand_b: str = "4S 4D 9S", under: tuple[str, int] = ("4C", D), **options: Any
) -> ContractRummyMatch:
    """POSSO-W24's position: A discards the playable 9H over ``under``; B is to correct."""
    match = posso(
        hands={A: "9H 2D 3C", B: hand_b, C: "AC 3D 6S", D: "10S 6C 2H"},
        table=RUN_TABLE,
        down=(A, B, C, D),
        pile=(("KD", None), under),
        stock="JS AH",
        **options,
    )
    match.apply("draw")  # A draws JS; the window for the card under passes
    while match.phase is CLAIM:
        match.apply("pass")
    match.apply("discard 9H")
    assert (match.phase, match.to_act) == (CORRECTION, B)
    return match


# -- POSSO-8.2: the top pile card, whoever discarded it ----------------------------------------


def test_posso_8_2_a_correction_uncovers_his_own_discard_and_he_may_take_it() -> None:
    match = _corrected(under=("4C", B))  # B discarded the 4C themselves, earlier
    match.apply("correct 3")
    # POSSO-14.5 step 2 / 9.2: they may not claim their own discard, so no second claim ...
    assert (match.phase, match.to_act) == (DRAW, B)
    # ... but POSSO-8.2 lets them take it as their draw, like any top card.
    assert match.legal_actions() == (Draw(), Take())
    match.apply("take")
    assert parse_cards("4C")[0] in match.hands[B]
    assert match.view(A).known[B] == parse_cards("4C")


def test_posso_8_2_alternative_discarder_may_claim_asks_for_a_second_claim() -> None:
    match = _corrected(under=("4C", B), discarder_may_claim=True)
    match.apply("correct 3")
    assert (match.phase, match.to_act) == (SECOND_CLAIM, B)
    assert Claim in {type(action) for action in match.legal_actions()}


# -- POSSO-9.6, 9.8: a stock-only draw says why --------------------------------------------


def test_posso_9_8_after_the_second_claim_the_draw_is_from_the_stock() -> None:
    match = _corrected()
    match.apply_all(["correct 3", "claim 4C 4S 4D"])
    assert (match.phase, match.legal_actions()) == (DRAW, (Draw(),))
    with pytest.raises(IllegalActionError, match="must come from the stock") as refused:
        match.apply("take")
    assert refused.value.rule == "POSSO-9.8"
    assert "second 'Posso?'" in refused.value.reason


def test_posso_9_8_alternative_claim_counts_as_draw_makes_no_draw() -> None:
    match = _corrected(claim_counts_as_draw=True)
    match.apply_all(["correct 3", "claim 4C 4S 4D"])
    assert (match.phase, match.to_act) == (MELD, B)


def _claimed(**options: Any) -> ContractRummyMatch:
    """POSSO-W18: A discards 7H, B draws, C and D both claim it; C wins."""
    match = posso(
        hands={A: "7H 2C 6D 10H", C: "7S 7C 9S 3H", D: "7D 7C 8S 4H"},
        table=(("KS KH KD", C), ("QS QH QD", D)),
        down=(C, D),
        stock="5D 9C",
        **options,
    )
    match.apply_all(["draw", "discard 7H", "draw", "claim 7H 7S 7C", "claim 7H 7D 7C"])
    match.apply(match.legal_actions()[-1])  # B discards
    assert (match.phase, match.to_act) == (DRAW, C)
    return match


def test_posso_9_6_claimant_next_draw_stock_says_so() -> None:
    match = _claimed(claimant_next_draw="stock")
    with pytest.raises(IllegalActionError, match="claimant_next_draw='stock'") as refused:
        match.apply("take")
    assert refused.value.rule == "POSSO-9.6"
    assert "must come from the stock" in refused.value.reason


def test_posso_9_6_default_the_claimant_may_take_the_pile_card() -> None:
    match = _claimed()
    assert match.legal_actions() == (Draw(), Take())
    match.apply("take")


# -- POSSO-9.5: what is wrong with a claim -------------------------------------------------


def _window(hand_c: str, *, down: tuple[int, ...] = (C, D), **options: Any) -> ContractRummyMatch:
    """A discards 7H and B draws: C is asked first."""
    table = tuple(meld for meld in (("KS KH KD", C), ("QS QH QD", D)) if meld[1] in down)
    match = posso(
        hands={A: "7H 2C 6D 10H", C: hand_c},
        table=table,
        down=down,
        stock="5D 9C",
        **options,
    )
    match.apply_all(["draw", "discard 7H", "draw"])
    assert (match.phase, match.to_act) == (CLAIM, C)
    return match


@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        ("claim 7H 7S 9S", "cannot lay 7H 7S 9S down: "),
        ("claim 7H 7S", "cannot lay 7H 7S down: "),
        ("claim 7H 7S 7D", "does not hold 7D"),
        ("claim 7S 7C 9S 3H", "must include the claimed 7H"),
        ("claim", "a claim names the new meld 7H goes into"),
    ],
)
def test_posso_9_5_an_invalid_claim_says_what_is_wrong(claim: str, reason: str) -> None:
    match = _window("7S 7C 9S 3H")
    with pytest.raises(IllegalActionError) as refused:
        match.apply(claim, seat=match.to_act)  # the claimant is told about their own hand
    assert refused.value.rule == "POSSO-9.5"
    assert reason in refused.value.reason
    assert "that way" not in refused.value.reason


def test_posso_9_5_a_refused_claim_names_no_card_to_an_unknown_sender() -> None:
    match = _window("7S 7C 9S 3H")
    with pytest.raises(IllegalActionError) as refused:
        match.apply("claim 7H 7S 7D")
    assert refused.value.code == "hand.not_playable"
    assert refused.value.reason == "claim 7H 7S 7D cannot be played from this hand now"


def test_posso_9_5_the_meld_s_own_reason_is_given() -> None:
    match = _window("7S 7C 9S 3H")
    with pytest.raises(IllegalActionError) as refused:
        match.apply("claim 7H 7S")
    assert "3" in refused.value.reason.split(":", 1)[1]  # e.g. "needs at least 3 cards"


def test_posso_9_5_a_claim_that_does_not_open() -> None:
    match = _window("7S 7C 2D 3D 4D 8D 9H JS KC 2S", down=(D,))  # POSSO-W20, no run
    with pytest.raises(IllegalActionError, match="no opening") as refused:
        match.apply("claim 7H 7S 7C")
    assert refused.value.rule == "POSSO-9.5" and "POSSO-12.2" in refused.value.reason


def test_posso_9_5_an_opened_player_claims_one_new_meld() -> None:
    match = _window("7S 7C 2D 3D 4D 5D")
    assert match.can_apply("claim 7H 7S 7C")
    with pytest.raises(IllegalActionError, match="one new meld"):
        match.apply("claim 7H 7S 7C / 2D 3D 4D 5D")


def test_posso_9_5_alternative_claim_requires_new_meld_false_is_a_bare_claim() -> None:
    match = _window("7S 7C 9S 3H", claim_requires_new_meld=False)
    assert match.legal_actions() == (Claim(), Pass())
    with pytest.raises(IllegalActionError, match="write a bare 'claim'"):
        match.apply("claim 7H 7S 7C")


def test_posso_9_5_alternative_claim_may_open_false() -> None:
    match = _window("7S 7C 2D 3D 4D 5D 9H JS KC 2S", down=(D,), claim_may_open=False)
    with pytest.raises(IllegalActionError, match="has not opened and may not claim"):
        match.apply("claim 7H 7S 7C / 2D 3D 4D 5D")


# -- POSSO-9.3: a declared claim is public, so its cards are known ----------------------------


def test_posso_9_3_a_losing_claim_shows_its_cards_and_they_become_known() -> None:
    match = claim_window()
    event = match.apply("claim 7H 7S 7C")
    assert str(event.seen_by(D).action) == "claim 7H 7S 7C"  # the answer is public at once
    assert match.view(D).known[C] == parse_cards("7S 7C")  # pending: known to be held
    lost = match.apply("claim 7H 7D 7C")
    assert str(lost.seen_by(A).action) == "claim 7H 7D 7C"
    for seat in (A, B, C):
        assert match.view(seat).known[D] == parse_cards("7D 7C")  # still in D's hand
        assert match.view(seat).known[C] == ()  # C laid theirs down
    assert parse_cards("7D 7C")[0] in match.hands[D]
    match.apply(match.legal_actions()[-1])  # B discards; C's turn
    for step in ("draw", "discard 9S", "draw", "discard 7D"):  # C, then D
        while match.phase is CLAIM:
            match.apply("pass")
        match.apply(step)
    assert match.view(A).known[D] == parse_cards("7C")


def test_posso_9_3_a_pass_shows_nothing() -> None:
    match = posso(
        hands={A: "7H 2C 6D 10H", C: "7S 7C 9S 3H"},
        table=(("KS KH KD", C),),
        down=(C,),
        stock="5D 9C",
    )
    match.apply_all(["draw", "discard 7H", "draw", "pass", "pass"])
    assert match.view(A).known[C] == ()


# -- POSSO-14.5 step 2: asked whatever the corrector holds --------------------------------------


def test_posso_14_5_the_second_claim_is_asked_with_or_without_a_meld() -> None:
    with_meld = _corrected("4S 4D 9S")
    without = _corrected("9S 2H 3D")
    for match in (with_meld, without):
        match.apply("correct 3")
        assert (match.phase, match.to_act) == (SECOND_CLAIM, B)
    assert Claim in {type(action) for action in with_meld.legal_actions()}
    assert without.legal_actions() == (Pass(),)
    for seat in (A, C, D):  # the others cannot tell the two hands apart
        assert with_meld.view(seat) == without.view(seat)
    without.apply("pass")
    assert without.legal_actions() == (Draw(), Take())  # POSSO-14.5 step 3


def test_posso_14_5_alternative_claim_may_open_false_and_not_opened_skips_it() -> None:
    match = posso(
        hands={A: "9H 2D 3C", B: "4S 4D 9S", C: "AC 3D 6S", D: "10S 6C 2H"},
        table=(("2S 3S 4S 5S", A), ("5H 6H 7H 8H", D)),
        down=(A, D),
        pile=(("KD", None), ("4C", D)),
        stock="JS AH",
        claim_may_open=False,
        playable_scope="any_meld",
    )
    match.apply("draw")
    while match.phase is CLAIM:  # B (who may not claim: not opened) and C pass on 4C
        match.apply("pass")
    match.apply("discard 9H")
    assert (match.phase, match.to_act) == (CORRECTION, B)
    match.apply("correct 1")
    assert (match.phase, match.to_act) == (DRAW, B)  # public: B has not opened


# -- POSSO-14.3, 14.5: no correction step without a correction ---------------------------------


def _swap_only(**options: Any) -> ContractRummyMatch:
    """A's 7H fits D's run only by taking the joker's place."""
    match = posso(
        hands={A: "7H 2D 3C", B: "9S 2H 3D", C: "AC 3D 6S", D: "10S 6C 2H"},
        table=(("2S 3S 4S 5S", A), ("9C 10C JC QC", B), ("5H 6H JK 8H", D)),
        down=(A, B, C, D),
        pile=(("KD", None),),
        stock="JS AH",
        joker_count="players_minus_one",
        **options,
    )
    match.apply("draw")
    while match.phase is CLAIM:
        match.apply("pass")
    return match


def test_posso_14_5_step_5_a_swap_flag_comes_with_a_correction_in_the_jokers_place() -> None:
    """POSSO-14.5 step 5: 7H was flagged because it fits D's run only in the joker's
    place; B's correction is that exchange, and they place the freed joker at once, in
    the same meld at another position (POSSO-11.6 (a)) or in another meld that has no
    joker and stays valid with it ((b)); never into their hand."""
    match = _swap_only(swap_counts_as_playable=True)
    event = match.apply("discard 7H")
    assert Flagged(A, parse_cards("7H")[0]) in event.effects  # an infraction (POSSO-14.4)
    assert (match.phase, match.to_act) == (CORRECTION, B)  # a flag comes with a correction
    offered = {str(action) for action in match.legal_actions()}
    assert {"correct 7H -> 2 joker -> 2 (4H)", "correct 7H -> 2 joker -> 2 (9H)"} <= offered  # (a)
    assert {"correct 7H -> 2 joker -> 0 (6S)", "correct 7H -> 2 joker -> 1 (8C)"} <= offered  # (b)
    assert "pass" in offered and not any(text.startswith("correct 2 (") for text in offered)
    event = match.apply("correct 7H -> 2 joker -> 1 (KC)")
    assert Corrected(B, parse_cards("7H")[0], 2, match.table[2]) in event.effects
    assert [meld.notation for meld in match.table] == [
        "2S 3S 4S 5S",
        "9C 10C JC QC JK(KC)",
        "5H 6H 7H 8H",
    ]
    assert match.hands[B] == parse_cards("9S 2H 3D")  # the joker went to no hand
    assert match.pile.top is not None and str(match.pile.top.card) == "KD"


def test_posso_14_5_step_5_the_joker_stays_in_its_meld_and_a_wrong_place_is_refused() -> None:
    match = _swap_only(swap_counts_as_playable=True)
    match.apply("discard 7H")
    with pytest.raises(IllegalActionError, match=r"^POSSO-14\.5: .*joker going to meld 0"):
        match.apply("correct 7H -> 2 joker -> 0 (KD)")
    match.apply("correct 7H -> 2 joker -> 2 (9H)")
    assert match.table[2].notation == "5H 6H 7H 8H JK(9H)"
    assert match.to_act == B and match.phase in (DRAW, SECOND_CLAIM)


def test_posso_14_5_step_5_whether_or_not_the_next_player_has_opened() -> None:
    match = posso(
        hands={A: "7H 2D 3C", B: "9S 2H 3D", C: "AC 3D 6S", D: "10S 6C 2H"},
        table=(("5H 6H JK 8H", A), ("2S 3S 4S 5S", D)),
        down=(A, C, D),  # B has not opened
        pile=(("KD", None),),
        stock="JS AH",
        joker_count="players_minus_one",
        swap_counts_as_playable=True,
    )
    match.apply("draw")
    while match.phase is CLAIM:
        match.apply("pass")
    match.apply("discard 7H")
    assert (match.phase, match.to_act) == (CORRECTION, B)
    match.apply("correct 7H -> 0 joker -> 1 (6S)")
    assert [meld.notation for meld in match.table] == ["5H 6H 7H 8H", "2S 3S 4S 5S JK(6S)"]
    assert [meld.owner for meld in match.table] == [A, D]  # the melds keep their owners


def test_posso_14_5_step_5_a_joker_that_fits_nowhere_made_nothing_playable() -> None:
    """If the freed joker fits nowhere, that meld did not make X playable: no flag."""
    match = posso(
        hands={A: "7H 2D 3C", B: "9S 4D 3D", C: "AC 3D 6S", D: "10S 6C 4C"},
        table=(("2S 3S JK 5S", A), ("AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH", D)),
        down=(A, B, C, D),
        pile=(("KD", None),),
        stock="JS AH",
        joker_count="players_minus_one",
        swap_counts_as_playable=True,
    )
    match.apply("draw")
    while match.phase is CLAIM:
        match.apply("pass")
    event = match.apply("discard 7H")
    assert not any(isinstance(effect, Flagged) for effect in event.effects)
    assert (match.phase, match.to_act) == (DRAW, B)


def test_posso_14_5_default_swap_does_not_make_it_playable() -> None:
    match = _swap_only()
    event = match.apply("discard 7H")
    assert not any(isinstance(effect, Flagged) for effect in event.effects)
    assert (match.phase, match.to_act) == (DRAW, B)
