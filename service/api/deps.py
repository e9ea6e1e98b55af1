"""What handlers get injected: the store and the settings (provided by `create_app`)."""

from __future__ import annotations

from litestar.di import NamedDependency

from service.settings import Settings
from service.store.games import GameStore

Store = NamedDependency[GameStore]
Config = NamedDependency[Settings]
