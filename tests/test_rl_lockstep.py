"""The environments' observations, masks, rewards and agent order, bit for bit, against
digests recorded before the speed work of issue 24 (item 4, the second round): seeded
random play of every registered game hashes the same, so a faster encoding path cannot
change what an agent sees."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from rummykit import rl  # noqa: E402

STEPS = 1200
"""Environment steps hashed per game (a few matches' worth; new matches from the next seed)."""

DIGESTS = {
    "may-i": "a6ff2916254c9fd0897ebe099b0039042442b6b27d02111d84f1329f524edd6d",
    # issue 33 item 8: Posso?'s masks end with the swap corrections' block (POSSO-14.5
    # step 5), so they are longer; the play is the same (was 2eb99caf…d796)
    "posso": "958aaf38c5602eb09311b9eadef4b79762eeab4b7ed9ad7f71b0f2bd9b05c859",
    "possession": "1b47b4a2a7a70a11a99d132102965c986799298e901209cfc05babacbc9189aa",
}
"""sha256 of the play below, recorded with the environments of main at fec381a."""


def play(name: str, steps: int = STEPS) -> str:
    """Seeded random-mask play of ``name`` for ``steps`` steps, hashed: the agent to
    act, its observation's and mask's bytes, its reward, termination and truncation,
    and the observation and mask of the agent after it (a seat not to act)."""
    environment: Any = rl.env(name)
    agents = environment.possible_agents
    rng = random.Random(5)
    digest = hashlib.sha256()
    done = episode = 0
    while done < steps:
        environment.reset(seed=episode)
        episode += 1
        for agent in environment.agent_iter():
            observation, reward, termination, truncation, _ = environment.last()
            other = environment.observe(agents[(agents.index(agent) + 1) % len(agents)])
            for part in (observation, other):
                digest.update(part["observation"].tobytes())
                digest.update(part["action_mask"].tobytes())
            digest.update(repr((agent, reward, termination, truncation)).encode())
            if termination or truncation:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(legal[rng.randrange(len(legal))])
            environment.step(action)
            done += 1
            if done >= steps:
                break
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_seeded_play_hashes_as_before(name: str) -> None:
    assert play(name) == DIGESTS[name]
