/*
 * lifecycle.c - the model table and the public lifecycle API (amc/lifecycle.h): parses each
 * event with the strict JSON reader and hands it to the profile's model through the framework
 * (model.h).
 *
 * Decisions:
 *   - An event must be a JSON object with a string member "event"; anything else is
 *     LC_EVENT_INVALID before the model sees it. Reader errors (JSON_*) are reported as they are.
 */
#include <stdio.h>
#include <string.h>
#include "amc/json.h"
#include "core/arena_int.h"
#include "lifecycle/lc_acp.h"
#include "lifecycle/lc_discussion.h"
#include "lifecycle/lc_ignite.h"
#include "lifecycle/lc_mailbox.h"
#include "lifecycle/lc_socket.h"
#include "lifecycle/lifecycle_int.h"

/* One row per model, in the order of the profile table. */
static const lc_model *const models[] = {&amc_lc_ignite, &amc_lc_mailbox, &amc_lc_discussion,
                                         &amc_lc_socket, &amc_lc_acp};
#define N_MODELS (sizeof models / sizeof models[0])

struct amc_lifecycle {
    lc_inst *in;
    amc_lc_config cfg;
};

const lc_model *amc_lc_model(const char *profile)
{
    size_t i = 0;
    for (i = 0; profile && i < N_MODELS; i++)
        if (!strcmp(models[i]->profile, profile))
            return models[i];
    return NULL;
}

const amc_rule_set *amc_lc_rules(const char *profile)
{
    const lc_model *md = amc_lc_model(profile);
    return md ? &md->rules : NULL;
}

lc_inst *amc_lc_inst(const amc_lifecycle *lc)
{
    return lc->in;
}

size_t amc_lifecycle_model_count(void)
{
    return N_MODELS;
}

const char *amc_lifecycle_model_at(size_t i)
{
    return i < N_MODELS ? models[i]->profile : NULL;
}

amc_status amc_lifecycle_new(const amc_lifecycle_opts *opts, amc_diags *diags, amc_lifecycle **out)
{
    const lc_model *md = opts ? amc_lc_model(opts->profile) : NULL;
    amc_lifecycle *lc = NULL;
    amc_limits deflim = AMC_LIMITS_DEFAULT;
    amc_status st = AMC_OK;
    size_t i = 0;
    if (!out)
        return AMC_EUSAGE;
    *out = NULL;
    if (!md) {
        char list[256];
        size_t n = 0;
        list[0] = '\0';
        for (i = 0; i < N_MODELS; i++)
            n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0, "%s%s",
                                  i ? ", " : "", models[i]->profile);
        if (diags)
            amc_diags_addf(diags, AMC_C_LC_PROFILE_UNKNOWN, AMC_POS_NONE,
                           "no lifecycle model for profile '%s' (available: %s)",
                           opts && opts->profile ? opts->profile : "(none)", list);
        return AMC_EUSAGE;
    }
    lc = amc_xcalloc(1, sizeof *lc);
    if (!lc)
        return AMC_ENOMEM;
    lc->cfg.policy = opts->policy;
    lc->cfg.lim = opts->limits ? *opts->limits : deflim;
    amc_limits_normalize(&lc->cfg.lim);
    st = lc_inst_new(md, &lc->cfg, &lc->in);
    if (st != AMC_OK) {
        amc_xfree(lc);
        return st;
    }
    *out = lc;
    return AMC_OK;
}

amc_status amc_lifecycle_apply(amc_lifecycle *lc, const char *buf, size_t len, amc_diags *diags)
{
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *ev = NULL;
    amc_status st = AMC_OK;
    if (!lc || !buf || !diags)
        return AMC_EUSAGE;
    st = amc_json_read(buf, len, &lc->cfg.lim, diags, &doc);
    if (st != AMC_OK)
        return st;
    root = amc_doc_root(doc);
    ev = root && root->type == AMC_T_OBJECT ? amc_value_getz(root, "event") : NULL;
    if (!root || root->type != AMC_T_OBJECT) {
        st = amc_diags_addf(
            diags, AMC_C_LC_EVENT_INVALID, amc_doc_pos(doc, root ? root->offset : 0),
            "an event is a JSON object, not %s", root ? amc_type_name(root->type) : "nothing");
        st = st == AMC_OK ? AMC_EINVALID : st;
    } else if (!ev || ev->type != AMC_T_STRING) {
        st = amc_diags_addf(diags, AMC_C_LC_EVENT_INVALID,
                            amc_doc_pos(doc, ev ? ev->offset : root->offset),
                            "an event needs a string member \"event\" (its name)");
        st = st == AMC_OK ? AMC_EINVALID : st;
    } else {
        st = lc_inst_apply(lc->in, doc, root, diags);
    }
    amc_doc_free(doc);
    return st;
}

amc_status amc_lifecycle_finish(amc_lifecycle *lc, amc_diags *diags)
{
    if (!lc || !diags)
        return AMC_EUSAGE;
    return lc_inst_finish(lc->in, diags);
}

amc_status amc_lifecycle_state(const amc_lifecycle *lc, char **json, size_t *len)
{
    amc_buf b;
    amc_status st = AMC_OK;
    if (!lc || !json)
        return AMC_EUSAGE;
    *json = NULL;
    amc_buf_init(&b, 0);
    st = lc_inst_state(lc->in, &b);
    if (st == AMC_OK)
        st = amc_buf_putc(&b, '\0');
    if (st != AMC_OK) {
        amc_buf_release(&b);
        return st;
    }
    *json = amc_buf_take(&b, len);
    if (len && *len)
        (*len)--; /* without the NUL */
    return AMC_OK;
}

size_t amc_lifecycle_items(const amc_lifecycle *lc, amc_lifecycle_item_kind kind)
{
    return lc ? lc_inst_items(lc->in, kind) : 0;
}

amc_status amc_lifecycle_item(const amc_lifecycle *lc, amc_lifecycle_item_kind kind, size_t i,
                              char *name, size_t size, unsigned long *hits)
{
    return lc ? lc_inst_item(lc->in, kind, i, name, size, hits) : AMC_EUSAGE;
}

long amc_lifecycle_last_transition(const amc_lifecycle *lc)
{
    return lc ? lc_inst_last_transition(lc->in) : -1;
}

void amc_lifecycle_free(amc_lifecycle *lc)
{
    if (!lc)
        return;
    lc_inst_free(lc->in);
    amc_xfree(lc);
}
