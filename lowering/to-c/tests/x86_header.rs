//! include/strata_x86.h: the portable scalar forms of the AVX-512 and the
//! AVX2 + FMA intrinsics give the native results bit for bit (each native
//! build runs only on a CPU with those features), both forms compile
//! warning-free, and every intrinsic of the x86 dialect's table has its
//! portable form.

use std::path::PathBuf;
use std::process::Command;

fn build_and_run(source: &str, name: &str, flags: &[&str]) -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out =
        std::env::temp_dir().join(format!("strata-x86-{}-{source}-{name}", std::process::id()));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-O3", "-std=c11", "-Wall", "-Wextra", "-Werror"])
        .args(flags)
        .arg("-I")
        .arg(dir.join("include"))
        .arg(dir.join("tests").join(source))
        .arg("-o")
        .arg(&out)
        .arg("-lm")
        .status()
        .ok()?;
    assert!(status.success(), "{cc} failed for {name}");
    let run = Command::new(&out).output().expect("run the kernel");
    let _ = std::fs::remove_file(&out);
    assert!(run.status.success());
    Some(String::from_utf8(run.stdout).unwrap())
}

fn cpu_has_avx512f() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

fn cpu_has_avx2_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Builds `source` portable, and native with `flags` where `cpu_has`: the
/// two print the same, and nothing WRONG.
fn compare(source: &str, flags: &[&str], cpu_has: bool) {
    let Some(portable) = build_and_run(source, "portable", &["-DSTRATA_X86_PORTABLE"]) else {
        eprintln!("no C compiler; skipped");
        return;
    };
    assert!(portable.starts_with("native=0\n"), "{portable}");
    // Checks against a helper's definition print WRONG where they fail.
    assert!(!portable.contains("WRONG"), "{portable}");
    if !cfg!(target_arch = "x86_64") || !cpu_has {
        eprintln!("this CPU lacks {flags:?}; native build of {source} not run");
        return;
    }
    let native = build_and_run(source, "native", flags).unwrap();
    assert!(native.starts_with("native=1\n"), "{native}");
    assert_eq!(
        portable.replacen("native=0", "", 1),
        native.replacen("native=1", "", 1)
    );
}

#[test]
fn portable_matches_native() {
    compare("x86_matmul.c", &["-mavx512f"], cpu_has_avx512f());
}

#[test]
fn portable_matches_native_avx2() {
    compare("x86_avx2.c", &["-mavx2", "-mfma"], cpu_has_avx2_fma());
}

/// Every intrinsic `x86.call` may name has its `strata_` form in the
/// header (what the portable variant calls), and every one needing a
/// vector feature has Intel's name aliased to it for hand-written code.
#[test]
fn header_has_every_intrinsic() {
    let header = strata_lowering_to_c::X86_HEADER;
    for intr in strata_dialect_x86::intrinsics::INTRINSICS {
        let portable = format!("strata{}(", intr.name);
        assert!(header.contains(&portable), "no {portable} in strata_x86.h");
        let amx = intr.name.starts_with("_tile_") || intr.name.starts_with("_x86_");
        let alias = format!("#define {} strata{}", intr.name, intr.name);
        assert!(
            amx || header.contains(&alias),
            "no '{alias}' in strata_x86.h"
        );
    }
}
