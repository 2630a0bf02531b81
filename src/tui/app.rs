//! The screen's state and what each key does to it. Nothing here draws:
//! `draw` reads an `App`, and the run loop feeds it keys, clicks and ticks.

use super::store::{self, SaveEntry, Store};
use super::table::{
    GameEnd, HintInfo, NewTable, Played, Snapshot, TableGame, UiMove, WordPlan, open,
};
use super::text;
use super::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Position, Rect};
use rummy::card::{Card, CardId};
use rummy::dict::Dictionary;
use rummy::seat::{BotLevel, Seat, SeatId, SeatKind};
use rummy::variants::{RulesSource, VariantId, effective_rules, option_choices};
use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the program was started.
#[derive(Clone)]
pub struct Config {
    pub theme: Theme,
    /// The pause before each bot move, so a person can follow.
    pub pause: Duration,
    pub dict: Arc<Dictionary>,
    pub dict_path: Option<String>,
    /// A fixed seed for new games (else a fresh one, shown on screen).
    pub seed: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Title,
    Setup,
    Table,
    Load,
    Rules,
}

/// What waits for a deliberate key before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// The hand-off curtain before this human's hidden hand.
    Curtain(SeatId),
    /// A popup everyone reads: a round or game is over.
    Popup,
}

/// A place on the last frame that a click can hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Hand(usize),
    Center(CardId),
    Row(usize),
}

pub const TITLE_ITEMS: [&str; 5] = ["New game", "Continue", "Load a game", "Rules", "Quit"];

/// One row of the new-game form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Game,
    SeatCount,
    Seat(usize),
    Opt(usize),
    Kids,
    Seed,
    Start,
}

/// The new-game form.
#[derive(Clone, Debug)]
pub struct SetupForm {
    pub variant: VariantId,
    pub seats: Vec<Seat>,
    pub min_seats: usize,
    pub max_seats: usize,
    /// The variant's options as its rules file gives them, as edited.
    pub options: Vec<(String, toml::Value)>,
    pub kids: bool,
    /// The seed a person chose (typed, or `--seed`); `None` deals at random
    /// and keeps the seed out of sight until the game is over, so nobody can
    /// deal the same cards again to look at another player's hand.
    pub seed: Option<u64>,
    pub cursor: usize,
    /// The text being typed into a name or the seed.
    pub editing: Option<String>,
}

/// A random seed from the whole range of 64 bits: the seed of a game with
/// hidden hands is kept out of sight, and a small range could be searched
/// for the deal that gives a player the hand they hold.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    // The standard library keys its hashers from the system's randomness.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(nanos);
    rummy::rng::mix_seed(h.finish(), u64::from(std::process::id()))
}

fn default_seat(i: usize, kind: SeatKind) -> Seat {
    match kind {
        SeatKind::Human if i == 0 => Seat::human("You"),
        SeatKind::Human => Seat::human(format!("Player {}", i + 1)),
        SeatKind::Bot(level) => Seat::bot(format!("Bot {}", i + 1), level),
    }
}

impl SetupForm {
    pub fn new(variant: VariantId, seed: Option<u64>) -> SetupForm {
        let mut form = SetupForm {
            variant,
            seats: vec![
                default_seat(0, SeatKind::Human),
                default_seat(1, SeatKind::Bot(BotLevel::Normal)),
            ],
            min_seats: 2,
            max_seats: 4,
            options: Vec::new(),
            kids: variant == VariantId::Wump,
            seed,
            cursor: 0,
            editing: None,
        };
        form.load_rules();
        form
    }

    /// Reads the seat range and options of the variant's rules file.
    fn load_rules(&mut self) {
        let src = RulesSource {
            path: None,
            options: &[],
        };
        let table = effective_rules(self.variant, &src)
            .ok()
            .and_then(|t| t.parse::<toml::Table>().ok())
            .unwrap_or_default();
        let seats = table.get("seats").and_then(|s| s.as_table());
        let get = |k: &str, d: usize| {
            seats
                .and_then(|s| s.get(k))
                .and_then(|v| v.as_integer())
                .map_or(d, |v| v as usize)
        };
        self.min_seats = get("min", 2);
        self.max_seats = get("max", 4).max(self.min_seats);
        self.options = table
            .get("options")
            .and_then(|o| o.as_table())
            .map(|o| o.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default();
        let n = self.seats.len().clamp(self.min_seats, self.max_seats);
        self.resize(n);
    }

    fn resize(&mut self, n: usize) {
        while self.seats.len() < n {
            let i = self.seats.len();
            self.seats
                .push(default_seat(i, SeatKind::Bot(BotLevel::Normal)));
        }
        self.seats.truncate(n);
    }

    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Game, Row::SeatCount];
        rows.extend((0..self.seats.len()).map(Row::Seat));
        rows.extend((0..self.options.len()).map(Row::Opt));
        rows.extend([Row::Kids, Row::Seed, Row::Start]);
        rows
    }

    pub fn row(&self) -> Row {
        let rows = self.rows();
        rows[self.cursor.min(rows.len() - 1)]
    }

    /// Left or right on the current row.
    fn change(&mut self, step: i64) {
        match self.row() {
            Row::Game => {
                let games: Vec<VariantId> = VariantId::ALL
                    .into_iter()
                    .filter(|v| v.is_available())
                    .collect();
                let i = games.iter().position(|&v| v == self.variant).unwrap_or(0);
                let next = games[(i as i64 + step).rem_euclid(games.len() as i64) as usize];
                if next != self.variant {
                    self.variant = next;
                    self.kids = next == VariantId::Wump;
                    self.load_rules();
                }
            }
            Row::SeatCount => {
                let n = (self.seats.len() as i64 + step)
                    .clamp(self.min_seats as i64, self.max_seats as i64);
                self.resize(n as usize);
            }
            Row::Seat(i) => {
                let kinds = [
                    SeatKind::Human,
                    SeatKind::Bot(BotLevel::Easy),
                    SeatKind::Bot(BotLevel::Normal),
                    SeatKind::Bot(BotLevel::Hard),
                ];
                let k = kinds
                    .iter()
                    .position(|&k| k == self.seats[i].kind)
                    .unwrap_or(0);
                let kind = kinds[(k as i64 + step).rem_euclid(4) as usize];
                let was_human = self.seats[i].is_human();
                self.seats[i].kind = kind;
                if was_human != (kind == SeatKind::Human) {
                    self.seats[i].name = default_seat(i, kind).name;
                }
            }
            Row::Opt(i) => {
                let choices = option_choices(self.variant, &self.options[i].0);
                let v = &mut self.options[i].1;
                match v {
                    toml::Value::Boolean(b) => *b = !*b,
                    toml::Value::Integer(n) => *n = n.saturating_add(step).max(0),
                    toml::Value::String(s) if !choices.is_empty() => {
                        let at = choices.iter().position(|c| c == s).unwrap_or(0) as i64;
                        let n = choices.len() as i64;
                        *s = choices[(at + step).rem_euclid(n) as usize].to_string();
                    }
                    _ => {}
                }
            }
            Row::Kids => self.kids = !self.kids,
            Row::Seed => {
                self.seed = self.seed.map(|s| {
                    if step < 0 {
                        s.saturating_sub(1)
                    } else {
                        s.saturating_add(1)
                    }
                })
            }
            Row::Start => {}
        }
    }

    /// The options as `name=value` changes for the rules.
    pub fn option_changes(&self) -> Vec<(String, String)> {
        self.options
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    toml::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (k.clone(), v)
            })
            .collect()
    }
}

/// What a word plan depends on: the text, the way, the game's log length.
type PlanKey = (String, usize, usize);

/// A game on the table, with what the screen remembers about it.
pub struct TableState {
    pub game: Box<dyn TableGame>,
    pub save: Option<PathBuf>,
    pub kids: bool,
    /// The selected card of the hand.
    pub cursor: usize,
    /// Choosing a target for the selected card: the index among its targets.
    pub picking: Option<usize>,
    /// With hidden hands and two or more humans: whose hand may be shown.
    pub shown_to: Option<SeatId>,
    /// Recent moves in words, oldest first.
    pub log: Vec<String>,
    pub hint: Option<HintInfo>,
    /// Whether the hint's explanation is shown (always in kids' mode).
    pub explain: bool,
    pub end: Option<GameEnd>,
    pub confirm_quit: bool,
    /// Moves in the log when the game was last saved, or loaded from its
    /// save: the moves after these are not on disk while saves fail.
    pub saved_moves: usize,
    /// Why the last save failed, while saves are failing.
    pub save_failure: Option<String>,
    pub last_move: Instant,
    /// A line for the status bar, and whether it is an error.
    pub note: Option<(String, bool)>,
    /// How a sortable hand is ordered: by rank (else by suit), melds first.
    pub sort_rank: bool,
    pub grouped: bool,
    /// A word being typed, and which of its ways to play it.
    pub typing: Option<(String, usize)>,
    /// The selected center card when cards may be taken from anywhere in it
    /// (clamped to the center; past the end means its top).
    pub center_cursor: usize,
    /// The last word plan, by its text, way and the length of the game's log.
    plan_cache: RefCell<Option<(PlanKey, WordPlan)>>,
    /// The curtain or popup that is down and when it came down: no key
    /// lifts it until `CURTAIN_GUARD` has passed.
    pub gate_since: Option<(Gate, Instant)>,
}

impl TableState {
    pub fn new(game: Box<dyn TableGame>, save: Option<PathBuf>, kids: bool) -> TableState {
        let saved_moves = game.movers().len();
        let mut t = TableState {
            game,
            save,
            kids,
            cursor: 0,
            picking: None,
            shown_to: None,
            log: Vec::new(),
            hint: None,
            explain: false,
            end: None,
            confirm_quit: false,
            saved_moves,
            save_failure: None,
            last_move: Instant::now(),
            note: None,
            sort_rank: false,
            grouped: true,
            typing: None,
            center_cursor: usize::MAX,
            plan_cache: RefCell::new(None),
            gate_since: None,
        };
        t.settle(Instant::now());
        t
    }

    /// While saves are failing: how many moves are not saved, and why.
    pub fn unsaved(&self) -> Option<(usize, &str)> {
        let why = self.save_failure.as_deref()?;
        let n = self.game.movers().len().saturating_sub(self.saved_moves);
        Some((n, why))
    }

    /// "3 moves are not saved (Read-only file system)", while saves fail.
    pub fn unsaved_text(&self) -> Option<String> {
        let (n, why) = self.unsaved()?;
        Some(match n {
            0 => format!("The game is not saved ({why})."),
            1 => format!("1 move is not saved ({why})."),
            n => format!("{n} moves are not saved ({why})."),
        })
    }

    fn is_human(&self, seat: SeatId) -> bool {
        self.game
            .seats()
            .get(seat.index())
            .is_some_and(|s| s.is_human())
    }

    pub fn humans(&self) -> usize {
        self.game.seats().iter().filter(|s| s.is_human()).count()
    }

    /// The seat to move, if a human plays it.
    pub fn human_to_move(&self) -> Option<SeatId> {
        self.game.to_move().filter(|&s| self.is_human(s))
    }

    /// Whether the screen must hide everything behind the hand-off curtain.
    fn needs_curtain(&self) -> bool {
        self.game.hidden_hands() && self.humans() >= 2
    }

    /// The human the curtain waits for, if it is down. A decision made in
    /// the open (a call, a challenge) needs no curtain.
    pub fn curtain(&self) -> Option<SeatId> {
        if !self.needs_curtain() || self.end.is_some() {
            return None;
        }
        self.human_to_move()
            .filter(|&s| self.shown_to != Some(s) && self.game.private(s))
    }

    /// What waits for a deliberate key: a popup everyone reads, or the
    /// curtain before a hidden hand.
    pub fn gate(&self) -> Option<Gate> {
        if self.end.is_some() {
            Some(Gate::Popup)
        } else {
            self.curtain().map(Gate::Curtain)
        }
    }

    /// Notes when a curtain or popup comes down or goes up; true if one has
    /// just come down (so keys typed ahead of it can be dropped).
    pub fn settle(&mut self, now: Instant) -> bool {
        match (self.gate(), self.gate_since) {
            (Some(g), Some((was, _))) if g == was => false,
            (Some(g), _) => {
                self.gate_since = Some((g, now));
                true
            }
            (None, _) => {
                self.gate_since = None;
                false
            }
        }
    }

    /// Whether a key at `now` (the one before it at `previous`) is
    /// deliberate enough to lift a curtain or close a popup: not typed
    /// before it came down or just after, and not one of a burst or of a
    /// held key's repeats.
    fn deliberate(&self, now: Instant, previous: Option<Instant>) -> bool {
        let since = self.gate_since.map_or(now, |(_, at)| at);
        now.saturating_duration_since(since) >= CURTAIN_GUARD
            && previous.is_none_or(|p| now.saturating_duration_since(p) >= KEY_GAP)
    }

    /// The human at the keyboard who may act now: the human to move, once
    /// the curtain is up, or in the open.
    pub fn actor(&self) -> Option<SeatId> {
        let me = self.human_to_move()?;
        (self.curtain().is_none() && (self.viewer() == Some(me) || !self.game.private(me)))
            .then_some(me)
    }

    /// Whose view the table shows. With hidden hands and several humans,
    /// only the human to move, after the curtain; otherwise nobody's hand.
    pub fn viewer(&self) -> Option<SeatId> {
        let seats = self.game.seats();
        let first_human = (0..seats.len())
            .map(|i| SeatId(i as u8))
            .find(|&s| self.is_human(s));
        if self.needs_curtain() {
            // A popup everyone reads (round or game over) covers no hand.
            if self.end.is_some() {
                return None;
            }
            return self
                .shown_to
                .filter(|&s| self.human_to_move() == Some(s) && self.game.private(s));
        }
        if !self.game.hidden_hands() {
            return self.human_to_move().or(first_human);
        }
        first_human
    }

    pub fn snapshot(&self) -> Snapshot {
        let mut snap = self.game.snapshot(self.viewer());
        if snap.sortable {
            self.order_hand(&mut snap);
        }
        snap
    }

    /// Orders the viewer's hand: its melds first (when grouped), then the
    /// rest by suit or by rank, wilds last.
    fn order_hand(&self, snap: &mut Snapshot) {
        let wilds = snap.wilds.clone();
        let groups = if self.grouped {
            snap.groups.clone()
        } else {
            Vec::new()
        };
        let by_rank = self.sort_rank;
        let Some(panel) = snap.seats.iter_mut().find(|p| p.is_viewer) else {
            return;
        };
        let Some(cards) = panel.cards.as_mut() else {
            return;
        };
        let key = |c: &Card| {
            let is_wild = wilds.contains(&c.id);
            let suit = c.face.suit().map_or(9, |s| s as u8);
            let rank = c.face.rank().map_or(99, |r| r.number());
            if by_rank {
                (is_wild, rank, suit, c.id.0)
            } else {
                (is_wild, suit, rank, c.id.0)
            }
        };
        let mut ordered: Vec<Card> = Vec::with_capacity(cards.len());
        let mut gaps = Vec::new();
        for g in &groups {
            for id in g {
                if let Some(c) = cards.iter().find(|c| c.id == *id) {
                    ordered.push(*c);
                }
            }
            gaps.push(ordered.len());
        }
        let mut rest: Vec<Card> = cards
            .iter()
            .filter(|c| !ordered.iter().any(|o| o.id == c.id))
            .copied()
            .collect();
        rest.sort_by_key(key);
        ordered.extend(rest);
        *cards = ordered;
        panel.gaps = gaps;
    }

    /// The moves of the human at the keyboard, when it is their turn.
    pub fn my_moves(&self) -> Vec<UiMove> {
        match (self.viewer(), self.human_to_move()) {
            (Some(v), Some(m)) if v == m && self.curtain().is_none() => self.game.moves(m),
            _ => Vec::new(),
        }
    }

    /// The viewer's hand as card ids, in screen order.
    pub fn hand(&self) -> Vec<CardId> {
        let snap = self.snapshot();
        self.viewer()
            .and_then(|v| snap.seats.get(v.index()).cloned())
            .and_then(|p| p.cards)
            .map(|cards| cards.iter().map(|c| c.id).collect())
            .unwrap_or_default()
    }

    pub fn selected(&self) -> Option<CardId> {
        let hand = self.hand();
        hand.get(self.cursor.min(hand.len().saturating_sub(1)))
            .copied()
    }

    /// The targets the selected card can be played against.
    pub fn targets(&self) -> Vec<UiMove> {
        let sel = self.selected();
        self.my_moves()
            .into_iter()
            .filter(|m| Some(m.card) == sel && m.target.is_some())
            .collect()
    }

    /// Every card of the table the selected card could take (kids' mode).
    pub fn lit_targets(&self) -> Vec<CardId> {
        self.targets().iter().filter_map(|m| m.target).collect()
    }

    /// Hand cards that can take something (kids' mode).
    pub fn lit_hand(&self) -> Vec<CardId> {
        self.my_moves()
            .iter()
            .filter(|m| m.target.is_some())
            .map(|m| m.card)
            .collect()
    }

    /// What the word being typed would do (worked out once for each text,
    /// way and move of the game, however often a frame asks).
    pub fn plan(&self) -> Option<WordPlan> {
        let (text, way) = self.typing.as_ref()?;
        let me = self.actor()?;
        let key = (text.clone(), *way, self.game.movers().len());
        let mut cache = self.plan_cache.borrow_mut();
        if let Some((k, plan)) = cache.as_ref()
            && *k == key
        {
            return Some(plan.clone());
        }
        let plan = self.game.word_plan(me, text, *way);
        *cache = Some((key, plan.clone()));
        Some(plan)
    }

    /// The center card selected for taking, when the actor may take one.
    pub fn center_pick(&self) -> Option<CardId> {
        let me = self.actor()?;
        if !self.game.takes_from_center(me) || self.typing.is_some() {
            return None;
        }
        let center = self.snapshot().center;
        center
            .get(self.center_cursor.min(center.len().saturating_sub(1)))
            .map(|c| c.id)
    }

    /// Center cards to light: those a take would bring along, or those the
    /// word being typed uses.
    pub fn lit_center(&self) -> Vec<CardId> {
        if let Some(plan) = self.plan() {
            return plan.cards;
        }
        let Some(pick) = self.center_pick() else {
            return Vec::new();
        };
        let center = self.snapshot().center;
        let from = center.iter().position(|c| c.id == pick).unwrap_or(0);
        center[from..].iter().map(|c| c.id).collect()
    }

    fn set_note(&mut self, text: impl Into<String>, error: bool) {
        self.note = Some((text.into(), error));
    }
}

/// The longest word that can be typed.
pub const MAX_WORD: usize = 24;

/// How long after a move Enter does not yet let a call or challenge pass.
pub const ENTER_GUARD: Duration = Duration::from_millis(400);

/// How long a hand-off curtain stays down whatever is typed: keys pressed by
/// the player who just moved (a double Enter, a held key) never lift it.
pub const CURTAIN_GUARD: Duration = Duration::from_millis(500);

/// The quiet before a key that lifts the curtain: a key that follows
/// another this closely is part of a burst or of a held key (whose first
/// repeat comes half a second or more after the press), not a deliberate
/// press.
pub const KEY_GAP: Duration = Duration::from_secs(1);

/// The whole screen's state.
pub struct App {
    pub config: Config,
    pub screen: Screen,
    pub title_cursor: usize,
    pub setup: SetupForm,
    pub table: Option<TableState>,
    pub saves: Vec<SaveEntry>,
    pub load_cursor: usize,
    pub rules_variant: VariantId,
    pub rules_scroll: u16,
    pub help: bool,
    /// A line for the status bar outside a game, and whether it is an error.
    pub message: Option<(String, bool)>,
    pub store: Option<Store>,
    pub quit: bool,
    /// Ctrl-C while the game on the table is not saved: asking first.
    pub confirm_exit: bool,
    /// Ctrl-Z: the run loop gives the terminal back and stops.
    pub suspend: bool,
    /// Where the last frame drew what a click can hit.
    pub hits: Vec<(Rect, Hit)>,
    /// When the last key came.
    pub last_key: Option<Instant>,
    /// A hand-off curtain has come down since the run loop last asked: keys
    /// typed ahead are to be dropped.
    pub curtain_fell: bool,
}

impl App {
    pub fn new(config: Config, store: Option<Store>) -> App {
        App {
            setup: SetupForm::new(VariantId::Wump, config.seed),
            config,
            screen: Screen::Title,
            title_cursor: 0,
            table: None,
            saves: Vec::new(),
            load_cursor: 0,
            rules_variant: VariantId::Wump,
            rules_scroll: 0,
            help: false,
            message: None,
            store,
            quit: false,
            confirm_exit: false,
            suspend: false,
            hits: Vec::new(),
            last_key: None,
            curtain_fell: false,
        }
    }

    /// Notes a curtain that has just come down (see `TableState::settle`).
    pub fn settle(&mut self, now: Instant) {
        if self.screen == Screen::Table
            && let Some(t) = self.table.as_mut()
            && t.settle(now)
        {
            self.curtain_fell = true;
        }
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some((text.into(), error));
    }

    pub fn key(&mut self, key: KeyEvent) {
        self.key_at(key, Instant::now());
    }

    /// A key pressed at `now`.
    pub fn key_at(&mut self, key: KeyEvent, now: Instant) {
        let previous = self.last_key.replace(now);
        // The curtain's time is known before the key is read.
        self.settle(now);
        self.handle_key(key, now, previous);
        // The gate's time is when the move's work (saving, a bot's search)
        // is done, not when the key came.
        self.settle(now.max(Instant::now()));
    }

    /// Keys dropped unread (typed ahead of a curtain) still count as typed:
    /// the next key is not a deliberate one after a quiet moment.
    pub fn keys_dropped(&mut self, at: Instant) {
        self.last_key = Some(at);
    }

    fn handle_key(&mut self, key: KeyEvent, now: Instant, previous: Option<Instant>) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if self.confirm_exit {
            self.confirm_exit = false;
            if matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y')) && !ctrl {
                self.quit = true;
            }
            return;
        }
        if ctrl && key.code == KeyCode::Char('c') {
            self.quit_now();
            return;
        }
        if ctrl && key.code == KeyCode::Char('z') && super::signals::CAN_SUSPEND {
            self.suspend = true;
            return;
        }
        if self.help {
            self.help = false;
            return;
        }
        let editing = self.screen == Screen::Setup && self.setup.editing.is_some();
        if key.code == KeyCode::Char('?') && !editing {
            self.help = true;
            return;
        }
        match self.screen {
            Screen::Title => self.title_key(key),
            Screen::Setup => self.setup_key(key),
            Screen::Table => self.table_key(key, now, previous),
            Screen::Load => self.load_key(key),
            Screen::Rules => self.rules_key(key),
        }
    }

    /// A left click at a cell of the screen.
    pub fn click(&mut self, column: u16, row: u16) {
        // Nothing under a popup, the curtain or a field being typed is hit.
        let covered = self.help
            || self.confirm_exit
            || self.setup.editing.is_some() && self.screen == Screen::Setup
            || self.table.as_ref().is_some_and(|t| {
                self.screen == Screen::Table
                    && (t.confirm_quit
                        || t.end.is_some()
                        || t.curtain().is_some()
                        || t.typing.is_some())
            });
        if covered {
            return;
        }
        let Some(&(_, hit)) = self
            .hits
            .iter()
            .find(|(r, _)| r.contains(Position::new(column, row)))
        else {
            return;
        };
        match (self.screen, hit) {
            (Screen::Title, Hit::Row(i)) => {
                self.title_cursor = i;
                self.title_choose();
            }
            (Screen::Setup, Hit::Row(i)) => self.setup.cursor = i,
            (Screen::Load, Hit::Row(i)) => {
                self.load_cursor = i;
                self.load_choose();
            }
            (Screen::Table, Hit::Hand(i)) => {
                if let Some(t) = self.table.as_mut() {
                    t.cursor = i;
                    t.picking = None;
                }
                self.choose();
            }
            (Screen::Table, Hit::Center(id)) => self.click_center(id),
            _ => {}
        }
    }

    fn title_key(&mut self, key: KeyEvent) {
        let n = TITLE_ITEMS.len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.title_cursor = (self.title_cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.title_cursor = (self.title_cursor + 1) % n,
            KeyCode::Enter | KeyCode::Char(' ') => self.title_choose(),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            _ => {}
        }
    }

    fn title_choose(&mut self) {
        self.message = None;
        match self.title_cursor {
            0 => {
                self.setup.seed = self.config.seed;
                self.setup.cursor = 0;
                self.screen = Screen::Setup;
            }
            1 => self.continue_game(),
            2 => self.open_load(),
            3 => {
                self.rules_scroll = 0;
                self.screen = Screen::Rules;
            }
            _ => self.quit = true,
        }
    }

    /// The saves folder, or a message that there is none.
    fn saves_store(&mut self) -> Option<Store> {
        if self.store.is_none() {
            self.say(
                "There is no data directory, so there are no saved games.",
                true,
            );
        }
        self.store.clone()
    }

    /// Resumes the newest unfinished game.
    pub fn continue_game(&mut self) {
        let Some(store) = self.saves_store() else {
            return;
        };
        let (candidates, mut problems) = store.unfinished();
        // The newest that opens and is not over (a save with its own word
        // list is known to be finished only once opened).
        let latest = candidates
            .iter()
            .find_map(|entry| match store.load(&entry.path) {
                Ok(game) if game.is_over() => None,
                Ok(game) => Some((entry.path.clone(), game)),
                Err(e) => {
                    problems.push(e);
                    None
                }
            });
        if let Some((path, game)) = latest {
            self.open_saved(&path, game);
            if let Some(t) = self.table.as_mut().filter(|_| !problems.is_empty()) {
                t.set_note(problems.join(" "), true);
            }
        } else {
            let mut text = vec!["There is no unfinished game to continue.".to_string()];
            text.extend(problems);
            let error = text.len() > 1;
            self.say(text.join(" "), error);
        }
    }

    fn resume(&mut self, path: &std::path::Path) {
        let Some(store) = self.store.clone() else {
            return;
        };
        match store.load(path) {
            Ok(game) => self.open_saved(path, game),
            Err(e) => self.say(e, true),
        }
    }

    /// Puts a loaded game on the table.
    fn open_saved(&mut self, path: &std::path::Path, game: Box<dyn TableGame>) {
        let kids = store::read_kids(path).unwrap_or(game.variant() == VariantId::Wump);
        let mut t = TableState::new(game, Some(path.to_path_buf()), kids);
        t.log
            .push(format!("Resumed {}.", store::describe(t.game.as_ref())));
        self.table = Some(t);
        self.screen = Screen::Table;
    }

    fn open_load(&mut self) {
        let Some(store) = self.saves_store() else {
            return;
        };
        let (saves, problems) = store.list();
        self.saves = saves;
        self.load_cursor = 0;
        if !problems.is_empty() {
            self.say(problems.join(" "), true);
        }
        self.screen = Screen::Load;
    }

    fn load_key(&mut self, key: KeyEvent) {
        let n = self.saves.len().max(1);
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.load_cursor = (self.load_cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.load_cursor = (self.load_cursor + 1) % n,
            KeyCode::Enter | KeyCode::Char(' ') => self.load_choose(),
            KeyCode::Char('q') | KeyCode::Esc => self.screen = Screen::Title,
            _ => {}
        }
    }

    fn load_choose(&mut self) {
        if let Some(entry) = self.saves.get(self.load_cursor).cloned() {
            self.resume(&entry.path);
        }
    }

    fn rules_key(&mut self, key: KeyEvent) {
        let all = VariantId::ALL;
        let i = all
            .iter()
            .position(|&v| v == self.rules_variant)
            .unwrap_or(0);
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.rules_scroll = self.rules_scroll.saturating_sub(1)
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.rules_scroll = self.rules_scroll.saturating_add(1)
            }
            KeyCode::PageUp => self.rules_scroll = self.rules_scroll.saturating_sub(10),
            KeyCode::PageDown | KeyCode::Char(' ') => {
                self.rules_scroll = self.rules_scroll.saturating_add(10)
            }
            KeyCode::Home => self.rules_scroll = 0,
            KeyCode::Left | KeyCode::Char('h') => {
                self.rules_variant = all[(i + all.len() - 1) % all.len()];
                self.rules_scroll = 0;
            }
            KeyCode::Right | KeyCode::Char('l') => {
                self.rules_variant = all[(i + 1) % all.len()];
                self.rules_scroll = 0;
            }
            KeyCode::Char('q') | KeyCode::Esc => self.screen = Screen::Title,
            _ => {}
        }
        let max = text::rules_text(self.rules_variant).lines().count() as u16;
        self.rules_scroll = self.rules_scroll.min(max.saturating_sub(1));
    }

    fn setup_key(&mut self, key: KeyEvent) {
        let form = &mut self.setup;
        let row = form.row();
        if let Some(buf) = form.editing.as_mut() {
            match key.code {
                KeyCode::Enter => {
                    let text = buf.trim().to_string();
                    form.editing = None;
                    match row {
                        Row::Seat(i) if !text.is_empty() => form.seats[i].name = text,
                        Row::Seed => match text.parse::<u64>() {
                            Ok(s) => form.seed = Some(s),
                            Err(_) => {
                                self.message =
                                    Some(("A seed is a whole number, such as 1234.".into(), true))
                            }
                        },
                        _ => {}
                    }
                }
                KeyCode::Esc => form.editing = None,
                KeyCode::Backspace => {
                    buf.pop();
                }
                KeyCode::Char(c) if !c.is_control() && buf.chars().count() < 20 => {
                    let ok = match row {
                        Row::Seed => c.is_ascii_digit(),
                        _ => true,
                    };
                    if ok {
                        buf.push(c);
                    }
                }
                _ => {}
            }
            return;
        }
        let n = form.rows().len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => form.cursor = (form.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                form.cursor = (form.cursor + 1) % n
            }
            KeyCode::Left | KeyCode::Char('h') => form.change(-1),
            KeyCode::Right | KeyCode::Char('l') => form.change(1),
            KeyCode::Char('r') => form.seed = None,
            KeyCode::Char('s') => self.start_game(),
            KeyCode::Enter | KeyCode::Char(' ') => match form.row() {
                Row::Seat(i) if form.seats[i].is_human() => {
                    form.editing = Some(form.seats[i].name.clone())
                }
                Row::Seed => form.editing = Some(String::new()),
                Row::Start => self.start_game(),
                _ => form.change(1),
            },
            KeyCode::Char('q') | KeyCode::Esc => self.screen = Screen::Title,
            _ => {}
        }
    }

    /// Starts the game the form describes.
    pub fn start_game(&mut self) {
        if let Some(name) = rummy::seat::shared_name(&self.setup.seats) {
            self.say(
                format!("Two seats are both called {name}: give each player a name of their own."),
                true,
            );
            return;
        }
        let form = &self.setup;
        let seed = form.seed.unwrap_or_else(fresh_seed);
        let new = NewTable {
            variant: form.variant,
            options: form.option_changes(),
            seats: form.seats.clone(),
            seed,
            dict: self.config.dict.clone(),
            dict_path: self.config.dict_path.clone(),
        };
        let game = match open(new) {
            Ok(g) => g,
            Err(e) => {
                self.say(format!("{e:#}"), true);
                return;
            }
        };
        let save = self.store.as_ref().map(|s| s.new_path(form.variant.name()));
        if let Some(path) = save.as_ref() {
            store::write_kids(path, form.kids);
        }
        let mut t = TableState::new(game, save, form.kids);
        let seed = t
            .game
            .seed_shown()
            .map_or(String::new(), |s| format!(", seed {s}"));
        t.log
            .push(format!("New game of {}{seed}.", form.variant.title()));
        self.table = Some(t);
        self.screen = Screen::Table;
        self.message = None;
        self.autosave();
    }

    /// Writes the game to its save file; false (with a note saying what is
    /// not saved) if it failed.
    fn autosave(&mut self) -> bool {
        let (Some(store), Some(t)) = (self.store.as_ref(), self.table.as_mut()) else {
            return true;
        };
        let Some(path) = t.save.as_ref() else {
            return true;
        };
        let moves = t.game.movers().len();
        match store.write(path, t.game.as_ref()) {
            Ok(()) => {
                t.saved_moves = moves;
                t.save_failure = None;
                true
            }
            Err(e) => {
                store::log(&e.message);
                // After a take-back the save may hold moves the game no
                // longer has: only those both share are saved.
                t.saved_moves = t.saved_moves.min(moves);
                t.save_failure = Some(e.reason);
                let lost = t.unsaved_text().unwrap_or_default();
                t.set_note(format!("{} {lost}", e.message), true);
                false
            }
        }
    }

    /// Ctrl-C: quits at once, unless the game on the table cannot be saved;
    /// then it says how many moves would be lost and asks first.
    fn quit_now(&mut self) {
        let failing = self
            .table
            .as_ref()
            .is_some_and(|t| t.save_failure.is_some());
        if failing && !self.autosave() {
            self.confirm_exit = true;
            return;
        }
        self.quit = true;
    }

    /// On the way out without asking (a signal): one more try at saving the
    /// game on the table; what it could not save, in words, if anything.
    pub fn save_on_exit(&mut self) -> Option<String> {
        self.table.as_ref()?;
        if self.autosave() {
            return None;
        }
        self.table.as_ref().and_then(|t| t.unsaved_text())
    }

    fn table_key(&mut self, key: KeyEvent, now: Instant, previous: Option<Instant>) {
        let Some(t) = self.table.as_mut() else {
            self.screen = Screen::Title;
            return;
        };
        if t.confirm_quit {
            match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => {
                    // A yes to a question that said what is not saved.
                    let anyway = t.save_failure.is_some();
                    self.leave_table(anyway);
                }
                _ => t.confirm_quit = false,
            }
            return;
        }
        if let Some(end) = t.end.as_ref() {
            if t.deliberate(now, previous)
                && matches!(
                    key.code,
                    KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Esc | KeyCode::Char('q')
                )
            {
                if end.match_over {
                    self.leave_table(false);
                } else {
                    t.end = None;
                    t.last_move = Instant::now();
                    // The next hand is behind a curtain of its own.
                    if t.needs_curtain() {
                        t.shown_to = None;
                    }
                }
            }
            return;
        }
        if let Some(seat) = t.curtain() {
            if !t.deliberate(now, previous) {
                return;
            }
            if matches!(key.code, KeyCode::Enter | KeyCode::Char(' ')) {
                t.shown_to = Some(seat);
            } else if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                t.confirm_quit = true;
            }
            return;
        }
        if t.typing.is_some() {
            self.typing_key(key);
            return;
        }
        if let Some(me) = t.actor()
            && self.game_table_key(me, key)
        {
            return;
        }
        let Some(t) = self.table.as_mut() else { return };
        // On the table `h` is the hint, so the hand moves with the arrows,
        // `k`/`j` (previous/next) and `l` (next).
        match key.code {
            KeyCode::Left | KeyCode::Up | KeyCode::Char('k') => match t.picking {
                None => t.cursor = t.cursor.saturating_sub(1),
                Some(p) => {
                    let n = t.targets().len().max(1);
                    t.picking = Some((p + n - 1) % n);
                }
            },
            KeyCode::Right | KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('l') => {
                match t.picking {
                    None => t.cursor = (t.cursor + 1).min(t.hand().len().saturating_sub(1)),
                    Some(p) => {
                        let n = t.targets().len().max(1);
                        t.picking = Some((p + 1) % n);
                    }
                }
            }
            KeyCode::Char(c @ '1'..='9') => {
                let i = c as usize - '1' as usize;
                if t.picking.is_some() {
                    if i < t.targets().len() {
                        t.picking = Some(i);
                        self.choose();
                    }
                } else if i < t.hand().len() {
                    t.cursor = i;
                    self.choose();
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.choose(),
            KeyCode::Char('p') => self.place(),
            KeyCode::Char('s') => self.draw_card(false),
            KeyCode::Char('d') => self.draw_card(true),
            KeyCode::Char('o') if t.snapshot().sortable => {
                t.sort_rank = !t.sort_rank;
                let by = if t.sort_rank { "rank" } else { "suit" };
                t.set_note(format!("Loose cards are sorted by {by}."), false);
            }
            KeyCode::Char('g') if t.snapshot().sortable => {
                t.grouped = !t.grouped;
                let how = if t.grouped {
                    "Melds are grouped first."
                } else {
                    "Melds are not grouped."
                };
                t.set_note(how, false);
            }
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('h') => self.show_hint(),
            KeyCode::Esc if t.picking.is_some() => {
                t.picking = None;
                t.note = None;
            }
            KeyCode::Char('q') | KeyCode::Esc => {
                if t.game.is_over() {
                    self.leave_table(false);
                } else {
                    t.confirm_quit = true;
                }
            }
            _ => {}
        }
    }

    /// Back to the title. If the game could not be saved, the player is
    /// asked first, told how many moves are not saved; `anyway` is their yes
    /// to that question. Nothing is lost unseen.
    fn leave_table(&mut self, anyway: bool) {
        if !self.autosave() {
            let Some(t) = self.table.as_mut() else { return };
            if !anyway {
                t.confirm_quit = true;
                return;
            }
            let lost = t.unsaved_text().unwrap_or_default();
            store::log(&format!("left a game that is not saved: {lost}"));
        }
        self.table = None;
        self.screen = Screen::Title;
    }

    /// Enter on the table: take with the selected card, or place it.
    pub fn choose(&mut self) {
        let Some(t) = self.table.as_mut() else { return };
        let targets = t.targets();
        if let Some(p) = t.picking {
            if let Some(m) = targets.get(p).cloned() {
                self.play(m);
            }
            return;
        }
        if let Some(me) = t.human_to_move()
            && t.viewer() == Some(me)
            && t.curtain().is_none()
            && let Some(top) = t.game.drawing(me)
        {
            let note = match top {
                Some(_) => "Draw first: s from the stock, d the top discard.",
                None => "Draw first: s from the stock.",
            };
            t.set_note(note, true);
            return;
        }
        if t.my_moves().is_empty() {
            return;
        }
        if !targets.is_empty() {
            // Start at the hinted target if the hint is for this card.
            let hinted = t
                .hint
                .as_ref()
                .filter(|h| h.card.is_some() && h.card == t.selected())
                .and_then(|h| targets.iter().position(|m| m.target == h.target));
            t.picking = Some(hinted.unwrap_or(0));
            t.set_note(
                "Take which card? Left/right to choose, Enter to take, p to put your card down instead.",
                false,
            );
        } else {
            self.place();
        }
    }

    /// `p`: put the selected card down.
    pub fn place(&mut self) {
        let Some(t) = self.table.as_mut() else { return };
        let sel = t.selected();
        let m = t
            .my_moves()
            .into_iter()
            .find(|m| Some(m.card) == sel && m.target.is_none());
        match m {
            Some(m) => self.play(m),
            None if !t.my_moves().is_empty() => t.set_note(
                "You must take a card when you can (a house rule of this game).",
                true,
            ),
            None => {}
        }
    }

    /// `s` or `d`: draw from the stock or take the top discard.
    pub fn draw_card(&mut self, from_discard: bool) {
        let Some(t) = self.table.as_mut() else { return };
        let Some(me) = t.human_to_move() else { return };
        if t.viewer() != Some(me) || t.curtain().is_some() {
            return;
        }
        match t.game.drawing(me) {
            None if t.game.draws_cards() && !t.my_moves().is_empty() => {
                t.set_note("You have drawn; now pick a card to discard.", true);
            }
            None => {}
            Some(None) if from_discard => t.set_note("The discard pile is empty.", true),
            Some(_) => {
                let r = t.game.draw(me, from_discard);
                self.done(me, r);
            }
        }
    }

    /// After a move by the human `me`: the log, the ending, the save. If
    /// `me` goes on with its hand in view, the curtain stays up.
    fn done(&mut self, me: SeatId, result: Result<Played, String>) {
        let Some(t) = self.table.as_mut() else { return };
        let shown = t.viewer() == Some(me);
        match result {
            Ok(played) => {
                t.log.extend(played.lines);
                t.end = played.end;
                self.after_move();
                if let Some(t) = self.table.as_mut()
                    && shown
                    && t.end.is_none()
                    && t.game.to_move() == Some(me)
                {
                    t.shown_to = Some(me);
                }
            }
            Err(e) => t.set_note(e, true),
        }
    }

    /// A key of the game itself, or of taking from the center, or `w` to
    /// type a word; false if the key is none of these.
    fn game_table_key(&mut self, me: SeatId, key: KeyEvent) -> bool {
        let Some(t) = self.table.as_mut() else {
            return false;
        };
        if let KeyCode::Char(c) = key.code {
            if c == 'w' && t.game.typing(me).is_some() {
                let hinted = t.hint.as_ref().and_then(|h| h.word.clone());
                t.typing = Some(hinted.unwrap_or_default());
                t.hint = None;
                t.note = None;
                return true;
            }
            if t.game.game_keys(me).iter().any(|(k, _)| *k == c) {
                let r = t.game.game_key(me, c);
                self.done(me, r);
                return true;
            }
        }
        // Enter stands for the game's key of the moment (letting a call or a
        // word pass), but not just after a move: an Enter pressed twice by
        // the player who just moved must not give away the next player's.
        if let Some(c) = t.game.enter_key(me)
            && matches!(key.code, KeyCode::Enter | KeyCode::Char(' '))
        {
            if t.last_move.elapsed() < ENTER_GUARD {
                return true;
            }
            let r = t.game.game_key(me, c);
            self.done(me, r);
            return true;
        }
        if !t.game.takes_from_center(me) {
            return false;
        }
        let len = t.snapshot().center.len();
        let at = t.center_cursor.min(len.saturating_sub(1));
        match key.code {
            KeyCode::Char(c @ '1'..='9') => {
                let n = c as usize - '1' as usize;
                if n < len {
                    t.center_cursor = n;
                }
            }
            KeyCode::Left | KeyCode::Up | KeyCode::Char('k') => {
                t.center_cursor = at.saturating_sub(1)
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('l') => {
                t.center_cursor = at + 1
            }
            KeyCode::Enter | KeyCode::Char(' ') => match t.center_pick() {
                Some(id) => {
                    let r = t.game.take(me, id);
                    self.done(me, r);
                }
                None => t.set_note("There is no card to take: s draws from the stock.", true),
            },
            _ => return false,
        }
        true
    }

    /// A key while a word is typed: letters, Backspace, Tab (another way to
    /// play it), Enter (play it), Esc (stop typing).
    fn typing_key(&mut self, key: KeyEvent) {
        let Some(t) = self.table.as_mut() else { return };
        let Some(me) = t.actor() else {
            t.typing = None;
            return;
        };
        let ways = t.plan().map_or(0, |p| p.ways);
        t.note = None;
        let Some((text, way)) = t.typing.as_mut() else {
            return;
        };
        match key.code {
            KeyCode::Char(c) if c.is_ascii_alphabetic() && text.len() < MAX_WORD => {
                text.push(c.to_ascii_uppercase());
                *way = 0;
            }
            KeyCode::Backspace => {
                text.pop();
                *way = 0;
            }
            KeyCode::Tab if ways > 1 => *way = (*way + 1) % ways,
            KeyCode::BackTab if ways > 1 => *way = (*way + ways - 1) % ways,
            KeyCode::Esc => t.typing = None,
            KeyCode::Enter => {
                let (text, way) = (text.clone(), *way);
                let r = t.game.play_word(me, &text, way);
                if r.is_ok()
                    && let Some(t) = self.table.as_mut()
                {
                    t.typing = None;
                }
                self.done(me, r);
            }
            _ => {}
        }
    }

    fn click_center(&mut self, id: CardId) {
        let Some(t) = self.table.as_mut() else { return };
        if let Some(me) = t.actor()
            && t.game.takes_from_center(me)
        {
            let r = t.game.take(me, id);
            self.done(me, r);
            return;
        }
        if let Some(me) = t.human_to_move()
            && let Some(top) = t.game.drawing(me)
        {
            if top == Some(id) {
                self.draw_card(true);
            } else {
                t.set_note("Only the top card of the discard pile can be taken.", true);
            }
            return;
        }
        let sel = t.selected();
        let moves = t.my_moves();
        let m = moves
            .iter()
            .find(|m| m.target == Some(id) && Some(m.card) == sel)
            .or_else(|| moves.iter().find(|m| m.target == Some(id)))
            .cloned();
        match m {
            Some(m) => self.play(m),
            None if moves.iter().any(|m| m.target.is_some()) => {
                t.set_note("None of your cards matches that one.", true)
            }
            None => {}
        }
    }

    fn play(&mut self, m: UiMove) {
        let Some(t) = self.table.as_mut() else { return };
        let Some(seat) = t.human_to_move() else {
            return;
        };
        let r = t.game.play(seat, &m);
        self.done(seat, r);
    }

    fn after_move(&mut self) {
        if let Some(t) = self.table.as_mut() {
            t.cursor = 0;
            t.picking = None;
            t.typing = None;
            t.center_cursor = usize::MAX;
            *t.plan_cache.get_mut() = None;
            t.hint = None;
            t.note = None;
            t.last_move = Instant::now();
            if t.needs_curtain() {
                t.shown_to = None;
            }
            let keep = t.log.len().saturating_sub(200);
            t.log.drain(..keep);
        }
        self.autosave();
    }

    /// Lets a bot move if one is to move and its pause is over; true if one did.
    pub fn tick(&mut self, now: Instant) -> bool {
        if self.screen != Screen::Table || self.help || self.confirm_exit {
            return false;
        }
        let pause = self.config.pause;
        let Some(t) = self.table.as_mut() else {
            return false;
        };
        if t.end.is_some() || t.confirm_quit {
            return false;
        }
        let Some(seat) = t.game.to_move() else {
            return false;
        };
        if t.is_human(seat) || now.duration_since(t.last_move) < pause {
            return false;
        }
        let since = t.last_move;
        let shown = t.shown_to;
        match t.game.play_bot() {
            Ok(played) => {
                // A silent move (a bot letting a call or challenge pass) needs
                // no pause before the next, and gives the turn back to the
                // human who was playing with no curtain: nobody else has
                // been at the keyboard.
                let silent = played.lines.is_empty();
                t.log.extend(played.lines);
                t.end = played.end;
                self.after_move();
                if let Some(t) = self.table.as_mut().filter(|_| silent) {
                    t.last_move = since;
                    if t.end.is_none() && shown.is_some() && t.human_to_move() == shown {
                        t.shown_to = shown;
                    }
                }
            }
            Err(e) => {
                store::log(&e);
                t.set_note(e, true);
                t.last_move = now;
            }
        }
        self.settle(now.max(Instant::now()));
        true
    }

    /// `u`: takes back the human's own last move and the bots' moves since.
    pub fn undo(&mut self) {
        let Some(t) = self.table.as_mut() else { return };
        let movers = t.game.movers();
        let last_human = movers.iter().rposition(|&s| t.is_human(s));
        // On a human's turn, that human; while bots move, the last human.
        let me = match t.human_to_move() {
            Some(me) => me,
            None if t.game.to_move().is_some() => match last_human {
                Some(i) => movers[i],
                None => return,
            },
            None => return,
        };
        match last_human {
            None => t.set_note("There is no move of yours to take back.", true),
            Some(i) if movers[i] != me => {
                let name = t.game.seats()[movers[i].index()].name.clone();
                t.set_note(
                    format!("Only your own last move can be taken back; {name} has played since."),
                    true,
                );
            }
            Some(i) if t.game.undo_refusal(i).is_some() => {
                let why = t.game.undo_refusal(i).unwrap_or_default();
                t.set_note(why, true);
            }
            Some(i) => {
                // The hand comes back in view only if it was in view.
                let shown = t.viewer() == Some(me);
                match t.game.undo_to(i) {
                    Ok(()) => {
                        let n = movers.len() - i;
                        let line = if n == 1 {
                            "You took back your move.".to_string()
                        } else {
                            format!(
                                "You took back your move and the {} bot moves after it.",
                                n - 1
                            )
                        };
                        t.log.push(line);
                        t.end = None;
                        self.after_move();
                        if let Some(t) = self.table.as_mut().filter(|_| shown) {
                            t.shown_to = Some(me);
                        }
                    }
                    Err(e) => t.set_note(e, true),
                }
            }
        }
    }

    /// `h`: the hint for the human to move; pressed again, why.
    pub fn show_hint(&mut self) {
        let Some(t) = self.table.as_mut() else { return };
        let Some(me) = t.actor() else { return };
        if t.hint.is_some() {
            t.explain = true;
            return;
        }
        match t.game.hint(me) {
            Some(h) => {
                let hand = t.hand();
                if let Some(i) = hand.iter().position(|&c| Some(c) == h.card) {
                    t.cursor = i;
                }
                let center = t.snapshot().center;
                if let Some(i) = center.iter().position(|c| Some(c.id) == h.target) {
                    t.center_cursor = i;
                }
                t.picking = None;
                t.note = None;
                t.explain = t.kids;
                t.hint = Some(h);
            }
            None => t.set_note("No hint is available here.", true),
        }
    }
}
