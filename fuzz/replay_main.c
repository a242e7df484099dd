/*
 * replay_main.c - runs a fuzz harness over files, for builds without libFuzzer (gcc, ctest).
 * Arguments are files or directories (read one level deep, sorted). A missing directory is
 * skipped with a note. Exit 0 when every input ran; the harness itself crashes on a finding.
 *
 * Each input is run twice: from an exact-size heap copy (ASan sees reads past the end) and
 * from a buffer that ends right before a PROT_NONE page (a read past the end faults even in
 * builds without sanitizers; picohttpparser's guard-page idea).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Re-reads path into the end of a mapping followed by an inaccessible page and runs it. */
static int run_guarded(const char *path, size_t len)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096;
    size_t data_pages = (len + page - 1) / page;
    size_t total = (data_pages + 1) * page;
    unsigned char *map = NULL, *start = NULL;
    FILE *f = NULL;
    map = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED)
        return 1;
    if (mprotect(map + data_pages * page, page, PROT_NONE) != 0) {
        munmap(map, total);
        return 1;
    }
    start = map + data_pages * page - len;
    f = fopen(path, "rb");
    if (!f || fread(start, 1, len, f) != len) {
        if (f)
            fclose(f);
        munmap(map, total);
        return 1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(start, len);
    munmap(map, total);
    return 0;
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t cap = 0, len = 0;
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    for (;;) {
        size_t n = 0;
        if (len == cap) {
            uint8_t *p = NULL;
            cap = cap ? cap * 2 : 4096;
            p = realloc(buf, cap);
            if (!p) {
                free(buf);
                fclose(f);
                return 1;
            }
            buf = p;
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    fclose(f);
    /* run from an exact-size copy so ASan sees reads past the end */
    {
        uint8_t *exact = malloc(len ? len : 1);
        if (!exact) {
            free(buf);
            return 1;
        }
        memcpy(exact, buf, len);
        free(buf);
        LLVMFuzzerTestOneInput(exact, len);
        free(exact);
    }
    return run_guarded(path, len) ? 1 : 0;
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int i = 0, fails = 0;
    size_t total = 0;
    for (i = 1; i < argc; i++) {
        struct stat st;
        DIR *d = NULL;
        struct dirent *e = NULL;
        char **names = NULL;
        size_t n = 0, cap = 0, k = 0;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: not found, skipped\n", argv[i]);
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            fails += run_file(argv[i]);
            total++;
            continue;
        }
        d = opendir(argv[i]);
        if (!d)
            continue;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            if (n == cap) {
                char **p = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
                if (!p)
                    break;
                names = p;
            }
            names[n] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2);
            if (!names[n])
                break;
            sprintf(names[n], "%s/%s", argv[i], e->d_name);
            n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp);
        for (k = 0; k < n; k++) {
            if (stat(names[k], &st) == 0 && S_ISREG(st.st_mode)) {
                fails += run_file(names[k]);
                total++;
            }
            free(names[k]);
        }
        free(names);
    }
    printf("replayed %zu inputs, %d unreadable\n", total, fails);
    return fails ? 1 : 0;
}
