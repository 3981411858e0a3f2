//! Finite domains of `i64` values: an inclusive range or an explicit set.
//!
//! Why two shapes: loop extents and buffer sizes are ranges of millions of
//! values that propagation only ever narrows at the ends, while split
//! factors, candidate lists (`IN`) and divisor sets are a few dozen values
//! with holes. A range is two numbers whatever its size; a set is a sorted
//! vector. Removing a value from the inside of a range turns it into a set
//! only while the range has at most [`MATERIALIZE_LIMIT`] values; a larger
//! range keeps the value (propagation is then weaker, never wrong: every
//! constraint is checked exactly once its variables are fixed).
//!
//! A `Domain` is never empty: every narrowing returns `Narrowed::Empty`
//! instead of building an empty domain, and the solver turns that into a
//! failure.

use std::fmt;

/// The largest range that is turned into an explicit set to remove values
/// from its inside.
pub const MATERIALIZE_LIMIT: u128 = 1 << 16;

/// A non-empty finite set of `i64` values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Domain(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    /// Every value in `lo..=hi`, `lo <= hi`.
    Range { lo: i64, hi: i64 },
    /// Sorted, without duplicates, not empty.
    Set(Vec<i64>),
}

/// The result of narrowing a domain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Narrowed {
    /// Nothing was removed.
    Same,
    /// Some values were removed; this is what is left.
    To(Domain),
    /// Every value was removed.
    Empty,
}

impl Domain {
    /// Every value in `lo..=hi`; `None` when `lo > hi`.
    pub fn range(lo: i64, hi: i64) -> Option<Domain> {
        (lo <= hi).then_some(Domain(Repr::Range { lo, hi }))
    }

    /// The given values (in any order, repeats allowed); `None` when empty.
    pub fn set(values: &[i64]) -> Option<Domain> {
        let mut v = values.to_vec();
        v.sort_unstable();
        v.dedup();
        Self::from_sorted(v)
    }

    /// The single value `v`.
    pub fn single(v: i64) -> Domain {
        Domain(Repr::Range { lo: v, hi: v })
    }

    fn from_sorted(v: Vec<i64>) -> Option<Domain> {
        (!v.is_empty()).then_some(Domain(Repr::Set(v)))
    }

    /// The smallest value.
    pub fn min(&self) -> i64 {
        match &self.0 {
            Repr::Range { lo, .. } => *lo,
            Repr::Set(v) => v[0],
        }
    }

    /// The largest value.
    pub fn max(&self) -> i64 {
        match &self.0 {
            Repr::Range { hi, .. } => *hi,
            Repr::Set(v) => v[v.len() - 1],
        }
    }

    /// The number of values (a range may hold up to 2^64).
    pub fn size(&self) -> u128 {
        match &self.0 {
            Repr::Range { lo, hi } => (*hi as i128 - *lo as i128 + 1) as u128,
            Repr::Set(v) => v.len() as u128,
        }
    }

    /// The value, when there is only one.
    pub fn fixed(&self) -> Option<i64> {
        (self.min() == self.max()).then(|| self.min())
    }

    /// Whether `v` is in the domain.
    pub fn contains(&self, v: i64) -> bool {
        match &self.0 {
            Repr::Range { lo, hi } => *lo <= v && v <= *hi,
            Repr::Set(s) => s.binary_search(&v).is_ok(),
        }
    }

    /// Whether the domain is an explicit set (rather than a range).
    pub fn is_set(&self) -> bool {
        matches!(self.0, Repr::Set(_))
    }

    /// The values, ascending.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = i64> + '_ {
        let (range, set) = match &self.0 {
            Repr::Range { lo, hi } => (Some(*lo..=*hi), None),
            Repr::Set(v) => (None, Some(v.iter().copied())),
        };
        range.into_iter().flatten().chain(set.into_iter().flatten())
    }

    /// The `k`-th smallest value, `k < size()`.
    pub fn nth(&self, k: u128) -> i64 {
        match &self.0 {
            Repr::Range { lo, .. } => (*lo as i128 + k as i128) as i64,
            Repr::Set(v) => v[k as usize],
        }
    }

    /// The smallest value above `v`.
    pub fn next_above(&self, v: i64) -> Option<i64> {
        match &self.0 {
            Repr::Range { lo, hi } => (v < *hi).then(|| if v < *lo { *lo } else { v + 1 }),
            Repr::Set(s) => s.get(s.partition_point(|&x| x <= v)).copied(),
        }
    }

    /// The largest value below `v`.
    pub fn next_below(&self, v: i64) -> Option<i64> {
        match &self.0 {
            Repr::Range { lo, hi } => (v > *lo).then(|| if v > *hi { *hi } else { v - 1 }),
            Repr::Set(s) => s.partition_point(|&x| x < v).checked_sub(1).map(|i| s[i]),
        }
    }

    /// Whether the two domains share a value.
    pub fn intersects(&self, other: &Domain) -> bool {
        if self.max() < other.min() || other.max() < self.min() {
            return false;
        }
        match (&self.0, &other.0) {
            (Repr::Range { .. }, Repr::Range { .. }) => true,
            (Repr::Range { lo, hi }, Repr::Set(s)) | (Repr::Set(s), Repr::Range { lo, hi }) => {
                let i = s.partition_point(|&x| x < *lo);
                i < s.len() && s[i] <= *hi
            }
            (Repr::Set(a), Repr::Set(b)) => {
                let (mut i, mut j) = (0, 0);
                while i < a.len() && j < b.len() {
                    match a[i].cmp(&b[j]) {
                        std::cmp::Ordering::Less => i += 1,
                        std::cmp::Ordering::Greater => j += 1,
                        std::cmp::Ordering::Equal => return true,
                    }
                }
                false
            }
        }
    }

    /// Keep the values `>= m`.
    pub(crate) fn with_min(&self, m: i64) -> Narrowed {
        if m <= self.min() {
            return Narrowed::Same;
        }
        if m > self.max() {
            return Narrowed::Empty;
        }
        match &self.0 {
            Repr::Range { hi, .. } => Narrowed::To(Domain(Repr::Range { lo: m, hi: *hi })),
            Repr::Set(s) => Narrowed::To(Domain(Repr::Set(
                s[s.partition_point(|&x| x < m)..].to_vec(),
            ))),
        }
    }

    /// Keep the values `<= m`.
    pub(crate) fn with_max(&self, m: i64) -> Narrowed {
        if m >= self.max() {
            return Narrowed::Same;
        }
        if m < self.min() {
            return Narrowed::Empty;
        }
        match &self.0 {
            Repr::Range { lo, .. } => Narrowed::To(Domain(Repr::Range { lo: *lo, hi: m })),
            Repr::Set(s) => Narrowed::To(Domain(Repr::Set(
                s[..s.partition_point(|&x| x <= m)].to_vec(),
            ))),
        }
    }

    /// Keep the values in `lo..=hi` (a bound may lie outside `i64`).
    pub(crate) fn within(&self, lo: i128, hi: i128) -> Narrowed {
        if lo > hi || lo > self.max() as i128 || hi < self.min() as i128 {
            return Narrowed::Empty;
        }
        let lo = lo.max(i64::MIN as i128) as i64;
        let hi = hi.min(i64::MAX as i128) as i64;
        match self.with_min(lo) {
            Narrowed::Same => self.with_max(hi),
            Narrowed::Empty => Narrowed::Empty,
            Narrowed::To(d) => match d.with_max(hi) {
                Narrowed::Same => Narrowed::To(d),
                other => other,
            },
        }
    }

    /// Keep the values that are also in `other`.
    pub(crate) fn intersect(&self, other: &Domain) -> Narrowed {
        match &other.0 {
            Repr::Range { lo, hi } => self.within(*lo as i128, *hi as i128),
            Repr::Set(s) => self.intersect_sorted(s),
        }
    }

    /// Keep the values that are in the sorted slice `values`.
    pub(crate) fn intersect_sorted(&self, values: &[i64]) -> Narrowed {
        let kept: Vec<i64> = match &self.0 {
            Repr::Range { lo, hi } => {
                let start = values.partition_point(|&x| x < *lo);
                let end = values.partition_point(|&x| x <= *hi);
                values[start..end].to_vec()
            }
            Repr::Set(s) => {
                let mut out = Vec::with_capacity(s.len().min(values.len()));
                let (mut i, mut j) = (0, 0);
                while i < s.len() && j < values.len() {
                    match s[i].cmp(&values[j]) {
                        std::cmp::Ordering::Less => i += 1,
                        std::cmp::Ordering::Greater => j += 1,
                        std::cmp::Ordering::Equal => {
                            out.push(s[i]);
                            i += 1;
                            j += 1;
                        }
                    }
                }
                out
            }
        };
        self.narrowed_to(kept)
    }

    /// Keep the values for which `keep` holds. A range larger than
    /// [`MATERIALIZE_LIMIT`] is only trimmed at its ends.
    pub(crate) fn retain(&self, mut keep: impl FnMut(i64) -> bool) -> Narrowed {
        match &self.0 {
            Repr::Range { lo, hi } if self.size() > MATERIALIZE_LIMIT => {
                /// How many values are tested at each end of a large range.
                const END_PROBES: u32 = 64;
                let (mut l, mut h) = (*lo, *hi);
                for _ in 0..END_PROBES {
                    if keep(l) {
                        break;
                    }
                    l += 1;
                }
                for _ in 0..END_PROBES {
                    if keep(h) {
                        break;
                    }
                    h -= 1;
                }
                if (l, h) == (*lo, *hi) {
                    Narrowed::Same
                } else {
                    Narrowed::To(Domain(Repr::Range { lo: l, hi: h }))
                }
            }
            _ => {
                let kept: Vec<i64> = self.iter().filter(|&v| keep(v)).collect();
                self.narrowed_to(kept)
            }
        }
    }

    fn narrowed_to(&self, kept: Vec<i64>) -> Narrowed {
        if kept.len() as u128 == self.size() {
            Narrowed::Same
        } else if kept.is_empty() {
            Narrowed::Empty
        } else {
            Narrowed::To(Domain(Repr::Set(kept)))
        }
    }
}

impl fmt::Display for Domain {
    /// `lo..hi` (inclusive) for a range, `{a, b, c}` for a set: the textual form's syntax.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Range { lo, hi } => write!(f, "{lo}..{hi}"),
            Repr::Set(s) => {
                f.write_str("{")?;
                for (i, v) in s.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to(n: Narrowed) -> Vec<i64> {
        match n {
            Narrowed::To(d) => d.iter().collect(),
            other => panic!("expected a narrowed domain, got {other:?}"),
        }
    }

    #[test]
    fn ranges_and_sets_narrow_alike() {
        let r = Domain::range(1, 10).unwrap();
        let s = Domain::set(&[10, 1, 4, 4, 7]).unwrap();
        assert_eq!(s.to_string(), "{1, 4, 7, 10}");
        assert_eq!(r.to_string(), "1..10");
        assert_eq!(to(r.with_min(4)), (4..=10).collect::<Vec<_>>());
        assert_eq!(to(s.with_min(4)), vec![4, 7, 10]);
        assert_eq!(to(s.with_max(6)), vec![1, 4]);
        assert_eq!(r.with_max(0), Narrowed::Empty);
        assert_eq!(s.with_min(1), Narrowed::Same);
        assert_eq!(to(r.intersect(&s)), vec![1, 4, 7, 10]);
        assert_eq!(to(s.intersect(&Domain::range(2, 8).unwrap())), vec![4, 7]);
        assert_eq!(to(r.retain(|v| v % 3 == 0)), vec![3, 6, 9]);
        assert_eq!(s.next_above(4), Some(7));
        assert_eq!(s.next_below(4), Some(1));
        assert_eq!(r.next_above(i64::MIN), Some(1));
        assert_eq!(r.next_above(10), None);
        assert_eq!(s.nth(2), 7);
        assert!(s.intersects(&Domain::set(&[0, 7]).unwrap()));
        assert!(!s.intersects(&Domain::set(&[0, 6]).unwrap()));
    }

    #[test]
    fn extreme_ranges_do_not_overflow() {
        let all = Domain::range(i64::MIN, i64::MAX).unwrap();
        assert_eq!(all.size(), 1u128 << 64);
        assert_eq!(all.nth((1u128 << 64) - 1), i64::MAX);
        assert_eq!(all.next_above(i64::MAX), None);
        assert_eq!(all.next_below(i64::MIN), None);
        let bottom = Domain::range(i64::MIN, i64::MIN + 1).unwrap();
        assert_eq!(bottom.next_above(i64::MIN), Some(i64::MIN + 1));
        let top = Domain::range(i64::MAX - 1, i64::MAX).unwrap();
        assert_eq!(top.next_below(i64::MAX), Some(i64::MAX - 1));
        assert_eq!(top.next_above(i64::MIN), Some(i64::MAX - 1));
        assert_eq!(bottom.next_below(i64::MAX), Some(i64::MIN + 1));
        assert_eq!(all.within(i64::MAX as i128 + 5, i128::MAX), Narrowed::Empty);
        // A large range only loses values at its ends.
        match all.retain(|v| v != i64::MIN && v != 5) {
            Narrowed::To(d) => assert_eq!(
                (d.min(), d.max(), d.contains(5)),
                (i64::MIN + 1, i64::MAX, true)
            ),
            other => panic!("expected the lower end trimmed, got {other:?}"),
        }
    }
}
