//! `strip-debuginfo` (MLIR's `StripDebugInfo`): every op and block
//! argument location becomes `loc(unknown)`.

use strata_ir::pass::{Pass, PassContext, PassResult};

#[derive(Clone, Default)]
pub struct StripDebugInfo;

impl Pass for StripDebugInfo {
    fn name(&self) -> &str {
        "StripDebugInfo"
    }
    fn argument(&self) -> &str {
        "strip-debuginfo"
    }
    fn description(&self) -> &str {
        "Strip debug info from all operations"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let unknown = pc.ctx.unknown_loc();
        let ops = pc.ir.collect_preorder(pc.op);
        for op in ops {
            pc.ir.set_op_loc(op, unknown);
            for r in 0..pc.ir.regions(op).len() {
                let region = pc.ir.region(op, r);
                for b in pc.ir.region_blocks(region).to_vec() {
                    for arg in pc.ir.block_args(b).to_vec() {
                        pc.ir.set_block_arg_loc(arg, unknown);
                    }
                }
            }
        }
        pc.mark_all_analyses_preserved();
        Ok(())
    }
}
