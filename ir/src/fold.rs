//! Folding: what an op's `fold` hook returns, and how constants are read.
//!
//! An op folds when, given the constant values of its operands (`None` for
//! operands that are not constants), it can name its results without
//! executing: as attributes (to be materialized as constant ops by the
//! op's dialect, [`crate::Dialect::materialize_constant`]) or as values that
//! already exist. It may also simplify itself in place (MLIR's
//! `OpFoldResult` and the two `fold` outcomes). A `CONSTANT_LIKE` op's fold
//! returns its value: that is how drivers learn the value of a constant
//! (MLIR's `m_Constant`).

use crate::attributes::Attribute;
use crate::context::Context;
use crate::ir::{Ir, OpId, Value};
use crate::opdef::OpTraits;
use smallvec::SmallVec;

/// One folded result: a constant or an existing value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OpFoldResult {
    Attribute(Attribute),
    Value(Value),
}

/// What a fold hook did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FoldOutcome {
    /// Nothing to fold.
    Failed,
    /// The op changed itself (operands, attributes) and stays.
    InPlace,
    /// One entry per result; the op is to be replaced by them.
    Results(SmallVec<[OpFoldResult; 1]>),
}

impl FoldOutcome {
    /// A single-result fold to a constant.
    pub fn attribute(attr: Attribute) -> Self {
        let mut results = SmallVec::new();
        results.push(OpFoldResult::Attribute(attr));
        FoldOutcome::Results(results)
    }
    /// A single-result fold to an existing value.
    pub fn value(value: Value) -> Self {
        let mut results = SmallVec::new();
        results.push(OpFoldResult::Value(value));
        FoldOutcome::Results(results)
    }
}

/// The fold hook: `(ctx, ir, op, operand constants)`.
pub type FoldHook = fn(&Context, &mut Ir, OpId, &[Option<Attribute>]) -> FoldOutcome;

/// Folds `op` (MLIR's `Operation::fold`): its hook first; when that does
/// not fold, the traits' folds — a `COMMUTATIVE` op moves its constant
/// operands to the end, in place (MLIR's `foldCommutative`).
pub fn fold_op(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    operand_constants: &[Option<Attribute>],
) -> FoldOutcome {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return FoldOutcome::Failed;
    };
    if let Some(fold) = def.hooks.fold {
        let outcome = fold(ctx, ir, op, operand_constants);
        if outcome != FoldOutcome::Failed {
            return outcome;
        }
    }
    if def.has_trait(OpTraits::COMMUTATIVE) && fold_commutative(ir, op, operand_constants) {
        return FoldOutcome::InPlace;
    }
    FoldOutcome::Failed
}

/// Whether `op` may fold at all (has a hook or a folding trait).
#[inline]
pub fn has_folder(def: &crate::opdef::OpDefinition) -> bool {
    def.hooks.fold.is_some() || def.has_trait(OpTraits::COMMUTATIVE)
}

/// Stable-partitions the operands: non-constants first, constants last.
fn fold_commutative(ir: &mut Ir, op: OpId, constants: &[Option<Attribute>]) -> bool {
    let n = ir.num_operands(op);
    if n < 2 || constants.len() != n {
        return false;
    }
    let Some(first_constant) = constants.iter().position(Option::is_some) else {
        return false;
    };
    if constants[first_constant..].iter().all(Option::is_some) {
        return false;
    }
    let operands: SmallVec<[Value; 4]> = ir.operands(op).collect();
    let reordered: SmallVec<[Value; 4]> = (0..n)
        .filter(|&i| constants[i].is_none())
        .chain((0..n).filter(|&i| constants[i].is_some()))
        .map(|i| operands[i])
        .collect();
    for (i, v) in reordered.into_iter().enumerate() {
        ir.set_operand(op, i, v);
    }
    true
}

/// The value of a `CONSTANT_LIKE` op (MLIR's `matchPattern(op, m_Constant(&attr))`):
/// its `value` attribute, where every upstream constant op keeps it.
#[inline]
pub fn constant_value(ctx: &Context, ir: &Ir, op: OpId) -> Option<Attribute> {
    let def = ctx.op_definition(ir.op_name(op))?;
    if !def.has_trait(OpTraits::CONSTANT_LIKE) || ir.num_results(op) != 1 {
        return None;
    }
    ir.attr(ctx, op, "value")
}

/// The constant value of `value` if its defining op is a constant.
pub fn constant_of_value(ctx: &Context, ir: &Ir, value: Value) -> Option<Attribute> {
    constant_value(ctx, ir, ir.defining_op(value)?)
}

/// The integer a constant op defining `value` holds, when it fits an i64
/// (an index or integer `arith.constant`, or any other constant-like op).
pub fn constant_i64(ctx: &Context, ir: &Ir, value: Value) -> Option<i64> {
    constant_of_value(ctx, ir, value)
        .and_then(|a| ctx.integer_value(a))
        .and_then(|x| i64::try_from(x).ok())
}
