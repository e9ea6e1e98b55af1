"""The train as an SVG picture, drawn from the public view only.

The locomotive is on the right and the caboose on the left, as the train runs.
Each car shows the bandits inside and on its roof (a disc in the character's
colour with the name's initial), the Marshal where he stands, and how much
loot lies inside and on the roof (counted by kind: purse values are hidden
until the end). Below the train: the round cards turned up so far and the
turns of the current one, the cards played this round (face-down ones as
"?"), each bandit's loot, bullets and controller, and the result once the
game has ended.

Everything is read from `views.public_view`, so the picture can show nothing a
spectator may not see. Elements carry ``data-*`` attributes (character, car,
roof) so programs can read the picture too.
"""

from __future__ import annotations

from collections import Counter
from xml.sax.saxutils import escape

from domain.colt_express import views
from domain.colt_express.components import CHARACTERS, ROUND_CARDS, card_parts
from domain.colt_express.material import CHARACTER_NAMES, EVENT_NAMES
from domain.colt_express.state import State
from domain.colt_express.views import TokenView, public_view

WIDTH, HEIGHT = 1220, 660
CAR_WIDTH, CAR_GAP = 156, 14
TRAIN_TOP = 220
CAR_HEIGHT = 96

#: each character's colour, as on the box's figures
CHARACTER_FILL = {
    "ghost": "#ececec",
    "doc": "#3b6fb6",
    "tuco": "#c0392b",
    "django": "#333333",
    "cheyenne": "#2e8b57",
    "belle": "#8e44ad",
}
LOOT_NAMES = {"purse": ("purse", "purses"), "jewel": ("jewel", "jewels"),
              "strongbox": ("strongbox", "strongboxes")}


def board_svg(state: State) -> str:
    """The train now, as an SVG document (public information only)."""
    view = public_view(state)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'data-kind="colt-express"{_numbers(view)}>',
        f"<title>Colt Express: round {view.round + 1}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4e4c1"/>',
        f'<rect y="{TRAIN_TOP + CAR_HEIGHT + 22}" width="{WIDTH}" height="8" fill="#7a5a3a"/>',
    ]
    parts += _heading(view)
    parts += _train(view)
    parts += _bandits(view)
    parts.append("</svg>")
    return "\n".join(parts)


def _numbers(view: views.ColtExpressPublicView) -> str:
    """The view's round and turn as the JSON counts them (from 0), for programs.

    The text counts them as people and the rulebook do ("Round 4", "turn 2 of
    4"); ``data-round="3"`` says which JSON ``round`` that is, so a program
    reading the picture and one reading the view agree (README, "Numbers").
    """
    turn = "" if view.turn is None else f' data-turn="{view.turn}"'
    return f' data-round="{view.round}"{turn}'


def _text(x: float, y: float, text: str, size: int = 13, weight: str = "normal",
          anchor: str = "start", fill: str = "#2b1d0e") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" '
        f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>'
    )


def _loot(tokens: list[TokenView]) -> str:
    """"2 purses, 1 jewel" (nothing: empty)."""
    counts = Counter(t.id.rsplit("-", 1)[0] for t in tokens)
    return ", ".join(
        f"{n} {LOOT_NAMES.get(kind, (kind, kind + 's'))[n != 1]}" for kind, n in counts.items()
    )


def _heading(view: views.ColtExpressPublicView) -> list[str]:
    acting = ", ".join(f"seat {s}" for s in view.to_act) or "nobody"
    if view.status == "finished":
        status = "The game has ended"
    else:
        status = f"Round {view.round + 1} · {view.phase}"
        if view.turn is not None and view.turn_types:
            status += f" · turn {view.turn + 1} of {len(view.turn_types)}"
        status += f" · to act: {acting}"
    parts = [_text(20, 36, "Colt Express", 22, "bold"), _text(20, 60, status, 14)]
    if view.round_cards:
        parts.append(_text(20, 82, "Round cards: " + " · ".join(
            _round_card(card) for card in view.round_cards), 12))
    if view.turn_types:
        turns = [
            f"[{_words(kind)}]" if i == view.turn else _words(kind)
            for i, kind in enumerate(view.turn_types)
        ]
        parts.append(_text(20, 100, "Turns: " + " · ".join(turns), 12))
    if view.pile:
        cards = [
            ("?" if card.card is None else _action(card.card)) + ("" if not card.resolved else " ✓")
            for card in view.pile
        ]
        for row, line in enumerate(_lines(cards, PILE_LINE, f"Pile ({len(cards)}): ")):
            parts.append(_text(20, 118 + 15 * row, line, 12))
    return parts


#: letters of the loot's 10-point text inside a car's window, about
LOOT_LINE = 22
#: letters of the pile's 12-point text on one line across the picture, about
PILE_LINE = 170


def _words(name: str) -> str:
    """An id in words: ``speeding_up`` is "speeding up"."""
    return name.replace("_", " ")


def _name(character: str) -> str:
    return CHARACTER_NAMES.get(character, character)


def _round_card(card: str) -> str:
    """A round card by its event's name, as the card shows it; the cards without an event
    have no other name."""
    event = ROUND_CARDS[card][2]
    return "no event" if event is None else EVENT_NAMES[event]


def _action(card: str) -> str:
    """An action card in words: ``doc/change_floor`` is "Doc: change floor"."""
    character, action = card_parts(card)
    return f"{_name(character)}: {_words(action)}"


def _lines(items: list[str], width: int, head: str = "", sep: str = " · ") -> list[str]:
    """`head` and `items` joined by `sep`, broken into lines of at most `width` letters
    (an item is never split; a broken line keeps its separator's mark at its end)."""
    lines = [head]
    for i, item in enumerate(items):
        joined = lines[-1] + ("" if i == 0 else sep) + item
        if len(joined) > width and i > 0:
            lines[-1] += sep.rstrip()
            lines.append(item)
        else:
            lines[-1] = joined
    return lines


def _car_x(view: views.ColtExpressPublicView, position: int) -> float:
    """Left edge of a car: the locomotive (0) on the right, the caboose on the left."""
    cars = len(view.train)
    return 20 + (cars - 1 - position) * (CAR_WIDTH + CAR_GAP)


def _initials(names: tuple[str, ...]) -> dict[str, str]:
    """Each name's shortest prefix no other name shares (Doc "Do", Django "Dj", Belle "B")."""
    found = {}
    for name in names:
        length = 1
        while any(o != name and o.startswith(name[:length]) for o in names):
            length += 1
        found[name] = name[:length].capitalize()
    return found


#: the letters on each bandit's disc: distinct, so that no two bandits look alike
INITIALS = _initials(CHARACTERS)


def _bandit_disc(bandit: views.BanditView, x: float, y: float) -> str:
    fill = CHARACTER_FILL.get(bandit.character, "#999999")
    ink = "#111111" if bandit.character == "ghost" else "#ffffff"
    return (
        f'<g class="bandit" data-character="{escape(bandit.character)}" '
        f'data-car="{bandit.car}" data-roof="{str(bandit.roof).lower()}" '
        f'data-seat="{bandit.seat}">'
        f"<title>{escape(_name(bandit.character))} (seat {bandit.seat})</title>"
        f'<circle cx="{x:.0f}" cy="{y:.0f}" r="13" fill="{fill}" stroke="#111" '
        'stroke-width="1.5"/>'
        + _text(x, y + 5, INITIALS.get(bandit.character, "?"), 14, "bold", "middle", ink)
        + "</g>"
    )


def _train(view: views.ColtExpressPublicView) -> list[str]:
    parts = ['<g class="train">']
    for car in view.train:
        x = _car_x(view, car.position)
        locomotive = car.position == 0
        body = "#5a5a5a" if locomotive else "#9c5a2c"
        parts.append(
            f'<g class="car" data-position="{car.position}" data-wagon="{escape(car.wagon)}">'
            f'<rect x="{x}" y="{TRAIN_TOP}" width="{CAR_WIDTH}" height="{CAR_HEIGHT}" rx="6" '
            f'fill="{body}" stroke="#2b1d0e" stroke-width="2"/>'
            f'<rect x="{x + 8}" y="{TRAIN_TOP + 10}" width="{CAR_WIDTH - 16}" '
            f'height="{CAR_HEIGHT - 20}" rx="4" fill="#f9efd9" stroke="#2b1d0e"/>'
        )
        if locomotive:
            parts.append(
                f'<rect x="{x + CAR_WIDTH - 44}" y="{TRAIN_TOP - 34}" width="22" height="34" '
                'fill="#333" stroke="#111"/>'
            )
        for wheel in (x + 30, x + CAR_WIDTH - 30):
            parts.append(
                f'<circle cx="{wheel}" cy="{TRAIN_TOP + CAR_HEIGHT + 14}" r="11" '
                'fill="#333" stroke="#111"/>'
            )
        label = "Locomotive" if locomotive else f"Car {car.position}"
        parts.append(_text(x + CAR_WIDTH / 2, TRAIN_TOP + CAR_HEIGHT - 14, label, 11,
                           "bold", "middle"))
        inside, roof = _loot(car.inside), _loot(car.roof)
        # the loot inside on the car's window, on two lines when one would overflow it
        lines = _lines(inside.split(", "), LOOT_LINE, sep=", ") if inside else []
        for row, line in enumerate(reversed(lines)):
            parts.append(_text(x + CAR_WIDTH / 2, TRAIN_TOP + CAR_HEIGHT - 28 - 12 * row,
                               line, 10, anchor="middle"))
        if roof:
            parts.append(_text(x + CAR_WIDTH / 2, TRAIN_TOP - 36, "roof: " + roof, 10,
                               anchor="middle"))
        if view.marshal == car.position:
            mx, my = x + CAR_WIDTH - 22, TRAIN_TOP + 30
            star = " ".join(
                f"{mx + dx:.0f},{my + dy:.0f}"
                for dx, dy in ((0, -12), (4, -4), (12, -4), (6, 2), (8, 11),
                               (0, 6), (-8, 11), (-6, 2), (-12, -4), (-4, -4))
            )
            parts.append(
                f'<polygon class="marshal" data-car="{car.position}" points="{star}" '
                'fill="#d4ac0d" stroke="#5b4300" stroke-width="1.5">'
                "<title>The Marshal</title></polygon>"
            )
        parts.append("</g>")
    placed: Counter[tuple[int, bool]] = Counter()
    for bandit in view.bandits:
        slot = placed[(bandit.car, bandit.roof)]
        placed[(bandit.car, bandit.roof)] += 1
        x = _car_x(view, bandit.car) + 22 + slot * 30
        y = TRAIN_TOP - 16 if bandit.roof else TRAIN_TOP + 32
        parts.append(_bandit_disc(bandit, x, y))
    parts.append("</g>")
    return parts


def _bandits(view: views.ColtExpressPublicView) -> list[str]:
    y = TRAIN_TOP + CAR_HEIGHT + 70
    parts = ['<g class="panel">', _text(20, y, "Bandits", 15, "bold")]
    hands = {s.seat: s for s in view.seats}
    for i, bandit in enumerate(view.bandits):
        row = y + 26 + i * 42
        seat = hands[bandit.seat]
        parts += [
            _bandit_disc(bandit, 34, row - 4),
            _text(56, row - 4, f"{_name(bandit.character)} — seat {bandit.seat}", 13,
                  "bold"),
            _text(56, row + 12,
                  f"loot: {_loot(bandit.loot) or 'none'} · bullets left {bandit.bullets_left}"
                  f" · bullets taken {bandit.bullets_received} · hand {seat.hand_size},"
                  f" deck {seat.deck_size}", 11),
        ]
    x = 760
    parts.append(_text(x, y, f"Neutral bullets left: {view.neutral_bullets_left}", 13))
    if view.reserve:
        parts.append(_text(x, y + 20, "Beside the train: " + _loot(
            [TokenView(t, None) for t in view.reserve]), 13))
    if view.result is not None:
        winners = ", ".join(f"seat {s}" for s in view.result.winners)
        parts += [
            _text(x, y + 56, "Final dollars: " + ", ".join(map(str, view.result.scores)), 14,
                  "bold"),
            _text(x, y + 78, f"Won by {winners}", 14, "bold"),
        ]
    parts.append("</g>")
    return parts
