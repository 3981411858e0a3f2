//! The `main` that `strata-run --target c` compiles next to a translated
//! module: it reads the arguments of the entry function from a binary file,
//! calls the function, and writes what it produced to another.
//!
//! File format (little-endian, both files): one record per value, in
//! order. A scalar is its container's bytes (see [`crate::CScalar::size`]).
//! A memref is `rank` `int64_t` sizes followed by the elements in row-major
//! order. Inputs are the function's arguments; outputs are its results, or,
//! for a function without results, its memref arguments after the call.
//!
//! `program INPUTS OUTPUTS REPEAT WARMUP TIMES` calls the function
//! `WARMUP + REPEAT` times and writes the wall time of each of the last
//! `REPEAT` calls (nanoseconds, one a line) to `TIMES`: the timing
//! `strata-run --repeat/--warmup/--time` reports, without compile time and
//! without reading or writing the files. Memref arguments are restored from
//! a copy before every call after the first (outside the timed region), so
//! every call sees the same inputs even when the function updates them in
//! place, and the outputs are those of one call on the inputs.

use crate::{c_type, prototype, returns_directly, signature, CScalar, CType};
use std::fmt::Write;
use strata_ir::{Context, DiagResult, Ir, OpId};

/// The C source of the harness for `func` (to append to the translation).
pub fn harness(ctx: &Context, ir: &Ir, func: OpId) -> DiagResult<String> {
    let (inputs, results) = signature(ctx, ir, func)?;
    let (_, cname) = prototype(ctx, ir, func)?;
    let unsupported =
        |what: &str| crate::error(ctx, ir, func, format!("strata-run --target c: {what}"));
    let mut s = String::new();
    s.push_str(
        r#"
#include <time.h>
static void strata_read(FILE *f, void *p, size_t n) {
  if (n && fread(p, 1, n, f) != n) { fprintf(stderr, "error: truncated input file\n"); exit(71); }
}
static void strata_write(FILE *f, const void *p, size_t n) {
  if (n && fwrite(p, 1, n, f) != n) { fprintf(stderr, "error: cannot write the output file\n"); exit(71); }
}
/* C11's clock (CLOCK_REALTIME in glibc): clock_gettime needs POSIX feature
   macros before the prelude's includes. */
static double strata_now_ns(void) {
  struct timespec t;
  timespec_get(&t, TIME_UTC);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 6) { fprintf(stderr, "usage: %s INPUTS OUTPUTS [REPEAT WARMUP TIMES]\n", argv[0]); return 64; }
  long strata_repeat = argc == 6 ? atol(argv[3]) : 1, strata_warmup = argc == 6 ? atol(argv[4]) : 0;
  if (strata_repeat < 1) strata_repeat = 1;
  if (strata_warmup < 0) strata_warmup = 0;
  FILE *strata_times = NULL;
  if (argc == 6 && !(strata_times = fopen(argv[5], "w"))) { fprintf(stderr, "error: cannot open %s\n", argv[5]); return 73; }
  FILE *in = fopen(argv[1], "rb");
  if (!in) { fprintf(stderr, "error: cannot open %s\n", argv[1]); return 66; }
"#,
    );
    let mut args = Vec::new();
    let mut arg_types = Vec::new();
    for (i, &ty) in inputs.iter().enumerate() {
        let ct = c_type(ctx, ty).ok_or_else(|| unsupported("unsupported argument type"))?;
        match &ct {
            CType::Scalar(sc) => {
                let _ = writeln!(
                    s,
                    "  {} a{i}; strata_read(in, &a{i}, sizeof a{i});",
                    sc.c_type()
                );
                args.push(format!("a{i}"));
            }
            CType::MemRef {
                elem,
                shape,
                strides,
                offset,
            } => {
                if *offset != 0
                    || *strides != strata_dialect_memref::layout::identity_strides(shape)
                {
                    return Err(unsupported("memref arguments need the identity layout"));
                }
                let r = shape.len();
                let t = elem.c_type();
                let _ = writeln!(
                    s,
                    "  int64_t a{i}_sizes[{}], a{i}_strides[{}], a{i}_n = 1;",
                    r.max(1),
                    r.max(1)
                );
                let _ = writeln!(s, "  strata_read(in, a{i}_sizes, {r} * sizeof(int64_t));");
                for k in (0..r).rev() {
                    let _ = writeln!(
                        s,
                        "  a{i}_strides[{k}] = a{i}_n; a{i}_n *= a{i}_sizes[{k}];"
                    );
                }
                let _ = writeln!(
                    s,
                    "  {t} *a{i} = ({t} *)strata_alloc((size_t)a{i}_n * sizeof({t}), 64);"
                );
                let _ = writeln!(s, "  strata_read(in, a{i}, (size_t)a{i}_n * sizeof({t}));");
                args.push(format!("a{i}"));
                args.push("0".into());
                for k in 0..r {
                    args.push(format!("a{i}_sizes[{k}]"));
                }
                for k in 0..r {
                    args.push(format!("a{i}_strides[{k}]"));
                }
            }
        }
        arg_types.push(ct);
    }
    s.push_str("  fclose(in);\n");
    // Copies of the memref arguments to restore before repeated calls.
    let memref_args: Vec<(usize, &CScalar)> = arg_types
        .iter()
        .enumerate()
        .filter_map(|(i, ct)| match ct {
            CType::MemRef { elem, .. } => Some((i, elem)),
            CType::Scalar(_) => None,
        })
        .collect();
    if !memref_args.is_empty() {
        s.push_str("  int strata_again = strata_warmup + strata_repeat > 1;\n");
    }
    for &(i, elem) in &memref_args {
        let t = elem.c_type();
        let _ = writeln!(
            s,
            "  size_t a{i}_bytes = (size_t)a{i}_n * sizeof({t});\n  \
             {t} *a{i}_init = strata_again ? ({t} *)malloc(a{i}_bytes ? a{i}_bytes : 1) : NULL;\n  \
             if (a{i}_init) memcpy(a{i}_init, a{i}, a{i}_bytes);"
        );
    }
    // The call, repeated.
    let mut outputs: Vec<(String, CType)> = Vec::new();
    let call = if returns_directly(ctx, &results) {
        let ct = c_type(ctx, results[0]).unwrap();
        let t = ct.components()[0].1.clone();
        let _ = writeln!(s, "  {t} r0;");
        outputs.push(("r0".into(), ct));
        format!("r0 = {cname}({});", args.join(", "))
    } else {
        for (i, &ty) in results.iter().enumerate() {
            let ct = c_type(ctx, ty).ok_or_else(|| unsupported("unsupported result type"))?;
            for (suffix, t) in ct.components() {
                let _ = writeln!(
                    s,
                    "  {t}{}r{i}{suffix};",
                    if t.ends_with('*') { "" } else { " " }
                );
                args.push(format!("&r{i}{suffix}"));
            }
            outputs.push((format!("r{i}"), ct));
        }
        format!("{cname}({});", args.join(", "))
    };
    s.push_str(
        "  for (long strata_it = 0; strata_it < strata_warmup + strata_repeat; strata_it++) {\n",
    );
    for &(i, _) in &memref_args {
        let _ = writeln!(
            s,
            "    if (strata_it > 0) memcpy(a{i}, a{i}_init, a{i}_bytes);"
        );
    }
    let _ = writeln!(
        s,
        "    double strata_t0 = strata_now_ns();\n    {call}\n    double strata_t1 = strata_now_ns();\n    \
         if (strata_times && strata_it >= strata_warmup) fprintf(strata_times, \"%.0f\\n\", strata_t1 - strata_t0);\n  }}\n  \
         if (strata_times && fclose(strata_times) != 0) return 74;"
    );
    if results.is_empty() {
        for (i, ct) in arg_types.iter().enumerate() {
            if matches!(ct, CType::MemRef { .. }) {
                let n = format!("a{i}");
                let _ = writeln!(s, "  int64_t {n}_off = 0; (void){n}_off;");
                if let CType::MemRef { shape, .. } = ct {
                    for k in 0..shape.len() {
                        let _ = writeln!(s, "  int64_t {n}_size{k} = {n}_sizes[{k}], {n}_stride{k} = {n}_strides[{k}];");
                    }
                }
                outputs.push((n, ct.clone()));
            }
        }
    }
    s.push_str("  FILE *out = fopen(argv[2], \"wb\");\n");
    s.push_str(
        "  if (!out) { fprintf(stderr, \"error: cannot open %s\\n\", argv[2]); return 73; }\n",
    );
    for (n, ct) in &outputs {
        match ct {
            CType::Scalar(_) => {
                let _ = writeln!(s, "  strata_write(out, &{n}, sizeof {n});");
            }
            CType::MemRef { elem, shape, .. } => {
                let r = shape.len();
                s.push_str("  {\n");
                let sizes: Vec<String> = (0..r).map(|k| format!("{n}_size{k}")).collect();
                let _ = writeln!(
                    s,
                    "    int64_t sizes[{}] = {{{}}};",
                    r.max(1),
                    if r == 0 { "0".into() } else { sizes.join(", ") }
                );
                let _ = writeln!(s, "    strata_write(out, sizes, {r} * sizeof(int64_t));");
                let mut idx = String::new();
                for k in 0..r {
                    let _ = writeln!(s, "    for (int64_t i{k} = 0; i{k} < {n}_size{k}; i{k}++)");
                    let _ = write!(idx, " + i{k} * {n}_stride{k}");
                }
                let _ = writeln!(
                    s,
                    "    strata_write(out, &{n}[{n}_off{idx}], sizeof({}));",
                    elem.c_type()
                );
                s.push_str("  }\n");
            }
        }
    }
    s.push_str("  if (fclose(out) != 0) return 74;\n  return 0;\n}\n");
    Ok(s)
}
