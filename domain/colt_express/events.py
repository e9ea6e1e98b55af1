"""What happened: one tagged union of events, tag field ``type``.

Events record outcomes (which cards were drawn, which bandit moved where), so
`evolve` replays a log without the seed. Fields typed ``... | None`` are the
ones `views.redact` may blank for viewers who must not see them.
"""

from __future__ import annotations

import msgspec

from domain.kernel.rng import Pick, Shuffle


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class ColtExpressGameStarted(_Event, frozen=True, tag="game-started", omit_defaults=True):
    """The setup (§3). ``wagons.after[:cars]`` are cars 1..N in order.

    ``purses`` shuffles the purse values left after the starting purses; they
    go face down onto the car floors in car order. ``round_cards.after[:4]``
    then the station ``station.value`` form the round deck. Both are hidden.
    ``rules_version`` is the version the game is decided by, from 0.3 on
    (`domain.colt_express.versions`); absent, the game is a 0.1 or 0.2 one.
    """

    seed_commitment: str
    seats: int
    two_player: bool
    characters: list[str]
    character_draw: Shuffle | None
    wagons: Shuffle
    first_player: Pick
    purses: Shuffle | None
    round_cards: Shuffle | None
    station: Pick | None
    rules_version: str | None = None


class BanditsPlaced(_Event, frozen=True, tag="bandits-placed"):
    """Two-player game: the seat's bandit put inside the caboose (the other in front)."""

    seat: int
    caboose: str


class RoundBegan(_Event, frozen=True, tag="round-began"):
    """A round card is turned up (§4.1)."""

    round: int
    card: str
    first_player: int


class HandDealt(_Event, frozen=True, tag="hand-dealt"):
    """A seat's deck reshuffled and its hand drawn (§4.1); ``kept`` is the 2-player pick."""

    seat: int
    size: int
    kept: str | None
    shuffle: Shuffle | None
    hand: list[str] | None


class CardPlayed(_Event, frozen=True, tag="card-played"):
    """Schemin': a card put on the pile; ``card`` is hidden from others when face down."""

    seat: int
    card: str | None
    face_down: bool
    cover_fire: bool


class CardsDrawn(_Event, frozen=True, tag="cards-drawn"):
    """Schemin': a seat drew ``count`` cards from its deck."""

    seat: int
    count: int
    cards: list[str] | None


class CoverFireDeclined(_Event, frozen=True, tag="cover-fire-declined"):
    """Two-player game: no cover card after the Fire."""

    seat: int


class SchemingEnded(_Event, frozen=True, tag="scheming-ended"):
    """The hands go back on top of their decks (§4.2); Stealin' begins."""


class CardRevealed(_Event, frozen=True, tag="card-revealed"):
    """Stealin': the pile's card ``index`` is turned up."""

    index: int
    card: str


class CardResolved(_Event, frozen=True, tag="card-resolved"):
    """Stealin': the card is done (``effect`` False: no legal way, §4.3) and goes home."""

    index: int
    effect: bool


class BanditMoved(_Event, frozen=True, tag="bandit-moved"):
    """A bandit now stands in ``car``, on the roof or inside; ``cause`` says why."""

    bandit: str
    car: int
    roof: bool
    cause: str


class BulletTaken(_Event, frozen=True, tag="bullet-taken"):
    """A bullet card put on top of the bandit's controller's deck (neutral if no shooter)."""

    bandit: str
    card: str
    shooter: str | None


class LootDropped(_Event, frozen=True, tag="loot-dropped"):
    """A bandit's token falls at a location."""

    bandit: str
    token: str
    car: int
    roof: bool


class LootTaken(_Event, frozen=True, tag="loot-taken"):
    """A bandit takes a token from a location; ``value`` is seen by ``seat`` only for purses."""

    bandit: str
    seat: int
    token: str
    car: int
    roof: bool
    value: int | None


class MarshalMoved(_Event, frozen=True, tag="marshal-moved"):
    """The Marshal is now inside ``car``."""

    car: int


class RoundEventBegan(_Event, frozen=True, tag="round-event-began"):
    """The round card's event applies (§6); ``choosers`` owe a choice, in order."""

    event: str
    choosers: list[str]


class ChoiceMade(_Event, frozen=True, tag="choice-made"):
    """A bandit's owner made his event choice (token null: took nothing)."""

    bandit: str
    token: str | None


class LootPlaced(_Event, frozen=True, tag="loot-placed"):
    """*Take It All!*: the reserve strongbox is put inside ``car``."""

    token: str
    car: int


class RansomPaid(_Event, frozen=True, tag="ransom-paid"):
    """*Hostage-Taking of the Conductor*: a public $250 token for the bandit."""

    bandit: str
    token: str


class RoundEnded(_Event, frozen=True, tag="round-ended"):
    """The round is over; the next player clockwise becomes first player (§7)."""

    round: int


class ColtExpressGameEnded(_Event, frozen=True, tag="game-ended"):
    """Final scoring (§7): dollars per seat, winners, every purse value and the seed."""

    seed: str
    purse_values: dict[str, int]
    gunslingers: list[int]
    scores: list[int]
    winners: list[int]


Event = (
    ColtExpressGameStarted
    | BanditsPlaced
    | RoundBegan
    | HandDealt
    | CardPlayed
    | CardsDrawn
    | CoverFireDeclined
    | SchemingEnded
    | CardRevealed
    | CardResolved
    | BanditMoved
    | BulletTaken
    | LootDropped
    | LootTaken
    | MarshalMoved
    | RoundEventBegan
    | ChoiceMade
    | LootPlaced
    | RansomPaid
    | RoundEnded
    | ColtExpressGameEnded
)
