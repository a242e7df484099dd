/*
 * test_mut2_lib.c - exact answers at library sites where a mutant of the issue-22 samples
 * survived (docs/testing.md, "Mutation testing"), one group per site:
 *   - src/schema/validate.c value_eq: "const"/"enum" never take a string for a number or null
 *     whose text it spells;
 *   - src/formats/json_read.c utf8_seq: the first and last code points of the 3- and 4-byte
 *     ranges Table 3-7 bounds (U+D7FF, U+10000, U+10FFFF) are read, one past them refused;
 *   - src/core/doc.c write_json: indent 0 is pretty printing with no spaces (new lines only);
 *   - src/conform/conform.c: a hello with protocol 1000 (the largest version) is accepted;
 *   - src/profiles/acp.c check_registration: an endpoint as long as the inbox path plus '/',
 *     but not that path, is ACP-REG-002; acp_detect: "global_metrics" or "audit_event" alone
 *     make an ACP document, "message_type" without "payload" does not;
 *   - src/schema/schema_int.h amc_ptab_lookup: a properties table with colliding names (probe
 *     chains) finds every name and refuses the others;
 *   - src/schema/format.c bidi_class (idn-hostname with right-to-left labels, RFC 5893) and
 *     the regex \u{10FFFF} escape (the largest code point).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/audit.h"
#include "amc/conform.h"
#include "amc/json.h"
#include "amc/yaml.h"
#include "slurp.h"
#include "core/arena_int.h"
#include "schema/decimal_int.h"
#include "schema/format_int.h"
#include "schema/regex_int.h"
#include "schema/uri_int.h"

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","

/* Validates inst against schema (2020-12, all errors); returns the error codes as
 * "CODE message|..." ("" when valid). */
static const char *validate(const char *schema, const char *inst, size_t inst_len)
{
    static char out[8192];
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = false;
    size_t i = 0, n = 0;
    assert_non_null(set);
    assert_non_null(ds);
    if (amc_schema_set_add(set, "https://test.invalid/m2.json", schema, strlen(schema), ds, &uri) !=
            AMC_OK ||
        amc_schema_compile(set, uri, ds, &sc) != AMC_OK)
        fail_msg("the schema does not compile: %s", schema);
    if (amc_json_read(inst, inst_len, NULL, ds, &doc) != AMC_OK)
        fail_msg("the instance is not JSON: %s", inst);
    o.all_errors = true;
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), AMC_OK);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof out; i++)
        n += (size_t)snprintf(out + n, sizeof out - n, "%s%s %s", i ? "|" : "",
                              amc_code_id(amc_diags_get(ds, i)->code),
                              amc_diags_get(ds, i)->message);
    assert_int_equal(valid, amc_diags_count(ds) == 0);
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
    return out;
}

/* ---- validate.c value_eq: different JSON types are never equal ---- */

static void test_const_types(void **state)
{
    (void)state;
    assert_string_equal(validate(S2020 "\"const\":5}", "\"5\"", 3),
                        "SCHEMA_CONST \"5\" is not the required value 5");
    assert_string_equal(validate(S2020 "\"const\":5}", "5", 1), "");
    assert_string_equal(validate(S2020 "\"enum\":[12,null]}", "\"12\"", 4),
                        "SCHEMA_ENUM \"12\" is not one of 12, null");
    assert_string_equal(validate(S2020 "\"enum\":[12,null]}", "\"\"", 2),
                        "SCHEMA_ENUM \"\" is not one of 12, null");
    assert_string_equal(validate(S2020 "\"enum\":[12,null]}", "null", 4), "");
    assert_string_equal(validate(S2020 "\"const\":\"12\"}", "12", 2),
                        "SCHEMA_CONST 12 is not the required value \"12\"");
}

/* ---- json_read.c utf8_seq: the bounds of Table 3-7 ---- */

static void test_utf8_bounds(void **state)
{
    static const struct {
        const char *s; /* a string's bytes */
        bool ok;
    } cases[] = {
        {"\xC2\x80", true},          /* U+0080 */
        {"\xC1\xBF", false},         /* overlong */
        {"\xC2\xC0", false},         /* not a continuation byte */
        {"\xE1\x80\x80", true},      /* U+1000 */
        {"\xEF\xBF\xBF", true},      /* U+FFFF */
        {"\xE1\x80\xC0", false},     /* not a continuation byte */
        {"\xED\x9F\xBF", true},      /* U+D7FF, the last before the surrogates */
        {"\xED\xA0\x80", false},     /* U+D800 */
        {"\xE0\xA0\x80", true},      /* U+0800 */
        {"\xE0\x9F\xBF", false},     /* overlong */
        {"\xF0\x90\x80\x80", true},  /* U+10000 */
        {"\xF0\x8F\xBF\xBF", false}, /* overlong */
        {"\xF1\x80\x80\x80", true},  /* U+40000 */
        {"\xF3\xBF\xBF\xBF", true},  /* U+FFFFF */
        {"\xF1\x80\x80\xC0", false}, /* not a continuation byte */
        {"\xF1\x80\xC0\x80", false}, /* not a continuation byte */
        {"\xF4\x8F\xBF\xBF", true},  /* U+10FFFF */
        {"\xF4\x90\x80\x80", false}, /* above U+10FFFF */
        {"\xF5\x80\x80\x80", false}, /* never a lead byte */
        {"\xF4\x8F\xBF", false},     /* truncated */
    };
    /* Each sequence in a string (after an escape, before one, alone) followed by a string that
     * is not UTF-8: the reader then checks every string byte by byte, and the one error is
     * where the first bad sequence starts. */
    static const char *const pre[] = {"[\"", "[\"\\t", "[\"a"}, *const post[] = {"", "", "b\\n"};
    size_t i = 0, f = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (f = 0; f < sizeof pre / sizeof pre[0]; f++) {
            char buf[64];
            amc_diags *ds = amc_diags_new(0);
            amc_doc *doc = NULL;
            int n = snprintf(buf, sizeof buf, "%s%s%s\",\"\xFF\"]", pre[f], cases[i].s, post[f]);
            size_t want = cases[i].ok ? (size_t)n - 3 : strlen(pre[f]);
            amc_status st = amc_json_read(buf, (size_t)n, NULL, ds, &doc);
            if (st != AMC_EINVALID || amc_diags_count(ds) != 1 ||
                amc_diags_get(ds, 0)->code != AMC_C_UTF8_INVALID ||
                amc_diags_get(ds, 0)->at.offset != want)
                fail_msg("case %zu form %zu: status %s, %zu diagnostics, first at %zu (want %zu)",
                         i, f, amc_status_str(st), amc_diags_count(ds),
                         amc_diags_count(ds) ? amc_diags_get(ds, 0)->at.offset : 0, want);
            amc_doc_free(doc);
            amc_diags_free(ds);
            /* valid sequences alone: read whole */
            if (cases[i].ok && f == 0) {
                n = snprintf(buf, sizeof buf, "\"%s\"", cases[i].s);
                ds = amc_diags_new(0);
                assert_int_equal(amc_json_read(buf, (size_t)n, NULL, ds, &doc), AMC_OK);
                assert_int_equal(amc_doc_root(doc)->u.str.len, (size_t)n - 2);
                assert_memory_equal(amc_doc_root(doc)->u.str.ptr, cases[i].s, (size_t)n - 2);
                amc_doc_free(doc);
                amc_diags_free(ds);
            }
        }
    }
}

/* A backslash before a non-ASCII character: a bad escape when the character is valid UTF-8,
 * invalid UTF-8 when it is not; also when the character is the input's last bytes. */
static void test_escape_non_ascii(void **state)
{
    static const struct {
        const char *s;
        amc_code code;
        size_t at;
    } cases[] = {
        {"\"\\\xF4\x8F\xBF\xBF\"", AMC_C_JSON_BAD_ESCAPE, 1},
        {"\"\\\xF4\x90\x80\x80\"", AMC_C_UTF8_INVALID, 2},
        {"\"\\\xED\x9F\xBF\"", AMC_C_JSON_BAD_ESCAPE, 1},
        {"\"\\\xED\xA0\x80\"", AMC_C_UTF8_INVALID, 2},
        {"\"\\\xC2\x80", AMC_C_JSON_BAD_ESCAPE, 1},
        {"\"\\\xE1\x80\x80", AMC_C_JSON_BAD_ESCAPE, 1},
        {"\"\\\xF1\x80\x80\x80", AMC_C_JSON_BAD_ESCAPE, 1},
        {"\"\\\xF1\x80\x80", AMC_C_UTF8_INVALID, 2},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        amc_status st = amc_json_read(cases[i].s, strlen(cases[i].s), NULL, ds, &doc);
        if (st != AMC_EINVALID || amc_diags_count(ds) < 1 ||
            amc_diags_get(ds, 0)->code != cases[i].code ||
            amc_diags_get(ds, 0)->at.offset != cases[i].at)
            fail_msg("case %zu: status %s, %s", i, amc_status_str(st),
                     amc_diags_count(ds) ? amc_code_id(amc_diags_get(ds, 0)->code) : "-");
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

/* ---- doc.c write_json: indent 0 ---- */

static void test_indent_zero(void **state)
{
    static const char in[] = "[1,{\"a\":[],\"b\":{}},[2]]";
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    char *s = NULL;
    size_t len = 0;
    (void)state;
    assert_int_equal(amc_json_read(in, sizeof in - 1, NULL, ds, &doc), AMC_OK);
    s = amc_value_to_json(amc_doc_root(doc), 0, &len);
    assert_non_null(s);
    assert_string_equal(s, "[\n1,\n{\n\"a\": [],\n\"b\": {}\n},\n[\n2\n]\n]");
    assert_int_equal(len, strlen(s));
    amc_free(s);
    s = amc_value_to_json(amc_doc_root(doc), 1, NULL);
    assert_string_equal(s, "[\n 1,\n {\n  \"a\": [],\n  \"b\": {}\n },\n [\n  2\n ]\n]");
    amc_free(s);
    s = amc_value_to_json(amc_doc_root(doc), -1, NULL);
    assert_string_equal(s, in);
    amc_free(s);
    amc_doc_free(doc);
    amc_diags_free(ds);
}

/* ---- conform.c: hello protocol versions 1..1000 ---- */

static void test_hello_protocol(void **state)
{
    static const int ok[] = {1, 7, 999, 1000};
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char buf[200];
        amc_diags *ds = amc_diags_new(0);
        amc_conform_reply *r = NULL;
        int n = snprintf(buf, sizeof buf,
                         "{\"seq\":1,\"protocol\":%d,\"implementation\":{\"name\":\"x\"},"
                         "\"profiles\":[]}",
                         ok[i]);
        amc_status st = amc_conform_reply_parse(buf, (size_t)n, "hello", 1, ds, &r);
        if (st != AMC_OK || !r || r->kind != AMC_CONFORM_R_HELLO || r->protocol != ok[i] ||
            amc_diags_count(ds) != 0)
            fail_msg("protocol %d: status %s, %s", ok[i], amc_status_str(st),
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-");
        amc_conform_reply_free(r);
        amc_diags_free(ds);
    }
}

/* ---- acp.c: registration endpoint and detection ---- */

/* Checks buf with profile (NULL: auto); "CODE rule|..." and the profile used in *used. */
static const char *check(const char *profile, const char *buf, const char **used)
{
    static char out[4096];
    amc_validator_opts vo;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, n = 0;
    memset(&vo, 0, sizeof vo);
    vo.profile = profile;
    assert_int_equal(amc_validator_new(&vo, ds, &v), AMC_OK);
    *used = NULL;
    (void)amc_validator_check(v, NULL, buf, strlen(buf), ds, used);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof out; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        n += (size_t)snprintf(out + n, sizeof out - n, "%s%s %s", i ? "|" : "",
                              amc_code_id(d->code), d->rule_id ? d->rule_id : "-");
    }
    amc_validator_free(v);
    amc_diags_free(ds);
    return out;
}

#define REG(ep)                                                                                    \
    "{\"agent_id\":\"supabase-specialist\",\"agent_type\":\"SPECIALIST\","                         \
    "\"capabilities\":[\"database\"],\"status\":\"ACTIVE\",\"endpoint\":\"" ep "\","               \
    "\"health_check_url\":\"/health\",\"max_concurrent_tasks\":3,"                                 \
    "\"supported_message_types\":[\"QUERY\"],\"dependencies\":[],\"version\":\"1.0.0\"}"

static void test_acp_registration(void **state)
{
    const char *used = NULL;
    (void)state;
    assert_string_equal(check("acp", REG("/agent-workspace/inbox/supabase-specialist/"), &used),
                        "");
    assert_string_equal(check("acp", REG("/agent-workspace/inbox/supabase-specialist"), &used), "");
    /* as long as the inbox path plus '/', ending in '/', but another name */
    assert_string_equal(check("acp", REG("/agent-workspace/inbox/supabase-specialisx/"), &used),
                        "ACP_REG_ENDPOINT ACP-REG-002");
    /* the inbox path followed by something else than '/' */
    assert_string_equal(check("acp", REG("/agent-workspace/inbox/supabase-specialistx"), &used),
                        "ACP_REG_ENDPOINT ACP-REG-002");
    /* a '/' where the inbox path ends, in a longer endpoint */
    assert_string_equal(check("acp", REG("/agent-workspace/inbox/supabase-specialisx/y/"), &used),
                        "ACP_REG_ENDPOINT ACP-REG-002");
    assert_string_equal(check("acp", REG("/agent-workspace/inbox/supabase-specialist/y"), &used),
                        "ACP_REG_ENDPOINT ACP-REG-002");
}

static void test_acp_detect(void **state)
{
    const char *used = NULL;
    (void)state;
    (void)check(NULL, "{\"global_metrics\":{}}", &used);
    assert_non_null(used);
    assert_string_equal(used, "acp");
    (void)check(NULL, "{\"audit_event\":\"x\"}", &used);
    assert_non_null(used);
    assert_string_equal(used, "acp");
    /* "message_type" without "payload" is nothing (mailbox has "type", ACP the pair) */
    assert_string_equal(check(NULL, "{\"message_type\":\"QUERY\"}", &used), "PROFILE_UNDETECTED -");
    assert_null(used);
    (void)check(NULL, "{\"message_type\":\"QUERY\",\"payload\":{}}", &used);
    assert_non_null(used);
    assert_string_equal(used, "acp");
}

/* ---- schema_int.h amc_ptab_lookup: probe chains ---- */

static void test_ptab_probes(void **state)
{
    static char schema[8192], inst[4096];
    size_t n = 0, m = 0, i = 0;
    (void)state;
    n = (size_t)snprintf(schema, sizeof schema, S2020 "\"properties\":{");
    m = (size_t)snprintf(inst, sizeof inst, "{");
    /* 60 names in a 128-slot table: many share a home slot */
    for (i = 0; i < 60; i++) {
        n += (size_t)snprintf(schema + n, sizeof schema - n, "%s\"k%zu\":{\"const\":%zu}",
                              i ? "," : "", i, i);
        m += (size_t)snprintf(inst + m, sizeof inst - m, "%s\"k%zu\":%zu", i ? "," : "", i,
                              i == 59 ? 58 : i);
    }
    snprintf(schema + n, sizeof schema - n, "},\"additionalProperties\":false}");
    snprintf(inst + m, sizeof inst - m, "}");
    assert_string_equal(validate(schema, inst, strlen(inst)),
                        "SCHEMA_CONST 58 is not the required value 59");
    /* names that are not in the table */
    snprintf(inst + m, sizeof inst - m, ",\"k60\":1,\"k61\":1,\"j7\":1,\"k7x\":1,\"\":1}");
    assert_string_equal(validate(schema, inst, strlen(inst)),
                        "SCHEMA_CONST 58 is not the required value 59|"
                        "SCHEMA_ADDITIONAL_PROPERTIES additional property \"k60\" is not allowed|"
                        "SCHEMA_ADDITIONAL_PROPERTIES additional property \"k61\" is not allowed|"
                        "SCHEMA_ADDITIONAL_PROPERTIES additional property \"j7\" is not allowed|"
                        "SCHEMA_ADDITIONAL_PROPERTIES additional property \"k7x\" is not allowed|"
                        "SCHEMA_ADDITIONAL_PROPERTIES additional property \"\" is not allowed");
}

/* ---- format.c bidi_class: idn-hostname with right-to-left labels ---- */

static void test_idn_bidi(void **state)
{
    static const struct {
        const char *host;
        bool ok;
    } cases[] = {
        {"\xD7\x90\xD7\x91.example", true}, /* Hebrew alef bet */
        {"\xD7\x90"
         "1.example",
         true}, /* R then EN: rule 3 */
        {"\xD7\x90"
         "a.example",
         false},                                      /* L in a right-to-left label: rule 2 */
        {"a\xD7\x90.example", false},                 /* R in a left-to-right label: rule 5 */
        {"\xD8\xA8\xD9\x84.example", true},           /* Arabic beh lam (AL) */
        {"\xF0\x9E\xA4\xA2\xF0\x9E\xA4\xA3.x", true}, /* Adlam (R, U+1E922) */
        {"\xF0\xA0\x80\x80"
         ".x",
         true}, /* U+20000 (L), the table's last entry */
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = amc_format_check("idn-hostname", cases[i].host, strlen(cases[i].host));
        if (got != (cases[i].ok ? 1 : 0))
            fail_msg("%s: got %d", cases[i].host, got);
    }
}

/* ---- regex.c parse_u_escape: \u{10FFFF} ---- */

static void test_regex_max_code_point(void **state)
{
    char err[256];
    amc_regex *re = NULL;
    (void)state;
    re = amc_regex_compile("^\\u{10FFFF}$", 12, 0, err, sizeof err);
    assert_non_null(re);
    assert_int_equal(amc_regex_search(re, "\xF4\x8F\xBF\xBF", 4), 1);
    assert_int_equal(amc_regex_search(re, "\xF4\x8F\xBF\xBE", 4), 0);
    amc_regex_free(re);
    re = amc_regex_compile("^\\u{010FFFF}$", 13, 0, err, sizeof err);
    assert_non_null(re);
    amc_regex_free(re);
    assert_null(amc_regex_compile("\\u{110000}", 10, 0, err, sizeof err));
    assert_string_equal(err, "offset 0: \\u{...} code point above 10FFFF");
}

/* ---- audit.c mime_header: header names are case-insensitive ---- */

/* the audit codes (55xx) in ds, each followed by a space */
static const char *audit_codes(const amc_diags *ds)
{
    static char out[512];
    size_t i = 0, n = 0;
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof out; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if ((int)d->code >= 5500 && (int)d->code <= 5599)
            n += (size_t)snprintf(out + n, sizeof out - n, "%s ", amc_code_id(d->code));
    }
    return out;
}

static void test_audit_header_case(void **state)
{
    static const char *const bodies[] = {"MESSAGE-ID: <9@h>\n\nb", "message-id: <9@h>\n\nb",
                                         "Message-Id: <9@h>\n\nb", "mESSAGE-iD: <9@h>\n\nb"};
    size_t i = 0, j = 0;
    (void)state;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            amc_diags *ds = amc_diags_new(0);
            amc_audit *a = NULL;
            amc_audit_opts o;
            memset(&o, 0, sizeof o);
            assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
            (void)amc_audit_file(a, "queue/a/x_1.mime", bodies[i], strlen(bodies[i]), ds);
            assert_string_equal(audit_codes(ds), "");
            amc_diags_clear(ds);
            (void)amc_audit_file(a, "queue/a/processed/x_1.mime", bodies[j], strlen(bodies[j]), ds);
            if (strcmp(audit_codes(ds), "AUDIT_DUPLICATE ") != 0)
                fail_msg("%s then %s: \"%s\"", bodies[i], bodies[j], audit_codes(ds));
            amc_audit_free(a);
            amc_diags_free(ds);
        }
}

/* mime_header: where the header block ends, what a header line is, how the value is trimmed.
 * The first file is pending, the second processed: AUDIT_DUPLICATE when both have the same
 * Message-ID. len 0: the whole string; else only its first len bytes are the file. */
static void test_audit_header_lines(void **state)
{
    static const struct {
        const char *a;
        size_t alen;
        const char *b;
        const char *want;
    } cases[] = {
        /* the header is the file's last line, without a new line */
        {"Message-ID: <9@h>", 0, "Message-ID: <9@h>\n\nb", "AUDIT_DUPLICATE "},
        {"Message-ID: <9@h>\r\n\r\nb", 0, "Message-ID: <9@h>", "AUDIT_DUPLICATE "},
        /* a blank line ends the header block (CRLF too); a one-byte line does not */
        {"From: a\r\n\r\nMessage-ID: <9@h>\r\n", 0, "Message-ID: <9@h>\n\nb", ""},
        {"From: a\n\nMessage-ID: <9@h>\n", 0, "Message-ID: <9@h>\n\nb", ""},
        {"X\nMessage-ID: <9@h>\n\nb", 0, "Message-ID: <9@h>\n\nb", "AUDIT_DUPLICATE "},
        {"\r\r\nMessage-ID: <9@h>\n\nb", 0, "Message-ID: <9@h>\n\nb", "AUDIT_DUPLICATE "},
        /* a longer name is another header */
        {"Message-IDx: <9@h>\n\nb", 0, "Message-IDx: <9@h>\n\nb", ""},
        {"Message-I: <9@h>\n\nb", 0, "Message-I: <9@h>\n\nb", ""},
        /* values: blanks and CR trimmed; empty is no id */
        {"Message-ID:\t <9@h> \t\r\n\nb", 0, "Message-ID:<9@h>\n\nb", "AUDIT_DUPLICATE "},
        {"Message-ID: \n\nb", 0, "Message-ID: \n\nb", ""},
        {"Message-ID:\n\nb", 0, "Message-ID:\n\nb", ""},
        {"Message-ID:\t\r\n\nb", 0, "Message-ID:\t\r\n\nb", ""},
        /* the file ends where its length says, whatever follows in memory */
        {"Message-ID: <9@h>x", 17, "Message-ID: <9@h>\n\nb", "AUDIT_DUPLICATE "},
        {"Message-ID:  <9@h>", 11, "Message-ID:  <9@h>", ""},
        {"Message-ID:<9@h>", 10, "Message-ID:<9@h>", ""},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_audit *a = NULL;
        amc_audit_opts o;
        size_t blen = strlen(cases[i].b);
        memset(&o, 0, sizeof o);
        assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
        (void)amc_audit_file(a, "queue/a/x_1.mime", cases[i].a,
                             cases[i].alen ? cases[i].alen : strlen(cases[i].a), ds);
        if (audit_codes(ds)[0])
            fail_msg("case %zu: first file: \"%s\"", i, audit_codes(ds));
        amc_diags_clear(ds);
        if (cases[i].alen) /* the second file: the same bytes, cut the same way */
            blen = cases[i].alen;
        (void)amc_audit_file(a, "queue/a/processed/x_1.mime", cases[i].b, blen, ds);
        if (strcmp(audit_codes(ds), cases[i].want) != 0)
            fail_msg("case %zu: \"%s\", want \"%s\"", i, audit_codes(ds), cases[i].want);
        amc_audit_free(a);
        amc_diags_free(ds);
    }
}

/* A pending message's retry count is its own header's, never another header's value: the header
 * block ends at the blank line without an X-IGNITE-Retry-Count. */
static void test_audit_retry_header(void **state)
{
    static const struct {
        const char *body, *want;
    } cases[] = {
        {"Message-ID: 99\n\nX-IGNITE-Retry-Count: 99\n", ""},
        {"Message-ID: 99\nX-IGNITE-Retry-Count: 99\n\nb", "AUDIT_NOT_DEAD_LETTERED "},
        {"Message-ID: 99\nx-ignite-retry-count: 3\n\nb", ""},
        {"Message-ID: 99\nX-IGNITE-RETRY-COUNT: 4\n\nb", "AUDIT_NOT_DEAD_LETTERED "},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_audit *a = NULL;
        amc_audit_opts o;
        memset(&o, 0, sizeof o);
        assert_int_equal(amc_audit_new(&o, ds, &a), AMC_OK);
        (void)amc_audit_file(a, "queue/a/x_1.mime", cases[i].body, strlen(cases[i].body), ds);
        if (strcmp(audit_codes(ds), cases[i].want) != 0)
            fail_msg("case %zu: \"%s\", want \"%s\"", i, audit_codes(ds), cases[i].want);
        amc_audit_free(a);
        amc_diags_free(ds);
    }
}

/* ---- decimal.c: divisors of more than 18 digits (the limb path) ---- */

static void test_decimal_long_divisor(void **state)
{
    /* 19..90 significant digits: 3 to 10 limbs of nine digits, full and partial */
    static const int nd[] = {19, 20, 27, 30, 46, 47, 50, 53, 54, 82, 85, 90};
    size_t k = 0;
    (void)state;
    for (k = 0; k < sizeof nd / sizeof nd[0]; k++) {
        char m[128], x[300];
        int n = nd[k], i = 0;
        size_t xl = 0;
        for (i = 0; i < n; i++)
            m[i] = (char)('1' + (i % 9));
        m[n] = '\0';
        /* m m m = m * (10^2n + 10^n + 1); one more or less is no multiple */
        xl = (size_t)snprintf(x, sizeof x, "%s%s%s", m, m, m);
        if (amc_decimal_multiple_of(x, xl, m, (size_t)n) != 1)
            fail_msg("%d digits: m m m is a multiple of m", n);
        x[xl - 1] = x[xl - 1] == '9' ? '8' : (char)(x[xl - 1] + 1);
        if (amc_decimal_multiple_of(x, xl, m, (size_t)n) != 0)
            fail_msg("%d digits: m m m +- 1 is no multiple of m", n);
        /* scaled: 0.m m m0 and 0.000m (exponents on both sides) */
        if (amc_decimal_multiple_of("0", 1, m, (size_t)n) != 1)
            fail_msg("%d digits: 0 is a multiple of m", n);
    }
    /* x = m / 2: 10 x is a multiple, x is not (no scaling step too many) */
    assert_int_equal(
        amc_decimal_multiple_of("10000000000000000001", 20, "20000000000000000002", 20), 0);
    assert_int_equal(
        amc_decimal_multiple_of("100000000000000000010", 21, "20000000000000000002", 20), 1);
    assert_int_equal(
        amc_decimal_multiple_of("1000000000000000000.1", 21, "2000000000000000000.2", 21), 0);
}

/* ---- uri.c: percent-encoding normalised (RFC 3986 6.2.2.1-2), reflen bytes only ---- */

static void test_uri_normalise(void **state)
{
    static const struct {
        const char *base, *ref;
        size_t reflen; /* 0: strlen(ref) */
        const char *want;
    } cases[] = {
        /* unreserved characters decoded (letters, digits, - . _ ~), others upper-cased */
        {"https://x/", "%41%7a%30%39%2d%2E%5f%7e", 0, "https://x/Az09-._~"},
        {"https://x/", "%20%0a%2f%3A%00%ff", 0, "https://x/%20%0A%2F%3A%00%FF"},
        {"https://x/", "a?%61%2f#%62%2F", 0, "https://x/a?a%2F#b%2F"},
        /* only reflen bytes are the reference: a ':' after them is no scheme */
        {"https://x/a", "b:c", 1, "https://x/b"},
        {"https://x/a", "b/c:", 3, "https://x/b/c"},
        {"https://x/a", "bc:d", 4, "bc:d"},
        /* ':' after '/', '?' or '#' is no scheme's end */
        {"https://x/", "a/b:c", 0, "https://x/a/b:c"},
        {"https://x/", "a?b:c", 0, "https://x/a?b:c"},
        {"https://x/", "a#b:c", 0, "https://x/a#b:c"},
        /* scheme and host lower-cased, A to Z; the path kept */
        {"https://x/", "HTTP://AZ.Example/PZ", 0, "http://az.example/PZ"},
        {"https://x/", "a!$&'()*+,;=", 0, "https://x/a!$&'()*+,;="},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = NULL;
        size_t n = cases[i].reflen ? cases[i].reflen : strlen(cases[i].ref);
        amc_status st = amc_uri_resolve(cases[i].base, cases[i].ref, n, &out);
        if (st != AMC_OK || strcmp(out, cases[i].want) != 0)
            fail_msg("%s + %.*s: %s \"%s\", want \"%s\"", cases[i].base, (int)n, cases[i].ref,
                     amc_status_str(st), out ? out : "-", cases[i].want);
        amc_xfree(out);
    }
    /* characters RFC 3986 allows nowhere (and controls, space, DEL) */
    for (i = 0; i < 12; i++) {
        static const char bad[] = " \x1f\x7f\"<>\\^`{|}";
        char ref[8] = {'a', bad[i], 'b', '\0'};
        char *out = NULL;
        if (amc_uri_resolve("https://x/", ref, 3, &out) != AMC_EINVALID)
            fail_msg("byte 0x%02x accepted in a URI reference: %s", (unsigned char)bad[i],
                     out ? out : "-");
        amc_xfree(out);
    }
}

/* ---- model.c: a name table that grows (rehash) and an entity's instance limit ---- */

/* a name per i, scattered (an LCG's output): names differing only in their last digits can
 * land in distinct slots of an FNV-hashed table without a single collision */
static const char *task_name(int i)
{
    static char buf[32];
    uint32_t x = (uint32_t)i * 2654435761u + 12345u;
    x ^= x >> 13;
    x *= 2246822519u;
    snprintf(buf, sizeof buf, "t-%08x-%d", (unsigned)x, i);
    return buf;
}

static void test_lc_names(void **state)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    char ev[256];
    int i = 0, n = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    /* 300 tasks with scattered names: the name table is rehashed several times, with
     * collisions */
    for (i = 0; i < 300; i++) {
        n = snprintf(ev, sizeof ev, "{\"event\":\"task_create\",\"task\":\"%s\",\"t\":%d}",
                     task_name(i), i);
        if (amc_lifecycle_apply(lc, ev, (size_t)n, ds) != AMC_OK || amc_diags_count(ds) != 0)
            fail_msg("task %d: %zu diagnostics", i, amc_diags_count(ds));
    }
    /* every one of them is known: a second create is a duplicate */
    for (i = 0; i < 300; i += 37) {
        n = snprintf(ev, sizeof ev, "{\"event\":\"task_create\",\"task\":\"%s\",\"t\":999}",
                     task_name(i));
        amc_diags_clear(ds);
        if (amc_lifecycle_apply(lc, ev, (size_t)n, ds) == AMC_OK || amc_diags_count(ds) != 1)
            fail_msg("task %d created twice: %zu diagnostics", i, amc_diags_count(ds));
    }
    amc_lifecycle_free(lc);
    /* 16 reviewers at most (MB_MAX_REVIEWERS): the 17th is refused */
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    n = snprintf(ev, sizeof ev, "{\"event\":\"task_create\",\"task\":\"t\",\"t\":0}");
    amc_diags_clear(ds);
    assert_int_equal(amc_lifecycle_apply(lc, ev, (size_t)n, ds), AMC_OK);
    /* codex and claude are the default required reviewers: 14 more make 16 */
    for (i = 0; i < 15; i++) {
        amc_status st = AMC_OK;
        n = snprintf(ev, sizeof ev,
                     "{\"event\":\"verdict\",\"task\":\"t\",\"t\":1,\"reviewer\":\"r%d\","
                     "\"verdict\":\"PASS\",\"blocking\":0,\"executed\":true}",
                     i);
        amc_diags_clear(ds);
        st = amc_lifecycle_apply(lc, ev, (size_t)n, ds);
        if (i < 14 ? st == AMC_ELIMIT
                   : st != AMC_ELIMIT || amc_diags_count(ds) != 1 ||
                         amc_diags_get(ds, 0)->code != AMC_C_LIMIT_NODES ||
                         strcmp(amc_diags_get(ds, 0)->message, "more than 16 reviewers") != 0)
            fail_msg("reviewer %d: %s, %s", i, amc_status_str(st),
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-");
    }
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

/* ---- yaml_read.c y11_float: which plain scalars YAML 1.1 reads as floats ---- */

static void test_yaml11_floats(void **state)
{
    static const struct {
        const char *doc;
        size_t nwarn; /* warnings: YAML 1.1 and 1.2 read the scalar differently */
    } cases[] = {
        {"a: 1x5\n", 0},   {"a: 1:5\n", 1},   {"a: 1_0.5\n", 1},   {"a: 1.5e+3\n", 0},
        {"a: 1.5e3\n", 1}, {"a: 1e+5x\n", 0}, {"a: 12:30.5\n", 1}, {"a: 12:30x5\n", 0},
        {"a: 1_0\n", 1},   {"a: 1.5_0\n", 1}, {"a: 1x.5\n", 0},    {"a: +1_0.5e-2\n", 1},
        {"a: .5\n", 0},    {"a: +.5\n", 1},   {"a: .5e+1\n", 0},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        amc_status st = amc_yaml_read(cases[i].doc, strlen(cases[i].doc), NULL, ds, &doc);
        if (st != AMC_OK || amc_diags_count(ds) != cases[i].nwarn)
            fail_msg("%s: %s, %zu diagnostics (%s)", cases[i].doc, amc_status_str(st),
                     amc_diags_count(ds),
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-");
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

/* ---- discussion.c: the message count of DISC-LIMIT-001 counts messages, not every item of a
 * phase's "messages" ---- */

/* limit-100-messages.json with its 100 messages moved into one phase, followed by extra */
static char *phase_doc(const char *extra)
{
    size_t len = 0;
    char *src = slurp("conformance/discussion/inputs/limit-100-messages.json", &len);
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    char *all = NULL, *msgs = NULL, *out = NULL, *cut = NULL, *ph = NULL;
    size_t n = 0;
    assert_non_null(src);
    assert_int_equal(amc_json_read(src, len, NULL, ds, &doc), AMC_OK);
    all = amc_value_to_json(amc_doc_root(doc), -1, NULL);
    msgs = amc_value_to_json(amc_value_getz(amc_doc_root(doc), "messages"), -1, NULL);
    assert_non_null(all);
    assert_non_null(msgs);
    cut = strstr(all, ",\"messages\":[");
    ph = strstr(all, "\"phases\":[]");
    assert_non_null(cut);
    assert_non_null(ph);
    assert_true(ph < cut);
    n = strlen(all) + strlen(msgs) + strlen(extra) + 64;
    out = malloc(n);
    assert_non_null(out);
    msgs[strlen(msgs) - 1] = '\0'; /* without its ']' */
    snprintf(out, n, "%.*s\"phases\":[{\"phase\":2,\"messages\":%s%s]}]%.*s}", (int)(ph - all), all,
             msgs, extra, (int)(cut - (ph + 11)), ph + 11);
    amc_free(all);
    amc_free(msgs);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(src);
    return out;
}

static bool has_rule(const char *buf, const char *rule)
{
    amc_validator_opts vo;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    bool found = false;
    memset(&vo, 0, sizeof vo);
    vo.profile = "discussion";
    assert_int_equal(amc_validator_new(&vo, ds, &v), AMC_OK);
    amc_diags_clear(ds);
    (void)amc_validator_check(v, NULL, buf, strlen(buf), ds, NULL);
    for (i = 0; i < amc_diags_count(ds); i++)
        found = found ||
                (amc_diags_get(ds, i)->rule_id && !strcmp(amc_diags_get(ds, i)->rule_id, rule));
    amc_validator_free(v);
    amc_diags_free(ds);
    return found;
}

static void test_discussion_phase_count(void **state)
{
    char *d = NULL;
    (void)state;
    d = phase_doc("");
    assert_false(has_rule(d, "DISC-LIMIT-001")); /* 100: at the limit */
    free(d);
    d = phase_doc(",7,\"x\",null");
    assert_false(has_rule(d, "DISC-LIMIT-001")); /* and three items that are no messages */
    free(d);
    d = phase_doc(",{}");
    assert_true(has_rule(d, "DISC-LIMIT-001")); /* 101 */
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_const_types),        cmocka_unit_test(test_utf8_bounds),
        cmocka_unit_test(test_escape_non_ascii),   cmocka_unit_test(test_indent_zero),
        cmocka_unit_test(test_hello_protocol),     cmocka_unit_test(test_acp_registration),
        cmocka_unit_test(test_acp_detect),         cmocka_unit_test(test_ptab_probes),
        cmocka_unit_test(test_idn_bidi),           cmocka_unit_test(test_regex_max_code_point),
        cmocka_unit_test(test_audit_header_case),  cmocka_unit_test(test_audit_header_lines),
        cmocka_unit_test(test_audit_retry_header), cmocka_unit_test(test_decimal_long_divisor),
        cmocka_unit_test(test_uri_normalise),      cmocka_unit_test(test_lc_names),
        cmocka_unit_test(test_yaml11_floats),      cmocka_unit_test(test_discussion_phase_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
