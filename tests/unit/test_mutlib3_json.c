/*
 * test_mutlib3_json.c - the JSON reader's limits (src/formats/json_read.c; issue 22) one step
 * inside and one step outside each: a number, a plain string, a string with escapes and a key
 * of exactly max_string_bytes (read) and one byte longer (LIMIT_STRING); max_depth nested
 * containers (read) and one more (LIMIT_DEPTH); max_nodes values (read) and one more
 * (LIMIT_NODES); an input of max_input_bytes (read) and one byte longer (LIMIT_SIZE). Each
 * refusal's status and first diagnostic code are checked, and the number's message in full.
 * A high surrogate escape followed by \u0000 (a low half of value 0: not a low surrogate) is a
 * lone surrogate, not a bad escape.
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
#include "amc/json.h"

static amc_status rd(const char *s, const amc_limits *lim, amc_code *first, char *msg, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *d = NULL;
    amc_status st = amc_json_read(s, strlen(s), lim, ds, &d);
    *first = amc_diags_count(ds) ? amc_diags_get(ds, 0)->code : (amc_code)0;
    if (msg)
        snprintf(msg, cap, "%s", amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "");
    amc_doc_free(d);
    amc_diags_free(ds);
    return st;
}

static void ok(const char *s, const amc_limits *lim)
{
    amc_code c = 0;
    amc_status st = rd(s, lim, &c, NULL, 0);
    if (st != AMC_OK || c != 0)
        fail_msg("%s: status %d, code %s", s, (int)st, c ? amc_code_id(c) : "-");
}

static void refused(const char *s, const amc_limits *lim, amc_code want)
{
    amc_code c = 0;
    amc_status st = rd(s, lim, &c, NULL, 0);
    if (st != AMC_ELIMIT || c != want)
        fail_msg("%s: status %d, code %s, want ELIMIT %s", s, (int)st, c ? amc_code_id(c) : "-",
                 amc_code_id(want));
}

static void test_limits(void **state)
{
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_code c = 0;
    char msg[256];
    (void)state;
    lim.max_string_bytes = 6;
    ok("123456", &lim);
    ok("-12.50", &lim);
    refused("1234567", &lim, AMC_C_LIMIT_STRING);
    assert_int_equal(rd("[-12.5e3]", &lim, &c, msg, sizeof msg), AMC_ELIMIT);
    assert_string_equal(msg, "number of 7 characters exceeds the limit of 6 bytes");
    ok("\"abcdef\"", &lim);
    refused("\"abcdefg\"", &lim, AMC_C_LIMIT_STRING);
    ok("\"a\\u0041cd\\n\\t\"", &lim); /* 6 bytes decoded */
    refused("\"a\\u0041cd\\n\\t!\"", &lim, AMC_C_LIMIT_STRING);
    ok("\"\\u00e9\\u00e9\\u00e9\"", &lim); /* 3 x 2 bytes */
    refused("\"\\u00e9\\u00e9\\u00e9!\"", &lim, AMC_C_LIMIT_STRING);
    ok("{\"abcdef\": 1}", &lim);
    refused("{\"abcdefg\": 1}", &lim, AMC_C_LIMIT_STRING);
    ok("{\"ab\\ncde\": 1}", &lim);
    refused("{\"ab\\ncdef\": 1}", &lim, AMC_C_LIMIT_STRING);
    lim = (amc_limits)AMC_LIMITS_DEFAULT;
    lim.max_depth = 3;
    ok("[[[1]]]", &lim);
    ok("{\"a\": [{\"b\": 1}]}", &lim);
    refused("[[[[1]]]]", &lim, AMC_C_LIMIT_DEPTH);
    refused("{\"a\": [{\"b\": []}]}", &lim, AMC_C_LIMIT_DEPTH);
    lim = (amc_limits)AMC_LIMITS_DEFAULT;
    lim.max_nodes = 4;
    ok("[1, 2, 3]", &lim);
    ok("{\"a\": 1, \"b\": [2]}", &lim);
    refused("[1, 2, 3, 4]", &lim, AMC_C_LIMIT_NODES);
    refused("{\"a\": 1, \"b\": [2, 3]}", &lim, AMC_C_LIMIT_NODES);
    lim = (amc_limits)AMC_LIMITS_DEFAULT;
    lim.max_input_bytes = 10;
    ok("[1,2,3,44]", &lim);
    refused("[1,2,3,444]", &lim, AMC_C_LIMIT_SIZE);
}

static void test_surrogate_zero(void **state)
{
    amc_code c = 0;
    char msg[256];
    (void)state;
    assert_int_equal(rd("\"\\ud800\\u0000\"", NULL, &c, msg, sizeof msg), AMC_EINVALID);
    assert_int_equal(c, AMC_C_JSON_LONE_SURROGATE);
    assert_string_equal(msg, "unpaired UTF-16 surrogate escape \\ud800");
    assert_int_equal(rd("\"\\ud800\\u0001\"", NULL, &c, msg, sizeof msg), AMC_EINVALID);
    assert_int_equal(c, AMC_C_JSON_LONE_SURROGATE);
    assert_int_equal(rd("\"\\ud800\\udc00\"", NULL, &c, msg, sizeof msg), AMC_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_limits),
                                       cmocka_unit_test(test_surrogate_zero)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
