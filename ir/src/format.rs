//! MLIR assembly formats, interpreted.
//!
//! An op definition may carry a format string in MLIR's declarative
//! assembly-format language (`$lhs `,` $rhs attr-dict `:` type($result)`).
//! It is parsed once, when the definition is built, into a list of
//! [`Element`]s; one interpreter then parses and prints every op that has a
//! format. Interpreting instead of generating code keeps a single
//! implementation for Rust dialects and for dialects loaded from IRDL at run
//! time.
//!
//! Spacing follows MLIR's generated printers: a space before each element
//! unless the previous literal was opening punctuation, no space before
//! `,` `)` `]` `>` and friends, `` ` ` `` forces a space and `` `` ``
//! suppresses the next one.

use crate::asm::lexer::TokenKind;
use crate::asm::parser::{OpParser, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::attributes::{Attribute, NamedAttr};
use crate::constraints::{AttrConstraint, TypeConstraint};
use crate::context::Context;
use crate::diagnostics::{DiagResult, Diagnostic};
use crate::ir::{BlockId, Ir, OpId, RegionId, Value};
use crate::opdef::{Arity, OpDefinition, OpTraits};
use crate::types::Type;
use smallvec::SmallVec;

/// Whose types a `type(...)` directive names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeTarget {
    Operand(usize),
    Result(usize),
    AllOperands,
    AllResults,
}

/// The variable whose presence decides an optional group (`^`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Operand(usize),
    Attribute(usize),
    Region(usize),
    Successor(usize),
    Type(TypeTarget),
}

/// One piece of a format.
#[derive(Clone, Debug)]
pub enum Element {
    /// A keyword or punctuation, printed and expected verbatim; the
    /// punctuation's token kind is resolved when the format is read.
    Literal(String, Option<TokenKind>),
    /// `` ` ` ``: a space.
    Space,
    /// `` `` ``: no space before the next element.
    NoSpace,
    /// `` `\n` ``
    Newline,
    Operand(usize),
    Attribute(usize),
    Region(usize),
    Successor(usize),
    Type(TypeTarget),
    FunctionalType(TypeTarget, TypeTarget),
    AttrDict {
        with_keyword: bool,
    },
    PropDict,
    AllOperands,
    AllRegions,
    AllSuccessors,
    Optional {
        then: Vec<Element>,
        otherwise: Vec<Element>,
        anchor: Anchor,
    },
    /// `custom<Name>(args)`: a piece of syntax written in Rust.
    Custom {
        directive: &'static CustomDirective,
        args: Vec<DirectiveArg>,
    },
    /// `oilist(`kw` ... | `kw2` ...)`: clauses in any order, each at most
    /// once, each led by its keyword; a clause prints when one of its
    /// variables is present.
    OIList {
        clauses: Vec<OIListClause>,
    },
}

/// One clause of an `oilist`: its elements (the first is the keyword)
/// and the variables whose presence prints it.
#[derive(Clone, Debug)]
pub struct OIListClause {
    pub elements: Vec<Element>,
    pub anchors: Vec<Anchor>,
}

// ========================================================================
// Custom directives
// ========================================================================

/// A `custom<Name>(...)` directive (MLIR's custom directives): syntax that
/// the declarative language cannot express, written once in Rust and
/// named by any format that needs it. Its arguments are format variables
/// (`$offsets`, `$static_offsets`), `type(...)` directives, or `ref(...)`
/// of something parsed earlier; the directive parses into one slot per
/// argument and prints from the op's values for them.
///
/// The directives every dialect shares live in [`crate::directives`] and
/// are known to every format; a dialect passes its own to
/// [`AssemblyFormat::parse_with_directives`] (`directives: [...]` in
/// `define_op!`).
pub struct CustomDirective {
    pub name: &'static str,
    pub parse: for<'a> fn(&mut OpParser<'_, 'a>, &mut DirectiveSlots<'a>) -> DiagResult<()>,
    pub print: fn(&mut OpPrinter, OpId, &DirectiveValues),
}

impl std::fmt::Debug for CustomDirective {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "custom<{}>", self.name)
    }
}

/// What one argument of a custom directive stands for.
#[derive(Clone, Debug)]
pub enum DirectiveArg {
    Operand(usize),
    Attribute(usize),
    Type(TypeTarget),
    Region(usize),
    Successor(usize),
    /// `ref(...)`: read-only, already parsed by an earlier element.
    Ref(Box<DirectiveArg>),
}

/// One argument's parsed value.
#[derive(Clone, Debug)]
pub enum Slot<'a> {
    Operands(Vec<UnresolvedOperand<'a>>),
    Attribute(Option<Attribute>),
    Types(Vec<Type>),
    Regions(Vec<RegionId>),
    Successors(Vec<BlockId>),
}

/// The slots a custom directive's parser fills, one per argument in order.
pub struct DirectiveSlots<'a> {
    slots: Vec<Slot<'a>>,
}

impl<'a> DirectiveSlots<'a> {
    pub fn len(&self) -> usize {
        self.slots.len()
    }
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
    pub fn set_operands(&mut self, index: usize, operands: Vec<UnresolvedOperand<'a>>) {
        self.slots[index] = Slot::Operands(operands);
    }
    pub fn set_attribute(&mut self, index: usize, attr: Attribute) {
        self.slots[index] = Slot::Attribute(Some(attr));
    }
    pub fn set_types(&mut self, index: usize, types: Vec<Type>) {
        self.slots[index] = Slot::Types(types);
    }
    pub fn push_region(&mut self, index: usize, region: RegionId) {
        match &mut self.slots[index] {
            Slot::Regions(regions) => regions.push(region),
            other => *other = Slot::Regions(vec![region]),
        }
    }
    pub fn push_successor(&mut self, index: usize, block: BlockId) {
        match &mut self.slots[index] {
            Slot::Successors(blocks) => blocks.push(block),
            other => *other = Slot::Successors(vec![block]),
        }
    }
    /// The attribute of a `ref($attr)` argument (or one set already).
    pub fn attribute(&self, index: usize) -> Option<Attribute> {
        match &self.slots[index] {
            Slot::Attribute(attr) => *attr,
            _ => None,
        }
    }
    /// The types of a `ref(type($x))` argument (or ones set already).
    pub fn types(&self, index: usize) -> &[Type] {
        match &self.slots[index] {
            Slot::Types(types) => types,
            _ => &[],
        }
    }
    /// The operands of a `ref($x)` argument (or ones set already).
    pub fn operands(&self, index: usize) -> &[UnresolvedOperand<'a>] {
        match &self.slots[index] {
            Slot::Operands(operands) => operands,
            _ => &[],
        }
    }
}

/// The op's values for a custom directive's arguments, for its printer.
pub struct DirectiveValues {
    operands: Vec<Vec<Value>>,
    attributes: Vec<Option<Attribute>>,
    types: Vec<Vec<Type>>,
    regions: Vec<Vec<RegionId>>,
    successors: Vec<Vec<BlockId>>,
}

impl DirectiveValues {
    /// The values of an operand argument (empty for other kinds).
    pub fn operands(&self, index: usize) -> &[Value] {
        &self.operands[index]
    }
    pub fn attribute(&self, index: usize) -> Option<Attribute> {
        self.attributes[index]
    }
    pub fn types(&self, index: usize) -> &[Type] {
        &self.types[index]
    }
    pub fn regions(&self, index: usize) -> &[RegionId] {
        &self.regions[index]
    }
    pub fn successors(&self, index: usize) -> &[BlockId] {
        &self.successors[index]
    }
}

/// A parsed assembly format.
#[derive(Clone, Debug, Default)]
pub struct AssemblyFormat {
    pub source: String,
    pub elements: Vec<Element>,
    /// Attributes spelled by the format; `attr-dict` leaves them out.
    pub attributes_in_format: Vec<String>,
    /// The groups of operands, results and typed attributes whose types
    /// are equal (declared `types_match` plus what the traits imply),
    /// resolved to indices once so parsing an op looks nothing up by name.
    type_groups: Vec<Vec<TypeSlot>>,
    /// The inherent attributes of an op whose text spells none of them:
    /// each default-valued one at its default.
    default_attributes: crate::opdef::PerContext<Attribute>,
}

/// Whose type one member of a type-equality group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TypeSlot {
    Operand(usize),
    Result(usize),
    Attribute(usize),
}

/// The slot of the operand, result or attribute named `name`.
fn slot_of(def: &OpDefinition, name: &str) -> Option<TypeSlot> {
    if let Some(i) = def.operands.iter().position(|o| o.name == name) {
        Some(TypeSlot::Operand(i))
    } else if let Some(i) = def.results.iter().position(|r| r.name == name) {
        Some(TypeSlot::Result(i))
    } else {
        def.attributes
            .iter()
            .position(|a| a.name == name)
            .map(TypeSlot::Attribute)
    }
}

/// The type-equality groups of `def` as slots.
fn type_groups(def: &OpDefinition) -> Vec<Vec<TypeSlot>> {
    let slot = |name: &str| slot_of(def, name);
    let mut groups: Vec<Vec<TypeSlot>> = def
        .type_equalities
        .iter()
        .map(|names| names.iter().filter_map(|n| slot(n)).collect())
        .collect();
    let operands = (0..def.operands.len()).map(TypeSlot::Operand);
    if def.has_trait(OpTraits::SAME_OPERANDS_AND_RESULT_TYPE) {
        groups.push(
            operands
                .chain((0..def.results.len()).map(TypeSlot::Result))
                .collect(),
        );
    } else if def.has_trait(OpTraits::SAME_OPERANDS_TYPE) {
        groups.push(operands.collect());
    }
    groups
}

// ========================================================================
// Reading a format string
// ========================================================================

#[derive(Clone, Debug, PartialEq)]
enum FormatToken {
    Variable(String),
    Literal(String),
    Word(String),
    LParen,
    RParen,
    Question,
    Caret,
    Colon,
    Comma,
    Less,
    Greater,
    Pipe,
}

fn tokenize(source: &str) -> Result<Vec<FormatToken>, String> {
    let mut tokens = Vec::new();
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'(' => {
                tokens.push(FormatToken::LParen);
                i += 1;
            }
            b')' => {
                tokens.push(FormatToken::RParen);
                i += 1;
            }
            b'?' => {
                tokens.push(FormatToken::Question);
                i += 1;
            }
            b'^' => {
                tokens.push(FormatToken::Caret);
                i += 1;
            }
            b':' => {
                tokens.push(FormatToken::Colon);
                i += 1;
            }
            b',' => {
                tokens.push(FormatToken::Comma);
                i += 1;
            }
            b'<' => {
                tokens.push(FormatToken::Less);
                i += 1;
            }
            b'>' => {
                tokens.push(FormatToken::Greater);
                i += 1;
            }
            b'|' => {
                tokens.push(FormatToken::Pipe);
                i += 1;
            }
            b'`' => {
                let end = source[i + 1..]
                    .find('`')
                    .ok_or("unterminated literal in assembly format")?;
                tokens.push(FormatToken::Literal(source[i + 1..i + 1 + end].to_string()));
                i += end + 2;
            }
            b'$' => {
                let start = i + 1;
                let mut end = start;
                while end < bytes.len()
                    && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_')
                {
                    end += 1;
                }
                if end == start {
                    return Err("expected variable name after '$'".into());
                }
                tokens.push(FormatToken::Variable(source[start..end].to_string()));
                i = end;
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'-')
                {
                    i += 1;
                }
                tokens.push(FormatToken::Word(source[start..i].to_string()));
            }
            _ => {
                return Err(format!(
                    "unexpected character '{}' in assembly format",
                    c as char
                ))
            }
        }
    }
    Ok(tokens)
}

struct FormatReader<'d> {
    tokens: Vec<FormatToken>,
    pos: usize,
    def: &'d OpDefinition,
    directives: &'d [&'static CustomDirective],
    attributes_in_format: Vec<String>,
}

impl AssemblyFormat {
    /// Parses `source` against the names declared in `def`; `custom<...>`
    /// may name the shared directives of [`crate::directives`].
    pub fn parse(source: &str, def: &OpDefinition) -> Result<AssemblyFormat, String> {
        Self::parse_with_directives(source, def, &[])
    }

    /// [`Self::parse`], where `custom<...>` may also name `directives`.
    pub fn parse_with_directives(
        source: &str,
        def: &OpDefinition,
        directives: &[&'static CustomDirective],
    ) -> Result<AssemblyFormat, String> {
        let mut reader = FormatReader {
            tokens: tokenize(source)?,
            pos: 0,
            def,
            directives,
            attributes_in_format: Vec::new(),
        };
        let elements = reader.elements(false)?;
        if reader.pos != reader.tokens.len() {
            return Err("unexpected ')' in assembly format".into());
        }
        Ok(AssemblyFormat {
            source: source.into(),
            elements,
            attributes_in_format: reader.attributes_in_format,
            type_groups: type_groups(def),
            default_attributes: Default::default(),
        })
    }
}

impl FormatReader<'_> {
    fn peek(&self) -> Option<&FormatToken> {
        self.tokens.get(self.pos)
    }
    fn next(&mut self) -> Option<FormatToken> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn expect(&mut self, token: FormatToken, what: &str) -> Result<(), String> {
        if self.next() == Some(token) {
            Ok(())
        } else {
            Err(format!("expected {what} in assembly format"))
        }
    }

    /// Reads elements until `)` (inside a group) or the end.
    fn elements(&mut self, in_group: bool) -> Result<Vec<Element>, String> {
        let mut out = Vec::new();
        while let Some(token) = self.peek() {
            if *token == FormatToken::RParen || (in_group && *token == FormatToken::Colon) {
                break;
            }
            out.push(self.element()?);
        }
        Ok(out)
    }

    fn variable(&mut self, name: &str) -> Result<Element, String> {
        let def = self.def;
        if let Some(i) = def.operands.iter().position(|o| o.name == name) {
            return Ok(Element::Operand(i));
        }
        if let Some(i) = def.attributes.iter().position(|a| a.name == name) {
            self.attributes_in_format.push(name.into());
            return Ok(Element::Attribute(i));
        }
        if let Some(i) = def.regions.iter().position(|r| r.name == name) {
            return Ok(Element::Region(i));
        }
        if let Some(i) = def.successors.iter().position(|s| s.name == name) {
            return Ok(Element::Successor(i));
        }
        if def.results.iter().any(|r| r.name == name) {
            return Err(format!("result '${name}' may only appear inside type(...)"));
        }
        Err(format!(
            "no operand, attribute, region or successor named '{name}' in '{}'",
            def.name
        ))
    }

    fn type_target(&mut self) -> Result<TypeTarget, String> {
        match self.next() {
            Some(FormatToken::Variable(name)) => {
                if let Some(i) = self.def.operands.iter().position(|o| o.name == name) {
                    Ok(TypeTarget::Operand(i))
                } else if let Some(i) = self.def.results.iter().position(|r| r.name == name) {
                    Ok(TypeTarget::Result(i))
                } else {
                    Err(format!("type(...) names no operand or result '{name}'"))
                }
            }
            Some(FormatToken::Word(w)) if w == "operands" => Ok(TypeTarget::AllOperands),
            Some(FormatToken::Word(w)) if w == "results" => Ok(TypeTarget::AllResults),
            _ => Err("expected '$name', 'operands' or 'results' in type directive".into()),
        }
    }

    fn element(&mut self) -> Result<Element, String> {
        match self.next() {
            Some(FormatToken::Literal(text)) => Ok(match text.as_str() {
                "" => Element::NoSpace,
                " " => Element::Space,
                "\\n" => Element::Newline,
                _ => {
                    let kind = punctuation_kind(&text);
                    Element::Literal(text, kind)
                }
            }),
            Some(FormatToken::Variable(name)) => self.variable(&name),
            Some(FormatToken::Word(word)) => match word.as_str() {
                "attr-dict" => Ok(Element::AttrDict {
                    with_keyword: false,
                }),
                "attr-dict-with-keyword" => Ok(Element::AttrDict { with_keyword: true }),
                "prop-dict" => Ok(Element::PropDict),
                "operands" => Ok(Element::AllOperands),
                "regions" => Ok(Element::AllRegions),
                "successors" => Ok(Element::AllSuccessors),
                "type" | "qualified" => {
                    self.expect(FormatToken::LParen, "'('")?;
                    let element = if word == "qualified" {
                        // qualified(type($x)) or qualified($attr): Strata always prints fully qualified.
                        let inner = self.element()?;
                        self.expect(FormatToken::RParen, "')'")?;
                        return Ok(inner);
                    } else {
                        Element::Type(self.type_target()?)
                    };
                    self.expect(FormatToken::RParen, "')'")?;
                    Ok(element)
                }
                "functional-type" => {
                    self.expect(FormatToken::LParen, "'('")?;
                    let inputs = self.type_target()?;
                    self.expect(FormatToken::Comma, "','")?;
                    let results = self.type_target()?;
                    self.expect(FormatToken::RParen, "')'")?;
                    Ok(Element::FunctionalType(inputs, results))
                }
                "custom" => self.custom_directive(),
                "oilist" => self.oilist(),
                other => Err(format!("unknown assembly format directive '{other}'")),
            },
            Some(FormatToken::LParen) => self.optional_group(),
            other => Err(format!("unexpected {other:?} in assembly format")),
        }
    }

    /// `custom<Name>(arg, ...)`.
    fn custom_directive(&mut self) -> Result<Element, String> {
        self.expect(FormatToken::Less, "'<' after 'custom'")?;
        let Some(FormatToken::Word(name)) = self.next() else {
            return Err("expected a directive name in custom<...>".into());
        };
        self.expect(
            FormatToken::Greater,
            "'>' after the custom directive's name",
        )?;
        let directive = self
            .directives
            .iter()
            .chain(crate::directives::SHARED)
            .find(|d| d.name == name)
            .copied()
            .ok_or_else(|| format!("unknown custom directive '{name}'"))?;
        self.expect(FormatToken::LParen, "'(' after custom<...>")?;
        let mut args = Vec::new();
        if self.peek() != Some(&FormatToken::RParen) {
            loop {
                args.push(self.directive_arg()?);
                if self.peek() != Some(&FormatToken::Comma) {
                    break;
                }
                self.pos += 1;
            }
        }
        self.expect(FormatToken::RParen, "')' closing custom<...>")?;
        Ok(Element::Custom { directive, args })
    }

    fn directive_arg(&mut self) -> Result<DirectiveArg, String> {
        match self.next() {
            Some(FormatToken::Word(w)) if w == "ref" => {
                self.expect(FormatToken::LParen, "'(' after 'ref'")?;
                let inner = self.directive_arg()?;
                self.expect(FormatToken::RParen, "')' closing ref(...)")?;
                Ok(DirectiveArg::Ref(Box::new(inner)))
            }
            Some(FormatToken::Word(w)) if w == "type" => {
                self.expect(FormatToken::LParen, "'('")?;
                let target = self.type_target()?;
                self.expect(FormatToken::RParen, "')'")?;
                Ok(DirectiveArg::Type(target))
            }
            Some(FormatToken::Variable(name)) => Ok(match self.variable(&name)? {
                Element::Operand(i) => DirectiveArg::Operand(i),
                Element::Attribute(i) => DirectiveArg::Attribute(i),
                Element::Region(i) => DirectiveArg::Region(i),
                Element::Successor(i) => DirectiveArg::Successor(i),
                _ => unreachable!("variable() returns variables"),
            }),
            other => Err(format!(
                "unexpected {other:?} as an argument of a custom directive"
            )),
        }
    }

    /// `oilist(`kw` elements | ...)`.
    fn oilist(&mut self) -> Result<Element, String> {
        self.expect(FormatToken::LParen, "'(' after 'oilist'")?;
        let mut clauses = Vec::new();
        loop {
            let mut elements = Vec::new();
            while !matches!(
                self.peek(),
                None | Some(FormatToken::Pipe) | Some(FormatToken::RParen)
            ) {
                elements.push(self.element()?);
            }
            if !matches!(elements.first(), Some(Element::Literal(_, None))) {
                return Err("an oilist clause starts with a keyword".into());
            }
            let anchors: Vec<Anchor> = elements
                .iter()
                .filter_map(|e| match e {
                    Element::Operand(i) => Some(Anchor::Operand(*i)),
                    Element::Attribute(i) => Some(Anchor::Attribute(*i)),
                    Element::Region(i) => Some(Anchor::Region(*i)),
                    Element::Successor(i) => Some(Anchor::Successor(*i)),
                    _ => None,
                })
                .collect();
            if anchors.is_empty() {
                return Err("an oilist clause needs a variable".into());
            }
            clauses.push(OIListClause { elements, anchors });
            if self.peek() != Some(&FormatToken::Pipe) {
                break;
            }
            self.pos += 1;
        }
        self.expect(FormatToken::RParen, "')' closing oilist")?;
        Ok(Element::OIList { clauses })
    }

    fn optional_group(&mut self) -> Result<Element, String> {
        let mut then = Vec::new();
        let mut anchor = None;
        while let Some(token) = self.peek() {
            if *token == FormatToken::RParen {
                break;
            }
            let element = self.element()?;
            if self.peek() == Some(&FormatToken::Caret) {
                self.pos += 1;
                anchor = Some(match &element {
                    Element::Operand(i) => Anchor::Operand(*i),
                    Element::Attribute(i) => Anchor::Attribute(*i),
                    Element::Region(i) => Anchor::Region(*i),
                    Element::Successor(i) => Anchor::Successor(*i),
                    Element::Type(t) => Anchor::Type(*t),
                    _ => {
                        return Err(
                            "only variables and type directives can anchor an optional group"
                                .into(),
                        )
                    }
                });
            }
            then.push(element);
        }
        self.expect(FormatToken::RParen, "')'")?;
        let mut otherwise = Vec::new();
        if self.peek() == Some(&FormatToken::Colon) {
            self.pos += 1;
            self.expect(FormatToken::LParen, "'(' to start the else group")?;
            otherwise = self.elements(false)?;
            self.expect(FormatToken::RParen, "')'")?;
        }
        self.expect(FormatToken::Question, "'?' after optional group")?;
        let anchor = anchor.ok_or("optional group has no anchor ('^')")?;
        if then
            .iter()
            .all(|e| matches!(e, Element::Space | Element::NoSpace | Element::Newline))
        {
            return Err("optional group has no elements".into());
        }
        Ok(Element::Optional {
            then,
            otherwise,
            anchor,
        })
    }
}

// ========================================================================
// Parsing ops with a format
// ========================================================================

/// What the text gave, by declared group, before types are known.
/// Kept inline for the usual few groups of one or two values, so parsing
/// an op allocates nothing here.
struct Parsed<'a> {
    operands: SmallVec<[Option<OperandList<'a>>; 4]>,
    operand_types: SmallVec<[Option<TypeList>; 4]>,
    result_types: SmallVec<[Option<TypeList>; 2]>,
    attributes: SmallVec<[Option<Attribute>; 4]>,
    regions: SmallVec<[SmallVec<[RegionId; 1]>; 2]>,
    successors: SmallVec<[SmallVec<[BlockId; 1]>; 2]>,
    all_operands: Option<OperandList<'a>>,
    all_operand_types: Option<TypeList>,
    all_result_types: Option<TypeList>,
    all_regions: Option<Vec<RegionId>>,
}

type OperandList<'a> = SmallVec<[UnresolvedOperand<'a>; 1]>;
type TypeList = SmallVec<[Type; 1]>;

/// Parses an op's text after its name according to `format`.
pub fn parse_with_format(
    format: &AssemblyFormat,
    def: &OpDefinition,
    p: &mut OpParser,
) -> DiagResult<()> {
    let mut parsed = Parsed {
        operands: smallvec::smallvec![None; def.operands.len()],
        operand_types: smallvec::smallvec![None; def.operands.len()],
        result_types: smallvec::smallvec![None; def.results.len()],
        attributes: smallvec::smallvec![None; def.attributes.len()],
        regions: smallvec::smallvec![SmallVec::new(); def.regions.len()],
        successors: smallvec::smallvec![SmallVec::new(); def.successors.len()],
        all_operands: None,
        all_operand_types: None,
        all_result_types: None,
        all_regions: None,
    };
    parse_elements(&format.elements, def, p, &mut parsed)?;
    finish_parse(format, def, p, &mut parsed)
}

fn parse_elements<'a>(
    elements: &[Element],
    def: &OpDefinition,
    p: &mut OpParser<'_, 'a>,
    parsed: &mut Parsed<'a>,
) -> DiagResult<()> {
    for element in elements {
        parse_element(element, def, p, parsed)?;
    }
    Ok(())
}

fn punctuation_kind(text: &str) -> Option<TokenKind> {
    Some(match text {
        "(" => TokenKind::LParen,
        ")" => TokenKind::RParen,
        "[" => TokenKind::LSquare,
        "]" => TokenKind::RSquare,
        "{" => TokenKind::LBrace,
        "}" => TokenKind::RBrace,
        "<" => TokenKind::Less,
        ">" => TokenKind::Greater,
        ":" => TokenKind::Colon,
        "::" => TokenKind::ColonColon,
        "," => TokenKind::Comma,
        "=" => TokenKind::Equal,
        "->" => TokenKind::Arrow,
        "?" => TokenKind::Question,
        "+" => TokenKind::Plus,
        "-" => TokenKind::Minus,
        "*" => TokenKind::Star,
        "|" => TokenKind::Vertical,
        "..." => TokenKind::Ellipsis,
        _ => return None,
    })
}

fn consume_literal(p: &mut OpParser, text: &str, kind: Option<TokenKind>) -> bool {
    match kind {
        Some(kind) => p.consume_if(kind),
        None => p.consume_keyword(text),
    }
}

fn parse_element<'a>(
    element: &Element,
    def: &OpDefinition,
    p: &mut OpParser<'_, 'a>,
    parsed: &mut Parsed<'a>,
) -> DiagResult<()> {
    match element {
        Element::Literal(text, kind) => {
            if !consume_literal(p, text, *kind) {
                // MLIR's generated parsers call `parseComma()` & co. for
                // punctuation (a token error) and `parseKeyword` for words
                // (the op's error, prefixed `custom op 'NAME'`).
                let message = format!("expected '{text}'");
                return Err(if kind.is_some() {
                    p.token_error_here(message)
                } else {
                    p.error_here(message)
                });
            }
        }
        Element::Space | Element::NoSpace | Element::Newline => {}
        Element::Operand(i) => {
            let operands = match def.operands[*i].arity {
                Arity::Single => smallvec::smallvec![p.parse_operand()?],
                Arity::Optional => p.parse_optional_operand()?.into_iter().collect(),
                Arity::Variadic => p.parse_operand_list()?.into(),
            };
            parsed.operands[*i] = Some(operands);
        }
        Element::AllOperands => parsed.all_operands = Some(p.parse_operand_list()?.into()),
        Element::Attribute(i) => {
            let attr = parse_format_attribute(def, *i, p)?;
            match attr {
                Some(a) => parsed.attributes[*i] = Some(a),
                None => {
                    return Err(p.token_error_here(format!(
                        "expected attribute '{}'",
                        def.attributes[*i].name
                    )))
                }
            }
        }
        Element::Region(i) => {
            // A variadic group is a possibly empty comma-separated list.
            if def.regions[*i].variadic {
                parsed.regions[*i].extend(parse_region_list(def, p)?);
            } else {
                let region = parse_format_region(def, p)?;
                parsed.regions[*i].push(region);
            }
        }
        Element::AllRegions => {
            parsed.all_regions = Some(parse_region_list(def, p)?);
        }
        Element::Successor(i) => {
            parsed.successors[*i].push(p.parse_successor()?);
            if def.successors[*i].variadic {
                while p.consume_if(TokenKind::Comma) {
                    parsed.successors[*i].push(p.parse_successor()?);
                }
            }
        }
        Element::AllSuccessors => {
            if p.is(TokenKind::CaretIdent) {
                p.parser.parse_comma_list(|parser| {
                    let block = parser.parse_successor()?;
                    parsed.successors.push(smallvec::smallvec![block]);
                    Ok(())
                })?;
            }
        }
        Element::Type(target) => {
            let types = parse_types_for(target, def, p)?;
            store_types(target, types, parsed);
        }
        Element::FunctionalType(inputs, results) => {
            p.expect(TokenKind::LParen, "'(' in functional type")?;
            let mut input_types = Vec::new();
            if !p.consume_if(TokenKind::RParen) {
                input_types = p.parse_type_list()?;
                p.expect(TokenKind::RParen, "')' in functional type")?;
            }
            p.expect(TokenKind::Arrow, "'->' in functional type")?;
            let result_types = p.parser.parse_function_result_types()?;
            store_types(inputs, input_types.into(), parsed);
            store_types(results, result_types.into(), parsed);
        }
        Element::AttrDict { with_keyword } => p.parse_optional_attr_dict(*with_keyword)?,
        Element::PropDict => p.parse_optional_properties()?,
        Element::Custom { directive, args } => {
            parse_custom(directive, args, def, p, parsed)?;
        }
        Element::OIList { clauses } => {
            let mut seen = vec![false; clauses.len()];
            'clauses: loop {
                for (k, clause) in clauses.iter().enumerate() {
                    let Element::Literal(keyword, kind) = &clause.elements[0] else {
                        unreachable!("an oilist clause starts with a keyword")
                    };
                    if !consume_literal(p, keyword, *kind) {
                        continue;
                    }
                    if std::mem::replace(&mut seen[k], true) {
                        // MLIR reports it at the op's name.
                        return Err(p.error_at(
                            p.name_offset,
                            format!("`{keyword}` clause can appear at most once in the expansion of the oilist directive"),
                        ));
                    }
                    parse_elements(&clause.elements[1..], def, p, parsed)?;
                    continue 'clauses;
                }
                break;
            }
        }
        Element::Optional {
            then, otherwise, ..
        } => {
            // Spacing directives (`` `` ``) before the first element decide nothing.
            let start = then
                .iter()
                .position(|e| !matches!(e, Element::Space | Element::NoSpace | Element::Newline))
                .expect("optional group has elements");
            let (first, rest) = (&then[start], &then[start + 1..]);
            if parse_optional_first(first, def, p, parsed)? {
                parse_elements(rest, def, p, parsed)?;
            } else {
                parse_elements(otherwise, def, p, parsed)?;
            }
        }
    }
    Ok(())
}

/// Parses one region of the format; an op with an implicit terminator gets
/// it back where the text left it out (MLIR's generated parsers call
/// `ensureTerminator` for `SingleBlockImplicitTerminator` ops).
fn parse_format_region(def: &OpDefinition, p: &mut OpParser) -> DiagResult<RegionId> {
    let region = p.parse_region(&[])?;
    if let Some(terminator) = &def.implicit_terminator {
        let loc = p.op_loc();
        ensure_terminator(p.ctx(), p.ir(), region, &[], terminator, loc);
    } else if def.has_trait(OpTraits::SINGLE_BLOCK)
        && def.has_trait(OpTraits::NO_TERMINATOR)
        && p.ir().region_is_empty(region)
    {
        // A single-block region without terminator gets its block even
        // when written empty (`{}`), as MLIR's generated parsers do for
        // `SingleBlock` + `NoTerminator` ops.
        p.ir().append_block(region, &[]);
    }
    Ok(region)
}

/// Parses `{...}, {...}` if a region starts here, nothing otherwise.
fn parse_region_list(def: &OpDefinition, p: &mut OpParser) -> DiagResult<Vec<RegionId>> {
    let mut regions = Vec::new();
    if p.is(TokenKind::LBrace) {
        regions.push(parse_format_region(def, p)?);
        while p.consume_if(TokenKind::Comma) {
            regions.push(parse_format_region(def, p)?);
        }
    }
    Ok(regions)
}

/// MLIR's `SingleBlockImplicitTerminator::ensureTerminator`: gives an empty
/// region one block with `arg_types`, and ends a block that lacks a
/// terminator with an operand-less `terminator`.
pub fn ensure_terminator(
    ctx: &Context,
    ir: &mut Ir,
    region: RegionId,
    arg_types: &[Type],
    terminator: &str,
    loc: crate::Location,
) {
    ensure_terminator_with(ctx, ir, region, arg_types, |ir, block| {
        let state = crate::OperationState::new(ctx, terminator, loc);
        ir.create_op(state, crate::InsertPoint::BlockEnd(block));
    });
}

/// [`ensure_terminator`] for a terminator that is more than an operand-less
/// op (`scf.forall.in_parallel` has a region): `create` builds it at the
/// end of the block.
pub fn ensure_terminator_with(
    ctx: &Context,
    ir: &mut Ir,
    region: RegionId,
    arg_types: &[Type],
    create: impl FnOnce(&mut Ir, crate::BlockId),
) {
    if ir.region_is_empty(region) {
        ir.append_block(region, arg_types);
    }
    let block = ir.region_blocks(region)[0];
    let has_terminator = ir.last_op(block).is_some_and(|last| {
        ctx.op_definition(ir.op_name(last))
            .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
    });
    if !has_terminator {
        create(ir, block);
    }
}

/// The regions of `op` that region group `index` of `def` stands for: one
/// region for each fixed group, what the fixed groups leave for the
/// variadic one.
pub fn region_group(def: &OpDefinition, ir: &Ir, op: OpId, index: usize) -> Vec<RegionId> {
    let regions = ir.regions(op);
    let fixed = def.regions.iter().filter(|r| !r.variadic).count();
    let variadic = regions.len().saturating_sub(fixed);
    let mut start = 0;
    for (i, group) in def.regions.iter().enumerate() {
        let len = if group.variadic { variadic } else { 1 };
        if i == index {
            let end = (start + len).min(regions.len());
            return regions[start.min(end)..end].to_vec();
        }
        start += len;
    }
    Vec::new()
}

/// Whether attributes of `constraint` are flags that the text spells by
/// presence alone: `UnitAttr`, and MLIR's `UnitProp`, declared as a unit
/// attribute or `false` (`AnyOf([Unit, Bool])`).
fn is_unit_flag(constraint: &AttrConstraint) -> bool {
    match constraint {
        AttrConstraint::Unit => true,
        AttrConstraint::AnyOf(options) => options.iter().any(is_unit_flag),
        _ => false,
    }
}

/// Runs a custom directive's parser and stores what it parsed.
fn parse_custom<'a>(
    directive: &CustomDirective,
    args: &[DirectiveArg],
    def: &OpDefinition,
    p: &mut OpParser<'_, 'a>,
    parsed: &mut Parsed<'a>,
) -> DiagResult<()> {
    let empty = |arg: &DirectiveArg| match arg {
        DirectiveArg::Operand(_) => Slot::Operands(Vec::new()),
        DirectiveArg::Attribute(_) => Slot::Attribute(None),
        DirectiveArg::Type(_) => Slot::Types(Vec::new()),
        DirectiveArg::Region(_) => Slot::Regions(Vec::new()),
        DirectiveArg::Successor(_) => Slot::Successors(Vec::new()),
        DirectiveArg::Ref(_) => unreachable!("handled below"),
    };
    let slots = args
        .iter()
        .map(|arg| match arg {
            DirectiveArg::Ref(inner) => match &**inner {
                DirectiveArg::Operand(i) => {
                    Slot::Operands(parsed.operands[*i].clone().unwrap_or_default().to_vec())
                }
                DirectiveArg::Attribute(i) => Slot::Attribute(parsed.attributes[*i]),
                DirectiveArg::Type(target) => Slot::Types(
                    match target {
                        TypeTarget::Operand(i) => parsed.operand_types[*i].clone(),
                        TypeTarget::Result(i) => parsed.result_types[*i].clone(),
                        TypeTarget::AllOperands => parsed.all_operand_types.clone(),
                        TypeTarget::AllResults => parsed.all_result_types.clone(),
                    }
                    .unwrap_or_default()
                    .to_vec(),
                ),
                DirectiveArg::Region(i) => Slot::Regions(parsed.regions[*i].to_vec()),
                DirectiveArg::Successor(i) => Slot::Successors(parsed.successors[*i].to_vec()),
                DirectiveArg::Ref(_) => empty(inner),
            },
            other => empty(other),
        })
        .collect();
    let mut slots = DirectiveSlots { slots };
    (directive.parse)(p, &mut slots)?;
    for (arg, slot) in args.iter().zip(slots.slots) {
        match (arg, slot) {
            (DirectiveArg::Operand(i), Slot::Operands(operands)) => {
                parsed.operands[*i] = Some(operands.into())
            }
            (DirectiveArg::Attribute(i), Slot::Attribute(attr)) => {
                if attr.is_some() {
                    parsed.attributes[*i] = attr;
                }
            }
            (DirectiveArg::Type(target), Slot::Types(types)) => {
                store_types(target, types.into(), parsed)
            }
            (DirectiveArg::Region(i), Slot::Regions(regions)) => parsed.regions[*i].extend(regions),
            (DirectiveArg::Successor(i), Slot::Successors(blocks)) => {
                parsed.successors[*i].extend(blocks)
            }
            (DirectiveArg::Ref(_), _) => {}
            (arg, _) => {
                return Err(p.error_here(format!(
                    "custom<{}> stored the wrong kind of value for {arg:?} of '{}'",
                    directive.name, def.name
                )))
            }
        }
    }
    Ok(())
}

/// Parses the first element of an optional group if it is present.
fn parse_optional_first<'a>(
    element: &Element,
    def: &OpDefinition,
    p: &mut OpParser<'_, 'a>,
    parsed: &mut Parsed<'a>,
) -> DiagResult<bool> {
    match element {
        Element::Literal(text, kind) => Ok(consume_literal(p, text, *kind)),
        Element::Operand(i) => {
            if !p.is(TokenKind::PercentIdent) {
                return Ok(false);
            }
            parse_element(element, def, p, parsed)?;
            let _ = i;
            Ok(true)
        }
        Element::Attribute(i) => match parse_optional_format_attribute(def, *i, p)? {
            Some(attr) => {
                parsed.attributes[*i] = Some(attr);
                Ok(true)
            }
            None => Ok(false),
        },
        Element::Region(_) | Element::AllRegions => {
            if !p.is(TokenKind::LBrace) {
                return Ok(false);
            }
            parse_element(element, def, p, parsed)?;
            Ok(true)
        }
        Element::Successor(_) => {
            if !p.is(TokenKind::CaretIdent) {
                return Ok(false);
            }
            parse_element(element, def, p, parsed)?;
            Ok(true)
        }
        Element::Type(_) | Element::FunctionalType(..) => {
            if !token_starts_type(p) {
                return Ok(false);
            }
            parse_element(element, def, p, parsed)?;
            Ok(true)
        }
        Element::Space | Element::NoSpace | Element::Newline => Ok(true),
        _ => Err(p.error_here("unsupported first element of an optional group")),
    }
}

fn token_starts_type(p: &OpParser) -> bool {
    match p.parser.kind() {
        TokenKind::ExclamationIdent | TokenKind::LParen => true,
        TokenKind::BareIdent => {
            let word = p.parser.text();
            matches!(
                word,
                "index" | "none" | "tensor" | "memref" | "vector" | "complex" | "tuple"
            ) || crate::types::FloatKind::from_keyword(word).is_some()
                || ((word.starts_with('i') || word.starts_with("si") || word.starts_with("ui"))
                    && word
                        .trim_start_matches(['s', 'u', 'i'])
                        .bytes()
                        .all(|b| b.is_ascii_digit())
                    && word.len() > 1)
        }
        _ => false,
    }
}

fn token_starts_attribute(p: &OpParser) -> bool {
    match p.parser.kind() {
        TokenKind::HashIdent
        | TokenKind::AtIdent
        | TokenKind::String
        | TokenKind::LSquare
        | TokenKind::LBrace
        | TokenKind::Integer
        | TokenKind::Float
        | TokenKind::Minus => true,
        TokenKind::BareIdent => {
            matches!(
                p.parser.text(),
                "true"
                    | "false"
                    | "unit"
                    | "dense"
                    | "array"
                    | "affine_map"
                    | "affine_set"
                    | "strided"
                    | "loc"
            ) || token_starts_type(p)
        }
        _ => token_starts_type(p),
    }
}

/// The type an attribute constraint fixes, if any (its value prints without type).
fn implied_attr_type(ctx: &Context, constraint: &AttrConstraint) -> Option<Type> {
    match constraint {
        AttrConstraint::Integer(Some(width)) => Some(ctx.signless(*width)),
        AttrConstraint::Index => Some(ctx.index_type()),
        _ => None,
    }
}

fn parse_format_attribute(
    def: &OpDefinition,
    index: usize,
    p: &mut OpParser,
) -> DiagResult<Option<Attribute>> {
    let attr_def = &def.attributes[index];
    if let Some(syntax) = attr_def.syntax {
        return (syntax.parse)(p);
    }
    if is_unit_flag(&attr_def.constraint) {
        return Ok(Some(p.ctx().unit_attr()));
    }
    if let Some(width) = dense_array_width(&attr_def.constraint) {
        return parse_dense_array(p, width).map(Some);
    }
    let ty = implied_attr_type(p.ctx(), &attr_def.constraint);
    let at = p.parser.offset();
    let attr = p.parse_attribute(ty)?;
    if !storage_kind_matches(p.ctx(), &attr_def.constraint, attr) {
        // MLIR's generated parser asks for the attribute's storage class
        // (`parseAttribute<FlatSymbolRefAttr>` & co.).
        return Err(p.error_at(at, "invalid kind of attribute specified"));
    }
    Ok(Some(attr))
}

/// The successors of group `index`: one per single group, the rest for
/// the variadic one (ODS allows one variadic successor group, without a
/// segment attribute).
fn successor_group(def: &OpDefinition, ir: &Ir, op: OpId, index: usize) -> Vec<BlockId> {
    let all = ir.successors(op);
    let singles = def.successors.iter().filter(|s| !s.variadic).count();
    let variadic_len = all.len().saturating_sub(singles);
    let start: usize = def.successors[..index]
        .iter()
        .map(|s| if s.variadic { variadic_len } else { 1 })
        .sum();
    let len = if def.successors[index].variadic {
        variadic_len
    } else {
        1
    };
    all.get(start..(start + len).min(all.len()))
        .unwrap_or(&[])
        .to_vec()
}

/// The element width of a dense integer array constraint: such attributes
/// are written `[1, 2]` in a format (MLIR's `DenseArrayAttr` custom form),
/// `array<i64: 1, 2>` elsewhere.
fn dense_array_width(constraint: &AttrConstraint) -> Option<u32> {
    match constraint {
        AttrConstraint::DenseI64Array => Some(64),
        AttrConstraint::DenseI32Array => Some(32),
        _ => None,
    }
}

/// `[1, 2]` as a dense array of `width`-bit integers.
fn parse_dense_array(p: &mut OpParser, width: u32) -> DiagResult<Attribute> {
    let at = p.parser.offset();
    let values = crate::directives::parse_i64_list(p)?;
    if width == 32 {
        let narrow: Option<Vec<i32>> = values.iter().map(|&v| i32::try_from(v).ok()).collect();
        return match narrow {
            Some(values) => Ok(p.ctx().dense_i32_array(&values)),
            None => Err(p.error_at(at, "integer value too large")),
        };
    }
    Ok(p.ctx().dense_i64_array(&values))
}

/// Whether `attr` has the storage class (MLIR's C++ attribute class) that
/// `constraint` implies; value checks are left to the verifier.
fn storage_kind_matches(ctx: &Context, constraint: &AttrConstraint, attr: Attribute) -> bool {
    use crate::AttrData as D;
    let data = ctx.attr_data(attr);
    match constraint {
        AttrConstraint::String => matches!(data, D::String { .. }),
        AttrConstraint::Symbol => matches!(data, D::SymbolRef { .. }),
        AttrConstraint::FlatSymbol => {
            matches!(data, D::SymbolRef { nested, .. } if nested.is_empty())
        }
        AttrConstraint::Type | AttrConstraint::TypeOf(_) => matches!(data, D::Type(_)),
        AttrConstraint::Array(_) => matches!(data, D::Array(_)),
        AttrConstraint::Dictionary => matches!(data, D::Dictionary(_)),
        AttrConstraint::Integer(_) | AttrConstraint::Index | AttrConstraint::Bool => {
            matches!(data, D::Integer { .. })
        }
        AttrConstraint::Float => matches!(data, D::Float { .. }),
        _ => true,
    }
}

fn parse_optional_format_attribute(
    def: &OpDefinition,
    index: usize,
    p: &mut OpParser,
) -> DiagResult<Option<Attribute>> {
    let attr_def = &def.attributes[index];
    if attr_def.syntax.is_some() {
        return parse_format_attribute(def, index, p);
    }
    // MLIR's `parseOptionalAttribute<StringAttr>` & co.: only a token of
    // the attribute's storage class starts it.
    let starts = match attr_def.constraint {
        AttrConstraint::String => p.is(TokenKind::String),
        AttrConstraint::Symbol | AttrConstraint::FlatSymbol => p.is(TokenKind::AtIdent),
        AttrConstraint::Array(_)
        | AttrConstraint::DenseI64Array
        | AttrConstraint::DenseI32Array => p.is(TokenKind::LSquare),
        _ => token_starts_attribute(p),
    };
    if !starts {
        return Ok(None);
    }
    parse_format_attribute(def, index, p)
}

fn parse_types_for(
    target: &TypeTarget,
    def: &OpDefinition,
    p: &mut OpParser,
) -> DiagResult<TypeList> {
    let single = match target {
        TypeTarget::Operand(i) => def.operands[*i].arity == Arity::Single,
        TypeTarget::Result(i) => def.results[*i].arity == Arity::Single,
        _ => false,
    };
    if single {
        let at = p.parser.offset();
        let ty = p.parse_type()?;
        let constraint = match target {
            TypeTarget::Operand(i) => &def.operands[*i].constraint,
            TypeTarget::Result(i) => &def.results[*i].constraint,
            _ => unreachable!("single targets are groups"),
        };
        if let Some(class) = constraint.type_class() {
            if !constraint.check(p.ctx(), ty) {
                return Err(p.error_at(
                    at,
                    format!(
                        "invalid kind of type specified: expected {class}, but found '{}'",
                        crate::asm::printer::type_to_string(p.ctx(), ty)
                    ),
                ));
            }
        }
        return Ok(smallvec::smallvec![ty]);
    }
    let optional = match target {
        TypeTarget::Operand(i) => def.operands[*i].arity == Arity::Optional,
        TypeTarget::Result(i) => def.results[*i].arity == Arity::Optional,
        _ => false,
    };
    if !token_starts_type(p) {
        return Ok(TypeList::new());
    }
    if optional {
        return Ok(smallvec::smallvec![p.parse_type()?]);
    }
    Ok(p.parse_type_list()?.into())
}

fn store_types(target: &TypeTarget, types: TypeList, parsed: &mut Parsed) {
    match target {
        TypeTarget::Operand(i) => parsed.operand_types[*i] = Some(types),
        TypeTarget::Result(i) => parsed.result_types[*i] = Some(types),
        TypeTarget::AllOperands => parsed.all_operand_types = Some(types),
        TypeTarget::AllResults => parsed.all_result_types = Some(types),
    }
}

/// Fills in types the text left out, resolves operands and builds the op state.
fn finish_parse<'a>(
    format: &AssemblyFormat,
    def: &OpDefinition,
    p: &mut OpParser<'_, 'a>,
    parsed: &mut Parsed<'a>,
) -> DiagResult<()> {
    let ctx = p.ctx();
    // Group operands: either per group or all at once.
    if let Some(all) = parsed.all_operands.take() {
        for (slot, group) in parsed.operands.iter_mut().zip(split_evenly(def, all)) {
            *slot = Some(group);
        }
    }
    let group_sizes: SmallVec<[usize; 4]> = parsed
        .operands
        .iter()
        .map(|g| g.as_ref().map_or(0, |g| g.len()))
        .collect();
    if let Some(all) = parsed.all_operand_types.take() {
        let mut rest = all.into_iter();
        for (i, &len) in group_sizes.iter().enumerate() {
            parsed.operand_types[i] = Some(rest.by_ref().take(len).collect());
        }
    }
    if let Some(all) = parsed.all_result_types.take() {
        if def.results.len() == 1 {
            parsed.result_types[0] = Some(all);
        } else {
            let mut rest = all.into_iter();
            for (i, spec) in def.results.iter().enumerate() {
                let take = if spec.arity == Arity::Single {
                    1
                } else {
                    rest.len()
                };
                parsed.result_types[i] = Some(rest.by_ref().take(take).collect());
            }
        }
    }
    infer_missing_types(format, def, ctx, &group_sizes, parsed, p)?;

    // Resolve operands.
    let mut segment_sizes: SmallVec<[i32; 4]> = SmallVec::new();
    for (i, group) in parsed.operands.iter().enumerate() {
        let group = group.as_deref().unwrap_or_default();
        let types = parsed.operand_types[i].take().unwrap_or_default();
        if types.len() != group.len() {
            // MLIR's `resolveOperands`, at the operands.
            let at = group.first().map_or(p.parser.offset(), |o| o.offset);
            return Err(p.error_at(
                at,
                format!(
                    "number of operands and types do not match: got {} operands and {} types",
                    group.len(),
                    types.len()
                ),
            ));
        }
        p.add_operands(group, &types)?;
        segment_sizes.push(group.len() as i32);
    }
    if def
        .operands
        .iter()
        .filter(|o| o.arity != Arity::Single)
        .count()
        > 1
    {
        let sizes = ctx.dense_i32_array(&segment_sizes);
        p.add_property("operandSegmentSizes", sizes);
    }
    let mut result_sizes: SmallVec<[i32; 2]> = SmallVec::new();
    for types in parsed.result_types.iter_mut() {
        let types = types.take().unwrap_or_default();
        result_sizes.push(types.len() as i32);
        p.add_result_types(&types);
    }
    if def
        .results
        .iter()
        .filter(|r| r.arity != Arity::Single)
        .count()
        > 1
    {
        let sizes = ctx.dense_i32_array(&result_sizes);
        p.add_property("resultSegmentSizes", sizes);
    }
    set_inherent_attributes(format, def, p, &parsed.attributes);
    // Regions in declaration order; declared regions the text left out are empty.
    if let Some(all) = parsed.all_regions.take() {
        p.regions = all;
    } else if !def.regions.is_empty() || !p.regions.is_empty() {
        let mut ordered: Vec<RegionId> = Vec::new();
        for (i, regions) in parsed.regions.iter().enumerate() {
            if regions.is_empty() && !def.regions[i].variadic {
                let region = p.add_empty_region();
                p.regions.retain(|r| *r != region);
                ordered.push(region);
            } else {
                ordered.extend(regions.iter().copied());
            }
        }
        p.regions = ordered;
    }
    for block in parsed.successors.iter().flatten() {
        p.add_successor(*block);
    }
    Ok(())
}

/// Stores the attributes the text gave, and the defaults of those it left
/// out, as properties (or attributes, for ops that keep them there): one
/// dictionary built per op, and none at all in the usual case of every
/// attribute at its default, whose dictionary is built once per format.
/// A value the text spelled in a property or attribute dictionary
/// outranks a default; one spelled by the format outranks both.
fn set_inherent_attributes(
    format: &AssemblyFormat,
    def: &OpDefinition,
    p: &mut OpParser,
    parsed: &[Option<Attribute>],
) {
    if def.attributes.is_empty() {
        return;
    }
    let ctx = p.ctx();
    let existing = if def.properties_for_attributes {
        p.state.properties
    } else {
        p.state.attributes
    };
    let defaults = |ctx: &Context| {
        ctx.dictionary_attr(
            def.attributes
                .iter()
                .filter_map(|a| a.default_value(ctx).map(|value| (a.name_id(ctx), value))),
        )
    };
    let dictionary = if parsed.iter().all(Option::is_none) && existing == ctx.empty_dictionary() {
        format.default_attributes.get(ctx, defaults)
    } else {
        let mut entries: SmallVec<[NamedAttr; 8]> = SmallVec::new();
        for (attr_def, value) in def.attributes.iter().zip(parsed) {
            if value.is_none() {
                if let Some(default) = attr_def.default_value(ctx) {
                    entries.push((attr_def.name_id(ctx), default));
                }
            }
        }
        entries.extend(ctx.dictionary_entries(existing).iter().copied());
        for (attr_def, value) in def.attributes.iter().zip(parsed) {
            if let Some(value) = value {
                entries.push((attr_def.name_id(ctx), *value));
            }
        }
        ctx.dictionary_attr(entries)
    };
    if def.properties_for_attributes {
        p.state.properties = dictionary;
    } else {
        p.state.attributes = dictionary;
    }
}

/// Splits a flat operand list over the groups when there is at most one variable group.
fn split_evenly<'a>(def: &OpDefinition, all: OperandList<'a>) -> SmallVec<[OperandList<'a>; 4]> {
    let fixed = def
        .operands
        .iter()
        .filter(|o| o.arity == Arity::Single)
        .count();
    let variable = all.len().saturating_sub(fixed);
    let mut rest = all.into_iter();
    def.operands
        .iter()
        .map(|o| {
            let take = if o.arity == Arity::Single {
                1
            } else {
                variable
            };
            rest.by_ref().take(take).collect()
        })
        .collect()
}

/// Applies type equalities, traits and constraints to types the format did not spell.
fn infer_missing_types(
    format: &AssemblyFormat,
    def: &OpDefinition,
    ctx: &Context,
    group_sizes: &[usize],
    parsed: &mut Parsed,
    p: &OpParser,
) -> DiagResult<()> {
    // Groups of equal types: declared equalities plus trait-implied ones.
    let known = |parsed: &Parsed, slot: TypeSlot| -> Option<Type> {
        match slot {
            TypeSlot::Operand(i) => parsed.operand_types[i]
                .as_ref()
                .and_then(|t| t.first().copied()),
            TypeSlot::Result(i) => parsed.result_types[i]
                .as_ref()
                .and_then(|t| t.first().copied()),
            TypeSlot::Attribute(i) => {
                parsed.attributes[i].and_then(|a| typed_attribute_type(ctx, a))
            }
        }
    };
    for group in &format.type_groups {
        let Some(ty) = group.iter().find_map(|&slot| known(parsed, slot)) else {
            continue;
        };
        for &slot in group {
            match slot {
                TypeSlot::Operand(i) if parsed.operand_types[i].is_none() => {
                    parsed.operand_types[i] = Some(smallvec::smallvec![ty; group_sizes[i]]);
                }
                TypeSlot::Result(i)
                    if parsed.result_types[i].is_none()
                        && def.results[i].arity == Arity::Single =>
                {
                    parsed.result_types[i] = Some(smallvec::smallvec![ty]);
                }
                _ => {}
            }
        }
    }
    // Types derived from another group's (MLIR's `TypesMatchWith`).
    for derivation in &def.type_derivations {
        let Some(from) = slot_of(def, &derivation.from).and_then(|slot| known(parsed, slot)) else {
            continue;
        };
        let types = (derivation.derive)(ctx, from);
        if let Some(i) = def.operands.iter().position(|o| o.name == derivation.to) {
            if parsed.operand_types[i].is_none() {
                parsed.operand_types[i] = Some(match def.operands[i].arity {
                    Arity::Variadic => types.into(),
                    _ => types.into_iter().take(group_sizes[i]).collect(),
                });
            }
        } else if let Some(i) = def.results.iter().position(|r| r.name == derivation.to) {
            if parsed.result_types[i].is_none() {
                match def.results[i].arity {
                    Arity::Variadic => parsed.result_types[i] = Some(types.into()),
                    _ if !types.is_empty() => {
                        parsed.result_types[i] = Some(types.into_iter().take(1).collect())
                    }
                    _ => {}
                }
            }
        }
    }
    // Constraints naming exactly one type.
    for (i, spec) in def.operands.iter().enumerate() {
        if parsed.operand_types[i].is_none() {
            if let Some(ty) = buildable_type(ctx, &spec.constraint) {
                parsed.operand_types[i] = Some(smallvec::smallvec![ty; group_sizes[i]]);
            }
        }
    }
    for (i, spec) in def.results.iter().enumerate() {
        if parsed.result_types[i].is_none() {
            if let Some(ty) = buildable_type(ctx, &spec.constraint) {
                if spec.arity == Arity::Single {
                    parsed.result_types[i] = Some(smallvec::smallvec![ty]);
                }
            }
        }
    }
    // The op's own inference, once every operand has its type: with a type
    // list of the wrong length (`: #3` where two types were due) the
    // operand resolution below reports the mismatch in MLIR's words, and
    // the hook never sees a partial list.
    let operand_types_known =
        group_sizes
            .iter()
            .enumerate()
            .all(|(i, &size)| match &parsed.operand_types[i] {
                Some(types) => types.len() == size,
                None => size == 0,
            });
    if operand_types_known && parsed.result_types.iter().any(|t| t.is_none()) {
        let interface = def
            .interface::<dyn crate::opdef::InferResultTypes>()
            .cloned();
        let hook = def.hooks.infer_result_types;
        if hook.is_some() || interface.is_some() {
            // Inference reads the operand types, so the generated parser
            // checks their constraints first (at the op name).
            for (i, spec) in def.operands.iter().enumerate() {
                for &ty in parsed.operand_types[i].iter().flatten() {
                    if !spec.constraint.check(ctx, ty) {
                        return Err(p.error_at(
                            p.name_offset,
                            format!(
                                "'{}' must be {}, but got '{}'",
                                spec.name,
                                spec.constraint.describe(ctx),
                                crate::asm::printer::type_to_string(ctx, ty)
                            ),
                        ));
                    }
                }
            }
            let operand_types: Vec<Type> = parsed
                .operand_types
                .iter()
                .flatten()
                .flatten()
                .copied()
                .collect();
            let props = {
                let entries: Vec<_> = parsed
                    .attributes
                    .iter()
                    .enumerate()
                    .filter_map(|(i, a)| a.map(|a| (def.attributes[i].name_id(ctx), a)))
                    .collect();
                ctx.dictionary_attr(entries)
            };
            let inferred = match (hook, interface) {
                (Some(infer), _) => infer(ctx, &operand_types, props)?,
                (None, Some(interface)) => interface.infer(ctx, &operand_types, props)?,
                (None, None) => unreachable!("checked above"),
            };
            if def.results.len() == 1 {
                parsed.result_types[0] = Some(inferred.into());
            } else if inferred.len() == def.results.len() {
                for (i, ty) in inferred.into_iter().enumerate() {
                    parsed.result_types[i].get_or_insert_with(|| smallvec::smallvec![ty]);
                }
            }
        }
    }
    for (i, spec) in def.operands.iter().enumerate() {
        if parsed.operand_types[i].is_none() && group_sizes[i] != 0 {
            return Err(Diagnostic::error(
                p.op_loc(),
                format!(
                    "type of operand '{}' is neither written nor inferable",
                    spec.name
                ),
            ));
        }
    }
    for (i, spec) in def.results.iter().enumerate() {
        if parsed.result_types[i].is_none() && spec.arity == Arity::Single {
            return Err(Diagnostic::error(
                p.op_loc(),
                format!(
                    "type of result '{}' is neither written nor inferable",
                    spec.name
                ),
            ));
        }
    }
    Ok(())
}

/// The type a constraint builds when the text leaves it out (MLIR's
/// buildable types, which generated parsers resolve operands with): the
/// one type the constraint admits, a signless integer of a given width
/// (`I32`), or a dialect type without parameters (`!gpu.async.token`).
fn buildable_type(ctx: &Context, constraint: &TypeConstraint) -> Option<Type> {
    constraint.unique_type(ctx).or_else(|| match constraint {
        TypeConstraint::SignlessInteger(Some(width)) => Some(ctx.signless(*width)),
        TypeConstraint::DialectType { dialect, name } => {
            Some(ctx.intern_type(crate::TypeData::Dialect {
                dialect: ctx.intern_str(dialect),
                name: ctx.intern_str(name),
                params: Vec::new().into(),
            }))
        }
        _ => None,
    })
}

/// The type carried by a typed attribute (integer, float, dense elements).
fn typed_attribute_type(ctx: &Context, attr: Attribute) -> Option<Type> {
    match ctx.attr_data(attr) {
        crate::AttrData::Integer { ty, .. } | crate::AttrData::Float { ty, .. } => Some(*ty),
        crate::AttrData::DenseElements { ty, .. }
        | crate::AttrData::DenseStringElements { ty, .. } => Some(*ty),
        _ => None,
    }
}

// ========================================================================
// Printing ops with a format
// ========================================================================

/// The values of each declared operand (or result) group of `op`.
pub fn value_groups(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    def: &OpDefinition,
    results: bool,
) -> Vec<Vec<Value>> {
    let (specs, values): (&[crate::opdef::ValueDef], Vec<Value>) = if results {
        (&def.results, ir.results(op).collect())
    } else {
        (&def.operands, ir.operands(op).collect())
    };
    let kind = if results { "result" } else { "operand" };
    let sizes = crate::verifier::group_sizes(ctx, ir, op, specs, values.len(), kind)
        .unwrap_or_else(|_| specs.iter().map(|_| 0).collect());
    let mut next = 0;
    sizes
        .into_iter()
        .map(|n| {
            let end = (next + n).min(values.len());
            let group = values[next..end].to_vec();
            next = end;
            group
        })
        .collect()
}

struct PrintState {
    should_emit_space: bool,
    last_was_punctuation: bool,
}

/// Prints `op` after its name according to `format`.
pub fn print_with_format(format: &AssemblyFormat, p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let def = ctx
        .op_definition(p.ir.op_name(op))
        .expect("formatted op is registered");
    let operands = print_groups(ctx, p.ir, op, def, false);
    let results = print_groups(ctx, p.ir, op, def, true);
    let mut state = PrintState {
        should_emit_space: true,
        last_was_punctuation: false,
    };
    let context = PrintContext {
        def,
        format,
        op,
        operands,
        results,
    };
    print_elements(&format.elements, &context, p, &mut state);
}

struct PrintContext<'d> {
    def: &'d OpDefinition,
    format: &'d AssemblyFormat,
    op: OpId,
    operands: Groups,
    results: Groups,
}

/// Where each operand or result group lies among the op's operands or
/// results: groups are contiguous and in declaration order, so a range
/// per group says it all, without copying a value.
enum Groups {
    /// Every group is one value: group `i` is value `i`.
    Singles,
    Ranges(SmallVec<[std::ops::Range<usize>; 4]>),
}

impl Groups {
    fn range(&self, i: usize) -> std::ops::Range<usize> {
        match self {
            Groups::Singles => i..i + 1,
            Groups::Ranges(ranges) => ranges[i].clone(),
        }
    }
}

fn print_groups(ctx: &Context, ir: &Ir, op: OpId, def: &OpDefinition, results: bool) -> Groups {
    let specs = if results { &def.results } else { &def.operands };
    let count = if results {
        ir.num_results(op)
    } else {
        ir.num_operands(op)
    };
    if count == specs.len() && specs.iter().all(|s| s.arity == Arity::Single) {
        return Groups::Singles;
    }
    let mut start = 0;
    Groups::Ranges(
        value_groups(ctx, ir, op, def, results)
            .iter()
            .map(|group| {
                start += group.len();
                start - group.len()..start
            })
            .collect(),
    )
}

impl PrintContext<'_> {
    /// The values of operand group `i`.
    fn operands<'i>(&self, ir: &'i Ir, i: usize) -> impl ExactSizeIterator<Item = Value> + 'i {
        let op = self.op;
        self.operands.range(i).map(move |k| ir.operand(op, k))
    }
    /// The values of result group `i`.
    fn results<'i>(&self, ir: &'i Ir, i: usize) -> impl ExactSizeIterator<Item = Value> + 'i {
        let op = self.op;
        self.results.range(i).map(move |k| ir.result(op, k))
    }
}

fn print_elements(
    elements: &[Element],
    c: &PrintContext,
    p: &mut OpPrinter,
    state: &mut PrintState,
) {
    for element in elements {
        print_element(element, c, p, state);
    }
}

/// MLIR's `shouldEmitSpaceBefore` for literals.
fn should_emit_space_before(value: &str, last_was_punctuation: bool) -> bool {
    if value.len() != 1 && value != "->" {
        return true;
    }
    let first = value.as_bytes().first().copied().unwrap_or(b' ');
    if last_was_punctuation {
        return !matches!(first, b'>' | b')' | b'}' | b']' | b',');
    }
    !matches!(
        first,
        b'<' | b'>' | b'(' | b')' | b'{' | b'}' | b'[' | b']' | b','
    )
}

fn present(anchor: &Anchor, c: &PrintContext, p: &OpPrinter) -> bool {
    let ctx = p.ctx();
    match anchor {
        Anchor::Operand(i) => !c.operands.range(*i).is_empty(),
        Anchor::Attribute(i) => {
            let attr_def = &c.def.attributes[*i];
            match p.ir.attr_by_id(ctx, c.op, attr_def.name_id(ctx)) {
                None => false,
                Some(value) => attr_def.default_value(ctx) != Some(value),
            }
        }
        Anchor::Region(i) => {
            let regions = region_group(c.def, p.ir, c.op, *i);
            if c.def.regions[*i].variadic {
                !regions.is_empty()
            } else {
                regions.iter().any(|&r| !p.ir.region_is_empty(r))
            }
        }
        Anchor::Successor(i) => !successor_group(c.def, p.ir, c.op, *i).is_empty(),
        Anchor::Type(target) => !types_of(target, c, p).is_empty(),
    }
}

fn types_of(target: &TypeTarget, c: &PrintContext, p: &OpPrinter) -> Vec<Type> {
    let values: Vec<Value> = match target {
        TypeTarget::Operand(i) => c.operands(p.ir, *i).collect(),
        TypeTarget::Result(i) => c.results(p.ir, *i).collect(),
        TypeTarget::AllOperands => p.ir.operands(c.op).collect(),
        TypeTarget::AllResults => p.ir.results(c.op).collect(),
    };
    values.into_iter().map(|v| p.ir.value_type(v)).collect()
}

fn print_element(element: &Element, c: &PrintContext, p: &mut OpPrinter, state: &mut PrintState) {
    match element {
        Element::Literal(text, _) => {
            if state.should_emit_space && should_emit_space_before(text, state.last_was_punctuation)
            {
                p.write(" ");
            }
            p.write(text);
            let first = text.as_bytes().first().copied().unwrap_or(b' ');
            state.should_emit_space =
                text.len() != 1 || !matches!(first, b'<' | b'(' | b'{' | b'[');
            state.last_was_punctuation = first != b'_' && !first.is_ascii_alphabetic();
            return;
        }
        Element::Space => {
            p.write(" ");
            state.last_was_punctuation = false;
            state.should_emit_space = false;
            return;
        }
        Element::NoSpace => {
            state.last_was_punctuation = true;
            state.should_emit_space = false;
            return;
        }
        // MLIR's `printNewline`: a line break at the op's indentation.
        Element::Newline => {
            p.print_newline();
            return;
        }
        // A unit attribute only marks presence; MLIR prints nothing for it.
        Element::Attribute(i) if is_unit_flag(&c.def.attributes[*i].constraint) => return,
        Element::Optional {
            then,
            otherwise,
            anchor,
        } => {
            if present(anchor, c, p) {
                print_elements(then, c, p, state);
            } else {
                print_elements(otherwise, c, p, state);
            }
            return;
        }
        Element::OIList { clauses } => {
            for clause in clauses {
                if clause.anchors.iter().any(|anchor| present(anchor, c, p)) {
                    print_elements(&clause.elements, c, p, state);
                }
            }
            return;
        }
        Element::AttrDict { with_keyword } => {
            let in_format = &c.format.attributes_in_format;
            p.print_optional_attr_dict_except(
                c.op,
                |name| {
                    name == "operandSegmentSizes"
                        || name == "resultSegmentSizes"
                        || in_format.iter().any(|a| a == name)
                },
                *with_keyword,
            );
            state.last_was_punctuation = false;
            return;
        }
        _ => {}
    }
    if state.should_emit_space || !state.last_was_punctuation {
        p.write(" ");
    }
    state.last_was_punctuation = false;
    state.should_emit_space = true;
    let ctx = p.ctx();
    match element {
        Element::Operand(i) => {
            let mut values = c.operands(p.ir, *i);
            match values.len() {
                1 => p.print_operand(values.next().expect("one value")),
                _ => p.print_operands(values),
            }
        }
        Element::AllOperands => {
            let values: Vec<Value> = p.ir.operands(c.op).collect();
            p.print_operands(values);
        }
        Element::Attribute(i) => {
            let attr_def = &c.def.attributes[*i];
            if let Some(attr) = p.ir.attr_by_id(ctx, c.op, attr_def.name_id(ctx)) {
                if let Some(syntax) = attr_def.syntax {
                    (syntax.print)(p, attr);
                } else if dense_array_width(&attr_def.constraint).is_some() {
                    let values = ctx.dense_array_i64(attr).unwrap_or_default();
                    crate::directives::print_i64_list(p, &values);
                } else if implied_attr_type(ctx, &attr_def.constraint).is_some() {
                    p.print_attribute_without_type(attr);
                } else {
                    p.print_attribute(attr);
                }
            }
        }
        Element::Region(i) => {
            let regions = region_group(c.def, p.ir, c.op, *i);
            print_format_regions(c.def, p, regions);
        }
        Element::AllRegions => {
            let regions = p.ir.regions(c.op).to_vec();
            print_format_regions(c.def, p, regions);
        }
        Element::Successor(i) => {
            let successors = successor_group(c.def, p.ir, c.op, *i);
            for (k, block) in successors.into_iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                p.print_successor(block);
            }
        }
        Element::AllSuccessors => {
            let successors = p.ir.successors(c.op).to_vec();
            for (k, block) in successors.into_iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                p.print_successor(block);
            }
        }
        Element::Type(target) => match target {
            TypeTarget::Operand(i) => {
                p.print_types(c.operands(p.ir, *i).map(|v| p.ir.value_type(v)))
            }
            TypeTarget::Result(i) => p.print_types(c.results(p.ir, *i).map(|v| p.ir.value_type(v))),
            _ => {
                let types = types_of(target, c, p);
                p.print_types(types);
            }
        },
        Element::FunctionalType(inputs, results) => {
            let inputs = types_of(inputs, c, p);
            let results = types_of(results, c, p);
            p.write("(");
            p.print_types(inputs);
            p.write(") -> ");
            p.w.print_result_types(&results);
        }
        Element::Custom { directive, args } => {
            let values = directive_values(args, c, p);
            (directive.print)(p, c.op, &values);
        }
        Element::PropDict => {
            let props = p.ir.properties(c.op);
            let entries: Vec<_> = ctx
                .dictionary_entries(props)
                .iter()
                .copied()
                .filter(|(n, _)| {
                    !c.format
                        .attributes_in_format
                        .iter()
                        .any(|a| a == ctx.str(*n))
                })
                .collect();
            if !entries.is_empty() {
                p.write("<{");
                p.w.print_named_attributes(entries.into_iter());
                p.write("}>");
            }
        }
        _ => {}
    }
}

/// Prints `regions` separated by commas, leaving out an implicit
/// terminator that has no operands, results or attributes (MLIR's
/// generated printers for `SingleBlockImplicitTerminator` ops).
fn print_format_regions(def: &OpDefinition, p: &mut OpPrinter, regions: Vec<RegionId>) {
    let ctx = p.ctx();
    for (k, region) in regions.into_iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        let ir = p.ir;
        let elidable = |t: OpId| {
            ir.num_operands(t) == 0
                && ir.num_results(t) == 0
                && ctx.dictionary_entries(ir.attributes(t)).is_empty()
                && ctx.dictionary_entries(ir.properties(t)).is_empty()
                && ctx
                    .op_definition(ir.op_name(t))
                    .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
        };
        let elide = def.implicit_terminator.is_some()
            && ir
                .entry_block(region)
                .and_then(|b| ir.last_op(b))
                .is_some_and(elidable);
        p.print_region(region, true, !elide);
    }
}

/// The op's values for a custom directive's arguments.
fn directive_values(args: &[DirectiveArg], c: &PrintContext, p: &OpPrinter) -> DirectiveValues {
    let ctx = p.ctx();
    let mut values = DirectiveValues {
        operands: Vec::new(),
        attributes: Vec::new(),
        types: Vec::new(),
        regions: Vec::new(),
        successors: Vec::new(),
    };
    for arg in args {
        let arg = match arg {
            DirectiveArg::Ref(inner) => &**inner,
            other => other,
        };
        let (mut operands, mut attribute, mut types, mut regions, mut successors) =
            (Vec::new(), None, Vec::new(), Vec::new(), Vec::new());
        match arg {
            DirectiveArg::Operand(i) => operands = c.operands(p.ir, *i).collect(),
            DirectiveArg::Attribute(i) => {
                attribute = p.ir.attr(ctx, c.op, &c.def.attributes[*i].name)
            }
            DirectiveArg::Type(target) => types = types_of(target, c, p),
            DirectiveArg::Region(i) => regions = region_group(c.def, p.ir, c.op, *i),
            DirectiveArg::Successor(i) => successors = successor_group(c.def, p.ir, c.op, *i),
            DirectiveArg::Ref(_) => {}
        }
        values.operands.push(operands);
        values.attributes.push(attribute);
        values.types.push(types);
        values.regions.push(regions);
        values.successors.push(successors);
    }
    values
}

/// Builds a diagnostic for a format string that does not fit its op.
pub fn format_error(ctx: &Context, def: &OpDefinition, message: &str) -> Diagnostic {
    Diagnostic::error(
        ctx.unknown_loc(),
        format!("invalid assembly format for '{}': {message}", def.name),
    )
}
