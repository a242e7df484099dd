/*
 * report.c - reports of a conformance run (amc/conform.h): text, JSON, JUnit XML, TAP 14 and
 * Markdown (a CI job summary). The JSON shape is documented in conformance/REPORT.md and
 * checked by conformance/protocol/report.schema.json.
 *
 * Decisions:
 *   - Only selected cases appear, in manifest order (profiles in the order they were added).
 *   - Every report leads with the same headline (verdict words from amc_conform_verdict_of(),
 *     which never overstate): "measured N of M cases" always, with the count of MUST failures,
 *     excused ones and what was not measured. The gate (exit status) is stated separately.
 *   - Score = pass / denominator, denominator = selected minus skipped (errors and untested
 *     cases count against it); printed with one decimal, truncated (99.96% is never 100.0%).
 *   - Not measured: every SKIP case counts once under each capability it needs and the
 *     implementation did not claim (c->missing), so a line reads "what claiming X would add".
 *     Each capability carries its meaning and what to do (exec mode: --capabilities and the
 *     {files}/{policy}/{now} placeholders; lifecycle needs an adapter).
 *   - Each failure (FAIL, ERROR, NOT TESTED, XPASS) names its case, rule, level, the input's
 *     path (absolute when the suite is known), expected vs got (the message) and, given
 *     info->replay, one command that reruns just that case. Text and Markdown list failures
 *     under their profile; XFAIL cases are listed with their reason (they are excused, not
 *     passed).
 *   - JUnit: one <testsuite> per profile; classname = profile, name = case id; fail ->
 *     <failure>, error/not-tested -> <error>, skip/xfail -> <skipped> (xfail's message says so),
 *     xpass -> <failure> (stale expected-failure entry). SHOULD failures are <failure> with
 *     type="SHOULD" (JUnit has no warning). The body carries input, expected/got and replay.
 *   - TAP 14: "TAP version 14", plan 1..N, "ok"/"not ok" per case, "# SKIP" for skips,
 *     "# TODO" for xfail (TAP's expected failure); SHOULD failures are "not ok ... # TODO
 *     SHOULD" so a TAP consumer does not fail on them, matching the exit status. The headline is
 *     the last line, as a comment.
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
    amc_conform_verdict verdict;
    int status;
    bool exec;
    const char **profs; /* the profiles of the selected cases, in order (np of them) */
    size_t np;
} rep;

/* One unclaimed capability and how many skipped cases need it. */
typedef struct capcount {
    const char *cap;
    size_t n;
} capcount;

static void score(amc_buf *b, const amc_conform_summary *m)
{
    unsigned long permille =
        m->denominator ? (unsigned long)((m->pass * 1000) / m->denominator) : 0;
    amc_buf_printf(b, "%lu.%lu%%", permille / 10, permille % 10);
}

/* Profiles of the selected cases, in order; returns how many (out has room for one per case). */
static size_t profiles_of(amc_conform_suite *s, const char **out)
{
    size_t n = 0, i = 0, j = 0;
    for (i = 0; i < amc_conform_case_count(s); i++) {
        const amc_conform_case *c = amc_conform_case_at(s, i);
        bool seen = false;
        if (!c->selected)
            continue;
        for (j = 0; j < n; j++)
            seen = seen || !strcmp(out[j], c->profile);
        if (!seen)
            out[n++] = c->profile;
    }
    return n;
}

static bool is_bad(const amc_conform_case *c)
{
    return c->outcome == AMC_CONFORM_FAIL || c->outcome == AMC_CONFORM_ERROR ||
           c->outcome == AMC_CONFORM_NOT_TESTED || c->outcome == AMC_CONFORM_XPASS;
}

/* Unclaimed capabilities of the skipped cases of profile (NULL: all), in first-seen order (n in
 * *np; free it); NULL, the report marked failed, when out of memory. */
static capcount *skipped_caps(rep *r, const char *profile, size_t *np, size_t *other)
{
    amc_conform_suite *s = r->s;
    size_t n = 0, i = 0, k = 0, j = 0, room = 1;
    capcount *out = NULL;
    *np = *other = 0;
    for (i = 0; i < amc_conform_case_count(s); i++)
        room += amc_conform_case_at(s, i)->ncaps;
    out = amc_xmalloc(room * sizeof *out);
    if (!out) {
        r->b.failed = 1; /* the report fails: out of memory */
        return NULL;
    }
    for (i = 0; i < amc_conform_case_count(s); i++) {
        const amc_conform_case *c = amc_conform_case_at(s, i);
        if (!c->selected || c->outcome != AMC_CONFORM_SKIP ||
            (profile && strcmp(profile, c->profile)))
            continue;
        if (!c->missing) {
            (*other)++;
            continue;
        }
        for (k = 0; k < c->ncaps; k++) {
            if (!(c->missing & (1u << k)))
                continue;
            for (j = 0; j < n && strcmp(out[j].cap, c->caps[k]); j++)
                ;
            if (j == n) {
                out[n].cap = c->caps[k];
                out[n++].n = 0;
            }
            out[j].n++;
        }
    }
    *np = n;
    return out;
}

/* What to do to get a capability's cases measured. */
static const char *cap_how(const rep *r, const char *cap)
{
    const char *dot = strrchr(cap, '.');
    if (!r->exec)
        return "claim it in the adapter's hello if the implementation does this";
    if (!dot)
        return "exec mode: add the profile to --capabilities";
    dot++;
    if (!strcmp(dot, "lifecycle"))
        return "needs an adapter (exec mode cannot replay events)";
    if (!strcmp(dot, "path"))
        return "exec mode: add it to --capabilities if the command reads the file's path";
    if (!strcmp(dot, "stateful"))
        return "exec mode: add it to --capabilities and use {files} in the command";
    if (!strcmp(dot, "policy"))
        return "exec mode: add it to --capabilities and use {policy} in the command";
    if (!strcmp(dot, "clock"))
        return "exec mode: add it to --capabilities and use {now} in the command";
    return "needs an adapter";
}

static const char *verdict_words(amc_conform_verdict v)
{
    switch (v) {
    case AMC_CONFORM_CONFORMANT:
        return "CONFORMANT";
    case AMC_CONFORM_NOT_CONFORMANT:
        return "NOT CONFORMANT";
    case AMC_CONFORM_INCOMPLETE:
        return "INCOMPLETE";
    case AMC_CONFORM_NOT_MEASURED:
        return "NOT MEASURED";
    }
    return "?";
}

/* The one-line headline every report carries. */
static void headline(rep *r, amc_buf *b)
{
    amc_conform_summary m;
    size_t must_failed = 0;
    amc_conform_summarize(r->s, NULL, &m);
    must_failed = m.must_bad + m.must_excused;
    amc_buf_printf(b, "%s: ", verdict_words(r->verdict));
    if (!r->info->reached && m.skip < m.total) {
        amc_buf_printf(b, "the implementation was not reached; measured 0 of %zu cases", m.total);
        return;
    }
    amc_buf_printf(b, "measured %zu of %zu cases", m.measured, m.total);
    if (m.measured == 0 && m.skip == m.total) {
        amc_buf_puts(b, ": every selected case needs a capability not claimed");
        return;
    }
    switch (r->verdict) {
    case AMC_CONFORM_CONFORMANT:
        amc_buf_printf(b, ", every MUST case passed");
        break;
    case AMC_CONFORM_NOT_CONFORMANT:
        amc_buf_printf(b, ", %zu MUST case%s failed", must_failed, must_failed == 1 ? "" : "s");
        if (m.must_excused)
            amc_buf_printf(b, " (%zu excused by the expected-failure list)", m.must_excused);
        break;
    case AMC_CONFORM_INCOMPLETE:
        amc_buf_printf(b, ", every measured MUST case passed, %zu of %zu MUST cases not measured",
                       m.must_total - m.must_measured, m.must_total);
        break;
    case AMC_CONFORM_NOT_MEASURED:
        break;
    }
    if (m.should_bad)
        amc_buf_printf(b, "; %zu SHOULD case%s failed (warnings)", m.should_bad,
                       m.should_bad == 1 ? "" : "s");
    if (m.total > m.measured && r->verdict != AMC_CONFORM_INCOMPLETE)
        amc_buf_printf(b, "; %zu not measured", m.total - m.measured);
}

static void gate_words(rep *r, amc_buf *b)
{
    amc_conform_summary m;
    amc_conform_summarize(r->s, NULL, &m);
    if (r->status == 3) {
        amc_buf_puts(b, "not measured (exit 3)");
        return;
    }
    if (r->status == 0) {
        amc_buf_puts(b, "pass (exit 0)");
        if (m.must_excused)
            amc_buf_printf(b, ": %zu MUST failure%s excused by the expected-failure list",
                           m.must_excused, m.must_excused == 1 ? "" : "s");
        return;
    }
    amc_buf_puts(b, "fail (exit 1)");
    if (m.must_bad)
        amc_buf_printf(b,
                       ": %zu MUST case%s failed, errored or not tested (not in an "
                       "expected-failure list)",
                       m.must_bad, m.must_bad == 1 ? "" : "s");
    if (m.xpass)
        amc_buf_printf(b, "%s %zu stale expected-failure entr%s (the case passes now)",
                       m.must_bad ? ";" : ":", m.xpass, m.xpass == 1 ? "y" : "ies");
}

static void counts(amc_buf *b, const amc_conform_summary *m)
{
    amc_buf_printf(b,
                   "%zu pass, %zu fail, %zu error, %zu not tested, %zu skip, %zu xfail, "
                   "%zu stale xfail",
                   m->pass, m->fail, m->error, m->not_tested, m->skip, m->xfail, m->xpass);
}

/* Shell-quotes s unless it is made of safe characters only. */
static void shq(amc_buf *b, const char *s)
{
    if (*s &&
        strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/=:,+@") ==
            strlen(s)) {
        amc_buf_puts(b, s);
        return;
    }
    amc_buf_putc(b, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            amc_buf_puts(b, "'\\''");
        else
            amc_buf_putc(b, *s);
    }
    amc_buf_putc(b, '\'');
}

static void replay(const rep *r, amc_buf *b, const amc_conform_case *c)
{
    amc_buf_puts(b, r->info->replay);
    amc_buf_puts(b, " --filter ");
    shq(b, c->id);
}

/* The input's path: <suite>/<profile>/<file> (suite known) or <profile>/<file>. */
static void input_path(const rep *r, amc_buf *b, const amc_conform_case *c, const char *file)
{
    if (r->info->suite && *r->info->suite) {
        amc_buf_puts(b, r->info->suite);
        if (r->info->suite[strlen(r->info->suite) - 1] != '/')
            amc_buf_putc(b, '/');
    }
    amc_buf_printf(b, "%s/%s", c->profile, file);
}

/* The case's main input: its first file, or its scenario file. */
static const char *main_input(const amc_conform_case *c)
{
    return c->lifecycle ? c->source : c->nfiles ? c->files[0] : c->source;
}

static void text_case(rep *r, const amc_conform_case *c, bool md)
{
    amc_buf *b = &r->b;
    const char *pad = md ? "  " : "       ";
    if (md)
        amc_buf_printf(b, "- **%s** `%s` [%s %s] ", amc_conform_outcome_str(c->outcome), c->id,
                       c->rule, c->must ? "MUST" : "SHOULD");
    else
        amc_buf_printf(b, "  %s %s [%s %s] ", amc_conform_outcome_str(c->outcome), c->id, c->rule,
                       c->must ? "MUST" : "SHOULD");
    if (c->outcome == AMC_CONFORM_XFAIL)
        amc_buf_printf(b, "excused (%s): ", *c->xfail_reason ? c->xfail_reason : "listed");
    amc_buf_printf(b, "%s\n%sinput: %s", c->message, pad, md ? "`" : "");
    input_path(r, b, c, main_input(c));
    if (c->nfiles > 1 && !c->lifecycle)
        amc_buf_printf(b, " (+%zu more)", c->nfiles - 1);
    amc_buf_printf(b, "%s\n", md ? "`" : "");
    if (r->info->replay) {
        amc_buf_printf(b, "%sreplay: %s", pad, md ? "`" : "");
        replay(r, b, c);
        amc_buf_printf(b, "%s\n", md ? "`" : "");
    }
}

static void text_skipped(rep *r, const char *profile, bool md)
{
    size_t other = 0, n = 0, k = 0;
    capcount *caps = skipped_caps(r, profile, &n, &other);
    amc_buf *b = &r->b;
    for (k = 0; k < n; k++)
        amc_buf_printf(b, "%s%zu need %s%s%s (%s): %s\n",
                       md ? "- " : "    not measured: ", caps[k].n, md ? "`" : "", caps[k].cap,
                       md ? "`" : "", amc_conform_capability_text(caps[k].cap),
                       cap_how(r, caps[k].cap));
    if (other)
        amc_buf_printf(b, "%s%zu skipped for other reasons (see the JSON report)\n",
                       md ? "- " : "    not measured: ", other);
    amc_xfree(caps);
}

static void text_or_md(rep *r, bool md)
{
    const char **profs = r->profs;
    size_t np = r->np, p = 0, i = 0, k = 0;
    amc_conform_summary all;
    amc_buf *b = &r->b;
    const amc_conform_run_info *in = r->info;
    amc_conform_summarize(r->s, NULL, &all);
    if (md) {
        amc_buf_puts(b, "## amc conform: ");
        headline(r, b);
        amc_buf_puts(b, "\n\n");
    }
    amc_buf_printf(b, "%simplementation: %s", md ? "- " : "",
                   in->impl_name && *in->impl_name ? in->impl_name : "(unknown)");
    if (in->impl_version && *in->impl_version)
        amc_buf_printf(b, " %s", in->impl_version);
    if (in->impl_language && *in->impl_language)
        amc_buf_printf(b, " (%s)", in->impl_language);
    amc_buf_printf(b, " via %s%s%s\n", in->mode ? in->mode : "?",
                   in->verdict_only ? ", verdicts only (codes not compared)" : "",
                   in->reached ? "" : ", NOT REACHED");
    if (in->claims) {
        const amc_conform_reply *cl = in->claims;
        bool first = true;
        amc_buf_printf(b, "%sclaims: ", md ? "- " : "");
        for (k = 0; k < cl->nprofiles; k++) { /* profiles not repeated as capabilities */
            size_t j = 0;
            for (j = 0; j < cl->ncapabilities && strcmp(cl->capabilities[j], cl->profiles[k]); j++)
                ;
            if (j == cl->ncapabilities) {
                amc_buf_printf(b, "%s%s", first ? "" : ", ", cl->profiles[k]);
                first = false;
            }
        }
        for (k = 0; k < cl->ncapabilities; k++) {
            amc_buf_printf(b, "%s%s", first ? "" : ", ", cl->capabilities[k]);
            first = false;
        }
        amc_buf_puts(b, first ? "nothing\n" : "\n");
    }
    if (in->suite)
        amc_buf_printf(b, "%ssuite: %s\n", md ? "- " : "", in->suite);
    if (md)
        amc_buf_puts(b, "\n| profile | measured | score | pass | fail | error | not tested | skip "
                        "| xfail | stale | MUST failed | SHOULD failed |\n|---|---|---|---|---|---|"
                        "---|---|---|---|---|---|\n");
    for (p = 0; p < np; p++) {
        amc_conform_summary m;
        amc_conform_summarize(r->s, profs[p], &m);
        if (md) {
            amc_buf_printf(b, "| %s | %zu of %zu | ", profs[p], m.measured, m.total);
            score(b, &m);
            amc_buf_printf(b, " | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu |\n", m.pass,
                           m.fail, m.error, m.not_tested, m.skip, m.xfail, m.xpass,
                           m.must_bad + m.must_excused, m.should_bad);
            continue;
        }
        amc_buf_printf(b, "%-12s measured %zu of %zu cases; ", profs[p], m.measured, m.total);
        score(b, &m);
        amc_buf_printf(b, " (%zu/%zu): ", m.pass, m.denominator);
        counts(b, &m);
        amc_buf_putc(b, '\n');
        text_skipped(r, profs[p], false);
        for (i = 0; i < amc_conform_case_count(r->s); i++) {
            const amc_conform_case *c = amc_conform_case_at(r->s, i);
            if (c->selected && !strcmp(c->profile, profs[p]) &&
                (is_bad(c) || c->outcome == AMC_CONFORM_XFAIL))
                text_case(r, c, false);
        }
    }
    if (md) {
        if (all.skip) {
            amc_buf_puts(b, "\n### Not measured\n\n");
            text_skipped(r, NULL, true);
        }
        if (all.fail + all.error + all.not_tested + all.xpass + all.xfail) {
            amc_buf_puts(b, "\n### Failures\n\n");
            for (i = 0; i < amc_conform_case_count(r->s); i++) {
                const amc_conform_case *c = amc_conform_case_at(r->s, i);
                if (c->selected && (is_bad(c) || c->outcome == AMC_CONFORM_XFAIL))
                    text_case(r, c, true);
            }
        }
        amc_buf_puts(b, "\n**total: measured ");
    } else {
        amc_buf_printf(b, "%-12s measured ", "total");
    }
    amc_buf_printf(b, "%zu of %zu cases; ", all.measured, all.total);
    score(b, &all);
    amc_buf_printf(b, " (%zu/%zu): ", all.pass, all.denominator);
    counts(b, &all);
    amc_buf_puts(b, md ? "**\n\n" : "\n");
    if (!md && np > 1 && all.skip)
        text_skipped(r, NULL, false);
    amc_buf_printf(b, "%sverdict: ", md ? "- " : "");
    headline(r, b);
    amc_buf_printf(b, "\n%sgate: ", md ? "- " : "");
    gate_words(r, b);
    amc_buf_putc(b, '\n');
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

/* The details of a case as plain text (JUnit bodies): rule, description, input, replay. */
static void details(rep *r, amc_buf *t, const amc_conform_case *c)
{
    amc_buf_printf(t, "%s (%s): %s\ninput: ", c->rule, c->must ? "MUST" : "SHOULD", c->description);
    input_path(r, t, c, main_input(c));
    if (*c->message)
        amc_buf_printf(t, "\n%s", c->message);
    if (r->info->replay) {
        amc_buf_puts(t, "\nreplay: ");
        replay(r, t, c);
    }
}

static void junit(rep *r)
{
    const char **profs = r->profs;
    size_t np = r->np, p = 0, i = 0;
    amc_buf *b = &r->b;
    amc_buf h;
    amc_buf_init(&h, 0);
    headline(r, &h);
    amc_buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"amc conform: ");
    xml_esc(b, h.failed || !h.data ? "" : h.data);
    amc_buf_puts(b, "\">\n");
    if (h.failed)
        b->failed = true;
    amc_buf_release(&h);
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
            amc_buf t;
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
            amc_buf_init(&t, 0);
            details(r, &t, c);
            xml_esc(b, t.failed || !t.data ? "" : t.data);
            if (t.failed)
                b->failed = true;
            amc_buf_release(&t);
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

static void yaml_str(amc_buf *b, const char *key, const char *s)
{
    amc_buf_printf(b, "  %s: \"", key);
    amc_buf_json_escape(b, s, strlen(s));
    amc_buf_puts(b, "\"\n");
}

/* key: the text built in t (released); a failed t fails the report (no empty value instead) */
static void yaml_buf(amc_buf *b, const char *key, amc_buf *t)
{
    if (t->failed || !t->data)
        b->failed = true;
    else
        yaml_str(b, key, t->data);
    amc_buf_release(t);
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
            amc_buf t;
            amc_buf_puts(b, "  ---\n");
            yaml_str(b, "message", c->message);
            amc_buf_printf(b, "  severity: %s\n", amc_conform_outcome_str(c->outcome));
            yaml_str(b, "rule", c->rule);
            amc_buf_init(&t, 0);
            input_path(r, &t, c, main_input(c));
            yaml_buf(b, "input", &t);
            if (r->info->replay) {
                amc_buf_init(&t, 0);
                replay(r, &t, c);
                yaml_buf(b, "replay", &t);
            }
            amc_buf_puts(b, "  ...\n");
        }
    }
    amc_buf_puts(b, "# ");
    headline(r, b);
    amc_buf_puts(b, "\n");
}

/* ---- JSON ---- */

static void jstr(amc_buf *b, const char *s)
{
    amc_buf_putc(b, '"');
    amc_buf_json_escape(b, s ? s : "", s ? strlen(s) : 0);
    amc_buf_putc(b, '"');
}

static void jstr_or_null(amc_buf *b, const char *s)
{
    if (s)
        jstr(b, s);
    else
        amc_buf_puts(b, "null");
}

static void jlist(amc_buf *b, const char *const *l, size_t n)
{
    size_t i = 0;
    amc_buf_putc(b, '[');
    for (i = 0; i < n; i++) {
        if (i)
            amc_buf_putc(b, ',');
        jstr(b, l[i]);
    }
    amc_buf_putc(b, ']');
}

/* A space-separated list (got_codes) as a JSON array; a trailing "..." is left out. */
static void jwords(amc_buf *b, const char *s)
{
    bool first = true;
    amc_buf_putc(b, '[');
    while (*s) {
        size_t n = strcspn(s, " ");
        if (n && !(n == 3 && !strncmp(s, "...", 3))) {
            if (!first)
                amc_buf_putc(b, ',');
            first = false;
            amc_buf_putc(b, '"');
            amc_buf_json_escape(b, s, n);
            amc_buf_putc(b, '"');
        }
        s += n;
        s += *s == ' ';
    }
    amc_buf_putc(b, ']');
}

static void jskipped(rep *r, const char *profile)
{
    size_t other = 0, n = 0, k = 0;
    capcount *caps = skipped_caps(r, profile, &n, &other);
    amc_buf *b = &r->b;
    amc_buf_puts(b, "[");
    for (k = 0; k < n; k++) {
        amc_buf_puts(b, k ? "," : "");
        amc_buf_puts(b, "{\"capability\":");
        jstr(b, caps[k].cap);
        amc_buf_printf(b, ",\"cases\":%zu,\"means\":", caps[k].n);
        jstr(b, amc_conform_capability_text(caps[k].cap));
        amc_buf_puts(b, ",\"how\":");
        jstr(b, cap_how(r, caps[k].cap));
        amc_buf_puts(b, "}");
    }
    if (other)
        amc_buf_printf(b,
                       "%s{\"capability\":null,\"cases\":%zu,\"means\":\"other reasons\","
                       "\"how\":\"see each case's message\"}",
                       n ? "," : "", other);
    amc_buf_puts(b, "]");
    amc_xfree(caps);
}

static void jsum(rep *r, const amc_conform_summary *m, const char *profile)
{
    amc_buf *b = &r->b;
    amc_buf_printf(b,
                   "{\"total\":%zu,\"measured\":%zu,\"pass\":%zu,\"fail\":%zu,\"error\":%zu,"
                   "\"not_tested\":%zu,\"skip\":%zu,\"xfail\":%zu,\"xpass\":%zu,"
                   "\"must_failed\":%zu,\"should_failed\":%zu,\"denominator\":%zu,\"score\":\"",
                   m->total, m->measured, m->pass, m->fail, m->error, m->not_tested, m->skip,
                   m->xfail, m->xpass, m->must_bad, m->should_bad, m->denominator);
    score(b, m);
    amc_buf_printf(b,
                   "\",\"must\":{\"total\":%zu,\"measured\":%zu,\"pass\":%zu,\"failed\":%zu,"
                   "\"excused\":%zu},\"should\":{\"total\":%zu,\"measured\":%zu,\"pass\":%zu,"
                   "\"failed\":%zu},\"skipped\":",
                   m->must_total, m->must_measured, m->must_pass, m->must_bad, m->must_excused,
                   m->should_total, m->should_measured, m->should_pass, m->should_bad);
    jskipped(r, profile);
    amc_buf_puts(b, "}");
}

static void jpath(rep *r, amc_buf *b, const amc_conform_case *c, const char *file)
{
    amc_buf_putc(b, '"');
    amc_buf_json_escape(b, c->profile, strlen(c->profile));
    amc_buf_putc(b, '/');
    amc_buf_json_escape(b, file, strlen(file));
    amc_buf_putc(b, '"');
    (void)r;
}

static void jcase(rep *r, const amc_conform_case *c)
{
    amc_buf *b = &r->b;
    size_t k = 0;
    amc_buf_puts(b, "{\"id\":");
    jstr(b, c->id);
    amc_buf_puts(b, ",\"profile\":");
    jstr(b, c->profile);
    amc_buf_puts(b, ",\"rule\":");
    jstr(b, c->rule);
    amc_buf_printf(b, ",\"level\":\"%s\",\"kind\":\"%s\",\"outcome\":\"%s\",\"message\":",
                   c->must ? "MUST" : "SHOULD",
                   c->lifecycle  ? "lifecycle"
                   : c->stateful ? "session"
                                 : "message",
                   amc_conform_outcome_str(c->outcome));
    jstr(b, c->message);
    amc_buf_puts(b, ",\"description\":");
    jstr(b, c->description);
    amc_buf_puts(b, ",\"tags\":");
    jlist(b, c->tags, c->ntags);
    amc_buf_puts(b, ",\"source\":");
    jpath(r, b, c, c->source);
    amc_buf_puts(b, ",\"input\":");
    jpath(r, b, c, main_input(c));
    amc_buf_puts(b, ",\"inputs\":[");
    for (k = 0; !c->lifecycle && k < c->nfiles; k++) {
        amc_buf_puts(b, k ? "," : "");
        jpath(r, b, c, c->files[k]);
    }
    amc_buf_puts(b, "],\"policy\":");
    if (c->policy)
        jpath(r, b, c, c->policy);
    else
        amc_buf_puts(b, "null");
    amc_buf_puts(b, ",\"now\":");
    jstr_or_null(b, c->now);
    amc_buf_puts(b, ",\"needs\":");
    jlist(b, c->caps, c->ncaps);
    amc_buf_puts(b, ",\"unclaimed\":[");
    for (k = 0; k < c->ncaps; k++)
        if (c->missing & (1u << k)) {
            amc_buf_puts(b, b->len && b->data[b->len - 1] == '[' ? "" : ",");
            jstr(b, c->caps[k]);
        }
    amc_buf_puts(b, "],\"expected\":");
    if (c->lifecycle) {
        amc_buf_printf(b, "{\"steps\":%zu}", c->steps ? c->steps->u.arr.len : 0);
    } else {
        amc_buf_printf(b, "{\"verdict\":\"%s\",\"codes\":", c->want_valid ? "valid" : "invalid");
        jlist(b, c->codes, c->ncodes);
        amc_buf_puts(b, ",\"absent_codes\":");
        jlist(b, c->absent, c->nabsent);
        amc_buf_puts(b, "}");
    }
    amc_buf_puts(b, ",\"got\":");
    if (c->got_verdict >= 0 || *c->got_codes) {
        amc_buf_puts(b, "{\"verdict\":");
        amc_buf_puts(b, c->got_verdict < 0 ? "null" : c->got_verdict ? "\"valid\"" : "\"invalid\"");
        amc_buf_puts(b, ",\"codes\":");
        jwords(b, c->got_codes);
        amc_buf_printf(b, ",\"codes_cut\":%s}", strstr(c->got_codes, "...") ? "true" : "false");
    } else {
        amc_buf_puts(b, "null");
    }
    if (c->xfail_listed) {
        amc_buf_puts(b, ",\"xfail\":");
        jstr(b, c->xfail_reason);
    }
    amc_buf_puts(b, ",\"replay\":");
    if (r->info->replay) {
        amc_buf t;
        amc_buf_init(&t, 0);
        replay(r, &t, c);
        jstr(b, t.failed || !t.data ? "" : t.data);
        if (t.failed)
            b->failed = true;
        amc_buf_release(&t);
    } else {
        amc_buf_puts(b, "null");
    }
    amc_buf_printf(b, ",\"seconds\":%.3f}", c->seconds);
}

static void json(rep *r)
{
    const char **profs = r->profs;
    size_t np = r->np, p = 0, i = 0;
    amc_buf *b = &r->b;
    amc_conform_summary all;
    const amc_conform_reply *cl = r->info->claims;
    bool first = true;
    amc_conform_summarize(r->s, NULL, &all);
    amc_buf_printf(b,
                   "{\"report\":\"amc-conform\",\"report_version\":2,\"amc_version\":\"%s\","
                   "\"protocol\":%d,\"status\":%d,\"verdict\":\"%s\",\"gate\":\"%s\","
                   "\"headline\":",
                   AMC_VERSION_STRING, AMC_CONFORM_PROTOCOL, r->status,
                   amc_conform_verdict_str(r->verdict),
                   r->status == 0   ? "pass"
                   : r->status == 1 ? "fail"
                                    : "not-measured");
    {
        amc_buf h;
        amc_buf_init(&h, 0);
        headline(r, &h);
        jstr(b, h.failed ? "" : h.data);
        if (h.failed)
            b->failed = true;
        amc_buf_release(&h);
        amc_buf_init(&h, 0);
        gate_words(r, &h);
        amc_buf_puts(b, ",\"gate_reason\":");
        jstr(b, h.failed ? "" : h.data);
        if (h.failed)
            b->failed = true;
        amc_buf_release(&h);
    }
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
    amc_buf_printf(b, ",\"verdict_only\":%s,\"reached\":%s,\"suite\":",
                   r->info->verdict_only ? "true" : "false", r->info->reached ? "true" : "false");
    jstr_or_null(b, r->info->suite);
    amc_buf_puts(b, ",\"claims\":");
    if (cl) {
        amc_buf_puts(b, "{\"profiles\":");
        jlist(b, cl->profiles, cl->nprofiles);
        amc_buf_puts(b, ",\"capabilities\":");
        jlist(b, cl->capabilities, cl->ncapabilities);
        amc_buf_puts(b, "}");
    } else {
        amc_buf_puts(b, "null");
    }
    amc_buf_puts(b, ",\"replay\":");
    jstr_or_null(b, r->info->replay);
    amc_buf_puts(b, ",\"summary\":");
    jsum(r, &all, NULL);
    amc_buf_puts(b, ",\"profiles\":{");
    for (p = 0; p < np; p++) {
        amc_conform_summary m;
        amc_conform_summarize(r->s, profs[p], &m);
        if (p)
            amc_buf_putc(b, ',');
        jstr(b, profs[p]);
        amc_buf_putc(b, ':');
        jsum(r, &m, profs[p]);
    }
    amc_buf_puts(b, "},\"cases\":[");
    for (i = 0; i < amc_conform_case_count(r->s); i++) {
        const amc_conform_case *c = amc_conform_case_at(r->s, i);
        if (!c->selected)
            continue;
        amc_buf_puts(b, first ? "\n" : ",\n");
        first = false;
        jcase(r, c);
    }
    amc_buf_puts(b, "\n]}\n");
}

/* Control characters other than newline and tab become '?'. */
static void sanitize(amc_buf *b)
{
    size_t i = 0;
    for (i = 0; i < b->len; i++) {
        unsigned char ch = (unsigned char)b->data[i];
        if ((ch < 0x20 && ch != '\n' && ch != '\t') || ch == 0x7f)
            b->data[i] = '?';
    }
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
    r.verdict = amc_conform_verdict_of(s, info);
    r.status = amc_conform_exit_status(s, info);
    r.exec = info->mode && !strcmp(info->mode, "exec");
    r.profs = amc_xmalloc((amc_conform_case_count(r.s) + 1) * sizeof *r.profs);
    if (!r.profs)
        return AMC_ENOMEM;
    r.np = profiles_of(r.s, r.profs);
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
    amc_xfree(r.profs);
    if (r.b.failed) {
        amc_buf_release(&r.b);
        return AMC_ENOMEM;
    }
    /* messages, names and claims come from the implementation: no control character of theirs
     * reaches a terminal (JSON and JUnit escape them) */
    if (fmt == AMC_CONFORM_TEXT || fmt == AMC_CONFORM_MARKDOWN || fmt == AMC_CONFORM_TAP)
        sanitize(&r.b);
    *out = amc_buf_take(&r.b, len);
    return *out ? AMC_OK : AMC_ENOMEM;
}
