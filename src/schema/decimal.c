/*
 * decimal.c - exact "multipleOf" on decimal number texts.
 *
 * Method. amc_decnum_parse() gives x = Dx * 10^a and m = Dm * 10^b with Dx, Dm positive
 * integers without trailing zeros (their significant digits) and a, b exponents. With e = a - b,
 * x / m = Dx * 10^e / Dm, so:
 *  - e < 0: the quotient is an integer iff Dm * 10^-e divides Dx; but Dx has no trailing zero
 *    (its last significant digit is not 0), so 10 does not divide Dx: never (answer 0).
 *  - e >= 0: the answer is whether Dm divides Dx * 10^e. Write Dm = 2^p * 5^q * r with r
 *    coprime to 10. Once e >= max(p, q) the answer no longer depends on e (10^e already holds
 *    2^p 5^q, and r | Dx*10^e iff r | Dx). Since 2^p <= Dm < 10^nm, p and q are below 4*nm, so
 *    e is capped at 4*nm (nm = digits of Dm). Exponents therefore cost nothing: 1e308 against
 *    1e-308 is decided at once, exactly.
 *  - x = 0 is a multiple of everything.
 * The remainder (Dx * 10^e') mod Dm is computed digit by digit: in uint64 when Dm has at most
 * 18 digits, otherwise with a little-endian base-1e9 bignum (rem = rem*10 + d, then at most
 * nine subtractions of Dm). Work is (digits of Dx + e') * (limbs of Dm); above WORK_LIMIT the
 * answer is -1 ("too large to decide exactly": the caller falls back). A saturated exponent
 * (|exponent| beyond 2^60, see num_int.h) only matters when both exponents saturate in the
 * same direction (then -1); otherwise e's sign and size past the cap are still known. m <= 0
 * gives -1.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "decimal_int.h"
#include "../core/arena_int.h"
#include "../core/num_int.h"

#define EXP_SAT      ((int64_t)1 << 60)
#define SAT_NEAR     (EXP_SAT / 2)        /* no real input has an exponent this large unsaturated */
#define WORK_LIMIT   ((uint64_t)20000000) /* limb operations */
#define BASE         1000000000u
#define SMALL_DIGITS 18

/* iterates the significant digits of a parsed number (skipping the '.') */
typedef struct digit_iter {
    const char *t;
    size_t p, left;
} digit_iter;

static void iter_init(digit_iter *it, const amc_decnum *d)
{
    it->t = d->text;
    it->p = d->first;
    it->left = d->ndigits;
}

static int iter_next(digit_iter *it)
{
    int v = 0;
    if (it->t[it->p] == '.')
        it->p++;
    v = it->t[it->p] - '0';
    it->p++;
    it->left--;
    return v;
}

/* rem = (rem * 10 + d) mod m, all with L limbs (rem < m on entry) */
static void big_step(uint32_t *rem, const uint32_t *m, size_t L, uint32_t d)
{
    uint64_t carry = d;
    uint32_t top = 0;
    size_t k = 0;
    for (k = 0; k < L; k++) {
        uint64_t v = (uint64_t)rem[k] * 10 + carry;
        rem[k] = (uint32_t)(v % BASE);
        carry = v / BASE;
    }
    top = (uint32_t)carry; /* rem*10+d < 10*m fits in L limbs plus a small top */
    for (;;) {
        /* compare (top, rem) with m */
        int cmp = 0;
        int64_t borrow = 0;
        if (top > 0) {
            cmp = 1;
        } else {
            for (k = L; k-- > 0;) {
                if (rem[k] != m[k]) {
                    cmp = rem[k] > m[k] ? 1 : -1;
                    break;
                }
            }
        }
        if (cmp < 0)
            return;
        for (k = 0; k < L; k++) {
            int64_t v = (int64_t)rem[k] - (int64_t)m[k] - borrow;
            borrow = v < 0;
            if (v < 0)
                v += BASE;
            rem[k] = (uint32_t)v;
        }
        top -= (uint32_t)borrow;
    }
}

int amc_decimal_multiple_of(const char *x, size_t xlen, const char *m, size_t mlen)
{
    amc_decnum dx, dm;
    int64_t a = 0, b = 0, e = 0, cap = 0;
    digit_iter it;
    uint64_t steps = 0, k = 0;
    int result = -1;
    uint32_t *mb = NULL, *rem = NULL;
    char *mdig = NULL;
    amc_decnum_parse(x, xlen, &dx);
    amc_decnum_parse(m, mlen, &dm);
    if (dm.ndigits == 0 || dm.neg)
        return -1;
    if (dx.ndigits == 0)
        return 1;
    /* A saturated exponent is not exact, but only its direction matters unless both are
     * saturated the same way (then e = a - b is unknown). */
    if ((dx.exp > SAT_NEAR && dm.exp > SAT_NEAR) || (dx.exp < -SAT_NEAR && dm.exp < -SAT_NEAR))
        return -1;
    if (dx.ndigits > (size_t)EXP_SAT || dm.ndigits > (size_t)EXP_SAT / 8)
        return -1;
    a = dx.exp - (int64_t)dx.ndigits;
    b = dm.exp - (int64_t)dm.ndigits;
    e = a - b;
    if (e < 0)
        return 0;
    cap = 4 * (int64_t)dm.ndigits;
    if (e > cap)
        e = cap;
    steps = (uint64_t)dx.ndigits + (uint64_t)e;

    if (dm.ndigits <= SMALL_DIGITS) {
        uint64_t mv = 0, r = 0;
        iter_init(&it, &dm);
        while (it.left)
            mv = mv * 10 + (uint64_t)iter_next(&it);
        iter_init(&it, &dx);
        while (it.left)
            r = (r * 10 + (uint64_t)iter_next(&it)) % mv;
        for (k = 0; k < (uint64_t)e && r != 0; k++)
            r = (r * 10) % mv;
        return r == 0;
    }

    {
        size_t L = (dm.ndigits + 8) / 9, i = 0;
        if (steps > WORK_LIMIT / L)
            return -1;
        mb = amc_xcalloc(L, sizeof *mb);
        rem = amc_xcalloc(L, sizeof *rem);
        mdig = amc_xmalloc(dm.ndigits);
        if (!mb || !rem || !mdig)
            goto out;
        iter_init(&it, &dm);
        for (i = 0; i < dm.ndigits; i++)
            mdig[i] = (char)iter_next(&it);
        /* limbs from the least significant end, nine digits each */
        for (i = 0; i < L; i++) {
            size_t hi = dm.ndigits - 9 * i; /* exclusive end of this limb's digits */
            size_t lo = hi >= 9 ? hi - 9 : 0;
            uint32_t v = 0;
            size_t j = 0;
            for (j = lo; j < hi; j++)
                v = v * 10 + (uint32_t)mdig[j];
            mb[i] = v;
        }
        iter_init(&it, &dx);
        while (it.left)
            big_step(rem, mb, L, (uint32_t)iter_next(&it));
        for (k = 0; k < (uint64_t)e; k++)
            big_step(rem, mb, L, 0);
        result = 1;
        for (i = 0; i < L; i++)
            if (rem[i] != 0)
                result = 0;
    }
out:
    amc_xfree(mb);
    amc_xfree(rem);
    amc_xfree(mdig);
    return result;
}
