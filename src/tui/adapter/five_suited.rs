//! 5 Suited Rummy at the table: the screen's door to the game.

use super::{
    AnyThought, GameEnd, HintInfo, Played, SeatPanel, Snapshot, TableGame, UiMove, bot_move,
    draw_of, drawing_of, thought_move, who,
};
use rummy::card::{CardId, count_points};
use rummy::game::{Game, Session};
use rummy::open::MoveKind;
use rummy::seat::BotLevel;
use rummy::seat::SeatId;
use rummy::variants::five_suited::hint::hint_in;
use rummy::variants::five_suited::meld::{arrange, discard_points, is_wild};
use rummy::variants::five_suited::{
    FiveAction, FiveEvent, FiveSuited, FiveView, Phase, describe, wild_name,
};

/// What discarding each card would leave in hand.
fn discard_figures(view: &FiveView) -> Vec<(CardId, u32)> {
    discard_points(&view.hand, view.wild, view.taken)
        .into_iter()
        .map(|(c, p)| (c.id, p))
        .collect()
}

fn played(session: &Session<FiveSuited>, events: &[FiveEvent]) -> Played {
    Played::of(events, |e, out| match e {
        FiveEvent::RoundOver {
            result,
            totals,
            names,
        } => {
            let why = match (result.went_out, result.stock_ran_dry) {
                (Some(s), _) => format!("{} went out.", session.seat_name(s)),
                (None, true) => "The stock ran out.".to_string(),
                (None, false) => String::new(),
            };
            let sheet = super::sheet_rows(session.state().sheet().rows());
            let details = names
                .iter()
                .zip(&result.laid)
                .map(|(n, a)| format!("{n}: {}", describe(a, result.wild)))
                .collect();
            let leaders = session.state().leaders();
            let low = leaders.first().map_or(0, |s| totals[s.index()]);
            let who: Vec<String> = leaders.iter().map(|&s| session.seat_name(s)).collect();
            let is = if who.len() == 1 { "is" } else { "are" };
            let lead = format!("{} {is} lowest with {low}.", who.join(" and "));
            out.end = Some(GameEnd {
                summary: format!("{why} {lead}"),
                friendly: format!("{why} {lead}"),
                sheet,
                details,
                ..GameEnd::part_over("round", result.round, names, &result.points, totals)
            });
        }
        FiveEvent::GameOver { .. } => {
            if let Some(end) = out.end.as_mut() {
                end.match_over = true;
                end.heading = "The game is over".into();
                end.summary = e.to_string();
                end.friendly = e.to_string();
            }
        }
        _ => {}
    })
}

fn action(m: &UiMove) -> FiveAction {
    FiveAction::Discard { card: m.card }
}

impl TableGame for Session<FiveSuited> {
    fn last_played(&self) -> Option<Played> {
        crate::tui::adapter::replay_last(self, played)
    }

    fn hidden_hands(&self) -> bool {
        true
    }

    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot {
        // A spectator's view: seat 0's public parts, no hand.
        let view = match viewer {
            Some(seat) => self.state().view(seat),
            None => self.state().spectator_view(),
        };
        let mine = viewer.is_some();
        let out = view
            .went_out
            .map(|s| format!(" · {} went out: last turns", self.seat_name(s)))
            .unwrap_or_default();
        let reshuffles = match view.reshuffles_left {
            0 => "no reshuffles left".to_string(),
            1 => "1 reshuffle left".to_string(),
            n => format!("{n} reshuffles left"),
        };
        let shown = view.discards.len().min(8);
        let center = view.discards[view.discards.len() - shown..].to_vec();
        let (groups, preview, hand_note) = if mine && !view.hand.is_empty() {
            let a = arrange(&view.hand, view.wild);
            let groups = a
                .melds
                .iter()
                .map(|m| m.cards.iter().map(|c| c.id).collect())
                .collect();
            let preview = if view.phase == Phase::Discard && view.to_move == viewer {
                discard_figures(&view)
            } else {
                Vec::new()
            };
            (
                groups,
                preview,
                Some(format!("{} in hand", count_points(a.points))),
            )
        } else {
            (Vec::new(), Vec::new(), None)
        };
        Snapshot {
            title: "5 Suited Rummy".to_string(),
            heading: format!(
                "Round {} of {} · {} cards · {} and jokers wild{out}",
                view.round,
                view.rounds,
                view.dealt,
                wild_name(view.wild)
            ),
            center_label: "Discard pile".to_string(),
            center,
            center_note: Some(format!(
                "Discard pile: {}{} · stock {} · {reshuffles}",
                rummy::card::count_cards(view.discards.len()),
                // Which end is the top, once there are two cards.
                if view.discards.len() < 2 {
                    ""
                } else {
                    " (newest right)"
                },
                view.stock_left
            )),
            score_label: "points".to_string(),
            wilds: view
                .hand
                .iter()
                .chain(&view.discards)
                .chain(view.laid.iter().flatten().flat_map(|a| {
                    a.melds
                        .iter()
                        .flat_map(|m| m.cards.iter())
                        .chain(&a.deadwood)
                }))
                .filter(|c| is_wild(c, view.wild))
                .map(|c| c.id)
                .collect(),
            sortable: viewer.is_some_and(|v| view.laid[v.index()].is_none()),
            groups,
            preview,
            word_game: false,
            center_numbered: false,
            drawn: view.drawn.filter(|_| mine),
            seats: self
                .seats()
                .iter()
                .enumerate()
                .map(|(i, seat)| {
                    let id = SeatId(i as u8);
                    let laid = view.laid[i].as_ref();
                    let cards = match laid {
                        Some(a) => Some(
                            a.melds
                                .iter()
                                .flat_map(|m| m.cards.iter().copied())
                                .chain(a.deadwood.iter().copied())
                                .collect(),
                        ),
                        None if viewer == Some(id) => Some(view.hand.clone()),
                        None => None,
                    };
                    let note = match laid {
                        Some(_) if view.went_out == Some(id) => Some("went out".to_string()),
                        Some(a) => Some(format!("laid down, {} left", count_points(a.points))),
                        None if viewer == Some(id) => hand_note.clone(),
                        None => None,
                    };
                    let gaps = laid.map_or_else(Vec::new, |a| {
                        a.melds
                            .iter()
                            .scan(0, |at, m| {
                                *at += m.cards.len();
                                Some(*at)
                            })
                            .collect()
                    });
                    SeatPanel {
                        gaps,
                        name: seat.name.clone(),
                        who: who(seat),
                        card_count: laid.map_or(view.hand_sizes[i], |a| {
                            a.melds.iter().map(|m| m.cards.len()).sum::<usize>() + a.deadwood.len()
                        }),
                        cards,
                        claimed: None,
                        score: view.totals[i],
                        to_move: view.to_move == Some(id),
                        is_viewer: viewer == Some(id),
                        note,
                        words: Vec::new(),
                    }
                })
                .collect(),
        }
    }

    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        if Game::to_move(self.state()) != Some(seat) {
            return Vec::new();
        }
        let view = self.state().view(seat);
        if view.phase != Phase::Discard {
            return Vec::new();
        }
        let outs = view.outs();
        discard_figures(&view)
            .into_iter()
            .filter_map(|(id, left)| {
                let c = view.hand.iter().find(|c| c.id == id)?;
                let out = outs.iter().any(|o| o.id == c.id);
                Some(UiMove {
                    card: id,
                    target: None,
                    label: if out {
                        format!("discard {c} and go out")
                    } else {
                        format!("discard {c}, leaving {}", count_points(left))
                    },
                })
            })
            .collect()
    }

    fn refusal(&self, seat: SeatId, card: CardId) -> Option<String> {
        let mut trial = self.clone();
        trial
            .apply(seat, FiveAction::Discard { card })
            .err()
            .map(|e| e.to_string())
    }

    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        let events = self.apply(seat, action(m)).map_err(|e| e.to_string())?;
        Ok(played(self, &events))
    }

    fn draws_cards(&self) -> bool {
        true
    }

    fn drawing(&self, seat: SeatId) -> Option<Option<CardId>> {
        drawing_of(&self.state().open(seat))
    }

    fn stock_refusal(&self, seat: SeatId) -> Option<String> {
        let open = self.state().open(seat);
        open.get(MoveKind::Draw).and_then(|m| m.refusal.clone())
    }

    fn draw(&mut self, seat: SeatId, from_discard: bool) -> Result<Played, String> {
        let a = draw_of(&self.state().open(seat), from_discard)?;
        let events = self.apply(seat, a).map_err(|e| e.to_string())?;
        Ok(played(self, &events))
    }

    fn preview(&self, seat: SeatId, card: CardId) -> Option<String> {
        self.moves(seat)
            .into_iter()
            .find(|m| m.card == card)
            .map(|m| format!("Enter: {}.", m.label))
    }

    fn play_bot(&mut self, stand_in: Option<BotLevel>) -> Result<Played, String> {
        let events = bot_move(self, stand_in)?;
        Ok(played(self, &events))
    }

    fn play_thought(&mut self, thought: AnyThought) -> Result<Played, String> {
        let events = thought_move(self, thought)?;
        Ok(played(self, &events))
    }

    fn hinter(&self, seat: SeatId) -> crate::tui::adapter::HintJob {
        let game = self.clone();
        Box::new(move || game.hint(seat))
    }

    fn hint(&self, seat: SeatId) -> Option<HintInfo> {
        if Game::to_move(self.state()) != Some(seat) {
            return None;
        }
        let h = hint_in(self.state(), seat)?;
        let (card, target) = match h.action {
            FiveAction::Discard { card } => (Some(card), None),
            FiveAction::TakeDiscard => (None, h.card.map(|c| c.id)),
            FiveAction::DrawStock => (None, None),
        };
        Some(HintInfo {
            card,
            target,
            short: h.short,
            long: h.text,
            word: None,
            child: None,
        })
    }

    fn prompt(&self, seat: SeatId, kids: bool) -> String {
        let name = self.seat_name(seat);
        let view = self.state().view(seat);
        let last = if view.final_turn() {
            " This is your last turn of the round."
        } else {
            ""
        };
        match view.phase {
            Phase::Draw => match view.top_discard() {
                Some(top) if kids => format!(
                    "Your turn, {name}! Press s to draw a card from the stock, or d to take {top}.{last}"
                ),
                Some(top) => {
                    format!("Your turn, {name}: s draws from the stock, d takes {top}.{last}")
                }
                None => format!("Your turn, {name}: s draws from the stock.{last}"),
            },
            Phase::Discard => {
                let drew = view
                    .drawn
                    .and_then(|id| view.hand.iter().find(|c| c.id == id))
                    .map(|c| {
                        let how = if view.taken == Some(c.id) {
                            "took"
                        } else {
                            "drew"
                        };
                        format!("You {how} {c} (marked +). ")
                    })
                    .unwrap_or_default();
                if !view.outs().is_empty() {
                    format!("{drew}{name}, you can go out! Pick the card to discard.")
                } else {
                    format!("{drew}{name}: pick a card to discard.{last}")
                }
            }
        }
    }

    fn help_notes(&self) -> String {
        let mut notes = FiveSuited::rule_notes(self.setup());
        notes.push(
            "The wilds (W) are the round's wild rank and the jokers. Under \
             your hand while you discard: the points each discard would leave."
                .to_string(),
        );
        notes.join("\n")
    }
}
