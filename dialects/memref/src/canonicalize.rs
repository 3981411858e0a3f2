//! Canonicalization patterns of `memref`, after MLIR 22's `MemRefOps.cpp`:
//! - `SimplifyDeadAlloc` erases a `memref.alloc`/`memref.alloca` whose only
//!   users are `memref.dealloc`s and `memref.store`s into it (nothing can
//!   observe the buffer), together with those users;
//! - `SimplifyAllocConst` turns constant non-negative dynamic sizes of an
//!   allocation into static ones, with a `memref.cast` back to the old type;
//! - `FoldSelfCopy` erases `memref.copy %m, %m`;
//! - `DimOfMemRefReshape`: `memref.dim` of a `memref.reshape` loads the
//!   size from the shape operand (right after the reshape, before anything
//!   can write the shape);
//! - `AllocaScopeInliner` inlines a `memref.alloca_scope` that allocates
//!   nothing on the stack, or is the last op of an enclosing scope.
//!
//! The view-op patterns (subview, reinterpret_cast, collapse_shape) are in
//! `view_canonicalize.rs`.

use crate::ops::{AllocaOp, CopyOp, DeallocOp, DimOp, LoadOp, ReshapeOp, StoreOp};
use crate::scope::AllocaScopeOp;
use crate::view_canonicalize::cast_to;
use strata_dialect_arith::IndexCastOp;
use strata_ir::fold::constant_i64;
use strata_ir::opdef::OpTraits;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult, TypedOp};
use strata_ir::{OpId, OperationState, TypeData, DYNAMIC};

/// `memref.alloc` and `memref.alloca`: `SimplifyDeadAlloc`, `SimplifyAllocConst`.
pub(crate) fn alloc_patterns<Alloc: TypedOp + Send + Sync + 'static>(
    ctx: &strata_ir::Context,
    set: &mut RewritePatternSet,
) {
    set.add_op_fn::<Alloc>(ctx, 1, "SimplifyDeadAlloc", |alloc, rw| {
        simplify_dead_alloc(alloc.op(), rw)
    });
    set.add_op_fn::<Alloc>(ctx, 1, "SimplifyAllocConst", |alloc, rw| {
        simplify_alloc_const(Alloc::NAME, alloc.op(), rw)
    });
}

/// `memref.copy`: `FoldSelfCopy`.
pub(crate) fn copy_patterns(ctx: &strata_ir::Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<CopyOp>(ctx, 1, "FoldSelfCopy", fold_self_copy);
}

/// `memref.dim`: `DimOfMemRefReshape`.
pub(crate) fn dim_patterns(ctx: &strata_ir::Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<DimOp>(ctx, 1, "DimOfMemRefReshape", dim_of_reshape);
}

/// `memref.alloca_scope`: `AllocaScopeInliner`.
pub(crate) fn alloca_scope_patterns(ctx: &strata_ir::Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<AllocaScopeOp>(ctx, 1, "AllocaScopeInliner", inline_alloca_scope);
}

fn simplify_dead_alloc(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let buffer = ir.result(op, 0);
    let mut users: Vec<OpId> = Vec::new();
    for u in ir.uses(buffer) {
        // A store of the buffer itself (operand 0) publishes it.
        let ok = DeallocOp::is(ctx, ir, u.op) || (StoreOp::is(ctx, ir, u.op) && u.index != 0);
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

/// A copy of the allocation `op` (an op named `name`) with the dynamic
/// sizes that are constants made static, cast back to the old type.
fn simplify_alloc_const(name: &str, op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let ty = ir.value_type(ir.result(op, 0));
    let TypeData::MemRef {
        shape,
        element,
        layout,
        memory_space,
    } = ctx.type_data(ty).clone()
    else {
        return Err(NoMatch);
    };
    let def = ctx.op_definition(ir.op_name(op)).expect("registered");
    let groups = strata_ir::format::value_groups(ctx, ir, op, def, false);
    let sizes: Vec<_> = groups[0].to_vec();
    let symbols: Vec<_> = groups[1].to_vec();
    let folded = |v| constant_i64(ctx, ir, v).filter(|&c| c >= 0);
    if !sizes.iter().any(|&v| folded(v).is_some()) {
        return Err(NoMatch);
    }
    let mut new_shape = Vec::with_capacity(shape.len());
    let mut dynamic = Vec::new();
    let mut next = sizes.iter();
    for &d in shape.iter() {
        if d != DYNAMIC {
            new_shape.push(d);
            continue;
        }
        let v = *next.next().ok_or(NoMatch)?;
        match folded(v) {
            Some(c) => new_shape.push(c),
            None => {
                new_shape.push(DYNAMIC);
                dynamic.push(v);
            }
        }
    }
    let new_ty = ctx.intern_type(TypeData::MemRef {
        shape: new_shape.into(),
        element,
        layout,
        memory_space,
    });
    let mut state = OperationState::new(ctx, name, ir.op_loc(op));
    let segments = ctx.dense_i32_array(&[dynamic.len() as i32, symbols.len() as i32]);
    state.operands = dynamic;
    state.operands.extend(symbols);
    state.properties = ctx.dictionary_with(
        ir.properties(op),
        ctx.intern_str("operandSegmentSizes"),
        Some(segments),
    );
    state.attributes = ir.attributes(op);
    state.result_types = vec![new_ty];
    rw.set_insertion_point_before(op);
    let alloc = rw.create_op(state);
    let value = rw.ir().result(alloc, 0);
    let result = cast_to(rw, op, value, ty);
    rw.replace_op(op, &[result]);
    Ok(())
}

fn fold_self_copy(copy: CopyOp, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    if copy.source(ctx, ir) != copy.target(ctx, ir) {
        return Err(NoMatch);
    }
    rw.erase_op(copy.op());
    Ok(())
}

fn dim_of_reshape(dim: DimOp, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let op = dim.op();
    let reshape = ReshapeOp::defining(ctx, ir, dim.source(ctx, ir)).ok_or(NoMatch)?;
    // The index must dominate the reshape, where the load goes: defined
    // before it in its block, or (cheap check, as MLIR's) reaching a dim in
    // the reshape's block from an enclosing one.
    let index = dim.index(ctx, ir);
    if ir.value_block(index) == ir.op_block(reshape.op()) {
        if ir
            .defining_op(index)
            .is_some_and(|def| ir.is_before_in_block(reshape.op(), def))
        {
            return Err(NoMatch);
        }
    } else if ir.op_block(op) != ir.op_block(reshape.op()) {
        return Err(NoMatch);
    }
    let shape = reshape.shape(ctx, ir);
    let element = ctx.element_type(ir.value_type(shape)).ok_or(NoMatch)?;
    rw.set_insertion_point_after(reshape.op());
    let load = LoadOp::build(rw, shape, &[index], element, None, None);
    let mut value = load.result(ctx, rw.ir());
    if !ctx.is_index(element) {
        let cast = IndexCastOp::build(rw, value, ctx.index_type());
        value = cast.out(ctx, rw.ir());
    }
    rw.replace_op(op, &[value]);
    Ok(())
}

/// Whether `op` (not itself) holds a `memref.alloca` outside any nested
/// allocation scope.
fn allocates_on_stack(ctx: &strata_ir::Context, ir: &strata_ir::Ir, op: OpId) -> bool {
    let children = |o: OpId| -> Vec<OpId> {
        ir.regions(o)
            .iter()
            .flat_map(|&r| ir.region_blocks(r).to_vec())
            .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
            .collect()
    };
    let mut stack = children(op);
    while let Some(nested) = stack.pop() {
        if AllocaOp::is(ctx, ir, nested) {
            return true;
        }
        let scope = ctx
            .op_definition(ir.op_name(nested))
            .is_some_and(|d| d.has_trait(OpTraits::AUTOMATIC_ALLOCATION_SCOPE));
        if !scope {
            stack.extend(children(nested));
        }
    }
    false
}

fn inline_alloca_scope(scope: AllocaScopeOp, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let op = scope.op();
    if allocates_on_stack(ctx, ir, op) {
        // Inlining would extend the allocations' lifetime, unless the
        // parent is a scope and this op is its last non-terminator.
        let parent = ir.parent_op(op).ok_or(NoMatch)?;
        let parent_scope = ctx
            .op_definition(ir.op_name(parent))
            .is_some_and(|d| d.has_trait(OpTraits::AUTOMATIC_ALLOCATION_SCOPE));
        let next = ir.next_op(op);
        let last = match next {
            None => true,
            Some(n) => {
                ir.next_op(n).is_none()
                    && ctx
                        .op_definition(ir.op_name(n))
                        .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
            }
        };
        if !parent_scope || !last {
            return Err(NoMatch);
        }
    }
    let block = ir.region_blocks(ir.region(op, 0))[0];
    ir.last_op(block).ok_or(NoMatch)?;
    rw.replace_op_with_block(op, block, &[]);
    Ok(())
}
