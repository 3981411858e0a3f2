//! The ops of `scf`, declared with `define_op!`, and their hand-written
//! syntax where MLIR's is hand-written too (`scf.for`, `scf.if`,
//! `scf.while`, `scf.parallel`, `scf.execute_region`). Printing follows
//! MLIR 22's `print` methods character for character, including the
//! places where they leave two spaces (`step %s  : i32 {`).

use crate::syntax::*;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::{OpDefinition, OpId};

strata_ir::define_op! {
    /// `scf.for`: a counted loop with loop-carried values.
    pub struct ForOp = "scf.for" {
        summary: "for operation",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
        operands: [
            lowerBound: single(TypeConstraint::SignlessIntegerOrIndex),
            upperBound: single(TypeConstraint::SignlessIntegerOrIndex),
            step: single(TypeConstraint::SignlessIntegerOrIndex),
            initArgs: variadic(TypeConstraint::Any),
        ],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [unsignedCmp: optional(AttrConstraint::Unit)],
        regions: [region: single_block],
        types_match: [[lowerBound, upperBound, step]],
    }
}

strata_ir::define_op! {
    /// `scf.if`: a two-way conditional with results.
    pub struct IfOp = "scf.if" {
        summary: "if-then-else operation",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        operands: [condition: single(TypeConstraint::SignlessInteger(Some(1)))],
        results: [results: variadic(TypeConstraint::Any)],
        regions: [thenRegion: single_block, elseRegion: single_block],
    }
}

strata_ir::define_op! {
    /// `scf.while`: a generic loop with a "before" region computing the
    /// condition and an "after" region computing the next values.
    pub struct WhileOp = "scf.while" {
        summary: "a generic 'while' loop",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        operands: [inits: variadic(TypeConstraint::Any)],
        results: [results: variadic(TypeConstraint::Any)],
        regions: [before: single_block, after: single_block],
    }
}

strata_ir::define_op! {
    /// `scf.condition`: ends the "before" region of `scf.while`.
    pub struct ConditionOp = "scf.condition" {
        summary: "loop continuation condition",
        traits: [PURE, TERMINATOR],
        operands: [condition: single(TypeConstraint::SignlessInteger(Some(1))), args: variadic(TypeConstraint::Any)],
    }
}

strata_ir::define_op! {
    /// `scf.parallel`: a parallel loop nest with reductions.
    pub struct ParallelOp = "scf.parallel" {
        summary: "parallel for operation",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
        operands: [
            lowerBound: variadic(TypeConstraint::Index),
            upperBound: variadic(TypeConstraint::Index),
            step: variadic(TypeConstraint::Index),
            initVals: variadic(TypeConstraint::Any),
        ],
        results: [results: variadic(TypeConstraint::Any)],
        regions: [region: single_block],
    }
}

strata_ir::define_op! {
    /// `scf.reduce`: ends an `scf.parallel` body, one reduction region per init value.
    pub struct ReduceOp = "scf.reduce" {
        summary: "reduce operation for scf.parallel",
        traits: [TERMINATOR, RECURSIVE_MEMORY_EFFECTS],
        operands: [operands: variadic(TypeConstraint::Any)],
        regions: [reductions: variadic],
    }
}

strata_ir::define_op! {
    /// `scf.reduce.return`: ends a reduction region.
    pub struct ReduceReturnOp = "scf.reduce.return" {
        summary: "terminator for reduce operation",
        traits: [PURE, TERMINATOR],
        operands: [result: single(TypeConstraint::Any)],
        format: "$result attr-dict `:` type($result)",
    }
}

strata_ir::define_op! {
    /// `scf.execute_region`: runs its region once, in place.
    pub struct ExecuteRegionOp = "scf.execute_region" {
        summary: "operation that executes its region exactly once",
        traits: [RECURSIVE_MEMORY_EFFECTS],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [no_inline: optional(AttrConstraint::Unit)],
        regions: [region: any],
    }
}

strata_ir::define_op! {
    /// `scf.yield`: ends the regions of the structured ops, passing values out.
    pub struct YieldOp = "scf.yield" {
        summary: "loop yield and termination operation",
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [results: variadic(TypeConstraint::Any)],
        format: "attr-dict ($results^ `:` type($results))?",
    }
}

strata_ir::define_op! {
    /// `scf.index_switch`: runs the region of the case equal to its index
    /// argument, or the default region.
    pub struct IndexSwitchOp = "scf.index_switch" {
        summary: "switch-case operation on an index argument",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        operands: [arg: single(TypeConstraint::Index)],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [cases: required(AttrConstraint::DenseI64Array)],
        regions: [defaultRegion: single_block, caseRegions: variadic],
    }
}

/// Every op definition of the dialect, with hooks attached.
pub fn definitions() -> Vec<OpDefinition> {
    let mut for_op = ForOp::definition();
    for_op.hooks.parse = Some(parse_for);
    for_op.hooks.print = Some(print_for);
    let mut if_op = IfOp::definition();
    if_op.hooks.parse = Some(parse_if);
    if_op.hooks.print = Some(print_if);
    let mut while_op = WhileOp::definition();
    while_op.hooks.parse = Some(parse_while);
    while_op.hooks.print = Some(print_while);
    let mut parallel = ParallelOp::definition();
    parallel.hooks.parse = Some(parse_parallel);
    parallel.hooks.print = Some(print_parallel);
    let mut execute = ExecuteRegionOp::definition();
    execute.hooks.parse = Some(parse_execute_region);
    execute.hooks.print = Some(print_execute_region);
    let mut condition = ConditionOp::definition();
    condition.hooks.parse = Some(parse_condition);
    condition.hooks.print = Some(print_condition);
    let mut reduce = ReduceOp::definition();
    reduce.hooks.parse = Some(parse_reduce);
    reduce.hooks.print = Some(print_reduce);
    let mut index_switch = IndexSwitchOp::definition();
    index_switch.hooks.parse = Some(parse_index_switch);
    index_switch.hooks.print = Some(print_index_switch);
    let mut defs = vec![
        index_switch,
        for_op,
        if_op,
        while_op,
        condition,
        parallel,
        reduce,
        ReduceReturnOp::definition(),
        execute,
        YieldOp::definition(),
    ];
    crate::verify::attach(&mut defs);
    crate::interfaces::attach(&mut defs);
    crate::canonicalize::attach(&mut defs);
    // scf.forall / scf.forall.in_parallel attach their own hooks.
    defs.extend(crate::forall::definitions());
    defs
}

// -------------------------------------------------------------------------
// scf.for
// -------------------------------------------------------------------------

/// `unsigned? %iv = %lb to %ub step %s (iter_args(...) -> (types))? (: type)? region attr-dict`
fn parse_for(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    if p.consume_keyword("unsigned") {
        p.add_property("unsignedCmp", ctx.unit_attr());
    }
    let iv = p.parse_operand()?;
    p.expect(TokenKind::Equal, "'='")?;
    let lb = p.parse_operand()?;
    p.expect_keyword("to")?;
    let ub = p.parse_operand()?;
    p.expect_keyword("step")?;
    let step = p.parse_operand()?;
    let mut inner = Vec::new();
    let mut outer = Vec::new();
    let mut result_types = Vec::new();
    if p.consume_keyword("iter_args") {
        (inner, outer) = parse_assignment_list(p)?;
        result_types = parse_arrow_types(p)?;
    }
    if inner.len() != result_types.len() {
        return Err(p.error_at(
            p.name_offset,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    let iv_type = if p.consume_if(TokenKind::Colon) {
        p.parse_type()?
    } else {
        ctx.index_type()
    };
    p.add_operands(&[lb, ub, step], &[iv_type; 3])?;
    p.add_operands(&outer, &result_types)?;
    p.add_result_types(&result_types);
    let mut names = vec![iv];
    names.extend(inner);
    let mut arg_types = vec![iv_type];
    arg_types.extend_from_slice(&result_types);
    let region = p.parse_region(&block_args(&names, &arg_types))?;
    let loc = p.op_loc();
    ensure_terminator(ctx, p.ir(), region, &arg_types, "scf.yield", loc);
    p.parse_optional_attr_dict(false)
}

fn print_for(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let region = ir.region(op, 0);
    let Some(&body) = ir.region_blocks(region).first() else {
        return;
    };
    let args = ir.block_args(body).to_vec();
    let operands: Vec<_> = ir.operands(op).collect();
    if ir.attr(ctx, op, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    p.write(" ");
    p.print_operand(args[0]);
    p.write(" = ");
    p.print_operand(operands[0]);
    p.write(" to ");
    p.print_operand(operands[1]);
    p.write(" step ");
    p.print_operand(operands[2]);
    let inits = &operands[3..];
    print_assignment_list(p, " iter_args", &args[1..], inits);
    if !inits.is_empty() {
        p.write(" -> (");
        p.print_types(types_of(ir, inits));
        p.write(")");
    }
    p.write(" ");
    let iv_type = ir.value_type(args[0]);
    if !ctx.is_index(iv_type) {
        p.write(" : ");
        p.print_type(iv_type);
        p.write(" ");
    }
    p.print_region(region, false, !inits.is_empty());
    p.print_optional_attr_dict(op, &["unsignedCmp"], false);
}

// -------------------------------------------------------------------------
// scf.if
// -------------------------------------------------------------------------

/// `%cond (-> types)? region (else region)? attr-dict`
fn parse_if(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let cond = p.parse_operand()?;
    p.add_operands(&[cond], &[ctx.signless(1)])?;
    if p.is(TokenKind::Arrow) {
        let types = parse_arrow_types(p)?;
        p.add_result_types(&types);
    }
    parse_then_else_regions(p, "scf.yield")?;
    p.parse_optional_attr_dict(false)
}

fn print_if(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let results: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let print_terminators = !results.is_empty();
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    if !results.is_empty() {
        p.write(" -> (");
        p.print_types(results.iter().copied());
        p.write(")");
    }
    p.write(" ");
    p.print_region(ir.region(op, 0), false, print_terminators);
    let else_region = ir.region(op, 1);
    if !ir.region_is_empty(else_region) {
        p.write(" else ");
        p.print_region(else_region, false, print_terminators);
    }
    p.print_optional_attr_dict(op, &[], false);
}

// -------------------------------------------------------------------------
// scf.while
// -------------------------------------------------------------------------

/// `(%arg = %init, ...)? : (inputs) -> results region do region attr-dict-with-keyword`
fn parse_while(p: &mut OpParser) -> DiagResult<()> {
    let (inner, outer) = if p.is(TokenKind::LParen) {
        parse_assignment_list(p)?
    } else {
        (Vec::new(), Vec::new())
    };
    p.expect(TokenKind::Colon, "':'")?;
    let type_loc = p.loc();
    let type_offset = p.parser.offset();
    let function_type = p.parse_type()?;
    let ctx = p.ctx();
    let Some((inputs, results)) = ctx.function_signature(function_type) else {
        return Err(Diagnostic::error(
            type_loc,
            "invalid kind of type specified",
        ));
    };
    let (inputs, results) = (inputs.to_vec(), results.to_vec());
    if inputs.len() != outer.len() {
        return Err(p.error_at(
            type_offset,
            format!(
                "expected as many input types as operands (expected {} got {})",
                outer.len(),
                inputs.len()
            ),
        ));
    }
    p.add_operands(&outer, &inputs)?;
    p.add_result_types(&results);
    p.parse_region(&block_args(&inner, &inputs))?;
    p.expect_keyword("do")?;
    p.parse_region(&[])?;
    p.parse_optional_attr_dict(true)
}

fn print_while(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let inits: Vec<_> = ir.operands(op).collect();
    let before = ir.region(op, 0);
    let before_args = ir
        .entry_block(before)
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    print_assignment_list(p, " ", &before_args, &inits);
    p.write(" : (");
    p.print_types(types_of(ir, &inits));
    p.write(") -> ");
    let results: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    print_type_list_maybe_parens(p, &results);
    p.write(" ");
    p.print_region(before, false, true);
    p.write(" do ");
    p.print_region(ir.region(op, 1), true, true);
    p.print_optional_attr_dict(op, &[], true);
}

// -------------------------------------------------------------------------
// scf.parallel
// -------------------------------------------------------------------------

fn parse_paren_operands<'a>(
    p: &mut OpParser<'_, 'a>,
) -> DiagResult<Vec<strata_ir::asm::parser::UnresolvedOperand<'a>>> {
    p.expect(TokenKind::LParen, "'('")?;
    let list = p.parse_operand_list()?;
    p.expect(TokenKind::RParen, "')'")?;
    Ok(list)
}

fn check_count(p: &OpParser, found: usize, expected: usize) -> DiagResult<()> {
    if found != expected {
        return Err(p.error_here(format!("expected {expected} operands")));
    }
    Ok(())
}

/// `(%ivs) = (%lbs) to (%ubs) step (%steps) (init (%inits))? (-> types)? region attr-dict`
fn parse_parallel(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let ivs = parse_paren_operands(p)?;
    p.expect(TokenKind::Equal, "'='")?;
    let lbs = parse_paren_operands(p)?;
    check_count(p, lbs.len(), ivs.len())?;
    p.expect_keyword("to")?;
    let ubs = parse_paren_operands(p)?;
    check_count(p, ubs.len(), ivs.len())?;
    p.expect_keyword("step")?;
    let steps = parse_paren_operands(p)?;
    check_count(p, steps.len(), ivs.len())?;
    let inits = if p.consume_keyword("init") {
        parse_paren_operands(p)?
    } else {
        Vec::new()
    };
    let result_types = if p.is(TokenKind::Arrow) {
        parse_arrow_types(p)?
    } else {
        Vec::new()
    };
    let n = ivs.len();
    p.add_operands(&lbs, &vec![index; n])?;
    p.add_operands(&ubs, &vec![index; n])?;
    p.add_operands(&steps, &vec![index; n])?;
    p.add_result_types(&result_types);
    let iv_types = vec![index; n];
    let region = p.parse_region(&block_args(&ivs, &iv_types))?;
    p.add_property(
        "operandSegmentSizes",
        ctx.dense_i32_array(&[n as i32, n as i32, n as i32, inits.len() as i32]),
    );
    p.parse_optional_attr_dict(false)?;
    if inits.len() != result_types.len() {
        // MLIR's resolveOperands(initVals, result.types, getNameLoc()).
        return Err(p.error_at(
            p.name_offset,
            format!(
                "number of operands and types do not match: got {} operands and {} types",
                inits.len(),
                result_types.len()
            ),
        ));
    }
    p.add_operands(&inits, &result_types)?;
    let loc = p.op_loc();
    ensure_terminator(ctx, p.ir(), region, &iv_types, "scf.reduce", loc);
    Ok(())
}

fn print_parallel(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let region = ir.region(op, 0);
    let groups = strata_ir::format::value_groups(
        ctx,
        ir,
        op,
        ctx.op_definition(ir.op_name(op)).expect("registered"),
        false,
    );
    let ivs = ir
        .entry_block(region)
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    p.write(" (");
    p.print_operands(ivs);
    p.write(") = (");
    p.print_operands(groups[0].iter().copied());
    p.write(") to (");
    p.print_operands(groups[1].iter().copied());
    p.write(") step (");
    p.print_operands(groups[2].iter().copied());
    p.write(")");
    if !groups[3].is_empty() {
        p.write(" init (");
        p.print_operands(groups[3].iter().copied());
        p.write(")");
    }
    let results: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    print_optional_arrow_types(p, &results);
    p.write(" ");
    p.print_region(region, false, true);
    p.print_optional_attr_dict(op, &["operandSegmentSizes"], false);
}

// -------------------------------------------------------------------------
// scf.execute_region
// -------------------------------------------------------------------------

/// `(-> types)? no_inline? region attr-dict`
fn parse_execute_region(p: &mut OpParser) -> DiagResult<()> {
    if p.is(TokenKind::Arrow) {
        let types = parse_arrow_types(p)?;
        p.add_result_types(&types);
    }
    if p.consume_keyword("no_inline") {
        let unit = p.ctx().unit_attr();
        p.add_property("no_inline", unit);
    }
    p.parse_region(&[])?;
    p.parse_optional_attr_dict(false)
}

fn print_execute_region(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let results: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    print_optional_arrow_types(p, &results);
    p.write(" ");
    if ir.attr(ctx, op, "no_inline").is_some() {
        p.write("no_inline ");
    }
    p.print_region(ir.region(op, 0), false, true);
    p.print_optional_attr_dict(op, &["no_inline"], false);
}

// -------------------------------------------------------------------------
// scf.index_switch
// -------------------------------------------------------------------------

/// `$arg attr-dict (-> types)? (case N region)* default region`: MLIR's
/// declarative format with `custom<SwitchCases>`. Case regions get no
/// implicit terminator; the default region does.
fn parse_index_switch(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let arg = p.parse_operand()?;
    p.add_operands(&[arg], &[ctx.index_type()])?;
    p.parse_optional_attr_dict(false)?;
    // `type($results)` of the declarative format: a bare comma-separated list.
    if p.consume_if(TokenKind::Arrow) {
        let types = p.parse_type_list()?;
        p.add_result_types(&types);
    }
    let mut cases = Vec::new();
    while p.consume_keyword("case") {
        let neg = p.consume_if(TokenKind::Minus);
        if !p.is(TokenKind::Integer) {
            return Err(p.error_here("expected integer value"));
        }
        let text = p.parser.text().to_string();
        let value: i64 = text
            .parse::<i64>()
            .map_err(|_| p.error_here("integer value too large"))?;
        p.parser.advance();
        cases.push(if neg { -value } else { value });
        p.parse_region(&[])?;
    }
    p.expect_keyword("default")?;
    let loc = p.op_loc();
    let default = p.parse_region(&[])?;
    ensure_terminator(ctx, p.ir(), default, &[], "scf.yield", loc);
    // The default region is region 0, as MLIR declares it first.
    let default = p.regions.pop().expect("just parsed");
    p.regions.insert(0, default);
    p.add_property("cases", ctx.dense_i64_array(&cases));
    Ok(())
}

fn print_index_switch(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    p.write(" ");
    p.print_operand(ir.operand(op, 0));
    p.print_optional_attr_dict(op, &["cases"], false);
    let results: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    if !results.is_empty() {
        p.write(" -> ");
        p.print_types(results.iter().copied());
    }
    p.write(" ");
    // A line break at the op's indentation (MLIR's printNewline).
    let line_start = p.w.out.rfind('\n').map_or(0, |i| i + 1);
    let line = &p.w.out[line_start..];
    let newline = format!("\n{}", " ".repeat(line.len() - line.trim_start().len()));
    let cases = ir
        .attr(ctx, op, "cases")
        .and_then(|a| ctx.dense_array_i64(a))
        .unwrap_or_default();
    for (i, value) in cases.iter().enumerate() {
        p.write(&newline);
        p.write(&format!("case {value} "));
        p.print_region(ir.region(op, i + 1), false, true);
    }
    p.write(&newline);
    p.write("default ");
    // The declarative format elides a terminator without operands and attributes.
    let default = ir.region(op, 0);
    let print_terminator = !is_trivial_body(ir, default)
        || ir
            .region_blocks(default)
            .first()
            .and_then(|&b| ir.last_op(b))
            .is_some_and(|t| ir.attributes(t) != ctx.empty_dictionary());
    p.print_region(default, false, print_terminator);
}

// -------------------------------------------------------------------------
// scf.condition
// -------------------------------------------------------------------------

/// `(%cond) attr-dict (%args : types)?`
fn parse_condition(p: &mut OpParser) -> DiagResult<()> {
    p.expect(TokenKind::LParen, "'('")?;
    let cond = p.parse_operand()?;
    p.expect(TokenKind::RParen, "')'")?;
    let i1 = p.ctx().signless(1);
    p.add_operands(&[cond], &[i1])?;
    p.parse_optional_attr_dict(false)?;
    let args = p.parse_operand_list()?;
    if !args.is_empty() {
        p.expect(TokenKind::Colon, "':'")?;
        let types = p.parse_type_list()?;
        p.add_operands(&args, &types)?;
    }
    Ok(())
}

fn print_condition(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<_> = ir.operands(op).collect();
    p.write("(");
    p.print_operand(operands[0]);
    p.write(")");
    p.print_optional_attr_dict(op, &[], false);
    if operands.len() > 1 {
        p.write(" ");
        p.print_operands(operands[1..].iter().copied());
        p.write(" : ");
        p.print_types(types_of(ir, &operands[1..]));
    }
}

// -------------------------------------------------------------------------
// scf.reduce
// -------------------------------------------------------------------------

/// `(`(` $operands `:` type($operands) `)`)? $reductions attr-dict`: the
/// generated syntax of MLIR's format, with zero or more regions.
fn parse_reduce(p: &mut OpParser) -> DiagResult<()> {
    if p.consume_if(TokenKind::LParen) {
        let operands = p.parse_operand_list()?;
        p.expect(TokenKind::Colon, "':'")?;
        let types = p.parse_type_list()?;
        p.expect(TokenKind::RParen, "')'")?;
        p.add_operands(&operands, &types)?;
    }
    if p.is(TokenKind::LBrace) {
        p.parse_region(&[])?;
        while p.consume_if(TokenKind::Comma) {
            p.parse_region(&[])?;
        }
    }
    p.parse_optional_attr_dict(false)
}

fn print_reduce(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<_> = ir.operands(op).collect();
    if !operands.is_empty() {
        p.write("(");
        p.print_operands(operands.iter().copied());
        p.write(" : ");
        p.print_types(types_of(ir, &operands));
        p.write(")");
    }
    // MLIR's generated printer leaves a space before the (possibly empty) region list.
    p.write(" ");
    for (i, &region) in ir.regions(op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_region(region, true, true);
    }
    p.print_optional_attr_dict(op, &[], false);
}
