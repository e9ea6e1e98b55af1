"""`docker-compose.yml` and `deploy/` kept true (no container engine runs here).

* The compose file is valid against the Compose Specification's JSON schema,
  `compose_spec.json` beside this file: vendored unchanged from the PyPI
  distribution ``docker-compose`` 1.29.2 (``compose/config/compose_spec.json``,
  Apache License 2.0), checked with ``jsonschema_rs``.
* Every ``ROUNDHOUSE_*`` variable the compose file and deploy/ name is a setting
  of `service.settings.Settings` (or ``ROUNDHOUSE_SETTINGS``, the settings file),
  the example settings file decodes as `Settings`, and every ``roundhouse``
  command line they run parses.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import jsonschema_rs
import msgspec
import pytest
import yaml

from service.cli import build_parser
from service.settings import Settings

ROOT = Path(__file__).parents[2]
COMPOSE = ROOT / "docker-compose.yml"
DEPLOY_FILES = sorted(p for p in (ROOT / "deploy").rglob("*") if p.is_file())
SETTING = re.compile(r"\bROUNDHOUSE_[A-Z0-9_]+\b")
KNOWN = {f"ROUNDHOUSE_{field.upper()}" for field in Settings.__struct_fields__} | {
    "ROUNDHOUSE_SETTINGS"
}


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    return loaded


def schema_errors(document: Any) -> list[str]:
    schema = json.loads((Path(__file__).parent / "compose_spec.json").read_text())
    return [error.message for error in jsonschema_rs.validator_for(schema).iter_errors(document)]


def test_the_compose_file_follows_the_compose_specification() -> None:
    assert schema_errors(compose()) == []


def test_the_schema_check_refuses_what_compose_would_refuse() -> None:
    broken = compose()
    broken["services"]["api"]["depends_on"]["postgres"]["condition"] = "when_ready"
    broken["services"]["api"]["helthcheck"] = broken["services"]["api"].pop("healthcheck")
    assert len(schema_errors(broken)) >= 2


@pytest.mark.parametrize("path", [COMPOSE, *DEPLOY_FILES], ids=lambda p: p.name)
def test_every_setting_named_exists(path: Path) -> None:
    named = set(SETTING.findall(path.read_text()))
    assert named <= KNOWN, f"{path.name} names settings that do not exist: {named - KNOWN}"


def test_the_compose_file_sets_only_real_settings_with_valid_values() -> None:
    environment = {k: str(v) for k, v in compose()["services"]["api"]["environment"].items()}
    assert set(environment) <= KNOWN
    values = {k: v for k, v in environment.items() if not v.startswith("${")}
    settings = Settings.from_env(values)
    assert settings.store.startswith("postgresql://") and settings.redis_url is not None


def test_the_example_settings_file_is_settings() -> None:
    raw = (ROOT / "deploy" / "settings.example.json").read_bytes()
    settings = msgspec.json.decode(raw, type=Settings)  # unknown fields are refused
    assert settings.store.startswith("postgresql://")


def commands() -> list[list[str]]:
    """Every ``roundhouse ...`` command line of the compose file and deploy/."""
    found = [compose()["services"]["api"]["command"]]
    for path in DEPLOY_FILES:
        text = path.read_text()
        found += [shlex.split(line) for line in re.findall(r"(?<=/bin/)roundhouse [^\n]*", text)]
        found += [json.loads(line) for line in re.findall(r'(?<=CMD )\["roundhouse".*', text)]
    return found


def test_every_roundhouse_command_line_parses() -> None:
    lines = commands()
    assert len(lines) >= 3  # compose, the Dockerfile, the systemd unit
    for line in lines:
        assert line[0].endswith("roundhouse")
        build_parser().parse_args(line[1:])


def locations(text: str) -> dict[str, str]:
    """Each ``location`` block of an nginx configuration: its match, and its body."""
    found = {}
    text = re.sub(r"#[^\n]*", "", text)  # comments
    for match in re.finditer(r"location\s+([^{]+)\{([^}]*)\}", text):
        found[match[1].strip()] = match[2]
    return found


def test_every_proxied_location_names_the_client_and_the_host() -> None:
    """A location that leaves X-Forwarded-For to the client lets one client pose as any
    other to the API's limits (the stream location once passed the client's own through)."""
    found = locations((ROOT / "deploy" / "roundhouse-locations.conf").read_text())
    proxied = {where: body for where, body in found.items() if "proxy_pass" in body}
    assert set(proxied) == {"/", "~ ^/games/[^/]+/stream$"} and "= /metrics" in found
    for where, body in proxied.items():
        headers = dict(re.findall(r"proxy_set_header\s+(\S+)\s+([^;]+);", body))
        assert headers.get("X-Forwarded-For") == "$remote_addr", where
        assert headers.get("Host") == "$host", where
    for name in ("nginx.conf", "nginx-compose.conf"):
        text = (ROOT / "deploy" / name).read_text()
        assert "include roundhouse-locations.conf;" in text and not locations(text), name


def test_the_compose_api_trusts_exactly_its_proxy_and_only_the_proxy_is_published() -> None:
    services = compose()["services"]
    proxy_address = services["proxy"]["networks"]["default"]["ipv4_address"]
    assert services["api"]["environment"]["ROUNDHOUSE_FORWARDED_ALLOW_IPS"] == proxy_address
    assert "ports" not in services["api"]  # every request comes through the proxy
    for volume in services["proxy"]["volumes"]:
        assert (ROOT / volume.split(":")[0]).is_file(), volume
