/*
 * cli_fuzz_gen.c - `amc fuzz --generate N`: the fuzzer's inputs without an implementation. N
 * messages of a profile are mutated from the seeds exactly as `amc fuzz` mutates them (the
 * profile dictionary, structure-aware and byte-level operators, the mailbox re-signing) and
 * written to DIR/inputs/<n>.<ext>, each listed in DIR/inputs.jsonl with the seed it came from,
 * the operator, its size and its SHA-256: a corpus for another fuzzer, a test suite, or a
 * reproducible record of what `amc fuzz` sends.
 *
 * Decisions:
 *   - No implementation runs, so nothing steers the corpus: each input mutates a seed, or (half
 *     of the time) one of the last 64 inputs, so mutations stack up to any depth ("depth" in
 *     the list). The seed and --max-len fix the whole output.
 *   - DIR/inputs.jsonl must not exist yet: files of an earlier run are never mixed in or
 *     overwritten.
 *   - Exit status: 0 written, 2 usage, I/O error or out of memory.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <openssl/evp.h>
#include <json-c/json.h>
#include "cli_fuzz.h"

#define RING 64

typedef struct gen_in {
    char *data;
    size_t len;
    size_t from;    /* the seed it descends from */
    unsigned depth; /* mutations applied to that seed */
} gen_in;

static void sha256_hex(const char *data, size_t len, char hex[2 * EVP_MAX_MD_SIZE + 1])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0, i = 0;
    hex[0] = '\0';
    if (EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) != 1)
        return;
    for (i = 0; i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

/* The list's line for input n. Returns 0, or -1 out of memory (a write error shows in
 * ferror(lst) at the end). */
static int list_line(FILE *lst, unsigned long long n, const char *file, const fz_input *s,
                     unsigned depth, const char *op, const char *data, size_t len)
{
    char hex[2 * EVP_MAX_MD_SIZE + 1];
    json_object *o = json_object_new_object();
    int rc = -1;
    sha256_hex(data, len, hex);
    if (o && json_object_object_add(o, "n", json_object_new_int64((int64_t)n)) == 0 &&
        json_object_object_add(o, "file", json_object_new_string(file)) == 0 &&
        json_object_object_add(o, "seed", json_object_new_string(s->name)) == 0 &&
        json_object_object_add(o, "depth", json_object_new_int((int)depth)) == 0 &&
        json_object_object_add(o, "op", json_object_new_string(op)) == 0 &&
        json_object_object_add(o, "size", json_object_new_int64((int64_t)len)) == 0 &&
        json_object_object_add(o, "sha256", json_object_new_string(hex)) == 0) {
        const char *t = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
                                                              JSON_C_TO_STRING_NOSLASHESCAPE);
        if (t) {
            fprintf(lst, "%s\n", t);
            rc = 0;
        }
    }
    json_object_put(o);
    return rc;
}

int fz_generate(const fz_opts *o)
{
    fz_input *seeds = NULL;
    size_t nseeds = 0, nring = 0, i = 0;
    gen_in ring[RING];
    fz_dict *dict = NULL;
    fz_rng r;
    cli_sb m = {NULL, 0, 0, false};
    FILE *lst = NULL;
    char path[4200];
    const char *ext = fz_syntax_of(o->profile) == FZ_SYN_MIME ? "mime" : "json";
    struct stat st;
    unsigned long long n = 0;
    int rc = CLI_EXIT_ERROR;
    bool bad = false;
    memset(ring, 0, sizeof ring);
    snprintf(path, sizeof path, "%s/inputs.jsonl", o->out);
    if (lstat(path, &st) == 0) {
        fprintf(stderr,
                "amc fuzz: %s exists (an earlier --generate): remove it or give another --out\n",
                path);
        return CLI_EXIT_ERROR;
    }
    snprintf(path, sizeof path, "%s/inputs", o->out);
    if (fz_mkdirs(path) != 0) {
        fprintf(stderr, "amc fuzz: cannot create %s: %s\n", path, strerror(errno));
        return CLI_EXIT_ERROR;
    }
    if (fz_seeds_load(o, &seeds, &nseeds) != 0) /* else at least the built-in seed */
        goto done;
    dict = fz_dict_new(o->profile);
    if (!dict) {
        cli_nomem();
        goto done;
    }
    snprintf(path, sizeof path, "%s/inputs.jsonl", o->out);
    lst = fopen(path, "w");
    if (!lst) {
        fprintf(stderr, "amc fuzz: cannot write %s: %s\n", path, strerror(errno));
        goto done;
    }
    fz_seed(&r, o->seed);
    for (n = 1; n <= o->generate; n++) {
        char file[64];
        const char *what = NULL;
        size_t from = 0, other = fz_below(&r, nseeds);
        unsigned depth = 1;
        const char *base = NULL;
        size_t blen = 0;
        if (nring && fz_pct(&r, 50)) {
            const gen_in *g = &ring[fz_below(&r, nring)];
            base = g->data;
            blen = g->len;
            from = g->from;
            depth = g->depth + 1;
        } else {
            from = fz_below(&r, nseeds);
            base = seeds[from].data;
            blen = seeds[from].len;
        }
        if (fz_mutate(&r, dict, fz_syntax_of(o->profile), base, blen, seeds[other].data,
                      seeds[other].len, o->max_len, &m, &what) != 0)
            goto done;
        fz_fixup(&r, o->profile, &m);
        snprintf(file, sizeof file, "inputs/%06llu.%s", n, ext);
        snprintf(path, sizeof path, "%s/%s", o->out, file);
        if (fz_write_file(path, m.p, m.len) != 0) {
            fprintf(stderr, "amc fuzz: cannot write %s: %s\n", path, strerror(errno));
            goto done;
        }
        if (list_line(lst, n, file, &seeds[from], depth, what, m.p, m.len) != 0) {
            cli_nomem();
            goto done;
        }
        /* the ring keeps the last RING inputs for further mutation */
        i = nring < RING ? nring++ : (size_t)((n - 1) % RING);
        free(ring[i].data);
        ring[i].data = malloc(m.len + 1);
        if (!ring[i].data) {
            cli_nomem();
            goto done;
        }
        memcpy(ring[i].data, m.p, m.len);
        ring[i].data[m.len] = '\0';
        ring[i].len = m.len;
        ring[i].from = from;
        ring[i].depth = depth;
    }
    (void)fflush(lst); /* a failed write of any line sets the error flag */
    bad = ferror(lst) != 0;
    bad = fclose(lst) != 0 || bad;
    lst = NULL;
    if (bad) {
        fprintf(stderr, "amc fuzz: cannot write %s/inputs.jsonl\n", o->out);
        goto done;
    }
    printf("amc fuzz: %llu %s inputs from %zu seed%s (seed %llu) in %s/inputs/, listed in "
           "%s/inputs.jsonl\n",
           (unsigned long long)o->generate, o->profile, nseeds, nseeds == 1 ? "" : "s",
           (unsigned long long)o->seed, o->out, o->out);
    rc = cli_nomem_seen() ? CLI_EXIT_ERROR : CLI_EXIT_OK;
done:
    if (cli_nomem_seen()) /* rc is 2 then; it was exit 2 without a word */
        fprintf(stderr, "amc fuzz: out of memory\n");
    if (lst)
        (void)fclose(lst); /* after an error already reported */
    for (i = 0; i < nring; i++)
        free(ring[i].data);
    free(m.p);
    fz_dict_free(dict);
    fz_seeds_free(seeds, nseeds);
    return rc;
}
