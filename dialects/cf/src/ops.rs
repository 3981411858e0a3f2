//! The cf ops. Successor operands are stored flat after the op's own
//! operands; `operandSegmentSizes` (and `case_operand_segments` for
//! `cf.switch`) say which belong to which successor, as in MLIR.

use std::fmt::Write as _;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{OpParser, UnresolvedOperand};
use strata_ir::asm::printer::{type_to_string, OpPrinter};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::BranchOpInterface;
use strata_ir::verifier::{emit_error, emit_op_error};
use strata_ir::{AttrData, Attribute, BlockId, Context, Ir, OpDefinition, OpId, Type};

fn int_or_index(ctx: &Context, ty: Type) -> bool {
    ctx.is_index(ty) || ctx.is_integer(ty)
}

const I1: TypeConstraint = TypeConstraint::SignlessInteger(Some(1));

strata_ir::define_op! {
    /// Branches to `dest`, passing `destOperands` as its arguments.
    pub struct BranchOp = "cf.br" {
        summary: "Branch operation",
        traits: [PURE, TERMINATOR],
        operands: [destOperands: variadic(TypeConstraint::Any)],
        successors: [dest: single],
        format: "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict",
        verify: verify_successor_operands,
        canonicalize: crate::canonicalize::br_patterns,
        interfaces: [dyn BranchOpInterface => Branch],
    }
}

strata_ir::define_op! {
    /// Branches to `trueDest` or `falseDest` on an `i1`, optionally weighted.
    pub struct CondBranchOp = "cf.cond_br" {
        summary: "Conditional branch operation",
        traits: [PURE, TERMINATOR],
        operands: [
            condition: single(I1),
            trueDestOperands: variadic(TypeConstraint::Any),
            falseDestOperands: variadic(TypeConstraint::Any),
        ],
        attributes: [branch_weights: optional(AttrConstraint::DenseI32Array)],
        successors: [trueDest: single, falseDest: single],
        format: "$condition (`weights` `(` $branch_weights^ `)`)? `,` \
                 $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` \
                 $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? \
                 attr-dict",
        verify: verify_cond_br,
        canonicalize: crate::canonicalize::cond_br_patterns,
        interfaces: [dyn BranchOpInterface => Branch],
    }
}

strata_ir::define_op! {
    /// Branches on an integer to the case whose value matches, or the default.
    pub struct SwitchOp = "cf.switch" {
        summary: "Switch operation",
        traits: [PURE, TERMINATOR],
        operands: [
            flag: single(TypeConstraint::Predicate(int_or_index, "integer or index")),
            defaultOperands: variadic(TypeConstraint::Any),
            caseOperands: variadic(TypeConstraint::Any),
        ],
        attributes: [
            case_values: optional(AttrConstraint::DenseElements),
            case_operand_segments: required(AttrConstraint::DenseI32Array),
        ],
        successors: [defaultDestination: single, caseDestinations: variadic],
        parse: parse_switch,
        print: print_switch,
        verify: verify_switch,
        canonicalize: crate::canonicalize::switch_patterns,
        interfaces: [dyn BranchOpInterface => Branch],
    }
}

strata_ir::define_op! {
    /// Aborts with `msg` when `arg` is false.
    pub struct AssertOp = "cf.assert" {
        summary: "Assert operation with message attribute",
        operands: [arg: single(I1)],
        attributes: [msg: required(AttrConstraint::String)],
        format: "$arg `,` $msg attr-dict",
        canonicalize: crate::canonicalize::assert_patterns,
    }
}

/// Every cf op's definition.
pub(crate) fn definitions() -> Vec<OpDefinition> {
    vec![
        BranchOp::definition(),
        CondBranchOp::definition(),
        SwitchOp::definition(),
        AssertOp::definition(),
    ]
}

// ---------------------------------------------------------------------------
// Successor operands
// ---------------------------------------------------------------------------

/// The operand positions `(start, len)` forwarded to successor `index` of a
/// cf terminator. Reads the segment attributes in place: a query costs the
/// number of cases before `index`, nothing allocated.
pub fn successor_operand_range(ctx: &Context, ir: &Ir, op: OpId, index: usize) -> (usize, usize) {
    if BranchOp::is(ctx, ir, op) {
        return (0, ir.num_operands(op));
    }
    let segment = |name: &str, i: usize| {
        ir.attr(ctx, op, name)
            .and_then(|a| ctx.dense_array_i64_iter(a))
            .and_then(|mut it| it.nth(i))
            .unwrap_or(0) as usize
    };
    if CondBranchOp::is(ctx, ir, op) {
        let true_len = segment("operandSegmentSizes", 1);
        if index == 0 {
            (1, true_len)
        } else {
            (1 + true_len, segment("operandSegmentSizes", 2))
        }
    } else if SwitchOp::is(ctx, ir, op) {
        let default_len = segment("operandSegmentSizes", 1);
        if index == 0 {
            return (1, default_len);
        }
        let mut cases = ir
            .attr(ctx, op, "case_operand_segments")
            .and_then(|a| ctx.dense_array_i64_iter(a))
            .into_iter()
            .flatten();
        let before: i64 = cases.by_ref().take(index - 1).sum();
        let len = cases.next().unwrap_or(0);
        (1 + default_len + before as usize, len as usize)
    } else {
        (0, 0)
    }
}

/// [`successor_operand_range`] of every successor at once, in one pass over
/// the segments (linear in the number of cases, where asking per successor
/// is quadratic).
pub fn successor_operand_ranges(ctx: &Context, ir: &Ir, op: OpId) -> Vec<(usize, usize)> {
    if !SwitchOp::is(ctx, ir, op) {
        return (0..ir.successors(op).len())
            .map(|i| successor_operand_range(ctx, ir, op, i))
            .collect();
    }
    let (default_start, default_len) = successor_operand_range(ctx, ir, op, 0);
    let mut ranges = vec![(default_start, default_len)];
    let mut start = default_start + default_len;
    if let Some(cases) = ir
        .attr(ctx, op, "case_operand_segments")
        .and_then(|a| ctx.dense_array_i64_iter(a))
    {
        for len in cases {
            ranges.push((start, len as usize));
            start += len as usize;
        }
    }
    ranges
}

struct Branch;

impl BranchOpInterface for Branch {
    fn successor_operands(&self, ctx: &Context, ir: &Ir, op: OpId, index: usize) -> (usize, usize) {
        successor_operand_range(ctx, ir, op, index)
    }
    fn all_successor_operands(&self, ctx: &Context, ir: &Ir, op: OpId) -> Vec<(usize, usize)> {
        successor_operand_ranges(ctx, ir, op)
    }
    fn successor_for_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        operands: &[Option<Attribute>],
    ) -> Option<BlockId> {
        let value = ctx.integer_value((*operands.first()?)?)?;
        if BranchOp::is(ctx, ir, op) {
            Some(ir.successors(op)[0])
        } else if CondBranchOp::is(ctx, ir, op) {
            Some(ir.successors(op)[if value != 0 { 0 } else { 1 }])
        } else if SwitchOp::is(ctx, ir, op) {
            let cases = case_values(ctx, ir, op);
            let width = ctx.integer_width(ir.value_type(ir.operand(op, 0)))?;
            let pos = cases.iter().position(|&c| {
                strata_dialect_arith::semantics::mask(c as u128, width)
                    == strata_dialect_arith::semantics::mask(value as u128, width)
            });
            Some(ir.successors(op)[pos.map_or(0, |p| p + 1)])
        } else {
            None
        }
    }
    fn can_erase_successor_operands(&self) -> bool {
        true
    }
    fn erase_successor_operand(
        &self,
        ctx: &Context,
        ir: &mut Ir,
        op: OpId,
        successor: usize,
        index: usize,
    ) -> bool {
        let (start, len) = successor_operand_range(ctx, ir, op, successor);
        if index >= len {
            return false;
        }
        ir.erase_operand(op, start + index);
        let read = |ir: &Ir, name: &str| {
            ir.attr(ctx, op, name)
                .and_then(|a| ctx.dense_array_i64(a))
                .unwrap_or_default()
        };
        let write = |ir: &mut Ir, name: &str, sizes: Vec<i64>| {
            let sizes: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
            ir.set_property(ctx, op, name, Some(ctx.dense_i32_array(&sizes)));
        };
        if CondBranchOp::is(ctx, ir, op) {
            let mut seg = read(ir, "operandSegmentSizes");
            seg[1 + successor] -= 1;
            write(ir, "operandSegmentSizes", seg);
        } else if SwitchOp::is(ctx, ir, op) {
            let mut seg = read(ir, "operandSegmentSizes");
            if successor == 0 {
                seg[1] -= 1;
            } else {
                seg[2] -= 1;
                let mut cases = read(ir, "case_operand_segments");
                cases[successor - 1] -= 1;
                write(ir, "case_operand_segments", cases);
            }
            write(ir, "operandSegmentSizes", seg);
        }
        true
    }
}

/// The case values of a `cf.switch`, sign-extended.
pub fn case_values(ctx: &Context, ir: &Ir, op: OpId) -> Vec<i128> {
    let Some(attr) = ir.attr(ctx, op, "case_values") else {
        return Vec::new();
    };
    strata_dialect_arith::fold::decode(ctx, attr)
        .map(|e| {
            let n = ctx
                .shape(e.ty)
                .map_or(1, |s| s.iter().product::<i64>().max(0) as usize);
            (0..n)
                .map(|i| {
                    let s = if e.splat { e.elems[0] } else { e.elems[i] };
                    match s {
                        strata_dialect_arith::semantics::Scalar::Int(v, w) => {
                            strata_dialect_arith::semantics::sext(v, w)
                        }
                        _ => 0,
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}

fn verify_successor_operands(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let ranges = successor_operand_ranges(ctx, ir, op);
    for (index, (&block, &(start, len))) in ir.successors(op).iter().zip(&ranges).enumerate() {
        let args = ir.block_args(block);
        if args.len() != len {
            return Err(emit_error(
                ir,
                op,
                format!(
                    "branch has {len} operands for successor #{index}, but target block has {}",
                    args.len()
                ),
            ));
        }
        for (i, &arg) in args.iter().enumerate() {
            let given = ir.value_type(ir.operand(op, start + i));
            let expected = ir.value_type(arg);
            if given != expected {
                return Err(emit_error(
                    ir,
                    op,
                    format!("type mismatch for bb argument #{i} of successor #{index}"),
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Syntax helpers: `^bb(%a, %b : t1, t2)`
// ---------------------------------------------------------------------------

type SuccessorWithArgs<'a> = (BlockId, Vec<UnresolvedOperand<'a>>, Vec<Type>);

fn parse_successor_and_args<'a>(p: &mut OpParser<'_, 'a>) -> DiagResult<SuccessorWithArgs<'a>> {
    let block = p.parse_successor()?;
    let mut operands = Vec::new();
    let mut types = Vec::new();
    if p.consume_if(TokenKind::LParen) {
        operands = p.parse_operand_list()?;
        p.expect(TokenKind::Colon, "':'")?;
        types = p.parse_type_list()?;
        p.expect(TokenKind::RParen, "')'")?;
    }
    Ok((block, operands, types))
}

/// `^bb(%a, %b : t1, t2)` for successor `index` forwarding the operands at
/// `(start, len)`.
fn print_successor_with_operands(
    p: &mut OpPrinter,
    op: OpId,
    index: usize,
    (start, len): (usize, usize),
) {
    let block = p.ir.successors(op)[index];
    p.print_successor(block);
    if len > 0 {
        let values: Vec<_> = (start..start + len).map(|i| p.ir.operand(op, i)).collect();
        p.write("(");
        p.print_operands(values.iter().copied());
        p.write(" : ");
        let types: Vec<_> = values.iter().map(|&v| p.ir.value_type(v)).collect();
        p.print_types(types);
        p.write(")");
    }
}

/// `dense<[cases]> : vector<N x flag_ty>`, or `None` without cases (as
/// MLIR's `SwitchOp` builder leaves `case_values` unset then).
pub(crate) fn case_values_attr(ctx: &Context, flag_ty: Type, cases: &[i128]) -> Option<Attribute> {
    if cases.is_empty() {
        return None;
    }
    let vec_ty = ctx.vector_type(&[cases.len() as i64], flag_ty);
    let w = ctx.integer_width(flag_ty).unwrap_or(64);
    let elems: Vec<_> = cases
        .iter()
        .map(|&c| {
            strata_dialect_arith::semantics::Scalar::Int(
                strata_dialect_arith::semantics::mask(c as u128, w),
                w,
            )
        })
        .collect();
    strata_dialect_arith::fold::encode(ctx, vec_ty, &elems)
}

pub(crate) fn segments(ctx: &Context, sizes: &[usize]) -> Attribute {
    let sizes: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
    ctx.dense_i32_array(&sizes)
}

// ---------------------------------------------------------------------------
// cf.cond_br
// ---------------------------------------------------------------------------

fn verify_cond_br(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    if let Some(w) = ir
        .attr(ctx, op, "branch_weights")
        .and_then(|a| ctx.dense_array_i64(a))
    {
        // MLIR's WeightedBranchOpInterface verifier (`op->emitError()`,
        // so no `'cf.cond_br' op` prefix).
        let error = |message: String| {
            let mut d = Diagnostic::error(ir.op_loc(op), message);
            d.op = Some(op);
            d
        };
        if w.len() != 2 {
            return Err(error(format!(
                "expects number of branch weights to match number of successors: {} vs 2",
                w.len()
            )));
        }
        if w.iter().all(|&x| x == 0) {
            return Err(error("branch weights cannot all be zero".to_string()));
        }
    }
    verify_successor_operands(ctx, ir, op)
}

// ---------------------------------------------------------------------------
// cf.switch
// ---------------------------------------------------------------------------

fn parse_switch(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let flag = p.parse_operand()?;
    p.expect(TokenKind::Colon, "':'")?;
    let flag_ty = p.parse_type()?;
    p.expect(TokenKind::Comma, "','")?;
    p.expect(TokenKind::LSquare, "'['")?;
    p.expect_keyword("default")?;
    p.expect(TokenKind::Colon, "':'")?;
    let (default, d_ops, d_types) = parse_successor_and_args(p)?;
    let mut cases: Vec<i128> = Vec::new();
    let mut case_succs = Vec::new();
    while p.consume_if(TokenKind::Comma) {
        let neg = p.consume_if(TokenKind::Minus);
        if !p.is(TokenKind::Integer) {
            return Err(p.error_here("expected integer value"));
        }
        let text = p.parser.text().to_string();
        let v: i128 = if let Some(hex) = text.strip_prefix("0x") {
            i128::from_str_radix(hex, 16)
        } else {
            text.parse()
        }
        .map_err(|_| p.error_here("integer value too large"))?;
        // MLIR 22 reads case values as int64_t.
        let in_range = if neg {
            v <= 1i128 << 63
        } else {
            v < 1i128 << 63
        };
        if !in_range {
            return Err(p.error_here("integer value too large"));
        }
        p.parser.advance();
        p.expect(TokenKind::Colon, "':'")?;
        cases.push(if neg { -v } else { v });
        case_succs.push(parse_successor_and_args(p)?);
    }
    p.expect(TokenKind::RSquare, "']'")?;
    p.parse_optional_attr_dict(false)?;
    p.add_operands(&[flag], &[flag_ty])?;
    p.add_operands(&d_ops, &d_types)?;
    let mut case_sizes = Vec::new();
    let mut total = 0;
    for (_, ops, types) in &case_succs {
        p.add_operands(ops, types)?;
        case_sizes.push(ops.len());
        total += ops.len();
    }
    p.add_successor(default);
    for (block, _, _) in &case_succs {
        p.add_successor(*block);
    }
    if let Some(attr) = case_values_attr(ctx, flag_ty, &cases) {
        p.add_property("case_values", attr);
    }
    p.add_property("case_operand_segments", segments(ctx, &case_sizes));
    p.add_property(
        "operandSegmentSizes",
        segments(ctx, &[1, d_ops.len(), total]),
    );
    Ok(())
}

fn print_switch(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let line_start = p.w.out.rfind('\n').map_or(0, |i| i + 1);
    let indent = p.w.out[line_start..].len() - p.w.out[line_start..].trim_start().len();
    let pad = " ".repeat(indent);
    p.write(" ");
    let flag = p.ir.operand(op, 0);
    p.print_operand(flag);
    p.write(" : ");
    let ty = p.ir.value_type(flag);
    p.print_type(ty);
    p.write(", [\n");
    p.write(&pad);
    p.write("  default: ");
    let ranges = successor_operand_ranges(ctx, p.ir, op);
    print_successor_with_operands(p, op, 0, ranges[0]);
    // MLIR 22 prints the case values zero-extended (APInt::getZExtValue).
    let width = ctx.integer_width(ty).unwrap_or(64);
    let cases = case_values(ctx, p.ir, op);
    for (i, value) in cases.iter().enumerate() {
        p.write(",\n");
        p.write(&pad);
        let unsigned = strata_dialect_arith::semantics::mask(*value as u128, width);
        let _ = write!(p.w.out, "  {unsigned}: ");
        print_successor_with_operands(p, op, i + 1, ranges.get(i + 1).copied().unwrap_or((0, 0)));
    }
    p.write("\n");
    p.write(&pad);
    p.write("]");
    p.print_optional_attr_dict(
        op,
        &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
        false,
    );
}

fn verify_switch(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let cases = case_values(ctx, ir, op);
    let num_cases = ir.successors(op).len() - 1;
    if cases.len() != num_cases {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "number of case values ({}) and number of case destinations ({num_cases}) should match",
                cases.len()
            ),
        ));
    }
    if let Some(attr) = ir.attr(ctx, op, "case_values") {
        if let AttrData::DenseElements { ty, .. } = ctx.attr_data(attr) {
            let flag_ty = ir.value_type(ir.operand(op, 0));
            if ctx.element_type(*ty) != Some(flag_ty) {
                return Err(emit_op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "'flag' type ({}) should match case value type ({})",
                        type_to_string(ctx, flag_ty),
                        type_to_string(ctx, ctx.element_type(*ty).unwrap_or(flag_ty))
                    ),
                ));
            }
        }
    }
    verify_successor_operands(ctx, ir, op)
}
