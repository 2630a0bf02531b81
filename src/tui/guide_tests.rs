//! The guided first deal: the coach's keys, pressed as the coach line names
//! them, make the engine's hinted move at every turn of the first deal of
//! each game; the coach line on screen; the chooser.

use super::app::{App, Screen};
use super::guide::{GUIDES, Guide, Stage, guide, same_move};
use super::screens::table::coach::coach_text;
use super::test_kit::{config, press, render, table, temp_dir};
use ratatui::crossterm::event::KeyCode;
use rummy::seat::SeatId;
use rummy::variants::VariantId;
use std::time::{Duration, Instant};

fn coach(app: &App) -> Option<String> {
    let t = table(app);
    coach_text(t, &t.view(), 79, usize::MAX)
}

/// The keys a coach line names, read back from its words: the sentence
/// that starts "Press" or "Type" at its end ("Press → twice, then p.").
fn named_keys(line: &str) -> Vec<KeyCode> {
    let start = [". Press ", ". Type "]
        .iter()
        .filter_map(|p| line.rfind(p).map(|i| i + 2))
        .max()
        .unwrap_or(0);
    let sentence = line[start..].trim_end_matches('.');
    let sentence = sentence
        .strip_prefix("Press ")
        .map(str::to_string)
        .or_else(|| sentence.strip_prefix("Type ").map(|w| format!("type {w}")))
        .unwrap_or_else(|| panic!("no keys in the coach line {line:?}"));
    let mut keys = Vec::new();
    for part in sentence.split(", then ") {
        if let Some(word) = part.strip_prefix("type ") {
            keys.extend(word.chars().map(KeyCode::Char));
            continue;
        }
        let (name, times) = if let Some(n) = part.strip_suffix(" twice") {
            (n, 2)
        } else if let Some((n, t)) = part.split_once(' ')
            && let Some(t) = t.strip_suffix(" times")
        {
            (n, t.parse().expect("a count"))
        } else {
            (part, 1)
        };
        let code = match name {
            "←" => KeyCode::Left,
            "→" => KeyCode::Right,
            "Enter" => KeyCode::Enter,
            "Esc" => KeyCode::Esc,
            "Tab" => KeyCode::Tab,
            "Backspace" => KeyCode::Backspace,
            "space" => KeyCode::Char(' '),
            n if n.chars().count() == 1 => KeyCode::Char(n.chars().next().unwrap_or(' ')),
            other => panic!("an unknown key {other:?} in {line:?}"),
        };
        keys.extend(std::iter::repeat_n(code, times));
    }
    keys
}

/// The end of a save text: its last moves, for a failure's message.
fn tail(json: &str) -> &str {
    let at = json.find("\"log\"").unwrap_or(0);
    let at = (at..json.len())
        .find(|&i| json.is_char_boundary(i))
        .unwrap_or(0);
    &json[at..]
}

const YOU: SeatId = SeatId(0);

/// What a lesson did, turn by turn.
#[derive(Default, Debug)]
struct Walk {
    /// Each coach line the person followed, in order.
    lines: Vec<String>,
    /// The coach lines while the others played.
    watched: Vec<String>,
    /// Whether the lesson ended with the offer to play on.
    offered: bool,
    /// The results closed on the way.
    results: usize,
}

/// The coach line now and the keys it names.
fn next_keys(app: &App) -> (String, Vec<KeyCode>) {
    let line = coach(app).expect("the coach speaks");
    let keys = named_keys(&line);
    (line, keys)
}

/// Plays the lesson of `g` on `seed`: on each of the person's turns the
/// keys the coach line names are pressed, and the move they made must be
/// the engine's hinted move; bots move in between. Ends with the offer to
/// play on (or the game's end).
fn walk(g: &'static Guide, seed: u64) -> (App, Walk) {
    let mut app = App::new(config(false), None);
    app.start_guided(g, seed);
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    walk_from(app)
}

/// As [`walk`], from a lesson already on the table.
fn walk_from(mut app: App) -> (App, Walk) {
    let mut walk = Walk::default();
    for _ in 0..2000 {
        let t = table(&app);
        let Some(c) = t.coach.as_ref() else {
            return (app, walk);
        };
        if t.offering() {
            walk.offered = true;
            return (app, walk);
        }
        if t.end.is_some() {
            walk.results += 1;
            press(&mut app, KeyCode::Enter);
            continue;
        }
        if t.game.to_move() != Some(YOU) {
            let line = coach(&app).expect("the coach speaks");
            assert!(
                line.contains("Watch the others play."),
                "{line} ({:?})",
                c.stage
            );
            walk.watched.push(line);
            let before = t.game.movers().len();
            assert!(
                app.tick(Instant::now() + Duration::from_secs(5)),
                "a bot moves"
            );
            assert!(table(&app).game.movers().len() > before);
            continue;
        }
        let want = t.game.hinted_after(YOU).expect("a hinted move");
        let before = t.game.movers().len();
        let (line, keys) = next_keys(&app);
        walk.lines.push(line.clone());
        for k in keys {
            press(&mut app, k);
        }
        // A question on the way (kids' mode asks before a card goes down
        // while another could take): the coach line names its answer.
        for _ in 0..3 {
            let t = table(&app);
            if t.game.movers().len() > before {
                break;
            }
            let (line, keys) = next_keys(&app);
            walk.lines.push(line);
            for k in keys {
                press(&mut app, k);
            }
        }
        let t = table(&app);
        assert_eq!(
            t.game.movers().len(),
            before + 1,
            "one move by the keys of {line:?}; note {:?}",
            t.note
        );
        let got = t.game.save_json();
        assert!(
            same_move(t.game.as_ref(), YOU, &want),
            "the keys of {line:?} made the hinted move:\n{}\n{}",
            tail(&got),
            tail(&want)
        );
    }
    panic!("the lesson did not end: {walk:?}");
}

/// The lesson of `variant`, by the coach's keys, to its offer: every kind
/// of move of the lesson made, at least the first deal played, and the
/// offer over the table; Enter plays on alone, as a normal game: no
/// coach, saved moves go on, the hint key works.
fn guided_deal(variant: VariantId) {
    let g = guide(variant).expect("a guide");
    let (mut app, walk) = walk(g, g.seed);
    assert!(walk.offered, "the offer to play on: {walk:?}");
    assert!(!walk.lines.is_empty());
    // The first line says what the game is about.
    assert!(walk.lines[0].starts_with(g.goal), "{:?}", walk.lines[0]);
    let t = table(&app);
    let c = t.coach.as_ref().expect("the coach");
    assert!(c.done.iter().all(|d| *d), "{:?}", c.still_to_make());
    assert!(c.first_deal_over);
    // Each kind of move of the lesson is in the log, made by the person,
    // counted afresh from the whole log.
    let made = t.game.kinds_made(0);
    for skill in g.skills {
        assert!(
            made.iter()
                .any(|(seat, k)| *seat == YOU && skill.kinds.contains(k)),
            "{}: {} made",
            variant.title(),
            skill.name
        );
    }
    assert!(!t.game.is_over());
    // The offer is over the table, naming what was learnt; bots wait.
    let screen = render(&mut app, 100, 30);
    assert!(screen.contains("Lesson done"), "{screen}");
    assert!(screen.contains("Enter play on alone"), "{screen}");
    let moves = table(&app).game.movers().len();
    app.tick(Instant::now() + Duration::from_secs(5));
    assert_eq!(table(&app).game.movers().len(), moves, "bots wait");
    press(&mut app, KeyCode::Enter);
    let t = table(&app);
    assert!(t.coach.is_none());
    assert_eq!(app.screen, Screen::Table);
    // A normal game from here: bots move, and on the person's turn `h`
    // gives the hint in the status line; no coach box is drawn.
    for _ in 0..40 {
        let t = table(&app);
        if t.end.is_some() {
            press(&mut app, KeyCode::Enter);
        } else if t.game.to_move() == Some(YOU) {
            break;
        } else {
            app.tick(Instant::now() + Duration::from_secs(5));
        }
    }
    press(&mut app, KeyCode::Char('h'));
    assert!(table(&app).hint.is_some());
    let screen = render(&mut app, 100, 30);
    assert!(!screen.contains(" Coach "), "{screen}");
}

#[test]
fn wump_guided_deal_by_the_coach_keys() {
    guided_deal(VariantId::Wump);
}

#[test]
fn five_suited_guided_deal_by_the_coach_keys() {
    guided_deal(VariantId::FiveSuited);
}

#[test]
fn wrummy_guided_deal_by_the_coach_keys() {
    guided_deal(VariantId::Wrummy);
}

#[test]
fn alpharummy_guided_deal_by_the_coach_keys() {
    guided_deal(VariantId::AlphaRummy);
}

#[test]
fn play_on_words_guided_deal_by_the_coach_keys() {
    guided_deal(VariantId::PlayOnWords);
}

/// How the guide's seeds were chosen: the coach lines of the lesson on
/// seeds 1 to 40 of each game, how long it lasts and whether it ends with
/// the offer to play on. `cargo test --bin rummy guide_seed_survey --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn guide_seed_survey() {
    let only = std::env::var("GUIDE_GAME").ok();
    for g in GUIDES.iter() {
        if only.as_deref().is_some_and(|o| o != g.variant.name()) {
            continue;
        }
        for seed in 1..=40 {
            let (_, walk) = walk(g, seed);
            println!(
                "== {} seed {seed}: {} turns, {} results, {}",
                g.variant.name(),
                walk.lines.len(),
                walk.results,
                if walk.offered {
                    "the offer"
                } else {
                    "no offer"
                }
            );
            for l in walk.lines.iter().take(4) {
                println!("   {l}");
            }
        }
    }
}

/// Every coach line of each lesson, to read (`GUIDE_GAME` and
/// `GUIDE_SEED` pick one game and seed).
#[test]
#[ignore]
fn guide_lines() {
    let only = std::env::var("GUIDE_GAME").ok();
    let seed = std::env::var("GUIDE_SEED")
        .ok()
        .and_then(|s| s.parse().ok());
    for g in GUIDES.iter() {
        if only.as_deref().is_some_and(|o| o != g.variant.name()) {
            continue;
        }
        let (_, walk) = walk(g, seed.unwrap_or(g.seed));
        println!("== {}", g.variant.title());
        for l in &walk.lines {
            println!("   {l}");
        }
        for l in walk.watched.iter().take(8) {
            println!("   (bots) {l}");
        }
    }
}

/// The table of a guided deal at its first turn, as `keys` leave it.
fn first_turn(variant: VariantId) -> App {
    let mut app = App::new(config(false), None);
    app.start_guide(variant);
    for _ in 0..20 {
        if table(&app).game.to_move() == Some(YOU) {
            break;
        }
        app.tick(Instant::now() + Duration::from_secs(5));
    }
    app
}

/// Every game of the registry has its guide in Learn a game, and at the
/// guided deal's first turn the engine names the hinted move the coach's
/// keys must make: a new game without them fails here.
#[test]
fn every_game_has_a_guide_whose_first_move_the_engine_names() {
    for v in VariantId::ALL {
        let g = guide(v).unwrap_or_else(|| panic!("{} has no guide", v.title()));
        assert!(!g.goal.is_empty(), "{}", v.title());
        let app = first_turn(v);
        let t = table(&app);
        assert_eq!(t.game.variant(), v);
        assert_eq!(t.game.to_move(), Some(YOU), "{}", v.title());
        let after = t
            .game
            .hinted_after(YOU)
            .unwrap_or_else(|| panic!("{}: no hinted move at the first turn", v.title()));
        assert_ne!(after, t.game.save_json(), "{}", v.title());
        // Not the seat's turn: no hinted move.
        let other = SeatId(1);
        assert_eq!(t.game.hinted_after(other), None, "{}", v.title());
    }
    assert_eq!(GUIDES.len(), VariantId::ALL.len(), "one guide a game");
    // Learn a game lists the games in the registry's order, as every
    // other list does.
    let order: Vec<VariantId> = GUIDES.iter().map(|g| g.variant).collect();
    assert_eq!(order, VariantId::ALL.to_vec());
}

#[test]
fn coach_line_on_the_wump_table() {
    let mut app = first_turn(VariantId::Wump);
    let screen = render(&mut app, 80, 24);
    insta::assert_snapshot!("guide_wump_first_turn", screen);
    // Half-way through the coached keys: the line names what is left.
    press(&mut app, KeyCode::Right);
    let line = coach(&app).expect("the coach speaks");
    assert!(line.ends_with("Press →, then Enter twice."), "{line}");
}

#[test]
fn coach_line_on_the_five_suited_table() {
    let mut app = first_turn(VariantId::FiveSuited);
    insta::assert_snapshot!("guide_five_first_turn", render(&mut app, 80, 24));
    press(&mut app, KeyCode::Char('s'));
    insta::assert_snapshot!("guide_five_discard", render(&mut app, 80, 24));
}

#[test]
fn coach_line_on_the_wrummy_table() {
    let mut app = first_turn(VariantId::Wrummy);
    insta::assert_snapshot!("guide_wrummy_first_turn", render(&mut app, 80, 24));
}

#[test]
fn learn_a_game_from_the_title() {
    let mut app = App::new(config(false), None);
    app.setup.seats[0].name = "Ann".into();
    // The form is set to Wump Rummy in kids' mode.
    assert!(app.setup.kids);
    // "Learn a game" is the fifth item of the title menu (no Continue
    // without saves).
    for _ in 0..4 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Learn);
    insta::assert_snapshot!("guide_chooser", render(&mut app, 80, 24));
    // ← → and ↑ ↓ go through the games, round the list; Esc goes back.
    assert_eq!(GUIDES[app.learn.cursor].variant, VariantId::Wump);
    press(&mut app, KeyCode::Left);
    assert_eq!(GUIDES[app.learn.cursor].variant, VariantId::PlayOnWords);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.learn.cursor, 0);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Right);
    assert_eq!(GUIDES[app.learn.cursor].variant, VariantId::FiveSuited);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    assert_eq!(GUIDES[app.learn.cursor].variant, VariantId::AlphaRummy);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
    press(&mut app, KeyCode::Enter);
    // The chosen game asks the learner's name, offering the form's.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Learn);
    assert_eq!(app.learn.naming.as_deref(), Some("Ann"));
    let shown = render(&mut app, 80, 24);
    assert!(
        shown.contains("Your name") && shown.contains("Ann"),
        "{shown}"
    );
    assert!(shown.contains("Enter start"), "{shown}");
    press(&mut app, KeyCode::Enter);
    // AlphaRummy 500, Ann against two normal bots, not in kids' mode
    // (the form's kids' mode is for its own game), on the guide's seed.
    let t = table(&app);
    assert_eq!(t.game.variant(), VariantId::AlphaRummy);
    assert_eq!(
        t.game.seed(),
        guide(VariantId::AlphaRummy).expect("guide").seed
    );
    let seats = t.game.seats();
    assert_eq!(seats[0].name, "Ann");
    assert!(seats[0].is_human());
    assert_eq!(seats.len(), 3);
    assert!(
        seats[1..]
            .iter()
            .all(|s| s.kind == rummy::seat::SeatKind::Bot(rummy::seat::BotLevel::Normal))
    );
    assert!(!t.kids);
    assert!(t.coach.is_some());
    // Wump Rummy keeps the form's kids' mode; a preference for every game
    // (the config file's) holds for the other games.
    let mut app = App::new(config(false), None);
    app.start_guide(VariantId::Wump);
    assert!(table(&app).kids);
    app.setup.kids = false;
    app.start_guide(VariantId::Wump);
    assert!(!table(&app).kids);
    app.setup.kids_pref = Some(true);
    app.start_guide(VariantId::FiveSuited);
    assert!(table(&app).kids);
}

/// At the offer, `c` keeps the coach: it speaks at the next turn and
/// offers nothing more; `q` asks before leaving, as in play; the key bar
/// and help name the offer's keys.
#[test]
fn the_offer_keeps_the_coach_or_asks_before_leaving() {
    let g = guide(VariantId::Wump).expect("a guide");
    let (mut app, walk) = walk(g, g.seed);
    assert!(walk.offered);
    insta::assert_snapshot!("guide_offer_80x24", render(&mut app, 80, 24));
    let shown = render(&mut app, 100, 30);
    for keys in ["Enter play on alone", "c keep the coach", "q leave"] {
        assert!(shown.contains(keys), "{keys}:\n{shown}");
    }
    assert!(shown.contains("take a card and put a card down"), "{shown}");
    press(&mut app, KeyCode::Char('q'));
    assert!(table(&app).confirm_quit);
    press(&mut app, KeyCode::Char('n'));
    assert!(table(&app).offering());
    press(&mut app, KeyCode::Char('c'));
    let t = table(&app);
    assert!(!t.offering());
    assert_eq!(t.coach.as_ref().map(|c| c.stage), Some(Stage::Staying));
    // The coach speaks on, to the next turn of the person's and beyond.
    for _ in 0..200 {
        let t = table(&app);
        if t.game.to_move() == Some(YOU) && t.end.is_none() {
            break;
        }
        if t.end.is_some() {
            press(&mut app, KeyCode::Enter);
        } else {
            app.tick(Instant::now() + Duration::from_secs(5));
        }
        assert!(!table(&app).offering());
    }
    let line = coach(&app).expect("the coach speaks");
    assert!(line.contains("Press "), "{line}");
    assert!(!line.contains("Still to try"), "{line}");
}

/// A newcomer is asked their name, with none offered: Enter waits for
/// one, a name the game refuses is said, and the name given plays the
/// lesson and is kept on the new-game form, on disk, for the next game.
#[test]
fn a_newcomer_gives_their_name_and_it_is_kept() {
    let tmp = temp_dir("learn-name");
    let store = super::store::Store::open(tmp.path()).expect("store");
    let mut app = App::new(config(false), Some(store.clone()));
    assert_eq!(app.setup.seats[0].name, "Player 1");
    app.screen = Screen::Learn;
    press(&mut app, KeyCode::Right);
    assert_eq!(GUIDES[app.learn.cursor].variant, VariantId::FiveSuited);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.learn.naming.as_deref(), Some(""));
    // No name yet: Enter is not offered and does nothing.
    let shown = render(&mut app, 80, 24);
    assert!(!shown.contains("Enter start"), "{shown}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Learn);
    // Letters q and ? are a name's, not the keys of the list.
    for c in "q?".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    assert_eq!(app.screen, Screen::Learn);
    assert_eq!(app.learn.naming.as_deref(), Some("q?"));
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Backspace);
    // A name the game refuses is said, and stays to be put right.
    for c in "me".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Learn);
    assert!(
        app.message
            .as_ref()
            .is_some_and(|(m, e)| *e && m.contains("name")),
        "{:?}",
        app.message
    );
    assert_eq!(app.learn.naming.as_deref(), Some("me"));
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Backspace);
    for c in "Mia".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Table);
    let t = table(&app);
    assert_eq!(t.game.variant(), VariantId::FiveSuited);
    assert_eq!(t.game.seats()[0].name, "Mia");
    assert!(render(&mut app, 80, 24).contains("Mia"));
    // Kept: the form's first player, and a new start's form.
    assert_eq!(app.setup.seats[0].name, "Mia");
    let again = App::new(config(false), Some(store));
    assert_eq!(again.setup.seats[0].name, "Mia");
    // Esc at the name goes back to the list of games.
    let mut app = App::new(config(false), None);
    app.screen = Screen::Learn;
    press(&mut app, KeyCode::Enter);
    assert!(app.learn.naming.is_some());
    press(&mut app, KeyCode::Esc);
    assert!(app.learn.naming.is_none());
    assert_eq!(app.screen, Screen::Learn);
}

/// The person plays something else than the coach says: the coach reads
/// the new position, and its keys make the hinted move from there on.
#[test]
fn the_coach_follows_a_person_who_ignores_it() {
    let mut app = first_turn(VariantId::Wump);
    let t = table(&app);
    let hinted = t.game.hint(YOU).expect("a hint");
    // Another card of the hand, put down by its own keys.
    let v = t.view();
    let other = v
        .moves
        .iter()
        .find(|m| m.target.is_none() && Some(m.card) != hinted.card)
        .expect("another card to put down")
        .clone();
    let before = coach(&app).expect("the coach speaks");
    let at = v
        .hand
        .iter()
        .position(|&c| c == other.card)
        .expect("in hand");
    for _ in 0..at {
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Char('p'));
    if table(&app).confirm_place.is_some() {
        press(&mut app, KeyCode::Char('y'));
    }
    assert_eq!(table(&app).game.movers(), vec![YOU]);
    for _ in 0..10 {
        if table(&app).game.to_move() == Some(YOU) {
            break;
        }
        app.tick(Instant::now() + Duration::from_secs(5));
    }
    let after = coach(&app).expect("the coach speaks");
    assert_ne!(before, after);
    // From here the coach's keys make the hinted moves to the deal's end.
    let (_, walk) = walk_from(app);
    assert!(walk.offered);
}

/// A guided game is saved as a normal game: Continue opens it with no coach.
#[test]
fn a_guided_game_is_saved_and_continues_as_a_normal_game() {
    let tmp = temp_dir("guide");
    let dir = tmp.path();
    let store = super::store::Store::open(dir).expect("store");
    let mut app = App::new(config(false), Some(store.clone()));
    app.start_guide(VariantId::FiveSuited);
    let line = coach(&app).expect("the coach speaks");
    for k in named_keys(&line) {
        press(&mut app, k);
    }
    let moves = table(&app).game.movers().len();
    assert!(moves > 0);
    // Leave and continue: the same game, its moves, and no coach.
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.screen, Screen::Title);
    app.continue_game();
    let t = table(&app);
    assert_eq!(t.game.variant(), VariantId::FiveSuited);
    assert_eq!(t.game.movers().len(), moves);
    assert!(t.coach.is_none());
    assert!(coach(&app).is_none());
}

/// On a small screen the coach gives way to the table: every seat stays
/// in view, and the coach keeps what fits, its keys first.
#[test]
fn the_coach_gives_way_on_a_small_screen() {
    for v in [VariantId::Wrummy, VariantId::Wump, VariantId::FiveSuited] {
        let mut app = first_turn(v);
        let screen = render(&mut app, 64, 18);
        for name in ["Player 1", "Bot 2", "Bot 3"] {
            assert!(screen.contains(name), "{name} in view:\n{screen}");
        }
        if v != VariantId::Wrummy {
            assert!(screen.contains(" Coach "), "{screen}");
            assert!(screen.contains("Press "), "{screen}");
        }
    }
}

/// Out of kids' mode the coach gives the hint's reason, not the child's
/// sentence, and no question comes before a card goes down.
#[test]
fn wump_guided_deal_out_of_kids_mode() {
    let mut app = App::new(config(false), None);
    app.setup.kids = false;
    app.start_guide(VariantId::Wump);
    assert!(!table(&app).kids);
    let (_, walk) = walk_from(app);
    assert!(walk.offered);
    assert!(
        walk.lines.iter().all(|l| !l.ends_with("Press y.")),
        "{walk:?}"
    );
    // The reason names what the move gets: cards this deal.
    assert!(
        walk.lines.iter().any(|l| l.contains("this deal")),
        "{walk:?}"
    );
}

#[test]
fn on_a_shared_screen_the_coach_works_its_hint_out_away_and_then_says_the_same() {
    for g in &GUIDES {
        let mut app = App::new(config(false), None);
        app.start_guided(g, 3);
        // Bots move until it is the person's turn.
        let start = Instant::now();
        while table(&app).game.to_move() != Some(SeatId(0)) {
            app.tick(Instant::now() + Duration::from_secs(60));
            assert!(start.elapsed() < Duration::from_secs(60), "{}", g.goal);
        }
        let at_home = coach(&app).expect("the coach speaks");
        let t = app.table.as_mut().expect("a table");
        let c = t.coach.as_mut().expect("a coach");
        // The same coach as the server's screens have.
        let mut shared = super::guide::Coach::new(c.seat, g);
        shared.shared = true;
        shared.hand_seen = c.hand_seen;
        t.coach = Some(shared);
        let t = table(&app);
        let c = t.coach.as_ref().expect("a coach");
        assert_eq!(c.advice(t.game.as_ref()), None, "at once, for {}", g.goal);
        while !c.hint_came(t.game.as_ref()) {
            assert!(start.elapsed() < Duration::from_secs(60), "no hint came");
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(coach(&app), Some(at_home), "{}", g.goal);
    }
}

/// Today's deal from the title: the chooser, then the game's deal of the
/// day (UTC) against two hard bots on the day's seed; the day's first try
/// counts, a second is said to be a replay.
#[test]
fn todays_deal_from_the_title_and_a_replay_marked() {
    let tmp = temp_dir("daily");
    let store = super::store::Store::open(tmp.path()).expect("store");
    let mut app = App::new(config(false), Some(store));
    app.setup.seats[0].name = "Ann".into();
    app.title.cursor = app.title_index("Today's deal");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Learn);
    let shown = render(&mut app, 80, 24);
    assert!(
        shown.contains("Today's deal") && shown.contains("two"),
        "{shown}"
    );
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Table);
    let today = rummy::daily::Date::today();
    let t = table(&app);
    assert_eq!(t.game.variant(), VariantId::FiveSuited);
    assert_eq!(
        t.game.seed(),
        rummy::daily::daily_seed(VariantId::FiveSuited, today)
    );
    let seats = t.game.seats();
    assert_eq!(seats[0].name, "Ann");
    assert!(
        seats[1..]
            .iter()
            .all(|s| s.kind == rummy::seat::SeatKind::Bot(rummy::daily::DAILY_BOTS))
    );
    assert_eq!(t.daily, Some((today, true)));
    assert!(t.coach.is_none());

    // Again: a replay, and said to be one.
    app.start_daily(VariantId::FiveSuited);
    let t = table(&app);
    assert_eq!(t.daily, Some((today, false)));
    assert!(t.log.iter().any(|l| l.contains("a replay")), "{:?}", t.log);
    // Another game's deal of the day is a first try of its own.
    app.start_daily(VariantId::Wump);
    assert_eq!(table(&app).daily, Some((today, true)));
    // Its cards are open, yet the seed, which would give the order of the
    // stock away, is not shown.
    let seed = table(&app).game.seed().to_string();
    assert!(table(&app).game.seed_shown().is_some());
    assert!(!render(&mut app, 120, 40).contains(&seed));
}
