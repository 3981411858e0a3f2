//! The ops of `vector`, declared with `define_op!`; the ones whose MLIR
//! syntax is hand-written (contract, reduction, outerproduct, transfers,
//! extract/insert, transpose) get parse/print hooks that follow MLIR 22's
//! printers character for character (`vector.insert %v, %d [1]` keeps
//! MLIR's space before the position list).

use crate::attrs::{iterator_type_attr, kind_attr, kind_of, parse_kind_body, CombiningKind};
use strata_ir::affine::AffineMap;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::directives::{parse_dynamic_index_list, print_dynamic_index_list, Delimiter};
use strata_ir::{AttrData, Context, Ir, OpDefinition, OpId, Type, TypeData, Value};

strata_ir::define_op! {
    pub struct LoadOp = "vector.load" {
        summary: "reads an n-D slice of memory into an n-D vector",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
    }
}
strata_ir::define_op! {
    pub struct StoreOp = "vector.store" {
        summary: "writes an n-D vector to an n-D slice of memory",
        operands: [valueToStore: single(TypeConstraint::AnyVector), base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)",
    }
}
strata_ir::define_op! {
    pub struct MaskedLoadOp = "vector.maskedload" {
        summary: "loads elements from memory into a vector as defined by a mask vector",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index), mask: single(TypeConstraint::AnyVector), pass_thru: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)",
    }
}
strata_ir::define_op! {
    pub struct MaskedStoreOp = "vector.maskedstore" {
        summary: "stores elements from a vector into memory as defined by a mask vector",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index), mask: single(TypeConstraint::AnyVector), valueToStore: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)",
    }
}
strata_ir::define_op! {
    pub struct BroadcastOp = "vector.broadcast" {
        summary: "broadcast operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any)],
        results: [vector: single(TypeConstraint::AnyVector)],
        format: "$source attr-dict `:` type($source) `to` type($vector)",
    }
}
strata_ir::define_op! {
    pub struct FmaOp = "vector.fma" {
        summary: "vector fused multiply-add",
        traits: [PURE],
        operands: [lhs: single(TypeConstraint::AnyVector), rhs: single(TypeConstraint::AnyVector), acc: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        types_match: [[lhs, rhs, acc, result]],
        format: "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
    }
}
strata_ir::define_op! {
    pub struct ShapeCastOp = "vector.shape_cast" {
        summary: "shape_cast casts between vector shapes",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        format: "$source attr-dict `:` type($source) `to` type($result)",
    }
}
strata_ir::define_op! {
    pub struct TransposeOp = "vector.transpose" {
        summary: "vector transpose operation",
        traits: [PURE],
        operands: [vector: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [permutation: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    pub struct ReductionOp = "vector.reduction" {
        summary: "reduction operation",
        traits: [PURE],
        operands: [vector: single(TypeConstraint::AnyVector), acc: optional(TypeConstraint::Any)],
        results: [dest: single(TypeConstraint::Any)],
        attributes: [kind: required(AttrConstraint::Any), fastmath: optional(AttrConstraint::Any)],
    }
}
strata_ir::define_op! {
    pub struct ContractionOp = "vector.contract" {
        summary: "vector contraction operation",
        traits: [PURE],
        operands: [lhs: single(TypeConstraint::AnyVector), rhs: single(TypeConstraint::AnyVector), acc: single(TypeConstraint::Any)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [indexing_maps: required(AttrConstraint::Array(None)), iterator_types: required(AttrConstraint::Array(None)), kind: required(AttrConstraint::Any)],
    }
}
strata_ir::define_op! {
    pub struct OuterProductOp = "vector.outerproduct" {
        summary: "vector outerproduct with optional fused add",
        traits: [PURE],
        operands: [lhs: single(TypeConstraint::AnyVector), rhs: single(TypeConstraint::Any), acc: optional(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [kind: optional(AttrConstraint::Any)],
    }
}
strata_ir::define_op! {
    pub struct TransferReadOp = "vector.transfer_read" {
        summary: "reads a supervector from memory into an SSA vector value",
        operands: [base: single(TypeConstraint::Any), indices: variadic(TypeConstraint::Index), padding: single(TypeConstraint::Any), mask: optional(TypeConstraint::AnyVector)],
        results: [vector: single(TypeConstraint::AnyVector)],
        attributes: [permutation_map: required(AttrConstraint::AffineMap), in_bounds: required(AttrConstraint::Array(None))],
    }
}
strata_ir::define_op! {
    pub struct TransferWriteOp = "vector.transfer_write" {
        summary: "the vector.transfer_write op writes a supervector to memory",
        operands: [valueToStore: single(TypeConstraint::AnyVector), base: single(TypeConstraint::Any), indices: variadic(TypeConstraint::Index), mask: optional(TypeConstraint::AnyVector)],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [permutation_map: required(AttrConstraint::AffineMap), in_bounds: required(AttrConstraint::Array(None))],
    }
}
strata_ir::define_op! {
    pub struct ExtractOp = "vector.extract" {
        summary: "extract operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector), dynamic_position: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [static_position: required(AttrConstraint::DenseI64Array)],
    }
}
strata_ir::define_op! {
    pub struct InsertOp = "vector.insert" {
        summary: "insert operation",
        traits: [PURE],
        operands: [valueToStore: single(TypeConstraint::Any), dest: single(TypeConstraint::AnyVector), dynamic_position: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [static_position: required(AttrConstraint::DenseI64Array)],
    }
}

/// Every op definition of the dialect, with hooks attached.
pub fn definitions(ctx: &Context) -> Vec<OpDefinition> {
    type Parse = fn(&mut OpParser) -> DiagResult<()>;
    type Print = fn(&mut OpPrinter, OpId);
    let custom: [(OpDefinition, Parse, Print); 8] = [
        (TransposeOp::definition(), parse_transpose, print_transpose),
        (ReductionOp::definition(), parse_reduction, print_reduction),
        (ContractionOp::definition(), parse_contract, print_contract),
        (
            OuterProductOp::definition(),
            parse_outerproduct,
            print_outerproduct,
        ),
        (
            TransferReadOp::definition(),
            parse_transfer_read,
            print_transfer_read,
        ),
        (
            TransferWriteOp::definition(),
            parse_transfer_write,
            print_transfer_write,
        ),
        (ExtractOp::definition(), parse_extract, print_extract),
        (InsertOp::definition(), parse_insert, print_insert),
    ];
    let mut defs: Vec<OpDefinition> = custom
        .into_iter()
        .map(|(mut def, parse, print)| {
            def.hooks.parse = Some(parse);
            def.hooks.print = Some(print);
            def
        })
        .collect();
    defs.extend([
        LoadOp::definition(),
        StoreOp::definition(),
        MaskedLoadOp::definition(),
        MaskedStoreOp::definition(),
        BroadcastOp::definition(),
        FmaOp::definition(),
        ShapeCastOp::definition(),
    ]);
    defs.extend(crate::extra_ops::definitions(ctx));
    // Index operands have one possible type, which the format engine infers.
    let index = TypeConstraint::Is(ctx.index_type());
    for def in defs.iter_mut() {
        for operand in def.operands.iter_mut().filter(|o| o.name == "indices") {
            operand.constraint = index.clone();
        }
    }
    crate::verify::attach(&mut defs);
    crate::fold::attach(&mut defs);
    crate::effects::attach(&mut defs);
    defs
}

// ---- helpers shared with the verifiers, folds and the interpreter ----

/// Shape and element type of a vector type (scalars: empty shape, themselves).
pub fn vector_parts(ctx: &Context, ty: Type) -> (Vec<i64>, Type) {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, element, .. } => (shape.to_vec(), *element),
        _ => (Vec::new(), ty),
    }
}

/// The operand groups of `op` as declared.
pub fn groups(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Vec<Value>> {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered op");
    strata_ir::format::value_groups(ctx, ir, op, def, false)
        .into_iter()
        .map(|g| g.into_iter().collect())
        .collect()
}

/// The affine map attribute `name` of `op`.
pub fn map_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<AffineMap> {
    match ctx.attr_data(ir.attr(ctx, op, name)?) {
        AttrData::AffineMap(m) => Some(m.clone()),
        _ => None,
    }
}

/// The `indexing_maps` of a contraction.
pub fn indexing_maps(ctx: &Context, ir: &Ir, op: OpId) -> Vec<AffineMap> {
    ir.attr(ctx, op, "indexing_maps")
        .and_then(|a| ctx.array_elements(a))
        .unwrap_or(&[])
        .iter()
        .filter_map(|&a| match ctx.attr_data(a) {
            AttrData::AffineMap(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// The `in_bounds` flags of a transfer.
pub fn in_bounds(ctx: &Context, ir: &Ir, op: OpId) -> Vec<bool> {
    ir.attr(ctx, op, "in_bounds")
        .and_then(|a| ctx.array_elements(a))
        .unwrap_or(&[])
        .iter()
        .map(|&a| ctx.integer_value(a) == Some(1) || ctx.integer_value(a) == Some(-1))
        .collect()
}

fn segment_sizes(p: &mut OpParser, sizes: &[usize]) {
    let sizes: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
    let attr = p.ctx().dense_i32_array(&sizes);
    p.add_property("operandSegmentSizes", attr);
}

fn print_i64_list(p: &mut OpPrinter, values: &[i64]) {
    p.write("[");
    p.write(
        &values
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );
    p.write("]");
}

fn static_position(ctx: &Context, ir: &Ir, op: OpId) -> Vec<i64> {
    ir.attr(ctx, op, "static_position")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default()
}

// ---- transpose: `%v, [1, 0] attr-dict : type to type` ----

fn parse_transpose(p: &mut OpParser) -> DiagResult<()> {
    let v = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let (perm, _) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.add_property("permutation", p.ctx().dense_i64_array(&perm));
    p.parse_optional_attr_dict(false)?;
    let from = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    p.add_operands(&[v], &[from])?;
    p.add_result_types(&[to]);
    Ok(())
}

fn print_transpose(p: &mut OpPrinter, op: OpId) {
    let (ctx, ir) = (p.ctx(), p.ir);
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    p.write(", ");
    let perm = ir
        .attr(ctx, op, "permutation")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    print_i64_list(p, &perm);
    p.print_optional_attr_dict(op, &["permutation"], false);
    p.write(" : ");
    p.print_type(ir.value_type(ir.operand(op, 0)));
    p.write(" to ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

// ---- reduction: `<kind>, %v (, %acc)? (fastmath<...>)? attr-dict : type into type` ----

fn none_fastmath(ctx: &Context) -> strata_ir::Attribute {
    strata_dialect_arith::attrs::FASTMATH.attr(ctx, 0)
}

fn parse_reduction(p: &mut OpParser) -> DiagResult<()> {
    let kind = parse_kind_body(p.parser)?;
    p.add_property("kind", kind);
    p.expect(TokenKind::Comma, "','")?;
    let v = p.parse_operand()?;
    let acc = if p.consume_if(TokenKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    let fastmath = if p.consume_keyword("fastmath") {
        let bits = strata_dialect_arith::attrs::FASTMATH.parse_body(p.parser)?;
        strata_dialect_arith::attrs::FASTMATH.attr(p.ctx(), bits)
    } else {
        none_fastmath(p.ctx())
    };
    p.add_property("fastmath", fastmath);
    p.parse_optional_attr_dict(false)?;
    let vty = p.parse_colon_type()?;
    p.expect_keyword("into")?;
    let dest = p.parse_type()?;
    p.add_operands(&[v], &[vty])?;
    if let Some(acc) = acc {
        p.add_operands(&[acc], &[dest])?;
    }
    p.add_result_types(&[dest]);
    Ok(())
}

fn print_reduction(p: &mut OpPrinter, op: OpId) {
    let (ctx, ir) = (p.ctx(), p.ir);
    p.write(" <");
    p.write(kind_of(ctx, ir, op).keyword());
    p.write(">, ");
    let operands: Vec<Value> = ir.operands(op).collect();
    p.print_operands(operands.iter().copied());
    let fastmath = ir.attr(ctx, op, "fastmath");
    if let Some(f) = fastmath.filter(|&f| f != none_fastmath(ctx)) {
        let bits = strata_dialect_arith::attrs::FASTMATH
            .bits(ctx, f)
            .unwrap_or(0);
        p.write(" fastmath<");
        p.write(&strata_dialect_arith::attrs::FASTMATH.to_text(bits));
        p.write(">");
    }
    p.print_optional_attr_dict(op, &["kind", "fastmath"], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    p.write(" into ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

// ---- contract: `{trait} %lhs, %rhs, %acc attr-dict : lhs, rhs into acc` ----

const CONTRACT_TRAIT: [&str; 3] = ["indexing_maps", "iterator_types", "kind"];

fn parse_contract(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let loc = p.loc();
    let dict = p.parse_attribute(None)?;
    if !matches!(ctx.attr_data(dict), AttrData::Dictionary(_)) {
        return Err(Diagnostic::error(
            loc,
            "expected a dictionary of contraction traits",
        ));
    }
    let mut has_kind = false;
    for &(name, value) in ctx.dictionary_entries(dict) {
        let key = ctx.str(name);
        let value = if key == "iterator_types" {
            // Written as strings, stored as #vector.iterator_type<...>.
            let words: Vec<strata_ir::Attribute> = ctx
                .array_elements(value)
                .unwrap_or(&[])
                .iter()
                .map(|&a| match ctx.string_value(a) {
                    Some(w) => iterator_type_attr(ctx, w),
                    None => a,
                })
                .collect();
            ctx.array_attr(&words)
        } else {
            value
        };
        has_kind |= key == "kind";
        p.add_property(key, value);
    }
    if !has_kind {
        p.add_property("kind", kind_attr(ctx, CombiningKind::Add));
    }
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let rhs = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let acc = p.parse_operand()?;
    p.parse_optional_attr_dict(false)?;
    let lty = p.parse_colon_type()?;
    p.expect(TokenKind::Comma, "','")?;
    let rty = p.parse_type()?;
    p.expect_keyword("into")?;
    let aty = p.parse_type()?;
    p.add_operands(&[lhs, rhs, acc], &[lty, rty, aty])?;
    p.add_result_types(&[aty]);
    Ok(())
}

fn print_contract(p: &mut OpPrinter, op: OpId) {
    let (ctx, ir) = (p.ctx(), p.ir);
    p.write(" {");
    let mut first = true;
    for name in CONTRACT_TRAIT {
        let Some(value) = ir.attr(ctx, op, name) else {
            continue;
        };
        if !first {
            p.write(", ");
        }
        first = false;
        p.write(name);
        p.write(" = ");
        if name == "iterator_types" {
            let words: Vec<String> = crate::attrs::iterator_types(ctx, ir, op)
                .into_iter()
                .map(|r| if r { "\"reduction\"" } else { "\"parallel\"" }.to_string())
                .collect();
            p.write(&format!("[{}]", words.join(", ")));
        } else {
            p.print_attribute(value);
        }
    }
    p.write("} ");
    let operands: Vec<Value> = ir.operands(op).collect();
    p.print_operands(operands.iter().copied());
    p.print_optional_attr_dict(op, &CONTRACT_TRAIT, false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    p.write(", ");
    p.print_type(ir.value_type(operands[1]));
    p.write(" into ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

// ---- outerproduct: `%lhs, %rhs (, %acc)? attr-dict : lhs, rhs` ----

fn parse_outerproduct(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let operands = p.parse_operand_list()?;
    p.parse_optional_attr_dict(false)?;
    let loc = p.loc();
    let lty = p.parse_colon_type()?;
    p.expect(TokenKind::Comma, "','")?;
    let rty = p.parse_type()?;
    // MLIR's parser errors, at the op name with the custom-op prefix; the
    // ranks are left to the verifier.
    let name_error =
        |msg: &str| Diagnostic::error(p.op_loc(), format!("custom op 'vector.outerproduct' {msg}"));
    if operands.len() < 2 || operands.len() > 3 {
        return Err(name_error("expected at least 2 operands"));
    }
    if !matches!(ctx.type_data(lty), TypeData::Vector { .. }) {
        return Err(name_error("expected vector type for operand #1"));
    }
    let _ = loc;
    let (lshape, lscalable, elem) = crate::extra_ops::vector_dims(ctx, lty);
    let (rshape, rscalable, _) = crate::extra_ops::vector_dims(ctx, rty);
    let first = |shape: &[i64], scalable: &[bool]| {
        (
            shape.first().copied().unwrap_or(1),
            scalable.first().copied().unwrap_or(false),
        )
    };
    let (l0, ls) = first(&lshape, &lscalable);
    let result = if !matches!(ctx.type_data(rty), TypeData::Vector { .. }) {
        crate::extra_ops::scalable_vector_type(ctx, &[l0], &[ls], elem)
    } else {
        let (r0, rs) = first(&rshape, &rscalable);
        crate::extra_ops::scalable_vector_type(ctx, &[l0, r0], &[ls, rs], elem)
    };
    p.add_operands(&operands[..1], &[lty])?;
    p.add_operands(&operands[1..2], &[rty])?;
    if operands.len() == 3 {
        p.add_operands(&operands[2..], &[result])?;
    }
    if !p
        .ctx()
        .dictionary_entries(p.state.attributes)
        .iter()
        .any(|(n, _)| ctx.str(*n) == "kind")
    {
        p.add_property("kind", kind_attr(ctx, CombiningKind::Add));
    }
    p.add_result_types(&[result]);
    Ok(())
}

fn print_outerproduct(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.write(" ");
    let operands: Vec<Value> = ir.operands(op).collect();
    p.print_operands(operands.iter().copied());
    // MLIR prints the kind only with an accumulator.
    let elided: &[&str] = if operands.len() == 3 { &[] } else { &["kind"] };
    p.print_optional_attr_dict(op, elided, false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    p.write(", ");
    p.print_type(ir.value_type(operands[1]));
}

// ---- transfer_read / transfer_write ----

/// The permutation map a transfer gets when none is written: the minor
/// identity from the source rank to the vector rank.
pub fn default_permutation_map(source_rank: usize, vector_rank: usize) -> Option<AffineMap> {
    AffineMap::minor_identity(source_rank, vector_rank.min(source_rank)).ok()
}

/// Adds the default `permutation_map` and `in_bounds` when the text left them out.
fn transfer_defaults(p: &mut OpParser, source: Type, vector: Type) {
    let ctx = p.ctx();
    let written = |p: &OpParser, name: &str| {
        ctx.dictionary_entries(p.state.attributes)
            .iter()
            .chain(ctx.dictionary_entries(p.state.properties))
            .find(|(n, _)| ctx.str(*n) == name)
            .map(|e| e.1)
    };
    let source_rank = ctx.shape(source).map_or(0, |s| s.len());
    let vector_rank = vector_parts(ctx, vector).0.len();
    let map = match written(p, "permutation_map").map(|a| ctx.attr_data(a)) {
        Some(AttrData::AffineMap(m)) => Some(m.clone()),
        _ => default_permutation_map(source_rank, vector_rank).inspect(|m| {
            p.add_property("permutation_map", ctx.affine_map_attr(m.clone()));
        }),
    };
    if written(p, "in_bounds").is_none() {
        let n = map.map_or(vector_rank, |m| m.results().len());
        let flags = vec![ctx.bool_attr(false); n];
        p.add_property("in_bounds", ctx.array_attr(&flags));
    }
}

fn parse_transfer_read(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let base = p.parse_operand()?;
    p.expect(TokenKind::LSquare, "'['")?;
    let indices = p.parse_operand_list()?;
    p.expect(TokenKind::RSquare, "']'")?;
    p.expect(TokenKind::Comma, "','")?;
    let padding = p.parse_operand()?;
    let mask = if p.consume_if(TokenKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_optional_attr_dict(false)?;
    let loc = p.loc();
    let source = p.parse_colon_type()?;
    // MLIR's errors at the types, with the custom-op prefix.
    let types_error =
        |msg: &str| Diagnostic::error(loc, format!("custom op 'vector.transfer_read' {msg}"));
    if !p.is(TokenKind::Comma) {
        return Err(types_error("requires two types"));
    }
    p.expect(TokenKind::Comma, "','")?;
    let vector = p.parse_type()?;
    let ctx = p.ctx();
    let element = ctx
        .element_type(source)
        .filter(|_| ctx.shape(source).is_some())
        .ok_or_else(|| types_error("requires memref or ranked tensor type"))?;
    transfer_defaults(p, source, vector);
    p.add_operands(&[base], &[source])?;
    p.add_operands(&indices, &vec![index; indices.len()])?;
    p.add_operands(&[padding], &[element])?;
    let has_mask = mask.is_some();
    if let Some(mask) = mask {
        let shape = vector_parts(ctx, vector).0;
        let i1 = ctx.signless(1);
        p.add_operands(&[mask], &[ctx.vector_type(&shape, i1)])?;
    }
    segment_sizes(p, &[1, indices.len(), 1, has_mask as usize]);
    p.add_result_types(&[vector]);
    Ok(())
}

/// `{in_bounds = [...], permutation_map = ...}` leaving out the defaults.
fn print_transfer_attrs(p: &mut OpPrinter, op: OpId, source: Type, vector: Type) {
    let (ctx, ir) = (p.ctx(), p.ir);
    let mut elided = vec!["operandSegmentSizes"];
    let source_rank = ctx.shape(source).map_or(0, |s| s.len());
    let vector_rank = vector_parts(ctx, vector).0.len();
    if map_attr(ctx, ir, op, "permutation_map") == default_permutation_map(source_rank, vector_rank)
    {
        elided.push("permutation_map");
    }
    if in_bounds(ctx, ir, op).iter().all(|b| !b) {
        elided.push("in_bounds");
    }
    p.print_optional_attr_dict(op, &elided, false);
}

fn print_transfer_read(p: &mut OpPrinter, op: OpId) {
    let (ctx, ir) = (p.ctx(), p.ir);
    let g = groups(ctx, ir, op);
    p.write(" ");
    p.print_operand(g[0][0]);
    p.write("[");
    p.print_operands(g[1].iter().copied());
    p.write("], ");
    p.print_operand(g[2][0]);
    if let Some(&mask) = g[3].first() {
        p.write(", ");
        p.print_operand(mask);
    }
    let source = ir.value_type(g[0][0]);
    let vector = ir.value_type(ir.result(op, 0));
    print_transfer_attrs(p, op, source, vector);
    p.write(" : ");
    p.print_type(source);
    p.write(", ");
    p.print_type(vector);
}

fn parse_transfer_write(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let value = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let base = p.parse_operand()?;
    p.expect(TokenKind::LSquare, "'['")?;
    let indices = p.parse_operand_list()?;
    p.expect(TokenKind::RSquare, "']'")?;
    let mask = if p.consume_if(TokenKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_optional_attr_dict(false)?;
    let vector = p.parse_colon_type()?;
    p.expect(TokenKind::Comma, "','")?;
    let source = p.parse_type()?;
    let ctx = p.ctx();
    transfer_defaults(p, source, vector);
    p.add_operands(&[value], &[vector])?;
    p.add_operands(&[base], &[source])?;
    p.add_operands(&indices, &vec![index; indices.len()])?;
    let has_mask = mask.is_some();
    if let Some(mask) = mask {
        let shape = vector_parts(ctx, vector).0;
        let i1 = ctx.signless(1);
        p.add_operands(&[mask], &[ctx.vector_type(&shape, i1)])?;
    }
    segment_sizes(p, &[1, 1, indices.len(), has_mask as usize]);
    if matches!(ctx.type_data(source), TypeData::RankedTensor { .. }) {
        p.add_result_types(&[source]);
    }
    Ok(())
}

fn print_transfer_write(p: &mut OpPrinter, op: OpId) {
    let (ctx, ir) = (p.ctx(), p.ir);
    let g = groups(ctx, ir, op);
    p.write(" ");
    p.print_operand(g[0][0]);
    p.write(", ");
    p.print_operand(g[1][0]);
    p.write("[");
    p.print_operands(g[2].iter().copied());
    p.write("]");
    if let Some(&mask) = g[3].first() {
        p.write(", ");
        p.print_operand(mask);
    }
    let vector = ir.value_type(g[0][0]);
    let source = ir.value_type(g[1][0]);
    print_transfer_attrs(p, op, source, vector);
    p.write(" : ");
    p.print_type(vector);
    p.write(", ");
    p.print_type(source);
}

// ---- extract / insert ----

fn parse_extract(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let source = p.parse_operand()?;
    let (statics, dynamic) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.add_property("static_position", p.ctx().dense_i64_array(&statics));
    p.parse_optional_attr_dict(false)?;
    let result = p.parse_colon_type()?;
    p.expect_keyword("from")?;
    let sty = p.parse_type()?;
    p.add_operands(&[source], &[sty])?;
    p.add_operands(&dynamic, &vec![index; dynamic.len()])?;
    p.add_result_types(&[result]);
    Ok(())
}

fn print_extract(p: &mut OpPrinter, op: OpId) {
    let (ctx, ir) = (p.ctx(), p.ir);
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    p.print_operand(operands[0]);
    print_dynamic_index_list(
        p,
        &static_position(ctx, ir, op),
        &operands[1..],
        Delimiter::Square,
    );
    p.print_optional_attr_dict(op, &["static_position"], false);
    p.write(" : ");
    p.print_type(ir.value_type(ir.result(op, 0)));
    p.write(" from ");
    p.print_type(ir.value_type(operands[0]));
}

fn parse_insert(p: &mut OpParser) -> DiagResult<()> {
    let index = p.ctx().index_type();
    let value = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let dest = p.parse_operand()?;
    let (statics, dynamic) = parse_dynamic_index_list(p, Delimiter::Square)?;
    p.add_property("static_position", p.ctx().dense_i64_array(&statics));
    p.parse_optional_attr_dict(false)?;
    let vty = p.parse_colon_type()?;
    p.expect_keyword("into")?;
    let dty = p.parse_type()?;
    p.add_operands(&[value], &[vty])?;
    p.add_operands(&[dest], &[dty])?;
    p.add_operands(&dynamic, &vec![index; dynamic.len()])?;
    p.add_result_types(&[dty]);
    Ok(())
}

fn print_insert(p: &mut OpPrinter, op: OpId) {
    let (ctx, ir) = (p.ctx(), p.ir);
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    p.print_operand(operands[0]);
    p.write(", ");
    p.print_operand(operands[1]);
    p.write(" ");
    print_dynamic_index_list(
        p,
        &static_position(ctx, ir, op),
        &operands[2..],
        Delimiter::Square,
    );
    p.print_optional_attr_dict(op, &["static_position"], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    p.write(" into ");
    p.print_type(ir.value_type(operands[1]));
}
