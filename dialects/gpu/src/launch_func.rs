//! `gpu.launch_func`: launches a `kernel` `gpu.func` of a `gpu.module`.
//!
//! ```mlir
//! gpu.launch_func @kernels::@k blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz)
//!     dynamic_shared_memory_size %bytes args(%a : f32, %m : memref<?xf32>)
//! ```
//!
//! The op's own verifier checks what MLIR's `LaunchFuncOp::verify` does
//! (the enclosing module carries `gpu.container_module`); the callee is
//! checked with the module's symbol uses (`SymbolUserOpInterface`), like
//! `func.call`'s, where MLIR checks it from the `gpu.container_module`
//! attribute's verifier, with the same messages.

use crate::async_token_type;
use crate::func::{func_layout, KERNEL_ATTR};
use crate::ops::parse_async_dependencies;
use std::sync::Arc;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::interfaces::SymbolUserOpInterface;
use strata_ir::symbol_table::SymbolTableCollection;
use strata_ir::verifier::emit_op_error;
use strata_ir::{AttrData, Context, Ir, OpDefinition, OpId, Value};

strata_ir::define_op! {
    /// Launches a kernel function.
    pub struct LaunchFuncOp = "gpu.launch_func" {
        summary: "Launches a function as a GPU kernel",
        operands: [
            asyncDependencies: variadic(TypeConstraint::Any),
            gridSizeX: single(TypeConstraint::Any),
            gridSizeY: single(TypeConstraint::Any),
            gridSizeZ: single(TypeConstraint::Any),
            blockSizeX: single(TypeConstraint::Any),
            blockSizeY: single(TypeConstraint::Any),
            blockSizeZ: single(TypeConstraint::Any),
            clusterSizeX: optional(TypeConstraint::Any),
            clusterSizeY: optional(TypeConstraint::Any),
            clusterSizeZ: optional(TypeConstraint::Any),
            dynamicSharedMemorySize: optional(TypeConstraint::Any),
            kernelOperands: variadic(TypeConstraint::Any),
            asyncObject: optional(TypeConstraint::Any),
        ],
        results: [asyncToken: optional(TypeConstraint::Any)],
        attributes: [kernel: required(AttrConstraint::Symbol)],
    }
}

pub(crate) fn definition() -> OpDefinition {
    let mut def = LaunchFuncOp::definition();
    def.hooks.parse = Some(parse_launch_func);
    def.hooks.print = Some(print_launch_func);
    def.hooks.verify = Some(verify_launch_func);
    def.interfaces
        .insert::<dyn SymbolUserOpInterface>(Arc::new(KernelUse));
    def
}

/// The operand groups of a `gpu.launch_func`, in segment order.
fn groups(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Vec<Value>> {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered op");
    strata_ir::format::value_groups(ctx, ir, op, def, false)
        .into_iter()
        .map(|g| g.into_iter().collect())
        .collect()
}

fn parse_three<'a>(
    p: &mut OpParser<'_, 'a>,
    keyword: &str,
) -> DiagResult<Vec<strata_ir::asm::parser::UnresolvedOperand<'a>>> {
    p.expect_keyword(keyword)?;
    p.expect_keyword("in")?;
    p.expect(TokenKind::LParen, "'('")?;
    let mut values = Vec::new();
    for i in 0..3 {
        if i > 0 {
            p.expect(TokenKind::Comma, "','")?;
        }
        values.push(p.parse_operand()?);
    }
    p.expect(TokenKind::RParen, "')'")?;
    Ok(values)
}

fn parse_launch_func(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let before = p.state.operands.len();
    if parse_async_dependencies(p)? {
        p.add_result_types(&[async_token_type(ctx)]);
    }
    let num_deps = p.state.operands.len() - before;
    let kernel_at = p.parser.offset();
    let kernel = p.parse_attribute(None)?;
    if !matches!(ctx.attr_data(kernel), AttrData::SymbolRef { .. }) {
        return Err(p.error_at(kernel_at, "expected symbol reference"));
    }
    p.add_property("kernel", kernel);
    if p.is_keyword("clusters") {
        return Err(p.error_here("cluster launches are not supported by Strata"));
    }
    let mut sizes = parse_three(p, "blocks")?;
    sizes.extend(parse_three(p, "threads")?);
    let mut dim_type = ctx.index_type();
    if p.consume_if(TokenKind::Colon) {
        dim_type = p.parse_type()?;
    }
    p.add_operands(&sizes, &[dim_type; 6])?;
    let mut has_shared = 0;
    if p.consume_keyword("dynamic_shared_memory_size") {
        let size = p.parse_operand()?;
        let i32_type = ctx.integer_type(32, strata_ir::Signedness::Signless);
        p.add_operands(&[size], &[i32_type])?;
        has_shared = 1;
    }
    let mut num_args = 0;
    if p.consume_keyword("args") {
        p.expect(TokenKind::LParen, "'('")?;
        let mut names = Vec::new();
        let mut types = Vec::new();
        if !p.consume_if(TokenKind::RParen) {
            loop {
                names.push(p.parse_operand()?);
                p.expect(TokenKind::Colon, "':'")?;
                types.push(p.parse_type()?);
                if !p.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            p.expect(TokenKind::RParen, "')'")?;
        }
        num_args = names.len() as i32;
        p.add_operands(&names, &types)?;
    }
    p.parse_optional_attr_dict(false)?;
    let segments = [
        num_deps as i32,
        1,
        1,
        1,
        1,
        1,
        1,
        0,
        0,
        0,
        has_shared,
        num_args,
        0,
    ];
    p.add_property("operandSegmentSizes", ctx.dense_i32_array(&segments));
    Ok(())
}

fn print_launch_func(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let g = groups(ctx, ir, op);
    if g.len() < 12 {
        return;
    }
    // The format: `custom<AsyncDependencies> $kernel blocks in (...)
    // threads in (...) custom<LaunchDimType> (dynamic_shared_memory_size
    // $size)? custom<LaunchFuncOperands> attr-dict`, a space before each
    // directive even when it prints nothing.
    p.write(" ");
    let is_async = ir.num_results(op) > 0;
    if is_async {
        p.write("async");
    }
    if !g[0].is_empty() {
        if is_async {
            p.write(" ");
        }
        p.write("[");
        p.print_operands(g[0].iter().copied());
        p.write("]");
    }
    p.write(" ");
    if let Some(kernel) = ir.attr(ctx, op, "kernel") {
        p.print_attribute(kernel);
    }
    for (keyword, range) in [(" blocks in (", 1..4), (" threads in (", 4..7)] {
        p.write(keyword);
        p.print_operands(range.map(|i| g[i][0]));
        p.write(")");
    }
    p.write(" ");
    let dim_type = ir.value_type(g[1][0]);
    if !ctx.is_index(dim_type) {
        p.write(": ");
        p.print_type(dim_type);
    }
    if let Some(&size) = g[10].first() {
        p.write(" dynamic_shared_memory_size ");
        p.print_operand(size);
    }
    p.write(" ");
    if !g[11].is_empty() {
        p.write("args(");
        for (i, &v) in g[11].iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(v);
            p.write(" : ");
            p.print_type(ir.value_type(v));
        }
        p.write(")");
    }
    p.print_optional_attr_dict(op, &["kernel", "operandSegmentSizes"], false);
}

/// The nearest enclosing `builtin.module`.
fn enclosing_module(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    let mut cur = ir.parent_op(op);
    while let Some(parent) = cur {
        if ctx.op_name_str(ir.op_name(parent)) == "builtin.module" {
            return Some(parent);
        }
        cur = ir.parent_op(parent);
    }
    None
}

/// MLIR's `LaunchFuncOp::verify`.
fn verify_launch_func(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(module) = enclosing_module(ctx, ir, op) else {
        // A function verified on its own (parallel passes): the module's
        // symbol-use check below sees the whole program.
        return Ok(());
    };
    if ir.attr(ctx, module, "gpu.container_module").is_none() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected the closest surrounding module to have the 'gpu.container_module' attribute",
        ));
    }
    Ok(())
}

struct KernelUse;

impl SymbolUserOpInterface for KernelUse {
    /// The checks MLIR makes from `gpu.container_module`'s verifier.
    fn verify_symbol_uses(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        symbol_tables: &mut SymbolTableCollection,
    ) -> DiagResult<()> {
        let Some(module) = enclosing_module(ctx, ir, op) else {
            return Ok(());
        };
        if ir.attr(ctx, module, "gpu.container_module").is_none() {
            return Ok(());
        }
        let Some(kernel) = ir.attr(ctx, op, "kernel") else {
            return Ok(());
        };
        let AttrData::SymbolRef { root, .. } = ctx.attr_data(kernel) else {
            return Ok(());
        };
        let container_name = ctx.str(*root);
        let root_ref = ctx.symbol_ref_attr(container_name, &[]);
        let container = symbol_tables.lookup_symbol_in(ctx, ir, module, root_ref);
        let is_module = container.is_some_and(|c| ctx.op_name_str(ir.op_name(c)) == "gpu.module");
        if !is_module {
            let what = if container.is_none() {
                "container"
            } else {
                "module"
            };
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("kernel {what} '{container_name}' is undefined"),
            ));
        }
        let kernel_text = strata_ir::asm::printer::attr_to_string(ctx, kernel);
        let Some(func) = symbol_tables.lookup_symbol_in(ctx, ir, module, kernel) else {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("kernel function '{kernel_text}' is undefined"),
            ));
        };
        let Some(layout) = func_layout(ctx, ir, func) else {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("referenced kernel '{kernel_text}' is not a function"),
            )
            .with_note(ir.op_loc(func), "see the kernel definition here"));
        };
        if ir.attr(ctx, func, KERNEL_ATTR).is_none() {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("kernel function is missing the '{KERNEL_ATTR}' attribute"),
            ));
        }
        if ctx.op_name_str(ir.op_name(func)) != "gpu.func" {
            return Ok(());
        }
        let g = groups(ctx, ir, op);
        let operands = g.get(11).cloned().unwrap_or_default();
        if operands.len() != layout.inputs.len() {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "got {} kernel operands but expected {}",
                    operands.len(),
                    layout.inputs.len()
                ),
            ));
        }
        for (i, (&v, &ty)) in operands.iter().zip(&layout.inputs).enumerate() {
            if ir.value_type(v) != ty {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    format!("type of function argument {i} does not match"),
                ));
            }
        }
        Ok(())
    }
}
