"""The shared turn: a command's view of the game while deciding, and when a turn is over.

Deciding (`Turn`): a command reads the state and never changes it. Where cards move,
it works on copies of the piles made on first need, shuffles with the game's `Rng`
and records each outcome, so `evolve` replays the same movements from the events
alone (`cardflow`). A payment reaches the copied discards only when something in the
same command reads them (a refill, a tunnel's reveal, a bonus draw): most claims copy
nothing.

When a turn is over is said in one place on each side:

* deciding, a command that ends the turn passes its events through `finish`, which
  lets the market refill (or wait for the player's choice of deck) and ends the game
  after the last turn; a card draw ends the turn by `draw_ends_turn`;
* evolving, `end_turn` passes the turn on and counts the final round down.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.kernel.rng import Rng, Seed, Shuffle
from domain.ticket_to_ride.cardflow import draw_top, rng_reshuffle
from domain.ticket_to_ride.events import Event, GameEnded, Passed
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.redaction import public
from domain.ticket_to_ride.state import GameState


class Turn:
    """The card piles as this command leaves them (copies, made on first change), the
    command's `Rng` (positioned at the state's draw count), the shuffles it recorded and
    the cards it paid that have not yet reached the discards."""

    __slots__ = (
        "_rng",
        "_unpaid",
        "board",
        "deck",
        "discard",
        "display",
        "engine",
        "more",
        "owned",
        "seed",
        "shuffles",
        "state",
    )

    def __init__(self, engine: Engine, state: GameState, seed: Seed) -> None:
        self.engine = engine
        self.board = engine.board
        self.state = state
        # the state's own lists, read-only until `own` copies them
        self.deck = state.deck
        self.discard = state.discard
        self.display = state.display
        #: the other decks' piles, once `own` has copied them
        self.more: Sequence[tuple[list[int], list[int]]] = ()
        self.owned = False
        self.seed = seed
        self._rng: Rng | None = None
        self._unpaid: list[tuple[int, int]] = []
        self.shuffles: list[Shuffle] = []

    @property
    def rng(self) -> Rng:
        """The game's generator at its next draw (made on first use)."""
        if self._rng is None:
            self._rng = Rng(self.seed, self.state.draws)
        return self._rng

    def own(self) -> None:
        """Copy the piles before the first change or read of the discards, so the state
        stays untouched, and let the cards paid so far reach the discards."""
        if not self.owned:
            self.deck = list(self.deck)
            self.discard = list(self.discard)
            self.display = list(self.display)
            self.more = [(list(p.draw), list(p.discard)) for p in self.state.piles]
            self.owned = True
        if self._unpaid:
            deck_of = self.board.card_deck
            piles = self.decks_as_they_are()
            for card, count in self._unpaid:
                piles[deck_of[card]][1][card] += count
            self._unpaid.clear()

    def decks_as_they_are(self) -> list[tuple[list[int], list[int]]]:
        """Every deck's draw pile and discards as held now (call `own` first to change
        them or read the discards)."""
        more = self.more if self.owned else [(p.draw, p.discard) for p in self.state.piles]
        return [(self.deck, self.discard), *more]

    def decks(self) -> list[tuple[list[int], list[int]]]:
        """Every deck's draw pile and discards as this command leaves them (copies)."""
        self.own()
        return self.decks_as_they_are()

    def pay(self, paid: Sequence[int]) -> None:
        """Discard the cards `paid` (counts per card index), each to its own deck."""
        for card, count in enumerate(paid):
            if count:
                self._unpaid.append((card, count))
        if self.owned:
            self.own()

    def pay_colour(self, colour: int, locomotives: int, cards: int) -> None:
        """Discard `cards` cards of `colour` (-1: none), `locomotives` of them wild."""
        if locomotives:
            self._unpaid.append((self.board.locomotive, locomotives))
        if colour >= 0 and cards > locomotives:
            self._unpaid.append((colour, cards - locomotives))
        if self.owned:
            self.own()

    def reshuffles(self) -> list[Callable[[], None]]:
        """One reshuffle callback per deck, shuffling with the game's generator."""
        return [
            rng_reshuffle(self.board, deck, discard, self.rng, self.shuffles)
            for deck, discard in self.decks()
        ]

    def reshuffle(self) -> None:
        """Make the first deck's discards its new draw pile, shuffled."""
        rng_reshuffle(self.board, self.deck, self.discard, self.rng, self.shuffles)()

    def draw(self) -> int:
        """The first deck's top card (-1: none left anywhere), reshuffling as needed."""
        self.own()
        return draw_top(self.deck, self.discard, self.reshuffle)

    def discard_card(self, card: int) -> None:
        self.own()
        self.discard[card] += 1

    def empty_slot(self, slot: int) -> None:
        self.own()
        self.display[slot] = -1

    def take_shuffles(self) -> list[Shuffle]:
        """The shuffles recorded since the last call (each belongs to one event)."""
        taken, self.shuffles = self.shuffles, []
        return taken

    def display_names(self) -> list[str | None]:
        names = self.board.card_names
        return [None if c < 0 else names[c] for c in self.display]


def draw_ends_turn(second: bool, wild_face_up: bool, supply: bool, display: list[int],
                   wild: int) -> bool:
    """Whether a card just drawn ends the draw (§4.1, §4.2, §4.4 Resolved): it was the
    second, or a face-up wild, or nothing is left that may be taken second — no deck
    can give a card (`supply`) and every face-up card is a wild or none."""
    return second or wild_face_up or not (supply or any(0 <= c != wild for c in display))


def finish(turn: Turn, events: list[Event]) -> list[Event]:
    """`events` of a command that ends the turn, with what ends a turn appended: the
    market's refill (§4.4; the chosen market may first wait for the player's choice of
    deck) and, after the last turn, the game's end (§8)."""
    if not turn.engine.market.finish(turn, events):
        return events
    state = turn.state
    passes = state.passes + 1 if isinstance(events[-1], Passed) else 0
    if state.turns_left == 1 or passes >= state.seats:
        # the printed end (§8) names the reason when both hold; all-passed is the safeguard
        reason = "final-round" if state.turns_left == 1 else "all-passed"
        events.append(_game_ended(turn.engine, state, events, reason, turn.seed))
    return events


def _game_ended(
    engine: Engine, state: GameState, events: list[Event], reason: str, seed: Seed
) -> GameEnded:
    """The final event: scores computed on the state the turn's events leave."""
    trial = state.copy()
    for event in events:
        engine.apply(trial, event)
    scores, won = final_scores(engine, trial)
    return GameEnded(reason, scores, won, [list(p.tickets) for p in trial.players], seed.hex)


def forfeit(engine: Engine, state: GameState, seat: int, seed: Seed) -> list[Event]:
    """`seat` forfeits: the game ends now, scored as it stands, `seat` never a winner."""
    scores, won = final_scores(engine, state, forfeited=seat)
    return [GameEnded("forfeit", scores, won, [list(p.tickets) for p in state.players],
                      seed.hex)]


def end_turn(engine: Engine, state: GameState) -> None:
    """Evolving: pass the turn on (§3) and run the end trigger's countdown (§8), unless
    the market first waits for a refill choice (the turn then ends after it)."""
    market = engine.market
    if market.waits and not market.turn_ends(state):
        return
    state.pending = None
    state.turn += 1
    turns_left = state.turns_left
    if turns_left > 0:
        state.turns_left = turns_left - 1
    elif turns_left < 0:
        rules = state.rules
        pieces = state.players[state.current].pieces
        left = 0
        for kind in rules.end_pieces:
            left += pieces[kind]
        end = rules.core.end
        if left <= end.trigger:
            state.turns_left = state.seats * end.final_rounds
    state.current = (state.current + 1) % state.seats



def game_ended(engine: Engine, state: GameState, event: GameEnded) -> None:
    state.phase = "finished"
    state.final = list(event.scores)
    state.winners = list(event.winners)


#: the end of the game's own event
ENDING = Feature(name="the end", appliers={GameEnded: game_ended},
                 redactions={GameEnded: public})
