//! The test ops: definitions, folds, canonicalization patterns, interfaces.

use smallvec::SmallVec;
use std::sync::Arc;
use strata_ir::constraints::TypeConstraint;
use strata_ir::fold::FoldOutcome;
use strata_ir::interfaces::{
    BranchOpInterface, Effect, FixedEffects, LoopLikeOpInterface, MemoryEffects,
    RegionBranchOpInterface, RegionSuccessor,
};
use strata_ir::opdef::{Arity, RegionDef, SuccessorDef, ValueDef};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{Attribute, BlockId, Context, Ir, OpDefinition, OpId, OpTraits, Value};

/// An op accepting any operands, results, regions and successors (the
/// test ops check nothing declaratively).
fn op(name: &str, summary: &str, traits: OpTraits) -> OpDefinition {
    let mut def = OpDefinition::new(name);
    def.summary = summary.into();
    def.traits = traits;
    let any = |name: &str| ValueDef {
        name: name.into(),
        arity: Arity::Variadic,
        constraint: TypeConstraint::Any,
    };
    def.operands = vec![any("operands")];
    def.results = vec![any("results")];
    def.regions = vec![RegionDef {
        name: "regions".into(),
        variadic: true,
        single_block: false,
    }];
    def.successors = vec![SuccessorDef {
        name: "successors".into(),
        variadic: true,
    }];
    def
}

pub fn definitions() -> Vec<OpDefinition> {
    let mut defs = Vec::new();

    let mut constant = op(
        "test.constant",
        "a constant (its `value` attribute)",
        OpTraits::CONSTANT_LIKE | OpTraits::PURE,
    );
    constant.hooks.fold = Some(|ctx, ir, op, _| match ir.attr(ctx, op, "value") {
        Some(v) => FoldOutcome::attribute(v),
        None => FoldOutcome::Failed,
    });
    defs.push(constant);

    let mut add = op(
        "test.add",
        "integer addition",
        OpTraits::PURE | OpTraits::COMMUTATIVE,
    );
    add.hooks.fold = Some(fold_add);
    defs.push(add);

    let mut mul = op(
        "test.mul",
        "integer multiplication",
        OpTraits::PURE | OpTraits::COMMUTATIVE,
    );
    mul.hooks.fold = Some(fold_mul);
    defs.push(mul);

    let mut sub = op("test.sub", "integer subtraction", OpTraits::PURE);
    sub.hooks.canonicalization_patterns = Some(sub_patterns);
    defs.push(sub);

    defs.push(op("test.pure", "a pure op without folds", OpTraits::PURE));

    let mut read = op("test.read", "reads memory", OpTraits::NONE);
    read.interfaces
        .insert::<dyn MemoryEffects>(Arc::new(FixedEffects(&[Effect::Read])));
    defs.push(read);

    let mut write = op("test.write", "writes memory", OpTraits::NONE);
    write
        .interfaces
        .insert::<dyn MemoryEffects>(Arc::new(FixedEffects(&[Effect::Write])));
    defs.push(write);

    let mut br = op(
        "test.br",
        "branch passing all operands",
        OpTraits::TERMINATOR | OpTraits::PURE,
    );
    br.interfaces
        .insert::<dyn BranchOpInterface>(Arc::new(Branch));
    defs.push(br);

    let mut cond_br = op(
        "test.cond_br",
        "branch on its i1 operand to successor 0 (true) or 1 (false)",
        OpTraits::TERMINATOR | OpTraits::PURE,
    );
    cond_br
        .interfaces
        .insert::<dyn BranchOpInterface>(Arc::new(CondBranch));
    defs.push(cond_br);

    defs.push(op(
        "test.yield",
        "region terminator",
        OpTraits::TERMINATOR | OpTraits::RETURN_LIKE | OpTraits::PURE,
    ));

    let mut if_op = op(
        "test.if",
        "runs region 0 or 1 depending on its i1 operand; results from test.yield",
        OpTraits::RECURSIVE_MEMORY_EFFECTS,
    );
    if_op
        .interfaces
        .insert::<dyn RegionBranchOpInterface>(Arc::new(IfBranch));
    defs.push(if_op);

    let mut loop_op = op(
        "test.loop",
        "a loop whose single region is the body",
        OpTraits::RECURSIVE_MEMORY_EFFECTS,
    );
    loop_op
        .interfaces
        .insert::<dyn LoopLikeOpInterface>(Arc::new(Loop));
    defs.push(loop_op);

    defs.push(op(
        "test.graph_region",
        "an op with a graph region",
        OpTraits::GRAPH_REGION | OpTraits::NO_TERMINATOR | OpTraits::SINGLE_BLOCK,
    ));
    defs.push(op(
        "test.isolated",
        "an isolated-from-above op with a region",
        OpTraits::ISOLATED_FROM_ABOVE | OpTraits::NO_TERMINATOR,
    ));

    let mut flip = op(
        "test.flip",
        "its pattern toggles `test.state` on the parent forever",
        OpTraits::NONE,
    );
    flip.hooks.canonicalization_patterns = Some(flip_patterns);
    defs.push(flip);

    defs.push(op(
        "test.legal",
        "legal in conversion tests",
        OpTraits::NONE,
    ));
    defs.push(op(
        "test.illegal",
        "illegal in conversion tests",
        OpTraits::NONE,
    ));
    defs.push(op(
        "test.side_effect_free_illegal",
        "illegal and pure",
        OpTraits::PURE,
    ));
    defs.push(crate::affine_scope::definition());
    defs
}

fn int_pair(ctx: &Context, operands: &[Option<Attribute>]) -> (Option<i128>, Option<i128>) {
    let get = |i: usize| {
        operands
            .get(i)
            .copied()
            .flatten()
            .and_then(|a| ctx.integer_value(a))
    };
    (get(0), get(1))
}

fn fold_add(ctx: &Context, ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return FoldOutcome::Failed;
    }
    let ty = ir.value_type(ir.result(op, 0));
    match int_pair(ctx, operands) {
        (Some(a), Some(b)) => FoldOutcome::attribute(ctx.integer_attr(ty, a.wrapping_add(b))),
        (_, Some(0)) => FoldOutcome::value(ir.operand(op, 0)),
        _ => FoldOutcome::Failed,
    }
}

fn fold_mul(ctx: &Context, ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return FoldOutcome::Failed;
    }
    let ty = ir.value_type(ir.result(op, 0));
    match int_pair(ctx, operands) {
        (Some(a), Some(b)) => FoldOutcome::attribute(ctx.integer_attr(ty, a.wrapping_mul(b))),
        (_, Some(1)) => FoldOutcome::value(ir.operand(op, 0)),
        (_, Some(0)) => FoldOutcome::attribute(ctx.integer_attr(ty, 0)),
        _ => FoldOutcome::Failed,
    }
}

/// `test.sub(x, x) -> test.constant 0`.
fn sub_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_fn(
        Some(ctx.op_name("test.sub")),
        1,
        "SubSelfToZero",
        |op, rewriter| {
            let ir = rewriter.ir();
            if ir.num_operands(op) != 2
                || ir.num_results(op) != 1
                || ir.operand(op, 0) != ir.operand(op, 1)
            {
                return Err(NoMatch);
            }
            let ty = ir.value_type(ir.result(op, 0));
            let loc = ir.op_loc(op);
            let ctx = rewriter.ctx();
            let zero = ctx.integer_attr(ty, 0);
            let mut state = strata_ir::OperationState::new(ctx, "test.constant", loc);
            state.result_types.push(ty);
            state.attributes = ctx.dictionary_attr([(ctx.intern_str("value"), zero)]);
            rewriter.replace_op_with_new(op, state);
            Ok(())
        },
    );
}

/// Toggles the `state` attribute: never converges (non-convergence tests).
fn flip_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_fn(Some(ctx.op_name("test.flip")), 1, "Flip", flip);
}

/// Toggles `state` on the parent op: each iteration changes the IR once
/// and re-queues only the parent, so the driver never reaches a fixed point
/// but each iteration ends.
fn flip(op: OpId, rewriter: &mut PatternRewriter) -> RewriteResult {
    let ctx = rewriter.ctx();
    let Some(parent) = rewriter.ir().parent_op(op) else {
        return Err(NoMatch);
    };
    let on = rewriter
        .ir()
        .attr(ctx, parent, "test.state")
        .is_some_and(|a| a == ctx.bool_attr(true));
    rewriter.modify_op_in_place(parent, |ir| {
        ir.set_attribute(ctx, parent, "test.state", Some(ctx.bool_attr(!on)))
    });
    Ok(())
}

struct Branch;
impl BranchOpInterface for Branch {
    fn successor_operands(&self, _: &Context, ir: &Ir, op: OpId, _index: usize) -> (usize, usize) {
        (0, ir.num_operands(op))
    }
    fn successor_for_operands(
        &self,
        _: &Context,
        ir: &Ir,
        op: OpId,
        _: &[Option<Attribute>],
    ) -> Option<BlockId> {
        ir.successors(op).first().copied()
    }
}

struct CondBranch;
impl BranchOpInterface for CondBranch {
    fn successor_operands(&self, _: &Context, _: &Ir, _: OpId, _index: usize) -> (usize, usize) {
        (1, 0)
    }
    fn successor_for_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        operands: &[Option<Attribute>],
    ) -> Option<BlockId> {
        let cond = ctx.integer_value(operands.first().copied().flatten()?)?;
        ir.successors(op)
            .get(if cond != 0 { 0 } else { 1 })
            .copied()
    }
}

struct IfBranch;
impl RegionBranchOpInterface for IfBranch {
    fn successors(
        &self,
        ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        from: Option<usize>,
        operands: &[Option<Attribute>],
    ) -> SmallVec<[RegionSuccessor; 2]> {
        let mut out = SmallVec::new();
        match from {
            Some(_) => out.push(RegionSuccessor::Parent),
            None => match operands
                .first()
                .copied()
                .flatten()
                .and_then(|a| ctx.integer_value(a))
            {
                Some(c) => out.push(RegionSuccessor::Region(if c != 0 { 0 } else { 1 })),
                None => {
                    out.push(RegionSuccessor::Region(0));
                    out.push(RegionSuccessor::Region(1));
                }
            },
        }
        out
    }
    fn entry_operands(
        &self,
        _: &Context,
        _: &Ir,
        _: OpId,
        _: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        SmallVec::new()
    }
}

struct Loop;
impl LoopLikeOpInterface for Loop {}
