#!/usr/bin/env python3
"""An adapter for tests/cli/lead_adapter_toolong.py: answers the hello (profile acp), then
answers the first validate with a line of MIB MiB (default 257: more than amc reads of one
reply, 256 MiB) and stops.

usage: toolong_adapter.py [MIB]"""
import json
import sys

MIB = int(sys.argv[1]) if len(sys.argv) > 1 else 257

for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") == "hello":
        sys.stdout.write(json.dumps({"seq": req["seq"], "protocol": 1,
                                     "implementation": {"name": "toolong"},
                                     "profiles": ["acp"], "capabilities": ["acp"]}) + "\n")
        sys.stdout.flush()
        continue
    chunk = b"a" * (1 << 20)
    try:
        for _ in range(MIB):
            sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.write(b"\n")
        sys.stdout.flush()
    except BrokenPipeError:  # amc stopped reading at 256 MiB and stopped the adapter
        pass
    break
