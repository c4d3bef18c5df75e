"""one held impoundment per tag; dashboard session generations

Revision ID: 0002
Revises: 0006 (chained after main's 0003, 0004 and 0006 when main was merged in)
Create Date: 2026-12-01 15:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0006'
branch_labels = None
depends_on = None

HELD = "status = 'impounded' AND tag IS NOT NULL"


def upgrade() -> None:
    # Fails (and changes nothing) if a tag is already held twice: such a pair
    # must be settled by hand (release one) before the index can hold.
    op.create_index('uq_impoundments_held_tag', 'impoundments', ['tag'], unique=True,
                    postgresql_where=sa.text(HELD), sqlite_where=sa.text(HELD))
    op.create_table(
        'session_generations',
        sa.Column('identity', sa.String(length=40), nullable=False),
        sa.Column('generation', sa.Integer(), server_default='0', nullable=False),
        sa.PrimaryKeyConstraint('identity', name=op.f('pk_session_generations')),
)


def downgrade() -> None:
    op.drop_table('session_generations')
    op.drop_index('uq_impoundments_held_tag', table_name='impoundments')
