"""earlier: the pound's books (Form A register serials, the seizer and the
place of seizure), §182 keeper approval, §187(2) approval reference, roles
bound to a taluka, §190 removal orders.

Revision ID: 0004
Revises: 0003 (s12's, merged here; the brief's 0001 otherwise)
Create Date: 2026-12-01 15:10:00
"""
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from alembic import op

import models.db

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('people', schema=None) as batch_op:
        batch_op.add_column(sa.Column('taluka', sa.String(length=120), nullable=True))
        batch_op.add_column(sa.Column('approved_on', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('approval_ref', sa.String(length=120), nullable=True))
    with op.batch_alter_table('seizures', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seizer_phone', sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column('place', sa.String(length=200), nullable=True))
    with op.batch_alter_table('daily_rates', schema=None) as batch_op:
        batch_op.add_column(sa.Column('approval_ref', sa.String(length=120), nullable=True))
    with op.batch_alter_table('impoundments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('register_year', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('register_serial', sa.Integer(), nullable=True))
    _backfill_register_serials()
    with op.batch_alter_table('impoundments', schema=None) as batch_op:
        batch_op.create_unique_constraint('uq_impoundments_register_serial',
                                          ['pound_id', 'register_year', 'register_serial'])

    op.create_table('removal_orders',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('taluka', sa.String(length=120), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('place', sa.String(length=200), nullable=False),
    sa.Column('deadline', sa.Date(), nullable=False),
    sa.Column('mamlatdar_id', sa.Integer(), nullable=False),
    sa.Column('created_at', models.db.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['mamlatdar_id'], ['people.id'], name=op.f('fk_removal_orders_mamlatdar_id_people')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_removal_orders'))
)
    op.create_table('removal_order_villages',
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('village_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['order_id'], ['removal_orders.id'],
                            name=op.f('fk_removal_order_villages_order_id_removal_orders')),
    sa.ForeignKeyConstraint(['village_id'], ['villages.id'],
                            name=op.f('fk_removal_order_villages_village_id_villages')),
    sa.PrimaryKeyConstraint('order_id', 'village_id', name=op.f('pk_removal_order_villages'))
)
    with op.batch_alter_table('removal_order_villages', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_removal_order_villages_village_id'), ['village_id'], unique=False)
    op.create_table('removal_order_owners',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('order_id', sa.Integer(), nullable=False),
    sa.Column('person_id', sa.Integer(), nullable=False),
    sa.Column('complied_on', sa.Date(), nullable=True),
    sa.Column('police_removed_on', sa.Date(), nullable=True),
    sa.Column('police_phone', sa.String(length=20), nullable=True),
    sa.Column('fine_paise', sa.Integer(), nullable=True),
    sa.Column('fine_on', sa.Date(), nullable=True),
    sa.ForeignKeyConstraint(['order_id'], ['removal_orders.id'],
                            name=op.f('fk_removal_order_owners_order_id_removal_orders')),
    sa.ForeignKeyConstraint(['person_id'], ['people.id'], name=op.f('fk_removal_order_owners_person_id_people')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_removal_order_owners')),
    sa.UniqueConstraint('order_id', 'person_id', name='uq_removal_order_owner')
)
    with op.batch_alter_table('removal_order_owners', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_removal_order_owners_order_id'), ['order_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_removal_order_owners_person_id'), ['person_id'], unique=False)


def _backfill_register_serials() -> None:
    """Existing impoundments get their Form A serial: per pound, per year of
    the local seizure date, in order of seizure (ties by id). Done in Python
    so that SQLite and PostgreSQL agree on the local year."""
    connection = op.get_bind()
    rows = connection.execute(sa.text(
        "SELECT i.id, i.pound_id, i.seized_at, v.timezone FROM impoundments i "
        "JOIN villages v ON v.id = i.village_id ORDER BY i.seized_at, i.id")).all()
    counters: dict[tuple[int, int], int] = {}
    for impoundment_id, pound_id, seized_at, tz in rows:
        if isinstance(seized_at, str):  # SQLite hands back text
            seized_at = datetime.fromisoformat(seized_at)
        if seized_at.tzinfo is None:
            seized_at = seized_at.replace(tzinfo=timezone.utc)
        year = seized_at.astimezone(ZoneInfo(tz or "Asia/Kolkata")).year
        serial = counters.get((pound_id, year), 0) + 1
        counters[(pound_id, year)] = serial
        connection.execute(sa.text("UPDATE impoundments SET register_year = :year, register_serial = :serial "
                                   "WHERE id = :id"), {"year": year, "serial": serial, "id": impoundment_id})


def downgrade() -> None:
    with op.batch_alter_table('removal_order_owners', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_removal_order_owners_person_id'))
        batch_op.drop_index(batch_op.f('ix_removal_order_owners_order_id'))
    op.drop_table('removal_order_owners')
    with op.batch_alter_table('removal_order_villages', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_removal_order_villages_village_id'))
    op.drop_table('removal_order_villages')
    op.drop_table('removal_orders')
    with op.batch_alter_table('impoundments', schema=None) as batch_op:
        batch_op.drop_constraint('uq_impoundments_register_serial', type_='unique')
        batch_op.drop_column('register_serial')
        batch_op.drop_column('register_year')
    with op.batch_alter_table('daily_rates', schema=None) as batch_op:
        batch_op.drop_column('approval_ref')
    with op.batch_alter_table('seizures', schema=None) as batch_op:
        batch_op.drop_column('place')
        batch_op.drop_column('seizer_phone')
    with op.batch_alter_table('people', schema=None) as batch_op:
        batch_op.drop_column('approval_ref')
        batch_op.drop_column('approved_on')
        batch_op.drop_column('taluka')
