"""The administrator's recorded prompts page (`/prompts`), in English:
looked up as dash.prompts_<name>, merged with the other page words by `handlers.catalogue`."""

MESSAGES = {
    "dash.prompts_title": "Recorded prompts",
    "dash.prompts_intro": "What callers hear. Record each clip in a quiet room, in one breath, as the words are written; until then a synthetic voice stands in. Any audio file works (WAV, MP3, OGG); on a phone the picker can record from the microphone.",
    "dash.prompts_language": "Language",
    "dash.prompts_show": "Show",
    "dash.prompts_counts": "{recorded} recorded, {synthetic} synthetic, {missing} missing",
    "dash.prompts_recorded": "recorded",
    "dash.prompts_synthetic": "synthetic",
    "dash.prompts_missing": "missing",
    "dash.prompts_used_in": "Used in",
    "dash.prompts_listen": "Listen to",
    "dash.prompts_upload": "Recording (audio file)",
    "dash.prompts_save": "Save recording",
    "dash.prompts_saved": "Recording of {clip} saved; calls use it from now on.",
    "dash.prompts_no_file": "Choose or record an audio file first.",
    "dash.prompts_too_big": "The file is larger than 2 MB: record just these words.",
    "dash.prompts_bad_audio": "This is not an audio file that can be read. Try WAV or MP3.",
    "dash.prompts_pages": "Pages of clips",
}
