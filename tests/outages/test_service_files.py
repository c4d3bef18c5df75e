"""The production service files (deploy/*.service, systemd) run what the Procfile runs and
restart it whenever it exits (SPEC 13.6)."""
from __future__ import annotations

import configparser
import re
import shlex

import pytest

from tests.support import ROOT

UNITS = {"web": "dabbo-web.service", "worker": "dabbo-worker@.service", "cron": "dabbo-cron.service"}


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    parser.read(ROOT / "deploy" / name)
    return parser


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


def words(command: str) -> list[str]:
    """The command's words with shell defaults (`${PORT:-5000}`) as systemd writes them (`${PORT}`)
    and the program without its directory."""
    said = shlex.split(re.sub(r"\$\{(\w+):-[^}]*\}", r"${\1}", command))
    return [said[0].rsplit("/", 1)[-1], *said[1:]]


@pytest.mark.parametrize("process", sorted(UNITS))
def test_each_procfile_process_has_a_service_file_running_its_line(process):
    service = unit(UNITS[process])["Service"]
    assert words(service["ExecStart"]) == words(procfile()[process])


@pytest.mark.parametrize("process", sorted(UNITS))
def test_each_service_is_restarted_whenever_it_exits_and_never_given_up_on(process):
    parsed = unit(UNITS[process])
    assert parsed["Service"]["Restart"] == "always"
    assert parsed["Unit"]["StartLimitIntervalSec"] == "0"
