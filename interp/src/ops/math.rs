//! math: every op, element by element, with the semantics shared with the
//! folders ([`strata_dialect_math::semantics`]).

use super::elementwise;
use crate::{Flow, InterpError, InterpResult, Interpreter, Registry, RtValue};
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    for &name in strata_dialect_math::OP_NAMES {
        registry.register(name, math_op);
    }
}

fn math_op(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let name = it.ctx.op_name_str(it.ir.op_name(op)).to_string();
    let r = elementwise(args, |v| {
        strata_dialect_math::eval(&name, v)
            .ok_or_else(|| InterpError::new(format!("'{name}' is undefined for {v:?}")))
    })?;
    Ok(Flow::Next(vec![r]))
}
