"""Hidden-hand sampling: deal a whole match consistent with what one seat knows.

A seat sees its own hand, the public zones and the other hands' sizes with the cards
each is known to hold (:class:`~rummykit.kit.protocol.PlayerView`). :func:`sample_match` deals
the rest — the *unseen* cards: the shoe minus everything the seat sees — at random into
the other hands' unknown places and the stock, uniformly among all such deals (each
distinct deal equally likely, duplicates of a two-deck shoe included), and gives the
sample a fresh random generator, so stock refills and later shuffles are resampled too.

The sample is built from the seat's view and the match's public structure (its rules,
phase, table, scores, claim window); the hidden cards of the real match never reach it:
two matches that look the same from the seat give the same sample for the same seed.

>>> import random
>>> from rummykit import game
>>> match = game("may-i").new_match(players=4, seed=7)
>>> sample = sample_match(match, 0, random.Random(1))
>>> sample.view(0) == match.view(0), sample.hands[1] == match.hands[1]
(True, False)
>>> sorted(unseen_cards(match.view(0), match.spec.shoe())) == sorted(
...     [*sample.hands[1], *sample.hands[2], *sample.hands[3], *sample.stock.cards])
True

A sample need not be uniform: :class:`Sampler`'s ``weight`` rates each deal of the unseen
cards (the hands it would give every seat) in [0, 1], and a deal is kept with that chance,
else dealt again (rejection sampling, at most ``tries`` deals a sample: the last one stands
when every try was rejected). A bot uses it to keep the deals consistent with what the
other seats did, e.g. that a seat which passed on a card probably cannot use it.

What the sample does not resample: the pile (a seat watched every discard, even where
only the top card is kept visible). A sample has no earlier log (its ``events`` start at
the position, as a match restored by ``from_dict``): read its zones and play it forward.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from rummykit.cards import Card
from rummykit.deck import Stock
from rummykit.errors import RummyError
from rummykit.kit.match import Match
from rummykit.kit.protocol import PlayerView

__all__ = ["Sampler", "SamplingError", "sample_match", "unseen_cards"]

M = TypeVar("M", bound=Match[Any, Any])

_MAX_TRIES = 10_000
"""The most deals a weighted :class:`Sampler` tries for one sample."""


class SamplingError(RummyError, ValueError):
    """The view does not fit the shoe (a card seen more often than the shoe holds it)."""


def unseen_cards(
    view: PlayerView, shoe: Sequence[Card], pile: Sequence[Card] | None = None
) -> list[Card]:
    """The cards of ``shoe`` that ``view``'s seat does not see, in shoe order: the
    other hands' unknown cards and the stock, together. ``pile`` is the whole discard
    pile where the view shows only its top card (``discard_pile_visible="top_only"``).

    >>> from rummykit import game
    >>> match = game("possession").new_match(players=2, seed=4)
    >>> len(unseen_cards(match.view(0), match.spec.shoe()))
    42
    """
    seen: Counter[Card] = Counter(view.hand)
    seen.update(pile if pile is not None else (card for card, _ in view.pile))
    for meld in view.melds:
        seen.update(meld.cards)
    for seat, cards in enumerate(view.known):
        if seat != view.seat:
            seen.update(cards)
    rest: list[Card] = []
    for card in shoe:
        if seen[card]:
            seen[card] -= 1
        else:
            rest.append(card)
    extra = +seen
    if extra:
        shown = " ".join(str(card) for card in sorted(extra.elements(), key=lambda c: c.code))
        raise SamplingError(f"the view shows cards the shoe does not hold: {shown}")
    return rest


def sample_match(match: M, seat: int, rng: random.Random) -> M:
    """A copy of ``match`` whose hidden cards (as ``seat`` sees it) are dealt anew at
    random from ``rng``: ``sample.view(seat) == match.view(seat)``, every other hand keeps
    its size and its known cards, the stock its size, and the cards add up to the shoe.
    (For many samples of one position, :class:`Sampler` does the common work once.)
    """
    return Sampler(match, seat).sample(rng)


class Sampler(Generic[M]):
    """Samples of one position as ``seat`` sees it: the view, the unseen cards and the
    copy to deal them into are worked out once, each :meth:`sample` only deals.

    >>> import random
    >>> from rummykit import game
    >>> match = game("may-i").new_match(players=4, seed=7)
    >>> sampler = Sampler(match, 2)
    >>> first, second = sampler.sample(random.Random(1)), sampler.sample(random.Random(2))
    >>> first.view(2) == second.view(2) == match.view(2), first.hands[0] == second.hands[0]
    (True, False)

    ``weight`` rates a deal of the unseen cards: given the hands it would give (every
    seat's, by seat, as :meth:`hands` makes them; the seat's own as it is), the chance in
    [0, 1] of keeping it; a deal not kept is dealt again, up to ``tries`` deals a sample
    (the last one stands: the samples follow the weight exactly only when some deal is
    kept within ``tries``).
    Here seat 0 is taken not to hold the ace of spades:

    >>> from rummykit import parse_cards
    >>> ace = parse_cards("AS")[0]
    >>> no_ace = Sampler(match, 2, weight=lambda hands: 0.0 if ace in hands[0] else 1.0)
    >>> any(ace in no_ace.sample(random.Random(s)).hands[0] for s in range(20))
    False
    """

    def __init__(
        self,
        match: M,
        seat: int,
        *,
        weight: Callable[[list[list[Card]]], float] | None = None,
        tries: int = 32,
    ) -> None:
        if not isinstance(match, Match):
            raise SamplingError(f"a Sampler samples a Match, got {match!r}")
        if weight is not None and not callable(weight):
            raise SamplingError(f"a Sampler's weight must be callable, got {weight!r}")
        if isinstance(tries, bool) or not isinstance(tries, int) or not 1 <= tries <= _MAX_TRIES:
            raise SamplingError(
                f"a Sampler's tries must be a whole number from 1 to {_MAX_TRIES}, got {tries!r}"
            )
        self.weight = weight
        """How likely a deal of the unseen cards is kept (``None``: every deal, uniform)."""
        self.tries = tries
        """The most deals tried for one sample when ``weight`` is given."""
        self.seat = seat
        """The seat whose knowledge the samples keep."""
        self.view = match.view(seat)
        """That seat's view of the position (every sample shows it the same)."""
        self.unseen = unseen_cards(self.view, match.spec.shoe(), match.pile.cards)
        """The cards the seat cannot see, dealt anew in each sample."""
        unknown = len(self.unseen) - self.view.stock_size
        needs: list[tuple[int, list[Card], int]] = []
        for other, size in enumerate(self.view.hand_sizes):
            if other == seat:
                continue
            known = list(self.view.known[other])
            need = size - len(known)
            if need < 0:
                raise SamplingError(f"seat {other}'s hand does not fit what seat {seat} sees")
            needs.append((other, known, need))
        if sum(need for _, _, need in needs) != unknown:
            raise SamplingError(f"the unseen cards do not fit seat {seat}'s view")
        self._needs = needs
        # The copy samples are cloned from: no log (a sample is played forward, never
        # read back) and the unseen cards dealt in shoe order, so that no hidden card of
        # the real match is kept anywhere.
        self._base: M = match.clone(hide_for=seat, log=False)
        self._deal(self._base, list(self.unseen))

    def _deal(self, sample: M, pool: list[Card]) -> None:
        """Deal ``pool`` into the other hands' unknown places, then the stock."""
        deal = sample.deal
        position = 0
        for other, known, need in self._needs:
            deal.hands[other] = known + pool[position : position + need]
            position += need
        deal.stock = Stock(pool[position:])  # a clone lists its actions afresh

    def sample(self, rng: random.Random) -> M:
        """One sample (see :func:`sample_match`), dealt from ``rng`` (a
        :class:`random.Random`)."""
        if not isinstance(rng, random.Random):
            raise SamplingError(f"a sample is dealt from a random.Random, got {rng!r}")
        pool = list(self.unseen)
        rng.shuffle(pool)
        weight = self.weight
        if weight is not None:
            for _ in range(self.tries - 1):
                chance = weight(self.hands(pool))
                if not 0.0 <= chance <= 1.0:  # also refuses NaN
                    raise SamplingError(f"a Sampler's weight must be in [0, 1], got {chance!r}")
                if chance >= 1.0 or (chance > 0.0 and rng.random() < chance):
                    break
                rng.shuffle(pool)
        sample: M = self._base.clone()
        self._deal(sample, pool)
        sample.rng = random.Random(rng.getrandbits(64))
        return sample

    def hands(self, pool: Sequence[Card]) -> list[list[Card]]:
        """Every seat's hand, by seat, if the unseen cards were dealt in the order of
        ``pool`` (the sampling seat's own hand as it is): what ``weight`` rates."""
        hands = [list(self.view.hand) for _ in self.view.hand_sizes]
        position = 0
        for other, known, need in self._needs:
            hands[other] = known + list(pool[position : position + need])
            position += need
        return hands
