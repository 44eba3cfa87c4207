"""``rummykit replay``, ``rules``, house rules on ``demo`` and ``simulate``, player counts
per game, and the looks (rich on a terminal, plain text otherwise)."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from rummykit import ConfigError, RecordError, game
from rummykit.agents import make_agent
from rummykit.cli import main
from rummykit.cli.play import Session
from rummykit.cli.rules import describe_rules
from rummykit.cli.screen import Screen, progress_bar
from rummykit.cli.setup import option_value, parse_bot_options, parse_options
from rummykit.records import dumps, for_seat, loads
from rummykit.simulate import play, simulate

SCHEDULE = """name = "short"
[[deal]]
contract = "2G"
[[deal]]
contract = "1G+1R"
hand_size = 11
"""
ONE_DEAL = """name = "one deal"
[[deal]]
contract = "2G"
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_option_values_read_as_json() -> None:
    assert option_value("false") is False and option_value("null") is None
    assert option_value("[2, 'K']") == [2, "K"] and option_value("any") == "any"
    assert parse_options(["max-buys-per-deal=2", "ace=high"]) == {
        "max_buys_per_deal": 2,
        "ace": "high",
    }


def test_rules_lists_options_clauses_and_the_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "may-i")
    assert code == 0
    assert "turn_after_buy = buyer_left (one of buyer_left, resume_normal)" in out
    assert "MAYI-9.8: the buyer's left neighbour plays next" in out
    assert "deal 5: 2G+1R, 10 cards, no going out by discarding" in out
    code, out, _ = run(capsys, "rules", "posso", "--json")
    data = json.loads(out)
    by_name = {option["name"]: option for option in data["options"]}
    assert by_name["opening_requirement"]["allowed"] == ["run", "run_and_set", "two_sets"]
    assert by_name["opening_requirement"]["clause"] == "POSSO-4.2, 12.2"
    assert data["schedule"][0]["contract"] == "1G+1R"
    code, out, _ = run(capsys, "rules", "possession", "--json")
    assert "schedule" not in json.loads(out)


def test_rules_lists_posso_deals_for_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    """POSSO-4.3: one deal per player, so the schedule shown follows ``--players``."""
    code, out, _ = run(capsys, "rules", "posso")
    assert code == 0 and "schedule with 4 players" in out
    assert "deal 4: 1G+1R" in out and "deal 5:" not in out
    code, out, _ = run(capsys, "rules", "posso", "--players", "3", "--json")
    data = json.loads(out)
    assert data["schedule_players"] == 3 and len(data["schedule"]) == 3
    code, out, _ = run(capsys, "rules", "posso", "--players", "5", "--option", "deals=2")
    assert "deal 2: 1G+1R" in out and "deal 3:" not in out
    assert "schedule:" in out and "schedule with" not in out  # the count changes nothing
    code, _, err = run(capsys, "rules", "posso", "--players", "9")
    assert code == 2 and "POSSO-1.1: players must be from 3 to 5, got 9" in err
    code, out, _ = run(capsys, "rules", "may-i", "--json")
    assert "schedule_players" not in json.loads(out)
    for players in (True, 3.0, "3", 0):
        with pytest.raises(ConfigError, match="players"):
            describe_rules(game("posso"), players=cast(Any, players))


def test_rules_with_house_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "short.toml"
    path.write_text(SCHEDULE)
    code, out, _ = run(capsys, "rules", "may-i", "--schedule", str(path), "--option", "ace=high")
    assert code == 0 and "ace = high" in out and "deal 2: 1G+1R, 11 cards" in out
    code, _, err = run(capsys, "rules", "possession", "--schedule", str(path))
    assert code == 2 and "has no contract schedule" in err
    code, _, err = run(capsys, "rules", "may-i", "--option", "ace")
    assert code == 2 and "NAME=VALUE" in err
    code, _, err = run(capsys, "rules", "may-i", "--option", "ace=sideways")
    assert code == 2 and "ace must be one of" in err and err.count("\n") == 1


def test_demo_and_simulate_take_house_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "short.toml"
    path.write_text(SCHEDULE)
    code, out, _ = run(capsys, "demo", "--schedule", str(path), "--players", "3", "--json")
    assert code == 0 and [deal["contract"] for deal in json.loads(out)["deals"]] == ["2G", "1G+1R"]
    code, out, _ = run(capsys, "demo", "--game", "possession", "--players", "2")
    assert code == 0 and out.startswith("Possession with 2 heuristic bots")
    args = ("simulate", "may-i", "-n", "2", "--schedule", str(path), "--option", "jokers=2")
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0 and json.loads(out)["deals"] == 4
    code, out, _ = run(capsys, *args)
    assert "2 matches of may-i (4 players: heuristic), seed 0" in out  # each bot once


def test_bot_options_set_each_bots_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert parse_bot_options(["search.max-ms=null", "search.simulations=8"]) == {
        "search": {"max_ms": None, "simulations": 8}
    }
    bots = "search,heuristic,heuristic,heuristic"
    small = ("--bot-option", "search.simulations=6", "--bot-option", "heuristic.buy_gain=9")
    short = tmp_path / "short.toml"  # one deal: a search bot's match is most of this test
    short.write_text(ONE_DEAL)
    code, out, _ = run(
        capsys, "simulate", "may-i", "-n", "1", "--schedule", str(short), "--bots", bots,
        *small, "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and data["agents"] == bots.split(",") and data["deals"] == 1
    assert data["bot_options"] == {"search": {"simulations": 6}, "heuristic": {"buy_gain": 9}}
    one_deal = game("may-i", contract_schedule=short)
    agents = [
        make_agent("search", one_deal, simulations=6),
        *[make_agent("heuristic", one_deal, buy_gain=9)] * 3,
    ]
    expected = simulate(one_deal, agents, matches=1, seed=0)
    assert data["mean_scores"] == list(expected.mean_scores)  # the options took effect
    assert data["buys"] == expected.buys
    code, out, _ = run(
        capsys, "simulate", "may-i", "-n", "2", "--schedule", str(short),
        "--bot-option", "heuristic.buy_gain=9",
    )  # fmt: skip
    assert "  heuristic options: buy_gain=9" in out and "A heuristic " in out
    fewer = int(out.split("buys ")[1].split()[0])
    default = simulate(one_deal, ["heuristic"] * 4, matches=2, seed=0)
    assert default.buys > fewer  # a buy must gain 9 now: fewer buys (8 and 0 in one deal)
    may_i = game("may-i")
    code, out, _ = run(capsys, "demo", "--json", "--bot-option", "heuristic.buy_gain=99")
    assert code == 0
    match = may_i.new_match(players=4, seed=7)
    play(match, [make_agent("heuristic", may_i, buy_gain=99)] * 4, rng=random.Random(7))
    assert json.loads(out)["scores"] == list(match.scores)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["search.simulations=0"],
            "SearchAgent's simulations must be a whole number from 1 to 100000, got 0",
        ),
        (["search.simulation=4"], "SearchAgent has no option simulation (its options:"),
        (["simulations=4"], "--bot-option takes BOT.NAME=VALUE, got 'simulations=4'"),
        (["wizard.depth=4"], "--bot-option 'wizard.depth=4': bots are random, greedy"),
        (
            ["greedy.depth=4"],
            "bot options for greedy, but no seat has that bot (bots: search, heuristic, random)",
        ),
        (["heuristic.follow=1"], "ContractAgent has no option follow"),
    ],
)
def test_bad_bot_options_are_one_line(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    args = [arg for word in words for arg in ("--bot-option", word)]
    code, _, err = run(
        capsys, "simulate", "may-i", "-n", "1", "--bots", "search,heuristic,random", *args
    )
    assert code == 2 and message in err and err.count("\n") == 1


def test_player_counts_follow_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "may-i", "-n", "1", "--players", "2")
    assert code == 2 and "MAYI-1.1: players must be from 3 to 5, got 2" in err
    wider = ("--option", "player_count_range=[2,5]")
    code, out, _ = run(capsys, "simulate", "may-i", "-n", "1", "--players", "2", *wider, "--json")
    assert code == 0 and len(json.loads(out)["mean_scores"]) == 2
    code, _, err = run(capsys, "simulate", "may-i", "-n", "1", "--bots", "random,greedy")
    assert code == 2 and "from 3 to 5, got 2" in err
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "may-i 3-5; possession 2-4; posso 3-5" in " ".join(capsys.readouterr().out.split())


def record_file(tmp_path: Path) -> Path:
    match = game("may-i").new_match(players=3, seed=4)
    for _ in range(30):
        match.apply(match.legal_actions()[0])
    path = tmp_path / "record.json"
    path.write_text(dumps(match))
    return path


def test_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = record_file(tmp_path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and out.startswith("May I?, 3 players (A, B, C), seed 4; the whole")
    assert "deal 1:\n  0: " in out and "unfinished; scores so far" in out
    code, out, _ = run(capsys, "replay", str(path), "--seat", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["seat"] == 1 and data["deals"][0]["deal"] == 1
    effects = [e["text"] for event in data["deals"][0]["events"] for e in event["effects"]]
    assert "A draws 1 penalty card" in effects  # seat 1 does not see which
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert "A draws 1 penalty card (" in out
    code, _, err = run(capsys, "replay", str(path), "--seat", "7")
    assert code == 2 and "--seat is 0 to 2" in err


def _seat_record(tmp_path: Path, seat: int | None = 1) -> tuple[Path, Any]:
    match = game("may-i").new_match(players=3, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        match.apply(rng.choice(match.legal_actions()))
    path = tmp_path / "seat.json"
    path.write_text(json.dumps(for_seat(match, seat, seats=["Ann", "Bob", "Cy\x1b[2J"])))
    return path, match


def test_replay_shows_a_seats_record_as_stored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, match = _seat_record(tmp_path)
    with pytest.raises(
        RecordError,
        match=r"^not a rummykit record to replay but a seat.s record \(for_seat\): it holds",
    ):
        loads(path.read_text())
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    assert out.startswith("May I?, 3 players (A Ann, B Bob, C Cy?[2J); B's record, shown as")
    seen = match.events_seen_by(1)
    first = seen[0]
    assert f"  0: {'ABC'[first.seat or 0]} {first.action} ({first.effects[0].text})" in out
    assert len(re.findall(r"^  \d+: ", out, flags=re.MULTILINE)) == len(seen)
    for event in seen:  # what seat 1 may not know is not in the record, nor printed
        for effect in event.effects:
            assert effect.text in out
    draws = [e for e in match.events if e.seat != 1 and str(e.action) == "draw"]
    assert draws and not any(draw.effects[0].text in out for draw in draws)  # cards hidden
    code, out, _ = run(capsys, "replay", str(path), "--json", "--seat", "1")
    data = json.loads(out)
    assert code == 0 and data["replayed"] is False and data["seat"] == 1
    events = [event for deal in data["deals"] for event in deal["events"]]
    assert events == [event.to_dict() for event in seen]
    code, _, err = run(capsys, "replay", str(path), "--seat", "2")
    assert code == 2 and "is seat 1's record (records.for_seat)" in err
    assert "replay the full record" in err


def test_replay_refuses_a_broken_seats_record_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = _seat_record(tmp_path, seat=None)
    data = json.loads(path.read_text())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "a spectator's record" in out
    data["events"][3]["effects"][0].pop("text")
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "events[3].effects[0]: must be an effect with its type and text" in err


def test_replay_refuses_bad_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    for text, reason in [("{", "not JSON"), ('{"format": "x"}', "not a rummykit record")]:
        bad.write_text(text)
        code, _, err = run(capsys, "replay", str(bad))
        assert code == 2 and reason in err and err.count("\n") == 1
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_plain_text_without_a_terminal_or_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert not Screen(stream=io.StringIO()).colour  # not a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Screen(stream=Terminal()).colour
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr("rummykit.cli.screen.rich_available", lambda: False)
    screen = Screen(stream=Terminal())
    assert not screen.colour and screen.paint("AS", "red") == "AS"
    with progress_bar("x", 3) as bar:
        assert bar is None


def test_colour_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("rich", reason="colour needs the cli extra (rich)")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    stream = Terminal()
    screen = Screen(stream=stream)
    assert screen.colour
    from rummykit import parse_cards

    screen.line("hand: " + screen.cards(parse_cards("AH KS")))
    assert "\x1b[" in stream.getvalue() and "AH" in stream.getvalue()


def test_without_rich_the_command_still_works() -> None:
    blocker = "import sys; sys.modules['rich'] = None; from rummykit.cli import main; "
    done = subprocess.run(
        [sys.executable, "-c", blocker + "raise SystemExit(main(['rules', 'posso']))"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "opening_requirement" in done.stdout


def test_play_help_and_the_in_game_help_give_each_games_own_actions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "possession: play, draw, pass, done, next;" in text
    assert "posso: draw, take, claim, correct, pass," in text
    assert "may-i: draw, take, ask, pass, allow, refuse," in text
    assert "buy_gain" not in text  # an option of May I?'s bot only
    out = io.StringIO()
    session = Session(
        game("possession"), players=3, seat=0, bots=["random"] * 2, seed=1,
        screen=Screen(plain=True, stream=out), read=lambda prompt: "quit",
    )  # fmt: skip
    session.show_legal()
    shown = out.getvalue()
    assert "Possession's words: play, draw, pass, done, next" in shown
    assert "ask" not in shown and "layoff" not in shown


@pytest.mark.parametrize(
    ("name", "takes"),
    [("may-i", ("buys", "claims")), ("posso", ("claims",)), ("possession", ())],
)
def test_simulate_counts_only_the_takes_a_game_has(
    capsys: pytest.CaptureFixture[str], name: str, takes: tuple[str, ...]
) -> None:
    code, out, _ = run(capsys, "simulate", name, "-n", "2", "--players", "3", "--seed", "1")
    last = out.strip().splitlines()[-1]
    assert code == 0 and last.endswith("per match") and "decisions" in last
    assert tuple(word for word in ("buys", "claims") if f"{word} " in last) == takes
    code, out, _ = run(capsys, "demo", "--game", name, "--players", "3", "--seed", "1")
    assert code == 0 and "May I?" not in out.replace("May I? with", "")


def test_replay_refuses_a_seats_record_with_bad_seats_cards_or_steps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = _seat_record(tmp_path)
    original = json.loads(path.read_text())
    index = next(i for i, event in enumerate(original["events"]) if event["effects"])
    card_at = next(
        i
        for i, event in enumerate(original["events"])
        if any(effect.get("card") for effect in event["effects"])
    )
    card_effect = next(
        n for n, effect in enumerate(original["events"][card_at]["effects"]) if effect.get("card")
    )

    def seat(data: dict[str, Any]) -> None:
        data["events"][index]["effects"][0]["seat"] = 9

    def card(data: dict[str, Any]) -> None:
        data["events"][card_at]["effects"][card_effect]["card"] = "ZZ"

    def step(data: dict[str, Any]) -> None:
        data["events"][2]["step"] = data["events"][1]["step"]

    for edit, message in [
        (seat, rf"events\[{index}\]\.effects\[0\]\.seat: must be a seat from 0 to 2"),
        (card, rf"events\[{card_at}\]\.effects\[{card_effect}\]: not a card: 'ZZ'"),
        (step, r"events\[2\]\.step: \d+ does not follow \d+"),
    ]:
        data = json.loads(json.dumps(original))
        edit(data)
        path.write_text(json.dumps(data))
        code, _, err = run(capsys, "replay", str(path))
        assert code == 2 and re.search(message, err), err


def test_demo_seats_one_bot_per_seat_and_possession_standings_keep_the_deals_sign(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``demo --bots`` takes one bot per seat as ``simulate`` does (the seats then set the
    players); the standings show the same sign as each deal's scores, Possession too."""
    from rummykit.cli import main

    assert main(["demo", "--bots", "heuristic,random,random", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == "heuristic, random"
    assert len(data["scores"]) == 3
    assert main(["demo", "--game", "possession", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    deals = [line for line in out.splitlines() if line.strip().startswith("scores:")]
    assert deals and all("+" not in line.replace("+0", "") for line in deals)  # penalties
    standings = next(line for line in out.splitlines() if line.startswith("Standings:"))
    assert "+" not in standings.replace("+0", "") and "-" in standings
