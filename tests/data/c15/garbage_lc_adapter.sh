#!/bin/sh
# An adapter for tests/cli/c15_alloc_lcfuzz.py: answers the hello (acp lifecycle), then a line
# that is not JSON to every other request.
while IFS= read -r line; do
    case "$line" in
    *'"op": "hello"'* | *'"op":"hello"'*)
        seq=$(printf '%s\n' "$line" | sed 's/.*"seq": *\([0-9]*\).*/\1/')
        printf '{"seq": %s, "protocol": 1, "implementation": {"name": "garbage"}, "profiles": ["acp"], "capabilities": ["acp", "acp.lifecycle"]}\n' "$seq"
        ;;
    *) echo "this is not JSON" ;;
    esac
done
