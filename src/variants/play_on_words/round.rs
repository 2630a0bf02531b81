//! The end of a round: muggins, in which the unplayed cards lie face up for
//! the other seats to play, and the count, a point off for each letter
//! left.

use super::*;

impl PlayOnWords {
    /// Play of the round is over: muggins, if it is played and there is
    /// anything to mug, then the count.
    pub(super) fn end_play(&mut self, events: &mut Vec<PowEvent>) {
        // Nobody went out: the draw pile ran dry first.
        if self.went_out.is_none() {
            self.dry_rounds += 1;
        }
        let muggers = self.muggers();
        if self.base.options.muggins
            && self.base.options.version != Version::Casual
            && !muggers.is_empty()
        {
            let anchor = self.went_out.unwrap_or(self.base.turn.current());
            let order: Vec<SeatId> = self
                .base
                .turn
                .from(anchor)
                .skip(1)
                .chain([anchor])
                .collect();
            let mut waiting = Window::default();
            for s in order.into_iter().filter(|s| muggers.contains(s)) {
                waiting = waiting.then(s);
            }
            self.phase = Phase::Muggins { waiting };
            events.push(PowEvent::MugginsOpen);
            return;
        }
        self.end_round(events);
    }

    /// The seats that have another seat's unplayed cards to mug.
    pub(super) fn muggers(&self) -> Vec<SeatId> {
        let holding: Vec<bool> = self.base.hands.iter().map(|h| !h.is_empty()).collect();
        (0..self.base.names.len())
            .filter(|&s| holding.iter().enumerate().any(|(t, &h)| h && t != s))
            .map(|s| SeatId(s as u8))
            .collect()
    }

    pub(super) fn mug(
        &mut self,
        seat: SeatId,
        victim: SeatId,
        target: Option<u32>,
        text: &str,
        named: Option<&[CardId]>,
        events: &mut Vec<PowEvent>,
    ) -> Result<(), ActionError> {
        if victim == seat {
            return Err(ActionError::illegal(
                "Muggins plays other seats' cards, not your own.",
            ));
        }
        let Some(hand) = self.base.hands.get(victim.index()) else {
            return Err(ActionError::illegal("There is no such seat."));
        };
        let cards = hand.cards().to_vec();
        if cards.is_empty() {
            return Err(ActionError::illegal(format!(
                "{} has no cards left to mug.",
                self.base.name(victim)
            )));
        }
        let owner = format!("{} cards", crate::seat::possessive(&self.base.name(victim)));
        let theirs = |e: ActionError| {
            ActionError::illegal(
                e.to_string()
                    .replace("you don't hold", &format!("not in {owner}")),
            )
        };
        let (label, placed, growth) = match target {
            None => {
                let w = word::letters(text).map_err(|e| ActionError::illegal(e.to_string()))?;
                if w.len() < MIN_LEN {
                    return Err(ActionError::illegal(format!(
                        "A new word needs at least {MIN_LEN} letters."
                    )));
                }
                let label = upper(&w);
                let placed = choose_cards(&[w], &label, &cards, named, None).map_err(theirs)?;
                (label, placed, None)
            }
            Some(t) => {
                let olds = self.targets(&[t])?;
                let ways = self.ways(&olds, text, MUG_GROWING)?;
                let label = ways
                    .first()
                    .map(|w| upper(&w.growth.word))
                    .unwrap_or_default();
                let (way, placed) =
                    entry::choose_rebuild(ways, &label, &cards, named, None).map_err(theirs)?;
                (label, placed, Some((way, t)))
            }
        };
        score::check_plural(&label, growth.as_ref().map(|(w, _)| &w.growth))
            .map_err(ActionError::illegal)?;
        entry::check_word(
            &self.base.dict,
            WordCheck::Strict,
            &word::letters(&label).unwrap_or_default(),
        )?;
        let laid = entry::lay(&mut self.base.hands[victim.index()], &placed, seat);
        let letters: usize = laid.iter().map(TableCard::width).sum();
        let points = score::MUGGINS * letters as i64;
        match growth {
            None => {
                self.base.table.add(seat, laid, Source::Hand);
            }
            Some((way, t)) => {
                let cards = way.assemble(&laid).ok_or_else(|| {
                    ActionError::illegal(format!("Those cards do not spell {label}."))
                })?;
                if let Some(w) = self.base.table.get_mut(t) {
                    w.cards = cards;
                    w.credit = w.len();
                }
            }
        }
        self.round_points[seat.index()] += points;
        self.mugged[seat.index()] += points;
        events.push(PowEvent::Mugged {
            name: self.base.name(seat),
            victim: self.base.name(victim),
            word: label,
            points,
        });
        if self.muggers().is_empty() {
            self.end_round(events);
        }
        Ok(())
    }

    /// The round is scored: each unplayed letter is a point off.
    pub(super) fn end_round(&mut self, events: &mut Vec<PowEvent>) {
        let n = self.base.names.len();
        let left = self.letters_left();
        let casual = self.base.options.version == Version::Casual;
        let played: Vec<i64> = (0..n)
            .map(|i| self.round_points[i] - self.mugged[i])
            .collect();
        let mut result = RoundResult {
            round: self.round_number(),
            went_out: self.went_out,
            played,
            mugged: self.mugged.clone(),
            left,
            scores: Vec::new(),
        };
        // The points off for letters left are the ones the round's summary
        // names (`RoundResult::points_off`).
        result.scores = if casual {
            (0..n)
                .map(|i| i64::from(self.went_out == Some(SeatId(i as u8))))
                .collect()
        } else {
            (0..n)
                .map(|i| self.round_points[i] - result.points_off(i))
                .collect()
        };
        self.base.sheet.record(
            format!("Round {}", self.round_number()),
            result.scores.clone(),
        );
        self.round_points = vec![0; n];
        events.push(PowEvent::RoundOver {
            result: result.clone(),
            names: self.base.names.clone(),
            totals: self.totals(),
            casual,
        });
        self.last_round = Some(result);
        if self.round + 1 >= self.base.options.rounds_for(n) {
            self.phase = Phase::Over;
            events.push(PowEvent::GameOver {
                winners: self.leaders(),
                totals: self.totals(),
                names: self.base.names.clone(),
                casual,
            });
            return;
        }
        self.round += 1;
        // invariant: the deck was checked in `new`, so it builds again
        let _ = self.start_round(events);
    }
}
