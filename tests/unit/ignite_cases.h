/*
 * ignite_cases.h - the header-case runner shared by test_ignite.c, test_ignite_edges.c and
 * test_libcov_ignite.c (included by those files only): the base message (the seed's notification
 * example, every header right), a case = one header replaced, removed or added, build() and
 * run_cases().
 */
#ifndef AMC_TEST_IGNITE_CASES_H
#define AMC_TEST_IGNITE_CASES_H

/* The base message: every header right, so each case below reports only what it changes. */
static const char *const base_headers[] = {
    "MIME-Version: 1.0",
    "Message-ID: <177069306000.59845.16387098975994078935@ignite.local>",
    "From: user",
    "To: coordinator",
    "Date: Tue, 10 Feb 2026 12:11:00 +0900",
    "X-IGNITE-Type: notification",
    "X-IGNITE-Priority: normal",
    "Content-Type: text/x-yaml; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
};
#define N_HEADERS  (sizeof base_headers / sizeof base_headers[0])
#define MSGID_LEFT "<177069306000.59845.16387098975994078935@"
static const char base_body[] = "message: |\n  deploy at 18:00\n";

struct tcase {
    const char *name;
    const char *header;   /* the header replaced (its name as in base_headers) */
    const char *line;     /* its new line; NULL: removed */
    amc_code code;        /* expected (0: no error and no warning at all) */
    unsigned lineno, col; /* 1-based position of that code */
    const char *hint;     /* substring of its message (NULL: not checked) */
};

/* The base message with t's change: t->header "+" appends t->line to the header block; a "%s"
 * in t->line stands for the left side and '@' of the base Message-ID. */
static char *build(const struct tcase *t)
{
    static char buf[2048];
    size_t i = 0, n = 0;
    for (i = 0; i < N_HEADERS; i++) {
        const char *h = base_headers[i];
        if (t->header && !strncmp(h, t->header, strlen(t->header)) && h[strlen(t->header)] == ':') {
            if (!t->line)
                continue;
            h = t->line;
        }
        if (strstr(h, "%s"))
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%.*s%s%s", (int)(strstr(h, "%s") - h),
                                  h, MSGID_LEFT, strstr(h, "%s") + 2);
        else
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", h);
        buf[n++] = '\n';
    }
    if (t->header && !strcmp(t->header, "+"))
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s\n", t->line);
    snprintf(buf + n, sizeof buf - n, "\n%s", base_body);
    return buf;
}

/* Each case validated with the ignite profile: the code at its line:col with the hint in its
 * message and nothing else reported (no diagnostic at all for code 0). */
static void run_cases(const struct tcase *cases, size_t n)
{
    size_t i = 0, k = 0, bad = 0;
    for (i = 0; i < n; i++) {
        const struct tcase *t = &cases[i];
        const char *in = build(t);
        amc_validator_opts o;
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        const char *used = NULL;
        const amc_diag *hit = NULL;
        size_t others = 0, bad0 = bad;
        amc_status st = AMC_OK;
        memset(&o, 0, sizeof o);
        o.profile = "ignite";
        assert_int_equal(amc_validator_new(&o, NULL, &v), AMC_OK);
        st = amc_validator_check(v, NULL, in, strlen(in), ds, &used);
        if (st != (amc_diags_errors(ds) ? AMC_EINVALID : AMC_OK) || strcmp(used, "ignite") != 0) {
            printf("FAIL %s: status %s, profile %s\n", t->name, amc_status_str(st), used);
            bad++;
        }
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            if (t->code && d->code == t->code && !hit)
                hit = d;
            else
                others++;
        }
        if (!t->code && amc_diags_count(ds)) {
            printf("FAIL %s: unexpected diagnostics\n", t->name);
            bad++;
        } else if (t->code && !hit) {
            printf("FAIL %s: %s not reported\n", t->name, amc_code_id(t->code));
            bad++;
        } else if (hit && (hit->at.line + 1 != t->lineno || hit->at.col + 1 != t->col)) {
            printf("FAIL %s: at %u:%u, want %u:%u\n", t->name, hit->at.line + 1, hit->at.col + 1,
                   t->lineno, t->col);
            bad++;
        } else if (hit && t->hint && !strstr(hit->message, t->hint)) {
            printf("FAIL %s: message '%s' lacks '%s'\n", t->name, hit->message, t->hint);
            bad++;
        } else if (hit && others) {
            printf("FAIL %s: %zu other diagnostics\n", t->name, others);
            bad++;
        }
        for (k = 0; bad > bad0 && k < amc_diags_count(ds) && k < 6; k++)
            printf("    %u:%u %s %s\n", amc_diags_get(ds, k)->at.line + 1,
                   amc_diags_get(ds, k)->at.col + 1, amc_code_id(amc_diags_get(ds, k)->code),
                   amc_diags_get(ds, k)->message);
        amc_diags_free(ds);
        amc_validator_free(v);
    }
    assert_int_equal(bad, 0);
}

#endif
