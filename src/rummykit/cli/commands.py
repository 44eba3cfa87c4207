"""The ``rummykit`` command: subcommands over the library, ``--json`` for machines.

Exit codes: 0 for success or a positive verdict, 1 for a negative verdict (not a meld,
contract not met), 2 for a usage or input error, reported as one line on stderr.

A command imports and loads only what it uses: the bots, the solver and the games
(whose player counts and meld rules the help texts and choices name) are imported in the
commands that need them, and only the command given gets its arguments, so ``rummykit
--help`` or ``rummykit cards`` loads no game and no bot.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import attrs

from rummykit import __version__, compiled
from rummykit.cards import format_cards, parse_cards
from rummykit.cli.facts import Facts
from rummykit.cli.language import add_lang_option, words_for
from rummykit.cli.screen import progress_bar
from rummykit.cli.setup import (
    UsageError,
    bots_label,
    build_game,
    check_players,
    make_bots,
    match_schedule,
    parse_bot_options,
    seat_bots,
    seated_bots,
)
from rummykit.cli.words import games_epilog, out_of_turn, take_line
from rummykit.contracts import Contract
from rummykit.errors import InvalidMeldError, RummyError, shorten
from rummykit.i18n.phases import word
from rummykit.kit.codec import to_json
from rummykit.kit.definition import GameDefinition
from rummykit.kit.registry import names as registered_games
from rummykit.melds import Meld, MeldRules
from rummykit.scoring import FACE_VALUES, CardValues

EXIT_OK = 0
EXIT_NEGATIVE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, never a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if args.json:
        print(json.dumps(data, ensure_ascii=False, sort_keys=True))
    else:
        print(text)


def _cmd_cards(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    text = format_cards(cards, unicode=args.unicode)
    _emit(args, {"cards": to_json(cards), "count": len(cards)}, text)
    return EXIT_OK


def _meld_json(meld: Meld) -> dict[str, Any]:
    """The meld as the codec writes it, with its notation and what its jokers stand for."""
    return {
        **to_json(meld),
        "notation": meld.notation,
        "stands_for": {str(index): role for index, role in meld.stand_ins().items()},
    }


def _game_rules(name: str, options: Sequence[str] | None) -> tuple[MeldRules, str | None]:
    """A registered game's meld rules under its options (``--option``; the defaults
    without), and the clause that refuses jokers; else a preset's."""
    from rummykit.presets import game_preset

    if name in registered_games():
        definition = build_game(name, options)
        rules = definition.meld_rules()
        if rules is not None:
            return rules, definition.clauses.get("jokers")
    if options:
        raise _UsageError(f"--option needs a registered game; {name} is a rules preset")
    return game_preset(name).meld_rules, None


def _cmd_check(args: argparse.Namespace) -> int:
    rules, joker_clause = _game_rules(args.game, args.option)
    text = " ".join(args.cards)
    if not text.strip():
        raise _UsageError("no cards given")
    try:
        meld = Meld.parse(text, rules)
    except InvalidMeldError as error:
        reason = error.reason
        if joker_clause and not rules.jokers_allowed and "wild cards are not allowed" in reason:
            reason = f"{joker_clause}: {reason} (the game's default rules have no jokers)"
        _emit(args, {"meld": False, "reason": reason}, f"not a meld: {reason}")
        return EXIT_NEGATIVE
    jokers = ", ".join(
        f"{meld.cards[index].notation} stands for {role}"
        for index, role in meld.stand_ins().items()
    )
    summary = f"{meld.kind.value}: {meld.notation}" + (f" ({jokers})" if jokers else "")
    _emit(args, {"meld": True, **_meld_json(meld)}, summary)
    return EXIT_OK


def _cmd_solve(args: argparse.Namespace) -> int:
    from rummykit.presets import GAME_PRESETS, game_preset

    meld_rules, _ = _game_rules(args.game, args.option)
    if not " ".join(args.hand).strip():
        raise _UsageError("no cards given")
    hand = parse_cards(" ".join(args.hand))
    if args.game in GAME_PRESETS and not args.option:
        preset = game_preset(args.game)
        contract = Contract.parse(args.contract, like=preset.contract_conventions)
        values: CardValues = preset.card_values
    else:  # a registered game under its options: its card values
        definition = build_game(args.game, args.option)
        like = game_preset(args.game).contract_conventions if args.game in GAME_PRESETS else None
        contract = Contract.parse(args.contract, like=like)
        values = definition.card_values() or FACE_VALUES  # a game without card values
    from rummykit.solver import best_arrangement

    result = best_arrangement(hand, contract, meld_rules, values=values)
    if result is None:
        _emit(
            args,
            {"met": False, "contract": contract.notation},
            f"contract {contract.notation} cannot be met",
        )
        return EXIT_NEGATIVE
    lines = [f"contract {contract.notation} met:"]
    lines += [f"  {meld.kind.value}: {meld.notation}" for meld in result.melds]
    lines.append(f"  left in hand: {format_cards(result.left) or '-'} ({result.left_value} points)")
    data = {
        "met": True,
        "contract": contract.notation,
        "melds": [_meld_json(meld) for meld in result.melds],
        "left": to_json(result.left),
        "left_value": result.left_value,
    }
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


def _house_rules(sub: _Parser, *, schedule: bool = True) -> None:
    sub.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a rules option (repeatable); values read as JSON: true, 3, null, [2], else text",
    )
    if schedule:
        sub.add_argument("--schedule", metavar="FILE.toml", help="a contract schedule file")


def _bot_options(sub: _Parser) -> None:
    sub.add_argument(
        "--bot-option",
        action="append",
        metavar="BOT.NAME=VALUE",
        help="a bot's option (repeatable), e.g. search.simulations=16",
    )


def _options_lines(bot_options: dict[str, dict[str, Any]]) -> list[str]:
    return [
        f"  {bot} options: " + ", ".join(f"{name}={value!r}" for name, value in chosen.items())
        for bot, chosen in bot_options.items()
    ]


def _definition(args: argparse.Namespace) -> GameDefinition[Any, Any]:
    return build_game(args.game, args.option, getattr(args, "schedule", None))


def _cmd_demo(args: argparse.Namespace) -> int:
    from rummykit.engine.effects import LaidDown
    from rummykit.kit.effects import DealEnded, WentOut
    from rummykit.simulate import play

    tr = words_for(args)
    definition = _definition(args)
    players, bots = seated_bots(args, definition)
    match = definition.new_match(players=players, seed=args.seed)
    bot_options = parse_bot_options(args.bot_option)
    agents = make_bots(bots, definition, options=bot_options)
    play(match, agents, rng=random.Random(args.seed))
    names = "ABCDEFGH"
    deals: dict[int, list[str]] = {}
    for event in match.events:
        lines = deals.setdefault(event.deal, [])
        for effect in event.effects:
            if isinstance(effect, LaidDown):
                melds = " / ".join(str(meld) for meld in effect.melds)
                lines.append(
                    "  " + tr("{seat} goes down: {melds}", seat=names[effect.seat], melds=melds)
                )
            elif isinstance(effect, WentOut):
                how = word("how", effect.how.value, locale=tr.locale)
                lines.append(
                    "  " + tr("{seat} goes out by {how}", seat=names[effect.seat], how=how)
                )
            elif (take := take_line(definition, effect, locale=tr.locale)) is not None:
                lines.append(f"  {take}")
            elif isinstance(effect, DealEnded) and effect.dead:
                lines.append("  " + tr("dead deal") + f" ({effect.reason.value.replace('_', ' ')})")
    data: dict[str, Any] = {
        "game": definition.name,
        "bots": bots_label(bots, definition),
        "bot_options": bot_options,
        "deals": [],
        "scores": list(match.scores),
    }
    title = definition.title or definition.name
    text = [
        tr(
            "{title} with {players} {bots} bots, seed {seed}",
            title=title,
            players=players,
            bots=bots_label(bots, definition),
            seed=args.seed,
        ),
        *_options_lines(bot_options),
    ]
    schedule = match_schedule(match)
    if getattr(getattr(match, "options", None), "per_player_contracts", False):
        schedule = None  # each seat on its own contract: no deal has one
    for number, scores in enumerate(match.deal_scores, start=1):
        listed = schedule is not None and number <= len(schedule)
        contract = schedule[number].contract if schedule is not None and listed else None
        nets = " ".join(f"{names[s]} {score.net:+d}" for s, score in enumerate(scores))
        head = tr("Deal {deal}", deal=number)
        text.append(
            head + (": " + tr("contract {contract}", contract=contract) if contract else "")
        )
        text += deals.get(number, [])
        text.append("  " + tr("scores: {scores}", scores=nets))
        data["deals"].append(
            {
                "contract": None if contract is None else contract.notation,
                "scores": [score.net for score in scores],
            }
        )
    outcome = match.outcome
    assert outcome is not None
    nets = match.net_totals  # the sign of the deals' lines in every game (Possession too)
    standings = ", ".join(f"{names[s]} {nets[s]:+d}" for s, _ in outcome.standings)
    text.append(tr("Standings: {standings}", standings=standings))
    text.append(tr("Winner: {seats}", seats=tr(" and ").join(names[s] for s in outcome.winners)))
    data["winners"] = list(outcome.winners)
    data["decisions"] = len(match.events)
    _emit(args, data, "\n".join(text))
    return EXIT_OK


def _cmd_play(args: argparse.Namespace) -> int:
    from rummykit.cli.play import Session, record_problem, save_record
    from rummykit.cli.screen import Screen

    tr = words_for(args)
    definition = _definition(args)
    players = check_players(definition, args.players)
    if not 0 <= args.seat < players:
        raise _UsageError(f"--seat is 0 to {players - 1} with {players} players, got {args.seat}")
    bots = seat_bots(args.bots, players - 1)
    screen = Screen(plain=True if args.plain else None)
    if args.record and (problem := record_problem(args.record)):
        raise _UsageError(f"--record {args.record}: {problem}")
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    session = Session(
        definition,
        players=players,
        seat=args.seat,
        bots=bots,
        bot_options=parse_bot_options(args.bot_option),
        seed=seed,
        screen=screen,
        echo=not sys.stdin.isatty(),
        locale=tr.locale,
    )
    session.run()
    if args.record:
        seats = ["you" if s == args.seat else session.bot_names[s] for s in range(players)]
        problem = save_record(session.match, args.record, seats)
        if problem:
            print(f"rummykit: error: record not saved: {problem}", file=sys.stderr)
            return EXIT_USAGE
        screen.line(tr("record saved to {path}", path=args.record))
    return EXIT_INTERRUPTED if session.interrupted else EXIT_OK


def _cmd_replay(args: argparse.Namespace) -> int:
    from rummykit.cli.replay import load_record, replay_data, replay_lines
    from rummykit.cli.seat_log import SeatLog, seat_log_data, seat_log_lines

    locale = words_for(args).locale
    loaded = load_record(args.record)
    if isinstance(loaded, SeatLog):
        if args.seat is not None and args.seat != loaded.seat:
            whose = "a spectator's" if loaded.seat is None else f"seat {loaded.seat}'s"
            raise _UsageError(
                f"{args.record} is {whose} record (records.for_seat): it holds only what "
                f"that seat may know, so it cannot show seat {args.seat}'s view; replay the "
                "full record (records.to_record) for that"
            )
        if args.json:
            print(json.dumps(seat_log_data(loaded), ensure_ascii=False))
        else:
            print("\n".join(seat_log_lines(loaded)))
        return EXIT_OK
    match, seats = loaded
    if args.seat is not None and not 0 <= args.seat < match.players:
        raise _UsageError(f"--seat is 0 to {match.players - 1}, got {args.seat}")
    if args.json:
        print(json.dumps(replay_data(match, seats, args.seat), ensure_ascii=False))
    else:
        print("\n".join(replay_lines(match, seats, args.seat, locale=locale)))
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace) -> int:
    from rummykit.cli.rules import describe_rules, rules_text

    definition = _definition(args)
    data = describe_rules(definition, players=check_players(definition, args.players))
    _emit(args, data, "\n".join(rules_text(data, locale=words_for(args).locale)))
    return EXIT_OK


def _cmd_simulate(args: argparse.Namespace) -> int:
    from concurrent.futures import Executor, ProcessPoolExecutor

    from rummykit.agents.factory import heuristic_fallback
    from rummykit.simulate import MAX_MATCHES, simulate

    tr = words_for(args)
    definition = _definition(args)
    players, bots = seated_bots(args, definition)
    bot_options = parse_bot_options(args.bot_option)
    agents = make_bots(bots, definition, options=bot_options)
    if args.jobs < 1:
        raise _UsageError(f"--jobs must be at least 1, got {args.jobs}")
    if not 0 <= args.n <= MAX_MATCHES:
        raise _UsageError(f"-n must be from 0 to {MAX_MATCHES:,}, got {shorten(str(args.n))}")
    executor: Executor | None = None
    client: Any = None
    if args.dask is not None:
        try:
            from distributed import Client
        except ImportError:
            raise _UsageError(
                "--dask needs the distributed extra (dask[distributed]): "
                'python -m pip install ".[distributed]" in a checkout of rummykit'
            ) from None
        if args.dask == "local":
            client = Client(n_workers=args.jobs, threads_per_worker=1)  # type: ignore[no-untyped-call]
        else:
            try:
                client = Client(args.dask)  # type: ignore[no-untyped-call]
            except (ValueError, OSError) as error:  # a bad address, or nobody there
                raise _UsageError(
                    f"--dask {args.dask}: no Dask scheduler there ({error})"
                ) from None
        executor = client.get_executor()
    elif args.jobs > 1:
        executor = ProcessPoolExecutor(max_workers=args.jobs)
    try:
        with progress_bar(f"{args.game}", args.n, enabled=not args.json) as progress:
            summary = simulate(
                definition,
                agents,
                matches=args.n,
                seed=args.seed,
                executor=executor,
                progress=progress,
            )
    finally:
        if isinstance(executor, ProcessPoolExecutor):
            executor.shutdown()
        if client is not None:
            client.close()
    summary = attrs.evolve(summary, agents=tuple(bots))  # the bots' names, not their classes
    names = "ABCDEFGH"
    seats = [
        f"  {names[s]} {bot:<10} wins {w:g} ({share:.1%}, 95% {low:.1%}-{high:.1%}), "
        f"score {mean:+.1f} sd {sd:.1f}"
        for s, (bot, w, share, (low, high), mean, sd) in enumerate(
            zip(
                bots,
                summary.wins,
                summary.win_share,
                summary.win_interval,
                summary.mean_scores,
                summary.score_sd,
                strict=True,
            )
        )
    ]
    ends = ", ".join(f"{reason} {count}" for reason, count in summary.deal_ends.items())
    text = [
        tr(
            "{matches} matches of {game} ({players} players: {bots}), seed {seed}",
            matches=summary.matches,
            game=definition.name,
            players=players,
            bots=bots_label(bots, definition),  # a greedy fallback says so, once
            seed=args.seed,
        ),
        *_options_lines(bot_options),
        *seats,
        tr("deals {count} ({ends})", count=summary.deals, ends=ends or tr("none")),
        _takes_line(summary, out_of_turn(definition)),
    ]
    fallback = heuristic_fallback(definition) if "heuristic" in bots else None
    extra = {} if fallback is None else {"heuristic_fallback": fallback}
    _emit(args, {**summary.as_dict(), "bot_options": bot_options, **extra}, "\n".join(text))
    return EXIT_OK


def _takes_line(summary: Any, takes: tuple[str, ...]) -> str:
    """The summary's out-of-turn takes the game has (none, claims, or buys and claims)
    and its decisions."""
    counts = {
        "buys": f"buys {summary.buys} ({summary.buys_per_match:.2f} per match)",
        "claims": f"claims {summary.claims}",
    }
    words = [counts[take] for take in takes]
    return ", ".join([*words, f"decisions {summary.decisions_per_match:.0f} per match"])


def _parser(argv: Sequence[str] | None = None) -> _Parser:
    """The command's parser: every command, and the arguments of the one ``argv`` (else
    the process's arguments) names (the top help lists the commands, not their arguments)."""
    given = list(sys.argv[1:] if argv is None else argv)
    named = next((word for word in given if not word.startswith("-")), None)
    facts = Facts()
    parser = _Parser(prog="rummykit", description="Rummy rules from the command line.")
    build = "compiled" if compiled else "pure Python"
    parser.add_argument("--version", action="version", version=f"rummykit {__version__} ({build})")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def add(
        name: str, handler: Callable[[argparse.Namespace], int], help: str, *, json: bool = True
    ) -> _Parser:
        sub: _Parser = commands.add_parser(name, help=help, description=help)
        if json:  # an interactive command has no machine-readable output to offer
            sub.add_argument("--json", action="store_true", help="machine-readable output")
        sub.set_defaults(handler=handler, json=False)
        return sub

    cards = add("cards", _cmd_cards, "read cards in notation and print them back")
    if named == "cards":
        cards.add_argument("cards", nargs="+", help="cards, e.g. AS 10H JK")
        cards.add_argument("--unicode", action="store_true", help="print A♠ 10♥ 🃏")

    check = add("check", _cmd_check, "say whether cards form a meld under a game's rules")
    if named == "check":
        check.add_argument(
            "cards", nargs="+", help="the meld, e.g. 9C 10C JK QC or 9C 10C JK(JC) QC"
        )
        check.add_argument("--game", default="may-i", choices=facts.melding, help="rules preset")
        _house_rules(check, schedule=False)

    demo = add("demo", _cmd_demo, "play a full match between bots and show it")
    if named == "demo":
        demo.add_argument("--game", default="may-i", help=facts.games_help)
        demo.add_argument("--players", type=int, default=None, help=f"players ({facts.ranges})")
        demo.add_argument("--seed", type=int, default=7)
        demo.add_argument("--bots", default="heuristic", help=facts.bots_help)
        _bot_options(demo)
        _house_rules(demo)
        add_lang_option(demo)

    play = add("play", _cmd_play, "play a game in the terminal against bots", json=False)
    if named == "play":
        play.epilog = games_epilog(facts.usable)
        play.add_argument("game", help=facts.games_help)
        play.add_argument("--players", type=int, default=None, help=f"players ({facts.ranges})")
        play.add_argument("--seat", type=int, default=0, help="your seat (0 is A)")
        play.add_argument("--bots", default="heuristic", help=facts.bots_help)
        play.add_argument(
            "--seed", type=int, default=None, help="the deal's seed (default: random)"
        )
        play.add_argument("--record", metavar="FILE", help="save the match as a JSON record")
        play.add_argument("--plain", action="store_true", help="plain text, no colour")
        _bot_options(play)
        _house_rules(play)
        add_lang_option(play)

    replay = add("replay", _cmd_replay, "print a saved record deal by deal")
    if named == "replay":
        replay.add_argument(
            "record", help="a JSON record (rummykit play --record FILE) or a JSON Lines record"
        )
        replay.add_argument("--seat", type=int, default=None, help="what this seat may know")
        add_lang_option(replay)

    rules = add("rules", _cmd_rules, "list a game's rules options and contract schedule")
    if named == "rules":
        rules.add_argument("game", help=facts.games_help)
        rules.add_argument(
            "--players",
            type=int,
            default=None,
            help=f"players, for a schedule that depends on them ({facts.ranges})",
        )
        _house_rules(rules)
        add_lang_option(rules)

    simulate = add("simulate", _cmd_simulate, "play many matches between bots; print a summary")
    if named == "simulate":
        simulate.add_argument("game", help=facts.games_help)
        simulate.add_argument("-n", type=int, default=100, help="number of matches (default 100)")
        simulate.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
        simulate.add_argument("--players", type=int, default=None, help=f"players ({facts.ranges})")
        simulate.add_argument(
            "--bots",
            default="heuristic",
            help=facts.bots_help
            + " (default heuristic; e.g. search,heuristic,heuristic,heuristic)",
        )
        simulate.add_argument("--jobs", type=int, default=1, help="worker processes")
        simulate.add_argument(
            "--dask", metavar="SCHEDULER", help="run on a Dask cluster ('local' starts one)"
        )
        _bot_options(simulate)
        _house_rules(simulate)
        add_lang_option(simulate)

    solve = add("solve", _cmd_solve, "find the best way to meet a contract with a hand")
    if named == "solve":
        solve.add_argument("hand", nargs="+", help="the hand, e.g. 7S 7H 7D KS KC KD 2C")
        solve.add_argument("--contract", required=True, help="the contract, e.g. 2G or 1G+1R")
        solve.add_argument("--game", default="may-i", choices=facts.melding, help="rules preset")
        _house_rules(solve, schedule=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = _parser(argv)
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_usage(sys.stderr)
            print("rummykit: error: give a command (rummykit --help lists them)", file=sys.stderr)
            return EXIT_USAGE
        code: int = args.handler(args)
        return code
    except (_UsageError, UsageError) as error:
        print(f"rummykit: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except RummyError as error:
        print(f"rummykit: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's code for an interrupt
        print("rummykit: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (RecursionError, MemoryError):  # an input built to hurt, past every check
        print("rummykit: error: the input is too large or too deeply nested", file=sys.stderr)
        return EXIT_USAGE
