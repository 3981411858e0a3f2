//! The `test` dialect: ops that exercise the pass infrastructure and the
//! rewrite drivers, in the spirit of MLIR's `TestDialect`. Generic syntax,
//! except the ops named after MLIR's, which take MLIR's custom form
//! (`test.graph_region { ... }`). What each op is for:
//!
//! | op | traits / hooks | used by |
//! |---|---|---|
//! | `test.constant` | CONSTANT_LIKE, PURE; `value` attribute | folding, constant de-duplication |
//! | `test.add`, `test.mul` | PURE, COMMUTATIVE; fold (constants, `x+0`, `x*1`) | canonicalize, sccp, cse |
//! | `test.sub` | PURE; pattern `sub(x, x) -> 0` | patterns, materialization |
//! | `test.pure` | PURE, no fold | cse, dce, licm |
//! | `test.read` / `test.write` | MemoryEffects read / write | cse, dce, licm |
//! | `test.br` / `test.cond_br` | TERMINATOR, BranchOpInterface | sccp, unreachable blocks |
//! | `test.yield` | TERMINATOR, RETURN_LIKE, PURE | regions |
//! | `test.if` | RegionBranchOpInterface | sccp |
//! | `test.loop` | LoopLikeOpInterface, RECURSIVE_MEMORY_EFFECTS | licm |
//! | `test.graph_region` | GRAPH_REGION; `test.graph_region { ... }` | region-kind verification, cse, region dce |
//! | `test.symbol_scope` | SYMBOL_TABLE | symbol-dce in a nested table |
//! | `test.region_yield` | TERMINATOR, RETURN_LIKE, PURE; `test.region_yield %v : T` | regions |
//! | `test.cse_of_single_block_op` | PURE, one region; `inputs(...) { ... } : T -> U` | cse of region-holding ops |
//! | `test.graph_loop` | LoopLikeOpInterface, graph body, no effects, recursively speculatable | licm in graph regions |
//! | `test.test_effects_result` | MemoryEffects read (on its result) | dce of unused reads |
//! | `test.single_no_terminator_op` | NO_TERMINATOR; `test.single_no_terminator_op : { ... }` | regions without terminator |
//! | `test.isolated` | ISOLATED_FROM_ABOVE, NO_TERMINATOR | nested pipelines |
//! | `test.flip` | pattern that never reaches a fixed point | non-convergence |
//! | `test.legal` / `test.illegal` / `test.cast_i64` | | dialect conversion |
//! | `test.affine_scope` | AFFINE_SCOPE; custom syntax `test.affine_scope { ... }` | affine dim/symbol rules |

mod affine_scope;
pub mod convert_types_pass;
pub mod legalize_patterns_pass;
mod ops;
pub mod unsound_fold;

pub use affine_scope::AffineScopeOp;
pub use ops::{
    AddOp, BrOp, CondBrOp, ConstantOp, FlipOp, GraphRegionOp, IfOp, IllegalOp, IsolatedOp, LegalOp,
    LoopOp, MulOp, OpWithMemReadOp, PureOp, ReadOp, SideEffectFreeIllegalOp, SubOp, WriteOp,
    YieldOp,
};

use std::sync::Arc;
use strata_ir::ir::{InsertPoint, OperationState};
use strata_ir::{Attribute, Context, Dialect, Ir, Location, OpDefinition, OpId, Type};

pub struct TestDialect;

impl Dialect for TestDialect {
    /// As MLIR's test dialect: tests use ad-hoc `test.*` ops freely.
    fn allows_unknown_operations(&self) -> bool {
        true
    }
    fn name(&self) -> &str {
        "test"
    }
    fn description(&self) -> &str {
        "ops for testing passes and rewrite drivers"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
    fn materialize_constant(
        &self,
        ctx: &Context,
        ir: &mut Ir,
        value: Attribute,
        ty: Type,
        loc: Location,
        at: InsertPoint,
    ) -> Option<OpId> {
        Some(create_constant(ctx, ir, value, ty, loc, at))
    }
}

/// Creates `test.constant` with `value` of type `ty` at `at`.
pub fn create_constant(
    ctx: &Context,
    ir: &mut Ir,
    value: Attribute,
    ty: Type,
    loc: Location,
    at: InsertPoint,
) -> OpId {
    let mut state = OperationState::new(ctx, ops::ConstantOp::NAME, loc);
    state.result_types.push(ty);
    state.attributes = ctx.dictionary_attr([(ctx.intern_str("value"), value)]);
    ir.create_op(state, at)
}

/// Loads the test dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(TestDialect));
}
