//! The challenge every word game shares (RULINGS.md): a word played in
//! `challenge` checking stands unless another seat challenges it, and the
//! dictionary decides. An illegal word scores nothing, its cards go back to
//! the player's hand (cards taken from the pile go back to the pile, in
//! their places) and the player's turn ends; a challenger who challenged a
//! legal word loses their next turn.

use super::laid::Table;
use crate::dict::Dictionary;
use crate::pile::{Hand, Train};
use serde::Serialize;
use std::fmt;

/// What a challenge did, for the log: the same in every word game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeNews {
    /// Not a word: it comes off the table.
    Upheld {
        challenger: String,
        player: String,
        word: String,
    },
    /// A word: the challenger loses the next turn.
    Failed {
        challenger: String,
        player: String,
        word: String,
    },
    /// A seat loses the turn a wrong challenge cost it.
    LostTurn { name: String },
}

impl fmt::Display for ChallengeNews {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeNews::Upheld {
                challenger,
                player,
                word,
            } => write!(
                f,
                "{challenger} challenged {word}: not a word. Its cards go back and it scores nothing; {} turn ends.",
                crate::seat::possessive(player)
            ),
            ChallengeNews::Failed {
                challenger,
                player,
                word,
            } => write!(
                f,
                "{challenger} challenged {} {word}, but it is a word: {challenger} loses the next turn.",
                crate::seat::possessive(player)
            ),
            ChallengeNews::LostTurn { name } => write!(f, "{name} loses this turn."),
        }
    }
}

/// Whether a bot of `level` challenges `word` (either case) in a window:
/// normal and hard bots challenge every word the dictionary does not hold,
/// easy bots plain nonsense (see [`Dictionary::is_nonsense`]). No bot ever
/// challenges a legal word. The one policy of every word game's bots.
pub fn bot_challenges(dict: &Dictionary, level: crate::seat::BotLevel, word: &str) -> bool {
    use crate::seat::BotLevel;
    let illegal = !dict.check(word).is_legal();
    match level {
        BotLevel::Easy => illegal && dict.is_nonsense(word),
        BotLevel::Normal | BotLevel::Hard | BotLevel::Expert => illegal,
    }
}

/// Who checks the words laid at a table of `seats` in `challenge`
/// checking, for the table to say: the bots (every one challenges, by the
/// policy of [`bot_challenges`]), and how; the people may challenge too.
pub fn who_checks(seats: &[crate::seat::Seat]) -> String {
    use crate::seat::{BotLevel, SeatKind};
    let named = |level: fn(BotLevel) -> bool| -> Vec<&str> {
        seats
            .iter()
            .filter(|s| matches!(s.kind, SeatKind::Bot(l) if level(l)))
            .map(|s| s.name.as_str())
            .collect()
    };
    let strict = named(|l| l != BotLevel::Easy);
    let easy = named(|l| l == BotLevel::Easy);
    let list = |names: &[&str]| match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    let verb = |names: &[&str]| {
        if names.len() == 1 {
            "challenges"
        } else {
            "challenge"
        }
    };
    match (strict.is_empty(), easy.is_empty()) {
        (true, true) => "Words stand unless a player challenges them.".to_string(),
        (false, true) => format!(
            "{} {} every word not in the dictionary.",
            list(&strict),
            verb(&strict)
        ),
        (true, false) => format!("{} {} only plain nonsense.", list(&easy), verb(&easy)),
        (false, false) => format!(
            "{} {} every word not in the dictionary; {} only plain nonsense.",
            list(&strict),
            verb(&strict),
            list(&easy)
        ),
    }
}

/// What the dictionary says of a challenged word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// The word is not legal: it comes off the table.
    Upheld,
    /// The word is legal: the challenger loses their next turn.
    Failed,
}

/// Rules on `challenger`'s challenge of table word `word`, laid by
/// `player`: the dictionary decides; a wrong challenger is marked to lose
/// its next turn in `skips`. The ruling, and the news for the log.
pub fn rule(
    dict: &Dictionary,
    table: &Table,
    word: u32,
    (challenger, player): (crate::seat::SeatId, crate::seat::SeatId),
    names: &[String],
    skips: &mut [u32],
) -> (Ruling, ChallengeNews) {
    let text = table.get(word).map(|w| w.text()).unwrap_or_default();
    let name = |s| crate::game::seat_name(names, s);
    match judge(dict, &text) {
        Ruling::Failed => {
            if let Some(n) = skips.get_mut(challenger.index()) {
                *n += 1;
            }
            let news = ChallengeNews::Failed {
                challenger: name(challenger),
                player: name(player),
                word: text,
            };
            (Ruling::Failed, news)
        }
        Ruling::Upheld => {
            let news = ChallengeNews::Upheld {
                challenger: name(challenger),
                player: name(player),
                word: text,
            };
            (Ruling::Upheld, news)
        }
    }
}

/// Decides a challenge of `word`.
pub fn judge(dict: &Dictionary, word: &str) -> Ruling {
    if dict.check(word).is_legal() {
        Ruling::Failed
    } else {
        Ruling::Upheld
    }
}

/// A word just played, kept until its challenge window closes, so that an
/// upheld challenge can put everything back. `P` is where play goes on.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending<P> {
    pub table: Table,
    pub hand: Hand,
    pub pile: Train,
    /// Where play goes when the word stands (or when a challenge of a word
    /// made outside the player's turn is upheld).
    pub then: Box<P>,
}

impl<P> Pending<P> {
    pub fn new(table: &Table, hand: &Hand, pile: &Train, then: P) -> Pending<P> {
        Pending {
            table: table.clone(),
            hand: hand.clone(),
            pile: pile.clone(),
            then: Box::new(then),
        }
    }

    /// Upheld: puts the table, the player's hand and the pile back as they
    /// were; where play goes on.
    pub fn undo(self, table: &mut Table, hand: &mut Hand, pile: &mut Train) -> P {
        table.restore(self.table);
        *hand = self.hand;
        *pile = self.pile;
        *self.then
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::{BotLevel, Seat};

    #[test]
    fn bots_challenge_non_words_and_easy_bots_only_nonsense() {
        let d = Dictionary::shipped();
        for level in [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard] {
            // No bot ever challenges a legal word.
            for w in ["CAT", "colour", "RHYTHM"] {
                assert!(!bot_challenges(&d, level, w), "{level:?} {w}");
            }
            // Plain nonsense: no vowel, or letters no word starts with.
            for w in ["CDILLLST", "BCDFG", "XQZ"] {
                assert!(bot_challenges(&d, level, w), "{level:?} {w}");
            }
        }
        // A plausible non-word: normal and hard bots challenge it; an easy
        // bot, who knows few words, lets it stand.
        assert!(bot_challenges(&d, BotLevel::Normal, "CATT"));
        assert!(bot_challenges(&d, BotLevel::Hard, "CATT"));
        assert!(!bot_challenges(&d, BotLevel::Easy, "CATT"));
    }

    #[test]
    fn the_table_says_who_checks_words() {
        let seats = [
            Seat::human("Ann"),
            Seat::bot("Bot 2", BotLevel::Hard),
            Seat::bot("Bot 3", BotLevel::Easy),
        ];
        assert_eq!(
            who_checks(&seats),
            "Bot 2 challenges every word not in the dictionary; Bot 3 only plain nonsense."
        );
        assert_eq!(
            who_checks(&seats[..2]),
            "Bot 2 challenges every word not in the dictionary."
        );
        assert_eq!(
            who_checks(&[Seat::human("Ann"), Seat::human("Ben")]),
            "Words stand unless a player challenges them."
        );
    }
}
