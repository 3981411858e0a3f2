//! Layout rewrite rules.
//!
//! A rule is a Rust function from one matched e-node to the root of an
//! equivalent term, built through [`Graft`], which runs the shape rule
//! ([`crate::analysis::infer`]) of every node before adding it. A rule
//! whose legality condition fails — or any of whose intermediate nodes
//! would be ill-shaped — returns `None` and changes nothing: rules never
//! panic and never add an ill-shaped node.
//!
//! Rules that depend on the hardware (padding to an intrinsic dimension,
//! blocked layouts, batch-from-image split, and the profitability guards of
//! stencil unroll and image pack) read it from [`RuleEnv`]. Every rule and
//! its condition is listed in the crate documentation's rules table.

use crate::analysis::{infer, Data, TensorAnalysis, TensorGraph};
use crate::cost::Target;
use crate::lang::{Op, TNode, Unary, WeightLayout};
use egg::{Applier, Id, PatternAst, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};
use std::sync::Arc;

/// Adds nodes to a graph only after their shape rule accepted them.
pub struct Graft<'a> {
    pub g: &'a mut TensorGraph,
}

impl Graft<'_> {
    pub fn data(&self, id: Id) -> &Data {
        &self.g[id].data
    }
    pub fn shape(&self, id: Id) -> Vec<i64> {
        self.g[id].data.shape.clone()
    }
    /// The result shape of an existing node.
    pub fn out_shape(&self, node: &TNode) -> Option<Vec<i64>> {
        let kd: Vec<&Data> = node.children.iter().map(|&k| &self.g[k].data).collect();
        infer(&node.op, &kd, &self.g.analysis.inputs)
            .ok()
            .map(|d| d.shape)
    }
    /// Adds `op(kids)` if it is well-shaped.
    pub fn add(&mut self, op: Op, kids: &[Id]) -> Option<Id> {
        let kd: Vec<&Data> = kids.iter().map(|&k| &self.g[k].data).collect();
        infer(&op, &kd, &self.g.analysis.inputs).ok()?;
        Some(self.g.add(TNode::new(op, kids)))
    }
    pub fn reshape(&mut self, x: Id, shape: &[i64]) -> Option<Id> {
        if self.shape(x) == shape {
            return Some(x);
        }
        self.add(Op::Reshape(shape.into()), &[x])
    }
    pub fn transpose(&mut self, x: Id, perm: &[i64]) -> Option<Id> {
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
            return Some(x);
        }
        self.add(Op::Transpose(perm.into()), &[x])
    }
    /// Zero padding after each dimension (`hi`); identity when all zero.
    pub fn pad_hi(&mut self, x: Id, hi: &[i64]) -> Option<Id> {
        if hi.iter().all(|&h| h == 0) {
            return Some(x);
        }
        let lo = vec![0; hi.len()];
        self.add(
            Op::Pad {
                lo: lo.into(),
                hi: hi.into(),
            },
            &[x],
        )
    }
    /// The leading `sizes` of `x` (unit strides); identity when equal.
    pub fn crop(&mut self, x: Id, sizes: &[i64]) -> Option<Id> {
        if self.shape(x) == sizes {
            return Some(x);
        }
        let r = sizes.len();
        self.add(
            Op::Slice {
                offsets: vec![0; r].into(),
                sizes: sizes.into(),
                strides: vec![1; r].into(),
            },
            &[x],
        )
    }
    pub fn unfold(&mut self, x: Id, axis: i64, size: i64, step: i64, dil: i64) -> Option<Id> {
        self.add(
            Op::Unfold {
                axis,
                size,
                step,
                dil,
            },
            &[x],
        )
    }
    pub fn conv(
        &mut self,
        x: Id,
        w: Id,
        stride: [i64; 2],
        dil: [i64; 2],
        epi: Option<Unary>,
    ) -> Option<Id> {
        self.add(Op::Conv2d { stride, dil, epi }, &[x, w])
    }
}

/// What rules need to know about the target.
#[derive(Debug, Clone)]
pub struct RuleEnv {
    pub target: Target,
}

type RuleFn = fn(&mut Graft, &TNode, &RuleEnv) -> Option<Id>;
/// A row of the rules table: name, which ops it applies to, the rewrite.
type RuleRow = (&'static str, fn(&Op) -> bool, RuleFn);

/// One rule: which nodes it looks at, and what it builds from one of them.
#[derive(Clone)]
pub struct LayoutRule {
    pub name: &'static str,
    pub matches: fn(&Op) -> bool,
    pub build: RuleFn,
    pub env: Arc<RuleEnv>,
}

impl Searcher<TNode, TensorAnalysis> for LayoutRule {
    fn search_eclass_with_limit(
        &self,
        egraph: &TensorGraph,
        eclass: Id,
        limit: usize,
    ) -> Option<SearchMatches<'_, TNode>> {
        if limit == 0 || !egraph[eclass].nodes.iter().any(|n| (self.matches)(&n.op)) {
            return None;
        }
        Some(SearchMatches {
            eclass,
            substs: vec![Subst::default()],
            ast: None,
        })
    }
    fn vars(&self) -> Vec<Var> {
        Vec::new()
    }
}

impl Applier<TNode, TensorAnalysis> for LayoutRule {
    fn apply_one(
        &self,
        egraph: &mut TensorGraph,
        eclass: Id,
        _subst: &Subst,
        _ast: Option<&PatternAst<TNode>>,
        _rule: Symbol,
    ) -> Vec<Id> {
        let nodes: Vec<TNode> = egraph[eclass]
            .nodes
            .iter()
            .filter(|n| (self.matches)(&n.op))
            .cloned()
            .collect();
        let mut changed = Vec::new();
        for node in nodes {
            let built = (self.build)(&mut Graft { g: egraph }, &node, &self.env);
            if let Some(new) = built {
                if egraph.union(eclass, new) {
                    changed.push(new);
                }
            }
        }
        changed
    }
}

/// The nodes of class `id` (cloned, so the graph can be grown meanwhile).
fn nodes_of(g: &Graft, id: Id) -> Vec<TNode> {
    g.g[id].nodes.clone()
}

fn is_conv(op: &Op) -> bool {
    matches!(op, Op::Conv2d { .. })
}

fn conv_parts(node: &TNode) -> Option<([i64; 2], [i64; 2], Option<Unary>)> {
    match node.op {
        Op::Conv2d { stride, dil, epi } => Some((stride, dil, epi)),
        _ => None,
    }
}

/// The largest input-channel count stencil unroll and image pack produce
/// (a bound on e-graph growth, not a legality condition).
pub const MAX_UNROLLED_CHANNELS: i64 = 512;

// ---------------------------------------------------------------------------
// conv2d <=> im2col + matmul

/// **im2col**: `conv2d(x, w)` = `transpose(reshape(matmul(A, B)))` where
/// `A = reshape(transpose(unfold_W(unfold_H(x))))` is the `[N*OH*OW, C*KH*KW]`
/// patch matrix and `B = transpose(reshape(w))` is `[C*KH*KW, F]`.
/// Legal for every convolution (any stride and dilation); the epilogue moves
/// to the matmul. Both forms stay in one e-class, so the rule holds in both
/// directions.
fn im2col(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    let (stride, dil, epi) = conv_parts(node)?;
    let (x, w) = (node.children[0], node.children[1]);
    let (xs, ws) = (g.shape(x), g.shape(w));
    let (n, c) = (xs[0], xs[1]);
    let (f, kh, kw) = (ws[0], ws[2], ws[3]);
    let u1 = g.unfold(x, 2, kh, stride[0], dil[0])?;
    let u2 = g.unfold(u1, 4, kw, stride[1], dil[1])?;
    let us = g.shape(u2);
    let (oh, ow) = (us[3], us[5]);
    let t = g.transpose(u2, &[0, 3, 5, 1, 2, 4])?;
    let a = g.reshape(t, &[n * oh * ow, c * kh * kw])?;
    let wr = g.reshape(w, &[f, c * kh * kw])?;
    let b = g.transpose(wr, &[1, 0])?;
    let m = g.add(Op::Matmul { epi }, &[a, b])?;
    let r = g.reshape(m, &[n, oh, ow, f])?;
    g.transpose(r, &[0, 3, 1, 2])
}

// ---------------------------------------------------------------------------
// Stencil unroll and image pack (Rieber Table 2)

/// **stencil-unroll-w** / **-h**: overlapping windows with stride 1 along
/// one spatial axis become a new reduction (channel) dimension:
/// `x[n, c, h, ow + kw*d]` is materialised as `x'[n, c*KW + kw, h, ow]`
/// (`unfold`), and the weights are re-laid out to `[F, C*KW, KH, 1]`.
/// Legal when the stride along the axis is 1 (any dilation). Guarded to
/// `C < z` (the input channels do not fill the intrinsic's reduction) and
/// `C*K <= MAX_UNROLLED_CHANNELS`.
fn stencil_unroll(g: &mut Graft, node: &TNode, env: &RuleEnv, axis: usize) -> Option<Id> {
    let (stride, dil, epi) = conv_parts(node)?;
    let (x, w) = (node.children[0], node.children[1]);
    let (xs, ws) = (g.shape(x), g.shape(w));
    let (n, c, h) = (xs[0], xs[1], xs[2]);
    let (f, kh, kw) = (ws[0], ws[2], ws[3]);
    let k = if axis == 0 { kh } else { kw };
    if stride[axis] != 1 || k < 2 || c >= env.target.intrinsic.z || c * k > MAX_UNROLLED_CHANNELS {
        return None;
    }
    if axis == 1 {
        let u = g.unfold(x, 3, kw, 1, dil[1])?; // [N, C, H, KW, OW]
        let ow = g.shape(u)[4];
        let t = g.transpose(u, &[0, 1, 3, 2, 4])?;
        let x2 = g.reshape(t, &[n, c * kw, h, ow])?;
        let wt = g.transpose(w, &[0, 1, 3, 2])?;
        let w2 = g.reshape(wt, &[f, c * kw, kh, 1])?;
        g.conv(x2, w2, [stride[0], 1], [dil[0], 1], epi)
    } else {
        let u = g.unfold(x, 2, kh, 1, dil[0])?; // [N, C, KH, OH, W]
        let us = g.shape(u);
        let x2 = g.reshape(u, &[n, c * kh, us[3], us[4]])?;
        let w2 = g.reshape(w, &[f, c * kh, 1, kw])?;
        g.conv(x2, w2, [1, stride[1]], [1, dil[1]], epi)
    }
}

fn stencil_unroll_w(g: &mut Graft, node: &TNode, env: &RuleEnv) -> Option<Id> {
    stencil_unroll(g, node, env, 1)
}

fn stencil_unroll_h(g: &mut Graft, node: &TNode, env: &RuleEnv) -> Option<Id> {
    stencil_unroll(g, node, env, 0)
}

/// **image-pack**: a stride-`s` convolution is a stride-1 convolution over
/// `s0*s1` independent sub-images stacked as channels (space to depth):
/// `x` is padded (or cropped) to `[(OH-1+KH')*s0, (OW-1+KW')*s1]` and
/// image-packed to `[N, C*s0*s1, ., .]`; the weights are zero-padded to
/// `[KH'*s0, KW'*s1]` with `KH' = ceil(KH/s0)` and image-packed the same
/// way. Legal for dilation 1 and stride > 1 on some axis; the zero weight
/// taps only ever meet the padded rows. Guarded to `C < z`.
fn image_pack(g: &mut Graft, node: &TNode, env: &RuleEnv) -> Option<Id> {
    let (stride, dil, epi) = conv_parts(node)?;
    let (x, w) = (node.children[0], node.children[1]);
    let (xs, ws) = (g.shape(x), g.shape(w));
    let [s0, s1] = stride;
    if dil != [1, 1] || (s0 == 1 && s1 == 1) || xs[1] >= env.target.intrinsic.z {
        return None;
    }
    if xs[1] * s0 * s1 > MAX_UNROLLED_CHANNELS {
        return None;
    }
    let out = g.out_shape(node)?;
    let (oh, ow) = (out[2], out[3]);
    let (kh2, kw2) = ((ws[2] + s0 - 1) / s0, (ws[3] + s1 - 1) / s1);
    let (hp, wp) = ((oh - 1 + kh2) * s0, (ow - 1 + kw2) * s1);
    let xpad = g.pad_hi(x, &[0, 0, (hp - xs[2]).max(0), (wp - xs[3]).max(0)])?;
    let x1 = g.crop(xpad, &[xs[0], xs[1], hp, wp])?;
    let xp = g.add(Op::ImagePack([s0, s1]), &[x1])?;
    let w1 = g.pad_hi(w, &[0, 0, kh2 * s0 - ws[2], kw2 * s1 - ws[3]])?;
    let wp_ = g.add(Op::ImagePack([s0, s1]), &[w1])?;
    g.conv(xp, wp_, [1, 1], [1, 1], epi)
}

// ---------------------------------------------------------------------------
// Padding to the intrinsic

fn round_up(v: i64, m: i64) -> i64 {
    (v + m - 1) / m * m
}

/// **pad-to-intrinsic** (conv2d): pads batch to a multiple of the
/// intrinsic's `x`, input channels to `z` and output channels to `y` with
/// zeros, and crops the result back. Legal always: zero input channels add
/// zero products; extra batch rows and output channels are cropped away.
/// Applies when some dimension is not a multiple.
fn pad_conv(g: &mut Graft, node: &TNode, env: &RuleEnv) -> Option<Id> {
    let (stride, dil, epi) = conv_parts(node)?;
    let i = env.target.intrinsic;
    let (x, w) = (node.children[0], node.children[1]);
    let (xs, ws) = (g.shape(x), g.shape(w));
    let (dn, dc, df) = (
        round_up(xs[0], i.x) - xs[0],
        round_up(xs[1], i.z) - xs[1],
        round_up(ws[0], i.y) - ws[0],
    );
    if dn == 0 && dc == 0 && df == 0 {
        return None;
    }
    let x2 = g.pad_hi(x, &[dn, dc, 0, 0])?;
    let w2 = g.pad_hi(w, &[df, dc, 0, 0])?;
    let y = g.conv(x2, w2, stride, dil, epi)?;
    let ys = g.shape(y);
    g.crop(y, &[xs[0], ws[0], ys[2], ys[3]])
}

/// **pad-to-intrinsic** (matmul): pads `M` to `x`, `K` to `z` and `N` to
/// `y` and crops the result. Legal always (as for conv2d).
fn pad_matmul(g: &mut Graft, node: &TNode, env: &RuleEnv) -> Option<Id> {
    let Op::Matmul { epi } = node.op else {
        return None;
    };
    let i = env.target.intrinsic;
    let (a, b) = (node.children[0], node.children[1]);
    let (as_, bs) = (g.shape(a), g.shape(b));
    let (dm, dk, dn) = (
        round_up(as_[0], i.x) - as_[0],
        round_up(as_[1], i.z) - as_[1],
        round_up(bs[1], i.y) - bs[1],
    );
    if dm == 0 && dk == 0 && dn == 0 {
        return None;
    }
    let a2 = g.pad_hi(a, &[dm, dk])?;
    let b2 = g.pad_hi(b, &[dk, dn])?;
    let m = g.add(Op::Matmul { epi }, &[a2, b2])?;
    g.crop(m, &[as_[0], bs[1]])
}

// ---------------------------------------------------------------------------
// Blocked layouts

/// Packs FCHW weights into `layout` (pack, then reshape/transpose).
pub fn pack_weights(g: &mut Graft, w: Id, layout: WeightLayout) -> Option<Id> {
    let (o, i) = (layout.o_block(), layout.i_block());
    let p = g.add(
        Op::Pack {
            dims: vec![0, 1].into(),
            tiles: vec![o, i].into(),
        },
        &[w],
    )?; // [F/o, C/i, KH, KW, o, i]
    match layout {
        WeightLayout::OIHWoi { .. } => Some(p),
        WeightLayout::OhwIoi { .. } => g.transpose(p, &[0, 2, 3, 1, 4, 5]),
        WeightLayout::OhwAiOoBi { a, b, .. } => {
            let s = g.shape(p);
            let r = g.reshape(p, &[s[0], s[1], s[2], s[3], o, a, b])?;
            g.transpose(r, &[0, 2, 3, 1, 5, 4, 6])
        }
    }
}

/// **blocked-layout**: `conv2d(x, w)` = `unpack(blocked_conv2d(pack(x), W))`
/// with `x` in `NCHW[i]c`, `W` in one of the target's weight layouts
/// (`OIHWoi`, `OhwI64o4i`, `Ohw4i16o4i`, ...) and the result unpacked from
/// `NCHW[o]c`. Legal when `C % i == 0` and `F % o == 0` (pad first
/// otherwise); the packs are exact, so no padding is introduced here.
fn blocked_layout(g: &mut Graft, node: &TNode, env: &RuleEnv) -> Option<Id> {
    let (stride, dil, epi) = conv_parts(node)?;
    let (x, w) = (node.children[0], node.children[1]);
    let (xs, ws) = (g.shape(x), g.shape(w));
    let mut first = None;
    for &layout in &env.target.layouts {
        let (o, i) = (layout.o_block(), layout.i_block());
        if xs[1] % i != 0 || ws[0] % o != 0 {
            continue;
        }
        let xp = g.add(
            Op::Pack {
                dims: vec![1].into(),
                tiles: vec![i].into(),
            },
            &[x],
        );
        let wp = pack_weights(g, w, layout);
        let (Some(xp), Some(wp)) = (xp, wp) else {
            continue;
        };
        let Some(bc) = g.add(
            Op::BlockedConv {
                stride,
                dil,
                epi,
                layout,
            },
            &[xp, wp],
        ) else {
            continue;
        };
        let bs = g.shape(bc);
        let Some(u) = g.add(
            Op::Unpack {
                dims: vec![1].into(),
                tiles: vec![o].into(),
                shape: vec![bs[0], bs[1] * o, bs[2], bs[3]].into(),
            },
            &[bc],
        ) else {
            continue;
        };
        match first {
            None => first = Some(u),
            Some(f) => {
                g.g.union(f, u);
            }
        }
    }
    first
}

// ---------------------------------------------------------------------------
// Dilation, batch split

/// **dilated-to-dense**: a stride-1 convolution with dilation `(d0, d1)` is
/// `d0*d1` dense convolutions over the strided sub-images
/// `x[:, :, a::d0, b::d1]`, interleaved back. Legal when the stride is 1
/// and `OH % d0 == 0`, `OW % d1 == 0` (every sub-image has the same size).
fn dilated_to_dense(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    let (stride, dil, epi) = conv_parts(node)?;
    let [d0, d1] = dil;
    if stride != [1, 1] || dil == [1, 1] {
        return None;
    }
    let (x, w) = (node.children[0], node.children[1]);
    let (xs, ws) = (g.shape(x), g.shape(w));
    let out = g.out_shape(node)?;
    let (oh, ow) = (out[2], out[3]);
    if oh % d0 != 0 || ow % d1 != 0 {
        return None;
    }
    let (p, q) = (oh / d0, ow / d1);
    let mut parts = Vec::new();
    for a in 0..d0 {
        for b in 0..d1 {
            let sub = g.add(
                Op::Slice {
                    offsets: vec![0, 0, a, b].into(),
                    sizes: vec![xs[0], xs[1], p + ws[2] - 1, q + ws[3] - 1].into(),
                    strides: vec![1, 1, d0, d1].into(),
                },
                &[x],
            )?;
            parts.push(g.conv(sub, w, [1, 1], [1, 1], epi)?);
        }
    }
    g.add(Op::Interleave([d0, d1]), &parts)
}

/// **batch-from-image**: when the batch `N` underfills the intrinsic's `x`,
/// the image is split into `s = x/N` horizontal bands (with their halo
/// rows, `unfold` with a band-sized window) stacked into the batch; the
/// result bands are reassembled. Legal when `x % N == 0` and `OH % s == 0`.
fn batch_from_image(g: &mut Graft, node: &TNode, env: &RuleEnv) -> Option<Id> {
    let (stride, dil, epi) = conv_parts(node)?;
    let (x, w) = (node.children[0], node.children[1]);
    let (xs, ws) = (g.shape(x), g.shape(w));
    let n = xs[0];
    let ix = env.target.intrinsic.x;
    if n >= ix || ix % n != 0 {
        return None;
    }
    let s = ix / n;
    let out = g.out_shape(node)?;
    let (oh, ow) = (out[2], out[3]);
    if oh % s != 0 {
        return None;
    }
    let p = oh / s;
    let band = (p - 1) * stride[0] + dil[0] * (ws[2] - 1) + 1;
    let u = g.unfold(x, 2, band, p * stride[0], 1)?; // [N, C, band, s, W]
    if g.shape(u)[3] != s {
        return None;
    }
    let t = g.transpose(u, &[0, 3, 1, 2, 4])?;
    let xb = g.reshape(t, &[n * s, xs[1], band, xs[3]])?;
    let y = g.conv(xb, w, stride, dil, epi)?; // [N*s, F, P, OW]
    let f = ws[0];
    let r = g.reshape(y, &[n, s, f, p, ow])?;
    let t2 = g.transpose(r, &[0, 2, 1, 3, 4])?;
    g.reshape(t2, &[n, f, oh, ow])
}

// ---------------------------------------------------------------------------
// Elementwise fusion and layout algebra

/// **fuse-elementwise**: `unary(u, contraction(a, b))` = the contraction
/// with epilogue `u`. Legal when the contraction has no epilogue yet (the
/// unary is applied to every element of its result).
fn fuse_elementwise(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    let Op::Unary(u) = node.op else { return None };
    let mut first = None;
    for inner in nodes_of(g, node.children[0]) {
        let op = match inner.op {
            Op::Conv2d {
                stride,
                dil,
                epi: None,
            } => Op::Conv2d {
                stride,
                dil,
                epi: Some(u),
            },
            Op::BlockedConv {
                stride,
                dil,
                epi: None,
                layout,
            } => Op::BlockedConv {
                stride,
                dil,
                epi: Some(u),
                layout,
            },
            Op::Matmul { epi: None } => Op::Matmul { epi: Some(u) },
            _ => continue,
        };
        if let Some(id) = g.add(op, &inner.children) {
            match first {
                None => first = Some(id),
                Some(f) => {
                    g.g.union(f, id);
                }
            }
        }
    }
    first
}

/// **elementwise-through-layout**: `unary(u, L(y))` = `L(unary(u, y))` for
/// a layout operator `L` (reshape, transpose, slice, pad, pack, unpack,
/// interleave of one child excluded). Legal because `u` is elementwise and
/// `u(0) = 0` for every unary here (relu, neg), so zero padding commutes.
fn elementwise_through_layout(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    let Op::Unary(u) = node.op else { return None };
    for inner in nodes_of(g, node.children[0]) {
        let movable = matches!(
            inner.op,
            Op::Reshape(_)
                | Op::Transpose(_)
                | Op::Slice { .. }
                | Op::Pad { .. }
                | Op::Pack { .. }
                | Op::Unpack { .. }
        );
        if movable {
            let y = g.add(Op::Unary(u), &[inner.children[0]])?;
            return g.add(inner.op.clone(), &[y]);
        }
    }
    None
}

/// **pack-unpack-cancel**: `pack(unpack(y))` = `y` when both use the same
/// dims and tiles and the unpacked shape is a multiple of the tiles (no
/// padding was cropped); `unpack(pack(x))` = `x` always (the padding is
/// cropped again). This removes layout conversions between consecutive
/// layers that agree on the blocked layout.
fn pack_unpack_cancel(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    for inner in nodes_of(g, node.children[0]) {
        match (&node.op, &inner.op) {
            (
                Op::Pack { dims, tiles },
                Op::Unpack {
                    dims: d2,
                    tiles: t2,
                    shape,
                },
            ) if dims == d2
                && tiles == t2
                && dims
                    .iter()
                    .zip(tiles.iter())
                    .all(|(&d, &t)| shape[d as usize] % t == 0) =>
            {
                return Some(inner.children[0]);
            }
            (
                Op::Unpack { dims, tiles, shape },
                Op::Pack {
                    dims: d2,
                    tiles: t2,
                },
            ) if dims == d2 && tiles == t2 && g.shape(inner.children[0]) == **shape => {
                return Some(inner.children[0]);
            }
            _ => {}
        }
    }
    None
}

/// **fuse-reshapes** (Table 2 *fuse* / *split* compose): `reshape(reshape(x))`
/// = `reshape(x)`, and a reshape to the operand's own shape is the operand.
/// Legal always (row-major reshapes compose).
fn fuse_reshapes(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    let Op::Reshape(shape) = &node.op else {
        return None;
    };
    if g.shape(node.children[0]) == **shape {
        return Some(node.children[0]);
    }
    for inner in nodes_of(g, node.children[0]) {
        if let Op::Reshape(_) = inner.op {
            return g.reshape(inner.children[0], shape);
        }
    }
    None
}

/// **compose-transposes** (Table 2 *reorder* composes):
/// `transpose(p, transpose(q, x))` = `transpose(q∘p, x)`, and the identity
/// permutation is the operand. Legal always.
fn compose_transposes(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    let Op::Transpose(p) = &node.op else {
        return None;
    };
    if p.iter().enumerate().all(|(i, &v)| v == i as i64) {
        return Some(node.children[0]);
    }
    for inner in nodes_of(g, node.children[0]) {
        if let Op::Transpose(q) = &inner.op {
            let r: Vec<i64> = p.iter().map(|&d| q[d as usize]).collect();
            return g.transpose(inner.children[0], &r);
        }
    }
    None
}

/// **pack-as-split-reorder** (Table 2 *split* then *reorder*): an exact
/// `pack` is a reshape splitting each packed dimension `D` into
/// `[D/t, t]` followed by a transpose moving the tiles innermost. Legal
/// when every packed dimension is a multiple of its tile.
fn pack_as_split_reorder(g: &mut Graft, node: &TNode, _: &RuleEnv) -> Option<Id> {
    let Op::Pack { dims, tiles } = &node.op else {
        return None;
    };
    let x = node.children[0];
    let xs = g.shape(x);
    let mut split = Vec::new();
    let mut outer_pos = Vec::new();
    let mut tile_pos = vec![0i64; dims.len()];
    for (d, &size) in xs.iter().enumerate() {
        match dims.iter().position(|&p| p as usize == d) {
            Some(k) => {
                let t = tiles[k];
                if size % t != 0 {
                    return None;
                }
                outer_pos.push(split.len() as i64);
                split.push(size / t);
                tile_pos[k] = split.len() as i64;
                split.push(t);
            }
            None => {
                outer_pos.push(split.len() as i64);
                split.push(size);
            }
        }
    }
    let r = g.reshape(x, &split)?;
    outer_pos.extend(tile_pos);
    g.transpose(r, &outer_pos)
}

/// The rule set for `target`, in the order of the rules table.
pub fn rules(target: &Target) -> Vec<Rewrite<TNode, TensorAnalysis>> {
    let env = Arc::new(RuleEnv {
        target: target.clone(),
    });
    let is_unary = |op: &Op| matches!(op, Op::Unary(_));
    let table: Vec<RuleRow> = vec![
        ("im2col", is_conv, im2col),
        ("stencil-unroll-w", is_conv, stencil_unroll_w),
        ("stencil-unroll-h", is_conv, stencil_unroll_h),
        ("image-pack", is_conv, image_pack),
        ("pad-to-intrinsic-conv", is_conv, pad_conv),
        (
            "pad-to-intrinsic-matmul",
            |op| matches!(op, Op::Matmul { .. }),
            pad_matmul,
        ),
        ("blocked-layout", is_conv, blocked_layout),
        ("dilated-to-dense", is_conv, dilated_to_dense),
        ("batch-from-image", is_conv, batch_from_image),
        ("fuse-elementwise", is_unary, fuse_elementwise),
        (
            "elementwise-through-layout",
            is_unary,
            elementwise_through_layout,
        ),
        (
            "pack-unpack-cancel",
            |op| matches!(op, Op::Pack { .. } | Op::Unpack { .. }),
            pack_unpack_cancel,
        ),
        (
            "fuse-reshapes",
            |op| matches!(op, Op::Reshape(_)),
            fuse_reshapes,
        ),
        (
            "compose-transposes",
            |op| matches!(op, Op::Transpose(_)),
            compose_transposes,
        ),
        (
            "pack-as-split-reorder",
            |op| matches!(op, Op::Pack { .. }),
            pack_as_split_reorder,
        ),
    ];
    table
        .into_iter()
        .map(|(name, matches, build)| {
            let rule = LayoutRule {
                name,
                matches,
                build,
                env: env.clone(),
            };
            Rewrite::new(name, rule.clone(), rule).expect("rule names are unique")
        })
        .collect()
}

/// The names of all rules, in table order.
pub const RULE_NAMES: &[&str] = &[
    "im2col",
    "stencil-unroll-w",
    "stencil-unroll-h",
    "image-pack",
    "pad-to-intrinsic-conv",
    "pad-to-intrinsic-matmul",
    "blocked-layout",
    "dilated-to-dense",
    "batch-from-image",
    "fuse-elementwise",
    "elementwise-through-layout",
    "pack-unpack-cancel",
    "fuse-reshapes",
    "compose-transposes",
    "pack-as-split-reorder",
];

/// Applies the single rule `name` to every matching node of `expr` once
/// (no saturation) and returns the graph and the root: for tests that
/// check one rule at a time.
pub fn rules_named(target: &Target, names: &[&str]) -> Vec<Rewrite<TNode, TensorAnalysis>> {
    rules(target)
        .into_iter()
        .filter(|r| names.contains(&r.name.as_str()))
        .collect()
}
