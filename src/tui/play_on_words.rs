//! Play On Words Rummy at the table: the draw pile, words grown, rearranged
//! and combined, cards put under the pile, the muggins window in the open,
//! prompts, keys, hints and the score sheet. Typed words (new words,
//! play-ons, combinations, muggins) go through the word-game adapter
//! (`words`).

use super::table::{
    GameEnd, HintInfo, Played, SeatPanel, Snapshot, TableGame, UiMove, WordEntry, WordPlan,
    bot_move, hidden_undo_refusal, who,
};
use super::words;
use rummy::card::{Card, CardId, Face};
use rummy::game::{Game, Session};
use rummy::seat::SeatId;
use rummy::variants::play_on_words::hint::hint;
use rummy::variants::play_on_words::{
    FULL, MAX_DISCARD, Phase, PlayOnWords, PowAction, PowEvent, PowView, Version,
};
use rummy::word::WordCheck;

fn played(session: &Session<PlayOnWords>, events: &[PowEvent]) -> Played {
    let mut out = Played::default();
    let casual = session.state().options().version == Version::Casual;
    let (count_label, total_label) = if casual {
        ("won", "rounds won")
    } else {
        ("round", "total")
    };
    for e in events {
        out.lines.push(e.to_string());
        let sheet = |names: &[String]| -> (Vec<String>, Vec<(String, Vec<i64>)>) {
            let rows = session
                .state()
                .spectator_view()
                .sheet
                .iter()
                .map(|r| (r.label.clone(), r.scores.clone()))
                .collect();
            (names.to_vec(), rows)
        };
        match e {
            PowEvent::RoundOver {
                result,
                names,
                totals,
                ..
            } => {
                let (sheet_names, sheet) = sheet(names);
                let why = match result.went_out {
                    Some(s) => format!("{} went out.", session.seat_name(s)),
                    None => "Nobody went out.".to_string(),
                };
                let details = names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| {
                        let g = |v: &[i64]| v.get(i).copied().unwrap_or(0);
                        format!(
                            "{n}: {} for words and bonuses, {} mugged, -{} for letters left",
                            g(&result.played),
                            g(&result.mugged),
                            g(&result.left)
                        )
                    })
                    .collect();
                out.end = Some(GameEnd {
                    match_over: false,
                    heading: format!("Round {} is over", result.round),
                    counts: names.iter().cloned().zip(result.scores.clone()).collect(),
                    totals: names.iter().cloned().zip(totals.clone()).collect(),
                    summary: format!("{why} {e}"),
                    friendly: if casual {
                        format!("{why} The seat that goes out first wins the round.")
                    } else {
                        format!(
                            "{why} Words scored as they were played; each letter left in hand is a point off."
                        )
                    },
                    count_label: count_label.into(),
                    total_label: total_label.into(),
                    sheet_names,
                    sheet,
                    details: if casual { Vec::new() } else { details },
                    next: "round".into(),
                });
            }
            PowEvent::GameOver { names, totals, .. } => {
                let (sheet_names, sheet) = sheet(names);
                let last: Vec<i64> = sheet
                    .last()
                    .map(|(_, s)| s.clone())
                    .unwrap_or_else(|| vec![0; names.len()]);
                out.end = Some(GameEnd {
                    match_over: true,
                    heading: "The game is over".into(),
                    counts: names.iter().cloned().zip(last).collect(),
                    totals: names.iter().cloned().zip(totals.clone()).collect(),
                    summary: format!("{e}"),
                    friendly: format!("{e}"),
                    count_label: count_label.into(),
                    total_label: total_label.into(),
                    sheet_names,
                    sheet,
                    details: Vec::new(),
                    next: "game".into(),
                });
            }
            _ => {}
        }
    }
    out
}

fn my_view(session: &Session<PlayOnWords>, seat: SeatId) -> Option<PowView> {
    (session.state().to_move() == Some(seat)).then(|| session.state().view(seat))
}

fn run(session: &mut Session<PlayOnWords>, seat: SeatId, a: PowAction) -> Result<Played, String> {
    let events = session.apply(seat, a).map_err(|e| e.to_string())?;
    Ok(played(session, &events))
}

/// Letters in alphabetical order: words are easier to see.
fn sorted(cards: &[Card]) -> Vec<Card> {
    let first = |c: &Card| match c.face {
        Face::Letter(l) | Face::Combo(l, _) | Face::Flip(l, _) => l.index(),
        _ => 26,
    };
    let mut out = cards.to_vec();
    out.sort_by_key(|c| (first(c), c.id));
    out
}

impl TableGame for Session<PlayOnWords> {
    fn hidden_hands(&self) -> bool {
        true
    }

    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot {
        let view = match viewer {
            Some(seat) => self.state().view(seat),
            None => self.state().spectator_view(),
        };
        let hand = sorted(&view.hand);
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
        let mugging = matches!(view.phase, Phase::Muggins { .. });
        let center_note = if mugging {
            "Muggins: every unplayed card is face up".to_string()
        } else if view.final_turns.is_some() {
            format!("Final turns · {pile}")
        } else {
            format!("{}: no discard pile in this game", capital(&pile))
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
            wilds: view
                .hand
                .iter()
                .chain(view.shown.iter().flatten())
                .filter(|c| c.face == Face::Wild)
                .map(|c| c.id)
                .collect(),
            word_game: true,
            seats: self
                .seats()
                .iter()
                .enumerate()
                .map(|(i, seat)| {
                    let id = SeatId(i as u8);
                    let total = view.totals.get(i).copied().unwrap_or(0);
                    let mut note = String::new();
                    if view.options.version != Version::Casual {
                        match view.round_points.get(i).copied().unwrap_or(0) {
                            0 => {}
                            n => note.push_str(&format!("{n:+} this round")),
                        }
                    }
                    let mut add = |s: &str| {
                        if !note.is_empty() {
                            note.push_str(" · ");
                        }
                        note.push_str(s);
                    };
                    if view.went_out == Some(id) {
                        add("went out");
                    }
                    if view.skips.get(i).is_some_and(|&n| n > 0) {
                        add("loses a turn");
                    }
                    // In muggins every unplayed card lies face up.
                    let cards = if mugging {
                        view.shown.get(i).map(|c| sorted(c))
                    } else {
                        (viewer == Some(id)).then(|| hand.clone())
                    };
                    SeatPanel {
                        name: seat.name.clone(),
                        who: who(seat),
                        cards,
                        card_count: view.hand_sizes.get(i).copied().unwrap_or(0),
                        claimed: None,
                        score: total,
                        to_move: view.to_move == Some(id),
                        is_viewer: viewer == Some(id),
                        note: (!note.is_empty()).then_some(note),
                        gaps: Vec::new(),
                        words: words::shown_words(&view.table, id),
                    }
                })
                .collect(),
            ..Snapshot::default()
        }
    }

    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        let Some(view) = my_view(self, seat).filter(|v| v.can_put_under) else {
            return Vec::new();
        };
        view.hand
            .iter()
            .map(|c| UiMove {
                card: c.id,
                target: None,
                label: format!("put {c} under the draw pile"),
            })
            .collect()
    }

    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        run(self, seat, PowAction::PutUnder { card: m.card })
    }

    fn play_bot(&mut self) -> Result<Played, String> {
        let events = bot_move(self)?;
        Ok(played(self, &events))
    }

    fn hint(&self, seat: SeatId) -> Option<HintInfo> {
        let view = my_view(self, seat)?;
        let h = hint(&view, self.state().dictionary())?;
        let mut info = HintInfo {
            card: None,
            target: None,
            short: format!("Hint: {}", h.text),
            long: h.text.clone(),
            word: None,
        };
        match &h.action {
            PowAction::PutUnder { card } => info.card = Some(*card),
            PowAction::Word { word, .. }
            | PowAction::PlayOn { word, .. }
            | PowAction::Combine { word, .. }
            | PowAction::Mug { word, .. } => {
                let same = |a: &PowAction| match (a, &h.action) {
                    (PowAction::Word { .. }, PowAction::Word { .. }) => true,
                    (PowAction::PlayOn { target: a, .. }, PowAction::PlayOn { target: b, .. }) => {
                        a == b
                    }
                    (
                        PowAction::Combine { targets: a, .. },
                        PowAction::Combine { targets: b, .. },
                    ) => a == b,
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
                    _ => false,
                };
                let way = words::way_of(self, seat, word, same);
                info.word = Some((word.clone(), way));
                info.short = format!("Hint: {} Press w to type it.", h.text);
                info.long = format!(
                    "{} Of every word your cards make, alone or with the table's words, it is worth most, counting each card you get rid of.",
                    h.text
                );
            }
            _ => {}
        }
        Some(info)
    }

    fn prompt(&self, seat: SeatId, kids: bool) -> String {
        let name = self.seat_name(seat);
        let Some(view) = my_view(self, seat) else {
            return String::new();
        };
        match &view.phase {
            Phase::Draw if kids => format!("Your turn, {name}! Press s to draw a card."),
            Phase::Draw => format!("Your turn, {name}: s draws a card to start it."),
            Phase::Play if view.put_under > 0 => format!(
                "{name}: put up to {} more under the draw pile (pick, Enter), or p ends the turn.",
                MAX_DISCARD - view.put_under
            ),
            Phase::Play => {
                let more = if view.can_draw {
                    format!(
                        " s draws another (you hold {}, at most {FULL}).",
                        view.hand.len()
                    )
                } else {
                    String::new()
                };
                let under = if view.can_put_under {
                    " Stuck? Pick a card and Enter puts it under the draw pile (up to 3)."
                } else {
                    ""
                };
                let what = if view.new_word_laid {
                    "w plays on a table word (your letters added, or its letters rearranged, or words combined)"
                } else {
                    "w types a new word (3 letters or more) or a play-on of the table's words"
                };
                let end = if view.laid { ", p ends your turn" } else { "" };
                format!("{name}: {what}{end}.{more}{under}")
            }
            Phase::Challenge { player, .. } => {
                let w = view.challenged().map(|w| w.text()).unwrap_or_default();
                format!(
                    "{} played {w}. {name}: c challenges it; Enter or p lets it stand.",
                    self.seat_name(*player)
                )
            }
            Phase::Muggins { .. } => format!(
                "Muggins, {name}: w types a word of another seat's cards (alone, or played on a table word) for 2 points a letter; p passes."
            ),
            Phase::Over => String::new(),
        }
    }

    fn draws_cards(&self) -> bool {
        true
    }

    fn drawing(&self, seat: SeatId) -> Option<Option<CardId>> {
        my_view(self, seat).filter(|v| v.can_draw).map(|_| None)
    }

    fn draw(&mut self, seat: SeatId, from_pile: bool) -> Result<Played, String> {
        if from_pile {
            return Err("There is no discard pile in this game: s draws a card.".into());
        }
        run(self, seat, PowAction::Draw)
    }

    fn undo_refusal(&self, len: usize) -> Option<String> {
        // Besides a card drawn: a hand refilled, or a new round dealt.
        hidden_undo_refusal(
            self,
            len,
            |a| matches!(a, PowAction::Draw),
            |then, now| {
                let drawn = then.spectator_view().stock_left > now.spectator_view().stock_left;
                if now.round_number() != then.round_number() {
                    Some("A new round has been dealt since, so that cannot be taken back.".into())
                } else if drawn {
                    Some("A hand has been refilled since, so that cannot be taken back.".into())
                } else {
                    None
                }
            },
        )
    }

    fn preview(&self, seat: SeatId, card: CardId) -> Option<String> {
        let view = my_view(self, seat)?;
        let c = view.hand.iter().find(|c| c.id == card)?;
        view.can_put_under
            .then(|| format!("Enter puts {c} under the draw pile."))
    }

    fn private(&self, seat: SeatId) -> bool {
        !matches!(
            self.state().phase(),
            Phase::Challenge { .. } | Phase::Muggins { .. }
        ) || self.state().to_move() != Some(seat)
    }

    fn typing(&self, seat: SeatId) -> Option<WordEntry> {
        let view = my_view(self, seat)?;
        match view.phase {
            Phase::Play if view.put_under == 0 => Some(WordEntry {
                key: "word",
                what: "type a new word, or a table word grown with your letters".into(),
            }),
            Phase::Muggins { .. } => Some(WordEntry {
                key: "mug",
                what: "type a word of another seat's cards".into(),
            }),
            _ => None,
        }
    }

    fn word_plan(&self, seat: SeatId, text: &str, way: usize) -> WordPlan {
        words::word_plan(self, seat, text, way)
    }

    fn play_word(&mut self, seat: SeatId, text: &str, way: usize) -> Result<Played, String> {
        words::play_word(self, seat, text, way, played)
    }

    fn game_keys(&self, seat: SeatId) -> Vec<(char, String)> {
        let Some(view) = my_view(self, seat) else {
            return Vec::new();
        };
        match &view.phase {
            Phase::Play if view.laid || view.put_under > 0 => {
                vec![('p', "end turn".to_string())]
            }
            Phase::Play if !view.can_draw => vec![('p', "pass".to_string())],
            Phase::Challenge { .. } => {
                let w = view.challenged().map(|w| w.text()).unwrap_or_default();
                vec![
                    ('c', format!("challenge {w}")),
                    ('p', "let it stand".to_string()),
                ]
            }
            Phase::Muggins { .. } => vec![('p', "pass".to_string())],
            _ => Vec::new(),
        }
    }

    fn enter_key(&self, seat: SeatId) -> Option<char> {
        match my_view(self, seat)?.phase {
            Phase::Challenge { .. } => Some('p'),
            _ => None,
        }
    }

    fn game_key(&mut self, seat: SeatId, key: char) -> Result<Played, String> {
        let a = match key {
            'p' => PowAction::Pass,
            'c' => PowAction::Challenge,
            _ => return Err("That key does nothing here.".into()),
        };
        run(self, seat, a)
    }

    fn help_notes(&self) -> &'static str {
        "s draws a card: one starts each turn, and more while you hold\n\
         fewer than 8 and have played nothing. w types a word: a new word\n\
         from hand (one a turn, 3+ letters), or a table word with your\n\
         letters added anywhere or rearranged, or table words combined;\n\
         Tab picks among the ways. p ends the turn. Holding 8 and stuck,\n\
         pick a card and Enter puts it under the draw pile (up to 3).\n\
         Scoring per letter (QU, TH... count 2): a new word 2; a play-on 1,\n\
         or 2 when it rearranges or adds 2+ letters with one inside the\n\
         word. Going out +7; the whole first hand in one word +20.\n\
         In the open (no hand shown): c, p/Enter challenge a word or let\n\
         it stand; muggins: w mugs other seats' cards, p passes."
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
