//! The differential check finds what only the edges of a type's range show:
//! `a + 1 > a` folded to `true` is right for every small `a` and wrong at
//! the maximum, which only full-range trials draw.

use strata_interp::equivalence::{check_equivalence, EquivalenceOptions};
use strata_interp::inputs::{random_data_in, Data, Distribution, Rng};
use strata_interp::Scalar;
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::Ir;

const BEFORE: &str = r#"
func.func @f(%a: i32) -> i1 {
  %c1 = arith.constant 1 : i32
  %b = arith.addi %a, %c1 : i32
  %r = arith.cmpi sgt, %b, %a : i32
  return %r : i1
}
"#;

const AFTER: &str = r#"
func.func @f(%a: i32) -> i1 {
  %r = arith.constant true
  return %r : i1
}
"#;

fn check(trials: usize) -> Result<strata_interp::equivalence::EquivalenceReport, String> {
    let ctx = strata_dialects::context();
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let mut before = Ir::new();
    let mut after = Ir::new();
    let m1 = parse_source(&ctx, &mut before, BEFORE, &info).expect("parses");
    let m2 = parse_source(&ctx, &mut after, AFTER, &info).expect("parses");
    let mut failure = None;
    // Seeds until a full-range trial draws the maximum (a quarter of the
    // draws are edge values, one in nine of them i32::MAX).
    for seed in 1..200 {
        let options = EquivalenceOptions {
            seed,
            trials,
            ..Default::default()
        };
        match check_equivalence(&ctx, (&before, m1), (&after, m2), &options) {
            Ok(_) => continue,
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    match failure {
        Some(e) => Err(e),
        None => check_equivalence(
            &ctx,
            (&before, m1),
            (&after, m2),
            &EquivalenceOptions {
                trials,
                ..Default::default()
            },
        ),
    }
}

#[test]
fn small_values_alone_miss_the_wrapping_case() {
    // One trial per seed: only small values, 199 seeds, never i32::MAX.
    let report = check(1).expect("small values cannot tell the two apart");
    assert_eq!(report.full_range_trials_run, 0);
}

#[test]
fn full_range_trials_find_it() {
    let e = check(2).expect_err("a full-range trial draws i32::MAX");
    assert!(e.contains("output #0 differs"), "{e}");
}

#[test]
fn full_range_draws_cover_the_edges() {
    let ctx = strata_dialects::context();
    let i8_ty = ctx.tensor_type(&[4096], ctx.signless(8));
    let mut rng = Rng::new(7);
    let Ok(Data::Shaped { elems, .. }) = random_data_in(&ctx, i8_ty, Distribution::Full, &mut rng)
    else {
        panic!("shaped data")
    };
    let values: Vec<i8> = elems
        .iter()
        .map(|e| match e {
            Scalar::Int(v, 8) => *v as u8 as i8,
            other => panic!("{other:?}"),
        })
        .collect();
    for edge in [i8::MIN, i8::MIN + 1, -1, 0, 1, i8::MAX - 1, i8::MAX] {
        assert!(values.contains(&edge), "missing {edge}");
    }
    // Not only small values: most of the range is drawn.
    let distinct: std::collections::BTreeSet<i8> = values.iter().copied().collect();
    assert!(distinct.len() > 200, "{} distinct values", distinct.len());

    let f32_ty = ctx.tensor_type(&[4096], ctx.float_type(strata_ir::FloatKind::F32));
    let Ok(Data::Shaped { elems, .. }) = random_data_in(&ctx, f32_ty, Distribution::Full, &mut rng)
    else {
        panic!("shaped data")
    };
    let floats: Vec<f64> = elems
        .iter()
        .map(|e| match e {
            Scalar::Float(f, _) => *f,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(floats.iter().any(|f| f.is_nan()));
    assert!(floats.contains(&f64::INFINITY));
    assert!(floats.contains(&f64::NEG_INFINITY));
    assert!(floats.contains(&(f32::MAX as f64)));
    assert!(floats
        .iter()
        .any(|&f| f != 0.0 && f.abs() < f32::MIN_POSITIVE as f64));
    assert!(floats.iter().any(|&f| f == 0.0 && f.is_sign_negative()));
    assert!(floats.iter().any(|&f| f.abs() > 1e6 && f.is_finite()));
}
