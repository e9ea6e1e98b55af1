"""What handlers get injected: the store, the settings, the log verifier and the statistics
(`create_app`)."""

from __future__ import annotations

from litestar.di import NamedDependency

from service.api.verifier import Verifier
from service.settings import Settings
from service.statistics.runner import StatisticsRunner
from service.store.games import GameStore

Store = NamedDependency[GameStore]
Config = NamedDependency[Settings]
Verifying = NamedDependency[Verifier]
Statistics = NamedDependency[StatisticsRunner]
