//! The ops of `vector`, each declared once with `define_op!`: MLIR 22's
//! assembly format (from `VectorOps.td`) where MLIR has one, and the
//! verifier, folder and memory effects named in the declaration. The ops
//! MLIR writes by hand (`hasCustomAssemblyFormat`: contract, outerproduct,
//! transfer_read/write) name their parser and printer, which follow MLIR
//! 22's character for character. The ops of [`crate::extra_ops`] are
//! declared there; `dialect_ops!` names them all once.

use crate::attrs::{iterator_type_attr, kind_attr, parse_kind_body, CombiningKind};
use crate::effects::OnMemRef;
use crate::extra_ops as extra;
use crate::{fold, verify};
use strata_dialect_arith::attrs::{flags_constraint, no_fastmath, FASTMATH, FASTMATH_SYNTAX};
use strata_ir::affine::AffineMap;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::{ConditionallySpeculatable, Effect, MemoryEffects};
use strata_ir::opdef::{derive, AttrSyntax};
use strata_ir::{AttrData, Context, Ir, OpId, Type, TypeData, Value};

strata_ir::define_op! {
    pub struct LoadOp = "vector.load" {
        summary: "reads an n-D slice of memory into an n-D vector",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
        verify: verify::verify_load,
        interfaces: [dyn MemoryEffects => OnMemRef(Effect::Read, 0)],
    }
}
strata_ir::define_op! {
    pub struct StoreOp = "vector.store" {
        summary: "writes an n-D vector to an n-D slice of memory",
        operands: [valueToStore: single(TypeConstraint::AnyVector), base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)",
        verify: verify::verify_store,
        interfaces: [dyn MemoryEffects => OnMemRef(Effect::Write, 1)],
    }
}
strata_ir::define_op! {
    pub struct MaskedLoadOp = "vector.maskedload" {
        summary: "loads elements from memory into a vector as defined by a mask vector",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index), mask: single(TypeConstraint::AnyVector), pass_thru: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)",
        verify: verify::verify_load,
        interfaces: [dyn MemoryEffects => OnMemRef(Effect::Read, 0)],
    }
}
strata_ir::define_op! {
    pub struct MaskedStoreOp = "vector.maskedstore" {
        summary: "stores elements from a vector into memory as defined by a mask vector",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index), mask: single(TypeConstraint::AnyVector), valueToStore: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)",
        verify: verify::verify_masked_store,
        interfaces: [dyn MemoryEffects => OnMemRef(Effect::Write, 0)],
    }
}
strata_ir::define_op! {
    pub struct BroadcastOp = "vector.broadcast" {
        summary: "broadcast operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any)],
        results: [vector: single(TypeConstraint::AnyVector)],
        format: "$source attr-dict `:` type($source) `to` type($vector)",
        verify: verify::verify_broadcast,
        fold: fold::fold_broadcast,
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
        verify: verify::verify_shape_cast,
        fold: fold::fold_shape_cast,
    }
}
strata_ir::define_op! {
    pub struct TransposeOp = "vector.transpose" {
        summary: "vector transpose operation",
        traits: [PURE],
        operands: [vector: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [permutation: required(AttrConstraint::DenseI64Array)],
        format: "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)",
        verify: verify::verify_transpose,
        fold: fold::fold_transpose,
    }
}
strata_ir::define_op! {
    pub struct ReductionOp = "vector.reduction" {
        summary: "reduction operation",
        traits: [PURE],
        operands: [vector: single(TypeConstraint::AnyVector), acc: optional(TypeConstraint::Any)],
        results: [dest: single(TypeConstraint::Any)],
        attributes: [
            kind: required(AttrConstraint::Any, syntax = KIND_SYNTAX),
            fastmath: defaulted(flags_constraint(&FASTMATH), default = no_fastmath, syntax = FASTMATH_SYNTAX),
        ],
        types_match_with: [dest => acc: derive::same],
        format: "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)",
        verify: verify::verify_reduction,
    }
}
strata_ir::define_op! {
    /// MLIR writes its syntax by hand: the traits dictionary comes first,
    /// with the iterator types as strings.
    pub struct ContractionOp = "vector.contract" {
        summary: "vector contraction operation",
        traits: [PURE],
        operands: [lhs: single(TypeConstraint::AnyVector), rhs: single(TypeConstraint::AnyVector), acc: single(TypeConstraint::Any)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [indexing_maps: required(AttrConstraint::Array(None)), iterator_types: required(AttrConstraint::Array(None)), kind: required(AttrConstraint::Any)],
        parse: parse_contract,
        print: print_contract,
        verify: verify::verify_contract,
    }
}
strata_ir::define_op! {
    /// MLIR writes its syntax by hand: the result type follows from the
    /// operands', and the kind prints only with an accumulator.
    pub struct OuterProductOp = "vector.outerproduct" {
        summary: "vector outerproduct with optional fused add",
        traits: [PURE],
        operands: [lhs: single(TypeConstraint::AnyVector), rhs: single(TypeConstraint::Any), acc: optional(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [kind: optional(AttrConstraint::Any)],
        parse: parse_outerproduct,
        print: print_outerproduct,
        verify: verify::verify_outerproduct,
    }
}
strata_ir::define_op! {
    /// MLIR writes its syntax by hand: the padding and mask types follow
    /// from the source and vector types, and the default permutation map
    /// and in_bounds flags are left out.
    pub struct TransferReadOp = "vector.transfer_read" {
        summary: "reads a supervector from memory into an SSA vector value",
        operands: [base: single(TypeConstraint::Any), indices: variadic(TypeConstraint::Index), padding: single(TypeConstraint::Any), mask: optional(TypeConstraint::AnyVector)],
        results: [vector: single(TypeConstraint::AnyVector)],
        attributes: [permutation_map: required(AttrConstraint::AffineMap), in_bounds: required(AttrConstraint::Array(None))],
        parse: parse_transfer_read,
        print: print_transfer_read,
        verify: verify::verify_transfer_read,
        interfaces: [
            dyn MemoryEffects => OnMemRef(Effect::Read, 0),
            dyn ConditionallySpeculatable => OnMemRef(Effect::Read, 0),
        ],
    }
}
strata_ir::define_op! {
    /// MLIR writes its syntax by hand, as `vector.transfer_read`'s.
    pub struct TransferWriteOp = "vector.transfer_write" {
        summary: "the vector.transfer_write op writes a supervector to memory",
        operands: [valueToStore: single(TypeConstraint::AnyVector), base: single(TypeConstraint::Any), indices: variadic(TypeConstraint::Index), mask: optional(TypeConstraint::AnyVector)],
        results: [result: optional(TypeConstraint::AnyRankedTensor)],
        attributes: [permutation_map: required(AttrConstraint::AffineMap), in_bounds: required(AttrConstraint::Array(None))],
        parse: parse_transfer_write,
        print: print_transfer_write,
        verify: verify::verify_transfer_write,
        interfaces: [
            dyn MemoryEffects => OnMemRef(Effect::Write, 1),
            dyn ConditionallySpeculatable => OnMemRef(Effect::Write, 1),
        ],
    }
}
strata_ir::define_op! {
    pub struct ExtractOp = "vector.extract" {
        summary: "extract operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector), dynamic_position: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [static_position: required(AttrConstraint::DenseI64Array)],
        format: "$source `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($result) `from` type($source)",
        verify: verify::verify_extract,
        fold: fold::fold_extract,
    }
}
strata_ir::define_op! {
    pub struct InsertOp = "vector.insert" {
        summary: "insert operation",
        traits: [PURE],
        operands: [valueToStore: single(TypeConstraint::Any), dest: single(TypeConstraint::AnyVector), dynamic_position: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [static_position: required(AttrConstraint::DenseI64Array)],
        types_match: [[dest, result]],
        format: "$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($valueToStore) `into` type($dest)",
        verify: verify::verify_insert,
        fold: fold::fold_insert,
    }
}

strata_ir::dialect_ops!(
    TransposeOp,
    ReductionOp,
    ContractionOp,
    OuterProductOp,
    TransferReadOp,
    TransferWriteOp,
    ExtractOp,
    InsertOp,
    LoadOp,
    StoreOp,
    MaskedLoadOp,
    MaskedStoreOp,
    BroadcastOp,
    FmaOp,
    ShapeCastOp,
    extra::ShuffleOp,
    extra::InsertStridedSliceOp,
    extra::ExtractStridedSliceOp,
    extra::CreateMaskOp,
    extra::ConstantMaskOp,
    extra::PrintOp,
    extra::BitCastOp,
    extra::GatherOp,
    extra::ScatterOp,
    extra::ExpandLoadOp,
    extra::CompressStoreOp,
    extra::MultiDimReductionOp,
    extra::ScanOp,
    extra::VectorScaleOp,
    extra::InterleaveOp,
    extra::DeinterleaveOp,
    extra::StepOp,
    extra::FromElementsOp,
    extra::ToElementsOp,
    extra::ScalableInsertOp,
    extra::ScalableExtractOp,
    extra::MaskOp,
    extra::YieldOp,
);

/// `$kind` in a format: `<add>` (MLIR's `Vector_CombiningKindAttr`).
pub(crate) const KIND_SYNTAX: AttrSyntax = AttrSyntax {
    parse: |p| Ok(Some(parse_kind_body(p.parser)?)),
    print: |p, attr| {
        let word = crate::attrs::kind_value(p.ctx(), attr).unwrap_or(CombiningKind::Add);
        p.write("<");
        p.write(word.keyword());
        p.write(">");
    },
};

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
