//! `tensor.parallel_insert_slice`: the insert of `scf.forall`'s terminator.
//!
//! Inside `scf.forall.in_parallel`, each thread writes its slice into a
//! shared output (a block argument of the `scf.forall`); the loop's result
//! is the output with every thread's slice inserted. The op has no result
//! of its own because the writes of all threads combine into the loop's
//! results (MLIR's `ParallelCombiningOpInterface`). Syntax and slice checks
//! are `tensor.insert_slice`'s.

use crate::ops::{operand_type, verify_slice_shape};
use crate::syntax::{i64_array_prop, operand_segments};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::fold::constant_of_value;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::{Context, Ir, OpId, Value, DYNAMIC};

/// MLIR's `InParallelOpInterface`: an op whose region holds the parallel
/// inserts of a parallel loop's threads (`scf.forall.in_parallel`, declared
/// by scf, which depends on this dialect). A marker: the verifier only asks
/// whether the parent implements it.
pub trait InParallelOpInterface: Send + Sync {}

/// The implementation every in-parallel op shares.
pub struct InParallel;
impl InParallelOpInterface for InParallel {}

strata_ir::define_op! {
    /// Writes a tensor into a strided box of a shared output of `scf.forall`.
    pub struct ParallelInsertSliceOp = "tensor.parallel_insert_slice" {
        summary: "Specify the tensor slice update of a single thread of a parent ParallelCombiningOpInterface op.",
        operands: [source: single(TypeConstraint::AnyRankedTensor), dest: single(TypeConstraint::AnyRankedTensor), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
        format: "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)",
        verify: verify,
        canonicalize: |ctx, set| {
            set.add_op_fn::<ParallelInsertSliceOp>(ctx, 1, "InsertSliceOpConstantArgumentFolder", |op, rw| {
                fold_constant_slice_operands(op.op(), rw, 2)
            });
        },
    }
}

/// MLIR's `foldDynamicOffsetSizeList`/`foldDynamicStrideList` on a slice
/// op whose offsets, sizes and strides are the operand groups from
/// `first_group`: constant offsets (non-negative) and strides (non-zero)
/// become static entries. Sizes stay: a static size changes the slice
/// type, for which MLIR adds a `tensor.cast` of the source (not done here).
pub fn fold_constant_slice_operands(
    op: OpId,
    rw: &mut PatternRewriter,
    first_group: usize,
) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let groups = operand_segments(ctx, ir, op);
    if groups.len() != first_group + 3 {
        return Err(NoMatch);
    }
    let names = ["static_offsets", "static_sizes", "static_strides"];
    let mut statics: Vec<Vec<i64>> = names
        .iter()
        .map(|n| i64_array_prop(ctx, ir, op, n))
        .collect();
    let mut operands: Vec<Value> = groups[..first_group].iter().flatten().copied().collect();
    let mut sizes: Vec<usize> = groups[..first_group].iter().map(|g| g.len()).collect();
    let mut changed = false;
    for k in 0..3 {
        let mut dynamic = groups[first_group + k].iter();
        let mut kept = 0;
        for s in statics[k].iter_mut() {
            if *s != DYNAMIC {
                continue;
            }
            let Some(&v) = dynamic.next() else {
                return Err(NoMatch);
            };
            let c = constant_of_value(ctx, ir, v)
                .and_then(|a| ctx.integer_value(a))
                .and_then(|c| i64::try_from(c).ok());
            let foldable = match (k, c) {
                (0, Some(c)) => c >= 0,
                (2, Some(c)) => c != 0,
                _ => false,
            };
            match c {
                Some(c) if foldable => {
                    *s = c;
                    changed = true;
                }
                _ => {
                    operands.push(v);
                    kept += 1;
                }
            }
        }
        sizes.push(kept);
    }
    if !changed {
        return Err(NoMatch);
    }
    let mut entries: Vec<_> = ctx
        .dictionary_entries(ir.properties(op))
        .iter()
        .copied()
        .filter(|(n, _)| {
            let n = ctx.str(*n);
            n != "operandSegmentSizes" && !names.contains(&n)
        })
        .collect();
    for k in 0..3 {
        entries.push((ctx.intern_str(names[k]), ctx.dense_i64_array(&statics[k])));
    }
    let sizes: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
    entries.push((
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&sizes),
    ));
    let props = ctx.dictionary_attr(entries);
    rw.modify_op_in_place(op, |ir| {
        ir.set_operands(op, &operands);
        ir.set_properties(op, props);
    });
    Ok(())
}

/// MLIR's `ParallelInsertSliceOp::verify`: the parent, then the slice.
fn verify(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let parent = ir.parent_op(op);
    let parent_name = parent.map(|p| ctx.op_name_str(ir.op_name(p)).to_string());
    let in_parallel = parent.is_some_and(|p| {
        strata_ir::interfaces::interface::<dyn InParallelOpInterface>(ctx, ir, p).is_some()
    });
    if !in_parallel {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "expected InParallelOpInterface parent, got: {}",
                parent_name.unwrap_or_default()
            ),
        ));
    }
    verify_slice_shape(
        ctx,
        ir,
        op,
        operand_type(ir, op, 1),
        operand_type(ir, op, 0),
    )
}
