/*
 * bench_mailbox_parts.c - where the time of `--profile mailbox` goes, per envelope, in process.
 *
 * Usage: bench_mailbox_parts FILE [ROUNDS]
 *   FILE   JSON Lines of envelopes (bench/gen_mailbox_signed.py)
 *   ROUNDS passes over the file per stage; the best pass is kept (default 5)
 *
 * Stages, each timed over every line (CLOCK_MONOTONIC, ns per envelope):
 *   read      amc_json_read() + amc_doc_free()
 *   schema    read + the envelope schema (format assertion, all errors): the schema-only job
 *   +jcs      read + RFC 8785 of the envelope with the reusable writer (what the signature
 *             check canonicalizes; the profile also blanks "signature")
 *   +sha256   read + RFC 8785 + SHA-256 of the canonical text (OpenSSL EVP, one reused context)
 *   profile   amc_validator_check() with --profile mailbox (read, schema, rules, signature,
 *             the MAILBOX_SIGNATURE_UNKEYED warning into a diagnostics list; no printing)
 * Each figure is also printed as a ratio of "schema". The CLI benchmark (bench/bench.py profile) adds
 * process start-up, file reading and printing; this one shows the floor the signature check
 * puts under the profile: schema + (+sha256 - read), before any rule or diagnostic.
 */
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "amc/amc.h"
#include "formats/jcs_int.h"

#define ENVELOPE_ID "https://amc.dev/schemas/mailbox/mailbox-envelope.v1.schema.json"

typedef struct line {
    const char *p;
    size_t n;
} line;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef enum stage { READ, SCHEMA, JCS, SHA, PROFILE, N_STAGES } stage;
static const char *const names[N_STAGES] = {"read", "schema", "+jcs", "+sha256", "profile"};

typedef struct ctx {
    const amc_schema *schema;
    amc_jcs_ctx *jcs;
    EVP_MD_CTX *md;
    EVP_MD *sha; /* fetched once: EVP_sha256() makes every init fetch again (OpenSSL 3) */
    amc_validator *v;
    amc_diags *ds;
} ctx;

/* One pass of stage s over every line; returns seconds, or -1 if a line fails. */
static double pass(ctx *c, stage s, const line *ls, size_t n)
{
    double t0 = now();
    size_t i = 0;
    for (i = 0; i < n; i++) {
        amc_doc *doc = NULL;
        amc_diags_clear(c->ds);
        if (s == PROFILE) {
            if (amc_validator_check(c->v, NULL, ls[i].p, ls[i].n, c->ds, NULL) != AMC_OK)
                return -1;
            continue;
        }
        if (amc_json_read(ls[i].p, ls[i].n, NULL, c->ds, &doc) != AMC_OK)
            return -1;
        if (s == SCHEMA) {
            amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
            bool valid = false;
            o.format_assert = true;
            o.all_errors = true;
            if (amc_schema_validate(c->schema, amc_doc_root(doc), doc, &o, c->ds, &valid) !=
                    AMC_OK ||
                !valid) {
                amc_doc_free(doc);
                return -1;
            }
        } else if (s == JCS || s == SHA) {
            const char *out = NULL;
            size_t olen = 0;
            unsigned char md[32];
            unsigned int mdlen = 0;
            if (amc_jcs_ctx_write(c->jcs, amc_doc_root(doc), NULL, true, &out, &olen) != AMC_OK ||
                (s == SHA && (EVP_DigestInit_ex2(c->md, c->sha, NULL) != 1 ||
                              EVP_DigestUpdate(c->md, out, olen) != 1 ||
                              EVP_DigestFinal_ex(c->md, md, &mdlen) != 1))) {
                amc_doc_free(doc);
                return -1;
            }
        }
        amc_doc_free(doc);
    }
    return now() - t0;
}

int main(int argc, char **argv)
{
    struct stat st;
    char *buf = NULL;
    line *ls = NULL;
    size_t n = 0, cap = 0, i = 0, start = 0;
    int rounds = argc > 2 ? atoi(argv[2]) : 5, fd = -1, r = 0, s = 0;
    double best[N_STAGES];
    amc_schema_set *set = NULL;
    amc_validator_opts vo;
    ctx c;
    if (argc < 2 || rounds < 1) {
        fprintf(stderr, "usage: bench_mailbox_parts FILE [ROUNDS]\n");
        return 2;
    }
    fd = open(argv[1], O_RDONLY);
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size == 0) {
        perror(argv[1]);
        return 2;
    }
    buf = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (buf == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    for (i = 0; i <= (size_t)st.st_size; i++) {
        if (i == (size_t)st.st_size || buf[i] == '\n') {
            if (i > start) {
                if (n == cap) {
                    cap = cap ? cap * 2 : 1024;
                    ls = realloc(ls, cap * sizeof *ls);
                    if (!ls)
                        return 2;
                }
                ls[n].p = buf + start;
                ls[n].n = i - start;
                n++;
            }
            start = i + 1;
        }
    }
    memset(&c, 0, sizeof c);
    c.ds = amc_diags_new(0);
    set = amc_schema_set_new(NULL);
    c.jcs = amc_jcs_ctx_new();
    c.md = EVP_MD_CTX_new();
    c.sha = EVP_MD_fetch(NULL, "SHA256", NULL);
    memset(&vo, 0, sizeof vo);
    vo.profile = "mailbox";
    if (!c.ds || !set || !c.jcs || !c.md || !c.sha ||
        amc_schema_compile(set, ENVELOPE_ID, c.ds, &c.schema) != AMC_OK ||
        amc_validator_new(&vo, c.ds, &c.v) != AMC_OK) {
        fprintf(stderr, "bench_mailbox_parts: setup failed\n");
        return 2;
    }
    for (s = 0; s < N_STAGES; s++)
        best[s] = -1;
    for (r = 0; r < rounds; r++)
        for (s = 0; s < N_STAGES; s++) {
            double t = pass(&c, (stage)s, ls, n);
            if (t < 0) {
                fprintf(stderr, "bench_mailbox_parts: %s failed on the input\n", names[s]);
                return 1;
            }
            if (best[s] < 0 || t < best[s])
                best[s] = t;
        }
    printf("%zu envelopes, %lld bytes, best of %d passes (ns per envelope; x schema)\n", n,
           (long long)st.st_size, rounds);
    for (s = 0; s < N_STAGES; s++)
        printf("  %-8s %8.0f ns  %5.2fx\n", names[s], best[s] / (double)n * 1e9,
               best[s] / best[SCHEMA]);
    printf("  jcs alone %.0f ns, sha256 alone %.0f ns; the signature check's floor under the "
           "profile: %.2fx schema\n",
           (best[JCS] - best[READ]) / (double)n * 1e9, (best[SHA] - best[JCS]) / (double)n * 1e9,
           (best[SCHEMA] + best[SHA] - best[READ]) / best[SCHEMA]);
    free(ls);
    amc_validator_free(c.v);
    amc_schema_set_free(set);
    amc_jcs_ctx_free(c.jcs);
    EVP_MD_CTX_free(c.md);
    EVP_MD_free(c.sha);
    amc_diags_free(c.ds);
    munmap(buf, (size_t)st.st_size);
    close(fd);
    return 0;
}
