//! Hand-computed fixtures; the arithmetic is written next to each number.
mod common;
use common::*;
use strata_tileflow::*;

fn edge() -> Arch {
    Arch::builtin("edge").unwrap()
}

/// C[i,j] = Σ_k A[i,k]·B[k,j], 4×4×4. L1 tile: Tp i(2, step 2), j(2, step 2);
/// register tile: Tp i(2), j(2), k(4).
fn gemm() -> Tree {
    let (i, j, k) = (0, 1, 2);
    let op = leaf(
        "matmul",
        vec![
            acc(0, &[&[1, 0, 0], &[0, 0, 1]], false),
            acc(1, &[&[0, 0, 1], &[0, 1, 0]], false),
            acc(2, &[&[1, 0, 0], &[0, 1, 0]], true),
        ],
    );
    let reg = tile(
        0,
        vec![tl(i, 2, 1), tl(j, 2, 1), tl(k, 4, 1)],
        Scope::Seq,
        vec![op],
    );
    Tree {
        dims: vec!["i".into(), "j".into(), "k".into()],
        tensors: tensors(&[("A", 2), ("B", 2), ("C", 2)]),
        root: tile(
            1,
            vec![tl(i, 2, 2), tl(j, 2, 2)],
            Scope::Seq,
            vec![Node::Tile(reg)],
        ),
    }
}

#[test]
fn gemm_data_movement() {
    let t = gemm();
    let r = analyze(&t, &edge()).unwrap();
    // L1 tile, one step's slice: A 2×4 = 8, B 4×2 = 8, C 2×2 = 4.
    // A: first 8; j advances twice (2·(2−1)), A unshifted → 0;
    //    i advances once (shift (2,0)) → 8. Total 16.
    assert_eq!(
        r.tiles[0][0],
        analysis::TileTensor {
            fills: 16,
            footprint: 8
        }
    );
    // B: first 8; j advances 2× with shift (0,2) → 2·8; i advances once,
    //    j wraps (shift (0,−2)) → 8. Total 8+16+8 = 32.
    assert_eq!(r.tiles[0][1].fills, 32);
    // C: 4 + 2·4 + 1·4 = 16.
    assert_eq!(r.tiles[0][2].fills, 16);
    // Register tile, 4 instances of 16 steps, one element per step.
    // A[i,k]: k moves every step and wraps when j or i moves → 16 per
    // instance, 64. B[k,j]: likewise 64. C[i,j]: 1 + 2 (j) + 1 (i) = 4 per
    // instance, 16.
    assert_eq!(r.tiles[1][0].fills, 64);
    assert_eq!(r.tiles[1][1].fills, 64);
    assert_eq!(r.tiles[1][2].fills, 16);
    // Levels (edge: 0 Reg, 1 L1, 2 DRAM). DRAM is read for the L1 fills of
    // A and B and updated with C's; L1 is read for the register fills.
    assert_eq!(r.levels[2][0].reads, 16);
    assert_eq!(r.levels[2][1].reads, 32);
    assert_eq!(r.levels[2][2].updates, 16);
    assert_eq!(r.levels[1][0].reads, 64);
    assert_eq!(r.levels[1][2].updates, 16);
    // 2·2·2·2·4 = 64 MACs, each reading A and B at Reg and updating C.
    assert_eq!(r.ops, 64);
    assert_eq!(r.levels[0][0].reads, 64);
    assert_eq!(r.levels[0][2].updates, 64);
    // One PE; L1 holds 8+8+4 = 20 words, Reg 3.
    assert_eq!(r.num_pes, 1);
    assert_eq!(r.usage_words[1], 20);
    assert_eq!(r.usage_words[0], 3);
    let sim = sim::simulate(&t).unwrap();
    assert_eq!(sim.tiles, r.tiles);
    assert_eq!(sim.ops, r.ops);
}

#[test]
fn gemm_latency() {
    let r = analyze(&gemm(), &edge()).unwrap();
    // Register tile instance: 16 steps × 1 cycle = 16; its loads (A,B: 32
    // words × 2 bytes / 1200 B/cycle) are far smaller. L1 tile: 4 steps × 16
    // = 64 cycles vs DRAM loads (16+32 words)·2 B / 60 B/cycle = 1.6 and
    // stores 16·2/60 ≈ 0.53 → 64.
    assert_eq!(r.latency_cycles, 64.0);
}

/// O[p] = Σ_r I[a·p + b·r]·W[r], p < 8, r < 3. L1: Tp p(4, step 2); Reg:
/// Tp p(2), r(3).
fn conv1d(a: i64, b: i64) -> Tree {
    let op = leaf(
        "conv",
        vec![
            acc(0, &[&[a, b]], false),
            acc(1, &[&[0, 1]], false),
            acc(2, &[&[1, 0]], true),
        ],
    );
    let reg = tile(0, vec![tl(0, 2, 1), tl(1, 3, 1)], Scope::Seq, vec![op]);
    Tree {
        dims: vec!["p".into(), "r".into()],
        tensors: tensors(&[("I", 1), ("W", 1), ("O", 1)]),
        root: tile(1, vec![tl(0, 4, 2)], Scope::Seq, vec![Node::Tile(reg)]),
    }
}

#[test]
fn sliding_window() {
    let t = conv1d(1, 1);
    let r = analyze(&t, &edge()).unwrap();
    // L1 step p0: I[2p0 .. 2p0+4) (4 elements); each of the 3 advances
    // shifts by 2 → 2 new: 4 + 3·2 = 10 = |I[0..10)|. W: 3. O: 2 + 3·2 = 8.
    assert_eq!(
        r.tiles[0][0],
        analysis::TileTensor {
            fills: 10,
            footprint: 4
        }
    );
    assert_eq!(r.tiles[0][1].fills, 3);
    assert_eq!(r.tiles[0][2].fills, 8);
    assert_eq!(sim::simulate(&t).unwrap().tiles, r.tiles);
}

#[test]
fn strided_dilated_window() {
    let t = conv1d(2, 2);
    let r = analyze(&t, &edge()).unwrap();
    // I[2p + 2r]: an L1 step touches 4p0 + {0,2,4,6} (4 elements, not the
    // 7 of an interval); advancing p0 shifts by 4 and keeps {4,6}: 4 + 3·2 =
    // 10 = |{0,2,…,18}|.
    assert_eq!(
        r.tiles[0][0],
        analysis::TileTensor {
            fills: 10,
            footprint: 4
        }
    );
    assert_eq!(sim::simulate(&t).unwrap().tiles, r.tiles);
}

/// T[i] = A[i]; Y[i] = T[i]·X[0] under one L1 tile Tp i(3).
fn two_ops(scope: Scope) -> Tree {
    let producer = leaf("p", vec![acc(0, &[&[1]], false), acc(1, &[&[1]], true)]);
    let consumer = leaf(
        "c",
        vec![
            acc(1, &[&[1]], false),
            acc(2, &[&[0]], false),
            acc(3, &[&[1]], true),
        ],
    );
    Tree {
        dims: vec!["i".into()],
        tensors: tensors(&[("A", 1), ("T", 1), ("X", 1), ("Y", 1)]),
        root: tile(1, vec![tl(0, 3, 1)], scope, vec![producer, consumer]),
    }
}

#[test]
fn seq_vs_shar() {
    let seq = analyze(&two_ops(Scope::Seq), &edge()).unwrap();
    let shar = analyze(&two_ops(Scope::Shar), &edge()).unwrap();
    // X is used by the consumer only. Seq evicts it when the producer runs,
    // so every one of the 3 steps refills it: 3. Shar keeps it: 1.
    assert_eq!(seq.tiles[0][2].fills, 3);
    assert_eq!(shar.tiles[0][2].fills, 1);
    // T is passed from producer to consumer inside a step either way: 3.
    assert_eq!(seq.tiles[0][1].fills, 3);
    assert_eq!(shar.tiles[0][1].fills, 3);
    for s in [Scope::Seq, Scope::Shar] {
        let t = two_ops(s);
        assert_eq!(
            sim::simulate(&t).unwrap().tiles,
            analyze(&t, &edge()).unwrap().tiles
        );
    }
}

/// Two independent register tiles of 4 steps under an L1 tile.
fn two_tiles(scope: Scope) -> Tree {
    let a = tile(
        0,
        vec![tl(0, 4, 1)],
        Scope::Seq,
        vec![leaf("a", vec![acc(0, &[&[1]], true)])],
    );
    let b = tile(
        0,
        vec![tl(0, 4, 1)],
        Scope::Seq,
        vec![leaf("b", vec![acc(1, &[&[1]], true)])],
    );
    Tree {
        dims: vec!["i".into()],
        tensors: tensors(&[("P", 1), ("Q", 1)]),
        root: tile(1, vec![], scope, vec![Node::Tile(a), Node::Tile(b)]),
    }
}

#[test]
fn pipe_vs_seq() {
    let seq = analyze(&two_tiles(Scope::Seq), &edge()).unwrap();
    let pipe = analyze(&two_tiles(Scope::Pipe), &edge()).unwrap();
    // Seq: 4 + 4 cycles on 1 PE; Pipe: max(4, 4) on 1 + 1 PEs.
    assert_eq!(seq.latency_cycles, 8.0);
    assert_eq!(pipe.latency_cycles, 4.0);
    assert_eq!(seq.num_pes, 1);
    assert_eq!(pipe.num_pes, 2);
    // Register words: Seq keeps one child's (max(1,1)); Pipe both (1+1).
    assert_eq!(seq.usage_words[0], 1);
    assert_eq!(pipe.usage_words[0], 2);
}

#[test]
fn capacity_is_checked() {
    let mut arch = edge();
    arch.levels[1].capacity_bytes = Some(8);
    let r = analyze(&gemm(), &arch).unwrap();
    // L1 needs 20 words × 2 bytes = 40 > 8.
    assert_eq!(
        analysis::over_capacity(&r, &arch),
        vec![("L1".to_string(), 40, 8)]
    );
}

#[test]
fn overflow_is_an_error() {
    let mut t = conv1d(i64::MAX, 1);
    t.root.loops[0].step = 2;
    assert!(analyze(&t, &edge()).unwrap_err().contains("overflow"));
}

#[test]
fn seq_hands_over_between_children() {
    // Under Seq, Tp i(3): p reads A[i], c reads A[i+1]. The buffer holds
    // A0 | A1 ; A1 | A2 ; A2 | A3 → fills 1+1, 0+1, 0+1 = 4 (the consumer's
    // element is the next producer's). Shar holds {A[i], A[i+1]}: 2 + 1 + 1.
    for (scope, fills) in [(Scope::Seq, 4), (Scope::Shar, 4)] {
        let mut shifted = acc(0, &[&[1]], false);
        shifted.offsets = vec![1];
        let t = Tree {
            dims: vec!["i".into()],
            tensors: tensors(&[("A", 1)]),
            root: tile(
                1,
                vec![tl(0, 3, 1)],
                scope,
                vec![
                    leaf("p", vec![acc(0, &[&[1]], false)]),
                    leaf("c", vec![shifted]),
                ],
            ),
        };
        let r = analyze(&t, &edge()).unwrap();
        assert_eq!(r.tiles[0][0].fills, fills, "{scope:?}");
        assert_eq!(sim::simulate(&t).unwrap().tiles, r.tiles);
    }
}
