//! Where the screen is and where it goes: the screens, what a frame drew
//! that a click can hit, and what a screen's key asks of the app ([`Go`]).
//! Below the app and every screen, so that a screen that keeps its own
//! state answers its keys without the app; the app alone moves between
//! screens.

use ratatui::layout::Rect;
use rummy::card::CardId;
use rummy::variants::VariantId;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Title,
    Setup,
    Table,
    Load,
    Rules,
    Stats,
    Replay,
    /// "Learn a game": the chooser of a lesson.
    Learn,
    /// Over the network: choosing a table to join.
    Join,
    /// Over the network: a new table, waiting for its players.
    Waiting,
}

/// A place on the last frame that a click can hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Hand(usize),
    Center(CardId),
    Row(usize),
}

/// What a frame drew that matters once it is on screen: where a click can
/// hit, and every card it showed face up.
#[derive(Default)]
pub struct Drawn {
    pub hits: Vec<(Rect, Hit)>,
    pub face_up: Vec<CardId>,
}

impl Drawn {
    pub fn push(&mut self, hit: (Rect, Hit)) {
        self.hits.push(hit);
    }
}

pub type Hits = Drawn;

/// What a screen's key asks of the app, which alone moves between screens
/// and holds what they share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// Nothing more: the screen has done what the key asked.
    Stay,
    /// The help page of the screen.
    Help,
    /// Back to the title, its line cleared.
    Title,
    /// Back where a page was opened from: the table if there is one, else
    /// the title.
    Back(Screen),
    /// The lesson of a game (Learn a game), for the name given.
    Learn(VariantId),
    /// Today's deal of a game.
    Daily(VariantId),
    /// The next slip to practise.
    NextSlip,
    /// An item of the title's menu, chosen.
    Menu(&'static str),
    /// Quit (over the network, asking first).
    Quit,
    /// Esc on the title: ask before quitting.
    AskQuit,
    /// The program ends now (a question to leave answered yes).
    Exit,
    /// How to play the game on the table, back to the table after.
    HowTo(VariantId),
    /// The table left for the title (`true`: even though the game could not
    /// be saved, as the player said yes to that).
    LeaveTable(bool),
    /// The same game again, on a fresh deal.
    PlayAgain,
    /// The game on the table, left for its replay with every move judged.
    ReviewGame,
    /// The replay closed, back to this screen (`None`: the program ends).
    LeaveReplay(Option<Screen>),
    /// The status line cleared.
    Hush,
    /// The game the new-game form describes, started.
    Start,
    /// A line for the status bar, and whether it is an error.
    Say(String, bool),
    /// The saved game at this path, loaded to play on.
    Resume(PathBuf),
    /// The saved game at this path, replayed, to go back to the screen.
    Replay(PathBuf, Screen),
}
