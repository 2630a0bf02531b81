//! Screen tests of the statistics, the replay viewer and deleting a save:
//! snapshots drawn on ratatui's `TestBackend`, each step of a replay checked
//! against the game as it was played, and no hidden card in the replay of
//! an unfinished game.

use super::adapter::{Snapshot, TableGame};
use super::app::{App, Screen};
use super::store::{self, Store};
use super::test_kit::{config, keys, press, render_cards, temp_dir};
use ratatui::crossterm::event::KeyCode;
use rummy::card::CardId;
use rummy::game::{Game, Outcome, Session};
use rummy::rng::GameRng;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::stats::{GameRecord, STATS_FILE};
use rummy::variants::VariantId;
use rummy::variants::five_suited::FiveSuited;
use rummy::variants::shipped_setup;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A 5 Suited Rummy game of `rounds` rounds, every seat played by the normal
/// bot, for `moves` moves or to its end: the game after each move.
fn five_suited(
    seats: Vec<Seat>,
    seed: u64,
    rounds: &str,
    moves: usize,
) -> Vec<Session<FiveSuited>> {
    let setup = shipped_setup::<FiveSuited>(seats, seed, &[("rounds", rounds)]).expect("rules");
    let mut session = Session::<FiveSuited>::new(setup).expect("a game");
    let mut states = vec![session.clone()];
    let mut rng = GameRng::new(seed, 9);
    while states.len() <= moves && session.state().to_move().is_some() {
        session
            .play_bot(BotLevel::Normal, &mut rng)
            .expect("a bot move");
        states.push(session.clone());
    }
    states
}

/// Writes a game's save where the store keeps saves; its path.
fn write_save(store: &Store, name: &str, game: &Session<FiveSuited>) -> PathBuf {
    let path = store.dir().join(name);
    std::fs::write(&path, game.to_save_json()).expect("write the save");
    path
}

fn ann_and_bot() -> Vec<Seat> {
    vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)]
}

/// Every seat's snapshot and a watcher's, to compare two games by.
fn views(game: &dyn TableGame) -> Vec<Snapshot> {
    let mut all = vec![game.snapshot(None)];
    all.extend((0..game.seats().len()).map(|i| game.snapshot(Some(SeatId(i as u8)))));
    all
}

fn step(app: &App) -> usize {
    app.replay.as_ref().expect("a replay").step
}

fn replayed(app: &App) -> &dyn TableGame {
    app.replay.as_ref().expect("a replay").game()
}

/// Every hand's cards at this moment of the game, face up.
fn hands(game: &dyn TableGame) -> Vec<Vec<CardId>> {
    (0..game.seats().len())
        .map(|i| {
            game.snapshot(Some(SeatId(i as u8)))
                .seats
                .get(i)
                .and_then(|p| p.cards.clone())
                .unwrap_or_default()
                .iter()
                .map(|c| c.id)
                .collect()
        })
        .collect()
}

#[test]
fn the_replay_steps_through_the_game_as_it_was_played_and_shows_every_hand_at_the_end() {
    let tmp = temp_dir("replay");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let states = five_suited(ann_and_bot(), 3, "1", usize::MAX);
    let n = states.len() - 1;
    let last = states.last().expect("a game");
    assert!(last.state().to_move().is_none(), "the game ended");
    assert!(n >= 6, "{n} moves");
    let path = write_save(&store, "five-suited-1.json", last);
    let mut app = App::new(config(false), Some(store));
    app.open_replay(&path, Some(Screen::Load))
        .expect("the replay opens");
    assert_eq!(app.screen, Screen::Replay);
    // The review is worked out away from the screen, which says so until
    // it is ready, and then shows it at the next tick.
    let r = app.replay.as_ref().expect("the replay");
    r.wait_for_review();
    assert!(
        app.tick(std::time::Instant::now()),
        "the screen is drawn again"
    );
    assert!(!app.tick(std::time::Instant::now()), "once");
    let at = |app: &App, k: usize| {
        assert_eq!(step(app), k);
        assert_eq!(
            views(replayed(app)),
            views(&states[k]),
            "the table after {k} moves"
        );
    };
    at(&app, 0);
    press(&mut app, KeyCode::Left);
    at(&app, 0);
    press(&mut app, KeyCode::Right);
    at(&app, 1);
    press(&mut app, KeyCode::End);
    at(&app, n);
    press(&mut app, KeyCode::Right);
    at(&app, n);
    press(&mut app, KeyCode::Left);
    at(&app, n - 1);
    press(&mut app, KeyCode::Home);
    at(&app, 0);
    let middle = n / 2;
    for k in 1..=middle {
        press(&mut app, KeyCode::Right);
        at(&app, k);
    }
    // The game is over: every hand is face up at every step, and the log
    // ends with the lines of this move.
    let (frame, face_up) = render_cards(&mut app, 100, 30);
    for hand in hands(replayed(&app)) {
        assert!(!hand.is_empty());
        for c in hand {
            assert!(face_up.contains(&c), "{c:?} not shown:\n{frame}");
        }
    }
    let lines = rummy::replay::move_lines(&last.to_save_json(), "x").expect("lines");
    let said = lines[middle - 1].join(" ");
    assert!(
        frame.contains(&format!("move {middle} of {n}")),
        "{said}\n{frame}"
    );
    insta::assert_snapshot!("replay_finished_middle", frame);
    press(&mut app, KeyCode::End);
    let (frame, face_up) = render_cards(&mut app, 100, 30);
    for c in hands(replayed(&app)).into_iter().flatten() {
        assert!(face_up.contains(&c), "{c:?} not shown:\n{frame}");
    }
    let status = app.replay.as_ref().expect("a replay").status();
    assert!(status.ends_with("The game is over."), "{status}");
    assert!(frame.contains(&format!("move {n} of {n}")), "{frame}");
    insta::assert_snapshot!("replay_finished_end", frame);
    // q goes back to the list it came from.
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.screen, Screen::Load);
    assert!(app.replay.is_none());
}

#[test]
fn the_replay_of_a_game_with_no_hidden_hand_speaks_of_none() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(dir.path()).expect("store");
    let setup = shipped_setup::<rummy::variants::wump::Wump>(ann_and_bot(), 3, &[]).expect("rules");
    let mut session = Session::<rummy::variants::wump::Wump>::new(setup).expect("a game");
    let mut rng = GameRng::new(3, 9);
    for _ in 0..6 {
        session
            .play_bot(BotLevel::Normal, &mut rng)
            .expect("a bot move");
    }
    assert!(session.state().to_move().is_some(), "the game goes on");
    let path = store.dir().join("wump-3.json");
    std::fs::write(&path, session.to_save_json()).expect("write the save");
    let mut app = App::new(config(false), Some(store));
    app.open_replay(&path, Some(Screen::Load))
        .expect("the replay opens");
    let status = app.replay.as_ref().expect("a replay").status();
    assert!(status.starts_with("Replay (unfinished)"), "{status}");
    assert!(!status.contains("hidden"), "{status}");
}

#[test]
fn the_replay_of_an_unfinished_game_shows_no_hidden_card() {
    let tmp = temp_dir("unfinished");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let states = five_suited(vec![Seat::human("Ann"), Seat::human("Ben")], 5, "3", 9);
    let n = states.len() - 1;
    assert_eq!(n, 9);
    let last = states.last().expect("a game");
    assert!(last.state().to_move().is_some(), "the game goes on");
    let path = write_save(&store, "five-suited-2.json", last);
    let mut app = App::new(config(false), Some(store));
    app.open_replay(&path, Some(Screen::Load))
        .expect("the replay opens");
    let theme = config(false).theme;
    let mut checked = 0;
    for k in 0..=n {
        assert_eq!(step(&app), k);
        let (frame, face_up) = render_cards(&mut app, 100, 30);
        let game = replayed(&app);
        let watcher = game.snapshot(None);
        let public: Vec<CardId> = watcher
            .center
            .iter()
            .chain(watcher.seats.iter().flat_map(|p| p.cards.iter().flatten()))
            .map(|c| c.id)
            .collect();
        let shown_faces: Vec<String> = watcher
            .center
            .iter()
            .chain(watcher.seats.iter().flat_map(|p| p.cards.iter().flatten()))
            .map(|c| theme.face(c))
            .collect();
        let log = app.replay.as_ref().expect("a replay").table.log.join(" ");
        let mut hidden = 0;
        for i in 0..game.seats().len() {
            let own = game.snapshot(Some(SeatId(i as u8)));
            for c in own.seats[i].cards.iter().flatten() {
                if public.contains(&c.id) {
                    continue;
                }
                hidden += 1;
                assert!(!face_up.contains(&c.id), "step {k}: {c:?}:\n{frame}");
                // Its face is nowhere in the frame's text, unless a card
                // in view or a line of the log has the same face.
                let face = theme.face(c);
                if !shown_faces.contains(&face) && !log.contains(&face) {
                    assert!(!frame.contains(&face), "step {k}: {face}:\n{frame}");
                }
            }
        }
        if k == 0 {
            assert_eq!(hidden, 6, "two hands of 3 cards are hidden");
        }
        checked += hidden;
        if k == n / 2 {
            insta::assert_snapshot!("replay_unfinished", frame);
        }
        press(&mut app, KeyCode::Right);
    }
    assert!(checked >= 30, "{checked} hidden cards checked");
}

#[test]
fn a_bad_file_is_said_and_left_as_it_is() {
    let tmp = temp_dir("bad");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let bad = store.dir().join("five-suited-3.json");
    std::fs::write(&bad, "{ not a save").expect("write");
    let mut app = App::new(config(false), Some(store));
    let e = app
        .open_replay(&bad, Some(Screen::Load))
        .expect_err("refused");
    assert!(e.contains("five-suited-3.json is not a save file"), "{e}");
    assert_eq!(std::fs::read_to_string(&bad).expect("kept"), "{ not a save");
    assert_eq!(app.screen, Screen::Title);
}

#[test]
fn the_load_list_asks_before_deleting_a_save_and_replays_one() {
    let tmp = temp_dir("delete");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let states = five_suited(ann_and_bot(), 3, "1", 4);
    let game = states.last().expect("a game");
    let keep = write_save(&store, "five-suited-10.json", game);
    let gone = write_save(&store, "five-suited-20.json", game);
    store::write_prefs(&gone, true, Duration::from_millis(250));
    let prefs = gone.with_extension("screen");
    assert!(prefs.exists());
    // The newer file is listed first.
    let old = std::time::SystemTime::now() - Duration::from_secs(600);
    std::fs::File::options()
        .write(true)
        .open(&keep)
        .and_then(|f| f.set_modified(old))
        .expect("set the time");
    let mut app = App::new(config(false), Some(store));
    app.title.cursor = app.title_index("Load a game");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Load);
    assert_eq!(app.load.saves.len(), 2);
    assert_eq!(app.load.saves[0].path, gone);
    // v replays the selected save; q comes back to the list.
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(app.screen, Screen::Replay);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.screen, Screen::Load);
    // d asks; any key but y keeps the save.
    press(&mut app, KeyCode::Char('d'));
    let (question, _) = app.message.clone().expect("asked");
    assert_eq!(
        question,
        format!("Delete the save of {}? y/n", app.load.saves[0].summary)
    );
    let (frame, _) = render_cards(&mut app, 100, 24);
    assert!(frame.contains("y delete  n keep"), "{frame}");
    press(&mut app, KeyCode::Char('n'));
    assert!(gone.exists() && prefs.exists());
    assert_eq!(app.load.saves.len(), 2);
    assert_eq!(
        app.message.clone().map(|m| m.0).as_deref(),
        Some("The save is kept.")
    );
    // y deletes it and its settings, and the list is read again.
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Char('y'));
    assert!(!gone.exists(), "the save is deleted");
    assert!(!prefs.exists(), "its settings are deleted");
    assert!(keep.exists(), "the other save is kept");
    assert_eq!(app.load.saves.len(), 1);
    assert_eq!(app.load.saves[0].path, keep);
    let (said, error) = app.message.clone().expect("said");
    assert!(!error && said.starts_with("Deleted the save of "), "{said}");
    // The note stays with the list: back on the title it is not said again.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
    assert_eq!(app.message, None, "the list's note stays behind");
}

/// Plays the game on the table to its end: the human plays its first card,
/// the bots move, popups are closed.
fn play_to_the_end(app: &mut App) {
    for _ in 0..5000 {
        let t = app.table.as_ref().expect("a game on the table");
        if t.game.is_over() {
            return;
        }
        if t.end.is_some() || t.curtain().is_some() {
            press(app, KeyCode::Enter);
        } else if t.human_to_move().is_some() {
            press(app, KeyCode::Char('1'));
            if app.table.as_ref().is_some_and(|t| t.picking.is_some()) {
                press(app, KeyCode::Enter);
            }
        } else {
            assert!(app.tick(Instant::now() + Duration::from_secs(1)), "stuck");
        }
    }
    panic!("the game did not end");
}

fn records(dir: &Path) -> Vec<GameRecord> {
    let r = rummy::stats::read(&dir.join(STATS_FILE)).expect("read");
    assert!(r.skipped.is_empty(), "{:?}", r.skipped);
    r.records
}

#[test]
fn a_finished_game_is_recorded_once_with_the_engines_result() {
    let tmp = temp_dir("record");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let mut app = App::new(config(false), Some(store));
    app.setup.seats = ann_and_bot();
    app.setup.kids = false;
    app.setup.options = vec![
        ("match_target".into(), toml::Value::Integer(1)),
        ("must_take".into(), toml::Value::Boolean(false)),
    ];
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    assert!(records(dir).is_empty(), "nothing before the end");
    play_to_the_end(&mut app);
    let t = app.table.as_ref().expect("a game");
    let outcome: Outcome = t.game.outcome().expect("an outcome");
    let moves = t.game.movers().len();
    let save = t.save.clone().expect("a save");
    let got = records(dir);
    assert_eq!(got.len(), 1, "{got:?}");
    let r = &got[0];
    assert_eq!(r.variant, VariantId::Wump);
    assert_eq!(r.seats, ann_and_bot());
    assert_eq!(r.winners, outcome.winners);
    // Wump's statistics count the cards each seat claimed, not the games
    // it won: a one-game match's winner claimed the most cards.
    assert_eq!(r.scores, t.game.tallied_scores());
    assert_ne!(r.scores, outcome.scores);
    let most = r.scores.iter().max().copied();
    for w in &r.winners {
        assert_eq!(Some(r.scores[w.index()]), most, "{r:?}");
    }
    assert!(most.is_some_and(|m| m > 1), "{r:?}");
    assert_eq!(r.moves, moves);
    assert_eq!(r.save.as_deref(), save.file_name().and_then(|n| n.to_str()));
    // Leaving, and opening the finished game again, records nothing more.
    for _ in 0..3 {
        if app.screen != Screen::Table {
            break;
        }
        press(&mut app, KeyCode::Char('q'));
        press(&mut app, KeyCode::Char('y'));
    }
    assert_eq!(app.screen, Screen::Title);
    app.resume(&save);
    assert_eq!(app.screen, Screen::Table);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(records(dir).len(), 1);
    // Deleting the save leaves its game in the statistics.
    std::fs::remove_file(&save).expect("delete");
    app.title.cursor = app.title_index("Statistics");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Stats);
    assert_eq!(app.stats.stats.as_ref().map(|s| s.games), Some(1));
}

fn record(variant: VariantId, seats: Vec<Seat>, scores: &[i64], winners: &[u8]) -> String {
    let outcome = Outcome {
        winners: winners.iter().map(|&w| SeatId(w)).collect(),
        scores: scores.to_vec(),
    };
    GameRecord::new(variant, &seats, &outcome, 30, 1_764_000_000, None).to_line() + "\n"
}

#[test]
fn the_statistics_screen_from_the_title() {
    let tmp = temp_dir("screen");
    let dir = tmp.path();
    let store = Store::open(dir).expect("store");
    let mut app = App::new(config(false), Some(store));
    // The fourth item: no Continue without saves. (A newcomer's cursor
    // starts on Learn a game: from the top.)
    app.title.cursor = 0;
    for _ in 0..3 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Stats);
    let (frame, _) = render_cards(&mut app, 80, 24);
    assert!(frame.contains(rummy::stats::Stats::NONE_YET), "{frame}");
    // A page that fits offers no scrolling.
    assert!(!frame.contains("scroll"), "{frame}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
    let hard = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Hard)];
    let text = [
        record(VariantId::Wump, hard.clone(), &[5, 2], &[0]),
        record(VariantId::Wump, hard, &[1, 5], &[1]),
        "not a record\n".to_string(),
        record(
            VariantId::FiveSuited,
            vec![
                Seat::human("Ann"),
                Seat::human("Ben"),
                Seat::bot("Bot 3", BotLevel::Easy),
            ],
            &[140, 140, 210],
            &[0, 1],
        ),
    ]
    .concat();
    std::fs::write(dir.join(STATS_FILE), text).expect("write");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Stats);
    let (frame, _) = render_cards(&mut app, 80, 24);
    assert!(frame.contains("Line 3 of"), "{frame}");
    insta::assert_snapshot!("stats_screen", frame);
}

/// A game one person played, over: the strongest bot plays it again on
/// the same cards away from the screen, the end says how each did, and the
/// figures go into the statistics with the game (counted once, as its last
/// record says).
#[test]
fn a_finished_game_is_played_again_on_the_same_cards_and_recorded() {
    let tmp = temp_dir("same-cards");
    let store = Store::open(tmp.path()).expect("store");
    let seats = vec![
        Seat::human("Ann"),
        Seat::bot("Bot 2", BotLevel::Normal),
        Seat::bot("Bot 3", BotLevel::Easy),
    ];
    let game = five_suited(seats, 12, "2", usize::MAX)
        .pop()
        .expect("a game");
    assert!(game.state().is_over());
    let text = game.to_save_json();
    let path = store.new_path("five-suited");
    let table = super::adapter::load(&text, "the game").expect("loads");
    store.write(&path, table.as_ref()).expect("written");
    store.record_end(&path, table.as_ref());
    let mut conf = config(false);
    conf.same_cards = true;
    let mut app = App::new(conf, Some(store.clone()));
    app.open_saved(&path, table, None);
    let start = Instant::now();
    while !app
        .table
        .as_ref()
        .unwrap()
        .same_cards
        .as_ref()
        .is_some_and(|s| s.recorded)
    {
        app.tick(Instant::now());
        assert!(start.elapsed() < Duration::from_secs(120), "no result");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The engine's own duplicate says the same.
    let d = rummy::duplicate::duplicate(&game, SeatId(0), BotLevel::Expert, &mut |_| {})
        .expect("played again");
    let (shown, _) = render_cards(&mut app, 100, 30);
    let flat = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&d.summary()), "{}\n{shown}", d.summary());
    // As today's deal, the end also gives a line to share, with the
    // expert's result and no card.
    let date = rummy::daily::Date::parse("2026-11-30").unwrap();
    {
        let t = app.table.as_mut().unwrap();
        t.end = t.game.last_played().and_then(|p| p.end);
        assert!(t.end.as_ref().is_some_and(|e| e.match_over));
        t.daily = Some((date, true));
    }
    let (shown, _) = render_cards(&mut app, 120, 40);
    let flat = shown.replace(['│', '"'], " ");
    let flat = flat.split_whitespace().collect::<Vec<_>>().join(" ");
    let share = rummy::daily::share_line(VariantId::FiveSuited, date, d.you, Some(&d), true);
    assert!(flat.contains(&share), "{share}\n{shown}");
    assert!(
        share.contains("the expert ") && share.ends_with("first try"),
        "{share}"
    );
    // Nor is the seed offered: it would give today's deal away.
    assert!(!flat.contains("Deal this game again"), "{shown}");
    for suit in ['♠', '♥', '♦', '♣', '★'] {
        assert!(!share.contains(suit), "{share}");
    }
    // Recorded again, with the figures; counted once.
    let records = rummy::stats::read(&store.stats_path()).expect("read");
    assert_eq!(records.records.len(), 2);
    let same = records.records[1].same_cards.clone().expect("the figures");
    assert_eq!((same.seat, same.level), (1, BotLevel::Expert));
    assert_eq!(
        (same.you, same.bot, same.difference),
        (d.you, d.bot, d.difference)
    );
    // With the review's accuracy of Ann's moves.
    let review = rummy::review::review_save(&text, "g", rummy::review::Judged::People).unwrap();
    let lost = review
        .summary
        .iter()
        .find(|s| s.seat == 1)
        .and_then(|s| s.chance_lost);
    assert!(lost.is_some());
    assert_eq!(records.records[1].accuracy, lost);
    let stats = rummy::stats::aggregate(&records);
    assert_eq!(stats.games, 1);
    let (_, five) = &stats.by_variant[0];
    assert_eq!((five.same_games, five.same_sum), (1, d.difference));
    assert_eq!(five.same_mean(), Some(d.difference as f64));
    // The progress series: one game, both figures.
    assert_eq!(stats.series.len(), 1);
    let (v, points) = &stats.series[0];
    assert_eq!(*v, VariantId::FiveSuited);
    assert_eq!(points.len(), 1);
    assert_eq!(points[0].difference, Some(d.difference));
    assert_eq!(points[0].accuracy, lost);
    let json: serde_json::Value = serde_json::from_str(&stats.to_json()).unwrap();
    assert_eq!(json["series"][0]["games"][0]["difference"], d.difference);
    assert_eq!(json["by_game"][0]["same_cards_games"], 1);
    assert!(stats.table().contains("Same cards"), "{}", stats.table());
}

/// Practise your slips: a slip of a game played alone, kept from its
/// review, comes back from the title at its position, from the person's
/// view, with the question; the answer waits for a try; a try is judged as
/// the review judges (a try that is not the best sets the position up
/// again); found, it is noted as solved and does not come back today.
#[test]
fn a_slip_comes_back_to_solve_again() {
    let tmp = temp_dir("drills");
    let store = Store::open(tmp.path()).expect("store");
    // A game where Ann plays the easy bot's moves: she slips.
    let mut found = None;
    for seed in 20..60 {
        let seats = vec![
            Seat::human("Ann"),
            Seat::bot("Bot 2", BotLevel::Normal),
            Seat::bot("Bot 3", BotLevel::Normal),
        ];
        let setup = shipped_setup::<FiveSuited>(seats, seed, &[("rounds", "2")]).expect("rules");
        let mut game = Session::<FiveSuited>::new(setup).expect("a game");
        let mut rng = GameRng::new(seed, 4);
        while let Some(seat) = game.state().to_move() {
            let level = if seat == SeatId(0) {
                BotLevel::Easy
            } else {
                BotLevel::Normal
            };
            game.play_bot(level, &mut rng).expect("a move");
        }
        let text = game.to_save_json();
        let review =
            rummy::review::review_save(&text, "g", rummy::review::Judged::People).expect("review");
        let path = store.new_path("five-suited");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let slips = rummy::drills::slips_of(&review, 1, &name, VariantId::FiveSuited, 1_000);
        if !slips.is_empty() {
            let table = super::adapter::load(&text, "g").expect("loads");
            store.write(&path, table.as_ref()).expect("written");
            rummy::drills::record(store.dir_of_data(), &slips).expect("kept");
            found = Some(slips);
            break;
        }
    }
    let slips = found.expect("a game with a slip");
    let first = rummy::drills::order(slips.clone(), &[], 2_000).remove(0);
    let mut app = App::new(config(false), Some(store.clone()));
    app.title.cursor = app.title_index("Practise your slips");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    let t = app.table.as_ref().unwrap();
    assert_eq!(t.game.moves_played(), first.index);
    assert_eq!(t.game.to_move(), Some(SeatId(0)));
    let (shown, _) = render_cards(&mut app, 100, 30);
    assert!(shown.contains("What would you play?"), "{shown}");
    // Bots do not move; the answer is not offered before a try.
    app.tick(Instant::now() + Duration::from_secs(5));
    assert_eq!(app.table.as_ref().unwrap().game.moves_played(), first.index);
    press(&mut app, KeyCode::Char('a'));
    assert!(!render_cards(&mut app, 100, 30).0.contains("Best move:"));
    // Nor does the hint give it away (out of kids' mode).
    press(&mut app, KeyCode::Char('h'));
    assert!(app.table.as_ref().unwrap().hint.is_none());
    // A try in the draw: the other of stock and pile than the hint's, judged
    // as the review judges it.
    let t = app.table.as_ref().unwrap();
    let hinted_top = t.game.hint(SeatId(0)).expect("a hint").target.is_some();
    let drawing = t.game.drawing(SeatId(0)).flatten().is_some();
    if drawing {
        let mut copy = super::adapter::load(&t.game.save_json(), "c").unwrap();
        copy.draw(SeatId(0), !hinted_top).expect("a legal draw");
        let judged = copy.judge_last().expect("judged");
        let expected = rummy::drills::Try::of(&first, &judged);
        keys(&mut app, if hinted_top { "s" } else { "d" });
        let t = app.table.as_ref().unwrap();
        let d = t.drill.as_ref().unwrap();
        assert_eq!(d.last, Some(expected));
        if expected != rummy::drills::Try::Found {
            assert_eq!(t.game.moves_played(), first.index, "set up again");
            let (note, _) = t.note.clone().expect("said");
            assert!(note.starts_with(expected.said()), "{note}");
            press(&mut app, KeyCode::Char('a'));
            let (note, _) = app.table.as_ref().unwrap().note.clone().unwrap();
            assert!(
                note.starts_with("Best move:") && note.contains(&first.best),
                "{note}"
            );
        }
    }
    if app.table.as_ref().unwrap().drill.as_ref().unwrap().tries == 0 {
        // A first try: the card under the cursor.
        press(&mut app, KeyCode::Enter);
    }
    if app.table.as_ref().unwrap().drill.as_ref().unwrap().last != Some(rummy::drills::Try::Found) {
        // After a try the hint may be asked for.
        super::test_kit::play_the_hint(&mut app);
    }
    let t = app.table.as_ref().unwrap();
    let d = t.drill.as_ref().unwrap();
    assert_eq!(d.last, Some(rummy::drills::Try::Found), "{:?}", t.note);
    let (note, _) = t.note.clone().unwrap();
    assert!(note.starts_with("Found it!"), "{note}");
    // Solved: not due again today.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let due = rummy::drills::due(store.dir_of_data(), now);
    assert!(
        !due.iter()
            .any(|s| s.save == first.save && s.index == first.index)
    );
    assert_eq!(due.len(), slips.len() - 1);
    // n: the next slip, or the title saying there is none.
    press(&mut app, KeyCode::Char('n'));
    if due.is_empty() {
        assert_eq!(app.screen, Screen::Title);
    } else {
        let t = app.table.as_ref().unwrap();
        let d = t.drill.as_ref().unwrap();
        assert!(d.slip.save != first.save || d.slip.index != first.index);
    }
}

/// The progress charts on the Statistics screen: `c` turns to them (only
/// when a game alone has figures), ← → go through the games, `c` back.
#[test]
fn the_progress_charts_of_each_game() {
    let tmp = temp_dir("charts");
    let store = Store::open(tmp.path()).expect("store");
    let seats = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Hard)];
    for (i, v) in [
        (0u64, VariantId::Wump),
        (1, VariantId::FiveSuited),
        (2, VariantId::Wump),
    ] {
        let outcome = Outcome::new(vec![SeatId(0)], vec![30, 20]);
        let mut r = GameRecord::new(
            v,
            &seats,
            &outcome,
            50,
            1_700_000_000 + i,
            Some(format!("g{i}.json")),
        );
        r.accuracy = Some(0.02 - i as f64 * 0.005);
        r.same_cards = Some(rummy::stats::SameCards {
            seat: 1,
            level: BotLevel::Expert,
            you: 30,
            bot: 25 + i as i64,
            difference: 5 - i as i64,
            you_won: 1,
            bot_won: 1,
            rounds: 1,
            unit: "cards".into(),
        });
        rummy::stats::append(&store.stats_path(), &r).expect("recorded");
    }
    let mut app = App::new(config(false), Some(store));
    app.open_stats();
    let (shown, _) = render_cards(&mut app, 80, 24);
    assert!(shown.contains("c charts"), "{shown}");
    press(&mut app, KeyCode::Char('c'));
    let (shown, _) = render_cards(&mut app, 80, 24);
    assert!(shown.contains("Progress: Wump Rummy"), "{shown}");
    assert!(
        shown.contains("lower is better") && shown.contains("hard 0.00003"),
        "{shown}"
    );
    assert!(shown.contains("On the same cards"), "{shown}");
    press(&mut app, KeyCode::Right);
    let (shown, _) = render_cards(&mut app, 80, 24);
    assert!(shown.contains("Progress: 5 Suited Rummy"), "{shown}");
    press(&mut app, KeyCode::Char('c'));
    let (shown, _) = render_cards(&mut app, 80, 24);
    assert!(shown.contains("By game"), "{shown}");
    // With nothing to chart, no c.
    let tmp = temp_dir("charts-none");
    let mut app = App::new(config(false), Some(Store::open(tmp.path()).expect("store")));
    app.open_stats();
    assert!(!render_cards(&mut app, 80, 24).0.contains("c charts"));
}
