//! `strata-translate --export-mlir` / `--import-mlir`: the bridge to
//! upstream MLIR 22 ([`strata_mlir_bridge`], behind the `mlir` feature).
//!
//! - `--export-mlir FILE`: Strata parses and verifies FILE, hands the
//!   module to MLIR (which verifies it again, with its own verifiers), runs
//!   `--mlir-pipeline` there if given, and prints MLIR's output.
//! - `--import-mlir FILE`: MLIR parses and verifies FILE, runs
//!   `--mlir-pipeline` if given, and Strata reads MLIR's result back and
//!   prints it: upstream-only passes inside a Strata flow.
//!
//! Both honour `--split-input-file` (each chunk crosses on its own),
//! `--allow-unregistered-dialect` and `--mlir-print-debuginfo` (locations in
//! the output: imported ops keep those of the ops they came from). Every problem, on either side, is a
//! located diagnostic. A binary built without the feature says so.

use crate::translate::TranslateOptions;
use strata_ir::Context;

/// The `--export-mlir` / `--import-mlir` translation of `text`.
#[cfg(not(feature = "mlir"))]
pub fn translate(
    _ctx: &Context,
    options: &TranslateOptions,
    _file_name: &str,
    _text: &str,
) -> Result<Vec<u8>, String> {
    let flag = if options.export_mlir {
        "--export-mlir"
    } else {
        "--import-mlir"
    };
    Err(format!(
        "strata-translate: error: {flag} needs upstream MLIR, but this binary was built without \
         the `mlir` feature (build it with: cargo build --release -p strata-tools --features mlir)\n"
    ))
}

/// The `--export-mlir` / `--import-mlir` translation of `text`.
#[cfg(feature = "mlir")]
pub fn translate(
    ctx: &Context,
    options: &TranslateOptions,
    file_name: &str,
    text: &str,
) -> Result<Vec<u8>, String> {
    use crate::opt::{split_chunks, SPLIT_MARKER};
    use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
    use strata_ir::diagnostics::{render, SourceFile};
    use strata_ir::Ir;
    use strata_mlir_bridge::{Mlir, PrintFlags, Source};

    let mlir = Mlir::new(ctx.allow_unregistered_dialects);
    let pipeline = options.mlir_pipeline.as_deref();
    let print = PrintFlags {
        generic: false,
        debug_info: options.mlir_print_debuginfo,
    };
    let strata_print = PrintOptions {
        debug_info: options.mlir_print_debuginfo,
        ..PrintOptions::default()
    };
    let mut outputs = Vec::new();
    let mut diagnostics = Vec::new();
    for chunk in split_chunks(text, options.split_input_file) {
        let mut ir = Ir::new();
        let crossed = if options.export_mlir {
            let info = SourceInfo {
                file_name: file_name.into(),
                first_line: chunk.first_line,
            };
            parse_source(ctx, &mut ir, chunk.text, &info)
                .and_then(|module| strata_ir::verifier::verify(ctx, &ir, module).map(|_| module))
                .map_err(|d| vec![d])
                .and_then(|module| mlir.export(ctx, &ir, module, pipeline, print))
                .map(|text| text + "\n")
        } else {
            let source = Source {
                name: file_name,
                first_line: chunk.first_line,
            };
            mlir.import(ctx, &mut ir, chunk.text, source, pipeline)
                .map(|module| print_op(ctx, &ir, module, &strata_print) + "\n")
        };
        diagnostics.extend(mlir.take_diagnostics());
        // Both end as mlir-opt's and strata-opt's output: the printed module
        // and a newline.
        match crossed {
            Ok(out) => outputs.push(out),
            Err(errors) => diagnostics.extend(errors),
        }
    }
    let source = SourceFile {
        name: file_name,
        text,
    };
    let mut rendered = String::new();
    for d in &diagnostics {
        render(ctx, d, Some(&source), &mut rendered);
    }
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err(rendered);
    }
    eprint!("{rendered}");
    Ok(outputs.join(&format!("{SPLIT_MARKER}\n")).into_bytes())
}
