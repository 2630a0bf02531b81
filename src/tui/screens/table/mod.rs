//! The table: the heading, the cards, the log of moves, the status line,
//! and the popups over it (the end of a game, leaving).

mod cards;
pub mod coach;
pub mod commands;
mod keys;
mod play;
#[cfg(test)]
pub use play::WORKING_OUT_A_HINT;
pub mod state;

use self::state::TableFrame;
use self::state::TableState;
use crate::tui::adapter::Snapshot;
use crate::tui::route::Hits;
use crate::tui::screens::table::state::TableView;
use crate::tui::text::wrap;
use crate::tui::theme::Theme;
use crate::tui::widgets::cards::{CardSize, inner_gaps};
use crate::tui::widgets::{block, popup};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Paragraph, Widget};

/// The table (the status line under it is [`status`]).
pub fn draw(buf: &mut Buffer, area: Rect, f: &TableFrame, theme: &Theme, hits: &mut Hits) {
    let t = f.t;
    if let Some(seat) = t.curtain() {
        // Nothing of the table is drawn behind the curtain.
        curtain(buf, area, &t.game.seats()[seat.index()].name, theme);
        return;
    }
    let [head, main] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area);
    heading(buf, head, f, theme);
    // The coach of a guided first deal, over the cards and the log.
    let main = self::coach::draw_coach(buf, main, t, &f.view, theme);
    let log_w = log_width(main.width, &f.view.snap);
    let [left, right] =
        Layout::horizontal([Constraint::Min(30), Constraint::Length(log_w)]).areas(main);
    log_panel(buf, right, t, theme);
    cards::cards_panel(buf, left, f, theme, hits);
}

/// The narrowest the log of moves gets.
const MIN_LOG: u16 = 26;

/// The log's width: wider on a wider screen, but never so wide that a hand
/// in view (13 or 14 cards late in 5 Suited Rummy) must wrap, losing the
/// gaps between its melds and the points under each card.
fn log_width(width: u16, snap: &Snapshot) -> u16 {
    let wanted = match width {
        0..100 => return MIN_LOG,
        100..140 => 36,
        _ => 48,
    };
    let size = CardSize::Boxed;
    let hands = snap
        .seats
        .iter()
        .filter_map(|p| {
            let n = p.cards.as_ref()?.len();
            let gaps = inner_gaps(&p.gaps, n).len();
            // Two columns of indent, the cards with a column between, two
            // more columns at each gap, and one before the log.
            Some(2 + n * (size.width() as usize + 1) + 2 * gaps)
        })
        .max()
        .unwrap_or(0) as u16;
    wanted.min(width.saturating_sub(hands)).max(MIN_LOG)
}

/// The hand-off curtain: who is to come to the keyboard.
fn curtain(buf: &mut Buffer, area: Rect, name: &str, theme: &Theme) {
    let outer = block(theme, "Hand-off");
    let inner = outer.inner(area);
    outer.render(area, buf);
    let dash = if theme.ascii { "-" } else { "—" };
    let lines = vec![
        Line::default(),
        Line::from(Span::styled(
            format!("Pass to {name} {dash} press Enter"),
            theme.accent(),
        )),
        Line::default(),
        Line::from("Everyone else, please look away."),
    ];
    Paragraph::new(lines)
        .alignment(ratatui::layout::Alignment::Center)
        .render(inner, buf);
}

/// The line at the top: the game, where it stands, and the seed if shown.
fn heading(buf: &mut Buffer, area: Rect, f: &TableFrame, theme: &Theme) {
    let snap = &f.view.snap;
    let line = Line::from(vec![
        Span::styled(format!("{} ", snap.title), theme.title()),
        Span::styled(theme.plain(&format!("· {}", snap.heading)), theme.dim()),
        Span::styled(
            f.t.game
                .seed_shown()
                .filter(|_| f.t.daily.is_none())
                .map_or(String::new(), |s| format!(" {} seed {s}", theme.dot())),
            theme.dim(),
        ),
    ]);
    Paragraph::new(crate::tui::widgets::fit_line(
        line,
        area.width as usize,
        theme,
    ))
    .render(area, buf);
}

fn log_panel(buf: &mut Buffer, area: Rect, t: &TableState, theme: &Theme) {
    // Scrolled back with the wheel, the title says so.
    let back = t.log_back.min(t.log.len().saturating_sub(1));
    let title = if back > 0 { "Moves (earlier)" } else { "Moves" };
    let outer = block(theme, title);
    let inner = outer.inner(area);
    outer.render(area, buf);
    // The newest entries that fit whole, wrapped.
    let mut lines: Vec<Line> = Vec::new();
    for entry in t.log.iter().rev().skip(back) {
        let wrapped = wrap(&theme.plain(entry), inner.width as usize);
        if lines.len() + wrapped.len() > inner.height as usize {
            break;
        }
        lines.splice(0..0, wrapped.into_iter().map(Line::from));
    }
    Paragraph::new(Text::from(lines)).render(inner, buf);
}

/// The status line: a note, the hint, or whose turn it is; nothing behind
/// the curtain.
pub fn status(t: &TableState, v: &TableView) -> Option<(String, bool)> {
    if t.curtain().is_some() {
        return None;
    }
    let question = t.confirm_place.as_ref().map(|(_, q)| q);
    if let Some(q) = question.or(t.confirm_undo.as_ref().map(|(_, q)| q)) {
        return Some((q.clone(), false));
    }
    if let (Some(seat), Some(card)) = (v.asker(), v.asked(t.asking)) {
        let why = t.game.why_take(seat, card).unwrap_or_default();
        return Some((why, false));
    }
    if let (Some((text, way)), Some(plan)) = (t.typing.as_ref(), v.plan.as_ref()) {
        let cursor = if text.is_empty() { "_" } else { "" };
        let more = if plan.ways > 1 {
            format!(
                " (way {} of {}: Tab for another)",
                way % plan.ways + 1,
                plan.ways
            )
        } else {
            String::new()
        };
        let what = match v.actor.and_then(|me| t.game.typing(me)) {
            Some(entry) if text.is_empty() => entry.what,
            _ => format!("{}{more}", plan.line),
        };
        let mut line = format!("Word: {text}{cursor}  → {what}");
        let mut error = plan.error && !text.is_empty();
        // A refusal of Enter shows under the word, which stays in view.
        if let Some((note, bad)) = t.note.as_ref().filter(|(n, _)| *n != plan.line) {
            line.push('\n');
            line.push_str(note);
            error |= *bad;
        }
        return Some((line, error));
    }
    if let Some(n) = t.note.clone() {
        return Some(n);
    }
    if let Some(h) = t.hint.as_ref() {
        let text = match (&h.child, t.explain) {
            (_, true) => h.long.clone(),
            (Some(child), false) if t.kids => format!("{child} Press h again for why."),
            _ => format!("{} Press h again for why.", h.short),
        };
        return Some((text, false));
    }
    // Play waits for the popup over the table, which says what to press;
    // the line on the child's move that ended it shows below.
    if t.end.is_some() || t.offering() {
        return t.praise.as_ref().map(|(_, line)| (line.clone(), false));
    }
    if t.game.is_over() {
        let again = if t.online.is_some() {
            ""
        } else {
            ", or n to play again"
        };
        let mut over = format!("The game is over. Press q to go back to the title{again}.");
        if let Some(same) = t.same_cards.as_ref() {
            over = format!("{}\n{over}", same.line());
        }
        return Some(match &t.praise {
            Some((_, said)) => (format!("{said}\n{over}"), false),
            None => (over, false),
        });
    }
    let seat = t.game.to_move()?;
    let name = &v.snap.seats.get(seat.index())?.name;
    // The child's move, judged: while the others play, then above the
    // next prompt (the child's own too) until the child's next key.
    let praise = t.praise.as_ref();
    if let Some((_, line)) = praise.filter(|_| t.human_to_move().is_none()) {
        return Some((line.clone(), false));
    }
    if t.human_to_move() == Some(seat) {
        let mut line = t.game.prompt(seat, t.kids);
        if let Some((_, said)) = praise {
            line = format!("{said}\n{line}");
        }
        let focus = v.center_pick.or(v.selected);
        if let Some(p) = focus.and_then(|c| t.game.preview(seat, c))
            && v.viewer == Some(seat)
        {
            line.push(' ');
            line.push_str(&p);
        }
        Some((line, false))
    } else if let Some(at) = t
        .online
        .as_ref()
        .filter(|_| v.snap.seats[seat.index()].who == "away")
    {
        // Over the network: a person who has left the table.
        let can = at.creator && at.away.iter().any(|(s, _)| *s == seat);
        let more = if can {
            " Press b to let a bot play for them until they are back.".to_string()
        } else if at.creator {
            format!(
                " The game waits for them to come back; {} after they left, b lets a bot play for them.",
                rummy::sentence::duration_words(at.stand_in_after)
            )
        } else if at.me.is_some() {
            format!(
                " The game waits for them to come back; {} after they left, the table's maker may let a bot play for them.",
                rummy::sentence::duration_words(at.stand_in_after)
            )
        } else {
            " The game waits for them to come back.".to_string()
        };
        Some((format!("{name} is away.{more}"), false))
    } else if let Some(at) = t.online.as_ref().filter(|at| {
        !at.reading.is_empty()
            && matches!(
                t.game.seats()[seat.index()].kind,
                rummy::seat::SeatKind::Bot(_)
            )
    }) {
        // Over the network the bots wait until everyone has read the result.
        let names = rummy::sentence::series(&at.reading, "and");
        Some((format!("Waiting for {names} to close the result."), false))
    } else if t.thinking.is_some() {
        Some((format!("{name} is thinking..."), false))
    } else if !t.game.private(seat) {
        // A call or a challenge: decided in the open, with no hand.
        Some((format!("{name} is deciding..."), false))
    } else {
        Some((format!("{name} is playing..."), false))
    }
}

/// The end of a game or match, over the table.
pub fn end_popup(buf: &mut Buffer, area: Rect, t: &TableState, theme: &Theme) {
    let Some(end) = t.end.as_ref() else { return };
    let mut body = String::new();
    if t.kids {
        body.push_str(&end.friendly);
        body.push_str("\n\n");
    } else {
        body.push_str(&end.summary);
        body.push_str("\n\n");
    }
    let mut width = 56;
    if end.sheet.is_empty() && end.total_label.is_empty() {
        // One game, no match: its counts alone.
        body.push_str(&format!("{:<16} {:>5}\n", "", end.count_label));
        for (name, n) in &end.counts {
            body.push_str(&format!("{name:<16} {n:>5}\n"));
        }
    } else if end.sheet.is_empty() {
        body.push_str(&format!(
            "{:<16} {:>5} {:>9}\n",
            "", end.count_label, end.total_label
        ));
        for ((name, n), (_, won)) in end.counts.iter().zip(&end.totals) {
            body.push_str(&format!("{name:<16} {n:>5} {won:>9}\n"));
        }
    } else {
        // The score sheet: one column per seat, one row per round, wide
        // enough for whole names ("Player 2", "Player 3") where they fit.
        // Row labels whole ("Round 10 (Queens wild)"); the seats' columns
        // share what is left.
        let labels = end.sheet.iter().map(|(l, _)| l.chars().count());
        let label_w = (labels.max().unwrap_or(0) + 2).clamp(20, 26);
        let seats = end.sheet_names.len().max(1);
        let room = (76usize.saturating_sub(label_w) / seats).clamp(6, 14);
        let longest = end.sheet_names.iter().map(|n| n.chars().count());
        let col = (longest.max().unwrap_or(0) + 2).clamp(8.min(room), room);
        let short = |n: &str| n.chars().take(col - 1).collect::<String>();
        body.push_str(&format!("{:<label_w$}", ""));
        for n in &end.sheet_names {
            body.push_str(&format!("{:>col$}", short(n)));
        }
        body.push('\n');
        for (label, row) in &end.sheet {
            body.push_str(&format!(
                "{:<label_w$}",
                label.chars().take(label_w - 1).collect::<String>()
            ));
            for v in row {
                body.push_str(&format!("{v:>col$}"));
            }
            body.push('\n');
        }
        body.push_str(&format!("{:<label_w$}", "Total"));
        for (_, v) in &end.totals {
            body.push_str(&format!("{v:>col$}"));
        }
        body.push('\n');
        let room = area.height as usize;
        let used = body.lines().count() + 6;
        for d in end
            .details
            .iter()
            .filter(|_| used + end.details.len() <= room)
        {
            body.push('\n');
            body.push_str(&theme.plain(d));
        }
        body.push('\n');
        width = (label_w + 2 + col * seats).clamp(56, 78) as u16;
    }
    if end.match_over {
        if let Some(same) = t.same_cards.as_ref() {
            body.push('\n');
            body.push_str(&same.line());
            body.push('\n');
        }
        if let Some((date, first)) = t.daily {
            let you = t.game.tallied_scores().first().copied().unwrap_or(0);
            let same = t
                .same_cards
                .as_ref()
                .and_then(|s| s.poll())
                .and_then(|r| r.as_ref().ok());
            let line = rummy::daily::share_line(t.game.variant(), date, you, same, first);
            body.push_str(&format!("\nTo share (it shows no card):\n{line}\n"));
        }
        if let Some(seed) = t.game.seed_shown().filter(|_| t.daily.is_none()) {
            body.push_str(&format!("\nDeal this game again with seed {seed}."));
        }
        if t.online.is_some() {
            body.push_str("\nPress Enter to go back to the title.");
        } else {
            body.push_str(
                "\nPress Enter to go back to the title, n to play again, or r to see how each move went.",
            );
        }
    } else {
        body.push_str(&format!(
            "\nPress Enter for the next {}, or q to leave (the game is saved).",
            end.next
        ));
    }
    popup(buf, area, &end.heading, &body, theme, width);
}

/// Asks before leaving a game in progress.
/// "Leave the game?", saying what is not saved when saves are failing.
pub fn confirm_popup(
    buf: &mut Buffer,
    area: Rect,
    unsaved: Option<&str>,
    online: Option<(&str, bool)>,
    kept: bool,
    theme: &Theme,
) {
    let body = match (unsaved, online) {
        // A game with nowhere to be saved (no data directory, or one played
        // alone over the network) ends when it is left.
        (None, None) if !kept => "This game is not saved: leaving ends it.\n\ny  leave      n  stay".to_string(),
        (_, Some((code, false))) => format!(
            "Your seat is kept while you are away:\njoin table {code} again to go on.\n\ny  leave      n  stay"
        ),
        (_, Some((code, true))) => format!(
            "You are watching, with no seat to keep:\nwatch table {code} again from Join a table.\n\ny  leave      n  stay"
        ),
        (None, None) => "The game is saved after every move;\nContinue on the title screen picks it up.\n\ny  leave      n  stay".to_string(),
        (Some(lost), None) => format!("{lost}\nLeave anyway?\n\ny  leave      n  stay"),
    };
    popup(buf, area, "Leave the game?", &body, theme, 46);
}
