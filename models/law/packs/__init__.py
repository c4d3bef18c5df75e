"""Law packs: each Act's numbers, words and sections as data, one folder per law.

`<law>/pack.toml` holds the Act's values, each a table `{ value = ..., cite = "..." }`;
`<law>/schedules/<id>.toml` holds a state's (or a village's) notified schedule in the same form.
A Pack is plain values: the functions of models.law take one and read their numbers from it,
so no Act's number is written inside them. Read once, at import, with tomllib; nothing of the
project is imported (docs/LAW-PACKS.md describes the format).
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

PACKS_DIR = Path(__file__).resolve().parent
_HEADER = ("id", "title", "default_schedule")


@dataclass(frozen=True)
class Schedule:
    """A notified schedule of a pack (a state's, or "the village's own")."""
    id: str
    title: str
    values: Mapping[str, Any] = field(default_factory=dict)
    cites: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Pack:
    """One law's values with their citations, and its schedules by id."""
    id: str
    title: str
    default_schedule: str
    values: Mapping[str, Any]
    cites: Mapping[str, str]
    schedules: Mapping[str, Schedule]

    def __getitem__(self, name: str) -> Any:
        try:
            return self.values[name]
        except KeyError:
            raise KeyError(f"pack {self.id} has no value {name!r}") from None

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)

    def cite(self, name: str) -> str:
        """The section a value comes from, as the pack words it."""
        return self.cites[name]

    def with_schedule(self, schedule_id: str | None = None) -> "Pack":
        """The pack's values with one schedule's laid over them (none named = the default):
        what one village's rules read."""
        schedule_id = schedule_id or self.default_schedule
        try:
            schedule = self.schedules[schedule_id]
        except KeyError:
            raise ValueError(f"law {self.id} has no schedule {schedule_id!r}") from None
        return Pack(self.id, self.title, schedule_id,
                    MappingProxyType({**self.values, **schedule.values}),
                    MappingProxyType({**self.cites, **schedule.cites}), self.schedules)


def _values(data: Mapping[str, Any], where: str) -> tuple[dict[str, Any], dict[str, str]]:
    values, cites = {}, {}
    for name, entry in data.items():
        if name in _HEADER:
            continue
        if not isinstance(entry, dict) or "value" not in entry or not entry.get("cite"):
            raise ValueError(f"{where}: {name} must be a table with a value and its cite")
        value = entry["value"]
        values[name] = tuple(value) if isinstance(value, list) else value
        cites[name] = entry["cite"]
    return values, cites


def read_pack(folder: Path) -> Pack:
    """A pack from its folder: pack.toml and schedules/*.toml."""
    with open(folder / "pack.toml", "rb") as handle:
        data = tomllib.load(handle)
    values, cites = _values(data, f"{folder.name}/pack.toml")
    schedules = {}
    for path in sorted((folder / "schedules").glob("*.toml")):
        with open(path, "rb") as handle:
            schedule_data = tomllib.load(handle)
        schedule_values, schedule_cites = _values(schedule_data, f"{folder.name}/schedules/{path.name}")
        schedule_id = schedule_data.get("id", path.stem)
        schedules[schedule_id] = Schedule(schedule_id, schedule_data.get("title", schedule_id),
                                          MappingProxyType(schedule_values),
                                          MappingProxyType(schedule_cites))
    default_schedule = data.get("default_schedule") or next(iter(schedules), "")
    if schedules and default_schedule not in schedules:
        raise ValueError(f"{folder.name}: default_schedule {default_schedule!r} is not one of its schedules")
    return Pack(data.get("id", folder.name), data.get("title", folder.name), default_schedule,
                MappingProxyType(values), MappingProxyType(cites), MappingProxyType(schedules))


@lru_cache(maxsize=None)
def load(law: str) -> Pack:
    """The pack named `law` (its folder under models/law/packs); ValueError if there is none."""
    folder = PACKS_DIR / law
    if not law or "/" in law or law.startswith(".") or not (folder / "pack.toml").is_file():
        raise ValueError(f"unknown law {law!r}")
    return read_pack(folder)


@lru_cache(maxsize=None)
def rules(law: str, schedule: str | None = None) -> Pack:
    """What a village under `law` and `schedule` reads: the pack with the schedule over it
    (built once per pair: packs never change while the service runs)."""
    return load(law).with_schedule(schedule)


def available() -> tuple[str, ...]:
    """Every pack's id, sorted."""
    return tuple(sorted(path.parent.name for path in PACKS_DIR.glob("*/pack.toml")))


DEFAULT_LAW = "gujarat_panchayats_1993"
GUJARAT = load(DEFAULT_LAW)
