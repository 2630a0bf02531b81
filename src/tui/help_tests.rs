//! The help popup: every table's help scrolls by keyboard at 80×24 from
//! its first line to its last with its own key line in sight, the scroll
//! keys scroll it and do not close it, Esc, `q` and `?` close it; and each
//! game's notes name the numbers of the game on the table.

use super::app::{App, Screen, SetupForm};
use super::draw::HELP_WIDTH;
use super::screens::table::commands::{commands, help_page};
use super::test_kit::{config, press, render, table};
use super::widgets::PagePopup;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use rummy::seat::{BotLevel, Seat};
use rummy::variants::VariantId;

/// A game of `variant` with `options` changed, a person and a bot, as the
/// new-game form starts it.
fn game(variant: VariantId, options: &[(&str, toml::Value)]) -> App {
    let mut app = App::new(config(false), None);
    app.setup = SetupForm::new(variant, Some(7));
    app.setup.seats = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)];
    for (name, value) in options {
        let option = app.setup.options.iter_mut().find(|(n, _)| n == name);
        let option = option.unwrap_or_else(|| panic!("{variant:?} has no option {name}"));
        option.1 = value.clone();
    }
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

/// The table's help page now, as the popup lays it out on a `w`×`h`
/// screen (above the key bar's row): its lines as wrapped.
fn help_lines(app: &App, w: u16, h: u16) -> PagePopup {
    let t = table(app);
    let page = help_page(t, &commands(t, &t.view()));
    PagePopup::new(
        Rect::new(0, 0, w, h - 1),
        &page,
        &app.config.theme,
        HELP_WIDTH,
    )
}

#[test]
fn every_tables_help_scrolls_at_80x24_from_its_first_line_to_its_last() {
    let (w, h) = (80, 24);
    for v in VariantId::ALL {
        let mut app = game(v, &[]);
        press(&mut app, KeyCode::Char('?'));
        assert!(app.help, "{v:?}: ? opens the help");
        let popup = help_lines(&app, w, h);
        let lines: Vec<String> = popup.lines().to_vec();
        let rows = usize::from(popup.rows());
        let max = popup.max_scroll();
        assert!(rows >= 18, "{v:?}: the help uses the screen ({rows} rows)");
        // Every line fits the popup: nothing is cut at the side.
        for l in &lines {
            assert!(
                l.chars().count() <= usize::from(HELP_WIDTH - 2),
                "{v:?}: {l:?}"
            );
        }
        let top = render(&mut app, w, h);
        assert!(top.contains(lines[0].as_str()), "{v:?}: first line:\n{top}");
        // The key bar stays whole below it.
        let bar = top.lines().last().unwrap_or_default();
        assert!(
            bar.contains("? help") || bar.contains("Esc close"),
            "{v:?}: {bar}"
        );
        assert!(!bar.contains('│') && !bar.contains('┘'), "{v:?}: {bar}");
        assert!(top.contains("Esc close"), "{v:?}: its key line:\n{top}");
        if max == 0 {
            // It fits: every line shows at once.
            for l in lines.iter().filter(|l| !l.trim().is_empty()) {
                assert!(top.contains(l.as_str()), "{v:?}: {l:?}\n{top}");
            }
            continue;
        }
        // Which lines show, and the keys that scroll, on its border.
        assert!(
            top.contains(&format!(" 1–{rows} of {} ", lines.len())),
            "{v:?}:\n{top}"
        );
        assert!(
            top.contains("└ ↑↓ PgUp PgDn scroll  Esc close "),
            "{v:?}:\n{top}"
        );
        // ↓ scrolls a line at a time and never closes; each step brings
        // the next line in at the bottom, down to the last.
        for step in 1..=usize::from(max) {
            press(&mut app, KeyCode::Down);
            assert!(app.help, "{v:?}: ↓ closed the help");
            assert_eq!(usize::from(app.help_scroll), step, "{v:?}");
            let frame = render(&mut app, w, h);
            let bottom = &lines[step + rows - 1];
            assert!(
                frame.contains(bottom.as_str()),
                "{v:?}: {bottom:?}:\n{frame}"
            );
            assert!(frame.contains("Esc close"), "{v:?}:\n{frame}");
        }
        let end = render(&mut app, w, h);
        let last = lines.last().expect("a help page has lines");
        assert!(end.contains(last.as_str()), "{v:?}: last line:\n{end}");
        assert!(
            end.contains(&format!(" of {} ", lines.len())) && !end.contains(" 1–"),
            "{v:?}:\n{end}"
        );
        // No further; Home, End, PgUp and the others.
        press(&mut app, KeyCode::Down);
        assert_eq!(app.help_scroll, max, "{v:?}");
        press(&mut app, KeyCode::Home);
        assert_eq!(app.help_scroll, 0);
        assert!(render(&mut app, w, h).contains(lines[0].as_str()));
        press(&mut app, KeyCode::PageDown);
        assert_eq!(app.help_scroll, max.min(10), "{v:?}");
        press(&mut app, KeyCode::Char('k'));
        assert_eq!(app.help_scroll, max.min(10) - 1, "{v:?}");
        press(&mut app, KeyCode::End);
        assert_eq!(app.help_scroll, max);
        press(&mut app, KeyCode::PageUp);
        assert_eq!(app.help_scroll, max.saturating_sub(10));
        assert!(app.help, "{v:?}: no scroll key closes it");
        // Esc closes it, back on the same table; so do q and ?, and none
        // of them reaches the table (q does not ask to leave).
        let moves = table(&app).game.movers().len();
        press(&mut app, KeyCode::Esc);
        assert!(!app.help && app.help_scroll == 0, "{v:?}: Esc closes it");
        assert_eq!(app.screen, Screen::Table);
        for close in ['q', '?'] {
            press(&mut app, KeyCode::Char('?'));
            assert!(app.help);
            press(&mut app, KeyCode::Char(close));
            assert!(!app.help, "{v:?}: {close} closes it");
            assert!(
                !table(&app).confirm_quit,
                "{v:?}: {close} stays in the help"
            );
        }
        assert_eq!(table(&app).game.movers().len(), moves);
    }
}

#[test]
fn the_help_lists_its_own_keys_from_its_command_list() {
    let mut app = game(VariantId::Wump, &[]);
    press(&mut app, KeyCode::Char('?'));
    let frame = render(&mut app, 100, 40);
    assert!(frame.contains("In this help:"), "{frame}");
    assert!(frame.contains("↑ ↓ or k j  scroll"), "{frame}");
    assert!(frame.contains("Esc, q, ?   close this help"), "{frame}");
    // The screen's key bar is the help's while it is open.
    let bar = frame.lines().last().unwrap_or_default();
    assert!(
        bar.contains("Esc close") && !bar.contains("h hint"),
        "{bar}"
    );
}

#[test]
fn how_to_play_says_which_lines_show() {
    let mut app = App::new(config(false), None);
    app.rules.variant = VariantId::AlphaRummy;
    app.screen = Screen::Rules;
    let top = render(&mut app, 80, 24);
    assert!(top.contains(" 1–18 of "), "{top}");
    press(&mut app, KeyCode::PageDown);
    let lower = render(&mut app, 80, 24);
    assert!(lower.contains(" 11–28 of "), "{lower}");
}

/// The help page of the game on the table, whole.
fn notes(app: &App) -> String {
    let t = table(app);
    help_page(t, &commands(t, &t.view()))
}

#[test]
fn alpharummys_help_names_the_target_of_the_game_on_the_table() {
    let app = game(
        VariantId::AlphaRummy,
        &[("target", toml::Value::Integer(200))],
    );
    let page = notes(&app);
    assert!(page.contains("First to 200 wins at once."), "{page}");
    assert!(!page.contains("500"), "{page}");
    // Its scoring, from the engine's table.
    assert!(
        page.contains("times 1, 2, 3 or 4 for a word of 4, 5, 6 or 7+ letters"),
        "{page}"
    );
    assert!(page.contains("1, 2, 3 or 4 bonus cards"), "{page}");
    assert!(page.contains("7 fresh cards"), "{page}");
    let app = game(VariantId::AlphaRummy, &[]);
    assert!(notes(&app).contains("First to 500 wins at once."));
}

#[test]
fn other_games_helps_name_their_options_numbers() {
    // 5 Suited Rummy of 5 rounds deals 3 to 7 cards; no reshuffle.
    let app = game(
        VariantId::FiveSuited,
        &[
            ("rounds", toml::Value::Integer(5)),
            ("reshuffles", toml::Value::Integer(0)),
        ],
    );
    let page = notes(&app);
    assert!(
        page.contains("5 rounds: round 1 deals 3 cards, each round one more, up to 7;"),
        "{page}"
    );
    assert!(
        page.contains("The discard pile never becomes a new stock."),
        "{page}"
    );
    assert!(page.contains("the round's wild 20, a joker 50."), "{page}");
    let page = notes(&game(
        VariantId::FiveSuited,
        &[("rounds", toml::Value::Integer(1))],
    ));
    assert!(page.contains("One round of 3 cards; the rank"), "{page}");
    assert!(!page.contains("1 rounds"), "{page}");
    let page = notes(&game(VariantId::FiveSuited, &[]));
    assert!(page.contains("11 rounds: round 1 deals 3 cards"), "{page}");
    assert!(page.contains("up to 13;"), "{page}");
    assert!(
        page.contains("a new stock up to 2 times a round."),
        "{page}"
    );
    // A Wrummy match to 300; its cards' values from its deck.
    let app = game(VariantId::Wrummy, &[("target", toml::Value::Integer(300))]);
    let page = notes(&app);
    assert!(page.contains("until a seat reaches 300."), "{page}");
    assert!(
        page.contains("orange 15, blue 10, green 5 points"),
        "{page}"
    );
    assert!(
        page.contains("3 ✓ 4 ✗ 5 ✓: the seat's 3-, 4- and 5-letter words."),
        "{page}"
    );
    assert!(!notes(&game(VariantId::Wrummy, &[])).contains("reaches"));
    // Wump's match target.
    let app = game(
        VariantId::Wump,
        &[("match_target", toml::Value::Integer(3))],
    );
    assert!(notes(&app).contains("The first to win 3 games wins the match."));
    // A match of one game is said as the header says it: no "1 games".
    let one = notes(&game(
        VariantId::Wump,
        &[("match_target", toml::Value::Integer(1))],
    ));
    assert!(
        one.contains("One game: the player who claims the most cards wins."),
        "{one}"
    );
    assert!(!one.contains("1 games"), "{one}");
    // Play On Words: strict words have no challenge; its points.
    let page = notes(&game(VariantId::PlayOnWords, &[]));
    assert!(!page.contains("c challenges"), "{page}");
    assert!(
        page.contains("Out +7; whole first hand in one word +20."),
        "{page}"
    );
    assert!(
        page.contains("In the open (no hand shown): in muggins, w mugs other hands, p passes."),
        "{page}"
    );
    assert!(page.contains("scores 2 a letter."), "{page}");
    let app = game(
        VariantId::PlayOnWords,
        &[
            ("words", toml::Value::String("challenge".into())),
            ("muggins", toml::Value::Boolean(false)),
        ],
    );
    let page = notes(&app);
    assert!(
        page.contains("c challenges a word, p/Enter lets it stand."),
        "{page}"
    );
    assert!(!page.contains("muggins"), "{page}");
}

/// Every table's help page says the engine's rules notes for the table's
/// options, word for word: the screen adds its keys and marks, and says
/// no rule of its own.
#[test]
fn every_tables_help_says_the_engines_rules_notes() {
    fn check<G: rummy::game::Game>(
        variant: VariantId,
        options: &[(&str, &str)],
        values: &[(&str, toml::Value)],
    ) {
        let seats = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)];
        let setup = rummy::variants::shipped_setup::<G>(seats, 7, options).unwrap();
        let rules = G::rule_notes(&setup);
        assert!(!rules.is_empty(), "{variant:?} has rules notes");
        let page = notes(&game(variant, values));
        for line in rules {
            assert!(page.contains(&line), "{variant:?}: {line}\nnot in\n{page}");
        }
    }
    macro_rules! each {
        ($($id:ident => $game:ty),* $(,)?) => {
            $(check::<$game>(VariantId::$id, &[], &[]);)*
        };
    }
    rummy::games!(each);
    // With other options: the notes follow them.
    check::<rummy::variants::wump::Wump>(
        VariantId::Wump,
        &[("must_take", "true"), ("match_target", "2")],
        &[
            ("must_take", toml::Value::Boolean(true)),
            ("match_target", toml::Value::Integer(2)),
        ],
    );
    check::<rummy::variants::play_on_words::PlayOnWords>(
        VariantId::PlayOnWords,
        &[("version", "casual")],
        &[("version", toml::Value::String("casual".into()))],
    );
}

/// The marks the help page explains are the ones the table draws: at
/// 80×24, where a hand of seven letters takes one line, the selected card
/// reads `> X <`, each letter card shows its points beside its letter as
/// the legend's `A5` does, a wild reads `?0`, the others' cards `░░`; a
/// boxed letter card has its points in its lower corner, and a boxed
/// selected card a double border.
#[test]
fn the_marks_the_help_explains_are_drawn_as_it_says() {
    for variant in [VariantId::Wrummy, VariantId::FiveSuited] {
        let mut app = App::new(config(false), None);
        app.setup = SetupForm::new(variant, Some(7));
        app.setup.seats = vec![
            Seat::human("Ann"),
            Seat::bot("Bot 2", BotLevel::Normal),
            Seat::bot("Bot 3", BotLevel::Normal),
        ];
        app.start_game();
        let t = table(&app);
        let letters = t.game.snapshot(None).word_game;
        let page = help_page(t, &commands(t, &t.view()));
        for line in super::widgets::cards::legend(letters) {
            assert!(page.contains(&line), "{variant:?}: {line}");
        }
        let hand = t.view().snap.seats[0].cards.clone().expect("a hand");
        let theme = app.config.theme;
        let shown = render(&mut app, 80, 24);
        assert!(shown.contains("░░"), "{shown}");
        let boxed = render(&mut app, 140, 44);
        assert!(boxed.contains("╔═"), "{boxed}");
        if !letters {
            continue;
        }
        let selected = &hand[table(&app).cursor.min(hand.len() - 1)];
        let face = |c: &rummy::card::Card| format!("{}{}", theme.face(c), c.value);
        assert!(
            shown.contains(&format!("> {} <", face(selected)))
                || shown.contains(&format!(">{} <", face(selected))),
            "> {} <\n{shown}",
            face(selected)
        );
        for c in &hand {
            assert!(shown.contains(&face(c)), "{}\n{shown}", face(c));
            assert!(boxed.contains(&format!("─{}┘", c.value)), "{boxed}");
        }
    }
    // A wild letter reads ?0: the Wrummy deal of the guide's seed holds one.
    let mut app = App::new(config(false), None);
    app.start_guide(VariantId::Wrummy);
    let shown = render(&mut app, 80, 24);
    assert!(shown.contains("?0"), "{shown}");
}

/// The help's mouse line offers only what a click does: Play On Words
/// Rummy's draw pile is drawn from, never clicked to take; a discard pile
/// is.
#[test]
fn the_mouse_line_offers_only_what_a_click_does() {
    let app = game(VariantId::PlayOnWords, &[]);
    let t = table(&app);
    let page = help_page(t, &commands(t, &t.view()));
    assert!(page.contains("click a hand card"), "{page}");
    assert!(!page.contains("card to take it"), "{page}");
    let app = game(VariantId::FiveSuited, &[]);
    let t = table(&app);
    let page = help_page(t, &commands(t, &t.view()));
    assert!(page.contains("discard pile card to take it"), "{page}");
}
