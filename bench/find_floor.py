"""How far a hand-written USSD find would go, beside the real one, on the district data set
(`python bench/district.py --only build` first).

bench/district.py measures the USSD find against the data floor: one SQL round trip and
nothing else. A find must do more than that whoever writes it: read the caller, read the
animal's facts, and keep the step's audit row (with the caller's watch) before it answers.
`POST /bench/floor/find` (sms_gateway/bench_floor.py) does exactly that by hand on psycopg,
with no ORM, menus, catalogue or law. Measured in turns on one gunicorn (the Procfile's line,
wrk at 8 connections): the data floor, the hand-written find, the real USSD find. For each:
requests a second, p99, the web's and the database's CPU per request, and its share of the
mean of the data-floor runs beside it.

    python bench/find_floor.py [--rounds 3] [--duration 6]

What the real find costs beyond the hand-written one is what the ORM, the menus, the
catalogue and the law's adapters cost; what the hand-written one costs beyond the data
floor is what any implementation pays for the caller and the audit row.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import district  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=6)
    parser.add_argument("--port", type=int, default=5096)
    args = parser.parse_args()
    workdir, web = district.web_beside("find_floor", args.port)
    label = f"{int(time.time())}"
    tags = [str(workdir / "tags.txt")]
    ussd = [district.AT_TOKEN, str(workdir / "tags.txt"), str(workdir / "phones.txt")]
    kinds = {"data floor": ("data_floor.lua", lambda n: tags),
             "hand-written find": ("ussd.lua", lambda n: ussd + [f"{label}f{n}", "/bench/floor/find"]),
             "USSD `1*<tag>`": ("ussd.lua", lambda n: ussd + [f"{label}u{n}"])}
    plan = ["data floor"]
    for _ in range(args.rounds):
        plan += ["hand-written find", "data floor", "USSD `1*<tag>`", "data floor"]
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, 2 cores, wrk -c8 -d{args.duration}s "
          f"after a 3 s warm-up of each kind")
    print("| run | req/s | p99 ms | web CPU per request | database CPU per request | share of the data floor "
          "| load average |")
    print("|---|---:|---:|---:|---:|---|---|")
    try:
        district.wait_for_port(args.port)
        time.sleep(1)
        for name, (script, script_args) in kinds.items():
            district.wrk(args.port, script, script_args("w"), 3, 8, 1)
        floors, waiting = [], []
        for name in plan:
            script, script_args = kinds[name]
            result = district.wrk_with_cpu(web, args.port, script, script_args(len(floors)), args.duration, 8, 1)
            result["name"] = name
            if name == "data floor":
                floors.append(result["rps"])
                for done in waiting:   # its share: of the floor runs just before and just after it
                    print_row(done, f"{100 * done['rps'] / ((floors[-2] + floors[-1]) / 2):.0f} %")
                waiting = []
                print_row(result, "—")
            else:
                waiting.append(result)
    finally:
        district.stop(web)


def print_row(result: dict, share: str) -> None:
    print(f"| {result['name']} | {result['rps']:.0f} | {result['p99_us'] / 1000:.1f} | {result['web_cpu_us']:.0f} µs "
          f"| {result['db_cpu_us']:.0f} µs | {share} | {result['load']} |", flush=True)


if __name__ == "__main__":
    main()
