"""The Procfile's `cron` process: RQ's `rq cron`, with a scheduler that outlives a Redis restart
(sms_gateway.worker.reconnect.ReconnectingCron; `rq cron` takes no scheduler class):

    python -m sms_gateway.worker.cron --url $REDIS_URL sms_gateway.worker.cron_config

The schedule itself is `cron_config`, which plain `rq cron` still reads.
"""
from __future__ import annotations

import argparse

import redis

from sms_gateway.worker.reconnect import ReconnectingCron, wait_for_redis


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sms_gateway.worker.cron", description=__doc__.split("\n")[0])
    parser.add_argument("--url", "-u", default="redis://localhost:6379/0", help="Redis URL")
    parser.add_argument("--logging-level", "-l", default="INFO",
                        choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"])
    parser.add_argument("config_path", help="the schedule's module (rq.cron.register calls)")
    args = parser.parse_args(argv)
    connection = redis.Redis.from_url(args.url)
    wait_for_redis(connection)  # a cron started before Redis waits for it rather than exiting
    scheduler = ReconnectingCron(connection=connection, logging_level=args.logging_level)
    scheduler.load_config_from_file(args.config_path)
    scheduler.start()


if __name__ == "__main__":
    main()
