//! Duplicate: a game played again on the same cards by a bot in one seat's
//! place, as bridge clubs score their deals, so that the luck of the deal
//! is taken out of the comparison. The seed deals the same cards, the
//! other bots roll the same dice (a bot's dice are the game's seed and the
//! move's number, [`Session::thinker`]), and each round (or game of a
//! match) the seat's score is set beside the bot's.

use crate::game::{Playable, Session};
use crate::seat::{BotLevel, SeatId, SeatKind};
use crate::variants::{VariantVisitor, visit};
use serde::Serialize;
use std::fmt;

/// The most moves a game played again may take: far more than any game
/// plays; a game that took more would be a fault, said as one.
const MOST_MOVES: usize = 200_000;

/// One seat's results set beside a bot's on the same cards.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Duplicate {
    /// The game's title.
    pub variant: String,
    /// The seat compared, numbered from 1 (as the review numbers them).
    pub seat: usize,
    /// Its player's name.
    pub name: String,
    /// The bot that played the seat again.
    pub level: BotLevel,
    /// What the score counts: "points", "cards".
    pub scored: String,
    /// What a row of the score sheet is: "round", or "game" of a match.
    pub round: String,
    /// Whether the lower score is the better.
    pub lower_wins: bool,
    /// The seat's score and the bot's, over the rounds both played.
    pub you: i64,
    pub bot: i64,
    /// How far the seat finished ahead of the bot (behind it when
    /// negative), in the game's own direction: fewer points is ahead in 5
    /// Suited Rummy.
    pub difference: i64,
    /// The rounds the seat won (or tied for first) and those the bot did:
    /// in a game where one plays for the win more than for points (Wrummy
    /// 3-4-5), the figure the points can hide.
    pub you_won: usize,
    pub bot_won: usize,
    /// Each round (or game of a match) both played.
    pub rounds: Vec<DuplicateRound>,
    /// The other people at the table, played again by a normal bot (they
    /// cannot be asked what they would have done).
    pub stand_ins: Vec<String>,
}

/// One round of a [`Duplicate`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuplicateRound {
    pub label: String,
    pub you: i64,
    pub bot: i64,
    pub difference: i64,
    /// How far the seat finished ahead of the best of the other seats
    /// (behind it when negative), in the game's direction; and the bot.
    pub you_margin: i64,
    pub bot_margin: i64,
}

/// How far seat `i` of `scores` is ahead of the best other seat, `sign`
/// giving the game's direction.
fn margin(scores: &[i64], i: usize, sign: i64) -> i64 {
    let mine = scores.get(i).copied().unwrap_or(0) * sign;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, s)| s * sign)
        .max()
        .unwrap_or(mine);
    mine - best_other
}

/// The level a person's neighbours are played by when a game is played
/// again.
pub const STAND_IN: BotLevel = BotLevel::Normal;

/// `session`'s game played again from its seed with a bot of `level` in
/// `seat`, the bots playing as they did and any other person by a
/// [`STAND_IN`] bot, as far as `session` went: to the end if it is over,
/// else to as many rounds as it finished. `progress` is told each move.
pub fn duplicate<G: Playable>(
    session: &Session<G>,
    seat: SeatId,
    level: BotLevel,
    progress: &mut dyn FnMut(usize),
) -> Result<Duplicate, String> {
    let setup = session.setup();
    let n = setup.seats.len();
    if seat.index() >= n {
        return Err(format!(
            "This game has seats 1 to {n}, not {}.",
            seat.index() + 1
        ));
    }
    if !G::LEVELS.contains(&level) || G::bot(level, setup).is_none() {
        return Err(format!(
            "{} has no {level} bot: the levels are {}.",
            G::VARIANT.title(),
            crate::seat::level_names(G::LEVELS)
        ));
    }
    let mut again = setup.clone();
    let mut stand_ins = Vec::new();
    for (i, s) in again.seats.iter_mut().enumerate() {
        if i == seat.index() {
            s.kind = SeatKind::Bot(level);
        } else if s.kind == SeatKind::Human {
            s.kind = SeatKind::Bot(STAND_IN);
            stand_ins.push(s.name.clone());
        }
    }
    let mut copy = Session::<G>::new(again).map_err(|e| e.to_string())?;
    let rows = session.state().score_rows();
    let to_end = session.state().is_over();
    let mut moves = 0;
    while copy.state().to_move().is_some()
        && (to_end || copy.state().score_rows().len() < rows.len())
    {
        let thinker = copy.thinker(None)?;
        copy.play_thought((thinker.think)())?;
        moves += 1;
        progress(moves);
        if moves > MOST_MOVES {
            return Err(format!(
                "The game played again had not ended after {MOST_MOVES} moves."
            ));
        }
    }
    let sign = if G::LOWER_WINS { -1 } else { 1 };
    let theirs = copy.state().score_rows();
    let rounds: Vec<DuplicateRound> = rows
        .iter()
        .zip(&theirs)
        .map(|(mine, bots)| {
            let you = mine.scores.get(seat.index()).copied().unwrap_or(0);
            let bot = bots.scores.get(seat.index()).copied().unwrap_or(0);
            DuplicateRound {
                label: mine.label.clone(),
                you,
                bot,
                difference: sign * (you - bot),
                you_margin: margin(&mine.scores, seat.index(), sign),
                bot_margin: margin(&bots.scores, seat.index(), sign),
            }
        })
        .collect();
    let you = rounds.iter().map(|r| r.you).sum();
    let bot = rounds.iter().map(|r| r.bot).sum();
    let you_won = rounds.iter().filter(|r| r.you_margin >= 0).count();
    let bot_won = rounds.iter().filter(|r| r.bot_margin >= 0).count();
    Ok(Duplicate {
        variant: G::VARIANT.title().to_string(),
        seat: seat.index() + 1,
        name: session.seat_name(seat),
        level,
        scored: G::SCORED.to_string(),
        round: G::ROUND.to_string(),
        lower_wins: G::LOWER_WINS,
        you,
        bot,
        difference: rounds.iter().map(|r| r.difference).sum(),
        you_won,
        bot_won,
        rounds,
        stand_ins,
    })
}

/// The seat a duplicate compares when none is named: the game's one
/// person; else why one must be named.
pub fn person_seat(seats: &[crate::seat::Seat]) -> Result<SeatId, String> {
    let people: Vec<usize> = (0..seats.len())
        .filter(|&i| seats[i].kind == SeatKind::Human)
        .collect();
    let list = || {
        let all: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", i + 1, s.name))
            .collect();
        all.join(", ")
    };
    match people.as_slice() {
        [one] => Ok(SeatId(*one as u8)),
        [] => Err(format!(
            "Every seat of this game was a bot: name the seat to play again with --seat ({}).",
            list()
        )),
        _ => Err(format!(
            "More than one person played: name the seat to compare with --seat ({}).",
            list()
        )),
    }
}

/// A saved game's seat (numbered from 1; `None`: its one person) played
/// again by a bot of `level` (`None`: the game's strongest).
pub fn duplicate_save(
    text: &str,
    file: &str,
    seat: Option<usize>,
    level: Option<BotLevel>,
    progress: &mut dyn FnMut(usize),
) -> Result<Duplicate, String> {
    struct V<'a, 'p> {
        text: &'a str,
        file: &'a str,
        seat: Option<usize>,
        level: Option<BotLevel>,
        progress: &'p mut dyn FnMut(usize),
    }
    impl VariantVisitor for V<'_, '_> {
        type Output = Result<Duplicate, String>;
        fn visit<G: Playable>(self) -> Self::Output {
            let session =
                Session::<G>::from_save_json(self.text, self.file).map_err(|e| e.to_string())?;
            let n = session.seats().len();
            let seat = match self.seat {
                Some(s) if (1..=n).contains(&s) => SeatId((s - 1) as u8),
                Some(s) => return Err(format!("This game has seats 1 to {n}, not {s}.")),
                None => person_seat(session.seats())?,
            };
            let level = self
                .level
                .or_else(|| G::LEVELS.last().copied())
                .unwrap_or(BotLevel::Normal);
            duplicate(&session, seat, level, self.progress)
        }
    }
    let id = crate::save::peek_variant(text, file).map_err(|e| e.to_string())?;
    visit(
        id,
        V {
            text,
            file,
            seat,
            level,
            progress,
        },
    )
    .map_err(|e| e.to_string())?
}

impl Duplicate {
    /// One line of JSON.
    pub fn to_json(&self) -> String {
        // invariant: numbers, strings and lists only
        serde_json::to_string(self).unwrap_or_default()
    }

    /// "12 points behind it", "3 cards ahead of it", "level with it".
    pub fn standing(&self) -> String {
        let n = self.difference.unsigned_abs();
        let unit = if n == 1 {
            self.scored.trim_end_matches('s')
        } else {
            self.scored.as_str()
        };
        match self.difference {
            0 => "level with it".to_string(),
            d if d > 0 => format!("{n} {unit} ahead of it"),
            _ => format!("{n} {unit} behind it"),
        }
    }

    /// "On the same cards: Ann 37, the expert 25: 12 points behind it."
    pub fn summary(&self) -> String {
        format!(
            "On the same cards: {} {}, the {} bot {}: {}.",
            self.name,
            self.you,
            self.level,
            self.bot,
            self.standing()
        )
    }
}

impl fmt::Display for Duplicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} played again on the same cards: the {} bot in {}'s seat ({}).",
            self.variant, self.level, self.name, self.seat
        )?;
        if !self.stand_ins.is_empty() {
            writeln!(
                f,
                "{} played by a {STAND_IN} bot: a person cannot be asked what they would have done.",
                crate::sentence::series(&self.stand_ins, "and")
            )?;
        }
        let better = if self.lower_wins {
            "fewer is better"
        } else {
            "more is better"
        };
        writeln!(
            f,
            "{} each round ({better}):",
            crate::sentence::capitalised(&self.scored)
        )?;
        let name: String = self.name.chars().take(20).collect();
        let name_w = name.chars().count().max(6);
        let level = self.level.to_string();
        let label_w = self
            .rounds
            .iter()
            .map(|r| r.label.chars().count())
            .max()
            .unwrap_or(5)
            .clamp(5, 28);
        writeln!(
            f,
            "  {:<label_w$} {name:>name_w$} {level:>8} {:>10}",
            "", "difference"
        )?;
        for r in &self.rounds {
            let label: String = r.label.chars().take(label_w).collect();
            writeln!(
                f,
                "  {label:<label_w$} {:>name_w$} {:>8} {:>+10}",
                r.you, r.bot, r.difference
            )?;
        }
        if self.rounds.is_empty() {
            writeln!(f, "  No round was over: there is nothing to compare yet.")?;
        } else {
            let unit = crate::sentence::capitalised(&format!("{}s", self.round));
            writeln!(
                f,
                "{unit} won or tied for first: {} {}, the {} bot {} of {}.",
                self.name,
                self.you_won,
                self.level,
                self.bot_won,
                self.rounds.len()
            )?;
        }
        writeln!(f, "{}", self.summary())
    }
}
