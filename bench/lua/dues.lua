-- GET /api/v1/impoundments/<id>/dues with the admin bearer token, for random
-- impoundments of the whole year (open, released and sold alike).
-- Args: admin token, highest impoundment id.
dofile("common.lua")

function init(args)
   token, highest = args[1], tonumber(args[2])
   math.randomseed(id * 104729)
end

function request()
   return wrk.format("GET", "/api/v1/impoundments/" .. math.random(highest) .. "/dues",
                     {["Authorization"] = "Bearer " .. token})
end
