//! `test-unsound-increment-fold`: a deliberately wrong rewrite, for testing
//! the differential check (`strata-opt --verify-equivalence`), as MLIR keeps
//! test passes in `mlir/test/lib`. It folds `arith.cmpi sgt, (x + 1), x` to
//! `true`, the classic unsound fold: right for every `x` but the largest,
//! where `x + 1` wraps. Small random inputs never reach that value, so only
//! the check's full-range trials can tell the two programs apart
//! (test/Tools/verify-equivalence-full-range.mlir).

use strata_dialect_arith::ops::{AddIOp, CmpIOp, ConstantOp};
use strata_ir::builder::OpBuilder;
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::InsertPoint;

/// `arith.cmpi`'s predicate number for `sgt`.
const SGT: i128 = 4;

#[derive(Clone, Default)]
pub struct TestUnsoundIncrementFold;

impl Pass for TestUnsoundIncrementFold {
    fn name(&self) -> &str {
        "TestUnsoundIncrementFold"
    }
    fn argument(&self) -> &str {
        "test-unsound-increment-fold"
    }
    fn description(&self) -> &str {
        "Test only: fold `(x + 1) > x` to true, which is wrong when x + 1 wraps"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx;
        for op in pc.ir.collect_preorder(pc.op) {
            let Some(cmp) = CmpIOp::wrap(ctx, pc.ir, op) else {
                continue;
            };
            let (lhs, rhs) = (pc.ir.operand(op, 0), pc.ir.operand(op, 1));
            let predicate = pc
                .ir
                .attr(ctx, op, "predicate")
                .and_then(|a| ctx.integer_value(a));
            let increment_of_rhs = AddIOp::defining(ctx, pc.ir, lhs).is_some_and(|add| {
                let (a, b) = (pc.ir.operand(add.op(), 0), pc.ir.operand(add.op(), 1));
                let is_one = |v| {
                    ConstantOp::defining(ctx, pc.ir, v)
                        .and_then(|c| pc.ir.attr(ctx, c.op(), "value"))
                        .and_then(|a| ctx.integer_value(a))
                        == Some(1)
                };
                (a == rhs && is_one(b)) || (b == rhs && is_one(a))
            });
            if predicate != Some(SGT) || !increment_of_rhs {
                continue;
            }
            let ty = pc.ir.value_type(pc.ir.result(cmp.op(), 0));
            let loc = pc.ir.op_loc(op);
            let mut b = OpBuilder::at(ctx, pc.ir, InsertPoint::Before(op));
            b.loc = loc;
            let t = ConstantOp::build(&mut b, ty, ctx.integer_attr(ty, 1));
            let value = pc.ir.result(t.op(), 0);
            pc.ir.replace_all_uses_with(pc.ir.result(op, 0), value);
            let _ = pc.ir.erase_op(op);
        }
        Ok(())
    }
}
