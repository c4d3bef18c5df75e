"""The answer cache's size at the state data set: fill it in process (Flask test client, the
real webhooks and API) for N held animals per channel, then measure (a) the deep size of
every entry (keys and values, each object counted once) and (b) the process's RSS before and after."""
import os, sys, random, time, dataclasses
sys.path.insert(0, os.getcwd())
DB = os.environ.get("DB", "dabbo_bench_state")
os.environ.update(DATABASE_URL=f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB}",
                  ADMIN_TOKEN="bench-admin-token",
                  AT_WEBHOOK_TOKEN="bench-at-token", TWILIO_AUTH_TOKEN="bench-twilio-auth-token",
                  PUBLIC_BASE_URL="https://dabbo.bench.example", SMS_PROVIDER="console", QUIET_HOURS="0-0")
os.environ.setdefault("REDIS_URL", "redis://localhost:6379/15")
import psycopg
from twilio.request_validator import RequestValidator
from sms_gateway import create_app
from handlers.pound.answers import ANSWERS, _ANSWERED
def rss():
    return int(open("/proc/self/status").read().split("VmRSS:")[1].split()[0]) / 1024
app = create_app(); c = app.test_client()
with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DB}") as conn:
    held = conn.execute("SELECT id, tag FROM impoundments WHERE status='impounded' AND tag IS NOT NULL").fetchall()
    owners = {lang: [r[0] for r in conn.execute("SELECT phone FROM people WHERE role='owner' AND language=%s LIMIT 50", (lang,))]
              for lang in ("gu", "hi", "en")}
N = int(os.environ.get("N", "500"))
sample = random.Random(2).sample(held, N)
val = RequestValidator("bench-twilio-auth-token")
# warm the process (imports, compiled statements) before the first RSS reading
for i, tag in sample[:5]:
    c.get(f"/api/v1/impoundments/{i}/dues", headers={"Authorization": "Bearer bench-admin-token"})
from handlers.pound import answers; answers.forget()
import gc; gc.collect(); before = rss()
run = str(time.time())
for n, (i, tag) in enumerate(sample):
    c.get(f"/api/v1/impoundments/{i}/dues", headers={"Authorization": "Bearer bench-admin-token"})
    for lang in ("gu", "hi", "en"):
        phone = owners[lang][n % 50]
        params = {"MessageSid": f"SMm{run}{n}{lang}", "From": phone, "To": "+15005550006", "Body": f"FEES {tag}"}
        c.post("/webhooks/twilio/sms", data=params, headers={"X-Twilio-Signature": val.compute_signature("https://dabbo.bench.example/webhooks/twilio/sms", params)})
        c.post("/webhooks/africastalking/ussd?token=bench-at-token", data={"sessionId": f"m{run}{n}{lang}", "phoneNumber": phone, "text": f"1*{tag}"})
gc.collect(); after = rss()
seen = set()
def size(o):
    if id(o) in seen: return 0
    seen.add(id(o)); s = sys.getsizeof(o)
    if isinstance(o, dict): s += sum(size(k) + size(v) for k, v in o.items())
    elif isinstance(o, (tuple, list, set, frozenset)): s += sum(size(x) for x in o)
    elif dataclasses.is_dataclass(o) and not isinstance(o, type): s += sum(size(getattr(o, f.name)) for f in dataclasses.fields(o))
    elif hasattr(o, "__dict__") and not isinstance(o, type): s += size(vars(o))
    return s
kinds = {}
for k, v in ANSWERS._entries.items():
    kind = k[0][0] if k[0] != "static" else "static"
    kinds.setdefault(kind, [0, 0]); kinds[kind][0] += 1; kinds[kind][1] += size(k) + size(v)
marks = sum(size(k) for k in _ANSWERED._entries) + sys.getsizeof(_ANSWERED._entries) + sys.getsizeof(ANSWERS._entries)
total = sum(b for _, b in kinds.values()) + marks
print(f"{DB}: {len(held)} animals held; filled for {N} of them x (dues + 3 languages x (SMS FEES, USSD find))")
for kind, (count, b) in kinds.items():
    print(f"  {kind}: {count} entries, {b/1024:.0f} KiB, {b/count:.0f} B each")
print(f"  marks + tables: {marks/1024:.0f} KiB; total deep size {total/1048576:.2f} MiB for {len(ANSWERS)} entries ({total/len(ANSWERS):.0f} B each)")
print(f"  RSS {before:.1f} -> {after:.1f} MiB (+{after-before:.1f})")
per_animal = total / N
print(f"  per held animal (dues + 3 languages x 2 channels): {per_animal/1024:.1f} KiB; all {len(held)} held: {per_animal*len(held)/1048576:.1f} MiB (bounded by MAX_ANSWERS={ANSWERS.limit} entries: {ANSWERS.limit*total/len(ANSWERS)/1048576:.1f} MiB)")
