"""Match records: a versioned JSON document that replays to the identical match.

A record is data, never code: loading checks the format, version, game, rules, sizes and
every action, and a failure names the step (:class:`~rummykit.errors.RecordError`). Every
failure is that one error, whatever the input (bad bytes, deep nesting, huge numbers),
and a record never makes the library open a file. Loading has limits a server may
tighten: :data:`MAX_RECORD_CHARS` of text and :data:`MAX_ACTIONS` actions by default.

>>> from rummykit import game
>>> from rummykit.records import to_record, from_record
>>> match = game("may-i").new_match(players=3, seed=5)
>>> _ = match.apply("draw")
>>> record = to_record(match)
>>> record["actions"]
['draw']
>>> from_record(record).snapshot() == match.snapshot()
True
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any, Self, TextIO

from rummykit.cards import parse_cards
from rummykit.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    RecordError,
    shorten,
    shown,
)
from rummykit.kit.codec import rules_from_json, rules_to_json
from rummykit.kit.effects import DealEnded
from rummykit.kit.match import Match
from rummykit.kit.protocol import Event
from rummykit.kit.registry import get, names
from rummykit.kit.snapshot import setup_of
from rummykit.variants import Variant, variant_of, variant_type

__all__ = [
    "MAX_ACTIONS",
    "MAX_RECORD_CHARS",
    "RecordWriter",
    "dumps",
    "for_seat",
    "from_record",
    "load_jsonl",
    "loads",
    "loads_jsonl",
    "setup_digest",
    "to_record",
]

FORMAT = "rummykit-record"
LINES_FORMAT = "rummykit-record-lines"
"""The format of a record written one event per line (:class:`RecordWriter`)."""
VERSION = 1
MAX_ACTIONS = 200_000
"""The most actions :func:`from_record` replays unless told fewer (``max_actions=``): far
more than any match the shipped rules allow, far less than a server should spend on one
upload."""
MAX_RECORD_CHARS = 20_000_000
"""The longest record text :func:`loads` reads unless told less (``max_chars=``)."""


def _results(match: Match[Any, Any]) -> list[dict[str, Any]]:
    """Each finished deal as the effects report it: why it ended and its scores."""
    return [
        {
            "deal": effect.deal,
            "reason": effect.reason.value,
            "went_out": effect.went_out,
            "scores": list(effect.nets),
        }
        for event in match.events
        for effect in event.effects
        if isinstance(effect, DealEnded)
    ]


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{field} must be true or false, got {shown(value)}")
    return value


def to_record(match: Match[Any, Any], *, seats: list[str] | None = None) -> dict[str, Any]:
    """The JSON-ready record of ``match``: rules, seed, seats, every action, and each
    finished deal's result (checked again when the record is replayed). A match made
    with a ``random.Random`` or from a :class:`~rummykit.kit.position.Position` has none."""
    if not isinstance(match, Match):
        raise RecordError(f"a record is made of a match, got {type(match).__name__}")
    if seats is not None and (
        len(seats) != match.players or not all(isinstance(seat, str) for seat in seats)
    ):
        raise RecordError(f"seats must be {match.players} names, got {seats!r}")
    if match.seed is None:
        raise RecordError("a record needs the match's integer seed, not a random.Random")
    if match.position is not None:
        raise RecordError("a match started from a position has no record (it has no deal)")
    if match.step != len(match.events):
        raise RecordError("a match restored from a snapshot has no record of its earlier actions")
    variant = variant_of(match.definition)
    return {
        "format": FORMAT,
        "version": VERSION,
        **setup_of(match.to_dict()),
        **({} if variant is None else {"variant": variant.to_json()}),
        "seats": seats or ["ABCDEFGH"[seat] for seat in range(match.players)],
        "actions": [str(event.action) for event in match.events],
        "results": _results(match),
    }


def from_record(data: Any, *, max_actions: int = MAX_ACTIONS) -> Match[Any, Any]:
    """Replay a record into a match, checking every field and every step; a record of
    more than ``max_actions`` actions is refused before any is replayed."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, got {type(data).__name__}")
    if data.get("format") == FORMAT_FOR_SEAT:
        raise RecordError(
            "not a rummykit record to replay but a seat's record (for_seat): it holds no "
            "seed and no deck order, which would reveal every hidden card; read its events "
            "as stored (rummykit replay prints them), or replay the full record (to_record)"
        )
    if data.get("format") != FORMAT:
        raise RecordError(f"not a rummykit record (format {shown(data.get('format'))})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # not 1.0, not true
        raise RecordError(f"unknown record version {shown(version)} (known: {VERSION})")
    name = data.get("game")
    variant = None if data.get("variant") is None else Variant.from_json(data["variant"])
    if variant is not None and name != variant.name:
        raise RecordError(f"the record's game {shown(name)} is not its variant {variant.name!r}")
    if not isinstance(name, str) or (variant is None and name not in names()):
        raise RecordError(f"unknown game {shown(name)} (known: {', '.join(names())})")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > max_actions:
        raise RecordError(f"actions must be a list of at most {max_actions} strings")
    rules = rules_from_json(data.get("rules", {}), name if variant is None else variant.base)
    game_type = get(name) if variant is None else variant_type(variant)
    players, seed = data.get("players"), data.get("seed")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
        raise RecordError(f"players must be a whole number from 2 to 8, got {shown(players)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"seed must be a whole number, got {shown(seed)}")
    known = {
        "format", "version", "game", "rules", "players", "seats", "seed", "first_dealer",
        "deck_order", "auto_deal", "actions", "results", "variant",
    }  # fmt: skip
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(f"unknown record fields: {shorten(', '.join(map(str, unknown)))}")
    seats = data.get("seats")
    if seats is not None and (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(seat, str) for seat in seats)
    ):
        raise RecordError(f"seats must be {players} names, got {shown(seats)}")
    auto_deal = _flag(data.get("auto_deal", True), "auto_deal")
    first_dealer = data.get("first_dealer")
    if first_dealer is not None and (
        not isinstance(first_dealer, int) or isinstance(first_dealer, bool)
    ):
        raise RecordError(f"first_dealer must be a seat or null, got {shown(first_dealer)}")
    deck_text = data.get("deck_order")
    try:
        deck = None if deck_text is None else parse_cards(deck_text)
        match: Match[Any, Any] = game_type(rules).new_match(
            players=players,
            seed=seed,
            deck_order=deck,
            first_dealer=first_dealer,
            auto_deal=auto_deal,
        )
    except (ConfigError, NotationError) as error:
        raise RecordError(f"cannot start the match: {shorten(str(error), 300)}") from None
    for step, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action must be text, got {shown(text)}", step=step)
        try:
            match.apply(text)
        except IllegalActionError as error:
            raise RecordError(
                f"{shown(text)} is illegal here: {shorten(str(error), 300)}", step=step
            ) from None
    results = data.get("results")
    if results is not None:
        replayed = _results(match)
        if not isinstance(results, list) or len(results) != len(replayed):
            listed = len(results) if isinstance(results, list) else shown(results)
            raise RecordError(
                f"the record lists {listed} deal results, the replay finished {len(replayed)} deals"
            )
        for written, found in zip(results, replayed, strict=True):
            if written != found:
                raise RecordError(
                    f"deal {found['deal']}: the record says {shown(written, 300)},"
                    f" the replay {found!r}"
                )
    return match


def dumps(match: Match[Any, Any], **json_options: Any) -> str:
    """The record of ``match`` as JSON text."""
    return json.dumps(to_record(match), **json_options)


def loads(
    text: str | bytes, *, max_chars: int = MAX_RECORD_CHARS, max_actions: int = MAX_ACTIONS
) -> Match[Any, Any]:
    """Replay a record from JSON text (or UTF-8 bytes), refusing text over ``max_chars``
    before reading it and a record of more than ``max_actions`` actions before replaying
    it; a server may pass smaller limits. Anything wrong is a
    :class:`~rummykit.errors.RecordError`:

    >>> loads(b"\\xff")
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: not JSON: the bytes are not UTF-8 text
    >>> loads("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: not JSON: nested too deeply
    """
    if not isinstance(text, str | bytes):
        raise RecordError(f"a record is JSON text, got {type(text).__name__}")
    if len(text) > max_chars:
        raise RecordError(f"a record is at most {max_chars} characters, got {len(text)}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error}") from None
    except UnicodeDecodeError:
        raise RecordError("not JSON: the bytes are not UTF-8 text") from None
    except RecursionError:
        raise RecordError("not JSON: nested too deeply") from None
    except ValueError:  # int() refuses a number of over 4,300 digits
        raise RecordError("not JSON: a number too long") from None
    try:
        return from_record(data, max_actions=max_actions)
    except RecursionError:  # a value nested deeply (but within what JSON read)
        raise RecordError("a record's values are nested too deeply") from None


# -- records one event per line ------------------------------------------------------------


class RecordWriter:
    """A record written as the match goes, one JSON line per event (JSON Lines): a header
    line (the record's fields but its actions), then each event's
    :meth:`~rummykit.kit.protocol.Event.to_dict`. Appending an event writes one line, in
    constant time; :func:`load_jsonl` reads the file back and replays it.

    ``target`` is a path (created, or appended to with ``resume=True``) or an open text
    stream. A new record starts with the events the match already has, after a header
    that carries the match's :func:`setup_digest`; with ``resume=True`` the file (or the
    stream, which must then be readable and seekable: open it with ``"a+"``) already
    holds them (a server continuing after a restart, with the match restored from its
    snapshot) and no header is written. Resuming proves the record is this match's up
    to ``match.step`` — the header's digest is the match's, its last line is whole, and
    its events replay to the match — and refuses anything else (another game, seed or
    rules, more or fewer events, a line cut short by a crash) with a
    :class:`~rummykit.errors.RecordError` before anything is written. Without ``resume``
    a file at ``target`` is written anew.

    >>> import io
    >>> from rummykit import game
    >>> match = game("may-i").new_match(players=3, seed=5)
    >>> out = io.StringIO()
    >>> writer = RecordWriter(out, match)
    >>> writer.append(match.apply("draw"))
    >>> loads_jsonl(out.getvalue()) == match
    True
    """

    def __init__(
        self,
        target: str | os.PathLike[str] | TextIO,
        match: Match[Any, Any],
        *,
        seats: list[str] | None = None,
        resume: bool = False,
    ) -> None:
        if not isinstance(match, Match):
            raise RecordError(f"a record is written of a match, got {shown(match)}")
        if not isinstance(target, str | os.PathLike) and not callable(
            getattr(target, "write", None)
        ):
            raise RecordError(
                f"a record is written to a path or a text stream, got {shown(target)}"
            )
        self.match = match
        if resume:
            self.next_step = match.step
            _check_resumed(*_resumed_text(target), match)
        else:
            header = to_record(match, seats=seats)
            del header["actions"], header["results"]
            header["format"] = LINES_FORMAT
            header["digest"] = setup_digest(match)
            self.next_step = 0
        if isinstance(target, str | os.PathLike):
            try:
                self.stream: TextIO = open(target, "a" if resume else "w", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise RecordError(f"cannot write {os.fspath(target)!r}: {error.strerror}") from None
            self.owned = True
        else:
            self.stream, self.owned = target, False
        if not resume:
            self._write(header)
            for event in match.events:
                self.append(event)

    def append(self, event: Event) -> None:
        """Write ``event`` (the match's next one) as one line and flush it."""
        if not isinstance(event, Event) or self.match.event(event.step) != event:
            raise RecordError(f"not an event of the match this record is of: {shown(event)}")
        if event.step != self.next_step:
            raise RecordError(
                f"the record's next step is {self.next_step}, not {event.step}", step=event.step
            )
        self._write(event.to_dict())
        self.next_step += 1

    def _write(self, data: dict[str, Any]) -> None:
        self.stream.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Close the file (a stream passed in is left open)."""
        if self.owned:
            self.stream.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def setup_digest(match: Match[Any, Any]) -> str:
    """The SHA-256 digest (hex) of how ``match`` was made — its game, rules, players,
    seed, first dealer, deck order and ``auto_deal`` as canonical JSON: a record written
    by lines carries it in its header, and resuming the record checks it.

    >>> from rummykit import game
    >>> one = game("may-i").new_match(players=3, seed=5)
    >>> setup_digest(one) == setup_digest(game("may-i").new_match(players=3, seed=5))
    True
    >>> setup_digest(one) == setup_digest(game("may-i").new_match(players=3, seed=6))
    False
    """
    text = json.dumps(setup_of(match.to_dict()), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _resumed_text(target: str | os.PathLike[str] | TextIO) -> tuple[str, str]:
    """The record already in ``target`` and how to name it in an error."""
    if isinstance(target, str | os.PathLike):
        name = repr(os.fspath(target))
        try:
            with open(target, encoding="utf-8") as stream:
                return stream.read(MAX_RECORD_CHARS + 1), name
        except OSError as error:
            raise RecordError(f"cannot resume {name}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"cannot resume {name}: not UTF-8 text") from None
    name = "the stream"
    try:
        target.seek(0)
        text = target.read(MAX_RECORD_CHARS + 1)
        target.seek(0, os.SEEK_END)
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        raise RecordError(
            "cannot resume the stream: it must be readable and seekable (opened with 'a+')"
        ) from None
    if not isinstance(text, str):
        raise RecordError(f"cannot resume the stream: it reads {type(text).__name__}, not text")
    return text, name


def _check_resumed(text: str, name: str, match: Match[Any, Any]) -> None:
    """Refuse to append ``match``'s events to ``text`` unless it is ``match``'s record up
    to ``match.step``: the header's digest is the match's, the last line is whole, and
    the events replay to the match."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"cannot resume {name}: over {MAX_RECORD_CHARS} characters")
    if not text.endswith("\n"):
        raise RecordError(
            f"cannot resume {name}: its last line is cut short (a crash while writing it?);"
            " see the server how-to for keeping a snapshot and its record together"
        )
    lines = text[:-1].split("\n")
    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("format") != LINES_FORMAT:
        raise RecordError(f"cannot resume {name}: not a record written by lines")
    mine = setup_of(match.to_dict())
    for key in mine:
        if header.get(key) != mine[key]:
            raise RecordError(
                f"cannot resume {name}: its {key} is {shown(header.get(key))}, "
                f"the match's {shown(mine[key])}"
            )
    if header.get("digest") != setup_digest(match):
        raise RecordError(f"cannot resume {name}: its digest is not the match's")
    events = len(lines) - 1
    if events != match.step:
        raise RecordError(
            f"cannot resume {name}: it holds {events} events, the match has taken "
            f"{match.step} actions"
        )
    try:
        replayed = loads_jsonl(text)
    except RecordError as error:
        raise RecordError(f"cannot resume {name}: {shorten(error.reason, 300)}") from None
    if replayed != match:
        raise RecordError(f"cannot resume {name}: its events do not lead to the match's state")


def loads_jsonl(
    text: str | bytes, *, max_chars: int = MAX_RECORD_CHARS, max_actions: int = MAX_ACTIONS
) -> Match[Any, Any]:
    """Replay a record written one event per line (:class:`RecordWriter`), with the
    limits of :func:`loads`. Each line's stored event (its effects, deal, seat, phase
    and action) must be the replayed one: a record edited after it was written is a
    :class:`~rummykit.errors.RecordError` naming the line. A line that is not JSON — a
    last line cut short by a crash — is one too:

    >>> loads_jsonl('{"format": "rummykit-record-lines"}\\n{"step": 0, "act')
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: line 2: cut short (not a whole JSON line): ...
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("not JSON lines: the bytes are not UTF-8 text") from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, got {type(text).__name__}")
    if len(text) > max_chars:
        raise RecordError(f"a record is at most {max_chars} characters, got {len(text)}")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if len(lines) - 1 > max_actions:
        raise RecordError(f"a record of at most {max_actions} actions, got {len(lines) - 1}")
    actions = []
    stored: list[dict[str, Any]] = []
    header: Any = None
    for number, line in enumerate(lines, start=1):
        data = _json_line(line, number, last=number == len(lines) and not text.endswith("\n"))
        if number == 1:
            header = data
            continue
        step = number - 2
        action = data.get("action") if isinstance(data, dict) else None
        if not isinstance(data, dict) or data.get("step") != step or not isinstance(action, dict):
            raise RecordError(f"line {number}: not event {step} ({shorten(line, 100)})")
        actions.append(action.get("text"))
        stored.append(data)
    if not isinstance(header, dict) or header.get("format") != LINES_FORMAT:
        raise RecordError(f"line 1: not a rummykit record header ({shown(header, 100)})")
    header = dict(header)
    digest = header.pop("digest", None)
    match = from_record({**header, "format": FORMAT, "actions": actions}, max_actions=max_actions)
    if digest != setup_digest(match):
        raise RecordError(
            f"line 1: the digest {shown(digest, 80)} is not that of the match the header"
            " describes (setup_digest): the header was changed after it was written"
        )
    for number, (data, event) in enumerate(zip(stored, match.events, strict=True), start=2):
        _check_event(number, data, event.to_dict())
    return match


def _check_event(number: int, stored: dict[str, Any], replayed: dict[str, Any]) -> None:
    """Refuse line ``number`` if its ``stored`` event is not the ``replayed`` one, naming
    the first field (and effect) that differs."""
    if stored == replayed:
        return
    for key in (*replayed, *sorted(set(stored) - set(replayed), key=str)):
        written, found = stored.get(key, _MISSING), replayed.get(key, _MISSING)
        if written == found:
            continue
        what = f"event {replayed['step']}'s {shorten(str(key), 40)}"
        if key == "effects" and isinstance(written, list):
            for index, effect in enumerate(found):
                if index >= len(written) or written[index] != effect:
                    what += f"[{index}]"
                    written = written[index] if index < len(written) else _MISSING
                    found = effect
                    break
            else:
                what += f"[{len(found)}]"
                written, found = written[len(found)], _MISSING
        raise RecordError(
            f"line {number}: {what} is stored as {_stored_text(written)}, but the replay gives "
            f"{_stored_text(found)}: the record was changed after it was written"
        )


_MISSING = object()


def _stored_text(value: Any) -> str:
    return "nothing" if value is _MISSING else shown(value, 160)


def _json_line(line: str, number: int, *, last: bool) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        if last:
            raise RecordError(
                f"line {number}: cut short (not a whole JSON line): {error}"
            ) from None
        raise RecordError(f"line {number}: not JSON: {error}") from None
    except RecursionError:
        raise RecordError(f"line {number}: nested too deeply") from None
    except ValueError:
        raise RecordError(f"line {number}: a number too long") from None


def load_jsonl(
    path: str | os.PathLike[str],
    *,
    max_chars: int = MAX_RECORD_CHARS,
    max_actions: int = MAX_ACTIONS,
) -> Match[Any, Any]:
    """Replay the JSON Lines record in the file at ``path`` (see :func:`loads_jsonl`)."""
    if not isinstance(path, str | os.PathLike):
        raise RecordError(f"a record is read from a path, got {shown(path)}")
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read(max_chars + 1)
    except OSError as error:
        raise RecordError(f"cannot read {os.fspath(path)!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{os.fspath(path)!r} is not UTF-8 text") from None
    return loads_jsonl(text, max_chars=max_chars, max_actions=max_actions)


def for_seat(
    match: Match[Any, Any], seat: int | None, *, seats: list[str] | None = None
) -> dict[str, Any]:
    """The log of ``match`` as ``seat`` may see it (``None``: a spectator), JSON-ready,
    to hand to that player: the rules, seats, each event as that seat knows it (others'
    stock draws hidden; :meth:`~rummykit.kit.protocol.Event.to_dict`, the codec clients
    read everywhere), and the finished deals' results. It holds
    no seed and no deck order — either would reveal every hidden card and the stock —
    so it is marked ``"replayable": false`` and :func:`loads` refuses it.

    >>> from rummykit import game
    >>> match = game("may-i").new_match(players=3, seed=5)
    >>> _ = match.apply("draw")
    >>> match.events[0].text
    'A draws 1 card (6S)'
    >>> record = for_seat(match, 1)
    >>> record["replayable"], "seed" in record, record["events"][0]["effects"][0]["text"]
    (False, False, 'A draws 1 card')
    """
    if not isinstance(match, Match):
        raise RecordError(f"a record is made of a match, got {type(match).__name__}")
    if seats is not None and (
        not isinstance(seats, list)
        or len(seats) != match.players
        or not all(isinstance(name, str) for name in seats)
    ):
        raise RecordError(f"seats must be {match.players} names, got {shown(seats)}")
    try:
        events = match.events_seen_by(seat)
    except IllegalActionError as error:
        raise RecordError(error.reason) from None
    return {
        "format": FORMAT_FOR_SEAT,
        "version": VERSION,
        "replayable": False,
        "game": match.definition.name,
        "rules": rules_to_json(match.rules),
        "players": match.players,
        "seats": seats or ["ABCDEFGH"[index] for index in range(match.players)],
        "seat": seat,
        "events": [event.to_dict() for event in events],
        "results": _results(match),
    }


FORMAT_FOR_SEAT = "rummykit-seat-record"
"""The format of :func:`for_seat`'s records: a log to read, not a record to replay."""
