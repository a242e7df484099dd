/*
 * fuzz_audit.c - the workspace auditor over several in-memory files.
 * Framing: byte 0 picks the profile (0 auto, 1 ignite, 2 mailbox, else auto) and bit 7 stateful;
 * then records: 1 byte path length P, P bytes of path, 2 bytes body length L (little endian),
 * L bytes of body (a record cut short takes what is left). P = 255: a walker entry, the next
 * byte is the amc_audit_entry_kind (mod 5) and the path is "x/entry". Paths contain no NUL
 * (a NUL ends the path early). At most 64 records, then amc_audit_finish.
 * Properties: the status agrees with the diagnostics (AMC_EINVALID iff errors were added,
 * AMC_OK adds no error), every code has a name, the totals count every call. One auditor per
 * (profile, stateful) serves every input, amc_audit_reset before each: the totals property
 * checks the reset too (a file of an earlier input counted is a trap).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const profiles[] = {"auto", "ignite", "mailbox", "auto"};
    /* one auditor per (profile, stateful), reused across inputs and reset before each: its
       validator's schemas compile once */
    static amc_audit *auditors[8];
    amc_diags *ds = NULL;
    amc_audit *a = NULL;
    amc_audit_opts o;
    amc_audit_stats_t st;
    size_t pos = 1, files = 0, entries = 0, n = 0, i = 0;
    char path[256];
    if (size < 1)
        return 0;
    memset(&o, 0, sizeof o);
    o.profile = profiles[data[0] & 3];
    o.stateful = (data[0] & 0x80) != 0;
    ds = amc_diags_new(0);
    if (!ds)
        return 0;
    a = auditors[(data[0] & 3) | ((data[0] & 0x80) >> 5)];
    if (!a) {
        if (amc_audit_new(&o, ds, &a) != AMC_OK) {
            amc_diags_free(ds);
            return 0;
        }
        auditors[(data[0] & 3) | ((data[0] & 0x80) >> 5)] = a;
    }
    amc_audit_reset(a);
    while (pos < size && n < 64) {
        size_t plen = data[pos++], blen = 0;
        amc_status s = AMC_OK;
        size_t e0 = 0;
        n++;
        amc_diags_clear(ds);
        if (plen == 255) {
            int k = pos < size ? data[pos++] % 5 : 0;
            s = amc_audit_entry(a, "x/entry", (amc_audit_entry_kind)k, ds);
            entries++;
            if (s != AMC_OK && s != AMC_ENOMEM)
                __builtin_trap();
            if (s == AMC_OK && amc_diags_count(ds) != 1)
                __builtin_trap();
            continue;
        }
        if (plen > size - pos)
            plen = size - pos;
        memcpy(path, data + pos, plen);
        path[plen] = 0;
        pos += plen;
        if (pos + 2 <= size) {
            blen = (size_t)data[pos] | ((size_t)data[pos + 1] << 8);
            pos += 2;
        } else {
            pos = size;
        }
        if (blen > size - pos)
            blen = size - pos;
        e0 = amc_diags_errors(ds);
        s = amc_audit_file(a, path, (const char *)data + pos, blen, ds);
        pos += blen;
        files++;
        if (s == AMC_EUSAGE)
            __builtin_trap();
        if (s == AMC_OK && amc_diags_errors(ds) != e0)
            __builtin_trap();
        if (s == AMC_EINVALID && amc_diags_errors(ds) == e0)
            __builtin_trap();
        for (i = 0; i < amc_diags_count(ds); i++)
            if (!amc_code_name(amc_diags_get(ds, i)->code))
                __builtin_trap();
    }
    amc_diags_clear(ds);
    if (amc_audit_finish(a, ds) == AMC_EUSAGE)
        __builtin_trap();
    amc_audit_stats(a, &st);
    if (st.files != files || st.entries != entries || st.messages + st.other > st.files)
        __builtin_trap();
    amc_diags_free(ds);
    return 0;
}
