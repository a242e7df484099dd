/*
 * cli_html.h - self-contained HTML pages for amc's reports (issue 20): `amc conform --format
 * html`, `amc trace check --format html`, `amc audit --format html`, `amc report html`.
 *
 * Every page is one file: inline CSS, no external reference of any kind, readable with scripts
 * off, printable. Its Content-Security-Policy (a meta tag) is default-src 'none' plus the
 * page's own <style> and <script> elements by their SHA-256 hash (OpenSSL), so nothing outside
 * the page loads and nothing but its own code runs. Every string that came from an
 * implementation, a message or a file goes through cli_html_text() / cli_html_attr(), in HTML
 * and in inline SVG alike.
 */
#ifndef AMC_CLI_HTML_H
#define AMC_CLI_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <json-c/json.h>

/* Escapes s (n bytes) as HTML text or a double- or single-quoted attribute value: & < > " '
 * become character references; C0 controls other than tab and newline, DEL and NUL become
 * U+FFFD, as does a byte that is not valid UTF-8 (a NUL would end the string early in some readers,
 * a control can hide text). */
void cli_html_textn(FILE *out, const char *s, size_t n);
void cli_html_text(FILE *out, const char *s); /* NULL: nothing */
#define cli_html_attr cli_html_text

/* The page head: doctype, charset, viewport, the CSP meta tag (style and, when script is not
 * NULL, that script by hash), the title (escaped), the shared style sheet plus extra_css (may be
 * NULL), then "<body>". script (may be NULL) is placed at the end by cli_html_end(). */
void cli_html_begin(FILE *out, const char *title, const char *extra_css, const char *script);
/* The footer line ("amc VERSION"), the script if any, </body></html>. */
void cli_html_end(FILE *out, const char *script);

/* "sha256-<base64>" of s into buf (at least 60 bytes). Returns 0, -1 on failure. */
int cli_html_sha256(const char *s, char *buf, size_t size);

/* A horizontal stacked bar (inline SVG, no style attributes): n segments with counts and CSS
 * classes (b-pass, b-fail, b-excused, b-skip ...), each with a <title> "label: count"; labels
 * are amc's own words (not escaped again, but escaped anyway). */
void cli_html_bar(FILE *out, size_t n, const size_t *counts, const char *const *classes,
                  const char *const *labels);

/* json-c helpers for reading reports: a member's string (NULL when absent or not a string),
 * size (0 when absent), object (NULL). */
const char *cli_json_str(json_object *o, const char *key);
size_t cli_json_size(json_object *o, const char *key);
json_object *cli_json_obj(json_object *o, const char *key);

/* The page of a JSON conform report (conformance/REPORT.md) parsed with json-c: verdict, gate,
 * measured N of M and a bar per profile, failures grouped by rule with expected vs got, the
 * input as text (read from suite_dir/<input> when suite_dir is not NULL, at most 16 KiB) and
 * the replay command; skipped cases with what they need; excused cases with their reason. */
void cli_html_conform(FILE *out, json_object *report, const char *suite_dir);

/* `amc report html`: the page of several JSON conform reports side by side on out. Errors are
 * printed on stderr as "amc CMD: FILE: ..." (nothing written to out). Returns the exit status. */
struct cli_list;
int cli_html_report(const struct cli_list *files, FILE *out, const char *cmd);

#endif
