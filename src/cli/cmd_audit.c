/*
 * cmd_audit.c - `amc audit [--profile P|auto] [--policy FILE] [--format F] [--strict] [--stats]
 * [--stateful] DIR`: audits a workspace as it sits on disk (amc/audit.h does the checking).
 *
 * Decisions:
 *   - Read-only: the walker only calls open(O_RDONLY) / openat / fstatat / read / close; no
 *     open carries O_WRONLY, O_RDWR, O_CREAT or O_TRUNC, nothing is renamed, removed or
 *     touched (atime aside). tests/cli/audit_readonly.sh checks it under strace and with a
 *     before/after listing of names, sizes, mtimes and ctimes.
 *   - Never follows a link below DIR: every entry is fstatat(AT_SYMLINK_NOFOLLOW); a symlink is
 *     reported (AUDIT_SYMLINK) and skipped; directories and files are opened with O_NOFOLLOW
 *     relative to their parent's descriptor, and a file is read only if fstat of the opened
 *     descriptor is the same regular file the walk saw (no swap between stat and open). DIR
 *     itself may be a link (the user named it).
 *   - FIFOs, sockets and devices are never opened (AUDIT_SPECIAL_FILE); files over the input
 *     size limit are not read (AUDIT_TOO_LARGE); open/read failures are AUDIT_UNREADABLE;
 *     directories deeper than 64 levels are AUDIT_TOO_DEEP.
 *   - Streaming: one directory's names at a time (sorted with strcmp, for stable output),
 *     one file's bytes at a time (-j N: at most 4N files in flight); the library keeps only ids.
 *   - -j N (default: the CPUs available; --stateful: 1): the main thread walks and reads, N
 *     workers check files (amc_audit_check, each with its own validator), and the main thread
 *     records each file (amc_audit_record: the cross-file rules) and reports it in walk order
 *     (cli_par.h), so the output is the same bytes as with -j 1.
 *   - Paths: shown as DIR/rel; given to the library as rel, prefixed with DIR's own name when
 *     that is queue, inbox or agent-workspace (so the placement rules see the folder).
 *   - Summary on stderr when it is a TTY or with --stats: files, messages, per top-level
 *     folder counts, errors, warnings, files/s.
 *   - Exit: 0 clean, 1 any error (with --strict any warning), 2 usage or DIR unreadable.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_config.h"
#include "cli_html.h"
#include "cli_html_tl.h"
#include "cli_par.h"

#define FMT_HTML 100 /* --format html: cli_html_audit() */

enum { MAX_DEPTH = 64, MAX_TOP = 32 };

typedef struct astate {
    amc_audit *a;
    cli_report *rep;
    amc_diags *ds;
    size_t max_bytes;
    const char *root;   /* as given */
    const char *prefix; /* "" or "queue/" ... */
    size_t errors, warnings;
    int fatal;
    char top[MAX_TOP][64];
    size_t topn[MAX_TOP], ntop, top_other;
    bool html; /* --format html: files recorded, the page written at the end */
    cli_audit_file *files;
    size_t nfiles, capfiles;
    char *ws_diag;
    const cli_list *exclude; /* --exclude GLOB: entries left out of the walk */
    const cli_config *cfg;   /* rule settings, installed on every list */
    struct cli_par *par;     /* -j N > 1: files checked by N workers, recorded in walk order */
} astate;

/* One file or one entry not read, recorded (and reported) in walk order: with -j N > 1 a
 * worker checks the file first. */
typedef struct aitem {
    bool is_entry;
    amc_audit_entry_kind kind;
    char *rel, *lib, *buf;
    size_t len;
    amc_diags *ds;
    amc_audit_unit *u;
    amc_status st;
} aitem;

/* --format html: a new record for rel (NULL when out of memory: s->fatal). */
static cli_audit_file *add_file(astate *s, const char *rel)
{
    cli_audit_file *f = NULL;
    if (s->nfiles == s->capfiles) {
        size_t cap = s->capfiles ? s->capfiles * 2 : 64;
        cli_audit_file *nf = realloc(s->files, cap * sizeof *nf);
        if (!nf) {
            s->fatal = 1;
            return NULL;
        }
        s->files = nf;
        s->capfiles = cap;
    }
    f = &s->files[s->nfiles];
    memset(f, 0, sizeof *f);
    f->rel = strdup(rel);
    if (!f->rel) {
        s->fatal = 1;
        return NULL;
    }
    f->walk = s->nfiles++;
    return f;
}

/* --format html: the findings of s->ds as one line ("error[CODE] RULE: message; ..."). */
static char *diag_line(const amc_diags *ds, int *sev)
{
    size_t i = 0, n = amc_diags_count(ds), off = 0;
    char *line = malloc(1024);
    *sev = 0;
    if (!line)
        return NULL;
    line[0] = '\0';
    for (i = 0; i < n; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        int sv = d->sev == AMC_SEV_ERROR ? 2 : d->sev == AMC_SEV_WARNING ? 1 : 0;
        *sev = sv > *sev ? sv : *sev;
        if (i < 3 && off < 1000)
            off += (size_t)snprintf(line + off, 1024 - off, "%s%s[%s]%s%s: %s", i ? "; " : "",
                                    sv == 2 ? "error"
                                    : sv    ? "warning"
                                            : "note",
                                    amc_code_id(d->code), d->rule_id ? " " : "",
                                    d->rule_id ? d->rule_id : "", d->message);
    }
    if (n > 3 && off < 1000)
        snprintf(line + off, 1024 - off, "; and %zu more", n - 3);
    return line;
}

static void count_top(astate *s, const char *rel)
{
    const char *sl = strchr(rel, '/');
    size_t n = sl ? (size_t)(sl - rel) : 0, i = 0;
    if (!sl || n >= sizeof s->top[0]) {
        s->top_other++;
        return;
    }
    for (i = 0; i < s->ntop; i++)
        if (strlen(s->top[i]) == n && !memcmp(s->top[i], rel, n)) {
            s->topn[i]++;
            return;
        }
    if (s->ntop == MAX_TOP) {
        s->top_other++;
        return;
    }
    memcpy(s->top[s->ntop], rel, n);
    s->top[s->ntop][n] = 0;
    s->topn[s->ntop++] = 1;
}

/* Reports the diagnostics gathered for rel in ds and clears them. */
static void flush_ds(astate *s, const char *rel, amc_diags *ds)
{
    char *disp = NULL;
    size_t n = strlen(s->root) + 1 + strlen(rel) + 1;
    if (amc_diags_count(ds) == 0 && amc_diags_dropped(ds) == 0) {
        amc_diags_clear(ds);
        return;
    }
    disp = malloc(n);
    if (!disp) {
        s->fatal = 1;
        return;
    }
    if (!*rel)
        snprintf(disp, n, "%s", s->root);
    else
        snprintf(disp, n, "%s%s%s", s->root, s->root[strlen(s->root) - 1] == '/' ? "" : "/", rel);
    s->errors += amc_diags_errors(ds);
    s->warnings += amc_diags_warnings(ds);
    if (s->html) {
        cli_audit_file *f = s->nfiles && !strcmp(s->files[s->nfiles - 1].rel, rel)
                                ? &s->files[s->nfiles - 1]
                                : NULL;
        int sev = 0;
        char *line = diag_line(ds, &sev);
        if (!line)
            s->fatal = 1; /* the findings would be missing from the page */
        if (!*rel) {
            free(s->ws_diag);
            s->ws_diag = line;
        } else if (f || (f = add_file(s, rel)) != NULL) {
            free(f->diag);
            f->diag = line;
            f->sev = sev;
            if (!f->folder) /* an entry not read */
                cli_audit_file_read(f, "", 0);
        } else {
            free(line);
        }
    } else {
        cli_report_file(s->rep, disp, ds);
    }
    amc_diags_clear(ds);
    free(disp);
}

static void item_free(aitem *it)
{
    amc_audit_unit_free(it->u);
    amc_diags_free(it->ds);
    free(it->rel);
    free(it->lib);
    free(it->buf);
    free(it);
}

/* A new item for rel (lib: its path for the library; buf: its bytes, owned); NULL when out of
 * memory (s->fatal; lib and buf freed). */
static aitem *item_new(astate *s, const char *rel, char *lib, char *buf, size_t len)
{
    aitem *it = calloc(1, sizeof *it);
    if (it) {
        it->rel = strdup(rel);
        it->lib = lib;
        it->buf = buf;
        it->len = len;
        it->ds = amc_diags_new(0);
        if (it->ds)
            cli_config_install(s->cfg, it->ds);
    }
    if (!it || !it->rel || !it->ds) {
        if (it)
            item_free(it);
        else {
            free(lib);
            free(buf);
        }
        s->fatal = 1;
        return NULL;
    }
    return it;
}

/* cli_par_work: the check of a file (any worker). */
static void item_work(void *wctx, void *item)
{
    aitem *it = item;
    if (!it->is_entry)
        it->st = amc_audit_check(wctx, it->lib, it->buf, it->len, it->ds, &it->u);
}

/* cli_par_emit, in walk order (or at once with one thread): the record of the file or entry,
 * and its report. */
static void item_emit(void *ectx, void *item)
{
    astate *s = ectx;
    aitem *it = item;
    amc_status st = it->st;
    if (it->is_entry) {
        st = amc_audit_entry(s->a, it->lib, it->kind, it->ds);
    } else {
        if (s->html) {
            cli_audit_file *f = add_file(s, it->rel);
            if (f)
                cli_audit_file_read(f, it->buf, it->len);
        }
        if (it->u) {
            st = amc_audit_record(s->a, it->u, it->ds);
            it->u = NULL;
        } else if (!s->par) { /* one thread: the auditor checks it (a stateful session too) */
            st = amc_audit_file(s->a, it->lib, it->buf, it->len, it->ds);
        }
    }
    if (st == AMC_ENOMEM || st == AMC_EUSAGE)
        s->fatal = 1;
    flush_ds(s, it->rel, it->ds);
    item_free(it);
}

/* Hands the item to the workers (-j N > 1), or checks, records and reports it now. */
static void item_run(astate *s, aitem *it)
{
    if (s->par)
        cli_par_submit(s->par, it);
    else
        item_emit(s, it);
}

static void entry(astate *s, const char *rel, amc_audit_entry_kind k)
{
    char *lib = *s->prefix ? cli_path_join(s->prefix, rel) : strdup(rel);
    aitem *it = NULL;
    if (!lib) {
        s->fatal = 1;
        return;
    }
    it = item_new(s, rel, lib, NULL, 0);
    if (it) {
        it->is_entry = true;
        it->kind = k;
        item_run(s, it);
    }
}

/* Reads exactly size bytes of the open file fd into a new buffer (*buf, free() it in every
 * case; a NUL after the bytes). Returns 0; 1 with *bad = AMC_AUDIT_TOO_LARGE (the file grew since
 * fstat) or AMC_AUDIT_UNREADABLE; -1 when out of memory. */
static int read_exact(int fd, size_t size, char **buf, size_t *len, amc_audit_entry_kind *bad)
{
    *len = 0;
    *buf = malloc(size + 1);
    if (!*buf)
        return -1;
    for (;;) {
        ssize_t r = 0;
        if (*len == size) {
            char extra = 0;
            r = read(fd, &extra, 1); /* grew since fstat: treat as too large to be safe */
            if (r > 0) {
                *bad = AMC_AUDIT_TOO_LARGE;
                return 1;
            }
        } else {
            r = read(fd, *buf + *len, size - *len);
        }
        if (r == 0) {
            (*buf)[*len] = '\0';
            return 0;
        }
        if (r < 0 && errno != EINTR) {
            *bad = AMC_AUDIT_UNREADABLE;
            return 1;
        }
        if (r > 0)
            *len += (size_t)r;
    }
}

static void audit_regular(astate *s, int dfd, const char *name, const char *rel,
                          const struct stat *sb)
{
    int fd = -1, rr = 0;
    amc_audit_entry_kind bad = AMC_AUDIT_UNREADABLE;
    struct stat fsb;
    char *buf = NULL, *lib = NULL;
    size_t len = 0;
    aitem *it = NULL;
    count_top(s, rel);
    if ((size_t)sb->st_size > s->max_bytes) {
        entry(s, rel, AMC_AUDIT_TOO_LARGE);
        return;
    }
    fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0 || fstat(fd, &fsb) != 0 || !S_ISREG(fsb.st_mode) || fsb.st_ino != sb->st_ino ||
        fsb.st_dev != sb->st_dev) {
        if (fd >= 0)
            close(fd);
        entry(s, rel, AMC_AUDIT_UNREADABLE);
        return;
    }
    rr = read_exact(fd, (size_t)fsb.st_size, &buf, &len, &bad);
    close(fd);
    if (rr != 0) {
        free(buf);
        if (rr < 0)
            s->fatal = 1;
        else
            entry(s, rel, bad);
        return;
    }
    lib = *s->prefix ? cli_path_join(s->prefix, rel) : strdup(rel);
    if (!lib) {
        free(buf);
        s->fatal = 1;
        return;
    }
    it = item_new(s, rel, lib, buf, len);
    if (it)
        item_run(s, it);
}

/* The names in d but . and .., sorted (strcmp). Returns a new array of new strings (*n of them;
 * free each and the array); sets s->fatal when out of memory. */
static char **sorted_names(astate *s, DIR *d, size_t *n)
{
    struct dirent *de = NULL;
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    errno = 0;
    while ((de = readdir(d)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        if (*n == cap) {
            size_t nc = cap ? cap * 2 : 64;
            char **nn = realloc(names, nc * sizeof *nn);
            if (!nn) {
                s->fatal = 1;
                break;
            }
            names = nn;
            cap = nc;
        }
        names[*n] = strdup(de->d_name);
        if (!names[*n]) {
            s->fatal = 1;
            break;
        }
        (*n)++;
    }
    if (names)
        qsort(names, *n, sizeof *names, cli_cmp_names);
    return names;
}

static void walk(astate *s, int dfd, const char *rel, int depth);

/* One entry of a directory (dfd), never following a link. */
static void visit(astate *s, int dfd, const char *name, const char *crel, int depth)
{
    struct stat sb;
    if (fstatat(dfd, name, &sb, AT_SYMLINK_NOFOLLOW) != 0) {
        entry(s, crel, AMC_AUDIT_UNREADABLE);
    } else if (S_ISLNK(sb.st_mode)) {
        entry(s, crel, AMC_AUDIT_SYMLINK);
    } else if (S_ISDIR(sb.st_mode)) {
        if (depth + 1 >= MAX_DEPTH) {
            entry(s, crel, AMC_AUDIT_TOO_DEEP);
        } else {
            int cfd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (cfd < 0)
                entry(s, crel, AMC_AUDIT_UNREADABLE);
            else
                walk(s, cfd, crel, depth + 1);
        }
    } else if (S_ISREG(sb.st_mode)) {
        audit_regular(s, dfd, name, crel, &sb);
    } else {
        entry(s, crel, AMC_AUDIT_SPECIAL);
    }
}

/* Walks the open directory dfd (owned: closed here), rel its path ("" for the root). */
static void walk(astate *s, int dfd, const char *rel, int depth)
{
    DIR *d = fdopendir(dfd);
    char **names = NULL;
    size_t n = 0, i = 0;
    if (!d) {
        close(dfd);
        entry(s, *rel ? rel : ".", AMC_AUDIT_UNREADABLE);
        return;
    }
    names = sorted_names(s, d, &n);
    for (i = 0; i < n && !s->fatal; i++) {
        char *crel = cli_path_join(rel, names[i]);
        if (!crel) {
            s->fatal = 1;
            break;
        }
        if (!cli_excluded(s->exclude, names[i], crel))
            visit(s, dirfd(d), names[i], crel, depth);
        free(crel);
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    closedir(d);
}

typedef struct aargs {
    const char *profile, *policy, *config;
    cli_list disable, exclude;
    bool no_config;
    int format;
    bool strict, stats, stateful;
    uint64_t max_size, jobs;
} aargs;

/* The summary line on stderr. */
static void print_stats(const astate *s, const char *dir, double dt)
{
    amc_audit_stats_t as;
    size_t k = 0;
    memset(&as, 0, sizeof as);
    amc_audit_stats(s->a, &as);
    fprintf(stderr,
            "amc audit: %s: %s workspace; %zu files (%zu messages, %zu other), %zu "
            "entries not read;",
            dir, as.kind ? as.kind : "no", as.files, as.messages, as.other, as.entries);
    for (k = 0; k < s->ntop; k++)
        fprintf(stderr, " %s/ %zu", s->top[k], s->topn[k]);
    if (s->top_other)
        fprintf(stderr, " ./ %zu", s->top_other);
    fprintf(stderr, "; %zu errors, %zu warnings; %.3f s, %.0f files/s\n", s->errors, s->warnings,
            dt, dt > 0 ? (double)as.files / dt : 0.0);
}

/* Walks DIR (fd) into the report with nw workers (1: none); returns the seconds it took, or a
 * negative number (errno set) when the workers cannot start. */
static double audit_tree(astate *s, int fd, const char *dir, size_t max_bytes, unsigned nw)
{
    double t0 = 0;
    amc_audit_worker **w = NULL;
    unsigned i = 0;
    s->root = dir;
    s->prefix = cli_ws_root_prefix(dir);
    s->max_bytes = max_bytes;
    cli_report_declare_rules(s->rep, 5500, 5599);
    t0 = cli_now();
    if (nw > 1) {
        w = calloc(nw, sizeof *w);
        for (i = 0; w && i < nw; i++)
            if (amc_audit_worker_new(s->a, s->ds, &w[i]) != AMC_OK)
                break;
        s->par = w && i == nw
                     ? cli_par_new(nw, 4 * (size_t)nw, item_work, (void *const *)w, item_emit, s)
                     : NULL;
        if (!s->par) {
            int err = w && i == nw ? errno : ENOMEM; /* cli_par_new's, or a worker's memory */
            for (i = 0; w && i < nw; i++)
                amc_audit_worker_free(w[i]);
            free(w);
            close(fd);
            errno = err;
            return -1;
        }
    }
    walk(s, fd, "", 0);
    if (s->par) {
        cli_par_finish(s->par);
        s->par = NULL;
        for (i = 0; i < nw; i++)
            amc_audit_worker_free(w[i]);
        free(w);
    }
    if (amc_audit_finish(s->a, s->ds) == AMC_ENOMEM)
        s->fatal = 1;
    flush_ds(s, "", s->ds);
    return cli_now() - t0;
}

static int audit_main(void *args, const cli_list *ops)
{
    aargs ea = *(const aargs *)args;
    const aargs *a = &ea;
    cli_config cfg;
    bool reported = false;
    const char *dir = ops->v[0];
    amc_policy *policy = NULL;
    amc_audit_opts opts;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    astate s;
    int rc = CLI_EXIT_ERROR, fd = -1;
    amc_status st = AMC_OK;
    double dt = 0;
    unsigned nw = 1;
    memset(&s, 0, sizeof s);
    if (cli_config_load("audit", ea.config, ea.no_config, &cfg) != 0 ||
        cli_config_format(&cfg, "audit", "text json sarif github junit", &ea.format) != 0) {
        cli_config_free(&cfg);
        return CLI_EXIT_ERROR;
    }
    for (size_t k = 0; k < ea.disable.n; k++)
        if (cli_config_disable(&cfg, ea.disable.v[k]) != 0)
            goto out;
    if (!ea.profile)
        ea.profile = cfg.profile;
    if (!ea.policy)
        ea.policy = cfg.policy;
    lim.max_input_bytes = (size_t)a->max_size;
    s.ds = amc_diags_new(0);
    if (!s.ds)
        fprintf(stderr, "amc audit: out of memory\n");
    if (!s.ds || cli_load_policy("audit", a->policy, NULL, false, lim.max_input_bytes, &policy))
        goto out;
    memset(&opts, 0, sizeof opts);
    opts.profile = a->profile;
    opts.policy = policy;
    opts.limits = &lim;
    opts.stateful = a->stateful;
    st = amc_audit_new(&opts, s.ds, &s.a);
    if (st != AMC_OK) {
        for (size_t k = 0; k < amc_diags_count(s.ds); k++)
            cli_print_diag_text(stderr, "amc audit", amc_diags_get(s.ds, k), false);
        if (st == AMC_ENOMEM && !amc_diags_count(s.ds))
            fprintf(stderr, "amc audit: out of memory\n");
        goto out;
    }
    cli_config_install(&cfg, s.ds);
    fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "amc audit: %s: %s\n", dir, strerror(errno));
        goto out;
    }
    s.exclude = &ea.exclude;
    s.html = a->format == FMT_HTML;
    s.rep = cli_report_new(s.html ? CLI_FMT_TEXT : (cli_format)a->format, stdout, "audit");
    if (!s.rep) {
        fprintf(stderr, "amc audit: out of memory\n");
        close(fd);
        goto out;
    }
    s.cfg = &cfg;
    nw = a->stateful ? 1 : a->jobs ? (unsigned)a->jobs : cli_cpus_available();
    dt = audit_tree(&s, fd, dir, lim.max_input_bytes, nw);
    if (dt < 0) {
        fprintf(stderr, "amc audit: cannot start %u threads: %s\n", nw,
                errno == ENOMEM ? "out of memory" : strerror(errno));
        goto out;
    }
    if (s.html && !s.fatal)
        cli_html_audit(stdout, dir, s.files, s.nfiles, s.ws_diag, s.errors, s.warnings);
    cli_report_end(s.rep, !s.fatal);
    s.rep = NULL;
    reported = true;
    if (a->stats || isatty(2))
        print_stats(&s, dir, dt);
    if (s.fatal)
        fprintf(stderr, "amc audit: out of memory\n");
    else
        rc = s.errors || (a->strict && s.warnings) ? CLI_EXIT_INVALID : CLI_EXIT_OK;
out:
    if (s.rep)
        cli_report_end(s.rep, false);
    else if (!reported && rc == CLI_EXIT_ERROR &&
             ((cli_format)a->format == CLI_FMT_SARIF || (cli_format)a->format == CLI_FMT_JUNIT))
        cli_report_end(cli_report_new((cli_format)a->format, stdout, "audit"), false);
    for (size_t k = 0; k < s.nfiles; k++)
        cli_audit_file_free(&s.files[k]);
    free(s.files);
    free(s.ws_diag);
    amc_audit_free(s.a);
    amc_policy_free(policy);
    amc_diags_free(s.ds);
    cli_config_free(&cfg);
    return rc;
}

static const cli_value formats[] = {{"text", CLI_FMT_TEXT},
                                    {"json", CLI_FMT_JSON},
                                    {"sarif", CLI_FMT_SARIF},
                                    {"github", CLI_FMT_GITHUB},
                                    {"junit", CLI_FMT_JUNIT},
                                    {"html", FMT_HTML},
                                    {NULL, 0}};

#define O(field) CLI_AT(aargs, field)
const cli_command cli_cmd_audit = {
    .name = "audit",
    .summary = "audit a workspace on disk: IGNITE queue, mailbox root or ACP inbox",
    .description =
        "Audits a workspace as it sits on disk: an IGNITE runtime directory (queue/<agent>/, "
        "processed/, dead_letter/), a mailbox root (inbox/ ack/ deadletter/ outbox/ state/) or "
        "an ACP agent-workspace/inbox/. Every message file goes through its profile with its "
        "path (placement, status against folder); across files it reports the same message in "
        "two folders or twice in one (AUDIT_DUPLICATE, AUDIT_REDELIVERED), a message past the "
        "retry or delivery limit outside the dead-letter folder (AUDIT_NOT_DEAD_LETTERED), and "
        "stray files in message folders.\n"
        "Read-only: nothing is written, renamed or removed; symbolic links are reported and "
        "never followed; FIFOs, sockets and devices are never opened; files over the size limit "
        "are not read. The tree is streamed (one directory listing at a time, sorted names; "
        "with -j N a few files per thread in flight), and the output is in walk order whatever "
        "N is. The summary line (files, per-folder totals, errors, warnings, files/s) "
        "goes to standard error when it is a terminal, or with --stats.",
    .options =
        (const cli_opt[]){
            {.shared = &cli_opt_profile,
             O(profile),
             .arg = "ignite|mailbox|acp|auto",
             .def = "auto",
             .help = "the workspace's profile"},
            {.shared = &cli_opt_policy,
             O(policy),
             .help = "deployment settings (YAML or JSON; "
                     "as amc validate)"},
            {.shared = &cli_opt_stateful,
             O(stateful),
             .help = "one validator session across the files (walk order)"},
            {.shared = &cli_opt_format,
             O(format),
             .values = formats,
             .help = "output format; html: one self-contained page, a lane per task with its "
                     "files in order, flagged files highlighted (docs/reports.md)"},
            {.shared = &cli_opt_strict, O(strict)},
            {.shared = &cli_opt_disable, O(disable)},
            {.shared = &cli_opt_config, O(config)},
            {.shared = &cli_opt_no_config, O(no_config)},
            {.name = "exclude",
             .kind = CLI_LIST,
             .arg = "GLOB",
             O(exclude),
             .help = "leave out the entries whose name or path below DIR matches GLOB (fnmatch: "
                     "*, ?, [...]; an excluded folder is not entered); repeatable"},
            {.name = "stats",
             .kind = CLI_FLAG,
             O(stats),
             .help = "print the summary line (files/s) on stderr even if not a terminal"},
            {.shared = &cli_opt_max_size, O(max_size), .help = "size limit of one file"},
            {.shared = &cli_opt_jobs,
             O(jobs),
             .help = "threads checking files (default, or 0: the CPUs this process may use; "
                     "--stateful: 1); the walk, the cross-file rules and the output stay in walk "
                     "order, the same as with -j 1"},
            {.name = "max-bytes",
             .shared = &cli_opt_max_size,
             O(max_size),
             .hidden = true,
             .help = "the former name of --max-size"},
            {0}},
    .operands = "DIR",
    .min_operands = 1,
    .max_operands = 1,
    .missing = "no DIR given",
    .exits = (const cli_exit[]){{0, "clean"},
                                {1, "errors (with --strict: or warnings)"},
                                {2, "usage error, DIR unreadable, invalid policy"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){
            {"An IGNITE runtime directory:", "amc audit ~/.ignite"},
            {"A mailbox root with its runtime config, as SARIF:",
             "amc audit --policy runtime.yaml --format sarif tmp/poc-mailbox/mailbox"},
            {NULL, NULL}},
    .args_size = sizeof(aargs),
    .run = audit_main,
};
#undef O
