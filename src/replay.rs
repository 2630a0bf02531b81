//! Replaying a save move by move. The log is the truth: the game after its
//! first `k` moves is the save with only those moves, replayed from the
//! seed; each move's sentences are the events it caused, as the table's log
//! showed them when it was played.

use crate::game::{Playable, Session};
use crate::save::LoadError;
use crate::variants::{StartError, VariantVisitor, visit};

/// The save's text with only its first `len` moves: the game as it was then.
pub fn first_moves(text: &str, file: &str, len: usize) -> Result<String, LoadError> {
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| crate::save::damaged(file, &e))?;
    let Some(moves) = value.get_mut("moves").and_then(|m| m.as_array_mut()) else {
        return Err(LoadError::Invalid {
            file: file.to_string(),
            message: "it has no list of moves".to_string(),
        });
    };
    moves.truncate(len);
    Ok(value.to_string())
}

/// The sentences of each move of a save, in order: what the table's log
/// said as it was played. Replays the whole log.
pub fn move_lines(text: &str, file: &str) -> Result<Vec<Vec<String>>, StartError> {
    struct Lines<'a>(&'a str, &'a str);
    impl VariantVisitor for Lines<'_> {
        type Output = Result<Vec<Vec<String>>, StartError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let whole = Session::<G>::from_save_json(self.0, self.1)?;
            let mut again = Session::<G>::new(whole.setup().clone())?;
            let mut lines = Vec::with_capacity(whole.log().len());
            for (i, m) in whole.log().iter().enumerate() {
                let events =
                    again
                        .apply(m.seat, m.action.clone())
                        .map_err(|error| LoadError::Replay {
                            file: self.1.to_string(),
                            error: crate::game::ReplayError::Refused {
                                number: i + 1,
                                error,
                            },
                        })?;
                lines.push(events.iter().map(|e| e.to_string()).collect());
            }
            Ok(lines)
        }
    }
    let variant = crate::save::peek_variant(text, file)?;
    visit(variant, Lines(text, file))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use crate::seat::{BotLevel, Seat};
    use crate::variants::shipped_setup;
    use crate::variants::wump::Wump;

    #[test]
    fn the_first_moves_of_a_save_rebuild_the_game_then() {
        let seats = Seat::bots(&[BotLevel::Easy, BotLevel::Hard]);
        let setup = shipped_setup::<Wump>(seats, 3, &[]).expect("rules");
        let mut session = Session::<Wump>::new(setup).expect("a game");
        let mut rng = GameRng::new(3, 0);
        let mut states = vec![session.state().clone()];
        for _ in 0..12 {
            session
                .play_bot(BotLevel::Normal, &mut rng)
                .expect("a move");
            states.push(session.state().clone());
        }
        let text = session.to_save_json();
        let lines = move_lines(&text, "w.json").expect("lines");
        assert_eq!(lines.len(), 12);
        assert!(lines.iter().all(|l| !l.is_empty()), "{lines:?}");
        for (k, state) in states.iter().enumerate() {
            let part = first_moves(&text, "w.json", k).expect("cut");
            let back = Session::<Wump>::from_save_json(&part, "w.json").expect("loads");
            assert_eq!(back.log().len(), k);
            assert_eq!(back.state(), state, "after {k} moves");
        }
        assert!(matches!(
            first_moves("{\"format\": 1}", "x.json", 2),
            Err(LoadError::Invalid { .. })
        ));
        assert!(matches!(
            first_moves("not json", "x.json", 2),
            Err(LoadError::Damaged { .. })
        ));
    }
}
