//! Moves on the table: a human's, a bot's, taking one back, the hint.

use crate::tui::adapter::{HintInfo, Hinting, Played, Thinking, UiMove};
use crate::tui::screens::table::state::{Desk, TableState, TableView};
use rummy::card::CardId;
use rummy::seat::SeatId;
use std::time::Instant;

impl TableState {
    /// A bot's move, if one is to move and its pause is over: `None` if
    /// nothing happened, `Some(false)` if a bot that looks ahead started
    /// thinking, `Some(true)` if a move was made (or refused, and said).
    pub fn bot_move(&mut self, now: Instant, desk: &mut Desk) -> Option<bool> {
        let pause = desk.pause;
        let t = self;
        // Over the network the server plays the bots.
        // Nor while a slip is practised: the position is the question.
        if t.end.is_some()
            || t.confirm_quit
            || t.online.is_some()
            || t.drill.is_some()
            || t.offering()
        {
            return None;
        }
        let seat = t.game.to_move()?;
        if t.is_human(seat) || now.duration_since(t.last_move) < pause {
            return None;
        }
        let since = t.last_move;
        let shown = t.shown_to;
        // A bot that looks ahead thinks on another thread; the screen
        // looks in at each tick.
        let result = match t.thinking.take() {
            Some(thinking) => match thinking.poll() {
                None => {
                    t.thinking = Some(thinking);
                    return None;
                }
                Some(thought) => thought.and_then(|th| t.game.play_thought(th)),
            },
            None if t.game.bot_looks_ahead(None) => match Thinking::start(t.game.as_ref(), None) {
                Ok(thinking) => {
                    t.thinking = Some(thinking);
                    return Some(false);
                }
                Err(e) => Err(e),
            },
            None => t.game.play_bot(None),
        };
        match result {
            Ok(played) => {
                // A silent move (a bot letting a call or challenge pass) needs
                // no pause before the next, and gives the turn back to the
                // human who was playing with no curtain: nobody else has
                // been at the keyboard.
                let silent = played.lines.is_empty();
                t.log.extend(played.lines);
                t.end = played.end;
                if !silent {
                    t.last = played.last;
                }
                t.after_move(desk);
                if silent {
                    t.last_move = since;
                    if t.end.is_none() && shown.is_some() && t.human_to_move() == shown {
                        t.shown_to = shown;
                    }
                }
            }
            Err(e) => {
                tracing::warn!("{}", e);
                t.set_note(e, true);
                t.last_move = now;
            }
        }
        Some(true)
    }

    /// Writes the game to its save file; false (with a note saying what is
    /// not saved) if it failed.
    pub fn autosave(&mut self, desk: &mut Desk) -> bool {
        let t = self;
        let Some(store) = desk.store else {
            return true;
        };
        let Some(path) = t.save.as_ref() else {
            return true;
        };
        let moves = t.game.movers().len();
        // A game with no moves is not saved: it would only crowd the Load
        // list and Continue. Taken back to none, its save goes.
        if moves == 0 {
            if path.exists()
                && let Err(e) = store.remove(path)
            {
                tracing::warn!("{}", e);
            }
            t.saved_moves = 0;
            t.save_failure = None;
            return true;
        }
        // Saves that can only be read: said once as the program started,
        // not tried and said again at every move.
        if let Some(why) = store.read_only.as_ref() {
            t.save_failure = Some(why.clone());
            return false;
        }
        // A game that is over is counted in the statistics (once).
        store.record_end(path, t.game.as_ref());
        let first = !path.exists();
        match store.write(path, t.game.as_ref()) {
            Ok(()) => {
                // The screen's settings go beside a save, once it is there.
                if first {
                    crate::tui::store::write_prefs(path, t.kids, desk.pause);
                }
                t.saved_moves = moves;
                t.save_failure = None;
                true
            }
            Err(e) => {
                tracing::error!("{}", e.message);
                // After a take-back the save may hold moves the game no
                // longer has: only those both share are saved.
                t.saved_moves = t.saved_moves.min(moves);
                t.save_failure = Some(e.reason);
                let lost = t.unsaved_text().unwrap_or_default();
                t.set_note(format!("{} {lost}", e.message), true);
                false
            }
        }
    }

    /// Enter on the table: take with the selected card, or place it.
    pub fn choose(&mut self, v: &TableView, desk: &mut Desk) {
        let t = self;
        let targets = &v.targets;
        if let Some(p) = t.picking {
            if let Some(m) = targets.get(p).cloned() {
                t.play(m, desk);
            }
            return;
        }
        if let Some(me) = t.human_to_move()
            && v.viewer == Some(me)
            && t.curtain().is_none()
            && let Some(top) = t.game.drawing(me)
        {
            // The hint's take of the top card is Enter's move.
            if top.is_some() && t.hint.as_ref().is_some_and(|h| h.target == top) {
                t.draw_card(true, desk);
                return;
            }
            let stock = t.game.piles().stock;
            let note = match top {
                Some(_) => format!("Draw first: s from the {stock}, d the top discard."),
                None => format!("Draw first: s from the {stock}."),
            };
            t.set_note(note, true);
            return;
        }
        if v.moves.is_empty() {
            // Nothing to play: the engine says why, where it can.
            let why = v
                .actor
                .zip(v.selected)
                .and_then(|(me, c)| t.game.refusal(me, c));
            if let Some(why) = why {
                t.set_note(why, true);
            }
            return;
        }
        if !targets.is_empty() {
            // Start at the hinted target if the hint is for this card.
            let hinted = t
                .hint
                .as_ref()
                .filter(|h| h.card.is_some() && h.card == v.selected)
                .and_then(|h| targets.iter().position(|m| m.target == h.target));
            t.picking = Some(hinted.unwrap_or(0));
            // One card to take: no choice to ask about, only the take.
            let note = match targets.as_slice() {
                [only] => format!(
                    "{}? Enter to take it, p to put your card down instead.",
                    rummy::sentence::capitalised(&only.label)
                ),
                _ => "Take which card? Left/right to choose, Enter to take, p to put your card \
                      down instead."
                    .to_string(),
            };
            t.set_note(note, false);
        } else {
            t.place(v, desk);
        }
    }

    /// `p`: put the selected card down.
    pub fn place(&mut self, v: &TableView, desk: &mut Desk) {
        let t = self;
        let m = v
            .moves
            .iter()
            .find(|m| Some(m.card) == v.selected && m.target.is_none())
            .cloned();
        match m {
            Some(m) => match place_question(t, v, &m) {
                Some(question) => t.confirm_place = Some((m, question)),
                None => t.play(m, desk),
            },
            None if !v.moves.is_empty() => {
                let why = v
                    .selected
                    .and_then(|card| t.game.refusal(v.viewer?, card))
                    .unwrap_or_else(|| "That card cannot be played now.".to_string());
                t.set_note(why, true)
            }
            None => {}
        }
    }

    /// `s` or `d`: draw from the stock or take the top discard.
    pub fn draw_card(&mut self, from_discard: bool, desk: &mut Desk) {
        let t = self;
        let Some(me) = t.human_to_move() else { return };
        if t.viewer() != Some(me) || t.curtain().is_some() {
            return;
        }
        match t.game.drawing(me) {
            // Without a discard pile to steer to, the game says why not.
            None if t.game.draws_cards() && !t.game.piles().discard_pile => {
                let r = t.game.draw(me, false);
                t.done(me, r, desk);
            }
            None if t.game.draws_cards() && !t.my_moves().is_empty() => {
                t.set_note("You have drawn; now pick a card to discard.", true);
            }
            None => {}
            Some(None) if from_discard => {
                t.set_note("No card of the discard pile may be taken now.", true)
            }
            Some(_) => {
                let r = t.game.draw(me, from_discard);
                t.done(me, r, desk);
            }
        }
    }

    /// After a move by the human `me`: the log, the ending, the save. If
    /// `me` goes on with its hand in view, the curtain stays up.
    pub fn done(&mut self, me: SeatId, result: Result<Played, String>, desk: &mut Desk) {
        let t = self;
        let shown = t.viewer() == Some(me);
        match result {
            Ok(played) => {
                t.log.extend(played.lines);
                t.end = played.end;
                t.last = played.last;
                t.praise = t.coach_line(me).map(|line| (me, line));
                t.after_move(desk);
                if shown && t.end.is_none() && t.game.to_move() == Some(me) {
                    t.shown_to = Some(me);
                }
            }
            Err(e) => t.set_note(e, true),
        }
    }

    pub fn click_center(&mut self, id: CardId, desk: &mut Desk) {
        let t = self;
        if t.asking.is_some() {
            let v = t.view();
            t.asking = v.snap.center.iter().position(|c| c.id == id).or(t.asking);
            return;
        }
        if let Some(me) = t.actor()
            && t.game.takes_from_center(me)
        {
            let r = t.game.take(me, id);
            t.done(me, r, desk);
            return;
        }
        if let Some(me) = t.human_to_move()
            && let Some(top) = t.game.drawing(me)
        {
            if top == Some(id) {
                t.draw_card(true, desk);
            } else {
                t.set_note("Only the top card of the discard pile can be taken.", true);
            }
            return;
        }
        let v = t.view();
        let (sel, moves) = (v.selected, v.moves);
        let m = moves
            .iter()
            .find(|m| m.target == Some(id) && Some(m.card) == sel)
            .or_else(|| moves.iter().find(|m| m.target == Some(id)))
            .cloned();
        match m {
            Some(m) => t.play(m, desk),
            None => {
                // The game says why not, where it can.
                let why = t.human_to_move().and_then(|me| t.game.why_take(me, id));
                match why {
                    Some(why) => t.set_note(why, true),
                    None if moves.iter().any(|m| m.target.is_some()) => {
                        t.set_note("None of your cards matches that one.", true)
                    }
                    None => {}
                }
            }
        }
    }

    pub fn play(&mut self, m: UiMove, desk: &mut Desk) {
        let t = self;
        let Some(seat) = t.human_to_move() else {
            return;
        };
        let r = t.game.play(seat, &m);
        t.done(seat, r, desk);
    }

    pub fn after_move(&mut self, desk: &mut Desk) {
        let t = self;
        {
            t.cursor = 0;
            t.picking = None;
            t.typing = None;
            t.typed_hint = false;
            t.confirm_place = None;
            t.confirm_undo = None;
            t.asking = None;
            t.center_cursor = usize::MAX;
            *t.plan_cache.get_mut() = None;
            t.hint = None;
            t.hinting = None;
            t.note = None;
            t.thinking = None;
            t.last_move = Instant::now();
            if t.needs_curtain() {
                t.shown_to = None;
            }
            let keep = t.log.len().saturating_sub(200);
            t.log.drain(..keep);
            // The review of the move is worked out now, while the next
            // seat thinks (over the network the server holds the game).
            if let Some(ahead) = desk.ahead.filter(|_| t.online.is_none()) {
                ahead.send(t.game.save_json());
            }
        }
        if t.drill.is_some() {
            t.drill_try(desk);
            return;
        }
        t.autosave(desk);
    }

    /// A try at the slip being practised, judged by the review's analysis:
    /// found, the slip is noted as solved and the answer shown; else the
    /// position is set up again to try once more.
    fn drill_try(&mut self, desk: &mut Desk) {
        let t = self;
        // Found, the position is the person's to play on: no more judged.
        if t.drill
            .as_ref()
            .is_some_and(|d| d.last == Some(rummy::drills::Try::Found))
        {
            return;
        }
        let judged = t.game.judge_last();
        let Some(d) = t.drill.as_mut() else { return };
        let Some(judged) = judged else {
            t.set_note("This move could not be judged.", true);
            return;
        };
        let tried = rummy::drills::Try::of(&d.slip, &judged);
        d.tries += 1;
        d.last = Some(tried);
        if tried == rummy::drills::Try::Found {
            d.answered = true;
            let said = format!("{} {}", tried.said(), d.answer());
            if let Some(store) = desk.store {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                if let Err(e) = rummy::drills::mark_solved(store.dir_of_data(), &d.slip, now) {
                    tracing::warn!("could not note a slip solved: {e}");
                }
            }
            t.set_note(said, false);
            return;
        }
        let again = d.position.clone();
        let said = format!("{} Press a for the answer.", tried.said());
        match crate::tui::adapter::load(&again, "the position") {
            Ok(game) => {
                t.game = game;
                t.log
                    .push(format!("Taken back to try again: {}", judged.played));
                t.set_note(said, tried == rummy::drills::Try::Again);
            }
            Err(e) => t.set_note(e.to_string(), true),
        }
    }

    /// `u`: takes back the human's own last move and the bots' moves since.
    /// In a game with no hidden cards, the last human's move may be taken
    /// back until the next human has moved: on another human's turn the
    /// screen asks first, as it cannot tell who pressed the key.
    pub fn undo(&mut self, desk: &mut Desk) {
        let t = self;
        match t.undo_now() {
            Ok(Some(UndoNow::Ask(i, question))) => t.confirm_undo = Some((i, question)),
            Ok(Some(UndoNow::TakeBack(i))) => t.take_back(i, desk),
            Ok(None) => {}
            Err(why) => t.set_note(why, true),
        }
    }

    /// Takes back the human move at `i` of the log and the bots' moves
    /// after it.
    pub fn take_back(&mut self, i: usize, desk: &mut Desk) {
        let t = self;
        let movers = t.game.movers();
        let Some(&who) = movers.get(i) else { return };
        // The hand comes back in view only if it was in view.
        let shown = t.viewer() == Some(who);
        match t.game.undo_to(i) {
            Ok(()) => {
                // The log names every seat, the one at the keyboard too.
                let bots = bot_moves_after(movers.len() - i - 1);
                let name = rummy::seat::possessive(&t.game.seats()[who.index()].name);
                let were = if bots.is_empty() { "was" } else { "were" };
                let line = format!("{name} move{bots} {were} taken back.");
                t.log.push(line);
                t.end = None;
                t.last = None;
                t.after_move(desk);
                if shown {
                    t.shown_to = Some(who);
                }
            }
            Err(e) => t.set_note(e, true),
        }
    }

    /// `h`: the hint for the human to move (in kids' mode, its sentence for
    /// a child if it has one); pressed again, why. On a `shared` screen the
    /// hint is worked out on the thinking threads and shown when it comes
    /// (see [`TableState::hint_tick`]).
    pub fn show_hint(&mut self, shared: bool) {
        let t = self;
        let Some(me) = t.actor() else { return };
        if t.hint.is_some() {
            // Shown again with its reason; a take being picked gives way
            // to it (its question hid the hint).
            t.picking = None;
            t.explain = true;
            return;
        }
        if t.hinting.is_some() {
            return;
        }
        if shared {
            t.hinting = Some(Hinting::start(t.game.as_ref(), me));
            t.set_note(WORKING_OUT_A_HINT, false);
            return;
        }
        let hint = t.game.hint(me);
        t.hint_found(hint);
    }

    /// A hint worked out away from the screen's thread, shown if it came
    /// and is still for this moment: true if the screen changed.
    pub fn hint_tick(&mut self) -> bool {
        if self
            .coach
            .as_ref()
            .is_some_and(|c| c.hint_came(self.game.as_ref()))
        {
            return true;
        }
        let Some(found) = self.hinting.as_ref().and_then(Hinting::poll) else {
            return false;
        };
        let Some(asked) = self.hinting.take() else {
            return false;
        };
        let now = (self.actor(), self.game.moves_played());
        if now == (Some(asked.seat), asked.moves) && self.hint.is_none() {
            self.hint_found(found);
        } else if self
            .note
            .as_ref()
            .is_some_and(|(n, _)| n == WORKING_OUT_A_HINT)
        {
            self.note = None;
        }
        true
    }

    /// Shows `hint`, the hint for the human at the keyboard now.
    fn hint_found(&mut self, hint: Option<HintInfo>) {
        let t = self;
        match hint {
            Some(h) => {
                let v = t.view();
                if let Some(i) = v.hand.iter().position(|&c| Some(c) == h.card) {
                    t.cursor = i;
                }
                if let Some(i) = v.snap.center.iter().position(|c| Some(c.id) == h.target) {
                    t.center_cursor = i;
                }
                t.picking = None;
                t.note = None;
                // Kids' mode explains at once, unless the hint has a
                // sentence for a child to show first.
                t.explain = t.kids && h.child.is_none();
                t.hint = Some(h);
            }
            None => t.set_note("No hint is available here.", true),
        }
    }
}

/// What the status line says while a hint is worked out away from the
/// screen's thread.
pub const WORKING_OUT_A_HINT: &str = "Working out a hint...";

/// What `u` does now (see [`TableState::undo_now`]).
#[derive(Clone, Debug, PartialEq)]
pub enum UndoNow {
    /// Another human's move, taken back once they say yes: its place in
    /// the log, and the question.
    Ask(usize, String),
    /// The human's own move at this place of the log, and the bots' after.
    TakeBack(usize),
}

impl TableState {
    /// What `u` does now: `Ok(None)` nothing (no human to speak for), an
    /// error why no move can be taken back (the engine's reason first).
    pub fn undo_now(&self) -> Result<Option<UndoNow>, String> {
        if self.online.is_some() {
            return Err(
                "Over the network a move stays made: the other players have seen it.".into(),
            );
        }
        let movers = self.game.movers();
        let last_human = movers.iter().rposition(|&s| self.is_human(s));
        // On a human's turn, that human; while bots move, the last human.
        let me = match self.human_to_move() {
            Some(me) => me,
            None if self.game.to_move().is_some() => match last_human {
                Some(i) => movers[i],
                None => return Ok(None),
            },
            None => return Ok(None),
        };
        let Some(i) = last_human else {
            return Err("There is no move of yours to take back.".into());
        };
        if let Some(why) = self.game.undo_refusal(i) {
            return Err(why);
        }
        if movers[i] != me && !self.game.hidden_hands() {
            let seats = self.game.seats();
            let (other, mine) = (&seats[movers[i].index()].name, &seats[me.index()].name);
            let others = rummy::seat::possessive(other);
            let bots = bot_moves_after(movers.len() - i - 1);
            let question = if movers[..i].contains(&me) {
                format!(
                    "{other} has played since your last move, {mine}, so yours can't be \
                     taken back. Take back {others} move{bots} instead? y/n"
                )
            } else {
                format!("Take back {others} move{bots}? y/n")
            };
            return Ok(Some(UndoNow::Ask(i, question)));
        }
        if !movers.contains(&me) {
            return Err("There is no move of yours to take back.".into());
        }
        if movers[i] != me {
            let name = &self.game.seats()[movers[i].index()].name;
            return Err(format!(
                "Only your own last move can be taken back; {name} has played since."
            ));
        }
        Ok(Some(UndoNow::TakeBack(i)))
    }
}

/// In kids' mode, the question before `m` puts a card down while a card of
/// the hand could take (the game's own moves say which): "3♥ could take 3♠
/// instead. Put 5♦ down anyway? y/n". None when the hint says to put it down.
fn place_question(t: &TableState, v: &TableView, m: &UiMove) -> Option<String> {
    let hinted = t
        .hint
        .as_ref()
        .is_some_and(|h| h.card == Some(m.card) && h.target.is_none());
    if !t.kids || hinted {
        return None;
    }
    let takes = || v.moves.iter().filter(|x| x.target.is_some());
    let take = takes()
        .find(|x| x.card == m.card)
        .or_else(|| takes().next())?;
    let name = |id: CardId| {
        v.snap
            .center
            .iter()
            .chain(v.snap.seats.iter().flat_map(|p| p.cards.iter().flatten()))
            .find(|c| c.id == id)
            .map_or_else(String::new, |c| c.to_string())
    };
    let target = take.target.map(name).unwrap_or_default();
    Some(format!(
        "{} could take {target} instead. Put {} down anyway? y/n",
        name(take.card),
        name(m.card)
    ))
}

/// " and the bot move after it", " and the 3 bot moves after it", or nothing.
fn bot_moves_after(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => " and the bot move after it".to_string(),
        n => format!(" and the {n} bot moves after it"),
    }
}
