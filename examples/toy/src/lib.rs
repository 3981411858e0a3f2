//! Toy: a dialect defined outside Strata's tree, as a user would write one.
//!
//! Four ops with custom syntax from assembly formats, a fold (`toy.constant`),
//! a canonicalization (`transpose(transpose(x)) -> x`) and a pass
//! (`toy-shape-inference`, which turns `tensor<*xf64>` results into ranked
//! types the way MLIR's Toy tutorial does). `src/main.rs` registers them into
//! `toy-opt`. Everything a user writes is in these two files.

use std::sync::Arc;
use strata_ir::constraints::{AttrConstraint::DenseElements, TypeConstraint::AnyTensor};
use strata_ir::fold::FoldOutcome;
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{Context, Dialect, OpDefinition, TypeData};

strata_ir::define_op! { pub struct ConstantOp = "toy.constant" {
    traits: [PURE, CONSTANT_LIKE], results: [output: single(AnyTensor)],
    attributes: [value: required(DenseElements)], types_match: [[value, output]],
    format: "$value attr-dict",
    fold: |ctx, ir, op, _| FoldOutcome::attribute(ConstantOp(op).value(ctx, ir)),
} }
strata_ir::define_op! { pub struct TransposeOp = "toy.transpose" {
    traits: [PURE], operands: [input: single(AnyTensor)], results: [output: single(AnyTensor)],
    format: "$input attr-dict `:` type($input) `to` type($output)",
    canonicalize: |ctx, set: &mut RewritePatternSet| {
        set.add_op_fn::<TransposeOp>(ctx, 1, "TransposeTranspose", transpose_transpose);
    },
} }
strata_ir::define_op! { pub struct MulOp = "toy.mul" {
    traits: [PURE], operands: [lhs: single(AnyTensor), rhs: single(AnyTensor)],
    results: [output: single(AnyTensor)], types_match: [[lhs, rhs, output]],
    format: "$lhs `,` $rhs attr-dict `:` type($output)",
} }
strata_ir::define_op! { pub struct PrintOp = "toy.print" {
    operands: [input: single(AnyTensor)], format: "$input attr-dict `:` type($input)",
} }
strata_ir::dialect_ops!(ConstantOp, TransposeOp, MulOp, PrintOp);

/// `transpose(transpose(x)) -> x` when the types agree.
fn transpose_transpose(op: TransposeOp, rw: &mut PatternRewriter) -> RewriteResult {
    let (ir, ctx) = (rw.ir(), rw.ctx());
    let inner = TransposeOp::defining(ctx, ir, op.input(ctx, ir)).ok_or(NoMatch)?;
    let x = inner.input(ctx, ir);
    if ir.value_type(x) != ir.value_type(op.output(ctx, ir)) {
        return Err(NoMatch);
    }
    rw.replace_op(op.op(), &[x]);
    Ok(())
}

pub struct ToyDialect;
impl Dialect for ToyDialect {
    fn name(&self) -> &str {
        "toy"
    }
    fn operations(&self, _: &Context) -> Vec<OpDefinition> {
        definitions()
    }
}

/// Gives `tensor<*xf64>` results the shape their operands imply.
#[derive(Clone, Default)]
pub struct ShapeInference;
impl Pass for ShapeInference {
    fn name(&self) -> &str {
        "ToyShapeInference"
    }
    fn argument(&self) -> &str {
        "toy-shape-inference"
    }
    fn description(&self) -> &str {
        "Infer ranked shapes of toy op results"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let (ctx, ir) = (pc.ctx, &mut *pc.ir);
        for op in ir.collect_preorder(pc.op) {
            let Some(&input) = ir.operands(op).collect::<Vec<_>>().first() else {
                continue;
            };
            let Some(shape) = ctx.shape(ir.value_type(input)).map(|s| s.to_vec()) else {
                continue;
            };
            let shape: Vec<i64> = if TransposeOp::is(ctx, ir, op) { shape.into_iter().rev().collect() } else { shape };
            for result in ir.results(op).collect::<Vec<_>>() {
                if let TypeData::UnrankedTensor { element } = ctx.type_data(ir.value_type(result)) {
                    ir.set_value_type(result, ctx.tensor_type(&shape, *element));
                }
            }
        }
        Ok(())
    }
}

pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(ToyDialect));
}
