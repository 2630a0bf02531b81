//! Screen tests of the themes: each palette's colours snapshotted cell by
//! cell, no text that vanishes on the background it is made for, every
//! screen in plain ASCII with `--ascii`, and the table on wide terminals.

use super::app::{App, Config, Screen, SetupForm, TableState};
use super::store::Store;
use super::test_kit::{config_with, frame, keys, play_the_hint, press, table};
use super::theme::{Palette, Theme};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier, Style};
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::VariantId;
use std::time::{Duration, Instant};

fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        for x in 0..area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// A style in a few characters: `fg=LightRed bg=Blue +BR` (B bold, D dim,
/// I italic, U underlined, R reversed).
fn style_code(s: Style) -> String {
    let mut parts = Vec::new();
    if let Some(fg) = s.fg.filter(|c| *c != Color::Reset) {
        parts.push(format!("fg={fg:?}"));
    }
    if let Some(bg) = s.bg.filter(|c| *c != Color::Reset) {
        parts.push(format!("bg={bg:?}"));
    }
    let mods: String = [
        (Modifier::BOLD, 'B'),
        (Modifier::DIM, 'D'),
        (Modifier::ITALIC, 'I'),
        (Modifier::UNDERLINED, 'U'),
        (Modifier::REVERSED, 'R'),
    ]
    .iter()
    .filter(|(m, _)| s.add_modifier.contains(*m))
    .map(|(_, c)| *c)
    .collect();
    if !mods.is_empty() {
        parts.push(format!("+{mods}"));
    }
    parts.join(" ")
}

/// Each row's text, and under it each run of cells drawn in one style that
/// is not the terminal's plain text: `    12-14 fg=LightRed +B`.
fn styled(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut runs: Vec<(u16, u16, String)> = Vec::new();
        for x in 0..area.width {
            let cell = &buf[(x, y)];
            out.push_str(cell.symbol());
            let code = style_code(cell.style());
            match runs.last_mut() {
                Some((_, end, c)) if *c == code && *end + 1 == x => *end = x,
                _ => runs.push((x, x, code)),
            }
        }
        out.push('\n');
        for (a, b, code) in runs.into_iter().filter(|(_, _, c)| !c.is_empty()) {
            out.push_str(&format!("    {a}-{b} {code}\n"));
        }
    }
    out
}

/// A game of `variant` on the table, started from the form.
fn game_app(config: Config, variant: VariantId, seats: Vec<Seat>, options: &[(&str, i64)]) -> App {
    let mut app = App::new(config, None);
    app.setup = SetupForm::new(variant, Some(7));
    app.setup.seats = seats;
    for (name, value) in app.setup.options.iter_mut() {
        if let Some((_, v)) = options.iter().find(|(n, _)| n == name) {
            *value = toml::Value::Integer(*v);
        }
    }
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

fn ann_and_bot() -> Vec<Seat> {
    vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)]
}

/// Lets the bots play until a human is to move or a popup is up.
fn bots_play(app: &mut App) {
    for _ in 0..10_000 {
        if app.screen != Screen::Table {
            return;
        }
        let t = table(app);
        if t.end.is_some() || t.game.is_over() || t.human_to_move().is_some() {
            return;
        }
        assert!(app.tick(Instant::now() + Duration::from_secs(1)));
    }
    panic!("the bots did not stop");
}

/// A Wump table in kids' mode, every take lit.
fn wump_kids(palette: Palette) -> App {
    let mut app = game_app(
        config_with(false, palette, true),
        VariantId::Wump,
        ann_and_bot(),
        &[],
    );
    app.table.as_mut().expect("a table").kids = true;
    app
}

#[test]
fn each_palette_styles_the_table() {
    for (palette, name) in [
        (Palette::Dark, "styled_wump_dark"),
        (Palette::Light, "styled_wump_light"),
        (Palette::HighContrast, "styled_wump_high_contrast"),
    ] {
        let mut app = wump_kids(palette);
        let buf = frame(&mut app, 80, 24);
        insta::assert_snapshot!(name, styled(&buf));
    }
}

/// Colours that are faint or vanish on a white background.
fn faint_on_white(c: Color) -> bool {
    matches!(
        c,
        Color::White
            | Color::Gray
            | Color::Yellow
            | Color::Cyan
            | Color::LightRed
            | Color::LightGreen
            | Color::LightYellow
            | Color::LightBlue
            | Color::LightMagenta
            | Color::LightCyan
    )
}

/// Cells whose text is drawn in a colour `bad` says vanishes on the
/// background, where the background is the terminal's own.
fn vanishing(buf: &Buffer, bad: &dyn Fn(Color) -> bool) -> Vec<String> {
    let area = buf.area;
    let mut found = Vec::new();
    for y in 0..area.height {
        for x in 0..area.width {
            let cell = &buf[(x, y)];
            let on_default = matches!(cell.bg, Color::Reset);
            if cell.symbol().trim().is_empty() || !on_default {
                continue;
            }
            if bad(cell.fg) && !cell.modifier.contains(Modifier::REVERSED) {
                found.push(format!(
                    "{:?} at ({x}, {y}) in {:?}",
                    cell.symbol(),
                    cell.fg
                ));
            }
        }
    }
    found
}

/// Screens with every kind of mark: the menus, a Wump table in kids' mode
/// (lit cards, the selected card, the turn mark), a take being picked,
/// 5 Suited Rummy (stars, wilds, jokers, the discard preview), Wrummy and
/// AlphaRummy (letter cards of every value, a typed word lighting cards),
/// help and a hint.
fn every_kind_of_mark(palette: Palette) -> Vec<(String, Buffer)> {
    let mut shots = Vec::new();
    let mut app = App::new(config_with(false, palette, true), None);
    shots.push(("title".to_string(), frame(&mut app, 80, 24)));
    press(&mut app, KeyCode::Enter);
    shots.push(("setup".to_string(), frame(&mut app, 80, 24)));
    let mut app = wump_kids(palette);
    shots.push(("wump kids".to_string(), frame(&mut app, 80, 24)));
    press(&mut app, KeyCode::Char('h'));
    shots.push(("wump hint".to_string(), frame(&mut app, 80, 24)));
    let lit = table(&app).lit_hand();
    let hand = table(&app).hand();
    if let Some(i) = hand.iter().position(|c| lit.contains(c)) {
        app.table.as_mut().expect("a table").cursor = i;
        press(&mut app, KeyCode::Enter);
        shots.push(("wump picking".to_string(), frame(&mut app, 80, 24)));
    }
    let mut app = game_app(
        config_with(false, palette, true),
        VariantId::FiveSuited,
        ann_and_bot(),
        &[],
    );
    bots_play(&mut app);
    keys(&mut app, "s");
    shots.push(("five suited".to_string(), frame(&mut app, 100, 24)));
    for variant in [VariantId::Wrummy, VariantId::AlphaRummy] {
        let mut app = game_app(
            config_with(false, palette, true),
            variant,
            ann_and_bot(),
            &[],
        );
        bots_play(&mut app);
        shots.push((variant.name().to_string(), frame(&mut app, 90, 24)));
        // The hint's word, typed: the cards it uses are lit.
        press(&mut app, KeyCode::Char('h'));
        keys(&mut app, "w");
        shots.push((
            format!("{} typing", variant.name()),
            frame(&mut app, 90, 24),
        ));
        press(&mut app, KeyCode::Esc);
        press(&mut app, KeyCode::Char('?'));
        shots.push((format!("{} help", variant.name()), frame(&mut app, 90, 24)));
    }
    shots
}

#[test]
fn nothing_vanishes_on_the_background_its_theme_is_for() {
    for (name, buf) in every_kind_of_mark(Palette::Light) {
        let bad = vanishing(&buf, &faint_on_white);
        assert!(bad.is_empty(), "light, {name}: {bad:?}\n{}", text(&buf));
    }
    for (name, buf) in every_kind_of_mark(Palette::Dark) {
        let bad = vanishing(&buf, &|c| c == Color::Black);
        assert!(bad.is_empty(), "dark, {name}: {bad:?}\n{}", text(&buf));
        // Some colour is drawn: the check above looked at coloured cells.
        let coloured = buf.content.iter().any(|c| c.fg != Color::Reset);
        assert!(coloured, "dark, {name}: no colour at all");
    }
}

#[test]
fn the_light_theme_draws_marks_and_red_suits_in_dark_colours() {
    let mut app = wump_kids(Palette::Light);
    let buf = frame(&mut app, 80, 24);
    let fgs: Vec<Color> = buf
        .content
        .iter()
        .filter(|c| c.symbol() == "♥" || c.symbol() == "♦" || c.symbol() == "*")
        .map(|c| c.fg)
        .collect();
    assert!(!fgs.is_empty(), "{}", text(&buf));
    assert!(fgs.iter().all(|c| !faint_on_white(*c)), "{fgs:?}");
    // The same table on the dark theme uses the bright colours.
    let mut app = wump_kids(Palette::Dark);
    let buf = frame(&mut app, 80, 24);
    assert!(
        buf.content
            .iter()
            .any(|c| c.symbol() == "*" && c.fg == Color::LightGreen),
        "{}",
        text(&buf)
    );
}

#[test]
fn no_color_draws_no_colour_in_any_palette() {
    for palette in Palette::ALL {
        let mut app = game_app(
            config_with(false, palette, false),
            VariantId::Wump,
            ann_and_bot(),
            &[],
        );
        app.table.as_mut().expect("a table").kids = true;
        let buf = frame(&mut app, 80, 24);
        let coloured: Vec<&ratatui::buffer::Cell> = buf
            .content
            .iter()
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .collect();
        assert!(coloured.is_empty(), "{palette:?}: {coloured:?}");
    }
}

/// Asserts every cell of the frame is ASCII.
#[track_caller]
fn assert_ascii(app: &mut App, w: u16, h: u16, what: &str) -> String {
    let buf = frame(app, w, h);
    let screen = text(&buf);
    let bad: Vec<(u16, u16, &str)> = (0..buf.area.height)
        .flat_map(|y| (0..buf.area.width).map(move |x| (x, y)))
        .map(|(x, y)| (x, y, buf[(x, y)].symbol()))
        .filter(|(_, _, s)| !s.is_ascii())
        .collect();
    assert!(bad.is_empty(), "{what}: {bad:?}\n{screen}");
    screen
}

/// Opens help over the screen, checks it, and closes it.
fn with_help(app: &mut App, w: u16, h: u16, what: &str) {
    press(app, KeyCode::Char('?'));
    assert!(app.help, "{what}: help opens");
    assert_ascii(app, w, h, &format!("{what}, help"));
    press(app, KeyCode::Char('x'));
}

#[test]
fn with_ascii_every_screen_is_ascii() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(&tmp.path().join("data")).expect("store");
    let ascii = || config_with(true, Palette::Dark, true);
    // The title, the form, the rules of every game page by page, and the
    // list of saves.
    let mut app = App::new(ascii(), Some(store.clone()));
    assert_ascii(&mut app, 80, 24, "title");
    with_help(&mut app, 80, 24, "title");
    app.title.cursor = app.title_index("New game");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Setup);
    assert_ascii(&mut app, 80, 24, "setup");
    with_help(&mut app, 80, 24, "setup");
    press(&mut app, KeyCode::Esc);
    app.title.cursor = app.title_index("How to play");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Rules);
    for _ in VariantId::ALL {
        let lines = super::screens::rules::page_lines(
            app.rules.variant,
            &app.config.theme,
            78,
            false,
        )
        .len() as u16;
        app.rules.scroll = 0;
        while app.rules.scroll <= lines {
            let what = format!("rules of {:?}", app.rules.variant);
            assert_ascii(&mut app, 80, 24, &what);
            app.rules.scroll += 10;
        }
        with_help(&mut app, 80, 24, "rules");
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Esc);
    // Every game: a table, a hint, help, and a word typed in word games.
    for variant in rummy::variants::registered() {
        let mut app = App::new(ascii(), Some(store.clone()));
        app.setup = SetupForm::new(variant, Some(7));
        app.setup.seats = ann_and_bot();
        app.start_game();
        assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
        bots_play(&mut app);
        let what = variant.name();
        assert_ascii(&mut app, 80, 24, what);
        press(&mut app, KeyCode::Char('h'));
        assert_ascii(&mut app, 80, 24, &format!("{what}, hint"));
        press(&mut app, KeyCode::Char('h'));
        assert_ascii(&mut app, 80, 24, &format!("{what}, hint explained"));
        if table(&app).game.drawing(SeatId(0)).is_some() {
            keys(&mut app, "s");
            bots_play(&mut app);
        }
        let word_game = !matches!(variant, VariantId::Wump | VariantId::FiveSuited);
        if word_game {
            keys(&mut app, "w");
            keys(&mut app, "qzx");
            assert!(table(&app).typing.is_some(), "{what}: typing");
            assert_ascii(&mut app, 80, 24, &format!("{what}, typing"));
            press(&mut app, KeyCode::Esc);
        }
        with_help(&mut app, 80, 24, what);
        press(&mut app, KeyCode::Char('q'));
        assert_ascii(&mut app, 80, 24, &format!("{what}, leaving"));
        press(&mut app, KeyCode::Char('y'));
        assert_eq!(app.screen, Screen::Title, "{what}");
    }
    // The saves of those games, listed.
    let mut app = App::new(ascii(), Some(store.clone()));
    app.title.cursor = app.title_index("Load a game");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Load, "{:?}", app.message);
    // Every game but one where nobody moved (never saved).
    assert!(app.load.saves.len() >= 4, "{}", app.load.saves.len());
    assert_ascii(&mut app, 100, 24, "load");
    with_help(&mut app, 100, 24, "load");
}

#[test]
fn with_ascii_the_ends_of_games_are_ascii() {
    // 5 Suited Rummy, one round, Ann playing the hints: the score sheet.
    let mut app = App::new(config_with(true, Palette::Dark, true), None);
    app.setup = SetupForm::new(VariantId::FiveSuited, Some(7));
    app.setup.seats = ann_and_bot();
    for (name, value) in app.setup.options.iter_mut() {
        if name == "rounds" {
            *value = toml::Value::Integer(1);
        }
    }
    app.start_game();
    let mut popups = 0;
    for _ in 0..2_000 {
        bots_play(&mut app);
        if app.screen != Screen::Table {
            break;
        }
        if table(&app).end.is_some() {
            popups += 1;
            let screen = assert_ascii(&mut app, 100, 30, "5 Suited, the end");
            assert!(screen.contains("Total"), "{screen}");
            press(&mut app, KeyCode::Enter);
            continue;
        }
        play_the_hint(&mut app);
    }
    assert!(popups >= 1, "the round ended");
    // Wump Rummy in kids' mode, first to one game: the friendly ending.
    let mut app = game_app(
        config_with(true, Palette::Dark, true),
        VariantId::Wump,
        ann_and_bot(),
        &[("match_target", 1)],
    );
    app.table.as_mut().expect("a table").kids = true;
    let mut popups = 0;
    for _ in 0..5_000 {
        if app.screen != Screen::Table {
            break;
        }
        let t = table(&app);
        if t.end.is_some() {
            popups += 1;
            assert_ascii(&mut app, 80, 24, "Wump, the end");
            press(&mut app, KeyCode::Enter);
        } else if t.human_to_move().is_some() {
            keys(&mut app, "1");
            if table(&app).confirm_place.is_some() {
                keys(&mut app, "y");
            }
            if table(&app).picking.is_some() {
                press(&mut app, KeyCode::Enter);
            }
            assert_ascii(&mut app, 80, 24, "Wump, a move");
        } else {
            assert!(app.tick(Instant::now() + Duration::from_secs(1)));
        }
    }
    assert!(popups >= 1, "the game ended");
}

/// A 5 Suited Rummy game at round 11 (13 cards dealt), Ann to discard
/// from 14: every earlier move played by the normal bot for both seats.
fn five_suited_round_11(config: Config) -> App {
    use rummy::Game;
    use rummy::game::{Session, Setup};
    use rummy::rng::GameRng;
    use rummy::variants::five_suited::FiveSuited;
    use rummy::variants::{RulesSource, load_rules};
    let rules = load_rules::<FiveSuited>(&RulesSource::default()).expect("shipped rules");
    let mut game = Session::<FiveSuited>::new(Setup::new(rules, ann_and_bot(), 7)).expect("a game");
    let mut rng = GameRng::for_bots(7, 0);
    for _ in 0..20_000 {
        let state = game.state();
        if state.round_index() == 10 && state.to_move() == Some(SeatId(0)) {
            break;
        }
        game.play_bot(BotLevel::Normal, &mut rng)
            .expect("a bot move");
    }
    assert_eq!(game.state().round_index(), 10, "round 11");
    let mut app = App::new(config, None);
    app.table = Some(TableState::new(Box::new(game), None, false));
    app.screen = Screen::Table;
    bots_play(&mut app);
    if table(&app).game.drawing(SeatId(0)).is_some() {
        keys(&mut app, "s");
    }
    assert_eq!(table(&app).hand().len(), 14, "Ann holds 14 cards");
    app
}

/// The rows of a frame, as text.
fn rows(buf: &Buffer) -> Vec<String> {
    text(buf).lines().map(str::to_string).collect()
}

#[test]
fn a_late_five_suited_hand_keeps_its_melds_apart_and_its_points_at_120_columns() {
    let mut app = five_suited_round_11(config_with(false, Palette::Dark, false));
    let snap = table(&app).snapshot();
    let gaps = super::widgets::cards::inner_gaps(&snap.seats[0].gaps, 14);
    assert!(
        !gaps.is_empty(),
        "the hand has melds: {:?}",
        snap.seats[0].gaps
    );
    let buf = frame(&mut app, 120, 40);
    let screen = text(&buf);
    insta::assert_snapshot!("five_suited_round_11_120x40", screen);
    let lines = rows(&buf);
    let at = lines
        .iter()
        .position(|l| l.contains("Ann (you)"))
        .expect("Ann's line");
    // All 14 cards on one row, each group two columns further apart.
    let hand: Vec<u16> = app
        .hits
        .iter()
        .filter(|(_, h)| matches!(h, super::app::Hit::Hand(_)))
        .map(|(r, _)| r.y)
        .collect();
    assert_eq!(
        hand,
        vec![at as u16 + 1; 14],
        "14 cards on one row:\n{screen}"
    );
    let tops = &lines[at + 1];
    assert_eq!(
        tops.matches("┐   ┌").count()
            + tops.matches("┐   ╔").count()
            + tops.matches("╗   ┌").count(),
        gaps.len(),
        "a wider gap between melds:\n{screen}"
    );
    // Under it, the points each discard would leave: one number a card.
    let points = lines[at + 4]
        .split_whitespace()
        .take_while(|w| w.parse::<u32>().is_ok());
    assert_eq!(points.count(), 14, "{screen}");
}

#[test]
fn a_wide_terminal_centres_a_wider_table() {
    let mut app = wump_kids(Palette::Dark);
    let buf = frame(&mut app, 250, 60);
    let screen = text(&buf);
    insta::assert_snapshot!("wump_250x60", screen);
    let lines = rows(&buf);
    let left = (250 - super::draw::MAX_WIDTH as usize) / 2;
    // Nothing left of the centred screen, nor right of it.
    for l in &lines {
        let cells: Vec<char> = l.chars().collect();
        assert!(cells[..left].iter().all(|c| *c == ' '), "{l}");
        assert!(cells[left + 160..].iter().all(|c| *c == ' '), "{l}");
    }
    assert!(
        lines[0][..].trim_start().starts_with("Wump Rummy"),
        "{screen}"
    );
    // The log of moves is wider than on a small terminal.
    let log = &lines[1];
    let start = log
        .chars()
        .position(|c| c == '┌')
        .expect("the log's corner");
    let end = log
        .chars()
        .position(|c| c == '┐')
        .expect("the log's corner");
    assert_eq!(end - start + 1, 48, "{screen}");
    // A click still finds the cards where they are drawn.
    let hand = app
        .hits
        .iter()
        .filter(|(_, h)| matches!(h, super::app::Hit::Hand(_)))
        .count();
    assert_eq!(hand, 4);
    assert!(app.hits.iter().all(|(r, _)| r.x >= left as u16));
}

#[test]
fn a_five_suited_table_at_250_columns() {
    let mut app = five_suited_round_11(config_with(false, Palette::Dark, false));
    let buf = frame(&mut app, 250, 60);
    insta::assert_snapshot!("five_suited_round_11_250x60", text(&buf));
}

#[test]
fn the_config_files_names_and_kids_mode_start_the_form() {
    use rummy::seat::SeatKind;
    let mut with = config_with(false, Palette::Dark, false);
    with.names = vec!["Zed".into(), "Yan".into()];
    with.kids = Some(false);
    let mut app = App::new(with, None);
    assert_eq!(app.setup.variant, VariantId::Wump);
    assert_eq!(app.setup.seats[0].name, "Zed");
    assert!(!app.setup.seats[1].is_human());
    assert!(!app.setup.kids, "kids' mode off, even for Wump Rummy");
    // A seat turned human takes the next name of the file.
    press(&mut app, KeyCode::Enter);
    app.setup.cursor = 3;
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.setup.seats[1].kind, SeatKind::Human);
    assert_eq!(app.setup.seats[1].name, "Yan");
    let screen = text(&frame(&mut app, 80, 24));
    assert!(screen.contains("Zed") && screen.contains("Yan"), "{screen}");
    // Another game keeps the file's kids' mode.
    app.setup.cursor = 0;
    press(&mut app, KeyCode::Right);
    assert_ne!(app.setup.variant, VariantId::Wump);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.setup.variant, VariantId::Wump);
    assert!(!app.setup.kids);
    // Without the file, kids' mode is on for Wump Rummy only.
    let mut app = App::new(config_with(false, Palette::Dark, false), None);
    assert!(app.setup.kids);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Right);
    assert!(!app.setup.kids);
}

#[test]
fn a_terminal_over_the_network_sets_its_own_theme_unless_the_server_was_told() {
    let base = Theme::from_env(false, None);
    let vars = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    };
    // Nothing said: the server's own.
    assert_eq!(base.for_terminal(vars(&[]), false, None), base);
    // A light background, by name or as the terminal says it.
    let light = base.for_terminal(vars(&[("RUMMY_THEME", "light")]), false, None);
    assert_eq!(light.palette, Palette::Light);
    let light = base.for_terminal(vars(&[("COLORFGBG", "0;15")]), false, None);
    assert_eq!(light.palette, Palette::Light);
    let named = base.for_terminal(
        vars(&[("RUMMY_THEME", "High-Contrast"), ("COLORFGBG", "0;15")]),
        false,
        None,
    );
    assert_eq!(named.palette, Palette::HighContrast);
    // --theme on the server wins; a name that is no theme changes nothing.
    let told = base.for_terminal(
        vars(&[("RUMMY_THEME", "light")]),
        false,
        Some(Palette::Dark),
    );
    assert_eq!(told.palette, base.palette);
    let junk = base.for_terminal(vars(&[("RUMMY_THEME", "plaid")]), false, None);
    assert_eq!(junk.palette, base.palette);
    // A terminal that is not UTF-8 gets ASCII, unless --ascii said so anyway.
    let plain = base.for_terminal(vars(&[("LANG", "C")]), false, None);
    assert!(plain.ascii);
    let utf8 = base.for_terminal(vars(&[("LC_ALL", "en_GB.UTF-8")]), false, None);
    assert!(!utf8.ascii);
    assert!(
        !base
            .for_terminal(vars(&[("NO_COLOR", "1")]), false, None)
            .color
    );
}
