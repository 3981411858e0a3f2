//! `scf-forall-to-for` (MLIR's `SCFForallToForLoop`).
//!
//! `scf.forall (%i, %j) in (%n, 8) shared_outs(%o = %t)` becomes
//! `scf.for %i ... iter_args(%a = %t) { scf.for %j ... iter_args(%b = %a) {
//! body; %r = tensor.insert_slice ... into %b; scf.yield %r } ; scf.yield }`:
//! the body moves to the front of the innermost loop, reads of the shared
//! output inside it read the innermost loop-carried value (what the
//! iterations before left), and the inserts of the terminator, in order,
//! become `tensor.insert_slice`s into the loop-carried values that the
//! innermost loop yields.

use crate::{bound_values, lower_each_forall};
use strata_dialect_scf::forall::{combining_dest, rank, region_out_args, terminator, yielding_ops};
use strata_dialect_scf::{ForOp, YieldOp};
use strata_dialect_tensor::ops::InsertSliceOp;
use strata_ir::builder::OpBuilder;
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{Context, Diagnostic, InsertPoint, Ir, OpId, OperationState, Value};

/// The pass object.
#[derive(Clone, Default)]
pub struct ForallToFor;

impl Pass for ForallToFor {
    fn name(&self) -> &str {
        "SCFForallToForLoop"
    }
    fn argument(&self) -> &str {
        "scf-forall-to-for"
    }
    fn description(&self) -> &str {
        "Convert SCF forall loops to SCF for loops"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        lower_each_forall(pc, forall_to_for)
    }
}

/// Lowers one `scf.forall`; returns the loops, outermost first.
pub fn forall_to_for(ctx: &Context, ir: &mut Ir, forall: OpId) -> Result<Vec<OpId>, Diagnostic> {
    let term = terminator(ctx, ir, forall)
        .ok_or_else(|| Diagnostic::error(ir.op_loc(forall), "expected scf.forall.in_parallel"))?;
    let inserts = yielding_ops(ir, term);
    if let Some(&bad) = inserts
        .iter()
        .find(|&&op| combining_dest(ctx, ir, op).is_none())
    {
        return Err(Diagnostic::error(
            ir.op_loc(bad),
            format!(
                "'{}' op expected parallel insert slice op",
                ctx.op_name_str(ir.op_name(bad))
            ),
        ));
    }
    let n = rank(ctx, ir, forall);
    let out_args = region_out_args(ctx, ir, forall);
    let inits: Vec<Value> = strata_dialect_scf::forall::outputs(ctx, ir, forall);
    let types: Vec<_> = inits.iter().map(|&v| ir.value_type(v)).collect();
    let [lbs, ubs, steps] = bound_values(ctx, ir, forall);
    let loc = ir.op_loc(forall);
    let index = ctx.index_type();
    // The loop nest (MLIR's `buildLoopNest`).
    let mut at = InsertPoint::Before(forall);
    let mut loops: Vec<OpId> = Vec::with_capacity(n);
    let mut ivs = Vec::with_capacity(n);
    let mut carried = inits.clone();
    for d in 0..n {
        let mut b = OpBuilder::at(ctx, ir, at);
        b.loc = loc;
        let for_op = ForOp::build(&mut b, lbs[d], ubs[d], steps[d], &carried, &types, None).op();
        let mut arg_types = vec![index];
        arg_types.extend(types.iter().copied());
        let block = ir.append_block(ir.region(for_op, 0), &arg_types);
        ivs.push(ir.block_arg(block, 0));
        carried = ir.block_args(block)[1..].to_vec();
        if let Some(&outer) = loops.last() {
            let outer_block = ir.op_block(for_op).expect("nested loop");
            let results: Vec<Value> = ir.results(for_op).collect();
            let mut b = OpBuilder::at(ctx, ir, InsertPoint::BlockEnd(outer_block));
            b.loc = b.ir.op_loc(outer);
            YieldOp::build(&mut b, &results);
        }
        loops.push(for_op);
        at = InsertPoint::BlockEnd(block);
    }
    let inner = ir
        .entry_block(ir.region(*loops.last().expect("rank >= 1"), 0))
        .expect("loop body");
    // The inserts, in order, into what the iterations before left.
    let mut current = carried.clone();
    for &ins in &inserts {
        let dest = ir.operand(ins, 1);
        let k = out_args.iter().position(|&a| a == dest).ok_or_else(|| {
            Diagnostic::error(
                ir.op_loc(ins),
                "'tensor.parallel_insert_slice' op expected destination to be block argument in loop",
            )
        })?;
        let mut state = OperationState::new(ctx, InsertSliceOp::NAME, ir.op_loc(ins));
        state.operands = ir.operands(ins).collect();
        state.operands[1] = current[k];
        state.result_types = vec![types[k]];
        state.properties = ir.properties(ins);
        let new = ir.create_op(state, InsertPoint::BlockEnd(inner));
        current[k] = ir.result(new, 0);
    }
    let mut b = OpBuilder::at(ctx, ir, InsertPoint::BlockEnd(inner));
    b.loc = loc;
    YieldOp::build(&mut b, &current);
    for ins in inserts {
        ir.erase_op(ins).expect("parallel inserts have no results");
    }
    ir.erase_op(term).expect("terminator has no results");
    // The body moves to the front of the innermost loop.
    let body = ir.entry_block(ir.region(forall, 0)).expect("forall body");
    let mut args = ivs.clone();
    args.extend(carried.iter().copied());
    for (&old, &new) in ir.block_args(body).to_vec().iter().zip(&args) {
        ir.replace_all_uses_with(old, new);
    }
    let first = ir.first_op(inner);
    let ops: Vec<OpId> = ir.block_ops(body).collect();
    for op in ops {
        match first {
            Some(f) => ir.move_op(op, InsertPoint::Before(f)),
            None => ir.move_op(op, InsertPoint::BlockEnd(inner)),
        }
    }
    let results: Vec<Value> = ir.results(loops[0]).collect();
    ir.replace_all_op_uses_with(forall, &results);
    ir.erase_op(forall).expect("forall results replaced");
    Ok(loops)
}
