//! The real binary in a pseudo-terminal: a whole 2-seat Wump game played
//! with key presses against a bot, the screen read back and checked against
//! a replay of the save file the game wrote; a Wrummy 3-4-5 turn typed
//! into the screen; and a Play On Words card put under the draw pile.

use crate::kit;

use kit::{DOWN, LEFT, RIGHT, Screen, the_save};
use rummy::game::{Session, Setup};
use rummy::save::SaveFile;
use rummy::variants::VariantId;
use rummy::variants::wump::{Wump, WumpAction, WumpEvent, WumpOptions};
use std::time::{Duration, Instant};

/// The binary started in a 100×30 pseudo-terminal with its data in a fresh
/// directory named after `name`, at the new-game form.
fn start(name: &str, seed: &str) -> (Screen, tempfile::TempDir) {
    start_with(name, seed, &[])
}

/// As [`start`], with more arguments for `rummy`.
fn start_with(name: &str, seed: &str, more: &[&str]) -> (Screen, tempfile::TempDir) {
    let dir = kit::fresh_dir(&format!("pty-{name}"));
    let mut args = vec!["--fast", "--seed", seed];
    args.extend_from_slice(more);
    let mut screen = kit::spawn(&args, &[], (100, 30), dir.path());
    screen.wait_for("New game");
    screen.send("\r");
    screen.wait_for("[ Start ]");
    (screen, dir)
}

/// As [`start`], then a game of `variant` started from the form: the game
/// row goes leftwards from Wump Rummy, through the games in the reverse of
/// their order in the registry.
fn start_game(name: &str, seed: &str, variant: VariantId) -> (Screen, tempfile::TempDir) {
    start_game_with(name, seed, variant, &[])
}

/// As [`start_game`], with more arguments for `rummy`.
fn start_game_with(
    name: &str,
    seed: &str,
    variant: VariantId,
    more: &[&str],
) -> (Screen, tempfile::TempDir) {
    let (mut screen, dir) = start_with(name, seed, more);
    screen.start_variant(variant);
    (screen, dir)
}

/// Plays card 1 every turn of a Wump game against a bot; when it can
/// take, takes the first card offered; until the end of a game shows. The
/// screen then, and the turns played.
fn play_until_an_end(screen: &mut Screen) -> (String, usize) {
    let start = Instant::now();
    let mut turns = 0;
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{}",
            screen.text()
        );
        let text = screen.text();
        if text.contains("The match is over")
            || text.contains("The game is over")
            || text.contains("Press Enter for the next game")
        {
            return (text, turns);
        }
        if text.contains("Take which card?") || text.contains("Enter to take it") {
            screen.send("\r");
        } else if text.contains("anyway? y/n") {
            screen.send("y");
        } else if text.contains("Your turn") {
            screen.send("1");
            turns += 1;
        }
        // Wait for the screen to change, then to settle (a frame may arrive
        // in pieces), before reading it again.
        let before = text;
        let waited = Instant::now();
        while screen.text() == before && waited.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let mut last = screen.text();
        loop {
            std::thread::sleep(Duration::from_millis(40));
            let now = screen.text();
            if now == last {
                break;
            }
            last = now;
        }
    }
}

#[test]
fn a_whole_wump_game_in_a_terminal() {
    let (mut screen, tmp) = start("wump", "11");
    let dir = tmp.path();
    // Rows: game, seats, seat 1 (human), seat 2 (normal bot), must take,
    // games to win.
    screen.send(&DOWN.repeat(5));
    screen.send(&LEFT.repeat(4));
    screen.wait_for("Games to win       < 1 >");
    screen.send("s");
    screen.wait_for("Center");

    let (end, turns) = play_until_an_end(&mut screen);
    assert!(turns >= 24, "the human played {turns} times");

    // The screen's result is the save file's, replayed by the engine.
    let text = the_save(dir);
    let save: SaveFile<WumpOptions, WumpAction> = serde_json::from_str(&text).unwrap();
    let mut setup = Setup::new(save.rules.clone(), save.seats.clone(), save.seed);
    setup.first = save.first_seat;
    let mut session = Session::<Wump>::new(setup).unwrap();
    let mut last = None;
    for m in &save.moves {
        for e in session.apply(m.seat, m.action).unwrap() {
            if let WumpEvent::GameOver {
                claimed, leaders, ..
            } = e
            {
                last = Some((claimed, leaders));
            }
        }
    }
    let (claimed, leaders) = last.expect("the save holds a finished game");
    let you = format!("{:<16} {:>5}", "Player 1", claimed[0]);
    let bot = format!("{:<16} {:>5}", "Bot 2", claimed[1]);
    assert!(end.contains(&you), "{you:?} not on\n{end}");
    assert!(end.contains(&bot), "{bot:?} not on\n{end}");
    let winner = if leaders.len() > 1 {
        "tie"
    } else if leaders[0].index() == 0 {
        "Player 1 won"
    } else {
        "Bot 2 won"
    };
    assert!(end.contains(winner), "{winner:?} not on\n{end}");

    // Back to the title, quit, and the terminal is restored. A popup
    // everyone reads waits for a deliberate key, not one typed at once.
    std::thread::sleep(Duration::from_millis(1_200));
    screen.send("\r");
    screen.wait_for("New game");
    screen.send("q");
    let status = screen.child.wait().expect("the binary exits");
    assert!(status.success(), "{status:?}");
    std::thread::sleep(Duration::from_millis(100));
    assert!(!screen.alternate_screen());
}

#[test]
fn a_wrummy_word_typed_in_a_terminal() {
    let (mut screen, tmp) = start_game("wrummy", "7", VariantId::Wrummy);
    let dir = tmp.path();
    screen.wait_for("s stock  d top");
    screen.send("s");
    screen.wait_for("w word");
    // The hint's word, typed by w: its cards light up and Enter plays it.
    screen.send("h");
    screen.wait_for("Press w to type it");
    screen.send("w");
    let typing = screen.wait_for("Word: ");
    assert!(typing.contains("from your hand"), "{typing}");
    screen.send("\r");
    screen.wait_for("Player 1 played");
    // Leave, and the save holds the word.
    leave_and_quit(screen, dir, VariantId::Wrummy, "play");
}

/// Leaves the game for the title, checks that its save loads as `variant`
/// and holds a move named `action`, and quits.
fn leave_and_quit(mut screen: Screen, dir: &std::path::Path, variant: VariantId, action: &str) {
    screen.leave_game();
    let text = the_save(dir);
    let game = rummy::variants::load_save(&text, "save").expect("the save loads");
    assert_eq!(game.variant(), variant);
    assert!(text.contains(&format!("\"{action}\"")), "{text}");
    screen.send("q");
    assert!(screen.child.wait().expect("the binary exits").success());
}

#[test]
fn a_play_on_words_card_put_under_the_draw_pile_in_a_terminal() {
    // A word list of one long word: no 8 cards make a word or a play-on, so
    // a seat drawn to 8 may put cards under the draw pile.
    let words = kit::fresh_dir("pty-put_under-words");
    let list = words.path().join("words.txt");
    std::fs::write(&list, "xylophone\n").expect("a word list");
    let list = list.to_str().expect("a path");
    let (mut screen, tmp) = start_game_with(
        "play-on-words",
        "5",
        VariantId::PlayOnWords,
        &["--dict", list],
    );
    let dir = tmp.path();
    let table = screen.wait_for("s draw pile");
    assert!(!table.contains("d discard"), "{table}");
    // Drawn to 8 with no word: the selected card goes under the draw pile.
    screen.send("s");
    screen.wait_for("No play fits your 8 cards");
    screen.wait_for("Enter puts A there.");
    screen.send("\r");
    screen.wait_for("put up to 2 more under the draw pile");
    leave_and_quit(screen, dir, VariantId::PlayOnWords, "put_under");
}

#[test]
fn keys_typed_ahead_never_open_the_next_players_hand() {
    let (mut screen, _dir) = start("handoff", "11");
    // 5 Suited Rummy, seat 2 a human: Player 1 and 2 at one keyboard.
    screen.send(RIGHT);
    screen.wait_for("5 Suited Rummy");
    screen.send(&DOWN.repeat(3));
    screen.send(&LEFT.repeat(2));
    screen.wait_for("Player 2");
    screen.send("s");
    screen.wait_for("Pass to Player 1");
    std::thread::sleep(Duration::from_millis(1_200));
    screen.send("\r");
    screen.wait_for("Your turn, Player 1");
    // Keys right after the curtain lifts are dropped until the keyboard has
    // been quiet a moment (a held Enter plays nothing): Player 1 looks first.
    std::thread::sleep(Duration::from_millis(400));
    screen.send("s");
    screen.wait_for("Enter: discard");
    // Player 1 discards with Enter and go on pressing it: the keys that come
    // after the discard are dropped, and the curtain stays down.
    screen.send("\r\r\r \r");
    screen.wait_for("Pass to Player 2");
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(120));
        screen.send("\r");
    }
    std::thread::sleep(Duration::from_millis(1_200));
    let still = screen.text();
    assert!(still.contains("Pass to Player 2"), "{still}");
    assert!(!still.contains("Your turn, Player 2"), "{still}");
    // Player 2, on purpose.
    screen.send("\r");
    screen.wait_for("Your turn, Player 2");
    std::thread::sleep(Duration::from_millis(400));
    screen.leave_game();
    screen.send("q");
    assert!(screen.child.wait().expect("the binary exits").success());
}

/// Sends `signal` ("TERM", "CONT"...) to the process `pid`.
fn kill(signal: &str, pid: u32) {
    let sent = std::process::Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(pid.to_string())
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{signal} {pid}");
}

/// Asserts that `out` gives the terminal back: mouse reporting off, then the
/// main screen, then the cursor shown.
fn assert_gives_back(out: &str) {
    let mouse = out
        .find("\x1b[?1000l")
        .unwrap_or_else(|| panic!("mouse left on: {out:?}"));
    let main = out
        .rfind("\x1b[?1049l")
        .unwrap_or_else(|| panic!("alternate screen: {out:?}"));
    let cursor = out
        .rfind("\x1b[?25h")
        .unwrap_or_else(|| panic!("cursor hidden: {out:?}"));
    assert!(mouse < main && main < cursor, "{out:?}");
}

/// A Wump game with one move of the human's made, and the saves' folder.
fn one_move_played(name: &str) -> (Screen, tempfile::TempDir) {
    let (mut screen, dir) = start(name, "11");
    screen.send("s");
    screen.wait_for("Your turn");
    screen.send("1");
    let start = Instant::now();
    while moves_saved(dir.path()) == 0 {
        let text = screen.text();
        if text.contains("Take which card?") || text.contains("Enter to take it") {
            screen.send("\r");
        } else if text.contains("anyway? y/n") {
            screen.send("y");
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{}",
            screen.text()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    (screen, dir)
}

/// The moves in the one save in `dir` (0 before the first move, which
/// writes it, and while it is being written).
fn moves_saved(dir: &std::path::Path) -> usize {
    let written = std::fs::read_dir(dir.join("saves")).map_or(0, |d| {
        d.flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .count()
    });
    if written == 0 {
        return 0;
    }
    let text = the_save(dir);
    serde_json::from_str::<SaveFile<WumpOptions, WumpAction>>(&text).map_or(0, |s| s.moves.len())
}

#[test]
fn sigterm_sighup_sigint_and_sigquit_save_and_give_the_terminal_back() {
    for (signal, code) in [("TERM", 143), ("HUP", 129), ("INT", 130), ("QUIT", 131)] {
        let (mut screen, tmp) = one_move_played(&format!("sig{signal}"));
        let dir = tmp.path();
        let pid = screen.child.process_id().expect("a pid");
        kill(signal, pid);
        assert_eq!(screen.exit_code(), code, "SIG{signal}");
        std::thread::sleep(Duration::from_millis(200));
        assert_gives_back(&screen.since_last_entry());
        assert!(!screen.alternate_screen(), "SIG{signal}");
        assert!(!screen.cursor_hidden(), "SIG{signal}");
        assert!(moves_saved(dir) >= 1, "SIG{signal}");
        let log = std::fs::read_to_string(dir.join("rummy.log")).unwrap();
        assert!(log.contains(&format!("stopped by SIG{signal}")), "{log}");
    }
}

#[test]
fn a_hung_up_terminal_ends_the_program_with_its_game_saved() {
    let (screen, tmp) = one_move_played("hangup");
    let dir = tmp.path();
    // The bots' moves after it are saved as they come: wait until they stop
    // (two seconds with no new move: a busy machine can take one between
    // two bot moves).
    let mut saved = moves_saved(dir);
    let mut still = Instant::now();
    while still.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(50));
        let now = moves_saved(dir);
        if now != saved {
            saved = now;
            still = Instant::now();
        }
    }
    // The reader lets go after the next frame (a hint asked for draws one);
    // then the writer goes too, and the terminal is hung up.
    assert_eq!(screen.hang_up_after("h"), 129);
    assert_eq!(moves_saved(dir), saved);
    let log = std::fs::read_to_string(dir.join("rummy.log")).unwrap();
    assert!(log.contains("stopped by SIGHUP"), "{log}");
}

/// Waits (at most 20 s) until the process `pid` is stopped.
fn wait_stopped(pid: u32) {
    let stat = format!("/proc/{pid}/stat");
    let start = Instant::now();
    loop {
        let state = std::fs::read_to_string(&stat).unwrap_or_default();
        // The state is the field after the command's ")".
        if state
            .rsplit(')')
            .next()
            .is_some_and(|s| s.trim_start().starts_with('T'))
        {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "not stopped: {state}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The terminal of the process `pid`, as `stty` names it.
fn tty_of(pid: u32) -> std::path::PathBuf {
    std::fs::read_link(format!("/proc/{pid}/fd/0")).expect("the program's terminal")
}

/// `stty` run on the terminal `tty` with `args`; what it printed.
fn stty(tty: &std::path::Path, args: &[&str]) -> String {
    let out = std::process::Command::new("stty")
        .arg("-F")
        .arg(tty)
        .args(args)
        .output()
        .expect("stty runs");
    assert!(out.status.success(), "stty {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn continued_after_any_stop_the_screen_takes_the_terminal_again() {
    // Stopped by SIGSTOP (which cannot be caught), by SIGTSTP or by Ctrl-Z,
    // while the shell puts the terminal back to lines and echo (as a shell
    // does when a job stops); continued as `fg` does.
    for (how, name) in [("STOP", "sigstop"), ("TSTP", "sigtstp"), ("\x1a", "ctrl-z")] {
        let (mut screen, _dir) = one_move_played(name);
        let pid = screen.child.process_id().expect("a pid");
        let tty = tty_of(pid);
        assert!(
            stty(&tty, &["-a"]).contains("-icanon"),
            "{name}: raw before"
        );
        if how == "\x1a" {
            screen.send(how);
        } else {
            kill(how, pid);
        }
        wait_stopped(pid);
        stty(&tty, &["sane"]);
        kill("CONT", pid);
        // Raw again: a key counts without Enter, so the help opens at once.
        std::thread::sleep(Duration::from_millis(300));
        screen.send("?");
        screen.wait_for("Help");
        assert!(stty(&tty, &["-a"]).contains("-icanon"), "{name}: raw after");
        assert!(screen.alternate_screen(), "{name}");
        assert!(screen.cursor_hidden(), "{name}");
        let back = screen.since_last_entry();
        assert!(back.contains("\x1b[?1000h"), "{name}: mouse: {back:?}");
        // Any key closes the help.
        screen.send("x");
        std::thread::sleep(Duration::from_millis(300));
        screen.leave_game();
        screen.send("q");
        assert_eq!(screen.exit_code(), 0, "{name}");
    }
}

#[test]
fn ctrl_z_suspends_and_a_continue_redraws() {
    let (mut screen, _dir) = one_move_played("suspend");
    let pid = screen.child.process_id().expect("a pid");
    screen.send("\x1a");
    // The process stops, having given the terminal back.
    wait_stopped(pid);
    std::thread::sleep(Duration::from_millis(100));
    assert_gives_back(&screen.since_last_entry());
    assert!(!screen.alternate_screen());
    // Continued (as fg does), it takes the terminal again and redraws all.
    kill("CONT", pid);
    screen.wait_for("Center");
    assert!(screen.alternate_screen());
    let back = screen.since_last_entry();
    assert!(
        back.contains("\x1b[?1000h"),
        "mouse reporting is back: {back:?}"
    );
    // And it still plays and quits as usual.
    screen.leave_game();
    screen.send("q");
    assert_eq!(screen.exit_code(), 0);
}

#[test]
fn a_game_open_in_one_terminal_is_refused_in_another_until_that_one_ends() {
    let (mut first, tmp) = one_move_played("two-copies");
    let dir = tmp.path();
    let saved = moves_saved(dir);
    // A second copy on the same data directory, asked to continue: it says
    // so, and stays at the title with nothing opened.
    let mut second = kit::spawn(&["--fast", "--continue"], &[], (100, 30), dir);
    let title = second.wait_for("This game is open in another window.");
    assert!(title.contains("New game"), "{title}");
    assert!(!title.contains("Center"), "{title}");
    // The first copy is killed outright: the system lets its lock go.
    let pid = first.child.process_id().expect("a pid");
    kill("KILL", pid);
    first.exit_code();
    assert!(moves_saved(dir) >= saved);
    // Continue, on the second copy's title, now opens it.
    second.send(DOWN);
    second.send("\r");
    second.wait_for("Resumed Wump Rummy");
    second.leave_game();
    second.send("q");
    assert_eq!(second.exit_code(), 0);
}

#[test]
fn a_games_end_left_up_by_ctrl_c_shows_again_on_continue() {
    // A match of two Wump games; the first game's end is up when Ctrl-C
    // quits.
    let (mut screen, tmp) = start("sheet-again", "11");
    let dir = tmp.path();
    screen.send(&DOWN.repeat(5));
    screen.send(&LEFT.repeat(3));
    screen.wait_for("Games to win       < 2 >");
    screen.send("s");
    screen.wait_for("Center");
    let (end, _) = play_until_an_end(&mut screen);
    assert!(end.contains("Game 1 is over"), "{end}");
    assert!(end.contains("Press Enter for the next game"), "{end}");
    screen.send("\x03");
    assert_eq!(screen.exit_code(), 0);
    // Continued, the game's end is up again before play goes on.
    let mut again = kit::spawn(&["--fast", "--continue"], &[], (100, 30), dir);
    let shown = again.wait_for("Press Enter for the next game");
    assert!(shown.contains("Game 1 is over"), "{shown}");
    std::thread::sleep(Duration::from_millis(1_200));
    again.send("\r");
    again.wait_for("Game 2");
    std::thread::sleep(Duration::from_millis(400));
    again.leave_game();
    again.send("q");
    assert_eq!(again.exit_code(), 0);
}

#[test]
fn a_plain_terminal_is_told_in_one_line_and_sent_no_screen() {
    let dir = kit::fresh_dir("plain");
    for (term, why) in [
        (Some("dumb"), "TERM is dumb"),
        (None, "TERM is not set"),
        (Some(""), "TERM is empty"),
    ] {
        let mut screen = kit::spawn_first_run(&[], &[("TERM", term)], (80, 24), dir.path());
        assert_eq!(screen.exit_code(), 2, "{term:?}");
        // The line may reach the reader a moment after the program ends.
        screen.wait_for("full-screen terminal");
        let said = screen.raw_text();
        assert_eq!(
            said.trim(),
            format!("rummy needs a full-screen terminal: {why}"),
            "{term:?}"
        );
        assert!(!said.contains('\x1b'), "{term:?}: {said:?}");
    }
    // Nothing was made in the data directory.
    assert!(std::fs::read_dir(dir.path()).map_or(0, |d| d.count()) == 0);
}
