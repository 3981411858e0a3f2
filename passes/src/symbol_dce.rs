//! `symbol-dce` (MLIR's `SymbolDCE`): erases private symbols that no live
//! op refers to. Live: every op of the symbol table that is not a symbol,
//! every public symbol, and every symbol referenced (by `@name` anywhere in
//! the attributes of an op nested in a live op). Nested symbol tables are
//! processed the same way.

use rustc_hash::FxHashSet;
use strata_ir::pass::{Pass, PassContext, PassResult, SymbolUses};
use strata_ir::symbol_table::{is_symbol_table, symbol_name, SymbolTable, VISIBILITY_ATTR};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId};

#[derive(Clone, Default)]
pub struct SymbolDce;

impl Pass for SymbolDce {
    fn name(&self) -> &str {
        "SymbolDCE"
    }
    fn argument(&self) -> &str {
        "symbol-dce"
    }
    fn description(&self) -> &str {
        "Eliminate dead symbols"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let op = pc.op;
        if !is_symbol_table(pc.ctx, pc.ir, op) {
            return Err(emit_op_error(
                pc.ctx,
                pc.ir,
                op,
                " was scheduled to run under SymbolDCE, but does not define a symbol table",
            )
            .into());
        }
        let erased = symbol_dce(pc.ctx, pc.ir, op);
        pc.add_statistic("num-dce'd", "Number of symbols DCE'd", erased);
        if erased == 0 {
            pc.mark_all_analyses_preserved();
        }
        Ok(())
    }
}

fn is_public(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    !matches!(
        ir.attr(ctx, op, VISIBILITY_ATTR)
            .and_then(|a| ctx.string_value(a)),
        Some("private") | Some("nested")
    )
}

/// Erases the dead private symbols of `table` (and of nested tables).
pub fn symbol_dce(ctx: &Context, ir: &mut Ir, table: OpId) -> u64 {
    let symbols = SymbolTable::build(ctx, ir, table);
    let children: Vec<OpId> = ir
        .regions(table)
        .iter()
        .flat_map(|&r| ir.region_blocks(r).to_vec())
        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .collect();
    let mut live: FxHashSet<OpId> = FxHashSet::default();
    let mut worklist = Vec::new();
    for &child in &children {
        if symbol_name(ctx, ir, child).is_none() || is_public(ctx, ir, child) {
            live.insert(child);
            worklist.push(child);
        }
    }
    while let Some(op) = worklist.pop() {
        ir.walk_preorder(op, &mut |nested| {
            for dict in [ir.properties(nested), ir.attributes(nested)] {
                SymbolUses::visit_symbol_refs(ctx, dict, &mut |name| {
                    if let Some(target) = symbols.lookup(ctx.str(name)) {
                        if live.insert(target) {
                            worklist.push(target);
                        }
                    }
                });
            }
        });
    }
    let mut erased = 0;
    for child in children {
        if !live.contains(&child) {
            if ir.erase_op(child).is_ok() {
                erased += 1;
            }
        } else if is_symbol_table(ctx, ir, child) {
            erased += symbol_dce(ctx, ir, child);
        }
    }
    erased
}
