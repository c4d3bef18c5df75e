"""हिन्दी."""

MESSAGES = {
    "money": "रु. {rupees}",
    # --- kinds (Cattle Trespass Act list) ---
    "kind.cow": "गाय",
    "kind.bull": "सांड",
    "kind.bullock": "बैल",
    "kind.calf": "बछड़ा",
    "kind.buffalo": "भैंस",
    "kind.camel": "ऊँट",
    "kind.horse": "घोड़ा",
    "kind.pony": "टट्टू",
    "kind.mule": "खच्चर",
    "kind.donkey": "गधा",
    "kind.pig": "सूअर",
    "kind.sheep": "भेड़",
    "kind.goat": "बकरी",
    "kind.elephant": "हाथी",
    # --- sms ---
    # --- end sms ---
    # --- notices ---
    # --- end notices ---
    # --- ussd ---
    # --- end ussd ---
}
