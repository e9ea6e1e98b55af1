"""What handlers get injected: the store, the settings and the log verifier (`create_app`)."""

from __future__ import annotations

from litestar.di import NamedDependency

from service.api.verifier import Verifier
from service.settings import Settings
from service.store.games import GameStore

Store = NamedDependency[GameStore]
Config = NamedDependency[Settings]
Verifying = NamedDependency[Verifier]
