//! Block predecessor lists (MLIR's block use-lists): kept up to date when
//! terminators are created, retargeted and erased, so a block's
//! predecessors are found without scanning its region.

use strata_ir::{BlockId, Context, InsertPoint, Ir, OpId, OperationState};

fn branch(ctx: &Context, ir: &mut Ir, from: BlockId, to: &[BlockId]) -> OpId {
    let mut state = OperationState::new(ctx, "t.br", ctx.unknown_loc());
    state.successors = to.to_vec();
    ir.create_op(state, InsertPoint::BlockEnd(from))
}

fn preds(ir: &Ir, block: BlockId) -> Vec<(OpId, u32)> {
    ir.predecessors(block).map(|p| (p.op, p.index)).collect()
}

#[test]
fn predecessors_follow_creation_retargeting_and_erasure() {
    let ctx = Context::new();
    let mut ir = Ir::new();
    let holder = ir.create_op(
        OperationState::new(&ctx, "t.holder", ctx.unknown_loc()),
        InsertPoint::Detached,
    );
    let region = ir.add_region(holder);
    let [a, b, c] = [(); 3].map(|_| ir.append_block(region, &[]));

    let to_b_twice = branch(&ctx, &mut ir, a, &[b, b]);
    let to_b_and_c = branch(&ctx, &mut ir, c, &[b, c]);
    // Most recently linked first, one entry per successor slot.
    assert_eq!(
        preds(&ir, b),
        vec![(to_b_and_c, 0), (to_b_twice, 1), (to_b_twice, 0)]
    );
    assert_eq!(preds(&ir, c), vec![(to_b_and_c, 1)]);
    assert_eq!(ir.single_predecessor(c), Some(to_b_and_c));
    assert_eq!(ir.single_predecessor(b), None);
    assert!(!ir.has_predecessors(a));

    // Retargeting a slot moves it from one list to the other.
    ir.set_successor(to_b_twice, 1, a);
    assert_eq!(preds(&ir, b), vec![(to_b_and_c, 0), (to_b_twice, 0)]);
    assert_eq!(preds(&ir, a), vec![(to_b_twice, 1)]);

    // Erasing a terminator unlinks all its slots; a middle entry leaves
    // its neighbours linked.
    let extra = branch(&ctx, &mut ir, b, &[b]);
    assert_eq!(
        preds(&ir, b),
        vec![(extra, 0), (to_b_and_c, 0), (to_b_twice, 0)]
    );
    ir.erase_op(to_b_and_c).unwrap();
    assert_eq!(preds(&ir, b), vec![(extra, 0), (to_b_twice, 0)]);
    assert!(!ir.has_predecessors(c));

    // Erasing a block erases its terminator, and with it its slots.
    ir.erase_block(a);
    assert_eq!(preds(&ir, b), vec![(extra, 0)]);
    assert_eq!(ir.single_predecessor(b), Some(extra));
}
