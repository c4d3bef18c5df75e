-- GET /bench/floor/data?tag=<tag>: the data floor (BENCH_FLOOR=on), one indexed
-- SQL round trip for the facts of an owner's "find", random tags of animals in
-- the pounds. Args: tags file.
dofile("common.lua")

function init(args)
   tags = read_lines(args[1])
   math.randomseed(id * 15485863)
end

function request()
   return wrk.format("GET", "/bench/floor/data?tag=" .. tags[math.random(#tags)])
end
