//! The parser of MLIR's textual format.
//!
//! Recursive descent over the lexer's tokens, building IR directly into an
//! [`Ir`]. Names are resolved as MLIR does: SSA names live in scopes opened
//! by regions (an isolated-from-above op starts a fresh scope), uses may
//! precede definitions (a placeholder value is created and replaced when the
//! definition arrives), and blocks may be referenced before their label.
//!
//! Custom op syntax is dispatched by op name to the op's definition (a
//! declared assembly format or a hand-written hook); both drive the parser
//! through [`OpParser`], the equivalent of MLIR's `OpAsmParser`. Errors are
//! [`Diagnostic`]s located at the offending token; the parser stops at the
//! first one, as MLIR's does.

use super::lexer::{unescape_string, Lexer, Token, TokenKind};
use crate::attributes::{AttrData, Attribute, Location, LocationData, NamedAttr};
use crate::context::{Context, OpName, StrId};
use crate::diagnostics::{DiagResult, Diagnostic};
use crate::ir::{BlockId, InsertPoint, Ir, OpId, OperationState, RegionId, Value};
use crate::opdef::{Arity, OpDefinition, OpTraits};
use crate::types::Type;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Name of the internal op that stands for a value used before its definition.
const FORWARD_REF_OP: &str = "builtin.__forward_ref";

/// How deeply regions, attributes, types, locations and dense literals may
/// nest inside one another. Each level is a few frames of this recursive
/// descent parser (and later of the verifier and printer), so without a
/// bound a file of 100000 `[` overflows the stack; past it the input gets
/// a diagnostic. Real IR stays far below: MLIR's own tests nest a few
/// dozen levels at most.
pub const MAX_NESTING_DEPTH: u32 = 128;

/// Where the text comes from, for locations.
#[derive(Clone, Debug)]
pub struct SourceInfo {
    pub file_name: String,
    /// Line number of the first line of the text in the file (for chunks of
    /// `--split-input-file`), 0-based.
    pub first_line: u32,
}

/// One defined or forward-referenced SSA name.
struct ValueEntry {
    values: SmallVec<[Value; 1]>,
    /// Byte offset of the definition, for "previously defined here".
    offset: u32,
}

struct ForwardRef {
    placeholder: Value,
    loc: Location,
}

/// Names visible within one isolated-from-above region tree.
#[derive(Default)]
struct NameScope<'a> {
    values: FxHashMap<&'a str, ValueEntry>,
    /// Names defined in each open region, to forget them when it closes.
    region_defs: Vec<Vec<&'a str>>,
    forward_refs: FxHashMap<(&'a str, u32), ForwardRef>,
}

struct BlockEntry {
    block: BlockId,
    defined: bool,
    loc: Location,
}

/// A parsed `%name` or `%name#3` reference, not yet resolved to a value.
#[derive(Clone, Debug)]
pub struct UnresolvedOperand<'a> {
    /// The name without `%`, borrowed from the source text.
    pub name: &'a str,
    pub number: u32,
    /// Byte offset of the `%`; turned into a location only for diagnostics
    /// or forward references, so the common case interns nothing.
    pub offset: u32,
}

/// A parsed `%name: type loc(...)` block argument.
#[derive(Clone, Debug)]
pub struct BlockArgDecl<'a> {
    pub operand: UnresolvedOperand<'a>,
    pub ty: Type,
    pub loc: Option<Location>,
}

pub struct Parser<'a> {
    pub ctx: &'a Context,
    pub ir: &'a mut Ir,
    src: &'a str,
    lexer: Lexer<'a>,
    tok: Token,
    file: StrId,
    first_line: u32,
    line_starts: Vec<u32>,
    /// Aliases with the nesting depth their definition reached (see
    /// [`Parser::expand_alias`]).
    type_aliases: FxHashMap<Box<str>, (Type, u32)>,
    attr_aliases: FxHashMap<Box<str>, (Attribute, u32)>,
    scopes: Vec<NameScope<'a>>,
    block_scopes: Vec<FxHashMap<&'a str, BlockEntry>>,
    default_dialects: Vec<Option<String>>,
    forward_ref_name: OpName,
    /// Op names already seen, by their quoted source text: most files use
    /// few distinct ops many times, and this skips the shared interner.
    op_name_cache: FxHashMap<&'a str, (OpName, Option<&'a OpDefinition>)>,
    /// The same for custom ops written with their dialect prefix.
    custom_op_cache: FxHashMap<&'a str, (OpName, &'a OpDefinition)>,
    /// Recently parsed function types by their source text (see `parse_function_type`).
    pub(crate) function_type_cache: Vec<(&'a str, Type)>,
    /// The last file name seen in a `loc(...)`, with its identifier.
    last_loc_file: Option<(&'a str, StrId)>,
    /// Current nesting depth, bounded by [`MAX_NESTING_DEPTH`].
    nesting_depth: u32,
    /// The deepest nesting reached so far, counting expanded aliases: how
    /// deep an alias definition goes is measured with it.
    deepest: u32,
    /// `loc(#alias)` used before `#alias = loc(...)` is defined (MLIR allows
    /// this for op and block-argument locations; printed debug info defines
    /// its `#loc` aliases after the module): the placeholder location, the
    /// alias name and where it was first used. Resolved at the end.
    deferred_locs: Vec<(Location, &'a str, u32)>,
}

/// Parses a whole file into `ir`, returning the top-level `builtin.module`
/// (an implicit one wraps top-level ops that are not a single module).
pub fn parse_source(
    ctx: &Context,
    ir: &mut Ir,
    text: &str,
    source: &SourceInfo,
) -> DiagResult<OpId> {
    let mut parser = Parser::new(ctx, ir, text, source);
    parser.parse_top_level()
}

impl<'a> Parser<'a> {
    pub fn new(ctx: &'a Context, ir: &'a mut Ir, src: &'a str, source: &SourceInfo) -> Self {
        let mut line_starts = vec![0u32];
        line_starts.extend(memchr::memchr_iter(b'\n', src.as_bytes()).map(|i| i as u32 + 1));
        let mut lexer = Lexer::new(src);
        let tok = lexer.next_token();
        Parser {
            ctx,
            ir,
            src,
            lexer,
            tok,
            file: ctx.intern_str(&source.file_name),
            first_line: source.first_line,
            line_starts,
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            scopes: Vec::new(),
            block_scopes: Vec::new(),
            default_dialects: Vec::new(),
            forward_ref_name: ctx.op_name(FORWARD_REF_OP),
            op_name_cache: FxHashMap::default(),
            custom_op_cache: FxHashMap::default(),
            last_loc_file: None,
            nesting_depth: 0,
            deepest: 0,
            function_type_cache: Vec::new(),
            deferred_locs: Vec::new(),
        }
    }

    // ====================================================================
    // Tokens, locations, errors
    // ====================================================================

    #[inline]
    pub fn token(&self) -> Token {
        self.tok
    }
    #[inline]
    pub fn kind(&self) -> TokenKind {
        self.tok.kind
    }
    #[inline]
    pub fn text(&self) -> &'a str {
        self.tok.text(self.src)
    }
    /// The source text from the current token on.
    pub(crate) fn rest_of_source(&self) -> &'a str {
        &self.src[self.tok.start as usize..]
    }
    pub(crate) fn source_between(&self, start: u32, end: u32) -> &'a str {
        &self.src[start as usize..end as usize]
    }
    /// End offset of the previous token (where the last consumed token ended).
    pub(crate) fn token_start(&self) -> u32 {
        self.tok.start
    }
    #[inline]
    pub fn advance(&mut self) {
        self.tok = self.lexer.next_token();
    }
    /// Repositions the lexer at byte `pos` (after raw scanning).
    pub(crate) fn reset_lexer(&mut self, pos: usize) {
        self.lexer.reset_to(pos);
        self.tok = self.lexer.next_token();
    }
    /// The byte right after the current token, for raw scanning.
    fn byte_after_token(&self) -> u8 {
        self.src
            .as_bytes()
            .get(self.tok.end as usize)
            .copied()
            .unwrap_or(0)
    }

    /// Location of byte `offset` of the text.
    pub fn loc_at(&self, offset: u32) -> Location {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let col = offset - self.line_starts[line] + 1;
        self.ctx.location(LocationData::FileLineCol {
            file: self.file,
            line: line as u32 + 1 + self.first_line,
            col,
            end: None,
        })
    }
    pub fn current_loc(&self) -> Location {
        self.loc_at(self.tok.start)
    }

    pub fn error_at(&self, offset: u32, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.loc_at(offset), message)
    }
    pub fn error_here(&self, message: impl Into<String>) -> Diagnostic {
        if self.tok.kind == TokenKind::Error {
            if let Some(lexer_message) = self.lexer.error {
                return self.error_at(self.tok.start, lexer_message);
            }
        }
        // At the end of the input MLIR points at the last character (the
        // end of the last line), not past it.
        let at = if self.tok.kind == TokenKind::Eof {
            self.tok.start.saturating_sub(1)
        } else {
            self.tok.start
        };
        self.error_at(at, message)
    }

    /// An "expected X" error about the current token, placed as MLIR's
    /// `Parser::emitWrongTokenError` places it: when the token starts a line,
    /// at the end of the previous non-blank line (before any `//` comment),
    /// so the error sits where the missing token belongs.
    pub fn wrong_token_error(&self, message: impl Into<String>) -> Diagnostic {
        if self.tok.kind == TokenKind::Error {
            return self.error_here(message);
        }
        let bytes = self.src.as_bytes();
        // At the end of the input MLIR starts from the last character.
        let original = if self.tok.kind == TokenKind::Eof {
            (self.tok.start as usize).saturating_sub(1)
        } else {
            self.tok.start as usize
        };
        let mut end = original.min(bytes.len());
        loop {
            while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return self.error_at(original as u32, message);
            }
            if !matches!(bytes[end - 1], b'\n' | b'\r') {
                return self.error_at(end as u32, message);
            }
            end -= 1;
            let line_start = bytes[..end]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |i| i + 1);
            if let Some(comment) = self.src[line_start..end].find("//") {
                end = line_start + comment;
            }
        }
    }

    pub fn is(&self, kind: TokenKind) -> bool {
        self.tok.kind == kind
    }
    /// Consumes a token of `kind` if present.
    pub fn consume_if(&mut self, kind: TokenKind) -> bool {
        if self.tok.kind == kind {
            self.advance();
            true
        } else {
            false
        }
    }
    /// Consumes a token of `kind` or fails with `expected <what>`.
    pub fn expect(&mut self, kind: TokenKind, what: &str) -> DiagResult<()> {
        if self.consume_if(kind) {
            Ok(())
        } else {
            Err(self.wrong_token_error(format!("expected {what}")))
        }
    }
    pub fn is_keyword(&self, word: &str) -> bool {
        self.tok.kind == TokenKind::BareIdent && self.text() == word
    }
    pub fn consume_keyword(&mut self, word: &str) -> bool {
        if self.is_keyword(word) {
            self.advance();
            true
        } else {
            false
        }
    }
    pub fn expect_keyword(&mut self, word: &str) -> DiagResult<()> {
        if self.consume_keyword(word) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected '{word}'")))
        }
    }

    /// Parses `elem (, elem)*` between `open` and `close`; empty allowed.
    pub fn parse_comma_list_in(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        context: &str,
        mut element: impl FnMut(&mut Self) -> DiagResult<()>,
    ) -> DiagResult<()> {
        // An empty context is MLIR's bare "expected ')'".
        let expected = |token: TokenKind| {
            if context.is_empty() {
                format!("expected '{}'", punct(token))
            } else {
                format!("expected '{}' in {context}", punct(token))
            }
        };
        if !self.consume_if(open) {
            return Err(self.wrong_token_error(expected(open)));
        }
        if self.consume_if(close) {
            return Ok(());
        }
        self.parse_comma_list(&mut element)?;
        if !self.consume_if(close) {
            return Err(self.wrong_token_error(expected(close)));
        }
        Ok(())
    }

    /// Parses `elem (, elem)*` (at least one).
    pub fn parse_comma_list(
        &mut self,
        mut element: impl FnMut(&mut Self) -> DiagResult<()>,
    ) -> DiagResult<()> {
        element(self)?;
        while self.consume_if(TokenKind::Comma) {
            element(self)?;
        }
        Ok(())
    }

    // ====================================================================
    // Top level
    // ====================================================================

    fn parse_top_level(&mut self) -> DiagResult<OpId> {
        let module_name = self.ctx.op_name("builtin.module");
        let file_loc = self.ctx.location(LocationData::FileLineCol {
            file: self.file,
            line: self.first_line,
            col: 0,
            end: None,
        });
        let mut state = OperationState::new(self.ctx, "builtin.module", file_loc);
        state.num_regions = 1;
        let module = self.ir.create_op(state, InsertPoint::Detached);
        let body_region = self.ir.region(module, 0);
        let body = self.ir.append_block(body_region, &[]);
        self.scopes.push(NameScope::default());
        self.scopes.last_mut().unwrap().region_defs.push(Vec::new());
        self.block_scopes.push(FxHashMap::default());
        self.default_dialects.push(None);
        // The first top-level op that uses every level of nesting: fine as
        // the file's one module, one level too deep once the printer wraps
        // it in the implicit `module { ... }`.
        let mut at_limit = None;
        loop {
            match self.kind() {
                TokenKind::Eof => break,
                TokenKind::HashIdent => self.parse_attribute_alias_definition()?,
                TokenKind::ExclamationIdent => self.parse_type_alias_definition()?,
                TokenKind::FileMetadataBegin => {
                    return Err(self.error_here(
                        "file metadata ({-# ... #-}, e.g. dialect resources) is not supported by Strata",
                    ))
                }
                _ => {
                    let start = self.offset();
                    let (_, depth) =
                        self.measure_depth(|p| p.parse_operation(InsertPoint::BlockEnd(body)))?;
                    if depth >= MAX_NESTING_DEPTH {
                        at_limit.get_or_insert(start);
                    }
                }
            }
        }
        let blocks = self.block_scopes.pop().unwrap_or_default();
        if let Some(undefined) = blocks
            .values()
            .filter(|b| !b.defined)
            .min_by_key(|b| self.ctx.file_line_col(b.loc).map(|(_, l, c)| (l, c)))
        {
            return Err(Diagnostic::error(
                undefined.loc,
                "reference to an undefined block",
            ));
        }
        self.finish_name_scope()?;
        if !self.deferred_locs.is_empty() {
            self.resolve_deferred_locs(module)?;
        }
        // A file holding exactly one module is that module.
        let ops: SmallVec<[OpId; 2]> = self.ir.block_ops(body).collect();
        if ops.len() == 1 && self.ir.op_name(ops[0]) == module_name {
            self.ir.detach_op(ops[0]);
            return Ok(ops[0]);
        }
        if let Some(at) = at_limit {
            return Err(self.error_at(at, format!(
                "nesting too deep: more than {MAX_NESTING_DEPTH} levels of regions, attributes, types or locations inside the implicit top-level module"
            )));
        }
        Ok(module)
    }

    fn parse_attribute_alias_definition(&mut self) -> DiagResult<()> {
        let name: Box<str> = self.text()[1..].into();
        let at = self.tok.start;
        if name.contains('.') {
            return Err(self
                .error_here("attribute names with a '.' are reserved for dialect-defined names"));
        }
        if self.attr_aliases.contains_key(&name) {
            return Err(self.error_at(at, format!("redefinition of attribute alias id '{name}'")));
        }
        self.advance();
        self.expect(TokenKind::Equal, "'=' in attribute alias definition")?;
        let (attr, depth) = self.measure_depth(|p| p.parse_attribute(None))?;
        self.attr_aliases.insert(name, (attr, depth));
        Ok(())
    }

    fn parse_type_alias_definition(&mut self) -> DiagResult<()> {
        let name: Box<str> = self.text()[1..].into();
        let at = self.tok.start;
        if name.contains('.') {
            return Err(
                self.error_here("type names with a '.' are reserved for dialect-defined names")
            );
        }
        if self.type_aliases.contains_key(&name) {
            return Err(self.error_at(at, format!("redefinition of type alias id '{name}'")));
        }
        self.advance();
        self.expect(TokenKind::Equal, "'=' in type alias definition")?;
        let (ty, depth) = self.measure_depth(|p| p.parse_type())?;
        self.type_aliases.insert(name, (ty, depth));
        Ok(())
    }

    /// Runs `parse` and also returns how many nesting levels below the
    /// current one it reached, aliases it used included.
    fn measure_depth<T>(
        &mut self,
        parse: impl FnOnce(&mut Self) -> DiagResult<T>,
    ) -> DiagResult<(T, u32)> {
        let outer = std::mem::replace(&mut self.deepest, self.nesting_depth);
        let result = parse(self);
        let depth = self.deepest - self.nesting_depth;
        self.deepest = self.deepest.max(outer);
        Ok((result?, depth))
    }

    /// The value of an alias used at the current token, which stands for
    /// its whole definition: the levels that definition nests count against
    /// [`MAX_NESTING_DEPTH`] as if it were written out here. Otherwise a
    /// chain `!t1 = tuple<!t0>`, `!t2 = tuple<!t1>`, ... builds a value
    /// nested without bound, which the printer writes out in full and no
    /// parser reads back.
    fn expand_alias<T: Copy>(&mut self, alias: Option<(T, u32)>) -> DiagResult<Option<T>> {
        let Some((value, depth)) = alias else {
            return Ok(None);
        };
        // The use is already one level in (the type, attribute or location
        // being parsed), as the definition's own top level was.
        let reached = (self.nesting_depth + depth).saturating_sub(1);
        if reached > MAX_NESTING_DEPTH {
            return Err(self.nesting_too_deep());
        }
        self.deepest = self.deepest.max(reached);
        Ok(Some(value))
    }

    pub(crate) fn type_alias(&mut self, name: &str) -> DiagResult<Option<Type>> {
        self.expand_alias(self.type_aliases.get(name).copied())
    }
    pub(crate) fn attr_alias(&mut self, name: &str) -> DiagResult<Option<Attribute>> {
        self.expand_alias(self.attr_aliases.get(name).copied())
    }

    fn nesting_too_deep(&self) -> Diagnostic {
        self.error_here(format!(
            "nesting too deep: more than {MAX_NESTING_DEPTH} levels of regions, attributes, types or locations"
        ))
    }

    // ====================================================================
    // SSA names
    // ====================================================================

    fn finish_name_scope(&mut self) -> DiagResult<()> {
        let scope = self.scopes.pop().expect("name scope underflow");
        let mut pending: Vec<(&str, u32, ForwardRef)> = scope
            .forward_refs
            .into_iter()
            .map(|((n, i), f)| (n, i, f))
            .collect();
        if pending.is_empty() {
            return Ok(());
        }
        pending.sort_by_key(|(_, _, f)| self.ctx.file_line_col(f.loc).map(|(_, l, c)| (l, c)));
        let (_, _, first) = &pending[0];
        Err(Diagnostic::error(
            first.loc,
            "use of undeclared SSA value name",
        ))
    }

    /// Parses `%name` or `%name#N`.
    pub fn parse_operand_ref(&mut self) -> DiagResult<UnresolvedOperand<'a>> {
        if !self.is(TokenKind::PercentIdent) {
            return Err(self.wrong_token_error("expected SSA operand"));
        }
        let offset = self.tok.start;
        let name: &'a str = &self.text()[1..];
        self.advance();
        let mut number = 0;
        if self.is(TokenKind::HashIdent) {
            let digits = &self.text()[1..];
            number = digits
                .parse::<u32>()
                .map_err(|_| self.error_here("invalid SSA value result number"))?;
            self.advance();
        }
        Ok(UnresolvedOperand {
            name,
            number,
            offset,
        })
    }

    /// Resolves `operand` to a value of type `ty`, creating a placeholder for
    /// a name not defined yet.
    pub fn resolve_operand(
        &mut self,
        operand: &UnresolvedOperand<'a>,
        ty: Type,
    ) -> DiagResult<Value> {
        let operand_loc = |p: &Self| p.loc_at(operand.offset);
        let scope_index = self.scopes.len() - 1;
        // Visible definitions: the innermost scope, and outer scopes through
        // regions that are not isolated (scopes are pushed only at isolation).
        if let Some(entry) = self.scopes[scope_index].values.get(operand.name) {
            let Some(&value) = entry.values.get(operand.number as usize) else {
                return Err(Diagnostic::error(
                    operand_loc(self),
                    "reference to invalid result number",
                ));
            };
            let actual = self.ir.value_type(value);
            if actual != ty {
                let defined_at = self.loc_at(entry.offset);
                return Err(Diagnostic::error(
                    operand_loc(self),
                    format!(
                        "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                        display_ref(operand),
                        crate::asm::printer::type_to_string(self.ctx, ty),
                        crate::asm::printer::type_to_string(self.ctx, actual)
                    ),
                )
                .with_note(defined_at, "prior use here"));
            }
            return Ok(value);
        }
        let key = (operand.name, operand.number);
        if let Some(existing) = self.scopes[scope_index].forward_refs.get(&key) {
            let placeholder = existing.placeholder;
            let actual = self.ir.value_type(placeholder);
            if actual != ty {
                return Err(Diagnostic::error(
                    operand_loc(self),
                    format!(
                        "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                        display_ref(operand),
                        crate::asm::printer::type_to_string(self.ctx, ty),
                        crate::asm::printer::type_to_string(self.ctx, actual)
                    ),
                ));
            }
            return Ok(placeholder);
        }
        let loc = operand_loc(self);
        let mut state = OperationState::new(self.ctx, FORWARD_REF_OP, loc);
        state.name = self.forward_ref_name;
        state.result_types.push(ty);
        let op = self.ir.create_op(state, InsertPoint::Detached);
        let placeholder = self.ir.result(op, 0);
        self.scopes[scope_index]
            .forward_refs
            .insert(key, ForwardRef { placeholder, loc });
        Ok(placeholder)
    }

    /// Binds `name` to `values` in the current scope, resolving earlier forward references.
    fn define_values(&mut self, name: &'a str, values: &[Value], offset: u32) -> DiagResult<()> {
        if let Some(previous) = self.scopes.last().unwrap().values.get(name) {
            let previous = self.loc_at(previous.offset);
            return Err(self
                .error_at(offset, format!("redefinition of SSA value '%{name}'"))
                .with_note(previous, "previously defined here"));
        }
        let scope = self.scopes.last_mut().unwrap();
        scope.values.insert(
            name,
            ValueEntry {
                values: values.iter().copied().collect(),
                offset,
            },
        );
        if let Some(defs) = scope.region_defs.last_mut() {
            defs.push(name);
        }
        if scope.forward_refs.is_empty() {
            return Ok(());
        }
        for (index, &value) in values.iter().enumerate() {
            let key: (&'a str, u32) = (name, index as u32);
            let Some(forward) = self.scopes.last_mut().unwrap().forward_refs.remove(&key) else {
                continue;
            };
            let expected = self.ir.value_type(forward.placeholder);
            let actual = self.ir.value_type(value);
            if expected != actual {
                // MLIR always names the result number here.
                let shown = format!("{name}#{index}");
                return Err(Diagnostic::error(
                    self.loc_at(offset),
                    format!(
                        "definition of SSA value '%{shown}' has type '{}'",
                        crate::asm::printer::type_to_string(self.ctx, actual)
                    ),
                )
                .with_note(
                    forward.loc,
                    format!(
                        "previously used here with type '{}'",
                        crate::asm::printer::type_to_string(self.ctx, expected)
                    ),
                ));
            }
            self.ir.replace_all_uses_with(forward.placeholder, value);
            let placeholder_op = self.ir.defining_op(forward.placeholder).unwrap();
            let _ = self.ir.erase_op(placeholder_op);
        }
        Ok(())
    }

    // ====================================================================
    // Operations
    // ====================================================================

    /// Parses one operation and inserts it at `at`.
    pub fn parse_operation(&mut self, at: InsertPoint) -> DiagResult<OpId> {
        let op_start = self.tok.start;
        // Result bindings: `%a, %b:2 =`.
        let mut bindings: SmallVec<[(&'a str, u32, u32); 2]> = SmallVec::new();
        if self.is(TokenKind::PercentIdent) {
            loop {
                if !self.is(TokenKind::PercentIdent) {
                    return Err(self.error_here("expected valid ssa identifier"));
                }
                let name: &'a str = &self.text()[1..];
                let name_offset = self.tok.start;
                self.advance();
                let mut count = 1;
                if self.consume_if(TokenKind::Colon) {
                    if !self.is(TokenKind::Integer) {
                        return Err(self.error_here("expected integer number of results"));
                    }
                    count = self
                        .text()
                        .parse::<u32>()
                        .ok()
                        .filter(|&c| c > 0)
                        .ok_or_else(|| {
                            self.error_here("expected named operation to have at least 1 result")
                        })?;
                    self.advance();
                }
                bindings.push((name, count, name_offset));
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            self.expect(TokenKind::Equal, "'=' after SSA name")?;
        }
        // MLIR locates an op at its name, after any result bindings. The
        // location is interned only if no explicit `loc(...)` follows.
        let name_offset = self.tok.start;

        let op = match self.kind() {
            TokenKind::String => self.parse_generic_operation(at)?,
            // An integer type (`i32`) is its own token in MLIR's lexer, not
            // an identifier: no custom op can be named so.
            TokenKind::BareIdent if !is_integer_type_spelling(self.text()) => {
                self.parse_custom_operation(at, name_offset, &bindings)?
            }
            _ => return Err(self.error_here("expected operation name in quotes")),
        };
        if !self.parse_trailing_location(op)? {
            let loc = self.loc_at(name_offset);
            self.ir.set_op_loc(op, loc);
        }

        if !bindings.is_empty() {
            let expected: u32 = bindings.iter().map(|b| b.1).sum();
            let actual = self.ir.num_results(op) as u32;
            if actual == 0 {
                return Err(self.error_at(op_start, "cannot name an operation with no results"));
            }
            if expected != actual {
                return Err(self.error_at(
                    op_start,
                    format!(
                        "operation defines {actual} results but was provided {expected} to bind"
                    ),
                ));
            }
            let results: SmallVec<[Value; 4]> = self.ir.results(op).collect();
            let mut next = 0usize;
            for (name, count, name_offset) in bindings {
                let slice = &results[next..next + count as usize];
                next += count as usize;
                self.define_values(name, slice, name_offset)?;
            }
        }
        Ok(op)
    }

    /// `"name"(operands) [successors] <{props}> (regions) {attrs} : type loc(...)`
    fn parse_generic_operation(&mut self, at: InsertPoint) -> DiagResult<OpId> {
        let name_tok = self.tok;
        let quoted: &'a str = name_tok.text(self.src);
        let name_offset = self.tok.start;
        let (op_name, definition) = match self.op_name_cache.get(quoted) {
            Some(&(op_name, definition)) => (op_name, definition),
            None => {
                let name = String::from_utf8(unescape_string(quoted))
                    .map_err(|_| self.error_here("invalid operation name"))?;
                if name.is_empty() {
                    return Err(self.error_here("empty operation name is invalid"));
                }
                if name.contains('\0') {
                    return Err(self.error_here("null character not allowed in operation name"));
                }
                let op_name = self.ctx.op_name(&name);
                let definition = self.ctx.op_definition(op_name).map(|d| &**d);
                self.op_name_cache.insert(quoted, (op_name, definition));
                (op_name, definition)
            }
        };
        let name = self.ctx.op_name_str(op_name);
        self.advance();
        if definition.is_none()
            && !self.ctx.allow_unregistered_dialects
            && !self.is_unregistered_allowed(name)
        {
            return Err(self.error_at(
                name_offset,
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used".to_string(),
            ));
        }

        // Operands.
        let mut operands: Vec<UnresolvedOperand<'a>> = Vec::new();
        self.parse_comma_list_in(TokenKind::LParen, TokenKind::RParen, "operand list", |p| {
            operands.push(p.parse_operand_ref()?);
            Ok(())
        })?;

        // Successors.
        let mut successors = Vec::new();
        if self.is(TokenKind::LSquare) {
            if definition
                .as_ref()
                .is_some_and(|d| !d.has_trait(OpTraits::TERMINATOR))
            {
                return Err(self.error_here("successors in non-terminator"));
            }
            self.parse_comma_list_in(
                TokenKind::LSquare,
                TokenKind::RSquare,
                "successor list",
                |p| {
                    successors.push(p.parse_successor()?);
                    Ok(())
                },
            )?;
        }

        // Properties.
        let mut properties = self.ctx.empty_dictionary();
        if self.is(TokenKind::Less) {
            self.advance();
            if !self.is(TokenKind::LBrace) {
                return Err(self.error_here("expected '{' to start properties dictionary"));
            }
            properties = self.parse_attribute(None)?;
            if !matches!(self.ctx.attr_data(properties), AttrData::Dictionary(_)) {
                return Err(self.error_here("expected properties to be a dictionary attribute"));
            }
            self.expect(TokenKind::Greater, "'>' to close properties")?;
        }

        // Regions: parsed into detached regions, attached once the op exists.
        // Names stay visible inside isolated-from-above ops, as in MLIR's
        // parser; the verifier reports uses that cross the isolation.
        let isolated = false;
        let mut regions: Vec<RegionId> = Vec::new();
        if self.is(TokenKind::LParen) {
            self.advance();
            loop {
                let region = self.new_detached_region();
                self.parse_region_body(region, &[], isolated, definition)?;
                regions.push(region);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            self.expect(TokenKind::RParen, "')' to end region list")?;
        }

        // Discardable attributes.
        let mut attributes = self.ctx.empty_dictionary();
        if self.is(TokenKind::LBrace) {
            attributes = self.parse_attribute_dict()?;
        }

        // Function type.
        self.expect(TokenKind::Colon, "':' followed by operation type")?;
        let type_offset = self.tok.start;
        let fn_type = self.parse_type()?;
        let Some((inputs, results)) = self.ctx.function_signature(fn_type) else {
            return Err(self.error_at(type_offset, "expected function type"));
        };
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        if inputs.len() != operands.len() {
            return Err(self.error_at(
                type_offset,
                format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    plural(operands.len()),
                    inputs.len()
                ),
            ));
        }
        let mut values = Vec::with_capacity(operands.len());
        for (operand, ty) in operands.iter().zip(inputs) {
            values.push(self.resolve_operand(operand, ty)?);
        }

        // Properties given as plain attributes of a registered op's declared
        // attributes move to properties, as MLIR does.
        if let Some(def) = &definition {
            (properties, attributes) = self.split_inherent_attributes(def, properties, attributes);
        }

        let mut state = OperationState::new(self.ctx, "", self.ctx.unknown_loc());
        state.name = op_name;
        state.operands = values;
        state.result_types = results;
        state.successors = successors;
        state.properties = properties;
        state.attributes = attributes;
        let op = self.create_with_regions(state, regions, at);
        Ok(op)
    }

    /// Moves attributes declared by `def` from the discardable dictionary to properties.
    pub(crate) fn split_inherent_attributes(
        &self,
        def: &OpDefinition,
        properties: Attribute,
        attributes: Attribute,
    ) -> (Attribute, Attribute) {
        // The segment sizes of an op with several variadic groups are
        // inherent too (MLIR's `AttrSizedOperandSegments` property).
        let segmented = |groups: &[crate::opdef::ValueDef]| {
            groups.iter().filter(|g| g.arity != Arity::Single).count() > 1
        };
        let (operand_segments, result_segments) =
            (segmented(&def.operands), segmented(&def.results));
        if (def.attributes.is_empty() && !operand_segments && !result_segments)
            || !def.properties_for_attributes
        {
            return (properties, attributes);
        }
        let entries = self.ctx.dictionary_entries(attributes);
        if entries.is_empty() {
            return (properties, attributes);
        }
        let mut props: Vec<NamedAttr> = self.ctx.dictionary_entries(properties).to_vec();
        let mut rest = Vec::new();
        for &(name, value) in entries {
            let name_str = self.ctx.str(name);
            if def.attributes.iter().any(|a| a.name == name_str)
                || (operand_segments && name_str == "operandSegmentSizes")
                || (result_segments && name_str == "resultSegmentSizes")
            {
                props.push((name, value));
            } else {
                rest.push((name, value));
            }
        }
        (
            self.ctx.dictionary_attr(props),
            self.ctx.dictionary_attr(rest),
        )
    }

    fn is_unregistered_allowed(&self, name: &str) -> bool {
        name == FORWARD_REF_OP
    }

    pub(crate) fn new_detached_region(&mut self) -> RegionId {
        self.ir.regions.push(crate::ir::RegionData::default())
    }

    pub(crate) fn create_with_regions(
        &mut self,
        state: OperationState,
        regions: Vec<RegionId>,
        at: InsertPoint,
    ) -> OpId {
        let op = self.ir.create_op(state, at);
        for region in regions {
            self.ir.regions[region].op = Some(op);
            self.ir.ops[op].regions.push(region);
        }
        op
    }

    /// Parses `loc(...)` after an op if present.
    /// Parses `loc(...)` after an op if present; returns whether it was.
    fn parse_trailing_location(&mut self, op: OpId) -> DiagResult<bool> {
        if self.is_keyword("loc") {
            let loc = self.parse_location_directive()?;
            self.ir.set_op_loc(op, loc);
            return Ok(true);
        }
        Ok(false)
    }

    /// Replaces the placeholders of forward location-alias references.
    fn resolve_deferred_locs(&mut self, root: OpId) -> DiagResult<()> {
        let mut resolved: FxHashMap<Location, Location> = FxHashMap::default();
        for &(placeholder, name, offset) in &self.deferred_locs {
            match self.attr_aliases.get(name).map(|&(attr, _)| attr) {
                Some(attr) if matches!(self.ctx.attr_data(attr), AttrData::Location(_)) => {
                    resolved.insert(placeholder, Location(attr));
                }
                Some(_) => return Err(self.error_at(offset, "expected location attribute")),
                None => {
                    return Err(self.error_at(offset, "operation location alias was never defined"))
                }
            }
        }
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            if let Some(&loc) = resolved.get(&self.ir.op_loc(op)) {
                self.ir.set_op_loc(op, loc);
            }
            let regions: SmallVec<[RegionId; 2]> = self.ir.regions(op).iter().copied().collect();
            for region in regions {
                let blocks: SmallVec<[BlockId; 4]> =
                    self.ir.region_blocks(region).iter().copied().collect();
                for block in blocks {
                    let args: SmallVec<[Value; 4]> =
                        self.ir.block_args(block).iter().copied().collect();
                    for arg in args {
                        if let Some(&loc) = self.ir.value_loc(arg).and_then(|l| resolved.get(&l)) {
                            self.ir.set_block_arg_loc(arg, loc);
                        }
                    }
                    stack.extend(self.ir.block_ops(block));
                }
            }
        }
        Ok(())
    }

    /// Parses `loc(...)`.
    pub fn parse_location_directive(&mut self) -> DiagResult<Location> {
        self.expect_keyword("loc")?;
        self.expect(TokenKind::LParen, "'(' in location")?;
        if self.is(TokenKind::HashIdent) && !self.attr_aliases.contains_key(&self.text()[1..]) {
            // A forward reference to a location alias: a placeholder for now.
            let name: &'a str = &self.text()[1..];
            let offset = self.tok.start;
            self.advance();
            self.expect(TokenKind::RParen, "')' in location")?;
            let placeholder = self.ctx.location(LocationData::Name {
                name: self
                    .ctx
                    .intern_str(&format!("\u{0}deferred location alias #{name}")),
                child: None,
            });
            if !self.deferred_locs.iter().any(|(l, _, _)| *l == placeholder) {
                self.deferred_locs.push((placeholder, name, offset));
            }
            return Ok(placeholder);
        }
        let loc = self.parse_location_instance()?;
        self.expect(TokenKind::RParen, "')' in location")?;
        Ok(loc)
    }

    fn parse_custom_operation(
        &mut self,
        at: InsertPoint,
        name_offset: u32,
        bindings: &[(&'a str, u32, u32)],
    ) -> DiagResult<OpId> {
        let name_tok = self.tok;
        let written = name_tok.text(self.src);
        let Some((name, definition)) = self.lookup_custom_op(written) else {
            // MLIR names the default-dialect spelling it tried too.
            let tried = match self.default_dialects.last() {
                Some(Some(dialect)) if !written.contains('.') => {
                    format!(" (tried '{dialect}.{written}' as well)")
                }
                _ => String::new(),
            };
            return Err(self.error_here(format!("custom op '{written}' is unknown{tried}")));
        };
        if definition.hooks.parse.is_none() && definition.format.is_none() {
            return Err(
                self.error_here(format!("custom op '{written}' has no custom assembly form"))
            );
        }
        self.advance();
        let num_results: usize = bindings.iter().map(|b| b.1 as usize).sum();
        let result_names: Vec<&'a str> = bindings.iter().map(|b| b.0).collect();
        let state = OperationState::named(self.ctx, name, self.ctx.unknown_loc());
        let mut op_parser = OpParser {
            name_offset,
            parser: self,
            definition,
            state,
            regions: Vec::new(),
            num_results_hint: num_results,
            result_names,
        };
        if let Some(parse) = definition.hooks.parse {
            parse(&mut op_parser)?;
        } else if let Some(format) = &definition.format {
            crate::format::parse_with_format(format, definition, &mut op_parser)?;
        }
        let OpParser { state, regions, .. } = op_parser;
        let (props, attrs) =
            self.split_inherent_attributes(definition, state.properties, state.attributes);
        let mut state = state;
        state.properties = props;
        state.attributes = attrs;
        let op = self.create_with_regions(state, regions, at);
        Ok(op)
    }

    /// Finds the definition for a custom op name, trying the default dialect
    /// of the enclosing op and the builtin dialect for unprefixed names.
    fn lookup_custom_op(&mut self, written: &'a str) -> Option<(OpName, &'a OpDefinition)> {
        if let Some(&hit) = self.custom_op_cache.get(written) {
            return Some(hit);
        }
        let lookup = |name: &str| {
            let id = self.ctx.op_name(name);
            self.ctx.op_definition(id).map(|def| (id, &**def))
        };
        if written.contains('.') {
            let found = lookup(written)?;
            self.custom_op_cache.insert(written, found);
            return Some(found);
        }
        // An unprefixed name: itself, in the enclosing op's default
        // dialect, or a builtin op.
        if let Some(def) = lookup(written) {
            return Some(def);
        }
        if let Some(Some(dialect)) = self.default_dialects.last() {
            if let Some(def) = lookup(&format!("{dialect}.{written}")) {
                return Some(def);
            }
        }
        lookup(&format!("builtin.{written}"))
    }

    /// Parses `^bb` or `^bb(%a: t)` in a successor position (no args here).
    pub fn parse_successor(&mut self) -> DiagResult<BlockId> {
        if !self.is(TokenKind::CaretIdent) {
            return Err(self.error_here("expected block name"));
        }
        let name: &'a str = self.text();
        let loc = self.current_loc();
        self.advance();
        Ok(self.block_named(name, loc))
    }

    fn block_named(&mut self, name: &'a str, loc: Location) -> BlockId {
        let scope = self
            .block_scopes
            .last_mut()
            .expect("successor outside of a region");
        if let Some(entry) = scope.get(name) {
            return entry.block;
        }
        let block = self.ir.create_block(&[]);
        self.block_scopes.last_mut().unwrap().insert(
            name,
            BlockEntry {
                block,
                defined: false,
                loc,
            },
        );
        block
    }

    // ====================================================================
    // Regions and blocks
    // ====================================================================

    /// Runs `parse` one nesting level deeper; fails with a diagnostic
    /// instead of recursing past [`MAX_NESTING_DEPTH`].
    pub(crate) fn nested<T>(
        &mut self,
        parse: impl FnOnce(&mut Self) -> DiagResult<T>,
    ) -> DiagResult<T> {
        if self.nesting_depth >= MAX_NESTING_DEPTH {
            return Err(self.nesting_too_deep());
        }
        self.nesting_depth += 1;
        self.deepest = self.deepest.max(self.nesting_depth);
        let result = parse(self);
        self.nesting_depth -= 1;
        result
    }

    /// Parses `{ ... }` into `region`. `entry_args` are arguments declared by
    /// a custom syntax outside the region (like a function's signature).
    pub fn parse_region_body(
        &mut self,
        region: RegionId,
        entry_args: &[BlockArgDecl<'a>],
        isolated: bool,
        owner: Option<&OpDefinition>,
    ) -> DiagResult<()> {
        self.nested(|p| p.parse_region_body_unbounded(region, entry_args, isolated, owner))
    }

    fn parse_region_body_unbounded(
        &mut self,
        region: RegionId,
        entry_args: &[BlockArgDecl<'a>],
        isolated: bool,
        owner: Option<&OpDefinition>,
    ) -> DiagResult<()> {
        self.expect(TokenKind::LBrace, "'{' to begin a region")?;
        if isolated {
            self.scopes.push(NameScope::default());
        }
        self.scopes.last_mut().unwrap().region_defs.push(Vec::new());
        self.block_scopes.push(FxHashMap::default());
        self.default_dialects
            .push(owner.and_then(|d| d.default_dialect.clone()).or_else(|| {
                // Unregistered ops inherit the enclosing default dialect.
                if owner.is_none() {
                    self.default_dialects.last().cloned().flatten()
                } else {
                    None
                }
            }));
        // Names of an isolated op's arguments start a new scope in MLIR.
        let owner_isolated = owner.is_some_and(|d| d.has_trait(OpTraits::ISOLATED_FROM_ABOVE));
        let result = if owner_isolated {
            Ok(())
        } else {
            entry_args
                .iter()
                .try_for_each(|arg| self.check_entry_arg_unused(arg))
        }
        .and_then(|()| self.parse_region_contents(region, entry_args));
        self.default_dialects.pop();
        let blocks = self.block_scopes.pop().unwrap();
        let defs = self.scopes.last_mut().unwrap().region_defs.pop().unwrap();
        for name in defs {
            self.scopes.last_mut().unwrap().values.remove(&name);
        }
        // Pop an isolated region's scope on every path: an error inside a
        // nested isolated op must leave the enclosing scopes as they were.
        let scope_result = if isolated {
            self.finish_name_scope()
        } else {
            Ok(())
        };
        result?;
        let mut undefined: Vec<&BlockEntry> = blocks.values().filter(|b| !b.defined).collect();
        if !undefined.is_empty() {
            undefined.sort_by_key(|b| self.ctx.file_line_col(b.loc).map(|(_, l, c)| (l, c)));
            return Err(Diagnostic::error(
                undefined[0].loc,
                "reference to an undefined block",
            ));
        }
        scope_result
    }

    fn parse_region_contents(
        &mut self,
        region: RegionId,
        entry_args: &[BlockArgDecl<'a>],
    ) -> DiagResult<()> {
        if self.consume_if(TokenKind::RBrace) {
            if !entry_args.is_empty() {
                // A declaration with a signature but no body: keep it empty.
            }
            return Ok(());
        }
        // Entry block without a label.
        if !self.is(TokenKind::CaretIdent) {
            let block = self.ir.append_block(region, &[]);
            self.define_block_args(block, entry_args)?;
            self.parse_block_ops(block)?;
        } else if !entry_args.is_empty() {
            return Err(self.error_here("invalid block name in region with named arguments"));
        }
        while !self.consume_if(TokenKind::RBrace) {
            if !self.is(TokenKind::CaretIdent) {
                return Err(self.error_here("expected block name"));
            }
            self.parse_labeled_block(region)?;
        }
        Ok(())
    }

    /// MLIR's `parseRegionBody`: a named region entry argument may not
    /// reuse a name that is visible or already referenced here.
    fn check_entry_arg_unused(&self, arg: &BlockArgDecl<'a>) -> DiagResult<()> {
        let scope = self.scopes.last().unwrap();
        let previous = match scope.values.get(arg.operand.name) {
            Some(entry) => Some(self.loc_at(entry.offset)),
            None => scope
                .forward_refs
                .get(&(arg.operand.name, arg.operand.number))
                .map(|f| f.loc),
        };
        match previous {
            Some(previous) => Err(self
                .error_at(
                    arg.operand.offset,
                    format!(
                        "region entry argument '%{}' is already in use",
                        display_ref(&arg.operand)
                    ),
                )
                .with_note(previous, "previously referenced here")),
            None => Ok(()),
        }
    }

    fn define_block_args(&mut self, block: BlockId, args: &[BlockArgDecl<'a>]) -> DiagResult<()> {
        for arg in args {
            let value = self.ir.add_block_arg(block, arg.ty);
            // Without `loc(...)`, an argument is located at its name, as in MLIR.
            let loc = arg.loc.unwrap_or_else(|| self.loc_at(arg.operand.offset));
            self.ir.set_block_arg_loc(value, loc);
            self.define_values(arg.operand.name, &[value], arg.operand.offset)?;
        }
        Ok(())
    }

    fn parse_labeled_block(&mut self, region: RegionId) -> DiagResult<()> {
        let name: &'a str = self.text();
        let loc = self.current_loc();
        self.advance();
        let scope = self.block_scopes.last_mut().unwrap();
        let block = match scope.get_mut(name) {
            Some(entry) if entry.defined => {
                return Err(Diagnostic::error(
                    loc,
                    format!("redefinition of block '{name}'"),
                ));
            }
            Some(entry) => {
                entry.defined = true;
                entry.loc = loc;
                entry.block
            }
            None => {
                let block = self.ir.create_block(&[]);
                scope.insert(
                    name,
                    BlockEntry {
                        block,
                        defined: true,
                        loc,
                    },
                );
                block
            }
        };
        self.ir
            .insert_block(region, self.ir.region_blocks(region).len(), block);
        if self.is(TokenKind::LParen) {
            let mut args = Vec::new();
            self.parse_comma_list_in(TokenKind::LParen, TokenKind::RParen, "", |p| {
                args.push(p.parse_block_arg_decl()?);
                Ok(())
            })?;
            self.define_block_args(block, &args)?;
        }
        self.expect(TokenKind::Colon, "':' after block name")?;
        self.parse_block_ops(block)
    }

    /// Parses `%name : type loc(...)?`.
    pub fn parse_block_arg_decl(&mut self) -> DiagResult<BlockArgDecl<'a>> {
        let operand = self.parse_operand_ref()?;
        self.expect(TokenKind::Colon, "':' and type for SSA operand")?;
        let ty = self.parse_type()?;
        let loc = if self.is_keyword("loc") {
            Some(self.parse_location_directive()?)
        } else {
            None
        };
        Ok(BlockArgDecl { operand, ty, loc })
    }

    fn parse_block_ops(&mut self, block: BlockId) -> DiagResult<()> {
        loop {
            match self.kind() {
                TokenKind::CaretIdent | TokenKind::RBrace => return Ok(()),
                TokenKind::Eof => return Err(self.error_here("expected '}' to end a region")),
                _ => {
                    self.parse_operation(InsertPoint::BlockEnd(block))?;
                }
            }
        }
    }

    // ====================================================================
    // Attribute dictionaries and locations
    // ====================================================================

    /// Parses `{name = attr, unit_name, ...}`.
    pub fn parse_attribute_dict(&mut self) -> DiagResult<Attribute> {
        let mut entries: Vec<NamedAttr> = Vec::new();
        let mut seen: FxHashMap<StrId, ()> = FxHashMap::default();
        self.parse_comma_list_in(
            TokenKind::LBrace,
            TokenKind::RBrace,
            "attribute dictionary",
            |p| {
                let name_start = p.tok.start;
                let name = match p.kind() {
                    TokenKind::BareIdent => p.text().to_string(),
                    TokenKind::String => {
                        String::from_utf8_lossy(&unescape_string(p.text())).into_owned()
                    }
                    _ => return Err(p.error_here("expected attribute name")),
                };
                if name.is_empty() {
                    return Err(p.error_here("expected valid attribute name"));
                }
                p.advance();
                let id = p.ctx.intern_str(&name);
                if seen.insert(id, ()).is_some() {
                    return Err(p.error_at(
                        name_start,
                        format!("duplicate key '{name}' in dictionary attribute"),
                    ));
                }
                let value = if p.consume_if(TokenKind::Equal) {
                    p.parse_attribute(None)?
                } else {
                    p.ctx.unit_attr()
                };
                entries.push((id, value));
                Ok(())
            },
        )?;
        Ok(self.ctx.dictionary_attr(entries))
    }

    /// Parses the inside of `loc(...)`.
    pub fn parse_location_instance(&mut self) -> DiagResult<Location> {
        self.nested(|p| p.parse_location_instance_unbounded())
    }

    fn parse_location_instance_unbounded(&mut self) -> DiagResult<Location> {
        match self.kind() {
            TokenKind::HashIdent => {
                let name = &self.text()[1..];
                let Some(attr) = self.attr_alias(name)? else {
                    return Err(self.error_here(format!("undefined symbol alias id '{name}'")));
                };
                if !matches!(self.ctx.attr_data(attr), AttrData::Location(_)) {
                    return Err(self.error_here("expected location attribute"));
                }
                self.advance();
                Ok(Location(attr))
            }
            TokenKind::BareIdent if self.text() == "unknown" => {
                self.advance();
                Ok(self.ctx.unknown_loc())
            }
            TokenKind::BareIdent if self.text() == "callsite" => {
                self.advance();
                self.expect(TokenKind::LParen, "'(' in callsite location")?;
                let callee = self.parse_location_instance()?;
                self.expect_keyword("at")
                    .map_err(|_| self.error_here("expected 'at' in callsite"))?;
                let caller = self.parse_location_instance()?;
                self.expect(TokenKind::RParen, "')' in callsite location")?;
                Ok(self.ctx.location(LocationData::CallSite { callee, caller }))
            }
            TokenKind::BareIdent if self.text() == "fused" => {
                self.advance();
                let mut metadata = None;
                if self.consume_if(TokenKind::Less) {
                    metadata = Some(self.parse_attribute(None)?);
                    self.expect(TokenKind::Greater, "'>' after fused location metadata")?;
                }
                let mut locations = Vec::new();
                self.parse_comma_list_in(
                    TokenKind::LSquare,
                    TokenKind::RSquare,
                    "fused location",
                    |p| {
                        locations.push(p.parse_location_instance()?);
                        Ok(())
                    },
                )?;
                Ok(self.ctx.location(LocationData::Fused {
                    locations: locations.into(),
                    metadata,
                }))
            }
            TokenKind::String => {
                let quoted: &'a str = self.text();
                self.advance();
                if self.consume_if(TokenKind::Colon) {
                    let line = self.parse_u32("expected integer line number in FileLineColLoc")?;
                    self.expect(TokenKind::Colon, "':' in FileLineColLoc")?;
                    let col = self.parse_u32("expected integer column number in FileLineColLoc")?;
                    let mut end = None;
                    if self.consume_keyword("to") {
                        let mut end_line = line;
                        if self.is(TokenKind::Integer) {
                            end_line = self.parse_u32("expected line")?;
                        }
                        self.expect(TokenKind::Colon, "':' in FileLineColRange")?;
                        let end_col =
                            self.parse_u32("expected integer column number in FileLineColRange")?;
                        end = Some((end_line, end_col));
                    }
                    let file = match self.last_loc_file {
                        Some((last, id)) if last == quoted => id,
                        _ => {
                            let text =
                                String::from_utf8_lossy(&unescape_string(quoted)).into_owned();
                            let id = self.ctx.intern_str(&text);
                            self.last_loc_file = Some((quoted, id));
                            id
                        }
                    };
                    return Ok(self.ctx.location(LocationData::FileLineCol {
                        file,
                        line,
                        col,
                        end,
                    }));
                }
                let text = String::from_utf8_lossy(&unescape_string(quoted)).into_owned();
                let name = self.ctx.intern_str(&text);
                let mut child = None;
                if self.consume_if(TokenKind::LParen) {
                    child = Some(self.parse_location_instance()?);
                    self.expect(TokenKind::RParen, "')' after child location of NameLoc")?;
                }
                Ok(self.ctx.location(LocationData::Name { name, child }))
            }
            _ => Err(self.error_here("expected location instance")),
        }
    }

    fn parse_u32(&mut self, message: &str) -> DiagResult<u32> {
        if !self.is(TokenKind::Integer) {
            return Err(self.error_here(message));
        }
        let value = self
            .text()
            .parse::<u32>()
            .map_err(|_| self.error_here(message))?;
        self.advance();
        Ok(value)
    }

    /// Parses the raw `<...>` body following the current token (which must
    /// end right before `<`) and returns its text. Leaves the parser after `>`.
    pub(crate) fn take_angle_body_after_token(&mut self) -> DiagResult<&'a str> {
        self.take_angle_body(false)
    }

    /// As [`Self::take_angle_body_after_token`]; with `comparisons`, `>=`
    /// and `<=` inside the body are operators (affine sets).
    pub(crate) fn take_angle_body(&mut self, comparisons: bool) -> DiagResult<&'a str> {
        debug_assert_eq!(self.byte_after_token(), b'<');
        self.lexer.reset_to(self.tok.end as usize);
        let start = self.tok.end;
        match self.lexer.scan_angle_body(comparisons) {
            Ok((body_start, body_end)) => {
                let after = self.lexer.position();
                self.reset_lexer(after);
                Ok(&self.src[body_start..body_end])
            }
            Err(message) => Err(self.error_at(start, message)),
        }
    }

    /// Whether `<` follows the current token immediately (pretty dialect syntax).
    pub(crate) fn angle_follows(&self) -> bool {
        self.byte_after_token() == b'<'
    }

    /// Byte offset of the current token (for errors inside raw bodies).
    pub fn offset(&self) -> u32 {
        self.tok.start
    }
}

fn punct(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::LParen => "(",
        TokenKind::RParen => ")",
        TokenKind::LSquare => "[",
        TokenKind::RSquare => "]",
        TokenKind::LBrace => "{",
        TokenKind::RBrace => "}",
        TokenKind::Less => "<",
        TokenKind::Greater => ">",
        _ => "?",
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn display_ref(operand: &UnresolvedOperand<'_>) -> String {
    if operand.number == 0 {
        operand.name.to_string()
    } else {
        format!("{}#{}", operand.name, operand.number)
    }
}

/// The parser as seen by a custom op syntax (MLIR's `OpAsmParser`): it
/// parses pieces and accumulates the op being built.
pub struct OpParser<'p, 'a> {
    pub parser: &'p mut Parser<'a>,
    /// Byte offset of the op name (the op's location unless `loc(...)` follows).
    pub name_offset: u32,
    pub definition: &'a OpDefinition,
    pub state: OperationState,
    pub regions: Vec<RegionId>,
    /// How many results the text binds (`%a, %b:2 = ...` gives 3).
    pub num_results_hint: usize,
    pub result_names: Vec<&'a str>,
}

impl<'p, 'a> OpParser<'p, 'a> {
    pub fn ctx(&self) -> &'a Context {
        self.parser.ctx
    }
    /// An error at the current token from the op's own syntax, prefixed
    /// `custom op 'NAME' ` as MLIR's `CustomOpAsmParser::emitError` does
    /// (so `parseKeyword`, `parseInteger`, `resolveOperands` and every
    /// `emitError` of a hand-written parser carry it). Token-level errors
    /// (`expected ':'`, type and attribute syntax) go through the plain
    /// parser and are not prefixed: use [`Self::token_error_here`].
    pub fn error_here(&self, message: impl Into<String>) -> Diagnostic {
        self.parser.error_here(self.prefixed(message.into()))
    }
    /// Like [`Self::error_here`] at a given byte offset.
    pub fn error_at(&self, offset: u32, message: impl Into<String>) -> Diagnostic {
        self.parser.error_at(offset, self.prefixed(message.into()))
    }
    /// An error at the current token without the `custom op` prefix (MLIR's
    /// `Parser::emitError`, used by `parseToken` and the type/attribute parsers).
    pub fn token_error_here(&self, message: impl Into<String>) -> Diagnostic {
        self.parser.wrong_token_error(message)
    }
    fn prefixed(&self, message: String) -> String {
        format!("custom op '{}' {message}", self.definition.name)
    }
    pub fn loc(&self) -> Location {
        self.parser.current_loc()
    }
    /// The location of the op being parsed (its name).
    pub fn op_loc(&self) -> Location {
        self.parser.loc_at(self.name_offset)
    }

    pub fn parse_operand(&mut self) -> DiagResult<UnresolvedOperand<'a>> {
        self.parser.parse_operand_ref()
    }
    pub fn parse_optional_operand(&mut self) -> DiagResult<Option<UnresolvedOperand<'a>>> {
        if self.parser.is(TokenKind::PercentIdent) {
            Ok(Some(self.parser.parse_operand_ref()?))
        } else {
            Ok(None)
        }
    }
    /// Parses `%a, %b, ...` (possibly empty when no `%` follows).
    pub fn parse_operand_list(&mut self) -> DiagResult<Vec<UnresolvedOperand<'a>>> {
        let mut out = Vec::new();
        if !self.parser.is(TokenKind::PercentIdent) {
            return Ok(out);
        }
        self.parser.parse_comma_list(|p| {
            out.push(p.parse_operand_ref()?);
            Ok(())
        })?;
        Ok(out)
    }
    pub fn resolve_operand(
        &mut self,
        operand: &UnresolvedOperand<'a>,
        ty: Type,
    ) -> DiagResult<Value> {
        self.parser.resolve_operand(operand, ty)
    }
    /// Resolves operands with their types and appends them to the op.
    pub fn add_operands(
        &mut self,
        operands: &[UnresolvedOperand<'a>],
        types: &[Type],
    ) -> DiagResult<()> {
        if operands.len() != types.len() {
            let loc = operands
                .first()
                .map(|o| self.parser.loc_at(o.offset))
                .unwrap_or_else(|| self.loc());
            return Err(Diagnostic::error(
                loc,
                self.prefixed(format!(
                    "{} operands present, but expected {}",
                    operands.len(),
                    types.len()
                )),
            ));
        }
        for (operand, &ty) in operands.iter().zip(types) {
            let value = self.parser.resolve_operand(operand, ty)?;
            self.state.operands.push(value);
        }
        Ok(())
    }
    pub fn parse_type(&mut self) -> DiagResult<Type> {
        self.parser.parse_type()
    }
    pub fn parse_colon_type(&mut self) -> DiagResult<Type> {
        self.parser.expect(TokenKind::Colon, "':'")?;
        self.parser.parse_type()
    }
    /// Parses `type (, type)*`.
    /// Parses `type` or `(type, ...)`, possibly `()` (MLIR's
    /// `parseTypeList` after an arrow or colon).
    pub fn parse_type_list_maybe_parens(&mut self) -> DiagResult<Vec<Type>> {
        if !self.consume_if(TokenKind::LParen) {
            return Ok(vec![self.parse_type()?]);
        }
        if self.consume_if(TokenKind::RParen) {
            return Ok(Vec::new());
        }
        let types = self.parse_type_list()?;
        self.expect(TokenKind::RParen, "')'")?;
        Ok(types)
    }
    /// Parses `-> type` or `-> (type, ...)` if an arrow follows; no types
    /// otherwise (MLIR's `parseOptionalArrowTypeList`).
    pub fn parse_optional_arrow_type_list(&mut self) -> DiagResult<Vec<Type>> {
        if !self.consume_if(TokenKind::Arrow) {
            return Ok(Vec::new());
        }
        self.parse_type_list_maybe_parens()
    }
    pub fn parse_type_list(&mut self) -> DiagResult<Vec<Type>> {
        let mut out = Vec::new();
        self.parser.parse_comma_list(|p| {
            out.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(out)
    }
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> DiagResult<Attribute> {
        self.parser.parse_attribute(ty)
    }
    /// Parses an optional `{...}` (or `attributes {...}` when `with_keyword`) into the op's attributes.
    pub fn parse_optional_attr_dict(&mut self, with_keyword: bool) -> DiagResult<()> {
        if with_keyword {
            if !self.parser.consume_keyword("attributes") {
                return Ok(());
            }
        } else if !self.parser.is(TokenKind::LBrace) {
            return Ok(());
        }
        let dict = self.parser.parse_attribute_dict()?;
        let mut entries = self
            .ctx()
            .dictionary_entries(self.state.attributes)
            .to_vec();
        entries.extend_from_slice(self.ctx().dictionary_entries(dict));
        self.state.attributes = self.ctx().dictionary_attr(entries);
        Ok(())
    }
    /// Parses `<{...}>` properties if present.
    pub fn parse_optional_properties(&mut self) -> DiagResult<()> {
        if !self.parser.is(TokenKind::Less) {
            return Ok(());
        }
        self.parser.advance();
        let dict = self.parser.parse_attribute_dict()?;
        self.parser
            .expect(TokenKind::Greater, "'>' to close properties")?;
        let mut entries = self
            .ctx()
            .dictionary_entries(self.state.properties)
            .to_vec();
        entries.extend_from_slice(self.ctx().dictionary_entries(dict));
        self.state.properties = self.ctx().dictionary_attr(entries);
        Ok(())
    }
    pub fn add_attribute(&mut self, name: &str, value: Attribute) {
        let id = self.ctx().intern_str(name);
        self.state.attributes = self
            .ctx()
            .dictionary_with(self.state.attributes, id, Some(value));
    }
    pub fn add_property(&mut self, name: &str, value: Attribute) {
        let id = self.ctx().intern_str(name);
        self.state.properties = self
            .ctx()
            .dictionary_with(self.state.properties, id, Some(value));
    }
    pub fn add_result_types(&mut self, types: &[Type]) {
        self.state.result_types.extend_from_slice(types);
    }
    pub fn add_successor(&mut self, block: BlockId) {
        self.state.successors.push(block);
    }
    pub fn parse_successor(&mut self) -> DiagResult<BlockId> {
        self.parser.parse_successor()
    }
    pub fn is_keyword(&self, word: &str) -> bool {
        self.parser.is_keyword(word)
    }
    pub fn consume_keyword(&mut self, word: &str) -> bool {
        self.parser.consume_keyword(word)
    }
    /// MLIR's `parseKeyword`: the error is the op's (prefixed).
    pub fn expect_keyword(&mut self, word: &str) -> DiagResult<()> {
        if self.parser.consume_keyword(word) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected '{word}'")))
        }
    }
    pub fn is(&self, kind: TokenKind) -> bool {
        self.parser.is(kind)
    }
    pub fn consume_if(&mut self, kind: TokenKind) -> bool {
        self.parser.consume_if(kind)
    }
    pub fn expect(&mut self, kind: TokenKind, what: &str) -> DiagResult<()> {
        self.parser.expect(kind, what)
    }
    /// Parses `@name` (bare or quoted) and returns the name.
    pub fn parse_symbol_name(&mut self) -> DiagResult<String> {
        if !self.parser.is(TokenKind::AtIdent) {
            return Err(self.error_here("expected valid '@'-identifier for symbol name"));
        }
        let name = symbol_text(self.parser.text());
        self.parser.advance();
        Ok(name)
    }
    /// Parses a region into the op. `entry_args` become the entry block's arguments.
    pub fn parse_region(&mut self, entry_args: &[BlockArgDecl<'a>]) -> DiagResult<RegionId> {
        let region = self.parser.new_detached_region();
        let isolated = false;
        let definition = self.definition;
        self.parser
            .parse_region_body(region, entry_args, isolated, Some(definition))?;
        self.regions.push(region);
        Ok(region)
    }
    /// Parses a region if one starts here.
    pub fn parse_optional_region(
        &mut self,
        entry_args: &[BlockArgDecl<'a>],
    ) -> DiagResult<Option<RegionId>> {
        if self.parser.is(TokenKind::LBrace) {
            Ok(Some(self.parse_region(entry_args)?))
        } else {
            Ok(None)
        }
    }
    /// Adds an empty region (for optional regions that were absent).
    pub fn add_empty_region(&mut self) -> RegionId {
        let region = self.parser.new_detached_region();
        self.regions.push(region);
        region
    }
    /// Ensures region `region` has a block (MLIR's `ensureTerminator`-free variant).
    pub fn ir(&mut self) -> &mut Ir {
        self.parser.ir
    }
}

/// The name inside an `@name` or `@"name"` token.
pub fn symbol_text(token_text: &str) -> String {
    let body = &token_text[1..];
    if body.starts_with('"') {
        String::from_utf8_lossy(&unescape_string(body)).into_owned()
    } else {
        body.to_string()
    }
}

/// Whether `text` spells an integer type: `i32`, `si8`, `ui64`.
fn is_integer_type_spelling(text: &str) -> bool {
    let digits = text
        .strip_prefix("si")
        .or_else(|| text.strip_prefix("ui"))
        .or_else(|| text.strip_prefix('i'));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}
