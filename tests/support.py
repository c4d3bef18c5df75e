"""Helpers the tests and the benchmarks share: a throwaway database on a
PostgreSQL server, and what the Procfile says to run."""
from __future__ import annotations

import uuid
from pathlib import Path
from typing import Callable

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from models.db import normalise_url
from sms_gateway.cli import alembic_config

ROOT = Path(__file__).resolve().parent.parent


def scratch_database(server_url: str, prefix: str = "dabbo_scratch") -> tuple[str, Callable[[], None]]:
    """Create a database of its own on the server `server_url` names, migrate
    it with Alembic (so the migrations are tested too), and return its URL and
    a function that drops it."""
    from alembic import command

    base = make_url(normalise_url(server_url))
    if base.get_backend_name() != "postgresql":
        raise ValueError("DATABASE_URL must name a PostgreSQL server")
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = base.set(database=name).render_as_string(hide_password=False)
    command.upgrade(alembic_config(url), "head")

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                    "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name})
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()

    return url, drop


def procfile_worker_class() -> str:
    """The `--worker-class` of the Procfile's `worker` line: tests and benches run what is deployed."""
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("worker:"))
    words = line.split()
    return words[words.index("--worker-class") + 1]
