-- USSD "find animal" steps (as ussd.lua) with one GET of `page` every `every` requests:
-- a page that reads in a transaction and ends without a commit, as the public pages and
-- the readiness probe do. Args: token, tags file, phones file, run label, page, every.
dofile("common.lua")

function init(args)
   token, tags, phones = args[1], read_lines(args[2]), read_lines(args[3])
   run, page, every = args[4] or "run", args[5], tonumber(args[6])
   math.randomseed(id * 7919 + string.byte(run, -1))
   counter = 0
end

function request()
   counter = counter + 1
   if counter % every == 0 then
      return wrk.format("GET", page)
   end
   local body = "sessionId=ATUid_bench_" .. run .. "_" .. id .. "_" .. counter .. "&serviceCode=%2A384%2A1%23" ..
      "&phoneNumber=" .. phones[math.random(#phones)] ..
      "&networkCode=99999&text=1%2A" .. tags[math.random(#tags)]
   return wrk.format("POST", "/webhooks/africastalking/ussd?token=" .. token,
                     {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
end
