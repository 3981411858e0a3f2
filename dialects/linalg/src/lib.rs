//! The linalg dialect (MLIR's `linalg`): structured operations on tensors
//! and memrefs.
//!
//! Every structured op is described once, by [`structured::LinalgStructuredOp`]:
//! indexing maps, iterator types and a payload block. `linalg.generic`
//! reads them from its attributes and region; the named ops
//! ([`named::NAMED`]: matmul, convolutions, pooling, fill, copy, ...)
//! compute them from their shapes and attributes and build their payload
//! when created, as MLIR 22's named ops carry an implicit region. The
//! executor ([`exec`]), the loop lowerings and generalization all read the
//! same description.

pub mod canonicalize;
pub mod exec;
pub mod named;
pub mod ops;
pub mod pack;
pub mod structured;
pub mod verify;

pub use ops::*;
pub use pack::{PackOp, UnPackOp};
use std::sync::Arc;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::printer::AsmWriter;
use strata_ir::attributes::AttrData;
use strata_ir::diagnostics::DiagResult;
use strata_ir::{Attribute, Context, Dialect, OpDefinition, Type};
pub use structured::{IteratorType, LinalgStructuredOp, StructuredInfo};

pub struct LinalgDialect;

/// `#linalg.iterator_type<parallel>`.
pub fn iterator_type_attr(ctx: &Context, it: IteratorType) -> Attribute {
    ctx.intern_attr(AttrData::Dialect {
        dialect: ctx.intern_str("linalg"),
        name: ctx.intern_str("iterator_type"),
        params: vec![ctx.string_attr(it.keyword())].into(),
    })
}

/// The properties of a `linalg.generic` with `inputs` and `outputs`
/// operands: its indexing maps, iterator types and operand segments, as
/// every pass that creates one writes them.
pub fn generic_properties(
    ctx: &Context,
    maps: &[strata_ir::affine::AffineMap],
    iterators: &[IteratorType],
    inputs: usize,
    outputs: usize,
) -> Attribute {
    let maps: Vec<Attribute> = maps
        .iter()
        .map(|m| ctx.affine_map_attr(m.clone()))
        .collect();
    let iterators: Vec<Attribute> = iterators
        .iter()
        .map(|&it| iterator_type_attr(ctx, it))
        .collect();
    ctx.dictionary_attr(vec![
        (ctx.intern_str("indexing_maps"), ctx.array_attr(&maps)),
        (ctx.intern_str("iterator_types"), ctx.array_attr(&iterators)),
        (
            ctx.intern_str("operandSegmentSizes"),
            ctx.dense_i32_array(&[inputs as i32, outputs as i32]),
        ),
    ])
}

/// The iterator type an attribute names (`#linalg.iterator_type<...>` or a string).
pub fn iterator_type_of(ctx: &Context, attr: Attribute) -> Option<IteratorType> {
    match ctx.attr_data(attr) {
        AttrData::Dialect {
            dialect,
            name,
            params,
        } if ctx.str(*dialect) == "linalg" && ctx.str(*name) == "iterator_type" => params
            .first()
            .and_then(|p| ctx.string_value(*p))
            .and_then(IteratorType::from_keyword),
        AttrData::String { value, .. } => IteratorType::from_keyword(value),
        _ => None,
    }
}

impl Dialect for LinalgDialect {
    fn name(&self) -> &str {
        "linalg"
    }
    fn description(&self) -> &str {
        "structured operations: generic, contractions, convolutions, pooling, fill, copy"
    }
    fn operations(&self, ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions(ctx)
    }
    fn parse_attribute(
        &self,
        parser: &mut Parser,
        mnemonic: &str,
        _ty: Option<Type>,
    ) -> DiagResult<Attribute> {
        if mnemonic != "iterator_type" {
            return Err(parser.error_here(format!(
                "unknown attribute `{mnemonic}` in dialect `linalg`"
            )));
        }
        parser.expect(TokenKind::Less, "'<'")?;
        let word = parser.text().to_string();
        let Some(it) = IteratorType::from_keyword(&word) else {
            return Err(parser.error_here(
                "expected ::mlir::utils::IteratorType to be one of: parallel, reduction"
                    .to_string(),
            ));
        };
        parser.advance();
        parser.expect(TokenKind::Greater, "'>'")?;
        Ok(iterator_type_attr(parser.ctx, it))
    }
    fn print_attribute(&self, ctx: &Context, attr: Attribute, out: &mut AsmWriter) -> bool {
        match iterator_type_of(ctx, attr) {
            Some(it) if !matches!(ctx.attr_data(attr), AttrData::String { .. }) => {
                out.write(&format!("iterator_type<{}>", it.keyword()));
                true
            }
            _ => false,
        }
    }
}

/// Loads the linalg dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(LinalgDialect));
}
