//! A load run of `rummy serve` over real SSH connections on a loopback
//! port: 40 people at 20 tables (two people and a bot at each, the five
//! games in turn, the bots of every level in turn, every game's expert
//! too; `RUMMY_LOAD_PEOPLE=200` for 200 people at 100), each pressing a key
//! every 200 ms (`RUMMY_LOAD_KEY_MS`) for a fixed time: a move on their
//! turn or when the table asks them (a challenge to let stand), else a key
//! that changes only their own screen. Every key is timed from its sending
//! to the first chunk of bytes after it (and after the answer to the key
//! before) that changes that person's screen; the server's memory and
//! processor time are
//! read from /proc, during play and as the tables expire once everyone has
//! left (a minute, `--table-expiry 1`): it holds at most 500 MB, and is
//! back under 100 MB by then.
//!
//! It stops by itself and is not part of a plain `cargo test`:
//! `cargo test --release --test suite serve_load -- --ignored --nocapture`.
//! `RUMMY_LOAD_DEBUG=1` also prints the screen of anyone whose screen
//! stopped changing halfway through.

use crate::net;

use net::{DOWN, LEFT, PATIENCE, RIGHT, Server, UP, fresh_dir, table_code};
use std::time::{Duration, Instant};

/// How many people connect (`RUMMY_LOAD_PEOPLE`, else 40); two sit at
/// each table.
fn people() -> usize {
    count_from("RUMMY_LOAD_PEOPLE", 40).max(2) / 2 * 2
}

/// The number the environment variable `name` holds, else `default`.
fn count_from(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(default)
}
/// How many tables are being seated at once.
const SEATING_AT_ONCE: usize = 4;
/// How long they play once everyone is seated.
const PLAY: Duration = Duration::from_secs(75);
/// The time between two keys of one person (`RUMMY_LOAD_KEY_MS`, else
/// 200 ms): 375 keys each in the time of play, on top of those that seat
/// them (a connection once stopped being read after about 98 messages).
fn key_every() -> Duration {
    Duration::from_millis(count_from("RUMMY_LOAD_KEY_MS", 200).max(10) as u64)
}
/// The fewest messages each connection must have sent by the end: eight in
/// ten of those the time of play has room for.
fn fewest_sent() -> usize {
    (PLAY.as_secs_f64() / key_every().as_secs_f64() * 0.8) as usize
}
/// A key whose person's screen has not changed this long after it is
/// counted as unanswered (and left out of the latencies).
const ANSWER_WITHIN: Duration = Duration::from_secs(2);
/// The bound the run is held to: 99 keys in 100 answered within it (of
/// those the quiet guard does not hold back on purpose).
const P99_BOUND: Duration = Duration::from_millis(50);
/// A key this soon after the one before is held back for 250 ms by the
/// screen's quiet guard (`src/tui/quiet.rs`: it may be a held key's
/// repeat) once the guard is armed, by design: after a popup closes (the
/// end of a round). Over the network nothing else arms it: a decision
/// passing to another person is on another keyboard.
const KEY_GAP: Duration = Duration::from_secs(1);

/// A key sent, and what it was for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Part of a move (a hint, a draw, a discard, a take).
    Move,
    /// Only the person's own screen changes (sorting, the help page).
    Own,
    /// Past the end of a round.
    GoOn,
}

struct Sent {
    at: Instant,
    kind: Kind,
    key: &'static str,
    /// The screen's status line (under the table) when it was sent.
    status: String,
}

/// One person: an SSH connection with a terminal of 80×24.
type Player = net::Client;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Game {
    Wump,
    FiveSuited,
    Wrummy,
    AlphaRummy,
    PlayOnWords,
}

impl Game {
    const ALL: [Game; 5] = [
        Game::Wump,
        Game::FiveSuited,
        Game::Wrummy,
        Game::AlphaRummy,
        Game::PlayOnWords,
    ];

    /// Its place among the new-table form's games (presses of →).
    fn on_the_form(self) -> usize {
        self as usize
    }

    /// Its name on the form.
    fn title(self) -> &'static str {
        match self {
            Game::Wump => "Wump Rummy",
            Game::FiveSuited => "5 Suited Rummy",
            Game::Wrummy => "Wrummy 3-4-5",
            Game::AlphaRummy => "AlphaRummy 500",
            Game::PlayOnWords => "Play On Words Rummy",
        }
    }
}

/// `a` makes a table of `game` for two people and a bot of `level` moving
/// at once; `b` joins it by its code. Both are at the table when this
/// returns.
fn seat_two(a: &Player, b: &Player, game: Game, level: &str) {
    a.wait_for("New table");
    a.keys("\r");
    a.wait_for("Seat 2");
    for _ in 0..game.on_the_form() {
        let before = a.text();
        a.keys(RIGHT);
        a.wait_until("the next game", |t| t != before);
    }
    a.wait_for(game.title());
    // Three seats; the second a person.
    a.keys(DOWN);
    a.wait_for("How many play");
    a.keys(RIGHT);
    a.wait_for("Seat 3");
    a.keys(&format!("{DOWN}{DOWN}{LEFT}{LEFT}"));
    a.wait_for("Player 2");
    // The bot's level: from normal, left to easy, right to hard and expert.
    a.keys(DOWN);
    let steps = match level {
        "easy" => LEFT,
        "hard" => RIGHT,
        "expert" => "\x1b[C\x1b[C", // RIGHT twice
        _ => "",
    };
    a.keys(steps);
    a.wait_for(&format!("bot, {level}"));
    // Up past the top to the bot speed (the rows wrap): the fastest.
    for _ in 0..12 {
        if a.text().contains("How long each bot move") {
            break;
        }
        let before = a.text();
        a.keys(UP);
        let start = Instant::now();
        while a.text() == before && start.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    a.wait_for("How long each bot move");
    a.keys(&format!("{RIGHT}{RIGHT}{RIGHT}"));
    a.wait_for("instant");
    a.keys("s");
    a.wait_for("Table password");
    a.keys("\r");
    let code = table_code(a);
    b.wait_for("Join a table");
    b.keys(&format!("{DOWN}\r"));
    // The list may hold more tables than the screen shows: the code is
    // typed.
    b.wait_for("0-9 code");
    b.keys(&format!("{code}\r"));
    b.wait_for(&format!("{} ·", a.user));
    a.wait_for(&format!("{} ·", b.user));
}

/// The keys the key bar (the screen's last line) offers: each key and
/// what the bar says it does ("s" "stock", "Enter" "discard").
fn bar(text: &str) -> Vec<(&str, &str)> {
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    line.split("  ")
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| e.split_once(' ').unwrap_or((e, "")))
        .collect()
}

/// The next key of a person who sees `text`, and what it is for. `last` is
/// their last key.
fn next_key(me: &str, game: Game, text: &str, last: &str) -> (&'static str, Kind) {
    let help_open = text.contains("Esc close");
    if help_open {
        return ("x", Kind::Own);
    }
    if text.contains("Enter go on") {
        return ("\r", Kind::GoOn);
    }
    let my_turn = text.contains(&format!("▶ {me} (you)"));
    let keys = bar(text);
    let offers = |key: &str, what: &str| keys.iter().any(|&(k, l)| k == key && l.starts_with(what));
    match game {
        Game::Wump if my_turn => {
            // The hint selects its move; Enter plays it (and Enter again
            // takes the center card it picks).
            if last == "h" || text.contains("Take which card?") || text.contains("Enter to take it")
            {
                ("\r", Kind::Move)
            } else {
                ("h", Kind::Move)
            }
        }
        // Neither the arrows nor sorting work off turn in Wump (every hand
        // is shown and none is sorted): the help page opens, and any key
        // closes it.
        Game::Wump => ("?", Kind::Own),
        // A turn of the other games: a draw, then a discard (or the move
        // that ends the turn where there is no discard pile): the bot at
        // the table plays words.
        _ if my_turn && offers("s", "") => ("s", Kind::Move),
        _ if my_turn && offers("Enter", "discard") => ("\r", Kind::Move),
        _ if my_turn && offers("e", "") => ("e", Kind::Move),
        // A word laid by another seat, to challenge or let stand; a pass.
        _ if offers("p", "") => ("p", Kind::Move),
        _ if my_turn && offers("Enter", "") => ("\r", Kind::Move),
        // Sorting by rank, then by suit: the status line says which. (A
        // hand laid down to go out has nothing to sort.)
        _ if offers("o", "sort") => ("o", Kind::Own),
        _ => ("?", Kind::Own),
    }
}

/// Plays until `until`; every key sent.
fn play(p: &Player, game: Game, start: Instant, until: Instant) -> Vec<Sent> {
    let every = key_every();
    let mut sent = Vec::new();
    let mut last = "";
    let mut at = start;
    while at < until {
        let now = Instant::now();
        if at > now {
            std::thread::sleep(at - now);
        }
        let text = p.text();
        let (key, kind) = next_key(&p.user, game, &text, last);
        if kind == Kind::GoOn {
            // Past the end of a round only a deliberate key goes on: a
            // second after the one before.
            let gap = Duration::from_millis(1100);
            let after = sent.last().map_or(Instant::now(), |s: &Sent| s.at + gap);
            let now = Instant::now();
            if after > now {
                std::thread::sleep(after - now);
            }
        }
        let status = text.lines().nth(20).unwrap_or("").trim_end().to_string();
        sent.push(Sent {
            at: Instant::now(),
            kind,
            key,
            status,
        });
        p.keys(key);
        last = key;
        at = sent.last().map_or(at, |s| s.at) + every;
    }
    sent
}

/// Resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("its status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmRSS")
}

/// Processor time a process has used (user and system), in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("its stat");
    // The fields after the command's name, which is in parentheses.
    let rest = &stat[stat.rfind(')').expect("a name") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line.
    let utime: u64 = fields[11].parse().expect("utime");
    let stime: u64 = fields[12].parse().expect("stime");
    utime + stime
}

/// Each thread of a process: its name and the processor time it has used
/// (user and system), in clock ticks, by thread id.
fn thread_ticks(pid: u32) -> std::collections::HashMap<u32, (String, u64)> {
    let mut out = std::collections::HashMap::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return out;
    };
    for task in tasks.flatten() {
        let Some(tid) = task
            .file_name()
            .to_str()
            .and_then(|t| t.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let name = stat
            .find('(')
            .zip(stat.rfind(')'))
            .map_or("?", |(a, b)| &stat[a + 1..b])
            .to_string();
        let rest = &stat[stat.rfind(')').map_or(0, |b| b + 2)..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks = fields
            .get(11)
            .and_then(|u| u.parse::<u64>().ok())
            .unwrap_or(0)
            + fields
                .get(12)
                .and_then(|s| s.parse::<u64>().ok())
                .unwrap_or(0);
        out.insert(tid, (name, ticks));
    }
    out
}

/// Processor time the whole machine has been busy (every core), in clock
/// ticks: everything but idle and waiting for the disk.
fn machine_busy_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/stat").expect("the machine's stat");
    let cpu = stat.lines().next().expect("the cpu line");
    let fields: Vec<u64> = cpu
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal ...
    fields.iter().sum::<u64>() - fields[3] - fields[4]
}

fn ticks_per_second() -> u64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// A server for `connections` connections (from this one address) and
/// `tables` tables, which expire a minute after everyone left; its process
/// id and its memory once settled, in KiB.
fn start(dir: &std::path::Path, connections: usize, tables: usize) -> (Server, u32, u64) {
    let (connections, tables) = (connections.to_string(), tables.to_string());
    let server = Server::start(
        dir,
        &[
            "--max-per-address",
            &connections,
            "--max-connections",
            &connections,
            "--max-tables",
            &tables,
            "--table-expiry",
            "1",
        ],
    );
    let pid = server.child.id();
    // Let it settle before the first reading.
    std::thread::sleep(Duration::from_millis(300));
    let rss = rss_kib(pid);
    (server, pid, rss)
}

#[test]
#[ignore = "load run: cargo test --release --test suite serve_load -- --ignored --nocapture"]
fn people_at_tables_see_each_key_answered_quickly() {
    let tmp = fresh_dir("load");
    let dir = tmp.path();
    let people = people();
    let (server, pid, rss_before) = start(dir, people + 10, people / 2);

    let setup = Instant::now();
    // Four tables are seated at a time (eight connections logging in at
    // once from this address, under the server's ten).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut seated: Vec<(usize, Player, Player, Game)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..SEATING_AT_ONCE)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let t = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if t >= people / 2 {
                            return mine;
                        }
                        // The five games in turn, and at each the bot
                        // levels in turn; Wump's strongest is hard.
                        let game = Game::ALL[t % Game::ALL.len()];
                        let a = Player::connect(server.port, &format!("p{}", 2 * t + 1));
                        let b = Player::connect(server.port, &format!("p{}", 2 * t + 2));
                        let level = match (t / Game::ALL.len() % 4, game) {
                            (0, _) => "easy",
                            (1, _) => "normal",
                            (2, _) | (3, Game::Wump) => "hard",
                            _ => "expert",
                        };
                        seat_two(&a, &b, game, level);
                        mine.push((t, a, b, game));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a seating"))
            .collect()
    });
    seated.sort_by_key(|s| s.0);
    let mut players: Vec<(Player, Game)> = Vec::new();
    for (_, a, b, game) in seated {
        players.push((a, game));
        players.push((b, game));
    }
    let setup = setup.elapsed();
    std::thread::sleep(Duration::from_millis(500));
    let rss_seated = rss_kib(pid);

    let ticks = ticks_per_second();
    let cpu_start = cpu_ticks(pid);
    let threads_start = thread_ticks(pid);
    let me = std::process::id();
    let mine_start = cpu_ticks(me);
    let busy_start = machine_busy_ticks();
    let start = Instant::now();
    let until = start + PLAY;
    let runs: Vec<(Vec<Sent>, Vec<Instant>, bool, Game)> = std::thread::scope(|s| {
        let handles: Vec<_> = players
            .iter()
            .enumerate()
            .map(|(i, (p, game))| {
                // Spread over the first half second, so the keys of the
                // forty people do not all come at once.
                let first = start + key_every() * i as u32 / people as u32;
                s.spawn(move || play(p, *game, first, until))
            })
            .collect();
        handles
            .into_iter()
            .zip(&players)
            .map(|(h, (p, game))| {
                let sent = h.join().expect("a player");
                // Answers to the last keys still on their way.
                std::thread::sleep(Duration::from_millis(10));
                if std::env::var("RUMMY_LOAD_DEBUG").is_ok() {
                    let changes = p.changes();
                    if changes.last().is_none_or(|&c| c < start + PLAY / 2) {
                        println!("{} stuck:\n{}", p.user, p.text());
                    }
                }
                (sent, p.changes(), p.closed(), *game)
            })
            .collect()
    });
    let wall = start.elapsed();
    let cpu = cpu_ticks(pid) - cpu_start;
    let threads_end = thread_ticks(pid);
    let mine = cpu_ticks(me) - mine_start;
    let busy = machine_busy_ticks() - busy_start;
    let rss_after = rss_kib(pid);

    // Each key's latency: the first change of its person's screen after it.
    let mut every = Vec::new();
    let mut all = Vec::new();
    let mut moves = Vec::new();
    let mut own = Vec::new();
    let mut guarded = Vec::new();
    let mut unanswered = 0;
    let mut lost = std::collections::BTreeMap::new();
    let mut slowest: Vec<(Duration, &str, &Sent)> = Vec::new();
    let mut closed = 0;
    for (name, (sent, changes, was_closed, game)) in players.iter().map(|p| &p.0.user).zip(&runs) {
        if *was_closed {
            closed += 1;
        }
        for (j, k) in sent.iter().enumerate() {
            // The first change after the key, even one after the next key
            // was sent: an answer slower than the time between two keys is
            // counted as slow, not lost. (A key answered late makes the key
            // after it look quick by as much; it is itself counted.)
            let i = changes.partition_point(|&c| c < k.at);
            // The guard was armed by closing a result, and this key came
            // soon after that one: the guard holds it back.
            let held = j > 0 && {
                let before = &sent[j - 1];
                before.kind == Kind::GoOn && k.at - before.at < KEY_GAP
            };
            let next = k.at + ANSWER_WITHIN;
            match changes.get(i).map(|&c| c - k.at) {
                Some(d) if k.at + d < next && held => {
                    every.push(d);
                    guarded.push(d);
                }
                Some(d) if k.at + d < next => {
                    every.push(d);
                    all.push(d);
                    slowest.push((d, name, k));
                    match k.kind {
                        Kind::Move => moves.push(d),
                        Kind::Own => own.push(d),
                        Kind::GoOn => {}
                    }
                }
                _ => {
                    unanswered += 1;
                    *lost
                        .entry((format!("{game:?}"), k.key, k.status.clone()))
                        .or_insert(0) += 1;
                }
            }
        }
    }
    for v in [&mut every, &mut all, &mut moves, &mut own, &mut guarded] {
        v.sort();
    }
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    let keys: usize = runs.iter().map(|r| r.0.len()).sum();
    let go_ons = runs
        .iter()
        .flat_map(|r| &r.0)
        .filter(|k| k.kind == Kind::GoOn)
        .count();
    let p99 = percentile(&all, 0.99);
    let cpu_s = cpu as f64 / ticks as f64;
    let per_conn = rss_seated.saturating_sub(rss_before) as f64 / people as f64;

    println!();
    println!(
        "rummy serve under load: {people} people at {} tables",
        people / 2
    );
    println!(
        "  (two people and an instant bot at each, the five games and every level in turn, \
         experts too), a key every {} ms each",
        key_every().as_millis()
    );
    println!(
        "  seated in {:.1} s, played {:.1} s",
        setup.as_secs_f64(),
        wall.as_secs_f64()
    );
    println!("+-------------------+--------+--------+--------+--------+--------+");
    println!("| keys              |  count | p50 ms | p90 ms | p99 ms | max ms |");
    println!("+-------------------+--------+--------+--------+--------+--------+");
    for (name, v) in [
        ("all answered", &every),
        ("not held back", &all),
        ("  moves", &moves),
        ("  own screen only", &own),
        ("held by the guard", &guarded),
    ] {
        println!(
            "| {name:<17} | {:>6} | {:>6} | {:>6} | {:>6} | {:>6} |",
            v.len(),
            ms(percentile(v, 0.50)),
            ms(percentile(v, 0.90)),
            ms(percentile(v, 0.99)),
            ms(v.last().copied().unwrap_or_default()),
        );
    }
    println!("+-------------------+--------+--------+--------+--------+--------+");
    println!(
        "  keys sent {keys} (past a round's end {go_ons}); no change seen before the next \
         key: {unanswered}"
    );
    println!(
        "  server memory (VmRSS): {:.1} MiB before, {:.1} MiB seated, {:.1} MiB after play; \
         {:.0} KiB a connection",
        rss_before as f64 / 1024.0,
        rss_seated as f64 / 1024.0,
        rss_after as f64 / 1024.0,
        per_conn
    );
    println!(
        "  server processor: {cpu_s:.2} s over {:.1} s of play = {:.1} % of one core",
        wall.as_secs_f64(),
        100.0 * cpu_s / wall.as_secs_f64()
    );
    let share = |t: u64| 100.0 * t as f64 / ticks as f64 / wall.as_secs_f64();
    println!(
        "  the machine ({} cores) was busy {:.0} % of one core: the server {:.0}, these \
         clients {:.0}, everything else {:.0}",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        share(busy),
        share(cpu),
        share(mine),
        share(busy.saturating_sub(cpu + mine)),
    );
    // What each kind of the server's threads used, by the names they go by.
    let mut by_name: std::collections::BTreeMap<String, u64> = Default::default();
    for (tid, (name, end)) in &threads_end {
        let start = threads_start.get(tid).map_or(0, |(_, t)| *t);
        let kind = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-');
        *by_name.entry(kind.to_string()).or_default() += end - start;
    }
    println!(
        "  the server's threads, % of one core: {}",
        by_name
            .iter()
            .filter(|(_, t)| **t > 0)
            .map(|(n, t)| format!("{n} {:.0}", share(*t)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("  connections closed during play: {closed}");
    let mut lost: Vec<_> = lost.into_iter().collect();
    lost.sort_by_key(|l| std::cmp::Reverse(l.1));
    for ((game, key, status), n) in lost.iter().take(12) {
        println!("    unanswered {n:>5}  {game:<11} {key:?}  {status}");
    }
    println!("  the slowest keys (person, key, status line when it was sent):");
    for (d, name, k) in slowest.iter().take(8) {
        println!("    {:>7} ms  {name:<4} {:?}  {}", ms(*d), k.key, k.status);
    }

    let mut sent: Vec<usize> = players.iter().map(|(p, _)| p.sent()).collect();
    sent.sort();
    println!(
        "  messages sent by each connection: fewest {}, median {}, most {}",
        sent[0],
        sent[sent.len() / 2],
        sent[sent.len() - 1]
    );

    // Everyone leaves; a minute later the tables expire (`--table-expiry
    // 1`), and their memory goes back.
    let left = Instant::now();
    for (p, _) in players {
        p.kill();
    }
    let mut rss_expired = Vec::new();
    for wait in [30, 90, 150] {
        let at = left + Duration::from_secs(wait);
        std::thread::sleep(at.saturating_duration_since(Instant::now()));
        rss_expired.push((wait, rss_kib(pid)));
    }
    println!(
        "  after everyone left (tables expire after a minute): {}",
        rss_expired
            .iter()
            .map(|(s, k)| format!("{:.1} MiB at {s} s", *k as f64 / 1024.0))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert!(
        rss_after <= 500 * 1024,
        "the server held {} MiB",
        rss_after / 1024
    );
    assert!(
        rss_expired.last().is_some_and(|&(_, k)| k <= 100 * 1024),
        "memory not given back: {rss_expired:?}"
    );

    assert_eq!(closed, 0, "connections were closed during play");
    assert!(
        sent[0] >= fewest_sent(),
        "a connection sent only {} messages",
        sent[0]
    );
    assert!(
        unanswered <= keys / 50,
        "{unanswered} of {keys} keys changed nothing on the screen before the next"
    );
    assert!(
        p99 <= P99_BOUND,
        "p99 latency {} ms is over {} ms",
        ms(p99),
        ms(P99_BOUND)
    );
}

/// How many tables the memory run makes (`RUMMY_MEMORY_TABLES`, else 39).
fn memory_tables() -> usize {
    count_from("RUMMY_MEMORY_TABLES", 39)
}

/// A table's memory: people each make a table of one person and a normal
/// bot at the default pause (Wump Rummy, or with `RUMMY_MEMORY_GAME` the
/// game of that name: `five`, `wrummy`, `alpharummy`, `play-on-words`),
/// play a while (by the hints in Wump; else drawing and discarding, while
/// the bot plays words), and leave; the
/// server's resident memory is read before, once seated, after play and
/// after everyone left.
#[test]
#[ignore = "memory run: cargo test --release --test suite serve_load -- --ignored --nocapture"]
fn a_table_against_a_bot_costs_little_memory() {
    let tmp = fresh_dir("memory");
    let dir = tmp.path();
    let n = memory_tables();
    let game = match std::env::var("RUMMY_MEMORY_GAME").as_deref() {
        Ok("five") => Game::FiveSuited,
        Ok("wrummy") => Game::Wrummy,
        Ok("alpharummy") => Game::AlphaRummy,
        Ok("play-on-words") => Game::PlayOnWords,
        _ => Game::Wump,
    };
    let (server, pid, rss_before) = start(dir, 400, n + 1);
    let mut players = Vec::new();
    for i in 0..n {
        let p = net::Client::connect_with(
            server.port,
            &format!("p{}", i + 1),
            Some(net::new_key()),
            (80, 24),
        )
        .expect("connects");
        p.wait_for("New table");
        p.keys("\r");
        p.wait_for("Seat 2");
        for _ in 0..game.on_the_form() {
            p.keys(RIGHT);
            std::thread::sleep(Duration::from_millis(50));
        }
        p.wait_for(game.title());
        p.keys("s");
        p.wait_for("Table password");
        p.keys("\r");
        p.wait_for("(you)");
        players.push(p);
    }
    std::thread::sleep(Duration::from_millis(500));
    let rss_seated = rss_kib(pid);
    let start = Instant::now();
    let until = start + Duration::from_secs(60);
    std::thread::scope(|s| {
        for (i, p) in players.iter().enumerate() {
            let first = start + key_every() * i as u32 / n as u32;
            s.spawn(move || play(p, game, first, until));
        }
    });
    let rss_played = rss_kib(pid);
    for p in players {
        p.kill();
    }
    std::thread::sleep(Duration::from_secs(3));
    let rss_left = rss_kib(pid);
    // The tables expire a minute after everyone left.
    std::thread::sleep(Duration::from_secs(87));
    let rss_expired = rss_kib(pid);
    println!();
    println!("{n} tables of {game:?} against a normal bot");
    println!(
        "  server VmRSS: {:.1} MiB before, {:.1} seated, {:.1} after 60 s of play, {:.1} after all left, {:.1} once the tables expired; {:.2} MiB a table seated, {:.2} after play",
        rss_before as f64 / 1024.0,
        rss_seated as f64 / 1024.0,
        rss_played as f64 / 1024.0,
        rss_left as f64 / 1024.0,
        rss_expired as f64 / 1024.0,
        (rss_seated.saturating_sub(rss_before)) as f64 / 1024.0 / n as f64,
        (rss_played.saturating_sub(rss_before)) as f64 / 1024.0 / n as f64
    );
}
