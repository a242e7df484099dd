/*
 * test_s300lib_detect.c - boundaries of the profiles' detection scores that surviving mutants
 * showed unpinned (issue 22):
 *   - ignite: an X-IGNITE-* field is looked for in the first 201 lines of the header block
 *     (ignite.c ignite_detect "++line > 200");
 *   - mailbox: a key is a member name when only white space separates it from ':'; the scan
 *     never reads past the buffer, even when the buffer ends in that white space (mailbox.c
 *     has_member "k < len": the text is placed against an unreadable page, so one byte read
 *     past its end is a crash in any build);
 *   - socket: a document over 1 MiB is not looked at, whatever it holds; one just under is
 *     (socket.c socket_detect "len > (1u << 20)").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "profiles/profile_int.h"

extern const amc_profile_ops amc_profile_ignite;
extern const amc_profile_ops amc_profile_mailbox;
extern const amc_profile_ops amc_profile_socket;

/* the text s copied so that it ends at the end of a readable page, followed by an unreadable
 * one; returns its first byte (*base, *size: the mapping, for munmap) */
static char *at_page_end(const char *s, size_t n, void **base, size_t *size)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096, span = ((n + page - 1) / page + 1) * page;
    char *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(m != MAP_FAILED);
    assert_int_equal(mprotect(m + span - page, page, PROT_NONE), 0);
    memcpy(m + span - page - n, s, n);
    *base = m;
    *size = span;
    return m + span - page - n;
}

/* ops->detect(path, s, n) with s against an unreadable page: a read past its end crashes */
static int detect_at_end(const amc_profile_ops *ops, const char *path, const char *s, size_t n)
{
    void *base = NULL;
    size_t size = 0;
    const char *p = at_page_end(s, n, &base, &size);
    int score = ops->detect(path, p, n);
    munmap(base, size);
    return score;
}

/* nlines header lines "H: v", then the field line, then a blank line and a body */
static char *ignite_doc(size_t nlines, const char *first, const char *field, size_t *len)
{
    size_t cap = (nlines + 4) * 16 + strlen(first) + strlen(field) + 64, n = 0, i = 0;
    char *p = malloc(cap);
    assert_non_null(p);
    n += (size_t)snprintf(p + n, cap - n, "%s", first);
    for (i = 0; i < nlines; i++)
        n += (size_t)snprintf(p + n, cap - n, "H-%zu: v\n", i);
    n += (size_t)snprintf(p + n, cap - n, "%s\n\nbody\n", field);
    assert_true(n < cap);
    *len = n;
    return p;
}

static void test_ignite_header_lines(void **state)
{
    size_t len = 0;
    char *d = NULL;
    (void)state;
    /* the field on line 201: found */
    d = ignite_doc(200, "", "X-IGNITE-Id: 1", &len);
    assert_int_equal(detect_at_end(&amc_profile_ignite, NULL, d, len), 90);
    free(d);
    d = ignite_doc(199, "MIME-Version: 1.0\n", "x-ignite-from: a", &len);
    assert_int_equal(detect_at_end(&amc_profile_ignite, "q/a.txt", d, len), 90);
    free(d);
    /* the field on line 202: not looked at */
    d = ignite_doc(201, "", "X-IGNITE-Id: 1", &len);
    assert_int_equal(detect_at_end(&amc_profile_ignite, NULL, d, len), 0);
    assert_int_equal(detect_at_end(&amc_profile_ignite, "q/a.mime", d, len), 60);
    free(d);
    d = ignite_doc(200, "MIME-Version: 1.0\n", "X-IGNITE-Id: 1", &len);
    assert_int_equal(detect_at_end(&amc_profile_ignite, NULL, d, len), 30);
    free(d);
    /* short texts, each ending where the readable memory ends */
    {
        static const struct {
            const char *path, *text;
            int score;
        } cases[] = {
            {NULL, "X-IGNITE-", 90},
            {NULL, "X-IGNITE", 0},
            {NULL, "a: b\nx-Ignite-", 90},
            {NULL, "a: b\nX-IGNITE", 0},
            {NULL, "a: b\n", 0},
            {NULL, "a: b\n\r", 0},
            {NULL, "a: b\n\r\n", 0},
            {NULL, "a: b\n\nX-IGNITE-Id: 1", 0},
            {NULL, "a: b\r\n\r\nX-IGNITE-Id: 1", 0},
            {NULL, "a: b\n\rX-IGNITE-Id: 1\nX-IGNITE-Id: 1", 90},
            {NULL, "MIME-Version:", 30},
            {NULL, "MIME-Version", 0},
            {"x.mime", "MIME-Version:", 60},
            {".mime", "MIME-Version:", 30},
            {"x.mim", "a", 0},
            {"x.mime", "", 60},
            {NULL, "", 0},
        };
        size_t i = 0;
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
            assert_int_equal(detect_at_end(&amc_profile_ignite, cases[i].path, cases[i].text,
                                           strlen(cases[i].text)),
                             cases[i].score);
    }
    /* CRLF lines count the same */
    {
        char buf[201 * 8 + 64];
        size_t n = 0, i = 0;
        for (i = 0; i < 200; i++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "A: b\r\n");
        n += (size_t)snprintf(buf + n, sizeof buf - n, "X-Ignite-X: 1\r\n\r\nb");
        assert_int_equal(detect_at_end(&amc_profile_ignite, NULL, buf, n), 90);
        memmove(buf + 6, buf, n);
        memcpy(buf, "A: b\r\n", 6);
        assert_int_equal(detect_at_end(&amc_profile_ignite, NULL, buf, n + 6), 0);
    }
}

static void test_mailbox_member_at_end(void **state)
{
    static const struct {
        const char *text;
        int score;
    } cases[] = {
        {"{\"msg_id\" :", 20},      {"{\"msg_id\":1, \"sender_id\"\t\r\n:", 40},
        {"{\"msg_id\"", 0},         {"{\"msg_id\"  ", 0},
        {"{\"msg_id\" \t\r\n", 0},  {"{\"payload\":{}, \"signature\" \n", 20},
        {"{\"x\": \"msg_id\" ", 0},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *base = NULL;
        size_t size = 0, n = strlen(cases[i].text);
        const char *p = at_page_end(cases[i].text, n, &base, &size);
        assert_int_equal(amc_profile_mailbox.detect(NULL, p, n), cases[i].score);
        assert_int_equal(amc_profile_mailbox.detect("inbox/a/m.json", p, n),
                         cases[i].score ? cases[i].score + 20 : 0);
        munmap(base, size);
    }
}

/* the start of the text, each ending where the readable memory ends, and the .json bonus */
static void test_mailbox_lead_and_path(void **state)
{
    static const struct {
        const char *path, *text;
        int score;
    } cases[] = {
        {NULL, "", 0},
        {NULL, " \t\r\n", 0},
        {NULL, "x{\"msg_id\":1}", 0},
        {NULL, " {\"msg_id\":1}", 20},
        {NULL, "\t{\"msg_id\":1}", 20},
        {NULL, "\r{\"msg_id\":1}", 20},
        {NULL, "\n{\"msg_id\":1}", 20},
        {NULL, "\n\r\t {\"msg_id\":1, \"payload\":{}}", 40},
        {"a.json", "{\"msg_id\":1}", 30},
        {".json", "{\"msg_id\":1}", 20},
        {"a.jso", "{\"msg_id\":1}", 20},
        {"a.json", "{\"other\":1}", 0},
        {"inbox/b/c.txt", "{\"msg_id\":1}", 30},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_int_equal(detect_at_end(&amc_profile_mailbox, cases[i].path, cases[i].text,
                                       strlen(cases[i].text)),
                         cases[i].score);
}

/* member names are looked for in the 64 KiB from the opening brace: a name that ends at that
 * bound counts, one that ends a byte after it does not */
static void test_mailbox_window(void **state)
{
    size_t pad = 0, len = 0;
    char *d = malloc(65536 + 64);
    (void)state;
    assert_non_null(d);
    for (pad = 65536 - 9; pad <= 65536 - 8; pad++) {
        /* '{', pad spaces, "msg_id" (8 bytes with its quotes), ':', '1', '}' */
        d[0] = '{';
        memset(d + 1, ' ', pad);
        memcpy(d + 1 + pad, "\"msg_id\":1}", 11);
        len = 1 + pad + 11;
        /* the name ends at offset 1 + pad + 8 */
        assert_int_equal(detect_at_end(&amc_profile_mailbox, NULL, d, len),
                         1 + pad + 8 <= 65536 ? 20 : 0);
    }
    /* exactly 64 KiB: the window is the whole text (len == from + 65536), the name at its end */
    pad = 65536 - 12;
    d[0] = '{';
    memset(d + 1, ' ', pad);
    memcpy(d + 1 + pad, "\"msg_id\":1}", 11);
    assert_int_equal(detect_at_end(&amc_profile_mailbox, NULL, d, 65536), 20);
    assert_int_equal(detect_at_end(&amc_profile_mailbox, NULL, d, 65536 - 3), 0);
    free(d);
}

/* {"type": "task", "id": "1"} padded with spaces before the closing brace to len bytes */
static char *socket_doc(size_t len)
{
    static const char head[] = "{\"type\": \"task\", \"id\": \"1\"";
    char *p = malloc(len);
    assert_non_null(p);
    memcpy(p, head, sizeof head - 1);
    memset(p + sizeof head - 1, ' ', len - (sizeof head - 1) - 1);
    p[len - 1] = '}';
    return p;
}

static void test_socket_size_limit(void **state)
{
    char *d = NULL;
    (void)state;
    d = socket_doc(64);
    assert_int_equal(detect_at_end(&amc_profile_socket, NULL, d, 64), 60);
    free(d);
    d = socket_doc(1u << 20);
    assert_int_equal(detect_at_end(&amc_profile_socket, NULL, d, 1u << 20), 60);
    free(d);
    d = socket_doc((1u << 20) + 1);
    assert_int_equal(detect_at_end(&amc_profile_socket, NULL, d, (1u << 20) + 1), 0);
    free(d);
    /* not an object: 0 before any parse, at any size */
    assert_int_equal(detect_at_end(&amc_profile_socket, NULL, "[{\"type\": \"task\"}]", 18), 0);
    assert_int_equal(detect_at_end(&amc_profile_socket, NULL, " \t\r\n", 4), 0);
    assert_int_equal(detect_at_end(&amc_profile_socket, NULL, "", 0), 0);
    /* white space and a byte order mark before the object */
    {
        static const struct {
            const char *text;
            int score;
        } cases[] = {
            {" {\"type\": \"task\"}", 60},
            {"\t{\"type\": \"task\"}", 60},
            {"\r{\"type\": \"task\"}", 60},
            {"\n{\"type\": \"task\"}", 60},
            {"\xEF\xBB\xBF \n{\"type\": \"result\", \"id\": \"1\"}", 60},
            {"x{\"type\": \"task\"}", 0},
            {"{\"type\": \"nope\", \"id\": \"1\"}", 0},
            {"{\"id\": \"1\"}", 0},
            {"{\"type\": \"task\", \"extra\": 1}", 0},
            {"{\"type\": \"status\", \"state\": 1, \"current_task\": 1, \"workers\": 1, "
             "\"message\": 1, \"status\": 1, \"payload\": 1, \"from\": 1}",
             60},
            {"{\"type\": \"task\"", 0},
        };
        size_t i = 0;
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
            assert_int_equal(
                detect_at_end(&amc_profile_socket, NULL, cases[i].text, strlen(cases[i].text)),
                cases[i].score);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ignite_header_lines),   cmocka_unit_test(test_mailbox_member_at_end),
        cmocka_unit_test(test_mailbox_lead_and_path), cmocka_unit_test(test_mailbox_window),
        cmocka_unit_test(test_socket_size_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
