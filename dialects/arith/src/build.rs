//! Creating arith ops from Rust: operation states usable with an
//! `OpBuilder`, a `PatternRewriter` or `Ir::create_op`, with the
//! default-valued properties MLIR's builders set.

use crate::attrs::OVERFLOW;
use strata_ir::builder::OpBuilder;
use strata_ir::{
    AttrData, Attribute, Context, InsertPoint, Ir, Location, OpId, OperationState, Type, Value,
};

/// `arith.constant value : ty`.
pub fn constant_state(ctx: &Context, value: Attribute, ty: Type, loc: Location) -> OperationState {
    let mut state = OperationState::new(ctx, "arith.constant", loc);
    state.result_types = vec![ty];
    state.properties = ctx.dictionary_attr([(ctx.intern_str("value"), value)]);
    state
}

/// The default properties of `name` (`overflowFlags`/`fastmath` = none).
pub fn default_properties(ctx: &Context, name: &str) -> Attribute {
    match ctx.op_definition(ctx.op_name(name)) {
        Some(def) => def.default_properties(ctx),
        None => ctx.dictionary_attr([]),
    }
}

/// A binary op `name` (`arith.addi`, `arith.mulf`, ...) on two values of type `ty`.
pub fn binary_state(
    ctx: &Context,
    name: &str,
    lhs: Value,
    rhs: Value,
    ty: Type,
    loc: Location,
) -> OperationState {
    let mut state = OperationState::new(ctx, name, loc);
    state.operands = vec![lhs, rhs];
    state.result_types = vec![ty];
    state.properties = default_properties(ctx, name);
    state
}

/// A unary op or cast `name` from `operand` to a result of type `ty`.
pub fn unary_state(
    ctx: &Context,
    name: &str,
    operand: Value,
    ty: Type,
    loc: Location,
) -> OperationState {
    let mut state = OperationState::new(ctx, name, loc);
    state.operands = vec![operand];
    state.result_types = vec![ty];
    state.properties = default_properties(ctx, name);
    state
}

/// `arith.cmpi` / `arith.cmpf` with predicate number `predicate`; `result` is the i1-like type.
#[allow(clippy::too_many_arguments)]
pub fn cmp_state(
    ctx: &Context,
    name: &str,
    predicate: i64,
    lhs: Value,
    rhs: Value,
    result: Type,
    loc: Location,
) -> OperationState {
    let mut state = OperationState::new(ctx, name, loc);
    state.operands = vec![lhs, rhs];
    state.result_types = vec![result];
    let props = default_properties(ctx, name);
    state.properties = ctx.dictionary_with(
        props,
        ctx.intern_str("predicate"),
        Some(ctx.integer_attr(ctx.signless(64), predicate as i128)),
    );
    state
}

/// `arith.select cond, a, b`.
pub fn select_state(
    ctx: &Context,
    cond: Value,
    a: Value,
    b: Value,
    ty: Type,
    loc: Location,
) -> OperationState {
    let mut state = OperationState::new(ctx, "arith.select", loc);
    state.operands = vec![cond, a, b];
    state.result_types = vec![ty];
    state
}

/// Creates `arith.constant` at the builder's cursor and returns its value.
pub fn constant(b: &mut OpBuilder, value: Attribute, ty: Type) -> Value {
    let state = constant_state(b.ctx, value, ty, b.loc);
    b.create_value(state)
}

/// `arith.constant <v> : index` at the builder's cursor.
pub fn constant_index(b: &mut OpBuilder, v: i64) -> Value {
    let ctx = b.ctx;
    constant(b, ctx.index_attr(v), ctx.index_type())
}

/// A binary op at the builder's cursor; the result has the type of `lhs`.
pub fn binary(b: &mut OpBuilder, name: &str, lhs: Value, rhs: Value) -> Value {
    let ty = b.ir.value_type(lhs);
    let state = binary_state(b.ctx, name, lhs, rhs, ty, b.loc);
    b.create_value(state)
}

/// Whether `value` can be the value of an `arith.constant` of type `ty`.
pub fn is_buildable_with(ctx: &Context, value: Attribute, ty: Type) -> bool {
    let attr_ty = match ctx.attr_data(value) {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::DenseElements { ty, .. } => *ty,
        _ => return false,
    };
    attr_ty == ty
        && (!ctx.is_integer(ty) || ctx.is_signless_integer(ty) || ctx.element_type(ty).is_some())
}

/// The dialect's `materialize_constant`: an `arith.constant` when the value fits.
pub fn materialize_constant(
    ctx: &Context,
    ir: &mut Ir,
    value: Attribute,
    ty: Type,
    loc: Location,
    at: InsertPoint,
) -> Option<OpId> {
    if !is_buildable_with(ctx, value, ty) {
        return None;
    }
    Some(ir.create_op(constant_state(ctx, value, ty, loc), at))
}

/// `state` with property `name` set to `value`.
pub fn with_property(
    ctx: &Context,
    mut state: OperationState,
    name: &str,
    value: Attribute,
) -> OperationState {
    state.properties = ctx.dictionary_with(state.properties, ctx.intern_str(name), Some(value));
    state
}

/// `state` with overflow flags `bits` (`nsw` = 1, `nuw` = 2).
pub fn with_overflow(ctx: &Context, state: OperationState, bits: u64) -> OperationState {
    with_property(ctx, state, "overflowFlags", OVERFLOW.attr(ctx, bits))
}
