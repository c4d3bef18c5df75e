"""earlier: the Act's money settled: deposit life, one occasion, complaints, surplus

Revision ID: 0003
Revises: 0001

Existing rows stay valid: new columns are nullable or carry server defaults, and the two
that need values are backfilled (impoundments.seized_on from seized_at in the village's
timezone; deposits.receipt from the impoundment's receipt).
"""
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from alembic import op

import models.db

revision = '0003'
down_revision = '0001'
branch_labels = None
depends_on = None


def _backfill_seized_on() -> None:
    # Computed in Python with zoneinfo, so SQLite and PostgreSQL read the same local date.
    bind = op.get_bind()
    rows = bind.execute(sa.text(
        "SELECT i.id, i.seized_at, v.timezone FROM impoundments i JOIN villages v ON v.id = i.village_id"
)).all()
    utc = models.db.UTCDateTime()
    for row_id, seized_at, tz in rows:
        seized_at = utc.process_result_value(seized_at, bind.dialect)
        local = seized_at.astimezone(ZoneInfo(tz or "Asia/Kolkata")).date()
        bind.execute(sa.text("UPDATE impoundments SET seized_on = :d WHERE id = :i"), {"d": local, "i": row_id})


def upgrade() -> None:
    with op.batch_alter_table('villages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('security_notified_from', sa.Date(), nullable=True))

    with op.batch_alter_table('impoundments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seized_on', sa.Date(), nullable=True))
    _backfill_seized_on()
    with op.batch_alter_table('impoundments', schema=None) as batch_op:
        batch_op.alter_column('seized_on', existing_type=sa.Date(), nullable=False)
        batch_op.create_index('ix_impoundments_owner_occasion', ['owner_id', 'village_id', 'seized_on'], unique=False)

    with op.batch_alter_table('sales', schema=None) as batch_op:
        batch_op.add_column(sa.Column('refused', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('security_paise', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('surplus_paid_at', models.db.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('surplus_paid_to_phone', sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column('surplus_to_fund_at', models.db.UTCDateTime(timezone=True), nullable=True))

    with op.batch_alter_table('deposits', schema=None) as batch_op:
        batch_op.alter_column('owner_id', existing_type=sa.Integer(), nullable=True)
        batch_op.alter_column('status', existing_type=sa.String(length=10), type_=sa.String(length=16),
                              existing_nullable=False)
        batch_op.add_column(sa.Column('receipt', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('forfeit_pending_until', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('forfeited_at', models.db.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('parent_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('sale_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('refunded_at', models.db.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('refunded_to_phone', sa.String(length=20), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_deposits_parent_id_deposits'), 'deposits', ['parent_id'], ['id'])
        batch_op.create_foreign_key(batch_op.f('fk_deposits_sale_id_sales'), 'sales', ['sale_id'], ['id'])
    op.execute("UPDATE deposits SET receipt = (SELECT receipt FROM impoundments WHERE impoundments.id = deposits.impoundment_id)")
    # A forfeiture recorded before this revision was final at once: its moment is when it closed.
    op.execute("UPDATE deposits SET forfeited_at = closed_at WHERE status = 'forfeited'")

    op.create_table('complaints',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('impoundment_id', sa.Integer(), nullable=False),
    sa.Column('filed_on', sa.Date(), nullable=False),
    sa.Column('by_phone', sa.String(length=20), nullable=True),
    sa.Column('outcome', sa.String(length=10), nullable=True),
    sa.Column('decided_on', sa.Date(), nullable=True),
    sa.Column('compensation_paise', sa.Integer(), nullable=False),
    sa.Column('recorded_at', models.db.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['impoundment_id'], ['impoundments.id'], name=op.f('fk_complaints_impoundment_id_impoundments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_complaints')),
    sa.UniqueConstraint('impoundment_id', name=op.f('uq_complaints_impoundment_id'))
)


def downgrade() -> None:
    op.drop_table('complaints')
    with op.batch_alter_table('deposits', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_deposits_sale_id_sales'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('fk_deposits_parent_id_deposits'), type_='foreignkey')
        for name in ('refunded_to_phone', 'refunded_at', 'sale_id', 'parent_id', 'forfeited_at',
                     'forfeit_pending_until', 'receipt'):
            batch_op.drop_column(name)
    op.execute("UPDATE deposits SET status = 'forfeited' WHERE status = 'forfeit_pending'")
    op.execute("DELETE FROM deposits WHERE owner_id IS NULL")
    with op.batch_alter_table('deposits', schema=None) as batch_op:
        batch_op.alter_column('status', existing_type=sa.String(length=16), type_=sa.String(length=10),
                              existing_nullable=False)
        batch_op.alter_column('owner_id', existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table('sales', schema=None) as batch_op:
        for name in ('surplus_to_fund_at', 'surplus_paid_to_phone', 'surplus_paid_at', 'security_paise', 'refused'):
            batch_op.drop_column(name)
    with op.batch_alter_table('impoundments', schema=None) as batch_op:
        batch_op.drop_index('ix_impoundments_owner_occasion')
        batch_op.drop_column('seized_on')
    with op.batch_alter_table('villages', schema=None) as batch_op:
        batch_op.drop_column('security_notified_from')
