"""Bearer tokens: kept only as hashes, compared in constant time.

A seat's token (and the host's, and a private game's invite code) is 256
random bits shown once; the store keeps its SHA-256 (`token_hash`) in the
aggregate and never writes the token itself anywhere. These functions answer
"whose is this token?" against a game as this process holds it; the store
(`GameStore._seat`) catches up with the database before it refuses a token, so
a seat taken on another process a moment ago is found.
"""

from __future__ import annotations

import hashlib
import hmac

from service.store.aggregate import Game


def token_hash(token: str) -> str:
    """How a bearer token is stored: SHA-256, lowercase hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def seat_of(game: Game, token: str) -> int | None:
    """The seat `token` belongs to in `game` as held, or None."""
    digest = token_hash(token)
    for seat, stored in game.token_hashes.items():
        if hmac.compare_digest(stored, digest):
            return seat
    return None


def is_host(game: Game, token: str | None) -> bool:
    """Whether `token` is the game's host token (games of older builds have none)."""
    stored = game.host_token_hash
    return bool(token) and stored is not None and hmac.compare_digest(
        stored, token_hash(token or ""))


def invited(game: Game, invite_code: str | None) -> bool:
    """Whether `invite_code` opens the game (a public game needs none)."""
    stored = game.invite_hash
    return stored is None or (bool(invite_code) and hmac.compare_digest(
        stored, token_hash(invite_code or "")))
