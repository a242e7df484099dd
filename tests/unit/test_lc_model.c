/*
 * test_lc_model.c - the lifecycle models' declarations (src/lifecycle/model.h) hold together,
 * and the framework reports transitions and coverage through the public API.
 *
 * Per model: rules are the profile's <P>-LC-NNN, unique; entities' states are named and unique,
 * a listed entity has a state function and a writer; members point inside the typed event with
 * a field of their type's size, enums have their names; transitions name real events, entities
 * and states, every event has one, the rows of an event move one entity that the event names
 * (or the model itself), no row repeats another. Then through amc_lifecycle_*: items and their
 * names, the transition each step of a short ignite trace takes, and the hit counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "lifecycle/lifecycle_int.h"

static void check_rules(const lc_model *md)
{
    char prefix[32];
    size_t i = 0, j = 0;
    size_t n = (size_t)snprintf(prefix, sizeof prefix, "%s-LC-", md->profile);
    for (i = 0; prefix[i]; i++)
        prefix[i] = (char)(prefix[i] >= 'a' && prefix[i] <= 'z' ? prefix[i] - 32 : prefix[i]);
    if (!strcmp(md->profile, "discussion"))
        n = (size_t)snprintf(prefix, sizeof prefix, "DISC-LC-");
    assert_true(md->rules.n > 0);
    assert_string_equal(md->rules.profile, md->profile);
    for (i = 0; i < md->rules.n; i++) {
        const amc_rule *r = &md->rules.v[i];
        assert_string_equal(r->profile, md->profile);
        assert_memory_equal(r->id, prefix, n);
        assert_ptr_equal(amc_rule_find(r->id), r); /* the catalog lists the model's own rows */
        for (j = 0; j < i; j++)
            assert_string_not_equal(r->id, md->rules.v[j].id);
    }
}

static void check_entities(const lc_model *md)
{
    int e = 0, s = 0, t = 0;
    assert_true(md->n_entities > 0 && md->n_entities <= LC_MAX_KINDS);
    for (e = 0; e < md->n_entities; e++) {
        const lc_entity *en = &md->entities[e];
        assert_non_null(en->name);
        bool has_states = en->state_of || en->state_size;
        assert_true(en->member || has_states); /* the model itself has states */
        assert_true(!en->member || en->noun);
        assert_true(!en->max || en->max_noun);
        assert_true(!en->map || (has_states && en->put && en->member && en->in_array));
        assert_true(!has_states || (en->states && en->n_states > 0));
        assert_true(!en->state_size || en->state_size == sizeof(int) ||
                    (!en->in_array && en->state_size == sizeof(bool)));
        assert_true(en->in_array || !en->member || !has_states || en->state_of);
        assert_true(!en->in_array || en->n_size == sizeof(size_t));
        for (s = 0; s < en->n_states; s++) {
            assert_non_null(en->states[s]);
            for (t = 0; t < s; t++)
                assert_string_not_equal(en->states[s], en->states[t]);
        }
    }
}

static void check_members(const lc_model *md)
{
    size_t i = 0;
    int k = 0;
    assert_true(md->kind_size == sizeof(int) || md->kind_size == 1);
    assert_true(md->t_off + sizeof(int64_t) <= md->event_size);
    for (k = 0; k < md->n_events; k++)
        assert_non_null(md->events[k]);
    for (i = 0; i < md->n_members; i++) {
        const lc_member *m = &md->members[i];
        assert_non_null(m->key);
        assert_true(m->events && !(m->events & ~LC_EVS(md->n_events)));
        assert_true(m->off + m->size <= md->event_size);
        assert_true(!m->has || m->has - 1 + sizeof(bool) <= md->event_size);
        switch (m->type) {
        case LC_ENTITY:
            assert_int_equal(m->size, sizeof(size_t));
            assert_true(m->entity >= 0 && m->entity < md->n_entities);
            assert_non_null(md->entities[m->entity].member);
            assert_true(m->required);
            break;
        case LC_ENUM:
            assert_non_null(m->names);
            assert_true(0 <= m->lo && m->lo <= m->hi && m->hi < m->n_names);
            assert_true(m->lenient || m->bad_pre);
            assert_true(m->size == sizeof(int) || m->size == sizeof(bool));
            break;
        case LC_NUMBER:
            assert_int_equal(m->size, sizeof(double));
            break;
        case LC_BOOL:
            assert_int_equal(m->size, sizeof(bool));
            break;
        case LC_INT:
        case LC_COUNT:
        case LC_TIME:
            assert_true(m->size == sizeof(int) || m->size == sizeof(int64_t));
            assert_true(!m->bad_pre || (m->type == LC_INT && m->lo <= m->hi && m->bad_post));
            break;
        }
    }
}

static void check_transitions(const lc_model *md)
{
    size_t i = 0, j = 0;
    int k = 0;
    for (i = 0; i < md->n_transitions; i++) {
        const lc_transition *t = &md->transitions[i];
        const lc_entity *en = NULL;
        assert_true(t->event >= 0 && t->event < md->n_events);
        assert_true(t->entity >= 0 && t->entity < md->n_entities);
        en = &md->entities[t->entity];
        assert_true(en->state_of || en->state_size);
        assert_true(t->from == LC_ANY || (t->from >= 0 && t->from < en->n_states));
        assert_true(t->to == LC_SAME || (t->to >= 0 && t->to < en->n_states));
        if (en->member) { /* the event names the instance it moves */
            bool named = false;
            for (j = 0; j < md->n_members; j++)
                named = named ||
                        (md->members[j].type == LC_ENTITY && md->members[j].entity == t->entity &&
                         (md->members[j].events & LC_EV(t->event)));
            assert_true(named);
        }
        for (j = 0; j < i; j++) {
            const lc_transition *u = &md->transitions[j];
            if (u->event == t->event) {
                assert_int_equal(u->entity, t->entity);
                assert_false(u->from == t->from && u->to == t->to);
                assert_true(u->from != LC_ANY); /* an LC_ANY row comes last */
            }
        }
    }
    for (k = 0; k < md->n_events; k++) {
        bool any = false;
        for (i = 0; i < md->n_transitions; i++)
            any = any || md->transitions[i].event == k;
        if (!any)
            fail_msg("%s: event %s has no transition", md->profile, md->events[k]);
    }
}

static void test_declarations(void **state)
{
    size_t i = 0;
    (void)state;
    assert_true(amc_lifecycle_model_count() > 0);
    for (i = 0; i < amc_lifecycle_model_count(); i++) {
        const lc_model *md = amc_lc_model(amc_lifecycle_model_at(i));
        assert_non_null(md);
        assert_string_equal(md->profile, amc_lifecycle_model_at(i));
        assert_ptr_equal(amc_lc_rules(md->profile), &md->rules);
        check_rules(md);
        check_entities(md);
        check_members(md);
        check_transitions(md);
    }
    assert_null(amc_lc_model("nope"));
}

static const char *const trace[] = {
    "{\"event\":\"enqueue\",\"msg\":\"m\",\"t\":0}",
    "{\"event\":\"claim\",\"msg\":\"m\",\"t\":10}",
    "{\"event\":\"claim\",\"msg\":\"m\",\"t\":20}", /* rejected: IGNITE-LC-001 */
    "{\"event\":\"deliver\",\"msg\":\"m\",\"t\":30}",
    "{\"event\":\"bogus\",\"msg\":\"m\"}", /* malformed */
};
static const char *const taken[] = {"enqueue: msg none -> queued",
                                    "claim: msg queued -> processing", NULL,
                                    "deliver: msg processing -> delivered", NULL};

static void test_coverage(void **state)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(16);
    char name[128];
    unsigned long hits = 0, rules_hit = 0, trans_hit = 0, states_hit = 0;
    size_t i = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "ignite";
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    assert_int_equal(amc_lifecycle_last_transition(lc), -1);
    assert_int_equal(amc_lifecycle_items(lc, AMC_LC_RULES), 10);
    assert_int_equal(amc_lifecycle_items(lc, AMC_LC_TRANSITIONS), 8);
    assert_int_equal(amc_lifecycle_items(lc, AMC_LC_STATES), 7);
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_RULES, 0, name, sizeof name, NULL), AMC_OK);
    assert_string_equal(name, "IGNITE-LC-001");
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_STATES, 2, name, sizeof name, &hits), AMC_OK);
    assert_string_equal(name, "msg.processing");
    assert_int_equal(hits, 0);
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_RULES, 10, name, sizeof name, NULL), AMC_EUSAGE);
    assert_int_equal(amc_lifecycle_item(lc, AMC_LC_TRANSITIONS, 0, name, 10, NULL), AMC_OK);
    assert_string_equal(name, "enqueue: "); /* cut to the buffer */
    for (i = 0; i < sizeof trace / sizeof trace[0]; i++) {
        long t = 0;
        (void)amc_lifecycle_apply(lc, trace[i], strlen(trace[i]), ds);
        t = amc_lifecycle_last_transition(lc);
        if (!taken[i]) {
            assert_int_equal(t, -1);
            continue;
        }
        assert_true(t >= 0);
        assert_int_equal(
            amc_lifecycle_item(lc, AMC_LC_TRANSITIONS, (size_t)t, name, sizeof name, &hits),
            AMC_OK);
        assert_string_equal(name, taken[i]);
        assert_int_equal(hits, 1);
    }
    for (i = 0; i < amc_lifecycle_items(lc, AMC_LC_RULES); i++) {
        assert_int_equal(amc_lifecycle_item(lc, AMC_LC_RULES, i, name, sizeof name, &hits), AMC_OK);
        rules_hit += hits > 0;
        if (i == 0)
            assert_int_equal(hits, 1); /* IGNITE-LC-001: the second claim */
    }
    for (i = 0; i < amc_lifecycle_items(lc, AMC_LC_TRANSITIONS); i++) {
        assert_int_equal(amc_lifecycle_item(lc, AMC_LC_TRANSITIONS, i, name, sizeof name, &hits),
                         AMC_OK);
        trans_hit += hits > 0;
    }
    for (i = 0; i < amc_lifecycle_items(lc, AMC_LC_STATES); i++) {
        assert_int_equal(amc_lifecycle_item(lc, AMC_LC_STATES, i, name, sizeof name, &hits),
                         AMC_OK);
        states_hit += hits > 0;
    }
    assert_int_equal(rules_hit, 1);
    assert_int_equal(trans_hit, 3);
    assert_int_equal(states_hit, 4); /* none, queued, processing, delivered */
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

/* The transitions the mailbox model's singletons and wildcards take. */
static void test_mailbox_transitions(void **state)
{
    static const char *const ev[] = {
        "{\"event\":\"relay_crash\",\"t\":0}",
        "{\"event\":\"restart\",\"t\":1}",
        "{\"event\":\"task_create\",\"task\":\"x\",\"t\":2}",
        "{\"event\":\"verdict\",\"task\":\"x\",\"reviewer\":\"codex\",\"verdict\":\"PASS\",\"t\":"
        "3}",
        "{\"event\":\"nonce\",\"nonce\":\"n\",\"t\":4}",
        "{\"event\":\"nonce\",\"nonce\":\"n\",\"t\":400000}",
    };
    static const char *const want[] = {
        "relay_crash: relay up -> down",    "restart: relay (any) -> up",
        "task_create: task none -> queued", "verdict: task (any) -> (same)",
        "nonce: nonce unseen -> seen",      "nonce: nonce seen -> seen",
    };
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(16);
    char name[128];
    size_t i = 0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    for (i = 0; i < sizeof ev / sizeof ev[0]; i++) {
        assert_int_equal(amc_lifecycle_apply(lc, ev[i], strlen(ev[i]), ds), AMC_OK);
        assert_int_equal(amc_lifecycle_item(lc, AMC_LC_TRANSITIONS,
                                            (size_t)amc_lifecycle_last_transition(lc), name,
                                            sizeof name, NULL),
                         AMC_OK);
        assert_string_equal(name, want[i]);
    }
    assert_int_equal(amc_lifecycle_items(NULL, AMC_LC_RULES), 0);
    assert_int_equal(amc_lifecycle_last_transition(NULL), -1);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_declarations),
        cmocka_unit_test(test_coverage),
        cmocka_unit_test(test_mailbox_transitions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
