"""The phases of a contract-rummy turn, shared by every game on the engine.

Claim protocols declare their own phases (May I?'s request, consent and buy).
"""

from __future__ import annotations

from rummykit.kit.protocol import Phase

__all__ = ["DRAW", "MELD", "PICK"]

DRAW = Phase("draw", "MAYI-7.3")
"""A regular turn's draw step: draw from the stock or take from the pile."""
MELD = Phase("meld", "MAYI-7.4")
"""A meld step, ended by a discard or, in turns without one, ``done``."""
PICK = Phase("pick", "MAYI-9.8")
"""``multi_take_mode="any"``: after the top pile card, choose further pile cards one at a
time (``take 3D``) and end with ``done``."""
