"""Snapshots: a match in progress as a JSON-ready document, and back, in constant time.

:meth:`~rummykit.kit.match.Match.to_dict` writes everything that decides the match's
future — the game and its rules, the seats, the seed, the declared match state (every
finished deal's scores, the totals, the phase), the deal in progress (hands, stock, pile,
table, any open claim window) and the random generator's state — with a format name and
version. :meth:`~rummykit.kit.match.Match.from_dict` reads it back through the game
registry (so registered games of users work too): the match it returns equals the
original and has the same future. It is not a replay: the earlier log is not kept, and
the restored match numbers its next event after the last one.

>>> from rummykit import game
>>> from rummykit import Match
>>> match = game("may-i").new_match(players=3, seed=5)
>>> _ = match.apply("draw")
>>> data = match.to_dict()
>>> data["format"], data["game"], data["step"], data["deal"]["hands"][0][:3]
('rummykit-match', 'may-i', 1, ['6H', 'JD', '2C'])
>>> Match.from_dict(data) == match
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rummykit.cards import Card, format_cards, parse_cards
from rummykit.deck import DiscardPile
from rummykit.errors import (
    ConfigError,
    InvalidMeldError,
    NotationError,
    RecordError,
    RummyError,
    shorten,
    shown,
)
from rummykit.kit.actions import Action
from rummykit.kit.codec import Decoder, rules_from_json, rules_to_json, to_json
from rummykit.kit.match import Match
from rummykit.kit.protocol import DEAL_OVER, MATCH_OVER, DealScore
from rummykit.kit.state import DealState, MatchState
from rummykit.melds import Meld, MeldRules

FORMAT = "rummykit-match"
"""The ``format`` of a snapshot."""
VERSION = 1
"""The ``version`` of the snapshots this library writes and reads."""
_FIELDS = (
    "format", "version", "game", "rules", "players", "seed", "first_dealer", "deck_order",
    "auto_deal", "step", "rng", "match", "deal",
)  # fmt: skip
_RNG_WORDS = 625
_RNG_VERSION = random.Random.VERSION
_NUMBER_BOUND = 2**53
"""Every whole number of a snapshot but the seed and the generator's words is within
±(2^53 - 1) (JSON's safe integers): a count, a score or a total past it is no match's."""
_SEED_BOUND = 2**256
"""A seed is within ±(2^256 - 1)."""


SETUP_FIELDS = ("game", "rules", "players", "seed", "first_dealer", "deck_order", "auto_deal")
"""The fields of a snapshot that say how its match was made (a record begins with them)."""


def setup_of(document: Mapping[str, Any]) -> dict[str, Any]:
    """How the match of a snapshot ``document`` (a :meth:`~rummykit.kit.match.Match.to_dict`)
    was made: its game, rules, players, seed, first dealer, deck order and ``auto_deal``,
    what a record begins with.

    >>> from rummykit import game
    >>> setup = setup_of(game("may-i").new_match(players=3, seed=5).to_dict())
    >>> setup["game"], setup["players"], setup["seed"], setup["deck_order"]
    ('may-i', 3, 5, None)
    """
    return {field: document[field] for field in SETUP_FIELDS}


def match_to_dict(
    match: Match[Any, Any],
    *,
    first_dealer: int | None,
    deck_order: tuple[Card, ...] | None,
    auto_deal: bool,
) -> dict[str, Any]:
    """The snapshot of ``match`` (see :meth:`~rummykit.kit.match.Match.to_dict`), which
    hands over what only the match knows of how it was made."""
    version, words, gauss = match.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": match.definition.name,
        "rules": rules_to_json(match.rules),
        "players": match.players,
        "seed": match.seed,
        "first_dealer": first_dealer,
        "deck_order": None if deck_order is None else format_cards(deck_order),
        "auto_deal": auto_deal,
        "step": match.step,
        "rng": [version, list(words), gauss],
        "match": to_json(match.state),
        "deal": to_json(match.deal),
    }


@attrs.frozen
class Restoring:
    """A snapshot read and its parts checked, before the match takes them: the match
    made afresh from its setup, the match state, the deal and the step. The match puts
    them in place and hands its cards to :func:`check_restored`."""

    match: Match[Any, Any]
    state: MatchState
    deal: DealState
    step: int


def read_snapshot(data: Mapping[str, Any]) -> Restoring:
    """The parts of the match a snapshot describes, each checked on its own (see
    :meth:`~rummykit.kit.match.Match.from_dict`, which puts them in place)."""
    from rummykit.kit.registry import get, names

    if not isinstance(data, Mapping):
        raise RecordError(f"a snapshot is a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: not a rummykit match snapshot ({shown(data.get('format'))})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"version: unknown snapshot version {shown(version)} (known: {VERSION})")
    unknown = sorted(str(key) for key in data if key not in _FIELDS)
    if unknown:
        raise RecordError(f"unknown snapshot fields: {shorten(', '.join(unknown))}")
    for field in _FIELDS:
        if field not in data:
            raise RecordError(f"{field}: missing")
    for field in _FIELDS:
        if field != "rng":
            _check_numbers(data[field], field, _NUMBER_BOUND if field != "seed" else _SEED_BOUND)
    name = data["game"]
    if not isinstance(name, str) or name not in names():
        raise RecordError(f"game: unknown game {shown(name)} (known: {', '.join(names())})")
    definition = get(name)(rules_from_json(data["rules"], name))
    players, seed, first_dealer = data["players"], data["seed"], data["first_dealer"]
    if type(players) is not int:
        raise RecordError(f"players: must be a whole number, got {shown(players)}")
    if seed is not None and type(seed) is not int:
        raise RecordError(f"seed: must be a whole number or null, got {shown(seed)}")
    if first_dealer is not None and type(first_dealer) is not int:
        raise RecordError(f"first_dealer: must be a seat or null, got {shown(first_dealer)}")
    if type(data["auto_deal"]) is not bool:
        raise RecordError(f"auto_deal: must be true or false, got {shown(data['auto_deal'])}")
    step = data["step"]
    if type(step) is not int or step < 0:
        raise RecordError(f"step: must be a whole number from 0, got {shown(step)}")
    deck_text = data["deck_order"]
    try:
        deck = None if deck_text is None else parse_cards(_text(deck_text, "deck_order"))
        match: Match[Any, Any] = definition.new_match(
            players=players,
            seed=0,
            deck_order=deck,
            first_dealer=first_dealer,
            auto_deal=data["auto_deal"],
        )
    except (ConfigError, NotationError) as error:
        raise RecordError(f"cannot start the match: {shorten(str(error), 300)}") from None
    match.seed = seed
    match.rng.setstate(_rng_state(data["rng"]))
    decoder = Decoder(definition.grammar, definition.known_phases())
    state = decoder.state(data["match"], type(match.state), "match")
    deal = decoder.state(data["deal"], type(match.deal), "deal")
    assert isinstance(state, MatchState) and isinstance(deal, DealState)
    _seat(state.dealer, players, "match.dealer")
    _check_seats(state, players, "match")
    _check_seats(deal, players, "deal")
    _check_deal_number(state.deal_number, match.deal_count())
    _check_match_counts(state, players)
    _check_deal_counts(deal, state, players)
    return Restoring(match, state, deal, step)


def check_restored(
    match: Match[Any, Any], *, cards: list[Card], actor_consistent: Callable[[], bool]
) -> None:
    """Check a match restored from a snapshot as a whole: ``cards`` (every card in
    play) add up to the shoe, the table's melds are valid, ``actor_consistent`` (whether
    the game's own state lets the seat to act act now) holds, and the game can list the
    seat's legal actions, apply them and show every seat its view."""
    state, players = match.state, match.players
    _check_cards(match, cards)
    _check_table(match)
    # what the checks above cannot see shows when the game reads the state: first the
    # seat to act in its phase (it has a decision, and the first few it may take apply),
    # then every seat's view of the deal
    actor = f"match.to_act: {_actor(state.to_act)} cannot act in phase {state.phase.value!r}"
    where = f"{actor} (the game cannot list its legal actions"
    try:
        if not actor_consistent():
            raise RecordError(f"{actor}: the game's state asks another seat there")
        legal = match.legal_actions()
        if not legal and state.phase is not MATCH_OVER:
            raise RecordError(f"{actor}: it has no legal action there")
        where = f"{actor} (its legal actions do not apply"
        for action in legal[:_TRIED]:
            match.clone().apply(action)
        where = "deal: not a position the game can be in (a seat's view fails"
        for seat in range(players):
            match.view(seat)
        if state.held:
            _check_held(match)
    except RecordError:
        raise
    except _READ_ERRORS as error:
        reason = f": {shorten(error.reason)}" if isinstance(error, RummyError) else ""
        raise RecordError(f"{where}{reason})") from None


def _check_held(match: Match[Any, Any]) -> None:
    """Each held answer is one its seat may give early: re-given in order on a copy
    without them, every one is held again (see :mod:`rummykit.kit.live`)."""
    probe = match.clone()
    held, probe.state.held = probe.state.held, ()
    for index, (seat, answer) in enumerate(held):
        path = f"match.held[{index}]"
        if not isinstance(seat, int) or seat == probe.to_act or seat not in probe.deciding:
            raise RecordError(f"{path}: seat {seat!r} has no early answer open now")
        if not probe.can_apply(answer, seat=seat):
            raise RecordError(f"{path}: {answer} is not an answer seat {seat} may give")
        probe.apply(answer, seat=seat)


_TRIED = 4
"""How many of the restored seat's legal actions are tried on a copy: a claim window's
answers are few, and a seat put where the game would never ask it fails on them."""


def _check_deal_number(number: int, count: int | None) -> None:
    if number < 1 or (count is not None and number > count):
        upto = f"from 1 to {count}" if count is not None else "from 1"
        raise RecordError(f"match.deal_number: must be a deal {upto}, got {number}")


_READ_ERRORS = (ArithmeticError, AssertionError, AttributeError, LookupError, TypeError, ValueError)
"""What a game may raise on reading a state no play can reach."""


def _actor(to_act: Any) -> str:
    return "the table (null)" if to_act is None else f"seat {to_act}"


def _text(data: Any, path: str) -> str:
    if not isinstance(data, str):
        raise RecordError(f"{path}: must be text, got {shown(data)}")
    return data


def _rng_state(data: Any) -> tuple[Any, ...]:
    if not isinstance(data, list) or len(data) != 3:
        raise RecordError(f"rng: must be [version, words, gauss], got {shown(data)}")
    version, words, gauss = data
    if type(version) is not int or version != _RNG_VERSION:
        expected = f"{_RNG_VERSION} (Random.getstate())"
        raise RecordError(f"rng[0]: must be {expected}, got {shown(version)}")
    if (
        not isinstance(words, list)
        or len(words) != _RNG_WORDS
        or not all(type(word) is int and 0 <= word < 2**32 for word in words[:-1])
        or type(words[-1]) is not int
        or not 0 <= words[-1] <= _RNG_WORDS - 1
    ):
        raise RecordError(f"rng[1]: must be {_RNG_WORDS} whole numbers (Random.getstate())")
    if gauss is not None and (type(gauss) is not float or not math.isfinite(gauss)):
        raise RecordError(f"rng[2]: must be a finite number or null, got {shown(gauss)}")
    state = (version, tuple(words), gauss)
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError) as error:
        raise RecordError(f"rng: not a generator state: {shorten(str(error))}") from None
    return state


def _seat(value: Any, players: int, path: str, *, table: bool = False) -> None:
    if value is None and table:
        return
    if type(value) is not int or not 0 <= value < players:
        raise RecordError(f"{path}: seat {shown(value)} out of range (0 to {players - 1})")


SEAT_FIELDS = frozenset(
    {
        "seat",
        "dealer",
        "to_act",
        "owner",
        "discarder",
        "requester",
        "taker",
        "flagged",
        "p0",
        "resume",
    }
)
"""Fields of a state (or of a value in it) that hold a seat or ``None``, by name: a
restored snapshot's are checked to be seats of the match."""
SEAT_LIST_FIELDS = frozenset({"order", "requests", "winners", "losers"})
"""Fields that hold a list of seats."""
PER_SEAT_FIELDS = frozenset(
    {"hands", "down", "down_turn", "laid", "known", "buys", "times_out", "stock_only", "skip_draw"}
)
"""Fields that hold one entry per seat."""


def _check_seats(value: Any, players: int, path: str) -> None:
    """Seats and per-seat lists in ``value`` (a state, recursively) fit the players."""
    for field in attrs.fields(type(value)):
        item, where = getattr(value, field.name), f"{path}.{field.alias}"
        if field.name in SEAT_FIELDS and not isinstance(item, bool):
            _seat(item, players, where, table=True)
        elif field.name in SEAT_LIST_FIELDS:
            for index, seat in enumerate(item):
                _seat(seat, players, f"{where}[{index}]")
        elif field.name in PER_SEAT_FIELDS and len(item) != players:
            raise RecordError(f"{where}: must hold {players} entries (one a seat), got {len(item)}")
        elif field.name in ("totals", "penalty_totals") and len(item) not in (0, players):
            raise RecordError(f"{where}: must hold {players} totals")
        elif field.name == "deal_scores":
            for index, scores in enumerate(item):
                if len(scores) != players:
                    raise RecordError(f"{where}[{index}]: must hold {players} scores")
        if attrs.has(type(item)):
            _check_seats(item, players, where)
        elif isinstance(item, list | tuple):
            for index, part in enumerate(item):
                if attrs.has(type(part)) and not isinstance(part, Card | Action):
                    _check_seats(part, players, f"{where}[{index}]")
        elif isinstance(item, DiscardPile):
            for index, entry in enumerate(item.entries):
                _seat(entry.discarder, players, f"{where}[{index}][1]", table=True)


def _check_cards(match: Match[Any, Any], in_play: list[Card]) -> None:
    """The cards in play add up to the shoe."""
    cards: Counter[Card] = Counter(in_play)
    shoe = Counter(match.spec.shoe())
    if cards != shoe:
        extra = format_cards(sorted((cards - shoe).elements())) or "none"
        missing = format_cards(sorted((shoe - cards).elements())) or "none"
        raise RecordError(
            f"deal: the cards do not add up to the shoe (extra: {extra}; missing: {missing})"
        )


def _check_numbers(data: Any, path: str, bound: int) -> None:
    """Every number in the JSON ``data`` is finite and, if whole, within ±``bound``."""
    kind = type(data)
    if kind is int:
        if not -bound < data < bound:
            raise RecordError(f"{path}: a number out of range ({shorten(_digits(data))})")
    elif kind is float:
        if not math.isfinite(data) or not -bound < data < bound:
            raise RecordError(f"{path}: a number out of range ({data!r})")
    elif kind is list:
        for index, item in enumerate(data):
            if type(item) is not str:
                _check_numbers(item, f"{path}[{index}]", bound)
    elif kind is dict:
        for key, item in data.items():
            if type(item) is not str:
                _check_numbers(item, f"{path}.{key}", bound)


def _digits(number: int) -> str:
    if abs(number) < 10**60:
        return str(number)
    return f"a number of about {int(number.bit_length() * 0.30103) + 1} digits"


COUNT_FIELDS = frozenset(
    {
        "turns", "refills", "buys", "times_out", "total_buys", "recycles", "passes", "picked",
        "asked", "stages", "carried_buys", "melded",
    }
)  # fmt: skip
"""Fields of a state (or of a value in it) that count something, by name: a restored
snapshot's are whole numbers from 0 (a list of them, one a seat, for ``buys`` and
``times_out``)."""


def _check_counts(value: Any, path: str) -> None:
    """The counters of ``value`` (a state, recursively) are not negative."""
    for field in attrs.fields(type(value)):
        item, where = getattr(value, field.name), f"{path}.{field.alias}"
        if field.name in COUNT_FIELDS:
            for index, count in enumerate(item if isinstance(item, list) else [item]):
                if type(count) is not int or count < 0:
                    at = f"{where}[{index}]" if isinstance(item, list) else where
                    raise RecordError(f"{at}: must be a whole number from 0, got {shown(count)}")
        elif attrs.has(type(item)) and not isinstance(item, Card | Action):
            _check_counts(item, where)


def _check_match_counts(state: MatchState, players: int) -> None:
    """The finished deals' scores are the totals' parts; the counters are in range."""
    _check_counts(state, "match")
    finished = len(state.deal_scores)
    over = state.phase in (DEAL_OVER, MATCH_OVER)
    expected = state.deal_number if over else state.deal_number - 1
    if finished != expected:
        raise RecordError(
            f"match.deal_scores: must hold the {expected} finished deals' scores"
            f" (deal {state.deal_number}, phase {state.phase.value!r}), got {finished}"
        )
    for index, scores in enumerate(state.deal_scores):
        for seat, score in enumerate(scores):
            if not isinstance(score, DealScore) or score.bonus < 0 or score.penalty < 0:
                raise RecordError(
                    f"match.deal_scores[{index}][{seat}]: a bonus and a penalty from 0"
                )
    nets = tuple(sum(scores[seat].net for scores in state.deal_scores) for seat in range(players))
    penalties = tuple(
        sum(scores[seat].penalty for scores in state.deal_scores) for seat in range(players)
    )
    if state.totals != (nets if finished else ()):
        raise RecordError(f"match.totals: must be the deals' net scores added up ({list(nets)})")
    if state.penalty_totals != (penalties if finished else ()):
        raise RecordError(
            f"match.penalty_totals: must be the deals' penalties added up ({list(penalties)})"
        )
    times_out = getattr(state, "times_out", None)
    if times_out is not None and sum(times_out) > finished:
        raise RecordError(f"match.times_out: more outs than the {finished} finished deals")


def _check_deal_counts(deal: DealState, state: MatchState, players: int) -> None:
    """The deal's counters are in range and its known cards are in the hands."""
    _check_counts(deal, "deal")
    buys, total = getattr(deal, "buys", None), getattr(state, "total_buys", None)
    if buys is not None and total is not None and sum(buys) > total:
        raise RecordError(f"match.total_buys: fewer than this deal's buys ({sum(buys)})")
    known = getattr(deal, "known", None)
    if known is not None:
        for seat, cards in enumerate(known):
            if not Counter(cards) <= Counter(deal.hands[seat]):
                raise RecordError(f"deal.known[{seat}]: cards the seat does not hold")
    down, down_turn = getattr(deal, "down", None), getattr(deal, "down_turn", None)
    if down is not None and down_turn is not None:
        for seat, (is_down, turn) in enumerate(zip(down, down_turn, strict=True)):
            if type(turn) is not int or not (0 <= turn <= deal.turns if is_down else turn == -1):
                upto = f"from 0 to the deal's turns ({deal.turns})" if is_down else "-1"
                raise RecordError(f"deal.down_turn[{seat}]: must be {upto}, got {shown(turn)}")


def _check_table(match: Match[Any, Any]) -> None:
    """Every meld on the table (and every seat's laid melds) is the meld its cards make
    under the match's meld rules, and a table meld's owner is down (or, where a contract
    goes down part by part, has laid part of it)."""
    table, rules = getattr(match.deal, "table", None), getattr(match, "meld_rules", None)
    if table is None or rules is None:
        return
    from rummykit.melds.layoff import layoff_rules  # what a meld grown by lay-offs meets

    rules = layoff_rules(rules)
    down, laid = match.deal.down, match.deal.laid
    for index, meld in enumerate(table):
        where = f"deal.table[{index}]"
        _check_meld(meld, rules, where)
        if meld.owner is None or not (down[meld.owner] or laid[meld.owner]):
            raise RecordError(f"{where}: its owner ({_actor(meld.owner)}) has laid nothing down")
    for seat, melds in enumerate(match.deal.laid):
        for index, meld in enumerate(melds):
            _check_meld(meld, rules, f"deal.laid[{seat}][{index}]", owner=False)


def _check_meld(meld: Meld, rules: MeldRules, where: str, *, owner: bool = True) -> None:
    from rummykit.melds.layoff import wild_roles

    if len(meld.ranks) != len(meld.cards):
        raise RecordError(f"{where}: must give a rank for each of its {len(meld.cards)} cards")
    try:
        checked = rules.validate(meld.cards, meld.kind, roles=wild_roles(meld))
    except InvalidMeldError as error:
        raise RecordError(f"{where}: not a meld here: {shorten(error.reason)}") from None
    if (
        checked.kind is not meld.kind
        or checked.suit is not meld.suit
        or Counter(zip(checked.cards, checked.ranks, strict=True))
        != Counter(zip(meld.cards, meld.ranks, strict=True))
        or (not owner and meld.owner is not None)
    ):  # the order may differ (a run all round the ranks starts where it was laid)
        raise RecordError(f"{where}: reads as {shorten(checked.notation)}, not as written")
