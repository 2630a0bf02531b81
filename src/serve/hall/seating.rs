//! Who sits where: making a table, joining one (as a player, back at a
//! seat left, or as a watcher), starting its game once every person's seat
//! is taken, leaving, and a bot standing in for a person who is away.

use super::*;
use secrets::Check;
use std::collections::VecDeque;

impl Hall {
    pub(super) fn create(
        &mut self,
        id: ConnId,
        mut plan: NewTable,
        kids: bool,
        pause: Duration,
        password: Option<String>,
        mut worked: secrets::Worked,
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
        let hashed = |p: String| worked.hashed.take().unwrap_or_else(|| secrets::hash(&p));
        let password = match password.map(hashed) {
            None => None,
            Some(Some(hash)) => Some(hash),
            Some(None) => {
                say_to(&mut c.app, NO_RANDOM);
                return;
            }
        };
        let rejoin = match c.key {
            Some(_) => None,
            None => match worked.rejoin_code() {
                Some(both) => Some(both),
                None => {
                    say_to(&mut c.app, NO_RANDOM);
                    return;
                }
            },
        };
        let mut people = vec![None; plan.seats.len()];
        people[first] = Some(Person {
            name: c.user.clone(),
            key: c.key.clone(),
            rejoin: rejoin.as_ref().map(|(_, hash)| hash.clone()),
            stand_in: false,
            here: true,
            away_since: None,
        });
        let game = plan.variant.title();
        let table = Table {
            password,
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
            thinking: None,
            nobody_since: None,
            save,
            meta,
        };
        c.at = Some(code.clone());
        c.seat = Some(SeatId(first as u8));
        c.sat.push((code.clone(), SeatId(first as u8)));
        c.app.screen = Screen::Waiting;
        if let Some((plain, _)) = rejoin {
            c.app.show_rejoin_code(&secrets::shown(&plain));
        }
        tracing::info!(
            table = %code,
            game,
            name = %short(&c.user),
            addr = %place(c.addr),
            keyless = c.key.is_none(),
            "table made"
        );
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

    /// The connection joins the table: at the seat of its name if it has
    /// one there and proves it is theirs (by the seat's key, or else by its
    /// rejoin code), else at a free seat, or as a watcher.
    pub(super) fn join(
        &mut self,
        id: ConnId,
        code: &str,
        typed: Secrets,
        watch: bool,
        mut worked: secrets::Worked,
    ) {
        let Some(table) = self.tables.get(code).cloned() else {
            self.tell(id, &format!("No table has the code {code}."));
            return;
        };
        if (typed.password.is_some() || typed.rejoin.is_some())
            && let Some(wait) = self.locked_out(id)
        {
            let minutes = wait.as_secs().div_ceil(60).max(1);
            self.tell(
                id,
                &format!(
                    "Too many wrong passwords and rejoin codes came from your address: try \
                     again in {}.",
                    rummy::card::count_of(minutes as usize, "minute")
                ),
            );
            return;
        }
        let address = self.address.clone();
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        let (user, key, addr) = (c.user.clone(), c.key.clone(), c.addr);
        let mut t = lock(&table);
        let named = t.seat_of(&user);
        let seat = if watch { None } else { named };
        // Whether this connection has shown that the seat of its name is
        // its own (a player with a key may watch their own table without
        // its password, as they may sit at it).
        let mut proved = named
            .and_then(|s| t.people[s.index()].as_ref())
            .is_some_and(|p| p.key.is_some() && p.key == key)
            || named.is_some_and(|s| c.sat.iter().any(|(at, was)| at == code && *was == s));
        // The table's password comes first: nobody learns who sits at a
        // private table, nor may try its seats' codes, without it.
        if let Some(stored) = t.password.clone()
            && !proved
            && c.opened.as_deref() != Some(code)
        {
            match typed.password.as_deref() {
                None => {
                    c.app.ask_password(code, watch);
                    return;
                }
                Some(p) => match worked.check_password(code, &stored, p) {
                    Check::Right => c.opened = Some(code.to_string()),
                    Check::Rehashed(hash) => {
                        t.password = Some(hash);
                        t.unsaved = true;
                        c.opened = Some(code.to_string());
                    }
                    Check::Wrong => {
                        drop(t);
                        self.wrong(id, code, Wrong::Password);
                        return;
                    }
                },
            }
        }
        if let Some(person) = seat.and_then(|s| t.people[s.index()].as_ref()) {
            match (&person.key, &person.rejoin) {
                (Some(theirs), _) => {
                    if key.as_ref() != Some(theirs) {
                        say_to(
                            &mut c.app,
                            &format!(
                                "Someone called {user} already sits at table {code}, with another \
                                 key. Connect with a name of your own: {address}."
                            ),
                        );
                        return;
                    }
                }
                // Its own seat, left from this very connection.
                (None, Some(_)) if proved => {}
                (None, Some(hash)) => match typed.rejoin.as_deref() {
                    None => {
                        c.app.ask_rejoin(code, &user);
                        return;
                    }
                    Some(text) if worked.verify_rejoin(hash, text) => proved = true,
                    Some(_) => {
                        drop(t);
                        self.wrong(id, code, Wrong::Rejoin);
                        return;
                    }
                },
                // A seat kept from before there were rejoin codes: whoever
                // comes with its name takes it back, and is given a code.
                (None, None) => {}
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
            let shown = watcher_name(&t, &user, key.as_deref());
            t.say(format!("{shown} is watching."));
            drop(t);
            self.sit(id, &table, None);
            let why = if rummy::seat::name_problem(&user).is_some() {
                "your name can't be shown at a table"
            } else {
                "your name is a seat's name here"
            };
            if shown != user
                && let Some(state) = self.conns.get_mut(&id).and_then(|c| c.app.table.as_mut())
            {
                state
                    .log
                    .push(format!("The others see you as {shown}: {why}."));
            }
            return;
        }
        let mut new_code = None;
        // A screen still at the seat that its player has just shown is
        // theirs (a connection that died unnoticed, say): it gives way.
        let mut stale = false;
        let (seat, back) = match seat {
            Some(seat) => {
                let Some(person) = t.people[seat.index()].as_mut() else {
                    return;
                };
                if person.here && !proved {
                    say_to(
                        &mut c.app,
                        &format!("You are already at table {code} on another screen."),
                    );
                    return;
                }
                stale = person.here;
                if person.key.is_none() && person.rejoin.is_none() {
                    let Some((plain, hash)) = worked.rejoin_code() else {
                        say_to(&mut c.app, NO_RANDOM);
                        return;
                    };
                    person.rejoin = Some(hash);
                    new_code = Some(plain);
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
                }
                t.unsaved = true;
                (seat, true)
            }
            None => {
                if let Some(why) = rummy::seat::name_problem(&user) {
                    tracing::info!(addr = %place(addr), conn = id, %why, "name refused a seat");
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
                             another name: {address}."
                        ),
                    );
                    return;
                }
                let Some(i) = (0..t.plan.seats.len())
                    .find(|&i| t.plan.seats[i].is_human() && t.people[i].is_none())
                else {
                    return;
                };
                let rejoin = match key {
                    Some(_) => None,
                    None => {
                        let Some((plain, hash)) = worked.rejoin_code() else {
                            say_to(&mut c.app, NO_RANDOM);
                            return;
                        };
                        new_code = Some(plain);
                        Some(hash)
                    }
                };
                t.plan.seats[i].name = user.clone();
                t.people[i] = Some(Person {
                    name: user.clone(),
                    key,
                    rejoin,
                    stand_in: false,
                    here: true,
                    away_since: None,
                });
                t.unsaved = true;
                (SeatId(i as u8), false)
            }
        };
        let started = t.started();
        drop(t);
        c.at = Some(code.to_string());
        c.seat = Some(seat);
        c.sat.push((code.to_string(), seat));
        c.app.screen = Screen::Waiting;
        if let Some(plain) = new_code {
            c.app.show_rejoin_code(&secrets::shown(&plain));
        }
        if stale {
            self.close_stale(id, code, seat);
        }
        let (name, addr) = (short(&user), place(addr));
        if back {
            tracing::info!(table = %code, %name, %addr, seat = seat.index(), "seat rejoined");
        } else {
            tracing::info!(table = %code, %name, %addr, seat = seat.index(), "seat taken");
        }
        if started {
            self.sit(id, &table, Some(seat));
        } else {
            self.start_if_full(code);
        }
    }

    /// Closes the other screen at `seat` of table `code`, now that
    /// connection `id` has taken the seat back with its key or code.
    fn close_stale(&mut self, id: ConnId, code: &str, seat: SeatId) {
        let old: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|&(&other, c)| {
                other != id && c.at.as_deref() == Some(code) && c.seat == Some(seat)
            })
            .map(|(&other, _)| other)
            .collect();
        for other in old {
            if let Some(c) = self.conns.remove(&other) {
                tracing::info!(table = %code, conn = other, "a seat's old screen closed: it was taken back on another");
                goodbye(
                    &c.out,
                    "Your seat was taken back on another screen, so this one was closed.",
                    true,
                );
            }
        }
    }

    /// How long the address of connection `id` must wait before it may try
    /// a password or a rejoin code again, if it has typed too many wrong.
    pub(super) fn locked_out(&mut self, id: ConnId) -> Option<Duration> {
        let addr = self.conns.get(&id)?.addr;
        let now = Instant::now();
        let tries = recent(self.wrong_from.get_mut(&addr)?, now);
        if tries.is_empty() {
            self.wrong_from.remove(&addr);
            return None;
        }
        let oldest = *tries.front()?;
        (tries.len() >= secrets::ADDRESS_WRONG_TRIES)
            .then(|| secrets::LOCKOUT.saturating_sub(now.duration_since(oldest)))
    }

    /// A wrong password or rejoin code: said, and logged with where it came
    /// from; a connection that has typed too many is closed.
    fn wrong(&mut self, id: ConnId, code: &str, what: Wrong) {
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        c.wrong += 1;
        let now = Instant::now();
        let tries = recent(self.wrong_from.entry(c.addr).or_default(), now);
        tries.push_back(now);
        if tries.len() == secrets::ADDRESS_WRONG_TRIES {
            tracing::warn!(
                addr = %place(c.addr),
                tries = tries.len(),
                "address locked out of passwords and rejoin codes for up to an hour"
            );
        }
        let (addr, name) = (place(c.addr), short(&c.user));
        let said = match what {
            Wrong::Password => {
                tracing::warn!(%addr, conn = id, table = %code, %name, "wrong table password");
                format!("That is not the password of table {code}.")
            }
            Wrong::Rejoin => {
                tracing::warn!(%addr, conn = id, table = %code, %name, "wrong rejoin code");
                format!(
                    "That is not the rejoin code of {} seat at table {code}.",
                    rummy::seat::possessive(&c.user)
                )
            }
        };
        if c.wrong >= secrets::WRONG_TRIES {
            tracing::warn!(
                %addr,
                conn = id,
                table = %code,
                tries = c.wrong,
                "connection closed after too many wrong passwords or rejoin codes"
            );
            if let Some(c) = self.conns.remove(&id) {
                self.leave(&c);
                goodbye(
                    &c.out,
                    &format!("{said} Too many wrong tries: the connection was closed."),
                    true,
                );
            }
            return;
        }
        let left = match secrets::WRONG_TRIES - c.wrong {
            1 => "1 more try".to_string(),
            n => format!("{n} more tries"),
        };
        say_to(
            &mut c.app,
            &format!("{said} ({left} before the connection is closed.)"),
        );
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
                // A move the last game's bot is still thinking of is
                // never made in this one.
                t.thinking = None;
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
        let here: Vec<(ConnId, Option<SeatId>)> = self
            .conns
            .iter()
            .filter(|(_, c)| c.at.as_deref() == Some(code))
            .map(|(&id, c)| (id, c.seat))
            .collect();
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
            stand_in_after: self.limits.away,
            reading: Vec::new(),
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
        c.seat = me;
        c.dirty = true;
    }

    /// The connection has gone: its seat, if it had one, is left.
    pub(super) fn leave(&mut self, c: &Conn) {
        self.leave_seat(c.at.as_deref(), c.seat);
    }

    /// The connection leaves the table on its screen (or the one it waits
    /// at), and stays on the server.
    pub(super) fn leave_table(&mut self, id: ConnId) {
        if let Some(c) = self.conns.get_mut(&id) {
            let (at, seat) = (c.at.take(), c.seat.take());
            self.leave_seat(at.as_deref(), seat);
        }
    }

    /// The person at `seat` leaves the table (their connection closed, or
    /// they left it): a seat in a game is kept; a seat at a table still
    /// filling is freed, and a table nobody waits at closes. A watcher
    /// (no seat) leaves nothing, and nothing is said.
    fn leave_seat(&mut self, code: Option<&str>, seat: Option<SeatId>) {
        let (Some(code), Some(seat)) = (code, seat) else {
            return;
        };
        let Some(table) = self.tables.get(code).cloned() else {
            return;
        };
        // Another screen at the seat (there is none while one is there:
        // joining refuses a second) leaves it taken.
        let here_elsewhere = self
            .conns
            .values()
            .any(|c| c.at.as_deref() == Some(code) && c.seat == Some(seat));
        if here_elsewhere {
            return;
        }
        let mut t = lock(&table);
        let Some(name) = t
            .people
            .get(seat.index())
            .and_then(|p| p.as_ref())
            .map(|p| p.name.clone())
        else {
            return;
        };
        if t.started() {
            if let Some(p) = t.people[seat.index()].as_mut() {
                p.here = false;
                p.away_since = Some(Instant::now());
            }
            if !t.game.as_ref().is_some_and(|g| g.is_over()) {
                t.say(format!(
                    "{name} has left the table; the seat is kept for them."
                ));
            }
            return;
        }
        t.people[seat.index()] = None;
        t.unsaved = true;
        let empty = t.people.iter().all(|p| p.is_none());
        let meta = t.meta.clone();
        let game = t.plan.variant.title();
        drop(t);
        if empty {
            self.tables.remove(code);
            let _ = std::fs::remove_file(meta);
            tracing::info!(table = %code, game, "table closed: nobody waits at it");
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
        if c.seat.is_none() || !t.may_stand_in(&c.user) {
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

/// What was typed wrong.
enum Wrong {
    Password,
    Rejoin,
}

/// What a screen is told when the system's random numbers fail (a salt or
/// a rejoin code could not be made).
const NO_RANDOM: &str = "The server could not make a secret just now: try again.";

/// The name a watcher is shown under at the table: their own, unless it is
/// a seat's name there (letter case aside), when a number is added
/// ("ann 2"), or a name that could not be a seat's ("Someone"). A seated
/// person watching from another screen with their seat's key keeps theirs.
pub(super) fn watcher_name(t: &Table, user: &str, key: Option<&str>) -> String {
    if rummy::seat::name_problem(user).is_some() {
        return "Someone".to_string();
    }
    let own = t.seat_of(user).is_some_and(|s| {
        t.people[s.index()]
            .as_ref()
            .is_some_and(|p| p.key.is_some() && p.key.as_deref() == key)
    });
    let taken = |name: &str| {
        let name = name.trim().to_lowercase();
        t.plan
            .seats
            .iter()
            .map(|s| s.name.as_str())
            .chain(t.people.iter().flatten().map(|p| p.name.as_str()))
            .any(|n| n.trim().to_lowercase() == name)
    };
    let user = user.trim();
    if own || !taken(user) {
        return user.to_string();
    }
    (2..)
        .map(|n| format!("{user} {n}"))
        .find(|name| !taken(name))
        .unwrap_or_else(|| "Someone".to_string())
}

/// An address's wrong tries less those older than [`secrets::LOCKOUT`].
fn recent(tries: &mut VecDeque<Instant>, now: Instant) -> &mut VecDeque<Instant> {
    while tries
        .front()
        .is_some_and(|&t| now.duration_since(t) >= secrets::LOCKOUT)
    {
        tries.pop_front();
    }
    tries
}
