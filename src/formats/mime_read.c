/*
 * mime_read.c - the RFC 5322 / RFC 2045 header block reader (see amc/mime.h).
 *
 * What it accepts (RFC 5322 sections 2.1, 2.2, 3.5, 3.6, 4.5; RFC 2045 section 3; RFC 6532):
 *
 *   message      = header-block [ blank-line body ]
 *   header-block = *( field / bad-line )            ; until the first empty line
 *   field        = field-name *WSP ":" value-line *( eol continuation )
 *   field-name   = 1*ftext                          ; ftext = %d33-57 / %d59-126
 *   continuation = 1*WSP *( any byte but CR, LF )   ; a line that starts with SP or HTAB
 *   eol          = LF / CRLF
 *   blank-line   = eol                              ; an empty line ends the header block
 *   body         = *OCTET                           ; kept as is, never inspected
 *
 * The IGNITE implementation (scripts/lib/ignite_mime.py) writes "Name: value" lines joined by
 * LF, an empty line, then the YAML body; a reader must accept exactly that without a word, and
 * everything Python's email package would also accept with a well-defined meaning.
 *
 * Field values: the unfolded value removes only the line breaks (RFC 5322 2.2.3: the WSP that
 * starts a continuation line stays), then trims leading and trailing WSP. value_offset is the
 * source offset of the first value byte that is not WSP (or the end of the field when the
 * value is empty).
 *
 * Decisions, each with its code:
 *   - Line ends may be LF (what IGNITE writes) or CRLF (RFC 5322); both are reported through
 *     amc_mime_line_ending(). A header block (blank line included) that uses both gets one
 *     warning MIME_MIXED_EOL at the first line end that differs from the first one.
 *   - A CR not followed by LF anywhere in the header block is an error MIME_BARE_CR (a header
 *     injection vector: readers disagree on whether it ends a line). NUL in the header block is
 *     the core error NUL_BYTE. Each is reported at its first occurrence in a line. LF cannot
 *     occur inside a value: it ends the line.
 *   - Other control characters in values (obs-NO-WS-CTL, RFC 5322 4.1) are accepted with a
 *     warning MIME_VALUE_CONTROL (once per field).
 *   - Bytes >= 0x80 in values: RFC 5322 forbids them, RFC 6532 allows UTF-8. Valid UTF-8 is
 *     accepted silently; an invalid sequence is the core error UTF8_INVALID at its first byte
 *     (once per field).
 *   - A field name is 1*ftext. A line starting with ':' is MIME_FIELD_NAME_EMPTY; a line with
 *     no ':' at all is MIME_NO_COLON; a name with any other byte before its colon (space
 *     inside the name, 8-bit, control) is MIME_FIELD_NAME_INVALID at that byte. White space
 *     between the name and the colon ("Subject : x", obs-optional of RFC 5322 4.5) is accepted
 *     with a warning MIME_SPACE_BEFORE_COLON; the name excludes it.
 *   - A continuation line before any field is MIME_CONTINUATION_FIRST. Continuation lines after
 *     a rejected line are ignored (the rejected line was already reported).
 *   - A line of only WSP inside the header block is obsolete folding (obs-FWS, RFC 5322 4.2):
 *     it continues the current field with a warning MIME_WHITESPACE_LINE. It does not end the
 *     header block (Python's email package reads it the same way).
 *   - Lines longer than 998 octets (RFC 5322 2.1.1 MUST; line end excluded) get a warning
 *     MIME_LINE_TOO_LONG: the real implementation never folds, so this is not an error.
 *   - Input that ends inside the header block (no empty line) is accepted with a warning
 *     MIME_NO_BODY_SEPARATOR and an empty body at offset len: RFC 5322 3.5 makes
 *     "CRLF body" optional, so a header-only message is valid; profiles whose messages need a
 *     body (IGNITE) report the missing body themselves.
 *   - An empty input is the core error EMPTY_INPUT. An input that starts with an empty line
 *     has no fields and is accepted (the profiles report the missing required fields).
 *   - A UTF-8 byte order mark at the start is MIME_BOM (Python keeps it as part of the first
 *     field name); reading continues after it so that later problems are also reported.
 *   - Fields that RFC 5322 3.6 and RFC 2045 allow at most once (Date, From, Sender, Reply-To,
 *     To, Cc, Bcc, Message-ID, In-Reply-To, References, Subject, MIME-Version, Content-Type,
 *     Content-Transfer-Encoding, Content-ID, Content-Description) are an error
 *     MIME_DUPLICATE_FIELD at every later occurrence, with context_at at the first one. Other
 *     names may repeat (profiles decide). Names compare ASCII-case-insensitively.
 *   - Limits: max_input_bytes (core LIMIT_SIZE, checked first), max_header_bytes (the header
 *     block: every byte before the empty line; MIME_LIMIT_HEADER_BYTES at the first byte
 *     past the limit), max_header_fields (MIME_LIMIT_FIELDS at the first field past the
 *     limit), max_string_bytes (core LIMIT_STRING, one unfolded value). Reading stops at a
 *     limit and returns AMC_ELIMIT.
 *   - Field-level problems (no colon, empty name, duplicate, continuation first) are reported
 *     at the start of the field's line; byte-level problems (bare CR, NUL, invalid UTF-8,
 *     control, invalid name byte, space before colon) at the offending byte. Each diagnostic
 *     about a field carries its name in instance_ptr. Reading goes on after an error so that
 *     every problem of the header block is reported; a line with a bare CR or NUL gets no
 *     further "no colon" / "invalid name" error.
 *   - The body is not inspected (its reader, e.g. YAML, checks its encoding).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "amc/mime.h"
#include "../core/arena_int.h"
#include "../core/diag_int.h"
#include "../core/utf8_int.h"

#define MAX_LINE_OCTETS 998

struct amc_mime {
    char *src; /* copy of the input */
    size_t len;
    amc_mime_field *fields;
    size_t nfields;
    size_t body_off;
    amc_mime_eol eol;
    amc_arena arena; /* names and values */
};

/* The fields RFC 5322 3.6 and RFC 2045 allow at most once. */
static const char *const single_names[] = {
    "Date",         "From",
    "Sender",       "Reply-To",
    "To",           "Cc",
    "Bcc",          "Message-ID",
    "In-Reply-To",  "References",
    "Subject",      "MIME-Version",
    "Content-Type", "Content-Transfer-Encoding",
    "Content-ID",   "Content-Description",
};
#define N_SINGLE (sizeof single_names / sizeof single_names[0])

/* Per-field record kept while scanning (values are built once the scan succeeded). */
typedef struct rec {
    size_t name_off, name_len;
    size_t vstart, vend; /* raw value region: after the colon to the end of the last line */
    amc_pos at;          /* position of the field's first line */
} rec;

typedef struct reader {
    const char *buf;
    size_t len;
    amc_limits lim;
    amc_diags *ds;
    amc_arena *arena;
    rec *recs;
    size_t nrecs, cap;
    size_t first_single[N_SINGLE]; /* index + 1 of the first occurrence, 0 = none */
    /* position bookkeeping: the current line's start and zero-based number */
    size_t line_start;
    uint32_t line;
    int errors, limit, nomem;
    int seen_lf, seen_crlf, mixed_reported;
    amc_mime_eol first_eol;
} reader;

static int is_wsp(unsigned char c)
{
    return c == ' ' || c == '\t';
}

static int is_ftext(unsigned char c)
{
    return c >= 33 && c <= 126 && c != ':';
}

static int ascii_casecmp_n(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t i = 0;
    if (alen != blen)
        return 1;
    for (i = 0; i < alen; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z')
            x = (unsigned char)(x + 32);
        if (y >= 'A' && y <= 'Z')
            y = (unsigned char)(y + 32);
        if (x != y)
            return 1;
    }
    return 0;
}

/* Position of an offset at or after the current line start. */
static amc_pos pos_at(const reader *r, size_t off)
{
    amc_pos p = amc_pos_of(r->buf + r->line_start, r->len - r->line_start, off - r->line_start);
    p.offset = off;
    p.line += r->line;
    return p;
}

static void note(reader *r, amc_status st)
{
    if (st == AMC_ENOMEM)
        r->nomem = 1;
}

/* Reports code at off (in the current line); name (may be NULL) goes to instance_ptr. */
static void report(reader *r, amc_code code, size_t off, const char *name, size_t name_len,
                   const char *fmt, ...) AMC_PRINTF(6, 7);

static void report(reader *r, amc_code code, size_t off, const char *name, size_t name_len,
                   const char *fmt, ...)
{
    va_list ap;
    const char *iname = NULL;
    amc_severity sev = amc_code_severity(code);
    if (sev == AMC_SEV_ERROR)
        r->errors = 1;
    if (name) {
        iname = amc_arena_strndup(r->arena, name, name_len);
        if (!iname) {
            r->nomem = 1;
            return;
        }
    }
    va_start(ap, fmt);
    note(r, amc_diag_vemit(r->ds, code, sev, pos_at(r, off), iname, fmt, ap));
    va_end(ap);
}

/* Records a line end of the given style found at offset off. */
static void saw_eol(reader *r, amc_mime_eol e, size_t off)
{
    if (e == AMC_EOL_LF)
        r->seen_lf = 1;
    else
        r->seen_crlf = 1;
    if (r->first_eol == AMC_EOL_NONE)
        r->first_eol = e;
    if (e != r->first_eol && !r->mixed_reported) {
        r->mixed_reported = 1;
        report(r, AMC_C_MIME_MIXED_EOL, off, NULL, 0,
               "header block mixes line endings: %s here, %s before",
               e == AMC_EOL_LF ? "LF" : "CRLF", r->first_eol == AMC_EOL_LF ? "LF" : "CRLF");
    }
}

/* Checks value bytes [a, b) of the field rec (NUL and bare CR are reported by the line scan).
 * *reported collects REP_* bits: each kind of problem is reported once per field. */
enum { REP_CTL = 1, REP_UTF8 = 2 };
static void check_value_bytes(reader *r, const rec *f, size_t a, size_t b, int *reported)
{
    const unsigned char *s = (const unsigned char *)r->buf;
    size_t i = a;
    while (i < b) {
        unsigned char c = s[i];
        if (c >= 0x80) {
            uint32_t cp = 0;
            size_t k = amc_utf8_decode(s + i, b - i, &cp);
            if (!k) {
                if (!(*reported & REP_UTF8))
                    report(r, AMC_C_UTF8_INVALID, i, r->buf + f->name_off, f->name_len,
                           "invalid UTF-8 byte 0x%02x in the value of %.*s", c, (int)f->name_len,
                           r->buf + f->name_off);
                *reported |= REP_UTF8;
                i++;
                continue;
            }
            i += k;
            continue;
        }
        if ((c < 32 && c != '\t' && c != '\r' && c != 0) || c == 127) {
            if (!(*reported & REP_CTL)) {
                *reported |= REP_CTL;
                report(r, AMC_C_MIME_VALUE_CONTROL, i, r->buf + f->name_off, f->name_len,
                       "control character 0x%02x in the value of %.*s", c, (int)f->name_len,
                       r->buf + f->name_off);
            }
        }
        i++;
    }
}

static int push_rec(reader *r, const rec *f)
{
    if (r->nrecs == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 16;
        rec *p = amc_xrealloc(r->recs, cap * sizeof *p);
        if (!p) {
            r->nomem = 1;
            return 0;
        }
        r->recs = p;
        r->cap = cap;
    }
    r->recs[r->nrecs++] = *f;
    return 1;
}

static void check_duplicate(reader *r, const rec *f)
{
    size_t k = 0;
    for (k = 0; k < N_SINGLE; k++) {
        if (ascii_casecmp_n(r->buf + f->name_off, f->name_len, single_names[k],
                            strlen(single_names[k])) == 0)
            break;
    }
    if (k == N_SINGLE)
        return;
    if (!r->first_single[k]) {
        r->first_single[k] = r->nrecs; /* index + 1 of f, already pushed */
        return;
    }
    {
        const rec *first = &r->recs[r->first_single[k] - 1];
        amc_diag d;
        char msg[160];
        char *iname = amc_arena_strndup(r->arena, r->buf + f->name_off, f->name_len);
        if (!iname) {
            r->nomem = 1;
            return;
        }
        r->errors = 1;
        memset(&d, 0, sizeof d);
        d.code = AMC_C_MIME_DUPLICATE_FIELD;
        d.sev = AMC_SEV_ERROR;
        snprintf(msg, sizeof msg, "%s may occur at most once (RFC %s); first at line %u",
                 single_names[k], k < 11 ? "5322 3.6" : "2045", (unsigned)first->at.line + 1);
        d.message = msg;
        d.instance_ptr = iname;
        d.at = f->at;
        d.context = "first occurrence";
        d.context_at = first->at;
        note(r, amc_diags_add(r->ds, &d));
    }
}

/* Scans the header block from offset start. Sets *body_off. */
static void scan(reader *r, size_t start, size_t *body_off)
{
    const unsigned char *s = (const unsigned char *)r->buf;
    size_t pos = start;
    int have_field = 0, skip_cont = 0;
    int reported = 0;
    for (;;) {
        size_t ls = pos, ce = 0, next = 0, i = 0, bare_cr = 0;
        const unsigned char *nl = NULL;
        amc_mime_eol e = AMC_EOL_NONE;
        int bad = 0;
        if (pos >= r->len) {
            report(r, AMC_C_MIME_NO_BODY_SEPARATOR, r->len, NULL, 0, NULL);
            *body_off = r->len;
            return;
        }
        nl = memchr(s + ls, '\n', r->len - ls);
        if (nl) {
            ce = (size_t)(nl - s);
            next = ce + 1;
            if (ce > ls && s[ce - 1] == '\r') {
                ce--;
                e = AMC_EOL_CRLF;
            } else {
                e = AMC_EOL_LF;
            }
        } else {
            ce = next = r->len;
        }
        /* the empty line ends the header block */
        if (ce == ls && e != AMC_EOL_NONE) {
            saw_eol(r, e, ce);
            *body_off = next;
            return;
        }
        if (next > r->lim.max_header_bytes) {
            r->limit = 1;
            report(r, AMC_C_MIME_LIMIT_HEADER_BYTES, r->lim.max_header_bytes, NULL, 0,
                   "header block exceeds the limit of %zu bytes", r->lim.max_header_bytes);
            return;
        }
        /* bytes that are errors wherever they are in the line; each kind is reported once
         * per line (a position costs O(line length): this keeps the reader linear) */
        for (i = ls; i < ce; i++) {
            if (s[i] == '\r') {
                if (!(bad & 1))
                    report(r, AMC_C_MIME_BARE_CR, i, NULL, 0, NULL);
                bare_cr++;
                bad |= 1;
            } else if (s[i] == 0) {
                if (!(bad & 2))
                    report(r, AMC_C_NUL_BYTE, i, NULL, 0, "NUL byte in the header block");
                bad |= 2;
            }
        }
        if (ce - ls > MAX_LINE_OCTETS)
            report(r, AMC_C_MIME_LINE_TOO_LONG, ls + MAX_LINE_OCTETS, NULL, 0,
                   "header line is %zu octets long (RFC 5322 2.1.1: at most 998)", ce - ls);
        if (is_wsp(s[ls])) {
            /* continuation line */
            if (!have_field) {
                /* before the first field (after a rejected line: ignored, see above) */
                if (!skip_cont)
                    report(r, AMC_C_MIME_CONTINUATION_FIRST, ls, NULL, 0, NULL);
            } else {
                rec *f = &r->recs[r->nrecs - 1];
                size_t k = ls;
                while (k < ce && is_wsp(s[k]))
                    k++;
                if (k == ce)
                    report(r, AMC_C_MIME_WHITESPACE_LINE, ls, r->buf + f->name_off, f->name_len,
                           NULL);
                check_value_bytes(r, f, ls, ce, &reported);
                f->vend = ce;
            }
        } else {
            /* a new field */
            size_t n = ls, j = 0;
            rec f;
            have_field = 0;
            skip_cont = 1;
            reported = 0;
            while (n < ce && is_ftext(s[n]))
                n++;
            j = n;
            while (j < ce && is_wsp(s[j]))
                j++;
            if (n == ls && ls < ce && s[ls] == ':') {
                report(r, AMC_C_MIME_FIELD_NAME_EMPTY, ls, NULL, 0, NULL);
            } else if (j >= ce || s[j] != ':') {
                /* a line already rejected for a bare CR or NUL gets no second error */
                if (!bad && !memchr(s + ls, ':', ce - ls))
                    report(r, AMC_C_MIME_NO_COLON, ls, NULL, 0, NULL);
                else if (!bad)
                    report(r, AMC_C_MIME_FIELD_NAME_INVALID, n, r->buf + ls, n - ls,
                           "invalid byte 0x%02x in header field name", s[n]);
            } else if (r->nrecs >= r->lim.max_header_fields) {
                r->limit = 1;
                report(r, AMC_C_MIME_LIMIT_FIELDS, ls, r->buf + ls, n - ls,
                       "more than %u header fields", (unsigned)r->lim.max_header_fields);
                return;
            } else {
                if (j > n)
                    report(r, AMC_C_MIME_SPACE_BEFORE_COLON, n, r->buf + ls, n - ls, NULL);
                f.name_off = ls;
                f.name_len = n - ls;
                f.vstart = j + 1;
                f.vend = ce;
                f.at = pos_at(r, ls);
                if (!push_rec(r, &f))
                    return;
                check_duplicate(r, &r->recs[r->nrecs - 1]);
                check_value_bytes(r, &r->recs[r->nrecs - 1], j + 1, ce, &reported);
                have_field = 1;
                skip_cont = 0;
            }
        }
        if (e != AMC_EOL_NONE)
            saw_eol(r, e, ce);
        if (r->nomem)
            return;
        /* advance to the next line; every bare CR in this line also started one (amc_pos_of).
         * Without a line end the input is over and line_start stays put. */
        if (e != AMC_EOL_NONE) {
            r->line += (uint32_t)bare_cr + 1u;
            r->line_start = next;
        }
        pos = next;
    }
}

/* Builds the unfolded, trimmed value of f into the arena. */
static int build_value(amc_mime *m, const rec *f, amc_mime_field *out)
{
    const char *s = m->src;
    size_t a = f->vstart, b = f->vend, i = 0, n = 0, first = AMC_NO_OFFSET;
    char *v = NULL;
    if (b < a)
        b = a;
    v = amc_arena_alloc(&m->arena, b - a + 1);
    if (!v)
        return 0;
    for (i = a; i < b; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\r' || c == '\n')
            continue;
        if (first == AMC_NO_OFFSET && !is_wsp(c))
            first = i;
        v[n++] = (char)c;
    }
    while (n > 0 && is_wsp((unsigned char)v[n - 1]))
        n--;
    {
        size_t lead = 0;
        while (lead < n && is_wsp((unsigned char)v[lead]))
            lead++;
        memmove(v, v + lead, n - lead);
        n -= lead;
    }
    v[n] = '\0';
    out->value = v;
    out->value_len = n;
    out->value_offset = first == AMC_NO_OFFSET ? b : first;
    return 1;
}

static amc_status mime_read_impl(const char *buf, size_t len, const amc_limits *lim,
                                 amc_diags *diags, amc_mime **out)
{
    reader r;
    amc_mime *m = NULL;
    amc_status st = AMC_OK;
    size_t start = 0, body_off = 0, i = 0;
    *out = NULL;
    memset(&r, 0, sizeof r);
    if (lim)
        r.lim = *lim;
    amc_limits_normalize(&r.lim);
    r.buf = buf;
    r.len = len;
    r.ds = diags;
    if (len > r.lim.max_input_bytes) {
        st = amc_diags_addf(diags, AMC_C_LIMIT_SIZE, amc_pos_of(buf, len, r.lim.max_input_bytes),
                            "input is %zu bytes; the limit is %zu", len, r.lim.max_input_bytes);
        return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_ELIMIT;
    }
    if (len == 0) {
        st = amc_diags_addf(diags, AMC_C_EMPTY_INPUT, amc_pos_of(buf, len, 0), NULL);
        return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
    }
    m = amc_xcalloc(1, sizeof *m);
    if (!m)
        return AMC_ENOMEM;
    amc_arena_init(&m->arena, 1024);
    r.arena = &m->arena;
    m->src = amc_xmalloc(len);
    if (!m->src) {
        st = AMC_ENOMEM;
        goto out;
    }
    memcpy(m->src, buf, len);
    m->len = len;
    if (len >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3)) {
        report(&r, AMC_C_MIME_BOM, 0, NULL, 0, NULL);
        start = 3;
    }
    scan(&r, start, &body_off);
    if (r.nomem) {
        st = AMC_ENOMEM;
        goto out;
    }
    if (r.limit) {
        st = AMC_ELIMIT;
        goto out;
    }
    if (r.errors) {
        st = AMC_EINVALID;
        goto out;
    }
    /* build the fields from the records, against the copy */
    m->fields = amc_xcalloc(r.nrecs ? r.nrecs : 1, sizeof *m->fields);
    if (!m->fields) {
        st = AMC_ENOMEM;
        goto out;
    }
    for (i = 0; i < r.nrecs; i++) {
        amc_mime_field *f = &m->fields[i];
        f->name = amc_arena_strndup(&m->arena, m->src + r.recs[i].name_off, r.recs[i].name_len);
        if (!f->name || !build_value(m, &r.recs[i], f)) {
            st = AMC_ENOMEM;
            goto out;
        }
        f->name_len = r.recs[i].name_len;
        f->offset = r.recs[i].name_off;
        if (f->value_len > r.lim.max_string_bytes) {
            st = amc_diag_emit(diags, AMC_C_LIMIT_STRING, AMC_SEV_ERROR,
                               amc_pos_of(buf, len, f->value_offset), f->name,
                               "value of %s is %zu bytes; the limit is %zu", f->name, f->value_len,
                               r.lim.max_string_bytes);
            st = st == AMC_ENOMEM ? AMC_ENOMEM : AMC_ELIMIT;
            goto out;
        }
    }
    m->nfields = r.nrecs;
    m->body_off = body_off;
    if (r.seen_lf && r.seen_crlf)
        m->eol = AMC_EOL_MIXED;
    else if (r.seen_crlf)
        m->eol = AMC_EOL_CRLF;
    else if (r.seen_lf)
        m->eol = AMC_EOL_LF;
    else
        m->eol = AMC_EOL_NONE;
    *out = m;
    m = NULL;
out:
    amc_xfree(r.recs);
    amc_mime_free(m);
    return st;
}

/* A diagnostic that could not be stored for lack of memory makes the read AMC_ENOMEM: a caller
 * must not take an incomplete list for the whole story. */
amc_status amc_mime_read(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                         amc_mime **out)
{
    size_t nomem0 = amc_diags_nomem(diags);
    amc_status st = mime_read_impl(buf, len, lim, diags, out);
    if (st != AMC_ENOMEM && st != AMC_EUSAGE && amc_diags_nomem(diags) > nomem0) {
        if (out && *out) {
            amc_mime_free(*out);
            *out = NULL;
        }
        st = AMC_ENOMEM;
    }
    return st;
}

void amc_mime_free(amc_mime *m)
{
    if (!m)
        return;
    amc_arena_release(&m->arena);
    amc_xfree(m->fields);
    amc_xfree(m->src);
    amc_xfree(m);
}

size_t amc_mime_field_count(const amc_mime *m)
{
    return m ? m->nfields : 0;
}

const amc_mime_field *amc_mime_field_at(const amc_mime *m, size_t i)
{
    return m && i < m->nfields ? &m->fields[i] : NULL;
}

const amc_mime_field *amc_mime_find(const amc_mime *m, const char *name)
{
    size_t i = 0, n = 0;
    if (!m || !name)
        return NULL;
    n = strlen(name);
    for (i = 0; i < m->nfields; i++)
        if (ascii_casecmp_n(m->fields[i].name, m->fields[i].name_len, name, n) == 0)
            return &m->fields[i];
    return NULL;
}

size_t amc_mime_count(const amc_mime *m, const char *name)
{
    size_t i = 0, n = 0, c = 0;
    if (!m || !name)
        return 0;
    n = strlen(name);
    for (i = 0; i < m->nfields; i++)
        if (ascii_casecmp_n(m->fields[i].name, m->fields[i].name_len, name, n) == 0)
            c++;
    return c;
}

const char *amc_mime_body(const amc_mime *m, size_t *len, size_t *offset)
{
    if (!m) {
        if (len)
            *len = 0;
        if (offset)
            *offset = 0;
        return NULL;
    }
    if (len)
        *len = m->len - m->body_off;
    if (offset)
        *offset = m->body_off;
    return m->src + m->body_off;
}

amc_mime_eol amc_mime_line_ending(const amc_mime *m)
{
    return m ? m->eol : AMC_EOL_NONE;
}

amc_pos amc_mime_pos(const amc_mime *m, size_t offset)
{
    if (!m) {
        amc_pos p = {offset, 0, 0};
        return p;
    }
    return amc_pos_of(m->src, m->len, offset);
}
