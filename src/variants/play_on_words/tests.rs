use super::*;
use crate::card::Letter;
use crate::deck::parse_letter_face;
use crate::game::Session;
use crate::pile::{Hand, Stock};
use crate::seat::Seat;
use crate::variants::{ok, refused};
use crate::wordgame::Table;

const P1: SeatId = SeatId(0);
const P2: SeatId = SeatId(1);
const P3: SeatId = SeatId(2);

fn game_with(seats: usize, options: &[(&str, &str)]) -> PlayOnWords {
    crate::variants::people(seats, options)
}

/// Cards of the game's own deck, by face: "B", "QU", "J/X", "?" (a
/// wild), separated by spaces or, for single letters, run together.
fn cards(g: &PlayOnWords, text: &str, used: &mut Vec<CardId>) -> Vec<Card> {
    let deck = g.base.deck.build(1).unwrap();
    let mut faces: Vec<Face> = Vec::new();
    for part in text.split_whitespace() {
        match parse_letter_face(part) {
            Some(f) if part.len() > 1 && deck.iter().any(|c| c.face == f) => faces.push(f),
            _ => faces.extend(part.chars().map(|ch| {
                if ch == '?' {
                    Face::Wild
                } else {
                    Face::Letter(Letter::from_char(ch).unwrap())
                }
            })),
        }
    }
    faces
        .into_iter()
        .map(|want| {
            let c = *deck
                .iter()
                .find(|c| c.face == want && !used.contains(&c.id))
                .unwrap_or_else(|| panic!("no more {want:?}"));
            used.push(c.id);
            c
        })
        .collect()
}

/// Stacks the game: each seat's hand, the draw pile (drawn first to last)
/// and the table's words (each laid by the seat given). The rest of the
/// deck is set aside.
fn deal(g: &mut PlayOnWords, hands: &[&str], stock: &str, table: &[(SeatId, &str)]) {
    let mut used = Vec::new();
    for (i, h) in hands.iter().enumerate() {
        g.base.hands[i] = Hand::new(cards(g, h, &mut used));
    }
    g.base.stock = Stock::new(cards(g, stock, &mut used));
    g.base.table = Table::default();
    for (owner, w) in table {
        let laid = cards(g, w, &mut used)
            .into_iter()
            .map(|c| {
                let letters: Vec<Letter> = match c.face {
                    Face::Letter(l) => vec![l],
                    Face::Combo(a, b) => vec![a, b],
                    _ => vec![Letter::from_char('e').unwrap()],
                };
                TableCard::new(c, &letters, *owner).unwrap()
            })
            .collect();
        g.base.table.add(*owner, laid, Source::Hand);
    }
}

fn word(w: &str) -> PowAction {
    PowAction::Word(Spelled {
        word: w.into(),
        cards: None,
    })
}

fn on(target: u32, w: &str) -> PowAction {
    PowAction::PlayOn {
        target,
        word: w.into(),
        cards: None,
    }
}

fn points_of(events: &[PowEvent]) -> i64 {
    events
        .iter()
        .map(|e| match e {
            PowEvent::Laid { points, .. }
            | PowEvent::PlayedOn { points, .. }
            | PowEvent::Mugged { points, .. }
            | PowEvent::WentOut { bonus: points, .. } => *points,
            _ => 0,
        })
        .sum()
}

fn id_of(g: &PlayOnWords, text: &str) -> u32 {
    g.base.table.iter().find(|w| w.text() == text).unwrap().id
}

/// The first number of a line: "8 points: ..." is 8.
fn leading_points(line: &str) -> i64 {
    let (n, rest) = line.split_once(' ').unwrap();
    assert!(rest.starts_with("points"), "{line}");
    n.parse().unwrap()
}

#[test]
fn every_scoring_example_of_the_text_scores_as_it_says() {
    let dict = Dictionary::shipped();
    for (w, pts) in [("BAT", 6), ("RAKE", 8), ("BOTHER", 12)] {
        let line = score::explain_word(&dict, w).unwrap();
        assert_eq!(leading_points(&line), pts, "{line}");
    }
    for (olds, new, pts, how) in [
        (&["BAT"][..], "BATH", 4, "adds H"),
        (&["BOTHER"], "BROTHER", 7, "adds R"),
        (&["TAR"], "RATE", 8, "rearranges"),
        (&["GAME"], "IMAGE", 10, "rearranges"),
        (&["CREAM"], "EMBRACE", 14, "rearranges"),
        (&["TALE"], "STABLE", 12, "inside"),
        (&["JUICE"], "JUSTICE", 14, "inside"),
        (&["BOW"], "BROW", 4, "adds R"),
        (&["WIN"], "TWIN", 4, "adds T"),
        (&["MAIL"], "ANIMAL", 12, "rearranges"),
        (&["NICE"], "CONTINUE", 16, "rearranges"),
        (&["BOOM", "RANG"], "BOOMERANG", 9, "combines"),
        (&["NOW", "MOST"], "SNOWSTORM", 18, "rearranged"),
    ] {
        let line = score::explain_on(&dict, olds, new).unwrap();
        assert_eq!(leading_points(&line), pts, "{line}");
        assert!(line.contains(how), "{line}");
    }
}

#[test]
fn the_game_scores_the_examples_as_the_cli_does() {
    // TAR + E = RATE, rearranged: 8; CREAM + B, E = EMBRACE: 14; TALE +
    // S, B = STABLE: 12; BOOM + E + RANG = BOOMERANG: 9.
    for (table, hand, target, new, pts) in [
        (&["TAR"][..], "E", "TAR", "RATE", 8),
        (&["CREAM"], "BE", "CREAM", "EMBRACE", 14),
        (&["TALE"], "SB", "TALE", "STABLE", 12),
        (&["BAT"], "H", "BAT", "BATH", 4),
    ] {
        let mut g = game_with(2, &[]);
        let words: Vec<(SeatId, &str)> = table.iter().map(|w| (P2, *w)).collect();
        deal(&mut g, &[&format!("{hand}XQZ"), "AAA"], "OOOOOO", &words);
        ok(&mut g, P1, PowAction::Draw);
        let id = id_of(&g, target);
        let ev = ok(&mut g, P1, on(id, new));
        assert_eq!(points_of(&ev), pts, "{new}: {ev:?}");
        assert_eq!(g.round_points[0], pts);
        assert!(g.base.table.iter().any(|w| w.text() == new && w.id == id));
    }
    let mut g = game_with(2, &[]);
    deal(
        &mut g,
        &["EXQZ", "AAA"],
        "EEEEEE",
        &[(P2, "BOOM"), (P1, "RANG")],
    );
    ok(&mut g, P1, PowAction::Draw);
    let ids = vec![id_of(&g, "BOOM"), id_of(&g, "RANG")];
    let ev = ok(
        &mut g,
        P1,
        PowAction::Combine {
            targets: ids,
            word: "BOOMERANG".into(),
            cards: None,
        },
    );
    assert_eq!(points_of(&ev), 9);
    assert_eq!(g.base.table.len(), 1, "the two words became one");
    assert_eq!(g.base.table[0].owner, P1);
}

#[test]
fn plurals_come_from_the_inflection_data() {
    // RULINGS.md: a noun's plural in any reading (ACTS, DOES of DOE), and
    // irregular plurals (MICE) too.
    for w in [
        "CATS", "BOXES", "BABIES", "dogs", "wolves", "GAMES", "ACTS", "does", "mice",
    ] {
        assert!(Dictionary::is_plural(w), "{w} is a plural");
    }
    for w in [
        "HAS", "YES", "GAS", "BUS", "GLASS", "NEWS", "its", "physics", "cat", "series",
    ] {
        assert!(!Dictionary::is_plural(w), "{w} is not a plural");
    }
}

#[test]
fn a_plural_is_refused_unless_a_play_on_rearranges() {
    let mut g = game_with(2, &[]);
    deal(
        &mut g,
        &["CATSQXZ", "AAA"],
        "OOOOOO",
        &[(P2, "BAT"), (P2, "ACT")],
    );
    ok(&mut g, P1, PowAction::Draw);
    let e = refused(&mut g, P1, word("CATS"));
    assert!(e.contains("CATS is a plural"), "{e}");
    let bat = id_of(&g, "BAT");
    let e = refused(&mut g, P1, on(bat, "BATS"));
    assert!(e.contains("rearranges"), "{e}");
    // BUS, GAS and HAS are no plurals: a new word of them is fine.
    let act = id_of(&g, "ACT");
    let ev = ok(&mut g, P1, on(act, "CATS"));
    assert_eq!(points_of(&ev), 8, "ACT + S = CATS, rearranged");
    let mut g = game_with(2, &[]);
    deal(&mut g, &["GASQXZV", "AAA"], "OOOOOO", &[]);
    ok(&mut g, P1, PowAction::Draw);
    assert_eq!(points_of(&ok(&mut g, P1, word("GAS"))), 6);
}

#[test]
fn a_turn_starts_with_a_draw_and_may_draw_up_to_eight_before_playing() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["BATQXZ", "AAA"], "OOOOOO", &[]);
    let e = refused(&mut g, P1, word("BAT"));
    assert!(e.contains("starts the turn by drawing"), "{e}");
    ok(&mut g, P1, PowAction::Draw);
    assert_eq!(g.base.hands[0].len(), 7);
    ok(&mut g, P1, PowAction::Draw);
    assert_eq!(g.base.hands[0].len(), 8);
    let e = refused(&mut g, P1, PowAction::Draw);
    assert!(e.contains("fewer than 8"), "{e}");
    ok(&mut g, P1, word("BAT"));
    let e = refused(&mut g, P1, word("ZOO"));
    assert!(e.contains("new word this turn already"), "{e}");
    ok(&mut g, P1, PowAction::Pass);
    assert_eq!(g.to_move(), Some(P2));
}

#[test]
fn a_seat_with_fewer_than_eight_may_not_give_up_its_turn() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QXZVJKW", "AAA"], "OOOOOO", &[]);
    ok(&mut g, P1, PowAction::Draw);
    // 8 cards now: it may pass, or put up to three under the draw pile.
    ok(&mut g, P1, PowAction::Pass);
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QXZVJK", "AAA"], "OOOOOO", &[]);
    ok(&mut g, P1, PowAction::Draw);
    let e = refused(&mut g, P1, PowAction::Pass);
    assert!(e.contains("draw up to 8"), "{e}");
}

#[test]
fn up_to_three_cards_go_under_the_draw_pile_in_a_turn_with_no_play() {
    let mut g = game_with(2, &[]);
    // Eight consonants: no word, and nothing on the table to play on.
    deal(&mut g, &["QXZVJKC", "AAA"], "BOOOOO", &[]);
    ok(&mut g, P1, PowAction::Draw);
    let hand: Vec<CardId> = g.base.hands[0].cards().iter().map(|c| c.id).collect();
    ok(&mut g, P1, PowAction::PutUnder { card: hand[0] });
    let e = refused(&mut g, P1, word("OX"));
    assert!(e.contains("under the draw pile"), "{e}");
    ok(&mut g, P1, PowAction::PutUnder { card: hand[1] });
    ok(&mut g, P1, PowAction::PutUnder { card: hand[2] });
    assert_eq!(g.to_move(), Some(P2), "the third card ends the turn");
    assert_eq!(g.base.hands[0].len(), 5);
    // They are drawn last.
    let bottom: Vec<CardId> = g.base.stock.cards()[..3].iter().map(|c| c.id).collect();
    assert_eq!(bottom, vec![hand[2], hand[1], hand[0]]);
    // With fewer than 8, or after a play, no card goes under.
    let mut g = game_with(2, &[]);
    deal(&mut g, &["BATQXZ", "AAA"], "OOOOOO", &[]);
    ok(&mut g, P1, PowAction::Draw);
    let q = g.base.hands[0].cards()[3].id;
    let e = refused(&mut g, P1, PowAction::PutUnder { card: q });
    assert!(e.contains("hold 7"), "{e}");
    ok(&mut g, P1, PowAction::Draw);
    ok(&mut g, P1, word("BAT"));
    let e = refused(&mut g, P1, PowAction::PutUnder { card: q });
    assert!(e.contains("no play"), "{e}");
}

#[test]
fn going_out_gives_seven_then_final_turns_muggins_and_a_point_off_each_letter() {
    let mut g = game_with(3, &[]);
    // P1 goes out with CAT... no: with its whole hand, CATS is a plural.
    deal(&mut g, &["BOA", "ZIP QU", "DO"], "T E G", &[]);
    g.first_turn = vec![false; 3];
    ok(&mut g, P1, PowAction::Draw); // T
    let ev = ok(&mut g, P1, word("BOAT"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, PowEvent::WentOut { bonus: 7, .. })),
        "{ev:?}"
    );
    assert_eq!(g.round_points[0], 8 + 7);
    assert_eq!(g.went_out, Some(P1));
    // P2 and P3 each draw one more card and take a final turn.
    assert_eq!(g.to_move(), Some(P2));
    ok(&mut g, P2, PowAction::Draw); // E
    let e = refused(&mut g, P2, PowAction::Draw);
    assert!(e.contains("final turn"), "{e}");
    ok(&mut g, P2, PowAction::Pass);
    ok(&mut g, P3, PowAction::Draw); // G
    ok(&mut g, P3, word("DOG"));
    // P3 is out of cards too, but P1 went out first: no bonus.
    assert_eq!(g.round_points[2], 6);
    // Muggins: P2's Z I P QU E lie face up; P1 and P3 may play them.
    let Phase::Muggins { waiting } = &g.phase else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(waiting.seats(), &[P3, P1]);
    let v = g.view(P3);
    assert_eq!(v.shown[1].len(), 5, "every unplayed card is shown");
    assert!(
        g.hidden_cards(Some(P3))
            .iter()
            .all(|id| !g.base.hands[1].contains(*id))
    );
    let e = refused(
        &mut g,
        P3,
        PowAction::Mug {
            victim: P3,
            target: None,
            word: "ZIP".into(),
            cards: None,
        },
    );
    assert!(e.contains("other seats"), "{e}");
    let ev = ok(
        &mut g,
        P3,
        PowAction::Mug {
            victim: P2,
            target: None,
            word: "ZIP".into(),
            cards: None,
        },
    );
    assert_eq!(points_of(&ev), 6, "2 a letter");
    ok(&mut g, P3, PowAction::Pass);
    ok(&mut g, P1, PowAction::Pass);
    // Round over: P2 keeps QU and E: 3 letters, -3.
    let r = g.last_round.clone().unwrap();
    assert_eq!(r.left, vec![0, 3, 0]);
    assert_eq!(r.scores, vec![15, -3, 12]);
    assert_eq!(r.went_out, Some(P1));
    assert_eq!(g.round_number(), 2);
}

#[test]
fn muggins_never_combines_two_seats_cards() {
    let mut g = game_with(3, &[]);
    deal(&mut g, &["CA", "T", ""], "X Y Z", &[]);
    g.final_left = Some(vec![]);
    g.went_out = Some(P3);
    g.end_play(&mut Vec::new());
    ok(&mut g, P1, PowAction::Pass);
    ok(&mut g, P2, PowAction::Pass);
    let e = refused(
        &mut g,
        P3,
        PowAction::Mug {
            victim: P1,
            target: None,
            word: "CAT".into(),
            cards: None,
        },
    );
    assert!(e.contains("not in P1's cards"), "{e}");
}

#[test]
fn the_whole_initial_hand_in_one_word_earns_twenty_more() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["RELATIO", "AAA"], "N O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    assert!(g.view(P1).initial_hand);
    let ev = ok(&mut g, P1, word("RELATION"));
    assert!(ev.iter().any(|e| matches!(
        e,
        PowEvent::Laid {
            points: 36,
            bonus: 20,
            ..
        }
    )));
    assert_eq!(points_of(&ev), 16 + 20 + 7, "and going out");
    // Not after drawing a second card.
    let mut g = game_with(2, &[]);
    deal(&mut g, &["RELATI", "AAA"], "O N O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    ok(&mut g, P1, PowAction::Draw);
    assert!(!g.view(P1).initial_hand);
    assert_eq!(points_of(&ok(&mut g, P1, word("RELATION"))), 16 + 7);
}

#[test]
fn a_combo_card_counts_two_letters() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QU I T XZV", "AAA"], "O O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    assert_eq!(points_of(&ok(&mut g, P1, word("QUIT"))), 8);
    // A QU card is never split.
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QU A T XZV", "AAA"], "O O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    let e = refused(&mut g, P1, word("QAT"));
    assert!(e.contains("needs a Q"), "{e}");
}

#[test]
fn with_the_draw_pile_empty_each_seat_takes_a_final_turn() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["BATQXZ", "DOGVJK"], "", &[]);
    g.start_turn(&mut Vec::new());
    assert!(g.final_left.is_some());
    assert_eq!(g.phase, Phase::Play, "nothing to draw");
    ok(&mut g, P1, word("BAT"));
    ok(&mut g, P1, PowAction::Pass);
    ok(&mut g, P2, word("DOG"));
    ok(&mut g, P2, PowAction::Pass);
    // Muggins, then the count.
    assert!(matches!(g.phase, Phase::Muggins { .. }), "{:?}", g.phase);
    ok(&mut g, P1, PowAction::Pass);
    ok(&mut g, P2, PowAction::Pass);
    let r = g.last_round.clone().unwrap();
    assert_eq!(r.went_out, None);
    assert_eq!(r.scores, vec![6 - 3, 6 - 3]);
}

#[test]
fn without_muggins_the_round_is_counted_at_once() {
    let mut g = game_with(2, &[("muggins", "false")]);
    deal(&mut g, &["BATQXZ", "DOGVJK"], "", &[]);
    g.start_turn(&mut Vec::new());
    ok(&mut g, P1, PowAction::Pass);
    ok(&mut g, P2, PowAction::Pass);
    assert_eq!(g.round_number(), 2);
    assert_eq!(g.last_round.clone().unwrap().scores, vec![-6, -6]);
}

#[test]
fn rounds_follow_the_seats_or_the_option() {
    assert_eq!(game_with(2, &[]).view(P1).rounds, 4);
    assert_eq!(game_with(3, &[]).view(P1).rounds, 3);
    assert_eq!(game_with(4, &[]).view(P1).rounds, 3);
    assert_eq!(game_with(2, &[("rounds", "1")]).view(P1).rounds, 1);
    let seats = Seat::bots(&[BotLevel::Hard, BotLevel::Normal]);
    let setup = crate::variants::shipped_setup::<PlayOnWords>(seats, 3, &[]).unwrap();
    let mut s = Session::<PlayOnWords>::new(setup).unwrap();
    let mut rng = GameRng::new(3, 1);
    while !s.state().is_over() {
        s.play_bot(BotLevel::Hard, &mut rng).unwrap();
    }
    assert_eq!(s.state().base.sheet.rows().len(), 4);
}

#[test]
fn full_deck_deals_eight_refills_after_each_turn_and_nobody_goes_out() {
    let mut g = game_with(2, &[("version", "full_deck")]);
    assert_eq!(g.base.hands[0].len(), 8);
    assert_eq!(g.phase, Phase::Play, "no draw to start a turn");
    deal(&mut g, &["BATQXZVJ", "DOGKWYMH"], "E E E E", &[]);
    let e = refused(&mut g, P1, PowAction::Draw);
    assert!(e.contains("Full Deck"), "{e}");
    ok(&mut g, P1, word("BAT"));
    let ev = ok(&mut g, P1, PowAction::Pass);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PowEvent::Refilled { count: 3, .. }))
    );
    assert_eq!(g.base.hands[0].len(), 8);
    // Once the pile is empty, play goes on until every seat passes.
    ok(&mut g, P2, word("DOG"));
    ok(&mut g, P2, PowAction::Pass);
    assert!(g.base.stock.is_empty());
    ok(&mut g, P1, PowAction::Pass);
    ok(&mut g, P2, PowAction::Pass);
    assert!(matches!(g.phase, Phase::Muggins { .. }), "{:?}", g.phase);
    // A hand emptied is not going out.
    let mut g = game_with(2, &[("version", "full_deck")]);
    deal(&mut g, &["BAT", "DOGKWYMH"], "", &[]);
    ok(&mut g, P1, word("BAT"));
    assert_eq!(g.went_out, None);
    assert_eq!(g.to_move(), Some(P2));
}

#[test]
fn the_casual_game_counts_rounds_won_by_going_out() {
    let mut g = game_with(2, &[("version", "casual")]);
    deal(&mut g, &["BOA", "ZIPQ"], "T E", &[]);
    g.first_turn = vec![false; 2];
    ok(&mut g, P1, PowAction::Draw);
    let ev = ok(&mut g, P1, word("BOAT"));
    assert_eq!(points_of(&ev), 0, "no points in the casual game");
    assert_eq!(g.round_number(), 2, "going out ends the round at once");
    assert_eq!(g.totals(), vec![1, 0]);
}

#[test]
fn a_challenged_word_that_is_not_one_goes_back_and_the_turn_ends() {
    let mut g = game_with(2, &[("words", "challenge")]);
    deal(&mut g, &["BTAQXZ", "DOGVJK"], "O E E E", &[]);
    ok(&mut g, P1, PowAction::Draw);
    ok(&mut g, P1, PowAction::Draw);
    ok(&mut g, P1, word("TBA"));
    assert!(matches!(g.phase, Phase::Challenge(_)));
    ok(&mut g, P2, PowAction::Challenge);
    assert_eq!(g.base.hands[0].len(), 8, "the cards are back");
    assert_eq!(g.round_points[0], 0);
    assert!(g.base.table.is_empty());
    assert_eq!(g.to_move(), Some(P2));
    // A word that stands costs the challenger a turn.
    ok(&mut g, P2, PowAction::Draw);
    ok(&mut g, P2, PowAction::Draw);
    ok(&mut g, P2, word("DOG"));
    ok(&mut g, P1, PowAction::Challenge);
    assert_eq!(g.base.word_turn.skips()[0], 1);
    ok(&mut g, P2, PowAction::Pass);
    assert_eq!(g.to_move(), Some(P2), "P1 loses its turn");
}

#[test]
fn flip_and_wild_letters_stay_unless_the_option_frees_them() {
    // The table's TAN has a wild as N; TEA... with letters free, the wild
    // may become another letter when the word is rearranged.
    for (fixed, ok_expected) in [("true", false), ("false", true)] {
        let mut g = game_with(2, &[("fixed_letters", fixed)]);
        deal(&mut g, &["SQXZVJK", "AAA"], "E O O O", &[]);
        let mut used: Vec<CardId> = g.cards_in_play().iter().map(|c| c.id).collect();
        let t = cards(&g, "TA", &mut used);
        let wild = cards(&g, "?", &mut used);
        let laid = vec![
            TableCard::new(t[0], &[Letter::from_char('t').unwrap()], P2).unwrap(),
            TableCard::new(t[1], &[Letter::from_char('a').unwrap()], P2).unwrap(),
            TableCard::new(wild[0], &[Letter::from_char('n').unwrap()], P2).unwrap(),
        ];
        g.base.table.add(P2, laid, Source::Hand);
        ok(&mut g, P1, PowAction::Draw);
        // TAN + E + S: with the wild as T... SEAT needs S, E, A, T.
        let id = id_of(&g, "TAN");
        let got = g.apply(P1, &on(id, "SEAT"));
        assert_eq!(got.is_ok(), ok_expected, "fixed {fixed}: {got:?}");
        if ok_expected {
            assert_eq!(g.base.table[0].text(), "SEAT");
        }
    }
}

#[test]
fn a_preview_and_a_hint_are_what_the_move_then_does() {
    let mut checked = (0, 0);
    for seed in 0..4u64 {
        let seats = Seat::bots(&[BotLevel::Normal, BotLevel::Hard, BotLevel::Easy]);
        let setup = crate::variants::shipped_setup::<PlayOnWords>(seats, seed, &[]).unwrap();
        let mut session = Session::<PlayOnWords>::new(setup).unwrap();
        let mut rng = GameRng::new(seed, 5);
        while let Some(seat) = session.state().to_move() {
            let g = session.state().clone();
            let view = g.view(seat);
            if let Some(h) = hint::hint(&view, g.dictionary()) {
                let said = h
                    .text
                    .split(": ")
                    .nth(1)
                    .and_then(|r| r.split(' ').next())
                    .and_then(|n| n.parse::<i64>().ok());
                let mut next = g.clone();
                let done = next
                    .apply(seat, &h.action)
                    .unwrap_or_else(|e| panic!("hint {h:?} refused: {e}"));
                if let Some(n) = said {
                    assert_eq!(n, points_of(&done), "{h:?}");
                    checked.1 += 1;
                }
                if h.text.contains("go out") {
                    assert!(next.went_out == Some(seat), "{h:?}");
                }
            }
            if g.phase == Phase::Play {
                let words: Vec<String> = Words::to_try(&view);
                for word in &words {
                    for action in g.word_moves(seat, word) {
                        let said = g.preview(seat, &action);
                        let mut next = g.clone();
                        let done = next.apply(seat, &action);
                        match (said, done) {
                            (Err(a), Err(b)) => assert_eq!(a, b),
                            (Ok(p), Ok(ev)) => {
                                assert_eq!(p.lays, next.base.table.laid_since(g.table()));
                                // Going out is among what it earns.
                                let out = ev.iter().find_map(|e| match e {
                                    PowEvent::WentOut { bonus, .. } => Some(*bonus),
                                    _ => None,
                                });
                                assert_eq!(p.points + out.unwrap_or(0), points_of(&ev));
                                if let Some(b) = out {
                                    assert!(
                                        p.earns.iter().any(|e| e.contains("you go out")
                                            && (b == 0 || e.contains(&b.to_string()))),
                                        "{p:?}"
                                    );
                                }
                                checked.0 += 1;
                            }
                            (said, done) => panic!("{action:?}: preview {said:?}, apply {done:?}"),
                        }
                    }
                }
            }
            session.play_bot(BotLevel::Normal, &mut rng).unwrap();
        }
    }
    assert!(checked.0 > 50 && checked.1 > 50, "{checked:?}");
}

/// Words worth previewing in a position: the hard bot's best few.
struct Words;
impl Words {
    fn to_try(view: &PowView) -> Vec<String> {
        let bot = bots::PowBot::new(BotLevel::Hard, Dictionary::shipped());
        bot.candidates(view)
            .into_iter()
            .take(6)
            .map(|c| c.word)
            .collect()
    }
}

#[test]
fn the_hard_bot_beats_the_normal_and_the_normal_the_easy() {
    for (a, b) in [
        (BotLevel::Hard, BotLevel::Normal),
        (BotLevel::Normal, BotLevel::Easy),
    ] {
        let mut wins = [0; 2];
        for seed in 0..10u64 {
            // Each level in each seat.
            let swap = seed % 2 == 1;
            let levels = if swap { [b, a] } else { [a, b] };
            let seats = Seat::bots(&levels);
            let setup =
                crate::variants::shipped_setup::<PlayOnWords>(seats, seed, &[("rounds", "1")])
                    .unwrap();
            let mut s = Session::<PlayOnWords>::new(setup).unwrap();
            let mut rng = GameRng::new(seed, 2);
            while let Some(seat) = s.state().to_move() {
                s.play_bot(levels[seat.index()], &mut rng).unwrap();
            }
            let t = s.state().totals();
            let (mine, theirs) = if swap { (t[1], t[0]) } else { (t[0], t[1]) };
            wins[usize::from(mine <= theirs)] += 1;
        }
        assert!(wins[0] >= 7, "{a} against {b}: {wins:?}");
    }
}

/// The id of the first card of `seat`'s hand with face `face` ("ST",
/// "J/X", "E").
fn held(g: &PlayOnWords, seat: SeatId, face: &str) -> CardId {
    let want = parse_letter_face(face).unwrap_or(Face::Wild);
    g.base.hands[seat.index()]
        .cards()
        .iter()
        .find(|c| c.face == want)
        .map(|c| c.id)
        .unwrap_or_else(|| panic!("no {face} in hand"))
}

#[test]
fn a_combo_card_goes_inside_a_table_word_as_the_score_command_scores_it() {
    // ATE + ST + U = ASTUTE and CHASE + ST + I = CHASTISE: the ST card
    // stands where the word's own T or S would have to split it.
    let dict = Dictionary::shipped();
    for (old, hand, new) in [("ATE", "ST U", "ASTUTE"), ("CHASE", "ST I", "CHASTISE")] {
        let line = score::explain_on(&dict, &[old], new).unwrap();
        let mut g = game_with(2, &[]);
        deal(
            &mut g,
            &[&format!("{hand} Q Z X"), "AAA"],
            "O O O O",
            &[(P2, old)],
        );
        ok(&mut g, P1, PowAction::Draw);
        let id = id_of(&g, old);
        // The screen's moves name the ST card; the preview is the play.
        let moves = g.word_moves(P1, new);
        let st = held(&g, P1, "ST");
        let named = moves
            .iter()
            .find_map(|m| match m {
                PowAction::PlayOn {
                    target,
                    cards: Some(c),
                    ..
                } if *target == id => Some(c.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{new}: no play-on among {moves:?}"));
        assert!(named.contains(&st), "{new}: {named:?}");
        let action = PowAction::PlayOn {
            target: id,
            word: new.into(),
            cards: Some(named),
        };
        let preview = g.preview(P1, &action).unwrap();
        let ev = ok(&mut g, P1, on(id, new));
        assert_eq!(points_of(&ev), leading_points(&line), "{new}: {line}");
        assert_eq!(preview.points, points_of(&ev));
        let w = g.base.table.iter().find(|w| w.id == id).unwrap();
        assert_eq!(w.text(), new);
        assert!(w.holds(st), "the ST card stands in {new}");
        assert_eq!(g.base.hands[0].len(), 4, "Q, Z, X and the O drawn are left");
    }
}

/// A game where P1 has laid JAW, its J/X card as J, and holds E and D.
fn jaw_laid(fixed: &str) -> PlayOnWords {
    let mut g = game_with(2, &[("fixed_letters", fixed), ("bot_words", "whole")]);
    deal(&mut g, &["J/X A W E D Q Z", "AAA"], "K O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    let cards = vec![held(&g, P1, "J/X"), held(&g, P1, "A"), held(&g, P1, "W")];
    ok(
        &mut g,
        P1,
        PowAction::Word(Spelled {
            word: "JAW".into(),
            cards: Some(cards),
        }),
    );
    g
}

#[test]
fn with_letters_free_a_flip_card_takes_its_other_letter_when_its_word_is_rebuilt() {
    // JAW + E, D = WAXED: the J/X card turns to X.
    let mut g = jaw_laid("false");
    let id = id_of(&g, "JAW");
    let moves = g.word_moves(P1, "WAXED");
    let action = moves
        .iter()
        .find(|m| matches!(m, PowAction::PlayOn { target, cards: Some(_), .. } if *target == id))
        .cloned()
        .unwrap_or_else(|| panic!("no play-on of JAW among {moves:?}"));
    let preview = g.preview(P1, &action).unwrap();
    assert!(preview.line().contains("rearranged"), "{}", preview.line());
    // The hard bot (and so the hint) finds it too.
    let bot = bots::PowBot::with_words(BotLevel::Hard, g.dictionary().clone(), BotWords::Whole);
    let found = bot.candidates(&g.view(P1));
    assert!(
        found
            .iter()
            .any(|c| c.word == "WAXED" && matches!(c.action, PowAction::PlayOn { .. })),
        "{:?}",
        found.iter().map(|c| &c.word).collect::<Vec<_>>()
    );
    let ev = ok(&mut g, P1, action);
    assert_eq!(points_of(&ev), preview.points);
    assert_eq!(points_of(&ev), 10, "rebuilt: 2 a letter");
    let w = g.base.table.iter().find(|w| w.id == id).unwrap();
    assert_eq!(w.text(), "WAXED");
    let flip = w
        .cards
        .iter()
        .find(|c| matches!(c.card.face, Face::Flip(..)));
    assert_eq!(flip.map(|c| c.letter.upper()), Some('X'));
    // With letters fixed (the default) the J stays a J: no such play.
    let mut g = jaw_laid("true");
    let id = id_of(&g, "JAW");
    assert!(
        !g.word_moves(P1, "WAXED")
            .iter()
            .any(|m| matches!(m, PowAction::PlayOn { cards: Some(_), .. })),
    );
    let found = bot.candidates(&g.view(P1));
    assert!(!found.iter().any(|c| c.word == "WAXED"));
    let e = refused(&mut g, P1, on(id, "WAXED"));
    assert!(e.contains("JAW"), "{e}");
}

#[test]
fn with_letters_free_a_wild_takes_another_letter_in_a_word_extended() {
    // CAT with a wild as T, and an E in hand: CAPE turns the wild to P.
    let mut g = game_with(2, &[("fixed_letters", "false")]);
    deal(&mut g, &["E Q X Z V J K", "AAA"], "B O O O", &[]);
    let mut used: Vec<CardId> = g.cards_in_play().iter().map(|c| c.id).collect();
    let ca = cards(&g, "CA", &mut used);
    let wild = cards(&g, "?", &mut used);
    let l = |c: char| Letter::from_char(c).unwrap();
    let laid = vec![
        TableCard::new(ca[0], &[l('c')], P2).unwrap(),
        TableCard::new(ca[1], &[l('a')], P2).unwrap(),
        TableCard::new(wild[0], &[l('t')], P2).unwrap(),
    ];
    g.base.table.add(P2, laid, Source::Hand);
    ok(&mut g, P1, PowAction::Draw);
    let id = id_of(&g, "CAT");
    assert!(
        g.word_moves(P1, "CAPE")
            .iter()
            .any(|m| matches!(m, PowAction::PlayOn { cards: Some(_), .. })),
    );
    let ev = ok(&mut g, P1, on(id, "CAPE"));
    assert_eq!(points_of(&ev), 8, "a changed letter counts as rearranged");
    assert_eq!(g.base.table[0].text(), "CAPE");
}

#[test]
fn no_draw_takes_a_hand_past_eight() {
    // P1 holds 8 after a pass: its next turn starts with no draw.
    let mut g = game_with(2, &[]);
    deal(&mut g, &["BATQXZV", "DOGJKWM"], "E O O O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    assert_eq!(g.base.hands[0].len(), 8);
    ok(&mut g, P1, PowAction::Pass);
    ok(&mut g, P2, PowAction::Draw);
    ok(&mut g, P2, word("DOG"));
    let ev = ok(&mut g, P2, PowAction::Pass);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PowEvent::HandFull { name } if name == "P1")),
        "{ev:?}"
    );
    assert_eq!(g.phase, Phase::Play, "no draw to start the turn");
    assert!(!g.view(P1).can_draw);
    let e = refused(&mut g, P1, PowAction::Draw);
    assert!(e.contains("fewer than 8"), "{e}");
    assert_eq!(g.base.hands[0].len(), 8);
    // It plays as it is, and the turn after starts with a draw again.
    ok(&mut g, P1, word("BAT"));
    ok(&mut g, P1, PowAction::Pass);
    assert_eq!(g.to_move(), Some(P2));
    assert_eq!(g.phase, Phase::Draw);
}

#[test]
fn cards_go_under_the_draw_pile_only_when_no_play_fits_eight_cards() {
    // Eight cards that make BAT: no card goes under.
    let mut g = game_with(2, &[]);
    deal(&mut g, &["BATQXZV", "AAA"], "J O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    assert!(!g.view(P1).can_put_under);
    let q = held(&g, P1, "Q");
    let e = refused(&mut g, P1, PowAction::PutUnder { card: q });
    assert!(e.contains("can still make a word"), "{e}");
    // No word of the hand alone, but R makes ACE into RACE.
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QXZVJKC", "AAA"], "R O O O", &[(P2, "ACE")]);
    ok(&mut g, P1, PowAction::Draw);
    assert!(!g.view(P1).can_put_under);
    // The table word gone, nothing fits: the seat is stuck.
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QXZVJKC", "AAA"], "R O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    assert!(g.view(P1).can_put_under);
    let q = held(&g, P1, "Q");
    ok(&mut g, P1, PowAction::PutUnder { card: q });
}

#[test]
fn the_view_says_why_no_card_goes_under_as_the_move_is_refused() {
    // In games between bots, at every turn of play: a card may go under
    // exactly when the view says so, and otherwise the refusal is the
    // view's.
    let mut checked = 0;
    for seed in 0..4u64 {
        let seats = (0..2 + seed as usize % 3)
            .map(|i| Seat::bot(format!("B{i}"), BotLevel::ALL[i % 3]))
            .collect();
        let setup = crate::variants::shipped_setup::<PlayOnWords>(seats, seed, &[]).unwrap();
        let mut session = Session::<PlayOnWords>::new(setup).unwrap();
        let mut rng = crate::GameRng::for_bots(seed, 0);
        while let Some(seat) = session.state().to_move() {
            let view = session.state().view(seat);
            if let Some(card) = view.hand.first().filter(|_| view.phase == Phase::Play) {
                let mut copy = session.state().clone();
                let done = copy.apply(seat, &PowAction::PutUnder { card: card.id });
                match (&view.put_under_refusal, done) {
                    (None, Ok(_)) => assert!(view.can_put_under),
                    (Some(why), Err(e)) => {
                        assert!(!view.can_put_under);
                        assert_eq!(&e.to_string(), why);
                    }
                    (why, done) => panic!("view says {why:?}, the move did {done:?}"),
                }
                checked += 1;
            }
            let level = BotLevel::ALL[seat.index() % 3];
            session.play_bot(level, &mut rng).unwrap();
        }
    }
    assert!(checked > 100, "{checked} turns of play checked");
}

#[test]
fn a_pass_is_logged_only_when_the_seat_passed() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["BATFGH", "QXZVJKC"], "E B O O O O", &[]);
    ok(&mut g, P1, PowAction::Draw);
    ok(&mut g, P1, word("BAT"));
    let ev = ok(&mut g, P1, PowAction::Pass);
    assert!(
        !ev.iter().any(|e| matches!(e, PowEvent::Passed { .. })),
        "P1 played: {ev:?}"
    );
    // P2 holds eight consonants: it puts one under and ends the turn.
    ok(&mut g, P2, PowAction::Draw);
    let q = held(&g, P2, "Q");
    ok(&mut g, P2, PowAction::PutUnder { card: q });
    let ev = ok(&mut g, P2, PowAction::Pass);
    assert!(
        !ev.iter().any(|e| matches!(e, PowEvent::Passed { .. })),
        "{ev:?}"
    );
    // P1 holds 8 with a word it does not play: a pass.
    for _ in 0..4 {
        ok(&mut g, P1, PowAction::Draw);
    }
    let ev = ok(&mut g, P1, PowAction::Pass);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PowEvent::Passed { name } if name == "P1")),
        "{ev:?}"
    );
}

#[test]
fn a_muggins_pass_is_logged_bots_and_people_alike() {
    let mut g = game_with(3, &[]);
    deal(&mut g, &["CA", "T", ""], "X Y Z", &[]);
    g.final_left = Some(vec![]);
    g.went_out = Some(P3);
    g.end_play(&mut Vec::new());
    let ev = ok(&mut g, P1, PowAction::Pass);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PowEvent::MugginsPassed { name } if name == "P1")),
        "{ev:?}"
    );
    assert_eq!(ev[0].to_string(), "P1 passed in muggins.");
    let bot = bots::PowBot::new(BotLevel::Normal, g.dictionary().clone());
    let mut rng = GameRng::new(1, 1);
    let a = bot.choose(&g.view(P2), &mut rng).unwrap();
    assert_eq!(a, PowAction::Pass, "the normal bot never mugs");
    let ev = ok(&mut g, P2, a);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PowEvent::MugginsPassed { name } if name == "P2")),
        "{ev:?}"
    );
}

#[test]
fn easy_bots_go_out_in_most_rounds() {
    let mut out = 0;
    let rounds = 12;
    for seed in 0..rounds {
        let seats = Seat::bots(&[BotLevel::Easy, BotLevel::Easy]);
        let setup =
            crate::variants::shipped_setup::<PlayOnWords>(seats, seed, &[("rounds", "1")]).unwrap();
        let mut s = Session::<PlayOnWords>::new(setup).unwrap();
        let mut rng = GameRng::new(seed, 3);
        while !s.state().is_over() {
            s.play_bot(BotLevel::Easy, &mut rng).unwrap();
        }
        out += usize::from(s.state().last_round.as_ref().unwrap().went_out.is_some());
    }
    assert!(out * 3 >= rounds as usize * 2, "{out} of {rounds} rounds");
}

#[test]
fn every_review_claim_holds_when_the_best_move_is_made() {
    let judged =
        crate::review::tests::check_claims::<PlayOnWords>(3, |game, seat, review, best| {
            crate::wordgame::review::tests::check_words(
                game,
                seat,
                review,
                best,
                |a: &PlayOnWords, b: &PlayOnWords| {
                    // Going out ends the round with bonuses beyond the word.
                    (a.round == b.round
                        && b.to_move().is_some()
                        && a.options().version != Version::Casual)
                        .then(|| b.scores()[seat.index()] - a.scores()[seat.index()])
                },
            );
        });
    assert!(judged > 20, "{judged} moves judged");
}
