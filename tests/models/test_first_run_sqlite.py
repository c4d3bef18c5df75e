"""`make run` on a fresh machine uses SQLite, the embedded default (README): the
migrations, the demo, the dispatcher and the hot queries must all work there too,
not only on PostgreSQL, where every other test runs. (Found by running `make
run` from a fresh clone: an ALTER COLUMN, `AT TIME ZONE` and concat() had each
crept in.)"""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from sms_gateway import create_app
from tests.conftest import ADMIN_TOKEN, AT_TOKEN

FLASK = [sys.executable, "-m", "flask", "--app", "sms_gateway"]


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'first-run.sqlite3'}"


def flask_cli(sqlite_url: str, redis_url: str, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": sqlite_url, "REDIS_URL": redis_url}
    env.pop("ADMIN_TOKEN", None), env.pop("SECRET_KEY", None)   # the CLI needs neither
    done = subprocess.run([*FLASK, *args], env=env, capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_first_run_migrates_loads_the_demo_twice_and_dispatches_on_sqlite(sqlite_url, redis_url):
    flask_cli(sqlite_url, redis_url, "db", "upgrade")
    first = flask_cli(sqlite_url, redis_url, "demo")
    again = flask_cli(sqlite_url, redis_url, "demo")
    assert "3 animals in pounds" in first and first == again   # safe to run twice
    assert flask_cli(sqlite_url, redis_url, "dispatch").startswith("tick ")


def test_an_owner_finds_an_animal_and_its_dues_on_sqlite(sqlite_url, redis_url, settings):
    flask_cli(sqlite_url, redis_url, "db", "upgrade")
    flask_cli(sqlite_url, redis_url, "demo")
    app = create_app(replace(settings, database_url=sqlite_url))
    client = app.test_client()
    auth = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    held = client.get("/api/v1/impoundments?status=impounded", headers=auth).get_json()["impoundments"]
    assert len(held) == 5   # AMBA and BHAV (3), and MANI under the 1871 Act beside them (2)
    dues = client.get(f"/api/v1/impoundments/{held[0]['id']}/dues", headers=auth).get_json()
    assert dues["total_paise"] == dues["pound_fee_paise"] + dues["expenses_paise"] + dues["security_paise"] > 0
    tagged = next(i for i in held if i["tag"] and i["pound"] != "MANI-1")   # a Gujarat one, as before MANI
    screen = client.post(f"/webhooks/africastalking/ussd?token={AT_TOKEN}",
                         data={"sessionId": "s1", "serviceCode": "*384*1#", "phoneNumber": "+919825099999",
                               "text": f"1*{tagged['tag']}"})
    assert screen.status_code == 200 and screen.text.startswith("END ")
    assert tagged["receipt"] in screen.text or "રૂ" in screen.text or "Rs" in screen.text   # the find, not an apology
    app.extensions["dabbo"].engine.dispose()
