//! "On the same cards": when a game with one person at the table is over,
//! the engine plays it again from its seed with the game's strongest bot in
//! that person's place ([`rummy::duplicate`]), away from the screen's
//! thread, and the end of the game sets the two results side by side. The
//! review's accuracy of the person's moves is worked out with it: both go
//! into the statistics, for the progress charts.

use super::adapter::TableGame;
use rummy::duplicate::Duplicate;
use rummy::seat::BotLevel;
use std::cell::OnceCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// What the work sends back: the game played again, the person's
/// accuracy, and the review it came from.
type Worked = (
    Result<Duplicate, String>,
    Option<f64>,
    Option<rummy::review::Review>,
);

/// A game being played again on the same cards.
pub struct SameCards {
    found: Receiver<Worked>,
    came: OnceCell<Result<Duplicate, String>>,
    /// The review's mean chance lost a judged move of the person's, once
    /// worked out (none if no move was judged by the chance of winning).
    pub accuracy: Option<f64>,
    /// The review it came from, for the person's slips to practise.
    pub review: Option<rummy::review::Review>,
    /// The person's seat.
    pub seat: rummy::seat::SeatId,
    /// Moves played again so far.
    moves: Arc<AtomicUsize>,
    pub level: BotLevel,
    /// Whether its figures have gone into the statistics.
    pub recorded: bool,
}

impl SameCards {
    /// Starts playing `game` again, if it is over and one person played
    /// it: the strongest bot of the game in that person's seat.
    pub fn start(game: &dyn TableGame) -> Option<SameCards> {
        if !game.is_over() {
            return None;
        }
        let seat = rummy::duplicate::person_seat(game.seats()).ok()?;
        let level = *rummy::variants::bot_levels(game.variant()).last()?;
        let text = game.save_json();
        let moves = Arc::new(AtomicUsize::new(0));
        let counted = moves.clone();
        let (tx, found) = channel();
        super::adapter::think_on_the_pool(Box::new(move || {
            let mut progress = |n: usize| counted.store(n, Ordering::Relaxed);
            let run = std::panic::AssertUnwindSafe(|| {
                rummy::duplicate::duplicate_save(
                    &text,
                    "the game",
                    Some(seat.index() + 1),
                    Some(level),
                    &mut progress,
                )
            });
            let result = std::panic::catch_unwind(run)
                .unwrap_or_else(|_| Err("The game could not be played again.".to_string()));
            let judged = std::panic::AssertUnwindSafe(|| {
                rummy::review::review_save(&text, "the game", rummy::review::Judged::People).ok()
            });
            let review = std::panic::catch_unwind(judged).ok().flatten();
            let accuracy = review.as_ref().and_then(|r| {
                r.summary
                    .iter()
                    .find(|s| s.seat == seat.index() + 1)
                    .and_then(|s| s.chance_lost)
            });
            let _ = tx.send((result, accuracy, review));
        }));
        Some(SameCards {
            found,
            came: OnceCell::new(),
            accuracy: None,
            review: None,
            seat,
            moves,
            level,
            recorded: false,
        })
    }

    /// Looks in on the work: true once it is done.
    pub fn settle(&mut self) -> bool {
        if self.came.get().is_none() {
            let result = match self.found.try_recv() {
                Ok((r, accuracy, review)) => {
                    self.accuracy = accuracy;
                    self.review = review;
                    r
                }
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => {
                    Err("The game could not be played again.".to_string())
                }
            };
            let _ = self.came.set(result);
        }
        true
    }

    /// The result once worked out (see [`SameCards::settle`]); `None`
    /// while the bot still plays.
    pub fn poll(&self) -> Option<&Result<Duplicate, String>> {
        self.came.get()
    }

    /// What the end of the game says: the bot at work, or the two results.
    pub fn line(&self) -> String {
        match self.poll() {
            None => format!(
                "The {} bot is playing your cards again ({} moves so far)...",
                self.level,
                self.moves.load(Ordering::Relaxed)
            ),
            Some(Ok(d)) => {
                let rounds = if d.rounds.len() > 1 {
                    format!(
                        " {}s won: {} {}, the {} bot {}.",
                        rummy::sentence::capitalised(&d.round),
                        d.name,
                        d.you_won,
                        d.level,
                        d.bot_won
                    )
                } else {
                    String::new()
                };
                format!("{}{rounds}", d.summary())
            }
            Some(Err(e)) => e.clone(),
        }
    }
}
