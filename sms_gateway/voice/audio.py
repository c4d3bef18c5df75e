"""The clips on disk and the joined WAVs a call plays (SPEC 12.2).

    {VOICE_AUDIO_DIR}/recorded/{language}/{clip id}.{digest}.wav   a person's recording
    {VOICE_AUDIO_DIR}/synthetic/{language}/{clip id}.wav           the stand-in (espeak-ng + sox)
    {VOICE_AUDIO_DIR}/joined/{name}.wav                            a step's clips, joined

Every file is what Exotel plays: WAV, 8 kHz, mono, 16-bit PCM (Exotel's support page on dynamic
audio). A recording's file name carries its digest, and a joined WAV's name is derived from the
clip files it was made of and SECRET_KEY: a replaced clip gives every step that uses it a new
URL, as Exotel caches audio by URL, and nobody can guess a name. A step's WAV is built once; the
file is the cache (any web process on a shared volume serves it; one without rebuilds it the
first time, the same name for the same content).

Synthesis runs espeak-ng (Debian; voices `gu`, `hi`, `en`) and sox, offline. Where they are not
installed nothing is synthesised and the call falls back to text (the flow's `gather_prompt.text`,
a Greeting's text) — `prompts synth` says so.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import os
import shutil
import subprocess
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from handlers.menus.prompts import Clip

log = logging.getLogger("dabbo.voice.audio")

RATE, WIDTH, CHANNELS = 8000, 2, 1
PAUSE_SECONDS = 0.35
ESPEAK_VOICES = {"gu": "gu", "hi": "hi", "en": "en-gb"}  # espeak-ng has no en-IN voice
SYNTH_TIMEOUT_S = 10


def synthesiser_missing() -> str | None:
    """What is missing for stand-in clips (None: espeak-ng and sox are both here)."""
    missing = [tool for tool in ("espeak-ng", "sox") if shutil.which(tool) is None]
    return " and ".join(missing) + " not installed" if missing else None


def is_phone_wav(path: Path) -> bool:
    try:
        with wave.open(str(path), "rb") as audio:
            return (audio.getframerate(), audio.getnchannels(), audio.getsampwidth()) == (RATE, CHANNELS, WIDTH)
    except (wave.Error, EOFError, OSError):
        return False


def convert(source: Path, target: Path) -> None:
    """Any audio sox reads (or ffmpeg, for what sox cannot: MP3 on some builds, WebM from a
    browser) -> 8 kHz mono 16-bit WAV at `target`, written atomically."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp.wav")
    target.parent.mkdir(parents=True, exist_ok=True)
    commands = []
    if shutil.which("sox"):
        commands.append(["sox", str(source), "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed-integer",
                         str(temporary)])
    if shutil.which("ffmpeg"):
        commands.append(["ffmpeg", "-loglevel", "quiet", "-y", "-i", str(source), "-ar", str(RATE), "-ac", "1",
                         "-sample_fmt", "s16", str(temporary)])
    for command in commands:
        if subprocess.run(command, capture_output=True, timeout=60).returncode == 0 and is_phone_wav(temporary):
            os.replace(temporary, target)
            return
    temporary.unlink(missing_ok=True)
    raise ValueError("not an audio file sox or ffmpeg can read")


@dataclass
class Clips:
    """The clip files of one deployment."""

    root: Path
    secret: str
    synthesise: bool = True

    def recorded(self, language: str, clip_id: str) -> Path | None:
        found = sorted((self.root / "recorded" / language).glob(f"{clip_id}.*.wav"))
        return found[-1] if found else None

    def synthetic_path(self, language: str, clip_id: str) -> Path:
        return self.root / "synthetic" / language / f"{clip_id}.wav"

    def file(self, language: str, clip: Clip) -> Path | None:
        """The clip's recording, else its stand-in (made now if it can be), else None."""
        recorded = self.recorded(language, clip.id)
        if recorded is not None:
            return recorded
        path = self.synthetic_path(language, clip.id)
        if path.exists():
            return path
        if self.synthesise and self.synth(language, clip):
            return path
        return None

    def all_recorded(self, language: str, clips: Sequence[Clip]) -> bool:
        return all(clip.pause or self.recorded(language, clip.id) is not None for clip in clips)

    def synth(self, language: str, clip: Clip, force: bool = False) -> bool:
        """Write the stand-in clip with espeak-ng and sox; False where they are missing."""
        path = self.synthetic_path(language, clip.id)
        if path.exists() and not force:
            return True
        if synthesiser_missing() or not clip.words.strip():
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as scratch:
            raw = Path(scratch) / "espeak.wav"
            spoke = subprocess.run(["espeak-ng", "-v", ESPEAK_VOICES.get(language, language), "-s", "140",
                                    "-w", str(raw), "--", clip.words], capture_output=True, timeout=SYNTH_TIMEOUT_S)
            if spoke.returncode != 0:
                log.warning("espeak-ng failed for %s/%s: %s", language, clip.id, spoke.stderr[:200])
                return False
            convert(raw, path)
        return True

    def record(self, language: str, clip_id: str, upload: Path) -> Path:
        """A person's recording of a clip, converted; it replaces the earlier one under a new name."""
        with tempfile.TemporaryDirectory() as scratch:
            converted = Path(scratch) / "clip.wav"
            convert(upload, converted)
            digest = hashlib.sha256(converted.read_bytes()).hexdigest()[:12]
            target = self.root / "recorded" / language / f"{clip_id}.{digest}.wav"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(converted), target)
        for older in (self.root / "recorded" / language).glob(f"{clip_id}.*.wav"):
            if older != target:
                older.unlink(missing_ok=True)
        return target

    # ------------------------------------------------------------ joined steps

    def joined_path(self, name: str) -> Path:
        return self.root / "joined" / f"{name}.wav"

    def join(self, language: str, clips: Sequence[Clip]) -> str | None:
        """The name of one WAV saying `clips` in order (built now unless it was before), or None
        when a clip has neither a recording nor a stand-in."""
        files: list[Path | None] = []
        for clip in clips:
            if clip.pause:
                files.append(None)
                continue
            path = self.file(language, clip)
            if path is None:
                return None
            files.append(path)
        recipe = "\n".join(f"{p.name}:{p.stat().st_size}:{p.stat().st_mtime_ns}" if p else "pause" for p in files)
        name = hmac.new(self.secret.encode(), f"{language}\n{recipe}".encode(), hashlib.sha256).hexdigest()[:32]
        target = self.joined_path(name)
        if not target.exists():
            self._write(target, files)
        return name

    def _write(self, target: Path, files: list[Path | None]) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        silence = b"\x00" * int(RATE * PAUSE_SECONDS) * WIDTH
        with wave.open(str(temporary), "wb") as out:
            out.setnchannels(CHANNELS)
            out.setsampwidth(WIDTH)
            out.setframerate(RATE)
            for path in files:
                if path is None:
                    out.writeframes(silence)
                    continue
                with wave.open(str(path), "rb") as clip:
                    out.writeframes(clip.readframes(clip.getnframes()))
        os.replace(temporary, target)
