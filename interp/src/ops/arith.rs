//! arith: every op, element by element over scalars, vectors and tensors,
//! with the semantics shared with the folders
//! ([`strata_dialect_arith::semantics`]).

use super::elementwise;
use crate::value::scalar_type;
use crate::{Flow, InterpError, InterpResult, Interpreter, Registry, RtValue, Scalar, Shaped};
use strata_dialect_arith::semantics::{self as sem, ScalarType};
use strata_dialect_arith::{
    AddUIExtendedOp, BitcastOp, CmpFOp, CmpIOp, ConstantOp, ExtFOp, ExtSIOp, ExtUIOp, FPToSIOp,
    FPToUIOp, IndexCastOp, IndexCastUIOp, MulSIExtendedOp, MulUIExtendedOp, NegFOp, SIToFPOp,
    ScalingExtFOp, ScalingTruncFOp, SelectOp, TruncFOp, TruncIOp, UIToFPOp,
};
use strata_ir::{Attribute, Context, OpId, Type, TypeData};

pub fn register(registry: &mut Registry) {
    registry.register_op::<ConstantOp>(constant);
    for name in strata_dialect_arith::OP_NAMES.iter().copied() {
        match name {
            ConstantOp::NAME => {}
            NegFOp::NAME => registry.register(name, negf),
            CmpIOp::NAME | CmpFOp::NAME => registry.register(name, compare),
            SelectOp::NAME => registry.register(name, select),
            AddUIExtendedOp::NAME | MulSIExtendedOp::NAME | MulUIExtendedOp::NAME => {
                registry.register(name, extended)
            }
            ScalingExtFOp::NAME | ScalingTruncFOp::NAME => registry.register(name, scaling),
            ExtSIOp::NAME
            | ExtUIOp::NAME
            | TruncIOp::NAME
            | ExtFOp::NAME
            | TruncFOp::NAME
            | SIToFPOp::NAME
            | UIToFPOp::NAME
            | FPToSIOp::NAME
            | FPToUIOp::NAME
            | IndexCastOp::NAME
            | IndexCastUIOp::NAME
            | BitcastOp::NAME => registry.register(name, cast),
            _ => registry.register(name, binary),
        }
    }
}

fn sem_error(e: sem::SemanticsError) -> InterpError {
    InterpError::new(e.to_string())
}

/// The run-time value of a constant attribute of type `ty`.
pub fn value_of_attribute(ctx: &Context, attr: Attribute, ty: Type) -> InterpResult<RtValue> {
    let elements = strata_dialect_arith::fold::decode(ctx, attr).ok_or_else(|| {
        InterpError::new(format!(
            "unsupported constant '{}'",
            strata_ir::asm::printer::attr_to_string(ctx, attr)
        ))
    })?;
    match ctx.type_data(ty) {
        TypeData::Vector { shape, .. } | TypeData::RankedTensor { shape, .. } => {
            let n = crate::value::element_count(shape)
                .ok_or_else(|| InterpError::new("the constant has too many elements"))?;
            let elems = if elements.splat {
                vec![elements.elems[0]; n]
            } else {
                elements.elems
            };
            let shaped = Shaped::new(shape.to_vec(), elems);
            Ok(if matches!(ctx.type_data(ty), TypeData::Vector { .. }) {
                RtValue::Vector(shaped)
            } else {
                RtValue::Tensor(shaped)
            })
        }
        _ => Ok(RtValue::Scalar(elements.elems[0])),
    }
}

fn constant(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let attr = it
        .ir
        .attr(it.ctx, op, "value")
        .ok_or_else(|| it.error(op, "constant without value"))?;
    let ty = it.ir.value_type(it.ir.result(op, 0));
    if let Some(shape) = it.ctx.shape(ty) {
        it.elements_for(op, shape, false)?;
    }
    Ok(Flow::Next(vec![value_of_attribute(it.ctx, attr, ty)?]))
}

fn name(it: &Interpreter, op: OpId) -> &'static str {
    let n = it.ctx.op_name_str(it.ir.op_name(op));
    strata_dialect_arith::OP_NAMES
        .iter()
        .copied()
        .find(|x| *x == n)
        .unwrap_or("?")
}

fn binary(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let name = name(it, op);
    let r = elementwise(args, |v| match (v[0], v[1]) {
        (Scalar::Int(a, w), Scalar::Int(b, _)) => sem::int_binary(name, a, b, w)
            .map(|r| Scalar::Int(r, w))
            .map_err(sem_error),
        (Scalar::Float(a, k), Scalar::Float(b, _)) => sem::float_binary(name, a, b, k)
            .map(|r| Scalar::Float(r, k))
            .map_err(sem_error),
        _ => Err(InterpError::new("mismatched operand kinds")),
    })?;
    Ok(Flow::Next(vec![r]))
}

fn negf(_: &mut Interpreter, _: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let r = elementwise(args, |v| match v[0] {
        Scalar::Float(a, k) => Ok(Scalar::Float(-a, k)),
        _ => Err(InterpError::new("negf of a non-float")),
    })?;
    Ok(Flow::Next(vec![r]))
}

fn predicate(it: &Interpreter, op: OpId) -> i64 {
    it.ir
        .attr(it.ctx, op, "predicate")
        .and_then(|a| it.ctx.integer_value(a))
        .unwrap_or(-1) as i64
}

fn compare(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let p = predicate(it, op);
    let r = elementwise(args, |v| {
        let b = match (v[0], v[1]) {
            (Scalar::Int(a, w), Scalar::Int(b, _)) => sem::cmpi(p, a, b, w),
            (Scalar::Float(a, _), Scalar::Float(b, _)) => sem::cmpf(p, a, b),
            _ => return Err(InterpError::new("mismatched operand kinds")),
        }
        .map_err(sem_error)?;
        Ok(Scalar::Int(b as u128, 1))
    })?;
    Ok(Flow::Next(vec![r]))
}

fn select(_: &mut Interpreter, _: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    // A scalar condition picks a whole value; a shaped one picks per element.
    if let RtValue::Scalar(Scalar::Int(c, _)) = &args[0] {
        return Ok(Flow::Next(vec![if *c != 0 {
            args[1].clone()
        } else {
            args[2].clone()
        }]));
    }
    let r = elementwise(args, |v| match v[0] {
        Scalar::Int(c, _) => Ok(if c != 0 { v[1] } else { v[2] }),
        _ => Err(InterpError::new("select condition is not a boolean")),
    })?;
    Ok(Flow::Next(vec![r]))
}

fn result_element(it: &Interpreter, op: OpId, index: usize) -> InterpResult<ScalarType> {
    let ty = it.ir.value_type(it.ir.result(op, index));
    let e = it.ctx.element_type_or_self(ty);
    scalar_type(it.ctx, e).ok_or_else(|| {
        it.error(
            op,
            format!(
                "unsupported element type '{}'",
                strata_ir::asm::printer::type_to_string(it.ctx, e)
            ),
        )
    })
}

fn cast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let name = name(it, op);
    if let RtValue::MemRef(m) = &args[0] {
        // index_cast / bitcast of memrefs reinterpret the elements of a view.
        let _ = m;
        return Err(it.error(
            op,
            format!("'{name}' on memrefs is not supported by the interpreter"),
        ));
    }
    let to = result_element(it, op, 0)?;
    let r = elementwise(args, |v| sem::cast(name, v[0], to).map_err(sem_error))?;
    Ok(Flow::Next(vec![r]))
}

fn extended(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let name = name(it, op);
    let pair = |v: &[Scalar]| -> InterpResult<(Scalar, Scalar)> {
        let (Scalar::Int(a, w), Scalar::Int(b, _)) = (v[0], v[1]) else {
            return Err(InterpError::new("extended arithmetic on non-integers"));
        };
        if name == AddUIExtendedOp::NAME {
            let (s, o) = sem::addui_extended(a, b, w);
            Ok((Scalar::Int(s, w), Scalar::Int(o as u128, 1)))
        } else {
            let (lo, hi) =
                sem::mul_extended(a, b, w, name == MulSIExtendedOp::NAME).map_err(sem_error)?;
            Ok((Scalar::Int(lo, w), Scalar::Int(hi, w)))
        }
    };
    let first = elementwise(args, |v| pair(v).map(|p| p.0))?;
    let second = elementwise(args, |v| pair(v).map(|p| p.1))?;
    Ok(Flow::Next(vec![first, second]))
}

fn scaling(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let ScalarType::Float(to) = result_element(it, op, 0)? else {
        return Err(it.error(op, "scaling op with a non-float result"));
    };
    let r = elementwise(args, |v| match (v[0], v[1]) {
        (Scalar::Float(x, _), Scalar::Float(s, _)) => Ok(Scalar::Float(sem::scale(x, s, to), to)),
        _ => Err(InterpError::new("scaling op on non-floats")),
    })?;
    Ok(Flow::Next(vec![r]))
}

/// `a <kind> b` for an `arith::AtomicRMWKind` (used by
/// `memref.atomic_rmw` and the reductions of `affine.parallel`).
pub fn atomic_combine(
    kind: strata_dialect_arith::atomic::AtomicRmwKind,
    a: Scalar,
    b: Scalar,
) -> InterpResult<Scalar> {
    match (a, b) {
        (Scalar::Int(a, w), Scalar::Int(b, _)) => kind
            .combine_int(a, b, w)
            .map(|r| Scalar::Int(r, w))
            .map_err(sem_error),
        (Scalar::Float(a, k), Scalar::Float(b, _)) => kind
            .combine_float(a, b, k)
            .map(|r| Scalar::Float(r, k))
            .map_err(sem_error),
        _ => Err(InterpError::new("mismatched operand kinds")),
    }
}
