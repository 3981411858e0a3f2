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
    let bits_required = (format_precision * 196).div_ceil(59);
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

// ------------------------------------------------------------------------
// The binary formats of every builtin float type (LLVM's fltSemantics).
// ------------------------------------------------------------------------

use crate::attributes::FloatBits;
use crate::types::FloatKind;

/// Which special values a format has (LLVM's `fltNonfiniteBehavior`, plus
/// where its NaN lives).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum NonFinite {
    /// IEEE 754: all-ones exponent is infinity or NaN.
    Ieee,
    /// No infinity; NaN is all-ones exponent and mantissa (`FN` types).
    NanAllOnes,
    /// No infinity, no negative zero; NaN is the negative-zero pattern (`FNUZ`).
    NanNegativeZero,
    /// Neither infinity nor NaN (`f4E2M1FN`, `f6*`).
    FiniteOnly,
}

#[derive(Copy, Clone, Debug)]
struct Format {
    exponent_bits: u32,
    /// Stored significand bits (for f80 including the explicit integer bit).
    mantissa_bits: u32,
    bias: i32,
    non_finite: NonFinite,
}

fn format(kind: FloatKind) -> Format {
    use FloatKind::*;
    use NonFinite::*;
    let (exponent_bits, mantissa_bits, bias, non_finite) = match kind {
        F4E2M1FN => (2, 1, 1, FiniteOnly),
        F6E2M3FN => (2, 3, 1, FiniteOnly),
        F6E3M2FN => (3, 2, 3, FiniteOnly),
        F8E5M2 => (5, 2, 15, Ieee),
        F8E4M3 => (4, 3, 7, Ieee),
        F8E4M3FN => (4, 3, 7, NanAllOnes),
        F8E5M2FNUZ => (5, 2, 16, NanNegativeZero),
        F8E4M3FNUZ => (4, 3, 8, NanNegativeZero),
        F8E4M3B11FNUZ => (4, 3, 11, NanNegativeZero),
        F8E3M4 => (3, 4, 3, Ieee),
        F8E8M0FNU => (8, 0, 127, NanAllOnes),
        BF16 => (8, 7, 127, Ieee),
        F16 => (5, 10, 15, Ieee),
        TF32 => (8, 10, 127, Ieee),
        F32 => (8, 23, 127, Ieee),
        F64 => (11, 52, 1023, Ieee),
        F80 => (15, 64, 16383, Ieee),
        F128 => (15, 112, 16383, Ieee),
    };
    Format {
        exponent_bits,
        mantissa_bits,
        bias,
        non_finite,
    }
}

/// Splits a finite value of `kind` into sign, integer significand and
/// binary exponent; `None` for NaN and infinity.
pub fn decompose(kind: FloatKind, bits: FloatBits) -> Option<Decomposed> {
    let f = format(kind);
    let raw = bits.0;
    if kind == FloatKind::F8E8M0FNU {
        // Exponent only, unsigned, no zero: 2^(e - 127); 0xFF is NaN.
        return (raw & 0xFF != 0xFF).then(|| Decomposed {
            negative: false,
            significand: 1,
            exponent: (raw & 0xFF) as i32 - f.bias,
            precision: 1,
        });
    }
    let mantissa_mask = (1u128 << f.mantissa_bits) - 1;
    let mantissa = raw & mantissa_mask;
    let max_exponent = (1u128 << f.exponent_bits) - 1;
    let biased = (raw >> f.mantissa_bits) & max_exponent;
    let negative = (raw >> (f.mantissa_bits + f.exponent_bits)) & 1 == 1;
    match f.non_finite {
        NonFinite::Ieee if biased == max_exponent => return None,
        NonFinite::NanAllOnes if biased == max_exponent && mantissa == mantissa_mask => {
            return None
        }
        NonFinite::NanNegativeZero if negative && biased == 0 && mantissa == 0 => return None,
        _ => {}
    }
    let biased = biased as i32;
    if kind == FloatKind::F80 {
        // Explicit integer bit: the significand is all 64 stored bits.
        let exponent = if biased == 0 { 1 } else { biased } - f.bias - 63;
        return Some(Decomposed {
            negative,
            significand: mantissa,
            exponent,
            precision: 64,
        });
    }
    let m = f.mantissa_bits as i32;
    let (significand, exponent) = if biased == 0 {
        (mantissa, 1 - f.bias - m)
    } else {
        (mantissa | (1u128 << f.mantissa_bits), biased - f.bias - m)
    };
    Some(Decomposed {
        negative,
        significand,
        exponent,
        precision: f.mantissa_bits + 1,
    })
}

/// Whether the format has more precision than an f64, so that a decimal
/// string must be compared exactly rather than through an f64.
pub fn wider_than_f64(kind: FloatKind) -> bool {
    matches!(kind, FloatKind::F80 | FloatKind::F128)
}

/// Whether `value` is exactly a decimal of at most `digits` significant digits.
pub fn is_short_decimal(value: &Decomposed, digits: usize) -> bool {
    if value.significand == 0 {
        return true;
    }
    // A huge precision disables truncation: these are the exact digits.
    let (exact, _) = apfloat_digits(value, 10_000_000);
    exact.len() <= digits
}

/// `value` rounded to nearest-even in `kind` (APFloat's `convert` from
/// double, which is how MLIR reads decimal literals of every float type).
pub fn f64_to_bits(kind: FloatKind, value: f64) -> FloatBits {
    let f = format(kind);
    let sign_shift = f.mantissa_bits + f.exponent_bits;
    let max_exponent = (1u128 << f.exponent_bits) - 1;
    let mantissa_mask = (1u128 << f.mantissa_bits) - 1;
    let negative = value.is_sign_negative() && kind != FloatKind::F8E8M0FNU;
    let sign = if negative { 1u128 << sign_shift } else { 0 };
    let nan = || -> FloatBits {
        FloatBits(match f.non_finite {
            NonFinite::Ieee if kind == FloatKind::F80 => {
                (max_exponent << f.mantissa_bits) | (3u128 << 62)
            }
            NonFinite::Ieee => (max_exponent << f.mantissa_bits) | (1u128 << (f.mantissa_bits - 1)),
            NonFinite::NanAllOnes => (max_exponent << f.mantissa_bits) | mantissa_mask,
            NonFinite::NanNegativeZero => 1u128 << sign_shift,
            NonFinite::FiniteOnly => 0,
        })
    };
    let largest = || -> u128 {
        match f.non_finite {
            NonFinite::Ieee => ((max_exponent - 1) << f.mantissa_bits) | mantissa_mask,
            NonFinite::NanAllOnes => (max_exponent << f.mantissa_bits) | (mantissa_mask - 1),
            _ => (max_exponent << f.mantissa_bits) | mantissa_mask,
        }
    };
    let overflow = || -> FloatBits {
        match f.non_finite {
            NonFinite::Ieee if kind == FloatKind::F80 => {
                FloatBits(sign | (max_exponent << f.mantissa_bits) | (1u128 << 63))
            }
            NonFinite::Ieee => FloatBits(sign | (max_exponent << f.mantissa_bits)),
            NonFinite::FiniteOnly => FloatBits(sign | largest()),
            _ => nan(),
        }
    };
    if value.is_nan() {
        return nan();
    }
    if value.is_infinite() {
        return overflow();
    }
    if value == 0.0 {
        return match (kind, f.non_finite) {
            (FloatKind::F8E8M0FNU, _) => FloatBits(0),
            (_, NonFinite::NanNegativeZero) => FloatBits(0),
            _ => FloatBits(sign),
        };
    }
    // value = m * 2^e exactly.
    let raw = value.abs().to_bits();
    let (m, e) = {
        let biased = (raw >> 52) as i32;
        let fraction = (raw & ((1u64 << 52) - 1)) as u128;
        if biased == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1u128 << 52), biased - 1075)
        }
    };
    let top = 127 - m.leading_zeros() as i32 + e; // floor(log2 |value|)
    let precision = if kind == FloatKind::F80 {
        64
    } else {
        f.mantissa_bits as i32 + 1
    };
    let min_exponent = if kind == FloatKind::F8E8M0FNU {
        -f.bias
    } else {
        1 - f.bias
    };
    let mut quantum = top.max(min_exponent) - (precision - 1);
    let shift = quantum - e;
    let mut significand = if shift <= 0 {
        m << (-shift).min(100)
    } else if shift > 60 {
        0
    } else {
        let kept = m >> shift;
        let rest = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        if rest > half || (rest == half && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    if significand >> precision != 0 {
        significand >>= 1;
        quantum += 1;
    }
    if kind == FloatKind::F8E8M0FNU {
        if significand == 0 {
            return FloatBits(0);
        }
        let biased = quantum + f.bias;
        return if biased >= 0xFF {
            nan()
        } else {
            FloatBits(biased.max(0) as u128)
        };
    }
    if significand == 0 {
        return match f.non_finite {
            NonFinite::NanNegativeZero => FloatBits(0),
            _ => FloatBits(sign),
        };
    }
    let normal = significand >> (precision - 1) != 0;
    let biased = if normal {
        (quantum + precision - 1 + f.bias) as u128
    } else {
        0
    };
    let stored = if kind == FloatKind::F80 {
        significand
    } else {
        significand & mantissa_mask
    };
    let encoded = (biased << f.mantissa_bits) | stored;
    if biased > max_exponent || encoded > largest() {
        return overflow();
    }
    FloatBits(sign | encoded)
}

/// The value of `bits` as the nearest f64 (exact for formats up to f64).
pub fn bits_to_f64(kind: FloatKind, bits: FloatBits) -> f64 {
    match decompose(kind, bits) {
        Some(d) => {
            let magnitude = d.significand as f64 * 2f64.powi(d.exponent);
            if d.negative {
                -magnitude
            } else {
                magnitude
            }
        }
        None => {
            let f = format(kind);
            let sign_shift = f.mantissa_bits + f.exponent_bits;
            let is_inf = f.non_finite == NonFinite::Ieee && {
                let mantissa = bits.0 & ((1u128 << f.mantissa_bits) - 1);
                if kind == FloatKind::F80 {
                    mantissa == 1u128 << 63
                } else {
                    mantissa == 0
                }
            };
            match (is_inf, (bits.0 >> sign_shift) & 1 == 1) {
                (true, true) => f64::NEG_INFINITY,
                (true, false) => f64::INFINITY,
                _ => f64::NAN,
            }
        }
    }
}
