"""The administrator's recorded prompts page (`/prompts`), in Hindi:
looked up as dash.prompts_<name>, merged with the other page words by `handlers.catalogue`."""

MESSAGES = {
    "dash.prompts_title": "रिकॉर्ड किए संदेश",
    "dash.prompts_intro": "फ़ोन करने वाले जो सुनते हैं. हर टुकड़ा शांत कमरे में, जैसा लिखा है वैसा, एक साँस में रिकॉर्ड करें; तब तक कृत्रिम आवाज़ बोलती है. कोई भी ऑडियो फ़ाइल चलेगी (WAV, MP3, OGG); फ़ोन पर माइक से सीधे रिकॉर्ड हो सकता है.",
    "dash.prompts_language": "भाषा",
    "dash.prompts_show": "दिखाएँ",
    "dash.prompts_counts": "{recorded} रिकॉर्ड किए, {synthetic} कृत्रिम, {missing} बाकी",
    "dash.prompts_recorded": "रिकॉर्ड किया",
    "dash.prompts_synthetic": "कृत्रिम",
    "dash.prompts_missing": "बाकी",
    "dash.prompts_used_in": "कहाँ इस्तेमाल",
    "dash.prompts_listen": "सुनें",
    "dash.prompts_upload": "रिकॉर्डिंग (ऑडियो फ़ाइल)",
    "dash.prompts_save": "रिकॉर्डिंग सहेजें",
    "dash.prompts_saved": "{clip} की रिकॉर्डिंग सहेजी गई; अब से कॉल में यही बजेगी.",
    "dash.prompts_no_file": "पहले ऑडियो फ़ाइल चुनें या रिकॉर्ड करें.",
    "dash.prompts_too_big": "फ़ाइल 2 MB से बड़ी है: सिर्फ़ ये शब्द रिकॉर्ड करें.",
    "dash.prompts_bad_audio": "यह पढ़ी जा सकने वाली ऑडियो फ़ाइल नहीं है. WAV या MP3 आज़माएँ.",
    "dash.prompts_pages": "टुकड़ों के पन्ने",
}
