"""The small findings of issue 34's audit, each held by a test: ``rummykit play`` exits
130 on Ctrl-C, a schedule of too many deals is refused however it is given, no clause
is ``None`` (never ``''``), an action filter's own refusal is kept for ``take``, a
refusal for the wrong seat carries the action, ``max_turns_per_deal=0`` is refused, and
a game has one name in Python and on the command line."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rummykit import game
from rummykit.cli import main
from rummykit.contracts import Contract
from rummykit.contracts.schedules import MAX_DEALS, ContractSchedule, DealSpec
from rummykit.errors import ConfigError, IllegalActionError, RecordError
from rummykit.kit.codec import rules_from_json
from rummykit.records import loads, to_record


def test_ctrl_c_at_the_play_prompt_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(self: Any) -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr("rummykit.cli.play.Session.ask_once", interrupted)
    code = main(["play", "may-i", "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 130
    assert "interrupted: the game is left unfinished" in out and "Traceback" not in err


def _schedule_json(deals: int) -> dict[str, Any]:
    return {"name": "long", "deals": [{"contract": "2G"}] * deals}


def test_a_schedule_of_too_many_deals_is_refused_in_json_as_in_toml() -> None:
    with pytest.raises(RecordError, match=f"at most {MAX_DEALS} deals"):
        rules_from_json({"contract_schedule": _schedule_json(100_000)}, "may-i")
    record = to_record(game("may-i").new_match(players=3, seed=1))
    record["rules"] = {"contract_schedule": _schedule_json(100_000)}
    with pytest.raises(RecordError, match=f"at most {MAX_DEALS} deals"):
        loads(json.dumps(record))
    toml = '[[deal]]\ncontract = "2G"\n' * (MAX_DEALS + 1)
    with pytest.raises(ConfigError, match=f"at most {MAX_DEALS} deals"):
        ContractSchedule.loads_toml(toml)
    spec = DealSpec(contract=Contract.parse("2G"), hand_size=10, discard_out=True)
    with pytest.raises(ConfigError, match=f"at most {MAX_DEALS} deals"):
        ContractSchedule(deals=(spec,) * (MAX_DEALS + 1))
    rules = rules_from_json({"contract_schedule": _schedule_json(7)}, "may-i")
    assert len(rules.contract_schedule) == 7


def test_an_illegal_action_citing_no_clause_has_rule_none() -> None:
    error = IllegalActionError("not now", rule="")
    assert error.rule is None and error.to_dict()["rule"] is None
    assert str(error) == "not now"


def test_an_action_filters_own_clause_and_reason_are_kept_for_take() -> None:
    match = game("posso", pile_take_requires_meld=True).new_match(seed=1)
    rng = random.Random(1)
    refusals = []
    for _ in range(400):
        top = match.pile.top
        if (
            match.phase.value == "draw"
            and top is not None
            and top.discarder != match.to_act
            and "take" not in [str(action) for action in match.legal_actions()]
        ):
            with pytest.raises(IllegalActionError) as caught:
                match.verify("take", seat=match.to_act)
            refusals.append(caught.value)
        match.apply(rng.choice(match.legal_actions()))
    assert refusals
    for error in refusals:
        assert error.rule == "POSSO-8.2"
        assert "could not meld" in error.reason, error.reason


def test_a_refusal_for_the_wrong_seat_carries_the_action() -> None:
    match = game("may-i").new_match(players=3, seed=1)
    assert match.to_act is not None
    wrong = (match.to_act + 1) % 3
    with pytest.raises(IllegalActionError) as caught:
        match.apply("draw", seat=wrong)
    assert caught.value.to_dict()["action"] == "draw"
    with pytest.raises(IllegalActionError) as caught:
        match.apply(match.legal_actions()[0], seat=wrong)
    assert caught.value.to_dict()["action"]["text"] == str(match.legal_actions()[0])


@pytest.mark.parametrize("name", ["may-i", "posso", "possession"])
def test_a_turn_cap_of_zero_is_refused(name: str) -> None:
    with pytest.raises(ConfigError, match="max_turns_per_deal"):
        game(name, max_turns_per_deal=0)
    assert main(["simulate", name, "-n", "1", "--option", "max_turns_per_deal=0"]) == 2


def test_a_game_has_one_name_in_python_and_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for alias in ("mayi", "may_i"):
        with pytest.raises(ConfigError, match="did you mean 'may-i'"):
            game(alias)
        assert main(["rules", alias]) == 2
    capsys.readouterr()
