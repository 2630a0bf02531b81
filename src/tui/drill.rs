//! "Practise your slips": a position from one of your reviewed games where
//! you slipped, set up again from your own view, with the question "What
//! would you play?". Your try is judged by the review's own analysis (the
//! engine's [`rummy::drills`]); the answer waits until you have tried.

use rummy::drills::{Slip, Try};

/// The question at a slip's position.
pub const QUESTION: &str = "What would you play?";

/// A slip being practised on the table.
pub struct Drill {
    pub slip: Slip,
    /// The position's save text, to set it up again after a try.
    pub position: String,
    /// Tries so far, and the last one's outcome.
    pub tries: usize,
    pub last: Option<Try>,
    /// The answer, once shown (found, or asked for).
    pub answered: bool,
}

impl Drill {
    pub fn new(slip: Slip, position: String) -> Drill {
        Drill {
            slip,
            position,
            tries: 0,
            last: None,
            answered: false,
        }
    }

    /// What the position is, in a line: the game and what was played.
    pub fn opening(&self) -> String {
        let verdict = match self.slip.verdict {
            rummy::judgement::Verdict::Mistake => "a mistake",
            _ => "an inaccuracy",
        };
        format!("In this position of a game of yours, the review found {verdict}. {QUESTION}")
    }

    /// The best move and why, in the review's words.
    pub fn answer(&self) -> String {
        let why = self.slip.sentence.trim();
        format!(
            "Best move: {}. Yours in the game: {}. {why}",
            self.slip.best, self.slip.played
        )
    }

    /// Whether the answer may be asked for: after a try, until shown.
    pub fn may_answer(&self) -> bool {
        self.tries > 0 && !self.answered
    }
}
