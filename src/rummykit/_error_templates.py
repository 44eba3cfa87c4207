"""The English templates of the reasons of :class:`~rummykit.errors.InvalidMeldError`,
:class:`~rummykit.errors.ContractError` and :class:`~rummykit.errors.NotationError`
(:mod:`rummykit.messages` reads them, as it reads :mod:`rummykit._message_templates`):
blocks of ``code | template | doc`` lines. A refusal that wraps one of these errors
(``down.bad_meld``, ``layoff.no_fit``, ``action.unreadable``) carries its message as the
nested ``detail``, so the whole refusal is said in one language."""

from __future__ import annotations

from typing import Final

MELD_ERRORS: Final = """
meld.no_cards | a meld needs cards, got none | A meld of no cards.

meld.roles_count | {roles} roles given for {count} cards | The wild cards' roles do not
    match the cards one to one.

meld.not_wild | {card} is not wild, so it cannot stand for another card | A role
    declared for a natural card.

meld.no_shape | {cards} is neither one rank (a group) nor one suit (a run) | Cards that
    make no meld kind at all.

meld.cards | {cards} | Cards named alone (inside another reason).

meld.differ_ranks | {first} and {second} differ in ranks | The first two cards that
    break a group's rank.

meld.differ_suits | {first} and {second} differ in suits | The first two cards that
    break a run's suit.

meld.wild_roles | wild roles | The wild cards' declared roles (they break a run's suit).

meld.group_wild_only | a group of wild cards alone has no rank | A group of wild cards
    only.

meld.group_ranks | group cards must share one rank, got {ranks} | A group whose cards (or
    roles) have several ranks.

meld.group_odd | group cards must share one rank: {odd} | A group with an odd card
    (``odd`` says which).

meld.group_short | group needs at least {least} cards, got {size} | A group below the
    rules' minimum size.

meld.group_long | group holds at most {most} cards, got {size} | A group over the rules'
    maximum size.

meld.group_naturals | group needs at least {count:n(natural card|natural cards)} | A
    group with too few natural cards.

meld.group_repeats | group repeats {card}: its suits must differ | Two equal cards in a
    group whose suits must differ.

meld.run_wild_only | a run of wild cards alone has no suit | A run of wild cards only.

meld.run_suits | run cards must share one suit: {odd} | A run whose cards have several
    suits (``odd`` says which).

meld.run_short | run needs at least {least} cards, got {size} | A run below the rules'
    minimum size.

meld.run_long | run holds at most {most} cards, got {size} | A run over the rules'
    maximum size.

meld.run_naturals | run needs at least {count:n(natural card|natural cards)} | A run with
    too few natural cards.

meld.run_repeats | run repeats {card} | A run that holds one rank twice.

meld.role_suit | {card} stands for {role} in a run of {key} | A wild card declared as a
    card of another suit than the run's.

meld.run_order | {cards} is not a run in the order given | Cards that make a run, but not
    in the order written.

meld.wild_at_end | a wild card may not sit at the end of a run | A run ending in a wild
    card where the rules forbid it.

meld.wild_rank_only | rank {ranks} is wild only and has no place of its own in a run | A
    wild rank used as a natural card of a run where it is wild only.

meld.ace_high_only | run uses the ace low, but the ace is high only | An ace low where
    the rules make it high only.

meld.ace_low_only | run uses the ace high, but the ace is low only | An ace high where
    the rules make it low only.

meld.no_wrap | run crosses the ace (K-A-2) but wrap-around is off | A run through the ace
    where runs do not wrap.

meld.run_gap | {cards}: {missing} is missing | A run with one card missing.

meld.run_gaps | {cards}: {missing} are missing | A run with several cards missing.

meld.run_gap_wilds | {cards}: {missing} is missing and {wilds:n(wild card|wild cards)}
    cannot fill them | A run whose missing card the wild cards cannot fill.

meld.run_gaps_wilds | {cards}: {missing} are missing and {wilds:n(wild card|wild
    cards)} cannot fill them | A run whose missing cards the wild cards cannot fill.

meld.not_run | {cards} is not a run | Cards that make no run.

meld.no_wilds | wild cards are not allowed in melds | A wild card where the rules allow
    none.

meld.wilds_most | a meld may hold at most {most:n(wild card|wild cards)}, got {count} |
    More wild cards than the rules allow in one meld.

meld.wilds_outnumber | wild cards may not outnumber natural cards ({wilds} wild,
    {naturals} natural) | More wild cards than natural ones.

meld.naturals_outnumber | natural cards must outnumber wild cards ({naturals} natural,
    {wilds} wild) | Not more natural cards than wild ones.

meld.kind_absent | this game has no {kind} melds (its kinds: {kinds}) | A meld kind the
    game's rules do not list.

meld.kind_short | {kind} needs at least {least} cards, got {size} | A meld of another kind
    (flush, colour, pair, a user's) below its minimum size.

meld.kind_long | {kind} holds at most {most} cards, got {size} | A meld of another kind
    over its maximum size.

meld.kind_role_card | in a {kind} a wild card stands for a card, written JK(KS), not
    {role} | A rank declared for a wild card where a card is meant.

meld.kind_role_rank | in a {kind} a wild card stands for a rank, written JK(K), not
    {role} | A card declared for a wild card where a rank is meant.

meld.kind_alike | {kind} cards must share one {alike}, got {keys} | Cards of several
    ranks, suits or colours in a meld of one.

meld.kind_wild_only | a {kind} of wild cards alone has no {alike} | A meld of wild cards
    only.

meld.kind_misfit | {kind} cards must share one {alike}, got {cards} beside {key} | Cards
    that do not share the meld's rank, suit or colour.

meld.kind_naturals | {kind} needs at least {count:n(natural card|natural cards)} | A meld
    of another kind with too few natural cards.

meld.kind_repeats | {kind} repeats a card | A meld whose cards must all differ, with two
    equal.

meld.kind_role_key | {card} cannot stand for {rank} in a {kind} of {key} | A wild card
    declared as another rank than the meld's.

meld.role_not_wild | {card} cannot stand for {role}: only a wild card says what it stands
    for | A role declared for a natural card laid off.

meld.no_fit | {card} does not fit {meld}: {detail} | A card laid off (or a freed joker
    moved) that the meld does not take; ``detail`` says why.

meld.group_role | {card} cannot stand for {role} in {meld}: in a group a wild card
    stands for its rank, written {card}({rank}) | A wild card laid off on a group as
    another card than the group's rank.

meld.run_full | a run holds at most {most} cards | A card laid off on a run at its
    maximum size.

meld.end_takes | the {end} end takes {card} | The card a run's end takes (the card laid
    off is not it).

meld.not_suit | it is not a {suit} | A card of another suit laid off on a run.

meld.gap | {card} is missing | A card laid off with a gap between it and the run.

meld.rank_held | the run has a {rank_name} already and grows only at its ends | A card
    whose rank the run holds.

meld.ends_only | the run only grows at its ends | A card that fits no end of the run.

meld.run_role | {card} cannot stand for {role} on {meld}: the run takes {below} or
    {above} | A wild card laid off as a card neither end of the run takes.

meld.role_end | {card} as {role} goes at the {end} end of {meld}, not the {other_end}
    end | A wild card's declared role at the other end than the one named.

meld.no_such_meld | no meld {index} on a table of {count} | A joker exchange on a meld
    number that is not on the table.

meld.joker_for_joker | a joker cannot be exchanged for a joker | A joker given to
    replace a joker.

meld.runs_only | wild cards are exchanged only out of runs, not {meld} | An exchange out
    of a group where the rules allow it out of runs only.

meld.replaces_none | {card} does not replace a wild card in {meld} | A card that no wild
    card of the meld stands for.

meld.no_place_why | no valid place for the joker freed from {meld} ({detail}) | A joker
    exchange whose freed joker fits nowhere; ``detail`` is the last reason.

meld.no_place | no valid place for the joker freed from {meld} | A joker exchange whose
    freed joker fits nowhere.
"""

CONTRACT_ERRORS: Final = """
contract.kind_absent | {requirement} asks for {kind} melds, which these meld rules lack
    (kinds: {kinds}) | A requirement of a kind the meld rules do not list.

contract.size_below | {requirement} asks for a {kind} of {size} cards, but a {kind} needs
    at least {least} | A requirement's size below the kind's minimum.

contract.size_above | {requirement} asks for a {kind} of {size} cards, but a {kind} holds
    at most {most} | A requirement's size above the kind's maximum.

contract.bad_meld | meld {number} is not valid: {detail} | A meld of a laydown that is
    not valid (``number`` counts from 1).

contract.named | contract {contract}: {detail} | A reason about the contract named.

contract.only | contract {contract} asks for {asked:and} only, got a {kind} | A meld of a
    kind the exact contract does not ask for.

contract.exactly | contract {contract} asks for exactly {asked}, got {got} | Not the
    number of melds of a kind the exact contract asks for.

contract.at_least | contract {contract} asks for at least {asked:and}, got {got:and} |
    Fewer melds than the contract asks for.

contract.n_groups | {count:n(group|groups)} | A number of groups (inside another reason).

contract.n_runs | {count:n(run|runs)} | A number of runs (inside another reason).

contract.one_kind | {count} {kind} | One meld of another kind (inside another reason).

contract.n_kinds | {count} {kind}s | Several melds of another kind (inside another
    reason).

contract.groups | groups | Groups (inside another reason).

contract.runs | runs | Runs (inside another reason).

contract.kinds | {kind}s | Melds of another kind (inside another reason).

contract.same_rank | two groups of the same rank ({rank}) | Two groups of one rank where
    the contract wants them distinct.

contract.same_suit | two runs of the same suit ({key}) | Two runs of one suit where the
    contract forbids it.

contract.runs_apart | two runs of {key} need at least {least} missing ranks between them,
    got {gap} | Two runs of one suit too close together.

contract.sized | contract {contract} asks for {kinds} sized {sizes:and}, got {kinds} of
    {got:list} cards | Melds whose sizes do not match the contract's.

contract.kind_least | contract {contract} asks for a {kind} of at least {least} cards |
    A meld smaller than the contract asks for.

contract.larger | contract {contract} asks for larger {kinds} | Melds smaller than the
    contract asks for.

contract.in_deal | deal {deal}: {detail} | A contract of a schedule that no hand can
    meet (``deal`` counts from 1).

contract.whole | {name} must be a whole number >= {least}, got {value} | A count or
    size of a requirement that is not a whole number in bounds.

contract.unknown_kind | unknown meld kind in a requirement: {detail} | A requirement of
    a kind no one registered.

contract.max_below_min | requirement {requirement}: max_size {most} is below min_size
    {least} | A requirement whose size bounds cross.

contract.no_requirement | a contract needs at least one requirement | A contract of no
    requirement.

contract.not_requirements | requirements must be Requirement values, got {value} |
    Requirements given as something else.

contract.too_many_melds | a contract may ask for at most {most} melds | A contract asking
    for too many melds.

contract.flag_bool | {name} must be true or false, got {value} | A contract's flag that
    is not a bool.

contract.same_suit_runs | same_suit_runs must be one of {known}, got {value} | An
    unknown value of ``same_suit_runs``.

contract.unknown_flag | unknown contract flag: {detail} | A flag no contract has.

contract.written | a contract is written like 2G+1R, got {value} | Contract notation that
    is empty or not text.

contract.bad_term | term {term} at index {position} of {text} is not like 2G, R, G3, G3=
    or R4-6 | A term of contract notation that is unreadable.

contract.no_kind_letter | term {term} of {text}: no meld kind is written {letter} (kinds:
    {kinds}) | A term whose letter names no kind.

contract.bound_after_size | term {term} of {text}: a size bound follows a size (G3=,
    R4-6) | A size bound without a size.

contract.no_melds | term {term} of {text} asks for no melds | A term asking for 0 melds.

contract.too_many_cards | contract {contract} needs at least {needed} cards, but a hand
    holds at most {most} when it goes down ({dealt} dealt, {extra} more at most) | A
    contract needing more cards than a hand can hold.
"""

NOTATION_ERRORS: Final = """
notation.card_at | card {token} at index {position}: {detail} | What ``str()`` of a
    notation error says: the token, its place, and the reason.

notation.token_at | token {token} at index {position}: {detail} | The same, for a token
    that is blank (shown quoted).

notation.in_action | {detail} in action {text} | A reason about an action's text
    (``text`` quoted).

notation.card_form | a card is a rank and a suit (AS, 10H, QC) or a joker (JK, *) | A
    token too short to be a card.

notation.unknown_rank | unknown rank {rank} (expected A, 2-10, T, J, Q, K) | A card whose
    rank is not a rank (``rank`` quoted).

notation.unknown_suit | unknown suit {suit} (expected S, H, D, C or ♠ ♥ ♦ ♣) | A card
    whose suit is not a suit (``suit`` quoted).

notation.not_text | expected a string, got {type} | A value given as notation that is
    not text.

notation.one_card | expected exactly one card, got {count} tokens in {text} | Several
    cards where one is expected.

notation.not_cards | expected cards in notation or an iterable of cards, got {type} |
    Something given as cards that is neither.

notation.not_a_card | expected a Card, got {type} | An item of a list of cards that is
    not a card.

notation.stand_in | unreadable stand-in {text}: {detail} | What a wild card stands for,
    unreadable.

notation.stand_in_joker | a wild card stands for a natural card or a rank, not a joker | A
    joker given as what a wild card stands for.

notation.empty_action | empty action | An action of no words.

notation.unknown_action | unknown action {verb} (known: {verbs}) | A word that is no
    action of the game.

notation.unknown_action_hint | unknown action {verb} (known: {verbs}); did you mean
    {close}? | A word that is no action of the game, close to one that is.

notation.no_arguments | {verb} takes no arguments | Words after an action that takes
    none.

notation.take_count | take wants a number of cards >= 1 | ``take`` with a count that is
    not one.

notation.which_card | {verb} which card? | An action naming no card where it needs one.

notation.empty_meld | an empty meld | A meld of no cards in an action.

notation.one_meaning | one meaning in brackets after a card | Several meanings for one
    card.

notation.one_card_meaning | one card expected, with its meaning in brackets | Several
    cards where one card (and its meaning) is expected.

notation.meld_number | the meld is its number on the table | A meld named by something
    other than its number.

notation.end_word | the end is low or high | A run's end that is neither.

notation.layoff_form | layoff is written 'layoff CARD[(MEANING)] -> MELD [low|high]' |
    A lay-off that does not follow its form.

notation.layoff_meaning | the meaning follows the card: 'layoff JK(4H) -> 2' | A lay-off
    whose meaning is not after its card.

notation.exchange_form | exchange is written 'exchange CARD -> MELD joker -> MELD
    [(MEANING)] [low|high]|hand' | A joker exchange that does not follow its form.

notation.no_melds | down needs at least one meld | ``down`` naming no meld.

notation.play_what | play what? | ``play`` naming no card.

notation.play_none | play needs at least one card | A play of no cards.

notation.correct_number | correct takes the number of a meld | ``correct`` naming no
    meld.

notation.correct_meaning | the meaning is written in brackets: 'correct 2 (4H)' | A
    correction's meaning not in brackets.

notation.correct_hand | a corrected joker goes onto a meld, never into a hand | A
    correction sending the joker to the hand.

notation.number | an action's {name} must be a whole number >= {least} of at most
    {digits} digits, got {value} | A number of an action out of bounds.

notation.action_card | an action's card must be a Card, got {value} | An action made with
    something other than a card.

notation.action_object | an action is an object with its notation as text, got {value} |
    An action's JSON that is not an object with its text.

notation.type_mismatch | the action's type {value} does not match its text {text} | An
    action's JSON whose type and text disagree.

notation.field_mismatch | the action's field {field} {value} does not match its text
    {text} | An action's JSON whose field and text disagree.

notation.action_json | an action is an object with its notation as text, or its type (one
    of {verbs}) and fields; got {value} | An action's JSON that the game cannot read.

notation.action_named | action {value}: {detail} | A reason about an action's JSON.
"""
