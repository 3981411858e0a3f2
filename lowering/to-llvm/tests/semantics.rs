//! The JIT against the reference semantics, op by op: each arith/math op
//! is compiled as an elementwise loop over memrefs, run by the JIT on edge
//! values and seeded random values, and every element is compared with
//! `strata_dialect_arith::semantics` / `strata_dialect_math::semantics`
//! (what the interpreter computes) bit for bit.
#![cfg(feature = "llvm")]

use strata_dialect_arith::semantics::{self as sem, mask, Scalar, ScalarType};
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::{FloatKind, Ir};
use strata_lowering_to_llvm::jit;

const N: usize = 96;

/// A small xorshift generator (deterministic).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn int_type(w: u32) -> String {
    format!("i{w}")
}

fn container(w: u32) -> usize {
    match w {
        0..=8 => 1,
        9..=16 => 2,
        17..=32 => 4,
        _ => 8,
    }
}

/// Runs `@f(%a: memref<Nx{ta}>, %b: memref<Nx{ta}>, %c: memref<Nx{tr}>)`
/// whose loop body computes `%r` from `%x`, `%y`; returns `c`'s bytes.
fn run(ta: &str, tr: &str, body: &str, a: &[u8], b: &[u8], r_size: usize) -> Vec<u8> {
    let text = format!(
        "func.func @f(%a: memref<{N}x{ta}>, %b: memref<{N}x{ta}>, %c: memref<{N}x{tr}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {N} : index
  scf.for %i = %c0 to %n step %c1 {{
    %x = memref.load %a[%i] : memref<{N}x{ta}>
    %y = memref.load %b[%i] : memref<{N}x{ta}>
    {body}
    memref.store %r, %c[%i] : memref<{N}x{tr}>
  }}
  return
}}"
    );
    let ctx = strata_dialects::context();
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "kernel.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(&ctx, &mut ir, &text, &info)
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    strata_ir::verifier::verify(&ctx, &ir, module)
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    // The translator takes cf control flow: lower the loop first, as
    // strata-run does before the JIT.
    strata_lowering_scf_to_cf::convert_scf_to_cf(&ctx, &mut ir, module);
    let mut input = Vec::new();
    for (data, size) in [
        (a, a.len() / N),
        (b, b.len() / N),
        (&vec![0u8; N * r_size][..], r_size),
    ] {
        let _ = size;
        input.extend_from_slice(&(N as i64).to_le_bytes());
        input.extend_from_slice(data);
    }
    let out = jit::run(&ctx, &ir, module, "f", &input, &|s| s.message.clone())
        .unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    // a, b, c: each 8 bytes of size then the elements.
    let skip = 8 + a.len() + 8 + b.len() + 8;
    out[skip..].to_vec()
}

fn ints(w: u32, rng: &mut Rng, nonzero: bool) -> Vec<u128> {
    let edges = [
        0u128,
        1,
        mask(u128::MAX, w),
        1 << (w - 1),
        mask((1 << (w - 1)) - 1, w),
        2,
        3,
    ];
    (0..N)
        .map(|i| {
            let v = if i < edges.len() {
                mask(edges[i], w)
            } else if i % 3 == 0 {
                mask(rng.next() as u128 % 17, w) // small shift amounts
            } else {
                mask(rng.next() as u128, w)
            };
            if nonzero && v == 0 {
                1
            } else {
                v
            }
        })
        .collect()
}

fn int_bytes(vals: &[u128], w: u32) -> Vec<u8> {
    vals.iter()
        .flat_map(|v| v.to_le_bytes()[..container(w)].to_vec())
        .collect()
}

fn read_int(bytes: &[u8], i: usize, w: u32) -> u128 {
    let c = container(w);
    let mut raw = [0u8; 16];
    raw[..c].copy_from_slice(&bytes[i * c..(i + 1) * c]);
    u128::from_le_bytes(raw)
}

#[test]
fn integer_binary_ops_match_the_interpreter() {
    let ops = [
        "addi",
        "subi",
        "muli",
        "andi",
        "ori",
        "xori",
        "shli",
        "shrui",
        "shrsi",
        "minsi",
        "maxsi",
        "minui",
        "maxui",
        "divui",
        "remui",
        "ceildivui",
        "divsi",
        "remsi",
        "ceildivsi",
        "floordivsi",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for w in [1u32, 3, 8, 13, 32, 64] {
        for op in ops {
            let divides = op.contains("div") || op.contains("rem");
            let mut a = ints(w, &mut rng, false);
            let b = ints(w, &mut rng, divides);
            // Signed overflow (MIN / -1) is an error, not a value.
            if divides && op.ends_with("si") && op != "remsi" {
                for (x, y) in a.iter_mut().zip(&b) {
                    if *x == 1 << (w - 1) && *y == mask(u128::MAX, w) {
                        *x = 0;
                    }
                }
            }
            let t = int_type(w);
            let out = run(
                &t,
                &t,
                &format!("%r = arith.{op} %x, %y : {t}"),
                &int_bytes(&a, w),
                &int_bytes(&b, w),
                container(w),
            );
            for i in 0..N {
                let want = sem::int_binary(&format!("arith.{op}"), a[i], b[i], w).unwrap();
                let got = read_int(&out, i, w);
                assert_eq!(got, want, "arith.{op} on i{w}: {} , {}", a[i], b[i]);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * ops.len() * N);
}

#[test]
fn integer_casts_match_the_interpreter() {
    let mut rng = Rng(7);
    for (from, to) in [
        (8u32, 32u32),
        (1, 8),
        (13, 3),
        (64, 32),
        (32, 64),
        (5, 5),
        (64, 1),
    ] {
        let a = ints(from, &mut rng, false);
        for op in ["extsi", "extui", "trunci", "index_cast"] {
            let ok = match op {
                "extsi" | "extui" => to > from,
                "trunci" => to < from,
                _ => true,
            };
            if !ok {
                continue;
            }
            let (tf, tt) = if op == "index_cast" {
                (int_type(from), "index".to_string())
            } else {
                (int_type(from), int_type(to))
            };
            let to_w = if op == "index_cast" { 64 } else { to };
            let out = run(
                &tf,
                &tt,
                &format!("%r = arith.{op} %x : {tf} to {tt}"),
                &int_bytes(&a, from),
                &int_bytes(&a, from),
                container(to_w),
            );
            for (i, &v) in a.iter().enumerate() {
                let Scalar::Int(want, _) = sem::cast(
                    &format!("arith.{op}"),
                    Scalar::Int(v, from),
                    ScalarType::Int(to_w),
                )
                .unwrap() else {
                    unreachable!()
                };
                assert_eq!(
                    read_int(&out, i, to_w),
                    want,
                    "arith.{op} i{from} -> {tt}: {v}"
                );
            }
        }
    }
}

fn floats(kind: FloatKind, rng: &mut Rng) -> Vec<f64> {
    let edges = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        2.5,
        -2.5,
        1e10,
        -1e10,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1e-40,
        3.0e38,
        127.9,
        -128.9,
        255.5,
    ];
    (0..N)
        .map(|i| {
            let x = if i < edges.len() {
                edges[i]
            } else {
                (rng.next() as i64 as f64) / (i64::MAX as f64) * 8.0
            };
            sem::round_to(kind, x)
        })
        .collect()
}

fn float_bytes(vals: &[f64], kind: FloatKind) -> Vec<u8> {
    vals.iter()
        .flat_map(|&v| match kind {
            FloatKind::F32 => (v as f32).to_bits().to_le_bytes().to_vec(),
            _ => v.to_bits().to_le_bytes().to_vec(),
        })
        .collect()
}

fn read_float(bytes: &[u8], i: usize, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F32 => f32::from_bits(u32::from_le_bytes(
            bytes[i * 4..i * 4 + 4].try_into().unwrap(),
        )) as f64,
        _ => f64::from_bits(u64::from_le_bytes(
            bytes[i * 8..i * 8 + 8].try_into().unwrap(),
        )),
    }
}

fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

#[test]
fn float_ops_and_math_match_the_interpreter() {
    let mut rng = Rng(42);
    let mut checked = 0;
    for (kind, t, size) in [(FloatKind::F32, "f32", 4), (FloatKind::F64, "f64", 8)] {
        let a = floats(kind, &mut rng);
        let b: Vec<f64> = floats(kind, &mut rng).into_iter().rev().collect();
        let (ab, bb) = (float_bytes(&a, kind), float_bytes(&b, kind));
        for op in [
            "addf", "subf", "mulf", "divf", "remf", "minimumf", "maximumf", "minnumf", "maxnumf",
        ] {
            let out = run(
                t,
                t,
                &format!("%r = arith.{op} %x, %y : {t}"),
                &ab,
                &bb,
                size,
            );
            for i in 0..N {
                let want = sem::float_binary(&format!("arith.{op}"), a[i], b[i], kind).unwrap();
                let got = read_float(&out, i, kind);
                assert!(
                    same(got, want),
                    "arith.{op} {t}: {} , {}: {got} vs {want}",
                    a[i],
                    b[i]
                );
                checked += 1;
            }
        }
        for op in [
            "absf",
            "ceil",
            "floor",
            "trunc",
            "round",
            "roundeven",
            "sqrt",
            "rsqrt",
            "exp",
            "exp2",
            "expm1",
            "log",
            "log10",
            "log2",
            "log1p",
            "sin",
            "cos",
            "tan",
            "asin",
            "acos",
            "atan",
            "sinh",
            "cosh",
            "tanh",
            "asinh",
            "acosh",
            "atanh",
            "cbrt",
            "erf",
            "erfc",
        ] {
            let out = run(t, t, &format!("%r = math.{op} %x : {t}"), &ab, &bb, size);
            for (i, &x) in a.iter().enumerate().take(N) {
                let want =
                    strata_dialect_math::semantics::float_unary(&format!("math.{op}"), x, kind)
                        .unwrap();
                let got = read_float(&out, i, kind);
                assert!(same(got, want), "math.{op} {t}: {x}: {got} vs {want}");
                checked += 1;
            }
        }
        for op in ["atan2", "copysign", "powf"] {
            let out = run(
                t,
                t,
                &format!("%r = math.{op} %x, %y : {t}"),
                &ab,
                &bb,
                size,
            );
            for i in 0..N {
                let want = strata_dialect_math::semantics::float_binary(
                    &format!("math.{op}"),
                    a[i],
                    b[i],
                    kind,
                )
                .unwrap();
                let got = read_float(&out, i, kind);
                assert!(
                    same(got, want),
                    "math.{op} {t}: {}, {}: {got} vs {want}",
                    a[i],
                    b[i]
                );
                checked += 1;
            }
        }
        // Saturating float -> int conversions, both signednesses.
        for (op, w) in [
            ("fptosi", 8u32),
            ("fptoui", 8),
            ("fptosi", 32),
            ("fptoui", 64),
            ("fptosi", 1),
        ] {
            let out = run(
                t,
                &int_type(w),
                &format!("%r = arith.{op} %x : {t} to i{w}"),
                &ab,
                &bb,
                container(w),
            );
            for (i, &x) in a.iter().enumerate().take(N) {
                let Scalar::Int(want, _) = sem::cast(
                    &format!("arith.{op}"),
                    Scalar::Float(x, kind),
                    ScalarType::Int(w),
                )
                .unwrap() else {
                    unreachable!()
                };
                assert_eq!(read_int(&out, i, w), want, "arith.{op} {t} -> i{w}: {x}");
                checked += 1;
            }
        }
    }
    assert!(checked > 2 * 40 * N);
}

#[test]
fn unsupported_ops_are_located_errors() {
    let ctx = strata_dialects::context();
    let mut ir = Ir::new();
    let text = "func.func @f(%m: memref<6xf32>, %v: f32, %i: index) -> f32 {\n  %f = memref.generic_atomic_rmw %m[%i] : memref<6xf32> {\n  ^bb0(%x: f32):\n    %s = arith.addf %x, %v : f32\n    memref.atomic_yield %s : f32\n  }\n  return %f : f32\n}\n";
    let info = SourceInfo {
        file_name: "bad.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(&ctx, &mut ir, text, &info).unwrap();
    let d = strata_lowering_to_llvm::translate_to_llvm_ir(&ctx, &ir, module).unwrap_err();
    assert!(
        d.message
            .contains("does not support the op 'memref.generic_atomic_rmw'"),
        "{}",
        d.message
    );
    assert_eq!(
        ctx.file_line_col(d.loc).map(|(_, l, c)| (l, c)),
        Some((2, 8))
    );
}
