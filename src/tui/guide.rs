//! The guided first deal ("Learn a game"): one person against bots, on a
//! deal chosen to teach, with a coach line over the table. The coach says
//! what to do and why (always the engine's hint for the person's seat, read
//! afresh from the position) and the exact keys that do it, worked out from
//! the table's state and the table's own list of commands. Between the
//! person's turns it says what just happened. When the first deal ends it
//! says so once and steps aside: the game goes on as a normal game.

use super::adapter::{HintInfo, NewTable, TableGame};
use super::app::{App, TableState};
use super::commands::{Command, ENTER, Key, LEFT, RIGHT, ch};
use super::screens::table::commands::{self as table_commands, Action};
use super::screens::table::state::TableView;
use super::text::wrap;
use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use rummy::card::CardId;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::VariantId;
use std::cell::RefCell;

/// A game as the guide deals it: a seed whose first deal teaches, and the
/// game's goal in one sentence (from its rules text), for the first line.
pub struct Guide {
    pub variant: VariantId,
    pub seed: u64,
    pub goal: &'static str,
    /// Options changed from the rules file: a Wrummy 3-4-5 game is a
    /// match to 200 points, so that the game goes on after the first deal.
    pub options: &'static [(&'static str, &'static str)],
    /// Whether the game deals new hands within a game (Wump Rummy): then
    /// the first deal ends when the person's hand is dealt anew; else it
    /// ends with the round (or game) over the table.
    pub new_hands: bool,
}

/// The guided games, in the chooser's order. The seeds were picked by
/// playing the first deal of seeds 1 to 40 of each game with the person
/// following every hint (`guide_seed_survey` in the tests prints the coach's
/// lines) and keeping a short deal whose first turns show what the game is
/// about: in Wrummy 3-4-5 a take from the train and a word at once; in
/// AlphaRummy 500 a take, a word, going out and a challenge to let stand;
/// in Play On Words Rummy a word from the hand and later a play-on of a
/// table word; in 5 Suited Rummy a draw, a discard, a take from the discard
/// pile and going out in four turns; in Wump Rummy two takes, a card put
/// down where the next seat can't take it, and a last take.
/// In the registry's order, as the Learn a game list shows them.
pub const GUIDES: [Guide; 5] = [
    Guide {
        variant: VariantId::Wump,
        seed: 1,
        goal: "The goal: take center cards that match one of your cards by suit or by rank; most cards wins.",
        options: &[],
        new_hands: true,
    },
    Guide {
        variant: VariantId::FiveSuited,
        seed: 4,
        goal: "The goal: turn your whole hand into sets and runs and go out; the lowest score after 11 rounds wins.",
        options: &[],
        new_hands: false,
    },
    Guide {
        variant: VariantId::Wrummy,
        seed: 2,
        goal: "The goal: play a 3-, a 4- and a 5-letter word before you go out, scoring the most points.",
        options: &[("target", "200")],
        new_hands: false,
    },
    Guide {
        variant: VariantId::AlphaRummy,
        seed: 5,
        goal: "The goal: lay words from your cards for points; the first to 500 points wins.",
        options: &[],
        new_hands: false,
    },
    Guide {
        variant: VariantId::PlayOnWords,
        seed: 3,
        goal: "The goal: make words with your cards, alone or with the words on the table, and empty your hand.",
        options: &[],
        new_hands: false,
    },
];

/// The guide of a game.
pub fn guide(variant: VariantId) -> Option<&'static Guide> {
    GUIDES.iter().find(|g| g.variant == variant)
}

/// The closing line, shown once when the first deal is over.
pub const CLOSING: &str =
    "That was the first deal. From here on it is a normal game: press h for a hint at any time.";

/// Where the guided deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The first deal: the coach speaks.
    Guiding,
    /// The first deal is over; the closing line shows until the person's
    /// next move, made after the log's first `after` moves.
    Closing { after: usize },
}

/// The coach of a guided game.
pub struct Coach {
    pub stage: Stage,
    /// The person's seat.
    pub seat: SeatId,
    pub goal: &'static str,
    /// Whether the game deals new hands within a game (see [`Guide`]).
    new_hands: bool,
    /// The person's hand as last seen, when the game deals new hands: a
    /// bigger one is the next deal.
    hand_seen: usize,
    /// The advice for the game as it stood (its save text), worked out once.
    cache: RefCell<Option<(String, Option<Advice>)>>,
}

/// What the hint says to do, as the table's keys can do it.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Draw from the stock (or draw pile).
    Draw,
    /// Take the top card of the discard pile (or train).
    TakeTop,
    /// Take a card of the center and every card above it.
    TakeCenter(CardId),
    /// Put a hand card down: discard it, place it, put it under.
    Put(CardId),
    /// Take a center card with a hand card.
    Take(CardId, CardId),
    /// Type a word and play it in its `way`.
    Word(String, usize),
    /// One of the game's own keys (pass, challenge, end the turn).
    GameKey(char),
}

/// The hint for the person now, and its step.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The engine's hint, whose words say what to do and why.
    pub hint: HintInfo,
    pub step: Option<Step>,
}

/// A key to press, some times over, or a word to type.
#[derive(Clone, Debug, PartialEq)]
pub enum Press {
    Key(Key, usize),
    Type(String),
}

impl Coach {
    pub fn new(seat: SeatId, guide: &Guide) -> Coach {
        Coach {
            stage: Stage::Guiding,
            seat,
            goal: guide.goal,
            new_hands: guide.new_hands,
            hand_seen: 0,
            cache: RefCell::new(None),
        }
    }

    /// The hint for the person now and the step it names (`None` when it
    /// is not their turn), worked out once for each position.
    pub fn advice(&self, game: &dyn TableGame) -> Option<Advice> {
        let key = game.save_json();
        if let Some((k, a)) = self.cache.borrow().as_ref()
            && *k == key
        {
            return a.clone();
        }
        let advice = advise(game, self.seat);
        *self.cache.borrow_mut() = Some((key, advice.clone()));
        advice
    }
}

/// The engine's hint for `seat`, and the step of the table that makes it.
fn advise(game: &dyn TableGame, seat: SeatId) -> Option<Advice> {
    let h = game.hint(seat)?;
    let step = if let Some((word, way)) = h.word.clone() {
        let way = exact_way(game, seat, &word).unwrap_or(way);
        Some(Step::Word(word, way))
    } else {
        match (h.card, h.target) {
            (Some(card), Some(target)) => Some(Step::Take(card, target)),
            (Some(card), None) => Some(Step::Put(card)),
            (None, Some(target)) => {
                let top = game.drawing(seat).flatten();
                if top == Some(target) && game.piles().discard_pile {
                    Some(Step::TakeTop)
                } else if game.takes_from_center(seat) {
                    Some(Step::TakeCenter(target))
                } else {
                    None
                }
            }
            (None, None) => plain_step(game, seat),
        }
    };
    Some(Advice { hint: h, step })
}

/// What to do and why, in the hint's own words: in kids' mode its sentence
/// for a child; else its reason (after the move in a few words, when the
/// reason does not start by naming it), as many sentences as fit in `room`
/// characters, or the move in a few words if not even one does.
fn hint_words(h: &HintInfo, kids: bool, room: usize) -> String {
    if kids && let Some(child) = h.child.as_ref().filter(|c| c.chars().count() <= room) {
        return child.clone();
    }
    let short = rummy::sentence::capitalised(
        h.short
            .trim_start_matches("Hint: ")
            .replace(" Press w to type it.", "")
            .trim(),
    );
    let first = |s: &str| {
        s.split_whitespace()
            .next()
            .unwrap_or_default()
            .to_lowercase()
    };
    let text = if h.long.is_empty() {
        short.clone()
    } else if first(&h.long) == first(&short) {
        h.long.clone()
    } else {
        format!("{short} {}", h.long)
    };
    let mut out = String::new();
    for sentence in text.split_inclusive(". ") {
        if out.chars().count() + sentence.chars().count() > room {
            break;
        }
        out.push_str(sentence);
    }
    let out = out.trim();
    if !out.is_empty() {
        without_keys(out)
    } else if short.chars().count() <= room {
        short
    } else {
        String::new()
    }
}

/// A reason that ends by naming a key (": press s.") ends before it: the
/// coach names the keys itself, from the table's commands.
fn without_keys(text: &str) -> String {
    if let Some(at) = text.rfind(": press ")
        && text[at + 8..]
            .trim_end_matches('.')
            .split_whitespace()
            .count()
            == 1
    {
        return format!("{}.", &text[..at]);
    }
    text.to_string()
}

/// A hint that names no card and no word: a draw from the stock or one of
/// the game's keys. Which one is found by making each on a copy of the game
/// and comparing it with the engine's hinted move made on another.
fn plain_step(game: &dyn TableGame, seat: SeatId) -> Option<Step> {
    let mut candidates = Vec::new();
    if game.drawing(seat).is_some() {
        candidates.push(Step::Draw);
    }
    candidates.extend(
        game.game_keys(seat)
            .into_iter()
            .map(|(k, _)| Step::GameKey(k)),
    );
    let Some(want) = game.hinted_after(seat) else {
        return (candidates.len() == 1).then(|| candidates.pop()).flatten();
    };
    candidates.into_iter().find(|step| {
        let Ok(mut copy) = super::adapter::load(&game.save_json(), "the guide") else {
            return false;
        };
        let done = match step {
            Step::Draw => copy.draw(seat, false).is_ok(),
            Step::GameKey(k) => copy.game_key(seat, *k).is_ok(),
            _ => false,
        };
        done && same_move(copy.as_ref(), seat, &want)
    })
}

/// Which way of playing `word` is exactly the engine's hinted move (the
/// hint names the word and the kind of move; two ways of one kind may use
/// different cards of the same letter): each is made on a copy.
fn exact_way(game: &dyn TableGame, seat: SeatId, word: &str) -> Option<usize> {
    let want = game.hinted_after(seat)?;
    let ways = game.word_plan(seat, word, 0).ways;
    (0..ways).find(|&way| {
        super::adapter::load(&game.save_json(), "the guide").is_ok_and(|mut copy| {
            copy.play_word(seat, word, way).is_ok() && same_move(copy.as_ref(), seat, &want)
        })
    })
}

/// Whether `game` is where the engine's hinted move leads (`want`, a save
/// text): the same log, or the same table for `seat` card for card (a hint
/// that names a word leaves the engine to pick among cards of one letter).
pub fn same_move(game: &dyn TableGame, seat: SeatId, want: &str) -> bool {
    if game.save_json() == want {
        return true;
    }
    super::adapter::load(want, "the guide")
        .is_ok_and(|w| fingerprint(w.as_ref(), seat) == fingerprint(game, seat))
}

/// The table as `seat` sees it, by the cards' faces (not which card of a
/// face it is): whose turn, the center in order, each hand sorted, each
/// word, each score and note.
fn fingerprint(game: &dyn TableGame, seat: SeatId) -> String {
    let s = game.snapshot(Some(seat));
    let faces = |cards: &[rummy::card::Card]| {
        let mut v: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        v.sort();
        v.join(" ")
    };
    let center: Vec<String> = s.center.iter().map(|c| c.to_string()).collect();
    let mut out = format!(
        "{:?}|{}|{}|{:?}",
        game.to_move(),
        s.heading,
        center.join(" "),
        s.center_note
    );
    for p in &s.seats {
        let hand = p.cards.as_deref().map(faces).unwrap_or_default();
        out.push_str(&format!(
            "|{} {} [{hand}] {} {:?} {:?}",
            p.name, p.card_count, p.score, p.claimed, p.note
        ));
        for w in &p.words {
            let letters: String = w.cards.iter().map(|(_, l)| l.as_str()).collect();
            out.push_str(&format!(" {letters}"));
        }
    }
    out
}

/// The first of `prefer` that the enabled command doing `action` answers
/// to, else its first key.
fn key_of(list: &[Command<Action>], action: Action, prefer: &[Key]) -> Option<Key> {
    let c = list
        .iter()
        .find(|c| c.enabled && c.action == Some(action))?;
    prefer
        .iter()
        .find(|k| c.keys.contains(k))
        .or(c.keys.first())
        .copied()
}

/// Arrow presses from `from` to `to` with the arrows of `action`.
fn arrows(list: &[Command<Action>], action: Action, from: usize, to: usize) -> Option<Press> {
    if from == to {
        return None;
    }
    let dir = if to > from { RIGHT } else { LEFT };
    let key = key_of(list, action, &[dir])?;
    Some(Press::Key(key, from.abs_diff(to)))
}

/// The keys that make `step` from the table as it stands; `None` if the
/// table's commands cannot make it from here.
pub fn presses(t: &TableState, v: &TableView, step: &Step) -> Option<Vec<Press>> {
    let list = table_commands::commands(t, v);
    let once = |a: Action, prefer: &[Key]| key_of(&list, a, prefer).map(|k| Press::Key(k, 1));
    // A moment of its own first: a question, a picked target, a word.
    if let Some((m, _)) = t.confirm_place.as_ref() {
        let yes = matches!(step, Step::Put(c) if *c == m.card && m.target.is_none());
        let a = if yes {
            Action::PlaceAnyway
        } else {
            Action::KeepCard
        };
        return Some(vec![once(a, &[ch('y'), ch('n')])?]);
    }
    if t.confirm_quit {
        return Some(vec![once(Action::Stay, &[ch('n')])?]);
    }
    if t.confirm_undo.is_some() {
        return Some(vec![once(Action::KeepMoves, &[ch('n')])?]);
    }
    if t.asking.is_some() {
        return Some(vec![once(Action::StopAsking, &[])?]);
    }
    if let Some(p) = t.picking {
        return match step {
            Step::Take(card, target) if v.selected == Some(*card) => {
                let j = v.targets.iter().position(|m| m.target == Some(*target))?;
                let mut out: Vec<Press> = arrows(&list, Action::Target, p, j).into_iter().collect();
                out.push(once(Action::Play, &[ENTER])?);
                Some(out)
            }
            _ => Some(vec![once(Action::Unpick, &[])?]),
        };
    }
    if let Some((text, way)) = t.typing.as_ref() {
        return match step {
            Step::Word(word, want) => {
                let ways = ways_of(t, v, word);
                let typing = table_commands::typing_all();
                typing_presses(&typing, ways, text, *way, t.typed_hint, word, *want)
            }
            _ => Some(vec![once(Action::StopTyping, &[])?]),
        };
    }
    let mut out = Vec::new();
    match step {
        Step::Draw => out.push(once(Action::Stock, &[])?),
        Step::TakeTop => out.push(once(Action::Top, &[])?),
        Step::TakeCenter(target) => {
            let center = &v.snap.center;
            let i = center.iter().position(|c| c.id == *target)?;
            let at = t.center_cursor.min(center.len().saturating_sub(1));
            out.extend(arrows(&list, Action::CenterCard, at, i));
            out.push(once(Action::CenterTake, &[ENTER])?);
        }
        Step::Put(card) => {
            let i = v.hand.iter().position(|c| c == card)?;
            out.extend(arrows(
                &list,
                Action::HandCard,
                t.cursor.min(v.hand.len().saturating_sub(1)),
                i,
            ));
            // A game with a discard pile discards with Enter; Wump Rummy's
            // Enter takes where it can, so its card goes down with `p`.
            if t.game.draws_cards() {
                out.push(once(Action::Play, &[ENTER])?);
            } else {
                out.push(once(Action::Place, &[])?);
            }
        }
        Step::Take(card, target) => {
            let i = v.hand.iter().position(|c| c == card)?;
            out.extend(arrows(
                &list,
                Action::HandCard,
                t.cursor.min(v.hand.len().saturating_sub(1)),
                i,
            ));
            out.push(once(Action::Play, &[ENTER])?);
            // Enter opens the choice of target, at the hinted one if the
            // hint on screen is for this card, else at the first.
            let targets: Vec<CardId> = v
                .moves
                .iter()
                .filter(|m| m.card == *card)
                .filter_map(|m| m.target)
                .collect();
            let j = targets.iter().position(|c| c == target)?;
            let start = t
                .hint
                .as_ref()
                .filter(|h| h.card == Some(*card))
                .and_then(|h| targets.iter().position(|c| Some(*c) == h.target))
                .unwrap_or(0);
            let pick = table_commands::picking(targets.len() > 1);
            out.extend(arrows(&pick, Action::Target, start, j));
            out.push(Press::Key(key_of(&pick, Action::Play, &[ENTER])?, 1));
        }
        Step::Word(word, way) => {
            out.push(once(Action::Word, &[])?);
            // `w` brings the hint's word if a hint on screen has one.
            let (text, at) = t
                .hint
                .as_ref()
                .and_then(|h| h.word.clone())
                .unwrap_or_default();
            let typed_hint = t.hint.as_ref().is_some_and(|h| h.word.is_some());
            let typing = table_commands::typing_all();
            let ways = ways_of(t, v, word);
            out.extend(typing_presses(
                &typing, ways, &text, at, typed_hint, word, *way,
            )?);
        }
        Step::GameKey(k) => out.push(once(Action::GameKey(*k), &[ch(*k)])?),
    }
    Some(out)
}

/// How many ways there are to play `word` now.
fn ways_of(t: &TableState, v: &TableView, word: &str) -> usize {
    v.actor
        .map_or(1, |me| t.game.word_plan(me, word, 0).ways.max(1))
}

/// The keys that turn the word being typed (`text` in its `way`) into
/// `word` in `want` and play it. `fresh`: the next letter starts a new word.
fn typing_presses(
    list: &[Command<Action>],
    ways: usize,
    text: &str,
    way: usize,
    fresh: bool,
    word: &str,
    want: usize,
) -> Option<Vec<Press>> {
    let mut out = Vec::new();
    let enter = key_of(list, Action::PlayWord, &[ENTER])?;
    let tab = key_of(list, Action::Way, &[Key::Code(KeyCode::Tab)]);
    let tabs = |n: usize, out: &mut Vec<Press>| -> Option<()> {
        if n > 0 {
            out.push(Press::Key(tab?, n));
        }
        Some(())
    };
    if text == word {
        tabs((want % ways + ways - way % ways) % ways, &mut out)?;
    } else {
        if !fresh && !text.is_empty() && !word.starts_with(text) {
            let erase = key_of(list, Action::Erase, &[])?;
            out.push(Press::Key(erase, text.chars().count()));
        }
        let rest = if !fresh && word.starts_with(text) {
            &word[text.len()..]
        } else {
            word
        };
        out.push(Press::Type(rest.to_string()));
        tabs(want, &mut out)?;
    }
    out.push(Press::Key(enter, 1));
    Some(out)
}

/// A key's name as the coach says it.
pub fn key_name(key: Key) -> String {
    match key {
        Key::Code(KeyCode::Left) => "←".into(),
        Key::Code(KeyCode::Right) => "→".into(),
        Key::Code(KeyCode::Up) => "↑".into(),
        Key::Code(KeyCode::Down) => "↓".into(),
        Key::Code(KeyCode::Enter) => "Enter".into(),
        Key::Code(KeyCode::Esc) => "Esc".into(),
        Key::Code(KeyCode::Tab) => "Tab".into(),
        Key::Code(KeyCode::Backspace) => "Backspace".into(),
        Key::Code(KeyCode::Char(' ')) => "space".into(),
        Key::Code(KeyCode::Char(c)) => c.to_string(),
        Key::Any => "n".into(),
        _ => "a key".into(),
    }
}

/// "Press → twice, then p." or "Press w, type RAT, then Enter."
pub fn say_presses(presses: &[Press]) -> String {
    // The same key twice in a row is said once, with its count.
    let mut merged: Vec<Press> = Vec::new();
    for p in presses {
        match (merged.last_mut(), p) {
            (Some(Press::Key(k, n)), Press::Key(k2, m)) if k == k2 => *n += m,
            _ => merged.push(p.clone()),
        }
    }
    let parts: Vec<String> = merged
        .iter()
        .map(|p| match p {
            Press::Key(k, 1) => key_name(*k),
            Press::Key(k, 2) => format!("{} twice", key_name(*k)),
            Press::Key(k, n) => format!("{} {n} times", key_name(*k)),
            Press::Type(w) => format!("type {w}"),
        })
        .collect();
    let Some((first, rest)) = parts.split_first() else {
        return String::new();
    };
    let mut s = if let Some(word) = first.strip_prefix("type ") {
        format!("Type {word}")
    } else {
        format!("Press {first}")
    };
    for p in rest {
        s.push_str(", then ");
        s.push_str(p);
    }
    s.push('.');
    s
}

/// The least room the coach gives the hint's words and the keys, in
/// characters: a sentence of reason fits even on a narrow screen.
const WHAT_ROOM: usize = 200;

/// What the coach says now, if it speaks, in a box `width` columns wide
/// with at most `rows` rows of text: two lines or so (more with the goal,
/// before the person's first move, and for a sentence of reason on a narrow
/// screen); with fewer rows, the keys come first, then the hint's words,
/// then the goal.
pub fn coach_text(t: &TableState, v: &TableView, width: usize, rows: usize) -> Option<String> {
    let coach = t.coach.as_ref()?;
    if let Stage::Closing { .. } = coach.stage {
        return Some(CLOSING.to_string());
    }
    let seat = coach.seat;
    let moved = t.game.movers().contains(&seat);
    let len = |s: &str| s.chars().count() + 1;
    // What fits, less what wrapping loses.
    let fits = rows.saturating_mul(width).saturating_mul(9) / 10;
    let goal = (!moved).then_some(coach.goal);
    if t.end.is_some() {
        return goal.map(str::to_string);
    }
    let mut parts: Vec<String> = Vec::new();
    if t.game.to_move() == Some(seat) {
        let advice = coach.advice(t.game.as_ref());
        let keys = match advice.as_ref() {
            None => "Your turn.".to_string(),
            Some(advice) => match advice.step.as_ref().and_then(|s| presses(t, v, s)) {
                Some(p) if !p.is_empty() => say_presses(&p),
                _ => {
                    let list = table_commands::commands(t, v);
                    let hint = key_of(&list, Action::Hint, &[]).map_or("h".into(), key_name);
                    format!("Press {hint} for the hint.")
                }
            },
        };
        let full = (2 * width * 9 / 10).max(WHAT_ROOM) + goal.map_or(0, len);
        let mut room = full.min(fits).saturating_sub(len(&keys));
        if let Some(goal) = goal.filter(|g| len(g) <= room) {
            parts.push(goal.to_string());
            room -= len(goal);
        }
        if let Some(advice) = advice {
            let what = hint_words(&advice.hint, t.kids, room);
            if !what.is_empty() {
                parts.push(what);
            }
        }
        parts.push(keys);
    } else {
        let watch = "Watch the others play.";
        let mut room = fits.saturating_sub(len(watch));
        if let Some(goal) = goal.filter(|g| len(g) <= room) {
            parts.push(goal.to_string());
            room -= len(goal);
        }
        // What the last move did, in the log's words.
        if let Some(line) = t
            .log
            .last()
            .filter(|l| !t.game.movers().is_empty() && len(l) <= room)
        {
            parts.push(line.clone());
        }
        parts.push(watch.to_string());
    }
    Some(parts.join(" "))
}

/// Draws the coach's box at the top of `area` (when a coach speaks) and
/// gives back the rest of `area`.
pub fn draw_coach(
    buf: &mut Buffer,
    area: Rect,
    t: &TableState,
    v: &TableView,
    theme: &Theme,
) -> Rect {
    // The table keeps the rows it needs: the center's line and cards, and
    // each seat's line, hand (and words), with a row to spare.
    let per_seat = if v.snap.word_game { 3 } else { 2 };
    let need = 3 + per_seat * v.snap.seats.len() as u16;
    let spare = area.height.saturating_sub(need);
    if spare < 2 {
        return area;
    }
    let width = area.width.saturating_sub(1) as usize;
    let Some(text) = coach_text(t, v, width, (spare - 1) as usize) else {
        return area;
    };
    let lines = wrap(&theme.plain(&text), width);
    let rows = (lines.len() as u16 + 1).min(spare);
    let [top, rest] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(rows),
        ratatui::layout::Constraint::Min(1),
    ])
    .areas(area);
    let block = Block::default()
        .borders(Borders::TOP)
        .border_set(theme.border())
        .title(Span::styled(" Coach ", theme.title()));
    let inner = block.inner(top);
    block.render(top, buf);
    let body: Vec<Line> = lines
        .into_iter()
        .map(|l| Line::from(Span::styled(l, theme.accent())))
        .collect();
    Paragraph::new(body).render(inner, buf);
    rest
}

/// After every key and bot move: the coach notes the end of the first
/// deal, and steps aside after the closing line.
pub fn observe(t: &mut TableState) {
    if t.coach.is_none() {
        return;
    }
    let movers = t.game.movers();
    let ended = t.end.is_some();
    let Some(coach) = t.coach.as_mut() else {
        return;
    };
    let seat = coach.seat;
    match coach.stage {
        Stage::Guiding => {
            // In a game that deals new hands, a hand that grew is the
            // next deal.
            let new_deal = coach.new_hands && {
                let hand = t
                    .game
                    .snapshot(Some(seat))
                    .seats
                    .get(seat.index())
                    .map_or(0, |p| p.card_count);
                let grew = hand > coach.hand_seen && !movers.is_empty();
                coach.hand_seen = hand;
                grew
            };
            if ended || new_deal {
                coach.stage = Stage::Closing {
                    after: movers.len(),
                };
            }
        }
        Stage::Closing { after } => {
            if movers.get(after..).unwrap_or_default().contains(&seat) {
                t.coach = None;
            }
        }
    }
}

impl App {
    /// Starts the guided first deal of `variant`: the form's first human
    /// against bots at the normal level, on the guide's seed.
    pub fn start_guide(&mut self, variant: VariantId) {
        if let Some(g) = guide(variant) {
            self.start_guided(g, g.seed);
        }
    }

    /// The guided first deal of `g` on `seed`.
    pub(crate) fn start_guided(&mut self, g: &'static Guide, seed: u64) {
        let variant = g.variant;
        let name = self
            .setup
            .seats
            .iter()
            .find(|s| s.is_human())
            .map_or_else(|| "Player 1".to_string(), |s| s.name.trim().to_string());
        if let Some(why) = rummy::seat::name_problem(&name) {
            self.say(why, true);
            return;
        }
        let mut seats = vec![Seat::human(name)];
        for i in 2..=3 {
            let mut bot = format!("Bot {i}");
            if seats.iter().any(|s| s.name == bot) {
                bot = format!("Robot {i}");
            }
            seats.push(Seat::bot(bot, BotLevel::Normal));
        }
        let new = NewTable {
            variant,
            options: g
                .options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            seats,
            seed,
            // The shipped word list, whatever --dict says: the guide's deals
            // were chosen with it, and the coach's copies of the game load it
            // at no cost.
            dict: rummy::dict::Dictionary::shipped(),
            dict_path: None,
        };
        // Kids' mode as the new-game form has it for this game: its own
        // switch if the form is set to this game, else the preference for
        // every game, else on for Wump Rummy only (as the form starts).
        let kids = if self.setup.variant == variant {
            self.setup.kids
        } else {
            self.setup.kids_pref.unwrap_or(variant == VariantId::Wump)
        };
        self.config.pause = self.setup.bot_pause;
        if !self.start_table(new, kids, ", with a coach for the first deal") {
            return;
        }
        if let Some(t) = self.table.as_mut() {
            t.coach = Some(Coach::new(SeatId(0), g));
            observe(t);
        }
    }
}
