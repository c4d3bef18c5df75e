-- USSD "find animal" steps (ussd.lua's) with one GET of `page` every `every` requests:
-- a page that reads in a transaction and ends without a commit, as the public pages and
-- the readiness probe do. Args: ussd.lua's four (token, tags file, phones file, run label),
-- then page and every.
dofile("ussd.lua")

local ussd_init, ussd_request = init, request

function init(args)
   ussd_init(args)
   path = USSD_PATH   -- the fifth argument here is the page, not ussd.lua's path
   page, every = args[5], tonumber(args[6])
end

function request()
   if (counter + 1) % every == 0 then
      counter = counter + 1
      return wrk.format("GET", page)
   end
   return ussd_request()
end
