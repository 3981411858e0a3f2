//! The saturated e-graph as an `eqsat` dialect listing: one `eqsat.class`
//! op per e-class (with its shape and element type), one `eqsat.node` per
//! e-node naming its operator, parameters and child classes. Classes are
//! printed children first, so the text reads top to bottom like IR. The
//! graph's `applied` attribute counts how often each rule changed the graph
//! during saturation, so a lit test can check that a rule fired even when
//! the extracted program does not use it.

use crate::analysis::TensorGraph;
use egg::Id;
use std::collections::HashSet;
use std::fmt::Write;

pub fn eqsat_text(name: &str, g: &TensorGraph, root: Id, applied: &[(String, usize)]) -> String {
    let root = g.find(root);
    let mut order = Vec::new();
    let mut seen = HashSet::new();
    // Iterative post-order over classes reachable from the root.
    let mut stack = vec![(root, false)];
    while let Some((c, done)) = stack.pop() {
        if done {
            order.push(c);
            continue;
        }
        if !seen.insert(c) {
            continue;
        }
        stack.push((c, true));
        for n in &g[c].nodes {
            for &k in n.children.iter() {
                let k = g.find(k);
                if !seen.contains(&k) {
                    stack.push((k, false));
                }
            }
        }
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "eqsat.graph @{name} root(%c{root}) {{classes = {}, nodes = {}, applied = {{{}}}}} {{",
        order.len(),
        order.iter().map(|&c| g[c].nodes.len()).sum::<usize>(),
        applied
            .iter()
            .map(|(rule, n)| format!("\"{rule}\" = {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for c in order {
        let d = &g[c].data;
        let shape = d
            .shape
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("x");
        let _ = writeln!(
            s,
            "  %c{c} = eqsat.class : tensor<{shape}x{}>{} {{",
            d.dtype.name(),
            if d.konst { " const" } else { "" }
        );
        let mut nodes: Vec<String> = g[c]
            .nodes
            .iter()
            .map(|n| {
                let kids: Vec<String> = n
                    .children
                    .iter()
                    .map(|&k| format!("%c{}", g.find(k)))
                    .collect();
                format!("    eqsat.node \"{n}\"({})", kids.join(", "))
            })
            .collect();
        nodes.sort();
        for n in nodes {
            let _ = writeln!(s, "{n}");
        }
        let _ = writeln!(s, "  }}");
    }
    s.push_str("}\n");
    s
}
