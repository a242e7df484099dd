/*
 * cmd_watch.c - `amc watch [--profile P] [--policy FILE] [--format text|json] [--strict]
 * [--new-only] [--settle S] [--timeout S] DIR`: follows a live workspace with inotify and checks
 * each message file as it lands, with the rules of `amc audit` (the profile's per-file rules
 * with the path, and the workspace rules: placement, duplicates, retry/delivery limits; the
 * library's amc/audit.h does the checking, amc_audit_forget keeps it true to a changing tree).
 *
 * Decisions:
 *   - Read-only, as audit's walker: files and directories are opened O_RDONLY|O_NOFOLLOW one
 *     component at a time from DIR's descriptor; nothing is created, written, renamed, removed
 *     or touched (atime aside). Directories are watched through their open descriptor
 *     (/proc/self/fd/N), so a directory swapped for a link is never followed. Symbolic links,
 *     FIFOs, sockets, devices and files over --max-size are reported as audit reports them,
 *     never opened. tests/cli/watch.sh checks a before/after listing (names, sizes, mtimes,
 *     ctimes, inodes) and, where strace exists, that no syscall writes.
 *   - When a file is checked: at once on IN_CLOSE_WRITE (a writer closed it) or IN_MOVED_TO (an
 *     implementation's write-then-rename, or a move between folders). A file that only appears
 *     (IN_CREATE: a hard link, mknod, a file still open) or changes (IN_MODIFY) is checked
 *     --settle seconds after its last change, unless a close or rename comes first; a file met
 *     by a scan (the initial pass, a new or moved-in directory, a rescan after the kernel's
 *     event queue overflowed) whose mtime is younger than --settle waits the same way, so a
 *     file being written is not read half-way.
 *   - Temporary names are never checked: *.tmp and names starting with '.' (the write-then-
 *     rename pattern's first half). They are not reported either (amc audit reports a leftover
 *     *.tmp in a message folder as AUDIT_STRAY_FILE).
 *   - A file that grew, shrank or changed while being read waits again; one that vanished before
 *     or while it was read (moved, deleted) is dropped silently and forgotten.
 *   - Forgetting: a deleted file, a file moved away and a directory moved away are forgotten by
 *     the auditor (amc_audit_forget), so a message moving pending -> processed is not its own
 *     duplicate; a changed file is forgotten before it is checked again. A file whose identity
 *     (device, inode, size, mtime, ctime) did not change since its last check is not checked
 *     again (new-directory scans race with events; a rescan after an overflow repeats nothing).
 *   - New directories are watched (and scanned: files may land before the watch exists) to the
 *     depth limit of audit (64). AUDIT_NO_WORKSPACE is not reported: a live workspace may start
 *     empty.
 *   - Output: diagnostics are printed as found, one flush per file: text lines as validate and
 *     audit print them, or with --format json one JSON object a line per file with findings
 *     ({"file", "valid", "errors", "warnings", "diagnostics"}: the shape of a files[] entry of
 *     validate's JSON report).
 *   - Stop: SIGINT, SIGTERM, --timeout, or DIR itself deleted or moved. The summary (files
 *     checked, errors, warnings) goes to stderr; exit 1 if any error was seen (--strict: or a
 *     warning), else 0; 2 usage error, DIR unreadable, inotify unavailable, out of memory.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#ifdef __linux__
#include <sys/inotify.h>
#include <sys/signalfd.h>
#endif

typedef struct wargs {
    const char *profile, *policy;
    int format;
    bool strict, new_only;
    double settle, timeout;
    uint64_t max_size;
} wargs;

#ifdef __linux__

enum { MAX_DEPTH = 64, NBUCKET = 4096, ROOT_CHECK_MS = 1000 };

#define WATCH_MASK                                                                                 \
    (IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY |            \
     IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

/* What a file was when last checked (or reported as not readable). */
typedef struct seen {
    char *rel;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime, ctime;
    mode_t type;
    struct seen *next;
} seen;

typedef struct pend {
    char *rel;
    double due;
    struct pend *next;
} pend;

typedef struct wdir {
    int wd;
    char *rel; /* "" for DIR */
} wdir;

typedef struct wstate {
    const wargs *o;
    amc_audit *a;
    amc_diags *ds;
    const char *root, *prefix;
    int rootfd, ifd;
    bool color, json;
    size_t checked, errors, warnings;
    int fatal, stop;
    wdir *w;
    size_t nw, capw;
    seen *tab[NBUCKET];
    pend *pending;
} wstate;

static bool temp_name(const char *rel)
{
    const char *b = strrchr(rel, '/');
    size_t n = 0;
    b = b ? b + 1 : rel;
    n = strlen(b);
    return b[0] == '.' || (n >= 4 && !strcmp(b + n - 4, ".tmp"));
}

/* rel lies at or below dir ("" is DIR: everything does). */
static bool under(const char *rel, const char *dir)
{
    size_t n = strlen(dir);
    return !n || (!strncmp(rel, dir, n) && (rel[n] == 0 || rel[n] == '/'));
}

static int depth_of(const char *rel)
{
    int d = *rel ? 1 : 0;
    for (; *rel; rel++)
        d += *rel == '/';
    return d;
}

/* ---- the library path and the report ---- */

static char *lib_path(wstate *s, const char *rel)
{
    char *p = *s->prefix ? cli_path_join(s->prefix, rel) : strdup(rel);
    if (!p)
        s->fatal = 1;
    return p;
}

static void forget_lib(wstate *s, const char *rel)
{
    char *lib = lib_path(s, rel);
    if (lib)
        (void)amc_audit_forget(s->a, lib);
    free(lib);
}

/* Prints the diagnostics gathered for rel (if any) and clears them. */
static void flush(wstate *s, const char *rel)
{
    size_t i = 0, n = amc_diags_count(s->ds), rl = strlen(s->root);
    char *disp = NULL;
    if (n == 0 && amc_diags_dropped(s->ds) == 0) {
        amc_diags_clear(s->ds);
        return;
    }
    disp = malloc(rl + strlen(rel) + 2);
    if (!disp) {
        s->fatal = 1;
        amc_diags_clear(s->ds);
        return;
    }
    sprintf(disp, "%s%s%s", s->root, rl && s->root[rl - 1] == '/' ? "" : "/", rel);
    s->errors += amc_diags_errors(s->ds);
    s->warnings += amc_diags_warnings(s->ds);
    if (!s->json) {
        for (i = 0; i < n; i++)
            cli_print_diag_text(stdout, disp, amc_diags_get(s->ds, i), s->color);
        if (amc_diags_dropped(s->ds))
            printf("%s: note: %zu more diagnostics not shown\n", disp, amc_diags_dropped(s->ds));
    } else {
        json_object *f = json_object_new_object(), *arr = json_object_new_array();
        json_object_object_add(f, "file", json_object_new_string(disp));
        json_object_object_add(f, "valid", json_object_new_boolean(amc_diags_errors(s->ds) == 0));
        json_object_object_add(f, "errors",
                               json_object_new_int64((int64_t)amc_diags_errors(s->ds)));
        json_object_object_add(f, "warnings",
                               json_object_new_int64((int64_t)amc_diags_warnings(s->ds)));
        for (i = 0; i < n; i++)
            json_object_array_add(arr, cli_diag_to_json(amc_diags_get(s->ds, i)));
        json_object_object_add(f, "diagnostics", arr);
        puts(json_object_to_json_string_ext(f, JSON_C_TO_STRING_PLAIN |
                                                   JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(f);
    }
    fflush(stdout);
    amc_diags_clear(s->ds);
    free(disp);
}

/* ---- what was checked (path -> identity) ---- */

static size_t bucket(const char *rel)
{
    uint64_t h = 1469598103934665603u;
    for (; *rel; rel++)
        h = (h ^ (unsigned char)*rel) * 1099511628211u;
    return (size_t)(h % NBUCKET);
}

static seen **seen_find(wstate *s, const char *rel)
{
    seen **p = &s->tab[bucket(rel)];
    while (*p && strcmp((*p)->rel, rel) != 0)
        p = &(*p)->next;
    return p;
}

static bool same_ts(struct timespec a, struct timespec b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* Whether rel was checked as it is now (sb). */
static bool seen_same(wstate *s, const char *rel, const struct stat *sb)
{
    seen *e = *seen_find(s, rel);
    return e && e->dev == sb->st_dev && e->ino == sb->st_ino && e->size == sb->st_size &&
           same_ts(e->mtime, sb->st_mtim) && same_ts(e->ctime, sb->st_ctim) &&
           e->type == (sb->st_mode & S_IFMT);
}

static void seen_put(wstate *s, const char *rel, const struct stat *sb)
{
    seen **p = seen_find(s, rel), *e = *p;
    if (!e) {
        e = calloc(1, sizeof *e);
        if (!e || !(e->rel = strdup(rel))) {
            free(e);
            s->fatal = 1;
            return;
        }
        *p = e;
    }
    e->dev = sb->st_dev;
    e->ino = sb->st_ino;
    e->size = sb->st_size;
    e->mtime = sb->st_mtim;
    e->ctime = sb->st_ctim;
    e->type = sb->st_mode & S_IFMT;
}

/* Forgets rel, or with prefix everything at or below rel (a directory moved away). */
static void seen_drop(wstate *s, const char *rel, bool prefix)
{
    size_t b = 0;
    bool found = false;
    for (b = prefix ? 0 : bucket(rel); b < NBUCKET; b++) {
        seen **p = &s->tab[b];
        while (*p) {
            seen *e = *p;
            if (prefix ? under(e->rel, rel) : !strcmp(e->rel, rel)) {
                found = true;
                forget_lib(s, e->rel);
                *p = e->next;
                free(e->rel);
                free(e);
            } else {
                p = &e->next;
            }
        }
        if (!prefix)
            break;
    }
    if (!prefix && !found)
        forget_lib(s, rel); /* an entry reported but not recorded (never read) */
}

/* ---- files waiting to settle ---- */

static void pend_drop(wstate *s, const char *rel, bool prefix)
{
    pend **p = &s->pending;
    while (*p) {
        pend *e = *p;
        if (prefix ? under(e->rel, rel) : !strcmp(e->rel, rel)) {
            *p = e->next;
            free(e->rel);
            free(e);
        } else {
            p = &e->next;
        }
    }
}

/* Checks rel at now + settle (later if already waiting: the last change counts). */
static void pend_add(wstate *s, const char *rel)
{
    pend *e = s->pending;
    double due = cli_now() + s->o->settle;
    for (; e; e = e->next)
        if (!strcmp(e->rel, rel)) {
            e->due = due;
            return;
        }
    e = calloc(1, sizeof *e);
    if (!e || !(e->rel = strdup(rel))) {
        free(e);
        s->fatal = 1;
        return;
    }
    e->due = due;
    e->next = s->pending;
    s->pending = e;
}

/* ---- opening below DIR without following links ---- */

/* Opens the directory rel ("" = DIR) one component at a time, O_NOFOLLOW. -1 on failure. */
static int open_dir(wstate *s, const char *rel)
{
    int fd = openat(s->rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const char *p = rel;
    char comp[NAME_MAX + 1];
    while (fd >= 0 && *p) {
        size_t n = strcspn(p, "/");
        int nfd = -1;
        if (n == 0 || n > NAME_MAX) {
            close(fd);
            return -1;
        }
        memcpy(comp, p, n);
        comp[n] = 0;
        nfd = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        close(fd);
        fd = nfd;
        p += n;
        if (*p == '/')
            p++;
    }
    return fd;
}

/* The parent directory of rel, opened; *name points into rel. */
static int open_parent(wstate *s, const char *rel, const char **name)
{
    const char *sl = strrchr(rel, '/');
    char *dir = NULL;
    int fd = -1;
    *name = sl ? sl + 1 : rel;
    if (!sl)
        return open_dir(s, "");
    dir = strndup(rel, (size_t)(sl - rel));
    if (!dir) {
        s->fatal = 1;
        return -1;
    }
    fd = open_dir(s, dir);
    free(dir);
    return fd;
}

static void report_entry(wstate *s, const char *rel, amc_audit_entry_kind k, const struct stat *sb)
{
    char *lib = NULL;
    if (sb && seen_same(s, rel, sb))
        return;
    lib = lib_path(s, rel);
    if (!lib)
        return;
    (void)amc_audit_forget(s->a, lib); /* whatever was at rel before */
    s->checked++;
    if (amc_audit_entry(s->a, lib, k, s->ds) == AMC_ENOMEM)
        s->fatal = 1;
    free(lib);
    flush(s, rel);
    if (sb)
        seen_put(s, rel, sb);
}

/* Reads the open file fd (size bytes by fstat) into *buf (free() it). 0 read as it was; 1 it
 * changed while being read (grew, shrank); -1 read error (errno); -2 out of memory. */
static int read_all(int fd, const struct stat *sb, char **buf, size_t *len)
{
    size_t size = (size_t)sb->st_size;
    struct stat after;
    *len = 0;
    *buf = malloc(size + 1);
    if (!*buf)
        return -2;
    for (;;) {
        ssize_t r = 0;
        if (*len == size) {
            char extra = 0;
            r = read(fd, &extra, 1);
            if (r > 0)
                return 1;
        } else {
            r = read(fd, *buf + *len, size - *len);
        }
        if (r == 0)
            break;
        if (r < 0 && errno != EINTR)
            return -1;
        if (r > 0)
            *len += (size_t)r;
    }
    if (*len != size || fstat(fd, &after) != 0 || after.st_size != sb->st_size ||
        !same_ts(after.st_mtim, sb->st_mtim))
        return 1;
    return 0;
}

/* Checks the file rel now. recent_waits: a file changed less than --settle ago waits instead. */
static void check_file(wstate *s, const char *rel, bool recent_waits)
{
    const char *name = NULL;
    int dfd = -1, fd = -1, rr = 0;
    struct stat sb, fsb;
    char *buf = NULL, *lib = NULL;
    size_t len = 0;
    amc_status st = AMC_OK;
    if (temp_name(rel))
        return;
    dfd = open_parent(s, rel, &name);
    if (dfd < 0 || fstatat(dfd, name, &sb, AT_SYMLINK_NOFOLLOW) != 0) {
        int e = errno;
        if (dfd >= 0)
            close(dfd);
        if (s->fatal)
            return;
        if (e == EACCES || e == EPERM)
            report_entry(s, rel, AMC_AUDIT_UNREADABLE, NULL);
        else
            seen_drop(s, rel, false); /* gone (or its folder was swapped for a link) */
        return;
    }
    if (S_ISDIR(sb.st_mode)) {
        close(dfd);
        return; /* directories come through their own events */
    }
    if (S_ISLNK(sb.st_mode) || !S_ISREG(sb.st_mode) || (uint64_t)sb.st_size > s->o->max_size) {
        close(dfd);
        report_entry(s, rel,
                     S_ISLNK(sb.st_mode)    ? AMC_AUDIT_SYMLINK
                     : !S_ISREG(sb.st_mode) ? AMC_AUDIT_SPECIAL
                                            : AMC_AUDIT_TOO_LARGE,
                     &sb);
        return;
    }
    if (seen_same(s, rel, &sb)) {
        close(dfd);
        return;
    }
    if (recent_waits) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        if ((double)(ts.tv_sec - sb.st_mtim.tv_sec) +
                (double)(ts.tv_nsec - sb.st_mtim.tv_nsec) / 1e9 <
            s->o->settle) {
            close(dfd);
            pend_add(s, rel);
            return;
        }
    }
    fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    close(dfd);
    if (fd < 0) {
        if (errno == ENOENT)
            seen_drop(s, rel, false);
        else
            report_entry(s, rel, AMC_AUDIT_UNREADABLE, &sb);
        return;
    }
    if (fstat(fd, &fsb) != 0 || fsb.st_ino != sb.st_ino || fsb.st_dev != sb.st_dev) {
        close(fd); /* replaced between the stat and the open: its own event follows */
        return;
    }
    rr = read_all(fd, &fsb, &buf, &len);
    close(fd);
    if (rr != 0) {
        free(buf);
        if (rr == -2)
            s->fatal = 1;
        else if (rr == 1)
            pend_add(s, rel);
        else
            report_entry(s, rel, AMC_AUDIT_UNREADABLE, &fsb);
        return;
    }
    lib = lib_path(s, rel);
    if (lib) {
        (void)amc_audit_forget(s->a, lib);
        s->checked++;
        st = amc_audit_file(s->a, lib, buf, len, s->ds);
        if (st == AMC_ENOMEM || st == AMC_EUSAGE)
            s->fatal = 1;
        flush(s, rel);
        seen_put(s, rel, &fsb);
    }
    free(lib);
    free(buf);
}

/* ---- directories ---- */

static void wdir_set(wstate *s, int wd, const char *rel)
{
    size_t i = 0;
    char *r = strdup(rel);
    if (!r) {
        s->fatal = 1;
        return;
    }
    for (i = 0; i < s->nw; i++)
        if (s->w[i].wd == wd) {
            free(s->w[i].rel);
            s->w[i].rel = r;
            return;
        }
    if (s->nw == s->capw) {
        size_t nc = s->capw ? s->capw * 2 : 16;
        wdir *nw = realloc(s->w, nc * sizeof *nw);
        if (!nw) {
            free(r);
            s->fatal = 1;
            return;
        }
        s->w = nw;
        s->capw = nc;
    }
    s->w[s->nw].wd = wd;
    s->w[s->nw++].rel = r;
}

static const char *wdir_rel(const wstate *s, int wd)
{
    size_t i = 0;
    for (i = 0; i < s->nw; i++)
        if (s->w[i].wd == wd)
            return s->w[i].rel;
    return NULL;
}

static void wdir_remove_at(wstate *s, size_t i, bool rm)
{
    if (rm)
        (void)inotify_rm_watch(s->ifd, s->w[i].wd);
    free(s->w[i].rel);
    s->w[i] = s->w[--s->nw];
}

/* A directory at or below rel left the tree (moved away, deleted): its watches go, its files
 * are forgotten. */
static void dir_gone(wstate *s, const char *rel, bool rm)
{
    size_t i = 0;
    while (i < s->nw)
        if (*s->w[i].rel && under(s->w[i].rel, rel))
            wdir_remove_at(s, i, rm);
        else
            i++;
    seen_drop(s, rel, true);
    pend_drop(s, rel, true);
}

/* Watches the directory rel and, with files, checks what is in it (sorted names, depth first,
 * as audit walks); below it the same. */
static void add_dir(wstate *s, const char *rel, bool files)
{
    int fd = -1, wd = -1;
    char proc[64];
    DIR *d = NULL;
    struct dirent *de = NULL;
    char **names = NULL;
    size_t n = 0, cap = 0, i = 0;
    if (depth_of(rel) >= MAX_DEPTH) {
        report_entry(s, rel, AMC_AUDIT_TOO_DEEP, NULL);
        return;
    }
    fd = open_dir(s, rel);
    if (fd < 0) {
        if (errno != ENOENT && errno != ENOTDIR && errno != ELOOP)
            report_entry(s, *rel ? rel : ".", AMC_AUDIT_UNREADABLE, NULL);
        return;
    }
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    wd = inotify_add_watch(s->ifd, proc, WATCH_MASK);
    if (wd < 0 && errno == ENOENT) { /* no /proc: the path, not following a final link */
        char *full = cli_path_join(s->root, rel);
        if (full)
            wd = inotify_add_watch(s->ifd, *rel ? full : s->root, WATCH_MASK | IN_DONT_FOLLOW);
        free(full);
    }
    if (wd < 0) {
        fprintf(stderr, "amc watch: %s/%s: cannot watch: %s%s\n", s->root, rel, strerror(errno),
                errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : "");
        if (!*rel)
            s->fatal = 1;
    } else {
        wdir_set(s, wd, rel);
    }
    d = fdopendir(fd);
    if (!d) {
        close(fd);
        return;
    }
    while ((de = readdir(d)) != NULL && !s->fatal) {
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
        if (!(names[n] = strdup(de->d_name))) {
            s->fatal = 1;
            break;
        }
        n++;
    }
    if (names)
        qsort(names, n, sizeof *names, cli_cmp_names);
    for (i = 0; i < n && !s->fatal; i++) {
        struct stat sb;
        char *crel = cli_path_join(rel, names[i]);
        if (!crel) {
            s->fatal = 1;
            break;
        }
        if (fstatat(dirfd(d), names[i], &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(sb.st_mode))
            add_dir(s, crel, files);
        else if (files)
            check_file(s, crel, true);
        free(crel);
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    closedir(d);
}

/* ---- events ---- */

static void on_event(wstate *s, const struct inotify_event *ev)
{
    const char *drel = NULL;
    char *rel = NULL;
    if (ev->mask & IN_Q_OVERFLOW) {
        fprintf(stderr, "amc watch: %s: the kernel's event queue overflowed; rescanning\n",
                s->root);
        add_dir(s, "", true);
        return;
    }
    drel = wdir_rel(s, ev->wd);
    if (!drel)
        return;
    if (ev->mask & IN_IGNORED) {
        size_t i = 0;
        for (i = 0; i < s->nw; i++)
            if (s->w[i].wd == ev->wd) {
                wdir_remove_at(s, i, false);
                break;
            }
        return;
    }
    if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) {
        if (!*drel) {
            fprintf(stderr, "amc watch: %s was %s; stopping\n", s->root,
                    ev->mask & IN_DELETE_SELF ? "deleted" : "moved");
            s->stop = 1;
        }
        return;
    }
    if (!ev->len || !ev->name[0])
        return;
    rel = cli_path_join(drel, ev->name);
    if (!rel) {
        s->fatal = 1;
        return;
    }
    if (ev->mask & IN_ISDIR) {
        if (ev->mask & (IN_MOVED_FROM | IN_DELETE))
            dir_gone(s, rel, (ev->mask & IN_MOVED_FROM) != 0);
        else if (ev->mask & (IN_CREATE | IN_MOVED_TO))
            add_dir(s, rel, true);
    } else if (!temp_name(rel)) {
        if (ev->mask & (IN_DELETE | IN_MOVED_FROM)) {
            pend_drop(s, rel, false);
            seen_drop(s, rel, false);
        } else if (ev->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) {
            pend_drop(s, rel, false);
            check_file(s, rel, false);
        } else if (ev->mask & (IN_CREATE | IN_MODIFY)) {
            pend_add(s, rel);
        }
    }
    free(rel);
}

/* Checks the waiting files whose time has come. Returns the next due time (or INFINITY). */
static double run_due(wstate *s)
{
    double t = cli_now(), next = INFINITY;
    pend **p = &s->pending;
    char *rel = NULL;
    while (*p && !s->fatal) {
        pend *e = *p;
        if (e->due <= t) {
            *p = e->next;
            rel = e->rel;
            free(e);
            check_file(s, rel, true); /* may wait again (still changing) */
            free(rel);
            p = &s->pending; /* the list may have changed */
            continue;
        }
        if (e->due < next)
            next = e->due;
        p = &e->next;
    }
    return next;
}

static void read_events(wstate *s)
{
    char buf[64 * 1024] __attribute__((aligned(__alignof__(struct inotify_event))));
    for (;;) {
        ssize_t n = read(s->ifd, buf, sizeof buf);
        size_t off = 0;
        if (n <= 0)
            return; /* EAGAIN: drained */
        while (off + sizeof(struct inotify_event) <= (size_t)n && !s->fatal && !s->stop) {
            const struct inotify_event *ev = (const struct inotify_event *)(void *)(buf + off);
            on_event(s, ev);
            off += sizeof *ev + ev->len;
        }
        if (s->fatal || s->stop)
            return;
    }
}

static void free_state(wstate *s)
{
    size_t i = 0;
    for (i = 0; i < NBUCKET; i++)
        while (s->tab[i]) {
            seen *e = s->tab[i];
            s->tab[i] = e->next;
            free(e->rel);
            free(e);
        }
    pend_drop(s, "", true);
    for (i = 0; i < s->nw; i++)
        free(s->w[i].rel);
    free(s->w);
}

/* Whether DIR was deleted. Its IN_DELETE_SELF comes only once the last reference to the
 * directory is gone, and rootfd is one: the watch looks at the link count instead. */
static bool root_deleted(const wstate *s)
{
    struct stat st;
    return fstat(s->rootfd, &st) == 0 && st.st_nlink == 0;
}

static int watch_loop(wstate *s, int sfd)
{
    double end = s->o->timeout > 0 ? cli_now() + s->o->timeout : INFINITY;
    add_dir(s, "", !s->o->new_only);
    if (!s->fatal)
        fprintf(stderr, "amc watch: %s: watching %zu director%s\n", s->root, s->nw,
                s->nw == 1 ? "y" : "ies");
    while (!s->fatal && !s->stop) {
        struct pollfd pf[2] = {{s->ifd, POLLIN, 0}, {sfd, POLLIN, 0}};
        double next = run_due(s), t = cli_now(), wait = 0;
        int ms = -1;
        if (s->fatal || t >= end)
            break;
        wait = (next < end ? next : end) - t;
        if (isfinite(wait))
            ms = wait <= 0 ? 0 : (int)ceil(wait * 1000.0);
        if (ms < 0 || ms > ROOT_CHECK_MS) /* DIR's deletion sends no event: look again soon */
            ms = ROOT_CHECK_MS;
        if (poll(pf, 2, ms) < 0 && errno != EINTR) {
            fprintf(stderr, "amc watch: poll: %s\n", strerror(errno));
            return -1;
        }
        if (pf[1].revents & POLLIN) {
            struct signalfd_siginfo si;
            if (read(sfd, &si, sizeof si) == (ssize_t)sizeof si)
                fprintf(stderr, "amc watch: %s\n",
                        si.ssi_signo == SIGINT ? "interrupted" : "terminated");
            break;
        }
        if (pf[0].revents & POLLIN)
            read_events(s);
        if (!s->stop && root_deleted(s)) {
            fprintf(stderr, "amc watch: %s was deleted; stopping\n", s->root);
            s->stop = 1;
        }
    }
    return s->fatal ? -1 : 0;
}

static int watch_main(void *args, const cli_list *ops)
{
    const wargs *a = args;
    const char *dir = ops->v[0];
    amc_policy *policy = NULL;
    amc_audit_opts opts;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    wstate s;
    sigset_t set, old;
    int rc = CLI_EXIT_ERROR, sfd = -1, lr = 0;
    amc_status st = AMC_OK;
    memset(&s, 0, sizeof s);
    s.o = a;
    s.rootfd = s.ifd = -1;
    if (a->settle <= 0)
        return cli_usage_error(&cli_cmd_watch, "--settle must be more than 0");
    lim.max_input_bytes = (size_t)a->max_size;
    s.ds = amc_diags_new(0);
    if (!s.ds) {
        fprintf(stderr, "amc watch: out of memory\n");
        goto out;
    }
    if (cli_load_policy("watch", a->policy, NULL, false, lim.max_input_bytes, &policy))
        goto out;
    memset(&opts, 0, sizeof opts);
    opts.profile = a->profile;
    opts.policy = policy;
    opts.limits = &lim;
    st = amc_audit_new(&opts, s.ds, &s.a);
    if (st != AMC_OK) {
        for (size_t k = 0; k < amc_diags_count(s.ds); k++)
            cli_print_diag_text(stderr, "amc watch", amc_diags_get(s.ds, k), false);
        if (st == AMC_ENOMEM && !amc_diags_count(s.ds)) /* as amc audit says it */
            fprintf(stderr, "amc watch: out of memory\n");
        goto out;
    }
    s.rootfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (s.rootfd < 0) {
        fprintf(stderr, "amc watch: %s: %s\n", dir, strerror(errno));
        goto out;
    }
    s.ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (s.ifd < 0) {
        fprintf(stderr, "amc watch: inotify: %s\n", strerror(errno));
        goto out;
    }
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    if (sigprocmask(SIG_BLOCK, &set, &old) != 0 ||
        (sfd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC)) < 0) {
        fprintf(stderr, "amc watch: signalfd: %s\n", strerror(errno));
        goto out;
    }
    s.root = dir;
    s.prefix = cli_ws_root_prefix(dir);
    s.json = a->format == CLI_FMT_JSON;
    s.color = !s.json && cli_use_color(stdout);
    lr = watch_loop(&s, sfd);
    fprintf(stderr, "amc watch: %s: %zu files checked, %zu errors, %zu warnings\n", dir, s.checked,
            s.errors, s.warnings);
    if (lr != 0 || s.fatal)
        fprintf(stderr, "amc watch: %s\n", s.fatal ? "out of memory" : "stopped on an error");
    else
        rc = s.errors || (a->strict && s.warnings) ? CLI_EXIT_INVALID : CLI_EXIT_OK;
    sigprocmask(SIG_SETMASK, &old, NULL);
out:
    if (sfd >= 0)
        close(sfd);
    if (s.ifd >= 0)
        close(s.ifd);
    if (s.rootfd >= 0)
        close(s.rootfd);
    free_state(&s);
    amc_audit_free(s.a);
    amc_policy_free(policy);
    amc_diags_free(s.ds);
    return rc;
}

#else /* !__linux__ */

static int watch_main(void *args, const cli_list *ops)
{
    (void)args;
    (void)ops;
    fprintf(stderr, "amc watch: needs inotify (Linux); use amc audit on this system\n");
    return CLI_EXIT_ERROR;
}

#endif

#define O(field) CLI_AT(wargs, field)
const cli_command cli_cmd_watch = {
    .name = "watch",
    .summary = "follow a live workspace and check each message file as it lands",
    .description =
        "Follows a live workspace (an IGNITE runtime directory, a mailbox root or an ACP "
        "agent-workspace) with inotify and checks each message file that appears or changes, "
        "with the rules of amc audit: the profile's rules with the file's path (placement, "
        "status against folder) and the workspace rules (the same message in two places, a "
        "message past its retry or delivery limit outside the dead-letter folder, stray files). "
        "Diagnostics are printed as they are found, as amc validate prints them, or one JSON "
        "object a line per file with --format json. What is already in DIR is checked first "
        "(not with --new-only); new directories are followed.\n"
        "A file is checked when its writer closes it or when it is renamed or moved in; a file "
        "that only appears or changes is checked --settle seconds after its last change. "
        "Temporary names (*.tmp, names starting with '.') are never checked: write-then-rename "
        "is normal. A file moved or deleted before or while it is read is dropped; one that "
        "changed while it was read is read again later; a file deleted or moved away no longer "
        "counts for the duplicate rules, so a message moving from one folder to the next is "
        "not its own duplicate.\n"
        "Read-only: nothing in DIR is written, renamed or removed; files and directories are "
        "opened read-only without following links; symbolic links, FIFOs, sockets and devices "
        "are reported and never opened.\n"
        "SIGINT or SIGTERM (or --timeout) stops the watch: the summary (files checked, errors, "
        "warnings) goes to standard error.",
    .options =
        (const cli_opt[]){
            {.shared = &cli_opt_profile,
             O(profile),
             .arg = "ignite|mailbox|acp|auto",
             .def = "auto",
             .help = "the workspace's profile"},
            {.shared = &cli_opt_policy,
             O(policy),
             .help = "deployment settings (YAML or JSON; as amc validate)"},
            {.shared = &cli_opt_format,
             O(format),
             .allow = "text json",
             .help = "output format: text lines, or json (one object a line per file with "
                     "findings)"},
            {.shared = &cli_opt_strict, O(strict)},
            {.name = "new-only",
             .kind = CLI_FLAG,
             O(new_only),
             .help = "do not check the files already in DIR, only what lands or changes after "
                     "the start"},
            {.name = "settle",
             .kind = CLI_SECONDS,
             .arg = "S",
             .max = 3600,
             .def = "1",
             O(settle),
             .help = "how long a file that appeared or changed without being closed or renamed "
                     "must stay unchanged before it is checked"},
            {.name = "timeout",
             .kind = CLI_SECONDS,
             .arg = "S",
             O(timeout),
             .help = "stop after S seconds as on SIGINT (default: run until a signal)"},
            {.shared = &cli_opt_max_size, O(max_size), .help = "size limit of one file"},
            {0}},
    .operands = "DIR",
    .min_operands = 1,
    .max_operands = 1,
    .missing = "no DIR given",
    .exits = (const cli_exit[]){{0, "stopped; no error seen (with --strict: no warning either)"},
                                {1, "stopped; an error was seen (with --strict: or a warning)"},
                                {2, "usage error, DIR unreadable, invalid policy, inotify "
                                    "unavailable, out of memory"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){
            {"Follow an IGNITE runtime directory until Ctrl-C:", "amc watch ~/.ignite"},
            {"New mailbox messages only, as JSON lines, for a minute:",
             "amc watch --profile mailbox --new-only --format json --timeout 60 mailbox"},
            {NULL, NULL}},
    .args_size = sizeof(wargs),
    .run = watch_main,
};
#undef O
