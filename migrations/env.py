"""Alembic environment: the URL comes from the caller or DATABASE_URL."""
from __future__ import annotations

from logging.config import fileConfig

from alembic import context

from models.db import Base, make_engine
from models import tables  # noqa: F401  (registers the tables on Base.metadata)
from sms_gateway.settings import Settings

config = context.config
if config.config_file_name is not None and not config.attributes.get("database_url"):
    fileConfig(config.config_file_name, disable_existing_loggers=False)
url = config.attributes.get("database_url") or Settings.from_env().database_url


def run_migrations_offline() -> None:
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = make_engine(url)
    with engine.connect() as connection:
        # render_as_batch: SQLite can only ALTER by copying the table.
        context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True,
                          compare_type=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
