"""May I? (the Russian «Можно?»): the contract-rummy engine with May I?'s claim window."""

from rummykit.games.may_i.game import MayI as MayI
from rummykit.games.may_i.rules import MayIRules as MayIRules
