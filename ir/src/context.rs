//! The context: what all IR of one compilation shares.
//!
//! It owns the uniqued types, attributes, identifiers and operation names,
//! and the registry of loaded dialects and their op definitions. IR bodies
//! (operations, blocks, values) live elsewhere, in [`crate::Ir`], so that the
//! context can be shared by reference across threads while each thread
//! mutates its own IR. Registration needs `&mut Context` and happens before
//! compilation starts; everything after that takes `&Context`.

use crate::attributes::{AttrData, Attribute, Location, LocationData};
use crate::dialect::Dialect;
use crate::entity::nonzero_from_index;
use crate::intern::Interner;
use crate::opdef::OpDefinition;
use crate::types::{FloatKind, Signedness, Type, TypeData};
use rustc_hash::FxHashMap;
use std::num::NonZeroU32;
use std::sync::Arc;

/// An interned identifier (attribute names, symbol names, dialect names).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrId(NonZeroU32);

impl std::fmt::Debug for StrId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Str#{}", self.0.get() - 1)
    }
}

/// An interned operation name such as `arith.addi`; registered or not.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpName(NonZeroU32);

impl OpName {
    fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

impl std::fmt::Debug for OpName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpName#{}", self.index())
    }
}

/// Handles of frequently used builtin values, created with the context.
pub(crate) struct BuiltinHandles {
    pub i1: Type,
    pub i8: Type,
    pub i32: Type,
    pub i64: Type,
    pub index: Type,
    pub f32: Type,
    pub f64: Type,
    pub none: Type,
    pub unit: Attribute,
    pub true_attr: Attribute,
    pub false_attr: Attribute,
    pub empty_dict: Attribute,
    pub unknown_loc: Location,
}

pub struct Context {
    strings: Interner<Box<str>>,
    types: Interner<TypeData>,
    attrs: Interner<AttrData>,
    op_names: Interner<Box<str>>,
    /// Indexed by [`OpName`]; `None` for names seen but not registered.
    op_definitions: Vec<Option<Arc<OpDefinition>>>,
    dialects: Vec<Arc<dyn Dialect>>,
    dialect_by_name: FxHashMap<Box<str>, usize>,
    /// Accept ops, types and attributes of dialects that are not loaded
    /// (`--allow-unregistered-dialect`).
    pub allow_unregistered_dialects: bool,
    pub(crate) builtin: BuiltinHandles,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with the builtin dialect loaded.
    pub fn new() -> Self {
        let strings = Interner::default();
        let types: Interner<TypeData> = Interner::default();
        let attrs: Interner<AttrData> = Interner::default();
        let ty = |data| Type(nonzero_from_index(types.intern(data)));
        let at = |data| Attribute(nonzero_from_index(attrs.intern(data)));
        let int = |width| TypeData::Integer {
            width,
            signedness: Signedness::Signless,
        };
        let builtin = BuiltinHandles {
            i1: ty(int(1)),
            i8: ty(int(8)),
            i32: ty(int(32)),
            i64: ty(int(64)),
            index: ty(TypeData::Index),
            f32: ty(TypeData::Float(FloatKind::F32)),
            f64: ty(TypeData::Float(FloatKind::F64)),
            none: ty(TypeData::None),
            unit: at(AttrData::Unit),
            true_attr: at(AttrData::Integer {
                ty: ty(int(1)),
                value: 1,
            }),
            false_attr: at(AttrData::Integer {
                ty: ty(int(1)),
                value: 0,
            }),
            empty_dict: at(AttrData::Dictionary(Box::new([]))),
            unknown_loc: Location(at(AttrData::Location(LocationData::Unknown))),
        };
        let mut ctx = Context {
            strings,
            types,
            attrs,
            op_names: Interner::default(),
            op_definitions: Vec::new(),
            dialects: Vec::new(),
            dialect_by_name: FxHashMap::default(),
            allow_unregistered_dialects: false,
            builtin,
        };
        ctx.load_dialect(Arc::new(crate::builtin::BuiltinDialect));
        ctx
    }

    // --- interning -----------------------------------------------------

    pub fn intern_str(&self, text: &str) -> StrId {
        StrId(nonzero_from_index(
            self.strings.intern_ref(text, |s: &str| Box::from(s)),
        ))
    }
    #[inline]
    pub fn str(&self, id: StrId) -> &str {
        self.strings.get((id.0.get() - 1) as usize)
    }
    pub fn intern_type(&self, data: TypeData) -> Type {
        Type(nonzero_from_index(self.types.intern(data)))
    }
    #[inline]
    pub fn type_data(&self, ty: Type) -> &TypeData {
        self.types.get(ty.index())
    }
    pub fn intern_attr(&self, data: AttrData) -> Attribute {
        Attribute(nonzero_from_index(self.attrs.intern(data)))
    }
    #[inline]
    pub fn attr_data(&self, attr: Attribute) -> &AttrData {
        self.attrs.get(attr.index())
    }
    /// How many distinct types and attributes exist (for statistics and tests).
    pub fn uniqued_counts(&self) -> (usize, usize) {
        (self.types.len(), self.attrs.len())
    }

    // --- locations -----------------------------------------------------

    pub fn unknown_loc(&self) -> Location {
        self.builtin.unknown_loc
    }
    pub fn file_loc(&self, file: &str, line: u32, col: u32) -> Location {
        self.location(LocationData::FileLineCol {
            file: self.intern_str(file),
            line,
            col,
            end: None,
        })
    }
    pub fn location(&self, data: LocationData) -> Location {
        Location(self.intern_attr(AttrData::Location(data)))
    }
    pub fn location_data(&self, loc: Location) -> &LocationData {
        match self.attr_data(loc.0) {
            AttrData::Location(data) => data,
            _ => &LocationData::Unknown,
        }
    }
    /// The first file:line:col inside `loc`, looking through names, call sites and fusions.
    pub fn file_line_col(&self, loc: Location) -> Option<(&str, u32, u32)> {
        match self.location_data(loc) {
            LocationData::FileLineCol {
                file, line, col, ..
            } => Some((self.str(*file), *line, *col)),
            LocationData::Name { child, .. } => child.and_then(|c| self.file_line_col(c)),
            LocationData::CallSite { caller, .. } => self.file_line_col(*caller),
            LocationData::Fused { locations, .. } => {
                locations.iter().find_map(|l| self.file_line_col(*l))
            }
            LocationData::Unknown => None,
        }
    }

    // --- operation names and dialects ------------------------------------

    pub fn op_name(&self, name: &str) -> OpName {
        OpName(nonzero_from_index(
            self.op_names.intern_ref(name, |s: &str| Box::from(s)),
        ))
    }
    #[inline]
    pub fn op_name_str(&self, name: OpName) -> &str {
        self.op_names.get(name.index())
    }
    /// The definition of a registered op.
    #[inline]
    pub fn op_definition(&self, name: OpName) -> Option<&Arc<OpDefinition>> {
        self.op_definitions
            .get(name.index())
            .and_then(|d| d.as_ref())
    }
    /// The dialect prefix of an op name (`arith` for `arith.addi`).
    pub fn op_dialect_prefix(&self, name: OpName) -> &str {
        let text = self.op_name_str(name);
        text.split_once('.').map_or(text, |(d, _)| d)
    }

    /// Loads a dialect and registers its operations; loading twice is a no-op.
    pub fn load_dialect(&mut self, dialect: Arc<dyn Dialect>) {
        if self.dialect_by_name.contains_key(dialect.name()) {
            return;
        }
        let index = self.dialects.len();
        self.dialect_by_name.insert(dialect.name().into(), index);
        self.dialects.push(dialect.clone());
        for definition in dialect.operations(self) {
            self.register_op(definition);
        }
    }

    /// Registers one op definition, replacing an earlier one of the same name.
    pub fn register_op(&mut self, definition: OpDefinition) {
        let name = self.op_name(&definition.name);
        if self.op_definitions.len() <= name.index() {
            self.op_definitions.resize(name.index() + 1, None);
        }
        self.op_definitions[name.index()] = Some(Arc::new(definition));
    }

    pub fn dialect(&self, name: &str) -> Option<&Arc<dyn Dialect>> {
        self.dialect_by_name.get(name).map(|&i| &self.dialects[i])
    }
    /// Loaded dialects in load order.
    pub fn dialects(&self) -> impl Iterator<Item = &Arc<dyn Dialect>> {
        self.dialects.iter()
    }
    /// Registered op definitions, in registration order of their names.
    pub fn registered_ops(&self) -> impl Iterator<Item = &Arc<OpDefinition>> {
        self.op_definitions.iter().flatten()
    }
}
