//! Canonicalization patterns of `memref`, after MLIR's `MemRefOps.cpp`:
//! `SimplifyDeadAlloc` erases a `memref.alloc`/`memref.alloca` whose only
//! users are `memref.dealloc`s and `memref.store`s into it (nothing can
//! observe the buffer), together with those users.

use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{OpDefinition, OpId};

pub(crate) fn attach(defs: &mut [OpDefinition]) {
    for def in defs.iter_mut() {
        if matches!(def.name.as_str(), "memref.alloc" | "memref.alloca") {
            def.hooks.canonicalization_patterns = Some(dead_alloc_patterns);
        }
    }
}

fn dead_alloc_patterns(ctx: &strata_ir::Context, set: &mut RewritePatternSet) {
    for name in ["memref.alloc", "memref.alloca"] {
        set.add_fn(
            Some(ctx.op_name(name)),
            1,
            "SimplifyDeadAlloc",
            simplify_dead_alloc,
        );
    }
}

fn simplify_dead_alloc(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let buffer = ir.result(op, 0);
    let mut users: Vec<OpId> = Vec::new();
    for u in ir.uses(buffer) {
        let name = ctx.op_name_str(ir.op_name(u.op));
        // A store of the buffer itself (operand 0) publishes it.
        let ok = name == "memref.dealloc" || (name == "memref.store" && u.index != 0);
        if !ok {
            return Err(NoMatch);
        }
        if !users.contains(&u.op) {
            users.push(u.op);
        }
    }
    for user in users {
        rw.erase_op(user);
    }
    rw.erase_op(op);
    Ok(())
}
