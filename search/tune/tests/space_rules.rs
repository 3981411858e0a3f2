//! The x86 space against its own definition, without running anything:
//! a space small enough to count by hand has that many points; on larger
//! problems the solver's points are exactly the option sets a brute-force
//! loop over every option value accepts by the rules written out below
//! (the table at the top of `space.rs`, checked one option at a time); and
//! every candidate any explorer hands to a measurer obeys those rules.

use proptest::prelude::*;
use std::collections::BTreeSet;
use strata_constraints::Solver;
use strata_tune::cpu::{Cpu, Isa};
use strata_tune::measure::Workload;
use strata_tune::problem::{Elem, Gemm};
use strata_tune::space::{Options, X86Space, INT8_FORMS, MAX_KC, MAX_MR, MAX_NVEC};
use strata_tune_search::{
    tune, Annealing, Candidate, Cga, Explorer, FnMeasurer, Measurement, PlainGa, RandomSearch,
    Space,
};

fn matmul(m: i64, n: i64, k: i64, int8: bool) -> Gemm {
    let (e, acc) = if int8 { ("i8", "i32") } else { ("f32", "f32") };
    let text = format!(
        "func.func @k(%a: memref<{m}x{k}x{e}>, %b: memref<{k}x{n}x{e}>, %c: memref<{m}x{n}x{acc}>) {{\n\
         \x20 linalg.matmul ins(%a, %b : memref<{m}x{k}x{e}>, memref<{k}x{n}x{e}>) outs(%c : memref<{m}x{n}x{acc}>)\n\
         \x20 return\n}}\n"
    );
    Workload::load("k.mlir", &text, "k", 1).unwrap().gemm
}

/// A 1x`c`x`h`x`w` NCHW input convolved with `f` filters of `kh`x`kw`.
fn conv(c: i64, f: i64, h: i64, w: i64, kh: i64, kw: i64) -> Gemm {
    let (oh, ow) = (h - kh + 1, w - kw + 1);
    let (xt, wt, yt) = (
        format!("memref<1x{c}x{h}x{w}xf32>"),
        format!("memref<{f}x{c}x{kh}x{kw}xf32>"),
        format!("memref<1x{f}x{oh}x{ow}xf32>"),
    );
    let text = format!(
        "func.func @k(%x: {xt}, %w: {wt}, %y: {yt}) {{\n\
         \x20 linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} ins(%x, %w : {xt}, {wt}) outs(%y : {yt})\n\
         \x20 return\n}}\n"
    );
    Workload::load("k.mlir", &text, "k", 1).unwrap().gemm
}

/// Whether `o` obeys every rule of the space, checked on the options
/// alone: the reference the solver's encoding is compared with.
fn obeys_rules(g: &Gemm, cpu: &Cpu, o: &Options) -> bool {
    let isas: Vec<Isa> = cpu
        .isas
        .iter()
        .copied()
        .filter(|&i| match g.elem {
            Elem::F32 => matches!(i, Isa::Avx2 | Isa::Avx512),
            Elem::I8 => matches!(i, Isa::Avx2 | Isa::Vnni),
        })
        .collect();
    if !isas.contains(&o.isa) {
        return false;
    }
    let lanes = o.isa.lanes();
    let nvec = o.nr / lanes;
    let bytes = match (g.elem, o.isa) {
        (Elem::F32, _) => 4,
        (Elem::I8, Isa::Avx2) => 2,
        (Elem::I8, _) => 1,
    };
    let reserve = if g.elem == Elem::I8 && o.isa == Isa::Avx2 {
        2
    } else {
        1
    };
    let inner = g.k_inner(o.isa);
    let inners: Vec<i64> = isas.iter().map(|&i| g.k_inner(i)).collect();
    let kc_offered = (o.kc % 16 == 0 && o.kc <= 512) || o.kc % 64 == 0 || inners.contains(&o.kc);
    let int8_ok = match (g.elem, o.isa, o.int8) {
        (Elem::F32, _, None) => true,
        (Elem::I8, Isa::Avx2, Some(_)) => true,
        (Elem::I8, _, Some(form)) => form == "auto",
        _ => false,
    };
    o.nr % lanes == 0
        && (1..=MAX_NVEC).contains(&nvec)
        && o.nr <= g.n
        && (1..=MAX_MR.min(g.m)).contains(&o.mr)
        && o.mr * nvec + nvec + reserve <= o.isa.registers()
        && o.kc >= 1
        && o.kc <= inner.min(MAX_KC)
        && kc_offered
        && o.kc * o.nr * bytes <= cpu.l1d
        && o.mc % o.mr == 0
        && o.mc <= g.m
        && o.nc % o.nr == 0
        && o.nc <= g.n
        && o.mc * o.kc * bytes + o.kc * o.nc * bytes <= cpu.l2
        && int8_ok
}

/// Every option set of `g` on `cpu` the rules accept, by brute force.
fn brute_force(g: &Gemm, cpu: &Cpu) -> BTreeSet<String> {
    let forms: Vec<Option<&'static str>> = match g.elem {
        Elem::F32 => vec![None],
        Elem::I8 => INT8_FORMS.iter().map(|&f| Some(f)).collect(),
    };
    let top_k = cpu
        .isas
        .iter()
        .map(|&i| g.k_inner(i))
        .max()
        .unwrap()
        .min(MAX_KC);
    // The loops skip values a rule already rules out for every inner
    // value (a kernel wider than N, a panel past L1); what they reach is
    // judged by `obeys_rules` alone.
    let mut found = BTreeSet::new();
    for &isa in &cpu.isas {
        for mr in 1..=MAX_MR.min(g.m) {
            for nr in (8..=64).step_by(8).filter(|&nr| nr <= g.n) {
                for kc in 1..=top_k {
                    if kc * nr > cpu.l1d {
                        continue;
                    }
                    for mc in (mr..=g.m).step_by(mr as usize) {
                        for nc in (nr..=g.n).step_by(nr as usize) {
                            for &int8 in &forms {
                                let o = Options {
                                    isa,
                                    mr,
                                    nr,
                                    kc,
                                    mc,
                                    nc,
                                    int8,
                                };
                                if obeys_rules(g, cpu, &o) {
                                    found.insert(o.pass_options());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    found
}

/// Every point of the space, by the solver, as option strings; each
/// option set must be one point (the auxiliary variables follow from the
/// key variables).
fn solver_points(space: &X86Space) -> BTreeSet<String> {
    let p = space.space.problem();
    let mut points = BTreeSet::new();
    let mut n = 0;
    for a in Solver::new(p).solutions() {
        let c = space.space.candidate(a.unwrap().values()).unwrap();
        points.insert(space.options(&c).pass_options());
        n += 1;
    }
    assert_eq!(n, points.len(), "two points with the same options");
    assert_eq!(Solver::new(p).count().unwrap(), n as u128);
    points
}

const KIB: i64 = 1024;

#[test]
fn a_space_counted_by_hand() {
    // M = 2, N = 16, K = 16 with AVX2 (8 lanes): nr is 8 or 16; kc only
    // 16; (mr, mc) is (1, 1), (1, 2) or (2, 2); (nr, nc) is (8, 8),
    // (8, 16) or (16, 16); the registers and caches allow all of them:
    // 3 x 3 = 9 points.
    let g = matmul(2, 16, 16, false);
    let big = Cpu::new(&[Isa::Avx2], 48 * KIB, 2048 * KIB);
    let space = X86Space::new(&g, &big).unwrap();
    let points = solver_points(&space);
    assert_eq!(points.len(), 9, "{points:#?}");
    assert!(points.contains("isa=avx2 mr=1 nr=8 kc=16 mc=2 nc=16 path=gemm"));
    // AVX-512 adds nr = 16 as one zmm with nc = 16, times the 3 (mr, mc).
    let both = Cpu::new(&[Isa::Avx2, Isa::Avx512], 48 * KIB, 2048 * KIB);
    assert_eq!(solver_points(&X86Space::new(&g, &both).unwrap()).len(), 12);
    // An L1 of 512 bytes holds a 16 x 8 f32 panel but not 16 x 16: nr is
    // 8 only, nc 8 or 16, so 3 x 2 = 6.
    let small_l1 = Cpu::new(&[Isa::Avx2], 512, 2048 * KIB);
    let points = solver_points(&X86Space::new(&g, &small_l1).unwrap());
    assert_eq!(points.len(), 6, "{points:#?}");
    assert!(points.iter().all(|p| p.contains(" nr=8 ")));
    // An L2 of 1 KiB: 16 x 4 x (mc + nc) <= 1024 means mc + nc <= 16, so
    // nc = 8 only with any (mr, mc) and nc = 16 never: 3 points.
    let small_l2 = Cpu::new(&[Isa::Avx2], 48 * KIB, KIB);
    let points = solver_points(&X86Space::new(&g, &small_l2).unwrap());
    assert_eq!(points.len(), 3, "{points:#?}");
}

#[test]
fn the_register_file_bounds_mr_by_hand() {
    // AVX2 f32, 16 ymm: mr x nvec + nvec + 1 <= 16, so with nvec = 1 mr
    // goes to 14, with 2 to 6, with 3 to 4, with 4 to 2. M = 28 and
    // N = 32 leave room for all of them; mc = mr and nc = nr pin the
    // blocks, kc = 16 is the only K block: 14 + 6 + 4 + 2 = 26.
    let g = matmul(28, 32, 16, false);
    let cpu = Cpu::new(&[Isa::Avx2], 48 * KIB, 2048 * KIB);
    let points = solver_points(&X86Space::new(&g, &cpu).unwrap());
    let kernels: BTreeSet<(i64, i64)> = points
        .iter()
        .filter_map(|p| {
            let field = |name: &str| -> i64 {
                p.split(' ')
                    .find_map(|kv| kv.strip_prefix(name))
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            (field("mc=") == field("mr=") && field("nc=") == field("nr="))
                .then(|| (field("mr="), field("nr=")))
        })
        .collect();
    assert_eq!(kernels.len(), 26, "{kernels:?}");
    assert!(kernels.contains(&(14, 8)) && !kernels.contains(&(15, 8)));
    assert!(kernels.contains(&(6, 16)) && !kernels.contains(&(7, 16)));
    assert!(kernels.contains(&(2, 32)) && !kernels.contains(&(3, 32)));
}

#[test]
fn the_solver_finds_exactly_the_option_sets_the_rules_accept() {
    let cases = [
        (
            matmul(20, 40, 48, false),
            Cpu::new(&[Isa::Avx2, Isa::Avx512], 48 * KIB, 2048 * KIB),
        ),
        // Caches small enough that the L1 and L2 rules cut.
        (
            matmul(24, 48, 64, false),
            Cpu::new(&[Isa::Avx2, Isa::Avx512], 2 * KIB, 12 * KIB),
        ),
        (
            matmul(12, 32, 40, true),
            Cpu::new(&[Isa::Avx2, Isa::Vnni], KIB, 8 * KIB),
        ),
        // The inner K differs: 4 channels with AVX-512, 36 with AVX2.
        (
            conv(4, 12, 6, 10, 3, 3),
            Cpu::new(&[Isa::Avx2, Isa::Avx512], 48 * KIB, 2048 * KIB),
        ),
    ];
    for (g, cpu) in &cases {
        let space = X86Space::new(g, cpu).unwrap();
        let by_solver = solver_points(&space);
        let by_rules = brute_force(g, cpu);
        assert!(by_rules.len() > 20, "{}: {by_rules:?}", g.describe());
        let missing: Vec<_> = by_rules.difference(&by_solver).take(5).collect();
        let extra: Vec<_> = by_solver.difference(&by_rules).take(5).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{} on {cpu}: {} points by the rules, {} by the solver; \
             missing {missing:?}, extra {extra:?}",
            g.describe(),
            by_rules.len(),
            by_solver.len()
        );
    }
}

fn explorers() -> Vec<Box<dyn Explorer>> {
    vec![
        Box::new(Cga::new()),
        Box::new(RandomSearch::default()),
        Box::new(PlainGa::default()),
        Box::new(Annealing::default()),
    ]
}

/// A cost with structure (fewer, larger kernels are cheaper), so the
/// explorers that learn from costs move through the space.
fn synthetic_cost(o: &Options) -> f64 {
    1.0 / (o.mr * o.nr) as f64 + 1.0 / o.kc as f64 + 1.0 / (o.mc * o.nc) as f64
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// No explorer, CGA included, hands a measurer an option set the rules
    /// reject, whatever the problem, caches and seed.
    #[test]
    fn explorers_measure_only_valid_option_sets(
        m in 1i64..64, n in 8i64..96, k in 1i64..128, int8 in any::<bool>(),
        l1 in 1i64..64, l2 in 8i64..2048, seed in any::<u64>(),
    ) {
        let g = matmul(m, n, k, int8);
        let cpu = Cpu::new(&[Isa::Avx2, Isa::Avx512, Isa::Vnni], l1 * KIB, l2 * KIB);
        let space = match X86Space::new(&g, &cpu) {
            Ok(s) => s,
            // An empty space must be empty by the rules too.
            Err(_) => {
                prop_assert!(brute_force(&g, &cpu).is_empty());
                return Ok(());
            }
        };
        for mut explorer in explorers() {
            let mut rejected = Vec::new();
            let mut measured = 0;
            let mut measurer = FnMeasurer(|_: &Space, c: &Candidate| {
                let o = space.options(c);
                measured += 1;
                if !obeys_rules(&g, &cpu, &o) {
                    rejected.push(o.pass_options());
                }
                Measurement::Cost(synthetic_cost(&o))
            });
            let outcome = tune(&space.space, explorer.as_mut(), &mut measurer, 40, seed, None)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(rejected.is_empty(), "{}: {:?}", explorer.name(), rejected);
            prop_assert_eq!(outcome.measured, measured);
            prop_assert!(outcome.trials >= 1);
        }
    }
}
