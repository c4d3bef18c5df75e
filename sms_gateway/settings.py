"""Settings, read once from the environment (SPEC section 9).

Every process (web, worker, cron, CLI, tests) builds one `Settings` from
`os.environ`; nothing else in the project reads the environment, so a test
can hand any process exactly the settings it wants.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

EXOTEL_MUMBAI = "https://api.in.exotel.com"
INSTANCE_DIR = Path(__file__).resolve().parent.parent / "instance"


def _int_list(raw: str) -> tuple[int, ...]:
    return tuple(sorted({int(part) for part in raw.split(",") if part.strip()}, reverse=True))


def _quiet_hours(raw: str) -> tuple[int, int]:
    start, end = raw.split("-")
    return int(start), int(end)


@dataclass(frozen=True)
class Settings:
    database_url: str = f"sqlite:///{INSTANCE_DIR / 'dabbo.sqlite3'}"
    redis_url: str = "redis://localhost:6379/0"
    admin_token: str | None = None
    sms_provider: str = "console"
    twilio_account_sid: str | None = None
    twilio_auth_token: str | None = None
    twilio_from: str | None = None
    twilio_messaging_service_sid: str | None = None
    twilio_api_base: str | None = None
    at_username: str | None = None
    at_api_key: str | None = None
    at_sender_id: str | None = None
    at_webhook_token: str | None = None
    at_api_base: str | None = None
    # SPEC section 11.4: Exotel, DLT, missed calls.
    exotel_sid: str | None = None
    exotel_api_key: str | None = None
    exotel_api_token: str | None = None
    exotel_from: str | None = None
    exotel_api_base: str = EXOTEL_MUMBAI
    exotel_webhook_token: str | None = None
    dlt_entity_id: str | None = None
    missed_call_answer: str = "sms"
    exotel_caller_id: str | None = None  # the ExoPhone a call back rings from (README)
    exotel_flow_url: str | None = None  # the call flow a call back connects to (README)
    public_base_url: str | None = None
    ussd_service_code: str = "*384*1#"
    reminder_days: tuple[int, ...] = (3, 1)
    quiet_hours: tuple[int, int] = (21, 8)
    # Not in SPEC section 9's table: additions, documented in the README.
    simulator_enabled: bool = False
    inbound_rate_limit: int = 20  # inbound messages per phone per 10 minutes
    max_request_bytes: int = 64 * 1024
    secret_key: str | None = None
    sms_price_paise: int = 25  # SMS_PRICE_PAISE: what the panchayat pays per SMS segment (the cost page)
    bench_floor: bool = False  # BENCH_FLOOR=on: /bench/floor, the constant route bench/district.py compares with
    # --- dlt: the DLT profile of SMS in India (SPEC 12.3); defaults are the strict profile ---
    dlt_brand: str = "Dabbo"  # DLT_BRAND: in the fixed text of every template
    dlt_max_vars: int = 3  # DLT_MAX_VARS: variables per template
    dlt_var_chars: int = 30  # DLT_VAR_CHARS: a value is shorter than this
    # DLT_VALUES: what an {#alphanumeric#} value may hold: strict (ASCII letters and digits),
    # spaces (and single spaces), script (letters of any script and spaces) (SPEC 13.2)
    dlt_values: str = "strict"
    dlt_min_fixed: float = 0.5  # DLT_MIN_FIXED: share of a sample message that is fixed text
    # DLT_BROADCAST_SMS_TYPE: Exotel SmsType of a village's notices. A panchayat's notices are public
    # service: transactional, from the government header EXOTEL_FROM (SPEC 13.2).
    dlt_broadcast_sms_type: str = "transactional"
    # EXOTEL_PROMO_FROM: the numeric (6-digit) header approved for promotional SMS; only with
    # DLT_BROADCAST_SMS_TYPE=promotional (a header is approved for one category only)
    exotel_promo_from: str | None = None
    dlt_template_file: str | None = None  # DLT_TEMPLATE_FILE: the registered ids (handlers/dlt/dlt_templates.json)
    # voice (SPEC 12.1, 12.2): the Exotel flow, its caps and its audio (README, India section)
    exotel_voice_app_id: str | None = None  # EXOTEL_VOICE_APP_ID: the voice flow's app id in App Bazaar
    # EXOTEL_RECORD: keep what Exotel sends (providers/exotel/record.py): on, off, or unset (auto:
    # the first 100 requests of each kind), for `exotel check`
    exotel_record: str = "auto"
    exotel_tts: bool = False  # EXOTEL_TTS=on: Exotel's TTS says what no person recorded (else stand-in clips)
    voice_max_steps: int = 40  # VOICE_MAX_STEPS: key presses one call may make
    voice_max_minutes: int = 10  # VOICE_MAX_MINUTES: how long one call may go on
    voice_audio_dir: str | None = None  # VOICE_AUDIO_DIR: clips and joined WAVs (default instance/voice)
    # --- reliability: limits that fit the person, missed calls' budget ---
    staff_inbound_rate_limit: int = 300  # STAFF_INBOUND_RATE_LIMIT: a keeper's or official's messages per 10 minutes
    missed_call_budget: int = 200  # MISSED_CALL_BUDGET: missed calls answered per hour in all (0: no budget)
    exotel_requests_per_minute: int = 200  # EXOTEL_REQUESTS_PER_MINUTE: the account's API pace (0: unpaced)
    # --- provider pacing (sms_gateway.providers.pacing); 0: unpaced, a Retry-After still honoured ---
    # Twilio queues messages per sender itself and documents a limit on concurrent API requests
    # (429, error 20429, "safe to retry"), not a per-minute one; Africa's Talking publishes no
    # numeric API limit (carriers throttle; large batches are queued). So neither is paced unless
    # the account's own agreement says so.
    twilio_requests_per_minute: int = 0  # TWILIO_REQUESTS_PER_MINUTE: the Twilio account's API pace
    at_requests_per_minute: int = 0  # AT_REQUESTS_PER_MINUTE: the Africa's Talking account's API pace
    extra: Mapping[str, str] = field(default_factory=dict)

    @property
    def under_dlt(self) -> bool:
        """India's DLT rules apply to this deployment's SMS: its DLT entity id is set (SPEC 12.3).
        The one place that decides it; no module outside providers/exotel asks for a provider."""
        return bool(self.dlt_entity_id)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Settings":
        env = os.environ if environ is None else environ

        def get(name: str) -> str | None:
            value = env.get(name)
            return value if value not in (None, "") else None

        defaults = cls()
        return cls(
            database_url=get("DATABASE_URL") or defaults.database_url,
            redis_url=get("REDIS_URL") or defaults.redis_url,
            admin_token=get("ADMIN_TOKEN"),
            sms_provider=(get("SMS_PROVIDER") or defaults.sms_provider).lower(),
            twilio_account_sid=get("TWILIO_ACCOUNT_SID"),
            twilio_auth_token=get("TWILIO_AUTH_TOKEN"),
            twilio_from=get("TWILIO_FROM"),
            twilio_messaging_service_sid=get("TWILIO_MESSAGING_SERVICE_SID"),
            twilio_api_base=get("TWILIO_API_BASE"),
            at_username=get("AT_USERNAME"),
            at_api_key=get("AT_API_KEY"),
            at_sender_id=get("AT_SENDER_ID"),
            at_webhook_token=get("AT_WEBHOOK_TOKEN"),
            at_api_base=get("AT_API_BASE"),
            exotel_sid=get("EXOTEL_SID"),
            exotel_api_key=get("EXOTEL_API_KEY"),
            exotel_api_token=get("EXOTEL_API_TOKEN"),
            exotel_from=get("EXOTEL_FROM"),
            exotel_promo_from=get("EXOTEL_PROMO_FROM"),
            exotel_api_base=(get("EXOTEL_API_BASE") or EXOTEL_MUMBAI).rstrip("/"),
            exotel_webhook_token=get("EXOTEL_WEBHOOK_TOKEN"),
            dlt_entity_id=get("DLT_ENTITY_ID"),
            missed_call_answer=(get("MISSED_CALL_ANSWER") or "sms").lower(),
            exotel_caller_id=get("EXOTEL_CALLER_ID"),
            exotel_flow_url=get("EXOTEL_FLOW_URL"),
            public_base_url=(get("PUBLIC_BASE_URL") or "").rstrip("/") or None,
            ussd_service_code=get("USSD_SERVICE_CODE") or defaults.ussd_service_code,
            reminder_days=_int_list(get("REMINDER_DAYS") or "3,1"),
            quiet_hours=_quiet_hours(get("QUIET_HOURS") or "21-8"),
            simulator_enabled=(get("SIMULATOR") or "off").lower() in ("1", "on", "true", "yes"),
            inbound_rate_limit=int(get("INBOUND_RATE_LIMIT") or defaults.inbound_rate_limit),
            max_request_bytes=int(get("MAX_REQUEST_BYTES") or defaults.max_request_bytes),
            secret_key=get("SECRET_KEY"),
            sms_price_paise=int(get("SMS_PRICE_PAISE") or defaults.sms_price_paise),
            bench_floor=(get("BENCH_FLOOR") or "off").lower() in ("1", "on", "true", "yes"),
            # --- dlt ---
            dlt_brand=get("DLT_BRAND") or defaults.dlt_brand,
            dlt_max_vars=int(get("DLT_MAX_VARS") or defaults.dlt_max_vars),
            dlt_var_chars=int(get("DLT_VAR_CHARS") or defaults.dlt_var_chars),
            dlt_values=(get("DLT_VALUES") or defaults.dlt_values).lower(),
            dlt_min_fixed=float(get("DLT_MIN_FIXED") or defaults.dlt_min_fixed),
            dlt_broadcast_sms_type=(get("DLT_BROADCAST_SMS_TYPE") or defaults.dlt_broadcast_sms_type).lower(),
            dlt_template_file=get("DLT_TEMPLATE_FILE"),
            # voice
            exotel_voice_app_id=get("EXOTEL_VOICE_APP_ID"),
            exotel_record=(get("EXOTEL_RECORD") or "auto").lower(),
            exotel_tts=(get("EXOTEL_TTS") or "off").lower() in ("1", "on", "true", "yes"),
            voice_max_steps=int(get("VOICE_MAX_STEPS") or defaults.voice_max_steps),
            voice_max_minutes=int(get("VOICE_MAX_MINUTES") or defaults.voice_max_minutes),
            voice_audio_dir=get("VOICE_AUDIO_DIR"),
            # --- reliability ---
            staff_inbound_rate_limit=int(get("STAFF_INBOUND_RATE_LIMIT") or defaults.staff_inbound_rate_limit),
            missed_call_budget=int(get("MISSED_CALL_BUDGET") or defaults.missed_call_budget),
            exotel_requests_per_minute=int(get("EXOTEL_REQUESTS_PER_MINUTE") or defaults.exotel_requests_per_minute),
            # --- provider pacing ---
            twilio_requests_per_minute=int(get("TWILIO_REQUESTS_PER_MINUTE") or defaults.twilio_requests_per_minute),
            at_requests_per_minute=int(get("AT_REQUESTS_PER_MINUTE") or defaults.at_requests_per_minute),
        )
