//! AlphaRummy 500 at the table: the spread discard pile, the race to 500,
//! prompts, keys, hints and the score sheet. Typed words (melds and
//! add-ons) go through the word-game adapter (`words`).

use super::table::{
    GameEnd, HintInfo, Played, SeatPanel, Snapshot, TableGame, UiMove, WordEntry, WordPlan,
    bot_move, who,
};
use super::text;
use super::words;
use rummy::card::{CardId, Face, count_cards};
use rummy::game::{Game, Session};
use rummy::seat::BotLevel;
use rummy::seat::SeatId;
use rummy::variants::alpharummy::hint::hint;
use rummy::variants::alpharummy::{
    AlphaAction, AlphaEvent, AlphaRummy, AlphaView, HAND, OUT_WITH, Phase, score,
};
use rummy::word::WordCheck;
use rummy::wordgame::Spelled;

fn played(session: &Session<AlphaRummy>, events: &[AlphaEvent]) -> Played {
    let mut out = Played::default();
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
            AlphaEvent::RoundOver {
                result,
                names,
                totals,
            } => {
                let (sheet_names, sheet) = sheet(names);
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
                    match_over: false,
                    heading: format!("Round {} is over", result.round),
                    counts: names.iter().cloned().zip(result.scores.clone()).collect(),
                    totals: names.iter().cloned().zip(totals.clone()).collect(),
                    summary: format!("{why} {e}"),
                    friendly: format!("{why} Every word scored as it was laid.{left}"),
                    count_label: "round".into(),
                    total_label: "total".into(),
                    sheet_names,
                    sheet,
                    details: Vec::new(),
                    next: "round".into(),
                });
            }
            AlphaEvent::GameOver { names, totals, .. } => {
                let (sheet_names, sheet) = sheet(names);
                let target = session.state().options().target;
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
                    friendly: format!("{e} The first to {target} wins."),
                    count_label: "round".into(),
                    total_label: "total".into(),
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

fn my_view(session: &Session<AlphaRummy>, seat: SeatId) -> Option<AlphaView> {
    (session.state().to_move() == Some(seat)).then(|| session.state().view(seat))
}

fn run(session: &mut Session<AlphaRummy>, seat: SeatId, a: AlphaAction) -> Result<Played, String> {
    let events = session.apply(seat, a).map_err(|e| e.to_string())?;
    Ok(played(session, &events))
}

fn bonus(n: usize) -> String {
    rummy::card::count_of(n, "bonus card")
}

impl TableGame for Session<AlphaRummy> {
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
        let stock = super::words::stock_text(view.stock_left);
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
            center_note: Some(match view.pile.len() {
                n @ 0..=1 => format!("Discard pile: {}", count_cards(n)),
                n => format!(
                    "Discard pile: {}, 1 the oldest, {n} the top",
                    count_cards(n)
                ),
            }),
            score_label: "points".to_string(),
            wilds: view
                .hand
                .iter()
                .chain(&view.pile)
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
                    let total = view.totals.get(i).copied().unwrap_or(0);
                    let mut note = format!("{} to go", (view.options.target as i64 - total).max(0));
                    match view.round_points.get(i).copied().unwrap_or(0) {
                        0 => {}
                        n => note.push_str(&format!(" · {n:+} this round")),
                    }
                    if view.turn == id && view.owed > 0 {
                        note.push_str(&format!(" · {} due", bonus(view.owed)));
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
                        score: total,
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
                label: format!("discard {c} and end your turn"),
            })
            .collect()
    }

    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        run(self, seat, AlphaAction::Discard { card: m.card })
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
            short: format!("Hint: {}", h.text),
            long: h.text.clone(),
            word: None,
            child: None,
        };
        if let Some(reason) = &h.reason {
            info.long = format!("{} {reason}", h.text);
        }
        match &h.action {
            AlphaAction::TakePile { pos } => info.target = view.pile.get(*pos).map(|c| c.id),
            AlphaAction::Discard { card } => info.card = Some(*card),
            AlphaAction::Meld(Spelled { word, .. }) | AlphaAction::AddOn { word, .. } => {
                let same = |a: &AlphaAction| match (a, &h.action) {
                    (AlphaAction::Meld(_), AlphaAction::Meld(_)) => true,
                    (
                        AlphaAction::AddOn { target: a, .. },
                        AlphaAction::AddOn { target: b, .. },
                    ) => a == b,
                    _ => false,
                };
                let way = words::way_of(self, seat, word, same);
                info.word = Some((word.clone(), way));
                info.short = format!("Hint: {} Press w to type it.", h.text);
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
            Phase::Draw if view.stock_left == 0 => format!(
                "The stock is out, {name}: take from the discard pile (← →, Enter) and lay a word with that card, or p passes and the round ends."
            ),
            Phase::Draw if kids => format!(
                "Your turn, {name}! s draws from the stock, or pick a card of the discard pile with the arrows and press Enter: you must use it in a word."
            ),
            Phase::Draw if view.took_back => {
                format!("You took this turn back, {name}: s draws from the stock.")
            }
            Phase::Draw => format!(
                "Your turn, {name}. s draws from the stock, or pick a discard pile card (← →, Enter) to take it and every card above it."
            ),
            Phase::Play => {
                let must = view
                    .must_card()
                    .map(|c| format!(" Use the {c} you took in a word, or b takes the turn back."))
                    .unwrap_or_default();
                let owed = if view.bonus_refusal().is_none() {
                    format!(" t takes your {}.", bonus(view.owed))
                } else {
                    String::new()
                };
                let out = if view.go_out_refusal().is_none() {
                    " o goes out: 7 fresh cards."
                } else {
                    ""
                };
                format!(
                    "{name}: w types a word ({} letters or more, or letters added into a word on the table), or discard a card to end your turn.{must}{owed}{out}",
                    view.min_word_len()
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
        // After a take-back the discard pile is closed for the turn.
        Some(view.pile.last().map(|c| c.id).filter(|_| !view.took_back))
    }

    fn draw(&mut self, seat: SeatId, from_pile: bool) -> Result<Played, String> {
        let view = my_view(self, seat).ok_or("It is not your turn.")?;
        let a = match (from_pile, view.pile.len()) {
            (true, 0) => return Err("The discard pile is empty.".into()),
            (true, n) => AlphaAction::TakePile { pos: n - 1 },
            (false, _) => AlphaAction::DrawStock,
        };
        run(self, seat, a)
    }

    fn preview(&self, seat: SeatId, card: CardId) -> Option<String> {
        let view = my_view(self, seat)?;
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

    fn private(&self, seat: SeatId) -> bool {
        !matches!(self.state().phase(), Phase::Challenge(_)) || self.state().to_move() != Some(seat)
    }

    fn stock_refusal(&self, seat: SeatId) -> Option<String> {
        my_view(self, seat)?.stock_refusal()
    }

    fn refusal(&self, seat: SeatId, _card: CardId) -> Option<String> {
        my_view(self, seat)?.discard_refusal()
    }

    fn takes_from_center(&self, seat: SeatId) -> bool {
        // After a take-back the seat draws from the stock.
        my_view(self, seat).is_some_and(|v| v.pile_open())
    }

    fn take(&mut self, seat: SeatId, card: CardId) -> Result<Played, String> {
        let view = my_view(self, seat).ok_or("It is not your turn.")?;
        let take = view
            .pile_take(card)
            .ok_or("That card is not in the discard pile.")?;
        run(self, seat, AlphaAction::TakePile { pos: take.pos })
    }

    fn typing(&self, seat: SeatId) -> Option<WordEntry> {
        match my_view(self, seat)?.phase {
            Phase::Play => Some(WordEntry {
                key: "word",
                what: "type a word to lay, or a table word with your letters added".into(),
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
            Phase::Draw if view.stock_left == 0 => vec![('p', "pass: end the round".to_string())],
            Phase::Play => {
                let mut keys = Vec::new();
                if view.can_take_back {
                    keys.push(('b', "take back".to_string()));
                }
                if view.bonus_refusal().is_none() {
                    keys.push(('t', format!("bonus ({})", view.owed)));
                }
                if view.go_out_refusal().is_none() {
                    keys.push(('o', "go out".to_string()));
                }
                keys
            }
            Phase::Challenge(_) => words::challenge_keys(view.challenged()),
            _ => Vec::new(),
        }
    }

    fn enter_key(&self, seat: SeatId) -> Option<char> {
        match my_view(self, seat)?.phase {
            Phase::Challenge(_) => Some('p'),
            _ => None,
        }
    }

    fn game_key(&mut self, seat: SeatId, key: char) -> Result<Played, String> {
        let a = match key {
            'b' => AlphaAction::TakeBack,
            't' => AlphaAction::TakeBonus,
            'o' => AlphaAction::GoOut,
            'p' => AlphaAction::Pass,
            'c' => AlphaAction::Challenge,
            _ => return Err("That key does nothing here.".into()),
        };
        run(self, seat, a)
    }

    fn help_notes(&self) -> String {
        let options = &self.setup().rules.options;
        let table = score::table();
        let column = |f: &dyn Fn(&(usize, i64, usize)) -> String| -> String {
            text::series(&table.iter().map(f).collect::<Vec<_>>(), "or")
        };
        let lengths = column(&|&(len, ..)| {
            if len == score::TOP_LEN {
                format!("{len}+")
            } else {
                len.to_string()
            }
        });
        let multipliers = column(&|&(_, m, _)| m.to_string());
        let bonus = column(&|&(.., b)| b.to_string());
        let subtract = if options.subtract {
            " The cards left in your hand when a round ends count against you."
        } else {
            ""
        };
        format!(
            "t takes the bonus cards your words earned (before you discard); \
             o goes out after a word with no card left, or {OUT_WITH} to discard: \
             {HAND} fresh cards instead of the bonus; b takes the turn back while \
             the card taken from the pile is unused; with the stock out, p passes \
             and the round ends, and words earn no bonus cards.\n\
             Between turns, in the open (no hand shown):\n\
             c, p/Enter  challenge the word just laid, or let it stand\n\
             Scoring: the cards you lay (for an add-on, only the added ones) \
             times {multipliers} for a word of {lengths} letters, which earns \
             {bonus} bonus cards. The value is on each card.{subtract}\n\
             First to {} wins at once.",
            options.target
        )
    }
}
