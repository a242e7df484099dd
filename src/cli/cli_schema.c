/*
 * cli_schema.c - schema files for validate and lint-schema: the document loader (file:// URIs
 * and --map-uri prefixes), adding schema files to a set, and naming diagnostics by file.
 *
 * Decisions:
 *   - A schema file's retrieval URI is its file:// URI (absolute path, percent-encoded), so
 *     relative "$id"s and relative "$ref"s resolve against the file's location, as RFC 3986
 *     says for a document retrieved from that URI.
 *   - The loader serves, in this order: the longest --map-uri PREFIX that the URI starts with
 *     (the rest of the URI, percent-decoded, is a path under DIR; ".." segments, NUL bytes and
 *     query strings are refused), then file: URIs with an empty or "localhost" authority. Any
 *     other URI (http, https, urn ...) is not fetched: amc never touches the network.
 *   - Loaded documents must be JSON (the library's loader contract); YAML schemas must be given
 *     with --schema.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "cli_schema.h"

typedef struct mapping {
    char *prefix;
    char *dir;
} mapping;

typedef struct known_file {
    char *uri; /* a URI the document is known under (no fragment) */
    char *path;
} known_file;

struct cli_loader {
    amc_limits lim;
    mapping *maps;
    size_t nmaps;
    known_file *files;
    size_t nfiles, capfiles;
};

cli_loader *cli_loader_new(const amc_limits *lim)
{
    cli_loader *l = calloc(1, sizeof *l);
    amc_limits d = AMC_LIMITS_DEFAULT;
    if (!l)
        return NULL;
    l->lim = lim ? *lim : d;
    amc_limits_normalize(&l->lim);
    return l;
}

void cli_loader_free(cli_loader *l)
{
    size_t i = 0;
    if (!l)
        return;
    for (i = 0; i < l->nmaps; i++) {
        free(l->maps[i].prefix);
        free(l->maps[i].dir);
    }
    for (i = 0; i < l->nfiles; i++) {
        free(l->files[i].uri);
        free(l->files[i].path);
    }
    free(l->maps);
    free(l->files);
    free(l);
}

int cli_loader_map(cli_loader *l, const char *spec)
{
    const char *eq = strchr(spec, '=');
    mapping *p = NULL;
    if (!eq || eq == spec || !eq[1])
        return -1;
    p = realloc(l->maps, (l->nmaps + 1) * sizeof *p);
    if (!p)
        return -2;
    l->maps = p;
    p[l->nmaps].prefix = strndup(spec, (size_t)(eq - spec));
    p[l->nmaps].dir = strdup(eq + 1);
    if (!p[l->nmaps].prefix || !p[l->nmaps].dir) {
        free(p[l->nmaps].prefix);
        free(p[l->nmaps].dir);
        return -2;
    }
    l->nmaps++;
    return 0;
}

int cli_loader_map_all(cli_loader *l, const char *const *specs, size_t n, const char *cmd)
{
    size_t i = 0;
    for (i = 0; i < n; i++) {
        int mr = cli_loader_map(l, specs[i]);
        if (mr == -2) {
            fprintf(stderr, "amc %s: out of memory\n", cmd);
            return -1;
        }
        if (mr != 0) {
            fprintf(stderr, "amc %s: --map-uri wants PREFIX=DIR, got '%s'\n", cmd, specs[i]);
            return -1;
        }
    }
    return 0;
}

static void remember(cli_loader *l, const char *uri, const char *path)
{
    known_file *p = NULL;
    size_t n = 0;
    if (!uri || !path)
        return;
    n = strcspn(uri, "#");
    if (l->nfiles == l->capfiles) {
        size_t cap = l->capfiles ? l->capfiles * 2 : 8;
        p = realloc(l->files, cap * sizeof *p);
        if (!p)
            return;
        l->files = p;
        l->capfiles = cap;
    }
    l->files[l->nfiles].uri = strndup(uri, n);
    l->files[l->nfiles].path = strdup(path);
    if (!l->files[l->nfiles].uri || !l->files[l->nfiles].path) {
        free(l->files[l->nfiles].uri);
        free(l->files[l->nfiles].path);
        return;
    }
    l->nfiles++;
}

const char *cli_loader_file_of(const cli_loader *l, const char *uri)
{
    size_t i = 0, n = 0;
    if (!l || !uri)
        return NULL;
    n = strcspn(uri, "#");
    for (i = 0; i < l->nfiles; i++)
        if (strlen(l->files[i].uri) == n && memcmp(l->files[i].uri, uri, n) == 0)
            return l->files[i].path;
    return NULL;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Percent-decodes s[0..n) into a new string; NULL on a bad escape or a NUL byte. */
static char *pct_decode(const char *s, size_t n)
{
    char *out = malloc(n + 1);
    size_t i = 0, o = 0;
    if (!out)
        return NULL;
    for (i = 0; i < n; i++) {
        if (s[i] == '%') {
            int h = -1;
            if (i + 2 >= n) {
                free(out);
                return NULL;
            }
            h = hexval(s[i + 1]);
            if (h < 0 || hexval(s[i + 2]) < 0) {
                free(out);
                return NULL;
            }
            out[o] = (char)(h * 16 + hexval(s[i + 2]));
            i += 2;
        } else {
            out[o] = s[i];
        }
        if (out[o] == '\0') {
            free(out);
            return NULL;
        }
        o++;
    }
    out[o] = '\0';
    return out;
}

static bool has_dotdot(const char *p)
{
    const char *s = p;
    while (*s) {
        const char *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n == 2 && s[0] == '.' && s[1] == '.')
            return true;
        if (!e)
            break;
        s = e + 1;
    }
    return false;
}

/* Reads a whole file quietly; 0 on success. */
static int slurp(const char *path, size_t max, char **buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    size_t cap = 0, n = 0;
    *buf = NULL;
    *len = 0;
    if (!f)
        return -1;
    for (;;) {
        size_t got = 0;
        if (n == cap) {
            char *p = NULL;
            if (cap > max) {
                free(data);
                fclose(f);
                return -1;
            }
            cap = cap ? cap * 2 : 16384;
            p = realloc(data, cap + 1);
            if (!p) {
                free(data);
                fclose(f);
                return -1;
            }
            data = p;
        }
        got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f) || n > max) {
        free(data);
        fclose(f);
        return -1;
    }
    fclose(f);
    if (!data) {
        data = malloc(1);
        if (!data)
            return -1;
    }
    data[n] = '\0';
    *buf = data;
    *len = n;
    return 0;
}

/* The file path a URI maps to (new string), or NULL if the loader does not serve it. */
static char *path_of_uri(const cli_loader *l, const char *uri)
{
    size_t i = 0, best = 0, ulen = strcspn(uri, "#");
    const mapping *m = NULL;
    char *rel = NULL, *path = NULL;
    for (i = 0; i < l->nmaps; i++) {
        size_t pl = strlen(l->maps[i].prefix);
        if (pl <= ulen && pl > best && strncmp(uri, l->maps[i].prefix, pl) == 0) {
            best = pl;
            m = &l->maps[i];
        }
    }
    if (m) {
        if (memchr(uri + best, '?', ulen - best))
            return NULL;
        rel = pct_decode(uri + best, ulen - best);
        if (!rel || has_dotdot(rel)) {
            free(rel);
            return NULL;
        }
        path = malloc(strlen(m->dir) + strlen(rel) + 2);
        if (path)
            sprintf(path, "%s%s%s", m->dir,
                    (rel[0] == '/' || (*m->dir && m->dir[strlen(m->dir) - 1] == '/')) ? "" : "/",
                    rel);
        free(rel);
        return path;
    }
    if (strncmp(uri, "file://", 7) == 0) {
        const char *p = uri + 7;
        if (strncmp(p, "localhost/", 10) == 0)
            p += 9;
        if (*p != '/' || memchr(p, '?', ulen - (size_t)(p - uri)))
            return NULL;
        return pct_decode(p, ulen - (size_t)(p - uri));
    }
    if (strncmp(uri, "file:/", 6) == 0 && uri[6] != '/')
        return pct_decode(uri + 5, ulen - 5);
    return NULL;
}

/* Out of memory is AMC_ENOMEM (the registry then fails the compile with it), not "not
 * available": path_of_uri and slurp leave errno ENOMEM when an allocation failed. */
static amc_status load_cb(void *ud, const char *uri, char **buf, size_t *len)
{
    cli_loader *l = ud;
    char *path = NULL;
    errno = 0;
    path = path_of_uri(l, uri);
    if (!path)
        return errno == ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
    errno = 0;
    if (slurp(path, l->lim.max_input_bytes, buf, len) != 0) {
        int e = errno;
        free(path);
        return e == ENOMEM ? AMC_ENOMEM : AMC_EIO;
    }
    remember(l, uri, path);
    free(path);
    return AMC_OK;
}

void cli_set_default_dialect(amc_schema_set *set, const char *value)
{
    amc_schema_dialect d = AMC_DIALECT_2020_12;
    /* --default-dialect's check (cli_shared.c check_dialect) refused any value this parse does
     * not take, and set is not NULL (the callers checked): the dialect is always set. */
    if (value && amc_schema_dialect_parse(value, &d) == AMC_OK)
        (void)amc_schema_set_default_dialect(set, d);
}

void cli_loader_install(cli_loader *l, amc_schema_set *set)
{
    amc_schema_set_loader(set, load_cb, l);
}

char *cli_file_uri(const char *path)
{
    static const char keep[] = "-._~!$&'()*+,;=:@/";
    char *abs = realpath(path, NULL);
    char *out = NULL;
    size_t i = 0, o = 0, n = 0;
    if (!abs) {
        fprintf(stderr, "amc: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    n = strlen(abs);
    out = malloc(7 + n * 3 + 1);
    if (!out) {
        fprintf(stderr, "amc: out of memory\n");
        free(abs);
        return NULL;
    }
    memcpy(out, "file://", 7);
    o = 7;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)abs[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr(keep, c)) {
            out[o++] = (char)c;
        } else {
            static const char hex[] = "0123456789ABCDEF";
            out[o++] = '%';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        }
    }
    out[o] = '\0';
    free(abs);
    return out;
}

bool cli_is_yaml_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot && (!strcmp(dot, ".yaml") || !strcmp(dot, ".yml"));
}

int cli_schema_add_file(cli_loader *l, amc_schema_set *set, const char *path, const amc_limits *lim,
                        amc_diags *ds, const char **uri)
{
    char *buf = NULL, *furi = NULL;
    size_t len = 0;
    amc_diags *own = NULL;
    amc_diags *sink = ds;
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    int rc = 0;
    *uri = NULL;
    if (!sink) {
        own = amc_diags_new(lim->max_diags);
        if (!own) {
            fprintf(stderr, "amc: out of memory\n");
            return -1;
        }
        sink = own;
    }
    furi = cli_file_uri(path);
    if (!furi) {
        rc = -1;
        goto out;
    }
    rc = cli_read_file(path, lim->max_input_bytes, &buf, &len);
    if (rc != 0) {
        if (rc == -2)
            fprintf(stderr, "amc: %s: larger than the %zu-byte input limit\n", path,
                    lim->max_input_bytes);
        rc = -1;
        goto out;
    }
    if (cli_is_yaml_path(path)) {
        st = amc_yaml_read(buf, len, lim, sink, &doc);
        if (st == AMC_OK)
            st = amc_schema_set_add_doc(set, furi, doc, sink, uri);
    } else {
        st = amc_schema_set_add(set, furi, buf, len, sink, uri);
    }
    if (st == AMC_ENOMEM) {
        fprintf(stderr, "amc: %s: out of memory\n", path);
        rc = -1;
    } else if (st != AMC_OK) {
        rc = -2;
    } else {
        remember(l, furi, path);
        remember(l, *uri, path);
    }
    if (own)
        cli_print_schema_diags(stderr, l, own, path);
out:
    amc_diags_free(own);
    free(buf);
    free(furi);
    return rc;
}

void cli_print_schema_diags(FILE *f, const cli_loader *l, const amc_diags *ds, const char *fallback)
{
    size_t i = 0;
    bool color = cli_use_color(f);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        const char *file = cli_loader_file_of(l, d->schema_uri);
        cli_print_diag_text(f, file ? file : fallback, d, color);
    }
    if (amc_diags_dropped(ds))
        fprintf(f, "%s: note: %zu more diagnostics not shown\n", fallback, amc_diags_dropped(ds));
}
