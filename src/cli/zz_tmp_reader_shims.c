/*
 * zz_tmp_reader_shims.c - TEMPORARY: deleted at merge.
 *
 * Stand-ins for the YAML and MIME readers (built on other branches) so that the CLI links on
 * the schemacli branch. Each reader reports that it is not available and returns AMC_EINVALID.
 */
#include "cli.h"

amc_status amc_yaml_read(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                         amc_doc **out)
{
    (void)buf;
    (void)len;
    (void)lim;
    *out = NULL;
    amc_diags_addf(diags, AMC_C_INTERNAL, amc_pos_of("", 0, 0),
                   "the YAML reader is not built on this branch (temporary shim)");
    return AMC_EINVALID;
}

amc_status amc_mime_read(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                         amc_mime **out)
{
    (void)buf;
    (void)len;
    (void)lim;
    *out = NULL;
    amc_diags_addf(diags, AMC_C_INTERNAL, amc_pos_of("", 0, 0),
                   "the MIME reader is not built on this branch (temporary shim)");
    return AMC_EINVALID;
}

void amc_mime_free(amc_mime *m)
{
    (void)m;
}

size_t amc_mime_field_count(const amc_mime *m)
{
    (void)m;
    return 0;
}

const amc_mime_field *amc_mime_field_at(const amc_mime *m, size_t i)
{
    (void)m;
    (void)i;
    return NULL;
}

const amc_mime_field *amc_mime_find(const amc_mime *m, const char *name)
{
    (void)m;
    (void)name;
    return NULL;
}

const char *amc_mime_body(const amc_mime *m, size_t *len, size_t *offset)
{
    (void)m;
    *len = 0;
    *offset = 0;
    return "";
}

amc_pos amc_mime_pos(const amc_mime *m, size_t offset)
{
    (void)m;
    return amc_pos_of("", 0, offset);
}
