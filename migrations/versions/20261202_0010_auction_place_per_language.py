"""An auction's place per language: `auction_place_en`, the place in Latin letters for
English and Gujlish readers, beside `auction_place` as the official typed it (for
Gujarati and Hindi readers, or for everyone when it is in Latin letters).

Revision ID: 0010auctionplace
Revises: 0009law
"""
from alembic import op
import sqlalchemy as sa

revision = '0010auctionplace'
down_revision = '0009law'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('impoundments') as batch_op:
        batch_op.add_column(sa.Column('auction_place_en', sa.String(length=120), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('impoundments') as batch_op:
        batch_op.drop_column('auction_place_en')
