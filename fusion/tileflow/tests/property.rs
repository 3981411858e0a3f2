//! analysis == brute-force simulation on seeded random small trees.
mod common;
use common::*;
use strata_tileflow::*;

/// splitmix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

fn random_tree(rng: &mut Rng) -> Tree {
    let ndims = 1 + rng.below(3) as usize;
    let ntensors = 1 + rng.below(3) as usize;
    let ranks: Vec<usize> = (0..ntensors).map(|_| 1 + rng.below(2) as usize).collect();
    fn leaf_node(rng: &mut Rng, ndims: usize, ranks: &[usize], n: usize) -> Node {
        let accesses = (0..1 + rng.below(3))
            .map(|_| {
                let t = rng.below(ranks.len() as u64) as usize;
                Access {
                    tensor: t,
                    coeffs: (0..ranks[t])
                        .map(|_| (0..ndims).map(|_| rng.range(-1, 2)).collect())
                        .collect(),
                    offsets: (0..ranks[t]).map(|_| rng.range(0, 2)).collect(),
                    write: rng.below(3) == 0,
                }
            })
            .collect();
        leaf(&format!("op{n}"), accesses)
    }
    fn tile_node(rng: &mut Rng, ndims: usize, ranks: &[usize], level: usize, depth: u32) -> Tile {
        let loops = (0..rng.below(3))
            .map(|_| {
                let (d, e, s) = (
                    rng.below(ndims as u64) as usize,
                    1 + rng.below(3),
                    rng.range(1, 3),
                );
                if rng.below(3) == 0 {
                    sp(d, e, s)
                } else {
                    tl(d, e, s)
                }
            })
            .collect();
        let scope = [Scope::Seq, Scope::Shar, Scope::Para, Scope::Pipe][rng.below(4) as usize];
        let children = (0..1 + rng.below(2))
            .map(|n| {
                if depth > 0 && rng.below(2) == 0 {
                    let l = level.saturating_sub(rng.below(2) as usize);
                    Node::Tile(tile_node(rng, ndims, ranks, l, depth - 1))
                } else {
                    leaf_node(rng, ndims, ranks, n as usize)
                }
            })
            .collect();
        tile(level, loops, scope, children)
    }
    Tree {
        dims: (0..ndims).map(|d| format!("d{d}")).collect(),
        tensors: ranks
            .iter()
            .enumerate()
            .map(|(i, r)| Tensor {
                name: format!("T{i}"),
                rank: *r,
            })
            .collect(),
        root: tile_node(rng, ndims, &ranks, 2, 2),
    }
}

const CASES: u64 = 400;

#[test]
fn analysis_equals_simulation() {
    let arch = Arch::builtin("edge").unwrap();
    let mut nonzero = 0;
    for seed in 0..CASES {
        let tree = random_tree(&mut Rng(seed));
        let r = analyze(&tree, &arch).unwrap();
        let s = sim::simulate(&tree).unwrap();
        assert_eq!(r.tiles, s.tiles, "seed {seed}: {tree:#?}");
        assert_eq!(r.ops, s.ops, "seed {seed}");
        if r.tiles.iter().flatten().any(|t| t.fills > 0) {
            nonzero += 1;
        }
    }
    // The generator must produce trees that move data.
    assert!(nonzero > CASES * 3 / 4, "{nonzero}");
}
