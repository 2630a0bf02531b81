//! What each key does on the table: the command the key names in the
//! table's list (see `commands`), run.

use super::commands::{Action, commands};
use super::state::{Desk, TableState};
use crate::tui::app::MAX_WORD;
use crate::tui::commands::find;
use crate::tui::route::Go;
use crate::tui::screens::table::state::TableView;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::time::Instant;

impl TableState {
    /// A key on the table: the command it names in the table's list, run.
    pub fn key(&mut self, key: KeyEvent, now: Instant, previous: Option<Instant>, desk: &mut Desk) {
        let t = self;
        t.log_back = 0;
        // The child's line (kids' mode) stays up, whatever the bots' speed,
        // until the child's next key at its turn.
        if t.human_to_move().is_some() {
            t.praise = None;
        }
        // The table as it stands when the key comes, worked out once.
        let mut v = t.view();
        let Some(action) = find(&commands(t, &v), &key) else {
            if t.typing.is_some() {
                t.typing_key(key, None, desk);
            }
            return;
        };
        match action {
            Action::Help => desk.out.push(Go::Help),
            Action::HowTo => {
                let game = t.game.variant();
                desk.out.push(Go::HowTo(game));
            }
            Action::Leave => {
                // A yes to a question that said what is not saved.
                let anyway = t.save_failure.is_some();
                desk.out.push(Go::LeaveTable(anyway));
            }
            Action::Stay => t.confirm_quit = false,
            Action::GoOn | Action::Show | Action::Quit | Action::PlayOn | Action::KeepCoach
                if t.gate().is_some() =>
            {
                if t.deliberate(now, previous) {
                    t.gate_key(action, desk);
                }
            }
            // Only offered at the lesson's end, a popup.
            Action::PlayOn | Action::KeepCoach => {}
            Action::Answer => {
                if let Some(d) = t.drill.as_mut() {
                    d.answered = true;
                    let said = d.answer();
                    t.set_note(said, false);
                }
            }
            Action::NextSlip => desk.out.push(Go::NextSlip),
            Action::PlayAgain if t.gate().is_some() => {
                if t.deliberate(now, previous) {
                    desk.out.push(Go::PlayAgain);
                }
            }
            Action::PlayAgain => desk.out.push(Go::PlayAgain),
            Action::Review if t.gate().is_some() => {
                if t.deliberate(now, previous) {
                    desk.out.push(Go::ReviewGame);
                }
            }
            Action::Review => desk.out.push(Go::ReviewGame),
            Action::Type | Action::Erase | Action::Way | Action::PlayWord | Action::StopTyping => {
                t.typing_key(key, Some(action), desk)
            }
            Action::Target | Action::TargetDigit | Action::Unpick => {
                t.target_key(key, action, &v, desk)
            }
            Action::CenterCard | Action::CenterDigit | Action::CenterTake => {
                t.center_key(key, action, &v, desk)
            }
            // The arrows go round the hand: at an end, on to the other.
            Action::HandCard
                if matches!(key.code, KeyCode::Left | KeyCode::Up | KeyCode::Char('k')) =>
            {
                let n = v.hand.len().max(1);
                t.cursor = (t.cursor.min(n - 1) + n - 1) % n
            }
            Action::HandCard => {
                let n = v.hand.len().max(1);
                t.cursor = (t.cursor.min(n - 1) + 1) % n
            }
            Action::Pick => {
                let i = digit(&key);
                if i < v.hand.len() {
                    t.cursor = i;
                    v.select(i);
                    t.choose(&v, desk);
                }
            }
            Action::Play => t.choose(&v, desk),
            Action::Place => t.place(&v, desk),
            Action::Stock => t.draw_card(false, desk),
            Action::Top => t.draw_card(true, desk),
            Action::Sort | Action::Group | Action::Word => t.table_toggle(action),
            Action::GameKey(c) => {
                // Enter stands for the game's key of the moment (letting a
                // call or a word pass). An Enter the player who just moved
                // pressed twice, or held, never comes this far: the
                // decision changed hands, and the quiet guard drops it.
                if let Some(me) = v.actor {
                    let r = t.game.game_key(me, c);
                    t.done(me, r, desk);
                }
            }
            Action::Undo => t.undo(desk),
            Action::StandIn => {
                let away = t.online.as_ref().and_then(|at| at.away.first());
                if let Some(&(seat, _)) = away {
                    desk.requests
                        .push(crate::tui::online::Request::StandIn(seat));
                }
            }
            Action::PlaceAnyway => {
                if let Some((m, _)) = t.confirm_place.take() {
                    t.play(m, desk);
                }
            }
            Action::KeepCard => t.confirm_place = None,
            Action::UndoTheirs => {
                if let Some((i, _)) = t.confirm_undo.take() {
                    t.take_back(i, desk);
                }
            }
            Action::KeepMoves => t.confirm_undo = None,
            Action::Why => {
                // The hinted card first, else the newest.
                let hinted = t.hint.as_ref().and_then(|h| h.target);
                let at = v.snap.center.iter().position(|c| Some(c.id) == hinted);
                t.asking = Some(at.unwrap_or(v.snap.center.len().saturating_sub(1)));
                t.note = None;
            }
            Action::AskDigit => {
                let i = digit(&key);
                if i < v.snap.center.len() {
                    t.asking = Some(i);
                }
            }
            Action::AskCard => {
                let n = v.snap.center.len().max(1);
                let at = t.asking.unwrap_or(0).min(n - 1);
                t.asking = Some(
                    if matches!(key.code, KeyCode::Left | KeyCode::Up | KeyCode::Char('k')) {
                        (at + n - 1) % n
                    } else {
                        (at + 1) % n
                    },
                );
            }
            Action::StopAsking => t.asking = None,
            Action::Hint if !t.kids && t.drill.as_ref().is_some_and(|d| d.tries == 0) => {
                t.set_note(
                    "The answer waits until you have tried: a gives it then.",
                    false,
                );
            }
            Action::Hint => t.show_hint(desk.shared),
            Action::GoOn | Action::Show => {}
            Action::Quit => {
                // A slip's position is a question, not a game to keep.
                if t.game.is_over() || t.drill.is_some() {
                    desk.out.push(Go::LeaveTable(false));
                } else {
                    t.confirm_quit = true;
                }
            }
        }
    }

    /// `o` and `g` order the hand; `w` starts typing a word (the hinted
    /// one, if the hint is a word).
    pub fn table_toggle(&mut self, action: Action) {
        let t = self;
        match action {
            Action::Sort => {
                t.sort_rank = !t.sort_rank;
                let by = if t.sort_rank { "rank" } else { "suit" };
                t.set_note(format!("Loose cards are sorted by {by}."), false);
            }
            Action::Group => {
                t.grouped = !t.grouped;
                let how = if t.grouped {
                    "Melds are grouped first."
                } else {
                    "Melds are not grouped."
                };
                t.set_note(how, false);
            }
            Action::Word => {
                let hinted = t.hint.as_ref().and_then(|h| h.word.clone());
                t.typed_hint = hinted.is_some();
                t.typing = Some(hinted.unwrap_or_default());
                t.hint = None;
                t.note = None;
            }
            _ => {}
        }
    }

    /// A deliberate key at a curtain or a popup (see `TableState::deliberate`).
    /// The keys after it wait for a quiet moment: a held key lifts the
    /// curtain with its first press, and its repeats play nothing.
    pub fn gate_key(&mut self, action: Action, desk: &mut Desk) {
        desk.arm = true;
        let t = self;
        if t.offering() {
            match action {
                Action::PlayOn => {
                    t.coach = None;
                    t.set_note(
                        "You play on alone now: press h for a hint at any time.",
                        false,
                    );
                }
                Action::KeepCoach => {
                    if let Some(c) = t.coach.as_mut() {
                        c.stage = crate::tui::guide::Stage::Staying;
                    }
                }
                _ => t.confirm_quit = true,
            }
            t.last_move = Instant::now();
            return;
        }
        match (action, t.end.as_ref().map(|e| e.match_over)) {
            (_, Some(true)) => desk.out.push(Go::LeaveTable(false)),
            // q between deals leaves, asking first as it does in play.
            (Action::Quit, Some(false)) => t.confirm_quit = true,
            (_, Some(false)) => {
                t.end = None;
                t.last_move = Instant::now();
                // The next hand is behind a curtain of its own.
                if t.needs_curtain() {
                    t.shown_to = None;
                }
            }
            (Action::Show, None) => t.shown_to = t.curtain(),
            (_, None) => t.confirm_quit = true,
        }
    }

    /// Picking which center card the selected card takes.
    pub fn target_key(&mut self, key: KeyEvent, action: Action, v: &TableView, desk: &mut Desk) {
        let t = self;
        let Some(p) = t.picking else { return };
        let n = v.targets.len().max(1);
        match action {
            Action::TargetDigit => {
                let i = digit(&key);
                if i < v.targets.len() {
                    t.picking = Some(i);
                    t.choose(v, desk);
                }
            }
            Action::Unpick => {
                t.picking = None;
                t.note = None;
            }
            _ if matches!(key.code, KeyCode::Left | KeyCode::Up | KeyCode::Char('k')) => {
                t.picking = Some((p + n - 1) % n)
            }
            _ => t.picking = Some((p + 1) % n),
        }
    }

    /// Picking a center card to take, with every card above it.
    pub fn center_key(&mut self, key: KeyEvent, action: Action, v: &TableView, desk: &mut Desk) {
        let t = self;
        let Some(me) = v.actor else { return };
        let len = v.snap.center.len();
        let at = t.center_cursor.min(len.saturating_sub(1));
        match action {
            Action::CenterDigit => {
                let n = digit(&key);
                if n < len {
                    t.center_cursor = n;
                }
            }
            Action::CenterTake => match v.center_pick {
                Some(id) => {
                    let r = t.game.take(me, id);
                    t.done(me, r, desk);
                }
                None => t.set_note("There is no card to take: s draws from the stock.", true),
            },
            // Round the pile, as round the hand.
            _ if matches!(key.code, KeyCode::Left | KeyCode::Up | KeyCode::Char('k')) => {
                t.center_cursor = (at + len.max(1) - 1) % len.max(1)
            }
            _ => t.center_cursor = (at + 1) % len.max(1),
        }
    }

    /// A key while a word is typed: letters, Backspace, Tab (another way to
    /// play it), Enter (play it), Esc (stop typing); `None`, any other key.
    pub fn typing_key(&mut self, key: KeyEvent, action: Option<Action>, desk: &mut Desk) {
        let t = self;
        let Some(me) = t.actor() else {
            t.typing = None;
            return;
        };
        let ways = t.plan().map_or(0, |p| p.ways);
        t.note = None;
        // A letter typed over the hint's word starts a word of its own.
        // (Tab goes through the ways of the hint's word and keeps it so.)
        let fresh = t.typed_hint && action == Some(Action::Type);
        t.typed_hint &= action == Some(Action::Way);
        let Some((text, way)) = t.typing.as_mut() else {
            return;
        };
        if fresh {
            text.clear();
        }
        match (action, key.code) {
            (Some(Action::Type), KeyCode::Char(c)) if text.len() < MAX_WORD => {
                text.push(c.to_ascii_uppercase());
                *way = 0;
            }
            (Some(Action::Erase), _) => {
                text.pop();
                *way = 0;
            }
            (Some(Action::Way), KeyCode::BackTab) if ways > 1 => *way = (*way + ways - 1) % ways,
            (Some(Action::Way), _) if ways > 1 => *way = (*way + 1) % ways,
            (Some(Action::StopTyping), _) => t.typing = None,
            (Some(Action::PlayWord), _) => {
                let (text, way) = (text.clone(), *way);
                let r = t.game.play_word(me, &text, way);
                if r.is_ok() {
                    t.typing = None;
                }
                t.done(me, r, desk);
            }
            _ => {}
        }
    }
}

/// The index a digit key names: `1` is 0.
fn digit(key: &KeyEvent) -> usize {
    match key.code {
        KeyCode::Char(c @ '1'..='9') => c as usize - '1' as usize,
        _ => usize::MAX,
    }
}
