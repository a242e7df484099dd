/*
 * ignite.c - the IGNITE profile: MIME header block + YAML body messages, queue placement.
 *
 * Authority: the seed "IGNITE 通信プロトコル仕様" (v3); facts from myfinder/IGNITE at 204cd419aa50.
 * The rule catalog, check order, vocabularies and decisions are in docs/profiles/ignite.md; the
 * rules are in rules_ignite.def. Seed sections implemented:
 *   §基本フォーマット (header block, empty line, YAML body, Message-ID form, LF),
 *   §標準MIMEヘッダー (MIME-Version, Message-ID, From, To, Cc, Date, Content-Type, CTE),
 *   §X-IGNITE-* カスタムヘッダー (Type, Priority, Status, Thread-ID, Repository, Issue,
 *     Processed-At, Retry-Count, Error-*, *-Retry-*), §メッセージタイプ, §優先度,
 *   §エージェント識別子, §メッセージタイプ別仕様 (body schemas, task_completed branches),
 *   §メッセージライフサイクル, §タイムアウト・リトライ, §Dead Letter Queue,
 *   §キューディレクトリ and §ファイル命名規則 (given a path), §不正なメッセージ.
 *
 * Decisions (each also in docs/profiles/ignite.md §2 with a fixture):
 *   - Check order: bytes (UTF-8, NUL), header block (amc_mime_read), header view, body, path.
 *     A header block the MIME reader rejects stops the check: MIME_DUPLICATE_FIELD maps to
 *     IGNITE_HDR_DUPLICATE, any other reader error to IGNITE_MSG_MALFORMED (encoding errors are
 *     already IGNITE_MSG_ENCODING); the reader's codes accompany. A missing empty line is an
 *     error here (MIME_NO_BODY_SEPARATOR is only a warning for the reader).
 *   - Header names match case-insensitively; another spelling is a warning (the implementation's
 *     tools match exact case). Duplicates of any header of headers.schema.json are errors.
 *   - X-IGNITE-* fields whose ignite_mime.py parse key collides with another member of its
 *     output are errors (IGNITE_HDR_SHADOW: a forged parse output).
 *   - Message-ID: both the seed's epoch-seconds form and make_msgid's centiseconds form pass;
 *     field widths are not checked; another domain than ignite.local is a warning.
 *   - Date: RFC 5322 (amc_rfc5322_date); a wrong day-of-week is only a warning (the seed's own
 *     example has one). Processed-At and the other timestamps: RFC 3339 with an offset.
 *   - Priorities: critical, high, normal, low (the 優先度 section, not the 3-value table).
 *   - Statuses: queued processing delivered completed retrying error dead_letter.
 *   - A syntax error of a value is not also reported by its vocabulary (SHOULD) rule.
 *   - Body: one YAML document; empty or comment-only is null. A v2 envelope (type + payload
 *     mapping) is a warning and its payload is checked. Unknown types: YAML only. The body's
 *     shape (body-<type>.schema.json) is SHOULD: no reader of the implementation breaks
 *     without a body field (docs/profiles/ignite.md §7); a null body is not checked; each
 *     failure is one IGNITE_BODY_SCHEMA warning.
 *   - Path rules look only at the components after the last "queue" directory.
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "core/utf8_int.h"
#include "profiles/profile_int.h"

/* ---- vocabularies ---- */

enum {
    H_MIME_VERSION,
    H_MESSAGE_ID,
    H_FROM,
    H_TO,
    H_CC,
    H_DATE,
    H_IN_REPLY_TO,
    H_CONTENT_TYPE,
    H_CTE,
    H_TYPE,
    H_PRIORITY,
    H_STATUS,
    H_THREAD_ID,
    H_REPOSITORY,
    H_ISSUE,
    H_PROCESSED_AT,
    H_RETRY_COUNT,
    H_ERROR_REASON,
    H_ERROR_AT,
    H_LAST_RETRY_AT,
    H_NEXT_RETRY_AFTER,
    H_COUNT
};

static const char *const header_names[H_COUNT] = {"MIME-Version",
                                                  "Message-ID",
                                                  "From",
                                                  "To",
                                                  "Cc",
                                                  "Date",
                                                  "In-Reply-To",
                                                  "Content-Type",
                                                  "Content-Transfer-Encoding",
                                                  "X-IGNITE-Type",
                                                  "X-IGNITE-Priority",
                                                  "X-IGNITE-Status",
                                                  "X-IGNITE-Thread-ID",
                                                  "X-IGNITE-Repository",
                                                  "X-IGNITE-Issue",
                                                  "X-IGNITE-Processed-At",
                                                  "X-IGNITE-Retry-Count",
                                                  "X-IGNITE-Error-Reason",
                                                  "X-IGNITE-Error-At",
                                                  "X-IGNITE-Last-Retry-At",
                                                  "X-IGNITE-Next-Retry-After"};

static const int required_headers[] = {H_MIME_VERSION, H_MESSAGE_ID, H_FROM, H_TO,      H_DATE,
                                       H_CONTENT_TYPE, H_CTE,        H_TYPE, H_PRIORITY};

/* Keys of `ignite_mime.py parse` output (besides the X-IGNITE-* extras). */
static const char *const parse_keys[] = {
    "message_id", "from",      "to",         "cc",    "date",   "in_reply_to",  "type",
    "priority",   "thread_id", "repository", "issue", "status", "content_type", "body"};

static const char *const known_agents[] = {
    "user",      "leader", "strategist",     "architect",     "evaluator",     "coordinator",
    "innovator", "system", "github_watcher", "queue_monitor", "slack_watcher", "file_watcher"};

static const char *const known_types[] = {
    /* the seed's 19 standard types */
    "user_goal", "strategy_request", "strategy_response", "task_list", "architecture_request",
    "architecture_response", "task_assignment", "task_completed", "evaluation_request",
    "evaluation_result", "improvement_request", "improvement_suggestion", "improvement_completed",
    "progress_update", "system_init", "github_event", "github_task", "escalation", "dead_letter",
    /* the 20 the implementation sends */
    "help_request", "help_ack", "help_request_forwarded", "issue_proposal", "issue_proposal_ack",
    "issue_proposal_forwarded", "revision_request", "design_review_request",
    "design_review_response", "quality_plan_request", "quality_plan_response", "insight_request",
    "insight_response", "insight_result", "memory_review_request", "review_request", "notification",
    "slack_event", "slack_task", "file_change"};

static const char *const priorities[] = {"critical", "high", "normal", "low"};
static const char *const statuses[] = {"queued",   "processing", "delivered",  "completed",
                                       "retrying", "error",      "dead_letter"};

#define COUNTOF(a) (sizeof(a) / sizeof((a)[0]))

/* ---- small string helpers (s[0..n) is not NUL-terminated) ---- */

static int lc(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static bool ieq(const char *s, size_t n, const char *z)
{
    size_t i = 0;
    for (i = 0; i < n; i++)
        if (!z[i] || lc((unsigned char)s[i]) != lc((unsigned char)z[i]))
            return false;
    return z[n] == '\0';
}

static bool eq(const char *s, size_t n, const char *z)
{
    return strlen(z) == n && memcmp(s, z, n) == 0;
}

static bool in_list(const char *s, size_t n, const char *const *list, size_t count)
{
    size_t i = 0;
    for (i = 0; i < count; i++)
        if (eq(s, n, list[i]))
            return true;
    return false;
}

static bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static bool is_alnum(int c)
{
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool all_digits(const char *s, size_t n)
{
    size_t i = 0;
    if (n == 0)
        return false;
    for (i = 0; i < n; i++)
        if (!is_digit((unsigned char)s[i]))
            return false;
    return true;
}

/* Decimal integer without leading zeros ("0" allowed when zero_ok). */
static bool is_decimal(const char *s, size_t n, bool zero_ok)
{
    if (!all_digits(s, n))
        return false;
    if (s[0] == '0')
        return zero_ok && n == 1;
    return true;
}

static bool is_wsp(int c)
{
    return c == ' ' || c == '\t';
}

static void trim(const char **s, size_t *n)
{
    while (*n && is_wsp((unsigned char)**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n && is_wsp((unsigned char)(*s)[*n - 1]))
        (*n)--;
}

/* ---- syntax checks ---- */

static bool is_atext(int c)
{
    return is_alnum(c) || (c && strchr("!#$%&'*+/=?^_`{|}~-", c) != NULL);
}

/* dot-atom-text at s[0..n): 1*atext *("." 1*atext) */
static bool is_dot_atom(const char *s, size_t n)
{
    size_t i = 0;
    bool prev_dot = true;
    if (n == 0)
        return false;
    for (i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (c == '.') {
            if (prev_dot)
                return false;
            prev_dot = true;
        } else if (is_atext(c)) {
            prev_dot = false;
        } else {
            return false;
        }
    }
    return !prev_dot;
}

/* RFC 5322 msg-id without CFWS; on success *at is the offset of '@'. */
static bool is_msg_id(const char *s, size_t n, size_t *at)
{
    const char *a = NULL;
    size_t i = 0;
    if (n < 5 || s[0] != '<' || s[n - 1] != '>')
        return false;
    a = memchr(s, '@', n);
    if (!a)
        return false;
    *at = (size_t)(a - s);
    if (!is_dot_atom(s + 1, *at - 1))
        return false;
    if (s[*at + 1] == '[') {
        if (n - 1 < *at + 3 || s[n - 2] != ']')
            return false;
        for (i = *at + 2; i < n - 2; i++) {
            int c = (unsigned char)s[i];
            if (c < 33 || c > 126 || c == '[' || c == ']' || c == '\\')
                return false;
        }
        return true;
    }
    return is_dot_atom(s + *at + 1, n - 2 - *at);
}

/* `digits.digits.alphanumerics` */
static bool ignite_id_left(const char *s, size_t n)
{
    size_t i = 0, part = 0, plen = 0;
    for (i = 0; i <= n; i++) {
        int c = i < n ? (unsigned char)s[i] : '.';
        if (c == '.') {
            if (plen == 0 || part > 2)
                return false;
            part++;
            plen = 0;
        } else if (part < 2 ? is_digit(c) : is_alnum(c)) {
            plen++;
        } else {
            return false;
        }
    }
    return part == 3;
}

static bool is_agent_id(const char *s, size_t n)
{
    size_t i = 0;
    if (n == 0 || !is_alnum((unsigned char)s[0]))
        return false;
    for (i = 1; i < n; i++) {
        int c = (unsigned char)s[i];
        if (!is_alnum(c) && c != '_' && c != '.' && c != '-')
            return false;
    }
    return true;
}

static bool is_known_agent(const char *s, size_t n)
{
    if (n > 9 && memcmp(s, "ignitian_", 9) == 0)
        return is_decimal(s + 9, n - 9, false);
    return in_list(s, n, known_agents, COUNTOF(known_agents));
}

static bool is_type_syntax(const char *s, size_t n)
{
    size_t i = 0;
    if (n == 0 || !(s[0] >= 'a' && s[0] <= 'z'))
        return false;
    for (i = 1; i < n; i++) {
        int c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || is_digit(c) || c == '_'))
            return false;
    }
    return true;
}

static bool is_repository(const char *s, size_t n)
{
    const char *slash = memchr(s, '/', n);
    size_t ol = 0, rl = 0, i = 0;
    if (!slash)
        return false;
    ol = (size_t)(slash - s);
    rl = n - ol - 1;
    if (ol < 1 || ol > 39 || rl < 1 || rl > 100)
        return false;
    for (i = 0; i < ol; i++) {
        int c = (unsigned char)s[i];
        if (c == '-') {
            if (i == 0 || i + 1 == ol || s[i + 1] == '-')
                return false;
        } else if (!is_alnum(c)) {
            return false;
        }
    }
    for (i = ol + 1; i < n; i++) {
        int c = (unsigned char)s[i];
        if (!is_alnum(c) && c != '.' && c != '_' && c != '-')
            return false;
    }
    return !(eq(slash + 1, rl, ".") || eq(slash + 1, rl, ".."));
}

/* Content-Type: text/x-yaml; charset=utf-8 (case-insensitive, value may be quoted, no other
 * parameter). */
static bool is_ignite_content_type(const char *s, size_t n)
{
    size_t i = 0, j = 0;
    bool charset = false;
    while (i < n && s[i] != ';')
        i++;
    {
        const char *t = s;
        size_t tn = i;
        trim(&t, &tn);
        if (!ieq(t, tn, "text/x-yaml"))
            return false;
    }
    while (i < n) {
        const char *name = NULL, *val = NULL;
        size_t nn = 0, vn = 0;
        i++; /* ';' */
        j = i;
        while (j < n && s[j] != '=' && s[j] != ';')
            j++;
        if (j >= n || s[j] != '=')
            return false;
        name = s + i;
        nn = j - i;
        trim(&name, &nn);
        i = j + 1;
        while (i < n && is_wsp((unsigned char)s[i]))
            i++;
        if (i < n && s[i] == '"') {
            j = i + 1;
            while (j < n && s[j] != '"')
                j++;
            if (j >= n)
                return false;
            val = s + i + 1;
            vn = j - i - 1;
            i = j + 1;
            while (i < n && is_wsp((unsigned char)s[i]))
                i++;
            if (i < n && s[i] != ';')
                return false;
        } else {
            j = i;
            while (j < n && s[j] != ';')
                j++;
            val = s + i;
            vn = j - i;
            trim(&val, &vn);
            i = j;
        }
        if (charset || !ieq(name, nn, "charset") || !ieq(val, vn, "utf-8"))
            return false;
        charset = true;
    }
    return charset;
}

/* ---- the check ---- */

typedef struct hview {
    const amc_mime_field *f[H_COUNT];
} hview;

typedef struct ictx {
    amc_validator *v;
    amc_diags *ds;
    amc_mime *m;
    hview hv;
    const char *buf;
    size_t len;
} ictx;

static amc_pos fpos(const ictx *c, const amc_mime_field *f)
{
    return amc_mime_pos(c->m, f->offset);
}

/* A profile rule that restates a reader error takes its place: one diagnostic with the rule's
 * code and severity, the reader's message, position and note, and the reader's code as
 * also_code (one finding, one line). */
static amc_status restate(ictx *c, const char *rule_id, const amc_diag *reader)
{
    const amc_rule *r = amc_prof_rule(rule_id);
    amc_diag d = *reader;
    d.code = r->code;
    d.sev = r->level == AMC_RULE_MUST ? AMC_SEV_ERROR : AMC_SEV_WARNING;
    d.rule_id = r->id;
    d.also_code = reader->code;
    return amc_diags_add(c->ds, &d);
}

static amc_pos vpos(const ictx *c, const amc_mime_field *f)
{
    return amc_mime_pos(c->m, f->value_offset);
}

/* Value of header h, or NULL (sets *n). Empty values count as present here. */
static const char *hval(const ictx *c, int h, size_t *n)
{
    const amc_mime_field *f = c->hv.f[h];
    if (!f) {
        *n = 0;
        return NULL;
    }
    *n = f->value_len;
    return f->value;
}

/* Checks the agent list of header h (one agent when single), element by element: a malformed
 * element is IGNITE-AGT-001, an unknown agent IGNITE-AGT-002. */
static void check_agent_list(ictx *c, int h, bool single)
{
    const amc_mime_field *f = c->hv.f[h];
    const char *s = f->value;
    size_t n = f->value_len, i = 0, start = 0;
    if (single) {
        if (!is_agent_id(s, n)) {
            amc_prof_emit(c->ds, "IGNITE-AGT-001", vpos(c, f), header_names[h],
                          "%s: '%.*s' is not an agent identifier", header_names[h], (int)n, s);
            return;
        }
        if (!is_known_agent(s, n))
            amc_prof_emit(c->ds, "IGNITE-AGT-002", vpos(c, f), header_names[h],
                          "%s: unknown agent '%.*s'", header_names[h], (int)n, s);
        return;
    }
    for (i = 0; i <= n; i++) {
        if (i == n || s[i] == ',') {
            const char *e = s + start;
            size_t en = i - start;
            trim(&e, &en);
            if (!is_agent_id(e, en)) {
                amc_prof_emit(c->ds, "IGNITE-AGT-001", vpos(c, f), header_names[h],
                              en ? "%s: '%.*s' is not an agent identifier"
                                 : "%s: empty element in the agent list%.*s",
                              header_names[h], (int)en, e);
            } else if (!is_known_agent(e, en)) {
                amc_prof_emit(c->ds, "IGNITE-AGT-002", vpos(c, f), header_names[h],
                              "%s: unknown agent '%.*s'", header_names[h], (int)en, e);
            }
            start = i + 1;
        }
    }
}

/* Whether the comma-separated list of header h contains s[0..n) exactly. */
static bool list_has(const ictx *c, int h, const char *s, size_t n)
{
    const amc_mime_field *f = c->hv.f[h];
    size_t i = 0, start = 0;
    if (!f)
        return false;
    for (i = 0; i <= f->value_len; i++) {
        if (i == f->value_len || f->value[i] == ',') {
            const char *e = f->value + start;
            size_t en = i - start;
            trim(&e, &en);
            if (en == n && memcmp(e, s, n) == 0)
                return true;
            start = i + 1;
        }
    }
    return false;
}

/* a character of the parse key of an X-IGNITE-* name: lower-cased, '-' -> '_' */
static char key_char(char c)
{
    return c == '-' ? '_' : (char)lc((unsigned char)c);
}

/* parse key of an X-IGNITE-* name: the rest after the prefix, each character key_char()'d */
static void parse_key(const char *name, size_t n, char *out, size_t cap)
{
    size_t i = 0, k = 0;
    for (i = 9; i < n && k + 1 < cap; i++)
        out[k++] = key_char(name[i]);
    out[k] = '\0';
}

/* Whether two X-IGNITE-* names give the same parse key (parse_key's mapping over the whole
 * names, however long: a key cut to a buffer would make two long names look alike). */
static bool same_key(const char *a, size_t na, const char *b, size_t nb)
{
    size_t i = 0;
    if (na != nb)
        return false;
    for (i = 9; i < na; i++)
        if (key_char(a[i]) != key_char(b[i]))
            return false;
    return true;
}

static bool key_taken(const char *key)
{
    size_t i = 0;
    char k2[64];
    for (i = 0; i < COUNTOF(parse_keys); i++)
        if (!strcmp(key, parse_keys[i]))
            return true;
    for (i = 0; i < H_COUNT; i++) {
        if (strncmp(header_names[i], "X-IGNITE-", 9) != 0)
            continue;
        parse_key(header_names[i], strlen(header_names[i]), k2, sizeof k2);
        if (!strcmp(key, k2))
            return true;
    }
    return false;
}

static amc_status header_view(ictx *c)
{
    size_t i = 0, j = 0, nf = amc_mime_field_count(c->m);
    for (i = 0; i < nf; i++) {
        const amc_mime_field *f = amc_mime_field_at(c->m, i);
        int h = -1;
        for (j = 0; j < H_COUNT; j++)
            if (ieq(f->name, f->name_len, header_names[j]))
                h = (int)j;
        if (h >= 0) {
            if (c->hv.f[h]) {
                amc_prof_emit(c->ds, "IGNITE-HDR-002", fpos(c, f), header_names[h],
                              "%s occurs more than once", header_names[h]);
            } else {
                c->hv.f[h] = f;
            }
            if (!eq(f->name, f->name_len, header_names[h]))
                amc_prof_emit(c->ds, "IGNITE-HDR-003", fpos(c, f), header_names[h],
                              "'%.*s' is spelled '%s' by the protocol (the IGNITE tools match "
                              "names case-sensitively)",
                              (int)f->name_len, f->name, header_names[h]);
            continue;
        }
        if (f->name_len > 9 && ieq(f->name, 9, "X-IGNITE-")) {
            char key[128];
            bool clash = false;
            parse_key(f->name, f->name_len, key, sizeof key);
            clash = key_taken(key);
            for (j = 0; !clash && j < i; j++) {
                const amc_mime_field *g = amc_mime_field_at(c->m, j);
                if (g->name_len > 9 && ieq(g->name, 9, "X-IGNITE-")) {
                    size_t hh = 0;
                    bool known = false;
                    for (hh = 0; hh < H_COUNT; hh++)
                        known = known || ieq(g->name, g->name_len, header_names[hh]);
                    if (known)
                        continue;
                    clash = same_key(f->name, f->name_len, g->name, g->name_len);
                }
            }
            if (clash)
                amc_prof_emit(c->ds, "IGNITE-HDR-007", fpos(c, f), NULL,
                              "%.*s would overwrite '%s' in ignite_mime.py parse output",
                              (int)f->name_len, f->name, key);
        }
    }
    return AMC_OK;
}

static void check_datetime_header(ictx *c, int h)
{
    const amc_mime_field *f = c->hv.f[h];
    amc_datetime dt;
    if (!f)
        return;
    if (amc_rfc3339_datetime(f->value, f->value_len, &dt) != 0 || !dt.has_offset)
        amc_prof_emit(c->ds, "IGNITE-DATE-003", vpos(c, f), header_names[h],
                      "%s: '%.*s' is not an RFC 3339 date-time with offset", header_names[h],
                      (int)f->value_len, f->value);
}

static void header_rules(ictx *c, bool *type_known, const char **type, size_t *type_len)
{
    const amc_mime_field *f = NULL;
    const char *s = NULL;
    size_t n = 0, i = 0, at = 0;
    amc_pos p0 = amc_mime_pos(c->m, 0);
    *type_known = false;
    *type = NULL;
    *type_len = 0;
    for (i = 0; i < COUNTOF(required_headers); i++) {
        int h = required_headers[i];
        f = c->hv.f[h];
        if (!f)
            amc_prof_emit(c->ds, "IGNITE-HDR-001", p0, header_names[h], "%s is missing",
                          header_names[h]);
        else if (f->value_len == 0)
            amc_prof_emit(c->ds, "IGNITE-HDR-001", fpos(c, f), header_names[h], "%s is empty",
                          header_names[h]);
    }
    f = c->hv.f[H_MIME_VERSION];
    if (f && f->value_len && !eq(f->value, f->value_len, "1.0"))
        amc_prof_emit(c->ds, "IGNITE-HDR-004", vpos(c, f), "MIME-Version",
                      "MIME-Version is '%.*s', not 1.0", (int)f->value_len, f->value);
    f = c->hv.f[H_CONTENT_TYPE];
    if (f && f->value_len && !is_ignite_content_type(f->value, f->value_len))
        amc_prof_emit(c->ds, "IGNITE-HDR-005", vpos(c, f), "Content-Type",
                      "Content-Type is '%.*s', not text/x-yaml; charset=utf-8", (int)f->value_len,
                      f->value);
    f = c->hv.f[H_CTE];
    if (f && f->value_len && !ieq(f->value, f->value_len, "8bit"))
        amc_prof_emit(c->ds, "IGNITE-HDR-006", vpos(c, f), "Content-Transfer-Encoding",
                      "Content-Transfer-Encoding is '%.*s', not 8bit", (int)f->value_len, f->value);
    /* Message-ID */
    f = c->hv.f[H_MESSAGE_ID];
    if (f && f->value_len) {
        if (!is_msg_id(f->value, f->value_len, &at)) {
            amc_prof_emit(c->ds, "IGNITE-MID-001", vpos(c, f), "Message-ID",
                          "Message-ID '%.*s' is not an RFC 5322 msg-id", (int)f->value_len,
                          f->value);
        } else {
            if (!ignite_id_left(f->value + 1, at - 1))
                amc_prof_emit(c->ds, "IGNITE-MID-002", vpos(c, f), "Message-ID",
                              "Message-ID '%.*s' is not of the form <number.pid.id@domain>",
                              (int)f->value_len, f->value);
            if (!ieq(f->value + at + 1, f->value_len - at - 2, "ignite.local"))
                amc_prof_emit(c->ds, "IGNITE-MID-003", vpos(c, f), "Message-ID",
                              "Message-ID domain '%.*s' is not ignite.local",
                              (int)(f->value_len - at - 2), f->value + at + 1);
        }
    }
    /* In-Reply-To: msg-ids separated by white space */
    f = c->hv.f[H_IN_REPLY_TO];
    if (f) {
        bool ok = f->value_len > 0;
        size_t k = 0;
        while (ok && k < f->value_len) {
            size_t e = k, a2 = 0;
            while (e < f->value_len && !is_wsp((unsigned char)f->value[e]))
                e++;
            ok = is_msg_id(f->value + k, e - k, &a2);
            while (e < f->value_len && is_wsp((unsigned char)f->value[e]))
                e++;
            k = e;
        }
        if (!ok)
            amc_prof_emit(c->ds, "IGNITE-MID-004", vpos(c, f), "In-Reply-To",
                          "In-Reply-To '%.*s' is not a list of msg-ids", (int)f->value_len,
                          f->value);
    }
    /* Date */
    f = c->hv.f[H_DATE];
    if (f && f->value_len) {
        amc_datetime dt;
        amc_code warn = (amc_code)0;
        amc_code bad = amc_rfc5322_date(f->value, f->value_len, &dt, &warn);
        if (bad != 0) {
            amc_diag d;
            char msg[1200];
            snprintf(msg, sizeof msg, "Date '%.*s' is not an RFC 5322 date-time: %s",
                     (int)(f->value_len < 1000 ? f->value_len : 1000), f->value,
                     amc_code_message(bad));
            memset(&d, 0, sizeof d);
            d.code = bad;
            d.sev = AMC_SEV_ERROR;
            d.at = vpos(c, f);
            d.instance_ptr = "Date";
            d.message = msg;
            (void)restate(c, "IGNITE-DATE-001", &d);
        } else if (warn == AMC_C_DATE_WEEKDAY_MISMATCH) {
            amc_prof_emit(c->ds, "IGNITE-DATE-002", vpos(c, f), "Date",
                          "Date '%.*s': the day of the week does not match the date",
                          (int)f->value_len, f->value);
        }
    }
    check_datetime_header(c, H_PROCESSED_AT);
    check_datetime_header(c, H_ERROR_AT);
    check_datetime_header(c, H_LAST_RETRY_AT);
    check_datetime_header(c, H_NEXT_RETRY_AFTER);
    /* agents */
    if (c->hv.f[H_FROM] && c->hv.f[H_FROM]->value_len)
        check_agent_list(c, H_FROM, true);
    if (c->hv.f[H_TO] && c->hv.f[H_TO]->value_len)
        check_agent_list(c, H_TO, false);
    if (c->hv.f[H_CC])
        check_agent_list(c, H_CC, false);
    /* type */
    f = c->hv.f[H_TYPE];
    if (f && f->value_len) {
        if (!is_type_syntax(f->value, f->value_len)) {
            amc_prof_emit(c->ds, "IGNITE-TYP-001", vpos(c, f), "X-IGNITE-Type",
                          "X-IGNITE-Type '%.*s' is not a snake_case message type",
                          (int)f->value_len, f->value);
        } else {
            *type = f->value;
            *type_len = f->value_len;
            *type_known = in_list(f->value, f->value_len, known_types, COUNTOF(known_types));
            if (!*type_known)
                amc_prof_emit(c->ds, "IGNITE-TYP-002", vpos(c, f), "X-IGNITE-Type",
                              "unknown message type '%.*s': the body is not checked",
                              (int)f->value_len, f->value);
        }
    }
    f = c->hv.f[H_PRIORITY];
    if (f && f->value_len && !in_list(f->value, f->value_len, priorities, COUNTOF(priorities)))
        amc_prof_emit(c->ds, "IGNITE-PRI-001", vpos(c, f), "X-IGNITE-Priority",
                      "X-IGNITE-Priority '%.*s' is not critical, high, normal or low",
                      (int)f->value_len, f->value);
    /* status */
    f = c->hv.f[H_STATUS];
    if (f) {
        if (!in_list(f->value, f->value_len, statuses, COUNTOF(statuses))) {
            amc_prof_emit(c->ds, "IGNITE-STS-001", vpos(c, f), "X-IGNITE-Status",
                          "unknown X-IGNITE-Status '%.*s'", (int)f->value_len, f->value);
        } else {
            int need = -1;
            if (eq(f->value, f->value_len, "processing") ||
                eq(f->value, f->value_len, "delivered") || eq(f->value, f->value_len, "completed"))
                need = H_PROCESSED_AT;
            else if (eq(f->value, f->value_len, "retrying"))
                need = H_RETRY_COUNT;
            else if (eq(f->value, f->value_len, "error"))
                need = H_ERROR_REASON;
            if (need >= 0 && !c->hv.f[need])
                amc_prof_emit(c->ds, "IGNITE-STS-002", vpos(c, f), "X-IGNITE-Status",
                              "status %.*s without %s", (int)f->value_len, f->value,
                              header_names[need]);
        }
    }
    /* retry count */
    f = c->hv.f[H_RETRY_COUNT];
    if (f) {
        if (!is_decimal(f->value, f->value_len, true)) {
            amc_prof_emit(c->ds, "IGNITE-RTY-001", vpos(c, f), "X-IGNITE-Retry-Count",
                          "X-IGNITE-Retry-Count '%.*s' is not a decimal integer", (int)f->value_len,
                          f->value);
        } else {
            uint64_t cnt = 0;
            uint32_t lim = amc_policy_ignite_max_retries(c->v->policy);
            bool over = f->value_len > 10;
            for (i = 0; !over && i < f->value_len; i++)
                cnt = cnt * 10 + (uint64_t)(f->value[i] - '0');
            if (over || cnt > lim)
                amc_prof_emit(c->ds, "IGNITE-RTY-002", vpos(c, f), "X-IGNITE-Retry-Count",
                              "X-IGNITE-Retry-Count %.*s exceeds the retry limit %u",
                              (int)f->value_len, f->value, (unsigned)lim);
        }
    }
    s = hval(c, H_REPOSITORY, &n);
    if (s && !is_repository(s, n))
        amc_prof_emit(c->ds, "IGNITE-REF-001", vpos(c, c->hv.f[H_REPOSITORY]),
                      "X-IGNITE-Repository", "X-IGNITE-Repository '%.*s' is not owner/repo", (int)n,
                      s);
    s = hval(c, H_ISSUE, &n);
    if (s) {
        if (eq(s, n, "NULL"))
            amc_prof_emit(c->ds, "IGNITE-REF-003", vpos(c, c->hv.f[H_ISSUE]), "X-IGNITE-Issue",
                          NULL);
        else if (!is_decimal(s, n, false))
            amc_prof_emit(c->ds, "IGNITE-REF-002", vpos(c, c->hv.f[H_ISSUE]), "X-IGNITE-Issue",
                          "X-IGNITE-Issue '%.*s' is not an issue number", (int)n, s);
    }
    s = hval(c, H_THREAD_ID, &n);
    if (s) {
        bool ok = n > 0;
        for (i = 0; ok && i < n; i++)
            ok = s[i] >= '!' && s[i] <= '~';
        if (!ok)
            amc_prof_emit(c->ds, "IGNITE-REF-004", vpos(c, c->hv.f[H_THREAD_ID]),
                          "X-IGNITE-Thread-ID",
                          "X-IGNITE-Thread-ID '%.*s' is not one token of visible ASCII", (int)n, s);
    }
}

/* Whether the body is empty or only comments / white space (read as null). */
static bool body_is_blank(const char *s, size_t n)
{
    size_t i = 0;
    bool line_start = true, in_comment = false;
    for (i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '\n') {
            line_start = true;
            in_comment = false;
        } else if (in_comment) {
            continue;
        } else if (ch == '#' && line_start) {
            in_comment = true;
        } else if (ch == ' ' || ch == '\t' || ch == '\r') {
            continue;
        } else {
            return false;
        }
    }
    return true;
}

/* Whether diagnostic d reports a branch of an anyOf/oneOf that another diagnostic of ds (at the
 * same instance location) already reports as a whole: the branch failures are its detail. */
static bool is_branch_detail(const amc_diags *ds, const amc_diag *d)
{
    size_t i = 0;
    if (!d->keyword_ptr)
        return false;
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *o = amc_diags_get(ds, i);
        size_t n = o->keyword_ptr ? strlen(o->keyword_ptr) : 0;
        if (o == d || n < 6 || !o->instance_ptr || !d->instance_ptr ||
            strcmp(o->instance_ptr, d->instance_ptr) != 0)
            continue;
        if ((!strcmp(o->keyword_ptr + n - 6, "/anyOf") ||
             !strcmp(o->keyword_ptr + n - 6, "/oneOf")) &&
            !strncmp(d->keyword_ptr, o->keyword_ptr, n) && d->keyword_ptr[n] == '/')
            return true;
    }
    return false;
}

/* Checks the body; *root_out gets the body root (for the path rules) owned by *doc_out. */
static amc_status body_rules(ictx *c, bool type_known, const char *type, size_t type_len,
                             amc_doc **doc_out)
{
    size_t blen = 0, boff = 0, i = 0;
    const char *body = amc_mime_body(c->m, &blen, &boff);
    amc_pos base = amc_mime_pos(c->m, boff);
    amc_diags *tmp = NULL;
    amc_doc *doc = NULL;
    const amc_value *val = NULL;
    amc_status st = AMC_OK;
    char uri[160];
    bool valid = false;
    *doc_out = NULL;
    if (body_is_blank(body, blen)) {
        doc = amc_doc_new("", 0);
        if (!doc)
            return AMC_ENOMEM;
        amc_doc_set_root(doc, amc_doc_new_value(doc, AMC_T_NULL, AMC_NO_OFFSET));
        if (!amc_doc_root(doc)) {
            amc_doc_free(doc);
            return AMC_ENOMEM;
        }
    } else {
        tmp = amc_diags_new(c->v->lim.max_diags);
        if (!tmp)
            return AMC_ENOMEM;
        st = amc_yaml_read(body, blen, &c->v->lim, tmp, &doc);
        if (st == AMC_EINVALID || st == AMC_ELIMIT) {
            /* the first reader error is restated as IGNITE_BODY_YAML (one finding, one line) */
            size_t k = 0, n = amc_diags_count(tmp);
            amc_diags_rebase(tmp, 0, base);
            for (k = 0; k < n && amc_diags_get(tmp, k)->sev != AMC_SEV_ERROR; k++)
                ;
            st = AMC_OK;
            for (i = 0; i < n && st == AMC_OK; i++) {
                amc_diag d = *amc_diags_get(tmp, i);
                if (i == k) {
                    st = restate(c, "IGNITE-BODY-001", &d);
                } else {
                    d.rule_id = "IGNITE-BODY-001";
                    st = amc_diags_add(c->ds, &d);
                }
            }
            if (st == AMC_OK && k == n)
                st = amc_prof_emit(c->ds, "IGNITE-BODY-001", base, NULL, NULL);
            if (st != AMC_OK)
                st = AMC_ENOMEM;
        } else if (amc_prof_copy(c->ds, tmp, "IGNITE-BODY-001", &base) != AMC_OK) {
            st = AMC_ENOMEM;
        }
        amc_diags_free(tmp);
        if (st != AMC_OK || !doc)
            return st;
    }
    val = amc_doc_root(doc);
    *doc_out = doc;
    if (!type_known)
        return AMC_OK;
    /* legacy v2 envelope */
    if (val->type == AMC_T_OBJECT) {
        const amc_value *t = amc_value_getz(val, "type");
        const amc_value *payload = amc_value_getz(val, "payload");
        if (t && payload && payload->type == AMC_T_OBJECT) {
            amc_pos at = val->offset == AMC_NO_OFFSET ? base : amc_doc_pos(doc, val->offset);
            if (at.line == 0)
                at.col += base.col;
            at.offset += base.offset;
            at.line += base.line;
            amc_prof_emit(c->ds, "IGNITE-BODY-004", at, "/payload", NULL);
            if (!(t->type == AMC_T_STRING && eq(t->u.str.ptr, t->u.str.len, "") == false &&
                  t->u.str.len == type_len && memcmp(t->u.str.ptr, type, type_len) == 0)) {
                amc_pos tp = amc_doc_pos(doc, t->offset);
                if (tp.line == 0)
                    tp.col += base.col;
                tp.offset += base.offset;
                tp.line += base.line;
                amc_prof_emit(c->ds, "IGNITE-BODY-005", tp, "/type",
                              "the envelope's type differs from X-IGNITE-Type '%.*s'",
                              (int)type_len, type);
            }
            val = payload;
        }
    }
    /* A null body (empty, only comments, ~) is what send_message.sh writes without --body: no
     * shape to check (IGNITE-BODY-002 decision). */
    if (val->type == AMC_T_NULL)
        return AMC_OK;
    snprintf(uri, sizeof uri, "https://amc.dev/schemas/ignite/body-%.*s.schema.json", (int)type_len,
             type);
    tmp = amc_diags_new(c->v->lim.max_diags);
    if (!tmp)
        return AMC_ENOMEM;
    st = amc_prof_schema_check(c->v, uri, doc, val, &base, tmp, NULL, &valid);
    /* Each schema failure becomes one IGNITE_BODY_SCHEMA of its rule (SHOULD: a warning), the
     * engine's code kept in the message; anyOf branch details are folded into their anyOf. */
    for (i = 0; (st == AMC_OK || st == AMC_ELIMIT) && i < amc_diags_count(tmp); i++) {
        const amc_diag *d = amc_diags_get(tmp, i);
        const char *rule = "IGNITE-BODY-002";
        const char *kw = d->keyword_ptr ? d->keyword_ptr : "";
        if (d->sev != AMC_SEV_ERROR) {
            amc_diag w = *d;
            w.rule_id = rule;
            if (amc_diags_add(c->ds, &w) != AMC_OK)
                st = AMC_ENOMEM;
            continue;
        }
        if (is_branch_detail(tmp, d))
            continue;
        if (eq(type, type_len, "task_completed") && strstr(kw, "/allOf"))
            rule = "IGNITE-BODY-003";
        if (amc_prof_emit(c->ds, rule, d->at, d->instance_ptr ? d->instance_ptr : "",
                          "%s: %s (body-%.*s.schema.json)", amc_code_id(d->code), d->message,
                          (int)type_len, type) != AMC_OK)
            st = AMC_ENOMEM;
    }
    amc_diags_free(tmp);
    if (st == AMC_ELIMIT)
        st = AMC_OK;
    return st;
}

/* ---- path rules ---- */

static bool name_has_16(const char *s, size_t n)
{
    /* s = 16 digits, optionally followed by _<digits> */
    if (n < 16 || !all_digits(s, 16))
        return false;
    if (n == 16)
        return true;
    return s[16] == '_' && all_digits(s + 17, n - 17);
}

static void path_rules(ictx *c, const char *path, const amc_value *body_root)
{
    const char *comp[64];
    size_t clen[64], nc = 0, q = 0, i = 0, start = 0, plen = strlen(path);
    bool found = false;
    const char *agent = NULL, *file = NULL;
    size_t alen = 0, flen = 0;
    enum { K_NONE, K_PENDING, K_PROCESSED, K_DEAD } kind = K_NONE;
    amc_pos p0 = amc_mime_pos(c->m, 0);
    size_t sn = 0, tn = 0;
    const char *status = hval(c, H_STATUS, &sn);
    const char *type = hval(c, H_TYPE, &tn);
    for (i = 0; i <= plen && nc < 64; i++) {
        if (i == plen || path[i] == '/') {
            if (i > start) {
                comp[nc] = path + start;
                clen[nc++] = i - start;
            }
            start = i + 1;
        }
    }
    for (i = 0; i < nc; i++)
        if (eq(comp[i], clen[i], "queue")) {
            q = i;
            found = true;
        }
    if (!found)
        return;
    if (nc - q == 3 && eq(comp[q + 1], clen[q + 1], "dead_letter")) {
        kind = K_DEAD;
    } else if (nc - q == 3) {
        kind = K_PENDING;
        agent = comp[q + 1];
        alen = clen[q + 1];
    } else if (nc - q == 4 && eq(comp[q + 2], clen[q + 2], "processed") &&
               !eq(comp[q + 1], clen[q + 1], "dead_letter")) {
        kind = K_PROCESSED;
        agent = comp[q + 1];
        alen = clen[q + 1];
    } else {
        return;
    }
    file = comp[nc - 1];
    flen = clen[nc - 1];
    /* IGNITE-FILE-001 */
    if (kind == K_DEAD) {
        bool ok = flen > 20 && eq(file + flen - 5, 5, ".mime") &&
                  all_digits(file + flen - 15, 10) && eq(file + flen - 20, 5, "_dlq_");
        const amc_value *orig = body_root && body_root->type == AMC_T_OBJECT
                                    ? amc_value_getz(body_root, "original_file")
                                    : NULL;
        if (ok && orig && orig->type == AMC_T_STRING) {
            size_t bl = orig->u.str.len;
            if (bl >= 5 && (eq(orig->u.str.ptr + bl - 5, 5, ".mime") ||
                            eq(orig->u.str.ptr + bl - 5, 5, ".yaml")))
                bl -= 5;
            ok = flen - 20 == bl && memcmp(file, orig->u.str.ptr, bl) == 0;
        }
        if (!ok)
            amc_prof_emit(c->ds, "IGNITE-FILE-001", p0, NULL,
                          "file name '%.*s' does not follow <original>_dlq_<10 digits>.mime",
                          (int)flen, file);
    } else if (type && tn && is_type_syntax(type, tn)) {
        bool ok = flen >= tn + 1 + 16 + 5 && memcmp(file, type, tn) == 0 && file[tn] == '_' &&
                  eq(file + flen - 5, 5, ".mime") && name_has_16(file + tn + 1, flen - tn - 1 - 5);
        if (!ok)
            amc_prof_emit(c->ds, "IGNITE-FILE-001", p0, NULL,
                          "file name '%.*s' does not follow %.*s_<16 digits>.mime", (int)flen, file,
                          (int)tn, type);
    }
    /* IGNITE-QUE-001: only known statuses (an unknown one is STS-001's) */
    if (!status || in_list(status, sn, statuses, COUNTOF(statuses))) {
        const char *why = NULL;
        if (kind == K_PENDING && status && !eq(status, sn, "queued") && !eq(status, sn, "retrying"))
            why = "queue/<agent>/ holds only messages without status, queued or retrying";
        else if (kind == K_PROCESSED && status && eq(status, sn, "dead_letter"))
            why = "processed/ does not hold dead_letter messages";
        else if (kind == K_DEAD && (!status || !eq(status, sn, "dead_letter")))
            why = "queue/dead_letter/ holds only messages with status dead_letter";
        else if (kind == K_DEAD && !(type && eq(type, tn, "dead_letter")))
            why = "queue/dead_letter/ holds only messages of type dead_letter";
        if (why)
            amc_prof_emit(c->ds, "IGNITE-QUE-001",
                          c->hv.f[H_STATUS] ? fpos(c, c->hv.f[H_STATUS]) : p0, "X-IGNITE-Status",
                          "status '%.*s' in %.*s: %s", (int)sn, status ? status : "",
                          (int)(path + plen - comp[q]), comp[q], why);
    }
    /* IGNITE-QUE-002 */
    if (agent && c->hv.f[H_TO] && !list_has(c, H_TO, agent, alen) &&
        !list_has(c, H_CC, agent, alen))
        amc_prof_emit(c->ds, "IGNITE-QUE-002", fpos(c, c->hv.f[H_TO]), "To",
                      "the message sits in queue/%.*s/ but %.*s is not in To or Cc", (int)alen,
                      agent, (int)alen, agent);
}

/* ---- entry points ---- */

static amc_status map_reader(ictx *c, const amc_diags *md, bool failed)
{
    size_t i = 0;
    bool mapped_malformed = false;
    for (i = 0; i < amc_diags_count(md); i++) {
        const amc_diag *d = amc_diags_get(md, i);
        amc_diag cp = *d;
        amc_status st = AMC_OK;
        const char *rule = NULL;
        if (d->code == AMC_C_UTF8_INVALID || d->code == AMC_C_NUL_BYTE)
            rule = "IGNITE-MSG-002";
        else if (d->code == AMC_C_MIME_DUPLICATE_FIELD)
            rule = "IGNITE-HDR-002";
        else if (d->sev == AMC_SEV_ERROR || d->code == AMC_C_MIME_NO_BODY_SEPARATOR)
            rule = "IGNITE-MSG-001";
        if (d->code == AMC_C_MIME_DUPLICATE_FIELD && failed) {
            st = restate(c, rule, d);
        } else if (rule && !strcmp(rule, "IGNITE-MSG-001") && !mapped_malformed) {
            st = restate(c, rule, d);
            mapped_malformed = true;
        } else {
            cp.rule_id = rule;
            st = amc_diags_add(c->ds, &cp);
        }
        if (st != AMC_OK)
            return st;
    }
    return AMC_OK;
}

static amc_status ignite_check(amc_validator *v, void *state, const char *path, const char *buf,
                               size_t len, amc_diags *ds)
{
    ictx c;
    amc_diags *md = NULL;
    amc_doc *body = NULL;
    amc_status st = AMC_OK;
    size_t bad = amc_utf8_validate(buf, len);
    const char *nul = memchr(buf, '\0', len);
    const char *cr = NULL;
    bool enc_ok = true, type_known = false;
    const char *type = NULL;
    size_t type_len = 0;
    (void)state;
    memset(&c, 0, sizeof c);
    c.v = v;
    c.ds = ds;
    c.buf = buf;
    c.len = len;
    /* 1. bytes */
    if (bad < len || nul) {
        size_t off = bad < len ? bad : (size_t)(nul - buf);
        if (nul && (size_t)(nul - buf) < off)
            off = (size_t)(nul - buf);
        amc_prof_emit(ds, "IGNITE-MSG-002", amc_pos_of(buf, len, off), NULL,
                      bad < len && (!nul || bad <= (size_t)(nul - buf))
                          ? "invalid UTF-8 byte sequence"
                          : "NUL byte in the message");
        enc_ok = false;
    }
    /* 2. header block */
    md = amc_diags_new(v->lim.max_diags);
    if (!md)
        return AMC_ENOMEM;
    st = amc_mime_read(buf, len, &v->lim, md, &c.m);
    if (st == AMC_ENOMEM)
        goto out;
    if (map_reader(&c, md, st != AMC_OK) != AMC_OK) {
        st = AMC_ENOMEM;
        goto out;
    }
    if (st != AMC_OK) {
        st = st == AMC_ELIMIT ? AMC_ELIMIT : AMC_OK;
        goto out;
    }
    cr = memchr(buf, '\r', len);
    if (cr)
        amc_prof_emit(ds, "IGNITE-MSG-003", amc_pos_of(buf, len, (size_t)(cr - buf)), NULL, NULL);
    /* 3. header view and rules */
    st = header_view(&c);
    if (st != AMC_OK)
        goto out;
    header_rules(&c, &type_known, &type, &type_len);
    /* 4. body */
    if (enc_ok) {
        st = body_rules(&c, type_known, type, type_len, &body);
        if (st != AMC_OK)
            goto out;
    }
    /* 5. path */
    if (path)
        path_rules(&c, path, body ? amc_doc_root(body) : NULL);
out:
    amc_doc_free(body);
    amc_mime_free(c.m);
    amc_diags_free(md);
    return st;
}

static int ignite_detect(const char *path, const char *buf, size_t len)
{
    size_t i = 0, line = 0;
    /* an X-IGNITE-* field in the header block */
    while (i < len) {
        if (len - i >= 9 && ieq(buf + i, 9, "X-IGNITE-"))
            return 90;
        while (i < len && buf[i] != '\n')
            i++;
        i++;
        if (i < len && (buf[i] == '\n' || (buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n')))
            break; /* end of the header block */
        if (++line > 200)
            break;
    }
    if (path) {
        size_t n = strlen(path);
        if (n > 5 && !strcmp(path + n - 5, ".mime"))
            return 60;
    }
    if (len >= 13 && ieq(buf, 13, "MIME-Version:"))
        return 30;
    return 0;
}

const amc_profile_ops amc_profile_ignite = {
    {"ignite", "IGNITE: MIME header block + YAML body files in per-agent queue folders",
     "IGNITE 通信プロトコル仕様 v3 (github.com/myfinder/IGNITE docs/protocol.md)"},
    ignite_detect,
    NULL,
    NULL,
    ignite_check};
