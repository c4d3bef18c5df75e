"""Let no one in: signatures and tokens on every webhook, compared
in constant time; oversized requests refused with 413; no owner's name or
phone told to another phone; keepers confined to their pound and officials
to their village; no secret ever written to a log."""
from __future__ import annotations

import hmac
import logging
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import func, select

from models.tables import Broadcast, Impoundment, InboundMessage, OutboundMessage, Person
from sms_gateway import logs
from tests.conftest import ADMIN_TOKEN, AT_TOKEN, TWILIO_TOKEN
from tests.support import free_port

ROOT = Path(__file__).resolve().parents[2]
AMBA_KEEPER, BHAV_KEEPER, OFFICIAL = "+919825000001", "+919825000002", "+919825000003"
STRANGER = "+919898012345"
# Every owner the demo registers, with every tag of theirs.
OWNERS = {"+919825000004": ("કનુ ભરવાડ", ["123456789012", "123456789013"]),
          "+919825000005": ("सीता देवी", ["234567890123"]),
          "+919825000006": ("John D'Souza", ["345678901234", "345678901235"])}
AT_PATHS = ["/webhooks/africastalking/sms", "/webhooks/africastalking/ussd", "/webhooks/africastalking/delivery"]
TWILIO_PATHS = ["/webhooks/twilio/sms", "/webhooks/twilio/status"]


def count(session, column) -> int:
    session.expire_all()
    return session.scalar(select(func.count(column)))


# --- signatures and tokens ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", TWILIO_PATHS)
@pytest.mark.parametrize("signature", [None, "", "bm90IGEgc2lnbmF0dXJl", "x" * 5000])
def test_every_twilio_webhook_refuses_a_missing_or_bad_signature(world, client, session, path, signature):
    form = {"From": STRANGER, "Body": "123456789012", "MessageSid": "SMforged", "MessageStatus": "delivered"}
    headers = {} if signature is None else {"X-Twilio-Signature": signature}
    response = client.post(path, data=form, headers=headers)
    assert response.status_code == 403
    assert count(session, InboundMessage.id) == 0


@pytest.mark.parametrize("path", TWILIO_PATHS)
def test_a_twilio_signature_made_with_another_token_is_refused(world, client, settings, path):
    from twilio.request_validator import RequestValidator

    form = {"From": STRANGER, "Body": "HELP", "MessageSid": "SMother"}
    forged = RequestValidator("not-" + TWILIO_TOKEN).compute_signature(settings.public_base_url + path, form)
    assert client.post(path, data=form, headers={"X-Twilio-Signature": forged}).status_code == 403


@pytest.mark.parametrize("path", AT_PATHS)
@pytest.mark.parametrize("query", ["", "?token=", f"?token={AT_TOKEN[:-1]}", f"?token={AT_TOKEN}x",
                                   f"?token={AT_TOKEN.upper()}", f"?TOKEN={AT_TOKEN}", "?token=%00"])
def test_every_africastalking_webhook_refuses_a_wrong_token(world, client, session, path, query):
    form = {"from": STRANGER, "text": "HELP", "id": "ATXforged", "phoneNumber": STRANGER, "sessionId": "s",
            "status": "Success"}
    assert client.post(path + query, data=form).status_code == 403
    assert count(session, InboundMessage.id) == 0


def test_the_at_token_is_compared_in_constant_time(world, client, monkeypatch):
    compared = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: compared.append((a, b)) or real(a, b))
    client.post("/webhooks/africastalking/sms?token=guess", data={"from": STRANGER, "text": "HELP"})
    assert compared == [(b"guess", AT_TOKEN.encode())]


def test_the_admin_token_is_compared_in_constant_time(api, monkeypatch):
    compared = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: compared.append((a, b)) or real(a, b))
    response = api.client.get("/api/v1/messages", headers={"Authorization": "Bearer guess"})
    assert response.status_code == 401
    assert compared == [(b"guess", ADMIN_TOKEN.encode())]


def test_twilio_signatures_are_checked_by_the_sdks_constant_time_compare(world, send_twilio, monkeypatch):
    from twilio import request_validator

    compared = []
    real = request_validator.compare
    monkeypatch.setattr(request_validator, "compare", lambda a, b: compared.append(b) or real(a, b))
    assert send_twilio(STRANGER, "HELP", signature="forged").status_code == 403
    assert compared and compared[0] == "forged"


# --- request size: 413, never a traceback ----------------------------------------------------------------


def webhook_url(path: str) -> str:
    return path + (f"?token={AT_TOKEN}" if "africastalking" in path else "")


@pytest.mark.parametrize("path", TWILIO_PATHS + AT_PATHS)
def test_a_body_over_max_request_bytes_is_refused_with_413(world, client, session, settings, path):
    body = "Body=" + "A" * (settings.max_request_bytes + 1)
    response = client.post(webhook_url(path), data=body, content_type="application/x-www-form-urlencoded",
                           headers={"X-Twilio-Signature": "x", "Authorization": f"Bearer {ADMIN_TOKEN}"})
    assert response.status_code == 413
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and "File \"" not in text
    assert count(session, InboundMessage.id) == 0


def test_a_json_body_over_the_limit_gets_a_json_413(world, api, settings):
    response = api.post("/impoundments", json={"pound": "AMBA-1", "kind": "cow",
                                               "note": "x" * settings.max_request_bytes})
    assert response.status_code == 413
    assert response.get_json()["error"]


def test_the_ussd_413_is_still_a_ussd_screen(world, client, settings):
    response = client.post(webhook_url(AT_PATHS[1]), data={"text": "1" * settings.max_request_bytes})
    assert response.status_code == 413
    assert response.get_data(as_text=True).startswith("END ")


# --- no owner's name or phone told to another phone --------------------------------------------------------


def leaks(reply: str, phone: str, name: str) -> list[str]:
    digits = phone[-10:]
    found = [part for part in name.replace("(", " ").split() if len(part) > 3 and part in reply]
    if digits in re.sub(r"\D", "", reply):
        found.append(digits)
    return found


@pytest.mark.parametrize("owner, asker", [(owner, asker) for owner in sorted(OWNERS)
                                           for asker in (STRANGER, *sorted(OWNERS), OFFICIAL) if asker != owner])
def test_a_lookup_by_sms_never_tells_anyone_else_the_owner(world, send_twilio, owner, asker):
    name, tags = OWNERS[owner]
    for tag in tags:
        for body in (tag, f"FIND {tag}", f"FEES {tag}"):
            reply = send_twilio(asker, body).reply
            assert leaks(reply, owner, name) == [], reply
    assert leaks(send_twilio(asker, "AUCTIONS AMBA").reply, owner, name) == []


@pytest.mark.parametrize("owner", sorted(OWNERS))
def test_a_lookup_by_ussd_never_tells_a_stranger_the_owner(world, ussd, owner):
    name, tags = OWNERS[owner]
    for tag in tags:
        for menu in ("1", "2"):
            screen = ussd(STRANGER, menu, tag)
            shown = [screen]
            if "\n9 " in screen:
                shown.append(ussd(STRANGER, menu, tag, "9"))
            for text in shown:
                assert leaks(text, owner, name) == [], text
    assert leaks(ussd(STRANGER, "3"), owner, name) == []


def test_a_sold_animals_surplus_is_not_told_with_the_owners_name(world, send_twilio, clock):
    from datetime import timedelta

    clock.set(clock() + timedelta(days=1))
    send_twilio(AMBA_KEEPER, "SOLD 345678901234 9000")
    for body in ("345678901234", "FEES 345678901234"):
        reply = send_twilio(STRANGER, body).reply
        assert leaks(reply, "+919825000006", "John D'Souza") == [], reply


# --- keepers confined to their pound, officials to their village ---------------------------------------------


def test_a_keepers_list_shows_only_their_own_pound(world, send_twilio):
    bhav = send_twilio(BHAV_KEEPER, "LIST").reply
    assert "234567890123" in bhav
    assert "123456789012" not in bhav and "345678901234" not in bhav


def test_a_keepers_ussd_pound_list_shows_only_their_own_pound(world, ussd):
    screen = ussd(BHAV_KEEPER, "3")
    assert "234567890123" in screen
    assert "123456789012" not in screen and "345678901234" not in screen


def test_a_keeper_cannot_release_another_pounds_animal_by_ussd(world, ussd, session):
    ussd(BHAV_KEEPER, "2", "123456789012", "1", "1")
    assert session.scalars(select(Impoundment.status).where(Impoundment.tag == "123456789012")).one() == "impounded"


def test_a_keepers_seizure_by_ussd_goes_to_their_own_pound(world, ussd, session):
    ussd(BHAV_KEEPER, "1", "777777777777", "1", "1")
    impoundment = session.scalars(select(Impoundment).where(Impoundment.tag == "777777777777")).one()
    assert impoundment.pound.code == "BHAV-1"


def test_an_officials_notice_reaches_only_their_own_village(world, send_twilio, session):
    send_twilio(OFFICIAL, "NOTICE Gram sabha on Sunday")
    recipients = set(session.scalars(select(OutboundMessage.to_phone).where(OutboundMessage.kind == "broadcast")))
    amba = set(session.scalars(select(Person.phone).where(Person.village.has(code="AMBA"))))
    assert recipients and recipients <= amba
    assert not recipients & {BHAV_KEEPER, "+919825000005"}
    assert session.scalars(select(Broadcast.village_id)).one() == session.scalars(
        select(Person.village_id).where(Person.phone == OFFICIAL)).one()


def test_an_officials_auction_fixes_nothing_in_another_village(world, send_twilio, session, clock):
    from datetime import timedelta

    clock.set(clock() + timedelta(days=8))  # every claim window has closed
    send_twilio(OFFICIAL, "AUCTION 20-12")
    session.expire_all()
    bhav = session.scalars(select(Impoundment).where(Impoundment.tag == "234567890123")).one()
    amba = session.scalars(select(Impoundment).where(Impoundment.tag == "123456789012")).one()
    assert amba.auction_fixed_at is not None
    assert bhav.auction_fixed_at is None


# --- secrets never written to a log --------------------------------------------------------------------------


def secrets_of(settings) -> dict[str, str]:
    return {name: value for name, value in (
        ("ADMIN_TOKEN", settings.admin_token), ("TWILIO_AUTH_TOKEN", settings.twilio_auth_token),
        ("AT_API_KEY", settings.at_api_key), ("AT_WEBHOOK_TOKEN", settings.at_webhook_token)) if value}


def test_no_secret_reaches_the_log_of_webhooks_sends_and_the_admin_api(world, client, settings, send_twilio, send_at,
                                                                        ussd, run_worker, fake_twilio, fake_at,
                                                                        twilio_settings, at_settings, caplog):

    from sms_gateway.providers.registry import get_provider

    caplog.set_level(logging.DEBUG)
    send_twilio(STRANGER, "FIND 123456789012")
    send_twilio(STRANGER, "HELP", signature="forged")
    send_at(STRANGER, "FEES 123456789012")
    send_at(STRANGER, "HELP", token="wrong")
    ussd(STRANGER, "1", "123456789012")
    client.post(f"/webhooks/africastalking/delivery?token={AT_TOKEN}", data={"id": "nope", "status": "Success"})
    client.get("/api/v1/messages", headers={"Authorization": "Bearer wrong-" + ADMIN_TOKEN})
    client.get("/api/v1/messages", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
    run_worker(get_provider(twilio_settings))
    send_at(STRANGER, "AUCTIONS")
    run_worker(get_provider(at_settings))
    assert fake_twilio.requests and fake_at.requests  # the sends really happened

    secrets = {**secrets_of(settings), **{f"fake {k}": v for k, v in
                                          {**secrets_of(twilio_settings), **secrets_of(at_settings)}.items()}}
    import base64

    basic = f"{twilio_settings.twilio_account_sid}:{twilio_settings.twilio_auth_token}".encode()
    secrets["Twilio basic auth"] = base64.b64encode(basic).decode()
    logged = caplog.text + "\n".join(str(r.__dict__) for r in caplog.records)
    assert caplog.records
    assert [name for name, value in secrets.items() if value in logged] == []


@pytest.mark.parametrize("line, expected", [
    ('POST /webhooks/africastalking/sms?token=s3cr3t HTTP/1.1',
     'POST /webhooks/africastalking/sms?token=[redacted] HTTP/1.1'),
    ('POST /webhooks/africastalking/ussd?x=1&token=s3cr3t&y=2 HTTP/1.1',
     'POST /webhooks/africastalking/ussd?x=1&token=[redacted]&y=2 HTTP/1.1'),
    ('GET /x?TOKEN=abc&apiKey=def', 'GET /x?TOKEN=[redacted]&apiKey=[redacted]'),
    ('token=s3cr3t', 'token=[redacted]'),
    ('GET /api/v1/impoundments?pound=AMBA-1&status=impounded HTTP/1.1',
     'GET /api/v1/impoundments?pound=AMBA-1&status=impounded HTTP/1.1'),
    ('serviceCode=*384*1#', 'serviceCode=*384*1#'),
])
def test_secret_query_values_are_redacted(line, expected):
    assert logs.redact(line) == expected


def test_the_redacting_filter_rewrites_a_record_with_a_token(caplog):
    logger = logging.getLogger("dabbo.test.redact")
    logger.addFilter(logs.RedactingFilter())
    with caplog.at_level(logging.INFO, logger="dabbo.test.redact"):
        logger.info("called %s", "/webhooks/africastalking/sms?token=s3cr3t")
    assert caplog.records[-1].getMessage() == "called /webhooks/africastalking/sms?token=[redacted]"


def test_the_access_logger_redacts_every_atom(tmp_path):
    from datetime import timedelta
    from types import SimpleNamespace

    from gunicorn.config import Config

    config = Config()
    config.set("accesslog", str(tmp_path / "access.log"))
    config.set("access_log_format", '%(r)s %(q)s %({raw_uri}e)s %({authorization}i)s "%({user-agent}i)s"')
    logger = logs.AccessLogger(config)
    environ = {"REQUEST_METHOD": "POST", "RAW_URI": "/webhooks/africastalking/sms?token=s3cr3t",
               "SERVER_PROTOCOL": "HTTP/1.1", "QUERY_STRING": "token=s3cr3t", "PATH_INFO": "/webhooks/x"}
    request = SimpleNamespace(headers=[("AUTHORIZATION", "Bearer s3cr3t"), ("USER-AGENT", "curl")])
    response = SimpleNamespace(status="200 OK", sent=0, headers=[])
    logger.access(response, request, environ, timedelta(milliseconds=3))
    for handler in logger.access_log.handlers:
        handler.flush()
    line = (tmp_path / "access.log").read_text()
    assert "s3cr3t" not in line
    assert line.strip() == ('POST /webhooks/africastalking/sms?token=[redacted] HTTP/1.1 token=[redacted] '
                            '/webhooks/africastalking/sms?token=[redacted] [redacted] "curl"')


def procfile_command(name: str, port: int) -> list[str]:
    """The Procfile's line for `name`, with $PORT, $BIND_HOST and the defaults filled in."""
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith(f"{name}:"))
    line = line.split(":", 1)[1].replace("${PORT:-5000}", str(port)).replace("${WEB_CONCURRENCY:-2}", "1")
    line = line.replace("${BIND_HOST:-0.0.0.0}", "127.0.0.1")   # as make run binds it
    return shlex.split(line)


@pytest.mark.slow
def test_gunicorn_as_the_procfile_runs_it_logs_no_at_token(settings, app):
    port = free_port()
    command = procfile_command("web", port)
    command[0] = str(Path(sys.executable).parent / "gunicorn")
    env = {**os.environ, "DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url,
           "AT_WEBHOOK_TOKEN": AT_TOKEN, "ADMIN_TOKEN": ADMIN_TOKEN}
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/webhooks/africastalking/delivery?token={AT_TOKEN}&x=1",
            data=b"id=none&status=Success", method="POST")
        assert urllib.request.urlopen(request, timeout=5).status == 200
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
    access = [line for line in output.splitlines() if "/webhooks/africastalking/delivery" in line]
    assert access and "token=[redacted]&x=1" in access[0]
    assert AT_TOKEN not in output
