//! What each arith op computes on one element: the single definition used
//! by the folders and by the reference interpreter.
//!
//! Integers are bit patterns: a `u128` holding the low `width` bits (the
//! rest zero), `width <= 128`; index is 64 bits. Signedness is a property
//! of the op, never of the value, as in MLIR. Floats are carried as `f64`
//! already rounded to their format: for `+ - * /`, `sqrt` and
//! conversions, computing in `f64` and rounding once to `f32`, `f16` or
//! `bf16` gives the correctly rounded result of the narrower format (53 >=
//! 2p + 2 for each of them), so one code path serves every format.
//! `f16` and `bf16` are rounded from `f64` by [`narrow_from_f64`] (one
//! round to nearest even of the exact `f64`, not the `half` crate's
//! conversion, which rounds through `f32` on CPUs with F16C and ignores the
//! low 32 mantissa bits elsewhere, so its result depended on the machine);
//! the C and LLVM back ends implement the same two functions bit for bit.
//!
//! Undefined behaviour of MLIR (division by zero, signed division
//! overflow) is an error; poison-producing cases are given a fixed value
//! so runs are reproducible: shifts by at least the bit width give 0 (or
//! the sign for `shrsi`), float-to-integer conversions saturate (NaN gives
//! 0).

use strata_ir::FloatKind;

/// Why an op has no defined result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SemanticsError {
    DivisionByZero,
    SignedDivisionOverflow,
    /// A format or width this implementation does not handle.
    Unsupported(String),
}

impl std::fmt::Display for SemanticsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SemanticsError::DivisionByZero => f.write_str("division by zero"),
            SemanticsError::SignedDivisionOverflow => {
                f.write_str("signed division overflow (minimum value divided by -1)")
            }
            SemanticsError::Unsupported(what) => write!(f, "unsupported: {what}"),
        }
    }
}

pub type SemResult<T> = Result<T, SemanticsError>;

/// The low `width` bits of `v`.
#[inline]
pub fn mask(v: u128, width: u32) -> u128 {
    if width >= 128 {
        v
    } else {
        v & ((1u128 << width) - 1)
    }
}

/// `v` (a `width`-bit pattern) read as a signed number.
#[inline]
pub fn sext(v: u128, width: u32) -> i128 {
    if width == 0 {
        return 0;
    }
    if width >= 128 {
        return v as i128;
    }
    let shift = 128 - width;
    ((v << shift) as i128) >> shift
}

/// A signed number as a `width`-bit pattern.
#[inline]
pub fn from_signed(v: i128, width: u32) -> u128 {
    mask(v as u128, width)
}

fn signed_fits(v: i128, width: u32) -> bool {
    width >= 128 || (v >= -(1i128 << (width - 1)) && v < (1i128 << (width - 1)))
}

fn signed_div_parts(a: u128, b: u128, width: u32) -> SemResult<(i128, i128, i128, i128)> {
    let (x, y) = (sext(a, width), sext(b, width));
    if y == 0 {
        return Err(SemanticsError::DivisionByZero);
    }
    let q = x
        .checked_div(y)
        .ok_or(SemanticsError::SignedDivisionOverflow)?;
    if !signed_fits(q, width) {
        return Err(SemanticsError::SignedDivisionOverflow);
    }
    Ok((x, y, q, x.wrapping_rem(y)))
}

/// An integer binary op (`arith.addi` ... `arith.maxui`): what
/// [`int_binary_kind`] computes, resolved from the op once so element
/// loops do not compare names.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IntBinary {
    Add,
    Sub,
    Mul,
    And,
    Or,
    XOr,
    DivUI,
    RemUI,
    CeilDivUI,
    DivSI,
    RemSI,
    CeilDivSI,
    FloorDivSI,
    ShL,
    ShRU,
    ShRS,
    MinSI,
    MaxSI,
    MinUI,
    MaxUI,
}

impl IntBinary {
    /// The op of this name, if it is an integer binary op.
    pub fn of(name: &str) -> Option<Self> {
        use crate::ops::*;
        use IntBinary::*;
        let table: [(&str, IntBinary); 20] = [
            (AddIOp::NAME, Add),
            (SubIOp::NAME, Sub),
            (MulIOp::NAME, Mul),
            (AndIOp::NAME, And),
            (OrIOp::NAME, Or),
            (XOrIOp::NAME, XOr),
            (DivUIOp::NAME, DivUI),
            (RemUIOp::NAME, RemUI),
            (CeilDivUIOp::NAME, CeilDivUI),
            (DivSIOp::NAME, DivSI),
            (RemSIOp::NAME, RemSI),
            (CeilDivSIOp::NAME, CeilDivSI),
            (FloorDivSIOp::NAME, FloorDivSI),
            (ShLIOp::NAME, ShL),
            (ShRUIOp::NAME, ShRU),
            (ShRSIOp::NAME, ShRS),
            (MinSIOp::NAME, MinSI),
            (MaxSIOp::NAME, MaxSI),
            (MinUIOp::NAME, MinUI),
            (MaxUIOp::NAME, MaxUI),
        ];
        table.iter().find(|(n, _)| *n == name).map(|&(_, k)| k)
    }
}

/// The integer binary ops (`arith.addi` ... `arith.maxui`), by op name.
pub fn int_binary(op: &str, a: u128, b: u128, width: u32) -> SemResult<u128> {
    let kind = IntBinary::of(op)
        .ok_or_else(|| SemanticsError::Unsupported(format!("integer op '{op}'")))?;
    int_binary_kind(kind, a, b, width)
}

/// One integer binary op on `width`-bit patterns.
pub fn int_binary_kind(kind: IntBinary, a: u128, b: u128, width: u32) -> SemResult<u128> {
    use IntBinary::*;
    let (a, b) = (mask(a, width), mask(b, width));
    let r = match kind {
        Add => a.wrapping_add(b),
        Sub => a.wrapping_sub(b),
        Mul => a.wrapping_mul(b),
        And => a & b,
        Or => a | b,
        XOr => a ^ b,
        DivUI | RemUI | CeilDivUI => {
            if b == 0 {
                return Err(SemanticsError::DivisionByZero);
            }
            match kind {
                DivUI => a / b,
                RemUI => a % b,
                _ => a / b + u128::from(a % b != 0),
            }
        }
        DivSI => from_signed(signed_div_parts(a, b, width)?.2, width),
        RemSI => {
            if b == 0 {
                return Err(SemanticsError::DivisionByZero);
            }
            let (x, y) = (sext(a, width), sext(b, width));
            from_signed(x.checked_rem(y).unwrap_or(0), width)
        }
        CeilDivSI => {
            let (_, y, q, r) = signed_div_parts(a, b, width)?;
            let q = if r != 0 && ((r > 0) == (y > 0)) {
                q + 1
            } else {
                q
            };
            if !signed_fits(q, width) {
                return Err(SemanticsError::SignedDivisionOverflow);
            }
            from_signed(q, width)
        }
        FloorDivSI => {
            let (_, y, q, r) = signed_div_parts(a, b, width)?;
            let q = if r != 0 && ((r < 0) != (y < 0)) {
                q - 1
            } else {
                q
            };
            from_signed(q, width)
        }
        ShL => {
            if b >= width as u128 {
                0
            } else {
                a << b
            }
        }
        ShRU => {
            if b >= width as u128 {
                0
            } else {
                a >> b
            }
        }
        ShRS => {
            let x = sext(a, width);
            let amount = if b >= width as u128 { 127 } else { b as u32 };
            from_signed(x >> amount.min(127), width)
        }
        MinSI => {
            if sext(a, width) <= sext(b, width) {
                a
            } else {
                b
            }
        }
        MaxSI => {
            if sext(a, width) >= sext(b, width) {
                a
            } else {
                b
            }
        }
        MinUI => a.min(b),
        MaxUI => a.max(b),
    };
    Ok(mask(r, width))
}

/// `v`'s low `width` bits (`width <= 64`), sign-extended to 64.
#[inline]
pub fn sext_i64(v: i64, width: u32) -> i64 {
    if width >= 64 {
        v
    } else {
        (v << (64 - width)) >> (64 - width)
    }
}

/// [`int_binary_kind`] on `width <= 64`-bit values held in an `i64` (the
/// structured executor's registers): the same result, sign-extended, with
/// the ops element loops spend their time in computed in 64-bit
/// arithmetic; every other op goes through [`int_binary_kind`] itself.
/// Tested equal to it (exhaustively at 8 bits, on edge values at 16, 32
/// and 64).
#[inline]
pub fn int_binary_i64(kind: IntBinary, a: i64, b: i64, width: u32) -> SemResult<i64> {
    let (a, b) = (sext_i64(a, width), sext_i64(b, width));
    Ok(match kind {
        IntBinary::Add => sext_i64(a.wrapping_add(b), width),
        IntBinary::Sub => sext_i64(a.wrapping_sub(b), width),
        IntBinary::Mul => sext_i64(a.wrapping_mul(b), width),
        IntBinary::And => a & b,
        IntBinary::Or => a | b,
        IntBinary::XOr => a ^ b,
        IntBinary::MinSI => a.min(b),
        IntBinary::MaxSI => a.max(b),
        _ => {
            let r = int_binary_kind(kind, mask(a as u128, width), mask(b as u128, width), width)?;
            sext(r, width) as i64
        }
    })
}

/// `arith.addui_extended`: the sum and the unsigned overflow bit.
pub fn addui_extended(a: u128, b: u128, width: u32) -> (u128, bool) {
    let sum = mask(a.wrapping_add(b), width);
    (sum, sum < mask(a, width))
}

/// `arith.mulsi_extended` / `arith.mului_extended`: the low and high halves
/// of the double-width product.
pub fn mul_extended(a: u128, b: u128, width: u32, signed: bool) -> SemResult<(u128, u128)> {
    if width > 64 {
        return Err(SemanticsError::Unsupported(format!(
            "extended multiplication of {width}-bit integers"
        )));
    }
    let product: u128 = if signed {
        (sext(a, width) * sext(b, width)) as u128
    } else {
        mask(a, width) * mask(b, width)
    };
    Ok((mask(product, width), mask(product >> width, width)))
}

/// `arith.cmpi` predicates by their integer value (`eq` = 0 ... `uge` = 9).
pub const CMPI_PREDICATES: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// `arith.cmpf` predicates by their integer value (`false` = 0 ... `true` = 15).
pub const CMPF_PREDICATES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

pub fn cmpi(predicate: i64, a: u128, b: u128, width: u32) -> SemResult<bool> {
    let (a, b) = (mask(a, width), mask(b, width));
    let (x, y) = (sext(a, width), sext(b, width));
    Ok(match predicate {
        0 => a == b,
        1 => a != b,
        2 => x < y,
        3 => x <= y,
        4 => x > y,
        5 => x >= y,
        6 => a < b,
        7 => a <= b,
        8 => a > b,
        9 => a >= b,
        _ => {
            return Err(SemanticsError::Unsupported(format!(
                "cmpi predicate {predicate}"
            )))
        }
    })
}

pub fn cmpf(predicate: i64, a: f64, b: f64) -> SemResult<bool> {
    let unordered = a.is_nan() || b.is_nan();
    Ok(match predicate {
        0 => false,
        1 => !unordered && a == b,
        2 => !unordered && a > b,
        3 => !unordered && a >= b,
        4 => !unordered && a < b,
        5 => !unordered && a <= b,
        6 => !unordered && a != b,
        7 => !unordered,
        8 => unordered || a == b,
        9 => unordered || a > b,
        10 => unordered || a >= b,
        11 => unordered || a < b,
        12 => unordered || a <= b,
        13 => unordered || a != b,
        14 => unordered,
        15 => true,
        _ => {
            return Err(SemanticsError::Unsupported(format!(
                "cmpf predicate {predicate}"
            )))
        }
    })
}

// ---------------------------------------------------------------------------
// Floats
// ---------------------------------------------------------------------------

/// Whether values of this format are supported.
pub fn float_supported(kind: FloatKind) -> bool {
    matches!(
        kind,
        FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64 | FloatKind::F8E8M0FNU
    )
}

/// Rounds `x` to the nearest value of `kind` (ties to even).
#[inline]
pub fn round_to(kind: FloatKind, x: f64) -> f64 {
    match kind {
        FloatKind::F32 => x as f32 as f64,
        FloatKind::F16 | FloatKind::BF16 => {
            let (m, e) = narrow_format(kind);
            narrow_to_f64(narrow_from_f64(x, m, e), m, e)
        }
        FloatKind::F8E8M0FNU => {
            float_from_bits(kind, float_to_bits(kind, x).unwrap_or(0xFF)).unwrap_or(f64::NAN)
        }
        _ => x,
    }
}

/// The value of raw `bits` in format `kind`.
pub fn float_from_bits(kind: FloatKind, bits: u128) -> Option<f64> {
    Some(match kind {
        FloatKind::F64 => f64::from_bits(bits as u64),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::F16 | FloatKind::BF16 => {
            let (m, e) = narrow_format(kind);
            narrow_to_f64(bits as u64 & 0xffff, m, e)
        }
        FloatKind::F8E8M0FNU => {
            let b = (bits & 0xFF) as i32;
            if b == 0xFF {
                f64::NAN
            } else {
                2f64.powi(b - 127)
            }
        }
        _ => return None,
    })
}

/// The raw bits of `x` (rounded) in format `kind`.
pub fn float_to_bits(kind: FloatKind, x: f64) -> Option<u128> {
    Some(match kind {
        FloatKind::F64 => x.to_bits() as u128,
        FloatKind::F32 => (x as f32).to_bits() as u128,
        FloatKind::F16 | FloatKind::BF16 => {
            let (m, e) = narrow_format(kind);
            narrow_from_f64(x, m, e) as u128
        }
        FloatKind::F8E8M0FNU => {
            if x.is_nan() || x <= 0.0 || x.is_infinite() {
                0xFF
            } else {
                let e = x.log2().round() as i32 + 127;
                if !(0..=254).contains(&e) {
                    0xFF
                } else {
                    e as u128
                }
            }
        }
        _ => return None,
    })
}

/// (mantissa bits, exponent bits) of `f16` (10, 5) and `bf16` (7, 8).
pub fn narrow_format(kind: FloatKind) -> (u32, u32) {
    match kind {
        FloatKind::BF16 => (7, 8),
        _ => (10, 5),
    }
}

/// The bits of `x` rounded to the nearest value (ties to even) of the
/// binary format with `m` mantissa and `e` exponent bits (`m + e < 16`):
/// subnormals kept, overflow to infinity, a NaN quiet with the top `m`
/// bits of its payload. The C back end's `strata_narrow_from_f64` and the
/// LLVM back end's `strata_narrow_from_f64_*` are this function.
pub fn narrow_from_f64(x: f64, m: u32, e: u32) -> u64 {
    let b = x.to_bits();
    let sign = (b >> 63) << (m + e);
    let exp = ((b >> 52) & 0x7ff) as i64;
    let man = b & ((1u64 << 52) - 1);
    let inf = ((1u64 << e) - 1) << m;
    if exp == 0x7ff {
        return if man == 0 {
            sign | inf
        } else {
            sign | inf | (1 << (m - 1)) | (man >> (52 - m))
        };
    }
    if exp == 0 {
        // Zero, or an f64 subnormal: far below half the smallest subnormal.
        return sign;
    }
    let bias = (1i64 << (e - 1)) - 1;
    let te = exp - 1023 + bias;
    let full = man | (1u64 << 52);
    let shift = (52 - m as i64 + if te >= 1 { 0 } else { 1 - te }).min(63) as u32;
    let q = full >> shift;
    let rem = full & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    let q = q + u64::from(rem > half || (rem == half && q & 1 == 1));
    // A carry out of the mantissa steps the exponent (and subnormals up to
    // the smallest normal).
    let r = if te >= 1 {
        ((te as u64 - 1) << m) + q
    } else {
        q
    };
    sign | r.min(inf)
}

/// The exact `f64` value of the bits `b` of the format with `m` mantissa
/// and `e` exponent bits (a NaN quiet, its payload on top).
pub fn narrow_to_f64(b: u64, m: u32, e: u32) -> f64 {
    let negative = (b >> (m + e)) & 1 == 1;
    let max_e = (1u64 << e) - 1;
    let exp = (b >> m) & max_e;
    let man = b & ((1u64 << m) - 1);
    let bias = (1i64 << (e - 1)) - 1;
    let magnitude = if exp == max_e {
        if man == 0 {
            f64::INFINITY
        } else {
            f64::from_bits(0x7ff8_0000_0000_0000 | (man << (52 - m)))
        }
    } else if exp == 0 {
        man as f64 * 2f64.powi((1 - bias - m as i64) as i32)
    } else {
        f64::from_bits((((exp as i64 - bias + 1023) as u64) << 52) | (man << (52 - m)))
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

fn minimum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == 0.0 && b == 0.0 {
        if a.is_sign_negative() {
            a
        } else {
            b
        }
    } else {
        a.min(b)
    }
}

fn maximum(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == 0.0 && b == 0.0 {
        if a.is_sign_positive() {
            a
        } else {
            b
        }
    } else {
        a.max(b)
    }
}

fn minnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else {
        minimum(a, b)
    }
}

fn maxnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else {
        maximum(a, b)
    }
}

/// A float binary op (`arith.addf` ... `arith.maxnumf`), resolved once.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FloatBinary {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Minimum,
    Maximum,
    MinNum,
    MaxNum,
}

impl FloatBinary {
    /// The op of this name, if it is a float binary op.
    pub fn of(name: &str) -> Option<Self> {
        use crate::ops::*;
        use FloatBinary::*;
        let table: [(&str, FloatBinary); 9] = [
            (AddFOp::NAME, Add),
            (SubFOp::NAME, Sub),
            (MulFOp::NAME, Mul),
            (DivFOp::NAME, Div),
            (RemFOp::NAME, Rem),
            (MinimumFOp::NAME, Minimum),
            (MaximumFOp::NAME, Maximum),
            (MinNumFOp::NAME, MinNum),
            (MaxNumFOp::NAME, MaxNum),
        ];
        table.iter().find(|(n, _)| *n == name).map(|&(_, k)| k)
    }
}

/// The float binary ops (`arith.addf` ... `arith.maxnumf`), rounded to `kind`.
pub fn float_binary(op: &str, a: f64, b: f64, kind: FloatKind) -> SemResult<f64> {
    let op = FloatBinary::of(op)
        .ok_or_else(|| SemanticsError::Unsupported(format!("float op '{op}'")))?;
    Ok(float_binary_kind(op, a, b, kind))
}

/// One float binary op, computed in `f64` and rounded once to `kind`.
#[inline]
pub fn float_binary_kind(op: FloatBinary, a: f64, b: f64, kind: FloatKind) -> f64 {
    let r = match op {
        FloatBinary::Add => a + b,
        FloatBinary::Sub => a - b,
        FloatBinary::Mul => a * b,
        FloatBinary::Div => a / b,
        // fmod of the operands in their own format (exact in any wider one).
        FloatBinary::Rem => a % b,
        FloatBinary::Minimum => minimum(a, b),
        FloatBinary::Maximum => maximum(a, b),
        FloatBinary::MinNum => minnum(a, b),
        FloatBinary::MaxNum => maxnum(a, b),
    };
    round_to(kind, r)
}

// ---------------------------------------------------------------------------
// Casts
// ---------------------------------------------------------------------------

/// One element: an integer bit pattern with its width, or a float with its format.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Scalar {
    Int(u128, u32),
    Float(f64, FloatKind),
}

/// The element type a cast produces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScalarType {
    Int(u32),
    Float(FloatKind),
}

fn int_to_float(value: i128, unsigned_value: Option<u128>, kind: FloatKind) -> f64 {
    match (kind, unsigned_value) {
        (FloatKind::F32, Some(u)) => u as f32 as f64,
        (FloatKind::F32, None) => value as f32 as f64,
        (_, Some(u)) => round_to(kind, u as f64),
        (_, None) => round_to(kind, value as f64),
    }
}

fn float_to_int(x: f64, width: u32, signed: bool) -> u128 {
    if x.is_nan() {
        return 0;
    }
    let t = x.trunc();
    if signed {
        let (lo, hi) = if width >= 128 {
            (i128::MIN, i128::MAX)
        } else {
            (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
        };
        let v = if t <= lo as f64 {
            lo
        } else if t >= hi as f64 {
            hi
        } else {
            t as i128
        };
        from_signed(v, width)
    } else {
        let hi = mask(u128::MAX, width);
        if t <= 0.0 {
            0
        } else if t >= hi as f64 {
            hi
        } else {
            t as u128
        }
    }
}

/// A cast op (`arith.extsi` ... `arith.bitcast`), resolved once.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cast {
    ExtSI,
    ExtUI,
    TruncI,
    IndexCast,
    IndexCastUI,
    SIToFP,
    UIToFP,
    FPToSI,
    FPToUI,
    ExtF,
    TruncF,
    Bitcast,
}

impl Cast {
    /// The op of this name, if it is a cast.
    pub fn of(name: &str) -> Option<Self> {
        use crate::ops::*;
        use Cast::*;
        let table: [(&str, Cast); 12] = [
            (ExtSIOp::NAME, ExtSI),
            (ExtUIOp::NAME, ExtUI),
            (TruncIOp::NAME, TruncI),
            (IndexCastOp::NAME, IndexCast),
            (IndexCastUIOp::NAME, IndexCastUI),
            (SIToFPOp::NAME, SIToFP),
            (UIToFPOp::NAME, UIToFP),
            (FPToSIOp::NAME, FPToSI),
            (FPToUIOp::NAME, FPToUI),
            (ExtFOp::NAME, ExtF),
            (TruncFOp::NAME, TruncF),
            (BitcastOp::NAME, Bitcast),
        ];
        table.iter().find(|(n, _)| *n == name).map(|&(_, k)| k)
    }
}

/// The cast ops (`arith.extsi` ... `arith.bitcast`), by op name.
pub fn cast(op: &str, x: Scalar, to: ScalarType) -> SemResult<Scalar> {
    let unsupported = || SemanticsError::Unsupported(format!("'{op}' from {x:?} to {to:?}"));
    let kind = Cast::of(op).ok_or_else(unsupported)?;
    cast_kind(kind, x, to).map_err(|e| match e {
        SemanticsError::Unsupported(_) => unsupported(),
        e => e,
    })
}

/// One cast of one element to `to`.
pub fn cast_kind(kind: Cast, x: Scalar, to: ScalarType) -> SemResult<Scalar> {
    use Cast::*;
    use Scalar::*;
    let unsupported = || SemanticsError::Unsupported(format!("{kind:?} from {x:?} to {to:?}"));
    Ok(match (kind, x, to) {
        (ExtSI | IndexCast, Int(v, w), ScalarType::Int(t)) => {
            if t >= w {
                Int(from_signed(sext(v, w), t), t)
            } else {
                Int(mask(v, t), t)
            }
        }
        (ExtUI | TruncI | IndexCastUI, Int(v, _), ScalarType::Int(t)) => Int(mask(v, t), t),
        (SIToFP, Int(v, w), ScalarType::Float(k)) => Float(int_to_float(sext(v, w), None, k), k),
        (UIToFP, Int(v, w), ScalarType::Float(k)) => Float(int_to_float(0, Some(mask(v, w)), k), k),
        (FPToSI, Float(f, _), ScalarType::Int(t)) => Int(float_to_int(f, t, true), t),
        (FPToUI, Float(f, _), ScalarType::Int(t)) => Int(float_to_int(f, t, false), t),
        (ExtF | TruncF, Float(f, _), ScalarType::Float(k)) => Float(round_to(k, f), k),
        (Bitcast, Int(v, _), ScalarType::Int(t)) => Int(mask(v, t), t),
        (Bitcast, Int(v, _), ScalarType::Float(k)) => {
            Float(float_from_bits(k, v).ok_or_else(unsupported)?, k)
        }
        (Bitcast, Float(f, k), ScalarType::Int(t)) => {
            Int(mask(float_to_bits(k, f).ok_or_else(unsupported)?, t), t)
        }
        (Bitcast, Float(f, k), ScalarType::Float(k2)) => {
            let bits = float_to_bits(k, f).ok_or_else(unsupported)?;
            Float(float_from_bits(k2, bits).ok_or_else(unsupported)?, k2)
        }
        _ => return Err(unsupported()),
    })
}

/// [`cast_kind`] between integer types of at most 64 bits on `i64`
/// registers (sign-extended values, as [`int_binary_i64`]); `None` for a
/// cast that is not integer to integer. Tested equal to [`cast_kind`].
#[inline]
pub fn int_cast_i64(kind: Cast, v: i64, from: u32, to: u32) -> Option<i64> {
    let zext = |v: i64| {
        if from >= 64 {
            v
        } else {
            v & ((1i64 << from) - 1)
        }
    };
    match kind {
        Cast::ExtSI | Cast::IndexCast => Some(sext_i64(sext_i64(v, from), to)),
        Cast::ExtUI | Cast::TruncI | Cast::IndexCastUI | Cast::Bitcast => {
            Some(sext_i64(zext(v), to))
        }
        _ => None,
    }
}

/// `arith.scaling_extf` / `arith.scaling_truncf`: `x * scale`, rounded to `to`.
pub fn scale(x: f64, scale: f64, to: FloatKind) -> f64 {
    round_to(to, x * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit fast path against the definition: every 8-bit pair and
    /// every op, and edge values at 16, 32 and 64 bits.
    #[test]
    fn i64_fast_path_matches_the_definition() {
        use IntBinary::*;
        let kinds = [
            Add, Sub, Mul, And, Or, XOr, DivUI, RemUI, CeilDivUI, DivSI, RemSI, CeilDivSI,
            FloorDivSI, ShL, ShRU, ShRS, MinSI, MaxSI, MinUI, MaxUI,
        ];
        let check = |k: IntBinary, a: i64, b: i64, w: u32| {
            let want = int_binary_kind(k, mask(a as u128, w), mask(b as u128, w), w)
                .map(|r| sext(r, w) as i64);
            assert_eq!(int_binary_i64(k, a, b, w), want, "{k:?} {a} {b} i{w}");
        };
        for k in kinds {
            for a in -128i64..128 {
                for b in -128i64..128 {
                    check(k, a, b, 8);
                }
            }
            for w in [1u32, 16, 32, 64] {
                let edges: Vec<i64> = [0i64, 1, -1, 2, 3, -7, i64::MAX, i64::MIN, 0x7fff, -0x8000]
                    .iter()
                    .chain(&[0x7fff_ffff, -0x8000_0000, 0x1234_5678_9abc_def0])
                    .map(|&v| sext_i64(v, w))
                    .collect();
                for &a in &edges {
                    for &b in &edges {
                        check(k, a, b, w);
                    }
                }
            }
        }
    }

    /// The 64-bit integer casts against the definition.
    #[test]
    fn i64_int_casts_match_the_definition() {
        use Cast::*;
        let widths = [1u32, 8, 16, 32, 64];
        for kind in [ExtSI, ExtUI, TruncI, IndexCast, IndexCastUI, Bitcast] {
            for from in widths {
                for to in widths {
                    let values = (-300i64..300).chain([i64::MIN, i64::MAX, 0x1234_5678_9abc_def0]);
                    for v in values.map(|v| sext_i64(v, from)) {
                        let want = cast_kind(
                            kind,
                            Scalar::Int(mask(v as u128, from), from),
                            ScalarType::Int(to),
                        )
                        .ok()
                        .map(|r| match r {
                            Scalar::Int(bits, w) => sext(bits, w) as i64,
                            Scalar::Float(..) => unreachable!(),
                        });
                        let legal = match kind {
                            ExtSI | ExtUI => to > from,
                            TruncI => to < from,
                            Bitcast => to == from,
                            _ => true,
                        };
                        if legal {
                            assert_eq!(
                                int_cast_i64(kind, v, from, to),
                                want,
                                "{kind:?} {v} i{from} -> i{to}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Every 8-bit pair against Rust's own wrapping arithmetic.
    #[test]
    fn eight_bit_integer_ops_exhaustively() {
        for a in 0u128..256 {
            for b in 0u128..256 {
                let (x, y) = (a as u8, b as u8);
                let (sx, sy) = (x as i8, y as i8);
                let check = |op: &str, expected: Option<u8>| {
                    let got = int_binary(op, a, b, 8).ok().map(|v| v as u8);
                    assert_eq!(got, expected, "{op} {a} {b}");
                };
                check("arith.addi", Some(x.wrapping_add(y)));
                check("arith.subi", Some(x.wrapping_sub(y)));
                check("arith.muli", Some(x.wrapping_mul(y)));
                check("arith.andi", Some(x & y));
                check("arith.ori", Some(x | y));
                check("arith.xori", Some(x ^ y));
                check("arith.divui", x.checked_div(y));
                check("arith.remui", x.checked_rem(y));
                check(
                    "arith.ceildivui",
                    (y != 0).then(|| x / y + u8::from(x % y != 0)),
                );
                check("arith.divsi", sx.checked_div(sy).map(|v| v as u8));
                check("arith.remsi", (sy != 0).then(|| sx.wrapping_rem(sy) as u8));
                check(
                    "arith.floordivsi",
                    sx.checked_div(sy)
                        .map(|_| (sx as f64 / sy as f64).floor() as i8 as u8),
                );
                check(
                    "arith.ceildivsi",
                    sx.checked_div(sy)
                        .map(|_| (sx as f64 / sy as f64).ceil() as i8 as u8),
                );
                check("arith.shli", Some(if y >= 8 { 0 } else { x << y }));
                check("arith.shrui", Some(if y >= 8 { 0 } else { x >> y }));
                check(
                    "arith.shrsi",
                    Some(if y >= 8 {
                        (sx >> 7) as u8
                    } else {
                        (sx >> y) as u8
                    }),
                );
                check("arith.minsi", Some(sx.min(sy) as u8));
                check("arith.maxsi", Some(sx.max(sy) as u8));
                check("arith.minui", Some(x.min(y)));
                check("arith.maxui", Some(x.max(y)));
                let (sum, carry) = addui_extended(a, b, 8);
                assert_eq!((sum as u8, carry), x.overflowing_add(y));
                let (lo, hi) = mul_extended(a, b, 8, true).unwrap();
                let p = sx as i16 * sy as i16;
                assert_eq!((lo as u8, hi as u8), (p as u8, (p >> 8) as u8));
                let (lo, hi) = mul_extended(a, b, 8, false).unwrap();
                let p = x as u16 * y as u16;
                assert_eq!((lo as u8, hi as u8), (p as u8, (p >> 8) as u8));
                let preds = [
                    x == y,
                    x != y,
                    sx < sy,
                    sx <= sy,
                    sx > sy,
                    sx >= sy,
                    x < y,
                    x <= y,
                    x > y,
                    x >= y,
                ];
                for (p, expected) in preds.iter().enumerate() {
                    assert_eq!(cmpi(p as i64, a, b, 8).unwrap(), *expected);
                }
            }
        }
    }

    #[test]
    fn wide_integers_wrap() {
        let max = u64::MAX as u128;
        assert_eq!(int_binary("arith.addi", max, 1, 64).unwrap(), 0);
        assert_eq!(
            int_binary("arith.muli", u128::MAX, u128::MAX, 128).unwrap(),
            1
        );
        assert_eq!(
            int_binary("arith.divsi", 1u128 << 63, max, 64),
            Err(SemanticsError::SignedDivisionOverflow)
        );
        assert_eq!(
            int_binary("arith.divsi", 1u128 << 127, u128::MAX, 128),
            Err(SemanticsError::SignedDivisionOverflow)
        );
        assert_eq!(
            int_binary("arith.remsi", 1u128 << 127, u128::MAX, 128).unwrap(),
            0
        );
        assert_eq!(int_binary("arith.addi", 1, 1, 1).unwrap(), 0);
        assert_eq!(
            int_binary("arith.divui", 5, 0, 32),
            Err(SemanticsError::DivisionByZero)
        );
        // i17: a width with no Rust type.
        assert_eq!(int_binary("arith.subi", 0, 1, 17).unwrap(), (1 << 17) - 1);
        assert_eq!(sext((1 << 17) - 1, 17), -1);
    }

    #[test]
    fn casts_match_rust() {
        for v in [
            0i64,
            1,
            -1,
            127,
            -128,
            300,
            -300,
            i64::MAX,
            i64::MIN,
            1 << 40,
        ] {
            let bits = v as u64 as u128;
            assert_eq!(
                cast("arith.trunci", Scalar::Int(bits, 64), ScalarType::Int(8)).unwrap(),
                Scalar::Int(v as u8 as u128, 8)
            );
            let narrow = v as i16;
            assert_eq!(
                cast(
                    "arith.extsi",
                    Scalar::Int(narrow as u16 as u128, 16),
                    ScalarType::Int(64)
                )
                .unwrap(),
                Scalar::Int(narrow as i64 as u64 as u128, 64)
            );
            assert_eq!(
                cast(
                    "arith.extui",
                    Scalar::Int(narrow as u16 as u128, 16),
                    ScalarType::Int(64)
                )
                .unwrap(),
                Scalar::Int(narrow as u16 as u128, 64)
            );
            assert_eq!(
                cast(
                    "arith.sitofp",
                    Scalar::Int(bits, 64),
                    ScalarType::Float(FloatKind::F32)
                )
                .unwrap(),
                Scalar::Float(v as f32 as f64, FloatKind::F32)
            );
            assert_eq!(
                cast(
                    "arith.uitofp",
                    Scalar::Int(bits, 64),
                    ScalarType::Float(FloatKind::F64)
                )
                .unwrap(),
                Scalar::Float(v as u64 as f64, FloatKind::F64)
            );
        }
        for f in [
            0.0f32,
            -0.5,
            1.5,
            -1.5,
            1e10,
            -1e10,
            f32::NAN,
            f32::INFINITY,
        ] {
            let x = Scalar::Float(f as f64, FloatKind::F32);
            assert_eq!(
                cast("arith.fptosi", x, ScalarType::Int(32)).unwrap(),
                Scalar::Int(f as i32 as u32 as u128, 32)
            );
            assert_eq!(
                cast("arith.fptoui", x, ScalarType::Int(16)).unwrap(),
                Scalar::Int(f as u16 as u128, 16)
            );
            assert_eq!(
                cast("arith.bitcast", x, ScalarType::Int(32)).unwrap(),
                Scalar::Int(f.to_bits() as u128, 32)
            );
        }
        let third = 1.0f64 / 3.0;
        assert_eq!(
            cast(
                "arith.truncf",
                Scalar::Float(third, FloatKind::F64),
                ScalarType::Float(FloatKind::F16)
            )
            .unwrap(),
            Scalar::Float(half::f16::from_f64(third).to_f64(), FloatKind::F16)
        );
    }

    /// f16 and bf16 rounding: every pattern round-trips, every midpoint
    /// between neighbours ties to even and any f64 above or below it goes
    /// to the nearer neighbour, overflow gives infinity.
    #[test]
    fn narrow_formats_round_to_nearest_even() {
        for (m, e) in [(10, 5), (7, 8)] {
            let inf = ((1u64 << e) - 1) << m;
            for b in 0..1u64 << (m + e + 1) {
                let x = narrow_to_f64(b, m, e);
                let back = narrow_from_f64(x, m, e);
                let quiet = if (b & inf) == inf && b & ((1 << m) - 1) != 0 {
                    b | (1 << (m - 1))
                } else {
                    b
                };
                assert_eq!(back, quiet, "{b:#x} ({m}, {e})");
            }
            for b in 0..inf {
                let (lo, hi) = (narrow_to_f64(b, m, e), narrow_to_f64(b + 1, m, e));
                let mid = if b + 1 == inf {
                    // Half an ulp above the largest finite value.
                    lo + (lo - narrow_to_f64(b - 1, m, e)) / 2.0
                } else {
                    (lo + hi) / 2.0
                };
                let even = if b & 1 == 0 { b } else { b + 1 };
                assert_eq!(narrow_from_f64(mid, m, e), even, "{b:#x}");
                assert_eq!(narrow_from_f64(-mid, m, e), even | (1 << (m + e)));
                let above = f64::from_bits(mid.to_bits() + 1);
                let below = f64::from_bits(mid.to_bits() - 1);
                assert_eq!(narrow_from_f64(above, m, e), b + 1, "{b:#x}");
                assert_eq!(narrow_from_f64(below, m, e), b, "{b:#x}");
            }
        }
        // The case the half crate's conversion gets wrong: a tie plus 2^-40.
        let x = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        assert_eq!(narrow_from_f64(x, 10, 5), 0x3c01);
        assert_eq!(narrow_from_f64(f64::MIN_POSITIVE / 4.0, 10, 5), 0);
        assert_eq!(narrow_from_f64(-1e300, 7, 8), 0xff80);
    }

    #[test]
    fn float_ops_round_to_their_format() {
        let samples = [
            0.0f32,
            -0.0,
            1.0,
            -2.5,
            0.1,
            3.4e38,
            1e-45,
            f32::NAN,
            f32::INFINITY,
        ];
        for &a in &samples {
            for &b in &samples {
                let f = |op: &str| float_binary(op, a as f64, b as f64, FloatKind::F32).unwrap();
                let same = |x: f64, y: f32| (x.is_nan() && y.is_nan()) || x == y as f64;
                assert!(same(f("arith.addf"), a + b));
                assert!(same(f("arith.subf"), a - b));
                assert!(same(f("arith.mulf"), a * b));
                assert!(same(f("arith.divf"), a / b));
                assert!(same(f("arith.remf"), a % b));
                assert!(same(f("arith.minimumf"), a.minimum_compat(b)));
                assert!(same(f("arith.maxnumf"), a.max(b)) || (a == 0.0 && b == 0.0));
            }
        }
        // f16 addition rounds once.
        let a = half::f16::from_f32(0.1).to_f64();
        let b = half::f16::from_f32(0.2).to_f64();
        assert_eq!(
            float_binary("arith.addf", a, b, FloatKind::F16).unwrap(),
            (half::f16::from_f64(a) + half::f16::from_f64(b)).to_f64()
        );
        assert!(cmpf(11, f64::NAN, 1.0).unwrap()); // ult
        assert!(!cmpf(4, f64::NAN, 1.0).unwrap()); // olt
        assert!(minimum(-0.0, 0.0).is_sign_negative());
        assert!(maximum(-0.0, 0.0).is_sign_positive());
    }

    trait MinimumCompat {
        fn minimum_compat(self, other: Self) -> Self;
    }
    impl MinimumCompat for f32 {
        fn minimum_compat(self, other: f32) -> f32 {
            if self.is_nan() || other.is_nan() {
                f32::NAN
            } else if self == 0.0 && other == 0.0 {
                if self.is_sign_negative() {
                    self
                } else {
                    other
                }
            } else {
                self.min(other)
            }
        }
    }
}
