//! The new-game form: names typed over the old one, and the form
//! remembered from one start to the next, until a player clears it.

use super::app::{App, Screen};
use super::form::Row;
use super::form::{Remembered, RememberedSeat, SetupForm};
use super::store::Store;
use super::test_kit::{config, keys, press, render};
use super::theme::Palette;
use ratatui::crossterm::event::KeyCode;
use rummy::seat::{BotLevel, SeatKind};
use rummy::variants::VariantId;
use std::time::Duration;

/// Moves the form's cursor to `row`.
fn go_to(app: &mut App, row: Row) {
    for _ in 0..40 {
        if app.setup.row() == row {
            return;
        }
        press(app, KeyCode::Down);
    }
    panic!("no row {row:?}");
}

#[test]
fn a_name_typed_replaces_the_one_shown() {
    let mut app = App::new(config(false), None);
    press(&mut app, KeyCode::Enter);
    go_to(&mut app, Row::Seat(0));
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "Sam");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.seats[0].name, "Sam");
    // Backspace first clears the name shown; then it erases a letter.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.setup.editing.as_deref(), Some(""));
    keys(&mut app, "Mia");
    press(&mut app, KeyCode::Backspace);
    keys(&mut app, "a");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.setup.seats[0].name, "Mia");
    // Esc keeps the name as it was.
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "Zed");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.setup.seats[0].name, "Mia");
}

#[test]
fn the_form_is_remembered_until_forgotten() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(dir.path()).expect("store");
    let mut app = App::new(config(false), Some(store.clone()));
    assert!(app.first_run);
    assert!(render(&mut app, 80, 24).contains("New here? Choose Learn a game"));
    // The cursor is on it.
    assert_eq!(app.title_items()[app.title.cursor], "Learn a game");
    app.title.cursor = app.title_index("New game");
    press(&mut app, KeyCode::Enter);
    // 5 Suited Rummy, three seats: Sam, a hard bot, Mia; 4 rounds.
    press(&mut app, KeyCode::Right);
    assert_eq!(app.setup.variant, VariantId::FiveSuited);
    go_to(&mut app, Row::SeatCount);
    press(&mut app, KeyCode::Right);
    go_to(&mut app, Row::Seat(0));
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "Sam");
    press(&mut app, KeyCode::Enter);
    go_to(&mut app, Row::Seat(1));
    press(&mut app, KeyCode::Right);
    assert_eq!(app.setup.seats[1].kind, SeatKind::Bot(BotLevel::Hard));
    go_to(&mut app, Row::Seat(2));
    while app.setup.seats[2].kind != SeatKind::Human {
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "Mia");
    press(&mut app, KeyCode::Enter);
    let rounds = (0..app.setup.options.len())
        .find(|&i| app.setup.options[i].0 == "rounds")
        .expect("a rounds option");
    go_to(&mut app, Row::Opt(rounds));
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "4");
    press(&mut app, KeyCode::Enter);
    // Bots at the fast speed (from instant, one slower).
    go_to(&mut app, Row::BotSpeed);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.setup.bot_pause, Duration::from_millis(250));
    // The light theme, on every screen at once.
    go_to(&mut app, Row::Theme);
    assert!(render(&mut app, 80, 24).contains("< dark >"));
    press(&mut app, KeyCode::Right);
    assert_eq!(app.config.theme.palette, Palette::Light);
    assert!(render(&mut app, 80, 24).contains("< light >"));
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    // A game played: the title no longer points to Learn a game.
    assert!(!app.first_run);
    let form = app.setup.clone();
    // The next start: the same form, seed aside.
    let mut again = App::new(config(false), Some(store.clone()));
    assert!(!again.first_run);
    assert!(!render(&mut again, 80, 24).contains("New here?"));
    assert_eq!(again.setup.variant, VariantId::FiveSuited);
    assert_eq!(again.setup.seats, form.seats);
    assert_eq!(again.setup.options, form.options);
    assert_eq!(again.setup.kids, form.kids);
    // The bot speed and the theme too, unless the command line gives
    // them for the run.
    assert_eq!(again.setup.bot_pause, Duration::from_millis(250));
    assert_eq!(again.config.theme.palette, Palette::Light);
    let mut given = config(false);
    given.pause = Duration::ZERO;
    given.pause_given = true;
    given.theme.palette = Palette::HighContrast;
    given.theme_given = true;
    let flagged = App::new(given, Some(store.clone()));
    assert_eq!(flagged.setup.bot_pause, Duration::ZERO);
    assert_eq!(flagged.config.theme.palette, Palette::HighContrast);
    assert_eq!(flagged.setup.palette, Palette::HighContrast);
    // Another game and back: its options come back too.
    press(&mut again, KeyCode::Enter);
    press(&mut again, KeyCode::Right);
    press(&mut again, KeyCode::Left);
    assert_eq!(again.setup.options, form.options);
    // x forgets: the form as it first was, and so at the next start.
    press(&mut again, KeyCode::Char('x'));
    let fresh = SetupForm::new(VariantId::Wump, again.setup.seed);
    assert_eq!(again.setup.variant, fresh.variant);
    assert_eq!(again.setup.seats, fresh.seats);
    assert_eq!(again.setup.options, fresh.options);
    assert!(!store.form_path().exists());
    let screen = render(&mut again, 80, 24);
    assert!(screen.contains("Forgotten"), "{screen}");
    let third = App::new(config(false), Some(store));
    assert_eq!(third.setup.variant, VariantId::Wump);
    assert_eq!(third.setup.seats, fresh.seats);
}

#[test]
fn what_no_longer_holds_is_not_recalled() {
    let mut form = SetupForm::new(VariantId::Wump, None);
    let seat = |name: &str, kind: &str| RememberedSeat {
        name: name.into(),
        kind: kind.into(),
    };
    form.recall(&Remembered {
        game: Some("wump".into()),
        kids: Some(false),
        bot_pause_ms: None,
        theme: Some("purple".into()),
        seats: vec![
            seat("You", "human"),
            seat("Bot 2", "expert"),
            seat("Ann", "grandmaster"),
        ],
        options: [(
            "wump".to_string(),
            toml::from_str::<toml::Table>("match_target = 0\nmust_take = true\ncolour = \"blue\"")
                .expect("a table"),
        )]
        .into(),
    });
    // "You" is no name for a seat; Wump has no expert; no level
    // "grandmaster"; a match to 0 games is refused; no option "colour".
    assert_eq!(form.seats[0].name, "Player 1");
    assert_eq!(form.seats[1].kind, SeatKind::Bot(BotLevel::Hard));
    assert_eq!(form.seats[2].kind, SeatKind::Bot(BotLevel::Normal));
    assert_eq!(form.seats[2].name, "Ann");
    let option = |name: &str| {
        form.options
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(option("match_target"), Some(toml::Value::Integer(5)));
    assert_eq!(option("must_take"), Some(toml::Value::Boolean(true)));
    assert_eq!(option("colour"), None);
    assert!(!form.kids);
    // A game the build does not know keeps the form's own.
    let mut other = SetupForm::new(VariantId::Wump, None);
    other.recall(&Remembered {
        game: Some("poker".into()),
        ..Remembered::default()
    });
    assert_eq!(other.variant, VariantId::Wump);
}

#[test]
fn a_form_file_that_does_not_read_is_left_aside() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(dir.path()).expect("store");
    std::fs::write(store.form_path(), "game = [").expect("written");
    let app = App::new(config(false), Some(store));
    assert_eq!(app.setup.variant, VariantId::Wump);
}

/// The config file names the players, the form remembers another name
/// from the last game: the remembered one is shown, and the seat's line
/// says that it wins over the config file's, and how to forget it.
#[test]
fn a_remembered_name_says_it_wins_over_the_config_files() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(dir.path()).expect("store");
    let mut conf = config(false);
    conf.names = vec!["Zoe".to_string()];
    let mut app = App::new(conf.clone(), Some(store.clone()));
    app.title.cursor = app.title_index("New game");
    press(&mut app, KeyCode::Enter);
    go_to(&mut app, Row::Seat(0));
    assert_eq!(app.setup.seats[0].name, "Zoe");
    let shown = render(&mut app, 80, 24);
    assert!(shown.contains("kept for next time"), "{shown}");
    assert!(!shown.contains("wins over"), "{shown}");
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "Ann");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.screen, Screen::Table);
    // The next start: Ann, not Zoe, and the line says why.
    let mut app = App::new(conf, Some(store));
    assert_eq!(app.setup.seats[0].name, "Ann");
    app.title.cursor = app.title_index("New game");
    press(&mut app, KeyCode::Enter);
    go_to(&mut app, Row::Seat(0));
    let shown = render(&mut app, 80, 24);
    assert!(
        shown.contains("wins over") && shown.contains("config file's names"),
        "{shown}"
    );
    // Forgotten, the config file's name is back.
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(app.setup.seats[0].name, "Zoe");
}

#[test]
fn an_expert_passes_through_a_game_without_one_and_comes_back() {
    let mut form = SetupForm::new(VariantId::Wrummy, None);
    form.seats[1].kind = SeatKind::Bot(BotLevel::Expert);
    form.cursor = 0;
    assert_eq!(form.row(), Row::Game);
    // Round the five games: through Wump Rummy, whose strongest is hard.
    let mut met_wump = false;
    for _ in 0..5 {
        form.change(1).expect("another game");
        let kind = form.seats[1].kind;
        if form.variant == VariantId::Wump {
            met_wump = true;
            assert_eq!(kind, SeatKind::Bot(BotLevel::Hard));
            // What the form remembers is the level chosen.
            assert_eq!(form.remembered().seats[1].kind, "expert");
        } else {
            assert_eq!(kind, SeatKind::Bot(BotLevel::Expert), "{}", form.variant);
        }
    }
    assert!(met_wump);
    assert_eq!(form.variant, VariantId::Wrummy);
    // Remembered on Wump Rummy, it comes back as the expert on another game.
    let mut wump = SetupForm::new(VariantId::Wump, None);
    wump.recall(&Remembered {
        game: Some("wump".into()),
        seats: vec![
            RememberedSeat {
                name: "Ann".into(),
                kind: "human".into(),
            },
            RememberedSeat {
                name: "Bot 2".into(),
                kind: "expert".into(),
            },
        ],
        ..Remembered::default()
    });
    assert_eq!(wump.seats[1].kind, SeatKind::Bot(BotLevel::Hard));
    wump.cursor = 0;
    wump.change(1).expect("another game");
    assert_eq!(wump.seats[1].kind, SeatKind::Bot(BotLevel::Expert));
    // A level the person changes on the seat row is theirs from then on.
    let at = wump
        .rows()
        .iter()
        .position(|r| *r == Row::Seat(1))
        .expect("the row");
    wump.cursor = at;
    wump.change(-1).expect("another level");
    assert_eq!(wump.seats[1].kind, SeatKind::Bot(BotLevel::Hard));
    assert!(wump.asked.is_empty());
}
