//! gpu: `gpu.launch` runs its body once per (block, thread), blocks and
//! threads in row-major order (z outermost, x innermost), one after the
//! other. Without synchronization, threads may only communicate through
//! data races, whose result is undefined, so any sequential order is a
//! valid execution. `gpu.barrier` is different: every thread of a block
//! must reach it before any goes on, which a run-to-completion schedule
//! cannot honour; the interpreter reports an error for it rather than
//! running it wrong. Ids read the enclosing launch's region arguments
//! (block ids 0-2, thread ids 3-5, grid sizes 6-8, block sizes 9-11).
//! Async launches, attributions and `gpu.launch_func` (outlined kernels)
//! are reported as unsupported.

use super::operand_groups;
use crate::{Flow, InterpResult, Interpreter, Registry, RtValue, Scalar};
use strata_dialect_gpu::{
    BarrierOp, BlockDimOp, BlockIdOp, GridDimOp, LaunchOp, TerminatorOp, ThreadIdOp,
};
use strata_ir::OpId;

pub fn register(registry: &mut Registry) {
    registry.register_op::<LaunchOp>(launch);
    registry.register_op::<TerminatorOp>(|_, _, _| Ok(Flow::Yield(Vec::new())));
    registry.register_op::<BarrierOp>(|it, op, _| {
        Err(it.error(
            op,
            "gpu.barrier is not supported: the interpreter runs the threads of a launch one after the other",
        ))
    });
    for name in [
        BlockIdOp::NAME,
        ThreadIdOp::NAME,
        GridDimOp::NAME,
        BlockDimOp::NAME,
    ] {
        registry.register(name, id_op);
    }
}

fn index_of(it: &Interpreter, op: OpId, v: &RtValue) -> InterpResult<i64> {
    match v {
        RtValue::Scalar(Scalar::Int(bits, _)) => Ok(*bits as u64 as i64),
        _ => Err(it.error(op, "expected an index value")),
    }
}

fn launch(it: &mut Interpreter, op: OpId, args: &[RtValue]) -> InterpResult<Flow> {
    let groups = operand_groups(it, op)?;
    if it.ir.num_results(op) > 0 || !groups[0].is_empty() {
        return Err(it.error(op, "async gpu.launch is not supported by the interpreter"));
    }
    let region = it.ir.region(op, 0);
    let Some(entry) = it.ir.entry_block(region) else {
        return Ok(Flow::Next(Vec::new()));
    };
    if it.ir.block_args(entry).len() != 12 {
        return Err(it.error(
            op,
            "gpu.launch attributions are not supported by the interpreter",
        ));
    }
    let mut sizes = [0i64; 6];
    for (i, size) in sizes.iter_mut().enumerate() {
        let v = &args[groups[1 + i].start];
        *size = index_of(it, op, v)?;
        if *size < 0 {
            return Err(it.error(op, format!("negative launch size {size}")));
        }
    }
    let [gx, gy, gz, bx, by, bz] = sizes;
    for block in 0..gx * gy * gz {
        let (bidz, bidy, bidx) = (block / (gx * gy), block / gx % gy, block % gx);
        for thread in 0..bx * by * bz {
            let (tidz, tidy, tidx) = (thread / (bx * by), thread / bx % by, thread % bx);
            let values = [bidx, bidy, bidz, tidx, tidy, tidz, gx, gy, gz, bx, by, bz];
            it.run_region(region, values.iter().map(|&v| RtValue::index(v)).collect())?;
        }
    }
    Ok(Flow::Next(Vec::new()))
}

/// An id op: the value of the enclosing launch's region argument.
fn id_op(it: &mut Interpreter, op: OpId, _: &[RtValue]) -> InterpResult<Flow> {
    let first = match it.ctx.op_name_str(it.ir.op_name(op)) {
        BlockIdOp::NAME => 0,
        ThreadIdOp::NAME => 3,
        GridDimOp::NAME => 6,
        _ => 9,
    };
    let dim = match it
        .ir
        .attr(it.ctx, op, "dimension")
        .map(|a| strata_ir::asm::printer::attr_to_string(it.ctx, a))
        .as_deref()
    {
        Some("#gpu<dim x>") => 0,
        Some("#gpu<dim y>") => 1,
        Some("#gpu<dim z>") => 2,
        _ => return Err(it.error(op, "bad gpu dimension")),
    };
    let mut cur = it.ir.parent_op(op);
    while let Some(parent) = cur {
        if LaunchOp::is(it.ctx, it.ir, parent) {
            let entry = it.ir.entry_block(it.ir.region(parent, 0));
            let arg = entry.map(|b| it.ir.block_arg(b, first + dim));
            if let Some(v) = arg.and_then(|a| it.value(a)).cloned() {
                return Ok(Flow::Next(vec![v]));
            }
            break;
        }
        cur = it.ir.parent_op(parent);
    }
    Err(it.error(
        op,
        "gpu id op outside a gpu.launch is not supported by the interpreter",
    ))
}
