//! VTA instructions and micro-ops, and their bit encodings (spec §2-§4).
//!
//! Instructions are typed values ([`Insn`]) with plain integer fields; the
//! 128-bit encoding is computed from a [`VtaConfig`] because the widths of the
//! GEMM/ALU index fields and of the micro-op fields are the log2 of the buffer
//! depths. Rather than hard-coding the default bit positions, [`IsaLayout`]
//! places the fields the way a C compiler lays out TVM's bitfield structs:
//! fields in declaration order, and a field that would straddle a 64-bit word
//! starts the next word. That single rule reproduces every table of the spec
//! for the default configuration (bit 63 unused, the second word at bit 64)
//! and gives the right answer for other configurations; a configuration whose
//! fields do not fit two words is rejected when the layout is built.
//!
//! Encoding never truncates: a field value wider than its field is an
//! [`EncodeError`]. Decoding rejects unknown opcodes, memory ids and ALU
//! opcodes, and also any set bit that belongs to no field, so that
//! `decode(encode(i)) == i` and `encode(decode(w)) == w` both hold.

use thiserror::Error;

use crate::config::{ConfigError, VtaConfig};

/// Bits of an instruction.
pub const INSN_BITS: u32 = 128;
/// Bytes of an instruction.
pub const INSN_BYTES: usize = 16;
/// Bits of a micro-op.
pub const UOP_BITS: u32 = 32;
/// Width of the GEMM/ALU loop iteration counts (TVM's `VTA_LOOP_ITER_WIDTH`).
pub const LOOP_ITER_BITS: u32 = 14;
/// Width of the LOAD/STORE SRAM base field.
pub const SRAM_ADDR_BITS: u32 = 16;
/// Width of the LOAD/STORE DRAM base field.
pub const DRAM_ADDR_BITS: u32 = 32;
/// Width of the LOAD/STORE size and stride fields.
pub const MEM_SIZE_BITS: u32 = 16;
/// Width of each LOAD padding field: padding is at most 15 per side.
pub const PAD_BITS: u32 = 4;
/// Width of the opcode, memory id and ALU opcode fields.
pub const OPCODE_BITS: u32 = 3;
/// Width of the signed ALU immediate.
pub const ALU_IMM_BITS: u32 = 16;
/// Bits in one word of the C bitfield layout; no field straddles two.
const WORD_BITS: u32 = 64;

/// The 3-bit instruction opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opcode {
    Load = 0,
    Store = 1,
    Gemm = 2,
    Finish = 3,
    Alu = 4,
}

impl Opcode {
    pub fn from_bits(bits: u64) -> Option<Opcode> {
        Some(match bits {
            0 => Opcode::Load,
            1 => Opcode::Store,
            2 => Opcode::Gemm,
            3 => Opcode::Finish,
            4 => Opcode::Alu,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Opcode::Load => "LOAD",
            Opcode::Store => "STORE",
            Opcode::Gemm => "GEMM",
            Opcode::Finish => "FINISH",
            Opcode::Alu => "ALU",
        }
    }
}

/// The 3-bit memory id of LOAD and STORE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemId {
    Uop = 0,
    Wgt = 1,
    Inp = 2,
    Acc = 3,
    Out = 4,
    /// int8 DRAM data sign-extended into accumulators (functional simulator only).
    Acc8Bit = 5,
}

impl MemId {
    pub const ALL: [MemId; 6] = [
        MemId::Uop,
        MemId::Wgt,
        MemId::Inp,
        MemId::Acc,
        MemId::Out,
        MemId::Acc8Bit,
    ];

    pub fn from_bits(bits: u64) -> Option<MemId> {
        MemId::ALL.get(usize::try_from(bits).ok()?).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            MemId::Uop => "uop",
            MemId::Wgt => "wgt",
            MemId::Inp => "inp",
            MemId::Acc => "acc",
            MemId::Out => "out",
            MemId::Acc8Bit => "acc8",
        }
    }
}

/// The 3-bit ALU opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AluOp {
    Min = 0,
    Max = 1,
    Add = 2,
    /// Arithmetic shift right; a negative amount shifts left.
    Shr = 3,
    /// Wrapping multiply (functional simulator only).
    Mul = 4,
}

impl AluOp {
    pub const ALL: [AluOp; 5] = [AluOp::Min, AluOp::Max, AluOp::Add, AluOp::Shr, AluOp::Mul];

    pub fn from_bits(bits: u64) -> Option<AluOp> {
        AluOp::ALL.get(usize::try_from(bits).ok()?).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            AluOp::Min => "min",
            AluOp::Max => "max",
            AluOp::Add => "add",
            AluOp::Shr => "shr",
            AluOp::Mul => "mul",
        }
    }
}

/// The three hardware modules, each running its own in-order queue (spec §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Module {
    Load = 0,
    Compute = 1,
    Store = 2,
}

impl Module {
    pub const ALL: [Module; 3] = [Module::Load, Module::Compute, Module::Store];

    pub fn name(self) -> &'static str {
        match self {
            Module::Load => "load",
            Module::Compute => "compute",
            Module::Store => "store",
        }
    }

    /// The module before this one in the load -> compute -> store pipeline.
    pub fn prev(self) -> Option<Module> {
        match self {
            Module::Load => None,
            Module::Compute => Some(Module::Load),
            Module::Store => Some(Module::Compute),
        }
    }

    /// The module after this one in the load -> compute -> store pipeline.
    pub fn next(self) -> Option<Module> {
        match self {
            Module::Load => Some(Module::Compute),
            Module::Compute => Some(Module::Store),
            Module::Store => None,
        }
    }
}

/// The four dependence-token FIFOs between modules (spec §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TokenQueue {
    /// load -> compute: data loaded (RAW).
    L2G = 0,
    /// compute -> load: input/weight buffer may be overwritten (WAR).
    G2L = 1,
    /// compute -> store: results ready (RAW).
    G2S = 2,
    /// store -> compute: output buffer free (WAR).
    S2G = 3,
}

impl TokenQueue {
    pub const ALL: [TokenQueue; 4] = [
        TokenQueue::L2G,
        TokenQueue::G2L,
        TokenQueue::G2S,
        TokenQueue::S2G,
    ];

    /// The queue carrying tokens from `from` to `to`, if the modules are neighbours.
    pub fn between(from: Module, to: Module) -> Option<TokenQueue> {
        match (from, to) {
            (Module::Load, Module::Compute) => Some(TokenQueue::L2G),
            (Module::Compute, Module::Load) => Some(TokenQueue::G2L),
            (Module::Compute, Module::Store) => Some(TokenQueue::G2S),
            (Module::Store, Module::Compute) => Some(TokenQueue::S2G),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TokenQueue::L2G => "l2g",
            TokenQueue::G2L => "g2l",
            TokenQueue::G2S => "g2s",
            TokenQueue::S2G => "s2g",
        }
    }
}

/// The four dependence flags common to all instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DepFlags {
    pub pop_prev: bool,
    pub pop_next: bool,
    pub push_prev: bool,
    pub push_next: bool,
}

/// A dependence flag, named for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DepFlag {
    PopPrev,
    PopNext,
    PushPrev,
    PushNext,
}

impl DepFlag {
    pub fn name(self) -> &'static str {
        match self {
            DepFlag::PopPrev => "pop_prev_dep",
            DepFlag::PopNext => "pop_next_dep",
            DepFlag::PushPrev => "push_prev_dep",
            DepFlag::PushNext => "push_next_dep",
        }
    }
}

impl DepFlags {
    pub const NONE: DepFlags = DepFlags {
        pop_prev: false,
        pop_next: false,
        push_prev: false,
        push_next: false,
    };

    /// The set flags, in encoding order.
    pub fn set_flags(self) -> impl Iterator<Item = DepFlag> {
        [
            (self.pop_prev, DepFlag::PopPrev),
            (self.pop_next, DepFlag::PopNext),
            (self.push_prev, DepFlag::PushPrev),
            (self.push_next, DepFlag::PushNext),
        ]
        .into_iter()
        .filter_map(|(set, flag)| set.then_some(flag))
    }

    /// The queue a flag names when used by `module`, or `None` if the module
    /// has no neighbour on that side (an illegal use).
    pub fn queue(module: Module, flag: DepFlag) -> Option<TokenQueue> {
        match flag {
            DepFlag::PopPrev => TokenQueue::between(module.prev()?, module),
            DepFlag::PopNext => TokenQueue::between(module.next()?, module),
            DepFlag::PushPrev => TokenQueue::between(module, module.prev()?),
            DepFlag::PushNext => TokenQueue::between(module, module.next()?),
        }
    }
}

/// LOAD or STORE operands (spec §3, §5). Sizes and addresses are in
/// elements of the addressed memory, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemInsn {
    pub deps: DepFlags,
    pub memory: MemId,
    pub sram_base: u32,
    pub dram_base: u32,
    pub y_size: u32,
    pub x_size: u32,
    pub x_stride: u32,
    pub y_pad_0: u32,
    pub y_pad_1: u32,
    pub x_pad_0: u32,
    pub x_pad_1: u32,
}

impl MemInsn {
    /// A dense 2-D transfer without padding.
    pub fn dense(memory: MemId, sram_base: u32, dram_base: u32, y_size: u32, x_size: u32) -> Self {
        MemInsn {
            deps: DepFlags::NONE,
            memory,
            sram_base,
            dram_base,
            y_size,
            x_size,
            x_stride: x_size,
            y_pad_0: 0,
            y_pad_1: 0,
            x_pad_0: 0,
            x_pad_1: 0,
        }
    }

    /// A transfer of nothing, used only to move dependence tokens.
    pub fn nop(memory: MemId, deps: DepFlags) -> Self {
        MemInsn {
            deps,
            ..MemInsn::dense(memory, 0, 0, 0, 0)
        }
    }

    /// Width of the padded block in elements.
    pub fn x_total(&self) -> u64 {
        u64::from(self.x_pad_0) + u64::from(self.x_size) + u64::from(self.x_pad_1)
    }

    /// Height of the padded block in elements.
    pub fn y_total(&self) -> u64 {
        u64::from(self.y_pad_0) + u64::from(self.y_size) + u64::from(self.y_pad_1)
    }
}

/// The two-level loop nest over a micro-op range shared by GEMM and ALU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LoopNest {
    pub uop_bgn: u32,
    /// Exclusive end of the micro-op range.
    pub uop_end: u32,
    pub iter_out: u32,
    pub iter_in: u32,
    pub dst_factor_out: u32,
    pub dst_factor_in: u32,
    pub src_factor_out: u32,
    pub src_factor_in: u32,
}

impl LoopNest {
    /// Micro-op executions the nest performs (0 if `uop_end <= uop_bgn`).
    pub fn executions(&self) -> u64 {
        u64::from(self.iter_out)
            * u64::from(self.iter_in)
            * u64::from(self.uop_end.saturating_sub(self.uop_bgn))
    }
}

/// GEMM: accumulate (or reset) acc tiles over the loop nest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GemmInsn {
    pub deps: DepFlags,
    pub reset: bool,
    pub loops: LoopNest,
    pub wgt_factor_out: u32,
    pub wgt_factor_in: u32,
}

/// ALU: element-wise operation on acc tiles over the loop nest; the src
/// factors index the accumulator buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AluInsn {
    pub deps: DepFlags,
    /// Encoded and decoded; ignored by the functional semantics, as in TVM's
    /// functional simulator.
    pub reset: bool,
    pub loops: LoopNest,
    pub op: AluOp,
    pub use_imm: bool,
    /// Signed 16-bit immediate; wider values are an encoding error.
    pub imm: i32,
}

/// One VTA instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Insn {
    Load(MemInsn),
    Store(MemInsn),
    Gemm(GemmInsn),
    Alu(AluInsn),
    /// Ends the stream. Carries only dependence flags.
    Finish(DepFlags),
}

impl Insn {
    pub fn opcode(&self) -> Opcode {
        match self {
            Insn::Load(_) => Opcode::Load,
            Insn::Store(_) => Opcode::Store,
            Insn::Gemm(_) => Opcode::Gemm,
            Insn::Alu(_) => Opcode::Alu,
            Insn::Finish(_) => Opcode::Finish,
        }
    }

    pub fn deps(&self) -> DepFlags {
        match self {
            Insn::Load(m) | Insn::Store(m) => m.deps,
            Insn::Gemm(g) => g.deps,
            Insn::Alu(a) => a.deps,
            Insn::Finish(d) => *d,
        }
    }

    pub fn deps_mut(&mut self) -> &mut DepFlags {
        match self {
            Insn::Load(m) | Insn::Store(m) => &mut m.deps,
            Insn::Gemm(g) => &mut g.deps,
            Insn::Alu(a) => &mut a.deps,
            Insn::Finish(d) => d,
        }
    }

    /// Returns the instruction with its dependence flags replaced.
    pub fn with_deps(mut self, deps: DepFlags) -> Self {
        *self.deps_mut() = deps;
        self
    }

    /// The module whose queue the instruction is dispatched to: LOADs of
    /// inputs and weights go to the load module, STOREs to the store module,
    /// everything else (including LOAD of uop/acc) to compute.
    pub fn module(&self) -> Module {
        match self {
            Insn::Load(m) if matches!(m.memory, MemId::Inp | MemId::Wgt) => Module::Load,
            Insn::Store(_) => Module::Store,
            _ => Module::Compute,
        }
    }

    /// A LOAD or STORE that moves nothing (x_size = 0).
    pub fn is_nop(&self) -> bool {
        matches!(self, Insn::Load(m) | Insn::Store(m) if m.x_size == 0)
    }

    /// Encodes with the layout of `config`; see [`IsaLayout::encode`].
    pub fn encode(&self, config: &VtaConfig) -> Result<[u8; INSN_BYTES], EncodeError> {
        Ok(self.encode_u128(config)?.to_le_bytes())
    }

    /// Encodes to a `u128` whose bit 0 is the spec's bit 0.
    pub fn encode_u128(&self, config: &VtaConfig) -> Result<u128, EncodeError> {
        IsaLayout::for_config(config)?.encode(self)
    }

    /// Decodes 16 little-endian bytes with the layout of `config`.
    pub fn decode(bytes: &[u8; INSN_BYTES], config: &VtaConfig) -> Result<Insn, DecodeError> {
        Self::decode_u128(u128::from_le_bytes(*bytes), config)
    }

    pub fn decode_u128(word: u128, config: &VtaConfig) -> Result<Insn, DecodeError> {
        IsaLayout::for_config(config)?.decode(word)
    }
}

/// A GEMM/ALU micro-op: base indices into acc (dst), inp or acc (src), wgt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Uop {
    pub dst: u32,
    pub src: u32,
    pub wgt: u32,
}

impl Uop {
    pub fn new(dst: u32, src: u32, wgt: u32) -> Self {
        Uop { dst, src, wgt }
    }

    pub fn encode(&self, config: &VtaConfig) -> Result<u32, EncodeError> {
        IsaLayout::for_config(config)?.encode_uop(self)
    }

    pub fn decode(word: u32, config: &VtaConfig) -> Result<Uop, DecodeError> {
        IsaLayout::for_config(config)?.decode_uop(word)
    }
}

/// A value does not fit its field, or the configuration is invalid.
#[derive(Debug, Error)]
pub enum EncodeError {
    #[error("field {field} = {value} does not fit in {width} bits")]
    FieldOverflow {
        field: &'static str,
        value: i64,
        width: u32,
    },
    #[error(transparent)]
    Config(#[from] Box<ConfigError>),
}

/// A bit pattern that is not an instruction (or micro-op) of the configuration.
#[derive(Debug, Error)]
pub enum DecodeError {
    #[error("unknown opcode {0}")]
    BadOpcode(u64),
    #[error("unknown memory id {0}")]
    BadMemoryId(u64),
    #[error("unknown ALU opcode {0}")]
    BadAluOpcode(u64),
    #[error("{opcode} sets bits that belong to no field (mask {mask:#x})")]
    ReservedBits { opcode: &'static str, mask: u128 },
    #[error(transparent)]
    Config(#[from] Box<ConfigError>),
}

impl From<ConfigError> for EncodeError {
    fn from(e: ConfigError) -> Self {
        EncodeError::Config(Box::new(e))
    }
}

impl From<ConfigError> for DecodeError {
    fn from(e: ConfigError) -> Self {
        DecodeError::Config(Box::new(e))
    }
}

/// A bit field: `width` bits starting at bit `lsb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub lsb: u32,
    pub width: u32,
}

impl Field {
    /// The field's bits as a mask.
    pub fn mask(&self) -> u128 {
        low_mask(self.width) << self.lsb
    }

    /// The highest bit, as in the spec's "msb..lsb" tables.
    pub fn msb(&self) -> u32 {
        self.lsb + self.width - 1
    }

    fn put(&self, word: &mut u128, value: u64) -> Result<(), EncodeError> {
        if u128::from(value) > low_mask(self.width) {
            return Err(EncodeError::FieldOverflow {
                field: self.name,
                value: i64::try_from(value).unwrap_or(i64::MAX),
                width: self.width,
            });
        }
        *word |= u128::from(value) << self.lsb;
        Ok(())
    }

    fn put_u32(&self, word: &mut u128, value: u32) -> Result<(), EncodeError> {
        self.put(word, value.into())
    }

    fn put_bool(&self, word: &mut u128, value: bool) {
        *word |= u128::from(value) << self.lsb;
    }

    fn put_signed(&self, word: &mut u128, value: i64) -> Result<(), EncodeError> {
        let half = 1i64 << (self.width - 1);
        if value < -half || value >= half {
            return Err(EncodeError::FieldOverflow {
                field: self.name,
                value,
                width: self.width,
            });
        }
        // Two's complement, masked to the field.
        *word |= (u128::from(value as u64) & low_mask(self.width)) << self.lsb;
        Ok(())
    }

    fn get(&self, word: u128) -> u64 {
        // Fields are at most 64 bits wide, so the masked value fits.
        ((word >> self.lsb) & low_mask(self.width)) as u64
    }

    fn get_u32(&self, word: u128) -> u32 {
        // Index fields are at most 32 bits wide (checked by the layout).
        self.get(word) as u32
    }

    fn get_bool(&self, word: u128) -> bool {
        self.get(word) != 0
    }

    fn get_signed(&self, word: u128) -> i64 {
        let raw = self.get(word);
        let shift = 64 - self.width;
        ((raw << shift) as i64) >> shift
    }
}

fn low_mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// Places fields in order, C-bitfield style: a field that would straddle a
/// word boundary starts the next word.
struct Packer {
    what: &'static str,
    pos: u32,
    limit: u32,
    used: u128,
}

impl Packer {
    fn new(what: &'static str, limit: u32) -> Self {
        Packer {
            what,
            pos: 0,
            limit,
            used: 0,
        }
    }

    fn field(&mut self, name: &'static str, width: u32) -> Field {
        if self.pos % WORD_BITS + width > WORD_BITS {
            self.pos = self.pos.next_multiple_of(WORD_BITS);
        }
        let f = Field {
            name,
            lsb: self.pos,
            width,
        };
        self.pos += width;
        if self.pos <= INSN_BITS {
            self.used |= f.mask();
        }
        f
    }

    fn finish(self) -> Result<u128, ConfigError> {
        if self.pos > self.limit {
            return Err(ConfigError::EncodingTooWide {
                what: self.what,
                bits: self.pos,
                limit: self.limit,
            });
        }
        Ok(self.used)
    }
}

/// The fields common to every instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderLayout {
    pub opcode: Field,
    pub pop_prev: Field,
    pub pop_next: Field,
    pub push_prev: Field,
    pub push_next: Field,
}

/// LOAD/STORE field positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemLayout {
    pub memory_type: Field,
    pub sram_base: Field,
    pub dram_base: Field,
    pub y_size: Field,
    pub x_size: Field,
    pub x_stride: Field,
    pub y_pad_0: Field,
    pub y_pad_1: Field,
    pub x_pad_0: Field,
    pub x_pad_1: Field,
}

/// Positions of the loop-nest fields shared by GEMM and ALU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopLayout {
    pub reset: Field,
    pub uop_bgn: Field,
    pub uop_end: Field,
    pub iter_out: Field,
    pub iter_in: Field,
    pub dst_factor_out: Field,
    pub dst_factor_in: Field,
    pub src_factor_out: Field,
    pub src_factor_in: Field,
}

/// GEMM field positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GemmLayout {
    pub loops: LoopLayout,
    pub wgt_factor_out: Field,
    pub wgt_factor_in: Field,
}

/// ALU field positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AluLayout {
    pub loops: LoopLayout,
    pub alu_opcode: Field,
    pub use_imm: Field,
    pub imm: Field,
}

/// Micro-op field positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UopLayout {
    pub dst: Field,
    pub src: Field,
    pub wgt: Field,
}

/// Every field position of one configuration, plus the masks of bits that
/// belong to some field (the rest must be zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IsaLayout {
    pub header: HeaderLayout,
    pub mem: MemLayout,
    pub gemm: GemmLayout,
    pub alu: AluLayout,
    pub uop: UopLayout,
    mem_used: u128,
    gemm_used: u128,
    alu_used: u128,
    header_used: u128,
    uop_used: u32,
}

fn header_fields(p: &mut Packer) -> HeaderLayout {
    HeaderLayout {
        opcode: p.field("opcode", OPCODE_BITS),
        pop_prev: p.field("pop_prev_dep", 1),
        pop_next: p.field("pop_next_dep", 1),
        push_prev: p.field("push_prev_dep", 1),
        push_next: p.field("push_next_dep", 1),
    }
}

fn loop_fields(p: &mut Packer, config: &VtaConfig) -> LoopLayout {
    use crate::config::Buffer;
    let log_uop = config.log_depth(Buffer::Uop);
    let log_acc = config.log_depth(Buffer::Acc);
    let log_inp = config.log_depth(Buffer::Inp);
    LoopLayout {
        reset: p.field("reset_reg", 1),
        uop_bgn: p.field("uop_bgn", log_uop),
        // Exclusive end: one more bit so a range can cover the whole buffer.
        uop_end: p.field("uop_end", log_uop + 1),
        iter_out: p.field("iter_out", LOOP_ITER_BITS),
        iter_in: p.field("iter_in", LOOP_ITER_BITS),
        dst_factor_out: p.field("dst_factor_out", log_acc),
        dst_factor_in: p.field("dst_factor_in", log_acc),
        src_factor_out: p.field("src_factor_out", log_inp),
        src_factor_in: p.field("src_factor_in", log_inp),
    }
}

impl IsaLayout {
    /// Builds the layout, after checking the whole configuration.
    pub fn for_config(config: &VtaConfig) -> Result<IsaLayout, ConfigError> {
        config.validate()?;
        Self::new(config)
    }

    /// Builds the layout; fails only if some encoding needs more bits than
    /// it has. [`VtaConfig::validate`] calls this.
    pub(crate) fn new(config: &VtaConfig) -> Result<IsaLayout, ConfigError> {
        use crate::config::Buffer;

        let mut p = Packer::new("header", INSN_BITS);
        let header = header_fields(&mut p);
        let header_used = p.finish()?;

        let mut p = Packer::new("LOAD/STORE instruction", INSN_BITS);
        header_fields(&mut p);
        let mem = MemLayout {
            memory_type: p.field("memory_type", OPCODE_BITS),
            sram_base: p.field("sram_base", SRAM_ADDR_BITS),
            dram_base: p.field("dram_base", DRAM_ADDR_BITS),
            y_size: p.field("y_size", MEM_SIZE_BITS),
            x_size: p.field("x_size", MEM_SIZE_BITS),
            x_stride: p.field("x_stride", MEM_SIZE_BITS),
            y_pad_0: p.field("y_pad_0", PAD_BITS),
            y_pad_1: p.field("y_pad_1", PAD_BITS),
            x_pad_0: p.field("x_pad_0", PAD_BITS),
            x_pad_1: p.field("x_pad_1", PAD_BITS),
        };
        let mem_used = p.finish()?;

        let mut p = Packer::new("GEMM instruction", INSN_BITS);
        header_fields(&mut p);
        let loops = loop_fields(&mut p, config);
        let log_wgt = config.log_depth(Buffer::Wgt);
        let gemm = GemmLayout {
            loops,
            wgt_factor_out: p.field("wgt_factor_out", log_wgt),
            wgt_factor_in: p.field("wgt_factor_in", log_wgt),
        };
        let gemm_used = p.finish()?;

        let mut p = Packer::new("ALU instruction", INSN_BITS);
        header_fields(&mut p);
        let loops = loop_fields(&mut p, config);
        let alu = AluLayout {
            loops,
            alu_opcode: p.field("alu_opcode", OPCODE_BITS),
            use_imm: p.field("use_imm", 1),
            imm: p.field("imm", ALU_IMM_BITS),
        };
        let alu_used = p.finish()?;

        let mut p = Packer::new("micro-op", UOP_BITS);
        let uop = UopLayout {
            dst: p.field("dst_idx", config.log_depth(Buffer::Acc)),
            src: p.field("src_idx", config.log_depth(Buffer::Inp)),
            wgt: p.field("wgt_idx", config.log_depth(Buffer::Wgt)),
        };
        // The micro-op is at most 32 bits once `finish` has succeeded.
        let uop_used = p.finish()? as u32;

        Ok(IsaLayout {
            header,
            mem,
            gemm,
            alu,
            uop,
            mem_used,
            gemm_used,
            alu_used,
            header_used,
            uop_used,
        })
    }

    /// Encodes `insn`; a field value that does not fit is an error.
    pub fn encode(&self, insn: &Insn) -> Result<u128, EncodeError> {
        let mut w = 0u128;
        let h = &self.header;
        h.opcode.put(&mut w, insn.opcode() as u64)?;
        let d = insn.deps();
        h.pop_prev.put_bool(&mut w, d.pop_prev);
        h.pop_next.put_bool(&mut w, d.pop_next);
        h.push_prev.put_bool(&mut w, d.push_prev);
        h.push_next.put_bool(&mut w, d.push_next);
        match insn {
            Insn::Load(m) | Insn::Store(m) => {
                let l = &self.mem;
                l.memory_type.put(&mut w, m.memory as u64)?;
                l.sram_base.put_u32(&mut w, m.sram_base)?;
                l.dram_base.put_u32(&mut w, m.dram_base)?;
                l.y_size.put_u32(&mut w, m.y_size)?;
                l.x_size.put_u32(&mut w, m.x_size)?;
                l.x_stride.put_u32(&mut w, m.x_stride)?;
                l.y_pad_0.put_u32(&mut w, m.y_pad_0)?;
                l.y_pad_1.put_u32(&mut w, m.y_pad_1)?;
                l.x_pad_0.put_u32(&mut w, m.x_pad_0)?;
                l.x_pad_1.put_u32(&mut w, m.x_pad_1)?;
            }
            Insn::Gemm(g) => {
                encode_loops(&self.gemm.loops, &mut w, g.reset, &g.loops)?;
                self.gemm.wgt_factor_out.put_u32(&mut w, g.wgt_factor_out)?;
                self.gemm.wgt_factor_in.put_u32(&mut w, g.wgt_factor_in)?;
            }
            Insn::Alu(a) => {
                encode_loops(&self.alu.loops, &mut w, a.reset, &a.loops)?;
                self.alu.alu_opcode.put(&mut w, a.op as u64)?;
                self.alu.use_imm.put_bool(&mut w, a.use_imm);
                self.alu.imm.put_signed(&mut w, a.imm.into())?;
            }
            Insn::Finish(_) => {}
        }
        Ok(w)
    }

    /// Decodes one instruction word.
    pub fn decode(&self, w: u128) -> Result<Insn, DecodeError> {
        let h = &self.header;
        let raw_opcode = h.opcode.get(w);
        let opcode = Opcode::from_bits(raw_opcode).ok_or(DecodeError::BadOpcode(raw_opcode))?;
        let used = match opcode {
            Opcode::Load | Opcode::Store => self.mem_used,
            Opcode::Gemm => self.gemm_used,
            Opcode::Alu => self.alu_used,
            Opcode::Finish => self.header_used,
        };
        if w & !used != 0 {
            return Err(DecodeError::ReservedBits {
                opcode: opcode.name(),
                mask: w & !used,
            });
        }
        let deps = DepFlags {
            pop_prev: h.pop_prev.get_bool(w),
            pop_next: h.pop_next.get_bool(w),
            push_prev: h.push_prev.get_bool(w),
            push_next: h.push_next.get_bool(w),
        };
        Ok(match opcode {
            Opcode::Load | Opcode::Store => {
                let l = &self.mem;
                let raw_mem = l.memory_type.get(w);
                let m = MemInsn {
                    deps,
                    memory: MemId::from_bits(raw_mem).ok_or(DecodeError::BadMemoryId(raw_mem))?,
                    sram_base: l.sram_base.get_u32(w),
                    dram_base: l.dram_base.get_u32(w),
                    y_size: l.y_size.get_u32(w),
                    x_size: l.x_size.get_u32(w),
                    x_stride: l.x_stride.get_u32(w),
                    y_pad_0: l.y_pad_0.get_u32(w),
                    y_pad_1: l.y_pad_1.get_u32(w),
                    x_pad_0: l.x_pad_0.get_u32(w),
                    x_pad_1: l.x_pad_1.get_u32(w),
                };
                if opcode == Opcode::Load {
                    Insn::Load(m)
                } else {
                    Insn::Store(m)
                }
            }
            Opcode::Gemm => {
                let (reset, loops) = decode_loops(&self.gemm.loops, w);
                Insn::Gemm(GemmInsn {
                    deps,
                    reset,
                    loops,
                    wgt_factor_out: self.gemm.wgt_factor_out.get_u32(w),
                    wgt_factor_in: self.gemm.wgt_factor_in.get_u32(w),
                })
            }
            Opcode::Alu => {
                let (reset, loops) = decode_loops(&self.alu.loops, w);
                let raw_op = self.alu.alu_opcode.get(w);
                Insn::Alu(AluInsn {
                    deps,
                    reset,
                    loops,
                    op: AluOp::from_bits(raw_op).ok_or(DecodeError::BadAluOpcode(raw_op))?,
                    use_imm: self.alu.use_imm.get_bool(w),
                    // A 16-bit field always fits an i32.
                    imm: self.alu.imm.get_signed(w) as i32,
                })
            }
            Opcode::Finish => Insn::Finish(deps),
        })
    }

    pub fn encode_uop(&self, uop: &Uop) -> Result<u32, EncodeError> {
        let mut w = 0u128;
        self.uop.dst.put_u32(&mut w, uop.dst)?;
        self.uop.src.put_u32(&mut w, uop.src)?;
        self.uop.wgt.put_u32(&mut w, uop.wgt)?;
        // The layout keeps micro-op fields within 32 bits.
        Ok(w as u32)
    }

    pub fn decode_uop(&self, word: u32) -> Result<Uop, DecodeError> {
        let extra = word & !self.uop_used;
        if extra != 0 {
            return Err(DecodeError::ReservedBits {
                opcode: "micro-op",
                mask: extra.into(),
            });
        }
        Ok(self.decode_uop_lenient(word))
    }

    /// Decodes the fields of a micro-op, ignoring bits outside them (what the
    /// hardware does with a word in the micro-op buffer).
    pub fn decode_uop_lenient(&self, word: u32) -> Uop {
        let w = u128::from(word);
        Uop {
            dst: self.uop.dst.get_u32(w),
            src: self.uop.src.get_u32(w),
            wgt: self.uop.wgt.get_u32(w),
        }
    }
}

fn encode_loops(
    l: &LoopLayout,
    w: &mut u128,
    reset: bool,
    n: &LoopNest,
) -> Result<(), EncodeError> {
    l.reset.put_bool(w, reset);
    l.uop_bgn.put_u32(w, n.uop_bgn)?;
    l.uop_end.put_u32(w, n.uop_end)?;
    l.iter_out.put_u32(w, n.iter_out)?;
    l.iter_in.put_u32(w, n.iter_in)?;
    l.dst_factor_out.put_u32(w, n.dst_factor_out)?;
    l.dst_factor_in.put_u32(w, n.dst_factor_in)?;
    l.src_factor_out.put_u32(w, n.src_factor_out)?;
    l.src_factor_in.put_u32(w, n.src_factor_in)?;
    Ok(())
}

fn decode_loops(l: &LoopLayout, w: u128) -> (bool, LoopNest) {
    (
        l.reset.get_bool(w),
        LoopNest {
            uop_bgn: l.uop_bgn.get_u32(w),
            uop_end: l.uop_end.get_u32(w),
            iter_out: l.iter_out.get_u32(w),
            iter_in: l.iter_in.get_u32(w),
            dst_factor_out: l.dst_factor_out.get_u32(w),
            dst_factor_in: l.dst_factor_in.get_u32(w),
            src_factor_out: l.src_factor_out.get_u32(w),
            src_factor_in: l.src_factor_in.get_u32(w),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(f: Field) -> (u32, u32) {
        (f.msb(), f.lsb)
    }

    /// The default layout is exactly the spec's §3 tables.
    #[test]
    fn default_layout_matches_spec_tables() {
        let l = IsaLayout::for_config(&VtaConfig::default()).unwrap();
        assert_eq!(span(l.header.opcode), (2, 0));
        assert_eq!(span(l.header.push_next), (6, 6));
        let m = l.mem;
        assert_eq!(span(m.memory_type), (9, 7));
        assert_eq!(span(m.sram_base), (25, 10));
        assert_eq!(span(m.dram_base), (57, 26));
        assert_eq!(span(m.y_size), (79, 64));
        assert_eq!(span(m.x_size), (95, 80));
        assert_eq!(span(m.x_stride), (111, 96));
        assert_eq!(span(m.y_pad_0), (115, 112));
        assert_eq!(span(m.y_pad_1), (119, 116));
        assert_eq!(span(m.x_pad_0), (123, 120));
        assert_eq!(span(m.x_pad_1), (127, 124));
        let g = l.gemm;
        assert_eq!(span(g.loops.reset), (7, 7));
        assert_eq!(span(g.loops.uop_bgn), (20, 8));
        assert_eq!(span(g.loops.uop_end), (34, 21));
        assert_eq!(span(g.loops.iter_out), (48, 35));
        assert_eq!(span(g.loops.iter_in), (62, 49));
        assert_eq!(span(g.loops.dst_factor_out), (74, 64));
        assert_eq!(span(g.loops.dst_factor_in), (85, 75));
        assert_eq!(span(g.loops.src_factor_out), (96, 86));
        assert_eq!(span(g.loops.src_factor_in), (107, 97));
        assert_eq!(span(g.wgt_factor_out), (117, 108));
        assert_eq!(span(g.wgt_factor_in), (127, 118));
        let a = l.alu;
        assert_eq!(a.loops, g.loops);
        assert_eq!(span(a.alu_opcode), (110, 108));
        assert_eq!(span(a.use_imm), (111, 111));
        assert_eq!(span(a.imm), (127, 112));
        assert_eq!(span(l.uop.dst), (10, 0));
        assert_eq!(span(l.uop.src), (21, 11));
        assert_eq!(span(l.uop.wgt), (31, 22));
        // Bits 58..63 of LOAD/STORE and bit 63 of GEMM/ALU are unused.
        assert_eq!(!l.mem_used, 0x3f << 58);
        assert_eq!(!l.gemm_used, 1 << 63);
        assert_eq!(!l.alu_used, 1 << 63);
    }
}
