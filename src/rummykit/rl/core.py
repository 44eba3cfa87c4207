"""The engine side of the environments: a match, its encodings and its rewards.

:class:`Table` is what the PettingZoo and Gymnasium environments share; it works on
any registered game (by name or as a definition), keeps the encoded legal actions and
the mask of the current decision until the next action, and updates each seat's
observation from the last one its encoding made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal, cast

import numpy as np
import numpy.typing as npt

from rummykit.errors import ConfigError, IllegalActionError, shown
from rummykit.kit.actions import Action
from rummykit.kit.effects import DealEnded
from rummykit.kit.match import Match
from rummykit.messages import Message
from rummykit.rl.actions import ActionEncoding, LegalActions, Limits
from rummykit.rl.legal import remark
from rummykit.rl.observations import ObservationEncoding
from rummykit.rl.views import quick_view

Reward = Literal["deal", "outcome"]
"""``deal``: each seat's net points of each deal as it ends (bonus minus penalty), so a
match's rewards add up to its scores; ``outcome``: at the end of the match, +1 to each
winner and -1 to every other seat."""


def resolve_game(game: Any, options: Mapping[str, Any]) -> Any:
    """A game definition from a registered name (with rules ``options``) or a definition."""
    from rummykit.kit import registry

    if isinstance(game, str):
        return registry.game(game, **options)
    if options:
        raise ConfigError(
            f"rules options ({', '.join(options)}) go with a game's name, not with a definition"
        )
    if not hasattr(game, "new_match") or not hasattr(game, "actions"):
        raise ConfigError(f"game is a registered game's name or a definition, got {shown(game)}")
    return game


def environment_table(
    game: Any,
    players: int | None,
    *,
    render_mode: str | None,
    limits: Limits,
    codecs: Mapping[type[Any], Any] | None,
    reward: Any,
    reward_scale: float,
    options: Mapping[str, Any],
) -> Table:
    """The :class:`Table` behind an environment, after checking ``render_mode``."""
    if render_mode not in (None, "ansi"):
        raise ConfigError(f"render_mode is None or 'ansi', got {shown(render_mode)}")
    return Table(
        resolve_game(game, options),
        players,
        limits=limits,
        codecs=codecs,
        reward=reward,
        reward_scale=reward_scale,
    )


class Table:
    """A match of ``definition`` with ``players`` seats, encoded for learning."""

    def __init__(
        self,
        definition: Any,
        players: int | None = None,
        *,
        limits: Limits | None = None,
        codecs: Mapping[type[Action], Any] | None = None,
        reward: Reward = "deal",
        reward_scale: float = 1.0,
    ) -> None:
        if reward not in ("deal", "outcome"):
            raise ConfigError(f"reward is 'deal' or 'outcome', got {shown(reward)}")
        self.definition = definition
        self.players = definition.default_players if players is None else players
        self.match: Match[Any, Any] = definition.new_match(players=self.players, seed=0)
        """The match being played (a placeholder until :meth:`new_match`; made first, so
        the game itself refuses a number of players it cannot seat)."""
        self.limits = Limits() if limits is None else limits
        self.actions = ActionEncoding.for_game(definition, limits=self.limits, codecs=codecs)
        self.observations = ObservationEncoding.for_game(
            definition, players=self.players, max_melds=self.limits.max_melds
        )
        self.reward = reward
        if (
            isinstance(reward_scale, bool)
            or not isinstance(reward_scale, int | float)
            or not math.isfinite(reward_scale)
        ):
            raise ConfigError(f"reward_scale must be a finite number, got {shown(reward_scale)}")
        self.reward_scale = float(reward_scale)
        self._legal: LegalActions | None = None
        self._indices: tuple[int, ...] | None = None
        """The legal indices now (``None``: not encoded since the last action)."""
        self._by_index: dict[int, Action] = {}
        """Each legal index's action, while ``_indices`` is not ``None``."""
        self._dropped = 0
        self._mask = np.zeros(self.actions.size, dtype=np.int8)
        """The mask of the indices ``_marked``: each decision moves its ones in place
        (a few dozen of its thousands of entries), and the caller gets a copy."""
        self._mask_values: Any = memoryview(cast(Any, self._mask))
        """The mask's buffer, made once (a memoryview of a numpy array costs more to
        make than the few dozen entries a decision writes through it)."""
        self._marked: tuple[int, ...] = ()
        self._scores: tuple[int, ...] = ()
        """Each seat's score, read at the deal count ``_deals`` of the match ``_scored``:
        scores change at a deal's end."""
        self._scored: Match[Any, Any] | None = None
        self._deals = -1

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle: every attribute but the mask's buffer (made again)."""
        state = dict(self.__dict__)
        del state["_mask_values"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._mask_values = memoryview(cast(Any, self._mask))

    def new_match(self, seed: int) -> None:
        """Start a new match from ``seed``."""
        self.match = self.definition.new_match(players=self.players, seed=seed)
        self._forget()
        self._scored = None

    def _forget(self) -> None:
        self._legal = None
        self._indices = None

    @property
    def to_act(self) -> int | None:
        """The seat to act (``None`` when the match is over)."""
        return self.match.to_act

    def legal(self) -> LegalActions:
        """The legal actions now, encoded."""
        legal = self._legal
        if legal is None:
            if self._indices is None:
                self._encode()
            assert self._indices is not None
            legal = self._legal = LegalActions(self._indices, self._by_index, self._dropped)
        return legal

    def _encode(self) -> tuple[int, ...]:
        """Encode the legal actions now (the frozen :class:`LegalActions` is made only
        when :meth:`legal` is asked: the environments read the parts)."""
        parts = self.actions.legal_parts(self.match.legal_actions())
        self._indices, self._by_index, self._dropped = parts
        return parts[0]

    def mask(self, seat: int | None = None) -> npt.NDArray[np.int8]:
        """1 at each legal index for the seat to act (all zeros for any other seat)."""
        if seat is not None and seat != self.match.state.to_act:
            return np.zeros(self.actions.size, dtype=np.int8)
        indices = self._indices
        if indices is None:
            indices = self._encode()
        marked = self._marked
        if indices is not marked:
            if indices != marked:  # a claim window asks each seat the same: no change
                remark(self._mask_values, marked, indices)
            self._marked = indices
        return self._mask.copy()

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``seat`` now: a new array, the caller's to keep or
        change (the encoding updates its own vector of the seat and copies it once; asked
        again before the next action, it finds nothing to change)."""
        match = self.match
        deals = len(match.state.deal_scores)
        if deals != self._deals or match is not self._scored:
            self._scored, self._deals, self._scores = match, deals, match.scores
        view = quick_view(match, seat, self._scores) or match.view(seat)
        return self.observations.update(view).copy()

    def decode(self, index: int | np.integer[Any]) -> Action:
        """The legal action at ``index``; an :class:`~rummykit.errors.IllegalActionError` names
        it when it is not legal now or is no index at all (see ``check_index``)."""
        check_index(index)
        if self._indices is None:
            self._encode()
        action = self._by_index.get(int(index))
        if action is not None:
            return action
        what = self.actions.describe(int(index)) if 0 <= int(index) < self.actions.size else "?"
        params = {"index": int(index), "what": what, "legal": tuple(self.legal().actions.values())}
        raise IllegalActionError(Message("rl.not_legal", params), action=index) from None

    def apply(self, index: int | np.integer[Any]) -> list[float]:
        """Apply the action at ``index``; each seat's reward for it."""
        if self._indices is None:
            self._encode()
        # an int that is legal now is the action's index; anything else is checked
        action = self._by_index.get(index) if type(index) is int else None
        return self.apply_action(self.decode(index) if action is None else action)

    def apply_action(self, action: Action) -> list[float]:
        """Apply ``action``; each seat's reward for it."""
        event = self.match.apply(action)
        self._legal = None
        self._indices = None
        rewards = [0.0] * self.players
        scale = self.reward_scale
        if self.reward == "deal":
            for effect in event.effects:
                if isinstance(effect, DealEnded):
                    for seat, net in enumerate(effect.nets):
                        rewards[seat] += net * scale
        elif self.match.is_over:
            outcome = self.match.outcome
            winners = () if outcome is None else outcome.winners
            for seat in range(self.players):
                rewards[seat] = scale if seat in winners else -scale
        return rewards


def check_index(index: Any) -> None:
    """Refuse an action that is not an index, a whole number (a Python ``int`` or a
    numpy integer; not a bool, a float or a string, which would be read as some other
    index), with an :class:`~rummykit.errors.IllegalActionError` naming it: a mistyped
    action is a mistake of the caller's, never an illegal choice to penalize."""
    if isinstance(index, bool) or not isinstance(index, int | np.integer):
        raise IllegalActionError(Message("rl.not_index", {"value": shown(index)}), action=index)
