-- GET /bench/floor: the constant route (BENCH_FLOOR=on), the floor of this machine.
dofile("common.lua")
wrk.method = "GET"
wrk.path = "/bench/floor"
