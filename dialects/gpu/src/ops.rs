//! The small gpu ops: ids (`gpu.thread_id x`, ...), `gpu.barrier`,
//! `gpu.terminator`, `gpu.wait`, each declared with MLIR 22's assembly
//! format (`GPUOps.td`), and the op list of the dialect.

use crate::launch::LaunchOp;
use crate::{async_token_type, dimension_attr, dimension_of, DIMENSIONS};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::format::{CustomDirective, DirectiveSlots, DirectiveValues};
use strata_ir::opdef::AttrSyntax;
use strata_ir::rewrite::TypedOp;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, Value};

/// `!gpu.async.token`, the type of async dependencies and results.
pub(crate) fn async_token() -> TypeConstraint {
    TypeConstraint::DialectType {
        dialect: crate::DIALECT.into(),
        name: "async.token".into(),
    }
}

fn dimension_constraint(ctx: &Context, attr: strata_ir::Attribute) -> bool {
    dimension_of(ctx, attr).is_some()
}

/// `$dimension` in a format: MLIR's `#gpu<dim x>` enum attribute, which
/// prints its keyword after a space of its own (`gpu.thread_id  x`).
const DIMENSION: AttrSyntax = AttrSyntax {
    parse: |p| {
        let word = p.parser.text();
        let Some(dim) = DIMENSIONS
            .iter()
            .find(|d| **d == word && p.is(TokenKind::BareIdent))
        else {
            return Err(p.error_here("expected ::mlir::gpu::Dimension to be one of: x, y, z"));
        };
        p.parser.advance();
        Ok(Some(dimension_attr(p.ctx(), dim)))
    },
    print: |p, attr| {
        if let Some(d) = dimension_of(p.ctx(), attr) {
            p.write(" ");
            p.write(DIMENSIONS[d]);
        }
    },
};

/// `GPU_IndexOp`: one component of a launch's index space along
/// `dimension`; the result is named after the op and the dimension
/// (`%thread_id_x`).
macro_rules! index_op {
    ($(#[$doc:meta])* $name:ident = $op:literal, result_prefix: $prefix:literal) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                summary: "an index of the launch's iteration space",
                traits: [PURE],
                results: [result: single(TypeConstraint::Index)],
                attributes: [
                    dimension: required(AttrConstraint::Predicate(dimension_constraint, "GPU dimension"), syntax = DIMENSION),
                    upper_bound: optional(AttrConstraint::Index),
                ],
                format: "$dimension (`upper_bound` $upper_bound^)? attr-dict",
                asm_result_names: |ctx, ir, op, set| index_result_name(ctx, ir, op, $prefix, set),
            }
        }
    };
}

index_op!(
    /// The index of the current thread within its block.
    ThreadIdOp = "gpu.thread_id", result_prefix: "thread_id"
);
index_op!(
    /// The index of the current block within the grid.
    BlockIdOp = "gpu.block_id", result_prefix: "block_id"
);
index_op!(
    /// The number of threads of a block.
    BlockDimOp = "gpu.block_dim", result_prefix: "block_dim"
);
index_op!(
    /// The number of blocks of the grid.
    GridDimOp = "gpu.grid_dim", result_prefix: "grid_dim"
);
index_op!(
    /// The index of the current thread within the whole grid.
    GlobalIdOp = "gpu.global_id", result_prefix: "global_id"
);

/// `%thread_id_x`: the op's name without the dialect, then the dimension.
fn index_result_name(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    prefix: &str,
    set: &mut dyn FnMut(usize, &str),
) {
    if let Some(d) = ir
        .attr(ctx, op, "dimension")
        .and_then(|a| dimension_of(ctx, a))
    {
        set(0, &format!("{prefix}_{}", DIMENSIONS[d]));
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
        verify: expect_parent::<LaunchOp>,
    }
}
strata_ir::define_op! {
    /// Waits for async tokens (`gpu.wait async [%t]`).
    pub struct WaitOp = "gpu.wait" {
        summary: "Wait for async gpu ops to complete.",
        operands: [asyncDependencies: variadic(async_token())],
        results: [asyncToken: optional(async_token())],
        format: "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) attr-dict",
        directives: [&ASYNC_DEPENDENCIES],
    }
}

strata_ir::dialect_ops!(
    ThreadIdOp,
    BlockIdOp,
    BlockDimOp,
    GridDimOp,
    GlobalIdOp,
    BarrierOp,
    TerminatorOp,
    WaitOp,
    crate::func::ModuleOp,
    crate::func::FuncOp,
    crate::func::ReturnOp,
    LaunchOp,
    crate::launch_func::LaunchFuncOp,
);

/// MLIR's `HasParent<P>` check.
pub fn expect_parent<P: TypedOp>(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    match ir.parent_op(op) {
        Some(parent) if P::wrap_op(ctx, ir, parent).is_some() => Ok(()),
        _ => Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("expects parent op '{}'", P::NAME),
        )),
    }
}

/// `custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)`:
/// `async` (the op then has a token result) and `[%deps]`, both optional.
pub(crate) const ASYNC_DEPENDENCIES: CustomDirective = CustomDirective {
    name: "AsyncDependencies",
    parse: |p, slots: &mut DirectiveSlots| {
        let (is_async, deps) = parse_async_dependencies(p)?;
        if is_async {
            slots.set_types(0, vec![async_token_type(p.ctx())]);
        }
        slots.set_operands(1, deps);
        Ok(())
    },
    print: |p, _, values: &DirectiveValues| {
        print_async_dependencies(p, !values.types(0).is_empty(), values.operands(1));
    },
};

/// MLIR's `parseAsyncDependencies`: whether `async` was given and the
/// dependencies, shared by the async-capable ops.
pub(crate) fn parse_async_dependencies<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<(bool, Vec<UnresolvedOperand<'a>>)> {
    let at = p.parser.offset();
    let is_async = p.consume_keyword("async");
    if is_async && p.num_results_hint == 0 {
        return Err(p.error_at(at, "needs to be named when marked 'async'"));
    }
    let mut deps = Vec::new();
    if p.consume_if(TokenKind::LSquare) && !p.consume_if(TokenKind::RSquare) {
        loop {
            deps.push(p.parse_operand()?);
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RSquare, "']'")?;
    }
    Ok((is_async, deps))
}

/// MLIR's `printAsyncDependencies`: `async`, then `[%deps]` after a space
/// when both are there.
pub(crate) fn print_async_dependencies(p: &mut OpPrinter, is_async: bool, deps: &[Value]) {
    if is_async {
        p.write("async");
    }
    if deps.is_empty() {
        return;
    }
    if is_async {
        p.write(" ");
    }
    p.write("[");
    p.print_operands(deps.iter().copied());
    p.write("]");
}
