"""A small example implementation for adapter.py: the socket profile (JSON over Unix sockets,
docs/profiles/socket.md) and its lifecycle model (docs/lifecycle/socket.md), written from those
two pages in plain Python. It claims "socket" and "socket.lifecycle" without "codes" for
messages (verdicts only: it does not name amc's reader codes), and reports the lifecycle codes
(LC_SOCKET_*) that scenarios compare. `amc conform --profile socket --impl 'python3 adapter.py'`
scores it 100% of what it claims.

This is what your implementation looks like to adapter.py: a module with describe(), validate(),
lifecycle(), reset() (and optionally configure() and stop()). Replace it with your own.
"""
import json
import re

# ---------------------------------------------------------------- describe (hello)


def describe():
    return {
        "name": "example-socket-py",
        "version": "1.0",
        "language": "Python",
        "homepage": "",
        "profiles": ["socket"],
        "capabilities": ["socket", "socket.lifecycle"],
    }


# ---------------------------------------------------------------- validate


class Invalid(Exception):
    """The message breaks a MUST rule (the verdict is "invalid")."""


def _no_constants(name):
    raise Invalid(f"{name} is not JSON")


def _no_duplicates(pairs):
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise Invalid(f"duplicate key {k!r}")
        obj[k] = v
    return obj


def _no_lone_surrogates(v):
    if isinstance(v, str):
        v.encode("utf-8")  # a lone surrogate escape (\ud800) cannot be encoded
    elif isinstance(v, list):
        for x in v:
            _no_lone_surrogates(x)
    elif isinstance(v, dict):
        for k, x in v.items():
            _no_lone_surrogates(k)
            _no_lone_surrogates(x)


MAX_DEPTH = 128  # amc's default nesting limit (LIMIT_DEPTH): deeper input is refused


def _depth(text):
    """The deepest nesting of arrays and objects in text (strings skipped), without recursion:
    json.loads recurses once per level and would raise RecursionError on deep input."""
    depth = deepest = 0
    in_str = escaped = False
    for ch in text:
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse(data):
    """One strict RFC 8259 JSON text in UTF-8, without a BOM (SOCKET-DOC-001, -FRAME-001/002),
    nested at most MAX_DEPTH deep."""
    if data.startswith(b"\xef\xbb\xbf"):
        raise Invalid("byte order mark")
    try:
        text = data.decode("utf-8")
        if _depth(text) > MAX_DEPTH:
            raise Invalid(f"nested deeper than {MAX_DEPTH} levels")
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
        _no_lone_surrogates(value)
    except (UnicodeError, ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError
        raise Invalid(str(e))
    return value


def _string(obj, key, required):
    if key not in obj:
        if required:
            raise Invalid(f"no {key}")
        return
    if not isinstance(obj[key], str):
        raise Invalid(f"{key} is not a string")


WORKER_STATES = {"idle", "busy", "unknown", "unreachable", "stopped"}


def check(msg):
    """The MUST rules of the catalog; SHOULD rules (id format, from, state/current_task) only
    warn in amc and do not change the verdict, so this example leaves them out."""
    if not isinstance(msg, dict):
        raise Invalid("not an object")  # SOCKET-MSG-001
    kind = msg.get("type")
    if kind == "task":  # SOCKET-TASK-001, SOCKET-ID-001
        _string(msg, "id", False)
        _string(msg, "from", False)
        payload = msg.get("payload")
        if not isinstance(payload, dict):
            raise Invalid("payload is not an object")
        _string(payload, "instruction", True)
        _string(payload, "project_dir", False)
    elif kind == "result":  # SOCKET-RESULT-001/002, SOCKET-ID-001
        _string(msg, "id", True)
        _string(msg, "from", True)
        if msg.get("status") not in ("success", "error", "partial_error"):
            raise Invalid("bad status")
        payload = msg.get("payload")
        if not isinstance(payload, dict):
            raise Invalid("payload is not an object")
        _string(payload, "output", True)
        _string(payload, "summary", True)
        sender = msg["from"]
        if sender == "yadoran" and msg["status"] not in ("success", "partial_error"):
            raise Invalid("the manager's result status is success or partial_error")
        if re.fullmatch(r"yadon-[0-9]+", sender) and msg["status"] not in ("success", "error"):
            raise Invalid("a worker's result status is success or error")
    elif kind == "status":  # SOCKET-STATUS-001
        _string(msg, "from", False)
    elif kind == "status_response":  # SOCKET-SR-001, SOCKET-ID-001
        _string(msg, "from", True)
        if msg.get("state") not in ("idle", "busy"):
            raise Invalid("bad state")
        if "current_task" not in msg or not (msg["current_task"] is None or isinstance(msg["current_task"], str)):
            raise Invalid("current_task is not a string or null")
        workers = msg.get("workers", {})
        if not isinstance(workers, dict) or any(v not in WORKER_STATES for v in workers.values()):
            raise Invalid("bad workers")
    elif kind == "error":  # SOCKET-ERROR-001
        _string(msg, "from", True)
        _string(msg, "message", True)
    else:
        raise Invalid(f"unknown type {kind!r}")  # SOCKET-MSG-001


def validate(req):
    """req.files: the input(s) (File: .name, .data bytes, .path on disk). One message each."""
    try:
        for f in req.files:
            check(parse(f.data))
    except Invalid as e:
        return {"verdict": "invalid", "x-reason": str(e)}
    return {"verdict": "valid"}


# ---------------------------------------------------------------- lifecycle

PHASES = ["implement", "docs", "review"]
CODE = {
    "SOCKET-LC-001": "LC_SOCKET_PHASE_ORDER",
    "SOCKET-LC-002": "LC_SOCKET_PHASE_OPEN",
    "SOCKET-LC-003": "LC_SOCKET_TRANSITION",
    "SOCKET-LC-004": "LC_SOCKET_WORKER_BUSY",
    "SOCKET-LC-005": "LC_SOCKET_STATUS_MISMATCH",
    "SOCKET-LC-006": "LC_SOCKET_RESULT",
    "SOCKET-LC-007": "LC_SOCKET_TERMINAL",
    "SOCKET-LC-008": "LC_SOCKET_UNFINISHED",
}
RFC3339 = re.compile(r"(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})")


class Rejected(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def _millis(t):
    """An event's t: epoch milliseconds, or an RFC 3339 date-time with offset."""
    import datetime
    if isinstance(t, bool):
        raise Rejected("LC_EVENT_INVALID")
    if isinstance(t, int):
        return t
    if isinstance(t, str) and RFC3339.fullmatch(t):
        s = t.upper().replace("Z", "+00:00").replace(" ", "T")
        return int(datetime.datetime.fromisoformat(s).timestamp() * 1000)
    raise Rejected("LC_EVENT_INVALID")


class Model:
    def __init__(self):
        self.tasks = {}  # id -> {"state", "phase", "open", "failed"}
        self.subs = {}  # id -> {"task", "worker", "done"}
        self.workers = {}  # name -> "busy" | "idle" (workers that had a sub-task)
        self.busy = {}
        self.now = 0

    def _arg(self, e, key, allowed=None):
        v = e.get(key)
        if not isinstance(v, str) or (allowed is not None and v not in allowed):
            raise Rejected("LC_EVENT_INVALID")
        return v

    def _open_task(self, task):
        t = self.tasks.get(task)
        if t is None:
            raise Rejected(CODE["SOCKET-LC-003"])
        if t["state"] == "answered":
            raise Rejected(CODE["SOCKET-LC-007"])
        return t

    def step(self, e):
        kind = e.get("event")
        if kind not in ("task", "phase", "dispatch", "sub_result", "status", "result"):
            raise Rejected("LC_EVENT_INVALID")
        t = _millis(e["t"]) if "t" in e else self.now
        if kind != "sub_result" and kind != "status":
            task = self._arg(e, "task")
        if kind in ("dispatch", "sub_result"):
            sub = self._arg(e, "sub")
        if kind in ("dispatch", "status"):
            worker = self._arg(e, "worker")
        if kind == "phase":
            phase = PHASES.index(self._arg(e, "phase", PHASES))
        if kind == "status":
            busy = self._arg(e, "state", ("idle", "busy")) == "busy"
        if kind == "result":
            ok = self._arg(e, "status", ("success", "partial_error")) == "success"
        if kind == "sub_result":
            ok = self._arg(e, "status") == "success"
        if t < self.now:
            raise Rejected("LC_TIME_BACKWARDS")
        if kind == "task":
            if task in self.tasks:
                raise Rejected(CODE["SOCKET-LC-007"])
            self.tasks[task] = {"state": "open", "phase": -1, "open": 0, "failed": False}
        elif kind == "phase":
            tk = self._open_task(task)
            if phase <= tk["phase"]:
                raise Rejected(CODE["SOCKET-LC-001"])
            if tk["open"]:
                raise Rejected(CODE["SOCKET-LC-002"])
            tk["phase"] = phase
        elif kind == "dispatch":
            tk = self._open_task(task)
            if tk["phase"] < 0 or sub in self.subs:
                raise Rejected(CODE["SOCKET-LC-003"])
            if self.busy.get(worker):
                raise Rejected(CODE["SOCKET-LC-004"])
            self.subs[sub] = {"task": task, "worker": worker, "done": False}
            self.busy[worker] = True
            self.workers[worker] = "busy"
            tk["open"] += 1
        elif kind == "sub_result":
            s = self.subs.get(sub)
            if s is None or s["done"]:
                raise Rejected(CODE["SOCKET-LC-003"])
            s["done"] = True
            self.busy[s["worker"]] = False
            self.workers[s["worker"]] = "idle"
            tk = self.tasks[s["task"]]
            tk["open"] -= 1
            tk["failed"] = tk["failed"] or not ok
        elif kind == "status":
            if bool(self.busy.get(worker)) != busy:
                raise Rejected(CODE["SOCKET-LC-005"])
        elif kind == "result":
            tk = self._open_task(task)
            if tk["open"] or ok == tk["failed"]:
                raise Rejected(CODE["SOCKET-LC-006"])
            tk["state"] = "answered"
        self.now = t

    def state(self):
        return {
            "tasks": {k: {"state": v["state"], "phase": PHASES[v["phase"]] if v["phase"] >= 0 else "none",
                          "open": v["open"], "failed": v["failed"]} for k, v in self.tasks.items()},
            "workers": dict(self.workers),
            "t": self.now,
        }

    def finish(self):
        unfinished = any(v["state"] == "open" for v in self.tasks.values()) or \
            any(not s["done"] for s in self.subs.values())
        return [CODE["SOCKET-LC-008"]] if unfinished else []


def lifecycle(req):
    """req.events: the scenario's events in order. One result per event, then the final one."""
    model = Model()
    states = []
    for e in req.events:
        try:
            model.step(e)
            states.append({"accepted": True, "codes": [], "state": model.state()})
        except Rejected as r:
            states.append({"accepted": False, "codes": [r.code], "state": model.state()})
    # SOCKET-LC-008 is a SHOULD rule: a warning, so the end is still accepted
    return {"states": states, "final": {"accepted": True, "codes": model.finish(), "state": model.state()}}


def reset():
    pass  # nothing is kept between requests
