//! Pieces of custom syntax shared by the tensor, linalg, bufferization and
//! memref-like ops: reassociations (`[[0, 1], [2]]`) and small accessors
//! used by several verifiers. Bracketed integer lists (`[1, 0]`) and the
//! mixed static/dynamic index lists (`[0, %i]`) are
//! `strata_ir::directives`, re-exported here.
//!
//! They live here, in the lowest of the tensor-family crates, so that every
//! op that spells these lists reads and writes them one way.

use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::opdef::AttrSyntax;
use strata_ir::types::TypeData;
use strata_ir::verifier::emit_op_error;
use strata_ir::{Attribute, Context, Ir, OpId, Type, Value, DYNAMIC};

/// `'dialect.op' op <message>` at the op's location.
pub fn op_error(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> Diagnostic {
    emit_op_error(ctx, ir, op, message)
}

pub use strata_ir::directives::{
    parse_dynamic_index_list, parse_i64, parse_i64_list, print_dynamic_index_list, print_i64_list,
    Delimiter,
};

/// The groups of a reassociation attribute.
pub fn reassociation_groups(ctx: &Context, attr: Attribute) -> Vec<Vec<i64>> {
    ctx.array_elements(attr)
        .unwrap_or(&[])
        .iter()
        .map(|g| {
            ctx.array_elements(*g)
                .unwrap_or(&[])
                .iter()
                .filter_map(|a| ctx.integer_value(*a).map(|v| v as i64))
                .collect()
        })
        .collect()
}

/// A reassociation attribute from groups.
pub fn reassociation_attr(ctx: &Context, groups: &[Vec<i64>]) -> Attribute {
    let groups: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let items: Vec<Attribute> = g.iter().map(|&v| ctx.i64_attr(v)).collect();
            ctx.array_attr(&items)
        })
        .collect();
    ctx.array_attr(&groups)
}

/// Shape and element type of a ranked tensor or memref.
pub fn shaped(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_data(ty) {
        TypeData::RankedTensor { shape, element, .. } | TypeData::MemRef { shape, element, .. } => {
            Some((shape.to_vec(), *element))
        }
        _ => None,
    }
}

/// Whether `ty` is a ranked tensor.
pub fn is_ranked_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::RankedTensor { .. })
}

/// A static array property as i64s (empty when absent).
pub fn i64_array_prop(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Vec<i64> {
    ir.attr(ctx, op, name)
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default()
}

/// Sets `operandSegmentSizes` on a parsed op.
pub fn set_segments(p: &mut OpParser, sizes: &[usize]) {
    let sizes: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
    let attr = p.ctx().dense_i32_array(&sizes);
    p.add_property("operandSegmentSizes", attr);
}

/// The operand groups of `op` as declared by `operandSegmentSizes`.
pub fn operand_segments(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Vec<Value>> {
    let sizes = i64_array_prop(ctx, ir, op, "operandSegmentSizes");
    let mut out = Vec::new();
    let mut at = 0usize;
    for s in sizes {
        let s = s as usize;
        out.push(ir.operands(op).skip(at).take(s).collect());
        at += s;
    }
    out
}

/// Formats a shape as MLIR prints it inside a type (`4x?x8`).
pub fn shape_string(shape: &[i64]) -> String {
    shape
        .iter()
        .map(|&d| {
            if d == DYNAMIC {
                "?".to_string()
            } else {
                d.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("x")
}

/// `'<type>'` as MLIR quotes a type in a message.
pub fn type_str(ctx: &Context, ty: Type) -> String {
    strata_ir::asm::printer::type_to_string(ctx, ty)
}

fn parse_plain_i64(p: &mut OpParser) -> DiagResult<Option<Attribute>> {
    if !p.is(TokenKind::Integer) && !p.is(TokenKind::Minus) {
        return Ok(None);
    }
    let v = parse_i64(p)?;
    Ok(Some(p.ctx().i64_attr(v)))
}

fn print_plain_i64(pr: &mut OpPrinter, attr: Attribute) {
    let v = pr.ctx().integer_value(attr).unwrap_or(0);
    pr.write(&v.to_string());
}

/// An `i64` attribute written as a bare integer (`linalg.index 0`).
pub const PLAIN_I64: AttrSyntax = AttrSyntax {
    parse: parse_plain_i64,
    print: print_plain_i64,
};
