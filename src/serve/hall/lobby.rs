//! What the screens show of the server's tables: the Join screen's list
//! and the words of the wait while a table fills.

use super::*;

impl Hall {
    /// The Join screen's list and the waiting screen's words.
    pub(super) fn lists(&mut self) {
        let wanted = self
            .conns
            .values()
            .any(|c| c.app.screen == Screen::Join || c.at.is_some() && c.app.table.is_none());
        if !wanted {
            return;
        }
        let infos: Vec<TableInfo> = self.tables.values().map(|t| info(&lock(t))).collect();
        for c in self.conns.values_mut() {
            let screen = c.app.screen;
            let Some(o) = c.app.online.as_mut() else {
                continue;
            };
            if screen == Screen::Join && o.tables != infos {
                o.tables = infos.clone();
                c.dirty = true;
            }
            let waiting =
                c.at.as_ref()
                    .and_then(|code| self.tables.get(code))
                    .map(|t| waiting_lines(&lock(t), &c.user, &self.address));
            if let Some(said) = waiting
                && o.waiting.as_ref() != Some(&said)
            {
                o.waiting = Some(said);
                c.dirty = true;
            }
        }
    }
}

pub(super) fn info(t: &Table) -> TableInfo {
    let people = t.plan.seats.iter().filter(|s| s.is_human()).count();
    let sat = people - t.open_seats();
    let state = match &t.game {
        Some(g) if g.is_over() => "over",
        Some(_) => "playing",
        None => "waiting",
    };
    let bots = t.plan.seats.len() - people;
    let bots = match bots {
        0 => String::new(),
        1 => " · 1 bot".to_string(),
        n => format!(" · {n} bots"),
    };
    TableInfo {
        code: t.code.clone(),
        line: format!(
            "{} · {} · {sat} of {people} {}{bots} · {state}",
            t.plan.variant.title(),
            t.creator,
            if people == 1 { "person" } else { "people" },
        ),
        locked: t.password.is_some(),
    }
}

pub(super) fn waiting_lines(t: &Table, me: &str, address: &str) -> (String, Vec<String>) {
    let seats: Vec<String> = t
        .plan
        .seats
        .iter()
        .zip(&t.people)
        .map(|(s, p)| match (s.is_human(), p) {
            (true, Some(p)) if p.name == me => format!("{} (you)", p.name),
            (true, Some(p)) => p.name.clone(),
            (true, None) => "a free seat".to_string(),
            (false, _) => match s.kind {
                rummy::seat::SeatKind::Bot(level) => format!("{} ({level} bot)", s.name),
                rummy::seat::SeatKind::Human => s.name.clone(),
            },
        })
        .collect();
    let open = t.open_seats();
    let more = if open == 1 {
        "1 more person".to_string()
    } else {
        format!("{open} more people")
    };
    (
        t.code.clone(),
        vec![
            format!("{}, made by {}.", t.plan.variant.title(), t.creator),
            format!("Seats: {}.", seats.join(", ")),
            String::new(),
            format!("Waiting for {more}. The game starts when every seat for a person is taken."),
            String::new(),
            format!(
                "Others join with {address}, then choose Join a table and type the code {}.{}",
                t.code,
                if t.password.is_some() {
                    " It has a password: tell it to the people you invite."
                } else {
                    ""
                }
            ),
        ],
    )
}
