//! The `tile` dialect: fusion dataflows as tile trees in the IR (see
//! `docs/tileflow.md`; the model and its analysis live in
//! `strata-tileflow`).
//!
//! ```mlir
//! tile.tree attributes {arch = "edge"} {
//!   tile.tile attributes {level = 1 : i64, loops = ["i:2", "Sp j:2"]} {
//!     tile.scope "shar" {
//!       tile.leaf { %0 = linalg.matmul ... }
//!     }
//!   }
//! }
//! ```
//! A leaf is a region holding the op it computes rather than a symbol
//! reference: linalg ops are not symbols, and nesting keeps the op's
//! operands, indexing maps and types next to the tiling, as `scf.forall`
//! or `linalg.generic` regions keep their bodies. A loop is written
//! `dim:extent`, temporal unless prefixed `Sp ` (`Tp ` may be written).

use std::sync::Arc;
use strata_ir::constraints::AttrConstraint;
use strata_ir::diagnostics::DiagResult;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Dialect, Ir, OpDefinition, OpId};

strata_ir::define_op! {
    /// The root of a tile tree; `arch` names the architecture it targets.
    pub struct TreeOp = "tile.tree" {
        summary: "a tile tree",
        traits: [NO_TERMINATOR, SINGLE_BLOCK],
        attributes: [arch: optional(AttrConstraint::String)],
        regions: [body: single_block],
        format: "attr-dict-with-keyword $body",
        verify: verify_tree,
    }
}

strata_ir::define_op! {
    /// A tile: a loop nest bound to a memory level.
    pub struct TileOp = "tile.tile" {
        summary: "a tile of a tile tree",
        traits: [NO_TERMINATOR, SINGLE_BLOCK],
        attributes: [
            level: required(AttrConstraint::Integer(None)),
            loops: required(AttrConstraint::Array(None)),
        ],
        regions: [body: single_block],
        format: "attr-dict-with-keyword $body",
        verify: verify_tile,
    }
}

strata_ir::define_op! {
    /// The inter-tile primitive its children run under.
    pub struct ScopeOp = "tile.scope" {
        summary: "Seq/Shar/Para/Pipe scope",
        traits: [NO_TERMINATOR, SINGLE_BLOCK],
        attributes: [kind: required(AttrConstraint::String)],
        regions: [body: single_block],
        format: "$kind attr-dict-with-keyword $body",
        verify: verify_scope,
    }
}

strata_ir::define_op! {
    /// A leaf: holds the one op it computes.
    pub struct LeafOp = "tile.leaf" {
        summary: "an operator of a tile tree",
        traits: [NO_TERMINATOR, SINGLE_BLOCK],
        regions: [body: single_block],
        format: "attr-dict-with-keyword $body",
        verify: verify_leaf,
    }
}

strata_ir::dialect_ops!(TreeOp, TileOp, ScopeOp, LeafOp);

fn body_ops(ir: &Ir, op: OpId) -> Vec<OpId> {
    ir.regions(op)
        .iter()
        .flat_map(|r| ir.region_blocks(*r).iter())
        .flat_map(|b| ir.block_ops(*b))
        .collect()
}

fn is_tile_op(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    TileOp::is(ctx, ir, op) || ScopeOp::is(ctx, ir, op) || LeafOp::is(ctx, ir, op)
}

fn verify_tree(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if let Some(a) = ir.attr(ctx, op, "arch") {
        let name = ctx.string_value(a).unwrap_or("");
        if let Err(e) = strata_tileflow::Arch::builtin(name) {
            return Err(emit_op_error(ctx, ir, op, e));
        }
    }
    let body = body_ops(ir, op);
    if body.len() != 1 || !TileOp::is(ctx, ir, body[0]) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects exactly one 'tile.tile' as its root",
        ));
    }
    Ok(())
}

/// The level of the nearest enclosing tile.
fn enclosing_level(ctx: &Context, ir: &Ir, op: OpId) -> Option<i128> {
    let mut p = ir.parent_op(op);
    while let Some(q) = p {
        if TileOp::is(ctx, ir, q) {
            return ir.attr(ctx, q, "level").and_then(|a| ctx.integer_value(a));
        }
        p = ir.parent_op(q);
    }
    None
}

fn verify_tile(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let level = ir
        .attr(ctx, op, "level")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(-1);
    if level < 0 {
        return Err(emit_op_error(ctx, ir, op, "level must be non-negative"));
    }
    if let Some(outer) = enclosing_level(ctx, ir, op) {
        if level > outer {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("is bound to level {level}, above its enclosing tile's level {outer}"),
            ));
        }
    }
    let loops = ir
        .attr(ctx, op, "loops")
        .and_then(|a| ctx.array_elements(a))
        .unwrap_or(&[]);
    for l in loops {
        let Some(text) = ctx.string_value(*l) else {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "loops must be strings 'dim:extent'",
            ));
        };
        if parse_loop(text).is_none() {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("bad loop '{text}' (expected 'dim:extent' or 'Sp dim:extent', extent > 0)"),
            ));
        }
    }
    let body = body_ops(ir, op);
    if body.is_empty() || !body.iter().all(|c| is_tile_op(ctx, ir, *c)) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "body must hold tile.tile, tile.scope or tile.leaf ops",
        ));
    }
    Ok(())
}

/// `"Sp i:4"` → (spatial, dim, extent).
pub fn parse_loop(text: &str) -> Option<(bool, &str, u64)> {
    let (spatial, rest) = match text.split_once(' ') {
        Some(("Sp", r)) => (true, r),
        Some(("Tp", r)) => (false, r),
        Some(_) => return None,
        None => (false, text),
    };
    let (dim, extent) = rest.split_once(':')?;
    let extent: u64 = extent.parse().ok()?;
    let ok = extent > 0
        && !dim.is_empty()
        && dim.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    ok.then_some((spatial, dim, extent))
}

fn verify_scope(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let kind = ir
        .attr(ctx, op, "kind")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("");
    if strata_tileflow::Scope::parse(kind).is_none() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("unknown scope '{kind}' (expected seq, shar, para or pipe)"),
        ));
    }
    let body = body_ops(ir, op);
    if body.len() < 2 || !body.iter().all(|c| is_tile_op(ctx, ir, *c)) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects at least two tile.tile/tile.leaf children",
        ));
    }
    Ok(())
}

fn verify_leaf(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let body = body_ops(ir, op);
    if body.len() != 1 || is_tile_op(ctx, ir, body[0]) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects exactly one computing op",
        ));
    }
    Ok(())
}

/// The dialect object to load into a [`Context`].
pub struct TileDialect;

impl Dialect for TileDialect {
    fn name(&self) -> &str {
        "tile"
    }
    fn description(&self) -> &str {
        "TileFlow tile trees"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        definitions()
    }
}

/// Loads the tile dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(TileDialect));
}

#[cfg(test)]
mod tests {
    use super::parse_loop;

    #[test]
    fn loops() {
        assert_eq!(parse_loop("i:4"), Some((false, "i", 4)));
        assert_eq!(parse_loop("Sp j:2"), Some((true, "j", 2)));
        assert_eq!(parse_loop("Tp k_0:3"), Some((false, "k_0", 3)));
        assert_eq!(parse_loop("i:0"), None);
        assert_eq!(parse_loop("Xp i:2"), None);
        assert_eq!(parse_loop("i"), None);
    }
}
