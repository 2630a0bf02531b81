//! Every word in alphabetical order, with the set of words holding at least
//! `k` of each letter. A rack's sub-anagrams are then a few passes of bit
//! operations over those sets: a word needs `max(0, n - held)` wilds for a
//! letter it holds `n` times where the rack holds `held`, which is the number
//! of the sets "at least held+1", "at least held+2", ... of that letter that
//! hold it. Counting, for every word at once, in how many such sets it stands
//! (as bit planes "1 or more", "2 or more", ...) gives the wilds it needs.

/// The words holding at least `k` of a letter: as a bit per word when many
/// do, as a list of word numbers when few do.
#[derive(Debug)]
enum WordSet {
    Dense(Vec<u64>),
    Sparse(Vec<u32>),
}

/// Sets with more words than this fraction (1/`DENSE_FROM`) of the list are
/// kept as bits: past it a pass over the bits costs less than visiting each
/// word of the list.
const DENSE_FROM: usize = 128;

/// The word list in alphabetical order and its letter-count sets.
#[derive(Debug)]
pub(crate) struct WordList {
    /// Every word, one after the other.
    text: String,
    /// Where each word starts in `text`, and where the last ends: word `r`
    /// is `text[ends[r]..ends[r + 1]]`.
    ends: Vec<u32>,
    /// `sets[c][k - 1]`: the words holding letter `c` at least `k` times.
    sets: Vec<Vec<WordSet>>,
}

impl WordList {
    /// The list of `words`, given in alphabetical order.
    pub(crate) fn build<'a>(words: impl ExactSizeIterator<Item = &'a [u8]>) -> WordList {
        let n = words.len();
        let blocks = n.div_ceil(64);
        let mut text = Vec::new();
        let mut ends = Vec::with_capacity(n + 1);
        ends.push(0);
        // First every set as bits, then the small ones as lists.
        let mut bits: Vec<Vec<Vec<u64>>> = vec![Vec::new(); 26];
        for (i, word) in words.enumerate() {
            text.extend_from_slice(word);
            ends.push(text.len() as u32);
            let mut counts = [0usize; 26];
            for &b in word {
                let c = b.wrapping_sub(b'a') as usize;
                let Some(k) = counts.get_mut(c) else { continue };
                let sets = &mut bits[c];
                if sets.len() == *k {
                    sets.push(vec![0u64; blocks]);
                }
                sets[*k][i / 64] |= 1 << (i % 64);
                *k += 1;
            }
        }
        let sets = bits
            .into_iter()
            .map(|sets| {
                sets.into_iter()
                    .map(|set| {
                        let count: usize = set.iter().map(|b| b.count_ones() as usize).sum();
                        if count * DENSE_FROM > n {
                            WordSet::Dense(set)
                        } else {
                            let mut list = Vec::with_capacity(count);
                            each_bit(&set, |w| list.push(w as u32));
                            WordSet::Sparse(list)
                        }
                    })
                    .collect()
            })
            .collect();
        // invariant: the groups hold only a-z words; were it not so, the list
        // would be empty rather than hold anything but ASCII.
        if !text.is_ascii() {
            text.clear();
        }
        WordList {
            text: String::from_utf8(text).unwrap_or_default(),
            ends,
            sets,
        }
    }

    /// How many bytes the list and its sets hold.
    pub(crate) fn bytes(&self) -> usize {
        let sets: usize = self
            .sets
            .iter()
            .flatten()
            .map(|s| match s {
                WordSet::Dense(bits) => bits.len() * 8,
                WordSet::Sparse(list) => list.len() * 4,
            })
            .sum();
        self.text.len() + self.ends.len() * 4 + sets
    }

    pub(crate) fn len(&self) -> usize {
        self.ends.len() - 1
    }

    /// Word number `r` of alphabetical order.
    pub(crate) fn word(&self, r: usize) -> &str {
        let (start, end) = (self.ends[r] as usize, self.ends[r + 1] as usize);
        let bytes = self.text.as_bytes().get(start..end).unwrap_or_default();
        // SAFETY: `text` is ASCII (see `build`), so every range of it is
        // UTF-8. A checked slice of the `str` would read the bytes at both
        // ends, touching the text of every word found, which costs a search
        // of a big rack a third of its time.
        unsafe { std::str::from_utf8_unchecked(bytes) }
    }

    /// The words (as a bit per word, in alphabetical order) that hold at
    /// least `need[c]` of every letter `c` and whose letters, `need`'s
    /// included, `counts` (letters) and `wilds` spell.
    pub(crate) fn spelled(&self, counts: &[u8; 26], wilds: u8, need: &[u8; 26]) -> Vec<u64> {
        let n = self.len().div_ceil(64);
        let depth = wilds as usize + 1;
        // planes[i]: the words missing at least i + 1 letters.
        let mut planes = vec![vec![0u64; n]; depth];
        for (c, sets) in self.sets.iter().enumerate() {
            // A word in more than `depth` of them is out already.
            for set in sets.iter().skip(counts[c] as usize).take(depth) {
                match set {
                    WordSet::Dense(bits) => add_dense(&mut planes, bits),
                    WordSet::Sparse(list) => {
                        for &w in list {
                            add_one(&mut planes, w as usize);
                        }
                    }
                }
            }
        }
        let mut out = planes.pop().unwrap_or_default();
        for bits in &mut out {
            *bits = !*bits;
        }
        self.trim(&mut out);
        self.keep_holding(&mut out, need);
        out
    }

    /// The words (as a bit per word, in alphabetical order) that hold at
    /// least `need[c]` of every letter `c`.
    pub(crate) fn holding(&self, need: &[u8; 26]) -> Vec<u64> {
        let mut out = vec![u64::MAX; self.len().div_ceil(64)];
        self.trim(&mut out);
        self.keep_holding(&mut out, need);
        out
    }

    /// Clears the bits past the last word.
    fn trim(&self, bits: &mut [u64]) {
        if let Some(last) = bits.last_mut() {
            let used = self.len() % 64;
            if used > 0 {
                *last &= (1u64 << used) - 1;
            }
        }
    }

    /// Keeps in `out` the words holding at least `need[c]` of every letter.
    fn keep_holding(&self, out: &mut [u64], need: &[u8; 26]) {
        for (c, &k) in need.iter().enumerate() {
            if k == 0 {
                continue;
            }
            match self.sets[c].get(k as usize - 1) {
                None => out.fill(0),
                Some(WordSet::Dense(bits)) => {
                    for (o, b) in out.iter_mut().zip(bits) {
                        *o &= b;
                    }
                }
                Some(WordSet::Sparse(list)) => {
                    let mut keep = vec![0u64; out.len()];
                    for &w in list {
                        keep[w as usize / 64] |= 1 << (w % 64);
                    }
                    for (o, b) in out.iter_mut().zip(&keep) {
                        *o &= b;
                    }
                }
            }
        }
    }

    /// Whether a word of `len` letters (a range) stands in both `a` and `b`
    /// (sets of words, as bits) and holds at least `need[c]` of every letter
    /// `c`: read word by word, stopping at the first.
    pub(crate) fn any_in_both(
        &self,
        a: &[u64],
        b: &[u64],
        len: std::ops::RangeInclusive<usize>,
        need: &[u8; 26],
    ) -> bool {
        // Most blocks of words are in neither: a chunk of blocks is tested
        // at once (a loop the compiler turns into vector instructions), and
        // read word by word only when some word is in both.
        const CHUNK: usize = 64;
        for (k, (xs, ys)) in a.chunks(CHUNK).zip(b.chunks(CHUNK)).enumerate() {
            if xs.iter().zip(ys).fold(0, |m, (&x, &y)| m | (x & y)) == 0 {
                continue;
            }
            for (i, (&x, &y)) in xs.iter().zip(ys).enumerate() {
                let mut left = x & y;
                while left != 0 {
                    let r = (k * CHUNK + i) * 64 + left.trailing_zeros() as usize;
                    left &= left - 1;
                    let (start, end) = (self.ends[r] as usize, self.ends[r + 1] as usize);
                    if !len.contains(&(end - start)) {
                        continue;
                    }
                    let mut counts = [0u8; 26];
                    for &l in &self.text.as_bytes()[start..end] {
                        // invariant: `text` holds only a-z (see `build`)
                        counts[(l - b'a') as usize] += 1;
                    }
                    if counts.iter().zip(need).all(|(h, n)| h >= n) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Counts the words of `bits` once more in `planes`.
fn add_dense(planes: &mut [Vec<u64>], bits: &[u64]) {
    match planes {
        [one] => {
            for (a, &b) in one.iter_mut().zip(bits) {
                *a |= b;
            }
        }
        [one, two] => {
            for ((a, t), &b) in one.iter_mut().zip(two.iter_mut()).zip(bits) {
                *t |= *a & b;
                *a |= b;
            }
        }
        [one, two, three] => {
            for (((a, t), h), &b) in one
                .iter_mut()
                .zip(two.iter_mut())
                .zip(three.iter_mut())
                .zip(bits)
            {
                *h |= *t & b;
                *t |= *a & b;
                *a |= b;
            }
        }
        _ => {
            for i in (1..planes.len()).rev() {
                let (lower, upper) = planes.split_at_mut(i);
                for ((u, l), &b) in upper[0].iter_mut().zip(&lower[i - 1]).zip(bits) {
                    *u |= *l & b;
                }
            }
            for (a, &b) in planes[0].iter_mut().zip(bits) {
                *a |= b;
            }
        }
    }
}

/// Counts word `w` once more in `planes`.
fn add_one(planes: &mut [Vec<u64>], w: usize) {
    let (i, bit) = (w / 64, 1u64 << (w % 64));
    for k in (1..planes.len()).rev() {
        if planes[k - 1][i] & bit != 0 {
            planes[k][i] |= bit;
        }
    }
    planes[0][i] |= bit;
}

/// Calls `f` with the number of every word set in `bits`, in order.
pub(crate) fn each_bit(bits: &[u64], mut f: impl FnMut(usize)) {
    for (i, &word) in bits.iter().enumerate() {
        let mut left = word;
        // As many turns as bits: a loop the processor predicts.
        for _ in 0..word.count_ones() {
            f(i * 64 + left.trailing_zeros() as usize);
            left &= left - 1;
        }
    }
}

/// How many bits `bits` holds.
pub(crate) fn count(bits: &[u64]) -> usize {
    bits.iter().map(|b| b.count_ones() as usize).sum()
}
