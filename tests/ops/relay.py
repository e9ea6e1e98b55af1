"""A TCP relay, run as its own process: ``python -m tests.ops.relay LISTEN_HOST LISTEN_PORT
TARGET_HOST TARGET_PORT``.

The ops tests put it between API processes and PostgreSQL or Redis, which listen
on 127.0.0.1 only: bound to a veth address it lets a network namespace reach
them over its own link, and stopping it makes the service unreachable (its port
closed, its connections cut) without touching the server itself.
It prints ``ready`` once it listens.
"""

from __future__ import annotations

import asyncio
import sys


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


async def _relay(listen_host: str, listen_port: int, target_host: str, target_port: int) -> None:
    async def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            target_reader, target_writer = await asyncio.open_connection(target_host, target_port)
        except OSError:
            writer.close()
            return
        await asyncio.gather(_pipe(reader, target_writer), _pipe(target_reader, writer))

    server = await asyncio.start_server(connected, listen_host, listen_port)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    host, port, target, target_port = sys.argv[1:5]
    asyncio.run(_relay(host, int(port), target, int(target_port)))
