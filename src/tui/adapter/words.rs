//! The screen's door to any word game (the engine's `WordGame`): a typed
//! word, the ways to play it, and what each would do. Each way is previewed
//! by the engine on a copy of the game, so the cards that light up, the
//! points shown and the refusal are exactly what Enter will do; the screen
//! works out no rule fact itself. Wrummy uses it, and so will every word
//! game: a game's own adapter adds only its table, prompts and keys.

use super::{Played, SeatPanel, ShownWord, UiMove, WordPlan, who};
use rummy::card::{Card, CardId, Face, count_cards};
use rummy::game::{Playable, Session};
use rummy::open::{MoveKind, Open};
use rummy::seat::{Seat, SeatId};
use rummy::word::WordCheck;
use rummy::wordgame::{Preview, SeatView, TableWord, WordGame};

/// One way to play a typed word, and what it would do.
pub struct Way<A> {
    pub action: A,
    /// What it does, or the game's refusal.
    pub outcome: Result<Preview, String>,
}

/// The ways to play `text` for `seat`, those the game accepts first. Of the
/// refusals, one that grows a table word comes before one from the hand: a
/// typed word that holds a table word's letters is most likely meant to
/// grow it, and why that is refused is what the player wants to know.
pub fn ways<G: WordGame>(session: &Session<G>, seat: SeatId, text: &str) -> Vec<Way<G::Action>> {
    let state = session.state();
    if text.trim().is_empty() || state.to_move() != Some(seat) {
        return Vec::new();
    }
    let mut all: Vec<Way<G::Action>> = state
        .word_moves(seat, text)
        .into_iter()
        .map(|action| Way {
            outcome: state.preview(seat, &action).map_err(|e| e.to_string()),
            action,
        })
        .collect();
    all.sort_by_key(|w| {
        let refused = w.outcome.is_err();
        (refused, refused && G::named_cards(&w.action).1.is_none())
    });
    all
}

/// Way `way` of the accepted ones (Tab goes round them), with how many are
/// accepted; or, if none is, the first refusal.
pub fn chosen<A>(all: &[Way<A>], way: usize) -> Option<(&Way<A>, usize)> {
    let ok = all.iter().filter(|w| w.outcome.is_ok()).count();
    if ok == 0 {
        return all.first().map(|w| (w, 0));
    }
    all.get(way % ok).map(|w| (w, ok))
}

/// Which of the accepted ways of `word` is the move `is_it` picks out (for
/// a hint that names a word), or 0.
pub fn way_of<G: WordGame>(
    session: &Session<G>,
    seat: SeatId,
    word: &str,
    is_it: impl Fn(&G::Action) -> bool,
) -> usize {
    ways(session, seat, word)
        .iter()
        .filter(|w| w.outcome.is_ok())
        .position(|w| is_it(&w.action))
        .unwrap_or(0)
}

/// What typing `text` would do now: the line, the cards to light, the table
/// word it grows, how many ways there are.
pub fn word_plan<G: WordGame>(
    session: &Session<G>,
    seat: SeatId,
    text: &str,
    way: usize,
) -> WordPlan {
    let all = ways(session, seat, text);
    let Some((w, count)) = chosen(&all, way) else {
        return WordPlan {
            line: "Type the word.".into(),
            ..WordPlan::default()
        };
    };
    match &w.outcome {
        Ok(p) => WordPlan {
            line: p.line(),
            error: false,
            cards: p.cards(),
            grows: p.grows,
            ways: count,
        },
        // Refused (in strict play, a word not yet whole is no word): still
        // light the cards it names, so typing shows them.
        Err(e) => {
            let (cards, grows) = G::named_cards(&w.action);
            WordPlan {
                line: e.clone(),
                error: true,
                cards,
                grows,
                ways: 0,
            }
        }
    }
}

/// Plays way `way` of `text`, or says why not; `played` turns the events
/// into what the screen shows.
pub fn play_word<G: WordGame>(
    session: &mut Session<G>,
    seat: SeatId,
    text: &str,
    way: usize,
    played: impl Fn(&Session<G>, &[G::Event]) -> Played,
) -> Result<Played, String> {
    let all = ways(session, seat, text);
    let action = match chosen(&all, way) {
        Some((w, _)) => match &w.outcome {
            Ok(_) => w.action.clone(),
            Err(e) => return Err(e.clone()),
        },
        None => return Err("Type a word first.".into()),
    };
    let events = session.apply(seat, action).map_err(|e| e.to_string())?;
    Ok(played(session, &events))
}

/// The table words in front of `seat`, as drawn: each card with the letters
/// it stands for.
pub fn shown_words(table: &[TableWord], seat: SeatId) -> Vec<ShownWord> {
    table
        .iter()
        .filter(|w| w.owner == seat)
        .map(|w| ShownWord {
            id: w.id,
            cards: w.cards.iter().map(|c| (c.card, c.text())).collect(),
        })
        .collect()
}

/// The prompt of a challenge window, in the open: "Ann played CAT. Ben:
/// c challenges it; Enter or p lets it stand." (`word` none: the word is
/// gone).
pub fn challenge_prompt(player: &str, word: Option<&TableWord>, name: &str) -> String {
    let w = word.map(TableWord::text).unwrap_or_default();
    format!("{player} played {w}. {name}: c challenges it; Enter or p lets it stand.")
}

/// The key the screen gives each kind of move a word game's moment may
/// offer beyond the shared ones (the draw, the take, a typed word, the
/// hand): the engine's table of open moves says which are open and what
/// each does, so the bar, the keys and Enter are one list.
pub fn key_of(kind: MoveKind) -> Option<char> {
    Some(match kind {
        MoveKind::Pass | MoveKind::LetStand => 'p',
        MoveKind::EndTurn => 'e',
        MoveKind::TakeBack => 'b',
        MoveKind::TakeBonus => 't',
        MoveKind::GoOut => 'o',
        MoveKind::Challenge => 'c',
        _ => return None,
    })
}

/// The game keys open now: each key, what the bar says of it, and the
/// one move it makes.
pub fn open_keys<A: Clone>(open: &Open<A>) -> Vec<(char, String, A, bool)> {
    open.open_moves()
        .filter_map(|m| {
            Some((
                key_of(m.kind)?,
                m.label.clone(),
                m.action.clone()?,
                m.default,
            ))
        })
        .collect()
}

/// How the start of a turn reads in a prompt, from the table of open
/// moves: "s to draw from the stock, or d to take K from the train", with
/// the pick of a deeper `center` card and the pass where they are open.
pub fn draw_offer<A>(open: &Open<A>, kids: bool, center: &str) -> String {
    let mut parts = Vec::new();
    let press = if kids { "press " } else { "" };
    if let Some(m) = open.open(MoveKind::Draw) {
        parts.push(format!("{press}s to {}", m.label));
    }
    let deep = open.is_open(MoveKind::TakeDeep);
    if let Some(m) = open.open(MoveKind::TakeTop)
        && !(kids && deep)
    {
        parts.push(format!("d to {}", m.label));
    }
    if deep {
        parts.push(if kids {
            format!(
                "pick a {center} card with the arrows and press Enter to take it and every card above it"
            )
        } else {
            format!("pick a {center} card (← →, Enter) to take it and every card above it")
        });
    }
    if let Some(m) = open.open(MoveKind::Pass) {
        parts.push(format!("p to {}", m.label));
    }
    either(&parts)
}

/// Choices in a sentence: "a", "a, or b", "a, b, or c".
pub fn either(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{}, or {last}", init.join(", ")),
    }
}

/// What Enter on card `c` of a spread pile does, as the engine's `take`
/// says: the cards it brings along, and whether `c` must go into a word.
pub fn take_preview(c: &rummy::card::Card, take: rummy::wordgame::PileTake) -> String {
    let at = take.pos + 1;
    let brings = match take.above {
        0 => format!("Enter takes {c} ({at})"),
        n => format!(
            "Enter takes {c} ({at}) and the {} above it",
            rummy::card::count_cards(n)
        ),
    };
    match (take.obliged, take.above) {
        (false, _) => format!("{brings}."),
        (true, 0) => format!("{brings}; it must go into a word this turn."),
        (true, _) => format!("{brings}; {c} must go into a word this turn."),
    }
}

/// What a seat's screen shows of a game: its view, or a spectator's.
pub fn view_of<G: Playable>(session: &Session<G>, viewer: Option<SeatId>) -> G::View {
    match viewer {
        Some(seat) => session.state().view(seat),
        None => session.state().spectator_view(),
    }
}

/// A hand's letters in alphabetical order (a two-letter card by its
/// first), wilds last: words are easier to see.
pub fn in_letter_order(cards: &[Card]) -> Vec<Card> {
    let first = |c: &Card| match c.face {
        Face::Letter(l) | Face::Combo(l, _) | Face::Flip(l, _) => l.index(),
        _ => 26,
    };
    let mut out = cards.to_vec();
    out.sort_by_key(|c| (first(c), c.id));
    out
}

/// The stock as the heading names it.
pub fn stock_text(left: usize) -> String {
    if left == 0 {
        "stock out".to_string()
    } else {
        format!("stock {left}")
    }
}

/// The table's opening line when words may be challenged: who checks
/// them.
pub fn opening_note(words: WordCheck, seats: &[Seat]) -> Option<String> {
    (words == WordCheck::Challenge).then(|| rummy::wordgame::who_checks(seats))
}

/// What every word game's view says of its seats, for their panels.
pub struct Seats<'a> {
    /// The viewer's hand (none for a spectator).
    pub hand: &'a [Card],
    pub hand_sizes: &'a [usize],
    pub scores: &'a [i64],
    pub table: &'a [TableWord],
    pub to_move: Option<SeatId>,
}

impl<'a> Seats<'a> {
    /// What a word game's seat view says of the seats.
    pub fn of<O, P, X>(view: &'a SeatView<O, P, X>) -> Seats<'a> {
        Seats {
            hand: &view.hand,
            hand_sizes: &view.hand_sizes,
            scores: &view.totals,
            table: &view.table,
            to_move: view.to_move,
        }
    }
}

/// Each seat's panel, with the note `note` gives the seat of that index.
/// The viewer sees its own hand, in letter order.
pub fn seat_panels(
    seats: &[Seat],
    viewer: Option<SeatId>,
    of: Seats,
    note: impl Fn(usize) -> Option<String>,
) -> Vec<SeatPanel> {
    let hand = in_letter_order(of.hand);
    seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let id = SeatId(i as u8);
            SeatPanel {
                name: seat.name.clone(),
                who: who(seat),
                cards: (viewer == Some(id)).then(|| hand.clone()),
                card_count: of.hand_sizes.get(i).copied().unwrap_or(0),
                claimed: None,
                score: of.scores.get(i).copied().unwrap_or(0),
                to_move: of.to_move == Some(id),
                is_viewer: viewer == Some(id),
                note: note(i),
                gaps: Vec::new(),
                words: shown_words(of.table, id),
            }
        })
        .collect()
}

/// The moves that put a hand card away (discard, put under), each with
/// what it does; or the engine's `refusal`, when the rules close them.
pub fn hand_moves(
    hand: &[Card],
    refusal: Option<String>,
    label: impl Fn(&Card) -> String,
) -> Result<Vec<UiMove>, String> {
    if let Some(why) = refusal {
        return Err(why);
    }
    Ok(hand
        .iter()
        .map(|c| UiMove {
            card: c.id,
            target: None,
            label: label(c),
        })
        .collect())
}

/// The wild cards among `cards`, to mark.
pub fn wilds<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Vec<CardId> {
    cards
        .into_iter()
        .filter(|c| c.face == Face::Wild)
        .map(|c| c.id)
        .collect()
}

/// The line under a spread pile of `n` cards: "Train: 5 cards, 1 the
/// oldest, 5 the top".
pub fn pile_note(pile: &str, n: usize) -> String {
    match n {
        0..=1 => format!("{pile}: {}", count_cards(n)),
        n => format!("{pile}: {}, 1 the oldest, {n} the top", count_cards(n)),
    }
}
