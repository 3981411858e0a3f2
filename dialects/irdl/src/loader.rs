//! Turning `irdl.dialect` ops into dialects registered in a context.

use crate::constraints::{BaseKind, Constraint, RegionConstraint, Solver};
use crate::ops::{
    AllOfOp, AnyOfOp, AnyOp, AttributeOp, AttributesOp, BaseOp, CPredOp, DialectOp, IrdlDialect,
    IsOp, OperandsOp, OperationOp, ParametersOp, ParametricOp, RegionOp, RegionsOp, ResultsOp,
    TypeOp,
};
use rustc_hash::FxHashMap;
use std::sync::Arc;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::{parse_source, AsmWriter, Parser, SourceInfo};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::format::{value_groups, AssemblyFormat};
use strata_ir::opdef::{Arity, AttrDef, InferResultTypes, RegionDef, ValueDef};
use strata_ir::verifier::emit_op_error;
use strata_ir::{
    AttrData, Attribute, Context, Dialect, Ir, OpDefinition, OpId, Type, TypeData, Value,
};

/// A constraint operand that no constraint op of the definition produced.
const UNDEFINED_CONSTRAINT: &str =
    "constraint operand is not defined by an IRDL constraint op in this definition";

/// The constraint program of one IRDL op, kept in its definition's interface map.
#[derive(Debug)]
pub struct IrdlProgram {
    constraints: Vec<Constraint>,
    regions_constraints: Vec<RegionConstraint>,
    operands: Vec<usize>,
    results: Vec<usize>,
    attributes: Vec<(String, usize)>,
    regions: Vec<usize>,
}

/// A type or attribute defined in IRDL: its parameters' constraints.
#[derive(Clone, Debug)]
struct ParametricDefinition {
    name: String,
    constraints: Vec<Constraint>,
    parameters: Vec<usize>,
}

/// A dialect loaded from IRDL.
pub struct DynamicDialect {
    name: String,
    types: Vec<ParametricDefinition>,
    attributes: Vec<ParametricDefinition>,
    operations: Vec<OpDefinition>,
}

impl Dialect for DynamicDialect {
    fn name(&self) -> &str {
        &self.name
    }

    fn description(&self) -> &str {
        "loaded from IRDL"
    }

    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        self.operations.clone()
    }

    fn parse_type(&self, parser: &mut Parser, mnemonic: &str) -> DiagResult<Type> {
        let Some(definition) = self.types.iter().find(|t| t.name == mnemonic) else {
            return Err(parser.error_here(format!(
                "dialect '{}' has no type named '{mnemonic}'",
                self.name
            )));
        };
        let at = parser.offset();
        let params = parse_parameters(parser)?;
        check_parameters(parser.ctx, definition, &params).map_err(|m| parser.error_at(at, m))?;
        let ctx = parser.ctx;
        Ok(ctx.intern_type(TypeData::Dialect {
            dialect: ctx.intern_str(&self.name),
            name: ctx.intern_str(mnemonic),
            params: params.into(),
        }))
    }

    fn print_type(&self, ctx: &Context, ty: Type, out: &mut AsmWriter) -> bool {
        let TypeData::Dialect { name, params, .. } = ctx.type_data(ty) else {
            return false;
        };
        out.write(ctx.str(*name));
        print_parameters(out, params);
        true
    }

    fn parse_attribute(
        &self,
        parser: &mut Parser,
        mnemonic: &str,
        _ty: Option<Type>,
    ) -> DiagResult<Attribute> {
        let Some(definition) = self.attributes.iter().find(|t| t.name == mnemonic) else {
            return Err(parser.error_here(format!(
                "dialect '{}' has no attribute named '{mnemonic}'",
                self.name
            )));
        };
        let at = parser.offset();
        let params = parse_parameters(parser)?;
        check_parameters(parser.ctx, definition, &params).map_err(|m| parser.error_at(at, m))?;
        let ctx = parser.ctx;
        Ok(ctx.intern_attr(AttrData::Dialect {
            dialect: ctx.intern_str(&self.name),
            name: ctx.intern_str(mnemonic),
            params: params.into(),
        }))
    }

    fn print_attribute(&self, ctx: &Context, attr: Attribute, out: &mut AsmWriter) -> bool {
        let AttrData::Dialect { name, params, .. } = ctx.attr_data(attr) else {
            return false;
        };
        out.write(ctx.str(*name));
        print_parameters(out, params);
        true
    }
}

/// `<param, ...>` where each parameter is a type or an attribute; absent means none.
fn parse_parameters(parser: &mut Parser) -> DiagResult<Vec<Attribute>> {
    let mut params = Vec::new();
    if parser.consume_if(TokenKind::Less) && !parser.consume_if(TokenKind::Greater) {
        parser.parse_comma_list(|p| {
            params.push(p.parse_attribute(None)?);
            Ok(())
        })?;
        parser.expect(TokenKind::Greater, "'>' after parameters")?;
    }
    Ok(params)
}

fn print_parameters(out: &mut AsmWriter, params: &[Attribute]) {
    if params.is_empty() {
        return;
    }
    out.write("<");
    for (i, param) in params.iter().enumerate() {
        if i > 0 {
            out.write(", ");
        }
        match out.ctx.attr_data(*param) {
            AttrData::Type(ty) => out.print_type(*ty),
            _ => out.print_attribute(*param, strata_ir::asm::printer::TypeElision::Never),
        }
    }
    out.write(">");
}

fn check_parameters(
    ctx: &Context,
    definition: &ParametricDefinition,
    params: &[Attribute],
) -> Result<(), String> {
    if params.len() != definition.parameters.len() {
        return Err(format!(
            "'{}' expects {} parameters but got {}",
            definition.name,
            definition.parameters.len(),
            params.len()
        ));
    }
    let mut solver = Solver::new(ctx, &definition.constraints);
    for (param, &constraint) in params.iter().zip(&definition.parameters) {
        solver.verify(*param, constraint)?;
    }
    Ok(())
}

/// Loads the dialects described in an IRDL file into `ctx`; returns their names.
pub fn load_irdl_file(ctx: &mut Context, path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("error: could not open IRDL file '{path}': {e}"))?;
    load_irdl(ctx, &text, path).map_err(|d| {
        let mut out = String::new();
        strata_ir::diagnostics::render(
            ctx,
            &d,
            Some(&strata_ir::diagnostics::SourceFile {
                name: path,
                text: &text,
            }),
            &mut out,
        );
        out
    })
}

/// Loads the dialects described in IRDL `text` into `ctx`; returns their names.
pub fn load_irdl(ctx: &mut Context, text: &str, file_name: &str) -> DiagResult<Vec<String>> {
    ctx.load_dialect(Arc::new(IrdlDialect));
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: file_name.into(),
        first_line: 0,
    };
    let module = parse_source(ctx, &mut ir, text, &info)?;
    strata_ir::verifier::verify(ctx, &ir, module)?;
    let reader = Reader { ctx, ir: &ir };
    let body = ir
        .entry_block(ir.region(module, 0))
        .expect("module has a body");
    let dialect_ops: Vec<OpId> = ir
        .block_ops(body)
        .filter(|&op| DialectOp::is(ctx, &ir, op))
        .collect();
    // Kinds of every definition in the file, so references resolve in any order.
    let mut kinds: FxHashMap<(String, String), BaseKind> = FxHashMap::default();
    for &dialect in &dialect_ops {
        let dialect_name = reader.symbol(dialect);
        for op in reader.body_ops(dialect) {
            let kind = if TypeOp::is(ctx, &ir, op) {
                BaseKind::Type
            } else if AttributeOp::is(ctx, &ir, op) {
                BaseKind::Attribute
            } else {
                continue;
            };
            kinds.insert((dialect_name.clone(), reader.symbol(op)), kind);
        }
    }
    let mut dialects = Vec::new();
    for &dialect in &dialect_ops {
        dialects.push(reader.dialect(dialect, &kinds)?);
    }
    let names = dialects.iter().map(|d| d.name.clone()).collect();
    for dialect in dialects {
        ctx.load_dialect(Arc::new(dialect));
    }
    Ok(names)
}

struct Reader<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
}

/// What a definition body says, before it becomes a type, attribute or op.
#[derive(Default)]
struct Body {
    constraints: Vec<Constraint>,
    region_constraints: Vec<RegionConstraint>,
    parameters: Vec<usize>,
    operands: Vec<(String, Arity, usize)>,
    results: Vec<(String, Arity, usize)>,
    attributes: Vec<(String, usize)>,
    regions: Vec<usize>,
}

impl Reader<'_> {
    fn symbol(&self, op: OpId) -> String {
        self.ir
            .attr(self.ctx, op, "sym_name")
            .and_then(|a| self.ctx.string_value(a))
            .unwrap_or_default()
            .to_string()
    }

    fn body_ops(&self, op: OpId) -> Vec<OpId> {
        let region = self.ir.region(op, 0);
        self.ir
            .region_blocks(region)
            .iter()
            .flat_map(|&b| self.ir.block_ops(b))
            .collect()
    }

    fn error(&self, op: OpId, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.ir.op_loc(op), message)
    }

    fn dialect(
        &self,
        dialect_op: OpId,
        kinds: &FxHashMap<(String, String), BaseKind>,
    ) -> DiagResult<DynamicDialect> {
        let name = self.symbol(dialect_op);
        let mut dialect = DynamicDialect {
            name: name.clone(),
            types: Vec::new(),
            attributes: Vec::new(),
            operations: Vec::new(),
        };
        for op in self.body_ops(dialect_op) {
            let is_type = TypeOp::is(self.ctx, self.ir, op);
            if is_type || AttributeOp::is(self.ctx, self.ir, op) {
                let body = self.body(op, &name, kinds)?;
                let definition = ParametricDefinition {
                    name: self.symbol(op),
                    constraints: body.constraints,
                    parameters: body.parameters,
                };
                if is_type {
                    dialect.types.push(definition);
                } else {
                    dialect.attributes.push(definition);
                }
            } else if OperationOp::is(self.ctx, self.ir, op) {
                dialect.operations.push(self.operation(op, &name, kinds)?);
            } else {
                return Err(self.error(
                    op,
                    "expected irdl.type, irdl.attribute or irdl.operation inside irdl.dialect",
                ));
            }
        }
        Ok(dialect)
    }

    fn body(
        &self,
        definition: OpId,
        dialect: &str,
        kinds: &FxHashMap<(String, String), BaseKind>,
    ) -> DiagResult<Body> {
        let ctx = self.ctx;
        let mut body = Body::default();
        let mut index_of: FxHashMap<Value, usize> = FxHashMap::default();
        let mut region_index_of: FxHashMap<Value, usize> = FxHashMap::default();
        let lookup = |index_of: &FxHashMap<Value, usize>, v: Value, op: OpId| {
            index_of
                .get(&v)
                .copied()
                .ok_or_else(|| self.error(op, UNDEFINED_CONSTRAINT))
        };
        for op in self.body_ops(definition) {
            let name = ctx.op_name_str(self.ir.op_name(op));
            let operands: Vec<Value> = self.ir.operands(op).collect();
            let constraint = match name {
                AnyOp::NAME => Some(Constraint::Any),
                // The module is verified: required attributes are present.
                IsOp::NAME => Some(Constraint::Is(IsOp(op).expected(ctx, self.ir))),
                AnyOfOp::NAME | AllOfOp::NAME => {
                    let parts = operands
                        .iter()
                        .map(|&v| lookup(&index_of, v, op))
                        .collect::<DiagResult<Vec<_>>>()?;
                    Some(if name == AnyOfOp::NAME {
                        Constraint::AnyOf(parts)
                    } else {
                        Constraint::AllOf(parts)
                    })
                }
                BaseOp::NAME => {
                    let base_op = BaseOp(op);
                    if let Some(base) = base_op.base_name(ctx, self.ir) {
                        let text = ctx.string_value(base).unwrap_or_default();
                        let (kind, rest) = if let Some(rest) = text.strip_prefix('!') {
                            (BaseKind::Type, rest)
                        } else if let Some(rest) = text.strip_prefix('#') {
                            (BaseKind::Attribute, rest)
                        } else {
                            return Err(self.error(op, format!("base name '{text}' must start with '!' (type) or '#' (attribute)")));
                        };
                        Some(Constraint::BaseName {
                            kind,
                            name: rest.to_string(),
                        })
                    } else {
                        let reference = base_op.base_ref(ctx, self.ir).ok_or_else(|| {
                            self.error(op, "irdl.base needs a reference or a name")
                        })?;
                        let (kind, target_dialect, target) =
                            self.resolve(op, reference, dialect, kinds)?;
                        Some(Constraint::BaseDefinition {
                            kind,
                            dialect: target_dialect,
                            name: target,
                        })
                    }
                }
                ParametricOp::NAME => {
                    let reference = ParametricOp(op).base_type(ctx, self.ir);
                    let (kind, target_dialect, target) =
                        self.resolve(op, reference, dialect, kinds)?;
                    let params = operands
                        .iter()
                        .map(|&v| lookup(&index_of, v, op))
                        .collect::<DiagResult<Vec<_>>>()?;
                    Some(Constraint::Parametric {
                        kind,
                        dialect: target_dialect,
                        name: target,
                        params,
                    })
                }
                CPredOp::NAME => {
                    return Err(self.error(op, "irdl.c_pred holds a C++ predicate, which Strata cannot evaluate; express the constraint with irdl.is/any_of/all_of/base/parametric"));
                }
                RegionOp::NAME => {
                    let region = RegionOp(op);
                    let arguments = if region.constrainedArguments(ctx, self.ir).is_some() {
                        Some(
                            operands
                                .iter()
                                .map(|&v| lookup(&index_of, v, op))
                                .collect::<DiagResult<Vec<_>>>()?,
                        )
                    } else {
                        None
                    };
                    let number_of_blocks = region
                        .numberOfBlocks(ctx, self.ir)
                        .and_then(|a| ctx.integer_value(a))
                        .map(|n| n as u32);
                    region_index_of.insert(self.ir.result(op, 0), body.region_constraints.len());
                    body.region_constraints.push(RegionConstraint {
                        arguments,
                        number_of_blocks,
                    });
                    None
                }
                ParametersOp::NAME => {
                    body.parameters = operands
                        .iter()
                        .map(|&v| lookup(&index_of, v, op))
                        .collect::<DiagResult<Vec<_>>>()?;
                    None
                }
                OperandsOp::NAME | ResultsOp::NAME => {
                    let names = self.strings(op, "names");
                    let arities = self.strings(op, "variadicity");
                    let mut entries = Vec::new();
                    for (i, &v) in operands.iter().enumerate() {
                        let prefix = if name == OperandsOp::NAME {
                            "operand"
                        } else {
                            "result"
                        };
                        let entry_name = names
                            .get(i)
                            .cloned()
                            .unwrap_or_else(|| format!("{prefix}{i}"));
                        let arity = match arities.get(i).map(|s| s.as_str()) {
                            Some("optional") => Arity::Optional,
                            Some("variadic") => Arity::Variadic,
                            _ => Arity::Single,
                        };
                        entries.push((entry_name, arity, lookup(&index_of, v, op)?));
                    }
                    if name == OperandsOp::NAME {
                        body.operands = entries;
                    } else {
                        body.results = entries;
                    }
                    None
                }
                AttributesOp::NAME => {
                    let names = self.strings(op, "attributeValueNames");
                    for (i, &v) in operands.iter().enumerate() {
                        body.attributes.push((
                            names.get(i).cloned().unwrap_or_default(),
                            lookup(&index_of, v, op)?,
                        ));
                    }
                    None
                }
                RegionsOp::NAME => {
                    body.regions = operands
                        .iter()
                        .map(|&v| lookup(&region_index_of, v, op))
                        .collect::<DiagResult<Vec<_>>>()?;
                    None
                }
                other => {
                    return Err(
                        self.error(op, format!("unexpected '{other}' in an IRDL definition"))
                    )
                }
            };
            if let Some(constraint) = constraint {
                index_of.insert(self.ir.result(op, 0), body.constraints.len());
                body.constraints.push(constraint);
            }
        }
        Ok(body)
    }

    fn strings(&self, op: OpId, name: &str) -> Vec<String> {
        let ctx = self.ctx;
        self.ir
            .attr(ctx, op, name)
            .and_then(|a| ctx.array_elements(a))
            .map(|items| {
                items
                    .iter()
                    .map(|a| ctx.string_value(*a).unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `@name` (this dialect) or `@dialect::@name` to a type or attribute definition.
    fn resolve(
        &self,
        op: OpId,
        reference: Attribute,
        dialect: &str,
        kinds: &FxHashMap<(String, String), BaseKind>,
    ) -> DiagResult<(BaseKind, String, String)> {
        let ctx = self.ctx;
        let AttrData::SymbolRef { root, nested } = ctx.attr_data(reference) else {
            return Err(self.error(op, "expected a symbol reference"));
        };
        let (target_dialect, target) = match nested.as_ref() {
            [] => (dialect.to_string(), ctx.str(*root).to_string()),
            [name] => (ctx.str(*root).to_string(), ctx.str(*name).to_string()),
            _ => {
                return Err(self.error(op, "symbol reference to a definition has at most two parts"))
            }
        };
        match kinds.get(&(target_dialect.clone(), target.clone())) {
            Some(kind) => Ok((*kind, target_dialect, target)),
            None => Err(self.error(
                op,
                format!(
                    "'@{target_dialect}::@{target}' does not name an irdl.type or irdl.attribute"
                ),
            )),
        }
    }

    fn operation(
        &self,
        op: OpId,
        dialect: &str,
        kinds: &FxHashMap<(String, String), BaseKind>,
    ) -> DiagResult<OpDefinition> {
        let ctx = self.ctx;
        let body = self.body(op, dialect, kinds)?;
        let mut def = OpDefinition::new(format!("{dialect}.{}", self.symbol(op)));
        def.properties_for_attributes = false;
        let value_def = |(name, arity, index): &(String, Arity, usize)| ValueDef {
            name: name.clone(),
            arity: *arity,
            constraint: match &body.constraints[*index] {
                Constraint::Is(attr) => match ctx.attr_data(*attr) {
                    AttrData::Type(ty) => TypeConstraint::Is(*ty),
                    _ => TypeConstraint::Any,
                },
                _ => TypeConstraint::Any,
            },
        };
        def.operands = body.operands.iter().map(value_def).collect();
        def.results = body.results.iter().map(value_def).collect();
        // Declared optional so that a missing one is reported by the IRDL program, in MLIR's words.
        def.attributes = body
            .attributes
            .iter()
            .map(|(name, _)| AttrDef::optional(name, AttrConstraint::Any))
            .collect();
        def.regions = body
            .regions
            .iter()
            .enumerate()
            .map(|(i, _)| RegionDef {
                name: format!("region{i}"),
                variadic: false,
                single_block: false,
            })
            .collect();
        // One constraint variable shared by several values means equal types.
        let mut by_constraint: FxHashMap<usize, Vec<String>> = FxHashMap::default();
        for (name, _, index) in body.operands.iter().chain(&body.results) {
            by_constraint.entry(*index).or_default().push(name.clone());
        }
        let mut groups: Vec<Vec<String>> = by_constraint
            .into_values()
            .filter(|g| g.len() > 1)
            .collect();
        groups.sort();
        def.type_equalities = groups;
        if let Some(format) = self
            .ir
            .attribute(ctx, op, "assembly_format")
            .and_then(|a| ctx.string_value(a))
        {
            let parsed = AssemblyFormat::parse(format, &def)
                .map_err(|m| self.error(op, format!("invalid assembly_format: {m}")))?;
            def.format = Some(Arc::new(parsed));
        }
        let all_single = body.operands.iter().all(|o| o.1 == Arity::Single)
            && body.results.iter().all(|r| r.1 == Arity::Single);
        let program = Arc::new(IrdlProgram {
            constraints: body.constraints,
            regions_constraints: body.region_constraints,
            operands: body.operands.iter().map(|o| o.2).collect(),
            results: body.results.iter().map(|r| r.2).collect(),
            attributes: body.attributes,
            regions: body.regions,
        });
        if all_single {
            def.interfaces
                .insert::<dyn InferResultTypes>(program.clone());
        }
        def.interfaces.insert(program);
        def.hooks.verify = Some(verify_irdl_op);
        Ok(def)
    }
}

/// Result types from the bindings the operands leave: with `%0 = irdl.any`,
/// `irdl.operands(in: complex<%0>)`, `irdl.results(out: %0)` the result type is
/// the operand's element type, so a format need not spell it.
impl InferResultTypes for IrdlProgram {
    fn infer(
        &self,
        ctx: &Context,
        operand_types: &[Type],
        attributes: Attribute,
    ) -> DiagResult<Vec<Type>> {
        let mut solver = Solver::new(ctx, &self.constraints);
        let unknown = |m: String| Diagnostic::error(ctx.unknown_loc(), m);
        for (ty, &constraint) in operand_types.iter().zip(&self.operands) {
            solver
                .verify(ctx.type_attr(*ty), constraint)
                .map_err(unknown)?;
        }
        for (name, constraint) in &self.attributes {
            if let Some(attr) = ctx.dictionary_get(attributes, name) {
                solver.verify(attr, *constraint).map_err(unknown)?;
            }
        }
        self.results
            .iter()
            .map(|&index| {
                let bound = solver.bound(index).or(match &self.constraints[index] {
                    Constraint::Is(attr) => Some(*attr),
                    _ => None,
                });
                bound.and_then(|a| ctx.type_value(a)).ok_or_else(|| {
                    unknown(
                        "result type is not determined by the operands; spell it in the format"
                            .into(),
                    )
                })
            })
            .collect()
    }
}

/// Runs an op's IRDL constraint program.
fn verify_irdl_op(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(def) = ctx.op_definition(ir.op_name(op)) else {
        return Ok(());
    };
    let Some(program) = def.interface::<IrdlProgram>() else {
        return Ok(());
    };
    let mut solver = Solver::new(ctx, &program.constraints);
    let fail = |message: String| emit_op_error(ctx, ir, op, message);
    for (groups, indices) in [
        (value_groups(ctx, ir, op, def, false), &program.operands),
        (value_groups(ctx, ir, op, def, true), &program.results),
    ] {
        for (group, &constraint) in groups.iter().zip(indices.iter()) {
            for &value in group {
                let ty = ctx.type_attr(ir.value_type(value));
                solver.verify(ty, constraint).map_err(fail)?;
            }
        }
    }
    for (name, constraint) in &program.attributes {
        let Some(attr) = ir.attr(ctx, op, name) else {
            return Err(fail(format!(
                "attribute \"{name}\" is expected but not provided"
            )));
        };
        solver.verify(attr, *constraint).map_err(fail)?;
    }
    let regions = ir.regions(op);
    if regions.len() != program.regions.len() {
        return Err(fail(format!(
            "unexpected number of regions: expected {} but got {}",
            program.regions.len(),
            regions.len()
        )));
    }
    for (i, (&region, &constraint)) in regions.iter().zip(&program.regions).enumerate() {
        let spec = &program.regions_constraints[constraint];
        let blocks = ir.region_blocks(region);
        if let Some(count) = spec.number_of_blocks {
            if blocks.len() != count as usize {
                return Err(fail(format!(
                    "expected region {i} to have {count} block(s) but got {}",
                    blocks.len()
                )));
            }
        }
        if let Some(arguments) = &spec.arguments {
            let args = blocks
                .first()
                .map(|&b| ir.block_args(b).to_vec())
                .unwrap_or_default();
            let see_op = |d: Diagnostic| d.with_note(ir.op_loc(op), "see the operation");
            let region_error = |message: String| {
                let loc = args
                    .first()
                    .and_then(|&a| ir.value_loc(a))
                    .unwrap_or(ir.op_loc(op));
                see_op(Diagnostic::error(loc, message))
            };
            if args.len() != arguments.len() {
                return Err(region_error(format!(
                    "expected region {i} to have {} arguments but got {}",
                    arguments.len(),
                    args.len()
                )));
            }
            for (&arg, &constraint) in args.iter().zip(arguments) {
                let ty = ctx.type_attr(ir.value_type(arg));
                solver.verify(ty, constraint).map_err(region_error)?;
            }
        }
    }
    Ok(())
}
