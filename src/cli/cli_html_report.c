/*
 * cli_html_report.c - `amc report html REPORT.json...`: several implementations' JSON conform
 * reports (conformance/REPORT.md) side by side on one self-contained page.
 *
 * Decisions:
 *   - One column per implementation (name, version, mode): reports of the same implementation
 *     (shards of one run, or a merged report) fill one column, their cases joined (a case id
 *     seen twice keeps its first outcome). Columns in the order of the files.
 *   - Scores at the top, per profile and column, computed from the column's cases the way the
 *     runner does (pass / (cases - skipped), one decimal, truncated), with measured N of M and a
 *     bar; for a column read from one report they are that report's numbers.
 *   - Rows: every case of any report, grouped by profile (order of first appearance) and rule;
 *     within a profile the rows where the implementations disagree (different outcomes, a case
 *     missing from one counting as "absent") come first, each group in file order.
 *   - The filter (profile, outcome) is a small inline script allowed by its SHA-256 in the CSP;
 *     its controls are hidden until it runs, so without scripts every row is shown.
 *   - Inputs: each file at most 256 MiB, a JSON object with "report": "amc-conform" and a
 *     "cases" array; anything else is an error naming the file (exit 2, nothing on stdout).
 */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "cli.h"
#include "cli_html.h"
#include "cli_report.h"

typedef struct col {
    const char *name, *version, *mode, *verdict, *gate;
    json_object **reps; /* borrowed */
    size_t nreps;
} col;

typedef struct row {
    const char *id, *profile, *rule, *level;
    json_object **cell; /* per column: the case, or NULL */
    bool disagree;
    size_t order;
} row;

typedef struct page {
    col *cols;
    size_t ncols;
    row *rows;
    size_t nrows, caprows;
    const char **profs;
    size_t nprofs;
} page;

static const char script[] =
    "(function(){var d=document,f=d.getElementById('filter');if(!f)return;f.hidden=false;"
    "var p=d.getElementById('fp'),o=d.getElementById('fo'),n=d.getElementById('fn');"
    "function go(){var rs=d.querySelectorAll('tr.caserow'),k=0;for(var i=0;i<rs.length;i++){"
    "var r=rs[i],ok=(!p.value||r.getAttribute('data-profile')===p.value)&&(!o.value||"
    "(' '+r.getAttribute('data-outcomes')+' ').indexOf(' '+o.value+' ')>=0||(o.value==="
    "'disagree'&&r.getAttribute('data-disagree')==='1'));r.hidden=!ok;if(ok)k++;}"
    "n.textContent=k+' of '+rs.length+' rows';var ss=d.querySelectorAll('section.prof');"
    "for(var j=0;j<ss.length;j++){ss[j].hidden=!!p.value&&ss[j].getAttribute('data-profile')!=="
    "p.value;}}p.addEventListener('change',go);o.addEventListener('change',go);"
    "d.documentElement.setAttribute('data-filter','on');go();})();";

static const char css[] =
    "table.matrix td.cell{text-align:center;white-space:nowrap}table.matrix th.impl{text-align:"
    "center;min-width:7rem}\n"
    "tr.dis>td:first-child{border-left:4px solid var(--exc)}\n"
    "td.cell.o-pass{background:#dafbe1}td.cell.o-fail,td.cell.o-xpass{background:#ffebe9}"
    "td.cell.o-error{background:#fbefff}td.cell.o-skip,td.cell.o-not-tested{background:"
    "var(--soft)}td.cell.o-xfail{background:#fff8c5}td.cell.o-absent{color:var(--mute)}\n"
    ".filter{display:flex;gap:1rem;flex-wrap:wrap;align-items:center;margin:.5rem 0}\n"
    "@media print{.filter{display:none}td.cell{print-color-adjust:exact;"
    "-webkit-print-color-adjust:exact}}\n";

static const char *const outcomes[] = {"pass", "fail",  "error", "not-tested",
                                       "skip", "xfail", "xpass", "absent"};

static const char *str_or(const char *s, const char *d)
{
    return s && *s ? s : d;
}

static bool same(const char *a, const char *b)
{
    return !strcmp(a ? a : "", b ? b : "");
}

/* The column of a report (a new one unless the implementation already has one). */
static int add_report(page *pg, json_object *rep)
{
    json_object *impl = cli_json_obj(rep, "implementation");
    const char *name = cli_json_str(impl, "name"), *ver = cli_json_str(impl, "version");
    const char *mode = cli_json_str(rep, "mode");
    size_t i = 0;
    col *c = NULL;
    json_object **nr = NULL;
    for (i = 0; i < pg->ncols; i++)
        if (same(pg->cols[i].name, name) && same(pg->cols[i].version, ver) &&
            same(pg->cols[i].mode, mode))
            break;
    if (i == pg->ncols) {
        col *nc = realloc(pg->cols, (pg->ncols + 1) * sizeof *nc);
        if (!nc)
            return -1;
        pg->cols = nc;
        memset(&nc[pg->ncols], 0, sizeof *nc);
        nc[pg->ncols].name = name;
        nc[pg->ncols].version = ver;
        nc[pg->ncols].mode = mode;
        nc[pg->ncols].verdict = cli_json_str(rep, "verdict");
        nc[pg->ncols].gate = cli_json_str(rep, "gate");
        pg->ncols++;
    }
    c = &pg->cols[i];
    nr = realloc(c->reps, (c->nreps + 1) * sizeof *nr);
    if (!nr)
        return -1;
    c->reps = nr;
    c->reps[c->nreps++] = rep;
    if (c->nreps > 1) { /* shards: the verdict of the whole is not known here */
        const char *v = cli_json_str(rep, "verdict");
        if (!same(v, c->verdict))
            c->verdict = "mixed";
    }
    return 0;
}

static row *find_row(page *pg, const char *id, const char *profile)
{
    size_t i = 0;
    for (i = pg->nrows; i-- > 0;)
        if (!strcmp(pg->rows[i].id, id) && !strcmp(pg->rows[i].profile, profile))
            return &pg->rows[i];
    return NULL;
}

static int build_rows(page *pg)
{
    size_t k = 0, r = 0, i = 0;
    for (k = 0; k < pg->ncols; k++) {
        for (r = 0; r < pg->cols[k].nreps; r++) {
            json_object *cases = cli_json_obj(pg->cols[k].reps[r], "cases");
            size_t n = json_object_array_length(cases);
            for (i = 0; i < n; i++) {
                json_object *c = json_object_array_get_idx(cases, i);
                const char *id = cli_json_str(c, "id"), *prof = cli_json_str(c, "profile");
                row *rw = NULL;
                size_t p = 0;
                if (!id || !prof)
                    continue;
                rw = find_row(pg, id, prof);
                if (!rw) {
                    if (pg->nrows == pg->caprows) {
                        size_t cap = pg->caprows ? pg->caprows * 2 : 256;
                        row *nr = realloc(pg->rows, cap * sizeof *nr);
                        if (!nr)
                            return -1;
                        pg->rows = nr;
                        pg->caprows = cap;
                    }
                    rw = &pg->rows[pg->nrows];
                    memset(rw, 0, sizeof *rw);
                    rw->cell = calloc(pg->ncols, sizeof *rw->cell);
                    if (!rw->cell)
                        return -1;
                    rw->id = id;
                    rw->profile = prof;
                    rw->rule = str_or(cli_json_str(c, "rule"), "?");
                    rw->level = str_or(cli_json_str(c, "level"), "?");
                    rw->order = pg->nrows++;
                    for (p = 0; p < pg->nprofs && strcmp(pg->profs[p], prof); p++)
                        ;
                    if (p == pg->nprofs) {
                        const char **np = realloc(pg->profs, (pg->nprofs + 1) * sizeof *np);
                        if (!np)
                            return -1;
                        pg->profs = np;
                        pg->profs[pg->nprofs++] = prof;
                    }
                }
                if (!rw->cell[k])
                    rw->cell[k] = c;
            }
        }
    }
    for (i = 0; i < pg->nrows; i++) {
        const char *first = NULL;
        for (k = 0; k < pg->ncols; k++) {
            const char *o =
                pg->rows[i].cell[k] ? cli_json_str(pg->rows[i].cell[k], "outcome") : "absent";
            if (!first)
                first = o ? o : "?";
            else if (!same(first, o))
                pg->rows[i].disagree = true;
        }
    }
    return 0;
}

/* Per column and profile: counts over the column's cases. */
typedef struct sums {
    size_t total, pass, skip, bad, xfail;
} sums;

static sums sum_of(const page *pg, size_t k, const char *prof)
{
    sums s;
    size_t i = 0;
    memset(&s, 0, sizeof s);
    for (i = 0; i < pg->nrows; i++) {
        const char *o = NULL;
        if (!pg->rows[i].cell[k] || (prof && strcmp(pg->rows[i].profile, prof)))
            continue;
        o = str_or(cli_json_str(pg->rows[i].cell[k], "outcome"), "?");
        s.total++;
        s.pass += !strcmp(o, "pass");
        s.skip += !strcmp(o, "skip");
        s.xfail += !strcmp(o, "xfail");
        s.bad += !strcmp(o, "fail") || !strcmp(o, "error") || !strcmp(o, "not-tested") ||
                 !strcmp(o, "xpass");
    }
    return s;
}

static void score_cell(FILE *out, const page *pg, size_t k, const char *prof)
{
    sums s = sum_of(pg, k, prof);
    size_t den = s.total - s.skip, measured = 0, i = 0;
    unsigned long pm = den ? (unsigned long)(s.pass * 1000 / den) : 0;
    size_t c[4];
    static const char *const cls[] = {"b-pass", "b-fail", "b-excused", "b-skip"};
    static const char *const lab[] = {"pass", "fail, error or not tested", "excused (xfail)",
                                      "skipped"};
    for (i = 0; i < pg->nrows; i++) {
        const char *o = NULL;
        if (!pg->rows[i].cell[k] || (prof && strcmp(pg->rows[i].profile, prof)))
            continue;
        o = str_or(cli_json_str(pg->rows[i].cell[k], "outcome"), "?");
        measured += strcmp(o, "skip") && strcmp(o, "not-tested");
    }
    if (!s.total) {
        fputs("<td class=\"score o-absent\" data-impl=\"", out);
        fprintf(out, "%zu\">&mdash;</td>", k);
        return;
    }
    fprintf(out,
            "<td class=\"score\" data-impl=\"%zu\"><b class=\"n-score\">%lu.%lu%%</b> <span "
            "class=\"meta\">measured <span class=\"n-measured\">%zu of %zu</span></span>",
            k, pm / 10, pm % 10, measured, s.total);
    c[0] = s.pass;
    c[1] = s.bad;
    c[2] = s.xfail;
    c[3] = s.skip;
    cli_html_bar(out, 4, c, cls, lab);
    fputs("</td>", out);
}

static void impl_heads(FILE *out, const page *pg)
{
    size_t k = 0;
    for (k = 0; k < pg->ncols; k++) {
        const col *c = &pg->cols[k];
        fprintf(out, "<th class=\"impl\" data-impl=\"%zu\"><span class=\"impl-name\">", k);
        cli_html_text(out, str_or(c->name, "(unknown)"));
        fputs("</span> <span class=\"meta impl-version\">", out);
        cli_html_text(out, c->version);
        fputs("</span><br><span class=\"badge v-", out);
        cli_html_attr(out, c->verdict);
        fputs("\">", out);
        cli_html_text(out, c->verdict);
        fputs("</span>", out);
        if (c->nreps > 1)
            fprintf(out, " <span class=\"meta\">(%zu reports)</span>", c->nreps);
        fputs("</th>", out);
    }
}

static void case_row(FILE *out, const page *pg, const row *r)
{
    size_t k = 0, j = 0;
    bool seen[sizeof outcomes / sizeof outcomes[0]] = {false}, any = false;
    fputs("<tr class=\"caserow", out);
    fputs(r->disagree ? " dis\" data-disagree=\"1\"" : "\" data-disagree=\"0\"", out);
    fputs(" data-case=\"", out);
    cli_html_attr(out, r->id);
    fputs("\" data-profile=\"", out);
    cli_html_attr(out, r->profile);
    fputs("\" data-outcomes=\"", out);
    for (k = 0; k < pg->ncols; k++) {
        const char *o = r->cell[k] ? str_or(cli_json_str(r->cell[k], "outcome"), "?") : "absent";
        for (j = 0; j < sizeof outcomes / sizeof outcomes[0]; j++)
            if (!strcmp(outcomes[j], o) && !seen[j]) {
                fprintf(out, "%s%s", any ? " " : "", outcomes[j]);
                seen[j] = any = true;
            }
    }
    fputs("\"><td><span class=\"mono\">", out);
    cli_html_text(out, r->id);
    fputs("</span></td><td class=\"hide-narrow\"><span class=\"mono\">", out);
    cli_html_text(out, r->rule);
    fputs("</span><span class=\"lvl ", out);
    cli_html_attr(out, r->level);
    fputs("\">", out);
    cli_html_text(out, r->level);
    fputs("</span></td>", out);
    for (k = 0; k < pg->ncols; k++) {
        const char *o = r->cell[k] ? str_or(cli_json_str(r->cell[k], "outcome"), "?") : "absent";
        const char *msg = r->cell[k] ? cli_json_str(r->cell[k], "message") : NULL;
        fputs("<td class=\"cell o-", out);
        cli_html_attr(out, o);
        fprintf(out, "\" data-impl=\"%zu\" data-outcome=\"", k);
        cli_html_attr(out, o);
        fputs("\"", out);
        if (msg && *msg) {
            fputs(" title=\"", out);
            cli_html_attr(out, msg);
            fputs("\"", out);
        }
        fputs(">", out);
        cli_html_text(out, !strcmp(o, "absent") ? "\xe2\x80\x94" : o);
        fputs("</td>", out);
    }
    fputs("</tr>\n", out);
}

static int cmp_rows(const void *a, const void *b)
{
    const row *x = a, *y = b;
    if (x->disagree != y->disagree)
        return x->disagree ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static void render(FILE *out, page *pg, size_t nfiles)
{
    size_t k = 0, p = 0, i = 0, dis = 0;
    char title[200];
    for (i = 0; i < pg->nrows; i++)
        dis += pg->rows[i].disagree;
    snprintf(title, sizeof title, "amc report html: %zu implementation%s", pg->ncols,
             pg->ncols == 1 ? "" : "s");
    cli_html_begin(out, title, css, script);
    fprintf(out,
            "<header><h1>%zu implementation%s side by side</h1>\n<p class=\"meta\">from %zu JSON "
            "conform report%s; <span class=\"n-cases\">%zu</span> cases, <span "
            "class=\"n-disagree\">%zu</span> where the implementations disagree (listed first in "
            "each profile).</p></header>\n",
            pg->ncols, pg->ncols == 1 ? "" : "s", nfiles, nfiles == 1 ? "" : "s", pg->nrows, dis);
    fputs("<h2>Scores</h2>\n<div class=\"scroll\"><table class=\"scores\"><thead><tr><th>profile"
          "</th>",
          out);
    impl_heads(out, pg);
    fputs("</tr></thead><tbody>\n", out);
    for (p = 0; p <= pg->nprofs; p++) {
        const char *prof = p < pg->nprofs ? pg->profs[p] : NULL;
        fputs("<tr class=\"scorerow\" data-profile=\"", out);
        cli_html_attr(out, prof ? prof : "");
        fputs("\"><th>", out);
        cli_html_text(out, prof ? prof : "all profiles");
        fputs("</th>", out);
        for (k = 0; k < pg->ncols; k++)
            score_cell(out, pg, k, prof);
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table></div>\n<p class=\"meta\">Score = pass / (cases &minus; skipped), one "
          "decimal, truncated; &mdash; = the case is not in that implementation's report.</p>\n",
          out);
    fputs("<div class=\"filter noprint\" id=\"filter\" hidden><label>profile <select id=\"fp\">"
          "<option value=\"\">all</option>",
          out);
    for (p = 0; p < pg->nprofs; p++) {
        fputs("<option value=\"", out);
        cli_html_attr(out, pg->profs[p]);
        fputs("\">", out);
        cli_html_text(out, pg->profs[p]);
        fputs("</option>", out);
    }
    fputs("</select></label><label>outcome <select id=\"fo\"><option value=\"\">any</option>"
          "<option value=\"disagree\">implementations disagree</option>",
          out);
    for (i = 0; i < sizeof outcomes / sizeof outcomes[0]; i++)
        fprintf(out, "<option value=\"%s\">%s in a column</option>", outcomes[i], outcomes[i]);
    fputs("</select></label><span class=\"meta\" id=\"fn\"></span></div>\n", out);
    qsort(pg->rows, pg->nrows, sizeof *pg->rows, cmp_rows);
    for (p = 0; p < pg->nprofs; p++) {
        size_t n = 0, nd = 0;
        for (i = 0; i < pg->nrows; i++)
            if (!strcmp(pg->rows[i].profile, pg->profs[p])) {
                n++;
                nd += pg->rows[i].disagree;
            }
        fputs("<section class=\"prof\" data-profile=\"", out);
        cli_html_attr(out, pg->profs[p]);
        fputs("\"><h2>", out);
        cli_html_text(out, pg->profs[p]);
        fprintf(out,
                " <span class=\"meta\">%zu cases, %zu disagree</span></h2>\n<div class=\"scroll\">"
                "<table class=\"matrix\"><thead><tr><th>case</th><th "
                "class=\"hide-narrow\">rule</th>",
                n, nd);
        impl_heads(out, pg);
        fputs("</tr></thead><tbody>\n", out);
        /* disagreeing rows first (sorted so), each part grouped by rule in file order */
        for (k = 0; k < 2; k++) {
            size_t a = 0;
            for (a = 0; a < pg->nrows; a++) {
                const row *r = &pg->rows[a];
                size_t b = 0;
                bool first = true;
                if (strcmp(r->profile, pg->profs[p]) || r->disagree != (k == 0))
                    continue;
                for (b = 0; b < a && first; b++)
                    first = !(pg->rows[b].disagree == r->disagree &&
                              !strcmp(pg->rows[b].profile, r->profile) &&
                              !strcmp(pg->rows[b].rule, r->rule));
                if (!first)
                    continue;
                for (b = a; b < pg->nrows; b++)
                    if (pg->rows[b].disagree == r->disagree &&
                        !strcmp(pg->rows[b].profile, r->profile) &&
                        !strcmp(pg->rows[b].rule, r->rule))
                        case_row(out, pg, &pg->rows[b]);
            }
        }
        fputs("</tbody></table></div></section>\n", out);
    }
    cli_html_end(out, script);
}

int cli_html_report(const cli_list *files, FILE *out, const char *cmd)
{
    page pg;
    json_object **reps = calloc(files->n ? files->n : 1, sizeof *reps);
    size_t i = 0;
    int rc = CLI_EXIT_ERROR;
    memset(&pg, 0, sizeof pg);
    if (!reps) {
        fprintf(stderr, "amc %s: out of memory\n", cmd);
        return CLI_EXIT_ERROR;
    }
    for (i = 0; i < files->n; i++) {
        char *buf = NULL;
        size_t len = 0;
        enum json_tokener_error jerr = json_tokener_success;
        json_object *cases = NULL;
        int r = cli_read_file(files->v[i], (size_t)1 << 28, &buf, &len);
        if (r == -2)
            fprintf(stderr, "amc %s: %s: larger than 256 MiB\n", cmd, files->v[i]);
        if (r != 0)
            goto out;
        reps[i] = json_tokener_parse_verbose(buf, &jerr);
        free(buf);
        if (!reps[i]) {
            fprintf(stderr, "amc %s: %s: not JSON (%s)\n", cmd, files->v[i],
                    json_tokener_error_desc(jerr));
            goto out;
        }
        cases = cli_json_obj(reps[i], "cases");
        if (!json_object_is_type(reps[i], json_type_object) ||
            !same(cli_json_str(reps[i], "report"), "amc-conform") || !cases ||
            !json_object_is_type(cases, json_type_array)) {
            fprintf(stderr,
                    "amc %s: %s: not a JSON conform report (amc conform --json FILE writes one: "
                    "an object with \"report\": \"amc-conform\" and \"cases\")\n",
                    cmd, files->v[i]);
            goto out;
        }
        if (add_report(&pg, reps[i]) != 0)
            goto oom;
    }
    if (build_rows(&pg) != 0)
        goto oom;
    render(out, &pg, files->n);
    rc = fflush(out) == 0 && !ferror(out) ? CLI_EXIT_OK : CLI_EXIT_ERROR;
    if (rc != CLI_EXIT_OK) /* a full disk: was exit 2 without a word */
        fprintf(stderr, "amc %s: cannot write the page: %s\n", cmd, strerror(errno));
    goto out;
oom:
    fprintf(stderr, "amc %s: out of memory\n", cmd);
out:
    for (i = 0; i < pg.nrows; i++)
        free(pg.rows[i].cell);
    for (i = 0; i < pg.ncols; i++)
        free(pg.cols[i].reps);
    free(pg.rows);
    free(pg.cols);
    free(pg.profs);
    for (i = 0; i < files->n; i++)
        json_object_put(reps[i]);
    free(reps);
    return rc;
}

typedef struct rargs {
    const char *output;
} rargs;

static int html_main(void *args, const cli_list *ops)
{
    const rargs *a = args;
    FILE *f = NULL;
    int rc = 0;
    if (!a->output)
        return cli_html_report(ops, stdout, "report html");
    f = fopen(a->output, "wb");
    if (!f) {
        fprintf(stderr, "amc report html: cannot write %s: %s\n", a->output, strerror(errno));
        return CLI_EXIT_ERROR;
    }
    rc = cli_html_report(ops, f, "report html");
    if (fclose(f) != 0 && rc == CLI_EXIT_OK) {
        fprintf(stderr, "amc report html: cannot write %s: %s\n", a->output, strerror(errno));
        rc = CLI_EXIT_ERROR;
    }
    return rc;
}

const cli_command cli_report_html = {
    .name = "report html",
    .summary = "several implementations' JSON conform reports side by side as one HTML page",
    .description =
        "Reads JSON conform reports (amc conform --json FILE, one per implementation; reports of "
        "the same implementation, such as the shards of one run, fill one column) and writes one "
        "self-contained HTML page: each implementation's score per profile at the top, then "
        "every case as a row, grouped by profile and rule, rows where the implementations "
        "disagree first, one column per implementation; a filter by profile and outcome (a "
        "small script allowed by its hash in the page's Content-Security-Policy; without "
        "scripts every row is shown). docs/reports.md.\n"
        "Every input is read and checked before anything is written: one that cannot be read, "
        "is not JSON or is not a conform report is named on standard error, with exit status 2 "
        "and nothing written.",
    .options = (const cli_opt[]){{.name = "output",
                                  .short_name = 'o',
                                  .kind = CLI_STRING,
                                  .arg = "FILE",
                                  CLI_AT(rargs, output),
                                  .help = "write the page to FILE instead of standard output"},
                                 {0}},
    .operands = "REPORT.json...",
    .min_operands = 1,
    .max_operands = CLI_MANY,
    .missing = "no report given (amc conform --json FILE writes one)",
    .exits = (const cli_exit[]){{0, "the page was written"},
                                {2, "a report cannot be read, is not JSON or is not a conform "
                                    "report (nothing written); usage error"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"Two implementations side by side:",
                                       "amc report html -o matrix.html acme.json "
                                       "reference.json"},
                                      {NULL, NULL}},
    .args_size = sizeof(rargs),
    .run = html_main,
};
