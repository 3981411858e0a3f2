//! The native measurer: a candidate's options through x86-vectorize and
//! the C back end, compiled, timed on this CPU and checked against the
//! reference interpreter.
//!
//! What one measurement does is what `strata-opt --pass-pipeline=...`
//! followed by `strata-run --target c --repeat N --warmup W --time
//! --no-bounds-checks --cflags='-O3 -march=native'` does, in one process:
//! the pipeline runs on a copy of the parsed module, `lower-affine` as
//! `strata-run` runs it before translating, the module is translated with
//! [`strata_lowering_to_c`] and its harness, compiled with the system C
//! compiler, and the harness times `W + N` calls in the program and
//! writes the outputs of one. The cost is the median of the N call times.
//!
//! A measurement is [`Measurement::Invalid`] when the pass rejects the
//! options or leaves the op alone, the C does not compile, the program
//! crashes or overruns its time limit, or its outputs differ from the
//! interpreter's: an explorer never sees such a point as cheap.
//!
//! # Inputs and the reference
//!
//! The inputs are drawn once per workload (seeded): f32 uniform in
//! [-1, 1), integers over their type's whole range (i8 from -128 to 127),
//! and the interpreter runs the original function on them once. Integers
//! must then match bit for bit. Floats are compared with the error bound
//! of a sum of products: each output is a sum of `n = K + 1` terms (the
//! products and what C held), whichever order and fusing the kernel uses,
//! `|computed - exact| <= gamma(n) * S` with `gamma(n) = n u / (1 - n u)`,
//! `u = 2^-24`, and `S` the same sum over absolute values, which the
//! interpreter computes by running the function once more on the inputs'
//! absolute values. Two results within their bounds of the exact sum are
//! within `2 gamma(n) S` of each other; that is the tolerance, element by
//! element. A wrong index or a dropped tail moves an element by about a
//! product's size, orders of magnitude more.

use crate::problem::{find_func, find_gemm, Gemm, TUNABLE_OPS};
use crate::space::X86Space;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use strata_dialect_arith::semantics::mask;
use strata_interp::inputs::{extract, instantiate, Data, Rng};
use strata_interp::{Interpreter, Registry, Scalar};
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::diagnostics::{render, SourceFile};
use strata_ir::pass::{parse_pass_pipeline, PassManager, PassRegistry};
use strata_ir::{Context, Diagnostic, FloatKind, Ir, OpId, Type};
use strata_native_abi::{c_type, CType};
use strata_tools::run_c::{argument_bytes, read_scalar};
use strata_tune_search::{Candidate, Measurement, Measurer, Space};

/// How candidates are compiled and timed.
#[derive(Clone, Debug)]
pub struct MeasureConfig {
    /// Timed calls; the cost is their median.
    pub repeat: u64,
    /// Calls before the timed ones.
    pub warmup: u64,
    /// The C compiler (`$CC`, default `cc`).
    pub cc: String,
    /// Flags after `strata-run`'s own (`-O2 -std=c11 -ffp-contract=off
    /// -fno-optimize-sibling-calls`).
    pub cflags: Vec<String>,
    /// A program running longer is killed and the candidate is invalid.
    pub timeout: Duration,
    /// Keep each candidate's C, program and files (for debugging).
    pub keep: bool,
}

impl Default for MeasureConfig {
    fn default() -> Self {
        MeasureConfig {
            repeat: 10,
            warmup: 2,
            cc: std::env::var("CC").unwrap_or_else(|_| "cc".into()),
            cflags: vec!["-O3".into(), "-march=native".into()],
            timeout: Duration::from_secs(60),
            keep: false,
        }
    }
}

/// What one run of a compiled candidate gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Median call time, seconds.
    pub median: f64,
    /// Fastest call, seconds.
    pub min: f64,
}

/// The registry pipelines are built from (every Strata pass).
fn registry() -> &'static PassRegistry {
    static REGISTRY: OnceLock<PassRegistry> = OnceLock::new();
    REGISTRY.get_or_init(strata_passes_all::registry)
}

/// The function being tuned, its inputs and the interpreter's outputs.
pub struct Workload {
    pub ctx: Context,
    ir: Ir,
    module: OpId,
    entry: String,
    file: String,
    text: String,
    pub gemm: Gemm,
    inputs: Vec<Type>,
    results: Vec<Type>,
    input_bytes: Vec<u8>,
    /// The interpreter's limits for the reference runs.
    limits: strata_interp::Limits,
    /// The interpreter's outputs, and for float outputs the allowed
    /// difference per element.
    reference: Vec<(Data, Option<Vec<f64>>)>,
}

/// Random data for an argument: f32 in [-1, 1), integers over their
/// whole range.
fn random_input(ctx: &Context, ty: Type, rng: &mut Rng) -> Result<Data, String> {
    let scalar = |rng: &mut Rng| -> Result<Scalar, String> {
        let elem = ctx.element_type_or_self(ty);
        match strata_interp::value::scalar_type(ctx, elem) {
            Some(strata_interp::ScalarType::Int(w)) if w <= 64 => {
                let (lo, hi) = if w == 1 {
                    (0, 1)
                } else if w == 64 {
                    (i64::MIN, i64::MAX)
                } else {
                    (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
                };
                let v = if w == 64 {
                    rng.next_u64() as i64
                } else {
                    rng.range(lo, hi)
                };
                Ok(Scalar::Int(mask(v as i128 as u128, w), w))
            }
            Some(strata_interp::ScalarType::Float(FloatKind::F32)) => Ok(Scalar::Float(
                (rng.unit() * 2.0 - 1.0) as f32 as f64,
                FloatKind::F32,
            )),
            _ => Err("only f32 and integer arguments are supported".into()),
        }
    };
    match ctx.shape(ty) {
        Some(shape) if shape.iter().all(|&d| d >= 0) => {
            let n: i64 = shape.iter().product();
            Ok(Data::Shaped {
                shape: shape.to_vec(),
                elems: (0..n).map(|_| scalar(rng)).collect::<Result<_, _>>()?,
            })
        }
        Some(_) => Err("dynamic shapes are not supported".into()),
        None => Ok(Data::Scalar(scalar(rng)?)),
    }
}

/// `|x|` of every float element (integers unchanged).
fn absolute(data: &Data) -> Data {
    let abs = |s: &Scalar| match *s {
        Scalar::Float(f, k) => Scalar::Float(f.abs(), k),
        s => s,
    };
    match data {
        Data::Scalar(s) => Data::Scalar(abs(s)),
        Data::Shaped { shape, elems } => Data::Shaped {
            shape: shape.clone(),
            elems: elems.iter().map(abs).collect(),
        },
        other => other.clone(),
    }
}

/// The unit roundoff of f32.
const F32_UNIT_ROUNDOFF: f64 = 1.0 / (1u64 << 24) as f64;

impl Workload {
    /// Parse `text` (the contents of `file`), find `entry` and its op, draw
    /// the inputs with `seed` and run the interpreter. Errors are rendered
    /// diagnostics (`FILE:LINE:COL: error: ...` with the source line).
    pub fn load(file: &str, text: &str, entry: &str, seed: u64) -> Result<Workload, String> {
        Workload::load_with(file, text, entry, seed, strata_interp::Limits::default())
    }

    /// [`Workload::load`] with the interpreter's reference runs under
    /// `limits` (a 1024^3 matmul is more ops than the default allows).
    pub fn load_with(
        file: &str,
        text: &str,
        entry: &str,
        seed: u64,
        limits: strata_interp::Limits,
    ) -> Result<Workload, String> {
        let ctx = strata_dialects::context();
        let mut ir = Ir::new();
        let info = SourceInfo {
            file_name: file.to_string(),
            first_line: 0,
        };
        let source = SourceFile { name: file, text };
        let rendered = |ctx: &Context, d: &Diagnostic| {
            let mut out = String::new();
            render(ctx, d, Some(&source), &mut out);
            out.trim_end().to_string()
        };
        let module = parse_source(&ctx, &mut ir, text, &info).map_err(|d| rendered(&ctx, &d))?;
        strata_ir::verifier::verify(&ctx, &ir, module).map_err(|d| rendered(&ctx, &d))?;
        let func = find_func(&ctx, &ir, module, file, entry).map_err(|d| rendered(&ctx, &d))?;
        let gemm = find_gemm(&ctx, &ir, func).map_err(|d| rendered(&ctx, &d))?;
        let (inputs, results) = strata_dialect_func::ops_function_signature(&ctx, &ir, func)
            .expect("find_func returns a func.func");
        let func_loc = ir.op_loc(func);
        let at_func =
            |ctx: &Context, message: String| rendered(ctx, &Diagnostic::error(func_loc, message));
        let mut rng = Rng::new(seed);
        let mut args = Vec::new();
        let mut input_bytes = Vec::new();
        for (i, &ty) in inputs.iter().enumerate() {
            let data = random_input(&ctx, ty, &mut rng)
                .map_err(|e| at_func(&ctx, format!("argument #{i}: {e}")))?;
            if !argument_bytes(&ctx, ty, &data, &mut input_bytes) {
                return Err(at_func(
                    &ctx,
                    format!("argument #{i}: not supported by the C back end"),
                ));
            }
            args.push(data);
        }
        let mut w = Workload {
            ctx,
            ir,
            module,
            entry: entry.to_string(),
            file: file.to_string(),
            text: text.to_string(),
            gemm,
            inputs,
            results,
            input_bytes,
            limits,
            reference: Vec::new(),
        };
        let outputs = w.interpret(&args).map_err(|e| at_func(&w.ctx, e))?;
        let abs_args: Vec<Data> = args.iter().map(absolute).collect();
        let sums = w.interpret(&abs_args).map_err(|e| at_func(&w.ctx, e))?;
        let terms = (w.gemm.k + 1) as f64;
        let gamma = terms * F32_UNIT_ROUNDOFF / (1.0 - terms * F32_UNIT_ROUNDOFF);
        w.reference = outputs
            .into_iter()
            .zip(sums)
            .map(|(out, sum)| {
                let tolerance = match (&out, &sum) {
                    (Data::Shaped { elems, .. }, Data::Shaped { elems: s, .. })
                        if matches!(elems.first(), Some(Scalar::Float(..))) =>
                    {
                        Some(
                            s.iter()
                                .map(|x| match x {
                                    Scalar::Float(v, _) => 2.0 * gamma * v.abs(),
                                    Scalar::Int(..) => 0.0,
                                })
                                .collect(),
                        )
                    }
                    _ => None,
                };
                (out, tolerance)
            })
            .collect();
        Ok(w)
    }

    /// The file's name, as diagnostics give it.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Where an op of the parsed file is.
    pub fn ir_loc(&self, op: OpId) -> strata_ir::Location {
        self.ir.op_loc(op)
    }

    /// A diagnostic rendered against the file.
    pub fn render(&self, d: &Diagnostic) -> String {
        let source = SourceFile {
            name: &self.file,
            text: &self.text,
        };
        let mut out = String::new();
        render(&self.ctx, d, Some(&source), &mut out);
        out.trim_end().to_string()
    }

    /// The entry function's outputs (results, or its memref arguments
    /// after the call) in the interpreter.
    fn interpret(&self, args: &[Data]) -> Result<Vec<Data>, String> {
        let registry = Registry::standard();
        let mut it = Interpreter::new(&self.ctx, &self.ir, self.module, &registry);
        it.set_limits(self.limits);
        let func = it
            .lookup_symbol(&self.entry)
            .ok_or("the entry function disappeared")?;
        let values: Vec<_> = self
            .inputs
            .iter()
            .zip(args)
            .map(|(&ty, d)| instantiate(&mut it, ty, d))
            .collect::<Result<_, _>>()?;
        let results = it.call(func, values.clone()).map_err(|e| {
            format!(
                "the interpreter failed: {}",
                e.to_diagnostic(&self.ctx).message
            )
        })?;
        let produced: Vec<_> = if self.results.is_empty() {
            values.iter().filter(|v| v.as_memref().is_some()).collect()
        } else {
            results.iter().collect()
        };
        produced.into_iter().map(|v| extract(&it, v)).collect()
    }

    /// The module after `pipeline`, verified, with the op vectorized; or
    /// why not.
    fn run_pipeline(&self, pipeline: &str) -> Result<Ir, String> {
        let ctx = &self.ctx;
        let mut ir = self.ir.clone();
        let module = self.module;
        let root = parse_pass_pipeline(pipeline, registry()).map_err(|e| e.render())?;
        let mut pm = PassManager::from_op_pass_manager(root);
        let failed = |ds: Vec<Diagnostic>| {
            ds.iter()
                .map(|d| self.render(d))
                .collect::<Vec<_>>()
                .join("\n")
        };
        pm.run(ctx, &mut ir, module).map_err(|ds| {
            let mut all = pm.take_diagnostics();
            all.extend(ds);
            format!("the pipeline failed: {}", failed(all))
        })?;
        strata_ir::verifier::verify(ctx, &ir, module)
            .map_err(|d| format!("the pipeline's output does not verify: {}", failed(vec![d])))?;
        let func =
            find_func(ctx, &ir, module, &self.file, &self.entry).map_err(|d| failed(vec![d]))?;
        let mut left = false;
        ir.walk_preorder(func, &mut |op| {
            left |= TUNABLE_OPS.contains(&ctx.op_name_str(ir.op_name(op)));
        });
        if left {
            return Err("x86-vectorize left the op alone".into());
        }
        Ok(ir)
    }

    /// The module after `pipeline` in MLIR's textual form (what
    /// `strata-opt --pass-pipeline=...` prints).
    pub fn lowered_text(&self, pipeline: &str) -> Result<String, String> {
        let ir = self.run_pipeline(pipeline)?;
        let mut text = strata_ir::asm::print_op(&self.ctx, &ir, self.module, &Default::default());
        text.push('\n');
        Ok(text)
    }

    /// The module after `pipeline`, lowered as `strata-run --target c`
    /// lowers it, as C with the harness; or why not.
    pub fn c_source(&self, pipeline: &str) -> Result<String, String> {
        let ctx = &self.ctx;
        let module = self.module;
        let mut ir = self.run_pipeline(pipeline)?;
        let failed = |ds: Vec<Diagnostic>| {
            ds.iter()
                .map(|d| self.render(d))
                .collect::<Vec<_>>()
                .join("\n")
        };
        strata_lowering_affine_to_scf::lower_affine(ctx, &mut ir, module);
        let options = strata_native_abi::Options {
            bounds_checks: false,
        };
        let mut c = strata_lowering_to_c::translate_module_with(ctx, &ir, module, &options)
            .map_err(|d| failed(vec![d]))?;
        let func =
            find_func(ctx, &ir, module, &self.file, &self.entry).map_err(|d| failed(vec![d]))?;
        c.push_str(
            &strata_lowering_to_c::harness::harness(ctx, &ir, func).map_err(|d| failed(vec![d]))?,
        );
        Ok(c)
    }

    /// Compile `pipeline`'s C, time it and check its outputs.
    pub fn measure_pipeline(
        &self,
        pipeline: &str,
        config: &MeasureConfig,
    ) -> Result<Timing, String> {
        let source = self.c_source(pipeline)?;
        let dir = strata_tools::run_c::scratch_dir()?;
        let result = self.compile_and_run(&dir, &source, config);
        if config.keep {
            eprintln!("strata-tune: kept {}", dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&dir);
        }
        result
    }

    fn compile_and_run(
        &self,
        dir: &Path,
        source: &str,
        config: &MeasureConfig,
    ) -> Result<Timing, String> {
        let io =
            |what: &str, e: std::io::Error| format!("cannot {what} in '{}': {e}", dir.display());
        let (c_path, exe) = (dir.join("program.c"), dir.join("program"));
        let (in_path, out_path, times_path) = (
            dir.join("inputs.bin"),
            dir.join("outputs.bin"),
            dir.join("times.txt"),
        );
        std::fs::write(&c_path, source).map_err(|e| io("write the C", e))?;
        std::fs::write(&in_path, &self.input_bytes).map_err(|e| io("write the inputs", e))?;
        // strata-run's flags (no contraction, calls stay calls), then the
        // caller's.
        let compiled = Command::new(&config.cc)
            .args(strata_tools::run_c::C_FLAGS)
            .args(&config.cflags)
            .arg("-o")
            .arg(&exe)
            .arg(&c_path)
            .arg("-lm")
            .output()
            .map_err(|e| format!("cannot run the C compiler '{}': {e}", config.cc))?;
        if !compiled.status.success() {
            let text = String::from_utf8_lossy(&compiled.stderr);
            return Err(format!(
                "the C compiler failed: {}",
                text.lines().take(5).collect::<Vec<_>>().join("\n")
            ));
        }
        let stderr_path = dir.join("stderr.txt");
        let stderr = std::fs::File::create(&stderr_path).map_err(|e| io("create stderr.txt", e))?;
        let mut child = Command::new(&exe)
            .arg(&in_path)
            .arg(&out_path)
            .arg(config.repeat.max(1).to_string())
            .arg(config.warmup.to_string())
            .arg(&times_path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("cannot run the compiled program: {e}"))?;
        let start = Instant::now();
        let status = loop {
            // The time first: a run that ended while this process waited
            // for the CPU still took longer than the limit.
            if start.elapsed() >= config.timeout {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "the program ran longer than {} s and was killed",
                    config.timeout.as_secs_f64()
                ));
            }
            if let Some(status) = child
                .try_wait()
                .map_err(|e| format!("cannot wait for the compiled program: {e}"))?
            {
                break status;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        if !status.success() {
            use std::os::unix::process::ExitStatusExt;
            let text = std::fs::read_to_string(&stderr_path).unwrap_or_default();
            let how = match status.signal() {
                Some(s) => format!("was killed by signal {s}"),
                None => format!("exited with {}", status.code().unwrap_or(-1)),
            };
            return Err(format!(
                "the program {how}: {}",
                text.lines().next().unwrap_or("")
            ));
        }
        let bytes = std::fs::read(&out_path).map_err(|e| io("read the outputs", e))?;
        self.check(&bytes)?;
        let times =
            std::fs::read_to_string(&times_path).map_err(|e| io("read the call times", e))?;
        let mut ns: Vec<f64> = times
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect();
        if ns.is_empty() {
            return Err("the program wrote no call times".into());
        }
        ns.sort_by(f64::total_cmp);
        let n = ns.len();
        let median = if n % 2 == 1 {
            ns[n / 2]
        } else {
            (ns[n / 2 - 1] + ns[n / 2]) / 2.0
        };
        Ok(Timing {
            median: median / 1e9,
            min: ns[0] / 1e9,
        })
    }

    /// The program's outputs against the interpreter's.
    fn check(&self, bytes: &[u8]) -> Result<(), String> {
        let ctx = &self.ctx;
        let produced: Vec<Type> = if self.results.is_empty() {
            self.inputs
                .iter()
                .copied()
                .filter(|&t| matches!(c_type(ctx, t), Some(CType::MemRef { .. })))
                .collect()
        } else {
            self.results.clone()
        };
        let mut at = 0;
        for (k, (ty, (expected, tolerance))) in produced.iter().zip(&self.reference).enumerate() {
            let got: Vec<Scalar> = match c_type(ctx, *ty) {
                Some(CType::Scalar(cs)) => vec![read_scalar(bytes, &mut at, cs)?],
                Some(CType::MemRef { elem, shape, .. }) => {
                    at += 8 * shape.len();
                    let n: i64 = shape.iter().product();
                    (0..n)
                        .map(|_| read_scalar(bytes, &mut at, elem))
                        .collect::<Result<_, _>>()?
                }
                None => return Err("an output type the C back end does not have".into()),
            };
            let want: &[Scalar] = match expected {
                Data::Scalar(s) => std::slice::from_ref(s),
                Data::Shaped { elems, .. } => elems,
                Data::Func(_) => return Err("a function-valued output".into()),
            };
            if got.len() != want.len() {
                return Err(format!(
                    "output #{k} has {} elements, expected {}",
                    got.len(),
                    want.len()
                ));
            }
            for (i, (g, w)) in got.iter().zip(want).enumerate() {
                let ok = match (g, w) {
                    (Scalar::Int(a, _), Scalar::Int(b, _)) => a == b,
                    (Scalar::Float(a, _), Scalar::Float(b, _)) => {
                        let tol = tolerance.as_ref().map_or(0.0, |t| t[i]);
                        (a - b).abs() <= tol || a == b
                    }
                    _ => false,
                };
                if !ok {
                    let show = |s: &Scalar| match s {
                        Scalar::Int(v, w) => {
                            format!("{}", strata_dialect_arith::semantics::sext(*v, *w))
                        }
                        Scalar::Float(f, _) => format!("{f:e}"),
                    };
                    return Err(format!(
                        "wrong result: output #{k} element {i} is {}, the interpreter's is {}{}",
                        show(g),
                        show(w),
                        tolerance
                            .as_ref()
                            .map_or(String::new(), |t| format!(" (tolerance {:e})", t[i]))
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Called with each measurement as it is made.
pub type Report<'a> = Box<dyn FnMut(&Candidate, &Measurement) + 'a>;

/// A [`Measurer`] for an [`X86Space`]: each candidate's options run
/// natively; the cost is the median call time in seconds. `report` sees
/// every measurement as it is made (a progress bar).
pub struct NativeMeasurer<'a> {
    pub workload: &'a Workload,
    pub space: &'a X86Space,
    pub config: MeasureConfig,
    pub report: Option<Report<'a>>,
}

impl Measurer for NativeMeasurer<'_> {
    fn measure(&mut self, _: &Space, batch: &[Candidate]) -> Vec<Measurement> {
        batch
            .iter()
            .map(|c| {
                let pipeline = self.space.options(c).pipeline();
                let m = match self.workload.measure_pipeline(&pipeline, &self.config) {
                    Ok(t) => Measurement::Cost(t.median),
                    Err(why) => Measurement::Invalid(why),
                };
                if let Some(report) = self.report.as_mut() {
                    report(c, &m);
                }
                m
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matmul(elem: &str, acc: &str, zero: &str) -> String {
        format!(
            "func.func @k(%a: memref<8x32x{elem}>, %b: memref<32x16x{elem}>, %c: memref<8x16x{acc}>) {{\n\
             \x20 %zero = arith.constant {zero} : {acc}\n\
             \x20 linalg.fill ins(%zero : {acc}) outs(%c : memref<8x16x{acc}>)\n\
             \x20 linalg.matmul ins(%a, %b : memref<8x32x{elem}>, memref<32x16x{elem}>) outs(%c : memref<8x16x{acc}>)\n\
             \x20 return\n}}\n"
        )
    }

    /// The reference outputs in the harness's format, with `change`
    /// applied to element 5 of the last output.
    fn outputs(w: &Workload, change: impl Fn(Scalar) -> Scalar) -> Vec<u8> {
        let mut out = Vec::new();
        let n = w.reference.len();
        for (k, (ty, (data, _))) in w.inputs.iter().zip(&w.reference).enumerate() {
            let Data::Shaped { shape, elems } = data else {
                panic!("shaped outputs")
            };
            let elems = elems
                .iter()
                .enumerate()
                .map(|(i, &e)| if k == n - 1 && i == 5 { change(e) } else { e })
                .collect();
            let data = Data::Shaped {
                shape: shape.clone(),
                elems,
            };
            assert!(
                argument_bytes(&w.ctx, *ty, &data, &mut out),
                "memref outputs"
            );
        }
        out
    }

    #[test]
    fn floats_within_the_sum_bound_pass_and_beyond_it_fail() {
        let w = Workload::load("k.mlir", &matmul("f32", "f32", "0.0"), "k", 3).unwrap();
        let tol = w.reference[2].1.as_ref().unwrap()[5];
        // 33 terms of products below 1: the bound is a few 1e-6.
        assert!(tol > 0.0 && tol < 1e-4, "{tol}");
        let shift = |d: f64| {
            move |s: Scalar| match s {
                Scalar::Float(f, k) => Scalar::Float((f + d) as f32 as f64, k),
                s => s,
            }
        };
        assert_eq!(w.check(&outputs(&w, shift(0.0))), Ok(()));
        assert_eq!(w.check(&outputs(&w, shift(tol / 4.0))), Ok(()));
        let e = w.check(&outputs(&w, shift(tol * 4.0))).unwrap_err();
        assert!(e.contains("output #2 element 5"), "{e}");
    }

    #[test]
    fn integers_must_match_exactly() {
        let w = Workload::load("k.mlir", &matmul("i8", "i32", "0"), "k", 3).unwrap();
        assert_eq!(w.check(&outputs(&w, |s| s)), Ok(()));
        let e = w
            .check(&outputs(&w, |s| match s {
                Scalar::Int(v, width) => Scalar::Int(mask(v.wrapping_add(1), width), width),
                s => s,
            }))
            .unwrap_err();
        assert!(e.contains("output #2 element 5"), "{e}");
    }

    #[test]
    fn inputs_cover_the_integer_range() {
        let ctx = strata_dialects::context();
        let ty = ctx.memref_type(&[4096], ctx.signless(8));
        let Data::Shaped { elems, .. } = random_input(&ctx, ty, &mut Rng::new(1)).unwrap() else {
            panic!()
        };
        let values: Vec<i128> = elems
            .iter()
            .map(|s| match s {
                Scalar::Int(v, w) => strata_dialect_arith::semantics::sext(*v, *w),
                _ => panic!(),
            })
            .collect();
        assert_eq!(values.iter().min(), Some(&-128));
        assert_eq!(values.iter().max(), Some(&127));
    }
}
