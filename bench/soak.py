"""Soak test: the Procfile's processes under mixed traffic for
--minutes (default 10), on loopback.

    python bench/soak.py                     # 10 minutes, 20 requests/s
    python bench/soak.py --minutes 1 --rate 40

What runs, all from the Procfile's own lines (so what is soaked is what ships):
`web` (gunicorn, 2 workers, the redacting access logger), `worker` (the RQ
worker class the Procfile names) and `cron` (the dispatcher tick every minute), against
- a scratch database on the PostgreSQL server DATABASE_URL names (created,
  migrated, loaded with the demo district, dropped at the end),
- a private redis-server on a free port (no persistence),
- the fake Twilio of tests/fakes (the production Twilio adapter sends to it),
  so every message handed to "the provider" is counted.

A second process (this script with --drive) sends the traffic: signed Twilio
SMS, Africa's Talking SMS, USSD sessions of three steps, admin API reads and
writes, `/readyz`, and one handset flooding (to keep the rate limiter busy).
It reports errors (5xx, connection errors, malformed answers), latency
percentiles per kind, and this process samples the RSS of every server
process at the start and the end. When the traffic stops it waits for the
outbox to drain and checks that nothing was lost or sent twice.

Hand-off: "notice" actions (an animal registered to a demo owner
by the API, seized and released by one of 100 keepers' signed SMS: the
owner's alert and receipt) join the mix, and for every outbox row due when
it was written (AT replies, alerts, receipts) the time from its writing to
its acceptance by the provider is reported (`handoff`, p50 / p99 / max).
No quiet hours during a soak (QUIET_HOURS=0-0): it measures the machinery,
whatever the hour it runs at.

Not part of `make test`. Results go in docs/RELIABILITY.md.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import scratch_database  # noqa: E402

ADMIN_TOKEN = "soak-admin-token"
AT_TOKEN = "soak-at-token"
TWILIO_PUBLIC = "http://soak.invalid"
DEMO_TAGS = ["123456789012", "345678901234", "234567890123", "123456789013", "999999999999"]
DEMO_PHONES = ["+919825000004", "+919825000005", "+919825000006"]
FLOODER = "+919825099999"
# kind: weight in the mix
MIX = {"twilio_sms": 27, "at_sms": 20, "ussd": 20, "api_read": 15, "api_write": 5, "readyz": 5, "flood": 5,
       "notice": 3}
# Keepers registered at the start for the "notice" actions, so that none of
# them meets the per-phone inbound limit (20 in 10 minutes).
KEEPERS = [f"+9198270{n:05d}" for n in range(100)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return {line.split(":", 1)[0]: line.split(":", 1)[1].strip() for line in lines if ":" in line}


def rss_kib(pid: int) -> int:
    """Resident memory of `pid` and all its descendants, in KiB."""
    total = 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return total
    return total + sum(rss_kib(int(child)) for child in children)


# ------------------------------------------------------------------ the driver (second process)


class Driver:
    def __init__(self, url: str, twilio_token: str, account_sid: str):
        import requests
        from twilio.request_validator import RequestValidator

        self.url = url
        self.validator = RequestValidator(twilio_token)
        self.account_sid = account_sid
        self.local = threading.local()
        self.requests = requests
        self.results: list[tuple[str, float, str]] = []  # (kind, seconds, outcome)
        self.lock = threading.Lock()
        self.phones = [f"+9198260{n:05d}" for n in range(3000)] + DEMO_PHONES

    def session(self):
        if not hasattr(self.local, "session"):
            self.local.session = self.requests.Session()
        return self.local.session

    def record(self, kind: str, seconds: float, outcome: str) -> None:
        with self.lock:
            self.results.append((kind, seconds, outcome))

    def post(self, path: str, **kwargs):
        return self.session().post(self.url + path, timeout=10, **kwargs)

    def twilio_sms(self, phone: str, body: str):
        form = {"From": phone, "To": "+15005550006", "Body": body, "MessageSid": f"SM{uuid.uuid4().hex}",
                "AccountSid": self.account_sid, "NumMedia": "0"}
        signature = self.validator.compute_signature(TWILIO_PUBLIC + "/webhooks/twilio/sms", form)
        response = self.post("/webhooks/twilio/sms", data=form, headers={"X-Twilio-Signature": signature})
        from xml.etree import ElementTree

        if response.status_code != 200:
            return f"status {response.status_code}"
        root = ElementTree.fromstring(response.content)
        message = root.find("Message")
        if phone == FLOODER:
            return "ok"  # answered, politely once, then silence
        return "ok" if message is not None and message.text else "silent"

    def one(self, kind: str) -> str:
        body = random.choice([f"FEES {random.choice(DEMO_TAGS)}", random.choice(DEMO_TAGS), "HELP", "AUCTIONS",
                              "MY", f"FIND {random.choice(DEMO_TAGS)}"])
        if kind == "twilio_sms":
            return self.twilio_sms(random.choice(self.phones), body)
        if kind == "flood":
            return self.twilio_sms(FLOODER, "HELP")
        if kind == "at_sms":
            response = self.post(f"/webhooks/africastalking/sms?token={AT_TOKEN}", data={
                "from": random.choice(self.phones), "to": "12345", "text": body, "id": uuid.uuid4().hex,
                "date": datetime.now().isoformat(), "linkId": "x"})
            return "ok" if response.status_code == 200 else f"status {response.status_code}"
        if kind == "ussd":
            phone, session_id = random.choice(self.phones), uuid.uuid4().hex
            for text in ("", "1", f"1*{random.choice(DEMO_TAGS)}"):
                response = self.post(f"/webhooks/africastalking/ussd?token={AT_TOKEN}", data={
                    "sessionId": session_id, "serviceCode": "*384*1#", "phoneNumber": phone, "text": text})
                if response.status_code != 200 or not response.text.startswith(("CON ", "END ")):
                    return f"status {response.status_code}"
            return "ok"
        headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
        if kind == "notice":
            return self.notice(headers)
        if kind == "api_read":
            path = random.choice(["/api/v1/impoundments?status=impounded", "/api/v1/messages?status=sent",
                                  "/api/v1/impoundments?pound=AMBA-1"])
            response = self.session().get(self.url + path, headers=headers, timeout=10)
            if response.status_code == 200 and path.startswith("/api/v1/impoundments?status"):
                listed = response.json()
                items = listed.get("impoundments", listed) if isinstance(listed, dict) else listed
                if items:
                    one = random.choice(items)
                    response = self.session().get(f"{self.url}/api/v1/impoundments/{one['id']}/dues",
                                                  headers=headers, timeout=10)
            return "ok" if response.status_code == 200 else f"status {response.status_code}"
        if kind == "api_write":
            tag = f"7{random.randrange(10 ** 11):011d}"
            response = self.post("/api/v1/impoundments", json={"pound": random.choice(["AMBA-1", "BHAV-1"]),
                                                                "kind": "goat", "tag": tag}, headers=headers)
            if response.status_code != 201:
                return f"status {response.status_code}"
            response = self.post(f"/api/v1/impoundments/{response.json()['id']}/release", json={}, headers=headers)
            return "ok" if response.status_code == 200 else f"status {response.status_code}"
        response = self.session().get(self.url + "/readyz", timeout=10)
        return "ok" if response.status_code == 200 else f"status {response.status_code}"

    def notice(self, headers) -> str:
        """An owner's animal seized and released by a keeper's SMS: an alert
        and a receipt written inside the command's savepoint."""
        tag = f"6{random.randrange(10 ** 11):011d}"
        response = self.post(f"/api/v1/people/{random.choice(DEMO_PHONES)}/animals",
                             json={"tag": tag, "kind": "cow"}, headers=headers)
        if response.status_code != 201:
            return f"status {response.status_code}"
        keeper = random.choice(KEEPERS)
        for command in (f"SEIZE {tag} cow", f"RELEASE {tag}"):
            outcome = self.twilio_sms(keeper, command)
            if outcome != "ok":
                return outcome
        return "ok"

    def timed(self, kind: str) -> None:
        started = time.monotonic()
        try:
            outcome = self.one(kind)
        except Exception as exc:  # connection refused, timeout, unparsable answer: an error
            outcome = f"exception {type(exc).__name__}"
        self.record(kind, time.monotonic() - started, outcome)


def drive(args) -> None:
    driver = Driver(args.url, args.twilio_token, args.account_sid)
    kinds, weights = list(MIX), list(MIX.values())
    stop_at = time.monotonic() + args.minutes * 60
    interval = 1.0 / args.rate
    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        next_at = time.monotonic()
        while time.monotonic() < stop_at:
            pool.submit(driver.timed, random.choices(kinds, weights)[0])
            next_at += interval
            time.sleep(max(0.0, next_at - time.monotonic()))
    Path(args.out).write_text(json.dumps(driver.results))


# ------------------------------------------------------------------ the conductor (first process)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]




def handoff_seconds(database_url: str) -> tuple[list[float], int, int]:
    """Seconds from the writing of each outbox row that was due at once to
    its acceptance by the provider (`sent_at`, written as each request is
    answered); how many such rows never reached it, and how many the re-check
    before sending cancelled (kept apart: not sending them is right)."""
    from sqlalchemy import create_engine, text

    from models.db import normalise_url

    engine = create_engine(normalise_url(database_url))
    with engine.connect() as connection:
        rows = connection.execute(text(
            "SELECT EXTRACT(EPOCH FROM sent_at - created_at), status FROM outbound_messages "
            "WHERE send_after <= created_at + interval '1 second'")).all()
    engine.dispose()
    return [float(seconds) for seconds, status in rows if seconds is not None], \
        sum(1 for seconds, status in rows if seconds is None and status != "cancelled"), \
        sum(1 for seconds, status in rows if status == "cancelled")


def register_keepers(url: str) -> None:
    import requests

    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    for n, phone in enumerate(KEEPERS):
        pound, village = ("AMBA-1", "AMBA") if n % 2 == 0 else ("BHAV-1", "BHAV")
        response = requests.post(f"{url}/api/v1/people", headers=headers, timeout=10, json={
            "phone": phone, "name": f"Soak keeper {n}", "role": "keeper", "village": village, "pound": pound,
            "language": "en", "approved_on": "2026-01-01", "approval_ref": f"TDO/SOAK/{n}"})
        if response.status_code != 201:
            raise SystemExit(f"could not register keeper {phone}: {response.status_code} {response.text}")


def outbox_counts(database_url: str) -> tuple[Counter, list[tuple[str, str]]]:
    from sqlalchemy import create_engine, text

    from models.db import normalise_url

    engine = create_engine(normalise_url(database_url))
    with engine.connect() as connection:
        statuses = Counter(dict(connection.execute(text(
            "SELECT status, count(*) FROM outbound_messages GROUP BY status")).all()))
        sent = [(row[0], row[1]) for row in connection.execute(text(
            "SELECT to_phone, text FROM outbound_messages WHERE status IN ('sent', 'delivered')")).all()]
    engine.dispose()
    return statuses, sent


def conduct(args) -> dict:
    from tests.fakes.twilio_server import FakeTwilio

    workdir = Path(tempfile.mkdtemp(prefix="dabbo-soak-"))
    database_url, drop_database = scratch_database(args.database_url, prefix="dabbo_soak")
    redis_port, web_port = free_port(), free_port()
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    processes: dict[str, subprocess.Popen] = {}
    fake = FakeTwilio()
    fake.start()
    try:
        processes["redis"] = subprocess.Popen(
            ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url, "PORT": str(web_port),
               "WEB_CONCURRENCY": str(args.web_workers), "ADMIN_TOKEN": ADMIN_TOKEN, "AT_WEBHOOK_TOKEN": AT_TOKEN,
               "SMS_PROVIDER": "twilio", "TWILIO_ACCOUNT_SID": fake.account_sid,
               "TWILIO_AUTH_TOKEN": fake.auth_token, "TWILIO_FROM": "+15005550006",
               "TWILIO_API_BASE": fake.base_url, "PUBLIC_BASE_URL": TWILIO_PUBLIC, "QUIET_HOURS": "0-0",
               "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "sms_gateway", "demo"], cwd=ROOT, env=env,
                       check=True, stdout=subprocess.DEVNULL)
        for name, line in procfile().items():
            line = line.replace("${BIND_HOST:-0.0.0.0}", "127.0.0.1").replace("${PORT:-5000}", str(web_port)).replace(
                "${WEB_CONCURRENCY:-2}", str(args.web_workers)).replace(
                "${REDIS_URL:-redis://localhost:6379/0}", redis_url)
            log = open(workdir / f"{name}.log", "w")
            processes[name] = subprocess.Popen(shlex.split(line), cwd=ROOT, env=env, stdout=log,
                                               stderr=subprocess.STDOUT, start_new_session=True)
        import requests

        deadline = time.monotonic() + 60
        while True:
            try:
                if requests.get(f"http://127.0.0.1:{web_port}/readyz", timeout=2).status_code == 200:
                    break
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("gunicorn did not become ready; see " + str(workdir))
            time.sleep(0.2)

        register_keepers(f"http://127.0.0.1:{web_port}")
        servers = ("web", "worker", "cron")
        memory = {"start": {}, "end": {}, "samples": []}
        results_file = workdir / "results.json"
        driver = subprocess.Popen([sys.executable, __file__, "--drive", "--url", f"http://127.0.0.1:{web_port}",
                                   "--minutes", str(args.minutes), "--rate", str(args.rate),
                                   "--concurrency", str(args.concurrency), "--out", str(results_file),
                                   "--twilio-token", fake.auth_token, "--account-sid", fake.account_sid],
                                  cwd=ROOT, env=env)
        time.sleep(min(20.0, args.minutes * 60 / 10))  # warm-up: imports done, pools filled
        memory["start"] = {name: rss_kib(processes[name].pid) for name in servers}
        started = time.monotonic()
        while driver.poll() is None:
            time.sleep(5)
            if time.monotonic() - started > 30 * len(memory["samples"]) + 30:
                memory["samples"].append({name: rss_kib(processes[name].pid) for name in servers})
        memory["end"] = {name: rss_kib(processes[name].pid) for name in servers}
        results = json.loads(results_file.read_text())

        # Drain: every queued reply sent, nothing twice.
        deadline = time.monotonic() + args.drain_seconds
        while time.monotonic() < deadline:
            statuses, _ = outbox_counts(database_url)
            if statuses.get("queued", 0) + statuses.get("sending", 0) == 0:
                break
            time.sleep(2)
        statuses, sent = outbox_counts(database_url)
        handed = Counter((r.form or {}).get("To", "?") + "|" + (r.form or {}).get("Body", "")
                         for r in fake.requests if r.status == 201)
        expected = Counter(f"{phone}|{text}" for phone, text in sent)
        report = summarise(args, results, memory, statuses, handed, expected)
        handoffs, never, cancelled = handoff_seconds(database_url)
        report["handoff"] = {"rows": len(handoffs), "never_sent": never, "cancelled": cancelled,
                             "notice_actions": sum(1 for kind, _, outcome in results
                                                   if kind == "notice" and outcome == "ok"),
                             "p50_s": round(percentile(handoffs, 0.50), 3),
                             "p99_s": round(percentile(handoffs, 0.99), 3),
                             "max_s": round(max(handoffs, default=0.0), 3)}
        report["logs"] = str(workdir) if args.keep_logs else None
        report["tracebacks_in_logs"] = sum(
            (workdir / f"{name}.log").read_text(errors="replace").count("Traceback") for name in servers)
        return report
    finally:
        for name, process in processes.items():
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM) if name != "redis" else process.terminate()
                except ProcessLookupError:
                    pass
        for process in processes.values():
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        fake.stop()
        drop_database()
        if not args.keep_logs:
            shutil.rmtree(workdir, ignore_errors=True)


def summarise(args, results, memory, statuses, handed, expected) -> dict:
    by_kind = defaultdict(list)
    errors = Counter()
    for kind, seconds, outcome in results:
        by_kind[kind].append(seconds)
        if outcome != "ok":
            errors[f"{kind}: {outcome}"] += 1
    latencies = [seconds for _, seconds, _ in results]
    twice = {key: count for key, count in handed.items() if count > expected.get(key, 0)}
    missing = {key: count for key, count in expected.items() if handed.get(key, 0) < count}
    return {
        "minutes": args.minutes, "target_rate": args.rate, "requests": len(results),
        "achieved_rate": round(len(results) / (args.minutes * 60), 1),
        "errors": dict(errors), "error_count": sum(errors.values()),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 1), "p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "max_ms": round(max(latencies, default=0) * 1000, 1),
        "per_kind": {kind: {"n": len(values), "p50_ms": round(statistics.median(values) * 1000, 1),
                            "p99_ms": round(percentile(values, 0.99) * 1000, 1)} for kind, values in by_kind.items()},
        "rss_kib": memory, "outbox": dict(statuses), "provider_sends": sum(handed.values()),
        "sent_twice": len(twice), "sent_rows_not_at_provider": len(missing),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--rate", type=float, default=20, help="requests per second (a USSD session counts once)")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--drain-seconds", type=float, default=120)
    parser.add_argument("--database-url", default=os.environ.get(
        "DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--keep-logs", action="store_true")
    parser.add_argument("--report", help="also write the JSON report here")
    # the driver process
    parser.add_argument("--drive", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--twilio-token", help=argparse.SUPPRESS)
    parser.add_argument("--account-sid", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.drive:
        drive(args)
        return
    report = conduct(args)
    text = json.dumps(report, indent=2)
    print(text)
    if args.report:
        Path(args.report).write_text(text)
    if report["error_count"] or report["sent_twice"] or report["sent_rows_not_at_provider"] \
            or report["handoff"]["never_sent"] or report["handoff"]["p99_s"] > 5.0:
        sys.exit(1)


if __name__ == "__main__":
    main()
