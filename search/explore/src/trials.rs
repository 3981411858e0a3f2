//! The measurement budget of one run: what was measured, what it cost, the
//! best so far, and the log.
//!
//! Every explorer measures through [`Trials::measure`], which is where the
//! run's invariants live: a candidate is measured at most once (a repeat
//! is answered from the history and costs no trial), no more than the
//! budget is measured, an `Invalid` measurement never becomes the best, and
//! every trial is appended to the log before the explorer sees its result.
//!
//! Resuming: the log's records of this run (same explorer name and seed)
//! are replayed in trial order. An explorer is deterministic given its seed
//! and the results it has seen, so it asks for the same candidates again;
//! each is answered from its record, without calling the measurer, until
//! the records run out and measuring continues. A candidate that differs
//! from the record at its trial index means the log belongs to another
//! space or another version of the explorer, and the run stops with
//! [`ExploreError::Diverged`] rather than mix two runs.

use crate::log::{LogError, Record, TuningLog};
use crate::measure::{Measurement, Measurer};
use crate::space::{Candidate, Space};
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

/// Why a run stopped before its budget.
#[derive(Debug, Error)]
pub enum ExploreError {
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("{path}:{line}:1: error: trial {trial} of {explorer} seed {seed} measured another candidate ({found}) than this run asks for ({wanted})")]
    Diverged {
        path: String,
        line: usize,
        explorer: String,
        seed: u64,
        trial: u64,
        found: String,
        wanted: String,
    },
    #[error("{path}:{line}:1: error: {message}")]
    BadRecord {
        path: String,
        line: usize,
        message: String,
    },
    #[error("the measurer returned {got} measurements for {asked} candidates")]
    MeasurerCount { asked: usize, got: usize },
}

/// The trials of one run of one explorer with one seed.
pub struct Trials<'a> {
    space: &'a Space,
    measurer: &'a mut dyn Measurer,
    budget: usize,
    explorer: String,
    seed: u64,
    history: Vec<(Candidate, Measurement)>,
    seen: HashMap<Candidate, usize>,
    best: Option<usize>,
    log: Option<&'a mut TuningLog>,
    /// This run's logged trials, in trial order, with their log lines.
    replay: Vec<(usize, Candidate, Measurement)>,
    measured: usize,
    discarded: u64,
}

fn describe(space: &Space, values: &[i64]) -> String {
    let p = space.problem();
    p.vars()
        .map(|v| format!("{} = {}", p.name(v), values[v.index()]))
        .collect::<Vec<_>>()
        .join(", ")
}

impl<'a> Trials<'a> {
    /// A run of at most `budget` measurements; with a log, the log's
    /// records of this explorer and seed are replayed first.
    pub fn new(
        space: &'a Space,
        measurer: &'a mut dyn Measurer,
        budget: usize,
        explorer: &str,
        seed: u64,
        log: Option<&'a mut TuningLog>,
    ) -> Result<Trials<'a>, ExploreError> {
        let mut replay = Vec::new();
        if let Some(log) = log.as_deref() {
            let path = log.path().display().to_string();
            for (line, r) in log.records() {
                if r.explorer != explorer || r.seed != seed {
                    continue;
                }
                let bad = |message: String| ExploreError::BadRecord {
                    path: path.clone(),
                    line: *line,
                    message,
                };
                if r.trial != replay.len() as u64 {
                    return Err(bad(format!(
                        "trial {} where trial {} was expected",
                        r.trial,
                        replay.len()
                    )));
                }
                let p = space.problem();
                let values = p
                    .vars()
                    .map(|v| {
                        r.assignment.get(p.name(v)).copied().ok_or_else(|| {
                            bad(format!("the assignment has no variable '{}'", p.name(v)))
                        })
                    })
                    .collect::<Result<Vec<i64>, _>>()?;
                if r.assignment.len() != p.num_vars() {
                    return Err(bad("the assignment names unknown variables".into()));
                }
                let candidate = space.candidate(&values).ok_or_else(|| {
                    bad("the assignment is not a valid point of the space".into())
                })?;
                let m = match (&r.cost, &r.invalid) {
                    (Some(c), None) if c.is_finite() => Measurement::Cost(*c),
                    (None, Some(why)) => Measurement::Invalid(why.clone()),
                    _ => {
                        return Err(bad(
                            "a record has either a finite cost or a reason it is invalid".into(),
                        ))
                    }
                };
                replay.push((*line, candidate, m));
            }
        }
        Ok(Trials {
            space,
            measurer,
            budget,
            explorer: explorer.to_string(),
            seed,
            history: Vec::new(),
            seen: HashMap::new(),
            best: None,
            log,
            replay,
            measured: 0,
            discarded: 0,
        })
    }

    pub fn space(&self) -> &'a Space {
        self.space
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Measurements left.
    pub fn remaining(&self) -> usize {
        self.budget - self.history.len()
    }

    pub fn done(&self) -> bool {
        self.remaining() == 0
    }

    /// Whether a candidate has been measured in this run.
    pub fn is_measured(&self, c: &Candidate) -> bool {
        self.seen.contains_key(c)
    }

    /// The measurement of a candidate measured in this run.
    pub fn measurement(&self, c: &Candidate) -> Option<&Measurement> {
        self.seen.get(c).map(|&i| &self.history[i].1)
    }

    /// Every trial so far, in order.
    pub fn history(&self) -> &[(Candidate, Measurement)] {
        &self.history
    }

    /// The best valid measurement so far.
    pub fn best(&self) -> Option<(&Candidate, f64)> {
        self.best.map(|i| {
            let (c, m) = &self.history[i];
            (c, m.cost().expect("the best is a cost"))
        })
    }

    /// Record offspring an explorer made and threw away as invalid without
    /// measuring them (the plain GA's).
    pub fn discard(&mut self, n: u64) {
        self.discarded += n;
    }

    /// Measure the candidates of `batch` not measured yet, up to the budget,
    /// and return the new trials.
    pub fn measure(
        &mut self,
        batch: &[Candidate],
    ) -> Result<&[(Candidate, Measurement)], ExploreError> {
        let start = self.history.len();
        let mut fresh: Vec<Candidate> = Vec::new();
        for c in batch {
            if fresh.len() == self.remaining() {
                break;
            }
            if !self.seen.contains_key(c) && !fresh.contains(c) {
                fresh.push(c.clone());
            }
        }
        let mut results: Vec<Option<Measurement>> = vec![None; fresh.len()];
        let mut to_measure = Vec::new();
        for (j, c) in fresh.iter().enumerate() {
            match self.replay.get(start + j) {
                Some((line, logged, m)) => {
                    if logged != c {
                        return Err(ExploreError::Diverged {
                            path: self
                                .log
                                .as_deref()
                                .map_or(String::new(), |l| l.path().display().to_string()),
                            line: *line,
                            explorer: self.explorer.clone(),
                            seed: self.seed,
                            trial: (start + j) as u64,
                            found: describe(self.space, logged.values()),
                            wanted: describe(self.space, c.values()),
                        });
                    }
                    results[j] = Some(m.clone());
                }
                None => to_measure.push(j),
            }
        }
        if !to_measure.is_empty() {
            let batch: Vec<Candidate> = to_measure.iter().map(|&j| fresh[j].clone()).collect();
            let got = self.measurer.measure(self.space, &batch);
            if got.len() != batch.len() {
                return Err(ExploreError::MeasurerCount {
                    asked: batch.len(),
                    got: got.len(),
                });
            }
            self.measured += batch.len();
            for (&j, m) in to_measure.iter().zip(got) {
                results[j] = Some(match m {
                    Measurement::Cost(c) if !c.is_finite() => {
                        Measurement::Invalid(format!("the measurer returned a cost of {c}"))
                    }
                    m => m,
                });
            }
        }
        for (j, (c, m)) in fresh.into_iter().zip(results).enumerate() {
            let m = m.expect("every fresh candidate has a result");
            let trial = start + j;
            self.seen.insert(c.clone(), trial);
            self.history.push((c, m));
            if let Some(cost) = self.history[trial].1.cost() {
                if self.best().is_none_or(|(_, b)| cost < b) {
                    self.best = Some(trial);
                }
            }
            let best = self.best().map(|(_, b)| b);
            if trial < self.replay.len() {
                continue;
            }
            if let Some(log) = self.log.as_deref_mut() {
                let (c, m) = &self.history[trial];
                let p = self.space.problem();
                let assignment: BTreeMap<String, i64> = p
                    .vars()
                    .map(|v| (p.name(v).to_string(), c.get(v)))
                    .collect();
                let (cost, invalid) = match m {
                    Measurement::Cost(x) => (Some(*x), None),
                    Measurement::Invalid(why) => (None, Some(why.clone())),
                };
                log.append(&Record {
                    explorer: self.explorer.clone(),
                    seed: self.seed,
                    trial: trial as u64,
                    assignment,
                    cost,
                    invalid,
                    best,
                })?;
            }
        }
        Ok(&self.history[start..])
    }

    /// What the run did.
    pub fn outcome(&self) -> Outcome {
        let mut best_so_far = Vec::with_capacity(self.history.len());
        let mut best: Option<f64> = None;
        for (_, m) in &self.history {
            if let Some(c) = m.cost() {
                best = Some(best.map_or(c, |b: f64| b.min(c)));
            }
            best_so_far.push(best);
        }
        Outcome {
            best: self.best().map(|(c, x)| (c.clone(), x)),
            best_so_far,
            trials: self.history.len(),
            measured: self.measured,
            replayed: self.history.len().min(self.replay.len()),
            invalid: self
                .history
                .iter()
                .filter(|(_, m)| m.cost().is_none())
                .count(),
            discarded: self.discarded,
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best valid candidate and its cost.
    pub best: Option<(Candidate, f64)>,
    /// The best cost after each trial.
    pub best_so_far: Vec<Option<f64>>,
    /// Trials (measured or replayed from the log).
    pub trials: usize,
    /// Candidates the measurer was called on in this run.
    pub measured: usize,
    /// Trials answered from the log.
    pub replayed: usize,
    /// Trials whose measurement was `Invalid`.
    pub invalid: usize,
    /// Offspring made and discarded as invalid without measuring (plain GA).
    pub discarded: u64,
}

impl Outcome {
    /// The best cost within the first `n` trials.
    pub fn best_at(&self, n: usize) -> Option<f64> {
        if n == 0 {
            return None;
        }
        self.best_so_far
            .get(n.min(self.best_so_far.len()).checked_sub(1)?)
            .copied()
            .flatten()
    }
}
