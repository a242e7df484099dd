/*
 * replay_main.c - runs a fuzz harness over files, for builds without libFuzzer (gcc, ctest).
 * Arguments are files or directories (read one level deep, sorted). A missing directory is
 * skipped with a note. Exit 0 when every input ran; the harness itself crashes on a finding.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    return 0;
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
