//! Screen tests: snapshots of every screen drawn on ratatui's `TestBackend`,
//! the hot-seat curtain with a test-only game of hidden hands, undo, and
//! saves.

use super::adapter::{
    AnySession, GameEnd, HintInfo, NewTable, Played, SeatPanel, Snapshot, TableGame, UiMove, open,
};
use super::app::{App, Screen, SetupForm, TableState};
use super::form::Row;
use super::store::Store;
use super::test_kit::{config, keys, play_the_hint, press, render, render_cards, table, temp_dir};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rummy::card::{Card, CardId, Face, Rank, Suit};
use rummy::dict::Dictionary;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::VariantId;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A Wump game of `seats` on the table, as the menu would start it.
fn wump_app(seats: Vec<Seat>, kids: bool, ascii: bool) -> App {
    let mut app = App::new(config(ascii), None);
    app.setup.seats = seats;
    app.setup.kids = kids;
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

fn you_and_bot() -> Vec<Seat> {
    vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)]
}

/// A Wump game of a human and a bot, saved in a fresh data folder named
/// after `name`: the folder, its store and the app.
fn saved_game(name: &str, kids: bool) -> (tempfile::TempDir, Store, App) {
    let dir = temp_dir(name);
    let store = Store::open(dir.path()).expect("store");
    let mut app = App::new(config(false), Some(store.clone()));
    app.setup.seats = you_and_bot();
    app.setup.kids = kids;
    app.start_game();
    // Saved from the first move on.
    assert!(store.list().0.is_empty(), "a game with no moves is saved");
    play_first(&mut app);
    (dir, store, app)
}

#[test]
fn title_and_menus() {
    let mut app = App::new(config(false), None);
    insta::assert_snapshot!("title", render(&mut app, 80, 24));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Setup);
    insta::assert_snapshot!("setup", render(&mut app, 80, 24));
    press(&mut app, KeyCode::Char('?'));
    insta::assert_snapshot!("setup_help", render(&mut app, 80, 24));
    press(&mut app, KeyCode::Char('x'));
    assert!(!app.help);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
    // How to play is third: with nothing saved there is no Continue.
    for _ in 0..2 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Rules);
    let rules = render(&mut app, 80, 24);
    insta::assert_snapshot!("rules", rules);
    assert!(rules.contains("How to play: Wump Rummy"), "{rules}");
    assert!(
        rules.contains("Collect more cards than anyone else."),
        "{rules}"
    );
    press(&mut app, KeyCode::Right);
    assert_ne!(app.rules.variant, VariantId::Wump);
    press(&mut app, KeyCode::Esc);
    // Without a data directory, Load says why there is nothing to load.
    app.title.cursor = app.title_index("Load a game");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Title);
    insta::assert_snapshot!("title_no_saves", render(&mut app, 80, 24));
    // Esc, which is "back" elsewhere, asks before quitting; n stays, y
    // quits. q quits at once.
    press(&mut app, KeyCode::Esc);
    assert!(!app.quit && app.confirm_exit);
    let screen = render(&mut app, 80, 24);
    assert!(screen.contains("Quit rummy?"), "{screen}");
    assert!(
        screen.contains("y quit") && screen.contains("n stay"),
        "{screen}"
    );
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quit && !app.confirm_exit);
    assert_eq!(app.screen, Screen::Title);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
    let mut app = App::new(config(false), None);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn the_form_edits_seats_options_and_seed() {
    let mut app = App::new(config(false), None);
    press(&mut app, KeyCode::Enter);
    // Seats: 2 -> 3.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.setup.seats.len(), 3);
    // Seat 1: rename Ann.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.editing.as_deref(), Some("Player 1"));
    for _ in 0.."Player 1".len() {
        press(&mut app, KeyCode::Backspace);
    }
    // Emptied, the field offers neither Backspace nor Enter; Esc is there.
    let bar = super::commands::key_bar(&super::screens::setup::commands(&app.setup)).fit(80);
    assert!(
        !bar.contains("Backspace") && !bar.contains("Enter"),
        "{bar}"
    );
    assert!(bar.contains("Esc cancel"), "{bar}");
    // "You" would make sentences like "You has played": refused as typed,
    // and typing goes on.
    keys(&mut app, "You");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.editing.as_deref(), Some("You"));
    assert!(
        app.message
            .as_ref()
            .is_some_and(|(m, e)| *e && m.contains("\"You\" can't be a name"))
    );
    for _ in 0..3 {
        press(&mut app, KeyCode::Backspace);
    }
    keys(&mut app, "Ann");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.seats[0].name, "Ann");
    assert_eq!(app.message, None, "the refusal goes once the name is good");
    // Seat 2: normal bot -> hard bot.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    assert_eq!(
        app.setup.seats[1].kind,
        rummy::seat::SeatKind::Bot(BotLevel::Hard)
    );
    // match_target 5 -> 3 (options come from the rules file, in its order).
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    let i = app
        .setup
        .options
        .iter()
        .position(|(k, _)| k == "match_target")
        .expect("the option");
    app.setup.cursor = 2 + 3 + i;
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    // The seed takes digits only.
    let rows = app.setup.rows().len();
    app.setup.cursor = rows - 2;
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "4x2");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.seed, Some(42));
    // Left and right on the seed stay within its range.
    app.setup.seed = Some(u64::MAX);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.setup.seed, Some(u64::MAX));
    press(&mut app, KeyCode::Left);
    assert_eq!(app.setup.seed, Some(u64::MAX - 1));
    // `r` deals at random, and the form does not show the seed.
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.setup.seed, None);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.setup.seed, None);
    let frame = render(&mut app, 80, 24);
    assert!(frame.contains("Seed               random"), "{frame}");
    app.setup.seed = Some(42);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.screen, Screen::Table);
    let t = table(&app);
    assert_eq!(t.game.seats().len(), 3);
    assert_eq!(t.game.seats()[0].name, "Ann");
    assert_eq!(t.game.seed(), 42);
    let snap = t.game.snapshot(None);
    assert!(
        snap.heading.contains("first to 3 games"),
        "{}",
        snap.heading
    );
}

#[test]
fn a_card_with_one_take_names_it_instead_of_asking_which() {
    let (mut one, mut many) = (false, false);
    for seed in 1..40 {
        let mut cfg = config(false);
        cfg.seed = Some(seed);
        let mut app = App::new(cfg, None);
        app.setup.seats = you_and_bot();
        app.start_game();
        let hand = table(&app).hand();
        for card in table(&app).lit_hand() {
            let i = hand.iter().position(|c| *c == card).expect("in hand");
            app.table.as_mut().unwrap().cursor = i;
            let targets = table(&app).view().targets;
            press(&mut app, KeyCode::Enter);
            let (note, _) = table(&app).note.clone().expect("a note");
            if let [only] = targets.as_slice() {
                one = true;
                assert!(
                    note.ends_with("? Enter to take it, p to put your card down instead."),
                    "{note}"
                );
                assert!(
                    note.to_lowercase().starts_with(&only.label.to_lowercase()),
                    "{note}"
                );
                // Enter makes exactly the take named.
                let before = table(&app).game.movers().len();
                press(&mut app, KeyCode::Enter);
                assert_eq!(table(&app).game.movers().len(), before + 1);
                assert!(!table(&app).hand().contains(&only.card));
                break;
            }
            many = true;
            assert!(note.starts_with("Take which card?"), "{note}");
            press(&mut app, KeyCode::Esc);
        }
        if one && many {
            return;
        }
    }
    panic!("no deal with both a single take and a choice (one {one}, many {many})");
}

#[test]
fn table_screens() {
    let mut app = wump_app(you_and_bot(), true, false);
    insta::assert_snapshot!("table_kids", render(&mut app, 80, 24));
    // Choosing a card that can take asks which center card.
    let lit = table(&app).lit_hand();
    let hand = table(&app).hand();
    let i = hand
        .iter()
        .position(|c| lit.contains(c))
        .expect("seed 7 has a take");
    app.table.as_mut().unwrap().cursor = i;
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).picking.is_some());
    insta::assert_snapshot!("table_picking", render(&mut app, 80, 24));
    press(&mut app, KeyCode::Esc);
    assert!(table(&app).picking.is_none());
    press(&mut app, KeyCode::Char('h'));
    assert!(table(&app).hint.is_some());
    // Kids' mode: first a sentence for a child.
    insta::assert_snapshot!("table_hint", render(&mut app, 80, 24));
    assert!(!table(&app).explain);
    let t = app.table.as_mut().unwrap();
    t.kids = false;
    t.explain = false;
    let short = render(&mut app, 80, 24);
    assert!(short.contains("Hint: take"), "{short}");
    assert!(short.contains("Press h again for why."), "{short}");
    press(&mut app, KeyCode::Char('h'));
    let long = render(&mut app, 80, 24);
    assert!(flat(&long).contains("this deal"), "{long}");
    assert!(!long.contains("Press h again"), "{long}");
    press(&mut app, KeyCode::Char('q'));
    insta::assert_snapshot!("table_confirm_quit", render(&mut app, 80, 24));
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.screen, Screen::Table);
    press(&mut app, KeyCode::Char('?'));
    insta::assert_snapshot!("table_help", render(&mut app, 80, 24));
}

#[test]
fn ascii_plain_and_six_seats_fit() {
    let seats = vec![
        Seat::human("Ann"),
        Seat::bot("Ben", BotLevel::Easy),
        Seat::bot("Cleo", BotLevel::Normal),
        Seat::bot("Dan", BotLevel::Hard),
        Seat::bot("Eve", BotLevel::Normal),
        Seat::bot("Finn", BotLevel::Easy),
    ];
    let mut app = wump_app(seats, false, true);
    let frame = render(&mut app, 80, 24);
    assert!(frame.is_ascii(), "{frame}");
    insta::assert_snapshot!("table_six_seats_ascii", frame);
    for name in ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"] {
        assert!(frame.contains(name), "{name} missing:\n{frame}");
    }
}

#[test]
fn too_small_says_how_big() {
    let mut app = wump_app(you_and_bot(), true, false);
    let frame = render(&mut app, 63, 17);
    assert!(
        frame.contains("Terminal too small: have 63×17, need 64×18"),
        "{frame}"
    );
    // Every size from tiny to large draws without a panic.
    for w in [1, 10, 63, 64, 80, 120, 200] {
        for h in [1, 5, 17, 18, 24, 50] {
            render(&mut app, w, h);
        }
    }
}

/// Plays the table to the end: see [`play_step`].
fn play_out(app: &mut App, mut frame_check: impl FnMut(&mut App)) {
    for _ in 0..5000 {
        if app.screen != Screen::Table {
            return;
        }
        frame_check(app);
        play_step(app);
    }
    panic!("the game did not end");
}

/// One step of play: a human takes card 1 (and its first target), a bot
/// moves on a tick, an end-of-game screen or a curtain is dismissed.
fn play_step(app: &mut App) {
    let t = table(app);
    if t.end.is_some() || t.curtain().is_some() {
        press(app, KeyCode::Enter);
    } else if t.human_to_move().is_some() {
        keys(app, "1");
        if table(app).picking.is_some() {
            press(app, KeyCode::Enter);
        }
    } else if !app.tick(Instant::now()) {
        panic!("stuck: nobody moves");
    }
}

#[test]
fn a_whole_match_ends_with_the_scores() {
    let mut app = App::new(config(false), None);
    app.setup.seats = you_and_bot();
    app.setup.options = vec![
        ("match_target".into(), toml::Value::Integer(2)),
        ("must_take".into(), toml::Value::Boolean(false)),
    ];
    app.start_game();
    app.table.as_mut().unwrap().kids = false;
    let mut ends = Vec::new();
    play_out(&mut app, |app| {
        if let Some(end) = app.table.as_ref().and_then(|t| t.end.clone())
            && ends.last() != Some(&end)
        {
            let frame = render(app, 80, 24);
            assert!(frame.contains(&end.heading), "{frame}");
            if ends.is_empty() {
                insta::assert_snapshot!("game_over", frame);
            }
            if end.match_over {
                app.table.as_mut().unwrap().kids = true;
                insta::assert_snapshot!("match_over_kids", render(app, 80, 24));
            }
            ends.push(end);
        }
    });
    assert_eq!(app.screen, Screen::Title);
    let last = ends.last().expect("an ending");
    assert!(last.match_over);
    assert!(last.totals.iter().any(|(_, w)| *w == 2), "{last:?}");
    // Each game's counts add up to at most the 52 cards.
    for end in &ends {
        let sum: i64 = end.counts.iter().map(|(_, n)| n).sum();
        assert!(sum <= 52, "{end:?}");
    }
}

#[test]
fn undo_takes_back_own_move_and_the_bots_after() {
    let mut app = wump_app(you_and_bot(), false, false);
    keys(&mut app, "1");
    if table(&app).picking.is_some() {
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(table(&app).game.movers().len(), 1);
    assert!(app.tick(Instant::now()));
    assert_eq!(table(&app).game.movers().len(), 2);
    let before = table(&app).game.snapshot(None);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(table(&app).game.movers().len(), 0);
    assert_ne!(table(&app).game.snapshot(None), before);
    assert_eq!(table(&app).human_to_move(), Some(SeatId(0)));
    // Nothing of Ann's is left to undo.
    press(&mut app, KeyCode::Char('u'));
    let note = table(&app).note.clone().expect("a note");
    assert!(note.0.contains("no move of yours"), "{note:?}");
}

/// The human to move plays their first card (and its first target).
fn play_first(app: &mut App) {
    keys(app, "1");
    if table(app).picking.is_some() {
        press(app, KeyCode::Enter);
    }
    if table(app).confirm_place.is_some() {
        keys(app, "y");
    }
}

#[test]
fn undo_in_the_open_until_the_next_human_has_moved() {
    let seats = vec![
        Seat::human("Ann"),
        Seat::bot("Bot 1", BotLevel::Normal),
        Seat::human("Ben"),
        Seat::bot("Bot 2", BotLevel::Normal),
    ];
    let mut app = wump_app(seats, false, false);
    app.config.pause = Duration::from_secs(3600);
    let later = || Instant::now() + Duration::from_secs(7200);
    let movers = |app: &App| table(app).game.movers().len();
    // Ann moves, the bot after her; Ben has not moved: Ann's move may go.
    play_first(&mut app);
    assert!(app.tick(later()));
    assert_eq!(table(&app).human_to_move(), Some(SeatId(2)));
    keys(&mut app, "u");
    let (_, question) = table(&app).confirm_undo.clone().expect("a question");
    assert_eq!(
        question,
        "Take back Ann's move and the bot move after it? y/n"
    );
    assert!(render(&mut app, 80, 24).contains("y take it back  n keep it"));
    keys(&mut app, "n");
    assert_eq!(movers(&app), 2, "n keeps the moves");
    keys(&mut app, "uy");
    assert_eq!(movers(&app), 0);
    assert_eq!(table(&app).human_to_move(), Some(SeatId(0)));
    assert_logged(
        &app,
        "Ann's move and the bot move after it were taken back.",
    );
    // Ann, the bot, Ben, the bot: Ann's move can't go back, Ben's can.
    play_first(&mut app);
    assert!(app.tick(later()));
    play_first(&mut app);
    assert!(app.tick(later()));
    assert_eq!(movers(&app), 4);
    assert_eq!(table(&app).human_to_move(), Some(SeatId(0)));
    keys(&mut app, "u");
    let (_, question) = table(&app).confirm_undo.clone().expect("a question");
    assert_eq!(
        question,
        "Ben has played since your last move, Ann, so yours can't be taken back. \
         Take back Ben's move and the bot move after it instead? y/n"
    );
    let frame = render(&mut app, 80, 24);
    assert!(flat(&frame).contains(&question), "{frame}");
    insta::assert_snapshot!("undo_another_humans_move", frame);
    keys(&mut app, "x");
    assert_eq!(movers(&app), 4);
    keys(&mut app, "uy");
    assert_eq!(movers(&app), 2);
    assert_eq!(
        table(&app).human_to_move(),
        Some(SeatId(2)),
        "Ben plays again"
    );
    // Ben moves; while the bot thinks, u takes Ben's own move back at once.
    play_first(&mut app);
    assert!(table(&app).human_to_move().is_none());
    keys(&mut app, "u");
    assert!(table(&app).confirm_undo.is_none());
    assert_eq!(movers(&app), 2);
    assert_logged(&app, "Ben's move was taken back.");
}

#[test]
fn clicks_play_cards() {
    let mut app = wump_app(you_and_bot(), true, false);
    render(&mut app, 80, 24);
    // Click the center card the first legal take wants.
    let m = table(&app)
        .my_moves()
        .into_iter()
        .find(|m| m.target.is_some())
        .expect("a take");
    let (r, _) = *app
        .hits
        .iter()
        .find(|(_, h)| *h == super::app::Hit::Center(m.target.unwrap()))
        .expect("the center card was drawn");
    app.click(r.x + 1, r.y + 1);
    assert_eq!(table(&app).game.movers().len(), 1);
}

#[test]
fn autosave_resume_and_damaged_saves() {
    let (_dir, store, mut app) = saved_game("saves", true);
    keys(&mut app, "1");
    if table(&app).picking.is_some() {
        press(&mut app, KeyCode::Enter);
    }
    app.tick(Instant::now());
    let moves = table(&app).game.movers();
    let path = table(&app).save.clone().expect("a save path");
    // The file on disk is the game after every move.
    let loaded = store.load(&path).expect("loads");
    assert_eq!(loaded.movers(), moves);
    // Leaving and continuing resumes it.
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.screen, Screen::Title);
    app.continue_game();
    assert_eq!(app.screen, Screen::Table);
    assert_eq!(table(&app).game.movers(), moves);
    // A damaged file is reported, moved aside, and never overwritten.
    let bad = store.dir().join("wump-1-1.json");
    std::fs::write(&bad, "{ not a save").unwrap();
    let mut app = App::new(config(false), Some(store.clone()));
    // With saves, the title offers Continue (second), then Load a game.
    assert!(render(&mut app, 80, 24).contains("Continue"));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Load);
    let (text, error) = app.message.clone().expect("reported");
    assert!(error && text.contains("wump-1-1.json"), "{text}");
    assert!(!bad.exists());
    let aside = store.dir().join("wump-1-1.json.damaged");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{ not a save");
    assert_eq!(app.load.saves.len(), 1);
    let new = store.new_path("wump");
    assert_ne!(new, aside);
}

// The hot-seat curtain, with a test-only game whose hands are hidden.

fn card(id: u16, rank: u8, suit: Suit) -> Card {
    Card {
        id: CardId(id),
        face: Face::Suited {
            rank: Rank::new(rank).expect("rank"),
            suit,
        },
        value: rank as i32,
    }
}

#[derive(Clone)]
struct Secrets {
    seats: Vec<Seat>,
    hands: Arc<Mutex<Vec<Vec<Card>>>>,
    center: Vec<Card>,
    movers: Vec<SeatId>,
}

impl Secrets {
    fn new(seats: Vec<Seat>) -> Secrets {
        let suits = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
        let hands = (0..seats.len())
            .map(|s| {
                (0..3)
                    .map(|k| card((s * 3 + k) as u16, 2 + (s * 3 + k) as u8, suits[s % 4]))
                    .collect()
            })
            .collect();
        Secrets {
            seats,
            hands: Arc::new(Mutex::new(hands)),
            center: Vec::new(),
            movers: Vec::new(),
        }
    }
}

impl AnySession for Secrets {
    fn variant(&self) -> VariantId {
        VariantId::FiveSuited
    }
    fn seats(&self) -> &[Seat] {
        &self.seats
    }
    fn to_move(&self) -> Option<SeatId> {
        let left: usize = self.hands.lock().unwrap().iter().map(Vec::len).sum();
        (left > 0).then(|| SeatId((self.movers.len() % self.seats.len()) as u8))
    }
    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }
    fn seed(&self) -> u64 {
        0
    }
    fn movers(&self) -> Vec<SeatId> {
        self.movers.clone()
    }
    fn undo_refusal(&self, _: usize) -> Option<String> {
        Some("no undo in the test game".into())
    }
    fn undo_to(&mut self, _: usize) -> Result<(), String> {
        Err("no undo in the test game".into())
    }
    fn save_json(&self) -> String {
        String::new()
    }
    fn outcome(&self) -> Option<rummy::game::Outcome> {
        None
    }
    fn options(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    fn hinted_after(&self, _: SeatId) -> Option<String> {
        None
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl TableGame for Secrets {
    fn hidden_hands(&self) -> bool {
        true
    }
    fn stock_refusal(&self, _seat: SeatId) -> Option<String> {
        None
    }
    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot {
        let to_move = self.to_move();
        let hands = self.hands.lock().unwrap().clone();
        Snapshot {
            title: "Secrets".into(),
            heading: "a test game".into(),
            center_label: "Discards".into(),
            center: self.center.clone(),
            score_label: "points".into(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatPanel {
                    name: s.name.clone(),
                    who: "test".into(),
                    cards: (viewer == Some(SeatId(i as u8))).then(|| hands[i].clone()),
                    card_count: hands[i].len(),
                    claimed: None,
                    score: 0,
                    to_move: to_move == Some(SeatId(i as u8)),
                    is_viewer: viewer == Some(SeatId(i as u8)),
                    note: None,
                    gaps: Vec::new(),
                    words: Vec::new(),
                })
                .collect(),
            ..Snapshot::default()
        }
    }
    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        if self.to_move() != Some(seat) {
            return Vec::new();
        }
        let hands = self.hands.lock().unwrap().clone();
        hands[seat.index()]
            .iter()
            .map(|c| UiMove {
                card: c.id,
                target: None,
                label: format!("discard {c}"),
            })
            .collect()
    }
    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        let mut hands = self.hands.lock().unwrap();
        let hand = &mut hands[seat.index()];
        let i = hand.iter().position(|c| c.id == m.card).ok_or("not held")?;
        self.center.push(hand.remove(i));
        drop(hands);
        self.movers.push(seat);
        let end = self.is_over().then(|| GameEnd {
            match_over: true,
            heading: "Over".into(),
            counts: Vec::new(),
            totals: Vec::new(),
            summary: "done".into(),
            friendly: "done".into(),
            ..GameEnd::default()
        });
        Ok(Played {
            last: None,
            lines: vec![format!("{} discarded.", self.seats[seat.index()].name)],
            end,
        })
    }
    fn play_bot(&mut self, _: Option<BotLevel>) -> Result<Played, String> {
        let seat = self.to_move().ok_or("over")?;
        let m = self.moves(seat).pop().ok_or("no move")?;
        self.play(seat, &m)
    }
    fn play_thought(&mut self, _: crate::tui::adapter::AnyThought) -> Result<Played, String> {
        Err("no bot thinks here".into())
    }
    fn hint(&self, _: SeatId) -> Option<HintInfo> {
        None
    }
    fn hinter(&self, _: SeatId) -> crate::tui::adapter::HintJob {
        Box::new(|| None)
    }
    fn prompt(&self, seat: SeatId, _: bool) -> String {
        format!(
            "Your turn, {}: discard a card.",
            self.seats[seat.index()].name
        )
    }
}

#[test]
fn the_curtain_never_shows_a_hand_to_another_human() {
    let seats = vec![
        Seat::human("Ann"),
        Seat::bot("Bot", BotLevel::Easy),
        Seat::human("Ben"),
    ];
    let game = Secrets::new(seats);
    let hands = game.hands.clone();
    let mut app = App::new(config(false), None);
    app.table = Some(TableState::new(Box::new(game), None, false));
    app.screen = Screen::Table;
    let mut curtains = Vec::new();
    let mut frames = 0;
    play_out(&mut app, |app| {
        let frame = render(app, 80, 24);
        frames += 1;
        let t = table(app);
        let viewer = t.viewer();
        if let Some(seat) = t.curtain() {
            if curtains.is_empty() {
                insta::assert_snapshot!("curtain", frame.clone());
            }
            curtains.push(seat);
            let name = &t.game.seats()[seat.index()].name;
            assert!(
                frame.contains(&format!("Pass to {name} — press Enter")),
                "{frame}"
            );
        }
        // A hand on screen is the viewer's, and the viewer is the human to move.
        let now = hands.lock().unwrap().clone();
        for (s, hand) in now.iter().enumerate() {
            for c in hand {
                let shown = frame.contains(&format!("{c:>3}"));
                if shown {
                    assert_eq!(
                        viewer,
                        Some(SeatId(s as u8)),
                        "{c} of seat {s} shown:\n{frame}"
                    );
                    assert_eq!(t.human_to_move(), viewer, "{frame}");
                }
            }
        }
        if t.curtain().is_none() && t.human_to_move().is_some() {
            let me = t.human_to_move().unwrap();
            let hand = &now[me.index()];
            assert!(
                hand.iter().all(|c| frame.contains(&format!("{c:>3}"))),
                "{frame}"
            );
        }
    });
    // Ann, Ben, Ann, Ben, Ann, Ben: a curtain before each human turn.
    curtains.dedup();
    assert_eq!(curtains.len(), 6, "{curtains:?}");
    assert!(frames > 10);
}

#[test]
fn one_human_with_hidden_hands_needs_no_curtain() {
    let game = Secrets::new(vec![Seat::human("Ann"), Seat::bot("Bot", BotLevel::Easy)]);
    let mut app = App::new(config(false), None);
    app.table = Some(TableState::new(Box::new(game), None, false));
    app.screen = Screen::Table;
    assert!(table(&app).curtain().is_none());
    assert_eq!(table(&app).viewer(), Some(SeatId(0)));
    let frame = render(&mut app, 80, 24);
    // The selected card, whatever its size: big at 80×24 with so few.
    assert!(
        frame.contains(" 2♠║") || frame.contains("║2    ║"),
        "{frame}"
    );
    assert!(frame.contains("Your turn, Ann: discard a card."), "{frame}");
}

/// Every game of the engine's registry has its screen (one without does
/// not build), and the title names them all as ready.
#[test]
fn every_game_opens_on_screen_and_the_title_names_it() {
    let mut app = App::new(config(false), None);
    let title = render(&mut app, 100, 24);
    for variant in VariantId::ALL {
        let new = NewTable {
            variant,
            options: Vec::new(),
            seats: you_and_bot(),
            seed: 1,
            dict: Dictionary::shipped(),
            dict_path: None,
        };
        let game = open(new).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!(game.variant(), variant);
        assert!(title.contains(variant.title()), "{variant}: {title}");
    }
}

#[test]
fn undo_works_while_the_bots_are_moving() {
    let mut app = wump_app(you_and_bot(), false, false);
    app.config.pause = Duration::from_secs(3600);
    keys(&mut app, "1");
    if table(&app).picking.is_some() {
        press(&mut app, KeyCode::Enter);
    }
    // The bot waits its pause; Ann takes her move back meanwhile.
    assert!(!app.tick(Instant::now()));
    assert!(table(&app).human_to_move().is_none());
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(table(&app).game.movers().len(), 0);
    assert_eq!(table(&app).human_to_move(), Some(SeatId(0)));
}

#[test]
fn popups_and_typing_swallow_clicks() {
    let mut app = wump_app(you_and_bot(), true, false);
    render(&mut app, 80, 24);
    let (r, _) = app.hits[0];
    press(&mut app, KeyCode::Char('?'));
    app.click(r.x + 1, r.y + 1);
    assert_eq!(table(&app).game.movers().len(), 0);
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('q'));
    app.click(r.x + 1, r.y + 1);
    assert_eq!(table(&app).game.movers().len(), 0);
    // Only `y` leaves; Enter does not.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Table);
}

#[test]
fn six_seats_ask_for_a_taller_terminal() {
    let seats = (0..6)
        .map(|i| Seat::bot(format!("B{i}"), BotLevel::Easy))
        .collect();
    let mut app = wump_app(seats, false, false);
    let frame = render(&mut app, 80, 18);
    assert!(frame.contains("need 64×20"), "{frame}");
    let frame = render(&mut app, 80, 20);
    assert!(frame.contains("B5"), "{frame}");
}

#[test]
fn saves_that_are_fine_are_never_moved_aside_and_kids_mode_is_kept() {
    let (_dir, store, mut app) = saved_game("kept", false);
    let path = table(&app).save.clone().expect("saved");
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    // A save from a newer version is reported, and left where it is.
    let newer = store.dir().join("newer.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&newer, text.replace("\"format\": 1", "\"format\": 99")).unwrap();
    let err = store.load(&newer).err().expect("refused");
    assert!(err.contains("format 99"), "{err}");
    assert!(newer.exists());
    std::fs::remove_file(&newer).unwrap();
    // The game comes back with kids' mode as it was, whatever the form says.
    app.setup.kids = true;
    app.continue_game();
    assert_eq!(app.screen, Screen::Table);
    assert!(!table(&app).kids);
    // A second damaged file of the same name does not replace the first.
    let bad = store.dir().join("x.json");
    for text in ["first", "second"] {
        std::fs::write(&bad, text).unwrap();
        assert!(store.load(&bad).is_err());
    }
    let first = std::fs::read_to_string(store.dir().join("x.json.damaged")).unwrap();
    let second = std::fs::read_to_string(store.dir().join("x.json.damaged-2")).unwrap();
    assert_eq!((first.as_str(), second.as_str()), ("first", "second"));
}

/// A 5 Suited Rummy game of `seats` on the table, `rounds` rounds long.
fn five_app(seats: Vec<Seat>, rounds: u32) -> App {
    five_app_in(None, seats, rounds)
}

/// The same, saved in `store`'s folder if there is one.
fn five_app_in(store: Option<Store>, seats: Vec<Seat>, rounds: u32) -> App {
    let mut app = App::new(config(false), store);
    app.setup = super::app::SetupForm::new(VariantId::FiveSuited, Some(7));
    assert!(!app.setup.kids, "kids' mode is for Wump by default");
    app.setup.seats = seats;
    for (name, value) in app.setup.options.iter_mut() {
        if name == "rounds" {
            *value = toml::Value::Integer(rounds as i64);
        }
    }
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

/// Lets the bots play until a human is to move or a popup is up.
fn bots_play(app: &mut App) {
    for _ in 0..10_000 {
        let t = table(app);
        if t.end.is_some() || t.game.is_over() || t.human_to_move().is_some() {
            return;
        }
        assert!(app.tick(Instant::now() + Duration::from_secs(1)));
    }
    panic!("the bots did not stop");
}

#[test]
fn five_suited_screen_draw_discard_sort_and_hint() {
    let mut app = five_app(you_and_bot(), 11);
    bots_play(&mut app);
    let screen = render(&mut app, 100, 24);
    insta::assert_snapshot!("five_suited_draw", screen);
    assert!(
        screen.contains("Round 1 of 11 · 3 cards · 3s and jokers wild"),
        "{screen}"
    );
    assert!(screen.contains("s stock  d discard"), "{screen}");
    // Discarding before drawing is refused with the keys to use.
    press(&mut app, KeyCode::Enter);
    assert!(render(&mut app, 100, 24).contains("Draw first: s from the stock"));
    // The hint names a draw.
    press(&mut app, KeyCode::Char('h'));
    let hint = table(&app).hint.clone().expect("a hint");
    assert!(hint.short.starts_with("Hint: "), "{}", hint.short);
    assert!(hint.short.contains("draw from the stock") || hint.short.contains("take"));
    press(&mut app, KeyCode::Char('h'));
    assert!(table(&app).explain);
    keys(&mut app, "s");
    let t = table(&app);
    assert_eq!(t.hand().len(), 4, "drew a fourth card");
    assert!(t.hint.is_none());
    // The discard preview: points each discard would leave, under the hand.
    let snap = t.snapshot();
    assert_eq!(snap.preview.len(), 4);
    let screen = render(&mut app, 100, 24);
    insta::assert_snapshot!("five_suited_discard", screen);
    assert!(screen.contains("Enter: discard"), "{screen}");
    // Sorting: by rank, then back by suit; melds stay first when grouped.
    keys(&mut app, "o");
    assert!(table(&app).sort_rank);
    keys(&mut app, "g");
    assert!(!table(&app).grouped);
    let hand = table(&app).hand();
    let snap = table(&app).snapshot();
    let cards = snap.seats[0].cards.clone().unwrap();
    assert_eq!(hand, cards.iter().map(|c| c.id).collect::<Vec<_>>());
    let ranks: Vec<u8> = cards
        .iter()
        .filter(|c| !snap.wilds.contains(&c.id))
        .map(|c| c.face.rank().unwrap().number())
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{cards:?}");
    keys(&mut app, "og");
    // Discard with the hint's choice.
    press(&mut app, KeyCode::Char('h'));
    let card = table(&app).hint.clone().unwrap().card.unwrap();
    assert_eq!(table(&app).selected(), Some(card));
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).game.movers().len() >= 2);
    assert_logged(&app, "Ann discarded");
}

#[test]
fn five_suited_round_ends_with_the_score_sheet_and_the_game_ends() {
    let mut app = five_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Hard)],
        2,
    );
    let mut rounds_seen = 0;
    let mut last_sheet = String::new();
    for _ in 0..2_000 {
        bots_play(&mut app);
        if let Some(end) = table(&app).end.clone() {
            rounds_seen += 1;
            assert_eq!(end.sheet.len(), rounds_seen);
            assert_eq!(end.sheet_names, vec!["Ann", "Bot 2"]);
            last_sheet = render(&mut app, 100, 30);
            assert!(last_sheet.contains("Round 1 (3s wild)"), "{last_sheet}");
            if rounds_seen == 1 {
                insta::assert_snapshot!("five_suited_round_over", last_sheet);
            }
            let over = end.match_over;
            press(&mut app, KeyCode::Enter);
            if over {
                break;
            }
            continue;
        }
        if table(&app).game.is_over() {
            break;
        }
        // Ann plays the hint every time.
        play_the_hint(&mut app);
    }
    assert_eq!(rounds_seen, 2);
    assert!(last_sheet.contains("Round 2 (4s wild)"), "{last_sheet}");
    assert!(last_sheet.contains("Total"), "{last_sheet}");
    assert_eq!(
        app.screen,
        Screen::Title,
        "the end popup goes back to the title"
    );
}

#[test]
fn five_suited_hot_seat_shows_one_hand_and_a_stock_draw_stands() {
    let mut app = five_app(
        vec![
            Seat::human("Ann"),
            Seat::human("Ben"),
            Seat::bot("Bot", BotLevel::Normal),
        ],
        11,
    );
    let screen = render(&mut app, 100, 24);
    assert!(screen.contains("Pass to Ann"), "{screen}");
    press(&mut app, KeyCode::Enter);
    let snap = table(&app).snapshot();
    let shown: Vec<usize> = snap
        .seats
        .iter()
        .enumerate()
        .filter(|(_, p)| p.cards.is_some())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(shown, vec![0], "only Ann's hand");
    keys(&mut app, "s");
    // The draw does not bring the curtain down: Ann goes on to discard.
    assert!(table(&app).curtain().is_none());
    keys(&mut app, "u");
    let note = table(&app).note.clone().unwrap().0;
    assert!(note.contains("cannot be taken back"), "{note}");
    press(&mut app, KeyCode::Enter);
    // Now Ben: the curtain first, and Ann's hand is never drawn.
    assert_eq!(table(&app).curtain(), Some(SeatId(1)));
    let screen = render(&mut app, 100, 24);
    assert!(screen.contains("Pass to Ben"), "{screen}");
    assert!(!screen.contains("Ann ·"), "nothing of the table: {screen}");
}

#[test]
fn a_five_suited_game_saves_and_loads_back_mid_turn() {
    let mut app = five_app(you_and_bot(), 11);
    bots_play(&mut app);
    keys(&mut app, "s");
    let t = table(&app);
    let json = t.game.save_json();
    let loaded = super::adapter::load(&json, "game.json").expect("loads");
    assert_eq!(loaded.variant(), VariantId::FiveSuited);
    assert_eq!(loaded.movers(), t.game.movers());
    assert_eq!(
        loaded.snapshot(Some(SeatId(0))),
        t.game.snapshot(Some(SeatId(0)))
    );
    // Mid-turn: Ann has drawn and is to discard.
    assert!(loaded.drawing(SeatId(0)).is_none());
    assert_eq!(loaded.moves(SeatId(0)).len(), 4);
}

#[test]
fn five_suited_undo_never_unhides_a_card() {
    let mut app = five_app(you_and_bot(), 11);
    bots_play(&mut app);
    // A take from the discard pile is public: it can be taken back.
    keys(&mut app, "d");
    assert!(table(&app).game.drawing(SeatId(0)).is_none());
    keys(&mut app, "u");
    assert!(
        table(&app).game.drawing(SeatId(0)).is_some(),
        "the take is undone"
    );
    keys(&mut app, "d");
    press(&mut app, KeyCode::Enter);
    let before = table(&app).game.movers().len();
    bots_play(&mut app);
    let bot_drew = table(&app)
        .log
        .iter()
        .rev()
        .take_while(|l| !l.starts_with("Ann"))
        .any(|l| l.contains("drew from the stock"));
    assert!(bot_drew, "the bot drew from the stock after Ann's discard");
    keys(&mut app, "u");
    let note = table(&app).note.clone().unwrap().0;
    assert!(note.contains("cannot be taken back"), "{note}");
    assert!(
        table(&app).game.movers().len() > before,
        "nothing was undone"
    );
}

fn wrummy_app(seats: Vec<Seat>, options: &[(&str, &str)]) -> App {
    game_app(VariantId::Wrummy, seats, 7, options)
}

/// A game of `variant` on the table, started from the new-game form with
/// `options` set by name, as a person would.
fn game_app(variant: VariantId, seats: Vec<Seat>, seed: u64, options: &[(&str, &str)]) -> App {
    let mut app = App::new(config(false), None);
    app.setup = super::app::SetupForm::new(variant, Some(seed));
    app.setup.seats = seats;
    for (name, value) in app.setup.options.iter_mut() {
        if let Some((_, v)) = options.iter().find(|(n, _)| n == name) {
            *value = match (v.parse::<i64>(), v.parse::<bool>()) {
                (Ok(n), _) => toml::Value::Integer(n),
                (_, Ok(b)) => toml::Value::Boolean(b),
                _ => toml::Value::String(v.to_string()),
            };
        }
    }
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

/// A Wrummy game on the table whose deck is only As, Ts and wilds, so that
/// the words a hand can make are known: AT, TA, TAT, ATT...
fn at_app(seats: Vec<Seat>, seed: u64) -> App {
    use rummy::deck::LetterCards;
    use rummy::game::{Session, Setup};
    use rummy::variants::wrummy::Wrummy;
    use rummy::variants::{RulesSource, load_rules};
    let mut rules = load_rules::<Wrummy>(&RulesSource::default()).expect("shipped rules");
    rules.deck.letters.clear();
    for l in ["A", "T"] {
        rules.deck.letters.insert(
            l.to_string(),
            LetterCards {
                count: 40,
                value: 5,
            },
        );
    }
    let game = Session::<Wrummy>::new(Setup::new(rules, seats, seed)).expect("a game");
    let mut app = App::new(config(false), None);
    app.table = Some(TableState::new(Box::new(game), None, false));
    app.screen = Screen::Table;
    app
}

/// The status line and the key bar of the last frame.
fn bottom(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    lines[lines.len().saturating_sub(4)..].join("\n")
}

#[test]
fn wrummy_screen_draw_type_a_word_and_discard() {
    let mut app = wrummy_app(you_and_bot(), &[]);
    bots_play(&mut app);
    let screen = render(&mut app, 100, 30);
    insta::assert_snapshot!("wrummy_draw", screen);
    // Letter cards carry their value: K is one of the orange 15s.
    assert!(
        (screen.contains("│ K │") || screen.contains("│  K  │")) && screen.contains("─15┘"),
        "{screen}"
    );
    assert!(screen.contains("3 ✗ 4 ✗ 5 ✗"), "{screen}");
    assert!(screen.contains("s stock  d top"), "{screen}");
    keys(&mut app, "s");
    assert_eq!(table(&app).hand().len(), 8);
    // An empty word offers neither Backspace nor Enter.
    keys(&mut app, "w");
    let bar = bottom(&render(&mut app, 100, 30));
    assert!(
        bar.contains("letters type") && bar.contains("Esc stop"),
        "{bar}"
    );
    assert!(
        !bar.contains("Backspace") && !bar.contains("Enter play"),
        "{bar}"
    );
    // A word the hand cannot spell says what is missing, and plays nothing.
    keys(&mut app, "qqz");
    let plan = table(&app).plan().expect("typing");
    assert!(
        plan.error && plan.line.contains("you don't hold"),
        "{plan:?}"
    );
    assert!(plan.cards.is_empty());
    // The bar offers no Enter for a word the game would refuse, nor Tab
    // for a single way; Enter pressed all the same says why.
    let bar = bottom(&render(&mut app, 100, 30));
    assert!(!bar.contains("Enter play") && !bar.contains("Tab"), "{bar}");
    assert!(bar.contains("Backspace erase"), "{bar}");
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).note.as_ref().is_some_and(|(_, e)| *e));
    assert_eq!(table(&app).game.movers().len(), 1, "nothing was played");
    let screen = render(&mut app, 100, 30);
    assert!(
        bottom(&screen).contains("Word: QQZ") && bottom(&screen).contains("you don't hold"),
        "the word stays in view with the refusal: {screen}"
    );
    keys(&mut app, "z");
    assert!(table(&app).note.is_none(), "typing on clears the refusal");
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Esc);
    assert!(table(&app).typing.is_none());
    assert!(!table(&app).confirm_quit);
    // The hint's word, typed with w: its cards light up.
    press(&mut app, KeyCode::Char('h'));
    let hint = table(&app).hint.clone().expect("a hint");
    let (word, _) = hint.word.clone().expect("a word to play");
    keys(&mut app, "w");
    let plan = table(&app).plan().expect("typing");
    assert!(!plan.error, "{plan:?}");
    assert_eq!(plan.cards.len(), word.len());
    let screen = render(&mut app, 100, 30);
    insta::assert_snapshot!("wrummy_typing", screen);
    assert!(
        bottom(&screen).contains(&format!("Word: {word}  → play {word} from your hand")),
        "{screen}"
    );
    // Tab is offered only where there is another way to play the word.
    assert_eq!(
        screen.contains("Tab another way"),
        plan.ways > 1,
        "{plan:?}: {screen}"
    );
    // Backspace and typing again change nothing of the plan.
    press(&mut app, KeyCode::Backspace);
    let last = word.chars().last().unwrap().to_ascii_lowercase();
    keys(&mut app, &last.to_string());
    assert_eq!(table(&app).plan(), Some(plan.clone()));
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert!(t.typing.is_none());
    assert_logged(&app, &format!("Ann played {word}"));
    assert_eq!(t.hand().len(), 8 - word.len());
    bots_play(&mut app);
    let screen = render(&mut app, 100, 30);
    assert!(
        screen.contains(&format!("  {word}")),
        "the word on Ann's table: {screen}"
    );
    // Discard the selected card: the turn passes.
    let card = table(&app).selected().expect("a card");
    assert!(bottom(&screen).contains("Enter discards"), "{screen}");
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert_logged(&app, "Ann discarded");
    assert!(!t.hand().contains(&card));
}

/// Lets the game go on (Ann passing, or discarding) until Ann is to draw.
fn to_my_draw(app: &mut App) {
    for _ in 0..100 {
        bots_play(app);
        let t = table(app);
        if t.game.is_over() || t.game.drawing(SeatId(0)).is_some() {
            return;
        }
        if t.game.game_keys(SeatId(0)).iter().any(|(k, _)| *k == 'p') {
            keys(app, "p");
        } else {
            press(app, KeyCode::Enter);
        }
    }
    panic!("Ann was never to draw");
}

#[test]
fn wrummy_deep_take_lights_what_comes_along_and_can_be_taken_back() {
    let mut app = at_app(you_and_bot(), 3);
    // Turns until the train is three cards deep on Ann's draw.
    for _ in 0..40 {
        to_my_draw(&mut app);
        if table(&app).snapshot().center.len() >= 3 {
            break;
        }
        keys(&mut app, "s");
        press(&mut app, KeyCode::Enter);
    }
    let t = table(&app);
    let center = t.snapshot().center;
    assert!(center.len() >= 3, "{center:?}");
    assert_eq!(
        t.center_pick(),
        center.last().map(|c| c.id),
        "the top first"
    );
    keys(&mut app, "1");
    assert_eq!(
        table(&app).center_pick(),
        Some(center[0].id),
        "1 picks train card 1"
    );
    assert!(
        table(&app).game.drawing(SeatId(0)).is_some(),
        "and takes nothing yet"
    );
    press(&mut app, KeyCode::End);
    table_mut(&mut app).center_cursor = usize::MAX;
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    let t = table(&app);
    let deep = center[center.len() - 3].id;
    assert_eq!(t.center_pick(), Some(deep));
    assert_eq!(t.lit_center().len(), 3, "the card and the two above it");
    let screen = render(&mut app, 100, 30);
    assert!(
        bottom(&screen).contains("Enter takes") && bottom(&screen).contains("the 2 cards above it"),
        "{screen}"
    );
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert_eq!(t.snapshot().center.len(), center.len() - 3);
    assert!(t.hand().contains(&deep));
    assert!(render(&mut app, 100, 30).contains("b take the turn back"));
    // Discarding without using the deep card is refused; b takes it back.
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).note.as_ref().is_some_and(|(_, e)| *e));
    keys(&mut app, "b");
    let t = table(&app);
    assert_eq!(t.snapshot().center.len(), center.len());
    assert!(t.game.drawing(SeatId(0)).is_some(), "drawing again");
    // Only the stock or the top card now, and the screen says so.
    let screen = render(&mut app, 100, 30);
    assert!(
        bottom(&screen).contains("You took this turn back")
            && bottom(&screen).contains("or d to take")
            && !bottom(&screen).contains("pick a train card"),
        "{screen}"
    );
}

#[test]
fn wrummy_tab_goes_through_the_ways_to_play_a_word() {
    let mut app = at_app(you_and_bot(), 5);
    bots_play(&mut app);
    keys(&mut app, "s");
    // AT from the hand, then (next turn) TAT as a new word or grown from AT.
    keys(&mut app, "wat");
    press(&mut app, KeyCode::Enter);
    assert_logged(&app, "Ann played AT");
    bots_play(&mut app);
    press(&mut app, KeyCode::Enter);
    to_my_draw(&mut app);
    keys(&mut app, "s");
    // Ann's word (Bot 2 may have grown it) with one more letter: a new
    // word from the hand, or Ann's word grown.
    let mine: String = table(&app).snapshot().seats[0].words[0]
        .cards
        .iter()
        .map(|(_, l)| l.as_str())
        .collect();
    let text = format!("{mine}A");
    keys(&mut app, "w");
    keys(&mut app, &text.to_lowercase());
    let plan = table(&app).plan().expect("typing");
    let screen = render(&mut app, 100, 30);
    assert!(plan.ways >= 2, "{plan:?} {screen}");
    let mut lines = vec![plan.line.clone()];
    let mut grows = plan.grows;
    for _ in 1..plan.ways {
        press(&mut app, KeyCode::Tab);
        let p = table(&app).plan().unwrap();
        lines.push(p.line.clone());
        grows = grows.or(p.grows);
    }
    press(&mut app, KeyCode::Tab);
    assert_eq!(table(&app).plan().unwrap().line, lines[0], "Tab goes round");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("play {text} from your hand"))),
        "{lines:?}"
    );
    // Ann's word (even grown by Bot 2, it counts as her 2-letter word):
    // growing it herself makes it her word of the new length.
    let credit = text.len();
    assert!(
        lines
            .iter()
            .any(|l| l
                == &format!("grow your {mine} into {text}: 5 points, your {credit}-letter word")),
        "{lines:?}"
    );
    // The word to grow is marked on the table while that way is chosen.
    while table(&app).plan().unwrap().grows.is_none() {
        press(&mut app, KeyCode::Tab);
    }
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains(&format!("*{mine}*")), "{screen}");
    press(&mut app, KeyCode::Enter);
    assert_logged(&app, &format!("{mine} into {text}"));
    let snap = table(&app).snapshot();
    assert_eq!(snap.seats[0].words.len(), 1, "grown, not a second word");
    assert_eq!(grows, Some(snap.seats[0].words[0].id));
}

#[test]
fn wrummy_hot_seat_challenges_and_calls_are_made_in_the_open() {
    let mut app = at_app(vec![Seat::human("Ann"), Seat::human("Bob")], 11);
    assert_eq!(table(&app).curtain(), Some(SeatId(0)));
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "s");
    assert_eq!(
        table(&app).viewer(),
        Some(SeatId(0)),
        "still Ann after her draw"
    );
    // TTA is no word: Bob, asked in the open, challenges it.
    keys(&mut app, "wtta");
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert_eq!(t.human_to_move(), Some(SeatId(1)));
    assert_eq!(t.curtain(), None, "no curtain for a challenge");
    assert_eq!(t.viewer(), None, "and no hand shown");
    assert_eq!(t.actor(), Some(SeatId(1)));
    let screen = render(&mut app, 100, 30);
    insta::assert_snapshot!("wrummy_challenge", screen);
    assert!(
        screen.contains("c challenge TTA  p/Enter let it stand"),
        "{screen}"
    );
    assert!(
        !screen.contains("│ A │") || screen.contains("TTA"),
        "{screen}"
    );
    keys(&mut app, "c");
    let t = table(&app);
    assert_logged(&app, "challenged");
    assert!(t.snapshot().seats[0].words.is_empty(), "the word went back");
    // Bob's turn now, behind the curtain.
    assert_eq!(t.curtain(), Some(SeatId(1)));
    // Play on until someone is asked to call a word from the train.
    let mut called = false;
    for _ in 0..200 {
        let t = table(&app);
        if t.game.is_over() || t.end.is_some() {
            break;
        }
        let me = t.human_to_move().expect("two humans");
        if t.curtain().is_some() {
            press(&mut app, KeyCode::Enter);
            continue;
        }
        let keys_now = t.game.game_keys(me);
        if keys_now.iter().any(|(k, _)| *k == 'c') {
            // Enter lets the word stand.
            let before = t.game.movers().len();
            press(&mut app, KeyCode::Enter);
            assert_eq!(table(&app).game.movers().len(), before + 1);
        } else if t.game.typing(me).is_some_and(|w| w.key == "call") {
            assert_eq!(t.viewer(), None, "a call shows no hand");
            let screen = render(&mut app, 100, 30);
            assert!(bottom(&screen).contains("Wrummy!"), "{screen}");
            assert!(bottom(&screen).contains("w call"), "{screen}");
            let t = table(&app);
            let word = ["TAT", "ATT", "AT", "TA"]
                .into_iter()
                .find(|w| !t.game.word_plan(me, w, 0).error);
            match word {
                Some(w) => {
                    keys(&mut app, "w");
                    keys(&mut app, &w.to_lowercase());
                    assert_eq!(
                        table(&app).plan().unwrap().cards.len(),
                        w.len(),
                        "the train cards light up"
                    );
                    press(&mut app, KeyCode::Enter);
                    assert_logged(&app, "Wrummy");
                    called = true;
                    break;
                }
                None => {
                    let before = t.game.movers().len();
                    press(&mut app, KeyCode::Enter);
                    assert_eq!(table(&app).game.movers().len(), before + 1);
                }
            }
        } else if t.game.drawing(me).is_some() {
            keys(&mut app, "s");
        } else {
            press(&mut app, KeyCode::Enter);
        }
    }
    assert!(called, "a call window came and a word was called");
    // The other human is asked, in the open, about the word called. An
    // Enter in the moment after the call (the caller's, pressed twice) is
    // not taken as theirs; a moment later, Enter lets the word stand.
    let t = table(&app);
    let asked = t.actor().expect("a human asked");
    assert!(t.game.game_keys(asked).iter().any(|(k, _)| *k == 'c'));
    assert_eq!(t.viewer(), None);
    let before = t.game.movers().len();
    let call = app.keys.last().expect("the call's Enter");
    let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    app.key_at(enter, call + Duration::from_millis(120));
    assert!(
        !app.tick(call + Duration::from_secs(2)),
        "nothing held back"
    );
    assert_eq!(table(&app).game.movers().len(), before, "too soon");
    press(&mut app, KeyCode::Enter);
    assert_eq!(table(&app).game.movers().len(), before + 1);
}

/// Plays the human's turns by the hint, through the keys a person would press.
fn follow_hints(app: &mut App) {
    let Some(t) = app.table.as_ref() else { return };
    if t.curtain().is_some() {
        press(app, KeyCode::Enter);
        return;
    }
    let Some(me) = t.actor() else { return };
    let before = t.game.movers().len();
    press(app, KeyCode::Char('h'));
    let Some(h) = table(app).hint.clone() else {
        panic!("no hint for {me:?}");
    };
    let short = h.short.to_lowercase();
    if h.word.is_some() {
        keys(app, "w");
        press(app, KeyCode::Enter);
    } else if h.card.is_none() && short.contains("from the discard pile") {
        keys(app, "d");
    } else if h.card.is_some() || h.target.is_some() {
        press(app, KeyCode::Enter);
    } else if short.starts_with("hint: pass") {
        keys(app, "p");
    } else if short.contains("draw") || short.contains("without drawing") {
        keys(app, "s");
    } else if short.contains("challenge") {
        keys(app, "c");
    } else if short.contains("take the turn back") {
        keys(app, "b");
    } else if short.starts_with("hint: take your") || short.contains("bonus card") {
        keys(app, "t");
    } else if short.starts_with("hint: go out") {
        keys(app, "o");
    } else if short.contains("end the turn") {
        keys(app, "e");
    } else {
        keys(app, "p");
    }
    let t = table(app);
    assert!(
        t.game.movers().len() > before || t.end.is_some() || t.game.is_over(),
        "the hint {h:?} made no move: {:?}",
        t.note
    );
}

#[test]
fn a_wrummy_match_played_by_hints_ends_with_the_score_sheet() {
    let mut app = wrummy_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        &[("target", "150")],
    );
    let mut ends: Vec<GameEnd> = Vec::new();
    for _ in 0..5_000 {
        if app.screen != Screen::Table {
            break;
        }
        if let Some(end) = table(&app).end.clone() {
            let frame = render(&mut app, 100, 30);
            assert!(frame.contains(&end.heading), "{frame}");
            assert!(frame.contains("table") && frame.contains("hand"), "{frame}");
            if ends.is_empty() {
                insta::assert_snapshot!("wrummy_game_over", frame);
            }
            ends.push(end);
            press(&mut app, KeyCode::Enter);
            continue;
        }
        if table(&app).human_to_move().is_some() {
            follow_hints(&mut app);
        } else {
            assert!(app.tick(Instant::now() + Duration::from_secs(1)));
        }
    }
    assert_eq!(app.screen, Screen::Title, "the match ended");
    let last = ends.last().expect("an ending");
    assert!(last.match_over);
    assert!(last.totals.iter().any(|(_, t)| *t >= 150), "{last:?}");
    for end in &ends {
        // Each game's score is its table points less its hand points.
        let n = end.sheet.len();
        let (table_row, hand_row, game_row) = (
            &end.sheet[n - 3].1,
            &end.sheet[n - 2].1,
            &end.sheet[n - 1].1,
        );
        for i in 0..2 {
            assert_eq!(table_row[i] + hand_row[i], game_row[i], "{end:?}");
        }
    }
}

#[test]
fn a_wrummy_game_saves_and_loads_back_mid_turn() {
    let mut app = wrummy_app(
        you_and_bot(),
        &[("calls", "any_order"), ("words", "strict")],
    );
    bots_play(&mut app);
    keys(&mut app, "s");
    let t = table(&app);
    let text = t.game.save_json();
    let back = super::adapter::load(&text, "test.json").expect("loads");
    assert_eq!(
        back.snapshot(Some(SeatId(0))),
        t.game.snapshot(Some(SeatId(0)))
    );
    assert!(
        back.snapshot(None)
            .heading
            .contains("calls: any order · words checked at once")
    );
    // A word not in the dictionary is refused at once in strict play.
    keys(&mut app, "w");
    let hand = table(&app).snapshot().seats[0].cards.clone().unwrap();
    let junk: String = hand
        .iter()
        .take(3)
        .filter_map(|c| c.face.letter())
        .map(|l| l.upper())
        .collect();
    keys(&mut app, &junk.to_lowercase());
    let plan = table(&app).plan().unwrap();
    if rummy::dict::Dictionary::shipped().check(&junk).is_legal() {
        assert!(!plan.error, "{plan:?}");
    } else {
        assert!(plan.error, "{junk}: {plan:?}");
        assert!(
            plan.line.contains("not"),
            "the dictionary's reason: {plan:?}"
        );
    }
    // Either way the cards it would use light up as it is typed.
    assert_eq!(plan.cards.len(), junk.len(), "{plan:?}");
    press(&mut app, KeyCode::Enter);
    if !rummy::dict::Dictionary::shipped().check(&junk).is_legal() {
        assert_eq!(table(&app).game.movers().len(), 1, "refused: only the draw");
    }
}

#[test]
fn the_setup_form_goes_through_wrummy_options_by_name() {
    let mut app = App::new(config(false), None);
    app.setup = super::app::SetupForm::new(VariantId::Wrummy, Some(7));
    app.screen = Screen::Setup;
    let rows = app.setup.rows();
    let calls = app
        .setup
        .options
        .iter()
        .position(|(k, _)| k == "calls")
        .unwrap();
    app.setup.cursor = rows
        .iter()
        .position(|r| *r == super::form::Row::Opt(calls))
        .unwrap();
    let frame = render(&mut app, 100, 30);
    assert!(frame.contains("< adjacent >"), "{frame}");
    press(&mut app, KeyCode::Right);
    assert!(render(&mut app, 100, 30).contains("< in order >"));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    assert!(
        render(&mut app, 100, 30).contains("< adjacent >"),
        "round again"
    );
    press(&mut app, KeyCode::Left);
    assert!(render(&mut app, 100, 30).contains("< any order >"));
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    assert!(render(&mut app, 100, 30).contains("calls: any order"));
}

#[test]
fn a_bot_letting_a_call_or_challenge_pass_takes_no_pause() {
    let bots = (1..=3)
        .map(|i| Seat::bot(format!("Bot {i}"), BotLevel::Normal))
        .collect();
    let mut app = wrummy_app(bots, &[]);
    let (mut silent, mut spoken) = (0, 0);
    let mut now = Instant::now();
    while !table(&app).game.is_over() && table(&app).end.is_none() {
        now += Duration::from_secs(1);
        let (lines, since) = (table(&app).log.len(), table(&app).last_move);
        assert!(app.tick(now));
        let t = table(&app);
        if t.log.len() == lines {
            silent += 1;
            assert_eq!(t.last_move, since, "no pause after a silent pass");
        } else {
            spoken += 1;
            assert!(t.last_move > since, "a pause after a move that shows");
        }
    }
    assert!(silent > 0 && spoken > 0, "{silent} silent, {spoken} spoken");
}

#[test]
fn undo_in_hot_seat_brings_a_hand_back_only_behind_the_curtain() {
    let seats = vec![
        Seat::human("Ann"),
        Seat::bot("Bot", BotLevel::Normal),
        Seat::human("Ben"),
    ];
    let mut app = at_app(seats, 4);
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "s");
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert_logged(&app, "Ann discarded");
    assert_eq!(t.viewer(), None, "the bot is to move: no hand in view");
    // Whoever presses u while the bot thinks, Ann's hand stays hidden.
    keys(&mut app, "u");
    let t = table(&app);
    assert_logged(&app, "Ann's move was taken back.");
    assert_eq!(t.human_to_move(), Some(SeatId(0)));
    assert_eq!(t.curtain(), Some(SeatId(0)), "the curtain first");
    assert_eq!(t.viewer(), None);
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        table(&app).viewer(),
        Some(SeatId(0)),
        "Ann's hand, after the curtain"
    );
}

fn table_mut(app: &mut App) -> &mut TableState {
    app.table.as_mut().expect("a game on the table")
}

#[test]
fn a_hand_too_long_for_one_row_wraps_and_shows_every_card() {
    use super::app::Hit;
    let mut app = wrummy_app(you_and_bot(), &[]);
    bots_play(&mut app);
    keys(&mut app, "s");
    let n = table(&app).hand().len();
    assert_eq!(n, 8);
    for (kids, w, h) in [(false, 64, 18), (true, 100, 30), (false, 70, 24)] {
        table_mut(&mut app).kids = kids;
        let frame = render(&mut app, w, h);
        let shown: Vec<usize> = app
            .hits
            .iter()
            .filter_map(|(_, hit)| match hit {
                Hit::Hand(k) => Some(*k),
                _ => None,
            })
            .collect();
        assert_eq!(shown, (0..n).collect::<Vec<_>>(), "{w}x{h}:\n{frame}");
        if w == 64 {
            // Bot 2's seven face-down cards keep to one row: four and "+3".
            let bot_row = frame
                .lines()
                .skip_while(|l| !l.contains("Bot 2 ·"))
                .nth(1)
                .unwrap_or_default();
            assert_eq!(bot_row.matches("░░").count(), 4, "{frame}");
            assert!(bot_row.contains("+3"), "{frame}");
        }
    }
}

/// Asserts that a line of the table's log holds `text`.
fn assert_logged(app: &App, text: &str) {
    let log = &table(app).log;
    assert!(
        log.iter().any(|l| l.contains(text)),
        "{text:?} not in {log:?}"
    );
}

// Hot-seat secrecy under fast typing, in every game with hidden hands.

/// Each seat's hidden cards as the engine holds them: the cards of its own
/// view that a spectator does not see.
fn hidden_hands(t: &TableState) -> Vec<Vec<CardId>> {
    let spectator = t.game.snapshot(None);
    let public: Vec<CardId> = spectator
        .center
        .iter()
        .chain(
            spectator
                .seats
                .iter()
                .flat_map(|p| p.cards.iter().flatten()),
        )
        .map(|c| c.id)
        .collect();
    (0..t.game.seats().len())
        .map(|i| {
            let own = t.game.snapshot(Some(SeatId(i as u8)));
            own.seats
                .get(i)
                .and_then(|p| p.cards.clone())
                .unwrap_or_default()
                .iter()
                .map(|c| c.id)
                .filter(|id| !public.contains(id))
                .collect()
        })
        .collect()
}

/// Draws a frame and checks it against the engine: a hidden card on screen
/// belongs to `owner`, the human who lifted the curtain on purpose and is
/// still to move.
fn assert_only_owner_sees(app: &mut App, owner: Option<SeatId>, what: &str) {
    let (frame, face_up) = render_cards(app, 100, 30);
    let t = table(app);
    for (s, hand) in hidden_hands(t).iter().enumerate() {
        let seat = SeatId(s as u8);
        if let Some(c) = hand.iter().find(|c| face_up.contains(c)) {
            assert_eq!(
                owner,
                Some(seat),
                "{what}: {c:?} of seat {s} on screen:\n{frame}"
            );
            assert_eq!(t.human_to_move(), Some(seat), "{what}:\n{frame}");
        }
    }
}

/// Keys the player who just moved might still be typing as the curtain
/// comes down: a double Enter, a held Enter, Space, a mashed burst and a
/// person's fastest repeated presses; each frame is checked.
fn type_ahead(app: &mut App, clock: &mut Instant) {
    let mut burst = |app: &mut App, code: KeyCode, gap_ms: u64, what: &str| {
        *clock += Duration::from_millis(gap_ms);
        app.key_at(KeyEvent::new(code, KeyModifiers::NONE), *clock);
        assert_only_owner_sees(app, None, what);
    };
    burst(app, KeyCode::Enter, 5, "a double Enter");
    // Held down: the first repeat after the keyboard's delay, then fast.
    burst(app, KeyCode::Enter, 660, "a held Enter's first repeat");
    for _ in 0..40 {
        burst(app, KeyCode::Enter, 33, "a held Enter");
    }
    burst(app, KeyCode::Char(' '), 700, "Space a moment later");
    for c in ['1', 'h', 's', 'w', 'd', 'u', '2'] {
        burst(app, KeyCode::Char(c), 15, "a burst of keys");
    }
    for _ in 0..8 {
        burst(app, KeyCode::Enter, 150, "Enter as fast as a person can");
        burst(
            app,
            KeyCode::Char(' '),
            150,
            "Space as fast as a person can",
        );
    }
}

#[test]
fn no_frame_shows_a_hand_but_its_owners_however_fast_the_keys_come() {
    let games: Vec<VariantId> = VariantId::ALL
        .into_iter()
        .filter(|v| v.is_available())
        .collect();
    let tables = [
        vec![Seat::human("Ann"), Seat::human("Ben")],
        vec![
            Seat::human("Ann"),
            Seat::human("Ben"),
            Seat::bot("Bot", BotLevel::Normal),
            Seat::human("Cat"),
        ],
    ];
    let mut hidden_games = 0;
    for variant in games {
        for seats in &tables {
            let mut app = App::new(config(false), None);
            app.setup = super::app::SetupForm::new(variant, Some(11));
            app.setup.seats = seats.clone();
            for (name, value) in app.setup.options.iter_mut() {
                match name.as_str() {
                    "rounds" => *value = toml::Value::Integer(2),
                    // A Wrummy match of a few games; an AlphaRummy game
                    // long enough for a round to end.
                    "target" if variant == VariantId::AlphaRummy => {
                        *value = toml::Value::Integer(400)
                    }
                    "target" => *value = toml::Value::Integer(60),
                    _ => {}
                }
            }
            app.start_game();
            if app.screen != Screen::Table {
                continue; // more seats than this game takes
            }
            if !table(&app).game.hidden_hands() {
                continue;
            }
            hidden_games += 1;
            let what = format!("{variant} with {} seats", seats.len());
            let mut clock = Instant::now();
            let mut owner = None;
            let (mut lifts, mut popups) = (0, 0);
            for _ in 0..3_000 {
                if app.screen != Screen::Table {
                    break;
                }
                assert_only_owner_sees(&mut app, owner, &what);
                let t = table(&app);
                if t.end.is_some() {
                    owner = None;
                    popups += 1;
                    type_ahead(&mut app, &mut clock);
                    press(&mut app, KeyCode::Enter);
                } else if let Some(seat) = t.curtain() {
                    type_ahead(&mut app, &mut clock);
                    assert_eq!(table(&app).curtain(), Some(seat), "{what}");
                    // Now the next player, on purpose.
                    press(&mut app, KeyCode::Enter);
                    assert_eq!(table(&app).curtain(), None, "{what}");
                    owner = Some(seat);
                    lifts += 1;
                } else if t.human_to_move().is_some() {
                    follow_hints(&mut app);
                } else {
                    assert!(app.tick(Instant::now() + Duration::from_secs(1)));
                }
                clock = clock.max(app.keys.last().unwrap_or(clock));
                if lifts >= 24 && popups > 0 {
                    break;
                }
            }
            assert!(lifts >= 6, "{what}: only {lifts} hand-offs");
            assert!(popups >= 1, "{what}: no round or game ended");
        }
    }
    assert!(hidden_games >= 4, "{hidden_games} tables with hidden hands");
}

#[test]
fn a_round_over_popup_covers_no_hand_when_its_ender_starts_the_next() {
    // Ann and Ben in 5 Suited Rummy: whoever ends a round, the popup shows
    // only what everyone may see, and the next hand waits for its curtain.
    let mut app = five_app(vec![Seat::human("Ann"), Seat::human("Ben")], 3);
    let mut popups = 0;
    for _ in 0..2_000 {
        if app.screen != Screen::Table {
            break;
        }
        let t = table(&app);
        if t.end.is_some() {
            popups += 1;
            assert_only_owner_sees(&mut app, None, "the round-over popup");
            press(&mut app, KeyCode::Enter);
            if app.screen == Screen::Table && !table(&app).game.is_over() {
                let t = table(&app);
                assert!(t.curtain().is_some() || t.human_to_move().is_none());
            }
        } else if t.curtain().is_some() {
            press(&mut app, KeyCode::Enter);
        } else {
            follow_hints(&mut app);
        }
    }
    assert!(popups >= 3, "{popups} popups");
}

#[test]
fn two_seats_with_one_name_are_refused() {
    let mut app = five_app(vec![Seat::human("Ann"), Seat::human("Ben")], 2);
    app.table = None;
    app.screen = Screen::Setup;
    app.setup.seats = vec![Seat::human("Ann"), Seat::human("ann ")];
    app.start_game();
    assert_eq!(app.screen, Screen::Setup);
    let (text, error) = app.message.clone().expect("a reason");
    assert!(error);
    assert!(text.contains("both called ann"), "{text}");
}

#[test]
fn the_seed_of_a_game_with_hidden_hands_shows_only_when_it_is_over() {
    let tmp = temp_dir("deal-again");
    let dir = tmp.path();
    let mut app = App::new(config(false), Some(Store::open(dir).expect("store")));
    app.setup = super::app::SetupForm::new(VariantId::FiveSuited, None);
    app.setup.seats = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)];
    for (name, value) in app.setup.options.iter_mut() {
        if name == "rounds" {
            *value = toml::Value::Integer(1);
        }
    }
    app.start_game();
    keys(&mut app, "s");
    assert_eq!(table(&app).game.movers().len(), 1, "Ann drew");
    let seed = table(&app).game.seed();
    let digits = seed.to_string();
    let frame = render(&mut app, 100, 24);
    assert!(
        !frame.contains("seed") && !frame.contains(&digits),
        "{frame}"
    );
    let save = table(&app).save.clone().expect("a save");
    let file = save.file_name().unwrap().to_string_lossy().to_string();
    assert!(!file.contains(&digits), "{file}");
    assert!(!super::store::describe(table(&app).game.as_ref()).contains("seed"));
    // The Load list names no seed either.
    table_mut(&mut app).confirm_quit = true;
    press(&mut app, KeyCode::Char('y'));
    app.title.cursor = app.title_index("Load a game");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Load);
    let list = render(&mut app, 100, 24);
    assert!(list.contains("5 Suited Rummy"), "{list}");
    assert!(!list.contains("seed") && !list.contains(&digits), "{list}");
    // Over, it says how to deal it again.
    press(&mut app, KeyCode::Enter);
    for _ in 0..500 {
        if app.screen != Screen::Table || table(&app).game.is_over() {
            break;
        }
        match table(&app).human_to_move() {
            Some(_) => follow_hints(&mut app),
            None => {
                app.tick(Instant::now() + Duration::from_secs(1));
            }
        }
    }
    assert!(table(&app).game.is_over());
    let frame = render(&mut app, 100, 30);
    assert!(
        frame.contains(&format!("Deal this game again with seed {seed}.")),
        "{frame}"
    );
}

fn ctrl(app: &mut App, c: char) {
    app.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

/// The human plays card 1 (taking the first card offered), then the bot.
fn one_round(app: &mut App) {
    keys(app, "1");
    if table(app).picking.is_some() {
        press(app, KeyCode::Enter);
    }
    app.tick(Instant::now());
}

fn moves_on_disk(store: &Store, path: &std::path::Path) -> usize {
    store.load(path).expect("the save loads").movers().len()
}

#[test]
fn failing_saves_say_how_many_moves_are_not_saved_and_quitting_asks_first() {
    let (tmp, store, mut app) = saved_game("failing", false);
    let dir = tmp.path();
    one_round(&mut app);
    let path = table(&app).save.clone().expect("a save path");
    let saved = table(&app).game.movers().len();
    assert!(saved >= 2);
    assert_eq!(moves_on_disk(&store, &path), saved);
    // The disk fails: the saves folder is now a file.
    let kept = dir.join("kept");
    let breaks = || {
        std::fs::rename(store.dir(), &kept).unwrap();
        std::fs::write(store.dir(), "in the way").unwrap();
    };
    let mends = || {
        std::fs::remove_file(store.dir()).unwrap();
        std::fs::rename(&kept, store.dir()).unwrap();
    };
    breaks();
    one_round(&mut app);
    let n = table(&app).game.movers().len() - saved;
    assert!(n >= 2, "{n}");
    assert_eq!(table(&app).unsaved(), Some((n, "File exists")));
    let lost = format!("{n} moves are not saved (File exists).");
    let (note, error) = table(&app).note.clone().expect("a note");
    assert!(error && note.contains(&lost), "{note}");
    // Ctrl-C asks first, saying what would be lost; n stays.
    ctrl(&mut app, 'c');
    assert!(!app.quit);
    assert!(app.confirm_exit);
    let screen = render(&mut app, 80, 24);
    assert!(screen.contains("moves are not saved"), "{screen}");
    assert!(screen.contains("Quit anyway?"), "{screen}");
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quit && !app.confirm_exit);
    assert_eq!(app.screen, Screen::Table);
    // Ctrl-C, y: quits without the moves.
    ctrl(&mut app, 'c');
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
    app.quit = false;
    // A signal cannot ask: what it could not save is said for the log.
    assert_eq!(app.save_on_exit(), Some(lost.clone()));
    // q asks the same way before leaving; n stays.
    press(&mut app, KeyCode::Char('q'));
    let screen = render(&mut app, 80, 24);
    assert!(screen.contains("Leave anyway?"), "{screen}");
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.screen, Screen::Table);
    // Once saves work again, Ctrl-C saves and quits at once.
    mends();
    ctrl(&mut app, 'c');
    assert!(app.quit && !app.confirm_exit);
    assert_eq!(moves_on_disk(&store, &path), saved + n);
    assert_eq!(table(&app).unsaved(), None);
    app.quit = false;
    // Failing again: only the moves since the last save are counted, and a
    // yes to the question leaves them.
    breaks();
    one_round(&mut app);
    let m = table(&app).game.movers().len() - saved - n;
    assert_eq!(table(&app).unsaved().map(|u| u.0), Some(m));
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.screen, Screen::Title);
    assert!(app.table.is_none());
    mends();
    assert_eq!(moves_on_disk(&store, &path), saved + n);
}

#[test]
fn typed_ahead_keys_never_lift_a_curtain_and_a_deliberate_one_does() {
    let mut app = five_app(vec![Seat::human("Ann"), Seat::human("Ben")], 2);
    let start = table(&app).gate_since.expect("Ann's curtain").1;
    let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    // Pressed as the curtain came down, or within half a second: it stays.
    app.key_at(enter, start);
    app.key_at(enter, start + Duration::from_millis(450));
    assert_eq!(table(&app).curtain(), Some(SeatId(0)));
    // Held down, Enter repeats after the keyboard's delay (660 ms here),
    // then every 33 ms: it stays, however long.
    for i in 0..60 {
        app.key_at(enter, start + Duration::from_millis(450 + 660 + 33 * i));
    }
    assert_eq!(table(&app).curtain(), Some(SeatId(0)));
    // Pressed twice by a person, 700 ms apart: it stays.
    app.key_at(enter, start + Duration::from_millis(3_700));
    assert_eq!(table(&app).curtain(), Some(SeatId(0)));
    // A deliberate press after a pause lifts it.
    app.key_at(enter, start + Duration::from_millis(4_800));
    assert_eq!(table(&app).curtain(), None);
    assert_eq!(table(&app).viewer(), Some(SeatId(0)));
}

/// Player 1, Player 2 and a bot at Wrummy 3-4-5, seed 5: Player 1's
/// curtain is down.
fn wrummy_two_at_one_keyboard() -> App {
    let seats = vec![
        Seat::human("Player 1"),
        Seat::human("Player 2"),
        Seat::bot("Bot 3", BotLevel::Normal),
    ];
    let app = game_app(VariantId::Wrummy, seats, 5, &[]);
    assert_eq!(table(&app).curtain(), Some(SeatId(0)));
    app
}

/// Keys at `start` and then every `every` ms after it, `n` of them.
fn burst(app: &mut App, code: KeyCode, start: Instant, every: u64, n: u64) {
    for i in 0..n {
        let at = start + Duration::from_millis(every * i);
        app.key_at(KeyEvent::new(code, KeyModifiers::NONE), at);
    }
}

#[test]
fn a_held_enter_lifts_the_curtain_and_plays_nothing_until_the_keys_stop() {
    // At "Pass to Player 1", after a quiet second, 30 Enters 33 ms apart
    // (a held key): the first lifts the curtain, and the rest neither take
    // from the train nor discard.
    let mut app = wrummy_two_at_one_keyboard();
    let down = table(&app).gate_since.expect("the curtain's time").1;
    let start = down + Duration::from_secs(1);
    burst(&mut app, KeyCode::Enter, start, 33, 30);
    let t = table(&app);
    assert_eq!(t.curtain(), None, "the first Enter lifts the curtain");
    assert_eq!(t.viewer(), Some(SeatId(0)));
    assert!(t.game.movers().is_empty(), "{:?}", t.log);
    // Nothing was held back to be played later, either.
    let end = start + Duration::from_millis(33 * 29);
    assert!(!app.tick(end + Duration::from_secs(2)));
    assert!(
        table(&app).game.movers().is_empty(),
        "{:?}",
        table(&app).log
    );
    // Once the keys have stopped, a key plays: s draws from the stock.
    app.key_at(
        KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE),
        end + Duration::from_millis(400),
    );
    assert!(table(&app).game.movers().is_empty(), "held back a moment");
    assert!(app.tick(end + Duration::from_millis(700)));
    assert_eq!(table(&app).game.movers(), [SeatId(0)]);
    assert_logged(&app, "Player 1 drew");
}

#[test]
fn a_held_enter_as_a_keyboard_repeats_it_plays_nothing_behind_the_curtain() {
    // The same held Enter as keyboards send it: the press, then after the
    // keyboard's delay a repeat every 33 ms, for every common delay.
    for delay in [250, 500, 660] {
        let mut app = wrummy_two_at_one_keyboard();
        let down = table(&app).gate_since.expect("the curtain's time").1;
        let start = down + Duration::from_secs(1);
        burst(&mut app, KeyCode::Enter, start, 33, 1);
        assert_eq!(table(&app).curtain(), None);
        let repeats = start + Duration::from_millis(delay);
        burst(&mut app, KeyCode::Enter, repeats, 33, 40);
        app.tick(repeats + Duration::from_secs(5));
        let t = table(&app);
        assert!(t.game.movers().is_empty(), "delay {delay}: {:?}", t.log);
        assert_eq!(t.viewer(), Some(SeatId(0)));
    }
}

#[test]
fn the_discarders_held_enter_never_passes_the_next_humans_call() {
    // Player 1 draws and discards E with Enter: the train then holds a word,
    // and Player 2 is asked in the open whether to call "Wrummy!". Player
    // 1's Enter, held, repeats from half a second after the discard, every
    // 33 ms: none of it is Player 2's answer.
    let mut app = wrummy_two_at_one_keyboard();
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "s");
    let t = table(&app);
    let e = t
        .game
        .moves(SeatId(0))
        .into_iter()
        .find(|m| m.label.starts_with("discard E "));
    let e = e.expect("an E to discard").card;
    let at = t.hand().iter().position(|&c| c == e).expect("E in hand");
    table_mut(&mut app).cursor = at;
    press(&mut app, KeyCode::Enter);
    assert_logged(&app, "Player 1 discarded E.");
    let t = table(&app);
    assert_eq!(t.actor(), Some(SeatId(1)), "Player 2 is asked: {:?}", t.log);
    assert!(!t.game.private(SeatId(1)), "in the open");
    assert_eq!(t.game.enter_key(SeatId(1)), Some('p'), "Enter would pass");
    let moves = t.game.movers().len();
    let discard = app.keys.last().expect("the discard's Enter");
    // The table's clock moves on with the keys.
    table_mut(&mut app).last_move = Instant::now() - Duration::from_millis(500);
    burst(
        &mut app,
        KeyCode::Enter,
        discard + Duration::from_millis(500),
        33,
        30,
    );
    app.tick(discard + Duration::from_secs(3));
    let t = table(&app);
    assert_eq!(t.game.movers().len(), moves, "{:?}", t.log);
    assert_eq!(t.actor(), Some(SeatId(1)), "still Player 2's to decide");
    // Player 2, after a moment, on purpose: Enter lets the train stand.
    press(&mut app, KeyCode::Enter);
    assert_eq!(table(&app).game.movers().len(), moves + 1);
}

#[test]
fn the_load_list_does_not_read_a_saves_word_list_and_a_pipe_is_refused_at_once() {
    let tmp = temp_dir("lists");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let list = dir.join("mine.txt");
    std::fs::write(&list, "cat\ndog\n").unwrap();
    let mut with_list = config(false);
    with_list.dict_path = Some(list.display().to_string());
    let mut app = App::new(with_list, Some(store.clone()));
    app.setup.seats = you_and_bot();
    app.start_game();
    one_round(&mut app);
    let path = table(&app).save.clone().expect("a save path");
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    // Listing the game does not read its word list: with the list gone, it
    // is still listed, and opening it says why it cannot be played.
    std::fs::remove_file(&list).unwrap();
    let mut app = App::new(config(false), Some(store.clone()));
    app.title.cursor = app.title_index("Load a game");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Load);
    assert_eq!(app.load.saves.len(), 1, "{:?}", app.message);
    assert!(app.load.saves[0].summary.contains("word list mine.txt"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Load);
    let (text, error) = app.message.clone().expect("reported");
    assert!(error && text.contains("does not exist"), "{text}");
    assert!(path.exists(), "a sound save is left where it is");
    // A named pipe in its place is refused at once, by Load and Continue.
    let made = std::process::Command::new("mkfifo")
        .arg(&list)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let (tx, rx) = std::sync::mpsc::channel();
    let s = store.clone();
    std::thread::spawn(move || {
        let mut app = App::new(config(false), Some(s));
        app.continue_game();
        let continued = app.message.clone();
        app.title.cursor = app.title_index("Load a game");
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Enter);
        let _ = tx.send((continued, app.message.clone()));
    });
    let (continued, loaded) = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("Continue and Load answer at once");
    for said in [continued, loaded] {
        let (text, error) = said.expect("reported");
        assert!(error && text.contains("named pipe"), "{text}");
    }
}

#[test]
fn the_key_bar_keeps_help_and_the_way_out_at_any_width() {
    let mut app = five_app(you_and_bot(), 2);
    bots_play(&mut app);
    for w in [64, 72, 80, 100] {
        let frame = render(&mut app, w, 24);
        let bar = frame.lines().last().unwrap_or_default().to_string();
        assert!(
            bar.contains("? help") && bar.contains("q leave"),
            "{w}: {bar}"
        );
        assert!(bar.contains("s stock"), "{w}: {bar}");
    }
    use super::commands::{BarEntry, KeyBar, Rank};
    let entry = |text: &str, rank| BarEntry {
        text: text.to_string(),
        rank,
    };
    let bar = KeyBar(vec![
        entry("a one", Rank::Move),
        entry("b two", Rank::Extra),
        entry("c three", Rank::Move),
        entry("? help", Rank::Way),
        entry("q leave", Rank::Way),
    ]);
    let keys = "a one  b two  c three  ? help  q leave";
    assert_eq!(bar.fit(80), keys);
    // An optional entry goes whole: no key stands without its word.
    assert_eq!(bar.fit(36), "a one  c three  ? help  q leave");
    assert_eq!(bar.fit(31), "a one  c three  ? help  q leave");
    // Where the moves alone do not fit, help and the way out shorten.
    assert_eq!(bar.fit(28), "a one  c three  ? help  q");
    assert_eq!(bar.fit(22), "a one  c three  ?  q");
    // Then they drop, the moves last.
    assert_eq!(bar.fit(16), "a one  c three");
    assert_eq!(bar.fit(6), "a one");
    assert_eq!(bar.fit(0), "");
}

/// A watcher's snapshot (no viewer: the screen between two humans' turns)
/// of every game with hidden hands comes from the spectator view: no hand,
/// no wild of a hand, nothing but the table.
#[test]
fn nobodys_snapshot_holds_no_card_of_any_hand() {
    for (variant, seed) in [
        VariantId::Wrummy,
        VariantId::FiveSuited,
        VariantId::PlayOnWords,
    ]
    .into_iter()
    .flat_map(|v| (0..12).map(move |seed| (v, seed)))
    {
        let new = NewTable {
            variant,
            options: Vec::new(),
            seats: vec![Seat::human("Ann"), Seat::human("Ben")],
            seed,
            dict: Dictionary::shipped(),
            dict_path: None,
        };
        let game = open(new).expect("a game");
        assert!(game.hidden_hands());
        let mine: Vec<CardId> = game
            .snapshot(Some(SeatId(0)))
            .seats
            .iter()
            .chain(&game.snapshot(Some(SeatId(1))).seats)
            .filter_map(|p| p.cards.as_ref())
            .flatten()
            .map(|c| c.id)
            .collect();
        assert!(mine.len() >= 6, "{variant}: each seat sees its own hand");
        let nobody = game.snapshot(None);
        assert!(nobody.seats.iter().all(|p| p.cards.is_none()), "{variant}");
        let shown = format!("{nobody:?}");
        for id in &mine {
            assert!(
                !shown.contains(&format!("CardId({})", id.0)),
                "{variant} seed {seed}: card {id:?} of a hand in a watcher's snapshot: {shown}"
            );
        }
    }
}

fn alpha_app(seats: Vec<Seat>, seed: u64) -> App {
    game_app(VariantId::AlphaRummy, seats, seed, &[])
}

#[test]
fn alpharummy_screen_takes_from_the_pile_lays_a_word_and_takes_the_bonus() {
    let mut app = alpha_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        4,
    );
    let screen = render(&mut app, 80, 24);
    insta::assert_snapshot!("alpharummy_draw", screen);
    assert!(screen.contains("race to 500"), "{screen}");
    assert!(screen.contains("500 to go"), "{screen}");
    // The hint names a card of the pile and the word it is for.
    press(&mut app, KeyCode::Char('h'));
    let hint = table(&app).hint.clone().expect("a hint");
    assert!(
        hint.short.contains("from the discard pile and lay"),
        "{hint:?}"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(table(&app).hand().len(), 8, "the top card taken");
    // Discarding before the card is used is refused with the reason.
    press(&mut app, KeyCode::Enter);
    let note = table(&app).note.clone().expect("a refusal");
    assert!(note.0.contains("use it in a word"), "{note:?}");
    // Taken back, the pile is closed for the turn and the screen says so.
    keys(&mut app, "b");
    let screen = render(&mut app, 80, 24);
    assert!(
        said(&screen).contains("You took this turn back, Ann: s to draw from the stock.")
            && !said(&screen).contains("d top")
            && !said(&screen).contains("d discard"),
        "{screen}"
    );
    assert_eq!(table(&app).game.drawing(SeatId(0)), Some(None));
    // The same game again, taken up to the take.
    let mut app = alpha_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        4,
    );
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Enter);
    // The word the hint names, typed: the status line says what it scores.
    press(&mut app, KeyCode::Char('h'));
    let hint = table(&app).hint.clone().expect("a hint");
    let (word, _) = hint.word.clone().expect("a word to type");
    keys(&mut app, "w");
    let plan = table(&app).plan().expect("typing");
    assert!(!plan.error, "{plan:?}");
    assert!(
        plan.line.starts_with(&format!("lay {word} from your hand"))
            && plan.line.contains(" bonus card"),
        "{plan:?}"
    );
    let screen = render(&mut app, 80, 24);
    insta::assert_snapshot!("alpharummy_typing", screen);
    press(&mut app, KeyCode::Enter);
    // The bot lets the word stand (or challenges it and loses a turn).
    bots_play(&mut app);
    let t = table(&app);
    assert!(t.snapshot().seats[0].score > 0, "scored at once");
    let me = t.actor().expect("still Ann's turn");
    assert!(
        t.game.game_keys(me).iter().any(|(k, _)| *k == 't'),
        "bonus due"
    );
    keys(&mut app, "t");
    let t = table(&app);
    assert!(
        t.log
            .iter()
            .any(|l| l.contains("took") && l.contains("bonus card")),
        "{:?}",
        t.log
    );
}

// Play On Words Rummy.

/// The status line and key bar of a frame as one line of words, however
/// they wrapped.
fn said(frame: &str) -> String {
    let text = bottom(frame);
    let lines: Vec<&str> = text.lines().map(|l| l.trim_matches('"')).collect();
    lines
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn pow_app(seats: Vec<Seat>, seed: u64, options: &[(&str, &str)]) -> App {
    game_app(VariantId::PlayOnWords, seats, seed, options)
}

/// The cards of every hand but `seat`'s, as the engine holds them.
fn others_hands(t: &TableState, seat: SeatId) -> Vec<CardId> {
    (0..t.game.seats().len())
        .filter(|&i| i != seat.index())
        .flat_map(|i| {
            let own = t.game.snapshot(Some(SeatId(i as u8)));
            own.seats[i].cards.clone().unwrap_or_default()
        })
        .map(|c| c.id)
        .collect()
}

/// A hard bot's move for the person to move, as a stand-in plays it.
fn hard_stand_in(app: &mut App) {
    let t = table_mut(app);
    if t.curtain().is_some() {
        press(app, KeyCode::Enter);
        return;
    }
    let played = t.game.play_bot(Some(BotLevel::Hard)).expect("a hard move");
    t.log.extend(played.lines);
    t.end = played.end;
    t.last = played.last;
    app.after_move();
}

/// Plays a Play On Words game on until `stop` holds, the person's moves
/// made by `mover`, checking that no card of another hand shows.
fn pow_until_by(
    app: &mut App,
    what: &str,
    stop: impl Fn(&TableState) -> bool,
    mover: fn(&mut App),
) {
    for _ in 0..400 {
        bots_play(app);
        let t = table(app);
        if t.end.is_some() {
            press(app, KeyCode::Enter);
            continue;
        }
        assert!(!t.game.is_over(), "the game ended before {what}");
        if stop(t) {
            return;
        }
        // No card of another hand is ever on screen.
        let (frame, face_up) = render_cards(app, 80, 24);
        let others = others_hands(table(app), SeatId(0));
        assert!(face_up.iter().all(|c| !others.contains(c)), "{frame}");
        mover(app);
    }
    panic!("never {what}");
}

#[test]
fn play_on_words_screen_grows_a_table_word_as_it_is_typed() {
    let mut app = pow_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        30,
        // Hints from the whole dictionary: the play-on it finds can be
        // played two ways.
        &[("bot_words", "whole")],
    );
    let frame = render(&mut app, 80, 24);
    // Before anything is drawn: the draw pile's keys, and no discard pile.
    assert!(
        frame.contains("s draw pile") && !frame.contains("d discard"),
        "{frame}"
    );
    // Ann plays as the hard bot would, to a position with a play-on that
    // the hint names and that can be typed two ways.
    pow_until_by(
        &mut app,
        "a play-on hint",
        |t| {
            t.game
                .hint(SeatId(0))
                .is_some_and(|h| h.short.starts_with("Hint: Make"))
        },
        hard_stand_in,
    );
    let hint = table(&app).game.hint(SeatId(0)).expect("a hint");
    let (word, way) = hint.word.clone().expect("a word to type");
    // Typed letter by letter: the status line says what it grows and
    // what it scores, and the word it grows is marked on the table.
    keys(&mut app, "w");
    keys(&mut app, &word.to_lowercase());
    let plan = table(&app).plan().expect("typing");
    assert!(!plan.error, "{plan:?}");
    let grown = plan.grows.expect("a table word grown");
    let old = table(&app).snapshot().seats[0]
        .words
        .iter()
        .find(|w| w.id == grown)
        .map(|w| w.cards.iter().map(|(_, l)| l.as_str()).collect::<String>())
        .expect("the word grown is Ann's");
    let doing = format!("make your {old} into {word} (rearranged, 2 a letter)");
    assert!(
        plan.line.starts_with(&doing) && plan.line.ends_with(" points"),
        "{plan:?}"
    );
    let (frame, face_up) = render_cards(&mut app, 80, 24);
    insta::assert_snapshot!("play_on_words_typing", frame);
    assert!(
        said(&frame).contains(&format!("Word: {word} → {doing}")),
        "{frame}"
    );
    assert!(frame.contains(&format!("*{old}*")), "{frame}");
    // The hand's cards it uses light up, the flip card drawn whole; nothing
    // of Bot 2's hand shows.
    assert!(plan.cards.iter().all(|c| face_up.contains(c)));
    assert!(frame.contains("│V/Z│"), "{frame}");
    let others = others_hands(table(&app), SeatId(0));
    assert!(face_up.iter().all(|c| !others.contains(c)), "{frame}");
    // Two ways: the flip card as Z, or the Z card. Tab goes round them.
    assert_eq!(plan.ways, 2, "{plan:?}");
    assert!(plan.line.contains("(V/Z as Z)"), "{plan:?}");
    press(&mut app, KeyCode::Tab);
    let other = table(&app).plan().expect("typing");
    assert!(
        other.line.starts_with(&doing) && !other.line.contains("V/Z") && other.cards != plan.cards,
        "{other:?}"
    );
    let frame = render(&mut app, 80, 24);
    assert!(
        said(&frame).contains("(way 2 of 2: Tab for another)"),
        "{frame}"
    );
    press(&mut app, KeyCode::Tab);
    assert_eq!(
        table(&app).plan(),
        Some(plan.clone()),
        "back to the first way"
    );
    for _ in 0..way {
        press(&mut app, KeyCode::Tab);
    }
    press(&mut app, KeyCode::Enter);
    assert_logged(
        &app,
        &format!("Ann made their own {old} into {word} (rearranged)"),
    );
}

/// A Play On Words game on the table whose deck holds consonants only (no
/// wilds): no hand ever makes a word, so a seat holding 8 is always stuck.
fn consonant_app(seats: Vec<Seat>, seed: u64) -> App {
    use rummy::deck::LetterCards;
    use rummy::game::{Session, Setup};
    use rummy::variants::play_on_words::PlayOnWords;
    use rummy::variants::{RulesSource, load_rules};
    let mut rules = load_rules::<PlayOnWords>(&RulesSource::default()).expect("shipped rules");
    rules.deck.letters.clear();
    rules.deck.wilds = 0;
    for l in ["B", "C", "D", "F", "G", "K", "M", "P"] {
        rules.deck.letters.insert(
            l.to_string(),
            LetterCards {
                count: 12,
                value: 1,
            },
        );
    }
    let game = Session::<PlayOnWords>::new(Setup::new(rules, seats, seed)).expect("a game");
    let mut app = App::new(config(false), None);
    app.table = Some(TableState::new(Box::new(game), None, false));
    app.screen = Screen::Table;
    app
}

/// The cards left in the draw pile, as the heading says.
fn draw_pile(app: &App) -> usize {
    let heading = table(app).snapshot().heading;
    heading
        .split(" · ")
        .find_map(|part| part.strip_prefix("draw pile "))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn play_on_words_offers_no_card_under_the_draw_pile_while_a_play_fits() {
    let mut app = pow_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        5,
        &[],
    );
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "s");
    assert_eq!(table(&app).hand().len(), 8);
    let hint = table(&app).game.hint(SeatId(0)).expect("a hint");
    assert!(hint.word.is_some(), "the hand makes a word: {hint:?}");
    press(&mut app, KeyCode::Right);
    let card = table(&app).selected().expect("a card");
    let frame = render(&mut app, 80, 24);
    assert!(
        !said(&frame).contains("under the draw pile") && !said(&frame).contains("put under"),
        "{frame}"
    );
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert_eq!(t.hand().len(), 8);
    assert!(t.hand().contains(&card), "the card stays in hand");
    assert!(!t.log.iter().any(|l| l.contains("under the draw pile")));
}

#[test]
fn play_on_words_puts_cards_under_the_draw_pile_when_stuck_with_eight() {
    let mut app = consonant_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        5,
    );
    bots_play(&mut app);
    press(&mut app, KeyCode::Enter);
    let note = table(&app).note.clone().expect("a note");
    assert_eq!(note.0, "Draw first: s from the draw pile.");
    let pile = draw_pile(&app);
    keys(&mut app, "s");
    assert_eq!(table(&app).hand().len(), 8);
    assert_eq!(draw_pile(&app), pile - 1);
    press(&mut app, KeyCode::Right);
    let card = table(&app).selected().expect("a card");
    let frame = render(&mut app, 80, 24);
    let name = table(&app).snapshot().seats[0]
        .cards
        .iter()
        .flatten()
        .find(|c| c.id == card)
        .map(|c| c.to_string())
        .expect("the card in hand");
    assert!(
        said(&frame).contains(&format!(
            "Ann: w types a new word (3 letters or more), or p to pass. No play fits your 8 cards, so up to 3 may go under the draw pile this turn; the last ends it. Enter puts {name} there."
        )),
        "{frame}"
    );
    assert!(
        said(&frame).contains("Enter put under") && !frame.contains("d discard"),
        "{frame}"
    );
    // At 8 no more is drawn: the game says why.
    keys(&mut app, "s");
    let note = table(&app).note.clone().expect("a refusal");
    assert_eq!(
        note.0,
        "You hold 8 cards: draw only while you hold fewer than 8."
    );
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert_eq!(t.hand().len(), 7);
    assert!(!t.hand().contains(&card));
    assert_logged(&app, "Ann put a card under the draw pile.");
    let (frame, face_up) = render_cards(&mut app, 80, 24);
    insta::assert_snapshot!("play_on_words_put_under", frame);
    assert_eq!(draw_pile(&app), pile, "{frame}");
    assert!(!face_up.contains(&card), "the card is out of sight");
    assert!(
        said(&frame).contains(
            "Ann: put up to 2 more under the draw pile (pick, Enter), or p to end the turn."
        ),
        "{frame}"
    );
    let others = others_hands(table(&app), SeatId(0));
    assert!(face_up.iter().all(|c| !others.contains(c)), "{frame}");
    // No word in a turn that puts cards under the pile.
    keys(&mut app, "w");
    assert!(table(&app).typing.is_none());
    keys(&mut app, "s");
    assert_eq!(table(&app).hand().len(), 7, "nor a draw");
    assert!(table(&app).note.as_ref().is_some_and(|(_, e)| *e));
    // The third card ends the turn.
    keys(&mut app, "1");
    keys(&mut app, "1");
    let t = table(&app);
    assert_eq!(t.hand().len(), 5);
    let under = t
        .log
        .iter()
        .filter(|l| l.contains("Ann put a card under"))
        .count();
    assert_eq!(under, 3, "{:?}", t.log);
    assert_ne!(t.game.to_move(), Some(SeatId(0)), "Bot 2's turn");
}

#[test]
fn play_on_words_muggins_is_played_in_the_open_and_the_round_ends_with_its_sheet() {
    let mugging = |t: &TableState| {
        t.curtain().is_none()
            && t.actor().is_some()
            && t.snapshot()
                .center_note
                .is_some_and(|n| n.starts_with("Muggins"))
    };
    // The first deal from seed 5 on whose first round, played by the
    // hints, comes to a muggins.
    let mut found = None;
    for seed in 5..25 {
        let mut app = pow_app(
            vec![Seat::human("Player 1"), Seat::human("Player 2")],
            seed,
            &[],
        );
        for _ in 0..1_000 {
            let t = table(&app);
            if t.end.is_some() || mugging(t) {
                break;
            }
            // Until then, no hand but that of the player at the keyboard.
            let owner = t.viewer();
            assert_only_owner_sees(&mut app, owner, "before muggins");
            follow_hints(&mut app);
        }
        if mugging(table(&app)) {
            found = Some(app);
            break;
        }
    }
    let mut app = found.expect("a muggins in one of 20 deals");
    let t = table(&app);
    assert!(mugging(t), "no muggins");
    // In the open: no curtain, nobody's private hand, every unplayed card
    // face up.
    assert_eq!(t.viewer(), None);
    let me = t.actor().expect("a mugger");
    let shown: Vec<CardId> = t
        .snapshot()
        .seats
        .iter()
        .flat_map(|p| p.cards.clone().expect("every hand face up"))
        .map(|c| c.id)
        .collect();
    assert!(!shown.is_empty());
    let name = t.game.seats()[me.index()].name.clone();
    let (frame, face_up) = render_cards(&mut app, 80, 24);
    insta::assert_snapshot!("play_on_words_muggins", frame);
    assert!(shown.iter().all(|c| face_up.contains(c)), "{frame}");
    assert!(!frame.contains("░░"), "no card face down: {frame}");
    assert!(
        said(&frame).contains(&format!(
            "Muggins, {name}: w types a word of another seat's cards"
        )) && said(&frame).contains("w mug p pass"),
        "{frame}"
    );
    // A word no seat's cards make says so, and plays nothing.
    keys(&mut app, "wzzz");
    let plan = table(&app).plan().expect("typing");
    assert!(plan.error, "{plan:?}");
    assert_eq!(
        plan.line,
        "No other seat's face-up cards make ZZZ, alone or played on one table word."
    );
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).typing.is_some(), "nothing played");
    press(&mut app, KeyCode::Esc);
    // Muggins by the hints, in the open, to the round's end.
    for _ in 0..20 {
        if table(&app).end.is_some() {
            break;
        }
        assert!(table(&app).curtain().is_none(), "muggins is in the open");
        follow_hints(&mut app);
    }
    let t = table(&app);
    let end = t.end.clone().expect("the round is over");
    assert!(!end.match_over);
    let (frame, face_up) = render_cards(&mut app, 80, 24);
    insta::assert_snapshot!("play_on_words_round_over", frame);
    assert!(face_up.is_empty(), "no hand under the sheet: {frame}");
    assert!(
        frame.contains("Round 1 is over") && frame.contains("Player 1  Player 2"),
        "{frame}"
    );
    assert!(
        !frame.contains("-0 ") && !frame.contains("is playing"),
        "{frame}"
    );
    let totals: Vec<i64> = end.totals.iter().map(|(_, n)| *n).collect();
    assert_eq!(totals, end.sheet[0].1, "the sheet's first row is the total");
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).curtain().is_some(), "the next hand waits");
}

#[test]
fn play_on_words_center_line_speaks_of_final_turns_only_while_they_are_played() {
    use rummy::game::{Game, Session};
    use rummy::rng::GameRng;
    use rummy::variants::play_on_words::PlayOnWords;
    // A game over (in the Casual version the round ends the moment a seat
    // goes out): no final turns are left to play.
    for version in ["casual", "rummy"] {
        let mut checked = false;
        for seed in 0..20 {
            let seats = Seat::bots(&[BotLevel::Normal, BotLevel::Normal]);
            let options = [("version", version), ("rounds", "1")];
            let setup = rummy::variants::shipped_setup::<PlayOnWords>(seats, seed, &options)
                .expect("rules");
            let mut s = Session::<PlayOnWords>::new(setup).expect("a game");
            let mut rng = GameRng::new(seed, 1);
            while !s.state().is_over() {
                s.play_bot(BotLevel::Normal, &mut rng).expect("a bot move");
            }
            if s.state().spectator_view().went_out.is_none() {
                continue;
            }
            let note = s.snapshot(None).center_note.unwrap_or_default();
            assert!(!note.contains("final turns"), "{version}: {note}");
            checked = true;
            break;
        }
        assert!(checked, "{version}: no round ended by going out");
    }
}

#[test]
fn play_on_words_versions_from_the_form_and_their_help_at_80x24() {
    for (version, words, heading) in [
        ("rummy", "strict", "· strict words                "),
        ("full_deck", "strict", "· strict words · Full Deck"),
        ("casual", "challenge", "· challenge words · Casual"),
    ] {
        let mut app = pow_app(
            vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
            5,
            &[("version", version), ("words", words)],
        );
        let frame = render(&mut app, 80, 24);
        assert!(frame.contains(heading), "{version}: {frame}");
        // Full Deck deals 8 and draws none.
        let hand = table(&app).hand().len();
        assert_eq!(hand, if version == "full_deck" { 8 } else { 7 });
        // Holding 8, the turn's longest list of keys: w, p, the hand's.
        if version != "full_deck" {
            keys(&mut app, "s");
        }
        assert_eq!(table(&app).hand().len(), 8);
        // The help from its top to its end (End scrolls to its last line).
        press(&mut app, KeyCode::Char('?'));
        let top = render(&mut app, 80, 24);
        press(&mut app, KeyCode::End);
        let end = render(&mut app, 80, 24);
        assert!(
            end.contains("close this help (any other key too)"),
            "{version}: cut off:\n{end}"
        );
        let help = format!("{top}\n{end}");
        assert!(
            help.contains("s           draw the top card of the draw pile")
                && help.contains("p           pass")
                && !help.contains("discard it")
                && !help.contains("d           take"),
            "{version}:\n{help}"
        );
        let casual = help.contains("Casual: no points");
        assert_eq!(casual, version == "casual", "{version}:\n{help}");
        let full = help.contains("Full Deck: no draws");
        assert_eq!(full, version == "full_deck", "{version}:\n{help}");
        press(&mut app, KeyCode::Char('x'));
        assert!(!app.help);
    }
}

#[test]
fn the_log_wraps_at_spaces_and_shows_its_newest_entry_whole() {
    use super::text::wrap;
    let line = "Muggins: the unplayed cards are face up; each seat may play other seats' cards for 2 points a letter.";
    let lines = wrap(line, 24);
    assert!(lines.iter().all(|l| l.chars().count() <= 24), "{lines:?}");
    assert_eq!(lines.join(" "), line);
    assert_eq!(wrap("ABCDEFGHIJ", 4), ["ABCD", "EFGH", "IJ"]);
    assert_eq!(wrap("", 4), [""]);
    // A full log panel: the newest entry ends on screen, last word and all.
    let mut app = pow_app(you_and_bot(), 5, &[]);
    for n in 0..30 {
        table_mut(&mut app).log.push(format!("{n}: {line}"));
    }
    table_mut(&mut app).log.push(format!("{line} Newest."));
    let frame = render(&mut app, 80, 24);
    assert!(frame.contains("Newest."), "{frame}");
}

#[test]
fn a_letter_typed_over_the_hints_word_starts_a_fresh_word() {
    let mut app = wrummy_app(you_and_bot(), &[]);
    bots_play(&mut app);
    keys(&mut app, "s");
    press(&mut app, KeyCode::Char('h'));
    let (word, _) = table(&app)
        .hint
        .clone()
        .and_then(|h| h.word)
        .expect("a word hint");
    keys(&mut app, "w");
    assert_eq!(
        table(&app).typing,
        Some((word.clone(), 0)),
        "w types the hint's word"
    );
    keys(&mut app, "cat");
    assert_eq!(
        table(&app).typing.as_ref().map(|(t, _)| t.as_str()),
        Some("CAT"),
        "typing starts afresh, not after {word}"
    );
    // Once the player types their own word, letters go on after it.
    keys(&mut app, "s");
    assert_eq!(
        table(&app).typing.as_ref().map(|(t, _)| t.as_str()),
        Some("CATS")
    );
    // Esc and w again, with no hint: an empty word.
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "w");
    assert_eq!(table(&app).typing, Some((String::new(), 0)));
}

/// The frame's rows run together, spaces collapsed: wrapped text reads on.
fn flat(frame: &str) -> String {
    frame
        .lines()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Bots play until a human is to move.
fn to_human(app: &mut App) {
    for _ in 0..50 {
        if table(app).human_to_move().is_some() || table(app).game.is_over() {
            return;
        }
        assert!(app.tick(Instant::now()), "a bot moves");
    }
}

/// Asserts that the frame shows every card of the viewer's hand whole, each
/// where a click plays it.
fn assert_hand_shown(app: &mut App, frame: &str, drawn: &[CardId]) {
    let hand = table(app).hand();
    assert!(!hand.is_empty());
    for (k, c) in hand.iter().enumerate() {
        assert!(
            drawn.contains(c),
            "card {k} of the hand is not shown:\n{frame}"
        );
        assert!(
            app.hits.iter().any(|(_, h)| *h == super::app::Hit::Hand(k)),
            "card {k} of the hand cannot be clicked:\n{frame}"
        );
    }
}

#[test]
fn a_hint_is_never_cut_off_and_the_hand_stays_in_view() {
    let mut longest = 0;
    for seats in [3, 4] {
        for seed in 1..=6u64 {
            // The human sits last, under every other seat.
            let mut list: Vec<Seat> = (1..seats)
                .map(|i| Seat::bot(format!("Bot {i}"), BotLevel::Normal))
                .collect();
            list.push(Seat::human("Ann"));
            let mut app = App::new(config(false), None);
            app.config.seed = Some(seed);
            app.setup = super::app::SetupForm::new(VariantId::Wump, Some(seed));
            app.setup.bot_pause = Duration::ZERO;
            app.setup.bot_pause = Duration::ZERO;
            app.setup.seats = list;
            app.start_game();
            to_human(&mut app);
            // Kids' mode: a child's sentence first, the reason on a second h.
            press(&mut app, KeyCode::Char('h'));
            press(&mut app, KeyCode::Char('h'));
            let hint = table(&app).hint.clone().expect("a hint");
            assert!(table(&app).explain, "the second h explains");
            let (frame, drawn) = render_cards(&mut app, 80, 24);
            longest = longest.max(hint.long.len());
            assert!(
                flat(&frame).contains(&flat(&hint.long)),
                "{seats} seats, seed {seed}: the hint is cut off:\n{}\n{frame}",
                hint.long
            );
            assert_hand_shown(&mut app, &frame, &drawn);
            if seats == 4 && seed == 1 {
                insta::assert_snapshot!("hint_grows_four_seats", frame);
            }
        }
    }
    assert!(
        longest > 240,
        "some hints need more than three lines: {longest}"
    );
}

/// A Wump game whose hints carry a sentence for a child.
struct ChildHints(Box<dyn TableGame>);

impl AnySession for ChildHints {
    fn variant(&self) -> VariantId {
        self.0.variant()
    }
    fn seats(&self) -> &[Seat] {
        self.0.seats()
    }
    fn to_move(&self) -> Option<SeatId> {
        self.0.to_move()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    fn seed(&self) -> u64 {
        self.0.seed()
    }
    fn movers(&self) -> Vec<SeatId> {
        self.0.movers()
    }
    fn undo_refusal(&self, len: usize) -> Option<String> {
        self.0.undo_refusal(len)
    }
    fn undo_to(&mut self, len: usize) -> Result<(), String> {
        self.0.undo_to(len)
    }
    fn save_json(&self) -> String {
        self.0.save_json()
    }
    fn outcome(&self) -> Option<rummy::game::Outcome> {
        self.0.outcome()
    }
    fn options(&self) -> Vec<(String, String)> {
        self.0.options()
    }
    fn hinted_after(&self, seat: SeatId) -> Option<String> {
        self.0.hinted_after(seat)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl TableGame for ChildHints {
    fn hidden_hands(&self) -> bool {
        self.0.hidden_hands()
    }
    fn stock_refusal(&self, seat: SeatId) -> Option<String> {
        self.0.stock_refusal(seat)
    }
    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot {
        self.0.snapshot(viewer)
    }
    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        self.0.moves(seat)
    }
    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        self.0.play(seat, m)
    }
    fn play_bot(&mut self, stand_in: Option<BotLevel>) -> Result<Played, String> {
        self.0.play_bot(stand_in)
    }
    fn play_thought(&mut self, thought: crate::tui::adapter::AnyThought) -> Result<Played, String> {
        self.0.play_thought(thought)
    }
    fn hint(&self, seat: SeatId) -> Option<HintInfo> {
        let mut h = self.0.hint(seat)?;
        h.child = Some("Use your card with the star!".into());
        Some(h)
    }
    fn hinter(&self, seat: SeatId) -> crate::tui::adapter::HintJob {
        let job = self.0.hinter(seat);
        Box::new(move || {
            let mut h = job()?;
            h.child = Some("Use your card with the star!".into());
            Some(h)
        })
    }
    fn prompt(&self, seat: SeatId, kids: bool) -> String {
        self.0.prompt(seat, kids)
    }
}

#[test]
fn kids_mode_hints_in_two_steps_a_childs_sentence_then_why() {
    for kids in [true, false] {
        let mut app = wump_app(you_and_bot(), kids, false);
        let t = table_mut(&mut app);
        let game = std::mem::replace(&mut t.game, open_wump());
        t.game = Box::new(ChildHints(game));
        press(&mut app, KeyCode::Char('h'));
        let h = table(&app).hint.clone().expect("a hint");
        let first = flat(&render(&mut app, 80, 24));
        if kids {
            assert!(
                first.contains("Use your card with the star! Press h again for why."),
                "{first}"
            );
            assert!(!first.contains(&flat(&h.long)), "{first}");
        } else {
            assert!(
                first.contains(&format!("{} Press h again", h.short)),
                "{first}"
            );
            assert!(!first.contains("with the star"), "{first}");
        }
        press(&mut app, KeyCode::Char('h'));
        let second = flat(&render(&mut app, 80, 24));
        assert!(second.contains(&flat(&h.long)), "{second}");
        assert!(!second.contains("Press h again"), "{second}");
    }
    // Wump's own hint: the engine's sentence for a child, then the reason.
    let mut app = wump_app(you_and_bot(), true, false);
    press(&mut app, KeyCode::Char('h'));
    let h = table(&app).hint.clone().expect("a hint");
    let child = h.child.clone().expect("a child's sentence");
    assert!(child.split_whitespace().count() <= 12, "{child}");
    let first = flat(&render(&mut app, 80, 24));
    assert!(first.contains(&flat(&child)), "{first}");
    assert!(!first.contains(&flat(&h.long)), "{first}");
    press(&mut app, KeyCode::Char('h'));
    assert!(flat(&render(&mut app, 80, 24)).contains(&flat(&h.long)));
}

fn open_wump() -> Box<dyn TableGame> {
    open(NewTable {
        variant: VariantId::Wump,
        options: Vec::new(),
        seats: you_and_bot(),
        seed: 1,
        dict: Dictionary::shipped(),
        dict_path: None,
    })
    .expect("a game")
}

/// A Wump game of `seats` dealt from `seed`.
fn wump_seeded(seats: Vec<Seat>, seed: u64, kids: bool) -> App {
    let mut app = App::new(config(false), None);
    app.setup = super::app::SetupForm::new(VariantId::Wump, Some(seed));
    app.setup.bot_pause = Duration::ZERO;
    app.setup.seats = seats;
    app.setup.kids = kids;
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

/// Whether the card drawn at `r` carries the `*` mark on its top edge.
fn starred(frame: &str, r: ratatui::layout::Rect) -> bool {
    frame
        .lines()
        .nth(r.y as usize)
        .and_then(|l| l.chars().nth(r.x as usize + 2))
        == Some('*')
}

#[test]
fn kids_mode_lights_every_take_at_once() {
    // A deal where two hand cards take, different center cards.
    let (mut app, takes) = (1..40u64)
        .find_map(|seed| {
            let app = wump_seeded(you_and_bot(), seed, true);
            let moves = table(&app).my_moves();
            let takes: Vec<UiMove> = moves.into_iter().filter(|m| m.target.is_some()).collect();
            let withs: std::collections::HashSet<_> = takes.iter().map(|m| m.card).collect();
            let targets: std::collections::HashSet<_> = takes.iter().map(|m| m.target).collect();
            (withs.len() >= 2 && targets.len() >= 2).then_some((app, takes))
        })
        .expect("a seed with two takers");
    let frame = render(&mut app, 80, 24);
    let hand = table(&app).hand();
    for &(r, hit) in &app.hits.clone() {
        match hit {
            super::app::Hit::Center(id) => assert_eq!(
                starred(&frame, r),
                takes.iter().any(|m| m.target == Some(id)),
                "center card {id:?}:\n{frame}"
            ),
            super::app::Hit::Hand(k) => assert_eq!(
                starred(&frame, r),
                takes.iter().any(|m| m.card == hand[k]),
                "hand card {k}:\n{frame}"
            ),
            _ => {}
        }
    }
    insta::assert_snapshot!("kids_every_take_lit", frame);
    // Outside kids' mode nothing is marked until a card is played.
    table_mut(&mut app).kids = false;
    let frame = render(&mut app, 80, 24);
    assert!(!frame.contains('*'), "{frame}");
}

/// A seed whose first deal gives Ann a take and a card that takes nothing.
fn seed_with_take_and_idle_card(kids: bool) -> (App, CardId) {
    (1..60u64)
        .find_map(|seed| {
            let app = wump_seeded(you_and_bot(), seed, kids);
            let moves = table(&app).my_moves();
            let idle = table(&app)
                .hand()
                .into_iter()
                .find(|&c| !moves.iter().any(|m| m.card == c && m.target.is_some()))?;
            moves
                .iter()
                .any(|m| m.target.is_some())
                .then_some((app, idle))
        })
        .expect("a seed with a take and an idle card")
}

fn select(app: &mut App, card: CardId) {
    let i = table(app)
        .hand()
        .iter()
        .position(|&c| c == card)
        .expect("in hand");
    table_mut(app).cursor = i;
}

#[test]
fn kids_mode_asks_before_putting_a_card_down_when_another_could_take() {
    let (mut app, idle) = seed_with_take_and_idle_card(true);
    let name = |app: &App, id: CardId| {
        table(app)
            .snapshot()
            .seats
            .iter()
            .flat_map(|p| p.cards.iter().flatten())
            .chain(table(app).snapshot().center.iter())
            .find(|c| c.id == id)
            .map(|c| c.to_string())
            .expect("a card on the table")
    };
    select(&mut app, idle);
    keys(&mut app, "p");
    let (m, question) = table(&app).confirm_place.clone().expect("a question");
    assert_eq!(m.card, idle);
    // The take it names is one the game offers.
    let takes: Vec<UiMove> = table(&app)
        .my_moves()
        .into_iter()
        .filter(|m| m.target.is_some())
        .collect();
    assert!(
        takes.iter().any(|t| question.starts_with(&format!(
            "{} could take {} instead.",
            name(&app, t.card),
            name(&app, t.target.expect("a take"))
        ))),
        "{question}"
    );
    assert!(question.ends_with(&format!("Put {} down anyway? y/n", name(&app, idle))));
    let frame = render(&mut app, 80, 24);
    assert!(flat(&frame).contains(&question), "{frame}");
    assert!(frame.contains("y put it down  n keep it"), "{frame}");
    insta::assert_snapshot!("kids_put_down_question", frame);
    // Anything but y keeps the card.
    keys(&mut app, "x");
    assert!(table(&app).confirm_place.is_none());
    assert_eq!(table(&app).game.movers().len(), 0);
    assert!(table(&app).hand().contains(&idle));
    // Enter on a card that takes nothing asks too; y puts it down.
    select(&mut app, idle);
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).confirm_place.is_some());
    keys(&mut app, "y");
    assert_eq!(table(&app).game.movers().len(), 1);
    assert!(!table(&app).hand().contains(&idle));
    assert_logged(
        &app,
        &format!("Ann put {} in the center.", name(&app, idle)),
    );
    // Outside kids' mode the card goes down at once.
    let (mut app, idle) = seed_with_take_and_idle_card(false);
    select(&mut app, idle);
    keys(&mut app, "p");
    assert!(table(&app).confirm_place.is_none());
    assert_eq!(table(&app).game.movers().len(), 1);
}

#[test]
fn w_asks_the_game_why_a_center_card_can_or_cannot_be_taken() {
    let mut app = wump_seeded(you_and_bot(), 1, true);
    let center: Vec<CardId> = table(&app).snapshot().center.iter().map(|c| c.id).collect();
    let me = SeatId(0);
    keys(&mut app, "w");
    assert!(table(&app).asking.is_some());
    let mut seen = Vec::new();
    for _ in 0..center.len() {
        let frame = render(&mut app, 80, 24);
        let asked = table(&app)
            .view()
            .asked(table(&app).asking)
            .expect("a card");
        let why = table(&app).game.why_take(me, asked).expect("Wump explains");
        let can = table(&app)
            .my_moves()
            .iter()
            .any(|m| m.target == Some(asked));
        assert_eq!(why.starts_with("Your "), can, "{why}");
        assert!(flat(&frame).contains(&why), "{frame}");
        assert!(frame.contains("←→ which card"), "{frame}");
        if !can {
            insta::assert_snapshot!("why_cannot_take", frame);
        }
        seen.push(asked);
        press(&mut app, KeyCode::Right);
    }
    assert!(
        center
            .iter()
            .any(|c| !table(&app).my_moves().iter().any(|m| m.target == Some(*c))),
        "seed 1 has a center card no card of Ann's takes"
    );
    seen.sort();
    let mut all = center.clone();
    all.sort();
    assert_eq!(seen, all, "→ goes round every center card");
    // A click on a center card asks about it.
    render(&mut app, 80, 24);
    let (r, _) = *app
        .hits
        .iter()
        .find(|(_, h)| *h == super::app::Hit::Center(center[1]))
        .expect("drawn");
    app.click(r.x + 1, r.y + 1);
    assert_eq!(
        table(&app).view().asked(table(&app).asking),
        Some(center[1])
    );
    assert_eq!(table(&app).game.movers().len(), 0, "asking takes nothing");
    press(&mut app, KeyCode::Esc);
    assert!(table(&app).asking.is_none());
    // While the bot is to move: only on your turn.
    app.config.pause = Duration::from_secs(3600);
    keys(&mut app, "1");
    if table(&app).picking.is_some() {
        press(&mut app, KeyCode::Enter);
    }
    if table(&app).confirm_place.is_some() {
        keys(&mut app, "y");
    }
    assert!(table(&app).human_to_move().is_none());
    keys(&mut app, "w");
    let frame = render(&mut app, 80, 24);
    assert!(
        flat(&frame).contains("You can only take on your turn; now it is Bot 2's turn."),
        "{frame}"
    );
}

/// Whether the card drawn at `r` carries the `+` of the last move on its
/// lower edge.
fn fresh_mark(frame: &str, r: ratatui::layout::Rect) -> bool {
    frame
        .lines()
        .nth((r.y + r.height - 1) as usize)
        .and_then(|l| l.chars().nth(r.x as usize + 2))
        == Some('+')
}

#[test]
fn the_table_marks_what_the_last_player_did() {
    let (mut app, idle) = seed_with_take_and_idle_card(true);
    let frame = render(&mut app, 80, 24);
    assert!(
        !frame.contains("Center: 4 cards ·"),
        "no move yet:\n{frame}"
    );
    select(&mut app, idle);
    keys(&mut app, "py");
    let last = table(&app).last.clone().expect("Ann's move");
    assert_eq!(last.cards, vec![idle]);
    let card = table(&app)
        .snapshot()
        .center
        .iter()
        .find(|c| c.id == idle)
        .map(|c| c.to_string())
        .expect("in the center");
    assert_eq!(last.line, format!("Ann put {card} down"));
    let frame = render(&mut app, 80, 24);
    assert!(
        frame.contains(&format!("Center: 5 cards · Ann put {card} down")),
        "{frame}"
    );
    for &(r, hit) in &app.hits.clone() {
        if let super::app::Hit::Center(id) = hit {
            assert_eq!(fresh_mark(&frame, r), id == idle, "{frame}");
        }
    }
    insta::assert_snapshot!("last_move_marked", frame);
    // The bot's move replaces it, as the log tells it.
    assert!(app.tick(Instant::now()));
    let last = table(&app).last.clone().expect("the bot's move");
    let logged = table(&app).log.last().cloned().unwrap_or_default();
    assert!(last.line.starts_with("Bot 2 "), "{last:?}");
    let frame = render(&mut app, 80, 24);
    assert!(frame.contains(&last.line), "{frame}");
    match last.cards.first() {
        // "Bot 2 put 5♦ down" is "Bot 2 put 5♦ in the center."
        Some(_) => assert_eq!(
            logged,
            format!("{} in the center.", last.line.replace(" down", ""))
        ),
        None => assert_eq!(logged, format!("{}.", last.line)),
    }
    // Taking a move back leaves nothing marked.
    keys(&mut app, "u");
    assert!(table(&app).last.is_none());
}

#[test]
fn bot_speed_is_chosen_on_the_form_and_kept_with_the_save() {
    let tmp = temp_dir("speed");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let mut cfg = config(false);
    cfg.pause = Duration::from_millis(700);
    let mut app = App::new(cfg, Some(store.clone()));
    app.title.cursor = app.title_index("New game");
    press(&mut app, KeyCode::Enter);
    app.setup.cursor = app
        .setup
        .rows()
        .iter()
        .position(|r| *r == super::form::Row::BotSpeed)
        .expect("a bot speed row");
    assert!(render(&mut app, 80, 24).contains("Bot speed"));
    assert!(render(&mut app, 80, 24).contains("< normal >"));
    press(&mut app, KeyCode::Right);
    assert_eq!(app.setup.bot_pause, Duration::from_millis(250));
    press(&mut app, KeyCode::Right);
    let frame = render(&mut app, 80, 24);
    assert!(frame.contains("< instant >"), "{frame}");
    press(&mut app, KeyCode::Right);
    assert_eq!(
        app.setup.bot_pause,
        Duration::ZERO,
        "instant is the fastest"
    );
    for _ in 0..5 {
        press(&mut app, KeyCode::Left);
    }
    assert_eq!(app.setup.bot_pause, Duration::from_millis(1500), "slow");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    app.setup.seats = you_and_bot();
    app.start_game();
    assert_eq!(app.config.pause, Duration::from_millis(250), "fast");
    play_first(&mut app);
    let path = table(&app).save.clone().expect("saved");
    assert_eq!(
        super::store::read_prefs(&path),
        (Some(true), Some(Duration::from_millis(250)))
    );
    // Resumed in a program started with another pause, the game keeps its own.
    drop(app);
    let mut cfg = config(false);
    cfg.pause = Duration::ZERO;
    cfg.pause_given = true;
    let mut app = App::new(cfg, Some(store));
    assert_eq!(
        app.setup.bot_pause,
        Duration::ZERO,
        "--fast starts the form at instant"
    );
    app.continue_game();
    assert_eq!(app.screen, Screen::Table);
    assert_eq!(app.config.pause, Duration::from_millis(250));
    assert!(table(&app).kids);
}

/// Every discard the 5 Suited screen offers says "and go out" exactly when
/// the engine then has that seat go out, over whole seeded games of hard
/// bots (a card just taken from the discard pile stays in hand, another
/// card of its face does not).
#[test]
fn five_suited_says_go_out_exactly_when_the_engine_goes_out() {
    use rummy::game::{Game, Session, Setup};
    use rummy::variants::five_suited::FiveSuited;
    use rummy::variants::{RulesSource, load_rules};
    let rules = load_rules::<FiveSuited>(&RulesSource::default()).expect("shipped rules");
    let (mut offered, mut outs) = (0, 0);
    for seed in 0..8u64 {
        let seats = (0..2).map(|i| Seat::human(format!("P{i}"))).collect();
        let mut s = Session::<FiveSuited>::new(Setup::new(rules.clone(), seats, seed)).unwrap();
        let mut rng = rummy::rng::GameRng::new(seed, 3);
        while let Some(seat) = s.state().to_move() {
            for m in TableGame::moves(&s, seat) {
                let mut after = s.clone();
                let played =
                    TableGame::play(&mut after, seat, &m).expect("offered moves are legal");
                let name = s.seat_name(seat);
                let went = played
                    .lines
                    .iter()
                    .any(|l| l.starts_with(&format!("{name} went out")));
                assert_eq!(
                    m.label.ends_with("and go out"),
                    went,
                    "seed {seed}: {}",
                    m.label
                );
                offered += 1;
                outs += usize::from(went);
            }
            s.play_bot(BotLevel::Hard, &mut rng).expect("a bot move");
        }
    }
    assert!(
        offered > 500 && outs > 5,
        "{offered} discards, {outs} going out"
    );
}

/// The card just taken from the discard pile may not be thrown back: the
/// screen says so in the engine's words, not another game's.
#[test]
fn five_suited_says_why_the_card_just_taken_stays() {
    let mut app = five_app(you_and_bot(), 11);
    bots_play(&mut app);
    let before = table(&app).hand();
    keys(&mut app, "d");
    let after = table(&app).hand();
    let taken = after
        .iter()
        .position(|c| !before.contains(c))
        .expect("a card was taken");
    app.table.as_mut().unwrap().cursor = taken;
    press(&mut app, KeyCode::Enter);
    let screen = flat(&render(&mut app, 100, 24));
    assert!(
        screen.contains("was just taken from the discard pile: discard another card."),
        "{screen}"
    );
    assert!(!screen.contains("must take"), "{screen}");
    assert_eq!(table(&app).hand(), after, "nothing was discarded");
}

#[test]
fn every_row_of_the_form_says_what_it_does_in_a_line_that_fits() {
    for variant in rummy::variants::registered() {
        let mut form = SetupForm::new(variant, None);
        assert!(!form.options.is_empty() || variant == VariantId::Wump);
        for cursor in 0..form.rows().len() {
            form.cursor = cursor;
            let about = form.about();
            assert!(
                about.len() > 20 && about.chars().count() <= 78 && about.ends_with('.'),
                "{variant:?} row {:?}: {about:?}",
                form.row()
            );
        }
        // The rows keep the order the rules declare their options in.
        let names: Vec<&str> = form.options.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, rummy::variants::option_names(variant), "{variant:?}");
        for (name, _) in &form.options {
            assert!(
                !rummy::variants::option_about(variant, name).is_empty(),
                "{variant:?} option {name} has no line"
            );
            // Each option row is named in words, as the form's other rows
            // are: a capital first, no underscores, within the label column.
            let label = rummy::variants::option_label(variant, name);
            assert!(
                label.starts_with(|c: char| c.is_ascii_uppercase())
                    && !label.contains('_')
                    && label.chars().count() < 19,
                "{variant:?} option {name}: {label:?}"
            );
        }
    }
}

#[test]
fn a_number_option_is_typed_and_a_number_out_of_range_is_refused_as_typed() {
    let mut app = App::new(config(false), None);
    press(&mut app, KeyCode::Enter);
    // Wrummy: a 100-point match is typed, not 100 presses of →.
    while app.setup.variant != VariantId::Wrummy {
        press(&mut app, KeyCode::Right);
    }
    let target = |app: &App| {
        app.setup
            .options
            .iter()
            .position(|(k, _)| k == "target")
            .expect("Wrummy has a target")
    };
    let i = target(&app);
    app.setup.cursor = app
        .setup
        .rows()
        .iter()
        .position(|&r| r == Row::Opt(i))
        .expect("the row");
    let form = render(&mut app, 80, 24);
    assert!(form.contains("a match to that many points."), "{form}");
    assert!(form.contains("Enter type number"), "{form}");
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "1x00");
    assert_eq!(app.setup.editing.as_deref(), Some("100"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.options[i].1, toml::Value::Integer(100));
    assert_eq!(app.setup.editing, None);
    // 5 Suited Rummy has 11 rounds: 12 is refused in the rules' words, and
    // typing goes on so it can be put right.
    app.setup.cursor = 0;
    while app.setup.variant != VariantId::FiveSuited {
        press(&mut app, KeyCode::Right);
    }
    let rounds = app
        .setup
        .options
        .iter()
        .position(|(k, _)| k == "rounds")
        .expect("5 Suited has rounds");
    app.setup.cursor = app
        .setup
        .rows()
        .iter()
        .position(|&r| r == Row::Opt(rounds))
        .expect("the row");
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "12");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.editing.as_deref(), Some("12"));
    assert_eq!(
        app.message,
        Some(("Rounds must be between 1 and 11.".to_string(), true))
    );
    assert_eq!(app.setup.options[rounds].1, toml::Value::Integer(11));
    let shown = render(&mut app, 80, 24);
    assert!(
        shown.contains("Rounds must be between 1 and 11."),
        "{shown}"
    );
    // A number too big to read is out of range all the same.
    keys(&mut app, "99999999999999999999");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.message,
        Some(("Rounds must be between 1 and 11.".to_string(), true))
    );
    for _ in 0..20 {
        press(&mut app, KeyCode::Backspace);
    }
    keys(&mut app, "1");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.options[rounds].1, toml::Value::Integer(1));
    // → and ← stop at the ends of the range, saying why.
    press(&mut app, KeyCode::Left);
    assert_eq!(app.setup.options[rounds].1, toml::Value::Integer(1));
    assert!(
        app.message
            .as_ref()
            .is_some_and(|(m, e)| *e && m.starts_with("Rounds must be"))
    );
    press(&mut app, KeyCode::Right);
    assert_eq!(app.setup.options[rounds].1, toml::Value::Integer(2));
    assert_eq!(app.message, None);
    // The game starts with what was typed.
    app.start_game();
    let t = app.table.as_ref().expect("a game");
    assert!(
        t.game.save_json().contains("\"rounds\": 2") || t.game.save_json().contains("\"rounds\":2")
    );
}

#[test]
fn the_score_sheet_keeps_its_round_labels_whole_with_seven_seats() {
    let seats: Vec<Seat> = (1..=7)
        .map(|i| Seat::bot(format!("Player {i}"), BotLevel::Easy))
        .collect();
    let mut app = five_app(seats, 11);
    let names: Vec<String> = (1..=7).map(|i| format!("Player {i}")).collect();
    let labels = [
        "Round 9 (Jacks wild)",
        "Round 10 (Queens wild)",
        "Round 11 (Kings wild)",
    ];
    let t = app.table.as_mut().expect("a game");
    t.end = Some(GameEnd {
        heading: "Round 11 is over".into(),
        summary: "Player 3 went out.".into(),
        sheet_names: names.clone(),
        sheet: labels
            .iter()
            .map(|l| (l.to_string(), (0..7).map(|s| s * 17).collect()))
            .collect(),
        totals: names.iter().map(|n| (n.clone(), 1234)).collect(),
        next: "round".into(),
        ..GameEnd::default()
    });
    let shown = render(&mut app, 80, 24);
    for label in labels {
        assert!(shown.contains(label), "{label} cut:\n{shown}");
    }
    let total = shown
        .lines()
        .find(|l| l.contains("Total"))
        .expect("the totals row");
    assert_eq!(total.matches("1234").count(), 7, "{shown}");
}

#[test]
fn a_single_game_is_not_called_a_match_and_n_plays_it_again() {
    let mut app = App::new(config(false), None);
    app.setup.seats = you_and_bot();
    app.setup.options = vec![
        ("match_target".into(), toml::Value::Integer(1)),
        ("must_take".into(), toml::Value::Boolean(false)),
    ];
    app.start_game();
    app.table.as_mut().expect("a game").kids = false;
    // Played to the popup at its end (a draw deals another game).
    for _ in 0..5000 {
        if table(&app).end.as_ref().is_some_and(|e| e.match_over) {
            break;
        }
        play_step(&mut app);
    }
    let end = table(&app).end.clone().expect("the game's end");
    let games = table(&app)
        .log
        .iter()
        .filter(|l| l.contains(" over ("))
        .count();
    let frame = render(&mut app, 80, 24);
    // One instruction, in the popup; the status line says nothing more.
    assert_eq!(frame.matches("Press").count(), 1, "{frame}");
    assert!(frame.contains("n play again"), "{frame}");
    if games == 1 {
        assert_eq!(end.heading, "The game is over");
        assert!(!frame.contains("match"), "{frame}");
        assert!(!frame.contains("games won"), "{frame}");
        assert!(end.summary.contains("won the game with"), "{end:?}");
    }
    // n: the same seats and rules, a new deal, saved as a new game.
    let before = table(&app).game.options();
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.screen, Screen::Table);
    let t = table(&app);
    assert!(t.end.is_none() && !t.game.is_over() && t.game.movers().is_empty());
    assert_eq!(t.game.seats(), you_and_bot().as_slice());
    assert_eq!(t.game.options(), before);
    assert!(
        before.contains(&("match_target".to_string(), "1".to_string())),
        "{before:?}"
    );
    assert!(
        before.contains(&("must_take".to_string(), "false".to_string())),
        "{before:?}"
    );
}

#[test]
fn the_mouse_wheel_scrolls_the_moves_the_help_a_page_and_a_list() {
    // A list: the title menu.
    let mut app = App::new(config(false), None);
    app.wheel(false);
    assert_eq!(app.title.cursor, 1);
    app.wheel(true);
    assert_eq!(app.title.cursor, 0);
    // A page: How to play, three lines a notch, and back.
    app.title.cursor = app.title_index("How to play");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Rules);
    render(&mut app, 80, 24);
    app.wheel(false);
    assert_eq!(app.rules.scroll, 3);
    app.wheel(true);
    assert_eq!(app.rules.scroll, 0);
    // The table's moves: back one entry a notch; any key brings the newest.
    let mut app = wump_app(you_and_bot(), false, false);
    for _ in 0..6 {
        play_first(&mut app);
    }
    let newest = table(&app).log.last().cloned().expect("moves");
    let now = render(&mut app, 80, 24);
    assert!(now.contains("Moves ─"), "{now}");
    for _ in 0..table(&app).log.len() + 3 {
        app.wheel(true);
    }
    assert_eq!(table(&app).log_back, table(&app).log.len() - 1);
    let back = render(&mut app, 80, 24);
    assert!(back.contains("Moves (earlier)"), "{back}");
    assert!(back.contains("New game of Wump Rummy"), "{back}");
    // The newest entry has left the panel (the center's line may still
    // name it).
    let start: String = newest.chars().take(14).collect();
    assert!(
        back.matches(&start).count() < now.matches(&start).count(),
        "{back}"
    );
    app.wheel(false);
    assert_eq!(table(&app).log_back, table(&app).log.len() - 2);
    press(&mut app, KeyCode::Right);
    assert_eq!(table(&app).log_back, 0);
    // The help: scrolled, and closed by a key as before (5 Suited's is
    // longer than a small screen).
    let mut app = five_app(
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Easy)],
        1,
    );
    press(&mut app, KeyCode::Char('?'));
    let top = render(&mut app, 64, 18);
    for _ in 0..20 {
        app.wheel(false);
    }
    assert!(
        app.help_scroll > 0 && app.help_scroll <= app.help_max.get(),
        "{} {}\n{top}",
        app.help_scroll,
        app.help_max.get()
    );
    let lower = render(&mut app, 64, 18);
    assert_ne!(top, lower);
    for _ in 0..20 {
        app.wheel(true);
    }
    assert_eq!(render(&mut app, 64, 18), top);
    press(&mut app, KeyCode::Char('x'));
    assert!(!app.help && app.help_scroll == 0);
}

#[test]
fn a_game_with_no_moves_is_not_saved() {
    // saved_game checks that nothing is saved before the first move.
    let (_dir, store, mut app) = saved_game("no-moves", false);
    let path = table(&app).save.clone().expect("a save path");
    assert!(path.exists());
    assert_eq!(super::store::read_prefs(&path).0, Some(false));
    assert_eq!(store.list().0.len(), 1);
    // Taken back to no moves, its save goes with its settings.
    while !table(&app).game.movers().is_empty() {
        press(&mut app, KeyCode::Char('u'));
        if table(&app).confirm_undo.is_some() {
            keys(&mut app, "y");
        }
    }
    assert!(!path.exists());
    assert_eq!(super::store::read_prefs(&path), (None, None));
    assert!(store.list().0.is_empty());
    // Left at once, a new game leaves nothing behind either.
    table_mut(&mut app).confirm_quit = true;
    press(&mut app, KeyCode::Char('y'));
    app.setup.seats = you_and_bot();
    app.start_game();
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.screen, Screen::Title);
    assert!(store.list().0.is_empty());
}

#[test]
fn help_opens_on_the_hand_off_curtain_and_shows_no_hand() {
    let mut app = five_app(vec![Seat::human("Ann"), Seat::human("Ben")], 1);
    assert!(
        table(&app).curtain().is_some(),
        "a curtain before Ann's hand"
    );
    press(&mut app, KeyCode::Char('?'));
    assert!(app.help);
    let (frame, face_up) = render_cards(&mut app, 80, 24);
    assert!(frame.contains("Help"), "{frame}");
    assert!(face_up.is_empty(), "no hand behind the help: {frame}");
    press(&mut app, KeyCode::Char('x'));
    assert!(!app.help && table(&app).curtain().is_some());
}

#[test]
fn wump_undo_never_reopens_a_finished_game() {
    let mut app = wump_app(you_and_bot(), false, false);
    app.config.pause = Duration::from_secs(3600);
    let later = || Instant::now() + Duration::from_secs(7200);
    let in_game_two = |app: &App| {
        table(app)
            .log
            .iter()
            .any(|l| l.starts_with("Game 2, deal 1"))
    };
    for _ in 0..2000 {
        if in_game_two(&app) && table(&app).human_to_move() == Some(SeatId(0)) {
            break;
        }
        if table(&app).end.is_some() {
            press(&mut app, KeyCode::Enter);
        } else if table(&app).human_to_move() == Some(SeatId(0)) {
            play_first(&mut app);
        } else {
            app.tick(later());
        }
    }
    assert!(in_game_two(&app), "game 2 was reached");
    let moves = table(&app).game.movers().len();
    keys(&mut app, "u");
    let note = table(&app).note.clone().expect("a note").0;
    assert!(
        note.contains("A game has ended since, so that cannot be taken back."),
        "{note}"
    );
    assert_eq!(table(&app).game.movers().len(), moves, "nothing was undone");
    assert!(table(&app).end.is_none());
}

/// A second screen on the data folder `dir`, as a second copy of the
/// program would open it.
fn second_window(dir: &std::path::Path) -> App {
    App::new(config(false), Some(Store::open(dir).expect("store")))
}

#[test]
fn a_game_open_in_one_window_is_not_opened_in_another() {
    let (tmp, store, mut first) = saved_game("two-windows", false);
    let dir = tmp.path();
    let path = table(&first).save.clone().expect("a save");
    let moves = moves_on_disk(&store, &path);
    // Continue, in a second window: it says so, and opens nothing.
    let mut second = second_window(dir);
    second.continue_game();
    assert!(second.table.is_none(), "the game is open in both");
    assert_eq!(second.screen, Screen::Title);
    let (said, error) = second.message.clone().expect("a message");
    assert!(
        said.starts_with("This game is open in another window."),
        "{said}"
    );
    assert!(error);
    // The Load list marks it, and loading or deleting it is refused there.
    second.title.cursor = second.title_index("Load a game");
    press(&mut second, KeyCode::Enter);
    assert_eq!(second.screen, Screen::Load);
    assert!(second.load.saves[0].open_elsewhere);
    let list = render(&mut second, 100, 20);
    assert!(list.contains("open in another window"), "{list}");
    press(&mut second, KeyCode::Enter);
    assert_eq!(second.screen, Screen::Load, "still on the list");
    assert!(second.table.is_none());
    let said = second.message.clone().expect("a message").0;
    assert!(
        said.starts_with("This game is open in another window."),
        "{said}"
    );
    keys(&mut second, "dy");
    assert!(path.exists(), "not deleted");
    assert!(
        second
            .message
            .clone()
            .unwrap()
            .0
            .contains("open in another window")
    );
    // The first window plays on, and nothing of it was overwritten.
    bots_play(&mut first);
    play_first(&mut first);
    assert!(moves_on_disk(&store, &path) > moves);
    // Closed there, the game opens here, and is then refused there.
    first.leave_table(false);
    assert!(first.table.is_none());
    second.continue_game();
    assert_eq!(table(&second).save.as_deref(), Some(path.as_path()));
    first.continue_game();
    assert!(first.table.is_none());
    assert!(
        first
            .message
            .clone()
            .unwrap()
            .0
            .contains("open in another window")
    );
}

#[test]
fn two_windows_starting_games_at_once_get_a_save_each() {
    let tmp = temp_dir("two-new-games");
    let dir = tmp.path();
    let mut a = second_window(dir);
    let mut b = second_window(dir);
    for app in [&mut a, &mut b] {
        app.setup.seats = you_and_bot();
        app.start_game();
    }
    let (pa, pb) = (table(&a).save.clone(), table(&b).save.clone());
    assert!(pa.is_some() && pb.is_some());
    assert_ne!(pa, pb, "the same second, two names");
    assert!(table(&a).lock.is_some() && table(&b).lock.is_some());
    // A game left before any move leaves neither a save nor its lock.
    a.leave_table(false);
    b.leave_table(false);
    let left: Vec<_> = std::fs::read_dir(dir.join("saves"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_round_over_sheet_left_up_shows_again_when_the_game_is_continued() {
    let tmp = temp_dir("sheet-again");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let seats = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Hard)];
    let mut app = five_app_in(Some(store), seats, 2);
    // Ann plays the hint until the first round is over.
    for _ in 0..2_000 {
        bots_play(&mut app);
        if table(&app).end.is_some() {
            break;
        }
        play_the_hint(&mut app);
    }
    let end = table(&app).end.clone().expect("the first round's end");
    assert!(!end.match_over);
    // Ctrl-C with the sheet up: the program quits at once.
    ctrl(&mut app, 'c');
    assert!(app.quit);
    drop(app);
    // Continued, the sheet is up again, as it was, before anything else.
    let mut again = second_window(dir);
    again.continue_game();
    assert_eq!(table(&again).end.as_ref(), Some(&end));
    let screen = render(&mut again, 100, 30);
    assert!(screen.contains(&end.heading), "{screen}");
    assert!(screen.contains("Round 1 (3s wild)"), "{screen}");
    assert!(
        screen.contains("Press Enter for the next round, or q to leave"),
        "{screen}"
    );
    assert!(screen.contains("q leave"), "{screen}");
    // Its help names what Enter goes on to, as the sheet does.
    press(&mut again, KeyCode::Char('?'));
    let help = render(&mut again, 100, 30);
    assert!(help.contains("on to the next round"), "{help}");
    press(&mut again, KeyCode::Esc);
    assert_eq!(table(&again).end.as_ref(), Some(&end));
    // q asks before leaving, as in play; n stays with the sheet up.
    press(&mut again, KeyCode::Char('q'));
    assert!(table(&again).confirm_quit);
    assert!(render(&mut again, 100, 30).contains("y leave"));
    press(&mut again, KeyCode::Char('n'));
    assert!(!table(&again).confirm_quit);
    assert_eq!(table(&again).end.as_ref(), Some(&end));
    let moves = table(&again).game.movers().len();
    press(&mut again, KeyCode::Enter);
    let t = table(&again);
    assert!(t.end.is_none(), "read, it goes");
    assert_eq!(t.game.movers().len(), moves);
    // Until the next move it is the last thing that happened, and a game
    // opened there shows it again.
    again.leave_table(false);
    again.continue_game();
    assert_eq!(table(&again).end.as_ref(), Some(&end));
    press(&mut again, KeyCode::Enter);
    bots_play(&mut again);
    play_the_hint(&mut again);
    again.leave_table(false);
    again.continue_game();
    assert!(table(&again).end.is_none(), "a move later, it is not shown");
}

#[test]
fn a_big_terminal_gets_big_cards_spread_over_it_and_text_at_a_readable_width() {
    use crate::tui::text::READABLE;
    for variant in rummy::variants::registered() {
        let mut app = App::new(config(false), None);
        app.setup = SetupForm::new(variant, Some(7));
        app.setup.seats = you_and_bot();
        app.setup.kids = false;
        app.start_game();
        assert_eq!(app.screen, Screen::Table, "{variant:?}: {:?}", app.message);
        let hand_cards = |app: &App| -> Vec<ratatui::layout::Rect> {
            app.hits
                .iter()
                .filter(|(_, h)| matches!(h, super::app::Hit::Hand(_)))
                .map(|(r, _)| *r)
                .collect()
        };
        render(&mut app, 80, 24);
        let small = hand_cards(&app);
        let frame = render(&mut app, 160, 50);
        let big = hand_cards(&app);
        assert!(
            !small.is_empty() && big.len() == small.len(),
            "{variant:?}:\n{frame}"
        );
        // Every card of the hand is big there, at least as big as at
        // 80×24, and still one click each.
        for (s, b) in small.iter().zip(&big) {
            assert!(
                b.width >= s.width && b.height >= s.height && b.height == 5,
                "{variant:?}: {s:?} {b:?}"
            );
        }
        // The table is spread down the screen, not packed at its top: blank
        // rows between the center's cards and the first seat's line.
        let center_bottom = app
            .hits
            .iter()
            .filter(|(_, h)| matches!(h, super::app::Hit::Center(_)))
            .map(|(r, _)| r.bottom())
            .max();
        let hand_top = big.iter().map(|r| r.y).min();
        assert!(
            center_bottom.is_none_or(|c| hand_top.is_some_and(|h| h >= c + 2)),
            "{variant:?}: center ends at {center_bottom:?}, hand starts at {hand_top:?}:\n{frame}"
        );
        // How to play keeps its lines to a readable width.
        app.open_howto(variant, Screen::Table);
        let page = render(&mut app, 160, 50);
        // The page's rows: below its top border, above its bottom one.
        for line in page.lines().skip(1).take(44) {
            let text = line.trim_matches(|c: char| c == '"' || c == '│' || c.is_whitespace());
            assert!(
                text.chars().count() <= READABLE as usize,
                "{variant:?}: {} columns: {text}",
                text.chars().count()
            );
        }
    }
}

#[test]
fn the_arrows_go_round_the_hand_and_a_hint_shows_over_a_take_being_picked() {
    let mut app = wump_app(you_and_bot(), false, false);
    let n = table(&app).view().hand.len();
    assert!(n > 1);
    // At the last card → goes to the first, and ← back to the last: an
    // arrow on the bar always moves.
    app.table.as_mut().unwrap().cursor = n - 1;
    press(&mut app, KeyCode::Right);
    assert_eq!(table(&app).cursor, 0);
    press(&mut app, KeyCode::Left);
    assert_eq!(table(&app).cursor, n - 1);
    // A take being picked, with the hint already shown: h brings it back.
    for _ in 0..40 {
        let t = table(&app);
        if t.human_to_move().is_some() && t.view().moves.iter().any(|m| m.target.is_some()) {
            break;
        }
        play_first(&mut app);
    }
    let t = table(&app);
    let v = t.view();
    let i = v
        .hand
        .iter()
        .position(|&c| v.moves.iter().any(|m| m.card == c && m.target.is_some()))
        .expect("a card that takes");
    press(&mut app, KeyCode::Char('h'));
    assert!(table(&app).hint.is_some());
    app.table.as_mut().unwrap().cursor = i;
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).picking.is_some(), "a take being picked");
    press(&mut app, KeyCode::Char('h'));
    assert!(table(&app).picking.is_none(), "the hint shows again");
    assert!(table(&app).explain);
}

#[test]
fn a_blocked_word_typed_in_a_challenge_game_is_refused_at_once_with_its_reason() {
    // Wrummy checks words by challenge: a word not in the dictionary
    // stands until challenged, but a blocked word is refused as it is
    // typed and when Enter is pressed, with the reason, and nothing is
    // played. The deal is one whose first hand spells a blocked word.
    let blocked: Vec<&str> = include_str!("../../dictionaries/blocklist.txt")
        .lines()
        .filter_map(|l| l.split('#').next())
        .map(str::trim)
        .filter(|w| (3..=4).contains(&w.len()) && w.chars().all(|c| c.is_ascii_lowercase()))
        .collect();
    assert!(blocked.len() > 20, "{} short blocked words", blocked.len());
    for seed in 1..200 {
        let mut app = game_app(
            VariantId::Wrummy,
            you_and_bot(),
            seed,
            &[("words", "challenge")],
        );
        bots_play(&mut app);
        keys(&mut app, "s");
        let before = table(&app).game.movers().len();
        for word in &blocked {
            keys(&mut app, "w");
            keys(&mut app, word);
            let plan = table(&app).plan().expect("typing");
            if plan.line.contains("you don't hold") || plan.line.contains("needs") {
                press(&mut app, KeyCode::Esc);
                continue;
            }
            // Spelled: refused as it is typed, and again on Enter.
            assert!(plan.error, "{word}: {plan:?}");
            assert!(plan.line.contains("blocked"), "{word}: {plan:?}");
            press(&mut app, KeyCode::Enter);
            let note = table(&app).note.clone();
            assert!(
                note.as_ref()
                    .is_some_and(|(text, error)| *error && text.contains("blocked")),
                "{word}: {note:?}"
            );
            assert_eq!(
                table(&app).game.movers().len(),
                before,
                "{word}: nothing played"
            );
            let screen = render(&mut app, 100, 30);
            assert!(
                screen.contains("blocked"),
                "{word}: the reason is on screen: {screen}"
            );
            return;
        }
    }
    panic!("no deal of 200 gave a hand that spells a blocked word");
}

/// Looks in, as the screen's tick does, until the hint being worked out
/// on the thinking threads has come.
fn hint_comes(t: &mut TableState) {
    let start = Instant::now();
    while !t.hint_tick() {
        assert!(t.hinting.is_some(), "no hint is being worked out");
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the hint never came"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(t.hinting.is_none());
}

#[test]
fn a_hint_worked_out_away_from_a_shared_screen_is_the_engines_and_only_for_its_moment() {
    let mut app = wump_app(vec![Seat::human("Ann"), Seat::human("Ben")], false, false);
    let t = app.table.as_mut().expect("a table");
    let me = t.actor().expect("someone to move");
    let engines = t.game.hint(me).expect("a hint");
    // Asked for: the screen says so at once and the hint comes later.
    t.show_hint(true);
    assert!(t.hint.is_none());
    assert_eq!(
        t.note.as_ref().map(|(n, _)| n.as_str()),
        Some(crate::tui::screens::table::WORKING_OUT_A_HINT)
    );
    hint_comes(t);
    assert_eq!(t.hint.as_ref(), Some(&engines));
    // Asked again, and the game moves on before it comes (as a shared
    // table's does while its people's screens wait): it is not shown.
    t.hint = None;
    t.show_hint(true);
    let m = t.game.moves(me).remove(0);
    t.game.play(me, &m).expect("a legal move");
    hint_comes(t);
    assert_eq!(t.hint, None);
    assert_eq!(t.note, None, "the status line still says it works");
    // A move from this screen drops the question at once.
    let me = t.actor().expect("someone to move");
    t.show_hint(true);
    let m = t.game.moves(me).remove(0);
    app.with_table(|t, desk| t.play(m, desk));
    let t = table(&app);
    assert!(t.hinting.is_none() && t.hint.is_none());
}

#[test]
fn saves_that_can_be_read_but_not_written_still_load_and_say_so_once() {
    let (dir, _, app) = saved_game("read-only", false);
    drop(app);
    // The same folder where nothing can be written (a read-only disk).
    let refused = || {
        Err(std::io::Error::new(
            std::io::ErrorKind::ReadOnlyFilesystem,
            "Read-only file system",
        ))
    };
    let store = Store::open_tried(dir.path(), |_| refused()).expect("opens to read");
    assert_eq!(store.read_only.as_deref(), Some("Read-only file system"));
    // The saved game is listed and loads.
    let (saves, problems) = store.list();
    assert_eq!(saves.len(), 1, "{problems:?}");
    assert!(store.load(&saves[0].path).is_ok());
    // The start says, once, where and why, and what still works.
    let said = super::read_only_message(store.dir(), "Read-only file system");
    assert!(
        said.starts_with(&store.dir().display().to_string()),
        "{said}"
    );
    assert!(
        said.contains("(Read-only file system)") && said.contains("replayed"),
        "{said}"
    );
    // A new game: nothing is written, no error at each move, and leaving
    // says what is not saved.
    let before: Vec<_> = std::fs::read_dir(store.dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    let mut app = App::new(config(false), Some(store.clone()));
    app.setup.seats = you_and_bot();
    app.start_game();
    play_first(&mut app);
    let t = table(&app);
    assert_eq!(t.note, None, "a note at a move");
    assert!(t.unsaved_text().is_some_and(|s| s.contains("not saved")));
    let after: Vec<_> = std::fs::read_dir(store.dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(before, after, "something was written");
    assert_eq!(
        super::store::plain_io(&std::io::Error::from_raw_os_error(30)),
        "Read-only file system"
    );
    // A folder that cannot even be read opens nothing.
    let missing = dir.path().join("not-a-folder");
    std::fs::write(&missing, "").unwrap();
    assert!(Store::open_tried(&missing, |_| refused()).is_err());
}

/// The status line offers a discard only when the table takes one: never
/// while a card taken from the pile or the train must first go into a
/// word. Every moment of bot games of the two word games with discards.
#[test]
fn the_prompt_offers_a_discard_only_when_one_is_open() {
    use rummy::game::{Playable, Session};
    use rummy::open::MoveKind;
    fn check<G: Playable>(seeds: std::ops::Range<u64>) -> usize {
        let rules = rummy::variants::load_rules::<G>(&rummy::variants::RulesSource {
            path: None,
            options: &[],
        })
        .expect("rules");
        let mut closed = 0;
        for seed in seeds {
            let bots = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];
            let (game, _) =
                rummy::sim::bot_game::<G>(&rules, &bots, (seed, SeatId(0)), &Dictionary::shipped())
                    .expect("a game");
            let mut replay = Session::<G>::new(game.setup().clone()).expect("a game");
            for m in game.log() {
                if let Some(seat) = replay.state().to_move() {
                    let open = replay.state().open(seat);
                    let words = open.is_open(MoveKind::Word);
                    if words {
                        let table =
                            super::adapter::load(&replay.to_save_json(), "g").expect("loads");
                        let prompt = table.prompt(seat, false);
                        let discard = open.is_open(MoveKind::Discard);
                        closed += usize::from(!discard);
                        assert_eq!(
                            prompt.contains("discard a card"),
                            discard,
                            "{}: {prompt}",
                            G::VARIANT
                        );
                    }
                }
                replay.apply(m.seat, m.action.clone()).expect("replays");
            }
        }
        closed
    }
    let alpha = check::<rummy::variants::alpharummy::AlphaRummy>(1..4);
    let wrummy = check::<rummy::variants::wrummy::Wrummy>(1..6);
    // Both kinds of moment were met.
    assert!(alpha + wrummy > 0, "no moment with the discard closed");
}
