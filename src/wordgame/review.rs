//! How a word game judges a move for the review: by the points it scores
//! now, beside the move the hints advise from the same view. A move that
//! lays no word is judged only when it ends the seat's say while a word
//! was there to lay; a draw, a challenge or a pass with nothing to lay is
//! not judged.

use super::WordGame;
use crate::card::points;
use crate::review::{Judgement, Verdict};
use crate::seat::SeatId;

/// What a move does for its seat: the points it scores now, the word it
/// lays (upper case), and what it is in a few words.
struct Worth {
    points: i64,
    word: Option<String>,
    text: String,
    /// Whether the seat's say is over after it (a discard, a pass).
    ends: bool,
}

/// `action` for `seat` tried on a copy of `game`; `None` when refused.
fn worth<G: WordGame>(game: &G, seat: SeatId, action: &G::Action) -> Option<Worth> {
    let preview = game.preview(seat, action).ok()?;
    let mut next = game.clone();
    let events = next.apply(seat, action).ok()?;
    let word = events
        .iter()
        .find_map(G::word_made)
        .map(str::to_ascii_uppercase);
    let scored = preview.points + events.iter().map(G::bonus_points).sum::<i64>();
    let text = match &word {
        Some(w) => format!("played {w} for {}", points(scored)),
        None => events
            .first()
            .map(|e| said_by(&e.to_string(), &game.names()[seat.index()]))
            .unwrap_or_else(|| "passed".to_string()),
    };
    Some(Worth {
        points: if word.is_some() { scored } else { 0 },
        word,
        text,
        ends: next.to_move() != Some(seat),
    })
}

/// An event's sentence without its seat's name and full stop: "discarded
/// L" from "Ann discarded L.".
fn said_by(sentence: &str, name: &str) -> String {
    let s = sentence.strip_prefix(name).unwrap_or(sentence).trim();
    s.strip_suffix('.').unwrap_or(s).to_string()
}

/// The review's judgement of `played`, made by `seat` on `game`: the
/// points it scores now beside those of the hint's move.
pub fn judge<G: WordGame>(
    game: &G,
    seat: SeatId,
    played: &G::Action,
) -> Option<Judgement<G::Action>> {
    let hinted = game.hinted(seat)?;
    let mine = worth(game, seat, played)?;
    let theirs = worth(game, seat, &hinted)?;
    // A move that lays no word is judged only when it gives up the chance
    // to lay one: it ends the seat's say while the hint lays a word. A
    // draw that keeps the turn (for more letters) is not judged.
    if mine.word.is_none() && (theirs.word.is_none() || !mine.ends) {
        return None;
    }
    let (best, best_value, verdict) = Judgement::weigh(
        (played, mine.points),
        (hinted, theirs.points),
        theirs.points,
    );
    let took_best = verdict == Verdict::Best;
    let best_text = if took_best {
        mine.text.clone()
    } else {
        theirs.text.clone()
    };
    let (sentence, child) = match (&mine.word, &theirs.word) {
        (Some(w), _) if took_best => (
            format!(
                "{w} for {}: nothing the engine finds scores more.",
                points(mine.points)
            ),
            format!("Great word: {w}!"),
        ),
        (None, _) if took_best => (
            format!("You {}: no word scored more here.", mine.text),
            "Good move!".to_string(),
        ),
        (_, Some(b)) => (
            format!(
                "{b} was there for {}; you {}.",
                points(theirs.points),
                mine.text
            ),
            format!(
                "{b} was there for {}. Look for it next time!",
                points(theirs.points)
            ),
        ),
        // The hint lays no word, yet scores more: cannot be, as a move
        // that lays no word scores nothing.
        (_, None) => return None,
    };
    Some(Judgement {
        best,
        played_value: mine.points,
        best_value,
        unit: "points",
        played_text: mine.text,
        best_text,
        verdict,
        sentence,
        child,
        chances: None,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::game::Game;
    use crate::review::{MoveReview, Verdict};
    use crate::seat::SeatId;

    /// A word game's claims of a judged move, checked by making the named
    /// best move on a copy: it lays the word the sentence names, and the
    /// seat's score grows by the points it states (`gained` says how much
    /// it grew from one game to the next, where that is the word's alone).
    pub(crate) fn check_words<G: Game>(
        game: &G,
        seat: SeatId,
        review: &MoveReview,
        best: &G::Action,
        gained: impl Fn(&G, &G) -> Option<i64>,
    ) {
        let mut copy = game.clone();
        let events = copy.apply(seat, best).expect("the best move is legal");
        let word = events
            .iter()
            .find_map(G::word_made)
            .map(str::to_ascii_uppercase);
        if review.verdict != Verdict::Best {
            let named = review.sentence.split(' ').next().unwrap_or_default();
            assert_eq!(word.as_deref(), Some(named), "{review:?}");
        }
        if let Some(gain) = gained(game, &copy).filter(|_| word.is_some()) {
            assert_eq!(gain, review.best_value, "{review:?}");
        }
    }
}
