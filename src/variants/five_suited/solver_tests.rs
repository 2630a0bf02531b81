//! The meld solver against the two slower searches of [`super::oracle`].

use super::meld::*;
use super::oracle::{card, joker, oracle, partitions, random_hand};
use crate::card::{Card, CardId, Rank, Suit};
use crate::rng::GameRng;

/// Parses "5H 6H 7H JK 9S": rank then suit letter (T for stars), JK a joker.
fn hand(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, t)| {
            let id = i as u16;
            if t == "JK" {
                return joker(id);
            }
            let (r, s) = t.split_at(t.len() - 1);
            let suit = match s {
                "T" => Suit::Stars,
                "H" => Suit::Hearts,
                "C" => Suit::Clubs,
                "S" => Suit::Spades,
                "D" => Suit::Diamonds,
                _ => panic!("suit {s}"),
            };
            card(id, Rank::parse(r).unwrap().number(), suit)
        })
        .collect()
}

fn rank(n: u8) -> Rank {
    Rank::new(n).unwrap()
}

/// An arrangement uses each card of the hand once, every meld is a meld, and
/// its points are its deadwood's.
fn check_arrangement(hand: &[Card], wild: Rank, a: &Arrangement) {
    let mut ids: Vec<CardId> = a
        .melds
        .iter()
        .flat_map(|m| m.cards.iter())
        .chain(&a.deadwood)
        .map(|c| c.id)
        .collect();
    ids.sort();
    let mut want: Vec<CardId> = hand.iter().map(|c| c.id).collect();
    want.sort();
    assert_eq!(ids, want, "{hand:?}");
    for m in &a.melds {
        assert!(is_meld(&m.cards, wild), "{m} is no meld ({hand:?})");
        if let MeldKind::Run { low, high, .. } = m.kind {
            assert_eq!(m.cards.len(), (high.number() - low.number() + 1) as usize);
            for (k, c) in m.cards.iter().enumerate() {
                if !is_wild(c, wild) {
                    assert_eq!(c.face.rank().unwrap().number(), low.number() + k as u8);
                }
            }
        }
    }
    let sum: u32 = a.deadwood.iter().map(|c| points(c, wild)).sum();
    assert_eq!(sum, a.points);
}

fn check_size(n: usize, hands: usize, seed: u64) {
    let mut rng = GameRng::new(seed, n as u64);
    let per = hands.div_ceil(6);
    for w in 0..=5usize.min(n) {
        for k in 0..per {
            let (h, wild) = random_hand(&mut rng, n, w);
            let want = oracle(&h, wild);
            // The search itself, then the thread's table of hands: the same
            // hand in another order, and with a discard due, from the table
            // as from the search.
            assert_eq!(searched(&h, wild, false), want, "hand {h:?}, wild {wild:?}");
            assert_eq!(deadwood(&h, wild), want, "hand {h:?}, wild {wild:?}");
            let mut turned = h.clone();
            turned.reverse();
            assert_eq!(deadwood(&turned, wild), want, "{turned:?}");
            assert_eq!(
                deadwood_after_discard(&turned, wild),
                Some(searched(&h, wild, true)),
                "{h:?}"
            );
            let a = arrange(&h, wild);
            assert_eq!(a.points, want);
            check_arrangement(&h, wild, &a);
            if n <= 7 && k % 4 == 0 {
                assert_eq!(partitions(&h, wild), want, "{h:?}");
            }
            // The discard: on some of the hands, every card tried.
            if k % 8 == 0 {
                let each: Vec<u32> = (0..n)
                    .map(|i| {
                        let mut rest = h.clone();
                        rest.remove(i);
                        oracle(&rest, wild)
                    })
                    .collect();
                let low = *each.iter().min().unwrap();
                assert_eq!(deadwood_after_discard(&h, wild), Some(low), "{h:?}");
                let (d, arr) = best_discard(&h, wild).unwrap();
                let at = h.iter().position(|c| c.id == d.id).unwrap();
                assert_eq!(each[at], low);
                assert_eq!(arr.points, low);
                let rest: Vec<Card> = h.iter().filter(|c| c.id != d.id).copied().collect();
                check_arrangement(&rest, wild, &arr);
                let outs = go_out_discards(&h, wild);
                for (i, c) in h.iter().enumerate() {
                    let listed = outs.iter().any(|o| o.face == c.face);
                    assert_eq!(listed, each[i] == 0, "{c} in {h:?}");
                }
                // With one card that may not go (the one just taken).
                let taken = h[k / 8 % n];
                let others = (0..n).filter(|&i| h[i].id != taken.id).map(|i| each[i]);
                let want = others.min();
                let got = deadwood_after_discard_except(&h, wild, Some(taken.id));
                assert_eq!(got, want, "{h:?} without {taken}");
                let outs = go_out_discards_except(&h, wild, Some(taken.id));
                assert!(outs.iter().all(|o| o.id != taken.id));
                for (i, c) in h.iter().enumerate().filter(|(_, c)| c.id != taken.id) {
                    let listed = outs.iter().any(|o| o.face == c.face);
                    assert_eq!(listed, each[i] == 0, "{c} in {h:?} without {taken}");
                }
            }
        }
    }
}

/// Hands per size, spread over 0 to 5 wilds: 1,000 of each size in
/// `cargo test`, 10,000 in the full run (`RUMMY_FULL_TESTS=1 cargo test
/// --release`); `RUMMY_SOLVER_HANDS` sets the count.
fn hands() -> usize {
    crate::test_support::count("RUMMY_SOLVER_HANDS", 1_000, 10_000) as usize
}

#[test]
fn solver_matches_the_oracle_on_small_hands() {
    for n in 3..=8 {
        check_size(n, hands(), 1);
    }
}

#[test]
fn solver_matches_the_oracle_on_9_to_11_cards() {
    for n in 9..=11 {
        check_size(n, hands(), 2);
    }
}

#[test]
fn solver_matches_the_oracle_on_12_cards() {
    check_size(12, hands(), 3);
}

#[test]
fn solver_matches_the_oracle_on_13_cards() {
    check_size(13, hands(), 4);
}

#[test]
fn solver_matches_the_oracle_on_14_cards() {
    check_size(14, hands(), 5);
}

#[test]
fn worked_hands() {
    let w = rank(3);
    // Round one: 3s wild. A run with a wild in its gap.
    assert_eq!(deadwood(&hand("5H 3S 7H"), w), 0);
    // A set of kings, a run of diamonds, a loose queen.
    let a = arrange(&hand("KH KS KT 8D 9D 10D QC"), w);
    assert_eq!(a.points, 12);
    assert_eq!(a.melds.len(), 2);
    // The text's example run: 9, 10, Jack of hearts.
    assert!(is_meld(&hand("9H 10H JH"), rank(5)));
    // No wrap: Q K and a 3 are no run, even of one suit.
    assert!(!is_meld(&hand("QH KH 4H"), rank(5)));
    assert_eq!(deadwood(&hand("QH KH 4H"), rank(5)), 29);
    // The round's wild scores 20 in hand, a joker 50.
    assert_eq!(deadwood(&hand("9H JK"), rank(9)), 70);
    // Two wilds and nothing to join: both stay; a third makes a meld.
    assert_eq!(deadwood(&hand("JK 9H 4S 5C"), rank(9)), 4);
    assert_eq!(deadwood(&hand("JK 9H 9C"), rank(9)), 0);
    // A full run of eleven has no room, so a twelfth wild stays in hand
    // unless the run is split: 3-7 and 8-K, the wild on either end.
    let full = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH";
    assert_eq!(deadwood(&hand(&format!("{full} JK")), rank(4)), 0);
    // Duplicates from two decks: two 7♥ cannot share one run.
    assert_eq!(deadwood(&hand("7H 7H 8H"), rank(3)), 22);
    assert_eq!(deadwood(&hand("7H 7H 7S"), rank(3)), 0);
}

#[test]
fn go_out_names_the_discards() {
    let w = rank(4);
    let h = hand("5H 6H 7H 9S 9C 9D KH");
    let outs = go_out_discards(&h, w);
    assert_eq!(outs.len(), 1);
    assert_eq!(outs[0].to_string(), "K♥");
    let (d, a) = best_discard(&h, w).unwrap();
    assert_eq!(d.to_string(), "K♥");
    assert_eq!(a.points, 0);
    assert!(go_out_discards(&hand("5H 6H 7H 9S KC KD"), w).is_empty());
    // K♥ just taken may not go back: nothing else goes out, and the least
    // another discard leaves is K♥ with 5♥ 6♥ (throwing 7♥).
    let kh = h[6].id;
    assert!(go_out_discards_except(&h, w, Some(kh)).is_empty());
    assert_eq!(
        deadwood_after_discard_except(&h, w, Some(kh)),
        Some(13 + 5 + 6)
    );
    assert_eq!(deadwood_after_discard_except(&h, w, None), Some(0));
    // Two jokers, one just taken: the other still goes out.
    let h = hand("5H 6H 7H JK JK");
    let outs = go_out_discards_except(&h, w, Some(h[3].id));
    assert!(outs.iter().any(|c| c.id == h[4].id), "{outs:?}");
    assert!(outs.iter().all(|c| c.id != h[3].id), "{outs:?}");
    assert_eq!(best_discard(&[], w), None);
}
