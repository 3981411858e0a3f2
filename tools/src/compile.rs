//! `strata-compile`: one function of a program to a native library a C or
//! C++ project links, with the header that declares it.
//!
//! ```sh
//! strata-compile model.mlir --entry main_graph -o libmodel.so   # + libmodel.h
//! strata-compile model.mlir --entry main_graph -o model.c       # the C source only
//! ```
//!
//! The program goes through what `strata-run --target c` runs before it
//! translates ([`crate::target_pipeline`]: only the entry and what it
//! reaches, then the C target's default pipeline, or `--pipeline`), is
//! translated to C ([`strata_lowering_to_c`]) and compiled by `$CC` with the
//! flags `strata-run` uses ([`crate::run_c::C_FLAGS`]) plus `-shared -fPIC`,
//! so the library computes what `strata-run --target c` prints. The
//! header declares the entry with the native ABI
//! ([`strata_native_abi`]): each memref argument or result is its data
//! pointer, offset, sizes and strides; results come back through pointers
//! after the arguments unless there is exactly one scalar result.

use clap::Parser as ClapParser;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use strata_ir::diagnostics::{render, SourceFile};
use strata_ir::Context;

#[derive(ClapParser, Debug)]
#[command(
    name = "strata-compile",
    about = "Compile one function of a program to a shared library (or C source) with a C header"
)]
pub struct CompileOptions {
    /// Input file ('-' for standard input).
    pub input: String,
    /// The function to compile (the library's one exported entry).
    #[arg(long)]
    pub entry: String,
    /// Where to compile for: c (C, compiled by $CC).
    #[arg(long, default_value = "c")]
    pub target: String,
    /// Output: a shared library (`.so`), or C source (`.c`).
    #[arg(short = 'o', long = "output")]
    pub output: String,
    /// The header declaring the entry (default: the output with `.h`).
    #[arg(long)]
    pub header: Option<String>,
    /// The pass pipeline to run before translating (replaces the target's
    /// default), in `--pass-pipeline` syntax.
    #[arg(long)]
    pub pipeline: Option<String>,
    /// Print the pass pipeline on stderr.
    #[arg(long)]
    pub print_pipeline: bool,
    /// More C compiler flags after the defaults, as one argument.
    #[arg(long, allow_hyphen_values = true)]
    pub cflags: Option<String>,
    /// Leave out the memref bounds checks.
    #[arg(long)]
    pub no_bounds_checks: bool,
    /// Accept unregistered dialects.
    #[arg(long)]
    pub allow_unregistered_dialect: bool,
}

fn fail(message: impl AsRef<str>) -> ExitCode {
    eprintln!("strata-compile: error: {}", message.as_ref());
    ExitCode::FAILURE
}

/// Runs strata-compile with `args` (including the program name) over `ctx`.
pub fn compile_main(mut ctx: Context, args: impl IntoIterator<Item = String>) -> ExitCode {
    let args = crate::args::normalize_mlir_style_args(args, &["o"]);
    let options = match crate::args::parse_options::<CompileOptions>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    ctx.allow_unregistered_dialects = options.allow_unregistered_dialect;
    if options.target != "c" {
        return fail(format!(
            "unknown target '{}' (strata-compile makes C libraries: --target c)",
            options.target
        ));
    }
    let output = PathBuf::from(&options.output);
    let kind = match output.extension().and_then(|e| e.to_str()) {
        Some("so") => OutputKind::SharedLibrary,
        Some("c") => OutputKind::Source,
        _ => {
            return fail(format!(
                "'{}': the output is a shared library (.so) or C source (.c)",
                options.output
            ))
        }
    };
    let (name, text) = match crate::args::read_text_input(&options.input) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let source = SourceFile {
        name: &name,
        text: &text,
    };
    let report = |ctx: &Context, d: &strata_ir::Diagnostic| {
        let mut out = String::new();
        render(ctx, d, Some(&source), &mut out);
        eprint!("{out}");
    };
    let how = crate::target_pipeline::Preparation {
        file: &name,
        entry: &options.entry,
        target: &options.target,
        pipeline: options.pipeline.as_deref(),
        print_pipeline: options.print_pipeline,
    };
    let loaded = match crate::target_pipeline::load(&ctx, &name, &text, &how) {
        Ok(loaded) => loaded,
        Err(e) => return e.report(&ctx, "strata-compile"),
    };
    let (ir, module) = (loaded.ir, loaded.module);
    let declared = signature_text(&ctx, &options.entry, &loaded.signature);
    // A --pipeline may have renamed or removed the entry.
    let Some(func) = ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .and_then(|b| {
            ir.block_ops(b).find(|&op| {
                strata_ir::symbol_table::symbol_name(&ctx, &ir, op) == Some(options.entry.as_str())
            })
        })
    else {
        return fail(format!(
            "no function named '@{}' after the pipeline",
            options.entry
        ));
    };
    let c_source = match strata_lowering_to_c::translate_module_with(
        &ctx,
        &ir,
        module,
        &strata_native_abi::Options {
            bounds_checks: !options.no_bounds_checks,
        },
    ) {
        Ok(s) => s,
        Err(d) => {
            report(&ctx, &d);
            return ExitCode::FAILURE;
        }
    };
    let (prototype, _) = match strata_lowering_to_c::prototype(&ctx, &ir, func) {
        Ok(p) => p,
        Err(d) => {
            report(&ctx, &d);
            return ExitCode::FAILURE;
        }
    };
    let header_path = options
        .header
        .clone()
        .map(PathBuf::from)
        .unwrap_or_else(|| output.with_extension("h"));
    let compiled_signature = match strata_dialect_func::ops_function_signature(&ctx, &ir, func) {
        Some((inputs, results)) => signature_text(
            &ctx,
            &options.entry,
            &crate::target_pipeline::SourceSignature { inputs, results },
        ),
        None => String::new(),
    };
    let header = header_text(
        &header_path,
        &name,
        &declared,
        &compiled_signature,
        &prototype,
    );
    if let Err(e) = std::fs::write(&header_path, header) {
        return fail(format!("could not write '{}': {e}", header_path.display()));
    }
    match kind {
        OutputKind::Source => match std::fs::write(&output, c_source) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(format!("could not write '{}': {e}", output.display())),
        },
        OutputKind::SharedLibrary => shared_library(&c_source, &output, options.cflags.as_deref()),
    }
}

/// `@f : (tensor<8x16xf32>) -> tensor<8x4xf32>`.
fn signature_text(
    ctx: &Context,
    name: &str,
    signature: &crate::target_pipeline::SourceSignature,
) -> String {
    let ty = ctx.function_type(&signature.inputs, &signature.results);
    format!(
        "@{name} : {}",
        strata_ir::asm::printer::type_to_string(ctx, ty)
    )
}

enum OutputKind {
    SharedLibrary,
    Source,
}

/// Compiles `c_source` into the shared library `output`.
fn shared_library(c_source: &str, output: &Path, cflags: Option<&str>) -> ExitCode {
    let dir = match crate::run_c::scratch_dir() {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let c_path = dir.join("library.c");
    let result = (|| {
        std::fs::write(&c_path, c_source)
            .map_err(|e| format!("cannot write in '{}': {e}", dir.display()))?;
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        let out = Command::new(&cc)
            .args(crate::run_c::C_FLAGS)
            .args(["-shared", "-fPIC"])
            .args(cflags.iter().flat_map(|f| f.split_whitespace()))
            .arg("-o")
            .arg(output)
            .arg(&c_path)
            .arg("-lm")
            .output()
            .map_err(|e| format!("cannot run the C compiler '{cc}': {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "the C compiler '{cc}' failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// The header declaring the entry: its MLIR signature as written and as
/// compiled, and its C prototype.
fn header_text(
    path: &Path,
    input: &str,
    declared: &str,
    compiled: &str,
    prototype: &str,
) -> String {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("strata");
    let guard: String = format!("STRATA_{stem}_H")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    let comment = |s: &str| s.replace("*/", "* /");
    format!(
        "/* Generated by strata-compile from {input}.\n\
         \n   {declared}\n\
         \n   compiled as\n\
         \n   {compiled}\n\
         \n   A memref is passed as its data pointer, offset, one size per dimension and\n   \
         one stride per dimension (in elements). Results come back through the\n   \
         pointers after the arguments (unless the function has exactly one scalar\n   \
         result, which it returns); a result the function allocated is released\n   \
         with free() on its data pointer. A failed check (an out-of-bounds access,\n   \
         when compiled with bounds checks) prints a located error and exits. */\n\
         #ifndef {guard}\n#define {guard}\n\n#include <stdint.h>\n\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n{prototype};\n\n\
         #ifdef __cplusplus\n}}\n#endif\n\n#endif\n",
        input = comment(input),
        declared = comment(declared),
        compiled = comment(compiled),
    )
}
