"""The phases of a contract-rummy turn, shared by every game on the engine.

Claim protocols declare their own phases (May I?'s request, consent and buy). These
phases cite no clause: a refusal in them cites the game's (its match class's ``clauses``
under the keys ``draw``, ``meld`` and ``pick``).
"""

from __future__ import annotations

from rummykit.kit.protocol import Phase

DRAW = Phase("draw")
"""A regular turn's draw step: draw from the stock or take from the pile."""
MELD = Phase("meld")
"""A meld step, ended by a discard or, in turns without one, ``done``."""
PICK = Phase("pick")
"""``multi_take_mode="any"``: after the top pile card, choose further pile cards one at a
time (``take 3D``) and end with ``done``."""
