use super::*;
use crate::card::Face;
use crate::game::Session;
use crate::pile::{Hand, Stock};
use crate::rng::GameRng;
use crate::seat::Seat;
use crate::variants::{ok, refused};

const P1: SeatId = SeatId(0);
const P2: SeatId = SeatId(1);
const P3: SeatId = SeatId(2);

fn setup_with(seats: usize, options: &[(&str, &str)]) -> Setup<WrummyOptions> {
    let seats = (0..seats)
        .map(|i| Seat::human(format!("P{}", i + 1)))
        .collect();
    crate::variants::shipped_setup::<Wrummy>(seats, 7, options).unwrap()
}

fn game_with(seats: usize, options: &[(&str, &str)]) -> Wrummy {
    Wrummy::new(&setup_with(seats, options)).unwrap()
}

/// Cards of the game's own deck spelled by `text` ('?' a wild), with ids not
/// in `used`.
fn cards(g: &Wrummy, text: &str, used: &mut Vec<CardId>) -> Vec<Card> {
    crate::variants::spelled(&g.base.deck.build(1).unwrap(), text, used)
}

/// Stacks the game: each seat's hand, the stock (drawn first to last) and
/// the train (oldest first). The rest of the deck is set aside so that the
/// cards of the game stay distinct; tests that count cards use `deal_all`.
fn deal(g: &mut Wrummy, hands: &[&str], stock: &str, train: &str) {
    let mut used = Vec::new();
    for (i, h) in hands.iter().enumerate() {
        g.base.hands[i] = Hand::new(cards(g, h, &mut used));
    }
    let mut s = cards(g, stock, &mut used);
    s.reverse();
    g.base.stock = Stock::new(s);
    g.train = Train::new();
    for c in cards(g, train, &mut used) {
        g.train.discard(c);
    }
}

fn id(g: &Wrummy, seat: SeatId, letter: char) -> CardId {
    g.base.hands[seat.index()]
        .cards()
        .iter()
        .find(|c| match c.face {
            Face::Letter(l) => l.upper() == letter,
            _ => letter == '?',
        })
        .unwrap_or_else(|| panic!("{letter} not in hand"))
        .id
}

fn play(word: &str) -> WrummyAction {
    WrummyAction::Play(Spelled {
        word: word.into(),
        cards: None,
    })
}

fn extend(target: u32, word: &str) -> WrummyAction {
    WrummyAction::Extend {
        target,
        word: word.into(),
        cards: None,
    }
}

fn call(word: &str) -> WrummyAction {
    WrummyAction::Call {
        word: word.into(),
        positions: None,
    }
}

/// Lets every open call or challenge window pass.
fn pass_windows(g: &mut Wrummy) {
    while matches!(g.phase, Phase::Calls { .. } | Phase::Challenge(_)) {
        let s = g.to_move().unwrap();
        ok(g, s, WrummyAction::Pass);
    }
}

fn word_id(g: &Wrummy, text: &str) -> u32 {
    g.base
        .table
        .iter()
        .find(|w| w.text() == text)
        .unwrap_or_else(|| panic!("{text} not on the table"))
        .id
}

#[test]
fn the_deal_gives_seven_cards_each_and_starts_the_train() {
    let g = game_with(3, &[]);
    assert!(g.base.hands.iter().all(|h| h.len() == HAND));
    assert_eq!(g.train.len(), 1);
    let deck = g.base.deck.build(1).unwrap().len();
    assert_eq!(deck, 112, "108 letters and 4 wilds");
    assert_eq!(g.base.stock.len(), deck - 3 * HAND - 1);
    assert_eq!(g.cards_in_play().len(), deck);
    let wilds = g.base.deck.build(1).unwrap();
    assert_eq!(wilds.iter().filter(|c| c.face == Face::Wild).count(), 4);
}

#[test]
fn card_values_follow_the_colours_of_the_text() {
    let g = game_with(2, &[]);
    let value = |l: &str| g.base.deck.letters[l].value;
    for l in ["J", "K", "Q", "X", "Z"] {
        assert_eq!(value(l), 15, "{l} is orange");
    }
    for l in ["B", "C", "F", "H", "M", "P", "V", "W", "Y"] {
        assert_eq!(value(l), 10, "{l} is blue");
    }
    for l in ["A", "E", "I", "O", "U", "D", "G", "L", "N", "R", "S", "T"] {
        assert_eq!(value(l), 5, "{l} is green");
    }
    assert_eq!(g.base.deck.wild_value, 0);
}

#[test]
fn the_first_turn_takes_only_the_stock_or_the_top_of_the_train() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["CATSRUN", "DOGBERT"], "EEEE", "QZX");
    let e = refused(&mut g, P1, WrummyAction::TakeTrain { pos: 1 });
    assert!(e.contains("first turn"), "{e}");
    ok(&mut g, P1, WrummyAction::TakeTrain { pos: 2 });
    assert_eq!(g.base.hands[0].len(), 8);
    assert_eq!(g.deep.obliged(), None, "the top card carries no duty");
}

/// P1 plays a first turn (stock draw, discard) so that deep takes open.
fn after_first_turn(g: &mut Wrummy) {
    ok(g, P1, WrummyAction::DrawStock);
    let q = id(g, P1, 'Q');
    ok(g, P1, WrummyAction::Discard { card: q });
    pass_windows(g);
}

#[test]
fn a_deep_take_must_use_its_deepest_card_or_be_taken_back() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QVVWWKK", "ATRLLMM"], "XXEEE", "CHJ");
    after_first_turn(&mut g);
    // Train: C H J Q. P2 takes C and everything above it.
    ok(&mut g, P2, WrummyAction::TakeTrain { pos: 0 });
    assert_eq!(g.base.hands[1].len(), 11);
    assert!(g.train.is_empty());
    let z = id(&g, P2, 'M');
    let e = refused(&mut g, P2, WrummyAction::Discard { card: z });
    assert!(e.contains("use it in a word"), "{e}");
    // TAR does not use the C: still no discard.
    ok(&mut g, P2, play("TAR"));
    pass_windows(&mut g);
    refused(&mut g, P2, WrummyAction::Discard { card: z });
    // Take the whole turn back: the train and hand are as they were.
    ok(&mut g, P2, WrummyAction::TakeBack);
    assert_eq!(g.train.len(), 4);
    assert_eq!(g.base.hands[1].len(), 7);
    assert!(g.base.table.is_empty());
    let e = refused(&mut g, P2, WrummyAction::TakeTrain { pos: 0 });
    assert!(e.contains("took this turn back"), "{e}");
    ok(&mut g, P2, WrummyAction::TakeTrain { pos: 3 });
}

#[test]
fn a_deep_take_is_done_once_its_card_is_in_a_word() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QVVWWKK", "ATRLLMM"], "XXEEE", "CHJ");
    after_first_turn(&mut g);
    ok(&mut g, P2, WrummyAction::TakeTrain { pos: 0 });
    assert!(g.view(P2).can_take_back);
    ok(&mut g, P2, play("CART"));
    pass_windows(&mut g);
    // The turn can end now, so it can no longer be taken back, and the
    // screen is not told it may.
    assert!(!g.view(P2).can_take_back);
    let e = refused(&mut g, P2, WrummyAction::TakeBack);
    assert!(e.contains("You have used C in a word"), "{e}");
    let z = id(&g, P2, 'M');
    ok(&mut g, P2, WrummyAction::Discard { card: z });
}

#[test]
fn words_need_two_letters_and_one_card_kept_to_discard() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["AS", "DOGBERT"], "E", "QZT");
    ok(&mut g, P1, WrummyAction::TakeTrain { pos: 2 });
    let e = refused(&mut g, P1, play("A"));
    assert!(e.contains("at least 2"), "{e}");
    let e = refused(&mut g, P1, play("FRIEND"));
    assert_eq!(
        e,
        "FRIEND needs the letters D, E, F, I, N, R you don't hold."
    );
    let e = refused(&mut g, P1, play("SAT"));
    assert!(e.contains("keep one"), "{e}");
    ok(&mut g, P1, play("AT"));
    assert_eq!(g.base.hands[0].len(), 1);
}

#[test]
fn extensions_go_on_the_front_or_back_and_score_for_whoever_adds() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["RATQQ", "BSIEKK"], "EEEE", "ZX");
    ok(&mut g, P1, WrummyAction::DrawStock);
    ok(&mut g, P1, play("RAT"));
    pass_windows(&mut g);
    let q = id(&g, P1, 'Q');
    ok(&mut g, P1, WrummyAction::Discard { card: q });
    pass_windows(&mut g);
    ok(&mut g, P2, WrummyAction::DrawStock);
    let rat = word_id(&g, "RAT");
    let e = refused(&mut g, P2, extend(rat, "RAIT"));
    assert_eq!(
        e,
        "Letters go only on the front or back of RAT, never in the middle: RAIT splits it."
    );
    let e = refused(&mut g, P2, extend(rat, "BRATZ"));
    assert_eq!(e, "BRATZ needs a Z you don't hold.");
    ok(&mut g, P2, extend(rat, "BRATS"));
    pass_windows(&mut g);
    // The new word replaces the old one, in front of its owner.
    assert_eq!(g.base.table.len(), 1);
    assert_eq!(g.base.table[0].text(), "BRATS");
    assert_eq!(g.base.table[0].owner, P1);
    // B (10) and S (5) score for P2; R A T for P1.
    assert_eq!(table_points(&g.base.table, 2), vec![15, 15]);
    // An opponent's extension leaves the owner's credit at 3.
    assert_eq!(g.base.table[0].credit, 3);
    assert!(g.credits()[0].has(3));
    assert_eq!(g.credits()[1], Credit::default());
}

#[test]
fn extending_your_own_word_moves_its_credit() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["RATSQQ", "BIEKKW"], "EEEE", "ZX");
    ok(&mut g, P1, WrummyAction::DrawStock);
    ok(&mut g, P1, play("RAT"));
    pass_windows(&mut g);
    assert_eq!(g.credits()[0].marks(), "3 ✓ 4 ✗ 5 ✗");
    let rat = word_id(&g, "RAT");
    ok(&mut g, P1, extend(rat, "RATS"));
    pass_windows(&mut g);
    assert_eq!(g.credits()[0].marks(), "3 ✗ 4 ✓ 5 ✗");
}

#[test]
fn a_wild_is_named_when_played_and_keeps_its_letter() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["C?TQQ", "SKKWW"], "EEEE", "ZX");
    ok(&mut g, P1, WrummyAction::DrawStock);
    ok(&mut g, P1, play("CAT"));
    pass_windows(&mut g);
    assert_eq!(g.base.table[0].text(), "CAT");
    assert_eq!(g.base.table[0].cards[1].card.face, Face::Wild);
    let q = id(&g, P1, 'Q');
    ok(&mut g, P1, WrummyAction::Discard { card: q });
    pass_windows(&mut g);
    ok(&mut g, P2, WrummyAction::DrawStock);
    let cat = word_id(&g, "CAT");
    // The wild is an A now: COTS is no extension of CAT.
    let e = refused(&mut g, P2, extend(cat, "COTS"));
    assert!(e.contains("does not hold CAT"), "{e}");
    ok(&mut g, P2, extend(cat, "CATS"));
}

/// P1 has played CAT, SOAP and TRAIN (3-4-5 credited) and holds `rest`.
fn credited(rest: &str) -> Wrummy {
    let mut g = game_with(2, &[]);
    deal(
        &mut g,
        &[&format!("CATSOAPTRAIN{rest}"), "BKKWWVV"],
        "EEEEEEE",
        "ZX",
    );
    ok(&mut g, P1, WrummyAction::DrawStock);
    for w in ["CAT", "SOAP", "TRAIN"] {
        ok(&mut g, P1, play(w));
        pass_windows(&mut g);
    }
    assert!(g.credits()[0].complete());
    g
}

#[test]
fn going_out_with_three_four_five_ends_the_game_and_scores_table_less_hand() {
    // P1 holds Q and the drawn E: plays nothing more, discards... E first
    // is not going out; with only one card left the discard goes out.
    let mut g = credited("");
    let e = id(&g, P1, 'E');
    let events = ok(&mut g, P1, WrummyAction::Discard { card: e });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, WrummyEvent::WentOut { complete: true, .. }))
    );
    assert_eq!(g.phase, Phase::Over);
    let r = g.last_game.clone().unwrap();
    // CAT 20 + SOAP 25 + TRAIN 25 = 70 on the table, nothing in hand.
    assert_eq!(r.table[0], 70);
    assert_eq!(r.hand, vec![0, 10 + 15 + 15 + 10 + 10 + 10 + 10]);
    assert_eq!(r.scores, vec![70, -80]);
    assert_eq!(r.winners, vec![P1]);
    assert_eq!(g.outcome().unwrap().winners, vec![P1]);
}

#[test]
fn going_out_without_the_three_words_draws_five_next_turn() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["CATS", "BKKWWVV"], "EEEEEEEEEE", "ZX");
    ok(&mut g, P1, WrummyAction::DrawStock);
    ok(&mut g, P1, play("CATS"));
    pass_windows(&mut g);
    let e = id(&g, P1, 'E');
    let events = ok(&mut g, P1, WrummyAction::Discard { card: e });
    assert!(events.iter().any(|e| matches!(
        e,
        WrummyEvent::WentOut {
            complete: false,
            ..
        }
    )));
    pass_windows(&mut g);
    assert_ne!(g.phase, Phase::Over);
    ok(&mut g, P2, WrummyAction::DrawStock);
    let k = id(&g, P2, 'K');
    ok(&mut g, P2, WrummyAction::Discard { card: k });
    pass_windows(&mut g);
    ok(&mut g, P1, WrummyAction::DrawStock);
    assert_eq!(g.base.hands[0].len(), REFILL);
}

#[test]
fn match_play_adds_games_up_to_the_target() {
    let mut g = game_with(2, &[("target", "100")]);
    let mut rng = GameRng::new(3, 3);
    let bot = bots::WordBot::new(BotLevel::Normal, g.base.dict.0.clone());
    let mut games = 0;
    while let Some(s) = g.to_move() {
        let a = bot.choose(&g.view(s), &mut rng).unwrap();
        for e in ok(&mut g, s, a) {
            if matches!(e, WrummyEvent::GameOver { .. }) {
                games += 1;
                // In a match each game is numbered.
                assert!(
                    e.to_string().starts_with(&format!("Game {games} over")),
                    "{e}"
                );
            }
        }
    }
    let totals = g.scores();
    assert!(totals.iter().any(|&t| t >= 100), "{totals:?}");
    assert_eq!(g.base.sheet.rows().len(), games);
    assert!(games >= 2, "one game rarely reaches 100");
    let high = *totals.iter().max().unwrap();
    assert!(
        g.outcome()
            .unwrap()
            .winners
            .iter()
            .all(|w| totals[w.index()] == high)
    );
}

#[test]
fn when_the_stock_runs_out_every_other_seat_gets_one_final_turn() {
    let mut g = game_with(3, &[]);
    deal(&mut g, &["QQJJKKV", "XXZZVWW", "BBCCFFH"], "E", "M");
    ok(&mut g, P1, WrummyAction::DrawStock);
    assert_eq!(g.view(P1).final_turns, Some(2));
    let e = id(&g, P1, 'E');
    ok(&mut g, P1, WrummyAction::Discard { card: e });
    pass_windows(&mut g);
    // P2: the stock is out, so no draw; discards.
    refused(&mut g, P2, WrummyAction::DrawStock);
    ok(&mut g, P2, WrummyAction::SkipDraw);
    let x = id(&g, P2, 'X');
    ok(&mut g, P2, WrummyAction::Discard { card: x });
    pass_windows(&mut g);
    assert_eq!(g.view(P3).final_turns, Some(1));
    ok(&mut g, P3, WrummyAction::TakeTrain { pos: 2 });
    let b = id(&g, P3, 'B');
    ok(&mut g, P3, WrummyAction::Discard { card: b });
    pass_windows(&mut g);
    assert_eq!(g.phase, Phase::Over);
    let r = g.last_game.clone().unwrap();
    assert!(r.stock_ran_dry && r.went_out.is_none());
    assert_eq!(g.stats().rounds_stock_ran_dry, 1);
}

/// P1 draws the last card and discards an A on the train's M; P2 makes its
/// final turn with a T: M A T, where AT and MAT stand. The events of P2's
/// discard.
fn final_turn_discards_t(g: &mut Wrummy) -> Vec<WrummyEvent> {
    let hands = ["QQJJKKA", "XXZZVWT", "BBCCFFH"];
    deal(g, &hands[..g.base.hands.len()], "E", "M");
    ok(g, P1, WrummyAction::DrawStock);
    let a = id(g, P1, 'A');
    ok(g, P1, WrummyAction::Discard { card: a });
    pass_windows(g);
    ok(g, P2, WrummyAction::SkipDraw);
    let t = id(g, P2, 'T');
    ok(g, P2, WrummyAction::Discard { card: t })
}

#[test]
fn the_discard_that_ends_the_game_opens_no_call_window() {
    let mut g = game_with(2, &[]);
    let events = final_turn_discards_t(&mut g);
    assert_eq!(g.phase, Phase::Over, "{events:?}");
    // A single game is not numbered: "The game is over", not "Game 1 over".
    let over = events
        .iter()
        .find(|e| matches!(e, WrummyEvent::GameOver { .. }))
        .unwrap_or_else(|| panic!("{events:?}"))
        .to_string();
    assert!(over.starts_with("The game is over"), "{over}");
    refused(&mut g, P1, call("AT"));
    // With a third seat still to make its final turn, the window opens.
    let mut g = game_with(3, &[]);
    final_turn_discards_t(&mut g);
    assert!(matches!(g.phase, Phase::Calls { .. }), "{:?}", g.phase);
}

#[test]
fn callers_go_in_seat_order_and_the_discarder_may_not_use_their_discard() {
    let mut g = game_with(3, &[]);
    deal(&mut g, &["QQJJKKT", "XXVVWWB", "BCFFHHP"], "EEEE", "MMCA");
    ok(&mut g, P1, WrummyAction::DrawStock);
    let t = id(&g, P1, 'T');
    ok(&mut g, P1, WrummyAction::Discard { card: t });
    // Train Z Z C A T: CAT stands there. P2 calls first, then P3, then P1.
    let Phase::Calls { waiting, .. } = g.phase.clone() else {
        panic!("no call window: {:?}", g.phase)
    };
    assert_eq!(waiting.next(), Some(P2));
    assert_ne!(
        waiting.seats().last(),
        Some(&P1),
        "CAT needs P1's own discard"
    );
    ok(&mut g, P2, WrummyAction::Pass);
    let e = refused(&mut g, P3, call("MAC"));
    assert!(e.contains("does not stand in the train"), "{e}");
    ok(&mut g, P3, call("CAT"));
    pass_windows(&mut g);
    assert_eq!(g.train.len(), 2, "the gap closes");
    let cat = &g.base.table[0];
    assert_eq!(
        (cat.text().as_str(), cat.owner, cat.source),
        ("CAT", P3, Source::Call)
    );
    assert!(g.credits()[2].has(3));
    assert_eq!(table_points(&g.base.table, 3)[2], 20);
    // Play goes on where it left off: P2 to draw.
    assert_eq!((g.phase.clone(), g.to_move()), (Phase::Draw, Some(P2)));
}

#[test]
fn the_discarder_may_call_without_their_discard() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QQJJKKZ", "XXZVWVB"], "EEEE", "DOG");
    ok(&mut g, P1, WrummyAction::DrawStock);
    let z = id(&g, P1, 'Z');
    ok(&mut g, P1, WrummyAction::Discard { card: z });
    let Phase::Calls { waiting, .. } = g.phase.clone() else {
        panic!("DOG stands in the train")
    };
    assert_eq!(waiting.seats(), &[P2, P1]);
    ok(&mut g, P2, WrummyAction::Pass);
    let e = refused(&mut g, P1, call("DOGZ"));
    assert!(e.contains("just discarded"), "{e}");
    ok(&mut g, P1, call("DOG"));
    pass_windows(&mut g);
    assert_eq!(g.base.table[0].owner, P1);
}

fn call_rule_game(rule: &str, train: &str) -> Wrummy {
    let mut g = game_with(2, &[("calls", rule)]);
    deal(&mut g, &["QQWWZVV", "XXZBBMM"], "EEEE", train);
    ok(&mut g, P1, WrummyAction::DrawStock);
    let z = id(&g, P1, 'Z');
    ok(&mut g, P1, WrummyAction::Discard { card: z });
    g
}

#[test]
fn each_call_rule_finds_words_as_it_says() {
    // Train C J A J T (+ Z): CAT in order with gaps, ACT in any order.
    let mut g = call_rule_game("adjacent", "CJAJT");
    if matches!(g.phase, Phase::Calls { .. }) {
        refused(&mut g, P2, call("CAT"));
    }
    let mut g = call_rule_game("in_order", "CJAJT");
    refused(&mut g, P2, call("ACT"));
    ok(&mut g, P2, call("CAT"));
    pass_windows(&mut g);
    assert_eq!(g.train.cards().len(), 3, "J J Z left");
    let mut g = call_rule_game("any_order", "CJAJT");
    ok(&mut g, P2, call("ACT"));
    pass_windows(&mut g);
    assert_eq!(g.base.table[0].text(), "ACT");
}

#[test]
fn an_upheld_challenge_returns_the_cards_and_ends_the_turn() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QVVWWKK", "ATRLLMM"], "XXEEE", "CHJ");
    after_first_turn(&mut g);
    ok(&mut g, P2, WrummyAction::TakeTrain { pos: 0 });
    ok(&mut g, P2, play("TARC"));
    assert_eq!(g.to_move(), Some(P1), "P1 may challenge");
    let events = ok(&mut g, P1, WrummyAction::Challenge);
    assert!(matches!(
        events[0],
        WrummyEvent::Challenge(crate::wordgame::ChallengeNews::Upheld { .. })
    ));
    assert!(g.base.table.is_empty());
    assert_eq!(g.base.hands[1].len(), 7, "the train cards went back");
    let train: String = g.train.cards().iter().map(|c| c.face.to_string()).collect();
    assert_eq!(train, "CHJQ");
    assert_eq!((g.phase.clone(), g.to_move()), (Phase::Draw, Some(P1)));
}

/// P2 has just played `word` (from A T R L L M M and the train's C); P1, a
/// bot of `level`, is asked whether to challenge it, under `streams` seeds.
fn challenges_by(level: BotLevel, word: &str, streams: u64) -> u64 {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QVVWWKK", "ATRLLMM"], "XXEEEE", "CHJ");
    after_first_turn(&mut g);
    ok(&mut g, P2, WrummyAction::TakeTrain { pos: 0 });
    ok(&mut g, P2, play(word));
    assert_eq!(g.to_move(), Some(P1));
    let bot = bots::WordBot::new(level, g.base.dict.0.clone());
    (0..streams)
        .filter(|&i| {
            let a = bot.choose(&g.view(P1), &mut GameRng::for_bots(i, 0));
            assert!(
                matches!(a, Some(WrummyAction::Challenge | WrummyAction::Pass)),
                "{a:?}"
            );
            a == Some(WrummyAction::Challenge)
        })
        .count() as u64
}

#[test]
fn every_bot_challenges_a_non_word_and_none_a_legal_one() {
    assert!(!Dictionary::shipped().check("tarc").is_legal());
    for level in [BotLevel::Normal, BotLevel::Hard] {
        assert_eq!(challenges_by(level, "TARC", 40), 40, "{level}");
        assert_eq!(challenges_by(level, "CART", 40), 0, "{level}");
    }
    // The easy bot plain nonsense (no word starts TARC), never a legal
    // word.
    assert!(Dictionary::shipped().is_nonsense("tarc"));
    assert_eq!(challenges_by(BotLevel::Easy, "TARC", 20), 20);
    assert_eq!(challenges_by(BotLevel::Easy, "CART", 20), 0);
}

#[test]
fn a_failed_challenge_costs_the_challenger_a_turn() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QVVWWKK", "ATRLLMM"], "XXEEEE", "CHJ");
    after_first_turn(&mut g);
    ok(&mut g, P2, WrummyAction::TakeTrain { pos: 0 });
    ok(&mut g, P2, play("CART"));
    let events = ok(&mut g, P1, WrummyAction::Challenge);
    assert!(matches!(
        events[0],
        WrummyEvent::Challenge(crate::wordgame::ChallengeNews::Failed { .. })
    ));
    assert_eq!(g.base.table[0].text(), "CART");
    assert_eq!(g.to_move(), Some(P2), "P2 plays on");
    let z = id(&g, P2, 'M');
    let events = ok(&mut g, P2, WrummyAction::Discard { card: z });
    pass_windows(&mut g);
    assert!(
        events.iter().any(|e| matches!(
            e,
            WrummyEvent::Challenge(crate::wordgame::ChallengeNews::LostTurn { .. })
        )),
        "{events:?}"
    );
    assert_eq!(g.to_move(), Some(P2), "P1's turn was lost");
}

#[test]
fn strict_checking_refuses_a_non_word_at_once() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["ATRQQ", "BSIEKK"], "EEEE", "ZX");
    ok(&mut g, P1, WrummyAction::DrawStock);
    let e = refused(&mut g, P1, play("TRA"));
    assert_eq!(e, "TRA is not in the dictionary.");
    ok(&mut g, P1, play("ART"));
    assert_eq!(g.phase, Phase::Play, "no challenge window in strict play");
}

#[test]
fn bots_play_whole_games_from_their_views() {
    for (i, levels) in [
        [BotLevel::Easy, BotLevel::Hard],
        [BotLevel::Normal, BotLevel::Normal],
    ]
    .iter()
    .enumerate()
    {
        let mut setup = setup_with(2, &[]);
        setup.seats = Seat::bots(levels);
        setup.seed = 40 + i as u64;
        let mut s = Session::<Wrummy>::new(setup).unwrap();
        let mut rng = GameRng::new(1, 1);
        let mut moves = 0;
        while let Some(seat) = s.state().to_move() {
            let level = levels[seat.index()];
            s.play_bot(level, &mut rng).unwrap();
            moves += 1;
            assert!(moves < 5_000);
        }
        assert!(s.state().outcome().is_some());
    }
}

#[test]
fn the_hint_names_a_word_and_says_why() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["BRATQQ", "SKKWWV"], "EEEE", "ZX");
    ok(&mut g, P1, WrummyAction::DrawStock);
    let h = hint::hint(&g.view(P1), &g.base.dict.0).unwrap();
    assert!(matches!(h.action, WrummyAction::Play(_)), "{h:?}");
    assert!(h.long.contains("points on the table"), "{}", h.long);
    // The hinted move is legal.
    ok(&mut g, P1, h.action);
}

#[test]
fn a_typed_word_lists_each_way_to_play_it_with_its_cards() {
    let mut g = game_with(2, &[]);
    deal(&mut g, &["QVVWWKK", "ATRLCM?"], "XXEEE", "CHJ");
    after_first_turn(&mut g);
    assert!(
        g.view(P2).word_moves("cat").is_empty(),
        "no words while drawing"
    );
    // Train: C H J Q. P2 takes the deep C, which a word must use.
    ok(&mut g, P2, WrummyAction::TakeTrain { pos: 0 });
    let view = g.view(P2);
    let taken = view.must_card().expect("a card to use").id;
    let wild = id(&g, P2, '?');
    let plays: Vec<Vec<CardId>> = view
        .word_moves("cat")
        .into_iter()
        .map(|m| match m {
            WrummyAction::Play(Spelled { word, cards }) => {
                assert_eq!(word, "CAT");
                cards.expect("cards named")
            }
            other => panic!("{other:?}"),
        })
        .collect();
    // C A T, then the wild for each letter in turn: the two Cs are alike.
    assert_eq!(plays.len(), 4, "{plays:?}");
    assert!(!plays[0].contains(&wild), "letters before the wild");
    for cards in &plays {
        assert_eq!(cards.len(), 3);
        assert!(cards.contains(&taken) || cards[0] == wild, "{cards:?}");
    }
    // With AT on the table, CAT also grows it, by the C or by the wild.
    let mut used: Vec<CardId> = g.cards_in_play().iter().map(|c| c.id).collect();
    let at = cards(&g, "AT", &mut used);
    let at_id = g.base.table.add(
        P1,
        at.into_iter()
            .map(|card| TableCard::new(card, &[card.face.letter().unwrap()], P1).unwrap())
            .collect(),
        Source::Hand,
    );
    let moves = g.view(P2).word_moves("CAT");
    let grows: Vec<&Vec<CardId>> = moves
        .iter()
        .filter_map(|m| match m {
            WrummyAction::Extend { target, cards, .. } if *target == at_id => cards.as_ref(),
            _ => None,
        })
        .collect();
    assert_eq!(grows, vec![&vec![taken], &vec![wild]]);
    // Every way listed is a move the game takes.
    for m in &moves {
        g.clone()
            .apply(P2, m)
            .unwrap_or_else(|e| panic!("{m:?}: {e}"));
    }
    // A word the hand cannot spell is listed without cards, for the reason.
    let none = g.view(P2).word_moves("zzz");
    assert_eq!(none, vec![play("ZZZ")]);
    assert!(refused(&mut g, P2, play("ZZZ")).contains("you don't hold"));
}

/// P1's hint and each bot's play from `hand` (after drawing a Q, which
/// spells nothing here), on an empty table.
fn plays_from(hand: &str) -> (Wrummy, Vec<(BotLevel, Option<String>)>, String) {
    let mut g = game_with(2, &[]);
    deal(&mut g, &[hand, "SKKWWV"], "Q", "ZX");
    ok(&mut g, P1, WrummyAction::DrawStock);
    let view = g.view(P1);
    let levels = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];
    let bots = levels
        .iter()
        .map(|&l| {
            let bot = bots::WordBot::new(l, g.base.dict.0.clone());
            (l, bot.best_play(&view, &view.hand, None).map(|c| c.word))
        })
        .collect();
    let h = hint::hint(&view, &g.base.dict.0).unwrap();
    (g, bots, h.short)
}

#[test]
fn of_two_words_that_score_the_same_the_common_one_is_played() {
    // HARM and HALM: the same letters' points, the same credit. HARM is
    // common (tier 10), HALM rare (70).
    let d = Dictionary::shipped();
    assert!(d.tier("harm") < d.tier("halm"));
    for (hand, common, rare) in [("HALMR", "HARM", "HALM")] {
        let (mut g, bots, hint) = plays_from(hand);
        assert_eq!(hint, format!("Play {common}"), "not {rare}");
        for (level, word) in bots {
            assert_eq!(word.as_deref(), Some(common), "{level:?}");
        }
        // The hard bot, which weighs no word by its rarity, values the two
        // the same: only the tie-break chooses.
        let view = g.view(P1);
        let hard = bots::WordBot::new(BotLevel::Hard, g.base.dict.0.clone());
        let values = bots::HandValues::of(&view.hand);
        let credit = view.credits[0];
        let value = |w: &str| hard.word_value(w, &values, credit, 0.0).1;
        assert_eq!(value(&common.to_lowercase()), value(&rare.to_lowercase()));
        ok(&mut g, P1, play(common));
    }
}

#[test]
fn among_plays_of_equal_value_every_level_and_the_hint_choose_the_most_common() {
    let g0 = game_with(2, &[]);
    let deck: Vec<Card> = g0.base.deck.build(1).unwrap();
    let dict = g0.base.dict.0.clone();
    let mut rng = GameRng::new(14, 14);
    let mut ties = 0;
    for _ in 0..150 {
        let mut cards = deck.clone();
        rng.shuffle(&mut cards);
        let hand: Vec<Card> = cards.into_iter().take(6 + rng.below(3) as usize).collect();
        let mut g = game_with(2, &[]);
        g.base.hands[0] = Hand::new(hand);
        let view = g.view(P1);
        let credit = view.credits[0];
        let values = bots::HandValues::of(&view.hand);
        let rack: String = view
            .hand
            .iter()
            .map(|c| c.face.letter().map_or('?', |l| l.lower()))
            .collect();
        let mut bots: Vec<bots::WordBot> = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard]
            .into_iter()
            .map(|l| bots::WordBot::new(l, dict.clone()))
            .collect();
        bots.push(bots::WordBot::for_hints(
            dict.clone(),
            crate::dict::BotWords::default(),
        ));
        for bot in &bots {
            let Some(chosen) = bot.best_play(&view, &view.hand, None) else {
                continue;
            };
            let chosen = chosen.word.to_lowercase();
            let key = |w: &str| {
                let rare = bot.rarity_cost(w)?;
                Some(bot.word_value(w, &values, credit, rare).1)
            };
            let best = key(&chosen).expect("the bot knows its word");
            let longest = bot.style.longest.min(view.hand.len() - 1);
            let rack = crate::dict::Rack::from_letters(&rack).unwrap();
            for w in dict.playable(&rack, None, 2, longest) {
                let Some(v) = key(w) else { continue };
                assert!(v <= best, "{w} ({v}) beats {chosen} ({best})");
                if v == best && w != chosen {
                    ties += 1;
                    let (tw, tc) = (dict.tier(w), dict.tier(&chosen));
                    assert!(
                        tw > tc || (tw == tc && w > chosen.as_str()),
                        "{w} before {chosen}"
                    );
                }
            }
        }
    }
    assert!(ties > 20, "the hands give ties to break: {ties}");
}

/// What the engine previews for a typed word is what `apply` then does: the
/// same refusal, the same cards laid, the points the seat's table count
/// gains, and the 3-4-5 credits it names. Checked on every playing turn of
/// seeded bot games, for the bot's own word and every table word grown by
/// one letter of the hand.
#[test]
fn a_preview_is_what_the_move_then_does() {
    let mut checked = (0, 0);
    for seed in 0..6u64 {
        let seats = Seat::bots(&[BotLevel::Normal, BotLevel::Hard, BotLevel::Easy]);
        let setup = crate::variants::shipped_setup::<Wrummy>(seats, seed, &[]).unwrap();
        let mut session = Session::<Wrummy>::new(setup).unwrap();
        let mut rng = GameRng::new(seed, 5);
        let mut moves = 0;
        while let Some(seat) = session.state().to_move() {
            moves += 1;
            assert!(moves < 3_000, "seed {seed}: the game does not end");
            let g = session.state().clone();
            if *g.phase() == Phase::Play {
                let view = g.view(seat);
                let mut words: Vec<String> = Vec::new();
                for w in &view.table {
                    for c in &view.hand {
                        if let Some(l) = c.face.letter() {
                            words.push(format!("{}{}", w.text(), l.upper()));
                            words.push(format!("{}{}", l.upper(), w.text()));
                        }
                    }
                }
                if let Some(
                    WrummyAction::Play(Spelled { word, .. }) | WrummyAction::Extend { word, .. },
                ) = bots::WordBot::new(BotLevel::Hard, g.dictionary().clone())
                    .choose(&view, &mut GameRng::new(seed, 9))
                {
                    words.push(word);
                }
                for word in &words {
                    for action in g.word_moves(seat, word) {
                        let said = g.preview(seat, &action);
                        let mut next = g.clone();
                        let done = next.apply(seat, &action);
                        match (said, done) {
                            (Err(a), Err(b)) => {
                                assert_eq!(a, b);
                                checked.1 += 1;
                            }
                            (Ok(p), Ok(_)) => {
                                let laid = next.base.table.laid_since(g.table());
                                assert_eq!(p.lays, laid, "{action:?}");
                                let gain = next.view(seat).table_points()[seat.index()]
                                    - view.table_points()[seat.index()];
                                assert_eq!(p.points, gain, "{action:?}");
                                let credit = next.credits()[seat.index()];
                                for l in REQUIRED {
                                    let named = p.earns.contains(&format!("your {l}-letter word"));
                                    let lost = p
                                        .earns
                                        .contains(&format!("but you lose your {l}-letter word"));
                                    let had = g.credits()[seat.index()].has(l);
                                    assert_eq!(named, credit.has(l) && !had, "{action:?} {p:?}");
                                    assert_eq!(lost, had && !credit.has(l), "{action:?} {p:?}");
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
    assert!(checked.0 > 100 && checked.1 > 100, "{checked:?}");
}

#[test]
fn every_review_claim_holds_when_the_best_move_is_made() {
    let judged = crate::review::tests::check_claims::<Wrummy>(3, |game, seat, review, best| {
        crate::wordgame::review::tests::check_words(
            game,
            seat,
            review,
            best,
            |a: &Wrummy, b: &Wrummy| {
                let t = |g: &Wrummy| g.view(seat).table_points()[seat.index()];
                (a.base.sheet == b.base.sheet).then(|| t(b) - t(a))
            },
        );
    });
    assert!(judged > 20, "{judged} moves judged");
}
