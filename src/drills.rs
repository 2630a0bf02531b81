//! Your slips, to solve again: the positions of the games a person played
//! alone where the review found a slip (an inaccuracy or a mistake), kept
//! when the game's review is worked out, and brought back as questions
//! ("What would you play?"), mistakes first, newest first. A try is judged
//! by the review's own analysis; a position solved comes back less often:
//! after a day, then two, four, eight...

use crate::judgement::{MoveReview, Verdict};
use crate::review::Review;
use crate::variant_id::VariantId;
use serde::{Deserialize, Serialize};
use std::io::Write as _;
use std::path::Path;

/// The file in the data directory that keeps the slips.
pub const SLIPS_FILE: &str = "slips.jsonl";
/// The file that notes each slip solved, and when.
pub const SOLVED_FILE: &str = "solved.jsonl";

/// A position where a person slipped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slip {
    /// The game's save, by its file name in `saves/`.
    pub save: String,
    pub variant: VariantId,
    /// The slip's place in the log, from 0: the position is the game
    /// after the moves before it.
    #[serde(rename = "move")]
    pub index: usize,
    /// The seat, from 1.
    pub seat: usize,
    pub verdict: Verdict,
    pub played: String,
    pub played_value: i64,
    pub best: String,
    pub best_value: i64,
    pub unit: String,
    /// Why the best is best, in the review's words.
    pub sentence: String,
    /// When the game ended, in seconds since 1970.
    pub ended: u64,
}

/// A slip solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solved {
    pub save: String,
    #[serde(rename = "move")]
    pub index: usize,
    /// When, in seconds since 1970.
    pub when: u64,
}

impl Slip {
    fn of(m: &MoveReview, save: &str, variant: VariantId, ended: u64) -> Slip {
        Slip {
            save: save.to_string(),
            variant,
            index: m.index,
            seat: m.seat,
            verdict: m.verdict,
            played: m.played.clone(),
            played_value: m.played_value,
            best: m.best.clone(),
            best_value: m.best_value,
            unit: m.unit.clone(),
            sentence: m.sentence.clone(),
            ended,
        }
    }

    fn same(&self, save: &str, index: usize) -> bool {
        self.save == save && self.index == index
    }
}

/// The slips of seat `seat` (from 1) in `review` of the game saved as
/// `save`, which ended at `ended`.
pub fn slips_of(
    review: &Review,
    seat: usize,
    save: &str,
    variant: VariantId,
    ended: u64,
) -> Vec<Slip> {
    review
        .moves
        .iter()
        .filter(|m| m.seat == seat && m.verdict.is_slip())
        .map(|m| Slip::of(m, save, variant, ended))
        .collect()
}

/// Reads a file of one JSON value a line; a line that does not read is
/// skipped (a cut last line after a crash).
fn read_lines<T: for<'de> Deserialize<'de>>(path: &Path) -> Vec<T> {
    let Ok(bytes) = crate::files::read_regular(path, 64 * 1024 * 1024) else {
        return Vec::new();
    };
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Appends `items` to `path`, a line each, in one write.
fn append_lines<T: Serialize>(path: &Path, items: &[T]) -> std::io::Result<()> {
    if items.is_empty() {
        return Ok(());
    }
    let mut text = String::new();
    for item in items {
        text.push_str(&serde_json::to_string(item).map_err(std::io::Error::other)?);
        text.push('\n');
    }
    let mut file = crate::files::private_append(path)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

/// Adds `slips` to the data directory `dir`, leaving out any already there.
pub fn record(dir: &Path, slips: &[Slip]) -> std::io::Result<()> {
    let path = dir.join(SLIPS_FILE);
    let old: Vec<Slip> = read_lines(&path);
    let new: Vec<&Slip> = slips
        .iter()
        .filter(|s| !old.iter().any(|o| o.same(&s.save, s.index)))
        .collect();
    append_lines(&path, &new)
}

/// Notes that `slip` was solved at `when`.
pub fn mark_solved(dir: &Path, slip: &Slip, when: u64) -> std::io::Result<()> {
    let s = Solved {
        save: slip.save.clone(),
        index: slip.index,
        when,
    };
    append_lines(&dir.join(SOLVED_FILE), &[s])
}

/// The slips of the data directory `dir` due now (`now`, in seconds since
/// 1970), in the order to practise them: mistakes before inaccuracies,
/// each newest first. A slip solved `k` times is due again a day, then 2,
/// 4, 8... days after it was last solved: it comes back less and less.
pub fn due(dir: &Path, now: u64) -> Vec<Slip> {
    let slips: Vec<Slip> = read_lines(&dir.join(SLIPS_FILE));
    let solved: Vec<Solved> = read_lines(&dir.join(SOLVED_FILE));
    order(slips, &solved, now)
}

/// [`due`] of slips and solved marks already read.
pub fn order(mut slips: Vec<Slip>, solved: &[Solved], now: u64) -> Vec<Slip> {
    slips.retain(|s| {
        let marks: Vec<u64> = solved
            .iter()
            .filter(|m| s.same(&m.save, m.index))
            .map(|m| m.when)
            .collect();
        match marks.iter().max() {
            None => true,
            Some(&last) => {
                let days = 1u64 << (marks.len() - 1).min(12);
                now >= last.saturating_add(days * 86_400)
            }
        }
    });
    slips.sort_by(|a, b| {
        b.verdict
            .cmp(&a.verdict)
            .then(b.ended.cmp(&a.ended))
            .then(a.index.cmp(&b.index))
    });
    slips
}

/// How a try at a slip went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Try {
    /// The best move, or one as good.
    Found,
    /// Better than the slip, short of the best.
    Better,
    /// No better than the slip.
    Again,
}

impl Try {
    /// The try `judged` (the review's judgement of the move tried) at
    /// `slip`.
    pub fn of(slip: &Slip, judged: &MoveReview) -> Try {
        if judged.verdict == Verdict::Best {
            Try::Found
        } else if judged.played_value > slip.played_value {
            Try::Better
        } else {
            Try::Again
        }
    }

    /// What the screen says of it.
    pub fn said(self) -> &'static str {
        match self {
            Try::Found => "Found it!",
            Try::Better => "Better, but there is more: try again.",
            Try::Again => "Try again.",
        }
    }
}

/// The save text of the game in `text` after its first `moves` moves: the
/// position of a slip.
pub fn position_text(text: &str, moves: usize) -> Result<String, String> {
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("the save does not read: {e}"))?;
    let log = value
        .get_mut("moves")
        .and_then(|l| l.as_array_mut())
        .ok_or("the save has no log of moves")?;
    if log.len() < moves {
        return Err(format!("the save has {} moves, not {moves}", log.len()));
    }
    log.truncate(moves);
    Ok(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judgement::Verdict;

    fn slip(save: &str, index: usize, verdict: Verdict, ended: u64) -> Slip {
        Slip {
            save: save.into(),
            variant: VariantId::Wump,
            index,
            seat: 1,
            verdict,
            played: "p".into(),
            played_value: 10,
            best: "b".into(),
            best_value: 20,
            unit: "cards".into(),
            sentence: "s".into(),
            ended,
        }
    }

    #[test]
    fn mistakes_first_newest_first_and_solved_ones_come_back_less_often() {
        let day = 86_400;
        let slips = vec![
            slip("a", 3, Verdict::Inaccuracy, 100),
            slip("b", 5, Verdict::Mistake, 50),
            slip("c", 7, Verdict::Mistake, 200),
            slip("d", 9, Verdict::Inaccuracy, 300),
        ];
        let order_of = |solved: &[Solved], now| {
            order(slips.clone(), solved, now)
                .iter()
                .map(|s| s.save.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(order_of(&[], 1_000), ["c", "b", "d", "a"]);
        let once = [Solved {
            save: "c".into(),
            index: 7,
            when: 1_000,
        }];
        assert_eq!(order_of(&once, 1_000 + day - 1), ["b", "d", "a"]);
        assert_eq!(order_of(&once, 1_000 + day), ["c", "b", "d", "a"]);
        let twice = [
            once[0].clone(),
            Solved {
                save: "c".into(),
                index: 7,
                when: 1_000 + day,
            },
        ];
        assert_eq!(order_of(&twice, 1_000 + 2 * day), ["b", "d", "a"]);
        assert_eq!(order_of(&twice, 1_000 + 3 * day), ["c", "b", "d", "a"]);
    }

    #[test]
    fn a_position_is_the_save_cut_before_the_slip() {
        let text = r#"{"format":1,"seed":3,"moves":[1,2,3,4]}"#;
        let cut: serde_json::Value =
            serde_json::from_str(&position_text(text, 2).unwrap()).unwrap();
        assert_eq!(cut["moves"], serde_json::json!([1, 2]));
        assert_eq!(cut["seed"], 3);
        assert!(position_text(text, 9).is_err());
        assert!(position_text("{", 0).is_err());
    }
}
