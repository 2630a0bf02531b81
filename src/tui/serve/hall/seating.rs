//! Who sits where: making a table, joining one (as a player, back at a
//! seat left, or as a watcher), starting its game once every person's seat
//! is taken, leaving, and a bot standing in for a person who is away.

use super::*;

impl Hall {
    pub(super) fn create(
        &mut self,
        id: ConnId,
        mut plan: NewTable,
        kids: bool,
        pause: Duration,
        password: Option<String>,
    ) {
        let code = self.new_code();
        let (save, meta) = self.paths(&code);
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        if self.tables.len() >= self.limits.tables {
            say_to(
                &mut c.app,
                &format!(
                    "The server has as many tables as it takes ({}): join one, or try later.",
                    self.limits.tables
                ),
            );
            return;
        }
        if let Some(why) = rummy::seat::name_problem(&c.user) {
            say_to(&mut c.app, &why);
            return;
        }
        let Some(first) = plan.seats.iter().position(|s| s.is_human()) else {
            say_to(&mut c.app, "A table over the network needs a seat for you.");
            return;
        };
        plan.seats[first].name = c.user.clone();
        if let Some(name) = rummy::seat::shared_name(&plan.seats) {
            say_to(
                &mut c.app,
                &format!("Two seats are both called {name}: give each seat a name of its own."),
            );
            return;
        }
        let mut people = vec![None; plan.seats.len()];
        people[first] = Some(Person {
            name: c.user.clone(),
            key: c.key.clone(),
            stand_in: false,
            here: true,
            away_since: None,
        });
        let table = Table {
            password: password.map(|p| hash(&code, &p)),
            code: code.clone(),
            creator: c.user.clone(),
            plan,
            kids,
            pause,
            people,
            game: None,
            said: Said::new(),
            last_move: Instant::now(),
            unsaved: true,
            save,
            meta,
        };
        c.at = Some(code.clone());
        c.app.screen = Screen::Waiting;
        store::log(&format!("{} made table {code}", c.user.escape_debug()));
        self.tables
            .insert(code.clone(), Arc::new(Mutex::new(table)));
        self.start_if_full(&code);
    }

    /// A new table's code: four digits no table has.
    pub(super) fn new_code(&self) -> String {
        loop {
            let n: u16 = rand::random_range(1000..10000);
            let code = n.to_string();
            if !self.tables.contains_key(&code) {
                return code;
            }
        }
    }

    pub(super) fn join(&mut self, id: ConnId, code: &str, password: Option<String>, watch: bool) {
        let Some(table) = self.tables.get(code).cloned() else {
            self.tell(id, &format!("No table has the code {code}."));
            return;
        };
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        let (user, key) = (c.user.clone(), c.key.clone());
        let mut t = lock(&table);
        let knows = t.seat_of(&user).is_some_and(|s| {
            t.people[s.index()]
                .as_ref()
                .is_some_and(|p| p.key.is_some() && p.key == key)
        });
        if let Some(lock_hash) = t.password.clone()
            && !knows
        {
            match password {
                None => {
                    c.app.ask_password(code, watch);
                    return;
                }
                Some(p) if hash(code, &p) != lock_hash => {
                    say_to(
                        &mut c.app,
                        &format!("That is not the password of table {code}."),
                    );
                    return;
                }
                Some(_) => {}
            }
        }
        if watch {
            if !t.started() {
                say_to(
                    &mut c.app,
                    &format!("The game at table {code} has not started: watch it once it has."),
                );
                return;
            }
            t.say(format!("{user} is watching."));
            drop(t);
            self.sit(id, &table, None);
            return;
        }
        let seat = match t.seat_of(&user) {
            Some(seat) => {
                let Some(person) = t.people[seat.index()].as_mut() else {
                    return;
                };
                if person.key.is_some() && person.key != key {
                    say_to(
                        &mut c.app,
                        &format!(
                            "Someone called {user} already sits at table {code}, with another \
                             key. Connect with a name of your own: {}.",
                            self.address
                        ),
                    );
                    return;
                }
                if person.here {
                    say_to(
                        &mut c.app,
                        &format!("You are already at table {code} on another screen."),
                    );
                    return;
                }
                person.here = true;
                person.away_since = None;
                let was_stood_in = std::mem::take(&mut person.stand_in);
                if t.started() {
                    let line = if was_stood_in {
                        format!("{user} is back, and plays again.")
                    } else {
                        format!("{user} is back.")
                    };
                    t.say(line);
                    t.unsaved = true;
                }
                seat
            }
            None => {
                if let Some(why) = rummy::seat::name_problem(&user) {
                    say_to(&mut c.app, &why);
                    return;
                }
                if t.started() || t.open_seats() == 0 {
                    say_to(
                        &mut c.app,
                        &format!("Table {code} has no seat free. Press Tab to watch it instead."),
                    );
                    return;
                }
                let taken = t
                    .plan
                    .seats
                    .iter()
                    .any(|s| s.name.trim().eq_ignore_ascii_case(user.trim()));
                if taken {
                    say_to(
                        &mut c.app,
                        &format!(
                            "A seat at table {code} is already called {user}. Connect with \
                             another name: {}.",
                            self.address
                        ),
                    );
                    return;
                }
                let Some(i) = (0..t.plan.seats.len())
                    .find(|&i| t.plan.seats[i].is_human() && t.people[i].is_none())
                else {
                    return;
                };
                t.plan.seats[i].name = user.clone();
                t.people[i] = Some(Person {
                    name: user.clone(),
                    key,
                    stand_in: false,
                    here: true,
                    away_since: None,
                });
                t.unsaved = true;
                SeatId(i as u8)
            }
        };
        let started = t.started();
        drop(t);
        c.at = Some(code.to_string());
        c.app.screen = Screen::Waiting;
        store::log(&format!("{} sat at table {code}", user.escape_debug()));
        if started {
            self.sit(id, &table, Some(seat));
        } else {
            self.start_if_full(code);
        }
    }

    /// Starts the table's game once every person's seat is taken; else
    /// everyone at it waits.
    pub(super) fn start_if_full(&mut self, code: &str) {
        let Some(table) = self.tables.get(code).cloned() else {
            return;
        };
        let mut t = lock(&table);
        if t.open_seats() > 0 {
            drop(t);
            self.save_table(&table);
            return;
        }
        match open(t.plan.clone()) {
            Ok(game) => {
                // No seed, even of a game with no hidden hand: over the
                // network it would tell anyone the cards still to come.
                let line = format!("New game of {}.", t.plan.variant.title());
                t.game = Some(game);
                t.say(line);
                t.last_move = Instant::now();
                t.unsaved = true;
            }
            Err(e) => {
                let why = format!("The game could not start: {e:#}");
                drop(t);
                for c in self.conns.values_mut() {
                    if c.at.as_deref() == Some(code) {
                        c.at = None;
                        c.app.screen = Screen::Title;
                        c.dirty = true;
                        say_to(&mut c.app, &why);
                    }
                }
                self.tables.remove(code);
                return;
            }
        }
        drop(t);
        self.save_table(&table);
        let here: Vec<(ConnId, Option<SeatId>)> = {
            let t = lock(&table);
            self.conns
                .iter()
                .filter(|(_, c)| c.at.as_deref() == Some(code))
                .map(|(&id, c)| (id, t.seat_of(&c.user)))
                .collect()
        };
        for (id, seat) in here {
            self.sit(id, &table, seat);
        }
    }

    /// Puts the table on the connection's screen, seen from `me`.
    pub(super) fn sit(&mut self, id: ConnId, table: &Shared, me: Option<SeatId>) {
        let (code, creator, kids, title) = {
            let t = lock(table);
            (
                t.code.clone(),
                t.creator.clone(),
                t.kids,
                t.plan.variant.title(),
            )
        };
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        let game = Seen::new(table.clone(), me);
        let mut state = TableState::new(Box::new(game), None, kids);
        state.online = Some(AtTable {
            code: code.clone(),
            me,
            seen: 0,
            creator: creator == c.user,
            away: Vec::new(),
        });
        let who = match me {
            Some(_) => format!("You play as {}.", c.user),
            None => "You are watching: no hand is shown.".to_string(),
        };
        state.log.push(format!("Table {code}: {title}. {who}"));
        c.app.table = Some(state);
        c.app.screen = Screen::Table;
        c.app.message = None;
        c.app.help = false;
        if let Some(o) = c.app.online.as_mut() {
            o.waiting = None;
        }
        c.at = Some(code);
        c.dirty = true;
    }

    /// The person leaves the table (their connection closed, or they left
    /// it): a seat in a game is kept; a seat at a table still filling is
    /// freed, and a table nobody waits at closes.
    pub(super) fn leave(&mut self, user: &str, code: Option<&str>) {
        let Some(code) = code else { return };
        let Some(table) = self.tables.get(code).cloned() else {
            return;
        };
        let mut t = lock(&table);
        let Some(seat) = t.seat_of(user) else {
            return;
        };
        // A second screen of theirs (say, watching) leaves nothing.
        let here_elsewhere = self.conns.values().any(|c| {
            c.user == user
                && c.at.as_deref() == Some(code)
                && c.app
                    .table
                    .as_ref()
                    .is_some_and(|s| s.online.as_ref().is_some_and(|a| a.me == Some(seat)))
        });
        if here_elsewhere {
            return;
        }
        if t.started() {
            if let Some(p) = t.people[seat.index()].as_mut() {
                p.here = false;
                p.away_since = Some(Instant::now());
            }
            if !t.game.as_ref().is_some_and(|g| g.is_over()) {
                t.say(format!(
                    "{user} has left the table; the seat is kept for them."
                ));
            }
            return;
        }
        t.people[seat.index()] = None;
        t.unsaved = true;
        let empty = t.people.iter().all(|p| p.is_none());
        let meta = t.meta.clone();
        drop(t);
        if empty {
            self.tables.remove(code);
            let _ = std::fs::remove_file(meta);
            store::log(&format!("table {code} closed"));
        }
    }

    /// The creator hands an absent person's seat to a bot.
    pub(super) fn stand_in(&mut self, id: ConnId, seat: SeatId) {
        let away = self.limits.away;
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        let Some(code) = c.at.clone() else { return };
        let Some(table) = self.tables.get(&code) else {
            return;
        };
        let mut t = lock(table);
        if !t.may_stand_in(&c.user) {
            return;
        }
        let Some(person) = t.people.get_mut(seat.index()).and_then(|p| p.as_mut()) else {
            return;
        };
        let long = person
            .away_since
            .is_some_and(|since| since.elapsed() >= away);
        if person.here || !long || person.stand_in {
            return;
        }
        person.stand_in = true;
        let name = person.name.clone();
        t.say(format!("A bot plays for {name} until they are back."));
        t.unsaved = true;
    }

    /// A sentence on the connection's status line.
    pub(super) fn tell(&mut self, id: ConnId, text: &str) {
        if let Some(c) = self.conns.get_mut(&id) {
            say_to(&mut c.app, text);
        }
    }
}

/// A table password's hash: never kept, shown or logged as typed.
pub(super) fn hash(code: &str, password: &str) -> String {
    let digest = Sha256::digest(format!("rummy table {code}\n{password}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
