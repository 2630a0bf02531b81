//! A screen played over the network (`rummy serve`): what it asks of the
//! server, the screens for joining a table and for waiting while it fills,
//! and the password question. The server answers between keys (see
//! `crate::serve::hall`); nothing here knows how the bytes travel.

pub mod screens;

use super::adapter::NewTable;
use super::commands::{Command, ENTER, ESC, Key, ch, list_moves};
use ratatui::crossterm::event::KeyCode;
use rummy::seat::SeatId;
use std::time::Duration;

/// The title's items over the network.
pub const TITLE_ITEMS: [&str; 5] = [
    "New table",
    "Join a table",
    "How to play",
    "Learn a game",
    "Quit",
];

/// The longest table code, password and rejoin code that can be typed.
pub const MAX_CODE: usize = 4;
pub const MAX_PASSWORD: usize = 40;
pub const MAX_REJOIN: usize = 12;

/// What a connection's screen knows of the server.
#[derive(Default)]
pub struct Online {
    /// How another person joins: "ssh -p 2222 NAME@HOST".
    pub address: String,
    /// What the screen has asked of the server since it last looked.
    pub requests: Vec<Request>,
    /// The server's tables, for the Join screen (the server keeps it fresh).
    pub tables: Vec<TableInfo>,
    /// The code being typed on the Join screen.
    pub code: String,
    pub cursor: usize,
    /// Join as a watcher rather than as a player.
    pub watch: bool,
    /// A password being typed, and what it is for.
    pub ask: Option<Ask>,
    /// The table this screen waits at while it fills: its code and what
    /// the server says of it.
    pub waiting: Option<(String, Vec<String>)>,
    /// Why the name this screen connected with can't sit at a table, if it
    /// can't: it may still watch.
    pub refusal: Option<String>,
    /// Something the player must read and close with Enter (the rejoin
    /// code of a seat taken without a key, shown this once).
    pub notice: Option<String>,
    /// Quit (q, Esc) on the title: asking "Leave the server?" first.
    pub confirm_leave: bool,
    /// The host's own screen (`rummy serve --play`): its quitting stops
    /// the server, and the server warns of that itself while others are
    /// on, so its title quits as a local one does.
    pub host: bool,
}

/// A password or a rejoin code being typed, and what it is for.
pub struct Ask {
    pub text: String,
    pub then: Then,
}

/// What a typed password is for.
pub enum Then {
    /// A new table, locked with it (or open, with none).
    Create(Box<NewTable>, bool, Duration),
    /// Joining the table with this code.
    Join { code: String, watch: bool },
    /// Taking back the seat of `name` (taken without a key) at the table
    /// with this code: the text is the seat's rejoin code.
    Rejoin { code: String, name: String },
}

/// What a screen asks of the server.
pub enum Request {
    Create {
        new: Box<NewTable>,
        kids: bool,
        pause: Duration,
        password: Option<String>,
    },
    Join {
        code: String,
        password: Option<String>,
        watch: bool,
        /// The rejoin code typed for the seat of this screen's name.
        rejoin: Option<String>,
    },
    /// Leaving the table on screen (the seat is kept), or the one waited at.
    Leave,
    /// The table's creator hands this seat, away too long, to a bot.
    StandIn(SeatId),
}

/// A table on the server, as the Join screen lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableInfo {
    pub code: String,
    /// "Wump Rummy · Ann · 1 of 2 people · waiting"
    pub line: String,
    pub locked: bool,
}

/// A table seen from one seat over the network.
#[derive(Clone, Debug, Default)]
pub struct AtTable {
    pub code: String,
    /// The seat this screen plays, or none for a watcher.
    pub me: Option<SeatId>,
    /// How many of the table's moves this screen has shown.
    pub seen: usize,
    /// Whether this screen's player may hand a seat that is away too long
    /// to a bot: the table's creator, or anyone at it while the creator is
    /// away too.
    pub creator: bool,
    /// Seats away longer than the server waits, with their names.
    pub away: Vec<(SeatId, String)>,
    /// How long a seat is away before a bot may play for it.
    pub stand_in_after: std::time::Duration,
    /// The other people at the table whose screens still show the result
    /// of the round: the bots wait for them.
    pub reading: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinAction {
    Move,
    Type,
    Erase,
    Watch,
    Join,
    Help,
    Back,
}

/// The Join screen's keys.
pub fn join_commands() -> Vec<Command<JoinAction>> {
    vec![
        list_moves(JoinAction::Move),
        // The digits alone: `?` and `q` are keys of their own here.
        Command::new(
            JoinAction::Type,
            &[
                ch('0'),
                ch('1'),
                ch('2'),
                ch('3'),
                ch('4'),
                ch('5'),
                ch('6'),
                ch('7'),
                ch('8'),
                ch('9'),
            ],
        )
        .bar("0-9 code")
        .help("0 to 9", "type a table's code"),
        Command::new(JoinAction::Erase, &[Key::Code(KeyCode::Backspace)]),
        Command::new(JoinAction::Watch, &[Key::Code(KeyCode::Tab)])
            .bar("Tab player/watcher")
            .help("Tab", "join as a player, or watch without a hand"),
        Command::new(JoinAction::Join, &[ENTER])
            .bar("Enter join")
            .help("Enter", "join the table"),
        Command::note("mouse", "click a table to choose it"),
        Command::new(JoinAction::Help, &[ch('?')]).bar("? help"),
        Command::new(JoinAction::Back, &[ESC, ch('q')])
            .bar("Esc back")
            .help("Esc", "back to the title"),
    ]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitAction {
    Help,
    Leave,
}

/// The keys while a table fills.
pub fn waiting_commands() -> Vec<Command<WaitAction>> {
    vec![
        Command::new(WaitAction::Help, &[ch('?')]).bar("? help"),
        Command::new(WaitAction::Leave, &[ESC, ch('q')])
            .bar("Esc leave the table")
            .help("Esc, q", "leave the table (a table nobody waits at closes)"),
    ]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AskAction {
    Type,
    Erase,
    Done,
    Cancel,
}

/// The keys while a password (or a rejoin code) is typed.
pub fn ask_commands(what: &'static str) -> Vec<Command<AskAction>> {
    vec![
        Command::new(AskAction::Type, &[Key::Typed]).bar(what),
        Command::new(AskAction::Erase, &[Key::Code(KeyCode::Backspace)]),
        Command::new(AskAction::Done, &[ENTER]).bar("Enter done"),
        Command::new(AskAction::Cancel, &[ESC]).bar("Esc cancel"),
    ]
}

/// The keys of a notice: Enter closes it.
pub fn notice_commands() -> Vec<Command<()>> {
    vec![Command::new((), &[ENTER]).bar("Enter I have noted it")]
}

/// The question before leaving the server: yes, or no.
pub fn confirm_leave_commands() -> Vec<Command<bool>> {
    vec![
        Command::new(true, &[ch('y'), ch('Y')]).bar("y leave"),
        Command::new(false, &[Key::Any]).bar("n stay"),
    ]
}

impl Ask {
    /// The key bar's word for what is typed.
    fn what(&self) -> &'static str {
        match self.then {
            Then::Rejoin { .. } => "type the rejoin code",
            _ => "type the password",
        }
    }
}

impl Online {
    pub fn new(address: &str) -> Online {
        Online {
            address: address.to_string(),
            ..Online::default()
        }
    }

    /// The table chosen on the Join screen: the one whose code is typed,
    /// else the one under the cursor.
    pub(crate) fn chosen(&self) -> Option<&TableInfo> {
        if self.code.is_empty() {
            self.tables.get(self.cursor)
        } else {
            self.tables.iter().find(|t| t.code == self.code)
        }
    }
}
