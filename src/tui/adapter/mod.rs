//! The table as the screen sees it. `TableGame` is the one door between the
//! screen and a game: moves go in, sentences and per-seat snapshots come out.
//! A snapshot is made for one viewer and holds only what that seat may know,
//! so the drawing code cannot show a hidden hand by mistake.

pub mod alpharummy;
pub mod five_suited;
pub mod play_on_words;
pub mod word_screen;
pub mod words;
pub mod wrummy;
pub mod wump;

use anyhow::{Result, anyhow};
use rummy::card::{Card, CardId};
use rummy::dict::Dictionary;
use rummy::game::{Playable, Session, Setup};
use rummy::open::{MoveKind, Open};
use rummy::seat::{BotLevel, ScoreRow, Seat, SeatId, SeatKind};

pub use rummy::AnySession;
pub use rummy::variants::AnyThought;
use rummy::variants::{RulesSource, VariantId, load_rules};
use std::sync::Arc;

/// One seat on the screen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatPanel {
    pub name: String,
    /// "human" or "bot (hard)".
    pub who: String,
    /// The cards, or `None` when the viewer may not see them.
    pub cards: Option<Vec<Card>>,
    pub card_count: usize,
    /// Cards claimed this game, where the game counts them.
    pub claimed: Option<usize>,
    /// The match score (games won, or points).
    pub score: i64,
    pub to_move: bool,
    pub is_viewer: bool,
    /// A word on the seat for its line: "went out", "laid down 12 points".
    pub note: Option<String>,
    /// Where a gap separates groups of the cards (melds), as card indices.
    pub gaps: Vec<usize>,
    /// The seat's words on the table, in a word game.
    pub words: Vec<ShownWord>,
}

/// A word on the table: each card and the letter it stands for there.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShownWord {
    pub id: u32,
    /// Each card with the letters it stands for there: one, or two for a
    /// combo card such as QU.
    pub cards: Vec<(Card, String)>,
}

/// Everything the table screen draws, for one viewer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    pub title: String,
    /// "Game 2, deal 3 · stock 24 · first to 5 games".
    pub heading: String,
    pub center_label: String,
    pub center: Vec<Card>,
    pub seats: Vec<SeatPanel>,
    /// What the match score counts, for the seat lines: "games won".
    pub score_label: String,
    /// The center's line, when it says more than its name and card count.
    pub center_note: Option<String>,
    /// The cards on screen that are wild this round.
    pub wilds: Vec<CardId>,
    /// Whether the viewer's hand may be sorted and grouped on screen (not
    /// once it is laid down: melds keep their order).
    pub sortable: bool,
    /// The viewer's hand in melds, as well as it lays out now.
    pub groups: Vec<Vec<CardId>>,
    /// What each discard would leave in the viewer's hand, in points.
    pub preview: Vec<(CardId, u32)>,
    /// Whether the seats have words on the table (a line under each hand).
    pub word_game: bool,
    /// Whether center cards show their position (1 the oldest).
    pub center_numbered: bool,
    /// The card the viewer drew or took this turn, marked in the hand
    /// until it discards.
    pub drawn: Option<CardId>,
}

/// A move the screen can offer: play `card` from the hand, onto or against
/// `target` on the table when there is one.
#[derive(Clone, Debug, PartialEq)]
pub struct UiMove {
    pub card: CardId,
    pub target: Option<CardId>,
    pub label: String,
}

/// A hint: the move, a short line and the explanation.
#[derive(Clone, Debug, PartialEq)]
pub struct HintInfo {
    /// The hand card to play, or the table card to take.
    pub card: Option<CardId>,
    pub target: Option<CardId>,
    pub short: String,
    pub long: String,
    /// A word to type, and which of its ways (see [`WordPlan`]) to use.
    pub word: Option<(String, usize)>,
    /// The move in one sentence a six-year-old understands: in kids' mode
    /// the first `h` shows it, the second `long`.
    pub child: Option<String>,
}

impl HintInfo {
    /// A hint that says `short` ("Hint: …"), and `long` with its reason.
    pub fn new(short: String, long: String) -> HintInfo {
        HintInfo {
            card: None,
            target: None,
            short,
            long,
            word: None,
            child: None,
        }
    }
}

/// What typing a word does now, in a word game.
#[derive(Clone, Debug, PartialEq)]
pub struct WordEntry {
    /// The key bar's name for `w`: "word", "call".
    pub key: &'static str,
    /// What a typed word does: "play a word, or grow one on the table".
    pub what: String,
}

/// What a typed word would do now, for lighting its cards and the status line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WordPlan {
    /// "play CAT from your hand: 15 points", or why it cannot be played.
    pub line: String,
    pub error: bool,
    /// The cards it uses: from the hand, or from the center.
    pub cards: Vec<CardId>,
    /// The table word it grows.
    pub grows: Option<u32>,
    /// How many ways there are to play it (Tab goes through them).
    pub ways: usize,
}

/// The end of one game (or round) or of the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameEnd {
    pub match_over: bool,
    pub heading: String,
    /// Each seat's name and count this game.
    pub counts: Vec<(String, i64)>,
    /// Each seat's name and match score.
    pub totals: Vec<(String, i64)>,
    /// "Ann won game 2 with 16 cards." or "a draw".
    pub summary: String,
    /// The same for a child: who won and by how many cards.
    pub friendly: String,
    /// Column names for `counts` and `totals`: "cards", "games won".
    pub count_label: String,
    pub total_label: String,
    /// A score sheet to show instead of the two columns: seat names, then
    /// one row per round with its label.
    pub sheet_names: Vec<String>,
    pub sheet: Vec<(String, Vec<i64>)>,
    /// Lines under the scores: what each seat laid down.
    pub details: Vec<String>,
    /// What Enter goes on to when the match is not over: "game", "round".
    pub next: String,
}

impl GameEnd {
    /// The end of round (or game) `number`, `part` naming which: each
    /// seat's count in it and its total; the sentences, sheet and details
    /// are the game's to add.
    pub fn part_over(
        part: &str,
        number: u32,
        names: &[String],
        counts: &[i64],
        totals: &[i64],
    ) -> GameEnd {
        let mut heading = part.to_string();
        if let Some(first) = heading.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        GameEnd {
            heading: format!("{heading} {number} is over"),
            counts: names.iter().cloned().zip(counts.iter().copied()).collect(),
            totals: names.iter().cloned().zip(totals.iter().copied()).collect(),
            count_label: part.into(),
            total_label: "total".into(),
            sheet_names: names.to_vec(),
            next: part.into(),
            ..GameEnd::default()
        }
    }

    /// The end of a game of rounds, on score sheet `sheet`: the last
    /// round's row and the totals, `said` by the engine's event and
    /// `friendly` for a child; `labels` names the two columns.
    pub fn game_over(
        said: String,
        friendly: String,
        names: &[String],
        totals: &[i64],
        sheet: Vec<(String, Vec<i64>)>,
        labels: (&str, &str),
    ) -> GameEnd {
        let last = sheet
            .last()
            .map_or_else(|| vec![0; names.len()], |(_, s)| s.clone());
        GameEnd {
            match_over: true,
            heading: "The game is over".into(),
            summary: said,
            friendly,
            count_label: labels.0.into(),
            total_label: labels.1.into(),
            sheet,
            ..GameEnd::part_over("game", 0, names, &last, totals)
        }
    }
}

/// A score sheet's rows as the end popup shows them.
pub fn sheet_rows(sheet: &[ScoreRow]) -> Vec<(String, Vec<i64>)> {
    sheet
        .iter()
        .map(|r| (r.label.clone(), r.scores.clone()))
        .collect()
}

/// How a game with draws names its piles and what Enter does with a hand
/// card, for the key bar, the help and the notes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piles {
    /// The face-down pile `s` draws from: "stock".
    pub stock: &'static str,
    /// Whether there is a discard pile whose top `d` takes (and `p`
    /// discards, as Enter does).
    pub discard_pile: bool,
    /// What Enter does with the selected card, on the key bar: "discard".
    pub put: &'static str,
    /// The same in full: "discard the selected card".
    pub put_card: &'static str,
    /// The same after picking a card: "discard it".
    pub put_it: &'static str,
}

impl Default for Piles {
    fn default() -> Piles {
        Piles {
            stock: "stock",
            discard_pile: true,
            put: "discard",
            put_card: "discard the selected card",
            put_it: "discard it",
        }
    }
}

/// What one move did: sentences for the log, and an ending if it ended a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    pub lines: Vec<String>,
    pub end: Option<GameEnd>,
    /// The move itself, to mark on the table until the next.
    pub last: Option<LastMove>,
}

impl Played {
    /// What `events` show: each event's sentence in the log, and what
    /// `each` makes of it (the end of a round or game, the move to mark).
    pub fn of<E: std::fmt::Display>(events: &[E], mut each: impl FnMut(&E, &mut Played)) -> Played {
        let mut out = Played::default();
        for e in events {
            out.lines.push(e.to_string());
            each(e, &mut out);
        }
        out
    }
}

/// A move as the table marks it: in a few words by the center ("Ben put
/// 5♦ down"), and the cards it left on the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LastMove {
    pub line: String,
    pub cards: Vec<CardId>,
}

/// A game as the screen drives it.
pub trait TableGame: AnySession {
    /// Whether hands are hidden from the other seats (the hot-seat curtain).
    fn hidden_hands(&self) -> bool;
    /// A line the log opens with: in a word game whose words stand until
    /// challenged, who checks them (the engine's
    /// [`who_checks`](rummy::wordgame::who_checks)).
    fn opening_note(&self) -> Option<String> {
        None
    }
    /// The game's seed, where showing it gives nothing away: a game without
    /// hidden cards, or one that is over. Whoever knows the seed of a game
    /// with hidden hands can deal it again and see every hand.
    fn seed_shown(&self) -> Option<u64> {
        (!self.hidden_hands() || self.is_over()).then(|| self.seed())
    }
    /// The table as `viewer` may see it; `None` is a spectator.
    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot;
    /// The moves `seat` may make now.
    fn moves(&self, seat: SeatId) -> Vec<UiMove>;
    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String>;
    /// Lets the bot of the seat to move play.
    /// The bot of the seat to move plays; `stand_in`: a bot of that level
    /// plays for the person whose seat it is (away over the network).
    fn play_bot(&mut self, stand_in: Option<BotLevel>) -> Result<Played, String>;
    /// Makes a bot's move worked out on another thread (by the game's
    /// [`thinker`](AnySession::thinker)), if the game is still where it was
    /// asked.
    fn play_thought(&mut self, thought: AnyThought) -> Result<Played, String>;
    fn hint(&self, seat: SeatId) -> Option<HintInfo>;
    /// [`hint`](TableGame::hint) for `seat` as a job for another thread,
    /// on a copy of the game as it stands (see [`Hinting`]).
    fn hinter(&self, seat: SeatId) -> HintJob;
    /// What the status line says to a human whose turn it is.
    fn prompt(&self, seat: SeatId, kids: bool) -> String;
    /// Whether turns in this game start with a draw.
    fn draws_cards(&self) -> bool {
        false
    }
    /// What a game with draws calls its piles and its hand's move.
    fn piles(&self) -> Piles {
        Piles::default()
    }
    /// Whether `seat` is to draw (from the stock or the discard pile) before
    /// it plays a card; `Some(top)` names the discard it may take.
    fn drawing(&self, _seat: SeatId) -> Option<Option<CardId>> {
        None
    }
    /// Why `seat` may not draw from the stock now (the stock is out), in
    /// the engine's words; `None` when `s` draws. No default: a game that
    /// wraps another (the server's screens) must pass it on, or the key bar
    /// offers a draw the game refuses.
    fn stock_refusal(&self, seat: SeatId) -> Option<String>;
    /// Draws for `seat`: the discard pile's top card, or the stock's.
    fn draw(&mut self, _seat: SeatId, _from_discard: bool) -> Result<Played, String> {
        Err("This game has no drawing.".into())
    }
    /// A line about playing `card` now, for the status bar.
    fn preview(&self, _seat: SeatId, _card: CardId) -> Option<String> {
        None
    }
    /// Whether the decision `seat` makes now needs its hand. A decision that
    /// does not (calling a word from the train, challenging a word) is made
    /// in the open: no hand-off curtain, no hand shown.
    fn private(&self, _seat: SeatId) -> bool {
        true
    }
    /// Whether `seat` may take a center card of its choosing now, with every
    /// card above it.
    fn takes_from_center(&self, _seat: SeatId) -> bool {
        false
    }
    fn take(&mut self, _seat: SeatId, _card: CardId) -> Result<Played, String> {
        Err("Cards cannot be taken from the center here.".into())
    }
    /// Why `seat` may not play (put down, discard) hand card `card` now, in
    /// the engine's own words; `None` where the game does not say.
    fn refusal(&self, _seat: SeatId, _card: CardId) -> Option<String> {
        None
    }
    /// Why `seat` can or can't take center card `card` now, in a sentence
    /// from the engine; `None` where the game does not say.
    fn why_take(&self, _seat: SeatId, _card: CardId) -> Option<String> {
        None
    }
    /// What typing a word does for `seat` now, if anything.
    fn typing(&self, _seat: SeatId) -> Option<WordEntry> {
        None
    }
    /// What `text` would do played in its `way` (counted modulo the ways).
    fn word_plan(&self, _seat: SeatId, _text: &str, _way: usize) -> WordPlan {
        WordPlan::default()
    }
    fn play_word(&mut self, _seat: SeatId, _text: &str, _way: usize) -> Result<Played, String> {
        Err("This game has no words.".into())
    }
    /// The keys of this game for `seat` now, beyond the shared ones, each
    /// with what it does: `('c', "challenge")`.
    fn game_keys(&self, _seat: SeatId) -> Vec<(char, String)> {
        Vec::new()
    }
    fn game_key(&mut self, _seat: SeatId, _key: char) -> Result<Played, String> {
        Err("That key does nothing here.".into())
    }
    /// The game key that Enter stands for now, if any (letting a moment
    /// pass, when nothing else is to be chosen).
    fn enter_key(&self, _seat: SeatId) -> Option<char> {
        None
    }
    /// The last move of the log made again on the game as it was before
    /// it: what it did, an end of a round or game among it (shown again
    /// when a save is opened). `None` for a game with no moves.
    fn last_played(&self) -> Option<Played> {
        None
    }
    /// What the table's help page says of this game after its keys: what
    /// the marks on cards mean, the keys of other moments of a turn, and
    /// its numbers (a target, hand sizes, points), each from the game's
    /// options or the engine. One paragraph a line: the help wraps it.
    fn help_notes(&self) -> String {
        String::new()
    }
}

/// The last move of `session` made again on a copy of the game before it,
/// told as `played` tells a move (see [`TableGame::last_played`]).
pub fn replay_last<G: Playable>(
    session: &Session<G>,
    played: impl Fn(&Session<G>, &[G::Event]) -> Played,
) -> Option<Played> {
    let last = session.log().last()?.clone();
    let mut again = session.clone();
    again.truncate(session.log().len() - 1).ok()?;
    let events = again.apply(last.seat, last.action).ok()?;
    Some(played(&again, &events))
}

/// A new game for the screen.
#[derive(Clone)]
pub struct NewTable {
    pub variant: VariantId,
    pub options: Vec<(String, String)>,
    pub seats: Vec<Seat>,
    pub seed: u64,
    pub dict: Arc<Dictionary>,
    pub dict_path: Option<String>,
}

/// Code that runs for one game's types on screen, chosen at run time by
/// [`visit_screen`]: the engine's registry with the screen adapter's bound.
trait ScreenVisitor {
    type Output;
    fn visit<G: Playable>(self) -> Self::Output
    where
        Session<G>: TableGame + 'static;
}

macro_rules! screen_visit {
    ($($id:ident => $game:ty),* $(,)?) => {
        /// Runs `v` with the types of game `id`, as the engine's registry
        /// (`rummy::games!`) lists them: a game in the registry without a
        /// screen adapter does not build.
        fn visit_screen<V: ScreenVisitor>(id: VariantId, v: V) -> Result<V::Output> {
            match id {
                $(VariantId::$id => Ok(v.visit::<$game>()),)*
                #[allow(unreachable_patterns)]
                other => Err(anyhow!("{} cannot be played on screen yet", other.title())),
            }
        }
    };
}
rummy::games!(screen_visit);

/// Starts a game of a variant the screen can play.
pub fn open(new: NewTable) -> Result<Box<dyn TableGame>> {
    struct Open(NewTable);
    impl ScreenVisitor for Open {
        type Output = Result<Box<dyn TableGame>>;
        fn visit<G: Playable>(self) -> Self::Output
        where
            Session<G>: TableGame + 'static,
        {
            let new = self.0;
            let src = RulesSource {
                path: None,
                options: &new.options,
            };
            let rules = load_rules::<G>(&src)?;
            let mut setup = Setup::new(rules, new.seats, new.seed);
            setup.dict = new.dict;
            setup.dict_path = new.dict_path;
            Ok(Box::new(Session::<G>::new(setup)?))
        }
    }
    let variant = new.variant;
    visit_screen(variant, Open(new))?
}

/// Loads a save for the screen.
pub fn load(text: &str, file: &str) -> Result<Box<dyn TableGame>> {
    struct Load<'a>(&'a str, &'a str);
    impl ScreenVisitor for Load<'_> {
        type Output = Result<Box<dyn TableGame>>;
        fn visit<G: Playable>(self) -> Self::Output
        where
            Session<G>: TableGame + 'static,
        {
            Ok(Box::new(Session::<G>::from_save_json(self.0, self.1)?))
        }
    }
    visit_screen(rummy::save::peek_variant(text, file)?, Load(text, file))?
}

/// Whether the engine's table of open moves has the seat draw now, and
/// the pile card `d` takes ([`TableGame::drawing`]).
pub fn drawing_of<A>(open: &Open<A>) -> Option<Option<CardId>> {
    (open.is_open(MoveKind::Draw) || open.is_open(MoveKind::TakeTop))
        .then(|| open.open(MoveKind::TakeTop).and_then(|m| m.card))
}

/// The move `s` (or, `from_pile`, `d`) makes, from the table of open
/// moves; or why it is closed, in the engine's words.
pub fn draw_of<A: Clone>(open: &Open<A>, from_pile: bool) -> Result<A, String> {
    let kind = if from_pile {
        MoveKind::TakeTop
    } else {
        MoveKind::Draw
    };
    match open.open(kind).and_then(|m| m.action.clone()) {
        Some(a) => Ok(a),
        None => Err(open
            .refusal(kind)
            .unwrap_or_else(|| "That move is not open now.".to_string())),
    }
}

/// Lets the bot of the seat to move play (or a bot of the `stand_in` level
/// play for its person), seeded by the game and the move number so that a
/// game plays the same; the events.
pub fn bot_move<G: Playable>(
    session: &mut Session<G>,
    stand_in: Option<BotLevel>,
) -> Result<Vec<G::Event>, String> {
    let thinker = session.thinker(stand_in)?;
    session.play_thought((thinker.think)())
}

/// A bot's thinking, run on the pool.
type Job = Box<dyn FnOnce() + Send>;

/// How many threads bots think on at once, whatever the number of tables:
/// one per core (a look-ahead spreads its own work over the cores too), so
/// a server of many tables with experts keeps its hall's thread, and every
/// other table's keys, free.
pub fn thinking_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A thinking thread gives way to the threads that answer keys: the
/// screen's, and the server's hall and connections. On Linux its nice value
/// goes to 19 (the threads it starts for a search inherit it), so while
/// every core is busy a key is drawn first and a bot thinks a little
/// longer; an idle core still thinks at full speed. (At 200 people at 100
/// tables on two cores, nice 10 still left a key's p99 at 82-96 ms; 19
/// brought it to 33 ms.)
fn give_way() {
    #[cfg(all(target_os = "linux", feature = "serve"))]
    // SAFETY: setpriority with PRIO_PROCESS and 0 changes the nice value of
    // the calling thread only (on Linux a thread's own attribute); it
    // touches no memory of the program.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}

/// Runs `job` on the shared pool of [`thinking_threads`] threads, in the
/// order asked; made on first use. Its threads give way to those that
/// answer keys ([`give_way`]).
pub(crate) fn think_on_the_pool(job: Job) {
    use std::sync::{Arc, Mutex, OnceLock, mpsc};
    static POOL: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();
    let pool = POOL.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..thinking_threads() {
            let rx = Arc::clone(&rx);
            let spawned = std::thread::Builder::new()
                .name(format!("thinking-{i}"))
                .spawn(move || {
                    give_way();
                    loop {
                        // The lock is held only to take the next job.
                        let next = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        match next {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::warn!("no thinking thread: {e}");
            }
        }
        Mutex::new(tx)
    });
    let sent = pool.lock().unwrap_or_else(|e| e.into_inner()).send(job);
    // No thread could be made for the pool: the job runs on its own.
    if let Err(mpsc::SendError(job)) = sent {
        std::thread::spawn(job);
    }
}

/// A bot that looks ahead thinking on its own thread, for the screen and
/// the server alike: they keep drawing and serving meanwhile, and look in
/// at each tick.
pub struct Thinking(std::sync::mpsc::Receiver<AnyThought>);

impl Thinking {
    /// Sets the bot of the seat to move (or the `stand_in`) thinking on its
    /// own thread (see [`AnySession::thinker`]).
    pub fn start(game: &dyn TableGame, stand_in: Option<BotLevel>) -> Result<Thinking, String> {
        let thinker = game.thinker(stand_in)?;
        let (tx, rx) = std::sync::mpsc::channel();
        think_on_the_pool(Box::new(move || {
            // A thinker that panics sends nothing: `poll` says so. And the
            // table may have moved on; then nobody listens.
            let think = std::panic::AssertUnwindSafe(|| thinker.think());
            if let Ok(thought) = std::panic::catch_unwind(think) {
                let _ = tx.send(thought);
            }
        }));
        Ok(Thinking(rx))
    }

    /// The bot's move once it has one; `None` while it still thinks.
    pub fn poll(&self) -> Option<Result<AnyThought, String>> {
        match self.0.try_recv() {
            Ok(thought) => Some(Ok(thought)),
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                Some(Err("The bot stopped thinking without a move.".into()))
            }
        }
    }
}

/// A hint worked out away from the screen: see [`TableGame::hinter`].
pub type HintJob = Box<dyn FnOnce() -> Option<HintInfo> + Send>;

/// A hint worked out on the shared pool of thinking threads, for a screen
/// that shares its thread with others' (the server's): a hint that looks
/// ahead may take a while, and every other table's keys go on meanwhile.
pub struct Hinting {
    found: std::sync::mpsc::Receiver<Option<HintInfo>>,
    came: std::cell::OnceCell<Option<HintInfo>>,
    /// Whom it is for, and how many moves the game had: a hint for another
    /// moment is never shown.
    pub seat: SeatId,
    pub moves: usize,
}

impl Hinting {
    pub fn start(game: &dyn TableGame, seat: SeatId) -> Hinting {
        let job = game.hinter(seat);
        let (tx, found) = std::sync::mpsc::channel();
        think_on_the_pool(Box::new(move || {
            // A hint that panics is no hint: `poll` says so.
            let hint = std::panic::AssertUnwindSafe(job);
            if let Ok(hint) = std::panic::catch_unwind(hint) {
                let _ = tx.send(hint);
            }
        }));
        Hinting {
            found,
            came: std::cell::OnceCell::new(),
            seat,
            moves: game.moves_played(),
        }
    }

    /// The hint once worked out (`Some(None)`: there is none); `None`
    /// while it is still being worked out.
    pub fn poll(&self) -> Option<Option<HintInfo>> {
        if let Some(hint) = self.came.get() {
            return Some(hint.clone());
        }
        let hint = match self.found.try_recv() {
            Ok(hint) => hint,
            Err(std::sync::mpsc::TryRecvError::Empty) => return None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => None,
        };
        Some(self.came.get_or_init(|| hint).clone())
    }
}

/// Makes the move of `thought` (see [`TableGame::play_thought`]): the
/// events.
pub fn thought_move<G: Playable>(
    session: &mut Session<G>,
    thought: AnyThought,
) -> Result<Vec<G::Event>, String> {
    session.play_thought(rummy::variants::thought_of(thought))
}

pub fn who(seat: &Seat) -> String {
    match seat.kind {
        SeatKind::Human => "human".to_string(),
        SeatKind::Bot(level) => format!("bot ({level})"),
    }
}
