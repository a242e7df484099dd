/*
 * cmd_sign.c - amc sign: the mailbox signature of envelopes (docs/profiles/mailbox.md
 * "Signature schemes"), so implementers can test their signer.
 *
 * Decisions:
 *   - Output is conformance/mailbox/tools/sign.mjs's --print format: "FILE SIGNATURE", and for a
 *     *.jsonl file "FILE:N SIGNATURE" per non-empty line (N counts the non-empty lines, as
 *     sign.mjs does).
 *   - --scheme defaults to sha256 (the implementation's scheme, as sign.mjs), or to the
 *     policy's security.signature_algorithm when --policy is given. hmac_sha256 takes the key of
 *     the envelope's key_id from --keyring (else the policy's security.keyring_file, relative
 *     to the policy file).
 *   - --write replaces the text of the top-level "signature" string value in place, keeping the
 *     rest of the file byte for byte (sign.mjs re-serializes instead; on the fixtures, written by
 *     JSON.stringify, both give the same bytes). An envelope without a string "signature"
 *     member is an error for --write, and a file with any envelope that cannot be signed is
 *     left unchanged (no partial rewrite).
 *   - Exit status: 0 all signed, 1 some envelope could not be signed (JSON error, no key),
 *     2 usage or I/O error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static void print_diags(const char *file, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        cli_print_diag_text(stderr, file, amc_diags_get(ds, i), cli_use_color(stderr));
}

/* Signs env[0..len); for --write appends the rewritten envelope to *out. Returns 0, 1 when
 * the envelope cannot be signed (reported), 2 out of memory (reported). */
static int sign_one(const char *where, const char *env, size_t len, const amc_policy *pol,
                    const char *scheme, bool write, FILE *out)
{
    char sig[65];
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    const amc_value *sv = NULL;
    int rc = 1;
    size_t a = 0, b = 0;
    amc_status st = AMC_OK;
    if (!ds) {
        fprintf(stderr, "amc sign: out of memory\n");
        return CLI_EXIT_ERROR;
    }
    st = amc_mailbox_signature(env, len, pol, scheme, ds, sig);
    if (st != AMC_OK) {
        print_diags(where, ds);
        if (st == AMC_ENOMEM) {
            if (!amc_diags_count(ds))
                fprintf(stderr, "amc sign: out of memory\n");
            rc = CLI_EXIT_ERROR;
        }
        goto out;
    }
    if (!write) {
        printf("%s %s\n", where, sig);
        rc = 0;
        goto out;
    }
    st = amc_json_read(env, len, NULL, ds, &doc);
    if (st != AMC_OK) {
        if (st == AMC_ENOMEM) {
            fprintf(stderr, "amc sign: out of memory\n");
            rc = CLI_EXIT_ERROR;
        }
        goto out;
    }
    sv = amc_value_getz(amc_doc_root(doc), "signature");
    if (!sv || sv->type != AMC_T_STRING) {
        fprintf(stderr, "amc sign: %s: no string \"signature\" member to write\n", where);
        goto out;
    }
    a = sv->offset; /* the opening quote */
    for (b = a + 1; b < len && env[b] != '"'; b++)
        if (env[b] == '\\')
            b++;
    fwrite(env, 1, a, out);
    fprintf(out, "\"%s\"", sig);
    fwrite(env + b + 1, 1, len - b - 1, out);
    rc = 0;
out:
    amc_doc_free(doc);
    amc_diags_free(ds);
    return rc;
}

/* --write: replaces the file's bytes. Returns 0 or 2 (reported). */
static int write_back(const char *file, const char *mem, size_t memlen)
{
    FILE *f = fopen(file, "wb");
    int rc = 0;
    if (!f) {
        perror(file);
        return CLI_EXIT_ERROR;
    }
    if (fwrite(mem, 1, memlen, f) != memlen)
        rc = CLI_EXIT_ERROR;
    if (fclose(f) != 0)
        rc = CLI_EXIT_ERROR;
    if (rc) /* was exit 2 without a word */
        fprintf(stderr, "amc sign: cannot write %s: %s (it may be left partly written)\n", file,
                strerror(errno));
    return rc;
}

static int sign_file(const char *file, const amc_policy *pol, const char *scheme, bool write)
{
    char *buf = NULL, *mem = NULL, where[4096];
    size_t len = 0, off = 0, n = strlen(file), memlen = 0, count = 0;
    bool lines = n > 6 && !strcmp(file + n - 6, ".jsonl");
    FILE *out = NULL;
    int rc = 0;
    if (cli_read_file(file, (size_t)1 << 26, &buf, &len) != 0)
        return CLI_EXIT_ERROR;
    if (write) {
        out = open_memstream(&mem, &memlen);
        if (!out) {
            free(buf);
            return CLI_EXIT_ERROR;
        }
    }
    while (off < len || (!lines && off == 0)) {
        size_t end = len, i = 0;
        if (lines) {
            end = off;
            while (end < len && buf[end] != '\n')
                end++;
            for (i = off; i < end && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r'); i++)
                ;
            if (i == end) {
                if (out)
                    fwrite(buf + off, 1, end - off + (end < len), out);
                off = end + 1;
                continue;
            }
            snprintf(where, sizeof where, "%s:%zu", file, ++count);
        } else {
            snprintf(where, sizeof where, "%s", file);
        }
        int r = sign_one(where, buf + off, end - off, pol, scheme, write, out);
        if (r != 0) {
            rc = r > rc ? r : rc;
            if (out) /* keep the envelope as it was */
                fwrite(buf + off, 1, end - off, out);
        }
        if (out && lines && end < len)
            fputc('\n', out);
        off = end + 1;
        if (!lines)
            break;
    }
    if (out) {
        fclose(out);
        if (rc == 0)
            rc = write_back(file, mem, memlen);
        free(mem);
    }
    free(buf);
    return rc;
}

typedef struct sargs {
    const char *scheme, *keyring, *policy;
    bool write;
} sargs;

static int sign_main(void *args, const cli_list *files)
{
    const sargs *a = args;
    const char *scheme = a->scheme;
    amc_policy *pol = NULL;
    amc_diags *ds = NULL;
    int rc = CLI_EXIT_OK;
    size_t i = 0;
    if (!scheme && !a->policy)
        scheme = "sha256";
    if (cli_load_policy("sign", a->policy, a->keyring, true, (size_t)1 << 26, &pol) != 0)
        return CLI_EXIT_ERROR;
    ds = pol ? NULL : amc_diags_new(0);
    if (!pol && (!ds || amc_policy_read("{}", 2, ds, &pol) != AMC_OK)) {
        fprintf(stderr, "amc sign: out of memory\n");
        amc_diags_free(ds);
        return CLI_EXIT_ERROR;
    }
    for (i = 0; i < files->n; i++) {
        int r = sign_file(files->v[i], pol, scheme, a->write);
        if (r > rc)
            rc = r;
    }
    amc_diags_free(ds);
    amc_policy_free(pol);
    return rc;
}

static const char *check_scheme(const char *v)
{
    return strcmp(v, "sha256") && strcmp(v, "hmac_sha256") ? "is not sha256 or hmac_sha256" : NULL;
}

const cli_command cli_cmd_sign = {
    .name = "sign",
    .summary = "print or write the mailbox signature (sha256 / hmac_sha256) of envelopes",
    .description =
        "Prints the mailbox signature of each envelope (lowercase hex SHA-256 or HMAC-SHA256 "
        "of its RFC 8785 canonical form with \"signature\" set to \"\") as \"FILE SIGNATURE\" "
        "(a *.jsonl file: \"FILE:N SIGNATURE\" per envelope), so implementers can test their "
        "signer. --write replaces the text of the top-level \"signature\" string in place and "
        "keeps the rest of the file byte for byte; a file with an envelope that cannot be "
        "signed is left unchanged.",
    .options = (const cli_opt[]){{.name = "scheme",
                                  .kind = CLI_STRING,
                                  .arg = "sha256|hmac_sha256",
                                  CLI_AT(sargs, scheme),
                                  .check = check_scheme,
                                  .help = "sha256 (unkeyed; the default without --policy) or "
                                          "hmac_sha256 (the key of the envelope's key_id); "
                                          "default with --policy: its "
                                          "security.signature_algorithm"},
                                 {.shared = &cli_opt_keyring,
                                  CLI_AT(sargs, keyring),
                                  .help = "keyring for hmac_sha256 (docs/profiles/mailbox.md)"},
                                 {.shared = &cli_opt_policy,
                                  CLI_AT(sargs, policy),
                                  .help = "mailbox policy: its signature_algorithm and "
                                          "keyring_file"},
                                 {.name = "write",
                                  .kind = CLI_FLAG,
                                  CLI_AT(sargs, write),
                                  .help = "write the signature into each file instead of "
                                          "printing it"},
                                 {0}},
    .operands = "FILE...",
    .min_operands = 1,
    .max_operands = CLI_MANY,
    .missing = "no file given",
    .exits = (const cli_exit[]){{0, "every envelope was signed"},
                                {1, "some envelope could not be signed (not JSON, no key)"},
                                {2, "usage or I/O error, invalid policy or keyring"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"Test your HMAC signer:",
                                       "amc sign --scheme hmac_sha256 --keyring keys.yaml "
                                       "envelope.json"},
                                      {NULL, NULL}},
    .args_size = sizeof(sargs),
    .run = sign_main,
};
