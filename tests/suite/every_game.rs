//! One random-play test for every game the registry lists (after
//! OpenSpiel's simulation test over its registered games): seeded random
//! moves, legal-looking and junk, from `Sampled::sample_action`, with the same
//! checks everywhere. Cards are conserved; a refused move changes nothing;
//! every game ends; replaying the log rebuilds the state; a save loads back
//! as the same game; no seat's view, and no watcher's, holds a card it may
//! not see; no undo or take-back goes back past a card shown to anyone or
//! the end of a round, and a take-back comes only in a turn that cannot end.

use rummy::game::{BotError, Playable, Session};
use rummy::open::MoveKind;
use rummy::variants::{self, AnySession, RulesSource, load_rules};
use rummy::{BotLevel, CardId, GameRng, Seat, SeatId, VariantId};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Deals of each game, each with its own seed, seat count and options: 30
/// in `cargo test`, 100 in the full run (`RUMMY_FULL_TESTS=1 cargo test
/// --release`); `RUMMY_DEALS` sets the count.
fn deals() -> u64 {
    rummy::test_support::count("RUMMY_DEALS", 30, 100)
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
                let mut counts = [0; 3];
                for deal in 0..deals() {
                    let c = play_one::<$game>(deal);
                    (0..3).for_each(|i| counts[i] += c[i]);
                }
                eprintln!(
                    "{}: {} take-backs, {} undos allowed, {} refused, checked",
                    VariantId::$id, counts[0], counts[1], counts[2]
                );
                // Both ways of the undo rule were met.
                assert!(counts[1] > 0 && counts[2] > 0, "{counts:?}");
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

/// Plays one deal; the counts of take-backs and undos the rule was
/// checked on.
fn play_one<G: Playable>(deal: u64) -> [usize; 3] {
    let mut rng = GameRng::new(deal, 77);
    let options = variants::random_options::<G>(&mut rng);
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
    let mut history = History::new(session.state(), deal.is_multiple_of(3));
    // The kind of each move made, and going out: what the log tells a
    // lesson (`AnySession::kinds_made`) must say the same.
    let mut made = Vec::new();
    let note = |made: &mut Vec<Vec<_>>, seat, kind, events: &[G::Event]| {
        let mut this = vec![(seat, kind)];
        if kind != MoveKind::GoOut && events.iter().any(G::goes_out) {
            this.push((seat, MoveKind::GoOut));
        }
        made.push(this);
    };
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
            // The expert, which plays forward in many worlds, has its own
            // checks (`expert::tests`): here it would take minutes.
            let quick = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];
            let level = quick[seat.index() % quick.len()];
            let before = session.state().clone();
            let played = session.play_bot(level, &mut rng);
            if let Err(e @ BotError::Refused { .. }) = &played {
                panic!("{what}: a bot chose a move the game refuses: {e}");
            }
            if let Ok(events) = &played {
                let last = session.log().last().expect("the bot's move is logged");
                let kind = before.kind(&last.action);
                assert!(
                    before.open(seat).is_open(kind),
                    "{what}: a bot made {:?}, a move of a kind ({kind:?}) the table says is closed",
                    last.action
                );
                note(&mut made, last.seat, kind, events);
                said.extend(events.iter().map(ToString::to_string));
                assert_eq!(ids(&session.state().cards_in_play()), cards, "{what}");
                if rng.chance(1, 3) {
                    check_views(session.state(), n as usize, &what);
                }
                history.after_move(&session, &before, &mut rng, &what);
                continue;
            }
        }
        let action = session.state().sample_action(seat, &mut rng);
        check_open(session.state(), seat, &action, &what);
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
                note(&mut made, seat, before.kind(&action), &events);
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
                history.after_move(&session, &before, &mut rng, &what);
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
    assert_eq!(made.len(), session.log().len(), "{what}");
    for from in [0, made.len() / 2] {
        assert_eq!(
            AnySession::kinds_made(&session, from),
            made[from..].concat(),
            "{what}: the kinds of the log's moves from move {from}"
        );
    }
    let json = session.to_save_json();
    let loaded = Session::<G>::from_save_json(&json, "random.json")
        .unwrap_or_else(|e| panic!("{what}: the save does not load: {e}"));
    assert!(
        loaded.state() == session.state() && loaded.log() == session.log(),
        "{what}: the save loads as another game"
    );
    history.counts
}

/// The table of open moves ([`Game::open`]) says what the rules do: a seat
/// not to move has none, the seat to move has one at least; every open
/// move that is one move is taken, every closed one refused; a move the
/// game takes is of an open kind, and a move of a kind the moment does not
/// know is refused.
fn check_open<G: Playable>(state: &G, seat: SeatId, action: &G::Action, what: &str) {
    let open = state.open(seat);
    if state.to_move() != Some(seat) {
        assert!(
            open.moves.is_empty(),
            "{what}: moves open to a seat not to move"
        );
        return;
    }
    assert!(
        open.open_moves().next().is_some(),
        "{what}: nothing open to the seat to move: {open:?}"
    );
    // A moment decided in the open, without the hand (a challenge, a
    // call), never draws, takes from the pile or puts a hand card away.
    if open.in_the_open {
        use rummy::open::MoveKind as K;
        let hand_moves = [
            K::Draw,
            K::TakeTop,
            K::TakeDeep,
            K::Discard,
            K::PutUnder,
            K::GoOut,
        ];
        assert!(
            open.moves.iter().all(|m| !hand_moves.contains(&m.kind)),
            "{what}: a move of the hand in the open: {open:?}"
        );
    }
    for m in &open.moves {
        let Some(a) = &m.action else { continue };
        assert_eq!(state.kind(a), m.kind, "{what}: {a:?} is of another kind");
        let taken = state.clone().apply(seat, a);
        match (&m.refusal, taken) {
            (None, Err(e)) => panic!(
                "{what}: {:?} ({}) is open, but {a:?} is refused: {e}",
                m.kind, m.label
            ),
            (Some(why), Ok(_)) => {
                panic!("{what}: {:?} is closed ({why}), but {a:?} is taken", m.kind)
            }
            _ => {}
        }
    }
    let kind = state.kind(action);
    if state.clone().apply(seat, action).is_ok() {
        assert!(
            open.is_open(kind),
            "{what}: {action:?} is taken, but its kind {kind:?} is not open: {open:?}"
        );
    }
}

/// What every seat could see at one moment of a game: the cards its view
/// shows (and a watcher's), with the round and turn counts.
struct Moment {
    known: BTreeSet<u64>,
    rounds: u32,
    turns: u32,
    over: bool,
}

impl Moment {
    fn of<G: Playable>(state: &G) -> Moment {
        let mut known = BTreeMap::new();
        let viewers = (0..state.seat_count()).map(|i| state.view(SeatId(i as u8)));
        for view in viewers.chain([state.spectator_view()]) {
            let mut json = serde_json::to_value(&view).expect("a view serializes");
            // A view's memory of cards seen go by says what they are, not
            // where: one may be in the stock again.
            if let Value::Object(fields) = &mut json {
                fields.retain(|k, _| !MEMORY.contains(&k.as_str()));
            }
            cards_in(&json, "", &mut known);
        }
        let stats = state.stats();
        Moment {
            known: known.into_keys().collect(),
            rounds: stats.rounds,
            turns: stats.turns,
            over: state.is_over(),
        }
    }

    /// Whether going from `self` to `next`, the moment after it, showed a
    /// card nobody's view had, or ended a round or the game: the oracle,
    /// from the views alone, for the engine's undo rule.
    fn barrier_to(&self, next: &Moment) -> bool {
        next.rounds != self.rounds
            || (next.over && !self.over)
            || !next.known.is_subset(&self.known)
    }
}

/// The fields of views that list cards from memory (5 Suited's cards
/// taken and thrown this round).
const MEMORY: [&str; 2] = ["took", "threw"];

/// The moments of a game so far, one after each move of its log (and one
/// for the deal), for the undo and take-back property.
struct History {
    moments: Vec<Moment>,
    /// Off in most deals, as the views of every move cost time.
    on: bool,
    /// Take-backs, undos allowed and undos refused, checked.
    pub counts: [usize; 3],
}

impl History {
    fn new<G: Playable>(state: &G, on: bool) -> History {
        History {
            moments: vec![Moment::of(state)],
            on,
            counts: [0; 3],
        }
    }

    /// After a move is played (`before` is the game before it): a
    /// take-back comes only in a turn that cannot end and shows again
    /// nothing hidden since the turn began; and now and then, going back
    /// to an earlier moment is allowed exactly when the views say nothing
    /// stands in the way.
    fn after_move<G: Playable>(
        &mut self,
        session: &Session<G>,
        before: &G,
        rng: &mut GameRng,
        what: &str,
    ) {
        if !self.on {
            return;
        }
        let now = Moment::of(session.state());
        let last = session.log().last().expect("a move was played");
        if G::takes_back(&last.action) {
            let prev = self.moments.last().expect("a moment before the move");
            // The turn began at the first moment with its turn count.
            let start = self
                .moments
                .iter()
                .rposition(|m| m.turns != prev.turns || m.rounds != prev.rounds)
                .map_or(0, |i| i + 1);
            for m in &self.moments[start..] {
                let lost: Vec<&u64> = m.known.difference(&now.known).collect();
                assert!(
                    lost.is_empty(),
                    "{what}: a take-back hid again the cards {lost:?}, seen this turn"
                );
            }
            // No move of the seat ends its turn instead.
            for _ in 0..200 {
                let action = before.sample_action(last.seat, rng);
                let mut next = before.clone();
                if next.apply(last.seat, &action).is_ok()
                    && (next.stats().turns != before.stats().turns || next.is_over())
                {
                    panic!("{what}: a take-back was allowed though {action:?} ended the turn");
                }
            }
            self.counts[0] += 1;
        }
        self.moments.push(now);
        let moves = session.log().len();
        assert_eq!(self.moments.len(), moves + 1, "{what}: one moment a move");
        if moves == 0 || !rng.chance(1, 8) {
            return;
        }
        // Mostly a few moves back, as an undo goes; now and then far.
        let len = if rng.chance(1, 5) {
            rng.below(moves as u64) as usize
        } else {
            moves - 1 - (rng.below(6.min(moves) as u64) as usize)
        };
        let oracle = self.moments[len..]
            .windows(2)
            .any(|w| w[0].barrier_to(&w[1]));
        let refusal = session.undo_refusal(len);
        assert_eq!(
            refusal.is_some(),
            oracle,
            "{what}: going back from move {moves} to {len}: the engine says {refusal:?}"
        );
        self.counts[if refusal.is_none() { 1 } else { 2 }] += 1;
        if refusal.is_none() {
            let mut back = session.clone();
            back.undo_to(len)
                .unwrap_or_else(|e| panic!("{what}: undo to {len} refused: {e}"));
            assert_eq!(back.log().len(), len);
        } else {
            assert!(session.clone().undo_to(len).is_err());
        }
    }
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

fn seats_names<G: Playable>(session: &Session<G>) -> Vec<&str> {
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
fn check_views<G: Playable>(state: &G, seats: usize, what: &str) {
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
