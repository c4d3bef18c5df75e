"""1871 s.14 proviso: an animal of a kind the state disposes of otherwise than by auction (a cow to
a gaushala) leaves the pound handed over; `impoundments.handed_to` names where it went (status
"handed_over").

Revision ID: 0012handedto
Revises: 0011villagelaw
"""
from alembic import op
import sqlalchemy as sa

revision = '0012handedto'
down_revision = '0011villagelaw'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('impoundments') as batch_op:
        batch_op.add_column(sa.Column('handed_to', sa.String(length=120), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('impoundments') as batch_op:
        batch_op.drop_column('handed_to')
