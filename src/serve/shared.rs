//! A table on the server, shared by the screens of everyone at it, and the
//! door each screen has to it: [`Seen`], a game that answers for one seat.
//!
//! Every screen draws from its own `Seen`, which asks the game for that
//! seat's snapshot whatever viewer the screen names, and refuses a move for
//! any other seat. So no frame a connection receives can hold another
//! seat's hidden cards, whatever the screen code does.

use crate::tui::adapter::{
    AnySession, AnyThought, HintInfo, NewTable, Piles, Played, Snapshot, TableGame, UiMove,
    WordEntry, WordPlan,
};
use rummy::card::CardId;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::VariantId;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Everything said at a table: each move's sentences and ending, and the
/// seat that made it (none for what the table itself says).
pub type Said = Vec<(Option<SeatId>, Played)>;

/// A person with a seat at a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Person {
    /// The name they connect with, which is their seat's name.
    pub name: String,
    /// The fingerprint of the key they first sat down with, if they used
    /// one: only that key takes the seat back.
    pub key: Option<String>,
    /// For a seat taken without a key: the argon2 hash of its rejoin code,
    /// which takes the seat back in the key's place (tables saved before
    /// there were codes have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejoin: Option<String>,
    /// A bot plays for them while they are away (the creator asked).
    #[serde(default)]
    pub stand_in: bool,
    /// Whether a screen of theirs is at the table now.
    #[serde(skip)]
    pub here: bool,
    /// Since when they have been away.
    #[serde(skip)]
    pub away_since: Option<Instant>,
}

/// A table: the game once every person's seat is taken, and who sits where.
pub struct Table {
    pub code: String,
    /// Who made it: only they may hand an absent seat to a bot.
    pub creator: String,
    /// The password's hash, for a table that has one (see
    /// `hall::secrets`).
    pub password: Option<String>,
    /// The game to start: its seats' names are filled in as people join.
    pub plan: NewTable,
    pub kids: bool,
    pub pause: Duration,
    /// For each seat of a person, who sits there (bots' seats have none).
    pub people: Vec<Option<Person>>,
    pub game: Option<Box<dyn TableGame>>,
    pub said: Said,
    /// When the last move was made (the bots wait their pause after it).
    pub last_move: Instant,
    /// Moves since the table was last saved.
    pub unsaved: bool,
    /// A bot that looks ahead thinking on another thread, so that the hall
    /// keeps serving every other table and screen meanwhile; its move comes
    /// back here.
    pub thinking: Option<crate::tui::adapter::Thinking>,
    /// Since when no screen has been at the table (none while one is): a
    /// table left so for the server's expiry is closed.
    pub nobody_since: Option<Instant>,
    /// The game's save and the table's own file.
    pub save: PathBuf,
    pub meta: PathBuf,
}

/// A table as its file keeps it (the game itself is a save beside it).
#[derive(Serialize, Deserialize)]
pub struct TableFile {
    pub code: String,
    pub creator: String,
    pub password: Option<String>,
    pub variant: VariantId,
    pub options: Vec<(String, String)>,
    pub seats: Vec<Seat>,
    pub seed: u64,
    pub kids: bool,
    pub pause_ms: u64,
    pub people: Vec<Option<Person>>,
}

pub type Shared = Arc<Mutex<Table>>;

/// Locks a table. A screen that panicked while it held the lock leaves the
/// table as it was between two calls, which is whole: it is used as it is.
pub fn lock(table: &Shared) -> MutexGuard<'_, Table> {
    table.lock().unwrap_or_else(|e| e.into_inner())
}

impl Table {
    /// The seats of people not yet taken.
    pub fn open_seats(&self) -> usize {
        self.plan
            .seats
            .iter()
            .zip(&self.people)
            .filter(|(s, p)| s.is_human() && p.is_none())
            .count()
    }

    /// Whether `user` may hand a seat that is away to a bot: the table's
    /// creator, or while the creator is away too, anyone seated at it.
    pub fn may_stand_in(&self, user: &str) -> bool {
        let here = |name: &str| {
            self.people
                .iter()
                .flatten()
                .any(|p| p.name == name && p.here)
        };
        user == self.creator || !here(&self.creator) && here(user)
    }

    pub fn started(&self) -> bool {
        self.game.is_some()
    }

    /// The seat of the person with this name.
    pub fn seat_of(&self, name: &str) -> Option<SeatId> {
        self.people
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.name == name))
            .map(|i| SeatId(i as u8))
    }

    pub fn file(&self) -> TableFile {
        TableFile {
            code: self.code.clone(),
            creator: self.creator.clone(),
            password: self.password.clone(),
            variant: self.plan.variant,
            options: self.plan.options.clone(),
            seats: self.plan.seats.clone(),
            seed: self.plan.seed,
            kids: self.kids,
            pause_ms: self.pause.as_millis() as u64,
            people: self.people.clone(),
        }
    }

    /// Says something at the table: every screen at it shows it in its log.
    /// A move made at the table, by `seat`: said to every screen at it,
    /// and the end of a round or game it brought noted in the server's log
    /// (once, however many screens show it).
    pub fn moved(&mut self, seat: Option<SeatId>, played: Played) {
        if let Some(end) = played.end.as_ref() {
            let scores: Vec<String> = end
                .totals
                .iter()
                .map(|(name, n)| format!("{} {n}", name.escape_debug()))
                .collect();
            tracing::info!(
                table = %self.code,
                game = self.plan.variant.title(),
                scores = %scores.join(", "),
                "{} over: {}",
                if end.match_over { "game" } else { "round" },
                end.summary.escape_debug()
            );
        }
        self.said.push((seat, played));
    }

    pub fn say(&mut self, line: String) {
        self.said.push((
            None,
            Played {
                lines: vec![line],
                ..Played::default()
            },
        ));
    }

    /// The seat a bot plays now, and the level of a bot standing in for a
    /// person, if the seat to move is a bot's or a stood-in person's.
    pub fn bot_to_move(&self) -> Option<Option<BotLevel>> {
        let game = self.game.as_ref()?;
        let seat = game.to_move()?;
        if !game.seats().get(seat.index())?.is_human() {
            return Some(None);
        }
        let person = self.people.get(seat.index())?.as_ref()?;
        person.stand_in.then_some(Some(BotLevel::Normal))
    }
}

/// The game as one seat's screen sees it (see the module's comment).
pub struct Seen {
    table: Shared,
    /// The seat of this screen; none for a watcher.
    me: Option<SeatId>,
    /// The game's seats (they never change once it starts).
    seats: Vec<Seat>,
    variant: VariantId,
}

const NOT_YOURS: &str = "It is not your turn.";

impl Seen {
    pub fn new(table: Shared, me: Option<SeatId>) -> Seen {
        let (seats, variant) = {
            let t = lock(&table);
            (t.plan.seats.clone(), t.plan.variant)
        };
        Seen {
            table,
            me,
            seats,
            variant,
        }
    }

    fn read<R>(&self, f: impl FnOnce(&dyn TableGame) -> R) -> Option<R> {
        let t = lock(&self.table);
        t.game.as_deref().map(f)
    }

    /// Whether `seat` is this screen's.
    fn mine(&self, seat: SeatId) -> bool {
        self.me == Some(seat)
    }

    /// A move by this screen's seat: made on the table's game, and said to
    /// every screen at the table (this one too, as it catches up).
    fn act(
        &mut self,
        seat: SeatId,
        f: impl FnOnce(&mut dyn TableGame) -> Result<Played, String>,
    ) -> Result<Played, String> {
        if !self.mine(seat) {
            return Err(NOT_YOURS.into());
        }
        let mut t = lock(&self.table);
        let game = t.game.as_deref_mut().ok_or("The game has not started.")?;
        if game.to_move() != Some(seat) {
            return Err(NOT_YOURS.into());
        }
        let played = f(game)?;
        t.moved(Some(seat), played);
        t.last_move = Instant::now();
        t.unsaved = true;
        Ok(Played::default())
    }
}

impl AnySession for Seen {
    fn variant(&self) -> VariantId {
        self.variant
    }
    fn seats(&self) -> &[Seat] {
        &self.seats
    }
    fn to_move(&self) -> Option<SeatId> {
        self.read(|g| g.to_move()).flatten()
    }
    fn is_over(&self) -> bool {
        self.read(|g| g.is_over()).unwrap_or(false)
    }
    fn seed(&self) -> u64 {
        self.read(|g| g.seed()).unwrap_or(0)
    }
    fn movers(&self) -> Vec<SeatId> {
        self.read(|g| g.movers()).unwrap_or_default()
    }
    fn kinds_made(&self, from: usize) -> Vec<(SeatId, rummy::open::MoveKind)> {
        self.read(|g| g.kinds_made(from)).unwrap_or_default()
    }
    fn undo_refusal(&self, _len: usize) -> Option<String> {
        Some("Over the network a move stays made: the other players have seen it.".into())
    }
    fn undo_to(&mut self, _len: usize) -> Result<(), String> {
        Err("Over the network a move stays made: the other players have seen it.".into())
    }
    fn save_json(&self) -> String {
        self.read(|g| g.save_json()).unwrap_or_default()
    }
    fn outcome(&self) -> Option<rummy::game::Outcome> {
        self.read(|g| g.outcome()).flatten()
    }
    fn tallied_scores(&self) -> Vec<i64> {
        self.read(|g| g.tallied_scores()).unwrap_or_default()
    }
    fn options(&self) -> Vec<(String, String)> {
        self.read(|g| g.options()).unwrap_or_default()
    }
    /// The guide is played alone, never at a shared table.
    fn hinted_after(&self, _seat: SeatId) -> Option<String> {
        None
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl TableGame for Seen {
    fn hidden_hands(&self) -> bool {
        self.read(|g| g.hidden_hands()).unwrap_or(true)
    }

    fn opening_note(&self) -> Option<String> {
        self.read(|g| g.opening_note()).flatten()
    }
    /// Only once the game is over: over the network even a game with no
    /// hidden hand has a stock that its seed would tell.
    fn seed_shown(&self) -> Option<u64> {
        self.read(|g| g.is_over().then(|| g.seed())).flatten()
    }
    /// This seat's snapshot, whoever the screen asks for.
    /// Each person's seat says whether they are away, and whether a bot
    /// plays for them meanwhile.
    fn snapshot(&self, _viewer: Option<SeatId>) -> Snapshot {
        let t = lock(&self.table);
        let Some(game) = t.game.as_deref() else {
            return Snapshot::default();
        };
        let mut snap = game.snapshot(self.me);
        for (panel, person) in snap.seats.iter_mut().zip(&t.people) {
            match person {
                Some(p) if p.stand_in => panel.who = "away: a bot plays".into(),
                Some(p) if !p.here => panel.who = "away".into(),
                _ => {}
            }
        }
        snap
    }
    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        if !self.mine(seat) {
            return Vec::new();
        }
        self.read(|g| g.moves(seat)).unwrap_or_default()
    }
    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        self.act(seat, |g| g.play(seat, m))
    }
    fn play_bot(&mut self, _stand_in: Option<BotLevel>) -> Result<Played, String> {
        Err("The server plays the bots.".into())
    }
    fn play_thought(&mut self, _thought: AnyThought) -> Result<Played, String> {
        Err("The server plays the bots.".into())
    }
    fn hint(&self, seat: SeatId) -> Option<HintInfo> {
        self.mine(seat)
            .then(|| self.read(|g| g.hint(seat)))
            .flatten()?
    }
    /// Only for this screen's seat, and on a copy: the table is not held
    /// while the hint is worked out.
    fn hinter(&self, seat: SeatId) -> crate::tui::adapter::HintJob {
        self.mine(seat)
            .then(|| self.read(|g| g.hinter(seat)))
            .flatten()
            .unwrap_or_else(|| Box::new(|| None))
    }
    fn prompt(&self, seat: SeatId, kids: bool) -> String {
        if !self.mine(seat) {
            return String::new();
        }
        self.read(|g| g.prompt(seat, kids)).unwrap_or_default()
    }
    fn draws_cards(&self) -> bool {
        self.read(|g| g.draws_cards()).unwrap_or(false)
    }
    fn piles(&self) -> Piles {
        self.read(|g| g.piles()).unwrap_or_default()
    }
    fn drawing(&self, seat: SeatId) -> Option<Option<CardId>> {
        self.read(|g| g.drawing(seat)).flatten()
    }
    fn stock_refusal(&self, seat: SeatId) -> Option<String> {
        self.mine(seat)
            .then(|| self.read(|g| g.stock_refusal(seat)))
            .flatten()?
    }
    fn draw(&mut self, seat: SeatId, from_discard: bool) -> Result<Played, String> {
        self.act(seat, |g| g.draw(seat, from_discard))
    }
    fn preview(&self, seat: SeatId, card: CardId) -> Option<String> {
        self.mine(seat)
            .then(|| self.read(|g| g.preview(seat, card)))
            .flatten()?
    }
    fn private(&self, seat: SeatId) -> bool {
        self.read(|g| g.private(seat)).unwrap_or(true)
    }
    fn takes_from_center(&self, seat: SeatId) -> bool {
        self.read(|g| g.takes_from_center(seat)).unwrap_or(false)
    }
    fn take(&mut self, seat: SeatId, card: CardId) -> Result<Played, String> {
        self.act(seat, |g| g.take(seat, card))
    }
    fn refusal(&self, seat: SeatId, card: CardId) -> Option<String> {
        self.mine(seat)
            .then(|| self.read(|g| g.refusal(seat, card)))
            .flatten()?
    }
    fn why_take(&self, seat: SeatId, card: CardId) -> Option<String> {
        self.mine(seat)
            .then(|| self.read(|g| g.why_take(seat, card)))
            .flatten()?
    }
    fn typing(&self, seat: SeatId) -> Option<WordEntry> {
        self.read(|g| g.typing(seat)).flatten()
    }
    fn word_plan(&self, seat: SeatId, text: &str, way: usize) -> WordPlan {
        if !self.mine(seat) {
            return WordPlan::default();
        }
        self.read(|g| g.word_plan(seat, text, way))
            .unwrap_or_default()
    }
    fn play_word(&mut self, seat: SeatId, text: &str, way: usize) -> Result<Played, String> {
        self.act(seat, |g| g.play_word(seat, text, way))
    }
    fn game_keys(&self, seat: SeatId) -> Vec<(char, String)> {
        if !self.mine(seat) {
            return Vec::new();
        }
        self.read(|g| g.game_keys(seat)).unwrap_or_default()
    }
    fn game_key(&mut self, seat: SeatId, key: char) -> Result<Played, String> {
        self.act(seat, |g| g.game_key(seat, key))
    }
    fn enter_key(&self, seat: SeatId) -> Option<char> {
        self.read(|g| g.enter_key(seat)).flatten()
    }
    fn help_notes(&self) -> String {
        self.read(|g| g.help_notes()).unwrap_or_default()
    }
}
