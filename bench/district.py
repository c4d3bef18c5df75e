"""District-scale benchmark: Dabbo's speed with a district's data,
beside the floor the same server reaches with a constant answer.

A district: 1,000 villages (one pound, keeper and official each), 200,000
owners, 1,000,000 registered animals, one year of 100,000 impoundments (most
released or sold, a few thousand still in the pounds), with their releases,
sales, deposits, events, watchers, outbox and inbound history. It is bulk
loaded with INSERT ... SELECT generate_series into a database of its own,
`dabbo_bench`, on the server DATABASE_URL names (dropped and rebuilt on every
run unless --reuse; no other database is touched).

Then gunicorn is started exactly as the Procfile's `web` line says, and wrk
(`apt-get install -y wrk`; scripts in bench/lua) drives it over loopback:

* floor   GET /bench/floor (only with BENCH_FLOOR=on): a constant, from the same app
* ussd    POST /webhooks/africastalking/ussd, `1*<tag>` (owner finds an animal)
* sms     POST /webhooks/twilio/sms, signed `FEES <tag>`, a new MessageSid each
* dues    GET /api/v1/impoundments/<id>/dues

and reports requests/s, p50, p99 and each endpoint's share of the floor's
throughput (the floor is measured before and after the endpoints; the mean is
used). Last, a separate phase turns all 100,000 impoundments into animals in
the pounds (re-dated over the last eight days) and times the dispatcher's
tick at night, at the morning hour (when the day's notices are written) and
one minute later; an `rq worker` from the Procfile's `worker` line sends what
the ticks enqueue (console provider) so its RSS can be read.

    python bench/district.py                     # everything, ~6 min
    python bench/district.py --reuse --only http # skip the build, HTTP only
    python bench/district.py --explain docs/EXPLAIN.md   # also EXPLAIN (ANALYZE) the hot paths

Why wrk and not a Python load generator: the machine has two cores for both
the server and the load; wrk (C, one thread, event loop) spends a small
fraction of a core for thousands of requests a second, where a Python client
would take the core the server needs and measure itself.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlencode

import psycopg
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from models.db import normalise_url
from sms_gateway.cli import alembic_config

DATABASE = "dabbo_bench"
DEFAULT_SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
LUA = ROOT / "bench" / "lua"
ADMIN_TOKEN = "bench-admin-token"
# Marks this run's USSD sessionIds and SMS MessageSids (see bench_inputs).
RUN_ID = f"{int(time.time()):x}"
AT_TOKEN = "bench-at-token"
TWILIO_TOKEN = "bench-twilio-auth-token"
PUBLIC_BASE_URL = "https://dabbo.bench.example"

# Data set sizes. `--scale state` is Gujarat: about 18,000 villages; it
# lives in its own database so that the district one can be reused beside it.
SCALES = {
    "district": dict(DATABASE="dabbo_bench", VILLAGES=1_000, OWNERS=200_000, ANIMALS=1_000_000,
                     IMPOUNDMENTS=100_000, SEIZURES=80_000, SEIZED_OWNERS=60_000, REPLIES=200_000,
                     INBOUND=300_000),
    "state": dict(DATABASE="dabbo_bench_state", VILLAGES=18_000, OWNERS=1_000_000, ANIMALS=5_000_000,
                  IMPOUNDMENTS=500_000, SEIZURES=400_000, SEIZED_OWNERS=300_000, REPLIES=1_000_000,
                  INBOUND=1_500_000),
}
VILLAGES = 1_000
OWNERS = 200_000
ANIMALS = 1_000_000           # five per owner
IMPOUNDMENTS = 100_000        # one year
SEIZURES = 80_000             # one in four seizures takes two animals of one owner
SEIZED_OWNERS = 60_000        # the owners those seizures fall on (some twice)
REPLIES, INBOUND = 200_000, 300_000   # the year's replies in the outbox, inbound messages
KEEPER_BASE, OFFICIAL_BASE = OWNERS, OWNERS + VILLAGES   # person ids
ANIMAL_KINDS = ((40, "cow"), (70, "buffalo"), (80, "bullock"), (88, "calf"), (95, "goat"), (98, "sheep"),
                (99, "camel"), (100, "donkey"))   # animal g's kind: the first whose bound exceeds g % 100


def set_scale(name: str) -> None:
    """Point the module's sizes (read by every statement below) at a scale."""
    global KEEPER_BASE, OFFICIAL_BASE
    globals().update(SCALES[name])
    KEEPER_BASE, OFFICIAL_BASE = OWNERS, OWNERS + VILLAGES

# SAMPLE amounts, as in sms_gateway/demo.py.
POUND_FEES = {"cow": 5000, "bull": 10000, "bullock": 7500, "calf": 2500, "buffalo": 7500, "camel": 10000,
              "horse": 10000, "pony": 5000, "mule": 5000, "donkey": 2500, "pig": 2500, "sheep": 1000,
              "goat": 1000, "elephant": 50000}
DAILY_RATES = {"cow": 4000, "bull": 5000, "bullock": 5000, "calf": 2000, "buffalo": 5000, "camel": 6000,
               "horse": 6000, "pony": 4000, "mule": 4000, "donkey": 2000, "pig": 1500, "sheep": 1000,
               "goat": 1000, "elephant": 0}


# ------------------------------------------------------------------ database

def server_url() -> str:
    return normalise_url(os.environ.get("DATABASE_URL") or DEFAULT_SERVER)


def bench_url() -> str:
    return make_url(server_url()).set(database=DATABASE).render_as_string(hide_password=False)


def libpq(url: str) -> str:
    """psycopg wants postgresql://, SQLAlchemy postgresql+psycopg://."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def recreate_database() -> None:
    """Drop and create `dabbo_bench` (only that one), then migrate it to head."""
    with psycopg.connect(libpq(server_url()), autocommit=True) as conn:
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                     "WHERE datname = %s AND pid <> pg_backend_pid()", (DATABASE,))
        conn.execute(f'DROP DATABASE IF EXISTS "{DATABASE}"')
        conn.execute(f'CREATE DATABASE "{DATABASE}"')
    from alembic import command

    command.upgrade(alembic_config(bench_url()), "head")


# Every statement below is one INSERT ... SELECT over generate_series: the
# database makes the rows itself, nothing travels row by row.
AUCTION_AT = """((date_trunc('day', ({deadline}) AT TIME ZONE 'Asia/Kolkata') + interval '11 hours'
    + CASE WHEN date_trunc('day', ({deadline}) AT TIME ZONE 'Asia/Kolkata') + interval '11 hours'
                <= ({deadline}) AT TIME ZONE 'Asia/Kolkata' THEN interval '1 day' ELSE interval '0' END)
    AT TIME ZONE 'Asia/Kolkata')"""
LOCAL_DATE = "(({t}) AT TIME ZONE 'Asia/Kolkata')::date"


def kinds_values() -> str:
    return ", ".join(f"('{k}', {POUND_FEES[k]}, {DAILY_RATES[k]})" for k in POUND_FEES)


def build_sql(now: datetime) -> list[tuple[str, str]]:
    kinds = kinds_values()
    return [
        ("villages", f"""
INSERT INTO villages (id, code, name, taluka, district, language, timezone, country, security_notified,
                      auction_hour, forfeit_percent, created_at)
SELECT g, 'V' || lpad(g::text, {max(4, len(str(VILLAGES)))}, '0'), 'Gam ' || lpad(g::text, {max(4, len(str(VILLAGES)))}, '0'), 'Taluka ' || ((g - 1) / 100 + 1),
       'Bench district', CASE WHEN g % 10 < 6 THEN 'gu' WHEN g % 10 < 9 THEN 'hi' ELSE 'en' END,
       'Asia/Kolkata', 'IN', g % 3 = 0, 11, 100, %(now)s - interval '3 years'
FROM generate_series(1, {VILLAGES}) g"""),
        ("pounds", f"""
INSERT INTO pounds (id, village_id, code, name)
SELECT g, g, 'V' || lpad(g::text, {max(4, len(str(VILLAGES)))}, '0') || '-1', 'Gam ' || lpad(g::text, {max(4, len(str(VILLAGES)))}, '0') || ' panchayat pound'
FROM generate_series(1, {VILLAGES}) g"""),
        ("people", f"""
INSERT INTO people (id, phone, name, role, language, opted_out, village_id, pound_id, created_at)
SELECT g, '+9197' || lpad(g::text, 8, '0'), 'Owner ' || g, 'owner',
       CASE WHEN g % 10 < 6 THEN 'gu' WHEN g % 10 < 9 THEN 'hi' ELSE 'en' END, g % 50 = 0,
       (g - 1) % {VILLAGES} + 1, NULL, %(now)s - interval '2 years'
FROM generate_series(1, {OWNERS}) g
UNION ALL
SELECT {KEEPER_BASE} + g, '+9196' || lpad(g::text, 8, '0'), 'Keeper ' || g, 'keeper', 'gu', false, g, g,
       %(now)s - interval '3 years'
FROM generate_series(1, {VILLAGES}) g
UNION ALL
SELECT {OFFICIAL_BASE} + g, '+9195' || lpad(g::text, 8, '0'), 'Talati ' || g, 'official', 'gu', false, g,
       NULL, %(now)s - interval '3 years'
FROM generate_series(1, {VILLAGES}) g"""),
        ("animals", COPY_ANIMALS),
        ("schedules", f"""
INSERT INTO pound_fees (kind, amount_paise, effective_from)
SELECT k.kind, k.fee * v.pct / 100, v.since
FROM (VALUES {kinds}) k(kind, fee, rate), (VALUES (date '2025-04-01', 90), (date '2026-04-01', 100)) v(since, pct);
INSERT INTO daily_rates (village_id, kind, amount_paise, effective_from, approval_ref)
SELECT g, k.kind, k.rate * v.pct / 100, v.since, 'BENCH/DP/' || g
FROM generate_series(1, {VILLAGES}) g, (VALUES {kinds}) k(kind, fee, rate),
     (VALUES (date '2025-04-01', 90), (date '2026-04-01', 100)) v(since, pct);
UPDATE people SET approved_on = date '2025-04-01', approval_ref = 'BENCH/TDO' WHERE role = 'keeper';
INSERT INTO security_scale_rows (village_id, effective_from, position, min_head, max_head, min_times,
                                 max_times, per_head_paise)
SELECT g, v.since, s.position, s.min_head, s.max_head, s.min_times, s.max_times, s.paise * v.pct / 100
FROM generate_series(3, {VILLAGES}, 3) g,
     (VALUES (date '2025-04-01', 90), (date '2026-04-01', 100)) v(since, pct),
     (VALUES (0, 1, 2, 1, 1, 20000), (1, 3, NULL, 1, 1, 30000), (2, 1, 2, 2, 2, 50000),
             (3, 3, NULL, 2, 2, 70000), (4, 1, NULL, 3, NULL, 100000))
       s(position, min_head, max_head, min_times, max_times, paise)"""),
        # Seizure s: owner o(s) (80,000 seizures over 60,000 owners: some twice), at o's village pound,
        # spread evenly over the last 365 days (about 220 a day).
        ("seizures", f"""
CREATE TEMP TABLE bench_plan AS
SELECT n, s, o, (o - 1) % {VILLAGES} + 1 AS pound,
       (o - 1) * 5 + 1 + CASE WHEN ((n - 2) * 4) / 5 + 1 = s THEN 1 ELSE 0 END AS animal,
       %(now)s - interval '365 days' * (1 - s::float / {SEIZURES}) - interval '1 minute' * (s % 600) AS seized_at
FROM (SELECT n, ((n - 1) * 4) / 5 + 1 AS s FROM generate_series(1, {IMPOUNDMENTS}) n) a,
     LATERAL (SELECT ((s::bigint * 7919) % {SEIZED_OWNERS} + 1)::int AS o) b;
INSERT INTO seizures (id, pound_id, keeper_id, seized_at, note)
SELECT DISTINCT ON (s) s, pound, {KEEPER_BASE} + pound, seized_at, NULL FROM bench_plan ORDER BY s"""),
        # Every 20th animal untagged; the planned end: 82 % released within a week, the rest sold at the
        # auction or a later one. Whatever has not ended by now is still in the pound (about 2,000).
        ("impoundments", f"""
CREATE TEMP TABLE planned AS
SELECT p.*, a.tag AS animal_tag, a.kind, a.owner_id AS animal_owner,
       p.seized_at + interval '7 days' AS claim_deadline,
       {AUCTION_AT.format(deadline="p.seized_at + interval '7 days'")} AS auction_at,
       CASE WHEN p.n % 100 < 82 THEN 'released' ELSE 'sold' END AS outcome
FROM bench_plan p JOIN animals a ON a.id = p.animal;
ALTER TABLE planned ADD COLUMN ended_at timestamptz;
UPDATE planned SET ended_at = CASE WHEN outcome = 'released'
    THEN seized_at + interval '1 day' * (1 + n % 7) - interval '3 hours'
    ELSE auction_at + interval '7 days' * (n % 4) END;  -- an auction without buyers is held again a week later
INSERT INTO impoundments (id, seizure_id, pound_id, village_id, receipt, tag, kind, keeper_id, owner_id,
                          seized_at, status, claim_deadline, auction_at, auction_fixed_at, auction_place,
                          complaint_deadline, note, closed_at, seized_on)
SELECT n, s, pound, pound, (100000 + n)::text,
       CASE WHEN n % 20 = 0 THEN NULL ELSE animal_tag END, kind, {KEEPER_BASE} + pound,
       CASE WHEN n % 20 = 0 THEN NULL ELSE animal_owner END, seized_at,
       CASE WHEN ended_at <= %(now)s THEN outcome ELSE 'impounded' END, claim_deadline, auction_at, NULL, NULL,
       {LOCAL_DATE.format(t="seized_at")} + 10, NULL, CASE WHEN ended_at <= %(now)s THEN ended_at END,
       {LOCAL_DATE.format(t="seized_at")}
FROM planned"""),
        ("releases", f"""
INSERT INTO releases (impoundment_id, owner_id, released_at, under_protest, days, pound_fee_paise,
                      expenses_paise, security_paise, total_paise, protest_deadline)
SELECT i.id, i.owner_id, i.closed_at, i.id % 25 = 0, d.days, k.fee, d.days * k.rate, d.security,
       k.fee + d.days * k.rate + CASE WHEN i.id % 25 = 0 THEN 0 ELSE d.security END,
       CASE WHEN i.id % 25 = 0 THEN {LOCAL_DATE.format(t="i.closed_at")} + 28 END
FROM impoundments i JOIN villages v ON v.id = i.village_id JOIN (VALUES {kinds}) k(kind, fee, rate) ON k.kind = i.kind,
     LATERAL (SELECT {LOCAL_DATE.format(t="i.closed_at")} - {LOCAL_DATE.format(t="i.seized_at")} + 1 AS days,
                     CASE WHEN v.security_notified AND i.owner_id IS NOT NULL AND i.id % 25 <> 0
                          THEN 20000 ELSE 0 END AS security) d
WHERE i.status = 'released';
INSERT INTO deposits (owner_id, village_id, impoundment_id, amount_paise, deposited_at, refund_date, status,
                      forfeited_paise, forfeited_by_id, closed_at)
SELECT r.owner_id, i.village_id, i.id, r.security_paise, r.released_at,
       ({LOCAL_DATE.format(t="r.released_at")} + interval '6 months')::date,
       CASE WHEN ({LOCAL_DATE.format(t="r.released_at")} + interval '6 months')::date <= {LOCAL_DATE.format(t="%(now)s")}
            THEN 'refundable' ELSE 'held' END, 0, NULL, NULL
FROM releases r JOIN impoundments i ON i.id = r.impoundment_id WHERE r.security_paise > 0"""),
        ("sales", f"""
INSERT INTO sales (impoundment_id, sold_at, proceeds_paise, sale_expenses_paise, pound_fee_paise,
                   expenses_paise, surplus_paise, surplus_deadline, buyer_phone)
SELECT i.id, i.closed_at, x.proceeds, 5000, k.fee, x.days * k.rate,
       greatest(0, x.proceeds - 5000 - k.fee - x.days * k.rate), {LOCAL_DATE.format(t="i.closed_at")} + 15, NULL
FROM impoundments i JOIN (VALUES {kinds}) k(kind, fee, rate) ON k.kind = i.kind,
     LATERAL (SELECT 300000 + (i.id % 50) * 10000 AS proceeds,
                     {LOCAL_DATE.format(t="i.closed_at")} - {LOCAL_DATE.format(t="i.seized_at")} + 1 AS days) x
WHERE i.status = 'sold'"""),
        ("events", """
INSERT INTO events (impoundment_id, at, type, actor_phone, detail)
SELECT i.id, i.seized_at, 'seized', NULL, json_build_object('kind', i.kind, 'tag', i.tag) FROM impoundments i
UNION ALL
SELECT i.id, i.closed_at, i.status, NULL, '{}'::json FROM impoundments i WHERE i.status <> 'impounded'"""),
        ("watches", f"""
INSERT INTO watches (impoundment_id, person_id, created_at)
SELECT i.id, (i.id * 31) % {OWNERS} + 1, i.seized_at + interval '2 hours'
FROM impoundments i WHERE i.id % 5 = 0 AND coalesce(i.owner_id, 0) <> (i.id * 31) % {OWNERS} + 1"""),
        # The outbox's year: a seizure alert and a release receipt or surplus notice per owned animal,
        # and about 200,000 replies; all long delivered.
        ("outbound_messages", f"""
INSERT INTO outbound_messages (to_phone, person_id, text, language, kind, idempotency_key, status, provider,
                               provider_id, attempts, last_error, segments, encoding, send_after, expires_at,
                               unsolicited, impoundment_id, broadcast_id, created_at, updated_at, sent_at)
SELECT p.phone, p.id, 'Your animal ' || coalesce(i.tag, i.receipt) || ' is in the pound.', p.language,
       m.kind, m.kind || ':' || i.id, 'delivered', 'twilio', 'SM' || md5(m.kind || i.id), 1, NULL::text, 1, 'GSM', m.at,
       NULL::timestamptz, true, i.id, NULL::integer, m.at, m.at, m.at
FROM impoundments i JOIN people p ON p.id = i.owner_id,
     LATERAL (VALUES ('seizure_alert', i.seized_at),
                     (CASE i.status WHEN 'sold' THEN 'surplus_notice' ELSE 'release_receipt' END, i.closed_at)) m(kind, at)
WHERE m.at IS NOT NULL
UNION ALL
SELECT '+9197' || lpad((g % {OWNERS} + 1)::text, 8, '0'), g % {OWNERS} + 1, 'Reply ' || g, 'gu', 'reply',
       'reply:africastalking:ATXid_' || g, 'delivered', 'africastalking', 'ATXid_out_' || g, 1, NULL, 1, 'GSM',
       %(now)s - interval '365 days' * (1 - g::float / {REPLIES}), NULL::timestamptz, false, NULL::integer, NULL::integer,
       %(now)s - interval '365 days' * (1 - g::float / {REPLIES}), %(now)s - interval '365 days' * (1 - g::float / {REPLIES}),
       %(now)s - interval '365 days' * (1 - g::float / {REPLIES})
FROM generate_series(1, {REPLIES}) g"""),
        ("inbound_messages", f"""
INSERT INTO inbound_messages (channel, provider, provider_id, phone, text, received_at, reply_text, outcome)
SELECT CASE WHEN g % 3 = 0 THEN 'ussd' ELSE 'sms' END, CASE WHEN g % 2 = 0 THEN 'twilio' ELSE 'africastalking' END,
       'SMhistory' || g, '+9197' || lpad((g % {OWNERS} + 1)::text, 8, '0'), 'FEES 2' || lpad((g * 5)::text, 11, '0'),
       %(now)s - interval '365 days' * (1 - g::float / {INBOUND}), 'Reply ' || g, 'fees'
FROM generate_series(1, {INBOUND}) g"""),
    ]


COPY_ANIMALS = "COPY animals"


def copy_animals(conn: psycopg.Connection) -> None:
    """The registered animals, the largest table (5,000,000 at state scale):
    streamed with COPY, five per owner, kinds in ANIMAL_KINDS' proportions."""
    kind_of = [next(kind for bound, kind in ANIMAL_KINDS if g < bound) for g in range(100)]
    with conn.cursor().copy("COPY animals (id, tag, kind, owner_id) FROM STDIN") as copy:
        for g in range(1, ANIMALS + 1):
            copy.write_row((g, f"2{g:011d}", kind_of[g % 100], (g - 1) // 5 + 1))


def at_now(sql: str, now: datetime) -> str:
    """`%(now)s` as a literal: the statements use `%` for modulo, so they are run without parameters."""
    return sql.replace("%(now)s", f"'{now.isoformat()}'::timestamptz")


def build(now: datetime) -> None:
    recreate_database()
    with psycopg.connect(libpq(bench_url())) as conn:
        for table, sql in build_sql(now):
            began = time.perf_counter()
            if sql is COPY_ANIMALS:
                copy_animals(conn)
                sql = ""
            for statement in filter(None, sql.split(";\n")):
                conn.execute(at_now(statement, now))
            print(f"  {table:<18} {time.perf_counter() - began:6.1f} s", file=sys.stderr)
        for table in ("villages", "pounds", "people", "animals", "seizures", "impoundments", "releases", "sales",
                      "deposits", "events", "watches", "outbound_messages", "inbound_messages", "pound_fees",
                      "daily_rates", "security_scale_rows"):
            conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                         f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)")
        conn.commit()
    with psycopg.connect(libpq(bench_url()), autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")


def counts() -> dict:
    with psycopg.connect(libpq(bench_url())) as conn:
        out = {}
        for table in ("villages", "people", "animals", "impoundments", "outbound_messages", "inbound_messages"):
            out[table] = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        out["open"] = conn.execute("SELECT count(*) FROM impoundments WHERE status = 'impounded'").fetchone()[0]
        return out


# ------------------------------------------------------------------ processes

def procfile_line(name: str) -> str:
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith(f"{name}:"):
            return line.split(":", 1)[1].strip()
    raise SystemExit(f"no {name} line in the Procfile")


def service_env(port: int, redis_db: int) -> dict:
    redis_base = os.environ.get("REDIS_URL", "redis://localhost:6379/0").rsplit("/", 1)[0]
    env = dict(os.environ)
    env.update(DATABASE_URL=bench_url(), REDIS_URL=f"{redis_base}/{redis_db}", ADMIN_TOKEN=ADMIN_TOKEN,
               AT_WEBHOOK_TOKEN=AT_TOKEN, TWILIO_AUTH_TOKEN=TWILIO_TOKEN, PUBLIC_BASE_URL=PUBLIC_BASE_URL,
               BENCH_FLOOR="on", PORT=str(port), SMS_PROVIDER="console", QUIET_HOURS="0-0",
               PATH=f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}")
    env.pop("WEB_CONCURRENCY", None)
    return env


def start(name: str, env: dict, log: Path) -> subprocess.Popen:
    """The Procfile line `name`, run by the shell as a Procfile runner does."""
    return subprocess.Popen(["sh", "-c", "exec " + procfile_line(name)], cwd=ROOT, env=env,
                            stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)


def web_beside(name: str, port: int) -> tuple[Path, subprocess.Popen]:
    """For the smaller benches that run beside this one (bench/reuse.py, bench/find_floor.py):
    a scratch folder with the inputs wrk reads (tags, phones, signed bodies) and the web
    started per the Procfile on `port`, against the district data set."""
    workdir = Path(f"/tmp/dabbo_{name}_{os.getpid()}")
    workdir.mkdir(exist_ok=True)
    bench_inputs(workdir, port, 10)
    return workdir, start("web", service_env(port, 14), workdir / "web.log")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"nothing listens on {port}")


def process_tree(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, []))
    return tree


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def tree_rss(pid: int) -> list[tuple[int, float]]:
    return [(p, rss_mb(p)) for p in process_tree(pid)]


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def backend_cpu_seconds(database: str) -> float:
    """CPU of every PostgreSQL backend serving `database` (their process titles name it)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if title.startswith("postgres:") and f" {database} " in title:
                total += cpu_seconds(int(entry.name))
    return total


# ------------------------------------------------------------------ load

def bench_inputs(workdir: Path, port: int, count: int) -> dict:
    """Tags of animals in the pounds (what owners ask about), owners' phones,
    and `count` signed Twilio bodies, each with its own MessageSid."""
    from twilio.request_validator import RequestValidator

    with psycopg.connect(libpq(bench_url())) as conn:
        tags = [r[0] for r in conn.execute(
            "SELECT tag FROM impoundments WHERE status = 'impounded' AND tag IS NOT NULL")]
        highest = conn.execute("SELECT max(id) FROM impoundments").fetchone()[0]
    rng = random.Random(8)
    phones = [f"+9197{rng.randint(1, OWNERS):08d}" for _ in range(5000)]
    (workdir / "tags.txt").write_text("\n".join(tags) + "\n")
    (workdir / "phones.txt").write_text("\n".join(p.replace("+", "%2B") for p in phones) + "\n")
    validator = RequestValidator(TWILIO_TOKEN)
    url = PUBLIC_BASE_URL + "/webhooks/twilio/sms"
    # MessageSids unique to this run (and the warm-up's apart from the measured
    # run's), so that neither the warm-up nor an earlier run on a reused
    # database turns measured requests into repeats answered from storage.
    run = RUN_ID
    for name, first, how_many in (("sms_warmup.txt", 0, min(count, 5000)), ("sms.txt", 10**9, count)):
        lines = []
        for n in range(first, first + how_many):
            sid = f"SM{run}{n:022d}"
            params = {"MessageSid": sid, "SmsSid": sid, "AccountSid": "ACbench",
                      "From": rng.choice(phones), "To": "+15005550006", "Body": f"FEES {rng.choice(tags)}",
                      "NumMedia": "0", "NumSegments": "1"}
            lines.append(validator.compute_signature(url, params) + "\t" + urlencode(params))
        (workdir / name).write_text("\n".join(lines) + "\n")
    return {"tags": len(tags), "highest": highest}


def wrk(port: int, script: str, args: list[str], duration: int, connections: int, threads: int) -> dict:
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--timeout", "5s", "-s", script,
               f"http://127.0.0.1:{port}", "--", *args]
    out = subprocess.run(command, cwd=LUA, capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("DABBO_RESULT "))
    result = json.loads(line.removeprefix("DABBO_RESULT "))
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    result["command"] = "cd bench/lua && " + shlex.join(command)
    return result


def wrk_with_cpu(web: subprocess.Popen, port: int, script: str, args: list[str], duration: int, connections: int,
                 threads: int) -> dict:
    """`wrk`'s result with the CPU per request of the web (gunicorn's workers: Python) and of the
    database (its backends), read around the run, and the load average after it: where a
    request's time goes, whatever the load."""
    web_cpu, db_cpu = sum(map(cpu_seconds, process_tree(web.pid))), backend_cpu_seconds(DATABASE)
    result = wrk(port, script, args, duration, connections, threads)
    result["web_cpu_us"] = (sum(map(cpu_seconds, process_tree(web.pid))) - web_cpu) / result["requests"] * 1e6
    result["db_cpu_us"] = (backend_cpu_seconds(DATABASE) - db_cpu) / result["requests"] * 1e6
    result["load"] = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    return result


def run_http(args, workdir: Path) -> dict:
    env = service_env(args.port, args.redis_db)
    inputs = bench_inputs(workdir, args.port, args.sms_bodies)
    web = start("web", env, workdir / "web.log")
    try:
        wait_for_port(args.port)
        time.sleep(1)
        ussd_args = [AT_TOKEN, str(workdir / "tags.txt"), str(workdir / "phones.txt")]
        # (name, script, measured run's arguments, warm-up's arguments): the USSD
        # sessionIds and the SMS MessageSids of the warm-up, of the measured run
        # and of any earlier run all differ, so every measured request is new.
        tags = [str(workdir / "tags.txt")]
        dues_args = [ADMIN_TOKEN, str(inputs["highest"])]
        per_round = args.sms_bodies // args.rounds
        # Other people's work on the machine comes and goes within a minute, so every
        # endpoint is measured between two runs of the data floor, and its share is of
        # their mean (the constant floor opens and closes the whole run).
        plan = [("floor", "floor.lua", [], [])]
        for n in range(args.rounds):
            sms_args = [str(workdir / "sms.txt"), str(args.threads), str(n * per_round)]
            plan += [("data", "data_floor.lua", tags, tags),
                     ("ussd", "ussd.lua", ussd_args + [f"{RUN_ID}m{n}"], ussd_args + [f"{RUN_ID}w{n}"]),
                     ("data", "data_floor.lua", tags, tags),
                     ("sms", "sms.lua", sms_args,
                      [str(workdir / "sms_warmup.txt"), str(args.threads), str(n * (5000 // args.rounds))]),
                     ("data", "data_floor.lua", tags, tags),
                     ("dues", "dues.lua", dues_args, dues_args)]
        plan += [("data", "data_floor.lua", tags, tags), ("floor", "floor.lua", [], [])]
        results: dict[str, list[dict]] = {}
        previous_data = None
        warmed = set()
        for name, script, script_args, warm_up_args in plan:
            if name not in warmed:   # once per endpoint: later rounds follow a run of the same code
                wrk(args.port, script, warm_up_args, 3, args.connections, args.threads)   # not counted
                warmed.add(name)
            result = wrk_with_cpu(web, args.port, script, script_args, args.duration, args.connections, args.threads)
            results.setdefault(name, []).append(result)
            if name == "data":
                if previous_data is not None:
                    previous_data["data_after"] = result["rps"]
                previous_data = None
            elif name != "floor":
                result["data_before"] = results["data"][-1]["rps"]
                previous_data = result
            print(f"  {name:<6} {result['rps']:8.0f} req/s  p50 {result['p50_us'] / 1000:6.1f} ms  "
                  f"p99 {result['p99_us'] / 1000:6.1f} ms  errors {result['status_errors'] + result['timeouts']}"
                  f"  load {result['load']}{'  WRAPPED' if result['wrapped'] else ''}", file=sys.stderr)
        web_rss = tree_rss(web.pid)
    finally:
        stop(web)
        # Any answer that was not a 2xx, and any traceback, stays readable after the run.
        problems = [line for line in (workdir / "web.log").read_text(errors="replace").splitlines()
                    if '" 5' in line or '" 4' in line or "Traceback" in line or "Error" in line]
        if problems:
            (Path(tempfile.gettempdir()) / f"dabbo_bench_web_problems_{RUN_ID}.log").write_text(
                "\n".join(problems[:200]) + "\n")
            print(f"  {len(problems)} problem lines in the web log: "
                  f"{tempfile.gettempdir()}/dabbo_bench_web_problems_{RUN_ID}.log", file=sys.stderr)
    return {"results": results, "web_rss": web_rss, "inputs": inputs}


# ------------------------------------------------------------------ EXPLAIN

def write_explain(path: Path, workdir: Path, scale: str, sizes: dict) -> dict:
    """Run each hot path once in-process (Flask test client, same settings as
    the server), capture every SQL statement it sends (SQLAlchemy's
    before_cursor_execute), and EXPLAIN (ANALYZE, BUFFERS) each, inside a
    transaction that is rolled back (so INSERTs change nothing)."""
    from sqlalchemy import event
    from twilio.request_validator import RequestValidator

    from sms_gateway import create_app
    from sms_gateway.settings import Settings

    settings = Settings.from_env(service_env(0, 14))
    app = create_app(settings)
    engine = app.extensions["dabbo"].engine
    captured: list[tuple[str, object]] = []

    @event.listens_for(engine, "before_cursor_execute")
    def capture(conn, cursor, statement, parameters, context, executemany):
        captured.append((statement, parameters))

    tags = (workdir / "tags.txt").read_text().split()
    client = app.test_client()
    params = {"MessageSid": f"SMexplain{RUN_ID}", "From": "+919700000042", "To": "+15005550006", "Body": f"FEES {tags[0]}"}
    signature = RequestValidator(TWILIO_TOKEN).compute_signature(PUBLIC_BASE_URL + "/webhooks/twilio/sms", params)
    paths = {
        "USSD `1*<tag>`": lambda: client.post(f"/webhooks/africastalking/ussd?token={AT_TOKEN}", data={
            "sessionId": f"explain{RUN_ID}", "phoneNumber": "+919700000043", "text": f"1*{tags[1]}"}),
        "Twilio SMS `FEES <tag>`": lambda: client.post("/webhooks/twilio/sms", data=params,
                                                       headers={"X-Twilio-Signature": signature}),
        "`GET /api/v1/impoundments/{id}/dues` (a notified village)": lambda: client.get(
            "/api/v1/impoundments/3/dues", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}),
    }
    paths["Data floor `GET /bench/floor/data?tag=<tag>` (psycopg, not SQLAlchemy: not captured)"] = (
        lambda: client.get(f"/bench/floor/data?tag={tags[2]}"))
    # The district's part is written first (the file is replaced); the state's is appended to it.
    out = [] if scale != "district" else [
        "# EXPLAIN (ANALYZE, BUFFERS) of the hot paths", "",
        "Written by `python bench/district.py --explain docs/EXPLAIN.md` (district) and then "
        "`python bench/district.py --scale state --explain docs/EXPLAIN.md` (appends the state part). "
        "Every statement one request sends, in order, captured from SQLAlchemy and explained with its real "
        "parameters (writes inside a rolled-back transaction). Transaction control (SAVEPOINT, COMMIT, "
        "`SET LOCAL synchronous_commit`) is left out of the plans but counted.", ""]
    out += [f"# {scale.capitalize()} scale: {sizes}", ""]
    statements: dict[str, int] = {}
    with psycopg.connect(libpq(bench_url())) as conn:
        for title, call in paths.items():
            captured.clear()
            status = call().status_code
            statements[title.split("`")[1] if "`" in title else title] = len(captured)
            out += [f"## {title} (HTTP {status}, {len(captured)} statements)", ""]
            for statement, parameters in captured:
                if statement.split()[0].upper() in ("SAVEPOINT", "RELEASE", "ROLLBACK", "COMMIT", "BEGIN", "SET"):
                    continue
                # The request committed its INSERTs: running them again would hit their unique keys.
                writes_new_rows = statement.lstrip().upper().startswith(("INSERT", "WITH"))   # WITH ... INSERT
                analyze = "" if writes_new_rows else "ANALYZE, BUFFERS, TIMING OFF, "
                # A statement run straight (models/plain_rows.py) comes with $1... and its values in order.
                positional = isinstance(parameters, list) and not (parameters and isinstance(parameters[0], dict))
                cursor = psycopg.RawCursor(conn) if positional else conn.cursor()
                rows = cursor.execute(f"EXPLAIN ({analyze}COSTS OFF) " + statement, parameters).fetchall()
                conn.rollback()
                out += ["```sql", " ".join(statement.split()), "```", "```", *[r[0] for r in rows], "```", ""]
    with psycopg.connect(libpq(bench_url())) as conn:
        from sms_gateway.bench_floor import FIND_FACTS

        rows = conn.execute("EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, COSTS OFF) " + FIND_FACTS,
                            {"tag": tags[2]}).fetchall()
        out += ["The data floor's one statement (sms_gateway/bench_floor.py):", "", "```sql",
                " ".join(FIND_FACTS.split()), "```", "```", *[r[0] for r in rows], "```", ""]
    if scale == "district":
        path.write_text("\n".join(out) + "\n")
    else:
        with path.open("a") as f:
            f.write("\n" + "\n".join(out) + "\n")
    engine.dispose()
    return statements
    print(f"  wrote {path}", file=sys.stderr)


# ------------------------------------------------------------------ dispatcher

def open_everything(now: datetime) -> int:
    """The tick phase: all 100,000 impoundments in the pounds at once, seized
    over the eight days before `now` (so every one is in its claim window or
    waiting for its auction), their releases, sales and deposits gone."""
    with psycopg.connect(libpq(bench_url())) as conn:
        # What an earlier run of this phase wrote (the same window the report counts), so the
        # first tick writes the morning's notices again.
        conn.execute(at_now("DELETE FROM outbound_messages WHERE created_at >= %(now)s - interval '7 hours'", now))
        conn.execute("DELETE FROM deposits")
        conn.execute("DELETE FROM releases")
        conn.execute("DELETE FROM sales")
        # A tag is held by one pound at a time (uq_impoundments_held_tag): an animal
        # impounded several times in the year keeps its tag on its latest impoundment; the earlier
        # ones, opened beside it, become animals of their own (`<tag>-<id>`). Idempotent.
        conn.execute("UPDATE impoundments i SET tag = i.tag || '-' || i.id FROM "
                     "(SELECT tag, max(id) AS latest FROM impoundments WHERE tag IS NOT NULL "
                     "GROUP BY tag HAVING count(*) > 1) d WHERE i.tag = d.tag AND i.id <> d.latest")
        seized = f"(%(now)s - interval '8 days' * (id::float / {IMPOUNDMENTS}) - interval '1 minute' * (id % 7))"
        conn.execute(at_now(f"""
UPDATE impoundments SET status = 'impounded', closed_at = NULL, seized_at = {seized},
       seized_on = {LOCAL_DATE.format(t=seized)},
       claim_deadline = {seized} + interval '7 days',
       auction_at = {AUCTION_AT.format(deadline=seized + " + interval '7 days'")},
       complaint_deadline = {LOCAL_DATE.format(t=seized)} + 10""", now))
        conn.execute("UPDATE seizures s SET seized_at = i.seized_at FROM impoundments i "
                     "WHERE i.seizure_id = s.id")
        conn.commit()
        opened = conn.execute("SELECT count(*) FROM impoundments WHERE status = 'impounded'").fetchone()[0]
    with psycopg.connect(libpq(bench_url()), autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
    return opened


def run_ticks(args, workdir: Path) -> dict:
    from zoneinfo import ZoneInfo

    from sms_gateway.worker import dispatcher
    from sms_gateway.runtime import make_runtime
    from sms_gateway.settings import Settings

    env = service_env(args.port, args.redis_db)
    ist = ZoneInfo("Asia/Kolkata")
    today = datetime.now(ist).date()
    morning = datetime(today.year, today.month, today.day, 8, 1, tzinfo=ist).astimezone(timezone.utc)
    opened = open_everything(morning)
    settings = replace(Settings.from_env(env), quiet_hours=(21, 8))   # the default morning hour, 08:00
    runtime = make_runtime(settings)
    runtime.redis.flushdb()
    worker = start("worker", env, workdir / "worker.log")
    peak: dict[int, float] = {}
    ticks = []
    try:
        moments = [("08:01, first tick: writes every notice due (backlog of 100,000 new animals)", morning),
                   ("08:02, steady: everything written already", morning + timedelta(minutes=1)),
                   ("08:03, steady", morning + timedelta(minutes=2))]
        for label, moment in moments:
            runtime.clock = lambda moment=moment: moment
            began = time.perf_counter()
            summary = dispatcher.tick(runtime)
            seconds = time.perf_counter() - began
            ticks.append({"label": label, "seconds": seconds, "summary": summary})
            print(f"  tick {label:<45} {seconds:6.2f} s  {summary}", file=sys.stderr)
        # Let the worker send what the morning tick enqueued, reading its RSS as it goes.
        deadline = time.monotonic() + args.worker_seconds
        while time.monotonic() < deadline:
            for pid, mb in tree_rss(worker.pid):
                peak[pid] = max(peak.get(pid, 0.0), mb)
            if not runtime.redis.llen("rq:queue:outbox") and time.monotonic() > deadline - args.worker_seconds + 5:
                break
            time.sleep(0.2)
        worker_rss = tree_rss(worker.pid)
    finally:
        stop(worker)
        runtime.redis.flushdb()
        runtime.engine.dispose()
    with psycopg.connect(libpq(bench_url())) as conn:
        written = dict(conn.execute("SELECT status, count(*) FROM outbound_messages WHERE created_at >= %s "
                                    "GROUP BY status", (morning - timedelta(hours=7),)).fetchall())
    return {"opened": opened, "ticks": ticks, "worker_rss": worker_rss, "worker_peak": peak,
            "outbox_after": written}


# ------------------------------------------------------------------ report

def report(args, http: dict | None, ticks: dict | None, sizes: dict, load_before: str) -> str:
    lines = [f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
             f"load average before: {load_before}; data: {sizes}"]
    if http:
        floor_rps = statistics.mean(r["rps"] for r in http["results"]["floor"])
        data_rps = statistics.mean(r["rps"] for r in http["results"]["data"])
        lines += ["", f"wrk -t{args.threads} -c{args.connections} -d{args.duration}s (after a 3 s warm-up), "
                      f"gunicorn from the Procfile (2 sync workers); each floor measured first and last, "
                      f"shares are of their means ({floor_rps:.0f} and {data_rps:.0f} req/s)", "",
                  "| endpoint | requests/s | p50 ms | p99 ms | share of constant floor | share of data floor | errors "
                  "| web CPU per request | database CPU per request | load average after |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        names = {"floor": "`GET /bench/floor` (constant floor)",
                 "data": "`GET /bench/floor/data?tag=` (data floor: one SQL round trip)",
                 "ussd": "`POST /webhooks/africastalking/ussd` `1*<tag>`",
                 "sms": "`POST /webhooks/twilio/sms` signed `FEES <tag>`",
                 "dues": "`GET /api/v1/impoundments/{id}/dues`"}
        for name in ("floor", "data", "ussd", "sms", "dues"):
            for r in http["results"][name]:
                errors = r["status_errors"] + r["timeouts"] + r["connect_errors"] + r["read_errors"]
                # An endpoint's share of the data floor: of the two data-floor runs around it.
                beside = statistics.mean([r.get("data_before", data_rps), r.get("data_after", data_rps)])
                data_share = f"{100 * r['rps'] / beside:.0f} % (of {beside:.0f})" if name not in ("floor", "data") else "—"
                lines.append(f"| {names[name]} | {r['rps']:.0f} | {r['p50_us'] / 1000:.1f} | "
                             f"{r['p99_us'] / 1000:.1f} | {100 * r['rps'] / floor_rps:.0f} % | "
                             f"{data_share} | {errors} | {r.get('web_cpu_us', 0):.0f} µs | {r.get('db_cpu_us', 0):.0f} µs "
                             f"| {r.get('load', '')} |")
        shares = {}
        for name in ("ussd", "sms", "dues"):
            runs = http["results"][name]
            shares[name] = [100 * r["rps"] / statistics.mean([r.get("data_before", data_rps), r.get("data_after", data_rps)])
                            for r in runs]
        targets = {"ussd": ("USSD `1*<tag>`", 50), "sms": ("SMS `FEES <tag>`", 40), "dues": ("dues", 70)}
        lines += ["", "Shares of the in-app one-query floor (each of the data-floor runs beside it), p99 at "
                      f"{args.connections} connections: " + "; ".join(
                          f"{label} {', '.join(f'{v:.0f} %' for v in shares[name])} (target ≥ {target} %), p99 "
                          + ", ".join(f"{r['p99_us'] / 1000:.1f} ms" for r in http["results"][name])
                          for name, (label, target) in targets.items())]
        if http.get("statements"):
            lines += ["", "SQL statements per request (in process, transaction control included): " +
                      ", ".join(f"{k} {v}" for k, v in http["statements"].items())]
        lines += ["", "web RSS (gunicorn master, then workers), MB: " +
                  ", ".join(f"{mb:.0f}" for _, mb in http["web_rss"])]
        lines += ["", "Commands:"] + [f"    {r['command']}" for name in ("floor", "data", "ussd", "sms", "dues")
                                        for r in http["results"][name][:1]]
    if ticks:
        lines += ["", f"Dispatcher tick, {ticks['opened']} impoundments in the pounds:", "",
                  "| moment | seconds | summary |", "|---|---:|---|"]
        lines += [f"| {t['label']} | {t['seconds']:.2f} | {t['summary']} |" for t in ticks["ticks"]]
        lines += ["", "worker RSS (rq worker parent, then work horse if any), MB, at the end: " +
                  ", ".join(f"{mb:.0f}" for _, mb in ticks["worker_rss"]) +
                  "; peak per process seen: " + ", ".join(f"{mb:.0f}" for mb in ticks["worker_peak"].values()),
                  f"outbox rows written by the ticks, by status: {ticks['outbox_after']}"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reuse", action="store_true", help="keep dabbo_bench as it is (no rebuild)")
    parser.add_argument("--database", help="database name (default: dabbo_bench, or dabbo_bench_state)")
    parser.add_argument("--scale", choices=tuple(SCALES), default="district",
                        help="data set: district (dabbo_bench) or state (dabbo_bench_state, 18,000 villages)")
    parser.add_argument("--only", choices=("build", "http", "tick", "explain"), help="run one phase")
    parser.add_argument("--duration", type=int, default=20, help="seconds per endpoint")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--port", type=int, default=5099)
    parser.add_argument("--redis-db", type=int, default=14)
    parser.add_argument("--sms-bodies", type=int, default=60_000)
    parser.add_argument("--rounds", type=int, default=1, help="rounds of data floor / endpoint pairs")
    parser.add_argument("--worker-seconds", type=int, default=60)
    parser.add_argument("--explain", metavar="FILE", help="write EXPLAIN (ANALYZE) of the hot paths to FILE")
    parser.add_argument("--json", metavar="FILE", help="also write the raw results as JSON")
    args = parser.parse_args()
    set_scale(args.scale)
    if args.database:
        globals()["DATABASE"] = args.database

    now = datetime.now(timezone.utc)
    if not args.reuse and args.only in (None, "build"):
        began = time.perf_counter()
        print(f"building {DATABASE} ...", file=sys.stderr)
        build(now)
        print(f"built in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    sizes = counts()
    print(f"  {sizes}", file=sys.stderr)
    load_before = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    args.load_average = lambda: " ".join(Path("/proc/loadavg").read_text().split()[:3])
    http = ticks = None
    with tempfile.TemporaryDirectory(prefix="dabbo_district_") as tmp:
        workdir = Path(tmp)
        if args.only in (None, "http"):
            http = run_http(args, workdir)
        if args.only == "explain":
            bench_inputs(workdir, args.port, 10)
            http = {"statements": write_explain(Path(args.explain), workdir, args.scale, sizes)}
            print(f"statements per request: {http['statements']}")
            return
        if args.explain and args.only in (None, "http"):
            http["statements"] = write_explain(Path(args.explain), workdir, args.scale, sizes)
        if args.only in (None, "tick"):
            ticks = run_ticks(args, workdir)
    text = report(args, http, ticks, sizes, load_before + f" (after: {args.load_average()})")
    print(text)
    if args.json:
        Path(args.json).write_text(json.dumps({"http": http, "ticks": ticks, "sizes": sizes}, default=str, indent=1))


if __name__ == "__main__":
    main()
