//! The ops of `memref`, declared with `define_op!`, with MLIR 22's syntax.
//! Ops whose operand types are implied (indices are `index`, a load's
//! result is the element type) parse and print by hand, the rest by
//! assembly format.

use crate::syntax::*;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::directives::{parse_dynamic_index_list, print_dynamic_index_list, Delimiter};
use strata_ir::{AttrData, Context, Ir, OpDefinition, OpId, TypeData, Value};

strata_ir::define_op! {
    pub struct AllocOp = "memref.alloc" {
        summary: "memory allocation operation",
        operands: [dynamicSizes: variadic(TypeConstraint::Index), symbolOperands: variadic(TypeConstraint::Index)],
        results: [memref: single(TypeConstraint::AnyMemRef)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
    }
}
strata_ir::define_op! {
    pub struct AllocaOp = "memref.alloca" {
        summary: "stack memory allocation operation",
        operands: [dynamicSizes: variadic(TypeConstraint::Index), symbolOperands: variadic(TypeConstraint::Index)],
        results: [memref: single(TypeConstraint::AnyMemRef)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
    }
}
strata_ir::define_op! {
    pub struct DeallocOp = "memref.dealloc" {
        summary: "memory deallocation operation",
        operands: [memref: single(TypeConstraint::AnyOf(vec![TypeConstraint::AnyMemRef, TypeConstraint::Predicate(is_unranked_memref, "unranked memref")]))],
        format: "$memref attr-dict `:` type($memref)",
    }
}
strata_ir::define_op! {
    pub struct LoadOp = "memref.load" {
        summary: "load operation",
        operands: [memref: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
    }
}
strata_ir::define_op! {
    pub struct StoreOp = "memref.store" {
        summary: "store operation",
        operands: [value: single(TypeConstraint::Any), memref: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
    }
}
strata_ir::define_op! {
    pub struct SubViewOp = "memref.subview" {
        summary: "memref subview operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyMemRef), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    pub struct CastOp = "memref.cast" {
        summary: "memref cast operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any)],
        results: [dest: single(TypeConstraint::Any)],
        format: "$source attr-dict `:` type($source) `to` type($dest)",
    }
}
strata_ir::define_op! {
    pub struct ReinterpretCastOp = "memref.reinterpret_cast" {
        summary: "memref reinterpret cast operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    pub struct CopyOp = "memref.copy" {
        summary: "copies the data from the source to the destination memref",
        operands: [source: single(TypeConstraint::Any), target: single(TypeConstraint::Any)],
        format: "$source `,` $target attr-dict `:` type($source) `to` type($target)",
    }
}
strata_ir::define_op! {
    pub struct CollapseShapeOp = "memref.collapse_shape" {
        summary: "operation to produce a memref with a smaller rank",
        traits: [PURE],
        operands: [src: single(TypeConstraint::AnyMemRef)],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [reassociation: required(AttrConstraint::Array(None))],
        format: "$src $reassociation attr-dict `:` type($src) `into` type($result)",
    }
}
strata_ir::define_op! {
    pub struct ExpandShapeOp = "memref.expand_shape" {
        summary: "operation to produce a memref with a higher rank",
        traits: [PURE],
        operands: [src: single(TypeConstraint::AnyMemRef), output_shape: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [reassociation: required(AttrConstraint::Array(None)), static_output_shape: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    pub struct GetGlobalOp = "memref.get_global" {
        summary: "get the memref pointing to a global variable",
        traits: [PURE],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [name: required(AttrConstraint::FlatSymbol)],
        format: "$name `:` type($result) attr-dict",
    }
}
strata_ir::define_op! {
    pub struct ReallocOp = "memref.realloc" {
        summary: "memory reallocation operation",
        operands: [source: single(TypeConstraint::AnyMemRef), dynamicResultSize: optional(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
    }
}
strata_ir::define_op! {
    pub struct ExtractAlignedPointerAsIndexOp = "memref.extract_aligned_pointer_as_index" {
        summary: "extracts a memref's underlying aligned pointer as an index",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any)],
        results: [aligned_pointer: single(TypeConstraint::Index)],
        format: "$source `:` type($source) `->` type($aligned_pointer) attr-dict",
    }
}
strata_ir::define_op! {
    pub struct DimOp = "memref.dim" {
        summary: "dimension index operation",
        operands: [source: single(TypeConstraint::Any), index: single(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Index)],
    }
}
strata_ir::define_op! {
    pub struct RankOp = "memref.rank" {
        summary: "rank operation",
        traits: [PURE],
        operands: [memref: single(TypeConstraint::Any)],
        results: [result: single(TypeConstraint::Index)],
    }
}
strata_ir::define_op! {
    /// `memref.reshape %m(%shape) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>`
    pub struct ReshapeOp = "memref.reshape" {
        summary: "memref reshape operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyOf(vec![TypeConstraint::AnyMemRef, TypeConstraint::Predicate(is_unranked_memref, "unranked memref")])), shape: single(TypeConstraint::Predicate(is_shape_memref, "1D memref of signless integer or index values"))],
        results: [result: single(TypeConstraint::AnyOf(vec![TypeConstraint::AnyMemRef, TypeConstraint::Predicate(is_unranked_memref, "unranked memref")]))],
        format: "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
    }
}
strata_ir::define_op! {
    pub struct ViewOp = "memref.view" {
        summary: "memref view operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyMemRef), byte_shift: single(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyMemRef)],
    }
}

/// `memref.global`, declared by hand: one of its attributes is named `type`.
pub fn global_definition() -> OpDefinition {
    use strata_ir::opdef::{AttrDef, OpTraits};
    let mut def = OpDefinition::new("memref.global");
    def.summary = "declare or define a global memref variable".into();
    def.traits = OpTraits::SYMBOL;
    def.attributes = vec![
        AttrDef::required("sym_name", AttrConstraint::String),
        AttrDef::optional("sym_visibility", AttrConstraint::String),
        AttrDef::required("type", AttrConstraint::Type),
        AttrDef::optional("initial_value", AttrConstraint::Any),
        AttrDef::optional("constant", AttrConstraint::Unit),
        AttrDef::optional("alignment", AttrConstraint::Integer(Some(64))),
    ];
    def
}

fn is_unranked_memref(ctx: &Context, ty: strata_ir::Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::UnrankedMemRef { .. })
}

/// A rank-1 memref of signless integers or indices (a shape operand).
fn is_shape_memref(ctx: &Context, ty: strata_ir::Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::MemRef { shape, element, .. }
        if shape.len() == 1 && (ctx.is_index(*element) || ctx.is_signless_integer(*element)))
}

/// Every op definition of the dialect, with hooks attached.
pub fn definitions() -> Vec<OpDefinition> {
    type Parse = fn(&mut OpParser) -> DiagResult<()>;
    type Print = fn(&mut OpPrinter, OpId);
    let custom: [(OpDefinition, Parse, Print); 13] = [
        (ReallocOp::definition(), parse_realloc, print_realloc),
        (AllocOp::definition(), parse_alloc, print_alloc),
        (AllocaOp::definition(), parse_alloc, print_alloc),
        (LoadOp::definition(), parse_load, print_load),
        (StoreOp::definition(), parse_store, print_store),
        (SubViewOp::definition(), parse_subview, print_subview),
        (
            ReinterpretCastOp::definition(),
            parse_reinterpret_cast,
            print_reinterpret_cast,
        ),
        (
            ExpandShapeOp::definition(),
            parse_expand_shape,
            print_expand_shape,
        ),
        (global_definition(), parse_global, print_global),
        (DimOp::definition(), parse_dim, print_dim),
        (RankOp::definition(), parse_rank, print_rank),
        (ViewOp::definition(), parse_view, print_view),
        (CastOp::definition(), parse_unused, print_unused),
    ];
    let mut defs: Vec<OpDefinition> = custom
        .into_iter()
        .map(|(mut def, parse, print)| {
            if def.format.is_none() {
                def.hooks.parse = Some(parse);
                def.hooks.print = Some(print);
            }
            def
        })
        .collect();
    defs.extend([
        DeallocOp::definition(),
        CopyOp::definition(),
        CollapseShapeOp::definition(),
        GetGlobalOp::definition(),
        ExtractAlignedPointerAsIndexOp::definition(),
        ReshapeOp::definition(),
    ]);
    for def in defs.iter_mut() {
        def.hooks.result_names = Some(result_names);
        if def.name == DimOp::NAME {
            def.interfaces
                .insert::<dyn strata_ir::interfaces::ConditionallySpeculatable>(
                    std::sync::Arc::new(strata_ir::interfaces::DIM_SPECULATABLE),
                );
        }
    }
    crate::verify::attach(&mut defs);
    defs.extend(crate::atomic::definitions());
    defs.extend(crate::metadata::definitions());
    defs.extend(crate::dma::definitions());
    defs.extend(crate::hints::definitions());
    defs.extend(crate::scope::definitions());
    crate::fold::attach(&mut defs);
    crate::effects::attach(&mut defs);
    defs
}

fn parse_unused(_: &mut OpParser) -> DiagResult<()> {
    Ok(())
}
fn print_unused(_: &mut OpPrinter, _: OpId) {}

/// `%alloc`, `%subview`, ... as mlir-opt names them.
fn result_names(ctx: &Context, ir: &Ir, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    let name = ctx.op_name_str(ir.op_name(op));
    let hint = match name {
        "memref.alloc" => "alloc",
        "memref.alloca" => "alloca",
        "memref.subview" => "subview",
        "memref.cast" => "cast",
        "memref.reinterpret_cast" => "reinterpret_cast",
        "memref.collapse_shape" => "collapse_shape",
        "memref.expand_shape" => "expand_shape",
        "memref.dim" => "dim",
        "memref.view" => "view",
        "memref.reshape" => "reshape",
        "memref.extract_aligned_pointer_as_index" => "intptr",
        _ => return,
    };
    set(0, hint);
}

fn groups(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Vec<Value>> {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered op");
    strata_ir::format::value_groups(ctx, ir, op, def, false)
        .into_iter()
        .map(|g| g.into_iter().collect())
        .collect()
}

fn static_list(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i64> {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default()
}

fn segment_sizes(p: &mut OpParser, sizes: &[usize]) {
    let sizes: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
    let attr = p.ctx().dense_i32_array(&sizes);
    p.add_property("operandSegmentSizes", attr);
}

// ---- alloc / alloca: `(%d...) ([%s...])? attr-dict : type` ----

fn parse_alloc(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    p.expect(TokenKind::LParen, "'('")?;
    let sizes = p.parse_operand_list()?;
    p.expect(TokenKind::RParen, "')'")?;
    let mut symbols = Vec::new();
    if p.consume_if(TokenKind::LSquare) {
        symbols = p.parse_operand_list()?;
        p.expect(TokenKind::RSquare, "']'")?;
    }
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    p.add_operands(&sizes, &vec![index; sizes.len()])?;
    p.add_operands(&symbols, &vec![index; symbols.len()])?;
    segment_sizes(p, &[sizes.len(), symbols.len()]);
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_alloc(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let g = groups(ctx, p.ir, op);
    p.write("(");
    p.print_operands(g[0].iter().copied());
    p.write(")");
    if !g[1].is_empty() {
        p.write("[");
        p.print_operands(g[1].iter().copied());
        p.write("]");
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"], false);
    p.write(" : ");
    p.print_type(p.ir.value_type(p.ir.result(op, 0)));
}

// ---- load / store ----

fn parse_load(p: &mut OpParser) -> DiagResult<()> {
    let (memref, indices) = parse_indexed(p)?;
    p.parse_optional_attr_dict(false)?;
    let (ty, element) = parse_memref_colon_type(p)?;
    p.add_operands(&[memref], &[ty])?;
    add_index_operands(p, &indices)?;
    p.add_result_types(&[element]);
    Ok(())
}

fn print_load(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    print_indexed(p, &operands);
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
}

fn parse_store(p: &mut OpParser) -> DiagResult<()> {
    let value = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let (memref, indices) = parse_indexed(p)?;
    p.parse_optional_attr_dict(false)?;
    let (ty, element) = parse_memref_colon_type(p)?;
    p.add_operands(&[value, memref], &[element, ty])?;
    add_index_operands(p, &indices)?;
    Ok(())
}

fn print_store(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    p.print_operand(operands[0]);
    p.write(", ");
    print_indexed(p, &operands[1..]);
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[1]));
}

// ---- subview / reinterpret_cast ----

const MIXED: [&str; 3] = ["static_offsets", "static_sizes", "static_strides"];

fn parse_subview(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let source = p.parse_operand()?;
    let (static_offsets, offsets) = parse_dynamic_index_list(p, Delimiter::Square)?;
    let (static_sizes, sizes) = parse_dynamic_index_list(p, Delimiter::Square)?;
    let (static_strides, strides) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.parse_optional_attr_dict(false)?;
    let source_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let result_ty = p.parse_type()?;
    p.add_operands(&[source], &[source_ty])?;
    for list in [&offsets, &sizes, &strides] {
        p.add_operands(list, &vec![index; list.len()])?;
    }
    for (name, values) in MIXED
        .iter()
        .zip([static_offsets, static_sizes, static_strides])
    {
        let attr = p.ctx().dense_i64_array(&values);
        p.add_property(name, attr);
    }
    segment_sizes(p, &[1, offsets.len(), sizes.len(), strides.len()]);
    p.add_result_types(&[result_ty]);
    Ok(())
}

fn print_mixed_lists(p: &mut OpPrinter, op: OpId, separator: [&str; 3]) {
    let ctx = p.ctx();
    let g = groups(ctx, p.ir, op);
    for (i, name) in MIXED.iter().enumerate() {
        p.write(separator[i]);
        let statics = static_list(ctx, p.ir, op, name);
        print_dynamic_index_list(p, &statics, &g[i + 1], Delimiter::Square);
    }
}

fn print_subview(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    print_mixed_lists(p, op, ["", " ", " "]);
    let mut elided = MIXED.to_vec();
    elided.push("operandSegmentSizes");
    p.print_optional_attr_dict(op, &elided, false);
    p.write(" : ");
    p.print_type(ir.value_type(ir.operand(op, 0)));
    p.write(" to ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

fn parse_reinterpret_cast(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let source = p.parse_operand()?;
    p.expect_keyword("to")?;
    p.expect_keyword("offset")?;
    p.expect(TokenKind::Colon, "':'")?;
    let (static_offsets, offsets) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.expect(TokenKind::Comma, "','")?;
    p.expect_keyword("sizes")?;
    p.expect(TokenKind::Colon, "':'")?;
    let (static_sizes, sizes) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.expect(TokenKind::Comma, "','")?;
    p.expect_keyword("strides")?;
    p.expect(TokenKind::Colon, "':'")?;
    let (static_strides, strides) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.parse_optional_attr_dict(false)?;
    let source_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let result_ty = p.parse_type()?;
    p.add_operands(&[source], &[source_ty])?;
    for list in [&offsets, &sizes, &strides] {
        p.add_operands(list, &vec![index; list.len()])?;
    }
    for (name, values) in MIXED
        .iter()
        .zip([static_offsets, static_sizes, static_strides])
    {
        let attr = p.ctx().dense_i64_array(&values);
        p.add_property(name, attr);
    }
    segment_sizes(p, &[1, offsets.len(), sizes.len(), strides.len()]);
    p.add_result_types(&[result_ty]);
    Ok(())
}

fn print_reinterpret_cast(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    p.write(" to");
    print_mixed_lists(p, op, [" offset: ", ", sizes: ", ", strides: "]);
    let mut elided = MIXED.to_vec();
    elided.push("operandSegmentSizes");
    p.print_optional_attr_dict(op, &elided, false);
    p.write(" : ");
    p.print_type(ir.value_type(ir.operand(op, 0)));
    p.write(" to ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

// ---- expand_shape ----

fn parse_expand_shape(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let src = p.parse_operand()?;
    let reassociation = p.parse_attribute(None)?;
    p.expect_keyword("output_shape")?;
    let (static_shape, shape) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.parse_optional_attr_dict(false)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("into")?;
    let result_ty = p.parse_type()?;
    p.add_operands(&[src], &[src_ty])?;
    p.add_operands(&shape, &vec![index; shape.len()])?;
    p.add_property("reassociation", reassociation);
    let attr = p.ctx().dense_i64_array(&static_shape);
    p.add_property("static_output_shape", attr);
    p.add_result_types(&[result_ty]);
    Ok(())
}

fn print_expand_shape(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    p.print_operand(operands[0]);
    p.write(" ");
    if let Some(r) = ir.attr(ctx, op, "reassociation") {
        p.print_attribute(r);
    }
    p.write(" output_shape ");
    let statics = static_list(ctx, ir, op, "static_output_shape");
    print_dynamic_index_list(p, &statics, &operands[1..], Delimiter::Square);
    p.print_optional_attr_dict(op, &["reassociation", "static_output_shape"], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    p.write(" into ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

// ---- global ----

/// `("private")? (constant)? @name : type (= initial)? attr-dict`
fn parse_global(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    if p.is(TokenKind::String) {
        let vis = p.parse_attribute(None)?;
        p.add_property("sym_visibility", vis);
    }
    if p.consume_keyword("constant") {
        p.add_property("constant", ctx.unit_attr());
    }
    let name = p.parse_symbol_name()?;
    p.add_property("sym_name", ctx.string_attr(&name));
    let loc = p.loc();
    let ty = p.parse_colon_type()?;
    let TypeData::MemRef { shape, element, .. } = ctx.type_data(ty).clone() else {
        return Err(Diagnostic::error(
            loc,
            "type should be static shaped memref, but got ".to_string()
                + &strata_ir::asm::printer::type_to_string(ctx, ty),
        ));
    };
    p.add_property("type", ctx.type_attr(ty));
    if p.consume_if(TokenKind::Equal) {
        if p.consume_keyword("uninitialized") {
            p.add_property("initial_value", ctx.unit_attr());
        } else {
            let tensor = ctx.tensor_type(&shape, element);
            let value = p.parse_attribute(Some(tensor))?;
            p.add_property("initial_value", value);
        }
    }
    p.parse_optional_attr_dict(false)
}

fn print_global(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    if let Some(vis) = ir.attr(ctx, op, "sym_visibility") {
        p.write(" ");
        p.print_attribute(vis);
    }
    if ir.attr(ctx, op, "constant").is_some() {
        p.write(" constant");
    }
    p.write(" ");
    let name = ir
        .attr(ctx, op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("")
        .to_string();
    p.print_symbol_name(&name);
    p.write(" : ");
    if let Some(ty) = ir.attr(ctx, op, "type").and_then(|a| ctx.type_value(a)) {
        p.print_type(ty);
    }
    if let Some(init) = ir.attr(ctx, op, "initial_value") {
        p.write(" = ");
        if matches!(ctx.attr_data(init), AttrData::Unit) {
            p.write("uninitialized");
        } else {
            p.print_attribute_without_type(init);
        }
    }
    p.print_optional_attr_dict(
        op,
        &[
            "sym_visibility",
            "constant",
            "sym_name",
            "type",
            "initial_value",
        ],
        false,
    );
}

// ---- dim / rank / view ----

fn parse_dim(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    p.parse_optional_attr_dict(false)?;
    let source = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let i = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    p.add_operands(&[source, i], &[ty, index])?;
    p.add_result_types(&[index]);
    Ok(())
}

fn print_dim(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.print_optional_attr_dict(op, &[], false);
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    p.write(", ");
    p.print_operand(ir.operand(op, 1));
    p.write(" : ");
    p.print_type(ir.value_type(ir.operand(op, 0)));
}

/// `$source (`(` $dynamicResultSize^ `)`)? attr-dict : type($source) to type($result)`
fn parse_realloc(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let source = p.parse_operand()?;
    let size = if p.consume_if(TokenKind::LParen) {
        let size = p.parse_operand()?;
        p.expect(TokenKind::RParen, "')'")?;
        Some(size)
    } else {
        None
    };
    p.parse_optional_attr_dict(false)?;
    let source_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let result_ty = p.parse_type()?;
    p.add_operands(&[source], &[source_ty])?;
    if let Some(size) = size {
        p.add_operands(&[size], &[index])?;
    }
    p.add_result_types(&[result_ty]);
    Ok(())
}

fn print_realloc(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    if ir.num_operands(op) > 1 {
        p.write("(");
        p.print_operand(ir.operand(op, 1));
        p.write(")");
    }
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    p.print_type(ir.value_type(ir.operand(op, 0)));
    p.write(" to ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

fn parse_rank(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let source = p.parse_operand()?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    p.add_operands(&[source], &[ty])?;
    p.add_result_types(&[index]);
    Ok(())
}

fn print_rank(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    p.print_type(ir.value_type(ir.operand(op, 0)));
}

fn parse_view(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let source = p.parse_operand()?;
    p.expect(TokenKind::LSquare, "'['")?;
    let shift = p.parse_operand()?;
    p.expect(TokenKind::RSquare, "']'")?;
    p.expect(TokenKind::LSquare, "'['")?;
    let sizes = p.parse_operand_list()?;
    p.expect(TokenKind::RSquare, "']'")?;
    p.parse_optional_attr_dict(false)?;
    let source_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let result_ty = p.parse_type()?;
    p.add_operands(&[source, shift], &[source_ty, index])?;
    p.add_operands(&sizes, &vec![index; sizes.len()])?;
    p.add_result_types(&[result_ty]);
    Ok(())
}

fn print_view(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    p.print_operand(operands[0]);
    p.write("[");
    p.print_operand(operands[1]);
    p.write("][");
    p.print_operands(operands[2..].iter().copied());
    p.write("]");
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    p.write(" to ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}
