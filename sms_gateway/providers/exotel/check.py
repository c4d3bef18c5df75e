"""`flask --app sms_gateway exotel check`: the recorded requests (record.py) against what Dabbo
relies on (SPEC 13.2). `readings` says which reading of each unsettled point the record shows;
`differences` what differs from what Dabbo needs, each with its fix (exit 1 while any does)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

# The parameters each URL reads: every name of a tuple is one choice (any one of them will do).
RELIED_ON = {
    "flow/start": (("CallSid",), ("CallFrom", "From")),
    "flow/gather": (("CallSid",), ("CallFrom", "From")),
    "flow/keys": (("CallSid",), ("CallFrom", "From")),
    "flow/goodbye": (("CallSid",),),
    "missed-call": (("CallSid",), ("CallFrom", "From")),
    "sms": (("SmsSid",), ("From", "Sender"), ("Body", "MessageBody")),
    "status": (("SmsSid", "CallSid"), ("Status",)),
}
CONFIGURED_QUERY = ("query", "kept")  # what `exotel flow` puts on every URL it prints
FIX_FOR_STATUS = {
    403: "the applet's URL carries another token than EXOTEL_WEBHOOK_TOKEN: paste the URLs `exotel flow` prints",
    413: "Exotel sent more than MAX_REQUEST_BYTES: raise it",
}


@dataclass(frozen=True)
class Report:
    readings: list[str]
    differences: list[tuple[str, str]]   # (what differs, its fix)


def _values(entry: dict) -> dict:
    return {**entry.get("query", {}), **entry.get("form", {})}


def _count(label: str, counter: Counter) -> str:
    return f"{label}: " + (", ".join(f"{name} ({n})" for name, n in counter.most_common()) or "not seen yet")


def compare(entries: list[dict]) -> Report:
    if not entries:
        return Report([], [("no request from Exotel recorded", "set EXOTEL_RECORD=on (or leave it unset) and make "
                                                               "a call, a missed call and an SMS")])
    differences: list[tuple[str, str]] = []
    token_in = Counter(e["token_in"] for e in entries)
    if token_in["query"]:
        kinds = sorted({e["kind"] for e in entries if e["token_in"] == "query"})
        differences.append((f"{token_in['query']} requests carried the token in the query ({', '.join(kinds)})",
                            "build those applets with the URLs `exotel flow` prints: the token in the path "
                            "survives Exotel replacing a query string"))
    if token_in["none"]:
        differences.append((f"{token_in['none']} requests came with no token (answered 403): Exotel dropped the "
                            "configured query string", "use the path URLs `exotel flow` prints"))
    configured = Counter("kept" if e.get("query", {}).get(CONFIGURED_QUERY[0]) == CONFIGURED_QUERY[1] else "rewritten"
                         for e in entries if e["token_in"] == "path" and e["kind"].startswith(("flow/", "missed-call")))
    keys = [_values(e) for e in entries if e["kind"] == "flow/keys"]
    quoting = Counter(("quoted" if v["digits"].startswith('"') else "bare") for v in keys
                      if v.get("digits", "").strip('"'))
    silence = Counter(("absent" if "digits" not in v else "empty") for v in keys if not v.get("digits", "").strip('"'))
    for (kind, answered), n in sorted(Counter((e["kind"], e["answered"]) for e in entries
                                              if e["answered"] >= 400).items()):
        fix = FIX_FOR_STATUS.get(answered, "see the web log at that time (`dabbo.webhooks.exotel`)")
        differences.append((f"{n} {kind} requests answered {answered}", fix))
    for kind, wanted in RELIED_ON.items():
        # a HEAD (Exotel's before its GET, golive's probe) is answered without reading anything
        for entry in (e for e in entries if e["kind"] == kind and e["answered"] < 400 and e.get("method") != "HEAD"):
            got = _values(entry)
            missing = [" or ".join(names) for names in wanted if not any(got.get(name) for name in names)]
            if missing:
                differences.append((f"{kind} came without {', '.join(missing)} (it sent {', '.join(sorted(got))})",
                                    "Dabbo reads these (sms_gateway/providers/exotel/callbacks.py): report it with "
                                    "this record"))
                break
    readings = [_count("token arrived in", token_in), _count("configured query string", configured),
                _count("digits", quoting), _count("silence sends digits", silence),
                _count("requests recorded", Counter(e["kind"] for e in entries))]
    return Report(readings, differences)
