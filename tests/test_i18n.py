"""The catalogs (every message translated in pt_BR and ru, placeholders kept), the reader,
locale negotiation and a user's own catalog."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from rummykit.errors import ConfigError
from rummykit.i18n import (
    add_catalog,
    available_locales,
    choose_locale,
    translate,
    translate_plural,
)
from rummykit.i18n.catalogs import (
    CATALOG_DIR,
    DOMAIN,
    environment_locale,
    forget_catalog,
    read_catalog,
    resolve_locale,
)
from rummykit.i18n.clauses import CLAUSE_TITLES, clause_title
from rummykit.i18n.locales import UnknownLocaleError, normalize_locale
from rummykit.i18n.po import PoEntry, mo_bytes, parse_po
from rummykit.i18n.web import table_words

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = CATALOG_DIR / "rummykit.pot"
LOCALES = ("pt_BR", "ru")


def _key(entry: PoEntry) -> tuple[str | None, str]:
    return (entry.context, entry.msgid)


def _template() -> dict[tuple[str | None, str], PoEntry]:
    return {_key(entry): entry for entry in read_catalog(TEMPLATE) if entry.msgid}


def _catalog(locale: str) -> dict[tuple[str | None, str], PoEntry]:
    path = CATALOG_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    return {_key(entry): entry for entry in read_catalog(path) if entry.msgid}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_shipped_locales() -> None:
    assert available_locales() == ("en", "pt_BR", "ru")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_id_has_a_translation(locale: str) -> None:
    template = _template()
    catalog = _catalog(locale)
    missing = [
        key
        for key in template
        if key[0] != "option" and (key not in catalog or not catalog[key].translated)
    ]
    assert not missing, f"{locale} lacks {len(missing)} translations: {missing[:10]}"
    stale = [key for key in catalog if key not in template]
    assert not stale, f"{locale} has entries the template no longer has: {stale[:10]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_translations_keep_the_placeholders(locale: str) -> None:
    template = _template()
    for key, entry in _catalog(locale).items():
        source = template[key]
        wanted = _fields(source.msgid) | (_fields(source.plural) if source.plural else set())
        for form in entry.msgstr:
            assert _fields(form) == wanted, (locale, key, form)


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_entries_have_every_form_of_the_language(locale: str) -> None:
    forms = {"pt_BR": 2, "ru": 3}[locale]
    plurals = [entry for entry in _catalog(locale).values() if entry.plural]
    assert plurals
    assert all(len(entry.msgstr) == forms for entry in plurals)


def test_the_template_holds_every_marked_text_and_every_message_code() -> None:
    """The committed template is what ``python -m rummykit.i18n.extract`` makes of the
    source and the message codes now (a text marked or a code added but not extracted
    would go untranslated without a failing test)."""
    pytest.importorskip("babel")
    from rummykit.i18n.extract import code_messages, source_messages

    found = {
        (context, msgid[0] if isinstance(msgid, tuple) else msgid)
        for context, msgid in source_messages()
    }
    found |= {(code, template) for code, template, _ in code_messages()}
    assert found == {key for key in _template() if key[0] != "option"}


def test_every_shipped_option_is_described_in_both_languages() -> None:
    """The shipped games' options as the template lists them are translated (an option
    added since shows its English description until the catalogs are brought up to date,
    so this test does not fail on it)."""
    listed = [key for key in _template() if key[0] == "option"]
    assert len(listed) > 100
    for locale in LOCALES:
        catalog = _catalog(locale)
        assert all(catalog[key].translated for key in listed), locale


def test_every_clause_title_is_a_heading_of_the_rules_reference() -> None:
    titles: dict[str, str] = {}
    for name in ("may-i", "posso", "possession"):
        for line in (ROOT / "docs" / "rules" / f"{name}.md").read_text().splitlines():
            head = re.match(r"^## ((?:MAYI|POSSO|PSSN)-\d+) (.+)$", line)
            bold = re.match(r"^\*\*((?:MAYI|POSSO|PSSN)-[0-9.a-z]+) ([^*]+?)[.:]?\*\*", line)
            for found in (head, bold):
                if found:
                    titles[found.group(1)] = found.group(2)
    assert titles == CLAUSE_TITLES


def test_clause_titles_follow_each_games_seed_words() -> None:
    assert clause_title("MAYI-8", locale="ru") == "Открытый пакет"
    assert clause_title("MAYI-10.3", locale="ru") == "Секвенция"
    assert clause_title("MAYI-10.2", locale="ru") == "Комплект"
    assert clause_title("POSSO-15", locale="pt-BR") == "Bater"
    assert clause_title("POSSO-16", locale="pt-BR") == "Quando o monte acaba"
    assert clause_title("MAYI-9.7b", locale="ru") == "Итог"  # the nearest titled clause
    assert clause_title("NOPE-1", locale="ru") is None


def test_translate_fills_placeholders_in_each_language() -> None:
    assert translate("deal {deal} of {count}", deal=1, count=5) == "deal 1 of 5"
    assert translate("deal {deal} of {count}", locale="ru", deal=1, count=5) == "сдача 1 из 5"
    assert translate("stock: {size}", locale="pt_BR", size="3") == "monte: 3"
    assert translate("a text no catalog has", locale="ru") == "a text no catalog has"


def test_russian_has_three_plural_forms() -> None:
    forms = [translate_plural("{count} card", "{count} cards", n, locale="ru") for n in range(6)]
    assert forms == ["0 карт", "1 карта", "2 карты", "3 карты", "4 карты", "5 карт"]
    assert translate_plural("{count} card", "{count} cards", 21, locale="ru") == "21 карта"
    assert translate_plural("{count} card", "{count} cards", 1) == "1 card"


@pytest.mark.parametrize(
    ("asked", "locale"),
    [
        ("pt-BR", "pt_BR"),
        ("pt_BR", "pt_BR"),
        ("pt_br", "pt_BR"),
        ("pt", "pt_BR"),
        ("ru", "ru"),
        ("ru-RU", "ru"),
        ("ru_RU.UTF-8", "ru"),
        ("en", "en"),
        ("en_GB", "en"),
        (None, "en"),
    ],
)
def test_locale_names_are_read_in_every_spelling(asked: str | None, locale: str) -> None:
    assert resolve_locale(asked) == locale


@pytest.mark.parametrize("asked", ["de", "klingon", "", "pt-BR-x", "../ru"])
def test_an_unknown_locale_is_a_typed_error_naming_it(asked: str) -> None:
    with pytest.raises(UnknownLocaleError) as caught:
        translate("none", locale=asked)
    assert caught.value.locale == asked
    assert caught.value.available == ("en", "pt_BR", "ru")
    assert repr(asked) in str(caught.value)
    assert isinstance(caught.value, ConfigError)


@pytest.mark.parametrize(
    ("environ", "locale"),
    [
        ({}, "en"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "pt_BR.UTF-8"}, "pt_BR"),
        ({"LANG": "ru_RU.UTF-8", "LC_ALL": "pt_BR"}, "pt_BR"),
        ({"LC_ALL": "ru_RU", "LANGUAGE": "pt_BR:en"}, "pt_BR"),
        ({"LANGUAGE": "de:ru"}, "ru"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # the environment never makes a command fail
        ({"LANG": "gibberish"}, "en"),
    ],
)
def test_the_environment_chooses_the_locale(environ: dict[str, str], locale: str) -> None:
    assert environment_locale(environ) == locale


def test_an_explicit_language_wins_over_the_environment() -> None:
    assert choose_locale("ru", {"LANG": "pt_BR.UTF-8"}) == "ru"
    assert choose_locale(None, {"LANG": "pt_BR.UTF-8"}) == "pt_BR"
    with pytest.raises(UnknownLocaleError):
        choose_locale("de", {"LANG": "pt_BR.UTF-8"})


def test_normalize_locale() -> None:
    assert normalize_locale(" PT-br ") == "pt_BR"
    assert normalize_locale("sr_RS@latin") == "sr_RS"
    assert normalize_locale("???") == "???"


def test_the_reader_reads_what_gettext_writes() -> None:
    text = r"""
msgid ""
msgstr ""
"Language: ru\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
"n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

# a comment
#. an extracted comment
#, fuzzy
msgid "fuzzy one"
msgstr "нечётко"

msgctxt "MAYI-8"
msgid "The \"discard\" pile"
msgstr "Открытый "
"пакет\t«x»"

msgid "untranslated"
msgstr ""
"""
    entries = parse_po(text)
    msgids = ["", "fuzzy one", 'The "discard" pile', "untranslated"]
    assert [entry.msgid for entry in entries] == msgids
    assert entries[2].msgstr == ("Открытый пакет\t«x»",)
    assert entries[2].context == "MAYI-8"
    assert not entries[1].translated
    assert not entries[3].translated
    import gettext
    import io

    found = gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))
    assert found.pgettext("MAYI-8", 'The "discard" pile') == "Открытый пакет\t«x»"
    assert found.gettext("fuzzy one") == "fuzzy one"  # fuzzy entries are not used
    assert found.gettext("untranslated") == "untranslated"


@pytest.mark.parametrize(
    "text",
    ['msgid "a"\nmsgstr b', 'what "a"', '"floating"', 'msgid "a"\nmsgstr[x] "b"', 'msgid "a\n'],
)
def test_a_broken_catalog_is_a_config_error_naming_the_line(text: str) -> None:
    with pytest.raises(ConfigError, match=r"broken\.po:\d"):
        parse_po(text, source="broken.po")


def test_table_words_exist_in_every_language() -> None:
    english = table_words()
    assert all(key == value for key, value in english.items())
    for locale in LOCALES:
        words = table_words(locale)
        assert words.keys() == english.keys()
        assert all(words[key] != key for key in words if key.strip("{}")), locale


def test_a_users_game_adds_its_own_catalog(tmp_path: Path) -> None:
    folder = tmp_path / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "mygame.po").write_text(
        'msgid ""\nmsgstr "Language: ru\\n"\n\n'
        'msgid "{seat} shouts Bingo"\nmsgstr "{seat} кричит «Бинго»"\n',
        encoding="utf-8",
    )
    assert translate("{seat} shouts Bingo", locale="ru", seat="B") == "B shouts Bingo"
    add_catalog(tmp_path / "locale", domain="mygame")
    try:
        assert translate("{seat} shouts Bingo", locale="ru", seat="B") == "B кричит «Бинго»"
        assert translate("deal {deal}", locale="ru", deal=2) == "сдача 2"  # ours still first
        assert translate("{seat} shouts Bingo", locale="pt-BR", seat="B") == "B shouts Bingo"
    finally:
        forget_catalog(tmp_path / "locale", domain="mygame")
    assert translate("{seat} shouts Bingo", locale="ru", seat="B") == "B shouts Bingo"


def test_a_missing_catalog_folder_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such catalog folder"):
        add_catalog(tmp_path / "nowhere", domain="mygame")
    with pytest.raises(ConfigError, match="plain name"):
        add_catalog(tmp_path, domain="../x")


def _sample(spec: str) -> object:
    """A parameter value that a template's field with format ``spec`` takes."""
    if spec == "seat":
        return 1
    if spec.startswith("n("):
        return 2
    if spec in {"list", "or", "and", "melds"}:
        return ["x", "y"]
    if spec == "hands":
        return [["AS"], []]
    if spec == "nets":
        return [3, -2]
    return 2  # a count, a number or anything shown as text


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_code_is_said_in_the_language(locale: str) -> None:
    """Each code's translated template fills from the parameters its English template
    takes (a translation that does not fit would fall back to English)."""
    from rummykit import Message
    from rummykit.i18n import message_text
    from rummykit.messages import CATALOG

    catalog = _catalog(locale)
    shipped = {context for context, _ in _template() if context in CATALOG}
    for code, entry in CATALOG.items():
        if code not in shipped:  # a code an example's game registered in this process
            continue
        fields = string.Formatter().parse(entry.template)
        params = {name: _sample(spec or "") for _, name, spec, _ in fields if name}
        message = Message(code, params)
        said = message_text(message, locale=locale)
        if catalog[(code, entry.template)].msgstr[0] != entry.template:
            assert said != message.text(), (locale, code)


def test_counts_take_each_languages_plural_forms() -> None:
    from rummykit import parse_cards
    from rummykit.i18n import message_text
    from rummykit.kit.effects import Drew

    texts = [
        message_text(Drew(seat=1, cards=parse_cards("7H " * n)).seen_by(0).message, locale="ru")
        for n in (1, 2, 5)
    ]
    assert texts == [
        "B берёт из колоды 1 карту",
        "B берёт из колоды 2 карты",
        "B берёт из колоды 5 карт",
    ]
    drew = Drew(seat=0, cards=parse_cards("7H 8H")).seen_by(0).message
    assert message_text(drew, locale="pt-BR") == "A compra 2 cartas (7H 8H)"


def test_a_refusal_is_said_in_each_language_and_str_stays_english() -> None:
    from rummykit import IllegalActionError, game
    from rummykit.i18n.render import refusal_text

    match = game("may-i").new_match(players=4, seed=3)
    with pytest.raises(IllegalActionError) as caught:
        match.apply("discard AS")
    error = caught.value
    english = str(error)
    assert refusal_text(error) == english
    russian = refusal_text(error, locale="ru")
    portuguese = refusal_text(error, locale="pt-BR")
    assert russian != english != portuguese
    assert russian.startswith(f"{error.rule}: ") and "игрок" in russian
    assert portuguese.startswith(f"{error.rule}: ") and "jogador" in portuguese
    assert str(error) == english  # made again, still English


def test_the_plugin_example_adds_its_catalog_and_clause_titles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """examples/plugin_game: Sprint rummy's own texts (clause titles, options' descriptions),
    added on import; its refusals use rummykit's codes, said by rummykit's catalogs."""
    from rummykit import IllegalActionError
    from rummykit.cli.rules import describe_rules, rules_text

    monkeypatch.syspath_prepend(str(ROOT / "examples" / "plugin_game" / "src"))
    sprint = pytest.importorskip("rummykit_sprint")
    assert clause_title("SPRINT-3", locale="ru") == "Сброс и окончание"
    assert clause_title("SPRINT-6", locale="pt-BR") == "O fim da partida"
    text = "\n".join(rules_text(describe_rules(sprint.Sprint()), locale="ru"))
    assert "правило SPRINT-6 (Конец партии)" in text
    assert "SPRINT-6: очки, на которых партия кончается." in text
    match = sprint.Sprint().new_match(players=2, seed=1)
    match.apply("take")
    top = match.events[-1].effects[0].cards[0]
    with pytest.raises(IllegalActionError) as caught:
        match.apply(f"discard {top}", seat=match.to_act)
    error = caught.value
    assert error.text(locale="ru").startswith("SPRINT-3: игрок ")
    assert error.text(locale="pt-BR").startswith("SPRINT-3: o jogador ")
    assert str(error).startswith("SPRINT-3: player ")


TRIES = [
    "draw",
    "take",
    "take 2",
    "discard AS",
    "ask",
    "pass",
    "allow",
    "refuse",
    "down 2G",
    "layoff 0 AS",
    "claim",
    "done",
    "next",
    "play AS",
    "correct 0 AS",
    "exchange 0 AS",
]


@pytest.mark.parametrize("name", ["may-i", "posso", "possession"])
def test_refusals_and_effects_round_trip_through_their_json_in_every_language(
    name: str,
) -> None:
    """A client holding only ``to_dict()`` says a refusal or an effect in each language
    exactly as the library does (and in English as ``str()`` does)."""
    import random

    from rummykit import IllegalActionError, Message, RummyError, game
    from rummykit.agents import decide, make_agent
    from rummykit.i18n import message_text

    match = game(name).new_match(players=3 if name != "possession" else 2, seed=11)
    bot, rng = make_agent("heuristic", match.definition), random.Random(11)
    refusals: list[IllegalActionError] = []
    while not match.is_over and len(match.events) < 150:
        if match.to_act is not None:
            for text in TRIES:
                try:
                    match.verify(text)
                except IllegalActionError as refused:
                    refusals.append(refused)
                except RummyError:  # text that is no action of this game
                    pass
        seat = match.to_act
        action = match.legal_actions()[0] if seat is None else decide(bot, match, seat, rng)
        match.apply(action)
    effects = [effect for event in match.events for effect in event.effects]
    assert len(refusals) > 20 and len(effects) > 20
    for error in refusals:
        data = error.to_dict()
        again = Message.from_dict(data)
        assert again.text() == data["reason"]
        for locale in LOCALES:
            assert message_text(again, locale=locale) == message_text(error.message, locale=locale)
    for effect in effects:
        data = effect.to_dict()
        again = Message.from_dict(data)
        assert again.text() == data["text"]
        for locale in LOCALES:
            assert message_text(again, locale=locale) == effect.describe(locale=locale)


def test_a_deal_strip_speaks_the_language() -> None:
    from rummykit import game
    from rummykit.svg import deal_strip

    match = game("may-i").new_match(players=3, seed=1)
    for _ in range(30):
        match.apply(match.legal_actions()[0])
    russian = str(deal_strip(match, seat=0, locale="ru"))
    assert "may-i · сдача 1" in russian and "штрафную карту" in russian
    english = str(deal_strip(match, seat=0))
    assert "may-i · deal 1" in english and "penalty card" in english
