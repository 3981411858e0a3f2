//! The claims of the layout engine on real layers, printed as tables
//! (`cargo test -p strata-egraph --release --test tables -- --nocapture`).

use strata_egraph::engine::{strategy, total_macs};
use strata_egraph::eval::{eval, random_inputs};
use strata_egraph::problems::{deepbench, deepbench_csv_path, ConvLayer};
use strata_egraph::{optimize, Options, Target};

/// DeepBench inference_server layers with 1 or 3 input channels on VTA: the
/// chosen program unrolls stencils (im2col is the unroll of both axes) or
/// packs images instead of padding the channels to 16, and costs fewer MACs
/// (padding waste included) than the padded layout.
#[test]
fn low_channel_layers_avoid_channel_padding_on_vta() {
    let path = deepbench_csv_path();
    let csv = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (set STRATA_SHARED_DATA)", path.display()));
    let target = Target::vta();
    let layers: Vec<ConvLayer> = deepbench(&csv, "inference_server_set")
        .into_iter()
        .filter(|l| l.c == 1 || l.c == 3)
        .collect();
    assert!(!layers.is_empty());
    println!("| layer | C | padded-macs | chosen-macs | ratio | strategy | conv-form (no im2col) macs | strategy |");
    println!("|---|---|---|---|---|---|---|---|");
    for l in &layers {
        let (e, a) = l.term();
        let (oh, ow) = l.out_hw();
        let padded = target.padded_conv_macs(l.n, l.c, l.f, oh * ow, l.kh * l.kw) as f64;
        let best = optimize(&e, a.clone(), &target, &Options::default());
        let conv_form = optimize(
            &e,
            a.clone(),
            &target,
            &Options {
                disable: vec!["im2col".into()],
                ..Options::default()
            },
        );
        let (m1, m2) = (total_macs(&best.best, &a), total_macs(&conv_form.best, &a));
        let (s1, s2) = (strategy(&best.best), strategy(&conv_form.best));
        println!(
            "| {} | {} | {padded} | {m1} | {:.3} | {} | {m2} | {} |",
            l.name,
            l.c,
            m1 / padded,
            s1.join("+"),
            s2.join("+")
        );
        assert!(m1 < padded && m2 < padded, "{}", l.name);
        assert!(s1
            .iter()
            .any(|s| s == "im2col" || s == "stencil-unroll" || s == "image-pack"));
        assert!(
            s2.iter()
                .any(|s| s == "stencil-unroll" || s == "image-pack"),
            "{}",
            l.name
        );
    }
}

/// A dilation-2 convolution on VTA (no native dilation) becomes four dense
/// convolutions and an interleave; the result is bit-exact.
#[test]
fn dilated_conv_becomes_dense_convs_and_interleave() {
    let l = ConvLayer {
        name: "dilated".into(),
        n: 1,
        c: 16,
        h: 20,
        w: 20,
        f: 16,
        kh: 3,
        kw: 3,
        pad: [2, 2],
        stride: [1, 1],
        dil: [2, 2],
    };
    let (e, a) = l.term();
    let out = optimize(&e, a.clone(), &Target::vta(), &Options::default());
    let s = strategy(&out.best);
    println!(
        "{}\n{s:?} macs={} (layer {})",
        out.best,
        total_macs(&out.best, &a),
        l.macs()
    );
    assert!(s.contains(&"dilated-to-dense".to_string()), "{}", out.best);
    let convs = out
        .best
        .as_ref()
        .iter()
        .filter(|n| n.op.is_contraction())
        .count();
    assert_eq!(convs, 4);
    for seed in 0..3 {
        let inputs = random_inputs(&a.inputs, seed);
        assert_eq!(
            eval(&e, &a.inputs, &inputs),
            eval(&out.best, &a.inputs, &inputs)
        );
    }
}
