//! Verifiers of the `scf` ops, with MLIR 22's messages and in MLIR's order:
//! the op's own checks, then the loop interface's, then the types along
//! every region-branch edge (`verifyTypesAlongControlFlowEdges`).

use crate::interfaces::{region_successors, RegionEdgeSource};
use strata_ir::asm::printer::type_to_string;
use strata_ir::diagnostics::DiagResult;
use strata_ir::fold::constant_of_value;
use strata_ir::interfaces::RegionSuccessor;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpDefinition, OpId, Type, Value};

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        def.hooks.verify = match def.name.as_str() {
            "scf.for" => Some(verify_for),
            "scf.if" => Some(verify_if),
            "scf.while" => Some(verify_while),
            "scf.execute_region" => Some(verify_execute_region),
            "scf.parallel" => Some(verify_parallel),
            "scf.reduce" => Some(verify_reduce),
            "scf.reduce.return" => Some(verify_reduce_return),
            "scf.yield" => Some(verify_yield),
            "scf.condition" => Some(verify_condition),
            _ => None,
        };
    }
}

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

fn verify_for(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let operands: Vec<Value> = ir.operands(op).collect();
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
    if args.is_empty() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected body to have a single block argument for the induction variable",
        ));
    }
    let iter_args = &args[1..];
    if inits.len() != iter_args.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ),
        ));
    }
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        let (a, b) = (ir.value_type(init), ir.value_type(arg));
        if a != b {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'",
                    ty(ctx, a),
                    ty(ctx, b)
                ),
            ));
        }
    }
    for (i, (&arg, result)) in iter_args.iter().zip(ir.results(op)).enumerate() {
        let (a, b) = (ir.value_type(arg), ir.value_type(result));
        if a != b {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'",
                    ty(ctx, a),
                    ty(ctx, b)
                ),
            ));
        }
    }
    if ir.value_type(args[0]) != ir.value_type(operands[0]) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected induction variable to be same type as bounds and step",
        ));
    }
    verify_region_edges(ctx, ir, op)
}

fn verify_if(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if ir.num_results(op) != 0 && ir.region_is_empty(ir.region(op, 1)) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "must have an else block if defining values",
        ));
    }
    verify_region_edges(ctx, ir, op)
}

fn verify_while(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ends_with = |region: usize, name: &str| {
        terminator(ir, op, region).is_some_and(|t| name_of(ctx, ir, t) == name)
    };
    if !ends_with(0, "scf.condition") {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects the 'before' region to terminate with 'scf.condition'",
        ));
    }
    if !ends_with(1, "scf.yield") {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects the 'after' region to terminate with 'scf.yield'",
        ));
    }
    verify_region_edges(ctx, ir, op)
}

fn verify_execute_region(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
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

fn verify_parallel(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
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
    let Some(reduce) = terminator(ir, op, 0).filter(|&t| name_of(ctx, ir, t) == "scf.reduce")
    else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects body to terminate with 'scf.reduce'",
        ));
    };
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
                format!("expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                    ty(ctx, ir.value_type(operand)), ty(ctx, ir.value_type(result))),
            ));
        }
    }
    Ok(())
}

fn verify_reduce(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if ir
        .parent_op(op)
        .is_none_or(|p| name_of(ctx, ir, p) != "scf.parallel")
    {
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
            .is_some_and(|t| name_of(ctx, ir, t) == "scf.reduce.return");
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

fn verify_reduce_return(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(block) = ir.op_block(op) else {
        return Ok(());
    };
    let Some(reduce) = ir
        .parent_op(op)
        .filter(|&p| name_of(ctx, ir, p) == "scf.reduce")
    else {
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

fn verify_yield(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ok = ir.parent_op(op).is_some_and(|p| {
        matches!(
            name_of(ctx, ir, p).as_str(),
            "scf.execute_region" | "scf.for" | "scf.if" | "scf.index_switch" | "scf.while"
        )
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

fn verify_condition(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if ir
        .parent_op(op)
        .is_none_or(|p| name_of(ctx, ir, p) != "scf.while")
    {
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
        let term_name = name_of(ctx, ir, term);
        if term_name != "scf.yield" && term_name != "scf.condition" {
            continue;
        }
        let forwarded: Vec<Value> = if term_name == "scf.condition" {
            ir.operands(term).skip(1).collect()
        } else {
            ir.operands(term).collect()
        };
        for to in region_successors(ctx, ir, op, RegionEdgeSource::Region(r)) {
            check(format!("Operation {term_name}"), forwarded.clone(), to)?;
        }
    }
    Ok(())
}
