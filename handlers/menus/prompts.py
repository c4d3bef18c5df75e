"""Recorded prompts (SPEC 12.2): what a spoken line is made of, as clips a person records.

Owners hear a person's voice, as on Avaaj Otalo and the other IVRs farmers in Gujarat use: every
fixed phrase is a recording, and numbers are said by joining recorded number clips. A line Dabbo
says (a catalogue text filled with its values, written as on a phone screen) becomes clips:

* a menu's spoken sentence with nothing to fill in ("To find an animal by its ear tag, press 1.",
  `voice.menu.*`, and "for more" / "to go back"): one clip, `<key>`, recorded whole with its key
  said in it, as a person says the sentence;
* the fixed words of every other phone catalogue text, cut at its `{slots}` and at its numbers:
  clip `<key>-<n>` (the n-th piece of that text);
* numbers as Indian IVRs say them: one clip for each number 0..99 (`num-57`; in Gujarati and Hindi
  every one of them is a word of its own) and `num-hundred`, `num-thousand`, `num-lakh`,
  `num-crore`, so Rs 99,999 is "99 thousand 9 hundred 99"; a tag or receipt digit by digit in
  groups of four; rupees as the number and the word; a date as day and month (`month-12`) and year;
* anything else (a pound's or a village's name): a clip of its own, `name-<hash>`, synthesised
  when first needed until a person records it.

`gul` callers hear `gu`. Pure: no I/O; the clip files live at the edge (sms_gateway).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache

from indic_numtowords import num2words

from handlers.menus import speech
from handlers.catalogue import CATALOGUES, heard_language, po, t

SPOKEN_LANGUAGES = ("gu", "hi", "en")


def _phone_texts(language: str) -> dict[str, str]:
    """Every text a phone may say in `language`: each key's, and the other forms of a plural
    entry under its msgid_plural ("kinds.calf": "વાછરડાં"), so that "2 calves" has clips too."""
    loaded = po.words()
    texts: dict[str, str] = {}
    for key, text in CATALOGUES[language].items():
        if key.startswith(("dash.", "page.")):
            continue
        texts[key] = text
        others = [form for form in loaded.plurals[language].get(key, ()) if form != text]
        for n, form in enumerate(others):
            texts[loaded.plural_ids[key] + (f".{n}" if n else "")] = form
    return texts


# What a phone says (not the browser's words), in the catalogue's order: a phrase's clip is
# named after the first key that says it.
PHONE_CATALOGUES = {language: _phone_texts(language) for language in SPOKEN_LANGUAGES}
SCALES = ((10 ** 7, "crore"), (10 ** 5, "lakh"), (1000, "thousand"), (100, "hundred"))
TAG_GROUP = speech.TAG_GROUP
# Texts that are lists, not phrases: their pieces are clips of their own (month-1..12).
NOT_PHRASES = frozenset({"voice.months"})
# Sentences a person records whole, their key said in them (the menus' own sentences).
WHOLE_PREFIX, WHOLE_KEYS = "voice.menu.", frozenset({"voice.more", "voice.back"})

_SLOT = re.compile(r"\{([^{}]*)\}")
_WORD = re.compile(r"[^\s.,;:!?()\[\]\"'/+=<>|-]+")


@dataclass(frozen=True)
class Clip:
    id: str
    words: str

    @property
    def pause(self) -> bool:
        return self.id == PAUSE.id


PAUSE = Clip("pause", "")  # silence between groups and lines; never recorded


def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text))


def _pieces(template: str, language: str) -> list[str]:
    """The fixed text of a catalogue template, cut at its slots and its numbers."""
    pieces = []
    for number, part in enumerate(_SLOT.split(template)):
        if number % 2:  # a slot's name
            continue
        pieces += [" ".join(_words(piece)) for piece in _between_numbers(part, language)]
    return [piece for piece in pieces if piece]


def _between_numbers(text: str, language: str) -> list[str]:
    pieces, position = [], 0
    for match in speech.number_pattern(language).finditer(text):
        pieces.append(text[position:match.start()])
        position = match.end()
    return pieces + [text[position:]]


@dataclass(frozen=True)
class Lexicon:
    """One language's clips: the phrases (by their words) and where each is used."""

    phrases: dict[tuple[str, ...], Clip]
    uses: dict[str, list[str]]
    longest: int


def _whole(key: str, template: str) -> bool:
    return (key.startswith(WHOLE_PREFIX) or key in WHOLE_KEYS) and not _SLOT.search(template)


@lru_cache(maxsize=None)
def sentences(language: str) -> dict[str, Clip]:
    """The sentences recorded whole: their text as written -> the clip (words as said)."""
    return {template: Clip(key, speech.spoken(template, language).rstrip("."))
            for key, template in PHONE_CATALOGUES[language].items() if _whole(key, template)}


@lru_cache(maxsize=None)
def lexicon(language: str) -> Lexicon:
    phrases: dict[tuple[str, ...], Clip] = {}
    uses: dict[str, list[str]] = {}
    for key, template in PHONE_CATALOGUES[language].items():
        if key in NOT_PHRASES or key == "money" or _whole(key, template):
            continue
        for n, piece in enumerate(_pieces(template, language)):
            words = _words(piece)
            clip = phrases.setdefault(words, Clip(f"{key}-{n}", piece))
            uses.setdefault(clip.id, []).append(key)
    return Lexicon(phrases, uses, max((len(words) for words in phrases), default=1))


def number_clip(n: int, language: str) -> Clip:
    return Clip(f"num-{n}", num2words(n, lang=language))


def scale_clip(scale: str, language: str) -> Clip:
    return Clip(f"num-{scale}", t(language, f"voice.{scale}"))


def month_clip(month: int, language: str) -> Clip:
    return Clip(f"month-{month}", t(language, "voice.months").split(",")[month - 1])


def number_clips(n: int, language: str) -> list[Clip]:
    """`n` (0 or more) as Indian IVRs join it: 12,345 -> 12 thousand 3 hundred 45."""
    if n < 100:
        return [number_clip(n, language)]
    clips: list[Clip] = []
    for value, scale in SCALES:
        count, n = divmod(n, value)
        if count:
            clips += number_clips(count, language) + [scale_clip(scale, language)]
    if n:
        clips.append(number_clip(n, language))
    return clips


def digit_clips(digits: str, language: str) -> list[Clip]:
    """A tag or receipt as read off the ear tag: digit by digit, a pause every four."""
    clips: list[Clip] = []
    for start in range(0, len(digits), TAG_GROUP):
        if clips:
            clips.append(PAUSE)
        clips += [number_clip(int(d), language) for d in digits[start:start + TAG_GROUP]]
    return clips


def template_clips(key: str, language: str, **slots: list[Clip]) -> list[Clip]:
    """A catalogue template whose slots are filled with clips."""
    clips: list[Clip] = []
    for number, part in enumerate(_SLOT.split(PHONE_CATALOGUES[language][key])):
        clips += slots[part] if number % 2 else phrase_clips(part, language)
    return clips


def _number(match: re.Match, language: str) -> list[Clip]:
    """The clips for one number the speech pattern found (money, date, time, tag, number)."""
    if match.groupdict().get("said"):   # "સાંજે 4": the period word, then the hour with its o'clock
        return phrase_clips(match["period"], language) + _clock_clips(int(match["shour"]), int(match["sminute"] or 0),
                                                                      language)
    if match["money"]:
        return template_clips("voice.rupees", language, amount=number_clips(int(match["rupees"].replace(",", "")), language))
    if match["date"]:
        month = int(match["month"])
        if not 1 <= month <= 12:
            return digit_clips(match["day"] + match["month"], language)
        said = template_clips("voice.date", language, day=number_clips(int(match["day"]), language),
                              month=[month_clip(month, language)])
        return said + (number_clips(int(match["year"]), language) if match["year"] else [])
    if match["time"]:
        return _clock_clips(int(match["hour"]), int(match["minute"]), language)
    if match["section"]:  # "s.14": "section fourteen"
        return template_clips("voice.section", language, number=number_clips(int(match["section_number"]), language))
    if match["grouped"]:  # a sum written 1,25,000 is one number, not three
        return number_clips(int(match["grouped"].replace(",", "")), language)
    if match["long"]:
        return digit_clips(match["long"], language)
    said = number_clips(int(match["number"]), language)
    return said + (phrase_clips(match["glued"], language) if match["glued"] else [])


def _clock_clips(hour: int, minute: int, language: str) -> list[Clip]:
    if minute == 0:
        return template_clips("voice.at_hour", language, hour=number_clips(hour, language))
    return template_clips("voice.at_time", language, hour=number_clips(hour, language),
                          minute=number_clips(minute, language))


def name_clip(words: tuple[str, ...], language: str) -> Clip:
    text = " ".join(words)
    digest = hashlib.sha1(f"{language}\n{text}".encode()).hexdigest()[:12]
    return Clip(f"name-{digest}", text)


def phrase_clips(text: str, language: str) -> list[Clip]:
    """Words with no number in them: the longest known phrases first, the rest as names."""
    words, known = _words(text), lexicon(language)
    clips: list[Clip] = []
    unknown: list[str] = []
    i = 0
    while i < len(words):
        for length in range(min(known.longest, len(words) - i), 0, -1):
            clip = known.phrases.get(words[i:i + length])
            if clip is not None:
                break
        else:
            unknown.append(words[i])
            i += 1
            continue
        if unknown:
            clips.append(name_clip(tuple(unknown), language))
            unknown = []
        clips.append(clip)
        i += length
    if unknown:
        clips.append(name_clip(tuple(unknown), language))
    return clips


@lru_cache(maxsize=4096)
def _line(text: str, language: str) -> tuple[Clip, ...]:
    whole = sentences(language).get(text)
    if whole is not None:
        return (whole,)
    clips: list[Clip] = []
    position = 0
    for match in speech.number_pattern(language).finditer(text):
        clips += phrase_clips(text[position:match.start()], language)
        clips += _number(match, language)
        position = match.end()
    clips += phrase_clips(text[position:], language)
    return tuple(clips)


def line_clips(text: str, language: str) -> list[Clip]:
    """One written line (as a phone would show it) as the clips that say it."""
    return list(_line(text, heard_language(language)))


def utterance(lines: list[str] | tuple[str, ...], language: str) -> list[Clip]:
    """Several lines, said one after the other with a pause between them."""
    clips: list[Clip] = []
    for text in lines:
        said = line_clips(text, language)
        if said:
            clips += ([PAUSE] if clips else []) + said
    return clips


def fixed_clips(language: str) -> list[tuple[Clip, list[str]]]:
    """Every clip a person records for `language`, with where it is used: the phrases, the
    numbers 0..99 and the scales, the months (names of places come from the data)."""
    language = heard_language(language)
    known = lexicon(language)
    clips = [(clip, [clip.id]) for clip in sentences(language).values()]
    clips += [(clip, known.uses[clip.id]) for clip in known.phrases.values()]
    clips += [(number_clip(n, language), ["numbers, tags, rupees, dates"]) for n in range(100)]
    clips += [(scale_clip(scale, language), ["numbers"]) for _, scale in SCALES]
    clips += [(month_clip(month, language), ["dates"]) for month in range(1, 13)]
    return clips
