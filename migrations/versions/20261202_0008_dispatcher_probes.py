"""the dispatcher's minute probes: queued rows by expiry; a village's first person

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 11:00:00

(Written beside 0007, the outbox's partial indexes; chained after it when both merged.)

Every minute the dispatcher

- cancels the queued rows whose moment has passed (`models.outbox.expire`):
  without an index on `expires_at` it read every queued row (437,000 after a
  district's morning: 0.1-0.24 s) to find none; the index holds queued rows
  only, so a sent row leaves it. `status` leads it although every entry is
  `queued`: both of the statement's conditions are then index conditions, so
  the planner prefers it to `ix_outbound_status_send_after` even while the
  statistics still say there are no queued rows (as they do for the minutes
  after a morning's 400,000 are written, until autovacuum analyses);
- probes each auction's notice by the key of the village's first opted-in
  person (`models.queries.notices.first_recipients`): with `(village_id, id)`
  that is one index entry per village, where a GROUP BY read every villager.

(The claim reminders' anti-join needs no new index: it now probes the unique
index on `idempotency_key`.) Building takes each table's lock for the build
(a second or two for a million outbox rows).
"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None

QUEUED = "status = 'queued'"


# Batch mode, as the other migrations: SQLite (the first-run database) has no ALTER TABLE for most
# changes; for an index a batch is the plain CREATE INDEX on both.
def upgrade() -> None:
    with op.batch_alter_table('outbound_messages') as batch_op:
        batch_op.create_index('ix_outbound_queued_expires', ['status', 'expires_at'], unique=False,
                              postgresql_where=sa.text(QUEUED), sqlite_where=sa.text(QUEUED))
    with op.batch_alter_table('people') as batch_op:
        batch_op.create_index('ix_people_village_person', ['village_id', 'id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('people') as batch_op:
        batch_op.drop_index('ix_people_village_person')
    with op.batch_alter_table('outbound_messages') as batch_op:
        batch_op.drop_index('ix_outbound_queued_expires')
