//! `test-legalize-patterns`: the dialect-conversion driver on the test
//! dialect (MLIR's pass of the same name in its test library).
//!
//! Target: `builtin.module`, the `func` dialect and `test.legal` are legal;
//! `test.illegal` and `test.side_effect_free_illegal` are illegal;
//! `test.add` is legal unless it carries a `convert` attribute; every
//! other op has unknown legality. Patterns:
//!
//! - `test.illegal` -> `test.legal` (same operands, results, attributes and
//!   regions);
//! - `test.illegal {produce_illegal}` -> `test.side_effect_free_illegal`
//!   (benefit 2), which nothing converts: the conversion fails, showing
//!   the no-rollback contract;
//! - `test.add {convert}`: the attribute is dropped in place.
//!
//! `test-legalize-mode` chooses `partial` (default) or `full` conversion.

use crate::{AddOp, IllegalOp, LegalOp, SideEffectFreeIllegalOp};
use strata_ir::builtin::ModuleOp;
use strata_ir::ir::InsertPoint;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::rewrite::{
    apply_full_conversion, apply_partial_conversion, ConversionConfig, ConversionPatternRewriter,
    ConversionPatternSet, ConversionTarget, NoMatch, RewriteResult,
};
use strata_ir::{Context, OpId, OperationState, Type, Value};

strata_ir::option_enum! {
    /// `test-legalize-mode`: the conversion the test passes run.
    pub enum LegalizeMode {
        Partial = "partial": "convert what patterns can; illegal ops may remain",
        Full = "full": "every op must end legal",
    }
}

#[derive(Clone)]
pub struct TestLegalizePatterns {
    mode: LegalizeMode,
}

impl Default for TestLegalizePatterns {
    fn default() -> Self {
        Self {
            mode: LegalizeMode::Partial,
        }
    }
}

/// A copy of `op` named `name`, reading `operands`, with `op`'s regions
/// moved into it and results of `result_types` (default: `op`'s); `op` is
/// replaced by it.
pub(crate) fn replace_with_renamed(
    rw: &mut ConversionPatternRewriter,
    op: OpId,
    name: &str,
    operands: &[Value],
    result_types: Option<&[Type]>,
) -> OpId {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let mut state = OperationState::new(ctx, name, ir.op_loc(op));
    state.operands = operands.to_vec();
    state.result_types = match result_types {
        Some(types) => types.to_vec(),
        None => ir.results(op).map(|v| ir.value_type(v)).collect(),
    };
    state.successors = ir.successors(op).to_vec();
    state.num_regions = ir.regions(op).len();
    state.properties = ir.properties(op);
    state.attributes = ir.attributes(op);
    let new_op = rw.create_op_at(state, InsertPoint::Before(op));
    let regions = rw.ir().regions(op).to_vec();
    for (index, region) in regions.into_iter().enumerate() {
        let dest = rw.ir().region(new_op, index);
        rw.inline_region_before(region, dest, 0);
    }
    let results: Vec<Value> = rw.ir().results(new_op).collect();
    rw.replace_op(op, &results);
    new_op
}

fn has_attr(ctx: &Context, ir: &strata_ir::Ir, op: OpId, name: &str) -> bool {
    ir.attr(ctx, op, name).is_some()
}

impl Pass for TestLegalizePatterns {
    fn name(&self) -> &str {
        "TestLegalizePatterns"
    }
    fn argument(&self) -> &str {
        "test-legalize-patterns"
    }
    fn description(&self) -> &str {
        "Run the dialect-conversion driver with test patterns"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![PassOption::choice(
            "test-legalize-mode",
            "The conversion to run",
            &mut self.mode,
        )]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx;
        let mut target = ConversionTarget::new(ctx);
        target
            .add_legal_op(ModuleOp::NAME)
            .add_legal_dialect("func")
            .add_legal_op(LegalOp::NAME)
            .add_illegal_op(IllegalOp::NAME)
            .add_illegal_op(SideEffectFreeIllegalOp::NAME)
            .add_dynamically_legal_op(AddOp::NAME, |ctx, ir, op| !has_attr(ctx, ir, op, "convert"));

        let mut patterns = ConversionPatternSet::new();
        patterns.add_fn(
            Some(ctx.op_name(IllegalOp::NAME)),
            1,
            "IllegalToLegal",
            None,
            |op, operands, rw| {
                replace_with_renamed(rw, op, LegalOp::NAME, operands, None);
                Ok(())
            },
        );
        patterns.add_fn(
            Some(ctx.op_name(IllegalOp::NAME)),
            2,
            "IllegalToUnconvertible",
            None,
            |op, operands, rw| -> RewriteResult {
                if !has_attr(rw.ctx(), rw.ir(), op, "produce_illegal") {
                    return Err(NoMatch);
                }
                replace_with_renamed(rw, op, SideEffectFreeIllegalOp::NAME, operands, None);
                Ok(())
            },
        );
        patterns.add_fn(
            Some(ctx.op_name(AddOp::NAME)),
            1,
            "DropConvertAttr",
            None,
            |op, _, rw| {
                let ctx = rw.ctx();
                if !has_attr(ctx, rw.ir(), op, "convert") {
                    return Err(NoMatch);
                }
                rw.modify_op_in_place(op, |ir| {
                    ir.set_attribute(ctx, op, "convert", None);
                    ir.set_property(ctx, op, "convert", None);
                });
                Ok(())
            },
        );
        let patterns = patterns.freeze();
        let config = ConversionConfig::default();
        let result = if self.mode == LegalizeMode::Full {
            apply_full_conversion(ctx, pc.ir, pc.op, &target, &patterns, &config)
        } else {
            apply_partial_conversion(ctx, pc.ir, pc.op, &target, &patterns, &config)
        };
        let stats = result?;
        pc.add_statistic(
            "num-patterns",
            "Conversion patterns applied",
            stats.patterns_applied,
        );
        Ok(())
    }
}
