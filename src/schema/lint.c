/*
 * lint.c - the JSON Schema linter (amc/lint.h, `amc lint-schema`).
 *
 * Stages, all on a document already registered in a schema set:
 *   1. Meta-schema: the root "$schema" names the meta-schema (default and fallback: 2020-12);
 *      it is compiled from the set's registry (the embedded meta-schemas) and the document is
 *      validated against it with format assertion off (invalid regexes are reported by the
 *      regex rule instead, once). Each failure becomes one LINT_META_SCHEMA.
 *   2. Rules: amc_schema_walk() lists every subschema with its JSON Pointer and base URI; the
 *      list is collected first and the rules run afterwards, because resolving a $ref may load
 *      documents into the set, which must not happen while the registry is being walked.
 *   3. Compile: when no error was found so far, the document is compiled; compile problems no
 *      rule already reports (unresolvable $ref and invalid regexes are) become LINT_COMPILE.
 *
 * Decisions:
 *   - Rule IDs are the code identifiers of codes_lint.def (stable, append-only).
 *   - Keywords whose name starts with "x-" are extension annotations (the OpenAPI convention)
 *     and are never reported as unknown.
 *   - Per dialect: every subschema is linted in the dialect it is read in (amc_schema_walk's
 *     dialect: its resource's "$schema", else the set's default). A keyword is unknown when
 *     that dialect does not define it (amc_schema_keyword_vocab_in). One of an earlier draft
 *     gets its replacement ("definitions" -> "$defs", "id" -> "$id", "$recursiveRef" ->
 *     "$dynamicRef", "additionalItems" -> "items"); one of a later draft is named with the
 *     draft it came with and this dialect's spelling ("$defs" -> "definitions" in drafts 4-7,
 *     "const" -> a one-member "enum" in draft 4); "dependencies" in 2019-09/2020-12 (known to
 *     the engine for the transition, as their meta-schemas keep it) gets "dependentRequired" or
 *     "dependentSchemas" by its values. Annotations (meta-data, content, $comment) of another
 *     draft are not reported: no draft validates with them and tools read them in any draft.
 *     An unknown keyword whose object value a "#/..." $ref of the document points into is a
 *     grouping of schemas ("definitions": {"group": {"name": {...}}}), not a typo: not reported.
 *     Nor are the VS Code JSON language service's extensions (editor_kws: markdownDescription,
 *     deprecationMessage, defaultSnippets ...): deliberate editor annotations, not typos.
 *   - Keyword suggestions use the optimal-string-alignment distance on ASCII-case-folded names
 *     (among the keywords of the subschema's dialect): at most 1 edit for names up to 4 bytes, 2
 *     up to 11 bytes, 3 beyond.
 *   - Numbers are compared exactly when both are int64 and as doubles otherwise.
 *   - Every rule checks the types of the keyword values it reads and stays silent on malformed
 *     values: the meta-schema stage reports those, once.
 *   - "properties declared only in a branch": the branches are allOf/anyOf/oneOf items, if,
 *     then, else and dependentSchemas values, searched recursively through nested branches and
 *     through $ref (at most 8 hops), never through "properties" themselves. A name is reported
 *     only if the parent's "properties" lacks it and none of its "patternProperties" matches it.
 *   - Enum duplicates are found by JSON data-model equality (1 == 1.0); enums longer than 4096
 *     members are not checked (quadratic).
 *   - "unknown format": a value that is not one of the formats the dialect defines (a format of
 *     a later draft says so) nor one of amc_lint_opts.formats (--known-format).
 *   - An unresolvable remote $ref says how to serve it: --schema FILE or --map-uri PREFIX=DIR
 *     with the URI's own directory as PREFIX.
 *   - Subschemas the walk does not reach (it follows applicators only) but a "$ref" of the same
 *     document points to, typically under "definitions", are linted too, with their own
 *     subschemas; what nothing references under an unknown keyword is not a schema and is not
 *     linted.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "amc/lint.h"
#include "core/arena_int.h"
#include "core/buf_int.h"
#include "core/diag_int.h"
#include "core/jsonptr_int.h"
#include "ext_int.h"
#include "lint_int.h"
#include "schema_int.h"
#include "uri_int.h"

/* ---- rule documentation ---- */

typedef struct rule_doc {
    amc_code code;
    const char *help;
} rule_doc;

static const rule_doc rule_docs[] = {
    {AMC_C_LINT_META_SCHEMA,
     "The schema document is validated against the meta-schema its \"$schema\" names (draft "
     "2020-12 when absent). A failure means a keyword has a value of the wrong type or shape "
     "(\"minLength\": \"3\", \"required\": \"name\", \"type\": \"text\" ...); validators reject "
     "such a schema or ignore the keyword. Fix the value as the message says."},
    {AMC_C_LINT_UNKNOWN_KEYWORD,
     "A keyword the dialect of its schema (its \"$schema\": draft 2020-12, 2019-09, 7, 6 or 4) "
     "does not define. Validators ignore unknown keywords, so a typo (\"minLenght\") silently "
     "removes a constraint. The message suggests the nearest keyword of that dialect. A keyword "
     "of another draft is named as such with its spelling in this one: \"definitions\" in "
     "2020-12 (\"$defs\"), \"$defs\" in draft 7 (\"definitions\"), \"const\" or \"if\" in "
     "draft 4, \"id\" in draft 6 (\"$id\"); \"dependencies\" in 2019-09 and 2020-12 (kept by "
     "their meta-schemas for the transition) gets \"dependentRequired\" or "
     "\"dependentSchemas\" by its values. Annotations of another draft (\"examples\", "
     "\"readOnly\", \"deprecated\", \"$comment\", \"contentMediaType\" ...) have no "
     "validation effect in any draft and are not reported; nor are the VS Code JSON language "
     "service's editor extensions (\"markdownDescription\", \"deprecationMessage\", "
     "\"enumDescriptions\", \"defaultSnippets\", \"errorMessage\" ...). Names starting with "
     "\"x-\" are taken as deliberate extensions and never reported, and neither is a keyword "
     "whose object holds schemas a \"$ref\" of the document points to (a grouping such as "
     "\"definitions\": {\"group\": {\"name\": {...}}})."},
    {AMC_C_LINT_REF_UNRESOLVED,
     "A \"$ref\" or \"$dynamicRef\" whose target is neither in the schema set nor loadable: "
     "the document it names is unknown, or the fragment (a JSON Pointer or an anchor) does not "
     "exist in it. Validation with this schema fails. Pass the referenced file with --schema "
     "(or map its URI prefix to a directory with --map-uri), or fix the reference."},
    {AMC_C_LINT_REQUIRED_IMPOSSIBLE,
     "A name in \"required\" that the same schema forbids: \"additionalProperties\" is false "
     "and neither \"properties\" nor any \"patternProperties\" regex admits the name, or "
     "\"properties\" maps the name to the false schema. No instance can be valid. Add the "
     "property to \"properties\" (often it is a typo of a declared name) or drop it from "
     "\"required\"."},
    {AMC_C_LINT_REGEX_INVALID,
     "A \"pattern\" or \"patternProperties\" key that is not a valid ECMA-262 regular "
     "expression (the dialect JSON Schema specifies, with the u flag). Validators reject the "
     "schema or behave differently from each other."},
    {AMC_C_LINT_REGEX_NONPORTABLE,
     "A valid ECMA-262 regular expression using a construct that means something else, or is "
     "unsupported, in other common validator regex engines (PCRE, Python re, Go RE2): "
     "lookbehind, \\p{...} property escapes, backreferences, possessive quantifiers ... The same "
     "schema then accepts different values in different implementations. Rewrite the pattern "
     "with portable constructs."},
    {AMC_C_LINT_ENUM_DUPLICATE,
     "An \"enum\" member equal (by JSON data-model equality: 1 equals 1.0, objects ignore "
     "member order) to an earlier member. Harmless for validation but usually a copy-paste "
     "mistake hiding a missing value."},
    {AMC_C_LINT_BOUNDS_CONTRADICTORY,
     "Two bounds in the same schema that no value can satisfy together: minimum > maximum, "
     "exclusiveMinimum >= exclusiveMaximum (and the mixed pairs), minLength > maxLength, "
     "minItems > maxItems, minProperties > maxProperties, minContains > maxContains, or more "
     "\"required\" names than \"maxProperties\" allows. Every value of the constrained type is "
     "rejected."},
    {AMC_C_LINT_PROPERTY_IN_BRANCH,
     "A property declared only inside an allOf/anyOf/oneOf/if/then/else/dependentSchemas branch "
     "(directly or through $ref) while the parent schema says \"additionalProperties\": false. "
     "additionalProperties only sees the parent's own \"properties\" and "
     "\"patternProperties\", so the property is rejected whatever the branch says (the classic "
     "\"extending a closed schema\" mistake). Declare the property in the parent's "
     "\"properties\", or replace \"additionalProperties\": false by \"unevaluatedProperties\": "
     "false, which sees the branches."},
    {AMC_C_LINT_FORMAT_UNKNOWN,
     "A \"format\" value that the schema's dialect does not define. Validators ignore unknown "
     "formats (even with format assertion on), so the value is never checked. The message "
     "suggests the nearest defined format when there is one (\"datetime\" -> \"date-time\"); "
     "a format of a later draft (\"uuid\" in draft 7, \"date\" in draft 4) is named as such: "
     "validators of the schema's draft may not check it. Custom formats your validators "
     "implement are declared with --known-format NAME (amc_lint_opts.formats) and not "
     "reported."},
    {AMC_C_LINT_DIALECT,
     "The root has no \"$schema\", so the dialect is whatever the reader assumes: amc reads it "
     "as draft 2020-12 (or the default dialect it is given), other validators as their own "
     "default, and the drafts give keywords different meanings (array \"items\", "
     "\"dependencies\", \"$ref\" siblings). Declare the dialect the schema is written in. "
     "Informational."},
    {AMC_C_LINT_KEYWORD_TYPE_MISMATCH,
     "A type-specific keyword next to a \"type\" that excludes its type, for example "
     "\"minLength\" with \"type\": \"integer\" or \"properties\" with \"type\": \"array\". The "
     "keyword never applies; usually the type or the keyword is wrong."},
    {AMC_C_LINT_COMPILE,
     "The schema passes the meta-schema and the other rules but the amc compiler still rejects "
     "it (for example a required vocabulary amc does not support, or a $ref into a value that "
     "is not a schema). The message is the compiler's."},
};

bool amc_lint_is_rule(amc_code code)
{
    return (int)code >= 2300 && (int)code <= 2399 && amc_code_id(code) != NULL;
}

const char *amc_lint_rule_help(amc_code code)
{
    size_t i = 0;
    for (i = 0; i < sizeof rule_docs / sizeof rule_docs[0]; i++)
        if (rule_docs[i].code == code)
            return rule_docs[i].help;
    return NULL;
}

/* ---- keyword and format tables ---- */

static const char *const keywords_2020[] = {"$schema",
                                            "$id",
                                            "$ref",
                                            "$anchor",
                                            "$dynamicRef",
                                            "$dynamicAnchor",
                                            "$vocabulary",
                                            "$comment",
                                            "$defs",
                                            "allOf",
                                            "anyOf",
                                            "oneOf",
                                            "not",
                                            "if",
                                            "then",
                                            "else",
                                            "dependentSchemas",
                                            "prefixItems",
                                            "items",
                                            "contains",
                                            "properties",
                                            "patternProperties",
                                            "additionalProperties",
                                            "propertyNames",
                                            "unevaluatedItems",
                                            "unevaluatedProperties",
                                            "type",
                                            "const",
                                            "enum",
                                            "multipleOf",
                                            "maximum",
                                            "exclusiveMaximum",
                                            "minimum",
                                            "exclusiveMinimum",
                                            "maxLength",
                                            "minLength",
                                            "pattern",
                                            "maxItems",
                                            "minItems",
                                            "uniqueItems",
                                            "maxContains",
                                            "minContains",
                                            "maxProperties",
                                            "minProperties",
                                            "required",
                                            "dependentRequired",
                                            "title",
                                            "description",
                                            "default",
                                            "deprecated",
                                            "readOnly",
                                            "writeOnly",
                                            "examples",
                                            "format",
                                            "contentEncoding",
                                            "contentMediaType",
                                            "contentSchema"};

static const struct legacy_kw {
    const char *old;
    const char *repl;
    const char *note;
} legacy_kws[] = {
    {"definitions", "$defs", "was renamed \"$defs\" in 2019-09"},
    {"dependencies", "dependentRequired",
     "was split into \"dependentRequired\" (arrays) and \"dependentSchemas\" (schemas) in "
     "2019-09"},
    {"additionalItems", "items", "was replaced by \"items\" next to \"prefixItems\" in 2020-12"},
    {"$recursiveRef", "$dynamicRef", "was replaced by \"$dynamicRef\" in 2020-12"},
    {"$recursiveAnchor", "$dynamicAnchor", "was replaced by \"$dynamicAnchor\" in 2020-12"},
    {"id", "$id", "is spelled \"$id\" since draft 6"},
};

static const char *const formats_2020[] = {
    "date-time", "date",          "time", "duration",     "email",        "idn-email",
    "hostname",  "idn-hostname",  "ipv4", "ipv6",         "uri",          "uri-reference",
    "iri",       "iri-reference", "uuid", "uri-template", "json-pointer", "relative-json-pointer",
    "regex"};

static char fold(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

size_t amc_lint_osa_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    /* d[i][j]: distance between a[0..i) and b[0..j); three rows suffice for OSA */
    size_t rows[3][65];
    size_t i = 0, j = 0;
    if (alen > 64 || blen > 64)
        return (size_t)-1;
    for (j = 0; j <= blen; j++)
        rows[0][j] = j;
    for (i = 1; i <= alen; i++) {
        size_t *cur = rows[i % 3], *prev = rows[(i - 1) % 3], *prev2 = rows[(i + 1) % 3];
        cur[0] = i;
        for (j = 1; j <= blen; j++) {
            size_t cost = fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1;
            size_t best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            if (prev[j - 1] + cost < best)
                best = prev[j - 1] + cost;
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) &&
                fold(a[i - 2]) == fold(b[j - 1]) && prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            cur[j] = best;
        }
    }
    return rows[alen % 3][blen];
}

/* Nearest name of table[0..n) to s, within the threshold; NULL if none (ties: first). */
static const char *nearest(const char *s, size_t len, const char *const *table, size_t n)
{
    size_t limit = len <= 4 ? 1 : len < 12 ? 2 : 3, best = (size_t)-1, i = 0;
    const char *pick = NULL;
    for (i = 0; i < n; i++) {
        size_t d = amc_lint_osa_distance(s, len, table[i], strlen(table[i]));
        if (d <= limit && d < best) {
            best = d;
            pick = table[i];
        }
    }
    return pick;
}

static const struct legacy_kw *legacy_of(const char *kw, size_t len)
{
    size_t i = 0;
    for (i = 0; i < sizeof legacy_kws / sizeof legacy_kws[0]; i++)
        if (strlen(legacy_kws[i].old) == len && memcmp(legacy_kws[i].old, kw, len) == 0)
            return &legacy_kws[i];
    return NULL;
}

const char *amc_lint_suggest_keyword(const char *kw, size_t len)
{
    const struct legacy_kw *lg = NULL;
    if (!kw)
        return NULL;
    lg = legacy_of(kw, len);
    if (lg)
        return lg->repl;
    return nearest(kw, len, keywords_2020, sizeof keywords_2020 / sizeof keywords_2020[0]);
}

int amc_lint_format_known(const char *fmt, size_t len)
{
    size_t i = 0;
    for (i = 0; i < sizeof formats_2020 / sizeof formats_2020[0]; i++)
        if (strlen(formats_2020[i]) == len && memcmp(formats_2020[i], fmt, len) == 0)
            return 1;
    return 0;
}

/* ---- the linter state ---- */

typedef struct lnode {
    const amc_value *v;
    const char *ptr;  /* JSON Pointer from the document root */
    const char *base; /* base URI in effect */
    uint8_t dialect;  /* amc_schema_dialect the subschema is read in */
} lnode;

typedef struct linter {
    amc_schema_set *set;
    const amc_doc *doc;
    const amc_lint_opts *opts;
    amc_diags *out; /* findings, sorted and appended to the caller's list at the end */
    amc_status st;  /* sticky AMC_ENOMEM */
    amc_arena arena;
    lnode *nodes;
    size_t nnodes, capnodes;
    amc_pmap seen;  /* subschema values already in nodes */
    lnode *pending; /* $ref targets in this document found while linting (ptr unset) */
    size_t npending, cappending;
    amc_buf msg;        /* scratch */
    amc_buf ptr;        /* scratch */
    const char **lrefs; /* the JSON Pointers of this document's "#/..." $refs (decoded) */
    size_t nlrefs, caplrefs;
} linter;

static bool enabled(const linter *L, amc_code code)
{
    size_t i = 0;
    for (i = 0; i < L->opts->n_disable; i++)
        if (L->opts->disable[i] == code)
            return false;
    return true;
}

static amc_severity sev_of(const linter *L, amc_code code)
{
    amc_severity sev = amc_code_severity(code);
    size_t i = 0;
    for (i = 0; i < L->opts->n_severity; i++)
        if (L->opts->severity[i].code == code)
            sev = L->opts->severity[i].sev;
    return sev;
}

static amc_pos pos_at(const linter *L, size_t off)
{
    if (off == AMC_NO_OFFSET)
        return AMC_POS_NONE;
    return amc_doc_pos(L->doc, off);
}

static void emit(linter *L, amc_code code, size_t off, const char *ptr, const char *fmt, ...)
    AMC_PRINTF(5, 6);

static void emit(linter *L, amc_code code, size_t off, const char *ptr, const char *fmt, ...)
{
    va_list ap;
    amc_diag d;
    if (!enabled(L, code))
        return;
    amc_buf_reset(&L->msg);
    va_start(ap, fmt);
    if (amc_buf_vprintf(&L->msg, fmt, ap) != AMC_OK)
        L->st = AMC_ENOMEM;
    va_end(ap);
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = sev_of(L, code);
    d.message = L->msg.data ? L->msg.data : amc_code_message(code);
    d.instance_ptr = ptr;
    d.at = pos_at(L, off);
    d.context_at = AMC_POS_NONE;
    if (amc_diags_add(L->out, &d) != AMC_OK)
        L->st = AMC_ENOMEM;
}

/* Pointer of keyword key under node pointer base (in the scratch buffer). */
static const char *kwptr(linter *L, const char *base, const char *key, size_t klen)
{
    amc_buf_reset(&L->ptr);
    if (amc_buf_puts(&L->ptr, base) != AMC_OK || amc_ptr_push_key(&L->ptr, key, klen) != AMC_OK) {
        L->st = AMC_ENOMEM;
        return base;
    }
    return L->ptr.data;
}

static const amc_member *getm(const amc_value *obj, const char *key)
{
    size_t i = 0, n = strlen(key);
    if (!obj || obj->type != AMC_T_OBJECT)
        return NULL;
    for (i = 0; i < obj->u.obj.len; i++)
        if (obj->u.obj.members[i].key_len == n && memcmp(obj->u.obj.members[i].key, key, n) == 0)
            return &obj->u.obj.members[i];
    return NULL;
}

static const amc_value *getv(const amc_value *obj, const char *key)
{
    const amc_member *m = getm(obj, key);
    return m ? m->value : NULL;
}

/* -1, 0, 1 comparing two number values. */
static int numcmp(const amc_value *a, const amc_value *b)
{
    if ((a->flags & AMC_NUM_INT64) && (b->flags & AMC_NUM_INT64))
        return a->u.num.i < b->u.num.i ? -1 : a->u.num.i > b->u.num.i;
    return a->u.num.d < b->u.num.d ? -1 : a->u.num.d > b->u.num.d;
}

/* ---- collecting the subschemas ---- */

static bool collect(void *ud, const amc_schema_node_info *info)
{
    linter *L = ud;
    lnode *n = NULL;
    if (L->nnodes == L->capnodes) {
        size_t cap = L->capnodes ? L->capnodes * 2 : 64;
        lnode *p = amc_xrealloc(L->nodes, cap * sizeof *p);
        if (!p) {
            L->st = AMC_ENOMEM;
            return false;
        }
        L->nodes = p;
        L->capnodes = cap;
    }
    if (amc_pmap_put(&L->seen, info->schema, L) != AMC_OK) {
        L->st = AMC_ENOMEM;
        return false;
    }
    n = &L->nodes[L->nnodes];
    n->v = info->schema;
    n->dialect = (uint8_t)info->dialect;
    n->ptr = amc_arena_strndup(&L->arena, info->pointer, strlen(info->pointer));
    n->base = info->base_uri ? amc_arena_strndup(&L->arena, info->base_uri, strlen(info->base_uri))
                             : NULL;
    if (!n->ptr || (info->base_uri && !n->base)) {
        L->st = AMC_ENOMEM;
        return false;
    }
    L->nnodes++;
    return true;
}

/* ---- rules ---- */

/* "draft 2020-12", "draft 7" ... */
static const char *dialect_label(amc_schema_dialect d)
{
    switch (d) {
    case AMC_DIALECT_2020_12:
        return "draft 2020-12";
    case AMC_DIALECT_2019_09:
        return "draft 2019-09";
    case AMC_DIALECT_DRAFT7:
        return "draft 7";
    case AMC_DIALECT_DRAFT6:
        return "draft 6";
    case AMC_DIALECT_DRAFT4:
        return "draft 4";
    }
    return "?";
}

static void rule_dialect(linter *L, const lnode *n)
{
    const amc_member *m = getm(n->v, "$schema");
    amc_schema_dialect d = (amc_schema_dialect)L->set->default_dialect;
    if (m)
        return; /* a dialect amc does not implement was refused when the document was added */
    emit(L, AMC_C_LINT_DIALECT, n->v->offset, n->ptr,
         "no \"$schema\": the schema is read as %s; declare \"$schema\": \"%s\"", dialect_label(d),
         amc_schema_dialect_uri(d));
}

/* Collects the "#/..." $ref values anywhere in v (the document) into L->lrefs, decoded. */
static void collect_local_refs(linter *L, const amc_value *v, uint32_t depth)
{
    size_t i = 0;
    if (L->st != AMC_OK || depth > 512)
        return;
    if (v->type == AMC_T_ARRAY) {
        for (i = 0; i < v->u.arr.len; i++)
            collect_local_refs(L, v->u.arr.items[i], depth + 1);
        return;
    }
    if (v->type != AMC_T_OBJECT)
        return;
    for (i = 0; i < v->u.obj.len && L->st == AMC_OK; i++) {
        const amc_member *m = &v->u.obj.members[i];
        if (m->key_len == 4 && !memcmp(m->key, "$ref", 4) && m->value->type == AMC_T_STRING &&
            m->value->u.str.len >= 2 && m->value->u.str.ptr[0] == '#' &&
            m->value->u.str.ptr[1] == '/') {
            char *dec = amc_arena_alloc(&L->arena, m->value->u.str.len);
            size_t dn = 0;
            if (!dec) {
                L->st = AMC_ENOMEM;
                return;
            }
            dn = amc_uri_pct_decode(m->value->u.str.ptr + 1, m->value->u.str.len - 1, dec);
            if (dn == (size_t)-1)
                continue;
            dec[dn] = 0;
            if (L->nlrefs == L->caplrefs) {
                size_t cap = L->caplrefs ? L->caplrefs * 2 : 64;
                const char **p = amc_xrealloc(L->lrefs, cap * sizeof *p);
                if (!p) {
                    L->st = AMC_ENOMEM;
                    return;
                }
                L->lrefs = p;
                L->caplrefs = cap;
            }
            L->lrefs[L->nlrefs++] = dec;
        } else {
            collect_local_refs(L, m->value, depth + 1);
        }
    }
}

/* Whether a "#/..." $ref of the document points at or below the JSON Pointer ptr: the value
 * there holds schemas used through $ref (a grouping under "definitions"), not a typo. */
static bool holds_ref_target(const linter *L, const char *ptr)
{
    size_t i = 0, n = strlen(ptr);
    for (i = 0; i < L->nlrefs; i++)
        if (!strncmp(L->lrefs[i], ptr, n) && (L->lrefs[i][n] == 0 || L->lrefs[i][n] == '/'))
            return true;
    return false;
}

/* Keywords of the drafts before 2020-12 that 2020-12 lacks (suggestion candidates beside
 * keywords_2020; each is offered only in a dialect that defines it). */
static const char *const keywords_old[] = {"definitions",   "dependencies",     "additionalItems",
                                           "$recursiveRef", "$recursiveAnchor", "id"};

static bool kw_in(uint8_t d, const char *k, size_t n)
{
    return amc_schema_keyword_vocab_in((amc_schema_dialect)d, k, n) != AMC_SVOCAB_UNKNOWN;
}

/* The keyword of dialect d nearest to kw (as nearest()), or NULL. */
static const char *nearest_kw(uint8_t d, const char *kw, size_t len)
{
    const char *cand[sizeof keywords_2020 / sizeof keywords_2020[0] +
                     sizeof keywords_old / sizeof keywords_old[0]];
    size_t n = 0, i = 0;
    for (i = 0; i < sizeof keywords_2020 / sizeof keywords_2020[0]; i++)
        if (kw_in(d, keywords_2020[i], strlen(keywords_2020[i])))
            cand[n++] = keywords_2020[i];
    for (i = 0; i < sizeof keywords_old / sizeof keywords_old[0]; i++)
        if (kw_in(d, keywords_old[i], strlen(keywords_old[i])))
            cand[n++] = keywords_old[i];
    return nearest(kw, len, cand, n);
}

/* The oldest dialect defining kw, or -1 if none does (enum order: 2020-12 first, draft 4 last). */
static int added_in(const char *kw, size_t len)
{
    int d = 0;
    for (d = AMC_DIALECT_DRAFT4; d >= AMC_DIALECT_2020_12; d--)
        if (kw_in((uint8_t)d, kw, len))
            return d;
    return -1;
}

/* What a keyword of a newer draft is spelled as (or replaced by) in the older dialect d. */
static const char *older_spelling(uint8_t d, const char *kw)
{
    static const struct {
        const char *kw, *d4, *d67, *d2019;
    } t[] = {
        {"$defs", "\"definitions\"", "\"definitions\"", NULL},
        {"$id", "\"id\"", NULL, NULL},
        {"$anchor", "\"id\": \"#name\"", "\"$id\": \"#name\"", NULL},
        {"$dynamicRef", NULL, NULL, "\"$recursiveRef\""},
        {"$dynamicAnchor", NULL, NULL, "\"$recursiveAnchor\""},
        {"dependentRequired", "\"dependencies\"", "\"dependencies\"", NULL},
        {"dependentSchemas", "\"dependencies\"", "\"dependencies\"", NULL},
        {"prefixItems", "array-form \"items\"", "array-form \"items\"", "array-form \"items\""},
        {"const", "a one-member \"enum\"", NULL, NULL},
    };
    size_t i = 0;
    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(t[i].kw, kw))
            return d == AMC_DIALECT_DRAFT4    ? t[i].d4
                   : DIALECT_OLD(d)           ? t[i].d67
                   : d == AMC_DIALECT_2019_09 ? t[i].d2019
                                              : NULL;
    return NULL;
}

/* The JSON Schema extensions of the VS Code JSON language service (microsoft/vscode-json-
 * languageservice, src/jsonSchema.ts, "VSCode extensions"): editor annotations, deliberate and
 * widespread (SchemaStore's schemas are written for editors), never validation keywords. */
static const char *const editor_kws[] = {"defaultSnippets",
                                         "errorMessage",
                                         "patternErrorMessage",
                                         "deprecationMessage",
                                         "markdownDeprecationMessage",
                                         "enumDescriptions",
                                         "enumSortTexts",
                                         "enumDetails",
                                         "markdownEnumDescriptions",
                                         "markdownDescription",
                                         "doNotSuggest",
                                         "suggestSortText",
                                         "allowComments",
                                         "allowTrailingCommas",
                                         "completionDetail"};

static bool editor_kw(const char *kw, size_t len)
{
    size_t i = 0;
    for (i = 0; i < sizeof editor_kws / sizeof editor_kws[0]; i++)
        if (strlen(editor_kws[i]) == len && !memcmp(editor_kws[i], kw, len))
            return true;
    return false;
}

/* Annotations (meta-data, $comment, content*): no validation effect in any draft, and tools
 * read them whatever the draft, so one of another draft is not reported as unknown. */
static bool annotation_kw(const char *kw, size_t len)
{
    amc_schema_vocab v = AMC_SVOCAB_UNKNOWN;
    int d = added_in(kw, len);
    if (d < 0)
        return false;
    v = amc_schema_keyword_vocab_in((amc_schema_dialect)d, kw, len);
    return v == AMC_SVOCAB_META_DATA || v == AMC_SVOCAB_CONTENT ||
           (len == 8 && !memcmp(kw, "$comment", 8));
}

/* "dependencies" in 2019-09 / 2020-12: reserved by their meta-schemas for the transition (amc
 * honours it, as the suite's optional tests allow), but not a keyword of either: the hint names
 * the replacement that fits its values. */
static void rule_dependencies_modern(linter *L, const lnode *n, const amc_member *m)
{
    size_t i = 0, arrays = 0, schemas = 0;
    const char *repl = NULL;
    if (m->value->type != AMC_T_OBJECT)
        return;
    for (i = 0; i < m->value->u.obj.len; i++) {
        amc_type t = m->value->u.obj.members[i].value->type;
        arrays += t == AMC_T_ARRAY;
        schemas += t == AMC_T_OBJECT || t == AMC_T_BOOL;
    }
    repl = arrays && !schemas   ? "\"dependentRequired\" (its values are arrays of names)"
           : schemas && !arrays ? "\"dependentSchemas\" (its values are schemas)"
                                : "\"dependentRequired\" for the arrays of names and "
                                  "\"dependentSchemas\" for the schemas";
    emit(L, AMC_C_LINT_UNKNOWN_KEYWORD, m->key_offset, kwptr(L, n->ptr, m->key, m->key_len),
         "\"dependencies\" is not a %s keyword (its meta-schema keeps it only for the "
         "transition; amc honours it, other validators may ignore it): use %s",
         dialect_label((amc_schema_dialect)n->dialect), repl);
}

static void rule_unknown_keyword(linter *L, const lnode *n, const amc_member *m)
{
    const struct legacy_kw *lg = NULL;
    const char *sug = NULL;
    const char *dl = dialect_label((amc_schema_dialect)n->dialect);
    int since = -1;
    if (m->key_len == 12 && !memcmp(m->key, "dependencies", 12) && !DIALECT_OLD(n->dialect)) {
        rule_dependencies_modern(L, n, m);
        return;
    }
    if (kw_in(n->dialect, m->key, m->key_len))
        return;
    if (m->key_len >= 2 && m->key[0] == 'x' && m->key[1] == '-')
        return;
    if (annotation_kw(m->key, m->key_len) || editor_kw(m->key, m->key_len))
        return;
    lg = legacy_of(m->key, m->key_len);
    if (lg && !DIALECT_OLD(n->dialect)) {
        emit(L, AMC_C_LINT_UNKNOWN_KEYWORD, m->key_offset, kwptr(L, n->ptr, m->key, m->key_len),
             "\"%s\" is not a %s keyword and is ignored: it %s", m->key, dl, lg->note);
        return;
    }
    since = added_in(m->key, m->key_len);
    if (since >= 0 && since < (int)n->dialect) {
        const char *old = older_spelling(n->dialect, m->key);
        bool container = amc_skw_subkind((uint8_t)since, m->key, m->key_len) == 2 &&
                         amc_schema_keyword_vocab_in((amc_schema_dialect)since, m->key,
                                                     m->key_len) == AMC_SVOCAB_CORE;
        if (container) /* "$defs": a $ref still reaches its schemas by JSON Pointer */
            emit(L, AMC_C_LINT_UNKNOWN_KEYWORD, m->key_offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "\"%s\" is not a %s keyword (it came with %s): %s validators use its schemas "
                 "only where a $ref points to them and do not check them against the "
                 "meta-schema%s%s",
                 m->key, dl, dialect_label((amc_schema_dialect)since), dl, old ? "; use " : "",
                 old ? old : "");
        else
            emit(L, AMC_C_LINT_UNKNOWN_KEYWORD, m->key_offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "\"%s\" is not a %s keyword (it came with %s) and is ignored by %s "
                 "validators%s%s",
                 m->key, dl, dialect_label((amc_schema_dialect)since), dl, old ? ": use " : "",
                 old ? old : "");
        return;
    }
    if (since >= 0) { /* a keyword of an older draft only ("id" in draft 7) */
        emit(L, AMC_C_LINT_UNKNOWN_KEYWORD, m->key_offset, kwptr(L, n->ptr, m->key, m->key_len),
             "\"%s\" is not a %s keyword and is ignored: it %s", m->key, dl,
             lg ? lg->note : "belongs to an older draft");
        return;
    }
    if (m->value->type == AMC_T_OBJECT && holds_ref_target(L, kwptr(L, n->ptr, m->key, m->key_len)))
        return; /* a container of schemas a $ref uses ("definitions/group/name") */
    sug = nearest_kw(n->dialect, m->key, m->key_len);
    if (sug)
        emit(L, AMC_C_LINT_UNKNOWN_KEYWORD, m->key_offset, kwptr(L, n->ptr, m->key, m->key_len),
             "unknown keyword \"%s\" is ignored; did you mean \"%s\"?", m->key, sug);
    else
        emit(L, AMC_C_LINT_UNKNOWN_KEYWORD, m->key_offset, kwptr(L, n->ptr, m->key, m->key_len),
             "unknown keyword \"%s\" is ignored by validators (prefix extensions with \"x-\")",
             m->key);
}

/* Remembers a $ref target of this document that the walk did not visit (a subschema under
 * "definitions" or another unknown keyword): it is linted too, after the current node. */
static void queue_target(linter *L, const amc_value *v, const char *base, uint8_t dialect)
{
    if (L->npending == L->cappending) {
        size_t cap = L->cappending ? L->cappending * 2 : 8;
        lnode *p = amc_xrealloc(L->pending, cap * sizeof *p);
        if (!p) {
            L->st = AMC_ENOMEM;
            return;
        }
        L->pending = p;
        L->cappending = cap;
    }
    L->pending[L->npending].v = v;
    L->pending[L->npending].base = base;
    L->pending[L->npending].ptr = NULL;
    L->pending[L->npending].dialect = dialect;
    L->npending++;
}

/* JSON Pointer of value target inside value v (at pointer b), by depth-first search. */
static bool find_ptr(const amc_value *v, const amc_value *target, amc_buf *b, uint32_t depth)
{
    size_t i = 0;
    if (v == target)
        return true;
    if (depth > 256)
        return false;
    if (v->type == AMC_T_OBJECT) {
        for (i = 0; i < v->u.obj.len; i++) {
            size_t mark = b->len;
            if (amc_ptr_push_key(b, v->u.obj.members[i].key, v->u.obj.members[i].key_len) != AMC_OK)
                return false;
            if (find_ptr(v->u.obj.members[i].value, target, b, depth + 1))
                return true;
            amc_ptr_pop(b, mark);
        }
    } else if (v->type == AMC_T_ARRAY) {
        for (i = 0; i < v->u.arr.len; i++) {
            size_t mark = b->len;
            if (amc_ptr_push_index(b, i) != AMC_OK)
                return false;
            if (find_ptr(v->u.arr.items[i], target, b, depth + 1))
                return true;
            amc_ptr_pop(b, mark);
        }
    }
    return false;
}

static bool add_node(linter *L, const amc_value *v, const char *ptr, const char *base,
                     uint8_t dialect)
{
    amc_schema_node_info info;
    memset(&info, 0, sizeof info);
    info.schema = v;
    info.pointer = ptr;
    info.base_uri = base;
    info.dialect = (amc_schema_dialect)dialect;
    return collect(L, &info);
}

/* Adds v (at pointer *b) and its subschemas, as amc_schema_walk() would, skipping values
 * already collected. */
static void walk_extra(linter *L, const amc_value *v, amc_buf *b, const char *base, uint8_t d,
                       uint32_t depth)
{
    char *own = NULL;
    size_t i = 0, j = 0;
    if (L->st != AMC_OK || depth > 256 || amc_pmap_get(&L->seen, v))
        return;
    if (v->type != AMC_T_OBJECT && v->type != AMC_T_BOOL)
        return;
    if (v->type == AMC_T_OBJECT) {
        const amc_value *id = getv(v, "$id");
        amc_status rs = id && id->type == AMC_T_STRING
                            ? amc_uri_resolve(base, id->u.str.ptr, id->u.str.len, &own)
                            : AMC_EINVALID;
        if (rs == AMC_ENOMEM) {
            L->st = AMC_ENOMEM;
            return;
        }
        if (rs == AMC_OK) {
            own[amc_uri_fragment_at(own)] = '\0';
            base = amc_arena_strndup(&L->arena, own, strlen(own));
            amc_xfree(own);
            if (!base) {
                L->st = AMC_ENOMEM;
                return;
            }
        }
    }
    if (!add_node(L, v, b->data ? b->data : "", base, d) || v->type != AMC_T_OBJECT)
        return;
    for (i = 0; i < v->u.obj.len && L->st == AMC_OK; i++) {
        const amc_member *m = &v->u.obj.members[i];
        int kind = amc_skw_subkind(d, m->key, m->key_len);
        size_t mark = b->len;
        if (kind == 0)
            continue;
        if (kind == 4) /* drafts before 2020-12: "items" is a schema or an array of them */
            kind = m->value->type == AMC_T_ARRAY ? 3 : 1;
        if (amc_ptr_push_key(b, m->key, m->key_len) != AMC_OK) {
            L->st = AMC_ENOMEM;
            return;
        }
        if (kind == 1) {
            walk_extra(L, m->value, b, base, d, depth + 1);
        } else if (kind == 2 && m->value->type == AMC_T_OBJECT) {
            for (j = 0; j < m->value->u.obj.len; j++) {
                size_t mark2 = b->len;
                const amc_member *c = &m->value->u.obj.members[j];
                if (amc_ptr_push_key(b, c->key, c->key_len) != AMC_OK) {
                    L->st = AMC_ENOMEM;
                    return;
                }
                walk_extra(L, c->value, b, base, d, depth + 1);
                amc_ptr_pop(b, mark2);
            }
        } else if (kind == 3 && m->value->type == AMC_T_ARRAY) {
            for (j = 0; j < m->value->u.arr.len; j++) {
                size_t mark2 = b->len;
                if (amc_ptr_push_index(b, j) != AMC_OK) {
                    L->st = AMC_ENOMEM;
                    return;
                }
                walk_extra(L, m->value->u.arr.items[j], b, base, d, depth + 1);
                amc_ptr_pop(b, mark2);
            }
        }
        amc_ptr_pop(b, mark);
    }
}

/* Moves the queued $ref targets into the node list. */
static void flush_pending(linter *L)
{
    size_t i = 0;
    amc_buf b;
    amc_buf_init(&b, 0);
    for (i = 0; i < L->npending && L->st == AMC_OK; i++) {
        const lnode *p = &L->pending[i];
        if (amc_pmap_get(&L->seen, p->v))
            continue;
        amc_buf_reset(&b);
        if (amc_buf_puts(&b, "") != AMC_OK) {
            L->st = AMC_ENOMEM;
            break;
        }
        if (!find_ptr(amc_doc_root(L->doc), p->v, &b, 0))
            continue;
        walk_extra(L, p->v, &b, p->base, p->dialect, 0);
    }
    L->npending = 0;
    amc_buf_release(&b);
}

/* For a JSON Pointer fragment frag ("/a/b", percent-encoded) into resource uri that the
 * registry refused: the type name of the value it reaches when that value exists but is not a
 * schema ("an array"), else NULL. */
static const char *non_schema_target(linter *L, const char *uri, const char *frag, amc_diags *tmp)
{
    static const char *const names[] = {"null",     "a boolean", "a number",
                                        "a string", "an array",  "an object"};
    sres *res = amc_sreg_resource(L->set, uri, tmp);
    size_t n = strlen(frag), dn = 0;
    char *dec = NULL;
    const amc_value *v = NULL;
    if (!res) {
        if (L->set->nomem) /* not "no such document" */
            L->st = AMC_ENOMEM;
        return NULL;
    }
    dec = amc_xmalloc(n + 1);
    if (!dec) {
        L->st = AMC_ENOMEM;
        return NULL;
    }
    dn = amc_uri_pct_decode(frag, n, dec);
    if (dn != (size_t)-1)
        v = amc_value_at_pointer(res->root, dec, dn);
    amc_xfree(dec);
    if (!v || v->type == AMC_T_OBJECT || v->type == AMC_T_BOOL)
        return NULL;
    return names[v->type];
}

static void rule_ref(linter *L, const lnode *n, const amc_member *m)
{
    char *abs = NULL;
    amc_diags *tmp = NULL;
    sres *res = NULL;
    const amc_value *target = NULL;
    const amc_value *v = m->value;
    amc_status rs = AMC_OK;
    if (v->type != AMC_T_STRING)
        return;
    rs = amc_uri_resolve(n->base, v->u.str.ptr, v->u.str.len, &abs);
    if (rs == AMC_ENOMEM) {
        L->st = AMC_ENOMEM;
        return;
    }
    if (rs != AMC_OK) {
        /* name the first byte RFC 3986 does not allow: "Map<K,V>" names are common in generated
         * schemas, and some validators percent-encode them silently */
        size_t k = 0;
        unsigned char bad = 0;
        for (k = 0; k < v->u.str.len && !bad; k++) {
            unsigned char ch = (unsigned char)v->u.str.ptr[k];
            if (ch <= ' ' || ch >= 0x7f || strchr("\"<>\\^`{|}", ch))
                bad = ch;
        }
        if (bad)
            emit(L, AMC_C_LINT_REF_UNRESOLVED, v->offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "%s \"%s\" is not a valid URI reference: byte 0x%02X ('%c') must be "
                 "percent-encoded as %%%02X (amc refuses the schema; some validators encode it "
                 "silently)",
                 m->key, v->u.str.ptr, bad, bad > ' ' && bad < 0x7f ? bad : '?', bad);
        else
            emit(L, AMC_C_LINT_REF_UNRESOLVED, v->offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "%s \"%s\" is not a valid URI reference", m->key, v->u.str.ptr);
        return;
    }
    tmp = amc_diags_new(16);
    if (!tmp) {
        L->st = AMC_ENOMEM;
        goto out;
    }
    target = amc_sreg_resolve(L->set, abs, tmp, &res);
    if (!target && L->set->nomem) { /* out of memory while resolving: not an unresolved $ref */
        L->st = AMC_ENOMEM;
        goto out;
    }
    if (target && res && res->doc && res->doc->doc == L->doc && !amc_pmap_get(&L->seen, target))
        queue_target(L, target, res->uri, res->dialect);
    if (!target) {
        size_t fr = amc_uri_fragment_at(abs);
        char save = abs[fr];
        const amc_doc *d = NULL;
        const char *what = NULL;
        abs[fr] = '\0';
        if (amc_schema_set_find_doc(L->set, abs, &d) == AMC_ENOMEM) {
            L->st = AMC_ENOMEM; /* not "no schema document is known" */
            goto out;
        }
        if (d && save == '#' && abs[fr + 1] == '/')
            what = non_schema_target(L, abs, abs + fr + 1, tmp);
        if (L->st != AMC_OK)
            goto out;
        if (what)
            emit(L, AMC_C_LINT_REF_UNRESOLVED, v->offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "%s \"%s\" points to %s, not to a schema", m->key, v->u.str.ptr, what);
        else if (d)
            emit(L, AMC_C_LINT_REF_UNRESOLVED, v->offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "%s \"%s\" cannot be resolved: the target document has no such location", m->key,
                 v->u.str.ptr);
        else if (strchr(abs, '/') && strncmp(abs, "urn:", 4) != 0)
            emit(L, AMC_C_LINT_REF_UNRESOLVED, v->offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "%s \"%s\" cannot be resolved: no schema document \"%s\" is known or loadable "
                 "(amc never downloads: pass the file with --schema FILE, or serve the prefix "
                 "from a directory with --map-uri %.*s=DIR)",
                 m->key, v->u.str.ptr, abs, (int)(strrchr(abs, '/') + 1 - abs), abs);
        else
            emit(L, AMC_C_LINT_REF_UNRESOLVED, v->offset, kwptr(L, n->ptr, m->key, m->key_len),
                 "%s \"%s\" cannot be resolved: no schema document \"%s\" is known or loadable "
                 "(pass the file that declares it with --schema FILE)",
                 m->key, v->u.str.ptr, abs);
        abs[fr] = save;
    }
out:
    amc_diags_free(tmp);
    amc_xfree(abs);
}

static void check_regex(linter *L, const char *pat, size_t len, size_t off, const char *ptr,
                        const char *what)
{
    char err[256] = "";
    amc_regex *re = amc_regex_compile(pat, len, 0, err, sizeof err);
    const char *why = NULL;
    bool nomem = false;
    if (!re) {
        if (!strcmp(err, AMC_REGEX_ENOMEM_MSG)) {
            L->st = AMC_ENOMEM;
            return;
        }
        emit(L, AMC_C_LINT_REGEX_INVALID, off, ptr, "%s \"%s\" is not a valid ECMA-262 regex: %s",
             what, pat, err);
        return;
    }
    amc_regex_free(re);
    why = amc_regex_portability(pat, len, &nomem);
    if (nomem)
        L->st = AMC_ENOMEM;
    else if (why)
        emit(L, AMC_C_LINT_REGEX_NONPORTABLE, off, ptr,
             "%s \"%s\" uses %s, which other regex engines (PCRE, Python, RE2) treat "
             "differently or reject",
             what, pat, why);
}

static void rule_regexes(linter *L, const lnode *n)
{
    const amc_member *m = getm(n->v, "pattern");
    size_t i = 0;
    if (m && m->value->type == AMC_T_STRING)
        check_regex(L, m->value->u.str.ptr, m->value->u.str.len, m->value->offset,
                    kwptr(L, n->ptr, "pattern", 7), "pattern");
    m = getm(n->v, "patternProperties");
    if (m && m->value->type == AMC_T_OBJECT) {
        for (i = 0; i < m->value->u.obj.len; i++) {
            const amc_member *c = &m->value->u.obj.members[i];
            const char *p = kwptr(L, n->ptr, "patternProperties", 17);
            char *copy = amc_arena_strndup(&L->arena, p, strlen(p));
            if (!copy) {
                L->st = AMC_ENOMEM;
                return;
            }
            check_regex(L, c->key, c->key_len, c->key_offset, kwptr(L, copy, c->key, c->key_len),
                        "patternProperties key");
        }
    }
}

static void rule_enum(linter *L, const lnode *n)
{
    const amc_member *m = getm(n->v, "enum");
    size_t i = 0, j = 0;
    if (!m || m->value->type != AMC_T_ARRAY || m->value->u.arr.len > 4096)
        return;
    for (j = 1; j < m->value->u.arr.len; j++) {
        const amc_value *b = m->value->u.arr.items[j];
        for (i = 0; i < j; i++) {
            if (amc_value_equal(m->value->u.arr.items[i], b)) {
                char *js = amc_value_to_json(b, -1, NULL);
                amc_buf_reset(&L->ptr);
                if (amc_buf_puts(&L->ptr, n->ptr) != AMC_OK ||
                    amc_ptr_push_key(&L->ptr, "enum", 4) != AMC_OK ||
                    amc_ptr_push_index(&L->ptr, j) != AMC_OK)
                    L->st = AMC_ENOMEM;
                emit(L, AMC_C_LINT_ENUM_DUPLICATE, b->offset, L->ptr.data ? L->ptr.data : n->ptr,
                     "enum member %zu (%.60s%s) duplicates member %zu", j, js ? js : "?",
                     js && strlen(js) > 60 ? "..." : "", i);
                amc_free(js);
                break;
            }
        }
    }
}

static void rule_bounds(linter *L, const lnode *n)
{
    static const struct {
        const char *lo, *hi;
        bool strict; /* true: lo >= hi is contradictory; false: lo > hi */
        bool count;  /* non-negative integer counts */
    } pairs[] = {{"minimum", "maximum", false, false},
                 {"exclusiveMinimum", "exclusiveMaximum", true, false},
                 {"minimum", "exclusiveMaximum", true, false},
                 {"exclusiveMinimum", "maximum", true, false},
                 {"minLength", "maxLength", false, true},
                 {"minItems", "maxItems", false, true},
                 {"minProperties", "maxProperties", false, true},
                 {"minContains", "maxContains", false, true}};
    size_t i = 0;
    const amc_value *req = NULL, *maxp = NULL;
    for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const amc_member *lo = getm(n->v, pairs[i].lo), *hi = getm(n->v, pairs[i].hi);
        int c = 0;
        if (!lo || !hi || lo->value->type != AMC_T_NUMBER || hi->value->type != AMC_T_NUMBER)
            continue;
        c = numcmp(lo->value, hi->value);
        if (c > 0 || (pairs[i].strict && c == 0))
            emit(L, AMC_C_LINT_BOUNDS_CONTRADICTORY, lo->key_offset,
                 kwptr(L, n->ptr, lo->key, lo->key_len),
                 "\"%s\" %s is %s \"%s\" %s: no %s satisfies both", pairs[i].lo,
                 lo->value->u.num.text, c == 0 ? "equal to" : "greater than", pairs[i].hi,
                 hi->value->u.num.text, pairs[i].count ? "value" : "number");
    }
    req = getv(n->v, "required");
    maxp = getv(n->v, "maxProperties");
    if (req && req->type == AMC_T_ARRAY && maxp && maxp->type == AMC_T_NUMBER &&
        (maxp->flags & AMC_NUM_INT64) && maxp->u.num.i >= 0 &&
        req->u.arr.len > (uint64_t)maxp->u.num.i) {
        /* count distinct names only */
        size_t distinct = 0, j = 0, k = 0;
        for (j = 0; j < req->u.arr.len; j++) {
            for (k = 0; k < j; k++)
                if (amc_value_equal(req->u.arr.items[k], req->u.arr.items[j]))
                    break;
            distinct += k == j;
        }
        if (distinct > (uint64_t)maxp->u.num.i) {
            const amc_member *m = getm(n->v, "maxProperties");
            emit(L, AMC_C_LINT_BOUNDS_CONTRADICTORY, m->key_offset,
                 kwptr(L, n->ptr, "maxProperties", 13),
                 "\"required\" lists %zu properties but \"maxProperties\" is %s: no object "
                 "satisfies both",
                 distinct, maxp->u.num.text);
        }
    }
}

/* true if some patternProperties regex of schema s matches name (an invalid regex counts as a
 * match: the regex rule reports it, and this rule must not guess). */
static bool pattern_admits(linter *L, const amc_value *s, const char *name, size_t len)
{
    const amc_value *pp = getv(s, "patternProperties");
    size_t i = 0;
    if (!pp || pp->type != AMC_T_OBJECT)
        return false;
    for (i = 0; i < pp->u.obj.len; i++) {
        const amc_member *c = &pp->u.obj.members[i];
        char err[64];
        amc_regex *re = amc_regex_compile(c->key, c->key_len, 0, err, sizeof err);
        int r = 1;
        if (re) {
            r = amc_regex_search(re, name, len);
            amc_regex_free(re);
            if (r == -2)
                L->st = AMC_ENOMEM;
        } else if (!strcmp(err, AMC_REGEX_ENOMEM_MSG)) {
            L->st = AMC_ENOMEM;
        }
        if (r != 0)
            return true;
    }
    return false;
}

static bool addl_false(const amc_value *s)
{
    const amc_value *a = getv(s, "additionalProperties");
    return a && a->type == AMC_T_BOOL && !a->u.boolean;
}

static void rule_required(linter *L, const lnode *n)
{
    const amc_value *req = getv(n->v, "required");
    const amc_value *props = getv(n->v, "properties");
    size_t i = 0;
    if (!req || req->type != AMC_T_ARRAY)
        return;
    if (props && props->type != AMC_T_OBJECT)
        return;
    for (i = 0; i < req->u.arr.len; i++) {
        const amc_value *name = req->u.arr.items[i];
        const amc_value *ps = NULL;
        if (name->type != AMC_T_STRING)
            continue;
        amc_buf_reset(&L->ptr);
        if (amc_buf_puts(&L->ptr, n->ptr) != AMC_OK ||
            amc_ptr_push_key(&L->ptr, "required", 8) != AMC_OK ||
            amc_ptr_push_index(&L->ptr, i) != AMC_OK) {
            L->st = AMC_ENOMEM;
            return;
        }
        ps = props ? amc_value_get(props, name->u.str.ptr, name->u.str.len) : NULL;
        if (ps && ps->type == AMC_T_BOOL && !ps->u.boolean) {
            emit(L, AMC_C_LINT_REQUIRED_IMPOSSIBLE, name->offset, L->ptr.data,
                 "\"%s\" is required but \"properties\" maps it to false: no object is valid",
                 name->u.str.ptr);
            continue;
        }
        if (ps || !addl_false(n->v) || pattern_admits(L, n->v, name->u.str.ptr, name->u.str.len))
            continue;
        {
            const char *sug = NULL;
            size_t j = 0, best = 3;
            for (j = 0; props && j < props->u.obj.len; j++) {
                const amc_member *pm = &props->u.obj.members[j];
                size_t d =
                    amc_lint_osa_distance(name->u.str.ptr, name->u.str.len, pm->key, pm->key_len);
                if (d < best) {
                    best = d;
                    sug = pm->key;
                }
            }
            if (sug)
                emit(L, AMC_C_LINT_REQUIRED_IMPOSSIBLE, name->offset, L->ptr.data,
                     "\"%s\" is required but \"additionalProperties\": false forbids it (not in "
                     "\"properties\"; did you mean \"%s\"?)",
                     name->u.str.ptr, sug);
            else
                emit(L, AMC_C_LINT_REQUIRED_IMPOSSIBLE, name->offset, L->ptr.data,
                     "\"%s\" is required but \"additionalProperties\": false forbids it (not in "
                     "\"properties\" and no \"patternProperties\" matches it)",
                     name->u.str.ptr);
        }
    }
}

/* A property name found in a branch. */
typedef struct bprop {
    const char *name;
    size_t len;
    size_t off;      /* where to report */
    const char *ptr; /* pointer to report (arena) */
    bool via_ref;
} bprop;

typedef struct bprops {
    bprop *v;
    size_t n, cap;
} bprops;

static void bprops_add(linter *L, bprops *b, const char *name, size_t len, size_t off,
                       const char *ptr, bool via_ref)
{
    size_t i = 0;
    for (i = 0; i < b->n; i++)
        if (b->v[i].len == len && memcmp(b->v[i].name, name, len) == 0)
            return;
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 16;
        bprop *p = amc_xrealloc(b->v, cap * sizeof *p);
        if (!p) {
            L->st = AMC_ENOMEM;
            return;
        }
        b->v = p;
        b->cap = cap;
    }
    b->v[b->n].name = name;
    b->v[b->n].len = len;
    b->v[b->n].off = off;
    b->v[b->n].ptr = ptr;
    b->v[b->n].via_ref = via_ref;
    b->n++;
}

/* Collects "properties" names of branch schema s (at pointer ptr, base URI base) and of its
 * nested branches and $ref targets. report_off/report_ptr: where a name found through a $ref
 * hop is reported (the branch that starts the chain). */
static void branch_props(linter *L, bprops *out, const amc_value *s, const char *base,
                         const char *ptr, bool via_ref, size_t report_off, const char *report_ptr,
                         unsigned hops)
{
    static const char *const arrays[] = {"allOf", "anyOf", "oneOf"};
    static const char *const singles[] = {"if", "then", "else"};
    const amc_value *props = NULL, *ref = NULL, *id = NULL;
    char *own = NULL;
    size_t i = 0, j = 0;
    if (!s || s->type != AMC_T_OBJECT || hops > 8 || L->st != AMC_OK)
        return;
    id = getv(s, "$id");
    if (id && id->type == AMC_T_STRING) {
        amc_status rs = amc_uri_resolve(base, id->u.str.ptr, id->u.str.len, &own);
        if (rs == AMC_ENOMEM) {
            L->st = AMC_ENOMEM;
            return;
        }
        if (rs == AMC_OK)
            base = own;
    }
    props = getv(s, "properties");
    if (props && props->type == AMC_T_OBJECT) {
        for (i = 0; i < props->u.obj.len; i++) {
            const amc_member *m = &props->u.obj.members[i];
            const char *p = report_ptr;
            size_t off = report_off;
            if (!via_ref) {
                amc_buf_reset(&L->ptr);
                if (amc_buf_puts(&L->ptr, ptr) != AMC_OK ||
                    amc_ptr_push_key(&L->ptr, "properties", 10) != AMC_OK ||
                    amc_ptr_push_key(&L->ptr, m->key, m->key_len) != AMC_OK) {
                    L->st = AMC_ENOMEM;
                    goto out;
                }
                p = amc_arena_strndup(&L->arena, L->ptr.data, L->ptr.len);
                off = m->key_offset;
                if (!p) {
                    L->st = AMC_ENOMEM;
                    goto out;
                }
            }
            bprops_add(L, out, m->key, m->key_len, off, p, via_ref);
        }
    }
    for (i = 0; i < 3; i++) {
        const amc_value *arr = getv(s, arrays[i]);
        if (!arr || arr->type != AMC_T_ARRAY)
            continue;
        for (j = 0; j < arr->u.arr.len; j++) {
            char *cp = NULL;
            amc_buf_reset(&L->ptr);
            if (amc_buf_puts(&L->ptr, ptr) != AMC_OK ||
                amc_ptr_push_key(&L->ptr, arrays[i], strlen(arrays[i])) != AMC_OK ||
                amc_ptr_push_index(&L->ptr, j) != AMC_OK) {
                L->st = AMC_ENOMEM;
                goto out;
            }
            cp = amc_arena_strndup(&L->arena, L->ptr.data, L->ptr.len);
            if (!cp) {
                L->st = AMC_ENOMEM;
                goto out;
            }
            branch_props(L, out, arr->u.arr.items[j], base, cp, via_ref,
                         via_ref ? report_off : arr->u.arr.items[j]->offset,
                         via_ref ? report_ptr : cp, hops);
        }
    }
    for (i = 0; i < 3; i++) {
        const amc_value *c = getv(s, singles[i]);
        const char *kp = NULL;
        char *cp = NULL;
        if (!c)
            continue;
        kp = kwptr(L, ptr, singles[i], strlen(singles[i]));
        cp = amc_arena_strndup(&L->arena, kp, strlen(kp));
        if (!cp) {
            L->st = AMC_ENOMEM;
            goto out;
        }
        branch_props(L, out, c, base, cp, via_ref, via_ref ? report_off : c->offset,
                     via_ref ? report_ptr : cp, hops);
    }
    ref = getv(s, "$ref");
    if (ref && ref->type == AMC_T_STRING) {
        char *abs = NULL;
        amc_diags *tmp = amc_diags_new(16);
        sres *res = NULL;
        const amc_value *t = NULL;
        amc_status rs = AMC_OK;
        if (!tmp) {
            L->st = AMC_ENOMEM;
            goto out;
        }
        rs = amc_uri_resolve(base, ref->u.str.ptr, ref->u.str.len, &abs);
        if (rs == AMC_ENOMEM) {
            L->st = AMC_ENOMEM;
            amc_diags_free(tmp);
            goto out;
        }
        if (rs == AMC_OK)
            t = amc_sreg_resolve(L->set, abs, tmp, &res);
        if (t && res) {
            /* the base URI of the target: its own resource, refined by $id on the way is
             * not tracked beyond the resource URI (enough for one-file and sibling refs) */
            branch_props(L, out, t, res->uri, ptr, true, via_ref ? report_off : s->offset,
                         via_ref ? report_ptr : ptr, hops + 1);
        }
        amc_xfree(abs);
        amc_diags_free(tmp);
    }
out:
    amc_xfree(own);
}

static void rule_branch_props(linter *L, const lnode *n)
{
    static const char *const arrays[] = {"allOf", "anyOf", "oneOf"};
    static const char *const singles[] = {"if", "then", "else"};
    const amc_value *props = getv(n->v, "properties");
    const amc_value *ds = getv(n->v, "dependentSchemas");
    bprops found = {NULL, 0, 0};
    size_t i = 0, j = 0;
    if (!addl_false(n->v))
        return;
    if (props && props->type != AMC_T_OBJECT)
        return;
    for (i = 0; i < 3; i++) {
        const amc_value *arr = getv(n->v, arrays[i]);
        if (!arr || arr->type != AMC_T_ARRAY)
            continue;
        for (j = 0; j < arr->u.arr.len && L->st == AMC_OK; j++) {
            char *cp = NULL;
            amc_buf_reset(&L->ptr);
            if (amc_buf_puts(&L->ptr, n->ptr) != AMC_OK ||
                amc_ptr_push_key(&L->ptr, arrays[i], strlen(arrays[i])) != AMC_OK ||
                amc_ptr_push_index(&L->ptr, j) != AMC_OK) {
                L->st = AMC_ENOMEM;
                goto out;
            }
            cp = amc_arena_strndup(&L->arena, L->ptr.data, L->ptr.len);
            if (!cp) {
                L->st = AMC_ENOMEM;
                goto out;
            }
            branch_props(L, &found, arr->u.arr.items[j], n->base, cp, false,
                         arr->u.arr.items[j]->offset, cp, 0);
        }
    }
    for (i = 0; i < 3; i++) {
        const amc_value *c = getv(n->v, singles[i]);
        const char *p = NULL;
        char *cp = NULL;
        if (!c)
            continue;
        p = kwptr(L, n->ptr, singles[i], strlen(singles[i]));
        cp = amc_arena_strndup(&L->arena, p, strlen(p));
        if (!cp) {
            L->st = AMC_ENOMEM;
            goto out;
        }
        branch_props(L, &found, c, n->base, cp, false, c->offset, cp, 0);
    }
    if (ds && ds->type == AMC_T_OBJECT) {
        for (j = 0; j < ds->u.obj.len; j++) {
            const amc_member *m = &ds->u.obj.members[j];
            char *cp = NULL;
            amc_buf_reset(&L->ptr);
            if (amc_buf_puts(&L->ptr, n->ptr) != AMC_OK ||
                amc_ptr_push_key(&L->ptr, "dependentSchemas", 16) != AMC_OK ||
                amc_ptr_push_key(&L->ptr, m->key, m->key_len) != AMC_OK) {
                L->st = AMC_ENOMEM;
                goto out;
            }
            cp = amc_arena_strndup(&L->arena, L->ptr.data, L->ptr.len);
            if (!cp) {
                L->st = AMC_ENOMEM;
                goto out;
            }
            branch_props(L, &found, m->value, n->base, cp, false, m->value->offset, cp, 0);
        }
    }
    for (i = 0; i < found.n && L->st == AMC_OK; i++) {
        const bprop *b = &found.v[i];
        if (props && amc_value_get(props, b->name, b->len))
            continue;
        if (pattern_admits(L, n->v, b->name, b->len))
            continue;
        emit(L, AMC_C_LINT_PROPERTY_IN_BRANCH, b->off, b->ptr,
             "property \"%s\" is declared only in a subschema branch%s, but "
             "\"additionalProperties\": false at %s rejects it: declare it in \"properties\" "
             "there or use \"unevaluatedProperties\": false",
             b->name, b->via_ref ? " (through $ref)" : "", *n->ptr ? n->ptr : "the root");
    }
out:
    amc_xfree(found.v);
}

static void rule_format(linter *L, const lnode *n)
{
    const amc_member *m = getm(n->v, "format");
    const char *sug = NULL, *names[64];
    const char *fmt = NULL;
    size_t flen = 0, nn = 0, i = 0;
    amc_schema_dialect d = (amc_schema_dialect)n->dialect;
    int since = -1;
    if (!m || m->value->type != AMC_T_STRING)
        return;
    fmt = m->value->u.str.ptr;
    flen = m->value->u.str.len;
    if (amc_sdialect_format_defined(d, fmt, flen))
        return;
    for (i = 0; i < L->opts->n_formats; i++)
        if (L->opts->formats[i] && strlen(L->opts->formats[i]) == flen &&
            !memcmp(L->opts->formats[i], fmt, flen))
            return; /* a custom format the configuration declares */
    for (since = AMC_DIALECT_2020_12; since <= AMC_DIALECT_DRAFT4; since++)
        if (!amc_sdialect_format_defined((amc_schema_dialect)since, fmt, flen))
            break;
    since = since == AMC_DIALECT_2020_12 ? -1 : since - 1; /* the oldest defining it, or -1 */
    if (since >= 0) {
        emit(L, AMC_C_LINT_FORMAT_UNKNOWN, m->value->offset, kwptr(L, n->ptr, "format", 6),
             "format \"%s\" is not a %s format (it came with %s): %s validators may not check "
             "it",
             fmt, dialect_label(d), dialect_label((amc_schema_dialect)since), dialect_label(d));
        return;
    }
    nn = amc_sdialect_formats(d, names, sizeof names / sizeof names[0]);
    sug = nearest(fmt, flen, names, nn);
    if (!sug && flen == 8 && !memcmp(fmt, "datetime", 8))
        sug = "date-time";
    if (sug) {
        emit(L, AMC_C_LINT_FORMAT_UNKNOWN, m->value->offset, kwptr(L, n->ptr, "format", 6),
             "unknown format \"%s\" is never checked; did you mean \"%s\"?", fmt, sug);
        return;
    }
    amc_buf_reset(&L->ptr); /* the list of names, then the pointer (kwptr reuses the buffer) */
    for (i = 0; i < nn; i++)
        if (amc_buf_printf(&L->ptr, "%s%s", i ? ", " : "", names[i]) != AMC_OK)
            L->st = AMC_ENOMEM;
    {
        char *list = L->ptr.data ? amc_arena_strndup(&L->arena, L->ptr.data, L->ptr.len) : NULL;
        if (!list) {
            L->st = AMC_ENOMEM;
            return;
        }
        emit(L, AMC_C_LINT_FORMAT_UNKNOWN, m->value->offset, kwptr(L, n->ptr, "format", 6),
             "unknown format \"%s\" is never checked (%s defines: %s; a custom format is "
             "declared with --known-format)",
             fmt, dialect_label(d), list);
    }
}

enum { TB_NULL = 1, TB_BOOL = 2, TB_NUMBER = 4, TB_STRING = 8, TB_ARRAY = 16, TB_OBJECT = 32 };

static unsigned type_bit(const char *s, size_t n)
{
    static const struct {
        const char *name;
        unsigned bit;
    } t[] = {{"null", TB_NULL},      {"boolean", TB_BOOL},  {"number", TB_NUMBER},
             {"integer", TB_NUMBER}, {"string", TB_STRING}, {"array", TB_ARRAY},
             {"object", TB_OBJECT}};
    size_t i = 0;
    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strlen(t[i].name) == n && memcmp(t[i].name, s, n) == 0)
            return t[i].bit;
    return 0;
}

static void rule_type_mismatch(linter *L, const lnode *n)
{
    static const struct {
        const char *kw;
        unsigned bit;
        const char *what;
    } kws[] = {{"minLength", TB_STRING, "strings"},
               {"maxLength", TB_STRING, "strings"},
               {"pattern", TB_STRING, "strings"},
               {"contentEncoding", TB_STRING, "strings"},
               {"contentMediaType", TB_STRING, "strings"},
               {"contentSchema", TB_STRING, "strings"},
               {"minimum", TB_NUMBER, "numbers"},
               {"maximum", TB_NUMBER, "numbers"},
               {"exclusiveMinimum", TB_NUMBER, "numbers"},
               {"exclusiveMaximum", TB_NUMBER, "numbers"},
               {"multipleOf", TB_NUMBER, "numbers"},
               {"items", TB_ARRAY, "arrays"},
               {"prefixItems", TB_ARRAY, "arrays"},
               {"contains", TB_ARRAY, "arrays"},
               {"minContains", TB_ARRAY, "arrays"},
               {"maxContains", TB_ARRAY, "arrays"},
               {"minItems", TB_ARRAY, "arrays"},
               {"maxItems", TB_ARRAY, "arrays"},
               {"uniqueItems", TB_ARRAY, "arrays"},
               {"unevaluatedItems", TB_ARRAY, "arrays"},
               {"properties", TB_OBJECT, "objects"},
               {"patternProperties", TB_OBJECT, "objects"},
               {"additionalProperties", TB_OBJECT, "objects"},
               {"propertyNames", TB_OBJECT, "objects"},
               {"required", TB_OBJECT, "objects"},
               {"dependentRequired", TB_OBJECT, "objects"},
               {"dependentSchemas", TB_OBJECT, "objects"},
               {"minProperties", TB_OBJECT, "objects"},
               {"maxProperties", TB_OBJECT, "objects"},
               {"unevaluatedProperties", TB_OBJECT, "objects"}};
    const amc_value *t = getv(n->v, "type");
    unsigned mask = 0;
    size_t i = 0;
    char *tjs = NULL;
    if (!t)
        return;
    if (t->type == AMC_T_STRING) {
        mask = type_bit(t->u.str.ptr, t->u.str.len);
        if (!mask)
            return;
    } else if (t->type == AMC_T_ARRAY) {
        for (i = 0; i < t->u.arr.len; i++) {
            unsigned b = 0;
            if (t->u.arr.items[i]->type != AMC_T_STRING)
                return;
            b = type_bit(t->u.arr.items[i]->u.str.ptr, t->u.arr.items[i]->u.str.len);
            if (!b)
                return;
            mask |= b;
        }
    } else {
        return;
    }
    for (i = 0; i < sizeof kws / sizeof kws[0]; i++) {
        const amc_member *m = getm(n->v, kws[i].kw);
        if (!m || (mask & kws[i].bit))
            continue;
        if (!tjs) {
            tjs = amc_value_to_json(t, -1, NULL);
            if (!tjs) {
                L->st = AMC_ENOMEM;
                return;
            }
        }
        emit(L, AMC_C_LINT_KEYWORD_TYPE_MISMATCH, m->key_offset,
             kwptr(L, n->ptr, m->key, m->key_len),
             "\"%s\" applies only to %s but \"type\" is %s: it has no effect", kws[i].kw,
             kws[i].what, tjs);
    }
    amc_free(tjs);
}

static void lint_node(linter *L, const lnode *n)
{
    size_t i = 0;
    if (n->v->type != AMC_T_OBJECT)
        return;
    if (!*n->ptr)
        rule_dialect(L, n);
    for (i = 0; i < n->v->u.obj.len && L->st == AMC_OK; i++) {
        const amc_member *m = &n->v->u.obj.members[i];
        if (enabled(L, AMC_C_LINT_UNKNOWN_KEYWORD))
            rule_unknown_keyword(L, n, m);
        if (enabled(L, AMC_C_LINT_REF_UNRESOLVED) &&
            ((m->key_len == 4 && !memcmp(m->key, "$ref", 4)) ||
             (m->key_len == 11 && !memcmp(m->key, "$dynamicRef", 11))))
            rule_ref(L, n, m);
    }
    if (enabled(L, AMC_C_LINT_REGEX_INVALID) || enabled(L, AMC_C_LINT_REGEX_NONPORTABLE))
        rule_regexes(L, n);
    if (enabled(L, AMC_C_LINT_ENUM_DUPLICATE))
        rule_enum(L, n);
    if (enabled(L, AMC_C_LINT_BOUNDS_CONTRADICTORY))
        rule_bounds(L, n);
    if (enabled(L, AMC_C_LINT_REQUIRED_IMPOSSIBLE))
        rule_required(L, n);
    if (enabled(L, AMC_C_LINT_PROPERTY_IN_BRANCH))
        rule_branch_props(L, n);
    if (enabled(L, AMC_C_LINT_FORMAT_UNKNOWN))
        rule_format(L, n);
    if (enabled(L, AMC_C_LINT_KEYWORD_TYPE_MISMATCH))
        rule_type_mismatch(L, n);
}

/* ---- stage 1: the meta-schema ---- */

static void meta_stage(linter *L, const char *doc_uri)
{
    const amc_value *root = amc_doc_root(L->doc);
    const amc_value *sv = root ? getv(root, "$schema") : NULL;
    char *meta_uri = NULL;
    const amc_schema *meta = NULL;
    amc_diags *tmp = NULL;
    amc_validate_opts vo = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = true;
    size_t i = 0;
    (void)doc_uri;
    if (!enabled(L, AMC_C_LINT_META_SCHEMA) || !root)
        return;
    tmp = amc_diags_new(0);
    if (!tmp) {
        L->st = AMC_ENOMEM;
        return;
    }
    if (sv && sv->type == AMC_T_STRING) {
        meta_uri = amc_arena_strndup(&L->arena, sv->u.str.ptr, sv->u.str.len);
        if (!meta_uri) {
            L->st = AMC_ENOMEM;
            goto out;
        }
        /* a document that is its own meta-schema is checked against 2020-12 (compiling it
         * here would also compile it before the compile stage, which reports on it) */
        if (amc_schema_set_doc(L->set, meta_uri) != L->doc) {
            amc_status cst = amc_schema_compile(L->set, meta_uri, tmp, &meta);
            if (cst == AMC_ENOMEM) {
                L->st = AMC_ENOMEM;
                goto out;
            }
            if (cst != AMC_OK)
                meta = NULL; /* not a meta-schema amc has: checked against 2020-12 */
        }
        amc_diags_clear(tmp);
    }
    if (!meta && amc_schema_compile(
                     L->set, amc_schema_dialect_uri((amc_schema_dialect)L->set->default_dialect),
                     tmp, &meta) != AMC_OK) {
        /* the embedded meta-schemas always compile; only ENOMEM gets here */
        L->st = AMC_ENOMEM;
        goto out;
    }
    amc_diags_clear(tmp);
    vo.format_assert = false;
    vo.all_errors = true;
    if (amc_schema_validate(meta, root, L->doc, &vo, tmp, &valid) == AMC_ENOMEM) {
        L->st = AMC_ENOMEM;
        goto out;
    }
    for (i = 0; i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        size_t j = 0;
        if (d.sev != AMC_SEV_ERROR)
            continue;
        /* the 2020-12 meta-schema reaches some keywords through several $dynamicRef paths:
         * report each (location, message) once */
        for (j = 0; j < i; j++) {
            const amc_diag *e = amc_diags_get(tmp, j);
            if (e->sev == AMC_SEV_ERROR && !strcmp(e->message, d.message) &&
                !strcmp(e->instance_ptr ? e->instance_ptr : "",
                        d.instance_ptr ? d.instance_ptr : ""))
                break;
        }
        if (j < i)
            continue;
        d.code = AMC_C_LINT_META_SCHEMA;
        d.sev = sev_of(L, AMC_C_LINT_META_SCHEMA);
        d.rule_id = NULL;
        if (amc_diags_add(L->out, &d) != AMC_OK)
            L->st = AMC_ENOMEM;
    }
out:
    amc_diags_free(tmp);
}

/* ---- stage 3: the compiler ---- */

static void compile_stage(linter *L, const char *doc_uri)
{
    amc_diags *tmp = NULL;
    const amc_schema *s = NULL;
    size_t i = 0;
    if (!enabled(L, AMC_C_LINT_COMPILE) || amc_diags_errors(L->out) > 0)
        return;
    tmp = amc_diags_new(0);
    if (!tmp) {
        L->st = AMC_ENOMEM;
        return;
    }
    if (amc_schema_compile(L->set, doc_uri, tmp, &s) == AMC_ENOMEM)
        L->st = AMC_ENOMEM;
    for (i = 0; i < amc_diags_count(tmp); i++) {
        amc_diag d = *amc_diags_get(tmp, i);
        switch ((int)d.code) {
        case AMC_C_SCHEMA_REF_UNRESOLVED:
        case AMC_C_SCHEMA_REGEX_INVALID:
        case AMC_C_SCHEMA_NOT_FOUND:
        case AMC_C_SCHEMA_LOAD_FAILED:
            continue;
        default:
            break;
        }
        if (d.sev != AMC_SEV_ERROR)
            continue;
        d.code = AMC_C_LINT_COMPILE;
        if (d.schema_uri && amc_schema_set_doc(L->set, d.schema_uri) != L->doc) {
            /* a problem in another document (a referenced schema, the meta-schema): its
             * position means nothing in this file, so name the document instead */
            amc_buf_reset(&L->msg);
            if (amc_buf_printf(&L->msg, "in %s: %s", d.schema_uri, d.message) != AMC_OK) {
                L->st = AMC_ENOMEM;
                break;
            }
            d.message = L->msg.data;
            d.at = AMC_POS_NONE;
        }
        d.sev = sev_of(L, AMC_C_LINT_COMPILE);
        if (amc_diags_add(L->out, &d) != AMC_OK)
            L->st = AMC_ENOMEM;
    }
    amc_diags_free(tmp);
}

amc_status amc_schema_lint(amc_schema_set *set, const char *doc_uri, const amc_lint_opts *opts,
                           amc_diags *diags)
{
    static const amc_lint_opts defaults = AMC_LINT_OPTS_DEFAULT;
    linter L;
    amc_status st = AMC_OK;
    size_t i = 0;
    if (!set || !doc_uri || !diags)
        return AMC_EUSAGE;
    memset(&L, 0, sizeof L);
    L.set = set;
    L.opts = opts ? opts : &defaults;
    st = amc_schema_set_find_doc(set, doc_uri, &L.doc);
    if (st != AMC_OK)
        return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_EINVALID;
    amc_arena_init(&L.arena, 4096);
    amc_pmap_init(&L.seen);
    amc_buf_init(&L.msg, 0);
    amc_buf_init(&L.ptr, 0);
    L.out = amc_diags_new(0);
    if (!L.out) {
        st = AMC_ENOMEM;
        goto out;
    }
    if (amc_doc_root(L.doc))
        collect_local_refs(&L, amc_doc_root(L.doc), 0);
    meta_stage(&L, doc_uri);
    if (L.st == AMC_OK) {
        st = amc_schema_walk(set, doc_uri, collect, &L);
        if (st != AMC_OK && L.st == AMC_OK)
            L.st = st;
    }
    for (i = 0; i < L.nnodes && L.st == AMC_OK; i++) {
        lnode n = L.nodes[i]; /* lint_node may grow L.nodes through flush_pending */
        lint_node(&L, &n);
        flush_pending(&L);
    }
    if (L.st == AMC_OK)
        compile_stage(&L, doc_uri);
    st = L.st;
    if (st == AMC_OK) {
        amc_diags_sort(L.out);
        st = amc_diags_append(diags, L.out);
    }
out:
    amc_diags_free(L.out);
    amc_xfree(L.nodes);
    amc_xfree(L.pending);
    amc_xfree(L.lrefs);
    amc_pmap_release(&L.seen);
    amc_buf_release(&L.msg);
    amc_buf_release(&L.ptr);
    amc_arena_release(&L.arena);
    return st;
}
