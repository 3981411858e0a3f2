//! The x86 space against x86-vectorize and the interpreter: every sampled
//! point is accepted by the pass (its option ranges, and the op is
//! vectorized), compiles, runs and computes the interpreter's result on
//! random inputs; the register and cache rules hold on every sample; a
//! problem too small for any block is an explained empty space.
//!
//! The runs are single calls compiled at -O1: validity, not speed.

use proptest::prelude::*;
use std::time::Duration;
use strata_tune::cpu::{Cpu, Isa};
use strata_tune::measure::{MeasureConfig, Workload};
use strata_tune::problem::Elem;
use strata_tune::space::{SpaceError, X86Space};

fn config() -> MeasureConfig {
    MeasureConfig {
        repeat: 1,
        warmup: 0,
        cflags: vec!["-O1".into(), "-march=native".into()],
        timeout: Duration::from_secs(60),
        ..MeasureConfig::default()
    }
}

fn matmul(m: i64, n: i64, k: i64, int8: bool) -> String {
    let (e, acc, zero) = if int8 {
        ("i8", "i32", "0")
    } else {
        ("f32", "f32", "0.0")
    };
    format!(
        "func.func @k(%a: memref<{m}x{k}x{e}>, %b: memref<{k}x{n}x{e}>, %c: memref<{m}x{n}x{acc}>) {{\n\
         \x20 %zero = arith.constant {zero} : {acc}\n\
         \x20 linalg.fill ins(%zero : {acc}) outs(%c : memref<{m}x{n}x{acc}>)\n\
         \x20 linalg.matmul ins(%a, %b : memref<{m}x{k}x{e}>, memref<{k}x{n}x{e}>) outs(%c : memref<{m}x{n}x{acc}>)\n\
         \x20 return\n}}\n"
    )
}

#[allow(clippy::too_many_arguments)]
fn conv(c: i64, f: i64, h: i64, w: i64, kh: i64, kw: i64, stride: i64, int8: bool) -> String {
    let (e, acc, zero) = if int8 {
        ("i8", "i32", "0")
    } else {
        ("f32", "f32", "0.0")
    };
    let (oh, ow) = ((h - kh) / stride + 1, (w - kw) / stride + 1);
    let (xt, wt, yt) = (
        format!("memref<1x{c}x{h}x{w}x{e}>"),
        format!("memref<{f}x{c}x{kh}x{kw}x{e}>"),
        format!("memref<1x{f}x{oh}x{ow}x{acc}>"),
    );
    format!(
        "func.func @k(%x: {xt}, %w: {wt}, %y: {yt}) {{\n\
         \x20 %zero = arith.constant {zero} : {acc}\n\
         \x20 linalg.fill ins(%zero : {acc}) outs(%y : {yt})\n\
         \x20 linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}} ins(%x, %w : {xt}, {wt}) outs(%y : {yt})\n\
         \x20 return\n}}\n"
    )
}

/// Samples `count` points of the problem's space on `cpu` and runs each.
fn run_samples(text: &str, cpu: &Cpu, seed: u64, count: usize) -> Result<(), TestCaseError> {
    let w = Workload::load("k.mlir", text, "k", seed).map_err(TestCaseError::fail)?;
    let space = X86Space::new(&w.gemm, cpu).map_err(|e| TestCaseError::fail(e.to_string()))?;
    for i in 0..count as u64 {
        let c = space
            .space
            .sample(seed.wrapping_add(i))
            .map_err(|e| TestCaseError::fail(e.to_string()))?
            .ok_or_else(|| TestCaseError::fail("a feasible space gave no sample"))?;
        let o = space.options(&c);
        // The rules the space stands for, checked on the options themselves.
        let (lanes, regs) = (o.isa.lanes(), o.isa.registers());
        prop_assert!(cpu.isas.contains(&o.isa));
        prop_assert_eq!(o.nr % lanes, 0);
        prop_assert!((1..=28).contains(&o.mr) && (8..=64).contains(&o.nr));
        // Accumulators, B's vectors, A's broadcast (and AVX2 int8's product).
        let reserve = if w.gemm.elem == Elem::I8 && o.isa == Isa::Avx2 {
            2
        } else {
            1
        };
        prop_assert!(
            o.mr * (o.nr / lanes) + o.nr / lanes + reserve <= regs,
            "{:?}",
            o
        );
        prop_assert!(o.kc * o.nr <= cpu.l1d && o.mc % o.mr == 0 && o.nc % o.nr == 0);
        prop_assert!(o.mr <= w.gemm.m && o.mc <= w.gemm.m && o.nc <= w.gemm.n);
        if let Err(why) = w.measure_pipeline(&o.pipeline(), &config()) {
            return Err(TestCaseError::fail(format!("{}: {why}", o.pass_options())));
        }
    }
    Ok(())
}

fn this_cpu() -> Cpu {
    Cpu::detect().expect("the test machine has AVX2 or AVX-512")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn matmul_samples_match_the_interpreter(
        m in 1i64..40, n in 8i64..80, k in 1i64..90, int8 in any::<bool>(), seed in any::<u64>()
    ) {
        run_samples(&matmul(m, n, k, int8), &this_cpu(), seed, 2)?;
    }

    /// CGA's programs, not only its option sets: every trial of a short
    /// run is built, run and checked against the interpreter, and none is
    /// invalid.
    #[test]
    fn cga_trials_are_valid_programs(
        m in 1i64..40, n in 8i64..80, k in 1i64..90, int8 in any::<bool>(), seed in any::<u64>()
    ) {
        use strata_tune::measure::NativeMeasurer;
        use strata_tune_search::{tune, Cga, Measurement};
        let w = Workload::load("k.mlir", &matmul(m, n, k, int8), "k", seed)
            .map_err(TestCaseError::fail)?;
        let space = X86Space::new(&w.gemm, &this_cpu())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut invalid = Vec::new();
        let mut measurer = NativeMeasurer {
            workload: &w,
            space: &space,
            config: config(),
            report: Some(Box::new(|c, m: &Measurement| {
                if let Measurement::Invalid(why) = m {
                    invalid.push(format!("{}: {why}", space.options(c).pass_options()));
                }
            })),
        };
        let outcome = tune(&space.space, &mut Cga::new(), &mut measurer, 3, seed, None)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        drop(measurer);
        prop_assert!(invalid.is_empty(), "{:?}", invalid);
        prop_assert_eq!(outcome.invalid, 0);
        prop_assert!(outcome.best.is_some());
    }

    #[test]
    fn conv_samples_match_the_interpreter(
        c in 1i64..12, f in 1i64..24, h in 3i64..11, w in 5i64..11, kh in 1i64..4, kw in 1i64..4,
        stride in 1i64..3, int8 in any::<bool>(), seed in any::<u64>()
    ) {
        let (h, w) = (h.max(kh), w.max(kw + 4));
        prop_assume!((w - kw) / stride + 1 >= 1 && ((h - kh) / stride + 1) * ((w - kw) / stride + 1) >= 8);
        run_samples(&conv(c, f, h, w, kh, kw, stride, int8), &this_cpu(), seed, 2)?;
    }
}

#[test]
fn an_avx2_machine_gets_avx2_kernels_within_16_registers() {
    if !this_cpu().isas.contains(&Isa::Avx2) {
        return;
    }
    // A Zen 3 core as the pass's comments describe it.
    let cpu = Cpu::new(&[Isa::Avx2], 32 * 1024, 512 * 1024);
    for seed in 0..3 {
        run_samples(&matmul(30, 70, 300, false), &cpu, seed, 1).unwrap();
    }
}

#[test]
fn a_problem_narrower_than_a_vector_is_an_explained_empty_space() {
    let w = Workload::load("k.mlir", &matmul(16, 4, 16, false), "k", 1).unwrap();
    let cpu = Cpu::new(&[Isa::Avx2, Isa::Avx512], 48 * 1024, 2 << 20);
    match X86Space::new(&w.gemm, &cpu) {
        Err(SpaceError::Infeasible(text)) => {
            assert!(text.contains("LE(nr, 4)"), "{text}");
            assert!(text.contains("nr in 8..64"), "{text}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a 4-column matmul has a space"),
    }
}

#[test]
fn a_cache_too_small_for_any_panel_is_an_explained_empty_space() {
    let w = Workload::load("k.mlir", &matmul(16, 16, 64, false), "k", 1).unwrap();
    // 16 x 8 x 4 bytes is the smallest B panel (kc 16, nr 8).
    let cpu = Cpu::new(&[Isa::Avx2], 256, 1 << 20);
    match X86Space::new(&w.gemm, &cpu) {
        Err(SpaceError::Infeasible(text)) => {
            assert!(text.contains("LE(b_panel_bytes, 256)"), "{text}")
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a 256-byte L1 has a space"),
    }
}

#[test]
fn the_pass_leaving_the_op_alone_is_not_a_measurement() {
    let w = Workload::load("k.mlir", &matmul(16, 16, 16, false), "k", 1).unwrap();
    let why = w
        .measure_pipeline("builtin.module(x86-vectorize{isa=scalar})", &config())
        .unwrap_err();
    assert!(why.contains("left the op alone"), "{why}");
    let why = w
        .measure_pipeline("builtin.module(x86-vectorize{mr=29})", &config())
        .unwrap_err();
    assert!(why.contains("mr"), "{why}");
}

#[test]
fn bad_input_is_located() {
    let e = Workload::load("k.mlir", &matmul(16, 16, 16, false), "nope", 1)
        .err()
        .unwrap();
    assert!(
        e.starts_with("k.mlir:1:1: error: no func.func named '@nope'"),
        "{e}"
    );
    let text = "func.func @k(%a: memref<4xf32>) {\n  return\n}\n";
    let e = Workload::load("k.mlir", text, "k", 1).err().unwrap();
    assert!(
        e.starts_with("k.mlir:1:1: error: this function has no linalg.matmul"),
        "{e}"
    );
    let e = Workload::load("k.mlir", "func.func @k(", "k", 1)
        .err()
        .unwrap();
    assert!(e.starts_with("k.mlir:1:"), "{e}");
    let two = matmul(8, 8, 8, false).replace(
        "  return",
        "  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)\n  return",
    );
    let e = Workload::load("k.mlir", &two, "k", 1).err().unwrap();
    assert!(
        e.starts_with("k.mlir:5:3: error: the function has 2 linalg.matmul"),
        "{e}"
    );
}

#[test]
fn failed_builds_and_runs_are_invalid_trials_never_a_best() {
    use strata_tune::measure::NativeMeasurer;
    use strata_tune_search::{tune, Measurement, RandomSearch};
    let w = Workload::load("k.mlir", &matmul(16, 16, 32, false), "k", 1).unwrap();
    let space = X86Space::new(&w.gemm, &this_cpu()).unwrap();
    let cases = [
        (
            MeasureConfig {
                cflags: vec!["-fno-such-flag".into()],
                ..config()
            },
            "the C compiler failed",
        ),
        (
            MeasureConfig {
                timeout: Duration::from_nanos(1),
                ..config()
            },
            "ran longer than",
        ),
    ];
    for (config, reason) in cases {
        let mut seen = Vec::new();
        let mut measurer = NativeMeasurer {
            workload: &w,
            space: &space,
            config,
            report: Some(Box::new(|_, m: &Measurement| seen.push(m.clone()))),
        };
        let outcome = tune(
            &space.space,
            &mut RandomSearch::default(),
            &mut measurer,
            3,
            1,
            None,
        )
        .unwrap();
        drop(measurer);
        assert_eq!((outcome.trials, outcome.invalid), (3, 3));
        assert!(outcome.best.is_none());
        assert_eq!(seen.len(), 3);
        for m in &seen {
            match m {
                Measurement::Invalid(why) => assert!(why.contains(reason), "{why}"),
                Measurement::Cost(c) => panic!("a cost of {c}"),
            }
        }
    }
}
