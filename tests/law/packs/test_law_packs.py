"""SPEC 13.4: the law engine reads every Act's numbers from a pack; none is written in its code."""
from __future__ import annotations

import ast
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from models import law
from models.law import packs

LAW_DIR = Path(law.__file__).resolve().parent
# The only numbers models/law may write itself: nothing, one, paise in a rupee (SPEC 12.4) and the
# last hour of a day (a clock's bound, no Act's).
ALLOWED_NUMBERS = {0, 1, 100, 23}


def _code_files():
    return sorted(path for path in LAW_DIR.rglob("*.py"))


def _docstring_nodes(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                yield body[0].value


def _code_strings():
    """Each string literal of models/law's code, docstrings left out, with where it stands."""
    for path in _code_files():
        tree = ast.parse(path.read_text())
        docstrings = {id(node) for node in _docstring_nodes(tree)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                yield f"{path.relative_to(LAW_DIR)}:{node.lineno}: {node.value!r}", node.value


def test_models_law_writes_no_duration_or_amount_outside_a_pack():
    """Every int or float literal of models/law, outside the four above: a day count, an hour,
    a rupee amount or a percent of one Act would be one of them."""
    found = []
    for path in _code_files():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and type(node.value) in (int, float)
                    and node.value not in ALLOWED_NUMBERS):
                found.append(f"{path.relative_to(LAW_DIR)}:{node.lineno}: {node.value}")
    assert found == []


def test_models_law_names_no_police_rank_or_barred_role_outside_a_pack():
    words = set(packs.GUJARAT["police_ranks"]) | {"police"}
    assert [where for where, text in _code_strings() if text in words] == []


# A section of one Act in words a message or an error could carry: "§186(2)", "s.19", "ss.4-6",
# "section 7", "r.3". The section labels are the packs' `cite`s, never the functions' text.
SECTION = re.compile(r"§\s*\d|\bs{1,2}\.\s*\d|\bsection\s+\d|\br\.\s*\d", re.IGNORECASE)


def test_models_law_cites_no_section_of_one_act_outside_a_pack():
    assert [where for where, text in _code_strings() if SECTION.search(text)] == []


def test_the_section_scan_finds_what_it_looks_for():
    assert [bool(SECTION.search(text)) for text in ("(§186(2))", "s.19", "ss.4-6", "Section 7", "r.3",
                                                    "paise", "days", "ss")] == [True] * 5 + [False] * 3


def test_every_value_of_a_pack_carries_its_citation():
    for law_id in packs.available():
        pack = packs.load(law_id)
        assert set(pack.values) == set(pack.cites)
        assert all(cite.strip() for cite in pack.cites.values())
        for schedule in pack.schedules.values():
            assert set(schedule.values) == set(schedule.cites)


def test_the_gujarat_pack_holds_todays_numbers():
    pack = packs.load("gujarat_panchayats_1993")
    assert (pack["claim_window_hours"], pack["surplus_claim_days"], pack["complaint_days"],
            pack["protest_complaint_days"], pack["deposit_months"]) == (168, 15, 10, 28, 6)
    assert pack["removal_fine_max_paise"] == 5000_00
    assert pack["compensation_max_paise"] == 100_00
    assert pack.cite("claim_window_hours").startswith("§186(1)")


def test_an_unknown_law_is_refused():
    with pytest.raises(ValueError):
        packs.load("no_such_act")
    with pytest.raises(ValueError):
        packs.load("../gujarat_panchayats_1993")


def test_a_value_without_its_citation_is_refused(tmp_path):
    (tmp_path / "pack.toml").write_text('id = "t"\n[claim_window_hours]\nvalue = 24\n')
    with pytest.raises(ValueError, match="cite"):
        packs.read_pack(tmp_path)


def test_a_rule_follows_the_pack_it_is_given(tmp_path):
    """A pack of 48 hours' claim window: seized 1 Dec 2026 10:00 IST, the window closes
    3 Dec 10:00 IST (Gujarat's own: 8 Dec 10:00)."""
    (tmp_path / "pack.toml").write_text(
        (LAW_DIR / "packs" / "gujarat_panchayats_1993" / "pack.toml").read_text()
        .replace("value = 168", "value = 48"))
    short = packs.read_pack(tmp_path)
    ist = timezone(timedelta(hours=5, minutes=30))
    seized = datetime(2026, 12, 1, 10, 0, tzinfo=ist)
    assert law.claim_deadline(seized, pack=short) == datetime(2026, 12, 3, 10, 0, tzinfo=ist)
    assert law.claim_deadline(seized) == datetime(2026, 12, 8, 10, 0, tzinfo=ist)


def test_whole_days_counts_each_full_day_and_the_part_day_over_it(tmp_path):
    """day_count = whole_days: seized 1 Dec 23:50, at 2 Dec 00:10 = 1 day (Gujarat's any_part: 2);
    at 3 Dec 00:00 (24 h 10 min) = 2 days."""
    (tmp_path / "pack.toml").write_text(
        (LAW_DIR / "packs" / "gujarat_panchayats_1993" / "pack.toml").read_text()
        .replace('value = "any_part"', 'value = "whole_days"'))
    whole = packs.read_pack(tmp_path)
    seized = datetime(2026, 12, 1, 18, 20, tzinfo=timezone.utc)   # 23:50 IST
    assert law.days_impounded(seized, seized + timedelta(minutes=20), "Asia/Kolkata", pack=whole) == 1
    assert law.days_impounded(seized, seized + timedelta(minutes=20), "Asia/Kolkata") == 2
    assert law.days_impounded(seized, seized + timedelta(hours=24, minutes=10), "Asia/Kolkata", pack=whole) == 2


def test_a_second_state_schedule_is_one_file_and_no_code(tmp_path):
    """A schedule copied from Chandigarh's with the large fine at Rs 10,000: the pack reads it,
    and a cow there is fined Rs 10,000 while Chandigarh's stays Rs 20,000."""
    import shutil

    from models.law import trespass
    source = LAW_DIR / "packs" / "cattle_trespass_1871"
    shutil.copytree(source, tmp_path / "cattle_trespass_1871")
    text = (source / "schedules" / "chandigarh.toml").read_text()
    (tmp_path / "cattle_trespass_1871" / "schedules" / "second.toml").write_text(
        text.replace('id = "chandigarh"', 'id = "second"').replace("fine_paise = 2000000", "fine_paise = 1000000"))
    pack = packs.read_pack(tmp_path / "cattle_trespass_1871")
    assert sorted(pack.schedules) == ["chandigarh", "second"]
    assert trespass.fine_per_head_paise("cow", pack.with_schedule("second")) == 10_000_00
    assert trespass.fine_per_head_paise("cow", pack.with_schedule("chandigarh")) == 20_000_00
