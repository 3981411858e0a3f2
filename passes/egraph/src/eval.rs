//! A reference evaluator for terms, the oracle of the rule tests.
//!
//! Every rule is checked by evaluating the term it matched and the term it
//! built on the same random integer data: the results must be equal
//! bit for bit. Integers are kept in `i64` and wrapped to their type's
//! width after every operator, as the hardware would (`i8 x i8 -> i32`
//! accumulation wraps at 32 bits).
//!
//! Layout operators are all *gathers*: each output element is one input
//! element (or zero); [`gather`] is the one loop they share, generic over
//! the element type so the IR executor can reuse it for float tensors.

use crate::analysis::{infer, Data, InputInfo};
use crate::lang::{Binary, DType, Op, Reduction, TNode, Unary, WeightLayout};
use egg::{Id, RecExpr, Symbol};
use std::collections::BTreeMap;

/// A dense row-major tensor.
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor<T = i64> {
    pub shape: Vec<i64>,
    pub data: Vec<T>,
}

pub fn strides(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

/// Calls `f` with every multi-index of `shape`, in row-major order.
pub fn for_each_index(shape: &[i64], mut f: impl FnMut(&[i64])) {
    if shape.iter().any(|&d| d <= 0) {
        return;
    }
    let mut idx = vec![0i64; shape.len()];
    loop {
        f(&idx);
        let mut d = shape.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// `out[i] = x[src(i)]`, or zero when `src` returns `None`.
pub fn gather<T: Copy + Default>(
    x: &Tensor<T>,
    out_shape: &[i64],
    src: impl Fn(&[i64], &mut Vec<i64>) -> bool,
) -> Tensor<T> {
    let xs = strides(&x.shape);
    let mut data = Vec::with_capacity(out_shape.iter().product::<i64>().max(0) as usize);
    let mut at = Vec::with_capacity(x.shape.len());
    for_each_index(out_shape, |i| {
        at.clear();
        if src(i, &mut at) {
            let off: i64 = at.iter().zip(&xs).map(|(a, s)| a * s).sum();
            data.push(x.data[off as usize]);
        } else {
            data.push(T::default());
        }
    });
    Tensor {
        shape: out_shape.to_vec(),
        data,
    }
}

/// Evaluates a layout operator (anything that only moves elements) on `xs`.
/// Returns `None` for compute operators.
pub fn eval_layout<T: Copy + Default>(
    op: &Op,
    xs: &[&Tensor<T>],
    out: &[i64],
) -> Option<Tensor<T>> {
    let x = xs.first()?;
    let t = match op {
        Op::Pad { lo, .. } => gather(x, out, |i, at| {
            for (d, &v) in i.iter().enumerate() {
                let s = v - lo[d];
                if s < 0 || s >= x.shape[d] {
                    return false;
                }
                at.push(s);
            }
            true
        }),
        Op::Slice {
            offsets, strides, ..
        } => gather(x, out, |i, at| {
            at.extend(
                i.iter()
                    .enumerate()
                    .map(|(d, &v)| offsets[d] + v * strides[d]),
            );
            true
        }),
        Op::Reshape(_) => Tensor {
            shape: out.to_vec(),
            data: x.data.clone(),
        },
        Op::Transpose(perm) => gather(x, out, |i, at| {
            at.resize(i.len(), 0);
            for (d, &p) in perm.iter().enumerate() {
                at[p as usize] = i[d];
            }
            true
        }),
        Op::Pack { dims, tiles } => {
            let r = x.shape.len();
            gather(x, out, |i, at| {
                at.extend_from_slice(&i[..r]);
                for (k, (&d, &t)) in dims.iter().zip(tiles.iter()).enumerate() {
                    let v = i[d as usize] * t + i[r + k];
                    if v >= x.shape[d as usize] {
                        return false;
                    }
                    at[d as usize] = v;
                }
                true
            })
        }
        Op::Unpack { dims, tiles, .. } => gather(x, out, |i, at| {
            at.extend_from_slice(i);
            for (&d, &t) in dims.iter().zip(tiles.iter()) {
                at[d as usize] = i[d as usize] / t;
                at.push(i[d as usize] % t);
            }
            true
        }),
        Op::Unfold {
            axis, step, dil, ..
        } => {
            let a = *axis as usize;
            gather(x, out, |i, at| {
                at.extend_from_slice(&i[..a]);
                at.push(i[a + 1] * step + i[a] * dil);
                at.extend_from_slice(&i[a + 2..]);
                true
            })
        }
        Op::ImagePack([s0, s1]) => gather(x, out, |i, at| {
            let (c, ab) = (i[1] / (s0 * s1), i[1] % (s0 * s1));
            let (a, b) = (ab / s1, ab % s1);
            at.extend_from_slice(&[i[0], c, i[2] * s0 + a, i[3] * s1 + b]);
            true
        }),
        Op::Interleave([d0, d1]) => {
            let mut t = Tensor {
                shape: out.to_vec(),
                data: vec![T::default(); out.iter().product::<i64>() as usize],
            };
            let os = strides(out);
            for (k, y) in xs.iter().enumerate() {
                let (a, b) = (k as i64 / d1, k as i64 % d1);
                let ys = strides(&y.shape);
                for_each_index(&y.shape, |i| {
                    let src: i64 = i.iter().zip(&ys).map(|(v, s)| v * s).sum();
                    let dst = i[0] * os[0]
                        + i[1] * os[1]
                        + (i[2] * d0 + a) * os[2]
                        + (i[3] * d1 + b) * os[3];
                    t.data[dst as usize] = y.data[src as usize];
                });
            }
            t
        }
        _ => return None,
    };
    Some(t)
}

/// Wraps `v` to the width of `dtype`.
pub fn wrap(v: i64, dtype: DType) -> i64 {
    match dtype {
        DType::I8 => v as i8 as i64,
        DType::U8 => v as u8 as i64,
        DType::I32 => v as i32 as i64,
        DType::I64 | DType::F32 => v,
    }
}

fn apply_unary(u: Unary, v: i64) -> i64 {
    match u {
        Unary::Relu => v.max(0),
        Unary::Neg => v.wrapping_neg(),
        Unary::Requant => v.clamp(-128, 127),
    }
}

fn conv(
    x: &Tensor,
    w: &Tensor,
    out: &[i64],
    stride: [i64; 2],
    dil: [i64; 2],
    blocked: Option<WeightLayout>,
) -> Tensor {
    // Logical sizes.
    let (c, kh, kw, ib, ob) = match blocked {
        None => (x.shape[1], w.shape[2], w.shape[3], 1, 1),
        Some(l) => {
            let (kh, kw) = match l {
                WeightLayout::OIHWoi { .. } => (w.shape[2], w.shape[3]),
                _ => (w.shape[1], w.shape[2]),
            };
            (x.shape[1] * l.i_block(), kh, kw, l.i_block(), l.o_block())
        }
    };
    let (xs, ws) = (strides(&x.shape), strides(&w.shape));
    let mut data = Vec::with_capacity(out.iter().product::<i64>() as usize);
    for_each_index(out, |o| {
        let (n, f, oh, ow) = match blocked {
            None => (o[0], o[1], o[2], o[3]),
            Some(_) => (o[0], o[1] * ob + o[4], o[2], o[3]),
        };
        let mut acc = 0i64;
        for ci in 0..c {
            for i in 0..kh {
                for j in 0..kw {
                    let (h, wpos) = (oh * stride[0] + i * dil[0], ow * stride[1] + j * dil[1]);
                    let (xo, wo) = match blocked {
                        None => (
                            n * xs[0] + ci * xs[1] + h * xs[2] + wpos * xs[3],
                            f * ws[0] + ci * ws[1] + i * ws[2] + j * ws[3],
                        ),
                        Some(l) => {
                            let wi = l.packed_index(f, ci, i, j);
                            (
                                n * xs[0]
                                    + (ci / ib) * xs[1]
                                    + h * xs[2]
                                    + wpos * xs[3]
                                    + (ci % ib) * xs[4],
                                wi.iter().zip(&ws).map(|(a, s)| a * s).sum(),
                            )
                        }
                    };
                    acc = acc.wrapping_add(x.data[xo as usize].wrapping_mul(w.data[wo as usize]));
                }
            }
        }
        data.push(acc);
    });
    Tensor {
        shape: out.to_vec(),
        data,
    }
}

/// Evaluates `expr` on `inputs`. Errors name the first ill-shaped node.
pub fn eval(
    expr: &RecExpr<TNode>,
    table: &BTreeMap<Symbol, InputInfo>,
    inputs: &BTreeMap<Symbol, Tensor>,
) -> Result<Tensor, String> {
    let mut vals: Vec<(Tensor, Data)> = Vec::with_capacity(expr.len());
    for (_, node) in expr.items() {
        let kd: Vec<&Data> = node
            .children
            .iter()
            .map(|&c| &vals[usize::from(c)].1)
            .collect();
        let xs: Vec<&Tensor> = node
            .children
            .iter()
            .map(|&c| &vals[usize::from(c)].0)
            .collect();
        let (t, d) = eval_node(&node.op, &xs, &kd, table, inputs)?;
        vals.push((t, d));
    }
    vals.pop().map(|v| v.0).ok_or_else(|| "empty term".into())
}

/// Evaluates one operator on its operands' values and data.
pub fn eval_node(
    op: &Op,
    xs: &[&Tensor],
    kd: &[&Data],
    table: &BTreeMap<Symbol, InputInfo>,
    inputs: &BTreeMap<Symbol, Tensor>,
) -> Result<(Tensor, Data), String> {
    let d = infer(op, kd, table)?;
    let out = &d.shape;
    let mut t = match op {
        Op::Input(s) => inputs
            .get(s)
            .cloned()
            .ok_or(format!("no value for input {s}"))?,
        Op::Conv2d { stride, dil, epi } => {
            let mut t = conv(xs[0], xs[1], out, *stride, *dil, None);
            epilogue(&mut t, *epi, kd[0].dtype.accumulator());
            t
        }
        Op::BlockedConv {
            stride,
            dil,
            epi,
            layout,
        } => {
            let mut t = conv(xs[0], xs[1], out, *stride, *dil, Some(*layout));
            epilogue(&mut t, *epi, kd[0].dtype.accumulator());
            t
        }
        Op::Matmul { epi } => {
            let (m, k, n) = (xs[0].shape[0], xs[0].shape[1], xs[1].shape[1]);
            let mut data = vec![0i64; (m * n) as usize];
            for i in 0..m {
                for p in 0..k {
                    let a = xs[0].data[(i * k + p) as usize];
                    for j in 0..n {
                        let c = &mut data[(i * n + j) as usize];
                        *c = c.wrapping_add(a.wrapping_mul(xs[1].data[(p * n + j) as usize]));
                    }
                }
            }
            let mut t = Tensor {
                shape: out.clone(),
                data,
            };
            epilogue(&mut t, *epi, kd[0].dtype.accumulator());
            t
        }
        Op::Unary(u) => Tensor {
            shape: out.clone(),
            data: xs[0].data.iter().map(|&v| apply_unary(*u, v)).collect(),
        },
        Op::Binary(b) => Tensor {
            shape: out.clone(),
            data: xs[0]
                .data
                .iter()
                .zip(&xs[1].data)
                .map(|(&a, &c)| match b {
                    Binary::Add => a.wrapping_add(c),
                    Binary::Sub => a.wrapping_sub(c),
                    Binary::Mul => a.wrapping_mul(c),
                    Binary::Max => a.max(c),
                })
                .collect(),
        },
        Op::Reduce { axis, kind } => {
            let x = xs[0];
            let xs_ = strides(&x.shape);
            let len = x.shape[*axis];
            let mut data = Vec::new();
            for_each_index(out, |i| {
                let mut base = 0;
                for (d, &v) in i.iter().enumerate() {
                    let xd = if d < *axis { d } else { d + 1 };
                    base += v * xs_[xd];
                }
                let vals = (0..len).map(|k| x.data[(base + k * xs_[*axis]) as usize]);
                data.push(match kind {
                    Reduction::Sum => vals.fold(0i64, |a, v| a.wrapping_add(v)),
                    Reduction::Max => vals.max().unwrap_or(i64::MIN),
                });
            });
            Tensor {
                shape: out.clone(),
                data,
            }
        }
        op => eval_layout(op, xs, out).ok_or("unhandled operator")?,
    };
    for v in &mut t.data {
        *v = wrap(*v, d.dtype);
    }
    Ok((t, d))
}

fn epilogue(t: &mut Tensor, epi: Option<Unary>, dtype: DType) {
    if let Some(u) = epi {
        for v in &mut t.data {
            *v = apply_unary(u, wrap(*v, dtype));
        }
    }
}

/// A small deterministic generator (SplitMix64) for test data.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A value of `dtype`'s range (floats get small integers).
    pub fn value(&mut self, dtype: DType) -> i64 {
        let r = self.next_u64();
        match dtype {
            DType::I8 => r as u8 as i8 as i64,
            DType::U8 => r as u8 as i64,
            DType::I32 => r as i32 as i64,
            DType::I64 => r as i64,
            DType::F32 => (r % 17) as i64 - 8,
        }
    }
    pub fn tensor(&mut self, shape: &[i64], dtype: DType) -> Tensor {
        let n: i64 = shape.iter().product();
        Tensor {
            shape: shape.to_vec(),
            data: (0..n).map(|_| self.value(dtype)).collect(),
        }
    }
}

/// Random values for every input of `table`.
pub fn random_inputs(table: &BTreeMap<Symbol, InputInfo>, seed: u64) -> BTreeMap<Symbol, Tensor> {
    let mut rng = Rng(seed);
    table
        .iter()
        .map(|(k, v)| (*k, rng.tensor(&v.shape, v.dtype)))
        .collect()
}

/// The root id of a `RecExpr`.
pub fn root(expr: &RecExpr<TNode>) -> Id {
    Id::from(expr.len() - 1)
}

/// Checks a whole e-graph against the evaluator: every class gets the value
/// of its first evaluable node, then every node whose operands have values
/// is evaluated and must equal its class's value bit for bit. Returns the
/// number of nodes checked; an error names the first disagreeing node.
/// Classes larger than `max_elems` elements are skipped (to bound time).
pub fn check_graph(
    egraph: &crate::analysis::TensorGraph,
    inputs: &BTreeMap<Symbol, Tensor>,
    max_elems: i64,
) -> Result<usize, String> {
    use std::collections::HashMap;
    let table = &egraph.analysis.inputs;
    let mut value: HashMap<Id, Tensor> = HashMap::new();
    let small = |id: Id| egraph[id].data.elems() <= max_elems;
    // Fixed point: assign class values.
    loop {
        let mut progress = false;
        for class in egraph.classes() {
            if value.contains_key(&class.id) || !small(class.id) {
                continue;
            }
            for node in &class.nodes {
                let kids: Vec<Id> = node.children.iter().map(|&c| egraph.find(c)).collect();
                if !kids.iter().all(|k| value.contains_key(k)) {
                    continue;
                }
                let xs: Vec<&Tensor> = kids.iter().map(|k| &value[k]).collect();
                let kd: Vec<&Data> = kids.iter().map(|&k| &egraph[k].data).collect();
                let (t, _) = eval_node(&node.op, &xs, &kd, table, inputs)
                    .map_err(|e| format!("{node}: {e}"))?;
                value.insert(class.id, t);
                progress = true;
                break;
            }
        }
        if !progress {
            break;
        }
    }
    let mut checked = 0;
    for class in egraph.classes() {
        let Some(expected) = value.get(&class.id) else {
            continue;
        };
        for node in &class.nodes {
            let kids: Vec<Id> = node.children.iter().map(|&c| egraph.find(c)).collect();
            if !kids.iter().all(|k| value.contains_key(k)) {
                continue;
            }
            let xs: Vec<&Tensor> = kids.iter().map(|k| &value[k]).collect();
            let kd: Vec<&Data> = kids.iter().map(|&k| &egraph[k].data).collect();
            let (t, _) =
                eval_node(&node.op, &xs, &kd, table, inputs).map_err(|e| format!("{node}: {e}"))?;
            if t != *expected {
                return Err(format!(
                    "class {} disagrees: node {node} differs from the class value",
                    class.id
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}
