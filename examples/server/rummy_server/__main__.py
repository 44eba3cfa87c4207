"""Serve the tables: ``python -m rummy_server --database tables.sqlite --port 8000``
(from ``examples/server``), then open http://127.0.0.1:8000/; ``--variant FILE.toml``
(repeatable) offers a variant file's game too."""

from __future__ import annotations

import argparse

import uvicorn

from rummy_server.app import LONGEST_MESSAGE, create_app
from rummy_server.clock import DEFAULT_SECONDS
from rummykit.variants import register_variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", default="tables.sqlite", help="the SQLite file")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--client-seeds",
        action="store_true",
        help="let a request choose the seed (for tests only: the seed tells every hand)",
    )
    parser.add_argument(
        "--clock",
        type=float,
        default=DEFAULT_SECONDS,
        help="a person's seconds for each decision, then the server plays the default (0: none)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="FILE.toml",
        help="a variant file to offer in the lobby beside the registered games (repeatable)",
    )
    args = parser.parse_args()
    for path in args.variant:  # registered by name: the lobby lists it, stored tables find it
        register_variant(path, replace=True)
    uvicorn.run(
        create_app(
            args.database,
            client_seeds=args.client_seeds,
            clock_seconds=args.clock if args.clock > 0 else None,
        ),
        host=args.host,
        port=args.port,
        ws_max_size=4 * LONGEST_MESSAGE,  # bytes: a longer frame never reaches the app
    )


if __name__ == "__main__":
    main()
