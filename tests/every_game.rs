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
    let seats: Vec<Seat> = (0..n).map(|i| Seat::human(format!("P{i}"))).collect();
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
            if played.is_ok() {
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
                assert!(
                    session.state() == &before && session.log().len() == moves,
                    "{what}: refused {action:?} ({e}) but changed the game"
                );
                assert!(!e.to_string().is_empty());
            }
            Ok(_) => {
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
