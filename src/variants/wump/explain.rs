//! Why a center card can or can't be taken, in a sentence a child can
//! follow: which of the seat's cards match it and how, or what it would
//! take to match it. The sentence says what [`WumpView::legal_moves`]
//! allows; the tests check one against the other.

use super::{WumpAction, WumpView, matches};
use crate::card::{Card, CardId, Rank, Suit};
use crate::game::seat_name;
use crate::seat::SeatId;

/// Why `seat` can or can't take center card `card` now.
pub fn why_not_take(view: &WumpView, seat: SeatId, card: CardId) -> String {
    let Some(target) = view.center.iter().find(|c| c.id == card).copied() else {
        return match view.card(card) {
            Some(c) => format!("{c} is in a hand, not in the center: only center cards are taken."),
            None => "That card is not in the center.".to_string(),
        };
    };
    let Some(to_move) = view.to_move else {
        return "The match is over: no more cards are taken.".to_string();
    };
    if to_move != seat {
        let name = crate::seat::possessive(&seat_name(&view.names, to_move));
        return format!("You can only take on your turn; now it is {name} turn.");
    }
    let hand = view.hands.get(seat.index()).map_or(&[][..], Vec::as_slice);
    if hand.is_empty() {
        return "You have no cards left to take with.".to_string();
    }
    let (Some(rank), Some(suit)) = (target.face.rank(), target.face.suit()) else {
        return format!("{target} matches no card by suit or rank, so it can't be taken.");
    };
    let takers: Vec<&Card> = hand.iter().filter(|h| matches(h, &target)).collect();
    if let Some((first, others)) = takers.split_first() {
        let mut text = format!("Your {first} can take {target}: {}.", alike(first, &target));
        for other in others {
            text.push_str(&format!(" So can your {other}: {}.", alike(other, &target)));
        }
        return text;
    }
    let mut text = format!(
        "None of your cards is {} or {}, so {target} can't be taken.",
        a_suit(suit),
        a_rank(rank)
    );
    let other = view.legal_moves().into_iter().find_map(|m| match m {
        WumpAction::Take { with, center } => Some((view.card(with)?, view.card(center)?)),
        WumpAction::Place { .. } => None,
    });
    match other {
        Some((with, took)) if view.options.must_take => text.push_str(&format!(
            " At this table you must take when you can, and your {with} can take {took}."
        )),
        Some((with, took)) => text.push_str(&format!(" Your {with} can take {took} instead.")),
        None => text.push_str(" None of your cards can take anything, so put one down."),
    }
    text
}

/// How two matching cards are alike: "they are both spades".
fn alike(a: &Card, b: &Card) -> String {
    match (a.face.suit(), b.face.suit(), a.face.rank()) {
        (Some(x), Some(y), _) if x == y => format!("they are both {}", x.name()),
        (_, _, Some(r)) => format!("they are both {}", ranks(r)),
        _ => "they match".to_string(),
    }
}

/// "a heart", "a diamond".
fn a_suit(s: Suit) -> String {
    let name = s.name();
    format!("a {}", name.strip_suffix('s').unwrap_or(name))
}

/// "an ace", "a 5", "an 8", "a queen".
fn a_rank(r: Rank) -> String {
    let word = rank_word(r);
    let article = if word.starts_with(['a', '8']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {word}")
}

/// "aces", "5s", "kings".
fn ranks(r: Rank) -> String {
    format!("{}s", rank_word(r))
}

fn rank_word(r: Rank) -> &'static str {
    match r.number() {
        1 => "ace",
        11 => "jack",
        12 => "queen",
        13 => "king",
        _ => r.label(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::rules::Rules;
    use crate::seat::Seat;
    use crate::variant_id::VariantId;
    use crate::variants::wump::tests::card;
    use crate::variants::wump::{Wump, WumpOptions};

    /// Ann (to move) and Ben, with these hands and center; card ids count
    /// up in the order given.
    fn view(ann: &[&str], ben: &[&str], center: &[&str], must_take: bool) -> WumpView {
        let mut id = 0;
        let mut mk = |labels: &[&str]| -> Vec<Card> {
            labels
                .iter()
                .map(|l| {
                    id += 1;
                    card(l, id)
                })
                .collect()
        };
        let hands = vec![mk(ann), mk(ben)];
        let center = mk(center);
        WumpView {
            seat: SeatId(0),
            spectator: false,
            names: vec!["Ann".into(), "Ben".into()],
            kinds: vec![crate::seat::SeatKind::Human; 2],
            to_move: Some(SeatId(0)),
            hands,
            center,
            claimed: vec![0, 0],
            stock_left: 10,
            starter: SeatId(0),
            game: 1,
            deal: 1,
            wins: vec![0, 0],
            options: WumpOptions {
                must_take,
                match_target: 5,
            },
        }
    }

    fn center_id(v: &WumpView, label: &str) -> CardId {
        let c = card(label, 0);
        v.center
            .iter()
            .find(|x| x.face == c.face)
            .map(|x| x.id)
            .expect("in the center")
    }

    #[test]
    fn the_sentences_name_the_matching_cards_or_what_is_missing() {
        let v = view(&["3S", "9D"], &["KH"], &["5S", "5H", "9C"], false);
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "5S")),
            "Your 3♠ can take 5♠: they are both spades."
        );
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "5H")),
            "None of your cards is a heart or a 5, so 5♥ can't be taken. \
             Your 3♠ can take 5♠ instead."
        );
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "9C")),
            "Your 9♦ can take 9♣: they are both 9s."
        );
        assert_eq!(
            why_not_take(&v, SeatId(1), center_id(&v, "5H")),
            "You can only take on your turn; now it is Ann's turn."
        );
        let v = view(&["3S", "AS"], &["KH"], &["AH"], true);
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "AH")),
            "Your A♠ can take A♥: they are both aces."
        );
        let v = view(
            &["3S", "AS", "8D"],
            &["KH"],
            &["AH", "QS", "8C", "JH"],
            true,
        );
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "QS")),
            "Your 3♠ can take Q♠: they are both spades. So can your A♠: they are both spades."
        );
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "JH")),
            "None of your cards is a heart or a jack, so J♥ can't be taken. \
             At this table you must take when you can, and your 3♠ can take Q♠."
        );
        let v = view(&["3S"], &["KH"], &["8H", "AD"], false);
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "8H")),
            "None of your cards is a heart or an 8, so 8♥ can't be taken. \
             None of your cards can take anything, so put one down."
        );
        assert_eq!(
            why_not_take(&v, SeatId(0), center_id(&v, "AD")),
            "None of your cards is a diamond or an ace, so A♦ can't be taken. \
             None of your cards can take anything, so put one down."
        );
        assert_eq!(
            why_not_take(&v, SeatId(0), v.hands[0][0].id),
            "3♠ is in a hand, not in the center: only center cards are taken."
        );
        let mut over = v.clone();
        over.to_move = None;
        assert!(why_not_take(&over, SeatId(0), over.center[0].id).contains("over"));
    }

    /// Every take a sentence offers ("your X can take Y") is a legal move,
    /// and a card is called takeable exactly when a legal move takes it,
    /// over the positions of seeded games played out.
    #[test]
    fn every_sentence_agrees_with_the_legal_moves() {
        let rules = |must_take: bool| {
            let mut r: Rules<WumpOptions> =
                Rules::parse(Wump::DEFAULT_RULES, "rules/wump.toml", VariantId::Wump)
                    .expect("rules");
            r.options.must_take = must_take;
            r
        };
        let mut checked = 0;
        for seed in 0..12u64 {
            let seats = 2 + (seed % 3) as usize;
            let names = ["Ann", "Ben", "Cleo", "Dan"];
            let setup = Setup::new(
                rules(seed % 2 == 0),
                names[..seats].iter().map(|n| Seat::human(*n)).collect(),
                seed,
            );
            let mut game = Wump::new(&setup).expect("a game");
            for step in 0..200usize {
                let Some(me) = Game::to_move(&game) else {
                    break;
                };
                for s in 0..seats {
                    let seat = SeatId(s as u8);
                    let v = game.view(seat);
                    let legal = v.legal_moves();
                    for target in &v.center {
                        let text = why_not_take(&v, seat, target.id);
                        let takes_it = seat == me
                            && legal.iter().any(|m| {
                                matches!(m, WumpAction::Take { center, .. } if *center == target.id)
                            });
                        assert_eq!(text.starts_with("Your "), takes_it, "{text}");
                        assert_eq!(seat != me, text.contains("only take on your turn"));
                        for h in v.hands[s].iter() {
                            for c in &v.center {
                                let offered = text.contains(&format!("our {h} can take {c}"))
                                    || (c.id == target.id
                                        && text.contains(&format!("So can your {h}:")));
                                let legal_take = seat == me
                                    && legal.contains(&WumpAction::Take {
                                        with: h.id,
                                        center: c.id,
                                    });
                                if offered {
                                    assert!(legal_take, "{text}");
                                }
                                if c.id == target.id && legal_take {
                                    assert!(offered, "{h} is not named: {text}");
                                }
                            }
                        }
                        checked += 1;
                    }
                }
                let legal = game.legal_actions().unwrap_or_default();
                let m = legal[(step * 7 + seed as usize) % legal.len()];
                game.apply(me, &m).expect("a legal move");
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
