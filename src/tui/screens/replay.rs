//! The replay of a saved game, one move at a time: the table as it was
//! after each move, with that move's lines in the log. The log is the
//! truth: the table at step `k` is the save's first `k` moves replayed from
//! the seed. A finished game shows every hand; an unfinished one only what a
//! watcher sees (the engine's spectator view), so no hidden card is shown.

use crate::tui::adapter::{TableGame, load};
use crate::tui::commands::{Command, ESC, Key, LEFT, RIGHT, ch, find};
use crate::tui::route::{Go, Screen};
use crate::tui::screens::table::state::{TableState, TableView};
use crate::tui::store;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use rummy::seat::SeatId;
use std::path::Path;

/// The largest save file read (a save is a few kilobytes).
const MAX_SAVE_BYTES: u64 = 16 * 1024 * 1024;

/// A saved game being replayed.
pub struct Replay {
    /// The save's name, for sentences.
    pub file: String,
    text: String,
    /// The sentences of each move, in order.
    pub lines: Vec<Vec<String>>,
    /// How many moves have been played on the table shown.
    pub step: usize,
    /// Whether the whole game is over: then every hand is shown.
    pub finished: bool,
    /// The game after `step` moves, as the table screen draws it.
    pub table: TableState,
    /// Where `q` goes back to; `None` quits (opened from the command line).
    pub back: Option<Screen>,
    /// "How did I play?": the judged moves, by their place in the log
    /// (the people's moves; a game of bots only, every seat's).
    /// The review of a finished game, worked out on a thread of its own
    /// from the moment the replay opens (a whole game's takes seconds);
    /// empty until it is ready.
    review: std::sync::Arc<std::sync::OnceLock<Vec<rummy::judgement::MoveReview>>>,
    /// Whether the screen has been drawn since the review was ready.
    review_shown: bool,
}

impl Replay {
    /// Reads a save for replaying; why not, in a sentence. Nothing is
    /// changed on disk, a damaged save included.
    pub fn open(path: &Path, back: Option<Screen>) -> Result<Replay, String> {
        let file = path.display().to_string();
        let bytes = rummy::files::read_regular(path, MAX_SAVE_BYTES)
            .map_err(|e| format!("{file} could not be read: {e}."))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{file} is not text, so it is not a save file."))?;
        let kids = store::read_prefs(path).0;
        Replay::of_text(text, file, kids, back)
    }

    /// The replay of a save's `text` (`file` names it in sentences);
    /// `kids`: kids' mode, as the game was played (by default, for Wump).
    pub fn of_text(
        text: String,
        file: String,
        kids: Option<bool>,
        back: Option<Screen>,
    ) -> Result<Replay, String> {
        let whole = load(&text, &file).map_err(|e| format!("{e:#}."))?;
        let lines = rummy::replay::move_lines(&text, &file).map_err(|e| format!("{e}."))?;
        let finished = whole.is_over();
        let kids = kids.unwrap_or(whole.variant() == rummy::variants::VariantId::Wump);
        // A game of bots only is reviewed whole; else the people's moves.
        let who = rummy::review::Judged::Usual;
        // Only a finished game is judged: its every hand is shown anyway,
        // and a review of an unfinished one would speak of hidden cards.
        let review = std::sync::Arc::new(std::sync::OnceLock::new());
        if finished {
            let (cell, text, file) = (review.clone(), text.clone(), file.clone());
            std::thread::spawn(move || {
                let moves = rummy::review::review_save(&text, &file, who)
                    .map(|r| r.moves)
                    .unwrap_or_default();
                let _ = cell.set(moves);
            });
        } else {
            let _ = review.set(Vec::new());
        }
        let mut replay = Replay {
            file,
            text,
            lines,
            step: 0,
            finished,
            table: TableState::new(whole, None, kids),
            back,
            review,
            review_shown: false,
        };
        replay.go_to(0)?;
        Ok(replay)
    }

    /// How many moves the game has.
    pub fn total(&self) -> usize {
        self.lines.len()
    }

    /// Shows the table after the first `step` moves (at most all of them).
    pub fn go_to(&mut self, step: usize) -> Result<(), String> {
        let step = step.min(self.total());
        let text = rummy::replay::first_moves(&self.text, &self.file, step)
            .map_err(|e| format!("{e}."))?;
        let game = load(&text, &self.file).map_err(|e| format!("{e:#}."))?;
        let mut table = TableState::new(game, None, self.table.kids);
        // Nobody is at the keyboard: no curtain, and no hand but those
        // `view` shows.
        table.shown_to = table.game.to_move();
        table.log = vec![format!("New game of {}.", table.game.variant().title())];
        table
            .log
            .extend(self.lines[..step].iter().flatten().cloned());
        self.table = table;
        self.step = step;
        Ok(())
    }

    /// The game on the table now.
    pub fn game(&self) -> &dyn TableGame {
        self.table.game.as_ref()
    }

    /// The table as the replay shows it: a watcher's view, with every hand
    /// face up once the whole game is over.
    pub fn view(&self) -> TableView {
        let game = self.game();
        let mut snap = game.snapshot(None);
        if self.finished {
            for i in 0..game.seats().len() {
                let own = game.snapshot(Some(SeatId(i as u8)));
                if let (Some(panel), Some(mine)) = (snap.seats.get_mut(i), own.seats.get(i))
                    && mine.cards.is_some()
                {
                    panel.cards = mine.cards.clone();
                    panel.card_count = mine.card_count;
                    panel.gaps = mine.gaps.clone();
                }
                for w in own.wilds {
                    if !snap.wilds.contains(&w) {
                        snap.wilds.push(w);
                    }
                }
            }
        }
        for panel in &mut snap.seats {
            panel.is_viewer = false;
        }
        TableView {
            snap,
            viewer: None,
            actor: None,
            moves: Vec::new(),
            hand: Vec::new(),
            selected: None,
            targets: Vec::new(),
            plan: None,
            typed: String::new(),
            center_pick: None,
        }
    }

    /// The status line: which move this is, and what it did.
    pub fn status(&self) -> String {
        let n = self.total();
        let shown = if !self.table.game.hidden_hands() {
            // Wump: every card is face up all along.
            if self.finished {
                "finished"
            } else {
                "unfinished"
            }
        } else if self.finished {
            "every hand shown"
        } else {
            "unfinished: hidden hands stay hidden"
        };
        if self.step == 0 {
            let moves = if n == 1 { "move" } else { "moves" };
            return format!("Replay ({shown}): the start of the game; {n} {moves} follow.");
        }
        let what = self.lines[self.step - 1].join(" ");
        let what = if what.is_empty() {
            "nothing to see (a call or challenge let pass).".to_string()
        } else {
            what
        };
        let end = if self.step == n && self.finished {
            " The game is over."
        } else {
            ""
        };
        let judged = match self.judged(self.step - 1) {
            Some(m) => format!(
                "\n{}: {}",
                rummy::sentence::capitalised(&m.verdict.to_string()),
                m.sentence
            ),
            None if self.review().is_none() => "\nReviewing the game…".to_string(),
            None => String::new(),
        };
        format!(
            "Replay ({shown}), move {} of {n}: {what}{end}{judged}",
            self.step
        )
    }

    /// Whether the review has just become ready: true once, so that the
    /// screen is drawn again to show it.
    pub fn review_just_ready(&mut self) -> bool {
        let ready = self.review().is_some() && !self.review_shown;
        self.review_shown |= ready;
        ready
    }

    /// The review's judged moves, once it is ready.
    pub fn review(&self) -> Option<&[rummy::judgement::MoveReview]> {
        self.review.get().map(Vec::as_slice)
    }

    /// The review, waiting for it to be ready (for the tests).
    #[cfg(test)]
    pub fn wait_for_review(&self) -> &[rummy::judgement::MoveReview] {
        loop {
            if let Some(r) = self.review() {
                return r;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// The review of move `index` of the log, if it was judged.
    pub fn judged(&self, index: usize) -> Option<&rummy::judgement::MoveReview> {
        self.review()?.iter().find(|m| m.index == index)
    }

    /// The step that shows the next (`on`) or the previous slip (an
    /// inaccuracy or a mistake) from the one shown, if there is one.
    pub fn slip_step(&self, on: bool) -> Option<usize> {
        let slips = self.review()?.iter().filter(|m| m.verdict.is_slip());
        // A move's step is the one after it: its place in the log plus 1.
        let mut steps = slips.map(|m| m.index + 1);
        if on {
            steps.find(|&s| s > self.step)
        } else {
            steps.filter(|&s| s < self.step).last()
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Back1,
    On1,
    NextSlip,
    PrevSlip,
    Start,
    End,
    Help,
    Leave,
}

/// The keys of the replay.
pub fn commands(back: Option<Screen>) -> Vec<Command<Action>> {
    let leave = if back.is_some() { "Esc back" } else { "q quit" };
    let leave_help = match back {
        Some(Screen::Load) => "back to the list of saves",
        Some(Screen::Title) => "back to the title",
        Some(_) => "back",
        None => "quit",
    };
    vec![
        Command::new(Action::Back1, &[LEFT, ch('h')])
            .bar("←→ move")
            .help("← → (h l)", "one move back, one move on (space too)"),
        Command::new(Action::On1, &[RIGHT, ch('l'), ch(' ')]),
        Command::new(Action::Start, &[Key::Code(KeyCode::Home)])
            .bar("Home start")
            .help("Home", "the start of the game"),
        Command::new(Action::End, &[Key::Code(KeyCode::End)])
            .bar("End end")
            .help("End", "the end: the last move"),
        Command::new(Action::NextSlip, &[ch('n')])
            .bar("n/p slip")
            .help(
                "n, p",
                "the next, the previous slip (an inaccuracy or a mistake)",
            ),
        Command::new(Action::PrevSlip, &[ch('p')]),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Leave, &[ch('q'), ESC])
            .bar(leave)
            .help("q, Esc", leave_help),
        Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
    ]
}

/// What the help page says after the keys.
pub const NOTES: &str = "The table is shown as it was after each move. A finished game shows \
every hand; an unfinished one shows only what a watcher sees.\n\
How did you play? In a finished game each move of a person that had a choice is judged from \
that player's own view at the time: best, good, an inaccuracy or a mistake, with the better \
move and what it was worth. n and p go to the next and the previous slip.";

impl Replay {
    /// A key on the replay: what the app is to do, in order (the move's
    /// note cleared, then what the key said).
    pub fn key(&mut self, key: KeyEvent) -> Vec<Go> {
        // Here a note ("No slip after this move.") stands in for the move's
        // own line, so it lasts only until the next key. (Leaving the
        // replay leaves it behind as any screen does: `App::handle_key`.)
        let mut out = vec![Go::Hush];
        let r = self;
        let to = match find(&commands(r.back), &key) {
            Some(Action::Back1) => r.step.saturating_sub(1),
            Some(Action::On1) => r.step + 1,
            Some(Action::Start) => 0,
            Some(Action::End) => r.total(),
            Some(Action::NextSlip) | Some(Action::PrevSlip) => {
                let on = find(&commands(r.back), &key) == Some(Action::NextSlip);
                match r.slip_step(on) {
                    Some(step) => step,
                    None => {
                        let which = if on { "after" } else { "before" };
                        let none = if r.review().is_none() {
                            "The review is still being worked out: try again in a moment."
                                .to_string()
                        } else if r.review().is_some_and(<[_]>::is_empty) {
                            "No move of this game was judged.".to_string()
                        } else {
                            format!("No slip {which} this move.")
                        };
                        out.push(Go::Say(none, false));
                        return out;
                    }
                }
            }
            Some(Action::Help) => {
                out.push(Go::Help);
                return out;
            }
            Some(Action::Leave) => {
                out.push(Go::LeaveReplay(r.back));
                return out;
            }
            None => return out,
        };
        if to != r.step
            && let Err(e) = r.go_to(to)
        {
            out.push(Go::Say(e, true));
        }
        out
    }
}
