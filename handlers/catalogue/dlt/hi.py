"""Hindi SMS as registered on a DLT portal (SPEC 12.3; handlers/dlt/wording.py says which key
is sent as which). Unicode templates: 70 characters a part, 67 in a longer message. Words as
WORDING.md fixes them (कांजी हाउस, छुड़ाएं, नीलामी, जमानत, कोर्ट (मजिस्ट्रेट)); "." not "।"."""

MONTHS = ("जन", "फर", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अग", "सित", "अक्टू", "नव", "दिस")

TEMPLATES = {
    "seizure_alert": "{brand}: टैग {tag} का पशु {pound} कांजी हाउस में. आज रु.{amount}. पकड़ से 7 दिन में छुड़ाएं, "
                     "फिर नीलामी. अवैध पकड़? कोर्ट में 10 दिन में शिकायत, धारा 188",
    "claim_reminder": "{brand}: टैग {tag}, आज रु.{amount}. {deadline} तक छुड़ा लें",
    "auction": "{brand}: नीलामी {when}, {place} में. पहले पशु छुड़ा लें",
    "release_receipt": "{brand}: रसीद {receipt}, टैग {tag} का पशु वापस. कुल दिए रु.{total}",
    "release_protest": "{brand}: रसीद {receipt}, टैग {tag} आपत्ति के साथ वापस. जमा रु.{total}, धारा 185(2)",
    "surplus": "{brand}: टैग {tag} नीलामी में बिका. मालिक की बची राशि रु.{surplus}: {deadline} तक पंचायत में "
               "मालिक होने का सबूत दें, धारा 186(1)",
    "surplus_none": "{brand}: टैग {tag} नीलामी में रु.{proceeds} में बिका. शुल्क और खर्च में सब गया, कुछ नहीं बचा, "
                    "धारा 186(1)",
    "surplus_reminder": "{brand}: टैग {tag} की बिक्री की बची राशि रु.{surplus}, {deadline} तक मालिक की. फिर ग्राम "
                        "निधि में जाएगी, धारा 186(1)",
    "protest_reminder": "{brand}: टैग {tag} आपत्ति के साथ वापस. शिकायत की हो तो पंचायत को बताएं, वरना {deadline} "
                        "से जमानत देनी होगी, धारा 185(3)",
    "deposit_forfeited": "{brand}: आपकी जमानत रु.{amount} ({day} की) में से रु.{forfeited} जब्त: 6 महीने में पशु "
                         "फिर पकड़ा गया, धारा 189(2)",
    "deposit_refundable": "{brand}: आपकी जमानत रु.{amount} ({day} की) अब वापस मिल सकती है. पंचायत में आवेदन करें, "
                          "धारा 189(2)",
    "security_due": "{brand}: टैग {tag}, 4 हफ्ते में शिकायत नहीं. कांजी हाउस में जमानत रु.{amount} दें और मालिकाना "
                    "घोषणा-पत्र भरें, वरना पशु फिर पकड़ा जाएगा, धारा 185(3)",
    "security_due_keeper": "{brand}: टैग {tag} आपत्ति के साथ वापस, 4 हफ्ते {deadline} को पूरे. घोषणा-पत्र और "
                           "जमानत रु.{amount} मांगें, वरना फिर पकड़ें, धारा 185(3)",
    "surplus_paid": "{brand}: टैग {tag} की नीलामी की बची राशि रु.{amount} दी, तारीख {paid_on}, धारा 186(1). यह SMS "
                    "रसीद के रूप में रखें",
    "deposit_refunded": "{brand}: जमानत रु.{amount} ({day} की) {paid_on} को लौटाई, धारा 189(2). यह SMS रसीद के "
                        "रूप में रखें",
    "complaint_upheld": "{brand}: कोर्ट ने टैग {tag} की पकड़ अवैध मानी, धारा 188. पकड़ने वाला मुआवजा रु.{comp} "
                        "और दिए रु.{fees} देगा",
    "complaint_dismissed": "{brand}: कोर्ट ने टैग {tag} की शिकायत खारिज की: पकड़ वैध, धारा 188",
    "register_copy": "{brand}: {pound} कांजी हाउस रजिस्टर, प्रविष्टि सं.{entries}, {seized_at} को आपके लाए पशु. "
                     "यह SMS प्रति के रूप में रखें",
    "removal_order": "{brand}: मामलतदार का आदेश सं.{order}, धारा 190: अपने पशु {deadline} तक {place} ले जाएं, "
                     "वरना पुलिस हटाएगी और जुर्माना हो सकता है",
    "keeper_digest": "{brand}: {pound} कांजी हाउस में आज {count} पशु, आज नीलामी में {today}. टैग के लिए LIST भेजें",
    "notice_general": "{brand}: {village} ग्राम पंचायत की नई सूचना {url} पर पढ़ें, या पंचायत में पूछें",
    "notice_auction": "{brand}: कांजी हाउस के पशुओं की सार्वजनिक नीलामी {when}, {place} में. सूची {url} पर",
    "notice_meeting": "{brand}: ग्राम सभा की बैठक {when}, {place} में. बैठक की कार्यसूची {url} पर देखें",
    "missed_held": "{brand}: टैग {tag} का पशु कांजी हाउस में है, आज रु.{total}. आपके सभी पशु और राशि {url} पर",
    "missed_none": "{brand}: आज आपका कोई पशु कांजी हाउस में नहीं है.",
    "signin_code": "{brand}: डैशबोर्ड कोड {code}. {minutes} मिनट चलेगा. किसी को न दें",
    "find_held": "{brand}: टैग {tag} का पशु {pound} कांजी हाउस में. आज रु.{total}. पकड़ से 7 दिन में छुड़ाएं, फिर "
                 "नीलामी",
    "find_released": "{brand}: टैग {tag}, तारीख {date} को कांजी हाउस से वापस, अब बंद नहीं है",
    "find_sold": "{brand}: टैग {tag} नीलामी में बिका. बची राशि रु.{surplus}, {surplus_deadline} तक पंचायत से ले "
                 "सकते हैं",
    "fees": "{brand}: टैग {tag}, शुल्क, चारा और जमानत के साथ आज रु.{total}. कल रु.{total_tomorrow}",
    "on_page": "{brand}: आपके SMS का जवाब सार्वजनिक पेज {url} पर है",
    "help": "{brand}: पशु खोजने के लिए टैग नंबर भेजें, राशि के लिए FEES और टैग, सूचना के लिए STOP/START. सभी आदेश "
            "{url} पर",
    "lang": "{brand}: अब से जवाब हिंदी में आएंगे.",
    "stop": "{brand}: अब रिमाइंडर या सूचना नहीं आएगी. फिर शुरू करने के लिए START भेजें",
    "start": "{brand}: रिमाइंडर और सूचना फिर चालू. बंद करने के लिए STOP भेजें",
    "not_done": "{brand}: आपका SMS पूरा नहीं हो सका, कुछ दर्ज नहीं हुआ. HELP भेजें, या आदेश {url} पर देखें",
    "unknown_tag": "{brand}: टैग {tag} का कोई पशु हमारे रिकॉर्ड में नहीं है. नंबर जांचकर फिर भेजें",
    "recorded": "{brand}: आपका SMS कांजी हाउस रजिस्टर में दर्ज हुआ. विवरण और रसीद डैशबोर्ड {url} पर",
    "court_order": "{brand}: टैग {tag} पर अदालत का फ़ैसला आपके कांजी हाउस से जुड़ा है. क्या करना और क्या लेना है, डैशबोर्ड {url} पर",
    "keeper_unapproved": "{brand}: {pound} के TDO की मंजूरी के बिना रक्षक ने पकड़ दर्ज की, टैग {tag}. मंजूरी तक छोड़ या बेच नहीं सकता (धारा 182(1)). {url}",
}
