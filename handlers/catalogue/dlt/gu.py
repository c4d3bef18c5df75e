"""Gujarati SMS as registered on a DLT portal (SPEC 12.3; handlers/dlt/wording.py says which key
is sent as which). Unicode templates: 70 characters a part, 67 in a longer message. Words as
WORDING.md fixes them (ડબ્બો, છોડાવો, હરાજી, ડિપોઝિટ, કોર્ટ (મેજિસ્ટ્રેટ)); dates in words."""

MONTHS = ("જાન્યુ", "ફેબ્રુ", "માર્ચ", "એપ્રિલ", "મે", "જૂન", "જુલાઈ", "ઑગસ્ટ", "સપ્ટે", "ઑક્ટો", "નવે", "ડિસે")

TEMPLATES = {
    "seizure_alert": "{brand}: ટેગ {tag}નું ઢોર {pound} ડબ્બામાં. આજે રૂ.{amount}. પકડથી 7 દિવસમાં છોડાવો, પછી "
                     "હરાજી. ગેરકાયદે પકડ? કોર્ટમાં 10 દિવસમાં ફરિયાદ, કલમ 188",
    "claim_reminder": "{brand}: ટેગ {tag}, આજે રૂ.{amount}. {deadline} સુધીમાં છોડાવો",
    "auction": "{brand}: હરાજી {when}, {place}માં. પહેલાં ઢોર છોડાવી લો",
    "release_receipt": "{brand}: પહોંચ {receipt}, ટેગ {tag}નું ઢોર પરત. કુલ ભર્યા રૂ.{total}",
    "release_protest": "{brand}: પહોંચ {receipt}, ટેગ {tag} વાંધા સાથે પરત. જમા રૂ.{total}, કલમ 185(2)",
    "surplus": "{brand}: ટેગ {tag} હરાજીમાં વેચાયું. માલિકની બચેલી રકમ રૂ.{surplus}: {deadline} સુધી પંચાયતમાં "
               "માલિકીનો પુરાવો આપો, કલમ 186(1)",
    "surplus_none": "{brand}: ટેગ {tag} હરાજીમાં રૂ.{proceeds}માં વેચાયું. ફી અને ખર્ચમાં બધું ગયું, કંઈ બચ્યું "
                    "નથી, કલમ "
                    "186(1)",
    "surplus_reminder": "{brand}: ટેગ {tag}ના વેચાણની બચેલી રકમ રૂ.{surplus}, {deadline} સુધી માલિકની. પછી ગ્રામ "
                        "ભંડોળમાં જશે, કલમ 186(1)",
    "protest_reminder": "{brand}: ટેગ {tag} વાંધા સાથે પરત. ફરિયાદ કરી હોય તો પંચાયતને જણાવો, નહીં તો {deadline}થી "
                        "ડિપોઝિટ ભરવી પડશે, કલમ 185(3)",
    "deposit_forfeited": "{brand}: તમારી ડિપોઝિટ રૂ.{amount} ({day}ની)માંથી રૂ.{forfeited} જપ્ત: 6 મહિનામાં ઢોર ફરી "
                         "પકડાયું, કલમ 189(2)",
    "deposit_refundable": "{brand}: તમારી ડિપોઝિટ રૂ.{amount} ({day}ની) હવે પાછી મળી શકે. પંચાયતમાં અરજી કરો, કલમ "
                          "189(2)",
    "security_due": "{brand}: ટેગ {tag}, 4 અઠવાડિયામાં ફરિયાદ નથી. ડબ્બે ડિપોઝિટ રૂ.{amount} ભરો અને માલિકીનું "
                    "એકરારનામું આપો, નહીં તો ઢોર ફરી પકડાશે, કલમ 185(3)",
    "security_due_keeper": "{brand}: ટેગ {tag} વાંધા સાથે પરત, 4 અઠવાડિયા {deadline}એ પૂરા. એકરારનામું અને ડિપોઝિટ "
                           "રૂ.{amount} માંગો, નહીં તો ફરી પકડો, કલમ 185(3)",
    "surplus_paid": "{brand}: ટેગ {tag}ની હરાજીની બચેલી રકમ રૂ.{amount} તા.{paid_on}એ ચૂકવી, કલમ 186(1). આ SMS "
                    "પહોંચ તરીકે રાખો",
    "deposit_refunded": "{brand}: ડિપોઝિટ રૂ.{amount} ({day}ની) {paid_on}એ પાછી આપી, કલમ 189(2). આ SMS પહોંચ "
                        "તરીકે રાખો",
    "complaint_upheld": "{brand}: કોર્ટે ટેગ {tag}ની પકડ ગેરકાયદે ઠેરવી, કલમ 188. પકડનાર વળતર રૂ.{comp} અને "
                        "ભરેલ રૂ.{fees} ચૂકવશે",
    "complaint_dismissed": "{brand}: કોર્ટે ટેગ {tag}ની ફરિયાદ નામંજૂર કરી: પકડ કાયદેસર, કલમ 188",
    "register_copy": "{brand}: {pound} ડબ્બાનું રજિસ્ટર, નોંધ નં.{entries}, {seized_at}એ તમે લાવેલ ઢોર. આ SMS "
                     "નકલ તરીકે રાખો",
    "removal_order": "{brand}: મામલતદારનો હુકમ નં.{order}, કલમ 190: તમારાં ઢોર {deadline} સુધી {place} ખસેડો, "
                     "નહીં તો પોલીસ ખસેડશે અને દંડ થઈ શકે",
    "keeper_digest": "{brand}: {pound} ડબ્બામાં આજે {count} ઢોર, આજે હરાજીમાં {today}. ટેગ માટે LIST મોકલો",
    "notice_general": "{brand}: {village} ગ્રામ પંચાયતની નવી સૂચના {url} પર વાંચો, અથવા પંચાયતમાં પૂછો",
    "notice_auction": "{brand}: ડબ્બાનાં ઢોરની જાહેર હરાજી {when}, {place}માં. ઢોરની યાદી અને શરતો {url} પર",
    "notice_meeting": "{brand}: ગ્રામ સભાની બેઠક {when}, {place}માં. બેઠકની કાર્યસૂચિ {url} પર જુઓ",
    "missed_held": "{brand}: ટેગ {tag}નું ઢોર ડબ્બામાં છે, આજે રૂ.{total}. તમારાં બધાં ઢોર અને રકમ {url} પર",
    "missed_none": "{brand}: આજે તમારું કોઈ ઢોર ડબ્બામાં નથી.",
    "signin_code": "{brand}: ડેશબોર્ડ કોડ {code}. {minutes} મિનિટ ચાલશે. કોઈને આપશો નહીં",
    "find_held": "{brand}: ટેગ {tag}નું ઢોર {pound} ડબ્બામાં. આજે રૂ.{total}. પકડથી 7 દિવસમાં છોડાવો, પછી હરાજી",
    "find_released": "{brand}: ટેગ {tag}, તા.{date}એ ડબ્બામાંથી પરત, હવે ડબ્બામાં નથી",
    "find_sold": "{brand}: ટેગ {tag} હરાજીમાં વેચાયું. બચેલી રકમ રૂ.{surplus}, {surplus_deadline} સુધી "
                 "પંચાયતમાંથી લઈ શકાય",
    "fees": "{brand}: ટેગ {tag}, ફી, ચારો અને ડિપોઝિટ સાથે આજે રૂ.{total}. કાલે રૂ.{total_tomorrow}",
    "on_page": "{brand}: તમારા SMSનો જવાબ જાહેર પાના {url} પર છે",
    "help": "{brand}: ઢોર શોધવા ટેગ નંબર મોકલો, રકમ માટે FEES અને ટેગ, સૂચના માટે STOP/START. બધા આદેશ {url} પર",
    "lang": "{brand}: હવેથી જવાબ ગુજરાતીમાં આવશે.",
    "stop": "{brand}: હવે રિમાઇન્ડર કે સૂચના નહીં આવે. ફરી શરૂ કરવા START મોકલો",
    "start": "{brand}: રિમાઇન્ડર અને સૂચના ફરી ચાલુ. બંધ કરવા STOP મોકલો",
    "not_done": "{brand}: તમારો SMS થઈ શક્યો નહીં, કંઈ નોંધાયું નથી. HELP મોકલો, અથવા આદેશ {url} પર જુઓ",
    "unknown_tag": "{brand}: ટેગ {tag}નું કોઈ ઢોર અમારા રેકોર્ડમાં નથી. નંબર તપાસી ફરી મોકલો",
    "recorded": "{brand}: તમારો SMS ડબ્બા રજિસ્ટરમાં નોંધાયો. વિગત અને પહોંચ ડેશબોર્ડ {url} પર",
    "court_order": "{brand}: ટેગ {tag} વિશે કોર્ટનો નિર્ણય તમારા ડબ્બાને લાગુ પડે છે. શું કરવું અને શું લેવું તે ડેશબોર્ડ {url} પર",
    "keeper_unapproved": "{brand}: {pound}ના TDOની મંજૂરી વગરના રખેવાળે પકડ નોંધી, ટેગ {tag}. મંજૂરી સુધી છોડી કે વેચી ન શકે (કલમ 182(1)). {url}",
}
