//! `linalg-generalize-named-ops` (MLIR's `LinalgGeneralizeNamedOpsPass`):
//! each structured op other than `linalg.generic` — matmul, convolutions,
//! fill, copy, map, reduce, transpose, broadcast, ... — becomes the
//! `linalg.generic` it stands for: its indexing maps and iterator types as
//! attributes, its operands as `ins`/`outs`, its payload block moved over
//! unchanged (arguments print as `%in`, `%in_0`, `%out`). Attributes that
//! only the named form knows (strides, dilations) are folded into the maps
//! and dropped, as MLIR does.

use strata_dialect_linalg::structured::{payload_block, structured_info};
use strata_dialect_linalg::{BroadcastOp, GenericOp, MapOp, ReduceOp, TransposeOp};
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::rewrite::{
    apply_patterns_greedily, GreedyRewriteConfig, NoMatch, PatternRewriter, RewritePatternSet,
};
use strata_ir::{Context, InsertPoint, Ir, OpId, OperationState};

#[derive(Clone, Default)]
pub struct GeneralizeNamedOps;

impl Pass for GeneralizeNamedOps {
    fn name(&self) -> &str {
        "LinalgGeneralizeNamedOpsPass"
    }
    fn argument(&self) -> &str {
        "linalg-generalize-named-ops"
    }
    fn description(&self) -> &str {
        "Convert named ops into generic ops"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        generalize_all(ctx, pc.ir_mut(), root);
        Ok(())
    }
}

/// Generalizes every named structured op under `root` in the greedy
/// driver, as MLIR's pass does (so unused ops on tensors are erased too).
pub fn generalize_all(ctx: &Context, ir: &mut Ir, root: OpId) {
    let mut set = RewritePatternSet::new();
    let mut names: Vec<&str> = vec![
        TransposeOp::NAME,
        BroadcastOp::NAME,
        MapOp::NAME,
        ReduceOp::NAME,
    ];
    names.extend(strata_dialect_linalg::named::NAMED.iter().map(|(n, _)| *n));
    for name in names {
        set.add_fn(
            Some(ctx.op_name(name)),
            1,
            "LinalgGeneralizationPattern",
            |op, rw| generalize(op, rw).map(|_| ()).ok_or(NoMatch),
        );
    }
    let patterns = set.freeze();
    apply_patterns_greedily(
        ctx,
        ir,
        root,
        &patterns,
        &GreedyRewriteConfig::default(),
        None,
    );
}

/// Replaces the named structured op `op` by a `linalg.generic`; returns it.
pub fn generalize(op: OpId, rw: &mut PatternRewriter) -> Option<OpId> {
    let ctx = rw.ctx();
    let ir = rw.ir();
    if GenericOp::is(ctx, ir, op) {
        return None;
    }
    let info = structured_info(ctx, ir, op)?.ok()?;
    payload_block(ir, op)?;
    let mut state = OperationState::new(ctx, GenericOp::NAME, ir.op_loc(op));
    state.operands = info.operands().collect();
    state.result_types = ir.results(op).map(|v| ir.value_type(v)).collect();
    state.num_regions = 1;
    state.properties = strata_dialect_linalg::generic_properties(
        ctx,
        &info.indexing_maps,
        &info.iterator_types,
        info.inputs.len(),
        info.outputs.len(),
    );
    let generic = rw.create_op_at(state, InsertPoint::Before(op));
    let (from, to) = (rw.ir().region(op, 0), rw.ir().region(generic, 0));
    rw.ir_mut_unnotified().take_region_body(from, to);
    let results: Vec<_> = rw.ir().results(generic).collect();
    rw.replace_op(op, &results);
    Some(generic)
}
