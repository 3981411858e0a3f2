//! The verifier: structural rules, SSA dominance and each op's own rules.
//!
//! It checks what every IR must satisfy (operands defined before use where
//! regions demand it, terminators last, isolation respected), then the
//! constraints declared in each registered op's definition (operand and
//! result counts and types, required attributes, region counts, traits),
//! then the op's hand-written verifier. Ops of unregistered dialects are
//! opaque: only their structure is checked, and their regions may be graph
//! regions, as in MLIR.

use crate::asm::printer::{print_op, type_to_string, PrintOptions};
use crate::context::Context;
use crate::diagnostics::{DiagResult, Diagnostic};
use crate::dominance::DominanceInfo;
use crate::ir::{Ir, OpId, Value};
use crate::opdef::{Arity, OpDefinition, OpTraits};
use crate::types::Type;
use std::sync::Arc;

/// Verifies `root` and everything nested in it; stops at the first error.
pub fn verify(ctx: &Context, ir: &Ir, root: OpId) -> DiagResult<()> {
    let mut dominance = DominanceInfo::new();
    verify_op(ctx, ir, root, &mut dominance)
}

fn op_error(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> Diagnostic {
    let mut d = Diagnostic::error(
        ir.op_loc(op),
        format!(
            "'{}' op {}",
            ctx.op_name_str(ir.op_name(op)),
            message.as_ref()
        ),
    );
    d.op = Some(op);
    d
}

/// How MLIR's diagnostics print an op (`<< op`): generic, local scope.
const ONE_LINE_GENERIC: PrintOptions = PrintOptions {
    generic: true,
    debug_info: false,
    local_scope: true,
};

/// An error about `op` in MLIR's wording: `'dialect.op' op <message>`.
pub fn emit_op_error(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> Diagnostic {
    op_error(ctx, ir, op, message)
}

/// MLIR's `op->emitError()`: an error at `op` without the `'name' op`
/// prefix of [`emit_op_error`].
pub fn emit_error(ir: &Ir, op: OpId, message: impl Into<String>) -> Diagnostic {
    let mut d = Diagnostic::error(ir.op_loc(op), message);
    d.op = Some(op);
    d
}

/// MLIR's `CastOpInterface` error when `areCastCompatible(from, to)` fails,
/// naming both whole types.
pub fn cast_incompatible(ctx: &Context, ir: &Ir, op: OpId, from: Type, to: Type) -> Diagnostic {
    op_error(
        ctx,
        ir,
        op,
        format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            type_to_string(ctx, from),
            type_to_string(ctx, to)
        ),
    )
}

fn verify_op(ctx: &Context, ir: &Ir, op: OpId, dominance: &mut DominanceInfo) -> DiagResult<()> {
    let definition = ctx.op_definition(ir.op_name(op));
    if let Some(def) = definition {
        verify_definition(ctx, ir, op, def)?;
        if let Some(verify) = def.hooks.verify_invariants {
            verify(ctx, ir, op)?;
        }
    } else if ctx.op_name_str(ir.op_name(op)) != "builtin.__forward_ref" {
        // An unknown op of a loaded dialect is an error even when
        // unregistered dialects are allowed (MLIR's `verifyOperation`).
        let name = ctx.op_name_str(ir.op_name(op));
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        if ctx
            .dialect(dialect)
            .is_some_and(|d| !d.allows_unknown_operations())
        {
            let mut error = Diagnostic::error(
                ir.op_loc(op),
                format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"),
            );
            error.op = Some(op);
            return Err(error);
        }
        if !ctx.allow_unregistered_dialects {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
            ));
        }
    }

    let isolated = definition
        .as_ref()
        .is_some_and(|d| d.has_trait(OpTraits::ISOLATED_FROM_ABOVE));
    for &region in ir.regions(op) {
        let needs_terminator = definition.as_ref().is_some_and(|d| {
            !d.has_trait(OpTraits::NO_TERMINATOR) && !d.has_trait(OpTraits::GRAPH_REGION)
        });
        let blocks = ir.region_blocks(region);
        for (index, &block) in blocks.iter().enumerate() {
            if index == 0 {
                // The entry block of any op's region, registered or not, may
                // not be a branch target (as in MLIR; the printer leaves its
                // label out, so the printed IR would not parse again).
                for &other in blocks {
                    if let Some(term) = ir.last_op(other) {
                        if ir.successors(term).contains(&block) {
                            // MLIR words this one without the op prefix.
                            let mut error = Diagnostic::error(
                                ir.op_loc(op),
                                "entry block of region may not have predecessors",
                            );
                            error.op = Some(op);
                            return Err(error);
                        }
                    }
                }
            }
            let reachable = dominance.is_reachable(ir, block);
            let mut cursor = ir.first_op(block);
            while let Some(inner) = cursor {
                cursor = ir.next_op(inner);
                let inner_def = ctx.op_definition(ir.op_name(inner));
                if cursor.is_some() && inner_def.is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
                {
                    return Err(Diagnostic::error(
                        ir.op_loc(inner),
                        "operation with block successors must terminate its parent block"
                            .to_string(),
                    )
                    .with_note(ir.op_loc(inner), "terminator here"))
                    .map_err(|_| {
                        op_error(
                            ctx,
                            ir,
                            inner,
                            "must be the last operation in the parent block",
                        )
                    });
                }
                if cursor.is_some() && !ir.successors(inner).is_empty() {
                    return Err(Diagnostic::error(
                        ir.op_loc(inner),
                        "operation with block successors must terminate its parent block",
                    ));
                }
                // Uses across an isolated-from-above op (the parser lets names
                // through, as MLIR's does). Values of the same block cannot cross.
                for (index, value) in ir.operands(inner).enumerate() {
                    if ir.value_block(value) != Some(block) {
                        if let Some(isolating) = isolated_ancestor(ctx, ir, inner, value) {
                            return Err(operand_error(
                                ctx,
                                ir,
                                inner,
                                index,
                                value,
                                Some(isolating),
                            ));
                        }
                    }
                }
                if reachable {
                    for (index, value) in ir.operands(inner).enumerate() {
                        if !dominance.value_dominates(ctx, ir, value, inner) {
                            return Err(operand_error(
                                ctx,
                                ir,
                                inner,
                                index,
                                value,
                                isolated_ancestor(ctx, ir, inner, value),
                            ));
                        }
                    }
                }
                verify_op(ctx, ir, inner, dominance)?;
            }
            if needs_terminator {
                let last = ir.last_op(block);
                let ok = last.is_some_and(|l| {
                    ctx.op_definition(ir.op_name(l))
                        .is_none_or(|d| d.has_trait(OpTraits::TERMINATOR))
                });
                if last.is_none() {
                    // MLIR's verifyOnEntrance(Block &), at the region's op.
                    return Err(Diagnostic::error(
                        ir.op_loc(op),
                        "empty block: expect at least a terminator",
                    ));
                }
                if !ok {
                    // MLIR reports at the last op and shows it (with
                    // "see current operation"), no note about the region.
                    let last = last.unwrap_or(op);
                    let mut d = Diagnostic::error(
                        ir.op_loc(last),
                        "block with no terminator, has ".to_string()
                            + &print_op(ctx, ir, last, &ONE_LINE_GENERIC),
                    );
                    d.op = Some(last);
                    return Err(d);
                }
            }
        }
    }
    let _ = isolated;
    if let Some(def) = &definition {
        for verify in &def.interfaces.verifiers {
            verify(ctx, ir, op)?;
        }
        if let Some(verify) = def.hooks.verify {
            verify(ctx, ir, op)?;
        }
        // Once everything nested is verified, ops that refer to symbols
        // check them against this table (MLIR's `verifySymbolUses`).
        if def.has_trait(OpTraits::SYMBOL_TABLE) {
            crate::symbol_table::verify_symbol_uses(ctx, ir, op)?;
        }
    }
    Ok(())
}

/// The isolated-from-above op between `user` and the definition of `value`, if any.
fn isolated_ancestor(ctx: &Context, ir: &Ir, user: OpId, value: Value) -> Option<OpId> {
    let def_block = ir.value_block(value)?;
    let def_region = ir.block_region(def_block);
    let mut current = ir.parent_op(user);
    while let Some(op) = current {
        if ir.regions(op).iter().any(|r| Some(*r) == def_region) {
            return None;
        }
        if ctx
            .op_definition(ir.op_name(op))
            .is_some_and(|d| d.has_trait(OpTraits::ISOLATED_FROM_ABOVE))
        {
            return Some(op);
        }
        current = ir.parent_op(op);
    }
    None
}

fn operand_error(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    index: usize,
    value: Value,
    isolated: Option<OpId>,
) -> Diagnostic {
    if let Some(isolating) = isolated {
        return op_error(ctx, ir, op, "using value defined outside the region").with_note(
            ir.op_loc(isolating),
            "required by region isolation constraints",
        );
    }
    let mut diag = Diagnostic::error(
        ir.op_loc(op),
        format!("operand #{index} does not dominate this use"),
    );
    if let Some(def) = ir.defining_op(value) {
        let relation = if ir.op_block(def) == ir.op_block(op) {
            "op in the same block"
        } else if ir.is_ancestor(def, op) {
            "op is an ancestor"
        } else {
            "op in a parent region"
        };
        diag = diag.with_note(ir.op_loc(def), format!("operand defined here ({relation})"));
    }
    diag
}

/// Counts and constraints declared in an op definition.
fn verify_definition(ctx: &Context, ir: &Ir, op: OpId, def: &Arc<OpDefinition>) -> DiagResult<()> {
    let operands: Vec<Value> = ir.operands(op).collect();
    let results: Vec<Value> = ir.results(op).collect();
    check_groups(ctx, ir, op, def, &def.operands, &operands, "operand")?;
    check_groups(ctx, ir, op, def, &def.results, &results, "result")?;

    for attr in &def.attributes {
        match ir.attr(ctx, op, &attr.name) {
            None if !attr.optional => {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!("requires attribute '{}'", attr.name),
                ));
            }
            Some(value) if !attr.constraint.check(ctx, value) => {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "attribute '{}' failed to satisfy constraint: {}",
                        attr.name,
                        attr.constraint.describe(ctx)
                    ),
                ));
            }
            _ => {}
        }
    }

    if !def.regions.is_empty() || def.traits.contains(OpTraits::NONE) {
        let variadic = def.regions.iter().any(|r| r.variadic);
        let count = ir.regions(op).len();
        if (!variadic && count != def.regions.len()) || (variadic && count < def.regions.len() - 1)
        {
            return Err(op_error(
                ctx,
                ir,
                op,
                // MLIR's OneRegion and NRegions<n> traits.
                match def.regions.len() {
                    1 => "requires one region".to_string(),
                    n => format!("expected {n} regions"),
                },
            ));
        }
    } else if !ir.regions(op).is_empty() && def.hooks.parse.is_none() && def.format.is_some() {
        return Err(op_error(ctx, ir, op, "requires zero regions"));
    }

    for (i, &region) in ir.regions(op).iter().enumerate() {
        if def.region_is_single_block(i) && ir.region_blocks(region).len() > 1 {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("expects region #{i} to have 0 or 1 blocks"),
            ));
        }
    }
    if def.has_trait(OpTraits::TERMINATOR) {
        if let Some(block) = ir.op_block(op) {
            if ir.last_op(block) != Some(op) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "must be the last operation in the parent block",
                ));
            }
        }
    }
    if def.has_trait(OpTraits::SAME_OPERANDS_AND_RESULT_TYPE) {
        let mut all = operands.iter().chain(&results).map(|&v| ir.value_type(v));
        if let Some(first) = all.next() {
            if all.any(|t| t != first) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "requires the same type for all operands and results",
                ));
            }
        }
    }
    if def.has_trait(OpTraits::SAME_OPERANDS_TYPE) {
        let mut all = operands.iter().map(|&v| ir.value_type(v));
        if let Some(first) = all.next() {
            if all.any(|t| t != first) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "requires all operands to have the same type",
                ));
            }
        }
    }
    if def.has_trait(OpTraits::SYMBOL) {
        match ir.attr(ctx, op, "sym_name") {
            Some(a) if ctx.string_value(a).is_some() => {}
            _ => {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "requires string attribute 'sym_name'",
                ))
            }
        }
    }
    if def.has_trait(OpTraits::SYMBOL_TABLE) {
        crate::symbol_table::verify_symbol_table(ctx, ir, op)?;
    }
    Ok(())
}

/// Checks operand or result groups against their declared arities and constraints.
fn check_groups(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    def: &OpDefinition,
    groups: &[crate::opdef::ValueDef],
    values: &[Value],
    kind: &str,
) -> DiagResult<()> {
    if groups.is_empty() && def.format.is_none() && def.hooks.parse.is_some() {
        // Hand-written ops without declared groups check their own operands.
        return Ok(());
    }
    let sizes = group_sizes(ctx, ir, op, groups, values.len(), kind)?;
    let mut next = 0;
    for (group, size) in groups.iter().zip(sizes) {
        for (offset, &value) in values[next..next + size].iter().enumerate() {
            let ty = ir.value_type(value);
            if !group.constraint.check(ctx, ty) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "{kind} #{} must be {}, but got '{}'",
                        next + offset,
                        group.constraint.describe(ctx),
                        type_to_string(ctx, ty)
                    ),
                ));
            }
        }
        next += size;
    }
    Ok(())
}

/// The operand index range of each operand group of `op` (by its
/// definition: one range per declared operand, variadic ones included).
pub fn operand_group_ranges(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> DiagResult<Vec<std::ops::Range<usize>>> {
    let def = ctx
        .op_definition(ir.op_name(op))
        .ok_or_else(|| emit_op_error(ctx, ir, op, "unregistered op"))?;
    let sizes = group_sizes(ctx, ir, op, &def.operands, ir.num_operands(op), "operand")?;
    let mut start = 0;
    Ok(sizes
        .into_iter()
        .map(|n| {
            let r = start..start + n;
            start += n;
            r
        })
        .collect())
}

/// How many values each group holds, from the segment-size property when
/// several groups are variable, else from the total.
pub fn group_sizes(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    groups: &[crate::opdef::ValueDef],
    total: usize,
    kind: &str,
) -> DiagResult<Vec<usize>> {
    let fixed = groups.iter().filter(|g| g.arity == Arity::Single).count();
    let variable = groups.len() - fixed;
    if variable == 0 {
        if fixed == 0 && total != 0 {
            // MLIR's `ZeroOperands` / `ZeroResults` traits.
            return Err(op_error(ctx, ir, op, format!("requires zero {kind}s")));
        }
        if total != fixed {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "requires {fixed} {kind}{}, but found {total}",
                    if fixed == 1 { "" } else { "s" }
                ),
            ));
        }
        return Ok(vec![1; groups.len()]);
    }
    if variable == 1 {
        if total < fixed {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "requires at least {fixed} {kind}{}, but found {total}",
                    if fixed == 1 { "" } else { "s" }
                ),
            ));
        }
        let rest = total - fixed;
        let optional_too_many = groups.iter().any(|g| g.arity == Arity::Optional) && rest > 1;
        if optional_too_many {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("requires at most {} {kind}s, but found {total}", fixed + 1),
            ));
        }
        return Ok(groups
            .iter()
            .map(|g| if g.arity == Arity::Single { 1 } else { rest })
            .collect());
    }
    let property = if kind == "operand" {
        "operandSegmentSizes"
    } else {
        "resultSegmentSizes"
    };
    let Some(sizes) = ir
        .attr(ctx, op, property)
        .and_then(|a| ctx.dense_array_i64(a))
    else {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "'{property}' attribute for specifying {kind} segments must have {} elements",
                groups.len()
            ),
        ));
    };
    if sizes.len() != groups.len() {
        return Err(op_error(ctx, ir, op, format!("'{property}' attribute for specifying {kind} segments must have {} elements, but got {}", groups.len(), sizes.len())));
    }
    if sizes.iter().any(|&s| s < 0) || sizes.iter().sum::<i64>() as usize != total {
        return Err(op_error(ctx, ir, op, format!("{kind} count ({total}) does not match with the total size ({}) specified in attribute '{property}'", sizes.iter().sum::<i64>())));
    }
    Ok(sizes.into_iter().map(|s| s as usize).collect())
}
