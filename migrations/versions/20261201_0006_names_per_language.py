"""earlier: village and pound names per language; room for the `gul` language code

Revision ID: 0006
Revises: 0004
"""
from alembic import op
import sqlalchemy as sa

revision = '0006'
down_revision = '0004'
branch_labels = None
depends_on = None

# `gul` (Gujarati in Latin letters) is three letters long.
_LANGUAGE_COLUMNS = (("villages", "language"), ("people", "language"), ("outbound_messages", "language"))


# Batch mode: SQLite (the embedded first-run database) has no ALTER COLUMN; on PostgreSQL
# a batch is the plain ALTER statements.
def upgrade() -> None:
    for table, column in _LANGUAGE_COLUMNS:
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column(column, type_=sa.String(length=3), existing_type=sa.String(length=2),
                                  existing_nullable=False)
    for table in ("villages", "pounds"):
        # {"gu": "અંબાજી", "en": "Ambaji"}: a name in the reader's script; empty = the default name.
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(sa.Column("names", sa.JSON(), nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    for table in ("villages", "pounds"):
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column("names")
    for table, column in _LANGUAGE_COLUMNS:
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column(column, type_=sa.String(length=2), existing_type=sa.String(length=3),
                                  existing_nullable=False)
