-- POST /webhooks/africastalking/ussd?token=...: the owner's "find animal by
-- tag" screen, text "1*<tag>". Args: token, tags file, phones file (URL-encoded, %2B91...),
-- run label (unique per wrk invocation), and optionally the path (bench/find_floor.py posts
-- the same steps to /bench/floor/find). Every request has its own sessionId
-- (label, thread, counter), so every one is a new step (answered and audited),
-- never the stored answer of a repeat of the warm-up or of an earlier run.
dofile("common.lua")

USSD_PATH = "/webhooks/africastalking/ussd"

function init(args)
   token, tags, phones = args[1], read_lines(args[2]), read_lines(args[3])
   run = args[4] or "run"
   path = args[5] or USSD_PATH
   math.randomseed(id * 7919 + string.byte(run, -1))
   counter = 0
end

function request()
   counter = counter + 1
   local body = "sessionId=ATUid_bench_" .. run .. "_" .. id .. "_" .. counter .. "&serviceCode=%2A384%2A1%23" ..
      "&phoneNumber=" .. phones[math.random(#phones)] ..
      "&networkCode=99999&text=1%2A" .. tags[math.random(#tags)]
   return wrk.format("POST", path .. "?token=" .. token,
                     {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
end
