"""The administrator's recorded prompts page (`/prompts`), in Gujarati:
looked up as dash.prompts_<name>, merged with the other page words by `handlers.catalogue`."""

MESSAGES = {
    "dash.prompts_title": "રેકોર્ડ કરેલા સંદેશ",
    "dash.prompts_intro": "ફોન કરનાર જે સાંભળે છે તે. દરેક ટુકડો શાંત ઓરડામાં, લખ્યા પ્રમાણે, એક શ્વાસમાં રેકોર્ડ કરો; ત્યાં સુધી કૃત્રિમ અવાજ બોલે છે. કોઈ પણ ઓડિયો ફાઇલ ચાલે (WAV, MP3, OGG); ફોન પર માઇકથી સીધું રેકોર્ડ થઈ શકે.",
    "dash.prompts_language": "ભાષા",
    "dash.prompts_show": "બતાવો",
    "dash.prompts_counts": "{recorded} રેકોર્ડ કરેલા, {synthetic} કૃત્રિમ, {missing} ખૂટતા",
    "dash.prompts_recorded": "રેકોર્ડ કરેલું",
    "dash.prompts_synthetic": "કૃત્રિમ",
    "dash.prompts_missing": "ખૂટે છે",
    "dash.prompts_used_in": "ક્યાં વપરાય છે",
    "dash.prompts_listen": "સાંભળો",
    "dash.prompts_upload": "રેકોર્ડિંગ (ઓડિયો ફાઇલ)",
    "dash.prompts_save": "રેકોર્ડિંગ સાચવો",
    "dash.prompts_saved": "{clip}નું રેકોર્ડિંગ સચવાયું; હવેથી ફોનમાં એ વાગશે.",
    "dash.prompts_no_file": "પહેલાં ઓડિયો ફાઇલ પસંદ કરો અથવા રેકોર્ડ કરો.",
    "dash.prompts_too_big": "ફાઇલ 2 MBથી મોટી છે: ફક્ત આ શબ્દો રેકોર્ડ કરો.",
    "dash.prompts_bad_audio": "આ વાંચી શકાય એવી ઓડિયો ફાઇલ નથી. WAV કે MP3 અજમાવો.",
    "dash.prompts_pages": "ટુકડાઓનાં પાનાં",
}
