"""The command line in Russian and Brazilian Portuguese (``--lang``, or the environment's
locale): ``rummykit play may-i --lang ru`` and ``rummykit play posso --lang pt-BR`` show
the prompt, the refusals (with their clauses' titles) and the table in that language."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rummykit.cli.commands import main


def rummykit(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
    )


def here(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str, stdin: str = ""
) -> tuple[int, str, str]:
    """The same command run in this process (cheaper than a new Python; the tests that
    run :func:`rummykit` show the process's own environment and its output's encoding):
    its exit code, output and errors."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_may_i_in_russian() -> None:
    lines = ["help", "take", "discard AS", "1", "draw", "discard 2C", "quit"]
    done = rummykit("play", "may-i", "--lang", "ru", "--seed", "3", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert "May I? игроков: 4, зерно 3: вы — A; боты B heuristic" in out
    assert "введите help — допустимые ходы, hint — подсказка, quit — выход" in out
    assert "-- сдача 1 из 5 - норматив 2G - сдаёт B --" in out
    assert "открытый пакет: сверху 3H от C, 1 карта" in out
    assert "колода: 63 карты" in out
    assert "ваши карты (10):" in out
    assert "допустимые ходы:\n    1. ask\n    2. pass" in out
    # refusals: the clause, its title, the reason, all in Russian
    refused = "игрок A не может сейчас take (просьбы «Можно?»; можно: ask, pass)"
    assert f"! MAYI-9.3 (Просьбы): {refused}" in out
    assert "! MAYI-7.5 (Сброс): у игрока A нет 2C" in out
    # what the bots did, in Russian
    assert "D take (D берёт 3H, отказав: из пакета 1, штрафных 0)" in out
    assert "вы выходите из-за стола: игра осталась незаконченной" in out


def test_play_posso_in_brazilian_portuguese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["take", "draw", "hint", "quit"]
    words = ("play", "posso", "--lang", "pt-BR", "--seed", "5")
    code, out, err = here(capsys, monkeypatch, *words, stdin="\n".join(lines) + "\n")
    assert code == 0 and err == ""
    assert "Posso? com 4 jogadores, semente 5: você é A; robôs B heuristic" in out
    assert "digite help para as jogadas permitidas, hint para uma dica, quit para sair" in out
    assert "-- rodada 1 de 4 - jogo mínimo 1G+1R - carteador B --" in out
    assert "descarte: KS no topo, 1 carta" in out
    assert "monte: 62 cartas" in out
    assert "sua mão (10):" in out
    refused = 'o jogador A não pode take agora (pedido "Posso?"; permitidas: pass)'
    assert f"! POSSO-9.3 (Como pedir): {refused}" in out
    assert "dica: pass (o robô heurístico)" in out
    assert "você sai da mesa: o jogo fica inacabado" in out


def test_the_environments_locale_is_the_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, _ = here(capsys, monkeypatch, "play", "may-i", "--seed", "3", stdin="quit\n")
    assert code == 0
    assert "вы выходите из-за стола" in out
    english = here(
        capsys, monkeypatch, "play", "may-i", "--seed", "3", "--lang", "en", stdin="quit\n"
    )
    assert "you leave the table" in english[1]
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # no catalog: English, never an error
    assert "you leave the table" in here(capsys, monkeypatch, "play", "may-i", stdin="quit\n")[1]
    # the same from a new process's own environment (read when the command starts)
    done = rummykit("play", "may-i", "--seed", "3", stdin="quit\n", env={**env})
    assert done.returncode == 0 and "вы выходите из-за стола" in done.stdout


@pytest.mark.parametrize(
    "command", [["play", "may-i"], ["rules", "may-i"], ["demo"], ["simulate", "may-i"]]
)
def test_an_unknown_language_is_a_usage_error_naming_it(
    command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = here(capsys, monkeypatch, *command, "--lang", "xx-YY", stdin="quit\n")
    assert code == 2
    assert "no catalog for locale 'xx-YY' (available: en, pt_BR, ru)" in err
    assert "Traceback" not in err


def test_an_unknown_language_is_a_usage_error_of_the_process() -> None:
    done = rummykit("demo", "--lang", "xx-YY")
    assert done.returncode == 2 and done.stdout == ""
    assert "no catalog for locale 'xx-YY' (available: en, pt_BR, ru)" in done.stderr
    assert "Traceback" not in done.stderr


def test_rules_in_russian_name_each_clause_by_its_title(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = here(capsys, monkeypatch, "rules", "may-i", "--lang", "ru")
    assert code == 0
    assert out.startswith("May I? (may-i): параметры правил и их значения")
    assert "правило MAYI-9.8 (Покупка)" in out or "правило MAYI-9" in out
    assert "нормативы по сдачам:" in out
    assert "  сдача 1: 2G, 10 карт" in out
    # --json stays the same data, whatever the language
    data = json.loads(here(capsys, monkeypatch, "rules", "may-i", "--lang", "ru", "--json")[1])
    assert data == json.loads(here(capsys, monkeypatch, "rules", "may-i", "--json")[1])


def test_replay_demo_and_simulate_speak_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "game.json"
    words = ("play", "posso", "--seed", "3", "--record", str(record))
    code, _, err = here(capsys, monkeypatch, *words, stdin="1\n1\nquit\n")
    assert code == 0, err
    replay = here(capsys, monkeypatch, "replay", str(record), "--lang", "pt-BR")[1]
    assert "semente 3; a mesa inteira" in replay
    assert "rodada 1:" in replay and "inacabado; pontos até agora:" in replay
    demo = here(capsys, monkeypatch, "demo", "--game", "may-i", "--seed", "2", "--lang", "ru")[1]
    assert "May I?, боты heuristic (4), зерно 2" in demo
    assert "Сдача 1: норматив 2G" in demo and "Итоги: " in demo and "Победитель: " in demo
    summary = here(capsys, monkeypatch, "simulate", "may-i", "-n", "2", "--lang", "pt-BR")[1]
    assert summary.startswith("2 partidas de may-i (4 jogadores: ")


@pytest.mark.parametrize("locale", ["pt-BR", "ru"])
def test_the_options_of_rummy_and_the_gallery_are_described_in_each_language(locale: str) -> None:
    """``rummykit rules rummy`` and ``rules`` of each gallery variant: every option the
    library declares is described in the language (a description none of the catalogs
    has stays English: a user's variant file adds its own catalog, see the how-to)."""
    from rummykit import game
    from rummykit.cli.language import Words
    from rummykit.cli.rules import describe_rules
    from rummykit.variants import load_variant

    words = Words(locale)
    gallery = sorted((Path(__file__).resolve().parents[1] / "examples" / "gallery").glob("*.toml"))
    definitions = [game("rummy"), *(load_variant(path).game() for path in gallery)]
    for definition in definitions:
        for option in describe_rules(definition)["options"]:
            if option["doc"]:
                assert words.option(option["doc"]) != option["doc"], (definition, option["name"])


def test_a_variant_files_own_catalog_beside_it_translates_its_title(tmp_path: Path) -> None:
    """A ``locale`` folder beside a variant file holds the variant's own words (domain:
    its name): ``rummykit rules FILE.toml --lang ru`` says its title from there."""
    gallery = Path(__file__).resolve().parents[1] / "examples" / "gallery"
    variant = tmp_path / "shanghai.toml"
    variant.write_text((gallery / "shanghai.toml").read_text(encoding="utf-8"), encoding="utf-8")
    folder = tmp_path / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "shanghai.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgctxt "title"\nmsgid "Shanghai rummy"\nmsgstr "Шанхайский рамми"\n',
        encoding="utf-8",
    )
    done = rummykit("rules", str(variant), "--lang", "ru")
    assert done.returncode == 0, done.stderr
    assert "Шанхайский рамми (shanghai): параметры правил и их значения" in done.stdout
