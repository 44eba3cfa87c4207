"""What a game author gets wrong is refused where it is written: at registration, or when
a value is built (gaps a new user found)."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

from rummykit import ConfigError, Match, NotationError, game, parse_card
from rummykit.engine import LayOff, PerPlayers
from rummykit.games import MayI
from rummykit.kit import Take, register
from rummykit.kit.actions import MAX_DIGITS


def _game_with_clauses(clauses: dict[str, Any]) -> type[MayI]:
    @attrs.frozen
    class Typo(MayI):
        name: ClassVar[str] = "typo-rummy"
        refusal_clauses: ClassVar[Any] = clauses

    return Typo


def test_a_clause_map_with_an_unknown_kind_of_refusal_is_refused_at_registration() -> None:
    with pytest.raises(ConfigError, match="no kind of refusal 'dicard' \\(did you mean 'discard'"):
        register(_game_with_clauses({"dicard": "BR-5"}))


def test_a_clause_that_is_not_text_is_refused_at_registration() -> None:
    with pytest.raises(ConfigError, match="the clause for 'draw' must be text, got 5"):
        register(_game_with_clauses({"draw": 5}))


@pytest.mark.parametrize("count", [10**MAX_DIGITS, 10**5000], ids=["ten digits", "5001 digits"])
def test_an_action_number_beyond_the_notation_is_refused_when_built(count: int) -> None:
    with pytest.raises(NotationError, match="at most 9 digits"):
        Take(count)
    with pytest.raises(NotationError, match="at most 9 digits"):
        LayOff(parse_card("5H"), count)


@pytest.mark.parametrize(
    "seed", [2**128, -(2**128), 10**5000], ids=["2**128", "-2**128", "5001 digits"]
)
def test_a_seed_too_large_to_save_is_refused(seed: int) -> None:
    with pytest.raises(ConfigError, match="seed must be a whole number under 2\\*\\*128"):
        game("may-i").new_match(players=3, seed=seed)


def test_a_large_seed_that_is_allowed_saves_and_restores() -> None:
    match = game("may-i").new_match(players=3, seed=2**128 - 1)
    assert Match.from_dict(match.to_dict()) == match


@pytest.mark.parametrize("key", ["²", "٣", "1" * 5000])
def test_a_player_count_written_in_other_digits_is_a_config_error(key: str) -> None:
    with pytest.raises(ConfigError, match="decks must be a whole number or a mapping"):
        PerPlayers.of({key: 2}, option="decks")
    assert PerPlayers.of({"3": 2, "5": 3}).at(5) == 3
