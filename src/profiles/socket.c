/*
 * socket.c - the socket profile: one JSON message per Unix-socket connection (requests task and
 * status; replies result, status_response and error).
 *
 * Authority: the socket-protocol skill (ida29/yadon-agents .claude/skills/socket-protocol/
 * SKILL.md; docs/protocols.md); facts from
 * ida29/yadon-agents at 078b5a1 (infra/protocol.py, agent/base.py, agent/worker.py,
 * agent/manager.py, domain/messages.py). Catalog, framing facts and decisions:
 * docs/profiles/socket.md; rules in rules_socket.def. Seed sections implemented: メッセージ形式,
 * タスク送信, タスク結果, ステータス照会 / 応答, and the framing of the introduction (JSON over a
 * Unix socket, one request and one reply per connection).
 *
 * Decisions (each in docs/profiles/socket.md with a fixture):
 *   - Order: BOM check on the raw bytes (SOCKET_BOM, an error; the reader's JSON_BOM warning is
 *     dropped), then the strict JSON reader (any reader error ends the input: SOCKET-DOC-001,
 *     JSON_TRAILING_GARBAGE is SOCKET-FRAME-002), then the message rule (object, known type),
 *     then the schema of that type (the profile picks it from `type`, never from outside), then
 *     the semantic rules on the parsed object whatever the schema said.
 *   - Schema failures at /id or /current_task are SOCKET-ID-001 (SOCKET_ID_TYPE); every other
 *     failure is the rule of the type's schema (its root $comment tag).
 *   - error is a message type (the implementation sends it). Result status role: 'yadoran' =
 *     manager (success | partial_error), 'yadon-<digits>' = worker (success | error), other
 *     senders unchecked. Id format: see id_format_ok. state/current_task agreement is SHOULD.
 *   - Detection scores only a parsed object whose type is one of the five and whose members are
 *     all members of socket messages, so mailbox envelopes (msg_id, sender_id, ...), ACP
 *     envelopes (message_type) and discussion messages are never taken. Unparsable bytes are
 *     not detected (auto reports PROFILE_UNDETECTED; --profile socket gives the reader's codes):
 *     a byte scan would take generic bad JSON such as examples/bad/nan.json.
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "profiles/profile_int.h"

#define SCHEMA_BASE "https://amc.dev/schemas/socket/"

/*
 * Framing facts for a later live check (`amc probe --socket PATH`) and transcript readers; the
 * same facts as docs/profiles/socket.md "Framing". Read from infra/protocol.py and
 * agent/base.py of the implementation.
 */
typedef struct amc_socket_framing_fact {
    const char *key;
    const char *value;
} amc_socket_framing_fact;

extern const amc_socket_framing_fact amc_socket_framing[];
const amc_socket_framing_fact amc_socket_framing[] = {
    {"transport", "AF_UNIX SOCK_STREAM; agent sockets /tmp/{prefix}-agent-{name}.sock"},
    {"exchange", "one request, one reply, one connection; client shutdown(SHUT_WR) after the "
                 "request, server replies then closes; client reads to EOF"},
    {"length_prefix", "none"},
    {"delimiter", "none: the document ends at EOF"},
    {"documents_per_connection", "1 (a second document: JSON_TRAILING_GARBAGE)"},
    {"trailing_newline", "not sent, not required, tolerated"},
    {"encoding", "strict UTF-8, no BOM (SOCKET_BOM), no NaN/Infinity, no duplicate keys"},
    {"reply_bytes", "json.dumps(ensure_ascii=False): ', ' and ': ' separators, raw UTF-8"},
    {"recv_chunk", "65536"},
    {"status_timeout_s", "5"},
    {"task_timeout_s", "600"},
    {"connection_timeout_s", "600"},
    {NULL, NULL}};

typedef struct kind {
    const char *type, *schema, *rule;
} kind;

static const kind kinds[] = {
    {"task", SCHEMA_BASE "task.schema.json", "SOCKET-TASK-001"},
    {"result", SCHEMA_BASE "result.schema.json", "SOCKET-RESULT-001"},
    {"status", SCHEMA_BASE "status.schema.json", "SOCKET-STATUS-001"},
    {"status_response", SCHEMA_BASE "status_response.schema.json", "SOCKET-SR-001"},
    {"error", SCHEMA_BASE "error.schema.json", "SOCKET-ERROR-001"},
};
#define N_KINDS (sizeof kinds / sizeof kinds[0])

static bool str_is(const amc_value *v, const char *s)
{
    size_t n = strlen(s);
    return v && v->type == AMC_T_STRING && v->u.str.len == n && !memcmp(v->u.str.ptr, s, n);
}

static const kind *kind_of(const amc_value *type)
{
    size_t i = 0;
    for (i = 0; i < N_KINDS; i++)
        if (str_is(type, kinds[i].type))
            return &kinds[i];
    return NULL;
}

static bool digits(const char *s, size_t n)
{
    size_t i = 0;
    for (i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static int num(const char *s, size_t n)
{
    int r = 0;
    size_t i = 0;
    for (i = 0; i < n; i++)
        r = r * 10 + (s[i] - '0');
    return r;
}

/* task-YYYYMMDD-HHMMSS-xxxx with a calendar date, a time of day (second 60 allowed) and four
 * lower-case hex digits. */
static bool canonical_base(const char *s, size_t n)
{
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int y = 0, m = 0, d = 0, dim = 0;
    size_t i = 0;
    if (n != 25 || memcmp(s, "task-", 5) || s[13] != '-' || s[20] != '-')
        return false;
    if (!digits(s + 5, 8) || !digits(s + 14, 6))
        return false;
    for (i = 21; i < 25; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
    y = num(s + 5, 4);
    m = num(s + 9, 2);
    d = num(s + 11, 2);
    if (m < 1 || m > 12 || d < 1)
        return false;
    dim = mdays[m - 1];
    if (m == 2 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        dim = 28;
    if (d > dim)
        return false;
    return num(s + 14, 2) <= 23 && num(s + 16, 2) <= 59 && num(s + 18, 2) <= 60;
}

/* defs.schema.json#/$defs/canonicalTaskId plus the calendar check: a base (canonical or
 * 'unknown'), optionally followed by -<phase>-sub<N> (phase: one or more characters other than
 * line terminators, N >= 1 without leading zero). */
static bool id_format_ok(const char *s, size_t n)
{
    size_t base = 0, i = 0, k = 0;
    if (n >= 25 && canonical_base(s, 25))
        base = 25;
    else if (n >= 7 && !memcmp(s, "unknown", 7))
        base = 7;
    else
        return false;
    if (n == base)
        return true;
    /* suffix: '-' phase '-sub' N */
    if (s[base] != '-')
        return false;
    k = n;
    while (k > base && s[k - 1] >= '0' && s[k - 1] <= '9')
        k--;
    if (k == n || s[k] == '0')
        return false;
    if (k < base + 1 + 1 + 4 || memcmp(s + k - 4, "-sub", 4))
        return false;
    for (i = base + 1; i < k - 4; i++)
        if (s[i] == '\n' || s[i] == '\r' ||
            (i + 2 < k - 4 && (unsigned char)s[i] == 0xE2 && (unsigned char)s[i + 1] == 0x80 &&
             ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9)))
            return false;
    return true;
}

static bool worker_name(const amc_value *from)
{
    return from && from->type == AMC_T_STRING && from->u.str.len > 6 &&
           !memcmp(from->u.str.ptr, "yadon-", 6) &&
           digits(from->u.str.ptr + 6, from->u.str.len - 6);
}

static amc_pos pos_of(const amc_doc *doc, const amc_value *root, const amc_value *m)
{
    return amc_doc_pos(doc, (m ? m : root)->offset);
}

static amc_status check_schema(amc_validator *v, const kind *k, const amc_doc *doc, amc_diags *ds)
{
    amc_diags *tmp = amc_diags_new(v->lim.max_diags);
    amc_status st = AMC_OK;
    bool valid = false;
    size_t i = 0;
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_prof_schema_check(v, k->schema, doc, amc_doc_root(doc), NULL, tmp, NULL, &valid);
    for (i = 0; (st == AMC_OK || st == AMC_ELIMIT) && i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        bool id = d.instance_ptr &&
                  (!strcmp(d.instance_ptr, "/id") || !strcmp(d.instance_ptr, "/current_task"));
        char msg[1024];
        if (d.sev != AMC_SEV_ERROR) {
            if (amc_diags_add(ds, &d) != AMC_OK)
                st = AMC_ENOMEM;
            continue;
        }
        snprintf(msg, sizeof msg, "%s: %s", amc_code_id(d.code), d.message);
        d.message = msg;
        d.rule_id = id ? "SOCKET-ID-001" : k->rule;
        d.code = amc_prof_rule(d.rule_id)->code;
        if (amc_diags_add(ds, &d) != AMC_OK)
            st = AMC_ENOMEM;
    }
    amc_diags_free(tmp);
    return st == AMC_ELIMIT ? AMC_OK : st;
}

static amc_status check_rules(const kind *k, const amc_doc *doc, amc_diags *ds)
{
    const amc_value *root = amc_doc_root(doc);
    const amc_value *id = amc_value_getz(root, "id"), *from = amc_value_getz(root, "from");
    const amc_value *status = amc_value_getz(root, "status"), *state = NULL, *cur = NULL;
    amc_status st = AMC_OK;
    bool request = !strcmp(k->type, "task") || !strcmp(k->type, "status");
    if (!strcmp(k->type, "task") && !id)
        st = amc_prof_emit(ds, "SOCKET-TASK-002", pos_of(doc, root, NULL), "",
                           "task without an id: the server answers with id 'unknown'");
    if (st == AMC_OK && request && !from)
        st = amc_prof_emit(ds, "SOCKET-FROM-001", pos_of(doc, root, NULL), "",
                           "%s request without from", k->type);
    if (st == AMC_OK && (!strcmp(k->type, "task") || !strcmp(k->type, "result")) && id &&
        id->type == AMC_T_STRING && !id_format_ok(id->u.str.ptr, id->u.str.len))
        st = amc_prof_emit(ds, "SOCKET-ID-002", pos_of(doc, root, id), "/id",
                           "task id is not task-YYYYMMDD-HHMMSS-xxxx (a real date and time, "
                           "4 lower-case hex digits), optionally with -<phase>-sub<N>");
    if (st == AMC_OK && !strcmp(k->type, "result")) {
        bool manager = str_is(from, "yadoran"), worker = worker_name(from);
        if (manager && str_is(status, "error"))
            st = amc_prof_emit(ds, "SOCKET-RESULT-002", pos_of(doc, root, status), "/status",
                               "the manager (yadoran) reports success or partial_error, not "
                               "error");
        else if (worker && str_is(status, "partial_error"))
            st = amc_prof_emit(ds, "SOCKET-RESULT-002", pos_of(doc, root, status), "/status",
                               "a worker (yadon-N) reports success or error, not "
                               "partial_error");
    }
    if (st == AMC_OK && !strcmp(k->type, "status_response")) {
        state = amc_value_getz(root, "state");
        cur = amc_value_getz(root, "current_task");
        if (cur && (cur->type == AMC_T_NULL || cur->type == AMC_T_STRING) &&
            (str_is(state, "idle") || str_is(state, "busy")) &&
            str_is(state, "busy") != (cur->type != AMC_T_NULL))
            st = amc_prof_emit(ds, "SOCKET-SR-002", pos_of(doc, root, state), "/state",
                               "state is %s but current_task is %s",
                               str_is(state, "busy") ? "busy" : "idle",
                               cur->type == AMC_T_NULL ? "null" : "set");
    }
    return st;
}

static bool has_bom(const char *buf, size_t len)
{
    return len >= 3 && (unsigned char)buf[0] == 0xEF && (unsigned char)buf[1] == 0xBB &&
           (unsigned char)buf[2] == 0xBF;
}

static amc_status socket_check(amc_validator *v, void *state, const char *path, const char *buf,
                               size_t len, amc_diags *ds)
{
    amc_diags *tmp = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *type = NULL;
    const kind *k = NULL;
    amc_status st = AMC_OK;
    size_t i = 0;
    (void)state;
    (void)path;
    if (has_bom(buf, len)) {
        st = amc_prof_emit(ds, "SOCKET-FRAME-001", amc_pos_of(buf, len, 0), NULL,
                           "UTF-8 byte order mark: the implementation's json.loads rejects it "
                           "('Unexpected UTF-8 BOM')");
        if (st != AMC_OK)
            return st;
    }
    tmp = amc_diags_new(v->lim.max_diags);
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_json_read(buf, len, &v->lim, tmp, &doc);
    for (i = 0; i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        if (d.code == AMC_C_JSON_BOM)
            continue;
        if (!d.rule_id)
            d.rule_id =
                d.code == AMC_C_JSON_TRAILING_GARBAGE ? "SOCKET-FRAME-002" : "SOCKET-DOC-001";
        if (amc_diags_add(ds, &d) != AMC_OK) {
            st = AMC_ENOMEM;
            goto out;
        }
    }
    if (st != AMC_OK) {
        st = st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
        goto out;
    }
    root = amc_doc_root(doc);
    if (root->type != AMC_T_OBJECT) {
        st = amc_prof_emit(ds, "SOCKET-MSG-001", pos_of(doc, root, NULL), "",
                           "a socket message is a JSON object");
        goto out;
    }
    type = amc_value_getz(root, "type");
    k = kind_of(type);
    if (!k) {
        st = amc_prof_emit(ds, "SOCKET-MSG-001", pos_of(doc, root, type), type ? "/type" : "",
                           type ? "unknown type: the server answers with an error reply "
                                  "(expected task, result, status, status_response or error)"
                                : "no type: the server answers with an error reply");
        goto out;
    }
    st = check_schema(v, k, doc, ds);
    if (st == AMC_OK)
        st = check_rules(k, doc, ds);
out:
    amc_diags_free(tmp);
    amc_doc_free(doc);
    return st;
}

/* Members of socket messages (every type); an object with any other member is not detected. */
static bool socket_member(const char *s, size_t n)
{
    static const char *const names[] = {"type",  "id",           "from",    "payload", "status",
                                        "state", "current_task", "workers", "message"};
    size_t i = 0;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == n && !memcmp(names[i], s, n))
            return true;
    return false;
}

static int socket_detect(const char *path, const char *buf, size_t len)
{
    amc_doc *doc = NULL;
    amc_diags *ds = NULL;
    const amc_value *root = NULL;
    int score = 0;
    size_t i = 0, off = has_bom(buf, len) ? 3 : 0;
    (void)path;
    while (off < len &&
           (buf[off] == ' ' || buf[off] == '\t' || buf[off] == '\r' || buf[off] == '\n'))
        off++;
    if (off >= len || buf[off] != '{' || len > (1u << 20))
        return 0;
    ds = amc_diags_new(4);
    if (!ds)
        return 0;
    if (amc_json_read(buf, len, NULL, ds, &doc) == AMC_OK) {
        root = amc_doc_root(doc);
        if (root->type == AMC_T_OBJECT && kind_of(amc_value_getz(root, "type"))) {
            score = 60;
            for (i = 0; i < root->u.obj.len; i++)
                if (!socket_member(root->u.obj.members[i].key, root->u.obj.members[i].key_len))
                    score = 0;
        }
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    return score;
}

const amc_profile_ops amc_profile_socket = {
    {"socket", "Unix domain socket protocol: one JSON request and one reply per connection",
     "socket-protocol skill, Unixドメインソケット通信プロトコル (github.com/ida29/yadon-agents "
     ".claude/skills/socket-protocol/SKILL.md)"},
    socket_detect,
    NULL,
    NULL,
    socket_check};
