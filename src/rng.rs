//! The portable seeded generator every shuffle and every bot's coin flip uses.
//!
//! ChaCha8's output is fixed by its specification, and the seed expansion and
//! the bounded draws below are written out here rather than borrowed from a
//! library whose algorithms may change between versions: the same seed deals
//! the same cards on every machine, every build and every future version, which
//! is what keeps old save files replayable.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A deterministic random stream, named by a seed and a stream number.
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// The stream `stream` of seed `seed`. Different streams of one seed are
    /// independent, so a game can take one per deal and one per bot.
    pub fn new(seed: u64, stream: u64) -> GameRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(&stream.to_le_bytes());
        key[16..].copy_from_slice(b"rummy deck  v1\0\0");
        GameRng(ChaCha8Rng::from_seed(key))
    }

    /// The bots' stream `stream` of game seed `seed`. Its key is drawn from
    /// a stream no deck uses, and ChaCha's output does not give its key
    /// away, so nothing a bot is handed can rebuild a deal: not the seed,
    /// and not the (seed, stream) pairs that shuffle the decks.
    pub fn for_bots(seed: u64, stream: u64) -> GameRng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(&stream.to_le_bytes());
        key[16..].copy_from_slice(b"rummy bots  v1\0\0");
        let mut derive = ChaCha8Rng::from_seed(key);
        let mut own = [0u8; 32];
        for chunk in own.chunks_exact_mut(8) {
            chunk.copy_from_slice(&derive.next_u64().to_le_bytes());
        }
        GameRng(ChaCha8Rng::from_seed(own))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `0..n` (unbiased, by rejection). `n` must be > 0;
    /// for `n == 0` it returns 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        // Reject the top partial block of the u64 range so every residue is
        // equally likely.
        let zone = u64::MAX - (u64::MAX % n) - 1;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A uniformly chosen element, or `None` from an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len() as u64) as usize)
        }
    }
}

/// Mixes two numbers into one well-spread seed (SplitMix64's finaliser), so
/// game `i` of a simulation from seed `s` gets its own seed.
pub fn mix_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::new(42, 0);
        let mut b = GameRng::new(42, 0);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(
            GameRng::new(42, 1).next_u64(),
            GameRng::new(42, 0).next_u64()
        );
        assert_ne!(
            GameRng::new(43, 0).next_u64(),
            GameRng::new(42, 0).next_u64()
        );
    }

    /// The shuffle is part of the save-file format: a change here would make
    /// every saved game replay differently. This pins one shuffle.
    #[test]
    fn the_shuffle_is_pinned() {
        let mut deck: Vec<u32> = (0..10).collect();
        GameRng::new(1, 0).shuffle(&mut deck);
        let mut again: Vec<u32> = (0..10).collect();
        GameRng::new(1, 0).shuffle(&mut again);
        assert_eq!(deck, again);
        assert_eq!(deck, PINNED_SEED_1);
    }
    const PINNED_SEED_1: [u32; 10] = [8, 2, 0, 1, 3, 9, 7, 5, 6, 4];

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut rng = GameRng::new(7, 3);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn the_bots_stream_is_none_of_the_decks() {
        use std::collections::HashSet;
        // Every stream a deck of seed 5 is shuffled with (rounds, reshuffles).
        let deck: HashSet<u64> = (0..2_200)
            .flat_map(|stream| {
                let mut r = GameRng::new(5, stream);
                (0..8).map(move |_| r.next_u64())
            })
            .collect();
        for stream in [0, 1, 2, 1_000, 1_017, u64::MAX] {
            let mut bots = GameRng::for_bots(5, stream);
            for _ in 0..64 {
                assert!(!deck.contains(&bots.next_u64()), "stream {stream}");
            }
        }
        // Still seeded: the same game's bots choose the same again.
        assert_eq!(
            GameRng::for_bots(5, 3).next_u64(),
            GameRng::for_bots(5, 3).next_u64()
        );
        assert_ne!(
            GameRng::for_bots(5, 3).next_u64(),
            GameRng::for_bots(5, 4).next_u64()
        );
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut v: Vec<u32> = (0..52).collect();
        GameRng::new(9, 9).shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
