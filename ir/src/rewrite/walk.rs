//! The walk-once driver (MLIR's `walkAndApplyPatterns`): every op nested
//! in the root is visited once, children before parents, and the first
//! matching pattern (best benefit first) is applied. No folding, no
//! worklist, no iteration to a fixed point: ops created by a rewrite are
//! not visited. Cheap, predictable, for lowering-style pattern sets whose
//! rewrites never enable each other.

use super::pattern::{FrozenPatternSet, NoListener, PatternRewriter, RewriteListener};
use crate::context::Context;
use crate::ir::{InsertPoint, Ir, OpId};

/// Applies `patterns` once per op nested in `root` (post-order). Returns
/// how many rewrites applied.
pub fn walk_and_apply_patterns(
    ctx: &Context,
    ir: &mut Ir,
    root: OpId,
    patterns: &FrozenPatternSet,
    listener: Option<&mut dyn RewriteListener>,
) -> u64 {
    let mut ops = Vec::new();
    for &region in ir.regions(root) {
        for &block in ir.region_blocks(region) {
            for op in ir.block_ops(block) {
                ir.walk_postorder(op, &mut |o| ops.push(o));
            }
        }
    }
    let mut none = NoListener;
    let listener: &mut dyn RewriteListener = match listener {
        Some(l) => l,
        None => &mut none,
    };
    let mut rewriter = PatternRewriter::new(ctx, ir, listener);
    let mut applied = 0;
    for op in ops {
        if !rewriter.ir().is_alive(op) {
            continue;
        }
        let name = rewriter.ir().op_name(op);
        for pattern in patterns.for_op(name) {
            rewriter.set_insertion_point(InsertPoint::Before(op));
            rewriter.set_loc(rewriter.ir().op_loc(op));
            if pattern.match_and_rewrite(op, &mut rewriter).is_ok() {
                applied += 1;
                break;
            }
        }
    }
    applied
}
