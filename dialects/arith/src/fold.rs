//! Folders of the arith ops (MLIR's `fold` methods, the common cases):
//! constant operands are evaluated with [`crate::semantics`], element by
//! element for vector and tensor constants; algebraic identities return an
//! existing value; commutative ops move a constant to the right.

use crate::semantics::{self, float_from_bits, float_to_bits, mask, sext, Scalar, ScalarType};
use smallvec::smallvec;
use strata_ir::fold::{FoldOutcome, OpFoldResult};
use strata_ir::{AttrData, Attribute, Context, FloatBits, Ir, OpId, Type, TypeData, Value};

/// A constant as elements: the type it has, its elements (one when splat).
#[derive(Clone, Debug)]
pub struct Elements {
    pub ty: Type,
    pub elems: Vec<Scalar>,
    pub splat: bool,
}

/// The scalar type of a scalar integer/index/float type.
pub fn scalar_type(ctx: &Context, ty: Type) -> Option<ScalarType> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } if *width <= 128 => Some(ScalarType::Int(*width)),
        TypeData::Index => Some(ScalarType::Int(64)),
        TypeData::Float(kind) if semantics::float_supported(*kind) => {
            Some(ScalarType::Float(*kind))
        }
        _ => None,
    }
}

/// A test on a constant's bits at a bit width (e.g. "is all ones").
type WidthPredicate = fn(u128, u32) -> bool;

fn decode_element(ty: ScalarType, bytes: &[u8]) -> Option<Scalar> {
    let mut raw: u128 = 0;
    for (i, b) in bytes.iter().enumerate().take(16) {
        raw |= (*b as u128) << (8 * i);
    }
    Some(match ty {
        ScalarType::Int(w) => Scalar::Int(mask(raw, w), w),
        ScalarType::Float(k) => Scalar::Float(float_from_bits(k, raw)?, k),
    })
}

fn element_bytes(ty: ScalarType) -> usize {
    match ty {
        ScalarType::Int(w) => w.div_ceil(8) as usize,
        ScalarType::Float(k) => k.width().div_ceil(8) as usize,
    }
}

/// Reads an integer, float or dense-elements attribute.
pub fn decode(ctx: &Context, attr: Attribute) -> Option<Elements> {
    match ctx.attr_data(attr) {
        AttrData::Integer { ty, value } => {
            let ScalarType::Int(w) = scalar_type(ctx, *ty)? else {
                return None;
            };
            Some(Elements {
                ty: *ty,
                elems: vec![Scalar::Int(mask(*value as u128, w), w)],
                splat: true,
            })
        }
        AttrData::Float { ty, bits } => {
            let kind = ctx.float_kind(*ty)?;
            Some(Elements {
                ty: *ty,
                elems: vec![Scalar::Float(float_from_bits(kind, bits.0)?, kind)],
                splat: true,
            })
        }
        AttrData::DenseElements { ty, splat, raw } => {
            let et = scalar_type(ctx, ctx.element_type(*ty)?)?;
            let n = element_bytes(et);
            if n == 0 {
                return None;
            }
            let elems = raw
                .chunks(n)
                .map(|c| decode_element(et, c))
                .collect::<Option<Vec<_>>>()?;
            Some(Elements {
                ty: *ty,
                elems,
                splat: *splat,
            })
        }
        _ => None,
    }
}

fn scalar_bits(s: Scalar) -> Option<u128> {
    match s {
        Scalar::Int(v, _) => Some(v),
        Scalar::Float(f, k) => float_to_bits(k, f),
    }
}

/// The attribute for one scalar of type `ty`.
pub fn scalar_attr(ctx: &Context, ty: Type, s: Scalar) -> Option<Attribute> {
    match s {
        Scalar::Int(v, w) => Some(ctx.integer_attr(ty, sext(v, w))),
        Scalar::Float(f, k) => Some(ctx.intern_attr(AttrData::Float {
            ty,
            bits: FloatBits(float_to_bits(k, f)?),
        })),
    }
}

/// Builds the attribute of type `ty` holding `elems` (splat when all equal).
pub fn encode(ctx: &Context, ty: Type, elems: &[Scalar]) -> Option<Attribute> {
    if ctx.element_type(ty).is_none() {
        return scalar_attr(ctx, ty, *elems.first()?);
    }
    let shape = ctx.shape(ty)?;
    if shape.iter().any(|&d| d < 0)
        || !matches!(
            ctx.type_data(ty),
            TypeData::Vector { .. } | TypeData::RankedTensor { .. }
        )
    {
        return None;
    }
    let et = scalar_type(ctx, ctx.element_type(ty)?)?;
    let n = element_bytes(et);
    let bits: Vec<u128> = elems
        .iter()
        .map(|&s| scalar_bits(s))
        .collect::<Option<_>>()?;
    let mut raw = Vec::with_capacity(bits.len() * n);
    for b in &bits {
        raw.extend_from_slice(&b.to_le_bytes()[..n]);
    }
    Some(ctx.dense_elements_attr(ty, n, &raw))
}

/// The splat (or scalar) attribute of `ty` whose every element is `s`: one
/// element is stored however many the type has, so folding splats of
/// `tensor<100000x100000xf32>` allocates nothing of that size.
pub fn encode_splat(ctx: &Context, ty: Type, s: Scalar) -> Option<Attribute> {
    if ctx.element_type(ty).is_none() {
        return scalar_attr(ctx, ty, s);
    }
    if ctx.shape(ty)?.iter().any(|&d| d < 0)
        || !matches!(
            ctx.type_data(ty),
            TypeData::Vector { .. } | TypeData::RankedTensor { .. }
        )
    {
        return None;
    }
    let n = element_bytes(scalar_type(ctx, ctx.element_type(ty)?)?);
    Some(ctx.dense_splat_attr(ty, &scalar_bits(s)?.to_le_bytes()[..n]))
}

/// Applies `f` elementwise over constants of equal shape; the result has type `ty`.
fn map_elements(
    ctx: &Context,
    ty: Type,
    inputs: &[&Elements],
    f: impl Fn(&[Scalar]) -> Option<Scalar>,
) -> Option<Attribute> {
    let all_splat = inputs.iter().all(|e| e.splat);
    let len = if all_splat {
        1
    } else {
        inputs
            .iter()
            .filter(|e| !e.splat)
            .map(|e| e.elems.len())
            .max()?
    };
    let mut out = Vec::with_capacity(len);
    let mut args = Vec::with_capacity(inputs.len());
    for i in 0..len {
        args.clear();
        for e in inputs {
            args.push(if e.splat {
                e.elems[0]
            } else {
                *e.elems.get(i)?
            });
        }
        out.push(f(&args)?);
    }
    if all_splat {
        return encode_splat(ctx, ty, out[0]);
    }
    encode(ctx, ty, &out)
}

fn is_splat_int(e: &Elements, pred: impl Fn(u128, u32) -> bool) -> bool {
    e.splat && matches!(e.elems[0], Scalar::Int(v, w) if pred(v, w))
}

fn result_type(ir: &Ir, op: OpId) -> Type {
    ir.value_type(ir.result(op, 0))
}

/// A splat (or scalar) constant of `ty` holding integer `v`.
fn int_constant(ctx: &Context, ty: Type, v: u128) -> Option<Attribute> {
    let et = ctx.element_type_or_self(ty);
    let ScalarType::Int(w) = scalar_type(ctx, et)? else {
        return None;
    };
    encode_splat(ctx, ty, Scalar::Int(mask(v, w), w))
}

fn attr_result(a: Option<Attribute>) -> FoldOutcome {
    a.map_or(FoldOutcome::Failed, FoldOutcome::attribute)
}

/// An integer splat (or scalar) constant: its bits and width.
fn splat_int(e: &Option<Elements>) -> Option<(u128, u32)> {
    let e = e.as_ref().filter(|e| e.splat)?;
    match e.elems[0] {
        Scalar::Int(v, w) => Some((v, w)),
        Scalar::Float(..) => None,
    }
}

/// A float splat (or scalar) constant.
fn splat_float(e: &Option<Elements>) -> Option<f64> {
    let e = e.as_ref().filter(|e| e.splat)?;
    match e.elems[0] {
        Scalar::Float(f, _) => Some(f),
        Scalar::Int(..) => None,
    }
}

fn is_zero(v: u128, _: u32) -> bool {
    v == 0
}

fn is_one(v: u128, w: u32) -> bool {
    mask(1, w) == v && w > 0
}

fn is_all_ones(v: u128, w: u32) -> bool {
    v == mask(u128::MAX, w)
}

fn is_signed_max(v: u128, w: u32) -> bool {
    w > 0 && v == mask(u128::MAX, w - 1)
}

fn is_signed_min(v: u128, w: u32) -> bool {
    w > 0 && v == 1u128 << (w - 1)
}

/// The fold hook of every arith op: MLIR's `fold` methods with their checks
/// in MLIR's order, then the trait folds MLIR tries when those fail
/// (`Idempotent` for `andi`/`ori`, `CastOpInterface`'s identity cast; the
/// commutative one is `strata_ir::fold::fold_op`'s).
/// The operands' constants a folder may use: MLIR's folders give up on an
/// `IntegerAttr` of another type than the operand's (a `test.constant` of
/// `i64` feeding an `i32` op, say), so such a constant counts as unknown.
fn typed_constants(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> Vec<Option<Elements>> {
    operands
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let e = decode(ctx, (*a)?)?;
            (e.ty == ir.value_type(ir.operand(op, i))).then_some(e)
        })
        .collect()
}

/// `arith.constant`: its value.
pub(crate) fn fold_constant(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    attr_result(ir.attr(ctx, op, "value"))
}

/// The integer binary ops.
pub(crate) fn fold_int_binary(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    let consts = typed_constants(ctx, ir, op, operands);
    int_binary_fold(ctx, ir, op, ctx.op_name_str(ir.op_name(op)), &consts)
}

/// The float binary ops.
pub(crate) fn fold_float_binary(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    let consts = typed_constants(ctx, ir, op, operands);
    float_binary_fold(ctx, ir, op, ctx.op_name_str(ir.op_name(op)), &consts)
}

/// `arith.negf`: `negf(negf(x)) -> x`, constants negated.
pub(crate) fn fold_negf(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    if let Some(inner) = crate::NegFOp::defining(ctx, ir, ir.operand(op, 0)) {
        return FoldOutcome::value(ir.operand(inner.op(), 0));
    }
    let consts = typed_constants(ctx, ir, op, operands);
    let Some(x) = &consts[0] else {
        return FoldOutcome::Failed;
    };
    let ty = result_type(ir, op);
    attr_result(map_elements(ctx, ty, &[x], |a| match a[0] {
        Scalar::Float(f, k) => Some(Scalar::Float(-f, k)),
        _ => None,
    }))
}

pub(crate) fn fold_cmpi(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    let consts = typed_constants(ctx, ir, op, operands);
    cmpi_fold(ctx, ir, op, &consts)
}

pub(crate) fn fold_cmpf(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    let consts = typed_constants(ctx, ir, op, operands);
    cmpf_fold(ctx, ir, op, &consts)
}

pub(crate) fn fold_select(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    let consts = typed_constants(ctx, ir, op, operands);
    select_fold(ctx, ir, op, &consts)
}

/// The casts: their own folds, then `CastOpInterface`'s (a cast to its
/// own type is its operand).
pub(crate) fn fold_cast(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    let consts = typed_constants(ctx, ir, op, operands);
    let own = cast_fold(ctx, ir, op, ctx.op_name_str(ir.op_name(op)), &consts);
    if !matches!(own, FoldOutcome::Failed | FoldOutcome::InPlace) {
        return own;
    }
    let input = ir.operand(op, 0);
    if ir.value_type(input) == result_type(ir, op) {
        return FoldOutcome::value(input);
    }
    own
}

/// `addui_extended`, `mulsi_extended`, `mului_extended`.
pub(crate) fn fold_extended(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operands: &[Option<Attribute>],
) -> FoldOutcome {
    let consts = typed_constants(ctx, ir, op, operands);
    extended_fold(ctx, ir, op, ctx.op_name_str(ir.op_name(op)), &consts)
}

fn extended_fold(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    consts: &[Option<Elements>],
) -> FoldOutcome {
    let ty0 = result_type(ir, op);
    let ty1 = ir.value_type(ir.result(op, 1));
    let rhs = splat_int(&consts[1]);
    let two = |a: OpFoldResult, b: OpFoldResult| FoldOutcome::Results(smallvec![a, b]);
    if rhs.is_some_and(|(v, w)| is_zero(v, w)) {
        // addui_extended(x, 0) -> x, false; mul*_extended(x, 0) -> 0, 0
        let zero = if name == "arith.addui_extended" {
            match int_constant(ctx, ty1, 0) {
                Some(z) => z,
                None => return FoldOutcome::Failed,
            }
        } else {
            match int_constant(ctx, ty0, 0) {
                Some(z) => z,
                None => return FoldOutcome::Failed,
            }
        };
        let first = if name == "arith.addui_extended" {
            OpFoldResult::Value(ir.operand(op, 0))
        } else {
            OpFoldResult::Attribute(zero)
        };
        return two(first, OpFoldResult::Attribute(zero));
    }
    if name == "arith.mului_extended" && rhs.is_some_and(|(v, w)| is_one(v, w)) {
        // mului_extended(x, 1) -> x, 0
        let Some(zero) = int_constant(ctx, ty0, 0) else {
            return FoldOutcome::Failed;
        };
        return two(
            OpFoldResult::Value(ir.operand(op, 0)),
            OpFoldResult::Attribute(zero),
        );
    }
    let (Some(a), Some(b)) = (&consts[0], &consts[1]) else {
        return FoldOutcome::Failed;
    };
    let pair = |x: Scalar, y: Scalar| -> Option<(Scalar, Scalar)> {
        let (Scalar::Int(x, w), Scalar::Int(y, _)) = (x, y) else {
            return None;
        };
        match name {
            "arith.addui_extended" => {
                let (s, o) = semantics::addui_extended(x, y, w);
                Some((Scalar::Int(s, w), Scalar::Int(o as u128, 1)))
            }
            _ => {
                let (lo, hi) =
                    semantics::mul_extended(x, y, w, name == "arith.mulsi_extended").ok()?;
                Some((Scalar::Int(lo, w), Scalar::Int(hi, w)))
            }
        }
    };
    let first = map_elements(ctx, ty0, &[a, b], |v| pair(v[0], v[1]).map(|p| p.0));
    let second = map_elements(ctx, ty1, &[a, b], |v| pair(v[0], v[1]).map(|p| p.1));
    match (first, second) {
        (Some(f), Some(s)) => two(OpFoldResult::Attribute(f), OpFoldResult::Attribute(s)),
        _ => FoldOutcome::Failed,
    }
}

/// The overflow flags of `op` (`nsw` = 1, `nuw` = 2).
pub fn overflow_flags(ctx: &Context, ir: &Ir, op: OpId) -> u64 {
    ir.attr(ctx, op, "overflowFlags")
        .and_then(|a| crate::attrs::OVERFLOW.bits(ctx, a))
        .unwrap_or(0)
}

/// The fast-math flags of `op`.
pub(crate) fn fastmath_flags(ctx: &Context, ir: &Ir, op: OpId) -> u64 {
    ir.attr(ctx, op, "fastmath")
        .and_then(|a| crate::attrs::FASTMATH.bits(ctx, a))
        .unwrap_or(0)
}

/// MLIR's `foldDivMul`: `(a * b) / b -> a` when the multiplication carries
/// `flags` (it cannot have wrapped).
fn fold_div_of_mul(ctx: &Context, ir: &Ir, lhs: Value, rhs: Value, flags: u64) -> Option<Value> {
    let mul = ir.defining_op(lhs)?;
    if ctx.op_name_str(ir.op_name(mul)) != "arith.muli"
        || overflow_flags(ctx, ir, mul) & flags != flags
    {
        return None;
    }
    let (a, b) = (ir.operand(mul, 0), ir.operand(mul, 1));
    if a == rhs {
        Some(b)
    } else if b == rhs {
        Some(a)
    } else {
        None
    }
}

/// The folds of the integer binary ops that do not need both operands constant.
fn int_binary_identity(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    consts: &[Option<Elements>],
) -> Option<FoldOutcome> {
    let ty = result_type(ir, op);
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    let r = splat_int(&consts[1]);
    let rhs_is = |pred: fn(u128, u32) -> bool| r.is_some_and(|(v, w)| pred(v, w));
    let value = |v: Value| Some(FoldOutcome::value(v));
    let zero = || int_constant(ctx, ty, 0).map(FoldOutcome::attribute);
    match name {
        "arith.addi" => {
            if rhs_is(is_zero) {
                return value(lhs);
            }
            // addi(subi(a, b), b) -> a, addi(b, subi(a, b)) -> a
            if let Some((a, b)) = binary_operands(ctx, ir, lhs, "arith.subi") {
                if b == rhs {
                    return value(a);
                }
            }
            if let Some((a, b)) = binary_operands(ctx, ir, rhs, "arith.subi") {
                if b == lhs {
                    return value(a);
                }
            }
            None
        }
        "arith.subi" => {
            if lhs == rhs {
                if let Some(z) = zero() {
                    return Some(z);
                }
            }
            if rhs_is(is_zero) {
                return value(lhs);
            }
            // subi(addi(a, b), b) -> a, subi(addi(a, b), a) -> b
            if let Some((a, b)) = binary_operands(ctx, ir, lhs, "arith.addi") {
                if rhs == b {
                    return value(a);
                }
                if rhs == a {
                    return value(b);
                }
            }
            None
        }
        "arith.muli" if rhs_is(is_zero) => value(rhs),
        "arith.muli" if rhs_is(is_one) => value(lhs),
        "arith.divui" | "arith.divsi" | "arith.ceildivui" | "arith.ceildivsi"
        | "arith.floordivsi"
            if rhs_is(is_one) =>
        {
            value(lhs)
        }
        "arith.divui" => fold_div_of_mul(ctx, ir, lhs, rhs, 2).map(FoldOutcome::value),
        "arith.divsi" => fold_div_of_mul(ctx, ir, lhs, rhs, 1).map(FoldOutcome::value),
        "arith.remui" | "arith.remsi" if rhs_is(is_one) => zero(),
        "arith.andi" => {
            if rhs_is(is_zero) {
                return value(rhs);
            }
            if rhs_is(is_all_ones) {
                return value(lhs);
            }
            // and(x, not(x)) -> 0, and(not(x), x) -> 0
            if not_of(ctx, ir, rhs) == Some(lhs) || not_of(ctx, ir, lhs) == Some(rhs) {
                return zero();
            }
            // and(a, and(a, b)) -> and(a, b) (either side, either order)
            for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
                if let Some((a, b)) = binary_operands(ctx, ir, prev, "arith.andi") {
                    if other == a || other == b {
                        return value(prev);
                    }
                }
            }
            None
        }
        "arith.ori" => {
            if rhs_is(is_zero) {
                return value(lhs);
            }
            if rhs_is(is_all_ones) {
                return value(rhs);
            }
            // or(x, xor(x, -1)) -> -1 (the xor's constant), either order
            for (x, n) in [(lhs, rhs), (rhs, lhs)] {
                if not_of(ctx, ir, n) == Some(x) {
                    return value(ir.operand(ir.defining_op(n).expect("xori"), 1));
                }
            }
            None
        }
        "arith.xori" => {
            if rhs_is(is_zero) {
                return value(lhs);
            }
            if lhs == rhs {
                return zero();
            }
            fold_xor_of_xor(ctx, ir, lhs, rhs).map(FoldOutcome::value)
        }
        "arith.shli" | "arith.shrui" | "arith.shrsi" if rhs_is(is_zero) => value(lhs),
        "arith.maxsi" | "arith.maxui" | "arith.minsi" | "arith.minui" => {
            if lhs == rhs {
                return value(rhs);
            }
            // The bound that absorbs, and the one that is neutral.
            let (absorbing, neutral): (WidthPredicate, WidthPredicate) = match name {
                "arith.maxsi" => (is_signed_max, is_signed_min),
                "arith.maxui" => (is_all_ones, is_zero),
                "arith.minsi" => (is_signed_min, is_signed_max),
                _ => (is_zero, is_all_ones),
            };
            if rhs_is(absorbing) {
                return value(rhs);
            }
            if rhs_is(neutral) {
                return value(lhs);
            }
            None
        }
        _ => None,
    }
}

fn int_binary_fold(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    consts: &[Option<Elements>],
) -> FoldOutcome {
    if let Some(outcome) = int_binary_identity(ctx, ir, op, name, consts) {
        return outcome;
    }
    let ty = result_type(ir, op);
    if let (Some(a), Some(b)) = (&consts[0], &consts[1]) {
        // Shifts by the bit width or more are poison: left alone, as MLIR does.
        let shift = matches!(name, "arith.shli" | "arith.shrui" | "arith.shrsi");
        let folded = map_elements(ctx, ty, &[a, b], |v| {
            let (Scalar::Int(x, w), Scalar::Int(y, _)) = (v[0], v[1]) else {
                return None;
            };
            if shift && y >= w as u128 {
                return None;
            }
            semantics::int_binary(name, x, y, w)
                .ok()
                .map(|r| Scalar::Int(r, w))
        });
        if let Some(attr) = folded {
            return FoldOutcome::attribute(attr);
        }
    }
    // The Idempotent trait of andi/ori.
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if matches!(name, "arith.andi" | "arith.ori") && lhs == rhs {
        return FoldOutcome::value(lhs);
    }
    FoldOutcome::Failed
}

/// The operands of `v`'s defining op when it is `name`.
pub(crate) fn binary_operands(
    ctx: &Context,
    ir: &Ir,
    v: Value,
    name: &str,
) -> Option<(Value, Value)> {
    let def = ir.defining_op(v)?;
    (ctx.op_name_str(ir.op_name(def)) == name && ir.num_operands(def) == 2)
        .then(|| (ir.operand(def, 0), ir.operand(def, 1)))
}

/// `x` when `v` is `arith.xori x, <all ones>` (MLIR's `not` idiom).
fn not_of(ctx: &Context, ir: &Ir, v: Value) -> Option<Value> {
    let (x, c) = binary_operands(ctx, ir, v, "arith.xori")?;
    let e = strata_ir::fold::constant_of_value(ctx, ir, c).and_then(|a| decode(ctx, a))?;
    is_splat_int(&e, |v, w| v == mask(u128::MAX, w)).then_some(x)
}

/// MLIR's `XOrIOp::fold`: `xor(xor(x, a), a)`, `xor(xor(a, x), a)`,
/// `xor(a, xor(x, a))`, `xor(a, xor(a, x))` all give `x`.
fn fold_xor_of_xor(ctx: &Context, ir: &Ir, lhs: Value, rhs: Value) -> Option<Value> {
    if let Some((x, y)) = binary_operands(ctx, ir, lhs, "arith.xori") {
        if y == rhs {
            return Some(x);
        }
        if x == rhs {
            return Some(y);
        }
    }
    if let Some((x, y)) = binary_operands(ctx, ir, rhs, "arith.xori") {
        if y == lhs {
            return Some(x);
        }
        if x == lhs {
            return Some(y);
        }
    }
    None
}

/// Fast-math `nnan` and `nsz`.
const NNAN_NSZ: u64 = 2 | 8;

fn float_binary_fold(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
    consts: &[Option<Elements>],
) -> FoldOutcome {
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    let r = splat_float(&consts[1]);
    let rhs_is = |pred: &dyn Fn(f64) -> bool| r.is_some_and(pred);
    let identity = match name {
        // x + -0.0 = x, x - 0.0 = x (exact for every x, NaN included).
        "arith.addf" if rhs_is(&|f| f == 0.0 && f.is_sign_negative()) => Some(lhs),
        "arith.subf" if rhs_is(&|f| f == 0.0 && f.is_sign_positive()) => Some(lhs),
        "arith.mulf" | "arith.divf" if rhs_is(&|f| f == 1.0) => Some(lhs),
        // x * 0 = 0 when NaN and the sign of zero may be ignored.
        "arith.mulf"
            if rhs_is(&|f| f == 0.0) && fastmath_flags(ctx, ir, op) & NNAN_NSZ == NNAN_NSZ =>
        {
            Some(rhs)
        }
        "arith.minimumf" | "arith.maximumf" | "arith.minnumf" | "arith.maxnumf" if lhs == rhs => {
            Some(rhs)
        }
        "arith.maximumf" if rhs_is(&|f| f == f64::NEG_INFINITY) => Some(lhs),
        "arith.minimumf" if rhs_is(&|f| f == f64::INFINITY) => Some(lhs),
        "arith.maxnumf" | "arith.minnumf" if rhs_is(&|f| f.is_nan()) => Some(lhs),
        _ => None,
    };
    if let Some(v) = identity {
        return FoldOutcome::value(v);
    }
    let ty = result_type(ir, op);
    if let (Some(a), Some(b)) = (&consts[0], &consts[1]) {
        return attr_result(map_elements(ctx, ty, &[a, b], |v| {
            let (Scalar::Float(x, k), Scalar::Float(y, _)) = (v[0], v[1]) else {
                return None;
            };
            semantics::float_binary(name, x, y, k)
                .ok()
                .map(|r| Scalar::Float(r, k))
        }));
    }
    FoldOutcome::Failed
}

fn predicate(ctx: &Context, ir: &Ir, op: OpId) -> Option<i64> {
    ir.attr(ctx, op, "predicate")
        .and_then(|a| ctx.integer_value(a))
        .map(|p| p as i64)
}

/// The `cmpi` predicate comparing the operands swapped (`slt` <-> `sgt`, ...).
pub(crate) fn swap_cmpi(p: i64) -> i64 {
    [0, 1, 4, 5, 2, 3, 8, 9, 6, 7][p as usize]
}

/// The element width of an integer or vector-of-integer type (MLIR's
/// `getIntegerWidth`; tensors have none).
fn integer_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Vector { element, .. } => ctx.integer_width(*element),
        _ => None,
    }
}

fn cmpi_fold(ctx: &Context, ir: &mut Ir, op: OpId, consts: &[Option<Elements>]) -> FoldOutcome {
    let ty = result_type(ir, op);
    let Some(pred) = predicate(ctx, ir, op).filter(|p| (0..10).contains(p)) else {
        return FoldOutcome::Failed;
    };
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if lhs == rhs {
        // eq, sle, sge, ule, uge hold for equal operands; the others do not.
        let holds = matches!(pred, 0 | 3 | 5 | 7 | 9);
        return attr_result(int_constant(ctx, ty, holds as u128));
    }
    let r = splat_int(&consts[1]);
    let lhs_is_i1 = ctx.element_type_or_self(ir.value_type(lhs)) == ctx.signless(1);
    if pred == 1 && r.is_some_and(|(v, w)| is_zero(v, w)) {
        // ext(%x : i1) != 0 -> %x
        if let Some(ext) = ir.defining_op(lhs) {
            if matches!(
                ctx.op_name_str(ir.op_name(ext)),
                "arith.extsi" | "arith.extui"
            ) {
                let src = ir.operand(ext, 0);
                if integer_width(ctx, ir.value_type(src)) == Some(1) {
                    return FoldOutcome::value(src);
                }
            }
        }
        // %x != 0 -> %x for i1
        if lhs_is_i1 {
            return FoldOutcome::value(lhs);
        }
    }
    // %x == 1 -> %x for i1
    if pred == 0 && lhs_is_i1 && r.is_some_and(|(v, w)| is_one(v, w)) {
        return FoldOutcome::value(lhs);
    }
    match (&consts[0], &consts[1]) {
        // Constants go to the right, the predicate swapped.
        (Some(_), None) => {
            ir.set_property(
                ctx,
                op,
                "predicate",
                Some(ctx.integer_attr(ctx.signless(64), swap_cmpi(pred) as i128)),
            );
            ir.set_operand(op, 0, rhs);
            ir.set_operand(op, 1, lhs);
            FoldOutcome::InPlace
        }
        (Some(a), Some(b)) => attr_result(map_elements(ctx, ty, &[a, b], |v| {
            let (Scalar::Int(x, w), Scalar::Int(y, _)) = (v[0], v[1]) else {
                return None;
            };
            let holds = semantics::cmpi(pred, x, y, w).ok()?;
            Some(Scalar::Int(holds as u128, 1))
        })),
        _ => FoldOutcome::Failed,
    }
}

/// MLIR's `CmpFOp::fold`: scalar constants only; one NaN operand decides.
fn cmpf_fold(ctx: &Context, ir: &Ir, op: OpId, consts: &[Option<Elements>]) -> FoldOutcome {
    let Some(pred) = predicate(ctx, ir, op) else {
        return FoldOutcome::Failed;
    };
    let scalar = |e: &Option<Elements>| {
        e.as_ref()
            .filter(|e| ctx.element_type(e.ty).is_none())
            .and_then(|_| splat_float(e))
    };
    let (mut a, mut b) = (scalar(&consts[0]), scalar(&consts[1]));
    if a.is_some_and(f64::is_nan) {
        b = a;
    }
    if b.is_some_and(f64::is_nan) {
        a = b;
    }
    let (Some(a), Some(b)) = (a, b) else {
        return FoldOutcome::Failed;
    };
    match semantics::cmpf(pred, a, b) {
        Ok(holds) => FoldOutcome::attribute(ctx.bool_attr(holds)),
        Err(_) => FoldOutcome::Failed,
    }
}

fn select_fold(ctx: &Context, ir: &Ir, op: OpId, consts: &[Option<Elements>]) -> FoldOutcome {
    let (c, t, f) = (ir.operand(op, 0), ir.operand(op, 1), ir.operand(op, 2));
    if t == f {
        return FoldOutcome::value(t);
    }
    if let Some((v, _)) = splat_int(&consts[0]) {
        return FoldOutcome::value(if v != 0 { t } else { f });
    }
    // select(c, true, false) -> c for i1 results.
    let ty = result_type(ir, op);
    let splat_is = |e: &Option<Elements>, want: u128| splat_int(e).is_some_and(|(v, _)| v == want);
    if ty == ctx.signless(1) && splat_is(&consts[1], 1) && splat_is(&consts[2], 0) {
        return FoldOutcome::value(c);
    }
    // select(cmpi eq/ne a, b; a; b) -> b / a
    if let Some(cmp) = ir.defining_op(c) {
        if ctx.op_name_str(ir.op_name(cmp)) == "arith.cmpi" {
            let pred = predicate(ctx, ir, cmp);
            if matches!(pred, Some(0 | 1)) {
                let (x, y) = (ir.operand(cmp, 0), ir.operand(cmp, 1));
                if (x == t && y == f) || (y == t && x == f) {
                    return FoldOutcome::value(if pred == Some(1) { t } else { f });
                }
            }
        }
    }
    // A constant vector condition over constant vectors.
    let shaped = |i: usize| {
        consts[i]
            .as_ref()
            .filter(|e| ctx.element_type(e.ty).is_some())
    };
    if let (Some(cond), Some(a), Some(b)) = (shaped(0), shaped(1), shaped(2)) {
        return attr_result(map_elements(ctx, ty, &[cond, a, b], |v| match v[0] {
            Scalar::Int(c, _) => Some(if c != 0 { v[1] } else { v[2] }),
            _ => None,
        }));
    }
    FoldOutcome::Failed
}

/// The width, smallest and largest exponent of a float format, for
/// `APFloat::isRepresentableBy`.
fn float_semantics(kind: strata_ir::FloatKind) -> Option<(u32, i32, i32)> {
    use strata_ir::FloatKind as K;
    Some(match kind {
        K::F16 => (11, -14, 15),
        K::BF16 => (8, -126, 127),
        K::F32 => (24, -126, 127),
        K::F64 => (53, -1022, 1023),
        _ => return None,
    })
}

/// Whether every value of `a` is a value of `b`.
fn representable_by(a: strata_ir::FloatKind, b: strata_ir::FloatKind) -> bool {
    match (float_semantics(a), float_semantics(b)) {
        (Some((pa, mina, maxa)), Some((pb, minb, maxb))) => {
            pa <= pb && maxa <= maxb && mina >= minb && mina - pa as i32 >= minb - pb as i32
        }
        _ => false,
    }
}

/// Whether `x` converts to an integer of `width` bits without MLIR's
/// `opInvalidOp` (NaN, infinities, out of range after truncation).
fn fits_integer(x: f64, width: u32, signed: bool) -> bool {
    if !x.is_finite() {
        return false;
    }
    let t = x.trunc();
    if width == 0 {
        return t == 0.0;
    }
    let (lo, hi) = if signed {
        (-(2f64.powi(width as i32 - 1)), 2f64.powi(width as i32 - 1))
    } else {
        (0.0, 2f64.powi(width as i32))
    };
    t >= lo && t < hi
}

/// The element width of an index-cast operand: index counts as 64 bits.
fn index_cast_width(ctx: &Context, ty: Type) -> u32 {
    ctx.integer_width(ctx.element_type_or_self(ty))
        .unwrap_or(64)
}

fn cast_fold(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    name: &str,
    consts: &[Option<Elements>],
) -> FoldOutcome {
    let ty = result_type(ir, op);
    let input = ir.operand(op, 0);
    let inner = ir.defining_op(input).filter(|&i| ir.num_operands(i) > 0);
    let inner_name = inner.map_or("", |i| ctx.op_name_str(ir.op_name(i)));
    let source = inner.map(|i| ir.operand(i, 0));
    let elem = |ty: Type| ctx.element_type_or_self(ty);
    match (name, inner_name, source) {
        // ext(ext(x)) -> ext(x) of the same kind, in place.
        ("arith.extsi", "arith.extsi", Some(src)) | ("arith.extui", "arith.extui", Some(src)) => {
            ir.set_operand(op, 0, src);
            return FoldOutcome::InPlace;
        }
        // extf(truncf(x)) -> x when both allow contraction.
        ("arith.extf", "arith.truncf", Some(src)) if ir.value_type(src) == ty => {
            const CONTRACT: u64 = 32;
            let trunc = inner.expect("truncf");
            if fastmath_flags(ctx, ir, trunc) & CONTRACT != 0
                && fastmath_flags(ctx, ir, op) & CONTRACT != 0
            {
                return FoldOutcome::value(src);
            }
        }
        // trunci(ext(x)) -> trunci(x) when x is wider, x when it has the type.
        ("arith.trunci", "arith.extsi" | "arith.extui", Some(src)) => {
            let (sw, dw) = (
                ctx.integer_width(elem(ir.value_type(src))),
                ctx.integer_width(elem(ty)),
            );
            if sw > dw {
                ir.set_operand(op, 0, src);
                return FoldOutcome::InPlace;
            }
            if elem(ir.value_type(src)) == elem(ty) {
                return FoldOutcome::value(src);
            }
        }
        // trunci(trunci(x)) -> trunci(x).
        ("arith.trunci", "arith.trunci", Some(src)) => {
            ir.set_operand(op, 0, src);
            return FoldOutcome::InPlace;
        }
        // truncf(extf(x)) -> truncf(x) / x when the extension was exact.
        ("arith.truncf", "arith.extf", Some(src)) => {
            let (s, m, d) = (
                ctx.float_kind(elem(ir.value_type(src))),
                ctx.float_kind(elem(ir.value_type(input))),
                ctx.float_kind(elem(ty)),
            );
            if let (Some(s), Some(m), Some(d)) = (s, m, d) {
                if representable_by(s, m) {
                    if s.width() > d.width() {
                        ir.set_operand(op, 0, src);
                        return FoldOutcome::InPlace;
                    }
                    if s == d {
                        return FoldOutcome::value(src);
                    }
                }
            }
        }
        _ => {}
    }
    if let Some(x) = &consts[0] {
        let Some(to) = scalar_type(ctx, elem(ty)) else {
            return FoldOutcome::Failed;
        };
        let folded = map_elements(ctx, ty, &[x], |v| {
            let r = semantics::cast(name, v[0], to).ok()?;
            match (name, v[0], r) {
                // Only exact float conversions fold.
                ("arith.extf" | "arith.truncf", Scalar::Float(a, _), Scalar::Float(b, _)) => {
                    (a == b || (a.is_nan() && b.is_nan())).then_some(r)
                }
                ("arith.fptosi" | "arith.fptoui", Scalar::Float(a, _), Scalar::Int(_, w)) => {
                    fits_integer(a, w, name == "arith.fptosi").then_some(r)
                }
                _ => Some(r),
            }
        });
        if let Some(attr) = folded {
            return FoldOutcome::attribute(attr);
        }
        return FoldOutcome::Failed;
    }
    // index_cast(index_cast(x : A) : B) : A -> x unless B is narrower than A.
    if let ("arith.index_cast", "arith.index_cast", Some(src))
    | ("arith.index_castui", "arith.index_castui", Some(src)) = (name, inner_name, source)
    {
        if ir.value_type(src) == ty
            && index_cast_width(ctx, ir.value_type(input)) >= index_cast_width(ctx, ty)
        {
            return FoldOutcome::value(src);
        }
    }
    FoldOutcome::Failed
}
