/*
 * dialect.c - the JSON Schema dialects amc implements: names, meta-schema URIs, the vocabulary
 * URIs of 2019-09 and 2020-12, and the formats each dialect defines.
 *
 * Decisions:
 *   - A meta-schema URI is compared without its empty fragment ("...draft-07/schema#" and
 *     "...draft-07/schema" are the same) and with http and https alike: the drafts 4-7 were
 *     published under http, 2019-09 and 2020-12 under https, and both spellings occur in real
 *     schemas (SchemaStore has each).
 *   - The hyper-schema meta-schemas of drafts 4-7 name their draft: hyper-schema adds link
 *     keywords (annotations for a validator) and changes no validation keyword.
 *   - draft-03, draft-00..02 and the unversioned "http://json-schema.org/schema" (which meant
 *     "the latest draft", whatever it was when the schema was written) are not implemented.
 *   - Formats per dialect as each validation specification lists them (draft 4 section 7.3;
 *     draft 6 adds uri-reference, uri-template, json-pointer; draft 7 adds date, time,
 *     idn-email, idn-hostname, iri, iri-reference, relative-json-pointer, regex; 2019-09 adds
 *     duration and uuid; 2020-12 adds none). A format a dialect does not define is an
 *     annotation in that dialect, even when amc could check it.
 */
#include <string.h>
#include "schema_int.h"

static const struct {
    amc_schema_dialect d;
    const char *name;
    const char *uri; /* as published */
} dialects[] = {
    {AMC_DIALECT_2020_12, "2020-12", "https://json-schema.org/draft/2020-12/schema"},
    {AMC_DIALECT_2019_09, "2019-09", "https://json-schema.org/draft/2019-09/schema"},
    {AMC_DIALECT_DRAFT7, "draft7", "http://json-schema.org/draft-07/schema#"},
    {AMC_DIALECT_DRAFT6, "draft6", "http://json-schema.org/draft-06/schema#"},
    {AMC_DIALECT_DRAFT4, "draft4", "http://json-schema.org/draft-04/schema#"},
};
#define N_DIALECTS (sizeof dialects / sizeof dialects[0])

/* URIs (scheme-less, without "#") of each dialect's meta-schemas, hyper-schema included. */
static const struct {
    const char *rest; /* after "http://" or "https://" */
    amc_schema_dialect d;
} uris[] = {
    {"json-schema.org/draft/2020-12/schema", AMC_DIALECT_2020_12},
    {"json-schema.org/draft/2020-12/hyper-schema", AMC_DIALECT_2020_12},
    {"json-schema.org/draft/2019-09/schema", AMC_DIALECT_2019_09},
    {"json-schema.org/draft/2019-09/hyper-schema", AMC_DIALECT_2019_09},
    {"json-schema.org/draft-07/schema", AMC_DIALECT_DRAFT7},
    {"json-schema.org/draft-07/hyper-schema", AMC_DIALECT_DRAFT7},
    {"json-schema.org/draft-06/schema", AMC_DIALECT_DRAFT6},
    {"json-schema.org/draft-06/hyper-schema", AMC_DIALECT_DRAFT6},
    {"json-schema.org/draft-04/schema", AMC_DIALECT_DRAFT4},
    {"json-schema.org/draft-04/hyper-schema", AMC_DIALECT_DRAFT4},
};

/* Other spellings of the short names. */
static const struct {
    const char *alias;
    amc_schema_dialect d;
} aliases[] = {
    {"draft2020-12", AMC_DIALECT_2020_12}, {"draft-2020-12", AMC_DIALECT_2020_12},
    {"draft2019-09", AMC_DIALECT_2019_09}, {"draft-2019-09", AMC_DIALECT_2019_09},
    {"draft-07", AMC_DIALECT_DRAFT7},      {"draft07", AMC_DIALECT_DRAFT7},
    {"draft-7", AMC_DIALECT_DRAFT7},       {"draft-06", AMC_DIALECT_DRAFT6},
    {"draft06", AMC_DIALECT_DRAFT6},       {"draft-6", AMC_DIALECT_DRAFT6},
    {"draft-04", AMC_DIALECT_DRAFT4},      {"draft04", AMC_DIALECT_DRAFT4},
    {"draft-4", AMC_DIALECT_DRAFT4},
};

int amc_sdialect_of_uri(const char *uri, size_t len)
{
    const char *rest = NULL;
    size_t rlen = 0, i = 0;
    if (len && uri[len - 1] == '#')
        len--;
    if (len > 8 && !memcmp(uri, "https://", 8))
        rest = uri + 8;
    else if (len > 7 && !memcmp(uri, "http://", 7))
        rest = uri + 7;
    else
        return 0;
    rlen = len - (size_t)(rest - uri);
    for (i = 0; i < sizeof uris / sizeof uris[0]; i++)
        if (strlen(uris[i].rest) == rlen && !memcmp(uris[i].rest, rest, rlen))
            return (int)uris[i].d;
    return 0;
}

bool amc_sdialect_obsolete_uri(const char *uri, size_t len)
{
    static const char *const old[] = {
        "json-schema.org/schema",
        "json-schema.org/hyper-schema",
        "json-schema.org/draft-03/schema",
        "json-schema.org/draft-03/hyper-schema",
        "json-schema.org/draft-02/schema",
        "json-schema.org/draft-01/schema",
        "json-schema.org/draft-00/schema",
        "json-schema.org/draft-02/hyper-schema",
        "json-schema.org/draft-01/hyper-schema",
        "json-schema.org/draft-00/hyper-schema",
    };
    const char *rest = NULL;
    size_t rlen = 0, i = 0;
    if (len && uri[len - 1] == '#')
        len--;
    if (len > 8 && !memcmp(uri, "https://", 8))
        rest = uri + 8;
    else if (len > 7 && !memcmp(uri, "http://", 7))
        rest = uri + 7;
    else
        return false;
    rlen = len - (size_t)(rest - uri);
    for (i = 0; i < sizeof old / sizeof old[0]; i++)
        if (strlen(old[i]) == rlen && !memcmp(old[i], rest, rlen))
            return true;
    return false;
}

amc_status amc_schema_dialect_parse(const char *s, amc_schema_dialect *out)
{
    size_t i = 0;
    int d = 0;
    if (!s || !out)
        return AMC_EUSAGE;
    for (i = 0; i < N_DIALECTS; i++) {
        if (!strcmp(s, dialects[i].name)) {
            *out = dialects[i].d;
            return AMC_OK;
        }
    }
    for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        if (!strcmp(s, aliases[i].alias)) {
            *out = aliases[i].d;
            return AMC_OK;
        }
    }
    d = amc_sdialect_of_uri(s, strlen(s));
    if (!d)
        return AMC_EINVALID;
    *out = (amc_schema_dialect)d;
    return AMC_OK;
}

const char *amc_schema_dialect_name(amc_schema_dialect d)
{
    size_t i = 0;
    for (i = 0; i < N_DIALECTS; i++)
        if (dialects[i].d == d)
            return dialects[i].name;
    return NULL;
}

const char *amc_schema_dialect_uri(amc_schema_dialect d)
{
    size_t i = 0;
    for (i = 0; i < N_DIALECTS; i++)
        if (dialects[i].d == d)
            return dialects[i].uri;
    return NULL;
}

/* ---- vocabularies ---- */

static const struct {
    const char *uri;
    uint32_t bits;
    amc_schema_dialect d;
} vocab_uris[] = {
    {"https://json-schema.org/draft/2020-12/vocab/core", VOC_CORE, AMC_DIALECT_2020_12},
    {"https://json-schema.org/draft/2020-12/vocab/applicator", VOC_APPLICATOR, AMC_DIALECT_2020_12},
    {"https://json-schema.org/draft/2020-12/vocab/unevaluated", VOC_UNEVALUATED,
     AMC_DIALECT_2020_12},
    {"https://json-schema.org/draft/2020-12/vocab/validation", VOC_VALIDATION, AMC_DIALECT_2020_12},
    {"https://json-schema.org/draft/2020-12/vocab/meta-data", VOC_META_DATA, AMC_DIALECT_2020_12},
    {"https://json-schema.org/draft/2020-12/vocab/format-annotation", VOC_FORMAT_ANNOTATION,
     AMC_DIALECT_2020_12},
    {"https://json-schema.org/draft/2020-12/vocab/format-assertion", VOC_FORMAT_ASSERTION,
     AMC_DIALECT_2020_12},
    {"https://json-schema.org/draft/2020-12/vocab/content", VOC_CONTENT, AMC_DIALECT_2020_12},
    /* 2019-09: the unevaluated keywords belong to the applicator vocabulary; "format" is one
     * vocabulary (an annotation unless assertion is asked for) */
    {"https://json-schema.org/draft/2019-09/vocab/core", VOC_CORE, AMC_DIALECT_2019_09},
    {"https://json-schema.org/draft/2019-09/vocab/applicator", VOC_APPLICATOR | VOC_UNEVALUATED,
     AMC_DIALECT_2019_09},
    {"https://json-schema.org/draft/2019-09/vocab/validation", VOC_VALIDATION, AMC_DIALECT_2019_09},
    {"https://json-schema.org/draft/2019-09/vocab/meta-data", VOC_META_DATA, AMC_DIALECT_2019_09},
    {"https://json-schema.org/draft/2019-09/vocab/format", VOC_FORMAT_ANNOTATION,
     AMC_DIALECT_2019_09},
    {"https://json-schema.org/draft/2019-09/vocab/content", VOC_CONTENT, AMC_DIALECT_2019_09},
};

uint32_t amc_sdialect_vocab_bits(const char *uri, amc_schema_dialect *d)
{
    size_t i = 0;
    for (i = 0; i < sizeof vocab_uris / sizeof vocab_uris[0]; i++) {
        if (!strcmp(uri, vocab_uris[i].uri)) {
            if (d)
                *d = vocab_uris[i].d;
            return vocab_uris[i].bits;
        }
    }
    return 0;
}

/* ---- formats ---- */

static const struct {
    const char *name;
    amc_schema_dialect since; /* the oldest dialect that defines it */
} formats[] = {
    {"date-time", AMC_DIALECT_DRAFT4},     {"email", AMC_DIALECT_DRAFT4},
    {"hostname", AMC_DIALECT_DRAFT4},      {"ipv4", AMC_DIALECT_DRAFT4},
    {"ipv6", AMC_DIALECT_DRAFT4},          {"uri", AMC_DIALECT_DRAFT4},
    {"uri-reference", AMC_DIALECT_DRAFT6}, {"uri-template", AMC_DIALECT_DRAFT6},
    {"json-pointer", AMC_DIALECT_DRAFT6},  {"date", AMC_DIALECT_DRAFT7},
    {"time", AMC_DIALECT_DRAFT7},          {"idn-email", AMC_DIALECT_DRAFT7},
    {"idn-hostname", AMC_DIALECT_DRAFT7},  {"iri", AMC_DIALECT_DRAFT7},
    {"iri-reference", AMC_DIALECT_DRAFT7}, {"relative-json-pointer", AMC_DIALECT_DRAFT7},
    {"regex", AMC_DIALECT_DRAFT7},         {"duration", AMC_DIALECT_2019_09},
    {"uuid", AMC_DIALECT_2019_09},
};

/* Dialect numbers grow towards the older drafts: "at least as new as since". */
bool amc_sdialect_format_defined(amc_schema_dialect d, const char *name, size_t len)
{
    size_t i = 0;
    for (i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (strlen(formats[i].name) == len && !memcmp(formats[i].name, name, len))
            return d <= formats[i].since;
    return false;
}

size_t amc_sdialect_formats(amc_schema_dialect d, const char **out, size_t cap)
{
    size_t i = 0, n = 0;
    for (i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (d <= formats[i].since && n < cap)
            out[n++] = formats[i].name;
    return n;
}
