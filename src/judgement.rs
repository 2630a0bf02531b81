//! A move judged: its [`Verdict`] beside the best move the engine finds in
//! its position, and the sentence that says so. On a low floor, as every
//! game's [`crate::game::Reviewed::judge`] returns one and the review
//! ([`crate::review`]) gathers them.

use crate::seat::SeatId;
use serde::Serialize;
use std::fmt;

/// How a move compares with the best the engine finds in its position.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// As good as any move the engine finds.
    Best,
    /// A little less: at most a tenth of what was at stake.
    Good,
    /// Up to a third less.
    Inaccuracy,
    /// More than a third less.
    Mistake,
}

impl Verdict {
    /// The verdict on a Wump Rummy play that leaves the seat sure of
    /// `lost` fewer cards by the deal's end than the best play: the same
    /// loss always gets the same word (none best, 1 good, 2 or 3 an
    /// inaccuracy, more a mistake).
    pub fn of_cards_lost(lost: i64) -> Verdict {
        match lost {
            ..=0 => Verdict::Best,
            1 => Verdict::Good,
            2..=3 => Verdict::Inaccuracy,
            _ => Verdict::Mistake,
        }
    }

    /// The verdict on a move that lost `lost` of its mover's chance of
    /// winning the game (0 to 1) against the best move found: the same
    /// loss gets the same word in every position of every game. Under
    /// half a point in a hundred is as good as the best (the estimate's
    /// own noise), under [`GOOD_LOSS`] good, under [`SLIP_LOSS`] an
    /// inaccuracy, and more a mistake.
    pub fn of_chance_lost(lost: f64) -> Verdict {
        if lost < BEST_LOSS {
            Verdict::Best
        } else if lost < GOOD_LOSS {
            Verdict::Good
        } else if lost < SLIP_LOSS {
            Verdict::Inaccuracy
        } else {
            Verdict::Mistake
        }
    }

    /// Whether the move fell short enough to point out: an inaccuracy or a
    /// mistake.
    pub fn is_slip(self) -> bool {
        self >= Verdict::Inaccuracy
    }
}

/// Chance of winning lost below which a move is as good as the best.
pub const BEST_LOSS: f64 = 0.005;
/// Chance of winning lost below which a move is good, not a slip.
pub const GOOD_LOSS: f64 = 0.02;
/// Chance of winning lost below which a slip is an inaccuracy, not a
/// mistake.
pub const SLIP_LOSS: f64 = 0.06;

/// The mover's estimated chance of winning the game (0 to 1) around a
/// judged move, from its own view ([`crate::analysis`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Chances {
    /// Before the move: what the position is worth with the best move.
    pub before: f64,
    /// After the move played.
    pub played: f64,
    /// After the best move found.
    pub best: f64,
}

impl Chances {
    /// The chance the move played lost against the best.
    pub fn lost(&self) -> f64 {
        (self.best - self.played).max(0.0)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
        })
    }
}

/// One move judged by its game: the best move there, what each is worth,
/// and why, in a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement<A> {
    /// The best move the engine finds in the position (the move played,
    /// when nothing is better).
    pub best: A,
    /// What the move played and the best are worth, in `unit`; more is
    /// better, and `best_value` is never below `played_value`.
    pub played_value: i64,
    pub best_value: i64,
    /// What the values count: "points", "cards".
    pub unit: &'static str,
    /// The two moves in a few words: "laid JOKE", "took K♦ with 9♦".
    pub played_text: String,
    pub best_text: String,
    pub verdict: Verdict,
    /// Why, in one sentence: "JUKEBOX was there for 108 points; you laid
    /// JOKE for 16."
    pub sentence: String,
    /// The same for a child, in one short line: praise for the best move,
    /// a gentle pointer for a slip.
    pub child: String,
    /// The mover's chance of winning around the move, where the game's
    /// analysis weighs it so: then the verdict is by the chance lost.
    pub chances: Option<Chances>,
}

/// One move of the review, as printed and written to JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReview {
    /// The move's place in the log, from 0.
    #[serde(rename = "move")]
    pub index: usize,
    /// The seat that made it, from 1, and its name.
    pub seat: usize,
    pub name: String,
    pub played: String,
    pub best: String,
    pub played_value: i64,
    pub best_value: i64,
    pub unit: String,
    pub verdict: Verdict,
    pub sentence: String,
    /// The mover's estimated chance of winning the game before the move,
    /// after the move played and after the best move (0 to 1), where the
    /// game's analysis weighs moves by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_played: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_best: Option<f64>,
    #[serde(skip)]
    pub child: String,
}

impl MoveReview {
    /// Move `index` of the log, made by `seat` (with its name), as `j`
    /// judges it.
    pub fn of<A>(index: usize, (seat, name): (SeatId, String), j: Judgement<A>) -> MoveReview {
        MoveReview {
            index,
            seat: seat.index() + 1,
            name,
            played: j.played_text,
            best: j.best_text,
            played_value: j.played_value,
            best_value: j.best_value,
            unit: j.unit.to_string(),
            verdict: j.verdict,
            sentence: j.sentence,
            chance_before: j.chances.map(|c| round3(c.before)),
            chance_played: j.chances.map(|c| round3(c.played)),
            chance_best: j.chances.map(|c| round3(c.best)),
            child: j.child,
        }
    }
}

/// A chance to three places, as the JSON gives it.
pub fn round3(c: f64) -> f64 {
    (c * 1000.0).round() / 1000.0
}
