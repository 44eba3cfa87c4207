"""Possession's rules data: what a card left in hand costs (PSSN-8).

>>> from rummykit import parse_cards
>>> COUNT_VALUES.hand_value(parse_cards("AS KD JK"))
3
"""

from __future__ import annotations

from rummykit.scoring import CardValues

__all__ = ["COUNT_VALUES"]

COUNT_VALUES = CardValues(ranks=(1,) * 13, joker=1)
"""PSSN-8: every card left in hand counts 1."""
