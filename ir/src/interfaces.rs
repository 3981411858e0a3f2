//! Op interfaces used by the transformations, as Rust traits (MLIR's
//! `Interfaces/`). An op implements one by registering an implementation
//! in its definition's [`crate::opdef::InterfaceMap`]:
//!
//! ```ignore
//! def.interfaces.insert::<dyn CallOpInterface>(Arc::new(MyCall));
//! ```
//!
//! and passes ask for it with `def.interface::<dyn CallOpInterface>()` or
//! the helpers here ([`interface`]). Implementations are stateless objects
//! whose methods take the IR and the op, so one object serves every
//! instance of the op.
//!
//! Side effects follow MLIR: an op is effect-free when it is `PURE`, or
//! implements [`MemoryEffects`] and reports no effect, or has
//! `RECURSIVE_MEMORY_EFFECTS` and everything nested is effect-free. An op
//! that says nothing (unregistered ops included) may do anything.

use crate::attributes::Attribute;
use crate::context::Context;
use crate::ir::{BlockId, Ir, OpId, RegionId, Value};
use crate::opdef::OpTraits;
use crate::types::Type;
use smallvec::SmallVec;
use std::sync::Arc;

/// The implementation of interface `I` for `op`, if its op implements it.
#[inline]
pub fn interface<'c, I: ?Sized + Send + Sync + 'static>(
    ctx: &'c Context,
    ir: &Ir,
    op: OpId,
) -> Option<&'c Arc<I>> {
    ctx.op_definition(ir.op_name(op))?.interface::<I>()
}

// =========================================================================
// Memory effects
// =========================================================================

/// MLIR's `ViewLikeOpInterface`: the op's result is a view of (aliases the
/// memory of) one operand, its source. Passes that reason about the buffer
/// behind a value (which deallocation frees it) look through such ops.
pub trait ViewLikeOpInterface: Send + Sync {
    fn view_source(&self, ctx: &Context, ir: &Ir, op: OpId) -> Value;
}

/// A view whose source is operand `.0`.
pub struct ViewOfOperand(pub usize);

impl ViewLikeOpInterface for ViewOfOperand {
    fn view_source(&self, _: &Context, ir: &Ir, op: OpId) -> Value {
        ir.operand(op, self.0)
    }
}

/// What an op does to memory (MLIR's `MemoryEffects::Effect`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Effect {
    Allocate,
    Free,
    Read,
    Write,
}

/// One effect, optionally on a value (MLIR's `EffectInstance`); a `None`
/// value means "on some unknown memory".
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EffectInstance {
    pub effect: Effect,
    pub value: Option<Value>,
}

/// MLIR's `MemoryEffectOpInterface`.
pub trait MemoryEffects: Send + Sync {
    fn effects(&self, ctx: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>);
}

/// Reports a fixed list of effects on unknown memory (`[Read]`, `[Write]`, ...).
pub struct FixedEffects(pub &'static [Effect]);

impl MemoryEffects for FixedEffects {
    fn effects(&self, _: &Context, _: &Ir, _: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        out.extend(self.0.iter().map(|&effect| EffectInstance {
            effect,
            value: None,
        }));
    }
}

/// The value an effect of [`Effects`] is on.
#[derive(Copy, Clone, Debug)]
pub enum On {
    Operand(usize),
    Result(usize),
}

/// An op's effects on its own operands and results, in order (as ODS puts
/// `MemRead`, `MemWrite`, `MemAlloc` and `MemFree` on the arguments they
/// touch); `Effects(&[])` for an op with none.
pub struct Effects(pub &'static [(Effect, On)]);

impl MemoryEffects for Effects {
    fn effects(&self, _: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        for &(effect, on) in self.0 {
            let value = match on {
                On::Operand(i) => ir.operand(op, i),
                On::Result(i) => ir.result(op, i),
            };
            out.push(EffectInstance {
                effect,
                value: Some(value),
            });
        }
    }
}

/// The effects of `op` alone, or `None` when they are unknown.
pub fn op_effects(ctx: &Context, ir: &Ir, op: OpId) -> Option<SmallVec<[EffectInstance; 2]>> {
    let def = ctx.op_definition(ir.op_name(op))?;
    let mut out = SmallVec::new();
    if def.has_trait(OpTraits::PURE) {
        return Some(out);
    }
    if let Some(iface) = def.interface::<dyn MemoryEffects>() {
        iface.effects(ctx, ir, op, &mut out);
        return Some(out);
    }
    if def.has_trait(OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        return Some(out);
    }
    None
}

/// Whether `op` (and, for ops with recursive effects, everything nested)
/// has no memory effect at all (MLIR's `isMemoryEffectFree`).
pub fn is_memory_effect_free(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return false;
    };
    if def.has_trait(OpTraits::PURE) {
        // Pure ops may hold regions of pure ops only if recursive; MLIR's
        // `Pure` covers the op itself, and nested ops are the op's business.
        return !def.has_trait(OpTraits::RECURSIVE_MEMORY_EFFECTS)
            || nested_effect_free(ctx, ir, op);
    }
    if let Some(iface) = def.interface::<dyn MemoryEffects>() {
        let mut out = SmallVec::new();
        iface.effects(ctx, ir, op, &mut out);
        if !out.is_empty() {
            return false;
        }
        return !def.has_trait(OpTraits::RECURSIVE_MEMORY_EFFECTS)
            || nested_effect_free(ctx, ir, op);
    }
    def.has_trait(OpTraits::RECURSIVE_MEMORY_EFFECTS) && nested_effect_free(ctx, ir, op)
}

fn nested_effect_free(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ir.regions(op).iter().all(|&r| {
        ir.region_blocks(r)
            .iter()
            .all(|&b| ir.block_ops(b).all(|o| is_memory_effect_free(ctx, ir, o)))
    })
}

// =========================================================================
// Speculation
// =========================================================================

/// Whether an op may run where the program would not have run it (MLIR's
/// `Speculation::Speculatability`): hoisting out of a loop that may run
/// zero times executes the op although the program might not.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Speculatability {
    /// It may have undefined behaviour (a division by zero, an index out
    /// of range): never executed speculatively.
    NotSpeculatable,
    Speculatable,
    /// Speculatable when every op of its regions is.
    RecursivelySpeculatable,
}

/// MLIR's `ConditionallySpeculatable`: an op whose speculatability depends
/// on its operands (a divisor that is a non-zero constant) or its regions.
pub trait ConditionallySpeculatable: Send + Sync {
    fn speculatability(&self, ctx: &Context, ir: &Ir, op: OpId) -> Speculatability;
}

/// Implements [`ConditionallySpeculatable`] with a function.
pub struct SpeculatableIf(pub fn(&Context, &Ir, OpId) -> Speculatability);

impl ConditionallySpeculatable for SpeculatableIf {
    fn speculatability(&self, ctx: &Context, ir: &Ir, op: OpId) -> Speculatability {
        (self.0)(ctx, ir, op)
    }
}

/// Speculatable when every nested op is (MLIR's `RecursivelySpeculatable`
/// trait: `scf.if`, structured ops on tensors).
pub const RECURSIVELY_SPECULATABLE: SpeculatableIf =
    SpeculatableIf(|_, _, _| Speculatability::RecursivelySpeculatable);

/// `tensor.dim` and `memref.dim` (operands: source, index): out of range
/// is undefined, so speculatable only for a constant index below the rank
/// of a ranked source (MLIR's `DimOp::getSpeculatability`).
pub const DIM_SPECULATABLE: SpeculatableIf = SpeculatableIf(|ctx, ir, op| {
    let index = crate::fold::constant_of_value(ctx, ir, ir.operand(op, 1))
        .and_then(|a| ctx.integer_value(a));
    let rank = ctx.shape(ir.value_type(ir.operand(op, 0))).map(|s| s.len());
    match (index, rank) {
        (Some(i), Some(rank)) if i >= 0 && (i as usize) < rank => Speculatability::Speculatable,
        _ => Speculatability::NotSpeculatable,
    }
});

/// Whether `op` may be executed speculatively (MLIR's `isSpeculatable`):
/// its [`ConditionallySpeculatable`] implementation decides, a `PURE` op
/// without one always may (MLIR's `AlwaysSpeculatable`), any other op may
/// not.
pub fn is_speculatable(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return false;
    };
    let speculatability = match def.interface::<dyn ConditionallySpeculatable>() {
        Some(iface) => iface.speculatability(ctx, ir, op),
        None if def.has_trait(OpTraits::PURE) => Speculatability::Speculatable,
        None => Speculatability::NotSpeculatable,
    };
    match speculatability {
        Speculatability::NotSpeculatable => false,
        Speculatability::Speculatable => true,
        Speculatability::RecursivelySpeculatable => ir.regions(op).iter().all(|&r| {
            ir.region_blocks(r)
                .iter()
                .all(|&b| ir.block_ops(b).all(|o| is_speculatable(ctx, ir, o)))
        }),
    }
}

/// Whether erasing `op` would be unobservable if its results were unused
/// (MLIR's `wouldOpBeTriviallyDead`): no effects other than reads and
/// allocations of its own results, not a terminator, not a symbol.
pub fn would_op_be_trivially_dead(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return false;
    };
    if def.has_trait(OpTraits::TERMINATOR) {
        return false;
    }
    if def.has_trait(OpTraits::PURE) && ir.regions(op).is_empty() {
        return true;
    }
    if let Some(iface) = def.interface::<dyn MemoryEffects>() {
        let mut out = SmallVec::new();
        iface.effects(ctx, ir, op, &mut out);
        let ok = out.iter().all(|e| match e.effect {
            Effect::Read => true,
            Effect::Allocate => e.value.is_some_and(|v| ir.defining_op(v) == Some(op)),
            _ => false,
        });
        if !ok {
            return false;
        }
    } else if !def.has_trait(OpTraits::PURE) && !def.has_trait(OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        return false;
    }
    if def.has_trait(OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        for &region in ir.regions(op) {
            for &block in ir.region_blocks(region) {
                for nested in ir.block_ops(block) {
                    // Nested terminators are fine: they go with the op.
                    let nested_def = ctx.op_definition(ir.op_name(nested));
                    if nested_def.is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
                        && is_memory_effect_free(ctx, ir, nested)
                    {
                        continue;
                    }
                    if !would_op_be_trivially_dead(ctx, ir, nested) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// Whether `op` is unused and erasable (MLIR's `isOpTriviallyDead`).
#[inline]
pub fn is_op_trivially_dead(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ir.use_empty(op) && would_op_be_trivially_dead(ctx, ir, op)
}

/// Whether `op` only reads memory (or has no effect): speculatable when
/// its operands are available, for LICM.
pub fn only_reads(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    match op_effects(ctx, ir, op) {
        Some(effects) => effects.iter().all(|e| e.effect == Effect::Read),
        None => false,
    }
}

// =========================================================================
// Calls and callables
// =========================================================================

/// An op that calls a symbol (MLIR's `CallOpInterface`), e.g. `func.call`.
pub trait CallOpInterface: Send + Sync {
    /// The callee symbol reference (`@f`); `None` for indirect calls.
    fn callee(&self, ctx: &Context, ir: &Ir, op: OpId) -> Option<Attribute>;
    /// The operands passed as arguments, in order.
    fn arg_operands(&self, ctx: &Context, ir: &Ir, op: OpId) -> SmallVec<[Value; 4]> {
        let _ = ctx;
        ir.operands(op).collect()
    }
}

/// An op with a body that can be called (MLIR's `CallableOpInterface`), e.g.
/// `func.func`.
pub trait CallableOpInterface: Send + Sync {
    /// The body; `None` (or an empty region) for declarations.
    fn callable_region(&self, ctx: &Context, ir: &Ir, op: OpId) -> Option<RegionId>;
    fn argument_types(&self, ctx: &Context, ir: &Ir, op: OpId) -> Vec<Type>;
    fn result_types(&self, ctx: &Context, ir: &Ir, op: OpId) -> Vec<Type>;
}

/// How an op takes part in inlining (MLIR's `DialectInlinerInterface`,
/// attached here to the ops it concerns: calls, callables, terminators).
/// Ops without it inline with the defaults: any call may be inlined, and a
/// return-like terminator ends only single-block bodies.
pub trait InlinerInterface: Send + Sync {
    /// Whether `call` may be replaced by the body of `callable`. The inliner
    /// asks both the call's and the callable's implementation; either may
    /// refuse (e.g. a `no_inline` attribute).
    fn is_legal_to_inline(&self, ctx: &Context, ir: &Ir, call: OpId, callable: OpId) -> bool {
        let _ = (ctx, ir, call, callable);
        true
    }
    /// Whether [`Self::handle_terminator`] can turn this return-like
    /// terminator into a branch (the branch op may need a dialect that is
    /// not loaded). Asked before anything is changed.
    fn can_branch_to_continuation(&self, ctx: &Context) -> bool {
        let _ = ctx;
        false
    }
    /// Replaces the return-like terminator `op` of a block inlined from a
    /// multi-block body by a branch to `continuation`, passing the returned
    /// values as its arguments (MLIR's `handleTerminator(Operation *,
    /// Block *)`). Only called when [`Self::can_branch_to_continuation`].
    fn handle_terminator(&self, ctx: &Context, ir: &mut Ir, op: OpId, continuation: BlockId) {
        let _ = (ctx, ir, op, continuation);
    }
}

// =========================================================================
// Control flow
// =========================================================================

/// A terminator that branches to successor blocks passing operands
/// (MLIR's `BranchOpInterface`).
pub trait BranchOpInterface: Send + Sync {
    /// The operands forwarded to successor `index`, as a range of operand
    /// positions (start, len).
    fn successor_operands(&self, ctx: &Context, ir: &Ir, op: OpId, index: usize) -> (usize, usize);
    /// [`Self::successor_operands`] of every successor, in successor order;
    /// an op with many successors (`cf.switch`) answers in one pass.
    fn all_successor_operands(&self, ctx: &Context, ir: &Ir, op: OpId) -> Vec<(usize, usize)> {
        (0..ir.successors(op).len())
            .map(|i| self.successor_operands(ctx, ir, op, i))
            .collect()
    }
    /// The successor taken for these constant operands, if known.
    fn successor_for_operands(
        &self,
        _ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        _operands: &[Option<Attribute>],
    ) -> Option<BlockId> {
        None
    }
    /// Whether [`Self::erase_successor_operand`] works for this op: region
    /// DCE drops dead block arguments only behind such terminators (MLIR
    /// keeps the successors' arguments of terminators it cannot reason about).
    fn can_erase_successor_operands(&self) -> bool {
        false
    }
    /// Removes operand `index` of those forwarded to `successor` (MLIR's
    /// `SuccessorOperands::erase`); returns whether it did.
    fn erase_successor_operand(
        &self,
        _ctx: &Context,
        _ir: &mut Ir,
        _op: OpId,
        _successor: usize,
        _index: usize,
    ) -> bool {
        false
    }
}

/// Where control can go from a region-holding op or from inside one of its
/// regions (MLIR's `RegionSuccessor`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegionSuccessor {
    /// Into region `index` of the op.
    Region(usize),
    /// Back out to the op's results.
    Parent,
}

/// An op whose regions run in a structured way (MLIR's
/// `RegionBranchOpInterface`): `scf.if`, `scf.for`, ...
pub trait RegionBranchOpInterface: Send + Sync {
    /// The successors of the op itself (`from == None`, `operands` the op's
    /// constant operands where known: MLIR's `getEntrySuccessorRegions`) or
    /// of region `from` (`operands` those of the region's terminator:
    /// `RegionBranchTerminatorOpInterface::getSuccessorRegions`).
    fn successors(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        from: Option<usize>,
        operands: &[Option<Attribute>],
    ) -> SmallVec<[RegionSuccessor; 2]>;
    /// The op's operands forwarded when entering `to` from outside.
    fn entry_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]>;
    /// The values that receive what flows into `to` (MLIR's successor
    /// inputs): the entry block's arguments of a region, the op's results
    /// for the parent. Arguments left out (a loop's induction variable)
    /// are set by the op, not by the values forwarded.
    fn successor_inputs(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        let _ = ctx;
        match to {
            RegionSuccessor::Region(i) => ir
                .regions(op)
                .get(i)
                .and_then(|&r| ir.entry_block(r))
                .map(|b| ir.block_args(b).iter().copied().collect())
                .unwrap_or_default(),
            RegionSuccessor::Parent => ir.results(op).collect(),
        }
    }
    /// The operands the region terminator `terminator` forwards to `to`
    /// (MLIR's `RegionBranchTerminatorOpInterface::getSuccessorOperands`):
    /// all of them unless the op says otherwise.
    fn terminator_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        terminator: OpId,
        to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        let _ = (ctx, op, to);
        ir.operands(terminator).collect()
    }
}

/// A loop (MLIR's `LoopLikeOpInterface`), for loop-invariant code motion.
pub trait LoopLikeOpInterface: Send + Sync {
    /// The regions that make up the loop body.
    fn loop_regions(&self, ctx: &Context, ir: &Ir, op: OpId) -> SmallVec<[RegionId; 1]> {
        let _ = ctx;
        ir.regions(op).iter().copied().collect()
    }
    /// Whether `value` is defined outside the loop (invariant by definition).
    fn is_defined_outside_of_loop(&self, ir: &Ir, op: OpId, value: Value) -> bool {
        match ir.value_block(value).and_then(|b| ir.block_parent_op(b)) {
            Some(parent) => !ir.is_ancestor(op, parent),
            None => true,
        }
    }
    /// Moves `inner` out of the loop, just before it.
    fn move_out_of_loop(&self, ir: &mut Ir, op: OpId, inner: OpId) {
        ir.move_op(inner, crate::ir::InsertPoint::Before(op));
    }
}

/// A loop whose regions are its body and whose invariant ops move just
/// before it: the default [`LoopLikeOpInterface`] (`scf.for`, `scf.while`,
/// `scf.parallel`, `affine.for`, `affine.parallel`).
pub struct RegionLoop;

impl LoopLikeOpInterface for RegionLoop {}

/// An op that refers to symbols and checks them (MLIR's `SymbolUserOpInterface`).
pub trait SymbolUserOpInterface: Send + Sync {
    /// Checks the symbols `op` names, resolving them through
    /// `symbol_tables`, which the symbol table's verification shares among
    /// all its users so that each table is indexed once.
    fn verify_symbol_uses(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        symbol_tables: &mut crate::symbol_table::SymbolTableCollection,
    ) -> crate::DiagResult<()>;
}
