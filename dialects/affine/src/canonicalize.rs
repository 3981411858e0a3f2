//! Canonicalization of affine maps and their operands (MLIR's
//! `composeAffineMapAndOperands` + `canonicalizeMapAndOperands`):
//! operands produced by `affine.apply` are composed into the map, constant
//! operands are folded into it, duplicate and unused operands are dropped,
//! and the result is simplified. Applied to `affine.apply/min/max`,
//! loads, stores and loop bounds; `affine.apply` of constants folds.

use crate::syntax::map_of;
use crate::ApplyOp;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::fold::{constant_of_value, FoldOutcome};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult, TypedOp};
use strata_ir::{Attribute, Context, Ir, OpId, Value};

/// `SimplifyAffineOp` for an op whose map operands start at operand
/// `START` (after a load's memref, a store's value and memref).
pub(crate) fn map_op_patterns<O: TypedOp, const START: usize>(
    ctx: &Context,
    set: &mut RewritePatternSet,
) {
    set.add_fn(
        Some(ctx.op_name(O::NAME)),
        1,
        "SimplifyAffineOp",
        simplify_affine_op::<START>,
    );
}

pub use crate::validity::is_top_level_value;

/// The constant value of an index operand, if known.
fn constant_index(ctx: &Context, ir: &Ir, v: Value) -> Option<i64> {
    constant_of_value(ctx, ir, v)
        .and_then(|a| ctx.integer_value(a))
        .and_then(|v| i64::try_from(v).ok())
}

/// Composes, folds constants, dedupes and prunes: returns the canonical
/// map and operands (dims first, then symbols).
pub fn canonicalize_map_and_operands(
    ctx: &Context,
    ir: &Ir,
    map: &AffineMap,
    operands: &[Value],
) -> (AffineMap, Vec<Value>) {
    let num_dims = map.num_dims();
    let mut new_dims: Vec<Value> = Vec::new();
    let mut new_syms = symbol_order(ctx, ir, map, operands);
    // Per input: the expression replacing it, built over new_dims/new_syms.
    // Symbols are numbered after all dims at the end, so record them as
    // placeholders first.
    enum Slot {
        Expr(AffineExpr),
    }
    let mut dim_repl: Vec<Slot> = Vec::new();
    let mut sym_positions: Vec<usize> = Vec::new();
    let add_dim = |v: Value, dims: &mut Vec<Value>, syms: &mut Vec<Value>| -> AffineExpr {
        if is_top_level_value(ctx, ir, v) {
            return AffineExpr::symbol(if let Some(p) = syms.iter().position(|&s| s == v) {
                p
            } else {
                syms.push(v);
                syms.len() - 1
            });
        }
        if let Some(i) = dims.iter().position(|&d| d == v) {
            AffineExpr::dim(i)
        } else {
            dims.push(v);
            AffineExpr::dim(dims.len() - 1)
        }
    };
    for (i, &v) in operands.iter().enumerate() {
        if let Some(c) = constant_index(ctx, ir, v) {
            dim_repl.push(Slot::Expr(AffineExpr::constant(c)));
            continue;
        }
        if i >= num_dims {
            let pos = if let Some(p) = new_syms.iter().position(|&s| s == v) {
                p
            } else {
                new_syms.push(v);
                new_syms.len() - 1
            };
            sym_positions.push(pos);
            // Symbols are substituted later; mark with a symbol expr.
            dim_repl.push(Slot::Expr(AffineExpr::symbol(pos)));
            continue;
        }
        // A dim produced by affine.apply: compose its expression.
        let producer = ApplyOp::defining(ctx, ir, v).map(|apply| apply.op());
        if let Some(apply) = producer {
            if let Some(inner) = ir.attr(ctx, apply, "map").and_then(|a| map_of(ctx, a)) {
                let inner_operands: Vec<Value> = ir.operands(apply).collect();
                let mut dims_e = Vec::new();
                for &o in &inner_operands[..inner.num_dims()] {
                    dims_e.push(match constant_index(ctx, ir, o) {
                        Some(c) => AffineExpr::constant(c),
                        None => add_dim(o, &mut new_dims, &mut new_syms),
                    });
                }
                let mut syms_e = Vec::new();
                for &o in &inner_operands[inner.num_dims()..] {
                    syms_e.push(match constant_index(ctx, ir, o) {
                        Some(c) => AffineExpr::constant(c),
                        None => {
                            let pos = if let Some(p) = new_syms.iter().position(|&s| s == o) {
                                p
                            } else {
                                new_syms.push(o);
                                new_syms.len() - 1
                            };
                            AffineExpr::symbol(pos)
                        }
                    });
                }
                let expr = inner.results()[0].replace_dims_and_symbols(&dims_e, &syms_e);
                dim_repl.push(Slot::Expr(expr));
                continue;
            }
        }
        let e = add_dim(v, &mut new_dims, &mut new_syms);
        dim_repl.push(Slot::Expr(e));
    }
    let _ = sym_positions;
    let exprs: Vec<AffineExpr> = dim_repl.into_iter().map(|Slot::Expr(e)| e).collect();
    let (dims_e, syms_e) = exprs.split_at(num_dims);
    let composed = map.replace_dims_and_symbols(dims_e, syms_e, new_dims.len(), new_syms.len());
    // Drop unused dims and symbols.
    let used_dim: Vec<bool> = (0..new_dims.len())
        .map(|d| composed.results().iter().any(|e| e.is_function_of_dim(d)))
        .collect();
    let used_sym: Vec<bool> = (0..new_syms.len())
        .map(|s| {
            composed
                .results()
                .iter()
                .any(|e| e.is_function_of_symbol(s))
        })
        .collect();
    let mut dim_map = Vec::new();
    let mut kept = Vec::new();
    for (d, &u) in used_dim.iter().enumerate() {
        if u {
            dim_map.push(AffineExpr::dim(kept.len()));
            kept.push(new_dims[d]);
        } else {
            dim_map.push(AffineExpr::constant(0));
        }
    }
    let kept_dims = kept.len();
    let mut sym_map = Vec::new();
    let mut kept_syms = Vec::new();
    for (s, &u) in used_sym.iter().enumerate() {
        if u {
            sym_map.push(AffineExpr::symbol(kept_syms.len()));
            kept_syms.push(new_syms[s]);
        } else {
            sym_map.push(AffineExpr::constant(0));
        }
    }
    let pruned = composed
        .replace_dims_and_symbols(&dim_map, &sym_map, kept_dims, kept_syms.len())
        .simplify();
    kept.extend(kept_syms);
    (pruned, kept)
}

/// The order of the composed map's symbols, as MLIR's composition and
/// `canonicalizePromotedSymbols` leave it: the map's own symbol operands,
/// then those of the `affine.apply`s composed into its dimensions, then the
/// dimension operands promoted to symbols (top-level values) at the end.
/// Operands that end up unused are pruned afterwards.
fn symbol_order(ctx: &Context, ir: &Ir, map: &AffineMap, operands: &[Value]) -> Vec<Value> {
    let mut symbols: Vec<Value> = Vec::new();
    let mut promoted: Vec<Value> = Vec::new();
    let is_const = |v: Value| constant_index(ctx, ir, v).is_some();
    let note_dim = |v: Value, promoted: &mut Vec<Value>| {
        if !is_const(v) && is_top_level_value(ctx, ir, v) {
            promoted.push(v);
        }
    };
    for (i, &v) in operands.iter().enumerate() {
        if is_const(v) {
            continue;
        }
        if i >= map.num_dims() {
            symbols.push(v);
            continue;
        }
        let producer = ApplyOp::defining(ctx, ir, v).map(|apply| apply.op());
        let inner = producer.and_then(|a| ir.attr(ctx, a, "map").and_then(|m| map_of(ctx, m)));
        match (producer, inner) {
            (Some(apply), Some(inner)) => {
                for (k, o) in ir.operands(apply).enumerate() {
                    if k < inner.num_dims() {
                        note_dim(o, &mut promoted);
                    } else if !is_const(o) {
                        symbols.push(o);
                    }
                }
            }
            _ => note_dim(v, &mut promoted),
        }
    }
    let mut order: Vec<Value> = Vec::new();
    for v in symbols.into_iter().chain(promoted) {
        if !order.contains(&v) {
            order.push(v);
        }
    }
    order
}

fn simplify_affine_op<const START: usize>(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let map = ir
        .attr(ctx, op, "map")
        .and_then(|a| map_of(ctx, a))
        .ok_or(NoMatch)?
        .clone();
    let start = START.min(ir.num_operands(op));
    let all: Vec<Value> = ir.operands(op).collect();
    let (new_map, new_operands) = canonicalize_map_and_operands(ctx, ir, &map, &all[start..]);
    if new_map == map && new_operands == all[start..] {
        return Err(NoMatch);
    }
    let mut operands = all[..start].to_vec();
    operands.extend(new_operands);
    let attr = ctx.affine_map_attr(new_map);
    rw.modify_op_in_place(op, |ir| {
        ir.set_operands(op, &operands);
        ir.set_property(ctx, op, "map", Some(attr));
    });
    Ok(())
}

pub(crate) fn fold_apply(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let Some(map) = ir
        .attr(ctx, op, "map")
        .and_then(|a| map_of(ctx, a))
        .cloned()
    else {
        return FoldOutcome::Failed;
    };
    // A map that is one of its inputs: that operand.
    if let Some(d) = map.results()[0].as_dim() {
        return FoldOutcome::value(ir.operand(op, d));
    }
    if let Some(s) = map.results()[0].as_symbol() {
        return FoldOutcome::value(ir.operand(op, map.num_dims() + s));
    }
    if let Some(c) = map.results()[0].as_constant() {
        return FoldOutcome::attribute(ctx.index_attr(c));
    }
    let values: Option<Vec<i64>> = constants
        .iter()
        .map(|c| {
            c.and_then(|a| ctx.integer_value(a))
                .and_then(|v| i64::try_from(v).ok())
        })
        .collect();
    let Some(values) = values else {
        return FoldOutcome::Failed;
    };
    let (dims, syms) = values.split_at(map.num_dims());
    match map.eval(dims, syms) {
        Ok(r) => FoldOutcome::attribute(ctx.index_attr(r[0])),
        Err(_) => FoldOutcome::Failed,
    }
}

/// `affine.min` (`MIN`) or `affine.max` of constants.
pub(crate) fn fold_min_max<const MIN: bool>(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    constants: &[Option<Attribute>],
) -> FoldOutcome {
    let Some(map) = ir
        .attr(ctx, op, "map")
        .and_then(|a| map_of(ctx, a))
        .cloned()
    else {
        return FoldOutcome::Failed;
    };
    if map.num_results() == 1 {
        if let Some(d) = map.results()[0].as_dim() {
            return FoldOutcome::value(ir.operand(op, d));
        }
    }
    let values: Option<Vec<i64>> = constants
        .iter()
        .map(|c| {
            c.and_then(|a| ctx.integer_value(a))
                .and_then(|v| i64::try_from(v).ok())
        })
        .collect();
    let Some(values) = values else {
        return FoldOutcome::Failed;
    };
    let (dims, syms) = values.split_at(map.num_dims());
    match map.eval(dims, syms) {
        Ok(r) if !r.is_empty() => {
            let v = if MIN {
                *r.iter().min().unwrap()
            } else {
                *r.iter().max().unwrap()
            };
            FoldOutcome::attribute(ctx.index_attr(v))
        }
        _ => FoldOutcome::Failed,
    }
}
