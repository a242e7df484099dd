/*
 * cli_par.h - an ordered work pipeline for -j N (validate, audit): the calling thread submits
 * items in input order, N worker threads process them in any order, and the calling thread
 * emits each processed item in submission order. Output written only by emit() is therefore
 * the same, byte for byte, whatever N is.
 *
 * Decisions:
 *   - N = 1 runs no thread: submit() processes the item and emits it at once (exactly the
 *     sequential program).
 *   - At most `window` items are in flight (submitted, not yet emitted): memory stays bounded
 *     and a slow item holds back at most window - 1 others. submit() blocks while the window
 *     is full, emitting what is ready.
 *   - work() gets the worker's own context (wctx[i]); nothing else is shared by the workers
 *     except what the caller shares read-only.
 *   - Pull mode (cli_par_pull): the workers make the items themselves, one at a time under the
 *     pipeline's lock, so items are made in order by whichever worker is free, and the thread
 *     that made an item processes it: what it read is still in that core's cache (a reader
 *     thread that hands bytes to a worker on another core makes every byte cross cores).
 */
#ifndef AMC_CLI_PAR_H
#define AMC_CLI_PAR_H

#include <stddef.h>

typedef struct cli_par cli_par;

typedef void (*cli_par_work)(void *wctx, void *item);
typedef void (*cli_par_emit)(void *ectx, void *item);
/* Pull mode: the next item, or NULL when there is none left. Called with the pipeline's lock
 * held, by one thread at a time, in item order. */
typedef void *(*cli_par_produce)(void *pctx);

/* n workers (n >= 1; wctx has n entries). Returns NULL when out of memory or a thread cannot
 * be started (nothing is left running). */
cli_par *cli_par_new(unsigned n, size_t window, cli_par_work work, void *const *wctx,
                     cli_par_emit emit, void *ectx);
/* Hands an item over (it is emitted later, in order). */
void cli_par_submit(cli_par *p, void *item);
/* Has the workers make items with produce(pctx) until it returns NULL (the calling thread
 * emits meanwhile); returns once produce has returned NULL (items may still be in flight: they
 * are emitted by later calls). Items submitted before come out before these. N = 1: the calling
 * thread makes, processes and emits each item in turn. */
void cli_par_pull(cli_par *p, cli_par_produce produce, void *pctx);
/* Waits for every item, emits the rest, stops the workers and frees p. NULL: no-op. */
void cli_par_finish(cli_par *p);

/* The number of CPUs this process may run on (sched_getaffinity), at least 1. */
unsigned cli_cpus_available(void);

#endif
