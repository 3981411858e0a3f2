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
use crate::syntax::set_segments;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::{Context, Ir, OpDefinition, OpId};

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
    d
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
