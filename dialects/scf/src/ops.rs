//! The ops of `scf`, each declared once with `define_op!`: operands,
//! results, properties, traits and the verifier, canonicalization patterns
//! and interfaces that belong to it. `scf.condition`, `scf.reduce`,
//! `scf.reduce.return`, `scf.index_switch` and `scf.yield` read and print
//! through MLIR 22's assembly formats (`SCFOps.td`); `scf.for`, `scf.if`,
//! `scf.while`, `scf.parallel` and `scf.execute_region`, whose syntax MLIR
//! writes by hand (`hasCustomAssemblyFormat`), name their parser and
//! printer here. The printers follow MLIR's `print` methods character for
//! character, including the places where they leave two spaces
//! (`step %s  : i32 {`). [`op_list!`] declares the dialect's op list once.

use crate::canonicalize;
use crate::interfaces::{for_speculatability, ScfRegionBranch};
use crate::syntax::*;
use crate::verify;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::directives::parse_i64;
use strata_ir::format::CustomDirective;
use strata_ir::interfaces::{
    ConditionallySpeculatable, LoopLikeOpInterface, RegionBranchOpInterface, RegionLoop,
    SpeculatableIf, RECURSIVELY_SPECULATABLE,
};
use strata_ir::OpId;

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
        implicit_terminator: YieldOp,
        parse: parse_for,
        print: print_for,
        verify_invariants: verify::for_invariants,
        verify: verify::for_regions,
        canonicalize: canonicalize::for_patterns,
        interfaces: [
            dyn RegionBranchOpInterface => ScfRegionBranch,
            dyn LoopLikeOpInterface => RegionLoop,
            // Speculatable when the step is the constant 1 (any other step
            // may never terminate).
            dyn ConditionallySpeculatable => SpeculatableIf(for_speculatability),
        ],
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
        implicit_terminator: YieldOp,
        parse: parse_if,
        print: print_if,
        verify_invariants: verify::if_invariants,
        verify: verify::verify_region_edges,
        canonicalize: canonicalize::if_patterns,
        interfaces: [
            dyn RegionBranchOpInterface => ScfRegionBranch,
            // MLIR's `RecursivelySpeculatable`.
            dyn ConditionallySpeculatable => RECURSIVELY_SPECULATABLE,
        ],
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
        parse: parse_while,
        print: print_while,
        verify_invariants: verify::while_invariants,
        verify: verify::verify_region_edges,
        interfaces: [
            dyn RegionBranchOpInterface => ScfRegionBranch,
            dyn LoopLikeOpInterface => RegionLoop,
        ],
    }
}

strata_ir::define_op! {
    /// `scf.condition`: ends the "before" region of `scf.while`.
    pub struct ConditionOp = "scf.condition" {
        summary: "loop continuation condition",
        traits: [PURE, TERMINATOR],
        operands: [condition: single(TypeConstraint::SignlessInteger(Some(1))), args: variadic(TypeConstraint::Any)],
        format: "`(` $condition `)` attr-dict ($args^ `:` type($args))?",
        verify: verify::verify_condition,
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
        implicit_terminator: ReduceOp,
        parse: parse_parallel,
        print: print_parallel,
        verify_invariants: verify::verify_parallel,
        interfaces: [dyn LoopLikeOpInterface => RegionLoop],
    }
}

strata_ir::define_op! {
    /// `scf.reduce`: ends an `scf.parallel` body, one reduction region per init value.
    pub struct ReduceOp = "scf.reduce" {
        summary: "reduce operation for scf.parallel",
        traits: [TERMINATOR, RECURSIVE_MEMORY_EFFECTS],
        operands: [operands: variadic(TypeConstraint::Any)],
        regions: [reductions: variadic],
        format: "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict",
        verify: verify::verify_reduce,
    }
}

strata_ir::define_op! {
    /// `scf.reduce.return`: ends a reduction region.
    pub struct ReduceReturnOp = "scf.reduce.return" {
        summary: "terminator for reduce operation",
        traits: [PURE, TERMINATOR],
        operands: [result: single(TypeConstraint::Any)],
        format: "$result attr-dict `:` type($result)",
        verify: verify::verify_reduce_return,
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
        parse: parse_execute_region,
        print: print_execute_region,
        verify: verify::verify_execute_region,
        canonicalize: canonicalize::execute_region_patterns,
        interfaces: [dyn RegionBranchOpInterface => ScfRegionBranch],
    }
}

strata_ir::define_op! {
    /// `scf.yield`: ends the regions of the structured ops, passing values out.
    pub struct YieldOp = "scf.yield" {
        summary: "loop yield and termination operation",
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [results: variadic(TypeConstraint::Any)],
        format: "attr-dict ($results^ `:` type($results))?",
        verify: verify::verify_yield,
    }
}

strata_ir::define_op! {
    /// `scf.index_switch`: runs the region of the case equal to its index
    /// argument, or the default region. Case regions keep their
    /// terminators in the text; the default region's is implicit.
    pub struct IndexSwitchOp = "scf.index_switch" {
        summary: "switch-case operation on an index argument",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        operands: [arg: single(TypeConstraint::Index)],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [cases: required(AttrConstraint::DenseI64Array)],
        regions: [defaultRegion: single_block, caseRegions: variadic],
        implicit_terminator: YieldOp,
        format: "$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` `default` $defaultRegion",
        directives: [&SWITCH_CASES],
        verify_invariants: verify::verify_index_switch,
        canonicalize: crate::canonicalize_if::index_switch_patterns,
        interfaces: [dyn RegionBranchOpInterface => ScfRegionBranch],
    }
}

strata_ir::dialect_ops!(
    IndexSwitchOp,
    ForOp,
    IfOp,
    WhileOp,
    ConditionOp,
    ParallelOp,
    ReduceOp,
    ReduceReturnOp,
    ExecuteRegionOp,
    YieldOp,
    crate::forall::ForallOp,
    crate::forall::InParallelOp,
);

/// `custom<SwitchCases>($cases, $caseRegions)`: `case N {...}` for each
/// case, each on a line of its own (MLIR's `parseSwitchCases` /
/// `printSwitchCases`). Case regions print their terminators.
const SWITCH_CASES: CustomDirective = CustomDirective {
    name: "SwitchCases",
    parse: |p, slots| {
        let mut cases = Vec::new();
        while p.consume_keyword("case") {
            cases.push(parse_i64(p)?);
            let region = p.parse_region(&[])?;
            slots.push_region(1, region);
        }
        slots.set_attribute(0, p.ctx().dense_i64_array(&cases));
        Ok(())
    },
    print: |p, _, values| {
        let cases = values
            .attribute(0)
            .and_then(|a| p.ctx().dense_array_i64(a))
            .unwrap_or_default();
        for (value, &region) in cases.iter().zip(values.regions(1)) {
            p.print_newline();
            p.write(&format!("case {value} "));
            p.print_region(region, false, true);
        }
    },
};

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
    ensure_implicit_terminator(p, region, &arg_types);
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
    let types = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&types);
    parse_then_else_regions(p)?;
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
    let result_types = p.parse_optional_arrow_type_list()?;
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
    ensure_implicit_terminator(p, region, &iv_types);
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
    let types = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&types);
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
