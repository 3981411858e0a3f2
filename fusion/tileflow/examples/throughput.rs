//! Analysis throughput on small trees (a two-level tiled GEMM with varying
//! tile sizes): `cargo run --release -p strata-tileflow --example throughput`.
use std::time::Instant;
use strata_tileflow::*;

fn gemm(ti: u64, tj: u64, tk: u64) -> Tree {
    let t = |dim, extent, step| Loop {
        dim,
        extent,
        step,
        kind: LoopKind::Temporal,
    };
    let a = |tensor, coeffs: [[i64; 3]; 2], write| Access {
        tensor,
        coeffs: coeffs.iter().map(|r| r.to_vec()).collect(),
        offsets: vec![0, 0],
        write,
    };
    let op = Node::Leaf(Leaf {
        name: "matmul".into(),
        accesses: vec![
            a(0, [[1, 0, 0], [0, 0, 1]], false),
            a(1, [[0, 0, 1], [0, 1, 0]], false),
            a(2, [[1, 0, 0], [0, 1, 0]], true),
        ],
    });
    let mut sp = t(0, ti, 1);
    sp.kind = LoopKind::Spatial;
    let reg = Tile {
        level: 0,
        loops: vec![sp, t(1, tj, 1), t(2, tk, 1)],
        scope: Scope::Seq,
        children: vec![op],
    };
    Tree {
        dims: vec!["i".into(), "j".into(), "k".into()],
        tensors: ["A", "B", "C"]
            .iter()
            .map(|n| Tensor {
                name: n.to_string(),
                rank: 2,
            })
            .collect(),
        root: Tile {
            level: 1,
            loops: vec![t(0, 4, ti as i64), t(1, 4, tj as i64), t(2, 2, tk as i64)],
            scope: Scope::Seq,
            children: vec![Node::Tile(reg)],
        },
    }
}

fn main() {
    let arch = Arch::builtin("edge").unwrap();
    let trees: Vec<Tree> = (1..=2)
        .flat_map(|i| (1..=2).flat_map(move |j| (1..=2).map(move |k| gemm(i, j, k))))
        .collect();
    let n = 200_000usize;
    let start = Instant::now();
    let mut sink = 0u64;
    for i in 0..n {
        let r = analyze(&trees[i % trees.len()], &arch).unwrap();
        sink = sink.wrapping_add(r.tiles[0][0].fills);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} trees in {secs:.3} s: {:.0} trees/s (checksum {sink})",
        n as f64 / secs
    );
}
