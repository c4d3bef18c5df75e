"""The tables. Money is integer paise; every time is a timezone-aware UTC
datetime (see `UTCDateTime`); dates that the Act counts in local days
(deadlines, `effective_from`) are plain dates in the village's calendar.

One module per concern, all on the one `Base.metadata` that Alembic reads:
`places` (villages, pounds, people, animals, fee schedules, sign-out
generations), `impoundments` (seizures, impoundments, watches, releases, sales,
deposits, complaints, events), `messages` (broadcasts, the outbox, inbound) and
`removal` (§190 removal orders). Import any table from here.
"""
from models.tables.places import (
    LANGUAGES,
    ROLES,
    Animal,
    DailyRate,
    Person,
    Pound,
    PoundFee,
    SecurityScaleRow,
    SessionGeneration,
    Village,
)
from models.tables.impoundments import (
    COMPLAINT_OUTCOMES,
    DEPOSIT_STATUSES,
    IMPOUNDMENT_STATUSES,
    Complaint,
    Deposit,
    Event,
    Impoundment,
    Release,
    Sale,
    Seizure,
    Watch,
)
from models.tables.messages import OUTBOX_STATUSES, Broadcast, InboundMessage, OutboundMessage
from models.tables.removal import RemovalOrder, RemovalOrderOwner, RemovalOrderVillage

__all__ = [
    "ROLES", "LANGUAGES", "IMPOUNDMENT_STATUSES", "DEPOSIT_STATUSES", "COMPLAINT_OUTCOMES", "OUTBOX_STATUSES",
    "Village", "Pound", "Person", "Animal", "PoundFee", "DailyRate", "SecurityScaleRow", "SessionGeneration",
    "Seizure", "Impoundment", "Watch", "Release", "Sale", "Deposit", "Complaint", "Event",
    "Broadcast", "OutboundMessage", "InboundMessage",
    "RemovalOrder", "RemovalOrderVillage", "RemovalOrderOwner",
]
