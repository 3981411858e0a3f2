//! Tile trees.
//!
//! A tree is built from [`Tile`] nodes (a loop nest bound to a memory level,
//! whose children run under one inter-tile [`Scope`]) and [`Leaf`] nodes (one
//! operator: a list of tensor accesses). Problem dimensions are global names
//! shared by all operators, as in the paper's notation where `i`, `j`, `l`
//! index every operator they appear in. The value of dimension `d` seen by a
//! leaf is `Σ idx(λ)·step(λ)` over the loops `λ` on `d` on the path from the
//! root: each loop carries its own step, so tilings need not be perfect and
//! the semantics stays defined for any tree. An access maps dimension values
//! to a tensor index by an affine function `coeffs·x + offsets`, which covers
//! strides, dilations (sliding windows `x + r`, `2x + 3r`) and im2col.

/// Loop mapping (the paper's Sp / Tp primitives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    Spatial,
    Temporal,
}

/// Inter-tile binding primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Seq,
    Shar,
    Para,
    Pipe,
}

impl Scope {
    pub fn name(self) -> &'static str {
        match self {
            Scope::Seq => "seq",
            Scope::Shar => "shar",
            Scope::Para => "para",
            Scope::Pipe => "pipe",
        }
    }
    pub fn parse(s: &str) -> Option<Scope> {
        Some(match s {
            "seq" => Scope::Seq,
            "shar" => Scope::Shar,
            "para" => Scope::Para,
            "pipe" => Scope::Pipe,
            _ => return None,
        })
    }
    /// Whether children execute one after the other on the same PEs.
    pub fn is_sequential(self) -> bool {
        matches!(self, Scope::Seq | Scope::Shar)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    pub dim: usize,
    pub extent: u64,
    pub step: i64,
    pub kind: LoopKind,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub name: String,
    pub rank: usize,
}

/// `tensor[coeffs · x + offsets]`; `coeffs[r][d]` multiplies dimension `d`
/// in tensor dimension `r`.
#[derive(Clone, Debug, PartialEq)]
pub struct Access {
    pub tensor: usize,
    pub coeffs: Vec<Vec<i64>>,
    pub offsets: Vec<i64>,
    pub write: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Leaf {
    pub name: String,
    pub accesses: Vec<Access>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    /// Index into the architecture's levels (0 = innermost).
    pub level: usize,
    pub loops: Vec<Loop>,
    pub scope: Scope,
    pub children: Vec<Node>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Tile(Tile),
    Leaf(Leaf),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    pub dims: Vec<String>,
    pub tensors: Vec<Tensor>,
    pub root: Tile,
}

impl Tile {
    pub fn temporal(&self) -> impl Iterator<Item = &Loop> {
        self.loops.iter().filter(|l| l.kind == LoopKind::Temporal)
    }
    pub fn spatial(&self) -> impl Iterator<Item = &Loop> {
        self.loops.iter().filter(|l| l.kind == LoopKind::Spatial)
    }
}

impl Tree {
    /// Shape checks: access ranks, dimension and tensor indices, positive
    /// extents. Everything else (overflow) is reported by the analyses.
    pub fn check(&self) -> Result<(), String> {
        fn walk(t: &Tree, n: &Tile) -> Result<(), String> {
            for l in &n.loops {
                if l.dim >= t.dims.len() {
                    return Err(format!("loop on unknown dimension #{}", l.dim));
                }
                if l.extent == 0 {
                    return Err(format!("loop on '{}' has extent 0", t.dims[l.dim]));
                }
            }
            if n.children.is_empty() {
                return Err("tile without children".into());
            }
            for c in &n.children {
                match c {
                    Node::Tile(c) => walk(t, c)?,
                    Node::Leaf(leaf) => {
                        for a in &leaf.accesses {
                            let ten = t.tensors.get(a.tensor).ok_or_else(|| {
                                format!("op '{}' accesses unknown tensor #{}", leaf.name, a.tensor)
                            })?;
                            if ten.rank > crate::slice::MAX_RANK {
                                return Err(format!(
                                    "tensor '{}' has rank {} (at most {} supported)",
                                    ten.name,
                                    ten.rank,
                                    crate::slice::MAX_RANK
                                ));
                            }
                            if a.coeffs.len() != ten.rank
                                || a.offsets.len() != ten.rank
                                || a.coeffs.iter().any(|r| r.len() != t.dims.len())
                            {
                                return Err(format!(
                                    "op '{}': access of '{}' does not match its rank {} over {} dimensions",
                                    leaf.name,
                                    ten.name,
                                    ten.rank,
                                    t.dims.len()
                                ));
                            }
                        }
                    }
                }
            }
            Ok(())
        }
        walk(self, &self.root)
    }
}
