//! The executable matmul example (examples/matmul): a 64x64x64 f32 matrix
//! multiplication written with `affine.for` over memrefs, and its form
//! after `lower-affine,convert-scf-to-cf`, both run by `strata-run` on
//! `.npy` inputs and compared bit for bit with a plain Rust loop that
//! accumulates in the same order.

use std::path::{Path, PathBuf};
use std::process::Command;
use strata_interp::npy::{parse_npy, to_scalars, write_npy};
use strata_interp::{Scalar, ScalarType};
use strata_ir::FloatKind;

const N: usize = 64;
const F32: ScalarType = ScalarType::Float(FloatKind::F32);

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/matmul")
        .join(name)
}

/// Deterministic inputs in [-1, 1) (a linear congruential generator).
fn matrix(seed: u64) -> Vec<f32> {
    let mut state = seed;
    (0..N * N)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

fn reference(a: &[f32], b: &[f32]) -> Vec<f32> {
    let mut c = vec![0f32; N * N];
    for i in 0..N {
        for j in 0..N {
            let mut acc = 0f32;
            for k in 0..N {
                acc += a[i * N + k] * b[k * N + j];
            }
            c[i * N + j] = acc;
        }
    }
    c
}

fn write(dir: &Path, name: &str, m: &[f32]) -> PathBuf {
    let elems: Vec<Scalar> = m
        .iter()
        .map(|&x| Scalar::Float(x as f64, FloatKind::F32))
        .collect();
    let path = dir.join(name);
    std::fs::write(
        &path,
        write_npy(&[N as i64, N as i64], F32, &elems).unwrap(),
    )
    .unwrap();
    path
}

fn read(path: &Path) -> Vec<f32> {
    let array = parse_npy(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(array.shape, vec![N as i64, N as i64]);
    to_scalars(&array, F32)
        .unwrap()
        .into_iter()
        .map(|s| match s {
            Scalar::Float(x, _) => x as f32,
            other => panic!("not a float: {other:?}"),
        })
        .collect()
}

/// Runs `@matmul` of `program` with strata-run and returns C.
fn run(program: &Path, dir: &Path, a: &Path, b: &Path, c: &Path) -> Vec<f32> {
    let outs: Vec<PathBuf> = ["a_out", "b_out", "c_out"]
        .iter()
        .map(|n| dir.join(format!("{n}.npy")))
        .collect();
    let status = Command::new(env!("CARGO_BIN_EXE_strata-run"))
        .arg(program)
        .args(["--entry", "matmul"])
        .args([
            "--input".as_ref(),
            a.as_os_str(),
            "--input".as_ref(),
            b.as_os_str(),
            "--input".as_ref(),
            c.as_os_str(),
        ])
        .args(
            outs.iter()
                .flat_map(|o| ["--output".as_ref(), o.as_os_str()]),
        )
        .status()
        .expect("strata-run starts");
    assert!(
        status.success(),
        "strata-run failed on {}",
        program.display()
    );
    read(&outs[2])
}

#[test]
fn affine_and_lowered_matmul_match_a_rust_reference() {
    let dir = std::env::temp_dir().join(format!("strata-matmul-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (matrix(1), matrix(2));
    // C starts as garbage: the program must overwrite every element.
    let garbage = matrix(3);
    let (pa, pb, pc) = (
        write(&dir, "a.npy", &a),
        write(&dir, "b.npy", &b),
        write(&dir, "c.npy", &garbage),
    );
    let expected = reference(&a, &b);

    let affine = run(&example("matmul_affine.mlir"), &dir, &pa, &pb, &pc);
    assert!(
        affine
            .iter()
            .zip(&expected)
            .all(|(x, y)| x.to_bits() == y.to_bits()),
        "affine matmul differs from the reference"
    );

    // The checked-in lowered form is what strata-opt produces today.
    let lowered = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
        .arg(example("matmul_affine.mlir"))
        .arg("--pass-pipeline=builtin.module(lower-affine,convert-scf-to-cf)")
        .arg("--verify-equivalence")
        .arg("--equivalence-trials=1")
        .output()
        .expect("strata-opt starts");
    assert!(
        lowered.status.success(),
        "{}",
        String::from_utf8_lossy(&lowered.stderr)
    );
    let checked_in = std::fs::read_to_string(example("matmul_cf.mlir")).unwrap();
    let body: String = checked_in
        .lines()
        .filter(|l| !l.starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        String::from_utf8_lossy(&lowered.stdout),
        body,
        "examples/matmul/matmul_cf.mlir is stale"
    );

    let cf = run(&example("matmul_cf.mlir"), &dir, &pa, &pb, &pc);
    assert!(
        cf.iter()
            .zip(&expected)
            .all(|(x, y)| x.to_bits() == y.to_bits()),
        "lowered matmul differs from the reference"
    );
    std::fs::remove_dir_all(&dir).ok();
}
