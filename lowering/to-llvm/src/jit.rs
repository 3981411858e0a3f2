//! The in-process JIT behind `strata-run --target jit`: the translated
//! module, optimized with LLVM's `default<O2>` pipeline, compiled for the
//! host by MCJIT, and called through a generated wrapper.
//!
//! # Why a packed wrapper
//! Rust cannot call a function whose signature is only known at run time.
//! As MLIR's execution engine (`invokePacked`), every call goes through
//! `void _strata_packed_<name>(ptr args)`, generated from the LLVM
//! function type alone: `args[i]` points at the value of parameter `i`
//! (for result pointers: at a slot holding the pointer), and, when the
//! function returns a scalar, `args[#params]` points where to store it.
//!
//! # Data
//! Inputs and outputs use the C harness's byte format
//! (the C back end's harness (`strata_native_abi::harness`)), so `strata-run` encodes arguments
//! and decodes results with the same code for `--target c` and
//! `--target jit`: one record per value, a scalar as its container's bytes,
//! a memref as `rank` little-endian `i64` sizes then its elements in
//! row-major order. Outputs are the results, or for a function without
//! results its memref arguments after the call.
//!
//! # Run-time errors
//! Memref indices are checked (as `strata-run --target c` checks them).
//! `@strata_fail` is bound to a handler that prints the caller-rendered
//! text of the failing site, with the run-time values substituted, and exits the process with status 1 (what
//! `strata-run` returns for an interpreter error): generated code cannot
//! be unwound through, and nothing after the error needs to run.

use crate::{
    c_name, c_type, translate_module_with, CType, FailSite, Options, SIGNED_MARK, UNSIGNED_MARK,
};
use inkwell::context::Context as LlContext;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::types::BasicTypeEnum;
use inkwell::values::BasicMetadataValueEnum;
use inkwell::{AddressSpace, OptimizationLevel};
use std::sync::Mutex;
use strata_dialect_math::{AcoshOp, AsinhOp, AtanhOp, CbrtOp, ErfOp, ErfcOp, ExpM1Op, Log1pOp};
use strata_ir::{Context, Diagnostic, Ir, OpId};

/// Why a JIT run failed before the function ran.
#[derive(Debug)]
pub enum JitError {
    /// A diagnostic at an op (unsupported op or type).
    Diag(Diagnostic),
    /// Anything else (LLVM, malformed input bytes).
    Other(String),
}

impl From<Diagnostic> for JitError {
    fn from(d: Diagnostic) -> Self {
        JitError::Diag(d)
    }
}

/// The rendered messages of the current run's fail sites.
static FAIL_TEXTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Held for a whole run: [`FAIL_TEXTS`] belongs to one run at a time.
static RUN_LOCK: Mutex<()> = Mutex::new(());

/// `text` with each value mark replaced by the next of `values`.
fn substitute(text: &str, values: *const i64) -> String {
    let mut out = String::new();
    let mut k = 0;
    for c in text.chars() {
        if (c == SIGNED_MARK || c == UNSIGNED_MARK) && !values.is_null() {
            // SAFETY: generated code passes one i64 per mark.
            let v = unsafe { *values.add(k) };
            k += 1;
            if c == SIGNED_MARK {
                out.push_str(&v.to_string());
            } else {
                out.push_str(&(v as u64).to_string());
            }
        } else {
            out.push(c);
        }
    }
    out
}

extern "C" fn strata_fail_handler(site: i32, message: *const std::ffi::c_char, values: *const i64) {
    let text = FAIL_TEXTS
        .lock()
        .ok()
        .and_then(|t| t.get(site as usize).cloned());
    match text {
        Some(t) => eprint!("{}", substitute(&t, values)),
        None if !message.is_null() => {
            // SAFETY: generated code passes a NUL-terminated global string.
            let m = unsafe { std::ffi::CStr::from_ptr(message) };
            eprintln!("{}", m.to_string_lossy());
        }
        None => eprintln!("error: run-time failure"),
    }
    std::process::exit(1);
}

/// `extern "C" fn $f(x: f64) -> f64` computing `$op` exactly as the
/// interpreter does (`strata_dialect_math::semantics::float_unary` in f64).
macro_rules! host_unary {
    ($($f:ident => $op:expr),* $(,)?) => {
        $(extern "C" fn $f(x: f64) -> f64 {
            strata_dialect_math::semantics::float_unary($op, x, strata_ir::FloatKind::F64)
                .unwrap_or(f64::NAN)
        })*
    };
}

host_unary! {
    host_asinh => AsinhOp::NAME,
    host_acosh => AcoshOp::NAME,
    host_atanh => AtanhOp::NAME,
    host_cbrt => CbrtOp::NAME,
    host_expm1 => ExpM1Op::NAME,
    host_log1p => Log1pOp::NAME,
    host_erf => ErfOp::NAME,
    host_erfc => ErfcOp::NAME,
}

/// The C library functions the translation calls by name (`double
/// f(double)`), bound to the interpreter's own definitions
/// (`strata_dialect_math::semantics`: the C library's, `cbrt` looked up
/// past Rust's own copy), so results agree bit for bit by construction.
fn host_functions() -> [(&'static str, usize); 8] {
    let f = |h: extern "C" fn(f64) -> f64| h as usize;
    [
        ("asinh", f(host_asinh)),
        ("acosh", f(host_acosh)),
        ("atanh", f(host_atanh)),
        ("cbrt", f(host_cbrt)),
        ("expm1", f(host_expm1)),
        ("log1p", f(host_log1p)),
        ("erf", f(host_erf)),
        ("erfc", f(host_erfc)),
    ]
}

/// Reads `n` bytes at `*at`.
fn take<'b>(bytes: &'b [u8], at: &mut usize, n: usize) -> Result<&'b [u8], JitError> {
    let chunk = bytes
        .get(*at..*at + n)
        .ok_or_else(|| JitError::Other("truncated input data".into()))?;
    *at += n;
    Ok(chunk)
}

/// A boxed 8-byte slot (stable address).
fn slot(v: u64) -> Box<u64> {
    Box::new(v)
}

/// Compiles `module` and calls `entry` on `inputs` (harness byte format);
/// returns its outputs in the same format. `render(site)` gives the text to
/// print if the run stops at a fail site.
pub fn run(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    entry: &str,
    inputs: &[u8],
    render: &dyn Fn(&FailSite) -> String,
) -> Result<Vec<u8>, JitError> {
    let body = ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .ok_or_else(|| JitError::Other("empty module".into()))?;
    let func = ir
        .block_ops(body)
        .find(|&op| strata_ir::symbol_table::symbol_name(ctx, ir, op) == Some(entry))
        .ok_or_else(|| JitError::Other(format!("no function named '@{entry}'")))?;
    let (in_types, out_types) = strata_native_abi::signature(ctx, ir, func)?;
    let unsupported = |what: &str| {
        JitError::Diag(strata_ir::verifier::emit_op_error(
            ctx,
            ir,
            func,
            format!("strata-run --target jit: {what}"),
        ))
    };
    let mut in_ct = Vec::new();
    for &t in &in_types {
        let ct = c_type(ctx, t).ok_or_else(|| unsupported("unsupported argument type"))?;
        if let CType::MemRef {
            shape,
            strides,
            offset,
            ..
        } = &ct
        {
            if *offset != 0 || *strides != strata_dialect_memref::layout::identity_strides(shape) {
                return Err(unsupported("memref arguments need the identity layout"));
            }
        }
        in_ct.push(ct);
    }
    let mut out_ct = Vec::new();
    for &t in &out_types {
        out_ct.push(c_type(ctx, t).ok_or_else(|| unsupported("unsupported result type"))?);
    }

    let _one_run = RUN_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let ll = LlContext::create();
    let options = Options {
        bounds_checks: true,
    };
    let translation = translate_module_with(ctx, ir, module, &ll, &options)?;
    let llmod = &translation.module;
    let cname = c_name(entry);
    let f = llmod
        .get_function(&cname)
        .ok_or_else(|| JitError::Other(format!("'@{entry}' was not translated")))?;
    if f.count_basic_blocks() == 0 {
        return Err(unsupported("the entry function has no body"));
    }
    // The packed wrapper.
    let ptr_t = ll.ptr_type(AddressSpace::default());
    let wrapper = llmod.add_function(
        &format!("_strata_packed_{cname}"),
        ll.void_type().fn_type(&[ptr_t.into()], false),
        None,
    );
    let b = ll.create_builder();
    b.position_at_end(ll.append_basic_block(wrapper, "entry"));
    let build = || -> Result<(), inkwell::builder::BuilderError> {
        let args = wrapper.get_nth_param(0).expect("args").into_pointer_value();
        let slot_ptr = |i: u64| -> Result<_, inkwell::builder::BuilderError> {
            // SAFETY: the caller passes one pointer per parameter (+1).
            let p = unsafe { b.build_gep(ptr_t, args, &[ll.i64_type().const_int(i, false)], "")? };
            Ok(b.build_load(ptr_t, p, "")?.into_pointer_value())
        };
        let params: Vec<BasicTypeEnum> = f
            .get_type()
            .get_param_types()
            .into_iter()
            .map(|t| BasicTypeEnum::try_from(t).expect("basic parameter types"))
            .collect();
        let mut call_args: Vec<BasicMetadataValueEnum> = Vec::new();
        for (i, &t) in params.iter().enumerate() {
            let p = slot_ptr(i as u64)?;
            call_args.push(b.build_load(t, p, "")?.into());
        }
        let call = b.build_call(f, &call_args, "")?;
        if let inkwell::values::ValueKind::Basic(v) = call.try_as_basic_value() {
            let p = slot_ptr(params.len() as u64)?;
            b.build_store(p, v)?;
        }
        b.build_return(None)?;
        Ok(())
    };
    build().map_err(|e| JitError::Other(format!("building the JIT wrapper: {e}")))?;

    // Optimize and compile for the host.
    Target::initialize_x86(&InitializationConfig::default());
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| JitError::Other(e.to_string()))?;
    let tm = target
        .create_target_machine(
            &triple,
            &TargetMachine::get_host_cpu_name().to_string(),
            &TargetMachine::get_host_cpu_features().to_string(),
            OptimizationLevel::Default,
            RelocMode::Default,
            CodeModel::JITDefault,
        )
        .ok_or_else(|| JitError::Other("no LLVM target machine for the host".into()))?;
    llmod.set_triple(&triple);
    llmod.set_data_layout(&tm.get_target_data().get_data_layout());
    llmod
        .run_passes("default<O2>", &tm, PassBuilderOptions::create())
        .map_err(|e| JitError::Other(format!("LLVM optimization: {e}")))?;
    let ee = llmod
        .create_jit_execution_engine(OptimizationLevel::Default)
        .map_err(|e| JitError::Other(format!("LLVM JIT: {e}")))?;
    for (name, addr) in host_functions() {
        if let Some(f) = llmod.get_function(name) {
            ee.add_global_mapping(&f, addr);
        }
    }
    if let Some(fail) = llmod.get_function("strata_fail") {
        ee.add_global_mapping(&fail, strata_fail_handler as *const () as usize);
    }
    *FAIL_TEXTS
        .lock()
        .map_err(|_| JitError::Other("poisoned".into()))? =
        translation.fail_sites.iter().map(render).collect();
    let addr = ee
        .get_function_address(&format!("_strata_packed_{cname}"))
        .map_err(|e| JitError::Other(format!("LLVM JIT: {e}")))?;

    // Arguments: one 8-byte slot per scalar component, memref data in
    // 8-byte-aligned buffers.
    let mut at = 0usize;
    let mut slots: Vec<Box<u64>> = Vec::new();
    let mut buffers: Vec<Vec<u64>> = Vec::new();
    // (data pointer, sizes) of each memref argument, for outputs.
    let mut memref_args: Vec<(usize, *const u8, Vec<i64>, usize)> = Vec::new();
    for (i, ct) in in_ct.iter().enumerate() {
        match ct {
            CType::Scalar(cs) => {
                let mut raw = [0u8; 8];
                raw[..cs.size()].copy_from_slice(take(inputs, &mut at, cs.size())?);
                slots.push(slot(u64::from_le_bytes(raw)));
            }
            CType::MemRef { elem, shape, .. } => {
                let mut sizes = Vec::new();
                for _ in 0..shape.len() {
                    let d = i64::from_le_bytes(take(inputs, &mut at, 8)?.try_into().unwrap());
                    sizes.push(d);
                }
                let n = sizes.iter().product::<i64>().max(0) as usize;
                let bytes = n * elem.size();
                let mut buf = vec![0u64; bytes.div_ceil(8).max(1)];
                // SAFETY: `buf` holds at least `bytes` bytes.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        take(inputs, &mut at, bytes)?.as_ptr(),
                        buf.as_mut_ptr() as *mut u8,
                        bytes,
                    );
                }
                let ptr = buf.as_ptr() as *const u8;
                slots.push(slot(ptr as u64));
                slots.push(slot(0));
                let mut strides = vec![1i64; sizes.len()];
                for k in (0..sizes.len().saturating_sub(1)).rev() {
                    strides[k] = strides[k + 1] * sizes[k + 1];
                }
                slots.extend(sizes.iter().map(|&s| slot(s as u64)));
                slots.extend(strides.iter().map(|&s| slot(s as u64)));
                memref_args.push((i, ptr, sizes, elem.size()));
                buffers.push(buf);
            }
        }
    }
    let direct = strata_native_abi::returns_directly(ctx, &out_types);
    // Result slots, and argument slots pointing at them.
    let mut results: Vec<Box<u64>> = Vec::new();
    let result_count = if direct {
        1
    } else {
        out_ct
            .iter()
            .map(|ct| match ct {
                CType::Scalar(_) => 1,
                CType::MemRef { shape, .. } => 2 + 2 * shape.len(),
            })
            .sum()
    };
    for _ in 0..result_count {
        results.push(slot(0));
    }
    let mut args: Vec<*mut u64> = slots.iter_mut().map(|s| &mut **s as *mut u64).collect();
    if direct {
        args.push(&mut *results[0] as *mut u64);
    } else {
        for r in results.iter_mut() {
            slots.push(slot(&mut **r as *mut u64 as u64));
            let last = slots.last_mut().expect("just pushed");
            args.push(&mut **last as *mut u64);
        }
    }
    // SAFETY: the wrapper reads one pointer per parameter of the function
    // (plus one for a direct result), each at a slot of the parameter's
    // size or larger, laid out by the same component rules as the
    // function's type.
    unsafe {
        let call: extern "C" fn(*mut *mut u64) = std::mem::transmute(addr);
        call(args.as_mut_ptr());
    }
    drop(ee);

    // Outputs.
    let mut out = Vec::new();
    let write_memref = |out: &mut Vec<u8>,
                        ptr: *const u8,
                        off: i64,
                        sizes: &[i64],
                        strides: &[i64],
                        esize: usize| {
        for &d in sizes {
            out.extend_from_slice(&d.to_le_bytes());
        }
        let n = sizes.iter().product::<i64>().max(0);
        let mut idx = vec![0i64; sizes.len()];
        for _ in 0..n {
            let lin: i64 = off + idx.iter().zip(strides).map(|(i, s)| i * s).sum::<i64>();
            // SAFETY: in bounds of the memref the function produced.
            let p = unsafe { ptr.offset(lin as isize * esize as isize) };
            out.extend_from_slice(unsafe { std::slice::from_raw_parts(p, esize) });
            for k in (0..idx.len()).rev() {
                idx[k] += 1;
                if idx[k] < sizes[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
    };
    if direct {
        let CType::Scalar(cs) = out_ct[0] else {
            unreachable!("direct results are scalars")
        };
        out.extend_from_slice(&results[0].to_le_bytes()[..cs.size()]);
    } else if out_ct.is_empty() {
        for (i, ptr, sizes, esize) in &memref_args {
            let _ = i;
            let mut strides = vec![1i64; sizes.len()];
            for k in (0..sizes.len().saturating_sub(1)).rev() {
                strides[k] = strides[k + 1] * sizes[k + 1];
            }
            write_memref(&mut out, *ptr, 0, sizes, &strides, *esize);
        }
    } else {
        let mut k = 0;
        for ct in &out_ct {
            match ct {
                CType::Scalar(cs) => {
                    out.extend_from_slice(&results[k].to_le_bytes()[..cs.size()]);
                    k += 1;
                }
                CType::MemRef { elem, shape, .. } => {
                    let r = shape.len();
                    let ptr = *results[k] as *const u8;
                    let off = *results[k + 1] as i64;
                    let sizes: Vec<i64> = (0..r).map(|j| *results[k + 2 + j] as i64).collect();
                    let strides: Vec<i64> =
                        (0..r).map(|j| *results[k + 2 + r + j] as i64).collect();
                    write_memref(&mut out, ptr, off, &sizes, &strides, elem.size());
                    k += 2 + 2 * r;
                }
            }
        }
    }
    drop(buffers);
    Ok(out)
}
