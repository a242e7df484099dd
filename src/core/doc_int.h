/*
 * doc_int.h - document internals shared by the readers.
 */
#ifndef AMC_DOC_INT_H
#define AMC_DOC_INT_H

#include <stdbool.h>
#include "amc/doc.h"

/* A document's source copy ends with a NUL and AMC_DOC_PAD more zero bytes, so a scanner may
 * load 16 or 32 bytes at any position up to the NUL without leaving the allocation. */
#define AMC_DOC_PAD 32

/* Empties doc (tree, strings, everything allocated from it) and gives it a copy of src[0..len)
 * as its new source, keeping its memory for the next document (the JSON reader reads JSON Lines
 * into one document this way). false on ENOMEM (doc then has no source and no root). */
bool amc_doc_reuse(amc_doc *doc, const char *src, size_t len);
#endif
