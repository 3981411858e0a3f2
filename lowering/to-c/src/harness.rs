//! The `main` that `strata-run --target c` compiles next to a translated
//! module: it reads the arguments of the entry function from a binary file,
//! calls the function, and writes what it produced to another.
//!
//! File format (little-endian, both files): one record per value, in
//! order. A scalar is its container's bytes (see [`crate::CScalar::size`]).
//! A memref is `rank` `int64_t` sizes followed by the elements in row-major
//! order. Inputs are the function's arguments; outputs are its results, or,
//! for a function without results, its memref arguments after the call.

use crate::{c_type, prototype, returns_directly, signature, CType};
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
static void strata_read(FILE *f, void *p, size_t n) {
  if (n && fread(p, 1, n, f) != n) { fprintf(stderr, "error: truncated input file\n"); exit(71); }
}
static void strata_write(FILE *f, const void *p, size_t n) {
  if (n && fwrite(p, 1, n, f) != n) { fprintf(stderr, "error: cannot write the output file\n"); exit(71); }
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: %s INPUTS OUTPUTS\n", argv[0]); return 64; }
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
                    "  {t} *a{i} = ({t} *)malloc((size_t)(a{i}_n > 0 ? a{i}_n : 1) * sizeof({t}));"
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
    // The call.
    let mut outputs: Vec<(String, CType)> = Vec::new();
    if returns_directly(ctx, &results) {
        let ct = c_type(ctx, results[0]).unwrap();
        let t = ct.components()[0].1.clone();
        let _ = writeln!(s, "  {t} r0 = {cname}({});", args.join(", "));
        outputs.push(("r0".into(), ct));
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
        let _ = writeln!(s, "  {cname}({});", args.join(", "));
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
