"""The Act's outcomes completed (SPEC 12.4, 12.5): §188(3) releases on the magistrate's order and
seizures held illegal, §185(3) declarations and re-seizures, forfeitures paid back, the paise
that whole-rupee cash leaves over, and §190's notification, head counts and police ranks.

Revision ID: 0009law
Revises: 0008
"""
from alembic import op
import sqlalchemy as sa

import models.db

revision = '0009law'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    utc = models.db.UTCDateTime(timezone=True)
    with op.batch_alter_table('impoundments') as batch_op:
        # §183(2)(b): room for "forfeited_on_conviction".
        batch_op.alter_column('status', type_=sa.String(length=24), existing_type=sa.String(length=10),
                              existing_nullable=False)
        batch_op.add_column(sa.Column('reason', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('reseizure_of_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('held_illegal', sa.Boolean(), server_default=sa.text('false'), nullable=False))
        batch_op.create_foreign_key('fk_impoundments_reseizure_of', 'impoundments', ['reseizure_of_id'], ['id'])
    with op.batch_alter_table('releases') as batch_op:
        batch_op.add_column(sa.Column('by_court', sa.Boolean(), server_default=sa.text('false'), nullable=False))
        batch_op.add_column(sa.Column('seizer_owes_paise', sa.Integer(), server_default=sa.text('0'), nullable=False))
        batch_op.add_column(sa.Column('rounded_off_paise', sa.Integer(), server_default=sa.text('0'), nullable=False))
        batch_op.add_column(sa.Column('declared_on', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('declared_at', utc, nullable=True))
        batch_op.add_column(sa.Column('declared_security_paise', sa.Integer(), server_default=sa.text('0'),
                                      nullable=False))
    with op.batch_alter_table('sales') as batch_op:
        batch_op.add_column(sa.Column('held_back_paise', sa.Integer(), server_default=sa.text('0'), nullable=False))
        batch_op.add_column(sa.Column('surplus_accepted_by', sa.String(length=20), nullable=True))
    with op.batch_alter_table('releases') as batch_op:
        batch_op.add_column(sa.Column('paid_by_sale_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_releases_paid_by_sale', 'sales', ['paid_by_sale_id'], ['id'])
    with op.batch_alter_table('deposits') as batch_op:
        batch_op.add_column(sa.Column('returned_paise', sa.Integer(), server_default=sa.text('0'), nullable=False))
        batch_op.add_column(sa.Column('returned_at', utc, nullable=True))
    with op.batch_alter_table('removal_orders') as batch_op:
        batch_op.add_column(sa.Column('notification_ref', sa.String(length=120), nullable=True))
    with op.batch_alter_table('removal_order_owners') as batch_op:
        batch_op.add_column(sa.Column('police_rank', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('head_count', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('releases') as batch_op:
        batch_op.drop_constraint('fk_releases_paid_by_sale', type_='foreignkey')
        batch_op.drop_column('paid_by_sale_id')
    with op.batch_alter_table('sales') as batch_op:
        batch_op.drop_column('surplus_accepted_by')
        batch_op.drop_column('held_back_paise')
    with op.batch_alter_table('removal_order_owners') as batch_op:
        batch_op.drop_column('head_count')
        batch_op.drop_column('police_rank')
    with op.batch_alter_table('removal_orders') as batch_op:
        batch_op.drop_column('notification_ref')
    with op.batch_alter_table('deposits') as batch_op:
        batch_op.drop_column('returned_at')
        batch_op.drop_column('returned_paise')
    with op.batch_alter_table('releases') as batch_op:
        for column in ('declared_security_paise', 'declared_at', 'declared_on', 'rounded_off_paise',
                       'seizer_owes_paise', 'by_court'):
            batch_op.drop_column(column)
    with op.batch_alter_table('impoundments') as batch_op:
        batch_op.drop_constraint('fk_impoundments_reseizure_of', type_='foreignkey')
        batch_op.drop_column('held_illegal')
        batch_op.drop_column('reseizure_of_id')
        batch_op.drop_column('reason')
        batch_op.alter_column('status', type_=sa.String(length=10), existing_type=sa.String(length=24),
                              existing_nullable=False)
