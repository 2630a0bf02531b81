//! Play On Words Rummy at the table: the draw pile, words grown, rearranged
//! and combined, cards put under the pile, the muggins window in the open,
//! prompts, keys, hints and the score sheet. Typed words (new words,
//! play-ons, combinations, muggins) go through the word-game adapter
//! (`words`).

use super::word_screen::WordScreen;
use super::words;
use super::{GameEnd, HintInfo, Piles, Played, Snapshot, sheet_rows};
use rummy::card::{Card, CardId};
use rummy::game::{Game, Session};
use rummy::open::MoveKind;
use rummy::seat::SeatId;
use rummy::variants::play_on_words::hint::hint_in;
use rummy::variants::play_on_words::{
    Phase, PlayOnWords, PowAction, PowEvent, PowView, RoundResult, Version,
};
use rummy::word::WordCheck;
use rummy::wordgame::Spelled;
use rummy::wordgame::WordGame;

impl WordScreen for PlayOnWords {
    fn played(session: &Session<PlayOnWords>, events: &[PowEvent]) -> Played {
        let casual = session.state().options().version == Version::Casual;
        let (count_label, total_label) = if casual {
            ("won", "rounds won")
        } else {
            ("round", "total")
        };
        let sheet = session.state().spectator_view().sheet;
        Played::of(events, |e, out| match e {
            PowEvent::RoundOver {
                result,
                names,
                totals,
                ..
            } => {
                let why = match result.went_out {
                    Some(s) => format!("{} went out.", session.seat_name(s)),
                    None if session.state().options().version == Version::FullDeck => {
                        "The draw pile ran out and nobody could play on.".to_string()
                    }
                    None => "Nobody went out before the draw pile ran out.".to_string(),
                };
                let details = names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| {
                        let g = |v: &[i64]| v.get(i).copied().unwrap_or(0);
                        let mut parts =
                            vec![format!("{} for words and bonuses", g(&result.played))];
                        if g(&result.mugged) > 0 {
                            parts.push(format!("{} mugged", g(&result.mugged)));
                        }
                        let off = result.points_off(i);
                        parts.push(match g(&result.left) {
                            0 => "no letters left".to_string(),
                            1 => format!("-{off} for the letter left"),
                            l => format!("-{off} for {l} letters left"),
                        });
                        format!("{n}: {}", parts.join(", "))
                    })
                    .collect();
                out.end = Some(GameEnd {
                    summary: why.clone(),
                    friendly: if casual {
                        format!("{why} The seat that goes out first wins the round.")
                    } else {
                        format!(
                            "{why} Words scored as they were played; each letter left in hand is {} off.",
                            RoundResult::letter_cost()
                        )
                    },
                    count_label: count_label.into(),
                    total_label: total_label.into(),
                    sheet: sheet_rows(&sheet),
                    details: if casual { Vec::new() } else { details },
                    ..GameEnd::part_over("round", result.round, names, &result.scores, totals)
                });
            }
            PowEvent::GameOver { names, totals, .. } => {
                out.end = Some(GameEnd::game_over(
                    e.to_string(),
                    e.to_string(),
                    names,
                    totals,
                    sheet_rows(&sheet),
                    (count_label, total_label),
                ));
            }
            _ => {}
        })
    }

    fn word_check(session: &Session<PlayOnWords>) -> WordCheck {
        session.setup().rules.options.words
    }

    fn snapshot(
        session: &Session<PlayOnWords>,
        view: &PowView,
        viewer: Option<SeatId>,
    ) -> Snapshot {
        let mut seats = words::seat_panels(session.seats(), viewer, words::Seats::of(view), |i| {
            let mut note = Vec::new();
            match view.round_points.get(i).copied().unwrap_or(0) {
                _ if view.options.version == Version::Casual => {}
                0 => {}
                n => note.push(format!("{n:+} this round")),
            }
            if view.skips.get(i).is_some_and(|&n| n > 0) {
                note.push("loses a turn".to_string());
            }
            (!note.is_empty()).then(|| note.join(" · "))
        });
        let mugging = matches!(view.phase, Phase::Muggins { .. });
        if mugging {
            // In muggins every unplayed card lies face up.
            for (panel, shown) in seats.iter_mut().zip(&view.shown) {
                panel.cards = Some(words::in_letter_order(shown));
            }
        }
        let pile = match view.stock_left {
            0 => "draw pile empty".to_string(),
            n => format!("draw pile {n}"),
        };
        let checking = match view.options.words {
            WordCheck::Challenge => "challenge words",
            WordCheck::Strict => "strict words",
        };
        let version = match view.options.version {
            Version::Rummy => "",
            Version::FullDeck => " · Full Deck",
            Version::Casual => " · Casual",
        };
        let center_note = if mugging {
            "Muggins: every unplayed card is face up".to_string()
        } else if let Some(out) = view.went_out.filter(|_| view.final_turns.is_some()) {
            format!("{} went out: final turns · {pile}", session.seat_name(out))
        } else if view.final_turns.is_some() {
            format!("Final turns · {pile}")
        } else {
            format!(
                "{}: no discard pile in this game",
                rummy::sentence::capitalised(&pile)
            )
        };
        Snapshot {
            title: "Play On Words Rummy".to_string(),
            heading: format!(
                "Round {} of {} · {pile} · {checking}{version}",
                view.round, view.rounds
            ),
            center_label: "Draw pile".to_string(),
            center: Vec::new(),
            center_note: Some(center_note),
            score_label: if view.options.version == Version::Casual {
                "rounds won".to_string()
            } else {
                "points".to_string()
            },
            wilds: words::wilds(view.hand.iter().chain(view.shown.iter().flatten())),
            word_game: true,
            seats,
            ..Snapshot::default()
        }
    }

    fn hand(view: &PowView) -> &[Card] {
        &view.hand
    }

    fn put_label(c: &Card) -> String {
        format!("put {c} under the draw pile")
    }

    fn put(card: CardId) -> PowAction {
        PowAction::PutUnder { card }
    }

    fn hint(session: &Session<PlayOnWords>, view: &PowView) -> Option<(PowAction, HintInfo)> {
        let h = hint_in(session.state(), view.seat)?;
        let mut out = HintInfo::new(format!("Hint: {}", h.text), h.text.clone());
        match &h.action {
            PowAction::PutUnder { card } => {
                out.card = Some(*card);
                out.long = format!("{} {}", h.text, h.reason.clone().unwrap_or_default());
            }
            PowAction::Word(Spelled { word, .. })
            | PowAction::PlayOn { word, .. }
            | PowAction::Combine { word, .. }
            | PowAction::Mug { word, .. } => {
                out.word = Some((word.clone(), 0));
                if let Some(why) = &h.reason {
                    out.long = format!("{} {why}", h.text);
                }
            }
            _ => {
                // The analysis's own reason for a move that is no word,
                // or the rule behind it.
                out.long = format!("{} {}", h.text, h.reason.clone().unwrap_or_default());
            }
        }
        Some((h.action, out))
    }

    fn same_way(a: &PowAction, b: &PowAction) -> bool {
        match (a, b) {
            (PowAction::Combine { targets: a, .. }, PowAction::Combine { targets: b, .. }) => {
                a == b
            }
            (
                PowAction::Mug {
                    victim: a,
                    target: t,
                    ..
                },
                PowAction::Mug {
                    victim: b,
                    target: u,
                    ..
                },
            ) => a == b && t == u,
            (PowAction::Word(_), PowAction::Word(_))
            | (PowAction::PlayOn { .. }, PowAction::PlayOn { .. }) => {
                Self::named_cards(a).1 == Self::named_cards(b).1
            }
            _ => false,
        }
    }

    fn prompt(session: &Session<PlayOnWords>, seat: SeatId, view: &PowView, kids: bool) -> String {
        let name = session.seat_name(seat);
        match &view.phase {
            Phase::Draw if kids => format!("Your turn, {name}! Press s to draw a card."),
            Phase::Draw => format!("Your turn, {name}: s draws a card to start it."),
            Phase::Play if view.put_under > 0 => {
                let open = view.open();
                let put = open
                    .open(MoveKind::PutUnder)
                    .map(|m| format!("{} (pick, Enter)", m.label));
                let end = open
                    .open(MoveKind::Pass)
                    .map(|m| format!("p to {}", m.label));
                let parts: Vec<String> = put.into_iter().chain(end).collect();
                format!("{name}: {}.", words::either(&parts))
            }
            Phase::Play => {
                let who = if view.final_turns.is_some() {
                    format!("Final turn, {name}")
                } else {
                    name
                };
                let open = view.open();
                let more = open
                    .open(MoveKind::Draw)
                    .map(|m| format!(" s to {}.", m.label))
                    .unwrap_or_default();
                let min = view.min_word_len();
                let what = if view.new_word_laid {
                    "w plays on a table word (your letters added, or its letters rearranged, or words combined)".to_string()
                } else if view.table.is_empty() {
                    format!("w types a new word ({min} letters or more)")
                } else {
                    format!(
                        "w types a new word ({min} letters or more) or a play-on of the table's words"
                    )
                };
                let end = open
                    .open(MoveKind::Pass)
                    .map(|m| format!(", or p to {}", m.label))
                    .unwrap_or_default();
                format!("{who}: {what}{end}.{more}")
            }
            Phase::Challenge(window) => {
                words::challenge_prompt(&session.seat_name(window.player), view.challenged(), &name)
            }
            Phase::Muggins { .. } => format!(
                "Muggins, {name}: w types a word of another seat's cards (alone, or played on a table word) for 2 points a letter; p passes."
            ),
            Phase::Over => String::new(),
        }
    }

    fn piles() -> Piles {
        Piles {
            stock: "draw pile",
            discard_pile: false,
            put: "put under",
            put_card: "put the selected card under the draw pile",
            put_it: "put it under the draw pile",
        }
    }

    fn card_preview(view: &PowView, card: CardId) -> Option<String> {
        let c = view.hand.iter().find(|c| c.id == card)?;
        let line = match view.put_under {
            // The prompt counts the cards still to go after the first.
            0 => {
                let open = view.open();
                let detail = open
                    .get(MoveKind::PutUnder)
                    .and_then(|m| m.detail.as_deref());
                format!("{} Enter puts {c} there.", detail.unwrap_or_default())
            }
            _ => format!("Enter puts {c} under the draw pile."),
        };
        view.can_put_under.then_some(line)
    }

    fn word_key(view: &PowView) -> &'static str {
        match view.phase {
            Phase::Muggins { .. } => "mug",
            _ => "word",
        }
    }

    fn no_way(view: &PowView, text: &str) -> Option<String> {
        let word = text.trim().to_uppercase();
        (view.mugging() && !word.is_empty() && view.word_moves(&word).is_empty()).then(|| {
            format!("No other seat's face-up cards make {word}, alone or played on one table word.")
        })
    }

    fn help_notes(session: &Session<PlayOnWords>) -> String {
        let options = &session.setup().rules.options;
        let version = options.version;
        let mut notes = PlayOnWords::rule_notes(session.setup());
        let mut open = Vec::new();
        if options.words == WordCheck::Challenge {
            open.push("c challenges a word, p/Enter lets it stand".to_string());
        }
        if options.muggins && version != Version::Casual {
            open.push("in muggins, w mugs other hands, p passes".to_string());
        }
        if !open.is_empty() {
            notes.push(format!("In the open (no hand shown): {}.", open.join("; ")));
        }
        notes.join("\n")
    }
}
