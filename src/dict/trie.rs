//! The anagram index in memory: every alphagram (a word's letters sorted) as
//! a path of a trie whose nodes are a few flat arrays, built on first use from
//! the word groups. A rack is searched by walking it with the rack's letter
//! counts, a wild spending for a missing letter; each node names its children
//! by a 26-bit mask, so a walk with no wild left looks only at the letters the
//! rack still holds.

use super::sets::WordList;

/// Bit of [`Node::kids`]: an alphagram ends at this node.
const FINAL: u32 = 1 << 31;
/// The letter bits of [`Node::kids`].
const LETTERS: u32 = (1 << 26) - 1;

/// One node of the trie: 8 bytes.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Bit `c`: a child for letter `c`; [`FINAL`]: an alphagram ends here.
    kids: u32,
    /// Index of the first child; the children follow it in letter order.
    first: u32,
}

/// The trie and the words at its nodes.
#[derive(Debug)]
pub(crate) struct Trie {
    nodes: Vec<Node>,
    /// Where each node's words start in `words` (one more entry than there
    /// are nodes): node `n` ends the alphagram of `words[at[n]..at[n + 1]]`.
    at: Vec<u32>,
    /// The words of each alphagram, as numbers of [`WordList`] (alphabetical
    /// order), node by node.
    words: Vec<u32>,
    /// Bit `c` of `below[n]`: letter `c` stands on some path below node `n`.
    /// A walk that must still place a letter leaves a node without it.
    below: Vec<u32>,
}

/// The in-memory search index: the trie, and the words in alphabetical order
/// with their letter-count sets.
#[derive(Debug)]
pub(crate) struct Index {
    pub trie: Trie,
    pub list: WordList,
}

impl Index {
    /// Unpacks the alphagram FST (alphagram -> `offset << 16 | count` of its
    /// words in `groups`, each followed by `\n`).
    pub(crate) fn build(alphagrams: &fst::Map<super::Bytes>, groups: &[u8]) -> Index {
        use fst::Streamer;
        // Every word as a span of `groups`, alphagram by alphagram, read
        // from the FST's values so that the trie holds just what it lists.
        let mut spans: Vec<(u32, u32)> = Vec::new();
        let mut keys: Vec<u8> = Vec::new();
        let mut key_starts: Vec<u32> = vec![0];
        let mut key_words: Vec<u32> = Vec::new();
        let mut stream = alphagrams.stream();
        while let Some((key, value)) = stream.next() {
            let (offset, count) = ((value >> 16) as usize, (value & 0xFFFF) as usize);
            key_words.push(spans.len() as u32);
            keys.extend_from_slice(key);
            key_starts.push(keys.len() as u32);
            let mut at = offset;
            let rest = groups.get(offset..).unwrap_or_default();
            for word in rest.split(|&b| b == b'\n').take(count) {
                spans.push((at as u32, (at + word.len()) as u32));
                at += word.len() + 1;
            }
        }
        key_words.push(spans.len() as u32);
        let text = |i: u32| {
            let (a, b) = spans[i as usize];
            groups.get(a as usize..b as usize).unwrap_or_default()
        };
        // Alphabetical order: by the first 8 letters, then the rest.
        let head = |i: u32| {
            let mut b = [0u8; 8];
            let t = text(i);
            let n = t.len().min(8);
            b[..n].copy_from_slice(&t[..n]);
            u64::from_be_bytes(b)
        };
        let mut by_rank: Vec<(u64, u32)> = (0..spans.len() as u32).map(|i| (head(i), i)).collect();
        by_rank.sort_unstable();
        for run in by_rank.chunk_by_mut(|x, y| x.0 == y.0) {
            if run.len() > 1 {
                run.sort_unstable_by(|x, y| text(x.1).cmp(text(y.1)));
            }
        }
        let mut rank = vec![0u32; spans.len()];
        for (r, &(_, i)) in by_rank.iter().enumerate() {
            rank[i as usize] = r as u32;
        }
        let list = WordList::build(by_rank.iter().map(|&(_, i)| text(i)));
        let key_of = |k: usize| &keys[key_starts[k] as usize..key_starts[k + 1] as usize];
        let trie = Trie::build(key_words.len() - 1, key_of, |k| {
            (key_words[k]..key_words[k + 1]).map(|i| rank[i as usize])
        });
        Index { trie, list }
    }

    /// How many bytes the index holds.
    pub(crate) fn bytes(&self) -> usize {
        self.trie.nodes.len() * size_of::<Node>()
            + (self.trie.at.len() + self.trie.words.len() + self.trie.below.len())
                * size_of::<u32>()
            + self.list.bytes()
    }
}

impl Trie {
    /// The trie of `n_keys` sorted alphagrams, `key_of(k)` the letters of
    /// alphagram `k` and `words_of(k)` its words.
    fn build<'k, I: Iterator<Item = u32>>(
        n_keys: usize,
        key_of: impl Fn(usize) -> &'k [u8],
        words_of: impl Fn(usize) -> I,
    ) -> Trie {
        let blank = Node { kids: 0, first: 0 };
        let mut nodes = vec![blank];
        // The alphagram ending at each node, if any.
        let mut ends: Vec<u32> = vec![u32::MAX];
        // Each node's keys (a run of the sorted keys sharing its path), filled
        // in children-first blocks so that a node's children are adjacent.
        let mut todo = vec![(0usize, 0usize, n_keys, 0usize)];
        while let Some((node, lo, hi, depth)) = todo.pop() {
            let mut i = lo;
            if i < hi && key_of(i).len() == depth {
                nodes[node].kids |= FINAL;
                ends[node] = i as u32;
                i += 1;
            }
            nodes[node].first = nodes.len() as u32;
            let pushed = todo.len();
            while i < hi {
                let c = key_of(i)[depth];
                let mut j = i + 1;
                while j < hi && key_of(j)[depth] == c {
                    j += 1;
                }
                // invariant: the groups hold only a-z words
                nodes[node].kids |= 1 << (c - b'a');
                todo.push((nodes.len(), i, j, depth + 1));
                nodes.push(blank);
                ends.push(u32::MAX);
                i = j;
            }
            // The first child is taken next: blocks of children are laid out
            // in the order a walk meets them.
            todo[pushed..].reverse();
        }
        let mut at = Vec::with_capacity(nodes.len() + 1);
        let mut words = Vec::new();
        for &k in &ends {
            at.push(words.len() as u32);
            if k != u32::MAX {
                words.extend(words_of(k as usize));
            }
        }
        at.push(words.len() as u32);
        // Children come after their parent: one pass from the end.
        let mut below = vec![0u32; nodes.len()];
        for n in (0..nodes.len()).rev() {
            let node = nodes[n];
            let kids = node.kids & LETTERS;
            let mut mask = kids;
            for k in 0..kids.count_ones() {
                mask |= below[node.first as usize + k as usize];
            }
            below[n] = mask;
        }
        Trie {
            nodes,
            at,
            words,
            below,
        }
    }

    /// The words (alphabetical numbers) of the alphagram ending at `node`.
    pub(crate) fn words_at(&self, node: u32) -> &[u32] {
        let n = node as usize;
        &self.words[self.at[n] as usize..self.at[n + 1] as usize]
    }
}

/// What a walk looks for: the words spelled by `counts` (letters) and
/// `wilds` that hold every letter of `need` (counted in `counts` too), add
/// 1 to `max_added` letters beyond it, and have at least `min_len` letters.
pub(crate) struct Search {
    pub counts: [u8; 26],
    pub wilds: u8,
    pub need: [u8; 26],
    pub max_added: u32,
    pub min_len: usize,
}

struct Walk<'t, F: FnMut(u32)> {
    trie: &'t Trie,
    counts: [u8; 26],
    /// Bit `c`: `counts[c] > 0`.
    held: u32,
    wilds: u8,
    need: [u8; 26],
    /// Bit `c`: `need[c] > 0`.
    needed: u32,
    added: u32,
    max_added: u32,
    min_len: usize,
    emit: F,
}

impl<F: FnMut(u32)> Walk<'_, F> {
    fn go(&mut self, n: usize, depth: usize) {
        if self.needed != 0 && self.needed & !self.trie.below[n] != 0 {
            // A letter the word still needs stands nowhere below.
            return;
        }
        let node = self.trie.nodes[n];
        if node.kids & FINAL != 0 && self.needed == 0 && self.added > 0 && depth >= self.min_len {
            (self.emit)(n as u32);
        }
        let kids = node.kids & LETTERS;
        // A needed letter cannot be passed over: the alphagram is sorted, so
        // a path past it could never come back to it.
        let upto = if self.needed == 0 {
            LETTERS
        } else {
            let lowest = self.needed & self.needed.wrapping_neg();
            lowest | (lowest - 1)
        };
        let open = if self.wilds > 0 {
            kids
        } else {
            kids & self.held
        } & upto;
        let mut left = open;
        while left != 0 {
            let c = left.trailing_zeros() as usize;
            left &= left - 1;
            let bit = 1u32 << c;
            let needed = self.need[c] > 0;
            if !needed && self.added >= self.max_added {
                continue;
            }
            let child = node.first as usize + (kids & (bit - 1)).count_ones() as usize;
            if self.held & bit != 0 {
                self.counts[c] -= 1;
                if self.counts[c] == 0 {
                    self.held &= !bit;
                }
                if needed {
                    self.need[c] -= 1;
                    if self.need[c] == 0 {
                        self.needed &= !bit;
                    }
                } else {
                    self.added += 1;
                }
                self.go(child, depth + 1);
                if needed {
                    self.need[c] += 1;
                    self.needed |= bit;
                } else {
                    self.added -= 1;
                }
                self.counts[c] += 1;
                self.held |= bit;
            } else {
                self.wilds -= 1;
                self.added += 1;
                self.go(child, depth + 1);
                self.added -= 1;
                self.wilds += 1;
            }
        }
    }
}

impl Trie {
    /// Calls `emit` with the node of each alphagram `search` finds (see
    /// [`Trie::words_at`]), in alphagram order.
    pub(crate) fn search(&self, search: &Search, emit: impl FnMut(u32)) {
        let mask = |counts: &[u8; 26]| {
            counts
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .fold(0u32, |m, (c, _)| m | 1 << c)
        };
        let mut walk = Walk {
            trie: self,
            counts: search.counts,
            held: mask(&search.counts),
            wilds: search.wilds,
            need: search.need,
            needed: mask(&search.need),
            added: 0,
            max_added: search.max_added,
            min_len: search.min_len,
            emit,
        };
        walk.go(0, 0);
    }
}
