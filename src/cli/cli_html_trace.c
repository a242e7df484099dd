/*
 * cli_html_trace.c - timelines as inline SVG: `amc trace check --format html` (a lifecycle
 * trace) and `amc audit --format html` (a workspace's message files).
 *
 * Decisions:
 *   - The x axis is the order of the events (one step each), not their clock: traces need not
 *     carry times, and equal or backwards times would stack marks. Each mark's tooltip (an SVG
 *     <title>) gives its line, event, time and transition.
 *   - Lanes: one per entity instance the events name (message, task, discussion, sub-task ...),
 *     in order of first appearance. The entity an event moves is the one of the transition the
 *     model took (amc_lifecycle_last_transition() and its "event: entity from -> to" name); a
 *     rejected event is put on the entity its event name moves in the model's declarations. The
 *     instance is the event's member named like the entity (every model names them so); none:
 *     the model itself (relay, session) has one lane. States are spans from the step that
 *     entered them to the step that left them (a state "(same)" keeps the span).
 *   - Arrows: a member naming another party (from, to, sender, receiver, agent, agent_id,
 *     reviewer, worker, or another entity of the model) gets a lane too and an arrow to the
 *     lane the event moves (from "to", "receiver" and "worker": away from it).
 *   - The illegal step (the first error) is a red band across every lane with its diagnostic;
 *     warnings are amber marks. Every diagnostic is listed above the timeline with a link to
 *     its part.
 *   - Large traces: the timeline is split into parts of PART events, each a <details> (works
 *     without scripts); the part holding the illegal step and the first part are open. A part
 *     shows at most MAX_LANES lanes (those with findings first, then by events); the other
 *     lanes' marks go to one folded lane, so every event stays a mark.
 *   - Hooks for tests: marks are <rect class="ev ok|warn|err" data-line data-event>, lanes
 *     <g class="lane" data-lane>.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "cli_html.h"
#include "cli_html_tl.h"

#define PART      500
#define MAX_LANES 40
#define STEP      14.0
#define LANE_H    24
#define LABEL_W   210.0
#define MAX_SEC   4

typedef struct tl_lane {
    char *kind, *name;
    char *cur; /* current state (NULL: none yet) */
    size_t since, nev;
} tl_lane;

typedef struct tl_span {
    size_t lane, from, to; /* events [from, to) */
    char *state;
} tl_span;

typedef struct tl_ev {
    size_t line, lane;
    char *event, *t, *trans, *diag, *anchor_label;
    int sev; /* 0 ok, 1 warning, 2 error */
    size_t sec[MAX_SEC];
    bool sec_out[MAX_SEC];
    int nsec;
} tl_ev;

typedef struct tl_trans {
    char *event, *entity, *from, *to;
} tl_trans;

struct cli_tl {
    tl_lane *lanes;
    size_t nlanes, caplanes;
    tl_span *spans;
    size_t nspans, capspans;
    tl_ev *evs;
    size_t nevs, capevs;
    tl_trans *trans;
    size_t ntrans;
    char **kinds; /* entity kinds of the model */
    size_t nkinds;
    size_t first_err; /* index + 1 of the first error mark, 0 none */
    bool oom;
};

static void *grow(void *p, size_t *cap, size_t n, size_t sz, bool *oom)
{
    void *q = NULL;
    if (n < *cap)
        return p;
    q = realloc(p, (*cap ? *cap * 2 : 64) * sz);
    if (!q) {
        *oom = true;
        cli_nomem(); /* the page would lack it: trace check ends with exit 2 */
        return NULL;
    }
    *cap = *cap ? *cap * 2 : 64;
    return q;
}

static char *dup(const char *s)
{
    char *d = strdup(s ? s : "");
    if (!d)
        cli_nomem();
    return d;
}

static bool has_kind(const cli_tl *tl, const char *k)
{
    size_t i = 0;
    for (i = 0; i < tl->nkinds; i++)
        if (!strcmp(tl->kinds[i], k))
            return true;
    return false;
}

static void add_kind(cli_tl *tl, const char *k)
{
    char **nk = NULL;
    if (has_kind(tl, k))
        return;
    nk = realloc(tl->kinds, (tl->nkinds + 1) * sizeof *nk);
    if (!nk) {
        tl->oom = true;
        cli_nomem();
        return;
    }
    tl->kinds = nk;
    if ((tl->kinds[tl->nkinds] = dup(k)) != NULL)
        tl->nkinds++;
}

cli_tl *cli_tl_new(const amc_lifecycle *lc)
{
    cli_tl *tl = calloc(1, sizeof *tl);
    size_t i = 0, n = lc ? amc_lifecycle_items(lc, AMC_LC_TRANSITIONS) : 0;
    if (!tl)
        return NULL;
    tl->trans = calloc(n ? n : 1, sizeof *tl->trans);
    if (!tl->trans) {
        free(tl);
        return NULL;
    }
    for (i = 0; i < n; i++) {
        char name[256], *colon = NULL, *arrow = NULL, *sp = NULL, *sp2 = NULL;
        tl_trans *t = &tl->trans[tl->ntrans];
        if (amc_lifecycle_item(lc, AMC_LC_TRANSITIONS, i, name, sizeof name, NULL) != AMC_OK)
            continue;
        /* "event: entity from -> to" */
        colon = strstr(name, ": ");
        arrow = strstr(name, " -> ");
        if (!colon || !arrow || arrow < colon)
            continue;
        *colon = '\0';
        *arrow = '\0';
        sp = colon + 2;
        sp2 = strchr(sp, ' ');
        if (!sp2)
            continue;
        *sp2 = '\0';
        t->event = dup(name);
        t->entity = dup(sp);
        t->from = dup(sp2 + 1);
        t->to = dup(arrow + 4);
        if (!t->event || !t->entity || !t->from || !t->to) {
            free(t->event);
            free(t->entity);
            free(t->from);
            free(t->to);
            cli_tl_free(tl);
            return NULL;
        }
        add_kind(tl, t->entity);
        tl->ntrans++;
    }
    return tl;
}

void cli_tl_free(cli_tl *tl)
{
    size_t i = 0;
    if (!tl)
        return;
    for (i = 0; i < tl->nlanes; i++) {
        free(tl->lanes[i].kind);
        free(tl->lanes[i].name);
        free(tl->lanes[i].cur);
    }
    for (i = 0; i < tl->nspans; i++)
        free(tl->spans[i].state);
    for (i = 0; i < tl->nevs; i++) {
        free(tl->evs[i].event);
        free(tl->evs[i].t);
        free(tl->evs[i].trans);
        free(tl->evs[i].diag);
    }
    for (i = 0; i < tl->ntrans; i++) {
        free(tl->trans[i].event);
        free(tl->trans[i].entity);
        free(tl->trans[i].from);
        free(tl->trans[i].to);
    }
    for (i = 0; i < tl->nkinds; i++)
        free(tl->kinds[i]);
    free(tl->kinds);
    free(tl->trans);
    free(tl->lanes);
    free(tl->spans);
    free(tl->evs);
    free(tl);
}

/* The lane of (kind, name), added if new at event index at. (size_t)-1 when out of memory. */
static size_t lane_of(cli_tl *tl, const char *kind, const char *name, size_t at)
{
    size_t i = 0;
    tl_lane *nl = NULL;
    for (i = tl->nlanes; i-- > 0;)
        if (!strcmp(tl->lanes[i].kind, kind) && !strcmp(tl->lanes[i].name, name))
            return i;
    nl = grow(tl->lanes, &tl->caplanes, tl->nlanes, sizeof *nl, &tl->oom);
    if (!nl)
        return (size_t)-1;
    tl->lanes = nl;
    memset(&nl[tl->nlanes], 0, sizeof *nl);
    nl[tl->nlanes].kind = dup(kind);
    nl[tl->nlanes].name = dup(name);
    if (!nl[tl->nlanes].kind || !nl[tl->nlanes].name) {
        free(nl[tl->nlanes].kind);
        free(nl[tl->nlanes].name);
        return (size_t)-1;
    }
    nl[tl->nlanes].since = at;
    return tl->nlanes++;
}

static void close_span(cli_tl *tl, size_t lane, size_t at)
{
    tl_lane *l = &tl->lanes[lane];
    tl_span *ns = NULL;
    /* at > l->since: the lane entered l->cur at an earlier mark (cli_tl_state is called once
     * per mark, for the newest one), so a span is never empty */
    if (!l->cur)
        return;
    ns = grow(tl->spans, &tl->capspans, tl->nspans, sizeof *ns, &tl->oom);
    if (!ns)
        return;
    tl->spans = ns;
    ns[tl->nspans].lane = lane;
    ns[tl->nspans].from = l->since;
    ns[tl->nspans].to = at;
    ns[tl->nspans].state = dup(l->cur);
    if (ns[tl->nspans].state)
        tl->nspans++;
}

/* Moves a lane into state st at event index at (a new span when it changes). */
static void enter(cli_tl *tl, size_t lane, const char *st, size_t at)
{
    tl_lane *l = &tl->lanes[lane];
    if (l->cur && !strcmp(l->cur, st))
        return;
    close_span(tl, lane, at);
    free(l->cur);
    l->cur = dup(st);
    l->since = at;
}

/* Adds one mark; returns its index or (size_t)-1. */
size_t cli_tl_mark(cli_tl *tl, const char *kind, const char *name, size_t line, const char *event,
                   const char *t, int sev, const char *diag)
{
    tl_ev *ne = NULL;
    size_t lane = 0, at = tl->nevs;
    ne = grow(tl->evs, &tl->capevs, tl->nevs, sizeof *ne, &tl->oom);
    if (!ne)
        return (size_t)-1;
    tl->evs = ne;
    lane = lane_of(tl, kind, name, at);
    if (lane == (size_t)-1)
        return (size_t)-1;
    memset(&ne[at], 0, sizeof *ne);
    ne[at].line = line;
    ne[at].lane = lane;
    ne[at].event = dup(event);
    if (!ne[at].event)
        return (size_t)-1;
    ne[at].t = t ? dup(t) : NULL;
    ne[at].sev = sev;
    ne[at].diag = diag ? dup(diag) : NULL;
    tl->lanes[lane].nev++;
    if (sev == 2 && !tl->first_err)
        tl->first_err = at + 1;
    tl->nevs++;
    return at;
}

void cli_tl_state(cli_tl *tl, size_t mark, const char *state)
{
    if (mark < tl->nevs)
        enter(tl, tl->evs[mark].lane, state, mark);
}

void cli_tl_link(cli_tl *tl, size_t mark, const char *kind, const char *name, bool outward)
{
    tl_ev *e = NULL;
    size_t lane = 0;
    if (mark >= tl->nevs || tl->evs[mark].nsec >= MAX_SEC)
        return;
    lane = lane_of(tl, kind, name, mark);
    if (lane == (size_t)-1 || lane == tl->evs[mark].lane)
        return;
    e = &tl->evs[mark];
    e->sec[e->nsec] = lane;
    e->sec_out[e->nsec++] = outward;
    tl->lanes[lane].nev++;
}

/* ---- lifecycle events ---- */

static const char *const party_keys[] = {"from",  "to",       "sender",   "receiver", "sender_id",
                                         "agent", "agent_id", "reviewer", "worker",   NULL};

static bool outward_key(const char *k)
{
    return !strcmp(k, "to") || !strcmp(k, "receiver") || !strcmp(k, "worker");
}

void cli_tl_event(cli_tl *tl, const amc_lifecycle *lc, const char *ev, size_t len, size_t line,
                  amc_status st, const amc_diags *ds, size_t first)
{
    char *copy = strndup(ev, len);
    json_object *o = copy ? json_tokener_parse(copy) : NULL;
    if (!copy)
        cli_nomem();
    const char *name = NULL, *t = NULL, *inst = NULL;
    const tl_trans *tr = NULL;
    long ti = st == AMC_OK ? amc_lifecycle_last_transition(lc) : -1;
    size_t i = 0, mark = 0;
    int sev = 0;
    char diag[600] = "", tbuf[64] = "", trans[300] = "";
    free(copy);
    if (o && !json_object_is_type(o, json_type_object)) {
        json_object_put(o);
        o = NULL;
    }
    name = cli_json_str(o, "event");
    t = cli_json_str(o, "t");
    if (!t && o) {
        json_object *tv = cli_json_obj(o, "t");
        if (tv && json_object_is_type(tv, json_type_int)) {
            snprintf(tbuf, sizeof tbuf, "%lld", (long long)json_object_get_int64(tv));
            t = tbuf;
        }
    }
    if (ti >= 0 && (size_t)ti < tl->ntrans)
        tr = &tl->trans[ti];
    for (i = 0; !tr && name && i < tl->ntrans; i++)
        if (!strcmp(tl->trans[i].event, name))
            tr = &tl->trans[i];
    for (i = first; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        int s = d->sev == AMC_SEV_ERROR ? 2 : d->sev == AMC_SEV_WARNING ? 1 : 0;
        if (s > sev || !*diag) {
            snprintf(diag, sizeof diag, "%s[%s]%s%s: %s",
                     s == 2   ? "error"
                     : s == 1 ? "warning"
                              : "note",
                     amc_code_id(d->code), d->rule_id ? " " : "", d->rule_id ? d->rule_id : "",
                     d->message);
        }
        sev = s > sev ? s : sev;
    }
    /* rejected: an error, unless only rules the settings made warnings or notes rejected it
     * (the replay goes on then: cmd_trace.c replay) */
    if (st != AMC_OK && st != AMC_EINVALID && sev < 2) {
        sev = 2;
        if (!*diag)
            snprintf(diag, sizeof diag, "error: the event was not applied");
    }
    if (tr)
        inst = cli_json_str(o, tr->entity);
    mark = cli_tl_mark(tl, tr ? tr->entity : "(event)",
                       inst ? inst
                       : tr ? ""
                            : "invalid",
                       line, name ? name : "(no event name)", t, sev, *diag ? diag : NULL);
    if (mark == (size_t)-1) {
        json_object_put(o);
        return;
    }
    if (ti >= 0 && tr) {
        const char *from = tl->lanes[tl->evs[mark].lane].cur;
        const char *to = !strcmp(tr->to, "(same)") ? (from ? from : tr->from) : tr->to;
        snprintf(trans, sizeof trans, "%s -> %s",
                 !strcmp(tr->from, "(any)") ? (from ? from : "?") : tr->from, to);
        tl->evs[mark].trans = dup(trans);
        cli_tl_state(tl, mark, to);
    }
    if (o) {
        json_object_object_foreach(o, k, v)
        {
            bool party = false;
            size_t j = 0;
            if (!json_object_is_type(v, json_type_string) || !strcmp(k, "event") ||
                (tr && !strcmp(k, tr->entity)))
                continue;
            for (j = 0; party_keys[j]; j++)
                party = party || !strcmp(party_keys[j], k);
            if (!party && !has_kind(tl, k))
                continue;
            cli_tl_link(tl, mark, party ? "agent" : k, json_object_get_string(v), outward_key(k));
        }
    }
    json_object_put(o);
}

/* ---- the page ---- */

static const char tl_css[] =
    "svg.tl{display:block;font:11px ui-monospace,Menlo,Consolas,monospace}\n"
    ".tlwrap{overflow-x:auto;border:1px solid var(--line);border-radius:6px;margin:.4rem 0}\n"
    ".tl .lbl{fill:var(--ink)}.tl .lbl.kind{fill:var(--mute)}.tl .grid{stroke:var(--line);"
    "stroke-width:1}\n"
    ".tl .sp{stroke:#fff;stroke-width:1}.tl .spt{fill:#1f2328;font-size:10px}\n"
    ".s0{fill:#ddf4ff}.s1{fill:#dafbe1}.s2{fill:#fff8c5}.s3{fill:#ffebe9}.s4{fill:#fbefff}"
    ".s5{fill:#ffeff7}.s6{fill:#eaeef2}.s7{fill:#d8f3f0}\n"
    ".tl .ev.ok{fill:#0969da}.tl .ev.warn{fill:#bf8700}.tl .ev.err{fill:var(--fail)}\n"
    ".tl .arr{stroke:#57606a;stroke-width:1.2;fill:none}.tl .ah{fill:#57606a}\n"
    ".tl .band{fill:var(--fail);fill-opacity:.14}.tl .bandl{stroke:var(--fail);stroke-width:2}\n"
    ".tl .fold{fill:var(--soft)}\n"
    ".diags li.e{color:var(--fail)}.diags li.w{color:var(--exc)}\n"
    "details.part{margin:.3rem 0}details.part>summary{cursor:pointer;padding:.2rem 0}\n"
    ".illegal{border:2px solid var(--fail);border-radius:6px;padding:.5rem .7rem;margin:.6rem 0}"
    "\n";

static unsigned hash_state(const char *s)
{
    unsigned h = 5381;
    for (; *s; s++)
        h = h * 33 + (unsigned char)*s;
    return h % 8;
}

typedef struct part_lane {
    size_t lane, score;
} part_lane;

static int cmp_part_lane(const void *a, const void *b)
{
    const part_lane *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    return x->lane < y->lane ? -1 : x->lane > y->lane;
}

static void mark_title(FILE *out, const cli_tl *tl, const tl_ev *e)
{
    fprintf(out, "<title>line %zu: ", e->line);
    cli_html_text(out, e->event);
    if (e->t) {
        fputs(" at ", out);
        cli_html_text(out, e->t);
    }
    fputs(" \xe2\x80\x94 ", out);
    cli_html_text(out, tl->lanes[e->lane].kind);
    fputs(" ", out);
    cli_html_text(out, tl->lanes[e->lane].name);
    if (e->trans) {
        fputs(": ", out);
        cli_html_text(out, e->trans);
    }
    if (e->diag) {
        fputs("\n", out);
        cli_html_text(out, e->diag);
    }
    fputs("</title>", out);
}

/* Where a lane's name starts: after its kind, at most at x = 90. */
static int name_x(const char *kind)
{
    size_t n = strlen(kind) + 1;
    return n > 12 ? 90 : 4 + 7 * (int)n;
}

static void lane_label(FILE *out, const cli_tl *tl, size_t lane, double y)
{
    const tl_lane *l = &tl->lanes[lane];
    size_t n = strlen(l->name);
    fprintf(out, "<text class=\"lbl kind\" x=\"4\" y=\"%.1f\">", y + 15);
    cli_html_text(out, l->kind);
    fprintf(out, "</text><text class=\"lbl\" x=\"%d\" y=\"%.1f\">", name_x(l->kind), y + 15);
    if (n > 20) {
        cli_html_textn(out, l->name, 18);
        fputs("\xe2\x80\xa6", out);
    } else {
        cli_html_text(out, l->name);
    }
    fputs("<title>", out);
    cli_html_text(out, l->kind);
    fputs(" ", out);
    cli_html_text(out, l->name);
    fprintf(out, " (%zu events)</title></text>", l->nev);
}

static void part(FILE *out, const cli_tl *tl, size_t a, size_t b, size_t pno, bool open)
{
    part_lane *pl = calloc(tl->nlanes + 1, sizeof *pl);
    size_t *row = calloc(tl->nlanes + 1, sizeof *row), np = 0, i = 0, k = 0, shown = 0;
    size_t errs = 0, warns = 0;
    double width = 0, height = 0;
    bool folded = false;
    if (!pl || !row) {
        cli_nomem();
        free(pl);
        free(row);
        return;
    }
    for (i = 0; i < tl->nlanes; i++)
        row[i] = (size_t)-1;
    /* lanes active in [a, b): score = findings first, then events */
    for (i = a; i < b; i++) {
        const tl_ev *e = &tl->evs[i];
        size_t lanes[MAX_SEC + 1];
        int nl = 0, j = 0;
        lanes[nl++] = e->lane;
        for (j = 0; j < e->nsec; j++)
            lanes[nl++] = e->sec[j];
        errs += e->sev == 2;
        warns += e->sev == 1;
        for (j = 0; j < nl; j++) {
            if (row[lanes[j]] == (size_t)-1) {
                row[lanes[j]] = np;
                pl[np].lane = lanes[j];
                pl[np++].score = 0;
            }
            pl[row[lanes[j]]].score += 1 + (e->sev ? 1000000 * (size_t)e->sev : 0);
        }
    }
    for (i = 0; i < tl->nspans; i++) {
        const tl_span *s = &tl->spans[i];
        if (s->to > a && s->from < b && row[s->lane] == (size_t)-1) {
            row[s->lane] = np;
            pl[np].lane = s->lane;
            pl[np++].score = 0;
        }
    }
    for (i = 0; i < tl->nlanes; i++) { /* lanes still in a state through this part */
        const tl_lane *l = &tl->lanes[i];
        if (l->cur && row[i] == (size_t)-1 && l->since <= a) { /* since <= a < b */
            row[i] = np;
            pl[np].lane = i;
            pl[np++].score = 0;
        }
    }
    qsort(pl, np, sizeof *pl, cmp_part_lane);
    shown = np > MAX_LANES ? MAX_LANES : np;
    folded = np > shown;
    /* rows: shown lanes in order of first appearance, then the folded row */
    {
        size_t *order = calloc(shown + 1, sizeof *order);
        if (!order) {
            cli_nomem();
            free(pl);
            free(row);
            return;
        }
        for (i = 0; i < tl->nlanes; i++)
            row[i] = shown; /* folded unless shown */
        for (i = 0; i < shown; i++)
            order[i] = pl[i].lane;
        for (i = 0; i < shown; i++) /* insertion sort: few */
            for (k = i; k > 0 && order[k - 1] > order[k]; k--) {
                size_t tmp = order[k];
                order[k] = order[k - 1];
                order[k - 1] = tmp;
            }
        for (i = 0; i < shown; i++)
            row[order[i]] = i;
        width = LABEL_W + STEP * (double)(b - a) + 20;
        height = 22 + LANE_H * (double)(shown + (folded ? 1 : 0)) + 6;
        fprintf(out,
                "<details class=\"part\" id=\"part-%zu\"%s><summary>events %zu&ndash;%zu "
                "(lines %zu&ndash;%zu): %zu lane%s",
                pno, open ? " open" : "", a + 1, b, tl->evs[a].line, tl->evs[b - 1].line, np,
                np == 1 ? "" : "s");
        if (folded)
            fprintf(out, ", %zu shown, %zu folded into one row", shown, np - shown);
        if (errs)
            fprintf(out, ", <b class=\"o-fail\">%zu error%s</b>", errs, errs == 1 ? "" : "s");
        if (warns)
            fprintf(out, ", <span class=\"o-xfail\">%zu warning%s</span>", warns,
                    warns == 1 ? "" : "s");
        fprintf(out,
                "</summary>\n<div class=\"tlwrap\"><svg class=\"tl\" xmlns=\"http://www.w3.org/"
                "2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                "role=\"img\" aria-label=\"timeline, events %zu to %zu\">\n",
                width, height, width, height, a + 1, b);
        /* grid: every 10 events */
        for (i = a; i < b; i++)
            if (i % 10 == 0)
                fprintf(out,
                        "<line class=\"grid\" x1=\"%.1f\" y1=\"16\" x2=\"%.1f\" y2=\"%.0f\"/>"
                        "<text class=\"lbl kind\" x=\"%.1f\" y=\"12\">%zu</text>\n",
                        LABEL_W + STEP * (double)(i - a) + STEP / 2,
                        LABEL_W + STEP * (double)(i - a) + STEP / 2, height,
                        LABEL_W + STEP * (double)(i - a) + 2, i + 1);
        for (i = 0; i < shown; i++) {
            double y = 22 + LANE_H * (double)i;
            fprintf(out, "<g class=\"lane\" data-lane=\"");
            cli_html_attr(out, tl->lanes[order[i]].kind);
            fputs(":", out);
            cli_html_attr(out, tl->lanes[order[i]].name);
            fputs("\">", out);
            lane_label(out, tl, order[i], y);
            fputs("</g>\n", out);
        }
        if (folded)
            fprintf(out,
                    "<rect class=\"fold\" x=\"0\" y=\"%.0f\" width=\"%.0f\" height=\"%d\"/>"
                    "<text class=\"lbl kind\" x=\"4\" y=\"%.0f\">%zu more lanes</text>\n",
                    22 + LANE_H * (double)shown, width, LANE_H, 22 + LANE_H * (double)shown + 15,
                    np - shown);
        /* spans */
        for (i = 0; i < tl->nspans + tl->nlanes; i++) {
            const char *stname = NULL;
            size_t lane = 0, from = 0, to = 0;
            double x0 = 0, x1 = 0, y = 0;
            if (i < tl->nspans) {
                lane = tl->spans[i].lane;
                from = tl->spans[i].from;
                to = tl->spans[i].to;
                stname = tl->spans[i].state;
            } else { /* the open span of each lane, to the end */
                lane = i - tl->nspans;
                if (!tl->lanes[lane].cur)
                    continue;
                from = tl->lanes[lane].since;
                to = tl->nevs;
                stname = tl->lanes[lane].cur;
            }
            if (to <= a || from >= b || row[lane] >= shown)
                continue;
            from = from < a ? a : from;
            to = to > b ? b : to;
            x0 = LABEL_W + STEP * (double)(from - a) + STEP / 2;
            x1 = LABEL_W + STEP * (double)(to - a) + STEP / 2;
            if (to == b && i >= tl->nspans)
                x1 = LABEL_W + STEP * (double)(b - a);
            y = 22 + LANE_H * (double)row[lane];
            fprintf(out,
                    "<rect class=\"sp s%u\" x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%d\">"
                    "<title>",
                    hash_state(stname), x0, y + 3, x1 - x0, LANE_H - 6);
            cli_html_text(out, stname);
            fputs("</title></rect>", out);
            if (x1 - x0 > 7.0 * (double)strlen(stname) + 10) {
                fprintf(out, "<text class=\"spt\" x=\"%.1f\" y=\"%.0f\">", x0 + 9, y + 16);
                cli_html_text(out, stname);
                fputs("</text>", out);
            }
            fputs("\n", out);
        }
        /* the illegal step: a band across the lanes */
        if (tl->first_err && tl->first_err - 1 >= a && tl->first_err - 1 < b) {
            double x = LABEL_W + STEP * (double)(tl->first_err - 1 - a);
            fprintf(out,
                    "<rect class=\"band\" x=\"%.1f\" y=\"16\" width=\"%.1f\" height=\"%.0f\"/>"
                    "<line class=\"bandl\" x1=\"%.1f\" y1=\"16\" x2=\"%.1f\" y2=\"%.0f\"/>\n",
                    x, STEP, height - 16, x + STEP / 2, x + STEP / 2, height);
        }
        /* arrows, then marks on top */
        for (i = a; i < b; i++) {
            const tl_ev *e = &tl->evs[i];
            int j = 0;
            double x = LABEL_W + STEP * (double)(i - a) + STEP / 2;
            double yp = 22 + LANE_H * (double)row[e->lane] + LANE_H / 2.0;
            for (j = 0; j < e->nsec; j++) {
                double ys = 22 + LANE_H * (double)row[e->sec[j]] + LANE_H / 2.0;
                double y0 = e->sec_out[j] ? yp : ys, y1 = e->sec_out[j] ? ys : yp;
                double dir = y1 > y0 ? 1 : -1;
                if (row[e->sec[j]] == row[e->lane])
                    continue;
                fprintf(out,
                        "<line class=\"arr\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                        "<polygon class=\"ah\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>"
                        "<circle class=\"ev ok\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\"/>\n",
                        x, y0, x, y1 - dir * 6, x - 4, y1 - dir * 7, x + 4, y1 - dir * 7, x,
                        y1 - dir * 1, x, ys);
            }
        }
        for (i = a; i < b; i++) {
            const tl_ev *e = &tl->evs[i];
            double x = LABEL_W + STEP * (double)(i - a) + 3;
            double y = 22 + LANE_H * (double)row[e->lane];
            fprintf(out,
                    "<rect class=\"ev %s\" x=\"%.1f\" y=\"%.0f\" width=\"%.0f\" height=\"%d\" "
                    "data-line=\"%zu\" data-event=\"",
                    e->sev == 2   ? "err"
                    : e->sev == 1 ? "warn"
                                  : "ok",
                    x, y + (e->sev == 2 ? 1 : 5), STEP - 6, e->sev == 2 ? LANE_H - 2 : LANE_H - 10,
                    e->line);
            cli_html_attr(out, e->event);
            fputs("\">", out);
            mark_title(out, tl, e);
            fputs("</rect>\n", out);
        }
        fputs("</svg></div>\n</details>\n", out);
        free(order);
    }
    free(pl);
    free(row);
}

void cli_tl_timeline(FILE *out, const cli_tl *tl)
{
    size_t a = 0, pno = 0, nparts = (tl->nevs + PART - 1) / PART;
    if (!tl->nevs) {
        fputs("<p class=\"meta\">No events.</p>\n", out);
        return;
    }
    fprintf(out,
            "<p class=\"meta\">%zu events on %zu lanes in %zu part%s of at most %d events; x: "
            "the order of the events (hover a mark for its line, time and transition).</p>\n",
            tl->nevs, tl->nlanes, nparts, nparts == 1 ? "" : "s", PART);
    for (a = 0; a < tl->nevs; a += PART, pno++) {
        size_t b = a + PART < tl->nevs ? a + PART : tl->nevs;
        bool open = pno == 0 || (tl->first_err && tl->first_err - 1 >= a && tl->first_err - 1 < b);
        part(out, tl, a, b, pno, open);
    }
}

size_t cli_tl_first_error(const cli_tl *tl, size_t *part_no)
{
    if (!tl->first_err)
        return 0;
    if (part_no)
        *part_no = (tl->first_err - 1) / PART;
    return tl->evs[tl->first_err - 1].line;
}

static void diag_list(FILE *out, const amc_diags *ds, const char *file, const cli_tl *tl)
{
    size_t i = 0, n = amc_diags_count(ds), part_no = 0;
    (void)cli_tl_first_error(tl, &part_no);
    if (!n) {
        fputs("<p class=\"meta\">No findings.</p>\n", out);
        return;
    }
    fprintf(out, "<h2>Findings: <span class=\"n-diags\">%zu</span></h2>\n<ul class=\"diags\">\n",
            n);
    for (i = 0; i < n; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        bool err = d->sev == AMC_SEV_ERROR;
        fprintf(out, "<li class=\"%s\" data-code=\"%s\"><span class=\"mono\">", err ? "e" : "w",
                amc_code_id(d->code));
        cli_html_text(out, file);
        fprintf(out, ":%u:%u</span> %s[%s]", d->at.line + 1, d->at.col + 1,
                err                         ? "error"
                : d->sev == AMC_SEV_WARNING ? "warning"
                                            : "note",
                amc_code_id(d->code));
        if (d->rule_id) {
            fputs(" ", out);
            cli_html_text(out, d->rule_id);
        }
        fputs(": ", out);
        cli_html_text(out, d->message);
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
}

void cli_html_trace(FILE *out, const cli_tl *tl, const cli_tl_trace_info *in, const amc_diags *ds)
{
    char title[600];
    size_t i = 0, part_no = 0, eline = cli_tl_first_error(tl, &part_no);
    const char *verdict =
        in->illegal ? (in->stop_line ? "illegal step" : "open obligations") : "legal trace";
    snprintf(title, sizeof title, "amc trace check: %s: %s", in->file, verdict);
    cli_html_begin(out, title, tl_css, NULL);
    fputs("<header><h1>Trace <span class=\"mono\">", out);
    cli_html_text(out, in->file);
    fputs("</span></h1>\n<p><span class=\"badge ", out);
    fputs(in->illegal ? "v-not-conformant" : "v-conformant", out);
    fprintf(out, "\" id=\"verdict\">%s</span> &nbsp; profile <b>", verdict);
    cli_html_text(out, in->profile);
    fprintf(out,
            "</b></p>\n<p class=\"meta\"><span class=\"n-lines\">%zu</span> lines, <span "
            "class=\"n-events\">%zu</span> events",
            in->lines, in->events);
    if (in->stop_line)
        fprintf(out, "; stopped at line <span class=\"n-stop\">%zu</span>", in->stop_line);
    fputs("</p>\n<p class=\"meta\">events:", out);
    for (i = 0; i < in->nnames; i++) {
        fputs(" <span class=\"evcount\" data-event=\"", out);
        cli_html_attr(out, in->names[i]);
        fprintf(out, "\" data-count=\"%zu\">", in->counts[i]);
        cli_html_text(out, in->names[i]);
        fprintf(out, "=%zu</span>", in->counts[i]);
    }
    fputs("</p></header>\n", out);
    if (eline) {
        size_t k = 0;
        for (k = 0; k < amc_diags_count(ds); k++)
            if (amc_diags_get(ds, k)->sev == AMC_SEV_ERROR)
                break;
        fprintf(out,
                "<div class=\"illegal\" id=\"illegal\"><b class=\"o-fail\">Illegal step at "
                "line %zu</b> (<a href=\"#part-%zu\">in the timeline</a>)",
                eline, part_no);
        if (k < amc_diags_count(ds)) {
            const amc_diag *d = amc_diags_get(ds, k);
            fprintf(out, ": [%s]", amc_code_id(d->code));
            if (d->rule_id) {
                fputs(" ", out);
                cli_html_text(out, d->rule_id);
            }
            fputs(": ", out);
            cli_html_text(out, d->message);
        }
        fputs("</div>\n", out);
    }
    diag_list(out, ds, in->file, tl);
    fputs("<h2>Timeline</h2>\n", out);
    cli_tl_timeline(out, tl);
    cli_html_end(out, NULL);
}

/* ---- amc audit --format html ---- */

/* The value of key in buf: a MIME header or YAML key at the start of a line ("From: x",
 * "task_id: x") or a JSON member ("task_id": "x"); NULL when absent. Case-insensitive key. */
static char *find_value(const char *buf, size_t len, const char *key)
{
    size_t kl = strlen(key), i = 0;
    for (i = 0; i + kl < len; i++) {
        size_t j = i + kl, v = 0, e = 0;
        bool quoted = false;
        char q = 0;
        if (strncasecmp(buf + i, key, kl) != 0)
            continue;
        if (i > 0 && buf[i - 1] == '"')
            quoted = true;
        else if (i > 0 && buf[i - 1] != '\n' && buf[i - 1] != ' ' && buf[i - 1] != '\t')
            continue;
        if (quoted && (j >= len || buf[j] != '"'))
            continue;
        j += quoted;
        while (j < len && (buf[j] == ' ' || buf[j] == '\t'))
            j++;
        if (j >= len || buf[j] != ':')
            continue;
        j++;
        while (j < len && (buf[j] == ' ' || buf[j] == '\t'))
            j++;
        q = j < len && (buf[j] == '"' || buf[j] == '\'') ? buf[j] : 0;
        j += q != 0;
        v = j;
        /* quoted: to the closing quote; a JSON member: to , or }; else to the end of the line */
        for (e = v; e < len && e - v < 200 && buf[e] != '\n' && buf[e] != '\r' &&
                    (q ? buf[e] != q : !quoted || (buf[e] != ',' && buf[e] != '}'));
             e++)
            ;
        while (e > v && buf[e - 1] == ' ')
            e--;
        if (e > v) {
            char *r = strndup(buf + v, e - v);
            if (!r)
                cli_nomem();
            return r;
        }
    }
    return NULL;
}

void cli_audit_file_read(cli_audit_file *f, const char *buf, size_t len)
{
    const char *base = strrchr(f->rel, '/'), *p = NULL;
    base = base ? base + 1 : f->rel;
    free(f->task); /* read again after a failed allocation left folder NULL */
    free(f->from);
    free(f->to);
    free(f->folder);
    f->task = find_value(buf, len, "task_id");
    f->from = find_value(buf, len, "from");
    if (!f->from)
        f->from = find_value(buf, len, "sender_id");
    f->to = find_value(buf, len, "to");
    f->folder = strndup(f->rel, (size_t)(base - f->rel > 0 ? base - f->rel - 1 : 0));
    if (!f->folder)
        cli_nomem();
    for (p = base; *p; p++) {
        size_t n = strspn(p, "0123456789");
        if (n >= 10) {
            f->key = strtoull(p, NULL, 10);
            break;
        }
        if (n)
            p += n - 1;
    }
}

void cli_audit_file_free(cli_audit_file *f)
{
    free(f->rel);
    free(f->task);
    free(f->from);
    free(f->to);
    free(f->folder);
    free(f->diag);
}

static int cmp_files(const void *a, const void *b)
{
    const cli_audit_file *x = a, *y = b;
    if (x->key && y->key && x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->walk < y->walk ? -1 : x->walk > y->walk;
}

void cli_html_audit(FILE *out, const char *root, cli_audit_file *files, size_t n,
                    const char *ws_diag, size_t errors, size_t warnings)
{
    cli_tl *tl = cli_tl_new(NULL);
    char title[600];
    size_t i = 0, flagged = 0;
    if (!tl)
        cli_nomem(); /* the page without its timeline: exit 2, "the output is incomplete" */
    qsort(files, n, sizeof *files, cmp_files);
    snprintf(title, sizeof title, "amc audit: %s", root);
    cli_html_begin(out, title, tl_css, NULL);
    fputs("<header><h1>Workspace <span class=\"mono\">", out);
    cli_html_text(out, root);
    fprintf(out,
            "</span></h1>\n<p><span class=\"badge %s\" id=\"verdict\">%s</span></p>\n<p "
            "class=\"meta\"><span class=\"n-files\">%zu</span> files, <span "
            "class=\"n-errors\">%zu</span> errors, <span class=\"n-warnings\">%zu</span> "
            "warnings</p></header>\n",
            errors ? "v-not-conformant" : "v-conformant", errors ? "findings" : "clean", n, errors,
            warnings);
    if (ws_diag) {
        fputs("<div class=\"illegal\"><b>Workspace:</b> ", out);
        cli_html_text(out, ws_diag);
        fputs("</div>\n", out);
    }
    for (i = 0; i < n; i++)
        flagged += files[i].sev > 0;
    fprintf(out, "<h2>Flagged files: <span class=\"n-flagged\">%zu</span></h2>\n", flagged);
    if (flagged) {
        fputs("<ul class=\"diags\">\n", out);
        for (i = 0; i < n; i++) {
            if (!files[i].sev)
                continue;
            fprintf(out, "<li class=\"%s flagged\" data-file=\"", files[i].sev == 2 ? "e" : "w");
            cli_html_attr(out, files[i].rel);
            fputs("\"><span class=\"mono\">", out);
            cli_html_text(out, files[i].rel);
            fputs("</span>: ", out);
            cli_html_text(out, files[i].diag);
            fputs("</li>\n", out);
        }
        fputs("</ul>\n", out);
    }
    fputs("<h2>Timeline</h2>\n<p class=\"meta\">A lane per task (the files' task_id), its files "
          "in the order their names say (the time in IGNITE and mailbox file names; else the "
          "walk order); the span is the folder each file sits in; arrows from the sender (From, "
          "from, sender_id) and to the receiver (To, to).</p>\n",
          out);
    for (i = 0; tl && i < n; i++) {
        const cli_audit_file *f = &files[i];
        size_t m = cli_tl_mark(tl, f->task ? "task" : "folder", f->task ? f->task : f->folder,
                               i + 1, f->rel, NULL, f->sev, f->diag);
        if (m == (size_t)-1)
            break;
        cli_tl_state(tl, m, *f->folder ? f->folder : ".");
        if (f->from)
            cli_tl_link(tl, m, "agent", f->from, false);
        if (f->to)
            cli_tl_link(tl, m, "agent", f->to, true);
    }
    if (tl)
        cli_tl_timeline(out, tl);
    cli_tl_free(tl);
    cli_html_end(out, NULL);
}
