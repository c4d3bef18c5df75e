-- Shared by the bench/district.py wrk scripts: one JSON line at the end with
-- throughput, latency percentiles and every kind of error, so the Python
-- driver reads numbers, not wrk's human report. Run wrk from this directory.

local threads = {}

function setup(thread)
   thread:set("id", #threads + 1)
   table.insert(threads, thread)
end

-- Lines of a data file the driver wrote (tags, ids, signed bodies).
function read_lines(path)
   local lines = {}
   for line in io.lines(path) do
      lines[#lines + 1] = line
   end
   return lines
end

function done(summary, latency, requests)
   local wrapped = 0
   for _, thread in ipairs(threads) do
      wrapped = wrapped + (thread:get("wrapped") or 0)
   end
   local e = summary.errors
   io.write(string.format(
      '\nDABBO_RESULT {"requests": %d, "duration_us": %d, "p50_us": %d, "p90_us": %d, "p99_us": %d, ' ..
      '"max_us": %d, "connect_errors": %d, "read_errors": %d, "write_errors": %d, "status_errors": %d, ' ..
      '"timeouts": %d, "wrapped": %d}\n',
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
      latency:percentile(99), latency.max, e.connect, e.read, e.write, e.status, e.timeout, wrapped))
end
