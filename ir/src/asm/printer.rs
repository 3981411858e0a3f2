//! The printer of MLIR's textual format.
//!
//! Output follows `mlir-opt` byte for byte where Strata and MLIR share a
//! construct: SSA numbering (sibling regions reuse numbers; the generic form
//! numbers uniquely), `^bbN` labels with predecessor comments, attribute
//! type elision, float formatting (six digits when that round-trips, else
//! APFloat's shortest-precision form, else hex), `#map` aliases for affine
//! maps and integer sets, hex for dense literals above 100 elements.
//!
//! Printing is one pass: aliases are assigned as they are met and their
//! definitions are prepended to the body at the end.

use crate::asm::apfloat::{apfloat_digits, Decomposed};
use crate::attributes::{AttrData, Attribute, FloatBits, Location, LocationData};
use crate::context::Context;
use crate::entity::SecondaryMap;
use crate::ir::{BlockId, Ir, OpId, RegionId, Value, ValueDef};
use crate::opdef::OpTraits;
use crate::types::{FloatKind, Signedness, Type, TypeData, DYNAMIC};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt::Write;

/// Dense literals with more elements than this print as hex, as MLIR.
pub const DENSE_HEX_THRESHOLD: usize = 100;

/// Printing switches, named after mlir-opt's flags.
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debug_info: bool,
    /// `--mlir-print-local-scope`: no aliases, everything inline.
    pub local_scope: bool,
}

/// Whether an attribute's type may be left out (MLIR's `AttrTypeElision`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TypeElision {
    Never,
    May,
    Must,
}

/// A text sink that knows the context and the aliases in use.
pub struct AsmWriter<'c> {
    pub ctx: &'c Context,
    pub out: String,
    use_aliases: bool,
    aliases: FxHashMap<Attribute, String>,
    alias_order: Vec<Attribute>,
    map_count: usize,
    set_count: usize,
    /// `#loc` aliases of `--mlir-print-debuginfo` (see [`LocAliases`]).
    loc_aliases: Option<LocAliases>,
}

/// Location aliases as MLIR's `AliasInitializer` assigns them: every
/// location printed after an op (or on a block argument) gets one, numbered
/// by nesting depth (leaves first), then by first visit. Locations used only
/// after ops are "deferred": defined after the top-level op; those of block
/// arguments (printed inline, as MLIR does) are defined at the top.
#[derive(Default)]
struct LocAliases {
    index: FxHashMap<Location, usize>,
    /// (location, depth, deferred) in visit order.
    entries: Vec<(Location, u32, bool)>,
    /// Alias number of each entry, after sorting.
    numbers: Vec<u32>,
}

impl LocAliases {
    fn compute(ctx: &Context, ir: &Ir, root: OpId) -> Self {
        let mut aliases = LocAliases::default();
        aliases.visit_op(ctx, ir, root);
        let mut order: Vec<usize> = (0..aliases.entries.len()).collect();
        order.sort_by_key(|&i| (aliases.entries[i].1, i));
        aliases.numbers = vec![0; order.len()];
        for (n, i) in order.into_iter().enumerate() {
            aliases.numbers[i] = n as u32;
        }
        aliases
    }

    fn visit_op(&mut self, ctx: &Context, ir: &Ir, op: OpId) {
        self.visit(ctx, ir.op_loc(op), true);
        for &region in ir.regions(op) {
            for &block in ir.region_blocks(region) {
                for &arg in ir.block_args(block) {
                    if let Some(loc) = ir.value_loc(arg) {
                        self.visit(ctx, loc, false);
                    }
                }
                for inner in ir.block_ops(block) {
                    self.visit_op(ctx, ir, inner);
                }
            }
        }
    }

    /// Registers `loc` and the locations in it; returns its depth.
    fn visit(&mut self, ctx: &Context, loc: Location, deferred: bool) -> u32 {
        if let Some(&i) = self.index.get(&loc) {
            if !deferred && self.entries[i].2 {
                self.mark_non_deferred(ctx, loc);
            }
            return self.entries[i].1;
        }
        let i = self.entries.len();
        self.index.insert(loc, i);
        self.entries.push((loc, 0, deferred));
        let mut depth = 0;
        let mut child =
            |this: &mut Self, l: Location| depth = depth.max(this.visit(ctx, l, deferred) + 1);
        match ctx.location_data(loc) {
            LocationData::Name { child: Some(c), .. }
                if ctx.location_data(*c) != &LocationData::Unknown =>
            {
                child(self, *c)
            }
            LocationData::CallSite { callee, caller } => {
                child(self, *callee);
                child(self, *caller);
            }
            LocationData::Fused { locations, .. } => {
                for &l in locations.iter() {
                    child(self, l);
                }
            }
            _ => {}
        }
        self.entries[i].1 = depth;
        depth
    }

    fn mark_non_deferred(&mut self, ctx: &Context, loc: Location) {
        let Some(&i) = self.index.get(&loc) else {
            return;
        };
        if !self.entries[i].2 {
            return;
        }
        self.entries[i].2 = false;
        match ctx.location_data(loc) {
            LocationData::Name { child: Some(c), .. } => self.mark_non_deferred(ctx, *c),
            LocationData::CallSite { callee, caller } => {
                self.mark_non_deferred(ctx, *callee);
                self.mark_non_deferred(ctx, *caller);
            }
            LocationData::Fused { locations, .. } => {
                for &l in locations.iter() {
                    self.mark_non_deferred(ctx, l);
                }
            }
            _ => {}
        }
    }

    fn name(&self, loc: Location) -> Option<String> {
        let &i = self.index.get(&loc)?;
        Some(match self.numbers[i] {
            0 => "loc".to_string(),
            n => format!("loc{n}"),
        })
    }

    /// `#locN = loc(...)` lines for the deferred (or the other) aliases, in order.
    fn definitions(&self, ctx: &Context, deferred: bool) -> String {
        let mut order: Vec<usize> = (0..self.entries.len())
            .filter(|&i| self.entries[i].2 == deferred)
            .collect();
        order.sort_by_key(|&i| self.numbers[i]);
        let mut out = String::new();
        for i in order {
            let loc = self.entries[i].0;
            let mut w = AsmWriter::new(ctx, false);
            w.loc_aliases = Some(LocAliases {
                index: self.index.clone(),
                entries: Vec::new(),
                numbers: self.numbers.clone(),
            });
            w.print_location_instance(loc);
            let _ = writeln!(
                out,
                "#{} = loc({})",
                self.name(loc).unwrap_or_default(),
                w.out
            );
        }
        out
    }
}

#[allow(dead_code)]
fn _loc_aliases_are_send(_: &LocAliases) {}

impl<'c> AsmWriter<'c> {
    pub fn new(ctx: &'c Context, use_aliases: bool) -> Self {
        Self {
            ctx,
            out: String::new(),
            use_aliases,
            aliases: FxHashMap::default(),
            alias_order: Vec::new(),
            map_count: 0,
            set_count: 0,
            loc_aliases: None,
        }
    }

    #[inline]
    pub fn write(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// The alias definitions (`#map = affine_map<...>`) collected so far:
    /// grouped by base name (`#map...` before `#set...`), each group in
    /// the order met, as MLIR's `AliasInitializer` sorts them.
    pub fn alias_definitions(&self) -> String {
        let mut text = String::new();
        let mut order = self.alias_order.clone();
        order.sort_by_key(|attr| {
            self.aliases[attr]
                .trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        });
        for attr in &order {
            let mut inner = AsmWriter::new(self.ctx, false);
            inner.print_attribute(*attr, TypeElision::Never);
            let _ = writeln!(text, "#{} = {}", self.aliases[attr], inner.out);
        }
        text
    }

    /// Takes over the aliases `other` assigned, keeping their numbering.
    fn adopt_aliases(&mut self, other: AsmWriter) {
        self.aliases = other.aliases;
        self.alias_order = other.alias_order;
        self.map_count = other.map_count;
        self.set_count = other.set_count;
    }

    fn alias_for(&mut self, attr: Attribute, prefix: &str) -> &str {
        if !self.aliases.contains_key(&attr) {
            let count = if prefix == "map" {
                &mut self.map_count
            } else {
                &mut self.set_count
            };
            let name = if *count == 0 {
                prefix.to_string()
            } else {
                format!("{prefix}{count}")
            };
            *count += 1;
            self.aliases.insert(attr, name);
            self.alias_order.push(attr);
        }
        &self.aliases[&attr]
    }

    // ====================================================================
    // Types
    // ====================================================================

    pub fn print_type(&mut self, ty: Type) {
        let ctx = self.ctx;
        match ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                let prefix = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                let _ = write!(self.out, "{prefix}{width}");
            }
            TypeData::Index => self.write("index"),
            TypeData::Float(kind) => self.write(kind.keyword()),
            TypeData::None => self.write("none"),
            TypeData::Complex(element) => {
                self.write("complex<");
                self.print_type(*element);
                self.write(">");
            }
            TypeData::Tuple(elements) => {
                self.write("tuple<");
                self.print_type_list(elements);
                self.write(">");
            }
            TypeData::Function { inputs, results } => {
                self.write("(");
                self.print_type_list(inputs);
                self.write(") -> ");
                self.print_result_types(results);
            }
            TypeData::Vector {
                shape,
                scalable,
                element,
            } => {
                self.write("vector<");
                for (dim, is_scalable) in shape.iter().zip(scalable.iter()) {
                    if *is_scalable {
                        let _ = write!(self.out, "[{dim}]x");
                    } else {
                        let _ = write!(self.out, "{dim}x");
                    }
                }
                self.print_type(*element);
                self.write(">");
            }
            TypeData::RankedTensor {
                shape,
                element,
                encoding,
            } => {
                self.write("tensor<");
                self.print_shape(shape);
                self.print_type(*element);
                if let Some(encoding) = encoding {
                    self.write(", ");
                    self.print_attribute(*encoding, TypeElision::Never);
                }
                self.write(">");
            }
            TypeData::UnrankedTensor { element } => {
                self.write("tensor<*x");
                self.print_type(*element);
                self.write(">");
            }
            TypeData::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                self.write("memref<");
                self.print_shape(shape);
                self.print_type(*element);
                if let Some(layout) = layout {
                    self.write(", ");
                    self.print_attribute(*layout, TypeElision::Never);
                }
                if let Some(space) = memory_space {
                    self.write(", ");
                    self.print_attribute(*space, TypeElision::May);
                }
                self.write(">");
            }
            TypeData::UnrankedMemRef {
                element,
                memory_space,
            } => {
                self.write("memref<*x");
                self.print_type(*element);
                if let Some(space) = memory_space {
                    self.write(", ");
                    self.print_attribute(*space, TypeElision::May);
                }
                self.write(">");
            }
            TypeData::Opaque { dialect, data } => {
                let dialect = ctx.str(*dialect);
                print_dialect_symbol(&mut self.out, "!", dialect, data);
            }
            TypeData::Dialect { dialect, .. } => {
                let name = ctx.str(*dialect);
                let hooks = ctx.dialect(name).cloned();
                let _ = write!(self.out, "!{name}.");
                let printed = hooks.is_some_and(|d| d.print_type(ctx, ty, self));
                if !printed {
                    self.write("<unprintable>");
                }
            }
        }
    }

    fn print_shape(&mut self, shape: &[i64]) {
        for &dim in shape {
            if dim == DYNAMIC {
                self.write("?x");
            } else {
                let _ = write!(self.out, "{dim}x");
            }
        }
    }

    pub fn print_type_list(&mut self, types: &[Type]) {
        for (i, &ty) in types.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_type(ty);
        }
    }

    /// Result types of a function type: `i32`, `(i32, i32)`, `()`, `((i32) -> i32)`.
    pub fn print_result_types(&mut self, results: &[Type]) {
        let wrap = results.len() != 1
            || matches!(self.ctx.type_data(results[0]), TypeData::Function { .. });
        if wrap {
            self.write("(");
        }
        self.print_type_list(results);
        if wrap {
            self.write(")");
        }
    }

    // ====================================================================
    // Attributes
    // ====================================================================

    pub fn print_attribute(&mut self, attr: Attribute, elision: TypeElision) {
        let ctx = self.ctx;
        match ctx.attr_data(attr) {
            AttrData::Unit => self.write("unit"),
            AttrData::Integer { ty, value } => {
                let is_bool = matches!(
                    ctx.type_data(*ty),
                    TypeData::Integer {
                        width: 1,
                        signedness: Signedness::Signless
                    }
                );
                if is_bool {
                    self.write(if *value != 0 { "true" } else { "false" });
                    return;
                }
                let _ = write!(self.out, "{value}");
                if elision == TypeElision::Must
                    || (elision == TypeElision::May && *ty == ctx.signless(64))
                {
                    return;
                }
                self.write(" : ");
                self.print_type(*ty);
            }
            AttrData::Float { ty, bits } => {
                let kind = ctx.float_kind(*ty).unwrap_or(FloatKind::F64);
                let hex = print_float_value(&mut self.out, kind, *bits);
                if elision == TypeElision::Must
                    || (elision == TypeElision::May && kind == FloatKind::F64 && !hex)
                {
                    return;
                }
                self.write(" : ");
                self.print_type(*ty);
            }
            AttrData::String { value, ty } => {
                print_escaped_string(&mut self.out, value.as_bytes());
                if let Some(ty) = ty.filter(|&t| !matches!(ctx.type_data(t), TypeData::None)) {
                    if elision != TypeElision::Must {
                        self.write(" : ");
                        self.print_type(ty);
                    }
                }
            }
            AttrData::Type(ty) => self.print_type(*ty),
            AttrData::Array(elements) => {
                self.write("[");
                for (i, &element) in elements.iter().enumerate() {
                    if i > 0 {
                        self.write(", ");
                    }
                    self.print_attribute(element, TypeElision::May);
                }
                self.write("]");
            }
            AttrData::Dictionary(entries) => {
                self.write("{");
                self.print_named_attributes(entries.iter().copied());
                self.write("}");
            }
            AttrData::SymbolRef { root, nested } => {
                print_symbol_name(&mut self.out, ctx.str(*root));
                for n in nested.iter() {
                    self.write("::");
                    print_symbol_name(&mut self.out, ctx.str(*n));
                }
            }
            AttrData::AffineMap(map) => {
                if self.use_aliases {
                    let alias = self.alias_for(attr, "map").to_string();
                    let _ = write!(self.out, "#{alias}");
                } else {
                    let _ = write!(self.out, "affine_map<{map}>");
                }
            }
            AttrData::IntegerSet(set) => {
                if self.use_aliases {
                    let alias = self.alias_for(attr, "set").to_string();
                    let _ = write!(self.out, "#{alias}");
                } else {
                    let _ = write!(self.out, "affine_set<{set}>");
                }
            }
            AttrData::DenseElements { ty, splat, raw } => {
                self.print_dense_elements(*ty, *splat, raw);
                if elision != TypeElision::Must {
                    self.write(" : ");
                    self.print_type(*ty);
                }
            }
            AttrData::DenseStringElements { ty, values } => {
                self.write("dense<");
                if values.len() == 1 {
                    print_escaped_string(&mut self.out, &values[0]);
                } else {
                    let shape = ctx.shape(*ty).unwrap_or(&[]).to_vec();
                    let mut index = 0;
                    self.print_nested(&shape, &mut |w: &mut Self| {
                        print_escaped_string(&mut w.out, &values[index]);
                        index += 1;
                    });
                }
                self.write(">");
                if elision != TypeElision::Must {
                    self.write(" : ");
                    self.print_type(*ty);
                }
            }
            AttrData::DenseArray { element, len, raw } => {
                self.write("array<");
                self.print_type(*element);
                if *len > 0 {
                    self.write(": ");
                    let width = ctx.integer_width(*element);
                    let bytes = raw.len() / len;
                    for i in 0..*len {
                        if i > 0 {
                            self.write(", ");
                        }
                        let chunk = &raw[i * bytes..(i + 1) * bytes];
                        match (ctx.float_kind(*element), width) {
                            (Some(kind), _) => {
                                print_float_value(
                                    &mut self.out,
                                    kind,
                                    FloatBits(read_le_unsigned(chunk)),
                                );
                            }
                            (None, Some(1)) => {
                                self.write(if chunk[0] != 0 { "true" } else { "false" })
                            }
                            (None, Some(w)) => {
                                let _ = write!(
                                    self.out,
                                    "{}",
                                    crate::attributes::read_le_signed(chunk, w)
                                );
                            }
                            (None, None) => {}
                        }
                    }
                }
                self.write(">");
            }
            AttrData::StridedLayout { offset, strides } => {
                self.write("strided<[");
                for (i, &s) in strides.iter().enumerate() {
                    if i > 0 {
                        self.write(", ");
                    }
                    write_dynamic(&mut self.out, s);
                }
                self.write("]");
                if *offset != 0 {
                    self.write(", offset: ");
                    write_dynamic(&mut self.out, *offset);
                }
                self.write(">");
            }
            AttrData::Opaque { dialect, data, ty } => {
                print_dialect_symbol(&mut self.out, "#", ctx.str(*dialect), data);
                if let Some(ty) = ty {
                    if elision != TypeElision::Must {
                        self.write(" : ");
                        self.print_type(*ty);
                    }
                }
            }
            AttrData::Dialect { dialect, .. } => {
                let name = ctx.str(*dialect);
                let hooks = ctx.dialect(name).cloned();
                let _ = write!(self.out, "#{name}.");
                let printed = hooks.is_some_and(|d| d.print_attribute(ctx, attr, self));
                if !printed {
                    self.write("<unprintable>");
                }
            }
            AttrData::Location(_) => {
                self.write("loc(");
                self.print_location_instance(Location(attr));
                self.write(")");
            }
        }
    }

    /// `a = 1 : i32, b` (unit attributes print as their name alone).
    pub fn print_named_attributes(
        &mut self,
        entries: impl Iterator<Item = (crate::StrId, Attribute)>,
    ) {
        let ctx = self.ctx;
        for (i, (name, value)) in entries.enumerate() {
            if i > 0 {
                self.write(", ");
            }
            print_attribute_name(&mut self.out, ctx.str(name));
            if matches!(ctx.attr_data(value), AttrData::Unit) {
                continue;
            }
            self.write(" = ");
            self.print_attribute(value, TypeElision::Never);
        }
    }

    fn print_dense_elements(&mut self, ty: Type, splat: bool, raw: &[u8]) {
        let ctx = self.ctx;
        let element = ctx
            .element_type(ty)
            .expect("dense elements of a shaped type");
        let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
        let bytes = crate::asm::parse_attr::element_storage_bytes(ctx, element)
            .unwrap_or(1)
            .max(1);
        self.write("dense<");
        // A splat stays a splat even of zero elements, as in MLIR.
        if splat && raw.len() >= bytes {
            self.print_dense_element(element, &raw[..bytes]);
            self.write(">");
            return;
        }
        // Not a splat: every element is stored, so the count is the data's.
        let count = raw.len() / bytes;
        if count == 0 {
            self.write(">");
            return;
        }
        // Data that does not fill the shape (an attribute built wrongly)
        // still prints, as hex, rather than reading past its end.
        let fills_shape = crate::types::element_count(&shape) == Some(count as i64);
        if count > DENSE_HEX_THRESHOLD || !fills_shape {
            self.write("\"0x");
            for b in raw {
                let _ = write!(self.out, "{b:02X}");
            }
            self.write("\">");
            return;
        }
        let mut index = 0;
        self.print_nested(&shape, &mut |w: &mut Self| {
            w.print_dense_element(element, &raw[index * bytes..(index + 1) * bytes]);
            index += 1;
        });
        self.write(">");
    }

    /// Prints `[[a, b], [c, d]]` for `shape`, calling `leaf` for each element.
    fn print_nested(&mut self, shape: &[i64], leaf: &mut dyn FnMut(&mut Self)) {
        if shape.is_empty() {
            leaf(self);
            return;
        }
        self.write("[");
        for i in 0..shape[0] {
            if i > 0 {
                self.write(", ");
            }
            self.print_nested(&shape[1..], leaf);
        }
        self.write("]");
    }

    fn print_dense_element(&mut self, element: Type, chunk: &[u8]) {
        let ctx = self.ctx;
        match ctx.type_data(element) {
            TypeData::Integer { width: 1, .. } => {
                self.write(if chunk[0] != 0 { "true" } else { "false" })
            }
            TypeData::Integer { width, signedness } => {
                if *signedness == Signedness::Unsigned {
                    let _ = write!(self.out, "{}", read_le_unsigned(chunk));
                } else if *width > 64 {
                    let value = read_le_unsigned(chunk);
                    let shift = 128 - width.min(&128);
                    let _ = write!(self.out, "{}", ((value << shift) as i128) >> shift);
                } else {
                    let _ = write!(
                        self.out,
                        "{}",
                        crate::attributes::read_le_signed(chunk, *width)
                    );
                }
            }
            TypeData::Index => {
                let _ = write!(self.out, "{}", crate::attributes::read_le_signed(chunk, 64));
            }
            TypeData::Float(kind) => {
                print_float_value(&mut self.out, *kind, FloatBits(read_le_unsigned(chunk)));
            }
            TypeData::Complex(inner) => {
                let half = chunk.len() / 2;
                self.write("(");
                self.print_dense_element(*inner, &chunk[..half]);
                self.write(",");
                self.print_dense_element(*inner, &chunk[half..]);
                self.write(")");
            }
            _ => self.write("?"),
        }
    }

    /// Prints a nested location: `#locN` when it has an alias, else inline.
    fn print_nested_location(&mut self, loc: Location) {
        if let Some(name) = self.loc_aliases.as_ref().and_then(|a| a.name(loc)) {
            self.out.push('#');
            self.out.push_str(&name);
        } else {
            self.print_location_instance(loc);
        }
    }

    pub fn print_location_instance(&mut self, loc: Location) {
        let ctx = self.ctx;
        match ctx.location_data(loc) {
            LocationData::Unknown => self.write("unknown"),
            LocationData::FileLineCol {
                file,
                line,
                col,
                end,
            } => {
                print_escaped_string(&mut self.out, ctx.str(*file).as_bytes());
                let _ = write!(self.out, ":{line}:{col}");
                if let Some((end_line, end_col)) = end {
                    if end_line == line {
                        let _ = write!(self.out, " to :{end_col}");
                    } else {
                        let _ = write!(self.out, " to {end_line}:{end_col}");
                    }
                }
            }
            LocationData::Name { name, child } => {
                print_escaped_string(&mut self.out, ctx.str(*name).as_bytes());
                if let Some(child) = child {
                    if ctx.location_data(*child) != &LocationData::Unknown {
                        self.write("(");
                        self.print_nested_location(*child);
                        self.write(")");
                    }
                }
            }
            LocationData::CallSite { callee, caller } => {
                self.write("callsite(");
                self.print_nested_location(*callee);
                self.write(" at ");
                self.print_nested_location(*caller);
                self.write(")");
            }
            LocationData::Fused {
                locations,
                metadata,
            } => {
                self.write("fused");
                if let Some(metadata) = metadata {
                    self.write("<");
                    self.print_attribute(*metadata, TypeElision::Never);
                    self.write(">");
                }
                self.write("[");
                for (i, l) in locations.iter().enumerate() {
                    if i > 0 {
                        self.write(", ");
                    }
                    self.print_nested_location(*l);
                }
                self.write("]");
            }
        }
    }
}

fn write_dynamic(out: &mut String, value: i64) {
    if value == DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{value}");
    }
}

fn read_le_unsigned(chunk: &[u8]) -> u128 {
    let mut value = 0u128;
    for (i, b) in chunk.iter().enumerate().take(16) {
        value |= (*b as u128) << (8 * i);
    }
    value
}

/// Prints `#dialect.body` when the body is simple enough, else
/// `#dialect<body>` with the body as written (MLIR's `printDialectSymbol`).
fn print_dialect_symbol(out: &mut String, prefix: &str, dialect: &str, data: &str) {
    out.push_str(prefix);
    out.push_str(dialect);
    if is_pretty_dialect_body(data) {
        out.push('.');
        out.push_str(data);
        return;
    }
    out.push('<');
    out.push_str(data);
    out.push('>');
}

/// MLIR's `isDialectSymbolSimpleEnoughForPrettyForm`: an identifier,
/// optionally followed by a balanced `<...>` body that ends the text.
fn is_pretty_dialect_body(data: &str) -> bool {
    let bytes = data.as_bytes();
    if bytes.is_empty() || !(bytes[0].is_ascii_alphabetic() || bytes[0] == b'_') {
        return false;
    }
    let ident_end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')))
        .unwrap_or(bytes.len());
    if ident_end == bytes.len() {
        return true;
    }
    // The rest must be one `<...>` group that ends the text, as the parser
    // scans it: after `a<b>, <c>` it would stop at `a<b>`.
    let rest = &data[ident_end..];
    rest.starts_with('<')
        && super::lexer::Lexer::new(rest)
            .scan_angle_body(false)
            .is_ok_and(|(_, end)| end + 1 == rest.len())
}

/// Prints a string literal with MLIR's escaping (`\22`, `\0A`, `\\`).
pub fn print_escaped_string(out: &mut String, bytes: &[u8]) {
    out.push('"');
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
}

/// Whether `name` can be printed as a bare identifier.
fn is_bare_identifier(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && (bytes[0].is_ascii_alphabetic() || bytes[0] == b'_')
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.')
}

fn print_attribute_name(out: &mut String, name: &str) {
    if is_bare_identifier(name) {
        out.push_str(name);
    } else {
        print_escaped_string(out, name.as_bytes());
    }
}

/// Prints `@name`, quoting it when it is not a bare identifier.
pub fn print_symbol_name(out: &mut String, name: &str) {
    out.push('@');
    if is_bare_identifier(name) {
        out.push_str(name);
    } else {
        print_escaped_string(out, name.as_bytes());
    }
}

/// Prints a float the way MLIR does; returns whether it printed hex.
pub fn print_float_value(out: &mut String, kind: FloatKind, bits: FloatBits) -> bool {
    if let Some(decomposed) = decompose(kind, bits) {
        // Six digits in exponent form, when that reads back to the same value.
        let short = format_scientific(&decomposed, 6);
        if round_trips(kind, &short, bits) {
            out.push_str(&short);
            return false;
        }
        // APFloat's default: enough digits for the format's precision.
        let precision = 2 + decomposed.precision * 59 / 196;
        let long = format_apfloat_default(&decomposed, precision);
        if long.contains('.') {
            out.push_str(&long);
            return false;
        }
    }
    let digits = kind.width().div_ceil(4) as usize;
    let _ = write!(out, "0x{:0digits$X}", bits.0);
    true
}

/// Splits finite floats into sign, integer significand and binary
/// exponent; `None` for NaN and infinity (printed in hex).
fn decompose(kind: FloatKind, bits: FloatBits) -> Option<Decomposed> {
    crate::asm::apfloat::decompose(kind, bits)
}

fn round_trips(kind: FloatKind, text: &str, bits: FloatBits) -> bool {
    if crate::asm::apfloat::wider_than_f64(kind) {
        // Six digits are far fewer than the format holds: only an exact
        // decimal reads back to the same value.
        return decompose(kind, bits).is_some_and(|d| crate::asm::apfloat::is_short_decimal(&d, 7));
    }
    let Ok(parsed) = text.parse::<f64>() else {
        return false;
    };
    let reparsed = match kind {
        // Read decimal text straight into the format (correctly rounded), as APFloat does.
        FloatKind::F32 => text
            .parse::<f32>()
            .ok()
            .map(|f| FloatBits(f.to_bits() as u128)),
        _ => crate::asm::parse_attr::float_bits_from_f64(kind, parsed),
    };
    reparsed == Some(bits)
}

/// `APFloat::toString(str, precision, 0, false)`: scientific, `precision` decimals.
fn format_scientific(value: &Decomposed, precision: u32) -> String {
    let mut s = String::new();
    if value.negative {
        s.push('-');
    }
    if value.significand == 0 {
        s.push_str("0.0");
        (1..precision).for_each(|_| s.push('0'));
        s.push_str("e+00");
        return s;
    }
    let (digits, last_power) = apfloat_digits(value, precision);
    let exponent = last_power + digits.len() as i32 - 1;
    s.push((b'0' + digits[0]) as char);
    s.push('.');
    for d in &digits[1..] {
        s.push((b'0' + d) as char);
    }
    let ndigits = digits.len() as u32;
    if precision + 1 > ndigits {
        (0..precision + 1 - ndigits).for_each(|_| s.push('0'));
    }
    let _ = write!(
        s,
        "e{}{:02}",
        if exponent >= 0 { '+' } else { '-' },
        exponent.abs()
    );
    s
}

/// `APFloat::toString(str)` with its defaults (precision from the format,
/// max padding 3, trailing zeros truncated).
fn format_apfloat_default(value: &Decomposed, precision: u32) -> String {
    let mut s = String::new();
    if value.negative {
        s.push('-');
    }
    if value.significand == 0 {
        s.push('0');
        return s;
    }
    let (digits, exp) = apfloat_digits(value, precision);
    let ndigits = digits.len() as i32;
    const MAX_PADDING: i32 = 3;
    let scientific = if exp >= 0 {
        exp > MAX_PADDING || ndigits + exp > precision as i32
    } else {
        let msd = exp + ndigits - 1;
        msd < 0 && -msd > MAX_PADDING
    };
    let digit = |d: u8| (b'0' + d) as char;
    if scientific {
        let exponent = exp + ndigits - 1;
        s.push(digit(digits[0]));
        s.push('.');
        if ndigits == 1 {
            s.push('0');
        } else {
            digits[1..].iter().for_each(|&d| s.push(digit(d)));
        }
        let _ = write!(
            s,
            "E{}{}",
            if exponent >= 0 { '+' } else { '-' },
            exponent.abs()
        );
        return s;
    }
    if exp >= 0 {
        digits.iter().for_each(|&d| s.push(digit(d)));
        (0..exp).for_each(|_| s.push('0'));
        return s;
    }
    let whole = exp + ndigits;
    if whole > 0 {
        digits[..whole as usize]
            .iter()
            .for_each(|&d| s.push(digit(d)));
        s.push('.');
        digits[whole as usize..]
            .iter()
            .for_each(|&d| s.push(digit(d)));
    } else {
        s.push_str("0.");
        (0..-whole).for_each(|_| s.push('0'));
        digits.iter().for_each(|&d| s.push(digit(d)));
    }
    s
}

/// A type as text, without aliases (for diagnostics).
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let mut w = AsmWriter::new(ctx, false);
    w.print_type(ty);
    w.out
}

/// An attribute as text, without aliases (for diagnostics).
pub fn attr_to_string(ctx: &Context, attr: Attribute) -> String {
    let mut w = AsmWriter::new(ctx, false);
    w.print_attribute(attr, TypeElision::Never);
    w.out
}

/// A location as `loc(...)`-free text (for diagnostics without file:line:col).
pub fn location_to_string(ctx: &Context, loc: Location) -> String {
    let mut w = AsmWriter::new(ctx, false);
    w.print_location_instance(loc);
    w.out
}

// ========================================================================
// Operations
// ========================================================================

/// How a value is printed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
enum ValueName {
    #[default]
    Unnamed,
    Number(u32),
    Arg(u32),
    /// Index into the printer's hint-name table.
    Hint(u32),
}

/// SSA and block names for everything under the printed op (MLIR's SSANameState).
struct NameState {
    values: SecondaryMap<Value, ValueName>,
    /// For each op result beyond the first: its group leader and index.
    result_of_group: SecondaryMap<Value, Option<(Value, u32)>>,
    blocks: SecondaryMap<BlockId, u32>,
    hint_names: Vec<String>,
    /// Result-name hints (`%c0`) apply to the custom form only, as in MLIR.
    use_hints: bool,
    /// Ops whose results print as several groups (`%sum, %overflow = ...`):
    /// the first result of each group.
    op_groups: FxHashMap<OpId, Vec<u32>>,
}

/// Scoped sets of used names, one scope per region (MLIR's `ScopedHashTable`).
#[derive(Default)]
struct NameScopes {
    scopes: Vec<(Option<usize>, FxHashMap<String, ()>)>,
}

impl NameScopes {
    fn open(&mut self, parent: Option<usize>) -> usize {
        self.scopes.push((parent, FxHashMap::default()));
        self.scopes.len() - 1
    }
    fn is_used(&self, mut scope: usize, name: &str) -> bool {
        loop {
            let (parent, names) = &self.scopes[scope];
            if names.contains_key(name) {
                return true;
            }
            match parent {
                Some(p) => scope = *p,
                None => return false,
            }
        }
    }
    fn insert(&mut self, scope: usize, name: String) {
        self.scopes[scope].1.insert(name, ());
    }
}

impl NameState {
    fn compute(ctx: &Context, ir: &Ir, root: OpId, unique: bool) -> Self {
        let mut state = NameState {
            values: SecondaryMap::default(),
            result_of_group: SecondaryMap::with_default(None),
            blocks: SecondaryMap::with_default(u32::MAX),
            hint_names: Vec::new(),
            use_hints: !unique,
            op_groups: FxHashMap::default(),
        };
        // Names used per region scope, for hint de-duplication (MLIR's
        // scoped `usedNames`): a region sees the names of its ancestors'
        // regions, not those of its siblings.
        let mut scopes = NameScopes::default();
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
        let mut next_conflict = 0u32;
        let top = scopes.open(None);
        let mut stack: Vec<(RegionId, u32, u32, u32, usize)> = Vec::new();
        // Regions are pushed in order and popped last-first, as MLIR's
        // SSANameState does: in the generic (unique) form, the last sibling
        // region is numbered first.
        for &region in ir.regions(root) {
            stack.push((region, next_value, next_arg, next_conflict, top));
        }
        state.number_op_results(
            ctx,
            ir,
            root,
            &mut next_value,
            &mut scopes,
            top,
            &mut next_conflict,
        );
        while let Some((region, value_start, arg_start, conflict_start, parent)) = stack.pop() {
            if !unique {
                next_value = value_start;
                next_arg = arg_start;
                next_conflict = conflict_start;
            }
            let scope = scopes.open(Some(parent));
            state.name_block_args(ctx, ir, region, &mut scopes, scope, &mut next_conflict);
            for (block_index, &block) in ir.region_blocks(region).iter().enumerate() {
                state.blocks.set(block, block_index as u32);
                let is_entry = block_index == 0;
                for &arg in ir.block_args(block) {
                    if !matches!(state.values.get(arg), ValueName::Unnamed) {
                        continue;
                    }
                    if is_entry {
                        state.values.set(arg, ValueName::Arg(next_arg));
                        next_arg += 1;
                    } else {
                        state.values.set(arg, ValueName::Number(next_value));
                        next_value += 1;
                    }
                }
                for op in ir.block_ops(block) {
                    state.number_op_results(
                        ctx,
                        ir,
                        op,
                        &mut next_value,
                        &mut scopes,
                        scope,
                        &mut next_conflict,
                    );
                }
            }
            let mut nested = Vec::new();
            for &block in ir.region_blocks(region) {
                for op in ir.block_ops(block) {
                    for &inner in ir.regions(op) {
                        nested.push(inner);
                    }
                }
            }
            // Pushed in op order, popped last-first, as MLIR.
            for inner in nested {
                stack.push((inner, next_value, next_arg, next_conflict, scope));
            }
        }
        state
    }

    /// Names the block arguments of `region` its owner suggests (MLIR's
    /// `getAsmBlockArgumentNames`), made unique as result names are.
    fn name_block_args(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        region: RegionId,
        scopes: &mut NameScopes,
        scope: usize,
        next_conflict: &mut u32,
    ) {
        let Some(hook) = ir
            .region_op(region)
            .filter(|_| self.use_hints)
            .and_then(|op| {
                Some((
                    op,
                    ctx.op_definition(ir.op_name(op))?.hooks.block_arg_names?,
                ))
            })
        else {
            return;
        };
        let mut hints: Vec<(Value, String)> = Vec::new();
        (hook.1)(ctx, ir, hook.0, region, &mut |value, name| {
            if !hints.iter().any(|(v, _)| *v == value) {
                hints.push((value, name.to_string()));
            }
        });
        for (value, mut name) in hints {
            if scopes.is_used(scope, &name) {
                let base = name.clone();
                loop {
                    name = format!("{base}_{next_conflict}");
                    *next_conflict += 1;
                    if !scopes.is_used(scope, &name) {
                        break;
                    }
                }
            }
            scopes.insert(scope, name.clone());
            self.values
                .set(value, ValueName::Hint(self.hint_names.len() as u32));
            self.hint_names.push(name);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn number_op_results(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        next_value: &mut u32,
        scopes: &mut NameScopes,
        scope: usize,
        next_conflict: &mut u32,
    ) {
        let count = ir.num_results(op);
        if count == 0 {
            return;
        }
        // Result groups start at 0 and at every result the op names (MLIR's
        // `getAsmResultNames` with `resultGroups`).
        let mut groups: SmallVec<[u32; 2]> = smallvec::smallvec![0];
        let mut first_named = false;
        if let Some(hook) = ctx
            .op_definition(ir.op_name(op))
            .and_then(|d| d.hooks.result_names)
            .filter(|_| self.use_hints)
        {
            let mut hints: SmallVec<[(usize, String); 2]> = SmallVec::new();
            hook(ctx, ir, op, &mut |index, name| {
                if index < count && !hints.iter().any(|(i, _)| *i == index) {
                    hints.push((index, name.to_string()));
                }
            });
            for (index, mut name) in hints {
                if scopes.is_used(scope, &name) {
                    let base = name.clone();
                    loop {
                        name = format!("{base}_{next_conflict}");
                        *next_conflict += 1;
                        if !scopes.is_used(scope, &name) {
                            break;
                        }
                    }
                }
                scopes.insert(scope, name.clone());
                self.values.set(
                    ir.result(op, index),
                    ValueName::Hint(self.hint_names.len() as u32),
                );
                self.hint_names.push(name);
                if index == 0 {
                    first_named = true;
                } else {
                    groups.push(index as u32);
                }
            }
        }
        if !first_named {
            self.values
                .set(ir.result(op, 0), ValueName::Number(*next_value));
            *next_value += 1;
        }
        groups.sort_unstable();
        // Results of a group of several are used as `%name#index`.
        for (g, &start) in groups.iter().enumerate() {
            let end = groups.get(g + 1).map_or(count as u32, |&e| e);
            if end - start > 1 {
                let leader = ir.result(op, start as usize);
                for index in start..end {
                    self.result_of_group
                        .set(ir.result(op, index as usize), Some((leader, index - start)));
                }
            }
        }
        if groups.len() > 1 {
            self.op_groups.insert(op, groups.to_vec());
        }
    }

    fn write_leader(&self, out: &mut String, value: Value) -> bool {
        match *self.values.get(value) {
            ValueName::Number(n) => {
                out.push('%');
                out.push_str(itoa::Buffer::new().format(n));
            }
            ValueName::Arg(n) => {
                out.push_str("%arg");
                out.push_str(itoa::Buffer::new().format(n));
            }
            ValueName::Hint(i) => {
                out.push('%');
                out.push_str(&self.hint_names[i as usize]);
            }
            ValueName::Unnamed => return false,
        }
        true
    }

    fn write_value(&self, out: &mut String, value: Value) {
        if let Some((leader, index)) = *self.result_of_group.get(value) {
            if self.write_leader(out, leader) {
                out.push('#');
                out.push_str(itoa::Buffer::new().format(index));
                return;
            }
        } else if self.write_leader(out, value) {
            return;
        }
        out.push_str("<<UNKNOWN SSA VALUE>>");
    }
}

/// The printer as seen by a custom op syntax (MLIR's `OpAsmPrinter`).
pub struct OpPrinter<'p, 'c> {
    pub w: AsmWriter<'c>,
    pub ir: &'p Ir,
    names: NameState,
    options: PrintOptions,
    indent: usize,
    /// Dialect whose ops print without prefix, per enclosing region (MLIR's defaultDialectStack).
    default_dialects: Vec<String>,
    /// A discarded printing that only assigns aliases in the order of
    /// MLIR's alias collector (see [`print_op`]).
    alias_prepass: bool,
}

impl<'p, 'c> OpPrinter<'p, 'c> {
    pub fn ctx(&self) -> &'c Context {
        self.w.ctx
    }
    #[inline]
    pub fn write(&mut self, text: &str) {
        self.w.out.push_str(text);
    }
    pub fn print_operand(&mut self, value: Value) {
        self.names.write_value(&mut self.w.out, value);
    }
    pub fn print_operands(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_operand(v);
        }
    }
    pub fn print_type(&mut self, ty: Type) {
        self.w.print_type(ty);
    }
    pub fn print_types(&mut self, types: impl IntoIterator<Item = Type>) {
        for (i, t) in types.into_iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_type(t);
        }
    }
    pub fn print_attribute(&mut self, attr: Attribute) {
        self.w.print_attribute(attr, TypeElision::Never);
    }
    pub fn print_attribute_without_type(&mut self, attr: Attribute) {
        self.w.print_attribute(attr, TypeElision::Must);
    }
    pub fn print_symbol_name(&mut self, name: &str) {
        print_symbol_name(&mut self.w.out, name);
    }
    pub fn print_successor(&mut self, block: BlockId) {
        self.w.out.push_str("^bb");
        self.w
            .out
            .push_str(itoa::Buffer::new().format(*self.names.blocks.get(block)));
    }

    /// Prints ` {a = 1, ...}` with the op's discardable attributes and
    /// properties merged, leaving out `elided` names; nothing when empty.
    pub fn print_optional_attr_dict(&mut self, op: OpId, elided: &[&str], with_keyword: bool) {
        self.print_optional_attr_dict_except(op, |name| elided.contains(&name), with_keyword)
    }

    /// [`Self::print_optional_attr_dict`] leaving out the names `elided` accepts.
    pub fn print_optional_attr_dict_except(
        &mut self,
        op: OpId,
        elided: impl Fn(&str) -> bool,
        with_keyword: bool,
    ) {
        let ctx = self.ctx();
        let all = || {
            ctx.dictionary_entries(self.ir.properties(op))
                .iter()
                .chain(ctx.dictionary_entries(self.ir.attributes(op)))
                .copied()
                .filter(|(name, _)| !elided(ctx.str(*name)))
        };
        // Most ops print no dictionary: find that out without allocating.
        if all().next().is_none() {
            return;
        }
        let mut entries: Vec<(crate::StrId, Attribute)> = all().collect();
        ctx.sort_named(&mut entries);
        self.write(if with_keyword { " attributes {" } else { " {" });
        self.w.print_named_attributes(entries.into_iter());
        self.write("}");
    }

    /// Indents what [`OpPrinter::print_newline`] and regions print next
    /// one level deeper (MLIR's `increaseIndent`).
    pub fn increase_indent(&mut self) {
        self.indent += 1;
    }
    pub fn decrease_indent(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }
    /// A line break at the current indentation (MLIR's `printNewline`).
    pub fn print_newline(&mut self) {
        self.newline();
    }

    fn newline(&mut self) {
        self.w.out.push('\n');
        for _ in 0..self.indent {
            self.w.out.push_str("  ");
        }
    }

    /// Prints a region `{ ... }` at the current position.
    pub fn print_region(
        &mut self,
        region: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
    ) {
        self.print_region_impl(region, print_entry_args, print_terminators, false);
    }

    fn print_region_impl(
        &mut self,
        region: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
        print_empty_block: bool,
    ) {
        self.write("{");
        let owner_default = self
            .ir
            .region_op(region)
            .and_then(|op| self.ctx().op_definition(self.ir.op_name(op)))
            .and_then(|d| d.default_dialect.clone())
            .unwrap_or_default();
        self.default_dialects.push(owner_default);
        let blocks = self.ir.region_blocks(region);
        for (i, &block) in blocks.iter().enumerate() {
            let header = if i == 0 {
                (print_empty_block && self.ir.block_is_empty(block))
                    || (print_entry_args && !self.ir.block_args(block).is_empty())
            } else {
                true
            };
            if header {
                self.print_block_header(block, i == 0);
            }
            self.indent += 1;
            let mut cursor = self.ir.first_op(block);
            while let Some(op) = cursor {
                cursor = self.ir.next_op(op);
                if cursor.is_none() && !print_terminators && self.is_terminator(op) {
                    break;
                }
                self.newline();
                self.print_operation(op);
            }
            self.indent -= 1;
        }
        self.default_dialects.pop();
        self.newline();
        self.write("}");
    }

    fn is_terminator(&self, op: OpId) -> bool {
        self.ctx()
            .op_definition(self.ir.op_name(op))
            .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
    }

    fn print_block_header(&mut self, block: BlockId, is_entry: bool) {
        self.newline();
        self.print_successor(block);
        let args = self.ir.block_args(block);
        if !args.is_empty() {
            self.write("(");
            for (i, &arg) in args.iter().enumerate() {
                if i > 0 {
                    self.write(", ");
                }
                self.print_operand(arg);
                self.write(": ");
                let ty = self.ir.value_type(arg);
                self.print_type(ty);
                self.print_optional_value_loc(arg);
            }
            self.write(")");
        }
        self.write(":");
        // The blocks of this region whose terminator branches here, one
        // entry per edge, from the block's predecessor list.
        let region = self.ir.block_region(block);
        let preds: SmallVec<[BlockId; 2]> = self
            .ir
            .predecessors(block)
            .filter_map(|slot| {
                self.ir
                    .op_block(slot.op)
                    .filter(|&b| self.ir.last_op(b) == Some(slot.op))
            })
            .filter(|&b| self.ir.block_region(b) == region)
            .collect();
        if preds.is_empty() {
            if !is_entry {
                self.write("  // no predecessors");
            }
        } else if preds.len() == 1 {
            self.write("  // pred: ");
            self.print_successor(preds[0]);
        } else {
            let mut ids: Vec<(u32, BlockId)> = preds
                .iter()
                .map(|&b| (*self.names.blocks.get(b), b))
                .collect();
            ids.sort_by_key(|(id, _)| *id);
            let _ = write!(self.w.out, "  // {} preds: ", ids.len());
            for (i, (_, b)) in ids.iter().enumerate() {
                if i > 0 {
                    self.write(", ");
                }
                self.print_successor(*b);
            }
        }
    }

    fn print_loc(&mut self, loc: Location) {
        self.write("loc(");
        match self.w.loc_aliases.as_ref().and_then(|a| a.name(loc)) {
            Some(name) => {
                self.w.out.push('#');
                self.w.out.push_str(&name);
            }
            None => self.w.print_location_instance(loc),
        }
        self.write(")");
    }

    /// A block argument's location: always inline (MLIR has a TODO to
    /// alias these), with nested locations inline too.
    /// ` loc(...)` of a block argument under `--mlir-print-debuginfo`
    /// (MLIR's `printOptionalLocationSpecifier`), e.g. after a function's
    /// argument in its signature.
    pub fn print_optional_value_loc(&mut self, value: Value) {
        if self.options.debug_info {
            if let Some(loc) = self.ir.value_loc(value) {
                self.write(" ");
                self.print_inline_loc(loc);
            }
        }
    }

    fn print_inline_loc(&mut self, loc: Location) {
        let aliases = self.w.loc_aliases.take();
        self.write("loc(");
        self.w.print_location_instance(loc);
        self.write(")");
        self.w.loc_aliases = aliases;
    }

    /// Prints one op (results, name, body, location) at the current position.
    pub fn print_operation(&mut self, op: OpId) {
        let num_results = self.ir.num_results(op);
        if num_results > 0 {
            let groups = self.names.op_groups.get(&op).cloned();
            let groups = groups.unwrap_or_else(|| vec![0]);
            for (g, &start) in groups.iter().enumerate() {
                if g > 0 {
                    self.write(", ");
                }
                let end = groups.get(g + 1).map_or(num_results as u32, |&e| e);
                let leader = self.ir.result(op, start as usize);
                self.names.write_leader(&mut self.w.out, leader);
                if end - start > 1 {
                    let _ = write!(self.w.out, ":{}", end - start);
                }
            }
            self.write(" = ");
        }
        self.print_custom_or_generic_op(op);
    }

    /// Prints one op without its results (MLIR's `printCustomOrGenericOp`,
    /// used by ops that print a nested op inline, e.g. `vector.mask`).
    pub fn print_custom_or_generic_op(&mut self, op: OpId) {
        let ctx = self.ctx();
        let definition = ctx.op_definition(self.ir.op_name(op));
        let custom = if self.options.generic {
            None
        } else {
            definition.as_ref()
        };
        match custom {
            Some(def) if def.hooks.print.is_some() || def.format.is_some() => {
                let name = &def.name;
                let printed =
                    match def.default_dialect_stripped_name(self.current_default_dialect()) {
                        Some(short) => short,
                        None => name.as_str(),
                    };
                let printed = printed.to_string();
                self.write(&printed);
                if let Some(print) = def.hooks.print {
                    print(self, op);
                } else if let Some(format) = &def.format {
                    crate::format::print_with_format(format, self, op);
                }
            }
            _ => self.print_generic_op(op),
        }
        if self.options.debug_info {
            self.write(" ");
            self.print_loc(self.ir.op_loc(op));
        }
    }

    fn current_default_dialect(&self) -> Option<&str> {
        self.default_dialects.last().map(|s| s.as_str())
    }

    fn print_generic_op(&mut self, op: OpId) {
        let ctx = self.ctx();
        if self.alias_prepass {
            self.visit_generic_op_for_aliases(op);
            return;
        }
        print_escaped_string(
            &mut self.w.out,
            ctx.op_name_str(self.ir.op_name(op)).as_bytes(),
        );
        self.write("(");
        let operands: Vec<Value> = self.ir.operands(op).collect();
        self.print_operands(operands.iter().copied());
        self.write(")");
        let successors = self.ir.successors(op);
        if !successors.is_empty() {
            self.write("[");
            for (i, &b) in successors.iter().enumerate() {
                if i > 0 {
                    self.write(", ");
                }
                self.print_successor(b);
            }
            self.write("]");
        }
        let properties = self.ir.properties(op);
        if !ctx.dictionary_entries(properties).is_empty() {
            self.write(" <");
            self.w.print_attribute(properties, TypeElision::Never);
            self.write(">");
        }
        let regions = self.ir.regions(op);
        if !regions.is_empty() {
            self.write(" (");
            for (i, &region) in regions.iter().enumerate() {
                if i > 0 {
                    self.write(", ");
                }
                self.print_region_impl(region, true, true, true);
            }
            self.write(")");
        }
        let attributes = self.ir.attributes(op);
        if !ctx.dictionary_entries(attributes).is_empty() {
            self.write(" ");
            self.w.print_attribute(attributes, TypeElision::Never);
        }
        self.write(" : (");
        let types: Vec<Type> = operands.iter().map(|&v| self.ir.value_type(v)).collect();
        self.w.print_type_list(&types);
        self.write(") -> ");
        let results: Vec<Type> = self.ir.results(op).map(|v| self.ir.value_type(v)).collect();
        self.w.print_result_types(&results);
    }
}

impl OpPrinter<'_, '_> {
    /// What MLIR's alias collector visits of a generic op, in its order:
    /// regions, operand and result types, then attributes.
    fn visit_generic_op_for_aliases(&mut self, op: OpId) {
        let ctx = self.ctx();
        for i in 0..self.ir.regions(op).len() {
            self.print_region_impl(self.ir.region(op, i), true, true, true);
        }
        let types: Vec<Type> = self
            .ir
            .operands(op)
            .chain(self.ir.results(op))
            .map(|v| self.ir.value_type(v))
            .collect();
        self.w.print_type_list(&types);
        for dict in [self.ir.properties(op), self.ir.attributes(op)] {
            if !ctx.dictionary_entries(dict).is_empty() {
                self.w.print_attribute(dict, TypeElision::Never);
            }
        }
    }
}

impl crate::opdef::OpDefinition {
    /// The name without the default dialect's prefix, when that applies.
    fn default_dialect_stripped_name(&self, default_dialect: Option<&str>) -> Option<&str> {
        let dialect = default_dialect?;
        self.name
            .strip_prefix(dialect)
            .and_then(|rest| rest.strip_prefix('.'))
    }
}

/// Prints `op` and everything under it as MLIR text.
pub fn print_op(ctx: &Context, ir: &Ir, op: OpId, options: &PrintOptions) -> String {
    let new_printer = |alias_prepass| OpPrinter {
        w: AsmWriter::new(ctx, !options.local_scope),
        ir,
        names: NameState::compute(ctx, ir, op, options.generic),
        options: options.clone(),
        indent: 0,
        default_dialects: vec!["builtin".to_string()],
        alias_prepass,
    };
    let mut printer = new_printer(false);
    if options.generic && !options.local_scope {
        // MLIR numbers aliases in the order its alias collector meets them,
        // and for a generic op that is its regions before its types and
        // attributes (`DummyAliasOperationPrinter::printGenericOp`), not
        // the order of the text. A first printing in that order, thrown
        // away, assigns the aliases.
        let mut prepass = new_printer(true);
        prepass.print_operation(op);
        printer.w.adopt_aliases(prepass.w);
    }
    if options.debug_info && !options.local_scope {
        printer.w.loc_aliases = Some(LocAliases::compute(ctx, ir, op));
    }
    printer.print_operation(op);
    // MLIR's top-level printing ends with a newline; local-scope printing
    // (as in diagnostics) does not.
    if !options.local_scope {
        printer.w.out.push('\n');
    }
    let mut aliases = printer.w.alias_definitions();
    if let Some(locs) = printer.w.loc_aliases.take() {
        aliases.push_str(&locs.definitions(ctx, false));
        printer.w.out.push_str(&locs.definitions(ctx, true));
    }
    if aliases.is_empty() {
        printer.w.out
    } else {
        aliases + &printer.w.out
    }
}

/// A value's printed name within the op tree `root` (for diagnostics and tests).
pub fn value_name(ctx: &Context, ir: &Ir, root: OpId, value: Value) -> String {
    let names = NameState::compute(ctx, ir, root, false);
    let mut out = String::new();
    names.write_value(&mut out, value);
    let _ = ValueDef::Result { op: root, index: 0 };
    out
}
