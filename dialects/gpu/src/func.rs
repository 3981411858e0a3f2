//! `gpu.module`, `gpu.func` and `gpu.return`: outlined kernels.
//!
//! `gpu.func @k(%a: f32) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>)
//! private(%p : memref<1xf32, #gpu.address_space<private>>) kernel attributes {...} {...}`:
//! the entry block holds the function arguments, then the workgroup
//! attributions (their count in the discardable `workgroup_attributions`
//! attribute, as in MLIR), then the private ones. As in MLIR, `sym_name`,
//! `gpu.kernel` and `workgroup_attributions` are discardable attributes;
//! `function_type`, `arg_attrs`, `res_attrs` are properties.
//!
//! `gpu.module` and `gpu.return` use MLIR 22's assembly formats;
//! `gpu.func` has MLIR's hand-written syntax, named in its declaration.

use crate::address_space_of;
use crate::ops::expect_parent;
use strata_dialect_func::signature::{parse_function_signature, print_function_signature};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{BlockArgDecl, OpParser};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::directives::SYMBOL_NAME;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, Type, Value};

strata_ir::define_op! {
    /// A module of kernels (a symbol table, no terminator).
    pub struct ModuleOp = "gpu.module" {
        summary: "A top level compilation unit containing code to be run on a GPU.",
        traits: [ISOLATED_FROM_ABOVE, SYMBOL_TABLE, SYMBOL, NO_TERMINATOR, SINGLE_BLOCK],
        attributes: [
            sym_name: required(AttrConstraint::String, syntax = SYMBOL_NAME),
            targets: optional(AttrConstraint::Array(None)),
            offloadingHandler: optional(AttrConstraint::Any),
        ],
        regions: [bodyRegion: single_block],
        format: "$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? attr-dict-with-keyword $bodyRegion",
    }
}
strata_ir::define_op! {
    /// A function of a `gpu.module`; `kernel` ones are launched from the
    /// host. MLIR writes its syntax by hand: the signature, then the
    /// workgroup and private attributions, then `kernel`.
    pub struct FuncOp = "gpu.func" {
        summary: "Function executable on a GPU",
        traits: [ISOLATED_FROM_ABOVE, SYMBOL, AUTOMATIC_ALLOCATION_SCOPE, AFFINE_SCOPE],
        attributes: [
            function_type: required(AttrConstraint::Type),
            arg_attrs: optional(AttrConstraint::Array(None)),
            res_attrs: optional(AttrConstraint::Array(None)),
        ],
        regions: [body: any],
        parse: parse_func,
        print: print_func,
        verify: verify_func,
    }
}
strata_ir::define_op! {
    /// Returns from a `gpu.func`.
    pub struct ReturnOp = "gpu.return" {
        summary: "Terminator for GPU functions.",
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [operands: variadic(TypeConstraint::Any)],
        format: "attr-dict ($operands^ `:` type($operands))?",
        verify: verify_return,
    }
}

/// The discardable attribute marking kernels.
pub const KERNEL_ATTR: &str = "gpu.kernel";
/// The discardable attribute counting workgroup attributions.
pub const NUM_WORKGROUP_ATTR: &str = "workgroup_attributions";

// ---- gpu.func ----

/// The parts of a `gpu.func`'s entry block.
pub struct FuncLayout {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
    pub workgroup: Vec<Value>,
    pub private: Vec<Value>,
}

/// Splits the entry block of `func` into arguments and attributions.
pub fn func_layout(ctx: &Context, ir: &Ir, func: OpId) -> Option<FuncLayout> {
    let ty = ctx.type_value(ir.attr(ctx, func, "function_type")?)?;
    let (inputs, results) = ctx.function_signature(ty)?;
    let num_workgroup = ir
        .attr(ctx, func, NUM_WORKGROUP_ATTR)
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(0) as usize;
    let args = ir
        .entry_block(ir.region(func, 0))
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    let split = (inputs.len() + num_workgroup).min(args.len());
    let first = inputs.len().min(split);
    Some(FuncLayout {
        inputs: inputs.to_vec(),
        results: results.to_vec(),
        workgroup: args[first..split].to_vec(),
        private: args[split..].to_vec(),
    })
}

/// `keyword(%a : type, ...)`, appended to `args`; returns how many.
pub(crate) fn parse_attributions<'a>(
    p: &mut OpParser<'_, 'a>,
    keyword: &str,
    args: &mut Vec<BlockArgDecl<'a>>,
) -> DiagResult<usize> {
    if !p.consume_keyword(keyword) {
        return Ok(0);
    }
    p.expect(TokenKind::LParen, "'('")?;
    let before = args.len();
    if !p.consume_if(TokenKind::RParen) {
        loop {
            let operand = p.parse_operand()?;
            p.expect(TokenKind::Colon, "':'")?;
            let ty = p.parse_type()?;
            args.push(BlockArgDecl {
                operand,
                ty,
                loc: None,
            });
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RParen, "')'")?;
    }
    Ok(args.len() - before)
}

/// ` keyword(%a : type, ...)` when `values` is not empty.
pub(crate) fn print_attributions(p: &mut OpPrinter, keyword: &str, values: &[Value]) {
    if values.is_empty() {
        return;
    }
    p.write(&format!(" {keyword}("));
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(v);
        p.write(" : ");
        p.print_type(p.ir.value_type(v));
    }
    p.write(")");
}

fn parse_func(p: &mut OpParser) -> DiagResult<()> {
    let name = p.parse_symbol_name()?;
    let ctx = p.ctx();
    p.add_attribute("sym_name", ctx.string_attr(&name));
    let signature_at = p.parser.offset();
    let sig = parse_function_signature(p)?;
    if sig.named_args.len() != sig.arg_types.len() {
        return Err(p
            .parser
            .error_at(signature_at, "gpu.func requires named arguments"));
    }
    let fn_type = ctx.function_type(&sig.arg_types, &sig.result_types);
    p.add_property("function_type", ctx.type_attr(fn_type));
    let (arg_attrs, res_attrs) = sig.attr_arrays(ctx);
    if let Some(a) = arg_attrs {
        p.add_property("arg_attrs", a);
    }
    if let Some(a) = res_attrs {
        p.add_property("res_attrs", a);
    }
    let mut args = sig.named_args;
    let workgroup = parse_attributions(p, "workgroup", &mut args)?;
    p.add_attribute(NUM_WORKGROUP_ATTR, ctx.i64_attr(workgroup as i64));
    parse_attributions(p, "private", &mut args)?;
    if p.consume_keyword("kernel") {
        p.add_attribute(KERNEL_ATTR, ctx.unit_attr());
    }
    p.parse_optional_attr_dict(true)?;
    p.parse_region(&args)?;
    Ok(())
}

fn print_func(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    p.write(" ");
    if let Some(name) = ir
        .attr(ctx, op, "sym_name")
        .and_then(|a| ctx.string_value(a))
    {
        p.print_symbol_name(name);
    }
    let Some(layout) = func_layout(ctx, ir, op) else {
        return;
    };
    let arg_attrs = ir.attr(ctx, op, "arg_attrs");
    let res_attrs = ir.attr(ctx, op, "res_attrs");
    print_function_signature(p, op, &layout.inputs, &layout.results, arg_attrs, res_attrs);
    print_attributions(p, "workgroup", &layout.workgroup);
    print_attributions(p, "private", &layout.private);
    if ir.attr(ctx, op, KERNEL_ATTR).is_some() {
        p.write(" kernel");
    }
    p.print_optional_attr_dict(
        op,
        &[
            "sym_name",
            "sym_visibility",
            NUM_WORKGROUP_ATTR,
            KERNEL_ATTR,
            "function_type",
            "arg_attrs",
            "res_attrs",
        ],
        true,
    );
    p.write(" ");
    p.print_region(ir.region(op, 0), false, true);
}

/// MLIR's `verifyAttributions`: memrefs, in `space` when they name a gpu
/// address space.
pub(crate) fn verify_attributions(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    values: &[Value],
    space: &str,
) -> DiagResult<()> {
    for &v in values {
        let ty = ir.value_type(v);
        let strata_ir::TypeData::MemRef { memory_space, .. } = ctx.type_data(ty) else {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "expected memref type in attribution",
            ));
        };
        let Some(actual) = memory_space.and_then(|s| address_space_of(ctx, s)) else {
            continue;
        };
        if actual != space {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("expected memory space {space} in attribution"),
            ));
        }
    }
    Ok(())
}

fn verify_func(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    expect_parent::<ModuleOp>(ctx, ir, op)?;
    let Some(layout) = func_layout(ctx, ir, op) else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "requires attribute 'function_type'",
        ));
    };
    if ir.attr(ctx, op, KERNEL_ATTR).is_some() && !layout.results.is_empty() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected void return type for kernel function",
        ));
    }
    let Some(entry) = ir.entry_block(ir.region(op, 0)) else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected body with at least one block",
        ));
    };
    let args = ir.block_args(entry);
    let needed = layout.inputs.len() + layout.workgroup.len();
    if args.len() < needed {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("expected at least {needed} arguments to body region"),
        ));
    }
    for (i, (&expected, &arg)) in layout.inputs.iter().zip(args).enumerate() {
        let got = ir.value_type(arg);
        if expected != got {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "expected body region argument #{i} to be of type {}, got {}",
                    strata_ir::asm::printer::type_to_string(ctx, expected),
                    strata_ir::asm::printer::type_to_string(ctx, got)
                ),
            ));
        }
    }
    verify_attributions(ctx, ir, op, &layout.workgroup, "workgroup")?;
    verify_attributions(ctx, ir, op, &layout.private, "private")
}

fn verify_return(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    expect_parent::<FuncOp>(ctx, ir, op)?;
    let func = ir.parent_op(op).expect("checked above");
    let Some(layout) = func_layout(ctx, ir, func) else {
        return Ok(());
    };
    if layout.results.len() != ir.num_operands(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("expected {} result operands", layout.results.len()),
        )
        .with_note(ir.op_loc(func), "return type declared here"));
    }
    for (i, (&ty, v)) in layout.results.iter().zip(ir.operands(op)).enumerate() {
        let got = ir.value_type(v);
        if got != ty {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "unexpected type `'{}'' for operand #{i}",
                    strata_ir::asm::printer::type_to_string(ctx, got)
                ),
            ));
        }
    }
    Ok(())
}

/// Whether `op` is a `gpu.func` marked `kernel`.
pub fn is_kernel(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    FuncOp::is(ctx, ir, op) && ir.attr(ctx, op, KERNEL_ATTR).is_some()
}
