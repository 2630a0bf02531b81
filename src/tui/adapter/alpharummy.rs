//! AlphaRummy 500 at the table: the spread discard pile, the race to 500,
//! prompts, keys, hints and the score sheet. Typed words (melds and
//! add-ons) go through the word-game adapter (`words`).

use super::word_screen::WordScreen;
use super::words;
use super::{GameEnd, HintInfo, Played, Snapshot, sheet_rows};
use rummy::card::{Card, CardId};
use rummy::game::{Game, Session};
use rummy::open::MoveKind;
use rummy::seat::SeatId;
use rummy::variants::alpharummy::hint::hint_in;
use rummy::variants::alpharummy::{AlphaAction, AlphaEvent, AlphaRummy, AlphaView, Phase};
use rummy::word::WordCheck;
use rummy::wordgame::Spelled;

fn bonus(n: usize) -> String {
    rummy::card::count_of(n, "bonus card")
}

impl WordScreen for AlphaRummy {
    fn played(session: &Session<AlphaRummy>, events: &[AlphaEvent]) -> Played {
        let sheet = session.state().spectator_view().sheet;
        Played::of(events, |e, out| match e {
            AlphaEvent::RoundOver {
                result,
                names,
                totals,
            } => {
                let why = match result.ended_by {
                    Some(s) => format!(
                        "The stock is out and {} took nothing from the pile.",
                        session.seat_name(s)
                    ),
                    None => "The round is over.".to_string(),
                };
                let left = if session.state().options().subtract {
                    " Cards left in hand count against you."
                } else {
                    ""
                };
                out.end = Some(GameEnd {
                    // The round's sentence says why it ended.
                    summary: e.to_string(),
                    friendly: format!("{why} Every word scored as it was laid.{left}"),
                    sheet: sheet_rows(&sheet),
                    ..GameEnd::part_over("round", result.round, names, &result.scores, totals)
                });
            }
            AlphaEvent::GameOver { names, totals, .. } => {
                let target = session.state().options().target;
                out.end = Some(GameEnd::game_over(
                    e.to_string(),
                    format!("{e} The first to {target} wins."),
                    names,
                    totals,
                    sheet_rows(&sheet),
                    ("round", "total"),
                ));
            }
            _ => {}
        })
    }

    fn word_check(session: &Session<AlphaRummy>) -> WordCheck {
        session.setup().rules.options.words
    }

    fn snapshot(
        session: &Session<AlphaRummy>,
        view: &AlphaView,
        viewer: Option<SeatId>,
    ) -> Snapshot {
        let stock = words::stock_text(view.stock_left);
        let checking = match view.options.words {
            WordCheck::Challenge => "challenge words",
            WordCheck::Strict => "strict words",
        };
        let leader = view.totals.iter().copied().max().unwrap_or(0);
        Snapshot {
            title: "AlphaRummy 500".to_string(),
            heading: format!(
                "Round {} · {stock} · race to {}, best {leader} · {checking}",
                view.round, view.options.target
            ),
            center_label: "Discard pile".to_string(),
            center: view.pile.clone(),
            center_note: Some(words::pile_note("Discard pile", view.pile.len())),
            score_label: "points".to_string(),
            wilds: words::wilds(view.hand.iter().chain(&view.pile)),
            word_game: true,
            center_numbered: true,
            seats: words::seat_panels(session.seats(), viewer, words::Seats::of(view), |i| {
                let total = view.totals.get(i).copied().unwrap_or(0);
                let mut note = format!("{} to go", (view.options.target as i64 - total).max(0));
                match view.round_points.get(i).copied().unwrap_or(0) {
                    0 => {}
                    n => note.push_str(&format!(" · {n:+} this round")),
                }
                if view.turn.index() == i && view.owed > 0 {
                    note.push_str(&format!(" · {} due", bonus(view.owed)));
                }
                if view.skips.get(i).is_some_and(|&n| n > 0) {
                    note.push_str(" · loses a turn");
                }
                Some(note)
            }),
            ..Snapshot::default()
        }
    }

    fn hand(view: &AlphaView) -> &[Card] {
        &view.hand
    }

    fn put_label(c: &Card) -> String {
        format!("discard {c} and end your turn")
    }

    fn put(card: CardId) -> AlphaAction {
        AlphaAction::Discard { card }
    }

    fn hint(session: &Session<AlphaRummy>, view: &AlphaView) -> Option<(AlphaAction, HintInfo)> {
        let h = hint_in(session.state(), view.seat)?;
        let long = match &h.reason {
            Some(reason) => format!("{} {reason}", h.text),
            None => h.text.clone(),
        };
        let mut out = HintInfo::new(format!("Hint: {}", h.text), long);
        match &h.action {
            AlphaAction::TakePile { pos } => out.target = view.pile.get(*pos).map(|c| c.id),
            AlphaAction::Discard { card } => out.card = Some(*card),
            AlphaAction::Meld(Spelled { word, .. }) | AlphaAction::AddOn { word, .. } => {
                out.word = Some((word.clone(), 0))
            }
            _ => {}
        }
        Some((h.action, out))
    }

    fn prompt(session: &Session<AlphaRummy>, seat: SeatId, view: &AlphaView, kids: bool) -> String {
        let name = session.seat_name(seat);
        match &view.phase {
            Phase::Draw => {
                let open = view.open();
                let offer = words::draw_offer(&open, kids, "discard pile");
                let must = if open.is_open(MoveKind::TakeTop) {
                    " A card taken from the pile must go into a word this turn."
                } else {
                    ""
                };
                if view.stock_left == 0 {
                    format!("The stock is out, {name}: {offer}.{must}")
                } else if view.took_back {
                    format!("You took this turn back, {name}: {offer}.")
                } else if kids {
                    format!(
                        "Your turn, {name}! {}.{must}",
                        rummy::sentence::capitalised(&offer)
                    )
                } else {
                    format!("Your turn, {name}: {offer}.{must}")
                }
            }
            Phase::Play => {
                let must = view
                    .must_card()
                    .map(|c| format!(" Use the {c} you took in a word, or b takes the turn back."))
                    .unwrap_or_default();
                let open = view.open();
                let owed = if open.is_open(MoveKind::TakeBonus) {
                    format!(" t takes your {}.", bonus(view.owed))
                } else {
                    String::new()
                };
                let out = open
                    .open(MoveKind::GoOut)
                    .map(|m| format!(" o goes out. {}", m.detail.clone().unwrap_or_default()))
                    .unwrap_or_default();
                // A discard is offered only where the table takes one (not
                // while a card taken from the pile waits to go into a word).
                let discard = if open.is_open(MoveKind::Discard) {
                    ", or discard a card to end your turn"
                } else {
                    ""
                };
                format!(
                    "{name}: w types a word ({} letters or more, or letters added into a word on the table){discard}.{must}{owed}{out}",
                    view.min_word_len()
                )
            }
            Phase::Challenge(window) => {
                words::challenge_prompt(&session.seat_name(window.player), view.challenged(), &name)
            }
            Phase::Over => String::new(),
        }
    }

    fn card_preview(view: &AlphaView, card: CardId) -> Option<String> {
        match view.phase {
            Phase::Draw => {
                let take = view.pile_take(card)?;
                let c = view.pile.get(take.pos)?;
                if !view.pile_open() {
                    return Some("You took this turn back: draw from the stock.".into());
                }
                Some(words::take_preview(c, take))
            }
            Phase::Play if view.discard_refusal().is_none() => {
                let c = view.hand.iter().find(|c| c.id == card)?;
                Some(format!("Enter discards {c}."))
            }
            _ => None,
        }
    }

    fn take(view: &AlphaView, card: CardId) -> Result<AlphaAction, String> {
        let take = view
            .pile_take(card)
            .ok_or("That card is not in the discard pile.")?;
        Ok(AlphaAction::TakePile { pos: take.pos })
    }

    fn help_notes(session: &Session<AlphaRummy>) -> String {
        let mut notes = vec![
            "t takes the bonus cards your words earned (before you discard); \
             o goes out; b takes the turn back while the card taken from the pile \
             is unused; with the stock out, p passes."
                .to_string(),
            "Between turns, in the open (no hand shown):".to_string(),
            "c, p/Enter  challenge the word just laid, or let it stand".to_string(),
        ];
        notes.extend(AlphaRummy::rule_notes(session.setup()));
        notes.join("\n")
    }
}
