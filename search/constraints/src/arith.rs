//! Integer arithmetic the propagators share: rounding division, saturating
//! interval products, and the divisors of a 64-bit number.
//!
//! Why wide integers: domains hold any `i64`, so a sum of two bounds or a
//! product of two factors may not fit in `i64`. Sums are computed exactly in
//! `i128` (a sum of fewer than 2^63 terms of at most 2^63 cannot overflow
//! it). Products are computed in `i128` and clamped to `±PRODUCT_CLAMP`, a
//! value far beyond `i64` but small enough that clamped values can be
//! multiplied again with `saturating_mul` without losing their sign: a
//! clamped bound still compares correctly with every `i64`, which is all a
//! bound is used for.
//!
//! Why factorisation rather than trial division: divisor reasoning for
//! `PROD(v, [x, y])` with `v` fixed enumerates the divisors of `v`. Trial
//! division up to `sqrt(2^63)` is three billion steps for a large prime;
//! Miller–Rabin (deterministic for 64 bits with the first twelve primes as
//! bases) and Pollard–Brent rho factor any 64-bit number in microseconds.

/// Products are clamped to this magnitude (2^100): beyond `i64` and with room
/// for one more `saturating_mul` without wrapping.
pub(crate) const PRODUCT_CLAMP: i128 = 1 << 100;

/// `floor(a / b)` for `b != 0`.
pub(crate) fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `ceil(a / b)` for `b != 0`.
pub(crate) fn ceil_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

fn clamp_product(v: i128) -> i128 {
    v.clamp(-PRODUCT_CLAMP, PRODUCT_CLAMP)
}

/// The interval `[lo, hi]` of products `a * b` for `a` in `[alo, ahi]` and `b`
/// in `[blo, bhi]`, every bound clamped to `±PRODUCT_CLAMP`.
pub(crate) fn mul_interval(alo: i128, ahi: i128, blo: i128, bhi: i128) -> (i128, i128) {
    let corners = [
        clamp_product(alo.saturating_mul(blo)),
        clamp_product(alo.saturating_mul(bhi)),
        clamp_product(ahi.saturating_mul(blo)),
        clamp_product(ahi.saturating_mul(bhi)),
    ];
    let lo = *corners.iter().min().expect("four corners");
    let hi = *corners.iter().max().expect("four corners");
    (lo, hi)
}

/// The exact product of `values`, or `None` when it does not fit in `i64`.
pub(crate) fn product(values: impl IntoIterator<Item = i64>) -> Option<i64> {
    let mut acc: i128 = 1;
    let mut overflowed = false;
    for v in values {
        if v == 0 {
            return Some(0);
        }
        if !overflowed {
            match acc.checked_mul(v as i128) {
                Some(p) if p.unsigned_abs() <= 1u128 << 64 => acc = p,
                _ => overflowed = true,
            }
        }
    }
    if overflowed {
        None
    } else {
        i64::try_from(acc).ok()
    }
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut acc = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul_mod(acc, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    acc
}

const SMALL_PRIMES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// Deterministic Miller–Rabin for every `u64`.
fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in SMALL_PRIMES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'witness: for a in SMALL_PRIMES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the odd composite `n` (Pollard–Brent rho; the
/// polynomial's constant is varied until a factor appears).
fn rho_factor(n: u64) -> u64 {
    for c in 1u64.. {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut d) = (2u64, 2u64, 1u64);
        while d == 1 {
            x = f(x);
            y = f(f(y));
            d = gcd(x.abs_diff(y), n);
        }
        if d != n {
            return d;
        }
    }
    unreachable!("rho finds a factor of a composite for some constant")
}

fn collect_prime_factors(n: u64, out: &mut Vec<u64>) {
    if n == 1 {
        return;
    }
    if is_prime(n) {
        out.push(n);
        return;
    }
    for p in SMALL_PRIMES {
        if n.is_multiple_of(p) {
            out.push(p);
            collect_prime_factors(n / p, out);
            return;
        }
    }
    let d = rho_factor(n);
    collect_prime_factors(d, out);
    collect_prime_factors(n / d, out);
}

/// The prime factorisation of `n >= 1` as `(prime, exponent)`, primes ascending.
pub(crate) fn factorize(n: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    collect_prime_factors(n, &mut primes);
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

/// The positive divisors of `n >= 1`, ascending.
pub(crate) fn divisors(n: u64) -> Vec<u64> {
    let mut divs = vec![1u64];
    for (p, e) in factorize(n) {
        let len = divs.len();
        let mut pk = 1u64;
        for _ in 0..e {
            pk *= p;
            for i in 0..len {
                divs.push(divs[i] * pk);
            }
        }
    }
    divs.sort_unstable();
    divs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_division() {
        assert_eq!(floor_div(7, 2), 3);
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(floor_div(7, -2), -4);
        assert_eq!(floor_div(-7, -2), 3);
        assert_eq!(ceil_div(7, 2), 4);
        assert_eq!(ceil_div(-7, 2), -3);
        assert_eq!(ceil_div(7, -2), -3);
        assert_eq!(ceil_div(-7, -2), 4);
        assert_eq!(ceil_div(6, 3), 2);
    }

    #[test]
    fn divisors_by_hand() {
        assert_eq!(divisors(1), vec![1]);
        assert_eq!(divisors(64), vec![1, 2, 4, 8, 16, 32, 64]);
        assert_eq!(divisors(1000).len(), 16);
        assert_eq!(divisors(12), vec![1, 2, 3, 4, 6, 12]);
        // 2^61 - 1 is prime; 2^63 has 64 divisors.
        assert_eq!(divisors((1u64 << 61) - 1), vec![1, (1u64 << 61) - 1]);
        assert_eq!(divisors(1u64 << 63).len(), 64);
        // A semiprime of two 31-bit primes needs rho, not the small primes.
        let (p, q) = (2_147_483_647u64, 2_147_483_629u64);
        assert_eq!(factorize(p * q), vec![(q, 1), (p, 1)]);
    }

    #[test]
    fn products_detect_overflow() {
        assert_eq!(product([2, 3, 7]), Some(42));
        assert_eq!(product([i64::MAX, 2]), None);
        assert_eq!(product([i64::MAX, 2, 0]), Some(0));
        assert_eq!(product([i64::MIN, 1]), Some(i64::MIN));
        assert_eq!(product([i64::MIN, -1]), None);
        let (lo, hi) = mul_interval(-3, 2, -5, 4);
        assert_eq!((lo, hi), (-12, 15));
        let (lo, hi) = mul_interval(1, i64::MAX as i128, 1, i64::MAX as i128);
        assert_eq!(lo, 1);
        assert!(hi > i64::MAX as i128);
    }
}
