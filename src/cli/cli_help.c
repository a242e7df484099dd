/*
 * cli_help.c - renders the command declarations (cli_opt.h) as `amc CMD --help`, `amc help`
 * and the man page (`amc help --man` > docs/amc.1; a docs test keeps the file current).
 *
 * Text markup of descriptions, option help and the man page sections: one paragraph per line;
 * a line starting with two spaces is verbatim (consecutive ones form one block); a line
 * starting with "- " is a list item. --help wraps at 79 columns; roff is left to man to fill,
 * with --option names in bold, placeholders (FILE, N) in italics.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

enum { WIDTH = 79, OPT_COL = 24 };

/* ---- plain text ---- */

/* Prints the words of s[0..n) from column col, wrapping at WIDTH to column indent. Returns the
 * column after the last word. */
static int wrap(FILE *out, const char *s, size_t n, int indent, int col)
{
    size_t i = 0;
    bool first = true;
    while (i < n) {
        size_t w = 0;
        while (i < n && s[i] == ' ')
            i++;
        while (i + w < n && s[i + w] != ' ')
            w++;
        if (!w)
            break;
        if (!first && col + 1 + (int)w > WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        } else if (!first) {
            fputc(' ', out);
            col++;
        }
        fwrite(s + i, 1, w, out);
        col += (int)w;
        first = false;
        i += w;
    }
    return col;
}

typedef enum { LINE_PROSE, LINE_VERBATIM, LINE_ITEM } line_kind;

static line_kind kind_of(const char *l)
{
    if (l[0] == ' ' && l[1] == ' ')
        return LINE_VERBATIM;
    if (l[0] == '-' && l[1] == ' ')
        return LINE_ITEM;
    return LINE_PROSE;
}

/* Prints marked-up text, every line indented by indent. */
static void text_block(FILE *out, const char *text, int indent)
{
    const char *p = text;
    int prev = -1;
    while (p && *p) {
        size_t n = strcspn(p, "\n");
        line_kind k = kind_of(p);
        if (prev != -1 && !((int)k == prev && k != LINE_PROSE))
            fputc('\n', out);
        if (k == LINE_VERBATIM) {
            fprintf(out, "%*s%.*s\n", indent, "", (int)n, p);
        } else if (k == LINE_ITEM) {
            fprintf(out, "%*s  - ", indent, "");
            wrap(out, p + 2, n - 2, indent + 4, indent + 4);
            fputc('\n', out);
        } else {
            fprintf(out, "%*s", indent, "");
            wrap(out, p, n, indent, indent);
            fputc('\n', out);
        }
        prev = (int)k;
        p += n;
        if (*p == '\n')
            p++;
    }
}

/* The value placeholder of an option: .arg, or the allowed enum names joined by '|'. */
static void arg_of(const cli_opt *o, char *buf, size_t cap)
{
    size_t k = 0, len = 0;
    buf[0] = '\0';
    if (o->kind == CLI_FLAG)
        return;
    if (o->arg || o->kind != CLI_ENUM) {
        snprintf(buf, cap, "%s", o->arg ? o->arg : "VALUE");
        return;
    }
    for (k = 0; o->values[k].name; k++) {
        const char *a = o->allow;
        size_t nl = strlen(o->values[k].name);
        bool ok = !a;
        while (a && *a && !ok) {
            size_t w = strcspn(a, " ");
            ok = w == nl && !strncmp(a, o->values[k].name, nl);
            a += w + (a[w] == ' ');
        }
        if (ok && len + nl + 2 < cap) {
            if (len)
                buf[len++] = '|';
            memcpy(buf + len, o->values[k].name, nl + 1);
            len += nl;
        }
    }
}

/* "-x, --name ARG" */
static void spec_of(const cli_opt *o, char *buf, size_t cap)
{
    char arg[160];
    arg_of(o, arg, sizeof arg);
    if (o->short_name && o->name)
        snprintf(buf, cap, "-%c, --%s%s%s", o->short_name, o->name, *arg ? " " : "", arg);
    else if (o->name)
        snprintf(buf, cap, "--%s%s%s", o->name, *arg ? " " : "", arg);
    else
        snprintf(buf, cap, "-%c%s%s", o->short_name, *arg ? " " : "", arg);
}

static void text_option(FILE *out, const char *spec, const char *help, const char *def)
{
    int col = fprintf(out, "  %s", spec);
    if (col + 1 > OPT_COL) {
        fprintf(out, "\n%*s", OPT_COL, "");
    } else {
        fprintf(out, "%*s", OPT_COL - col, "");
    }
    col = wrap(out, help, strlen(help), OPT_COL, OPT_COL);
    if (def) {
        char d[200];
        snprintf(d, sizeof d, "(default %s)", def);
        if (col + 1 + (int)strlen(d) > WIDTH)
            fprintf(out, "\n%*s", OPT_COL, "");
        else
            fputc(' ', out);
        fputs(d, out);
    }
    fputc('\n', out);
}

/* The synopsis generated from the options: "[--name ARG]..." for each visible option, then the
 * operands. Returns a new string (free()) or NULL. */
static char *generated_synopsis(const cli_command *cmd)
{
    cli_opt *r = cli_resolve_options(cmd);
    size_t i = 0, cap = 64, len = 0;
    char *out = NULL;
    for (i = 0; r && (r[i].name || r[i].short_name); i++)
        cap += 200;
    out = r ? malloc(cap + (cmd->operands ? strlen(cmd->operands) : 0)) : NULL;
    for (i = 0; out && (r[i].name || r[i].short_name); i++) {
        char arg[160];
        if (r[i].hidden)
            continue;
        arg_of(&r[i], arg, sizeof arg);
        if (r[i].name)
            len += (size_t)sprintf(out + len, "%s[--%s%s%s]%s", len ? " " : "", r[i].name,
                                   *arg ? " " : "", arg, r[i].kind == CLI_LIST ? "..." : "");
        else
            len += (size_t)sprintf(out + len, "%s[-%c%s%s]", len ? " " : "", r[i].short_name,
                                   *arg ? " " : "", arg);
    }
    if (out)
        sprintf(out + len, "%s%s", len && cmd->operands ? " " : "",
                cmd->operands ? cmd->operands : "");
    free(r);
    return out;
}

static void synopsis_lines(const cli_command *cmd,
                           void (*line)(FILE *, const cli_command *, const char *, bool), FILE *out)
{
    size_t i = 0;
    if (!cmd->synopsis) {
        char *gen = generated_synopsis(cmd);
        if (!gen)
            cli_nomem(); /* the synopsis is missing */
        line(out, cmd, gen ? gen : "", true);
        free(gen);
        return;
    }
    for (i = 0; cmd->synopsis[i]; i++)
        line(out, cmd, cmd->synopsis[i], i == 0);
}

/* "usage: amc NAME SYNOPSIS", wrapped at WIDTH between bracketed groups. */
static void text_synopsis(FILE *out, const cli_command *cmd, const char *syn, bool first)
{
    int indent = (int)strlen("usage: amc ") + (int)strlen(cmd->name);
    int col = fprintf(out, "%s amc %s", first ? "usage:" : "      ", cmd->name);
    const char *p = syn;
    while (*p) {
        size_t w = 0;
        int depth = 0;
        while (p[w] && (depth > 0 || p[w] != ' ')) {
            depth += p[w] == '[' || p[w] == '(' ? 1 : p[w] == ']' || p[w] == ')' ? -1 : 0;
            w++;
        }
        if (col + 1 + (int)w > WIDTH && col > indent) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        }
        col += fprintf(out, " %.*s", (int)w, p);
        p += w;
        while (*p == ' ')
            p++;
    }
    fputc('\n', out);
}

void cli_print_help(const cli_command *cmd, FILE *out)
{
    cli_opt *r = cli_resolve_options(cmd);
    size_t i = 0;
    if (!r)
        cli_nomem(); /* the options are missing below */
    synopsis_lines(cmd, text_synopsis, out);
    fputc('\n', out);
    text_block(out, cmd->description, 0);
    fprintf(out, "\noptions:\n");
    for (i = 0; r && (r[i].name || r[i].short_name); i++) {
        char spec[200];
        if (r[i].hidden)
            continue;
        spec_of(&r[i], spec, sizeof spec);
        text_option(out, spec, r[i].help, r[i].def);
    }
    text_option(out, "-h, --help", "print this help", NULL);
    free(r);
    if (cmd->verbs) {
        fprintf(out, "\nverbs (amc %s VERB --help for each):\n", cmd->name);
        for (i = 0; cmd->verbs[i]; i++)
            text_option(out, cli_verb_word(cmd->verbs[i]), cmd->verbs[i]->summary, NULL);
    }
    if (cmd->help_more) {
        fputc('\n', out);
        cmd->help_more(out);
    }
    fprintf(out, "\nexit status:\n");
    for (i = 0; cmd->exits[i].meaning; i++) {
        int col = fprintf(out, "  %d  ", cmd->exits[i].code);
        wrap(out, cmd->exits[i].meaning, strlen(cmd->exits[i].meaning), col, col);
        fputc('\n', out);
    }
    if (cmd->examples && cmd->examples[0].cmd) {
        fprintf(out, "\nexamples:\n");
        for (i = 0; cmd->examples[i].cmd; i++) {
            fprintf(out, "%s  ", i ? "\n" : "");
            wrap(out, cmd->examples[i].what, strlen(cmd->examples[i].what), 2, 2);
            fprintf(out, "\n    %s\n", cmd->examples[i].cmd);
        }
    }
}

void cli_print_commands(FILE *out)
{
    size_t i = 0;
    fprintf(out,
            "usage: amc <command> [options] [args]\n\n"
            "amc - Agent Message Conformance kit %s\n\ncommands:\n",
            amc_version());
    for (i = 0; i < cli_command_count(); i++) {
        const cli_command *c = cli_command_at(i);
        if (!c->hidden)
            fprintf(out, "  %-12s %s\n", c->name, c->summary);
    }
    fprintf(out, "\nRun 'amc help <command>' or 'amc <command> --help' for a command's "
                 "options.\n");
}

/* ---- roff ---- */

static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
}

/* Escapes s[0..n) for roff; --option names in bold when bold_opts. at_bol: s starts a line. */
static void roff_text(FILE *out, const char *s, size_t n, bool bold_opts, bool at_bol)
{
    size_t i = 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (at_bol && (c == '.' || c == '\''))
            fputs("\\&", out);
        at_bol = false;
        if (bold_opts && c == '-' && i + 2 < n && s[i + 1] == '-' && is_word_char(s[i + 2]) &&
            (i == 0 || !is_word_char(s[i - 1]))) {
            size_t j = i + 2;
            fputs("\\fB\\-\\-", out);
            while (j < n && is_word_char(s[j]))
                j++;
            while (j > i + 2 && s[j - 1] == '-')
                j--; /* "--max-size-" is not a name */
            roff_text(out, s + i + 2, j - i - 2, false, false);
            fputs("\\fR", out);
            i = j - 1;
            continue;
        }
        if (c == '\\')
            fputs("\\e", out);
        else if (c == '-')
            fputs("\\-", out);
        else
            fputc(c, out);
    }
}

/* Synopsis-like text: literal words (options, lower-case words) bold, placeholders italic. */
static void roff_syntax(FILE *out, const char *s)
{
    size_t i = 0, n = strlen(s);
    while (i < n) {
        size_t w = 0;
        bool lower = false;
        while (i + w < n && (is_word_char(s[i + w]) || (w && s[i + w] == '.' && i + w + 1 < n &&
                                                        is_word_char(s[i + w + 1])))) {
            if (s[i + w] >= 'a' && s[i + w] <= 'z')
                lower = true;
            w++;
        }
        if (!w) {
            roff_text(out, s + i, 1, false, false);
            i++;
            continue;
        }
        fputs(s[i] == '-' || lower ? "\\fB" : "\\fI", out);
        roff_text(out, s + i, w, false, false);
        fputs("\\fR", out);
        i += w;
    }
}

static void roff_block(FILE *out, const char *text)
{
    const char *p = text;
    int prev = -1;
    while (p && *p) {
        size_t n = strcspn(p, "\n");
        line_kind k = kind_of(p);
        if (prev == (int)LINE_VERBATIM && k != LINE_VERBATIM)
            fputs(".fi\n.RE\n", out);
        if (k == LINE_VERBATIM) {
            if (prev != (int)LINE_VERBATIM)
                fputs(".PP\n.RS 4\n.nf\n", out);
            roff_text(out, p + 2, n - 2, false, true);
        } else if (k == LINE_ITEM) {
            fputs(".IP \\(bu 2\n", out);
            roff_text(out, p + 2, n - 2, true, true);
        } else {
            fputs(".PP\n", out);
            roff_text(out, p, n, true, true);
        }
        fputc('\n', out);
        prev = (int)k;
        p += n;
        if (*p == '\n')
            p++;
    }
    if (prev == (int)LINE_VERBATIM)
        fputs(".fi\n.RE\n", out);
}

static void roff_synopsis(FILE *out, const cli_command *cmd, const char *syn, bool first)
{
    fprintf(out, "%s\\fBamc ", first ? "" : ".br\n");
    roff_text(out, cmd->name, strlen(cmd->name), false, false);
    fputs("\\fR ", out);
    roff_syntax(out, syn);
    fputc('\n', out);
}

static void roff_command(FILE *out, const cli_command *cmd)
{
    cli_opt *r = cli_resolve_options(cmd);
    size_t i = 0;
    if (!r)
        cli_nomem(); /* the options are missing below */
    fprintf(out, ".SS \"amc ");
    roff_text(out, cmd->name, strlen(cmd->name), false, false);
    fputs("\"\n", out);
    synopsis_lines(cmd, roff_synopsis, out);
    roff_block(out, cmd->description);
    if (r && (r[0].name || r[0].short_name)) {
        fputs(".PP\n.B Options\n", out);
        for (i = 0; r[i].name || r[i].short_name; i++) {
            char spec[200];
            if (r[i].hidden)
                continue;
            spec_of(&r[i], spec, sizeof spec);
            fputs(".TP\n", out);
            roff_syntax(out, spec);
            fputc('\n', out);
            roff_text(out, r[i].help, strlen(r[i].help), true, true);
            if (r[i].def) {
                fputs(" (default ", out);
                roff_text(out, r[i].def, strlen(r[i].def), false, false);
                fputc(')', out);
            }
            fputc('\n', out);
        }
    }
    free(r);
    fputs(".PP\n.B Exit status\n.PD 0\n", out);
    for (i = 0; cmd->exits[i].meaning; i++) {
        fprintf(out, ".TP 4\n.B %d\n", cmd->exits[i].code);
        roff_text(out, cmd->exits[i].meaning, strlen(cmd->exits[i].meaning), true, true);
        fputc('\n', out);
    }
    fputs(".PD\n", out);
    if (cmd->examples && cmd->examples[0].cmd) {
        fputs(".PP\n.B Examples\n", out);
        for (i = 0; cmd->examples[i].cmd; i++) {
            fputs(".PP\n", out);
            roff_text(out, cmd->examples[i].what, strlen(cmd->examples[i].what), true, true);
            fputs("\n.RS 4\n.nf\n", out);
            roff_text(out, cmd->examples[i].cmd, strlen(cmd->examples[i].cmd), false, true);
            fputs("\n.fi\n.RE\n", out);
        }
    }
}

/* The parts of the man page that belong to no command. */
static const struct {
    const char *title, *text;
} man_sections[] = {
    {"OUTPUT",
     "Diagnostics are printed one per line as\n"
     "  file:line:col: severity[CODE] RULE-ID: message (at /instance/pointer) [CODE2]\n"
     "with 1-based lines and columns (columns count characters). RULE-ID is the catalog rule "
     "of a profile, lifecycle or workspace finding (absent for a reader's or the schema "
     "engine's own); [CODE2] ends a line whose finding also answers to a second code (the "
     "reader error a profile rule restates). A finding is printed once. Colour only on a terminal "
     "(the NO_COLOR environment variable turns colour off), or as JSON or SARIF 2.1.0 with "
     "--format. A usage error names the command, the option and the value, e.g. \"amc validate: "
     "--max-depth: 'x' is not a number\", and suggests the nearest option or command on a "
     "typo."},
    {"ENVIRONMENT", "- NO_COLOR: when set and not empty, no colour on a terminal.\n"
                    "- AMC_CONFORMANCE_DIR: the fixture root of amc conform when --suite is not "
                    "given."},
    {"FILES", "share/amc/schemas: the JSON Schemas embedded in the binary, installed for other "
              "tools."},
    {"SEE ALSO", "The README and docs/ of the amc source tree: docs/codes.md (every diagnostic "
                 "code), docs/lint-rules.md, docs/profiles/ (the protocol profiles), "
                 "conformance/PROTOCOL.md (the adapter protocol)."},
};

/* What each exit status means across commands; every command's statuses must be here. */
static const cli_exit exit_meanings[] = {
    {0, "success: valid, well-formed, conformant, or the information asked for was printed"},
    {1, "invalid, malformed or not conformant (with --strict, warnings too)"},
    {2, "usage error (unknown option, bad value), I/O error, or an invalid schema, policy or "
        "suite"},
    {3, "amc conform: not measured; amc fuzz, amc probe: nothing to check (the implementation "
        "or server could not be reached)"},
    {0, NULL},
};

static int check_exits_of(const cli_command *c)
{
    size_t k = 0, j = 0;
    for (k = 0; c->exits[k].meaning; k++) {
        for (j = 0; exit_meanings[j].meaning; j++)
            if (exit_meanings[j].code == c->exits[k].code)
                break;
        if (!exit_meanings[j].meaning) {
            fprintf(stderr,
                    "amc: internal error: exit status %d of amc %s is not described in "
                    "cli_help.c exit_meanings\n",
                    c->exits[k].code, c->name);
            return -1;
        }
    }
    for (k = 0; c->verbs && c->verbs[k]; k++)
        if (check_exits_of(c->verbs[k]) != 0)
            return -1;
    return 0;
}

static int check_exits(void)
{
    size_t i = 0;
    for (i = 0; i < cli_command_count(); i++)
        if (check_exits_of(cli_command_at(i)) != 0)
            return -1;
    return 0;
}

/* A command's section, then one for each of its verbs. */
static void roff_command_verbs(FILE *out, const cli_command *cmd)
{
    size_t i = 0;
    roff_command(out, cmd);
    for (i = 0; cmd->verbs && cmd->verbs[i]; i++)
        roff_command(out, cmd->verbs[i]);
}

int cli_print_man(FILE *out)
{
    size_t i = 0;
    if (cli_check_all() != 0 || check_exits() != 0)
        return CLI_EXIT_ERROR;
    fprintf(out, ".\\\" Generated by `amc help --man` from the command declarations "
                 "(src/cli/cmd_*.c); do not edit.\n");
    fprintf(out, ".TH AMC 1 \"\" \"amc %s\" \"User Commands\"\n", amc_version());
    fputs(".SH NAME\namc \\- Agent Message Conformance kit: parse, validate and lint agent "
          "messages and schemas, check implementations\n.SH SYNOPSIS\n",
          out);
    fputs("\\fBamc\\fR \\fIcommand\\fR [\\fIoptions\\fR] [\\fIargs\\fR]\n", out);
    for (i = 0; i < cli_command_count(); i++) {
        const cli_command *c = cli_command_at(i);
        size_t k = 0;
        fputs(".PP\n", out);
        synopsis_lines(c, roff_synopsis, out);
        for (k = 0; c->verbs && c->verbs[k]; k++) {
            fputs(".PP\n", out);
            synopsis_lines(c->verbs[k], roff_synopsis, out);
        }
    }
    fputs(".SH DESCRIPTION\n", out);
    roff_block(out, "amc is the reference parser and validator for five multi-agent messaging "
                    "protocols and the kit that checks other implementations of them. Every "
                    "command accepts --help; amc help lists the commands.");
    for (i = 0; i < cli_command_count(); i++) {
        const cli_command *c = cli_command_at(i);
        fputs(".TP\n.B ", out);
        roff_text(out, c->name, strlen(c->name), false, false);
        fputc('\n', out);
        roff_text(out, c->summary, strlen(c->summary), true, true);
        fputc('\n', out);
    }
    fputs(".SH COMMANDS\n", out);
    for (i = 0; i < cli_command_count(); i++)
        roff_command_verbs(out, cli_command_at(i));
    fputs(".SH EXIT STATUS\n", out);
    for (i = 0; exit_meanings[i].meaning; i++) {
        fprintf(out, ".TP\n.B %d\n", exit_meanings[i].code);
        roff_text(out, exit_meanings[i].meaning, strlen(exit_meanings[i].meaning), true, true);
        fputc('\n', out);
    }
    for (i = 0; i < sizeof man_sections / sizeof man_sections[0]; i++) {
        fprintf(out, ".SH %s\n", man_sections[i].title);
        roff_block(out, man_sections[i].text);
    }
    return CLI_EXIT_OK;
}
