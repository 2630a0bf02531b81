//! Wrummy 3-4-5 at the table: its snapshot, prompts, keys and hints. Typed
//! words go through the word-game adapter (`words`), which every word game
//! shares.

use super::word_screen::WordScreen;
use super::{GameEnd, HintInfo, Played, Snapshot};
use rummy::card::{Card, CardId};
use rummy::game::{Game, Session};
use rummy::open::MoveKind;
use rummy::seat::SeatId;
use rummy::variants::wrummy::hint::hint_in;
use rummy::variants::wrummy::{Phase, REQUIRED, Wrummy, WrummyAction, WrummyEvent, WrummyView};
use rummy::word::{self, WordCheck};
use rummy::wordgame::Spelled;

use super::words;
use crate::tui::text;
use crate::tui::theme::LetterTier;

impl WordScreen for Wrummy {
    fn played(session: &Session<Wrummy>, events: &[WrummyEvent]) -> Played {
        Played::of(events, |e, out| {
            match e {
                WrummyEvent::GameOver {
                    result,
                    names,
                    totals,
                    ..
                } => {
                    // Whether the seat that went out had its three words.
                    let complete = events
                        .iter()
                        .any(|e| matches!(e, WrummyEvent::WentOut { complete: true, .. }));
                    let why = match result.went_out {
                        Some(s) if complete => format!(
                            "{} went out with the 3-, 4- and 5-letter words.",
                            session.seat_name(s)
                        ),
                        Some(s) => format!("{} went out.", session.seat_name(s)),
                        None => "The stock ran out.".to_string(),
                    };
                    let mut sheet: Vec<(String, Vec<i64>)> = session
                        .state()
                        .view(SeatId(0))
                        .sheet
                        .iter()
                        .filter(|r| r.label != format!("Game {}", result.game))
                        .map(|r| (r.label.clone(), r.scores.clone()))
                        .collect();
                    sheet.push((format!("Game {}: table", result.game), result.table.clone()));
                    sheet.push((
                        format!("Game {}: hand", result.game),
                        result.hand.iter().map(|h| -h).collect(),
                    ));
                    sheet.push((format!("Game {}", result.game), result.scores.clone()));
                    let lead = e.to_string();
                    out.end = Some(GameEnd {
                        summary: format!("{why} {lead}"),
                        friendly: format!(
                            "{why} Points on the table count for you, cards left in hand against you."
                        ),
                        sheet,
                        ..GameEnd::part_over("game", result.game, names, &result.scores, totals)
                    });
                }
                WrummyEvent::MatchOver { .. } => {
                    if let Some(end) = out.end.as_mut() {
                        end.match_over = true;
                        end.heading = "The game is over".into();
                        end.summary = format!("{} {e}", end.summary);
                        end.friendly = format!("{e} {}", end.friendly);
                    }
                }
                _ => {}
            }
        })
    }

    fn word_check(session: &Session<Wrummy>) -> WordCheck {
        session.setup().rules.options.words
    }

    fn snapshot(session: &Session<Wrummy>, view: &WrummyView, viewer: Option<SeatId>) -> Snapshot {
        let table = view.table_points();
        let stock = words::stock_text(view.stock_left);
        let finals = view
            .final_turns
            .map(|n| match n {
                1 => " · 1 final turn".to_string(),
                n => format!(" · {n} final turns"),
            })
            .unwrap_or_default();
        let target = if view.options.target > 0 {
            format!(" · match to {}", view.options.target)
        } else {
            String::new()
        };
        let calls = match view.options.calls {
            word::TrainMatch::Adjacent => "adjacent",
            word::TrainMatch::InOrder => "in order",
            word::TrainMatch::AnyOrder => "any order",
        };
        let checking = match view.options.words {
            word::WordCheck::Challenge => "words may be challenged",
            word::WordCheck::Strict => "words checked at once",
        };
        Snapshot {
            title: "Wrummy 3-4-5".to_string(),
            heading: format!(
                "Game {} · {stock}{finals}{target} · calls: {calls} · {checking}",
                view.game
            ),
            center_label: "Train".to_string(),
            center: view.train.clone(),
            center_note: Some(words::pile_note("Train", view.train.len())),
            score_label: "points".to_string(),
            wilds: words::wilds(view.hand.iter().chain(&view.train)),
            word_game: true,
            center_numbered: true,
            seats: words::seat_panels(session.seats(), viewer, words::Seats::of(view), |i| {
                let credit = view.credits.get(i).copied().unwrap_or_default();
                let mut note = format!(
                    "{} · table {}",
                    credit.marks(),
                    table.get(i).copied().unwrap_or(0)
                );
                if view.refill.get(i) == Some(&true) {
                    note.push_str(" · draws 5 next");
                }
                if view.skips.get(i).is_some_and(|&n| n > 0) {
                    note.push_str(" · loses a turn");
                }
                Some(note)
            }),
            ..Snapshot::default()
        }
    }

    fn hand(view: &WrummyView) -> &[Card] {
        &view.hand
    }

    fn put_label(c: &Card) -> String {
        format!(
            "discard {c} ({}) and end your turn",
            rummy::card::points(i64::from(c.value))
        )
    }

    fn put(card: CardId) -> WrummyAction {
        WrummyAction::Discard { card }
    }

    fn hint(session: &Session<Wrummy>, view: &WrummyView) -> Option<(WrummyAction, HintInfo)> {
        let h = hint_in(session.state(), view.seat)?;
        let mut out = HintInfo::new(format!("Hint: {}.", h.short), h.long);
        match &h.action {
            WrummyAction::TakeTrain { pos } => out.target = view.train.get(*pos).map(|c| c.id),
            WrummyAction::Discard { card } => out.card = Some(*card),
            WrummyAction::Play(Spelled { word, .. })
            | WrummyAction::Extend { word, .. }
            | WrummyAction::Call { word, .. } => out.word = Some((word.clone(), 0)),
            _ => {}
        }
        Some((h.action, out))
    }

    fn prompt(session: &Session<Wrummy>, seat: SeatId, view: &WrummyView, kids: bool) -> String {
        let name = session.seat_name(seat);
        match &view.phase {
            Phase::Draw => {
                let offer = words::draw_offer(&view.open(), kids, "train");
                if view.took_back {
                    format!("You took this turn back, {name}: {offer}.")
                } else if kids {
                    format!(
                        "Your turn, {name}! {}.",
                        rummy::sentence::capitalised(&offer)
                    )
                } else {
                    format!("Your turn, {name}: {offer}.")
                }
            }
            Phase::Play => {
                let must = view
                    .must_card()
                    .map(|c| format!(" Use the {c} you took in a word, or b takes the turn back."))
                    .unwrap_or_default();
                let open = view.open();
                if let Some(end) = open.open(MoveKind::EndTurn) {
                    format!("{name}, you have no cards left: e to {}.{must}", end.label)
                } else if !open.is_open(MoveKind::Discard) {
                    // A card taken deep must go into a word first.
                    format!(
                        "{name}: w types a word (to play, or to grow a word on the table).{must}"
                    )
                } else if kids {
                    format!(
                        "{name}, press w and type a word to play it, or pick a card to discard and end your turn.{must}"
                    )
                } else {
                    format!(
                        "{name}: w types a word (to play, or to grow a word on the table), or discard a card to end your turn.{must}"
                    )
                }
            }
            Phase::Calls { discarder, .. } => {
                let not = if *discarder == seat {
                    " (not with the card you just discarded)"
                } else {
                    ""
                };
                format!(
                    "Wrummy! {name}, do you see a word in the train{not}? w calls it; Enter or p passes."
                )
            }
            Phase::Challenge(window) => {
                words::challenge_prompt(&session.seat_name(window.player), view.challenged(), &name)
            }
            Phase::Over => String::new(),
        }
    }

    fn card_preview(view: &WrummyView, card: CardId) -> Option<String> {
        match view.phase {
            Phase::Draw => {
                let take = view.pile_take(card)?;
                let c = view.train.get(take.pos)?;
                if take.above > 0 && !view.deep_take_open() {
                    let when = if view.first_turn {
                        "On the game's first turn"
                    } else {
                        "After taking the turn back"
                    };
                    return Some(format!("{when}, only the top card may be taken."));
                }
                Some(words::take_preview(c, take))
            }
            Phase::Play if view.discard_refusal().is_none() => {
                let c = view.hand.iter().find(|c| c.id == card)?;
                Some(format!(
                    "Enter discards {c} ({}).",
                    rummy::card::points(i64::from(c.value))
                ))
            }
            _ => None,
        }
    }

    fn word_key(view: &WrummyView) -> &'static str {
        match view.phase {
            Phase::Calls { .. } => "call",
            _ => "word",
        }
    }

    fn take(view: &WrummyView, card: CardId) -> Result<WrummyAction, String> {
        let take = view
            .pile_take(card)
            .ok_or("That card is not in the train.")?;
        Ok(WrummyAction::TakeTrain { pos: take.pos })
    }

    fn help_notes(session: &Session<Wrummy>) -> String {
        let rules = &session.setup().rules;
        let options = &rules.options;
        let mut notes = vec![
            "Between turns, in the open (no hand shown):".to_string(),
            "w, p/Enter  \"Wrummy!\": call a word from the train, or pass".to_string(),
        ];
        if options.words == WordCheck::Challenge {
            notes.push("c, p/Enter  challenge the word just played, or let it stand".to_string());
        }
        let lengths: Vec<String> = REQUIRED.iter().map(usize::to_string).collect();
        let marks: Vec<String> = lengths
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n} {}", if i % 2 == 0 { "✓" } else { "✗" }))
            .collect();
        let mut values: Vec<i32> = rules.deck.letters.values().map(|c| c.value).collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        values.dedup();
        let values: Vec<String> = values
            .iter()
            .map(|&v| format!("{} {v}", LetterTier::of(v).colour()))
            .collect();
        notes.extend([
            "b takes the turn back while a deep take's card is unused; \
             e ends the turn with no card left (stock out)."
                .to_string(),
            format!(
                "Cards: {} points (the value is printed too); W ? a wild. \
                 Table words: a wild's letter in lower case.",
                values.join(", "),
            ),
            format!(
                "{}: the seat's {}-letter words.",
                marks.join(" "),
                text::series(
                    &lengths.iter().map(|n| format!("{n}-")).collect::<Vec<_>>(),
                    "and"
                )
                .trim_end_matches('-')
            ),
        ]);
        notes.extend(Wrummy::rule_notes(session.setup()));
        notes.join("\n")
    }
}
