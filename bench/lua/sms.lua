-- POST /webhooks/twilio/sms: a signed "FEES <tag>" per request, each with its
-- own MessageSid (the webhook answers a repeated MessageSid from storage).
-- Args: file of "<X-Twilio-Signature>\t<form body>" lines written by the
-- driver, thread count N, first line (default 0: each round of the driver
-- starts further on). Thread n of N takes lines n, n+N, ...; running out wraps around
-- (then repeats are deduplicated: `wrapped` in the result says it happened).
dofile("common.lua")

function init(args)
   bodies = read_lines(args[1])
   step = tonumber(args[2] or "1")
   first = tonumber(args[3] or "0")
   index = first + id
   wrapped = 0
end

function request()
   if index > #bodies then
      index = id
      wrapped = wrapped + 1
   end
   local signature, body = bodies[index]:match("^([^\t]+)\t(.*)$")
   index = index + step
   return wrk.format("POST", "/webhooks/twilio/sms",
                     {["Content-Type"] = "application/x-www-form-urlencoded",
                      ["X-Twilio-Signature"] = signature}, body)
end
