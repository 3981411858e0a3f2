//! Verifiers of the `scf` ops, with MLIR 22's messages and in MLIR's order:
//! the op's own checks, then the loop interface's, then the types along
//! every region-branch edge (`verifyTypesAlongControlFlowEdges`).

use crate::interfaces::{region_successors, RegionEdgeSource};
use crate::{
    ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, ParallelOp, ReduceOp, ReduceReturnOp,
    WhileOp, YieldOp,
};
use strata_ir::asm::printer::type_to_string;
use strata_ir::diagnostics::DiagResult;
use strata_ir::fold::constant_of_value;
use strata_ir::interfaces::RegionSuccessor;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, Type, Value};

fn name_of(ctx: &Context, ir: &Ir, op: OpId) -> String {
    ctx.op_name_str(ir.op_name(op)).to_string()
}

fn ty(ctx: &Context, t: Type) -> String {
    type_to_string(ctx, t)
}

fn entry_args(ir: &Ir, op: OpId, region: usize) -> Vec<Value> {
    ir.entry_block(ir.region(op, region))
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default()
}

fn terminator(ir: &Ir, op: OpId, region: usize) -> Option<OpId> {
    ir.entry_block(ir.region(op, region))
        .and_then(|b| ir.last_op(b))
}

/// The yielded values of region `region`'s `scf.yield` terminator.
fn yielded(ctx: &Context, ir: &Ir, op: OpId, region: usize) -> Vec<Value> {
    terminator(ir, op, region)
        .filter(|&t| YieldOp::is(ctx, ir, t))
        .map(|t| ir.operands(t).collect())
        .unwrap_or_default()
}

/// `scf.for`'s `AllTypesMatch` on the bounds, `ForOp::verify`, and MLIR's
/// `verifyLoopLikeOpInterface` (counts, then types, index by index).
pub(crate) fn for_invariants(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let operands: Vec<Value> = ir.operands(op).collect();
    let bound_ty = ir.value_type(operands[0]);
    if operands[1..3].iter().any(|&v| ir.value_type(v) != bound_ty) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that all of {lowerBound, upperBound, step} have same type",
        ));
    }
    let inits = &operands[3..];
    if inits.len() != ir.num_results(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    let args = entry_args(ir, op, 0);
    let iter_args = args.get(1..).unwrap_or_default();
    let yields = yielded(ctx, ir, op, 0);
    let count_error = |what: &str, a: usize, b: usize| {
        Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("different number of {what}: {a} != {b}"),
        ))
    };
    if inits.len() != iter_args.len() {
        return count_error("inits and region iter_args", inits.len(), iter_args.len());
    }
    if !yields.is_empty() && iter_args.len() != yields.len() {
        return count_error(
            "region iter_args and yielded values",
            iter_args.len(),
            yields.len(),
        );
    }
    let type_error = |i: usize, what: &str, a: Type, b: Type| {
        Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "{i}-th {what} have different type: '{}' != '{}'",
                ty(ctx, a),
                ty(ctx, b)
            ),
        ))
    };
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        let (a, b) = (ir.value_type(init), ir.value_type(arg));
        if a != b {
            return type_error(i, &format!("init and {i}-th region iter_arg"), a, b);
        }
        if let Some(&y) = yields.get(i) {
            if ir.value_type(y) != b {
                return type_error(
                    i,
                    &format!("region iter_arg and {i}-th yielded value"),
                    b,
                    ir.value_type(y),
                );
            }
        }
    }
    for (i, (&arg, result)) in iter_args.iter().zip(ir.results(op)).enumerate() {
        let (a, b) = (ir.value_type(arg), ir.value_type(result));
        if a != b {
            return type_error(i, &format!("region iter_arg and {i}-th loop result"), a, b);
        }
    }
    Ok(())
}

/// `ForOp::verifyRegions`: the induction variable, then the region edges.
pub(crate) fn for_regions(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let args = entry_args(ir, op, 0);
    if args.is_empty() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected body to have a single block argument for the induction variable",
        ));
    }
    if ir.value_type(args[0]) != ir.value_type(ir.operand(op, 0)) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected induction variable to be same type as bounds and step",
        ));
    }
    verify_region_edges(ctx, ir, op)
}

/// `NoRegionArguments`, then `IfOp::verify`.
pub(crate) fn if_invariants(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let regions = ir.regions(op).len();
    for i in 0..regions {
        if !entry_args(ir, op, i).is_empty() {
            let which = if regions == 1 {
                String::new()
            } else {
                format!(" #{i}")
            };
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("region{which} should have no arguments"),
            ));
        }
    }
    if ir.num_results(op) != 0 && ir.region_is_empty(ir.region(op, 1)) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "must have an else block if defining values",
        ));
    }
    Ok(())
}

/// MLIR's `verifyAndGetTerminator`: the region's terminator if it is
/// `name`, else the error (with a note at the terminator there is).
fn expect_terminator(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    region: usize,
    name: &str,
    message: &str,
) -> DiagResult<OpId> {
    let term = terminator(ir, op, region);
    match term {
        Some(t) if name_of(ctx, ir, t) == name => Ok(t),
        _ => {
            let diag = emit_op_error(ctx, ir, op, message);
            Err(match term {
                Some(t) => diag.with_note(ir.op_loc(t), "terminator here"),
                None => diag,
            })
        }
    }
}

/// The `SizedRegion<1>` constraints of `before`/`after`, non-empty
/// blocks, then `WhileOp::verify`'s terminators.
pub(crate) fn while_invariants(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    for (i, name) in ["before", "after"].iter().enumerate() {
        if ir.region_blocks(ir.region(op, i)).len() != 1 {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("region #{i} ('{name}') failed to verify constraint: region with 1 blocks"),
            ));
        }
    }
    for i in 0..2 {
        if terminator(ir, op, i).is_none() {
            return Err(emit_op_error(ctx, ir, op, "expects a non-empty block"));
        }
    }
    expect_terminator(
        ctx,
        ir,
        op,
        0,
        ConditionOp::NAME,
        "expects the 'before' region to terminate with 'scf.condition'",
    )?;
    expect_terminator(
        ctx,
        ir,
        op,
        1,
        YieldOp::NAME,
        "expects the 'after' region to terminate with 'scf.yield'",
    )?;
    Ok(())
}

/// `IndexSwitchOp::verify`: one region per case value, distinct values,
/// and every region yielding the op's result types.
pub(crate) fn verify_index_switch(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let cases = ir
        .attr(ctx, op, "cases")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    let case_regions = ir.regions(op).len().saturating_sub(1);
    if cases.len() != case_regions {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "has {case_regions} case regions but {} case values",
                cases.len()
            ),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for &v in &cases {
        if !seen.insert(v) {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("has duplicate case value: {v}"),
            ));
        }
    }
    let results: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    for r in 0..ir.regions(op).len() {
        let name = if r == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", r - 1)
        };
        let Some(term) = terminator(ir, op, r) else {
            continue;
        };
        if !YieldOp::is(ctx, ir, term) {
            let term_name = name_of(ctx, ir, term);
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("expected region to end with scf.yield, but got {term_name}"),
            ));
        }
        if ir.num_operands(term) != results.len() {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    ir.num_operands(term)
                ),
            )
            .with_note(ir.op_loc(term), "see yield operation here"));
        }
        for (i, (v, &t)) in ir.operands(term).zip(&results).enumerate() {
            if ir.value_type(v) != t {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    format!("expected result #{i} of each region to be '{}'", ty(ctx, t)),
                )
                .with_note(
                    ir.op_loc(term),
                    format!("{name} returns '{}' here", ty(ctx, ir.value_type(v))),
                ));
            }
        }
    }
    Ok(())
}

pub(crate) fn verify_execute_region(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if ir.region_is_empty(ir.region(op, 0)) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "region needs to have at least one block",
        ));
    }
    if !entry_args(ir, op, 0).is_empty() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "region cannot have any arguments",
        ));
    }
    verify_region_edges(ctx, ir, op)
}

pub(crate) fn verify_parallel(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered");
    let groups = strata_ir::format::value_groups(ctx, ir, op, def, false);
    let (lbs, ubs, steps) = (&groups[0], &groups[1], &groups[2]);
    if steps.is_empty() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "needs at least one tuple element for lowerBound, upperBound and step",
        ));
    }
    for &step in steps.iter() {
        if let Some(v) = constant_of_value(ctx, ir, step).and_then(|a| ctx.integer_value(a)) {
            if v <= 0 {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    "constant step operand must be positive",
                ));
            }
        }
    }
    let ivs = entry_args(ir, op, 0);
    if ivs.len() != steps.len() || lbs.len() != steps.len() || ubs.len() != steps.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expects the same number of induction variables: {} as bound and step values: {}",
                ivs.len(),
                steps.len()
            ),
        ));
    }
    if ivs.iter().any(|&v| !ctx.is_index(ir.value_type(v))) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects arguments for the induction variable to be of index type",
        ));
    }
    let reduce = expect_terminator(
        ctx,
        ir,
        op,
        0,
        ReduceOp::NAME,
        "expects body to terminate with 'scf.reduce'",
    )?;
    let reductions = ir.num_operands(reduce);
    let inits = &groups[3];
    if ir.num_results(op) != reductions {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expects number of results: {} to be the same as number of reductions: {}",
                ir.num_results(op),
                reductions
            ),
        ));
    }
    if ir.num_results(op) != inits.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expects number of results: {} to be the same as number of initial values: {}",
                ir.num_results(op),
                inits.len()
            ),
        ));
    }
    for (i, (operand, result)) in ir.operands(reduce).zip(ir.results(op)).enumerate() {
        if ir.value_type(operand) != ir.value_type(result) {
            return Err(emit_op_error(
                ctx,
                ir,
                reduce,
                format!("expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                    ty(ctx, ir.value_type(operand)), ty(ctx, ir.value_type(result))),
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_reduce(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if ir.parent_op(op).is_none_or(|p| !ParallelOp::is(ctx, ir, p)) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects parent op 'scf.parallel'",
        ));
    }
    if ir.regions(op).len() != ir.num_operands(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "expects number of reduction regions: {} to be the same as number of reduction operands: {}",
                ir.regions(op).len(),
                ir.num_operands(op)
            ),
        ));
    }
    for (i, (&region, operand)) in ir.regions(op).iter().zip(ir.operands(op)).enumerate() {
        let t = ir.value_type(operand);
        let ok = ir.entry_block(region).is_some_and(|b| {
            let args = ir.block_args(b);
            args.len() == 2 && args.iter().all(|&a| ir.value_type(a) == t)
        });
        if !ok {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "expected two block arguments with type '{}' in the {i}-th reduction region",
                    ty(ctx, t)
                ),
            ));
        }
        let ends = ir
            .entry_block(region)
            .and_then(|b| ir.last_op(b))
            .is_some_and(|t| ReduceReturnOp::is(ctx, ir, t));
        if !ends {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "reduction bodies must be terminated with an 'scf.reduce.return' op",
            ));
        }
    }
    Ok(())
}

pub(crate) fn verify_reduce_return(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(block) = ir.op_block(op) else {
        return Ok(());
    };
    let Some(reduce) = ir.parent_op(op).filter(|&p| ReduceOp::is(ctx, ir, p)) else {
        return Err(emit_op_error(ctx, ir, op, "expects parent op 'scf.reduce'"));
    };
    let region = ir.block_region(block).expect("block in region");
    let index = ir.region_index(region);
    let expected = ir.value_type(ir.operand(reduce, index));
    if ir.value_type(ir.operand(op, 0)) != expected {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "must have type '{}' (the type of the reduction inputs)",
                ty(ctx, expected)
            ),
        ));
    }
    Ok(())
}

pub(crate) fn verify_yield(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ok = ir.parent_op(op).is_some_and(|p| {
        ExecuteRegionOp::is(ctx, ir, p)
            || ForOp::is(ctx, ir, p)
            || IfOp::is(ctx, ir, p)
            || IndexSwitchOp::is(ctx, ir, p)
            || WhileOp::is(ctx, ir, p)
    });
    if !ok {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
        ));
    }
    Ok(())
}

pub(crate) fn verify_condition(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if ir.parent_op(op).is_none_or(|p| !WhileOp::is(ctx, ir, p)) {
        return Err(emit_op_error(ctx, ir, op, "expects parent op 'scf.while'"));
    }
    Ok(())
}

/// MLIR's `verifyTypesAlongControlFlowEdges` for the region-branch ops:
/// what flows along each edge has the count and types its target expects.
pub fn verify_region_edges(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let check = |source: String, forwarded: Vec<Value>, to: RegionSuccessor| -> DiagResult<()> {
        let (target, inputs): (String, Vec<Type>) = match to {
            RegionSuccessor::Parent => (
                "parent".into(),
                ir.results(op).map(|v| ir.value_type(v)).collect(),
            ),
            RegionSuccessor::Region(r) => (
                format!("Region #{r}"),
                crate::interfaces::region_inputs(ctx, ir, op, r)
                    .iter()
                    .map(|&v| ir.value_type(v))
                    .collect(),
            ),
        };
        if forwarded.len() != inputs.len() {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "along control flow edge from {source} to {target}: region branch point has {} operands, but region successor needs {} inputs",
                    forwarded.len(),
                    inputs.len()
                ),
            ));
        }
        for (i, (&v, &t)) in forwarded.iter().zip(&inputs).enumerate() {
            if ir.value_type(v) != t {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "along control flow edge from {source} to {target}: successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                        ty(ctx, ir.value_type(v)),
                        ty(ctx, t)
                    ),
                ));
            }
        }
        Ok(())
    };
    for to in region_successors(ctx, ir, op, RegionEdgeSource::Parent) {
        let forwarded = crate::interfaces::entry_operands_of(ctx, ir, op, to);
        check("parent operands".into(), forwarded.to_vec(), to)?;
    }
    for r in 0..ir.regions(op).len() {
        let Some(term) = terminator(ir, op, r) else {
            continue;
        };
        let forwarded: Vec<Value> = if YieldOp::is(ctx, ir, term) {
            ir.operands(term).collect()
        } else if ConditionOp::is(ctx, ir, term) {
            ir.operands(term).skip(1).collect()
        } else {
            continue;
        };
        let term_name = name_of(ctx, ir, term);
        for to in region_successors(ctx, ir, op, RegionEdgeSource::Region(r)) {
            check(format!("Operation {term_name}"), forwarded.clone(), to)?;
        }
    }
    Ok(())
}
