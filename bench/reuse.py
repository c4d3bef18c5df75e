"""What a request that ends without a commit costs the requests after it on the same
connection, on the district data set (`python bench/district.py --only build` first).

psycopg forgets every prepared statement of a connection that rolls back, so each statement
is parsed and planned again for its next five runs there. Three runs of wrk (8 connections,
gunicorn exactly as the Procfile says) against one server:

* USSD `1*<tag>` steps, each new (the reference);
* the same steps again: every request a provider's retry, answered from storage;
* new steps with the public village page every 10th request (it reads, then ends without
  a commit, as the readiness probe and a voice step's first read do).

For each: requests a second, p99, and the CPU the database's backends spent per request
(from /proc: the database's share, which a rollback's re-planning lands on).

    python bench/reuse.py [--duration 8]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
import district  # noqa: E402

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=8)
    parser.add_argument("--port", type=int, default=5095)
    args = parser.parse_args()
    with psycopg.connect(district.libpq(district.bench_url())) as conn:
        village = conn.execute("SELECT code FROM villages ORDER BY id LIMIT 1").fetchone()[0]
    workdir, web = district.web_beside("reuse", args.port)
    label = f"{int(time.time())}"
    ussd = [district.AT_TOKEN, str(workdir / "tags.txt"), str(workdir / "phones.txt")]
    runs = [("USSD `1*<tag>`, every step new", "ussd.lua", ussd + [f"{label}a"], ussd + [f"{label}w"]),
            ("the same steps again (each a retry)", "ussd.lua", ussd + [f"{label}a"], None),
            ("new steps, the village page every 10th", "ussd_and_page.lua",
             ussd + [f"{label}b", f"/v/{village}", "10"], ussd + [f"{label}x", f"/v/{village}", "10"])]
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
          f"{' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print("| run | req/s | p99 ms | database CPU per request | load average |")
    print("|---|---:|---:|---:|---|")
    try:
        district.wait_for_port(args.port)
        time.sleep(1)
        for n, (name, script, script_args, warm_up) in enumerate(runs):
            if warm_up is not None:
                district.wrk(args.port, script, warm_up, 3, 8, 1)
            before = district.backend_cpu_seconds(district.DATABASE)
            # The first run twice as long: every request of the second is one of its steps again.
            result = district.wrk(args.port, script, script_args, args.duration * (2 if n == 0 else 1), 8, 1)
            spent = district.backend_cpu_seconds(district.DATABASE) - before
            load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
            print(f"| {name} | {result['rps']:.0f} | {result['p99_us'] / 1000:.1f} | "
                  f"{spent / result['requests'] * 1e6:.0f} µs | {load} |", flush=True)
    finally:
        district.stop(web)


if __name__ == "__main__":
    main()
