-- POST /webhooks/africastalking/ussd?token=...: the owner's "find animal by
-- tag" screen, text "1*<tag>". Args: token, tags file, phones file (URL-encoded, %2B91...). Every
-- request has its own sessionId, so every one is a new step (answered and
-- audited), never the stored answer of a repeat.
dofile("common.lua")

function init(args)
   token, tags, phones = args[1], read_lines(args[2]), read_lines(args[3])
   math.randomseed(id * 7919)
   counter = 0
end

function request()
   counter = counter + 1
   local body = "sessionId=ATUid_bench_" .. id .. "_" .. counter .. "&serviceCode=%2A384%2A1%23" ..
      "&phoneNumber=" .. phones[math.random(#phones)] ..
      "&networkCode=99999&text=1%2A" .. tags[math.random(#tags)]
   return wrk.format("POST", "/webhooks/africastalking/ussd?token=" .. token,
                     {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
end
