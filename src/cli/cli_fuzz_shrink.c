/*
 * cli_fuzz_shrink.c - minimization of a finding's input for `amc fuzz` (cli_fuzz.h fz_shrink).
 *
 * A greedy loop over passes, each restarted after any success, until no pass makes progress or
 * the budget / deadline ends it:
 *   1. nesting chains ([[[x]]], {"a":{"a":x}}) lose levels; the number of levels dropped is
 *      found by binary search, so a hang at depth > N costs log2(depth) hanging runs, not depth;
 *   2. members and elements of a container are dropped, halves first (ddmin), commas kept right;
 *   3. repetitions (a unit of 1-16 bytes repeated: long strings, "[[[[", unbalanced nesting)
 *      lose units, found by binary search like the chains;
 *   4. strings are halved (keeping their first half);
 *   5. lines are dropped (MIME headers, YAML), halves first;
 *   6. chunks of bytes are deleted, from half the input down to single bytes (4 bytes for
 *      inputs over 512 bytes, 16 over 4 KiB: byte-exact minimality is not worth the runs).
 * The scanner knows JSON strings and brackets only; on other text (MIME, YAML) passes 1-3 find
 * little and 4-6 do the work. Every candidate is judged by the caller's predicate alone.
 */
#include <stdlib.h>
#include <string.h>
#include "cli_fuzz.h"

typedef struct shr {
    fz_pred pred;
    void *ud;
    size_t budget, calls;
    double deadline;
    cli_sb *best;
    cli_sb cand;
} shr;

static bool out_of_budget(const shr *s)
{
    return s->calls >= s->budget || fz_now() >= s->deadline;
}

/* Judges s->cand; on success it becomes the best. */
static bool try_cand(shr *s)
{
    bool ok = false;
    if (s->cand.failed)
        cli_nomem(); /* a candidate left out: the shrink is not the smallest, exit 2 at the end */
    if (s->cand.failed || out_of_budget(s) || s->cand.len >= s->best->len)
        return false;
    s->calls++;
    ok = s->pred(s->ud, s->cand.p ? s->cand.p : "", s->cand.len);
    if (ok) {
        cli_sb t = *s->best;
        *s->best = s->cand;
        s->cand = t;
    }
    return ok;
}

/* cand = best without [a, b) and [c, d) (a <= b <= c <= d). */
static void cut2(shr *s, size_t a, size_t b, size_t c, size_t d)
{
    const char *p = s->best->p;
    s->cand.len = 0;
    s->cand.failed = false;
    cli_sb_put(&s->cand, p, a);
    cli_sb_put(&s->cand, p + b, c - b);
    cli_sb_put(&s->cand, p + d, s->best->len - d);
    if (s->cand.failed)
        cli_nomem();
}

static bool cut(shr *s, size_t a, size_t b)
{
    cut2(s, a, b, b, b);
    return try_cand(s);
}

/* ---- structure ---- */

typedef struct pair {
    size_t open, close; /* offsets of the brackets */
} pair;

typedef struct scan {
    pair *v;
    size_t n, cap;
} scan;

/* Finds the bracket pairs of p[0..n) (outside JSON strings), sorted by opening offset. */
static void scan_pairs(const char *p, size_t n, scan *sc)
{
    size_t stack[512], depth = 0, i = 0;
    bool str = false;
    sc->n = 0;
    for (i = 0; i < n; i++) {
        char c = p[i];
        if (str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                str = false;
            continue;
        }
        if (c == '"') {
            str = true;
        } else if (c == '{' || c == '[') {
            if (depth == 512)
                return;
            if (sc->n == sc->cap) {
                size_t nc = sc->cap ? sc->cap * 2 : 64;
                pair *nv = realloc(sc->v, nc * sizeof *nv);
                if (!nv) {
                    cli_nomem();
                    return;
                }
                sc->v = nv;
                sc->cap = nc;
            }
            sc->v[sc->n].open = i;
            sc->v[sc->n].close = 0;
            stack[depth++] = sc->n++;
        } else if (c == '}' || c == ']') {
            if (depth == 0 || p[sc->v[stack[depth - 1]].open] != (c == '}' ? '{' : '['))
                return;
            sc->v[stack[--depth]].close = i;
        }
    }
}

static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Item boundaries of the container at [open, close]: the offsets of its top-level commas.
 * Returns the number of items (0 for an empty container); commas[] gets n - 1 offsets. */
static size_t items(const char *p, size_t open, size_t close, size_t *commas, size_t max)
{
    size_t i = 0, depth = 0, n = 0;
    bool str = false, any = false;
    for (i = open + 1; i < close; i++) {
        char c = p[i];
        if (str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                str = false;
            continue;
        }
        if (!is_ws(c))
            any = true;
        if (c == '"')
            str = true;
        else if (c == '{' || c == '[')
            depth++;
        else if ((c == '}' || c == ']') && depth)
            depth--;
        else if (c == ',' && depth == 0) {
            if (n < max)
                commas[n] = i;
            n++;
        }
    }
    return any ? n + 1 : 0;
}

static const pair *pair_at(const scan *sc, size_t open)
{
    size_t lo = 0, hi = sc->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (sc->v[mid].open == open)
            return sc->v[mid].close ? &sc->v[mid] : NULL;
        if (sc->v[mid].open < open)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The pair that is the only item (object: the only member's value) of q, or NULL. */
static const pair *only_child(const char *p, const scan *sc, const pair *q)
{
    size_t commas[1], s = q->open + 1, e = q->close;
    const pair *c = NULL;
    if (items(p, q->open, q->close, commas, 1) != 1)
        return NULL;
    if (p[q->open] == '{') { /* skip "key" : */
        bool str = false;
        for (; s < e; s++) {
            if (str) {
                if (p[s] == '\\')
                    s++;
                else if (p[s] == '"')
                    str = false;
            } else if (p[s] == '"') {
                str = true;
            } else if (p[s] == ':') {
                s++;
                break;
            }
        }
    }
    while (s < e && is_ws(p[s]))
        s++;
    while (e > s && is_ws(p[e - 1]))
        e--;
    if (s >= e || (p[s] != '{' && p[s] != '['))
        return NULL;
    c = pair_at(sc, s);
    return c && c->close == e - 1 ? c : NULL;
}

/* Pass 1: the longest nesting chain loses as many levels as the predicate allows. */
static bool pass_chains(shr *s, scan *sc)
{
    const char *p = s->best->p;
    const pair *chain[4096];
    size_t best_len = 0, i = 0, L = 0, lo = 0, hi = 0;
    const pair *start = NULL;
    for (i = 0; i < sc->n; i++) {
        const pair *q = &sc->v[i];
        size_t len = 1;
        if (!q->close)
            continue;
        while ((q = only_child(p, sc, q)) != NULL && len < 4096)
            len++;
        if (len > best_len) {
            best_len = len;
            start = &sc->v[i];
        }
        /* a chain's inner pairs give shorter chains: skip them */
        if (len > 2)
            i += len - 2;
    }
    if (best_len < 2)
        return false;
    chain[L++] = start;
    while (L < best_len && (chain[L] = only_child(p, sc, chain[L - 1])) != NULL)
        L++;
    lo = 0;
    hi = L - 1;
    while (lo < hi && !out_of_budget(s)) {
        size_t mid = (lo + hi + 1) / 2;
        cut2(s, chain[0]->open, chain[mid]->open, chain[mid]->close + 1, chain[0]->close + 1);
        if (s->cand.len < s->best->len) {
            /* judge without replacing best yet: the chain offsets refer to best */
            s->calls++;
            if (s->pred(s->ud, s->cand.p, s->cand.len))
                lo = mid;
            else
                hi = mid - 1;
        } else {
            hi = mid - 1;
        }
    }
    if (lo == 0)
        return false;
    cut2(s, chain[0]->open, chain[lo]->open, chain[lo]->close + 1, chain[0]->close + 1);
    {
        cli_sb t = *s->best;
        *s->best = s->cand;
        s->cand = t;
    }
    return true;
}

/* Pass 2: members / elements dropped, halves first, largest containers first. */
static bool pass_items(shr *s, scan *sc)
{
    size_t i = 0;
    size_t *commas = malloc(4096 * sizeof *commas);
    if (!commas) {
        cli_nomem();
        return false;
    }
    for (i = 0; i < sc->n && !out_of_budget(s); i++) {
        const pair *q = &sc->v[i];
        size_t n = 0, chunk = 0, k = 0;
        if (!q->close)
            continue;
        n = items(s->best->p, q->open, q->close, commas, 4096);
        if (n == 0 || n > 4096)
            continue;
        for (chunk = n > 1 ? n / 2 : 1; chunk >= 1; chunk /= 2) {
            for (k = 0; k < n; k += chunk) {
                size_t j = k + chunk < n ? k + chunk : n;
                size_t sk = k ? commas[k - 1] + 1 : q->open + 1;
                bool ok = false;
                if (j < n)
                    ok = cut(s, sk, commas[j - 1] + 1);
                else if (k > 0)
                    ok = cut(s, commas[k - 1], q->close);
                else
                    ok = cut(s, q->open + 1, q->close);
                if (ok) {
                    free(commas);
                    return true;
                }
                if (out_of_budget(s))
                    break;
            }
            if (chunk == 1)
                break;
        }
    }
    free(commas);
    return false;
}

/* Pass 3: the longest strings halved. */
static bool pass_strings(shr *s)
{
    const char *p = s->best->p;
    size_t i = 0, n = s->best->len, bs = 0, bl = 0;
    for (i = 0; i < n; i++) {
        size_t st = 0;
        if (p[i] != '"')
            continue;
        st = ++i;
        while (i < n && p[i] != '"')
            i += p[i] == '\\' ? 2 : 1;
        if (i > n)
            i = n;
        if (i - st > bl) {
            bl = i - st;
            bs = st;
        }
    }
    if (bl < 2)
        return false;
    return cut(s, bs + bl / 2, bs + bl);
}

/* Pass 4: the longest repetition (a unit of 1-16 bytes repeated, "xxxx", "[[[[", "{\"a\":{\"a\":")
 * loses as many units as the predicate allows: binary search, so a crash on long strings or a
 * hang on deep nesting costs log2(units) crashing runs even where brackets do not balance. */
static bool pass_repeats(shr *s)
{
    const char *p = s->best->p;
    size_t n = s->best->len, per = 0, ba = 0, bb = 0, k = 0, lo = 0, hi = 0;
    for (per = 1; per <= 16 && per < n; per++) {
        size_t start = 0, j = 0;
        for (j = per; j <= n; j++) {
            size_t units = 0;
            if (j < n && p[j] == p[j - per])
                continue;
            units = (j - start) / per; /* [start, j) repeats with period per */
            if (units >= (per == 1 ? 8u : 3u) && units * per > bb - ba) {
                ba = start;
                bb = start + units * per;
                k = per;
            }
            start = j - per + 1;
        }
    }
    if (!k)
        return false;
    hi = (bb - ba) / k - 1;
    while (lo < hi && !out_of_budget(s)) {
        size_t mid = (lo + hi + 1) / 2;
        cut2(s, ba, ba + mid * k, ba + mid * k, ba + mid * k);
        s->calls++;
        if (s->pred(s->ud, s->cand.p, s->cand.len))
            lo = mid;
        else
            hi = mid - 1;
    }
    if (lo == 0)
        return false;
    cut2(s, ba, ba + lo * k, ba + lo * k, ba + lo * k);
    {
        cli_sb t = *s->best;
        *s->best = s->cand;
        s->cand = t;
    }
    return true;
}

/* Pass 5: lines dropped, halves first. */
static bool pass_lines(shr *s)
{
    size_t starts[2048], nl = 0, i = 0, chunk = 0, k = 0;
    const char *p = s->best->p;
    size_t n = s->best->len;
    for (i = 0; i < n && nl < 2047; i++)
        if (i == 0 || p[i - 1] == '\n')
            starts[nl++] = i;
    if (nl < 2)
        return false;
    starts[nl] = n;
    for (chunk = nl / 2; chunk >= 1; chunk /= 2) {
        for (k = 0; k < nl; k += chunk) {
            size_t j = k + chunk < nl ? k + chunk : nl;
            if (cut(s, starts[k], starts[j]))
                return true;
            if (out_of_budget(s))
                return false;
        }
        if (chunk == 1)
            break;
    }
    return false;
}

/* Pass 6: chunks deleted, from the end. */
static bool pass_chunks(shr *s)
{
    size_t n = s->best->len, size = n / 2, minsize = n > 4096 ? 16 : n > 512 ? 4 : 1;
    for (; size >= minsize && size > 0; size /= 2) {
        size_t at = n - size;
        for (;;) {
            if (cut(s, at, at + size))
                return true;
            if (out_of_budget(s) || at == 0)
                break;
            at = at >= size ? at - size : 0;
        }
        if (out_of_budget(s))
            return false;
    }
    return false;
}

size_t fz_shrink(const char *in, size_t len, fz_pred pred, void *ud, size_t budget, double deadline,
                 cli_sb *best)
{
    shr s;
    scan sc = {NULL, 0, 0};
    memset(&s, 0, sizeof s);
    s.pred = pred;
    s.ud = ud;
    s.budget = budget;
    s.deadline = deadline;
    s.best = best;
    best->len = 0;
    best->failed = false;
    cli_sb_put(best, in, len);
    cli_sb_put(best, "", 0);
    while (!out_of_budget(&s) && !best->failed) {
        bool progress = false;
        scan_pairs(best->p, best->len, &sc);
        progress = pass_chains(&s, &sc);
        if (!progress)
            progress = pass_items(&s, &sc);
        if (!progress)
            progress = pass_repeats(&s) || pass_strings(&s) || pass_lines(&s) || pass_chunks(&s);
        if (!progress)
            break;
    }
    if (best->failed)
        cli_nomem();
    free(sc.v);
    free(s.cand.p);
    return s.calls;
}
