//! The lesson ("Learn a game"): one person against bots, on a deal chosen
//! to teach, with a coach line over the table. The coach says what to do
//! and why (always the engine's hint for the person's seat, read afresh
//! from the position) and the exact keys that do it, worked out from the
//! table's state and the table's own list of commands. Between the
//! person's turns it says what just happened. The lesson lasts at least
//! the first deal, and until the person has made each kind of move of the
//! game (the engine's [`MoveKind`] of each move of the log, and going
//! out); then the coach offers to let them play on alone, or to stay.

use super::adapter::{HintInfo, Hinting, TableGame};
use super::commands::Key;
use ratatui::crossterm::event::KeyCode;
use rummy::card::CardId;
use rummy::open::MoveKind;
use rummy::seat::SeatId;
use rummy::variants::VariantId;
use std::cell::RefCell;

/// A game as the guide deals it: a seed whose first deal teaches, and the
/// game's goal in one sentence (from its rules text), for the first line.
pub struct Guide {
    pub variant: VariantId,
    pub seed: u64,
    pub goal: &'static str,
    /// Options changed from the rules file: a Wrummy 3-4-5 game is a
    /// match to 200 points, so that the game goes on after the lesson.
    pub options: &'static [(&'static str, &'static str)],
    /// Whether the game deals new hands within a game (Wump Rummy): then
    /// the first deal ends when the person's hand is dealt anew; else it
    /// ends with the round (or game) over the table.
    pub new_hands: bool,
    /// The kinds of move the lesson has the person make, each at least
    /// once, in the order a turn makes them.
    pub skills: &'static [Skill],
}

/// A kind of move a lesson has the person make.
pub struct Skill {
    /// What the coach calls it: "take the discard".
    pub name: &'static str,
    /// The engine's kinds of move that make it.
    pub kinds: &'static [MoveKind],
}

const DRAW: Skill = Skill {
    name: "draw",
    kinds: &[MoveKind::Draw],
};
const DISCARD: Skill = Skill {
    name: "discard",
    kinds: &[MoveKind::Discard],
};
const GO_OUT: Skill = Skill {
    name: "go out",
    kinds: &[MoveKind::GoOut],
};
const WORD: Skill = Skill {
    name: "play a word",
    kinds: &[MoveKind::Word],
};
/// The lessons, in the chooser's order. The seeds were picked by playing
/// each lesson on seeds 1 to 40 with the person following every hint
/// (`guide_seed_survey` in the tests prints how long each lasts and the
/// coach's lines) and keeping a short one whose first turns show what the
/// game is about: in Wrummy 3-4-5 a take from the train and a word at
/// once; in AlphaRummy 500 a take, a word, going out and a challenge to let
/// stand; in Play On Words Rummy everyday words: one from the hand, a
/// play-on of it and of another seat's word, and going out with a play-on;
/// in 5 Suited Rummy three draws and discards, then a take
/// from the discard pile and going out, all in the first round; in Wump
/// Rummy two takes, a card put down where the next seat can't take it, and
/// a last take.
/// In the registry's order, as the Learn a game list shows them.
pub const GUIDES: [Guide; 5] = [
    Guide {
        variant: VariantId::Wump,
        seed: 1,
        goal: "The goal: take center cards that match one of your cards by suit or by rank; most cards wins.",
        options: &[],
        new_hands: true,
        skills: &[
            Skill {
                name: "take a card",
                kinds: &[MoveKind::Take],
            },
            Skill {
                name: "put a card down",
                kinds: &[MoveKind::Place],
            },
        ],
    },
    Guide {
        variant: VariantId::FiveSuited,
        seed: 32,
        goal: "The goal: turn your whole hand into sets and runs and go out; the lowest score after 11 rounds wins.",
        options: &[],
        new_hands: false,
        skills: &[
            DRAW,
            Skill {
                name: "take the discard",
                kinds: &[MoveKind::TakeTop],
            },
            DISCARD,
            GO_OUT,
        ],
    },
    Guide {
        variant: VariantId::Wrummy,
        seed: 2,
        goal: "The goal: play a 3-, a 4- and a 5-letter word before you go out, scoring the most points.",
        options: &[("target", "200")],
        new_hands: false,
        skills: &[
            DRAW,
            Skill {
                name: "take from the train",
                kinds: &[MoveKind::TakeTop, MoveKind::TakeDeep],
            },
            WORD,
            DISCARD,
            GO_OUT,
        ],
    },
    Guide {
        variant: VariantId::AlphaRummy,
        seed: 5,
        goal: "The goal: lay words from your cards for points; the first to 500 points wins.",
        options: &[],
        new_hands: false,
        skills: &[
            DRAW,
            Skill {
                name: "take from the pile",
                kinds: &[MoveKind::TakeTop, MoveKind::TakeDeep],
            },
            WORD,
            DISCARD,
            GO_OUT,
        ],
    },
    Guide {
        variant: VariantId::PlayOnWords,
        seed: 23,
        goal: "The goal: make words with your cards, alone or with the words on the table, and empty your hand.",
        options: &[],
        new_hands: false,
        skills: &[DRAW, WORD, GO_OUT],
    },
];

/// The guide of a game.
pub fn guide(variant: VariantId) -> Option<&'static Guide> {
    GUIDES.iter().find(|g| g.variant == variant)
}

/// Where the lesson stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The coach speaks at every turn, until the first deal is over and
    /// the person has made every kind of move of the lesson.
    Guiding,
    /// The lesson is done: the coach offers to let the person play on
    /// alone, or to stay (the offer waits for a result over the table to
    /// be closed first).
    Offer,
    /// The person chose to keep the coach: it speaks to the game's end
    /// and offers nothing more.
    Staying,
}

/// The coach of a guided game.
pub struct Coach {
    pub stage: Stage,
    /// The person's seat.
    pub seat: SeatId,
    pub goal: &'static str,
    /// The kinds of move the lesson teaches, and which the person has made.
    pub skills: &'static [Skill],
    pub done: Vec<bool>,
    /// How many moves of the log have been looked at for `done`.
    pub(crate) counted: usize,
    /// Whether the first deal is over.
    pub(crate) first_deal_over: bool,
    /// Whether the game deals new hands within a game (see [`Guide`]).
    pub(crate) new_hands: bool,
    /// The person's hand as last seen, when the game deals new hands: a
    /// bigger one is the next deal.
    pub(crate) hand_seen: usize,
    /// The advice for the game as it stood (its save text), worked out once.
    cache: RefCell<Option<(String, Option<Advice>)>>,
    /// The screen shares its thread with other people's (the server's):
    /// the hint is worked out on the thinking threads...
    pub(crate) shared: bool,
    /// ...for the game as it stood (its save text).
    asked: RefCell<Option<(String, Hinting)>>,
}

/// The offer at the lesson's end: what the person has learnt, and the
/// choice of playing on alone or with the coach.
pub fn offer_text(coach: &Coach, title: &str) -> String {
    let names: Vec<String> = coach.skills.iter().map(|s| s.name.to_string()).collect();
    format!(
        "Well done! You have made every kind of move of {title}: {}.\n\n\
         The game goes on. Play on alone, or with the coach?\n\n\
         Enter  play on alone (h gives a hint at any time)\n\
         c      keep the coach\n\
         q      leave (the game is saved: Continue goes on with it)",
        rummy::sentence::series(&names, "and")
    )
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
            skills: guide.skills,
            done: vec![false; guide.skills.len()],
            counted: 0,
            first_deal_over: false,
            new_hands: guide.new_hands,
            hand_seen: 0,
            cache: RefCell::new(None),
            shared: false,
            asked: RefCell::new(None),
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
        let advice = if self.shared {
            // None while the hint is being worked out: the coach says
            // whose turn it is meanwhile, and more once it comes.
            let mut asked = self.asked.borrow_mut();
            let hint = match asked.as_ref() {
                Some((k, hinting)) if *k == key => hinting.poll()?,
                _ => {
                    *asked = Some((key, Hinting::start(game, self.seat)));
                    return None;
                }
            };
            *asked = None;
            hint.and_then(|h| advise(game, self.seat, h))
        } else {
            game.hint(self.seat)
                .and_then(|h| advise(game, self.seat, h))
        };
        *self.cache.borrow_mut() = Some((key, advice.clone()));
        advice
    }

    /// The kinds of move the person has still to make, by name.
    pub fn still_to_make(&self) -> Vec<&'static str> {
        self.skills
            .iter()
            .zip(&self.done)
            .filter(|(_, done)| !**done)
            .map(|(s, _)| s.name)
            .collect()
    }

    /// Notes the kinds of move the person made in the moves of `game`'s
    /// log not looked at yet.
    pub fn count_moves(&mut self, game: &dyn TableGame) {
        let moves = game.moves_played();
        if moves <= self.counted {
            self.counted = moves;
            return;
        }
        for (seat, kind) in game.kinds_made(self.counted) {
            if seat != self.seat {
                continue;
            }
            for (skill, done) in self.skills.iter().zip(self.done.iter_mut()) {
                *done |= skill.kinds.contains(&kind);
            }
        }
        self.counted = moves;
    }

    /// Whether a hint being worked out away from the screen has come (the
    /// coach has more to say): its advice is then kept for `game`.
    pub fn hint_came(&self, game: &dyn TableGame) -> bool {
        let came = self
            .asked
            .borrow()
            .as_ref()
            .is_some_and(|(_, hinting)| hinting.poll().is_some());
        if came {
            self.advice(game);
        }
        came
    }
}

/// The engine's hint `h` for `seat`, and the step of the table that makes
/// it.
fn advise(game: &dyn TableGame, seat: SeatId, h: HintInfo) -> Option<Advice> {
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
pub(crate) fn hint_words(h: &HintInfo, kids: bool, room: usize) -> String {
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
