//! `gpu.launch_func`: launches a `kernel` `gpu.func` of a `gpu.module`.
//!
//! ```mlir
//! gpu.launch_func @kernels::@k blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz)
//!     dynamic_shared_memory_size %bytes args(%a : f32, %m : memref<?xf32>)
//! ```
//!
//! The op is declared with MLIR 22's assembly format and its custom
//! directives (`AsyncDependencies`, `LaunchDimType`, `LaunchFuncOperands`).
//! The op's own verifier checks what MLIR's `LaunchFuncOp::verify` does
//! (the enclosing module carries `gpu.container_module`); the callee is
//! checked with the module's symbol uses (`SymbolUserOpInterface`), like
//! `func.call`'s, where MLIR checks it from the `gpu.container_module`
//! attribute's verifier, with the same messages.

use crate::func::{func_layout, FuncOp, ModuleOp, KERNEL_ATTR};
use crate::ops::{async_token, ASYNC_DEPENDENCIES};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::format::CustomDirective;
use strata_ir::interfaces::SymbolUserOpInterface;
use strata_ir::symbol_table::SymbolTableCollection;
use strata_ir::verifier::emit_op_error;
use strata_ir::{AttrData, Context, Ir, OpId};

/// MLIR's `LaunchIndx`: `index`, `i32` or `i64`.
const LAUNCH_INDEX: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| ctx.is_index(ty) || ty == ctx.signless(32) || ty == ctx.signless(64),
    "index or 32-bit signless integer or 64-bit signless integer",
);

strata_ir::define_op! {
    /// Launches a kernel function.
    pub struct LaunchFuncOp = "gpu.launch_func" {
        summary: "Launches a function as a GPU kernel",
        operands: [
            asyncDependencies: variadic(async_token()),
            gridSizeX: single(LAUNCH_INDEX),
            gridSizeY: single(LAUNCH_INDEX),
            gridSizeZ: single(LAUNCH_INDEX),
            blockSizeX: single(LAUNCH_INDEX),
            blockSizeY: single(LAUNCH_INDEX),
            blockSizeZ: single(LAUNCH_INDEX),
            clusterSizeX: optional(LAUNCH_INDEX),
            clusterSizeY: optional(LAUNCH_INDEX),
            clusterSizeZ: optional(LAUNCH_INDEX),
            dynamicSharedMemorySize: optional(TypeConstraint::SignlessInteger(Some(32))),
            kernelOperands: variadic(TypeConstraint::Any),
            asyncObject: optional(TypeConstraint::Any),
        ],
        results: [asyncToken: optional(async_token())],
        attributes: [kernel: required(AttrConstraint::Symbol)],
        types_match: [[gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ]],
        format: "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) (`<` $asyncObject^ `:` type($asyncObject) `>`)? $kernel ( `clusters` `in` ` ` `(` $clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)` )? `blocks` `in` ` ` `(` $gridSizeX `,` $gridSizeY `,` $gridSizeZ `)` `threads` `in` ` ` `(` $blockSizeX `,` $blockSizeY `,` $blockSizeZ `)` custom<LaunchDimType>(type($gridSizeX), ref($clusterSizeX), type($clusterSizeX), type($clusterSizeY), type($clusterSizeZ)) (`dynamic_shared_memory_size` $dynamicSharedMemorySize^)? custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict",
        directives: [&ASYNC_DEPENDENCIES, &LAUNCH_DIM_TYPE, &LAUNCH_FUNC_OPERANDS],
        verify: verify_launch_func,
        interfaces: [dyn SymbolUserOpInterface => KernelUse],
    }
}

/// `custom<LaunchDimType>(type($gridSizeX), ref($clusterSizeX),
/// type($clusterSizeX), type($clusterSizeY), type($clusterSizeZ))`: `: i32`
/// when the sizes are not `index`; the cluster sizes, when given, have the
/// same type.
const LAUNCH_DIM_TYPE: CustomDirective = CustomDirective {
    name: "LaunchDimType",
    parse: |p, slots| {
        let ty = if p.consume_if(TokenKind::Colon) {
            p.parse_type()?
        } else {
            p.ctx().index_type()
        };
        slots.set_types(0, vec![ty]);
        if !slots.operands(1).is_empty() {
            for slot in 2..5 {
                slots.set_types(slot, vec![ty]);
            }
        }
        Ok(())
    },
    print: |p, _, values| {
        if let Some(&ty) = values.types(0).first() {
            if !p.ctx().is_index(ty) {
                p.write(": ");
                p.print_type(ty);
            }
        }
    },
};

/// `custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands))`:
/// `args(%a : f32, %m : memref<?xf32>)`, or nothing without operands.
const LAUNCH_FUNC_OPERANDS: CustomDirective = CustomDirective {
    name: "LaunchFuncOperands",
    parse: |p, slots| {
        if !p.consume_keyword("args") {
            return Ok(());
        }
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
        slots.set_operands(0, names);
        slots.set_types(1, types);
        Ok(())
    },
    print: |p, _, values| {
        let operands = values.operands(0);
        if operands.is_empty() {
            return;
        }
        p.write("args(");
        for (i, &v) in operands.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(v);
            p.write(" : ");
            p.print_type(p.ir.value_type(v));
        }
        p.write(")");
    },
};

/// The nearest enclosing `builtin.module`.
fn enclosing_module(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    let mut cur = ir.parent_op(op);
    while let Some(parent) = cur {
        if strata_ir::builtin::ModuleOp::is(ctx, ir, parent) {
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
        let is_module = container.is_some_and(|c| ModuleOp::is(ctx, ir, c));
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
        if !FuncOp::is(ctx, ir, func) {
            return Ok(());
        }
        let operands = LaunchFuncOp(op).kernelOperands(ctx, ir);
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
