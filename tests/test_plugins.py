"""Plugins: games and bots that installed packages declare as entry points
(``rummykit.games``, ``rummykit.agents``) are known like the shipped ones, to the
library and to every command; a broken plugin is one clear error when it is used.

Most tests fake the entry points (``importlib.metadata.entry_points``) and load the
example plugin (``examples/plugin_game``) from its source; the last ones need it
installed (``.ci/run`` installs it for them, after the main suite: an installed plugin
adds a game to every listing, and the docs' examples list the shipped games only).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import ConfigError, game
from rummykit.agents import RandomAgent, agent_names, make_agent
from rummykit.cli import main
from rummykit.kit import GameDefinition, get, names
from rummykit.kit.registry import refresh_plugins
from rummykit.records import dumps, from_record, to_record
from rummykit.simulate import play, simulate

ROOT = Path(__file__).resolve().parent.parent
PLUGIN_SOURCE = ROOT / "examples" / "plugin_game" / "src"
SPRINT = metadata.EntryPoint("sprint", "rummykit_sprint:Sprint", "rummykit.games")
LOWBALL = metadata.EntryPoint("lowball", "rummykit_sprint:lowball_agent", "rummykit.agents")


FakePlugins = Callable[..., None]


@pytest.fixture
def fake_plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePlugins]:
    """``fake_plugins(*points)`` makes ``points`` the only installed entry points while a
    test runs; the registries look again before and after."""

    def install(*points: metadata.EntryPoint) -> None:
        def entry_points(*, group: str) -> metadata.EntryPoints:
            return metadata.EntryPoints(point for point in points if point.group == group)

        monkeypatch.setattr(metadata, "entry_points", entry_points)
        refresh_plugins()

    yield install
    refresh_plugins()


@pytest.fixture
def sprint(monkeypatch: pytest.MonkeyPatch, fake_plugins: FakePlugins) -> None:
    """The example plugin, as if installed: its source importable, its entry points found."""
    monkeypatch.syspath_prepend(str(PLUGIN_SOURCE))
    fake_plugins(SPRINT, LOWBALL)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def help_text(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.usefixtures("sprint")
def test_a_plugin_game_and_bot_are_known_like_shipped_ones() -> None:
    assert names() == ("may-i", "possession", "posso", "rummy", "sprint")
    assert agent_names() == ("random", "greedy", "heuristic", "search", "lowball")
    definition = game("sprint", target=30)
    assert type(definition) is get("sprint") and definition.rules.target == 30
    lowball = make_agent("lowball", definition, take_gain=2)
    assert lowball.take_gain == 2  # type: ignore[attr-defined]
    match = play(
        definition.new_match(players=3, seed=4),
        [lowball, make_agent("greedy", definition), RandomAgent()],
        rng=random.Random(4),
    )
    assert match.is_over and match.outcome is not None
    assert from_record(json.loads(dumps(match))) == match
    summary = simulate("sprint", ["lowball", "random"], matches=4, seed=2)
    assert summary.agents == ("lowball", "random") and sum(summary.wins) == 4


@pytest.mark.usefixtures("sprint")
def test_a_plugin_bot_checks_its_options_and_its_game() -> None:
    with pytest.raises(ConfigError, match=r"LowballAgent has no option take \(its options: take_"):
        make_agent("lowball", game("sprint"), take=2)
    with pytest.raises(ConfigError, match="LowballAgent's take_gain must be a whole number 1"):
        make_agent("lowball", game("sprint"), take_gain=0)
    with pytest.raises(ConfigError, match="lowball plays games with melds; possession has none"):
        make_agent("lowball", game("possession"))


@pytest.mark.usefixtures("sprint")
def test_the_command_line_simulates_describes_and_replays_a_plugin_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert "sprint 2-4" in help_text(capsys) and "lowball" in help_text(capsys)
    code, out, err = run(capsys, "simulate", "sprint", "-n", "3", "--bots", "lowball,greedy")
    assert code == 0, err
    assert "3 matches of sprint (2 players: lowball, greedy)" in out
    code, out, _ = run(capsys, "rules", "sprint", "--json")
    options = {option["name"]: option for option in json.loads(out)["options"]}
    assert options["target"]["value"] == 50 and options["target"]["clause"] == "SPRINT-6"
    code, out, _ = run(capsys, "rules", "sprint")
    assert out.startswith("Sprint rummy (sprint): rules options")
    definition = game("sprint")
    bots = [make_agent("lowball", definition), RandomAgent()]
    match = play(definition.new_match(players=2, seed=9), bots, rng=random.Random(9))
    record = tmp_path / "sprint.json"
    record.write_text(json.dumps(to_record(match, seats=["lowball", "random"])))
    code, out, err = run(capsys, "replay", str(record))
    assert code == 0, err
    assert "lowball" in out and "goes out" in out
    code, out, err = run(capsys, "demo", "--game", "sprint", "--bots", "lowball")
    assert code == 0 and out.startswith("Sprint rummy with 3 lowball bots, seed 7"), err


# -- broken plugins ------------------------------------------------------------------------


@attrs.frozen
class FaultyRules:
    """Rules whose defaults fail."""

    size: int = 0

    def __attrs_post_init__(self) -> None:
        raise TypeError("rules!")


@attrs.frozen
class FaultySprint(GameDefinition[Any, Any]):
    """A game whose rules cannot be made: a plugin's bug, not the registry's."""

    name: ClassVar[str] = "faulty"
    rules_type: ClassVar[Any] = FaultyRules
    match_type: ClassVar[Any] = object


def test_a_broken_plugin_is_one_error_naming_its_entry_point(
    monkeypatch: pytest.MonkeyPatch, fake_plugins: FakePlugins, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = metadata.EntryPoint("ghost", "no_such_module_for_rummykit:Ghost", "rummykit.games")
    not_a_game = metadata.EntryPoint("dice", "random:Random", "rummykit.games")
    misnamed = metadata.EntryPoint("sprunt", "rummykit_sprint:Sprint", "rummykit.games")
    faulty = metadata.EntryPoint("faulty", f"{__name__}:FaultySprint", "rummykit.games")
    bad_bot = metadata.EntryPoint("bot", "no_such_module_for_rummykit:bot", "rummykit.agents")
    monkeypatch.syspath_prepend(str(PLUGIN_SOURCE))
    fake_plugins(missing, not_a_game, misnamed, faulty, bad_bot)
    listed = ("may-i", "possession", "posso", "rummy", "dice", "faulty", "ghost", "sprunt")
    assert names() == listed  # found, not loaded
    with pytest.raises(
        ConfigError,
        match=r"the plugin entry point ghost = 'no_such_module_for_rummykit:Ghost' in group "
        r"'rummykit.games' cannot be used: ModuleNotFoundError: No module named "
        r"'no_such_module_for_rummykit'",
    ):
        game("ghost")
    with pytest.raises(ConfigError, match=r"entry point dice .* takes a GameDefinition subclass"):
        game("dice")
    with pytest.raises(ConfigError, match=r"entry point sprunt .* loads the game 'sprint'"):
        game("sprunt")
    with pytest.raises(
        ConfigError, match=r"entry point faulty .* cannot be used: faulty: .*rules!"
    ):
        game("faulty")
    with pytest.raises(ConfigError, match=r"the plugin entry point bot = .* 'rummykit.agents'"):
        make_agent("bot", game("may-i"))
    # every other command still works, and using the broken plugin is one line, exit 2
    code, out, err = run(capsys, "simulate", "may-i", "-n", "2", "--bots", "random")
    assert code == 0 and "2 matches of may-i" in out, err
    assert "ghost (cannot be loaded)" in help_text(capsys)
    code, out, err = run(capsys, "rules", "ghost")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("rummykit: error: the plugin entry point ghost = ")
    code, out, err = run(capsys, "simulate", "may-i", "-n", "1", "--bots", "bot")
    assert code == 2 and "the plugin entry point bot = " in err


def test_a_plugin_never_shadows_a_shipped_game(fake_plugins: FakePlugins) -> None:
    impostor = metadata.EntryPoint("may-i", "no_such_module_for_rummykit:X", "rummykit.games")
    fake_plugins(impostor)
    assert names() == ("may-i", "possession", "posso", "rummy")
    assert get("may-i").__name__ == "MayI"


# -- installed for real ----------------------------------------------------------------------


def installed() -> bool:
    return any(point.name == "sprint" for point in metadata.entry_points(group="rummykit.games"))


needs_install = pytest.mark.skipif(
    not installed() and not os.environ.get("RUMMYKIT_EXPECT_PLUGIN"),  # .ci/run sets it
    reason="the example plugin is not installed (python -m pip install ./examples/plugin_game)",
)


def rummykit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@needs_install
def test_the_installed_plugin_works_from_the_command_line(tmp_path: Path) -> None:
    done = rummykit("rules", "sprint", cwd=tmp_path)
    assert done.returncode == 0 and "SPRINT-6" in done.stdout, done.stderr
    done = rummykit(
        "simulate", "sprint", "-n", "5", "--bots", "lowball,greedy,random", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "5 matches of sprint (3 players: lowball, greedy, random)" in done.stdout
    sprint = game("sprint")
    bots = [make_agent(name, sprint) for name in ("lowball", "heuristic", "random")]
    match = play(sprint.new_match(players=3, seed=1), bots, rng=random.Random(1))
    (tmp_path / "sprint.json").write_text(dumps(match))
    done = rummykit("replay", "sprint.json", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "sprint"


@needs_install
def test_the_installed_plugin_is_loaded_only_when_used() -> None:
    code = (
        "import sys\n"
        "from rummykit.kit.registry import names\n"
        "from rummykit.agents import agent_names\n"
        "print('sprint' in names(), 'lowball' in agent_names(), 'rummykit_sprint' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "False"]
