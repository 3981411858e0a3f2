//! Atomic read-modify-write on one memref element: `memref.atomic_rmw`
//! (the modification is an `arith::AtomicRMWKind` such as `addf`),
//! `memref.generic_atomic_rmw` (the modification is a region, ended by
//! `memref.atomic_yield`). Both return the value read, as the LLVM
//! `atomicrmw`/`cmpxchg` they lower to. Syntax and verifier messages are
//! MLIR 22's.

use crate::syntax::{add_index_operands, parse_indexed, parse_memref_colon_type, print_indexed};
use strata_dialect_arith::atomic::AtomicRmwKind;
use strata_dialect_arith::attrs::ATOMIC_RMW_KIND_SYNTAX;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::{type_to_string, OpPrinter};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::{Effect, MemoryEffects};
use strata_ir::interfaces::{Effects, On};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, TypeData, Value};

strata_ir::define_op! {
    /// `memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32`
    pub struct AtomicRmwOp = "memref.atomic_rmw" {
        summary: "atomic read-modify-write operation",
        operands: [value: single(TypeConstraint::Any), memref: single(TypeConstraint::RankedMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [kind: required(AttrConstraint::Integer(Some(64)), syntax = ATOMIC_RMW_KIND_SYNTAX)],
        format: "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)",
        verify: verify_atomic_rmw,
        fold: crate::fold::fold_cast_operand_1,
        interfaces: [dyn MemoryEffects => Effects(&[(Effect::Read, On::Operand(1)), (Effect::Write, On::Operand(1))])],
    }
}
strata_ir::define_op! {
    /// `memref.generic_atomic_rmw %m[%i] : memref<10xf32> { ^bb0(%old: f32): ... }`
    pub struct GenericAtomicRmwOp = "memref.generic_atomic_rmw" {
        summary: "atomic read-modify-write operation with a region",
        traits: [SINGLE_BLOCK],
        operands: [memref: single(TypeConstraint::RankedMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        regions: [atomic_body: single_block],
        parse: parse_generic,
        print: print_generic,
        verify: verify_generic,
        interfaces: [dyn MemoryEffects => Effects(&[(Effect::Read, On::Operand(0)), (Effect::Write, On::Operand(0))])],
    }
}
strata_ir::define_op! {
    pub struct AtomicYieldOp = "memref.atomic_yield" {
        summary: "yield operation for GenericAtomicRMWOp",
        traits: [PURE, TERMINATOR],
        operands: [result: single(TypeConstraint::Any)],
        format: "$result attr-dict `:` type($result)",
        verify: verify_yield,
    }
}

/// The rank of a ranked memref type (0 for anything else).
fn rank(ctx: &Context, ir: &Ir, v: Value) -> usize {
    match ctx.type_data(ir.value_type(v)) {
        TypeData::MemRef { shape, .. } => shape.len(),
        _ => 0,
    }
}

fn verify_atomic_rmw(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let memref = ir.operand(op, 1);
    let value_ty = ir.value_type(ir.operand(op, 0));
    if ctx.element_type(ir.value_type(memref)) != Some(value_ty) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that value type matches element type of memref",
        ));
    }
    if ir.value_type(ir.result(op, 0)) != value_ty {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {value, result} have same type",
        ));
    }
    if rank(ctx, ir, memref) != ir.num_operands(op) - 2 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects the number of subscripts to be equal to memref rank",
        ));
    }
    let Some(kind) = ir
        .attr(ctx, op, "kind")
        .and_then(|a| AtomicRmwKind::from_attr(ctx, a))
    else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
        ));
    };
    if kind.requires_float() && ctx.float_kind(value_ty).is_none() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("with kind '{}' expects a floating-point type", kind.name()),
        ));
    }
    let is_integer = matches!(ctx.type_data(value_ty), TypeData::Integer { .. });
    if kind.requires_integer() && !is_integer {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("with kind '{}' expects an integer type", kind.name()),
        ));
    }
    Ok(())
}

fn parse_generic(p: &mut OpParser) -> DiagResult<()> {
    let (memref, indices) = parse_indexed(p)?;
    let (memref_ty, element) = parse_memref_colon_type(p)?;
    p.add_operands(&[memref], &[memref_ty])?;
    add_index_operands(p, &indices)?;
    p.parse_region(&[])?;
    p.parse_optional_attr_dict(false)?;
    p.add_result_types(&[element]);
    Ok(())
}

fn print_generic(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    print_indexed(p, &operands);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    p.write(" ");
    p.print_region(ir.region(op, 0), true, true);
    p.print_optional_attr_dict(op, &[], false);
}

fn verify_generic(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(body) = ir.entry_block(ir.region(op, 0)) else {
        return Ok(());
    };
    let args = ir.block_args(body);
    if args.len() != 1 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected single number of entry block arguments",
        ));
    }
    if ir.value_type(ir.result(op, 0)) != ir.value_type(args[0]) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected block argument of the same type result type",
        ));
    }
    let mut effectful = None;
    ir.walk_preorder(op, &mut |nested| {
        if nested != op
            && effectful.is_none()
            && !strata_ir::interfaces::is_memory_effect_free(ctx, ir, nested)
        {
            effectful = Some(nested);
        }
    });
    if let Some(nested) = effectful {
        return Err(Diagnostic::error(
            ir.op_loc(nested),
            "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects",
        ));
    }
    Ok(())
}

fn verify_yield(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let parent = ir.parent_op(op);
    let parent_ty = parent
        .filter(|&p| GenericAtomicRmwOp::is(ctx, ir, p))
        .filter(|&p| ir.num_results(p) == 1)
        .map(|p| ir.value_type(ir.result(p, 0)));
    let Some(parent_ty) = parent_ty else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects parent op 'memref.generic_atomic_rmw'",
        ));
    };
    let ty = ir.value_type(ir.operand(op, 0));
    if ty != parent_ty {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "types mismatch between yield op: '{}' and its parent: '{}'",
                type_to_string(ctx, ty),
                type_to_string(ctx, parent_ty)
            ),
        ));
    }
    Ok(())
}
