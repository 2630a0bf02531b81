use super::*;
use crate::card::Face;
use crate::open::MoveKind;
use crate::pile::{Hand, Stock};
use crate::seat::Seat;
use crate::variants::{ok, refused};

const P1: SeatId = SeatId(0);
const P2: SeatId = SeatId(1);
const P3: SeatId = SeatId(2);

fn game_with(seats: usize, options: &[(&str, &str)]) -> AlphaRummy {
    crate::variants::people(seats, options)
}

/// Cards of the game's own deck spelled by `text`, with ids not in `used`.
fn cards(g: &AlphaRummy, text: &str, used: &mut Vec<CardId>) -> Vec<Card> {
    crate::variants::spelled(&g.base.deck.build(1).unwrap(), text, used)
}

/// Stacks the game: each seat's hand, the stock (drawn first to last) and
/// the pile (oldest first). The rest of the deck is set aside.
fn deal(g: &mut AlphaRummy, hands: &[&str], stock: &str, pile: &str) {
    let mut used = Vec::new();
    for (i, h) in hands.iter().enumerate() {
        g.base.hands[i] = Hand::new(cards(g, h, &mut used));
    }
    g.base.stock = Stock::new(cards(g, stock, &mut used));
    g.pile = Train::new();
    for c in cards(g, pile, &mut used) {
        g.pile.discard(c);
    }
}

fn meld(word: &str) -> AlphaAction {
    AlphaAction::Meld(Spelled {
        word: word.into(),
        cards: None,
    })
}

fn add_on(target: u32, word: &str) -> AlphaAction {
    AlphaAction::AddOn {
        target,
        word: word.into(),
        cards: None,
    }
}

fn card_in(g: &AlphaRummy, seat: SeatId, letter: char) -> CardId {
    let l = Letter::from_char(letter).unwrap();
    g.base.hands[seat.index()]
        .cards()
        .iter()
        .find(|c| c.face == Face::Letter(l))
        .map(|c| c.id)
        .unwrap()
}

/// Lets every other seat pass the challenge window.
fn let_stand(g: &mut AlphaRummy) {
    while let Phase::Challenge(ChallengeWindow { waiting, .. }) = g.phase.clone() {
        let s = waiting.next().unwrap();
        ok(g, s, AlphaAction::Pass);
    }
}

fn word_id(g: &AlphaRummy, text: &str) -> u32 {
    g.table().iter().find(|w| w.text() == text).unwrap().id
}

#[test]
fn the_deal_gives_seven_cards_each_and_starts_the_pile() {
    for seats in 2..=4 {
        let g = game_with(seats, &[]);
        assert!(g.base.hands.iter().all(|h| h.len() == HAND));
        assert_eq!(g.pile.len(), 1);
        assert_eq!(g.base.stock.len(), 98 - HAND * seats - 1);
        assert_eq!(g.to_move(), Some(P1));
    }
}

#[test]
fn card_values_are_the_familiar_tile_values() {
    let g = game_with(2, &[]);
    let value = |l: &str| g.base.deck.letters[l].value;
    for l in ["A", "E", "I", "O", "U", "L", "N", "S", "T", "R"] {
        assert_eq!(value(l), 1, "{l}");
    }
    for (l, v) in [("D", 2), ("G", 2), ("B", 3), ("C", 3), ("M", 3), ("P", 3)] {
        assert_eq!(value(l), v, "{l}");
    }
    for (l, v) in [("F", 4), ("H", 4), ("V", 4), ("W", 4), ("Y", 4), ("K", 5)] {
        assert_eq!(value(l), v, "{l}");
    }
    for (l, v) in [("J", 8), ("X", 8), ("Q", 10), ("Z", 10)] {
        assert_eq!(value(l), v, "{l}");
    }
    assert_eq!(g.base.deck.wilds, 0, "no wilds by default");
}

#[test]
fn a_meld_scores_at_once_with_its_multiplier_and_earns_bonus_cards() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["FRIENDSX", "AEIOUTT"], "BCDGHKLMN", "P");
    ok(&mut g, P1, AlphaAction::DrawStock);
    // FRIENDS: F4 R1 I1 E1 N1 D2 S1 = 11, seven letters ×4 = 44, 4 bonus.
    let events = ok(&mut g, P1, meld("friends"));
    assert!(
        events.iter().any(|e| matches!(
            e,
            AlphaEvent::Melded {
                points: 44,
                multiplier: 4,
                bonus: 4,
                ..
            }
        )),
        "{events:?}"
    );
    assert_eq!(g.totals()[0], 44, "recorded as soon as it is laid");
    assert_eq!(g.owed, 4);
    let x = card_in(&g, P1, 'x');
    assert!(refused(&mut g, P1, AlphaAction::Discard { card: x }).contains("bonus"));
    ok(&mut g, P1, AlphaAction::TakeBonus);
    assert_eq!(g.base.hands[0].len(), 2 + 4);
    ok(&mut g, P1, AlphaAction::Discard { card: x });
    assert_eq!(g.to_move(), Some(P2));
}

#[test]
fn words_need_four_letters_and_several_may_be_laid_in_a_turn() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["CATSDOGSX", "AEIOUTT"], "BMN", "P");
    ok(&mut g, P1, AlphaAction::DrawStock);
    assert!(refused(&mut g, P1, meld("cat")).contains("at least 4"));
    assert!(refused(&mut g, P1, meld("xsog")).contains("XSOG"));
    ok(&mut g, P1, meld("cats"));
    assert!(refused(&mut g, P1, meld("cogs")).contains("COGS needs a C"));
    ok(&mut g, P1, meld("dogs"));
    assert_eq!(g.table().len(), 2);
    assert_eq!(g.owed, 2, "a bonus card for each four-letter word");
}

#[test]
fn add_ons_insert_letters_anywhere_and_score_only_the_added_cards() {
    let mut g = game_with(3, &[("words", "strict")]);
    deal(
        &mut g,
        &["FIENDXY", "RSVWAAE", "OOOOUUU"],
        "BCDGHKLMNPQTV",
        "W",
    );
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("fiend"));
    ok(&mut g, P1, AlphaAction::TakeBonus);
    let x = card_in(&g, P1, 'x');
    ok(&mut g, P1, AlphaAction::Discard { card: x });
    ok(&mut g, P2, AlphaAction::DrawStock);
    let fiend = word_id(&g, "FIEND");
    assert!(refused(&mut g, P2, add_on(fiend, "finder")).contains("keep the word's own in order"));
    let events = ok(&mut g, P2, add_on(fiend, "friend"));
    // FIEND + R = FRIEND: R is 1 point, ×3 for six letters, 3 bonus cards.
    assert!(
        events.iter().any(|e| matches!(
            e,
            AlphaEvent::AddedOn {
                points: 3,
                multiplier: 3,
                bonus: 3,
                ..
            }
        )),
        "{events:?}"
    );
    // FIEND: F4 I1 E1 N1 D2 = 9, ×2 for five letters.
    assert_eq!(g.totals(), vec![18, 3, 0]);
    let w = g.base.table.get(fiend).unwrap();
    assert_eq!(w.text(), "FRIEND");
    assert_eq!(w.owner, P1, "the word stays its owner's");
    assert_eq!(w.cards[1].by, P2, "the R is the seat's that laid it");
    // FRIEND + S = FRIENDS, on another seat's word.
    let events = ok(&mut g, P2, add_on(fiend, "friends"));
    assert!(events.iter().any(|e| matches!(
        e,
        AlphaEvent::AddedOn {
            points: 4,
            multiplier: 4,
            bonus: 4,
            ..
        }
    )));
    assert_eq!(g.owed, 7);
}

#[test]
fn a_take_from_the_pile_must_go_into_a_word_this_turn_or_be_taken_back() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["ATEBCMY", "AEIOUTT"], "DGHS", "ZRLK");
    // Deep: L and K come too, and the R must be used.
    ok(&mut g, P1, AlphaAction::TakePile { pos: 1 });
    assert_eq!(g.pile.len(), 1);
    let q = card_in(&g, P1, 'y');
    assert!(
        refused(&mut g, P1, AlphaAction::Discard { card: q })
            .contains("You took R from deep in the discard pile")
    );
    ok(&mut g, P1, AlphaAction::TakeBack);
    assert_eq!(g.pile.len(), 4, "every card back in its place");
    assert_eq!(g.base.hands[0].len(), 7);
    assert!(refused(&mut g, P1, AlphaAction::TakePile { pos: 3 }).contains("took this turn back"));
    // Even the top card alone must go into a word.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["ATEBCMY", "AEIOUTT"], "DGHS", "ZRLK");
    ok(&mut g, P1, AlphaAction::TakePile { pos: 3 });
    assert!(
        refused(&mut g, P1, AlphaAction::Discard { card: q })
            .contains("You took K from the discard pile")
    );
    // RATE uses the R: then the turn may end.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["ATEBCMY", "AEIOUTT"], "DGHS", "ZRLK");
    ok(&mut g, P1, AlphaAction::TakePile { pos: 1 });
    ok(&mut g, P1, meld("rate"));
    ok(&mut g, P1, AlphaAction::TakeBonus);
    ok(&mut g, P1, AlphaAction::Discard { card: q });
}

/// What the table of open moves says going out gives Player 1 now.
fn going_out_says(g: &AlphaRummy) -> String {
    let open = g.view(P1).open();
    let m = open.open(MoveKind::GoOut).expect("going out is open");
    m.detail.clone().expect("going out says what it gives")
}

#[test]
fn going_out_gives_seven_fresh_cards_instead_of_bonus_cards() {
    // With no card left.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["FRIEND", "AEIOUTT"], "SBCDGHKLMNP", "W");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("friends"));
    assert!(g.base.hands[0].is_empty());
    // The table of open moves says what going out gives, as it then does.
    assert_eq!(
        going_out_says(&g),
        "You get 7 fresh cards instead of the bonus."
    );
    let events = ok(&mut g, P1, AlphaAction::GoOut);
    assert!(events.iter().any(|e| matches!(
        e,
        AlphaEvent::WentOut {
            drew: 7,
            discard: None,
            ..
        }
    )));
    assert_eq!(g.base.hands[0].len(), 7, "seven fresh cards, no bonus");
    assert_eq!(g.to_move(), Some(P2), "and play goes on");
    // With one card left, which is discarded.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["FRIENDX", "AEIOUTT"], "SBCDGHKLMNP", "W");
    ok(&mut g, P1, AlphaAction::DrawStock);
    let x = card_in(&g, P1, 'x');
    assert!(refused(&mut g, P1, AlphaAction::GoOut).contains("after laying a word"));
    ok(&mut g, P1, meld("friends"));
    ok(&mut g, P1, AlphaAction::GoOut);
    assert_eq!(g.pile.top().map(|c| c.id), Some(x));
    assert_eq!(g.base.hands[0].len(), 7);
    // A short stock: its last cards, as the table says.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["FRIEND", "AEIOUTT"], "SBCD", "W");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("friends"));
    assert_eq!(
        going_out_says(&g),
        "You get the stock's last 3 cards instead of the bonus."
    );
    ok(&mut g, P1, AlphaAction::GoOut);
    assert_eq!(g.base.hands[0].len(), 3);
    // Two cards left: no going out.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["FRIENDXQ", "AEIOUTT"], "SBCDGHKLMNP", "W");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("friends"));
    assert!(refused(&mut g, P1, AlphaAction::GoOut).contains("2 cards"));
}

/// Player 1 drew the stock's last card, laid CATS and discarded Q: Player
/// 2 is to move, the stock out, X and Q on the pile.
fn stock_out_after_cats() -> AlphaRummy {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["CATSQY", "AEIOUTT"], "B", "X");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("cats"));
    let q = card_in(&g, P1, 'q');
    ok(&mut g, P1, AlphaAction::Discard { card: q });
    g
}

/// The hint and the review name a move in the imperative from the engine:
/// a pass that ends the round reads as the pass, not as the round's end it
/// causes, and a take that must go into a word reads in one clause.
#[test]
fn with_the_stock_out_a_pass_and_a_take_read_as_moves() {
    use crate::wordgame::review::imperative;
    let g = stock_out_after_cats();
    assert_eq!(
        imperative(&g, P2, &AlphaAction::Pass).as_deref(),
        Some("Pass: end the round")
    );
    let take = AlphaAction::TakePile { pos: 1 };
    let said = imperative(&g, P2, &take).expect("a take is open");
    assert_eq!(said, "Take Q from the discard pile, to use Q in a word");
}

#[test]
fn the_round_ends_when_the_stock_is_out_and_the_seat_will_not_take_and_meld() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["CATSQY", "AEIOUTT"], "B", "X");
    assert!(refused(&mut g, P1, AlphaAction::Pass).contains("only once the stock is out"));
    let mut g = stock_out_after_cats();
    assert!(g.base.stock.is_empty());
    assert!(refused(&mut g, P2, AlphaAction::DrawStock).contains("stock is out"));
    let events = ok(&mut g, P2, AlphaAction::Pass);
    let over = events
        .iter()
        .find_map(|e| match e {
            AlphaEvent::RoundOver { result, .. } => Some(result.clone()),
            _ => None,
        })
        .expect("the round is over");
    // CATS: C3 A1 T1 S1 = 6, ×1.
    assert_eq!(over.scores, vec![6, 0], "hands are not subtracted");
    assert_eq!(over.ended_by, Some(P2));
    assert_eq!(g.round_number(), 2);
    assert_eq!(g.to_move(), Some(P2), "the next seat deals and plays first");
    assert!(g.base.hands.iter().all(|h| h.len() == HAND));
    assert_eq!(g.totals(), vec![6, 0]);
}

#[test]
fn with_subtract_the_cards_left_in_hand_count_against_it() {
    let mut g = game_with(2, &[("words", "strict"), ("subtract", "true")]);
    deal(&mut g, &["CATSQY", "AEIOUTT"], "B", "X");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("cats"));
    let q = card_in(&g, P1, 'q');
    ok(&mut g, P1, AlphaAction::Discard { card: q });
    let events = ok(&mut g, P2, AlphaAction::Pass);
    let over = events
        .iter()
        .find_map(|e| match e {
            AlphaEvent::RoundOver { result, .. } => Some(result.clone()),
            _ => None,
        })
        .unwrap();
    // P1 holds Y 4 and B 3; P2 AEIOUTT 7.
    assert_eq!(over.hand, vec![7, 7]);
    assert_eq!(over.scores, vec![6 - 7, -7]);
}

#[test]
fn an_upheld_challenge_takes_the_word_back_and_ends_the_turn() {
    let mut g = game_with(3, &[]);
    deal(&mut g, &["ATEBCMQ", "AEIOUTT", "EEEE"], "DGHS", "ZRLK");
    ok(&mut g, P1, AlphaAction::TakePile { pos: 1 });
    ok(&mut g, P1, meld("rlkq"));
    assert_eq!(g.to_move(), Some(P2), "the others may challenge");
    let events = ok(&mut g, P2, AlphaAction::Challenge);
    assert!(events.iter().any(|e| matches!(
        e,
        AlphaEvent::Challenge(crate::wordgame::ChallengeNews::Upheld { .. })
    )));
    assert!(g.table().is_empty());
    assert_eq!(g.totals(), vec![0, 0, 0], "no points for it");
    assert_eq!(g.pile.len(), 4, "the pile's cards back in their places");
    let letters: String = g.pile.cards().iter().map(|c| c.to_string()).collect();
    assert_eq!(letters, "ZRLK");
    assert_eq!(g.base.hands[0].len(), 7, "the player's cards back in hand");
    assert_eq!(g.to_move(), Some(P2), "and the turn is lost");
}

#[test]
fn a_wrong_challenger_loses_the_next_turn() {
    let mut g = game_with(3, &[]);
    deal(&mut g, &["CATSXWY", "AEIOUTT", "EEEE"], "BCDGHM", "Z");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("cats"));
    ok(&mut g, P2, AlphaAction::Pass);
    let events = ok(&mut g, P3, AlphaAction::Challenge);
    assert!(events.iter().any(|e| matches!(
        e,
        AlphaEvent::Challenge(crate::wordgame::ChallengeNews::Failed { .. })
    )));
    assert_eq!(g.totals()[0], 6, "the word stands");
    assert_eq!(g.to_move(), Some(P1), "the player goes on");
    ok(&mut g, P1, AlphaAction::TakeBonus);
    let q = card_in(&g, P1, 'y');
    ok(&mut g, P1, AlphaAction::Discard { card: q });
    ok(&mut g, P2, AlphaAction::DrawStock);
    let c = g.base.hands[1].cards()[0].id;
    let events = ok(&mut g, P2, AlphaAction::Discard { card: c });
    assert!(events.iter().any(|e| matches!(
        e,
        AlphaEvent::Challenge(crate::wordgame::ChallengeNews::LostTurn { .. })
    )));
    assert_eq!(g.to_move(), Some(P1), "P3's turn is lost");
}

#[test]
fn the_first_seat_to_reach_the_target_wins_at_once() {
    let mut g = game_with(2, &[("words", "strict"), ("target", "40")]);
    deal(&mut g, &["FRIENDSX", "AEIOUTT"], "BCDGHKLMN", "P");
    ok(&mut g, P1, AlphaAction::DrawStock);
    let events = ok(&mut g, P1, meld("friends"));
    assert!(g.is_over(), "44 reaches 40 the moment it is laid");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, AlphaEvent::GameOver { .. }))
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![P1]);
    assert_eq!(o.scores, vec![44, 0]);
    assert_eq!(
        g.base.sheet.rows().len(),
        1,
        "the round's points are on the sheet"
    );
    // In challenge play, the word must stand first.
    let mut g = game_with(2, &[("target", "40")]);
    deal(&mut g, &["FRIENDSX", "AEIOUTT"], "BCDGHKLMN", "P");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("friends"));
    assert!(!g.is_over());
    let_stand(&mut g);
    assert!(g.is_over());
}

#[test]
fn the_preview_is_what_the_move_then_does() {
    let mut g = game_with(3, &[("words", "strict")]);
    deal(
        &mut g,
        &["FIENDXY", "RSVWAAE", "OOOOUUU"],
        "BCDGHKLMNPQTV",
        "W",
    );
    ok(&mut g, P1, AlphaAction::DrawStock);
    let moves = g.word_moves(P1, "fiend");
    assert_eq!(moves.len(), 1);
    let p = g.preview(P1, &moves[0]).unwrap();
    assert_eq!(
        p.line(),
        "lay FIEND from your hand, 9 ×2: 18 points, 2 bonus cards"
    );
    ok(&mut g, P1, moves[0].clone());
    assert_eq!(g.totals()[0], 18);
    ok(&mut g, P1, AlphaAction::TakeBonus);
    let x = card_in(&g, P1, 'x');
    ok(&mut g, P1, AlphaAction::Discard { card: x });
    ok(&mut g, P2, AlphaAction::DrawStock);
    let moves = g.word_moves(P2, "friend");
    let add = moves
        .iter()
        .find(|m| matches!(m, AlphaAction::AddOn { .. }))
        .expect("an add-on");
    assert!(
        g.preview(P2, &moves[0])
            .unwrap_err()
            .to_string()
            .contains("FRIEND needs"),
        "no meld of FRIEND from P2's hand"
    );
    let p = g.preview(P2, add).unwrap();
    assert_eq!(
        p.line(),
        "make P1's FIEND into F[R]IEND, 1 ×3: 3 points, 3 bonus cards"
    );
    let e = g.preview(
        P2,
        &AlphaAction::Meld(Spelled {
            word: "ZZZZ".into(),
            cards: None,
        }),
    );
    assert!(e.is_err());
}

/// Bots of every level play whole games to the end: rounds end with the
/// stock out, the target is reached. (`RUMMY_ALPHA_SIM=N` prints the figures
/// of N games.)
#[test]
fn bots_play_whole_games() {
    use crate::sim::{SimConfig, simulate_game};
    use crate::variants::RulesSource;
    let games = std::env::var("RUMMY_ALPHA_SIM")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4);
    for bots in [
        vec![BotLevel::Hard, BotLevel::Easy],
        vec![
            BotLevel::Normal,
            BotLevel::Hard,
            BotLevel::Easy,
            BotLevel::Normal,
        ],
    ] {
        let config = SimConfig {
            variant: VariantId::AlphaRummy,
            rules: RulesSource::default(),
            bots: bots.clone(),
            games,
            seed: 1,
            dict: Dictionary::shipped(),
            save_dir: None,
        };
        let report = simulate_game::<AlphaRummy>(&config).expect("the games play out");
        eprintln!("{}", report.to_json());
        assert_eq!(
            report.seats.iter().map(|s| s.wins).sum::<u32>() + report.draws,
            games
        );
    }
}

#[test]
fn an_add_on_to_your_own_word_scores_the_same_way() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["FIENDRS", "AEIOUTT"], "BCDGHKLMNP", "W");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("fiend"));
    let fiend = word_id(&g, "FIEND");
    let events = ok(&mut g, P1, add_on(fiend, "friends"));
    // R 1 + S 1 = 2, ×4 for seven letters; FIEND's 18 stays.
    assert!(events.iter().any(|e| matches!(
        e,
        AlphaEvent::AddedOn {
            points: 8,
            multiplier: 4,
            bonus: 4,
            ..
        }
    )));
    assert_eq!(g.totals()[0], 18 + 8);
    assert_eq!(g.owed, 2 + 4);
}

/// What the engine previews for a typed word is what `apply` then does, on
/// every playing turn of seeded bot games: the same refusal, the cards laid,
/// the points the seat's score gains and the bonus cards it is owed.
#[test]
fn a_preview_is_what_the_move_then_does_in_bot_games() {
    use crate::game::Session;
    let mut checked = (0, 0);
    for seed in 0..4u64 {
        let seats = Seat::bots(&[BotLevel::Hard, BotLevel::Normal]);
        let setup = crate::variants::shipped_setup::<AlphaRummy>(seats, seed, &[]).unwrap();
        let mut session = Session::<AlphaRummy>::new(setup).unwrap();
        let mut rng = GameRng::new(seed, 5);
        let bot = bots::AlphaBot::new(BotLevel::Hard, Dictionary::shipped());
        while let Some(seat) = session.state().to_move() {
            let g = session.state().clone();
            if *g.phase() == Phase::Play {
                let view = g.view(seat);
                let mut words: Vec<String> = bot
                    .candidates(&view, &view.hand, None)
                    .into_iter()
                    .take(12)
                    .map(|c| c.word)
                    .collect();
                words.extend(view.table.iter().map(|w| format!("{}S", w.text())));
                words.push("QZXV".into());
                for word in &words {
                    for action in g.word_moves(seat, word) {
                        let said = g.preview(seat, &action);
                        let mut next = g.clone();
                        match (said, next.apply(seat, &action)) {
                            (Err(a), Err(b)) => {
                                assert_eq!(a, b);
                                checked.1 += 1;
                            }
                            (Ok(p), Ok(_)) => {
                                assert_eq!(p.lays, next.base.table.laid_since(g.table()));
                                let gain = next.totals()[seat.index()] - g.totals()[seat.index()];
                                assert_eq!(p.points, gain, "{action:?} {p:?}");
                                let owed = match next.owed - g.owed {
                                    0 => "no".to_string(),
                                    n => n.to_string(),
                                };
                                assert!(p.earns[0].starts_with(&owed), "{p:?}");
                                checked.0 += 1;
                            }
                            (said, done) => panic!("{action:?}: preview {said:?}, apply {done:?}"),
                        }
                    }
                }
            }
            session.play_bot(BotLevel::Hard, &mut rng).unwrap();
        }
    }
    assert!(checked.0 > 50 && checked.1 > 20, "{checked:?}");
}

/// Every hint's figures are what its move then does: "Lay FRIENDS: 44
/// points (11 × 4) and 4 bonus cards" scores 44 and earns 4; a take names
/// the card the move takes.
#[test]
fn every_hint_says_what_its_move_then_does() {
    use crate::game::Session;
    let number_before = |text: &str, what: &str| -> Option<i64> {
        let at = text.find(what)?;
        match text[..at].split_whitespace().last()? {
            "no" => Some(0),
            n => n.parse().ok(),
        }
    };
    let mut checked = 0;
    for seed in 0..6u64 {
        let seats = Seat::bots(&[BotLevel::Normal, BotLevel::Easy, BotLevel::Hard]);
        let setup = crate::variants::shipped_setup::<AlphaRummy>(seats, seed, &[]).unwrap();
        let mut session = Session::<AlphaRummy>::new(setup).unwrap();
        let mut rng = GameRng::new(seed, 3);
        while let Some(seat) = session.state().to_move() {
            let g = session.state().clone();
            let view = g.view(seat);
            let h = hint::hint(&view, g.dictionary()).expect("a hint for the seat to move");
            let mut next = g.clone();
            next.apply(seat, &h.action)
                .unwrap_or_else(|e| panic!("the hint {h:?} is refused: {e}"));
            // A take names the word it is for: lay it, as the hint says.
            let mut g = g;
            if let AlphaAction::TakePile { .. } = h.action {
                let said = h.text.split(':').next().unwrap_or_default();
                let word = said.split_whitespace().last().unwrap_or_default();
                let grows = said.contains(" into ");
                g = next.clone();
                let m = g
                    .word_moves(seat, word)
                    .into_iter()
                    .find(|m| {
                        matches!(m, AlphaAction::AddOn { .. }) == grows
                            && g.preview(seat, m).is_ok()
                    })
                    .unwrap_or_else(|| panic!("{h:?}: {word} cannot be laid after the take"));
                next.apply(seat, &m).unwrap();
            }
            if let Some(points) = number_before(&h.text, " points (") {
                let before = g.totals()[seat.index()];
                // Laid now; in challenge play it counts at once too.
                assert_eq!(next.totals()[seat.index()] - before, points, "{h:?}");
                let bonus = number_before(&h.text, " bonus card").unwrap();
                if !next.is_over() {
                    let owed = next.owed as i64 - g.owed as i64;
                    assert_eq!(owed, bonus, "{h:?}");
                }
                checked += 1;
            }
            if let AlphaAction::TakePile { pos } = h.action {
                assert!(
                    h.text.starts_with(&format!("Take {}", view.pile[pos])),
                    "{h:?}"
                );
            }
            session.play_bot(BotLevel::Normal, &mut rng).unwrap();
        }
    }
    assert!(checked > 30, "{checked} hints with figures");
}

/// The hint's longer reason says that of the words the hand makes (those
/// using the card taken, after a take), the hinted one scores most with each
/// bonus card counted as 2 points. Checked against every word a plain scan
/// of the dictionary finds, meld or add-on, each scored by the engine.
#[test]
fn a_word_hint_scores_most_of_every_word_the_hand_makes() {
    use crate::dict::anagram::{Extension, scan_extensions, scan_sub_anagrams};
    use crate::game::Session;
    let dict = Dictionary::shipped();
    let words = dict.words();
    let worth = |p: &Preview| -> i64 {
        let bonus: i64 = match p.earns[0].split_whitespace().next() {
            Some("no") => 0,
            n => n.and_then(|n| n.parse().ok()).unwrap(),
        };
        p.points + 2 * bonus
    };
    let mut checked = 0;
    for seed in 0..3u64 {
        let seats = Seat::bots(&[BotLevel::Hard, BotLevel::Normal]);
        let setup = crate::variants::shipped_setup::<AlphaRummy>(seats, seed, &[]).unwrap();
        let mut session = Session::<AlphaRummy>::new(setup).unwrap();
        let mut rng = GameRng::new(seed, 8);
        while let Some(seat) = session.state().to_move() {
            let g = session.state().clone();
            let view = g.view(seat);
            if let Some(h) = hint::hint(&view, g.dictionary())
                .filter(|h| matches!(h.action, AlphaAction::Meld(_) | AlphaAction::AddOn { .. }))
            {
                let best = worth(&g.preview(seat, &h.action).unwrap());
                let rack = bots::AlphaBot::rack(&view.hand);
                let mut typed: Vec<String> = scan_sub_anagrams(&words, &rack)
                    .into_iter()
                    .filter(|w| w.len() >= 4)
                    .map(str::to_string)
                    .collect();
                for tw in &view.table {
                    let base = tw.text().to_ascii_lowercase();
                    typed.extend(
                        scan_extensions(&words, &base, &rack, Extension::Inserts)
                            .into_iter()
                            .map(str::to_string),
                    );
                }
                // The hint lays everyday words (the table's default).
                for w in typed.iter().filter(|w| g.dictionary().is_everyday(w)) {
                    for m in g.word_moves(seat, w) {
                        let Ok(p) = g.preview(seat, &m) else { continue };
                        if let Some(must) = view.must_use
                            && !p.lays.iter().any(|c| c.card.id == must)
                        {
                            continue;
                        }
                        assert!(worth(&p) <= best, "{h:?} but {m:?} gives {p:?}");
                    }
                }
                checked += 1;
            }
            session.play_bot(BotLevel::Hard, &mut rng).unwrap();
        }
    }
    assert!(checked > 20, "{checked} word hints");
}

#[test]
fn the_hard_bot_keeps_a_letter_that_with_one_more_makes_a_long_word() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["NIGHTQKE", "AEIOUTT"], "BCDGLMP", "W");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("night"));
    let view = g.view(P1);
    let hard = bots::AlphaBot::new(BotLevel::Hard, Dictionary::shipped());
    let normal = bots::AlphaBot::new(BotLevel::Normal, Dictionary::shipped());
    let k = Letter::from_char('k').unwrap().index();
    let q = Letter::from_char('q').unwrap().index();
    // NIGHT + K + S = KNIGHTS, seven letters: ×4 once an S comes.
    assert!(hard.promising(&view)[k]);
    assert!(!hard.promising(&view)[q]);
    assert!(!normal.promising(&view)[k], "only the hard bot plans");
}

#[test]
fn a_turn_that_can_end_is_not_taken_back_and_bonus_cards_are_never_unseen() {
    // The take from the pile is used in RATE: the turn can end, so it
    // cannot be taken back, and the bonus card drawn stays drawn.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["ATEBCMY", "AEIOUTT"], "DGHS", "ZRLK");
    ok(&mut g, P1, AlphaAction::TakePile { pos: 1 });
    assert!(g.view(P1).can_take_back);
    ok(&mut g, P1, meld("rate"));
    assert!(!g.view(P1).can_take_back, "the screen is not told it may");
    let why = refused(&mut g, P1, AlphaAction::TakeBack);
    assert!(why.contains("You have used R in a word"), "{why}");
    ok(&mut g, P1, AlphaAction::TakeBonus);
    assert_eq!(g.base.stock.len(), 3);
    refused(&mut g, P1, AlphaAction::TakeBack);
    // Bonus cards wait until the card the take obliges is in a word: a
    // word without it first, and the bonus is refused while the R is held.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["ATEBCMY", "AEIOUTT"], "DGHS", "ZRLK");
    ok(&mut g, P1, AlphaAction::TakePile { pos: 1 });
    ok(&mut g, P1, meld("tame"));
    let why = refused(&mut g, P1, AlphaAction::TakeBonus);
    assert!(why.contains("Use R in a word before"), "{why}");
    // The take-back is still open, and goes back to before the take, with
    // the stock as it was.
    let stock = g.base.stock.clone();
    ok(&mut g, P1, AlphaAction::TakeBack);
    assert_eq!(g.base.stock, stock);
    assert_eq!(g.pile.len(), 4);
}

#[test]
fn a_challenged_word_loses_only_its_own_bonus() {
    // HALF stands (1 bonus card due), then WERD is challenged off: HALF's
    // card is given, WERD's is not, and a line says so.
    let mut g = game_with(2, &[("words", "challenge")]);
    deal(&mut g, &["HALFWERDZ", "AEIOUTT"], "SBCDGKMNP", "Q");
    ok(&mut g, P1, AlphaAction::DrawStock);
    ok(&mut g, P1, meld("half"));
    let_stand(&mut g);
    assert_eq!(g.owed, 1);
    ok(&mut g, P1, meld("werd"));
    assert_eq!(g.owed, 2);
    let stock = g.base.stock.len();
    let events = ok(&mut g, P2, AlphaAction::Challenge);
    assert_eq!(g.base.stock.len(), stock - 1, "HALF's bonus card is given");
    assert!(
        events
            .iter()
            .any(|e| e.to_string() == "P1 took 1 bonus card."),
        "{events:?}"
    );
    // W E R D back in hand, with the card drawn, the Z and HALF's bonus card.
    assert_eq!(g.base.hands[0].len(), 7);
    assert_eq!(g.to_move(), Some(P2));
    assert_eq!(g.totals()[0], 10, "HALF's points stand: H4 A1 L1 F4, ×1");
}

#[test]
fn with_the_stock_out_a_word_earns_no_bonus_card() {
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["ATEBCMYR", "AEIOUTT"], "", "ZRLK");
    g.base.hands[0] = Hand::new(g.base.hands[0].cards()[..7].to_vec());
    let rate = g.base.hands[0].cards().to_vec();
    assert_eq!(rate.len(), 7);
    ok(&mut g, P1, AlphaAction::TakePile { pos: 1 });
    let events = ok(&mut g, P1, meld("rate"));
    assert!(
        events
            .iter()
            .any(|e| e.to_string().ends_with("no bonus card (the stock is out).")),
        "{events:?}"
    );
    assert_eq!(g.owed, 0);
    assert!(refused(&mut g, P1, AlphaAction::TakeBonus).contains("No bonus cards are due"));
    let q = card_in(&g, P1, 'y');
    ok(&mut g, P1, AlphaAction::Discard { card: q });
    // A stock of one gives a five-letter word one card, not two.
    let mut g = game_with(2, &[("words", "strict")]);
    deal(&mut g, &["TRACEBM", "AEIOUTT"], "SD", "Z");
    ok(&mut g, P1, AlphaAction::DrawStock);
    let events = ok(&mut g, P1, meld("trace"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, AlphaEvent::Melded { bonus: 1, .. }))
    );
    assert_eq!(g.owed, 1);
}

#[test]
fn every_review_claim_holds_when_the_best_move_is_made() {
    let judged = crate::review::tests::check_claims::<AlphaRummy>(3, |game, seat, review, best| {
        crate::wordgame::review::tests::check_words(
            game,
            seat,
            review,
            best,
            |a: &AlphaRummy, b: &AlphaRummy| {
                Some(b.scores()[seat.index()] - a.scores()[seat.index()])
            },
        );
    });
    assert!(judged > 20, "{judged} moves judged");
}
