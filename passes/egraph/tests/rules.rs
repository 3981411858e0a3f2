//! Each rule, applied alone to a small term: it must fire, and every node
//! of the resulting e-graph must evaluate to its class's value, bit for bit
//! (the evaluator is the oracle; integers wrap as on the hardware).

use egg::{RecExpr, Runner};
use strata_egraph::analysis::TensorAnalysis;
use strata_egraph::eval::{check_graph, eval, random_inputs};
use strata_egraph::lang::{Binary, DType, Op, TNode, TermBuilder, Unary};
use strata_egraph::problems::ConvLayer;
use strata_egraph::rules::{rules_named, RULE_NAMES};
use strata_egraph::{optimize, ExtractMode, Options, Target};

/// An unpadded convolution layer: input `[n, c, h, w]` and `f` filters
/// (`nchwf`), kernel `k`, `stride`, dilation `dil` (height, width).
fn conv(nchwf: [i64; 5], k: [i64; 2], stride: [i64; 2], dil: [i64; 2]) -> ConvLayer {
    let [n, c, h, w, f] = nchwf;
    ConvLayer {
        name: "t".into(),
        n,
        c,
        h,
        w,
        f,
        kh: k[0],
        kw: k[1],
        pad: [0, 0],
        stride,
        dil,
    }
}

/// Runs `names` for `iters` iterations; checks the graph; returns it.
fn run(
    expr: &RecExpr<TNode>,
    analysis: TensorAnalysis,
    target: &Target,
    names: &[&str],
    iters: usize,
) -> strata_egraph::TensorGraph {
    let runner = Runner::<TNode, TensorAnalysis>::new(analysis)
        .with_iter_limit(iters)
        .with_node_limit(5_000)
        .with_scheduler(egg::SimpleScheduler)
        .with_expr(expr)
        .run(&rules_named(target, names));
    let g = runner.egraph;
    assert_eq!(g.analysis.conflicts, 0, "shape conflicts after {names:?}");
    for seed in [1, 2] {
        let inputs = random_inputs(&g.analysis.inputs, seed);
        let checked =
            check_graph(&g, &inputs, 1 << 20).unwrap_or_else(|e| panic!("{names:?}: {e}"));
        assert!(checked > 0);
    }
    g
}

fn has(g: &strata_egraph::TensorGraph, pred: impl Fn(&Op) -> bool) -> bool {
    g.classes().any(|c| c.nodes.iter().any(|n| pred(&n.op)))
}

fn conv_count(g: &strata_egraph::TensorGraph) -> usize {
    g.classes()
        .flat_map(|c| c.nodes.iter())
        .filter(|n| matches!(n.op, Op::Conv2d { .. }))
        .count()
}

#[test]
fn every_rule_has_a_test_below() {
    assert_eq!(RULE_NAMES.len(), 15);
}

#[test]
fn im2col() {
    let l = conv([2, 3, 7, 6, 5], [3, 2], [2, 1], [1, 2]);
    let (e, a) = l.term();
    let g = run(&e, a, &Target::vta(), &["im2col"], 2);
    assert!(has(&g, |op| matches!(op, Op::Matmul { .. })));
}

#[test]
fn stencil_unroll_w_and_h() {
    let l = conv([1, 3, 8, 9, 4], [3, 3], [1, 1], [1, 1]);
    let (e, a) = l.term();
    let g = run(&e, a.clone(), &Target::vta(), &["stencil-unroll-w"], 1);
    assert!(has(&g, |op| matches!(
        op,
        Op::Unfold {
            axis: 3,
            step: 1,
            ..
        }
    )));
    let g = run(&e, a, &Target::vta(), &["stencil-unroll-h"], 1);
    assert!(has(&g, |op| matches!(
        op,
        Op::Unfold {
            axis: 2,
            step: 1,
            ..
        }
    )));
    // Both axes, composed: a 1x1 conv over 27 channels appears.
    let (e, a) = l.term();
    let g = run(
        &e,
        a,
        &Target::vta(),
        &["stencil-unroll-w", "stencil-unroll-h"],
        3,
    );
    assert!(g.classes().any(|c| c
        .nodes
        .iter()
        .any(|n| matches!(n.op, Op::Conv2d { .. })
            && g[n.children[1]].data.shape == vec![4, 27, 1, 1])));
}

#[test]
fn stencil_unroll_with_dilation_and_stride_on_other_axis() {
    let l = conv([1, 2, 9, 11, 3], [3, 3], [2, 1], [1, 2]);
    let (e, a) = l.term();
    let g = run(&e, a, &Target::vta(), &["stencil-unroll-w"], 1);
    assert!(has(&g, |op| matches!(op, Op::Unfold { dil: 2, .. })));
}

#[test]
fn stencil_unroll_refuses_stride_and_wide_channels() {
    // Stride 2 along W: no unroll along W.
    let (e, a) = conv([1, 3, 8, 9, 4], [3, 3], [1, 2], [1, 1]).term();
    let g = run(&e, a, &Target::vta(), &["stencil-unroll-w"], 2);
    assert_eq!(conv_count(&g), 1);
    // 32 channels already fill the intrinsic: guard.
    let (e, a) = conv([1, 32, 6, 6, 4], [3, 3], [1, 1], [1, 1]).term();
    let g = run(&e, a, &Target::vta(), &["stencil-unroll-w"], 2);
    assert_eq!(conv_count(&g), 1);
}

#[test]
fn image_pack() {
    for (k, s, hw) in [
        ([3, 3], [2, 2], [9, 10]),
        ([5, 2], [2, 3], [13, 11]),
        ([7, 7], [2, 2], [16, 16]),
    ] {
        let (e, a) = conv([1, 3, hw[0], hw[1], 4], k, s, [1, 1]).term();
        let g = run(&e, a, &Target::vta(), &["image-pack"], 1);
        assert!(has(&g, |op| matches!(op, Op::ImagePack(_))), "{k:?} {s:?}");
    }
}

#[test]
fn image_pack_refuses_dilation() {
    let (e, a) = conv([1, 3, 12, 12, 4], [3, 3], [2, 2], [2, 2]).term();
    let g = run(&e, a, &Target::vta(), &["image-pack"], 2);
    assert!(!has(&g, |op| matches!(op, Op::ImagePack(_))));
}

#[test]
fn pad_to_intrinsic_conv_and_matmul() {
    let (e, a) = conv([1, 3, 6, 6, 5], [3, 3], [1, 1], [1, 1]).term();
    let g = run(&e, a, &Target::vta(), &["pad-to-intrinsic-conv"], 2);
    assert!(g.classes().any(|c| c
        .nodes
        .iter()
        .any(|n| matches!(n.op, Op::Conv2d { .. })
            && g[n.children[1]].data.shape == vec![16, 16, 3, 3])));
    let a = TensorAnalysis::new()
        .with_input("a", &[5, 7], DType::I8, false)
        .with_input("b", &[7, 3], DType::I8, true);
    let mut b = TermBuilder::new();
    let (x, y) = (b.input("a"), b.input("b"));
    b.matmul(x, y);
    let g = run(
        &b.build(),
        a,
        &Target::amx(),
        &["pad-to-intrinsic-matmul"],
        2,
    );
    assert!(g.classes().any(|c| c.data.shape == vec![16, 16]));
}

#[test]
fn blocked_layouts_for_each_target() {
    for (target, c, f) in [
        (Target::vta(), 32, 16),
        (Target::vnni(), 16, 64),
        (Target::amx(), 64, 16),
    ] {
        let (e, a) = conv([1, c, 5, 5, f], [3, 3], [1, 1], [1, 1]).term();
        let g = run(&e, a, &target, &["blocked-layout"], 1);
        for l in &target.layouts {
            if c % l.i_block() == 0 && f % l.o_block() == 0 {
                assert!(
                    has(
                        &g,
                        |op| matches!(op, Op::BlockedConv { layout, .. } if layout == l)
                    ),
                    "{l}"
                );
            }
        }
    }
}

#[test]
fn blocked_layout_refuses_unaligned_channels() {
    let (e, a) = conv([1, 3, 5, 5, 16], [3, 3], [1, 1], [1, 1]).term();
    let g = run(&e, a, &Target::vta(), &["blocked-layout"], 2);
    assert!(!has(&g, |op| matches!(op, Op::BlockedConv { .. })));
}

#[test]
fn dilated_to_dense() {
    let (e, a) = conv([1, 3, 10, 12, 4], [3, 3], [1, 1], [2, 2]).term();
    let g = run(&e, a, &Target::vta(), &["dilated-to-dense"], 1);
    assert!(has(&g, |op| matches!(op, Op::Interleave([2, 2]))));
    // OH = 10 - 4 = 6, OW = 8: both even. With OH odd the rule refuses.
    let (e, a) = conv([1, 3, 9, 12, 4], [3, 3], [1, 1], [2, 2]).term();
    let g = run(&e, a, &Target::vta(), &["dilated-to-dense"], 1);
    assert!(!has(&g, |op| matches!(op, Op::Interleave(_))));
}

#[test]
fn batch_from_image() {
    // AMX rows x = 16; N = 2 -> 8 bands; OH = 16.
    let (e, a) = conv([2, 4, 18, 6, 4], [3, 3], [1, 1], [1, 1]).term();
    let g = run(&e, a, &Target::amx(), &["batch-from-image"], 1);
    assert!(g.classes().any(|c| c
        .nodes
        .iter()
        .any(|n| matches!(n.op, Op::Conv2d { .. }) && g[n.children[0]].data.shape[0] == 16)));
    // Strided: OH = 16 with stride 2.
    let (e, a) = conv([1, 4, 33, 6, 4], [3, 3], [2, 1], [1, 1]).term();
    let g = run(&e, a, &Target::amx(), &["batch-from-image"], 1);
    assert!(g.classes().any(|c| c
        .nodes
        .iter()
        .any(|n| matches!(n.op, Op::Conv2d { .. }) && g[n.children[0]].data.shape[0] == 16)));
}

fn conv_relu_conv() -> (RecExpr<TNode>, TensorAnalysis) {
    let a = TensorAnalysis::new()
        .with_input("x", &[1, 16, 6, 6], DType::I8, false)
        .with_input("w1", &[16, 16, 1, 1], DType::I8, true)
        .with_input("w2", &[16, 16, 3, 3], DType::I8, true);
    let mut b = TermBuilder::new();
    let x = b.input("x");
    let w1 = b.input("w1");
    let w2 = b.input("w2");
    let c1 = b.conv2d(x, w1, [1, 1], [1, 1]);
    let q = b.unary(Unary::Requant, c1);
    b.conv2d(q, w2, [1, 1], [1, 1]);
    (b.build(), a)
}

#[test]
fn fuse_elementwise_and_through_layout() {
    let (e, a) = conv_relu_conv();
    let g = run(&e, a.clone(), &Target::vta(), &["fuse-elementwise"], 2);
    assert!(has(&g, |op| matches!(
        op,
        Op::Conv2d {
            epi: Some(Unary::Requant),
            ..
        }
    )));
    let g = run(
        &e,
        a,
        &Target::vta(),
        &[
            "blocked-layout",
            "elementwise-through-layout",
            "fuse-elementwise",
        ],
        4,
    );
    assert!(has(&g, |op| matches!(
        op,
        Op::BlockedConv {
            epi: Some(Unary::Requant),
            ..
        }
    )));
}

#[test]
fn pack_unpack_cancel_across_layers() {
    let (e, a) = conv_relu_conv();
    let g = run(
        &e,
        a.clone(),
        &Target::vta(),
        &["blocked-layout", "fuse-elementwise", "pack-unpack-cancel"],
        5,
    );
    // The second blocked conv reads the first one's blocked result directly.
    let direct = g.classes().any(|c| {
        c.nodes.iter().any(|n| {
            matches!(n.op, Op::BlockedConv { .. })
                && g[n.children[0]]
                    .nodes
                    .iter()
                    .any(|m| matches!(m.op, Op::BlockedConv { .. }))
        })
    });
    assert!(direct);
    // And the VTA extraction uses it: one activation pack, one unpack.
    let out = optimize(&e, a, &Target::vta(), &Options::default());
    let count = |k: &str| {
        out.best
            .as_ref()
            .iter()
            .filter(|n| n.op.name() == k)
            .count()
    };
    assert_eq!(count("blocked_conv2d"), 2, "{}", out.best);
    assert_eq!(count("unpack"), 1, "{}", out.best);
}

#[test]
fn layout_algebra() {
    let a = TensorAnalysis::new().with_input("x", &[2, 6, 4], DType::I32, false);
    let mut b = TermBuilder::new();
    let x = b.input("x");
    let t1 = b.add(Op::Transpose(vec![2, 0, 1].into()), &[x]);
    let t2 = b.add(Op::Transpose(vec![1, 2, 0].into()), &[t1]);
    let r1 = b.add(Op::Reshape(vec![12, 4].into()), &[t2]);
    let r2 = b.add(Op::Reshape(vec![2, 6, 4].into()), &[r1]);
    let p = b.add(
        Op::Pack {
            dims: vec![1].into(),
            tiles: vec![3].into(),
        },
        &[r2],
    );
    let _u = b.add(
        Op::Unpack {
            dims: vec![1].into(),
            tiles: vec![3].into(),
            shape: vec![2, 6, 4].into(),
        },
        &[p],
    );
    let e = b.build();
    let g = run(
        &e,
        a,
        &Target::vta(),
        &[
            "compose-transposes",
            "fuse-reshapes",
            "pack-unpack-cancel",
            "pack-as-split-reorder",
        ],
        4,
    );
    // Everything collapses into the class of x.
    let root = g.lookup_expr(&e).unwrap();
    assert!(g[root].nodes.iter().any(|n| matches!(n.op, Op::Input(_))));
    assert!(has(
        &g,
        |op| matches!(op, Op::Reshape(s) if **s == [2, 2, 3, 4])
    ));
}

#[test]
fn elementwise_binary_and_reduce_evaluate() {
    let a = TensorAnalysis::new()
        .with_input("x", &[3, 4], DType::I8, false)
        .with_input("y", &[3, 4], DType::I8, false);
    let mut b = TermBuilder::new();
    let (x, y) = (b.input("x"), b.input("y"));
    let s = b.binary(Binary::Add, x, y);
    b.add(
        Op::Reduce {
            axis: 1,
            kind: strata_egraph::lang::Reduction::Sum,
        },
        &[s],
    );
    let e = b.build();
    let inputs = random_inputs(&a.inputs, 3);
    let out = eval(&e, &a.inputs, &inputs).unwrap();
    assert_eq!(out.shape, vec![3]);
    let xv = &inputs[&egg::Symbol::from("x")].data;
    let yv = &inputs[&egg::Symbol::from("y")].data;
    let expect: i64 = (0..4).map(|j| ((xv[j] + yv[j]) as i8) as i64).sum::<i64>() as i8 as i64;
    assert_eq!(out.data[0], expect);
}

#[test]
fn ill_shaped_terms_are_never_added() {
    // A 2x2 kernel on a 1x1 image: no rule may build anything, none panics.
    let (e, a) = conv([1, 3, 2, 2, 4], [2, 2], [1, 1], [1, 1]).term();
    let out = optimize(&e, a, &Target::vta(), &Options::default());
    assert_eq!(out.egraph.analysis.conflicts, 0);
}

#[test]
fn extraction_is_numerically_equal_greedy_and_ilp() {
    for (l, target) in [
        (conv([1, 3, 9, 9, 8], [3, 3], [1, 1], [1, 1]), Target::vta()),
        (
            conv([1, 1, 11, 10, 4], [5, 4], [2, 2], [1, 1]),
            Target::vta(),
        ),
        (
            conv([1, 3, 10, 10, 16], [3, 3], [1, 1], [2, 2]),
            Target::vta(),
        ),
        (
            conv([1, 8, 6, 6, 16], [3, 3], [1, 1], [1, 1]),
            Target::vnni(),
        ),
    ] {
        let (e, a) = l.term();
        let inputs = random_inputs(&a.inputs, 7);
        let before = eval(&e, &a.inputs, &inputs).unwrap();
        for mode in [ExtractMode::Greedy, ExtractMode::Ilp] {
            let opts = Options {
                extract: mode,
                ..Options::default()
            };
            let out = optimize(&e, a.clone(), &target, &opts);
            let after = eval(&out.best, &a.inputs, &inputs).unwrap();
            assert_eq!(before, after, "{mode:?} {}", out.best);
            assert!(out.cost.total <= out.input_cost.total);
        }
    }
}

#[test]
fn ilp_is_never_worse_than_greedy_in_dag_cost() {
    let (e, a) = conv_relu_conv();
    let g = optimize(&e, a.clone(), &Target::vta(), &Options::default());
    let i = optimize(
        &e,
        a,
        &Target::vta(),
        &Options {
            extract: ExtractMode::Ilp,
            ..Options::default()
        },
    );
    assert_eq!(i.extracted_by, ExtractMode::Ilp, "{:?}", i.note);
    assert!(
        i.cost.total <= g.cost.total + 1e-6,
        "{:?} vs {:?}",
        i.cost,
        g.cost
    );
}

/// egg's own extractor with the same tree cost, as the reference for
/// [`GreedyChoice`]: a node costs its local cost plus its children's.
struct EggTreeCost<'a> {
    egraph: &'a strata_egraph::TensorGraph,
    model: &'a Target,
}

impl egg::CostFunction<TNode> for EggTreeCost<'_> {
    type Cost = strata_egraph::Cost;
    fn cost<C>(&mut self, enode: &TNode, mut costs: C) -> Self::Cost
    where
        C: FnMut(egg::Id) -> Self::Cost,
    {
        let local = strata_egraph::cost::local_cost(self.egraph, self.model, enode);
        enode.children.iter().fold(local, |acc, &c| acc + costs(c))
    }
}

/// The greedy extractor settles every class at the cost egg's extractor
/// finds (the minimum tree cost), on the saturated graphs of ResNet-18's
/// layers and low-channel layers for each target, and its term of each
/// class costs what it says.
#[test]
fn greedy_choice_costs_equal_eggs_extractor() {
    use strata_egraph::extract::{dag_cost, GreedyChoice};
    let mut layers = strata_egraph::problems::resnet18();
    layers.push(conv([1, 3, 9, 9, 8], [3, 3], [1, 1], [1, 1]));
    layers.push(conv([2, 1, 11, 10, 4], [5, 4], [2, 2], [1, 1]));
    layers.push(conv([1, 3, 10, 10, 16], [3, 3], [1, 1], [2, 2]));
    let mut classes = 0;
    for target in [Target::vta(), Target::vnni(), Target::amx()] {
        for l in &layers {
            let (e, a) = l.term();
            let out = optimize(&e, a, &target, &Options::default());
            let g = &out.egraph;
            let egg_choice = egg::Extractor::new(
                g,
                EggTreeCost {
                    egraph: g,
                    model: &target,
                },
            );
            let ours = GreedyChoice::new(g, &target);
            for class in g.classes() {
                let theirs = egg_choice.find_best_cost(class.id).total;
                let (cost, term) = ours.find_best(class.id).expect("every class has a term");
                assert_eq!(cost.total, theirs, "{} class {}", l.name, class.id);
                // The term is a tree of the graph, so its DAG cost is at
                // most its tree cost.
                assert!(dag_cost(g, &target, &term).total <= cost.total + 1e-9);
                classes += 1;
            }
        }
    }
    assert!(classes > 1000, "{classes} classes compared");
}
