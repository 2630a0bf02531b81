//! One random-play test for every game the registry lists (after
//! OpenSpiel's simulation test over its registered games): seeded random
//! moves, legal-looking and junk, from `Game::sample_action`, with the same
//! checks everywhere. Cards are conserved; a refused move changes nothing;
//! every game ends; replaying the log rebuilds the state; a save loads back
//! as the same game; no seat's view, and no watcher's, holds a card it may
//! not see.

use rummy::game::{BotError, Game, Session};
use rummy::rules::VariantOptions;
use rummy::variants::{self, RulesSource, load_rules};
use rummy::{BotLevel, CardId, GameRng, Seat, SeatId, VariantId};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Deals of each game, each with its own seed, seat count and options
/// (`RUMMY_DEALS` asks for more).
const DEALS: u64 = 100;

fn deals() -> u64 {
    std::env::var("RUMMY_DEALS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEALS)
}
/// A game not over after this many tries of a move has stalled.
const MAX_TRIES: usize = 60_000;

/// One test for each game of the registry, so that they run side by side.
macro_rules! random_play_tests {
    ($($id:ident => $game:ty),* $(,)?) => {
        $(
            #[test]
            #[allow(non_snake_case)]
            fn $id() {
                for deal in 0..deals() {
                    play_one::<$game>(deal);
                }
            }
        )*
        /// The registry and the list of games agree: every game
        /// `VariantId::ALL` calls playable has its test above.
        #[test]
        fn every_registered_game_has_a_random_play_test() {
            let tested = [$(VariantId::$id),*];
            let mut registered = variants::registered();
            registered.sort();
            let mut tested = tested.to_vec();
            tested.sort();
            assert_eq!(tested, registered);
            assert!(registered.len() >= 3);
        }
    };
}
rummy::games!(random_play_tests);

/// Every option of `G`, each set to one of its sample values chosen by `rng`.
fn random_options<G: Game>(rng: &mut GameRng) -> Vec<(String, String)> {
    let rules = load_rules::<G>(&RulesSource::default()).expect("the shipped rules");
    let Ok(Value::Object(options)) = serde_json::to_value(&rules.options) else {
        return Vec::new();
    };
    options
        .keys()
        .filter_map(|name| {
            let choices = <G::Options as VariantOptions>::samples(name);
            let value = rng.pick(choices)?;
            Some((name.clone(), value.to_string()))
        })
        .collect()
}

fn play_one<G: Game>(deal: u64) {
    let mut rng = GameRng::new(deal, 77);
    let options = random_options::<G>(&mut rng);
    let src = RulesSource {
        path: None,
        options: &options,
    };
    let rules = load_rules::<G>(&src).expect("the shipped rules with a choice of options");
    let (min, max) = (rules.seats.min as u64, rules.seats.max as u64);
    let n = min + deal % (max - min + 1);
    let seats: Vec<Seat> = (0..n)
        .map(|i| Seat::human(STRESS_NAMES[i as usize % STRESS_NAMES.len()]))
        .collect();
    let mut said = Vec::new();
    let setup = rummy::Setup::new(rules, seats, 1000 + deal);
    let what = format!("{} deal {deal}, {n} seats, {options:?}", G::VARIANT);
    let mut session = Session::<G>::new(setup.clone()).unwrap_or_else(|e| panic!("{what}: {e}"));
    let cards = ids(&session.state().cards_in_play());
    let mut tries = 0;
    while let Some(to_move) = session.state().to_move() {
        tries += 1;
        assert!(tries < MAX_TRIES, "{what}: not over after {tries} tries");
        // Now and then a seat that is not to move tries its luck.
        let seat = if rng.chance(1, 25) {
            SeatId(rng.below(n + 1) as u8)
        } else {
            to_move
        };
        // Half the moves are the bots' (of every level, seat by seat), so
        // that play goes as deep as real games do; the rest are sampled.
        if seat == to_move && rng.chance(1, 2) {
            let level = BotLevel::ALL[seat.index() % BotLevel::ALL.len()];
            let played = session.play_bot(level, &mut rng);
            if let Err(e @ BotError::Refused { .. }) = &played {
                panic!("{what}: a bot chose a move the game refuses: {e}");
            }
            if let Ok(events) = &played {
                said.extend(events.iter().map(ToString::to_string));
                assert_eq!(ids(&session.state().cards_in_play()), cards, "{what}");
                if rng.chance(1, 3) {
                    check_views(session.state(), n as usize, &what);
                }
                continue;
            }
        }
        let action = session.state().sample_action(seat, &mut rng);
        let before = session.state().clone();
        let moves = session.log().len();
        match session.apply(seat, action.clone()) {
            Err(e) => {
                said.push(e.to_string());
                assert!(
                    session.state() == &before && session.log().len() == moves,
                    "{what}: refused {action:?} ({e}) but changed the game"
                );
                assert!(!e.to_string().is_empty());
            }
            Ok(events) => {
                said.extend(events.iter().map(ToString::to_string));
                assert_eq!(
                    ids(&session.state().cards_in_play()),
                    cards,
                    "{what}: {action:?} made or lost a card"
                );
                // Views are checked after a third of the moves, at random.
                if rng.chance(1, 3) {
                    check_views(session.state(), n as usize, &what);
                }
            }
        }
    }
    let names: Vec<&str> = seats_names(&session);
    for sentence in &said {
        if let Some(wrong) = misread(sentence, &names) {
            panic!("{what}: {wrong} in {sentence:?}");
        }
    }
    assert!(
        session.state().outcome().is_some(),
        "{what}: over with no outcome"
    );
    let replayed = Session::<G>::replay(setup, session.log().to_vec())
        .unwrap_or_else(|e| panic!("{what}: the log does not replay: {e}"));
    assert!(
        replayed.state() == session.state(),
        "{what}: replay differs"
    );
    let json = session.to_save_json();
    let loaded = Session::<G>::from_save_json(&json, "random.json")
        .unwrap_or_else(|e| panic!("{what}: the save does not load: {e}"));
    assert!(
        loaded.state() == session.state() && loaded.log() == session.log(),
        "{what}: the save loads as another game"
    );
}

/// Seat names that stress a sentence: ending in s, with a hyphen, a full
/// stop, an apostrophe, brackets, capitals, a letter beyond ASCII.
const STRESS_NAMES: [&str; 7] = [
    "Chris",
    "Ann-Marie",
    "Dr. O'Neil",
    "Bot 2 (hard)",
    "JAMES",
    "Zoë",
    "Les",
];

fn seats_names<G: Game>(session: &Session<G>) -> Vec<&str> {
    session.seats().iter().map(|s| s.name.as_str()).collect()
}

/// What reads wrong in `sentence`, if anything: a count of one with a
/// plural noun, a possessive made twice or of "their own", a name taking
/// anything but the possessive from `rummy::seat::possessive`.
fn misread(sentence: &str, names: &[&str]) -> Option<String> {
    const PLURALS: [&str; 13] = [
        "cards", "turns", "moves", "points", "words", "letters", "rounds", "bots", "seats",
        "times", "games", "deals", "were",
    ];
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let words: Vec<String> = sentence.split_whitespace().map(bare).collect();
    for (i, w) in words.iter().enumerate() {
        if w != "1" {
            continue;
        }
        // "1 cards", or with a word between: "1 bonus cards", "1 more were".
        let after: Vec<&String> = words[i + 1..].iter().take(2).collect();
        let plural = match after.as_slice() {
            [a, ..] if PLURALS.contains(&a.as_str()) => Some(a.to_string()),
            [a, b]
                if ["bonus", "final", "more", "bot"].contains(&a.as_str())
                    && PLURALS.contains(&b.as_str()) =>
            {
                Some(format!("{a} {b}"))
            }
            _ => None,
        };
        if let Some(plural) = plural {
            return Some(format!("\"1 {plural}\""));
        }
    }
    for bad in ["own's", "'s's", "  ", " ."] {
        if sentence.contains(bad) {
            return Some(format!("{bad:?}"));
        }
    }
    if sentence.trim().is_empty() {
        return Some("an empty sentence".to_string());
    }
    for name in names {
        let possessive = rummy::seat::possessive(name);
        let mut from = 0;
        while let Some(at) = sentence[from..].find(name) {
            let rest = &sentence[from + at + name.len()..];
            if rest.starts_with('\'') && !sentence[from + at..].starts_with(&possessive) {
                return Some(format!("{name:?} as a possessive"));
            }
            from += at + name.len();
        }
    }
    None
}

#[test]
fn the_sentence_check_sees_what_reads_wrong() {
    let names = ["Chris", "Les"];
    assert_eq!(misread("Chris drew 2 cards from the stock.", &names), None);
    assert_eq!(misread("It is Chris's turn, not Les's.", &names), None);
    assert!(misread("Chris drew 1 cards from the stock.", &names).is_some());
    assert!(misread("Les took 1 bonus card (1 more were due).", &names).is_some());
    assert!(misread("Chris made their own's AID into AIDE.", &names).is_some());
    assert!(misread("Les played CAT (+1 points).", &names).is_some());
    assert!(misread("Chris' turn ends.", &names).is_some());
}

fn ids(cards: &[rummy::Card]) -> Vec<CardId> {
    let mut out: Vec<CardId> = cards.iter().map(|c| c.id).collect();
    out.sort();
    out
}

/// No view holds a card its viewer may not see.
fn check_views<G: Game>(state: &G, seats: usize, what: &str) {
    let viewers = (0..seats).map(|i| Some(SeatId(i as u8))).chain([None]);
    for viewer in viewers {
        let view = match viewer {
            Some(seat) => state.view(seat),
            None => state.spectator_view(),
        };
        let json = serde_json::to_value(&view).expect("a view serializes");
        let mut seen = BTreeMap::new();
        cards_in(&json, "", &mut seen);
        let hidden: BTreeSet<u64> = state
            .hidden_cards(viewer)
            .iter()
            .map(|c| c.0 as u64)
            .collect();
        let leaked: Vec<(&u64, &String)> =
            seen.iter().filter(|(id, _)| hidden.contains(id)).collect();
        assert!(
            leaked.is_empty(),
            "{what}: the view of {viewer:?} holds hidden cards (id, where) {leaked:?}"
        );
    }
}

/// The id of every card (an object with an id and a face) in `v`, with
/// where it is, leaving out the results of earlier deals (`last_…`), whose
/// cards are dealt again.
fn cards_in(v: &Value, path: &str, out: &mut BTreeMap<u64, String>) {
    match v {
        Value::Object(map) => {
            if map.contains_key("face")
                && let Some(id) = map.get("id").and_then(Value::as_u64)
            {
                out.insert(id, path.to_string());
            }
            for (k, x) in map {
                if !k.starts_with("last_") {
                    cards_in(x, &format!("{path}.{k}"), out);
                }
            }
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, x)| cards_in(x, &format!("{path}[{i}]"), out)),
        _ => {}
    }
}
