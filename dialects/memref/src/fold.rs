//! Folds of `memref` ops, after MLIR's: `memref.dim` of a static dimension
//! (or of an allocation's dynamic size), `memref.rank` of a ranked memref,
//! casts to the same type and casts of casts, and the absorption of a
//! ranked `memref.cast` into the ops that use it (`foldMemRefCast`).

use strata_ir::fold::FoldOutcome;
use strata_ir::{Attribute, Context, Ir, OpDefinition, OpId, TypeData, DYNAMIC};

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        def.hooks.fold = match def.name.as_str() {
            "memref.dim" => Some(fold_dim),
            "memref.rank" => Some(fold_rank),
            "memref.cast" => Some(fold_cast),
            "memref.load" | "memref.dealloc" | "memref.subview" | "memref.reinterpret_cast" => {
                Some(fold_cast_operand_0)
            }
            "memref.store" => Some(fold_cast_operand_1),
            "memref.copy" => Some(fold_cast_operands_copy),
            _ => None,
        };
    }
}

fn name(ctx: &Context, ir: &Ir, op: OpId) -> String {
    ctx.op_name_str(ir.op_name(op)).to_string()
}

fn fold_dim(ctx: &Context, ir: &mut Ir, op: OpId, constants: &[Option<Attribute>]) -> FoldOutcome {
    let Some(index) = constants
        .get(1)
        .copied()
        .flatten()
        .and_then(|a| ctx.integer_value(a))
    else {
        return FoldOutcome::Failed;
    };
    let source = ir.operand(op, 0);
    let Some(shape) = ctx.shape(ir.value_type(source)).map(|s| s.to_vec()) else {
        return FoldOutcome::Failed;
    };
    if index < 0 || index as usize >= shape.len() {
        return FoldOutcome::Failed;
    }
    let i = index as usize;
    if shape[i] != DYNAMIC {
        return FoldOutcome::attribute(ctx.index_attr(shape[i]));
    }
    // The size an allocation was given.
    if let Some(def) = ir.defining_op(source) {
        if matches!(
            name(ctx, ir, def).as_str(),
            "memref.alloc" | "memref.alloca"
        ) {
            let position = shape[..i].iter().filter(|&&d| d == DYNAMIC).count();
            return FoldOutcome::value(ir.operand(def, position));
        }
    }
    FoldOutcome::Failed
}

fn fold_rank(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match ctx.shape(ir.value_type(ir.operand(op, 0))) {
        Some(shape) => FoldOutcome::attribute(ctx.index_attr(shape.len() as i64)),
        None => FoldOutcome::Failed,
    }
}

fn fold_cast(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let source = ir.operand(op, 0);
    let result_ty = ir.value_type(ir.result(op, 0));
    if ir.value_type(source) == result_ty {
        return FoldOutcome::value(source);
    }
    // cast(cast(x)) back to x's type is x.
    if let Some(def) = ir.defining_op(source) {
        if name(ctx, ir, def) == "memref.cast" {
            let inner = ir.operand(def, 0);
            if ir.value_type(inner) == result_ty {
                return FoldOutcome::value(inner);
            }
        }
    }
    FoldOutcome::Failed
}

/// Replaces operand `index` by the source of the `memref.cast` defining it
/// when that source is ranked (MLIR's `foldMemRefCast`).
fn absorb_cast(ctx: &Context, ir: &mut Ir, op: OpId, index: usize) -> bool {
    let value = ir.operand(op, index);
    let Some(def) = ir.defining_op(value) else {
        return false;
    };
    if name(ctx, ir, def) != "memref.cast" {
        return false;
    }
    let source = ir.operand(def, 0);
    if !matches!(
        ctx.type_data(ir.value_type(source)),
        TypeData::MemRef { .. }
    ) {
        return false;
    }
    ir.set_operand(op, index, source);
    true
}

fn fold_cast_operand_0(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    // Views keep their result type, which may need the cast's type: only
    // absorb into ops whose result does not depend on the operand's type.
    let op_name = name(ctx, ir, op);
    if matches!(
        op_name.as_str(),
        "memref.subview" | "memref.reinterpret_cast"
    ) {
        return FoldOutcome::Failed;
    }
    if absorb_cast(ctx, ir, op, 0) {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failed
    }
}

fn fold_cast_operand_1(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    if absorb_cast(ctx, ir, op, 1) {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failed
    }
}

fn fold_cast_operands_copy(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> FoldOutcome {
    let a = absorb_cast(ctx, ir, op, 0);
    let b = absorb_cast(ctx, ir, op, 1);
    if a || b {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failed
    }
}
