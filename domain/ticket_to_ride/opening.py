"""The opening (§2): the first event of a game, with every shuffle it needs, and the state it
deals.

Random draws, in order: the first player (a pick, §2 Resolved), the train cards (each
deck's, in deck order), the long tickets (when the variant deals any), the regular
tickets, then any reshuffle the market's resets need, and last what the map's
features draw (goal cards). Each seat is dealt its share of every deck in deck order,
then its long then regular tickets, from the top.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.kernel.protocol import Setup
from domain.kernel.rng import Rng, Seed, Shuffle
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.cardflow import replay_reshuffles, rng_reshuffle
from domain.ticket_to_ride.events import GameStarted
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.redaction import blank
from domain.ticket_to_ride.ruleset import ruleset_from_fields, ruleset_of
from domain.ticket_to_ride.state import GameState, Pile, PlayerState


def start(engine: Engine, setup: Setup, seed: Seed) -> GameStarted:
    """Shuffle and deal: the game-started event."""
    board = engine.board
    rules = ruleset_of(board, setup)
    rng = Rng(seed, 0)
    first = rng.pick(setup.seats)
    card_shuffles = [rng.shuffle(cards) for cards in board.deck_cards]
    long_shuffle = None
    if rules.tickets.long_dealt:
        long_shuffle = rng.shuffle(ticket_names(board, rules.long_tickets))
    ticket_shuffle = rng.shuffle(ticket_names(board, rules.regular_tickets))
    piles = [(card_indices(board, s.after), [0] * len(board.card_names)) for s in card_shuffles]
    hands = []
    for _ in range(setup.seats):
        dealt: list[int] = []
        for (deck, _), share in zip(piles, board.deck_hand, strict=True):
            dealt += deck[len(deck) - share :]
            del deck[len(deck) - share :]
        hands.append([board.card_names[c] for c in sorted(dealt)])
    display = [-1] * sum(board.deck_face_up)
    shuffles: list[Shuffle] = []
    reshuffles = [rng_reshuffle(board, deck, discard, rng, shuffles) for deck, discard in piles]
    engine.market.deal(board, rules, piles, reshuffles, display)
    drawn: dict[str, object] = {}
    for opening in engine.openings:
        drawn.update(opening(board, rules, rng))
    longs = ticket_numbers(board, long_shuffle.after) if long_shuffle else []
    regular = ticket_numbers(board, ticket_shuffle.after)
    offered: list[list[int] | None] = []
    for _ in range(setup.seats):
        dealt_tickets = [longs.pop() for _ in range(rules.tickets.long_dealt)]
        offered.append(dealt_tickets + [regular.pop() for _ in range(rules.tickets.regular_dealt)])
    return GameStarted(
        seed_commitment=seed.commitment,
        map=rules.map,
        variant=rules.variant,
        # the ruleset refused every string value: this keeps the checked booleans and integers
        options={k: v for k, v in setup.options.items() if not isinstance(v, str)},
        seats=setup.seats,
        first=first,
        cards=card_shuffles[0],
        more_cards=card_shuffles[1:],
        long_tickets=long_shuffle,
        tickets=ticket_shuffle,
        shuffles=shuffles,
        display=[None if c < 0 else board.card_name(c) for c in display],
        hands=list(hands),
        offered=offered,
        rules_version=rules.version,
        **drawn,  # type: ignore[arg-type]
    )


def start_state(engine: Engine, event: GameStarted) -> GameState:
    """The state after the opening: deal cards, market and tickets from the recorded
    shuffles, then what each feature sets up.

    Replays open every game here, so the opening avoids per-game work (a `Setup` for
    the ruleset, a comprehension per list) that would cost replay speed.
    """
    board = engine.board
    rules = ruleset_from_fields(
        board, event.seats, event.map, event.variant, event.options, event.rules_version
    )
    kinds = len(board.card_names)
    piles = [(card_indices(board, event.cards.after), [0] * kinds)]
    for shuffle in event.more_cards:
        piles.append((card_indices(board, shuffle.after), [0] * kinds))
    pieces = rules.piece_counts
    players = []
    for _ in range(event.seats):
        hand = [0] * kinds
        for (deck, _), share in zip(piles, board.deck_hand, strict=True):
            for _ in range(share):
                hand[deck.pop()] += 1
        players.append(PlayerState(hand, list(pieces)))
    display = [-1] * sum(board.deck_face_up)
    engine.market.deal(board, rules, piles, replay_reshuffles(board, piles, event.shuffles),
                       display)
    (deck, discard), *more = piles
    longs = ticket_numbers(board, event.long_tickets.after) if event.long_tickets else []
    regular = ticket_numbers(board, event.tickets.after)
    long_dealt, regular_dealt = rules.tickets.long_dealt, rules.tickets.regular_dealt
    for player in players:
        offered = []
        for _ in range(long_dealt):
            offered.append(longs.pop())
        for _ in range(regular_dealt):
            offered.append(regular.pop())
        player.offered = offered
    state = GameState(
        rules=rules,
        seats=event.seats,
        phase="choosing-tickets",
        seed_commitment=event.seed_commitment,
        players=players,
        deck=deck,
        discard=discard,
        display=display,
        ticket_pile=regular,
        route_owner=[-1] * len(board.route_length),
        station_owner=[-1] * len(board.city_ids),
        closed=[0] * len(board.route_length),
        first=event.first.value,
        current=event.first.value,
        draws=_last_draw(event) + 1,
        piles=[Pile(draw, discard) for draw, discard in more] if more else [],
    )
    for setup in engine.starts:
        setup(engine, state, event)
    return state


def _redact(event: GameStarted, viewer: int | None) -> GameStarted:
    """Every shuffle's outcome hidden; each seat's hand and tickets its own."""
    return replace(
        event,
        cards=blank(event.cards),
        long_tickets=None if event.long_tickets is None else blank(event.long_tickets),
        more_cards=[blank(s) for s in event.more_cards],
        tickets=blank(event.tickets),
        shuffles=[blank(s) for s in event.shuffles],
        goals=None if event.goals is None else blank(event.goals),
        hands=[h if seat == viewer else None for seat, h in enumerate(event.hands)],
        offered=[t if seat == viewer else None for seat, t in enumerate(event.offered)],
    )


#: the opening's own event (its state is built by `start_state`, not applied)
OPENING = Feature(name="opening", redactions={GameStarted: _redact})


def _last_draw(event: GameStarted) -> int:
    """The last random draw the opening used."""
    last = max(event.first.draw, event.cards.draw, event.tickets.draw)
    for shuffle in (*event.shuffles, *event.more_cards):
        last = max(last, shuffle.draw)
    if event.long_tickets:
        last = max(last, event.long_tickets.draw)
    if event.goals is not None:
        last = max(last, event.goals.draw)
    return last


def ticket_names(board: Board, numbers: tuple[int, ...]) -> list[str]:
    """The ticket `numbers` as a shuffle names them (their decimal strings)."""
    return list(map(board.ticket_names.__getitem__, numbers))


def ticket_numbers(board: Board, names: tuple[str, ...]) -> list[int]:
    """Each ticket number a shuffle names, by `int`: looked up from the board's own
    spellings (faster), any other spelling converted."""
    try:
        return list(map(board.ticket_at.__getitem__, names))
    except KeyError:
        return list(map(int, names))


def card_indices(board: Board, names: tuple[str, ...]) -> list[int]:
    """The card index of each name, -1 for a name the board lacks (the rare slow path)."""
    try:
        return list(map(board.card_at.__getitem__, names))
    except KeyError:
        card_at = board.card_at.get
        return [card_at(name, -1) for name in names]
