//! `strata-translate`: translations between MLIR and other formats
//! (MLIR's `mlir-translate`). Each translation is a library function; this
//! driver reads, parses, verifies, calls it and writes the result.
//!
//! | flag | from | to |
//! |---|---|---|
//! | `--mlir-to-vta` | a module in the vta instruction or tile form, or a linalg layer (lowered by `linalg-to-vta`) | a VTA program file (`.vta`) |
//! | `--vta-to-mlir` | a VTA program file | the vta instruction form |
//! | `--mlir-to-c` | func/arith/math/cf/scf/memref | C11 (see `strata_lowering_to_c`) |
//! | `--mlir-to-llvmir` | func/arith/math/cf/scf/memref/affine | LLVM IR text (feature `llvm`, see `strata_lowering_to_llvm`) |
//! | `--export-mlir` | any module Strata parses | upstream MLIR 22's output for it, after `--mlir-pipeline` (feature `mlir`, [`crate::mlir`]) |
//! | `--import-mlir` | any module upstream MLIR 22 parses | Strata's IR for MLIR's output, after `--mlir-pipeline` (feature `mlir`) |
//! | `--import-onnx` | an ONNX model (`.onnx`, opsets 13-21; external data beside it) | `func.func @main_graph` in func/linalg/tensor/arith/math (see `strata_onnx`, docs/onnx.md) |

use clap::Parser as ClapParser;
use std::io::{Read, Write};
use std::process::ExitCode;
use strata_dialect_func::FuncOp;
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::diagnostics::{render, SourceFile};
use strata_ir::{Context, Ir};

#[derive(ClapParser, Debug)]
#[command(
    name = "strata-translate",
    about = "Strata translation driver (mlir-translate compatible flags)"
)]
pub struct TranslateOptions {
    /// Input file, or '-' for standard input.
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file ('-' for standard output).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Translate the vta instruction form into a VTA program file.
    #[arg(long, group = "translation")]
    pub mlir_to_vta: bool,
    /// --mlir-to-vta: the function to lower when the module holds several
    /// (linalg-to-vta's entry option).
    #[arg(long, default_value = "")]
    pub entry: String,
    /// Translate a VTA program file into the vta instruction form.
    #[arg(long, group = "translation")]
    pub vta_to_mlir: bool,
    /// Translate func/arith/math/cf/scf/memref into C11.
    #[arg(long, group = "translation")]
    pub mlir_to_c: bool,
    /// Translate func/arith/math/cf/scf/memref into LLVM IR (feature `llvm`).
    #[arg(long, group = "translation")]
    pub mlir_to_llvmir: bool,
    /// Hand the module to upstream MLIR 22 (feature `mlir`) and print MLIR's output.
    #[arg(long, group = "translation", group = "mlir_bridge")]
    pub export_mlir: bool,
    /// Parse with upstream MLIR 22 (feature `mlir`) and bring its output back into Strata.
    #[arg(long, group = "translation", group = "mlir_bridge")]
    pub import_mlir: bool,
    /// Import an ONNX model as func/linalg/tensor/arith/math on tensors.
    #[arg(long, group = "translation")]
    pub import_onnx: bool,
    /// Upstream pass pipeline MLIR runs during --export-mlir/--import-mlir,
    /// e.g. 'builtin.module(convert-scf-to-cf)'.
    #[arg(long, requires = "mlir_bridge")]
    pub mlir_pipeline: Option<String>,
    /// Translate each '// -----' chunk on its own (--export-mlir, --import-mlir).
    #[arg(long)]
    pub split_input_file: bool,
    /// Print locations (--export-mlir: MLIR's output; --import-mlir,
    /// --import-onnx: Strata's).
    #[arg(long)]
    pub mlir_print_debuginfo: bool,
    /// Accept operations of unregistered dialects in MLIR input.
    #[arg(long)]
    pub allow_unregistered_dialect: bool,
}

fn read_input(path: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("cannot open input file '{path}': {e}"))?;
    }
    Ok(bytes)
}

fn write_output(path: &str, bytes: &[u8]) -> Result<(), String> {
    if path == "-" {
        std::io::stdout()
            .lock()
            .write_all(bytes)
            .map_err(|e| e.to_string())
    } else {
        std::fs::write(path, bytes).map_err(|e| format!("cannot write '{path}': {e}"))
    }
}

/// Parses and verifies MLIR text, then runs `translate` on the module.
/// Errors come back rendered as mlir-translate prints them.
pub fn translate_mlir(
    ctx: &Context,
    file_name: &str,
    text: &str,
    translate: impl FnOnce(&Context, &Ir, strata_ir::OpId) -> strata_ir::DiagResult<Vec<u8>>,
) -> Result<Vec<u8>, String> {
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: file_name.into(),
        first_line: 0,
    };
    let source = SourceFile {
        name: file_name,
        text,
    };
    let render_diag = |d: &strata_ir::Diagnostic| {
        let mut out = String::new();
        render(ctx, d, Some(&source), &mut out);
        out
    };
    let module = parse_source(ctx, &mut ir, text, &info).map_err(|d| render_diag(&d))?;
    strata_ir::verifier::verify(ctx, &ir, module).map_err(|d| render_diag(&d))?;
    translate(ctx, &ir, module).map_err(|d| render_diag(&d))
}

/// `--mlir-to-vta` on text: the program file's bytes; `entry` names the
/// function to lower when the module holds several.
pub fn mlir_to_vta(
    ctx: &Context,
    file_name: &str,
    text: &str,
    entry: &str,
) -> Result<Vec<u8>, String> {
    translate_mlir(ctx, file_name, text, |ctx, ir, module| {
        // A module still in linalg (a func.func with the layer) goes through
        // linalg-to-vta and vta-lower-tiles first; a module in the tile form
        // through vta-lower-tiles.
        let mut ir = ir.clone();
        let body = ir.regions(module)[0];
        let body = ir.entry_block(body).expect("module body");
        let names: Vec<String> = ir
            .block_ops(body)
            .map(|op| ctx.op_name_str(ir.op_name(op)).to_string())
            .collect();
        if names.iter().any(|n| n == FuncOp::NAME) {
            let options = strata_lowering_linalg_to_vta::Options {
                double_buffer: true,
                entry: entry.to_string(),
                ..Default::default()
            };
            strata_lowering_linalg_to_vta::lower(ctx, &mut ir, module, &options)?;
        }
        strata_dialect_vta::lower_tiles(
            ctx,
            &mut ir,
            module,
            &strata_dialect_vta::LowerTilesOptions::default(),
        )?;
        let ir = &ir;
        let program = strata_dialect_vta::translate::module_to_program(ctx, ir, module)?;
        program
            .to_bytes()
            .map_err(|e| strata_ir::verifier::emit_op_error(ctx, ir, module, e.to_string()))
    })
}

/// `--mlir-to-llvmir` on text: LLVM IR.
#[cfg(feature = "llvm")]
fn mlir_to_llvmir(ctx: &Context, file_name: &str, text: &str) -> Result<Vec<u8>, String> {
    translate_mlir(ctx, file_name, text, |ctx, ir, module| {
        strata_lowering_to_llvm::translate_to_llvm_ir(ctx, ir, module).map(String::into_bytes)
    })
}

#[cfg(not(feature = "llvm"))]
fn mlir_to_llvmir(_: &Context, _: &str, _: &str) -> Result<Vec<u8>, String> {
    Err("strata-translate: error: --mlir-to-llvmir needs LLVM, but this strata-translate was built \
         without the `llvm` feature (rebuild with `cargo build --release -p strata-tools --features llvm`)\n"
        .into())
}

/// `--import-onnx`: the model's MLIR text; external data is read from the
/// model's folder (none for stdin).
fn import_onnx(
    ctx: &Context,
    options: &TranslateOptions,
    file_name: &str,
    bytes: &[u8],
) -> Result<Vec<u8>, String> {
    let dir = (options.input != "-").then(|| {
        let parent = std::path::Path::new(&options.input).parent();
        parent.map_or_else(|| std::path::PathBuf::from("."), |p| p.to_path_buf())
    });
    let (ir, module) = strata_onnx::import_model(ctx, bytes, file_name, dir.as_deref())?;
    let print = strata_ir::asm::PrintOptions {
        debug_info: options.mlir_print_debuginfo,
        ..Default::default()
    };
    Ok((strata_ir::asm::print_op(ctx, &ir, module, &print) + "\n").into_bytes())
}

/// The whole tool over a context with the dialects it should know.
pub fn translate_main(mut ctx: Context, args: impl IntoIterator<Item = String>) -> ExitCode {
    let args = crate::args::normalize_mlir_style_args(args, &["o"]);
    let options = match crate::args::parse_options::<TranslateOptions>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    ctx.allow_unregistered_dialects = options.allow_unregistered_dialect;
    let result = read_input(&options.input).and_then(|bytes| {
        let file_name = if options.input == "-" {
            "<stdin>"
        } else {
            options.input.as_str()
        };
        if options.mlir_to_vta {
            let text =
                String::from_utf8(bytes).map_err(|_| "input is not UTF-8 text".to_string())?;
            mlir_to_vta(&ctx, file_name, &text, &options.entry)
        } else if options.mlir_to_c {
            let text =
                String::from_utf8(bytes).map_err(|_| "input is not UTF-8 text".to_string())?;
            translate_mlir(&ctx, file_name, &text, |ctx, ir, module| {
                strata_lowering_to_c::translate_module(ctx, ir, module).map(String::into_bytes)
            })
        } else if options.export_mlir || options.import_mlir {
            let text =
                String::from_utf8(bytes).map_err(|_| "input is not UTF-8 text".to_string())?;
            crate::mlir::translate(&ctx, &options, file_name, &text)
        } else if options.mlir_to_llvmir {
            let text =
                String::from_utf8(bytes).map_err(|_| "input is not UTF-8 text".to_string())?;
            mlir_to_llvmir(&ctx, file_name, &text)
        } else if options.import_onnx {
            import_onnx(&ctx, &options, file_name, &bytes)
        } else if options.vta_to_mlir {
            strata_dialect_vta::translate::vta_to_mlir(&ctx, &bytes)
                .map(String::into_bytes)
                .map_err(|m| format!("{file_name}: error: {m}\n"))
        } else {
            Err("no translation chosen: pass --mlir-to-vta, --vta-to-mlir, --mlir-to-c, --mlir-to-llvmir, --export-mlir, --import-mlir or --import-onnx\n".into())
        }
    });
    match result.and_then(|out| write_output(&options.output, &out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::FAILURE
        }
    }
}
