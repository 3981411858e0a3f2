//! `tensor.parallel_insert_slice`: the insert of `scf.forall`'s terminator.
//!
//! Inside `scf.forall.in_parallel`, each thread writes its slice into a
//! shared output (a block argument of the `scf.forall`); the loop's result
//! is the output with every thread's slice inserted. The op has no result
//! of its own because the writes of all threads combine into the loop's
//! results (MLIR's `ParallelCombiningOpInterface`). Syntax and slice checks
//! are `tensor.insert_slice`'s.

use crate::ops::{
    add_offsets_sizes_strides, operand_type, parse_offsets_sizes_strides,
    print_offsets_sizes_strides, verify_slice_shape, SLICE_ELIDED,
};
use crate::syntax::{i64_array_prop, operand_segments, set_segments};
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::fold::constant_of_value;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::{Context, Ir, OpDefinition, OpId, Value, DYNAMIC};

/// The ops that may hold `tensor.parallel_insert_slice` (MLIR's
/// `InParallelOpInterface`).
pub const IN_PARALLEL_OPS: &[&str] = &["scf.forall.in_parallel"];

strata_ir::define_op! {
    /// Writes a tensor into a strided box of a shared output of `scf.forall`.
    pub struct ParallelInsertSliceOp = "tensor.parallel_insert_slice" {
        summary: "Specify the tensor slice update of a single thread of a parent ParallelCombiningOpInterface op.",
        operands: [source: single(TypeConstraint::AnyRankedTensor), dest: single(TypeConstraint::AnyRankedTensor), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
    }
}

pub(crate) fn definition() -> OpDefinition {
    let mut d = ParallelInsertSliceOp::definition();
    d.hooks.parse = Some(parse);
    d.hooks.print = Some(print);
    d.hooks.verify = Some(verify);
    d.hooks.canonicalization_patterns = Some(|ctx, set| {
        let name = Some(ctx.op_name("tensor.parallel_insert_slice"));
        set.add_fn(name, 1, "InsertSliceOpConstantArgumentFolder", |op, rw| {
            fold_constant_slice_operands(op, rw, 2)
        });
    });
    d
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

fn parse(p: &mut OpParser) -> DiagResult<()> {
    let source = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let (statics, dynamics) = parse_offsets_sizes_strides(p)?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("into")?;
    let dest_ty = p.parse_type()?;
    p.add_operands(&[source, dest], &[src_ty, dest_ty])?;
    let sizes = [
        1,
        1,
        dynamics[0].len(),
        dynamics[1].len(),
        dynamics[2].len(),
    ];
    add_offsets_sizes_strides(p, statics, &dynamics)?;
    set_segments(p, &sizes);
    Ok(())
}

fn print(pr: &mut OpPrinter, op: OpId) {
    pr.write(" ");
    let ir = pr.ir;
    pr.print_operand(ir.operand(op, 0));
    pr.write(" into ");
    pr.print_operand(ir.operand(op, 1));
    print_offsets_sizes_strides(pr, op, 2);
    pr.print_optional_attr_dict(op, SLICE_ELIDED, false);
    pr.write(" : ");
    pr.print_type(operand_type(ir, op, 0));
    pr.write(" into ");
    pr.print_type(operand_type(ir, op, 1));
}

/// MLIR's `ParallelInsertSliceOp::verify`: the parent, then the slice.
fn verify(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let parent = ir.parent_op(op);
    let parent_name = parent.map(|p| ctx.op_name_str(ir.op_name(p)).to_string());
    if !parent_name
        .as_deref()
        .is_some_and(|n| IN_PARALLEL_OPS.contains(&n))
    {
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
