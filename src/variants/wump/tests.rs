//! Tests of the Wump rules, hints and bots (compiled only under #[cfg(test)]).

use super::*;
use crate::card::{Face, Rank, Suit};
use crate::game::Session;
use crate::rules::Rules;
use crate::seat::Seat;

fn rules() -> Rules<WumpOptions> {
    Rules::parse(Wump::DEFAULT_RULES, "rules/wump.toml", VariantId::Wump).unwrap()
}

fn setup(seats: usize, seed: u64) -> Setup<WumpOptions> {
    let names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay"];
    Setup::new(
        rules(),
        names[..seats].iter().map(|n| Seat::human(*n)).collect(),
        seed,
    )
}

fn new_game(seats: usize, seed: u64) -> Wump {
    Wump::new(&setup(seats, seed)).unwrap()
}

/// A card from text such as "5D", "10H", "QS"; ids from 200 up so they never
/// clash with a dealt card.
pub(super) fn card(label: &str, id: u16) -> Card {
    let (rank, suit) = label.split_at(label.len() - 1);
    let suit = match suit {
        "S" => Suit::Spades,
        "H" => Suit::Hearts,
        "D" => Suit::Diamonds,
        "C" => Suit::Clubs,
        _ => panic!("suit of {label}"),
    };
    Card {
        id: CardId(200 + id),
        face: Face::Suited {
            rank: Rank::parse(rank).unwrap(),
            suit,
        },
        value: 0,
    }
}

/// Replaces the deal in play: hands (by seat) and center, from labels.
fn table(game: &mut Wump, hands: &[&[&str]], center: &[&str]) {
    let mut next = 0u16;
    let mut mk = |l: &str| {
        next += 1;
        card(l, next)
    };
    game.hands = hands
        .iter()
        .map(|h| Hand::new(h.iter().map(|l| mk(l)).collect()))
        .collect();
    game.center = Center::new();
    for l in center {
        game.center.place(mk(l));
    }
}

fn id_of(game: &Wump, label: &str) -> CardId {
    let want = card(label, 0).face;
    game.hands
        .iter()
        .flat_map(|h| h.cards())
        .chain(game.center.cards())
        .find(|c| c.face == want)
        .unwrap_or_else(|| panic!("{label} is not on the table"))
        .id
}

fn take(
    game: &mut Wump,
    seat: u8,
    with: &str,
    center: &str,
) -> Result<Vec<WumpEvent>, ActionError> {
    let action = WumpAction::Take {
        with: id_of(game, with),
        center: id_of(game, center),
    };
    game.apply(SeatId(seat), &action)
}

fn place(game: &mut Wump, seat: u8, label: &str) -> Result<Vec<WumpEvent>, ActionError> {
    let action = WumpAction::Place {
        card: id_of(game, label),
    };
    game.apply(SeatId(seat), &action)
}

#[test]
fn a_game_starts_with_four_starters_and_four_cards_each() {
    for seats in 2..=6 {
        let g = new_game(seats, 3);
        assert_eq!(g.center.len(), STARTERS);
        assert!(g.hands.iter().all(|h| h.len() == HAND));
        assert_eq!(g.stock.len(), 52 - STARTERS - HAND * seats);
        assert_eq!(g.to_move(), Some(SeatId(0)));
        assert_eq!(g.all_cards().len(), 52);
    }
}

#[test]
fn a_take_needs_the_same_suit_or_rank_and_claims_both_cards() {
    let mut g = new_game(2, 1);
    table(&mut g, &[&["5D", "9C"], &["KH", "2S"]], &["5S", "JD", "3H"]);
    let before = g.clone();
    let err = take(&mut g, 0, "9C", "5S").unwrap_err();
    assert_eq!(
        err.to_string(),
        "9♣ cannot take 5♠: a take needs the same suit or the same rank."
    );
    assert_eq!(g, before, "a refused take changes nothing");
    // Same rank.
    let events = take(&mut g, 0, "5D", "5S").unwrap();
    assert_eq!(events[0].to_string(), "Ann took 5♠ with 5♦.");
    assert_eq!(g.claimed[0].len(), 2);
    assert_eq!(g.center.len(), 2);
    assert_eq!(g.to_move(), Some(SeatId(1)), "one take per turn");
    // Same suit.
    take(&mut g, 1, "KH", "3H").unwrap();
    assert_eq!(g.claimed[1].len(), 2);
}

#[test]
fn refusals_name_the_problem_and_change_nothing() {
    let mut g = new_game(2, 1);
    table(&mut g, &[&["5D"], &["KH"]], &["5S"]);
    let before = g.clone();
    let theirs = id_of(&g, "KH");
    let err = g
        .apply(SeatId(0), &WumpAction::Place { card: theirs })
        .unwrap_err();
    assert_eq!(err.to_string(), "Ann does not hold that card.");
    let err = place(&mut g, 1, "KH").unwrap_err();
    assert_eq!(err.to_string(), "It is Ann's turn, not Ben's.");
    let err = g
        .apply(
            SeatId(0),
            &WumpAction::Take {
                with: id_of(&g, "5D"),
                center: CardId(999),
            },
        )
        .unwrap_err();
    assert_eq!(err.to_string(), "That card is not in the center.");
    let err = g.apply(SeatId(7), &WumpAction::Place { card: theirs });
    assert_eq!(err.unwrap_err(), ActionError::NoSuchSeat(8));
    assert_eq!(g, before);
}

#[test]
fn placing_is_allowed_when_a_take_is_possible_unless_must_take() {
    let mut g = new_game(2, 1);
    table(&mut g, &[&["5D", "9C"], &["KH", "2S"]], &["5S"]);
    let mut strict = g.clone();
    place(&mut g, 0, "9C").unwrap();
    assert_eq!(g.center.len(), 2);

    strict.options.must_take = true;
    let before = strict.clone();
    let err = place(&mut strict, 0, "9C").unwrap_err().to_string();
    assert!(err.contains("you must take when you can"), "{err}");
    assert!(err.contains("5♦ can take 5♠"), "{err}");
    assert_eq!(strict, before);
    assert_eq!(
        strict.legal_actions().unwrap(),
        vec![WumpAction::Take {
            with: id_of(&strict, "5D"),
            center: id_of(&strict, "5S")
        }]
    );
    // With no take possible, must-take still lets a card be placed.
    take(&mut strict, 0, "5D", "5S").unwrap();
    place(&mut strict, 1, "KH").unwrap();
}

#[test]
fn deals_continue_from_the_same_starter_until_the_deck_is_used() {
    let mut g = new_game(3, 8);
    let mut deals = vec![g.deal];
    while g.game == 0 {
        let seat = g.to_move().unwrap();
        let hand_before: Vec<usize> = g.hands.iter().map(Hand::len).collect();
        let action = *g.legal_actions().unwrap().last().unwrap();
        let events = g.apply(seat, &action).unwrap();
        if events
            .iter()
            .any(|e| matches!(e, WumpEvent::Dealt { game: 1, .. }))
        {
            assert!(hand_before.iter().sum::<usize>() == 1);
            assert_eq!(
                g.to_move(),
                Some(SeatId(0)),
                "each deal starts with the starter"
            );
            deals.push(g.deal);
        }
    }
    // 48 cards after the starters, 12 a deal: 4 deals.
    assert_eq!(deals, vec![1, 2, 3, 4]);
}

#[test]
fn the_last_take_of_the_game_sweeps_the_center() {
    let mut g = new_game(2, 1);
    g.stock = Stock::default();
    table(&mut g, &[&["5D"], &["KH"]], &["2C", "KS", "7D"]);
    place(&mut g, 0, "5D").unwrap();
    let events = take(&mut g, 1, "KH", "KS").unwrap();
    let text: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        text[1],
        "Ben made the last take and gets the center: 2♣ 7♦ 5♦."
    );
    assert_eq!(g.sheet.rows()[0].scores, vec![0, 5]);
    assert_eq!(g.wins, vec![0, 1]);
    assert!(
        text[2].starts_with("Game 1 over (Ann 0, Ben 5): Ben wins."),
        "{text:?}"
    );
}

#[test]
fn when_the_last_play_is_no_take_the_center_leaves_the_game() {
    let mut g = new_game(2, 1);
    g.stock = Stock::default();
    table(&mut g, &[&["5D"], &["KH"]], &["2C"]);
    g.claimed[0].push(card("3S", 50));
    take(&mut g, 0, "5D", "2C").unwrap_err();
    place(&mut g, 0, "5D").unwrap();
    let events = place(&mut g, 1, "KH").unwrap();
    assert_eq!(
        events[1].to_string(),
        "The last play was no take, so 2♣ 5♦ K♥ leave the game."
    );
    assert_eq!(g.set_aside.len(), 0, "a new game has begun");
    assert_eq!(g.sheet.rows()[0].scores, vec![1, 0]);
    assert_eq!(g.wins, vec![1, 0]);
}

#[test]
fn a_tie_for_most_cards_is_a_draw_that_counts_for_nobody() {
    let mut g = new_game(3, 1);
    g.stock = Stock::default();
    table(&mut g, &[&["5D"], &["KH"], &["2S"]], &["5C", "KC"]);
    take(&mut g, 0, "5D", "5C").unwrap();
    take(&mut g, 1, "KH", "KC").unwrap();
    let events = place(&mut g, 2, "2S").unwrap();
    let over = events
        .iter()
        .find(|e| matches!(e, WumpEvent::GameOver { .. }))
        .unwrap();
    assert_eq!(
        over.to_string(),
        "Game 1 over (Ann 2, Ben 2, Cleo 0): a draw between Ann and Ben."
    );
    assert_eq!(g.wins, vec![0, 0, 0]);
    assert_eq!(g.game, 1, "the match goes on");
}

#[test]
fn the_starting_seat_rotates_every_game() {
    let mut g = new_game(3, 4);
    let mut starters = vec![g.to_move().unwrap()];
    let mut game = g.game;
    while g.to_move().is_some() && starters.len() < 5 {
        let seat = g.to_move().unwrap();
        let action = g.legal_actions().unwrap()[0];
        g.apply(seat, &action).unwrap();
        if g.game != game && !g.over {
            game = g.game;
            starters.push(g.to_move().unwrap());
            assert_eq!(g.starter(), g.to_move().unwrap());
        }
    }
    assert_eq!(
        starters,
        vec![SeatId(0), SeatId(1), SeatId(2), SeatId(0), SeatId(1)]
    );
    // A match may also begin with another seat.
    let mut s = setup(3, 4);
    s.first = SeatId(2);
    assert_eq!(Wump::new(&s).unwrap().to_move(), Some(SeatId(2)));
}

/// Plays the first game of a match to its end, returning every deal event.
fn deals_of_first_game(seats: usize) -> Vec<(usize, usize)> {
    deals_said(seats).0
}

/// The deals of the first game and what the log says of each.
fn deals_said(seats: usize) -> (Vec<(usize, usize)>, Vec<String>) {
    let mut g = new_game(seats, 11);
    let mut deals = vec![(HAND, 0)];
    let mut said = Vec::new();
    while g.game == 0 {
        let seat = g.to_move().unwrap();
        let action = g.legal_actions().unwrap()[0];
        for e in g.apply(seat, &action).unwrap() {
            if let WumpEvent::Dealt {
                game: 1,
                each,
                ref extras,
                ..
            } = e
            {
                deals.push((each, extras.len()));
                said.push(e.to_string());
            }
        }
    }
    (deals, said)
}

#[test]
fn with_five_seats_the_last_deal_is_short_and_the_extras_go_to_the_center() {
    // 48 cards: two deals of 20, then 8 left: 1 each and 3 to the center.
    let (deals, said) = deals_said(5);
    assert_eq!(deals, vec![(4, 0), (4, 0), (1, 3)]);
    assert!(
        said[1].starts_with("Game 1, deal 3: 1 card each; "),
        "{said:?}"
    );
}

#[test]
fn with_six_seats_the_deck_divides_into_two_full_deals() {
    // 48 cards are exactly two deals of 24: the text's short deal never comes.
    assert_eq!(deals_of_first_game(6), vec![(4, 0), (4, 0)]);
    assert_eq!(deals_of_first_game(4), vec![(4, 0), (4, 0), (4, 0)]);
}

#[test]
fn the_match_goes_to_the_first_seat_to_reach_the_target() {
    let mut s = setup(2, 21);
    s.rules = s
        .rules
        .with_options(&[("match_target".into(), "2".into())])
        .unwrap();
    let mut session = Session::<Wump>::new(s).unwrap();
    let mut rng = crate::rng::GameRng::new(1, 1);
    while session.state().to_move().is_some() {
        session.play_bot(BotLevel::Normal, &mut rng).unwrap();
    }
    let g = session.state();
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners.len(), 1);
    assert_eq!(g.wins[outcome.winners[0].index()], 2);
    assert_eq!(
        g.wins.iter().sum::<u32>(),
        2 + g.wins.iter().filter(|&&w| w < 2).sum::<u32>()
    );
    assert_eq!(outcome.scores, g.scores());
    let mut after = g.clone();
    let err = after.apply(SeatId(0), &WumpAction::Place { card: CardId(0) });
    assert_eq!(err.unwrap_err(), ActionError::GameOver);
}

#[test]
fn bad_setups_are_refused() {
    let s = setup(2, 1);
    let mut one = s.clone();
    one.seats.truncate(1);
    assert!(matches!(Wump::new(&one), Err(SetupError::SeatCount { .. })));
    let mut seven = s.clone();
    seven.seats = (0..7).map(|i| Seat::human(format!("P{i}"))).collect();
    assert_eq!(
        Wump::new(&seven).unwrap_err().to_string(),
        "Wump Rummy is for 2 to 6 seats, not 7"
    );
    let mut tiny = s.clone();
    tiny.rules.deck.suits.truncate(0);
    tiny.rules.deck.jokers = 3;
    assert!(
        Wump::new(&tiny)
            .unwrap_err()
            .to_string()
            .contains("too small")
    );
}

#[test]
fn the_view_shows_the_table_but_not_the_stock_order() {
    let g = new_game(3, 5);
    let v = g.view(SeatId(1));
    assert_eq!(v.seat, SeatId(1));
    assert_eq!(v.hands.len(), 3);
    assert_eq!(v.stock_left, g.stock.len());
    assert_eq!(v.center, g.center.cards());
    let json = serde_json::to_string(&v).unwrap();
    for c in g.stock.cards() {
        assert!(
            !json.contains(&format!("\"id\":{},", c.id.0)),
            "stock card {c} leaked"
        );
    }
}

/// The text's strategy example: no cards in the center, Ann (a) holds 3♥ 5♦,
/// Ben (b) 3♠ J♥, Cleo (c) 4♥ Q♦; Ann to play, more deals to come.
fn strategy_example() -> Wump {
    let mut g = new_game(3, 1);
    table(&mut g, &[&["3H", "5D"], &["3S", "JH"], &["4H", "QD"]], &[]);
    g
}

/// Every claim of the text about the example, checked against the search.
/// The search is right where the text is wrong:
/// - "Player a will not be able to take either card player C puts out": a's
///   5♦ can take Q♦. Cleo puts down 4♥ instead, so a still takes nothing.
/// - After a plays 5♦, "either card player b plays can be taken by player a"
///   is true, but Ben plays J♥ and Cleo takes it first, so a still takes
///   nothing.
///
/// What the hint says depends on who plays Ben and Cleo. As people, they
/// may play anything: the hint says what their cards allow, and that no
/// card is sure for a either way (mid-game and as the game's last deal
/// alike). As hard bots their plays are certain and are told.
#[test]
fn the_texts_strategy_example() {
    let g = strategy_example();
    let mut last = g.clone();
    last.stock = crate::pile::Stock::default();
    let people = "Put down 5♦ or 3♥: either way no card is sure for you this deal. \
         If you put down 5♦, Ben can't take it. If you put down 3♥, Ben can take it.";
    let bots = "Put down 5♦ or 3♥: either way no card is sure for you this deal. \
         If you put down 5♦, Ben can't take it, so Ben puts down J♥, then Cleo takes it \
         with 4♥, then you have to put down 3♥. If you put down 3♥, Ben takes it with 3♠, \
         then Cleo puts down 4♥, then you have to put down 5♦.";
    for game in [&g, &last] {
        let mut hard = game.clone();
        hard.kinds = vec![
            SeatKind::Human,
            SeatKind::Bot(BotLevel::Hard),
            SeatKind::Bot(BotLevel::Hard),
        ];
        for (game, want, child) in [
            (game, people, "Put down your 5 of diamonds."),
            (
                &hard,
                bots,
                "Put down your 5 of diamonds: Ben can't take it.",
            ),
        ] {
            let h = hint::hint(&game.view(SeatId(0))).unwrap();
            assert!(h.exact);
            assert_eq!(h.moves.len(), 2);
            assert!(h.moves.iter().all(|m| m.gains[0] == 0), "{:?}", h.moves);
            assert_eq!(h.text, want, "last deal: {}", game.stock.is_empty());
            assert!(!h.text.contains("can't take either"));
            // Both moves named by suit would take 13 words, more than a
            // child's sentence has: one of them, and why it is safe when
            // that is certain.
            assert_eq!(h.child, child);
            assert_eq!(hint_tests::check(game, &h).map(|n| n > 5), Ok(true));
        }
    }
    // As the last deal, Ben and Cleo's takes differ: Cleo ends the game with
    // a take either way, and the center is empty by then.
    let h = hint::hint(&last.view(SeatId(0))).unwrap();
    assert!(h.moves.iter().all(|m| m.sweep.is_none()));

    // "If player a plays the 3H player b will take it with the 3s": true.
    let mut three = g.clone();
    place(&mut three, 0, "3H").unwrap();
    let b = hint::hint(&three.view(SeatId(1))).unwrap();
    assert_eq!(
        b.best(),
        WumpAction::Take {
            with: id_of(&g, "3S"),
            center: id_of(&g, "3H")
        }
    );
    // "player c must then put out a card": true, c can take nothing.
    take(&mut three, 1, "3S", "3H").unwrap();
    assert!(takes(three.hands[2].cards(), three.center.cards()).is_empty());
    // "Player a will not be able to take either card player C puts out": false.
    assert!(matches(&card("5D", 0), &card("QD", 0)));
    let c = hint::hint(&three.view(SeatId(2))).unwrap();
    assert_eq!(
        c.best(),
        WumpAction::Place {
            card: id_of(&g, "4H")
        },
        "Cleo keeps Q♦ from Ann"
    );
    let mut queen = three.clone();
    place(&mut queen, 2, "QD").unwrap();
    take(&mut queen, 0, "5D", "QD").unwrap();

    // "If player a plays the 5D, player b cannot take it": true.
    let mut five = g.clone();
    place(&mut five, 0, "5D").unwrap();
    assert!(takes(five.hands[1].cards(), five.center.cards()).is_empty());
    // "Either card player b plays can be taken by player a": true.
    assert!(matches(&card("3H", 0), &card("3S", 0)) && matches(&card("3H", 0), &card("JH", 0)));
    // "If player b plays the 3s, player c takes the 5D with qD, and player a
    // takes the 3s with the 3H": true, that is their best play.
    let mut b3 = five.clone();
    place(&mut b3, 1, "3S").unwrap();
    let line = &hint::hint(&b3.view(SeatId(2))).unwrap().moves[0].line;
    assert_eq!(
        line[0].action,
        WumpAction::Take {
            with: id_of(&g, "QD"),
            center: id_of(&g, "5D")
        }
    );
    assert_eq!(
        line[1].action,
        WumpAction::Take {
            with: id_of(&g, "3H"),
            center: id_of(&g, "3S")
        }
    );
    // "If player b plays the jH, now player C gets the final choice between
    // the 5D or the jH": true, and Cleo takes J♥, leaving Ann nothing; so Ben
    // plays J♥ (2 cards for Ben, against none after 3♠).
    let ben = hint::hint(&five.view(SeatId(1))).unwrap();
    assert_eq!(
        ben.best(),
        WumpAction::Place {
            card: id_of(&g, "JH")
        }
    );
    assert_eq!(ben.moves[0].gains[1], 2);
    assert_eq!(ben.moves[1].gains[1], 0);
}

#[test]
fn a_hint_names_the_better_move_and_what_the_other_costs() {
    // Ann holds 5♦ and K♣, Ben 5♥ and 9♥; the center has 5♠. If Ann waits,
    // Ben can take the 5♠.
    let mut g = new_game(2, 1);
    table(&mut g, &[&["5D", "KC"], &["5H", "9H"]], &["5S"]);
    let take_5s = WumpAction::Take {
        with: id_of(&g, "5D"),
        center: id_of(&g, "5S"),
    };
    // Ben a person: what his cards allow, and what is sure for Ann.
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(h.best(), take_5s);
    assert_eq!(
        h.text,
        "Take 5♠ with your 5♦: you get 2 cards this deal. If you put down 5♦ instead, Ben \
         can take it, and you get no cards."
    );
    assert!(hint_tests::check(&g, &h).is_ok());
    // Ben a normal bot: its plays are certain, and told.
    g.kinds[1] = SeatKind::Bot(BotLevel::Normal);
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(
        h.text,
        "Take 5♠ with your 5♦: Ben puts down 9♥, then you have to put down K♣, and you \
         get 2 cards this deal. If you put down 5♦ instead, Ben takes it with 5♥, then \
         you have to put down K♣, and you get no cards."
    );
    assert!(hint_tests::check(&g, &h).is_ok());
    // The ranking agrees with the hard bot.
    let bot = bots::Hard;
    let mut rng = crate::rng::GameRng::new(1, 1);
    assert_eq!(
        Bot::choose(&bot, &g.view(SeatId(0)), &mut rng),
        Some(h.best())
    );
    assert!(hint::hint(&g.view(SeatId(1))).is_some());
}

/// An easy bot plays at random: a hint says how often it takes the card
/// just put down, never what it will do, and tells nothing after it. Two
/// easy bots after Ann in the text's example: Ben can take her 3♥ with 3♠
/// half the time (he takes half the time, and then always that card).
#[test]
fn a_hint_says_how_often_an_easy_bot_takes_never_what_it_will_do() {
    let mut g = strategy_example();
    g.kinds = vec![
        SeatKind::Human,
        SeatKind::Bot(BotLevel::Easy),
        SeatKind::Bot(BotLevel::Easy),
    ];
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert_eq!(
        h.text,
        "Put down 5♦ or 3♥: either way no card is sure for you this deal. If you put \
         down 5♦, Ben can't take it. If you put down 3♥, Ben takes it half the time."
    );
    assert!(hint_tests::check(&g, &h).is_ok());
    // Once a take is all an easy bot can do, its play is certain.
    let mut g = new_game(2, 1);
    g.options.must_take = true;
    g.kinds[1] = SeatKind::Bot(BotLevel::Easy);
    table(&mut g, &[&["2D", "KC"], &["5H", "9H"]], &["5S"]);
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert!(
        h.text
            .contains("If you put down 2♦, Ben has to take 5♠ with 5♥"),
        "{}",
        h.text
    );
    assert!(hint_tests::check(&g, &h).is_ok());
}

/// A hint that tells a normal bot's take tells the take it then makes, when
/// it could take the card just put down or an older one and values both
/// alike.
#[test]
fn a_hint_tells_the_take_a_normal_bot_makes_between_two_alike() {
    // Ben's 5♦ takes the 5♠ in the center or Ann's 9♦ once she puts it
    // down; Ann's K♣ matches neither, so both deny her the same.
    let mut g = new_game(2, 1);
    g.kinds[1] = SeatKind::Bot(BotLevel::Normal);
    table(&mut g, &[&["9D", "KC"], &["5D", "2H"]], &["5S"]);
    let h = hint::hint(&g.view(SeatId(0))).unwrap();
    assert!(
        h.text.contains("If you put down 9♦, Ben takes it with 5♦"),
        "{}",
        h.text
    );
    let mut after = g.clone();
    place(&mut after, 0, "9D").unwrap();
    let mut rng = crate::rng::GameRng::new(1, 1);
    assert_eq!(
        Bot::choose(&bots::Normal, &after.view(SeatId(1)), &mut rng),
        Some(WumpAction::Take {
            with: id_of(&g, "5D"),
            center: id_of(&g, "9D")
        })
    );
    assert!(hint_tests::check(&g, &h).is_ok());
}

/// Hints of seeded games are legal, and between moves sure of as much
/// they agree with the hard bot: the hint's move is worth as much, by the
/// search both share, as the hard bot's choice. Games of two and three
/// seats in turn: 4 in `cargo test`, 12 in the full run
/// (`RUMMY_FULL_TESTS=1 cargo test --release`).
#[test]
fn hints_on_seeded_games_are_legal_and_agree_with_the_hard_bot() {
    let mut rng = crate::rng::GameRng::new(5, 5);
    for seed in 0..crate::test_support::scaled(4, 12) {
        let mut g = new_game(2 + (seed % 2) as usize, seed);
        while g.game == 0 {
            let seat = g.to_move().unwrap();
            let view = g.view(seat);
            let h = hint::hint(&view).unwrap();
            let legal = g.legal_actions().unwrap();
            assert!(legal.contains(&h.best()));
            assert_eq!(h.moves.len(), legal.len());
            assert!(h.text.ends_with('.') && !h.text.contains(", ,") && !h.text.contains(": ,"));
            let mut bot_search = search::Search::new(&view, search::BOT_BUDGET).unwrap();
            bot_search.ranked();
            let chosen = Bot::choose(&bots::Hard, &view, &mut rng).unwrap();
            let m = |a: WumpAction| h.moves.iter().find(|m| m.action == a).unwrap().clone();
            let (best, bot) = (m(h.best()), m(chosen));
            assert!(best.sure.least >= bot.sure.least, "seed {seed}");
            if bot_search.is_exact() && best.sure == bot.sure {
                assert_eq!(best.gains, bot.gains, "seed {seed}");
            }
            g.apply(seat, &h.best()).unwrap();
        }
    }
}
