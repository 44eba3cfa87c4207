"""Reading gettext ``.po`` catalogs: a small reader of our own, so that the catalogs ship
as text and no ``.mo`` file is built or committed.

A catalog is read into :class:`PoEntry` values; :func:`mo_bytes` turns them into the
binary ``.mo`` form in memory, which the standard library's :class:`gettext.GNUTranslations`
reads (its plural rules come from the catalog's ``Plural-Forms`` header). Untranslated
(empty) and ``fuzzy`` entries are left out of the ``.mo`` form, so a lookup falls back to
the English source text.

>>> text = '''
... msgid ""
... msgstr "Content-Type: text/plain; charset=UTF-8\\\\n"
...
... #, python-brace-format
... msgctxt "MAYI-8"
... msgid "The discard pile"
... msgstr "Открытый "
... "пакет"
... '''
>>> entries = parse_po(text)
>>> [(entry.context, entry.msgid, entry.msgstr) for entry in entries][1]
('MAYI-8', 'The discard pile', ('Открытый пакет',))
>>> entries[1].flags
('python-brace-format',)
"""

from __future__ import annotations

import ast
import struct

import attrs

from rummykit.errors import ConfigError


@attrs.frozen
class PoEntry:
    """One message of a catalog: its ``context`` (``msgctxt``, ``None`` when absent), its
    English ``msgid`` (and ``plural`` form), its translations (one per plural form, empty
    text when untranslated) and its ``flags`` (``fuzzy``, ``python-brace-format``)."""

    msgid: str
    msgstr: tuple[str, ...]
    context: str | None = None
    plural: str | None = None
    flags: tuple[str, ...] = ()
    line: int = 0

    @property
    def translated(self) -> bool:
        """Whether every form has a translation and the entry is not fuzzy."""
        return "fuzzy" not in self.flags and all(self.msgstr) and bool(self.msgstr)


_KEYWORDS = ("msgctxt", "msgid_plural", "msgid", "msgstr")


def _string(token: str, *, source: str, line: int) -> str:
    """A quoted ``.po`` string read as its text (C escapes, which Python's match)."""
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ConfigError(
            f"expected a quoted string, got {token[:40]!r}", source=f"{source}:{line}"
        )
    try:
        value = ast.literal_eval(token)
    except (SyntaxError, ValueError) as error:
        raise ConfigError(
            f"bad string {token[:40]!r}: {error}", source=f"{source}:{line}"
        ) from None
    if not isinstance(value, str):  # pragma: no cover - a quoted token is a str literal
        raise ConfigError(f"bad string {token[:40]!r}", source=f"{source}:{line}")
    return value


def parse_po(text: str, *, source: str = "<catalog>") -> list[PoEntry]:
    """The entries of a ``.po`` catalog's ``text`` (the header, ``msgid ""``, first when
    present). A line that is not ``.po`` syntax is a :class:`~rummykit.errors.ConfigError`
    naming ``source`` and the line."""
    entries: list[PoEntry] = []
    fields: dict[str, str] = {}
    flags: list[str] = []
    current: str | None = None
    start = 0

    def finish() -> None:
        nonlocal current, start
        if "msgid" in fields:
            forms = sorted(key for key in fields if key.startswith("msgstr"))
            msgstr = tuple(fields[key] for key in forms)
            entries.append(
                PoEntry(
                    msgid=fields["msgid"],
                    msgstr=msgstr,
                    context=fields.get("msgctxt"),
                    plural=fields.get("msgid_plural"),
                    flags=tuple(flags),
                    line=start,
                )
            )
        elif fields:
            raise ConfigError("an entry without msgid", source=f"{source}:{start}")
        fields.clear()
        flags.clear()
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if fields and current is not None and current.startswith("msgstr"):
                finish()
            if line.startswith("#,"):
                flags.extend(flag.strip() for flag in line[2:].split(",") if flag.strip())
            continue
        if line.startswith('"'):
            if current is None:
                raise ConfigError("a string continues no keyword", source=f"{source}:{number}")
            fields[current] += _string(line, source=source, line=number)
            continue
        keyword, _, rest = line.partition(" ")
        base = keyword.split("[", 1)[0]
        if base not in _KEYWORDS:
            raise ConfigError(f"unknown keyword {keyword[:40]!r}", source=f"{source}:{number}")
        if base in {"msgctxt", "msgid"} and current is not None and current.startswith("msgstr"):
            finish()
        if not fields:
            start = number
        if base == "msgstr" and "[" in keyword:
            index = keyword[len("msgstr[") : -1]
            if not index.isdigit() or not keyword.endswith("]"):
                raise ConfigError(f"bad plural index {keyword!r}", source=f"{source}:{number}")
            key = f"msgstr[{int(index):03d}]"
        else:
            key = base
        fields[key] = _string(rest.strip(), source=source, line=number)
        current = key
    finish()
    return entries


def header(entries: list[PoEntry]) -> dict[str, str]:
    """The catalog's header fields (``Language``, ``Plural-Forms``...), from ``msgid ""``."""
    for entry in entries:
        if entry.msgid == "" and entry.context is None:
            pairs = (line.partition(":") for line in entry.msgstr[0].splitlines() if line)
            return {key.strip(): value.strip() for key, _, value in pairs}
    return {}


def mo_bytes(entries: list[PoEntry]) -> bytes:
    """The translated entries (and the header, its charset UTF-8 as the text was read) as
    a little-endian ``.mo`` file, for :class:`gettext.GNUTranslations`."""
    pairs: dict[bytes, bytes] = {}
    fields = [f"{key}: {value}" for key, value in header(entries).items() if key != "Content-Type"]
    fields.append("Content-Type: text/plain; charset=UTF-8")  # read as UTF-8, written so
    pairs[b""] = "".join(f"{field}\n" for field in fields).encode()
    for entry in entries:
        if not entry.msgid and entry.context is None:
            continue
        if entry.msgid and not entry.translated:
            continue
        text = entry.msgid if entry.plural is None else f"{entry.msgid}\x00{entry.plural}"
        if entry.context is not None:
            text = f"{entry.context}\x04{text}"
        pairs[text.encode()] = "\x00".join(entry.msgstr).encode()
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    table_o: list[int] = []
    table_t: list[int] = []
    blob = bytearray()
    for key in keys:
        table_o += [len(key), data_at + len(blob)]
        blob += key + b"\x00"
    for value in (pairs[key] for key in keys):
        table_t += [len(value), data_at + len(blob)]
        blob += value + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    return (
        head
        + struct.pack(f"<{2 * count}I", *table_o)
        + struct.pack(f"<{2 * count}I", *table_t)
        + bytes(blob)
    )
