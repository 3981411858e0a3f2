//! builtin: `builtin.unrealized_conversion_cast` forwards its operands
//! when the counts match (a cast between representations of one value).

use crate::{Flow, InterpResult, Interpreter, Registry, RtValue};
use strata_ir::builtin::UnrealizedConversionCastOp;
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    registry.register_op::<UnrealizedConversionCastOp>(unrealized_cast);
}

fn unrealized_cast(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    if args.len() != it.ir.num_results(op) {
        return Err(it.error(
            op,
            "cannot interpret an unrealized_conversion_cast that changes the number of values",
        ));
    }
    Ok(Flow::Next(args.to_vec()))
}
