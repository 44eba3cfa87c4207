"""Posso? (the Brazilian rules of May I?): an opening minimum, free claims, forced play
and joker exchange on the contract-rummy engine."""

from rummykit.games.posso.game import Posso as Posso
from rummykit.games.posso.rules import PossoRules as PossoRules
