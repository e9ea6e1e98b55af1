"""``roundhouse export | replay | audit``: the audit tools on the command line.

* ``export GAME [--out FILE]``: the log as JSON Lines, exactly as
  ``GET /games/{id}/export`` gives it to a spectator (complete once finished).
* ``replay FILE``: the verdict of ``POST /replays`` on an exported log
  (``-`` reads standard input); no store needed.
* ``audit [GAME | --all]``: the verdict of ``GET /games/{id}/audit`` on one game
  or on every game of the store, with a progress bar over the games.

Exit status: 0 every log valid, 1 a log failed a check, 2 the input cannot be read.
``--json`` prints the reports as JSON (one a line) instead of a summary.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
from service.store.games import GameStore
from service.views.game_view import redacted_record

Subparsers = Any

_PAGE = 500


def _store(args: argparse.Namespace) -> GameStore:
    settings = Settings.from_env()
    return GameStore(
        args.store or settings.store, hosted_kinds(settings), pool_size=settings.pool_size
    )


def _add_store(parser: argparse.ArgumentParser) -> None:
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
    store = _store(args)
    try:
        live = store.get(args.game)
        with live.lock:
            body = encode_log(redacted_record(live, r, None) for r in live.records)
    finally:
        store.close()
    if args.out in (None, "-"):
        sys.stdout.buffer.write(body)
    else:
        Path(args.out).write_bytes(body)
    return 0


def _replay(args: argparse.Namespace) -> int:
    console = Console(stderr=args.json)
    try:
        body = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
        records = decode_log(body)
    except (OSError, LogFormatError) as error:
        console.print(f"[red]cannot read the log:[/] {error}")
        return 2
    report = audit(records, hosted_kinds(Settings.from_env()))
    _show(console, report, args.json)
    return 0 if report.valid else 1


def _audit(args: argparse.Namespace) -> int:
    if bool(args.game) == bool(args.all):
        print("name one GAME or --all", file=sys.stderr)
        return 2
    console = Console(stderr=args.json)
    store = _store(args)
    invalid = 0
    try:
        ids = list(game_ids(store)) if args.all else [args.game]
        summary = Table("game", "kind", "version", "status", "verdict", "first invalid")
        with Progress(console=console, transient=True, disable=len(ids) < 2) as progress:
            task = progress.add_task("auditing games", total=len(ids))
            for game_id in ids:
                live = store.get(game_id)
                with live.lock:
                    records, seed = list(live.records), live.seed
                report = audit(records, store.kinds, redacted=False, sealed_with=seed)
                invalid += not report.valid
                if args.json:
                    sys.stdout.buffer.write(msgspec.json.encode(report) + b"\n")
                elif args.all:
                    summary.add_row(*_row(report))
                else:
                    _show(console, report, False)
                progress.advance(task)
        if args.all and not args.json:
            console.print(summary)
            console.print(f"{len(ids) - invalid} of {len(ids)} games valid")
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
                  f"head {report.head_hash[:16]}...")
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
    console.print(_verdict(report))


def add_export(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("export", help="write a game's log as JSON Lines")
    parser.add_argument("game", help="the game's id")
    parser.add_argument("--out", "-o", help="the file to write (default: standard output)")
    _add_store(parser)
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
    _add_store(parser)
    parser.set_defaults(run=_audit)
