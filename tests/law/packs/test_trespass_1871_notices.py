"""SPEC 13.4: the notices an 1871 impoundment sends name the Act's stages and sections (village
MANI, tests/law/packs/trespass_support.py): the seizure alert and the claim reminder speak of the
police report, the notice and the auction seven days after it (s.14) and of the s.20 complaint;
the receipt after a release on dispute names the s.20 complaint the s.15 deposit waits on."""
from __future__ import annotations


from handlers.notices import texts as notice_texts
from models import queries
from tests.law.packs.trespass_support import (  # noqa: F401 (mani: a fixture)
    BUFFALO1, KEEPER, ist, mani, owner_texts, sms)


def test_the_seizure_alert_names_the_police_report_the_notice_and_the_s20_complaint(mani, app, send_twilio):
    """SEIZE 30-11 10:00: due today Rs 20,000 + 1 x Rs 500 = Rs 20,500; report due 07-12 10am;
    complaint by 10-12 (30-11 + 10)."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    [alert] = owner_texts(app, "seizure_alert")
    assert alert == (f"Buffalo {BUFFALO1} in Mani Majra pound. Due today Rs 20,500. Unclaimed by 07-12 10am, the "
                     "police are told and post a notice; auction 7 days after it (s.14). Illegal seizure? Complain "
                     "to a magistrate by 10-12 (s.20)")


def test_the_claim_reminder_says_the_police_come_next(mani, app, send_twilio, session, clock):
    """Seized 30-11 10:00; the reminder text on 06-12 10:00 (the sender capitalises it): 7 days, Rs 20,000 + 7 x Rs 500 =
    Rs 23,500; the report is due 07-12 10am."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    impoundment = queries.impoundment_by_tag(session, BUFFALO1)
    assert notice_texts.claim_reminder_text(session, impoundment, "en", ist(6)) == (
        f"buffalo {BUFFALO1}: due today Rs 23,500. Unclaimed by 07-12 10am, the police are told, and the auction "
        "follows 7 days after their notice (s.14).")


def test_the_receipt_after_a_dispute_names_the_s20_complaint(mani, app, send_twilio, clock):
    """RELEASE ... PROTEST 03-12 11:00: deposit Rs 22,000 (4 days); complaint by 10-12."""
    sms(send_twilio, KEEPER, f"SEIZE {BUFFALO1} buffalo")
    clock.set(ist(3, 11))
    sms(send_twilio, KEEPER, f"RELEASE {BUFFALO1} PROTEST")
    [receipt] = owner_texts(app, "release_receipt")
    assert receipt.endswith("Complain to a magistrate by 10-12 (s.20); the deposit waits on it (s.15).")
