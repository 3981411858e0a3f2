//! `define_op!`: an op declared in one place.
//!
//! ```
//! use strata_ir::constraints::{AttrConstraint, TypeConstraint};
//! strata_ir::define_op! {
//!     /// Adds two integers.
//!     pub struct AddOp = "demo.add" {
//!         summary: "integer addition",
//!         traits: [PURE, COMMUTATIVE, SAME_OPERANDS_AND_RESULT_TYPE],
//!         operands: [lhs: single(TypeConstraint::AnyInteger), rhs: single(TypeConstraint::AnyInteger)],
//!         results: [result: single(TypeConstraint::AnyInteger)],
//!         format: "$lhs `,` $rhs attr-dict `:` type($result)",
//!     }
//! }
//! let definition = AddOp::definition();
//! assert_eq!(definition.name, "demo.add");
//! assert!(definition.format.is_some());
//! ```
//!
//! The declaration produces the [`OpDefinition`](crate::OpDefinition) (the
//! data every generic mechanism reads: verifier, format engine, passes), a
//! typed handle `AddOp(OpId)` implementing
//! [`TypedOp`](crate::rewrite::TypedOp), with `wrap` / `is` / `defining`
//! to match ops and accessors named after the operands, results,
//! attributes and regions, and a builder `AddOp::build(b, ...)` taking them
//! in declaration order through any [`OpCreator`](crate::builder::OpCreator)
//! (an `OpBuilder`, a `PatternRewriter`, a `ConversionPatternRewriter`).
//!
//! Everything about the op sits in the declaration, as in MLIR's ODS; the
//! sections come in this order, all optional:
//!
//! | section | what |
//! |---|---|
//! | `summary: "..."` | one line for `--show-dialects` |
//! | `traits: [PURE, ...]` | [`OpTraits`](crate::OpTraits) constants |
//! | `operands: [a: single(C), ...]` | `single`, `optional`, `variadic` with a [`TypeConstraint`](crate::constraints::TypeConstraint) |
//! | `results: [...]` | the same |
//! | `attributes: [a: required(C), ...]` | `required`, `optional`, `defaulted(C, default = f)` (MLIR's `DefaultValuedAttr`: stored when left out, its optional group printed only when it differs), each optionally `, syntax = S` (an [`AttrSyntax`](crate::opdef::AttrSyntax): `slt`, `<nsw>`) |
//! | `regions: [body: single_block]` | `single_block`, `any`, `variadic` |
//! | `successors: [dest: single]` | `single`, `variadic` |
//! | `types_match: [[a, b]]` | MLIR's `AllTypesMatch` for the format |
//! | `types_match_with: [a => b: f]` | MLIR's `TypesMatchWith`: `b`'s types are `f(type of a)` ([`derive`](crate::opdef::derive) has the usual `f`s) |
//! | `default_dialect: "func"` | unprefixed op names inside the regions |
//! | `implicit_terminator: YieldOp` | MLIR's `SingleBlockImplicitTerminator`: the terminator a format's regions may leave out |
//! | `format: "..."` | MLIR's declarative assembly format, `custom<Name>(...)` included |
//! | `directives: [&D]` | the op's own [`CustomDirective`](crate::format::CustomDirective)s (the shared ones, [`crate::directives`], need no mention) |
//! | `parse: f, print: g` | hand-written syntax, where MLIR has `hasCustomAssemblyFormat` |
//! | `verify_invariants: f` | checks before the nested ops (MLIR's `verify`) |
//! | `verify: f` | checks after the nested ops (MLIR's `verifyRegions`) |
//! | `infer_result_types: f` | result types from operand types and properties |
//! | `fold: f` | a [`FoldHook`](crate::fold::FoldHook) |
//! | `canonicalize: f` | adds the op's canonicalization patterns |
//! | `result_names: ["sum", ...]` | fixed names for the printer (`%sum`) |
//! | `asm_result_names: f` | computed names (`%c0`, `%true`) |
//! | `block_arg_names: f` | names of a region's block arguments |
//! | `interfaces: [dyn I => Impl; verify = f, ...]` | interface implementations, with their verifiers |
//!
//! A Rust keyword as a name is written raw (`r#in`); the op sees `in`.
//! Families of ops that MLIR derives from one base class are declared
//! through a small macro of the dialect expanding to `define_op!`
//! (dialects/arith/src/ops.rs is the model).

/// Declares an op; see the module documentation.
#[macro_export]
macro_rules! define_op {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident = $opname:literal {
            $(summary: $summary:literal,)?
            $(traits: [$($tr:ident),* $(,)?],)?
            $(operands: [$($oname:ident : $oarity:ident($ocons:expr)),* $(,)?],)?
            $(results: [$($rname:ident : $rarity:ident($rcons:expr)),* $(,)?],)?
            $(attributes: [$($aname:ident : $aarity:ident($acons:expr $(, default = $adefault:expr)? $(, syntax = $asyntax:expr)?)),* $(,)?],)?
            $(regions: [$($gname:ident : $gkind:ident),* $(,)?],)?
            $(successors: [$($sname:ident : $skind:ident),* $(,)?],)?
            $(types_match: [$([$($tm:ident),* $(,)?]),* $(,)?],)?
            $(types_match_with: [$($tmw_from:ident => $tmw_to:ident : $tmw_derive:expr),* $(,)?],)?
            $(default_dialect: $dialect:literal,)?
            $(implicit_terminator: $terminator:ty,)?
            $(format: $format:expr,)?
            $(directives: [$($directive:expr),* $(,)?],)?
            $(parse: $parse:expr,)?
            $(print: $print:expr,)?
            $(verify_invariants: $verify_invariants:expr,)?
            $(verify: $verify:expr,)?
            $(infer_result_types: $infer:expr,)?
            $(fold: $fold:expr,)?
            $(canonicalize: $canonicalize:expr,)?
            $(result_names: [$($result_name:literal),* $(,)?],)?
            $(asm_result_names: $asm_result_names:expr,)?
            $(block_arg_names: $block_arg_names:expr,)?
            $(interfaces: [$($iface:ty => $iface_impl:expr $(; verify = $iface_verify:expr)?),* $(,)?],)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        $vis struct $name(pub $crate::OpId);

        impl $crate::rewrite::TypedOp for $name {
            const NAME: &'static str = $opname;
            fn from_op(op: $crate::OpId) -> Self {
                Self(op)
            }
            fn op(self) -> $crate::OpId {
                self.0
            }
        }

        #[allow(non_snake_case, clippy::too_many_arguments, dead_code)]
        impl $name {
            pub const NAME: &'static str = $opname;

            /// The op's definition, to register in its dialect.
            pub fn definition() -> $crate::OpDefinition {
                let mut def = $crate::OpDefinition::new($opname);
                $(def.summary = $summary.into();)?
                def.traits = $crate::OpTraits::NONE $($(.union($crate::OpTraits::$tr))*)?;
                def.operands = vec![$($($crate::opdef::ValueDef {
                    name: stringify!($oname).trim_start_matches("r#").into(),
                    arity: $crate::__op_arity!($oarity),
                    constraint: $ocons,
                }),*)?];
                def.results = vec![$($($crate::opdef::ValueDef {
                    name: stringify!($rname).trim_start_matches("r#").into(),
                    arity: $crate::__op_arity!($rarity),
                    constraint: $rcons,
                }),*)?];
                def.attributes = vec![$($($crate::opdef::AttrDef {
                    name: stringify!($aname).trim_start_matches("r#").into(),
                    optional: $crate::__op_attr_optional!($aarity),
                    constraint: $acons,
                    syntax: None $(.or(Some($asyntax)))?,
                    default: None $(.or(Some($adefault as fn(&$crate::Context) -> $crate::Attribute)))?,
                    cache: Default::default(),
                }),*)?];
                def.regions = vec![$($($crate::opdef::RegionDef {
                    name: stringify!($gname).trim_start_matches("r#").into(),
                    variadic: $crate::__op_region_variadic!($gkind),
                    single_block: $crate::__op_region_single_block!($gkind),
                }),*)?];
                def.successors = vec![$($($crate::opdef::SuccessorDef {
                    name: stringify!($sname).into(),
                    variadic: $crate::__op_successor_variadic!($skind),
                }),*)?];
                $(def.type_equalities = vec![$(vec![$(stringify!($tm).trim_start_matches("r#").to_string()),*]),*];)?
                $(def.type_derivations = vec![$($crate::opdef::TypeDerivation {
                    from: stringify!($tmw_from).trim_start_matches("r#").into(),
                    to: stringify!($tmw_to).trim_start_matches("r#").into(),
                    derive: $tmw_derive,
                }),*];)?
                $(def.default_dialect = Some($dialect.into());)?
                $(def.implicit_terminator = Some(<$terminator as $crate::rewrite::TypedOp>::NAME.into());)?
                let directives: &[&'static $crate::format::CustomDirective] = &[$($($directive),*)?];
                let _ = directives;
                $(
                    match $crate::format::AssemblyFormat::parse_with_directives($format, &def, directives) {
                        Ok(format) => def.format = Some(::std::sync::Arc::new(format)),
                        Err(message) => panic!("invalid assembly format for '{}': {}", $opname, message),
                    }
                )?
                $(def.hooks.parse = Some($parse);)?
                $(def.hooks.print = Some($print);)?
                $(def.hooks.verify_invariants = Some($verify_invariants);)?
                $(def.hooks.verify = Some($verify);)?
                $(def.hooks.infer_result_types = Some($infer);)?
                $(def.hooks.fold = Some($fold);)?
                $(def.hooks.canonicalization_patterns = Some($canonicalize);)?
                $(def.hooks.result_names = Some(|_, _, _, set| {
                    let names: &[&str] = &[$($result_name),*];
                    for (index, name) in names.iter().enumerate() {
                        set(index, name);
                    }
                });)?
                $(def.hooks.result_names = Some($asm_result_names);)?
                $(def.hooks.block_arg_names = Some($block_arg_names);)?
                $($(
                    def.interfaces.insert::<$iface>(::std::sync::Arc::new($iface_impl));
                    $(def.interfaces.verifiers.push($iface_verify);)?
                )*)?
                def
            }

            /// The typed view of `op` if it is this op.
            #[inline]
            pub fn wrap(ctx: &$crate::Context, ir: &$crate::Ir, op: $crate::OpId) -> Option<Self> {
                (ctx.op_name_str(ir.op_name(op)) == $opname).then_some(Self(op))
            }

            /// Whether `op` is this op.
            #[inline]
            pub fn is(ctx: &$crate::Context, ir: &$crate::Ir, op: $crate::OpId) -> bool {
                ctx.op_name_str(ir.op_name(op)) == $opname
            }

            /// The typed view of the op defining `value`, if it is this op
            /// (MLIR's `value.getDefiningOp<OpTy>()`).
            #[inline]
            pub fn defining(ctx: &$crate::Context, ir: &$crate::Ir, value: $crate::Value) -> Option<Self> {
                ir.defining_op(value).and_then(|op| Self::wrap(ctx, ir, op))
            }

            pub fn op(self) -> $crate::OpId {
                self.0
            }

            $($(
                pub fn $oname(self, ctx: &$crate::Context, ir: &$crate::Ir) -> $crate::__op_value_accessor_type!($oarity) {
                    let group = $crate::opdef::named_group(ctx, ir, self.0, stringify!($oname).trim_start_matches("r#"), false);
                    $crate::__op_value_accessor_body!($oarity, group)
                }
            )*)?

            $($(
                pub fn $rname(self, ctx: &$crate::Context, ir: &$crate::Ir) -> $crate::__op_value_accessor_type!($rarity) {
                    let group = $crate::opdef::named_group(ctx, ir, self.0, stringify!($rname).trim_start_matches("r#"), true);
                    $crate::__op_value_accessor_body!($rarity, group)
                }
            )*)?

            $($(
                pub fn $aname(self, ctx: &$crate::Context, ir: &$crate::Ir) -> $crate::__op_attr_accessor_type!($aarity) {
                    let value = ir.attr(ctx, self.0, stringify!($aname).trim_start_matches("r#"));
                    $crate::__op_attr_accessor_body!($aarity, value, ctx, [$($adefault)?])
                }
            )*)?

            $($(
                pub fn $gname(self, ir: &$crate::Ir) -> $crate::RegionId {
                    let index = Self::definition_region_index(stringify!($gname).trim_start_matches("r#"));
                    ir.region(self.0, index)
                }
            )*)?

            fn definition_region_index(name: &str) -> usize {
                let names: &[&str] = &[$($(stringify!($gname).trim_start_matches("r#")),*)?];
                names.iter().position(|n| *n == name).unwrap_or(0)
            }

            /// Creates the op at the builder's cursor; regions are created
            /// empty, default-valued attributes left `None` get their default.
            pub fn build<'c>(
                builder: &mut impl $crate::builder::OpCreator<'c>,
                $($($oname: $crate::__op_operand_param!($oarity),)*)?
                $($($rname: $crate::__op_result_param!($rarity),)*)?
                $($($aname: $crate::__op_attr_param!($aarity),)*)?
                $($($sname: $crate::__op_successor_param!($skind),)*)?
            ) -> Self {
                let ctx = builder.ctx();
                let mut state = $crate::OperationState::new(ctx, $opname, builder.loc());
                #[allow(unused_mut)]
                let mut operand_segments: Vec<i32> = Vec::new();
                $($(
                    let before = state.operands.len();
                    $crate::__op_push_values!($oarity, state.operands, $oname);
                    operand_segments.push((state.operands.len() - before) as i32);
                )*)?
                #[allow(unused_mut)]
                let mut result_segments: Vec<i32> = Vec::new();
                $($(
                    let before = state.result_types.len();
                    $crate::__op_push_values!($rarity, state.result_types, $rname);
                    result_segments.push((state.result_types.len() - before) as i32);
                )*)?
                let mut properties: Vec<$crate::NamedAttr> = Vec::new();
                $($(
                    $crate::__op_push_attr!($aarity, properties, ctx, stringify!($aname).trim_start_matches("r#"), $aname, [$($adefault)?]);
                )*)?
                let arities: &[&str] = &[$($(stringify!($oarity)),*)?];
                if arities.iter().filter(|a| **a != "single").count() > 1 {
                    properties.push((ctx.intern_str("operandSegmentSizes"), ctx.dense_i32_array(&operand_segments)));
                }
                let result_arities: &[&str] = &[$($(stringify!($rarity)),*)?];
                if result_arities.iter().filter(|a| **a != "single").count() > 1 {
                    properties.push((ctx.intern_str("resultSegmentSizes"), ctx.dense_i32_array(&result_segments)));
                }
                state.properties = ctx.dictionary_attr(properties);
                let regions: &[&str] = &[$($(stringify!($gname).trim_start_matches("r#")),*)?];
                state.num_regions = regions.len();
                $($(
                    $crate::__op_push_successor!($skind, state.successors, $sname);
                )*)?
                Self(builder.create(state))
            }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __op_arity {
    (single) => {
        $crate::opdef::Arity::Single
    };
    (optional) => {
        $crate::opdef::Arity::Optional
    };
    (variadic) => {
        $crate::opdef::Arity::Variadic
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_attr_optional {
    (required) => {
        false
    };
    (optional) => {
        true
    };
    (defaulted) => {
        true
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_region_variadic {
    (variadic) => {
        true
    };
    ($other:ident) => {
        false
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_region_single_block {
    (single_block) => {
        true
    };
    ($other:ident) => {
        false
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_successor_variadic {
    (variadic) => {
        true
    };
    (single) => {
        false
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_value_accessor_type {
    (single) => { $crate::Value };
    (optional) => { Option<$crate::Value> };
    (variadic) => { Vec<$crate::Value> };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_value_accessor_body {
    (single, $group:ident) => {
        $group[0]
    };
    (optional, $group:ident) => {
        $group.first().copied()
    };
    (variadic, $group:ident) => {
        $group.to_vec()
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_attr_accessor_type {
    (required) => { $crate::Attribute };
    (optional) => { Option<$crate::Attribute> };
    (defaulted) => { $crate::Attribute };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_attr_accessor_body {
    (required, $value:ident, $ctx:ident, [$($default:expr)?]) => {
        $value.expect("verified op has its required attribute")
    };
    (optional, $value:ident, $ctx:ident, [$($default:expr)?]) => {
        $value
    };
    (defaulted, $value:ident, $ctx:ident, [$default:expr]) => {
        $value.unwrap_or_else(|| ($default)($ctx))
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_operand_param {
    (single) => { $crate::Value };
    (optional) => { Option<$crate::Value> };
    (variadic) => { &[$crate::Value] };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_result_param {
    (single) => { $crate::Type };
    (optional) => { Option<$crate::Type> };
    (variadic) => { &[$crate::Type] };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_attr_param {
    (required) => { $crate::Attribute };
    (optional) => { Option<$crate::Attribute> };
    (defaulted) => { Option<$crate::Attribute> };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_push_values {
    (single, $list:expr, $value:ident) => {
        $list.push($value)
    };
    (optional, $list:expr, $value:ident) => {
        $list.extend($value)
    };
    (variadic, $list:expr, $value:ident) => {
        $list.extend_from_slice($value)
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_push_attr {
    (required, $list:ident, $ctx:ident, $name:expr, $value:ident, [$($default:expr)?]) => {
        $list.push(($ctx.intern_str($name), $value))
    };
    (optional, $list:ident, $ctx:ident, $name:expr, $value:ident, [$($default:expr)?]) => {
        if let Some(v) = $value {
            $list.push(($ctx.intern_str($name), v));
        }
    };
    (defaulted, $list:ident, $ctx:ident, $name:expr, $value:ident, [$default:expr]) => {
        $list.push((
            $ctx.intern_str($name),
            $value.unwrap_or_else(|| ($default)($ctx)),
        ))
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_successor_param {
    (single) => {
        $crate::BlockId
    };
    (variadic) => {
        &[$crate::BlockId]
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __op_push_successor {
    (single, $list:expr, $value:ident) => {
        $list.push($value)
    };
    (variadic, $list:expr, $value:ident) => {
        $list.extend_from_slice($value)
    };
}

/// Declares a dialect's op list once: `definitions()`, every op's
/// definition in registration order (what the dialect's `operations`
/// returns), and `OP_NAMES`, the op names (for tools and interpreters that
/// dispatch on them). Dialects whose ops come in families with a shared
/// kind (arith, math) declare their own list with the kind beside each op.
///
/// ```ignore
/// strata_ir::dialect_ops!(FuncOp, ReturnOp, CallOp);
/// ```
#[macro_export]
macro_rules! dialect_ops {
    ($($op:ty),* $(,)?) => {
        /// Every op's definition of this dialect, in registration order.
        pub fn definitions() -> ::std::vec::Vec<$crate::OpDefinition> {
            ::std::vec![$(<$op>::definition()),*]
        }

        /// The names of every op of this dialect.
        pub const OP_NAMES: &[&str] = &[$(<$op>::NAME),*];
    };
}
