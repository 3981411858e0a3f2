//! IRDL constraint programs and their solver, with MLIR's semantics.
//!
//! Each constraint op of an `irdl.operation` (or type, attribute) becomes
//! one [`Constraint`] in a vector; operands refer to each other by index.
//! Verifying an op walks its operands, results, attributes and regions and
//! matches each against its constraint with a [`Solver`]: the first time a
//! constraint variable matches it binds to the value it matched, and every
//! later use must see that same value (so `irdl.results(%0, %0)` means "two
//! results of one type"). `any_of` tries its alternatives on copies of the
//! bindings and keeps the first that succeeds.

use strata_ir::asm::printer::{attr_to_string, type_to_string};
use strata_ir::{AttrData, Attribute, Context, Type, TypeData};

/// Which kind of thing a base or parametric constraint names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseKind {
    Type,
    Attribute,
}

#[derive(Clone, Debug)]
pub enum Constraint {
    Any,
    /// Exactly this attribute (types appear as type attributes).
    Is(Attribute),
    /// A builtin kind by name (`!builtin.integer`, `#builtin.string`).
    BaseName {
        kind: BaseKind,
        name: String,
    },
    /// A type or attribute defined by an IRDL dialect, any parameters.
    BaseDefinition {
        kind: BaseKind,
        dialect: String,
        name: String,
    },
    /// A type or attribute defined by an IRDL dialect, parameters constrained.
    Parametric {
        kind: BaseKind,
        dialect: String,
        name: String,
        params: Vec<usize>,
    },
    AnyOf(Vec<usize>),
    AllOf(Vec<usize>),
}

/// A region constraint (`irdl.region`).
#[derive(Clone, Debug, Default)]
pub struct RegionConstraint {
    /// Constraints on the entry block's arguments, when given.
    pub arguments: Option<Vec<usize>>,
    pub number_of_blocks: Option<u32>,
}

/// The name MLIR gives a builtin type kind (`builtin.integer`).
pub fn builtin_type_name(ctx: &Context, ty: Type) -> String {
    match ctx.type_data(ty) {
        TypeData::Integer { .. } => "builtin.integer".into(),
        TypeData::Index => "builtin.index".into(),
        TypeData::Float(kind) => format!("builtin.{}", kind.keyword()),
        TypeData::None => "builtin.none".into(),
        TypeData::Complex(_) => "builtin.complex".into(),
        TypeData::Tuple(_) => "builtin.tuple".into(),
        TypeData::Function { .. } => "builtin.function".into(),
        TypeData::Vector { .. } => "builtin.vector".into(),
        TypeData::RankedTensor { .. } => "builtin.tensor".into(),
        TypeData::UnrankedTensor { .. } => "builtin.unranked_tensor".into(),
        TypeData::MemRef { .. } => "builtin.memref".into(),
        TypeData::UnrankedMemRef { .. } => "builtin.unranked_memref".into(),
        TypeData::Opaque { dialect, .. } => format!("{}.opaque", ctx.str(*dialect)),
        TypeData::Dialect { dialect, name, .. } => {
            format!("{}.{}", ctx.str(*dialect), ctx.str(*name))
        }
    }
}

/// The name MLIR gives a builtin attribute kind (`builtin.integer`, `builtin.type`).
pub fn builtin_attr_name(ctx: &Context, attr: Attribute) -> String {
    match ctx.attr_data(attr) {
        AttrData::Unit => "builtin.unit".into(),
        AttrData::Integer { .. } => "builtin.integer".into(),
        AttrData::Float { .. } => "builtin.float".into(),
        AttrData::String { .. } => "builtin.string".into(),
        AttrData::Type(_) => "builtin.type".into(),
        AttrData::Array(_) => "builtin.array".into(),
        AttrData::Dictionary(_) => "builtin.dictionary".into(),
        AttrData::SymbolRef { .. } => "builtin.symbol_ref".into(),
        AttrData::AffineMap(_) => "builtin.affine_map".into(),
        AttrData::IntegerSet(_) => "builtin.integer_set".into(),
        AttrData::DenseElements { .. } => "builtin.dense_elements".into(),
        AttrData::DenseStringElements { .. } => "builtin.dense_string_elements".into(),
        AttrData::DenseArray { .. } => "builtin.dense_array".into(),
        AttrData::StridedLayout { .. } => "builtin.strided_layout".into(),
        AttrData::Opaque { dialect, .. } => format!("{}.opaque", ctx.str(*dialect)),
        AttrData::Dialect { dialect, name, .. } => {
            format!("{}.{}", ctx.str(*dialect), ctx.str(*name))
        }
        AttrData::Location(_) => "builtin.location".into(),
    }
}

/// How MLIR's IRDL prints an attribute in messages: types bare, attributes as themselves.
fn show(ctx: &Context, attr: Attribute) -> String {
    match ctx.attr_data(attr) {
        AttrData::Type(ty) => type_to_string(ctx, *ty),
        _ => attr_to_string(ctx, attr),
    }
}

/// Binds constraint variables to the values they matched.
#[derive(Clone)]
pub struct Solver<'c> {
    pub ctx: &'c Context,
    pub constraints: &'c [Constraint],
    bound: Vec<Option<Attribute>>,
}

impl<'c> Solver<'c> {
    pub fn new(ctx: &'c Context, constraints: &'c [Constraint]) -> Self {
        Self {
            ctx,
            constraints,
            bound: vec![None; constraints.len()],
        }
    }

    /// What constraint `index` is bound to so far.
    pub fn bound(&self, index: usize) -> Option<Attribute> {
        self.bound[index]
    }

    /// Matches `attr` against constraint `index`; the error is MLIR's message.
    pub fn verify(&mut self, attr: Attribute, index: usize) -> Result<(), String> {
        let ctx = self.ctx;
        if let Some(bound) = self.bound[index] {
            if bound == attr {
                return Ok(());
            }
            return Err(format!(
                "expected '{}' but got '{}'",
                show(ctx, bound),
                show(ctx, attr)
            ));
        }
        match &self.constraints[index] {
            Constraint::Any => {}
            Constraint::Is(expected) => {
                if *expected != attr {
                    return Err(format!(
                        "expected '{}' but got '{}'",
                        show(ctx, *expected),
                        show(ctx, attr)
                    ));
                }
            }
            Constraint::BaseName { kind, name } => {
                let actual = match (kind, ctx.attr_data(attr)) {
                    (BaseKind::Type, AttrData::Type(ty)) => builtin_type_name(ctx, *ty),
                    (BaseKind::Type, _) => {
                        return Err(format!(
                            "expected base type '{name}' but got an attribute '{}'",
                            show(ctx, attr)
                        ))
                    }
                    (BaseKind::Attribute, _) => builtin_attr_name(ctx, attr),
                };
                if actual != *name {
                    let what = if *kind == BaseKind::Type {
                        "type"
                    } else {
                        "attribute"
                    };
                    return Err(format!("expected base {what} '{name}' but got '{actual}'"));
                }
            }
            Constraint::BaseDefinition {
                kind,
                dialect,
                name,
            } => {
                let expected = format!("{dialect}.{name}");
                let actual = match (kind, ctx.attr_data(attr)) {
                    (BaseKind::Type, AttrData::Type(ty)) => builtin_type_name(ctx, *ty),
                    (BaseKind::Type, _) => builtin_attr_name(ctx, attr),
                    (BaseKind::Attribute, _) => builtin_attr_name(ctx, attr),
                };
                if actual != expected {
                    let what = if *kind == BaseKind::Type {
                        "type"
                    } else {
                        "attribute"
                    };
                    return Err(format!(
                        "expected base {what} '{expected}' but got '{actual}'"
                    ));
                }
            }
            Constraint::Parametric {
                kind,
                dialect,
                name,
                params,
            } => {
                let expected = format!("{dialect}.{name}");
                let parameters: Option<Vec<Attribute>> = match (kind, ctx.attr_data(attr)) {
                    (BaseKind::Type, AttrData::Type(ty)) => match ctx.type_data(*ty) {
                        TypeData::Dialect {
                            dialect: d,
                            name: n,
                            params,
                        } if ctx.str(*d) == dialect && ctx.str(*n) == name => Some(params.to_vec()),
                        _ => None,
                    },
                    (
                        BaseKind::Attribute,
                        AttrData::Dialect {
                            dialect: d,
                            name: n,
                            params,
                        },
                    ) if ctx.str(*d) == dialect && ctx.str(*n) == name => Some(params.to_vec()),
                    _ => None,
                };
                let Some(parameters) = parameters else {
                    let what = if *kind == BaseKind::Type {
                        "type"
                    } else {
                        "attribute"
                    };
                    return Err(format!(
                        "expected base {what} '{expected}' but got '{}'",
                        show(ctx, attr)
                    ));
                };
                if parameters.len() != params.len() {
                    return Err(format!(
                        "'{}' expects {} parameters but got {}",
                        expected,
                        params.len(),
                        parameters.len()
                    ));
                }
                let params = params.clone();
                for (value, constraint) in parameters.into_iter().zip(params) {
                    self.verify(value, constraint)?;
                }
            }
            Constraint::AnyOf(options) => {
                let options = options.clone();
                let mut matched = false;
                for option in options {
                    let mut attempt = self.clone();
                    if attempt.verify(attr, option).is_ok() {
                        self.bound = attempt.bound;
                        matched = true;
                        break;
                    }
                }
                if !matched {
                    return Err(format!(
                        "'{}' does not satisfy the constraint",
                        show(ctx, attr)
                    ));
                }
            }
            Constraint::AllOf(parts) => {
                let parts = parts.clone();
                for part in parts {
                    self.verify(attr, part)?;
                }
            }
        }
        self.bound[index] = Some(attr);
        Ok(())
    }
}
