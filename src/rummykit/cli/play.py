"""``rummykit play``: a person at one seat, bots at the others, in a terminal.

Each decision shows what the seat may know (:meth:`~rummykit.kit.match.Match.view`) and reads
one line: an action in the game's notation, a number from ``help``, ``help``, ``hint``,
``show`` or ``quit``. A bad line prints the reason and asks again; end of input and
Ctrl-C end the game, and ``--record`` saves the match either way.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rummykit.agents import Agent, decide, make_agent
from rummykit.agents.factory import agent_label
from rummykit.cli.language import Words
from rummykit.cli.screen import Screen, sort_hand
from rummykit.cli.setup import make_bots
from rummykit.cli.words import play_help
from rummykit.errors import RummyError
from rummykit.i18n import message_text
from rummykit.i18n.phases import phase_word
from rummykit.kit.actions import Action, format_action
from rummykit.kit.definition import GameDefinition
from rummykit.kit.effects import seat_name
from rummykit.kit.match import Match
from rummykit.kit.protocol import PlayerView
from rummykit.messages import Message


class Session:
    """One game in the terminal: the match, the bots and the person's seat."""

    def __init__(
        self,
        definition: GameDefinition[Any, Any],
        *,
        players: int,
        seat: int,
        bots: list[str],
        bot_options: Mapping[str, Mapping[str, Any]] | None = None,
        seed: int,
        screen: Screen,
        read: Callable[[str], str] = input,
        echo: bool = False,
        locale: str | None = None,
    ) -> None:
        self.match: Match[Any, Any] = definition.new_match(players=players, seed=seed)
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        agents = make_bots(bots, definition, options=bot_options)
        self.agents: dict[int, Agent] = dict(zip(others, agents, strict=True))
        self.bot_names = dict(zip(others, bots, strict=True))
        self.coach = make_agent("heuristic", definition)
        self.rng = random.Random(seed)
        self.screen = screen
        self.read = read
        self.echo = echo
        self.tr = Words(locale)
        self.shown = 0
        self.numbered: tuple[Action, ...] = ()

    # -- the loop -------------------------------------------------------------------

    def run(self) -> bool:
        """Play until the match is over (True) or the person stops (False)."""
        match = self.match
        self.introduce()
        fresh = True
        try:
            while True:
                self.show_events()
                if match.is_over:
                    self.show_end()
                    return True
                actor = match.to_act
                if actor is None:
                    match.apply(match.legal_actions()[0])
                    continue
                if actor != self.seat:
                    match.apply(decide(self.agents[actor], match, actor, self.rng))
                    fresh = True
                    continue
                if fresh:
                    self.show_view()
                    fresh = False
                if not self.ask_once():
                    return False
                fresh = match.to_act != self.seat or self.shown < match.step
        except KeyboardInterrupt:
            self.screen.line()
            self.screen.line(self.tr("interrupted: the game is left unfinished"))
            self.interrupted = True
            return False

    def ask_once(self) -> bool:
        """Read and handle one line; False when the person stops."""
        try:
            line = self.read(f"{seat_name(self.seat)}> ")
        except EOFError:
            self.screen.line()
            self.screen.line(self.tr("end of input: the game is left unfinished"))
            return False
        if self.echo:
            self.screen.line(line)
        self.handle(line.strip())
        return not self.stopped

    stopped = False
    interrupted = False
    """Whether the person pressed Ctrl-C (``rummykit play`` then exits 130)."""

    def handle(self, line: str) -> None:
        """Do what one line asks."""
        word = line.lower()
        if not line:
            return
        if word in {"quit", "exit", "q"}:
            self.screen.line(self.tr("you leave the table: the game is left unfinished"))
            self.stopped = True
        elif word in {"help", "?", "h"}:
            self.show_legal()
        elif word == "hint":
            self.show_hint()
        elif word in {"show", "look", "view"}:
            self.show_view()
        elif line.isascii() and line.isdigit() and len(line) < 7:
            number = int(line)
            if not self.numbered:
                self.numbered = self.match.legal_actions()
            if not 1 <= number <= len(self.numbered):
                self.error(
                    self.tr("no action {number}: type help for the numbered list", number=number)
                )
                return
            self.play(self.numbered[number - 1])
        else:
            self.play(line)

    def play(self, action: Action | str) -> None:
        """Apply the person's action, or say why not."""
        mine = self.seat if self.match.to_act == self.seat else None  # refusals list moves
        try:
            self.match.apply(action, seat=mine)
        except RummyError as error:
            self.error(self.refusal(error))
            return
        except Exception as error:
            self.error(self.tr("cannot read {action}: {error}", action=repr(action), error=error))
            return
        self.numbered = ()

    def refusal(self, error: RummyError) -> str:
        """A refusal in the person's language: the clause it cites with the clause's
        title, and its reason."""
        rule = getattr(error, "rule", None)
        message = getattr(error, "message", None)
        if isinstance(message, Message):
            reason = message_text(message, locale=self.tr.locale)
        else:
            reason = getattr(error, "reason", str(error))
        if not rule:
            return str(reason)
        return f"{self.tr.clause(rule)}: {reason}"

    def error(self, message: str) -> None:
        self.screen.line(self.screen.paint(f"! {message}", "bold yellow"))

    # -- what is shown --------------------------------------------------------------

    def introduce(self) -> None:
        match = self.match
        title = match.definition.title or match.definition.name
        bots = ", ".join(
            f"{seat_name(s)} {agent_label(name, match.definition)}"
            for s, name in self.bot_names.items()
        )
        self.screen.line(
            self.screen.paint(f"{title}", "bold")
            + " "
            + self.tr(
                "with {players} players, seed {seed}: you are {seat}; bots {bots}",
                players=match.players,
                seed=match.seed,
                seat=seat_name(self.seat),
                bots=bots,
            )
        )
        self.screen.line(
            self.tr("type help for the legal actions, hint for a suggestion, quit to stop")
        )

    def show_events(self) -> None:
        """The events since the last call, as the person's seat may know them."""
        match = self.match
        while self.shown < match.step:
            found = match.event(self.shown)
            self.shown += 1
            if found is None:  # before a restored match's log
                continue
            event = found.seen_by(self.seat)
            text = event.describe(locale=self.tr.locale).split(": ", 1)[-1]
            if event.seat == self.seat:
                text = self.tr("you: {what}", what=text.split(" ", 1)[-1])
                got = " ".join(card.notation for card in event.received)
                if got and got not in text:
                    text += " " + self.tr("(you get {cards})", cards=got)
            self.screen.line("  " + self.screen.escape(text))

    def show_view(self) -> None:
        view = self.match.view(self.seat)
        self.screen.line(render_view(self.screen, self.match, view, words=self.tr))

    def show_legal(self) -> None:
        self.numbered = self.match.legal_actions()
        self.screen.line(self.tr("legal actions:"))
        for number, action in enumerate(self.numbered, start=1):
            self.screen.line(f"  {number:>3}. {self.screen.escape(format_action(action))}")
        self.screen.line(play_help(self.match.definition, locale=self.tr.locale))

    def show_hint(self) -> None:
        try:
            action = decide(self.coach, self.match, self.seat, random.Random(0))
        except Exception as error:
            self.error(self.tr("no hint: {error}", error=error))
            return
        text = format_action(action)
        self.screen.line(
            self.tr(
                "hint: {action} (the heuristic bot)", action=self.screen.paint(text, "bold green")
            )
        )

    def show_end(self) -> None:
        match = self.match
        outcome = match.outcome
        if outcome is None:
            return
        tr = self.tr
        you = " " + tr("(you)")
        nets = match.net_totals  # the sign the deals' ends show, in every game
        rows = [
            [str(place), seat_name(s) + (you if s == self.seat else ""), f"{nets[s]:+d}"]
            for place, (s, _) in enumerate(outcome.standings, start=1)
        ]
        self.screen.table(tr("Standings"), [tr("place"), tr("seat"), tr("score")], rows)
        winners = tr(" and ").join(seat_name(s) for s in outcome.winners)
        verdict = (
            tr("you win!") if self.seat in outcome.winners else tr("winner: {seats}", seats=winners)
        )
        self.screen.line(self.screen.paint(verdict, "bold"))


def render_view(
    screen: Screen, match: Match[Any, Any], view: PlayerView, *, words: Words | None = None
) -> str:
    """What ``view.seat`` may know, a few lines, in the language of ``words`` (English
    without)."""
    tr = words if words is not None else Words()
    me = view.seat
    lines = []
    count = _deal_count(match)
    head = tr("deal {deal} of {count}", deal=view.deal, count=count) if count else None
    head = head or tr("deal {deal}", deal=view.deal)
    if view.contract is not None:
        head += " - " + tr("contract {contract}", contract=view.contract)
    dealer = getattr(match, "dealer", None)
    if isinstance(dealer, int):
        head += " - " + tr("dealer {seat}", seat=seat_name(dealer))
    lines.append(screen.paint(f"-- {head} --", "bold cyan"))
    for index, meld in enumerate(view.melds):
        owner = "" if meld.owner is None else f" ({seat_name(meld.owner)})"
        lines.append(
            "  " + tr("meld {number}:", number=index) + f" {screen.cards(meld.cards)}{owner}"
        )
    if view.pile:
        top, by = view.pile[-1]
        pile = _count(tr, len(view.pile))
        if by is None:
            line = tr("pile: {card} on top, {size}", card=screen.card(top), size=pile)
        else:
            line = tr(
                "pile: {card} from {seat} on top, {size}",
                card=screen.card(top),
                seat=seat_name(by),
                size=pile,
            )
        lines.append("  " + line)
    else:
        lines.append("  " + tr("pile: empty"))
    lines.append("  " + tr("stock: {size}", size=_count(tr, view.stock_size)))
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            continue
        known = ""
        if view.known[seat]:
            known = ", " + tr("known: {cards}", cards=screen.cards(view.known[seat]))
        down = ", " + tr("down") if view.down and view.down[seat] else ""
        lines.append(f"  {seat_name(seat)}: {_count(tr, size)}{down}{known}")
    scores = "  ".join(f"{seat_name(s)} {score:+d}" for s, score in enumerate(view.scores))
    lines.append("  " + tr("scores: {scores}", scores=scores))
    hand = sort_hand(view.hand)
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(card.suit.value if card.suit else "*", []).append(screen.card(card))
    shown = "  ".join(" ".join(cards) for cards in groups.values()) or "-"
    if view.down and view.down[me]:
        mine = tr("your hand ({size}) (you are down):", size=len(hand))
    else:
        mine = tr("your hand ({size}):", size=len(hand))
    lines.append(screen.paint(mine + " ", "bold") + shown)
    legal = match.legal_actions()
    brief = ", ".join(sorted({format_action(action).split(" ")[0] for action in legal}))
    lines.append(
        "  "
        + tr(
            "{phase}: your moves: {actions}",
            phase=phase_word(view.phase.value, locale=tr.locale),
            actions=brief,
        )
    )
    return "\n".join(lines)


def _count(tr: Words, cards: int) -> str:
    return tr.plural("{count} card", "{count} cards", cards)


def _deal_count(match: Match[Any, Any]) -> int | None:
    """The match's deals (``None``: until a score or a contract ends it), for every
    game alike: with or without a schedule."""
    return match.deal_count()


def record_problem(path: str) -> str | None:
    """Why a record could not be written to ``path`` (checked before the game, so a
    bad path is not found after it), or ``None``."""
    import os

    target = Path(path)
    if target.is_dir():
        return f"{path} is a directory"
    if target.exists():
        return None if os.access(target, os.W_OK) else f"{path} is not writable"
    folder = target.parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    return None if os.access(folder, os.W_OK) else f"cannot write in {folder}"


def save_record(match: Match[Any, Any], path: str, seats: list[str]) -> str | None:
    """Write ``match``'s record to ``path``; the error's text if it cannot."""
    import json

    from rummykit.records import to_record

    try:
        Path(path).write_text(json.dumps(to_record(match, seats=seats), indent=1) + "\n")
    except (OSError, RummyError) as error:
        return str(error)
    return None


def interactive() -> bool:
    """Whether the person types at a terminal (else the typed lines are echoed)."""
    return sys.stdin.isatty()
