//! The harness `strata-run --target c` compiles around a translated module
//! must build warning-free under `-Wall -Wextra -Werror` (as the translation
//! itself does), for functions with and without memref arguments, with and
//! without results: its repeat/timing code declares only what it uses.

use std::path::PathBuf;
use std::process::Command;

const MODULE: &str = r#"
func.func @scalar(%n: i32) -> i32 {
  return %n : i32
}
func.func @buffers(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.store %x, %b[%c0] : memref<4xf32>
  return
}
func.func @both(%a: memref<2x3xi8>, %s: f64) -> (f64, i1) {
  %t = arith.constant true
  return %s, %t : f64, i1
}
"#;

/// Runs `entry` through `strata-run --target c` with STRATA_KEEP_C and
/// returns the kept program.c.
fn kept_program(file: &PathBuf, entry: &str, extra: &[&str]) -> PathBuf {
    let out = Command::new(env!("CARGO_BIN_EXE_strata-run"))
        .arg(file)
        .args(["--entry", entry, "--random-inputs", "--target", "c"])
        .args(extra)
        .env("STRATA_KEEP_C", "1")
        .output()
        .expect("run strata-run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "strata-run failed for @{entry}: {stderr}"
    );
    let dir = stderr
        .lines()
        .find_map(|l| l.strip_prefix("strata-run: kept "))
        .unwrap_or_else(|| panic!("no kept directory in: {stderr}"));
    PathBuf::from(dir.trim()).join("program.c")
}

#[test]
fn harness_compiles_warning_free() {
    let file = std::env::temp_dir().join(format!("strata-c-harness-{}.mlir", std::process::id()));
    std::fs::write(&file, MODULE).unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    for entry in ["scalar", "buffers", "both"] {
        for extra in [&[][..], &["--repeat", "3", "--warmup", "1", "--time"][..]] {
            let program = kept_program(&file, entry, extra);
            let built = Command::new(&cc)
                .args(["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-c", "-o"])
                .arg(program.with_extension("o"))
                .arg(&program)
                .output()
                .expect("run the C compiler");
            assert!(
                built.status.success(),
                "@{entry} {extra:?}: {}",
                String::from_utf8_lossy(&built.stderr)
            );
            let _ = std::fs::remove_dir_all(program.parent().unwrap());
        }
    }
    let _ = std::fs::remove_file(&file);
}
