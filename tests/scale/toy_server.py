"""``python -m tests.scale.toy_server PORT``: the app as ``roundhouse serve`` runs it, hosting
the test kinds too (the toy game, whose games end in a few dozen moves).

For process tests that need a game's end quickly (killing the process that
recorded it, say). Settings come from the environment (``ROUNDHOUSE_STORE``,
``ROUNDHOUSE_REDIS_URL``...), exactly as for ``roundhouse serve``.
"""

from __future__ import annotations

import sys

import uvicorn

from service.api.app import create_app
from service.api.edge import server_options
from service.settings import Settings
from tests.api.players import test_kinds

if __name__ == "__main__":
    settings = Settings.from_env()
    uvicorn.run(create_app(settings, kinds=test_kinds()), host="127.0.0.1",
                port=int(sys.argv[1]), log_level="warning", access_log=False,
                **server_options(settings))
