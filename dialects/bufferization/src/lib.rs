//! The bufferization dialect (MLIR's `bufferization`): the ops at the
//! boundary between tensors (values) and buffers (memrefs).
//!
//! MLIR 22 names the tensor-to-buffer op `to_buffer`; `to_memref` no longer
//! exists upstream and is not accepted here either.

use std::sync::Arc;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Dialect, Ir, OpDefinition, OpId, DYNAMIC};

strata_ir::define_op! {
    /// A tensor whose contents are the buffer's.
    pub struct ToTensorOp = "bufferization.to_tensor" {
        operands: [buffer: single(TypeConstraint::AnyMemRef)],
        results: [result: single(TypeConstraint::AnyTensor)],
        attributes: [restrict: optional(AttrConstraint::Unit), writable: optional(AttrConstraint::Unit)],
        format: "$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)",
    }
}
strata_ir::define_op! {
    /// The buffer holding a tensor.
    pub struct ToBufferOp = "bufferization.to_buffer" {
        operands: [tensor: single(TypeConstraint::AnyTensor)],
        results: [buffer: single(TypeConstraint::AnyMemRef)],
        attributes: [read_only: optional(AttrConstraint::Unit)],
        format: "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)",
    }
}
strata_ir::define_op! {
    /// A tensor that bufferizes to a new allocation.
    pub struct AllocTensorOp = "bufferization.alloc_tensor" {
        operands: [dynamic_sizes: variadic(TypeConstraint::Index), copy: optional(TypeConstraint::AnyRankedTensor), size_hint: optional(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        attributes: [memory_space: optional(AttrConstraint::Any)],
        types_match: [[copy, result]],
        format: "`(` $dynamic_sizes `)` (`copy` `(` $copy^ `)`)? (`size_hint` `=` $size_hint^)? attr-dict `:` type($result)",
    }
}
strata_ir::define_op! {
    /// Stores a tensor into a destination tensor or buffer.
    pub struct MaterializeInDestinationOp = "bufferization.materialize_in_destination" {
        operands: [source: single(TypeConstraint::AnyRankedTensor), dest: single(TypeConstraint::Any)],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [restrict: optional(AttrConstraint::Unit), writable: optional(AttrConstraint::Unit)],
        format: "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)",
    }
}
strata_ir::define_op! {
    /// Releases the buffer of a tensor.
    pub struct DeallocTensorOp = "bufferization.dealloc_tensor" {
        operands: [tensor: single(TypeConstraint::AnyTensor)],
        format: "$tensor attr-dict `:` type($tensor)",
    }
}

strata_ir::define_op! {
    /// A copy of a buffer in a new allocation.
    pub struct CloneOp = "bufferization.clone" {
        operands: [input: single(TypeConstraint::Any)],
        results: [output: single(TypeConstraint::Any)],
        format: "$input attr-dict `:` type($input) `to` type($output)",
    }
}

fn verify_alloc_tensor(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let result = ir.value_type(ir.result(op, 0));
    let shape = ctx.shape(result).unwrap_or(&[]);
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    let sizes = strata_ir::opdef::named_group(ctx, ir, op, "dynamic_sizes", false).len();
    let has_copy = !strata_ir::opdef::named_group(ctx, ir, op, "copy", false).is_empty();
    if has_copy && sizes > 0 {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "dynamic sizes not needed when copying a tensor",
        ));
    }
    if !has_copy && sizes != dynamic {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("expected {dynamic} dynamic sizes"),
        ));
    }
    Ok(())
}

fn verify_materialize(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let dest = ir.value_type(ir.operand(op, 1));
    let is_tensor = ctx.shape(dest).is_some()
        && !matches!(ctx.type_data(dest), strata_ir::TypeData::MemRef { .. });
    if is_tensor {
        if ir.num_results(op) != 1 || ir.value_type(ir.result(op, 0)) != dest {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "yields a value iff the destination is a tensor; the result type must match it",
            ));
        }
    } else {
        if ir.num_results(op) != 0 {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "yields a value iff the destination is a tensor",
            ));
        }
        if ir.attr(ctx, op, "restrict").is_none() || ir.attr(ctx, op, "writable").is_none() {
            return Err(emit_op_error(ctx, ir, op, "'restrict' and 'writable' must be specified if and only if the destination is of memref type"));
        }
    }
    Ok(())
}

pub struct BufferizationDialect;

impl Dialect for BufferizationDialect {
    fn name(&self) -> &str {
        "bufferization"
    }
    fn description(&self) -> &str {
        "tensor/buffer boundary ops for bufferization"
    }
    fn operations(&self, ctx: &Context) -> Vec<OpDefinition> {
        let index = TypeConstraint::Is(ctx.index_type());
        let mut alloc = AllocTensorOp::definition();
        alloc.operands[0].constraint = index.clone();
        alloc.operands[2].constraint = index;
        alloc.hooks.verify = Some(verify_alloc_tensor);
        let mut materialize = MaterializeInDestinationOp::definition();
        materialize.hooks.verify = Some(verify_materialize);
        vec![
            ToTensorOp::definition(),
            ToBufferOp::definition(),
            alloc,
            materialize,
            DeallocTensorOp::definition(),
            CloneOp::definition(),
        ]
    }
}

/// Loads the bufferization dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(BufferizationDialect));
}
