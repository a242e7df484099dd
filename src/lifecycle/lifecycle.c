/*
 * lifecycle.c - the model table and the public lifecycle API (amc/lifecycle.h): parses each
 * event with the strict JSON reader and hands it to the profile's model (lifecycle_int.h).
 *
 * Decisions:
 *   - An event must be a JSON object with a string member "event"; anything else is
 *     LC_EVENT_INVALID before the model sees it. Reader errors (JSON_*) are reported as they are.
 *   - The model owns time ("t"): the framework does not interpret members other than "event".
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "lifecycle/lifecycle_int.h"

/* One row per model, in the order of the profile table; NULL-terminated. */
extern const amc_lc_ops amc_lc_ignite;
extern const amc_lc_ops amc_lc_mailbox;
extern const amc_lc_ops amc_lc_discussion;
extern const amc_lc_ops amc_lc_socket;
extern const amc_lc_ops amc_lc_acp;
static const amc_lc_ops *const models[] = {&amc_lc_ignite, &amc_lc_mailbox, &amc_lc_discussion,
                                           &amc_lc_socket, &amc_lc_acp,     NULL};

static size_t n_models(void)
{
    size_t n = 0;
    while (models[n])
        n++;
    return n;
}

struct amc_lifecycle {
    const amc_lc_ops *ops;
    void *model;
    amc_lc_config cfg;
};

const amc_rule_set *amc_lc_rules(const char *profile)
{
    size_t i = 0;
    for (i = 0; profile && i < n_models(); i++)
        if (!strcmp(models[i]->profile, profile))
            return models[i]->rules;
    return NULL;
}

size_t amc_lifecycle_model_count(void)
{
    return n_models();
}

const char *amc_lifecycle_model_at(size_t i)
{
    return i < n_models() ? models[i]->profile : NULL;
}

amc_status amc_lifecycle_new(const amc_lifecycle_opts *opts, amc_diags *diags, amc_lifecycle **out)
{
    const amc_lc_ops *ops = NULL;
    amc_lifecycle *lc = NULL;
    amc_limits deflim = AMC_LIMITS_DEFAULT;
    amc_status st = AMC_OK;
    size_t i = 0;
    if (!out)
        return AMC_EUSAGE;
    *out = NULL;
    for (i = 0; opts && opts->profile && i < n_models(); i++)
        if (!strcmp(models[i]->profile, opts->profile))
            ops = models[i];
    if (!ops) {
        char list[256];
        size_t n = 0;
        list[0] = '\0';
        for (i = 0; i < n_models(); i++)
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
    lc->ops = ops;
    lc->cfg.policy = opts->policy;
    lc->cfg.lim = opts->limits ? *opts->limits : deflim;
    amc_limits_normalize(&lc->cfg.lim);
    st = ops->create(&lc->cfg, &lc->model);
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
        st = lc->ops->apply(lc->model, doc, root, diags);
    }
    amc_doc_free(doc);
    return st;
}

amc_status amc_lifecycle_finish(amc_lifecycle *lc, amc_diags *diags)
{
    if (!lc || !diags)
        return AMC_EUSAGE;
    return lc->ops->finish ? lc->ops->finish(lc->model, diags) : AMC_OK;
}

amc_status amc_lifecycle_state(const amc_lifecycle *lc, char **json, size_t *len)
{
    amc_buf b;
    amc_status st = AMC_OK;
    if (!lc || !json)
        return AMC_EUSAGE;
    *json = NULL;
    amc_buf_init(&b, 0);
    st = lc->ops->state(lc->model, &b);
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

void amc_lifecycle_free(amc_lifecycle *lc)
{
    if (!lc)
        return;
    lc->ops->destroy(lc->model);
    amc_xfree(lc);
}
