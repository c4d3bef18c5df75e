"""English. GSM 7-bit only: "Rs", plain quotes, no rupee sign."""

MESSAGES = {
    "money": "Rs {rupees}",
    # --- kinds (Cattle Trespass Act list) ---
    "kind.cow": "cow",
    "kind.bull": "bull",
    "kind.bullock": "bullock",
    "kind.calf": "calf",
    "kind.buffalo": "buffalo",
    "kind.camel": "camel",
    "kind.horse": "horse",
    "kind.pony": "pony",
    "kind.mule": "mule",
    "kind.donkey": "donkey",
    "kind.pig": "pig",
    "kind.sheep": "sheep",
    "kind.goat": "goat",
    "kind.elephant": "elephant",
    # --- sms ---
    # --- end sms ---
    # --- notices ---
    # --- end notices ---
    # --- ussd ---
    # --- end ussd ---
}
