//! The VTA hardware configuration as a value.
//!
//! VTA is a family of accelerators, not one chip: element widths, the GEMM
//! block shape and every on-chip buffer size are parameters fixed when the
//! hardware is generated. The encoder, the simulator and the compiler must all
//! agree on them, so they take a [`VtaConfig`] as input instead of reading
//! global constants. Everything that follows from the base parameters (buffer
//! depths, element sizes, instruction field widths) is a method here, computed
//! on demand, so that no two places can disagree about it.
//!
//! The on-disk form is TVM's `vta_config.json` (`LOG_INP_WIDTH`,
//! `LOG_BLOCK`, `LOG_ACC_BUFF_SIZE`, ...), extended with a few optional keys
//! for the cycle model (`BUS_WIDTH_BITS`, `DRAM_LATENCY_CYCLES`,
//! `CLOCK_MHZ`, `PIPELINE_DRAIN_CYCLES`). Keys outside the `LOG_*` family that
//! we do not know (TVM files carry `TARGET`, `HW_VER`, ...) are ignored, but
//! an unknown `LOG_*` key is an error: it is almost certainly a typo that would
//! otherwise silently fall back to a default.
//!
//! Limits are deliberately narrower than "anything TVM could generate": lanes
//! are 8, 16 or 32 bits wide (byte-addressable, and an accumulator fits an
//! `i32`), and buffers are at most [`MAX_LOG_BUFF_SIZE`] so that a simulator
//! can allocate them without asking.

use std::path::Path;

use serde_json::{Map, Value};
use thiserror::Error;

/// Smallest supported log2 of a lane width in bits (8-bit lanes).
pub const MIN_LOG_WIDTH: u32 = 3;
/// Largest supported log2 of a lane width in bits (32-bit lanes).
pub const MAX_LOG_WIDTH: u32 = 5;
/// Largest supported log2 of the batch dimension of a GEMM block.
pub const MAX_LOG_BATCH: u32 = 4;
/// Largest supported log2 of the GEMM block dimensions.
pub const MAX_LOG_BLOCK: u32 = 6;
/// Largest supported log2 of an on-chip buffer size in bytes (16 MiB).
pub const MAX_LOG_BUFF_SIZE: u32 = 24;
/// Micro-ops are 32-bit words in every configuration.
pub const UOP_BYTES: u64 = 4;
/// Supported memory bus widths, in bits, are powers of two in this range.
pub const MIN_BUS_WIDTH_BITS: u32 = 8;
/// See [`MIN_BUS_WIDTH_BITS`].
pub const MAX_BUS_WIDTH_BITS: u32 = 4096;
/// Upper bound on the DRAM latency parameter, to keep cycle counts sane.
pub const MAX_DRAM_LATENCY_CYCLES: u32 = 1 << 16;
/// Upper bound on the GEMM/ALU pipeline drain parameter.
pub const MAX_PIPELINE_DRAIN_CYCLES: u32 = 1 << 10;

/// An error in a configuration: unreadable, malformed or outside the limits
/// this crate supports.
#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read configuration file: {0}")]
    Io(#[from] std::io::Error),
    #[error("configuration is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("configuration must be a JSON object")]
    NotAnObject,
    #[error("configuration key {key} must be a non-negative integer")]
    NotAnInteger { key: String },
    #[error("configuration key {key} must be a string")]
    NotAString { key: String },
    #[error("unknown configuration key {key}")]
    UnknownKey { key: String },
    #[error("configuration value {key} = {value} is outside {min}..={max}")]
    OutOfRange {
        key: &'static str,
        value: u64,
        min: u64,
        max: u64,
    },
    #[error(
        "{what}: buffer of 2^{log_size} bytes is smaller than one element of 2^{log_elem} bytes"
    )]
    BufferTooSmall {
        what: &'static str,
        log_size: u32,
        log_elem: u32,
    },
    #[error("bus width {bits} bits is not a power of two")]
    BusWidthNotPowerOfTwo { bits: u32 },
    #[error("{what} needs {bits} bits, more than the {limit} available")]
    EncodingTooWide {
        what: &'static str,
        bits: u32,
        limit: u32,
    },
}

/// Parameters of the cycle model (spec §7). They do not change what a program
/// computes, only how long it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimingConfig {
    /// Width of the DRAM bus in bits; one beat per cycle.
    pub bus_width_bits: u32,
    /// Fixed latency of one DRAM request (one row of a LOAD or STORE).
    pub dram_latency_cycles: u32,
    /// Clock frequency, used only to turn cycles into seconds.
    pub clock_mhz: u32,
    /// Cycles to drain the GEMM / ALU pipeline after the last micro-op.
    pub pipeline_drain_cycles: u32,
}

impl Default for TimingConfig {
    /// Pynq-class board: 64-bit bus at 100 MHz, 16-cycle DRAM latency.
    fn default() -> Self {
        TimingConfig {
            bus_width_bits: 64,
            dram_latency_cycles: 16,
            clock_mhz: 100,
            pipeline_drain_cycles: 5,
        }
    }
}

/// A VTA hardware configuration. Fields are the base parameters (log2 of
/// widths in bits and of buffer sizes in bytes); derived quantities are
/// methods. Build one with [`VtaConfig::default`] and change fields, or read
/// TVM's JSON with [`VtaConfig::from_json_str`], then [`VtaConfig::validate`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VtaConfig {
    pub log_inp_width: u32,
    pub log_wgt_width: u32,
    pub log_acc_width: u32,
    /// Output lane width; TVM ties it to the input width.
    pub log_out_width: u32,
    pub log_batch: u32,
    pub log_block_in: u32,
    pub log_block_out: u32,
    pub log_uop_buff_size: u32,
    pub log_inp_buff_size: u32,
    pub log_wgt_buff_size: u32,
    pub log_acc_buff_size: u32,
    /// `TARGET` of TVM's file, kept for round trips ("sim", "pynq", ...).
    pub target: Option<String>,
    /// `HW_VER` of TVM's file, kept for round trips.
    pub hw_version: Option<String>,
    pub timing: TimingConfig,
}

impl Default for VtaConfig {
    /// The default configuration of spec §1: 1x16x16, int8 inputs and
    /// weights, int32 accumulators, 32/32/256/128 KiB buffers.
    fn default() -> Self {
        VtaConfig {
            log_inp_width: 3,
            log_wgt_width: 3,
            log_acc_width: 5,
            log_out_width: 3,
            log_batch: 0,
            log_block_in: 4,
            log_block_out: 4,
            log_uop_buff_size: 15,
            log_inp_buff_size: 15,
            log_wgt_buff_size: 18,
            log_acc_buff_size: 17,
            target: None,
            hw_version: None,
            timing: TimingConfig::default(),
        }
    }
}

/// The keys of the JSON form, in the order they are written.
mod key {
    pub const LOG_INP_WIDTH: &str = "LOG_INP_WIDTH";
    pub const LOG_WGT_WIDTH: &str = "LOG_WGT_WIDTH";
    pub const LOG_ACC_WIDTH: &str = "LOG_ACC_WIDTH";
    pub const LOG_OUT_WIDTH: &str = "LOG_OUT_WIDTH";
    pub const LOG_BATCH: &str = "LOG_BATCH";
    pub const LOG_BLOCK: &str = "LOG_BLOCK";
    pub const LOG_BLOCK_IN: &str = "LOG_BLOCK_IN";
    pub const LOG_BLOCK_OUT: &str = "LOG_BLOCK_OUT";
    pub const LOG_UOP_BUFF_SIZE: &str = "LOG_UOP_BUFF_SIZE";
    pub const LOG_INP_BUFF_SIZE: &str = "LOG_INP_BUFF_SIZE";
    pub const LOG_WGT_BUFF_SIZE: &str = "LOG_WGT_BUFF_SIZE";
    pub const LOG_ACC_BUFF_SIZE: &str = "LOG_ACC_BUFF_SIZE";
    pub const TARGET: &str = "TARGET";
    pub const HW_VER: &str = "HW_VER";
    pub const BUS_WIDTH_BITS: &str = "BUS_WIDTH_BITS";
    pub const DRAM_LATENCY_CYCLES: &str = "DRAM_LATENCY_CYCLES";
    pub const CLOCK_MHZ: &str = "CLOCK_MHZ";
    pub const PIPELINE_DRAIN_CYCLES: &str = "PIPELINE_DRAIN_CYCLES";
    /// Every `LOG_*` key we understand; any other `LOG_*` key is an error.
    pub const KNOWN_LOG: &[&str] = &[
        LOG_INP_WIDTH,
        LOG_WGT_WIDTH,
        LOG_ACC_WIDTH,
        LOG_OUT_WIDTH,
        LOG_BATCH,
        LOG_BLOCK,
        LOG_BLOCK_IN,
        LOG_BLOCK_OUT,
        LOG_UOP_BUFF_SIZE,
        LOG_INP_BUFF_SIZE,
        LOG_WGT_BUFF_SIZE,
        LOG_ACC_BUFF_SIZE,
    ];
}

/// Reads an optional non-negative integer that must fit a `u32`.
fn read_u32(map: &Map<String, Value>, name: &str) -> Result<Option<u32>, ConfigError> {
    match map.get(name) {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| ConfigError::NotAnInteger { key: name.into() }),
    }
}

fn read_string(map: &Map<String, Value>, name: &str) -> Result<Option<String>, ConfigError> {
    match map.get(name) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(ConfigError::NotAString { key: name.into() }),
    }
}

fn check_range(key: &'static str, value: u32, min: u32, max: u32) -> Result<(), ConfigError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(ConfigError::OutOfRange {
            key,
            value: value.into(),
            min: min.into(),
            max: max.into(),
        })
    }
}

impl VtaConfig {
    /// Parses TVM's `vta_config.json` format (plus the timing keys) and
    /// validates the result. Missing keys take the default configuration's
    /// values; `LOG_OUT_WIDTH` defaults to `LOG_INP_WIDTH` as in TVM, and
    /// `LOG_BLOCK_IN` / `LOG_BLOCK_OUT` override `LOG_BLOCK`.
    pub fn from_json_str(text: &str) -> Result<Self, ConfigError> {
        let value: Value = serde_json::from_str(text)?;
        Self::from_json_value(&value)
    }

    /// Reads and parses a configuration file; see [`VtaConfig::from_json_str`].
    pub fn from_json_file(path: impl AsRef<Path>) -> Result<Self, ConfigError> {
        Self::from_json_str(&std::fs::read_to_string(path)?)
    }

    /// See [`VtaConfig::from_json_str`].
    pub fn from_json_value(value: &Value) -> Result<Self, ConfigError> {
        let map = value.as_object().ok_or(ConfigError::NotAnObject)?;
        if let Some(unknown) = map
            .keys()
            .find(|k| k.starts_with("LOG_") && !key::KNOWN_LOG.contains(&k.as_str()))
        {
            return Err(ConfigError::UnknownKey {
                key: unknown.clone(),
            });
        }
        let d = VtaConfig::default();
        let log_inp_width = read_u32(map, key::LOG_INP_WIDTH)?.unwrap_or(d.log_inp_width);
        let log_block = read_u32(map, key::LOG_BLOCK)?;
        let dt = d.timing;
        let config = VtaConfig {
            log_inp_width,
            log_wgt_width: read_u32(map, key::LOG_WGT_WIDTH)?.unwrap_or(d.log_wgt_width),
            log_acc_width: read_u32(map, key::LOG_ACC_WIDTH)?.unwrap_or(d.log_acc_width),
            log_out_width: read_u32(map, key::LOG_OUT_WIDTH)?.unwrap_or(log_inp_width),
            log_batch: read_u32(map, key::LOG_BATCH)?.unwrap_or(d.log_batch),
            log_block_in: read_u32(map, key::LOG_BLOCK_IN)?
                .or(log_block)
                .unwrap_or(d.log_block_in),
            log_block_out: read_u32(map, key::LOG_BLOCK_OUT)?
                .or(log_block)
                .unwrap_or(d.log_block_out),
            log_uop_buff_size: read_u32(map, key::LOG_UOP_BUFF_SIZE)?
                .unwrap_or(d.log_uop_buff_size),
            log_inp_buff_size: read_u32(map, key::LOG_INP_BUFF_SIZE)?
                .unwrap_or(d.log_inp_buff_size),
            log_wgt_buff_size: read_u32(map, key::LOG_WGT_BUFF_SIZE)?
                .unwrap_or(d.log_wgt_buff_size),
            log_acc_buff_size: read_u32(map, key::LOG_ACC_BUFF_SIZE)?
                .unwrap_or(d.log_acc_buff_size),
            target: read_string(map, key::TARGET)?,
            hw_version: read_string(map, key::HW_VER)?,
            timing: TimingConfig {
                bus_width_bits: read_u32(map, key::BUS_WIDTH_BITS)?.unwrap_or(dt.bus_width_bits),
                dram_latency_cycles: read_u32(map, key::DRAM_LATENCY_CYCLES)?
                    .unwrap_or(dt.dram_latency_cycles),
                clock_mhz: read_u32(map, key::CLOCK_MHZ)?.unwrap_or(dt.clock_mhz),
                pipeline_drain_cycles: read_u32(map, key::PIPELINE_DRAIN_CYCLES)?
                    .unwrap_or(dt.pipeline_drain_cycles),
            },
        };
        config.validate()?;
        Ok(config)
    }

    /// The JSON form; `LOG_BLOCK` is written when the block is square,
    /// `LOG_BLOCK_IN` / `LOG_BLOCK_OUT` otherwise.
    pub fn to_json_value(&self) -> Value {
        let mut map = Map::new();
        if let Some(t) = &self.target {
            map.insert(key::TARGET.into(), t.clone().into());
        }
        if let Some(v) = &self.hw_version {
            map.insert(key::HW_VER.into(), v.clone().into());
        }
        let mut put = |k: &str, v: u32| {
            map.insert(k.into(), v.into());
        };
        put(key::LOG_INP_WIDTH, self.log_inp_width);
        put(key::LOG_WGT_WIDTH, self.log_wgt_width);
        put(key::LOG_ACC_WIDTH, self.log_acc_width);
        put(key::LOG_OUT_WIDTH, self.log_out_width);
        put(key::LOG_BATCH, self.log_batch);
        if self.log_block_in == self.log_block_out {
            put(key::LOG_BLOCK, self.log_block_in);
        } else {
            put(key::LOG_BLOCK_IN, self.log_block_in);
            put(key::LOG_BLOCK_OUT, self.log_block_out);
        }
        put(key::LOG_UOP_BUFF_SIZE, self.log_uop_buff_size);
        put(key::LOG_INP_BUFF_SIZE, self.log_inp_buff_size);
        put(key::LOG_WGT_BUFF_SIZE, self.log_wgt_buff_size);
        put(key::LOG_ACC_BUFF_SIZE, self.log_acc_buff_size);
        put(key::BUS_WIDTH_BITS, self.timing.bus_width_bits);
        put(key::DRAM_LATENCY_CYCLES, self.timing.dram_latency_cycles);
        put(key::CLOCK_MHZ, self.timing.clock_mhz);
        put(
            key::PIPELINE_DRAIN_CYCLES,
            self.timing.pipeline_drain_cycles,
        );
        Value::Object(map)
    }

    /// Pretty-printed JSON, readable back with [`VtaConfig::from_json_str`].
    pub fn to_json_string(&self) -> String {
        // Serialising a `Value` built from strings and integers cannot fail.
        serde_json::to_string_pretty(&self.to_json_value()).unwrap_or_default()
    }

    /// Checks every parameter against the supported limits and checks that the
    /// instruction and micro-op encodings fit their 128 and 32 bits.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let (lo, hi) = (MIN_LOG_WIDTH, MAX_LOG_WIDTH);
        check_range(key::LOG_INP_WIDTH, self.log_inp_width, lo, hi)?;
        check_range(key::LOG_WGT_WIDTH, self.log_wgt_width, lo, hi)?;
        check_range(key::LOG_ACC_WIDTH, self.log_acc_width, lo, hi)?;
        check_range(key::LOG_OUT_WIDTH, self.log_out_width, lo, hi)?;
        check_range(key::LOG_BATCH, self.log_batch, 0, MAX_LOG_BATCH)?;
        check_range(key::LOG_BLOCK_IN, self.log_block_in, 0, MAX_LOG_BLOCK)?;
        check_range(key::LOG_BLOCK_OUT, self.log_block_out, 0, MAX_LOG_BLOCK)?;
        let buffers = [
            (
                "uop buffer",
                key::LOG_UOP_BUFF_SIZE,
                self.log_uop_buff_size,
                2,
            ),
            (
                "inp buffer",
                key::LOG_INP_BUFF_SIZE,
                self.log_inp_buff_size,
                self.log_elem_bytes(Buffer::Inp),
            ),
            (
                "wgt buffer",
                key::LOG_WGT_BUFF_SIZE,
                self.log_wgt_buff_size,
                self.log_elem_bytes(Buffer::Wgt),
            ),
            (
                "acc buffer",
                key::LOG_ACC_BUFF_SIZE,
                self.log_acc_buff_size,
                self.log_elem_bytes(Buffer::Acc),
            ),
        ];
        for (what, key, log_size, log_elem) in buffers {
            check_range(key, log_size, 0, MAX_LOG_BUFF_SIZE)?;
            if log_size < log_elem {
                return Err(ConfigError::BufferTooSmall {
                    what,
                    log_size,
                    log_elem,
                });
            }
        }
        let t = &self.timing;
        check_range(
            key::BUS_WIDTH_BITS,
            t.bus_width_bits,
            MIN_BUS_WIDTH_BITS,
            MAX_BUS_WIDTH_BITS,
        )?;
        if !t.bus_width_bits.is_power_of_two() {
            return Err(ConfigError::BusWidthNotPowerOfTwo {
                bits: t.bus_width_bits,
            });
        }
        check_range(
            key::DRAM_LATENCY_CYCLES,
            t.dram_latency_cycles,
            0,
            MAX_DRAM_LATENCY_CYCLES,
        )?;
        check_range(key::CLOCK_MHZ, t.clock_mhz, 1, u32::MAX)?;
        check_range(
            key::PIPELINE_DRAIN_CYCLES,
            t.pipeline_drain_cycles,
            0,
            MAX_PIPELINE_DRAIN_CYCLES,
        )?;
        crate::isa::IsaLayout::new(self).map(|_| ())
    }

    pub fn batch(&self) -> u64 {
        1 << self.log_batch
    }
    pub fn block_in(&self) -> u64 {
        1 << self.log_block_in
    }
    pub fn block_out(&self) -> u64 {
        1 << self.log_block_out
    }
    pub fn inp_width_bits(&self) -> u32 {
        1 << self.log_inp_width
    }
    pub fn wgt_width_bits(&self) -> u32 {
        1 << self.log_wgt_width
    }
    pub fn acc_width_bits(&self) -> u32 {
        1 << self.log_acc_width
    }
    pub fn out_width_bits(&self) -> u32 {
        1 << self.log_out_width
    }

    /// Multiply-accumulates done by one GEMM micro-op, which is also the peak
    /// per cycle (one micro-op per cycle).
    pub fn macs_per_uop(&self) -> u64 {
        self.batch() * self.block_in() * self.block_out()
    }

    /// Number of lanes (scalars) in one element of `buffer`.
    pub fn lanes(&self, buffer: Buffer) -> u64 {
        match buffer {
            Buffer::Uop => 1,
            Buffer::Inp => self.batch() * self.block_in(),
            Buffer::Wgt => self.block_out() * self.block_in(),
            Buffer::Acc | Buffer::Out => self.batch() * self.block_out(),
        }
    }

    /// Bits of one lane of `buffer` (32 for the micro-op "lane").
    pub fn lane_bits(&self, buffer: Buffer) -> u32 {
        match buffer {
            Buffer::Uop => 32,
            Buffer::Inp => self.inp_width_bits(),
            Buffer::Wgt => self.wgt_width_bits(),
            Buffer::Acc => self.acc_width_bits(),
            Buffer::Out => self.out_width_bits(),
        }
    }

    /// log2 of the bytes of one element of `buffer`.
    pub fn log_elem_bytes(&self, buffer: Buffer) -> u32 {
        let log_bits = match buffer {
            Buffer::Uop => return 2,
            Buffer::Inp => self.log_batch + self.log_block_in + self.log_inp_width,
            Buffer::Wgt => self.log_block_out + self.log_block_in + self.log_wgt_width,
            Buffer::Acc => self.log_batch + self.log_block_out + self.log_acc_width,
            Buffer::Out => self.log_batch + self.log_block_out + self.log_out_width,
        };
        log_bits.saturating_sub(3)
    }

    /// Bytes of one element ("tile") of `buffer`, on chip and in DRAM.
    pub fn elem_bytes(&self, buffer: Buffer) -> u64 {
        1 << self.log_elem_bytes(buffer)
    }

    /// log2 of the number of elements `buffer` holds. The output buffer
    /// shares the accumulator's indices.
    pub fn log_depth(&self, buffer: Buffer) -> u32 {
        let log_size = match buffer {
            Buffer::Uop => self.log_uop_buff_size,
            Buffer::Inp => self.log_inp_buff_size,
            Buffer::Wgt => self.log_wgt_buff_size,
            Buffer::Acc | Buffer::Out => self.log_acc_buff_size,
        };
        let log_elem = match buffer {
            Buffer::Out => self.log_elem_bytes(Buffer::Acc),
            other => self.log_elem_bytes(other),
        };
        log_size.saturating_sub(log_elem)
    }

    /// Number of elements `buffer` holds.
    pub fn depth(&self, buffer: Buffer) -> u64 {
        1 << self.log_depth(buffer)
    }

    /// Size in bytes of the output buffer (spec: ACC_BUFF + OUT_WIDTH - ACC_WIDTH).
    pub fn log_out_buff_size(&self) -> u32 {
        self.log_depth(Buffer::Out) + self.log_elem_bytes(Buffer::Out)
    }

    /// Bytes moved per bus beat (one beat per cycle).
    pub fn bus_bytes(&self) -> u64 {
        u64::from(self.timing.bus_width_bits / 8).max(1)
    }
}

/// An on-chip buffer. Distinct from [`crate::isa::MemId`], which also names
/// the `ACC_8BIT` load mode: that mode writes the accumulator buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Buffer {
    Uop,
    Inp,
    Wgt,
    Acc,
    Out,
}

impl Buffer {
    pub const ALL: [Buffer; 5] = [
        Buffer::Uop,
        Buffer::Inp,
        Buffer::Wgt,
        Buffer::Acc,
        Buffer::Out,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Buffer::Uop => "uop",
            Buffer::Inp => "inp",
            Buffer::Wgt => "wgt",
            Buffer::Acc => "acc",
            Buffer::Out => "out",
        }
    }
}

impl std::fmt::Display for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for VtaConfig {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.to_json_value(), s)
    }
}

impl<'de> serde::Deserialize<'de> for VtaConfig {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = <Value as serde::Deserialize>::deserialize(d)?;
        VtaConfig::from_json_value(&value).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_matches_spec_table() {
        let c = VtaConfig::default();
        c.validate().unwrap();
        assert_eq!(c.depth(Buffer::Uop), 8192);
        assert_eq!(c.depth(Buffer::Inp), 2048);
        assert_eq!(c.depth(Buffer::Wgt), 1024);
        assert_eq!(c.depth(Buffer::Acc), 2048);
        assert_eq!(c.depth(Buffer::Out), 2048);
        assert_eq!(c.elem_bytes(Buffer::Uop), 4);
        assert_eq!(c.elem_bytes(Buffer::Inp), 16);
        assert_eq!(c.elem_bytes(Buffer::Wgt), 256);
        assert_eq!(c.elem_bytes(Buffer::Acc), 64);
        assert_eq!(c.elem_bytes(Buffer::Out), 16);
        assert_eq!(c.log_out_buff_size(), 15);
        assert_eq!(c.macs_per_uop(), 256);
        assert_eq!(c.bus_bytes(), 8);
    }

    #[test]
    fn parses_tvm_file_and_ignores_foreign_keys() {
        let text = r#"{
            "TARGET": "sim", "HW_VER": "0.0.2",
            "LOG_INP_WIDTH": 3, "LOG_WGT_WIDTH": 3, "LOG_ACC_WIDTH": 5,
            "LOG_BATCH": 0, "LOG_BLOCK": 4,
            "LOG_UOP_BUFF_SIZE": 15, "LOG_INP_BUFF_SIZE": 15,
            "LOG_WGT_BUFF_SIZE": 18, "LOG_ACC_BUFF_SIZE": 17
        }"#;
        let c = VtaConfig::from_json_str(text).unwrap();
        assert_eq!(c.target.as_deref(), Some("sim"));
        let expected = VtaConfig {
            target: Some("sim".into()),
            hw_version: Some("0.0.2".into()),
            ..VtaConfig::default()
        };
        assert_eq!(c, expected);
        let back = VtaConfig::from_json_str(&c.to_json_string()).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn rejects_typos_and_bad_values() {
        assert!(matches!(
            VtaConfig::from_json_str(r#"{"LOG_BLOK": 4}"#),
            Err(ConfigError::UnknownKey { .. })
        ));
        assert!(matches!(
            VtaConfig::from_json_str(r#"{"LOG_BLOCK": -1}"#),
            Err(ConfigError::NotAnInteger { .. })
        ));
        assert!(matches!(
            VtaConfig::from_json_str(r#"{"LOG_INP_WIDTH": 7}"#),
            Err(ConfigError::OutOfRange { .. })
        ));
        assert!(matches!(
            VtaConfig::from_json_str(r#"{"BUS_WIDTH_BITS": 96}"#),
            Err(ConfigError::BusWidthNotPowerOfTwo { .. })
        ));
        assert!(matches!(
            VtaConfig::from_json_str("[1]"),
            Err(ConfigError::NotAnObject)
        ));
        assert!(matches!(
            VtaConfig::from_json_str("{"),
            Err(ConfigError::Json(_))
        ));
    }

    #[test]
    fn larger_buffers_overflow_the_encoding() {
        // A 16-bit uop index does not fit the first instruction word any more:
        // 7 + 1 + 16 + 17 + 14 + 14 = 69 bits.
        let c = VtaConfig {
            log_uop_buff_size: 18,
            ..VtaConfig::default()
        };
        assert!(matches!(
            c.validate(),
            Err(ConfigError::EncodingTooWide { .. })
        ));
    }

    #[test]
    fn rectangular_block() {
        let c = VtaConfig::from_json_str(
            r#"{"LOG_BLOCK_IN": 4, "LOG_BLOCK_OUT": 3,
                "LOG_WGT_BUFF_SIZE": 17, "LOG_ACC_BUFF_SIZE": 16}"#,
        )
        .unwrap();
        assert_eq!(c.lanes(Buffer::Wgt), 128);
        assert_eq!(c.lanes(Buffer::Acc), 8);
        assert_eq!(c.macs_per_uop(), 128);
        let back = VtaConfig::from_json_value(&c.to_json_value()).unwrap();
        assert_eq!(back, c);
    }
}
