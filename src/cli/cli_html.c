/*
 * cli_html.c - the shared shell of amc's HTML pages (cli_html.h): escaping, the page head with
 * its Content-Security-Policy, the style sheet, stacked bars as inline SVG.
 *
 * Decisions:
 *   - No style attributes anywhere: a CSP that allows the style element by hash does not allow
 *     style="..." (that would need 'unsafe-inline' or 'unsafe-hashes'). Bars and timelines are
 *     inline SVG whose geometry and colours are attributes and classes.
 *   - The CSP is a meta tag (a file opened from disk or an attachment has no headers):
 *     default-src 'none' covers images, fonts, frames, fetches and scripts; style-src and
 *     script-src name the page's own elements by SHA-256; base-uri and form-action 'none'.
 *   - Text is written as valid UTF-8: an invalid byte becomes U+FFFD, like a control character.
 *   - Colours are readable in print (backgrounds are not printed by default: outcome words are
 *     always written next to colours) and the layout is one column under 700 px.
 */
#include "cli.h"
#include "cli_html.h"
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include "amc/amc.h"
#include "cli_conform.h"

/* The length of the valid UTF-8 sequence at s (at most n bytes), 0 when it is not one
 * (overlong forms, surrogates and code points past U+10FFFF are not). */
static size_t utf8_len(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t k = 0, i = 0;
    unsigned long cp = 0;
    if (u[0] >= 0xc2 && u[0] <= 0xdf)
        k = 2, cp = u[0] & 0x1f;
    else if (u[0] >= 0xe0 && u[0] <= 0xef)
        k = 3, cp = u[0] & 0x0f;
    else if (u[0] >= 0xf0 && u[0] <= 0xf4)
        k = 4, cp = u[0] & 0x07;
    else
        return 0;
    if (k > n)
        return 0;
    for (i = 1; i < k; i++) {
        if ((u[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (u[i] & 0x3f);
    }
    if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return k;
}

void cli_html_textn(FILE *out, const char *s, size_t n)
{
    size_t i = 0, run = 0;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *rep = NULL;
        switch (c) {
        case '&':
            rep = "&amp;";
            break;
        case '<':
            rep = "&lt;";
            break;
        case '>':
            rep = "&gt;";
            break;
        case '"':
            rep = "&quot;";
            break;
        case '\'':
            rep = "&#39;";
            break;
        default:
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
                rep = "\xef\xbf\xbd";
            } else if (c >= 0x80) {
                size_t k = utf8_len(s + i, n - i);
                if (k) {
                    i += k - 1;
                    continue;
                }
                rep = "\xef\xbf\xbd";
            }
            break;
        }
        if (!rep)
            continue;
        fwrite(s + run, 1, i - run, out);
        fputs(rep, out);
        run = i + 1;
    }
    fwrite(s + run, 1, n - run, out);
}

void cli_html_text(FILE *out, const char *s)
{
    if (s)
        cli_html_textn(out, s, strlen(s));
}

int cli_html_sha256(const char *s, char *buf, size_t size)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    char *b64 = NULL;
    if (EVP_Digest(s, strlen(s), md, &mdlen, EVP_sha256(), NULL) != 1)
        return -1;
    b64 = cli_base64_encode((const char *)md, mdlen);
    if (!b64)
        return -1;
    snprintf(buf, size, "sha256-%s", b64);
    free(b64);
    return 0;
}

static const char css[] =
    ":root{--pass:#1a7f37;--fail:#cf222e;--exc:#9a6700;--skip:#8c959f;--err:#8250df;"
    "--ink:#1f2328;--mute:#59636e;--line:#d1d9e0;--bg:#fff;--soft:#f6f8fa}\n"
    "*{box-sizing:border-box}\n"
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--ink);"
    "background:var(--bg);margin:0 auto;padding:1rem 1.5rem;max-width:1200px}\n"
    "h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.2rem;margin:1.6rem 0 .5rem;"
    "border-bottom:1px solid var(--line);padding-bottom:.2rem}h3{font-size:1rem;margin:1rem 0 "
    ".3rem}\n"
    "code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;"
    "font-size:.85rem}\n"
    "pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.5rem;"
    "overflow:auto;max-height:22rem;white-space:pre-wrap;word-break:break-all;margin:.3rem 0}\n"
    "table{border-collapse:collapse;width:100%;margin:.4rem 0}th,td{border-bottom:1px solid "
    "var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:var(--soft)"
    "}\n"
    "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".scroll{overflow-x:auto}\n"
    ".badge{display:inline-block;border-radius:1rem;padding:.1rem .7rem;font-weight:600;"
    "border:2px solid currentColor}\n"
    ".v-conformant,.o-pass,.g-pass{color:var(--pass)}.v-not-conformant,.o-fail,.o-xpass,.g-fail{"
    "color:var(--fail)}\n"
    ".v-incomplete,.o-xfail{color:var(--exc)}.v-not-measured,.o-skip,.o-not-tested,.g-not-"
    "measured{color:var(--skip)}.o-error{color:var(--err)}\n"
    ".meta{color:var(--mute);margin:.2rem 0}.meta b{color:var(--ink)}\n"
    ".headline{font-size:1.05rem;margin:.5rem 0}\n"
    "svg.bar{width:100%;max-width:420px;height:14px;display:block}\n"
    ".b-pass{fill:var(--pass)}.b-fail{fill:var(--fail)}.b-excused{fill:var(--exc)}"
    ".b-skip{fill:var(--skip)}.b-error{fill:var(--err)}.b-empty{fill:var(--soft)}\n"
    ".legend span{margin-right:1rem;white-space:nowrap}.sw{display:inline-block;width:.8rem;"
    "height:.8rem;border-radius:2px;vertical-align:middle;margin-right:.25rem}\n"
    ".sw.pass{background:var(--pass)}.sw.fail{background:var(--fail)}.sw.excused{background:"
    "var(--exc)}.sw.skip{background:var(--skip)}.sw.error{background:var(--err)}\n"
    ".case{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;"
    "padding:.5rem .7rem;margin:.5rem 0;break-inside:avoid}\n"
    ".case.o-xfail{border-left-color:var(--exc)}.case.o-error{border-left-color:var(--err)}"
    ".case.o-not-tested{border-left-color:var(--skip)}\n"
    ".case .cid{font-weight:600;color:var(--ink)}.case dl{display:grid;grid-template-columns:"
    "max-content 1fr;gap:.15rem .8rem;margin:.3rem 0}.case dt{color:var(--mute)}.case dd{margin:0;"
    "color:var(--ink);min-width:0}\n"
    ".rule{margin-top:1rem}.lvl{font-size:.75rem;border-radius:4px;padding:0 .35rem;margin-left:"
    ".4rem;border:1px solid currentColor}.lvl.MUST{color:var(--fail)}.lvl.SHOULD{color:var(--exc)}"
    "\n"
    "footer{color:var(--mute);font-size:.8rem;margin-top:2rem;border-top:1px solid var(--line);"
    "padding-top:.4rem}\n"
    "@media (max-width:700px){body{padding:.6rem;font-size:14px}.case dl{grid-template-columns:"
    "1fr}.case dt{margin-top:.3rem}th,td{padding:.25rem .3rem}.hide-narrow{display:none}}\n"
    "@media print{body{max-width:none;padding:0;font-size:11pt}pre{max-height:none;overflow:"
    "visible}.noprint{display:none}a{color:inherit;text-decoration:none}h2{break-after:avoid}"
    "svg.bar,svg.tl{print-color-adjust:exact;-webkit-print-color-adjust:exact}}\n";

void cli_html_begin(FILE *out, const char *title, const char *extra_css, const char *script)
{
    char sh[80] = "", jh[80] = "";
    size_t n = strlen(css) + (extra_css ? strlen(extra_css) : 0) + 1;
    char *all = malloc(n);
    if (all) {
        snprintf(all, n, "%s%s", css, extra_css ? extra_css : "");
        if (cli_html_sha256(all, sh, sizeof sh) != 0)
            cli_nomem();
    } else {
        cli_nomem(); /* no hash: the browser would refuse the page's style */
    }
    if (script && cli_html_sha256(script, jh, sizeof jh) != 0)
        cli_nomem(); /* no hash: the browser would refuse the page's script */
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
          out);
    fprintf(out,
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src '%s'; script-src %s%s%s; img-src 'none'; base-uri 'none'; form-action "
            "'none'\">\n",
            sh, script ? "'" : "'none'", script ? jh : "", script ? "'" : "");
    fputs("<meta name=\"referrer\" content=\"no-referrer\">\n<meta name=\"generator\" "
          "content=\"amc " AMC_VERSION_STRING "\">\n<title>",
          out);
    cli_html_text(out, title);
    fputs("</title>\n<style>", out);
    fputs(all ? all : css, out);
    fputs("</style>\n</head>\n<body>\n", out);
    free(all);
}

void cli_html_end(FILE *out, const char *script)
{
    fputs("<footer>Written by amc " AMC_VERSION_STRING
          ". Self-contained: this page loads nothing from anywhere.</footer>\n",
          out);
    if (script) {
        fputs("<script>", out);
        fputs(script, out);
        fputs("</script>\n", out);
    }
    fputs("</body>\n</html>\n", out);
}

void cli_html_bar(FILE *out, size_t n, const size_t *counts, const char *const *classes,
                  const char *const *labels)
{
    size_t total = 0, i = 0;
    double x = 0;
    for (i = 0; i < n; i++)
        total += counts[i];
    fputs("<svg class=\"bar\" viewBox=\"0 0 1000 14\" preserveAspectRatio=\"none\" role=\"img\" "
          "aria-label=\"",
          out);
    for (i = 0; i < n; i++) {
        fprintf(out, "%s%zu ", i ? ", " : "", counts[i]);
        cli_html_text(out, labels[i]);
    }
    fputs("\">", out);
    if (!total)
        fputs("<rect class=\"b-empty\" x=\"0\" y=\"0\" width=\"1000\" height=\"14\"/>", out);
    for (i = 0; total && i < n; i++) {
        double w = 1000.0 * (double)counts[i] / (double)total;
        if (!counts[i])
            continue;
        fprintf(out, "<rect class=\"%s\" x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"14\"><title>",
                classes[i], x, w);
        cli_html_text(out, labels[i]);
        fprintf(out, ": %zu</title></rect>", counts[i]);
        x += w;
    }
    fputs("</svg>", out);
}

const char *cli_json_str(json_object *o, const char *key)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v)
               : NULL;
}

size_t cli_json_size(json_object *o, const char *key)
{
    json_object *v = NULL;
    int64_t n = 0;
    if (!o || !json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_int))
        return 0;
    n = json_object_get_int64(v);
    return n > 0 ? (size_t)n : 0;
}

json_object *cli_json_obj(json_object *o, const char *key)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}
