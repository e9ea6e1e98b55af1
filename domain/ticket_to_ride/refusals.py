"""Every refusal a Ticket to Ride map can give: its code, its meaning, where it is raised.

`Code` lists the codes; a raise site names one through `refuse`, so a code missing
here fails the type check. `MEANINGS` says each in plain words. The (code, section)
pairs are declared by the part that raises them (`hooks.Feature.refusals`, in the
sections of the Europe rulebook the engine cites), the turn's own in `TURN`, the
setup's in `setup_refusals`; `refusals_of` gathers a board's, in its own rulebook's
sections, for `GET /kinds` and ``docs/refusals.md``
(`domain.kernel.refusals.catalogue`).
"""

from __future__ import annotations

from typing import Literal

from domain.kernel.errors import RuleViolation
from domain.kernel.refusals import Raised

Code = Literal[
    "bad-exchange", "bad-payment", "bad-setup", "bad-split", "cannot-pass",
    "choose-tickets-first", "city-has-harbor", "city-has-station", "double-route-closed",
    "draw-second-card", "empty-slot", "exchange-limit", "ferry-locomotives", "game-over",
    "keep-more", "keep-tickets-first", "locomotive-second", "locomotives-only",
    "name-the-cards", "no-cards", "no-exchange", "no-harbors", "no-piece-split",
    "no-route-to-city", "no-stations", "no-such-city", "no-such-deck", "no-such-route",
    "no-such-seat", "no-tickets", "not-a-port", "not-enough-cards", "not-enough-ships",
    "not-enough-trains", "not-now", "not-offered", "not-your-turn", "refill-first",
    "route-taken", "too-many-long", "tunnel-pending", "unknown-colour", "wrong-colour",
]

MEANINGS: dict[Code, str] = {
    "bad-exchange": "These pieces cannot be exchanged on this map.",
    "bad-payment": "The cards offered are not a payment this rule takes: the wrong number "
    "of cards or Locomotives, a negative count, or both ways of paying named at once.",
    "bad-setup": "The setup is not one the map's rules allow: an unknown map, variant, "
    "option or rules version, an option value out of range, or a seat count the map "
    "is not for.",
    "bad-split": "The trains taken leave a number of the other pieces the box cannot "
    "supply.",
    "cannot-pass": "A player may pass only when no action is possible, and some action is.",
    "choose-tickets-first": "Every player first chooses which tickets to keep; nothing "
    "else can be done until then.",
    "city-has-harbor": "This city already has a harbor.",
    "city-has-station": "This city already has a station.",
    "double-route-closed": "The other track of this double route bars this one: its "
    "claimer may not take both, and with few players only one may be used.",
    "draw-second-card": "After a first train card, the only move is taking the second.",
    "empty-slot": "That face-up slot holds no card.",
    "exchange-limit": "The number of pieces to exchange is more than the player has in "
    "play or the reserve holds, or less than one.",
    "ferry-locomotives": "A ferry needs at least as many Locomotives as it shows.",
    "game-over": "The game has ended; no command is taken.",
    "keep-more": "Too few tickets kept: the rules say how many must be kept.",
    "keep-tickets-first": "The drawn tickets wait: choose which to keep before anything "
    "else.",
    "locomotive-second": "A face-up Locomotive cannot be taken as the second card.",
    "locomotives-only": "A tunnel paid only with Locomotives pays its extra cost with "
    "Locomotives.",
    "name-the-cards": "This route's price is not one colour plus Locomotives: name the "
    "cards paid.",
    "no-cards": "The pile and the discards of that deck are empty: nothing can be drawn "
    "from it.",
    "no-exchange": "This map has no piece exchanges.",
    "no-harbors": "The player has no harbor left, or the map has no harbors.",
    "no-piece-split": "This map deals every player its pieces: there is no split to "
    "choose.",
    "no-route-to-city": "A harbor is built only in a city where one of the player's "
    "routes ends.",
    "no-stations": "The player has no station left to build, or the map has no "
    "stations.",
    "no-such-city": "There is no city with that index on this map.",
    "no-such-deck": "This map has no deck of that name.",
    "no-such-route": "There is no route with that index on this map.",
    "no-such-seat": "That seat is not in this game.",
    "no-tickets": "The ticket pile is empty: no tickets can be drawn.",
    "not-a-port": "A harbor is built only in a port city.",
    "not-enough-cards": "The hand does not hold the cards named.",
    "not-enough-ships": "The player has too few ships left for this route.",
    "not-enough-trains": "The player has too few trains left for this route.",
    "not-now": "That command is not possible at this point of the turn: the problem's "
    "`expected` lists the commands that are.",
    "not-offered": "Keep only tickets that were dealt or drawn, each once.",
    "not-your-turn": "Another seat is to act (the problem's `to_act` names it), or this "
    "seat has already made this setup choice.",
    "refill-first": "An empty market slot waits: choose the deck that refills it.",
    "route-taken": "This route is already claimed.",
    "too-many-long": "More long tickets kept than the variant allows.",
    "tunnel-pending": "The tunnel's extra cards are turned: pay them or withdraw.",
    "unknown-colour": "That is not a card colour of this map.",
    "wrong-colour": "The cards are not of the colour this route or station takes "
    "(Locomotives are wild, and an all-Locomotive payment names no colour).",
}

#: the refusals of the turn itself (`decide`), on every map
TURN: tuple[tuple[Code, str], ...] = (
    ("game-over", "§8"), ("no-such-seat", "§2"), ("choose-tickets-first", "§2.7"),
    ("not-your-turn", "§3"), ("not-now", "§3"),
)

#: the refusals of a command the game is not waiting for from this seat: each says, as
#: ``expected``, the command types it does wait for (`TicketToRideRules.decide`)
WAITING: frozenset[Code] = frozenset({
    "not-now", "choose-tickets-first", "keep-tickets-first", "refill-first",
    "draw-second-card", "tunnel-pending",
})

#: the section a refused rules version cites: ``docs/rules-versions.md``
VERSIONS_SECTION = "rules versions"
#: the section a setup on an unknown map cites (Europe's Setup)
SETUP_SECTION = "§2"
#: the section a Europe variant or option refusal cites (its 15th Anniversary variants)
VARIANTS_SECTION = "§11"


def refuse(code: Code, message: str, section: str, *, to_act: list[int] | None = None,
           known: list[str] | None = None) -> RuleViolation:
    """The `RuleViolation` of catalogued `code`, saying `message`, citing `section`."""
    return RuleViolation(code, message, section, to_act=to_act, known=known)


def translated(sections: dict[str, str], pairs: tuple[Raised, ...]) -> list[Raised]:
    """`pairs` with each section in a map's own numbering (`mapfile.MapRules.sections`)."""
    return [(code, sections.get(section, section)) for code, section in pairs]
