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
use crate::cost::{local_cost, Cost, CostModel};
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
    (ExtractMode::Greedy, "greedy", "the cheapest tree per class"),
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

/// The cheapest term of `root` by tree cost (`None` when every term of
/// `root` has a node the model cannot cost).
pub fn greedy(
    egraph: &TensorGraph,
    model: &dyn CostModel,
    root: Id,
) -> Option<(Cost, RecExpr<TNode>)> {
    GreedyChoice::new(egraph, model).find_best(root)
}

/// The cheapest node of every class by tree cost (a node costs its own
/// [`local_cost`] plus its children's best), computed once for the whole
/// graph so the best term of any class is then a walk.
///
/// Classes are settled in order of cost from the leaves up (Knuth's
/// generalisation of Dijkstra: a node becomes a candidate when its last
/// child class is settled, and costs never decrease towards the root), so
/// each node's local cost is computed once and each node is queued once.
/// egg's `Extractor` instead sweeps every class until nothing changes,
/// which on a chain of `n` layout ops is `n` sweeps of `n` classes: 6000
/// chained transposes took seconds after saturation had stopped.
///
/// Among nodes of equal cost the smaller term wins (a pack over a transpose
/// of reshapes), then the first in the class.
pub struct GreedyChoice<'a> {
    egraph: &'a TensorGraph,
    best: HashMap<Id, (Cost, usize)>,
}

impl<'a> GreedyChoice<'a> {
    pub fn new(egraph: &'a TensorGraph, model: &dyn CostModel) -> Self {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        /// A candidate for a class: its total cost and term size, ordered
        /// by cost, then size.
        #[derive(PartialEq)]
        struct Candidate(f64, usize, Id);
        impl Eq for Candidate {}
        impl PartialOrd for Candidate {
            fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(o))
            }
        }
        impl Ord for Candidate {
            fn cmp(&self, o: &Self) -> std::cmp::Ordering {
                self.0
                    .total_cmp(&o.0)
                    .then(self.1.cmp(&o.1))
                    .then(self.2.cmp(&o.2))
            }
        }
        // Each node's local cost, its unsettled child classes, and the
        // nodes waiting on each class.
        let mut local: HashMap<(Id, usize), Cost> = HashMap::new();
        let mut waiting: HashMap<(Id, usize), usize> = HashMap::new();
        let mut parents: HashMap<Id, Vec<(Id, usize)>> = HashMap::new();
        let mut heap = BinaryHeap::new();
        for class in egraph.classes() {
            for (i, node) in class.nodes.iter().enumerate() {
                let cost = local_cost(egraph, model, node);
                if !cost.total.is_finite() {
                    continue;
                }
                local.insert((class.id, i), cost);
                let kids: HashSet<Id> = node.children.iter().map(|&k| egraph.find(k)).collect();
                if kids.is_empty() {
                    heap.push(Reverse(Candidate(cost.total, 1, class.id)));
                }
                waiting.insert((class.id, i), kids.len());
                for k in kids {
                    parents.entry(k).or_default().push((class.id, i));
                }
            }
        }
        // Each settled class's cost and term size.
        let mut settled: HashMap<Id, (Cost, usize)> = HashMap::new();
        let total_of = |settled: &HashMap<Id, (Cost, usize)>, class: Id, i: usize| {
            egraph[class].nodes[i].children.iter().fold(
                (local[&(class, i)], 1),
                |(cost, size), &k| {
                    let (kid_cost, kid_size) = settled[&egraph.find(k)];
                    (cost + kid_cost, size + kid_size)
                },
            )
        };
        let key = |(cost, size): &(Cost, usize)| (cost.total, *size);
        let mut best = HashMap::new();
        while let Some(Reverse(Candidate(_, _, class))) = heap.pop() {
            if settled.contains_key(&class) {
                continue;
            }
            // The class's cheapest node among those whose children are settled.
            let (i, choice) = (0..egraph[class].nodes.len())
                .filter(|&i| waiting.get(&(class, i)) == Some(&0))
                .map(|i| (i, total_of(&settled, class, i)))
                .min_by(|a, b| {
                    let (a, b) = (key(&a.1), key(&b.1));
                    a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
                })
                .expect("a queued class has a ready node");
            settled.insert(class, choice);
            best.insert(class, (choice.0, i));
            for &(parent, i) in parents.get(&class).into_iter().flatten() {
                let left = waiting
                    .get_mut(&(parent, i))
                    .expect("a parent node is counted");
                *left -= 1;
                if *left == 0 && !settled.contains_key(&parent) {
                    let (cost, size) = total_of(&settled, parent, i);
                    heap.push(Reverse(Candidate(cost.total, size, parent)));
                }
            }
        }
        GreedyChoice { egraph, best }
    }

    /// The cost of the cheapest term of `class` (infinite when it has none).
    pub fn cost(&self, class: Id) -> Cost {
        self.best
            .get(&self.egraph.find(class))
            .map_or(Cost::INFINITE, |b| b.0)
    }

    /// The cheapest term of `class` (`None` when it has no finite-cost term).
    pub fn find_best(&self, class: Id) -> Option<(Cost, RecExpr<TNode>)> {
        let (cost, _) = *self.best.get(&self.egraph.find(class))?;
        // Every child class of a settled node is settled.
        let node = |c: Id| {
            let (_, i) = self.best[&self.egraph.find(c)];
            self.egraph[c].nodes[i].clone()
        };
        Some((cost, node(class).build_recexpr(node)))
    }
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
