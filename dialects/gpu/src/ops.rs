//! The small gpu ops: ids (`gpu.thread_id x`, ...), `gpu.barrier`,
//! `gpu.terminator`, `gpu.wait`.

use crate::{async_token_type, dimension_attr, dimension_of, DIMENSIONS};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpDefinition, OpId};

/// The id ops: each gives one component of a launch's index space.
pub const ID_OPS: [(&str, &str); 5] = [
    ("gpu.thread_id", "thread_id"),
    ("gpu.block_id", "block_id"),
    ("gpu.block_dim", "block_dim"),
    ("gpu.grid_dim", "grid_dim"),
    ("gpu.global_id", "global_id"),
];

fn dimension_constraint(ctx: &Context, attr: strata_ir::Attribute) -> bool {
    dimension_of(ctx, attr).is_some()
}

strata_ir::define_op! {
    /// An id op (`gpu.thread_id x`); its name is set per op.
    pub struct IdOp = "gpu.thread_id" {
        summary: "an index of the launch's iteration space",
        traits: [PURE],
        results: [result: single(TypeConstraint::Index)],
        attributes: [
            dimension: required(AttrConstraint::Predicate(dimension_constraint, "GPU dimension")),
            upper_bound: optional(AttrConstraint::Index),
        ],
    }
}
strata_ir::define_op! {
    /// Synchronizes the threads of a workgroup.
    pub struct BarrierOp = "gpu.barrier" {
        summary: "Synchronizes all work items of a workgroup.",
        format: "attr-dict",
    }
}
strata_ir::define_op! {
    /// Ends a `gpu.launch` body.
    pub struct TerminatorOp = "gpu.terminator" {
        summary: "Terminator for GPU launch regions.",
        traits: [PURE, TERMINATOR],
        format: "attr-dict",
    }
}
strata_ir::define_op! {
    /// Waits for async tokens (`gpu.wait async [%t]`).
    pub struct WaitOp = "gpu.wait" {
        summary: "Wait for async gpu ops to complete.",
        operands: [asyncDependencies: variadic(TypeConstraint::Any)],
        results: [asyncToken: optional(TypeConstraint::Any)],
    }
}

pub(crate) fn definitions() -> Vec<OpDefinition> {
    let mut defs = Vec::new();
    for (name, _) in ID_OPS {
        let mut def = IdOp::definition();
        def.name = name.into();
        def.hooks.parse = Some(parse_id);
        def.hooks.print = Some(print_id);
        def.hooks.result_names = Some(|ctx, ir, op, set| {
            let short = &ctx.op_name_str(ir.op_name(op))[4..];
            if let Some(d) = ir
                .attr(ctx, op, "dimension")
                .and_then(|a| dimension_of(ctx, a))
            {
                set(0, &format!("{short}_{}", DIMENSIONS[d]));
            }
        });
        defs.push(def);
    }
    defs.push(BarrierOp::definition());
    let mut terminator = TerminatorOp::definition();
    terminator.hooks.verify = Some(|ctx, ir, op| expect_parent(ctx, ir, op, "gpu.launch"));
    defs.push(terminator);
    let mut wait = WaitOp::definition();
    wait.hooks.parse = Some(parse_wait);
    wait.hooks.print = Some(print_wait);
    defs.push(wait);
    defs
}

/// MLIR's `HasParent<...>` check.
pub fn expect_parent(ctx: &Context, ir: &Ir, op: OpId, parent: &str) -> DiagResult<()> {
    match ir.parent_op(op) {
        Some(p) if ctx.op_name_str(ir.op_name(p)) == parent => Ok(()),
        _ => Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("expects parent op '{parent}'"),
        )),
    }
}

/// `x|y|z (upper_bound N)? attr-dict`.
fn parse_id(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let word = p.parser.text();
    let Some(dim) = DIMENSIONS
        .iter()
        .find(|d| **d == word && p.is(TokenKind::BareIdent))
    else {
        return Err(p.error_here("expected ::mlir::gpu::Dimension to be one of: x, y, z"));
    };
    p.parser.advance();
    p.add_property("dimension", dimension_attr(ctx, dim));
    if p.consume_keyword("upper_bound") {
        let bound = p.parse_attribute(Some(ctx.index_type()))?;
        p.add_property("upper_bound", bound);
    }
    p.parse_optional_attr_dict(false)?;
    p.add_result_types(&[ctx.index_type()]);
    Ok(())
}

fn print_id(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    // MLIR prints the enum after a space of its own: `gpu.thread_id  x`.
    if let Some(d) =
        p.ir.attr(ctx, op, "dimension")
            .and_then(|a| dimension_of(ctx, a))
    {
        p.write("  ");
        p.write(DIMENSIONS[d]);
    }
    if let Some(bound) =
        p.ir.attr(ctx, op, "upper_bound")
            .and_then(|a| ctx.integer_value(a))
    {
        p.write(&format!(" upper_bound {bound}"));
    }
    p.print_optional_attr_dict(op, &["dimension", "upper_bound"], false);
}

/// Parses `async? ([%deps])?`: whether `async` was given and the
/// dependencies (all `!gpu.async.token`), shared by the async-capable ops.
pub fn parse_async_dependencies(p: &mut OpParser) -> DiagResult<bool> {
    let at = p.parser.offset();
    let is_async = p.consume_keyword("async");
    if is_async && p.num_results_hint == 0 {
        return Err(p.error_at(at, "needs to be named when marked 'async'"));
    }
    if p.is(TokenKind::LSquare) {
        p.parser.advance();
        let mut deps = Vec::new();
        if !p.consume_if(TokenKind::RSquare) {
            loop {
                deps.push(p.parse_operand()?);
                if !p.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            p.expect(TokenKind::RSquare, "']'")?;
        }
        let token = async_token_type(p.ctx());
        p.add_operands(&deps, &vec![token; deps.len()])?;
    }
    Ok(is_async)
}

/// Prints ` async` (when the op has a result token) and ` [%deps]`.
pub fn print_async_dependencies(p: &mut OpPrinter, op: OpId, deps: &[strata_ir::Value]) {
    if p.ir.num_results(op) > 0 {
        p.write(" async");
    }
    if !deps.is_empty() {
        p.write(" [");
        p.print_operands(deps.iter().copied());
        p.write("]");
    }
}

fn parse_wait(p: &mut OpParser) -> DiagResult<()> {
    if parse_async_dependencies(p)? {
        let token = async_token_type(p.ctx());
        p.add_result_types(&[token]);
    }
    p.parse_optional_attr_dict(false)
}

fn print_wait(p: &mut OpPrinter, op: OpId) {
    let deps: Vec<_> = p.ir.operands(op).collect();
    print_async_dependencies(p, op, &deps);
    // MLIR's format prints a space after the empty optional group.
    if deps.is_empty() && p.ir.num_results(op) == 0 {
        p.write(" ");
    }
    p.print_optional_attr_dict(op, &[], false);
}
