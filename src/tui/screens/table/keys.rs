//! What each key does on the table.

use crate::tui::app::{App, ENTER_GUARD, MAX_WORD, Screen};
use crate::tui::table_state::TableView;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use rummy::seat::SeatId;
use std::time::Instant;

impl App {
    pub(crate) fn table_key(&mut self, key: KeyEvent, now: Instant, previous: Option<Instant>) {
        let Some(t) = self.table.as_mut() else {
            self.screen = Screen::Title;
            return;
        };
        if t.confirm_quit {
            match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => {
                    // A yes to a question that said what is not saved.
                    let anyway = t.save_failure.is_some();
                    self.leave_table(anyway);
                }
                _ => t.confirm_quit = false,
            }
            return;
        }
        if let Some(end) = t.end.as_ref() {
            if t.deliberate(now, previous)
                && matches!(
                    key.code,
                    KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Esc | KeyCode::Char('q')
                )
            {
                if end.match_over {
                    self.leave_table(false);
                } else {
                    t.end = None;
                    t.last_move = Instant::now();
                    // The next hand is behind a curtain of its own.
                    if t.needs_curtain() {
                        t.shown_to = None;
                    }
                }
            }
            return;
        }
        if let Some(seat) = t.curtain() {
            if !t.deliberate(now, previous) {
                return;
            }
            if matches!(key.code, KeyCode::Enter | KeyCode::Char(' ')) {
                t.shown_to = Some(seat);
            } else if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                t.confirm_quit = true;
            }
            return;
        }
        if t.typing.is_some() {
            self.typing_key(key);
            return;
        }
        // The table as it stands when the key comes, worked out once.
        let mut v = t.view();
        if let Some(me) = v.actor
            && self.game_table_key(me, key, &v)
        {
            return;
        }
        let Some(t) = self.table.as_mut() else { return };
        // On the table `h` is the hint, so the hand moves with the arrows,
        // `k`/`j` (previous/next) and `l` (next).
        match key.code {
            KeyCode::Left | KeyCode::Up | KeyCode::Char('k') => match t.picking {
                None => t.cursor = t.cursor.saturating_sub(1),
                Some(p) => {
                    let n = v.targets.len().max(1);
                    t.picking = Some((p + n - 1) % n);
                }
            },
            KeyCode::Right | KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('l') => {
                match t.picking {
                    None => t.cursor = (t.cursor + 1).min(v.hand.len().saturating_sub(1)),
                    Some(p) => {
                        let n = v.targets.len().max(1);
                        t.picking = Some((p + 1) % n);
                    }
                }
            }
            KeyCode::Char(c @ '1'..='9') => {
                let i = c as usize - '1' as usize;
                if t.picking.is_some() {
                    if i < v.targets.len() {
                        t.picking = Some(i);
                        self.choose(&v);
                    }
                } else if i < v.hand.len() {
                    t.cursor = i;
                    v.select(i);
                    self.choose(&v);
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.choose(&v),
            KeyCode::Char('p') => self.place(&v),
            KeyCode::Char('s') => self.draw_card(false),
            KeyCode::Char('d') => self.draw_card(true),
            KeyCode::Char('o') if v.snap.sortable => {
                t.sort_rank = !t.sort_rank;
                let by = if t.sort_rank { "rank" } else { "suit" };
                t.set_note(format!("Loose cards are sorted by {by}."), false);
            }
            KeyCode::Char('g') if v.snap.sortable => {
                t.grouped = !t.grouped;
                let how = if t.grouped {
                    "Melds are grouped first."
                } else {
                    "Melds are not grouped."
                };
                t.set_note(how, false);
            }
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('h') => self.show_hint(),
            KeyCode::Esc if t.picking.is_some() => {
                t.picking = None;
                t.note = None;
            }
            KeyCode::Char('q') | KeyCode::Esc => {
                if t.game.is_over() {
                    self.leave_table(false);
                } else {
                    t.confirm_quit = true;
                }
            }
            _ => {}
        }
    }

    /// A key of the game itself, or of taking from the center, or `w` to
    /// type a word; false if the key is none of these.
    pub(crate) fn game_table_key(&mut self, me: SeatId, key: KeyEvent, v: &TableView) -> bool {
        let Some(t) = self.table.as_mut() else {
            return false;
        };
        if let KeyCode::Char(c) = key.code {
            if c == 'w' && t.game.typing(me).is_some() {
                let hinted = t.hint.as_ref().and_then(|h| h.word.clone());
                t.typing = Some(hinted.unwrap_or_default());
                t.hint = None;
                t.note = None;
                return true;
            }
            if t.game.game_keys(me).iter().any(|(k, _)| *k == c) {
                let r = t.game.game_key(me, c);
                self.done(me, r);
                return true;
            }
        }
        // Enter stands for the game's key of the moment (letting a call or a
        // word pass), but not just after a move: an Enter pressed twice by
        // the player who just moved must not give away the next player's.
        if let Some(c) = t.game.enter_key(me)
            && matches!(key.code, KeyCode::Enter | KeyCode::Char(' '))
        {
            if t.last_move.elapsed() < ENTER_GUARD {
                return true;
            }
            let r = t.game.game_key(me, c);
            self.done(me, r);
            return true;
        }
        if !t.game.takes_from_center(me) {
            return false;
        }
        let len = v.snap.center.len();
        let at = t.center_cursor.min(len.saturating_sub(1));
        match key.code {
            KeyCode::Char(c @ '1'..='9') => {
                let n = c as usize - '1' as usize;
                if n < len {
                    t.center_cursor = n;
                }
            }
            KeyCode::Left | KeyCode::Up | KeyCode::Char('k') => {
                t.center_cursor = at.saturating_sub(1)
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Char('j') | KeyCode::Char('l') => {
                t.center_cursor = at + 1
            }
            KeyCode::Enter | KeyCode::Char(' ') => match v.center_pick {
                Some(id) => {
                    let r = t.game.take(me, id);
                    self.done(me, r);
                }
                None => t.set_note("There is no card to take: s draws from the stock.", true),
            },
            _ => return false,
        }
        true
    }

    /// A key while a word is typed: letters, Backspace, Tab (another way to
    /// play it), Enter (play it), Esc (stop typing).
    pub(crate) fn typing_key(&mut self, key: KeyEvent) {
        let Some(t) = self.table.as_mut() else { return };
        let Some(me) = t.actor() else {
            t.typing = None;
            return;
        };
        let ways = t.plan().map_or(0, |p| p.ways);
        t.note = None;
        let Some((text, way)) = t.typing.as_mut() else {
            return;
        };
        match key.code {
            KeyCode::Char(c) if c.is_ascii_alphabetic() && text.len() < MAX_WORD => {
                text.push(c.to_ascii_uppercase());
                *way = 0;
            }
            KeyCode::Backspace => {
                text.pop();
                *way = 0;
            }
            KeyCode::Tab if ways > 1 => *way = (*way + 1) % ways,
            KeyCode::BackTab if ways > 1 => *way = (*way + ways - 1) % ways,
            KeyCode::Esc => t.typing = None,
            KeyCode::Enter => {
                let (text, way) = (text.clone(), *way);
                let r = t.game.play_word(me, &text, way);
                if r.is_ok()
                    && let Some(t) = self.table.as_mut()
                {
                    t.typing = None;
                }
                self.done(me, r);
            }
            _ => {}
        }
    }
}
