//! The ops of `memref`, each declared once with `define_op!`: operands,
//! results and properties with their constraints, MLIR 22's assembly format
//! (from `MemRefOps.td`) and the verifier, folder, canonicalization
//! patterns, memory effects and result names attached to it. The ops of
//! [`crate::atomic`], [`crate::dma`], [`crate::hints`], [`crate::metadata`]
//! and [`crate::scope`] are declared in those modules; [`op_list!`] names
//! them all once.
//!
//! Where ODS constrains a memref to `AnyMemRef` (a ranked memref, C++ class
//! `MemRefType`) the declaration says `RankedMemRef`, so that `type($x)`
//! reads a memref as MLIR's parser does; `AnyMemRef` here is MLIR's
//! `AnyRankedOrUnrankedMemRef`.

use crate::canonicalize;
use crate::fold;
use crate::verify;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::DiagResult;
use strata_ir::directives::SYMBOL_NAME;
use strata_ir::format::{CustomDirective, DirectiveSlots, DirectiveValues};
use strata_ir::interfaces::{
    ConditionallySpeculatable, Effect, MemoryEffects, SymbolUserOpInterface, ViewLikeOpInterface,
    ViewOfOperand, DIM_SPECULATABLE,
};
use strata_ir::interfaces::{Effects, On};
use strata_ir::opdef::derive;
use strata_ir::{AttrData, Context, OpId, TypeData, DYNAMIC};

const RANKED_OR_UNRANKED: TypeConstraint = TypeConstraint::AnyMemRef;

/// A rank-1 memref of signless integers or indices (a shape operand).
const SHAPE_MEMREF: TypeConstraint = TypeConstraint::Predicate(
    |ctx, ty| {
        matches!(ctx.type_data(ty), TypeData::MemRef { shape, element, .. }
            if shape.len() == 1 && (ctx.is_index(*element) || ctx.is_signless_integer(*element)))
    },
    "1D memref of signless integer or index values",
);

/// `AllocLikeOp`: `alloc` and `alloca`, which differ in their resource
/// and result name.
macro_rules! alloc_like_op {
    ($(#[$doc:meta])* $name:ident = $op:literal, summary: $summary:literal, result_name: $result_name:literal) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                summary: $summary,
                operands: [dynamicSizes: variadic(TypeConstraint::Index), symbolOperands: variadic(TypeConstraint::Index)],
                results: [memref: single(TypeConstraint::RankedMemRef)],
                attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
                format: "`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)",
                verify: verify::verify_alloc,
                canonicalize: |ctx, set| canonicalize::alloc_patterns::<$name>(ctx, set),
                result_names: [$result_name],
                interfaces: [dyn MemoryEffects => Effects(&[(Effect::Allocate, On::Result(0))])],
            }
        }
    };
}

alloc_like_op!(
    /// A buffer on the heap.
    AllocOp = "memref.alloc", summary: "memory allocation operation", result_name: "alloc"
);
alloc_like_op!(
    /// A buffer on the stack of the enclosing allocation scope.
    AllocaOp = "memref.alloca", summary: "stack memory allocation operation", result_name: "alloca"
);

strata_ir::define_op! {
    pub struct DeallocOp = "memref.dealloc" {
        summary: "memory deallocation operation",
        operands: [memref: single(TypeConstraint::AnyOf(vec![TypeConstraint::AnyMemRef, TypeConstraint::Predicate(is_unranked_memref, "unranked memref")]))],
        format: "$memref attr-dict `:` type($memref)",
        fold: fold::fold_cast_operand_0,
        interfaces: [dyn MemoryEffects => Effects(&[(Effect::Free, On::Operand(0))])],
    }
}
strata_ir::define_op! {
    pub struct LoadOp = "memref.load" {
        summary: "load operation",
        operands: [memref: single(TypeConstraint::RankedMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
        types_match_with: [memref => result: derive::element],
        format: "$memref `[` $indices `]` attr-dict `:` type($memref)",
        verify: verify::verify_load,
        fold: fold::fold_cast_operand_0,
        interfaces: [dyn MemoryEffects => Effects(&[(Effect::Read, On::Operand(0))])],
    }
}
strata_ir::define_op! {
    pub struct StoreOp = "memref.store" {
        summary: "store operation",
        operands: [value: single(TypeConstraint::Any), memref: single(TypeConstraint::RankedMemRef), indices: variadic(TypeConstraint::Index)],
        attributes: [nontemporal: optional(AttrConstraint::Bool), alignment: optional(AttrConstraint::Integer(Some(64)))],
        types_match_with: [memref => value: derive::element],
        format: "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)",
        verify: verify::verify_store,
        fold: fold::fold_cast_operand_1,
        interfaces: [dyn MemoryEffects => Effects(&[(Effect::Write, On::Operand(1))])],
    }
}
strata_ir::define_op! {
    pub struct SubViewOp = "memref.subview" {
        summary: "memref subview operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::RankedMemRef), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::RankedMemRef)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
        format: "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)",
        verify: verify::verify_subview,
        canonicalize: crate::view_canonicalize::subview_patterns,
        result_names: ["subview"],
        interfaces: [dyn ViewLikeOpInterface => ViewOfOperand(0)],
    }
}
strata_ir::define_op! {
    pub struct CastOp = "memref.cast" {
        summary: "memref cast operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any)],
        results: [dest: single(TypeConstraint::Any)],
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        verify: verify::verify_cast,
        fold: fold::fold_cast,
        result_names: ["cast"],
        interfaces: [dyn ViewLikeOpInterface => ViewOfOperand(0)],
    }
}
strata_ir::define_op! {
    pub struct ReinterpretCastOp = "memref.reinterpret_cast" {
        summary: "memref reinterpret cast operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any), offsets: variadic(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index), strides: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::RankedMemRef)],
        attributes: [static_offsets: required(AttrConstraint::DenseI64Array), static_sizes: required(AttrConstraint::DenseI64Array), static_strides: required(AttrConstraint::DenseI64Array)],
        format: "$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)",
        verify: verify::verify_reinterpret_cast,
        fold: fold::fold_reinterpret_cast,
        canonicalize: crate::view_canonicalize::reinterpret_cast_patterns,
        result_names: ["reinterpret_cast"],
        interfaces: [dyn ViewLikeOpInterface => ViewOfOperand(0)],
    }
}
strata_ir::define_op! {
    pub struct CopyOp = "memref.copy" {
        summary: "copies the data from the source to the destination memref",
        operands: [source: single(TypeConstraint::Any), target: single(TypeConstraint::Any)],
        format: "$source `,` $target attr-dict `:` type($source) `to` type($target)",
        fold: fold::fold_cast_operands_copy,
        canonicalize: canonicalize::copy_patterns,
        interfaces: [dyn MemoryEffects => Effects(&[(Effect::Read, On::Operand(0)), (Effect::Write, On::Operand(1))])],
    }
}
strata_ir::define_op! {
    pub struct CollapseShapeOp = "memref.collapse_shape" {
        summary: "operation to produce a memref with a smaller rank",
        traits: [PURE],
        operands: [src: single(TypeConstraint::RankedMemRef)],
        results: [result: single(TypeConstraint::RankedMemRef)],
        attributes: [reassociation: required(AttrConstraint::Array(None))],
        format: "$src $reassociation attr-dict `:` type($src) `into` type($result)",
        verify: verify::verify_collapse_shape,
        canonicalize: crate::view_canonicalize::collapse_shape_patterns,
        result_names: ["collapse_shape"],
        interfaces: [dyn ViewLikeOpInterface => ViewOfOperand(0)],
    }
}
strata_ir::define_op! {
    pub struct ExpandShapeOp = "memref.expand_shape" {
        summary: "operation to produce a memref with a higher rank",
        traits: [PURE],
        operands: [src: single(TypeConstraint::RankedMemRef), output_shape: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::RankedMemRef)],
        attributes: [reassociation: required(AttrConstraint::Array(None)), static_output_shape: required(AttrConstraint::DenseI64Array)],
        format: "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)",
        verify: verify::verify_expand_shape,
        result_names: ["expand_shape"],
        interfaces: [dyn ViewLikeOpInterface => ViewOfOperand(0)],
    }
}
strata_ir::define_op! {
    pub struct GetGlobalOp = "memref.get_global" {
        summary: "get the memref pointing to a global variable",
        traits: [PURE],
        results: [result: single(TypeConstraint::RankedMemRef)],
        attributes: [name: required(AttrConstraint::FlatSymbol)],
        format: "$name `:` type($result) attr-dict",
        // Checked with the symbol table's uses, so a function body
        // verifies on its own (nested pipelines move it out).
        interfaces: [dyn SymbolUserOpInterface => verify::GetGlobalSymbol],
    }
}
strata_ir::define_op! {
    pub struct GlobalOp = "memref.global" {
        summary: "declare or define a global memref variable",
        traits: [SYMBOL],
        attributes: [
            sym_name: required(AttrConstraint::String, syntax = SYMBOL_NAME),
            sym_visibility: optional(AttrConstraint::String),
            r#type: required(AttrConstraint::Type),
            initial_value: optional(AttrConstraint::Any),
            constant: optional(AttrConstraint::Unit),
            alignment: optional(AttrConstraint::Integer(Some(64))),
        ],
        format: "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict",
        directives: [&TYPE_AND_INITIAL_VALUE],
        verify: verify::verify_global,
    }
}
strata_ir::define_op! {
    pub struct ReallocOp = "memref.realloc" {
        summary: "memory reallocation operation",
        operands: [source: single(TypeConstraint::RankedMemRef), dynamicResultSize: optional(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::RankedMemRef)],
        attributes: [alignment: optional(AttrConstraint::Integer(Some(64)))],
        format: "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)",
    }
}
strata_ir::define_op! {
    pub struct ExtractAlignedPointerAsIndexOp = "memref.extract_aligned_pointer_as_index" {
        summary: "extracts a memref's underlying aligned pointer as an index",
        traits: [PURE],
        operands: [source: single(TypeConstraint::Any)],
        results: [aligned_pointer: single(TypeConstraint::Index)],
        format: "$source `:` type($source) `->` type($aligned_pointer) attr-dict",
        result_names: ["intptr"],
    }
}
strata_ir::define_op! {
    pub struct DimOp = "memref.dim" {
        summary: "dimension index operation",
        operands: [source: single(TypeConstraint::Any), index: single(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Index)],
        format: "attr-dict $source `,` $index `:` type($source)",
        fold: fold::fold_dim,
        canonicalize: canonicalize::dim_patterns,
        result_names: ["dim"],
        interfaces: [dyn MemoryEffects => Effects(&[]), dyn ConditionallySpeculatable => DIM_SPECULATABLE],
    }
}
strata_ir::define_op! {
    pub struct RankOp = "memref.rank" {
        summary: "rank operation",
        traits: [PURE],
        operands: [memref: single(TypeConstraint::Any)],
        results: [result: single(TypeConstraint::Index)],
        format: "$memref attr-dict `:` type($memref)",
        fold: fold::fold_rank,
        interfaces: [dyn MemoryEffects => Effects(&[])],
    }
}
strata_ir::define_op! {
    /// `memref.reshape %m(%shape) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>`
    pub struct ReshapeOp = "memref.reshape" {
        summary: "memref reshape operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::AnyOf(vec![RANKED_OR_UNRANKED, TypeConstraint::Predicate(is_unranked_memref, "unranked memref")])), shape: single(SHAPE_MEMREF)],
        results: [result: single(TypeConstraint::AnyOf(vec![RANKED_OR_UNRANKED, TypeConstraint::Predicate(is_unranked_memref, "unranked memref")]))],
        format: "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
        verify: verify::verify_reshape_op,
        result_names: ["reshape"],
    }
}
strata_ir::define_op! {
    pub struct ViewOp = "memref.view" {
        summary: "memref view operation",
        traits: [PURE],
        operands: [source: single(TypeConstraint::RankedMemRef), byte_shift: single(TypeConstraint::Index), sizes: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::RankedMemRef)],
        format: "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)",
        canonicalize: crate::view_canonicalize::view_patterns,
        result_names: ["view"],
        interfaces: [dyn ViewLikeOpInterface => ViewOfOperand(0)],
    }
}

strata_ir::dialect_ops!(
    ReallocOp,
    AllocOp,
    AllocaOp,
    LoadOp,
    StoreOp,
    SubViewOp,
    ReinterpretCastOp,
    ExpandShapeOp,
    GlobalOp,
    DimOp,
    RankOp,
    ViewOp,
    CastOp,
    DeallocOp,
    CopyOp,
    CollapseShapeOp,
    GetGlobalOp,
    ExtractAlignedPointerAsIndexOp,
    ReshapeOp,
    crate::atomic::AtomicRmwOp,
    crate::atomic::GenericAtomicRmwOp,
    crate::atomic::AtomicYieldOp,
    crate::metadata::ExtractStridedMetadataOp,
    crate::metadata::MemorySpaceCastOp,
    crate::metadata::TransposeOp,
    crate::dma::DmaStartOp,
    crate::dma::DmaWaitOp,
    crate::hints::PrefetchOp,
    crate::hints::AssumeAlignmentOp,
    crate::scope::AllocaScopeOp,
    crate::scope::AllocaScopeReturnOp,
);

/// `memref.global`'s definition (kept for callers of the old entry point).
pub fn global_definition() -> strata_ir::OpDefinition {
    GlobalOp::definition()
}

fn is_unranked_memref(ctx: &Context, ty: strata_ir::Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::UnrankedMemRef { .. })
}

/// `custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)`:
/// `memref<2xf32>`, then `= uninitialized` or `= dense<...>` (an elements
/// attribute typed as the tensor of the memref's shape).
const TYPE_AND_INITIAL_VALUE: CustomDirective = CustomDirective {
    name: "GlobalMemrefOpTypeAndInitialValue",
    parse: parse_type_and_initial_value,
    print: print_type_and_initial_value,
};

fn parse_type_and_initial_value<'a>(
    p: &mut OpParser<'_, 'a>,
    slots: &mut DirectiveSlots<'a>,
) -> DiagResult<()> {
    use strata_ir::asm::lexer::TokenKind;
    let ctx = p.ctx();
    let ty = p.parse_type()?;
    let static_memref = match ctx.type_data(ty) {
        TypeData::MemRef { shape, element, .. } if !shape.contains(&DYNAMIC) => {
            Some((shape.clone(), *element))
        }
        _ => None,
    };
    let Some((shape, element)) = static_memref else {
        return Err(p.error_at(
            p.name_offset,
            format!(
                "type should be static shaped memref, but got '{}'",
                strata_ir::asm::printer::type_to_string(ctx, ty)
            ),
        ));
    };
    slots.set_attribute(0, ctx.type_attr(ty));
    if p.consume_if(TokenKind::Equal) {
        if p.consume_keyword("uninitialized") {
            slots.set_attribute(1, ctx.unit_attr());
        } else {
            let tensor = ctx.tensor_type(&shape, element);
            let value = p.parse_attribute(Some(tensor))?;
            slots.set_attribute(1, value);
        }
    }
    Ok(())
}

fn print_type_and_initial_value(p: &mut OpPrinter, _: OpId, values: &DirectiveValues) {
    let ctx = p.ctx();
    if let Some(ty) = values.attribute(0).and_then(|a| ctx.type_value(a)) {
        p.print_type(ty);
    }
    if let Some(init) = values.attribute(1) {
        p.write(" = ");
        if matches!(ctx.attr_data(init), AttrData::Unit) {
            p.write("uninitialized");
        } else {
            p.print_attribute_without_type(init);
        }
    }
}
