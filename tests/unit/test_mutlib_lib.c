/*
 * test_mutlib_lib.c - library functions of formats, profiles, lifecycle, conform, core and audit
 * whose mutants survived fresh issue-22 samples (docs/testing.md "Mutation testing"), each
 * asserting the exact answer the mutant changes:
 *   - src/profiles/profile.c amc_prof_tagged_rule: the "[RULE-ID]" of a schema location whose
 *     fragment is percent-encoded (%XX decoded with each hex digit range and its ends; a '%'
 *     without two hex digits makes no URI, so no rule), walking out to the nearest tagged object;
 *   - src/conform/conform.c amc_conform_reply_parse: a hello without "capabilities" whose
 *     "profiles" could not be copied for want of memory is AMC_ENOMEM, never a bad reply.
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
#include "amc/conform.h"
#include "amc/json.h"
#include "profiles/profile_int.h"

#ifdef AMC_ALLOC_FAILPOINTS
void amc_test_alloc_fail_at(long n);
unsigned long amc_test_alloc_count(void);
#endif

/* ---- amc_prof_tagged_rule: percent-encoded schema locations ---- */

#define DDEFS "https://amc.dev/schemas/discussion/defs.schema.json"

static void test_tagged_rule_pct(void **state)
{
    static const struct {
        const char *uri, *rule; /* rule NULL: no tagged object */
    } cases[] = {
        /* plain pointers; walking out from a member that is no object, or does not exist */
        {DDEFS "#/$defs/objectionCondition", "DISC-OBJ-001"},
        {DDEFS "#/$defs/objectionCondition/type", "DISC-OBJ-001"},
        {DDEFS "#/$defs/objectionCondition/no/such/member", "DISC-OBJ-001"},
        {DDEFS "#/$defs/messageCore/allOf/20/then/properties/phase", "DISC-PHASE-001"},
        {DDEFS "#/$defs/messageCore/allOf/20/then", "DISC-MSG-001"},
        {DDEFS "#/$defs", NULL},
        {DDEFS "#", NULL},
        {DDEFS, NULL},
        {NULL, NULL},
        {"https://amc.dev/schemas/discussion/none.schema.json#/$defs/messageCore", NULL},
        /* %24 is '$' (digits 2 and 4) */
        {DDEFS "#/%24defs/objectionCondition", "DISC-OBJ-001"},
        /* j is %6a / %6A: the hex digits a and A */
        {DDEFS "#/%24defs/ob%6aectionCondition", "DISC-OBJ-001"},
        {DDEFS "#/%24defs/ob%6AectionCondition", "DISC-OBJ-001"},
        /* _ is %5f / %5F: f and F */
        {DDEFS "#/%24defs/content%5fOBJECTION", "DISC-MSG-003"},
        {DDEFS "#/%24defs/content%5FOBJECTION", "DISC-MSG-003"},
        /* b, c, d, e: %62 %63 %64 %65 (and upper-case C, D, E: %43 %44 %45) */
        {DDEFS "#/%24defs/o%62j%65%63tionCon%64ition", "DISC-OBJ-001"},
        {DDEFS "#/%24defs/content_OBJ%45%43TION", "DISC-MSG-003"},
        {DDEFS "#/%24defs/%64ecisionI%64", "DISC-ID-003"},
        /* i is %69: the digit 9; 0 is %30: the digit 0 (and %2F a '/' between segments) */
        {DDEFS "#/%24defs/object%69onCondition", "DISC-OBJ-001"},
        {DDEFS "#/%24defs/messageCore/allOf/2%30/then/properties/phase", "DISC-PHASE-001"},
        {DDEFS "#%2F%24defs%2fmessageCore%2FallOf%2F2%30%2Fthen%2Fproperties%2Fphase",
         "DISC-PHASE-001"},
        {DDEFS "#/%24defs/messageCore/allOf/20/then/%70roperties/phase", "DISC-PHASE-001"},
        /* a '%' without two hex digits: not a URI, so no document and no rule */
        {DDEFS "#/%24defs/messageCore/allOf/20/then/properties/p%GFase", NULL},
        {DDEFS "#/%24defs/c%MFntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%mfntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%6gntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%6:ntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%:fntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%/fntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%6/ntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%@fntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%6@ntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%`fntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%6`ntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/c%GFntent_OBJECTION", NULL},
        {DDEFS "#/%24defs/objectionCondition/%", NULL},
        {DDEFS "#/%24defs/objectionCondition/%6", NULL},
        {DDEFS "#/%24defs/messageCore/allOf/20/then/properties/phase%", NULL},
        {DDEFS "#/%24defs/messageCore/allOf/20/then/properties/phase%7", NULL},
    };
    amc_validator_opts o;
    amc_validator *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    bool valid = false;
    size_t i = 0, bad = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "discussion";
    assert_int_equal(amc_validator_new(&o, ds, &v), AMC_OK);
    /* no schema compiled yet: no set to look in */
    {
        amc_status st = AMC_OK;
        assert_null(amc_prof_tagged_rule(v, DDEFS "#/$defs/objectionCondition", &st));
        assert_int_equal(st, AMC_OK);
    }
    assert_int_equal(amc_json_read("1", 1, NULL, ds, &doc), AMC_OK);
    assert_int_equal(
        amc_prof_schema_check(v, DDEFS, doc, amc_doc_root(doc), NULL, ds, NULL, &valid), AMC_OK);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_status st = AMC_OK;
        const amc_rule *r = amc_prof_tagged_rule(v, cases[i].uri, &st);
        const char *got = r ? r->id : NULL;
        assert_int_equal(st, AMC_OK);
        if (cases[i].rule ? !got || strcmp(got, cases[i].rule) != 0 : got != NULL) {
            fprintf(stderr, "%s: %s, not %s\n", cases[i].uri ? cases[i].uri : "(null)",
                    got ? got : "(none)", cases[i].rule ? cases[i].rule : "(none)");
            bad++;
        }
    }
    assert_int_equal(bad, 0);
    amc_doc_free(doc);
    amc_validator_free(v);
    amc_diags_free(ds);
}

/* ---- amc_conform_reply_parse: a hello without "capabilities", short of memory ---- */

#ifdef AMC_ALLOC_FAILPOINTS
/* Each allocation failing in turn: AMC_ENOMEM, or the clean reply (two profiles, no
 * capabilities); never the "must be arrays of strings" of a well-formed reply. */
static void test_hello_nomem(void **state)
{
    static const char hello[] = "{\"seq\":1,\"protocol\":1,\"implementation\":{\"name\":\"x\"},"
                                "\"profiles\":[\"acp\",\"mailbox\"]}";
    bool clean = false;
    size_t nomem = 0;
    long k = 0;
    (void)state;
    for (k = 0; !clean && k < 1000; k++) {
        amc_diags *ds = amc_diags_new(0);
        amc_conform_reply *r = NULL;
        amc_status st = AMC_OK;
        unsigned long used = 0;
        assert_non_null(ds);
        amc_test_alloc_fail_at(k);
        st = amc_conform_reply_parse(hello, sizeof hello - 1, "hello", 1, ds, &r);
        used = amc_test_alloc_count();
        amc_test_alloc_fail_at(-1);
        if (st == AMC_OK) {
            assert_non_null(r);
            assert_int_equal(amc_diags_count(ds), 0);
            clean = used <= (unsigned long)k;
        } else if (st == AMC_ENOMEM) {
            assert_null(r);
            assert_int_equal(amc_diags_count(ds), 0);
            nomem++;
        } else {
            fail_msg("allocation %ld failing: status %d, %zu diagnostics", k, (int)st,
                     amc_diags_count(ds));
        }
        amc_conform_reply_free(r);
        amc_diags_free(ds);
    }
    assert_true(clean);
    assert_true(nomem > 2);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tagged_rule_pct),
#ifdef AMC_ALLOC_FAILPOINTS
        cmocka_unit_test(test_hello_nomem),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
