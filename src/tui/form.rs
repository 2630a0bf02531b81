//! The new-game form: the game, its seats, its options and the seed.

use rummy::seat::level_names;
use rummy::seat::{BotLevel, Seat, SeatKind};
use rummy::variants::{RulesSource, VariantId, bot_levels, effective_rules, option_choices};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

/// One row of the new-game form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Game,
    SeatCount,
    Seat(usize),
    Opt(usize),
    Kids,
    BotSpeed,
    /// The colours of every screen (not over the network, where each
    /// terminal says its own).
    Theme,
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
    /// The pause before each bot move (see [`BOT_SPEEDS`]).
    pub bot_pause: Duration,
    /// The colours, as the screen draws them now.
    pub palette: crate::tui::theme::Palette,
    /// The seed a person chose (typed, or `--seed`); `None` deals at random
    /// and keeps the seed out of sight until the game is over, so nobody can
    /// deal the same cards again to look at another player's hand.
    pub seed: Option<u64>,
    pub cursor: usize,
    /// The text being typed into a name or the seed.
    pub editing: Option<String>,
    /// Whether the text being typed is still the old one, shown selected:
    /// the first letter typed replaces it, and Backspace clears it.
    pub fresh: bool,
    /// The names human seats take, in order (the config file's `names`).
    pub names: Vec<String>,
    /// Kids' mode for every game (the config file's `kids`).
    pub kids_pref: Option<bool>,
    /// For a table over the network: no seed (anyone who knew it could
    /// deal the hands again), and the people's seats are filled by whoever
    /// joins.
    pub online: bool,
    /// Each game's options as last played (by the game's short name),
    /// taken again when the form turns to that game.
    pub played_options: BTreeMap<String, toml::Table>,
    /// The level chosen for a bot's seat (by its index) that the game on
    /// the form lacks, which plays as the game's strongest meanwhile: it
    /// comes back with a game that has it (an expert kept through Wump
    /// Rummy, whose strongest is hard), and is what the form remembers.
    pub asked: BTreeMap<usize, BotLevel>,
}

/// What the form remembers from one run to the next (`form.toml` beside
/// the saves): the last game started from it, its seats and names, kids'
/// mode, and each game's options as last played. Never the seed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Remembered {
    pub game: Option<String>,
    pub kids: Option<bool>,
    /// The bot speed last chosen: the pause before each bot move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_pause_ms: Option<u64>,
    /// The theme last chosen ("dark", "light", "high-contrast").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    pub seats: Vec<RememberedSeat>,
    pub options: BTreeMap<String, toml::Table>,
}

/// A seat as remembered: its name, and `human` or the bot's level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RememberedSeat {
    pub name: String,
    pub kind: String,
}

/// A random seed from the whole range of 64 bits: the seed of a game with
/// hidden hands is kept out of sight, and a small range could be searched
/// for the deal that gives a player the hand they hold.
pub(crate) fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    // The standard library keys its hashers from the system's randomness.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(nanos);
    rummy::rng::mix_seed(h.finish(), u64::from(std::process::id()))
}

/// The bot speeds of the form, slowest first: a name and the pause before
/// each bot move, in milliseconds (`--pause-ms` may set another, `--fast`
/// none).
pub const BOT_SPEEDS: [(&str, u64); 4] = [
    ("slow", 1500),
    ("normal", 700),
    ("fast", 250),
    ("instant", 0),
];

/// The pause of the form's speed nearest `ms`, in milliseconds.
pub fn nearest_speed(ms: u64) -> u64 {
    BOT_SPEEDS[speed_index(Duration::from_millis(ms))].1
}

/// The speed nearest `pause` (a tie goes to the slower).
fn speed_index(pause: Duration) -> usize {
    let ms = pause.as_millis() as u64;
    (0..BOT_SPEEDS.len())
        .min_by_key(|&i| BOT_SPEEDS[i].1.abs_diff(ms))
        .unwrap_or(1)
}

/// The speed's name, or the pause itself when it is none of them: "fast",
/// "400 ms".
pub fn speed_label(pause: Duration) -> String {
    let ms = pause.as_millis() as u64;
    match BOT_SPEEDS.iter().find(|(_, p)| *p == ms) {
        Some((name, _)) => name.to_string(),
        None => format!("{ms} ms"),
    }
}

fn default_seat(i: usize, kind: SeatKind) -> Seat {
    match kind {
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
            bot_pause: Duration::from_millis(700),
            palette: crate::tui::theme::Palette::default(),
            seed,
            cursor: 0,
            editing: None,
            fresh: false,
            names: Vec::new(),
            kids_pref: None,
            online: false,
            played_options: BTreeMap::new(),
            asked: BTreeMap::new(),
        };
        form.load_rules();
        form
    }

    /// The config file's defaults: the human seats take `names` in order,
    /// and kids' mode is `kids` for every game.
    pub fn prefer(&mut self, names: &[String], kids: Option<bool>) {
        self.names = names.to_vec();
        self.kids_pref = kids;
        if let Some(k) = kids {
            self.kids = k;
        }
        let humans: Vec<usize> = (0..self.seats.len())
            .filter(|&i| self.seats[i].is_human())
            .collect();
        for (i, name) in humans.into_iter().zip(names) {
            self.seats[i].name = name.clone();
        }
    }

    /// The name a seat turned human takes: the first of the config file's
    /// names no seat has, else the form's own.
    fn human_name(&self, i: usize) -> String {
        let taken = |n: &String| self.seats.iter().any(|s| s.name.eq_ignore_ascii_case(n));
        self.names
            .iter()
            .find(|n| !taken(n))
            .cloned()
            .unwrap_or_else(|| default_seat(i, SeatKind::Human).name)
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
        // As the rules declare them, not in the table's alphabetical order.
        let order = rummy::variants::option_names(self.variant);
        self.options
            .sort_by_key(|(k, _)| order.iter().position(|n| n == k).unwrap_or(usize::MAX));
        self.take_played_options();
        let n = self.seats.len().clamp(self.min_seats, self.max_seats);
        self.resize(n);
    }

    /// The game's options as last played, each one the rules still take
    /// (a value they refuse keeps the rules' own).
    fn take_played_options(&mut self) {
        let Some(played) = self.played_options.get(self.variant.name()).cloned() else {
            return;
        };
        for (name, value) in played {
            let Some(at) = self.options.iter().position(|(k, _)| *k == name) else {
                continue;
            };
            if std::mem::discriminant(&self.options[at].1) != std::mem::discriminant(&value) {
                continue;
            }
            let old = std::mem::replace(&mut self.options[at].1, value);
            if rummy::variants::check_options(self.variant, &self.option_changes()).is_err() {
                self.options[at].1 = old;
            }
        }
    }

    /// What the form would remember now.
    pub fn remembered(&self) -> Remembered {
        let mut options = self.played_options.clone();
        options.insert(
            self.variant.name().to_string(),
            self.options.iter().cloned().collect(),
        );
        Remembered {
            game: Some(self.variant.name().to_string()),
            kids: Some(self.kids),
            bot_pause_ms: Some(self.bot_pause.as_millis() as u64),
            theme: Some(self.palette.name().to_string()),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| RememberedSeat {
                    name: s.name.clone(),
                    kind: match s.kind {
                        SeatKind::Human => "human".to_string(),
                        SeatKind::Bot(level) => {
                            self.asked.get(&i).copied().unwrap_or(level).to_string()
                        }
                    },
                })
                .collect(),
            options,
        }
    }

    /// Sets the form as remembered, as far as it still holds: a game this
    /// build lacks, a level its game lacks, a name or an option value
    /// the rules refuse keeps the form's own.
    pub fn recall(&mut self, r: &Remembered) {
        self.played_options = r.options.clone();
        if let Some(v) = r
            .game
            .as_deref()
            .and_then(|g| g.parse::<VariantId>().ok())
            .filter(|v| v.is_available())
        {
            self.variant = v;
            self.kids = self.kids_pref.unwrap_or(v == VariantId::Wump);
        }
        self.load_rules();
        if let Some(kids) = r.kids {
            self.kids = kids;
        }
        if r.seats.is_empty() {
            return;
        }
        let n = r.seats.len().clamp(self.min_seats, self.max_seats);
        let levels = bot_levels(self.variant);
        self.asked.clear();
        self.seats = (0..n)
            .map(|i| {
                let seat = &r.seats[i];
                let kind = match seat.kind.as_str() {
                    "human" => SeatKind::Human,
                    other => match other.parse::<BotLevel>() {
                        Ok(l) if levels.contains(&l) => SeatKind::Bot(l),
                        Ok(l) => {
                            self.asked.insert(i, l);
                            SeatKind::Bot(levels[levels.len() - 1])
                        }
                        Err(_) => SeatKind::Bot(BotLevel::Normal),
                    },
                };
                let mut out = default_seat(i, kind);
                if rummy::seat::name_problem(seat.name.trim()).is_none() {
                    out.name = seat.name.trim().to_string();
                }
                out
            })
            .collect();
    }

    /// The form as it first is, nothing remembered: the config file's
    /// names and kids' mode, and the bots' speed and seed of this run.
    pub fn forget(&mut self) {
        let mut fresh = SetupForm::new(VariantId::Wump, self.seed);
        fresh.bot_pause = self.bot_pause;
        fresh.palette = self.palette;
        fresh.online = self.online;
        fresh.prefer(&self.names.clone(), self.kids_pref);
        *self = fresh;
    }

    fn resize(&mut self, n: usize) {
        while self.seats.len() < n {
            let i = self.seats.len();
            self.seats
                .push(default_seat(i, SeatKind::Bot(BotLevel::Normal)));
        }
        self.seats.truncate(n);
        self.asked.retain(|&i, _| i < n);
    }

    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Game, Row::SeatCount];
        rows.extend((0..self.seats.len()).map(Row::Seat));
        rows.extend((0..self.options.len()).map(Row::Opt));
        rows.extend([Row::Kids, Row::BotSpeed]);
        if !self.online {
            rows.extend([Row::Theme, Row::Seed]);
        }
        rows.push(Row::Start);
        rows
    }

    /// The first seat of a person.
    pub fn first_human(&self) -> Option<usize> {
        self.seats.iter().position(Seat::is_human)
    }

    pub fn row(&self) -> Row {
        let rows = self.rows();
        rows[self.cursor.min(rows.len() - 1)]
    }

    /// What the current row does, in a line.
    pub fn about(&self) -> String {
        match self.row() {
            Row::Game => "The game to play: ← → go through the five.".to_string(),
            Row::SeatCount => format!(
                "How many play: {} to {} for this game.",
                self.min_seats, self.max_seats
            ),
            Row::Seat(i) if self.online && self.first_human() == Some(i) => {
                "Your seat, under the name you connected with.".to_string()
            }
            Row::Seat(i) if self.online && self.seats.get(i).is_some_and(Seat::is_human) => {
                "A person who joins the table with its code sits here. ← → make it a bot."
                    .to_string()
            }
            // A name kept from the last game, where the config file names
            // others: which wins is said where it shows.
            Row::Seat(i)
                if self.seats.get(i).is_some_and(|s| {
                    s.is_human() && !self.names.is_empty() && !self.names.contains(&s.name)
                }) =>
            {
                "Last time's name wins over the config file's names (x forgets). Enter renames."
                    .to_string()
            }
            Row::Seat(i) if self.seats.get(i).is_some_and(Seat::is_human) => {
                "A person: Enter types their name, kept for next time. ← → make it a bot."
                    .to_string()
            }
            Row::Seat(_) => {
                format!(
                    "A bot: {}. ← → change it, or make it a person.",
                    level_names(bot_levels(self.variant))
                )
            }
            Row::Opt(i) => {
                let name = self.options.get(i).map_or("", |(k, _)| k.as_str());
                rummy::variants::option_about(self.variant, name).to_string()
            }
            Row::Kids if self.variant == VariantId::Wump => {
                "More help for a child: the cards they can take are lit; hints in simple words."
                    .to_string()
            }
            Row::Kids => {
                "More help for a child: hints in simple words, a line on each move.".to_string()
            }
            Row::BotSpeed => "How long each bot move stays on screen before the next.".to_string(),
            Row::Theme => {
                "The colours: dark, light or high-contrast. Kept for next time.".to_string()
            }
            Row::Seed => {
                "The shuffle: the same seed and seats deal the same cards. r: random.".to_string()
            }
            Row::Start if self.online => {
                "Make the table (s does it from any row); it starts when every person's seat is \
                 taken."
                    .to_string()
            }
            Row::Start => "Start the game (s does it from any row).".to_string(),
        }
    }

    /// Sets integer option `i` to `value` if the rules take it; if not,
    /// the sentence that says why ("Rounds must be between 1 and 11.").
    pub(crate) fn set_number(&mut self, i: usize, value: i64) -> Result<(), String> {
        let Some((name, _)) = self.options.get(i) else {
            return Ok(());
        };
        // Options are counted in 32 bits: a bigger number is out of range,
        // which the rules' own sentence says.
        let value = value.clamp(0, i64::from(u32::MAX));
        let mut changes = self.option_changes();
        changes.retain(|(k, _)| k != name);
        changes.push((name.clone(), value.to_string()));
        rummy::variants::check_options(self.variant, &changes)?;
        self.options[i].1 = toml::Value::Integer(value);
        Ok(())
    }

    /// Left or right on the current row; the sentence that refuses a value
    /// the rules do not take.
    pub(crate) fn change(&mut self, step: i64) -> Result<(), String> {
        match self.row() {
            Row::Game => {
                let games: Vec<VariantId> = VariantId::ALL
                    .into_iter()
                    .filter(|v| v.is_available())
                    .collect();
                let i = games.iter().position(|&v| v == self.variant).unwrap_or(0);
                let next = games[(i as i64 + step).rem_euclid(games.len() as i64) as usize];
                if next != self.variant {
                    // The options of the game left are taken again when
                    // the form comes back to it.
                    let left: toml::Table = self.options.iter().cloned().collect();
                    self.played_options
                        .insert(self.variant.name().to_string(), left);
                    self.variant = next;
                    // A level the game does not offer plays as its strongest,
                    // and comes back with a game that offers it.
                    let levels = bot_levels(next);
                    for (i, seat) in self.seats.iter_mut().enumerate() {
                        if let SeatKind::Bot(level) = seat.kind {
                            let wanted = self.asked.remove(&i).unwrap_or(level);
                            if levels.contains(&wanted) {
                                seat.kind = SeatKind::Bot(wanted);
                            } else {
                                self.asked.insert(i, wanted);
                                seat.kind = SeatKind::Bot(levels[levels.len() - 1]);
                            }
                        }
                    }
                    self.kids = self.kids_pref.unwrap_or(next == VariantId::Wump);
                    self.load_rules();
                }
            }
            Row::SeatCount => {
                let n = (self.seats.len() as i64 + step)
                    .clamp(self.min_seats as i64, self.max_seats as i64);
                self.resize(n as usize);
            }
            Row::Seat(i) => {
                let kinds: Vec<SeatKind> = std::iter::once(SeatKind::Human)
                    .chain(bot_levels(self.variant).iter().map(|&l| SeatKind::Bot(l)))
                    .collect();
                let k = kinds
                    .iter()
                    .position(|&k| k == self.seats[i].kind)
                    .unwrap_or(0);
                let kind = kinds[(k as i64 + step).rem_euclid(kinds.len() as i64) as usize];
                let was_human = self.seats[i].is_human();
                self.seats[i].kind = kind;
                self.asked.remove(&i);
                if was_human != (kind == SeatKind::Human) {
                    self.seats[i].name = match kind {
                        SeatKind::Human => self.human_name(i),
                        SeatKind::Bot(_) => default_seat(i, kind).name,
                    };
                }
            }
            Row::Opt(i) => {
                let choices = option_choices(self.variant, &self.options[i].0);
                let v = &mut self.options[i].1;
                match v {
                    toml::Value::Boolean(b) => *b = !*b,
                    toml::Value::Integer(n) => {
                        let next = n.saturating_add(step).max(0);
                        return self.set_number(i, next);
                    }
                    toml::Value::String(s) if !choices.is_empty() => {
                        let at = choices.iter().position(|c| c == s).unwrap_or(0) as i64;
                        let n = choices.len() as i64;
                        *s = choices[(at + step).rem_euclid(n) as usize].to_string();
                    }
                    _ => {}
                }
            }
            Row::Kids => self.kids = !self.kids,
            Row::Theme => {
                use crate::tui::theme::Palette;
                let n = Palette::ALL.len() as i64;
                let at = Palette::ALL
                    .iter()
                    .position(|&p| p == self.palette)
                    .unwrap_or(0) as i64;
                self.palette = Palette::ALL[(at + step).rem_euclid(n) as usize];
            }
            Row::BotSpeed => {
                let at = speed_index(self.bot_pause) as i64;
                let next = (at + step).clamp(0, BOT_SPEEDS.len() as i64 - 1) as usize;
                self.bot_pause = Duration::from_millis(BOT_SPEEDS[next].1);
            }
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
        Ok(())
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
