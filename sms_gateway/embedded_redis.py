"""A stand-in Redis for `make run` on a machine without one (fakeredis's TCP
server). Demo use only: it keeps nothing on disk and is single-process."""
from fakeredis import TcpFakeServer

if __name__ == "__main__":
    server = TcpFakeServer(("127.0.0.1", 6379), server_type="redis")
    server.serve_forever()
