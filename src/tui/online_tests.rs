//! Compiled only under #[cfg(test)] (see `mod.rs`).
//!
//! The screens of a connection to `rummy serve`: the title, the form, the
//! Join screen, the wait while a table fills and the password question,
//! drawn and driven by keys. (Tables seen from one seat are tested with
//! the server: `serve::hall`'s tests.)

use super::app::{App, Screen};
use super::online::{Online, Request, TableInfo};
use super::test_kit::{config, keys, press, render};
use ratatui::crossterm::event::KeyCode;

fn online_app() -> App {
    let mut app = App::new(config(false), None);
    app.online = Some(Online::new("ssh -p 2222 NAME@HOST"));
    app.setup.online = true;
    app.setup.prefer(&["ann".to_string()], None);
    app
}

fn requests(app: &mut App) -> Vec<Request> {
    std::mem::take(&mut app.online.as_mut().expect("online").requests)
}

fn tables() -> Vec<TableInfo> {
    vec![
        TableInfo {
            code: "4821".into(),
            line: "5 Suited Rummy · ann · 1 of 2 people · 1 bot · waiting".into(),
            locked: false,
        },
        TableInfo {
            code: "7315".into(),
            line: "Wump Rummy · ben · 2 of 2 people · playing".into(),
            locked: true,
        },
    ]
}

#[test]
fn the_title_offers_tables_in_place_of_saves() {
    let mut app = online_app();
    let shown = render(&mut app, 80, 24);
    insta::assert_snapshot!("online_title_80x24", shown);
    assert!(!shown.contains("Continue") && !shown.contains("Load a game"));
    // Learn a game is played alone on this screen.
    app.title.cursor = 3;
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Learn);
}

#[test]
fn the_form_makes_a_table_with_no_seed_and_asks_for_a_password() {
    let mut app = online_app();
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Setup);
    let shown = render(&mut app, 80, 24);
    insta::assert_snapshot!("online_form_80x24", shown);
    assert!(
        shown.contains("New table") && !shown.contains("Seed"),
        "{shown}"
    );
    // A person's seat other than one's own is filled by whoever joins.
    app.setup.seats[1] = rummy::seat::Seat::human("Player 2");
    app.setup.cursor = 3;
    assert!(render(&mut app, 80, 24).contains("joins the table with its code"));
    // Enter on it does not type a name: names come from the connections.
    press(&mut app, KeyCode::Enter);
    assert!(app.setup.editing.is_none());
    app.setup.seats[1] = rummy::seat::Seat::human("Player 2");
    press(&mut app, KeyCode::Char('s'));
    let shown = render(&mut app, 80, 24);
    insta::assert_snapshot!("online_password_80x24", shown);
    // Typed, it shows as stars; Enter asks the server for the table.
    keys(&mut app, "plum");
    assert!(render(&mut app, 80, 24).contains("> ****_"));
    press(&mut app, KeyCode::Enter);
    match requests(&mut app).as_slice() {
        [Request::Create { new, password, .. }] => {
            assert_eq!(password.as_deref(), Some("plum"));
            assert_eq!(new.seats[0].name, "ann");
            assert_eq!(new.seats.len(), 2);
        }
        other => panic!("{} requests", other.len()),
    }
}

#[test]
fn the_join_screen_lists_tables_and_takes_a_typed_code() {
    let mut app = online_app();
    app.title.cursor = 1;
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Join);
    let empty = render(&mut app, 80, 24);
    assert!(empty.contains("No table is open yet"), "{empty}");
    // Enter with no table and no code says so, and asks nothing.
    press(&mut app, KeyCode::Enter);
    assert!(requests(&mut app).is_empty());
    app.online.as_mut().expect("online").tables = tables();
    insta::assert_snapshot!("online_join_80x24", render(&mut app, 80, 24));
    // The arrows choose a table; Tab joins as a watcher.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Enter);
    match requests(&mut app).as_slice() {
        [Request::Join { code, watch, .. }] => {
            assert_eq!(code, "7315");
            assert!(*watch);
        }
        other => panic!("{} requests", other.len()),
    }
    // A typed code wins over the list; letters are not part of a code.
    press(&mut app, KeyCode::Tab);
    keys(&mut app, "48x21");
    assert!(render(&mut app, 80, 24).contains("Code: 4821"));
    press(&mut app, KeyCode::Enter);
    match requests(&mut app).as_slice() {
        [Request::Join { code, watch, .. }] => {
            assert_eq!(code, "4821");
            assert!(!*watch);
        }
        other => panic!("{} requests", other.len()),
    }
    // A code no table has is still asked for: the server says why not.
    press(&mut app, KeyCode::Backspace);
    keys(&mut app, "9");
    press(&mut app, KeyCode::Enter);
    assert!(matches!(
        requests(&mut app).as_slice(),
        [Request::Join { code, .. }] if code == "4829"
    ));
    // A password the server asks for is typed over the list.
    app.ask_password("7315", false);
    keys(&mut app, "pear");
    press(&mut app, KeyCode::Enter);
    assert!(matches!(
        requests(&mut app).as_slice(),
        [Request::Join { code, password: Some(p), .. }] if code == "7315" && p == "pear"
    ));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
}

#[test]
fn waiting_shows_the_code_and_how_others_join_and_esc_leaves() {
    let mut app = online_app();
    app.screen = Screen::Waiting;
    app.online.as_mut().expect("online").waiting = Some((
        "4821".into(),
        vec![
            "5 Suited Rummy, made by ann.".into(),
            "Seats: ann (you), a free seat, Bot 3 (normal bot).".into(),
            String::new(),
            "Waiting for 1 more person. The game starts when every seat for a person is taken."
                .into(),
            String::new(),
            "Others join with ssh -p 2222 NAME@HOST, then choose Join a table and type the \
             code 4821."
                .into(),
        ],
    ));
    insta::assert_snapshot!("online_waiting_80x24", render(&mut app, 80, 24));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
    assert!(matches!(requests(&mut app).as_slice(), [Request::Leave]));
}

#[test]
fn a_long_list_of_tables_keeps_the_chosen_one_in_view() {
    let mut app = online_app();
    app.screen = Screen::Join;
    let many: Vec<TableInfo> = (0..30)
        .map(|i| TableInfo {
            code: format!("{}", 1000 + i),
            line: format!("Wump Rummy · p{i} · 1 of 2 people · waiting"),
            locked: false,
        })
        .collect();
    app.online.as_mut().expect("online").tables = many;
    let shown = render(&mut app, 80, 24);
    assert!(shown.contains("1000") && !shown.contains("1029"), "{shown}");
    assert!(shown.contains("more tables"), "{shown}");
    for _ in 0..25 {
        press(&mut app, KeyCode::Down);
    }
    let shown = render(&mut app, 80, 24);
    assert!(shown.contains("▶ 1025"), "{shown}");
    assert!(!shown.contains("1000 "), "{shown}");
    // A click on a row chooses the table drawn there.
    let row = shown
        .lines()
        .position(|l| l.contains("1020"))
        .expect("1020 shows");
    app.click(5, row as u16);
    assert!(render(&mut app, 80, 24).contains("▶ 1020"));
}

#[test]
fn the_join_screen_opens_with_no_code_left_from_before() {
    let mut app = online_app();
    app.online.as_mut().expect("online").tables = tables();
    app.title.cursor = 1;
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "73");
    assert!(render(&mut app, 80, 24).contains("Code: 73"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Join);
    let shown = render(&mut app, 80, 24);
    assert!(shown.contains("Code: _"), "{shown}");
}

#[test]
fn esc_on_the_title_asks_before_leaving_the_server() {
    let mut app = online_app();
    for key in [KeyCode::Esc, KeyCode::Char('q')] {
        press(&mut app, key);
        assert!(!app.quit);
        let shown = render(&mut app, 80, 24);
        assert!(shown.contains("Leave the server?"), "{shown}");
        assert!(shown.contains("y leave"), "{shown}");
        // Anything but y stays.
        press(&mut app, KeyCode::Char('n'));
        assert!(!app.quit);
        assert!(!render(&mut app, 80, 24).contains("Leave the server?"));
    }
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
    // The host's own screen quits as a local title does (the server warns
    // of what that does while others are on).
    let mut host = online_app();
    host.online.as_mut().expect("online").host = true;
    press(&mut host, KeyCode::Esc);
    assert!(host.quit);
}

#[test]
fn a_rejoin_code_is_shown_once_in_a_popup_and_asked_for_in_another() {
    let mut app = online_app();
    app.show_rejoin_code("K7P-3QX");
    let shown = render(&mut app, 80, 24);
    assert!(shown.contains("Your rejoin code is K7P-3QX"), "{shown}");
    // Only Enter closes it: a key typed ahead does not.
    press(&mut app, KeyCode::Char('x'));
    assert!(render(&mut app, 80, 24).contains("K7P-3QX"));
    press(&mut app, KeyCode::Enter);
    assert!(!render(&mut app, 80, 24).contains("K7P-3QX"));
    assert_eq!(app.screen, Screen::Title);
    // Asked for, it is typed in capitals, and sent as the seat's code.
    app.ask_rejoin("4821", "ann");
    let shown = render(&mut app, 80, 24);
    assert!(
        shown.contains("Rejoin code") && shown.contains("ann's seat"),
        "{shown}"
    );
    keys(&mut app, "k7p-3q!x");
    assert!(render(&mut app, 80, 24).contains("> K7P-3QX_"));
    press(&mut app, KeyCode::Enter);
    match requests(&mut app).as_slice() {
        [
            Request::Join {
                code,
                rejoin: Some(typed),
                password: None,
                watch: false,
            },
        ] => {
            assert_eq!(code, "4821");
            assert_eq!(typed, "K7P-3QX");
        }
        other => panic!("{} requests", other.len()),
    }
}

/// Every key of the Join screen's bar does what it says: `?` opens the
/// help and `q` goes back, though a code is typed there (they once went
/// to the code, which takes digits only, and did nothing).
#[test]
fn the_join_screens_help_and_back_keys_work_while_a_code_is_typed() {
    let mut app = online_app();
    app.screen = Screen::Join;
    press(&mut app, KeyCode::Char('9'));
    press(&mut app, KeyCode::Char('4'));
    assert_eq!(app.online.as_ref().map(|o| o.code.as_str()), Some("94"));
    press(&mut app, KeyCode::Char('?'));
    assert!(app.help, "? opens the help");
    press(&mut app, KeyCode::Esc);
    assert!(!app.help);
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(app.online.as_ref().map(|o| o.code.as_str()), Some("94"));
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.screen, Screen::Title, "q goes back");
}
