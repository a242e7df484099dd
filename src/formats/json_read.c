/*
 * json_read.c - PROVISIONAL reader built on json-c so other modules can be developed; it is
 * replaced by the strict hand-written reader (issue 2). Not strict: do not ship.
 */
#include <json-c/json.h>
#include "amc/json.h"
#include "../core/diag_int.h"

amc_status amc_json_read(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                         amc_doc **out)
{
    struct json_tokener *tok = json_tokener_new();
    struct json_object *jo = NULL;
    amc_status st = AMC_OK;
    amc_doc *doc = NULL;
    (void)lim;
    *out = NULL;
    if (!tok)
        return AMC_ENOMEM;
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    jo = json_tokener_parse_ex(tok, buf, (int)len);
    if (json_tokener_get_error(tok) != json_tokener_success) {
        amc_diags_addf(diags, AMC_C_INTERNAL, amc_pos_of(buf, len, tok->char_offset), "JSON: %s",
                       json_tokener_error_desc(json_tokener_get_error(tok)));
        json_tokener_free(tok);
        return AMC_EINVALID;
    }
    json_tokener_free(tok);
    st = amc_doc_from_json_c(jo, &doc);
    json_object_put(jo);
    if (st == AMC_OK) {
        /* replace the source-less doc by one that carries the source for positions */
        *out = doc;
    }
    return st;
}
