/*
 * test_json.c - the strict JSON reader (src/formats/json_read.c).
 *
 * Sources of the edge cases: RFC 8259 (grammar, sections 2-8), nst/JSONTestSuite (the y_/n_/i_
 * catalogue; the whole suite is run by tests/tools/jsontestsuite.sh), Markus Kuhn's
 * UTF-8-test.txt (sections 2-5: boundaries, unexpected continuation bytes, lonely start bytes,
 * truncated sequences, impossible bytes, overlong forms, surrogates) and the Unicode standard's
 * Table 3-7 (well-formed byte sequences).
 *
 * Positions in the tables are 1-based line:col as the CLI prints them (amc_pos is zero-based).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>
#include "amc/amc.h"

#define IN(s) s, sizeof(s) - 1

/* Reads buf; checks that every diagnostic's position agrees with amc_pos_of. */
static amc_status read_json(const char *name, const char *buf, size_t len, const amc_limits *lim,
                            amc_diags **dsp, amc_doc **docp)
{
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    size_t i = 0;
    assert_non_null(ds);
    st = amc_json_read(buf, len, lim, ds, docp);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        amc_pos p = amc_pos_of(buf, len, d->at.offset);
        if (p.line != d->at.line || p.col != d->at.col)
            fail_msg("%s: diag %zu at offset %zu says %u:%u, amc_pos_of says %u:%u", name, i,
                     d->at.offset, d->at.line, d->at.col, p.line, p.col);
        if (d->context) {
            p = amc_pos_of(buf, len, d->context_at.offset);
            if (p.line != d->context_at.line || p.col != d->context_at.col)
                fail_msg("%s: diag %zu context position wrong", name, i);
        }
    }
    if (st == AMC_OK && !*docp)
        fail_msg("%s: AMC_OK without a document", name);
    if (st != AMC_OK && *docp)
        fail_msg("%s: status %d with a document", name, (int)st);
    *dsp = ds;
    return st;
}

/* Serializes v, re-reads the text, and checks amc_value_equal (compact and pretty). */
static void check_roundtrip(const char *name, const amc_value *v)
{
    int indent = 0;
    for (indent = -1; indent <= 2; indent += 3) {
        size_t n = 0;
        char *js = amc_value_to_json(v, indent, &n);
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        amc_status st = AMC_OK;
        assert_non_null(js);
        st = amc_json_read(js, n, NULL, ds, &doc);
        if (st != AMC_OK)
            fail_msg("%s: re-reading its serialization failed: %s: %s", name, js,
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "?");
        if (!amc_value_equal(v, amc_doc_root(doc)))
            fail_msg("%s: round trip changed the value: %s", name, js);
        amc_doc_free(doc);
        amc_diags_free(ds);
        amc_free(js);
    }
}

/* ---- valid documents: expected compact serialization ---- */

static const struct vcase {
    const char *name;
    const char *in;
    size_t len;
    const char *want; /* amc_value_to_json(root, -1) */
} valid[] = {
    {"empty object", IN("{}"), "{}"},
    {"empty array", IN("[]"), "[]"},
    {"top-level string", IN("\"abc\""), "\"abc\""},
    {"top-level number", IN("42"), "42"},
    {"top-level true", IN("true"), "true"},
    {"top-level false", IN("false"), "false"},
    {"top-level null", IN("null"), "null"},
    {"surrounding whitespace", IN(" \t\r\n 1 \n\r\t "), "1"},
    {"nested", IN("{\"a\":[1,{\"b\":null},[]],\"c\":{}}"), "{\"a\":[1,{\"b\":null},[]],\"c\":{}}"},
    {"whitespace everywhere", IN("{ \"a\" : [ 1 , 2 ] , \"b\" : { } }"), "{\"a\":[1,2],\"b\":{}}"},
    {"empty containers with ws", IN("[ { } , [ ] ]"), "[{},[]]"},
    {"all simple escapes", IN("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\""), "\"\\\"\\\\/\\b\\f\\n\\r\\t\""},
    {"unicode escape ascii", IN("\"\\u0041\\u0062\""), "\"Ab\""},
    {"unicode escape upper hex", IN("\"\\u00E9\\u00e9\""), "\"\xc3\xa9\xc3\xa9\""},
    {"unicode escape 3 byte", IN("\"\\u20AC\""), "\"\xe2\x82\xac\""},
    {"surrogate pair", IN("\"\\ud83d\\ude00\""), "\"\xf0\x9f\x98\x80\""},
    {"surrogate pair upper", IN("\"\\uD834\\uDD1E\""), "\"\xf0\x9d\x84\x9e\""},
    {"max code point pair", IN("\"\\uDBFF\\uDFFF\""), "\"\xf4\x8f\xbf\xbf\""},
    {"escaped U+0000", IN("\"a\\u0000b\""), "\"a\\u0000b\""},
    {"escaped U+001F", IN("\"\\u001f\""), "\"\\u001f\""},
    {"U+0000 in key", IN("{\"\\u0000\":1,\"\\u0000x\":2}"), "{\"\\u0000\":1,\"\\u0000x\":2}"},
    {"raw DEL", IN("\"\x7f\""), "\"\x7f\""},
    {"raw 2-byte", IN("\"\xc2\x80\xdf\xbf\""), "\"\xc2\x80\xdf\xbf\""},
    {"raw 3-byte bounds", IN("\"\xe0\xa0\x80\xef\xbf\xbf\xed\x9f\xbf\xee\x80\x80\""),
     "\"\xe0\xa0\x80\xef\xbf\xbf\xed\x9f\xbf\xee\x80\x80\""},
    {"raw 4-byte bounds", IN("\"\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\""),
     "\"\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\""},
    {"raw U+FFFE U+FFFF noncharacters", IN("\"\xef\xbf\xbe\xef\xbf\xbf\""),
     "\"\xef\xbf\xbe\xef\xbf\xbf\""},
    {"japanese",
     IN("{\"\xe6\x9c\xac\xe6\x96\x87\":\"\xe3\x81\x93\xe3\x82\x93\xe3\x81\xab\xe3\x81"
        "\xa1\xe3\x81\xaf\"}"),
     "{\"\xe6\x9c\xac\xe6\x96\x87\":"
     "\"\xe3\x81\x93\xe3\x82\x93\xe3\x81\xab\xe3\x81\xa1\xe3\x81\xaf\"}"},
    {"long ascii string (swar)", IN("\"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ\""),
     "\"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ\""},
    {"escape at swar boundary", IN("\"abcdefg\\nhijklmnop\\\"qrstuvw\\u00e9xyz\""),
     "\"abcdefg\\nhijklmnop\\\"qrstuvw\xc3\xa9xyz\""},
    {"utf8 at swar boundary", IN("\"abcdefg\xc3\xa9hijklmn\xe2\x82\xacopqrstu\xf0\x9f\x98\x80\""),
     "\"abcdefg\xc3\xa9hijklmn\xe2\x82\xacopqrstu\xf0\x9f\x98\x80\""},
    {"-0", IN("-0"), "-0"},
    {"-0.0", IN("-0.0"), "-0.0"},
    {"exponents", IN("[1e3,1E3,1e+3,1e-3,1.5E+10,0e0,-0e-0]"),
     "[1e3,1E3,1e+3,1e-3,1.5E+10,0e0,-0e-0]"},
    {"big int exact text", IN("123456789012345678901234567890"), "123456789012345678901234567890"},
    {"huge exponent", IN("[1e400,-1e400,1e-400,123e-456789]"), "[1e400,-1e400,1e-400,123e-456789]"},
    {"long fraction", IN("0.1000000000000000055511151231257827021181583404541015625"),
     "0.1000000000000000055511151231257827021181583404541015625"},
    {"solidus escape", IN("\"\\/\""), "\"/\""},
    {"first of keys kept order", IN("{\"b\":1,\"a\":2}"), "{\"b\":1,\"a\":2}"},
    {"keys differing by length", IN("{\"a\":1,\"aa\":2,\"aaa\":3}"),
     "{\"a\":1,\"aa\":2,\"aaa\":3}"},
    {"keys with same prefix", IN("{\"abcdefgh1\":1,\"abcdefgh2\":2}"),
     "{\"abcdefgh1\":1,\"abcdefgh2\":2}"},
    {"empty key", IN("{\"\":0}"), "{\"\":0}"},
    {"U+2028 U+2029 raw", IN("\"\xe2\x80\xa8\xe2\x80\xa9\""), "\"\xe2\x80\xa8\xe2\x80\xa9\""},
    {"BOM then value", IN("\xef\xbb\xbf{\"a\":1}"), "{\"a\":1}"},
    {"deep mixed", IN("[[[{\"a\":[[{\"b\":[1]}]]}]]]"), "[[[{\"a\":[[{\"b\":[1]}]]}]]]"},
};

static void test_valid(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof valid / sizeof valid[0]; i++) {
        const struct vcase *c = &valid[i];
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        size_t n = 0;
        char *js = NULL;
        amc_status st = read_json(c->name, c->in, c->len, NULL, &ds, &doc);
        if (st != AMC_OK)
            fail_msg("%s: rejected: %s", c->name,
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "?");
        if (amc_diags_errors(ds))
            fail_msg("%s: accepted with errors", c->name);
        js = amc_value_to_json(amc_doc_root(doc), -1, &n);
        assert_non_null(js);
        if (n != strlen(c->want) || memcmp(js, c->want, n) != 0)
            fail_msg("%s: got %s want %s", c->name, js, c->want);
        check_roundtrip(c->name, amc_doc_root(doc));
        amc_free(js);
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

/* ---- rejections: code and position of the (only) error ---- */

static const struct rcase {
    const char *name;
    const char *in;
    size_t len;
    amc_code code;
    unsigned line, col; /* 1-based */
} rejects[] = {
    /* empty */
    {"empty", IN(""), AMC_C_EMPTY_INPUT, 1, 1},
    {"only whitespace", IN(" \n\t "), AMC_C_EMPTY_INPUT, 1, 1},
    {"only BOM", IN("\xef\xbb\xbf"), AMC_C_EMPTY_INPUT, 1, 1},
    {"BOM + whitespace", IN("\xef\xbb\xbf  "), AMC_C_EMPTY_INPUT, 1, 1},
    /* comments */
    {"line comment", IN("// c\n1"), AMC_C_JSON_COMMENT, 1, 1},
    {"block comment in array", IN("[1, /* c */ 2]"), AMC_C_JSON_COMMENT, 1, 5},
    {"comment after value", IN("{\"a\":1} // c"), AMC_C_JSON_COMMENT, 1, 9},
    {"comment before colon", IN("{\"a\"/**/:1}"), AMC_C_JSON_COMMENT, 1, 5},
    {"comment after member", IN("{\"a\":1 /**/}"), AMC_C_JSON_COMMENT, 1, 8},
    {"lone slash", IN("[/]"), AMC_C_JSON_SYNTAX, 1, 2},
    {"hash comment", IN("# c\n1"), AMC_C_JSON_SYNTAX, 1, 1},
    /* trailing commas */
    {"array trailing comma", IN("[1,2,]"), AMC_C_JSON_TRAILING_COMMA, 1, 5},
    {"array trailing comma ws", IN("[1 ,\n ]"), AMC_C_JSON_TRAILING_COMMA, 1, 4},
    {"object trailing comma", IN("{\"a\":1,}"), AMC_C_JSON_TRAILING_COMMA, 1, 7},
    {"object trailing comma ws", IN("{\"a\":1 , }"), AMC_C_JSON_TRAILING_COMMA, 1, 8},
    {"double comma", IN("[1,,2]"), AMC_C_JSON_SYNTAX, 1, 4},
    {"leading comma", IN("[,1]"), AMC_C_JSON_SYNTAX, 1, 2},
    {"object leading comma", IN("{,}"), AMC_C_JSON_KEY_NOT_STRING, 1, 2},
    /* quotes */
    {"single-quoted string", IN("['a']"), AMC_C_JSON_SINGLE_QUOTE, 1, 2},
    {"single-quoted key", IN("{'a':1}"), AMC_C_JSON_SINGLE_QUOTE, 1, 2},
    {"single-quoted top", IN("'a'"), AMC_C_JSON_SINGLE_QUOTE, 1, 1},
    {"unquoted key", IN("{a:1}"), AMC_C_JSON_KEY_NOT_STRING, 1, 2},
    {"number key", IN("{1:1}"), AMC_C_JSON_KEY_NOT_STRING, 1, 2},
    {"null key", IN("{null:1}"), AMC_C_JSON_KEY_NOT_STRING, 1, 2},
    /* non-finite and bare words */
    {"NaN", IN("NaN"), AMC_C_JSON_NONFINITE, 1, 1},
    {"Infinity", IN("[Infinity]"), AMC_C_JSON_NONFINITE, 1, 2},
    {"-Infinity", IN("[1,-Infinity]"), AMC_C_JSON_NONFINITE, 1, 4},
    {"-NaN", IN("-NaN"), AMC_C_JSON_NONFINITE, 1, 1},
    {"+Infinity", IN("+Infinity"), AMC_C_JSON_NUM_PLUS, 1, 1},
    {"True", IN("True"), AMC_C_JSON_BAD_LITERAL, 1, 1},
    {"NULL", IN("[NULL]"), AMC_C_JSON_BAD_LITERAL, 1, 2},
    {"undefined", IN("{\"a\":undefined}"), AMC_C_JSON_BAD_LITERAL, 1, 6},
    {"truex", IN("truex"), AMC_C_JSON_BAD_LITERAL, 1, 1},
    {"nul in array", IN("[nul]"), AMC_C_JSON_BAD_LITERAL, 1, 2},
    {"tru at end", IN("tru"), AMC_C_JSON_UNEXPECTED_END, 1, 4},
    {"fals at end", IN("[fals"), AMC_C_JSON_UNEXPECTED_END, 1, 6},
    {"true1", IN("[true1]"), AMC_C_JSON_BAD_LITERAL, 1, 2},
    {"true then word", IN("[true false]"), AMC_C_JSON_SYNTAX, 1, 7},
    /* numbers */
    {"leading zero", IN("01"), AMC_C_JSON_NUM_LEADING_ZERO, 1, 1},
    {"neg leading zero", IN("-01"), AMC_C_JSON_NUM_LEADING_ZERO, 1, 2},
    {"leading zeros 00", IN("[00]"), AMC_C_JSON_NUM_LEADING_ZERO, 1, 2},
    {"leading zero frac", IN("[012.5]"), AMC_C_JSON_NUM_LEADING_ZERO, 1, 2},
    {"plus sign", IN("+1"), AMC_C_JSON_NUM_PLUS, 1, 1},
    {"plus in array", IN("[1,+1]"), AMC_C_JSON_NUM_PLUS, 1, 4},
    {"leading dot", IN(".5"), AMC_C_JSON_NUM_NO_INT, 1, 1},
    {"neg leading dot", IN("-.5"), AMC_C_JSON_NUM_NO_INT, 1, 2},
    {"trailing dot", IN("1."), AMC_C_JSON_UNEXPECTED_END, 1, 3},
    {"trailing dot in array", IN("[1.]"), AMC_C_JSON_NUM_NO_FRAC, 1, 4},
    {"dot then exponent", IN("1.e3"), AMC_C_JSON_NUM_NO_FRAC, 1, 3},
    {"exponent without digits", IN("[1e]"), AMC_C_JSON_NUM_NO_EXP, 1, 4},
    {"exponent sign without digits", IN("[1e+]"), AMC_C_JSON_NUM_NO_EXP, 1, 5},
    {"exponent at end", IN("1E"), AMC_C_JSON_UNEXPECTED_END, 1, 3},
    {"lone minus", IN("-"), AMC_C_JSON_UNEXPECTED_END, 1, 2},
    {"minus in array", IN("[-]"), AMC_C_JSON_NUM_NO_INT, 1, 3},
    {"minus space", IN("- 1"), AMC_C_JSON_NUM_NO_INT, 1, 2},
    {"minus word", IN("-foo"), AMC_C_JSON_NUM_NO_INT, 1, 2},
    {"hex", IN("0x1F"), AMC_C_JSON_NUM_JUNK, 1, 2},
    {"two dots", IN("1.5.3"), AMC_C_JSON_NUM_JUNK, 1, 4},
    {"alpha after digits", IN("[123abc]"), AMC_C_JSON_NUM_JUNK, 1, 5},
    {"fullwidth digit", IN("[\xef\xbc\x91]"), AMC_C_JSON_SYNTAX, 1, 2},
    {"digits with space", IN("[1 000]"), AMC_C_JSON_SYNTAX, 1, 4},
    /* strings */
    {"unterminated", IN("\"abc"), AMC_C_JSON_UNTERMINATED_STRING, 1, 5},
    {"unterminated long", IN("[\"abcdefghijklmnopqrstuvwxyz"), AMC_C_JSON_UNTERMINATED_STRING, 1,
     29},
    {"unterminated after escape", IN("\"ab\\"), AMC_C_JSON_UNTERMINATED_STRING, 1, 5},
    {"unterminated in \\u", IN("\"\\u12"), AMC_C_JSON_UNTERMINATED_STRING, 1, 6},
    {"raw tab", IN("\"a\tb\""), AMC_C_JSON_CONTROL_CHAR, 1, 3},
    {"raw newline", IN("[\"ab\ncd\"]"), AMC_C_JSON_CONTROL_CHAR, 1, 5},
    {"raw U+001F", IN("\"\x1f\""), AMC_C_JSON_CONTROL_CHAR, 1, 2},
    {"raw CR in key", IN("{\"a\rb\":1}"), AMC_C_JSON_CONTROL_CHAR, 1, 4},
    {"escape x", IN("\"\\x41\""), AMC_C_JSON_BAD_ESCAPE, 1, 2},
    {"escape single quote", IN("\"\\'\""), AMC_C_JSON_BAD_ESCAPE, 1, 2},
    {"escape U upper", IN("\"\\U0041\""), AMC_C_JSON_BAD_ESCAPE, 1, 2},
    {"escape zero", IN("\"a\\0\""), AMC_C_JSON_BAD_ESCAPE, 1, 3},
    {"escape a", IN("[\"abcdefghij\\a\"]"), AMC_C_JSON_BAD_ESCAPE, 1, 13},
    {"escaped raw tab", IN("\"\\\t\""), AMC_C_JSON_BAD_ESCAPE, 1, 2},
    {"u short", IN("\"\\u12\""), AMC_C_JSON_BAD_UNICODE_ESCAPE, 1, 2},
    {"u non-hex", IN("\"\\u00g0\""), AMC_C_JSON_BAD_UNICODE_ESCAPE, 1, 2},
    {"u second of pair short", IN("\"\\ud800\\u12\""), AMC_C_JSON_BAD_UNICODE_ESCAPE, 1, 8},
    {"lone high surrogate", IN("\"\\ud800\""), AMC_C_JSON_LONE_SURROGATE, 1, 2},
    {"lone low surrogate", IN("\"ab\\udc00\""), AMC_C_JSON_LONE_SURROGATE, 1, 4},
    {"high then high", IN("\"\\ud800\\ud800\""), AMC_C_JSON_LONE_SURROGATE, 1, 2},
    {"high then BMP escape", IN("\"\\ud800\\u0041\""), AMC_C_JSON_LONE_SURROGATE, 1, 2},
    {"high then text", IN("\"\\ud800abc\""), AMC_C_JSON_LONE_SURROGATE, 1, 2},
    {"high then other escape", IN("\"\\ud800\\n\""), AMC_C_JSON_LONE_SURROGATE, 1, 2},
    {"inverted pair", IN("\"\\udd1e\\ud834\""), AMC_C_JSON_LONE_SURROGATE, 1, 2},
    {"lone surrogate in key", IN("{\"\\udfaa\":0}"), AMC_C_JSON_LONE_SURROGATE, 1, 3},
    /* invalid UTF-8 (Kuhn sections 3-5, Unicode Table 3-7) */
    {"utf8 lone continuation 0x80", IN("\"\x80\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 lone continuation 0xBF", IN("\"a\xbf\""), AMC_C_UTF8_INVALID, 1, 3},
    {"utf8 lonely start C0", IN("\"\xc0 \""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 lonely start E0", IN("\"\xe0 \""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 lonely start F0", IN("\"\xf0 \""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 truncated 2 at quote", IN("\"\xc3\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 truncated 3", IN("\"\xe2\x82\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 truncated 4", IN("\"\xf0\x9f\x98\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 truncated at end", IN("\"\xe2\x82"), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 impossible FE", IN("\"\xfe\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 impossible FF", IN("\"\xff\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 F5 (> U+10FFFF)", IN("\"\xf5\x80\x80\x80\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 U+110000", IN("\"\xf4\x90\x80\x80\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 overlong slash 2", IN("\"\xc0\xaf\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 overlong slash 3", IN("\"\xe0\x80\xaf\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 overlong slash 4", IN("\"\xf0\x80\x80\xaf\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 max overlong 2", IN("\"\xc1\xbf\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 max overlong 3", IN("\"\xe0\x9f\xbf\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 max overlong 4", IN("\"\xf0\x8f\xbf\xbf\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 overlong NUL", IN("\"\xc0\x80\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 5-byte form", IN("\"\xf8\x88\x80\x80\x80\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 surrogate D800", IN("\"\xed\xa0\x80\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 surrogate DFFF", IN("\"\xed\xbf\xbf\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 surrogate pair encoded", IN("\"\xed\xa0\x80\xed\xb0\x80\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 bad 2nd continuation", IN("\"\xe2\x28\xa1\""), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 after valid chars", IN("\"\xc3\xa9\xe6\x97\xa5x\xff\""), AMC_C_UTF8_INVALID, 1, 5},
    {"utf8 at swar offset", IN("\"abcdefghijk\x80lmnopqrstuvwxyz\""), AMC_C_UTF8_INVALID, 1, 13},
    {"utf8 latin-1 key", IN("{\"caf\xe9\":1}"), AMC_C_UTF8_INVALID, 1, 6},
    {"utf8 outside string", IN("[\xff]"), AMC_C_UTF8_INVALID, 1, 2},
    {"utf8 after value", IN("1\xc3"), AMC_C_UTF8_INVALID, 1, 2},
    {"non-ascii outside string", IN("[\xc3\xa9]"), AMC_C_JSON_SYNTAX, 1, 2},
    {"NBSP as whitespace",
     IN("[\xc2\xa0"
        "1]"),
     AMC_C_JSON_SYNTAX, 1, 2},
    {"BOM in the middle",
     IN("[\xef\xbb\xbf"
        "1]"),
     AMC_C_JSON_SYNTAX, 1, 2},
    {"two BOMs", IN("\xef\xbb\xbf\xef\xbb\xbf{}"), AMC_C_JSON_SYNTAX, 1, 2},
    {"UTF-16LE BOM", IN("\xff\xfe[\x00]\x00"), AMC_C_UTF8_INVALID, 1, 1},
    /* NUL bytes */
    {"NUL only", IN("\0"), AMC_C_NUL_BYTE, 1, 1},
    {"NUL in string", IN("\"a\0b\""), AMC_C_NUL_BYTE, 1, 3},
    {"NUL in array", IN("[1,\0]"), AMC_C_NUL_BYTE, 1, 4},
    {"NUL after value", IN("{}\0"), AMC_C_NUL_BYTE, 1, 3},
    {"NUL after escape", IN("\"\\\0\""), AMC_C_NUL_BYTE, 1, 3},
    {"NUL in string at swar offset", IN("\"abcdefghij\0klmnopqrstuvw\""), AMC_C_NUL_BYTE, 1, 12},
    /* structure */
    {"trailing garbage", IN("{}x"), AMC_C_JSON_TRAILING_GARBAGE, 1, 3},
    {"trailing garbage after ws", IN("1 2"), AMC_C_JSON_TRAILING_GARBAGE, 1, 3},
    {"two values", IN("{} {}"), AMC_C_JSON_TRAILING_GARBAGE, 1, 4},
    {"extra close", IN("[1]]"), AMC_C_JSON_TRAILING_GARBAGE, 1, 4},
    {"close unopened", IN("]"), AMC_C_JSON_SYNTAX, 1, 1},
    {"mismatched close", IN("[1}"), AMC_C_JSON_SYNTAX, 1, 3},
    {"object mismatched close", IN("{\"a\":1]"), AMC_C_JSON_SYNTAX, 1, 7},
    {"missing comma", IN("[1 2]"), AMC_C_JSON_SYNTAX, 1, 4},
    {"missing colon", IN("{\"a\" 1}"), AMC_C_JSON_SYNTAX, 1, 6},
    {"comma for colon", IN("{\"a\",1}"), AMC_C_JSON_SYNTAX, 1, 5},
    {"missing value", IN("{\"a\":}"), AMC_C_JSON_SYNTAX, 1, 6},
    {"equals for colon", IN("{\"a\"=1}"), AMC_C_JSON_SYNTAX, 1, 5},
    {"semicolon separator", IN("[1;2]"), AMC_C_JSON_SYNTAX, 1, 3},
    {"unclosed array", IN("[1,2"), AMC_C_JSON_UNEXPECTED_END, 1, 5},
    {"unclosed after comma", IN("[1,"), AMC_C_JSON_UNEXPECTED_END, 1, 4},
    {"unclosed object", IN("{\"a\":1"), AMC_C_JSON_UNEXPECTED_END, 1, 7},
    {"unclosed after colon", IN("{\"a\":"), AMC_C_JSON_UNEXPECTED_END, 1, 6},
    {"unclosed after key", IN("{\"a\""), AMC_C_JSON_UNEXPECTED_END, 1, 5},
    {"lone open", IN("{"), AMC_C_JSON_UNEXPECTED_END, 1, 2},
    {"formfeed whitespace", IN("[\f1]"), AMC_C_JSON_SYNTAX, 1, 2},
    {"vertical tab whitespace", IN("\v1"), AMC_C_JSON_SYNTAX, 1, 1},
    {"angle bracket", IN("<null>"), AMC_C_JSON_SYNTAX, 1, 1},
    {"backslash outside string", IN("[\\u0041]"), AMC_C_JSON_SYNTAX, 1, 2},
    /* positions: lines, CRLF, lone CR, multibyte columns */
    {"pos line 3", IN("{\n  \"a\": 1,\n  \"b\": tru\n}"), AMC_C_JSON_BAD_LITERAL, 3, 8},
    {"pos CRLF", IN("[\r\n1,\r\n2\r\n,]"), AMC_C_JSON_TRAILING_COMMA, 4, 1},
    {"pos lone CR", IN("[1,\r\r  x]"), AMC_C_JSON_BAD_LITERAL, 3, 3},
    {"pos multibyte cols", IN("[\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\", x]"),
     AMC_C_JSON_BAD_LITERAL, 1, 9},
    {"pos multibyte then newline", IN("[\"\xe6\x97\xa5\",\n \"\xe6\x97\xa5\" 1]"),
     AMC_C_JSON_SYNTAX, 2, 6},
    {"pos tab counts one", IN("\t\t[1,]"), AMC_C_JSON_TRAILING_COMMA, 1, 5},
    {"pos error inside string line 2", IN("[\n\"ok\",\n\"bad\\q\"]"), AMC_C_JSON_BAD_ESCAPE, 3, 5},
    {"pos after BOM", IN("\xef\xbb\xbf[x]"), AMC_C_JSON_BAD_LITERAL, 1, 3},
    {"pos EOF after CRLF", IN("[1,\r\n"), AMC_C_JSON_UNEXPECTED_END, 2, 1},
};

static void test_rejects(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof rejects / sizeof rejects[0]; i++) {
        const struct rcase *c = &rejects[i];
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        const amc_diag *d = NULL;
        size_t k = 0, errs = 0;
        amc_status st = read_json(c->name, c->in, c->len, NULL, &ds, &doc);
        if (st != AMC_EINVALID)
            fail_msg("%s: status %d, want AMC_EINVALID", c->name, (int)st);
        for (k = 0; k < amc_diags_count(ds); k++) {
            if (amc_diags_get(ds, k)->sev == AMC_SEV_ERROR) {
                d = amc_diags_get(ds, k);
                errs++;
            }
        }
        if (errs != 1 || !d)
            fail_msg("%s: %zu errors, want exactly 1", c->name, errs);
        if (d->code != c->code || d->at.line + 1 != c->line || d->at.col + 1 != c->col)
            fail_msg("%s: got %s at %u:%u (%s), want %s at %u:%u", c->name, amc_code_id(d->code),
                     d->at.line + 1, d->at.col + 1, d->message, amc_code_id(c->code), c->line,
                     c->col);
        if (!d->message || !*d->message)
            fail_msg("%s: empty message", c->name);
        amc_diags_free(ds);
    }
}

/* A few exact messages (the wording users see). */
static void test_messages(void **state)
{
    static const struct {
        const char *name, *in, *msg;
    } cases[] = {
        {"object member", "{\"a\":1]", "expected ',' or '}' after object member, found ']'"},
        {"array element", "[1 2]", "expected ',' or ']' after array element, found '2'"},
        {"colon", "{\"a\" 1}", "expected ':' after object key, found '1'"},
        {"value", "[}", "expected a value, found '}'"},
        {"eof", "[1,", "unexpected end of input, expected a value"},
        {"control", "[\"\x01\"]",
         "unescaped control character U+0001 in string (use an escape such as \\n or \\u0001)"},
        {"trailing", "[] x", "expected end of input after the JSON value, found 'x'"},
        {"lone surrogate", "\"\\uD800x\"", "unpaired UTF-16 surrogate escape \\uD800"},
        {"capital literal", "False",
         "invalid literal 'False' (JSON literals are lowercase: true, false, null)"},
        {"non-ascii found", "[\xe2\x82\xac]", "expected a value, found U+20AC '\xe2\x82\xac'"},
        /* the spellings of other languages get a hint */
        {"nan", "[nan]", "'nan' is not a JSON number (NaN and Infinity are not allowed)"},
        {"Inf", "[Inf]", "'Inf' is not a JSON number (NaN and Infinity are not allowed)"},
        {"inf", "[1,inf]", "'inf' is not a JSON number (NaN and Infinity are not allowed)"},
        {"infinity", "[infinity]",
         "'infinity' is not a JSON number (NaN and Infinity are not allowed)"},
        {"-Infinity", "[-Infinity]",
         "'-Infinity' is not a JSON number (NaN and Infinity are not allowed)"},
        {"Infinit", "[Infinit]",
         "invalid literal 'Infinit' (only true, false and null are allowed)"},
        {"TRUE", "[TRUE]",
         "invalid literal 'TRUE' (JSON literals are lowercase: true, false, null)"},
        {"Null", "[Null]",
         "invalid literal 'Null' (JSON literals are lowercase: true, false, null)"},
        {"NULL", "[NULL]",
         "invalid literal 'NULL' (JSON literals are lowercase: true, false, null)"},
        {"None", "[None]",
         "invalid literal 'None' (JSON literals are lowercase: true, false, null)"},
        {"FALSE", "[FALSE]",
         "invalid literal 'FALSE' (JSON literals are lowercase: true, false, null)"},
        {"Nul", "[Nul]", "invalid literal 'Nul' (only true, false and null are allowed)"},
        {"literal cut by the end", "[1, tru", "unexpected end of input in literal 'tru'"},
        {"literal cut by the end, f", "fals", "unexpected end of input in literal 'fals'"},
        {"long word", "[abcdefghijabcdefghijabcdefghijabcdefghijabcdefghij]",
         "invalid literal 'abcdefghijabcdefghijabcdefghijabcdefghij...' (only true, false and null "
         "are allowed)"},
        {"high surrogate then a BMP escape", "[\"\\uD800\\u0041\"]",
         "unpaired UTF-16 surrogate escape \\uD800"},
        {"high surrogate then a non-surrogate above", "[\"\\uD800\\uE000\"]",
         "unpaired UTF-16 surrogate escape \\uD800"},
        {"lone low surrogate", "[\"\\uDC00\"]", "unpaired UTF-16 surrogate escape \\uDC00"},
        {"high surrogate then the end", "[\"\\uD800\\",
         "unterminated string: end of input before the closing '\"'"},
        {"trailing comma in object", "{\"a\":1,}", "trailing comma before '}'"},
        {"single-quoted key", "{'a':1}", "object keys must use double quotes, found \"'\""},
        {"single-quoted value", "['a']", "strings must use double quotes, found \"'\""},
        {"plus sign", "[+1]", "a leading '+' is not allowed in numbers"},
        {"leading point", "[.5]", "a number needs a digit before its decimal point"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        (void)read_json(cases[i].name, cases[i].in, strlen(cases[i].in), NULL, &ds, &doc);
        if (amc_diags_count(ds) != 1 || strcmp(amc_diags_get(ds, 0)->message, cases[i].msg) != 0)
            fail_msg("%s: got \"%s\" want \"%s\"", cases[i].name,
                     amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "(none)", cases[i].msg);
        amc_diags_free(ds);
    }
}

/* Unexpected end inside a container names where the container starts. */
static void test_eof_context(void **state)
{
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const amc_diag *d = NULL;
    const char *in = "{\"a\": [1,\n  {\"b\": 2";
    (void)state;
    assert_int_equal(read_json("eof ctx", in, strlen(in), NULL, &ds, &doc), AMC_EINVALID);
    d = amc_diags_get(ds, 0);
    assert_int_equal(d->code, AMC_C_JSON_UNEXPECTED_END);
    assert_string_equal(d->context, "object starts here");
    assert_int_equal(d->context_at.offset, 12);
    assert_int_equal(d->context_at.line, 1);
    assert_int_equal(d->context_at.col, 2);
    amc_diags_free(ds);
    in = "[\"abc";
    assert_int_equal(read_json("unterminated ctx", in, strlen(in), NULL, &ds, &doc), AMC_EINVALID);
    d = amc_diags_get(ds, 0);
    assert_int_equal(d->code, AMC_C_JSON_UNTERMINATED_STRING);
    assert_string_equal(d->context, "string starts here");
    assert_int_equal(d->context_at.offset, 1);
    amc_diags_free(ds);
}

/* ---- duplicate keys ---- */

static void test_duplicates(void **state)
{
    static const struct {
        const char *name, *in;
        size_t ndup;
        unsigned line, col, cline, ccol; /* of the first duplicate and its original (1-based) */
    } cases[] = {
        {"simple", "{\"a\":1,\"a\":2}", 1, 1, 8, 1, 2},
        {"escaped equal", "{\"a\":1,\"\\u0061\":2}", 1, 1, 8, 1, 2},
        {"escaped both", "{\"\\n\":1,\"\\u000a\":2}", 1, 1, 9, 1, 2},
        {"NUL keys", "{\"a\\u0000b\":1,\"a\\u0000b\":2}", 1, 1, 15, 1, 2},
        {"three times", "{\"k\":1,\"k\":2,\"k\":3}", 2, 1, 8, 1, 2},
        {"multi-line", "{\n  \"x\": 1,\n  \"y\": 2,\n  \"x\": [3]\n}", 1, 4, 3, 2, 3},
        {"nested object", "{\"a\":{\"b\":1,\"c\":{},\"b\":2}}", 1, 1, 20, 1, 7},
        {"dup after 9 (hashed)",
         "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,"
         "\"k10\":10,\"k5\":0}",
         1, 1, 74, 1, 30},
        {"dup of 9th key",
         "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,"
         "\"k8\":8,\"k9\":9,\"k9\":0}",
         1, 1, 65, 1, 58},
        {"CRLF and multibyte", "{\"\xc3\xa9\":1,\r\n\"\xc3\xa9\":2}", 1, 2, 1, 1, 2},
        {"then syntax error", "{\"a\":1,\"a\":2,}", 1, 1, 8, 1, 2},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        const amc_diag *d = NULL;
        size_t k = 0, ndup = 0;
        amc_status st = read_json(cases[i].name, cases[i].in, strlen(cases[i].in), NULL, &ds, &doc);
        if (st != AMC_EINVALID)
            fail_msg("%s: status %d", cases[i].name, (int)st);
        for (k = 0; k < amc_diags_count(ds); k++) {
            const amc_diag *e = amc_diags_get(ds, k);
            if (e->code == AMC_C_JSON_DUP_KEY) {
                if (!d)
                    d = e;
                ndup++;
            }
        }
        if (ndup != cases[i].ndup || !d)
            fail_msg("%s: %zu duplicate diagnostics, want %zu", cases[i].name, ndup, cases[i].ndup);
        if (d->at.line + 1 != cases[i].line || d->at.col + 1 != cases[i].col || !d->context ||
            strcmp(d->context, "first defined here") != 0 ||
            d->context_at.line + 1 != cases[i].cline || d->context_at.col + 1 != cases[i].ccol)
            fail_msg("%s: dup at %u:%u ctx %u:%u, want %u:%u ctx %u:%u", cases[i].name,
                     d->at.line + 1, d->at.col + 1, d->context_at.line + 1, d->context_at.col + 1,
                     cases[i].line, cases[i].col, cases[i].cline, cases[i].ccol);
        amc_diags_free(ds);
    }
}

/* The duplicate's message shows the key escaped and cut after 60 bytes, on a code point
 * boundary. */
static void test_duplicate_key_shown(void **state)
{
    static const struct {
        const char *name;
        char fill; /* the key: n copies of fill (0: the key is `key` below) */
        size_t n;
        const char *key; /* JSON text of the key when fill is 0 */
        const char *msg;
    } cases[] = {
        {"60 bytes: whole", 'k', 60, NULL,
         "duplicate object key \"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\""},
        {"61 bytes: 60 and ...", 'k', 61, NULL,
         "duplicate object key "
         "\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...\""},
        {"70 bytes: 60 and ...", 'k', 70, NULL,
         "duplicate object key "
         "\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...\""},
        {"cut after a whole code point", 0, 0,
         "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9\xc3\xa9xyz",
         "duplicate object key "
         "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9...\""},
        {"escapes", 0, 0, "a\\u0001\\\"\\\\\\u007f",
         "duplicate object key \"a\\u0001\\\"\\\\\\u007f\""},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char key[128], in[300];
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        const amc_diag *d = NULL;
        int n = 0;
        if (cases[i].fill) {
            memset(key, cases[i].fill, cases[i].n);
            key[cases[i].n] = '\0';
        } else {
            snprintf(key, sizeof key, "%s", cases[i].key);
        }
        n = snprintf(in, sizeof in, "{\"%s\": 1, \"%s\": 2}", key, key);
        assert_int_equal(read_json(cases[i].name, in, (size_t)n, NULL, &ds, &doc), AMC_EINVALID);
        assert_int_equal(amc_diags_count(ds), 1);
        d = amc_diags_get(ds, 0);
        assert_int_equal(d->code, AMC_C_JSON_DUP_KEY);
        assert_int_equal(d->at.offset, strlen(key) + 8); /* the second key's quote */
        if (strcmp(d->message, cases[i].msg) != 0)
            fail_msg("%s: got '%s' want '%s'", cases[i].name, d->message, cases[i].msg);
        amc_diags_free(ds);
    }
}

/* Objects with many keys: linear time, and a duplicate far down is found with both places. */
static void test_many_keys(void **state)
{
    const size_t n = 100000;
    size_t cap = n * 32 + 64, len = 0, i = 0, dup_off = 0, first_off = 0;
    char *buf = malloc(cap);
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL;
    const amc_diag *d = NULL;
    (void)state;
    assert_non_null(buf);
    buf[len++] = '{';
    for (i = 0; i < n; i++) {
        if (i == 777)
            first_off = len + (i ? 1 : 0);
        len += (size_t)snprintf(buf + len, cap - len, "%s\"key%zu\":%zu", i ? "," : "", i, i);
    }
    buf[len++] = '}';
    assert_int_equal(read_json("100k keys", buf, len, NULL, &ds, &doc), AMC_OK);
    root = amc_doc_root(doc);
    assert_int_equal(root->u.obj.len, n);
    assert_int_equal(amc_value_getz(root, "key99999")->u.num.i, 99999);
    assert_int_equal(root->u.obj.members[777].key_offset, first_off);
    amc_doc_free(doc);
    amc_diags_free(ds);
    /* now repeat key777 at the end */
    len--;
    dup_off = len + 1;
    len += (size_t)snprintf(buf + len, cap - len, ",\"key777\":0}");
    assert_int_equal(read_json("100k keys + dup", buf, len, NULL, &ds, &doc), AMC_EINVALID);
    assert_int_equal(amc_diags_count(ds), 1);
    d = amc_diags_get(ds, 0);
    assert_int_equal(d->code, AMC_C_JSON_DUP_KEY);
    assert_int_equal(d->at.offset, dup_off);
    assert_int_equal(d->context_at.offset, first_off);
    assert_string_equal(d->message, "duplicate object key \"key777\"");
    amc_diags_free(ds);
    /* every key a duplicate of one of 50 000 earlier keys: all reported */
    len = 0;
    buf[len++] = '{';
    for (i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s\"%zu\":0", i ? "," : "", i % (n / 2));
    buf[len++] = '}';
    ds = amc_diags_new(100);
    assert_int_equal(amc_json_read(buf, len, NULL, ds, &doc), AMC_EINVALID);
    assert_null(doc);
    assert_int_equal(amc_diags_errors(ds), n / 2);
    amc_diags_free(ds);
    free(buf);
}

/* Several hashed objects open at once and one after another (the inline table, per-depth
 * buffers and their reuse): duplicates are found in each, nothing else is reported. */
static void test_nested_big_objects(void **state)
{
    char buf[4096];
    size_t len = 0, obj = 0, k = 0, ndup = 0, i = 0;
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    size_t want_at[8], nwant = 0;
    (void)state;
    buf[len++] = '{';
    for (obj = 0; obj < 3; obj++) {
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s\"o%zu\":{", obj ? "," : "", obj);
        for (k = 0; k < 12 + obj * 30; k++)
            len +=
                (size_t)snprintf(buf + len, sizeof buf - len, "%s\"k%zu\":%zu", k ? "," : "", k, k);
        if (obj) { /* a duplicate in the 2nd and 3rd inner objects */
            want_at[nwant++] = len + 1;
            len += (size_t)snprintf(buf + len, sizeof buf - len, ",\"k%zu\":0", obj + 3);
        }
        buf[len++] = '}';
    }
    for (k = 0; k < 10; k++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, ",\"x%zu\":[]", k);
    want_at[nwant++] = len + 1;
    len += (size_t)snprintf(buf + len, sizeof buf - len, ",\"o1\":{}}");
    assert_int_equal(read_json("nested big", buf, len, NULL, &ds, &doc), AMC_EINVALID);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        assert_int_equal(d->code, AMC_C_JSON_DUP_KEY);
        assert_true(ndup < nwant);
        assert_int_equal(d->at.offset, want_at[ndup]);
        ndup++;
    }
    assert_int_equal(ndup, nwant);
    amc_diags_free(ds);
}

/* ---- numbers ---- */

static void test_numbers(void **state)
{
    enum { I64 = AMC_NUM_INT64, INT = AMC_NUM_INTEGER, OVF = AMC_NUM_OVERFLOW };
    static const struct {
        const char *in;
        uint32_t flags;
        int64_t i;
        double d;
    } cases[] = {
        {"0", I64 | INT, 0, 0.0},
        {"-0", I64 | INT, 0, -0.0},
        {"-0.0", I64 | INT, 0, -0.0},
        {"1", I64 | INT, 1, 1.0},
        {"-1", I64 | INT, -1, -1.0},
        {"1.0", I64 | INT, 1, 1.0},
        {"1e3", I64 | INT, 1000, 1000.0},
        {"1E+3", I64 | INT, 1000, 1000.0},
        {"12.5e1", I64 | INT, 125, 125.0},
        {"1.5", 0, 0, 1.5},
        {"0.1", 0, 0, 0.1},
        {"-123.456", 0, 0, -123.456},
        {"1e-3", 0, 0, 0.001},
        {"5e-324", 0, 0, 5e-324},
        {"1e-400", 0, 0, 0.0},
        {"999999999999999999", I64 | INT, 999999999999999999LL, 999999999999999999.0},
        {"9007199254740993", I64 | INT, 9007199254740993LL, 9007199254740992.0},
        {"9223372036854775807", I64 | INT, INT64_MAX, 9223372036854775807.0},
        {"-9223372036854775808", I64 | INT, INT64_MIN, -9223372036854775808.0},
        {"9223372036854775808", INT, 0, 9223372036854775808.0},
        {"-9223372036854775809", INT, 0, -9223372036854775809.0},
        {"123456789012345678901234567890", INT, 0, 123456789012345678901234567890.0},
        {"1.7976931348623157e308", INT, 0, 1.7976931348623157e308},
        {"1e400", INT | OVF, 0, HUGE_VAL},
        {"-1e400", INT | OVF, 0, -HUGE_VAL},
        {"2e308", INT | OVF, 0, HUGE_VAL},
        {"0.5e1", I64 | INT, 5, 5.0},
        {"100e-2", I64 | INT, 1, 1.0},
        {"1.23e2", I64 | INT, 123, 123.0},
        {"0.000001e6", I64 | INT, 1, 1.0},
        {"3.141592653589793", 0, 0, 3.141592653589793},
        {"2.2250738585072011e-308", 0, 0, 2.2250738585072011e-308},
        {"0.1000000000000000055511151231257827021181583404541015625", 0, 0, 0.1},
        {"1e22", INT, 0, 1e22},
        {"1e18", I64 | INT, 1000000000000000000LL, 1e18},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        const amc_value *v = NULL;
        const char *in = cases[i].in;
        assert_int_equal(read_json(in, in, strlen(in), NULL, &ds, &doc), AMC_OK);
        v = amc_doc_root(doc);
        if (v->type != AMC_T_NUMBER || v->u.num.len != strlen(in) || strcmp(v->u.num.text, in) != 0)
            fail_msg("%s: wrong type or text", in);
        if (v->flags != cases[i].flags)
            fail_msg("%s: flags %u want %u", in, v->flags, cases[i].flags);
        if ((v->flags & AMC_NUM_INT64) && v->u.num.i != cases[i].i)
            fail_msg("%s: i %lld want %lld", in, (long long)v->u.num.i, (long long)cases[i].i);
        if (memcmp(&v->u.num.d, &cases[i].d, sizeof(double)) != 0)
            fail_msg("%s: d %.17g want %.17g", in, v->u.num.d, cases[i].d);
        assert_int_equal(v->offset, 0);
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Property: for random valid number texts the reader's fields equal amc_doc_new_number's. */
static void test_numbers_match_doc_model(void **state)
{
    uint64_t seed = 0x1234567887654321ULL;
    int iter = 0;
    amc_doc *ref = amc_doc_new(NULL, 0);
    (void)state;
    assert_non_null(ref);
    for (iter = 0; iter < 20000; iter++) {
        char t[96];
        size_t n = 0, k = 0, nd = 0;
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        const amc_value *v = NULL;
        const amc_value *w = NULL;
        if (rnd(&seed) % 3 == 0)
            t[n++] = '-';
        nd = 1 + rnd(&seed) % (rnd(&seed) % 4 == 0 ? 25 : 19);
        if (rnd(&seed) % 5 == 0) {
            t[n++] = '0';
        } else {
            t[n++] = (char)('1' + rnd(&seed) % 9);
            for (k = 1; k < nd; k++)
                t[n++] = (char)('0' + rnd(&seed) % 10);
        }
        if (rnd(&seed) % 2) {
            t[n++] = '.';
            nd = 1 + rnd(&seed) % 20;
            for (k = 0; k < nd; k++)
                t[n++] = (char)('0' + (rnd(&seed) % 3 == 0 ? 0 : rnd(&seed) % 10));
        }
        if (rnd(&seed) % 2) {
            t[n++] = rnd(&seed) % 2 ? 'e' : 'E';
            if (rnd(&seed) % 2)
                t[n++] = rnd(&seed) % 2 ? '-' : '+';
            n += (size_t)snprintf(t + n, sizeof t - n, "%d",
                                  (int)(rnd(&seed) % (rnd(&seed) % 4 ? 30 : 400)));
        }
        t[n] = '\0';
        if (read_json(t, t, n, NULL, &ds, &doc) != AMC_OK)
            fail_msg("%s: rejected", t);
        v = amc_doc_root(doc);
        w = amc_doc_new_number(ref, t, n, 0);
        assert_non_null(w);
        if (v->flags != w->flags || ((v->flags & AMC_NUM_INT64) && v->u.num.i != w->u.num.i) ||
            memcmp(&v->u.num.d, &w->u.num.d, sizeof(double)) != 0)
            fail_msg("%s: reader flags %u i %lld d %.17g, doc model flags %u i %lld d %.17g", t,
                     v->flags, (long long)v->u.num.i, v->u.num.d, w->flags, (long long)w->u.num.i,
                     w->u.num.d);
        amc_doc_free(doc);
        amc_diags_free(ds);
        if (iter % 1000 == 999) {
            amc_doc_free(ref);
            ref = amc_doc_new(NULL, 0);
            assert_non_null(ref);
        }
    }
    amc_doc_free(ref);
}

/* ---- strings, keys and offsets ---- */

static void test_strings_and_offsets(void **state)
{
    const char in[] = "{\"a\\u0000b\": \"x\\u0000\", \"\xe6\x97\xa5\": [true, null, -1.5, "
                      "\"\\ud83d\\ude00\"], \"e\": {}}";
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *v = NULL, *arr = NULL;
    const amc_member *m = NULL;
    (void)state;
    assert_int_equal(read_json("strings", in, sizeof in - 1, NULL, &ds, &doc), AMC_OK);
    root = amc_doc_root(doc);
    assert_int_equal(root->type, AMC_T_OBJECT);
    assert_int_equal(root->offset, 0);
    assert_int_equal(root->u.obj.len, 3);
    m = &root->u.obj.members[0];
    assert_int_equal(m->key_len, 3);
    assert_memory_equal(m->key, "a\0b", 4); /* includes the terminator */
    assert_int_equal(m->key_offset, 1);
    v = m->value;
    assert_int_equal(v->type, AMC_T_STRING);
    assert_int_equal(v->u.str.len, 2);
    assert_memory_equal(v->u.str.ptr, "x\0", 3);
    assert_int_equal(v->offset, 13);
    m = &root->u.obj.members[1];
    assert_int_equal(m->key_len, 3);
    assert_string_equal(m->key, "\xe6\x97\xa5");
    assert_int_equal(m->key_offset, 24);
    arr = m->value;
    assert_int_equal(arr->type, AMC_T_ARRAY);
    assert_int_equal(arr->offset, 31);
    assert_int_equal(arr->u.arr.len, 4);
    assert_int_equal(arr->u.arr.items[0]->type, AMC_T_BOOL);
    assert_true(arr->u.arr.items[0]->u.boolean);
    assert_int_equal(arr->u.arr.items[0]->offset, 32);
    assert_int_equal(arr->u.arr.items[1]->type, AMC_T_NULL);
    assert_int_equal(arr->u.arr.items[1]->offset, 38);
    assert_int_equal(arr->u.arr.items[2]->offset, 44);
    assert_string_equal(arr->u.arr.items[2]->u.num.text, "-1.5");
    assert_int_equal(arr->u.arr.items[3]->offset, 50);
    assert_string_equal(arr->u.arr.items[3]->u.str.ptr, "\xf0\x9f\x98\x80");
    assert_int_equal(root->u.obj.members[2].value->type, AMC_T_OBJECT);
    assert_int_equal(root->u.obj.members[2].value->u.obj.len, 0);
    assert_non_null(amc_value_at_pointer(root, "/\xe6\x97\xa5/3", 6));
    /* the doc keeps the source for positions */
    {
        size_t sl = 0;
        const char *src = amc_doc_source(doc, &sl);
        assert_int_equal(sl, sizeof in - 1);
        assert_memory_equal(src, in, sl);
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
}

/* ---- BOM ---- */

static void test_bom(void **state)
{
    const char in[] = "\xef\xbb\xbf{\"a\": 1}";
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const amc_diag *d = NULL;
    (void)state;
    assert_int_equal(read_json("bom", in, sizeof in - 1, NULL, &ds, &doc), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 1);
    d = amc_diags_get(ds, 0);
    assert_int_equal(d->code, AMC_C_JSON_BOM);
    assert_int_equal(d->sev, AMC_SEV_WARNING);
    assert_int_equal(d->at.offset, 0);
    /* offsets count the BOM bytes */
    assert_int_equal(amc_doc_root(doc)->offset, 3);
    assert_int_equal(amc_doc_root(doc)->u.obj.members[0].key_offset, 4);
    amc_doc_free(doc);
    amc_diags_free(ds);
}

/* ---- limits ---- */

static void nest(char *buf, size_t depth, size_t *len)
{
    size_t i = 0;
    for (i = 0; i < depth; i++)
        buf[i] = '[';
    for (i = 0; i < depth; i++)
        buf[depth + i] = ']';
    *len = 2 * depth;
}

static void test_depth(void **state)
{
    const size_t big = 100000;
    char *buf = malloc(2 * big + 16);
    size_t len = 0;
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const amc_diag *d = NULL;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    const amc_value *v = NULL;
    size_t depth = 0;
    (void)state;
    assert_non_null(buf);
    /* default 128: at the limit is fine */
    nest(buf, 128, &len);
    assert_int_equal(read_json("depth 128", buf, len, NULL, &ds, &doc), AMC_OK);
    amc_doc_free(doc);
    amc_diags_free(ds);
    /* one more is LIMIT_DEPTH at the 129th bracket */
    nest(buf, 129, &len);
    assert_int_equal(read_json("depth 129", buf, len, NULL, &ds, &doc), AMC_ELIMIT);
    d = amc_diags_get(ds, 0);
    assert_int_equal(d->code, AMC_C_LIMIT_DEPTH);
    assert_int_equal(d->at.offset, 128);
    amc_diags_free(ds);
    /* objects count too */
    memcpy(buf, "{\"a\":{\"b\":[{}]}}", 16);
    lim.max_depth = 3;
    assert_int_equal(read_json("depth objects", buf, 16, &lim, &ds, &doc), AMC_ELIMIT);
    assert_int_equal(amc_diags_get(ds, 0)->at.offset, 11);
    amc_diags_free(ds);
    /* a user-set depth of 100000 must not use the C stack */
    nest(buf, big, &len);
    lim.max_depth = (uint32_t)big;
    assert_int_equal(read_json("depth 100000", buf, len, &lim, &ds, &doc), AMC_OK);
    for (v = amc_doc_root(doc); v->u.arr.len; v = v->u.arr.items[0])
        depth++;
    assert_int_equal(depth, big - 1);
    amc_doc_free(doc);
    amc_diags_free(ds);
    /* mixed deep objects */
    len = 0;
    for (depth = 0; depth < 5000; depth++) {
        memcpy(buf + len, "{\"k\":[", 6);
        len += 6;
    }
    for (depth = 0; depth < 5000; depth++) {
        memcpy(buf + len, "]}", 2);
        len += 2;
    }
    lim.max_depth = 10000;
    assert_int_equal(read_json("deep objects", buf, len, &lim, &ds, &doc), AMC_OK);
    amc_doc_free(doc);
    amc_diags_free(ds);
    lim.max_depth = 9999;
    assert_int_equal(read_json("deep objects - 1", buf, len, &lim, &ds, &doc), AMC_ELIMIT);
    /* the 10000th container is the '[' of the 5000th "{\"k\":[" */
    assert_int_equal(amc_diags_get(ds, 0)->at.offset, 6 * 5000 - 1);
    amc_diags_free(ds);
    free(buf);
}

static void test_limits(void **state)
{
    static const struct {
        const char *name, *in;
        size_t max_input, max_string, max_nodes;
        amc_status st;
        amc_code code;
        size_t off;
    } cases[] = {
        {"size ok", "[1,2]", 5, 0, 0, AMC_OK, (amc_code)0, 0},
        {"size over", "[1,2] ", 5, 0, 0, AMC_ELIMIT, AMC_C_LIMIT_SIZE, 5},
        {"string ok", "[\"abc\"]", 0, 3, 0, AMC_OK, (amc_code)0, 0},
        {"string over", "[\"abcd\"]", 0, 3, 0, AMC_ELIMIT, AMC_C_LIMIT_STRING, 1},
        {"string escaped counts decoded", "[\"\\u0041\\u0042\\u0043\"]", 0, 3, 0, AMC_OK,
         (amc_code)0, 0},
        {"key over", "{\"abcd\":1}", 0, 3, 0, AMC_ELIMIT, AMC_C_LIMIT_STRING, 1},
        {"number over", "[12345]", 0, 4, 0, AMC_ELIMIT, AMC_C_LIMIT_STRING, 1},
        {"nodes ok", "[1,[2]]", 0, 0, 4, AMC_OK, (amc_code)0, 0},
        {"nodes over", "[1,[2],3]", 0, 0, 4, AMC_ELIMIT, AMC_C_LIMIT_NODES, 7},
        {"nodes over container", "[1,2,3,{}]", 0, 0, 4, AMC_ELIMIT, AMC_C_LIMIT_NODES, 7},
        {"nodes over at true", "[1,2,3,true]", 0, 0, 4, AMC_ELIMIT, AMC_C_LIMIT_NODES, 7},
        {"nodes over at false", "[1,2,3,false]", 0, 0, 4, AMC_ELIMIT, AMC_C_LIMIT_NODES, 7},
        {"nodes over at null", "[1,2,3,null]", 0, 0, 4, AMC_ELIMIT, AMC_C_LIMIT_NODES, 7},
        {"nodes over at a string", "[1,2,3,\"s\"]", 0, 0, 4, AMC_ELIMIT, AMC_C_LIMIT_NODES, 7},
        {"nodes over at a member", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", 0, 0, 4, AMC_ELIMIT,
         AMC_C_LIMIT_NODES, 23},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_limits lim = AMC_LIMITS_DEFAULT;
        amc_diags *ds = NULL;
        amc_doc *doc = NULL;
        amc_status st = AMC_OK;
        if (cases[i].max_input)
            lim.max_input_bytes = cases[i].max_input;
        if (cases[i].max_string)
            lim.max_string_bytes = cases[i].max_string;
        if (cases[i].max_nodes)
            lim.max_nodes = cases[i].max_nodes;
        st = read_json(cases[i].name, cases[i].in, strlen(cases[i].in), &lim, &ds, &doc);
        if (st != cases[i].st)
            fail_msg("%s: status %d want %d", cases[i].name, (int)st, (int)cases[i].st);
        if (st != AMC_OK) {
            const amc_diag *d = amc_diags_get(ds, 0);
            if (amc_diags_count(ds) != 1 || d->code != cases[i].code ||
                d->at.offset != cases[i].off)
                fail_msg("%s: got %s at %zu", cases[i].name, amc_code_id(d->code), d->at.offset);
        }
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

static void test_usage(void **state)
{
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = (amc_doc *)&doc;
    (void)state;
    assert_int_equal(amc_json_read("1", 1, NULL, ds, NULL), AMC_EUSAGE);
    assert_int_equal(amc_json_read("1", 1, NULL, NULL, &doc), AMC_EUSAGE);
    assert_null(doc);
    assert_int_equal(amc_json_read(NULL, 1, NULL, ds, &doc), AMC_EUSAGE);
    assert_int_equal(amc_json_read(NULL, 0, NULL, ds, &doc), AMC_EINVALID);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_EMPTY_INPUT);
    amc_diags_free(ds);
}

/* Many strings of every length 0..40 around the 8-byte scanning blocks, with a special byte at
 * every position: decoded value and error positions must not depend on alignment. */
static void test_string_scanner_alignment(void **state)
{
    size_t n = 0, at = 0, pad = 0;
    (void)state;
    for (pad = 0; pad < 8; pad++) {
        for (n = 0; n <= 40; n++) {
            for (at = 0; at <= n; at++) {
                char in[128], name[64];
                size_t len = 0, k = 0;
                amc_diags *ds = NULL;
                amc_doc *doc = NULL;
                const amc_value *v = NULL;
                snprintf(name, sizeof name, "pad %zu len %zu esc at %zu", pad, n, at);
                for (k = 0; k < pad; k++)
                    in[len++] = ' ';
                in[len++] = '"';
                for (k = 0; k < n; k++) {
                    if (k == at) {
                        memcpy(in + len, "\\n\xc3\xa9", 4);
                        len += 4;
                    }
                    in[len++] = (char)('a' + k % 26);
                }
                in[len++] = '"';
                assert_int_equal(read_json(name, in, len, NULL, &ds, &doc), AMC_OK);
                v = amc_doc_root(doc);
                if (v->u.str.len != n + (at < n ? 3 : 0) || v->u.str.ptr[v->u.str.len] != '\0')
                    fail_msg("%s: wrong length %zu", name, v->u.str.len);
                if (at < n && memcmp(v->u.str.ptr + at, "\n\xc3\xa9", 3) != 0)
                    fail_msg("%s: wrong decoding", name);
                amc_doc_free(doc);
                amc_diags_free(ds);
                /* the same with a raw control byte there: error exactly at it */
                in[pad + 1 + at] = '\x01';
                if (at < n) {
                    assert_int_equal(read_json(name, in, len, NULL, &ds, &doc), AMC_EINVALID);
                    if (amc_diags_get(ds, 0)->code != AMC_C_JSON_CONTROL_CHAR ||
                        amc_diags_get(ds, 0)->at.offset != pad + 1 + at)
                        fail_msg("%s: control byte reported at %zu", name,
                                 amc_diags_get(ds, 0)->at.offset);
                    amc_diags_free(ds);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),
        cmocka_unit_test(test_rejects),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_eof_context),
        cmocka_unit_test(test_duplicates),
        cmocka_unit_test(test_duplicate_key_shown),
        cmocka_unit_test(test_many_keys),
        cmocka_unit_test(test_nested_big_objects),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_numbers_match_doc_model),
        cmocka_unit_test(test_strings_and_offsets),
        cmocka_unit_test(test_bom),
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_usage),
        cmocka_unit_test(test_string_scanner_alignment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
