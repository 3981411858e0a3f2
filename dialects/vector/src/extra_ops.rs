//! The rest of MLIR 22's commonly used `vector` ops: shuffles and strided
//! slices, masks (`create_mask`, `constant_mask`, the `vector.mask` region
//! op and its `vector.yield`), gathers/scatters and expanding
//! loads/compressing stores, `multi_reduction` and `scan`, `bitcast`,
//! `interleave`/`deinterleave`, `step`, `from_elements`/`to_elements`,
//! `vscale`, `scalable.insert`/`extract` and `print`.
//!
//! They live apart from `ops.rs` (the subset Strata's lowerings produce) so
//! that each file stays readable. Each is declared once with `define_op!`,
//! with MLIR's assembly format where MLIR has one; `vector.mask` (MLIR's
//! hand-written syntax, which prints its one masked op inline) names its
//! parser and printer in its declaration.

use crate::attrs::{punctuation_attr, punctuation_word, PUNCTUATIONS};
use crate::ops::{vector_parts, KIND_SYNTAX};
use strata_dialect_tensor::syntax::PLAIN_I64;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::opdef::AttrSyntax;
use strata_ir::{Attribute, Context, InsertPoint, OpId, OperationState, Type, TypeData, Value};

strata_ir::define_op! {
    pub struct ShuffleOp = "vector.shuffle" {
        summary: "shuffle operation",
        traits: [PURE],
        operands: [v1: single(TypeConstraint::AnyVector), v2: single(TypeConstraint::AnyVector)],
        results: [vector: single(TypeConstraint::AnyVector)],
        attributes: [mask: required(AttrConstraint::DenseI64Array)],
        format: "operands $mask attr-dict `:` type(operands)",
        verify: crate::verify::verify_shuffle,
        infer_result_types: infer_shuffle,
    }
}
strata_ir::define_op! {
    pub struct InsertStridedSliceOp = "vector.insert_strided_slice" {
        summary: "strided_slice operation",
        traits: [PURE],
        operands: [valueToStore: single(TypeConstraint::AnyVector), dest: single(TypeConstraint::AnyVector)],
        results: [res: single(TypeConstraint::AnyVector)],
        attributes: [offsets: required(AttrConstraint::Array(None)), strides: required(AttrConstraint::Array(None))],
        types_match: [[dest, res]],
        format: "$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)",
    }
}
strata_ir::define_op! {
    pub struct ExtractStridedSliceOp = "vector.extract_strided_slice" {
        summary: "extract_strided_slice operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [offsets: required(AttrConstraint::Array(None)), sizes: required(AttrConstraint::Array(None)), strides: required(AttrConstraint::Array(None))],
        format: "$source attr-dict `:` type($source) `to` type($result)",
    }
}
strata_ir::define_op! {
    pub struct CreateMaskOp = "vector.create_mask" {
        summary: "creates a vector mask",
        traits: [PURE],
        operands: [operands: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyVector)],
        format: "$operands attr-dict `:` type(results)",
    }
}
strata_ir::define_op! {
    pub struct ConstantMaskOp = "vector.constant_mask" {
        summary: "creates a constant vector mask",
        traits: [PURE],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [mask_dim_sizes: required(AttrConstraint::DenseI64Array)],
        format: "$mask_dim_sizes attr-dict `:` type(results)",
    }
}
strata_ir::define_op! {
    pub struct PrintOp = "vector.print" {
        summary: "print operation (for testing and debugging)",
        operands: [source: optional(TypeConstraint::Any)],
        attributes: [
            punctuation: defaulted(AttrConstraint::Any, default = newline, syntax = PUNCTUATION_SYNTAX),
            stringLiteral: optional(AttrConstraint::String),
        ],
        format: "($source^ `:` type($source))? oilist(`str` $stringLiteral | `punctuation` $punctuation) attr-dict",
    }
}
strata_ir::define_op! {
    pub struct BitCastOp = "vector.bitcast" {
        summary: "bitcast casts between vectors",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        format: "$source attr-dict `:` type($source) `to` type($result)",
    }
}
strata_ir::define_op! {
    pub struct GatherOp = "vector.gather" {
        summary: "gathers elements from memory or ranked tensor into a vector as defined by an index vector and a mask vector",
        operands: [base: single(TypeConstraint::Any), offsets: variadic(TypeConstraint::Index), index_vec: single(TypeConstraint::AnyVector), mask: single(TypeConstraint::AnyVector), pass_thru: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $offsets `]` `[` $index_vec `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($index_vec) `,` type($mask) `,` type($pass_thru) `into` type($result)",
    }
}
strata_ir::define_op! {
    pub struct ScatterOp = "vector.scatter" {
        summary: "scatters elements from a vector into memory as defined by an index vector and a mask vector",
        operands: [base: single(TypeConstraint::AnyMemRef), offsets: variadic(TypeConstraint::Index), index_vec: single(TypeConstraint::AnyVector), mask: single(TypeConstraint::AnyVector), valueToStore: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $offsets `]` `[` $index_vec `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($index_vec) `,` type($mask) `,` type($valueToStore)",
    }
}
strata_ir::define_op! {
    pub struct ExpandLoadOp = "vector.expandload" {
        summary: "reads elements from memory and spreads them into a vector as defined by a mask",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index), mask: single(TypeConstraint::AnyVector), pass_thru: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)",
    }
}
strata_ir::define_op! {
    pub struct CompressStoreOp = "vector.compressstore" {
        summary: "writes elements selectively from a vector as defined by a mask",
        operands: [base: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index), mask: single(TypeConstraint::AnyVector), valueToStore: single(TypeConstraint::AnyVector)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)",
    }
}
strata_ir::define_op! {
    pub struct MultiDimReductionOp = "vector.multi_reduction" {
        summary: "multi-dimensional reduction operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector), acc: single(TypeConstraint::Any)],
        results: [dest: single(TypeConstraint::Any)],
        attributes: [kind: required(AttrConstraint::Any, syntax = KIND_SYNTAX), reduction_dims: required(AttrConstraint::DenseI64Array)],
        types_match: [[acc, dest]],
        format: "$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)",
    }
}
strata_ir::define_op! {
    pub struct ScanOp = "vector.scan" {
        summary: "scan operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector), initial_value: single(TypeConstraint::Any)],
        results: [dest: single(TypeConstraint::AnyVector), accumulated_value: single(TypeConstraint::Any)],
        attributes: [kind: required(AttrConstraint::Any, syntax = KIND_SYNTAX), reduction_dim: required(AttrConstraint::Integer(Some(64))), inclusive: required(AttrConstraint::Bool)],
        types_match: [[source, dest], [initial_value, accumulated_value]],
        format: "$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` type($initial_value)",
        result_names: ["dest", "accumulated_value"],
    }
}
strata_ir::define_op! {
    pub struct VectorScaleOp = "vector.vscale" {
        summary: "load vector scale size",
        traits: [PURE],
        results: [res: single(TypeConstraint::Index)],
        format: "attr-dict",
        result_names: ["vscale"],
    }
}
strata_ir::define_op! {
    pub struct InterleaveOp = "vector.interleave" {
        summary: "constructs a vector by interleaving two input vectors",
        traits: [PURE],
        operands: [lhs: single(TypeConstraint::AnyVector), rhs: single(TypeConstraint::AnyVector)],
        results: [result: single(TypeConstraint::AnyVector)],
        types_match: [[lhs, rhs]],
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)",
    }
}
strata_ir::define_op! {
    pub struct DeinterleaveOp = "vector.deinterleave" {
        summary: "constructs two vectors by deinterleaving an input vector",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [res1: single(TypeConstraint::AnyVector), res2: single(TypeConstraint::AnyVector)],
        types_match: [[res1, res2]],
        format: "$source attr-dict `:` type($source) `->` type($res1)",
        result_names: ["res1", "res2"],
    }
}
strata_ir::define_op! {
    pub struct StepOp = "vector.step" {
        summary: "a linear sequence of values from 0 to N",
        traits: [PURE],
        results: [result: single(TypeConstraint::AnyVector)],
        format: "attr-dict `:` type($result)",
    }
}
strata_ir::define_op! {
    pub struct FromElementsOp = "vector.from_elements" {
        summary: "operation that defines a vector from scalar elements",
        traits: [PURE],
        operands: [elements: variadic(TypeConstraint::Any)],
        results: [dest: single(TypeConstraint::AnyVector)],
        types_match_with: [dest => elements: one_per_element],
        format: "$elements attr-dict `:` type($dest)",
    }
}
strata_ir::define_op! {
    pub struct ToElementsOp = "vector.to_elements" {
        summary: "operation that decomposes a vector into all its scalar elements",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [elements: variadic(TypeConstraint::Any)],
        format: "$source attr-dict `:` type($source)",
        infer_result_types: infer_to_elements,
    }
}
strata_ir::define_op! {
    pub struct ScalableInsertOp = "vector.scalable.insert" {
        summary: "insert subvector into scalable vector operation",
        traits: [PURE],
        operands: [valueToStore: single(TypeConstraint::AnyVector), dest: single(TypeConstraint::AnyVector)],
        results: [res: single(TypeConstraint::AnyVector)],
        attributes: [pos: required(AttrConstraint::Integer(Some(64)), syntax = PLAIN_I64)],
        types_match: [[dest, res]],
        format: "$valueToStore `,` $dest `[` $pos `]` attr-dict `:` type($valueToStore) `into` type($dest)",
    }
}
strata_ir::define_op! {
    pub struct ScalableExtractOp = "vector.scalable.extract" {
        summary: "extract subvector from scalable vector operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyVector)],
        results: [res: single(TypeConstraint::AnyVector)],
        attributes: [pos: required(AttrConstraint::Integer(Some(64)), syntax = PLAIN_I64)],
        format: "$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)",
    }
}
strata_ir::define_op! {
    pub struct MaskOp = "vector.mask" {
        summary: "predicates a maskable vector operation",
        operands: [mask: single(TypeConstraint::AnyVector), passthru: optional(TypeConstraint::Any)],
        results: [results: variadic(TypeConstraint::Any)],
        regions: [maskRegion: single_block],
        parse: parse_mask,
        print: print_mask,
    }
}
strata_ir::define_op! {
    pub struct YieldOp = "vector.yield" {
        summary: "terminates and yields values from vector regions",
        traits: [PURE, TERMINATOR],
        operands: [operands: variadic(TypeConstraint::Any)],
        format: "attr-dict ($operands^ `:` type($operands))?",
    }
}

/// A vector type with scalable flags.
pub fn scalable_vector_type(ctx: &Context, shape: &[i64], scalable: &[bool], elem: Type) -> Type {
    ctx.intern_type(TypeData::Vector {
        shape: shape.into(),
        scalable: scalable.into(),
        element: elem,
    })
}

/// Shape, scalable flags and element type of a vector type.
pub fn vector_dims(ctx: &Context, ty: Type) -> (Vec<i64>, Vec<bool>, Type) {
    match ctx.type_data(ty) {
        TypeData::Vector {
            shape,
            scalable,
            element,
        } => (shape.to_vec(), scalable.to_vec(), *element),
        _ => (Vec::new(), Vec::new(), ty),
    }
}

fn prop(ctx: &Context, props: Attribute, name: &str) -> Option<Attribute> {
    ctx.dictionary_entries(props)
        .iter()
        .find(|(n, _)| ctx.str(*n) == name)
        .map(|e| e.1)
}

/// `vector.shuffle`'s result: the mask's length as leading dimension, then
/// the operands' trailing dimensions (0-D operands give a 1-D result).
fn infer_shuffle(ctx: &Context, operands: &[Type], props: Attribute) -> DiagResult<Vec<Type>> {
    let mask = prop(ctx, props, "mask")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    let (shape, scalable, elem) = vector_dims(ctx, operands[0]);
    let mut out_shape = vec![mask.len() as i64];
    let mut out_scalable = vec![false];
    if !shape.is_empty() {
        out_shape.extend_from_slice(&shape[1..]);
        out_scalable.extend_from_slice(&scalable[1..]);
    }
    Ok(vec![scalable_vector_type(
        ctx,
        &out_shape,
        &out_scalable,
        elem,
    )])
}

/// `vector.from_elements`'s operand types: the element type once per
/// element of the vector (MLIR's `TypesMatchWith` on `dest`).
fn one_per_element(ctx: &Context, ty: Type) -> Vec<Type> {
    let (shape, elem) = vector_parts(ctx, ty);
    vec![elem; shape.iter().product::<i64>().max(0) as usize]
}

/// `vector.to_elements`: one scalar per element.
fn infer_to_elements(ctx: &Context, operands: &[Type], _: Attribute) -> DiagResult<Vec<Type>> {
    Ok(one_per_element(ctx, operands[0]))
}

/// `vector.print`'s default punctuation.
fn newline(ctx: &Context) -> Attribute {
    punctuation_attr(ctx, "newline")
}

/// `$punctuation` in a format: `<comma>` (MLIR's `Vector_PrintPunctuation`).
const PUNCTUATION_SYNTAX: AttrSyntax = AttrSyntax {
    parse: |p| {
        p.expect(TokenKind::Less, "'<'")?;
        let at = p.parser.offset();
        let word = p.parser.text().to_string();
        if !p.is(TokenKind::BareIdent) || !PUNCTUATIONS.contains(&word.as_str()) {
            return Err(p.error_at(
                at,
                format!(
                    "expected ::mlir::vector::PrintPunctuation to be one of: {}",
                    PUNCTUATIONS.join(", ")
                ),
            ));
        }
        p.parser.advance();
        p.expect(TokenKind::Greater, "'>'")?;
        Ok(Some(punctuation_attr(p.ctx(), &word)))
    },
    print: |p, attr| {
        let word = punctuation_word(p.ctx(), attr).unwrap_or("newline");
        p.write("<");
        p.write(word);
        p.write(">");
    },
};

// ---- mask: `%m (, %passthru)? { op } : type (-> types)?` ----

fn parse_mask(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let loc = p.op_loc();
    let mask = p.parse_operand()?;
    let passthru = if p.consume_if(TokenKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    let region = p.parse_region(&[])?;
    p.parse_optional_attr_dict(false)?;
    let mask_ty = p.parse_colon_type()?;
    let results = p.parse_optional_arrow_type_list()?;
    p.add_operands(&[mask], &[mask_ty])?;
    if let Some(passthru) = passthru {
        let Some(&ty) = results.first() else {
            return Err(Diagnostic::error(
                loc,
                "expects a result if passthru operand is provided",
            ));
        };
        p.add_operands(&[passthru], &[ty])?;
    }
    p.add_result_types(&results);
    // The terminator is implicit: `vector.yield` of the masked op's results.
    let ir = p.ir();
    if ir.region_is_empty(region) {
        ir.append_block(region, &[]);
    }
    let block = ir.region_blocks(region)[0];
    let last = ir.last_op(block);
    let terminated = last.is_some_and(|l| YieldOp::is(ctx, ir, l));
    if !terminated {
        let mut state = OperationState::new(ctx, YieldOp::NAME, loc);
        if let Some(l) = last {
            state.operands = ir.results(l).collect();
        }
        ir.create_op(state, InsertPoint::BlockEnd(block));
    }
    Ok(())
}

fn print_mask(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.write(" ");
    let operands: Vec<Value> = ir.operands(op).collect();
    p.print_operands(operands.iter().copied());
    p.write(" { ");
    let region = ir.regions(op)[0];
    if let Some(&block) = ir.region_blocks(region).first() {
        if let Some(first) = ir.first_op(block) {
            p.print_custom_or_generic_op(first);
        }
    }
    p.write(" }");
    p.print_optional_attr_dict(op, &[], false);
    p.write(" : ");
    p.print_type(ir.value_type(operands[0]));
    let results: Vec<Value> = ir.results(op).collect();
    if !results.is_empty() {
        p.write(" -> ");
        let many = results.len() > 1;
        if many {
            p.write("(");
        }
        for (i, &r) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(ir.value_type(r));
        }
        if many {
            p.write(")");
        }
    }
}
