//! The real binary in a pseudo-terminal: "Learn a game" from the title,
//! Wump Rummy chosen, the learner's name typed, the coach line on the
//! table, and coached moves made by sending the keys the line names (the
//! save shows the first is the engine's hinted move) until the lesson's
//! offer to play on alone.

use crate::kit;

use kit::{DOWN, LEFT, RIGHT, Screen, the_save};
use rummy::game::{Game, Session};
use rummy::seat::SeatId;
use rummy::variants::wump::Wump;
use std::time::{Duration, Instant};

/// The binary in a 100×30 pseudo-terminal with its data in a fresh
/// directory, at the title.
fn start(name: &str) -> (Screen, tempfile::TempDir) {
    let dir = kit::fresh_dir(&format!("pty-{name}"));
    let screen = kit::spawn(&["--fast"], &[], (100, 30), dir.path());
    screen.wait_for("New game");
    (screen, dir)
}

/// The coach's words on the screen: the rows of its box, under its title
/// and over the table, joined.
fn coach_line(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    let top = rows
        .iter()
        .position(|r| r.contains(" Coach "))
        .unwrap_or_else(|| panic!("no coach on the screen:\n{text}"));
    rows[top + 1..]
        .iter()
        .take_while(|r| !r.contains("┌ Moves"))
        .map(|r| r.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The bytes of the keys a coach line names ("Press → twice, then Enter
/// twice.").
fn named_keys(line: &str) -> String {
    let at = line
        .rfind(". Press ")
        .unwrap_or_else(|| panic!("no keys in {line:?}"))
        + 8;
    let sentence = line[at..].trim_end_matches('.');
    let mut out = String::new();
    for part in sentence.split(", then ") {
        let (name, times) = if let Some(n) = part.strip_suffix(" twice") {
            (n, 2)
        } else if let Some((n, t)) = part.split_once(' ')
            && let Some(t) = t.strip_suffix(" times")
        {
            (n, t.parse().expect("a count"))
        } else {
            (part, 1)
        };
        let key = match name {
            "→" => RIGHT,
            "←" => LEFT,
            "Enter" => "\r",
            n if n.chars().count() == 1 => n,
            other => panic!("an unknown key {other:?} in {line:?}"),
        };
        out.push_str(&key.repeat(times));
    }
    out
}

#[test]
fn learn_wump_by_the_coachs_keys_to_the_offer_in_a_terminal() {
    let (mut screen, tmp) = start("guide");
    let dir = tmp.path();
    // "Learn a game" is the fifth item of the title menu (no Continue
    // with nothing saved).
    screen.send(&DOWN.repeat(4));
    screen.wait_for("▶ Learn a game");
    screen.send("\r");
    screen.wait_for("Enter start");
    // Wump Rummy is the first game of the chooser; then the name.
    screen.wait_for("▶ Wump Rummy");
    screen.send("\r");
    screen.wait_for("Your name");
    screen.send("Ann");
    screen.wait_for("Ann_");
    screen.send("\r");
    let table = screen.wait_for(" Coach ");
    assert!(table.contains("Ann (you)"), "{table}");
    // The person's turn comes after any bot moves (at --fast, at once).
    let table = if table.contains("Press ") {
        table
    } else {
        screen.wait_for(". Press ")
    };
    let line = coach_line(&table);
    assert!(line.starts_with("The goal: "), "{line}");
    screen.send(&named_keys(&line));
    // The move is made and saved (the game is saved after every move).
    let start = Instant::now();
    let (game, mine) = loop {
        // The save itself: the screen's settings beside it, or a file
        // being written, may come first.
        let saved = std::fs::read_dir(dir.join("saves")).is_ok_and(|d| {
            d.flatten()
                .any(|e| e.path().extension().is_some_and(|x| x == "json"))
        });
        if saved
            && let Ok(game) = Session::<Wump>::from_save_json(&the_save(dir), "save")
            && let Some(mine) = game.log().iter().position(|m| m.seat == SeatId(0))
        {
            break (game, mine);
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no move saved after {line:?}:\n{}",
            screen.text()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    // The move is the engine's hint for the position before it, and the
    // screen names it.
    let mut before = game.clone();
    before.truncate(mine).expect("the game before the move");
    let hint = rummy::variants::wump::hint::hint(&before.state().view(SeatId(0))).expect("a hint");
    assert_eq!(game.log()[mine].action, hint.best(), "{line}");
    let start = Instant::now();
    while !["Ann took", "Ann put"]
        .iter()
        .any(|m| screen.text().contains(m))
    {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the move is not named:\n{}",
            screen.text()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // The coach's keys, one turn after another, to the lesson's end.
    let mine = |dir: &std::path::Path| {
        Session::<Wump>::from_save_json(&the_save(dir), "save").map_or(0, |g| {
            g.log().iter().filter(|m| m.seat == SeatId(0)).count()
        })
    };
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no offer:\n{}",
            screen.text()
        );
        let text = screen.text();
        if text.contains("Lesson done") {
            break;
        }
        let line = text.contains(" Coach ").then(|| coach_line(&text));
        let Some(line) = line.filter(|l| l.contains(". Press ")) else {
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        // Keys typed the moment the turn comes are held back: a pause.
        std::thread::sleep(Duration::from_millis(1_200));
        if screen.text().contains("Lesson done") || coach_line(&screen.text()) != line {
            continue;
        }
        let before = mine(dir);
        screen.send(&named_keys(&line));
        let sent = Instant::now();
        while mine(dir) == before && !screen.text().contains("Lesson done") {
            // A question on the way (a card put down another can take)
            // has its own line: sent on the next round of the loop.
            if coach_line(&screen.text()) != line || sent.elapsed() > Duration::from_secs(10) {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let offer = screen.wait_for("Enter play on alone");
    assert!(offer.contains("take a card and put a card down"), "{offer}");
    std::thread::sleep(Duration::from_millis(1_200));
    screen.send("\r");
    let alone = screen.wait_for("You play on alone now");
    assert!(!alone.contains(" Coach "), "{alone}");
    // Leave and quit (after a pause: the turn has just come back).
    std::thread::sleep(Duration::from_millis(1_200));
    screen.leave_game();
    screen.send("q");
    assert!(screen.child.wait().expect("the binary exits").success());
}

#[test]
fn a_newcomers_title_has_the_cursor_on_learn_a_game() {
    let dir = kit::fresh_dir("pty-newcomer");
    let mut screen = kit::spawn_first_run(&["--fast"], &[], (100, 30), dir.path());
    let title = screen.wait_for("New here?");
    // The line says to choose Learn a game, and Enter does.
    assert!(title.contains("▶ Learn a game"), "{title}");
    screen.send("\r");
    screen.wait_for("Enter start");
    screen.send("\x1b");
    screen.wait_for("New here?");
    screen.quit();
    // Once a game has been played here, the cursor starts at the top.
    std::fs::write(dir.path().join("stats.jsonl"), "").unwrap();
    let again = kit::spawn_first_run(&["--fast"], &[], (100, 30), dir.path());
    let title = again.wait_for("New game");
    assert!(title.contains("▶ New game"), "{title}");
    again.quit();
}

/// `rummy daily wump` in a real terminal: today's deal on the table, the
/// seed not shown; leaving goes to the title, where Practise your slips
/// says there is none yet, and Today's deal lists the games again.
#[test]
fn todays_deal_and_the_slips_in_a_terminal() {
    let dir = kit::fresh_dir("pty-daily");
    let mut screen = kit::spawn(&["--fast", "daily", "wump"], &[], (100, 30), dir.path());
    let table = screen.wait_for("(you)");
    assert!(
        table.contains("Wump Rummy") && table.contains("today's"),
        "{table}"
    );
    let today = rummy::daily::Date::today();
    let seed = rummy::daily::daily_seed(rummy::VariantId::Wump, today).to_string();
    assert!(!table.contains(&seed), "{table}");
    assert!(table.contains(&today.to_string()), "{table}");
    std::thread::sleep(Duration::from_millis(1_200));
    screen.leave_game();
    // The tries of the day are noted.
    let noted = std::fs::read_to_string(dir.path().join("daily.txt")).expect("noted");
    assert_eq!(noted.trim(), format!("{today} wump"));
    // Practise your slips: none yet, said on the title.
    screen.send(&DOWN.repeat(6));
    screen.wait_for("▶ Practise your slips");
    screen.send("\r");
    screen.wait_for("No slip to practise now");
    screen.send("q");
    assert_eq!(screen.exit_code(), 0);
}
