//! `symbol-dce` (MLIR's `SymbolDCE`): erases the symbols no live op can
//! refer to, in the symbol table the pass runs on and in the tables nested
//! in it.
//!
//! Liveness starts from what may be used from outside: every op of a table
//! that is not a symbol, and every symbol that cannot be discarded. A
//! symbol can be discarded when it is not public and either it is private
//! or its table is *hidden*: no op outside the table can name its symbols.
//! The table the pass runs on is hidden unless it is itself a non-private
//! symbol nested in other IR (`builtin.module(builtin.module(symbol-dce))`
//! on `module @m` keeps `nested` symbols, on `module @m attributes
//! {sym_visibility = "private"}` it does not); a nested table is hidden when
//! its parent table is, or when it is private or not a symbol.
//!
//! From the live ops, every symbol reference they hold marks what it names
//! live, and `@outer::@inner` marks both `@outer` and `@inner`. A live
//! symbol table has its own symbols' liveness computed the same way; a live
//! op that is not a table has the ops with regions inside it examined too,
//! so that tables nested in function bodies are found. Uses cannot be
//! computed across an op of an unloaded dialect with one region (it may be
//! a symbol table): the pass fails there rather than guess.

use rustc_hash::FxHashSet;
use smallvec::SmallVec;
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::symbol_table::{
    is_symbol, is_symbol_table, visibility, walk_symbol_uses, SymbolTableCollection, Visibility,
};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Attribute, Context, DiagResult, Diagnostic, Ir, OpId};

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
        let erased = symbol_dce(pc.ctx, pc.ir, op, pc.nested)?;
        pc.add_statistic("num-dce'd", "Number of symbols DCE'd", erased);
        if erased == 0 {
            pc.mark_all_analyses_preserved();
        }
        Ok(())
    }
}

/// Erases the dead symbols of the symbol table `table` and of the tables
/// nested in it; returns how many were erased. `nested`: `table` has a
/// parent op, whose other ops may name its symbols.
pub fn symbol_dce(ctx: &Context, ir: &mut Ir, table: OpId, nested: bool) -> DiagResult<u64> {
    let hidden =
        !nested || !is_symbol(ctx, ir, table) || visibility(ctx, ir, table) == Visibility::Private;
    let mut live = FxHashSet::default();
    let mut symbol_tables = SymbolTableCollection::new();
    compute_liveness(ctx, ir, table, hidden, &mut symbol_tables, &mut live)?;
    drop(symbol_tables);

    // Inner tables first, so that an erased symbol's nested tables are
    // never visited after it.
    let mut tables = Vec::new();
    ir.walk_postorder(table, &mut |op| {
        if is_symbol_table(ctx, ir, op) {
            tables.push(op);
        }
    });
    let mut erased = 0;
    for table in tables {
        let dead: Vec<OpId> = ir
            .regions(table)
            .iter()
            .flat_map(|&r| ir.region_blocks(r))
            .flat_map(|&b| ir.block_ops(b))
            .filter(|&op| is_symbol(ctx, ir, op) && !live.contains(&op))
            .collect();
        for op in dead {
            if ir.erase_op(op).is_ok() {
                erased += 1;
            }
        }
    }
    Ok(erased)
}

/// Marks live the symbols of `table` that may be used (see the module doc)
/// and, transitively, everything those uses reach.
fn compute_liveness(
    ctx: &Context,
    ir: &Ir,
    table: OpId,
    hidden: bool,
    symbol_tables: &mut SymbolTableCollection,
    live: &mut FxHashSet<OpId>,
) -> DiagResult<()> {
    let mut worklist: Vec<OpId> = Vec::new();
    for &region in ir.regions(table) {
        for &block in ir.region_blocks(region) {
            for op in ir.block_ops(block) {
                if !is_symbol(ctx, ir, op) {
                    worklist.push(op);
                    continue;
                }
                let visibility = visibility(ctx, ir, op);
                let discardable = visibility != Visibility::Public
                    && (hidden || visibility == Visibility::Private);
                if !discardable && live.insert(op) {
                    worklist.push(op);
                }
            }
        }
    }

    let mut resolved: SmallVec<[OpId; 4]> = SmallVec::new();
    let mut references: Vec<Attribute> = Vec::new();
    while let Some(op) = worklist.pop() {
        if is_symbol_table(ctx, ir, op) {
            let nested_hidden =
                hidden || !is_symbol(ctx, ir, op) || visibility(ctx, ir, op) == Visibility::Private;
            compute_liveness(ctx, ir, op, nested_hidden, symbol_tables, live)?;
        } else {
            // Symbol tables may sit anywhere inside a live op.
            for &region in ir.regions(op) {
                for &block in ir.region_blocks(region) {
                    worklist.extend(ir.block_ops(block).filter(|&o| !ir.regions(o).is_empty()));
                }
            }
        }

        // Only an op directly in a table resolves its uses against it; the
        // uses of ops further in were collected with their ancestor.
        let Some(parent) = ir.parent_op(op).filter(|&p| is_symbol_table(ctx, ir, p)) else {
            continue;
        };
        references.clear();
        walk_symbol_uses(ctx, ir, op, &mut |_, reference| references.push(reference)).map_err(
            |_| {
                let mut diag = Diagnostic::error(
                    ir.op_loc(op),
                    "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
                );
                diag.op = Some(op);
                diag
            },
        )?;
        for &reference in &references {
            resolved.clear();
            // References to unknown symbols keep nothing alive.
            if !symbol_tables.lookup_symbol_path_in(ctx, ir, parent, reference, &mut resolved) {
                continue;
            }
            for &symbol in &resolved {
                if live.insert(symbol) {
                    worklist.push(symbol);
                }
            }
        }
    }
    Ok(())
}
