"""The law a village's pounds run under: `villages.law` (a law pack) and `villages.law_schedule`
(one of its schedules). Every village before packs runs under the Gujarat Panchayats Act, 1993,
with its own fees and rates.

Revision ID: 0011villagelaw
Revises: 0010auctionplace
"""
from alembic import op
import sqlalchemy as sa

revision = '0011villagelaw'
down_revision = '0010auctionplace'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('villages') as batch_op:
        batch_op.add_column(sa.Column('law', sa.String(length=40), nullable=False,
                                      server_default='gujarat_panchayats_1993'))
        batch_op.add_column(sa.Column('law_schedule', sa.String(length=40), nullable=False,
                                      server_default='village'))


def downgrade() -> None:
    with op.batch_alter_table('villages') as batch_op:
        batch_op.drop_column('law_schedule')
        batch_op.drop_column('law')
