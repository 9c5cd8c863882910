//! Identities of zones, sectors and shifting pieces, and a small bitset of
//! zones.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most zones a map may have (a [`ZoneSet`] is one 64-bit word).
pub const MAX_ZONES: usize = 64;

/// A zone of the map, numbered in the map's own order.
///
/// ```
/// use variant_conquest::ZoneId;
/// assert_eq!(ZoneId(7).to_string(), "Z7");
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ZoneId(pub u8);

impl ZoneId {
    /// The zone as an index into per-zone arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ZoneId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Z{}", self.0)
    }
}

/// A sector (a named group of zones that gives a bonus to whoever holds all
/// of it).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub struct SectorId(pub u8);

impl SectorId {
    /// The sector as an index into per-sector arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for SectorId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S{}", self.0)
    }
}

/// A shifting piece of the map (a rotating or sliding part of the board).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PieceId(pub u8);

impl PieceId {
    /// The piece as an index into per-piece arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "K{}", self.0)
    }
}

/// A set of zones: one bit per zone of a map of at most [`MAX_ZONES`] zones.
///
/// ```
/// use variant_conquest::{ZoneId, ZoneSet};
/// let mut s = ZoneSet::EMPTY;
/// s.insert(ZoneId(3));
/// s.insert(ZoneId(40));
/// assert!(s.contains(ZoneId(40)));
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![ZoneId(3), ZoneId(40)]);
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ZoneSet(pub u64);

impl ZoneSet {
    /// No zone.
    pub const EMPTY: ZoneSet = ZoneSet(0);

    /// The zones `0..n`.
    #[must_use]
    pub const fn first(n: usize) -> ZoneSet {
        if n >= 64 {
            ZoneSet(u64::MAX)
        } else {
            ZoneSet((1u64 << n) - 1)
        }
    }

    /// The set holding only `zone` (empty if the id is out of range).
    #[must_use]
    pub const fn single(zone: ZoneId) -> ZoneSet {
        if zone.index() < MAX_ZONES {
            ZoneSet(1u64 << zone.0)
        } else {
            ZoneSet(0)
        }
    }

    /// Is `zone` in the set?
    #[must_use]
    pub const fn contains(self, zone: ZoneId) -> bool {
        zone.index() < MAX_ZONES && self.0 & (1u64 << zone.0) != 0
    }

    /// Adds `zone` (ignored if out of range).
    pub fn insert(&mut self, zone: ZoneId) {
        self.0 |= ZoneSet::single(zone).0;
    }

    /// Removes `zone`.
    pub fn remove(&mut self, zone: ZoneId) {
        self.0 &= !ZoneSet::single(zone).0;
    }

    /// Number of zones in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// No zone in the set?
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Zones in both sets.
    #[must_use]
    pub const fn and(self, other: ZoneSet) -> ZoneSet {
        ZoneSet(self.0 & other.0)
    }

    /// Zones in either set.
    #[must_use]
    pub const fn or(self, other: ZoneSet) -> ZoneSet {
        ZoneSet(self.0 | other.0)
    }

    /// Zones of `self` not in `other`.
    #[must_use]
    pub const fn minus(self, other: ZoneSet) -> ZoneSet {
        ZoneSet(self.0 & !other.0)
    }

    /// The `k`-th zone of the set in increasing order, if any.
    #[must_use]
    pub fn nth(self, k: usize) -> Option<ZoneId> {
        self.iter().nth(k)
    }

    /// The zones in increasing order.
    pub fn iter(self) -> ZoneSetIter {
        ZoneSetIter(self.0)
    }
}

impl IntoIterator for ZoneSet {
    type Item = ZoneId;
    type IntoIter = ZoneSetIter;
    fn into_iter(self) -> ZoneSetIter {
        self.iter()
    }
}

impl FromIterator<ZoneId> for ZoneSet {
    fn from_iter<I: IntoIterator<Item = ZoneId>>(iter: I) -> Self {
        let mut s = ZoneSet::EMPTY;
        for z in iter {
            s.insert(z);
        }
        s
    }
}

/// Iterator over a [`ZoneSet`], lowest zone first.
#[derive(Clone, Debug)]
pub struct ZoneSetIter(u64);

impl Iterator for ZoneSetIter {
    type Item = ZoneId;
    fn next(&mut self) -> Option<ZoneId> {
        if self.0 == 0 {
            return None;
        }
        let z = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(ZoneId(z))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for ZoneSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_behave_like_sets() {
        let mut s: ZoneSet = [ZoneId(0), ZoneId(63), ZoneId(5)].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert_eq!(s.nth(1), Some(ZoneId(5)));
        assert_eq!(s.nth(3), None);
        s.remove(ZoneId(0));
        assert!(!s.contains(ZoneId(0)));
        s.insert(ZoneId(64)); // out of range: ignored
        assert_eq!(s.len(), 2);
        assert!(!s.contains(ZoneId(200)));
        assert_eq!(ZoneSet::first(3), ZoneSet(0b111));
        assert_eq!(ZoneSet::first(64), ZoneSet(u64::MAX));
        assert_eq!(
            s.minus(ZoneSet::single(ZoneId(5)))
                .iter()
                .collect::<Vec<_>>(),
            vec![ZoneId(63)]
        );
    }
}
