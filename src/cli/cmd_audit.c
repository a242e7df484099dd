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
 *     one file's bytes at a time; the library keeps only ids.
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
} astate;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: amc audit [options] DIR\n"
            "Audits a workspace on disk: an IGNITE runtime dir (queue/<agent>/, processed/,\n"
            "dead_letter/), a mailbox root (inbox/ ack/ deadletter/ outbox/ state/) or an ACP\n"
            "agent-workspace/inbox/. Every message file goes through its profile (placement,\n"
            "status vs folder); across files: the same message in two folders, messages past\n"
            "the retry limit outside the dead-letter folder, stray files. Read-only; never\n"
            "follows a symbolic link.\n\n"
            "options:\n"
            "  --profile P          ignite, mailbox, acp or auto (default)\n"
            "  --policy FILE        deployment settings (YAML/JSON; as amc validate)\n"
            "  --stateful           one validator session across the files (walk order)\n"
            "  --format FMT         text (default), json or sarif\n"
            "  --strict             warnings make the exit status 1\n"
            "  --stats              print the summary line (files/s) on stderr even if not a TTY\n"
            "  --max-bytes N        size limit of one file (default 64 MiB)\n\n"
            "Exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage or I/O error.\n");
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

/* Reports the diagnostics gathered for rel and clears them. */
static void flush(astate *s, const char *rel)
{
    char *disp = NULL;
    size_t n = strlen(s->root) + 1 + strlen(rel) + 1;
    if (amc_diags_count(s->ds) == 0 && amc_diags_dropped(s->ds) == 0) {
        amc_diags_clear(s->ds);
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
    s->errors += amc_diags_errors(s->ds);
    s->warnings += amc_diags_warnings(s->ds);
    cli_report_file(s->rep, disp, s->ds);
    amc_diags_clear(s->ds);
    free(disp);
}

static char *join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *p = malloc(la + lb + 2);
    if (!p)
        return NULL;
    memcpy(p, a, la);
    if (la)
        p[la++] = '/';
    memcpy(p + la, b, lb + 1);
    return p;
}

static int cmp_names(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

static void entry(astate *s, const char *rel, amc_audit_entry_kind k)
{
    char *lib = join(s->prefix, rel);
    if (!lib) {
        s->fatal = 1;
        return;
    }
    if (!*s->prefix) {
        free(lib);
        lib = strdup(rel);
    }
    if (lib && amc_audit_entry(s->a, lib, k, s->ds) == AMC_ENOMEM)
        s->fatal = 1;
    free(lib);
    flush(s, rel);
}

static void audit_regular(astate *s, int dfd, const char *name, const char *rel,
                          const struct stat *sb)
{
    int fd = -1;
    struct stat fsb;
    char *buf = NULL, *lib = NULL;
    size_t len = 0;
    amc_status st = AMC_OK;
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
    buf = malloc((size_t)fsb.st_size + 1);
    if (!buf) {
        close(fd);
        s->fatal = 1;
        return;
    }
    for (;;) {
        ssize_t r = 0;
        if (len == (size_t)fsb.st_size) {
            char extra = 0;
            r = read(fd, &extra, 1); /* grew since fstat: treat as too large to be safe */
            if (r > 0) {
                close(fd);
                free(buf);
                entry(s, rel, AMC_AUDIT_TOO_LARGE);
                return;
            }
            if (r == 0)
                break;
        } else {
            r = read(fd, buf + len, (size_t)fsb.st_size - len);
            if (r == 0)
                break;
        }
        if (r < 0) {
            if (errno == EINTR)
                continue;
            close(fd);
            free(buf);
            entry(s, rel, AMC_AUDIT_UNREADABLE);
            return;
        }
        len += (size_t)r;
    }
    close(fd);
    lib = *s->prefix ? join(s->prefix, rel) : strdup(rel);
    if (!lib) {
        free(buf);
        s->fatal = 1;
        return;
    }
    st = amc_audit_file(s->a, lib, buf, len, s->ds);
    if (st == AMC_ENOMEM || st == AMC_EUSAGE)
        s->fatal = 1;
    free(lib);
    free(buf);
    flush(s, rel);
}

/* Walks the open directory dfd (owned: closed here), rel its path ("" for the root). */
static void walk(astate *s, int dfd, const char *rel, int depth)
{
    DIR *d = fdopendir(dfd);
    struct dirent *de = NULL;
    char **names = NULL;
    size_t n = 0, cap = 0, i = 0;
    if (!d) {
        close(dfd);
        entry(s, *rel ? rel : ".", AMC_AUDIT_UNREADABLE);
        return;
    }
    errno = 0;
    while ((de = readdir(d)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        if (n == cap) {
            size_t nc = cap ? cap * 2 : 64;
            char **nn = realloc(names, nc * sizeof *nn);
            if (!nn) {
                s->fatal = 1;
                break;
            }
            names = nn;
            cap = nc;
        }
        names[n] = strdup(de->d_name);
        if (!names[n]) {
            s->fatal = 1;
            break;
        }
        n++;
    }
    if (names)
        qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n && !s->fatal; i++) {
        struct stat sb;
        char *crel = join(rel, names[i]);
        if (!crel) {
            s->fatal = 1;
            break;
        }
        if (fstatat(dirfd(d), names[i], &sb, AT_SYMLINK_NOFOLLOW) != 0) {
            entry(s, crel, AMC_AUDIT_UNREADABLE);
        } else if (S_ISLNK(sb.st_mode)) {
            entry(s, crel, AMC_AUDIT_SYMLINK);
        } else if (S_ISDIR(sb.st_mode)) {
            if (depth + 1 >= MAX_DEPTH) {
                entry(s, crel, AMC_AUDIT_TOO_DEEP);
            } else {
                int cfd =
                    openat(dirfd(d), names[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (cfd < 0)
                    entry(s, crel, AMC_AUDIT_UNREADABLE);
                else
                    walk(s, cfd, crel, depth + 1);
            }
        } else if (S_ISREG(sb.st_mode)) {
            audit_regular(s, dirfd(d), names[i], crel, &sb);
        } else {
            entry(s, crel, AMC_AUDIT_SPECIAL);
        }
        free(crel);
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    closedir(d);
}

static const char *root_prefix(const char *dir)
{
    size_t n = strlen(dir);
    const char *b = NULL;
    static char name[64];
    while (n > 1 && dir[n - 1] == '/')
        n--;
    b = dir + n;
    while (b > dir && b[-1] != '/')
        b--;
    if ((size_t)(dir + n - b) >= sizeof name)
        return "";
    memcpy(name, b, (size_t)(dir + n - b));
    name[dir + n - b] = 0;
    if (!strcmp(name, "queue") || !strcmp(name, "inbox") || !strcmp(name, "agent-workspace"))
        return name;
    return "";
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int cli_cmd_audit(int argc, char **argv)
{
    const char *profile = "auto", *policy_file = NULL, *dir = NULL;
    cli_format fmt = CLI_FMT_TEXT;
    bool strict = false, stats = false, stateful = false;
    amc_policy *policy = NULL;
    amc_audit_opts opts;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    astate s;
    int rc = CLI_EXIT_OK, fd = -1, i = 0;
    double t0 = 0, dt = 0;
    amc_audit_stats_t as;
    memset(&s, 0, sizeof s);
    memset(&as, 0, sizeof as);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool hv = i + 1 < argc;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return CLI_EXIT_OK;
        } else if (!strcmp(a, "--profile") && hv) {
            profile = argv[++i];
        } else if (!strcmp(a, "--policy") && hv) {
            policy_file = argv[++i];
        } else if (!strcmp(a, "--format") && hv) {
            if (cli_parse_format(argv[++i], &fmt) != 0 || fmt == CLI_FMT_JUNIT ||
                fmt == CLI_FMT_TAP) {
                fprintf(stderr, "amc audit: --format must be text, json or sarif\n");
                return CLI_EXIT_ERROR;
            }
        } else if (!strcmp(a, "--max-bytes") && hv) {
            char *end = NULL;
            unsigned long long v = strtoull(argv[++i], &end, 10);
            if (!*argv[i] || *end || v == 0) {
                fprintf(stderr, "amc audit: --max-bytes needs a positive integer\n");
                return CLI_EXIT_ERROR;
            }
            lim.max_input_bytes = (size_t)v;
        } else if (!strcmp(a, "--strict")) {
            strict = true;
        } else if (!strcmp(a, "--stats")) {
            stats = true;
        } else if (!strcmp(a, "--stateful")) {
            stateful = true;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "amc audit: unknown option '%s'\nRun 'amc audit --help' for usage.\n",
                    a);
            return CLI_EXIT_ERROR;
        } else if (!dir) {
            dir = a;
        } else {
            fprintf(stderr, "amc audit: one DIR only\n");
            return CLI_EXIT_ERROR;
        }
    }
    if (!dir) {
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    s.ds = amc_diags_new(0);
    if (!s.ds)
        return CLI_EXIT_ERROR;
    if (policy_file) {
        char *buf = NULL;
        size_t len = 0;
        int rr = cli_read_file(policy_file, lim.max_input_bytes, &buf, &len);
        amc_status st = AMC_OK;
        if (rr != 0) {
            if (rr == -2)
                fprintf(stderr, "amc audit: %s: the policy is too large\n", policy_file);
            rc = CLI_EXIT_ERROR;
            goto out;
        }
        st = amc_policy_read(buf, len, s.ds, &policy);
        free(buf);
        for (size_t k = 0; k < amc_diags_count(s.ds); k++)
            cli_print_diag_text(stderr, policy_file, amc_diags_get(s.ds, k), false);
        amc_diags_clear(s.ds);
        if (st != AMC_OK) {
            fprintf(stderr, "amc audit: %s: invalid policy\n", policy_file);
            rc = CLI_EXIT_ERROR;
            goto out;
        }
    }
    memset(&opts, 0, sizeof opts);
    opts.profile = profile;
    opts.policy = policy;
    opts.limits = &lim;
    opts.stateful = stateful;
    if (amc_audit_new(&opts, s.ds, &s.a) != AMC_OK) {
        for (size_t k = 0; k < amc_diags_count(s.ds); k++)
            cli_print_diag_text(stderr, "amc audit", amc_diags_get(s.ds, k), false);
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "amc audit: %s: %s\n", dir, strerror(errno));
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    s.root = dir;
    s.prefix = root_prefix(dir);
    s.max_bytes = lim.max_input_bytes;
    s.rep = cli_report_new(fmt, stdout, "audit");
    if (!s.rep) {
        close(fd);
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    cli_report_declare_rules(s.rep, 5500, 5599);
    t0 = now_s();
    walk(&s, fd, "", 0);
    if (amc_audit_finish(s.a, s.ds) == AMC_ENOMEM)
        s.fatal = 1;
    flush(&s, "");
    dt = now_s() - t0;
    cli_report_finish(s.rep);
    s.rep = NULL;
    amc_audit_stats(s.a, &as);
    if (stats || isatty(2)) {
        fprintf(stderr,
                "amc audit: %s: %s workspace; %zu files (%zu messages, %zu other), %zu "
                "entries not read;",
                dir, as.kind ? as.kind : "no", as.files, as.messages, as.other, as.entries);
        for (size_t k = 0; k < s.ntop; k++)
            fprintf(stderr, " %s/ %zu", s.top[k], s.topn[k]);
        if (s.top_other)
            fprintf(stderr, " ./ %zu", s.top_other);
        fprintf(stderr, "; %zu errors, %zu warnings; %.3f s, %.0f files/s\n", s.errors, s.warnings,
                dt, dt > 0 ? (double)as.files / dt : 0.0);
    }
    if (s.fatal) {
        fprintf(stderr, "amc audit: out of memory\n");
        rc = CLI_EXIT_ERROR;
    } else if (s.errors || (strict && s.warnings)) {
        rc = CLI_EXIT_INVALID;
    }
out:
    if (s.rep)
        cli_report_finish(s.rep);
    amc_audit_free(s.a);
    amc_policy_free(policy);
    amc_diags_free(s.ds);
    return rc;
}
