//! include/strata_x86.h: the portable scalar forms of the AVX-512
//! intrinsics give the native results bit for bit (the native build runs
//! only on a CPU with AVX-512F), and both forms compile warning-free.

use std::path::PathBuf;
use std::process::Command;

fn build_and_run(name: &str, flags: &[&str]) -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("strata-x86-{}-{name}", std::process::id()));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-O3", "-std=c11", "-Wall", "-Wextra", "-Werror"])
        .args(flags)
        .arg("-I")
        .arg(dir.join("include"))
        .arg(dir.join("tests/x86_matmul.c"))
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

#[test]
fn portable_matches_native() {
    let Some(portable) = build_and_run("portable", &["-DSTRATA_X86_PORTABLE"]) else {
        eprintln!("no C compiler; skipped");
        return;
    };
    assert!(portable.starts_with("native=0\n"), "{portable}");
    if !cfg!(target_arch = "x86_64") || !cpu_has_avx512f() {
        eprintln!("no AVX-512F on this CPU; native build not run");
        return;
    }
    let native = build_and_run("native", &["-mavx512f"]).unwrap();
    assert!(native.starts_with("native=1\n"), "{native}");
    assert_eq!(
        portable.replacen("native=0", "", 1),
        native.replacen("native=1", "", 1)
    );
}
