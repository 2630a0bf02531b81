//! The screen's state and what each key does to it. Nothing here draws:
//! `draw` reads an `App`, and the run loop feeds it keys, clicks and ticks.

use super::adapter::{NewTable, TableGame, open};
use super::commands::{Command, HelpAction, Key, ch, find, help_commands, scrolled};
pub use super::form::SetupForm;
use super::form::fresh_seed;
use super::quiet::{QuietGuard, Taken};
pub use super::route::{Go, Hit, Screen};
use super::screens::learn::LearnScreen;
use super::screens::load::LoadScreen;
use super::screens::replay::Replay;
use super::screens::rules::RulesScreen;
use super::screens::stats::StatsScreen;
use super::screens::table::state::Desk;
pub use super::screens::table::state::TableState;
use super::screens::title::TitleScreen;
use super::store::{self, Store};
use super::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Position, Rect};
use rummy::dict::Dictionary;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::VariantId;
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
    /// The names of the human seats on the new-game form, in order (the
    /// config file's `names`).
    pub names: Vec<String>,
    /// Kids' mode on the new-game form, for every game (the config file's
    /// `kids`); else on for Wump Rummy only.
    pub kids: Option<bool>,
    /// The pause was given on the command line (`--fast`, `--pause`): it
    /// wins over the bot speed last chosen on the form.
    pub pause_given: bool,
    /// The same for the theme (`--theme`, `--high-contrast`).
    pub theme_given: bool,
    /// Whether a game one person played is played again on the same cards
    /// by the strongest bot when it is over ([`super::same_cards`]).
    pub same_cards: bool,
}

/// The longest word that can be typed.
pub const MAX_WORD: usize = 24;

/// The whole screen's state.
pub struct App {
    pub config: Config,
    pub screen: Screen,
    /// The title.
    pub title: TitleScreen,
    pub setup: SetupForm,
    pub table: Option<TableState>,
    /// Load a game.
    pub load: LoadScreen,
    /// How to play.
    pub rules: RulesScreen,
    /// Statistics.
    pub stats: StatsScreen,
    /// The game being replayed.
    pub replay: Option<Replay>,
    /// Learn a game.
    pub learn: LearnScreen,
    pub help: bool,
    /// How far the help page is scrolled (its scroll keys, the mouse
    /// wheel), and how far it can be, as last drawn.
    pub help_scroll: u16,
    pub help_max: std::cell::Cell<u16>,
    /// A line for the status bar outside a game, and whether it is an error.
    pub message: Option<(String, bool)>,
    pub store: Option<Store>,
    pub quit: bool,
    /// Ctrl-C while the game on the table is not saved: asking first.
    pub confirm_exit: bool,
    /// Nothing was ever played from this data directory: the title says
    /// where to start.
    pub first_run: bool,
    /// Whether the saves hold a game to continue, as last read for the
    /// title (`None`: to be read again, once the title is left).
    pub continuable: std::cell::Cell<Option<bool>>,
    /// Ctrl-Z: the run loop gives the terminal back and stops.
    pub suspend: bool,
    /// Where the last frame drew what a click can hit.
    pub hits: Vec<(Rect, Hit)>,
    /// The keys' timing: when the last came, and whether keys wait for the
    /// stream to go quiet (a decision has just changed hands).
    pub keys: QuietGuard,
    /// A hand-off curtain has come down since the run loop last asked: keys
    /// typed ahead are to be dropped.
    pub curtain_fell: bool,
    /// Played over the network (`rummy serve`): what the screen knows of
    /// the server and asks of it.
    pub online: Option<super::online::Online>,
    /// Reviews the game on the table while it is played, so that its
    /// review is ready when it ends (the program's run starts it; tests
    /// that want it too).
    pub ahead: Option<rummy::review::Ahead>,
}

/// "This game is open in another window.", naming the game.
fn open_elsewhere(summary: &str) -> String {
    if summary.is_empty() {
        return store::OPEN_ELSEWHERE.to_string();
    }
    format!(
        "{} ({summary}) Close it there to play it here, or load another.",
        store::OPEN_ELSEWHERE
    )
}

/// The question before quitting when moves are not saved: yes, or no.
pub fn confirm_exit_commands() -> Vec<Command<bool>> {
    vec![
        Command::new(true, &[ch('y'), ch('Y')]).bar("y quit"),
        Command::new(false, &[Key::Any]).bar("n stay"),
    ]
}

impl App {
    pub fn new(mut config: Config, store: Option<Store>) -> App {
        let mut setup = SetupForm::new(VariantId::Wump, config.seed);
        setup.bot_pause = config.pause;
        setup.prefer(&config.names, config.kids);
        if let Some(r) = store.as_ref().and_then(Store::read_form) {
            setup.recall(&r);
            // The speed last chosen on the form, unless the command line
            // gave one for this run (one of the form's speeds: a file
            // edited by hand cannot make the bots crawl).
            if let Some(ms) = r.bot_pause_ms.filter(|_| !config.pause_given) {
                setup.bot_pause = Duration::from_millis(super::form::nearest_speed(ms));
            }
            if let Some(p) = r
                .theme
                .as_deref()
                .and_then(super::theme::Palette::from_name)
                .filter(|_| !config.theme_given)
            {
                config.theme.palette = p;
            }
        }
        setup.palette = config.theme.palette;
        // No game was ever saved or finished here: the title points to
        // Learn a game.
        let first_run = store.as_ref().is_none_or(|s| {
            let no_saves = std::fs::read_dir(s.dir()).map_or(true, |mut d| d.next().is_none());
            no_saves && !s.stats_path().exists() && !s.form_path().exists()
        });
        // The title says a newcomer should choose Learn a game: the cursor
        // is on it. (Without a data directory nobody can tell.)
        let title = TitleScreen {
            cursor: if first_run && store.is_some() {
                super::screens::title::TITLE_ITEMS
                    .iter()
                    .filter(|&&item| item != "Continue")
                    .position(|&item| item == "Learn a game")
                    .unwrap_or(0)
            } else {
                0
            },
        };
        App {
            first_run,
            continuable: std::cell::Cell::new(None),
            setup,
            config,
            screen: Screen::Title,
            title,
            table: None,
            load: LoadScreen::default(),
            rules: RulesScreen::default(),
            stats: StatsScreen::default(),
            replay: None,
            learn: LearnScreen::default(),
            help: false,
            help_scroll: 0,
            help_max: std::cell::Cell::new(0),
            message: None,
            store,
            quit: false,
            confirm_exit: false,
            suspend: false,
            hits: Vec::new(),
            keys: QuietGuard::default(),
            curtain_fell: false,
            online: None,
            ahead: None,
        }
    }

    /// Notes a curtain that has just come down (see `TableState::settle`),
    /// and a decision that has changed hands: keys still coming then are
    /// held back until they stop (see `quiet`).
    pub fn settle(&mut self, now: Instant) {
        if self.screen == Screen::Table
            && let Some(t) = self.table.as_mut()
        {
            // The coach of a guided deal notes where the deal stands.
            super::screens::table::coach::observe(t);
            if t.settle(now) {
                self.curtain_fell = true;
            }
            if t.changed_hands() {
                self.keys.arm();
            }
        }
    }

    /// The title's menu: over the network, tables take the place of saves;
    /// Continue only with a saved game to continue.
    pub fn title_items(&self) -> Vec<&'static str> {
        if self.is_online() {
            return super::online::TITLE_ITEMS.to_vec();
        }
        let continuable = self.can_continue();
        super::screens::title::TITLE_ITEMS
            .into_iter()
            .filter(|&item| item != "Continue" || continuable)
            .collect()
    }

    /// Where `item` stands on the title now (0 when it is not there).
    #[cfg(test)]
    pub fn title_index(&self, item: &str) -> usize {
        self.title_items()
            .iter()
            .position(|&i| i == item)
            .unwrap_or(0)
    }

    /// Does what the title's item `item` says.
    pub(crate) fn title_choose(&mut self, item: &str) {
        self.message = None;
        if self.is_online() {
            match item {
                "New table" => {
                    let refusal = self.online.as_ref().and_then(|o| o.refusal.clone());
                    match refusal {
                        Some(why) => self.say(why, true),
                        None => {
                            self.setup.cursor = 0;
                            self.screen = Screen::Setup;
                        }
                    }
                }
                "Join a table" => self.open_join(),
                "How to play" => {
                    self.rules.scroll = 0;
                    self.screen = Screen::Rules;
                }
                "Learn a game" => self.screen = Screen::Learn,
                _ => self.quit = true,
            }
            return;
        }
        match item {
            "New game" => {
                self.setup.seed = self.config.seed;
                self.setup.cursor = 0;
                self.screen = Screen::Setup;
            }
            "Continue" => self.continue_game(),
            "Load a game" => self.open_load(),
            "How to play" => {
                self.rules.scroll = 0;
                self.screen = Screen::Rules;
            }
            "Statistics" => self.open_stats(),
            "Learn a game" => {
                self.learn.daily = false;
                self.screen = Screen::Learn;
            }
            "Today's deal" => {
                self.learn.daily = true;
                self.learn.naming = None;
                self.screen = Screen::Learn;
            }
            "Practise your slips" => self.open_drill(false),
            _ => self.quit = true,
        }
    }

    /// Whether this screen plays over the network.
    pub fn is_online(&self) -> bool {
        self.online.is_some()
    }

    /// Asks the server for something (a screen played locally has no server
    /// and ignores it).
    pub(crate) fn request(&mut self, r: super::online::Request) {
        if let Some(o) = self.online.as_mut() {
            o.request(r);
        }
    }

    /// The form's Start over the network: ask for the table's password,
    /// then ask the server for the table.
    pub(crate) fn create_table(&mut self, new: NewTable, kids: bool, pause: Duration) {
        if let Some(o) = self.online.as_mut() {
            o.create_table(new, kids, pause);
        }
    }

    /// Whether a popup of the server's (a question, a notice) takes the
    /// keys.
    pub(crate) fn online_popup(&self) -> bool {
        self.online.as_ref().is_some_and(|o| o.popup())
    }

    /// Shows a seat's rejoin code, this once, until the player closes it.
    pub fn show_rejoin_code(&mut self, code: &str) {
        if let Some(o) = self.online.as_mut() {
            o.show_rejoin_code(code);
        }
    }

    /// Asks for the rejoin code of the seat of `name` at table `code`.
    pub fn ask_rejoin(&mut self, code: &str, name: &str) {
        if let Some(o) = self.online.as_mut() {
            o.ask_rejoin(code, name);
        }
    }

    /// The server wants a password for the table with this code.
    pub fn ask_password(&mut self, code: &str, watch: bool) {
        if let Some(o) = self.online.as_mut() {
            o.ask_password(code, watch);
        }
    }

    /// Quit on the title over the network: asks first (not on the host's
    /// own screen, nor locally).
    pub(crate) fn ask_leave(&mut self) {
        match self.online.as_mut() {
            Some(o) if !o.host => o.confirm_leave = true,
            _ => self.quit = true,
        }
    }

    /// The Join screen opens afresh: no code typed before is kept.
    pub(crate) fn open_join(&mut self) {
        if let Some(o) = self.online.as_mut() {
            o.code.clear();
        }
        self.screen = Screen::Join;
    }

    /// Does what a screen's key asked, in order.
    fn go_all(&mut self, gos: Vec<Go>) {
        for go in gos {
            self.go(go);
        }
    }

    /// Does what a screen's key asked: the app alone moves between
    /// screens.
    pub(crate) fn go(&mut self, go: Go) {
        match go {
            Go::Stay => {}
            Go::Help => self.help = true,
            Go::Title => {
                self.message = None;
                self.screen = Screen::Title;
            }
            Go::Back(to) => {
                self.screen = if to == Screen::Table && self.table.is_some() {
                    Screen::Table
                } else {
                    Screen::Title
                };
            }
            Go::Learn(variant) => self.start_guide(variant),
            Go::Daily(variant) => self.start_daily(variant),
            Go::NextSlip => self.open_drill(true),
            Go::Say(text, error) => self.say(text, error),
            Go::Hush => self.message = None,
            Go::HowTo(variant) => self.open_howto(variant, Screen::Table),
            Go::LeaveTable(anyway) => self.leave_table(anyway),
            Go::PlayAgain => self.play_again(),
            Go::ReviewGame => self.review_game(),
            Go::LeaveReplay(back) => {
                match back {
                    Some(screen) => self.screen = screen,
                    None => self.quit = true,
                }
                self.replay = None;
            }
            Go::Start => self.start_game(),
            Go::Menu(item) => self.title_choose(item),
            // Over the network, q and Esc ask first: Esc is "back"
            // everywhere else, and pressed once too often it would
            // disconnect.
            Go::Quit => self.ask_leave(),
            // Esc is "back" on every other screen: pressed once too often
            // on the title, it asks instead of closing the program.
            Go::AskQuit if self.is_online() => self.ask_leave(),
            Go::AskQuit => self.confirm_exit = true,
            Go::Exit => self.quit = true,
            Go::Resume(path) => self.resume(&path),
            Go::Replay(path, back) => {
                if let Err(e) = self.open_replay(&path, Some(back)) {
                    self.say(e, true);
                }
            }
        }
    }

    /// Opens the replay of the save at `path`; `back` is where `q` goes
    /// (`None` quits). A save that cannot be replayed is said, and left as
    /// it is.
    pub fn open_replay(
        &mut self,
        path: &std::path::Path,
        back: Option<Screen>,
    ) -> Result<(), String> {
        let replay = Replay::open(path, back)?;
        self.replay = Some(replay);
        self.message = None;
        self.screen = Screen::Replay;
        Ok(())
    }

    /// Starts the lesson of `variant`: the learner (the name given, else
    /// the form's first human) against bots at the normal level, on the
    /// guide's seed.
    pub fn start_guide(&mut self, variant: VariantId) {
        if let Some(g) = super::guide::guide(variant) {
            self.start_guided(g, g.seed);
        }
    }

    /// The name Learn a game offers the learner: the new-game form's
    /// first player's, unless it is the form's own "Player 1" (then none);
    /// `None` over the network, where the connection names the player and
    /// nothing is asked.
    fn name_to_offer(&self) -> Option<String> {
        if self.online.is_some() {
            return None;
        }
        let name = self
            .setup
            .seats
            .iter()
            .find(|s| s.is_human())
            .map_or("", |s| s.name.trim());
        let given = name
            .strip_prefix("Player ")
            .is_none_or(|n| n.parse::<u8>().is_err());
        Some(if given { name } else { "" }.to_string())
    }

    /// The lesson of `g` on `seed`, for the name the learner gave (kept on
    /// the new-game form as its first player's, for the next game), else
    /// the form's first player's.
    pub(crate) fn start_guided(&mut self, g: &'static super::guide::Guide, seed: u64) {
        let variant = g.variant;
        if let Some(given) = self.learn.name.take() {
            if let Some(seat) = self.setup.seats.iter_mut().find(|s| s.is_human()) {
                seat.name = given.clone();
                if let Some(store) = self.store.as_ref() {
                    store.write_form(&self.setup.remembered());
                }
            }
            self.learn.name = Some(given);
        }
        let name = self
            .learn
            .name
            .take()
            .unwrap_or_else(|| self.first_person());
        if let Some(why) = rummy::seat::name_problem(&name) {
            self.say(why, true);
            return;
        }
        let seats = alone_with_bots(name, BotLevel::Normal, 2);
        let new = NewTable {
            variant,
            options: g
                .options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            seats,
            seed,
            // The shipped word list, whatever --dict says: the guide's deals
            // were chosen with it, and the coach's copies of the game load it
            // at no cost.
            dict: rummy::dict::Dictionary::shipped(),
            dict_path: None,
        };
        let kids = self.kids_for(variant);
        self.config.pause = self.setup.bot_pause;
        if !self.start_table(new, kids, ", with a coach") {
            return;
        }
        if let Some(t) = self.table.as_mut() {
            let mut coach = super::guide::Coach::new(SeatId(0), g);
            coach.shared = self.online.is_some();
            t.coach = Some(coach);
            super::screens::table::coach::observe(t);
        }
    }

    /// The new-game form's first person's name, else "Player 1".
    fn first_person(&self) -> String {
        self.setup
            .seats
            .iter()
            .find(|s| s.is_human())
            .map_or_else(|| "Player 1".to_string(), |s| s.name.trim().to_string())
    }

    /// Kids' mode as the new-game form has it for `variant`: its own switch
    /// if the form is set to this game, else the preference for every
    /// game, else on for Wump Rummy only (as the form starts).
    fn kids_for(&self, variant: VariantId) -> bool {
        if self.setup.variant == variant {
            self.setup.kids
        } else {
            self.setup.kids_pref.unwrap_or(variant == VariantId::Wump)
        }
    }

    /// Starts today's deal of `variant` (UTC): the form's first person
    /// against two hard bots, on the day's seed. The day's first try is
    /// noted in the data directory; a later one is a replay.
    pub fn start_daily(&mut self, variant: VariantId) {
        let date = rummy::daily::Date::today();
        let seats = alone_with_bots(
            self.first_person(),
            rummy::daily::DAILY_BOTS,
            rummy::daily::DAILY_BOT_SEATS,
        );
        let new = NewTable {
            variant,
            options: Vec::new(),
            seats,
            seed: rummy::daily::daily_seed(variant, date),
            // Everyone's deal is dealt from the shipped rules and words.
            dict: rummy::dict::Dictionary::shipped(),
            dict_path: None,
        };
        let kids = self.kids_for(variant);
        self.config.pause = self.setup.bot_pause;
        let first_try = self
            .store
            .as_ref()
            .is_none_or(|s| s.first_daily_try(date, variant));
        let said = if first_try {
            format!(", today's deal ({date})")
        } else {
            format!(", today's deal ({date}), a replay: the first try counts")
        };
        if !self.start_table(new, kids, &said) {
            return;
        }
        if let Some(t) = self.table.as_mut() {
            t.daily = Some((date, first_try));
            // The seed would give the day's deal away: not said.
            if let Some(first) = t.log.first_mut() {
                *first = format!("New game of {}{said}.", variant.title());
            }
        }
    }

    /// Puts the first slip due on the table to practise (`next`: the one
    /// after the slip on the table now); says so when there is none.
    pub fn open_drill(&mut self, next: bool) {
        let Some(store) = self.store.clone() else {
            self.say("There are no slips without a data directory.", true);
            return;
        };
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let mut due = rummy::drills::due(store.dir_of_data(), now);
        if next
            && let Some(d) = self.table.as_ref().and_then(|t| t.drill.as_ref())
            && let Some(at) = due
                .iter()
                .position(|s| s.save == d.slip.save && s.index == d.slip.index)
        {
            due.rotate_left(at + 1);
            due.truncate(due.len() - 1);
        }
        for slip in due {
            let path = store.dir().join(&slip.save);
            let Ok(bytes) = rummy::files::read_regular(&path, 16 * 1024 * 1024) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes);
            let Ok(position) = rummy::drills::position_text(&text, slip.index) else {
                continue;
            };
            let Ok(game) = super::adapter::load(&position, &slip.save) else {
                continue;
            };
            if game.to_move() != Some(rummy::seat::SeatId((slip.seat - 1) as u8)) {
                continue;
            }
            let kids = self
                .setup
                .kids_pref
                .unwrap_or(slip.variant == VariantId::Wump);
            let mut t = TableState::new(game, None, kids);
            let drill = super::drill::Drill::new(slip, position);
            t.log.push(drill.opening());
            t.set_note(drill.opening(), false);
            t.drill = Some(drill);
            t.settle(Instant::now());
            self.table = Some(t);
            self.screen = Screen::Table;
            self.message = None;
            return;
        }
        if next {
            self.table = None;
            self.screen = Screen::Title;
        }
        self.say(
            "No slip to practise now: slips come from the review of the games you play alone, and one solved comes back after a day, then two, four...",
            false,
        );
    }

    /// Opens the Statistics screen, reading the figures afresh.
    pub(crate) fn open_stats(&mut self) {
        let (stats, said) = StatsScreen::open(self.store.as_ref());
        self.stats = stats;
        if let Some(said) = said {
            self.say(said, true);
        }
        self.screen = Screen::Stats;
    }

    /// Opens How to play for `v`, to go back to `back` (the title or the
    /// table).
    pub(crate) fn open_howto(&mut self, v: VariantId, back: Screen) {
        self.rules.open(v, back);
        self.rules.online = self.is_online();
        self.screen = Screen::Rules;
    }

    pub(crate) fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some((text.into(), error));
    }

    pub fn key(&mut self, key: KeyEvent) {
        self.key_at(key, Instant::now());
    }

    /// A key pressed at `now`. On the table it goes through the quiet
    /// guard first; Ctrl-C and Ctrl-Z never wait.
    pub fn key_at(&mut self, key: KeyEvent, now: Instant) {
        // The curtain's time is known before the key is read.
        self.settle(now);
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c' | 'z'));
        if self.screen != Screen::Table || ctrl || self.confirm_exit {
            let previous = self.keys.seen(now);
            self.act_on(Taken {
                key,
                at: now,
                previous,
            });
            return;
        }
        for taken in self.keys.key(key, now) {
            self.act_on(taken);
            // What that key did gave the decision to someone else: the
            // keys that came with it are theirs no more.
            if self.keys.armed() {
                break;
            }
        }
    }

    /// A key held back by the quiet guard, once the quiet after it shows it
    /// was pressed on purpose; true if one was acted on.
    pub fn held_key_due(&mut self, now: Instant) -> bool {
        let Some(taken) = self.keys.due(now) else {
            return false;
        };
        if self.screen == Screen::Table {
            self.act_on(taken);
        }
        true
    }

    fn act_on(&mut self, k: Taken) {
        self.handle_key(k.key, k.at, k.previous);
        // The gate's time is when the move's work (saving, a bot's search)
        // is done, not when the key came.
        self.settle(k.at.max(Instant::now()));
    }

    /// Keys dropped unread (typed ahead of a curtain) still count as typed:
    /// the next key is not a deliberate one after a quiet moment.
    pub fn keys_dropped(&mut self, at: Instant) {
        self.keys.seen(at);
    }

    pub(crate) fn handle_key(&mut self, key: KeyEvent, now: Instant, previous: Option<Instant>) {
        if self.screen != Screen::Title {
            // A game may be saved or finished before the title shows again.
            self.continuable.set(None);
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if self.confirm_exit {
            self.confirm_exit = false;
            self.quit = find(&confirm_exit_commands(), &key).unwrap_or(false);
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
            // The scroll keys scroll the help; any other key closes it.
            match find(&help_commands(true), &key) {
                Some(HelpAction::Scroll) => {
                    self.help_scroll = scrolled(self.help_scroll, self.help_max.get(), &key);
                }
                _ => {
                    self.help = false;
                    self.help_scroll = 0;
                }
            }
            return;
        }
        if self.online_popup() {
            if let Some(go) = self.online.as_mut().map(|o| o.popup_key(key)) {
                self.go(go);
            }
            return;
        }
        // A note belongs to the screen it was said on: a key that goes to
        // another screen without saying something new leaves it behind.
        let (screen, said) = (self.screen, self.message.clone());
        self.screen_key(key, now, previous);
        if self.screen != screen && self.message == said {
            self.message = None;
        }
    }

    fn screen_key(&mut self, key: KeyEvent, now: Instant, previous: Option<Instant>) {
        match self.screen {
            Screen::Title => {
                let items = self.title_items();
                let go = self.title.key(key, &items);
                self.go(go);
            }
            Screen::Setup => {
                let gos = super::screens::setup::key(&mut self.setup, key, self.store.as_ref());
                // A theme chosen on the form colours every screen at once.
                self.config.theme.palette = self.setup.palette;
                self.go_all(gos);
            }
            Screen::Table => self.table_key(key, now, previous),
            Screen::Load => {
                let go = self.load.key(key, self.store.as_ref());
                self.go(go);
            }
            Screen::Rules => {
                let go = self.rules.key(key, &self.config.theme);
                self.go(go);
            }
            Screen::Stats => {
                let go = self.stats.key(key);
                self.go(go);
            }
            Screen::Replay => match self.replay.as_mut() {
                Some(replay) => {
                    let gos = replay.key(key);
                    self.go_all(gos);
                }
                None => self.screen = Screen::Title,
            },
            Screen::Learn => {
                let offered = self.name_to_offer();
                let go = self.learn.key(key, offered.as_deref());
                self.go(go);
            }
            Screen::Join => match self.online.as_mut() {
                Some(o) => {
                    let gos = o.join_key(key);
                    self.go_all(gos);
                }
                None => self.screen = Screen::Title,
            },
            Screen::Waiting => {
                let gos = self.online.as_mut().map(|o| o.waiting_key(key));
                self.go_all(gos.unwrap_or_default());
            }
        }
    }

    /// The mouse wheel, up or down: it scrolls what the screen shows a
    /// list or a text of (the help, the table's moves, a page, a list),
    /// and nothing else.
    pub fn wheel(&mut self, up: bool) {
        if self.confirm_exit || self.online_popup() {
            return;
        }
        if self.help {
            self.help_scroll = if up {
                self.help_scroll.saturating_sub(3)
            } else {
                (self.help_scroll + 3).min(self.help_max.get())
            };
            return;
        }
        let code = if up { KeyCode::Up } else { KeyCode::Down };
        let key = KeyEvent::new(code, KeyModifiers::NONE);
        match self.screen {
            Screen::Table => {
                if let Some(t) = self.table.as_mut() {
                    t.log_back = if up {
                        (t.log_back + 1).min(t.log.len().saturating_sub(1))
                    } else {
                        t.log_back.saturating_sub(1)
                    };
                }
            }
            // A page: three lines a notch, as terminals scroll text.
            Screen::Rules | Screen::Stats => {
                for _ in 0..3 {
                    self.handle_key(key, Instant::now(), None);
                }
            }
            // A list: one row a notch (not while a question is asked).
            Screen::Title | Screen::Load | Screen::Learn | Screen::Join
                if self.load.confirm_delete.is_none() =>
            {
                self.handle_key(key, Instant::now(), None)
            }
            Screen::Setup if self.setup.editing.is_none() => {
                self.handle_key(key, Instant::now(), None)
            }
            _ => {}
        }
    }

    /// A left click at a cell of the screen.
    pub fn click(&mut self, column: u16, row: u16) {
        // Nothing under a popup, the curtain or a field being typed is hit.
        let covered = self.help
            || self.confirm_exit
            || self.online_popup()
            || self.load.confirm_delete.is_some() && self.screen == Screen::Load
            || self.setup.editing.is_some() && self.screen == Screen::Setup
            || self.table.as_ref().is_some_and(|t| {
                self.screen == Screen::Table
                    && (t.confirm_quit
                        || t.confirm_place.is_some()
                        || t.confirm_undo.is_some()
                        || t.end.is_some()
                        || t.offering()
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
                self.title.cursor = i;
                let go = self.title.choose(&self.title_items());
                self.go(go);
            }
            (Screen::Setup, Hit::Row(i)) => self.setup.cursor = i,
            (Screen::Join, Hit::Row(i)) => {
                if let Some(o) = self.online.as_mut() {
                    o.join_click(i);
                }
            }
            (Screen::Learn, Hit::Row(i)) if self.learn.naming.is_none() => {
                self.learn.cursor = i;
                let offered = self.name_to_offer();
                let go = self.learn.choose(offered.as_deref());
                self.go(go);
            }
            (Screen::Load, Hit::Row(i)) => {
                self.load.cursor = i;
                let go = self.load.choose();
                self.go(go);
            }
            (Screen::Table, Hit::Hand(i)) => {
                self.with_table(|t, desk| {
                    t.cursor = i;
                    t.picking = None;
                    let v = t.view();
                    t.choose(&v, desk);
                });
            }
            (Screen::Table, Hit::Center(id)) => {
                self.with_table(|t, desk| t.click_center(id, desk));
            }
            _ => {}
        }
    }

    /// The saves folder, or a message that there is none.
    pub(crate) fn saves_store(&mut self) -> Option<Store> {
        if self.store.is_none() {
            self.say(
                "There is no data directory, so there are no saved games.",
                true,
            );
        }
        self.store.clone()
    }

    /// Whether a saved game may be there to continue (looked at once a
    /// visit of the title): the title offers Continue only then. Only the
    /// files' names are looked at, so that a damaged save is reported
    /// where it is opened; a directory of finished games still offers
    /// Continue, which then says there is none unfinished.
    pub fn can_continue(&self) -> bool {
        if let Some(known) = self.continuable.get() {
            return known;
        }
        let known = self.store.as_ref().is_some_and(Store::has_saves);
        self.continuable.set(Some(known));
        known
    }

    /// Resumes the newest unfinished game. If another copy of the program
    /// has it open, says so and stays where it is: nothing is opened twice.
    pub fn continue_game(&mut self) {
        let Some(store) = self.saves_store() else {
            return;
        };
        let (candidates, mut problems) = store.unfinished();
        // The newest that opens and is not over (a save with its own word
        // list is known to be finished only once opened).
        for entry in &candidates {
            let lock = match store.lock(&entry.path) {
                Ok(lock) => Some(lock),
                Err(store::Locked::Elsewhere) => {
                    self.say(open_elsewhere(&entry.summary), true);
                    return;
                }
                Err(store::Locked::Unavailable(why)) => {
                    tracing::warn!("could not lock {}: {why}", entry.path.display());
                    None
                }
            };
            match store.load(&entry.path) {
                Ok(game) if game.is_over() => {}
                Ok(game) => {
                    self.open_saved(&entry.path, game, lock);
                    if let Some(t) = self.table.as_mut().filter(|_| !problems.is_empty()) {
                        t.set_note(problems.join(" "), true);
                    }
                    return;
                }
                Err(e) => problems.push(e),
            }
        }
        let mut text = vec!["There is no unfinished game to continue.".to_string()];
        text.extend(problems);
        let error = text.len() > 1;
        self.say(text.join(" "), error);
    }

    /// Opens the save at `path` from the Load list; if another copy of the
    /// program has it open, says so and stays on the list.
    pub(crate) fn resume(&mut self, path: &std::path::Path) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let lock = match store.lock(path) {
            Ok(lock) => Some(lock),
            Err(store::Locked::Elsewhere) => {
                let entry = self.load.saves.iter().find(|e| e.path == path);
                let summary = entry.map_or(String::new(), |e| e.summary.clone());
                self.say(open_elsewhere(&summary), true);
                return;
            }
            Err(store::Locked::Unavailable(why)) => {
                tracing::warn!("could not lock {}: {why}", path.display());
                None
            }
        };
        match store.load(path) {
            Ok(game) => self.open_saved(path, game, lock),
            Err(e) => self.say(e, true),
        }
    }

    /// Puts a loaded game on the table, holding its save's lock. If its last
    /// move ended a round, the round's end is shown again: a score sheet
    /// left up when the program stopped (Ctrl-C, a signal) is not skipped.
    pub(crate) fn open_saved(
        &mut self,
        path: &std::path::Path,
        game: Box<dyn TableGame>,
        lock: Option<store::SaveLock>,
    ) {
        let (kids, pause) = store::read_prefs(path);
        let kids = kids.unwrap_or(game.variant() == VariantId::Wump);
        if let Some(pause) = pause {
            self.config.pause = pause;
        }
        let mut t = TableState::new(game, Some(path.to_path_buf()), kids);
        t.lock = lock;
        t.log
            .push(format!("Resumed {}.", store::describe(t.game.as_ref())));
        // A round's end is read before play goes on (a finished game's end
        // is the table's own line: it is not asked about again).
        t.end = t
            .game
            .last_played()
            .and_then(|p| p.end)
            .filter(|end| !end.match_over);
        t.settle(Instant::now());
        self.table = Some(t);
        self.screen = Screen::Table;
    }

    pub(crate) fn open_load(&mut self) {
        let Some(store) = self.saves_store() else {
            return;
        };
        let (load, problems) = LoadScreen::open(&store);
        self.load = load;
        if let Some(problems) = problems {
            self.say(problems, true);
        }
        self.screen = Screen::Load;
    }

    /// Starts the game the form describes.
    pub fn start_game(&mut self) {
        let problem = self
            .setup
            .seats
            .iter()
            .filter(|s| s.is_human())
            .find_map(|s| rummy::seat::name_problem(&s.name));
        if let Some(why) = problem {
            self.say(why, true);
            return;
        }
        if let Some(name) = rummy::seat::shared_name(&self.setup.seats) {
            self.say(
                format!("Two seats are both called {name}: give each player a name of their own."),
                true,
            );
            return;
        }
        let form = &self.setup;
        let seed = match (&self.online, form.seed) {
            // Over the network a seed would let anyone work out the hands.
            (Some(_), _) | (None, None) => fresh_seed(),
            (None, Some(seed)) => seed,
        };
        let new = NewTable {
            variant: form.variant,
            options: form.option_changes(),
            seats: form.seats.clone(),
            seed,
            dict: self.config.dict.clone(),
            dict_path: self.config.dict_path.clone(),
        };
        self.config.pause = form.bot_pause;
        if self.is_online() {
            let (kids, pause) = (form.kids, form.bot_pause);
            self.create_table(new, kids, pause);
            return;
        }
        let (remembered, kids) = (form.remembered(), form.kids);
        if self.start_table(new, kids, "")
            && let Some(store) = self.store.as_ref()
        {
            store.write_form(&remembered);
        }
    }

    /// The game over on the table again: the same game, rules and seats, a
    /// new deal.
    pub fn play_again(&mut self) {
        let Some(t) = self.table.as_mut() else { return };
        if t.online.is_some() {
            t.set_note(
                "To play again over the network, make a new table from the title.",
                true,
            );
            return;
        }
        let new = NewTable {
            variant: t.game.variant(),
            options: t.game.options(),
            seats: t.game.seats().to_vec(),
            seed: fresh_seed(),
            dict: self.config.dict.clone(),
            dict_path: self.config.dict_path.clone(),
        };
        let kids = t.kids;
        self.start_table(new, kids, "");
    }

    /// Puts a new game on the table, `with` added to the log's first line
    /// (", with a coach"); false, said, if it cannot
    /// start.
    pub(crate) fn start_table(&mut self, new: NewTable, kids: bool, with: &str) -> bool {
        let variant = new.variant;
        let game = match open(new) {
            Ok(g) => g,
            Err(e) => {
                self.say(format!("{e:#}"), true);
                return false;
            }
        };
        // Saved (with the screen's settings) from its first move on, and
        // locked from now on.
        let (save, lock) = match self.store.as_ref() {
            Some(store) => {
                let (path, lock) = store.new_game(variant.name());
                (Some(path), lock)
            }
            None => (None, None),
        };
        let mut t = TableState::new(game, save, kids);
        t.lock = lock;
        let seed = t
            .game
            .seed_shown()
            .map_or(String::new(), |s| format!(", seed {s}"));
        // First, before what the table said as it opened (who checks words).
        t.log
            .insert(0, format!("New game of {}{seed}{with}.", variant.title()));
        self.table = Some(t);
        self.screen = Screen::Table;
        self.message = None;
        self.first_run = false;
        self.autosave();
        true
    }

    /// Writes the game on the table to its save file; false (with a note
    /// saying what is not saved) if it failed.
    pub(crate) fn autosave(&mut self) -> bool {
        self.with_table(|t, desk| t.autosave(desk)).unwrap_or(true)
    }

    /// Lends the game on the table what its moves need of the app (a
    /// [`Desk`]), runs `f` on it, then does what the table asked: other
    /// screens, requests to the server, keys that wait for a quiet moment.
    /// `None` with no game on the table.
    pub(crate) fn with_table<R>(
        &mut self,
        f: impl FnOnce(&mut TableState, &mut Desk) -> R,
    ) -> Option<R> {
        let t = self.table.as_mut()?;
        let mut desk = Desk {
            store: self.store.as_ref(),
            pause: self.config.pause,
            ahead: self.ahead.as_ref(),
            out: Vec::new(),
            requests: Vec::new(),
            arm: false,
            shared: self.online.is_some(),
        };
        let r = f(t, &mut desk);
        let Desk {
            out, requests, arm, ..
        } = desk;
        if arm {
            self.keys.arm();
        }
        for request in requests {
            self.request(request);
        }
        self.go_all(out);
        Some(r)
    }

    /// A key on the table.
    fn table_key(&mut self, key: KeyEvent, now: Instant, previous: Option<Instant>) {
        if self
            .with_table(|t, desk| t.key(key, now, previous, desk))
            .is_none()
        {
            self.screen = Screen::Title;
        }
    }

    /// After a move by the human `me`: the log, the ending, the save.
    #[cfg(test)]
    pub(crate) fn done(&mut self, me: SeatId, result: Result<super::adapter::Played, String>) {
        self.with_table(|t, desk| t.done(me, result, desk));
    }

    /// After any move: the table's questions and picks put away, the
    /// review sent on, the game saved.
    #[cfg(test)]
    pub(crate) fn after_move(&mut self) {
        self.with_table(|t, desk| t.after_move(desk));
    }

    /// Back to the title. If the game could not be saved, the player is
    /// asked first, told how many moves are not saved; `anyway` is their yes
    /// to that question. Nothing is lost unseen.
    /// "How did I play?": the game just ended, in the replay with every
    /// move judged; leaving it goes back to the title.
    pub(crate) fn review_game(&mut self) {
        let Some(t) = self.table.as_ref() else { return };
        let text = t.game.save_json();
        let kids = Some(t.kids);
        let name = format!("this game of {}", t.game.variant().title());
        self.leave_table(false);
        if self.table.is_some() {
            // Leaving asked first (the game could not be saved).
            return;
        }
        match Replay::of_text(text, name, kids, Some(Screen::Title)) {
            Ok(replay) => {
                self.replay = Some(replay);
                self.screen = Screen::Replay;
            }
            Err(e) => self.say(e, true),
        }
    }

    pub(crate) fn leave_table(&mut self, anyway: bool) {
        // Over the network the server keeps the seat and the game.
        if let Some(code) = self
            .table
            .as_ref()
            .and_then(|t| t.online.as_ref())
            .map(|at| at.code.clone())
        {
            let over = self.table.as_ref().is_some_and(|t| t.game.is_over());
            self.request(super::online::Request::Leave);
            self.table = None;
            self.screen = Screen::Title;
            if !over {
                self.say(
                    format!(
                        "You left table {code}. Your seat is kept: join it again with its code."
                    ),
                    false,
                );
            }
            return;
        }
        if !self.autosave() {
            let Some(t) = self.table.as_mut() else { return };
            if !anyway {
                t.confirm_quit = true;
                return;
            }
            let lost = t.unsaved_text().unwrap_or_default();
            tracing::warn!("left a game that is not saved: {lost}");
        }
        self.table = None;
        self.screen = Screen::Title;
    }

    /// What the clock brings: a key held back by the quiet guard, now known
    /// to be pressed on purpose, and a bot's move if one is to move and its
    /// pause is over; true if anything happened.
    pub fn tick(&mut self, now: Instant) -> bool {
        let keyed = self.held_key_due(now);
        // A replay's review, worked out away from the screen, is shown as
        // soon as it is ready.
        let reviewed = self.replay.as_mut().is_some_and(Replay::review_just_ready);
        // So is a hint worked out away from a shared screen's thread.
        let hinted = self.table.as_mut().is_some_and(TableState::hint_tick);
        let same = self.same_cards_tick();
        keyed | reviewed | hinted | same | self.bot_tick(now)
    }

    /// A game one person played, once over at home, is played again on the
    /// same cards by the strongest bot; its figures, once worked out, go
    /// into the statistics with the game's. True if the result came.
    fn same_cards_tick(&mut self) -> bool {
        let Some(t) = self.table.as_mut() else {
            return false;
        };
        if t.same_cards.is_none() && self.config.same_cards && t.online.is_none() {
            t.same_cards = super::same_cards::SameCards::start(t.game.as_ref());
        }
        let Some(same) = t.same_cards.as_mut() else {
            return false;
        };
        if same.recorded || !same.settle() {
            return false;
        }
        if let (Some(store), Some(path)) = (self.store.as_ref(), t.save.as_ref()) {
            let figures = same.poll().and_then(|r| r.as_ref().ok());
            store.record_same_cards(path, t.game.as_ref(), figures, same.accuracy);
            // The person's slips, to practise.
            if let Some(review) = same.review.as_ref() {
                store.record_slips(path, t.game.variant(), review, same.seat);
            }
        }
        same.recorded = true;
        true
    }

    /// Lets a bot move if one is to move and its pause is over; true if one did.
    fn bot_tick(&mut self, now: Instant) -> bool {
        if self.screen != Screen::Table || self.help || self.confirm_exit {
            return false;
        }
        match self.with_table(|t, desk| t.bot_move(now, desk)).flatten() {
            None => false,
            // A bot that looks ahead has started thinking.
            Some(false) => true,
            Some(true) => {
                self.settle(now.max(Instant::now()));
                true
            }
        }
    }

    /// Ctrl-C: quits at once, unless the game on the table cannot be saved;
    /// then it says how many moves would be lost and asks first.
    pub(crate) fn quit_now(&mut self) {
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
}

/// `name` against `bots` bots of `level`, called Bot 2, Bot 3... (Robot
/// where the person is called so).
fn alone_with_bots(name: String, level: BotLevel, bots: usize) -> Vec<Seat> {
    let mut seats = vec![Seat::human(name)];
    for i in 2..2 + bots {
        let mut bot = format!("Bot {i}");
        if seats.iter().any(|s| s.name == bot) {
            bot = format!("Robot {i}");
        }
        seats.push(Seat::bot(bot, level));
    }
    seats
}
