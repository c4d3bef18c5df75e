"""The admin JSON API under /api/v1 (SPEC section 6).

Importing this module declares the core routes: `api_setup` (pound fees,
villages and their schedules, pounds, people, animals) and `api_impoundments`
(impoundments, dues, release, sale, broadcasts, messages), on the blueprint of
`api_blueprint`. Issue modules (`api_books`, `api_money`, `api_orders`) take
`route` from here, so their routes follow the core ones in the document. Views
only translate HTTP: the work is in `handlers`.
"""
from __future__ import annotations

# In the document's order: setup first, then impoundments (the issue modules follow).
from sms_gateway.api import setup as api_setup
from sms_gateway.api import impoundments as api_impoundments
from sms_gateway.api.blueprint import ROUTES, bp, find_impoundment, openapi_document, parse_id, route

__all__ = ["ROUTES", "bp", "find_impoundment", "openapi_document", "parse_id", "route",
           "api_impoundments", "api_setup"]
