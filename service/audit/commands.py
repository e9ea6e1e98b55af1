"""``roundhouse export | replay | audit``: the audit tools on the command line.

* ``export GAME [--out FILE]``: the log as JSON Lines, exactly as
  ``GET /games/{id}/export`` gives it to a spectator (complete once finished).
* ``replay FILE``: the verdict of ``POST /replays`` on an exported log
  (``-`` reads standard input); no store needed.
* ``audit [GAME | --all]``: the verdict of ``GET /games/{id}/audit`` on one game
  or on every game of the store, with a progress bar over the games.

Exit status: 0 every log valid, 1 a log failed a check, 2 the input cannot be read
(an unknown game, a store file that does not exist: ``export`` and ``audit`` only
read, so they never create an empty store where they are run).
``--json`` prints the reports as JSON (one a line) instead of a summary. Output
that is not a terminal is never wrapped (ids and hashes stay whole on a line).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from eventsourcing.utils import get_topic
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from service.audit.export import LogFormatError, decode_log, encode_log
from service.audit.report import AuditReport
from service.audit.verdict import audit
from service.decks import hosted_kinds
from service.settings import Settings
from service.store.aggregate import Game
from service.store.errors import StoreError
from service.store.games import GameStore
from service.store.live import LiveGame
from service.store.persistence import missing_sqlite_file
from service.views.game_view import redacted_record

Subparsers = Any
_T = TypeVar("_T")

_PAGE = 500


class CommandError(Exception):
    """What a command tells its user instead of a traceback (exit status 2)."""


def open_store(args: argparse.Namespace) -> GameStore:
    """The store to read; a SQLite file that does not exist is refused, never created."""
    settings = Settings.from_env()
    url = args.store or settings.store
    missing = missing_sqlite_file(url)
    if missing is not None:
        raise CommandError(f"there is no store at {Path(missing).resolve()}: name one with "
                           "--store or ROUNDHOUSE_STORE")
    return GameStore(url, hosted_kinds(settings), pool_size=settings.pool_size)


def console(stderr: bool = False) -> Console:
    """A rich console; when it is not a terminal (a pipe, a file) lines are never wrapped."""
    found = Console(stderr=stderr)
    if found.is_terminal:
        return found
    return Console(stderr=stderr, width=100_000, soft_wrap=True)


def _read(store: GameStore, game_id: str, render: Callable[[LiveGame], _T]) -> _T:
    """``render(game)`` of a game of the store; an unknown game is a `CommandError`."""
    try:
        return store.read(game_id, lambda live, _: render(live))
    except StoreError as error:
        raise CommandError(f"{error.detail} in this store") from None


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", help="sqlite:///file.db or postgresql://... "
                        "(default: $ROUNDHOUSE_STORE or sqlite:///roundhouse.db)")


def game_ids(store: GameStore) -> Iterator[str]:
    """Every game in the store, oldest first (from the store's notification log)."""
    topic = get_topic(Game.Created)
    start: int | None = None
    while True:
        page = store.app.recorder.select_notifications(
            start, _PAGE, topics=[topic], inclusive_of_start=start is None)
        for notification in page:
            yield str(notification.originator_id)
        if len(page) < _PAGE:
            return
        start = page[-1].id


def _export(args: argparse.Namespace) -> int:
    store = open_store(args)
    try:
        body, records, status = _read(store, args.game, lambda live: (
            encode_log(redacted_record(live, r, None) for r in live.records),
            live.version, live.status))
    finally:
        store.close()
    if args.out in (None, "-"):
        sys.stdout.buffer.write(body)
    else:
        Path(args.out).write_bytes(body)
        console(stderr=True).print(
            f"wrote {records} records ({len(body)} bytes) of {status} game {args.game} "
            f"to {args.out}", highlight=False)
    return 0


def _replay(args: argparse.Namespace) -> int:
    out = console(stderr=args.json)
    try:
        body = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
        records = decode_log(body)
    except (OSError, LogFormatError) as error:
        out.print(f"[red]cannot read the log:[/] {error}")
        return 2
    report = audit(records, hosted_kinds(Settings.from_env()))
    _show(out, report, args.json)
    return 0 if report.valid else 1


def _audit(args: argparse.Namespace) -> int:
    if bool(args.game) == bool(args.all):
        print("name one GAME or --all", file=sys.stderr)
        return 2
    out = console(stderr=args.json)
    store = open_store(args)
    invalid = 0
    try:
        ids = list(game_ids(store)) if args.all else [
            _read(store, args.game, lambda live: live.id)]
        summary = Table("game", "kind", "version", "status", "verdict", "first invalid")
        quiet = len(ids) < 2 or not out.is_terminal  # no progress bar in a pipe or a file
        with Progress(console=out, transient=True, disable=quiet) as progress:
            task = progress.add_task("auditing games", total=len(ids))
            for game_id in ids:
                records, seed = _read(store, game_id, lambda live: (list(live.records),
                                                                     live.seed))
                report = audit(records, store.kinds, redacted=False, sealed_with=seed)
                invalid += not report.valid
                if args.json:
                    sys.stdout.buffer.write(msgspec.json.encode(report) + b"\n")
                elif args.all:
                    summary.add_row(*_row(report))
                else:
                    _show(out, report, False)
                progress.advance(task)
        if args.all and not args.json:
            out.print(summary)
            out.print(f"{len(ids) - invalid} of {len(ids)} games valid")
    finally:
        store.close()
    return 1 if invalid else 0


def _row(report: AuditReport) -> tuple[str, ...]:
    first = report.first_invalid
    return (
        report.game_id or "?", report.kind or "?", str(report.version),
        "finished" if report.finished else "running",
        _verdict(report),
        f"v{first.version} {first.code}" if first else "",
    )


def _verdict(report: AuditReport) -> str:
    if not report.valid:
        return "[red]INVALID[/]"
    return "[green]VALID[/]" if report.complete else "[yellow]valid so far[/]"


def _show(console: Console, report: AuditReport, as_json: bool) -> None:
    if as_json:
        sys.stdout.buffer.write(msgspec.json.encode(report) + b"\n")
        return
    console.print(f"game {report.game_id} ({report.kind}), {report.records} records, "
                  f"head hash {report.head_hash}")
    if report.seed_chosen_by_client:
        console.print("[yellow]its seed was chosen by a client: reproducible, not fair[/]")
    for check in report.checks:
        colour = {"passed": "green", "failed": "red"}.get(check.status, "yellow")
        console.print(f"  [{colour}]{check.status:>14}[/] {check.check}: {check.detail}")
    first = report.first_invalid
    if first is not None:
        section = f" ({first.section})" if first.section else ""
        console.print(f"first invalid record: line {first.position}, version {first.version}: "
                      f"{first.code}{section}: {first.message}")
    elif not report.complete:
        console.print("the game was still running when this log was exported: it is redacted "
                      "for its reader and the seed is not revealed, so the checks above wait "
                      "for the end; export it again once the game has finished")
    console.print(_verdict(report))


def add_export(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("export", help="write a game's log as JSON Lines")
    parser.add_argument("game", help="the game's id")
    parser.add_argument("--out", "-o", help="the file to write (default: standard output)")
    add_store_option(parser)
    parser.set_defaults(run=_export)


def add_replay(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "replay", help="check an exported log: hash chain, seed, shuffles, every move")
    parser.add_argument("file", help="the exported log ('-' for standard input)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(run=_replay)


def add_audit(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("audit", help="audit one game or every game of the store")
    parser.add_argument("game", nargs="?", help="the game's id")
    parser.add_argument("--all", action="store_true", help="every game of the store")
    parser.add_argument("--json", action="store_true", help="one JSON report a line")
    add_store_option(parser)
    parser.set_defaults(run=_audit)
