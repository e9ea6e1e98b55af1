"""The decider: the opening, and the events each command causes (§3-§7).

`decide` never touches the caller's state: it works on a copy, applying each
event as it is emitted, and keeps going through every step that needs nobody's
choice (a Change floor, a card with no legal way, the deals of a new round,
an event without choices) until some seat must act or the game is over.
"""

from __future__ import annotations

from domain.colt_express.commands import (
    Command,
    DeclineCoverFire,
    DrawCards,
    Fire,
    GiveUpPurse,
    KeepCard,
    MoveBandit,
    MoveMarshal,
    Pickpocket,
    PlaceBandits,
    PlayCard,
    Punch,
    Rob,
)
from domain.colt_express.components import (
    CHARACTERS,
    DRAW,
    GUNSLINGER_BONUS,
    HOSTAGE_RANSOM,
    JEWEL_VALUE,
    NEUTRAL_BULLET,
    PURSE_VALUES,
    ROUNDS,
    STARTING_PURSE,
    STATION_CARDS,
    STRONGBOX_VALUE,
    WAGONS,
    bullet_card,
    card_parts,
    is_bullet,
    regular_round_cards,
)
from domain.colt_express.events import (
    BanditMoved,
    BanditsPlaced,
    BulletTaken,
    CardPlayed,
    CardResolved,
    CardRevealed,
    CardsDrawn,
    ChoiceMade,
    ColtExpressGameEnded,
    ColtExpressGameStarted,
    CoverFireDeclined,
    Event,
    HandDealt,
    LootDropped,
    LootPlaced,
    LootTaken,
    MarshalMoved,
    RansomPaid,
    RoundBegan,
    RoundEnded,
    RoundEventBegan,
    SchemingEnded,
)
from domain.colt_express.evolve import cover_cards, evolve, hand_size, opens_cover_fire
from domain.colt_express.state import State
from domain.colt_express.train import (
    adjacent,
    fire_targets,
    inside_at,
    loot_at,
    move_destinations,
    on_roof_at,
    punch_victims,
)
from domain.colt_express.versions import check_version, started_version
from domain.kernel.errors import RuleViolation, wire_name
from domain.kernel.protocol import Setup
from domain.kernel.rng import Rng, Seed


def token_value(state: State, token: str) -> int:
    """The dollar value of a loot token (purse values are hidden, §4.5)."""
    kind = token.partition("-")[0]
    if kind == "purse":
        return state.purse_values[token]
    if kind == "jewel":
        return JEWEL_VALUE
    if kind == "strongbox":
        return STRONGBOX_VALUE
    return HOSTAGE_RANSOM


class _Lookahead:
    """A private copy of the state and the events emitted on it so far."""

    __slots__ = ("events", "seed", "state")

    def __init__(self, state: State, seed: Seed) -> None:
        self.state = state
        self.seed = seed
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = evolve(self.state, event)
        self.events.append(event)

    def rng(self) -> Rng:
        return Rng(self.seed, self.state.draws)


# --- setup ---------------------------------------------------------------------------


def character_choice(setup: Setup) -> list[str] | None:
    """The characters named by the ``characters`` option, or None for a random draw."""
    raw = setup.options.get("characters", "random")
    if not isinstance(raw, str) or raw == "random":
        return None
    return [c.strip(" ") for c in raw.split(",")]


def bandits_for(seats: int) -> int:
    """How many bandits play with `seats` seats: two each with two seats (§8)."""
    return seats * (2 if seats == 2 else 1)


def check_setup(setup: Setup) -> None:
    """Refuse what cannot be played: 2-6 seats, the two-player variant only with 2 seats."""
    check_version(setup)
    if not 2 <= setup.seats <= 6:
        raise RuleViolation("bad-setup", "Colt Express is for 2 to 6 players", "§3")
    if setup.map is not None:
        raise RuleViolation("bad-setup", "Colt Express has no maps", "§3")
    if setup.variant not in (None, "two-player"):
        raise RuleViolation("bad-setup", f"unknown variant {setup.variant!r}", "§8")
    if setup.variant == "two-player" and setup.seats != 2:
        raise RuleViolation("bad-setup", "the two-player variant needs 2 seats", "§8")
    unknown = set(setup.options) - {"characters"}
    if unknown:
        raise RuleViolation("bad-setup", f"unknown options {sorted(unknown)}", "§3")
    if not isinstance(setup.options.get("characters", "random"), str):
        raise RuleViolation("bad-setup", "the characters option is a string", "§3.7")
    chosen = character_choice(setup)
    if chosen is not None:
        wanted = bandits_for(setup.seats)
        if (
            len(chosen) != wanted
            or len(set(chosen)) != wanted
            or not set(chosen) <= set(CHARACTERS)
        ):
            raise RuleViolation(
                "bad-setup",
                f"characters must name {wanted} different characters of {', '.join(CHARACTERS)}",
                "§3.7",
            )


def start(setup: Setup, seed: Seed) -> list[Event]:
    """Setup (§3) and the opening of round 1 (or the two-player placement, §8)."""
    check_setup(setup)
    n = setup.seats
    two_player = n == 2
    bandits = n * (2 if two_player else 1)
    rng = Rng(seed, 0)
    chosen = character_choice(setup)
    character_draw = None
    if chosen is None:
        character_draw = rng.shuffle(CHARACTERS)
        chosen = list(character_draw.after[:bandits])
    wagons = rng.shuffle(sorted(WAGONS))
    pool = list(PURSE_VALUES)
    for _ in range(bandits):
        pool.remove(STARTING_PURSE)  # set aside before loading the cars (§3.2)
    purses = rng.shuffle([str(v) for v in pool])
    round_cards = rng.shuffle(regular_round_cards(n))
    station = rng.pick(len(STATION_CARDS))
    first_player = rng.pick(n)
    started = ColtExpressGameStarted(
        seed_commitment=seed.commitment,
        seats=n,
        two_player=two_player,
        characters=chosen,
        character_draw=character_draw,
        wagons=wagons,
        first_player=first_player,
        purses=purses,
        round_cards=round_cards,
        station=station,
        rules_version=started_version(setup),
    )
    look = _Lookahead(evolve(None, started), seed)
    look.events.append(started)
    _continue(look)
    return look.events


# --- commands ------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    """The one seat that must act now, or nobody once the game is over."""
    phase = state.phase
    if phase in ("placing", "keeping"):
        return [(state.first_player + state.setup_pos) % state.seats]
    if phase == "schemin":
        if state.turn < len(state.turn_types()):
            return [state.actor()]
        return []
    if phase == "stealin" and state.revealed:
        b = state.bandit(card_parts(state.pile[state.pile_pos])[0])
        return [state.controller[b]]
    if phase == "event" and state.queue:
        return [state.controller[state.queue[0]]]
    return []


def decide(state: State, seat: int, command: Command, seed: Seed) -> list[Event]:
    """The events `command` from `seat` causes, or raise `RuleViolation`."""
    if state.phase == "finished":
        raise RuleViolation("game-over", "the game has ended", "§7")
    if seat not in to_act(state):
        raise RuleViolation("not-your-turn", f"seat {seat} may not act now", "§4")
    phase = state.phase
    if phase == "schemin" and isinstance(command, (PlayCard, DrawCards, DeclineCoverFire)):
        event = _scheming(state, seat, command)
        if not _ends_scheming(state, event):
            return [event]  # the common case needs no look-ahead copy
        look = _Lookahead(state.clone(), seed)
        look.emit(event)
    else:
        look = _Lookahead(state.clone(), seed)
        if isinstance(command, PlaceBandits) and phase == "placing":
            _place(look, seat, command)
        elif isinstance(command, KeepCard) and phase == "keeping":
            _keep(look, seat, command)
        elif phase == "stealin":
            b = state.bandit(card_parts(state.pile[state.pile_pos])[0])
            if command not in card_options(state, b):
                raise RuleViolation(
                    "illegal-action",
                    f"{wire_name(command)!r} is not a legal way to carry out this card",
                    "§4.3",
                )
            _resolve(look, b, command)
            look.emit(CardResolved(index=state.pile_pos, effect=True))
        elif phase == "event":
            if command not in event_options(state):
                raise RuleViolation("illegal-choice", "not a legal choice for this event", "§6")
            _event_choice(look, command)
        else:
            raise RuleViolation(
                "unexpected-command", f"{wire_name(command)!r} is not expected now", "§4"
            )
    _continue(look)
    return look.events


def _place(look: _Lookahead, seat: int, command: PlaceBandits) -> None:
    s = look.state
    own = [s.characters[b] for b in range(len(s.characters)) if s.controller[b] == seat]
    if command.caboose not in own:
        raise RuleViolation("not-your-bandit", f"{command.caboose} is not your bandit", "§8")
    look.emit(BanditsPlaced(seat=seat, caboose=command.caboose))


def _keep(look: _Lookahead, seat: int, command: KeepCard) -> None:
    s = look.state
    deck = list(s.decks[seat])
    if command.card not in deck:
        raise RuleViolation("card-not-in-deck", f"{command.card} is not in your deck", "§8")
    deck.remove(command.card)
    _deal(look, seat, deck, command.card)


def _deal(look: _Lookahead, seat: int, deck: list[str], kept: str | None) -> None:
    """Shuffle the seat's deck and draw its hand (§4.1); `after` lists the top first."""
    shuffle = look.rng().shuffle(sorted(deck))
    drawn = hand_size(look.state, seat)
    hand = ([kept] if kept is not None else []) + list(shuffle.after[:drawn])
    look.emit(HandDealt(seat=seat, size=len(hand), kept=kept, shuffle=shuffle, hand=hand))


def ghost_may_hide(state: State, card: str) -> bool:
    """Ghost's first turn of the round: his card may go face down (§4.2; 2p: Ghost's card)."""
    return (
        state.turn == 0
        and card_parts(card)[0] == "ghost"
        and state.turn_types()[0] != "tunnel"
        and not state.cover_pending
    )


def _scheming(state: State, seat: int, command: PlayCard | DrawCards | DeclineCoverFire) -> Event:
    """The one event of a Schemin' action (§4.2, §8), read off the untouched state."""
    if isinstance(command, PlayCard):
        return _play(state, seat, command)
    if state.cover_pending:
        if isinstance(command, DeclineCoverFire):
            return CoverFireDeclined(seat=seat)
        raise RuleViolation("cover-fire-pending", "play a cover card or decline it", "§8")
    if isinstance(command, DeclineCoverFire):
        raise RuleViolation("unexpected-command", "no cover fire is open", "§8")
    deck = state.decks[seat]
    if not deck:
        raise RuleViolation("deck-empty", "your deck is empty: play a card", "§4.2")
    cards = deck[max(0, len(deck) - DRAW) :][::-1]
    return CardsDrawn(seat=seat, count=len(cards), cards=cards)


def _ends_scheming(state: State, event: Event) -> bool:
    """Whether `event` is the last action of the round's last turn."""
    if isinstance(event, CardPlayed) and opens_cover_fire(state, event):
        return False
    return (
        state.turn == len(state.turn_types()) - 1 and state.turn_pos == state.actions_in_turn() - 1
    )


def _play(state: State, seat: int, command: PlayCard) -> CardPlayed:
    card = command.card
    if card not in state.hands[seat] or is_bullet(card):
        raise RuleViolation(
            "card-not-in-hand", f"{card} is not an action card in your hand", "§4.2"
        )
    if state.cover_pending:
        fired_by = card_parts(state.pile[-1])[0]
        if card not in cover_cards(state, seat, fired_by) or command.face_down:
            raise RuleViolation(
                "illegal-cover-fire",
                "cover fire is one face-up non-Marshal card of your other bandit",
                "§8",
            )
        return CardPlayed(seat=seat, card=card, face_down=False, cover_fire=True)
    tunnel = state.turn_types()[state.turn] == "tunnel"
    if command.face_down and not tunnel and not ghost_may_hide(state, card):
        raise RuleViolation(
            "face-down-not-allowed",
            "cards go face down only in a tunnel or as Ghost's first card",
            "§4.2",
        )
    return CardPlayed(seat=seat, card=card, face_down=tunnel or command.face_down, cover_fire=False)


# --- Stealin' -----------------------------------------------------------------------


def card_options(state: State, b: int) -> list[Command]:
    """Every legal way for bandit `b` to carry out the revealed card (§4.3).

    Empty when the card has no effect; Change floor has no choice and is
    resolved without asking, so it has none either.
    """
    action = card_parts(state.pile[state.pile_pos])[1]
    if action == "move":
        return [MoveBandit(car=c) for c in move_destinations(state, b)]
    if action == "fire":
        if state.bullets_left[b] == 0:
            return []
        return [Fire(target=state.characters[t]) for t in fire_targets(state, b)]
    if action == "punch":
        return _punch_options(state, b)
    if action == "rob":
        car, roof = state.bandit_car[b], state.bandit_roof[b]
        return [Rob(token=t) for t in loot_at(state, car, roof)]
    if action == "marshal":
        return [MoveMarshal(car=c) for c in adjacent(state, state.marshal)]
    return []


def _punch_options(state: State, b: int) -> list[Command]:
    options: list[Command] = []
    cheyenne = state.characters[b] == "cheyenne"
    for v in punch_victims(state, b):
        tokens: list[str | None] = list(state.held[v]) or [None]
        for token in tokens:
            grabs = [False, True] if cheyenne and token and token.startswith("purse-") else [False]
            for grab in grabs:
                for car in adjacent(state, state.bandit_car[v]):
                    options.append(
                        Punch(victim=state.characters[v], token=token, car=car, take_purse=grab)
                    )
    return options


def _encounter(look: _Lookahead, bandits: list[int]) -> None:
    """Bandits inside the Marshal's car flee to its roof, each with a neutral bullet (§5)."""
    s = look.state
    for b in bandits:
        look.emit(BanditMoved(bandit=s.characters[b], car=s.marshal, roof=True, cause="marshal"))
    _neutral_bullets(look, bandits)


def _neutral_bullets(look: _Lookahead, bandits: list[int]) -> None:
    """One neutral bullet each, or none for the group if the supply cannot cover it (§5)."""
    s = look.state
    if not bandits or s.neutral_left < len(bandits):
        return
    for b in bandits:
        look.emit(BulletTaken(bandit=s.characters[b], card=NEUTRAL_BULLET, shooter=None))


def _move_to(look: _Lookahead, b: int, car: int, roof: bool, cause: str) -> None:
    """Move a bandit, then the Marshal encounter if he came inside the Marshal's car."""
    s = look.state
    look.emit(BanditMoved(bandit=s.characters[b], car=car, roof=roof, cause=cause))
    if not roof and car == s.marshal:
        _encounter(look, [b])


def _resolve(look: _Lookahead, b: int, command: Command | None) -> None:
    """The effects of the revealed card of bandit `b` carried out as `command` says."""
    s = look.state
    name = s.characters[b]
    if command is None:  # Change floor: the only action without a choice
        _move_to(look, b, s.bandit_car[b], not s.bandit_roof[b], "change-floor")
    elif isinstance(command, MoveBandit):
        _move_to(look, b, command.car, s.bandit_roof[b], "move")
    elif isinstance(command, Fire):
        t = s.bandit(command.target)
        look.emit(
            BulletTaken(
                bandit=command.target, card=bullet_card(name, s.bullets_left[b]), shooter=name
            )
        )
        if name == "django":
            step = 1 if s.bandit_car[t] > s.bandit_car[b] else -1
            car = s.bandit_car[t] + step
            if 0 <= car <= s.caboose:  # never off the train (§4.3)
                _move_to(look, t, car, s.bandit_roof[t], "django")
    elif isinstance(command, Punch):
        v = s.bandit(command.victim)
        car, roof = s.bandit_car[v], s.bandit_roof[v]
        if command.token is not None:
            look.emit(LootDropped(bandit=command.victim, token=command.token, car=car, roof=roof))
            if command.take_purse:
                _take(look, b, command.token, car, roof)
        _move_to(look, v, command.car, roof, "punch")
    elif isinstance(command, Rob):
        _take(look, b, command.token, s.bandit_car[b], s.bandit_roof[b])
    elif isinstance(command, MoveMarshal):
        look.emit(MarshalMoved(car=command.car))
        _encounter(look, inside_at(s, command.car))


def _take(look: _Lookahead, b: int, token: str, car: int, roof: bool) -> None:
    s = look.state
    look.emit(
        LootTaken(
            bandit=s.characters[b],
            seat=s.controller[b],
            token=token,
            car=car,
            roof=roof,
            value=token_value(s, token),
        )
    )


# --- end of round -------------------------------------------------------------------


def event_options(state: State) -> list[Command]:
    """The choices of the first bandit owing one for the round's event (§6)."""
    b = state.queue[0]
    car, roof = state.bandit_car[b], state.bandit_roof[b]
    if state.round_event() == "pickpocketing":
        purses = [t for t in loot_at(state, car, roof) if t.startswith("purse-")]
        return [Pickpocket(token=None), *(Pickpocket(token=t) for t in purses)]
    return [GiveUpPurse(token=t) for t in _lowest_purses(state, b)]


def _lowest_purses(state: State, b: int) -> list[str]:
    purses = [t for t in state.held[b] if t.startswith("purse-")]
    if not purses:
        return []
    low = min(state.purse_values[t] for t in purses)
    return [t for t in purses if state.purse_values[t] == low]


def _event_choice(look: _Lookahead, command: Command) -> None:
    s = look.state
    b = s.queue[0]
    name, car, roof = s.characters[b], s.bandit_car[b], s.bandit_roof[b]
    if isinstance(command, Pickpocket):
        look.emit(ChoiceMade(bandit=name, token=command.token))
        if command.token is not None:
            _take(look, b, command.token, car, roof)
    elif isinstance(command, GiveUpPurse):
        look.emit(ChoiceMade(bandit=name, token=command.token))
        look.emit(LootDropped(bandit=name, token=command.token, car=car, roof=roof))


def _round_event(look: _Lookahead, event: str) -> None:
    """Apply the round card's event; bandits are judged where they stand now (§6)."""
    s = look.state
    order = s.bandits_in_seat_order()
    if event == "pickpocketing":
        choosers = [
            b
            for b in order
            if len(_at(s, b)) == 1
            and any(t.startswith("purse-") for t in loot_at(s, s.bandit_car[b], s.bandit_roof[b]))
        ]
        look.emit(RoundEventBegan(event=event, choosers=[s.characters[b] for b in choosers]))
        return
    if event == "marshals_revenge":
        # From 0.3 every holder is asked, so that being asked tells nobody whose lowest
        # purses tie (domain.colt_express.versions); before, only tied holders were
        victims = [b for b in order if b in on_roof_at(s, s.marshal)]
        least = 1 if s.every_holder_chooses else 2
        asked = [b for b in victims if len(_lowest_purses(s, b)) >= least]
        look.emit(RoundEventBegan(event=event, choosers=[s.characters[b] for b in asked]))
        for b in victims:
            if b in asked:
                continue
            lowest = _lowest_purses(s, b)
            if len(lowest) == 1:
                look.emit(
                    LootDropped(bandit=s.characters[b], token=lowest[0], car=s.marshal, roof=True)
                )
        return
    look.emit(RoundEventBegan(event=event, choosers=[]))
    if event == "angry_marshal":
        _neutral_bullets(look, [b for b in order if b in on_roof_at(s, s.marshal)])
        if s.marshal < s.caboose:
            look.emit(MarshalMoved(car=s.marshal + 1))
            _encounter(look, [b for b in order if b in inside_at(s, s.marshal)])
    elif event == "swivel_arm":
        for b in order:
            if s.bandit_roof[b] and s.bandit_car[b] != s.caboose:
                look.emit(
                    BanditMoved(bandit=s.characters[b], car=s.caboose, roof=True, cause=event)
                )
    elif event == "braking":
        for b in order:
            if s.bandit_roof[b] and s.bandit_car[b] > 0:
                look.emit(
                    BanditMoved(
                        bandit=s.characters[b], car=s.bandit_car[b] - 1, roof=True, cause=event
                    )
                )
    elif event == "take_it_all":
        for token in list(s.reserve):
            look.emit(LootPlaced(token=token, car=s.marshal))
    elif event == "passengers_rebellion":
        _neutral_bullets(look, [b for b in order if not s.bandit_roof[b]])
    elif event == "hostage_conductor":
        for b in order:
            if s.bandit_car[b] == 0:
                look.emit(RansomPaid(bandit=s.characters[b], token=f"ransom-{s.ransoms + 1}"))


def _at(state: State, b: int) -> list[int]:
    """Every bandit at b's location, b included."""
    car, roof = state.bandit_car[b], state.bandit_roof[b]
    return [
        o
        for o in range(len(state.characters))
        if state.bandit_car[o] == car and state.bandit_roof[o] == roof
    ]


# --- flow and scoring ---------------------------------------------------------------


def _continue(look: _Lookahead) -> None:
    """Emit every step that needs no choice, until a seat must act or the game ends."""
    while True:
        s = look.state
        phase = s.phase
        if phase == "between":
            if s.round >= ROUNDS:
                _end_game(look)
                return
            look.emit(
                RoundBegan(round=s.round, card=s.round_deck[s.round], first_player=s.first_player)
            )
        elif phase == "dealing":
            for seat in s.seat_order():
                _deal(look, seat, look.state.decks[seat], None)
        elif phase == "schemin":
            if s.turn < len(s.turn_types()):
                return
            look.emit(SchemingEnded())
        elif phase == "stealin":
            if s.pile_pos >= len(s.pile):
                event = s.round_event()
                if event is None:
                    look.emit(RoundEnded(round=s.round))
                else:
                    _round_event(look, event)
                continue
            if not s.revealed:
                look.emit(CardRevealed(index=s.pile_pos, card=s.pile[s.pile_pos]))
            b = s.bandit(card_parts(s.pile[s.pile_pos])[0])
            if card_parts(s.pile[s.pile_pos])[1] == "change_floor":
                _resolve(look, b, None)
                look.emit(CardResolved(index=s.pile_pos, effect=True))
            elif not card_options(s, b):
                look.emit(CardResolved(index=s.pile_pos, effect=False))
            else:
                return
        elif phase == "event":
            if s.queue:
                return
            look.emit(RoundEnded(round=s.round))
        else:  # placing, keeping: a seat must choose; finished: nothing more
            return


def final_scores(
    state: State, forfeited: int | None = None
) -> tuple[list[int], list[int], list[int]]:
    """(dollars per seat, winners, gunslingers) at the end of the game (§7, §8); a seat
    that `forfeited` is scored but never wins."""
    n = state.seats
    most = max(state.shots)
    gunslingers = [seat for seat in range(n) if state.shots[seat] == most]
    scores = [GUNSLINGER_BONUS if seat in gunslingers else 0 for seat in range(n)]
    received = [0] * n
    for b, seat in enumerate(state.controller):
        scores[seat] += sum(token_value(state, t) for t in state.held[b])
        received[seat] += state.bullets_received[b]
    contenders = [seat for seat in range(n) if seat != forfeited]
    richest = max(scores[seat] for seat in contenders)
    tied = [seat for seat in contenders if scores[seat] == richest]
    fewest = min(received[seat] for seat in tied)
    winners = [seat for seat in tied if received[seat] == fewest]
    return scores, winners, gunslingers


def _end_game(look: _Lookahead) -> None:
    look.emit(_game_ended(look.state, look.seed, None))


def forfeit(state: State, seat: int, seed: Seed) -> list[Event]:
    """`seat` forfeits: the game ends now, scored as it stands (§7), `seat` never a winner."""
    return [_game_ended(state, seed, seat)]


def _game_ended(state: State, seed: Seed, forfeited: int | None) -> ColtExpressGameEnded:
    scores, winners, gunslingers = final_scores(state, forfeited)
    return ColtExpressGameEnded(
        seed=seed.hex,
        purse_values=dict(state.purse_values),
        gunslingers=gunslingers,
        scores=scores,
        winners=winners,
    )
