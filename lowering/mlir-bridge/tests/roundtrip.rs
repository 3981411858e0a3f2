//! Strata and MLIR 22 agree on the upstream dialects: every round-trip
//! test file of an upstream dialect (test/Dialect/<D>/*.mlir whose RUN
//! lines use `%roundtrip`: ops.mlir and its siblings) goes
//! Strata -> MLIR (which parses Strata's generic form and verifies it with
//! its own verifiers) -> Strata (parsing MLIR's custom form, printed
//! without and with locations), and prints exactly what Strata prints for
//! the file by itself.
#![cfg(feature = "mlir")]

mod common;

use common::{test_dir, LitFile};
use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::diagnostics::render;
use strata_ir::Ir;
use strata_mlir_bridge::{read_mlir_output, Mlir, PrintFlags};

/// The upstream dialects' folders under test/Dialect (not VTA, IRDL).
const UPSTREAM: &[&str] = &[
    "Func",
    "Arith",
    "Math",
    "ControlFlow",
    "SCF",
    "MemRef",
    "Affine",
    "Vector",
    "Tensor",
    "Linalg",
    "Bufferization",
];

fn round_trip(file: &LitFile) -> Result<usize, String> {
    let ctx = file.context();
    let mlir = Mlir::new(ctx.allow_unregistered_dialects);
    let chunks = file.chunks();
    for (index, chunk) in chunks.iter().enumerate() {
        let fail = |what: &str, diags: Vec<strata_ir::Diagnostic>| {
            let mut out = format!("{} chunk {index}: {what}\n", file.name());
            for d in &diags {
                render(&ctx, d, None, &mut out);
            }
            out
        };
        let mut ir = Ir::new();
        let info = SourceInfo {
            file_name: file.name(),
            first_line: 0,
        };
        let module = parse_source(&ctx, &mut ir, chunk, &info)
            .map_err(|d| fail("Strata cannot parse it", vec![d]))?;
        let alone = print_op(&ctx, &ir, module, &PrintOptions::default());
        // MLIR's custom form without and with locations (`loc(...)` inside
        // custom syntaxes, aliases): Strata reads both back to the same IR.
        for debug_info in [false, true] {
            let print = PrintFlags {
                generic: false,
                debug_info,
            };
            let from_mlir = mlir
                .export(&ctx, &ir, module, None, print)
                .map_err(|d| fail("MLIR rejects Strata's module", d))?;
            let mut back = Ir::new();
            let what = format!("Strata cannot read MLIR's output (debug info: {debug_info})");
            let module =
                read_mlir_output(&ctx, &mut back, &from_mlir).map_err(|d| fail(&what, d))?;
            let crossed = print_op(&ctx, &back, module, &PrintOptions::default());
            if crossed != alone {
                return Err(format!(
                    "{} chunk {index}: Strata -> MLIR -> Strata differs from Strata alone \
                     (debug info: {debug_info})\n--- Strata alone\n{alone}--- through MLIR\n{crossed}",
                    file.name()
                ));
            }
        }
    }
    Ok(chunks.len())
}

#[test]
fn upstream_dialect_round_trip_tests_agree() {
    let mut failures = Vec::new();
    let mut files = 0;
    let mut chunks = 0;
    for dialect in UPSTREAM {
        let dir = test_dir().join("Dialect").join(dialect);
        let ops = dir.join("ops.mlir");
        assert!(ops.is_file(), "missing {}", ops.display());
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
            .collect();
        paths.sort();
        for path in paths {
            let file = LitFile::read(path);
            if !file.runs_with("%roundtrip") {
                continue;
            }
            match round_trip(&file) {
                Ok(n) => {
                    files += 1;
                    chunks += n;
                }
                Err(message) => failures.push(message),
            }
        }
    }
    assert!(
        files >= UPSTREAM.len(),
        "only {files} round-trip files found"
    );
    eprintln!("round trip through MLIR: {files} files, {chunks} modules agree");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
