"""The words people text Dabbo, in English, Gujarati and Hindi (and the Latin spellings of
Gujarati and Hindi words that people type): what the SMS grammar (`handlers.sms.commands`) reads.

Only words live here; how they combine is the grammar's. Matching ignores case, nukta,
chandrabindu-vs-anusvara and doubled Latin letters (`handlers.sms.scanner.key`), so one spelling of
each is enough. Add a word by adding it to its table; the grammar refuses, at import, a word
that would mean two things.
"""
from __future__ import annotations

import calendar

from models.law import NAMED_KINDS  # the canonical English kinds: Gujarat's Act's order, then the schedules'

# Every keyword a sender may start a message with.
COMMAND_WORDS: dict[str, str] = {
    # anyone
    "find": "find", "tag": "find", "search": "find",
    "શોધ": "find", "શોધો": "find", "ટેગ": "find",
    "खोज": "find", "खोजो": "find", "खोजें": "find", "टैग": "find",
    "fees": "fees", "fee": "fees", "dues": "fees",
    "ફી": "fees", "શુલ્ક": "fees",
    "शुल्क": "fees", "फीस": "fees",
    "auctions": "auctions",
    "લીલામ": "auctions", "હરાજી": "auctions",
    "नीलामी": "auctions", "नीलाम": "auctions",
    "help": "help", "menu": "help",
    "મદદ": "help",
    "मदद": "help", "सहायता": "help",
    "lang": "lang", "language": "lang",
    "ભાષા": "lang",
    "भाषा": "lang",
    "stop": "stop", "stopall": "stop", "unsubscribe": "stop",
    "બંધ": "stop",
    "बंद": "stop",
    "start": "start", "unstop": "start",
    "ચાલુ": "start",
    "चालू": "start", "शुरू": "start",
    # owner
    "my": "my", "mine": "my",
    "મારા": "my",
    "मेरे": "my",
    # keeper
    "seize": "seize", "seized": "seize", "sieze": "seize", "siezed": "seize",
    "જપ્ત": "seize",
    "जब्त": "seize", "ज़ब्त": "seize",
    "release": "release", "released": "release",
    "sold": "sold", "sale": "sold",
    "list": "list",
    "યાદી": "list",
    "सूची": "list",
    # 1871 s.14: the keeper reported the unclaimed animal to the police station
    "police": "police", "polis": "police",
    "પોલીસ": "police",
    "पुलिस": "police",
    # official
    "notice": "notice",
    "સૂચના": "notice",
    "सूचना": "notice",
    "auction": "auction",
    # anyone: the list of fees exhibited, r.6
    "rates": "rates", "rate": "rates", "દર": "rates", "दर": "rates", "दरें": "rates",
}

# Local words for "auction": with a date they fix one (AUCTION), without they ask (AUCTIONS).
LOCAL_AUCTION_WORDS = ("લીલામ", "હરાજી", "नीलामी", "नीलाम")

PROTEST_WORDS = ("protest", "protested", "વિરોધ", "विरोध")
# SOLD … REFUSED: the owner appeared and refused or omitted to pay (§185(4)).
REFUSED_WORDS = ("refused", "refuse", "refusal", "ઇનકાર", "इनकार")
# SEIZE <tag> <kind> BY <phone>: the person who brought the animal (§184(1)).
BY_WORDS = ("by", "દ્વારા", "द्वारा")
# SEIZE … AT <place>: where the animal was seized (Form A's place column).
AT_WORDS = ("at", "ખાતે")

LANGUAGE_WORDS: dict[str, str] = {
    "gu": "gu", "guj": "gu", "gujarati": "gu", "gujrati": "gu",
    "ગુજરાતી": "gu", "ગુજ": "gu", "गुजराती": "gu",
    "hi": "hi", "hin": "hi", "hindi": "hi",
    "हिंदी": "hi", "हिन्दी": "hi", "હિન્દી": "hi", "હિંદી": "hi",
    "en": "en", "eng": "en", "english": "en",
    "અંગ્રેજી": "en", "अंग्रेजी": "en", "अंग्रेज़ी": "en", "इंग्लिश": "en", "ઇંગ્લિશ": "en",
    # Gujarati in Latin letters (GSM-7), for handsets without Gujarati script.
    "gul": "gul", "gujlish": "gul", "gujglish": "gul",
}
# Sent alone, these set the language; the short codes ("hi") do not (a greeting is not a command).
LANGUAGE_NAMES = tuple(word for word in LANGUAGE_WORDS if len(word) > 3)

# Each kind in English (with plurals), Gujarati, Hindi and the Latin spellings people type
# (GLOSSARY.md), plus everyday words where the glossary has none (ડુક્કર for pig, mare…).
KIND_SPELLINGS: dict[str, tuple[str, ...]] = {
    "cow": ("cow", "cows", "ગાય", "ગાયો", "गाय", "गायें", "gay", "gaay", "gai", "gaai"),
    "bull": ("bull", "bulls", "આખલો", "આખલા", "સાંઢ", "सांड", "साँड", "सांड़",
             "aakhlo", "akhlo", "sand", "saand", "sandh"),
    "bullock": ("bullock", "bullocks", "ox", "oxen", "બળદ", "બળદો", "बैल",
                "balad", "bald", "bail", "bael"),
    "calf": ("calf", "calves", "વાછરડું", "વાછરડો", "વાછરડી", "વાછરડા", "बछड़ा", "बछड़ी", "बछिया",
             "vachhdu", "vachharu", "vachhardu", "vacharadu", "bachhda", "bachda", "bachhra"),
    "buffalo": ("buffalo", "buffaloes", "buffalos", "ભેંસ", "ભેંસો", "भैंस", "भैंसें",
                "bhens", "bhains", "bhais", "bhesh", "bhes"),
    "camel": ("camel", "camels", "ઊંટ", "ઉંટ", "ऊँट", "ऊंट", "unt", "oont", "ut", "oot"),
    "horse": ("horse", "horses", "mare", "ઘોડો", "ઘોડી", "ઘોડા", "घोड़ा", "घोड़ी", "घोड़े",
              "ghodo", "ghoda", "ghora", "ghodi", "ghori"),
    "pony": ("pony", "ponies", "ટટ્ટુ", "टट्टू", "टट्टु", "tattu", "tattoo", "tatu"),
    "mule": ("mule", "mules", "ખચ્ચર", "खच्चर", "khachar", "khachchar", "khacchar"),
    "donkey": ("donkey", "donkeys", "ગધેડો", "ગધેડી", "ગધેડા", "गधा", "गधी", "गधे",
               "gadhedo", "gadheda", "gadha", "gadhedi"),
    "pig": ("pig", "pigs", "hog", "hogs", "swine", "ભૂંડ", "ડુક્કર", "सूअर", "सुअर",
            "bhund", "suar", "suvar", "sooar", "dukkar", "bhoond"),
    "sheep": ("sheep", "ઘેટું", "ઘેટા", "ઘેટાં", "ઘેટો", "भेड़", "भेड़ें",
              "ghetu", "gheta", "bhed", "bhedh"),
    "goat": ("goat", "goats", "બકરી", "બકરો", "બકરા", "બકરાં", "बकरी", "बकरा", "बकरे",
             "bakri", "bakari", "bakro", "bakra"),
    "elephant": ("elephant", "elephants", "હાથી", "हाथी", "hathi", "haathi"),
    # the 1871 Act's s.12 scales (a village takes them only where its pack names them)
    "heifer": ("heifer", "heifers", "વોડકી", "વોડકીઓ", "कलोर", "कलोरें", "ओसर", "vodki", "vodkio", "vodaki", "kalor", "osar"),
    "ram": ("ram", "rams", "મેંઢો", "મેંઢા", "मेढ़ा", "मेढ़े", "मेंढा", "mendho", "mendha", "medha"),
    "ewe": ("ewe", "ewes", "ઘેટી", "ઘેટીઓ", "भेड़ी", "gheti", "ghetio", "bhedi"),
    "lamb": ("lamb", "lambs", "હલવાન", "मेमना", "मेमने", "halvan", "memna", "memne"),
    "kid": ("kid", "kids", "લવારું", "લવારાં", "छौना", "छौने", "lavaru", "lavaran", "chhauna", "chauna"),
}
assert set(KIND_SPELLINGS) == set(NAMED_KINDS)

# Every recognised word -> canonical kind.
KIND_WORDS: dict[str, str] = {
    word: kind for kind, words in KIND_SPELLINGS.items() for word in words
}

# Words between tags that mean "and another tag".
CONJUNCTIONS = ("and", "અને", "और", "tatha", "ane", "aur")
# Words a keeper may put before a tag number ("tag no. 1234", "રસીદ 1000042").
TAG_PREFIXES = ("tag", "no", "number", "num", "nr", "receipt", "rcpt",
                "ટેગ", "નં", "નંબર", "પહોંચ", "टैग", "नं", "नंबर", "रसीद")
# Words a keeper may put before the kind of an untagged animal ("SEIZE no tag cow").
UNTAGGED_WORDS = ("no", "tag", "notag", "untagged", "without",
                  "ટેગ", "વગર", "વિના", "નથી", "टैग", "बिना", "नहीं")
# The word that may stand before a protest word ("RELEASE 1234 under protest").
BEFORE_PROTEST = ("under",)
# Words before a buyer's phone ("SOLD 1234… 4500 buyer 98250…").
PHONE_PREFIXES = ("buyer", "to", "by", "mob", "mobile", "mo", "ph", "phone", "no", "number",
                  "ખરીદનાર", "મોબાઈલ", "खरीदार", "मोबाइल")
# Words before a sale amount ("SOLD 1234… for 4500").
AMOUNT_PREFIXES = ("for", "at", "amount", "price", "કિંમત", "રકમ", "कीमत", "राशि")
# Words and signs for rupees around an amount ("Rs 4500", "રૂ. 4500", "4500 रुपये").
CURRENCY_WORDS = ("rs", "inr", "rupees", "rupee", "rupaye", "rupiya", "₹", "રૂ", "રૂપિયા",
                  "रु", "रू", "रुपये", "रुपया")

# AUCTION dates and times ("AUCTION on 15 June at 11 baje સવારે").
MONTHS: dict[str, int] = {
    name: number
    for number in range(1, 13)
    for name in (calendar.month_name[number].lower(), calendar.month_abbr[number].lower())
}
MONTHS["sept"] = 9
BEFORE_DATE = ("on", "date", "dt", "તા", "તારીખ", "ता", "तारीख", "dinank", "दिनांक")
BEFORE_TIME = ("at", "time", "samay", "સમય", "समय")
MORNING = ("savare", "subah", "સવારે", "सुबह", "morning")
LATER = ("bapore", "sanje", "ratre", "dopahar", "sham", "raat",
         "બપોરે", "સાંજે", "રાત્રે", "दोपहर", "शाम", "रात", "evening", "night", "afternoon")
AFTER_TIME = ("am", "pm", "hrs", "hr", "baje", "vagye", "vage", "oclock", "o'clock",
              "વાગ્યે", "વાગે", "बजे")

# law: SEIZE <tag> <kind> DECLARATION, cattle released under protest seized again for want of
# the declaration and security (§185(3)).
DECLARATION_WORDS = ("declaration", "s185", "એકરારનામું", "એકરાર", "घोषणा", "ekrarnamu", "ekrar")
