/*
 * catalog.c - the rule catalog (amc/catalog.h).
 *
 * Decisions:
 *   - Each room owns its rules and looks them up itself: the profiles their message rules
 *     (src/profiles/rules_<profile>.def), each lifecycle model its rules
 *     (src/lifecycle/rules_lc_<profile>.def), the auditor the workspace rules
 *     (src/audit/rules_ws_<profile>.def). The catalog joins them here, in the lowest room that
 *     sees all three, and holds no copy: amc_rule_at and amc_rule_find return the rooms' own
 *     entries (so a rule found by id is the same object as the one listed).
 *   - Order: profile order, and within a profile message, lifecycle, workspace, live rules.
 *   - Live rules (<P>-LIVE-NNN, rules_live_socket.def) are checked by `amc probe` in the CLI,
 *     which talks to a running server; their table is here, the lowest room the CLI sees.
 */
#include <string.h>
#include "amc/catalog.h"
#include "audit/audit_int.h"
#include "lifecycle/lifecycle_int.h"
#include "profiles/profile_int.h"

/* The live rules: what `amc probe` checks on a running server (rules_live_socket.def). No room
 * below checks them (the probe is the CLI's: it talks to a socket), so they live here. */
#define AMC_RULE(...) AMC_RULE_ROW("socket", __VA_ARGS__)
static const amc_rule live_socket[] = {
#include "conform/rules_live_socket.def"
};
#undef AMC_RULE
static const amc_rule_set live_rules[] = {
    {"socket", live_socket, sizeof live_socket / sizeof live_socket[0]}};
#define N_LIVE (sizeof live_rules / sizeof live_rules[0])

static const amc_rule_set *live_of(const char *profile)
{
    size_t i = 0;
    for (i = 0; profile && i < N_LIVE; i++)
        if (!strcmp(live_rules[i].profile, profile))
            return &live_rules[i];
    return NULL;
}

/* The k-th (0..3) rule set of a profile: message, lifecycle, workspace, live rules; NULL if
 * none. */
static const amc_rule_set *set_of(const char *profile, int k)
{
    return k == 0   ? amc_prof_rules(profile)
           : k == 1 ? amc_lc_rules(profile)
           : k == 2 ? amc_audit_rules(profile)
                    : live_of(profile);
}

size_t amc_rule_count(void)
{
    size_t n = 0, p = 0;
    int k = 0;
    for (p = 0; p < amc_profile_count(); p++)
        for (k = 0; k < 4; k++) {
            const amc_rule_set *s = set_of(amc_profile_at(p)->name, k);
            n += s ? s->n : 0;
        }
    return n;
}

const amc_rule *amc_rule_at(size_t i)
{
    size_t p = 0;
    int k = 0;
    for (p = 0; p < amc_profile_count(); p++)
        for (k = 0; k < 4; k++) {
            const amc_rule_set *s = set_of(amc_profile_at(p)->name, k);
            if (s && i < s->n)
                return &s->v[i];
            i -= s ? s->n : 0;
        }
    return NULL;
}

const amc_rule *amc_rule_find(const char *id)
{
    const amc_rule *r = amc_prof_rule(id);
    size_t p = 0;
    for (p = 0; !r && id && p < amc_profile_count(); p++) {
        const char *name = amc_profile_at(p)->name;
        const amc_rule_set *lc = amc_lc_rules(name), *ws = amc_audit_rules(name);
        r = lc ? amc_rule_set_find(lc, 1, id) : NULL;
        if (!r && ws)
            r = amc_rule_set_find(ws, 1, id);
    }
    return r ? r : amc_rule_set_find(live_rules, N_LIVE, id);
}
