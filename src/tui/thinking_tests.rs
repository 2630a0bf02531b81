//! The expert thinks away from the screen: the table keeps drawing and
//! answering keys, says who is thinking, and then makes the very move the
//! bot would have made in place.

use super::adapter::load;
use super::app::{App, Screen};
use super::screens::table::status;
use super::test_kit::{config, keys, render, table};
use rummy::seat::{BotLevel, Seat};
use rummy::variants::VariantId;
use std::time::{Duration, Instant};

#[test]
fn the_screen_answers_keys_while_the_expert_thinks_and_then_makes_its_move() {
    let mut app = App::new(config(false), None);
    app.setup = super::app::SetupForm::new(VariantId::FiveSuited, Some(3));
    app.setup.seats = vec![Seat::bot("Bot 1", BotLevel::Expert), Seat::human("Ann")];
    for (name, value) in app.setup.options.iter_mut() {
        if name == "rounds" {
            *value = toml::Value::Integer(1);
        }
    }
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    let mut thought = 0;
    for _ in 0..20 {
        // An easy bot plays Ann's moves until the expert is to move.
        while table(&app).human_to_move().is_some() && table(&app).end.is_none() {
            let t = app.table.as_mut().expect("a table");
            let played = t.game.play_bot(Some(BotLevel::Easy)).expect("Ann's move");
            t.log.extend(played.lines);
            t.end = played.end;
            app.after_move();
        }
        if table(&app).game.is_over() || table(&app).end.is_some() {
            break;
        }
        // The move the expert makes in place, on a copy.
        let mut copy = load(&table(&app).game.save_json(), "a copy").expect("a copy");
        copy.play_bot(None).expect("the expert moves");
        let moves = table(&app).game.moves_played();
        // The first tick sets it thinking on its own thread.
        app.tick(Instant::now() + Duration::from_secs(5));
        assert!(
            table(&app).thinking.is_some(),
            "the expert is not thinking apart"
        );
        assert_eq!(table(&app).game.moves_played(), moves);
        let frame = render(&mut app, 80, 24);
        assert!(frame.contains("Bot 1 is thinking..."), "{frame}");
        // Keys still work: help opens and closes.
        keys(&mut app, "?");
        assert!(app.help, "help did not open while the bot thought");
        super::test_kit::press(&mut app, ratatui::crossterm::event::KeyCode::Esc);
        assert!(!app.help);
        // Its move comes back and is made.
        let start = Instant::now();
        while table(&app).thinking.is_some() && start.elapsed() < Duration::from_secs(120) {
            std::thread::sleep(Duration::from_millis(20));
            app.tick(Instant::now() + Duration::from_secs(5));
        }
        assert!(table(&app).game.moves_played() > moves, "no move came back");
        assert_eq!(
            table(&app).game.save_json(),
            copy.save_json(),
            "the move made apart differs from the move made in place"
        );
        let t = table(&app);
        assert!(status(t, &t.view()).is_none_or(|(s, _)| !s.contains("thinking")));
        thought += 1;
        if thought >= 2 {
            break;
        }
    }
    assert!(thought >= 2, "the expert thought only {thought} times");
}
