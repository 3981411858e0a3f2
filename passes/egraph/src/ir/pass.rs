//! `egraph-layout`: layout rewriting of a function by equality saturation.
//!
//! `strata-opt --pass-pipeline='builtin.module(func.func(egraph-layout{target=vta}))'`
//!
//! Imports the function into a term, saturates it under the limits,
//! extracts the cheapest program for the target and re-materialises it as
//! tensor/linalg IR. One remark per convolution / matmul reports the MACs
//! of the chosen program (padding waste included) next to `padded-macs`,
//! the MACs of the plain layout that pads channels to the intrinsic.
//! `dump=true` prints the saturated graph as an `eqsat` listing on stderr;
//! `verify=true` runs the function before and after on random integer data
//! and fails on any difference (f32 functions: `strata-opt
//! --verify-equivalence`, which allows a few ulps for the reordered sums). Functions the importer does not understand
//! are left alone with a remark saying why.

use super::{dump, exec, export, import};
use crate::engine::{optimize, stop_reason_text, strategy_where, total_macs, Options};
use crate::eval::Rng;
use crate::extract::{ExtractMode, GreedyChoice};
use crate::lang::Op;
use crate::Target;
use std::time::Duration;
use strata_ir::builder::OpBuilder;
use strata_ir::pass::{Pass, PassContext, PassFailure, PassOption, PassResult};
use strata_ir::{Diagnostic, InsertPoint};

/// The most input elements `verify=true` draws (and runs the function on,
/// twice): 2^24, a few hundred MB of interpreter values.
const VERIFY_MAX_ELEMENTS: i64 = 1 << 24;

#[derive(Clone)]
pub struct EGraphLayout {
    pub target: String,
    pub node_limit: i64,
    pub iter_limit: i64,
    pub time_limit_ms: i64,
    pub extract: ExtractMode,
    pub disable: Vec<String>,
    pub dump: bool,
    pub verify: bool,
}

impl Default for EGraphLayout {
    fn default() -> Self {
        EGraphLayout {
            target: "vta".into(),
            node_limit: crate::engine::DEFAULT_NODE_LIMIT as i64,
            iter_limit: crate::engine::DEFAULT_ITER_LIMIT as i64,
            time_limit_ms: crate::engine::DEFAULT_TIME_LIMIT.as_millis() as i64,
            extract: ExtractMode::Greedy,
            disable: Vec::new(),
            dump: false,
            verify: false,
        }
    }
}

impl Pass for EGraphLayout {
    fn name(&self) -> &str {
        "EGraphLayout"
    }
    fn argument(&self) -> &str {
        "egraph-layout"
    }
    fn description(&self) -> &str {
        "Layout rewriting by equality saturation (im2col, stencil unroll, image pack, padding, blocked layouts) with a target cost model"
    }
    fn anchor(&self) -> Option<&str> {
        Some(strata_dialect_func::FuncOp::NAME)
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::string("target", "Cost model: vta, vnni or amx", &mut self.target)
                .check(check_target),
            PassOption::int("node-limit", "Maximum e-nodes", &mut self.node_limit)
                .range(1, i64::MAX),
            PassOption::int(
                "iter-limit",
                "Maximum saturation iterations",
                &mut self.iter_limit,
            )
            .range(1, i64::MAX),
            PassOption::int(
                "time-limit-ms",
                "Maximum saturation time in ms",
                &mut self.time_limit_ms,
            )
            .range(1, i64::MAX),
            PassOption::choice("extract", "Extraction", &mut self.extract),
            PassOption::string_list("disable", "Rules to leave out", &mut self.disable)
                .check(check_rule_names),
            PassOption::bool(
                "dump",
                "Print the saturated e-graph (eqsat) on stderr",
                &mut self.dump,
            ),
            PassOption::bool(
                "verify",
                "Run before and after on random data",
                &mut self.verify,
            ),
        ]
    }

    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let func = pc.op();
        let loc = pc.ir().op_loc(func);
        let fail = |m: String| PassFailure::from(Diagnostic::error(loc, m));
        let target = Target::by_name(&self.target)
            .ok_or_else(|| fail(format!("unknown target '{}'", self.target)))?;
        let extract = self.extract;
        let fname = strata_ir::symbol_table::symbol_name(ctx, pc.ir(), func)
            .unwrap_or("f")
            .to_string();
        let imported = match import::import(ctx, pc.ir(), func) {
            Ok(i) => i,
            Err(why) => {
                pc.emit(Diagnostic::remark(
                    loc,
                    format!("egraph-layout: skipped: {why}"),
                ));
                return Ok(());
            }
        };
        let opts = Options {
            node_limit: self.node_limit.max(1) as usize,
            iter_limit: self.iter_limit.max(1) as usize,
            time_limit: Duration::from_millis(self.time_limit_ms.max(1) as u64),
            extract,
            disable: self.disable.clone(),
        };
        let out = optimize(&imported.expr, imported.analysis.clone(), &target, &opts);
        if self.dump {
            eprint!(
                "{}",
                dump::eqsat_text(&fname, &out.egraph, out.root, &out.applied)
            );
        }
        // One remark per contraction of the input, read from the program
        // extraction chose (ILP's or greedy's) where it computes that
        // layer, else from the greedy choice of the layer's class (a layer
        // fused into its consumer has no class of its own in the program).
        let stop = stop_reason_text(&out.stop);
        let choice = GreedyChoice::new(&out.egraph, &target);
        let best_classes = classes_of(&out.egraph, &out.best);
        let mut node_of_class = std::collections::HashMap::new();
        for (i, c) in best_classes.iter().enumerate() {
            if let Some(c) = c {
                node_of_class.entry(*c).or_insert(i);
            }
        }
        let program = |class: egg::Id| -> Option<egg::RecExpr<crate::TNode>> {
            match node_of_class.get(&out.egraph.find(class)) {
                Some(&i) => Some(import::subterm(&out.best, egg::Id::from(i))),
                None => choice.find_best(class).map(|b| b.1),
            }
        };
        for c in &imported.contractions {
            let sub = import::subterm(&imported.expr, c.term);
            let Some(class) = out.egraph.lookup_expr(&sub) else {
                continue;
            };
            let node = &sub.as_ref()[sub.as_ref().len() - 1];
            let kid_class = |i: usize| {
                out.egraph
                    .lookup_expr(&import::subterm(&sub, node.children[i]))
                    .unwrap_or(class)
            };
            let (Some(best), Some(x_best), Some(w_best)) =
                (program(class), program(kid_class(0)), program(kid_class(1)))
            else {
                continue;
            };
            // This layer's MACs: its program's minus those of its operands'
            // programs (an earlier layer feeding it).
            let operand_macs =
                total_macs(&x_best, &imported.analysis) + total_macs(&w_best, &imported.analysis);
            let chosen = (total_macs(&best, &imported.analysis) - operand_macs) as i64;
            // Likewise the strategy names only this layer's rewrites.
            let operand_classes: std::collections::HashSet<_> = [&x_best, &w_best]
                .into_iter()
                .flat_map(|e| classes_of(&out.egraph, e))
                .flatten()
                .collect();
            let layer_classes = classes_of(&out.egraph, &best);
            let layer_strategy = strategy_where(&best, |i| {
                layer_classes[i].is_none_or(|c| !operand_classes.contains(&c))
            });
            let kid = |i: usize| out.egraph[kid_class(i)].data.shape.clone();
            let (xs, ws) = (kid(0), kid(1));
            let os = out.egraph[class].data.shape.clone();
            let padded = match node.op {
                Op::Conv2d { .. } => {
                    target.padded_conv_macs(xs[0], xs[1], ws[0], os[2] * os[3], ws[2] * ws[3])
                }
                _ => target.padded_conv_macs(xs[0], xs[1], ws[1], 1, 1),
            };
            pc.emit(Diagnostic::remark(
                c.loc,
                format!(
                    "egraph-layout: {} target={} chosen-macs={chosen} padded-macs={padded} strategy={} stop={stop} iterations={} nodes={} classes={} extract={}",
                    c.name,
                    target.name,
                    layer_strategy.join("+"),
                    out.iterations,
                    out.egraph.total_size(),
                    out.egraph.number_of_classes(),
                    out.extracted_by.name(),
                ),
            ));
        }
        if let Some(note) = &out.note {
            pc.emit(Diagnostic::remark(
                loc,
                format!("egraph-layout: ILP declined, greedy used: {note}"),
            ));
        }
        // verify=true compares bit for bit on integers; a float function's
        // summation order changes with the layout, so it is left to
        // strata-opt --verify-equivalence and its ulp tolerance.
        let floats = imported.args.iter().any(|a| !a.2.is_int());
        if self.verify && floats {
            pc.emit(Diagnostic::remark(
                loc,
                "egraph-layout: verify=true compares integers only; use --verify-equivalence (ulp tolerance) for f32".to_string(),
            ));
        }
        let verify = self.verify && !floats;
        let mut inputs: Vec<crate::eval::Tensor> = Vec::new();
        if verify {
            // Each argument's count fits an i64 (the importer checked); their
            // sum may not.
            let elements = imported
                .args
                .iter()
                .fold(0i64, |n, a| n.saturating_add(a.1.iter().product()));
            if elements > VERIFY_MAX_ELEMENTS {
                return Err(fail(format!(
                    "egraph-layout: verify=true would run the function on {elements} random input elements, more than its limit of {VERIFY_MAX_ELEMENTS}"
                )));
            }
            let mut rng = Rng(0x5eed);
            inputs = imported
                .args
                .iter()
                .map(|(_, s, dt)| rng.tensor(s, *dt))
                .collect();
        }
        let before = if verify {
            Some(
                exec::run(ctx, pc.ir(), func, &inputs)
                    .map_err(|e| fail(format!("verify (before): {e}")))?,
            )
        } else {
            None
        };
        // Re-materialise: the new body is built in a block after the old
        // one, which goes once the new one is complete.
        let ir = pc.ir_mut();
        let region = ir.region(func, 0);
        let old: Vec<_> = ir.region_blocks(region).to_vec();
        let param_types: Vec<_> = ir
            .block_args(old[0])
            .iter()
            .map(|&a| ir.value_type(a))
            .collect();
        let block = ir.append_block(region, &param_types);
        let params = ir.block_args(block).to_vec();
        let mut b = OpBuilder::at(ctx, ir, InsertPoint::BlockEnd(block));
        b.loc = loc;
        if let Err(why) = export::build_body(
            &mut b,
            &params,
            &imported.args,
            &out.best,
            &imported.analysis,
        ) {
            ir.erase_block(block);
            return Err(fail(why));
        }
        for b in old {
            ir.erase_block(b);
        }
        // What the builders cannot check (types that must agree across
        // ops), checked before the new body runs.
        strata_ir::verifier::verify(ctx, pc.ir(), func)
            .map_err(|d| fail(format!("egraph-layout produced invalid IR: {}", d.message)))?;
        if let Some(before) = before {
            let after = exec::run(ctx, pc.ir(), func, &inputs)
                .map_err(|e| fail(format!("verify (after): {e}")))?;
            if before != after {
                return Err(fail(
                    "egraph-layout: results differ before and after".into(),
                ));
            }
            let n: usize = after.iter().map(|t| t.data.len()).sum();
            pc.emit(Diagnostic::remark(
                loc,
                format!("egraph-layout: verified bit-exact on random inputs ({n} elements)"),
            ));
        }
        Ok(())
    }
}

/// `target=`: one of the cost models.
fn check_target(text: &str) -> Result<(), String> {
    match Target::by_name(text) {
        Some(_) => Ok(()),
        None => Err(format!(
            "unknown target '{text}' (expected vta, vnni or amx)"
        )),
    }
}

/// `disable=`: names of rules.
fn check_rule_names(text: &str) -> Result<(), String> {
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if !crate::rules::RULE_NAMES.contains(&name) {
            return Err(format!(
                "unknown rule '{name}' (rules: {})",
                crate::rules::RULE_NAMES.join(", ")
            ));
        }
    }
    Ok(())
}

/// The e-class of each node of `expr` in `g` (`None` once a node is not in
/// the graph).
fn classes_of(g: &crate::TensorGraph, expr: &egg::RecExpr<crate::TNode>) -> Vec<Option<egg::Id>> {
    let mut ids: Vec<Option<egg::Id>> = Vec::with_capacity(expr.len());
    for (_, node) in expr.items() {
        let kids: Option<Vec<egg::Id>> =
            node.children.iter().map(|&c| ids[usize::from(c)]).collect();
        ids.push(kids.and_then(|k| g.lookup(crate::TNode::new(node.op.clone(), &k))));
    }
    ids
}
