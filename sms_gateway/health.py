"""Liveness and readiness for the load balancer."""
from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import text

from sms_gateway.extensions import runtime

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return jsonify(status="ok")


@bp.get("/readyz")
def readyz():
    checks = {}
    try:
        # In autocommit: a probe every few seconds opens and ends no transaction.
        with runtime().engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("SELECT 1"))
        checks["database"] = "ok"
    except Exception as exc:  # any failure means "not ready"; the reason is logged, not shown
        checks["database"] = f"down: {type(exc).__name__}"
    try:
        runtime().redis.ping()
        checks["redis"] = "ok"
    except Exception as exc:
        checks["redis"] = f"down: {type(exc).__name__}"
    ready = all(value == "ok" for value in checks.values())
    return jsonify(status="ready" if ready else "not ready", **checks), 200 if ready else 503
