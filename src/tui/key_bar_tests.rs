//! The key bar tells the truth: every game of the registry is played at
//! random (bots, and the game's sampled moves with sampled options), and
//! at each turn of the human seat every key the key bar offers, and every
//! key the status line names ("s draws", "Enter discards M"), is pressed on
//! a copy of the screen. A key the screen then refuses (an error note
//! instead of the thing it offered) fails the test.

use super::adapter::TableGame;
use super::app::{App, Screen, TableState};
use super::commands::Key;
use super::screens::table::commands::commands;
use super::screens::table::state::TableView;
use super::screens::table::status;
use super::test_kit::config;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rummy::game::{Playable, Session};
use rummy::variants::{self, RulesSource, VariantId, load_rules};
use rummy::{BotLevel, GameRng, Seat, SeatId};
use std::time::Instant;

/// Turns of the human seat checked in each game: 20 in `cargo test`, 60
/// in the full run (`RUMMY_FULL_TESTS=1 cargo test --release`);
/// `RUMMY_KEY_TURNS` sets the count.
fn turns() -> usize {
    rummy::test_support::count("RUMMY_KEY_TURNS", 20, 60) as usize
}

/// Games whose screen still refuses a key it offers, with why.
const SKIPPED: &[(VariantId, &str)] = &[];

rummy::game_tests!(check);

/// A new deal of `G`: seat 1 a person, the others bots.
fn deal<G: Playable>(rng: &mut GameRng, seed: u64) -> (Session<G>, String) {
    let options = variants::random_options::<G>(rng);
    let src = RulesSource {
        path: None,
        options: &options,
    };
    let rules = load_rules::<G>(&src).expect("the shipped rules with sampled options");
    let (min, max) = (rules.seats.min as u64, rules.seats.max as u64);
    let n = min + rng.below(max - min + 1);
    let seats: Vec<Seat> = (0..n)
        .map(|i| match i {
            0 => Seat::human("Ann"),
            // Not the expert, which thinks too long for a test of keys.
            i => Seat::bot(
                format!("Bot {}", i + 1),
                [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard][i as usize % 3],
            ),
        })
        .collect();
    let setup = rummy::Setup::new(rules, seats, seed);
    let what = format!("{} seed {seed}, {n} seats, {options:?}", G::VARIANT);
    let session = Session::<G>::new(setup).unwrap_or_else(|e| panic!("{what}: {e}"));
    (session, what)
}

/// A refusal found: the key, where it was offered, and what the screen said.
struct Refusal {
    key: String,
    offered: String,
    note: String,
}

/// Plays `G` at random (bots, and sampled moves with sampled options)
/// until the human seat has had [`turns`] turns, calling `on_turn` with
/// the session, the generator and the deal's description at each; how
/// many deals it took.
pub(super) fn play_turns<G: Playable>(
    mut on_turn: impl FnMut(&Session<G>, &mut GameRng, &str),
) -> u64
where
    Session<G>: TableGame + 'static,
{
    let mut rng = GameRng::new(31, 7);
    let (mut session, mut what) = deal::<G>(&mut rng, 1);
    let mut deals = 1;
    let mut turns_seen = 0;
    let mut moves = 0;
    while turns_seen < turns() {
        moves += 1;
        assert!(moves < 200_000, "{what}: stalled");
        let Some(to_move) = session.state().to_move() else {
            deals += 1;
            (session, what) = deal::<G>(&mut rng, deals);
            continue;
        };
        if to_move == SeatId(0) {
            turns_seen += 1;
            on_turn(&session, &mut rng, &what);
        }
        if rng.chance(1, 2) {
            let level = BotLevel::ALL[to_move.index() % BotLevel::ALL.len()];
            if session.play_bot(level, &mut rng).is_ok() {
                continue;
            }
        }
        let action = session.state().sample_action(to_move, &mut rng);
        let _ = session.apply(to_move, action);
    }
    deals
}

fn check<G: Playable>()
where
    Session<G>: TableGame + 'static,
{
    let id = G::VARIANT;
    let turns_seen = turns();
    let mut pressed = 0;
    let mut refusals: Vec<(String, Refusal)> = Vec::new();
    let deals = play_turns::<G>(|session, rng, what| {
        let (n, found) = press_every_offered_key(session, rng);
        pressed += n;
        refusals.extend(found.into_iter().map(|r| (what.to_string(), r)));
    });
    eprintln!(
        "{id}: {pressed} keys pressed over {turns_seen} turns of {deals} deals, {} refused",
        refusals.len()
    );
    // Each kind of refusal once: the key, what offered it, what was said.
    let mut kinds: Vec<(String, &str, &str)> = Vec::new();
    for (what, r) in &refusals {
        let offered = r.offered.split(" in ").next().unwrap_or_default();
        if !kinds.iter().any(|(_, o, n)| *o == offered && *n == r.note) {
            eprintln!(
                "  {} (offered by {}): {}\n    in {what}",
                r.key, r.offered, r.note
            );
            kinds.push((what.clone(), offered, &r.note));
        }
    }
    if let Some((_, why)) = SKIPPED.iter().find(|(v, _)| *v == id) {
        eprintln!("{id}: skipped: {why}");
        return;
    }
    assert!(pressed > turns_seen, "{id}: keys were pressed");
    assert!(
        refusals.is_empty(),
        "{id}: the screen refused keys it offered"
    );
}

/// The table on screen for the person at seat 1, over a copy of `session`,
/// with a hand card and a center card chosen at random.
pub(super) fn screen<G: Playable>(session: &Session<G>, cursor: usize, center: usize) -> App
where
    Session<G>: TableGame + 'static,
{
    let mut app = App::new(config(false), None);
    let mut t = TableState::new(Box::new(session.clone()), None, false);
    t.cursor = cursor;
    t.center_cursor = center;
    app.table = Some(t);
    app.screen = Screen::Table;
    app
}

/// The table on screen over a copy of `session`, with a hand card and a
/// center card chosen at random (and those two choices).
pub(super) fn random_screen<G: Playable>(
    session: &Session<G>,
    rng: &mut GameRng,
) -> (App, usize, usize)
where
    Session<G>: TableGame + 'static,
{
    let app = screen(session, 0, usize::MAX);
    let t = app.table.as_ref().expect("a table");
    let v = t.view();
    let cursor = rng.below(v.hand.len().max(1) as u64) as usize;
    let center = if rng.chance(1, 2) {
        usize::MAX
    } else {
        rng.below(v.snap.center.len().max(1) as u64) as usize
    };
    (screen(session, cursor, center), cursor, center)
}

/// Presses every key the bar offers and the status line names, each on its
/// own copy of the screen; how many, and those refused.
fn press_every_offered_key<G: Playable>(
    session: &Session<G>,
    rng: &mut GameRng,
) -> (usize, Vec<Refusal>)
where
    Session<G>: TableGame + 'static,
{
    let (app, cursor, center) = random_screen(session, rng);
    let t = app.table.as_ref().expect("a table");
    let v = t.view();
    let mut offered: Vec<(KeyCode, String)> = commands(t, &v)
        .iter()
        .filter(|c| c.enabled && c.on_bar)
        .filter_map(|c| {
            let code = key_code(*c.keys.first()?, &v)?;
            Some((code, format!("bar \"{}\"", c.bar)))
        })
        .collect();
    let line = status(t, &v).map(|(s, _)| s).unwrap_or_default();
    offered.extend(
        named_keys(&line)
            .into_iter()
            .map(|(k, said)| (k, format!("status \"{said}\" in \"{line}\""))),
    );
    let mut refused = Vec::new();
    for (code, by) in &offered {
        let mut copy = screen(session, cursor, center);
        copy.handle_key(
            KeyEvent::new(*code, KeyModifiers::NONE),
            Instant::now(),
            None,
        );
        let note = copy.table.as_ref().and_then(|t| t.note.clone());
        if let Some((note, true)) = note {
            refused.push(Refusal {
                key: format!("{code:?}"),
                offered: by.clone(),
                note,
            });
        }
    }
    (offered.len(), refused)
}

/// The key to press for a command's first key; `None` for "any key".
/// "1-9" offers the hand's cards that have a move: the first of them.
fn key_code(k: Key, v: &TableView) -> Option<KeyCode> {
    match k {
        Key::Code(c) => Some(c),
        Key::Digit => {
            let playable = v
                .hand
                .iter()
                .take(9)
                .position(|&card| v.moves.iter().any(|m| m.card == card));
            let i = playable.unwrap_or(0) as u8;
            Some(KeyCode::Char(char::from(b'1' + i)))
        }
        Key::Letter | Key::Typed => Some(KeyCode::Char('a')),
        Key::Any => None,
    }
}

/// Verbs the status line uses after a key it names: "s draws", "Enter
/// discards M", "p passes".
const VERBS: &[&str] = &[
    "draws", "takes", "discards", "passes", "ends", "goes", "types", "plays", "puts",
];

/// The keys the status line names, with the words that name them.
fn named_keys(line: &str) -> Vec<(KeyCode, String)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| VERBS.contains(&w[1]) || w[1] == "to")
        .filter_map(|w| {
            let code = match w[0] {
                "Enter" => KeyCode::Enter,
                k if k.len() == 1 && k.chars().all(|c| c.is_ascii_lowercase()) => {
                    KeyCode::Char(k.chars().next()?)
                }
                _ => return None,
            };
            Some((code, format!("{} {}", w[0], w[1])))
        })
        .collect()
}

/// A game key the bar does not offer makes no move: pressed at each of
/// the person's turns, it is refused and the game is as it was.
mod off_the_bar {
    use super::*;
    use rummy::AnySession;

    rummy::game_tests!(check);

    fn check<G: Playable>()
    where
        Session<G>: TableGame + 'static,
    {
        let mut tried = 0;
        play_turns::<G>(|session, _, what| {
            let seat = SeatId(0);
            let offered: Vec<char> = session.game_keys(seat).iter().map(|(k, _)| *k).collect();
            let before = session.save_json();
            for key in ('a'..='z').filter(|k| !offered.contains(k)) {
                let mut copy = session.clone();
                tried += 1;
                let done = copy.game_key(seat, key);
                assert!(done.is_err(), "{what}: '{key}' is off the bar but moved");
                assert_eq!(copy.save_json(), before, "{what}: '{key}' changed the game");
            }
        });
        assert!(tried > 0, "{}: keys were tried", G::VARIANT);
    }
}

/// The other half of the truth: every move the engine's table of open
/// moves ([`Game::open`]) has open is offered (its key on the bar, or a
/// hand card to play), and the game keys on the bar are the table's.
mod every_open_move_offered {
    use super::super::screens::table::commands::Action;
    use super::*;
    use rummy::open::MoveKind;

    rummy::game_tests!(check);

    fn check<G: Playable>()
    where
        Session<G>: TableGame + 'static,
    {
        let mut seen = 0;
        play_turns::<G>(|session, rng, what| {
            let (app, ..) = random_screen(session, rng);
            let t = app.table.as_ref().expect("a table");
            let v = t.view();
            let open = session.state().open(SeatId(0));
            let bar: Vec<Option<Action>> = commands(t, &v)
                .into_iter()
                .filter(|c| c.enabled && c.on_bar)
                .map(|c| c.action)
                .collect();
            let on_bar = |a: Action| bar.contains(&Some(a));
            for m in open.open_moves() {
                seen += 1;
                let offered = match m.kind {
                    MoveKind::Draw => on_bar(Action::Stock),
                    MoveKind::TakeTop => on_bar(Action::Top) || on_bar(Action::CenterTake),
                    MoveKind::TakeDeep => on_bar(Action::CenterTake),
                    MoveKind::Word => on_bar(Action::Word),
                    MoveKind::Discard | MoveKind::PutUnder | MoveKind::Take | MoveKind::Place => {
                        !v.moves.is_empty()
                    }
                    kind => {
                        let key = super::super::adapter::words::key_of(kind).expect("a key");
                        on_bar(Action::GameKey(key))
                    }
                };
                assert!(
                    offered,
                    "{what}: {:?} ({}) is open but not offered",
                    m.kind, m.label
                );
            }
        });
        assert!(seen > 0, "{}: open moves were seen", G::VARIANT);
    }
}
