//! Small builders shared by the integration tests.
#![allow(dead_code)]
use strata_tileflow::*;

pub fn tl(dim: usize, extent: u64, step: i64) -> Loop {
    Loop {
        dim,
        extent,
        step,
        kind: LoopKind::Temporal,
    }
}
pub fn sp(dim: usize, extent: u64, step: i64) -> Loop {
    Loop {
        dim,
        extent,
        step,
        kind: LoopKind::Spatial,
    }
}
pub fn acc(tensor: usize, coeffs: &[&[i64]], write: bool) -> Access {
    Access {
        tensor,
        coeffs: coeffs.iter().map(|r| r.to_vec()).collect(),
        offsets: vec![0; coeffs.len()],
        write,
    }
}
pub fn leaf(name: &str, accesses: Vec<Access>) -> Node {
    Node::Leaf(Leaf {
        name: name.into(),
        accesses,
    })
}
pub fn tile(level: usize, loops: Vec<Loop>, scope: Scope, children: Vec<Node>) -> Tile {
    Tile {
        level,
        loops,
        scope,
        children,
    }
}
pub fn tensors(names: &[(&str, usize)]) -> Vec<Tensor> {
    names
        .iter()
        .map(|(n, r)| Tensor {
            name: n.to_string(),
            rank: *r,
        })
        .collect()
}
