//! Decimal digits of binary floats exactly as LLVM's `APFloat::toString`
//! computes them.
//!
//! MLIR prints float attributes through `APFloat::toString`, whose rounding
//! is not correct rounding: it first drops decimal digits by truncating
//! division, then rounds the rest half-up. Reproducing its output byte for
//! byte therefore needs its algorithm, not Rust's formatter. This module
//! implements it over a small unsigned big integer.

/// Little-endian base-2^32 unsigned integer, just big enough for this job.
#[derive(Clone, Debug)]
struct BigUint(Vec<u32>);

impl BigUint {
    fn from_u128(mut v: u128) -> Self {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        BigUint(limbs)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn active_bits(&self) -> u32 {
        match self.0.iter().rposition(|&l| l != 0) {
            Some(i) => 32 * i as u32 + (32 - self.0[i].leading_zeros()),
            None => 0,
        }
    }
    fn shl(&mut self, bits: u32) {
        let (words, rest) = ((bits / 32) as usize, bits % 32);
        let mut out = vec![0u32; words];
        let mut carry = 0u32;
        for &l in &self.0 {
            if rest == 0 {
                out.push(l);
            } else {
                out.push((l << rest) | carry);
                carry = l >> (32 - rest);
            }
        }
        if carry != 0 {
            out.push(carry);
        }
        self.0 = out;
    }
    fn mul_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for l in self.0.iter_mut() {
            let product = *l as u64 * factor as u64 + carry;
            *l = product as u32;
            carry = product >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    /// Divides in place, returning the remainder.
    fn div_small(&mut self, divisor: u32) -> u32 {
        let mut remainder = 0u64;
        for l in self.0.iter_mut().rev() {
            let current = (remainder << 32) | *l as u64;
            *l = (current / divisor as u64) as u32;
            remainder = current % divisor as u64;
        }
        self.trim();
        remainder as u32
    }
}

/// A float as `significand * 2^exponent` with the significand an integer.
pub struct Decomposed {
    pub negative: bool,
    pub significand: u128,
    pub exponent: i32,
    /// Bits of precision of the format (including the implicit bit).
    pub precision: u32,
}

/// The significant digits (most significant first, no trailing zeros) and
/// the power of ten of the last digit, after `APFloat::toString`'s
/// truncate-then-round to `format_precision` digits.
pub fn apfloat_digits(value: &Decomposed, format_precision: u32) -> (Vec<u8>, i32) {
    let mut significand = BigUint::from_u128(value.significand);
    let mut exp = value.exponent;
    // Ignore trailing binary zeros.
    let trailing = value.significand.trailing_zeros().min(128);
    if value.significand != 0 {
        exp += trailing as i32;
        significand = BigUint::from_u128(value.significand >> trailing);
    }
    if exp > 0 {
        significand.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        for _ in 0..-exp {
            significand.mul_small(5);
        }
    }
    // Coarse truncation to about `format_precision` digits.
    let bits = significand.active_bits();
    let bits_required = (format_precision * 196 + 58) / 59;
    if bits > bits_required {
        let tens_removable = (bits - bits_required) * 59 / 196;
        for _ in 0..tens_removable {
            significand.div_small(10);
        }
        exp += tens_removable as i32;
    }
    // Digits, least significant first, dropping trailing zeros.
    let mut buffer: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !significand.is_zero() {
        let d = significand.div_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            buffer.push(d);
            in_trail = false;
        }
    }
    if buffer.is_empty() {
        return (vec![0], 0);
    }
    // Round half up to `format_precision` digits.
    let n = buffer.len();
    let fp = format_precision as usize;
    if n > fp {
        let mut first_significant = n - fp;
        if buffer[first_significant - 1] < 5 {
            while first_significant < n && buffer[first_significant] == 0 {
                first_significant += 1;
            }
            exp += first_significant as i32;
            buffer.drain(..first_significant);
        } else {
            let mut i = first_significant;
            while i != n {
                if buffer[i] == 9 {
                    first_significant += 1;
                } else {
                    buffer[i] += 1;
                    break;
                }
                i += 1;
            }
            if first_significant == n {
                exp += first_significant as i32;
                buffer = vec![1];
            } else {
                exp += first_significant as i32;
                buffer.drain(..first_significant);
            }
        }
    }
    buffer.reverse();
    (buffer, exp)
}
