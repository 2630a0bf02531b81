//! Wump Rummy at the table: every card is face up, and a move is a hand card
//! played to take a center card or placed in the center.

use super::{
    AnyThought, GameEnd, HintInfo, LastMove, Played, SeatPanel, Snapshot, TableGame, UiMove,
    bot_move, thought_move, who,
};
use rummy::card::{CardId, count_cards};
use rummy::game::{Game, Session};
use rummy::open::MoveKind;
use rummy::seat::BotLevel;
use rummy::seat::SeatId;
use rummy::variants::wump::explain::why_not_take;
use rummy::variants::wump::hint::hint;
use rummy::variants::wump::{Wump, WumpAction, WumpEvent};

fn wump_played(session: &Session<Wump>, events: &[WumpEvent]) -> Played {
    Played::of(events, |e, played| {
        let last = match e {
            WumpEvent::Took {
                name, with, took, ..
            } => Some(LastMove {
                line: format!("{name} took {took} with {with}"),
                cards: Vec::new(),
            }),
            WumpEvent::Placed { name, card, .. } => Some(LastMove {
                line: format!("{name} put {card} down"),
                cards: vec![card.id],
            }),
            _ => None,
        };
        if played.last.is_none() {
            played.last = last;
        }
        if let WumpEvent::GameOver {
            game,
            claimed,
            leaders,
            names,
        } = e
        {
            let wins = session.state().wins();
            let counts: Vec<(String, i64)> = names
                .iter()
                .zip(claimed)
                .map(|(n, &c)| (n.clone(), c as i64))
                .collect();
            let totals = names
                .iter()
                .zip(wins)
                .map(|(n, &w)| (n.clone(), w as i64))
                .collect();
            let top = claimed.iter().copied().max().unwrap_or(0);
            let second = claimed
                .iter()
                .enumerate()
                .filter(|(i, _)| !leaders.iter().any(|l| l.index() == *i))
                .map(|(_, &c)| c)
                .max()
                .unwrap_or(0);
            let leader_names: Vec<String> = leaders.iter().map(|&s| session.seat_name(s)).collect();
            // A match of one game: "won the game", not "won game 1".
            let which = if *game == 1 && rummy::game::Game::is_over(session.state()) {
                "the game".to_string()
            } else {
                format!("game {game}")
            };
            let (summary, friendly) = if let [who] = leader_names.as_slice() {
                (
                    format!("{who} won {which} with {}.", count_cards(top)),
                    format!(
                        "{who} won! {who} had {} more than anyone else.",
                        count_cards(top - second)
                    ),
                )
            } else {
                let all = leader_names.join(" and ");
                (
                    format!(
                        "Game {game} is a draw: {all} each have {}.",
                        count_cards(top)
                    ),
                    format!("It's a tie! {all} each have {}.", count_cards(top)),
                )
            };
            played.end = Some(GameEnd {
                match_over: false,
                heading: format!("Game {game} is over"),
                counts,
                totals,
                summary,
                friendly,
                count_label: "cards".into(),
                total_label: "games won".into(),
                next: "game".into(),
                ..GameEnd::default()
            });
        }
        if let WumpEvent::MatchOver {
            winners, single, ..
        } = e
        {
            let names: Vec<String> = winners.iter().map(|&s| session.seat_name(s)).collect();
            if let Some(end) = played.end.as_mut() {
                end.match_over = true;
                if *single {
                    // One game: its result says it all; no match to sum up.
                    end.heading = "The game is over".to_string();
                    end.total_label = String::new();
                } else {
                    end.heading = "The match is over".to_string();
                    end.summary
                        .push_str(&format!(" {} won the match.", names.join(" and ")));
                    end.friendly
                        .push_str(&format!(" {} won the whole match!", names.join(" and ")));
                }
            }
        }
    })
}

fn wump_action(m: &UiMove) -> WumpAction {
    match m.target {
        Some(center) => WumpAction::Take {
            with: m.card,
            center,
        },
        None => WumpAction::Place { card: m.card },
    }
}

impl TableGame for Session<Wump> {
    fn last_played(&self) -> Option<Played> {
        crate::tui::adapter::replay_last(self, wump_played)
    }

    /// Wump Rummy has no stock to draw from.
    fn stock_refusal(&self, _seat: SeatId) -> Option<String> {
        None
    }

    fn hidden_hands(&self) -> bool {
        false
    }

    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot {
        use rummy::game::Game;
        // Every Wump card on the table is face up: any seat's view is public.
        let view = match viewer {
            Some(seat) => self.state().view(seat),
            None => self.state().spectator_view(),
        };
        let target = view.options.match_target;
        let deal = if view.last_deal() {
            format!("deal {} (last)", view.deal)
        } else {
            format!("deal {}", view.deal)
        };
        Snapshot {
            title: "Wump Rummy".to_string(),
            heading: if target == 1 && view.game == 1 {
                format!("One game, {deal} · {} left to deal", view.stock_left)
            } else {
                format!(
                    "Game {}, {deal} · {} left to deal · first to {} {} wins",
                    view.game,
                    view.stock_left,
                    target,
                    if target == 1 { "game" } else { "games" }
                )
            },
            center_label: "Center".to_string(),
            center: view.center.clone(),
            score_label: if target == 1 && view.game == 1 {
                String::new()
            } else {
                "games won".to_string()
            },
            seats: self
                .seats()
                .iter()
                .enumerate()
                .map(|(i, seat)| SeatPanel {
                    name: seat.name.clone(),
                    who: who(seat),
                    cards: Some(view.hands[i].clone()),
                    card_count: view.hands[i].len(),
                    claimed: Some(view.claimed[i]),
                    score: view.wins[i] as i64,
                    to_move: view.to_move == Some(SeatId(i as u8)),
                    is_viewer: viewer == Some(SeatId(i as u8)),
                    note: None,
                    gaps: Vec::new(),
                    words: Vec::new(),
                })
                .collect(),
            ..Snapshot::default()
        }
    }

    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        use rummy::game::Game;
        if Game::to_move(self.state()) != Some(seat) {
            return Vec::new();
        }
        let view = self.state().view(seat);
        let name = |id: CardId| view.card(id).map_or_else(String::new, |c| c.to_string());
        view.legal_moves()
            .into_iter()
            .map(|a| match a {
                WumpAction::Take { with, center } => UiMove {
                    card: with,
                    target: Some(center),
                    label: format!("take {} with {}", name(center), name(with)),
                },
                WumpAction::Place { card } => UiMove {
                    card,
                    target: None,
                    label: format!("put {} in the center", name(card)),
                },
            })
            .collect()
    }

    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        let events = self
            .apply(seat, wump_action(m))
            .map_err(|e| e.to_string())?;
        Ok(wump_played(self, &events))
    }

    fn play_bot(&mut self, stand_in: Option<BotLevel>) -> Result<Played, String> {
        let events = bot_move(self, stand_in)?;
        Ok(wump_played(self, &events))
    }

    fn play_thought(&mut self, thought: AnyThought) -> Result<Played, String> {
        let events = thought_move(self, thought)?;
        Ok(wump_played(self, &events))
    }

    fn hinter(&self, seat: SeatId) -> crate::tui::adapter::HintJob {
        let game = self.clone();
        Box::new(move || game.hint(seat))
    }

    fn hint(&self, seat: SeatId) -> Option<HintInfo> {
        use rummy::game::Game;
        if Game::to_move(self.state()) != Some(seat) {
            return None;
        }
        let h = hint(&self.state().view(seat))?;
        let m = self
            .moves(seat)
            .into_iter()
            .find(|m| wump_action(m) == h.best())?;
        Some(HintInfo {
            card: Some(m.card),
            target: m.target,
            short: format!("Hint: {}.", m.label),
            child: Some(h.child.clone()),
            long: h.text,
            word: None,
        })
    }

    fn refusal(&self, seat: SeatId, card: CardId) -> Option<String> {
        let mut trial = self.clone();
        trial
            .apply(seat, WumpAction::Place { card })
            .err()
            .map(|e| e.to_string())
    }

    fn why_take(&self, seat: SeatId, card: CardId) -> Option<String> {
        use rummy::game::Game;
        Some(why_not_take(&self.state().view(seat), seat, card))
    }

    fn prompt(&self, seat: SeatId, kids: bool) -> String {
        let name = self.seat_name(seat);
        let can_take = self.state().open(seat).is_open(MoveKind::Take);
        if can_take && kids {
            format!("Your turn, {name}! A card marked * can take a matching card from the center.")
        } else if can_take {
            format!("Your turn, {name}: pick a card to take with, or one to put down.")
        } else {
            format!("Your turn, {name}: no card of yours matches the center, so put one down.")
        }
    }

    fn help_notes(&self) -> String {
        Wump::rule_notes(self.setup()).join("\n")
    }
}
