//! func: calls (direct, indirect, recursive up to a depth limit), returns,
//! function constants.

use crate::{Flow, InterpResult, Interpreter, Registry, RtValue};
use strata_dialect_func::{CallIndirectOp, CallOp, ConstantOp, ReturnOp};
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    registry.register_op::<ReturnOp>(|_, _, args| Ok(Flow::Yield(args.to_vec())));
    registry.register_op::<CallOp>(call);
    registry.register_op::<CallIndirectOp>(call_indirect);
    registry.register_op::<ConstantOp>(constant);
}

fn callee_name(it: &Interpreter, op: OpId, attr: &str) -> Option<String> {
    let a = it.ir.attr(it.ctx, op, attr)?;
    match it.ctx.attr_data(a) {
        strata_ir::AttrData::SymbolRef { root, .. } => Some(it.ctx.str(*root).to_string()),
        _ => None,
    }
}

fn call(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let name = callee_name(it, op, "callee").ok_or_else(|| it.error(op, "call without callee"))?;
    let func = it
        .lookup_symbol(&name)
        .ok_or_else(|| it.error(op, format!("no function named '@{name}'")))?;
    Ok(Flow::Next(it.call(func, args.to_vec())?))
}

fn call_indirect(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let RtValue::Func(name) = &args[0] else {
        return Err(it.error(op, "callee is not a function value"));
    };
    let func = it
        .lookup_symbol(name)
        .ok_or_else(|| it.error(op, format!("no function named '@{name}'")))?;
    Ok(Flow::Next(it.call(func, args[1..].to_vec())?))
}

fn constant(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let name =
        callee_name(it, op, "value").ok_or_else(|| it.error(op, "func.constant without value"))?;
    Ok(Flow::Next(vec![RtValue::Func(name)]))
}
