/*
 * report.c - reports of a conformance run (amc/conform.h): text, JSON, JUnit XML, TAP 14 and
 * Markdown (a CI job summary).
 *
 * Decisions:
 *   - Only selected cases appear, in manifest order (profiles in the order they were added).
 *   - Score = (pass + xfail counted as not passing) pass / denominator, denominator = selected
 *     minus skipped; printed with one decimal, truncated (99.96% is never shown as 100.0%).
 *   - JUnit: one <testsuite> per profile; classname = profile, name = case id; fail ->
 *     <failure>, error/not-tested -> <error>, skip/xfail -> <skipped> (xfail's message says so),
 *     xpass -> <failure> (stale expected-failure entry). SHOULD failures are <failure> with
 *     type="SHOULD" (JUnit has no warning).
 *   - TAP 14: "TAP version 14", plan 1..N, "ok"/"not ok" per case, "# SKIP" for skips,
 *     "# TODO" for xfail (TAP's expected failure); SHOULD failures are "not ok ... # TODO
 *     SHOULD" so a TAP consumer does not fail on them, matching the exit status.
 *   - Per-rule lines in text/Markdown list only rules with a failing case (the full per-case
 *     detail is in JSON/JUnit/TAP).
 */
#include <stdio.h>
#include <string.h>
#include "amc/conform.h"
#include "core/arena_int.h"
#include "core/buf_int.h"

typedef struct rep {
    amc_conform_suite *s;
    const amc_conform_run_info *info;
    amc_buf b;
} rep;

static void score(amc_buf *b, const amc_conform_summary *m)
{
    unsigned long permille =
        m->denominator ? (unsigned long)((m->pass * 1000) / m->denominator) : 0;
    amc_buf_printf(b, "%lu.%lu%%", permille / 10, permille % 10);
}

/* Profiles of the selected cases, in order; returns how many (at most max). */
static size_t profiles_of(amc_conform_suite *s, const char **out, size_t max)
{
    size_t n = 0, i = 0, j = 0;
    for (i = 0; i < amc_conform_case_count(s); i++) {
        const amc_conform_case *c = amc_conform_case_at(s, i);
        bool seen = false;
        if (!c->selected)
            continue;
        for (j = 0; j < n; j++)
            seen = seen || !strcmp(out[j], c->profile);
        if (!seen && n < max)
            out[n++] = c->profile;
    }
    return n;
}

static bool is_bad(const amc_conform_case *c)
{
    return c->outcome == AMC_CONFORM_FAIL || c->outcome == AMC_CONFORM_ERROR ||
           c->outcome == AMC_CONFORM_NOT_TESTED || c->outcome == AMC_CONFORM_XPASS;
}

static const char *verdict_word(int st)
{
    return st == 0 ? "CONFORMANT" : st == 1 ? "NOT CONFORMANT" : "NOT MEASURED";
}

static void counts(amc_buf *b, const amc_conform_summary *m)
{
    amc_buf_printf(b,
                   "%zu pass, %zu fail, %zu error, %zu not tested, %zu skip, %zu xfail, "
                   "%zu stale xfail",
                   m->pass, m->fail, m->error, m->not_tested, m->skip, m->xfail, m->xpass);
}

static void text_or_md(rep *r, bool md)
{
    const char *profs[64];
    size_t np = profiles_of(r->s, profs, 64), p = 0, i = 0;
    amc_conform_summary all;
    int st = amc_conform_exit_status(r->s, r->info);
    amc_buf *b = &r->b;
    const amc_conform_run_info *in = r->info;
    amc_conform_summarize(r->s, NULL, &all);
    if (md)
        amc_buf_printf(b, "## amc conform: %s\n\n", verdict_word(st));
    amc_buf_printf(b, "%simplementation: %s", md ? "- " : "",
                   in->impl_name && *in->impl_name ? in->impl_name : "(unknown)");
    if (in->impl_version && *in->impl_version)
        amc_buf_printf(b, " %s", in->impl_version);
    if (in->impl_language && *in->impl_language)
        amc_buf_printf(b, " (%s)", in->impl_language);
    amc_buf_printf(b, " via %s%s%s\n", in->mode ? in->mode : "?",
                   in->verdict_only ? ", verdicts only (codes not compared)" : "",
                   in->reached ? "" : ", NOT REACHED");
    if (md)
        amc_buf_puts(b, "\n| profile | score | pass | fail | error | not tested | skip | xfail "
                        "| stale | MUST bad | SHOULD bad |\n|---|---|---|---|---|---|---|---|---|"
                        "---|---|\n");
    for (p = 0; p < np; p++) {
        amc_conform_summary m;
        amc_conform_summarize(r->s, profs[p], &m);
        if (md) {
            amc_buf_printf(b, "| %s | ", profs[p]);
            score(b, &m);
            amc_buf_printf(b, " | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu |\n", m.pass,
                           m.fail, m.error, m.not_tested, m.skip, m.xfail, m.xpass, m.must_bad,
                           m.should_bad);
        } else {
            amc_buf_printf(b, "%-12s ", profs[p]);
            score(b, &m);
            amc_buf_printf(b, " (%zu/%zu): ", m.pass, m.denominator);
            counts(b, &m);
            amc_buf_putc(b, '\n');
        }
    }
    if (md)
        amc_buf_puts(b, "\n");
    for (i = 0; i < amc_conform_case_count(r->s); i++) {
        const amc_conform_case *c = amc_conform_case_at(r->s, i);
        if (!c->selected || !is_bad(c))
            continue;
        amc_buf_printf(b, "%s%s %s [%s %s] %s\n", md ? "- " : "  ",
                       md ? (c->must ? "**MUST**" : "SHOULD") : amc_conform_outcome_str(c->outcome),
                       c->id, c->rule, c->must ? "MUST" : "SHOULD", c->message);
    }
    if (md)
        amc_buf_puts(b, "\n");
    amc_buf_printf(b, "%stotal ", md ? "**" : "");
    score(b, &all);
    amc_buf_printf(b, " (%zu/%zu): ", all.pass, all.denominator);
    counts(b, &all);
    amc_buf_printf(b, "; %s%s\n", verdict_word(st), md ? "**" : "");
    if (all.should_bad && st == 0)
        amc_buf_printf(b, "warning: %zu SHOULD case(s) failed\n", all.should_bad);
}

static void xml_esc(amc_buf *b, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '<')
            amc_buf_puts(b, "&lt;");
        else if (ch == '>')
            amc_buf_puts(b, "&gt;");
        else if (ch == '&')
            amc_buf_puts(b, "&amp;");
        else if (ch == '"')
            amc_buf_puts(b, "&quot;");
        else if (ch < 0x20 && ch != '\t' && ch != '\n')
            amc_buf_putc(b, '?');
        else
            amc_buf_putc(b, (char)ch);
    }
}

static void junit(rep *r)
{
    const char *profs[64];
    size_t np = profiles_of(r->s, profs, 64), p = 0, i = 0;
    amc_buf *b = &r->b;
    amc_buf_puts(b,
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"amc conform\">\n");
    for (p = 0; p < np; p++) {
        amc_conform_summary m;
        amc_conform_summarize(r->s, profs[p], &m);
        amc_buf_printf(b,
                       "  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" "
                       "skipped=\"%zu\">\n",
                       profs[p], m.total, m.fail + m.xpass, m.error + m.not_tested,
                       m.skip + m.xfail);
        for (i = 0; i < amc_conform_case_count(r->s); i++) {
            const amc_conform_case *c = amc_conform_case_at(r->s, i);
            const char *tag = NULL;
            if (!c->selected || strcmp(c->profile, profs[p]))
                continue;
            amc_buf_puts(b, "    <testcase classname=\"");
            xml_esc(b, c->profile);
            amc_buf_puts(b, "\" name=\"");
            xml_esc(b, c->id);
            amc_buf_printf(b, "\" time=\"%.3f\"", c->seconds);
            switch (c->outcome) {
            case AMC_CONFORM_PASS:
                break;
            case AMC_CONFORM_FAIL:
            case AMC_CONFORM_XPASS:
                tag = "failure";
                break;
            case AMC_CONFORM_ERROR:
            case AMC_CONFORM_NOT_TESTED:
                tag = "error";
                break;
            case AMC_CONFORM_SKIP:
            case AMC_CONFORM_XFAIL:
                tag = "skipped";
                break;
            }
            if (!tag) {
                amc_buf_puts(b, "/>\n");
                continue;
            }
            amc_buf_printf(b, ">\n      <%s type=\"%s\" message=\"", tag,
                           c->must ? "MUST" : "SHOULD");
            if (c->outcome == AMC_CONFORM_XFAIL)
                amc_buf_puts(b, "expected failure: ");
            xml_esc(b, *c->message ? c->message : amc_conform_outcome_str(c->outcome));
            amc_buf_puts(b, "\">");
            xml_esc(b, c->rule);
            amc_buf_puts(b, ": ");
            xml_esc(b, c->description);
            amc_buf_printf(b, "</%s>\n    </testcase>\n", tag);
        }
        amc_buf_puts(b, "  </testsuite>\n");
    }
    amc_buf_puts(b, "</testsuites>\n");
}

/* TAP descriptions: no '#' (it starts a directive) and no newline. */
static void tap_esc(amc_buf *b, const char *s)
{
    for (; *s; s++)
        amc_buf_putc(b, *s == '#' ? '_' : (*s == '\n' || *s == '\r') ? ' ' : *s);
}

static void tap(rep *r)
{
    size_t n = 0, i = 0, k = 0;
    amc_buf *b = &r->b;
    for (i = 0; i < amc_conform_case_count(r->s); i++)
        n += amc_conform_case_at(r->s, i)->selected;
    amc_buf_printf(b, "TAP version 14\n1..%zu\n", n);
    for (i = 0; i < amc_conform_case_count(r->s); i++) {
        const amc_conform_case *c = amc_conform_case_at(r->s, i);
        bool ok = c->outcome == AMC_CONFORM_PASS || c->outcome == AMC_CONFORM_SKIP;
        if (!c->selected)
            continue;
        k++;
        amc_buf_printf(b, "%s %zu - ", ok ? "ok" : "not ok", k);
        tap_esc(b, c->id);
        if (c->outcome == AMC_CONFORM_SKIP) {
            amc_buf_puts(b, " # SKIP ");
            tap_esc(b, c->message);
        } else if (c->outcome == AMC_CONFORM_XFAIL) {
            amc_buf_puts(b, " # TODO expected failure ");
            tap_esc(b, c->xfail_reason);
        } else if (!ok && !c->must) {
            amc_buf_puts(b, " # TODO SHOULD ");
            tap_esc(b, c->message);
        }
        amc_buf_putc(b, '\n');
        if (!ok && *c->message) {
            amc_buf_puts(b, "  ---\n  message: \"");
            amc_buf_json_escape(b, c->message, strlen(c->message));
            amc_buf_printf(b, "\"\n  severity: %s\n  rule: \"",
                           amc_conform_outcome_str(c->outcome));
            amc_buf_json_escape(b, c->rule, strlen(c->rule));
            amc_buf_puts(b, "\"\n  ...\n");
        }
    }
}

static void jstr(amc_buf *b, const char *s)
{
    amc_buf_putc(b, '"');
    amc_buf_json_escape(b, s ? s : "", s ? strlen(s) : 0);
    amc_buf_putc(b, '"');
}

static void jsum(amc_buf *b, const amc_conform_summary *m)
{
    amc_buf_printf(b,
                   "{\"total\":%zu,\"pass\":%zu,\"fail\":%zu,\"error\":%zu,\"not_tested\":%zu,"
                   "\"skip\":%zu,\"xfail\":%zu,\"xpass\":%zu,\"must_failed\":%zu,"
                   "\"should_failed\":%zu,\"denominator\":%zu,\"score\":\"",
                   m->total, m->pass, m->fail, m->error, m->not_tested, m->skip, m->xfail, m->xpass,
                   m->must_bad, m->should_bad, m->denominator);
    score(b, m);
    amc_buf_puts(b, "\"}");
}

static void json(rep *r)
{
    const char *profs[64];
    size_t np = profiles_of(r->s, profs, 64), p = 0, i = 0;
    amc_buf *b = &r->b;
    amc_conform_summary all;
    bool first = true;
    int st = amc_conform_exit_status(r->s, r->info);
    amc_conform_summarize(r->s, NULL, &all);
    amc_buf_printf(b, "{\"protocol\":%d,\"status\":%d,\"verdict\":", AMC_CONFORM_PROTOCOL, st);
    jstr(b, st == 0 ? "conformant" : st == 1 ? "non-conformant" : "not-measured");
    amc_buf_puts(b, ",\"implementation\":{\"name\":");
    jstr(b, r->info->impl_name);
    amc_buf_puts(b, ",\"version\":");
    jstr(b, r->info->impl_version);
    amc_buf_puts(b, ",\"language\":");
    jstr(b, r->info->impl_language);
    amc_buf_puts(b, ",\"homepage\":");
    jstr(b, r->info->impl_homepage);
    amc_buf_puts(b, "},\"mode\":");
    jstr(b, r->info->mode);
    amc_buf_printf(b, ",\"verdict_only\":%s,\"reached\":%s,\"summary\":",
                   r->info->verdict_only ? "true" : "false", r->info->reached ? "true" : "false");
    jsum(b, &all);
    amc_buf_puts(b, ",\"profiles\":{");
    for (p = 0; p < np; p++) {
        amc_conform_summary m;
        amc_conform_summarize(r->s, profs[p], &m);
        if (p)
            amc_buf_putc(b, ',');
        jstr(b, profs[p]);
        amc_buf_putc(b, ':');
        jsum(b, &m);
    }
    amc_buf_puts(b, "},\"cases\":[");
    for (i = 0; i < amc_conform_case_count(r->s); i++) {
        const amc_conform_case *c = amc_conform_case_at(r->s, i);
        if (!c->selected)
            continue;
        amc_buf_puts(b, first ? "\n" : ",\n");
        first = false;
        amc_buf_puts(b, "{\"id\":");
        jstr(b, c->id);
        amc_buf_puts(b, ",\"profile\":");
        jstr(b, c->profile);
        amc_buf_puts(b, ",\"rule\":");
        jstr(b, c->rule);
        amc_buf_printf(b, ",\"level\":\"%s\",\"outcome\":\"%s\",\"message\":",
                       c->must ? "MUST" : "SHOULD", amc_conform_outcome_str(c->outcome));
        jstr(b, c->message);
        if (c->xfail_listed) {
            amc_buf_puts(b, ",\"xfail\":");
            jstr(b, c->xfail_reason);
        }
        amc_buf_printf(b, ",\"seconds\":%.3f}", c->seconds);
    }
    amc_buf_puts(b, "\n]}\n");
}

amc_status amc_conform_report(const amc_conform_suite *s, const amc_conform_run_info *info,
                              amc_conform_format fmt, char **out, size_t *len)
{
    rep r;
    if (!s || !info || !out)
        return AMC_EUSAGE;
    *out = NULL;
    r.s = (amc_conform_suite *)(uintptr_t)s;
    r.info = info;
    amc_buf_init(&r.b, 0);
    switch (fmt) {
    case AMC_CONFORM_TEXT:
        text_or_md(&r, false);
        break;
    case AMC_CONFORM_MARKDOWN:
        text_or_md(&r, true);
        break;
    case AMC_CONFORM_JUNIT:
        junit(&r);
        break;
    case AMC_CONFORM_TAP:
        tap(&r);
        break;
    case AMC_CONFORM_JSON:
        json(&r);
        break;
    }
    if (r.b.failed) {
        amc_buf_release(&r.b);
        return AMC_ENOMEM;
    }
    *out = amc_buf_take(&r.b, len);
    return *out ? AMC_OK : AMC_ENOMEM;
}
