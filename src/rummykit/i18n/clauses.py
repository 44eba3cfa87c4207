"""The titles of the clauses of the three rules references (``docs/rules/*.md``): each
section's heading and each sub-clause that has a title of its own, by clause id, in
English; :func:`clause_title` gives one in a language (the catalogs translate each with
the clause id as its context, so that a word can follow its game's seed text).

>>> clause_title("MAYI-9.3", locale="ru"), clause_title("POSSO-9", locale="pt-BR")
('Просьбы', 'O pedido "Posso?"')
>>> clause_title("MAYI-9.10"), clause_title("XYZ-1") is None
('Buying: "May I?"', True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rummykit.errors import ConfigError
from rummykit.i18n.text import NC_, translate

CLAUSE_TITLES: dict[str, str] = {
    "MAYI-0": NC_("MAYI-0", "Conventions"),
    "MAYI-1": NC_("MAYI-1", "Players"),
    "MAYI-2": NC_("MAYI-2", "Cards"),
    "MAYI-3": NC_("MAYI-3", "Card values"),
    "MAYI-4": NC_("MAYI-4", "The game and its contracts"),
    "MAYI-5": NC_("MAYI-5", "Dealing"),
    "MAYI-6": NC_("MAYI-6", "Who starts"),
    "MAYI-7": NC_("MAYI-7", "The regular turn"),
    "MAYI-7.3": NC_("MAYI-7.3", "Draw step"),
    "MAYI-7.4": NC_("MAYI-7.4", "Meld step"),
    "MAYI-7.5": NC_("MAYI-7.5", "Discard step"),
    "MAYI-7.6": NC_("MAYI-7.6", "Afterwards"),
    "MAYI-8": NC_("MAYI-8", "The discard pile"),
    "MAYI-9": NC_("MAYI-9", 'Buying: "May I?"'),
    "MAYI-9.3": NC_("MAYI-9.3", "Requests"),
    "MAYI-9.4": NC_("MAYI-9.4", "Nobody asks"),
    "MAYI-9.5": NC_("MAYI-9.5", "The requester"),
    "MAYI-9.6": NC_("MAYI-9.6", "Consent round"),
    "MAYI-9.7": NC_("MAYI-9.7", "Outcome"),
    "MAYI-9.8": NC_("MAYI-9.8", "A buy"),
    "MAYI-9.9": NC_("MAYI-9.9", "Refusal take by P1"),
    "MAYI-9.13": NC_("MAYI-9.13", "How hands grow"),
    "MAYI-10": NC_("MAYI-10", "Melds"),
    "MAYI-10.2": NC_("MAYI-10.2", "Set"),
    "MAYI-10.3": NC_("MAYI-10.3", "Run"),
    "MAYI-10.4": NC_("MAYI-10.4", "The ace, and turning the corner"),
    "MAYI-10.5": NC_("MAYI-10.5", "Checking a run"),
    "MAYI-10.6": NC_("MAYI-10.6", "Ends of a run"),
    "MAYI-11": NC_("MAYI-11", "Contracts"),
    "MAYI-11.2": NC_("MAYI-11.2", "Exactly the contract"),
    "MAYI-11.3": NC_("MAYI-11.3", "In one go"),
    "MAYI-11.4": NC_("MAYI-11.4", "No repeats"),
    "MAYI-12": NC_("MAYI-12", "Laying off"),
    "MAYI-12.1": NC_("MAYI-12.1", "Who"),
    "MAYI-12.2": NC_("MAYI-12.2", "Where"),
    "MAYI-12.3": NC_("MAYI-12.3", "Validity"),
    "MAYI-12.4": NC_("MAYI-12.4", "When"),
    "MAYI-13": NC_("MAYI-13", "Going out"),
    "MAYI-13.2": NC_("MAYI-13.2", "How"),
    "MAYI-14": NC_("MAYI-14", "When the stock runs out"),
    "MAYI-14.1": NC_("MAYI-14.1", "Refill"),
    "MAYI-14.2": NC_("MAYI-14.2", "Dead stock"),
    "MAYI-14.3": NC_("MAYI-14.3", "Paying stock cards"),
    "MAYI-14.4": NC_("MAYI-14.4", "Refill cap"),
    "MAYI-14.5": NC_("MAYI-14.5", "Turn cap"),
    "MAYI-15": NC_("MAYI-15", "Scoring a deal"),
    "MAYI-16": NC_("MAYI-16", "The end of the game"),
    "MAYI-17": NC_("MAYI-17", "The six-deal variant"),
    "MAYI-18": NC_("MAYI-18", "Options at a glance"),
    "MAYI-19": NC_("MAYI-19", "Where the sources differ"),
    "MAYI-19.1": NC_("MAYI-19.1", "Between the two Russian sources"),
    "MAYI-19.2": NC_("MAYI-19.2", "Against common published rules"),
    "MAYI-20": NC_("MAYI-20", "Worked cases"),
    "POSSO-0": NC_("POSSO-0", "Conventions"),
    "POSSO-0.7": NC_("POSSO-0.7", "How it differs from May I?"),
    "POSSO-1": NC_("POSSO-1", "Players"),
    "POSSO-2": NC_("POSSO-2", "Cards and jokers"),
    "POSSO-3": NC_("POSSO-3", "Card values"),
    "POSSO-4": NC_("POSSO-4", "Agreed before the game"),
    "POSSO-5": NC_("POSSO-5", "The dealer"),
    "POSSO-6": NC_("POSSO-6", "Dealing"),
    "POSSO-7": NC_("POSSO-7", "Who starts"),
    "POSSO-8": NC_("POSSO-8", "The regular turn"),
    "POSSO-8.1": NC_("POSSO-8.1", "Step 0, correction"),
    "POSSO-8.2": NC_("POSSO-8.2", "Step 1, draw"),
    "POSSO-8.3": NC_("POSSO-8.3", "Step 2, claim window"),
    "POSSO-8.4": NC_("POSSO-8.4", "Step 3, melding"),
    "POSSO-8.5": NC_("POSSO-8.5", "Step 4, forced play"),
    "POSSO-8.6": NC_("POSSO-8.6", "Step 5, discard"),
    "POSSO-9": NC_("POSSO-9", 'The "Posso?" claim'),
    "POSSO-9.1": NC_("POSSO-9.1", "When"),
    "POSSO-9.2": NC_("POSSO-9.2", "Who"),
    "POSSO-9.3": NC_("POSSO-9.3", "Declaring"),
    "POSSO-9.4": NC_("POSSO-9.4", "Priority"),
    "POSSO-9.5": NC_("POSSO-9.5", "Laying it down"),
    "POSSO-9.6": NC_("POSSO-9.6", "Free, and no turn skipped"),
    "POSSO-10": NC_("POSSO-10", "Melds"),
    "POSSO-10.2": NC_("POSSO-10.2", "Run"),
    "POSSO-10.3": NC_("POSSO-10.3", "Set"),
    "POSSO-11": NC_("POSSO-11", "Jokers (when agreed)"),
    "POSSO-11.6": NC_("POSSO-11.6", "Exchanging a joker"),
    "POSSO-12": NC_("POSSO-12", "Opening"),
    "POSSO-12.2": NC_("POSSO-12.2", "The minimum"),
    "POSSO-13": NC_("POSSO-13", "After opening"),
    "POSSO-14": NC_("POSSO-14", "Forced play and correction"),
    "POSSO-14.1": NC_("POSSO-14.1", "Ready meld"),
    "POSSO-14.3": NC_("POSSO-14.3", "Playable card"),
    "POSSO-14.5": NC_("POSSO-14.5", "Correction claim"),
    "POSSO-15": NC_("POSSO-15", "Going out"),
    "POSSO-16": NC_("POSSO-16", "When the stock runs out"),
    "POSSO-17": NC_("POSSO-17", "Scoring a deal"),
    "POSSO-18": NC_("POSSO-18", "End of the game"),
    "POSSO-19": NC_("POSSO-19", "Options at a glance"),
    "POSSO-20": NC_("POSSO-20", "Where the source is unclear"),
    "POSSO-21": NC_("POSSO-21", "Worked cases"),
    "PSSN-0": NC_("PSSN-0", "Conventions"),
    "PSSN-1": NC_("PSSN-1", "Players, decks, ranks, colours"),
    "PSSN-2": NC_("PSSN-2", "The dealer"),
    "PSSN-3": NC_("PSSN-3", "Three shuffled rounds of three"),
    "PSSN-4": NC_("PSSN-4", "Who plays first"),
    "PSSN-4.1": NC_("PSSN-4.1", "Distance"),
    "PSSN-4.2": NC_("PSSN-4.2", "The steps"),
    "PSSN-5": NC_("PSSN-5", "A turn"),
    "PSSN-5.1": NC_("PSSN-5.1", "Move S, a single card"),
    "PSSN-5.2": NC_("PSSN-5.2", "Move Q, a sequence"),
    "PSSN-5.3": NC_("PSSN-5.3", "Move D, a draw"),
    "PSSN-5.4": NC_("PSSN-5.4", "A pass"),
    "PSSN-5.8": NC_("PSSN-5.8", "Suit change"),
    "PSSN-6": NC_("PSSN-6", "Recycling the stock"),
    "PSSN-6.3": NC_("PSSN-6.3", "Blocked deal"),
    "PSSN-6.4": NC_("PSSN-6.4", "Recycle cap"),
    "PSSN-6.5": NC_("PSSN-6.5", "Turn cap"),
    "PSSN-7": NC_("PSSN-7", "End of a deal"),
    "PSSN-8": NC_("PSSN-8", "Scoring"),
    "PSSN-9": NC_("PSSN-9", "End of the game"),
    "PSSN-9.2": NC_("PSSN-9.2", "The loser"),
    "PSSN-9.3": NC_("PSSN-9.3", "The winner"),
    "PSSN-10": NC_("PSSN-10", "Three or four players"),
    "PSSN-11": NC_("PSSN-11", "Where we depart from the source"),
    "PSSN-12": NC_("PSSN-12", "Options at a glance"),
    "PSSN-13": NC_("PSSN-13", "Worked cases"),
}
"""Each titled clause's English title (a test keeps the table equal to the docs)."""

_ADDED: dict[str, str] = {}
"""Clause titles a user's game added (:func:`add_clause_titles`)."""


def add_clause_titles(titles: Mapping[str, str]) -> None:
    """Add a game's own clause titles (``{"SPRINT-3": "Discarding"}``, English; its
    catalog translates each with the clause id as context, as rummykit's do), so that
    :func:`clause_title` and the command line name its clauses. A clause of the shipped
    references keeps its title (a :class:`~rummykit.errors.ConfigError`)."""
    for clause, title in titles.items():
        if clause in CLAUSE_TITLES or not isinstance(title, str) or not title:
            raise ConfigError(f"clause {clause!r} cannot be given the title {title!r}")
    _ADDED.update(titles)


_PARENT = re.compile(r"^(.*)(?:[.][0-9]+[a-z]?|[a-z])$")


def titled_clause(clause: str) -> str | None:
    """The nearest clause with a title that holds ``clause`` (``MAYI-9.10`` is in
    ``MAYI-9``; ``MAYI-9.7b`` in ``MAYI-9.7``), or ``None``."""
    found: str | None = clause.strip()
    while found:
        if found in CLAUSE_TITLES or found in _ADDED:
            return found
        parent = _PARENT.match(found)
        found = parent.group(1) if parent else None
    return None


def clause_title(clause: str, *, locale: str | None = None) -> str | None:
    """The title of ``clause`` (or of the nearest titled clause holding it) in
    ``locale``; ``None`` for a clause of no reference."""
    found = titled_clause(clause)
    if found is None:
        return None
    title = CLAUSE_TITLES.get(found) or _ADDED[found]
    return translate(title, locale=locale, context=found)
