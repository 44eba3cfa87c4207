"""May I?'s own actions: the request, the consent and the refusal of a buy (MAYI-9).

A seat not asking says the kit's ``pass`` (:class:`~rummykit.kit.actions.Pass`).

>>> from rummykit.kit import ActionGrammar
>>> ActionGrammar(Ask, Allow, Refuse).parse("allow")
Allow()
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.kit.actions import Action

__all__ = ["Allow", "Ask", "Refuse"]


@attrs.frozen
class Ask(Action):
    """Ask "May I?" for the disputed card (MAYI-9.3)."""

    verb: ClassVar[str] = "ask"


@attrs.frozen
class Allow(Action):
    """Consent to a request: "You may" (MAYI-9.6)."""

    verb: ClassVar[str] = "allow"


@attrs.frozen
class Refuse(Action):
    """Refuse a request: "You may not" (MAYI-9.6); the refuser then takes the card."""

    verb: ClassVar[str] = "refuse"
