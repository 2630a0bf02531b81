//! "How did I play?" on screen: `r` at a game's end opens the replay with
//! every move judged, `n`/`p` go from slip to slip; and in kids' mode,
//! after the child's own move, one line from the review, praise for the
//! best move or a gentle pointer to a better one, shown while the others
//! play, never where another person at the screen could learn a hidden
//! card from it.

use super::adapter::{TableGame, load};
use super::app::{App, Screen};
use super::screens::table::status;
use super::test_kit::{config, table};
use rummy::judgement::Verdict;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::VariantId;
use std::time::{Duration, Instant};

fn kids_game(variant: VariantId, seats: Vec<Seat>) -> App {
    let mut app = App::new(config(false), None);
    app.setup = super::app::SetupForm::new(variant, Some(7));
    app.setup.seats = seats;
    app.setup.kids = true;
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

/// Lets the bots play until a person is to move or the game stops.
fn bots_play(app: &mut App) -> bool {
    for _ in 0..10_000 {
        let t = table(app);
        if t.end.is_some() || t.game.is_over() {
            return false;
        }
        if t.human_to_move().is_some() {
            return true;
        }
        app.tick(Instant::now() + Duration::from_secs(5));
    }
    false
}

/// The verdict the review gives move `m` of seat `me` now, made on a copy.
fn verdict_of(game: &dyn TableGame, me: SeatId, m: &super::adapter::UiMove) -> Option<Verdict> {
    let mut copy = load(&game.save_json(), "a copy").ok()?;
    copy.play(me, m).ok()?;
    copy.judge_last().map(|j| j.verdict)
}

#[test]
fn a_child_gets_praise_for_the_best_move_and_a_pointer_for_a_slip() {
    let mut app = kids_game(
        VariantId::Wump,
        vec![Seat::human("Kim"), Seat::bot("Bot 2", BotLevel::Normal)],
    );
    let me = SeatId(0);
    let (mut praised, mut pointed) = (0, 0);
    for turn in 0..200 {
        if !bots_play(&mut app) || praised > 2 && pointed > 2 {
            break;
        }
        let t = table(&app);
        let moves = t.game.moves(me);
        // Every other turn the best move, else a slip where there is one.
        let want = if turn % 2 == 0 {
            Some(Verdict::Best)
        } else {
            None
        };
        let chosen = moves
            .iter()
            .find(|m| match (want, verdict_of(t.game.as_ref(), me, m)) {
                (Some(w), Some(v)) => v == w,
                (None, Some(v)) => v.is_slip(),
                _ => false,
            });
        let Some(m) = chosen.or(moves.first()).cloned() else {
            break;
        };
        let played = app.table.as_mut().unwrap().game.play(me, &m);
        app.done(me, played);
        let t = table(&app);
        let judged = t.game.judge_last();
        let line = t.praise.clone().map(|(_, line)| line);
        match judged.as_ref().map(|j| j.verdict) {
            Some(Verdict::Best) => {
                let line = line.expect("praise for the best move");
                assert_eq!(Some(&line), judged.as_ref().map(|j| &j.child));
                assert!(
                    line.starts_with("Great") || line.starts_with("Good"),
                    "{line}"
                );
                praised += 1;
            }
            Some(v) if v.is_slip() => {
                let line = line.expect("a pointer after a slip");
                assert!(line.ends_with("Try it next time!"), "{line}");
                pointed += 1;
            }
            _ => assert_eq!(line, None),
        }
        // One line at 80 columns, shown while the bot plays.
        if let Some((_, line)) = &t.praise {
            assert!(line.chars().count() <= 80, "{line}");
            if t.human_to_move().is_none() {
                let (shown, error) = status(t, &t.view()).expect("a status line");
                assert_eq!((&shown, error), (line, false));
            }
        }
    }
    assert!(
        praised > 0 && pointed > 0,
        "{praised} praised, {pointed} pointed"
    );
}

#[test]
fn no_line_where_another_person_could_learn_a_hidden_hand() {
    // Two people at one screen, hands hidden: a word about a better card
    // would tell the next player what the child holds.
    let mut app = kids_game(
        VariantId::FiveSuited,
        vec![Seat::human("Kim"), Seat::human("Lou")],
    );
    let mut judged = 0;
    for _ in 0..40 {
        let t = table(&app);
        let Some(me) = t.game.to_move() else { break };
        let r = match t.game.drawing(me) {
            Some(_) => app.table.as_mut().unwrap().game.draw(me, false),
            None => {
                let m = t.game.moves(me).into_iter().next().expect("a discard");
                app.table.as_mut().unwrap().game.play(me, &m)
            }
        };
        app.done(me, r);
        judged += usize::from(table(&app).game.judge_last().is_some());
        assert_eq!(table(&app).praise, None);
        if table(&app).end.is_some() {
            break;
        }
    }
    assert!(judged > 3, "the review judged {judged} of these moves");
}

#[test]
fn the_end_of_a_game_offers_the_review_and_n_goes_from_slip_to_slip() {
    use super::test_kit::press;
    use ratatui::crossterm::event::KeyCode;
    let mut app = kids_game(
        VariantId::Wump,
        vec![Seat::human("Kim"), Seat::bot("Bot 2", BotLevel::Normal)],
    );
    let me = SeatId(0);
    // Kim plays the first move listed, good or not, to the end.
    for _ in 0..2_000 {
        let t = table(&app);
        if t.end.as_ref().is_some_and(|e| e.match_over) {
            break;
        }
        if t.end.is_some() {
            press(&mut app, KeyCode::Enter);
            continue;
        }
        if !bots_play(&mut app) {
            continue;
        }
        let m = table(&app)
            .game
            .moves(me)
            .into_iter()
            .next()
            .expect("a move");
        let played = app.table.as_mut().unwrap().game.play(me, &m);
        app.done(me, played);
    }
    let t = table(&app);
    assert!(
        t.end.as_ref().is_some_and(|e| e.match_over),
        "the game ended"
    );
    let bar =
        super::commands::key_bar(&super::screens::table::commands::commands(t, &t.view())).fit(200);
    assert!(bar.contains("r review"), "{bar}");
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.screen, Screen::Replay, "{:?}", app.message);
    // Its help says where Esc goes, and Esc goes there.
    let help = super::screens::replay::commands(app.replay.as_ref().unwrap().back);
    let esc = help
        .iter()
        .find(|c| c.bar.starts_with("Esc"))
        .and_then(|c| c.help.clone());
    assert_eq!(esc.map(|h| h.1).as_deref(), Some("back to the title"));
    assert_eq!(app.replay.as_ref().unwrap().back, Some(Screen::Title));
    let r = app.replay.as_ref().expect("the replay");
    assert!(!r.wait_for_review().is_empty(), "Kim's moves are judged");
    assert!(
        r.wait_for_review().iter().all(|m| m.seat == 1),
        "only the person's moves"
    );
    let slips: Vec<usize> = r
        .wait_for_review()
        .iter()
        .filter(|m| m.verdict.is_slip())
        .map(|m| m.index + 1)
        .collect();
    assert!(!slips.is_empty(), "playing the first move listed slips");
    // n goes to each slip in turn, and the status says its verdict.
    for &step in &slips {
        press(&mut app, KeyCode::Char('n'));
        let r = app.replay.as_ref().expect("the replay");
        assert_eq!(r.step, step);
        let m = r.judged(step - 1).expect("judged");
        let status = r.status();
        assert!(status.contains(&m.sentence), "{status}");
        assert!(
            status.contains("Mistake:") || status.contains("Inaccuracy:"),
            "{status}"
        );
    }
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.replay.as_ref().map(|r| r.step), slips.last().copied());
    press(&mut app, KeyCode::Char('p'));
    if slips.len() > 1 {
        assert_eq!(
            app.replay.as_ref().map(|r| r.step),
            Some(slips[slips.len() - 2])
        );
    }
    // Past the last move there is no slip: the line says so until the
    // next key, which shows a move's own line again.
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Char('n'));
    let said = app.message.clone().map(|(text, _)| text);
    assert_eq!(said.as_deref(), Some("No slip after this move."));
    press(&mut app, KeyCode::Left);
    assert_eq!(app.message, None);
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Char('n'));
    assert!(app.message.is_some());
    // Leaving the review goes back to the title, without the note.
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.screen, Screen::Title);
    assert_eq!(app.message, None, "the replay's note stays behind");
}

#[test]
fn at_a_table_of_two_children_the_line_stands_above_the_next_prompt() {
    // Wump: every card is face up, so the line may be shown to the next
    // child, above their own prompt, and not at the first child's next turn.
    let mut app = kids_game(
        VariantId::Wump,
        vec![Seat::human("Kim"), Seat::human("Lou")],
    );
    let mut shown = 0;
    for _ in 0..40 {
        let t = table(&app);
        let Some(me) = t.game.to_move() else { break };
        if t.end.is_some() {
            break;
        }
        let m = t.game.moves(me).into_iter().next().expect("a move");
        let played = app.table.as_mut().unwrap().game.play(me, &m);
        app.done(me, played);
        let t = table(&app);
        let Some(next) = t.human_to_move() else { break };
        let (status, _) = status(t, &t.view()).expect("a status line");
        let prompt = t.game.prompt(next, true);
        match &t.praise {
            Some((who, line)) if *who != next => {
                assert_eq!(status, format!("{line}\n{prompt}"));
                shown += 1;
            }
            _ => assert_eq!(status, prompt),
        }
    }
    assert!(shown > 3, "the line was shown {shown} times");
}

/// The child's line is seen at any bot speed: it stays over the bots'
/// moves and above the child's next prompt until the child's next key,
/// and the move that ends the game gets one too, under the game's end.
#[test]
fn the_childs_line_stays_until_the_next_key_and_the_last_move_gets_one() {
    let (mut kept, mut last) = (0, 0);
    for seed in 0..12 {
        // The child first or second: the last move is one seat's or the
        // other's.
        let me = SeatId((seed % 2) as u8);
        let mut seats = vec![Seat::human("Kim"), Seat::bot("Bot", BotLevel::Easy)];
        if me.index() == 1 {
            seats.reverse();
        }
        let mut app = App::new(config(false), None);
        app.setup = super::app::SetupForm::new(VariantId::Wump, Some(seed));
        app.setup.seats = seats;
        app.setup.kids = true;
        app.start_game();
        while bots_play(&mut app) {
            let t = table(&app);
            // The line of the child's last move is still up at its turn,
            // above the prompt, however fast the bot was.
            if let Some((_, line)) = t.praise.clone() {
                let (shown, _) = status(t, &t.view()).expect("a status line");
                assert!(shown.starts_with(&format!("{line}\n")), "{shown}");
                kept += 1;
                // A key of the child's takes it away.
                app.handle_key(
                    ratatui::crossterm::event::KeyEvent::from(
                        ratatui::crossterm::event::KeyCode::Right,
                    ),
                    Instant::now() + Duration::from_secs(60),
                    None,
                );
                assert_eq!(table(&app).praise, None);
            }
            let t = table(&app);
            let m = t.game.moves(me).into_iter().next_back().expect("a move");
            let played = app.table.as_mut().unwrap().game.play(me, &m);
            app.done(me, played);
            let t = table(&app);
            if t.end.is_some()
                && let Some((_, line)) = t.praise.clone()
            {
                // The child's move ended the game: its line under the end.
                let (shown, _) = status(t, &t.view()).expect("a status line");
                assert_eq!(shown, line);
                last += 1;
            }
        }
        if kept > 3 && last > 0 {
            break;
        }
    }
    assert!(kept > 3 && last > 0, "{kept} kept, {last} at the end");
}
