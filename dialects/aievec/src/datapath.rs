//! The AIE1 vector datapaths as data: one row per (operand type, lanes x
//! columns) mode, with the accumulator width, the register sizes the
//! shuffle network can read, the intrinsic names, and which selection
//! parameters the mode has. The verifier, the lane-selection semantics
//! ([`crate::select`]), the C emitter and the vectorizer all read this
//! table; nothing else distinguishes the modes.

/// Which selection scheme a mode's shuffle network implements.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// 32-bit lanes: every lane picks any word, `start + offset[lane]`.
    Word,
    /// 16-bit lanes in pairs: offsets count 32-bit words, an odd lane's
    /// offset is relative to its even neighbour, and `xsquare` permutes the
    /// 2x2 block the pair reads.
    Pair,
}

/// One datapath mode of the vector unit.
#[derive(Debug)]
pub struct Datapath {
    /// Human name: `int16 16x2`.
    pub name: &'static str,
    /// Operand element: bit width and whether it is a float.
    pub elem_bits: u32,
    pub float: bool,
    /// Output lanes and columns (products reduced into each lane).
    pub lanes: u32,
    pub cols: u32,
    /// Accumulator lane width in bits (the float modes accumulate in f32).
    pub acc_bits: u32,
    /// Element counts the x (data) register may have: 512 or 1024 bits.
    pub x_lengths: &'static [u32],
    /// Element counts the z (coefficient) register may have.
    pub z_lengths: &'static [u32],
    /// Lane-selection scheme of the x operand.
    pub scheme: Scheme,
    /// Whether the intrinsic has `xoffsets_hi`/`zoffsets_hi` (lanes 8..15).
    pub has_hi: bool,
    /// Whether the intrinsic has `xsquare` and `xstep`.
    pub has_square: bool,
    pub has_xstep: bool,
    /// C intrinsic names in the portable header.
    pub mul: &'static str,
    pub mac: &'static str,
}

impl Datapath {
    /// Multiply-accumulates per cycle at full use.
    pub fn macs(&self) -> u32 {
        self.lanes * self.cols
    }
}

/// The AIE1 modes (AM009 "AI Engine Architecture", vector unit).
pub const DATAPATHS: &[Datapath] = &[
    Datapath {
        name: "int32 8x1",
        elem_bits: 32,
        float: false,
        lanes: 8,
        cols: 1,
        acc_bits: 80,
        x_lengths: &[16, 32],
        z_lengths: &[8],
        scheme: Scheme::Word,
        has_hi: false,
        has_square: false,
        has_xstep: false,
        mul: "lmul8",
        mac: "lmac8",
    },
    Datapath {
        name: "int16 16x2",
        elem_bits: 16,
        float: false,
        lanes: 16,
        cols: 2,
        acc_bits: 48,
        x_lengths: &[32, 64],
        z_lengths: &[16],
        scheme: Scheme::Pair,
        has_hi: true,
        has_square: true,
        has_xstep: false,
        mul: "mul16",
        mac: "mac16",
    },
    Datapath {
        name: "int16 8x4",
        elem_bits: 16,
        float: false,
        lanes: 8,
        cols: 4,
        acc_bits: 48,
        x_lengths: &[32, 64],
        z_lengths: &[16],
        scheme: Scheme::Pair,
        has_hi: false,
        has_square: true,
        has_xstep: true,
        mul: "mul8",
        mac: "mac8",
    },
    Datapath {
        name: "int8 16x8",
        elem_bits: 8,
        float: false,
        lanes: 16,
        cols: 8,
        acc_bits: 48,
        x_lengths: &[64, 128],
        z_lengths: &[32],
        scheme: Scheme::Pair,
        has_hi: true,
        has_square: true,
        has_xstep: true,
        mul: "mul16_i8",
        mac: "mac16_i8",
    },
    Datapath {
        name: "fp32 8x1",
        elem_bits: 32,
        float: true,
        lanes: 8,
        cols: 1,
        acc_bits: 32,
        x_lengths: &[16, 32],
        z_lengths: &[8],
        scheme: Scheme::Word,
        has_hi: false,
        has_square: false,
        has_xstep: false,
        mul: "fpmul",
        mac: "fpmac",
    },
];

/// The mode whose operands have `elem_bits`-wide elements (`float` or
/// integer) and whose accumulator has `lanes` lanes.
pub fn lookup(elem_bits: u32, float: bool, lanes: u32) -> Option<&'static Datapath> {
    DATAPATHS
        .iter()
        .find(|d| d.elem_bits == elem_bits && d.float == float && d.lanes == lanes)
}

/// The mode named `name` (`"int16 16x2"`).
pub fn by_name(name: &str) -> Option<&'static Datapath> {
    DATAPATHS.iter().find(|d| d.name == name)
}

/// Register widths a vector unit load or store may move, in bits.
pub const MEMORY_ACCESS_BITS: &[u32] = &[128, 256];
/// The alignment of every vector load and store, in bytes.
pub const ALIGNMENT_BYTES: u32 = 16;
/// Shift amounts `srs`/`ups` can encode.
pub const MAX_SHIFT: u32 = 63;
