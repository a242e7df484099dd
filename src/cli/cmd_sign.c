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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: amc sign [--scheme sha256|hmac_sha256] [--keyring FILE] [--policy FILE]\n"
               "                [--write] FILE...\n\n"
               "Prints the mailbox signature of each envelope (lowercase hex SHA-256 or\n"
               "HMAC-SHA256 of its RFC 8785 canonical form with \"signature\" set to \"\") as\n"
               "\"FILE SIGNATURE\" (a *.jsonl file: \"FILE:N SIGNATURE\" per envelope).\n"
               "  --scheme S       sha256 (default; unkeyed) or hmac_sha256 (key by key_id)\n"
               "  --keyring FILE   keyring for hmac_sha256 (docs/profiles/mailbox.md)\n"
               "  --policy FILE    mailbox policy: its signature_algorithm and keyring_file\n"
               "  --write          write the signature into each file instead of printing it\n"
               "Exit status: 0 all signed, 1 some envelope not signable, 2 usage or I/O error.\n");
}

static void print_diags(const char *file, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        cli_print_diag_text(stderr, file, amc_diags_get(ds, i), cli_use_color(stderr));
}

/* Reads a policy and/or keyring into *pol. Returns 0 or -1 (reported). */
static int load(const char *policy_file, const char *keyring_file, amc_policy **pol)
{
    char *buf = NULL, *path = NULL;
    size_t len = 0;
    amc_diags *ds = amc_diags_new(0);
    int rc = -1;
    if (!ds)
        return -1;
    if (policy_file) {
        if (cli_read_file(policy_file, (size_t)1 << 26, &buf, &len) != 0)
            goto out;
        if (amc_policy_read(buf, len, ds, pol) != AMC_OK) {
            print_diags(policy_file, ds);
            goto out;
        }
        free(buf);
        buf = NULL;
    } else if (amc_policy_read("{}", 2, ds, pol) != AMC_OK) {
        goto out;
    }
    if (!keyring_file && amc_policy_keyring_file(*pol)) {
        const char *rel = amc_policy_keyring_file(*pol);
        const char *slash = strrchr(policy_file, '/');
        size_t dl = rel[0] == '/' || !slash ? 0 : (size_t)(slash - policy_file + 1);
        path = malloc(dl + strlen(rel) + 1);
        if (!path)
            goto out;
        memcpy(path, policy_file, dl);
        strcpy(path + dl, rel);
        keyring_file = path;
    }
    if (keyring_file) {
        if (cli_read_file(keyring_file, (size_t)1 << 26, &buf, &len) != 0)
            goto out;
        amc_diags_clear(ds);
        if (amc_policy_set_keyring(*pol, buf, len, ds) != AMC_OK) {
            print_diags(keyring_file, ds);
            goto out;
        }
    }
    rc = 0;
out:
    free(buf);
    free(path);
    amc_diags_free(ds);
    return rc;
}

/* Signs env[0..len); for --write appends the rewritten envelope to *out. Returns 0, or 1 when
 * the envelope cannot be signed (reported). */
static int sign_one(const char *where, const char *env, size_t len, const amc_policy *pol,
                    const char *scheme, bool write, FILE *out)
{
    char sig[65];
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    const amc_value *sv = NULL;
    int rc = 1;
    size_t a = 0, b = 0;
    if (!ds)
        return 1;
    if (amc_mailbox_signature(env, len, pol, scheme, ds, sig) != AMC_OK) {
        print_diags(where, ds);
        goto out;
    }
    if (!write) {
        printf("%s %s\n", where, sig);
        rc = 0;
        goto out;
    }
    if (amc_json_read(env, len, NULL, ds, &doc) != AMC_OK)
        goto out;
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
        if (sign_one(where, buf + off, end - off, pol, scheme, write, out) != 0) {
            rc = CLI_EXIT_INVALID;
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
        FILE *f = NULL;
        fclose(out);
        f = rc == 0 ? fopen(file, "wb") : NULL;
        if (f) {
            if (fwrite(mem, 1, memlen, f) != memlen)
                rc = CLI_EXIT_ERROR;
            if (fclose(f) != 0)
                rc = CLI_EXIT_ERROR;
        } else if (rc == 0) {
            perror(file);
            rc = CLI_EXIT_ERROR;
        }
        free(mem);
    }
    free(buf);
    return rc;
}

int cli_cmd_sign(int argc, char **argv)
{
    const char *scheme = NULL, *keyring = NULL, *policy_file = NULL;
    bool write = false;
    amc_policy *pol = NULL;
    int a = 1, rc = CLI_EXIT_OK, nfiles = 0;
    for (a = 1; a < argc; a++) {
        const char *s = argv[a];
        bool has_val = a + 1 < argc;
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            usage(stdout);
            return CLI_EXIT_OK;
        } else if (!strcmp(s, "--scheme") && has_val) {
            scheme = argv[++a];
            if (strcmp(scheme, "sha256") != 0 && strcmp(scheme, "hmac_sha256") != 0) {
                fprintf(stderr, "amc sign: --scheme is sha256 or hmac_sha256\n");
                return CLI_EXIT_ERROR;
            }
        } else if (!strcmp(s, "--keyring") && has_val) {
            keyring = argv[++a];
        } else if (!strcmp(s, "--policy") && has_val) {
            policy_file = argv[++a];
        } else if (!strcmp(s, "--write")) {
            write = true;
        } else if (s[0] == '-' && s[1]) {
            fprintf(stderr, "amc sign: unknown option '%s'%s\n", s,
                    has_val ? "" : " (or missing value)");
            usage(stderr);
            return CLI_EXIT_ERROR;
        } else {
            nfiles++;
        }
    }
    if (!nfiles) {
        fprintf(stderr, "amc sign: no file given\n");
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    if (!scheme && !policy_file)
        scheme = "sha256";
    if (load(policy_file, keyring, &pol) != 0) {
        amc_policy_free(pol);
        return CLI_EXIT_ERROR;
    }
    for (a = 1; a < argc; a++) {
        const char *s = argv[a];
        int r = 0;
        if (!strcmp(s, "--scheme") || !strcmp(s, "--keyring") || !strcmp(s, "--policy")) {
            a++;
            continue;
        }
        if (s[0] == '-' && s[1])
            continue;
        r = sign_file(s, pol, scheme, write);
        if (r > rc)
            rc = r;
    }
    amc_policy_free(pol);
    return rc;
}
