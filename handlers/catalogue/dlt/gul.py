"""Gujarati in Latin letters as registered on a DLT portal (SPEC 12.3; handlers/dlt/wording.py
says which key is sent as which). Text (GSM-7) templates, spellings as in gul.py."""

MONTHS = ("Jan", "Feb", "March", "April", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec")

TEMPLATES = {
    "seizure_alert": "{brand}: tag {tag}nu dhor {pound} dabbama. Aaje Rs {amount}. 7 divasma chhodavo, pachhi haraji. "
                     "Gerkayde pakad? Courtma 10 divasma fariyad, kalam 188",
    "claim_reminder": "{brand}: tag {tag}, aaje Rs {amount}. {deadline} sudhi chhodavo, pachhi haraji.",
    "auction": "{brand}: dabbana dhorni haraji {when}, {place}ma. Te pahela chhodavi lo.",
    "release_receipt": "{brand}: pahonch {receipt}, tag {tag}nu dhor parat. Kul bharya Rs {total}.",
    "release_protest": "{brand}: pahonch {receipt}, tag {tag} vandha sathe parat. Jama Rs {total}, kalam 185(2).",
    "surplus": "{brand}: tag {tag} harajima vechayu. Malikni bacheli rakam Rs {surplus}: {deadline} sudhi "
               "panchayatma malikino purav aapo, kalam 186(1)",
    "surplus_none": "{brand}: tag {tag} harajima Rs {proceeds}ma vechayu. Fee ane kharchma badhu gayu, kai bachyu "
                    "nathi, kalam 186(1)",
    "surplus_reminder": "{brand}: tag {tag}na vechanni bacheli rakam Rs {surplus}, {deadline} sudhi malikni. Pachhi "
                        "gram bhandolma jashe, kalam 186(1)",
    "protest_reminder": "{brand}: tag {tag} vandha sathe parat. Fariyad kari hoy to panchayatne janavo, nahi to "
                        "{deadline}thi deposit bharvi padshe, kalam 185(3)",
    "deposit_forfeited": "{brand}: tamari deposit Rs {amount} ({day}ni)mathi Rs {forfeited} japt: 6 mahinama dhor "
                         "fari pakdayu, kalam 189(2)",
    "deposit_refundable": "{brand}: tamari deposit Rs {amount} ({day}ni) have pachhi male. Panchayatma arji karo, "
                          "kalam 189(2)",
    "security_due": "{brand}: tag {tag}, 4 athvadiyama fariyad nathi. Dabbe deposit Rs {amount} bharo ane "
                    "malikinu ekrarnamu aapo, nahi to dhor fari pakdashe, kalam 185(3)",
    "security_due_keeper": "{brand}: tag {tag} vandha sathe parat, 4 athvadiya {deadline}e pura. Ekrarnamu ane "
                           "deposit Rs {amount} mango, nahi to fari pakdo, kalam 185(3)",
    "surplus_paid": "{brand}: tag {tag}ni harajini bacheli rakam Rs {amount}, ta.{paid_on}e chukvi, kalam 186(1). Aa "
                    "SMS pahonch tarike rakho",
    "deposit_refunded": "{brand}: deposit Rs {amount} ({day}ni) {paid_on}e pachhi aapi, kalam 189(2). Aa SMS "
                        "pahonch tarike rakho",
    "complaint_upheld": "{brand}: courte tag {tag}ni pakad gerkayde thervi, kalam 188. Pakadnar valtar Rs {comp} "
                        "ane bharel Rs {fees} chukavshe",
    "complaint_dismissed": "{brand}: courte tag {tag}ni fariyad namanjur kari: pakad kaydesar, kalam 188",
    "register_copy": "{brand}: {pound} dabbanu register, nondh no. {entries}, {seized_at}e tame laavel dhor. Aa "
                     "SMS nakal tarike rakho",
    "removal_order": "{brand}: Mamlatdarno hukam no. {order}, kalam 190: tamara dhor {deadline} sudhi {place} "
                     "khasedo, nahi to police khasedshe ane dand thai shake",
    "keeper_digest": "{brand}: {pound} dabbama aaje {count} dhor, aaje harajima {today}. Tag mate LIST moklo",
    "notice_general": "{brand}: {village} gram panchayatni navi suchna {url} par vancho, athva panchayatma puchho",
    "notice_auction": "{brand}: dabbana dhorni jaher haraji {when}, {place}ma. Yadi {url} par",
    "notice_meeting": "{brand}: gram sabhani bethak {when}, {place}ma. Bethakni karyasuchi {url} par juo",
    "missed_held": "{brand}: tag {tag}nu dhor dabbama chhe, aaje Rs {total}. Tamara badha dhor ane rakam {url} par",
    "missed_none": "{brand}: aaje tamaru koi dhor dabbama nathi.",
    "signin_code": "{brand}: dashboard code {code}. {minutes} minute chalshe. Koine aapsho nahi",
    "find_held": "{brand}: tag {tag}nu dhor {pound} dabbama. Aaje Rs {total}. Pakadthi 7 divasma chhodavo, "
                 "pachhi haraji",
    "find_released": "{brand}: tag {tag}, ta.{date}e dabbamathi parat, have dabbama nathi",
    "find_sold": "{brand}: tag {tag} harajima vechayu. Bacheli rakam Rs {surplus}, {surplus_deadline} sudhi "
                 "panchayatmathi lai shakay",
    "fees": "{brand}: tag {tag}, fee, charo ane deposit sathe aaje Rs {total}. Kale Rs {total_tomorrow}",
    "on_page": "{brand}: tamara SMSno javab jaher pana {url} par chhe",
    "help": "{brand}: dhor shodhva tag number moklo, rakam mate FEES ane tag, suchna mate STOP/START. Badha aadesh "
            "{url} par",
    "lang": "{brand}: havethi javab Gujarati (English aksharma) aavshe.",
    "stop": "{brand}: have reminder ke suchna nahi aave. Fari sharu karva START moklo",
    "start": "{brand}: reminder ane suchna fari chalu. Bandh karva STOP moklo",
    "not_done": "{brand}: tamaro SMS thai shakyo nahi, kai nondhayu nathi. HELP moklo, athva aadesh {url} par juo",
    "unknown_tag": "{brand}: tag {tag}nu koi dhor amara recordma nathi. Number tapasi fari moklo",
    "recorded": "{brand}: tamaro SMS dabba registerma nondhayo. Vigat ane pahonch dashboard {url} par",
    "court_order": "{brand}: tag {tag} vishe courtno nirnay tamara dabbane lagu pade chhe. Shu karvu ane shu levu te dashboard {url} par",
    "keeper_unapproved": "{brand}: {pound}na TDOni manjuri vagarna rakhewale pakad nondhi, tag {tag}. Manjuri sudhi chhodi ke vechi na shake (kalam 182(1)). {url}",
}
