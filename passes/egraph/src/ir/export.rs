//! A term to MLIR text (tensor and linalg ops) for a function body.
//!
//! Named ops where MLIR has them (`linalg.conv_2d_nchw_fchw`,
//! `linalg.matmul`, `linalg.transpose`, `tensor.pad`, `tensor.extract_slice`,
//! `tensor.insert_slice`, `tensor.collapse_shape`/`expand_shape`);
//! `linalg.generic` with the operator's indexing maps for the rest: every
//! layout operator of the language is a gather `out[i] = x[f(i)]` with an
//! affine `f` (floordiv/mod by constants for image pack and unpack), and a
//! blocked convolution is a 9-loop contraction over the packed operands.

use crate::analysis::{infer, Data, TensorAnalysis};
use crate::lang::{Binary, DType, Op, TNode, Unary, WeightLayout};
use egg::RecExpr;
use std::fmt::Write;

fn ty(shape: &[i64], dt: DType) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        let _ = write!(s, "{d}x");
    }
    s.push_str(dt.name().replace('u', "i").as_str());
    s.push('>');
    s
}

/// The `arith` op named `int_op` (`addi`, `subi`, `muli`, `maxsi`) for
/// elements of `dt`: its float counterpart for f32.
fn arith(dt: DType, int_op: &str) -> String {
    let op = match (dt, int_op) {
        (DType::F32, "addi") => "addf",
        (DType::F32, "subi") => "subf",
        (DType::F32, "muli") => "mulf",
        (DType::F32, "maxsi") => "maximumf",
        (DType::F32, "minsi") => "minimumf",
        _ => int_op,
    };
    format!("arith.{op}")
}

/// The literal zero of `dt` (`0.0` for floats: `0 : f32` does not parse).
fn zero_literal(dt: DType) -> &'static str {
    if dt.is_int() {
        "0"
    } else {
        "0.0"
    }
}

fn join<T: std::fmt::Display>(xs: &[T]) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

struct Emitter {
    out: String,
    next: usize,
}

impl Emitter {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }
    fn line(&mut self, s: &str) {
        self.out.push_str("  ");
        self.out.push_str(s);
        self.out.push('\n');
    }
    /// A zero-filled (or empty when `zero` is false) tensor.
    fn init(&mut self, shape: &[i64], dt: DType, zero: bool) -> String {
        let e = self.fresh();
        let t = ty(shape, dt);
        self.line(&format!("{e} = tensor.empty() : {t}"));
        if !zero {
            return e;
        }
        let c = self.fresh();
        let f = self.fresh();
        self.line(&format!(
            "{c} = arith.constant {} : {}",
            zero_literal(dt),
            dt.name()
        ));
        self.line(&format!(
            "{f} = linalg.fill ins({c} : {}) outs({e} : {t}) -> {t}",
            dt.name()
        ));
        f
    }
    /// `linalg.generic` with `maps` (input maps, then the output map) over
    /// `dims` loops; `body` gets the block argument names and returns the
    /// payload lines and the yielded value.
    #[allow(clippy::too_many_arguments)]
    fn generic(
        &mut self,
        ins: &[(String, String, DType)],
        maps: &[String],
        iterators: &[&str],
        out_shape: &[i64],
        out_dt: DType,
        zero_init: bool,
        body: impl Fn(&[String]) -> (Vec<String>, String),
    ) -> String {
        let init = self.init(out_shape, out_dt, zero_init);
        let r = self.fresh();
        let t = ty(out_shape, out_dt);
        let dims: Vec<String> = (0..iterators.len()).map(|i| format!("d{i}")).collect();
        let maps: Vec<String> = maps
            .iter()
            .map(|m| format!("affine_map<({}) -> ({m})>", dims.join(", ")))
            .collect();
        let its: Vec<String> = iterators
            .iter()
            .map(|i| format!("#linalg.iterator_type<{i}>"))
            .collect();
        let names: Vec<String> = (0..ins.len())
            .map(|i| format!("%in{i}"))
            .chain(["%acc".to_string()])
            .collect();
        let mut s = format!(
            "{r} = linalg.generic {{indexing_maps = [{}], iterator_types = [{}]}} ins({} : {}) outs({init} : {t}) {{\n  ^bb0(",
            maps.join(", "),
            its.join(", "),
            ins.iter().map(|i| i.0.clone()).collect::<Vec<_>>().join(", "),
            ins.iter().map(|i| i.1.clone()).collect::<Vec<_>>().join(", "),
        );
        let mut args: Vec<String> = ins
            .iter()
            .enumerate()
            .map(|(i, x)| format!("{}: {}", names[i], x.2.name()))
            .collect();
        args.push(format!("%acc: {}", out_dt.name()));
        s.push_str(&args.join(", "));
        s.push_str("):\n");
        let (lines, y) = body(&names);
        for l in lines {
            let _ = writeln!(s, "    {l}");
        }
        let _ = write!(s, "    linalg.yield {y} : {}\n  }} -> {t}", out_dt.name());
        self.line(&s);
        r
    }
    /// A pure gather: `out[d...] = x[exprs]`.
    fn gather(&mut self, x: &str, xd: &Data, out: &Data, exprs: &[String]) -> String {
        let iters = vec!["parallel"; out.shape.len()];
        let id: Vec<String> = (0..out.shape.len()).map(|i| format!("d{i}")).collect();
        self.generic(
            &[(x.to_string(), ty(&xd.shape, xd.dtype), xd.dtype)],
            &[exprs.join(", "), id.join(", ")],
            &iters,
            &out.shape,
            out.dtype,
            false,
            |n| (vec![], n[0].clone()),
        )
    }
}

/// Payload lines of a multiply-accumulate of `a`, `b` (type `dt`) into `acc`.
fn mac(n: &[String], dt: DType, acc: DType) -> (Vec<String>, String) {
    let mut lines = Vec::new();
    let (mut a, mut b) = (n[0].clone(), n[1].clone());
    if dt != acc {
        lines.push(format!(
            "%a = arith.extsi {a} : {} to {}",
            dt.name(),
            acc.name()
        ));
        lines.push(format!(
            "%b = arith.extsi {b} : {} to {}",
            dt.name(),
            acc.name()
        ));
        a = "%a".into();
        b = "%b".into();
    }
    lines.push(format!(
        "%m = {} {a}, {b} : {}",
        arith(acc, "muli"),
        acc.name()
    ));
    lines.push(format!(
        "%s = {} %acc, %m : {}",
        arith(acc, "addi"),
        acc.name()
    ));
    (lines, "%s".into())
}

/// Payload lines of `u` on `x` of type `dt` (result type `u.result_type(dt)`).
fn unary_payload(u: Unary, x: &str, dt: DType) -> (Vec<String>, String) {
    let t = dt.name();
    match u {
        Unary::Relu => (
            vec![
                format!("%z = arith.constant {} : {t}", zero_literal(dt)),
                format!("%r = {} {x}, %z : {t}", arith(dt, "maxsi")),
            ],
            "%r".into(),
        ),
        Unary::Neg => (
            vec![
                format!("%z = arith.constant {} : {t}", zero_literal(dt)),
                format!("%r = {} %z, {x} : {t}", arith(dt, "subi")),
            ],
            "%r".into(),
        ),
        Unary::Requant => {
            let mut l = vec![
                format!("%lo = arith.constant -128 : {t}"),
                format!("%hi = arith.constant 127 : {t}"),
                format!("%a = arith.maxsi {x}, %lo : {t}"),
                format!("%b = arith.minsi %a, %hi : {t}"),
            ];
            if dt == DType::I8 {
                return (l, "%b".into());
            }
            l.push(format!("%r = arith.trunci %b : {t} to i8"));
            (l, "%r".into())
        }
    }
}

/// MLIR text of `func.func @name(args) -> result` computing `expr`.
pub fn function_text(
    name: &str,
    args: &[(String, Vec<i64>, DType)],
    expr: &RecExpr<TNode>,
    analysis: &TensorAnalysis,
) -> Result<String, String> {
    let mut em = Emitter {
        out: String::new(),
        next: 0,
    };
    let mut names: Vec<String> = Vec::new();
    let mut datas: Vec<Data> = Vec::new();
    for (_, node) in expr.items() {
        let kd: Vec<&Data> = node
            .children
            .iter()
            .map(|&c| &datas[usize::from(c)])
            .collect();
        let d = infer(&node.op, &kd, &analysis.inputs)?;
        let kn: Vec<String> = node
            .children
            .iter()
            .map(|&c| names[usize::from(c)].clone())
            .collect();
        let kt: Vec<String> = kd.iter().map(|k| ty(&k.shape, k.dtype)).collect();
        let t = ty(&d.shape, d.dtype);
        let rank = d.shape.len();
        let dims = |n: usize| (0..n).map(|i| format!("d{i}")).collect::<Vec<_>>();
        let v = match &node.op {
            Op::Input(s) => {
                let i = args
                    .iter()
                    .position(|a| a.0 == s.as_str())
                    .ok_or("unknown input")?;
                format!("%arg{i}")
            }
            Op::Conv2d { stride, dil, epi } => {
                let acc = kd[0].dtype.accumulator();
                let mut shape = d.shape.clone();
                shape.truncate(4);
                let z = em.init(&shape, acc, true);
                let r = em.fresh();
                let at = ty(&shape, acc);
                em.line(&format!(
                    "{r} = linalg.conv_2d_nchw_fchw {{dilations = dense<[{}]> : tensor<2xi64>, strides = dense<[{}]> : tensor<2xi64>}} ins({}, {} : {}, {}) outs({z} : {at}) -> {at}",
                    join(dil), join(stride), kn[0], kn[1], kt[0], kt[1]
                ));
                apply_epilogue(&mut em, r, &shape, acc, *epi)
            }
            Op::Matmul { epi } => {
                let acc = kd[0].dtype.accumulator();
                let z = em.init(&d.shape, acc, true);
                let r = em.fresh();
                let at = ty(&d.shape, acc);
                em.line(&format!(
                    "{r} = linalg.matmul ins({}, {} : {}, {}) outs({z} : {at}) -> {at}",
                    kn[0], kn[1], kt[0], kt[1]
                ));
                apply_epilogue(&mut em, r, &d.shape, acc, *epi)
            }
            Op::BlockedConv {
                stride,
                dil,
                epi,
                layout,
            } => {
                // d0=n d1=fo d2=oh d3=ow d4=fi | d5=co d6=kh d7=kw d8=ci
                let acc = kd[0].dtype.accumulator();
                let x = format!(
                    "d0, d5, d2 * {} + d6 * {}, d3 * {} + d7 * {}, d8",
                    stride[0], dil[0], stride[1], dil[1]
                );
                let w = match layout {
                    WeightLayout::OIHWoi { .. } => "d1, d5, d6, d7, d4, d8".to_string(),
                    WeightLayout::OhwIoi { .. } => "d1, d6, d7, d5, d4, d8".to_string(),
                    WeightLayout::OhwAiOoBi { b, .. } => {
                        format!("d1, d6, d7, d5, d8 floordiv {b}, d4, d8 mod {b}")
                    }
                };
                let mut it = vec!["parallel"; 5];
                it.extend(["reduction"; 4]);
                let dt = kd[0].dtype;
                let r = em.generic(
                    &[
                        (kn[0].clone(), kt[0].clone(), dt),
                        (kn[1].clone(), kt[1].clone(), kd[1].dtype),
                    ],
                    &[x, w, "d0, d1, d2, d3, d4".into()],
                    &it,
                    &d.shape,
                    acc,
                    true,
                    |n| mac(n, dt, acc),
                );
                apply_epilogue(&mut em, r, &d.shape, acc, *epi)
            }
            Op::Unary(u) => {
                let id = dims(rank).join(", ");
                let dt = kd[0].dtype;
                let u = *u;
                em.generic(
                    &[(kn[0].clone(), kt[0].clone(), dt)],
                    &[id.clone(), id],
                    &vec!["parallel"; rank],
                    &d.shape,
                    d.dtype,
                    false,
                    |n| unary_payload(u, &n[0], dt),
                )
            }
            Op::Binary(bop) => {
                let id = dims(rank).join(", ");
                let op = arith(
                    d.dtype,
                    match bop {
                        Binary::Add => "addi",
                        Binary::Sub => "subi",
                        Binary::Mul => "muli",
                        Binary::Max => "maxsi",
                    },
                );
                let tn = d.dtype.name();
                em.generic(
                    &[
                        (kn[0].clone(), kt[0].clone(), d.dtype),
                        (kn[1].clone(), kt[1].clone(), d.dtype),
                    ],
                    &[id.clone(), id.clone(), id],
                    &vec!["parallel"; rank],
                    &d.shape,
                    d.dtype,
                    false,
                    |n| {
                        (
                            vec![format!("%r = {op} {}, {} : {tn}", n[0], n[1])],
                            "%r".into(),
                        )
                    },
                )
            }
            Op::Reduce { axis, kind } => {
                // Loops: output dims then the reduced one last.
                let xr = kd[0].shape.len();
                let mut xe = Vec::new();
                let mut k = 0;
                for dd in 0..xr {
                    if dd == *axis {
                        xe.push(format!("d{}", xr - 1));
                    } else {
                        xe.push(format!("d{k}"));
                        k += 1;
                    }
                }
                let mut it = vec!["parallel"; rank];
                it.push("reduction");
                let tn = d.dtype.name();
                let opn = arith(
                    d.dtype,
                    if *kind == crate::lang::Reduction::Sum {
                        "addi"
                    } else {
                        "maxsi"
                    },
                );
                em.generic(
                    &[(kn[0].clone(), kt[0].clone(), d.dtype)],
                    &[xe.join(", "), dims(rank).join(", ")],
                    &it,
                    &d.shape,
                    d.dtype,
                    true,
                    |n| {
                        (
                            vec![format!("%r = {opn} %acc, {} : {tn}", n[0])],
                            "%r".into(),
                        )
                    },
                )
            }
            Op::Pad { lo, hi } => {
                let r = em.fresh();
                let idx: Vec<String> = (0..rank).map(|i| format!("%i{i}: index")).collect();
                let tn = d.dtype.name();
                em.line(&format!(
                    "{r} = tensor.pad {} low[{}] high[{}] {{\n  ^bb0({}):\n    %zero = arith.constant {} : {tn}\n    tensor.yield %zero : {tn}\n  }} : {} to {t}",
                    kn[0], join(lo), join(hi), idx.join(", "), zero_literal(d.dtype), kt[0]
                ));
                r
            }
            Op::Slice {
                offsets,
                sizes,
                strides,
            } => {
                let r = em.fresh();
                em.line(&format!(
                    "{r} = tensor.extract_slice {}[{}] [{}] [{}] : {} to {t}",
                    kn[0],
                    join(offsets),
                    join(sizes),
                    join(strides),
                    kt[0]
                ));
                r
            }
            Op::Reshape(shape) => {
                let n: i64 = shape.iter().product();
                let flat_t = ty(&[n], d.dtype);
                let mut cur = kn[0].clone();
                let xr = kd[0].shape.len();
                if xr != 1 {
                    let r = em.fresh();
                    em.line(&format!(
                        "{r} = tensor.collapse_shape {cur} [[{}]] : {} into {flat_t}",
                        join(&(0..xr).collect::<Vec<_>>()),
                        kt[0]
                    ));
                    cur = r;
                }
                if rank != 1 {
                    let r = em.fresh();
                    em.line(&format!(
                        "{r} = tensor.expand_shape {cur} [[{}]] output_shape [{}] : {flat_t} into {t}",
                        join(&(0..rank).collect::<Vec<_>>()),
                        join(shape)
                    ));
                    cur = r;
                }
                cur
            }
            Op::Transpose(perm) => {
                let e = em.init(&d.shape, d.dtype, false);
                let r = em.fresh();
                em.line(&format!(
                    "{r} = linalg.transpose ins({} : {}) outs({e} : {t}) permutation = [{}]",
                    kn[0],
                    kt[0],
                    join(perm)
                ));
                r
            }
            Op::Pack { dims: pd, tiles } => {
                // Pad to a multiple first, then gather.
                let xs = &kd[0].shape;
                let mut hi = vec![0; xs.len()];
                for (&p, &tl) in pd.iter().zip(tiles.iter()) {
                    hi[p as usize] = (xs[p as usize] + tl - 1) / tl * tl - xs[p as usize];
                }
                let (mut src, mut sd) = (kn[0].clone(), kd[0].clone());
                if hi.iter().any(|&h| h > 0) {
                    let r = em.fresh();
                    let padded: Vec<i64> = xs.iter().zip(&hi).map(|(a, b)| a + b).collect();
                    let idx: Vec<String> = (0..xs.len()).map(|i| format!("%i{i}: index")).collect();
                    let tn = d.dtype.name();
                    em.line(&format!(
                        "{r} = tensor.pad {src} low[{}] high[{}] {{\n  ^bb0({}):\n    %zero = arith.constant {} : {tn}\n    tensor.yield %zero : {tn}\n  }} : {} to {}",
                        join(&vec![0; xs.len()]), join(&hi), idx.join(", "), zero_literal(d.dtype), kt[0], ty(&padded, d.dtype)
                    ));
                    src = r;
                    sd = Data {
                        shape: padded,
                        ..sd
                    };
                }
                let xr = xs.len();
                let exprs: Vec<String> = (0..xr)
                    .map(|i| match pd.iter().position(|&p| p as usize == i) {
                        Some(k) => format!("d{i} * {} + d{}", tiles[k], xr + k),
                        None => format!("d{i}"),
                    })
                    .collect();
                em.gather(&src, &sd, &d, &exprs)
            }
            Op::Unpack {
                dims: pd, tiles, ..
            } => {
                let mut exprs: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
                for (&p, &tl) in pd.iter().zip(tiles.iter()) {
                    exprs[p as usize] = format!("d{p} floordiv {tl}");
                }
                for (&p, &tl) in pd.iter().zip(tiles.iter()) {
                    exprs.push(format!("d{p} mod {tl}"));
                }
                em.gather(&kn[0], kd[0], &d, &exprs)
            }
            Op::Unfold {
                axis, step, dil, ..
            } => {
                let a = *axis as usize;
                let mut exprs: Vec<String> = (0..a).map(|i| format!("d{i}")).collect();
                exprs.push(format!("d{} * {step} + d{a} * {dil}", a + 1));
                exprs.extend((a + 2..rank).map(|i| format!("d{i}")));
                em.gather(&kn[0], kd[0], &d, &exprs)
            }
            Op::ImagePack([s0, s1]) => {
                let exprs = vec![
                    "d0".to_string(),
                    format!("d1 floordiv {}", s0 * s1),
                    format!("d2 * {s0} + (d1 floordiv {s1}) mod {s0}"),
                    format!("d3 * {s1} + d1 mod {s1}"),
                ];
                em.gather(&kn[0], kd[0], &d, &exprs)
            }
            Op::Interleave([d0, d1]) => {
                let mut acc = em.init(&d.shape, d.dtype, false);
                for (k, part) in kn.iter().enumerate() {
                    let (a, b) = (k as i64 / d1, k as i64 % d1);
                    let r = em.fresh();
                    let ps = &kd[k].shape;
                    em.line(&format!(
                        "{r} = tensor.insert_slice {part} into {acc}[0, 0, {a}, {b}] [{}] [1, 1, {d0}, {d1}] : {} into {t}",
                        join(ps), kt[k]
                    ));
                    acc = r;
                }
                acc
            }
        };
        names.push(v);
        datas.push(d);
    }
    let root = names.last().ok_or("empty term")?.clone();
    let rd = datas.last().ok_or("empty term")?;
    let sig: Vec<String> = args
        .iter()
        .enumerate()
        .map(|(i, (_, s, dt))| format!("%arg{i}: {}", ty(s, *dt)))
        .collect();
    let rt = ty(&rd.shape, rd.dtype);
    Ok(format!(
        "func.func @{name}({}) -> {rt} {{\n{}  return {root} : {rt}\n}}\n",
        sig.join(", "),
        em.out
    ))
}

fn apply_epilogue(
    em: &mut Emitter,
    r: String,
    shape: &[i64],
    acc: DType,
    epi: Option<Unary>,
) -> String {
    let Some(u) = epi else { return r };
    let rank = shape.len();
    let id = (0..rank)
        .map(|i| format!("d{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    em.generic(
        &[(r, ty(shape, acc), acc)],
        &[id.clone(), id],
        &vec!["parallel"; rank],
        shape,
        u.result_type(acc),
        false,
        |n| unary_payload(u, &n[0], acc),
    )
}
