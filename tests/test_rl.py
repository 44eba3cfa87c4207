"""rummykit.rl: action and observation encodings, the PettingZoo and Gymnasium
environments, for every registered game (ISSUE 15)."""

from __future__ import annotations

import importlib.util
import os
import pickle
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from copy import deepcopy
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, cast

import attrs
import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

# PettingZoo ships no type information.
_pz_test: Any = importlib.import_module("pettingzoo.test")
api_test, seed_test = _pz_test.api_test, _pz_test.seed_test

from rummykit import ConfigError, IllegalActionError, Match, game, rl  # noqa: E402
from rummykit.agents import GreedyAgent, heuristic_agent  # noqa: E402
from rummykit.games import MayI  # noqa: E402
from rummykit.games.possession import PossessionAgent  # noqa: E402
from rummykit.kit import (  # noqa: E402
    Action,
    CardAction,
    Discard,
    Draw,
    get,
    names,
    register,
    unregister,
)
from rummykit.rl import ActionEncoding, EncodingError, ObservationEncoding  # noqa: E402
from rummykit.rl.aec import Observation  # noqa: E402
from tests.rules.posso_setup import A, B, C, D, posso  # noqa: E402

PLAYERS = {"may-i": 4, "possession": 2, "posso": 4}
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "gin_rummy.py"


def players(name: str) -> int:
    return PLAYERS.get(name, int(get(name).default_players))


def positions(name: str, seed: int, steps: int) -> Iterator[Match[Any, Any]]:
    """The positions of a random match of ``name`` (at most ``steps`` of them)."""
    match = game(name).new_match(players=players(name), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            return
        yield match
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize("name", names())
def test_every_legal_action_round_trips(name: str) -> None:
    """Each legal action has its own index in its type's block, and the index decodes
    back to it; the mask has exactly the legal indices."""
    definition = game(name)
    encoding = ActionEncoding.for_game(definition)
    seen: Counter[str] = Counter()
    for seed in range(3):
        for match in positions(name, seed, 700):
            actions = match.legal_actions()
            legal = encoding.legal(actions)
            assert len(legal.indices) + legal.dropped == len(actions)
            assert len(set(legal.indices)) == len(legal.indices)
            for index in legal.indices:
                action = legal.action(index)
                block = encoding.block_of(index)
                assert type(action) is block.action_type
                assert block.offset <= index < block.offset + block.size
                assert encoding.describe(index)
                seen[block.name] += 1
            for action in actions:  # stable: the same action, the same index
                found = encoding.encode(action, _rank(actions, action))
                assert found is None or legal.action(found) == action
    assert seen  # every game had decisions


def _joker_position(hand: str, melds: tuple[str, ...], seat: int) -> Match[Any, Any]:
    """Posso? with jokers, everyone opened, after ``seat``'s draw: ``seat`` holds
    ``hand``; ``melds`` are on the table, owned by B, C and A in turn."""
    owners = (B, C, A)
    table = tuple((meld, owners[number % 3]) for number, meld in enumerate(melds))
    rules: dict[str, Any] = {"joker_count": "players_minus_one", "down": (A, B, C, D)}
    match = posso(hands={seat: hand}, table=table, stock="KS", to_act=seat, **rules)
    match.apply("draw")
    return match


def test_wild_meanings_and_exchanges_are_offered_by_place() -> None:
    """Posso? with jokers: a lay-off saying what a wild card stands for and a joker
    exchange have an index by their place among the legal actions of their type (the
    lay-offs' meanings after the stable card, meld and end indices); every shipped
    game's mask stays under 3,000 wide (a random player reads all of it every step)."""
    definition = game("posso", joker_count="players_minus_one")
    encoding = ActionEncoding.for_game(definition)
    lay_off, exchange = encoding.offset("lay_off"), encoding.offset("exchange_joker")
    placed = lay_off + 53 * 16 * 3
    laying = _joker_position("JK 2D 9C QS", ("5H 6H 7H 8H", "7S 7D 7C", "4C 5C JK 7C"), B)
    exchanging = _joker_position("JH 2D 9C", ("9H 10H JK QH", "7S 7D 7C", "2S 3S 4S 5S"), C)
    seen: Counter[str] = Counter()
    for match in (laying, exchanging):
        actions = match.legal_actions()
        legal = encoding.legal(actions)
        assert legal.indices == tuple(encoding.encode(a, _rank(actions, a)) for a in actions)
        for index, action in zip(legal.indices, actions, strict=True):
            name = encoding.block_of(index).name
            if name == "lay_off" and getattr(action, "role", None) is not None:
                assert index == placed + _rank(actions, action)
                assert encoding.describe(index).endswith("(a wild card's meaning)")
                seen["meaning"] += 1
            elif name == "lay_off":
                assert lay_off <= index < placed
                assert encoding.describe(index) == str(action)
            elif name == "exchange_joker":
                assert index == exchange + _rank(actions, action)
                assert encoding.describe(index) == f"{action.verb} #{index - exchange}"
                seen["exchange"] += 1
    assert seen["meaning"] >= 2 and seen["exchange"] >= 2
    few = ActionEncoding.for_game(definition, limits=rl.Limits(max_placings=1))
    # by place: lay-offs' meanings, joker exchanges, and POSSO-14.5 step 5's swap corrections
    assert few.size == encoding.size - 3 * 31
    dropped = few.legal(exchanging.legal_actions()).dropped
    assert dropped == seen["exchange"] - 1
    for name in names():
        assert ActionEncoding.for_game(game(name)).size < 3000


def _rank(actions: tuple[Action, ...], action: Action) -> int:
    same = [other for other in actions if type(other) is type(action)]
    return same.index(action)


def test_card_indices_are_stable() -> None:
    encoding = ActionEncoding.for_game(game("may-i"))
    discard = encoding.offset("discard")
    assert encoding.encode(Discard(rl_card("7H"))) == discard + rl_card("7H").code
    assert encoding.describe(discard + 52) == "discard JK"
    assert encoding.encode(Draw()) == 0


def rl_card(text: str) -> Any:
    from rummykit import parse_card

    return parse_card(text)


@attrs.frozen
class Signal(Action):
    verb: ClassVar[str] = "signal"
    level: int


@attrs.frozen
class Tap(Action):
    verb: ClassVar[str] = "tap"


@attrs.frozen
class Knock(CardAction):
    verb: ClassVar[str] = "knock"


def test_an_unknown_action_type_is_a_clear_error() -> None:
    with pytest.raises(EncodingError, match="no action codec for Signal .*register_action"):
        ActionEncoding.from_types([Draw, Signal])
    encoding = ActionEncoding.from_types([Draw, Tap, Knock])  # known shapes
    assert [block.size for block in encoding.blocks] == [1, 1, 53]
    with pytest.raises(EncodingError, match="Signal .*not one of this game's action types"):
        encoding.legal((Signal(1),))
    custom = ActionEncoding.from_types([Draw, Signal], codecs={Signal: rl.PositionalCodec("s", 3)})
    legal = custom.legal((Draw(), Signal(5), Signal(7), Signal(9), Signal(11)))
    assert legal.indices == (0, 1, 2, 3) and legal.dropped == 1
    assert legal.action(2) == Signal(7)


class NumpyCodec(rl.ActionCodec):
    """A user's codec answering numpy integers, as array arithmetic gives them."""

    size = 4

    def encode(self, action: Any, rank: int) -> int | None:
        return cast(Any, np.int64(rank)) if rank < self.size else None

    def describe(self, index: int) -> str:
        return f"signal #{index}"


def test_a_codec_may_answer_numpy_integers() -> None:
    # in both builds: the legal-action loop is compiled in the compiled one
    encoding = ActionEncoding.from_types([Draw, Signal], codecs={Signal: NumpyCodec()})
    legal = encoding.legal((Draw(), Signal(5), Signal(7)))
    assert legal.indices == (0, 1, 2) and all(type(index) is int for index in legal.indices)
    assert legal.action(2) == Signal(7)


def test_two_actions_on_one_index_is_an_error() -> None:
    encoding = ActionEncoding.from_types([Signal], codecs={Signal: rl.TargetCodec("s", 4, "level")})
    with pytest.raises(EncodingError, match="share action index"):
        encoding.legal((Signal(1), Signal(1)))
    with pytest.raises(EncodingError, match="beyond the limits"):
        encoding.legal((Signal(9),))


def test_limits_are_checked() -> None:
    with pytest.raises(ConfigError, match="max_melds must be a whole number from 1 to 1024, got 0"):
        rl.Limits(max_melds=0)
    with pytest.raises(ConfigError, match="limits is a rummykit.rl.Limits or None, got 3"):
        ActionEncoding.for_game(game("may-i"), limits=3)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="max_melds must be a whole number from 0 to 1024"):
        ObservationEncoding.for_game(game("may-i"), players=3, max_melds=-1)
    with pytest.raises(ConfigError, match="players must be a whole number >= 1, got 'x'"):
        ObservationEncoding(cast(Any, "x"), game("may-i").phases)
    with pytest.raises(ConfigError, match="max_melds must be a whole number from 0 to 1024"):
        ObservationEncoding.for_game(game("may-i"), players=3, max_melds=cast(Any, "16"))
    with pytest.raises(EncodingError, match="no observation field 3 "):
        ObservationEncoding.for_game(game("may-i"), players=3).field(cast(Any, 3))


def same_bits(vector: Any, expected: Any) -> bool:
    """The same numbers bit for bit (``==`` would take -0.0 for 0.0)."""
    return bool(vector.dtype == expected.dtype and vector.tobytes() == expected.tobytes())


@pytest.mark.parametrize("name", names())
def test_observations_show_the_view(name: str) -> None:
    """The vector holds what ``match.view(seat)`` shows: the hand, sizes, pile, melds."""
    definition = game(name)
    count = players(name)
    encoding = ObservationEncoding.for_game(definition, players=count)
    for match in positions(name, 5, 400):
        for seat in range(count):
            view = match.view(seat)
            vector = encoding.encode(view)
            assert vector.shape == (encoding.size,) and vector.dtype == np.float32
            assert (vector >= encoding.low).all()
            hand = encoding.part(vector, "hand")
            assert Counter({c: int(n) for c, n in enumerate(hand) if n}) == Counter(
                card.code for card in view.hand
            )
            sizes = encoding.part(vector, "hand_sizes")
            assert [int(sizes[(s - seat) % count]) for s in range(count)] == list(view.hand_sizes)
            assert int(encoding.part(vector, "pile").sum()) == len(view.pile)
            table = encoding.part(vector, "table_by_owner")
            assert int(table.sum()) == sum(len(meld) for meld in view.melds)
            assert encoding.part(vector, "phase").sum() == 1


@pytest.mark.parametrize("name", names())
def test_the_quick_view_encodes_like_the_view(name: str) -> None:
    """The environments read the shipped games' state directly (no sorting, no frozen
    view); the vector is the one of ``match.view(seat)``."""
    count = players(name)
    encoding = ObservationEncoding.for_game(game(name), players=count)
    for seed in (1, 2):
        for match in positions(name, seed, 500):
            for seat in range(count):
                quick = encoding.encode_match(match, seat)
                assert same_bits(quick, encoding.encode(match.view(seat)))


def test_the_quick_view_follows_pile_visibility_and_clones() -> None:
    definition = game("may-i", discard_pile_visible="top_only")
    encoding = ObservationEncoding.for_game(definition, players=3)
    match = definition.new_match(players=3, seed=4)
    rng = random.Random(4)
    twins = []
    for step in range(600):
        if match.is_over:
            break
        for seat in range(3):
            view = match.view(seat)
            assert len(view.pile) <= 1
            assert same_bits(encoding.encode_match(match, seat), encoding.encode(view))
        if step % 50 == 0:
            twins.append(match.clone())
        match.apply(rng.choice(match.legal_actions()))
    full = ObservationEncoding.for_game(game("may-i"), players=3)
    for twin in twins:  # clones share pile entries: the per-seat pile counts stay right
        for seat in range(3):
            assert same_bits(full.encode_match(twin, seat), full.encode(twin.view(seat)))


@pytest.mark.parametrize("name", names())
def test_the_updated_observation_equals_a_fresh_encoding(name: str) -> None:
    """``Table.observe`` changes each seat's last vector only where the position
    changed; at every step, for seats observed at random, for clones observed with the
    same encoding in between and for a new match, it is the vector :meth:`encode`
    makes from the view."""
    count = players(name)
    options = [{}, {"discard_pile_visible": "top_only"}] if name == "may-i" else [{}]
    for rules in options:
        definition = game(name, **rules)
        table = rl.Table(definition, count)
        fresh = ObservationEncoding.for_game(definition, players=count)
        viewed = ObservationEncoding.for_game(definition, players=count)  # from match.view
        for seed in (1, 2):
            table.new_match(seed)
            match = table.match
            rng = random.Random(seed)
            twins: list[Match[Any, Any]] = []
            for step in range(700):
                if match.is_over:
                    break
                for seat in range(count):
                    if rng.random() < 0.5:
                        assert same_bits(table.observe(seat), fresh.encode(match.view(seat)))
                seat = rng.randrange(count)  # views make their melds anew: many change
                assert same_bits(viewed.update(match.view(seat)), fresh.encode(match.view(seat)))
                if step % 60 == 0:
                    twins.append(match.clone())
                if twins and rng.random() < 0.05:
                    twin, seat = rng.choice(twins), rng.randrange(count)
                    vector = table.observations.encode_match(twin, seat)
                    assert same_bits(vector, fresh.encode(twin.view(seat)))
                table.apply_action(rng.choice(match.legal_actions()))


def test_returned_observations_and_masks_are_the_callers() -> None:
    """Each observation and mask is a new array: the environment never writes to one it
    handed out, and changing one changes nothing it hands out later."""
    environment = rl.raw_env("may-i", players=4)
    environment.reset(seed=3)
    kept: list[tuple[Observation, Observation]] = []
    for step in range(60):
        agent = environment.agent_selection
        first = environment.observe(agent)
        again = environment.observe(agent)
        assert same_bits(first["observation"], again["observation"])
        assert same_bits(first["action_mask"], again["action_mask"])
        index = int(np.flatnonzero(first["action_mask"])[0])
        if step % 2:
            kept.append((first, {key: value.copy() for key, value in first.items()}))
        else:
            first["observation"][:] = -7.0  # the caller's to change
            first["action_mask"][:] = 1
            later = environment.observe(agent)
            assert same_bits(later["observation"], again["observation"])
            assert same_bits(later["action_mask"], again["action_mask"])
        environment.step(index)
    for returned, copy in kept:  # untouched by the steps after them
        assert same_bits(returned["observation"], copy["observation"])
        assert same_bits(returned["action_mask"], copy["action_mask"])


def test_an_observation_does_not_see_other_hands() -> None:
    """Swapping two cards between the other seats' hidden hands changes nothing seat 0
    sees (the other hands are sizes and known cards only)."""
    match = game("may-i").new_match(players=4, seed=3)
    encoding = ObservationEncoding.for_game(game("may-i"), players=4)
    before = encoding.encode(match.view(0))
    twin = match.clone()
    hands = twin.deal.hands
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    assert hands[1] != match.deal.hands[1]
    assert (encoding.encode(twin.view(0)) == before).all()


@pytest.mark.parametrize("name", names())
def test_pettingzoo_api_and_seed(name: str) -> None:
    api_test(rl.env(name, players=players(name)), num_cycles=60, verbose_progress=False)
    seed_test(lambda: rl.env(name, players=players(name)), num_cycles=30)


def play_random(environment: Any, seed: int, rng: Any) -> tuple[int, dict[str, float]]:
    environment.reset(seed=seed)
    steps = 0
    totals: dict[str, float] = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
        environment.step(action)
    return steps, totals


@pytest.mark.parametrize("name", ["may-i", "possession", "posso"])
def test_random_mask_agent_plays_whole_matches(name: str) -> None:
    """Rewards (reward='deal') add up to each seat's deal nets (its scores: May I?'s
    net points, Possession's penalty points negated); nothing illegal."""
    environment = rl.env(name, players=players(name))
    rng = np.random.default_rng(1)
    steps, totals = play_random(environment, 11, rng)
    match = environment.unwrapped.match
    assert match.is_over and steps == len(match.events)
    nets = [sum(deal[seat].net for deal in match.deal_scores) for seat in range(match.players)]
    assert [totals[f"player_{seat}"] for seat in range(match.players)] == pytest.approx(nets)


@pytest.mark.soak
def test_soak_random_mask_agent_thousands_of_episodes() -> None:
    """RUMMYKIT_SOAK_EPISODES (default 1000) truncated episodes per game."""
    episodes = int(os.environ.get("RUMMYKIT_SOAK_EPISODES", "1000"))
    for name in names():
        environment = rl.env(name, players=players(name), max_steps=300)
        rng = np.random.default_rng(2)
        for seed in range(episodes):
            play_random(environment, seed, rng)


def test_the_wrapper_enforces_order_like_pettingzoos() -> None:
    """``rl.env`` returns a subclass of PettingZoo's order-enforcing wrapper: the same
    refusals before ``reset``, the same warning-free loop after it."""
    wrapper_type = importlib.import_module("pettingzoo.utils.wrappers").OrderEnforcingWrapper
    environment = rl.env("possession", players=2)
    assert isinstance(environment, wrapper_type)
    for name in ("agent_selection", "agents", "rewards", "terminations", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(environment, name)
    with pytest.raises(AttributeError, match="before reset"):
        environment.last()
    with pytest.raises(AssertionError, match="reset"):
        environment.step(0)
    environment.reset(seed=5)
    assert environment.agent_selection in environment.possible_agents
    assert environment.num_agents == 2 and str(environment) == "rummykit_possession_v0"
    observation, reward, termination, truncation, _ = environment.last()
    assert reward == 0.0 and not termination and not truncation
    assert (
        observation["action_mask"]
        == environment.unwrapped.observe(environment.agent_selection)["action_mask"]
    ).all()
    assert environment._cumulative_rewards == environment.unwrapped._cumulative_rewards


def test_outcome_rewards_and_truncation() -> None:
    environment = rl.env("possession", players=2, reward="outcome")
    _, totals = play_random(environment, 4, np.random.default_rng(0))
    outcome = environment.unwrapped.match.outcome
    assert sorted(totals.values()) == [-1.0, 1.0] or set(totals.values()) == {1.0}
    assert outcome is not None
    for seat in outcome.winners:
        assert totals[f"player_{seat}"] == 1.0
    short = rl.env("may-i", max_steps=25)
    steps, _ = play_random(short, 1, np.random.default_rng(0))
    assert steps == 25


def test_rules_options_and_errors() -> None:
    environment = rl.raw_env("may-i", players=3, max_buys_per_deal=1)
    assert environment.table.definition.rules.max_buys_per_deal == 1
    assert environment.possible_agents == ["player_0", "player_1", "player_2"]
    environment.reset(seed=2)
    with pytest.raises(IllegalActionError, match="not legal now"):
        environment.step(environment.table.actions.size - 1)
    with pytest.raises(ConfigError, match="render_mode is None or 'ansi', got 'human'"):
        rl.env("may-i", render_mode="human")
    with pytest.raises(ConfigError, match="reward is 'deal' or 'outcome', got 'points'"):
        rl.env("may-i", reward="points")
    with pytest.raises(IllegalActionError, match="player_.* is to act: None"):
        environment.step(None)


def test_a_game_that_is_neither_name_nor_definition_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="game is a registered game's name or a definition"):
        rl.env(3)
    with pytest.raises(ConfigError, match=r"rules options \(max_buys_per_deal\) go with"):
        rl.env(game("may-i"), max_buys_per_deal=1)


def test_ansi_render_and_reset_without_seed_is_reproducible() -> None:
    environment = rl.raw_env("may-i", render_mode="ansi")
    environment.reset(seed=9)
    text = environment.render()
    assert text is not None and text.startswith("may-i · deal 1")
    environment.reset()
    first = environment.observe(environment.agent_selection)["observation"]
    again = rl.raw_env("may-i")
    again.reset(seed=9)
    again.reset()
    assert (again.observe(again.agent_selection)["observation"] == first).all()


def test_gymnasium_seat_env() -> None:
    from gymnasium.utils.env_checker import check_env

    checked = rl.gym_env("may-i", players=3, seat=1, illegal="terminate")
    check_env(checked, skip_render_check=True)
    single = rl.gym_env("may-i", players=3, seat=1, opponents=GreedyAgent())
    _, info = single.reset(seed=5)
    rng = np.random.default_rng(5)
    total, steps = 0.0, 0
    terminated = truncated = False
    while not (terminated or truncated):
        mask = info["action_mask"]
        assert (single.action_masks() == mask.astype(bool)).all()
        index = int(rng.choice(np.flatnonzero(mask)))
        _, reward, terminated, truncated, info = single.step(index)
        total += float(reward)
        steps += 1
    assert total == pytest.approx(sum(deal[1].net for deal in single.match.deal_scores))
    with pytest.raises(IllegalActionError, match="the episode is over.*reset"):
        single.step(0)
    single.reset(seed=1)
    with pytest.raises(IllegalActionError, match="not legal now"):
        single.step(single.table.actions.size - 1)
    checked.reset(seed=1)
    *_, terminated, truncated, info = checked.step(checked.table.actions.size - 1)
    assert terminated and info["illegal"]
    with pytest.raises(ConfigError, match=r"opponents lists 1 agent\(s\); 2 wanted"):
        rl.gym_env("may-i", players=3, opponents=[GreedyAgent()])
    with pytest.raises(ConfigError, match=r"opponents\[1\] is not an agent .*choose.*: 3"):
        rl.gym_env("may-i", players=3, opponents=[GreedyAgent(), 3])
    with pytest.raises(ConfigError, match="seat must be a whole number from 0 to 2, got 3"):
        rl.gym_env("may-i", players=3, seat=3)
    with pytest.raises(ConfigError, match="illegal is 'raise' or 'terminate', got 'x'"):
        rl.gym_env("may-i", players=3, illegal=cast(Any, "x"))
    for stranger in (heuristic_agent(game("posso")), PossessionAgent()):  # another game's
        with pytest.raises(ConfigError, match="may-i"):
            rl.gym_env("may-i", players=3, opponents=stranger)
    assert rl.gym_env("may-i", players=3, opponents=heuristic_agent(game("may-i")))


@pytest.mark.parametrize("opponents", ["x", b"ab", 5, {"seat": GreedyAgent()}])
def test_opponents_that_are_no_agent_name_the_input(opponents: Any) -> None:
    # A string is a sequence, but not of agents: the message names the input, not a count.
    message = (
        "opponents is None, an agent (an object with choose(view, rng)) or a list of 2 "
        f"agents, one per other seat; got {opponents!r}"
    )
    with pytest.raises(ConfigError, match=re.escape(message)):
        rl.gym_env("may-i", players=3, opponents=opponents)


def load_gin() -> ModuleType:
    """The example, loaded once per process under the name the other tests load it by,
    and its game registered. Executed again under another name, it would make a second
    set of phase constants, and a phase is read back (pickle, copy) as the first one
    made with its fields: the other tests' copies of a gin match would then differ."""
    module = sys.modules.get("gin_rummy")
    if module is None:
        spec = importlib.util.spec_from_file_location("gin_rummy", EXAMPLE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    register(module.Gin, replace=True)
    return module


@pytest.mark.skipif(not EXAMPLE.exists(), reason="examples/gin_rummy.py is not there")
def test_a_users_game_gets_an_environment() -> None:
    """The gin example registers its game with a `knock` action of its own (a card
    action): its environment plays, knocks included, with no codec to write."""
    try:
        gin = load_gin()
        environment = rl.env("gin", players=2)
        blocks = [block.name for block in environment.unwrapped.table.actions.blocks]
        assert "knock" in blocks
        api_test(environment, num_cycles=40, verbose_progress=False)
        play_random(environment, 3, np.random.default_rng(3))
        assert gin.Gin.name == "gin"
    finally:
        unregister("gin")


def test_a_users_game_with_an_unknown_action_fails_clearly() -> None:
    @attrs.frozen
    class SignalMayI(MayI):
        name: ClassVar[str] = "may-i-signal"
        actions: ClassVar[tuple[type[Action], ...]] = (*MayI.actions, Signal)

    register(SignalMayI, replace=True)
    try:
        with pytest.raises(EncodingError, match="no action codec for Signal"):
            rl.env("may-i-signal")
        rl.register_action(Signal, rl.PositionalCodec("signal", 2))
        assert rl.env("may-i-signal").unwrapped.table.actions.blocks[-1].size == 2
        assert rl.unregister_action(Signal) and not rl.unregister_action(Signal)
        with pytest.raises(EncodingError, match="not an Action type"):
            rl.unregister_action([])  # type: ignore[arg-type]
        with pytest.raises(EncodingError, match="no action codec for Signal"):
            rl.env("may-i-signal")  # forgotten
    finally:
        unregister("may-i-signal")
        rl.unregister_action(Signal)


def test_import_rummykit_needs_no_numpy() -> None:
    code = "import sys, rummykit, rummykit.games; print('numpy' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


@attrs.frozen
class Meld(Action):
    verb: ClassVar[str] = "meld"
    melds: tuple[Any, ...] = ()


@attrs.frozen
class Aim(Action):
    verb: ClassVar[str] = "aim"
    target: int = 0


@attrs.frozen
class Grab(Action):
    verb: ClassVar[str] = "grab"
    count: int = 1


@attrs.frozen
class Shed(Action):
    verb: ClassVar[str] = "shed"
    cards: tuple[Any, ...] = ()


def test_a_codec_follows_the_actions_shape_not_its_game() -> None:
    limits = rl.Limits(max_melds=5, max_take=3, max_downs=4)
    encoding = ActionEncoding.from_types([Meld, Aim, Grab, Shed], limits=limits)
    kinds = [type(block.codec).__name__ for block in encoding.blocks]
    assert kinds == ["PositionalCodec", "TargetCodec", "CountCodec", "PlayCodec"]
    assert [block.size for block in encoding.blocks] == [4, 5, 3, 53 * 53]
    assert encoding.describe(encoding.offset("aim") + 2) == "aim 2"
    assert encoding.describe(encoding.offset("grab") + 1) == "grab 2"
    # the shipped games' own actions are encoded by the same shapes
    posso = {
        block.name: type(block.codec).__name__
        for block in ActionEncoding.for_game(game("posso")).blocks
    }
    assert posso["claim"] == "PositionalCodec" and posso["correct"] == "MeaningTargetCodec"
    assert posso["lay_off"] == "LayOffCodec" and posso["exchange_joker"] == "ExchangeCodec"


def test_an_unknown_block_name_is_an_encoding_error_naming_the_blocks() -> None:
    encoding = ActionEncoding.for_game(game("may-i"))
    assert encoding.offset("lay_off") == encoding.blocks[8].offset
    with pytest.raises(
        EncodingError, match=r"no action block called 'layoff' \(blocks: draw, .*lay_off"
    ):
        encoding.offset("layoff")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"reward_scale": "x"}, "reward_scale must be a finite number, got 'x'"),
        ({"reward_scale": float("inf")}, "reward_scale must be a finite number, got inf"),
        ({"max_steps": 0}, "max_steps must be a whole number >= 1 or None, got 0"),
        ({"max_placings": 10**9}, "max_placings must be a whole number from 1 to 1024"),
        ({"max_melds": 0}, "max_melds must be a whole number from 1 to 1024, got 0"),
        ({"max_take": True}, "max_take must be a whole number from 1 to 1024, got True"),
        ({"players": 9}, "players must be from 3 to 5, got 9"),
    ],
)
def test_environment_settings_out_of_range_are_refused(
    options: dict[str, Any], message: str
) -> None:
    # A setting the user gave is a ConfigError (EncodingError is for actions that do not fit).
    for make in (rl.env, rl.gym_env):
        with pytest.raises(ConfigError, match=re.escape(message)):
            make("posso", **{"players": 3, **options})


def _copies(environment: Any) -> list[Any]:
    return [deepcopy(environment), pickle.loads(pickle.dumps(environment))]


@pytest.mark.parametrize("make", [rl.raw_env, rl.env])
def test_aec_environments_deepcopy_and_pickle(make: Any) -> None:
    environment = make("may-i", players=3)
    environment.reset(seed=1)
    rng = random.Random(1)
    for _ in range(6):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(rng.choice(np.flatnonzero(mask).tolist()))
    copies = _copies(environment)
    for _ in range(40):
        agent = environment.agent_selection
        seen = environment.observe(agent)
        for other in copies:
            assert other.agent_selection == agent
            theirs = other.observe(agent)
            assert theirs["observation"].tobytes() == seen["observation"].tobytes()
            assert theirs["action_mask"].tobytes() == seen["action_mask"].tobytes()
            assert other.rewards == environment.rewards
        index = rng.choice(np.flatnonzero(seen["action_mask"]).tolist())
        for each in (environment, *copies):
            each.step(index)


def test_gymnasium_environment_deepcopy_and_pickle() -> None:
    single = rl.gym_env("may-i", players=3, seat=1)
    _, info = single.reset(seed=4)
    rng = random.Random(4)
    for _ in range(3):
        _, _, _, _, info = single.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
    copies = _copies(single)
    for _ in range(20):
        index = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        results = [each.step(index) for each in (single, *copies)]
        for result in results[1:]:
            assert result[0].tobytes() == results[0][0].tobytes()
            assert result[1:4] == results[0][1:4]
            assert result[4]["action_mask"].tobytes() == results[0][4]["action_mask"].tobytes()
        info = results[0][4]
        if results[0][2]:
            break


@pytest.mark.parametrize("name", names())
def test_observation_encoding_deepcopy_and_pickle(name: str) -> None:
    environment = rl.raw_env(name, players=players(name))
    environment.reset(seed=2)
    rng = random.Random(2)
    for _ in range(5):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(rng.choice(np.flatnonzero(mask).tolist()))
    encoding = environment.table.observations
    match = environment.table.match
    copies = [deepcopy(encoding), pickle.loads(pickle.dumps(encoding))]
    for other in copies:
        assert other.fields == encoding.fields and other.size == encoding.size
    for _ in range(30):  # each copy updates the vectors it was given, as the original does
        if match.is_over:
            break
        for seat in range(match.players):
            fresh = encoding.encode(match.view(seat)).tobytes()
            for each in (encoding, *copies):
                assert each.encode_match(match, seat).tobytes() == fresh
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(
    "action", [None, "x", "62", 62.9, 3.0, True, np.float32(1.0), [1], np.array([1])]
)
@pytest.mark.parametrize("illegal", ["raise", "terminate"])
def test_gymnasium_step_refuses_a_non_integer_action(action: Any, illegal: Any) -> None:
    single = rl.gym_env("may-i", players=3, illegal=illegal)
    before, info = single.reset(seed=1)
    with pytest.raises(IllegalActionError, match="an action is an index, a whole number") as error:
        single.step(action)
    assert error.value.action is action
    assert single.table.observe(0).tobytes() == before.tobytes()  # nothing was played
    legal = int(info["action_mask"].argmax())
    for index in (legal, np.int64(legal)):  # Python and numpy integers are indices
        single.reset(seed=1)
        *_, info = single.step(index)
        assert "illegal" not in info


@pytest.mark.parametrize("action", ["0", 0.0, False, b"0"])
def test_aec_step_refuses_a_non_integer_action(action: Any) -> None:
    environment = rl.raw_env("may-i", players=3)
    environment.reset(seed=1)
    agent = environment.agent_selection
    before = environment.observe(agent)["observation"]
    with pytest.raises(IllegalActionError, match="an action is an index, a whole number"):
        environment.step(action)
    assert environment.agent_selection == agent
    assert environment.observe(agent)["observation"].tobytes() == before.tobytes()


def test_illegal_reward_and_codecs_are_checked() -> None:
    for bad in ("x", None, float("nan"), float("inf"), True):
        with pytest.raises(ConfigError, match="illegal_reward must be a finite number, got"):
            rl.gym_env("may-i", players=3, illegal_reward=cast(Any, bad))
    assert rl.gym_env("may-i", players=3, illegal_reward=-2).illegal_reward == -2.0
    for bad_codecs in (5, "x", [1]):
        with pytest.raises(ConfigError, match="codecs is None or a mapping of action types"):
            rl.env("may-i", codecs=cast(Any, bad_codecs))
    with pytest.raises(ConfigError, match="codecs is None or a mapping"):
        rl.gym_env("may-i", codecs=cast(Any, 5))


def test_gymnasium_step_after_truncation_is_refused_until_reset() -> None:
    single = rl.gym_env("may-i", players=3, max_steps=1)
    _, info = single.reset(seed=1)
    _, _, terminated, truncated, info = single.step(int(info["action_mask"].argmax()))
    assert truncated and not terminated
    legal = int(info["action_mask"].argmax())
    assert info["action_mask"][legal] == 1
    with pytest.raises(IllegalActionError, match="the episode is over.*reset"):
        single.step(legal)
    _, info = single.reset(seed=1)
    *_, truncated, _ = single.step(int(info["action_mask"].argmax()))
    assert truncated


@pytest.mark.parametrize("make", [rl.raw_env, rl.env])
def test_aec_step_after_truncation_takes_only_none(make: Any) -> None:
    environment = make("may-i", players=3, max_steps=1)
    environment.reset(seed=1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    environment.step(int(mask.argmax()))
    assert all(environment.truncations.values())
    agent = environment.agent_selection
    legal = int(environment.observe(agent)["action_mask"].argmax())
    with pytest.raises(IllegalActionError, match=f"{agent} is done .*only action is None"):
        environment.step(legal)
    while environment.agents:
        environment.step(None)
    if make is rl.raw_env:
        with pytest.raises(IllegalActionError, match="no agent is left; reset"):
            environment.step(None)
    environment.reset(seed=1)
    assert environment.agents == environment.possible_agents
