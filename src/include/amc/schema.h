/*
 * amc/schema.h - the JSON Schema engine (drafts 2020-12, 2019-09, 7, 6 and 4): a registry of
 * schema documents, a compiler and a validator over amc documents.
 *
 * Dialects: every schema resource (a document root, or a subschema with its own "$id" / draft-4
 * "id") is read in one dialect: the one its "$schema" names, else the dialect of the enclosing
 * resource, else (a document root) the set's default dialect (amc_schema_set_default_dialect(),
 * draft 2020-12 unless changed). A "$ref" may lead into a resource of another dialect; each
 * subschema is compiled with the keywords and semantics of its own. A "$schema" that names a
 * dialect amc does not implement (draft-03, an unknown URI whose meta-schema cannot be loaded or
 * declares no vocabulary amc knows) is an error (SCHEMA_DIALECT_UNSUPPORTED) when the document is
 * added. Per dialect:
 *   - 2020-12: everything below. 2019-09: "$recursiveRef" / "$recursiveAnchor" instead of the
 *     dynamic pair, "items" as a schema or an array (+ "additionalItems"), no "prefixItems";
 *     "contains" does not mark items evaluated for "unevaluatedItems".
 *   - draft 7, 6, 4: "definitions", "dependencies" (array: required names; schema: applied),
 *     array-form "items" + "additionalItems", "$id" (draft 4: "id") with a plain-name fragment
 *     as location-independent identifier, and every keyword beside "$ref" ignored (its "$id"
 *     too). Draft 7 adds if/then/else to draft 6; draft 6 adds const, contains, propertyNames,
 *     boolean schemas and numeric exclusiveMaximum/Minimum to draft 4, whose
 *     exclusiveMaximum/Minimum are booleans modifying maximum/minimum.
 *   - "format" asserts (when asked) only the formats the dialect defines; others are
 *     annotations.
 *
 * Stages (the design notes are at the top of src/schema/compile.c and validate.c):
 *   1. REGISTRY: an amc_schema_set holds schema documents by URI: the embedded schemas/ tree
 *      (the 2020-12 meta-schemas and every profile schema, registered under their $id), the
 *      documents the caller adds, and documents a caller-supplied loader returns on demand (the
 *      library itself never opens files or the network).
 *   2. COMPILE: amc_schema_compile() resolves base URIs, $id, $anchor, $dynamicAnchor and every
 *      $ref once, compiles regexes once and hashes property names and enum members. The result
 *      is an immutable amc_schema owned by the set.
 *   3. VALIDATE: amc_schema_validate() walks an instance (an amc_value tree) against a compiled
 *      schema. It never mutates the schema: any number of threads may validate with the same
 *      compiled schema at the same time.
 *
 * Thread-safety: amc_schema_set_add*(), amc_schema_compile() and amc_schema_set_free() must not
 * run concurrently with any other call on the same set. amc_schema_validate() may run
 * concurrently with other amc_schema_validate() calls.
 *
 * Diagnostics: validation failures are reported as SCHEMA_<KEYWORD> codes (2000-2199) in the
 * shape of the 2020-12 "basic" output: amc_diag.instance_ptr is the instanceLocation,
 * keyword_ptr the keywordLocation (the dynamic path, through $ref hops), schema_uri the
 * absoluteKeywordLocation, `at` the position of the instance value when the instance document is
 * given. Compile problems use codes 2200-2299 and carry positions in the schema document.
 */
#ifndef AMC_SCHEMA_H
#define AMC_SCHEMA_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"
#include "amc/doc.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup schema JSON Schema (2020-12, 2019-09, draft 7, 6, 4)
 *  @{ */

/** A registry of schema documents plus the cache of compiled schemas. */
typedef struct amc_schema_set amc_schema_set;

/** A compiled schema. Owned by its set; valid until amc_schema_set_free(). Immutable. */
typedef struct amc_schema amc_schema;

/** URI of the 2020-12 meta-schema (always available in every set). */
#define AMC_SCHEMA_DRAFT2020_12 "https://json-schema.org/draft/2020-12/schema"

/** The JSON Schema dialects amc implements (their meta-schemas are embedded). */
typedef enum amc_schema_dialect {
    AMC_DIALECT_2020_12 = 1, /**< https://json-schema.org/draft/2020-12/schema */
    AMC_DIALECT_2019_09 = 2, /**< https://json-schema.org/draft/2019-09/schema */
    AMC_DIALECT_DRAFT7 = 3,  /**< http://json-schema.org/draft-07/schema# */
    AMC_DIALECT_DRAFT6 = 4,  /**< http://json-schema.org/draft-06/schema# */
    AMC_DIALECT_DRAFT4 = 5   /**< http://json-schema.org/draft-04/schema# */
} amc_schema_dialect;

/**
 * The dialect named by s: a short name ("2020-12", "2019-09", "draft7", "draft6", "draft4"; also
 * "draft2020-12", "draft2019-09", "draft-07", "draft-06", "draft-04") or a meta-schema URI as
 * published, with or without its trailing "#", with http or https (the draft 4-7 hyper-schema
 * URIs name their draft too).
 * @returns AMC_OK (*out set), AMC_EINVALID (not a dialect amc implements, e.g. draft-03),
 *          AMC_EUSAGE (NULL arguments).
 */
AMC_API amc_status amc_schema_dialect_parse(const char *s, amc_schema_dialect *out);

/** Short name of a dialect ("2020-12", "2019-09", "draft7", "draft6", "draft4"); NULL if d is
 *  not one. */
AMC_API const char *amc_schema_dialect_name(amc_schema_dialect d);

/** Meta-schema URI of a dialect as published ("http://json-schema.org/draft-07/schema#"); NULL
 *  if d is not one. */
AMC_API const char *amc_schema_dialect_uri(amc_schema_dialect d);

/** The supported dialects for messages: "2020-12, 2019-09, draft7, draft6, draft4". */
#define AMC_SCHEMA_DIALECTS "2020-12, 2019-09, draft7, draft6, draft4"

/**
 * New set whose registry already knows every embedded schema (parsed lazily on first use).
 * @param[in] lim limits (NULL: defaults). Used: max_input_bytes, max_depth (schema documents
 *                are read with these), max_string_bytes, max_nodes, regex_match_limit.
 * @returns the set (free with amc_schema_set_free()), or NULL on ENOMEM.
 */
AMC_API amc_schema_set *amc_schema_set_new(const amc_limits *lim);

/**
 * The schema documents built into amc (what `amc schemas` lists): the schemas/ tree in path
 * order ("mailbox/mailbox-envelope.v1.schema.json", "meta/2020-12/schema"), then the
 * conformance adapter protocol's ("adapter-protocol/hello-reply.schema.json"). Each is also known
 * to every schema set as "amc:schemas/<name>" and by its "$id".
 */
AMC_API size_t amc_schema_embedded_count(void);
/**
 * The i-th embedded document: its name, root "$id" as written (NULL if none) and bytes (static
 * storage, NUL-terminated, len without the NUL). Any output may be NULL. AMC_EUSAGE past the end.
 */
AMC_API amc_status amc_schema_embedded_at(size_t i, const char **name, const char **id,
                                          const char **data, size_t *len);

/** Frees the set, every document it holds and every compiled schema. NULL: no-op. */
AMC_API void amc_schema_set_free(amc_schema_set *set);

/**
 * Loader callback: asked for a document the registry does not hold (an absolute URI without
 * fragment, e.g. "http://localhost:1234/tree.json"). On success it sets *buf to JSON text
 * allocated with malloc() (amc frees it with amc_free()) and *len to its length, and returns
 * AMC_OK. AMC_ENOMEM is out of memory (the set then fails with it); any other status means
 * "not available" (the $ref is then reported unresolvable).
 * The loader may be called from amc_schema_set_add*() and amc_schema_compile(), never from
 * amc_schema_validate().
 */
typedef amc_status (*amc_schema_loader)(void *userdata, const char *uri, char **buf, size_t *len);

/** Installs (or, with fn == NULL, removes) the loader. */
AMC_API void amc_schema_set_loader(amc_schema_set *set, amc_schema_loader fn, void *userdata);

/**
 * The dialect of documents added from now on whose root has no "$schema" (documents the loader
 * returns included; the embedded schemas/ tree is always 2020-12). Default: AMC_DIALECT_2020_12.
 * @returns AMC_OK, AMC_EUSAGE (NULL set or not a dialect).
 */
AMC_API amc_status amc_schema_set_default_dialect(amc_schema_set *set, amc_schema_dialect d);

/**
 * Adds a schema document from JSON text and registers every schema resource ($id) and anchor
 * ($anchor, $dynamicAnchor) inside it. Nothing is compiled yet.
 * @param[in]  set
 * @param[in]  retrieval_uri absolute URI the document was retrieved from (its initial base
 *                 URI; a file should be passed as a file:// URI), or NULL: the root $id is used,
 *                 or, if there is none, a unique "urn:amc:schema:<n>".
 * @param[in]  buf, len the JSON text (read with amc_json_read() and the set's limits)
 * @param[in,out] diags reader and registry diagnostics (positions in buf); must not be NULL
 * @param[out] out_uri (may be NULL) the document's canonical URI: its root $id resolved against
 *                 retrieval_uri, else retrieval_uri. Owned by the set.
 * @returns AMC_OK; AMC_EINVALID (not JSON, not a schema, malformed $id/$anchor, a resource URI
 *          already registered by another document); AMC_ELIMIT; AMC_ENOMEM. On failure the set
 *          is unchanged.
 */
AMC_API amc_status amc_schema_set_add(amc_schema_set *set, const char *retrieval_uri,
                                      const char *buf, size_t len, amc_diags *diags,
                                      const char **out_uri) AMC_WARN_UNUSED_RESULT;

/**
 * Same as amc_schema_set_add() for a document already read (for example from YAML).
 * Transfers ownership of doc to the set, also on failure.
 */
AMC_API amc_status amc_schema_set_add_doc(amc_schema_set *set, const char *retrieval_uri,
                                          amc_doc *doc, amc_diags *diags,
                                          const char **out_uri) AMC_WARN_UNUSED_RESULT;

/**
 * Compiles the schema at uri (absolute; may carry a fragment: a JSON Pointer "#/$defs/x" or an
 * anchor "#name"), and everything it references. Loads missing documents through the embedded
 * table and then the loader. Compiling the same URI twice returns the same amc_schema.
 * Problems are reported with positions in the schema document that holds them: unresolvable
 * $ref (SCHEMA_REF_UNRESOLVED), invalid keyword values (SCHEMA_KEYWORD_INVALID), invalid regexes
 * (SCHEMA_REGEX_INVALID), unsupported required vocabularies, ...
 * After AMC_ENOMEM from this or from amc_schema_set_add*(), the set may hold documents in part:
 * every later compile on it returns AMC_ENOMEM (schemas compiled before stay valid); start over
 * with a new set.
 * @param[out] out the compiled schema (owned by the set) on AMC_OK, NULL otherwise
 * @returns AMC_OK, AMC_EINVALID, AMC_ELIMIT, AMC_ENOMEM.
 */
AMC_API amc_status amc_schema_compile(amc_schema_set *set, const char *uri, amc_diags *diags,
                                      const amc_schema **out) AMC_WARN_UNUSED_RESULT;

/** Absolute URI (with fragment if any) the schema was compiled from. Owned by the set. */
AMC_API const char *amc_schema_uri(const amc_schema *schema);

/** Dialect the compiled schema's root is read in (0 for NULL). */
AMC_API amc_schema_dialect amc_schema_dialect_of(const amc_schema *schema);

/** Options of amc_schema_validate(). Start from AMC_VALIDATE_OPTS_DEFAULT. Zero fields mean
 *  "default" so that new fields stay safe. */
typedef struct amc_validate_opts {
    bool format_assert;      /**< "format" asserts (known formats only; unknown formats pass) */
    bool all_errors;         /**< true: report every failure; false: stop at the first one */
    uint32_t max_errors;     /**< stop after this many failures (0: only the diags limit) */
    uint32_t max_depth;      /**< nested schema evaluations (0: default 1000); evaluation
                                  recurses, each level takes under 1 KiB of stack */
    uint32_t branch_details; /**< failures shown per failing anyOf/oneOf branch (0: default
                                  3; UINT32_MAX: all) */
} amc_validate_opts;

#define AMC_VALIDATE_OPTS_DEFAULT                                                                  \
    {                                                                                              \
        false, true, 0, 0, 0                                                                       \
    }

/**
 * Validates instance against schema.
 * @param[in] schema   a compiled schema
 * @param[in] instance the value to validate (borrowed)
 * @param[in] instance_doc the document holding instance, or NULL; when given, diagnostics carry
 *                 line:col positions of the failing values
 * @param[in] opts     NULL: AMC_VALIDATE_OPTS_DEFAULT
 * @param[in,out] diags where failures go; may be NULL (fastest: only the verdict is computed)
 * @param[out] valid   the verdict
 * @returns AMC_OK when a verdict was reached (*valid says which); AMC_ELIMIT when evaluation was
 *          cut short (depth limit, a $ref loop that consumes no instance depth
 *          (SCHEMA_REF_LOOP), a regex match limit): *valid is then false and a diagnostic says
 *          why; AMC_ENOMEM; AMC_EUSAGE for NULL arguments.
 */
AMC_API amc_status amc_schema_validate(const amc_schema *schema, const amc_value *instance,
                                       const amc_doc *instance_doc, const amc_validate_opts *opts,
                                       amc_diags *diags, bool *valid) AMC_WARN_UNUSED_RESULT;

/* ---- Introspection for linters ---- */

/** The vocabulary a keyword belongs to (2020-12 names; for the drafts before 2019-09, which
 *  have no vocabularies, the 2020-12 vocabulary of the same or the replacing keyword). */
typedef enum amc_schema_vocab {
    AMC_SVOCAB_UNKNOWN = 0, /**< not a keyword of the dialect (an annotation, or a typo) */
    AMC_SVOCAB_CORE = 1,
    AMC_SVOCAB_APPLICATOR = 2,
    AMC_SVOCAB_UNEVALUATED = 3,
    AMC_SVOCAB_VALIDATION = 4,
    AMC_SVOCAB_META_DATA = 5,
    AMC_SVOCAB_FORMAT = 6, /**< format-annotation / format-assertion */
    AMC_SVOCAB_CONTENT = 7
} amc_schema_vocab;

/** Vocabulary of keyword kw[0..len) in 2020-12 ("minLength" -> AMC_SVOCAB_VALIDATION). */
AMC_API amc_schema_vocab amc_schema_keyword_vocab(const char *kw, size_t len);

/** amc_schema_keyword_vocab() in dialect d: AMC_SVOCAB_UNKNOWN when d does not define the
 *  keyword ("dependencies" in 2020-12, "$defs" in draft 7, "const" in draft 4). */
AMC_API amc_schema_vocab amc_schema_keyword_vocab_in(amc_schema_dialect d, const char *kw,
                                                     size_t len);

/**
 * The document registered under uri (the document's canonical URI, a retrieval URI or the URI
 * of any resource inside it; a fragment is ignored), loading it through the embedded table or
 * the loader if needed. NULL if unavailable. Owned by the set; gives positions for lint output.
 */
AMC_API const amc_doc *amc_schema_set_doc(amc_schema_set *set, const char *uri);

/**
 * amc_schema_set_doc() that tells why it found nothing: AMC_OK (*out set), AMC_EINVALID (no such
 * document), AMC_ENOMEM (an allocation failed; the set is then marked as amc_schema_compile()
 * describes), AMC_EUSAGE (NULL arguments).
 */
AMC_API amc_status amc_schema_set_find_doc(amc_schema_set *set, const char *uri,
                                           const amc_doc **out);

/** One subschema seen by amc_schema_walk(). All strings live until the callback returns. */
typedef struct amc_schema_node_info {
    const amc_value *schema;    /**< the subschema (an object or a boolean) */
    const char *pointer;        /**< JSON Pointer from the document root ("" for the root) */
    const char *base_uri;       /**< absolute base URI in effect (after this node's $id) */
    const char *keyword;        /**< keyword of the parent that holds it ("properties"...), or
                                     NULL for the root */
    uint32_t depth;             /**< subschema nesting depth (0 for the root) */
    amc_schema_dialect dialect; /**< dialect the subschema is read in */
} amc_schema_node_info;

/** Walk callback; return false to stop the walk. */
typedef bool (*amc_schema_walk_fn)(void *userdata, const amc_schema_node_info *info);

/**
 * Visits every subschema of the document registered under doc_uri in document order, following
 * the applicator keywords of each subschema's dialect (values of unknown keywords are not
 * schemas and are not visited; neither are enum/const/default/examples).
 * @returns AMC_OK, AMC_EINVALID if no such document, AMC_ELIMIT if subschemas nest deeper than
 *          2048, AMC_ENOMEM.
 */
AMC_API amc_status amc_schema_walk(amc_schema_set *set, const char *doc_uri, amc_schema_walk_fn fn,
                                   void *userdata);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
