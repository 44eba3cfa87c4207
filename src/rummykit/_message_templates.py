"""The English templates of every message code rummykit makes (:mod:`rummykit.messages`
reads them): blocks of ``code | template | doc`` lines, ``code!`` marking a code that may
depend on the hand of the seat to act (told to that seat alone). Kept apart from the
:class:`~rummykit.messages.Message` machinery: it is data, and long."""

from __future__ import annotations

from typing import Final

REFUSALS: Final = """
other | {text} | A message its maker gave only as ``text`` (a user's game wording a
    refusal or an effect without a code of its own).

action.unreadable | {detail} | Text that is not an action of this game; ``detail`` says
    why (the notation error's reason).

action.not_action | an action is an Action value or its notation, got {value} | Something
    sent as an action that is neither an action nor text.

batch.not_list | apply_all takes a list of actions, got {value} | ``apply_all`` was given
    something other than a list.

batch.refused | action {index} ({action}): {detail} | Action ``index`` of an
    ``apply_all`` list was refused; ``detail`` is its refusal.

seat.unknown | there is no seat {seat}: seats are 0 to {last} | A seat number that is no
    seat of the match (``seat`` is the value sent, as text).

seat.no_decision | seat {seat} has no decision to make now | A seat asked for a decision
    when it has none to make.

turn.not_yours | it is not player {seat:seat}'s turn | An action sent by a seat that is
    not the seat to act (``seat`` the sender).

turn.answered | player {seat:seat} has answered already | A second answer of a seat whose
    early answer is held (live tables, ``match.deciding``).

seat.no_open_decision | player {seat:seat} has no decision open now | A default action
    asked for a seat that is not deciding.

turn.not_now | player {seat:seat} cannot {action} now ({phase}{legal}) | An action that
    is not among the seat's decisions in this phase; ``legal`` is a ``note.legal*``
    message for the seat to act, else empty.

turn.nobody | nobody may {action} now ({phase}{legal}) | An action while no seat is to
    act.

note.legal | ; legal: {actions:list} | The legal actions, added to a refusal told to
    the seat to act.

note.legal_more | ; legal: {actions:list}, and {more} more | The first legal actions
    and how many more there are.

note.legal_none | ; legal: none | No action is legal.

match.over | the match is over | Any action once the match is over.

match.game_over | the game is over | Any action once a shedding game is over.

deal.next_only | 'next' starts the next deal only after a deal ends with auto_deal=False
    | ``next`` while a deal is in progress.

hand.not_playable | {action} cannot be played from this hand now | The refusal told to
    a sender not known to be the seat to act, where the reason depends on that seat's
    hidden hand: the same for every hand the seat may hold.

hand.lacks! | player {seat:seat} does not hold {cards} | The seat does not hold the
    cards named (``cards``: the ones missing).

hand.single_card! | player {seat:seat} may not keep exactly one card they cannot play | A
    lay-off or exchange would leave one card that may be neither discarded nor laid off.

down.single_card! | player {seat:seat} may not keep exactly one card here | A laydown
    would leave one card the turn rules forbid keeping.

down.has_contract | player {seat:seat} has their contract down: no new melds this deal | A
    new meld after the seat's contract is down.

down.bad_meld | player {seat:seat} cannot go down: {detail} | A meld of the go-down is
    not valid (``detail`` says why).

down.not_contract | player {seat:seat} cannot go down: {detail} | The melds do not meet
    the deal's contract (``detail`` says why).

down.one_at_a_time | player {seat:seat} lays down one contract meld at a time | Several
    melds at once where the contract is laid one meld at a time.

down.not_in_contract | player {seat:seat}: {meld} is not part of contract {contract} | A
    meld that the rest of the contract has no place for.

down.whole_hand | player {seat:seat} cannot go down: in this deal the go-down takes the
    whole hand, and {count:n(card|cards)} would stay | A deal laid down whole, with cards
    left over.

down.empty | player {seat:seat} lays down no meld | ``down`` naming no meld.

meld.bad | player {seat:seat} cannot lay that down: {detail} | A meld laid down is not
    valid (``detail`` says why).

open.not_met | player {seat:seat} cannot open: {detail} | A first laydown below the
    opening requirement (POSSO-12.2).

open.not_opened | player {seat:seat} has not opened | A lay-off or exchange before the
    seat has opened.

layoff.no_target | there is no meld {target} on the table (melds: 0 to {last}) | A
    lay-off on a meld number that is not on the table.

layoff.no_target_empty | there is no meld {target} on the table (melds: none yet) | A
    lay-off while the table holds no meld.

layoff.no_contract | player {seat:seat} has not laid their contract down | A lay-off
    before the seat's contract is down.

layoff.next_turn | player {seat:seat} lays off from their next turn on | A lay-off in the
    turn the seat went down, where the rules forbid it.

layoff.others_melds | player {seat:seat} may lay off on others' melds only once everyone
    has opened | A lay-off on another seat's meld before everyone has opened.

layoff.no_fit | player {seat:seat} cannot lay {card} off on meld {target} ({meld}):
    {detail} | The card does not fit the meld (``detail`` says why).

exchange.none | jokers on the table are not exchanged in this game | A joker exchange
    in a game without them.

exchange.no_target | there is no meld {target} on the table | An exchange on a meld
    number that is not on the table.

exchange.not_on_meld | player {seat:seat} may not lay off on meld {target} | An exchange
    on a meld the seat may not lay off on.

exchange.no_fit | {card} cannot free a joker of meld {target} to that place{meanings} |
    The card frees no joker of that meld to that place (``meanings``: a
    ``note.stands_for`` message, or empty).

note.stands_for | ; on meld {target} it stands for {roles:or} | What the freed joker may
    stand for on its new meld (``roles`` joined by "or").

discard.no_discard | player {seat:seat} makes no discard in this turn: end it with
    'done' | A discard in a turn that ends without one.

discard.taken | player {seat:seat} cannot discard {card}, just taken from the pile | A
    discard of the card just taken from the pile.

discard.last_card | player {seat:seat} cannot discard their last card in deal {deal} | A
    discard of the last card where going out by discarding is not allowed.

done.must_discard | player {seat:seat} must end this turn with a discard, not 'done' |
    ``done`` in a turn that ends with a discard.

done.must_discard_example! | player {seat:seat} must end this turn with a discard (for
    example '{example}'), not 'done' | The same, told to the seat to act with one of its
    discards.

take.empty_pile | player {seat:seat} cannot take: the discard pile is empty | A take
    from an empty pile.

take.own_discard | player {seat:seat} cannot take {card}, their own discard | A take of
    the seat's own discard.

take.own_in_run | player {seat:seat} cannot take {count} pile cards: {card}, card
    {place} from the top, is their own discard | A take of several pile cards reaching the
    seat's own discard.

take.too_many | player {seat:seat} cannot take {count} pile cards here | A take of more
    pile cards than allowed here.

take.one_at_most | player {seat:seat} takes one pile card at most (pile_take = off) | A
    take of several pile cards in a game whose ``pile_take`` is ``off``.

take.deepest_unmeldable! | player {seat:seat} cannot take {count} pile cards here: the
    deepest must be one they can meld at once (pile_take = meld_deepest) | A deep take whose
    deepest card the hand cannot meld at once (500 Rum's rule).

discard.meld_deepest | player {seat:seat} must meld {card}, the deepest card they took,
    before discarding (pile_take = meld_deepest) | A discard before the deepest card of a
    deep pile take is melded.

down.opening_points | player {seat:seat} cannot open with {worth} points: a first go-down
    must be worth at least {needed} (opening_points = {needed}) | A first go-down worth
    less than the game's ``opening_points``.

take.could_not_meld! | player {seat:seat} could not meld {card} this turn | A pile take
    of a card the hand could not meld (POSSO-8.2).

forced.ready_meld! | player {seat:seat} holds a ready meld: lay it down first | A
    discard while a meld is ready in hand (POSSO-14.2).

forced.meld_taken! | player {seat:seat} must meld {card}, taken from the pile | A
    discard before the card taken from the pile is melded (POSSO-8.2).

forced.playable! | player {seat:seat} may not discard {card}: it can be laid off | A
    discard of a card that can be laid off (POSSO-14.4 strict).

ask.not_allowed | player {seat:seat} may not ask for {card} | A "May I?" the seat may
    not make (buy limit, own discard, nothing to pay with).

refuse.cannot_buy | player {seat:seat} may not refuse: they could not buy the card | A
    refusal by a seat that could not buy the card.

draw.stock_after_claim | player {seat:seat} claimed a card since their last turn
    (claimant_next_draw='stock'): this draw must come from the stock ('draw') | A pile
    take after a claim, where the next draw is from the stock.

draw.stock_after_correction | player {seat:seat} took the card under the correction
    with a second 'Posso?': this draw must come from the stock ('draw') | A pile take
    after a correction claim (POSSO-9.8).

correct.nothing | player {seat:seat} has no flagged discard to correct | A correction
    with no flagged discard.

correct.no_target | player {seat:seat} cannot put {card} on meld {target} | A correction
    onto a meld that does not take the card.

correct.say_role | player {seat:seat} says what {card} stands for on {meld}: {ways:or} | A
    correction that must say what the card stands for (``ways``: the corrections).

correct.bad_role | player {seat:seat} cannot put {card} on meld {target}: {detail} | A
    correction whose meaning does not fit (``detail`` says why).

correct.that_way | player {seat:seat} cannot put {card} on meld {target} that way | A
    correction that fits no way written.

correct.swap_that_way | player {seat:seat} cannot put {card} in the place of a joker of
    meld {target} with the joker going to meld {joker_to} that way | A swap correction
    (POSSO-14.5 step 5) that does not fit.

claim.correct_first | player {seat:seat} first corrects or passes | A claim while a
    correction is open.

claim.not_opened | player {seat:seat} has not opened and may not claim | A claim before
    opening, where claims may not open.

claim.no_meld | a claim names the new meld {card} goes into, e.g. 'claim {card} …' with
    cards from player {seat:seat}'s hand | A bare claim where a claim lays a new meld.

claim.bare | the claimed card goes into the hand (claim_requires_new_meld=False): write
    a bare 'claim' | A claim naming melds where the card goes into the hand.

claim.without_card | the claim's melds must include the claimed {card} | A claim whose
    melds leave out the claimed card.

claim.bad_meld | player {seat:seat} cannot lay {cards} down: {detail} | A meld of a
    claim is not valid (``detail`` says why).

claim.not_opening | player {seat:seat} has not opened, and the claim is no opening
    (POSSO-12.2): {detail} | A claim by a seat not opened that does not meet the opening.

claim.one_meld | player {seat:seat} has opened: a claim lays down one new meld | A claim
    of several melds by an opened seat.

claim.that_way! | player {seat:seat} cannot lay {card} down that way | A claim the hand
    does not allow.

draw.nothing | player {seat:seat} cannot draw: the stock and the pile are empty | A draw
    with nothing to draw.

draw.again | player {seat:seat} has drawn this turn already | A second draw in a turn.

draw.can_play | player {seat:seat} has a card to play and may not draw | A draw while a
    card can be played (PSSN-5.3).

pass.not_stuck | player {seat:seat} may pass only when they can neither play nor draw | A
    pass that is not forced.

play.no_fit! | player {seat:seat} cannot {action} on {top} | A play that does not follow
    the top card.

stock.empty | the stock is empty | A draw from an empty stock.

stock.not_empty | the stock is refilled only when empty, it holds {size} | A refill of
    a stock that is not empty.

pile.short | cannot take {count} cards from a pile of {size} | A take of more cards than
    the pile holds.

rl.not_legal | action {index} ({what}) is not legal now; legal: {legal:list} | An
    environment's action index that is not legal now (``what``: the action it encodes).

rl.not_index | an action is an index, a whole number (int or numpy integer), got {value}
    | An environment's action that is no index.

rl.episode_over | the episode is over: no action is legal; reset() starts a new one | A
    step after the episode ended.

rl.none_for_live | {agent} is to act: None is only for a finished agent | ``None`` as the
    action of an agent that is to act.

rl.no_agent_left | the episode is over: no agent is left; reset() starts a new one | A
    step when no agent is left.

rl.agent_done | {agent} is done (terminated or truncated): its only action is None;
    reset() starts a new episode | An action for a finished agent.
"""
"""The refusals, notes and errors: one code per message."""

EFFECTS: Final = """
effect.named | {type} | An effect of a user's game that says nothing more than its class
    name.

effect.seat_deed | {seat:seat} {deed} | An effect of a user's game that gives the words
    of its seat's deed (``deed``) itself.

effect.deal_started | deal {deal} dealt by {dealer:seat} | A deal was dealt.

effect.deal_started_upcard | deal {deal} dealt by {dealer:seat}, upcard {upcard} | A
    deal was dealt, and ``upcard`` turned to start the pile.

effect.dealt | {seat:seat} is dealt {count:n(card|cards)} | A seat was dealt cards
    (as another seat sees it).

effect.dealt_seen | {seat:seat} is dealt {count:n(card|cards)} ({cards}) | A seat was
    dealt cards (as the seat sees it).

effect.drew | {seat:seat} draws {count:n(card|cards)} | A stock draw (as another seat
    sees it).

effect.drew_seen | {seat:seat} draws {count:n(card|cards)} ({cards}) | A stock draw (as
    the seat sees it).

effect.drew_penalty | {seat:seat} draws {count:n(penalty card|penalty cards)} | Penalty
    cards drawn from the stock (as another seat sees it).

effect.drew_penalty_seen | {seat:seat} draws {count:n(penalty card|penalty cards)}
    ({cards}) | Penalty cards drawn from the stock (as the seat sees it).

effect.took | {seat:seat} takes {cards} from the pile | Cards taken from the pile.

effect.discarded | {seat:seat} discards {card} | A discard.

effect.passed | {seat:seat} passes | A pass.

effect.refilled | stock refilled ({number}) with {size} cards | The stock refilled from
    the pile for the ``number``-th time this deal.

effect.went_out_discarding | {seat:seat} goes out by discarding | A seat went out with
    its last discard.

effect.went_out_melding | {seat:seat} goes out by melding | A seat went out by melding
    its last cards.

effect.went_out_playing | {seat:seat} goes out by playing | A seat went out by playing
    its last cards.

effect.went_out_knocking | {seat:seat} goes out by knocking | A seat ended the deal by
    knocking.

effect.hands_shown | hands shown: {hands:hands} | The hands left at the end of a deal,
    shown to everyone.

effect.deal_ended_went_out | deal {deal} ends (went_out): {nets:nets} | A deal ended
    because a seat went out (``nets``: each seat's points).

effect.deal_ended_dead_stock | deal {deal} ends (dead_stock): {nets:nets} | A deal ended
    with no stock and nothing to refill it.

effect.deal_ended_turn_cap | deal {deal} ends (turn_cap): {nets:nets} | A deal ended at
    ``max_turns_per_deal``.

effect.deal_ended_refill_cap | deal {deal} ends (refill_cap): {nets:nets} | A deal ended
    at ``max_stock_refills``.

effect.deal_ended_recycle_cap | deal {deal} ends (recycle_cap): {nets:nets} | A deal
    ended at ``max_recycles``.

effect.deal_ended_blocked | deal {deal} ends (blocked): {nets:nets} | A deal ended with
    every player passing.

effect.draw_skipped | {count} stock draw(s) skipped (MAYI-14.3) | Stock draws owed that
    could not be made.

effect.laid_down | {seat:seat} lays down {melds:melds} | Melds laid on the table.

effect.laid_off | {seat:seat} lays {card} off on meld {target} | A lay-off.

effect.joker_exchanged | {seat:seat} exchanges {card} for the joker in meld {target} | A
    joker exchanged out of a meld.

effect.asked | {seat:seat} asks "May I?" for {card} | A "May I?" (MAYI-9.3).

effect.answered | {seat:seat} answers {requester:seat} | An answer to a request.

effect.allowed | {seat:seat} allows {requester:seat}: "You may" | A request allowed
    (MAYI-9.6).

effect.refused | {seat:seat} refuses {requester:seat}: "You may not" | A request refused
    (MAYI-9.6).

effect.bought | {seat:seat} pays {penalty_cards:n(penalty card|penalty cards)} for
    {pile_cards:n(pile card|pile cards)} ({kind}) | A buy out of turn (``kind``: ``buy``
    or ``forced``, MAYI-9.7, 9.8).

effect.took_on_refusal | {seat:seat} takes {card} on their refusal:
    {pile_cards:n(pile card|pile cards)} and {penalty_cards:n(penalty card|penalty cards)}
    | P1 took the disputed card on their refusal (MAYI-9.9).

effect.claim_declared | {seat:seat} says "Posso?" for {card}: {melds:melds} | A claim
    declared, naming its melds (POSSO-9.3).

effect.claim_declared_hand | {seat:seat} says "Posso?" for {card}: into the hand | A
    claim declared for the hand (POSSO-9.3).

effect.claimed | {seat:seat} claims {card}: {melds:melds} | A claim won and laid down
    (POSSO-9).

effect.claimed_hand | {seat:seat} claims {card}: into the hand | A claim won into the
    hand (POSSO-9).

effect.flagged | {seat:seat} discarded a playable {card} (POSSO-14.4) | A playable
    discard flagged.

effect.corrected | {seat:seat} puts {card} on meld {target} | A flagged discard
    corrected (POSSO-14.5).

effect.played | {seat:seat} plays {cards} | Cards played onto the pile (PSSN-5).
"""
"""Every effect's description (``effect.*``): the seat that acted is ``seat``, its cards
``card`` or ``cards``."""
