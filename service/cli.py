"""The ``roundhouse`` command: serve the API, export the OpenAPI document, and more.

``--help`` shows `DESCRIPTION` (plain words: argparse prints it as it is).

Each subcommand is registered by an ``add_*`` function taking the subparsers;
other parts of the service (export, replay, audit, bench) add theirs by one
line in `COMMANDS`. A subcommand sets ``run`` (a function of the parsed
arguments returning the exit status).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from domain.registry import kinds
from service.api.problem_codes import SERVICE_PROBLEMS
from service.api.refusal_docs import refusals_markdown
from service.audit.commands import CommandError, add_audit, add_export, add_replay
from service.bot_client import TOKEN_OPTION, add_bot
from service.settings import Settings, SettingsError
from service.statistics.command import add_statistics

Subparsers = Any  # argparse's _SubParsersAction is private


def _settings(args: argparse.Namespace) -> Settings:
    settings = Settings.from_env()
    if getattr(args, "store", None):
        settings = msgspec.structs.replace(settings, store=args.store)
    if getattr(args, "forwarded_allow_ips", None) is not None:
        settings = msgspec.structs.replace(settings, forwarded_allow_ips=args.forwarded_allow_ips)
    return settings


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.api.app import create_app
    from service.api.edge import server_options
    from service.api.metrics import metrics_directory

    settings = _settings(args)
    if args.access_log:  # JSON request lines (docs/operations.md); each worker reads the env
        os.environ["ROUNDHOUSE_ACCESS_LOG"] = "1"
        settings = msgspec.structs.replace(settings, access_log=True)
    common = {
        "host": args.host, "port": args.port, "access_log": False,
        **server_options(settings),
    }
    if args.workers == 1:
        with metrics_directory(1):
            uvicorn.run(create_app(settings), log_level="info", **common)
        return 0
    if not settings.store.startswith(("postgresql://", "postgres://")):
        print("several workers need a shared server store: set --store postgresql://...",
              file=sys.stderr)
        return 2
    os.environ["ROUNDHOUSE_STORE"] = settings.store  # each worker builds its app from the env
    with metrics_directory(args.workers):  # workers' metrics add up (PROMETHEUS_MULTIPROC_DIR)
        uvicorn.run(
            "service.api.app:create_app", factory=True, workers=args.workers, log_level="info",
            **common,
        )
    return 0


def add_serve(subparsers: Subparsers) -> None:
    serve = subparsers.add_parser(
        "serve", help="serve the HTTP API (default store: ./roundhouse.db)"
    )
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--store", help="sqlite:///file.db or postgresql://user@host:port/db "
        "(default: $ROUNDHOUSE_STORE or sqlite:///roundhouse.db)",
    )
    serve.add_argument("--access-log", action="store_true", help="log every request as a JSON line")
    serve.add_argument(
        "--forwarded-allow-ips", metavar="ADDRESSES",
        help="the reverse proxies trusted to name the client in X-Forwarded-For: "
        "comma-separated addresses or networks, * for any (default: "
        "$ROUNDHOUSE_FORWARDED_ALLOW_IPS or 127.0.0.1); limits count per client address",
    )
    serve.add_argument(
        "--workers", type=int, default=1,
        help="API processes (more than one needs PostgreSQL; Redis for live feeds across them)",
    )
    serve.set_defaults(run=_serve)


def openapi_document() -> bytes:
    """The OpenAPI document of the app with the registered kinds, as committed."""
    from service.api.app import create_app
    from service.api.openapi import exact_document

    app = create_app(Settings(store="sqlite:///:memory:"))
    return msgspec.json.format(msgspec.json.encode(exact_document(app)), indent=2) + b"\n"


def _write(output: str, data: bytes) -> int:
    """Write a generated document to the file `output`, or to stdout for ``-``."""
    if output == "-":
        sys.stdout.buffer.write(data)
    else:
        Path(output).write_bytes(data)
    return 0


def _openapi(args: argparse.Namespace) -> int:
    return _write(args.output, openapi_document())


def add_openapi(subparsers: Subparsers) -> None:
    openapi = subparsers.add_parser("openapi", help="write the OpenAPI 3.1 document")
    openapi.add_argument("--output", "-o", default="api-spec/openapi.json", help="'-' for stdout")
    openapi.set_defaults(run=_openapi)


def _refusals(args: argparse.Namespace) -> int:
    descriptors = [rules.descriptor for rules in kinds().values()]
    return _write(args.output, refusals_markdown(descriptors, SERVICE_PROBLEMS.values()).encode())


def add_refusals(subparsers: Subparsers) -> None:
    refusals = subparsers.add_parser(
        "refusals", help="write the refusal catalogue of every kind (docs/refusals.md)")
    refusals.add_argument("--output", "-o", default="docs/refusals.md", help="'-' for stdout")
    refusals.set_defaults(run=_refusals)


#: every subcommand; add one line per module that brings its own (export, replay, audit...)
COMMANDS: list[Callable[[Subparsers], None]] = [
    add_serve,
    add_openapi,
    add_refusals,
    add_export, add_replay, add_audit,
    add_bot,
    add_statistics,
]


DESCRIPTION = ("Roundhouse, an event-sourced game server: serve the API, export the OpenAPI "
               "document and the refusal catalogue, export, replay and audit game logs, "
               "play a seat with a bot, bring the statistics up to date.")


#: options whose value is taken as it is, whatever it begins with: a bearer token is
#: URL-safe base64, so one in 64 begins with "-"
VERBATIM_OPTIONS = frozenset({TOKEN_OPTION})


def verbatim_values(argv: list[str]) -> list[str]:
    """`argv` with each ``--token VALUE`` written ``--token=VALUE``.

    argparse takes a word beginning with "-" for an option, never for the value of
    the option before it: ``roundhouse bot --token -xctn...`` was refused ("expected
    one argument"), so that seat never played and its game waited for it forever.
    Glued to its option, the value is read as it is (as getopt reads the word after
    an option that takes one).

    >>> verbatim_values(["bot", "--token", "-x", "--poll", "1"])
    ['bot', '--token=-x', '--poll', '1']
    """
    glued: list[str] = []
    words = iter(argv)
    for word in words:
        value = next(words, None) if word in VERBATIM_OPTIONS else None
        glued.append(word if value is None else f"{word}={value}")
    return glued


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="roundhouse", description=DESCRIPTION)
    subparsers = parser.add_subparsers(required=True, metavar="command", dest="command")
    for add in COMMANDS:
        add(subparsers)
    return parser


#: the exit status of a program whose reader went away (as when killed by SIGPIPE)
BROKEN_PIPE = 141


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand: its exit status; what it refuses is a message, not a traceback."""
    args = build_parser().parse_args(verbatim_values(sys.argv[1:] if argv is None else argv))
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except (CommandError, SettingsError) as error:
        print(f"roundhouse {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader stopped early (`| head -1`): stop quietly, and keep the interpreter's
        # own flush at exit from raising again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    return status


if __name__ == "__main__":
    raise SystemExit(main())
