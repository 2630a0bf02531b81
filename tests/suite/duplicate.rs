//! Duplicate: a saved game played again on the same cards by a bot in one
//! seat's place. Exact: a seat played again by the bot that played it
//! gives the same game, difference 0, in every round of 100 saves of each
//! game. A person's seat is set beside the bot's round by round, the other
//! people stood in for. A stronger bot does better than a weaker on the
//! same cards (the figures: an ignored run).

use rummy::duplicate::{STAND_IN, duplicate, duplicate_save};
use rummy::game::{Playable, Session};
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::{RulesSource, load_rules};
use rummy::{Dictionary, GameRng, VariantId};

const LEVELS: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];

/// The shipped rules of `G`.
fn rules<G: Playable>() -> rummy::Rules<G::Options> {
    load_rules::<G>(&RulesSource {
        path: None,
        options: &[],
    })
    .expect("the shipped rules")
}

/// Game `i` of a series: its bots' levels (two to four seats, as the rules
/// allow), and its seed.
fn bots_of<G: Playable>(i: u64) -> (Vec<BotLevel>, u64) {
    let r = rules::<G>();
    let (min, max) = (r.seats.min as u64, r.seats.max as u64);
    let n = min + i % (max - min + 1);
    let bots = (0..n).map(|s| LEVELS[((i + s * 7) % 3) as usize]).collect();
    (bots, 9_000 + i)
}

/// 100 bot games of `G`, each saved and one seat played again by its own
/// bot: the same game, move for move, and every round level.
fn exact<G: Playable>() {
    let r = rules::<G>();
    let dict = Dictionary::shipped();
    for i in 0..100u64 {
        let (bots, seed) = bots_of::<G>(i);
        let first = SeatId((i % bots.len() as u64) as u8);
        let (game, _) = rummy::sim::bot_game::<G>(&r, &bots, (seed, first), &dict)
            .unwrap_or_else(|e| panic!("game {i}: {e:?}"));
        let text = game.to_save_json();
        let k = (i as usize * 5) % bots.len();
        let d = duplicate_save(&text, "game.json", Some(k + 1), Some(bots[k]), &mut |_| {})
            .unwrap_or_else(|e| panic!("{} game {i}: {e}", G::VARIANT));
        let rows = game.state().score_rows();
        assert!(!rows.is_empty(), "game {i} scored no round");
        assert_eq!(d.rounds.len(), rows.len(), "{} game {i}", G::VARIANT);
        assert_eq!(d.difference, 0, "{} game {i}: {d:?}", G::VARIANT);
        assert!(d.rounds.iter().all(|r| r.difference == 0 && r.you == r.bot));
        let yours: i64 = rows.iter().map(|r| r.scores[k]).sum();
        assert_eq!((d.you, d.bot), (yours, yours), "{} game {i}", G::VARIANT);
        assert_eq!(d.seat, k + 1);
        assert!(d.stand_ins.is_empty());
    }
}

macro_rules! exact_tests {
    ($($id:ident => $game:ty),* $(,)?) => {
        mod exact {
            use super::*;
            $(
                #[test]
                #[allow(non_snake_case)]
                fn $id() {
                    exact::<$game>();
                }
            )*
            #[test]
            fn every_registered_game_is_played_again_exactly() {
                let mut tested = vec![$(VariantId::$id),*];
                tested.sort();
                let mut registered = rummy::variants::registered();
                registered.sort();
                assert_eq!(tested, registered);
            }
        }
    };
}
rummy::games!(exact_tests);

/// A game of `G` where seat 0 is a person (playing the easy bot's moves
/// with dice of its own) and, if `two`, seat 1 another person; the rest
/// normal bots.
fn with_people<G: Playable>(seed: u64, two: bool) -> Session<G> {
    let r = rules::<G>();
    let mut seats = vec![Seat::human("Ann")];
    seats.push(if two {
        Seat::human("Ben")
    } else {
        Seat::bot("Bot 2", BotLevel::Normal)
    });
    seats.push(Seat::bot("Bot 3", BotLevel::Hard));
    seats.truncate(r.seats.max as usize);
    let setup = rummy::Setup::new(r, seats, seed);
    let mut game = Session::<G>::new(setup).expect("a game");
    let person = G::bot(BotLevel::Easy, game.setup()).expect("an easy bot");
    let mut dice = GameRng::new(seed, 99);
    let mut moves = 0;
    while let Some(seat) = game.state().to_move() {
        moves += 1;
        assert!(moves < 100_000, "no end");
        if game.setup().seats[seat.index()].is_human() {
            let view = game.state().view(seat);
            let action = person.choose(&view, &mut dice).expect("a move");
            game.apply(seat, action).expect("a legal move");
        } else {
            let t = game.thinker(None).expect("a bot");
            game.play_thought((t.think)()).expect("its move");
        }
    }
    game
}

fn a_person_beside_the_bot<G: Playable>() {
    let game = with_people::<G>(41, false);
    let rows = game.state().score_rows();
    let d = duplicate(&game, SeatId(0), BotLevel::Hard, &mut |_| {}).expect("played again");
    assert_eq!(d.seat, 1);
    assert_eq!(d.name, "Ann");
    assert!(d.stand_ins.is_empty());
    // Each round compared is the person's as it was scored.
    assert!(!d.rounds.is_empty() && d.rounds.len() <= rows.len());
    for (r, row) in d.rounds.iter().zip(&rows) {
        assert_eq!(
            (r.label.as_str(), r.you),
            (row.label.as_str(), row.scores[0])
        );
        let sign = if G::LOWER_WINS { -1 } else { 1 };
        assert_eq!(r.difference, sign * (r.you - r.bot));
    }
    assert_eq!(d.you, d.rounds.iter().map(|r| r.you).sum::<i64>());
    assert_eq!(
        d.difference,
        d.rounds.iter().map(|r| r.difference).sum::<i64>()
    );
    // The sentence says which way, in the game's unit.
    let said = d.summary();
    assert!(said.starts_with("On the same cards: Ann "), "{said}");
    let n = d.difference.abs();
    match d.difference {
        0 => assert!(said.ends_with("level with it."), "{said}"),
        x if x > 0 => assert!(said.contains(&format!("{n} ")) && said.ends_with("ahead of it.")),
        _ => assert!(said.contains(&format!("{n} ")) && said.ends_with("behind it.")),
    }
    // Two people: the other is stood in for, and said to be.
    let game = with_people::<G>(42, true);
    let d = duplicate(&game, SeatId(0), BotLevel::Normal, &mut |_| {}).expect("played again");
    assert_eq!(d.stand_ins, vec!["Ben".to_string()]);
    assert!(
        d.to_string()
            .contains(&format!("Ben played by a {STAND_IN} bot"))
    );
}

#[test]
fn a_person_is_set_beside_the_bot_round_by_round_in_every_game() {
    a_person_beside_the_bot::<rummy::variants::wump::Wump>();
    a_person_beside_the_bot::<rummy::variants::five_suited::FiveSuited>();
    a_person_beside_the_bot::<rummy::variants::wrummy::Wrummy>();
    a_person_beside_the_bot::<rummy::variants::alpharummy::AlphaRummy>();
    a_person_beside_the_bot::<rummy::variants::play_on_words::PlayOnWords>();
}

/// What a save cannot be played again for is said in a sentence.
#[test]
fn a_seat_or_level_the_game_lacks_is_refused_in_words() {
    let game = with_people::<rummy::variants::wump::Wump>(5, true);
    let text = game.to_save_json();
    let e = duplicate_save(&text, "g.json", Some(9), None, &mut |_| {}).unwrap_err();
    assert_eq!(e, "This game has seats 1 to 3, not 9.");
    let e = duplicate_save(&text, "g.json", None, None, &mut |_| {}).unwrap_err();
    assert!(
        e.contains("More than one person played") && e.contains("1 Ann, 2 Ben"),
        "{e}"
    );
    let e = duplicate_save("{", "g.json", None, None, &mut |_| {}).unwrap_err();
    assert!(e.contains("g.json"), "{e}");
}

/// The figures: a normal seat played again by the hard bot, 200 games of
/// each game (1,000 of Wrummy 3-4-5), the mean difference (normal's points
/// over hard's, in the game's direction), the margin over the best other
/// seat and the rounds won, each with its 95 % interval; hard must come
/// out ahead in points or in rounds won.
/// `cargo test --release --test suite duplicate::figures -- --ignored
/// --nocapture`.
/// The mean of `xs` and the half-width of its 95 % interval.
fn interval(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(2) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

#[test]
#[ignore = "figures: cargo test --release --test suite duplicate::figures -- --ignored --nocapture"]
fn figures() {
    fn run<G: Playable>() {
        let r = rules::<G>();
        let dict = Dictionary::shipped();
        // Wrummy 3-4-5's single games are won by a few points either way:
        // 1,000 of them tell hard from normal.
        let each = if G::VARIANT == VariantId::Wrummy {
            1000
        } else {
            200
        };
        let n = rummy::test_support::count("RUMMY_DUPLICATE_GAMES", each, each);
        if std::env::var("RUMMY_DUPLICATE_GAME").is_ok_and(|g| g != G::VARIANT.name()) {
            return;
        }
        let mut diffs = Vec::new();
        let mut margins = Vec::new();
        let mut wins = (0, 0, 0);
        let mut won = Vec::new();
        for i in 0..n {
            let bots = vec![BotLevel::Normal; r.seats.min.max(3).min(r.seats.max) as usize];
            let seed = 70_000 + i;
            let first = SeatId((i % bots.len() as u64) as u8);
            let (game, _) =
                rummy::sim::bot_game::<G>(&r, &bots, (seed, first), &dict).expect("a game");
            let d = duplicate(&game, SeatId(0), BotLevel::Hard, &mut |_| {}).expect("again");
            diffs.push(d.difference as f64);
            margins.push(
                d.rounds
                    .iter()
                    .map(|r| r.you_margin - r.bot_margin)
                    .sum::<i64>() as f64,
            );
            wins.0 += d.you_won;
            wins.1 += d.bot_won;
            wins.2 += d.rounds.len();
            won.push(d.you_won as f64 - d.bot_won as f64);
        }
        let (mean, half) = interval(&diffs);
        println!(
            "{}: normal seat vs hard on the same cards, {n} games: mean difference {mean:+.1} {} (95 % interval {:+.1} to {:+.1})",
            G::VARIANT,
            G::SCORED,
            mean - half,
            mean + half
        );
        let (m, mh) = interval(&margins);
        let (w, wh) = interval(&won);
        println!(
            "   margin over the best other seat: {m:+.1} ({:+.1} to {:+.1}); {}s won or tied: normal {} hard {} of {}, {w:+.3} a game ({:+.3} to {:+.3})",
            m - mh,
            m + mh,
            G::ROUND,
            wins.0,
            wins.1,
            wins.2,
            w - wh,
            w + wh
        );
        // Hard is ahead on the same cards: in points, or (Wrummy 3-4-5,
        // where hard plays for the win more than for points) in rounds won.
        assert!(
            mean + half < 0.0 || w + wh < 0.0,
            "hard is not ahead in {}",
            G::VARIANT
        );
    }
    run::<rummy::variants::wump::Wump>();
    run::<rummy::variants::five_suited::FiveSuited>();
    run::<rummy::variants::wrummy::Wrummy>();
    run::<rummy::variants::alpharummy::AlphaRummy>();
    run::<rummy::variants::play_on_words::PlayOnWords>();
}
