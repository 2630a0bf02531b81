//! The screens of a game over the network: Join a table, Waiting for
//! players, the questions (a table's password, a rejoin code) and notices
//! over any screen, and "Leave the server?": the state a screen keeps of
//! the server ([`Online`]) answers their keys with a [`Go`] for the app.

use super::*;
use crate::tui::adapter::NewTable;
use crate::tui::commands::{KeyBar, find, help_page, key_bar, step};
use crate::tui::route::Hits;
use crate::tui::route::{Go, Hit, Screen};
use crate::tui::text::wrap;
use crate::tui::theme::Theme;
use crate::tui::widgets::{block, popup};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::time::Duration;

/// The key bar and the help page of an online screen, if one is up.
pub fn keys_and_help(online: &Online, screen: Screen) -> Option<(KeyBar, String)> {
    if online.notice.is_some() {
        return Some((key_bar(&notice_commands()), String::new()));
    }
    if let Some(ask) = online.ask.as_ref() {
        return Some((key_bar(&ask_commands(ask.what())), String::new()));
    }
    if online.confirm_leave {
        return Some((key_bar(&confirm_leave_commands()), String::new()));
    }
    match screen {
        Screen::Join => {
            let list = join_commands();
            Some((key_bar(&list), help_page("Join a table", &list, 15, "")))
        }
        Screen::Waiting => {
            let list = waiting_commands();
            Some((key_bar(&list), help_page("Waiting", &list, 15, "")))
        }
        _ => None,
    }
}

impl Online {
    /// Asks the server for something.
    pub fn request(&mut self, r: Request) {
        self.requests.push(r);
    }

    /// The form's Start over the network: ask for the table's password,
    /// then ask the server for the table.
    pub fn create_table(&mut self, new: NewTable, kids: bool, pause: Duration) {
        self.ask = Some(Ask {
            text: String::new(),
            then: Then::Create(Box::new(new), kids, pause),
        });
    }

    /// Whether a popup of the server's (a question, a notice) takes the
    /// keys.
    pub fn popup(&self) -> bool {
        self.ask.is_some() || self.notice.is_some() || self.confirm_leave
    }

    /// A key while a popup of the server's is up.
    pub fn popup_key(&mut self, key: KeyEvent) -> Go {
        if self.notice.is_some() {
            if find(&notice_commands(), &key).is_some() {
                self.notice = None;
            }
        } else if self.ask.is_some() {
            self.ask_key(key);
        } else if self.confirm_leave {
            self.confirm_leave = false;
            if find(&confirm_leave_commands(), &key).unwrap_or(false) {
                return Go::Exit;
            }
        }
        Go::Stay
    }

    /// Shows a seat's rejoin code, this once, until the player closes it.
    pub fn show_rejoin_code(&mut self, code: &str) {
        self.notice = Some(format!(
            "Your rejoin code is {code}: you need it to come back to this seat.\n\n\
             You connected without an SSH key, so this code is what keeps the seat yours \
             if your connection drops. Note it now: it is not shown again."
        ));
    }

    /// Asks for the rejoin code of the seat of `name` at table `code`.
    pub fn ask_rejoin(&mut self, code: &str, name: &str) {
        self.ask = Some(Ask {
            text: String::new(),
            then: Then::Rejoin {
                code: code.to_string(),
                name: name.to_string(),
            },
        });
    }

    /// A key while a password or a rejoin code is typed.
    fn ask_key(&mut self, key: KeyEvent) {
        let o = self;
        let Some(ask) = o.ask.as_mut() else { return };
        match find(&ask_commands(ask.what()), &key) {
            Some(AskAction::Type) => {
                let rejoin = matches!(ask.then, Then::Rejoin { .. });
                if let KeyCode::Char(c) = key.code {
                    let room = if rejoin { MAX_REJOIN } else { MAX_PASSWORD };
                    if ask.text.chars().count() < room
                        && (!rejoin || c.is_ascii_alphanumeric() || c == '-')
                    {
                        ask.text
                            .push(if rejoin { c.to_ascii_uppercase() } else { c });
                    }
                }
            }
            Some(AskAction::Erase) => {
                ask.text.pop();
            }
            Some(AskAction::Done) => {
                let Some(ask) = o.ask.take() else { return };
                let password = Some(ask.text).filter(|p| !p.is_empty());
                let rejoin = password.clone();
                let r = match ask.then {
                    Then::Create(new, kids, pause) => Request::Create {
                        new,
                        kids,
                        pause,
                        password,
                    },
                    Then::Join { code, watch } => Request::Join {
                        code,
                        password,
                        watch,
                        rejoin: None,
                    },
                    Then::Rejoin { code, .. } => Request::Join {
                        code,
                        password: None,
                        watch: false,
                        rejoin,
                    },
                };
                o.requests.push(r);
            }
            Some(AskAction::Cancel) => o.ask = None,
            None => {}
        }
    }

    /// The server wants a password for the table with this code.
    pub fn ask_password(&mut self, code: &str, watch: bool) {
        self.ask = Some(Ask {
            text: String::new(),
            then: Then::Join {
                code: code.to_string(),
                watch,
            },
        });
    }

    /// A key on the Join screen: what the app is to do, in order (what
    /// the server last said here goes with the next key).
    pub fn join_key(&mut self, key: KeyEvent) -> Vec<Go> {
        let mut out = vec![Go::Hush];
        let o = self;
        match find(&join_commands(), &key) {
            Some(JoinAction::Move) => {
                o.cursor = step(o.cursor, o.tables.len().max(1), &key);
                o.code.clear();
            }
            Some(JoinAction::Type) => {
                if let KeyCode::Char(c) = key.code
                    && c.is_ascii_digit()
                    && o.code.len() < MAX_CODE
                {
                    o.code.push(c);
                }
            }
            Some(JoinAction::Erase) => {
                o.code.pop();
            }
            Some(JoinAction::Watch) => o.watch = !o.watch,
            Some(JoinAction::Join) => out.extend(o.join_chosen()),
            Some(JoinAction::Help) => out.push(Go::Help),
            Some(JoinAction::Back) => out.push(Go::Back(Screen::Title)),
            None => {}
        }
        out
    }

    fn join_chosen(&mut self) -> Option<Go> {
        let watch = self.watch;
        let code = match self.chosen() {
            Some(t) => t.code.clone(),
            None if self.code.is_empty() => {
                return Some(Go::Say(
                    "No table is open yet: make one with New table.".to_string(),
                    true,
                ));
            }
            None => self.code.clone(),
        };
        self.request(Request::Join {
            code,
            password: None,
            watch,
            rejoin: None,
        });
        Some(Go::Hush)
    }

    /// A key on the Waiting screen.
    pub fn waiting_key(&mut self, key: KeyEvent) -> Vec<Go> {
        match find(&waiting_commands(), &key) {
            Some(WaitAction::Help) => vec![Go::Help],
            Some(WaitAction::Leave) => {
                self.request(Request::Leave);
                let mut out = vec![Go::Back(Screen::Title)];
                if let Some((code, _)) = self.waiting.take() {
                    out.push(Go::Say(format!("You left table {code}."), false));
                }
                out
            }
            None => Vec::new(),
        }
    }

    /// A click on the Join screen's list.
    pub fn join_click(&mut self, i: usize) {
        self.cursor = i;
        self.code.clear();
    }
}

/// The Join screen: the server's tables and the code being typed.
pub fn draw_join(buf: &mut Buffer, area: Rect, o: &Online, theme: &Theme, hits: &mut Hits) {
    let outer = block(theme, "Join a table");
    let inner = outer.inner(area);
    outer.render(area, buf);
    let width = inner.width as usize;
    let mut lines: Vec<Line> = Vec::new();
    let typed = if o.code.is_empty() { "_" } else { &o.code };
    let how = if o.watch {
        "as a watcher (no hand)"
    } else {
        "as a player"
    };
    lines.push(Line::from(format!("Code: {typed}   Join {how}")));
    lines.push(Line::default());
    if o.tables.is_empty() {
        lines.extend(dim_lines(
            theme,
            &format!(
                "No table is open yet. Make one with New table (others join it with {}), \
                 or wait for one.",
                o.address
            ),
            width,
        ));
    }
    let top = inner.y + lines.len() as u16;
    let chosen = o.chosen().map(|t| t.code.clone());
    // As many tables as fit, from the first one, or so that the chosen one
    // shows, with a line saying how many more there are.
    let room = (inner.bottom().saturating_sub(top) as usize).max(1);
    let at = chosen
        .as_ref()
        .and_then(|c| o.tables.iter().position(|t| &t.code == c))
        .unwrap_or(0);
    let fits = o.tables.len() <= room;
    let rows = if fits {
        room
    } else {
        room.saturating_sub(1).max(1)
    };
    let first = if fits || at < rows { 0 } else { at + 1 - rows };
    for (i, t) in o.tables.iter().enumerate().skip(first).take(rows) {
        let here = chosen.as_deref() == Some(t.code.as_str());
        let style = if here {
            theme.cursor()
        } else {
            Style::default()
        };
        let mark = if here { theme.turn_mark() } else { " " };
        let lock = if t.locked { " · password" } else { "" };
        let text = format!("{mark} {}  {}{lock}", t.code, t.line);
        let line = Line::from(Span::styled(text, style));
        lines.push(crate::tui::widgets::fit_line(line, width, theme));
        hits.push((
            Rect::new(inner.x, top + (i - first) as u16, inner.width, 1),
            Hit::Row(i),
        ));
    }
    let hidden = o.tables.len().saturating_sub(rows);
    if !fits && hidden > 0 {
        let more = match hidden {
            1 => "1 more table: ↑ ↓ or its code".to_string(),
            n => format!("{n} more tables: ↑ ↓ or their codes"),
        };
        lines.push(Line::from(Span::styled(theme.plain(&more), theme.dim())));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// The screen while a table fills: its code, who is there, and how others
/// join.
pub fn draw_waiting(buf: &mut Buffer, area: Rect, o: &Online, theme: &Theme) {
    let Some((code, said)) = o.waiting.as_ref() else {
        return;
    };
    let outer = block(theme, &format!("Table {code}"));
    let inner = outer.inner(area);
    outer.render(area, buf);
    let width = inner.width as usize;
    let mut lines: Vec<Line> = Vec::new();
    for line in said {
        lines.extend(wrap(line, width).into_iter().map(Line::from));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// The server's popups over whatever screen is up: a notice, the password
/// or rejoin code question, or "Leave the server?".
pub fn draw_popups(buf: &mut Buffer, area: Rect, o: &Online, theme: &Theme) {
    if let Some(notice) = o.notice.as_ref() {
        let body = format!("{notice}\n\nEnter  I have noted it");
        popup(buf, area, "Your rejoin code", &body, theme, 60);
    } else if o.ask.is_some() {
        draw_ask(buf, area, o, theme);
    } else if o.confirm_leave {
        let body = "Leave the server? Your seats at tables are kept.\n\ny  leave      n  stay";
        popup(buf, area, "Leave?", body, theme, 46);
    }
}

/// The password or rejoin code question, over whatever screen asked it.
fn draw_ask(buf: &mut Buffer, area: Rect, o: &Online, theme: &Theme) {
    let Some(ask) = o.ask.as_ref() else {
        return;
    };
    if let Then::Rejoin { code, name } = &ask.then {
        let body = format!(
            "{} seat at table {code} was taken without an SSH key. If it is yours, type \
             the rejoin code you were given when you took it:\n\n> {}_\n\nEnter done    Esc \
             cancel (then connect with a name of your own)",
            rummy::seat::possessive(name),
            ask.text
        );
        popup(buf, area, "Rejoin code", &body, theme, 56);
        return;
    }
    let (title, what) = match &ask.then {
        Then::Create(..) => (
            "Table password",
            "Type a password that players must give to join, or press Enter for a table \
             anyone can join.",
        ),
        Then::Join { .. } | Then::Rejoin { .. } => ("Password", ""),
    };
    let what = match &ask.then {
        Then::Join { code, .. } | Then::Rejoin { code, .. } => {
            format!("Table {code} has a password. Type it:")
        }
        Then::Create(..) => what.to_string(),
    };
    let shown: String = "*".repeat(ask.text.chars().count());
    let body = format!("{what}\n\n> {shown}_\n\nEnter done    Esc cancel");
    popup(buf, area, title, &body, theme, 52);
}

fn dim_lines<'a>(theme: &Theme, text: &str, width: usize) -> Vec<Line<'a>> {
    wrap(text, width)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, theme.dim())))
        .collect()
}
