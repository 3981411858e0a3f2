//! A VTA program as one file: configuration, instructions, micro-ops and the
//! DRAM image they run against.
//!
//! A compiler that emits VTA code produces more than an instruction stream:
//! the micro-op kernels, the packed weights and inputs, and the places where
//! outputs will appear all belong with it, and so does the configuration the
//! encodings depend on (the same bits mean different fields in another
//! configuration). [`Program`] keeps them together and the file format keeps
//! them together on disk, so a program can be compiled once and simulated,
//! disassembled or diffed later.
//!
//! # File format (version 1)
//!
//! All integers little-endian.
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `STRAVTA\0` |
//! | 4 | format version (`u32`, currently 1) |
//! | 4 | header length `H` in bytes (`u32`, at most [`MAX_HEADER_BYTES`]) |
//! | H | UTF-8 JSON header: `config` (TVM `vta_config.json` keys), `insn_count`, `uop_count`, `uop_dram_base`, `dram_size`, `buffers` |
//! | 16 x insn_count | encoded instructions |
//! | 4 x uop_count | encoded micro-ops |
//! | dram_size | the DRAM image |
//!
//! The file must end exactly there. Every section length is checked against
//! the bytes actually present before anything is allocated, so a corrupt or
//! hostile file is an error, never a panic or a huge allocation.
//!
//! Binary sections keep the instruction bits exactly as the hardware sees
//! them; the JSON header keeps the metadata readable with `head -c`.

use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::config::{ConfigError, VtaConfig};
use crate::isa::{DecodeError, EncodeError, Insn, IsaLayout, Uop, INSN_BYTES};

/// First bytes of every program file.
pub const MAGIC: [u8; 8] = *b"STRAVTA\0";
/// The version this crate writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// Upper bound on the JSON header, to refuse absurd files early.
pub const MAX_HEADER_BYTES: u32 = 1 << 24;
/// Bytes of one encoded micro-op.
const UOP_FILE_BYTES: usize = 4;

/// Scalar type of a DRAM buffer's elements, as metadata for tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ElemType {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    /// Encoded 32-bit micro-ops.
    Uop,
}

impl ElemType {
    pub fn bytes(self) -> u64 {
        match self {
            ElemType::I8 | ElemType::U8 => 1,
            ElemType::I16 | ElemType::U16 => 2,
            ElemType::I32 | ElemType::U32 | ElemType::Uop => 4,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ElemType::I8 => "i8",
            ElemType::U8 => "u8",
            ElemType::I16 => "i16",
            ElemType::U16 => "u16",
            ElemType::I32 => "i32",
            ElemType::U32 => "u32",
            ElemType::Uop => "uop",
        }
    }
}

/// A named region of the DRAM image.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DramBuffer {
    pub name: String,
    /// Byte offset in the image.
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
    pub elem: ElemType,
    /// Logical shape (for example the packed NCHW1n16c shape); may be empty.
    #[serde(default)]
    pub shape: Vec<u64>,
}

/// The DRAM contents a program starts from, with its named buffers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DramImage {
    pub bytes: Vec<u8>,
    pub buffers: Vec<DramBuffer>,
}

impl DramImage {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a buffer holding `data` at the next multiple of `align` bytes
    /// (use the VTA element size of the memory it will be loaded into, since
    /// instructions address DRAM in elements). Returns its byte offset.
    pub fn push_buffer(
        &mut self,
        name: &str,
        elem: ElemType,
        shape: Vec<u64>,
        data: &[u8],
        align: u64,
    ) -> Result<u64, ProgramError> {
        if self.buffer(name).is_some() {
            return Err(ProgramError::DuplicateBuffer { name: name.into() });
        }
        let offset = (self.bytes.len() as u64).next_multiple_of(align.max(1));
        self.bytes.resize(offset as usize, 0);
        self.bytes.extend_from_slice(data);
        self.buffers.push(DramBuffer {
            name: name.into(),
            offset,
            size: data.len() as u64,
            elem,
            shape,
        });
        Ok(offset)
    }

    /// Like [`DramImage::push_buffer`] with `size` zero bytes (an output).
    pub fn push_zeroed(
        &mut self,
        name: &str,
        elem: ElemType,
        shape: Vec<u64>,
        size: u64,
        align: u64,
    ) -> Result<u64, ProgramError> {
        self.push_buffer(name, elem, shape, &vec![0; size as usize], align)
    }

    pub fn buffer(&self, name: &str) -> Option<&DramBuffer> {
        self.buffers.iter().find(|b| b.name == name)
    }

    /// The bytes of a named buffer in `dram` (the image, or DRAM after a run).
    pub fn view<'a>(&self, name: &str, dram: &'a [u8]) -> Option<&'a [u8]> {
        let b = self.buffer(name)?;
        let start = usize::try_from(b.offset).ok()?;
        dram.get(start..start.checked_add(usize::try_from(b.size).ok()?)?)
    }

    /// Checks that buffers lie inside the image and have distinct names.
    pub fn validate(&self) -> Result<(), ProgramError> {
        let size = self.bytes.len() as u64;
        for (i, b) in self.buffers.iter().enumerate() {
            if b.offset.checked_add(b.size).is_none_or(|end| end > size) {
                return Err(ProgramError::BufferOutOfImage {
                    name: b.name.clone(),
                    offset: b.offset,
                    size: b.size,
                    image: size,
                });
            }
            if self.buffers[..i].iter().any(|o| o.name == b.name) {
                return Err(ProgramError::DuplicateBuffer {
                    name: b.name.clone(),
                });
            }
        }
        Ok(())
    }
}

/// A complete program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub config: VtaConfig,
    pub insns: Vec<Insn>,
    /// The micro-op table, written into DRAM at `uop_dram_base` before a run.
    pub uops: Vec<Uop>,
    /// Where the micro-op table lives, in 4-byte DRAM elements (the unit of
    /// a LOAD UOP's dram_base).
    pub uop_dram_base: u32,
    pub dram: DramImage,
}

/// The file's metadata section.
#[derive(Serialize, Deserialize)]
struct Header {
    config: VtaConfig,
    insn_count: u64,
    uop_count: u64,
    uop_dram_base: u32,
    dram_size: u64,
    buffers: Vec<DramBuffer>,
}

/// A program that cannot be written or read.
#[derive(Debug, Error)]
pub enum ProgramError {
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a VTA program file (bad magic)")]
    BadMagic,
    #[error("unsupported program format version {found} (this reader knows {FORMAT_VERSION})")]
    UnsupportedVersion { found: u32 },
    #[error("file truncated in {section}: needs {needed} bytes, {available} left")]
    Truncated {
        section: &'static str,
        needed: u64,
        available: u64,
    },
    #[error("{count} unexpected bytes after the DRAM image")]
    TrailingBytes { count: u64 },
    #[error("header of {len} bytes exceeds the {MAX_HEADER_BYTES}-byte limit")]
    HeaderTooLarge { len: u32 },
    #[error("malformed header: {0}")]
    Header(#[from] serde_json::Error),
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    #[error("instruction {index}: {source}")]
    Decode { index: usize, source: DecodeError },
    #[error("micro-op {index}: {source}")]
    UopDecode { index: usize, source: DecodeError },
    #[error("instruction {index}: {source}")]
    Encode { index: usize, source: EncodeError },
    #[error("micro-op {index}: {source}")]
    UopEncode { index: usize, source: EncodeError },
    #[error("buffer {name} ({size} bytes at {offset}) is outside the {image}-byte DRAM image")]
    BufferOutOfImage {
        name: String,
        offset: u64,
        size: u64,
        image: u64,
    },
    #[error("duplicate buffer name {name}")]
    DuplicateBuffer { name: String },
}

/// A cursor that refuses to read past the end.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, section: &'static str, n: u64) -> Result<&'a [u8], ProgramError> {
        let available = self.bytes.len() as u64;
        if n > available {
            return Err(ProgramError::Truncated {
                section,
                needed: n,
                available,
            });
        }
        let (head, tail) = self.bytes.split_at(n as usize);
        self.bytes = tail;
        Ok(head)
    }

    fn u32(&mut self, section: &'static str) -> Result<u32, ProgramError> {
        let b = self.take(section, 4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

impl Program {
    /// An empty program for `config`.
    pub fn new(config: VtaConfig) -> Self {
        Program {
            config,
            insns: Vec::new(),
            uops: Vec::new(),
            uop_dram_base: 0,
            dram: DramImage::new(),
        }
    }

    /// Appends the micro-op table to the DRAM image as a buffer named
    /// `uops` and points `uop_dram_base` at it. Call after the table is final.
    pub fn place_uops(&mut self) -> Result<(), ProgramError> {
        let size = (self.uops.len() * UOP_FILE_BYTES) as u64;
        let offset =
            self.dram
                .push_zeroed("uops", ElemType::Uop, vec![self.uops.len() as u64], size, 4)?;
        self.uop_dram_base =
            u32::try_from(offset / 4).map_err(|_| ProgramError::BufferOutOfImage {
                name: "uops".into(),
                offset,
                size,
                image: self.dram.bytes.len() as u64,
            })?;
        Ok(())
    }

    /// Checks the configuration, every encoding, and the image layout.
    pub fn validate(&self) -> Result<(), ProgramError> {
        self.encode_sections().map(|_| ())?;
        self.dram.validate()?;
        self.uop_table_range().map(|_| ())
    }

    fn uop_table_range(&self) -> Result<std::ops::Range<usize>, ProgramError> {
        let offset = u64::from(self.uop_dram_base) * 4;
        let size = (self.uops.len() * UOP_FILE_BYTES) as u64;
        let image = self.dram.bytes.len() as u64;
        if offset + size > image {
            return Err(ProgramError::BufferOutOfImage {
                name: "micro-op table".into(),
                offset,
                size,
                image,
            });
        }
        Ok(offset as usize..(offset + size) as usize)
    }

    fn encode_sections(&self) -> Result<(Vec<u8>, Vec<u8>), ProgramError> {
        let layout = IsaLayout::for_config(&self.config)?;
        let mut insns = Vec::with_capacity(self.insns.len() * INSN_BYTES);
        for (index, insn) in self.insns.iter().enumerate() {
            let word = layout
                .encode(insn)
                .map_err(|source| ProgramError::Encode { index, source })?;
            insns.extend_from_slice(&word.to_le_bytes());
        }
        let mut uops = Vec::with_capacity(self.uops.len() * UOP_FILE_BYTES);
        for (index, uop) in self.uops.iter().enumerate() {
            let word = layout
                .encode_uop(uop)
                .map_err(|source| ProgramError::UopEncode { index, source })?;
            uops.extend_from_slice(&word.to_le_bytes());
        }
        Ok((insns, uops))
    }

    /// The DRAM a run starts from: the image with the encoded micro-op table
    /// written at `uop_dram_base`.
    pub fn initial_dram(&self) -> Result<Vec<u8>, ProgramError> {
        let (_, uops) = self.encode_sections()?;
        let range = self.uop_table_range()?;
        let mut dram = self.dram.bytes.clone();
        dram[range].copy_from_slice(&uops);
        Ok(dram)
    }

    /// The encoded instruction stream, as the hardware fetches it.
    pub fn encoded_insns(&self) -> Result<Vec<u8>, ProgramError> {
        Ok(self.encode_sections()?.0)
    }

    /// Serialises to the file format described in the module docs.
    pub fn to_bytes(&self) -> Result<Vec<u8>, ProgramError> {
        self.validate()?;
        let (insns, uops) = self.encode_sections()?;
        let header = Header {
            config: self.config.clone(),
            insn_count: self.insns.len() as u64,
            uop_count: self.uops.len() as u64,
            uop_dram_base: self.uop_dram_base,
            dram_size: self.dram.bytes.len() as u64,
            buffers: self.dram.buffers.clone(),
        };
        let json = serde_json::to_vec(&header)?;
        let len = u32::try_from(json.len())
            .ok()
            .filter(|&l| l <= MAX_HEADER_BYTES)
            .ok_or(ProgramError::HeaderTooLarge { len: u32::MAX })?;
        let mut out =
            Vec::with_capacity(16 + json.len() + insns.len() + uops.len() + self.dram.bytes.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&json);
        out.extend_from_slice(&insns);
        out.extend_from_slice(&uops);
        out.extend_from_slice(&self.dram.bytes);
        Ok(out)
    }

    /// Parses the file format; every malformation is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Program, ProgramError> {
        let mut r = Reader { bytes };
        if r.take("magic", MAGIC.len() as u64)
            .map_err(|_| ProgramError::BadMagic)?
            != MAGIC
        {
            return Err(ProgramError::BadMagic);
        }
        let version = r.u32("version")?;
        if version != FORMAT_VERSION {
            return Err(ProgramError::UnsupportedVersion { found: version });
        }
        let len = r.u32("header length")?;
        if len > MAX_HEADER_BYTES {
            return Err(ProgramError::HeaderTooLarge { len });
        }
        let header: Header = serde_json::from_slice(r.take("header", len.into())?)?;
        let layout = IsaLayout::for_config(&header.config)?;

        let insn_bytes = header.insn_count.saturating_mul(INSN_BYTES as u64);
        let insns = r
            .take("instructions", insn_bytes)?
            .chunks_exact(INSN_BYTES)
            .enumerate()
            .map(|(index, chunk)| {
                let mut word = [0u8; INSN_BYTES];
                word.copy_from_slice(chunk);
                layout
                    .decode(u128::from_le_bytes(word))
                    .map_err(|source| ProgramError::Decode { index, source })
            })
            .collect::<Result<Vec<_>, _>>()?;

        let uop_bytes = header.uop_count.saturating_mul(UOP_FILE_BYTES as u64);
        let uops = r
            .take("micro-ops", uop_bytes)?
            .chunks_exact(UOP_FILE_BYTES)
            .enumerate()
            .map(|(index, c)| {
                layout
                    .decode_uop(u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .map_err(|source| ProgramError::UopDecode { index, source })
            })
            .collect::<Result<Vec<_>, _>>()?;

        let dram = r.take("DRAM image", header.dram_size)?.to_vec();
        if !r.bytes.is_empty() {
            return Err(ProgramError::TrailingBytes {
                count: r.bytes.len() as u64,
            });
        }
        let program = Program {
            config: header.config,
            insns,
            uops,
            uop_dram_base: header.uop_dram_base,
            dram: DramImage {
                bytes: dram,
                buffers: header.buffers,
            },
        };
        program.dram.validate()?;
        program.uop_table_range()?;
        Ok(program)
    }

    pub fn write_file(&self, path: impl AsRef<Path>) -> Result<(), ProgramError> {
        std::fs::write(path, self.to_bytes()?)?;
        Ok(())
    }

    pub fn read_file(path: impl AsRef<Path>) -> Result<Program, ProgramError> {
        Self::from_bytes(&std::fs::read(path)?)
    }
}
