//! Whole-game checks that hold for every variant: random play never creates
//! or loses a card, every game ends, a refused move changes nothing, the log
//! replays to the same state, and saves load back (or fail clearly).

use proptest::prelude::*;
use rummy::game::{Game, Move, Playable, Session, Setup};
use rummy::rng::GameRng;
use rummy::save::{LoadError, SAVE_FORMAT};
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::five_suited::{FiveAction, FiveSuited};

use rummy::variants::wump::{Wump, WumpAction};
use rummy::variants::{self, RulesSource, VariantId, load_rules};
use rummy::{ActionError, CardId};

fn setup<G: Playable>(seats: usize, seed: u64) -> Setup<G::Options> {
    let rules = load_rules::<G>(&RulesSource::default()).expect("shipped rules load");
    let seats = (0..seats)
        .map(|i| Seat::human(format!("P{}", i + 1)))
        .collect();
    Setup::new(rules, seats, seed)
}

/// Plays one game with random legal moves (or easy bots where moves cannot be
/// listed), checking the invariants after every move.
fn random_game<G: Playable>(seats: usize, seed: u64) -> Session<G> {
    random_game_from::<G>(setup::<G>(seats, seed))
}

fn random_game_from<G: Playable>(setup: Setup<G::Options>) -> Session<G> {
    let seats = setup.seats.len();
    let seed = setup.seed;
    let mut session = Session::<G>::new(setup).expect("valid setup");
    let deck_size = session.state().cards_in_play().len();
    let mut rng = GameRng::new(seed, 99);
    let mut moves = 0;
    while let Some(seat) = session.state().to_move() {
        // A seat out of turn is refused, and nothing changes.
        let other = SeatId(((seat.index() + 1) % seats) as u8);
        if let Some(legal) = session.state().legal_actions() {
            let action = rng
                .pick(&legal)
                .expect("a seat to move has a legal move")
                .clone();
            let before = session.state().clone();
            let mut copy = before.clone();
            assert!(matches!(
                copy.apply(other, &action),
                Err(ActionError::NotYourTurn { .. })
            ));
            assert_eq!(copy, before, "a refused move changed the state");
            session.apply(seat, action).expect("a listed move is legal");
        } else {
            session
                .play_bot(BotLevel::Easy, &mut rng)
                .expect("bots move");
        }
        assert_cards_conserved(session.state(), deck_size);
        moves += 1;
        assert!(moves < 100_000, "the game does not end");
    }
    assert!(session.state().outcome().is_some());
    session
}

/// Every card of the deck is in play exactly once.
fn assert_cards_conserved<G: Playable>(game: &G, deck_size: usize) {
    let mut ids: Vec<CardId> = game.cards_in_play().iter().map(|c| c.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), deck_size, "a card was created or lost");
}

/// Plays `action` for `seat`: `apply` must accept it exactly when it is
/// listed as legal; a refusal must change nothing, and then the first legal
/// move is played instead.
fn try_action<G: Playable>(
    game: &mut G,
    seat: SeatId,
    action: G::Action,
) -> Result<(), TestCaseError> {
    let legal = game.legal_actions().unwrap();
    let before = game.clone();
    match game.apply(seat, &action) {
        Ok(_) => prop_assert!(legal.contains(&action)),
        Err(e) => {
            prop_assert!(!legal.contains(&action), "{e}");
            prop_assert_eq!(&*game, &before);
            game.apply(seat, &legal[0]).unwrap();
        }
    }
    Ok(())
}

fn replay_equals_state<G: Playable>(session: &Session<G>) {
    let again = Session::<G>::replay(session.setup().clone(), session.log().to_vec()).unwrap();
    assert_eq!(again.state(), session.state());
    let json = session.to_save_json();
    let loaded = Session::<G>::from_save_json(&json, "save.json").unwrap();
    assert_eq!(loaded.state(), session.state());
    assert_eq!(loaded.log(), session.log());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `apply` accepts exactly the listed legal moves and refuses the rest
    /// without changing anything.
    #[test]
    fn wump_apply_accepts_exactly_the_legal_moves(
        seed in any::<u64>(),
        tries in proptest::collection::vec((any::<bool>(), 0u16..60, 0u16..60), 1..200),
    ) {
        let mut game = Wump::new(&setup::<Wump>(3, seed)).unwrap();
        for (is_take, a, b) in tries {
            let Some(seat) = game.to_move() else { break };
            let action = if is_take {
                WumpAction::Take { with: CardId(a), center: CardId(b) }
            } else {
                WumpAction::Place { card: CardId(a) }
            };
            try_action(&mut game, seat, action)?;
        }
    }
}

/// A 5 Suited Rummy game of `rounds` rounds.
fn five_suited(seats: usize, seed: u64, rounds: u32) -> Setup<<FiveSuited as Game>::Options> {
    let mut s = setup::<FiveSuited>(seats, seed);
    s.rules = s
        .rules
        .with_options(&[("rounds".into(), rounds.to_string())])
        .unwrap();
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn five_suited_random_games_keep_every_invariant(
        seats in 2usize..=7,
        seed in any::<u64>(),
        rounds in 1u32..=11,
    ) {
        let session = random_game_from::<FiveSuited>(five_suited(seats, seed, rounds));
        let rows = session.state().sheet().rows().len();
        prop_assert_eq!(rows, rounds as usize);
        replay_equals_state(&session);
    }

    /// `apply` accepts exactly the listed legal moves and refuses the rest
    /// without changing anything.
    #[test]
    fn five_suited_apply_accepts_exactly_the_legal_moves(
        seed in any::<u64>(),
        tries in proptest::collection::vec((0u8..3, 0u16..70), 1..300),
    ) {
        let mut game = FiveSuited::new(&five_suited(3, seed, 11)).unwrap();
        for (kind, id) in tries {
            let Some(seat) = game.to_move() else { break };
            let action = match kind {
                0 => FiveAction::DrawStock,
                1 => FiveAction::TakeDiscard,
                _ => FiveAction::Discard { card: CardId(id) },
            };
            try_action(&mut game, seat, action)?;
        }
    }
}

#[test]
fn the_same_seed_and_moves_give_the_same_game() {
    let a = random_game::<Wump>(4, 12345);
    let b = random_game::<Wump>(4, 12345);
    assert_eq!(a.state(), b.state());
    assert_eq!(a.log(), b.log());
    let c = random_game::<Wump>(4, 12346);
    assert_ne!(a.log(), c.log());
}

#[test]
fn truncating_the_log_rebuilds_the_earlier_game() {
    let full = random_game::<Wump>(3, 7);
    let mut partial = Session::<Wump>::new(full.setup().clone()).unwrap();
    for m in &full.log()[..10] {
        partial.apply(m.seat, m.action).unwrap();
    }
    let mut undone = full.clone();
    undone.truncate(10).unwrap();
    assert_eq!(undone.state(), partial.state());
    assert_eq!(undone.log().len(), 10);
}

fn saved_game() -> String {
    let mut session = Session::<Wump>::new(setup::<Wump>(2, 5)).unwrap();
    let mut rng = GameRng::new(5, 5);
    for _ in 0..12 {
        session.play_bot(BotLevel::Normal, &mut rng).unwrap();
    }
    session.to_save_json()
}

fn load_err(text: &str) -> String {
    match variants::load_save(text, "game.json") {
        Ok(_) => panic!("a damaged save loaded"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_save_loads_back_as_any_variant() {
    let text = saved_game();
    let loaded = variants::load_save(&text, "game.json").unwrap();
    assert_eq!(loaded.variant(), VariantId::Wump);
    assert_eq!(loaded.moves_played(), 12);
    assert_eq!(loaded.save_json(), text);
    let typed = loaded.as_any().downcast_ref::<Session<Wump>>().unwrap();
    assert_eq!(typed.log().len(), 12);
}

#[test]
fn damaged_saves_are_refused_with_a_reason() {
    let text = saved_game();
    let truncated = &text[..text.len() / 2];
    assert!(load_err(truncated).starts_with("game.json is not a save file (line"));
    assert!(load_err("").contains("is not a save file"));
    assert!(load_err("{}").contains("has no format version"));
    let newer = text.replace(
        &format!("\"format\": {SAVE_FORMAT}"),
        &format!("\"format\": {}", SAVE_FORMAT + 1),
    );
    assert_eq!(
        load_err(&newer),
        format!(
            "game.json was saved in format {}, and this version reads format {SAVE_FORMAT} only",
            SAVE_FORMAT + 1
        )
    );
    let unknown = text.replace("\"variant\": \"wump\"", "\"variant\": \"poker\"");
    assert_eq!(
        load_err(&unknown),
        "game.json names no game this version knows (\"poker\")"
    );
    // A Wump save that says it is another game: refused, with the reason.
    let other = text.replacen("\"variant\": \"wump\"", "\"variant\": \"play-on-words\"", 1);
    let e = load_err(&other);
    assert!(
        e.starts_with("game.json is not a save file")
            && e.contains("\"must_take\" does not belong here"),
        "{e}"
    );
}

#[test]
fn a_save_with_an_illegal_move_names_the_move() {
    let text = saved_game();
    let mut save: serde_json::Value = serde_json::from_str(&text).unwrap();
    let moves = save["moves"].as_array_mut().unwrap();
    moves[3] = serde_json::json!({"seat": moves[3]["seat"], "action": {"place": {"card": 999}}});
    let err = load_err(&save.to_string());
    assert!(
        err.starts_with("game.json: move 4 of the log cannot be played:"),
        "{err}"
    );
    // Damaged rules inside a save are checked like a rules file.
    let mut save: serde_json::Value = serde_json::from_str(&text).unwrap();
    save["rules"]["options"]["match_target"] = serde_json::json!(0);
    assert!(load_err(&save.to_string()).contains("match_target must be between 1 and 99"));
    // Too many seats for the variant.
    let mut save: serde_json::Value = serde_json::from_str(&text).unwrap();
    let seat = save["seats"][0].clone();
    save["seats"] = serde_json::Value::Array(vec![seat; 7]);
    assert!(load_err(&save.to_string()).contains("is for 2 to 6 seats, not 7"));
}

#[test]
fn saves_are_written_atomically_and_read_back() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let path = dir.join("nested").join("game.json");
    rummy::save::write_atomically(&path, "first").unwrap();
    rummy::save::write_atomically(&path, &saved_game()).unwrap();
    let text = rummy::save::read_save(&path).unwrap();
    assert!(variants::load_save(&text, "game.json").is_ok());
    let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    assert!(matches!(
        rummy::save::read_save(&dir.join("missing.json")),
        Err(LoadError::Unreadable { .. })
    ));
}

#[test]
fn a_log_of_moves_is_plain_data() {
    let m = Move {
        seat: SeatId(1),
        action: WumpAction::Take {
            with: CardId(3),
            center: CardId(40),
        },
    };
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(
        json,
        r#"{"seat":1,"action":{"take":{"with":3,"center":40}}}"#
    );
}

#[test]
fn every_option_choice_a_form_offers_loads_and_a_word_outside_them_does_not() {
    let mut offered = 0;
    for id in VariantId::ALL.into_iter().filter(|v| v.is_available()) {
        for name in ["calls", "words", "target", "rounds", "seats", "version"] {
            for &value in variants::option_choices(id, name) {
                let changes = [(name.to_string(), value.to_string())];
                let src = RulesSource {
                    path: None,
                    options: &changes,
                };
                variants::effective_rules(id, &src)
                    .unwrap_or_else(|e| panic!("{id} {name}={value}: {e}"));
                offered += 1;
            }
        }
    }
    assert_eq!(
        offered, 12,
        "Wrummy offers three call rules and two checks, AlphaRummy two checks, Play On Words two checks and three versions"
    );
    let bad = [("calls".to_string(), "sideways".to_string())];
    let src = RulesSource {
        path: None,
        options: &bad,
    };
    assert!(variants::effective_rules(VariantId::Wrummy, &src).is_err());
}

/// Words of the program that a person must never read in a message: the
/// names of its types and the parser's own terms.
pub const PROGRAM_WORDS: &[&str] = &[
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f32",
    "f64",
    "sequence",
    "struct ",
    "a map",
    "Option",
    "Vec<",
    "`",
    "invalid type",
    "invalid value",
    "EOF",
    "unknown variant",
    "unknown field",
    "missing field",
];

#[test]
fn a_damaged_save_is_refused_in_a_players_words() {
    let text = saved_game();
    let base: serde_json::Value = serde_json::from_str(&text).unwrap();
    type Change = fn(&mut serde_json::Value);
    let changes: &[(&str, Change)] = &[
        ("seed as text", |v| v["seed"] = "abc".into()),
        ("negative seed", |v| v["seed"] = (-5).into()),
        ("fractional seed", |v| v["seed"] = 1.5.into()),
        ("seed true", |v| v["seed"] = true.into()),
        ("huge seed", |v| v["seed"] = 1e30.into()),
        ("seats a table", |v| {
            v["seats"] = serde_json::json!({"a": 1})
        }),
        ("seats null", |v| v["seats"] = serde_json::Value::Null),
        ("moves as text", |v| v["moves"] = "x".into()),
        ("a move no game has", |v| {
            v["moves"][0]["action"] = "fly".into();
        }),
        ("a seat as text", |v| v["moves"][0]["seat"] = "one".into()),
        ("no seed", |v| {
            v.as_object_mut().unwrap().remove("seed");
        }),
        ("a field too many", |v| v["colour"] = 3.into()),
        ("format as text", |v| v["format"] = "one".into()),
        ("a bot of no level", |v| {
            v["seats"][1]["kind"] = serde_json::json!({"bot": "godlike"});
        }),
        ("rules null", |v| v["rules"] = serde_json::Value::Null),
    ];
    let mut texts: Vec<(String, String)> = changes
        .iter()
        .map(|(what, change)| {
            let mut v = base.clone();
            change(&mut v);
            (what.to_string(), serde_json::to_string_pretty(&v).unwrap())
        })
        .collect();
    texts.push(("cut short".into(), text[..text.len() / 2].to_string()));
    texts.push(("more after the end".into(), format!("{text}x")));
    texts.push(("empty".into(), String::new()));
    texts.push(("not text".into(), "\u{0}\u{1}\u{2}".into()));
    texts.push(("a comma missing".into(), text.replacen(",", "", 1)));
    for (what, damaged) in texts {
        let e = load_err(&damaged);
        assert!(e.starts_with("game.json"), "{what}: {e}");
        for word in PROGRAM_WORDS {
            assert!(!e.contains(word), "{what}: {word:?} in {e:?}");
        }
    }
    // What was found, and what belongs there.
    let mut v = base.clone();
    v["seed"] = "abc".into();
    assert_eq!(
        load_err(&v.to_string()),
        "game.json is not a save file (line 1, column 0: a value here must be a whole number, \
         0 or more, not \"abc\")"
            .replace(
                "column 0",
                &format!("column {}", v.to_string().find("\"abc\"").unwrap() + 5)
            )
    );
    assert!(load_err("").ends_with("(line 1, column 0: the file is empty)"));
}
