//! Ops that take a memref apart or re-describe it without touching its
//! elements: `memref.extract_strided_metadata` (base buffer, offset,
//! sizes, strides — the parts `reinterpret_cast` puts back together),
//! `memref.memory_space_cast` and `memref.transpose` (a permuted strided
//! view). Syntax and verifier messages are MLIR 22's.

use crate::layout::strides_and_offset;
use strata_ir::affine::{parse_affine_map, AffineExpr, AffineMap};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::{type_to_string, OpPrinter};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::verifier::{cast_incompatible, emit_op_error};
use strata_ir::{AttrData, Context, Ir, OpId, Type, TypeData, DYNAMIC};

strata_ir::define_op! {
    /// `%base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<..> -> memref<f32>, index, ...`
    pub struct ExtractStridedMetadataOp = "memref.extract_strided_metadata" {
        summary: "Extracts a buffer base with offset and strides",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyMemRef)],
        results: [base_buffer: single(TypeConstraint::AnyMemRef), offset: single(TypeConstraint::Index), sizes_and_strides: variadic(TypeConstraint::Index)],
        format: "$source `:` type($source) `->` type(results) attr-dict",
        verify: verify_extract,
        canonicalize: crate::view_canonicalize::metadata_patterns,
        asm_result_names: extract_names,
    }
}
strata_ir::define_op! {
    pub struct MemorySpaceCastOp = "memref.memory_space_cast" {
        summary: "Memref memory space cast operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyMemRef)],
        results: [dest: single(TypeConstraint::AnyMemRef)],
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        verify: verify_memory_space_cast,
        result_names: ["memspacecast"],
    }
}
strata_ir::define_op! {
    /// `memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>`
    pub struct TransposeOp = "memref.transpose" {
        summary: "`transpose` produces a new strided memref (metadata-only)",
        traits: [PURE],
        operands: [in_: single(TypeConstraint::AnyMemRef)],
        results: [result: single(TypeConstraint::AnyMemRef)],
        attributes: [permutation: required(AttrConstraint::AffineMap)],
        parse: parse_transpose,
        print: print_transpose,
        verify: verify_transpose,
        result_names: ["transpose"],
        interfaces: [dyn strata_ir::interfaces::ViewLikeOpInterface => strata_ir::interfaces::ViewOfOperand(0)],
    }
}

fn memref_rank(ctx: &Context, ty: Type) -> Option<usize> {
    match ctx.type_data(ty) {
        TypeData::MemRef { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

/// MLIR's `getAsmResultNames`: only the first value of a pack is named.
fn extract_names(ctx: &Context, ir: &Ir, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    set(0, "base_buffer");
    set(1, "offset");
    let rank = memref_rank(ctx, ir.value_type(ir.operand(op, 0))).unwrap_or(0);
    if rank > 0 && ir.num_results(op) == 2 + 2 * rank {
        set(2, "sizes");
        set(2 + rank, "strides");
    }
}

/// The result types MLIR infers: a rank-0 memref of the element type in
/// the source's memory space, then `index` for offset, sizes, strides.
fn extract_inferred(ctx: &Context, source: Type) -> Option<Vec<Type>> {
    let TypeData::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = ctx.type_data(source)
    else {
        return None;
    };
    let base = ctx.intern_type(TypeData::MemRef {
        shape: Vec::new().into(),
        element: *element,
        layout: None,
        memory_space: *memory_space,
    });
    let mut types = vec![base];
    types.extend(std::iter::repeat_n(ctx.index_type(), 1 + 2 * shape.len()));
    Some(types)
}

fn type_list(ctx: &Context, types: &[Type]) -> String {
    types
        .iter()
        .map(|&t| format!("'{}'", type_to_string(ctx, t)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn verify_extract(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let source = ir.value_type(ir.operand(op, 0));
    let Some(inferred) = extract_inferred(ctx, source) else {
        return Ok(());
    };
    let actual: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    if actual != inferred {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                type_list(ctx, &inferred),
                type_list(ctx, &actual)
            ),
        ));
    }
    Ok(())
}

fn verify_memory_space_cast(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    let strip = |t: Type| match ctx.type_data(t) {
        TypeData::MemRef {
            shape,
            element,
            layout,
            ..
        } => Some((shape.clone(), *element, *layout)),
        _ => None,
    };
    if strip(from) != strip(to) {
        return Err(cast_incompatible(ctx, ir, op, from, to));
    }
    Ok(())
}

fn parse_transpose(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let source = p.parse_operand()?;
    // The permutation is a bare affine map, `(d0, d1) -> (d1, d0)`.
    let loc = p.loc();
    let mut text = String::new();
    while !p.is(TokenKind::Colon) && !p.is(TokenKind::LBrace) && !p.is(TokenKind::Eof) {
        text.push_str(p.parser.text());
        text.push(' ');
        p.parser.advance();
    }
    let map = parse_affine_map(&text).map_err(|e| Diagnostic::error(loc, e.to_string()))?;
    p.parse_optional_attr_dict(false)?;
    let source_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let result_ty = p.parse_type()?;
    p.add_operands(&[source], &[source_ty])?;
    p.add_property("permutation", ctx.affine_map_attr(map));
    p.add_result_types(&[result_ty]);
    Ok(())
}

fn print_transpose(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let source = ir.operand(op, 0);
    p.write(" ");
    p.print_operand(source);
    if let Some(AttrData::AffineMap(map)) =
        ir.attr(ctx, op, "permutation").map(|a| ctx.attr_data(a))
    {
        p.write(&format!(" {map}"));
    }
    p.print_optional_attr_dict(op, &["permutation"], false);
    p.write(" : ");
    p.print_type(ir.value_type(source));
    p.write(" to ");
    p.print_type(ir.value_type(ir.result(op, 0)));
}

/// A strided layout as MLIR's `makeStridedLinearLayoutMap`: the offset,
/// then each dimension times its stride, dynamic values as symbols (the
/// offset's first).
fn strided_map(strides: &[i64], offset: i64) -> AffineMap {
    let mut symbols = 0;
    let mut next = |v: i64| {
        if v == DYNAMIC {
            symbols += 1;
            AffineExpr::symbol(symbols - 1)
        } else {
            AffineExpr::constant(v)
        }
    };
    let mut expr = next(offset);
    for (d, &s) in strides.iter().enumerate() {
        expr = expr + AffineExpr::dim(d) * next(s);
    }
    AffineMap::new(strides.len(), symbols, vec![expr])
}

/// MLIR's `canonicalizeStridedLayout`: a layout as a simplified affine
/// map, `None` when that map is the row-major identity.
fn canonical_layout(ctx: &Context, ty: Type) -> Option<AffineMap> {
    let TypeData::MemRef { shape, layout, .. } = ctx.type_data(ty) else {
        return None;
    };
    let map = match layout.map(|l| ctx.attr_data(l)) {
        Some(AttrData::AffineMap(map)) if !map.is_identity() => map.clone(),
        _ => {
            let (strides, offset) = strides_and_offset(ctx, ty)?;
            strided_map(&strides, offset)
        }
    }
    .simplify();
    let identity = strided_map(&crate::layout::identity_strides(shape), 0).simplify();
    (map != identity).then_some(map)
}

fn verify_transpose(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(AttrData::AffineMap(perm)) = ir.attr(ctx, op, "permutation").map(|a| ctx.attr_data(a))
    else {
        return Ok(());
    };
    if !perm.is_permutation() {
        return Err(emit_op_error(ctx, ir, op, "expected a permutation map"));
    }
    let source = ir.value_type(ir.operand(op, 0));
    let result = ir.value_type(ir.result(op, 0));
    let TypeData::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = ctx.type_data(source)
    else {
        return Ok(());
    };
    if perm.num_dims() != shape.len() {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expected a permutation map of same rank as the input",
        ));
    }
    let Some((strides, offset)) = strides_and_offset(ctx, source) else {
        return Ok(());
    };
    let order: Vec<usize> = (0..shape.len())
        .filter_map(|i| perm.dim_position(i))
        .collect();
    let expected = crate::layout::strided_memref(
        ctx,
        &order.iter().map(|&d| shape[d]).collect::<Vec<_>>(),
        *element,
        &order.iter().map(|&d| strides[d]).collect::<Vec<_>>(),
        offset,
        *memory_space,
    );
    let same_shape = |a: Type, b: Type| match (ctx.type_data(a), ctx.type_data(b)) {
        (
            TypeData::MemRef {
                shape: s1,
                element: e1,
                memory_space: m1,
                ..
            },
            TypeData::MemRef {
                shape: s2,
                element: e2,
                memory_space: m2,
                ..
            },
        ) => s1 == s2 && e1 == e2 && m1 == m2,
        _ => false,
    };
    let canonical = canonical_layout(ctx, expected);
    if !same_shape(result, expected) || canonical_layout(ctx, result) != canonical {
        // MLIR prints the expected type with its layout canonicalized.
        let expected = match (canonical, ctx.type_data(expected)) {
            (
                layout,
                TypeData::MemRef {
                    shape,
                    element,
                    memory_space,
                    ..
                },
            ) => ctx.intern_type(TypeData::MemRef {
                shape: shape.clone(),
                element: *element,
                layout: layout.map(|m| ctx.affine_map_attr(m)),
                memory_space: *memory_space,
            }),
            _ => expected,
        };
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "result type '{}' is not equivalent to the canonical transposed input type '{}'",
                type_to_string(ctx, result),
                type_to_string(ctx, expected)
            ),
        ));
    }
    Ok(())
}

/// The source dimension of each result dimension of a `memref.transpose`
/// (its `permutation` map's results).
pub fn transpose_permutation(ctx: &Context, ir: &Ir, op: OpId) -> Option<Vec<usize>> {
    match ir.attr(ctx, op, "permutation").map(|a| ctx.attr_data(a)) {
        Some(AttrData::AffineMap(m)) => (0..m.num_results()).map(|i| m.dim_position(i)).collect(),
        _ => None,
    }
}
