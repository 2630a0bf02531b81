//! The hall with connections made in the test: each one's frames are read
//! back through a terminal emulator and checked against the game itself.

use super::*;
use crate::tui::adapter::{AnySession, TableGame};
use crate::tui::test_kit::config;
use rummy::seat::{BotLevel, Seat};
use rummy::variants::VariantId;
use std::net::Ipv4Addr;
use tokio::sync::mpsc::UnboundedReceiver;

/// A connection's terminal as the test sees it.
struct Screen {
    out: UnboundedReceiver<Out>,
    /// Told of each frame taken, as the SSH side tells it.
    outbox: Outbox,
    parser: vt100::Parser,
    closed: bool,
}

impl Screen {
    /// The frames sent since last asked: the screen's text after each.
    fn frames(&mut self) -> Vec<String> {
        let mut frames = Vec::new();
        while let Ok(out) = self.out.try_recv() {
            self.outbox.sent();
            match out {
                Out::Data(bytes) => {
                    self.parser.process(&bytes);
                    frames.push(self.parser.screen().contents());
                }
                Out::Close => self.closed = true,
            }
        }
        frames
    }

    fn text(&self) -> String {
        self.parser.screen().contents()
    }
}

/// Takes the frames `screen` was sent, and checks that it now shows `what`.
fn says(screen: &mut Screen, what: &str) {
    screen.frames();
    let text = screen.text();
    assert!(
        text.contains(what),
        "{what:?} is not on the screen:\n{text}"
    );
}

fn hall() -> Hall {
    let limits = Limits {
        keys_per_second: 100_000,
        ..Limits::default()
    };
    Hall::new(config(false), None, "ssh -p 2222 NAME@HOST".into(), limits)
}

fn connect(hall: &mut Hall, conn: ConnId, user: &str) -> Screen {
    let key = format!("key of {user}");
    open(
        hall,
        conn,
        user,
        Some(&key),
        Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
    )
}

fn open(
    hall: &mut Hall,
    conn: ConnId,
    user: &str,
    key: Option<&str>,
    addr: Option<IpAddr>,
) -> Screen {
    let (out, rx) = Outbox::new();
    let outbox = out.clone();
    hall.handle(Event::Open {
        conn,
        user: user.to_string(),
        key: key.map(str::to_string),
        addr,
        size: (80, 24),
        env: Vec::new(),
        out,
    });
    hall.tick(Instant::now());
    answered(hall);
    let size = |n| std::num::NonZeroU16::new(n).expect("not zero");
    Screen {
        out: rx,
        outbox,
        parser: vt100::Parser::new(size(24), size(80), 0),
        closed: false,
    }
}

fn keys(hall: &mut Hall, conn: ConnId, keys: &str) {
    hall.handle(Event::Input {
        conn,
        bytes: keys.as_bytes().to_vec(),
    });
    hall.tick(Instant::now());
    answered(hall);
}

/// Ticks until the secrets thread has answered every request.
fn answered(hall: &mut Hall) {
    let start = Instant::now();
    while hall.secrets.pending() > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the secrets thread never answered"
        );
        std::thread::sleep(Duration::from_millis(1));
        hall.tick(Instant::now());
    }
}

fn ask(hall: &mut Hall, conn: ConnId, r: Request) {
    let o = hall
        .conns
        .get_mut(&conn)
        .and_then(|c| c.app.online.as_mut())
        .expect("an online screen");
    o.requests.push(r);
    hall.requests(conn);
    hall.tick(Instant::now());
    answered(hall);
}

/// `conn` makes a table of `new`, locked with `password` if given.
fn create(hall: &mut Hall, conn: ConnId, new: NewTable, password: Option<&str>) {
    ask(
        hall,
        conn,
        Request::Create {
            new: Box::new(new),
            kids: false,
            pause: Duration::ZERO,
            password: password.map(str::to_string),
        },
    );
}

/// `conn` joins the table `code`, as a watcher if `watch`.
fn join(hall: &mut Hall, conn: ConnId, code: &str, password: Option<&str>, watch: bool) {
    ask(
        hall,
        conn,
        Request::Join {
            code: code.to_string(),
            password: password.map(str::to_string),
            watch,
            rejoin: None,
        },
    );
}

/// A 5 Suited table of one round: Ann and Ben, and a bot.
/// Wump Rummy for ann and a normal bot.
fn wump_with_a_bot(cfg: &crate::tui::app::Config) -> NewTable {
    NewTable {
        variant: VariantId::Wump,
        options: Vec::new(),
        seats: vec![Seat::human("ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        seed: 5,
        dict: cfg.dict.clone(),
        dict_path: None,
    }
}

fn five_suited(dict: &crate::tui::app::Config) -> NewTable {
    NewTable {
        variant: VariantId::FiveSuited,
        options: vec![("rounds".into(), "1".into())],
        seats: vec![
            Seat::human("ann"),
            Seat::human("Player 2"),
            Seat::bot("Bot 3", BotLevel::Normal),
        ],
        seed: 11,
        dict: dict.dict.clone(),
        dict_path: None,
    }
}

fn the_table(hall: &Hall) -> Shared {
    hall.tables.values().next().cloned().expect("a table")
}

/// What `viewer` may not know: the faces of the cards in the other seats'
/// hands that are not also in its own hand or out in the open (the center,
/// or a sentence said at the table), as the screen prints them.
fn secrets(t: &Table, viewer: Option<SeatId>) -> Vec<String> {
    let Some(game) = t.game.as_deref() else {
        return Vec::new();
    };
    let theme = config(false).theme;
    let face = |c: &rummy::card::Card| theme.face(c).trim().to_string();
    let mine = game.snapshot(viewer);
    let mut known: Vec<String> = mine.center.iter().map(face).collect();
    // What a watcher sees face up (a hand laid down once someone is out).
    let public = game.snapshot(None);
    known.extend(
        public
            .seats
            .iter()
            .flat_map(|p| p.cards.iter().flatten().map(face)),
    );
    if let Some(me) = viewer
        && let Some(cards) = &mine.seats[me.index()].cards
    {
        known.extend(cards.iter().map(face));
    }
    let said: String = t
        .said
        .iter()
        .flat_map(|(_, p)| p.lines.iter().cloned())
        .collect::<Vec<_>>()
        .join("\n");
    let mut hidden = Vec::new();
    for s in 0..game.seats().len() {
        let seat = SeatId(s as u8);
        if Some(seat) == viewer {
            continue;
        }
        let theirs = game.snapshot(Some(seat));
        for c in theirs.seats[s].cards.iter().flatten() {
            let f = face(c);
            if !known.contains(&f) && !said.contains(&f) && !hidden.contains(&f) {
                hidden.push(f);
            }
        }
    }
    hidden
}

/// Faces as they stand in a frame: inside a card's box (`│ Q♥│`), or
/// after a space, as the log and the status line print them.
fn shows(frame: &str, face: &str) -> bool {
    frame.contains(&format!("{face}│"))
        || frame.contains(&format!(" {face}"))
        || rummy::test_support::big_face_on_screen(frame, face)
}

#[test]
fn every_frame_shows_its_own_seat_and_no_other_hand() {
    for seed in [11, 12, 13] {
        play_and_check(seed);
    }
}

/// Ann and Ben play a 5 Suited game of one round with a bot, Carl
/// watching; every frame of each is checked.
fn play_and_check(seed: u64) {
    let mut hall = hall();
    let mut ann = connect(&mut hall, 1, "ann");
    let mut ben = connect(&mut hall, 2, "ben");
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seed = seed;
    create(&mut hall, 1, new, None);
    assert!(
        ann.frames()
            .last()
            .is_some_and(|f| f.contains("Waiting for 1 more person"))
    );
    let code = lock(&the_table(&hall)).code.clone();
    join(&mut hall, 2, &code, None, false);
    let mut carl = connect(&mut hall, 3, "carl");
    join(&mut hall, 3, &code, None, true);
    let table = the_table(&hall);
    let seats = [(1, Some(SeatId(0))), (2, Some(SeatId(1))), (3, None)];
    let mut screens = [&mut ann, &mut ben, &mut carl];
    let mut steps = 0;
    let mut own_seen = [0usize; 2];
    // Screens drawn while the other hands were hidden.
    let mut drawn_hidden = 0;
    // How many (frame, hidden face) pairs were checked.
    let mut checked = 0;
    loop {
        let (before, to_move, drawing, over) = {
            let t = lock(&table);
            let game = t.game.as_deref().expect("the game started");
            let before: Vec<Vec<String>> = seats.iter().map(|&(_, me)| secrets(&t, me)).collect();
            let to_move = game.to_move();
            let drawing = to_move.is_some_and(|s| game.drawing(s).is_some());
            (before, to_move, drawing, game.is_over())
        };
        if over {
            break;
        }
        match to_move {
            Some(SeatId(s)) if s < 2 => {
                let key = if drawing { "s" } else { "\r" };
                keys(&mut hall, s as ConnId + 1, key);
            }
            // The bot moves on the hall's tick.
            _ => hall.tick(Instant::now()),
        }
        let after: Vec<Vec<String>> = {
            let t = lock(&table);
            seats.iter().map(|&(_, me)| secrets(&t, me)).collect()
        };
        for (i, screen) in screens.iter_mut().enumerate() {
            let frames = screen.frames();
            for frame in &frames {
                for face in before[i].iter().filter(|f| after[i].contains(f)) {
                    checked += 1;
                    assert!(
                        !shows(frame, face),
                        "{face} of another hand shows on screen {}:\n{frame}",
                        i + 1
                    );
                }
            }
            // The same reading finds a seat's own hand on its screen.
            if let (Some(me), Some(frame)) = (seats[i].1, frames.last()) {
                let t = lock(&table);
                let game = t.game.as_deref().expect("a game");
                let snap = game.snapshot(Some(me));
                let theme = config(false).theme;
                let hand = snap.seats[me.index()].cards.clone().unwrap_or_default();
                if !game.is_over() && hand.iter().all(|c| shows(frame, theme.face(c).trim())) {
                    own_seen[i] += 1;
                }
            }
        }
        // Each screen as drawn now: no card face up on it is in another
        // seat's hand (by the card's identity, not its face).
        // (Once the game is over, every hand is laid out for all to see.)
        let hands: Vec<Vec<rummy::card::CardId>> = {
            let t = lock(&table);
            let game = t.game.as_deref().expect("a game");
            let open = game.is_over();
            // What a watcher sees face up (a hand laid down on a last turn).
            let public: Vec<rummy::card::CardId> = game
                .snapshot(None)
                .seats
                .iter()
                .flat_map(|p| p.cards.iter().flatten().map(|c| c.id))
                .collect();
            (0..3)
                .map(|s| {
                    let snap = game.snapshot(Some(SeatId(s)));
                    let cards = snap.seats[s as usize].cards.clone().unwrap_or_default();
                    if open {
                        return Vec::new();
                    }
                    cards
                        .iter()
                        .map(|c| c.id)
                        .filter(|id| !public.contains(id))
                        .collect()
                })
                .collect()
        };
        for &(conn, me) in &seats {
            let app = &mut hall.conns.get_mut(&conn).expect("connected").app;
            let (_, face_up) = crate::tui::test_kit::render_cards(app, 80, 24);
            for (s, hand) in hands.iter().enumerate() {
                if me == Some(SeatId(s as u8)) {
                    continue;
                }
                drawn_hidden += usize::from(!hand.is_empty());
                let shown: Vec<_> = face_up.iter().filter(|c| hand.contains(c)).collect();
                assert!(
                    shown.is_empty(),
                    "screen {conn} shows {shown:?} of seat {s}"
                );
            }
        }
        steps += 1;
        assert!(steps < 2_000, "the game did not end");
    }
    assert!(own_seen.iter().all(|&n| n > 3), "{own_seen:?}");
    assert!(checked > 100, "only {checked} faces were checked");
    assert!(
        drawn_hidden > 20,
        "only {drawn_hidden} screens were checked by card"
    );
    // Everyone sees the end, the watcher too.
    for screen in screens.iter_mut() {
        says(screen, "Enter");
    }
    assert!(
        ann.text().contains("Game over") || ann.text().contains("over"),
        "{}",
        ann.text()
    );
}

#[test]
fn a_screen_answers_for_its_own_seat_only() {
    let mut hall = hall();
    let _ann = connect(&mut hall, 1, "ann");
    let _ben = connect(&mut hall, 2, "ben");
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(&mut hall, 1, new, None);
    let code = lock(&the_table(&hall)).code.clone();
    join(&mut hall, 2, &code, None, false);
    let table = the_table(&hall);
    let mut as_ben = Seen::new(table.clone(), Some(SeatId(1)));
    let ann_to_move = lock(&table).game.as_ref().and_then(|g| g.to_move());
    assert_eq!(ann_to_move, Some(SeatId(0)));
    // Whoever the screen names, the snapshot is Ben's.
    let snap = as_ben.snapshot(Some(SeatId(0)));
    assert!(snap.seats[0].cards.is_none());
    assert!(snap.seats[1].cards.is_some());
    assert!(snap.seats[1].is_viewer);
    // Ann's moves, hint and draw are not Ben's to see or make.
    assert!(as_ben.moves(SeatId(0)).is_empty());
    assert!(as_ben.hint(SeatId(0)).is_none());
    let before = lock(&table).game.as_ref().map(|g| g.movers().len());
    assert_eq!(
        as_ben.draw(SeatId(0), false),
        Err("It is not your turn.".into())
    );
    assert_eq!(
        as_ben.draw(SeatId(1), false),
        Err("It is not your turn.".into())
    );
    assert_eq!(lock(&table).game.as_ref().map(|g| g.movers().len()), before);
    // Nor can a move be taken back.
    assert!(as_ben.undo_to(0).is_err());
    // A watcher's snapshot holds no hand.
    let watcher = Seen::new(table, None);
    let snap = watcher.snapshot(Some(SeatId(1)));
    assert!(snap.seats.iter().all(|p| p.cards.is_none()), "{snap:?}");
}

#[test]
fn a_table_fills_then_starts_and_a_seat_is_kept_for_who_left() {
    let mut hall = hall();
    let mut ann = connect(&mut hall, 1, "ann");
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(&mut hall, 1, new, Some("plum"));
    let code = lock(&the_table(&hall)).code.clone();
    assert!(
        ann.frames()
            .last()
            .is_some_and(|f| f.contains("It has a password"))
    );
    // A wrong password is refused; none at all is asked for.
    let mut ben = connect(&mut hall, 2, "ben");
    join(&mut hall, 2, &code, Some("pear"), false);
    says(&mut ben, "That is not the password");
    join(&mut hall, 2, &code, None, false);
    says(&mut ben, &format!("Table {code} has a password"));
    keys(&mut hall, 2, "plum\r");
    says(&mut ben, "ben (you)");
    // Ben drops; his seat is kept and Ann is told.
    hall.handle(Event::Closed { conn: 2 });
    hall.tick(Instant::now());
    says(&mut ann, "ben has left");
    let t = the_table(&hall);
    assert!(lock(&t).people[1].as_ref().is_some_and(|p| !p.here));
    // Back with the same name and key: straight to the same seat.
    let mut back = connect(&mut hall, 4, "ben");
    says(&mut back, "ben (you)");
    assert!(lock(&t).people[1].as_ref().is_some_and(|p| p.here));
    // Someone else called ben, with another key, is not let in to it.
    let mut other = open(&mut hall, 5, "ben", Some("another key"), None);
    join(&mut hall, 5, &code, Some("plum"), false);
    says(&mut other, "already sits at table");
}

#[test]
fn limits_each_say_why() {
    let limits = Limits {
        per_address: 1,
        tables: 1,
        ..Limits::default()
    };
    let mut hall = Hall::new(config(false), None, "ssh -p 2222 NAME@HOST".into(), limits);
    let _ann = connect(&mut hall, 1, "ann");
    // A second connection from the same address is turned away.
    let mut again = connect(&mut hall, 2, "ann2");
    again.frames();
    assert!(again.closed);
    let said = again.text();
    assert!(
        said.contains("already a connection from your address"),
        "{said}"
    );
    // One table at most.
    let cfg = config(false);
    create(&mut hall, 1, five_suited(&cfg), None);
    let mut cy = open(&mut hall, 3, "cy", None, None);
    create(&mut hall, 3, five_suited(&cfg), None);
    says(&mut cy, "as many tables as it takes");
}

#[test]
fn a_name_that_could_command_a_terminal_sits_nowhere() {
    let mut hall = hall();
    let mut bad = connect(&mut hall, 1, "x\u{1b}[2J");
    says(&mut bad, "control characters");
    let cfg = config(false);
    create(&mut hall, 1, five_suited(&cfg), None);
    assert!(hall.tables.is_empty());
    says(&mut bad, "control characters");
}

#[test]
fn a_screen_that_fails_is_closed_alone_and_its_seat_kept() {
    let mut hall = hall();
    let mut ann = connect(&mut hall, 1, "ann");
    let mut ben = connect(&mut hall, 2, "ben");
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(&mut hall, 1, new, None);
    let code = lock(&the_table(&hall)).code.clone();
    join(&mut hall, 2, &code, None, false);
    // A fault in the program while drawing Ben's screen, say.
    assert_eq!(
        guarded(|| -> u8 { panic!("a fault") }),
        Err("a fault".to_string())
    );
    hall.fail(2, "a fault");
    hall.tick(Instant::now());
    ben.frames();
    assert!(ben.closed);
    let table = the_table(&hall);
    assert!(lock(&table).people[1].as_ref().is_some_and(|p| !p.here));
    says(&mut ann, "ben has left");
    // Ann is still served: her keys still work.
    keys(&mut hall, 1, "o");
    assert!(!ann.frames().is_empty());
}

#[test]
fn a_connection_that_reads_nothing_is_closed_and_costs_nobody_else() {
    let limits = Limits {
        backlog: 3,
        stalled: Duration::ZERO,
        keys_per_second: 100_000,
        ..Limits::default()
    };
    let mut hall = Hall::new(config(false), None, "ssh -p 2222 NAME@HOST".into(), limits);
    let mut ann = connect(&mut hall, 1, "ann");
    // Bea reads nothing: her frames are never taken.
    let bea = connect(&mut hall, 2, "bea");
    for _ in 0..6 {
        keys(&mut hall, 2, "\x1b[B");
        keys(&mut hall, 1, "\x1b[B");
        assert!(!ann.frames().is_empty(), "Ann is served every key");
    }
    assert!(!hall.conns.contains_key(&2), "Bea's connection is closed");
    assert!(hall.conns.contains_key(&1));
    // At most the backlog was queued for her, then the goodbye.
    let mut bea = bea;
    let mut sent = 0;
    let mut closed = false;
    while let Ok(out) = bea.out.try_recv() {
        match out {
            // (What comes after the close is never sent.)
            Out::Data(_) if closed => {}
            Out::Data(bytes) => {
                sent += 1;
                bea.parser.process(&bytes);
            }
            Out::Close => closed = true,
        }
    }
    assert!(closed && sent <= 3 + 1, "{sent} frames");
    assert!(bea.text().contains("read nothing"), "{}", bea.text());
}

#[test]
fn the_hosts_quit_warns_first_while_others_are_on() {
    let mut hall = hall();
    let mut host = connect(&mut hall, HOST, "hal");
    let _guest = connect(&mut hall, 1, "gus");
    keys(&mut hall, HOST, "q");
    host.frames();
    assert!(hall.conns.contains_key(&HOST));
    assert!(
        host.text().contains("stops the server for"),
        "{}",
        host.text()
    );
    keys(&mut hall, HOST, "q");
    host.frames();
    assert!(!hall.conns.contains_key(&HOST) && host.closed);
}

#[test]
fn a_game_over_the_network_shows_no_seed_and_tells_who_watches() {
    let mut hall = hall();
    let mut ann = connect(&mut hall, 1, "ann");
    let cfg = config(false);
    let wump = wump_with_a_bot(&cfg);
    create(&mut hall, 1, wump, None);
    ann.frames();
    let code = lock(&the_table(&hall)).code.clone();
    // Wump Rummy's hands are all face up, but its stock is not.
    assert!(ann.text().contains("Wump Rummy"), "{}", ann.text());
    assert!(!ann.text().contains("seed"), "{}", ann.text());
    let _cy = connect(&mut hall, 2, "cy");
    join(&mut hall, 2, &code, None, true);
    says(&mut ann, "cy is watching.");
}

/// Ann makes a table for two (5 Suited with no bot); `ben` joins it as
/// connection 2 with `key` (none: keyless). The table.
fn ann_and(hall: &mut Hall, ben: &str, key: Option<&str>) -> (Screen, Screen, Shared) {
    let ann = connect(hall, 1, "ann");
    let ben_screen = open(
        hall,
        2,
        ben,
        key,
        Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2))),
    );
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(hall, 1, new, None);
    let code = lock(&the_table(hall)).code.clone();
    join(hall, 2, &code, None, false);
    (ann, ben_screen, the_table(hall))
}

/// The rejoin code shown on a connection's screen, as typed back.
fn code_shown(screen: &mut Screen) -> String {
    let text = words_of(screen);
    let at = text
        .find("Your rejoin code is ")
        .unwrap_or_else(|| panic!("no rejoin code shown:\n{}", screen.text()))
        + "Your rejoin code is ".len();
    text[at..at + 7].to_string()
}

/// The faces of the cards in `seat`'s hand.
fn hand_faces(t: &Table, seat: usize) -> Vec<String> {
    let game = t.game.as_deref().expect("a game");
    let theme = config(false).theme;
    game.snapshot(Some(SeatId(seat as u8))).seats[seat]
        .cards
        .clone()
        .unwrap_or_default()
        .iter()
        .map(|c| theme.face(c).trim().to_string())
        .collect()
}

#[test]
fn a_seat_taken_without_a_key_is_taken_back_only_with_its_rejoin_code() {
    let mut hall = hall();
    let (mut ann, mut ben, table) = ann_and(&mut hall, "ben", None);
    // Ben, keyless, is shown his seat's code once, in a popup he closes.
    let code = code_shown(&mut ben);
    assert_eq!(code.len(), 7, "{code}");
    assert_eq!(&code[3..4], "-");
    keys(&mut hall, 2, "\r");
    ben.frames();
    assert!(!ben.text().contains("Your rejoin code"), "{}", ben.text());
    says(&mut ben, "ben (you)");
    // The table keeps only the code's hash, in its file too.
    let typed = code.replace('-', "");
    let (file, kept) = {
        let t = lock(&table);
        let file = serde_json::to_string(&t.file()).expect("a table file");
        (file, t.people[1].as_ref().and_then(|p| p.rejoin.clone()))
    };
    let kept = kept.expect("the seat has a code");
    assert!(kept.starts_with("$argon2id$"), "{kept}");
    assert!(file.contains(&kept));
    assert!(!file.contains(&typed) && !file.contains(&code));
    // Ann, with a key, was given none.
    assert!(
        lock(&table).people[0]
            .as_ref()
            .is_some_and(|p| p.rejoin.is_none())
    );
    let table_code = lock(&table).code.clone();
    let held = hand_faces(&lock(&table), 1);
    // Ben's ssh dies.
    hall.handle(Event::Closed { conn: 2 });
    hall.tick(Instant::now());
    says(&mut ann, "ben has left");
    // A stranger calling himself ben, from elsewhere and with no key, is
    // asked for the code, and does not have it.
    let elsewhere = Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 9)));
    let mut eve = open(&mut hall, 3, "ben", None, elsewhere);
    says(&mut eve, "Rejoin code");
    keys(&mut hall, 3, "\x1b");
    let wrong = |hall: &mut Hall| {
        join_with_code(hall, 3, &table_code, "AAA-AAA");
    };
    wrong(&mut hall);
    says(&mut eve, "That is not the rejoin code of ben's seat");
    says(&mut eve, "4 more tries");
    // A key of his own does not make the seat his either.
    let mut mal = open(&mut hall, 4, "ben", Some("mal's key"), elsewhere);
    says(&mut mal, "Rejoin code");
    keys(&mut hall, 4, "\x1b");
    for _ in 0..4 {
        assert!(!eve.closed);
        wrong(&mut hall);
        eve.frames();
    }
    // Five wrong codes, and the connection is closed.
    assert!(eve.closed, "{}", eve.text());
    assert!(
        eve.text().contains("Too many wrong tries"),
        "{}",
        eve.text()
    );
    assert!(!hall.conns.contains_key(&3));
    // Neither sat, nor saw Ben's hand.
    let t = lock(&table);
    assert!(
        t.people[1]
            .as_ref()
            .is_some_and(|p| !p.here && p.key.is_none())
    );
    drop(t);
    for screen in [&eve, &mal] {
        for face in &held {
            assert!(!shows(&screen.text(), face), "{face}:\n{}", screen.text());
        }
        assert!(!screen.text().contains("ben (you)"));
    }
    assert!(hall.conns[&4].app.table.is_none());
    // The real Ben, with his code (as he noted it, in small letters), is
    // back at his seat with his hand.
    let mut back = open(
        &mut hall,
        5,
        "ben",
        None,
        Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
    );
    says(&mut back, "Rejoin code");
    keys(&mut hall, 5, &format!("{}\r", code.to_lowercase()));
    says(&mut back, "ben (you)");
    let frame = back.text();
    for face in &held {
        assert!(shows(&frame, face), "{face} not on Ben's screen:\n{frame}");
    }
    assert!(lock(&table).people[1].as_ref().is_some_and(|p| p.here));
    says(&mut ann, "ben is back.");
    // Only once was he shown a code.
    assert!(!back.text().contains("Your rejoin code"));
}

#[test]
fn a_connection_that_left_its_seat_comes_back_to_it_without_the_code() {
    let mut hall = hall();
    let (mut ann, mut ben, table) = ann_and(&mut hall, "ben", None);
    code_shown(&mut ben);
    keys(&mut hall, 2, "\r");
    says(&mut ben, "ben (you)");
    let table_code = lock(&table).code.clone();
    let held = hand_faces(&lock(&table), 1);
    // Ben leaves the table, and stays on the server.
    std::thread::sleep(crate::tui::quiet::KEY_GAP);
    keys(&mut hall, 2, "q");
    says(&mut ben, "Leave the game?");
    keys(&mut hall, 2, "y");
    says(&mut ann, "ben has left");
    assert!(hall.conns[&2].app.table.is_none());
    // From the same connection he is not asked his code: it sat there.
    ben.frames();
    join(&mut hall, 2, &table_code, None, false);
    says(&mut ben, "ben (you)");
    assert!(!ben.text().contains("Rejoin code"), "{}", ben.text());
    for face in &held {
        assert!(shows(&ben.text(), face), "{face}:\n{}", ben.text());
    }
    says(&mut ann, "ben is back.");
    // A take-back is not there over the network, and u says why.
    let said = press_after_quiet(&mut hall, 2, "u", &mut ben);
    assert!(
        said.contains("Over the network a move stays made"),
        "{said}"
    );
    // Another connection with his name still is.
    let mut other = open(&mut hall, 3, "ben", None, None);
    join(&mut hall, 3, &table_code, None, false);
    says(&mut other, "Rejoin code");
    assert!(!other.text().contains("ben (you)"));
}

/// The screen's text as one line of words: a sentence the status line
/// wraps reads whole.
fn words_of(screen: &mut Screen) -> String {
    screen.frames();
    screen
        .text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `conn` presses `key` after a quiet moment (so the screen's guard takes
/// it at once); what its screen then says, as one line of words.
fn press_after_quiet(hall: &mut Hall, conn: ConnId, key: &str, screen: &mut Screen) -> String {
    std::thread::sleep(crate::tui::quiet::KEY_GAP);
    keys(hall, conn, key);
    words_of(screen)
}

#[test]
fn a_person_away_is_waited_for_and_the_screens_say_when_a_bot_may_play_for_them() {
    let limits = Limits {
        keys_per_second: 100_000,
        away: Duration::from_secs(1),
        ..Limits::default()
    };
    let mut hall = Hall::new(config(false), None, "ssh -p 2222 NAME@HOST".into(), limits);
    let (_ann, mut ben, table) = ann_and(&mut hall, "ben", Some("ben's key"));
    let mut watcher = open(&mut hall, 3, "cy", None, None);
    let code = lock(&table).code.clone();
    join(&mut hall, 3, &code, None, true);
    assert_eq!(
        lock(&table).game.as_deref().and_then(|g| g.to_move()),
        Some(SeatId(0))
    );
    // Ann, who made the table and is to move, drops.
    hall.handle(Event::Closed { conn: 1 });
    hall.tick(Instant::now());
    let said = words_of(&mut ben);
    assert!(
        said.contains(
            "ann is away. The game waits for them to come back; 1 second after they left, b lets a bot play for them."
        ),
        "{said}"
    );
    // The watcher may not: it is told only that the game waits.
    let said = words_of(&mut watcher);
    assert!(
        said.contains("ann is away. The game waits for them to come back."),
        "{said}"
    );
    assert!(!said.contains("bot play"), "{said}");
    // Once the second has passed, b does it.
    std::thread::sleep(Duration::from_millis(1100));
    hall.tick(Instant::now());
    let said = words_of(&mut ben);
    assert!(
        said.contains("ann is away. Press b to let a bot play for them until they are back."),
        "{said}"
    );
    keys(&mut hall, 2, "b");
    assert_eq!(
        said_at(&table, "A bot plays for ann until they are back."),
        1
    );
    says(&mut ben, "away: a bot plays");
    // And it plays: the turn comes to ben.
    let start = Instant::now();
    while lock(&table).game.as_deref().and_then(|g| g.to_move()) == Some(SeatId(0)) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the bot never played for ann"
        );
        std::thread::sleep(Duration::from_millis(5));
        hall.tick(Instant::now());
    }
    // The watcher, leaving, is not told of a seat it does not have.
    let said = press_after_quiet(&mut hall, 3, "q", &mut watcher);
    assert!(
        said.contains("You are watching, with no seat to keep"),
        "{said}"
    );
    assert!(!said.contains("Your seat is kept"), "{said}");
}

/// `conn` types `rejoin` for the seat of its name at table `code`.
fn join_with_code(hall: &mut Hall, conn: ConnId, code: &str, rejoin: &str) {
    ask(
        hall,
        conn,
        Request::Join {
            code: code.to_string(),
            password: None,
            watch: false,
            rejoin: Some(rejoin.to_string()),
        },
    );
}

/// The lines said at a table that contain `what`.
fn said_at(table: &Shared, what: &str) -> usize {
    lock(table)
        .said
        .iter()
        .flat_map(|(_, p)| p.lines.iter())
        .filter(|l| l.contains(what))
        .count()
}

#[test]
fn a_watcher_with_a_players_name_is_shown_apart_and_leaves_no_false_line() {
    let mut hall = hall();
    let (mut ann, _ben, table) = ann_and(&mut hall, "ben", Some("ben's key"));
    let code = lock(&table).code.clone();
    hall.handle(Event::Closed { conn: 2 });
    hall.tick(Instant::now());
    says(&mut ann, "ben has left");
    assert_eq!(said_at(&table, "has left"), 1);
    // Someone else calling themselves ben (no key) watches: the table sees
    // another name. (Sent to ben's seat first, he is refused it.)
    let mut other = open(&mut hall, 3, "ben", None, None);
    says(&mut other, "Someone called ben already sits at table");
    join(&mut hall, 3, &code, None, true);
    says(&mut ann, "ben 2 is watching.");
    other.frames();
    let log = &hall.conns[&3].app.table.as_ref().expect("watching").log;
    assert!(
        log.iter()
            .any(|l| l.contains("The others see you as ben 2")),
        "{log:?}"
    );
    // Letter case aside.
    let _shouting = open(&mut hall, 6, "BEN", None, None);
    join(&mut hall, 6, &code, None, true);
    says(&mut ann, "BEN 2 is watching.");
    // And ann, watching from a keyless screen while she plays.
    let _also = open(&mut hall, 4, "ann", None, None);
    join(&mut hall, 4, &code, None, true);
    says(&mut ann, "ann 2 is watching.");
    // A name that could be nobody's seat watches as someone.
    let _odd = open(&mut hall, 5, "x\u{202E}y", None, None);
    join(&mut hall, 5, &code, None, true);
    says(&mut ann, "Someone is watching.");
    // The watchers go: nobody is said to have left, and the seats are as
    // they were.
    for conn in [3, 4, 5, 6] {
        hall.handle(Event::Closed { conn });
        hall.tick(Instant::now());
    }
    assert_eq!(said_at(&table, "has left"), 1);
    let t = lock(&table);
    assert!(t.people[0].as_ref().is_some_and(|p| p.here));
    assert!(t.people[1].as_ref().is_some_and(|p| !p.here));
}

#[test]
fn a_name_that_turns_text_or_hides_a_letter_sits_nowhere_and_is_told_why() {
    let mut hall = hall();
    let cfg = config(false);
    let mut turned = connect(&mut hall, 1, "ann\u{202E}nib");
    says(&mut turned, "direction of text");
    create(&mut hall, 1, five_suited(&cfg), None);
    assert!(hall.tables.is_empty());
    let mut hidden = connect(&mut hall, 2, "an\u{200B}n");
    says(&mut hidden, "invisible characters");
    create(&mut hall, 2, five_suited(&cfg), None);
    assert!(hall.tables.is_empty());
    // A name too long is echoed in part, and the reason shows whole.
    let long = "x".repeat(500);
    let mut wordy = connect(&mut hall, 3, &long);
    wordy.frames();
    let text = wordy.text();
    assert!(
        text.contains("is too long: a name has at most 20"),
        "{text}"
    );
    assert!(text.contains(&format!("\"{}…\"", "x".repeat(20))), "{text}");
    assert!(!text.contains(&"x".repeat(21)), "{text}");
}

/// Ann makes a 5 Suited table for herself and one more person, locked with
/// `password`; her screen.
fn ann_locks_a_table(hall: &mut Hall, password: &str) -> Screen {
    let ann = connect(hall, 1, "ann");
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(hall, 1, new, Some(password));
    ann
}

#[test]
fn a_table_password_is_kept_with_argon2_and_an_old_hash_still_opens_it() {
    let mut hall = hall();
    let _ann = ann_locks_a_table(&mut hall, "plum");
    let table = the_table(&hall);
    let code = lock(&table).code.clone();
    let kept = lock(&table).password.clone().expect("a password");
    assert!(
        kept.starts_with("$argon2id$") && !kept.contains("plum"),
        "{kept}"
    );
    // A table saved before argon2: its SHA-256 still opens it, once, and is
    // then replaced.
    lock(&table).password = Some(secrets::legacy_hash(&code, "plum"));
    let mut ben = connect(&mut hall, 2, "ben");
    join(&mut hall, 2, &code, Some("pear"), false);
    says(&mut ben, "That is not the password");
    join(&mut hall, 2, &code, Some("plum"), false);
    says(&mut ben, "ben (you)");
    let now = lock(&table).password.clone().expect("a password");
    assert!(now.starts_with("$argon2id$"), "{now}");
    assert_eq!(
        secrets::check_password(&code, &now, "plum"),
        secrets::Check::Right
    );
}

/// A hall keeping its tables in `dir`, closing those nobody is at after
/// ten minutes.
fn hall_in(dir: &Path) -> Hall {
    let limits = Limits {
        keys_per_second: 100_000,
        table_expiry: Duration::from_secs(600),
        ..Limits::default()
    };
    Hall::new(
        config(false),
        Some(dir),
        "ssh -p 2222 NAME@HOST".into(),
        limits,
    )
}

#[test]
fn a_table_nobody_is_at_expires_and_its_game_is_kept_among_the_saves() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut hall = hall_in(dir.path());
    let _ann = connect(&mut hall, 1, "ann");
    let cfg = config(false);
    // Ann plays Wump Rummy with a bot, and goes.
    let wump = wump_with_a_bot(&cfg);
    create(&mut hall, 1, wump, None);
    // A second table, which Cy stays at.
    let _cy = connect(&mut hall, 2, "cy");
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    new.seats[0] = Seat::human("cy");
    create(&mut hall, 2, new, None);
    assert_eq!(hall.tables.len(), 2);
    let ann_table = hall
        .tables
        .values()
        .find(|t| lock(t).creator == "ann")
        .cloned()
        .expect("Ann's table");
    let code = lock(&ann_table).code.clone();
    hall.handle(Event::Closed { conn: 1 });
    let left = Instant::now();
    hall.tick(left);
    let tables = dir.path().join("tables");
    assert!(tables.join(format!("{code}.table.json")).exists());
    // Within the expiry, the table waits.
    hall.tick(left + Duration::from_secs(590));
    assert!(hall.tables.contains_key(&code));
    // Past it, it is closed; its game goes among the saves, whole.
    hall.tick(left + Duration::from_secs(610));
    assert!(!hall.tables.contains_key(&code));
    assert_eq!(hall.tables.len(), 1, "Cy's table is kept: Cy is at it");
    assert!(!tables.join(format!("{code}.table.json")).exists());
    assert!(!tables.join(format!("{code}.save.json")).exists());
    let store = Store::open(dir.path()).expect("the saves");
    let (saves, problems) = store.list();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(saves.len(), 1, "{saves:?}");
    let game = store.load(&saves[0].path).expect("loads");
    assert_eq!(game.variant(), VariantId::Wump);
    assert!(!game.is_over());
    let moves = lock(&ann_table).game.as_ref().map(|g| g.movers().len());
    assert_eq!(Some(game.movers().len()), moves);
}

#[test]
fn a_table_still_filling_when_the_server_stopped_expires_from_the_restart() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut hall = hall_in(dir.path());
    let _ann = connect(&mut hall, 1, "ann");
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(&mut hall, 1, new, None);
    let code = lock(&the_table(&hall)).code.clone();
    hall.stop();
    drop(hall);
    let meta = dir.path().join("tables").join(format!("{code}.table.json"));
    assert!(meta.exists());
    // Started again: Ann's seat is kept, nobody comes.
    let mut hall = hall_in(dir.path());
    let started = Instant::now();
    assert_eq!(hall.table_count(), 1);
    hall.tick(started + Duration::from_secs(300));
    assert_eq!(hall.table_count(), 1);
    hall.tick(started + Duration::from_secs(610));
    assert_eq!(hall.table_count(), 0);
    assert!(!meta.exists());
}

#[test]
fn an_idle_connection_is_told_the_minutes_in_words() {
    let limits = Limits {
        idle: Duration::from_secs(60),
        ..Limits::default()
    };
    let mut hall = Hall::new(config(false), None, "ssh -p 2222 NAME@HOST".into(), limits);
    let mut ann = connect(&mut hall, 1, "ann");
    hall.tick(Instant::now() + Duration::from_secs(61));
    ann.frames();
    assert!(ann.closed);
    assert!(
        ann.text().contains("No key came for 1 minute, so"),
        "{}",
        ann.text()
    );
}

#[test]
fn a_name_in_the_log_is_cut_and_escaped() {
    assert_eq!(short("ann"), "ann");
    let long = "x".repeat(40);
    assert_eq!(short(&long), format!("{}…", "x".repeat(32)));
    assert_eq!(short("a\u{202E}b\u{1b}"), "a\\u{202e}b\\u{1b}");
    assert_eq!(short("Dr. O'Neil"), "Dr. O'Neil");
}

#[test]
fn a_keyless_seat_is_still_guarded_after_a_restart() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut hall = hall_in(dir.path());
    let _ann = connect(&mut hall, 1, "ann");
    let mut ben = open(&mut hall, 2, "ben", None, None);
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(&mut hall, 1, new, None);
    let code = lock(&the_table(&hall)).code.clone();
    join(&mut hall, 2, &code, None, false);
    let rejoin = code_shown(&mut ben);
    hall.stop();
    drop(hall);
    // The server comes back; a stranger calls himself ben.
    let mut hall = hall_in(dir.path());
    let mut eve = open(&mut hall, 3, "ben", None, None);
    says(&mut eve, "Rejoin code");
    join_with_code(&mut hall, 3, &code, "CCCCCC");
    says(&mut eve, "That is not the rejoin code");
    assert!(hall.conns[&3].app.table.is_none());
    let mut ben = open(&mut hall, 4, "ben", None, None);
    says(&mut ben, "Rejoin code");
    keys(&mut hall, 4, &format!("{rejoin}\r"));
    says(&mut ben, "ben (you)");
}

#[test]
fn a_player_back_with_the_code_takes_the_seat_from_a_screen_that_died_unnoticed() {
    let mut hall = hall();
    let (_ann, mut ben, table) = ann_and(&mut hall, "ben", None);
    let rejoin = code_shown(&mut ben);
    keys(&mut hall, 2, "\r");
    let code = lock(&table).code.clone();
    // Ben's first connection is gone, but the server has not noticed: his
    // seat is still "here". Without the code, nobody takes it over.
    let mut eve = open(&mut hall, 3, "ben", None, None);
    join(&mut hall, 3, &code, None, false);
    says(&mut eve, "Rejoin code");
    join_with_code(&mut hall, 3, &code, "CCC-CCC");
    says(&mut eve, "That is not the rejoin code");
    assert!(hall.conns.contains_key(&2));
    // With it, Ben's new screen has the seat, and the old one is closed.
    let mut again = open(&mut hall, 4, "ben", None, None);
    join_with_code(&mut hall, 4, &code, &rejoin);
    says(&mut again, "ben (you)");
    ben.frames();
    assert!(ben.closed);
    assert!(
        ben.text().contains("taken back on another screen"),
        "{}",
        ben.text()
    );
    assert!(!hall.conns.contains_key(&2));
    assert!(lock(&table).people[1].as_ref().is_some_and(|p| p.here));
}

/// A table of ann and a bot at 5 Suited Rummy of two rounds (seed `seed`).
/// Plays the round on until its result: each person in `people` (their
/// seat, connection and screen) by keys on their turn, the bots on the
/// hall's tick (they think on a thread of the pool).
fn play_round(
    hall: &mut Hall,
    table: &Shared,
    people: &mut [(SeatId, ConnId, &mut Screen)],
    seed: u64,
) {
    let mut steps = 0;
    while !lock(table).said.iter().any(|(_, p)| p.end.is_some()) {
        let (to_move, drawing) = {
            let t = lock(table);
            let g = t.game.as_deref().expect("started");
            let to_move = g.to_move();
            (to_move, to_move.is_some_and(|s| g.drawing(s).is_some()))
        };
        match people.iter().find(|(seat, _, _)| Some(*seat) == to_move) {
            Some(&(_, conn, _)) => keys(hall, conn, if drawing { "s" } else { "\r" }),
            None => {
                hall.tick(Instant::now());
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        // The terminals read what they are sent.
        for (_, _, screen) in people.iter_mut() {
            screen.frames();
        }
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the round did not end");
    }
}

/// Ticks until the table's bot has moved since `said` things were said
/// there (at most 5 s).
fn bot_moves(hall: &mut Hall, table: &Shared, said: usize, seed: u64) {
    let until = Instant::now() + Duration::from_secs(5);
    while lock(table).said.len() == said && Instant::now() < until {
        hall.tick(Instant::now());
    }
    assert!(
        lock(table).said.len() > said,
        "seed {seed}: the bot never moved"
    );
}

fn two_rounds_with_a_bot(seed: u64) -> NewTable {
    let cfg = config(false);
    NewTable {
        variant: VariantId::FiveSuited,
        options: vec![("rounds".into(), "2".into())],
        seats: vec![Seat::human("ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        seed,
        dict: cfg.dict.clone(),
        dict_path: None,
    }
}

#[test]
fn the_next_round_waits_until_the_people_closed_the_result_which_the_log_says_once() {
    let mut waited = 0;
    for seed in 1..30 {
        let mut hall = hall();
        let mut ann = connect(&mut hall, 1, "ann");
        create(&mut hall, 1, two_rounds_with_a_bot(seed), None);
        let table = the_table(&hall);
        // Round 1, ann by keys and the bot on the hall's tick.
        play_round(&mut hall, &table, &mut [(SeatId(0), 1, &mut ann)], seed);
        hall.tick(Instant::now());
        let state = hall.conns[&1].app.table.as_ref().expect("at the table");
        assert!(state.end.is_some(), "seed {seed}: the result shows");
        // The result is in the log once.
        let log = state.log.clone();
        for (i, line) in log.iter().enumerate() {
            assert!(
                !log[i + 1..].contains(line) || !line.contains("round"),
                "seed {seed}: twice in the log: {line}\n{log:#?}"
            );
        }
        let bot_leads = {
            let t = lock(&table);
            t.game.as_deref().and_then(|g| g.to_move()) == Some(SeatId(1))
        };
        if !bot_leads {
            continue;
        }
        waited += 1;
        // However long ann reads (the round ended 20 minutes ago), the bot
        // waits for her.
        let said = lock(&table).said.len();
        let long_ago = Instant::now() - Duration::from_secs(20 * 60);
        hall.ended.insert(lock(&table).code.clone(), long_ago);
        lock(&table).last_move = long_ago;
        for _ in 0..3 {
            hall.tick(Instant::now());
            std::thread::sleep(Duration::from_millis(20));
            ann.frames();
        }
        assert_eq!(lock(&table).said.len(), said, "seed {seed}: the bot moved");
        // Closed, the next round goes on (a key the moment a popup opens, or
        // right after the key before, is taken for a held key's repeat: a
        // person's Enter comes later).
        std::thread::sleep(crate::tui::quiet::KEY_GAP + Duration::from_millis(100));
        keys(&mut hall, 1, "\r");
        assert!(
            hall.conns[&1]
                .app
                .table
                .as_ref()
                .is_some_and(|s| s.end.is_none()),
            "seed {seed}: the result closed: {}",
            {
                ann.frames();
                ann.text()
            }
        );
        bot_moves(&mut hall, &table, said, seed);
        break;
    }
    assert!(waited > 0, "no deal had the bot lead the second round");
}

#[test]
fn a_window_as_large_as_the_server_draws_is_told_so() {
    let mut hall = hall();
    let mut ann = connect(&mut hall, 1, "ann");
    ann.frames();
    assert!(hall.conns[&1].app.message.is_none());
    hall.handle(Event::Resize {
        conn: 1,
        size: (400, 150),
    });
    hall.tick(Instant::now());
    let said = format!("{:?}", hall.conns[&1].app.message);
    assert!(said.contains("at most 400×150"), "{said}");
}

/// What the connection's screen is asking for, if anything: "password" or
/// "rejoin".
fn asked(hall: &Hall, conn: ConnId) -> Option<&'static str> {
    let o = hall.conns.get(&conn)?.app.online.as_ref()?;
    o.ask.as_ref().map(|a| match a.then {
        crate::tui::online::Then::Rejoin { .. } => "rejoin",
        _ => "password",
    })
}

#[test]
fn a_private_tables_password_comes_before_any_question_about_its_seats() {
    let mut hall = hall();
    let _ann = ann_locks_a_table(&mut hall, "plum");
    let table = the_table(&hall);
    let code = lock(&table).code.clone();
    // Ben sits without a key (so with a rejoin code), then his line drops.
    let local = Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)));
    let _ben = open(&mut hall, 2, "ben", None, local);
    join(&mut hall, 2, &code, Some("plum"), false);
    assert!(lock(&table).started());
    hall.handle(Event::Closed { conn: 2 });
    hall.tick(Instant::now());
    // Someone else calling himself ben is asked the password, not ben's
    // code: without it he learns nothing of who sits there.
    let mut other = open(&mut hall, 3, "ben", None, local);
    join(&mut hall, 3, &code, None, false);
    assert_eq!(asked(&hall, 3), Some("password"));
    other.frames();
    assert!(!other.text().contains("rejoin"), "{}", other.text());
    // With the password, the seat's own question comes.
    join(&mut hall, 3, &code, Some("plum"), false);
    assert_eq!(asked(&hall, 3), Some("rejoin"));
    // Someone called ann with another key is asked the password too, and
    // is not told who sits at the table.
    let mut impostor = open(&mut hall, 4, "ann", Some("another key"), local);
    join(&mut hall, 4, &code, None, false);
    assert_eq!(asked(&hall, 4), Some("password"));
    impostor.frames();
    assert!(
        !impostor.text().contains("already sits"),
        "{}",
        impostor.text()
    );
}

#[test]
fn wrong_passwords_are_counted_by_address_across_connections() {
    let mut hall = hall();
    let _ann = ann_locks_a_table(&mut hall, "plum");
    let code = lock(&the_table(&hall)).code.clone();
    let from = Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 9)));
    let mut conn = 10;
    let mut wrong = 0;
    // Each connection is closed after its few tries; the address's count
    // goes on across them.
    while wrong < secrets::ADDRESS_WRONG_TRIES {
        let _s = open(&mut hall, conn, &format!("guess{conn}"), None, from);
        for _ in 0..secrets::WRONG_TRIES {
            if wrong == secrets::ADDRESS_WRONG_TRIES {
                break;
            }
            join(&mut hall, conn, &code, Some("pear"), true);
            wrong += 1;
        }
        conn += 1;
    }
    // Now even the right password is not tried from there...
    let mut late = open(&mut hall, conn, "late", None, from);
    join(&mut hall, conn, &code, Some("plum"), true);
    late.frames();
    assert!(late.text().contains("Too many wrong"), "{}", late.text());
    // ...while another address gets in.
    let mut fair = open(
        &mut hall,
        conn + 1,
        "fair",
        None,
        Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 10))),
    );
    join(&mut hall, conn + 1, &code, Some("plum"), false);
    fair.frames();
    assert!(fair.text().contains("You play as fair"), "{}", fair.text());
}

#[test]
fn a_hint_over_the_network_is_worked_out_off_the_halls_thread_and_is_the_engines() {
    let mut hall = hall();
    let mut ann = connect(&mut hall, 1, "ann");
    create(&mut hall, 1, wump_with_a_bot(&config(false)), None);
    let table = the_table(&hall);
    // Ann's turn (the bot moves on the hall's tick until it is).
    let start = Instant::now();
    while lock(&table).game.as_deref().and_then(|g| g.to_move()) != Some(SeatId(0)) {
        hall.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(1));
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "never ann's turn"
        );
    }
    hall.tick(Instant::now());
    let engines = lock(&table)
        .game
        .as_deref()
        .and_then(|g| g.hint(SeatId(0)))
        .expect("a hint for ann");
    keys(&mut hall, 1, "h");
    // The key is answered at once; the hint is worked out meanwhile on the
    // thinking threads, not on the hall's.
    let state = hall.conns[&1].app.table.as_ref().expect("at the table");
    if state.hint.is_none() {
        assert!(state.hinting.is_some(), "the hint is not being worked out");
        says(&mut ann, "Working out a hint...");
    }
    while hall.conns[&1]
        .app
        .table
        .as_ref()
        .is_some_and(|t| t.hint.is_none())
    {
        hall.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(1));
        assert!(start.elapsed() < Duration::from_secs(60), "no hint came");
    }
    let shown = hall.conns[&1]
        .app
        .table
        .as_ref()
        .and_then(|t| t.hint.clone());
    assert_eq!(shown.as_ref(), Some(&engines));
    says(&mut ann, &engines.short);
}

#[test]
fn passwords_and_rejoin_codes_are_hashed_on_the_secrets_thread_and_requests_wait_their_turn() {
    let mut hall = hall();
    let mut ann = connect(&mut hall, 1, "ann");
    let cfg = config(false);
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    // Ann makes a locked table and, before it is made, leaves it.
    let o = hall.conns.get_mut(&1).and_then(|c| c.app.online.as_mut());
    let o = o.expect("an online screen");
    o.requests.push(Request::Create {
        new: Box::new(new),
        kids: false,
        pause: Duration::ZERO,
        password: Some("plum".into()),
    });
    o.requests.push(Request::Leave);
    hall.requests(1);
    // The hash is being made away from the hall: no table yet, and the
    // leaving waits for it.
    assert_eq!(hall.secrets.pending(), 1);
    assert!(hall.tables.is_empty());
    assert!(
        hall.conns[&1]
            .waiting
            .as_ref()
            .is_some_and(|w| w.len() == 1)
    );
    answered(&mut hall);
    // Made, then left (and so gone, as nobody else came), in the order
    // asked.
    assert!(hall.conns[&1].waiting.is_none());
    assert_eq!(hall.conns[&1].at, None);
    assert!(hall.tables.is_empty());
    ann.frames();
    let mut new = five_suited(&cfg);
    new.seats.truncate(2);
    create(&mut hall, 1, new, Some("plum"));
    let table = the_table(&hall);
    let code = lock(&table).code.clone();
    assert!(
        lock(&table)
            .password
            .as_deref()
            .is_some_and(|p| p.starts_with("$argon2id$"))
    );
    // Ben, with no key, types a wrong password, then the right one: each
    // is checked away from the hall, and his seat's new rejoin code made
    // there too.
    let mut ben = open(
        &mut hall,
        2,
        "ben",
        None,
        Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
    );
    for (typed, said) in [
        ("pear", "That is not the password"),
        ("plum", "Your rejoin code is"),
    ] {
        let o = hall.conns.get_mut(&2).and_then(|c| c.app.online.as_mut());
        o.expect("an online screen").requests.push(Request::Join {
            code: code.clone(),
            password: Some(typed.into()),
            watch: false,
            rejoin: None,
        });
        hall.requests(2);
        assert_eq!(hall.secrets.pending(), 1, "{typed}");
        answered(&mut hall);
        says(&mut ben, said);
    }
    let kept = lock(&table).people[1]
        .as_ref()
        .and_then(|p| p.rejoin.clone());
    let code_shown = code_shown(&mut ben);
    assert!(secrets::verify(
        &kept.expect("a rejoin hash"),
        &code_shown.replace('-', "")
    ));
}

#[test]
fn while_the_bots_wait_for_someone_to_close_the_result_the_others_are_told_whom() {
    for seed in 1..40 {
        let mut hall = hall();
        let mut ann = connect(&mut hall, 1, "ann");
        let mut ben = connect(&mut hall, 2, "ben");
        let mut new = two_rounds_with_a_bot(seed);
        new.seats = vec![
            Seat::human("ann"),
            Seat::bot("Bot 2", BotLevel::Normal),
            Seat::human("Player 3"),
        ];
        create(&mut hall, 1, new, None);
        let table = the_table(&hall);
        let code = lock(&table).code.clone();
        join(&mut hall, 2, &code, None, false);
        // Round 1, the people by keys and the bot on the hall's tick.
        let people = &mut [(SeatId(0), 1, &mut ann), (SeatId(2), 2, &mut ben)];
        play_round(&mut hall, &table, people, seed);
        hall.tick(Instant::now());
        if lock(&table).game.as_deref().and_then(|g| g.to_move()) != Some(SeatId(1)) {
            continue;
        }
        // The bot leads round 2: ann closes the result, ben reads on.
        let said = lock(&table).said.len();
        std::thread::sleep(crate::tui::quiet::KEY_GAP + Duration::from_millis(100));
        keys(&mut hall, 1, "\r");
        for _ in 0..3 {
            hall.tick(Instant::now());
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(lock(&table).said.len(), said, "seed {seed}: the bot moved");
        says(&mut ann, "Waiting for ben to close the result.");
        // Ben's own screen is not told to wait for himself.
        ben.frames();
        assert!(!ben.text().contains("Waiting for"), "{}", ben.text());
        // Ben closes it: the bot plays, and the line is gone.
        keys(&mut hall, 2, "\r");
        bot_moves(&mut hall, &table, said, seed);
        hall.tick(Instant::now());
        ann.frames();
        assert!(!ann.text().contains("Waiting for"), "{}", ann.text());
        return;
    }
    panic!("no deal had the bot lead the second round");
}
