//! Arguments and results of a run: values described independently of an
//! interpreter ([`Data`]), made from `.npy` files, literals or a seeded
//! random generator, bound to function arguments by type, and printed in
//! MLIR's attribute syntax.

use crate::npy::{self, NpyArray};
use crate::value::{scalar_type, RtValue, Scalar, ScalarType, Shaped};
use crate::Interpreter;
use strata_dialect_arith::semantics::{mask, round_to};
use strata_ir::{Context, FloatKind, Type, TypeData, DYNAMIC};

/// A value outside any interpreter: a scalar, or a shape with elements.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    Scalar(Scalar),
    Shaped { shape: Vec<i64>, elems: Vec<Scalar> },
    Func(String),
}

/// A small, fast, seedable generator (SplitMix64): reproducible inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `[lo, hi]`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % ((hi - lo) as u64 + 1)) as i64
    }
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn type_name(ctx: &Context, ty: Type) -> String {
    strata_ir::asm::printer::type_to_string(ctx, ty)
}

/// Size used for dynamic dimensions of random inputs.
pub const RANDOM_DYNAMIC_SIZE: i64 = 4;

fn element_of(ctx: &Context, ty: Type) -> Result<ScalarType, String> {
    let e = ctx.element_type_or_self(ty);
    scalar_type(ctx, e).ok_or_else(|| {
        format!(
            "unsupported element type '{}'",
            strata_ir::asm::printer::type_to_string(ctx, e)
        )
    })
}

/// Which values random inputs take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Distribution {
    /// Integers in [-8, 8] (i1: 0 or 1), floats uniform in [-1, 1): indices,
    /// trip counts, divisors and shift amounts mostly stay valid, so most
    /// runs get through a program that uses its inputs that way.
    Small,
    /// The whole range of each type: a quarter of the elements are its edge
    /// values (integers 0, ±1, ±2, the minimum and maximum and their
    /// neighbours; floats ±0, ±1, ±infinity, NaN, the largest finite, the
    /// smallest normal and subnormal), a quarter uniform over all bit
    /// patterns, the rest integers uniform over the type and floats of
    /// magnitude 2^-30 to 2^30. This is what finds wrapping, overflow and
    /// special-value bugs that small values never reach.
    Full,
}

/// A random element of `Distribution::Small`.
pub fn random_scalar(ty: ScalarType, rng: &mut Rng) -> Scalar {
    random_scalar_in(ty, Distribution::Small, rng)
}

/// A random element of `ty` drawn from `distribution`.
pub fn random_scalar_in(ty: ScalarType, distribution: Distribution, rng: &mut Rng) -> Scalar {
    match (ty, distribution) {
        (ScalarType::Int(1), _) => Scalar::Int(rng.range(0, 1) as u128, 1),
        (ScalarType::Int(w), Distribution::Small) => {
            Scalar::Int(mask(rng.range(-8, 8) as u128, w), w)
        }
        (ScalarType::Float(k), Distribution::Small) => {
            Scalar::Float(round_to(k, rng.unit() * 2.0 - 1.0), k)
        }
        (ScalarType::Int(w), Distribution::Full) => {
            let bits = |rng: &mut Rng| (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
            let min = 1u128 << (w - 1);
            let value = match rng.range(0, 3) {
                0 => {
                    let edges = [
                        0,
                        1,
                        u128::MAX,
                        2,
                        u128::MAX - 1,
                        min,
                        min - 1,
                        min + 1,
                        min - 2,
                    ];
                    edges[rng.range(0, edges.len() as i64 - 1) as usize]
                }
                _ => bits(rng),
            };
            Scalar::Int(mask(value, w), w)
        }
        (ScalarType::Float(k), Distribution::Full) => Scalar::Float(full_range_float(k, rng), k),
    }
}

/// A float of format `kind` from [`Distribution::Full`].
fn full_range_float(kind: FloatKind, rng: &mut Rng) -> f64 {
    // (mantissa bits, exponent bits) of the IEEE formats whose patterns
    // are drawn directly.
    let ieee = match kind {
        FloatKind::F16 => Some((10, 5)),
        FloatKind::BF16 => Some((7, 8)),
        FloatKind::F32 => Some((23, 8)),
        FloatKind::F64 => Some((52, 11)),
        _ => None,
    };
    let from_bits = |bits: u128| strata_dialect_arith::semantics::float_from_bits(kind, bits);
    let moderate = |rng: &mut Rng| {
        let sign = if rng.range(0, 1) == 0 { 1.0 } else { -1.0 };
        round_to(
            kind,
            sign * (1.0 + rng.unit()) * 2f64.powi(rng.range(-30, 30) as i32),
        )
    };
    match (rng.range(0, 3), ieee) {
        (0, Some((m, e))) => {
            let exponent_ones = ((1u128 << e) - 1) << m;
            let largest = exponent_ones - 1;
            let patterns = [
                0,
                1u128 << (m + e),             // -0
                exponent_ones,                // +inf
                exponent_ones | 1 << (m + e), // -inf
                exponent_ones | 1 << (m - 1), // NaN
                largest,
                largest | 1 << (m + e),
                1u128 << m, // smallest normal
                1,          // smallest subnormal
            ];
            let bits = patterns[rng.range(0, patterns.len() as i64 - 1) as usize];
            if rng.range(0, 4) == 0 {
                [1.0, -1.0][rng.range(0, 1) as usize]
            } else {
                from_bits(bits).unwrap_or(0.0)
            }
        }
        (1, Some((m, e))) => {
            let bits = (rng.next_u64() as u128) & ((1u128 << (m + e + 1)) - 1);
            from_bits(bits).unwrap_or(0.0)
        }
        _ => moderate(rng),
    }
}

/// Random data of `Distribution::Small` for an argument of type `ty`.
pub fn random_data(ctx: &Context, ty: Type, rng: &mut Rng) -> Result<Data, String> {
    random_data_in(ctx, ty, Distribution::Small, rng)
}

/// Random data for an argument of type `ty`, drawn from `distribution`.
pub fn random_data_in(
    ctx: &Context,
    ty: Type,
    distribution: Distribution,
    rng: &mut Rng,
) -> Result<Data, String> {
    let elem = element_of(ctx, ty)?;
    match ctx.shape(ty) {
        Some(shape) => {
            let shape: Vec<i64> = shape
                .iter()
                .map(|&d| {
                    if d == DYNAMIC || d < 0 {
                        RANDOM_DYNAMIC_SIZE
                    } else {
                        d
                    }
                })
                .collect();
            let n = crate::memory_check(&shape, 0, crate::DEFAULT_MAX_MEMORY)
                .map_err(|e| format!("random data of type '{}' {e}", type_name(ctx, ty)))?;
            Ok(Data::Shaped {
                shape,
                elems: (0..n)
                    .map(|_| random_scalar_in(elem, distribution, rng))
                    .collect(),
            })
        }
        None if ctx.element_type(ty).is_some() => {
            Err("unranked arguments are not supported".into())
        }
        None => Ok(Data::Scalar(random_scalar_in(elem, distribution, rng))),
    }
}

/// Data from an `.npy` array for an argument of type `ty` (static
/// dimensions must match; dynamic ones take the file's).
pub fn npy_data(ctx: &Context, ty: Type, array: &NpyArray) -> Result<Data, String> {
    let elem = element_of(ctx, ty)?;
    let elems = npy::to_scalars(array, elem)?;
    match ctx.shape(ty) {
        Some(shape) => {
            if shape.len() != array.shape.len()
                || shape
                    .iter()
                    .zip(&array.shape)
                    .any(|(&d, &a)| d >= 0 && d != a)
            {
                // `?` for a dynamic size, as the type prints it.
                let needed: Vec<String> = shape
                    .iter()
                    .map(|&d| {
                        if d == DYNAMIC {
                            "?".into()
                        } else {
                            d.to_string()
                        }
                    })
                    .collect();
                return Err(format!(
                    "the array has shape {:?}, the argument type '{}' needs [{}]",
                    array.shape,
                    strata_ir::asm::printer::type_to_string(ctx, ty),
                    needed.join(", ")
                ));
            }
            Ok(Data::Shaped {
                shape: array.shape.clone(),
                elems,
            })
        }
        None if elems.len() == 1 => Ok(Data::Scalar(elems[0])),
        None => Err("a scalar argument needs an array of one element".into()),
    }
}

/// A scalar from a literal: `3`, `-2`, `2.5`, `true`, `0x1F`.
pub fn literal_data(ctx: &Context, ty: Type, text: &str) -> Result<Data, String> {
    let elem = element_of(ctx, ty)?;
    if ctx.element_type(ty).is_some() {
        return Err(format!(
            "argument of type '{}' needs an .npy file, not the literal '{text}'",
            strata_ir::asm::printer::type_to_string(ctx, ty)
        ));
    }
    let t = text.trim();
    let s = match elem {
        ScalarType::Int(w) => {
            let v: i128 = match t {
                "true" => 1,
                "false" => 0,
                _ if t.starts_with("0x") => {
                    i128::from_str_radix(&t[2..], 16).map_err(|e| e.to_string())?
                }
                _ => t.parse().map_err(|_| format!("'{t}' is not an integer"))?,
            };
            if !crate::value::int_fits(v, w) {
                return Err(format!("{t} does not fit in i{w}"));
            }
            Scalar::Int(mask(v as u128, w), w)
        }
        ScalarType::Float(k) => {
            let v: f64 = match t {
                "inf" => f64::INFINITY,
                "-inf" => f64::NEG_INFINITY,
                "nan" => f64::NAN,
                _ => t.parse().map_err(|_| format!("'{t}' is not a number"))?,
            };
            Scalar::Float(round_to(k, v), k)
        }
    };
    Ok(Data::Scalar(s))
}

/// The run-time value of `data` for an argument of type `ty` (memrefs are
/// allocated in the interpreter's memory).
pub fn instantiate(it: &mut Interpreter, ty: Type, data: &Data) -> Result<RtValue, String> {
    let ctx = it.ctx;
    Ok(match (ctx.type_data(ty), data) {
        (_, Data::Scalar(s)) => RtValue::Scalar(*s),
        (_, Data::Func(f)) => RtValue::Func(f.clone()),
        (TypeData::MemRef { .. }, Data::Shaped { shape, elems }) => {
            let elem = element_of(ctx, ty)?;
            crate::memory_check(shape, it.memory.live_bytes(), it.max_memory)
                .map_err(|e| format!("a buffer of type '{}' {e}", type_name(ctx, ty)))?;
            RtValue::MemRef(it.memory.allocate_view(shape, elem, Some(elems)))
        }
        (TypeData::Vector { .. }, Data::Shaped { shape, elems }) => {
            RtValue::Vector(Shaped::new(shape.clone(), elems.clone()))
        }
        (_, Data::Shaped { shape, elems }) => {
            RtValue::Tensor(Shaped::new(shape.clone(), elems.clone()))
        }
    })
}

/// Reads a run-time value back into [`Data`] (memrefs: every element).
pub fn extract(it: &Interpreter, value: &RtValue) -> Result<Data, String> {
    Ok(match value {
        RtValue::Scalar(s) => Data::Scalar(*s),
        RtValue::Tensor(s) | RtValue::Vector(s) => Data::Shaped {
            shape: s.shape.clone(),
            elems: s.elems.to_vec(),
        },
        RtValue::MemRef(m) => Data::Shaped {
            shape: m.sizes.clone(),
            elems: it.memory.read_all(m).map_err(|e| e.to_string())?,
        },
        RtValue::Func(f) => Data::Func(f.clone()),
    })
}

/// `data` of type `ty` in MLIR's attribute syntax: `42 : i32`, `true`,
/// `dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>` (memrefs print as
/// the tensor of their elements).
pub fn format_data(ctx: &Context, ty: Type, data: &Data) -> String {
    match data {
        Data::Func(f) => format!("@{f}"),
        Data::Scalar(s) => {
            let scalar_ty = ctx.element_type_or_self(ty);
            match strata_dialect_arith::fold::scalar_attr(ctx, scalar_ty, *s) {
                Some(a) => strata_ir::asm::printer::attr_to_string(ctx, a),
                None => format!("{s:?}"),
            }
        }
        Data::Shaped { shape, elems } => {
            let elem = ctx.element_type_or_self(ty);
            let shaped_ty = match ctx.type_data(ty) {
                TypeData::Vector { .. } => ctx.vector_type(shape, elem),
                _ => ctx.tensor_type(shape, elem),
            };
            // The memref of the data's shape (`memref<i32>` when 0-D).
            let shown = if let TypeData::MemRef { .. } = ctx.type_data(ty) {
                let memref = ctx.memref_type(shape, elem);
                format!(
                    " ({})",
                    strata_ir::asm::printer::type_to_string(ctx, memref)
                )
            } else {
                String::new()
            };
            if elems.is_empty() {
                return format!(
                    "dense<> : {}{shown}",
                    strata_ir::asm::printer::type_to_string(ctx, shaped_ty)
                );
            }
            match strata_dialect_arith::fold::encode(ctx, shaped_ty, elems) {
                Some(a) => strata_ir::asm::printer::attr_to_string(ctx, a) + &shown,
                None => format!("{elems:?}"),
            }
        }
    }
}

/// The bytes of an `.npy` file holding `data` of type `ty`.
pub fn data_to_npy(ctx: &Context, ty: Type, data: &Data) -> Result<Vec<u8>, String> {
    let elem = element_of(ctx, ty)?;
    match data {
        Data::Scalar(s) => npy::write_npy(&[], elem, &[*s]),
        Data::Shaped { shape, elems } => npy::write_npy(shape, elem, elems),
        Data::Func(_) => Err("a function value cannot be written to an .npy file".into()),
    }
}

/// How far a float result may be from its expected value: numpy's
/// `allclose` rule, `|got - expected| <= atol + rtol * |expected|`, with NaN
/// matching NaN. Integers must be equal whatever the tolerance.
#[derive(Copy, Clone, Debug, Default)]
pub struct Tolerance {
    pub atol: f64,
    pub rtol: f64,
}

/// How a result agreed with its expected value.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Agreement {
    pub elements: usize,
    /// The largest `|got - expected|` over float elements (0 for integers).
    pub max_abs_error: f64,
}

/// Compares a result with its expected value: the same shape, integers
/// equal, floats within `tolerance`. The error names the first element that
/// differs (by its index), both values and how many differ.
pub fn compare_data(
    got: &Data,
    expected: &Data,
    tolerance: Tolerance,
) -> Result<Agreement, String> {
    let (got_shape, got_elems, want_shape, want_elems) = match (got, expected) {
        (Data::Scalar(g), Data::Scalar(w)) => (
            &[][..],
            std::slice::from_ref(g),
            &[][..],
            std::slice::from_ref(w),
        ),
        (
            Data::Shaped {
                shape: gs,
                elems: ge,
            },
            Data::Shaped {
                shape: ws,
                elems: we,
            },
        ) => (&gs[..], &ge[..], &ws[..], &we[..]),
        _ => return Err("the result and the expected value are of different kinds".into()),
    };
    if got_shape != want_shape {
        return Err(format!(
            "the result has shape {got_shape:?}, the expected value {want_shape:?}"
        ));
    }
    let shown = |s: &Scalar| match *s {
        Scalar::Int(bits, width) => {
            let signed = strata_dialect_arith::semantics::sext(bits, width);
            if signed < 0 {
                format!("{signed} (unsigned {bits})")
            } else {
                signed.to_string()
            }
        }
        // The shortest text that reads back as the same element.
        Scalar::Float(f, FloatKind::F64) => format!("{f:e}"),
        Scalar::Float(f, _) => format!("{:e}", f as f32),
    };
    let mut first = None;
    let mut differing = 0usize;
    let mut max_abs_error = 0f64;
    for (i, (g, w)) in got_elems.iter().zip(want_elems).enumerate() {
        let same = match (*g, *w) {
            (Scalar::Int(a, _), Scalar::Int(b, _)) => a == b,
            (Scalar::Float(a, _), Scalar::Float(b, _)) if a.is_nan() || b.is_nan() => {
                a.is_nan() && b.is_nan()
            }
            (Scalar::Float(a, _), Scalar::Float(b, _)) => {
                let error = (a - b).abs();
                max_abs_error = max_abs_error.max(error);
                error <= tolerance.atol + tolerance.rtol * b.abs()
            }
            _ => false,
        };
        if !same {
            differing += 1;
            first.get_or_insert(i);
        }
    }
    match first {
        None => Ok(Agreement { elements: got_elems.len(), max_abs_error }),
        Some(i) => Err(format!(
            "element {:?} is {}, expected {} ({differing} of {} elements differ, max abs error {max_abs_error:.3e}, atol {:e}, rtol {:e})",
            unflatten(i, got_shape),
            shown(&got_elems[i]),
            shown(&want_elems[i]),
            got_elems.len(),
            tolerance.atol,
            tolerance.rtol,
        )),
    }
}

/// The multi-dimensional index of row-major element `flat` of `shape`.
fn unflatten(mut flat: usize, shape: &[i64]) -> Vec<usize> {
    let mut index = vec![0; shape.len()];
    for (slot, &d) in index.iter_mut().zip(shape).rev() {
        let d = d.max(1) as usize;
        *slot = flat % d;
        flat /= d;
    }
    index
}

/// Distance in units in the last place between two floats of format `kind`.
pub fn ulp_distance(a: f64, b: f64, kind: FloatKind) -> u64 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    if a.is_nan() || b.is_nan() {
        return u64::MAX;
    }
    let ordered = |x: f64| -> i128 {
        let (bits, width) = match kind {
            FloatKind::F64 => (x.to_bits() as u128, 64),
            FloatKind::F16 => (half::f16::from_f64(x).to_bits() as u128, 16),
            FloatKind::BF16 => (half::bf16::from_f64(x).to_bits() as u128, 16),
            _ => ((x as f32).to_bits() as u128, 32),
        };
        let sign = bits >> (width - 1) & 1 == 1;
        let magnitude = (bits & ((1u128 << (width - 1)) - 1)) as i128;
        if sign {
            -magnitude
        } else {
            magnitude
        }
    };
    (ordered(a) - ordered(b))
        .unsigned_abs()
        .min(u64::MAX as u128) as u64
}
