"""Serve the tables: ``python -m rummy_server --database tables.sqlite --port 8000``
(from ``examples/server``), then open http://127.0.0.1:8000/."""

from __future__ import annotations

import argparse

import uvicorn

from rummy_server.app import create_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", default="tables.sqlite", help="the SQLite file")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    uvicorn.run(create_app(args.database), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
