//! Extraction: choosing one term per e-class by a target's cost.
//!
//! - **Greedy** (`egg::Extractor`): bottom-up, each class takes its cheapest
//!   node given its children's best costs. Fast; counts a shared subterm
//!   once per use (tree cost).
//! - **ILP** (`good_lp` with the pure-Rust `microlp` solver): one binary per
//!   node, the root class must choose one node, a chosen node needs one
//!   chosen node in each child class, and level variables forbid cycles.
//!   The objective counts every chosen node once (DAG cost), so shared
//!   subterms (a weight pack used by two convolutions) are paid once. The
//!   problem grows with the graph and `microlp` (branch and bound, no time
//!   limit) blows up well before the graph does: on chains of 3-channel
//!   convolutions (VTA) it took 0.16 s at 395 nodes, 4.4 s at 789 and had
//!   not finished after 150 s at 1577. Above [`ILP_MAX_NODES`] reachable
//!   nodes the extractor therefore declines and the caller falls back to
//!   greedy, saying so (the remark names the node count and the limit).
//!   Every single layer of ResNet-18 and DeepBench stays far below it
//!   (at most 226 nodes under the default limits).

use crate::analysis::TensorGraph;
use crate::cost::{local_cost, Cost, CostModel, GraphCost};
use crate::lang::TNode;
use egg::{Id, Language, RecExpr};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The largest graph (reachable nodes) the ILP extractor accepts.
pub const ILP_MAX_NODES: usize = 600;

/// How the cheapest program is taken out of the e-graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExtractMode {
    Greedy,
    Ilp,
}

/// Each mode with its spelling and description: the pass option's values.
pub const EXTRACT_MODES: &[(ExtractMode, &str, &str)] = &[
    (
        ExtractMode::Greedy,
        "greedy",
        "the cheapest tree per class (egg's extractor)",
    ),
    (
        ExtractMode::Ilp,
        "ilp",
        "the cheapest DAG by integer programming, greedy above the node bound",
    ),
];

impl ExtractMode {
    pub fn parse(s: &str) -> Option<Self> {
        EXTRACT_MODES.iter().find(|m| m.1 == s).map(|m| m.0)
    }
    pub fn name(self) -> &'static str {
        EXTRACT_MODES
            .iter()
            .find(|m| m.0 == self)
            .map_or("", |m| m.1)
    }
}

#[cfg(feature = "ir")]
impl strata_ir::pass::OptionEnum for ExtractMode {
    const VALUES: &'static [(Self, &'static str, &'static str)] = EXTRACT_MODES;
}

/// The cheapest term of `root` by tree cost.
pub fn greedy(egraph: &TensorGraph, model: &dyn CostModel, root: Id) -> (Cost, RecExpr<TNode>) {
    let extractor = egg::Extractor::new(egraph, GraphCost { egraph, model });
    extractor.find_best(root)
}

/// The DAG cost of `expr` (each distinct node once) evaluated in `egraph`.
pub fn dag_cost(egraph: &TensorGraph, model: &dyn CostModel, expr: &RecExpr<TNode>) -> Cost {
    // Map expr ids to graph classes, so nodes are costed with the graph's data.
    let mut ids: Vec<Id> = Vec::with_capacity(expr.len());
    let mut seen = HashSet::new();
    let mut total = Cost::default();
    for (_, node) in expr.items() {
        let mapped = node.clone().map_children(|c| ids[usize::from(c)]);
        let Some(class) = egraph.lookup(mapped.clone()) else {
            return Cost::INFINITE;
        };
        ids.push(class);
        if seen.insert(mapped.clone()) {
            total += local_cost(egraph, model, &mapped);
        }
    }
    total
}

/// Optimal DAG extraction by integer linear programming.
pub fn ilp(
    egraph: &TensorGraph,
    model: &dyn CostModel,
    root: Id,
) -> Result<(Cost, RecExpr<TNode>), String> {
    use good_lp::{
        constraint, microlp, variable, Expression, ProblemVariables, Solution, SolverModel,
    };

    let root = egraph.find(root);
    // Reachable classes and their finite-cost nodes.
    let mut classes: BTreeMap<Id, Vec<(TNode, f64)>> = BTreeMap::new();
    let mut stack = vec![root];
    while let Some(c) = stack.pop() {
        if classes.contains_key(&c) {
            continue;
        }
        let mut nodes = Vec::new();
        for n in &egraph[c].nodes {
            let cost = local_cost(egraph, model, n).total;
            // A node whose child is its own class can never be chosen.
            if cost.is_finite() && !n.children.iter().any(|&k| egraph.find(k) == c) {
                nodes.push((n.clone(), cost));
            }
        }
        for (n, _) in &nodes {
            for &k in n.children.iter() {
                stack.push(egraph.find(k));
            }
        }
        classes.insert(c, nodes);
    }
    let total_nodes: usize = classes.values().map(Vec::len).sum();
    if total_nodes > ILP_MAX_NODES {
        return Err(format!(
            "{total_nodes} nodes exceed the ILP limit of {ILP_MAX_NODES}"
        ));
    }
    let mut vars = ProblemVariables::new();
    let k = classes.len() as f64;
    let mut pick: HashMap<(Id, usize), good_lp::Variable> = HashMap::new();
    let mut level: HashMap<Id, good_lp::Variable> = HashMap::new();
    for (&c, nodes) in &classes {
        level.insert(c, vars.add(variable().min(0.0).max(k)));
        for i in 0..nodes.len() {
            pick.insert((c, i), vars.add(variable().binary()));
        }
    }
    let objective: Expression = classes
        .iter()
        .flat_map(|(&c, nodes)| {
            let pick = &pick;
            nodes
                .iter()
                .enumerate()
                .map(move |(i, (_, cost))| *cost * pick[&(c, i)])
        })
        .sum();
    let mut problem = vars.minimise(objective).using(microlp);
    let chosen_in = |c: Id| -> Expression {
        (0..classes[&c].len())
            .map(|i| Expression::from(pick[&(c, i)]))
            .sum()
    };
    problem = problem.with(constraint!(chosen_in(root) == 1.0));
    for (&c, nodes) in &classes {
        for (i, (n, _)) in nodes.iter().enumerate() {
            let x = pick[&(c, i)];
            for &kid in n.children.iter() {
                let kid = egraph.find(kid);
                problem = problem.with(constraint!(x - chosen_in(kid) <= 0.0));
                // level[c] >= level[kid] + 1 when x is chosen.
                problem = problem.with(constraint!(level[&c] - level[&kid] - (k + 1.0) * x >= -k));
            }
        }
    }
    let solution = problem.solve().map_err(|e| format!("ILP: {e}"))?;
    // Rebuild the chosen term.
    let mut expr = RecExpr::default();
    let mut memo: HashMap<Id, Id> = HashMap::new();
    fn build(
        c: Id,
        egraph: &TensorGraph,
        classes: &BTreeMap<Id, Vec<(TNode, f64)>>,
        chosen: &dyn Fn(Id, usize) -> bool,
        expr: &mut RecExpr<TNode>,
        memo: &mut HashMap<Id, Id>,
        depth: usize,
    ) -> Result<Id, String> {
        if let Some(&id) = memo.get(&c) {
            return Ok(id);
        }
        if depth > classes.len() {
            return Err("ILP solution has a cycle".into());
        }
        let nodes = &classes[&c];
        let i = (0..nodes.len())
            .find(|&i| chosen(c, i))
            .ok_or("ILP solution leaves a class empty")?;
        let node = nodes[i].0.clone();
        let mut kids = Vec::new();
        for &k in node.children.iter() {
            kids.push(build(
                egraph.find(k),
                egraph,
                classes,
                chosen,
                expr,
                memo,
                depth + 1,
            )?);
        }
        let id = expr.add(TNode::new(node.op, &kids));
        memo.insert(c, id);
        Ok(id)
    }
    let chosen = |c: Id, i: usize| solution.value(pick[&(c, i)]) > 0.5;
    build(root, egraph, &classes, &chosen, &mut expr, &mut memo, 0)?;
    let cost = dag_cost(egraph, model, &expr);
    Ok((cost, expr))
}
