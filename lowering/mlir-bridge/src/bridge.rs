//! The bridge itself (compiled with the `mlir` feature): an MLIR context
//! with every upstream dialect and pass, and the three crossings built on
//! [`Mlir::transform`] (MLIR parses, verifies, runs a pipeline, prints).

use melior::diagnostic::{Diagnostic as MlirDiagnostic, DiagnosticSeverity};
use melior::dialect::DialectRegistry;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::{Location as MlirLocation, Module};
use melior::pass::PassManager;
use std::cell::RefCell;
use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::{Context, Diagnostic, Ir, Location, LocationData, OpId, Severity};

/// The name given to Strata's generic form when MLIR reads it (export):
/// MLIR diagnostics about that text (not about the user's ops, whose
/// locations ride along) are located in it.
pub const STRATA_GENERIC_FORM: &str = "<strata generic form>";
/// The name given to MLIR's printed output when Strata reads it (import).
pub const MLIR_OUTPUT: &str = "<mlir output>";

/// Where a text handed to MLIR came from, for locations: MLIR names a
/// string buffer "-" and counts its lines from 1; a chunk of a
/// `--split-input-file` input starts further down its file.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    pub name: &'a str,
    /// 0-based line of the text's first line in the file.
    pub first_line: u32,
}

/// How MLIR prints its result.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintFlags {
    /// MLIR's generic form (`--mlir-print-op-generic`).
    pub generic: bool,
    /// Locations (`--mlir-print-debuginfo`).
    pub debug_info: bool,
}

/// Everything MLIR reported during one call, as Strata diagnostics.
pub type Diagnostics = Vec<Diagnostic>;

/// An MLIR 22 context with all upstream dialects registered (MLIR's
/// `registerAllDialects`) and all upstream passes known to the pipeline
/// parser (`registerAllPasses`). Single-threaded: diagnostics then come in
/// program order, and the machines this runs on are small.
pub struct Mlir {
    context: melior::Context,
    /// Warnings and remarks of calls that succeeded, until taken.
    pending: RefCell<Diagnostics>,
}

impl Mlir {
    /// A context; `allow_unregistered` accepts ops of unknown dialects
    /// (`--allow-unregistered-dialect`).
    pub fn new(allow_unregistered: bool) -> Self {
        let registry = DialectRegistry::new();
        melior::utility::register_all_dialects(&registry);
        melior::utility::register_all_passes();
        let context = melior::Context::new_with_registry(&registry, false);
        context.load_all_available_dialects();
        context.set_allow_unregistered_dialects(allow_unregistered);
        Self {
            context,
            pending: RefCell::new(Vec::new()),
        }
    }

    /// The warnings and remarks MLIR emitted during calls that succeeded
    /// (a failed call returns all of its diagnostics).
    pub fn take_diagnostics(&self) -> Diagnostics {
        self.pending.take()
    }

    /// MLIR parses and verifies `text`, runs `pipeline` (textual, e.g.
    /// `builtin.module(canonicalize)`) if any, and prints the module.
    /// Everything MLIR reports comes back as Strata diagnostics located in
    /// `source` (or wherever the `loc(...)`s of the text point).
    pub fn transform(
        &self,
        ctx: &Context,
        text: &str,
        source: Source,
        pipeline: Option<&str>,
        print: PrintFlags,
    ) -> Result<String, Diagnostics> {
        let mut printed = self.transform_prints(ctx, text, source, pipeline, &[print])?;
        Ok(printed.remove(0))
    }

    /// [`Mlir::transform`], printing the result once per entry of `prints`.
    fn transform_prints(
        &self,
        ctx: &Context,
        text: &str,
        source: Source,
        pipeline: Option<&str>,
        prints: &[PrintFlags],
    ) -> Result<Vec<String>, Diagnostics> {
        let capture = Capture::attach(&self.context, ctx, source);
        let result = self.transform_captured(ctx, text, pipeline, prints);
        let mut diagnostics = capture.finish();
        match result {
            Ok(printed) if !diagnostics.iter().any(Diagnostic::is_error) => {
                self.pending.borrow_mut().extend(diagnostics);
                Ok(printed
                    .iter()
                    .map(|p| fix_buffer_locations(p, source))
                    .collect())
            }
            Ok(_) => Err(diagnostics),
            Err(Failure::Pipeline(diagnostic)) => {
                diagnostics.push(diagnostic);
                Err(diagnostics)
            }
            Err(Failure::Reported(fallback)) => {
                // MLIR failed; it normally said why through the handler.
                // When it did not, say it ourselves.
                if !diagnostics.iter().any(Diagnostic::is_error) {
                    let loc = ctx.file_loc(source.name, source.first_line + 1, 1);
                    diagnostics.push(Diagnostic::error(loc, fallback));
                }
                Err(diagnostics)
            }
        }
    }

    fn transform_captured(
        &self,
        ctx: &Context,
        text: &str,
        pipeline: Option<&str>,
        prints: &[PrintFlags],
    ) -> Result<Vec<String>, Failure> {
        // The pipeline first: a typo in it should not cost a parse.
        let manager = PassManager::new(&self.context);
        if let Some(pipeline) = pipeline {
            melior::utility::parse_pass_pipeline(manager.as_operation_pass_manager(), pipeline)
                .map_err(|e| Failure::Pipeline(pipeline_diagnostic(ctx, pipeline, e)))?;
        }
        let mut module = Module::parse(&self.context, text)
            .ok_or_else(|| Failure::Reported("MLIR could not parse the module".into()))?;
        if !module.as_operation().verify() {
            return Err(Failure::Reported(
                "MLIR's verifier rejected the module".into(),
            ));
        }
        if let Some(pipeline) = pipeline {
            manager.run(&mut module).map_err(|_| {
                Failure::Reported(format!("MLIR pass pipeline '{pipeline}' failed"))
            })?;
        }
        prints
            .iter()
            .map(|print| {
                let mut flags = OperationPrintingFlags::new();
                if print.generic {
                    flags = flags.print_generic_operation_form();
                }
                if print.debug_info {
                    flags = flags.enable_debug_info(true, false);
                }
                module
                    .as_operation()
                    .to_string_with_flags(flags)
                    .map_err(|e| Failure::Reported(format!("MLIR could not print the module: {e}")))
            })
            .collect()
    }

    /// Export: Strata's module handed to MLIR (printed in the generic form
    /// with its locations), verified there, transformed by `pipeline`, and
    /// printed by MLIR in `print`'s form.
    pub fn export(
        &self,
        ctx: &Context,
        ir: &Ir,
        module: OpId,
        pipeline: Option<&str>,
        print: PrintFlags,
    ) -> Result<String, Diagnostics> {
        let options = PrintOptions {
            generic: true,
            debug_info: true,
            local_scope: false,
        };
        let generic = print_op(ctx, ir, module, &options);
        let source = Source {
            name: STRATA_GENERIC_FORM,
            first_line: 0,
        };
        self.transform(ctx, &generic, source, pipeline, print)
            .map_err(|diagnostics| quote_lines(ctx, diagnostics, STRATA_GENERIC_FORM, &generic))
    }

    /// Import: MLIR text parsed and verified by MLIR, transformed by
    /// `pipeline`, printed by MLIR (custom form, with locations) and parsed
    /// and verified by Strata into `ir`. Returns the module.
    pub fn import(
        &self,
        ctx: &Context,
        ir: &mut Ir,
        text: &str,
        source: Source,
        pipeline: Option<&str>,
    ) -> Result<OpId, Diagnostics> {
        let with_locations = PrintFlags {
            generic: false,
            debug_info: true,
        };
        let prints = [with_locations, PrintFlags::default()];
        let printed = self.transform_prints(ctx, text, source, pipeline, &prints)?;
        let checkpoint = ir.clone();
        match read_mlir_output(ctx, ir, &printed[0]) {
            Ok(module) => Ok(module),
            Err(with_locations) => {
                // A custom syntax whose debug-info form Strata's parser
                // lacks (a `loc(...)` MLIR prints inside an op's syntax):
                // the module still comes back, its locations pointing into
                // MLIR's output, and the user is told.
                *ir = checkpoint;
                let module =
                    read_mlir_output(ctx, ir, &printed[1]).map_err(|_| with_locations.clone())?;
                for d in with_locations {
                    let message = format!(
                        "imported without source locations: Strata cannot read MLIR's output with them ({})",
                        d.message
                    );
                    let mut warning = Diagnostic::new(Severity::Warning, d.loc, message);
                    warning.notes = d.notes;
                    self.pending.borrow_mut().push(warning);
                }
                Ok(module)
            }
        }
    }
}

/// Why MLIR failed, when its diagnostic handler may not have said it.
enum Failure {
    /// The textual pipeline did not parse (MLIR reports that through a
    /// callback, not a diagnostic).
    Pipeline(Diagnostic),
    /// Anything else: MLIR's diagnostics normally say why; the text is the
    /// fallback when they do not.
    Reported(String),
}

/// The pseudo-file a `--mlir-pipeline` error is located in.
pub const MLIR_PIPELINE: &str = "<mlir-pipeline>";

/// MLIR's pipeline-parser error ("MLIR Textual PassPipeline Parser:1:C:
/// error: MSG" then the text it parsed and a caret) as a diagnostic in
/// [`MLIR_PIPELINE`], its column counted in `pipeline`, with a note quoting
/// the pipeline.
fn pipeline_diagnostic(ctx: &Context, pipeline: &str, error: melior::Error) -> Diagnostic {
    let text = match error {
        melior::Error::ParsePassPipeline(message) => message,
        other => other.to_string(),
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let parsed = (|| {
        let rest = first.split_once(':')?.1; // "1:C: error: MSG"
        let (_, rest) = rest.split_once(':')?;
        let (col, rest) = rest.split_once(':')?;
        let message = rest.trim_start().strip_prefix("error:")?.trim();
        Some((col.trim().parse::<u32>().ok()?, message.to_string()))
    })();
    let (col, message) = parsed.unwrap_or((1, text.trim().to_string()));
    // MLIR quotes the text it parsed (the pipeline, or the part inside the
    // anchor): shift the column to count in the whole pipeline.
    let shift = lines
        .next()
        .filter(|quoted| !quoted.is_empty())
        .and_then(|quoted| pipeline.find(quoted))
        .unwrap_or(0) as u32;
    let loc = ctx.file_loc(MLIR_PIPELINE, 1, col + shift);
    Diagnostic::error(loc, message).with_note(loc, format!("in {MLIR_PIPELINE}: {pipeline}"))
}

/// Strata parses and verifies what MLIR printed. A failure here is a gap in
/// Strata (MLIR printed something Strata does not know); the diagnostic is
/// located in MLIR's output and quotes the line.
pub fn read_mlir_output(ctx: &Context, ir: &mut Ir, printed: &str) -> Result<OpId, Diagnostics> {
    let info = SourceInfo {
        file_name: MLIR_OUTPUT.into(),
        first_line: 0,
    };
    let quote = |d: Diagnostic| quote_lines(ctx, vec![d], MLIR_OUTPUT, printed);
    let module = parse_source(ctx, ir, printed, &info).map_err(quote)?;
    strata_ir::verifier::verify(ctx, ir, module).map_err(quote)?;
    Ok(module)
}

/// Diagnostics located in a text the user never saw (Strata's generic form,
/// MLIR's output) get a note quoting the line they point at.
fn quote_lines(ctx: &Context, diagnostics: Diagnostics, name: &str, text: &str) -> Diagnostics {
    diagnostics
        .into_iter()
        .map(|mut d| {
            if let Some((file, line, _)) = ctx.file_line_col(d.loc) {
                if file == name {
                    if let Some(quoted) = text.lines().nth(line.saturating_sub(1) as usize) {
                        let message = format!("in {name}: {}", quoted.trim());
                        d.notes
                            .push(Diagnostic::new(Severity::Note, d.loc, message));
                    }
                }
            }
            d
        })
        .collect()
}

/// MLIR's C API names a parsed string buffer "-": its printed locations
/// read `loc("-":L:C)`. They become `loc("<source name>":L+first_line:C)`,
/// so ops brought back point into the user's file.
fn fix_buffer_locations(printed: &str, source: Source) -> String {
    const ANONYMOUS: &str = "loc(\"-\":";
    if !printed.contains(ANONYMOUS) {
        return printed.to_string();
    }
    let mut name = String::new();
    strata_ir::asm::printer::print_escaped_string(&mut name, source.name.as_bytes());
    let mut out = String::with_capacity(printed.len());
    let mut rest = printed;
    while let Some(at) = rest.find(ANONYMOUS) {
        out.push_str(&rest[..at]);
        rest = &rest[at + ANONYMOUS.len()..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        match rest[..digits].parse::<u32>() {
            Ok(line) => out.push_str(&format!("loc({name}:{}", line + source.first_line)),
            Err(_) => out.push_str(ANONYMOUS),
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
    out
}

/// A diagnostic handler attached to the MLIR context for one call: it turns
/// each MLIR diagnostic into a Strata one (and says it handled it, so MLIR
/// prints nothing itself). Detached when finished or dropped.
struct Capture<'m> {
    context: &'m melior::Context,
    id: Option<melior::diagnostic::DiagnosticHandlerId>,
    collected: std::rc::Rc<RefCell<Diagnostics>>,
}

impl<'m> Capture<'m> {
    fn attach(context: &'m melior::Context, ctx: &'m Context, source: Source<'m>) -> Self {
        let collected = std::rc::Rc::new(RefCell::new(Vec::new()));
        let sink = collected.clone();
        let id = context.attach_diagnostic_handler(move |diagnostic| {
            sink.borrow_mut()
                .push(convert_diagnostic(ctx, &diagnostic, source));
            true
        });
        Self {
            context,
            id: Some(id),
            collected,
        }
    }

    fn finish(mut self) -> Diagnostics {
        self.detach();
        self.collected.take()
    }

    fn detach(&mut self) {
        if let Some(id) = self.id.take() {
            self.context.detach_diagnostic_handler(id);
        }
    }
}

impl Drop for Capture<'_> {
    fn drop(&mut self) {
        self.detach();
    }
}

fn convert_diagnostic(ctx: &Context, diagnostic: &MlirDiagnostic, source: Source) -> Diagnostic {
    let severity = match diagnostic.severity() {
        DiagnosticSeverity::Error => Severity::Error,
        DiagnosticSeverity::Warning => Severity::Warning,
        DiagnosticSeverity::Remark => Severity::Remark,
        DiagnosticSeverity::Note => Severity::Note,
    };
    let loc = convert_location(ctx, diagnostic.location(), source);
    let mut converted = Diagnostic::new(severity, loc, diagnostic.to_string());
    for index in 0..diagnostic.note_count() {
        if let Ok(note) = diagnostic.note(index) {
            let mut note = convert_diagnostic(ctx, &note, source);
            note.severity = Severity::Note;
            converted.notes.push(note);
        }
    }
    converted
}

/// The name MLIR's C API gives the string buffer it parses
/// (`mlirModuleCreateParse`).
const ANONYMOUS_BUFFER: &str = "-";

/// MLIR's location as Strata's, structure for structure; the anonymous
/// buffer is `source`.
fn convert_location(ctx: &Context, loc: MlirLocation, source: Source) -> Location {
    let data = if loc.is_file_line_col_range() {
        let file = loc.file_line_col_range_filename();
        let file = file.as_string_ref().as_str().unwrap_or("").to_string();
        let (file, offset) = if file == ANONYMOUS_BUFFER {
            (source.name.to_string(), source.first_line)
        } else {
            (file, 0)
        };
        LocationData::FileLineCol {
            file: ctx.intern_str(&file),
            line: loc.file_line_col_range_start_line() as u32 + offset,
            col: loc.file_line_col_range_start_column() as u32,
            end: None,
        }
    } else if loc.is_name() {
        let name = loc.name_value();
        let name = name.as_string_ref().as_str().unwrap_or("").to_string();
        LocationData::Name {
            name: ctx.intern_str(&name),
            child: Some(convert_location(ctx, loc.name_child_location(), source)),
        }
    } else if loc.is_call_site() {
        LocationData::CallSite {
            callee: convert_location(ctx, loc.call_site_callee(), source),
            caller: convert_location(ctx, loc.call_site_caller(), source),
        }
    } else if loc.is_fused() {
        let locations = (0..loc.fused_num_locations())
            .map(|i| convert_location(ctx, loc.fused_location(i), source))
            .collect();
        LocationData::Fused {
            locations,
            metadata: None,
        }
    } else {
        LocationData::Unknown
    };
    ctx.location(data)
}
