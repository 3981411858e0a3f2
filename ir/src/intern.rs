//! Hash-consing storage shared by every thread that compiles.
//!
//! Types, attributes, identifiers and op names are uniqued: equal values get
//! the same `u32`, so comparing two types is comparing two integers. Passes
//! run in parallel over functions and all of them create types, so the
//! storage must be shareable. Reads are lock-free (entries live in a
//! `boxcar::Vec`, an append-only vector whose elements never move); only the
//! uniquing table is behind mutexes, and it is touched when a value is
//! created, not when it is read. The table is split into [`SHARDS`] shards
//! chosen by hash, so threads folding constants at the same time rarely
//! wait for each other; equal values hash alike and meet in one shard, which
//! keeps them unique.

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::borrow::Borrow;
use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

/// Number of independently locked parts of each uniquing table.
pub(crate) const SHARDS: usize = 16;

pub(crate) struct Interner<T> {
    items: boxcar::Vec<T>,
    shards: [Mutex<HashTable<u32>>; SHARDS],
    hasher: FxBuildHasher,
}

impl<T: Hash + Eq> Default for Interner<T> {
    fn default() -> Self {
        Self {
            items: boxcar::Vec::new(),
            shards: std::array::from_fn(|_| Mutex::new(HashTable::new())),
            hasher: FxBuildHasher,
        }
    }
}

impl<T: Hash + Eq> Interner<T> {
    /// The shard holding values with this hash (bits hashbrown does not use
    /// for bucket selection or control bytes within one shard's table).
    #[inline]
    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, HashTable<u32>> {
        let index = (hash >> 40) as usize % SHARDS;
        self.shards[index].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Returns the index of `value`, storing it if it is new.
    pub(crate) fn intern(&self, value: T) -> usize {
        let hash = self.hasher.hash_one(&value);
        let mut table = self.shard(hash);
        if let Some(&index) = table.find(hash, |&i| self.items[i as usize] == value) {
            return index as usize;
        }
        let index = self.items.push(value);
        let items = &self.items;
        let hasher = &self.hasher;
        table.insert_unique(hash, index as u32, |&i| hasher.hash_one(&items[i as usize]));
        index
    }

    /// Looks `key` up without building an owned value; builds one with
    /// `make` only if it is missing.
    pub(crate) fn intern_ref<Q>(&self, key: &Q, make: impl FnOnce(&Q) -> T) -> usize
    where
        T: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        let hash = self.hasher.hash_one(key);
        let mut table = self.shard(hash);
        if let Some(&index) = table.find(hash, |&i| self.items[i as usize].borrow() == key) {
            return index as usize;
        }
        let index = self.items.push(make(key));
        let items = &self.items;
        let hasher = &self.hasher;
        table.insert_unique(hash, index as u32, |&i| {
            hasher.hash_one(items[i as usize].borrow())
        });
        index
    }

    #[inline]
    pub(crate) fn get(&self, index: usize) -> &T {
        &self.items[index]
    }

    pub(crate) fn len(&self) -> usize {
        self.items.count()
    }
}
