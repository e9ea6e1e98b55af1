"""Network namespaces made for a test: each a "host" with its own veth link to this one.

`hosts(count)` makes `count` namespaces, each joined to the root namespace by a
veth pair addressed from a private /30 of its own (root side ``.1``, host side
``.2`` of the /30); the block of /30s is chosen among ``10.x.y.0/24`` not used by
any address here. Everything made is removed when the ``with`` block ends,
however it ends. Needs root (``CAP_NET_ADMIN``/``CAP_SYS_ADMIN``) and ``ip``;
`NamespacesUnavailable` says why not otherwise.
"""

from __future__ import annotations

import ipaddress
import random
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass


class NamespacesUnavailable(RuntimeError):
    """Network namespaces cannot be made here; the message says why."""


@dataclass(frozen=True)
class Host:
    """One namespace: its name, the root side's address on its link and its own."""

    netns: str
    gateway: str
    address: str


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        raise NamespacesUnavailable(f"`ip {' '.join(args)}` failed: {done.stderr.strip()}")


def _free_block() -> ipaddress.IPv4Network:
    """A 10.x.y.0/24 that no address or route of this machine falls in."""
    used = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True,
                          timeout=10).stdout
    routes = subprocess.run(["ip", "-4", "route"], capture_output=True, text=True,
                            timeout=10).stdout
    taken = [ipaddress.ip_network(word, strict=False)
             for word in (used + routes).split() if "/" in word and word[0].isdigit()]
    chooser = random.Random()
    for _ in range(100):
        second, third = chooser.randrange(100, 250), chooser.randrange(256)
        block = ipaddress.ip_network(f"10.{second}.{third}.0/24")
        if not any(block.overlaps(net) for net in taken):
            return block
    raise NamespacesUnavailable("no free 10.x.y.0/24 block for the test links")


@contextmanager
def hosts(count: int) -> Iterator[list[Host]]:
    if shutil.which("ip") is None:
        raise NamespacesUnavailable("the `ip` command (iproute2) is not installed")
    tag = uuid.uuid4().hex[:6]
    links = list(_free_block().subnets(new_prefix=30))
    made: list[Host] = []
    with ExitStack() as cleanup:
        for index in range(count):
            name = f"rh-{tag}-{index}"
            outside, inside = f"rh{tag}{index}o", f"rh{tag}{index}i"
            gateway, address = (str(a) for a in list(links[index].hosts())[:2])
            _ip("netns", "add", name)
            cleanup.callback(subprocess.run, ["ip", "netns", "del", name], timeout=10)
            _ip("link", "add", outside, "type", "veth", "peer", "name", inside)
            cleanup.callback(subprocess.run, ["ip", "link", "del", outside],
                             capture_output=True, timeout=10)
            _ip("link", "set", inside, "netns", name)
            _ip("addr", "add", f"{gateway}/30", "dev", outside)
            _ip("link", "set", outside, "up")
            _ip("-n", name, "addr", "add", f"{address}/30", "dev", inside)
            _ip("-n", name, "link", "set", inside, "up")
            _ip("-n", name, "link", "set", "lo", "up")
            made.append(Host(name, gateway, address))
        yield made
