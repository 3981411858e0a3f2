//! The bufferization dialect (MLIR's `bufferization`): the ops at the
//! boundary between tensors (values) and buffers (memrefs).
//!
//! MLIR 22 names the tensor-to-buffer op `to_buffer`; `to_memref` no longer
//! exists upstream and is not accepted here either.

use std::sync::Arc;
use strata_dialect_tensor::ops::DimOp;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::fold::FoldOutcome;
use strata_ir::interfaces::{
    interface, op_effects, Effect, Effects, MemoryEffects, On, ViewLikeOpInterface,
};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Attribute, Context, Dialect, Ir, OpDefinition, OpId, Value, DYNAMIC};

strata_ir::define_op! {
    /// A tensor whose contents are the buffer's.
    pub struct ToTensorOp = "bufferization.to_tensor" {
        operands: [buffer: single(TypeConstraint::AnyMemRef)],
        results: [result: single(TypeConstraint::AnyTensor)],
        attributes: [restrict: optional(AttrConstraint::Unit), writable: optional(AttrConstraint::Unit)],
        format: "$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)",
        verify: verify_tensor_buffer_types,
        fold: fold_to_tensor,
        // to_tensor reads its buffer (so an unused one is dead, as in MLIR).
        interfaces: [dyn MemoryEffects => Effects(&[(Effect::Read, On::Operand(0))])],
    }
}
strata_ir::define_op! {
    /// The buffer holding a tensor.
    pub struct ToBufferOp = "bufferization.to_buffer" {
        operands: [tensor: single(TypeConstraint::AnyTensor)],
        results: [buffer: single(TypeConstraint::AnyMemRef)],
        attributes: [read_only: optional(AttrConstraint::Unit)],
        format: "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)",
        verify: verify_tensor_buffer_types,
        fold: fold_to_buffer,
        // Only a view of its tensor: unused, it is dead.
        interfaces: [dyn MemoryEffects => Effects(&[])],
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
        verify: verify_alloc_tensor,
        canonicalize: |ctx, set| {
            set.add_op_fn::<DimOp>(ctx, 1, "FoldDimOfAllocTensorOp", fold_dim_of_alloc_tensor);
        },
    }
}
strata_ir::define_op! {
    /// Stores a tensor into a destination tensor or buffer.
    pub struct MaterializeInDestinationOp = "bufferization.materialize_in_destination" {
        operands: [source: single(TypeConstraint::AnyRankedTensor), dest: single(TypeConstraint::Any)],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [restrict: optional(AttrConstraint::Unit), writable: optional(AttrConstraint::Unit)],
        format: "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)",
        verify: verify_materialize,
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
        canonicalize: |ctx, set| {
            set.add_op_fn::<CloneOp>(ctx, 1, "SimplifyClones", |op, rw| simplify_clone(op.op(), rw));
        },
        // Reads its input, allocates and writes its output (MLIR's declaration).
        interfaces: [dyn MemoryEffects => Effects(&[
            (Effect::Read, On::Operand(0)),
            (Effect::Write, On::Result(0)),
            (Effect::Allocate, On::Result(0)),
        ])],
    }
}

/// Whether `op` frees `value` (has a `Free` effect on it).
fn frees(ctx: &Context, ir: &Ir, op: OpId, value: Value) -> bool {
    op_effects(ctx, ir, op).is_some_and(|effects| {
        effects
            .iter()
            .any(|e| e.effect == Effect::Free && e.value == Some(value))
    })
}

/// The one op freeing `value`: `Ok(None)` when none does, `Err` when more
/// than one does (MLIR's `memref::findDealloc`).
fn find_dealloc(ctx: &Context, ir: &Ir, value: Value) -> Result<Option<OpId>, NoMatch> {
    let mut found = None;
    for user in ir.users(value) {
        if frees(ctx, ir, user, value) {
            if found.is_some_and(|f| f != user) {
                return Err(NoMatch);
            }
            found = Some(user);
        }
    }
    Ok(found)
}

/// MLIR's `SimplifyClones`: an unused clone goes; a clone of a buffer
/// whose own deallocation or its source's is in the clone's block (and the
/// other's elsewhere, or none) is the source itself, and that deallocation
/// goes, provided nothing is freed between the clone and it.
fn simplify_clone(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    if ir.use_empty(op) {
        rw.erase_op(op);
        return Ok(());
    }
    let (source, output) = (ir.operand(op, 0), ir.result(op, 0));
    if ir.value_type(source) != ir.value_type(output) {
        return Err(NoMatch);
    }
    // A view's memory is freed through the buffer it views.
    let mut buffer = source;
    while let Some(view) = ir.defining_op(buffer).and_then(|def| {
        interface::<dyn ViewLikeOpInterface>(ctx, ir, def).map(|v| v.view_source(ctx, ir, def))
    }) {
        buffer = view;
    }
    let clone_dealloc = find_dealloc(ctx, ir, output)?;
    let source_dealloc = find_dealloc(ctx, ir, buffer)?;
    let block_of = |d: Option<OpId>| d.and_then(|d| ir.op_block(d));
    if clone_dealloc.is_some() && block_of(clone_dealloc) == block_of(source_dealloc) {
        return Err(NoMatch);
    }
    let here = ir.op_block(op);
    let redundant = if clone_dealloc.is_some() && block_of(clone_dealloc) == here {
        clone_dealloc
    } else if source_dealloc.is_some() && block_of(source_dealloc) == here {
        source_dealloc
    } else {
        None
    }
    .ok_or(NoMatch)?;
    let mut cursor = ir.next_op(op);
    while cursor != Some(redundant) {
        let pos = cursor.ok_or(NoMatch)?;
        if op_effects(ctx, ir, pos)
            .is_some_and(|effects| effects.iter().any(|e| e.effect == Effect::Free))
        {
            return Err(NoMatch);
        }
        cursor = ir.next_op(pos);
    }
    rw.replace_op(op, &[source]);
    rw.erase_op(redundant);
    Ok(())
}

strata_ir::dialect_ops!(
    ToTensorOp,
    ToBufferOp,
    AllocTensorOp,
    MaterializeInDestinationOp,
    DeallocTensorOp,
    CloneOp,
);

fn verify_alloc_tensor(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let result = ir.value_type(ir.result(op, 0));
    let shape = ctx.shape(result).unwrap_or(&[]);
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    let alloc = AllocTensorOp(op);
    let sizes = alloc.dynamic_sizes(ctx, ir).len();
    let has_copy = alloc.copy(ctx, ir).is_some();
    if has_copy && sizes > 0 {
        // MLIR emits this one without the op prefix.
        return Err(strata_ir::Diagnostic::error(
            ir.op_loc(op),
            "dynamic sizes not needed when copying a tensor",
        ));
    }
    if !has_copy && sizes != dynamic {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("incorrect number of dynamic sizes, has {sizes}, expected {dynamic}"),
        ));
    }
    Ok(())
}

/// MLIR's `MaterializeInDestinationOp::verify`, in its order and wording.
fn verify_materialize(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let dest = ir.value_type(ir.operand(op, 1));
    let is_memref = matches!(ctx.type_data(dest), strata_ir::TypeData::MemRef { .. });
    let is_tensor = matches!(
        ctx.type_data(dest),
        strata_ir::TypeData::RankedTensor { .. } | strata_ir::TypeData::UnrankedTensor { .. }
    );
    let err = |m: &str| Err(emit_op_error(ctx, ir, op, m));
    if !is_tensor && !is_memref {
        return err("'dest' must be a tensor or a memref");
    }
    if is_tensor {
        if ir.num_results(op) != 1 {
            return err("tensor 'dest' implies exactly one tensor result");
        }
        if ir.value_type(ir.result(op, 0)) != dest {
            return err("result and 'dest' types must match");
        }
    }
    if is_memref && ir.num_results(op) != 0 {
        return err("memref 'dest' implies zero results");
    }
    if ir.attr(ctx, op, "restrict").is_some() && !is_memref {
        return err("'restrict' is valid only for memref destinations");
    }
    if ir.attr(ctx, op, "writable").is_some() != is_memref {
        return err(
            "'writable' must be specified if and only if the destination is of memref type",
        );
    }
    let src = ctx.shape(ir.value_type(ir.operand(op, 0)));
    let dst = ctx.shape(dest);
    if src.is_some() != dst.is_some() {
        return err("source/destination shapes are incompatible");
    }
    if let (Some(a), Some(b)) = (src, dst) {
        if a.len() != b.len() {
            return err("rank mismatch between source and destination shape");
        }
        if a.iter()
            .zip(b)
            .any(|(&x, &y)| x != DYNAMIC && y != DYNAMIC && x != y)
        {
            return err("source/destination shapes are incompatible");
        }
    }
    Ok(())
}

/// `to_tensor` / `to_buffer`: the tensor and buffer types agree in shape
/// and element type.
fn verify_tensor_buffer_types(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let (a, b) = (
        ir.value_type(ir.operand(op, 0)),
        ir.value_type(ir.result(op, 0)),
    );
    if ctx.shape(a) != ctx.shape(b) {
        return Err(strata_ir::Diagnostic::error(
            ir.op_loc(op),
            "shapes do not match",
        ));
    }
    if ctx.element_type_or_self(a) != ctx.element_type_or_self(b) {
        return Err(strata_ir::Diagnostic::error(
            ir.op_loc(op),
            "element types do not match",
        ));
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
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        definitions()
    }
}

/// Loads the bufferization dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(BufferizationDialect));
}

/// `to_tensor(to_buffer(%t))` is `%t`.
fn fold_to_tensor(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let to_tensor = ToTensorOp(op);
    match ToBufferOp::defining(ctx, ir, to_tensor.buffer(ctx, ir)) {
        Some(b) if ir.value_type(b.tensor(ctx, ir)) == ir.value_type(to_tensor.result(ctx, ir)) => {
            FoldOutcome::value(b.tensor(ctx, ir))
        }
        _ => FoldOutcome::Failed,
    }
}

/// `to_buffer(to_tensor(%m))` is `%m` when the types agree.
fn fold_to_buffer(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let to_buffer = ToBufferOp(op);
    match ToTensorOp::defining(ctx, ir, to_buffer.tensor(ctx, ir)) {
        Some(t) if ir.value_type(t.buffer(ctx, ir)) == ir.value_type(to_buffer.buffer(ctx, ir)) => {
            FoldOutcome::value(t.buffer(ctx, ir))
        }
        _ => FoldOutcome::Failed,
    }
}

/// `tensor.dim` of a dynamic size of `alloc_tensor` is that size operand
/// (MLIR's `FoldDimOfAllocTensorOp`).
fn fold_dim_of_alloc_tensor(dim: DimOp, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let alloc = AllocTensorOp::defining(ctx, ir, dim.source(ctx, ir)).ok_or(NoMatch)?;
    let index = strata_ir::fold::constant_of_value(ctx, ir, dim.index(ctx, ir))
        .and_then(|a| ctx.integer_value(a))
        .ok_or(NoMatch)? as usize;
    let shape = ctx
        .shape(ir.value_type(alloc.result(ctx, ir)))
        .unwrap_or(&[]);
    if shape.get(index) != Some(&DYNAMIC) {
        return Err(NoMatch);
    }
    let sizes = alloc.dynamic_sizes(ctx, ir);
    let k = shape[..index].iter().filter(|&&d| d == DYNAMIC).count();
    let size = *sizes.get(k).ok_or(NoMatch)?;
    rw.replace_op(dim.op(), &[size]);
    Ok(())
}
