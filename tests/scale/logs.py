"""What the scale-out tests assert of a game's log after every round."""

from __future__ import annotations

from collections import Counter

from service.audit.verdict import audit
from service.store.games import GameStore
from service.store.records import Record


def checked_log(store: GameStore, game_id: str) -> list[Record]:
    """The game's log as stored, after asserting it is sound.

    Versions are contiguous from 1, every command id appears once, and the
    audit (hash chain recomputed with the game's seed, every command re-decided
    from the opening against the state it was appended after) finds nothing.
    """
    records, seed = store.read(game_id, lambda live, _: (list(live.records), live.seed))
    assert [r.version for r in records] == list(range(1, len(records) + 1))
    keys = Counter(r.command_id for r in records if r.command_id is not None)
    assert not [key for key, count in keys.items() if count > 1], keys.most_common(3)
    report = audit(records, redacted=False, sealed_with=seed)
    assert report.valid, report.first_invalid
    return records
