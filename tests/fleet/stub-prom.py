#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A Prometheus that misbehaves, on 127.0.0.1:PORT, for fleet.test.sh and
bench/fleet.sh: MODE hang (accepts, never answers), endless (200 and a
body that never ends), answer STATUS FILE (every request answered with
FILE's bytes and HTTP STATUS). LOG is created once it listens; every
connection accepted adds a line to it (what the gate sent, so a test
can say no query was sent)."""
import socket
import sys
import threading


def request(conn):
    """The request's head and body (POST, Content-Length), or what came."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            want = int(line.split(b":")[1])
            while len(body) < want:
                chunk = conn.recv(65536)
                if not chunk:
                    break
                body += chunk
    return head + b"\r\n\r\n" + body


def serve(conn, mode, args, log):
    with conn:
        got = request(conn)
        with open(log, "ab") as f:
            f.write(got.replace(b"\r\n", b" ").replace(b"\n", b" ") + b"\n")
        if mode == "hang":
            threading.Event().wait()
        if mode == "endless":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                         b"Connection: close\r\n\r\n{\"status\":\"success\",\"data\":[")
            chunk = b"0," * 32768
            try:
                while True:
                    conn.sendall(chunk)
            except OSError:
                return
        status, path = args
        with open(path, "rb") as f:
            body = f.read()
        conn.sendall(b"HTTP/1.1 %s X\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\nConnection: close\r\n\r\n"
                     % (status.encode(), len(body)) + body)


def main():
    port, log, mode, args = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(64)
    open(log, "wb").close()
    while True:
        conn, _ = s.accept()
        threading.Thread(target=serve, args=(conn, mode, args, log),
                         daemon=True).start()


if __name__ == "__main__":
    main()
