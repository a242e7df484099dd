/*
 * json_accept.c - reads each file named on the command line with amc_json_read and prints one
 * line per file: "ACCEPT <file>" or "REJECT <file> <CODE> <line>:<col> <message>" (first error,
 * 1-based position), followed by warnings as "  warning <CODE> <line>:<col> <message>".
 * With -p (first argument) an accepted document is also printed, re-serialized by
 * amc_value_to_json, on the next line. Used by tests/tools/jsontestsuite.sh.
 * Exit status: 0 unless a file cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include "amc/amc.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        size_t r = 0;
        if (n == cap) {
            char *p = realloc(buf, cap = cap ? cap * 2 : 65536);
            if (!p) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = p;
        }
        r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0)
            break;
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    int i = 1, rc = 0, print = 0;
    if (argc > 1 && argv[1][0] == '-' && argv[1][1] == 'p' && argv[1][2] == '\0') {
        print = 1;
        i++;
    }
    for (; i < argc; i++) {
        size_t len = 0, k = 0;
        char *buf = slurp(argv[i], &len);
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        amc_status st = AMC_OK;
        const amc_diag *err = NULL;
        if (!buf || !ds) {
            fprintf(stderr, "json_accept: cannot read %s\n", argv[i]);
            free(buf);
            amc_diags_free(ds);
            rc = 1;
            continue;
        }
        st = amc_json_read(buf, len, NULL, ds, &doc);
        for (k = 0; k < amc_diags_count(ds) && !err; k++)
            if (amc_diags_get(ds, k)->sev == AMC_SEV_ERROR)
                err = amc_diags_get(ds, k);
        if (st == AMC_OK) {
            printf("ACCEPT %s\n", argv[i]);
            if (print) {
                size_t n = 0;
                char *js = amc_value_to_json(amc_doc_root(doc), -1, &n);
                if (js)
                    fwrite(js, 1, n, stdout);
                putchar('\n');
                amc_free(js);
            }
        } else if (err)
            printf("REJECT %s %s %u:%u %s\n", argv[i], amc_code_id(err->code), err->at.line + 1,
                   err->at.col + 1, err->message);
        else
            printf("REJECT %s (%s)\n", argv[i], amc_status_str(st));
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            if (d->sev != AMC_SEV_ERROR)
                printf("  %s %s %u:%u %s\n", amc_severity_str(d->sev), amc_code_id(d->code),
                       d->at.line + 1, d->at.col + 1, d->message);
        }
        amc_doc_free(doc);
        amc_diags_free(ds);
        free(buf);
    }
    return rc;
}
