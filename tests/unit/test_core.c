/*
 * test_core.c - code table, diagnostics list, positions, decimal numbers, JSON Pointer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "core/diag_int.h"
#include "core/num_int.h"
#include "core/utf8_int.h"

static void test_code_table_sorted_and_unique(void **state)
{
    size_t i = 0, j = 0;
    (void)state;
    assert_true(AMC_CODE_COUNT > 0);
    for (i = 1; i < AMC_CODE_COUNT; i++)
        assert_true((int)amc_code_at(i - 1) < (int)amc_code_at(i));
    for (i = 0; i < AMC_CODE_COUNT; i++) {
        amc_code c = amc_code_at(i);
        assert_non_null(amc_code_name(c));
        assert_non_null(amc_code_message(c));
        assert_int_equal(amc_code_lookup(amc_code_id(c)), c);
        assert_int_equal(amc_code_lookup(amc_code_name(c)), c);
        for (j = 0; j < i; j++)
            assert_string_not_equal(amc_code_name(amc_code_at(j)), amc_code_name(c));
    }
    assert_null(amc_code_name((amc_code)999999));
}

static void test_version(void **state)
{
    (void)state;
    assert_string_equal(amc_version(), AMC_VERSION_STRING);
}

static void test_diags_limit_and_counts(void **state)
{
    amc_diags *ds = amc_diags_new(2);
    amc_pos p = {5, 0, 5};
    (void)state;
    assert_non_null(ds);
    assert_int_equal(amc_diags_addf(ds, AMC_C_UTF8_INVALID, p, "bad byte 0x%02x", 0xff), AMC_OK);
    assert_int_equal(amc_diags_addf(ds, AMC_C_LIMIT_DIAGS, p, NULL), AMC_OK);
    assert_int_equal(amc_diags_addf(ds, AMC_C_NOMEM, p, NULL), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 2);
    assert_int_equal(amc_diags_dropped(ds), 1);
    assert_int_equal(amc_diags_errors(ds), 2);
    assert_int_equal(amc_diags_infos(ds), 1);
    assert_string_equal(amc_diags_get(ds, 0)->message, "bad byte 0xff");
    assert_string_equal(amc_diags_get(ds, 1)->message, amc_code_message(AMC_C_LIMIT_DIAGS));
    amc_diags_free(ds);
    amc_diags_free(NULL);
}

/* amc_diags_compact: identical entries dropped, two rules' same finding folded (also_code),
 * anything else kept; counts follow. */
static void test_diags_compact(void **state)
{
    static const struct tcase {
        const char *name;
        amc_code code;
        amc_severity sev;
        size_t off;
        const char *msg, *ptr, *rule;
    } in[] = {
        {"first", AMC_C_MAILBOX_PAYLOAD_INVALID, AMC_SEV_ERROR, 5, "m", "/p", "MAILBOX-ENV-002"},
        {"identical", AMC_C_MAILBOX_PAYLOAD_INVALID, AMC_SEV_ERROR, 5, "m", "/p",
         "MAILBOX-ENV-002"},
        {"other rule, same finding", AMC_C_MAILBOX_SCHEMA_INVALID, AMC_SEV_ERROR, 5, "m", "/p",
         "MAILBOX-ENV-001"},
        {"same code, other place", AMC_C_MAILBOX_PAYLOAD_INVALID, AMC_SEV_ERROR, 6, "m", "/p",
         "MAILBOX-ENV-002"},
        {"same place, other message", AMC_C_MAILBOX_ACL_DENY, AMC_SEV_ERROR, 5, "n", "/p",
         "MAILBOX-ACL-001"},
        {"reader, same finding: kept", AMC_C_SCHEMA_TYPE, AMC_SEV_ERROR, 5, "m", "/p", NULL},
        {"warning, same text: kept", AMC_C_MAILBOX_SIGNATURE_UNKEYED, AMC_SEV_WARNING, 5, "m", "/p",
         "MAILBOX-SIG-002"},
    };
    static const size_t want[] = {0, 3, 4, 5, 6};
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0;
    (void)state;
    assert_non_null(ds);
    for (i = 0; i < sizeof in / sizeof in[0]; i++) {
        amc_diag d;
        memset(&d, 0, sizeof d);
        d.code = in[i].code;
        d.sev = in[i].sev;
        d.at.offset = in[i].off;
        d.message = in[i].msg;
        d.instance_ptr = in[i].ptr;
        d.rule_id = in[i].rule;
        assert_int_equal(amc_diags_add(ds, &d), AMC_OK);
    }
    amc_diags_compact(ds, 0);
    assert_int_equal(amc_diags_count(ds), sizeof want / sizeof want[0]);
    for (i = 0; i < sizeof want / sizeof want[0]; i++)
        if (amc_diags_get(ds, i)->code != in[want[i]].code)
            fail_msg("kept entry %zu is not '%s'", i, in[want[i]].name);
    assert_int_equal(amc_diags_get(ds, 0)->also_code, AMC_C_MAILBOX_SCHEMA_INVALID);
    assert_int_equal(amc_diags_get(ds, 1)->also_code, 0);
    assert_int_equal(amc_diags_errors(ds), 4);
    assert_int_equal(amc_diags_warnings(ds), 1);
    amc_diags_free(ds);
}

static void test_pos_of(void **state)
{
    static const struct {
        const char *name, *buf;
        size_t off;
        uint32_t line, col;
    } cases[] = {
        {"start", "abc", 0, 0, 0},
        {"mid", "abc", 2, 0, 2},
        {"after LF", "a\nbc", 3, 1, 1},
        {"after CRLF", "a\r\nbc", 4, 1, 1},
        {"lone CR", "a\rb", 2, 1, 0},
        {"at CR", "a\r\nb", 1, 0, 1},
        {"at LF of CRLF", "a\r\nb", 2, 0, 2},
        {"utf8 col", "\xc3\xa9\xc3\xa9x", 4, 0, 2},
        {"end", "ab\n", 3, 1, 0},
        {"LF lines then a CR", "a\nb\nc\rd\r\ne\nf", 11, 5, 0},
        {"CRs then LF lines", "\r\r\na\nb\nc", 8, 4, 1},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_pos p = amc_pos_of(cases[i].buf, strlen(cases[i].buf), cases[i].off);
        if (p.line != cases[i].line || p.col != cases[i].col)
            fail_msg("%s: got %u:%u want %u:%u", cases[i].name, p.line, p.col, cases[i].line,
                     cases[i].col);
    }
}

static void test_decnum(void **state)
{
    static const struct {
        const char *a, *b;
        int cmp;
        bool a_int;
    } cases[] = {
        {"1", "1.0", 0, true},
        {"1.0", "1e0", 0, true},
        {"10", "1e1", 0, true},
        {"0.1", "1e-1", 0, false},
        {"-0", "0", 0, true},
        {"2", "10", -1, true},
        {"-2", "-10", 1, true},
        {"1.5", "1.25", 1, false},
        {"1e400", "1e399", 1, true},
        {"100.00", "1E2", 0, true},
        {"1.0000000000000001", "1", 1, false},
        {"123.456e3", "123456", 0, true},
        {"0.0001e4", "1", 0, true},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_decnum x, y;
        int c = 0;
        amc_decnum_parse(cases[i].a, strlen(cases[i].a), &x);
        amc_decnum_parse(cases[i].b, strlen(cases[i].b), &y);
        c = amc_decnum_cmp(&x, &y);
        if (c != cases[i].cmp)
            fail_msg("cmp(%s, %s) = %d, want %d", cases[i].a, cases[i].b, c, cases[i].cmp);
        if (amc_decnum_is_integer(&x) != cases[i].a_int)
            fail_msg("is_integer(%s) wrong", cases[i].a);
    }
}

static void test_utf8(void **state)
{
    static const struct {
        const char *name, *s;
        size_t len, want;
    } cases[] = {
        {"ascii", "abc", 3, 3},
        {"2-byte", "\xc3\xa9", 2, 2},
        {"overlong 2", "\xc0\xaf", 2, 0},
        {"overlong 3", "\xe0\x80\xaf", 3, 0},
        {"surrogate", "\xed\xa0\x80", 3, 0},
        {"max", "\xf4\x8f\xbf\xbf", 4, 4},
        {"above max", "\xf4\x90\x80\x80", 4, 0},
        {"truncated", "a\xe2\x82", 3, 1},
        {"lone continuation", "\x80", 1, 0},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (amc_utf8_validate(cases[i].s, cases[i].len) != cases[i].want)
            fail_msg("%s", cases[i].name);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_code_table_sorted_and_unique),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_diags_limit_and_counts),
        cmocka_unit_test(test_diags_compact),
        cmocka_unit_test(test_pos_of),
        cmocka_unit_test(test_decnum),
        cmocka_unit_test(test_utf8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
