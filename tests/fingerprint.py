"""A fingerprint of the shipped games' behaviour: seeded random play, hashed.

Each case plays seeded matches with uniformly random legal actions and hashes every
decision's legal list, every event as text, and the scores. The hashes in
``tests/data/fingerprints.json`` were taken before the house moved (issue 21); a
change of behaviour shows as a changed hash. Run ``python -m tests.fingerprint`` to print
the current hashes (to update the file after a deliberate rules change).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from rummykit import game

CASES: dict[str, tuple[str, dict[str, Any], int]] = {
    "may-i-4": ("may-i", {}, 4),
    "may-i-5-six": ("may-i", {"contract_schedule": "may-i-six"}, 5),
    "posso-4-jokers": ("posso", {"joker_count": "players_minus_one"}, 4),
    "posso-3": ("posso", {}, 3),
    "possession-2": ("possession", {}, 2),
    "possession-4": ("possession", {}, 4),
}
"""Name: (game, options, players)."""

MATCHES = 4
DECISIONS = 2500
"""Per match, at most: the matches are cut there to keep the test fast."""

DATA = Path(__file__).parent / "data" / "fingerprints.json"


def fingerprint(case: str, *, events: bool = True) -> str:
    """The hash of ``MATCHES`` seeded random matches of ``case``; without ``events`` only
    the decisions (whose turn, the legal lists, the scores), so that a change to what
    events say can be told from a change of play."""
    name, options, players = CASES[case]
    definition = game(name, **options)
    digest = hashlib.sha256()
    for seed in range(MATCHES):
        match = definition.new_match(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(DECISIONS):
            if match.is_over:
                break
            legal = match.legal_actions()
            digest.update(f"{match.to_act}|{' ; '.join(map(str, legal))}\n".encode())
            event = match.apply(rng.choice(legal))
            said = f"{event}|" if events else ""
            digest.update(f"{said}{match.scores}\n".encode())
        digest.update(f"end {match.is_over} {match.scores} {match.outcome}\n".encode())
    return digest.hexdigest()


def stored() -> dict[str, str]:
    """The hashes kept in ``tests/data/fingerprints.json`` (``CASE`` with the events,
    ``CASE/decisions`` without)."""
    data: dict[str, str] = json.loads(DATA.read_text())
    return data


def current() -> dict[str, str]:
    """Every case's hashes now, as stored."""
    hashes = {}
    for case in CASES:
        hashes[case] = fingerprint(case)
        hashes[f"{case}/decisions"] = fingerprint(case, events=False)
    return hashes


if __name__ == "__main__":
    print(json.dumps(current(), indent=2))
