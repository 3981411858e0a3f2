//! The tuning log: one JSON object per line per measured trial.
//!
//! ```text
//! {"explorer":"cga","seed":1,"trial":0,"assignment":{"m":16,"n":16,...},"cost":0.0123,"best":0.0123}
//! {"explorer":"cga","seed":1,"trial":1,"assignment":{...},"invalid":"timeout","best":0.0123}
//! ```
//!
//! Why lines and not a database: a tuning run is long and may be killed at
//! any point; appending and flushing one line per trial loses at most the
//! trial being written, and a line cut in the middle (the last one, without
//! its newline) is dropped on reopening. One file may hold runs of several
//! explorers and seeds; a run reads back the lines with its own explorer and
//! seed (see [`crate::Trials`]). Costs round-trip exactly (shortest decimal
//! form), so a resumed run retrains the same model as the run it continues.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// One measured trial.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub explorer: String,
    pub seed: u64,
    pub trial: u64,
    /// Every variable's value, by name.
    pub assignment: BTreeMap<String, i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invalid: Option<String>,
    /// The best cost measured up to and including this trial.
    pub best: Option<f64>,
}

/// Why a log cannot be used.
#[derive(Debug, Error)]
pub enum LogError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}:{column}: error: {message}")]
    Malformed {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
}

/// An append-only tuning log file.
pub struct TuningLog {
    path: PathBuf,
    records: Vec<(usize, Record)>,
    out: BufWriter<File>,
}

impl TuningLog {
    /// Open (creating) a log, reading the records already in it. A last
    /// line without its newline is an interrupted write: it is cut off.
    pub fn open(path: impl AsRef<Path>) -> Result<TuningLog, LogError> {
        let path = path.as_ref().to_path_buf();
        let shown = path.display().to_string();
        let io = |source| LogError::Io {
            path: shown.clone(),
            source,
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(io(e)),
        };
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        let mut records = Vec::new();
        for (i, line) in text[..complete].lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let record: Record = serde_json::from_str(line).map_err(|e| {
                // serde_json says "... at line 1 column C"; the line is ours.
                let text = e.to_string();
                let message = match text.rfind(" at line ") {
                    Some(at) => text[..at].to_string(),
                    None => text,
                };
                LogError::Malformed {
                    path: shown.clone(),
                    line: i + 1,
                    column: e.column().max(1),
                    message,
                }
            })?;
            records.push((i + 1, record));
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io)?;
        if complete < text.len() {
            file.set_len(complete as u64).map_err(io)?;
        }
        Ok(TuningLog {
            path,
            records,
            out: BufWriter::new(file),
        })
    }

    /// The records read when the log was opened, with their line numbers.
    pub fn records(&self) -> &[(usize, Record)] {
        &self.records
    }

    /// The log's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Append a record and flush it.
    pub fn append(&mut self, record: &Record) -> Result<(), LogError> {
        let io = |source| LogError::Io {
            path: self.path.display().to_string(),
            source,
        };
        let line = serde_json::to_string(record).expect("a record always serialises");
        writeln!(self.out, "{line}").map_err(io)?;
        self.out.flush().map_err(io)
    }
}
