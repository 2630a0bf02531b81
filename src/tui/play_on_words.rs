//! Play On Words Rummy at the table: the draw pile, words grown, rearranged
//! and combined, cards put under the pile, the muggins window in the open,
//! prompts, keys, hints and the score sheet. Typed words (new words,
//! play-ons, combinations, muggins) go through the word-game adapter
//! (`words`).

use super::table::{
    GameEnd, HintInfo, Piles, Played, SeatPanel, Snapshot, TableGame, UiMove, WordEntry, WordPlan,
    bot_move, who,
};
use super::words;
use rummy::card::{CardId, Face};
use rummy::game::{Game, Session};
use rummy::seat::BotLevel;
use rummy::seat::SeatId;
use rummy::variants::play_on_words::hint::hint;
use rummy::variants::play_on_words::{
    FULL, MAX_DISCARD, Phase, PlayOnWords, PowAction, PowEvent, PowView, RoundResult, Version,
    score,
};
use rummy::word::WordCheck;
use rummy::wordgame::Spelled;

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
                    match_over: false,
                    heading: format!("Round {} is over", result.round),
                    counts: names.iter().cloned().zip(result.scores.clone()).collect(),
                    totals: names.iter().cloned().zip(totals.clone()).collect(),
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

impl TableGame for Session<PlayOnWords> {
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
        } else if let Some(out) = view.went_out.filter(|_| view.final_turns.is_some()) {
            format!("{} went out: final turns · {pile}", self.seat_name(out))
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
                    if view.skips.get(i).is_some_and(|&n| n > 0) {
                        add("loses a turn");
                    }
                    // In muggins every unplayed card lies face up.
                    let cards = if mugging {
                        view.shown.get(i).map(|c| super::words::in_letter_order(c))
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
        match &h.action {
            PowAction::PutUnder { card } => {
                info.card = Some(*card);
                info.long = format!(
                    "{} Holding {FULL} with nothing to play, up to {MAX_DISCARD} cards may go under the draw pile (the third ends the turn; p ends it sooner). The hint never puts a wild there, and the hardest letters to use go first.",
                    h.text
                );
            }
            PowAction::Word(Spelled { word, .. })
            | PowAction::PlayOn { word, .. }
            | PowAction::Combine { word, .. }
            | PowAction::Mug { word, .. } => {
                let same = |a: &PowAction| match (a, &h.action) {
                    (PowAction::Word(_), PowAction::Word(_)) => true,
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
                if let Some(why) = &h.reason {
                    info.long = format!("{} {why}", h.text);
                }
            }
            action => info.long = format!("{} {}", h.text, why_not_a_word(&view, action)),
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
                let who = if view.final_turns.is_some() {
                    format!("Final turn, {name}")
                } else {
                    name
                };
                let more = if view.can_draw {
                    format!(
                        " s draws another (you hold {}, at most {FULL}).",
                        view.hand.len()
                    )
                } else {
                    String::new()
                };
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
                let end = if view.laid {
                    ", p ends your turn"
                } else if !view.can_draw {
                    ", or p passes"
                } else {
                    ""
                };
                format!("{who}: {what}{end}.{more}")
            }
            Phase::Challenge(window) => {
                words::challenge_prompt(&self.seat_name(window.player), view.challenged(), &name)
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

    fn piles(&self) -> Piles {
        Piles {
            stock: "draw pile",
            discard_pile: false,
            put: "put under",
            put_card: "put the selected card under the draw pile",
            put_it: "put it under the draw pile",
        }
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

    fn preview(&self, seat: SeatId, card: CardId) -> Option<String> {
        let view = my_view(self, seat)?;
        let c = view.hand.iter().find(|c| c.id == card)?;
        let line = match view.put_under {
            // The prompt counts the cards still to go after the first.
            0 => format!(
                "No play fits your {FULL} cards: Enter puts {c} under the draw pile (up to {MAX_DISCARD} a turn)."
            ),
            _ => format!("Enter puts {c} under the draw pile."),
        };
        view.can_put_under.then_some(line)
    }

    fn private(&self, seat: SeatId) -> bool {
        !matches!(
            self.state().phase(),
            Phase::Challenge(_) | Phase::Muggins { .. }
        ) || self.state().to_move() != Some(seat)
    }

    fn typing(&self, seat: SeatId) -> Option<WordEntry> {
        let view = my_view(self, seat)?;
        match view.phase {
            Phase::Play if view.put_under == 0 => Some(WordEntry {
                key: "word",
                what: if view.new_word_laid {
                    "type a play-on of the table's words".into()
                } else {
                    "type a new word, or grow the table's words".into()
                },
            }),
            Phase::Muggins { .. } => Some(WordEntry {
                key: "mug",
                what: "type a word of another seat's cards".into(),
            }),
            _ => None,
        }
    }

    fn word_plan(&self, seat: SeatId, text: &str, way: usize) -> WordPlan {
        match no_way(self, seat, text) {
            Some(line) => WordPlan {
                line,
                error: true,
                ..WordPlan::default()
            },
            None => words::word_plan(self, seat, text, way),
        }
    }

    fn play_word(&mut self, seat: SeatId, text: &str, way: usize) -> Result<Played, String> {
        if let Some(why) = no_way(self, seat, text) {
            return Err(why);
        }
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
            Phase::Challenge(_) => words::challenge_keys(view.challenged()),
            Phase::Muggins { .. } => vec![('p', "pass".to_string())],
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
            'p' => PowAction::Pass,
            'c' => PowAction::Challenge,
            _ => return Err("That key does nothing here.".into()),
        };
        run(self, seat, a)
    }

    fn help_notes(&self) -> String {
        let rules = &self.setup().rules;
        let options = &rules.options;
        let version = options.version;
        let mut notes = vec![
            match version {
                Version::FullDeck => {
                    format!("Full Deck: no draws; the hand is refilled to {FULL} after each turn.")
                }
                _ => format!("s starts each turn; draw more while under {FULL} with nothing laid."),
            },
            format!(
                "No play at {FULL}: pick a card, Enter puts it under the draw pile (up to \
                 {MAX_DISCARD}). A turn lays one new word ({}+ letters) and play-ons: table \
                 words with letters added, rearranged or combined.",
                score::MIN_LEN
            ),
        ];
        if version == Version::Casual {
            notes.push("Casual: no points; the first seat out wins the round.".to_string());
        } else {
            let out = if version == Version::Rummy {
                format!(
                    " Out +{}; whole first hand in one word +{}.",
                    score::OUT_BONUS,
                    score::INITIAL_HAND_BONUS
                )
            } else {
                String::new()
            };
            notes.push(format!(
                "Per letter{}: new word {}; play-on {}, or {} if rearranged or {}+ letters \
                 go in, one inside.{out} Each letter left: -{}.",
                combos(&rules.deck),
                score::NEW_WORD,
                score::PLAY_ON,
                score::PLAY_ON_REBUILT,
                score::MANY_ADDED,
                score::LETTER_LEFT
            ));
        }
        let mut open = Vec::new();
        if options.words == WordCheck::Challenge {
            open.push("c challenges a word, p/Enter lets it stand".to_string());
        }
        if options.muggins && version != Version::Casual {
            open.push(format!(
                "in muggins, w mugs other hands for {} a letter, p passes",
                score::MUGGINS
            ));
        }
        if !open.is_empty() {
            notes.push(format!("In the open (no hand shown): {}.", open.join("; ")));
        }
        notes.join("\n")
    }
}

/// What a combo card counts in the deck, for the help: " (a combo card
/// such as CH counts 2)"; nothing in a deck without them.
fn combos(deck: &rummy::deck::DeckSpec) -> String {
    let combos: Vec<&String> = deck
        .letters
        .keys()
        .filter(|k| k.chars().count() > 1 && !k.contains('/'))
        .collect();
    let Some(first) = combos.first() else {
        return String::new();
    };
    let letters = first.chars().count();
    if combos.iter().all(|k| k.chars().count() == letters) {
        format!(" (a combo card such as {first} counts {letters})")
    } else {
        format!(" (a combo card counts its letters, {first} {letters})")
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Why a typed word has no way to be played at all, where the game's own
/// refusal cannot say it: in muggins, no other seat's face-up cards hold
/// its letters.
fn no_way(session: &Session<PlayOnWords>, seat: SeatId, text: &str) -> Option<String> {
    let view = my_view(session, seat)?;
    let word = text.trim().to_uppercase();
    (view.mugging() && !word.is_empty() && view.word_moves(&word).is_empty()).then(|| {
        format!("No other seat's face-up cards make {word}, alone or played on one table word.")
    })
}

/// Why the hint's move that is no word is the one to make: the rule
/// behind it.
fn why_not_a_word(view: &PowView, action: &PowAction) -> String {
    match (&view.phase, action) {
        (Phase::Draw, _) => "Every turn starts with a card from the draw pile: press s.".into(),
        (_, PowAction::Draw) => {
            "More cards give more words to choose from, and once you lay something this turn you may draw no more.".into()
        }
        (Phase::Challenge(_), PowAction::Challenge) => {
            "A word not in the dictionary scores nothing: its cards go back to the hand and that turn ends.".into()
        }
        (Phase::Challenge(_), _) => {
            "Challenging a word that is in the dictionary costs the challenger the next turn.".into()
        }
        (Phase::Muggins { .. }, _) => {
            "Muggins ends when each seat has passed; then each letter left in a hand is a point off.".into()
        }
        _ => "The hint finds no word or play-on your cards make now.".into(),
    }
}
