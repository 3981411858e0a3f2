//! `x86.call` and `x86.addr`, with the verifier that checks a call
//! against the intrinsic table.

use crate::intrinsics::{lookup, Kind};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::{Context, DiagResult, Ir, OpId, Type, TypeData};

strata_ir::define_op! {
    /// Calls the x86 intrinsic `callee` (a row of the intrinsic table) on
    /// its leading immediates `imm` and the operands.
    pub struct CallOp = "x86.call" {
        summary: "x86 intrinsic call",
        operands: [args: variadic(TypeConstraint::Any)],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [
            callee: required(AttrConstraint::String),
            imm: optional(AttrConstraint::DenseI32Array),
        ],
        format: "$callee `(` $args `)` attr-dict `:` functional-type($args, results)",
        verify: verify_call,
    }
}

strata_ir::define_op! {
    /// The address of `base[indices]` (no bounds check: intrinsics read
    /// whole vectors from it).
    pub struct AddrOp = "x86.addr" {
        summary: "element address",
        traits: [PURE],
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        format: "$base `[` $indices `]` attr-dict `:` type($base)",
        verify: verify_addr,
        infer_result_types: infer_addr,
    }
}

strata_ir::dialect_ops!(CallOp, AddrOp);

/// `x86.addr` gives an `!x86.ptr`.
fn infer_addr(ctx: &Context, _: &[Type], _: strata_ir::Attribute) -> DiagResult<Vec<Type>> {
    Ok(vec![crate::ptr_type(ctx)])
}

/// Whether `ty` has kind `kind`.
pub fn has_kind(ctx: &Context, ty: Type, kind: Kind) -> bool {
    let vector_of = |lanes: i64, elem: Type| ctx.vector_type(&[lanes], elem);
    let f32 = ctx.float_type(strata_ir::FloatKind::F32);
    match kind {
        Kind::F32x16 => ty == vector_of(16, f32),
        Kind::I32x16 => ty == vector_of(16, ctx.signless(32)),
        Kind::F32x8 => ty == vector_of(8, f32),
        Kind::I32x8 => ty == vector_of(8, ctx.signless(32)),
        Kind::F32 => ty == ctx.float_type(strata_ir::FloatKind::F32),
        Kind::I32 => ty == ctx.signless(32),
        Kind::Mask16 => ty == ctx.signless(16),
        Kind::Mask64 => ty == ctx.signless(64),
        Kind::Index => ty == ctx.index_type(),
        Kind::Ptr => crate::is_ptr(ctx, ty),
    }
}

fn kind_str(kind: Kind) -> &'static str {
    match kind {
        Kind::F32x16 => "vector<16xf32>",
        Kind::I32x16 => "vector<16xi32>",
        Kind::F32x8 => "vector<8xf32>",
        Kind::I32x8 => "vector<8xi32>",
        Kind::F32 => "f32",
        Kind::I32 => "i32",
        Kind::Mask16 => "i16",
        Kind::Mask64 => "i64",
        Kind::Index => "index",
        Kind::Ptr => "!x86.ptr",
    }
}

fn verify_call(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let err = |m: String| Err(strata_ir::verifier::emit_op_error(ctx, ir, op, m));
    let callee = ir
        .attr(ctx, op, "callee")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("");
    let Some(intr) = lookup(callee) else {
        return err(format!("unknown x86 intrinsic '{callee}'"));
    };
    let imms = ir
        .attr(ctx, op, "imm")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    if imms.len() != intr.imms {
        return err(format!(
            "'{callee}' takes {} immediates, {} given",
            intr.imms,
            imms.len()
        ));
    }
    if ir.num_operands(op) != intr.args.len() {
        return err(format!(
            "'{callee}' takes {} operands, {} given",
            intr.args.len(),
            ir.num_operands(op)
        ));
    }
    for (i, (v, &k)) in ir.operands(op).zip(intr.args).enumerate() {
        if !has_kind(ctx, ir.value_type(v), k) {
            return err(format!(
                "operand #{i} of '{callee}' must be {}",
                kind_str(k)
            ));
        }
    }
    match (intr.result, ir.num_results(op)) {
        (None, 0) => Ok(()),
        (Some(k), 1) if has_kind(ctx, ir.value_type(ir.result(op, 0)), k) => Ok(()),
        (Some(k), _) => err(format!("'{callee}' returns {}", kind_str(k))),
        (None, _) => err(format!("'{callee}' returns nothing")),
    }
}

fn verify_addr(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let base = ir.value_type(ir.operand(op, 0));
    let rank = match ctx.type_data(base) {
        TypeData::MemRef { shape, .. } => shape.len(),
        _ => 0,
    };
    if ir.num_operands(op) != rank + 1 {
        return Err(strata_ir::verifier::emit_op_error(
            ctx,
            ir,
            op,
            format!("expected {rank} indices, got {}", ir.num_operands(op) - 1),
        ));
    }
    Ok(())
}
