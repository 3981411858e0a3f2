//! cf: branches, switches and assertions.

use crate::{Flow, InterpResult, Interpreter, Registry, RtValue};
use strata_dialect_cf::successor_operand_range;
use strata_dialect_cf::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    registry.register_op::<BranchOp>(branch);
    registry.register_op::<CondBranchOp>(cond_branch);
    registry.register_op::<SwitchOp>(switch);
    registry.register_op::<AssertOp>(assert);
}

fn jump(it: &Interpreter, op: OpId, args: &[RtValue], index: usize) -> Flow {
    let (start, len) = successor_operand_range(it.ctx, it.ir, op, index);
    Flow::Branch(
        it.ir.successors(op)[index],
        args[start..start + len].to_vec(),
    )
}

fn branch(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    Ok(jump(it, op, args, 0))
}

fn cond_branch(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let c = args[0]
        .as_bool()
        .ok_or_else(|| it.error(op, "condition is not a boolean"))?;
    Ok(jump(it, op, args, if c { 0 } else { 1 }))
}

fn switch(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let Some(RtValue::Scalar(strata_dialect_arith::semantics::Scalar::Int(v, w))) = args.first()
    else {
        return Err(it.error(op, "switch flag is not an integer"));
    };
    let flag = strata_dialect_arith::semantics::sext(*v, *w);
    let cases = strata_dialect_cf::ops_case_values(it.ctx, it.ir, op);
    let index = cases.iter().position(|&c| c == flag).map_or(0, |p| p + 1);
    Ok(jump(it, op, args, index))
}

fn assert(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    if args[0].as_bool() == Some(true) {
        return Ok(Flow::Next(Vec::new()));
    }
    let msg = it
        .ir
        .attr(it.ctx, op, "msg")
        .and_then(|a| it.ctx.string_value(a))
        .unwrap_or("")
        .to_string();
    Err(it.error(op, format!("assertion failed: {msg}")))
}
