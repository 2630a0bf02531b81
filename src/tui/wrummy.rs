//! Wrummy 3-4-5 at the table: its snapshot, prompts, keys and hints. Typed
//! words go through the word-game adapter (`words`), which every word game
//! shares.

use super::table::{
    GameEnd, HintInfo, Played, SeatPanel, Snapshot, TableGame, UiMove, WordEntry, WordPlan,
    bot_move, who,
};
use rummy::card::{CardId, Face, count_cards};
use rummy::game::{Game, Session};
use rummy::seat::BotLevel;
use rummy::seat::SeatId;
use rummy::variants::wrummy::hint::hint;
use rummy::variants::wrummy::{
    MIN_LEN, Phase, REFILL, REQUIRED, Wrummy, WrummyAction, WrummyEvent, WrummyView,
};
use rummy::word::{self, WordCheck};
use rummy::wordgame::Spelled;

use super::text;
use super::theme::LetterTier;
use super::words;

fn played(session: &Session<Wrummy>, events: &[WrummyEvent]) -> Played {
    let mut out = Played::default();
    for e in events {
        out.lines.push(e.to_string());
        match e {
            WrummyEvent::GameOver {
                result,
                names,
                totals,
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
                    match_over: false,
                    heading: format!("Game {} is over", result.game),
                    counts: names.iter().cloned().zip(result.scores.clone()).collect(),
                    totals: names.iter().cloned().zip(totals.clone()).collect(),
                    summary: format!("{why} {lead}"),
                    friendly: format!(
                        "{why} Points on the table count for you, cards left in hand against you."
                    ),
                    count_label: "game".into(),
                    total_label: "total".into(),
                    sheet_names: names.clone(),
                    sheet,
                    details: Vec::new(),
                    next: "game".into(),
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
    }
    out
}

fn my_view(session: &Session<Wrummy>, seat: SeatId) -> Option<WrummyView> {
    (session.state().to_move() == Some(seat)).then(|| session.state().view(seat))
}

fn run(session: &mut Session<Wrummy>, seat: SeatId, a: WrummyAction) -> Result<Played, String> {
    let events = session.apply(seat, a).map_err(|e| e.to_string())?;
    Ok(played(session, &events))
}

impl TableGame for Session<Wrummy> {
    fn last_played(&self) -> Option<Played> {
        crate::tui::table::replay_last(self, played)
    }

    fn hidden_hands(&self) -> bool {
        true
    }

    fn opening_note(&self) -> Option<String> {
        super::words::opening_note(self.setup().rules.options.words, self.seats())
    }

    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot {
        let view = super::words::view_of(self, viewer);
        let hand = super::words::in_letter_order(&view.hand);
        let table = view.table_points();
        let stock = super::words::stock_text(view.stock_left);
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
            center_note: Some(match view.train.len() {
                n @ 0..=1 => format!("Train: {}", count_cards(n)),
                n => format!("Train: {}, 1 the oldest, {n} the top", count_cards(n)),
            }),
            score_label: "points".to_string(),
            wilds: view
                .hand
                .iter()
                .chain(&view.train)
                .filter(|c| c.face == Face::Wild)
                .map(|c| c.id)
                .collect(),
            word_game: true,
            center_numbered: true,
            seats: self
                .seats()
                .iter()
                .enumerate()
                .map(|(i, seat)| {
                    let id = SeatId(i as u8);
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
                    SeatPanel {
                        name: seat.name.clone(),
                        who: who(seat),
                        cards: (viewer == Some(id)).then(|| hand.clone()),
                        card_count: view.hand_sizes.get(i).copied().unwrap_or(0),
                        claimed: None,
                        score: view.totals.get(i).copied().unwrap_or(0),
                        to_move: view.to_move == Some(id),
                        is_viewer: viewer == Some(id),
                        note: Some(note),
                        gaps: Vec::new(),
                        words: words::shown_words(&view.table, id),
                    }
                })
                .collect(),
            ..Snapshot::default()
        }
    }

    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        // The engine says whether a discard may end the turn now.
        let Some(view) = my_view(self, seat).filter(|v| v.discard_refusal().is_none()) else {
            return Vec::new();
        };
        view.hand
            .iter()
            .map(|c| UiMove {
                card: c.id,
                target: None,
                label: format!(
                    "discard {c} ({}) and end your turn",
                    rummy::card::points(i64::from(c.value))
                ),
            })
            .collect()
    }

    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        run(self, seat, WrummyAction::Discard { card: m.card })
    }

    fn play_bot(&mut self, stand_in: Option<BotLevel>) -> Result<Played, String> {
        let events = bot_move(self, stand_in)?;
        Ok(played(self, &events))
    }

    fn hint(&self, seat: SeatId) -> Option<HintInfo> {
        let view = my_view(self, seat)?;
        let h = hint(&view, self.state().dictionary())?;
        let mut info = HintInfo {
            card: None,
            target: None,
            short: format!("Hint: {}.", h.short),
            long: h.long,
            word: None,
            child: None,
        };
        match &h.action {
            WrummyAction::TakeTrain { pos } => info.target = view.train.get(*pos).map(|c| c.id),
            WrummyAction::Discard { card } => info.card = Some(*card),
            WrummyAction::Play(Spelled { word, .. })
            | WrummyAction::Extend { word, .. }
            | WrummyAction::Call { word, .. } => {
                // The way of the typed word that is this move.
                let same = |a: &WrummyAction| match (a, &h.action) {
                    (WrummyAction::Play(_), WrummyAction::Play(_))
                    | (WrummyAction::Call { .. }, WrummyAction::Call { .. }) => true,
                    (
                        WrummyAction::Extend { target: a, .. },
                        WrummyAction::Extend { target: b, .. },
                    ) => a == b,
                    _ => false,
                };
                let way = words::way_of(self, seat, word, same);
                info.word = Some((word.clone(), way));
                info.short = format!("Hint: {}. Press w to type it.", h.short);
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
            Phase::Draw => {
                let top = view.train.last().map(|c| c.to_string());
                let draw = if view.stock_left == 0 {
                    "The stock is out: s goes on without drawing"
                } else if view.refill.get(seat.index()) == Some(&true) {
                    "You went out without all three words: s draws 5 cards"
                } else {
                    "s draws from the stock"
                };
                match top {
                    None => format!("Your turn, {name}. {draw}."),
                    Some(top) if view.first_turn => {
                        format!("Your turn, {name}. {draw}, or d takes {top} from the train.")
                    }
                    Some(top) if view.took_back => format!(
                        "You took this turn back, {name}: {draw}, or d takes {top} from the train."
                    ),
                    Some(_) if kids => format!(
                        "Your turn, {name}! {draw}, or pick a train card with the arrows and press Enter to take it and every card after it."
                    ),
                    Some(top) => format!(
                        "Your turn, {name}. {draw}, d takes {top}, or pick a train card (← →, Enter) to take it and every card above it."
                    ),
                }
            }
            Phase::Play => {
                let must = view
                    .must_card()
                    .map(|c| format!(" Use the {c} you took in a word, or b takes the turn back."))
                    .unwrap_or_default();
                if view.hand.is_empty() {
                    format!("{name}, you have no cards left: e ends your turn.")
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
                words::challenge_prompt(&self.seat_name(window.player), view.challenged(), &name)
            }
            Phase::Over => String::new(),
        }
    }

    fn draws_cards(&self) -> bool {
        true
    }

    fn drawing(&self, seat: SeatId) -> Option<Option<CardId>> {
        let view = my_view(self, seat).filter(|v| v.phase == Phase::Draw)?;
        Some(view.train.last().map(|c| c.id))
    }

    fn draw(&mut self, seat: SeatId, from_train: bool) -> Result<Played, String> {
        let view = my_view(self, seat).ok_or("It is not your turn.")?;
        let a = match (from_train, view.train.len()) {
            (true, 0) => return Err("The train is empty.".into()),
            (true, n) => WrummyAction::TakeTrain { pos: n - 1 },
            (false, _) if view.stock_left == 0 => WrummyAction::SkipDraw,
            (false, _) => WrummyAction::DrawStock,
        };
        run(self, seat, a)
    }

    fn preview(&self, seat: SeatId, card: CardId) -> Option<String> {
        let view = my_view(self, seat)?;
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

    fn private(&self, seat: SeatId) -> bool {
        !matches!(
            self.state().phase(),
            Phase::Calls { .. } | Phase::Challenge(_)
        ) || self.state().to_move() != Some(seat)
    }

    fn refusal(&self, seat: SeatId, _card: CardId) -> Option<String> {
        my_view(self, seat)?.discard_refusal()
    }

    fn takes_from_center(&self, seat: SeatId) -> bool {
        // On the first turn and after a take-back only `d` takes (the top).
        my_view(self, seat).is_some_and(|v| v.deep_take_open())
    }

    fn take(&mut self, seat: SeatId, card: CardId) -> Result<Played, String> {
        let view = my_view(self, seat).ok_or("It is not your turn.")?;
        let take = view
            .pile_take(card)
            .ok_or("That card is not in the train.")?;
        run(self, seat, WrummyAction::TakeTrain { pos: take.pos })
    }

    fn typing(&self, seat: SeatId) -> Option<WordEntry> {
        match my_view(self, seat)?.phase {
            Phase::Play => Some(WordEntry {
                key: "word",
                what: "type a word to play, or to grow a word on the table".into(),
            }),
            Phase::Calls { .. } => Some(WordEntry {
                key: "call",
                what: "type a word that stands in the train".into(),
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
            Phase::Play => {
                let mut keys = Vec::new();
                if view.can_take_back {
                    keys.push(('b', "take the turn back".to_string()));
                }
                if view.hand.is_empty() {
                    keys.push(('e', "end the turn".to_string()));
                }
                keys
            }
            Phase::Calls { .. } => vec![('p', "pass".to_string())],
            Phase::Challenge(_) => words::challenge_keys(view.challenged()),
            _ => Vec::new(),
        }
    }

    fn enter_key(&self, seat: SeatId) -> Option<char> {
        match my_view(self, seat)?.phase {
            Phase::Calls { .. } | Phase::Challenge(_) => Some('p'),
            _ => None,
        }
    }

    fn game_key(&mut self, seat: SeatId, key: char) -> Result<Played, String> {
        let a = match key {
            'b' => WrummyAction::TakeBack,
            'e' => WrummyAction::EndTurn,
            'p' => WrummyAction::Pass,
            'c' => WrummyAction::Challenge,
            _ => return Err("That key does nothing here.".into()),
        };
        run(self, seat, a)
    }

    fn help_notes(&self) -> String {
        let rules = &self.setup().rules;
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
                "Words of {MIN_LEN}+ letters. Going out with your {} played ends \
                 the game; without them, you draw {REFILL} cards on your next turn.",
                lengths.join("-")
            ),
            format!(
                "Cards: {} points (the value is printed too); W ? a wild, {}. \
                 Table words: a wild's letter in lower case.",
                values.join(", "),
                rules.deck.wild_value
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
        if options.target > 0 {
            notes.push(format!(
                "A match: game scores add up until a seat reaches {}.",
                options.target
            ));
        }
        notes.join("\n")
    }
}
