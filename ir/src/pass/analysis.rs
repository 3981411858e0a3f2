//! Analyses cached per op, and the preserved-analyses contract.
//!
//! A pass asks its [`super::PassContext`] for an analysis of the op it runs
//! on; the first request computes it, later requests (by this pass or the
//! next ones) reuse it. After a pass, every cached analysis of the op and
//! of the ops nested in it is dropped unless the pass declared it preserved
//! (`mark_preserved::<DominanceInfo>()`, or `mark_all_preserved()` when it
//! changed nothing) — MLIR's `markAnalysesPreserved`.

use crate::attributes::{AttrData, Attribute};
use crate::context::{Context, StrId};
use crate::dominance::DominanceInfo;
use crate::ir::{Ir, OpId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::any::{Any, TypeId};

/// Something computed from an op and cached until the IR changes.
pub trait Analysis: Any + Send {
    /// Shown in timing reports as `(A) NAME`.
    const NAME: &'static str;
    fn compute(ctx: &Context, ir: &Ir, op: OpId) -> Self
    where
        Self: Sized;
}

impl Analysis for DominanceInfo {
    const NAME: &'static str = "DominanceInfo";
    fn compute(_: &Context, _: &Ir, _: OpId) -> Self {
        // Per-region trees are computed lazily on the first query.
        DominanceInfo::new()
    }
}

/// For each symbol name, the ops under the analysed op that reference it
/// (through a `@name` or `@name::@nested` attribute anywhere in their
/// attributes or properties). MLIR's `SymbolTable::getSymbolUses`, indexed.
#[derive(Default, Debug)]
pub struct SymbolUses {
    pub uses: FxHashMap<StrId, SmallVec<[OpId; 2]>>,
}

impl SymbolUses {
    pub fn users(&self, name: StrId) -> &[OpId] {
        self.uses.get(&name).map_or(&[], |v| v.as_slice())
    }
    /// Calls `f` with the root name of every symbol reference inside `attr`.
    pub fn visit_symbol_refs(ctx: &Context, attr: Attribute, f: &mut impl FnMut(StrId)) {
        match ctx.attr_data(attr) {
            AttrData::SymbolRef { root, .. } => f(*root),
            AttrData::Array(elements) => {
                for &e in elements.iter() {
                    Self::visit_symbol_refs(ctx, e, f);
                }
            }
            AttrData::Dictionary(entries) => {
                for &(_, e) in entries.iter() {
                    Self::visit_symbol_refs(ctx, e, f);
                }
            }
            _ => {}
        }
    }
}

impl Analysis for SymbolUses {
    const NAME: &'static str = "SymbolUses";
    fn compute(ctx: &Context, ir: &Ir, op: OpId) -> Self {
        let mut uses: FxHashMap<StrId, SmallVec<[OpId; 2]>> = FxHashMap::default();
        ir.walk_preorder(op, &mut |o| {
            for dict in [ir.properties(o), ir.attributes(o)] {
                Self::visit_symbol_refs(ctx, dict, &mut |name| {
                    let list = uses.entry(name).or_default();
                    if list.last() != Some(&o) {
                        list.push(o);
                    }
                });
            }
        });
        SymbolUses { uses }
    }
}

/// Which analyses a pass kept valid.
#[derive(Clone, Debug, Default)]
pub struct PreservedAnalyses {
    all: bool,
    kept: SmallVec<[TypeId; 4]>,
}

impl PreservedAnalyses {
    pub fn all() -> Self {
        Self {
            all: true,
            kept: SmallVec::new(),
        }
    }
    pub fn none() -> Self {
        Self::default()
    }
    pub fn preserve<A: Analysis>(&mut self) {
        self.kept.push(TypeId::of::<A>());
    }
    pub fn preserve_all(&mut self) {
        self.all = true;
    }
    pub fn is_all(&self) -> bool {
        self.all
    }
    pub fn is_preserved(&self, id: TypeId) -> bool {
        self.all || self.kept.contains(&id)
    }
}

/// The cache of analyses of one `Ir`, keyed by op and analysis type.
#[derive(Default)]
pub struct AnalysisManager {
    cache: FxHashMap<(OpId, TypeId), Box<dyn Any + Send>>,
    /// Number of computations, for tests and statistics.
    pub computed: u64,
}

impl AnalysisManager {
    pub fn new() -> Self {
        Self::default()
    }

    /// The analysis `A` of `op`, computed on first use.
    pub fn get<A: Analysis>(&mut self, ctx: &Context, ir: &Ir, op: OpId) -> &mut A {
        let key = (op, TypeId::of::<A>());
        let computed = &mut self.computed;
        self.cache
            .entry(key)
            .or_insert_with(|| {
                *computed += 1;
                Box::new(A::compute(ctx, ir, op))
            })
            .downcast_mut::<A>()
            .expect("analysis cache holds the type it is keyed by")
    }

    /// The analysis `A` of `op` if it is cached.
    pub fn cached<A: Analysis>(&mut self, op: OpId) -> Option<&mut A> {
        self.cache
            .get_mut(&(op, TypeId::of::<A>()))
            .and_then(|b| b.downcast_mut::<A>())
    }

    pub fn is_cached<A: Analysis>(&self, op: OpId) -> bool {
        self.cache.contains_key(&(op, TypeId::of::<A>()))
    }

    /// Drops what a pass on `op` did not preserve, for `op` and every op
    /// nested in it (and for ops that no longer exist).
    pub fn invalidate(&mut self, ir: &Ir, op: OpId, preserved: &PreservedAnalyses) {
        if preserved.is_all() || self.cache.is_empty() {
            return;
        }
        self.cache.retain(|&(key_op, id), _| {
            let affected = !ir.is_alive(key_op) || ir.is_ancestor(op, key_op);
            !affected || preserved.is_preserved(id)
        });
    }

    pub fn clear(&mut self) {
        self.cache.clear();
    }
}
