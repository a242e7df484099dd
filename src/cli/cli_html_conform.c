/*
 * cli_html_conform.c - `amc conform --format html`: the page of one conformance run.
 *
 * Decisions:
 *   - Rendered from the JSON report (amc_conform_report(), conformance/REPORT.md) parsed back
 *     with json-c, not from a second walk of the suite: every number on the page is a number of
 *     the JSON report of the same run, by construction, and `amc report html` reads the same
 *     shape from files.
 *   - Sections: the verdict and the gate (with the report's own headline and gate reason), the
 *     implementation and what it claims; a table of profiles (measured N of M, score, a bar
 *     pass / fail / excused / skipped, every count); failures grouped by rule in order of first
 *     appearance (fail, error, not-tested, stale xfail), each case with expected vs got, its
 *     input as text and the command that replays it; excused cases with their reason; what the
 *     skipped cases need (the report's per-profile "skipped" list) and which cases they are.
 *   - The input is read from the suite the run used (its path below the suite, never with a
 *     ".." component or an absolute path), at most 16 KiB, shown as escaped text.
 *   - Machine-readable hooks for tests and scripts: each profile row has data-profile and its
 *     count cells the classes n-pass, n-fail ...; each case card data-case and data-outcome.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_html.h"

#define INPUT_MAX 16384

static const char *const count_keys[] = {"pass",  "fail",  "error",       "not_tested",   "skip",
                                         "xfail", "xpass", "must_failed", "should_failed"};
static const char *const count_heads[] = {"pass",  "fail",  "error",       "not tested",   "skip",
                                          "xfail", "stale", "MUST failed", "SHOULD failed"};

static bool is_bad(const char *o)
{
    return o && (!strcmp(o, "fail") || !strcmp(o, "error") || !strcmp(o, "not-tested") ||
                 !strcmp(o, "xpass"));
}

static void list_words(FILE *out, json_object *arr, const char *none)
{
    size_t i = 0,
           n = arr && json_object_is_type(arr, json_type_array) ? json_object_array_length(arr) : 0;
    if (!n) {
        fputs(none, out);
        return;
    }
    for (i = 0; i < n; i++) {
        json_object *v = json_object_array_get_idx(arr, i);
        fputs(i ? ", " : "", out);
        fputs("<code>", out);
        cli_html_text(out,
                      json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "?");
        fputs("</code>", out);
    }
}

/* The bar segments of a summary: pass, fail (fail, error, not tested, stale), excused, skipped. */
static void summary_bar(FILE *out, json_object *m)
{
    static const char *const cls[] = {"b-pass", "b-fail", "b-excused", "b-skip"};
    static const char *const lab[] = {"pass", "fail, error or not tested", "excused (xfail)",
                                      "skipped"};
    size_t c[4];
    c[0] = cli_json_size(m, "pass");
    c[1] = cli_json_size(m, "fail") + cli_json_size(m, "error") + cli_json_size(m, "not_tested") +
           cli_json_size(m, "xpass");
    c[2] = cli_json_size(m, "xfail");
    c[3] = cli_json_size(m, "skip");
    cli_html_bar(out, 4, c, cls, lab);
}

static void legend(FILE *out)
{
    fputs("<p class=\"legend meta\"><span><i class=\"sw pass\"></i>pass</span><span><i "
          "class=\"sw fail\"></i>fail, error or not tested</span><span><i class=\"sw "
          "excused\"></i>excused by the expected-failure list</span><span><i class=\"sw "
          "skip\"></i>skipped (not measured)</span></p>\n",
          out);
}

static void profile_row(FILE *out, const char *name, json_object *m, bool total)
{
    size_t k = 0;
    fputs(total ? "<tr class=\"total\" data-profile=\"\"><th>all profiles"
                : "<tr class=\"profile\" "
                  "data-profile=\"",
          out);
    if (!total) {
        cli_html_attr(out, name);
        fputs("\"><th>", out);
        cli_html_text(out, name);
    }
    fprintf(out, "</th><td class=\"num n-measured\">%zu of %zu</td><td class=\"num n-score\">",
            cli_json_size(m, "measured"), cli_json_size(m, "total"));
    cli_html_text(out, cli_json_str(m, "score"));
    fputs("</td><td class=\"barcell\">", out);
    summary_bar(out, m);
    fputs("</td>", out);
    for (k = 0; k < sizeof count_keys / sizeof count_keys[0]; k++)
        fprintf(out, "<td class=\"num n-%s%s\">%zu</td>", count_keys[k],
                k >= 2 && k <= 6 ? " hide-narrow" : "", cli_json_size(m, count_keys[k]));
    fputs("</tr>\n", out);
}

/* Whether rel (a path below the suite, from the report) may be opened: relative, no "..". */
static bool safe_rel(const char *rel)
{
    const char *p = rel;
    if (!rel || !*rel || *rel == '/')
        return false;
    while (*p) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return false;
        p += n;
        p += *p == '/';
    }
    return true;
}

static void input_text(FILE *out, const char *suite_dir, const char *rel)
{
    char path[8192];
    FILE *f = NULL;
    char *buf = NULL;
    size_t n = 0;
    if (!suite_dir || !safe_rel(rel))
        return;
    snprintf(path, sizeof path, "%s/%s", suite_dir, rel);
    f = fopen(path, "rb");
    if (!f)
        return;
    buf = malloc(INPUT_MAX + 1);
    if (buf)
        n = fread(buf, 1, INPUT_MAX + 1, f);
    else
        cli_nomem();
    fclose(f);
    if (buf) {
        fputs("<pre class=\"input\">", out);
        cli_html_textn(out, buf, n > INPUT_MAX ? INPUT_MAX : n);
        if (n > INPUT_MAX)
            fputs("\n[... cut at 16 KiB]", out);
        fputs("</pre>", out);
    }
    free(buf);
}

static void verdict_codes(FILE *out, json_object *v, bool expected)
{
    const char *verdict = NULL;
    json_object *steps = NULL;
    /* the JSON report's "expected" is an object, its "got" an object or null (report.c) */
    if (!v) {
        fputs("<span class=\"meta\">no answer</span>", out);
        return;
    }
    if (json_object_object_get_ex(v, "steps", &steps)) {
        fprintf(out, "the scenario's %zu steps accepted or rejected as written",
                cli_json_size(v, "steps"));
        return;
    }
    verdict = cli_json_str(v, "verdict");
    fputs("<b>", out);
    cli_html_text(out, verdict ? verdict : "no verdict");
    fputs("</b>", out);
    fputs(expected ? "; codes at least: " : "; codes: ", out);
    list_words(out, cli_json_obj(v, "codes"), expected ? "none" : "none reported");
    if (expected) {
        json_object *ab = cli_json_obj(v, "absent_codes");
        if (ab && json_object_array_length(ab)) {
            fputs("; never: ", out);
            list_words(out, ab, "");
        }
    } else if (json_object_get_boolean(cli_json_obj(v, "codes_cut"))) {
        fputs(" (cut)", out);
    }
}

static void case_card(FILE *out, json_object *c, const char *suite_dir)
{
    const char *o = cli_json_str(c, "outcome"), *xr = cli_json_str(c, "xfail");
    const char *replay = cli_json_str(c, "replay"), *input = cli_json_str(c, "input");
    fputs("<div class=\"case o-", out);
    cli_html_attr(out, o);
    fputs("\" data-case=\"", out);
    cli_html_attr(out, cli_json_str(c, "id"));
    fputs("\" data-outcome=\"", out);
    cli_html_attr(out, o);
    fputs("\"><div><span class=\"cid mono\">", out);
    cli_html_text(out, cli_json_str(c, "id"));
    fputs("</span> <b class=\"o-", out);
    cli_html_attr(out, o);
    fputs("\">", out);
    cli_html_text(out, o && !strcmp(o, "xpass") ? "stale xfail" : o);
    fputs("</b> <span class=\"meta\">", out);
    cli_html_text(out, cli_json_str(c, "profile"));
    fputs(" &middot; ", out);
    cli_html_text(out, cli_json_str(c, "kind"));
    fputs("</span></div>\n<dl>", out);
    if (cli_json_str(c, "description") && *cli_json_str(c, "description")) {
        fputs("<dt>case</dt><dd>", out);
        cli_html_text(out, cli_json_str(c, "description"));
        fputs("</dd>", out);
    }
    fputs("<dt>message</dt><dd>", out);
    cli_html_text(out, cli_json_str(c, "message"));
    fputs("</dd>", out);
    if (xr) {
        fputs("<dt>expected failure</dt><dd>", out);
        cli_html_text(out, *xr ? xr : "listed without a reason");
        fputs("</dd>", out);
    }
    fputs("<dt>expected</dt><dd>", out);
    verdict_codes(out, cli_json_obj(c, "expected"), true);
    fputs("</dd><dt>got</dt><dd>", out);
    verdict_codes(out, cli_json_obj(c, "got"), false);
    fputs("</dd><dt>input</dt><dd><code>", out);
    cli_html_text(out, input);
    fputs("</code>", out);
    {
        json_object *ins = cli_json_obj(c, "inputs");
        size_t n =
            ins && json_object_is_type(ins, json_type_array) ? json_object_array_length(ins) : 0;
        if (n > 1)
            fprintf(out, " <span class=\"meta\">(+%zu more files)</span>", n - 1);
    }
    input_text(out, suite_dir, input);
    fputs("</dd>", out);
    if (replay) {
        fputs("<dt>replay</dt><dd><pre class=\"replay\">", out);
        cli_html_text(out, replay);
        fputs("</pre></dd>", out);
    }
    fputs("</dl></div>\n", out);
}

/* The cases of one kind (bad, or xfail) grouped by rule in order of first appearance. */
static size_t by_rule(FILE *out, json_object *cases, bool bad, const char *suite_dir)
{
    size_t n = json_object_array_length(cases), i = 0, j = 0, shown = 0;
    for (i = 0; i < n; i++) {
        json_object *c = json_object_array_get_idx(cases, i);
        const char *o = cli_json_str(c, "outcome"), *rule = cli_json_str(c, "rule");
        bool first = true;
        size_t count = 0;
        if (!o || (bad ? !is_bad(o) : strcmp(o, "xfail")))
            continue;
        for (j = 0; j < i && first; j++) { /* the rule was listed with an earlier case */
            json_object *p = json_object_array_get_idx(cases, j);
            const char *po = cli_json_str(p, "outcome"), *pr = cli_json_str(p, "rule");
            if (po && (bad ? is_bad(po) : !strcmp(po, "xfail")) && pr && rule && !strcmp(pr, rule))
                first = false;
        }
        if (!first)
            continue;
        for (j = i; j < n; j++) {
            json_object *p = json_object_array_get_idx(cases, j);
            const char *po = cli_json_str(p, "outcome"), *pr = cli_json_str(p, "rule");
            if (po && (bad ? is_bad(po) : !strcmp(po, "xfail")) && pr && rule && !strcmp(pr, rule))
                count++;
        }
        fputs("<section class=\"rule\" data-rule=\"", out);
        cli_html_attr(out, rule);
        fputs("\"><h3><span class=\"mono\">", out);
        cli_html_text(out, rule);
        fputs("</span><span class=\"lvl ", out);
        cli_html_attr(out, cli_json_str(c, "level"));
        fputs("\">", out);
        cli_html_text(out, cli_json_str(c, "level"));
        fprintf(out, "</span> <span class=\"meta\">%zu case%s</span></h3>\n", count,
                count == 1 ? "" : "s");
        for (j = i; j < n; j++) {
            json_object *p = json_object_array_get_idx(cases, j);
            const char *po = cli_json_str(p, "outcome"), *pr = cli_json_str(p, "rule");
            if (po && (bad ? is_bad(po) : !strcmp(po, "xfail")) && pr && rule &&
                !strcmp(pr, rule)) {
                case_card(out, p, suite_dir);
                shown++;
            }
        }
        fputs("</section>\n", out);
    }
    return shown;
}

static void skipped(FILE *out, json_object *report, json_object *cases)
{
    json_object *profs = cli_json_obj(report, "profiles");
    size_t n = json_object_array_length(cases), i = 0, total = 0;
    total = cli_json_size(cli_json_obj(report, "summary"), "skip");
    fprintf(out,
            "<h2 id=\"skipped\">Not measured: <span class=\"n-skipped\">%zu</span> skipped "
            "case%s</h2>\n",
            total, total == 1 ? "" : "s");
    if (!total) {
        fputs("<p class=\"meta\">Every selected case that needs a capability was claimed.</p>\n",
              out);
        return;
    }
    fputs("<div class=\"scroll\"><table class=\"needs\"><thead><tr><th>profile</th><th>needs"
          "</th><th class=\"num\">cases</th><th>what it means</th><th>how to get them "
          "measured</th></tr></thead><tbody>\n",
          out);
    if (profs && json_object_is_type(profs, json_type_object)) {
        json_object_object_foreach(profs, pname, m)
        {
            json_object *sk = cli_json_obj(m, "skipped");
            size_t k = 0, ns = sk && json_object_is_type(sk, json_type_array)
                                   ? json_object_array_length(sk)
                                   : 0;
            for (k = 0; k < ns; k++) {
                json_object *e = json_object_array_get_idx(sk, k);
                const char *cap = cli_json_str(e, "capability");
                fputs("<tr><td>", out);
                cli_html_text(out, pname);
                fputs("</td><td><code>", out);
                cli_html_text(out, cap ? cap : "(other)");
                fprintf(out, "</code></td><td class=\"num\">%zu</td><td>",
                        cli_json_size(e, "cases"));
                cli_html_text(out, cli_json_str(e, "means"));
                fputs("</td><td>", out);
                cli_html_text(out, cli_json_str(e, "how"));
                fputs("</td></tr>\n", out);
            }
        }
    }
    fputs("</tbody></table></div>\n<details class=\"skiplist\"><summary>The skipped cases and "
          "what each needs</summary>\n<ul>\n",
          out);
    for (i = 0; i < n; i++) {
        json_object *c = json_object_array_get_idx(cases, i);
        const char *o = cli_json_str(c, "outcome");
        if (!o || strcmp(o, "skip"))
            continue;
        fputs("<li data-case=\"", out);
        cli_html_attr(out, cli_json_str(c, "id"));
        fputs("\" data-outcome=\"skip\"><code>", out);
        cli_html_text(out, cli_json_str(c, "id"));
        fputs("</code>: needs ", out);
        list_words(out, cli_json_obj(c, "unclaimed"), "");
        if (!json_object_array_length(cli_json_obj(c, "unclaimed"))) {
            fputs("nothing unclaimed; ", out);
            cli_html_text(out, cli_json_str(c, "message"));
        }
        fputs("</li>\n", out);
    }
    fputs("</ul></details>\n", out);
}

static void claims(FILE *out, json_object *report)
{
    json_object *cl = cli_json_obj(report, "claims");
    if (!cl || !json_object_is_type(cl, json_type_object))
        return;
    fputs("<p class=\"meta\">claims: profiles ", out);
    list_words(out, cli_json_obj(cl, "profiles"), "none");
    fputs("; capabilities ", out);
    list_words(out, cli_json_obj(cl, "capabilities"), "none");
    fputs("</p>\n", out);
}

void cli_html_conform(FILE *out, json_object *report, const char *suite_dir)
{
    json_object *impl = cli_json_obj(report, "implementation");
    json_object *cases = cli_json_obj(report, "cases");
    json_object *profs = cli_json_obj(report, "profiles");
    const char *name = cli_json_str(impl, "name"), *verdict = cli_json_str(report, "verdict");
    const char *gate = cli_json_str(report, "gate");
    char title[300];
    size_t nbad = 0, nx = 0;
    if (!cases || !json_object_is_type(cases, json_type_array))
        cases = json_object_new_array(); /* an empty list, put at the end */
    else
        json_object_get(cases);
    snprintf(title, sizeof title, "amc conform: %s: %s", name && *name ? name : "(unknown)",
             verdict ? verdict : "?");
    cli_html_begin(out, title, NULL, NULL);
    fputs("<header>\n<h1>Conformance of <span class=\"impl-name\">", out);
    cli_html_text(out, name && *name ? name : "(unknown)");
    fputs("</span> <span class=\"impl-version meta\">", out);
    cli_html_text(out, cli_json_str(impl, "version"));
    fputs("</span></h1>\n<p><span class=\"badge v-", out);
    cli_html_attr(out, verdict);
    fputs("\" id=\"verdict\">", out);
    cli_html_text(out, verdict);
    fputs("</span> &nbsp; gate: <b class=\"g-", out);
    cli_html_attr(out, gate);
    fputs("\" id=\"gate\">", out);
    cli_html_text(out, gate);
    fprintf(out, "</b> (exit %zu)</p>\n<p class=\"headline\" id=\"headline\">",
            cli_json_size(report, "status"));
    cli_html_text(out, cli_json_str(report, "headline"));
    fputs("</p>\n<p class=\"meta\" id=\"gate-reason\">gate: ", out);
    cli_html_text(out, cli_json_str(report, "gate_reason"));
    fputs("</p>\n<p class=\"meta\">implementation: <b>", out);
    cli_html_text(out, name);
    fputs("</b> ", out);
    cli_html_text(out, cli_json_str(impl, "version"));
    if (cli_json_str(impl, "language") && *cli_json_str(impl, "language")) {
        fputs(" (", out);
        cli_html_text(out, cli_json_str(impl, "language"));
        fputs(")", out);
    }
    fputs(" via ", out);
    cli_html_text(out, cli_json_str(report, "mode"));
    if (json_object_get_boolean(cli_json_obj(report, "verdict_only")))
        fputs(", verdicts only (codes not compared)", out);
    if (!json_object_get_boolean(cli_json_obj(report, "reached")))
        fputs(", <b>not reached</b>", out);
    if (cli_json_str(impl, "homepage") && *cli_json_str(impl, "homepage")) {
        fputs("; homepage (not a link): <span class=\"mono\">", out);
        cli_html_text(out, cli_json_str(impl, "homepage"));
        fputs("</span>", out);
    }
    fputs("</p>\n", out);
    claims(out, report);
    if (cli_json_str(report, "suite")) {
        fputs("<p class=\"meta\">suite: <span class=\"mono\">", out);
        cli_html_text(out, cli_json_str(report, "suite"));
        fputs("</span></p>\n", out);
    }
    fputs("</header>\n<h2>Profiles</h2>\n", out);
    legend(out);
    fputs("<div class=\"scroll\"><table class=\"profiles\"><thead><tr><th>profile</th><th "
          "class=\"num\">measured</th><th class=\"num\">score</th><th>outcomes</th>",
          out);
    {
        size_t k = 0;
        for (k = 0; k < sizeof count_heads / sizeof count_heads[0]; k++)
            fprintf(out, "<th class=\"num%s\">%s</th>", k >= 2 && k <= 6 ? " hide-narrow" : "",
                    count_heads[k]);
    }
    fputs("</tr></thead><tbody>\n", out);
    if (profs && json_object_is_type(profs, json_type_object)) {
        json_object_object_foreach(profs, pname, m)
        {
            profile_row(out, pname, m, false);
        }
    }
    profile_row(out, NULL, cli_json_obj(report, "summary"), true);
    fputs("</tbody></table></div>\n<p class=\"meta\">Score = pass / (selected &minus; skipped), "
          "truncated to one decimal. Skipped cases are not measured; errors and cases not "
          "tested count against the score.</p>\n",
          out);
    {
        size_t i = 0, n = json_object_array_length(cases);
        for (i = 0; i < n; i++) {
            const char *o = cli_json_str(json_object_array_get_idx(cases, i), "outcome");
            nbad += is_bad(o);
            nx += o && !strcmp(o, "xfail");
        }
    }
    fprintf(out,
            "<h2 id=\"failures\">Failures by rule: <span class=\"n-failures\">%zu</span> "
            "case%s</h2>\n",
            nbad, nbad == 1 ? "" : "s");
    if (!nbad)
        fputs("<p class=\"meta\">No case failed, errored or was left untested.</p>\n", out);
    else {
        fputs("<div class=\"failures\">\n", out);
        by_rule(out, cases, true, suite_dir);
        fputs("</div>\n", out);
    }
    if (nx) {
        fprintf(out,
                "<h2 id=\"excused\">Excused by the expected-failure list: <span "
                "class=\"n-excused\">%zu</span></h2>\n<div class=\"excused\">\n",
                nx);
        by_rule(out, cases, false, suite_dir);
        fputs("</div>\n", out);
    }
    skipped(out, report, cases);
    json_object_put(cases);
    cli_html_end(out, NULL);
}
