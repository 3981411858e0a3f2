//! The ops of the func dialect, each declared once with `define_op!`:
//! MLIR 22's assembly formats (from `FuncOps.td`) where MLIR has one, the
//! hand-written syntax of `func.func` (MLIR's `hasCustomAssemblyFormat`),
//! and the verifiers, the canonicalization pattern and the interfaces
//! (callable, call, symbol user, inliner) named in each declaration.

use crate::signature::{parse_function_signature, print_function_signature};
use smallvec::SmallVec;
use strata_dialect_cf::BranchOp;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::{type_to_string, OpPrinter};
use strata_ir::builder::OpBuilder;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::interfaces::{
    CallOpInterface, CallableOpInterface, InlinerInterface, SymbolUserOpInterface,
};
use strata_ir::rewrite::{NoMatch, RewritePatternSet};
use strata_ir::symbol_table::SymbolTableCollection;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Attribute, BlockId, Context, Diagnostic, InsertPoint, Ir, OpId, RegionId, Type};

fn is_function_type(ctx: &Context, ty: Type) -> bool {
    ctx.function_signature(ty).is_some()
}

fn function_type_attr(ctx: &Context, attr: Attribute) -> bool {
    ctx.type_value(attr)
        .is_some_and(|t| is_function_type(ctx, t))
}

fn array_of_dicts(ctx: &Context, attr: Attribute) -> bool {
    ctx.array_elements(attr).is_some_and(|items| {
        items
            .iter()
            .all(|a| matches!(ctx.attr_data(*a), strata_ir::AttrData::Dictionary(_)))
    })
}

strata_ir::define_op! {
    /// A function: a symbol with a signature and, unless it is a declaration, a body.
    pub struct FuncOp = "func.func" {
        summary: "An operation with a name containing a single `SSACFG` region",
        traits: [ISOLATED_FROM_ABOVE, SYMBOL, AUTOMATIC_ALLOCATION_SCOPE, AFFINE_SCOPE],
        attributes: [
            sym_name: required(AttrConstraint::String),
            function_type: required(AttrConstraint::Predicate(function_type_attr, "type attribute of function type")),
            sym_visibility: optional(AttrConstraint::String),
            arg_attrs: optional(AttrConstraint::Predicate(array_of_dicts, "Array of dictionary attributes")),
            res_attrs: optional(AttrConstraint::Predicate(array_of_dicts, "Array of dictionary attributes")),
            no_inline: optional(AttrConstraint::Unit),
        ],
        regions: [body: any],
        default_dialect: "func",
        parse: parse_func,
        print: print_func,
        verify: verify_func,
        interfaces: [dyn CallableOpInterface => FuncCallable, dyn InlinerInterface => FuncInliner],
    }
}

strata_ir::define_op! {
    /// Returns from a function.
    pub struct ReturnOp = "func.return" {
        summary: "Function return operation",
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [operands: variadic(TypeConstraint::Any)],
        format: "attr-dict ($operands^ `:` type($operands))?",
        verify: verify_return,
        interfaces: [dyn InlinerInterface => FuncInliner],
    }
}

strata_ir::define_op! {
    /// Calls a function by symbol. The callee is checked with the module's
    /// symbol uses, not by the op's own verifier: a function body moved
    /// out for parallel passes has no module to look the callee up in.
    pub struct CallOp = "func.call" {
        summary: "call operation",
        operands: [operands: variadic(TypeConstraint::Any)],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [
            callee: required(AttrConstraint::FlatSymbol),
            arg_attrs: optional(AttrConstraint::Predicate(array_of_dicts, "Array of dictionary attributes")),
            res_attrs: optional(AttrConstraint::Predicate(array_of_dicts, "Array of dictionary attributes")),
            no_inline: optional(AttrConstraint::Unit),
        ],
        format: "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
        interfaces: [
            dyn CallOpInterface => DirectCall,
            dyn SymbolUserOpInterface => DirectCall,
            dyn InlinerInterface => FuncInliner,
        ],
    }
}

strata_ir::define_op! {
    /// Calls a function value; the arguments' and results' types are the
    /// callee's (MLIR's `TypesMatchWith` on its function type).
    pub struct CallIndirectOp = "func.call_indirect" {
        summary: "indirect call operation",
        operands: [
            callee: single(TypeConstraint::Predicate(is_function_type, "function type")),
            callee_operands: variadic(TypeConstraint::Any),
        ],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [
            arg_attrs: optional(AttrConstraint::Predicate(array_of_dicts, "Array of dictionary attributes")),
            res_attrs: optional(AttrConstraint::Predicate(array_of_dicts, "Array of dictionary attributes")),
        ],
        types_match_with: [callee => callee_operands: function_inputs, callee => results: function_results],
        format: "$callee `(` $callee_operands `)` attr-dict `:` type($callee)",
        verify: verify_call_indirect,
        canonicalize: call_indirect_patterns,
        interfaces: [dyn CallOpInterface => IndirectCall],
    }
}

strata_ir::define_op! {
    /// A function symbol as an SSA value.
    pub struct ConstantOp = "func.constant" {
        summary: "constant",
        traits: [PURE, CONSTANT_LIKE],
        results: [result: single(TypeConstraint::Any)],
        attributes: [value: required(AttrConstraint::FlatSymbol)],
        format: "attr-dict $value `:` type(results)",
        result_names: ["f"],
        interfaces: [dyn SymbolUserOpInterface => ConstantSymbol],
    }
}

strata_ir::dialect_ops!(FuncOp, ReturnOp, CallOp, CallIndirectOp, ConstantOp);

/// The inputs of a function type (`TypesMatchWith`'s transformer).
fn function_inputs(ctx: &Context, ty: Type) -> Vec<Type> {
    ctx.function_signature(ty)
        .map_or_else(Vec::new, |(inputs, _)| inputs.to_vec())
}

/// The results of a function type.
fn function_results(ctx: &Context, ty: Type) -> Vec<Type> {
    ctx.function_signature(ty)
        .map_or_else(Vec::new, |(_, results)| results.to_vec())
}

// ---------------------------------------------------------------------------
// func.func
// ---------------------------------------------------------------------------

/// The signature `(inputs, results)` of a `func.func`.
pub fn function_signature(ctx: &Context, ir: &Ir, op: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let ty = ctx.type_value(ir.attr(ctx, op, "function_type")?)?;
    let (inputs, results) = ctx.function_signature(ty)?;
    Some((inputs.to_vec(), results.to_vec()))
}

/// The symbol name of a `func.func`.
pub fn function_name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> &'c str {
    strata_ir::symbol_table::symbol_name(ctx, ir, op).unwrap_or("")
}

/// Whether `op` is a declaration (no body).
pub fn is_declaration(ir: &Ir, op: OpId) -> bool {
    ir.regions(op)
        .first()
        .is_none_or(|&r| ir.region_is_empty(r))
}

fn parse_func(p: &mut OpParser) -> DiagResult<()> {
    if p.is(TokenKind::String) || p.is(TokenKind::BareIdent) {
        // Visibility: `private`, `public` or `nested` before the name.
        let word = p.parser.text().to_string();
        if p.is(TokenKind::BareIdent) && matches!(word.as_str(), "private" | "public" | "nested") {
            p.parser.advance();
            let value = p.ctx().string_attr(&word);
            p.add_property("sym_visibility", value);
        }
    }
    let name = p.parse_symbol_name()?;
    let ctx = p.ctx();
    p.add_property("sym_name", ctx.string_attr(&name));
    let sig = parse_function_signature(p)?;
    let fn_type = ctx.function_type(&sig.arg_types, &sig.result_types);
    p.add_property("function_type", ctx.type_attr(fn_type));
    let (arg_attrs, res_attrs) = sig.attr_arrays(ctx);
    if let Some(a) = arg_attrs {
        p.add_property("arg_attrs", a);
    }
    if let Some(a) = res_attrs {
        p.add_property("res_attrs", a);
    }
    let attr_dict_offset = p.parser.offset();
    p.parse_optional_attr_dict(true)?;
    let attrs = p.state.attributes;
    // What the syntax spells elsewhere may not be given twice (MLIR's
    // `function_interface_impl::parseFunctionOp`).
    for inferred in ["sym_visibility", "sym_name", "function_type"] {
        if ctx.dictionary_get(attrs, inferred).is_some() {
            return Err(p.error_at(
                attr_dict_offset,
                format!(
                    "'{inferred}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                ),
            ));
        }
    }
    // Attributes written in `attributes {...}` that are inherent move to properties.
    for &(key, value) in ctx.dictionary_entries(attrs) {
        if ctx.str(key) == "no_inline" {
            p.add_property("no_inline", value);
            p.state.attributes = ctx.dictionary_with(p.state.attributes, key, None);
        }
    }
    if p.is(TokenKind::LBrace) {
        // Arguments given as bare types (`func.func @f(f32) { ^bb0(%a: f32): ...`)
        // leave the entry block to declare its own arguments, as MLIR allows.
        if !sig.named_args.is_empty() && sig.named_args.len() != sig.arg_types.len() {
            return Err(p.error_here("expected arguments with names for a function with a body"));
        }
        let body_offset = p.parser.offset();
        let region = p.parse_region(&sig.named_args)?;
        if p.ir().region_is_empty(region) {
            // MLIR points at the body's `{`.
            return Err(p.error_at(body_offset, "expected non-empty function body"));
        }
    } else {
        p.add_empty_region();
    }
    Ok(())
}

fn print_func(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    if let Some(vis) =
        p.ir.attr(ctx, op, "sym_visibility")
            .and_then(|a| ctx.string_value(a))
    {
        p.write(vis);
        p.write(" ");
    }
    p.print_symbol_name(function_name(ctx, p.ir, op));
    let (inputs, results) = function_signature(ctx, p.ir, op).unwrap_or_default();
    let arg_attrs = p.ir.attr(ctx, op, "arg_attrs");
    let res_attrs = p.ir.attr(ctx, op, "res_attrs");
    print_function_signature(p, op, &inputs, &results, arg_attrs, res_attrs);
    p.print_optional_attr_dict(
        op,
        &[
            "sym_name",
            "function_type",
            "sym_visibility",
            "arg_attrs",
            "res_attrs",
        ],
        true,
    );
    if let Some(&body) = p.ir.regions(op).first() {
        if !p.ir.region_is_empty(body) {
            p.write(" ");
            p.print_region(body, false, true);
        }
    }
}

fn verify_func(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some((inputs, results)) = function_signature(ctx, ir, op) else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "requires a type attribute 'function_type'",
        ));
    };
    if let Some(vis) = ir.attr(ctx, op, "sym_visibility") {
        let v = ctx.string_value(vis).unwrap_or("");
        if !matches!(v, "public" | "private" | "nested") {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{v}\""),
            ));
        }
    }
    for (name, count, what) in [
        ("arg_attrs", inputs.len(), "argument"),
        ("res_attrs", results.len(), "result"),
    ] {
        if let Some(array) = ir.attr(ctx, op, name) {
            let got = ctx.array_elements(array).map_or(0, |a| a.len());
            if got != count {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {got}, but expected {count}"
                    ),
                ));
            }
        }
    }
    for (name, what) in [("arg_attrs", "arguments"), ("res_attrs", "results")] {
        let Some(array) = ir.attr(ctx, op, name) else {
            continue;
        };
        for &dict in ctx.array_elements(array).unwrap_or(&[]) {
            if ctx
                .dictionary_entries(dict)
                .iter()
                .any(|(key, _)| !ctx.str(*key).contains('.'))
            {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    format!("{what} may only have dialect attributes"),
                ));
            }
        }
    }
    if is_declaration(ir, op) {
        let public = ir
            .attr(ctx, op, "sym_visibility")
            .and_then(|a| ctx.string_value(a))
            .is_none_or(|v| v == "public");
        if public {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "symbol declaration cannot have public visibility",
            ));
        }
        return Ok(());
    }
    let entry = ir.entry_block(ir.region(op, 0)).unwrap();
    let args = ir.block_args(entry);
    if args.len() != inputs.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            ),
        ));
    }
    for (i, (&arg, &ty)) in args.iter().zip(&inputs).enumerate() {
        let actual = ir.value_type(arg);
        if actual != ty {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                    type_to_string(ctx, actual),
                    type_to_string(ctx, ty)
                ),
            ));
        }
    }
    Ok(())
}

struct FuncCallable;

impl CallableOpInterface for FuncCallable {
    fn callable_region(&self, _ctx: &Context, ir: &Ir, op: OpId) -> Option<RegionId> {
        ir.regions(op)
            .first()
            .copied()
            .filter(|&r| !ir.region_is_empty(r))
    }
    fn argument_types(&self, ctx: &Context, ir: &Ir, op: OpId) -> Vec<Type> {
        function_signature(ctx, ir, op).unwrap_or_default().0
    }
    fn result_types(&self, ctx: &Context, ir: &Ir, op: OpId) -> Vec<Type> {
        function_signature(ctx, ir, op).unwrap_or_default().1
    }
}

/// The func dialect's inlining rules (MLIR's `FuncInlinerInterface`): a
/// `no_inline` attribute on the call or on the function forbids inlining,
/// and `func.return` in a body of several blocks becomes a `cf.br` to the
/// block that continues the caller.
struct FuncInliner;

impl InlinerInterface for FuncInliner {
    fn is_legal_to_inline(&self, ctx: &Context, ir: &Ir, call: OpId, callable: OpId) -> bool {
        let call_marked =
            CallOp::wrap(ctx, ir, call).is_some_and(|c| c.no_inline(ctx, ir).is_some());
        let func_marked =
            FuncOp::wrap(ctx, ir, callable).is_some_and(|f| f.no_inline(ctx, ir).is_some());
        !call_marked && !func_marked
    }

    fn can_branch_to_continuation(&self, ctx: &Context) -> bool {
        ctx.op_definition(ctx.op_name(BranchOp::NAME)).is_some()
    }

    fn handle_terminator(&self, ctx: &Context, ir: &mut Ir, op: OpId, continuation: BlockId) {
        let Some(ret) = ReturnOp::wrap(ctx, ir, op) else {
            return;
        };
        let operands = ret.operands(ctx, ir);
        let loc = ir.op_loc(op);
        let mut builder = OpBuilder::at(ctx, ir, InsertPoint::Before(op));
        builder.loc = loc;
        BranchOp::build(&mut builder, &operands, continuation);
        let _ = ir.erase_op(op);
    }
}

// ---------------------------------------------------------------------------
// func.return
// ---------------------------------------------------------------------------

fn verify_return(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let parent = ir.parent_op(op);
    let Some(function) = parent.filter(|&f| FuncOp::is(ctx, ir, f)) else {
        return Err(emit_op_error(ctx, ir, op, "expects parent op 'func.func'"));
    };
    let (_, results) = function_signature(ctx, ir, function).unwrap_or_default();
    let name = function_name(ctx, ir, function);
    if ir.num_operands(op) != results.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "has {} operands, but enclosing function (@{name}) returns {}",
                ir.num_operands(op),
                results.len()
            ),
        ));
    }
    for (i, (value, &ty)) in ir.operands(op).zip(&results).enumerate() {
        let actual = ir.value_type(value);
        if actual != ty {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    type_to_string(ctx, actual),
                    type_to_string(ctx, ty)
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// func.call
// ---------------------------------------------------------------------------

fn type_list(ctx: &Context, types: impl IntoIterator<Item = Type>) -> String {
    types
        .into_iter()
        .map(|t| type_to_string(ctx, t))
        .collect::<Vec<_>>()
        .join(", ")
}

fn verify_call(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    symbol_tables: &mut SymbolTableCollection,
) -> DiagResult<()> {
    let callee = ir.attr(ctx, op, "callee").unwrap();
    let name = match ctx.attr_data(callee) {
        strata_ir::AttrData::SymbolRef { root, .. } => ctx.str(*root).to_string(),
        _ => String::new(),
    };
    let function = symbol_tables
        .lookup_symbol_from(ctx, ir, op, callee)
        .filter(|&f| FuncOp::is(ctx, ir, f));
    let Some(function) = function else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("'{name}' does not reference a valid function"),
        ));
    };
    let (inputs, results) = function_signature(ctx, ir, function).unwrap_or_default();
    if inputs.len() != ir.num_operands(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "incorrect number of operands for callee",
        ));
    }
    for (i, (value, &ty)) in ir.operands(op).zip(&inputs).enumerate() {
        let actual = ir.value_type(value);
        if actual != ty {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_to_string(ctx, ty),
                    type_to_string(ctx, actual)
                ),
            ));
        }
    }
    if results.len() != ir.num_results(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "incorrect number of results for callee",
        ));
    }
    for (i, (value, &ty)) in ir.results(op).zip(&results).enumerate() {
        if ir.value_type(value) != ty {
            let loc = ir.op_loc(op);
            return Err(
                emit_op_error(ctx, ir, op, format!("result type mismatch at index {i}"))
                    .with_note(
                        loc,
                        format!(
                            "      op result types: {}",
                            type_list(ctx, ir.results(op).map(|v| ir.value_type(v)))
                        ),
                    )
                    .with_note(
                        loc,
                        format!("function result types: {}", type_list(ctx, results.clone())),
                    ),
            );
        }
    }
    Ok(())
}

struct DirectCall;

impl CallOpInterface for DirectCall {
    fn callee(&self, ctx: &Context, ir: &Ir, op: OpId) -> Option<Attribute> {
        ir.attr(ctx, op, "callee")
    }
}

impl SymbolUserOpInterface for DirectCall {
    fn verify_symbol_uses(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        symbol_tables: &mut SymbolTableCollection,
    ) -> DiagResult<()> {
        verify_call(ctx, ir, op, symbol_tables)
    }
}

struct ConstantSymbol;

impl SymbolUserOpInterface for ConstantSymbol {
    fn verify_symbol_uses(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        symbol_tables: &mut SymbolTableCollection,
    ) -> DiagResult<()> {
        verify_constant(ctx, ir, op, symbol_tables)
    }
}

struct IndirectCall;

impl CallOpInterface for IndirectCall {
    fn callee(&self, _ctx: &Context, _ir: &Ir, _op: OpId) -> Option<Attribute> {
        None
    }
    fn arg_operands(&self, _ctx: &Context, ir: &Ir, op: OpId) -> SmallVec<[strata_ir::Value; 4]> {
        ir.operands(op).skip(1).collect()
    }
}

// ---------------------------------------------------------------------------
// func.call_indirect
// ---------------------------------------------------------------------------

/// MLIR's `SimplifyIndirectCallWithKnownCallee`: an indirect call of a
/// `func.constant` is a direct call of the function it names, which the
/// inliner can then take.
fn call_indirect_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    set.add_op_fn::<CallIndirectOp>(
        ctx,
        1,
        "SimplifyIndirectCallWithKnownCallee",
        |indirect, rw| {
            let (ctx, ir) = (rw.ctx(), rw.ir());
            let constant =
                ConstantOp::defining(ctx, ir, indirect.callee(ctx, ir)).ok_or(NoMatch)?;
            let callee = constant.value(ctx, ir);
            let operands = indirect.callee_operands(ctx, ir);
            let results: Vec<Type> = indirect
                .results(ctx, ir)
                .iter()
                .map(|&v| ir.value_type(v))
                .collect();
            let call = CallOp::build(rw, &operands, &results, callee, None, None, None);
            let values: Vec<_> = rw.ir().results(call.op()).collect();
            rw.replace_op(indirect.op(), &values);
            Ok(())
        },
    );
}

fn verify_call_indirect(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ty = ir.value_type(ir.operand(op, 0));
    let (inputs, results) = ctx.function_signature(ty).unwrap_or((&[], &[]));
    let args: Vec<Type> = ir.operands(op).skip(1).map(|v| ir.value_type(v)).collect();
    if args != inputs {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that callee input types match argument types",
        ));
    }
    let outs: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    if outs != results {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "failed to verify that callee result types match result types",
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// func.constant
// ---------------------------------------------------------------------------

fn verify_constant(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    symbol_tables: &mut SymbolTableCollection,
) -> DiagResult<()> {
    let value = ir.attr(ctx, op, "value").unwrap();
    let name = match ctx.attr_data(value) {
        strata_ir::AttrData::SymbolRef { root, .. } => ctx.str(*root).to_string(),
        _ => String::new(),
    };
    let function = symbol_tables
        .lookup_symbol_from(ctx, ir, op, value)
        .filter(|&f| FuncOp::is(ctx, ir, f));
    let Some(function) = function else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!("reference to undefined function '{name}'"),
        ));
    };
    let fn_type = ctx.type_value(ir.attr(ctx, function, "function_type").unwrap());
    if fn_type != Some(ir.value_type(ir.result(op, 0))) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "reference to function with mismatched type",
        ));
    }
    Ok(())
}
