"""issue 15: village and pound names per language; room for the `gul` language code

Revision ID: 0006
Revises: 0003 (0001 before the merge of s12)
"""
from alembic import op
import sqlalchemy as sa

revision = '0006'
down_revision = '0004'
branch_labels = None
depends_on = None

# `gul` (Gujarati in Latin letters) is three letters long.
_LANGUAGE_COLUMNS = (("villages", "language"), ("people", "language"), ("outbound_messages", "language"))


def upgrade() -> None:
    for table, column in _LANGUAGE_COLUMNS:
        op.alter_column(table, column, type_=sa.String(length=3), existing_type=sa.String(length=2),
                        existing_nullable=False)
    for table in ("villages", "pounds"):
        # {"gu": "અંબાજી", "en": "Ambaji"}: a name in the reader's script; empty = the default name.
        op.add_column(table, sa.Column("names", sa.JSON(),
                                       nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    for table in ("villages", "pounds"):
        op.drop_column(table, "names")
    for table, column in _LANGUAGE_COLUMNS:
        op.alter_column(table, column, type_=sa.String(length=2), existing_type=sa.String(length=3),
                        existing_nullable=False)
