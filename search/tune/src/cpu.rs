//! The CPU a schedule is tuned for: which of x86-vectorize's instruction
//! sets it runs natively, how many vector registers each has, and its
//! per-core data caches.
//!
//! Why a description and not constants: the space's register and cache
//! constraints (Heron's C5 and C6) are only as true as the numbers in
//! them, and the numbers differ between machines (a 32 KiB or 48 KiB L1, a
//! 512 KiB or 2 MiB L2, AVX-512 or not). They are read when the tuner
//! starts: instruction sets with `is_x86_feature_detected!`, cache sizes
//! from Linux's `/sys/devices/system/cpu/cpu0/cache` or, where that is
//! missing, CPUID leaf 4 (deterministic cache parameters). A description
//! can also be written by hand ([`Cpu::new`]) for tests and for tuning a
//! space of a machine the tuner does not run on.

use std::fmt;

/// An instruction set x86-vectorize writes its kernels in, as the pass
/// option `isa=` names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// AVX2 + FMA: 8 f32 lanes, 16 ymm registers.
    Avx2,
    /// AVX-512F FMA for f32.
    Avx512,
    /// AVX512-VNNI for int8.
    Vnni,
}

impl Isa {
    /// The pass option's spelling.
    pub fn option(self) -> &'static str {
        match self {
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
            Isa::Vnni => "vnni",
        }
    }

    /// 32-bit lanes per vector register (f32 values, or int8
    /// accumulators).
    pub fn lanes(self) -> i64 {
        match self {
            Isa::Avx2 => 8,
            Isa::Avx512 | Isa::Vnni => 16,
        }
    }

    /// Architectural vector registers the kernels may use: 16 ymm with
    /// AVX2, 32 zmm with AVX-512.
    pub fn registers(self) -> i64 {
        match self {
            Isa::Avx2 => 16,
            Isa::Avx512 | Isa::Vnni => 32,
        }
    }
}

impl fmt::Display for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.option())
    }
}

/// Where the cache sizes came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CacheSource {
    Sysfs,
    Cpuid,
    /// Given by the caller.
    Given,
}

/// What the space needs to know about the CPU.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cpu {
    /// The instruction sets this CPU runs natively, in the order the
    /// space numbers them.
    pub isas: Vec<Isa>,
    /// L1 data cache of one core, bytes.
    pub l1d: i64,
    /// L2 cache of one core (or the one cpu0 sees), bytes.
    pub l2: i64,
    pub source: CacheSource,
}

/// Why the CPU cannot be described.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CpuError {
    #[error("this CPU has neither AVX-512F nor AVX2 with FMA, so x86-vectorize's kernels would only run emulated")]
    NoVectorIsa,
    #[error("the L1 data and L2 cache sizes could not be read (neither /sys/devices/system/cpu/cpu0/cache nor CPUID leaf 4 gives them)")]
    NoCacheSizes,
}

impl Cpu {
    /// A description given by hand.
    pub fn new(isas: &[Isa], l1d: i64, l2: i64) -> Cpu {
        Cpu {
            isas: isas.to_vec(),
            l1d,
            l2,
            source: CacheSource::Given,
        }
    }

    /// This machine.
    pub fn detect() -> Result<Cpu, CpuError> {
        let isas = detect_isas();
        if isas.is_empty() {
            return Err(CpuError::NoVectorIsa);
        }
        let (l1d, l2, source) = match sysfs_caches() {
            Some((l1, l2)) => (l1, l2, CacheSource::Sysfs),
            None => match cpuid_caches() {
                Some((l1, l2)) => (l1, l2, CacheSource::Cpuid),
                None => return Err(CpuError::NoCacheSizes),
            },
        };
        Ok(Cpu {
            isas,
            l1d,
            l2,
            source,
        })
    }
}

impl fmt::Display for Cpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let isas: Vec<String> = self
            .isas
            .iter()
            .map(|i| format!("{i} ({} registers of {} lanes)", i.registers(), i.lanes()))
            .collect();
        write!(
            f,
            "{}; L1d {} KiB, L2 {} KiB ({})",
            isas.join(", "),
            self.l1d / 1024,
            self.l2 / 1024,
            match self.source {
                CacheSource::Sysfs => "sysfs",
                CacheSource::Cpuid => "CPUID",
                CacheSource::Given => "given",
            }
        )
    }
}

/// The instruction sets x86-vectorize has kernels for that this CPU runs.
fn detect_isas() -> Vec<Isa> {
    #[allow(unused_mut)]
    let mut isas = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            isas.push(Isa::Avx2);
        }
        if std::arch::is_x86_feature_detected!("avx512f") {
            isas.push(Isa::Avx512);
        }
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vnni")
        {
            isas.push(Isa::Vnni);
        }
    }
    isas
}

/// `48K`, `2048K`, `1M` as sysfs writes them.
pub fn parse_cache_size(text: &str) -> Option<i64> {
    let t = text.trim();
    let (digits, scale) = match t.as_bytes().last()? {
        b'K' => (&t[..t.len() - 1], 1024),
        b'M' => (&t[..t.len() - 1], 1024 * 1024),
        b'G' => (&t[..t.len() - 1], 1024 * 1024 * 1024),
        _ => (t, 1),
    };
    digits.parse::<i64>().ok().map(|n| n * scale)
}

/// (L1 data, L2) of cpu0 from sysfs.
fn sysfs_caches() -> Option<(i64, i64)> {
    let dir = std::path::Path::new("/sys/devices/system/cpu/cpu0/cache");
    let mut l1 = None;
    let mut l2 = None;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let read = |name: &str| std::fs::read_to_string(entry.path().join(name)).ok();
        let (Some(level), Some(kind), Some(size)) = (read("level"), read("type"), read("size"))
        else {
            continue;
        };
        let size = parse_cache_size(&size);
        match (level.trim(), kind.trim()) {
            ("1", "Data") => l1 = size,
            ("2", "Unified" | "Data") => l2 = size,
            _ => {}
        }
    }
    Some((l1?, l2?))
}

/// (L1 data, L2) from CPUID leaf 4 (Intel; AMD reports the same leaf as
/// 0x8000001D, tried second).
// `__cpuid_count` is safe from Rust 1.87 on, unsafe before.
#[allow(unused_unsafe)]
fn cpuid_caches() -> Option<(i64, i64)> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid_count;
        for leaf in [4u32, 0x8000_001D] {
            // SAFETY: CPUID exists on every x86_64 CPU; an unsupported
            // leaf returns zeros, which end the walk.
            let max = unsafe { __cpuid_count(leaf & 0x8000_0000, 0) }.eax;
            if max < leaf {
                continue;
            }
            let (mut l1, mut l2) = (None, None);
            for sub in 0..16 {
                // SAFETY: as above.
                let r = unsafe { __cpuid_count(leaf, sub) };
                let kind = r.eax & 0x1f; // 0 none, 1 data, 2 instruction, 3 unified
                if kind == 0 {
                    break;
                }
                let level = (r.eax >> 5) & 0x7;
                let ways = i64::from((r.ebx >> 22) & 0x3ff) + 1;
                let partitions = i64::from((r.ebx >> 12) & 0x3ff) + 1;
                let line = i64::from(r.ebx & 0xfff) + 1;
                let sets = i64::from(r.ecx) + 1;
                let size = ways * partitions * line * sets;
                match (level, kind) {
                    (1, 1) => l1 = Some(size),
                    (2, 1 | 3) => l2 = Some(size),
                    _ => {}
                }
            }
            if let (Some(a), Some(b)) = (l1, l2) {
                return Some((a, b));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sysfs_sizes_parse() {
        assert_eq!(parse_cache_size("48K\n"), Some(48 * 1024));
        assert_eq!(parse_cache_size("2M"), Some(2 * 1024 * 1024));
        assert_eq!(parse_cache_size("512"), Some(512));
        assert_eq!(parse_cache_size("x"), None);
    }

    #[test]
    fn cpuid_agrees_with_sysfs_where_both_answer() {
        if let (Some(s), Some(c)) = (sysfs_caches(), cpuid_caches()) {
            // A hypervisor may describe caches differently in the two; the
            // L1 data cache is the one both report the same everywhere seen.
            assert_eq!(s.0, c.0, "L1d from sysfs {s:?} and CPUID {c:?}");
        }
    }
}
