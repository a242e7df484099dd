/*
 * test_c17_yaml.c - which plain scalars the YAML reader flags as YAML 1.1 timestamps (issue 22):
 * PyYAML's resolver takes [0-9]{4}-[0-9]{1,2}-[0-9]{1,2} then a time [0-9]{1,2}:[0-9]{2}:[0-9]{2}
 * and a zone [-+][0-9]{1,2}(:[0-9]{2})?, so a month, day, hour or zone hour of three digits is
 * no timestamp (a plain string, no YAML_11_AMBIGUOUS), while the same text with two digits is
 * one (the warning). Kills yaml_read.c:844 (ndig's `k < max` made <=: one digit more than the
 * pattern allows was taken).
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
#include "amc/yaml.h"

static const struct {
    const char *scalar;
    bool timestamp;
} cases[] = {
    {"2001-12-14 21:59:43", true},
    {"2001-123-14 21:59:43", false}, /* month of three digits */
    {"2001-1-4 1:59:43", true},
    {"2001-12-143 21:59:43", false}, /* day */
    {"2001-12-143T21:59:43", false},
    {"2001-12-14 213:59:43", false}, /* hour */
    {"2001-12-14t1:59:43", true},
    {"2001-12-14 21:59:43 +5", true},
    {"2001-12-14 21:59:43 +05", true},
    {"2001-12-14 21:59:43 +053", false}, /* zone hour */
    {"2001-12-14 21:59:43 -05:30", true},
    {"2001-12-14 21:59:43 -053:30", false},
    {"2001-12-14 21:59:43 -05:300", false}, /* zone minute */
    {"2001-12-14 21:59:435", false},        /* second */
    {"2001-12-14 21:599:43", false},        /* minute */
    {"20011-12-14 21:59:43", false},        /* year */
    {"2001-12-14", true},
    {"2001-12-140", false},
};

static void test_timestamp_digits(void **state)
{
    size_t i = 0, k = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[128], want[128];
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        char *json = NULL;
        bool warned = false;
        assert_non_null(ds);
        snprintf(buf, sizeof buf, "k: %s\n", cases[i].scalar);
        assert_int_equal(amc_yaml_read(buf, strlen(buf), NULL, ds, &doc), AMC_OK);
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            if (d->code == AMC_C_YAML_11_AMBIGUOUS)
                warned = true;
            else
                bad++, printf("FAIL %s: diagnostic %s\n", cases[i].scalar, amc_code_id(d->code));
        }
        if (warned != cases[i].timestamp) {
            printf("FAIL %s: %s\n", cases[i].scalar,
                   warned ? "flagged as a YAML 1.1 timestamp" : "not flagged");
            bad++;
        }
        /* a string either way */
        json = amc_value_to_json(amc_doc_root(doc), -1, NULL);
        snprintf(want, sizeof want, "{\"k\":\"%s\"}", cases[i].scalar);
        if (!json || strcmp(json, want) != 0) {
            printf("FAIL %s: %s\n", cases[i].scalar, json ? json : "(no JSON)");
            bad++;
        }
        amc_free(json);
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timestamp_digits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
