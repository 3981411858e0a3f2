//! The test ops: definitions, folds, canonicalization patterns, interfaces.

use smallvec::SmallVec;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::TypeConstraint;
use strata_ir::diagnostics::DiagResult;
use strata_ir::fold::FoldOutcome;
use strata_ir::interfaces::{
    BranchOpInterface, ConditionallySpeculatable, Effect, FixedEffects, LoopLikeOpInterface,
    MemoryEffects, RegionBranchOpInterface, RegionSuccessor, RECURSIVELY_SPECULATABLE,
};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{Attribute, BlockId, Context, Ir, OpId, Value};

/// A test op: any operands, results, regions and successors (the test ops
/// check nothing declaratively), printed in the generic form; the rest of
/// the declaration is the op's own.
macro_rules! test_op {
    ($(#[$meta:meta])* $name:ident = $opname:literal, $summary:literal, [$($tr:ident),*] $(, $($rest:tt)*)?) => {
        strata_ir::define_op! {
            $(#[$meta])*
            pub struct $name = $opname {
                summary: $summary,
                traits: [$($tr),*],
                operands: [operands: variadic(TypeConstraint::Any)],
                results: [results: variadic(TypeConstraint::Any)],
                regions: [regions: variadic],
                successors: [successors: variadic],
                $($($rest)*)?
            }
        }
    };
}

test_op!(ConstantOp = "test.constant", "a constant (its `value` attribute)", [CONSTANT_LIKE, PURE], fold: fold_constant,);
test_op!(AddOp = "test.add", "integer addition", [PURE, COMMUTATIVE], fold: fold_add,);
test_op!(MulOp = "test.mul", "integer multiplication", [PURE, COMMUTATIVE], fold: fold_mul,);
test_op!(SubOp = "test.sub", "integer subtraction", [PURE], canonicalize: sub_patterns,);
test_op!(PureOp = "test.pure", "a pure op without folds", [PURE]);
test_op!(
    ReadOp = "test.read", "reads memory", [],
    interfaces: [dyn MemoryEffects => FixedEffects(&[Effect::Read])],
);
strata_ir::define_op! {
    /// MLIR's `test.op_with_memread`: reads memory and produces an integer;
    /// CSE may merge two with no write between them.
    pub struct OpWithMemReadOp = "test.op_with_memread" {
        summary: "reads memory",
        traits: [],
        results: [result: single(TypeConstraint::AnyInteger)],
        interfaces: [dyn MemoryEffects => FixedEffects(&[Effect::Read])],
    }
}
test_op!(
    WriteOp = "test.write", "writes memory", [],
    interfaces: [dyn MemoryEffects => FixedEffects(&[Effect::Write])],
);
test_op!(
    BrOp = "test.br", "branch passing all operands", [TERMINATOR, PURE],
    interfaces: [dyn BranchOpInterface => Branch],
);
test_op!(
    CondBrOp = "test.cond_br",
    "branch on its i1 operand to successor 0 (true) or 1 (false)",
    [TERMINATOR, PURE],
    interfaces: [dyn BranchOpInterface => CondBranch],
);
test_op!(
    YieldOp = "test.yield",
    "region terminator",
    [TERMINATOR, RETURN_LIKE, PURE]
);
test_op!(
    IfOp = "test.if",
    "runs region 0 or 1 depending on its i1 operand; results from test.yield",
    [RECURSIVE_MEMORY_EFFECTS],
    interfaces: [dyn RegionBranchOpInterface => IfBranch],
);
test_op!(
    LoopOp = "test.loop", "a loop whose single region is the body", [RECURSIVE_MEMORY_EFFECTS],
    interfaces: [dyn LoopLikeOpInterface => Loop],
);
strata_ir::define_op! {
    /// MLIR's `test.graph_region`: one graph region, written
    /// `test.graph_region { ... }`; its block ends in a terminator (an
    /// unregistered op may be one), as in MLIR.
    pub struct GraphRegionOp = "test.graph_region" {
        summary: "an op with a graph region",
        traits: [GRAPH_REGION, SINGLE_BLOCK],
        regions: [region: any],
        format: "attr-dict-with-keyword $region",
    }
}
strata_ir::define_op! {
    /// MLIR's `test.symbol_scope`: a symbol table below the module, so
    /// symbol uses inside it resolve to the symbols it defines.
    pub struct SymbolScopeOp = "test.symbol_scope" {
        summary: "a nested symbol table",
        traits: [SYMBOL_TABLE],
        regions: [region: single_block],
    }
}
strata_ir::define_op! {
    /// MLIR's `test.region_yield`: yields one value out of a region.
    pub struct RegionYieldOp = "test.region_yield" {
        summary: "yields one value",
        traits: [PURE, RETURN_LIKE, TERMINATOR],
        operands: [result: single(TypeConstraint::Any)],
        format: "$result `:` type($result) attr-dict",
    }
}
strata_ir::define_op! {
    /// MLIR's `test.cse_of_single_block_op`: a pure op with one
    /// single-block region, for CSE of region-holding ops.
    pub struct CseOfSingleBlockOp = "test.cse_of_single_block_op" {
        summary: "a pure op with a single-block region",
        traits: [PURE, SINGLE_BLOCK],
        operands: [inputs: variadic(TypeConstraint::Any)],
        results: [outputs: variadic(TypeConstraint::Any)],
        regions: [region: single_block],
        implicit_terminator: RegionYieldOp,
        format: "attr-dict `inputs` `(` $inputs `)` $region `:` type($inputs) `->` type($outputs)",
    }
}
strata_ir::define_op! {
    /// MLIR's `test.graph_loop`: a loop whose body is a graph region, with
    /// no memory effect of its own and speculatable when its body is.
    pub struct GraphLoopOp = "test.graph_loop" {
        summary: "a loop with a graph-region body",
        traits: [GRAPH_REGION, SINGLE_BLOCK],
        operands: [args: variadic(TypeConstraint::Any)],
        results: [rets: variadic(TypeConstraint::Any)],
        regions: [body: single_block],
        format: "$args $body attr-dict `:` functional-type(operands, results)",
        interfaces: [
            dyn LoopLikeOpInterface => Loop,
            dyn MemoryEffects => FixedEffects(&[]),
            dyn ConditionallySpeculatable => RECURSIVELY_SPECULATABLE,
        ],
    }
}
strata_ir::define_op! {
    /// MLIR's `test.single_no_terminator_op`: one block, no terminator.
    pub struct SingleNoTerminatorOp = "test.single_no_terminator_op" {
        summary: "a single block without terminator",
        traits: [SINGLE_BLOCK, NO_TERMINATOR],
        regions: [my_region: single_block],
        format: "attr-dict `:` $my_region",
    }
}
strata_ir::define_op! {
    /// MLIR's `test.test_effects_result`: its `i32` result carries a read
    /// effect, so unused it is trivially dead.
    pub struct TestEffectsResultOp = "test.test_effects_result" {
        summary: "a result with a read effect",
        traits: [],
        results: [result: single(TypeConstraint::SignlessInteger(Some(32)))],
        interfaces: [dyn MemoryEffects => FixedEffects(&[Effect::Read])],
    }
}
strata_ir::define_op! {
    /// MLIR's `test.dialect_custom_printer`: a bare keyword after the name.
    pub struct DialectCustomPrinterOp = "test.dialect_custom_printer" {
        summary: "an op printed as a keyword",
        traits: [],
        format: "`custom_format` attr-dict",
    }
}
strata_ir::define_op! {
    /// MLIR's `test.dialect_custom_format_fallback`.
    pub struct DialectCustomFormatFallbackOp = "test.dialect_custom_format_fallback" {
        summary: "an op printed as a keyword",
        traits: [],
        format: "`custom_format_fallback` attr-dict",
    }
}
strata_ir::define_op! {
    /// MLIR's `test.format_optional_result_d_op`: an optional `f80` result
    /// whose type the format prints only when present.
    pub struct FormatOptionalResultDOp = "test.format_optional_result_d_op" {
        summary: "an optional result",
        traits: [],
        results: [optional: optional(TypeConstraint::Any)],
        format: "(`:` type($optional)^)? attr-dict",
    }
}
strata_ir::define_op! {
    /// MLIR's `test.parse_integer_literal`: `: N` gives the op N `index`
    /// results.
    pub struct ParseIntegerLiteralOp = "test.parse_integer_literal" {
        summary: "as many index results as its literal says",
        traits: [],
        results: [results: variadic(TypeConstraint::Index)],
        parse: parse_integer_literal,
        print: print_integer_literal,
    }
}
test_op!(
    IsolatedOp = "test.isolated",
    "an isolated-from-above op with a region",
    [ISOLATED_FROM_ABOVE, NO_TERMINATOR]
);
test_op!(
    FlipOp = "test.flip", "its pattern toggles `test.state` on the parent forever", [],
    canonicalize: flip_patterns,
);
test_op!(LegalOp = "test.legal", "legal in conversion tests", []);
test_op!(
    IllegalOp = "test.illegal",
    "illegal in conversion tests",
    []
);
test_op!(
    SideEffectFreeIllegalOp = "test.side_effect_free_illegal",
    "illegal and pure",
    [PURE]
);

strata_ir::dialect_ops!(
    ConstantOp,
    AddOp,
    MulOp,
    SubOp,
    PureOp,
    ReadOp,
    OpWithMemReadOp,
    WriteOp,
    BrOp,
    CondBrOp,
    YieldOp,
    IfOp,
    LoopOp,
    GraphRegionOp,
    SymbolScopeOp,
    RegionYieldOp,
    CseOfSingleBlockOp,
    GraphLoopOp,
    SingleNoTerminatorOp,
    TestEffectsResultOp,
    DialectCustomPrinterOp,
    DialectCustomFormatFallbackOp,
    FormatOptionalResultDOp,
    ParseIntegerLiteralOp,
    IsolatedOp,
    FlipOp,
    LegalOp,
    IllegalOp,
    SideEffectFreeIllegalOp,
    crate::affine_scope::AffineScopeOp,
);

fn fold_constant(ctx: &Context, ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match ir.attr(ctx, op, "value") {
        Some(v) => FoldOutcome::attribute(v),
        None => FoldOutcome::Failed,
    }
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
    set.add_op_fn::<SubOp>(ctx, 1, "SubSelfToZero", |sub, rewriter| {
        let op = sub.op();
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
        let mut state = strata_ir::OperationState::new(ctx, ConstantOp::NAME, loc);
        state.result_types.push(ty);
        state.attributes = ctx.dictionary_attr([(ctx.intern_str("value"), zero)]);
        rewriter.replace_op_with_new(op, state);
        Ok(())
    });
}

/// Toggles the `state` attribute: never converges (non-convergence tests).
fn flip_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<FlipOp>(ctx, 1, "Flip", flip);
}

/// Toggles `state` on the parent op: each iteration changes the IR once
/// and re-queues only the parent, so the driver never reaches a fixed point
/// but each iteration ends.
fn flip(flip: FlipOp, rewriter: &mut PatternRewriter) -> RewriteResult {
    let op = flip.op();
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
    /// All operands go to the one successor, so any may be dropped (as
    /// MLIR's `test.br`, whose successor operands are a mutable range).
    fn can_erase_successor_operands(&self) -> bool {
        true
    }
    fn erase_successor_operand(
        &self,
        _: &Context,
        ir: &mut Ir,
        op: OpId,
        successor: usize,
        index: usize,
    ) -> bool {
        if successor != 0 || index >= ir.num_operands(op) {
            return false;
        }
        ir.erase_operand(op, index);
        true
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

/// `test.parse_integer_literal : 5`: the count of `index` results, then
/// the attribute dictionary.
fn parse_integer_literal(p: &mut OpParser) -> DiagResult<()> {
    if p.consume_if(TokenKind::Colon) {
        if !p.is(TokenKind::Integer) {
            return Err(p.error_here("expected integer value"));
        }
        let count: usize = p
            .parser
            .text()
            .parse()
            .map_err(|_| p.error_here("integer value too large"))?;
        p.parser.advance();
        let index = p.ctx().index_type();
        p.add_result_types(&vec![index; count]);
    }
    p.parse_optional_attr_dict(false)
}

fn print_integer_literal(p: &mut OpPrinter, op: OpId) {
    let count = p.ir.num_results(op);
    if count != 0 {
        p.write(&format!(" : {count}"));
    }
    p.print_optional_attr_dict(op, &[], false);
}
