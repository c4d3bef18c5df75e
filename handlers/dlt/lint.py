"""`flask --app sms_gateway dlt lint`: every template against the DLT profile, every key an SMS
carries mapped to a template, the registered file in step with the wording (SPEC 12.3)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from handlers.catalogue import CATALOGUES
from handlers import dlt as registered
from handlers.dlt import wording
from handlers.dlt.profile import ALPHANUMERIC, VALUE_LEVELS, Profile, alphanumeric_problem, fixed_text, template_problems

ALWAYS_THERE = frozenset({"brand", "url", "cbn"})


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    most_vars: tuple[int, str] = (0, "")
    lowest_fixed: tuple[float, str] = (1.0, "")
    # DLT_VALUES level -> (templates whose wording's value it refuses, such values, values the fit strips of a word)
    levels: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        counts = ", ".join(f"{language} {count}" for language, count in self.counts.items())
        return (f"{sum(self.counts.values())} templates ({counts}); most variables {self.most_vars[0]} "
                f"({self.most_vars[1]}); lowest fixed share {self.lowest_fixed[0]:.0%} ({self.lowest_fixed[1]})")

    def level_lines(self) -> list[str]:
        return [f"DLT_VALUES={level}: {templates} templates with a value it refuses as written ({values} values, "
                f"fitted to it), {emptied} of them lose a word in the fit"
                for level, (templates, values, emptied) in self.levels.items()]


def _levels(built: list[registered.Template], profile: Profile) -> dict[str, tuple[int, int, int]]:
    """Per DLT_VALUES level, how the wording's sample values fare: refused as written (the fit
    then rewrites them: "Amba Chowk" -> "AmbaChowk", "14-12 4pm" -> "14Dec4pm"), and stripped of
    a word by the fit (a word in another script below `script`, or past the length: the message
    loses what it said, so those templates are to reword for the level)."""
    out = {}
    for level in VALUE_LEVELS:
        at_level = replace(profile, values=level)
        refused_in, refused, emptied = set(), 0, 0
        for template in built:
            for name, kind in zip(template.fields, template.kinds):
                if kind != ALPHANUMERIC:
                    continue
                value = wording.sample_value(name, kind, template.language)
                if alphanumeric_problem(value, level):
                    refused_in.add((template.language, template.name))
                    refused += 1
                    emptied += bool(wording.lost_words(value, template.language, at_level))
        out[level] = (len(refused_in), refused, emptied)
    return out


def _unmapped(key: str, catalogues: Mapping[str, Mapping[str, str]]) -> str:
    names = sorted(wording.TEXTS["en"])
    values = ", ".join(wording.fields(catalogues["en"].get(key, ""))) or "none"
    return (f"{key} is sent by SMS but India has no template for it. Add to SENT_AS in handlers/dlt/wording.py "
            f"the line  \"{key}\": \"<template>\",  with <template> one of {', '.join(names)} whose values are "
            f"among its own ({values}); or a new template: a `dlt` entry under {key} in each of "
            f"locale/*/LC_MESSAGES/dabbo.po; or  \"{key}\": None,  if India sends nothing for it.")


def lint(profile: Profile, context: wording.Context, on_file: list[registered.Template],
         catalogues: Mapping[str, Mapping[str, str]] = CATALOGUES) -> Report:
    """Every breach of the profile, of the key mapping, and a template file out of step."""
    report = Report()
    built = registered.build(profile, on_file)
    for template in built:
        where = f"{template.language} {template.name}"
        report.counts[template.language] = report.counts.get(template.language, 0) + 1
        sample = registered.sample(template, context)
        report.problems += [f"{where}: {problem}" for problem in template_problems(template.text, sample, profile)]
        share = len(fixed_text(template.text)) / max(1, len(sample))
        report.most_vars = max(report.most_vars, (len(template.kinds), where))
        report.lowest_fixed = min(report.lowest_fixed, (share, where))
    report.problems += [f"{language}: {count} templates (at most {profile.max_templates})"
                        for language, count in report.counts.items() if count > profile.max_templates]
    report.levels = _levels(built, profile)
    if report.levels[profile.values][2]:
        report.problems.append(f"DLT_VALUES={profile.values}: {report.levels[profile.values][2]} values of the "
                               "wording lose a word in the fit (a word in another script, or past the length): reword those templates")
    report.problems += _mapping_problems(catalogues)
    if registered.dumps(built) != registered.dumps(on_file):
        changed = sorted({f"{t.language} {t.name}" for t in built} - {f"{t.language} {t.name}" for t in on_file}
                         | {f"{t.language} {t.name}" for t in built if t not in on_file})
        report.problems.append(f"the template file is not the wording's templates ({', '.join(changed[:6])}"
                               f"{' …' if len(changed) > 6 else ''}): run `flask --app sms_gateway dlt sync`, "
                               f"commit it, and register the changed texts")
    return report


def _mapping_problems(catalogues: Mapping[str, Mapping[str, str]]) -> list[str]:
    problems = []
    for key in sorted(set().union(*(set(messages) for messages in catalogues.values()))):
        if not wording.sent_by_sms(key):
            continue
        swapped, name = wording.sent_as(key)
        if not swapped:
            problems.append(_unmapped(key, catalogues))
            continue
        if name is None:
            continue
        for language, messages in catalogues.items():
            text = wording.TEXTS.get(language, {}).get(name)
            if text is None:
                problems.append(f"{language} {name}: no such template (named for {key})")
                continue
            given = set(wording.fields(messages.get(key, ""))) | set(wording.EXTRA_FIELDS.get(key, ()))
            missing = set(wording.fields(text)) - ALWAYS_THERE - given
            if missing:
                problems.append(f"{language} {name}: takes {', '.join(sorted(missing))}, which {key} does not give")
    for language, texts in wording.TEXTS.items():
        unused = set(texts) - {n for n in wording.SENT_AS.values() if n} - registered.BROADCAST_TEMPLATES
        problems += [f"{language} {name}: no key is sent as it" for name in sorted(unused)]
    return problems
