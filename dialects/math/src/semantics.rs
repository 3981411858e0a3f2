//! What each math op computes on one element, shared by the folders and
//! the reference interpreter. Floats are computed in `f64` and rounded
//! once to the op's format; integers are `width`-bit patterns in a `u128`.

use strata_dialect_arith::semantics::{mask, round_to, sext};
use strata_ir::FloatKind;

extern "C" {
    // The C library's special functions: Rust's std has no erf, and its
    // asinh/acosh/atanh are its own formulas, whose last bits differ from
    // the C library's that MLIR's folders (and compiled code) call.
    fn erf(x: f64) -> f64;
    fn erfc(x: f64) -> f64;
    fn asinh(x: f64) -> f64;
    fn acosh(x: f64) -> f64;
    fn atanh(x: f64) -> f64;
    fn erff(x: f32) -> f32;
    fn erfcf(x: f32) -> f32;
    fn asinhf(x: f32) -> f32;
    fn acoshf(x: f32) -> f32;
    fn atanhf(x: f32) -> f32;
}

/// One match over the unary ops for a float type `$t`, with the C
/// library's `$erf`, `$erfc`, `$asinh`, `$acosh`, `$atanh` of that type.
macro_rules! unary_in {
    ($op:expr, $x:expr, $t:ty, $erf:ident, $erfc:ident, $asinh:ident, $acosh:ident, $atanh:ident) => {{
        let x: $t = $x;
        // SAFETY (the C calls): pure C library functions on plain floats.
        Some(match $op {
            "math.absf" => x.abs(),
            "math.acos" => x.acos(),
            "math.acosh" => unsafe { $acosh(x) },
            "math.asin" => x.asin(),
            "math.asinh" => unsafe { $asinh(x) },
            "math.atan" => x.atan(),
            "math.atanh" => unsafe { $atanh(x) },
            "math.cbrt" => x.cbrt(),
            "math.ceil" => x.ceil(),
            "math.cos" => x.cos(),
            "math.cosh" => x.cosh(),
            "math.erf" => unsafe { $erf(x) },
            "math.erfc" => unsafe { $erfc(x) },
            "math.exp" => x.exp(),
            "math.exp2" => x.exp2(),
            "math.expm1" => x.exp_m1(),
            "math.floor" => x.floor(),
            "math.log" => x.ln(),
            "math.log10" => x.log10(),
            "math.log1p" => x.ln_1p(),
            "math.log2" => x.log2(),
            "math.round" => x.round(),
            "math.roundeven" => x.round_ties_even(),
            "math.rsqrt" => 1.0 / x.sqrt(),
            "math.sin" => x.sin(),
            "math.sinh" => x.sinh(),
            "math.sqrt" => x.sqrt(),
            "math.tan" => x.tan(),
            "math.tanh" => x.tanh(),
            "math.trunc" => x.trunc(),
            _ => return None,
        })
    }};
}

/// The float unary ops by name (`math.sqrt`, ...), rounded to `kind`:
/// computed in `f64` with the C library (`asinh`/`acosh`/`atanh`/`erf`
/// included), then rounded once, as the C back end computes them.
pub fn float_unary(op: &str, x: f64, kind: FloatKind) -> Option<f64> {
    if op == "math.cbrt" {
        return Some(round_to(kind, c_cbrt(x)));
    }
    let r = unary_in!(op, x, f64, erf, erfc, asinh, acosh, atanh)?;
    Some(round_to(kind, r))
}

/// The C library's `cbrt` (glibc's, which compiled code calls). Rust's
/// `f64::cbrt` is not it: Rust's runtime (compiler-builtins) defines its
/// own `cbrt` symbol inside every Rust binary, which the static link binds
/// first, and the two differ in the last bit for about half of all inputs.
/// So the C library's is looked up at run time by name in the libraries
/// the process loaded (the binary's own copy is not exported); without a
/// dynamic C library, Rust's is used.
pub fn c_cbrt(x: f64) -> f64 {
    use std::sync::OnceLock;
    type Cbrt = extern "C" fn(f64) -> f64;
    extern "C" {
        fn dlsym(
            handle: *mut std::ffi::c_void,
            symbol: *const std::ffi::c_char,
        ) -> *mut std::ffi::c_void;
    }
    static CBRT: OnceLock<Option<Cbrt>> = OnceLock::new();
    let f = CBRT.get_or_init(|| {
        // SAFETY: dlsym with RTLD_DEFAULT (null) and a NUL-terminated name;
        // a non-null result is the C library's `double cbrt(double)`.
        let p = unsafe { dlsym(std::ptr::null_mut(), c"cbrt".as_ptr()) };
        (!p.is_null()).then(|| unsafe { std::mem::transmute::<*mut std::ffi::c_void, Cbrt>(p) })
    });
    match f {
        Some(f) => f(x),
        None => x.cbrt(),
    }
}

/// The float unary ops on `f32` computed with the C library's
/// single-precision functions (`sinf`, `expm1f`, `acoshf`, ...), as
/// MLIR's folders do (`MathOps.cpp` calls them for `f32` constants).
pub fn float_unary_f32(op: &str, x: f32) -> Option<f32> {
    unary_in!(op, x, f32, erff, erfcf, asinhf, acoshf, atanhf)
}

/// The float binary ops (`math.atan2`, `math.copysign`, `math.powf`).
pub fn float_binary(op: &str, a: f64, b: f64, kind: FloatKind) -> Option<f64> {
    let r = match op {
        "math.atan2" => a.atan2(b),
        "math.copysign" => a.copysign(b),
        "math.powf" => a.powf(b),
        _ => return None,
    };
    Some(round_to(kind, r))
}

/// The float binary ops on `f32` in single precision (`atan2f`, `powf`),
/// as MLIR's folders compute `f32` constants.
pub fn float_binary_f32(op: &str, a: f32, b: f32) -> Option<f32> {
    Some(match op {
        "math.atan2" => a.atan2(b),
        "math.copysign" => a.copysign(b),
        "math.powf" => a.powf(b),
        _ => return None,
    })
}

/// `math.fma`: `a * b + c` with one rounding (in f64, then to `kind`).
pub fn fma(a: f64, b: f64, c: f64, kind: FloatKind) -> f64 {
    round_to(kind, a.mul_add(b, c))
}

/// `math.fpowi`: a float to a signed integer power.
pub fn fpowi(a: f64, exponent: i128, kind: FloatKind) -> f64 {
    round_to(kind, a.powf(exponent as f64))
}

/// Float classification (`math.isnan`, `math.isinf`, `math.isfinite`, `math.isnormal`).
pub fn classify(op: &str, x: f64, kind: FloatKind) -> Option<bool> {
    Some(match op {
        "math.isnan" => x.is_nan(),
        "math.isinf" => x.is_infinite(),
        "math.isfinite" => x.is_finite(),
        "math.isnormal" => {
            let min_normal = match kind {
                FloatKind::F32 => f32::MIN_POSITIVE as f64,
                FloatKind::F16 => 6.103_515_625e-5,
                FloatKind::BF16 => f32::MIN_POSITIVE as f64,
                _ => f64::MIN_POSITIVE,
            };
            x.is_finite() && x.abs() >= min_normal
        }
        _ => return None,
    })
}

/// The integer unary ops (`math.absi`, `math.ctlz`, `math.cttz`, `math.ctpop`).
pub fn int_unary(op: &str, v: u128, width: u32) -> Option<u128> {
    let v = mask(v, width);
    Some(match op {
        "math.absi" => mask(sext(v, width).unsigned_abs(), width),
        "math.ctlz" => (v.leading_zeros() - (128 - width)) as u128,
        "math.cttz" => {
            if v == 0 {
                width as u128
            } else {
                v.trailing_zeros() as u128
            }
        }
        "math.ctpop" => v.count_ones() as u128,
        _ => return None,
    })
}

/// `math.ipowi`: signed integer power with wrapping; negative exponents
/// give 0 except for bases 1 and -1, and `0 ** negative` is undefined
/// (`None`).
pub fn ipowi(base: u128, exponent: u128, width: u32) -> Option<u128> {
    let b = sext(base, width);
    let e = sext(exponent, width);
    if e < 0 {
        return match b {
            0 => None,
            1 => Some(1),
            -1 => Some(if e % 2 == 0 {
                1
            } else {
                mask(u128::MAX, width)
            }),
            _ => Some(0),
        };
    }
    let mut result: u128 = 1;
    let mut base = mask(base, width);
    let mut e = e as u128;
    while e > 0 {
        if e & 1 == 1 {
            result = mask(result.wrapping_mul(base), width);
        }
        base = mask(base.wrapping_mul(base), width);
        e >>= 1;
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_ops_match_rust() {
        for v in 0u128..256 {
            let x = v as u8;
            assert_eq!(
                int_unary("math.ctlz", v, 8),
                Some(x.leading_zeros() as u128)
            );
            assert_eq!(
                int_unary("math.cttz", v, 8),
                Some(x.trailing_zeros() as u128)
            );
            assert_eq!(int_unary("math.ctpop", v, 8), Some(x.count_ones() as u128));
            assert_eq!(
                int_unary("math.absi", v, 8),
                Some((x as i8).wrapping_abs() as u8 as u128)
            );
            for e in 0u32..6 {
                assert_eq!(
                    ipowi(v, e as u128, 8),
                    Some((x as i8).wrapping_pow(e) as u8 as u128)
                );
            }
        }
        assert_eq!(ipowi(0, 0xFF, 8), None);
        assert_eq!(ipowi(0xFF, 0xFF, 8), Some(0xFF));
    }

    #[test]
    fn float_ops_round_to_format() {
        let x = 2.0f32;
        assert_eq!(
            float_unary("math.sqrt", x as f64, FloatKind::F32),
            Some(x.sqrt() as f64)
        );
        assert_eq!(
            float_unary("math.roundeven", 2.5, FloatKind::F64),
            Some(2.0)
        );
        assert_eq!(
            float_unary("math.roundeven", -3.5, FloatKind::F64),
            Some(-4.0)
        );
        assert_eq!(float_unary("math.round", 2.5, FloatKind::F64), Some(3.0));
        assert!(
            (float_unary("math.erf", 0.5, FloatKind::F64).unwrap() - 0.520_499_877_813_046_5).abs()
                < 1e-15
        );
        assert_eq!(
            classify("math.isnormal", 1e-40, FloatKind::F32),
            Some(false)
        );
        assert_eq!(fma(2.0, 3.0, 1.0, FloatKind::F32), 7.0);
    }
}
