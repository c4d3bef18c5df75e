"""English SMS as registered on a DLT portal (SPEC 12.3; handlers/dlt/wording.py says which key
is sent as which). Each: the brand, at most 3 values that never touch, at least half fixed text,
one SMS (160 characters) at its sample values. `{brand}` is fixed text (DLT_BRAND); `{url}` is
the registered public page, `{cbn}` the missed-call number."""

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

TEMPLATES = {
    "seizure_alert": "{brand}: tag {tag} is held at {pound}, Rs {amount} due today. Claim it in 7 days or it is "
                     "auctioned. Illegal seizure? Tell a magistrate in 10 days, s.188",
    "claim_reminder": "{brand}: tag {tag}, Rs {amount} due today. Take it home by {deadline}, or it will be "
                      "auctioned.",
    "auction": "{brand}: auction of impounded cattle on {when} at {place}. Owners can take an animal back until "
               "then.",
    "release_receipt": "{brand}: receipt {receipt}, tag {tag} returned to the owner. Paid Rs {total} in all.",
    "release_protest": "{brand}: receipt {receipt}, tag {tag} taken back under protest. Deposited Rs {total} "
                       "(s.185(2)).",
    "surplus": "{brand}: tag {tag} was sold at auction. Rs {surplus} is left for the owner: prove ownership to "
               "the panchayat by {deadline} (s.186(1)).",
    "surplus_none": "{brand}: tag {tag} was sold at auction for Rs {proceeds}. Fee and expenses took all of it, "
                    "nothing is left over (s.186(1)).",
    "surplus_reminder": "{brand}: Rs {surplus} from the sale of tag {tag} is the owner's until {deadline}. Prove "
                        "ownership to the panchayat, or it goes to the village fund (s.186(1)).",
    "protest_reminder": "{brand}: tag {tag} was taken back under protest. If you complained, tell the panchayat; "
                        "if not, a security deposit is due from {deadline} (s.185(3)).",
    "deposit_forfeited": "{brand}: Rs {forfeited} of your security deposit of Rs {amount} paid {day} is "
                         "forfeited: your cattle were impounded again within six months (s.189(2)).",
    "deposit_refundable": "{brand}: your security deposit of Rs {amount} paid {day} can now be refunded. Apply "
                          "to the panchayat (s.189(2)).",
    "security_due": "{brand}: tag {tag}, no complaint within 4 weeks. Deposit security Rs {amount} at the pound "
                    "and declare ownership, or the animal may be seized again (s.185(3)).",
    "security_due_keeper": "{brand}: tag {tag} was released under protest and 4 weeks ended {deadline}. Require "
                           "the declaration and security Rs {amount}, or seize it again (s.185(3)).",
    "surplus_paid": "{brand}: surplus of Rs {amount} from the auction of tag {tag} was paid on {paid_on} "
                    "(s.186(1)). Keep this SMS as your receipt.",
    "deposit_refunded": "{brand}: security deposit of Rs {amount} paid {day} was refunded on {paid_on} "
                        "(s.189(2)). Keep this SMS as your receipt.",
    "complaint_upheld": "{brand}: the court held the seizure of tag {tag} illegal (s.188). The seizer pays you "
                        "Rs {comp} compensation and the Rs {fees} you paid.",
    "complaint_dismissed": "{brand}: the court dismissed the complaint about tag {tag}. The seizure was lawful "
                           "(s.188).",
    "register_copy": "{brand}: pound register of {pound}, entry {entries}, made {seized_at} for the cattle you "
                     "brought. Keep this SMS as your copy.",
    "removal_order": "{brand}: order {order} of the Mamlatdar (s.190): remove your cattle to {place} by "
                     "{deadline}, or the police may remove them and a fine may follow.",
    "keeper_digest": "{brand}: your pound {pound} holds {count} animals today, {today} of them for auction "
                     "today. Send LIST or open the dashboard for the tags.",
    "notice_general": "{brand}: a new notice from {village} panchayat. Read it at {url} or ask at the panchayat "
                      "office.",
    "notice_auction": "{brand}: public auction of impounded cattle on {when} at {place}. The list of animals and "
                      "the terms are on {url}",
    "notice_meeting": "{brand}: gram sabha meeting of the village on {when} at {place}. The agenda is on {url}",
    "missed_held": "{brand}: your animal with tag {tag} is held in a pound, Rs {total} due today. All your animals "
                   "and dues: {url}",
    "missed_none": "{brand}: none of your animals is in a pound today.",
    "signin_code": "{brand}: your dashboard sign-in code is {code}. It is valid for {minutes} minutes. Do not "
                   "share it with anyone.",
    "find_held": "{brand}: tag {tag} is held at {pound}, Rs {total} due today. Claim it within 7 days of the "
                 "seizure or it is auctioned.",
    "find_released": "{brand}: tag {tag} left the pound on {date}. It is no longer held.",
    "find_sold": "{brand}: tag {tag} was sold at auction. The owner can claim the surplus of Rs {surplus} at "
                 "the panchayat until {surplus_deadline}.",
    "fees": "{brand}: tag {tag}, Rs {total} due today with fee, feeding and security. Tomorrow Rs "
            "{total_tomorrow}.",
    "on_page": "{brand}: the answer to your SMS is on the public page {url} (no sign-in needed).",
    "help": "{brand}: send a tag number to find an animal, FEES and the tag for dues, STOP or START for "
            "notices. All commands: {url}",
    "lang": "{brand}: replies will now be in English.",
    "stop": "{brand}: you will get no more reminders or notices. Send START to restart them.",
    "start": "{brand}: reminders and notices are on again. Send STOP to stop them.",
    "not_done": "{brand}: your SMS could not be done, nothing was recorded. Send HELP, or see {url} for the "
                "commands.",
    "unknown_tag": "{brand}: no animal with tag {tag} is in our records. Check the number and send it again.",
    "recorded": "{brand}: your SMS is recorded in the pound register. The details and receipts are on the "
                "dashboard at {url}",
    "court_order": "{brand}: a court decision about tag {tag} concerns your pound. What to do and what to "
                   "collect is on the dashboard at {url}",
    "keeper_unapproved": "{brand}: a keeper of {pound} without the TDO's approval recorded a seizure, tag {tag}. "
                         "It stays held, no release or sale till approved (s.182(1)). {url}",
}
