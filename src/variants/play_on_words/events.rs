//! What happens in a game of Play On Words, and the sentence each event
//! reads as in the log.

use super::RoundResult;
use crate::card::count_of;
use crate::game::seat_name;
use crate::seat::SeatId;
use serde::Serialize;
use std::fmt;

/// What happened, for the log on screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PowEvent {
    Dealt {
        round: u32,
        rounds: u32,
        first: String,
        cards: usize,
    },
    Drew {
        name: String,
        /// A card drawn after the one that starts the turn.
        more: bool,
    },
    Laid {
        name: String,
        word: String,
        points: i64,
        /// The bonus for going out on the initial hand.
        bonus: i64,
    },
    PlayedOn {
        name: String,
        /// The old word (words, for a combination), as "Ann's CREAM".
        old: String,
        word: String,
        /// How it grew: "rearranged", "combined", ...
        how: String,
        points: i64,
    },
    PutUnder {
        name: String,
    },
    Passed {
        name: String,
    },
    /// A turn starts with 8 in hand: no card is drawn.
    HandFull {
        name: String,
    },
    /// A seat mugs no more (or finds nothing to mug).
    MugginsPassed {
        name: String,
    },
    Refilled {
        name: String,
        count: usize,
    },
    WentOut {
        name: String,
        bonus: i64,
    },
    FinalTurns {
        /// Why: someone went out, or the draw pile ran dry.
        went_out: Option<String>,
    },
    /// A challenge and what it did.
    Challenge(crate::wordgame::ChallengeNews),
    MugginsOpen,
    Mugged {
        name: String,
        victim: String,
        word: String,
        points: i64,
    },
    RoundOver {
        result: RoundResult,
        names: Vec<String>,
        totals: Vec<i64>,
        casual: bool,
    },
    GameOver {
        winners: Vec<SeatId>,
        totals: Vec<i64>,
        names: Vec<String>,
        /// The casual game: totals are rounds won, not points.
        #[serde(default)]
        casual: bool,
    },
}

use crate::card::points;

impl PowEvent {
    /// The word this event says a seat laid or made (a new word, the new
    /// word of a play-on, a muggins word), upper case.
    pub fn word_made(&self) -> Option<&str> {
        match self {
            PowEvent::Laid { word, .. }
            | PowEvent::PlayedOn { word, .. }
            | PowEvent::Mugged { word, .. } => Some(word),
            _ => None,
        }
    }
}

impl fmt::Display for PowEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PowEvent::Dealt {
                round,
                rounds,
                first,
                cards,
            } => write!(
                f,
                "Round {round} of {rounds}: {} each; {first} plays first.",
                count_of(*cards, "card")
            ),
            PowEvent::Drew { name, more: false } => write!(f, "{name} drew a card."),
            PowEvent::Drew { name, more: true } => write!(f, "{name} drew another card."),
            PowEvent::Laid {
                name,
                word,
                points: p,
                bonus,
            } => {
                write!(f, "{name} laid {word}")?;
                // No points: the casual game.
                if *p != 0 {
                    write!(f, ": {}", points(*p))?;
                }
                if *bonus > 0 {
                    write!(f, ", with {bonus} for the whole initial hand in one word")?;
                }
                write!(f, ".")
            }
            PowEvent::PlayedOn {
                name,
                old,
                word,
                how,
                points: p,
            } => {
                write!(f, "{name} made {old} into {word} ({how})")?;
                if *p != 0 {
                    write!(f, ": {}", points(*p))?;
                }
                write!(f, ".")
            }
            PowEvent::PutUnder { name } => {
                write!(f, "{name} put a card under the draw pile.")
            }
            PowEvent::Passed { name } => write!(f, "{name} passed."),
            PowEvent::HandFull { name } => {
                write!(
                    f,
                    "{name} holds {} cards, so draws none this turn.",
                    super::FULL
                )
            }
            PowEvent::MugginsPassed { name } => write!(f, "{name} passed in muggins."),
            PowEvent::Refilled { name, count: n } => {
                write!(
                    f,
                    "{name} drew {} to refill the hand.",
                    count_of(*n, "card")
                )
            }
            PowEvent::WentOut { name, bonus } => {
                write!(f, "{name} went out")?;
                if *bonus > 0 {
                    write!(f, ": {} bonus", points(*bonus))?;
                }
                write!(f, ".")
            }
            PowEvent::FinalTurns { went_out: Some(n) } => write!(
                f,
                "{n} is out: each other seat draws one more card and takes a final turn."
            ),
            PowEvent::FinalTurns { went_out: None } => write!(
                f,
                "The draw pile is empty: each seat takes a final turn, then the round ends."
            ),
            PowEvent::Challenge(news) => write!(f, "{news}"),
            PowEvent::MugginsOpen => write!(
                f,
                "Muggins: the unplayed cards are face up; each seat may play other seats' cards for 2 points a letter."
            ),
            PowEvent::Mugged {
                name,
                victim,
                word,
                points: p,
            } => write!(
                f,
                "{name} mugged {} cards into {word}: {}.",
                crate::seat::possessive(victim),
                points(*p)
            ),
            PowEvent::RoundOver {
                result,
                names,
                totals,
                casual,
            } => {
                write!(f, "Round {} is over", result.round)?;
                match result.went_out {
                    Some(s) if *casual => write!(f, ": {} wins it", seat_name(names, s))?,
                    Some(_) => {}
                    None if *casual => write!(f, ": nobody went out")?,
                    None => {}
                }
                let each: Vec<String> = names
                    .iter()
                    .zip(totals)
                    .map(|(n, t)| format!("{n} {t}"))
                    .collect();
                let what = if *casual { "Rounds won" } else { "Scores" };
                write!(f, ". {what}: {}.", each.join(", "))
            }
            PowEvent::GameOver {
                winners,
                totals,
                names,
                casual,
            } => {
                let unit = if *casual { "round" } else { "point" };
                let line = crate::game::announce_winners_of(names, winners, totals, unit);
                f.write_str(&line)
            }
        }
    }
}
