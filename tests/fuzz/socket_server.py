#!/usr/bin/env python3
"""A socket-protocol server for tests/fuzz/run_planted.py (stdlib only).

usage: socket_server.py MODE PATH [AMC]
Serves PATH (a Unix socket) the way the protocol's public implementation does (ida29/yadon-agents
agent/base.py handle_connection: read to EOF, json.loads, one reply, close), without running
anything:
  loads   decides with Python's json.loads, like that implementation: NaN, duplicate keys and
          lone surrogates are accepted, a task needs no instruction (the lenient server)
  amc     decides with `AMC validate --profile socket -` (a correct server)
  reset   closes every connection at once without reading it (the client's request is lost:
          it sees a reset connection or a broken pipe, never a reply)
Replies: task -> result, status -> status_response, anything refused -> error.
"""
import json
import os
import socket
import subprocess
import sys

mode, path = sys.argv[1], sys.argv[2]
amc = sys.argv[3] if len(sys.argv) > 3 else None


def reply_for(data):
    if mode == "amc":
        p = subprocess.run([amc, "validate", "--profile", "socket", "-"], input=data,
                           capture_output=True)
        if p.returncode != 0:
            return {"type": "error", "from": "test", "message": "invalid"}
    try:
        msg = json.loads(data.decode("utf-8"))
    except Exception as e:  # the implementation answers every failure with an error reply
        return {"type": "error", "from": "test", "message": str(e)}
    if not isinstance(msg, dict):
        return {"type": "error", "from": "test", "message": "not an object"}
    t = msg.get("type", "")
    if t == "task":
        if not isinstance(msg.get("payload"), dict):
            return {"type": "error", "from": "test", "message": "payload"}
        return {"type": "result", "id": str(msg.get("id", "unknown")), "from": "test",
                "status": "success", "payload": {"output": "", "summary": ""}}
    if t == "status":
        return {"type": "status_response", "from": "test", "state": "idle", "current_task": None}
    return {"type": "error", "from": "test", "message": "unknown type"}


if os.path.exists(path):
    os.unlink(path)
srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
srv.bind(path)
srv.listen(16)
while True:
    conn, _ = srv.accept()
    if mode == "reset":
        conn.close()
        continue
    with conn:
        chunks = []
        while True:
            b = conn.recv(65536)
            if not b:
                break
            chunks.append(b)
        try:
            conn.sendall(json.dumps(reply_for(b"".join(chunks)), ensure_ascii=False).encode())
        except OSError:
            pass
