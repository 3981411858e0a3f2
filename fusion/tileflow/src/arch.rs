//! Architecture descriptions as data.
//!
//! An accelerator is a list of memory levels, innermost (registers) first and
//! outermost (DRAM) last, plus a PE array replicated over cores and sub-cores.
//! Each level has a capacity (bytes; `null` = unbounded), a bandwidth in bytes
//! per cycle, and an energy per word read or written. The descriptions of the
//! paper's Edge and Cloud accelerators (its Table 4 and §7.3) and of its RTL
//! accelerator (§7.1) ship in `fusion/tileflow/arch/*.json`; the figures the
//! paper gives (PE counts, cores, buffer sizes, bandwidths, 400 MHz, 16-bit
//! words) are copied, and the ones it does not give are stated assumptions:
//! 1 GHz for Edge and Cloud (bandwidths are converted to bytes/cycle at that
//! clock), the per-access energies, register capacity and the RTL L1
//! bandwidth. [`Arch::host_cpu`] describes this machine from
//! `/sys/devices/system/cpu/cpu0/cache`.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// One memory level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemLevel {
    pub name: String,
    /// Capacity in bytes; `None` for an unbounded level (DRAM).
    pub capacity_bytes: Option<u64>,
    pub bandwidth_bytes_per_cycle: f64,
    pub read_energy_pj: f64,
    pub write_energy_pj: f64,
}

/// An accelerator or CPU.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Arch {
    pub name: String,
    pub frequency_mhz: f64,
    pub word_bytes: u64,
    pub pe_rows: u64,
    pub pe_cols: u64,
    pub cores: u64,
    pub sub_cores: u64,
    pub mac_energy_pj: f64,
    /// Innermost first.
    pub levels: Vec<MemLevel>,
}

/// The shipped examples, by name.
pub const BUILTIN: [(&str, &str); 3] = [
    ("edge", include_str!("../arch/edge.json")),
    ("cloud", include_str!("../arch/cloud.json")),
    ("rtl", include_str!("../arch/rtl.json")),
];

impl Arch {
    /// Parses a JSON description; the error names the line and column.
    pub fn from_json(text: &str) -> Result<Arch, String> {
        let arch: Arch = serde_json::from_str(text)
            .map_err(|e| format!("{}:{}: error: {}", e.line(), e.column(), e))?;
        arch.check()?;
        Ok(arch)
    }

    /// A shipped description (`edge`, `cloud`, `rtl`) or `host` for this CPU.
    pub fn builtin(name: &str) -> Result<Arch, String> {
        if name == "host" {
            return Arch::host_cpu();
        }
        let (_, text) = BUILTIN
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| format!("unknown architecture '{name}' (edge, cloud, rtl, host)"))?;
        Arch::from_json(text)
    }

    fn check(&self) -> Result<(), String> {
        if self.levels.is_empty() {
            return Err(format!("architecture '{}' has no memory level", self.name));
        }
        if self.word_bytes == 0 || self.pe_rows == 0 || self.pe_cols == 0 {
            return Err(format!(
                "architecture '{}' has a zero word size or PE array",
                self.name
            ));
        }
        for l in &self.levels {
            if l.bandwidth_bytes_per_cycle.is_nan() || l.bandwidth_bytes_per_cycle <= 0.0 {
                return Err(format!("level '{}' needs a positive bandwidth", l.name));
            }
        }
        Ok(())
    }

    /// Total PEs: array × cores × sub-cores (checked).
    pub fn num_pes(&self) -> Option<u64> {
        self.pe_rows
            .checked_mul(self.pe_cols)?
            .checked_mul(self.cores)?
            .checked_mul(self.sub_cores)
    }

    /// This machine's CPU: registers, then the data/unified caches of cpu0 by
    /// level from sysfs, then DRAM. Bandwidths and energies are nominal
    /// (64, 32, 16 bytes/cycle for L1..L3, 8 for DRAM; energies grow with the
    /// level) because the OS does not report them.
    pub fn host_cpu() -> Result<Arch, String> {
        Arch::from_sysfs(Path::new("/sys/devices/system/cpu/cpu0/cache"))
    }

    /// [`Arch::host_cpu`] reading a given cache directory.
    pub fn from_sysfs(dir: &Path) -> Result<Arch, String> {
        let read = |p: &Path| -> Result<String, String> {
            std::fs::read_to_string(p)
                .map(|s| s.trim().to_string())
                .map_err(|e| format!("{}: {e}", p.display()))
        };
        let mut caches: Vec<(u64, u64)> = Vec::new();
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let p = entry.path();
            if !p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("index"))
            {
                continue;
            }
            let ty = read(&p.join("type"))?;
            if ty == "Instruction" {
                continue;
            }
            let level: u64 = read(&p.join("level"))?
                .parse()
                .map_err(|_| format!("{}: bad level", p.display()))?;
            let size = parse_size(&read(&p.join("size"))?)
                .ok_or_else(|| format!("{}: bad size", p.display()))?;
            caches.push((level, size));
        }
        caches.sort();
        let mut levels = vec![MemLevel {
            name: "Reg".into(),
            capacity_bytes: Some(16 * 32),
            bandwidth_bytes_per_cycle: 1.0e9,
            read_energy_pj: 0.03,
            write_energy_pj: 0.03,
        }];
        for (i, (level, size)) in caches.iter().enumerate() {
            let bw = [64.0, 32.0, 16.0].get(i).copied().unwrap_or(16.0);
            levels.push(MemLevel {
                name: format!("L{level}"),
                capacity_bytes: Some(*size),
                bandwidth_bytes_per_cycle: bw,
                read_energy_pj: 1.0 + 5.0 * i as f64,
                write_energy_pj: 1.0 + 5.0 * i as f64,
            });
        }
        levels.push(MemLevel {
            name: "DRAM".into(),
            capacity_bytes: None,
            bandwidth_bytes_per_cycle: 8.0,
            read_energy_pj: 200.0,
            write_energy_pj: 200.0,
        });
        let arch = Arch {
            name: "host".into(),
            frequency_mhz: 1000.0,
            word_bytes: 4,
            pe_rows: 1,
            pe_cols: 8,
            cores: 1,
            sub_cores: 1,
            mac_energy_pj: 1.0,
            levels,
        };
        arch.check()?;
        Ok(arch)
    }
}

/// `48K`, `2048K`, `30M`, `512` → bytes.
fn parse_size(s: &str) -> Option<u64> {
    let (num, mul) = match s.as_bytes().last()? {
        b'K' => (&s[..s.len() - 1], 1024),
        b'M' => (&s[..s.len() - 1], 1024 * 1024),
        b'G' => (&s[..s.len() - 1], 1024 * 1024 * 1024),
        _ => (s, 1),
    };
    num.parse::<u64>().ok()?.checked_mul(mul)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_parse() {
        let edge = Arch::builtin("edge").unwrap();
        assert_eq!(edge.num_pes(), Some(32 * 32 * 4));
        assert_eq!(edge.levels[1].capacity_bytes, Some(4 << 20));
        let cloud = Arch::builtin("cloud").unwrap();
        assert_eq!(cloud.levels.len(), 4);
        assert_eq!(cloud.num_pes(), Some(256 * 256 * 16 * 4));
        let rtl = Arch::builtin("rtl").unwrap();
        assert_eq!(rtl.levels[1].capacity_bytes, Some(384 * 1024));
        assert!(Arch::builtin("nope").is_err());
    }

    #[test]
    fn bad_json_is_located() {
        let e = Arch::from_json("{\n  \"name\": 3\n}").unwrap_err();
        assert!(e.starts_with("2:"), "{e}");
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("48K"), Some(48 * 1024));
        assert_eq!(parse_size("307200K"), Some(307200 * 1024));
        assert_eq!(parse_size("x"), None);
    }

    #[test]
    fn host_reads_sysfs_when_present() {
        let dir = Path::new("/sys/devices/system/cpu/cpu0/cache");
        if dir.exists() {
            let a = Arch::host_cpu().unwrap();
            assert!(a.levels.len() >= 3);
            assert!(a.levels[1].name.starts_with('L'));
        }
    }
}
