//! `affine.parallel`: a band of parallel loops with affine bounds, constant
//! steps and optional reductions of the values its body yields:
//!
//! ```mlir
//! %r = affine.parallel (%i, %j) = (0, max(%a, %b)) to (%n, 100) step (2, 1)
//!        reduce ("addf") -> (f32) { ... affine.yield %v : f32 }
//! ```
//!
//! Each dimension's bound is a group of results of one map per side (the
//! maximum of the lower group, the minimum of the upper group); the groups
//! are stored as MLIR does, as `lowerBoundsGroups = dense<[2, 1]> :
//! tensor<2xi32>` beside one flat map whose operands are shared by all
//! groups (SSA names deduplicated in order of appearance, dimensions before
//! symbols). Reductions are `arith::AtomicRMWKind`s stored as `i64`s.
//! Syntax and verifier messages are MLIR 22's.

use crate::syntax::{map_of, parse_ssa_expr, print_ssa_exprs, SsaMap};
use crate::YieldOp;
use strata_dialect_arith::atomic::AtomicRmwKind;
use strata_dialect_scf::syntax::{block_args, ensure_implicit_terminator};
use strata_ir::affine::AffineMap;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::{
    ConditionallySpeculatable, LoopLikeOpInterface, RegionLoop, RECURSIVELY_SPECULATABLE,
};
use strata_ir::verifier::emit_op_error;
use strata_ir::{AttrData, Attribute, Context, Ir, OpId, Value};

strata_ir::define_op! {
    /// `affine.parallel (%i) = (0) to (%n) step (2) reduce ("addf") -> (f32) { ... }`
    pub struct ParallelOp = "affine.parallel" {
        summary: "multi-index parallel band operation",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
        operands: [mapOperands: variadic(TypeConstraint::Index)],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [reductions: required(AttrConstraint::Array(None)), lowerBoundsMap: required(AttrConstraint::AffineMap), lowerBoundsGroups: required(AttrConstraint::DenseElements), upperBoundsMap: required(AttrConstraint::AffineMap), upperBoundsGroups: required(AttrConstraint::DenseElements), steps: required(AttrConstraint::Array(None))],
        regions: [region: single_block],
        implicit_terminator: YieldOp,
        parse: parse_parallel,
        print: print_parallel,
        verify: verify_parallel,
        fold: fold_parallel,
        interfaces: [
            // Constant, positive steps: speculatable when the body is
            // (MLIR's `RecursivelySpeculatable`).
            dyn ConditionallySpeculatable => RECURSIVELY_SPECULATABLE,
            // loop-invariant-code-motion hoists out of it.
            dyn LoopLikeOpInterface => RegionLoop,
        ],
    }
}

/// `dense<[...]> : tensor<Nxi32>`, splat when all entries are equal.
fn i32_tensor(ctx: &Context, values: &[i32]) -> Attribute {
    let ty = ctx.tensor_type(&[values.len() as i64], ctx.signless(32));
    let splat = !values.is_empty() && values.iter().all(|&v| v == values[0]);
    let stored = if splat { &values[..1] } else { values };
    ctx.intern_attr(AttrData::DenseElements {
        ty,
        splat,
        raw: stored.iter().flat_map(|v| v.to_le_bytes()).collect(),
    })
}

/// The entries of a `tensor<Nxi32>` dense attribute.
pub fn i32_tensor_values(ctx: &Context, attr: Attribute) -> Vec<i64> {
    let AttrData::DenseElements { ty, splat, raw } = ctx.attr_data(attr) else {
        return Vec::new();
    };
    let len = ctx.shape(*ty).map_or(0, |s| s.iter().product::<i64>()) as usize;
    let read = |i: usize| {
        raw.get(i * 4..i * 4 + 4)
            .map_or(0, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64)
    };
    (0..len).map(|i| read(if *splat { 0 } else { i })).collect()
}

/// The parts of an `affine.parallel` the printer, the verifier, the
/// interpreter and `lower-affine` need.
pub struct ParallelBounds {
    pub lower_map: AffineMap,
    pub lower_groups: Vec<i64>,
    pub upper_map: AffineMap,
    pub upper_groups: Vec<i64>,
    pub steps: Vec<i64>,
    pub lower_operands: Vec<Value>,
    pub upper_operands: Vec<Value>,
}

impl ParallelBounds {
    pub fn of(ctx: &Context, ir: &Ir, op: OpId) -> Option<Self> {
        let map = |name| ir.attr(ctx, op, name).and_then(|a| map_of(ctx, a)).cloned();
        let groups = |name| {
            ir.attr(ctx, op, name)
                .map(|a| i32_tensor_values(ctx, a))
                .unwrap_or_default()
        };
        let lower_map = map("lowerBoundsMap")?;
        let upper_map = map("upperBoundsMap")?;
        let steps = int_array(ctx, ir.attr(ctx, op, "steps")?);
        let operands: Vec<Value> = ir.operands(op).collect();
        let split = lower_map.num_inputs().min(operands.len());
        Some(ParallelBounds {
            lower_groups: groups("lowerBoundsGroups"),
            upper_groups: groups("upperBoundsGroups"),
            lower_operands: operands[..split].to_vec(),
            upper_operands: operands[split..].to_vec(),
            lower_map,
            upper_map,
            steps,
        })
    }

    /// The results of `map` that form each group, as (first result, count).
    pub fn group_ranges(groups: &[i64]) -> Vec<(usize, usize)> {
        let mut start = 0;
        groups
            .iter()
            .map(|&g| {
                let range = (start, g as usize);
                start += g as usize;
                range
            })
            .collect()
    }
}

fn int_array(ctx: &Context, attr: Attribute) -> Vec<i64> {
    match ctx.attr_data(attr) {
        AttrData::Array(items) => items
            .iter()
            .filter_map(|&a| ctx.integer_value(a).map(|v| v as i64))
            .collect(),
        _ => Vec::new(),
    }
}

/// The reduction kinds of `op`, `None` for an entry that is not one.
pub fn reductions(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Option<AtomicRmwKind>> {
    match ir.attr(ctx, op, "reductions").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items
            .iter()
            .map(|&a| AtomicRmwKind::from_attr(ctx, a))
            .collect(),
        _ => Vec::new(),
    }
}

/// MLIR's `parseAffineMapWithMinMax`: `(` (keyword `(` exprs `)` | expr)
/// (`,` ...)* `)` over SSA names; returns the flat map, its operands and
/// the group sizes.
fn parse_bounds<'a>(
    p: &mut OpParser<'_, 'a>,
    keyword: &str,
) -> DiagResult<(
    AffineMap,
    Vec<strata_ir::asm::parser::UnresolvedOperand<'a>>,
    Vec<i32>,
)> {
    let mut names = SsaMap::default();
    let mut exprs = Vec::new();
    let mut groups = Vec::new();
    p.expect(TokenKind::LParen, "'('")?;
    if !p.consume_if(TokenKind::RParen) {
        loop {
            if p.consume_keyword(keyword) {
                p.expect(TokenKind::LParen, "'('")?;
                let before = exprs.len();
                loop {
                    exprs.push(parse_ssa_expr(p, &mut names)?);
                    if !p.consume_if(TokenKind::Comma) {
                        break;
                    }
                }
                p.expect(TokenKind::RParen, "')'")?;
                groups.push((exprs.len() - before) as i32);
            } else {
                exprs.push(parse_ssa_expr(p, &mut names)?);
                groups.push(1);
            }
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RParen, "')'")?;
    }
    let map = AffineMap::new(names.dims.len(), names.symbols.len(), exprs);
    let mut operands = names.dims;
    operands.extend(names.symbols);
    Ok((map, operands, groups))
}

fn parse_parallel(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    p.expect(TokenKind::LParen, "'('")?;
    let ivs = if p.is(TokenKind::RParen) {
        Vec::new()
    } else {
        p.parse_operand_list()?
    };
    p.expect(TokenKind::RParen, "')'")?;
    p.expect(TokenKind::Equal, "'='")?;
    let (lower_map, lower_operands, lower_groups) = parse_bounds(p, "max")?;
    p.expect_keyword("to")?;
    let (upper_map, upper_operands, upper_groups) = parse_bounds(p, "min")?;
    let mut steps = vec![1i64; ivs.len()];
    if p.consume_keyword("step") {
        let loc = p.op_loc();
        let mut names = SsaMap::default();
        p.expect(TokenKind::LParen, "'('")?;
        steps.clear();
        if !p.consume_if(TokenKind::RParen) {
            loop {
                let expr = parse_ssa_expr(p, &mut names)?;
                let step = expr
                    .as_constant()
                    .ok_or_else(|| Diagnostic::error(loc, "steps must be constant integers"))?;
                steps.push(step);
                if !p.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            p.expect(TokenKind::RParen, "')'")?;
        }
    }
    let mut kinds = Vec::new();
    if p.consume_keyword("reduce") {
        p.expect(TokenKind::LParen, "'('")?;
        loop {
            let at = p.parser.offset();
            let attr = p.parse_attribute(None)?;
            let kind = match ctx.attr_data(attr) {
                AttrData::String { value, .. } => AtomicRmwKind::from_name(value),
                _ => None,
            }
            .ok_or_else(|| {
                p.error_at(
                    at,
                    format!(
                        "invalid reduction value: {}",
                        strata_ir::asm::printer::attr_to_string(ctx, attr)
                    ),
                )
            })?;
            kinds.push(kind.attr(ctx));
            if !p.consume_if(TokenKind::Comma) {
                break;
            }
        }
        p.expect(TokenKind::RParen, "')'")?;
    }
    let result_types = p.parse_optional_arrow_type_list()?;
    p.add_operands(&lower_operands, &vec![index; lower_operands.len()])?;
    p.add_operands(&upper_operands, &vec![index; upper_operands.len()])?;
    p.add_property("reductions", ctx.array_attr(&kinds));
    p.add_property("lowerBoundsMap", ctx.affine_map_attr(lower_map));
    p.add_property("lowerBoundsGroups", i32_tensor(ctx, &lower_groups));
    p.add_property("upperBoundsMap", ctx.affine_map_attr(upper_map));
    p.add_property("upperBoundsGroups", i32_tensor(ctx, &upper_groups));
    let steps: Vec<Attribute> = steps.iter().map(|&s| ctx.i64_attr(s)).collect();
    p.add_property("steps", ctx.array_attr(&steps));
    p.add_result_types(&result_types);
    let arg_types = vec![index; ivs.len()];
    let region = p.parse_region(&block_args(&ivs, &arg_types))?;
    ensure_implicit_terminator(p, region, &arg_types);
    p.parse_optional_attr_dict(false)
}

/// MLIR's `printMinMaxBound`.
fn print_bounds(
    p: &mut OpPrinter,
    map: &AffineMap,
    groups: &[i64],
    operands: &[Value],
    keyword: &str,
) {
    for (i, (start, size)) in ParallelBounds::group_ranges(groups).into_iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let Some(results) = map.results().get(start..start + size) else {
            return;
        };
        let sub = AffineMap::new(map.num_dims(), map.num_symbols(), results.to_vec());
        if size == 1 {
            print_ssa_exprs(p, &sub, operands);
        } else {
            p.write(keyword);
            p.write("(");
            print_ssa_exprs(p, &sub, operands);
            p.write(")");
        }
    }
}

fn print_parallel(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let Some(bounds) = ParallelBounds::of(ctx, ir, op) else {
        return;
    };
    let region = ir.region(op, 0);
    let args = ir
        .entry_block(region)
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    p.write(" (");
    p.print_operands(args.iter().copied());
    p.write(") = (");
    print_bounds(
        p,
        &bounds.lower_map,
        &bounds.lower_groups,
        &bounds.lower_operands,
        "max",
    );
    p.write(") to (");
    print_bounds(
        p,
        &bounds.upper_map,
        &bounds.upper_groups,
        &bounds.upper_operands,
        "min",
    );
    p.write(")");
    if bounds.steps.iter().any(|&s| s != 1) {
        let steps: Vec<String> = bounds.steps.iter().map(|s| s.to_string()).collect();
        p.write(&format!(" step ({})", steps.join(", ")));
    }
    let num_results = ir.num_results(op);
    if num_results > 0 {
        let names: Vec<String> = reductions(ctx, ir, op)
            .iter()
            .map(|k| format!("\"{}\"", k.map_or("?", |k| k.name())))
            .collect();
        p.write(&format!(" reduce ({}) -> (", names.join(", ")));
        p.print_types(ir.results(op).map(|v| ir.value_type(v)));
        p.write(")");
    }
    p.write(" ");
    p.print_region(region, false, num_results > 0);
    p.print_optional_attr_dict(
        op,
        &[
            "reductions",
            "lowerBoundsMap",
            "lowerBoundsGroups",
            "upperBoundsMap",
            "upperBoundsGroups",
            "steps",
        ],
        false,
    );
}

fn verify_parallel(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(b) = ParallelBounds::of(ctx, ir, op) else {
        return Ok(());
    };
    let args = ir
        .entry_block(ir.region(op, 0))
        .map_or(0, |body| ir.block_args(body).len());
    let dims = b.steps.len();
    if b.lower_groups.len() != args || b.upper_groups.len() != args || dims != args {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            format!(
                "the number of region arguments ({args}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({dims}) must all match",
                b.lower_groups.len(),
                b.upper_groups.len()
            ),
        ));
    }
    for (side, groups, map) in [
        ("lower", &b.lower_groups, &b.lower_map),
        ("upper", &b.upper_groups, &b.upper_map),
    ] {
        if groups.contains(&0) {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("expected {side} bound map to have at least one result"),
            ));
        }
        let expected: i64 = groups.iter().sum();
        if expected as usize != map.num_results() {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("expected {side} bounds map to have {expected} results"),
            ));
        }
    }
    let kinds = reductions(ctx, ir, op);
    if kinds.len() != ir.num_results(op) {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "a reduction must be specified for each output",
        ));
    }
    for (kind, result) in kinds.iter().zip(ir.results(op)) {
        let Some(kind) = kind else {
            return Err(emit_op_error(ctx, ir, op, "invalid reduction attribute"));
        };
        if !kind.matches_type(ctx, ir.value_type(result)) {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "result type cannot match reduction attribute",
            ));
        }
    }
    crate::validity::verify_dims_and_symbols(
        ctx,
        ir,
        op,
        &b.lower_operands,
        b.lower_map.num_dims(),
    )?;
    crate::validity::verify_dims_and_symbols(ctx, ir, op, &b.upper_operands, b.upper_map.num_dims())
}

/// MLIR's `AffineParallelOp::fold` (`canonicalizeLoopBounds`): each side's
/// map and operands are canonicalized (affine.apply producers composed,
/// constant operands folded into the map, unused and duplicate operands
/// dropped); in place when that changes anything.
fn fold_parallel(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> strata_ir::fold::FoldOutcome {
    use crate::canonicalize::canonicalize_map_and_operands;
    use strata_ir::fold::FoldOutcome;
    let Some(bounds) = ParallelBounds::of(ctx, ir, op) else {
        return FoldOutcome::Failed;
    };
    let (lower_map, lower) =
        canonicalize_map_and_operands(ctx, ir, &bounds.lower_map, &bounds.lower_operands);
    let (upper_map, upper) =
        canonicalize_map_and_operands(ctx, ir, &bounds.upper_map, &bounds.upper_operands);
    if lower_map == bounds.lower_map
        && upper_map == bounds.upper_map
        && lower == bounds.lower_operands
        && upper == bounds.upper_operands
    {
        return FoldOutcome::Failed;
    }
    let operands: Vec<Value> = lower.iter().chain(&upper).copied().collect();
    ir.set_operands(op, &operands);
    ir.set_property(
        ctx,
        op,
        "lowerBoundsMap",
        Some(ctx.affine_map_attr(lower_map)),
    );
    ir.set_property(
        ctx,
        op,
        "upperBoundsMap",
        Some(ctx.affine_map_attr(upper_map)),
    );
    FoldOutcome::InPlace
}
