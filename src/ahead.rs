//! Judgements kept while the game is played: every move is judged once,
//! when it is made (by the review's [`crate::review::Ahead`]), and kept by
//! the game and the moves that led to it, so that the review at the game's
//! end, and a child's line after a move, find it ready.

use crate::game::{Move, Playable, Setup};
use crate::judgement::Judgement;
use crate::seat::SeatId;
use std::any::Any;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, LazyLock, Mutex};

/// Judgements kept at most (a few hundred bytes each): the moves of a few
/// long games.
const KEPT: usize = 4_096;

/// A game and the moves made in it so far, as a number: two logs have the
/// same key when they have the same setup and the same moves (FNV-1a over
/// their JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(u64);

impl Key {
    /// The key of `setup` before any move.
    pub fn of_setup<G: Playable>(setup: &Setup<G::Options>) -> Key {
        Key(0xcbf2_9ce4_8422_2325).then(&(
            G::VARIANT,
            setup.seed,
            setup.first,
            &setup.seats,
            &setup.dict_path,
            &setup.rules,
        ))
    }

    /// The key after `moves`, made from `setup`'s.
    pub fn of_log<G: Playable>(setup: &Setup<G::Options>, moves: &[Move<G::Action>]) -> Key {
        moves
            .iter()
            .fold(Key::of_setup::<G>(setup), |k, m| k.after(m))
    }

    /// The key after the move `m`.
    pub fn after<A: serde::Serialize>(self, m: &Move<A>) -> Key {
        self.then(&(m.seat, &m.action))
    }

    /// The key after `more`.
    fn then<T: serde::Serialize>(self, more: &T) -> Key {
        let text = serde_json::to_string(more).unwrap_or_default();
        let mut h = self.0;
        for b in text.bytes().chain([0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Key(h)
    }
}

/// The judgements kept, oldest first out.
#[derive(Default)]
struct Kept {
    by_key: HashMap<Key, Arc<dyn Any + Send + Sync>>,
    order: VecDeque<Key>,
}

static KEPT_JUDGEMENTS: LazyLock<Mutex<Kept>> = LazyLock::new(Mutex::default);

fn kept() -> std::sync::MutexGuard<'static, Kept> {
    // A judgement is whole or absent: a thread that panicked left nothing
    // half-written.
    KEPT_JUDGEMENTS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// [`Reviewed::judge`](crate::game::Reviewed::judge) of `played` by `seat` in `game`, reached by the moves
/// `key` stands for (with `played` last): kept from before if it was
/// judged there already.
pub fn judge<G: crate::game::Reviewed>(
    game: &G,
    key: Key,
    seat: SeatId,
    played: &G::Action,
) -> Option<Judgement<G::Action>> {
    let found = kept()
        .by_key
        .get(&key)
        .and_then(|j| j.downcast_ref::<Option<Judgement<G::Action>>>().cloned());
    if let Some(j) = found {
        return j;
    }
    let j = game.judge(seat, played);
    let mut k = kept();
    if k.by_key.insert(key, Arc::new(j.clone())).is_none() {
        k.order.push_back(key);
    }
    while k.order.len() > KEPT {
        if let Some(old) = k.order.pop_front() {
            k.by_key.remove(&old);
        }
    }
    j
}

/// Forgets every judgement kept: the next review works each out afresh
/// (what a benchmark of the review times).
pub fn forget() {
    let mut k = kept();
    k.by_key.clear();
    k.order.clear();
}

/// Whether the judgement of the move `key` ends with is kept.
pub fn is_kept(key: Key) -> bool {
    kept().by_key.contains_key(&key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Players, Reviewed, Session};
    use crate::judgement::MoveReview;
    use crate::review::Ahead;
    use crate::review::Judged;
    use crate::seat::{BotLevel, Seat};
    use crate::variants::five_suited::FiveSuited;

    /// A game reviewed as it is played: every move judged by the thread
    /// before the game ends, and the review at the end the same as one
    /// worked out afresh.
    #[test]
    fn a_game_reviewed_as_it_is_played_is_judged_as_afresh() {
        let seats = vec![Seat::human("Ann"), Seat::bot("Bo", BotLevel::Normal)];
        let setup = crate::variants::shipped_setup::<FiveSuited>(seats, 4_242, &[]).unwrap();
        let mut session = Session::<FiveSuited>::new(setup).unwrap();
        let ahead = Ahead::start();
        let mut rng = crate::rng::GameRng::new(4_242, 1);
        let stand_in = FiveSuited::bot(BotLevel::Hard, session.setup()).unwrap();
        // A round's worth of moves, each sent as it is made.
        while session.log().len() < 60 {
            let Some(seat) = session.state().to_move() else {
                break;
            };
            let view = session.state().view(seat);
            let a = stand_in.choose(&view, &mut rng).expect("a move");
            session.apply(seat, a).expect("legal");
            ahead.send(session.to_save_json());
        }
        let people: Vec<usize> = (0..session.log().len())
            .filter(|&i| session.log()[i].seat.index() == 0)
            .collect();
        let key = |i: usize| Key::of_log::<FiveSuited>(session.setup(), &session.log()[..=i]);
        // The thread works on while the test waits (a bound, not a time
        // the test checks).
        let start = std::time::Instant::now();
        while !people.iter().all(|&i| is_kept(key(i))) {
            assert!(start.elapsed().as_secs() < 600, "the thread stopped");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        // Bo's moves are not judged: a person plays at this table.
        assert!(
            session
                .log()
                .iter()
                .enumerate()
                .any(|(i, m)| m.seat.index() == 1 && !is_kept(key(i)))
        );
        let kept: Vec<MoveReview> = crate::review::review(&session, Judged::Usual).moves;
        // Afresh: each move judged from its position again.
        let mut game = FiveSuited::new(session.setup()).unwrap();
        let mut fresh = Vec::new();
        for (i, m) in session.log().iter().enumerate() {
            if m.seat.index() == 0
                && let Some(j) = game.judge(m.seat, &m.action)
            {
                fresh.push(MoveReview::of(i, (m.seat, "Ann".to_string()), j));
            }
            game.apply(m.seat, &m.action).unwrap();
        }
        assert!(
            kept.len() > 3,
            "{} of {} moves judged",
            kept.len(),
            session.log().len()
        );
        for r in &kept {
            assert_eq!(fresh.iter().find(|f| f.index == r.index), Some(r));
        }
    }
}
