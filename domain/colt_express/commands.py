"""What a player may send: one tagged union, tag field ``type``.

Bandits are named by character id (``"ghost"``), cars by position (0 is the
locomotive). Stealin' commands carry every choice of one card at once: the
rules' choices inside a card (e.g. a Punch's victim, token, Cheyenne's grab
and direction, §4.3) reveal nothing in between, so one command per card loses
nothing and keeps each card a single pending decision of its owner.
"""

from __future__ import annotations

import msgspec


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class PlaceBandits(_Command, frozen=True, tag="place-bandits"):
    """Two-player game: which of the seat's bandits starts inside the caboose (§8)."""

    caboose: str


class KeepCard(_Command, frozen=True, tag="keep-card"):
    """Two-player game: the card picked from the deck before the round's draw (§8)."""

    card: str


class PlayCard(_Command, frozen=True, tag="play-card"):
    """Schemin': put a card from the hand on the pile (§4.2).

    ``face_down`` asks for Ghost's first-turn power; in a tunnel turn every
    card goes face down whatever it says. In the two-player game, while a
    cover fire is pending, this plays the cover card.
    """

    card: str
    face_down: bool = False


class DrawCards(_Command, frozen=True, tag="draw-cards"):
    """Schemin': draw the top 3 cards of the own deck (fewer if it holds fewer)."""


class DeclineCoverFire(_Command, frozen=True, tag="decline-cover-fire"):
    """Two-player game: play no cover card after a face-up Fire (§8)."""


class MoveBandit(_Command, frozen=True, tag="move-bandit"):
    """Stealin', Move card: the destination car."""

    car: int


class Fire(_Command, frozen=True, tag="fire"):
    """Stealin', Fire card: the bandit shot."""

    target: str


class Punch(_Command, frozen=True, tag="punch"):
    """Stealin', Punch card: victim, token dropped (null if he holds none), knock-back car.

    ``take_purse`` is Cheyenne's option to keep a dropped purse.
    """

    victim: str
    token: str | None
    car: int
    take_purse: bool = False


class Rob(_Command, frozen=True, tag="rob"):
    """Stealin', Rob card: the token taken from the bandit's location."""

    token: str


class MoveMarshal(_Command, frozen=True, tag="move-marshal"):
    """Stealin', Marshal card: the car the Marshal moves to."""

    car: int


class Pickpocket(_Command, frozen=True, tag="pickpocket"):
    """*Pickpocketing* event: the purse taken, or null to take nothing (§6)."""

    token: str | None


class GiveUpPurse(_Command, frozen=True, tag="give-up-purse"):
    """*Marshal's Revenge* event: which of the tied lowest purses is lost (§6)."""

    token: str


Command = (
    PlaceBandits
    | KeepCard
    | PlayCard
    | DrawCards
    | DeclineCoverFire
    | MoveBandit
    | Fire
    | Punch
    | Rob
    | MoveMarshal
    | Pickpocket
    | GiveUpPurse
)


class LegalMove(msgspec.Struct, frozen=True):
    """One thing a seat may do now: ``command`` is accepted as it is."""

    command: Command
