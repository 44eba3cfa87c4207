"""One way to extend a game: hooks see a TurnContext, never the match; no game overrides
a match method; the match shows its protocol and keeps its machinery private."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from rummykit import game
from rummykit.engine import ContractRummyMatch, TurnContext
from rummykit.kit import names

SRC = Path(__file__).resolve().parents[1] / "src" / "rummykit"

PROTOCOL = frozenset(
    {
        "apply",
        "apply_all",
        "can_apply",
        "clone",
        "contract",
        "deal",
        "deal_count",
        "deal_number",
        "deal_scores",
        "dealer",
        "deciding",
        "default_action",
        "definition",
        "event",
        "events",
        "events_seen_by",
        "from_dict",
        "hands",
        "is_over",
        "legal_actions",
        "meld_rules",
        "net_totals",
        "options",
        "outcome",
        "parse_action",
        "penalties",
        "phase",
        "pile",
        "players",
        "position",
        "rng",
        "rules",
        "schedule",
        "scores",
        "seed",
        "snapshot",
        "spec",
        "state",
        "step",
        "stock",
        "table",
        "to_act",
        "to_dict",
        "verify",
        "view",
    }
)
"""The public names of a contract game's match: the protocol a driver uses and the views
of its declared state; ``deciding`` and ``default_action`` are the live table's (issue
36: several seats answering at once, the default of a seat whose time runs out). The
machinery is reached elsewhere: the hooks' context by ``TurnContext.of(match)``, the
notation by ``match.definition.grammar``, the card values by
``match.options.card_values``; a clone lists its legal actions afresh (no ``refresh``)."""


@pytest.mark.parametrize("name", ["may-i", "posso"])
def test_a_contract_match_shows_its_protocol_alone(name: str) -> None:
    match = game(name).new_match(players=4, seed=1)
    public = {attr for attr in dir(match) if not attr.startswith("_")}
    assert public == PROTOCOL
    assert type(match) is ContractRummyMatch


def test_every_registered_match_shows_at_most_forty_five_names() -> None:
    """49 before the hooks' context, the grammar, ``refresh`` and the card values left
    the match (May I?, Posso?; Possession 45 then, 43 now)."""
    for name in names():
        match = game(name).new_match(seed=1)
        public = [attr for attr in dir(match) if not attr.startswith("_")]
        assert len(public) <= 45, (name, len(public))


def test_no_game_subclasses_the_engine_match_or_overrides_its_checks() -> None:
    """A contract game changes the engine through options and hooks; a Match-based game
    (Possession) supplies the match's protected template methods, but no game touches
    the engine's match."""
    for path in sorted((SRC / "games").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"class \w+\((ContractRummyMatch|CheckedMatch)\)", text), path
    for path in sorted(
        [*(SRC / "games" / "may_i").glob("*.py"), *(SRC / "games" / "posso").glob("*.py")]
    ):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"class \w+\((ContractRummyMatch|CheckedMatch)\)", text), path
        assert not re.search(r"\n    def _?(check|why_not)\(self, action", text), path


def test_no_method_identity_checks_in_the_library() -> None:
    sniffing = re.compile(
        r"\bis (not )?(Match|ContractRummyMatch|CheckedMatch)\.\w|type\(\w+\)\.\w+ is (not )?\w"
    )
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not sniffing.search(text), (path, sniffing.search(text))


def test_hooks_receive_the_context_never_the_match() -> None:
    hook_modules = [
        SRC / "engine" / "hooks.py",
        SRC / "engine" / "contract.py",
        SRC / "engine" / "free.py",
        *sorted((SRC / "games").rglob("*.py")),
    ]
    for path in hook_modules:
        text = path.read_text(encoding="utf-8")
        assert ": ContractRummyMatch" not in text, path
        assert "from rummykit.engine.core import" not in text, path


def test_the_context_is_the_same_object_for_every_hook_call() -> None:
    match = game("may-i").new_match(players=4, seed=2)
    ctx = TurnContext.of(match)
    assert isinstance(ctx, TurnContext)
    before = match.snapshot()
    assert ctx.players == 4 and ctx.phase is match.phase and ctx.to_act == match.to_act
    assert tuple(ctx.deal.hands[0]) == match.hands[0]
    assert match.snapshot() == before  # reading changes nothing
    match.apply(match.legal_actions()[0])
    assert TurnContext.of(match) is ctx


def test_the_context_declares_no_mutable_public_attribute() -> None:
    """Hooks change the match only through the verbs: the context has no settable field."""
    match = game("posso").new_match(players=4, seed=1)
    with pytest.raises(AttributeError):
        TurnContext.of(match).players = 3  # type: ignore[misc,unused-ignore]
    for name, member in inspect.getmembers(TurnContext):
        if isinstance(member, property):
            assert member.fset is None, name


@pytest.mark.parametrize("name", ["may-i", "posso"])
def test_a_clone_acts_on_itself_never_on_its_original(name: str) -> None:
    """Each copy's hooks get a context of that copy (clone, apply_all undone, deepcopy)."""
    import copy
    import random

    match = game(name).new_match(players=4, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        match.apply(rng.choice(match.legal_actions()))
    before = match.snapshot()
    for twin in (match.clone(), copy.deepcopy(match)):
        assert TurnContext.of(twin) is not TurnContext.of(match)
        for _ in range(60):
            if twin.is_over:
                break
            twin.apply(rng.choice(twin.legal_actions()))
        assert match.snapshot() == before
    with pytest.raises(Exception):  # noqa: B017, PT011 (whatever refuses the bad action)
        match.apply_all([match.legal_actions()[0], "no such action"])
    assert match.snapshot() == before
    twin = match.clone()
    match.apply(match.legal_actions()[0])
    assert TurnContext.of(twin).deal is twin.deal and TurnContext.of(match).deal is match.deal


def test_a_take_kind_is_found_by_the_name_a_step_keeps() -> None:
    """The engine prices a picked take even through a protocol that does not forward
    ``take_kind`` (a wrapper): by the name the turn's step keeps."""
    from rummykit.engine import TakeKind
    from rummykit.games.may_i.claims import BUY_TAKE, FORCED_TAKE, REFUSAL_TAKE

    assert TakeKind.named("buy") is BUY_TAKE and TakeKind.named("forced") is FORCED_TAKE
    assert TakeKind.named("refusal") is REFUSAL_TAKE and TakeKind.named("nothing") is None
    assert BUY_TAKE.first_card_paid and not REFUSAL_TAKE.first_card_paid


def test_a_match_class_reads_as_plain_only_where_it_says_so() -> None:
    """The RL observation reads a match's state directly only where its class declares
    the shipped view (``_plain_view``); the safe default asks ``view``."""
    from rummykit import Match
    from rummykit.games import PossessionMatch

    assert not Match._plain_view
    assert PossessionMatch._plain_view


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _cross_module_private_reads(path: Path) -> set[str]:
    """The underscore names ``path`` reads or sets that it does not define itself: an
    attribute of anything but ``self``, ``cls`` or ``super()`` (``match._emit``,
    ``match._legal = None``), a name imported from another module (``from x import
    _y``) or asked of ``getattr`` by its text. A name the module defines (a function, a
    class, a name it assigns, an argument, or an attribute it sets on ``self`` or
    ``cls``, so that ``twin._log = ...`` in a clone is the module's own) is its own."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            own.add(node.attr)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
            value = node.value
            if isinstance(value, ast.Name) and value.id in ("self", "cls"):
                continue
            if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "super":
                continue
            found.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            found |= {alias.name for alias in node.names if _private(alias.name)}
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) in ("getattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and _private(node.args[1].value)
            and node.args[1].value not in own
        ):
            found.add(node.args[1].value)
    return found


STILL_READ_ACROSS = {
    "engine/context.py": {
        "_clause",
        "_count_turn",
        "_end_dead_deal",
        "_lacks",
        "_lay_down",
        "_legal",
        "_sender_known",
        "_start_pick",
        "_start_regular_turn",
        "_went_out",
        "_who",
    },
    "engine/core.py": {"_show_deal"},
}
"""The reads of another module's underscore names left in the library, by module: the
hooks' context is the match's one friend (its verbs are the engine's private turn
helpers, and the match hands it each new deal through ``_show_deal``) (issue 32: the
pile functions report through the context's ``emit``, the listings ask ``ctx.hooks``, the
lay-off and exchange listing asks the context's ``leaves_ok``, the RL observation asks
:func:`rummykit.kit.match.reads_plain`). The list only shrinks."""


def test_no_module_reads_another_modules_underscore_names() -> None:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        names = _cross_module_private_reads(path)
        if names:
            found[path.relative_to(SRC).as_posix()] = names
    assert found == STILL_READ_ACROSS


def test_the_scan_sees_each_way_of_reading_a_private_name(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from x import _a\n"
        "def f(match, self):\n"
        "    self._own()\n"
        "    self._set = 0\n"
        "    twin = match.clone()\n"
        "    twin._set = 1\n"
        "    match._d = None\n"
        "    return match._b, twin._set, getattr(match, '_c'), match.__class__\n",
        encoding="utf-8",
    )
    assert _cross_module_private_reads(module) == {"_a", "_b", "_c", "_d"}


def test_the_context_of_a_match_is_found_by_the_match_alone() -> None:
    """``TurnContext.of`` answers each engine match's own context (a clone's is its own,
    an unpickled match's too) and refuses, typed, a match the engine does not run."""
    import pickle

    from rummykit.errors import ConfigError

    match = game("may-i").new_match(players=4, seed=5)
    twin = match.clone()
    thawed = pickle.loads(pickle.dumps(match))
    contexts = [TurnContext.of(m) for m in (match, twin, thawed)]
    assert len({id(ctx) for ctx in contexts}) == 3
    for ctx, made in zip(contexts, (match, twin, thawed), strict=True):
        assert ctx.deal is made.deal
    with pytest.raises(ConfigError, match="not a match of the contract engine"):
        TurnContext.of(game("possession").new_match(players=2, seed=5))  # type: ignore[arg-type]
