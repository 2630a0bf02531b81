//! The coach on the table (Learn a game): the keys that make the advised
//! move, worked out from the table's own command list, the coach's lines
//! as the table draws them, and its stages as play goes on. What a guide
//! is and what the coach advises are [`crate::tui::guide`]'s.

use crate::tui::commands::{Command, ENTER, Key, LEFT, RIGHT, ch};
use crate::tui::guide::*;
use crate::tui::screens::table::commands::{self as table_commands, Action};
use crate::tui::screens::table::state::TableState;
use crate::tui::screens::table::state::TableView;
use crate::tui::text::wrap;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use rummy::card::CardId;

/// The first of `prefer` that the enabled command doing `action` answers
/// to, else its first key.
fn key_of(list: &[Command<Action>], action: Action, prefer: &[Key]) -> Option<Key> {
    let c = list
        .iter()
        .find(|c| c.enabled && c.action == Some(action))?;
    prefer
        .iter()
        .find(|k| c.keys.contains(k))
        .or(c.keys.first())
        .copied()
}

/// Arrow presses from `from` to `to` with the arrows of `action`.
fn arrows(list: &[Command<Action>], action: Action, from: usize, to: usize) -> Option<Press> {
    if from == to {
        return None;
    }
    let dir = if to > from { RIGHT } else { LEFT };
    let key = key_of(list, action, &[dir])?;
    Some(Press::Key(key, from.abs_diff(to)))
}

/// The keys that make `step` from the table as it stands; `None` if the
/// table's commands cannot make it from here.
pub fn presses(t: &TableState, v: &TableView, step: &Step) -> Option<Vec<Press>> {
    let list = table_commands::commands(t, v);
    let once = |a: Action, prefer: &[Key]| key_of(&list, a, prefer).map(|k| Press::Key(k, 1));
    // A moment of its own first: a question, a picked target, a word.
    if let Some((m, _)) = t.confirm_place.as_ref() {
        let yes = matches!(step, Step::Put(c) if *c == m.card && m.target.is_none());
        let a = if yes {
            Action::PlaceAnyway
        } else {
            Action::KeepCard
        };
        return Some(vec![once(a, &[ch('y'), ch('n')])?]);
    }
    if t.confirm_quit {
        return Some(vec![once(Action::Stay, &[ch('n')])?]);
    }
    if t.confirm_undo.is_some() {
        return Some(vec![once(Action::KeepMoves, &[ch('n')])?]);
    }
    if t.asking.is_some() {
        return Some(vec![once(Action::StopAsking, &[])?]);
    }
    if let Some(p) = t.picking {
        return match step {
            Step::Take(card, target) if v.selected == Some(*card) => {
                let j = v.targets.iter().position(|m| m.target == Some(*target))?;
                let mut out: Vec<Press> = arrows(&list, Action::Target, p, j).into_iter().collect();
                out.push(once(Action::Play, &[ENTER])?);
                Some(out)
            }
            _ => Some(vec![once(Action::Unpick, &[])?]),
        };
    }
    if let Some((text, way)) = t.typing.as_ref() {
        return match step {
            Step::Word(word, want) => {
                let ways = ways_of(t, v, word);
                let typing = table_commands::typing_all();
                typing_presses(&typing, ways, text, *way, t.typed_hint, word, *want)
            }
            _ => Some(vec![once(Action::StopTyping, &[])?]),
        };
    }
    let mut out = Vec::new();
    match step {
        Step::Draw => out.push(once(Action::Stock, &[])?),
        Step::TakeTop => out.push(once(Action::Top, &[])?),
        Step::TakeCenter(target) => {
            let center = &v.snap.center;
            let i = center.iter().position(|c| c.id == *target)?;
            let at = t.center_cursor.min(center.len().saturating_sub(1));
            out.extend(arrows(&list, Action::CenterCard, at, i));
            out.push(once(Action::CenterTake, &[ENTER])?);
        }
        Step::Put(card) => {
            let i = v.hand.iter().position(|c| c == card)?;
            out.extend(arrows(
                &list,
                Action::HandCard,
                t.cursor.min(v.hand.len().saturating_sub(1)),
                i,
            ));
            // A game with a discard pile discards with Enter; Wump Rummy's
            // Enter takes where it can, so its card goes down with `p`.
            if t.game.draws_cards() {
                out.push(once(Action::Play, &[ENTER])?);
            } else {
                out.push(once(Action::Place, &[])?);
            }
        }
        Step::Take(card, target) => {
            let i = v.hand.iter().position(|c| c == card)?;
            out.extend(arrows(
                &list,
                Action::HandCard,
                t.cursor.min(v.hand.len().saturating_sub(1)),
                i,
            ));
            out.push(once(Action::Play, &[ENTER])?);
            // Enter opens the choice of target, at the hinted one if the
            // hint on screen is for this card, else at the first.
            let targets: Vec<CardId> = v
                .moves
                .iter()
                .filter(|m| m.card == *card)
                .filter_map(|m| m.target)
                .collect();
            let j = targets.iter().position(|c| c == target)?;
            let start = t
                .hint
                .as_ref()
                .filter(|h| h.card == Some(*card))
                .and_then(|h| targets.iter().position(|c| Some(*c) == h.target))
                .unwrap_or(0);
            let pick = table_commands::picking(targets.len() > 1);
            out.extend(arrows(&pick, Action::Target, start, j));
            out.push(Press::Key(key_of(&pick, Action::Play, &[ENTER])?, 1));
        }
        Step::Word(word, way) => {
            out.push(once(Action::Word, &[])?);
            // `w` brings the hint's word if a hint on screen has one.
            let (text, at) = t
                .hint
                .as_ref()
                .and_then(|h| h.word.clone())
                .unwrap_or_default();
            let typed_hint = t.hint.as_ref().is_some_and(|h| h.word.is_some());
            let typing = table_commands::typing_all();
            let ways = ways_of(t, v, word);
            out.extend(typing_presses(
                &typing, ways, &text, at, typed_hint, word, *way,
            )?);
        }
        Step::GameKey(k) => out.push(once(Action::GameKey(*k), &[ch(*k)])?),
    }
    Some(out)
}

/// How many ways there are to play `word` now.
fn ways_of(t: &TableState, v: &TableView, word: &str) -> usize {
    v.actor
        .map_or(1, |me| t.game.word_plan(me, word, 0).ways.max(1))
}

/// The keys that turn the word being typed (`text` in its `way`) into
/// `word` in `want` and play it. `fresh`: the next letter starts a new word.
fn typing_presses(
    list: &[Command<Action>],
    ways: usize,
    text: &str,
    way: usize,
    fresh: bool,
    word: &str,
    want: usize,
) -> Option<Vec<Press>> {
    let mut out = Vec::new();
    let enter = key_of(list, Action::PlayWord, &[ENTER])?;
    let tab = key_of(list, Action::Way, &[Key::Code(KeyCode::Tab)]);
    let tabs = |n: usize, out: &mut Vec<Press>| -> Option<()> {
        if n > 0 {
            out.push(Press::Key(tab?, n));
        }
        Some(())
    };
    if text == word {
        tabs((want % ways + ways - way % ways) % ways, &mut out)?;
    } else {
        if !fresh && !text.is_empty() && !word.starts_with(text) {
            let erase = key_of(list, Action::Erase, &[])?;
            out.push(Press::Key(erase, text.chars().count()));
        }
        let rest = if !fresh && word.starts_with(text) {
            &word[text.len()..]
        } else {
            word
        };
        out.push(Press::Type(rest.to_string()));
        tabs(want, &mut out)?;
    }
    out.push(Press::Key(enter, 1));
    Some(out)
}

/// The least room the coach gives the hint's words and the keys, in
/// characters: a sentence of reason fits even on a narrow screen.
const WHAT_ROOM: usize = 200;

/// What the coach says now, if it speaks, in a box `width` columns wide
/// with at most `rows` rows of text: two lines or so (more with the goal,
/// before the person's first move, and for a sentence of reason on a narrow
/// screen); with fewer rows, the keys come first, then the hint's words,
/// then the goal.
pub fn coach_text(t: &TableState, v: &TableView, width: usize, rows: usize) -> Option<String> {
    let coach = t.coach.as_ref()?;
    // The offer at the lesson's end says all there is to say.
    if t.offering() {
        return None;
    }
    let seat = coach.seat;
    let moved = t.game.movers().contains(&seat);
    let len = |s: &str| s.chars().count() + 1;
    // What fits, less what wrapping loses.
    let fits = rows.saturating_mul(width).saturating_mul(9) / 10;
    let goal = (!moved).then_some(coach.goal);
    if t.end.is_some() {
        return goal.map(str::to_string);
    }
    let mut parts: Vec<String> = Vec::new();
    if t.game.to_move() == Some(seat) {
        let advice = coach.advice(t.game.as_ref());
        let keys = match advice.as_ref() {
            None => "Your turn.".to_string(),
            Some(advice) => match advice.step.as_ref().and_then(|s| presses(t, v, s)) {
                Some(p) if !p.is_empty() => say_presses(&p),
                _ => {
                    let list = table_commands::commands(t, v);
                    let hint = key_of(&list, Action::Hint, &[]).map_or("h".into(), key_name);
                    format!("Press {hint} for the hint.")
                }
            },
        };
        let full = (2 * width * 9 / 10).max(WHAT_ROOM) + goal.map_or(0, len);
        let mut room = full.min(fits).saturating_sub(len(&keys));
        if let Some(goal) = goal.filter(|g| len(g) <= room) {
            parts.push(goal.to_string());
            room -= len(goal);
        }
        if let Some(advice) = advice {
            let what = hint_words(&advice.hint, t.kids, room);
            if !what.is_empty() {
                parts.push(what);
            }
        }
        parts.push(keys);
    } else {
        let watch = "Watch the others play.";
        let mut room = fits.saturating_sub(len(watch));
        if let Some(goal) = goal.filter(|g| len(g) <= room) {
            parts.push(goal.to_string());
            room -= len(goal);
        }
        // What the last move did, in the log's words.
        if let Some(line) = t
            .log
            .last()
            .filter(|l| !t.game.movers().is_empty() && len(l) <= room)
        {
            parts.push(line.clone());
            room -= len(line);
        }
        parts.push(watch.to_string());
        // What the lesson still has the person try, while there is time
        // to read it.
        let left: Vec<String> = coach
            .still_to_make()
            .iter()
            .map(|s| s.to_string())
            .collect();
        if coach.stage == Stage::Guiding && !left.is_empty() {
            let still = format!(
                "Still to try in this lesson: {}.",
                rummy::sentence::series(&left, "and")
            );
            if len(&still) <= room {
                parts.push(still);
            }
        }
    }
    Some(parts.join(" "))
}

/// Draws the coach's box at the top of `area` (when a coach speaks) and
/// gives back the rest of `area`.
pub fn draw_coach(
    buf: &mut Buffer,
    area: Rect,
    t: &TableState,
    v: &TableView,
    theme: &Theme,
) -> Rect {
    // The table keeps the rows it needs: the center's line and cards, and
    // each seat's line, hand (and words), with a row to spare.
    let per_seat = if v.snap.word_game { 3 } else { 2 };
    let need = 3 + per_seat * v.snap.seats.len() as u16;
    let spare = area.height.saturating_sub(need);
    if spare < 2 {
        return area;
    }
    let width = area.width.saturating_sub(1) as usize;
    let Some(text) = coach_text(t, v, width, (spare - 1) as usize) else {
        return area;
    };
    let lines = wrap(&theme.plain(&text), width);
    let rows = (lines.len() as u16 + 1).min(spare);
    let [top, rest] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(rows),
        ratatui::layout::Constraint::Min(1),
    ])
    .areas(area);
    let block = Block::default()
        .borders(Borders::TOP)
        .border_set(theme.border())
        .title(Span::styled(" Coach ", theme.title()));
    let inner = block.inner(top);
    block.render(top, buf);
    let body: Vec<Line> = lines
        .into_iter()
        .map(|l| Line::from(Span::styled(l, theme.accent())))
        .collect();
    Paragraph::new(body).render(inner, buf);
    rest
}

/// After every key and bot move: the coach notes the kinds of move the
/// person made and the end of the first deal, and offers to step aside
/// once the lesson is done; at the game's end it goes.
pub fn observe(t: &mut TableState) {
    let Some(coach) = t.coach.as_mut() else {
        return;
    };
    if t.game.is_over() {
        t.coach = None;
        return;
    }
    coach.count_moves(t.game.as_ref());
    if coach.stage != Stage::Guiding {
        return;
    }
    let seat = coach.seat;
    // In a game that deals new hands, a hand that grew is the next deal;
    // in the others, the first result over the table ends the first deal.
    let new_deal = coach.new_hands && {
        let hand = t
            .game
            .snapshot(Some(seat))
            .seats
            .get(seat.index())
            .map_or(0, |p| p.card_count);
        let grew = hand > coach.hand_seen && coach.counted > 0;
        coach.hand_seen = hand;
        grew
    };
    coach.first_deal_over |= t.end.is_some() || new_deal;
    if coach.first_deal_over && coach.done.iter().all(|d| *d) {
        coach.stage = Stage::Offer;
    }
}

/// The offer at the lesson's end, over the table.
pub fn offer_popup(buf: &mut Buffer, area: Rect, t: &TableState, theme: &Theme) {
    let Some(coach) = t.coach.as_ref() else {
        return;
    };
    let title = t.game.variant().title();
    let body = offer_text(coach, title);
    crate::tui::widgets::popup(buf, area, "Lesson done", &body, theme, 60);
}
