/*
 * bench_json.c - parses every line of a JSONL file with amc_json_read or with json-c.
 *
 * Usage: bench_json amc|jsonc FILE [ROUNDS]
 *   amc    amc_json_read() per line, then amc_doc_free()
 *   jsonc  one json_tokener (JSON_TOKENER_STRICT), json_tokener_reset() + json_tokener_parse_ex()
 *          per line, then json_object_put()
 * The file is mapped into memory first; the parse loop alone is timed (CLOCK_MONOTONIC) and
 * reported on stdout as "MODE: N lines, B bytes, S s, X MB/s (parse only)" (MB = 10^6 bytes).
 * Exit status 1 if any line is rejected (the benchmark input must be valid).
 */
#include <fcntl.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "amc/amc.h"

/* Maps the whole file (read-only, pre-faulted) so that reading it costs little next to parsing. */
static char *map_file(const char *path, size_t *len)
{
    struct stat st;
    void *p = NULL;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || st.st_size <= 0) {
        close(fd);
        return NULL;
    }
    p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return NULL;
    *len = (size_t)st.st_size;
    return p;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    size_t len = 0, lines = 0, bytes = 0, bad = 0;
    char *buf = NULL;
    int amc = 0, rounds = 1, r = 0;
    double t0 = 0, t1 = 0;
    if (argc < 3 || (strcmp(argv[1], "amc") != 0 && strcmp(argv[1], "jsonc") != 0)) {
        fprintf(stderr, "usage: bench_json amc|jsonc FILE [ROUNDS]\n");
        return 2;
    }
    amc = strcmp(argv[1], "amc") == 0;
    if (argc > 3)
        rounds = atoi(argv[3]) > 0 ? atoi(argv[3]) : 1;
    buf = map_file(argv[2], &len);
    if (!buf) {
        fprintf(stderr, "bench_json: cannot read %s\n", argv[2]);
        return 2;
    }
    t0 = now();
    for (r = 0; r < rounds; r++) {
        size_t pos = 0;
        amc_diags *ds = amc ? amc_diags_new(0) : NULL;
        struct json_tokener *tok = amc ? NULL : json_tokener_new();
        if (amc ? !ds : !tok)
            return 2;
        if (tok)
            json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
        while (pos < len) {
            const char *line = buf + pos;
            const char *nl = memchr(line, '\n', len - pos);
            size_t n = nl ? (size_t)(nl - line) : len - pos;
            pos += n + (nl ? 1 : 0);
            if (n == 0)
                continue;
            lines++;
            bytes += n;
            if (amc) {
                amc_doc *doc = NULL;
                if (amc_json_read(line, n, NULL, ds, &doc) != AMC_OK)
                    bad++;
                amc_doc_free(doc);
                if (amc_diags_count(ds))
                    amc_diags_clear(ds);
            } else {
                struct json_object *jo = NULL;
                json_tokener_reset(tok);
                jo = json_tokener_parse_ex(tok, line, (int)n);
                if (json_tokener_get_error(tok) != json_tokener_success || !jo)
                    bad++;
                json_object_put(jo);
            }
        }
        amc_diags_free(ds);
        if (tok)
            json_tokener_free(tok);
    }
    t1 = now();
    printf("%s: %zu lines, %zu bytes, %.3f s, %.1f MB/s (parse only)%s\n", argv[1], lines, bytes,
           t1 - t0, (double)bytes / (t1 - t0) / 1e6, bad ? " REJECTED LINES" : "");
    if (bad)
        fprintf(stderr, "bench_json: %zu lines rejected\n", bad);
    munmap(buf, len);
    return bad ? 1 : 0;
}
