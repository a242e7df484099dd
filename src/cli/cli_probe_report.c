/*
 * cli_probe_report.c - the reports of `amc probe` (cli_probe.h): text, JSON, JUnit XML and
 * Markdown, like those of `amc conform`: one entry per rule (SOCKET-LIVE-NNN) with its level,
 * outcome (pass, fail, not-run) and findings (the step that found it and what was seen), the
 * steps that ran, and a headline with the gate.
 *
 * Decisions: a failed SHOULD rule is a warning (exit 0) unless --strict; a MUST rule that did
 * not run (the probe stopped early) fails the gate. JUnit: one testcase per rule, classname
 * "socket.live"; fail -> <failure> (type MUST or SHOULD), not run -> <skipped> (the failure
 * that stopped the run is reported by its own rule). The JSON shape is documented in
 * docs/probe.md.
 */
#include <json-c/json.h>
#include <string.h>
#include "cli.h"
#include "cli_probe.h"

static const char *outcome_str(probe_outcome o)
{
    return o == PROBE_PASS ? "pass" : o == PROBE_FAIL ? "fail" : "not-run";
}

typedef struct counts {
    size_t must_fail, should_fail, not_run;
} counts;

static counts count(const probe_result *r)
{
    counts c = {0, 0, 0};
    size_t i = 0;
    for (i = 0; i < PROBE_RULES; i++) {
        const probe_rule *pr = &r->rules[i];
        if (pr->outcome == PROBE_FAIL && pr->rule->level == AMC_RULE_MUST)
            c.must_fail++;
        else if (pr->outcome == PROBE_FAIL)
            c.should_fail++;
        else if (pr->outcome == PROBE_NOT_RUN)
            c.not_run++;
    }
    return c;
}

static const char *verdict(const probe_result *r, bool strict)
{
    int st = cli_probe_exit(r, strict);
    return st == 3 ? "not-reached" : st == 1 ? "fail" : "pass";
}

/* The headline, followed by end ("\n", or "**\n" to close Markdown bold). */
static void headline(FILE *out, const probe_result *r, bool strict, const char *end)
{
    counts c = count(r);
    if (!r->reached) {
        fprintf(out, "nothing to probe: %s (exit 3)%s", r->connect_error, end);
        return;
    }
    fprintf(out,
            "%s: %zu MUST rule%s failed, %zu SHOULD rule%s failed%s, %zu not run; %zu requests "
            "in %.1f s (exit %d)%s",
            verdict(r, strict), c.must_fail, c.must_fail == 1 ? "" : "s", c.should_fail,
            c.should_fail == 1 ? "" : "s", strict ? " (--strict: they count)" : "", c.not_run,
            r->requests, r->seconds, cli_probe_exit(r, strict), end);
}

/* " (and N later steps)" or "". Static buffer: one call per printf. */
static const char *again(unsigned n)
{
    static char b[48];
    if (!n)
        return "";
    snprintf(b, sizeof b, " (and %u later step%s)", n, n == 1 ? "" : "s");
    return b;
}

/* Text for a Markdown table cell: '|' escaped, a control character (a server's text may hold
 * one) as U+FFFD, so that the row keeps its columns. */
static void md_cell(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '|')
            fputs("\\|", out);
        else if (c < 0x20)
            fputs("\xef\xbf\xbd", out);
        else
            fputc(c, out);
    }
}

static void text(FILE *out, const probe_result *r, const probe_opts *o, bool strict, bool md)
{
    size_t i = 0, k = 0;
    if (md)
        fprintf(out, "## amc probe: `%s` (profile socket)\n\n**", o->path);
    else
        fprintf(out, "amc probe: %s (profile socket)\n", o->path);
    headline(out, r, strict, md ? "**\n" : "\n");
    if (!r->reached)
        return; /* every rule not run: the headline says why */
    if (md)
        fputs("\n| Rule | Level | Outcome | Findings |\n|---|---|---|---|\n", out);
    for (i = 0; i < PROBE_RULES; i++) {
        const probe_rule *pr = &r->rules[i];
        const char *lvl = amc_rule_level_str(pr->rule->level);
        if (md) {
            fprintf(out, "| %s | %s | %s | ", pr->rule->id, lvl, outcome_str(pr->outcome));
            for (k = 0; k < pr->nfind; k++) {
                const char *m = pr->find[k].message;
                fprintf(out, "%s%s: ", k ? "<br>" : "", pr->find[k].step);
                md_cell(out, m);
                fputs(again(pr->find[k].again), out);
            }
            if (pr->more)
                fprintf(out, "<br>(%zu more)", pr->more);
            fputs(" |\n", out);
            continue;
        }
        fprintf(out, "  %-7s %s %-6s %s\n",
                pr->outcome == PROBE_PASS   ? "PASS"
                : pr->outcome == PROBE_FAIL ? (pr->rule->level == AMC_RULE_MUST ? "FAIL" : "WARN")
                                            : "NOT RUN",
                pr->rule->id, lvl, amc_code_id(pr->rule->code));
        if (pr->outcome == PROBE_FAIL)
            fprintf(out, "          rule: %s\n", pr->rule->summary);
        for (k = 0; k < pr->nfind; k++)
            fprintf(out, "          %s: %s%s\n", pr->find[k].step, pr->find[k].message,
                    again(pr->find[k].again));
        if (pr->more)
            fprintf(out, "          (%zu more)\n", pr->more);
        if (pr->notes[0])
            fprintf(out, "          note: profile warnings on a reply: %s\n", pr->notes);
    }
    if (r->stopped[0])
        fprintf(out, "%sstopped: %s\n", md ? "\n" : "", r->stopped);
    if (r->task_dir[0])
        fprintf(out,
                "%snote: the task's project_dir %s was not empty afterwards; it was left "
                "in place\n",
                md ? "\n" : "", r->task_dir);
    if (md) {
        fputs("\n| Step | Sent | Result | Seconds |\n|---|---|---|---|\n", out);
        for (i = 0; i < r->nsteps; i++) {
            fprintf(out, "| %s | %s | ", r->steps[i].name, r->steps[i].sent);
            md_cell(out, r->steps[i].result); /* the reply's type is the server's text */
            fprintf(out, " | %.2f |\n", r->steps[i].seconds);
        }
    }
}

static void text_steps(FILE *out, const probe_result *r)
{
    size_t i = 0;
    fputs("steps:\n", out);
    for (i = 0; i < r->nsteps; i++)
        fprintf(out, "  %-20s %6.2f s  %s -> %s\n", r->steps[i].name, r->steps[i].seconds,
                r->steps[i].sent, r->steps[i].result);
}

static void json(FILE *out, const probe_result *r, const probe_opts *o, bool strict)
{
    json_object *root = json_object_new_object(), *rules = json_object_new_array();
    json_object *steps = json_object_new_array();
    counts c = count(r);
    size_t i = 0, k = 0;
    json_object_object_add(root, "tool", json_object_new_string("amc probe"));
    json_object_object_add(root, "profile", json_object_new_string("socket"));
    json_object_object_add(root, "socket", json_object_new_string(o->path));
    json_object_object_add(root, "reached", json_object_new_boolean(r->reached));
    json_object_object_add(root, "verdict", json_object_new_string(verdict(r, strict)));
    json_object_object_add(root, "exitStatus", json_object_new_int(cli_probe_exit(r, strict)));
    json_object_object_add(root, "strict", json_object_new_boolean(strict));
    json_object_object_add(root, "allowTasks", json_object_new_boolean(o->allow_tasks));
    json_object_object_add(root, "mustFailed", json_object_new_int64((int64_t)c.must_fail));
    json_object_object_add(root, "shouldFailed", json_object_new_int64((int64_t)c.should_fail));
    json_object_object_add(root, "notRun", json_object_new_int64((int64_t)c.not_run));
    json_object_object_add(root, "requests", json_object_new_int64((int64_t)r->requests));
    json_object_object_add(root, "seconds", json_object_new_double(r->seconds));
    json_object_object_add(root, "connectError",
                           r->reached ? NULL : json_object_new_string(r->connect_error));
    json_object_object_add(root, "stopped",
                           r->stopped[0] ? json_object_new_string(r->stopped) : NULL);
    for (i = 0; i < PROBE_RULES; i++) {
        const probe_rule *pr = &r->rules[i];
        json_object *jr = json_object_new_object(), *f = json_object_new_array();
        json_object_object_add(jr, "id", json_object_new_string(pr->rule->id));
        json_object_object_add(jr, "level",
                               json_object_new_string(amc_rule_level_str(pr->rule->level)));
        json_object_object_add(jr, "code", json_object_new_string(amc_code_id(pr->rule->code)));
        json_object_object_add(jr, "outcome", json_object_new_string(outcome_str(pr->outcome)));
        for (k = 0; k < pr->nfind; k++) {
            json_object *jf = json_object_new_object();
            json_object_object_add(jf, "step", json_object_new_string(pr->find[k].step));
            json_object_object_add(jf, "message", json_object_new_string(pr->find[k].message));
            json_object_object_add(jf, "alsoInLaterSteps",
                                   json_object_new_int64((int64_t)pr->find[k].again));
            json_object_array_add(f, jf);
        }
        json_object_object_add(jr, "findings", f);
        json_object_object_add(jr, "moreFindings", json_object_new_int64((int64_t)pr->more));
        if (pr->notes[0])
            json_object_object_add(jr, "notes", json_object_new_string(pr->notes));
        json_object_array_add(rules, jr);
    }
    json_object_object_add(root, "rules", rules);
    for (i = 0; i < r->nsteps; i++) {
        json_object *js = json_object_new_object();
        json_object_object_add(js, "name", json_object_new_string(r->steps[i].name));
        json_object_object_add(js, "sent", json_object_new_string(r->steps[i].sent));
        json_object_object_add(js, "result", json_object_new_string(r->steps[i].result));
        json_object_object_add(js, "seconds", json_object_new_double(r->steps[i].seconds));
        json_object_array_add(steps, js);
    }
    json_object_object_add(root, "steps", steps);
    json_object_object_add(root, "taskDirLeft",
                           r->task_dir[0] ? json_object_new_string(r->task_dir) : NULL);
    fprintf(out, "%s\n",
            json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
                                                     JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(root);
}

static void xml(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '<')
            fputs("&lt;", out);
        else if (ch == '>')
            fputs("&gt;", out);
        else if (ch == '&')
            fputs("&amp;", out);
        else if (ch == '"')
            fputs("&quot;", out);
        else if (ch < 0x20 && ch != '\n' && ch != '\t')
            fputc('?', out);
        else
            fputc(ch, out);
    }
}

static void junit(FILE *out, const probe_result *r, const probe_opts *o, bool strict)
{
    counts c = count(r);
    size_t i = 0, k = 0;
    (void)strict;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite "
            "name=\"amc probe socket\" tests=\"%d\" failures=\"%zu\" errors=\"%d\" "
            "skipped=\"%zu\" time=\"%.3f\">\n",
            PROBE_RULES, c.must_fail + c.should_fail, r->reached ? 0 : 1, c.not_run, r->seconds);
    fputs("    <properties><property name=\"socket\" value=\"", out);
    xml(out, o->path);
    fputs("\"/></properties>\n", out);
    for (i = 0; i < PROBE_RULES; i++) {
        const probe_rule *pr = &r->rules[i];
        const char *lvl = amc_rule_level_str(pr->rule->level);
        fprintf(out, "    <testcase classname=\"socket.live\" name=\"%s\"", pr->rule->id);
        if (pr->outcome == PROBE_PASS) {
            fputs("/>\n", out);
            continue;
        }
        fputs(">\n", out);
        if (pr->outcome == PROBE_NOT_RUN) {
            fputs("      <skipped message=\"not run: ", out);
            xml(out, r->reached ? (r->stopped[0] ? r->stopped : "no step exercised it")
                                : r->connect_error);
            fputs("\"/>\n", out);
        } else {
            fprintf(out, "      <failure type=\"%s\" message=\"", lvl);
            xml(out, pr->find[0].step);
            fputs(": ", out);
            xml(out, pr->find[0].message);
            fputs("\">", out);
            for (k = 0; k < pr->nfind; k++) {
                xml(out, pr->find[k].step);
                fputs(": ", out);
                xml(out, pr->find[k].message);
                fputc('\n', out);
            }
            fputs("</failure>\n", out);
        }
        fputs("    </testcase>\n", out);
    }
    fputs("  </testsuite>\n</testsuites>\n", out);
}

void cli_probe_report(const probe_result *res, const probe_opts *o, int fmt, bool strict,
                      bool verbose, FILE *out)
{
    if (fmt == CLI_FMT_JSON)
        json(out, res, o, strict);
    else if (fmt == CLI_FMT_JUNIT)
        junit(out, res, o, strict);
    else if (fmt == CLI_FMT_MARKDOWN)
        text(out, res, o, strict, true);
    else {
        text(out, res, o, strict, false);
        if (verbose)
            text_steps(out, res);
    }
}
