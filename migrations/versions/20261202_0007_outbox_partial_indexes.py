"""outbox: partial indexes, so a broadcast's claim and record touch fewer of them

Revision ID: 0007
Revises: 0002
Create Date: 2026-12-02 10:00:00

A status change is never a HOT update (`status` is indexed), so every claim
(`queued -> sending`) and every record (`sending -> sent`) writes a new entry
into each index of the outbox whose condition the new row meets. Three of the
seven are only ever searched for rows that have a value or a status few rows
keep, and now hold only those:

- `ix_outbound_status_send_after`: the dispatcher (queued and due, sending and
  lost, queued and expired) and the API's status filter. `sent` and
  `delivered`, the status of nearly every row ever written, are left out: a
  sent row no longer enters it, and `GET /messages?status=sent` finds its rows
  by the primary key as it did.
- `ix_outbound_messages_provider_id`: delivery reports look a row up by its
  provider id, which a row gets when it is sent; a claimed row has none.
- `ix_outbound_messages_impoundment_id`: an impoundment's messages; a
  broadcast's rows belong to none.

`x = :value` implies `x IS NOT NULL` (the operator is strict), so the last two
serve the same queries, prepared or not. Building them takes the outbox's lock
for as long as the build (seconds for a million rows): run it when no
broadcast is going out.
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0002'
branch_labels = None
depends_on = None

UNSETTLED = "status NOT IN ('sent', 'delivered')"
PARTIAL = {
    'ix_outbound_status_send_after': (['status', 'send_after'], UNSETTLED),
    'ix_outbound_messages_provider_id': (['provider_id'], "provider_id IS NOT NULL"),
    'ix_outbound_messages_impoundment_id': (['impoundment_id'], "impoundment_id IS NOT NULL"),
}


def upgrade() -> None:
    with op.batch_alter_table('outbound_messages') as batch_op:
        for name, (columns, condition) in PARTIAL.items():
            batch_op.drop_index(name)
            batch_op.create_index(name, columns, unique=False, postgresql_where=sa.text(condition),
                                  sqlite_where=sa.text(condition))


def downgrade() -> None:
    with op.batch_alter_table('outbound_messages') as batch_op:
        for name, (columns, _condition) in PARTIAL.items():
            batch_op.drop_index(name)
            batch_op.create_index(name, columns, unique=False)
