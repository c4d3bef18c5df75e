"""ગુજરાતી (the default). Words for fee, expenses, security and auction are
those of Gujarati handbooks on the Act (see shared GLOSSARY)."""

MESSAGES = {
    "money": "રૂ. {rupees}",
    # --- kinds (Cattle Trespass Act list) ---
    "kind.cow": "ગાય",
    "kind.bull": "આખલો",
    "kind.bullock": "બળદ",
    "kind.calf": "વાછરડું",
    "kind.buffalo": "ભેંસ",
    "kind.camel": "ઊંટ",
    "kind.horse": "ઘોડો",
    "kind.pony": "ટટ્ટુ",
    "kind.mule": "ખચ્ચર",
    "kind.donkey": "ગધેડો",
    "kind.pig": "ભૂંડ",
    "kind.sheep": "ઘેટું",
    "kind.goat": "બકરી",
    "kind.elephant": "હાથી",
    # --- sms ---
    # --- end sms ---
    # --- notices ---
    # --- end notices ---
    # --- ussd ---
    # --- end ussd ---
}
