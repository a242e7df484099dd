/*
 * cli_par.c - the ordered work pipeline of -j N (cli_par.h): a ring of `window` slots; the
 * submitter fills the tail, workers take the oldest unclaimed slot, the submitter emits from
 * the head as slots are done. One mutex, two condition variables. In pull mode a worker with
 * nothing queued makes the next item itself (under the mutex) into the tail slot.
 */
#define _GNU_SOURCE
#include "cli_par.h"
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct slot {
    void *item;
    int state; /* 0 free, 1 queued, 2 taken, 3 done */
} slot;

struct cli_par {
    unsigned n;
    size_t window;
    cli_par_work work;
    cli_par_emit emit;
    void *ectx;
    void *const *wctx;
    slot *ring;
    size_t head, tail, next; /* monotonic counters: emitted, submitted, claimed */
    bool stop;
    bool pulling; /* pull mode: workers make items with produce(pctx) */
    cli_par_produce produce;
    void *pctx;
    pthread_mutex_t mu;
    pthread_cond_t has_work, has_done;
    pthread_t *threads;
    unsigned started;
};

typedef struct warg {
    cli_par *p;
    unsigned i;
} warg;

/* Pull mode and a free place in the window: a worker may make the next item. */
static bool can_make(const cli_par *p)
{
    return p->pulling && p->tail - p->head < p->window;
}

static void *worker(void *arg)
{
    cli_par *p = ((warg *)arg)->p;
    void *wctx = p->wctx[((warg *)arg)->i];
    free(arg);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        slot *s = NULL;
        while (!p->stop && p->next == p->tail && !can_make(p))
            pthread_cond_wait(&p->has_work, &p->mu);
        if (p->next != p->tail) { /* the oldest submitted item nobody has taken */
            s = &p->ring[p->next % p->window];
            p->next++;
            s->state = 2;
        } else if (can_make(p)) { /* make the next item, and keep it */
            void *item = p->produce(p->pctx);
            if (!item) {
                p->pulling = false;
                pthread_cond_broadcast(&p->has_done); /* cli_par_pull waits for this */
                continue;
            }
            s = &p->ring[p->tail % p->window];
            s->item = item;
            s->state = 2;
            p->tail++;
            p->next++;
        } else { /* stopping, nothing left */
            break;
        }
        pthread_mutex_unlock(&p->mu);
        p->work(wctx, s->item);
        pthread_mutex_lock(&p->mu);
        s->state = 3;
        pthread_cond_broadcast(&p->has_done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

unsigned cli_cpus_available(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
    {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        return n > 0 ? (unsigned)n : 1;
    }
}

static void stop_threads(cli_par *p)
{
    unsigned i = 0;
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->has_work);
    pthread_mutex_unlock(&p->mu);
    for (i = 0; i < p->started; i++)
        pthread_join(p->threads[i], NULL);
    p->started = 0;
}

static void par_free(cli_par *p)
{
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->has_work);
    pthread_cond_destroy(&p->has_done);
    free(p->threads);
    free(p->ring);
    free(p);
}

cli_par *cli_par_new(unsigned n, size_t window, cli_par_work work, void *const *wctx,
                     cli_par_emit emit, void *ectx)
{
    cli_par *p = calloc(1, sizeof *p);
    unsigned i = 0;
    if (!p)
        return NULL;
    p->n = n ? n : 1;
    p->window = window < 2 ? 2 : window;
    p->work = work;
    p->wctx = wctx;
    p->emit = emit;
    p->ectx = ectx;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->has_work, NULL);
    pthread_cond_init(&p->has_done, NULL);
    if (p->n == 1)
        return p;
    p->ring = calloc(p->window, sizeof *p->ring);
    p->threads = calloc(p->n, sizeof *p->threads);
    if (!p->ring || !p->threads) {
        par_free(p);
        errno = ENOMEM;
        return NULL;
    }
    for (i = 0; i < p->n; i++) {
        warg *a = malloc(sizeof *a);
        if (!a) {
            stop_threads(p);
            par_free(p);
            errno = ENOMEM;
            return NULL;
        }
        a->p = p;
        a->i = i;
        int err = pthread_create(&p->threads[i], NULL, worker, a);
        if (err != 0) {
            free(a);
            stop_threads(p);
            par_free(p);
            errno = err;
            return NULL;
        }
        p->started++;
    }
    return p;
}

/* Emits every done item at the head; with wait, first waits until the head is done. Called with
 * the mutex held; emits without it. */
static void drain(cli_par *p, bool wait)
{
    for (;;) {
        slot *s = NULL;
        void *item = NULL;
        if (p->head == p->tail)
            return;
        s = &p->ring[p->head % p->window];
        if (s->state != 3) {
            if (!wait)
                return;
            pthread_cond_wait(&p->has_done, &p->mu);
            continue;
        }
        item = s->item;
        s->state = 0;
        s->item = NULL;
        p->head++;
        if (p->pulling) /* room for a worker to make the next item */
            pthread_cond_broadcast(&p->has_work);
        pthread_mutex_unlock(&p->mu);
        p->emit(p->ectx, item);
        pthread_mutex_lock(&p->mu);
        wait = false; /* one emitted: room again */
    }
}

void cli_par_submit(cli_par *p, void *item)
{
    slot *s = NULL;
    if (p->n == 1) {
        p->work(p->wctx[0], item);
        p->emit(p->ectx, item);
        return;
    }
    pthread_mutex_lock(&p->mu);
    drain(p, false);
    while (p->tail - p->head >= p->window)
        drain(p, true);
    s = &p->ring[p->tail % p->window];
    s->item = item;
    s->state = 1;
    p->tail++;
    pthread_cond_signal(&p->has_work);
    pthread_mutex_unlock(&p->mu);
}

void cli_par_pull(cli_par *p, cli_par_produce produce, void *pctx)
{
    void *item = NULL;
    if (p->n == 1) {
        while ((item = produce(pctx)) != NULL) {
            p->work(p->wctx[0], item);
            p->emit(p->ectx, item);
        }
        return;
    }
    pthread_mutex_lock(&p->mu);
    p->produce = produce;
    p->pctx = pctx;
    p->pulling = true;
    pthread_cond_broadcast(&p->has_work);
    while (p->pulling) {
        if (p->head != p->tail && p->ring[p->head % p->window].state == 3)
            drain(p, false);
        else
            pthread_cond_wait(&p->has_done, &p->mu);
    }
    p->produce = NULL;
    p->pctx = NULL;
    pthread_mutex_unlock(&p->mu);
}

void cli_par_finish(cli_par *p)
{
    if (!p)
        return;
    if (p->n > 1) {
        pthread_mutex_lock(&p->mu);
        while (p->head != p->tail)
            drain(p, true);
        pthread_mutex_unlock(&p->mu);
        stop_threads(p);
    }
    par_free(p);
}
