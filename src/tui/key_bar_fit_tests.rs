//! A narrow key bar keeps the moves: every game is played at random as in
//! the key bar truth test, and at each turn of the human seat every move
//! the whole key bar offers (draw, take, discard, play a word, pass, go
//! out...) is still on the bar cut to 80 columns. At 60 columns the bar
//! fits and loses no move while it still shows an optional key.

use super::adapter::TableGame;
use super::commands::{KeyBar, Rank, key_bar};
use super::key_bar_tests::{play_turns, random_screen};
use super::screens::table::commands::commands;
use rummy::GameRng;
use rummy::game::{Playable, Session};

rummy::game_tests!(check);

/// The table's key bar on a copy of `session`, a hand card and a center
/// card chosen at random.
fn bar_now<G: Playable>(session: &Session<G>, rng: &mut GameRng) -> KeyBar
where
    Session<G>: TableGame + 'static,
{
    let (app, _, _) = random_screen(session, rng);
    let t = app.table.as_ref().expect("a table");
    key_bar(&commands(t, &t.view()))
}

fn cols(s: &str) -> usize {
    ratatui::text::Line::from(s).width()
}

fn check<G: Playable>()
where
    Session<G>: TableGame + 'static,
{
    let id = G::VARIANT;
    let (mut wide, mut turns) = (0, 0);
    let mut problems: Vec<String> = Vec::new();
    play_turns::<G>(|session, rng, what| {
        turns += 1;
        let bar = bar_now(session, rng);
        let full = bar.text();
        if cols(&full) > 80 {
            wide += 1;
        }
        let at80 = bar.fit(80);
        let shown: Vec<&str> = at80.split("  ").collect();
        for m in bar.of_rank(Rank::Move) {
            if !shown.contains(&m) {
                problems.push(format!(
                    "80: \"{m}\" dropped from \"{full}\": \"{at80}\" in {what}"
                ));
            }
        }
        let at60 = bar.fit(60);
        assert!(cols(&at60) <= 60, "{what}: \"{at60}\" is wider than 60");
        let shown: Vec<&str> = at60.split("  ").collect();
        let moves_lost = bar.of_rank(Rank::Move).any(|m| !shown.contains(&m));
        let others = shown
            .iter()
            .filter(|e| !e.is_empty() && !bar.of_rank(Rank::Move).any(|m| m == **e))
            .count();
        if moves_lost && others > 0 {
            problems.push(format!(
                "60: a move dropped before another key: \"{at60}\" in {what}"
            ));
        }
    });
    eprintln!("{id}: {turns} turns, the whole bar wider than 80 columns at {wide}");
    for p in problems.iter().take(5) {
        eprintln!("  {p}");
    }
    assert!(problems.is_empty(), "{id}: a narrow key bar lost a move");
}
