"""Messages: broadcasts, the outbox (every SMS is a row before it is a job)
and the inbound messages received, kept to answer a provider's retry alike."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy import text as sql_text  # `text` is a column of the outbox
from sqlalchemy.orm import Mapped, mapped_column

from models.db import Base, UTCDateTime

OUTBOX_STATUSES = ("queued", "sending", "sent", "delivered", "failed", "cancelled")
# The rows the dispatcher and the status filter look for: all but the settled majority.
_UNSETTLED = "status NOT IN ('sent', 'delivered')"
_HAS_PROVIDER_ID, _HAS_IMPOUNDMENT = "provider_id IS NOT NULL", "impoundment_id IS NOT NULL"


class Broadcast(Base):
    __tablename__ = "broadcasts"

    id: Mapped[int] = mapped_column(primary_key=True)
    village_id: Mapped[int] = mapped_column(ForeignKey("villages.id"))
    text: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(24), default="broadcast")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    sender_phone: Mapped[str | None] = mapped_column(String(20))
    recipient_count: Mapped[int] = mapped_column(Integer, default=0)


class OutboundMessage(Base):
    """The outbox: every SMS Dabbo sends is a row here before it is a job."""

    __tablename__ = "outbound_messages"

    id: Mapped[int] = mapped_column(primary_key=True)
    to_phone: Mapped[str] = mapped_column(String(20), index=True)
    person_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"))
    text: Mapped[str] = mapped_column(Text)
    language: Mapped[str] = mapped_column(String(3))
    kind: Mapped[str] = mapped_column(String(24))
    # One notice, one key: a second insert with the same key is the same message.
    idempotency_key: Mapped[str] = mapped_column(String(160), unique=True)
    status: Mapped[str] = mapped_column(String(10), default="queued")
    provider: Mapped[str | None] = mapped_column(String(20))
    provider_id: Mapped[str | None] = mapped_column(String(64))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)
    segments: Mapped[int] = mapped_column(Integer)
    encoding: Mapped[str] = mapped_column(String(5))
    send_after: Mapped[datetime] = mapped_column(UTCDateTime)
    # The notice's own moment has passed after this: drop rather than send late.
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    unsolicited: Mapped[bool] = mapped_column(Boolean, default=True)
    impoundment_id: Mapped[int | None] = mapped_column(ForeignKey("impoundments.id"))
    broadcast_id: Mapped[int | None] = mapped_column(ForeignKey("broadcasts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    # Partial (migration 0007): a claim or a record writes no entry
    # into an index whose condition its new row does not meet.
    __table_args__ = (
        Index("ix_outbound_status_send_after", "status", "send_after",
              postgresql_where=sql_text(_UNSETTLED), sqlite_where=sql_text(_UNSETTLED)),
        Index("ix_outbound_messages_provider_id", "provider_id",
              postgresql_where=sql_text(_HAS_PROVIDER_ID), sqlite_where=sql_text(_HAS_PROVIDER_ID)),
        Index("ix_outbound_messages_impoundment_id", "impoundment_id",
              postgresql_where=sql_text(_HAS_IMPOUNDMENT), sqlite_where=sql_text(_HAS_IMPOUNDMENT)),
        # The dispatcher's expiry scan, every minute: only the queued rows, by expiry (migration 0008).
        Index("ix_outbound_queued_expires", "status", "expires_at", postgresql_where=sql_text("status = 'queued'"),
              sqlite_where=sql_text("status = 'queued'")),
)


class InboundMessage(Base):
    """Every inbound SMS or USSD step, for audit and to answer a retried
    webhook exactly as the first time."""

    __tablename__ = "inbound_messages"

    id: Mapped[int] = mapped_column(primary_key=True)
    channel: Mapped[str] = mapped_column(String(8), default="sms")
    provider: Mapped[str] = mapped_column(String(20))
    provider_id: Mapped[str] = mapped_column(String(100))
    phone: Mapped[str] = mapped_column(String(32), index=True)
    text: Mapped[str] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime)
    reply_text: Mapped[str | None] = mapped_column(Text)
    outcome: Mapped[str | None] = mapped_column(String(32))

    __table_args__ = (UniqueConstraint("provider", "provider_id", name="uq_inbound_provider_id"),)
