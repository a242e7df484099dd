/*
 * lc_reply.h - a reply to a lifecycle request made of amc's own results for a generator's current
 * sequence, with at most one change (tests/unit/test_lc_gen.c, test_lead_alloc.c). Included by
 * those files only, after cmocka.h and amc/amc.h.
 */
#ifndef AMC_TEST_LC_REPLY_H
#define AMC_TEST_LC_REPLY_H

/* amc's results as a reply, with one change: step `at` (-1: none) gets `what`: 0 its accepted
 * flipped, 1 its codes dropped, 2 another state; what 3 leaves the last step's result out. */
static amc_conform_reply *reply(const amc_lifecycle_gen *g, long at, int what)
{
    size_t n = amc_lifecycle_gen_len(g), i = 0, cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    amc_conform_reply *r = NULL;
    amc_diags *ds = amc_diags_new(0);
    assert_non_null(buf);
    len += (size_t)snprintf(buf, cap, "{\"seq\":1,\"states\":[");
    for (i = 0; i <= n; i++) {
        amc_lifecycle_result s;
        const char *p = NULL;
        bool first = true;
        size_t need = 0;
        assert_int_equal(amc_lifecycle_gen_step(g, i, &s), AMC_OK);
        need = strlen(s.state) + strlen(s.codes) * 2 + 200;
        while (len + need > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
        if (i < n && !(what == 3 && i + 1 == n)) { /* 3: one result too few */
            bool acc = (long)i == at && what == 0 ? !s.accepted : s.accepted;
            len += (size_t)snprintf(buf + len, cap - len, "{\"accepted\":%s,\"codes\":[",
                                    acc ? "true" : "false");
            for (p = s.codes; *p;) {
                size_t l = 0;
                while (*p == ' ')
                    p++;
                l = strcspn(p, " ");
                if (l && !((long)i == at && what == 1)) {
                    len += (size_t)snprintf(buf + len, cap - len, "%s\"%.*s\"", first ? "" : ",",
                                            (int)l, p);
                    first = false;
                }
                p += l;
            }
            len += (size_t)snprintf(buf + len, cap - len, "],\"state\":%s},",
                                    (long)i == at && what == 2 ? "{\"t\":-1}" : s.state);
        }
        if (i == n) {
            if (buf[len - 1] == ',')
                len--; /* the last comma */
            len += (size_t)snprintf(buf + len, cap - len, "],\"final\":{\"codes\":[");
            first = true;
            for (p = s.codes; *p;) {
                size_t l = 0;
                while (*p == ' ')
                    p++;
                l = strcspn(p, " ");
                if (l) {
                    len += (size_t)snprintf(buf + len, cap - len, "%s\"%.*s\"", first ? "" : ",",
                                            (int)l, p);
                    first = false;
                }
                p += l;
            }
            len += (size_t)snprintf(buf + len, cap - len, "],\"state\":%s}}", s.state);
        }
    }
    assert_int_equal(amc_conform_reply_parse(buf, len, "lifecycle", 1, ds, &r), AMC_OK);
    amc_diags_free(ds);
    free(buf);
    return r;
}

#endif
