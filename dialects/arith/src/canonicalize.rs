//! Canonicalization patterns of the arith ops (a subset of MLIR's
//! `ArithCanonicalization.td`): reassociation of constants through chains
//! of `addi`/`subi`/`muli`, `xori(cmpi, true)` into the inverse compare,
//! and `select` of a negated condition.

use crate::build::{binary_state, cmp_state, constant_state, select_state};
use crate::fold::{decode, encode};
use crate::semantics::{self, Scalar};
use strata_ir::fold::constant_of_value;
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{Attribute, Context, OpId, Value};

/// The pattern populator of op `name`, if it has patterns.
pub(crate) fn patterns_for(name: &str) -> Option<fn(&Context, &mut RewritePatternSet)> {
    match name {
        "arith.addi" => Some(|ctx, set| {
            set.add_fn(
                Some(ctx.op_name("arith.addi")),
                1,
                "arith-addi-constant",
                add_sub_constant,
            );
        }),
        "arith.subi" => Some(|ctx, set| {
            set.add_fn(
                Some(ctx.op_name("arith.subi")),
                1,
                "arith-subi-constant",
                add_sub_constant,
            );
        }),
        "arith.muli" => Some(|ctx, set| {
            set.add_fn(
                Some(ctx.op_name("arith.muli")),
                1,
                "arith-muli-constant",
                mul_constant,
            );
        }),
        "arith.xori" => Some(|ctx, set| {
            set.add_fn(
                Some(ctx.op_name("arith.xori")),
                1,
                "arith-xori-not-cmpi",
                xor_not_cmp,
            );
        }),
        "arith.select" => Some(|ctx, set| {
            set.add_fn(
                Some(ctx.op_name("arith.select")),
                1,
                "arith-select-not-cond",
                select_not,
            );
        }),
        _ => None,
    }
}

fn op_name<'c>(ctx: &'c Context, r: &PatternRewriter, op: OpId) -> &'c str {
    ctx.op_name_str(r.ir().op_name(op))
}

/// Combines two integer constants elementwise with `name`.
fn combine(ctx: &Context, name: &str, a: Attribute, b: Attribute) -> Option<Attribute> {
    let (x, y) = (decode(ctx, a)?, decode(ctx, b)?);
    if x.elems.len() != y.elems.len() || x.splat != y.splat {
        return None;
    }
    let elems = x
        .elems
        .iter()
        .zip(&y.elems)
        .map(|(&p, &q)| match (p, q) {
            (Scalar::Int(p, w), Scalar::Int(q, _)) => semantics::int_binary(name, p, q, w)
                .ok()
                .map(|r| Scalar::Int(r, w)),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let elems = if x.splat && ctx.element_type(x.ty).is_some() {
        let n = ctx.shape(x.ty)?.iter().product::<i64>().max(1) as usize;
        vec![elems[0]; n]
    } else {
        elems
    };
    encode(ctx, x.ty, &elems)
}

/// The op defining `value` if its name is one of `names`, with its operands.
fn defined_by(r: &PatternRewriter, value: Value, names: &[&str]) -> Option<(OpId, Value, Value)> {
    let ctx = r.ctx();
    let def = r.ir().defining_op(value)?;
    if !names.contains(&op_name(ctx, r, def)) || r.ir().num_operands(def) != 2 {
        return None;
    }
    Some((def, r.ir().operand(def, 0), r.ir().operand(def, 1)))
}

/// Rewrites `op` to `name(x, c)` with a fresh constant `c`.
fn replace_with_constant_rhs(
    r: &mut PatternRewriter,
    op: OpId,
    name: &str,
    x: Value,
    c: Attribute,
) -> RewriteResult {
    let ctx = r.ctx();
    let ty = r.ir().value_type(r.ir().result(op, 0));
    let loc = r.ir().op_loc(op);
    r.set_insertion_point_before(op);
    let cst = r.create_op(constant_state(ctx, c, ty, loc));
    let cst = r.ir().result(cst, 0);
    let new = r.create_op(binary_state(ctx, name, x, cst, ty, loc));
    let v = r.ir().result(new, 0);
    r.replace_op(op, &[v]);
    Ok(())
}

/// `(x + c0) + c1 -> x + (c0 + c1)`, `(x - c0) + c1 -> x + (c1 - c0)`,
/// `(x + c0) - c1 -> x + (c0 - c1)`, `(x - c0) - c1 -> x - (c0 + c1)`.
fn add_sub_constant(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let ctx = r.ctx();
    let outer = op_name(ctx, r, op).to_string();
    let c1 = constant_of_value(ctx, r.ir(), r.ir().operand(op, 1)).ok_or(NoMatch)?;
    let (_, x, inner_rhs) =
        defined_by(r, r.ir().operand(op, 0), &["arith.addi", "arith.subi"]).ok_or(NoMatch)?;
    let inner_def = r.ir().defining_op(r.ir().operand(op, 0)).unwrap();
    let inner = op_name(ctx, r, inner_def).to_string();
    let c0 = constant_of_value(ctx, r.ir(), inner_rhs).ok_or(NoMatch)?;
    let (name, c) = match (inner.as_str(), outer.as_str()) {
        ("arith.addi", "arith.addi") => ("arith.addi", combine(ctx, "arith.addi", c0, c1)),
        ("arith.subi", "arith.addi") => ("arith.addi", combine(ctx, "arith.subi", c1, c0)),
        ("arith.addi", "arith.subi") => ("arith.addi", combine(ctx, "arith.subi", c0, c1)),
        _ => ("arith.subi", combine(ctx, "arith.addi", c0, c1)),
    };
    replace_with_constant_rhs(r, op, name, x, c.ok_or(NoMatch)?)
}

/// `(x * c0) * c1 -> x * (c0 * c1)`.
fn mul_constant(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let ctx = r.ctx();
    let c1 = constant_of_value(ctx, r.ir(), r.ir().operand(op, 1)).ok_or(NoMatch)?;
    let (_, x, inner_rhs) = defined_by(r, r.ir().operand(op, 0), &["arith.muli"]).ok_or(NoMatch)?;
    let c0 = constant_of_value(ctx, r.ir(), inner_rhs).ok_or(NoMatch)?;
    let c = combine(ctx, "arith.muli", c0, c1).ok_or(NoMatch)?;
    replace_with_constant_rhs(r, op, "arith.muli", x, c)
}

/// The predicate testing the negation (`slt` <-> `sge`, ...).
fn invert_cmpi(p: i64) -> i64 {
    [1, 0, 5, 4, 3, 2, 9, 8, 7, 6][p as usize]
}

fn is_true(ctx: &Context, attr: Attribute) -> bool {
    decode(ctx, attr).is_some_and(|e| e.splat && matches!(e.elems[0], Scalar::Int(1, 1)))
}

/// `xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)` when the compare has one use.
fn xor_not_cmp(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let ctx = r.ctx();
    let c = constant_of_value(ctx, r.ir(), r.ir().operand(op, 1)).ok_or(NoMatch)?;
    if !is_true(ctx, c) {
        return Err(NoMatch);
    }
    let (cmp, a, b) = defined_by(r, r.ir().operand(op, 0), &["arith.cmpi"]).ok_or(NoMatch)?;
    let pred = r
        .ir()
        .attr(ctx, cmp, "predicate")
        .and_then(|p| ctx.integer_value(p))
        .ok_or(NoMatch)? as i64;
    if !(0..10).contains(&pred) {
        return Err(NoMatch);
    }
    let ty = r.ir().value_type(r.ir().result(op, 0));
    let loc = r.ir().op_loc(op);
    r.set_insertion_point_before(op);
    let new = r.create_op(cmp_state(
        ctx,
        "arith.cmpi",
        invert_cmpi(pred),
        a,
        b,
        ty,
        loc,
    ));
    let v = r.ir().result(new, 0);
    r.replace_op(op, &[v]);
    Ok(())
}

/// `select(xori(c, true), a, b) -> select(c, b, a)`.
fn select_not(op: OpId, r: &mut PatternRewriter) -> RewriteResult {
    let ctx = r.ctx();
    let (_, c, t) = defined_by(r, r.ir().operand(op, 0), &["arith.xori"]).ok_or(NoMatch)?;
    let cst = constant_of_value(ctx, r.ir(), t).ok_or(NoMatch)?;
    if !is_true(ctx, cst) {
        return Err(NoMatch);
    }
    let (a, b) = (r.ir().operand(op, 1), r.ir().operand(op, 2));
    let ty = r.ir().value_type(r.ir().result(op, 0));
    let loc = r.ir().op_loc(op);
    r.set_insertion_point_before(op);
    let new = r.create_op(select_state(ctx, c, b, a, ty, loc));
    let v = r.ir().result(new, 0);
    r.replace_op(op, &[v]);
    Ok(())
}
