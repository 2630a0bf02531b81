use super::meld::is_meld;
use super::*;
use crate::card::{Face, Suit, count_points};
use crate::game::Session;
use crate::seat::Seat;
use crate::variants::{RulesSource, load_rules};

fn setup(seats: usize, seed: u64) -> Setup<FiveSuitedOptions> {
    let rules = load_rules::<FiveSuited>(&RulesSource::default()).unwrap();
    let seats = (0..seats)
        .map(|i| Seat::human(format!("P{}", i + 1)))
        .collect();
    Setup::new(rules, seats, seed)
}

fn game(seats: usize, seed: u64) -> FiveSuited {
    FiveSuited::new(&setup(seats, seed)).unwrap()
}

/// A card by its text: "7H", "10T", "JK" for a joker, with the id it has in
/// the game's own deck (so the game's cards stay distinct).
fn find(g: &FiveSuited, text: &str, skip: &[CardId]) -> Card {
    let deck = g.deck.build(g.copies).unwrap();
    deck.into_iter()
        .find(|c| {
            !skip.contains(&c.id)
                && (if text == "JK" {
                    c.face == Face::Joker
                } else {
                    c.face.ascii() == text
                })
        })
        .unwrap_or_else(|| panic!("no {text}"))
}

fn cards(g: &FiveSuited, text: &str) -> Vec<Card> {
    let mut out: Vec<Card> = Vec::new();
    for t in text.split_whitespace() {
        let skip: Vec<CardId> = out.iter().map(|c| c.id).collect();
        out.push(find(g, t, &skip));
    }
    out
}

/// Gives each seat the hands named, the stock `stock` (drawn first to last)
/// and the discard pile `discards` (top last), from a fresh deck.
fn deal(g: &mut FiveSuited, hands: &[&str], stock: &str, discards: &str) {
    let all = format!("{} {stock} {discards}", hands.join(" "));
    let every = cards(g, &all);
    let mut it = every.into_iter();
    for (i, h) in hands.iter().enumerate() {
        let n = h.split_whitespace().count();
        g.hands[i] = Hand::new(it.by_ref().take(n).collect());
    }
    let s: Vec<Card> = it.by_ref().take(stock.split_whitespace().count()).collect();
    g.stock = Stock::new(s);
    g.discards = Train::new();
    for c in it {
        g.discards.discard(c);
    }
}

fn id(g: &FiveSuited, seat: usize, text: &str) -> CardId {
    g.hands[seat]
        .cards()
        .iter()
        .find(|c| c.face.ascii() == text || (text == "JK" && c.face == Face::Joker))
        .unwrap_or_else(|| panic!("seat {seat} holds no {text}"))
        .id
}

/// Seat `seat` discards `card`; how the round ended, if it did.
fn discard(g: &mut FiveSuited, seat: u8, card: CardId) -> Option<RoundResult> {
    let events = g
        .apply(SeatId(seat), &FiveAction::Discard { card })
        .unwrap();
    events.into_iter().find_map(|e| match e {
        FiveEvent::RoundOver { result, .. } => Some(result),
        _ => None,
    })
}

#[test]
fn the_deck_is_58_cards_and_two_decks_for_five_to_seven() {
    let g = game(4, 1);
    let deck = g.deck.build(g.copies).unwrap();
    assert_eq!(deck.len(), 58);
    assert_eq!(deck.iter().filter(|c| c.face == Face::Joker).count(), 3);
    for s in Suit::ALL {
        assert_eq!(deck.iter().filter(|c| c.face.suit() == Some(s)).count(), 11);
    }
    assert_eq!(g.cards_in_play().len(), 58);
    for seats in 5..=7 {
        let g = game(seats, 2);
        assert_eq!(g.cards_in_play().len(), 116, "{seats} seats");
        assert_eq!(
            g.hands.iter().map(Hand::len).collect::<Vec<_>>(),
            vec![3; seats]
        );
    }
    assert!(FiveSuited::new(&setup(8, 1)).is_err());
    assert!(FiveSuited::new(&setup(1, 1)).is_err());
}

#[test]
fn each_round_deals_one_more_card_and_its_count_is_wild() {
    let mut s = Session::<FiveSuited>::new(setup(3, 9)).unwrap();
    let mut rng = GameRng::new(9, 0);
    let mut seen = Vec::new();
    let mut last = u32::MAX;
    while s.state().to_move().is_some() {
        let g = s.state();
        if g.round != last {
            last = g.round;
            let first = g.turn.current();
            seen.push((g.dealt(), g.wild().number(), first));
            assert!(g.hands.iter().all(|h| h.len() == g.dealt()));
            assert_eq!(g.discards.len(), 1, "one card turned up");
        }
        s.play_bot(BotLevel::Normal, &mut rng).unwrap();
    }
    let dealt: Vec<usize> = seen.iter().map(|s| s.0).collect();
    assert_eq!(dealt, (3..=13).collect::<Vec<_>>());
    assert!(seen.iter().all(|s| s.0 as u8 == s.1), "wild = cards dealt");
    // The first seat moves one to the left each round.
    let firsts: Vec<u8> = seen.iter().map(|s| s.2.0).collect();
    assert_eq!(firsts[..4], [0, 1, 2, 0]);
    assert_eq!(s.state().sheet().rows().len(), 11);
    assert!(s.state().sheet().rows()[10].label.contains("Kings wild"));
}

#[test]
fn a_turn_is_draw_then_discard_and_refusals_change_nothing() {
    let mut g = game(2, 3);
    let before = g.clone();
    let any = g.hands[0].cards()[0].id;
    let err = g
        .apply(SeatId(0), &FiveAction::Discard { card: any })
        .unwrap_err();
    assert!(err.to_string().contains("must first draw"), "{err}");
    assert!(g.apply(SeatId(1), &FiveAction::DrawStock).is_err());
    assert_eq!(g, before);
    let top = *g.discards.top().unwrap();
    g.apply(SeatId(0), &FiveAction::TakeDiscard).unwrap();
    assert!(g.hands[0].contains(top.id));
    let before = g.clone();
    let err = g.apply(SeatId(0), &FiveAction::DrawStock).unwrap_err();
    assert!(err.to_string().contains("has drawn already"), "{err}");
    let err = g
        .apply(SeatId(0), &FiveAction::Discard { card: top.id })
        .unwrap_err();
    assert!(err.to_string().contains("discard another card"), "{err}");
    let err = g
        .apply(SeatId(0), &FiveAction::Discard { card: CardId(999) })
        .unwrap_err();
    assert!(err.to_string().contains("does not hold"), "{err}");
    assert_eq!(g, before);
    g.apply(SeatId(0), &FiveAction::Discard { card: any })
        .unwrap();
    assert_eq!(g.discards.top().unwrap().id, any);
    assert_eq!(g.to_move(), Some(SeatId(1)));
    // What the others see of it: the take and the throw, not the hand.
    let v = g.view(SeatId(1));
    assert_eq!(v.took[0], vec![top]);
    assert_eq!(v.hand.len(), 3);
    assert_eq!(v.hand_sizes, vec![3, 3]);
}

#[test]
fn going_out_gives_each_other_seat_one_final_turn() {
    let mut g = game(3, 4);
    // Round one: 3s wild. P1 holds 5♥ 6♥ and a 3 (wild), draws K♠ and
    // throws it: out with a run.
    deal(
        &mut g,
        &["5H 6H 3S", "KH QH 9C", "4D 4C 8T"],
        "KS 4H 10D 7D 7S",
        "9D",
    );
    g.turn.set(SeatId(0));
    g.apply(SeatId(0), &FiveAction::DrawStock).unwrap();
    let ks = id(&g, 0, "KS");
    let events = g
        .apply(SeatId(0), &FiveAction::Discard { card: ks })
        .unwrap();
    assert!(
        matches!(events.last(), Some(FiveEvent::WentOut { .. })),
        "{events:?}"
    );
    assert_eq!(g.went_out, Some(SeatId(0)));
    assert!(g.view(SeatId(1)).final_turn());
    // P2's final turn: take K♠, throw 9♣, lay down nothing of K♥ Q♥ K♠.
    g.apply(SeatId(1), &FiveAction::TakeDiscard).unwrap();
    let nine = id(&g, 1, "9C");
    let events = g
        .apply(SeatId(1), &FiveAction::Discard { card: nine })
        .unwrap();
    assert!(matches!(events.last(), Some(FiveEvent::LaidDown { .. })));
    assert_eq!(g.laid[1].as_ref().unwrap().points, 13 + 12 + 13);
    assert_eq!(g.round, 0, "the round waits for P3");
    // P3: draws 4♥, makes 4♦ 4♣ 4♥, throws 8★: 0 points, but P1 went out.
    g.apply(SeatId(2), &FiveAction::DrawStock).unwrap();
    let eight = id(&g, 2, "8T");
    // On a last turn the hint lays the hand down: nobody goes out twice.
    let h = hint::hint(&g.view(SeatId(2))).expect("a hint");
    assert_eq!(h.action, FiveAction::Discard { card: eight });
    assert!(
        h.text.contains("lay down") && !h.text.contains("go out"),
        "{}",
        h.text
    );
    let over = discard(&mut g, 2, eight).expect("the round ends after the last final turn");
    assert_eq!(over.points, vec![0, 38, 0]);
    assert_eq!(over.went_out, Some(SeatId(0)));
    assert!(!over.stock_ran_dry);
    assert!(is_meld(&over.laid[0].melds[0].cards, Rank::new(3).unwrap()));
    assert_eq!(g.round, 1, "round two is dealt");
    assert_eq!(g.hands[0].len(), 4);
    assert_eq!(g.scores(), vec![0, 38, 0]);
}

#[test]
fn scoring_counts_face_values_the_rounds_wild_and_jokers() {
    let mut g = game(2, 5);
    g.round = 4; // 7 cards dealt, 7s wild
    deal(
        &mut g,
        &["JK 7H QS KD 10C 4H 5S", "8H 9H 10H 3C 3D 3S 6D"],
        "JH",
        "4C",
    );
    g.turn.set(SeatId(0));
    g.options.reshuffles = 0;
    // P1 draws J♥ and throws it; the stock is now empty and cannot be
    // rebuilt, so the round ends and everyone lays down.
    g.apply(SeatId(0), &FiveAction::DrawStock).unwrap();
    let jh = id(&g, 0, "JH");
    let over = discard(&mut g, 0, jh).expect("the round ends");
    assert!(over.stock_ran_dry);
    // P1: the joker and the 7♥ (wild, 50 and 20 in hand) go with the king,
    // the dearest card they can meld with; Q♠ 12 + 10♣ 10 + 4♥ 4 + 5♠ 5 = 31.
    assert_eq!(over.points[0], 31);
    // P2: 8♥ 9♥ 10♥ and 3♣ 3♦ 3♠ meld; 6♦ is left.
    assert_eq!(over.points[1], 6);
    assert_eq!(g.stats().rounds_stock_ran_dry, 1);
}

#[test]
fn an_empty_stock_is_rebuilt_from_the_discards_up_to_the_limit() {
    let mut g = game(2, 6);
    deal(&mut g, &["5H 9C KD", "6H 10C QD"], "4S", "8S 8D 8C");
    g.turn.set(SeatId(0));
    g.apply(SeatId(0), &FiveAction::DrawStock).unwrap();
    let kd = id(&g, 0, "KD");
    let events = g
        .apply(SeatId(0), &FiveAction::Discard { card: kd })
        .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, FiveEvent::Reshuffled { cards: 3 })),
        "{events:?}"
    );
    assert_eq!(g.stock.len(), 3);
    assert_eq!(g.discards.top().unwrap().id, kd);
    assert_eq!(g.view(SeatId(1)).reshuffles_left, 1);
    // The ten cards this test dealt are all still there.
    assert_eq!(g.cards_in_play().len(), 10);
}

#[test]
fn the_lowest_total_wins_and_ties_share() {
    let mut g = game(3, 7);
    g.sheet.record("a", vec![10, 5, 5]);
    g.over = true;
    assert_eq!(g.outcome().unwrap().winners, vec![SeatId(1), SeatId(2)]);
    g.sheet.record("b", vec![0, 1, 0]);
    assert_eq!(g.outcome().unwrap().winners, vec![SeatId(2)]);
    assert_eq!(g.to_move(), None);
}

#[test]
fn bad_rules_are_refused() {
    let mut s = setup(2, 1);
    s.rules.deck.ranks = Some(crate::deck::RankSpan::try_from("A-K".to_string()).unwrap());
    assert!(
        FiveSuited::new(&s)
            .unwrap_err()
            .to_string()
            .contains("3 to K")
    );
    let mut s = setup(2, 1);
    s.rules.deck.suits = vec![Suit::Hearts];
    let err = FiveSuited::new(&s).unwrap_err().to_string();
    assert!(err.contains("too few"), "{err}");
    for bad in [0, -5, 1_001] {
        let mut s = setup(2, 1);
        s.rules.deck.joker_value = bad;
        let err = FiveSuited::new(&s).unwrap_err().to_string();
        assert!(
            err.contains("a joker must score between 1 and 1000"),
            "{err}"
        );
    }
    let mut s = setup(2, 1);
    s.rules.seats.max = 8;
    s.seats = (0..8).map(|i| Seat::human(format!("P{i}"))).collect();
    let err = FiveSuited::new(&s).unwrap_err().to_string();
    assert!(err.contains("at most 7 seats"), "{err}");
    let r = load_rules::<FiveSuited>(&RulesSource {
        path: None,
        options: &[("rounds".into(), "12".into())],
    });
    assert!(
        r.unwrap_err()
            .to_string()
            .contains("rounds must be between 1 and 11")
    );
}

#[test]
fn every_bot_plays_whole_games_for_every_seat_count() {
    for seats in 2..=7 {
        for level in [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard] {
            let mut s = setup(seats, seats as u64);
            s.rules = s
                .rules
                .with_options(&[("rounds".into(), "3".into())])
                .unwrap();
            let mut session = Session::<FiveSuited>::new(s).unwrap();
            let mut rng = GameRng::new(1, 1);
            while session.state().to_move().is_some() {
                session.play_bot(level, &mut rng).unwrap();
            }
            assert_eq!(session.state().sheet().rows().len(), 3);
        }
    }
}

/// A two-seat game in round one (3s wild) with P1 to move holding `hand`
/// and the discard pile `discards`.
fn position(hand: &str, other: &str, discards: &str) -> FiveSuited {
    let mut g = game(2, 11);
    deal(&mut g, &[hand, other], "10S 10D 10C 5T", discards);
    g.turn.set(SeatId(0));
    g
}

fn choose(level: BotLevel, g: &FiveSuited) -> FiveAction {
    let view = g.view(SeatId(0));
    bots::for_level(level)
        .choose(&view, &mut GameRng::new(1, 1))
        .unwrap()
}

fn face_of(g: &FiveSuited, a: FiveAction) -> String {
    match a {
        FiveAction::Discard { card } => g.hands[0].get(card).unwrap().face.ascii(),
        other => format!("{other:?}"),
    }
}

#[test]
fn easy_draws_from_the_stock_and_throws_its_highest_loose_card() {
    let mut g = position("6H 7H KS", "9C 9D QD", "8H");
    assert_eq!(choose(BotLevel::Easy, &g), FiveAction::DrawStock);
    g.apply(SeatId(0), &FiveAction::DrawStock).unwrap(); // draws 10♠
    // 6♥ 7♥ and the 10♠ and K♠ loose: K♠ is the highest.
    assert_eq!(face_of(&g, choose(BotLevel::Easy, &g)), "KS");
}

#[test]
fn normal_takes_a_discard_that_lowers_its_deadwood_and_goes_out() {
    let mut g = position("6H 7H KS", "9C 9D QD", "8H");
    // 8♥ makes 6♥ 7♥ 8♥ and K♠ goes: from 26 points to 0.
    assert_eq!(choose(BotLevel::Normal, &g), FiveAction::TakeDiscard);
    g.apply(SeatId(0), &FiveAction::TakeDiscard).unwrap();
    let a = choose(BotLevel::Normal, &g);
    assert_eq!(face_of(&g, a), "KS");
    let events = g.apply(SeatId(0), &a).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, FiveEvent::WentOut { .. }))
    );
    // A discard that does not help is left alone.
    let g = position("6H 7H KS", "9C 9D QD", "KC");
    assert_eq!(choose(BotLevel::Normal, &g), FiveAction::DrawStock);
}

#[test]
fn hard_takes_wilds_keeps_them_and_goes_out() {
    let g = position("6H 9C KS", "9S 9D QD", "JK");
    assert_eq!(choose(BotLevel::Hard, &g), FiveAction::TakeDiscard);
    // Holding a wild (3♣) and loose cards, it throws a loose card, not the
    // wild, though the wild scores 20 in hand.
    let mut g = position("3C 9C KS", "9S 9D QD", "4D");
    g.apply(SeatId(0), &FiveAction::DrawStock).unwrap(); // 10♠
    let a = choose(BotLevel::Hard, &g);
    assert_ne!(face_of(&g, a), "3C");
    // Going out beats everything.
    let mut g = position("6H 7H KS", "9S 9D QD", "8H");
    g.apply(SeatId(0), &FiveAction::TakeDiscard).unwrap();
    assert_eq!(face_of(&g, choose(BotLevel::Hard, &g)), "KS");
}

#[test]
fn hard_sees_what_the_next_seat_collects() {
    let mut g = position("6H 9C KS", "9S 9D QD", "8H");
    let k = find(&g, "KD", &[]);
    let seven = find(&g, "7C", &[]);
    g.took[1] = vec![k];
    let v = g.view(SeatId(0));
    let ks = find(&g, "KS", &[]);
    let six = find(&g, "6H", &[]);
    assert!(
        bots::feeds_next(&v, &ks) > 0.0,
        "a king for a seat taking kings"
    );
    assert_eq!(bots::feeds_next(&v, &six), 0.0);
    g.took[1] = vec![seven];
    let v = g.view(SeatId(0));
    let eight = find(&g, "8C", &[]);
    assert!(bots::feeds_next(&v, &eight) > 0.0, "a club next to its 7♣");
    // It counts the unseen cards: the deck less its hand and the discards.
    let unseen: u32 = bots::unseen(&v).iter().map(|(_, n)| n).sum();
    assert_eq!(unseen as usize, 58 - 3 - 1 - 1);
}

#[test]
fn hints_name_the_move_and_say_why() {
    let mut g = position("6H 7H KS", "9C 9D QD", "8H");
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(h.action, FiveAction::TakeDiscard);
    assert_eq!(h.short, "Hint: take 8♥ from the discard pile.");
    assert!(h.text.contains("go out this turn"), "{}", h.text);
    assert!(h.text.contains("leave 0 points"), "{}", h.text);
    g.apply(SeatId(0), &FiveAction::TakeDiscard).unwrap();
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(h.short, "Hint: discard K♠ and go out.");
    assert!(h.text.contains("6♥ 7♥ 8♥"), "{}", h.text);
    assert!(h.text.contains("one last turn"), "{}", h.text);
    assert!(hint::hint(&g.view(SeatId(1))).is_none(), "not its turn");
}

/// Whether seat `seat`, to draw in `g`, can go out this turn by taking the
/// discard top: some card other than the one taken, thrown, goes out. The
/// engine itself says so, on copies of the game.
fn taking_goes_out(g: &FiveSuited, seat: SeatId) -> bool {
    let mut took = g.clone();
    took.apply(seat, &FiveAction::TakeDiscard).is_ok() && some_discard_goes_out(&took, seat)
}

/// Whether a discard of seat `seat`, to discard in `g`, goes out.
fn some_discard_goes_out(g: &FiveSuited, seat: SeatId) -> bool {
    g.hands[seat.index()]
        .cards()
        .iter()
        .filter(|c| Some(c.id) != g.taken)
        .any(|c| goes_out(g, seat, c.id))
}

fn goes_out(g: &FiveSuited, seat: SeatId, card: CardId) -> bool {
    let mut after = g.clone();
    after.apply(seat, &FiveAction::Discard { card }).is_ok() && after.went_out == Some(seat)
}

#[test]
fn the_hard_bot_never_passes_up_a_certain_going_out() {
    // Hard bots from the eighth round on (10 to 13 cards, where wilds are
    // many and the figures close), every seat count of one deck.
    let bot = bots::for_level(BotLevel::Hard);
    let mut rng = GameRng::new(1, 1);
    let (mut chances, mut missed) = (0, Vec::new());
    for seed in 0..72u64 {
        let seats = 2 + seed as usize % 3;
        let mut g = game(seats, 100 + seed);
        g.round = 7 + (seed as u32 / 3) % 4;
        g.start_round(&mut Vec::new()).unwrap();
        let round = g.round;
        while g.round == round && g.to_move().is_some() {
            let seat = g.to_move().unwrap();
            let view = g.view(seat);
            let action = bot.choose(&view, &mut rng).unwrap();
            if g.went_out.is_none() {
                match g.phase {
                    Phase::Draw if taking_goes_out(&g, seat) => {
                        chances += 1;
                        let mut took = g.clone();
                        let ok = action == FiveAction::TakeDiscard
                            && {
                                took.apply(seat, &action).unwrap();
                                let then = bot.choose(&took.view(seat), &mut rng).unwrap();
                                matches!(then, FiveAction::Discard { card } if goes_out(&took, seat, card))
                            };
                        if !ok {
                            missed.push((seed, g.round_turns, action));
                        }
                    }
                    Phase::Discard if some_discard_goes_out(&g, seat) => {
                        let FiveAction::Discard { card } = action else {
                            panic!("{action:?} while discarding");
                        };
                        assert!(goes_out(&g, seat, card), "seed {seed}: a discard goes out");
                    }
                    _ => {}
                }
            }
            g.apply(seat, &action).unwrap();
        }
    }
    assert!(chances >= 10, "only {chances} chances to go out by taking");
    assert!(
        missed.is_empty(),
        "{} of {chances} missed: {missed:?}",
        missed.len()
    );
}

#[test]
fn hard_takes_the_discard_that_goes_out_though_most_stock_cards_would_too() {
    // Round eleven, Kings wild: three jokers, K★ and K♠. With 6♠ the hand
    // goes out for sure; most unseen cards would also let it go out, so an
    // average over the stock comes out below one point.
    let mut g = game(2, 12);
    g.round = 10;
    deal(
        &mut g,
        &[
            "10D 6H KT 5H JT JK JC JK KS 10T 9C 3S JK",
            "3H 4H 7S 8S 4C 7C 8D 9D QH QS QD 4T 5C",
        ],
        "10S 10C 5T",
        "6S",
    );
    g.turn.set(SeatId(0));
    let view = g.view(SeatId(0));
    let stock = bots::after_next_draw(&view.hand, &bots::unseen(&view), &view);
    assert!(stock < 1.0, "a stock card leaves about {stock}");
    assert!(taking_goes_out(&g, SeatId(0)));
    assert_eq!(choose(BotLevel::Hard, &g), FiveAction::TakeDiscard);
    let h = hint::hint(&view).unwrap();
    assert_eq!(h.action, FiveAction::TakeDiscard);
    assert!(h.text.contains("you go out this turn"), "{}", h.text);
    g.apply(SeatId(0), &FiveAction::TakeDiscard).unwrap();
    let FiveAction::Discard { card } = choose(BotLevel::Hard, &g) else {
        panic!("a discard is due");
    };
    g.apply(SeatId(0), &FiveAction::Discard { card }).unwrap();
    assert_eq!(g.went_out, Some(SeatId(0)));
}

/// A two-seat game in 0-based round `round` where P2 has gone out and P1,
/// holding `hand`, plays its final turn with the discard pile `discards`.
fn final_turn(round: u32, hand: &str, discards: &str) -> FiveSuited {
    let mut g = game(2, 13);
    g.round = round;
    let other = ["5S 5D 5C", "5S 5D 5C 5T"][round as usize];
    deal(&mut g, &[hand, other], "9S 9D 10C 10T", discards);
    g.went_out = Some(SeatId(1));
    g.final_left = 1;
    g.lay_down(SeatId(1));
    g.turn.set(SeatId(0));
    g
}

/// What P1's final turn ends with, in the engine's count, after `draw` and
/// the discard `pick` chooses among the legal ones (the fewest points if
/// `pick` is `None`).
fn final_points(g: &FiveSuited, draw: FiveAction, pick: Option<CardId>) -> u32 {
    let mut drawn = g.clone();
    drawn.apply(SeatId(0), &draw).unwrap();
    let legal = drawn.legal_actions().unwrap();
    legal
        .into_iter()
        .filter(|a| pick.is_none_or(|p| *a == FiveAction::Discard { card: p }))
        .map(|a| {
            let mut after = drawn.clone();
            after.apply(SeatId(0), &a).unwrap();
            after.last_round.as_ref().unwrap().points[0] as u32
        })
        .min()
        .unwrap()
}

#[test]
fn the_draw_hints_figures_keep_the_taken_card_in_hand_as_the_engine_does() {
    // All melded, K♠ on the pile: thrown back it would leave nothing, but
    // it may not be, so taking it leaves K♠ and two of the hearts.
    let g = final_turn(0, "6H 7H 8H", "KS");
    let engine = final_points(&g, FiveAction::TakeDiscard, None);
    assert_eq!(engine, 13 + 6 + 7);
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(h.action, FiveAction::DrawStock);
    let said = format!("K♠ would leave {} after your discard", count_points(engine));
    assert!(h.text.contains(&said), "{}", h.text);
    // Every stock card goes as it came: "about 0", as the engine counts.
    assert!(h.text.contains("about 0 on average"), "{}", h.text);
    assert_eq!(final_points(&g, FiveAction::DrawStock, None), 0);

    // A joker on a last turn melds with nothing here and scores 50 in hand.
    let g = final_turn(0, "5H 9C KS", "JK");
    let engine = final_points(&g, FiveAction::TakeDiscard, None);
    assert_eq!(engine, 50 + 5 + 9);
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(h.action, FiveAction::DrawStock);
    assert_eq!(choose(BotLevel::Hard, &g), FiveAction::DrawStock);
    let said = format!(
        "JOKER would leave {} after your discard",
        count_points(engine)
    );
    assert!(h.text.contains(&said), "{}", h.text);

    // Following a hint to take: the engine ends the turn with the points
    // the hint named.
    let mut g = final_turn(1, "6H 7H QS KD", "8H");
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(h.action, FiveAction::TakeDiscard);
    let said = format!("can leave {} after your discard", count_points(12));
    assert!(h.text.contains(&said), "{}", h.text);
    g.apply(SeatId(0), &h.action).unwrap();
    let throw = hint::hint(&g.view(SeatId(0))).unwrap();
    let FiveAction::Discard { card } = throw.action else {
        panic!("a discard is due");
    };
    let over = discard(&mut g, 0, card).expect("the final turn ends the round");
    assert_eq!(over.points[0], 12);
}

#[test]
fn the_card_drawn_this_turn_is_in_its_drawers_view_only() {
    let mut g = game(3, 5);
    let before: Vec<CardId> = g.view(SeatId(0)).hand.iter().map(|c| c.id).collect();
    assert_eq!(g.view(SeatId(0)).drawn, None);
    g.apply(SeatId(0), &FiveAction::DrawStock).unwrap();
    let view = g.view(SeatId(0));
    let drawn = view.drawn.expect("the card just drawn");
    assert!(view.hand.iter().any(|c| c.id == drawn) && !before.contains(&drawn));
    assert_eq!(g.view(SeatId(1)).drawn, None);
    assert_eq!(g.spectator_view().drawn, None);
    g.apply(SeatId(0), &FiveAction::Discard { card: drawn })
        .unwrap();
    assert_eq!(g.view(SeatId(0)).drawn, None);
    // Taken from the discard pile, it is marked as well.
    let top = g.view(SeatId(1)).discards.last().map(|c| c.id);
    g.apply(SeatId(1), &FiveAction::TakeDiscard).unwrap();
    assert_eq!(g.view(SeatId(1)).drawn, top);
}

/// Whether `seat`'s next seat, holding what it really holds, could go out
/// at once with `card`: take it and throw another, leaving nothing.
fn feeds_at_once(game: &FiveSuited, seat: SeatId, card: &Card) -> bool {
    let next = (seat.index() + 1) % game.hands.len();
    let mut hand = game.hands[next].cards().to_vec();
    hand.push(*card);
    super::meld::deadwood_after_discard_except(&hand, game.wild(), Some(card.id)) == Some(0)
}

#[test]
fn every_review_claim_is_what_brute_force_finds() {
    // Each judged discard's sentence states the loose points that it and
    // the best leave, counted again by trying every way to meld the hand
    // (the oracle); what the next seat took, as its takes show; and the
    // chances agree with the verdict.
    let judged = crate::review::tests::check_claims::<FiveSuited>(2, |game, seat, review, best| {
        let view = game.view(seat);
        let (before, played, top) = (
            review.chance_before.expect("a chance before"),
            review.chance_played.expect("a chance played"),
            review.chance_best.expect("a chance best"),
        );
        // Before the move, the position is worth what the advised move
        // gives; a move found no worse is the best.
        assert!((0.0..=1.0).contains(&played) && top >= played, "{review:?}");
        // (The chances are given to three places: a loss at a threshold
        // may round either way.)
        let lost = (before - played).max(0.0);
        let verdict = crate::judgement::Verdict::of_chance_lost;
        assert!(
            (verdict(lost - 0.0006)..=verdict(lost + 0.0006)).contains(&review.verdict),
            "{review:?}"
        );
        if review.verdict != crate::judgement::Verdict::Best {
            assert_eq!(before, top, "{review:?}");
        }
        if view.phase != Phase::Discard {
            return;
        }
        let left = |id: CardId| -> u32 {
            let rest: Vec<Card> = view.hand.iter().filter(|c| c.id != id).copied().collect();
            super::oracle::oracle(&rest, view.wild)
        };
        let FiveAction::Discard { card } = *best else {
            panic!("the best of a discard is a discard: {review:?}");
        };
        let said: Vec<&str> = review.sentence.split(" leaves ").skip(1).collect();
        let mut cards = vec![card];
        if review.verdict != crate::judgement::Verdict::Best {
            let played = view
                .hand
                .iter()
                .find(|c| review.played == format!("discarded {c}"))
                .expect("the card played");
            cards.push(played.id);
        }
        let in_loose: Vec<u32> = said
            .iter()
            .map(|s| {
                let n: String = s.chars().take_while(char::is_ascii_digit).collect();
                n.parse().expect("a number of points")
            })
            .collect();
        let expected: Vec<u32> = cards.iter().map(|&c| left(c)).filter(|&p| p > 0).collect();
        assert_eq!(in_loose, expected, "{review:?}");
        if let Some((_, rest)) = review.sentence.split_once(" took the ") {
            let taken = rest.split(' ').next().unwrap_or_default();
            let next = (seat.index() + 1) % view.names.len();
            assert!(
                view.took[next].iter().any(|c| c.to_string() == taken),
                "{review:?}"
            );
        }
    });
    assert!(judged > 20, "{judged} moves judged");
}

/// What a throw gives away: the throws the review recommends let the
/// next seat go out at once less often than the throws it calls slips,
/// checked from the whole state (the hands the judge could not see). Both
/// rates are over every judged throw: of the throws recommended, how many
/// would have let the next seat go out; of the throws called slips, how
/// many did. Printed beside them, the paired figure: at the slips alone,
/// how often the throw recommended there would have fed. `RUMMY_FULL_TESTS=1`
/// runs 200 games.
#[test]
#[ignore = "a release run: 200 reviewed games (docs/DEVELOPING.md)"]
fn the_throws_the_review_prefers_feed_the_next_seat_less_than_its_slips() {
    use crate::review::{Judged, judge_log};
    let games = crate::test_support::scaled(12, 200);
    let (mut slips, mut slip_feeds, mut best_at_slips) = (0, 0, 0);
    let (mut recommended, mut recommended_feeds) = (0, 0);
    for i in 0..games {
        let levels = [BotLevel::Normal, BotLevel::Hard];
        let seats = vec![
            crate::seat::Seat::bot("Ann", levels[(i % 2) as usize]),
            crate::seat::Seat::bot("Ben", levels[((i + 1) % 2) as usize]),
        ];
        let mut session = Session::<FiveSuited>::new(
            crate::variants::shipped_setup::<FiveSuited>(seats, 4500 + i, &[("rounds", "4")])
                .expect("the shipped rules"),
        )
        .unwrap();
        let mut rng = GameRng::new(i, 45);
        while let Some(seat) = session.state().to_move() {
            let level = levels[((i as usize) + seat.index()) % 2];
            session.play_bot(level, &mut rng).unwrap();
        }
        let judged = judge_log(&session, Judged::All);
        let mut game = FiveSuited::new(session.setup()).unwrap();
        let mut next = judged.iter().peekable();
        for (index, m) in session.log().iter().enumerate() {
            while let Some((review, best)) = next.next_if(|(r, _)| r.index == index) {
                if let (FiveAction::Discard { card }, FiveAction::Discard { card: good }) =
                    (m.action, *best)
                {
                    let find = |id| {
                        *game.hands[m.seat.index()]
                            .cards()
                            .iter()
                            .find(|c| c.id == id)
                            .unwrap()
                    };
                    let good_feeds = feeds_at_once(&game, m.seat, &find(good));
                    recommended += 1;
                    recommended_feeds += usize::from(good_feeds);
                    if review.verdict.is_slip() {
                        slips += 1;
                        slip_feeds += usize::from(feeds_at_once(&game, m.seat, &find(card)));
                        best_at_slips += usize::from(good_feeds);
                    }
                }
            }
            game.apply(m.seat, &m.action).unwrap();
        }
    }
    let rate = |n: usize, of: usize| n as f64 / of.max(1) as f64;
    eprintln!(
        "{recommended} throws recommended, {recommended_feeds} would feed the next seat at once ({:.3}); \
         {slips} slips, {slip_feeds} fed ({:.3}); at the slips, the throws recommended: {best_at_slips}",
        rate(recommended_feeds, recommended),
        rate(slip_feeds, slips)
    );
    assert!(slips >= 10, "only {slips} slips");
    assert!(
        rate(recommended_feeds, recommended) < rate(slip_feeds, slips),
        "{recommended_feeds} of {recommended} throws recommended would feed, {slip_feeds} of {slips} slips did"
    );
}

/// The review ranks the levels by their strength: the weaker a level, the
/// more chance of winning its moves lose (the release ladder,
/// `review::tests::ladder`, checks every level and the hard bot's slips).
#[test]
fn the_review_ranks_easy_and_normal_below_hard() {
    let by = crate::review::tests::chance_lost_by_level::<FiveSuited>(
        crate::test_support::scaled(16, 200),
        &[("rounds", "2")],
    );
    eprintln!("{by:?}");
    let lost = |l: BotLevel| by.iter().find(|b| b.0 == l).unwrap();
    assert!(lost(BotLevel::Easy).1 > lost(BotLevel::Hard).1, "{by:?}");
    assert!(lost(BotLevel::Normal).1 > lost(BotLevel::Hard).1, "{by:?}");
}

/// The expert decides from its seat's view alone: a game with the stock
/// and the other hand dealt again gets the same move, from the racer and
/// from the analysis the expert plays (which the hint gives too).
#[test]
fn the_expert_decides_the_same_whatever_the_hidden_cards() {
    use crate::game::Bot;
    let expert = super::bots::Racer;
    let analyst = super::bots::for_level(BotLevel::Expert);
    for seed in 0..crate::test_support::scaled(2, 40) {
        let mut session = Session::<FiveSuited>::new(setup(2, seed)).unwrap();
        let mut rng = GameRng::new(seed, 1);
        let mut asked = 0;
        while let Some(seat) = session.state().to_move() {
            if session.state().view(seat).round > 2 {
                break;
            }
            let mut other = session.state().clone();
            other.redeal(seat, &mut GameRng::new(seed, 99));
            let hidden = |g: &FiveSuited| g.hands[1 - seat.index()].cards().to_vec();
            if hidden(&other) != hidden(session.state()) {
                let mine = expert.choose(&session.state().view(seat), &mut GameRng::new(1, 1));
                let theirs = expert.choose(&other.view(seat), &mut GameRng::new(1, 1));
                assert_eq!(mine, theirs, "seed {seed}");
                if asked < 4 {
                    let decide = |g: &FiveSuited| {
                        crate::game::decide(analyst.as_ref(), g, seat, &mut GameRng::new(1, 1))
                    };
                    let hinted = super::hint::hint_in(session.state(), seat).map(|h| h.action);
                    assert_eq!(decide(session.state()), decide(&other), "seed {seed}");
                    assert_eq!(decide(session.state()), hinted, "seed {seed}");
                }
                asked += 1;
            }
            session.play_bot(BotLevel::Hard, &mut rng).unwrap();
        }
        assert!(
            asked > 0,
            "seed {seed}: no position with other hidden cards"
        );
    }
}

/// The expert races: where its throw differs from the hard bot's, the hand
/// it keeps goes out on the next draw more often, counted over every card
/// its seat has not seen (the hard bot keeps fewer points instead).
#[test]
fn the_expert_keeps_hands_that_go_out_sooner_than_the_hard_bots() {
    use super::bots::{Hard, Racer, unseen};
    use super::meld::deadwood_after_discard;
    let out_next = |view: &FiveView, keep: &[Card]| -> f64 {
        let unseen = unseen(view);
        let total: u32 = unseen.iter().map(|(_, n)| n).sum();
        let out: u32 = unseen
            .iter()
            .filter(|(c, _)| {
                let mut h = keep.to_vec();
                h.push(*c);
                deadwood_after_discard(&h, view.wild) == Some(0)
            })
            .map(|(_, n)| n)
            .sum();
        f64::from(out) / f64::from(total)
    };
    let rest = |view: &FiveView, c: Card| -> Vec<Card> {
        view.hand.iter().filter(|x| x.id != c.id).copied().collect()
    };
    let (mut differ, mut racer_sum, mut hard_sum) = (0, 0.0, 0.0);
    for seed in 0..crate::test_support::scaled(1, 20) {
        let mut session = Session::<FiveSuited>::new(setup(2, seed)).unwrap();
        let mut rng = GameRng::new(seed, 1);
        while let Some(seat) = session.state().to_move() {
            let view = session.state().view(seat);
            if view.phase == Phase::Discard && !view.final_turn() {
                let (r, h) = (
                    Racer::discard(&view).unwrap(),
                    Hard::discard(&view).unwrap(),
                );
                if r.face != h.face {
                    differ += 1;
                    racer_sum += out_next(&view, &rest(&view, r));
                    hard_sum += out_next(&view, &rest(&view, h));
                }
            }
            session.play_bot(BotLevel::Hard, &mut rng).unwrap();
        }
    }
    eprintln!("{differ} throws differ: out next {racer_sum:.2} against {hard_sum:.2}");
    assert!(differ >= 8, "only {differ} throws differ");
    assert!(
        racer_sum > hard_sum,
        "over {differ} throws, the expert's hands go out next {racer_sum:.2}, the hard bot's {hard_sum:.2}"
    );
}
