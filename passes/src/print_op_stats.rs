//! `print-op-stats` (MLIR's `PrintOpStats`): counts ops by name and prints
//! MLIR's table to standard error (or as JSON with `json=true`).

use std::collections::BTreeMap;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::{Context, Ir, OpId};

#[derive(Clone, Default)]
pub struct PrintOpStats {
    pub json: bool,
}

/// Counts of each op name under `root` (inclusive), sorted by name.
pub fn op_counts(ctx: &Context, ir: &Ir, root: OpId) -> BTreeMap<String, u64> {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut by_name = rustc_hash::FxHashMap::default();
    ir.walk_preorder(root, &mut |op| {
        *by_name.entry(ir.op_name(op)).or_insert(0u64) += 1
    });
    for (name, n) in by_name {
        counts.insert(ctx.op_name_str(name).to_string(), n);
    }
    counts
}

/// MLIR's table: dialect right-aligned, op name left-aligned, count.
pub fn format_op_stats(counts: &BTreeMap<String, u64>) -> String {
    let split = |n: &str| -> (String, String) {
        match n.split_once('.') {
            Some((d, o)) => (d.to_string(), o.to_string()),
            None => (String::new(), n.to_string()),
        }
    };
    let max_dialect = counts.keys().map(|k| split(k).0.len()).max().unwrap_or(0);
    let max_op = counts.keys().map(|k| split(k).1.len()).max().unwrap_or(0);
    let mut out = String::from("Operations encountered:\n-----------------------\n");
    for (name, count) in counts {
        let (d, o) = split(name);
        out.push_str(&format!(
            "{:>dw$}.{:<ow$} , {}\n",
            d,
            o,
            count,
            dw = max_dialect + 2,
            ow = max_op
        ));
    }
    out
}

impl Pass for PrintOpStats {
    fn name(&self) -> &str {
        "PrintOpStats"
    }
    fn argument(&self) -> &str {
        "print-op-stats"
    }
    fn description(&self) -> &str {
        "Print statistics of operations"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![PassOption::bool(
            "json",
            "print the stats as JSON",
            &mut self.json,
        )]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let counts = op_counts(pc.ctx, pc.ir, pc.op);
        let text = if self.json {
            let items: Vec<String> = counts
                .iter()
                .map(|(k, v)| format!("\"{k}\" : {v}"))
                .collect();
            format!("{{\n{}\n}}\n", items.join(",\n"))
        } else {
            format_op_stats(&counts)
        };
        eprint!("{text}");
        pc.mark_all_analyses_preserved();
        Ok(())
    }
}
