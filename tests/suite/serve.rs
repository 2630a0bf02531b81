//! `rummy serve` over real SSH connections on a loopback port.

use crate::net;

use net::{
    Client, DOWN, Five, Greeted, LEFT, PATIENCE, RIGHT, Server, fresh_dir, hand, new_key,
    note_public, saved, saved_moves, seat_of, secrets, shows, table_code,
};
use rummy::Game;
use rummy::variants::five_suited::Phase;
use russh::keys::PrivateKey;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// `user` (with `key`) makes a 5 Suited table for two people and
/// `rounds` rounds, with `password` (empty: none); its code.
fn make_table(
    server: &Server,
    user: &str,
    key: PrivateKey,
    rounds: &str,
    password: &str,
) -> (Client, String) {
    let ann = Client::connect_with(server.port, user, Some(key), (80, 24)).expect("connects");
    ann.wait_for("New table");
    ann.keys("\r");
    ann.wait_for("Seat 2");
    // 5 Suited Rummy; seat 2 a person.
    ann.keys(RIGHT);
    ann.wait_for("5 Suited Rummy");
    ann.keys(&format!("{DOWN}{DOWN}{DOWN}{LEFT}{LEFT}"));
    ann.wait_for("Player 2");
    ann.keys(&format!("{DOWN}\r{rounds}\r"));
    ann.wait_for(&format!("< {rounds} >"));
    ann.keys("s");
    ann.wait_for("Table password");
    ann.keys(&format!("{password}\r"));
    let code = table_code(&ann);
    (ann, code)
}

/// `user` (with `key`) joins table `code` from the title screen, and sees
/// the Join screen's list name it.
fn join(server: &Server, user: &str, key: PrivateKey, code: &str) -> Client {
    let ben = Client::connect_with(server.port, user, Some(key), (80, 24)).expect("connects");
    ben.wait_for("Join a table");
    ben.keys(&format!("{DOWN}\r"));
    ben.wait_for(code);
    ben.keys(&format!("{code}\r"));
    ben
}

/// Ann makes a 5 Suited table for two people and one round; Ben joins it
/// with its code.
fn two_at_a_table(server: &Server) -> (Client, Client, String) {
    seated(server, new_key(), new_key(), "1")
}

/// The same with the players' keys given, and `rounds` rounds.
fn seated(
    server: &Server,
    ann_key: PrivateKey,
    ben_key: PrivateKey,
    rounds: &str,
) -> (Client, Client, String) {
    let (ann, code) = make_table(server, "ann", ann_key, rounds, "");
    let ben = join(server, "ben", ben_key, &code);
    ben.wait_for("ann ·");
    ann.wait_for("ben ·");
    (ann, ben, code)
}

#[test]
fn two_people_sit_at_one_table_and_see_only_their_own_hands() {
    let tmp = fresh_dir("sit");
    let dir = tmp.path();
    let server = Server::start(dir, &[]);
    let (ann, ben, code) = two_at_a_table(&server);
    let a = ann.text();
    let b = ben.text();
    assert!(a.contains("ann (you)"), "{a}");
    assert!(b.contains("ben (you)"), "{b}");
    assert!(a.contains(&format!("Table {code}")), "{a}");
    // The table is saved with its game.
    assert!(
        dir.join("tables")
            .join(format!("{code}.table.json"))
            .exists()
    );
}

/// Waits until the saved game has more than `n` moves; whether it came
/// within `patience`.
fn wait_moves(dir: &Path, code: &str, n: usize, patience: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < patience {
        if saved_moves(dir, code) > n {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

/// What the popup at the end of a round (not the game's) says.
const ROUND_END: &str = "Press Enter for the next";

/// Closes the end of a round on `c`'s screen with a deliberate Enter (not
/// within a second of another key).
fn close_round_end(c: &Client) {
    close_round_ends(&[c]);
}

/// The same on each screen of `cs`, once each shows the end.
fn close_round_ends(cs: &[&Client]) {
    for c in cs {
        c.wait_for(ROUND_END);
    }
    std::thread::sleep(Duration::from_millis(1100));
    for c in cs {
        c.keys("\r");
    }
    for c in cs {
        c.wait_until("the round's end closed", |s| !s.contains(ROUND_END));
    }
    // Keys right after a popup closes wait for the keyboard to be quiet a
    // moment (a held Enter plays nothing).
    std::thread::sleep(Duration::from_millis(400));
}

/// The seat to move makes one move by keys: `s` draws from the stock, Enter
/// discards the selected card; should that be refused, the hint (`h`)
/// picks the card. False once the game is over.
fn move_once(dir: &Path, code: &str, players: &[&Client]) -> bool {
    let game = saved(dir, code);
    if game.state().is_over() {
        return false;
    }
    let seat = game.state().to_move().expect("a seat to move");
    let name = game.seats()[seat.index()].name.clone();
    let c = players
        .iter()
        .find(|c| c.user == name)
        .unwrap_or_else(|| panic!("nobody plays {name}"));
    let n = game.log().len();
    let view = game.state().view(seat);
    let key = match view.phase {
        Phase::Draw => "s",
        Phase::Discard => "\r",
    };
    // The first draw of a round after the first: the end of the round
    // before is on the mover's screen, to be read first. (Looked for a
    // moment only: should it not come, the key below is refused, and the
    // end is found after.)
    if view.phase == Phase::Draw && view.round_turns == 0 && !view.sheet.is_empty() {
        let start = Instant::now();
        while !c.text().contains(ROUND_END) && start.elapsed() < Duration::from_secs(1) {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    if c.text().contains(ROUND_END) {
        close_round_end(c);
    }
    c.keys(key);
    if wait_moves(dir, code, n, Duration::from_secs(2)) {
        return true;
    }
    // Refused: what the screen said, then the hinted move. The end of a
    // round is read first.
    let said = c.text();
    if said.contains(ROUND_END) {
        close_round_end(c);
        c.keys(key);
        if wait_moves(dir, code, n, Duration::from_secs(2)) {
            return true;
        }
    }
    c.keys("h");
    std::thread::sleep(Duration::from_millis(100));
    c.keys(key);
    assert!(
        wait_moves(dir, code, n, PATIENCE),
        "{name} could not move with {key:?}; the screen said:\n{said}\nand now:\n{}",
        c.text()
    );
    true
}

/// The sentences of the table's Moves box, each line's wrapping undone.
fn moves_box(screen: &str) -> String {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let Some((top, left)) = lines.iter().enumerate().find_map(|(y, l)| {
        let s: String = l.iter().collect();
        let at = s.find("┌ Moves")?;
        Some((y, s[..at].chars().count()))
    }) else {
        return String::new();
    };
    let mut out = String::new();
    for l in &lines[top + 1..] {
        if l.get(left) != Some(&'│') {
            break;
        }
        let text: String = l[left + 1..].iter().take_while(|&&c| c != '│').collect();
        out.push(' ');
        out.push_str(text.trim());
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Waits until the table's Moves box says `sentence`.
fn said(c: &Client, sentence: &str) -> String {
    c.wait_until(sentence, |s| moves_box(s).contains(sentence))
}

/// What a player's screen shows once the move that took the game from
/// `before` to `after` (one move later) reached it, named, and a test of
/// the screen's text for it: the move's last sentence at the foot of the
/// Moves box, or, once the move ended a round or the game, the end's
/// popup (over the Moves box). No two moves in a row end on one sentence.
fn seen_on_screen(before: &Five, after: &Five) -> (String, impl Fn(&str) -> bool) {
    let m = after.log()[before.log().len()].clone();
    let mut game = before.clone();
    let events = game.apply(m.seat, m.action).expect("the saved move");
    let last = events.last().map(ToString::to_string).unwrap_or_default();
    let last = last.split_whitespace().collect::<Vec<_>>().join(" ");
    let round = before.state().spectator_view().round;
    let end = if after.state().is_over() {
        Some("Press Enter to go back to the title".to_string())
    } else if after.state().spectator_view().round != round {
        Some(format!("Round {round} is over"))
    } else {
        None
    };
    let what = end.clone().unwrap_or_else(|| last.clone());
    (what, move |s: &str| match &end {
        Some(end) => s.contains(end.as_str()),
        None => moves_box(s).ends_with(&last),
    })
}

/// A third person joins table `code` as a watcher.
fn watch(server: &Server, user: &str, code: &str) -> Client {
    let w = Client::connect(server.port, user);
    w.wait_for("Join a table");
    w.keys(&format!("{DOWN}\r"));
    w.wait_for(code);
    w.keys("\t");
    w.keys(&format!("{code}\r"));
    w.wait_for("You are watching");
    w
}

/// What a frame would hold were a card drawn on it: the matcher finds
/// each way the screen prints a card, and no card where there is none.
#[test]
fn the_card_matcher_reads_every_way_a_card_is_printed() {
    let game = {
        let tmp = fresh_dir("matcher");
        let dir = tmp.path();
        let server = Server::start(dir, &[]);
        let (_ann, _ben, code) = two_at_a_table(&server);
        saved(dir, &code)
    };
    let cards: Vec<rummy::Card> = (0..2).flat_map(|s| hand(&game, rummy::SeatId(s))).collect();
    assert!(!cards.is_empty());
    let blank = "┌───┐ ┌───┐\n│░░ │ │░░ │\n└───┘ └───┘  stock 40";
    for c in &cards {
        let f = &net::faces(c)[0];
        assert!(!shows(blank, c), "{f} in a frame with no card");
        for frame in [
            format!("┌───┐\n│{f:>3}│\n└───┘"),
            format!("╔═══╗\n║{f:>3}║\n╚═══╝"),
            format!("  [{f:>3}]  >{f:>3}<"),
            format!("ann took {c}."),
        ] {
            assert!(shows(&frame, c), "{f} not found in {frame}");
        }
    }
}

/// Ann and Ben play a whole game of one round by keys, Carl watching.
/// Every frame each of them receives is checked against the save: none
/// shows a card of a hand it may not see, held there both before and after
/// the move made at that moment. The same matcher finds each player's own
/// hand on their own screen.
#[test]
fn a_whole_game_by_keys_shows_each_screen_no_hand_but_its_own() {
    let tmp = fresh_dir("game");
    let dir = tmp.path();
    let server = Server::start(dir, &[]);
    let (ann, ben, code) = two_at_a_table(&server);
    let carl = watch(&server, "carl", &code);
    let first = saved(dir, &code);
    let seats = [
        Some(seat_of(&first, "ann")),
        Some(seat_of(&first, "ben")),
        None,
    ];
    let screens = [&ann, &ben, &carl];
    let mut public = Vec::new();
    let mut steps = 0;
    let mut checked = 0usize;
    let mut frames_seen = [0usize; 3];
    let mut own_found = [0usize; 2];
    let mut own_checked = [0usize; 2];
    let started = Instant::now();
    loop {
        let before = saved(dir, &code);
        note_public(&before, &mut public);
        if before.state().is_over() {
            break;
        }
        let hidden_before: Vec<Vec<rummy::Card>> = seats
            .iter()
            .map(|&v| secrets(&before, v, &public))
            .collect();
        assert!(move_once(dir, &code, &[&ann, &ben]));
        steps += 1;
        assert!(steps < 2000, "the game does not end");
        let after = saved(dir, &code);
        note_public(&after, &mut public);
        let hidden_after: Vec<Vec<rummy::Card>> =
            seats.iter().map(|&v| secrets(&after, v, &public)).collect();
        for (i, screen) in screens.iter().enumerate() {
            let frames = screen.frames();
            frames_seen[i] += frames.len();
            let secret: Vec<&rummy::Card> = hidden_before[i]
                .iter()
                .filter(|c| hidden_after[i].iter().any(|d| d.id == c.id))
                .collect();
            for frame in &frames {
                for card in &secret {
                    checked += 1;
                    assert!(
                        !shows(frame, card),
                        "{card} of another hand shows on {}'s screen after move {steps}:\n{frame}",
                        screen.user
                    );
                }
            }
            // The control: the same matcher finds the player's own cards
            // (those held before and after the move) on their own screen.
            if let Some(me) = seats[i]
                && !after.state().is_over()
            {
                let now = hand(&after, me);
                let held: Vec<rummy::Card> = hand(&before, me)
                    .into_iter()
                    .filter(|c| now.iter().any(|d| d.id == c.id))
                    .collect();
                let last = frames.last().cloned().unwrap_or_else(|| screen.text());
                if !held.is_empty() {
                    own_checked[i] += 1;
                    if held.iter().all(|c| shows(&last, c)) {
                        own_found[i] += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "whole game: {steps} moves in {:?}; {checked} checks; frames {frames_seen:?}; own hands found {own_found:?} of {own_checked:?}",
        started.elapsed()
    );
    assert!(steps >= 4, "a game of {steps} moves");
    assert!(checked > steps, "only {checked} checks in {steps} moves");
    for i in 0..3 {
        assert!(
            frames_seen[i] >= steps / 2,
            "{} saw {} frames in {steps} moves",
            screens[i].user,
            frames_seen[i]
        );
    }
    for i in 0..2 {
        assert!(
            own_found[i] * 10 >= own_checked[i] * 9,
            "{}'s own hand was found on {} of {} screens",
            screens[i].user,
            own_found[i],
            own_checked[i]
        );
    }
    // Both players see the end, and Enter takes them back to the title
    // (a key deliberate enough: not within a second of the popup).
    for c in [&ann, &ben] {
        c.wait_for("Press Enter to go back to the title");
    }
    std::thread::sleep(Duration::from_millis(1100));
    for c in [&ann, &ben] {
        c.keys("\r");
        c.wait_for("New table");
    }
    // The game the screens ended on is the saved game's end.
    let over = saved(dir, &code);
    assert!(over.state().is_over());
}

/// Moves until it is `name`'s turn to draw; false if the game ended first.
fn until_turn_of(dir: &Path, code: &str, players: &[&Client], name: &str) -> bool {
    loop {
        let game = saved(dir, code);
        if game.state().is_over() {
            return false;
        }
        let me = seat_of(&game, name);
        if game.state().to_move() == Some(me) && game.state().view(me).phase == Phase::Draw {
            return true;
        }
        move_once(dir, code, players);
    }
}

fn ids(cards: &[rummy::Card]) -> Vec<rummy::CardId> {
    let mut v: Vec<rummy::CardId> = cards.iter().map(|c| c.id).collect();
    v.sort();
    v
}

/// Ben's connection dies on his turn: Ann is still served and told; a
/// stranger with Ben's name but another key is refused; Ben, back with his
/// key, is straight at the table with the same hand, and plays on.
#[test]
fn a_player_killed_mid_turn_comes_back_to_the_same_hand() {
    let tmp = fresh_dir("killed");
    let dir = tmp.path();
    let server = Server::start(dir, &[]);
    let ben_key = new_key();
    let (ann, ben, code) = seated(&server, new_key(), ben_key.clone(), "11");
    assert!(until_turn_of(dir, &code, &[&ann, &ben], "ben"));
    let before = saved(dir, &code);
    let seat = seat_of(&before, "ben");
    let held = hand(&before, seat);
    ben.wait_until("Ben's turn", |s| s.contains("Your turn, ben"));
    ben.kill();
    said(&ann, "ben has left the table; the seat is kept for them.");
    // Ann's screen is still drawn: a key of hers shows.
    ann.keys("?");
    ann.wait_for("┌ Help");
    ann.keys("\x1b");
    // Ben's name with another key: refused, in a sentence.
    let stranger = Client::connect(server.port, "ben");
    stranger.wait_for("Someone called ben already sits at table");
    let refused = stranger.text();
    assert!(!refused.contains("ben (you)"), "{refused}");
    stranger.kill();
    // Ben with his own key: straight back at the table, the same hand.
    let ben = Client::connect_with(server.port, "ben", Some(ben_key), (80, 24)).expect("connects");
    let screen = ben.wait_for("ben (you)");
    for c in &held {
        assert!(
            shows(&screen, c),
            "{c} of Ben's hand not on his screen:\n{screen}"
        );
    }
    said(&ann, "ben is back.");
    let now = saved(dir, &code);
    assert_eq!(ids(&hand(&now, seat)), ids(&held));
    assert_eq!(now.log().len(), before.log().len());
    // The game goes on: Ben draws and discards.
    let n = now.log().len();
    assert!(move_once(dir, &code, &[&ann, &ben]));
    assert!(move_once(dir, &code, &[&ann, &ben]));
    assert_eq!(saved_moves(dir, &code), n + 2);
}

/// The server is killed mid-game and started again on the same folder and
/// port: both players are back at the table with every move made before,
/// and play goes on.
#[test]
fn a_server_killed_mid_game_comes_back_with_every_move() {
    let tmp = fresh_dir("restart");
    let dir = tmp.path();
    let mut server = Server::start(dir, &[]);
    let port = server.port;
    let (ann_key, ben_key) = (new_key(), new_key());
    let (ann, ben, code) = seated(&server, ann_key.clone(), ben_key.clone(), "11");
    for _ in 0..5 {
        assert!(move_once(dir, &code, &[&ann, &ben]));
    }
    let before = saved(dir, &code);
    server.kill();
    ann.wait_closed();
    ben.wait_closed();
    let server = Server::start_on(dir, port, &[]);
    assert_eq!(server.port, port);
    let ann = Client::connect_with(port, "ann", Some(ann_key), (80, 24)).expect("connects");
    let ben = Client::connect_with(port, "ben", Some(ben_key), (80, 24)).expect("connects");
    ann.wait_for("ann (you)");
    ben.wait_for("ben (you)");
    said(
        &ann,
        "The server was restarted; the game goes on where it was.",
    );
    let after = saved(dir, &code);
    assert_eq!(after.log().len(), before.log().len());
    for s in 0..2 {
        let seat = rummy::SeatId(s);
        assert_eq!(ids(&hand(&after, seat)), ids(&hand(&before, seat)));
    }
    assert!(move_once(dir, &code, &[&ann, &ben]));
    assert_eq!(saved_moves(dir, &code), before.log().len() + 1);
}

/// Bytes that are not SSH on the port, and bytes that are no keys from a
/// logged-in terminal: the server goes on serving everyone.
#[test]
fn garbage_on_the_socket_and_the_terminal_harms_nobody() {
    let tmp = fresh_dir("garbage");
    let dir = tmp.path();
    let mut server = Server::start(dir, &[]);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut junk = |n: usize| -> Vec<u8> {
        (0..n)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect()
    };
    let sends: Vec<Vec<u8>> = vec![
        junk(300),
        b"SSH-2.0-hal".to_vec(),
        b"SSH-2.0-OpenSSH_9.6\r\n"
            .iter()
            .copied()
            .chain(junk(2000))
            .collect(),
        junk(64 * 1024),
    ];
    for bytes in &sends {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", server.port)).expect("connects");
        s.set_write_timeout(Some(Duration::from_secs(5))).ok();
        let _ = s.write_all(bytes);
        let _ = s.flush();
        std::thread::sleep(Duration::from_millis(50));
    }
    // One left open, half a banner sent.
    let mut open = std::net::TcpStream::connect(("127.0.0.1", server.port)).expect("connects");
    let _ = open.write_all(b"SSH-2.");
    // A logged-in terminal sends what no key is.
    let zed = Client::connect(server.port, "zed");
    zed.wait_for("New table");
    let mut noise: Vec<Vec<u8>> = vec![
        vec![0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82],
        b"\x1b[".to_vec(),
        b"\x1b[99999999999999999999999;99999999999999999999H".to_vec(),
        b"\x1b[<999999999;999999999;999999999M".to_vec(),
        b"\x1b[M\xff\xff\xff".to_vec(),
        b"\x1bO\x1b[1;99999999999999999999999A\x1b]0;\x07".to_vec(),
        b"\x1b[200~".to_vec(),
    ];
    noise.push(junk(4096));
    for bytes in &noise {
        zed.send(bytes);
    }
    // A second, normal person makes a table and sees its screen.
    let (amy, code) = make_table(&server, "amy", new_key(), "1", "");
    amy.wait_for(&format!("Table {code}"));
    assert!(server.alive(), "the server died");
    // The noisy terminal is still served too (or was closed with a
    // sentence): its connection did not take the server down.
    if !zed.closed() {
        zed.keys("\x1b[201~\x1b\x1b");
    }
    drop(open);
    assert!(server.alive(), "the server died");
}

/// A watcher's terminal stops reading while the game goes on: the players
/// see every move, in order, the server's memory stays bounded, and the
/// stuck terminal is sent only a bounded backlog.
#[test]
fn a_terminal_that_stops_reading_holds_up_nobody() {
    let tmp = fresh_dir("silent");
    let dir = tmp.path();
    let server = Server::start(dir, &[]);
    let (ann, ben, code) = seated(&server, new_key(), new_key(), "11");
    // Two watchers: one that will stop reading, one that reads.
    let carl = Client::connect_slow(server.port, "carl");
    carl.wait_for("Join a table");
    carl.keys(&format!("{DOWN}\r"));
    carl.wait_for(&code);
    carl.keys("\t");
    carl.keys(&format!("{code}\r"));
    carl.wait_for("You are watching");
    let dave = watch(&server, "dave", &code);
    std::thread::sleep(Duration::from_millis(200));
    let rss_before = server.rss_kib().expect("the server's memory");
    carl.pause_reading();
    let carl_from = carl.raw().len();
    let dave_from = dave.raw().len();
    let dave_chunks = dave.chunks();
    let started = Instant::now();
    let mut moves = 0;
    // Enough moves that what Carl's backlog may hold (a bounded number of
    // frames and the screen as it is) is well under what Dave reads.
    while moves < 120 {
        let before = saved(dir, &code);
        if !move_once(dir, &code, &[&ann, &ben]) {
            break;
        }
        moves += 1;
        // Ann's screen follows every move, in order: each reaches it before
        // the next is made.
        let after = saved(dir, &code);
        let (what, shown) = seen_on_screen(&before, &after);
        ann.wait_until(&format!("move {moves}: {what}"), shown);
        // The end of a round, over the Moves box, is read by both.
        if !after.state().is_over()
            && after.state().spectator_view().round != before.state().spectator_view().round
        {
            close_round_ends(&[&ann, &ben]);
        }
    }
    let rss_after = server.rss_kib().expect("the server's memory");
    let dave_got = dave.chunks() - dave_chunks;
    let dave_bytes = dave.raw().len() - dave_from;
    eprintln!(
        "stuck watcher: {moves} moves in {:?}; memory {rss_before} -> {rss_after} KiB; dave {dave_got} frames",
        started.elapsed()
    );
    assert!(moves >= 90, "only {moves} moves");
    assert!(
        dave_got >= moves,
        "dave got {dave_got} frames in {moves} moves"
    );
    assert!(
        rss_after < rss_before + 64 * 1024,
        "the server grew from {rss_before} to {rss_after} KiB"
    );
    // Carl, reading again, gets no more than the server kept for him and
    // the screen as it is now.
    carl.resume_reading();
    std::thread::sleep(Duration::from_millis(500));
    let carl_got = carl.raw().len() - carl_from;
    eprintln!("stuck watcher: carl got {carl_got} bytes after {moves} moves, dave {dave_bytes}");
    assert!(
        carl_got * 2 < dave_bytes,
        "carl got {carl_got} bytes, dave {dave_bytes}"
    );
}

/// `--authorized-keys`: the key listed gets in, another key and no key do
/// not. A table's password: a wrong one is refused in a sentence, the right
/// one seats you.
#[test]
fn only_listed_keys_get_in_and_a_table_password_keeps_its_table() {
    let tmp = fresh_dir("access");
    let dir = tmp.path();
    let ok_key = new_key();
    let line = ok_key.public_key().to_openssh().expect("a public key line");
    let keys = dir.join("authorized_keys");
    std::fs::write(&keys, format!("# who may play\n{line} ann@home\n")).expect("written");
    let keys_arg = keys.to_string_lossy().into_owned();
    let server = Server::start(dir, &["--authorized-keys", &keys_arg]);
    let ann = Client::connect_with(server.port, "ann", Some(ok_key.clone()), (80, 24))
        .expect("the listed key gets in");
    ann.wait_for("New table");
    let other = Client::connect_with(server.port, "eve", Some(new_key()), (80, 24));
    assert!(other.is_err(), "another key got in");
    let none = Client::connect_with(server.port, "eve", None, (80, 24));
    assert!(none.is_err(), "no key got in");
    drop(ann);
    drop(server);

    let tmp = fresh_dir("password");

    let dir = tmp.path();
    let server = Server::start(dir, &[]);
    let (ann, code) = make_table(&server, "ann", new_key(), "1", "sesame");
    let ben = join(&server, "ben", new_key(), &code);
    ben.wait_for("password");
    ben.keys("wrong\r");
    ben.wait_for(&format!("That is not the password of table {code}."));
    assert!(!ann.text().contains("ben ·"));
    // Again, with the right one.
    ben.keys(&format!("{code}\r"));
    ben.wait_for("password");
    ben.keys("sesame\r");
    ben.wait_for("ann ·");
    ann.wait_for("ben ·");
}

/// A window's new size redraws the screen at that size; a window too small
/// says so, and the screen comes back when it grows.
#[test]
fn a_resized_window_is_redrawn_to_its_size() {
    let tmp = fresh_dir("resize");
    let dir = tmp.path();
    let server = Server::start(dir, &[]);
    let (ann, _ben, code) = two_at_a_table(&server);
    let widest = |s: &str| s.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(widest(&ann.text()) <= 80);
    ann.resize(120, 40);
    let wide = ann.wait_until("a screen wider than 80", |s| widest(s) > 80);
    assert!(widest(&wide) <= 120, "{wide}");
    assert!(wide.contains(&format!("Table {code}")), "{wide}");
    ann.resize(70, 30);
    let narrow = ann.wait_until("a screen of 70 columns", |s| {
        widest(s) <= 70 && s.contains("ann") && s.contains("ben")
    });
    assert!(narrow.lines().count() <= 30, "{narrow}");
    assert!(!narrow.contains("Terminal too small"), "{narrow}");
    ann.resize(30, 8);
    ann.wait_for("Terminal too small");
    ann.resize(80, 24);
    ann.wait_for("ann (you)");
}

/// Ben sits without a key and is shown his seat's rejoin code. His
/// connection dies: someone else connecting as ben is asked for the code,
/// is refused without it, and sees no card of Ben's; Ben, with the code,
/// is back at his seat with his hand.
#[test]
fn a_seat_taken_without_a_key_comes_back_only_with_its_rejoin_code() {
    let tmp = fresh_dir("rejoin");
    let dir = tmp.path();
    let server = Server::start(dir, &[]);
    let (ann, code) = make_table(&server, "ann", new_key(), "11", "");
    let keyless =
        |user: &str| Client::connect_with(server.port, user, None, (80, 24)).expect("connects");
    let ben = keyless("ben");
    ben.wait_for("Join a table");
    ben.keys(&format!("{DOWN}\r"));
    ben.wait_for(&code);
    ben.keys(&format!("{code}\r"));
    let shown = ben.wait_for("Your rejoin code is ");
    let at = shown.find("Your rejoin code is ").expect("the code") + "Your rejoin code is ".len();
    let rejoin: String = shown[at..].chars().take(7).collect();
    assert!(rejoin.chars().nth(3) == Some('-'), "{rejoin}");
    ben.keys("\r");
    ben.wait_until("the code's popup closed", |s| {
        s.contains("ben (you)") && !s.contains("Your rejoin code")
    });
    // The table's file keeps the code's hash, not the code.
    let file = std::fs::read_to_string(dir.join("tables").join(format!("{code}.table.json")))
        .expect("the table's file");
    assert!(file.contains("$argon2id$"), "{file}");
    assert!(!file.contains(&rejoin) && !file.contains(&rejoin.replace('-', "")));
    let game = saved(dir, &code);
    let held = hand(&game, seat_of(&game, "ben"));
    ben.kill();
    said(&ann, "ben has left the table; the seat is kept for them.");
    let eve = keyless("ben");
    eve.wait_for("Rejoin code");
    eve.keys("AAAAAA\r");
    let refused = eve.wait_for("That is not the rejoin code");
    assert!(!refused.contains("ben (you)"), "{refused}");
    for c in &held {
        assert!(!shows(&refused, c), "{c} of Ben's hand shows:\n{refused}");
    }
    eve.kill();
    let ben = keyless("ben");
    ben.wait_for("Rejoin code");
    ben.keys(&format!("{rejoin}\r"));
    let screen = ben.wait_for("ben (you)");
    for c in &held {
        assert!(shows(&screen, c), "{c} not on Ben's screen:\n{screen}");
    }
    said(&ann, "ben is back.");
}

/// The row the title screen's cursor is on.
fn chosen(screen: &str) -> String {
    screen
        .lines()
        .find(|l| l.contains('▶'))
        .unwrap_or("")
        .trim()
        .to_string()
}

/// Presses ↓ on the title screen and waits until the cursor moves: the
/// screen still answers a key.
fn cursor_moves(c: &Client) {
    // A moment for the key allowance to come back after a burst.
    std::thread::sleep(Duration::from_millis(300));
    let before = chosen(&c.wait_for("New table"));
    c.keys(DOWN);
    c.wait_until("the cursor to move", |s| {
        let now = chosen(s);
        !now.is_empty() && now != before
    });
}

/// How many single-key messages the soak sends (`RUMMY_SOAK_KEYS` to
/// change it): the server once stopped reading a connection after about
/// 98 of them.
fn soak_keys() -> usize {
    std::env::var("RUMMY_SOAK_KEYS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000)
}

/// A whole evening on one connection: thousands of keys, each its own
/// message as a person types them (↓ and ↑ on the title screen), 200
/// window changes and a few terminal variables; the screen answers a key
/// along the way and at the end.
#[test]
fn an_evening_of_keys_window_changes_and_variables_never_freezes_a_connection() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = Server::start(dir.path(), &[]);
    let sam = Client::connect(server.port, "sam");
    sam.wait_for("New table");
    let keys = soak_keys();
    // A window change every 25 keys (200 in 5,000), a variable every 250.
    let (mut resizes, mut envs, mut checks) = (0, 0, 0);
    let started = Instant::now();
    for i in 0..keys {
        sam.keys(if i % 2 == 0 { DOWN } else { net::UP });
        if i % 25 == 0 {
            let (cols, rows) = if resizes % 2 == 0 {
                (100, 30)
            } else {
                (80, 24)
            };
            sam.resize(cols, rows);
            resizes += 1;
        }
        if i % 250 == 0 {
            sam.set_env("COLORFGBG", "15;0");
            envs += 1;
        }
        if i > 0 && i % 1000 == 0 {
            cursor_moves(&sam);
            checks += 1;
        }
    }
    sam.resize(80, 24);
    resizes += 1;
    let sending = started.elapsed();
    cursor_moves(&sam);
    let sent = sam.sent();
    eprintln!(
        "soak: {sent} messages ({keys} keys, {resizes} window changes, {envs} variables, \
         {checks} checks on the way) sent in {sending:?}, answered after {:?}",
        started.elapsed()
    );
    assert!(keys > 300, "a soak of {keys} keys is too short");
    assert_eq!(sent, keys + resizes + envs + checks + 1);
    assert!(server.alive(), "the server died");
}

/// Ann and Ben play a whole game of 5 Suited Rummy of `rounds` rounds by
/// keys, each pressing a key that changes only their own screen (sorting
/// their hand) while the other moves, as people do; both see the end.
fn a_whole_game_over_ssh(rounds: u32) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let dir = dir.path();
    let server = Server::start(dir, &[]);
    let (ann, ben, code) = seated(&server, new_key(), new_key(), &rounds.to_string());
    let started = Instant::now();
    let mut moves = 0;
    let mut fiddles = 0;
    loop {
        let game = saved(dir, &code);
        if game.state().is_over() {
            break;
        }
        let to_move = game.state().to_move().expect("a seat to move");
        let waiting = if game.seats()[to_move.index()].name == "ann" {
            &ben
        } else {
            &ann
        };
        let shown = waiting.text();
        if shown.contains("o sort") && !shown.contains("Press Enter") {
            waiting.keys("o");
            fiddles += 1;
        }
        assert!(move_once(dir, &code, &[&ann, &ben]));
        moves += 1;
        assert!(moves < 20 * 60 * rounds as usize, "the game does not end");
    }
    let over = saved(dir, &code);
    let view = over.state().spectator_view();
    assert_eq!(
        view.sheet.len(),
        rounds as usize,
        "rounds on the score sheet"
    );
    // The server's log has one line for each round's end and one for the
    // game's, however many screens showed them.
    let log = std::fs::read_to_string(dir.join("rummy.log")).expect("a log");
    let ends = |what: &str| {
        log.lines()
            .filter(|l| l.contains(&format!("table={code}")) && l.contains(what))
            .count()
    };
    assert_eq!(ends("round over:"), rounds as usize - 1, "{log}");
    assert_eq!(ends("game over:"), 1, "{log}");
    // The end's popup (with the score sheet of eleven rounds it is too
    // tall to show its last line, and the key bar says it).
    for c in [&ann, &ben] {
        c.wait_until("the game's end", |s| {
            s.contains("Press Enter to go back to the title") || s.contains("Enter title")
        });
    }
    std::thread::sleep(Duration::from_millis(1100));
    for c in [&ann, &ben] {
        c.keys("\r");
        c.wait_for("New table");
    }
    eprintln!(
        "a game of {rounds} rounds over SSH: {moves} moves and {fiddles} other keys in {:?}; \
         messages sent: ann {}, ben {}",
        started.elapsed(),
        ann.sent(),
        ben.sent()
    );
    assert!(
        moves >= 4 * rounds as usize,
        "{moves} moves in {rounds} rounds"
    );
    // Each made half the moves, a key or more each.
    for c in [&ann, &ben] {
        assert!(
            c.sent() >= moves / 2,
            "{} sent {} messages",
            c.user,
            c.sent()
        );
    }
}

#[test]
fn two_people_play_a_two_round_game_over_ssh() {
    a_whole_game_over_ssh(2);
}

/// The whole game, all eleven rounds: several hundred keys on each
/// connection. Slow in a debug build:
/// `cargo test --test suite -- --ignored two_people_play_all_eleven`.
#[test]
#[ignore = "a minute or more: cargo test --test suite -- --ignored two_people_play_all_eleven"]
fn two_people_play_all_eleven_rounds_over_ssh() {
    a_whole_game_over_ssh(11);
}

/// The only table's code (from the save files of the data folder).
fn only_table(dir: &Path) -> String {
    let start = Instant::now();
    loop {
        let codes: Vec<String> = std::fs::read_dir(dir.join("tables"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_suffix(".save.json").map(str::to_string)
            })
            .collect();
        if let [code] = codes.as_slice() {
            return code.clone();
        }
        assert!(start.elapsed() < PATIENCE, "tables: {codes:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `c` starts a 5 Suited game against an instant bot and makes `moves`
/// moves of its own by keys.
fn play_against_a_bot(dir: &Path, c: &Client, moves: usize) {
    c.wait_for("New table");
    c.keys("\r");
    c.wait_for("Seat 2");
    c.keys(RIGHT);
    c.wait_for("5 Suited Rummy");
    c.keys("s");
    c.wait_for("Table password");
    c.keys("\r");
    c.wait_for(&format!("{} (you)", c.user));
    let code = only_table(dir);
    let mut made = 0;
    while made < moves {
        let game = saved(dir, &code);
        assert!(!game.state().is_over(), "the game ended first");
        let me = seat_of(&game, &c.user);
        if game.state().to_move() == Some(me) {
            assert!(move_once(dir, &code, &[c]));
            made += 1;
        } else {
            // The bot waits for the end of a round to be read: closed with
            // a deliberate Enter (not within a second of another key).
            if c.text().contains(ROUND_END) {
                close_round_end(c);
            }
            let n = game.log().len();
            let start = Instant::now();
            while saved_moves(dir, &code) == n && !c.text().contains(ROUND_END) {
                assert!(
                    start.elapsed() < PATIENCE,
                    "the bot does not move:\n{}",
                    c.text()
                );
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

/// 300 connections from one address that send nothing: as many as one
/// address may have logging in (10) are greeted, the rest closed at once;
/// meanwhile a player from another address logs in and plays. Once the
/// flood is gone the first address gets in again.
fn a_flood_keeps_nobody_else_out(server: &mut Server) {
    let mut flood = net::flood(server.port, "127.0.0.1", 300);
    let greeted: Vec<Greeted> = flood.iter_mut().map(net::greeted).collect();
    let held = greeted.iter().filter(|&g| *g == Greeted::Ssh).count();
    assert_eq!(held, 10, "connections from the flood greeted");
    assert_eq!(greeted.len() - held, 290);
    let pat = Client::connect_from(server.port, "pat", "127.0.0.2");
    play_against_a_bot(&server.data, &pat, 3);
    assert!(server.alive(), "the server died");
    drop(flood);
    let quinn = connect_once_the_flood_is_gone(server.port, "quinn");
    quinn.wait_for("New table");
    cursor_moves(&quinn);
    cursor_moves_in_game(&pat);
}

/// Connects as `user` from the address a flood came from, just after the
/// flood closed: until the server has seen its connections go, it may
/// still count them and turn `user` away as one too many from there, so
/// `user` tries again (for at most `PATIENCE`).
fn connect_once_the_flood_is_gone(port: u16, user: &str) -> Client {
    let start = Instant::now();
    let mut tries = 0;
    loop {
        tries += 1;
        match Client::connect_with(port, user, Some(new_key()), (80, 24)) {
            Ok(c) => {
                eprintln!("{user} got in at try {tries}");
                return c;
            }
            Err(e) => assert!(start.elapsed() < PATIENCE, "{user} could not get in: {e}"),
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A key of a player at a table still changes their screen (the help
/// page opens and closes).
fn cursor_moves_in_game(c: &Client) {
    c.keys("?");
    c.wait_for("Esc close");
    c.keys("x");
    c.wait_until("the help closed", |s| !s.contains("Esc close"));
}

#[test]
fn a_flood_of_idle_connections_from_one_address_keeps_nobody_else_out() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = Server::start(dir.path(), &[]);
    a_flood_keeps_nobody_else_out(&mut server);
}

/// The same with the server allowed only 64 open files, as the flood that
/// once stopped it from accepting anyone was.
#[test]
fn a_flood_keeps_nobody_else_out_of_a_server_short_of_files() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = Server::start_with_file_limit(dir.path(), 64, &[]);
    a_flood_keeps_nobody_else_out(&mut server);
}

/// Let every connection of a flood log in, and a server of 64 open files
/// runs out of them: it goes on, and once the flood is gone it accepts
/// again. (150 connections: about 50 take the files, the rest wait in the
/// listening socket's queue, which holds 128 here.)
#[test]
fn a_server_out_of_files_accepts_again_once_they_are_free() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let unlimited = [
        "--max-startups",
        "1000",
        "--max-startups-per-address",
        "1000",
    ];
    let mut server = Server::start_with_file_limit(dir.path(), 64, &unlimited);
    let flood = net::flood(server.port, "127.0.0.1", 150);
    let start = Instant::now();
    let mut most = 0;
    while most < 62 && start.elapsed() < PATIENCE {
        most = most.max(server.open_files().expect("its open files"));
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(most >= 62, "the server had at most {most} files open");
    // Out of files for a while: it backs off and tries again.
    std::thread::sleep(Duration::from_millis(2500));
    assert!(server.alive(), "the server died");
    drop(flood);
    // The flood's connections still queued are accepted and found gone
    // first.
    let quinn = connect_once_the_flood_is_gone(server.port, "quinn");
    quinn.wait_for("New table");
    cursor_moves(&quinn);
    let pat = Client::connect_from(server.port, "pat", "127.0.0.2");
    play_against_a_bot(dir.path(), &pat, 2);
}

/// `--login-grace 3`: a connection that says nothing, and one that logs in
/// but opens no terminal, are closed after three seconds; one with its
/// terminal open is served on past its own deadline.
#[test]
fn a_connection_not_logged_in_by_the_deadline_is_closed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let grace = Duration::from_secs(3);
    let server = Server::start(dir.path(), &["--login-grace", "3"]);
    let mut silent = net::flood(server.port, "127.0.0.1", 1).remove(0);
    assert_eq!(net::greeted(&mut silent), Greeted::Ssh);
    let no_terminal = net::LoggedIn::connect(server.port, "nat");
    let pat_came = Instant::now();
    let pat = Client::connect(server.port, "pat");
    pat.wait_for("New table");
    assert!(net::closed_by_server(&mut silent), "the silent one stayed");
    assert!(no_terminal.wait_closed(), "the one with no terminal stayed");
    // Past the player's own deadline, the screen still answers.
    let past = pat_came + grace + Duration::from_millis(500);
    std::thread::sleep(past.saturating_duration_since(Instant::now()));
    assert!(!pat.closed(), "the player was closed");
    cursor_moves(&pat);
}

/// The listening socket fails for good (shut down from outside): the
/// server says so on stderr and exits 1, having said goodbye to the player
/// on, with the table saved.
#[cfg(target_os = "linux")]
#[test]
fn a_listener_that_fails_for_good_stops_the_server_with_its_tables_saved() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = Server::start_keeping_stderr(dir.path(), &[]);
    let pat = Client::connect(server.port, "pat");
    play_against_a_bot(dir.path(), &pat, 2);
    let code = only_table(dir.path());
    let moves = saved_moves(dir.path(), &code);
    server.break_listener();
    let status = server.wait_exit();
    let said = pat.wait_closed();
    assert_eq!(status.code(), Some(1), "{status}");
    let stderr = server.stderr();
    assert!(
        stderr.contains("rummy serve: the listener stopped: "),
        "stderr: {stderr}"
    );
    assert!(said.contains("The server is stopping"), "{said}");
    assert_eq!(saved_moves(dir.path(), &code), moves);
    assert!(
        dir.path()
            .join("tables")
            .join(format!("{code}.table.json"))
            .exists()
    );
}

/// Each stop signal a terminal or a supervisor sends stops the server the
/// same way: every table saved, a line in the log, status 0.
#[test]
fn every_stop_signal_stops_the_server_with_its_tables_saved() {
    for signal in ["INT", "TERM", "HUP", "QUIT"] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut server = Server::start(dir.path(), &[]);
        let (ann, code) = make_table(&server, "ann", new_key(), "1", "");
        ann.wait_for("Waiting for 1 more person");
        let status = server.signal(signal);
        assert!(status.success(), "SIG{signal}: {status}");
        let log = std::fs::read_to_string(dir.path().join("rummy.log")).expect("a log");
        assert!(log.contains("stopping on signal"), "SIG{signal}: {log}");
        assert!(log.contains("server stopped"), "SIG{signal}: {log}");
        assert!(
            dir.path()
                .join("tables")
                .join(format!("{code}.table.json"))
                .exists(),
            "SIG{signal}: the table was saved"
        );
    }
}

/// A data directory that others may read is made private at the start,
/// and the log says so; a refused name logs its refusal only.
#[cfg(unix)]
#[test]
fn an_open_data_directory_is_made_private_and_a_refused_name_only_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    std::fs::create_dir(&data).expect("made");
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).expect("opened");
    let server = Server::start(&data, &[]);
    let mode = std::fs::metadata(&data)
        .expect("there")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o700, "{mode:o}");
    // A name that could command a terminal: refused, and never "joined".
    let odd = Client::connect(server.port, "a\u{1b}b");
    odd.wait_for("watch a table");
    let pat = Client::connect(server.port, "pat");
    pat.wait_for("New table");
    let log = std::fs::read_to_string(data.join("rummy.log")).expect("a log");
    assert!(log.contains("made private (700)"), "{log}");
    assert!(log.contains("name refused"), "{log}");
    assert_eq!(log.matches("joined the server").count(), 1, "{log}");
    assert!(log.contains("name=pat") || log.contains("pat"), "{log}");
}
