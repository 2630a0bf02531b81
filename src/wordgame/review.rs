//! How a word game judges a move for the review: by the points it scores
//! now, beside the move the hints advise from the same view. A move that
//! lays no word is judged only when it ends the seat's say while a word
//! was there to lay; a draw, a challenge or a pass with nothing to lay is
//! not judged.

use super::WordGame;
use crate::analysis::{Analysed, in_words};
use crate::card::points;
use crate::judgement::{Chances, Judgement, Verdict};
use crate::seat::SeatId;

/// What a move does for its seat: the points it scores now, the word it
/// lays (upper case), and what it is in a few words.
struct Worth {
    points: i64,
    word: Option<String>,
    text: String,
    /// The engine's name of the move where no sentence of the seat's own
    /// says what it did (a pass that ends the round: "pass: end the
    /// round").
    label: Option<String>,
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
    // The seat's own sentence: a move that ends the round may say the
    // round's end first, of everyone.
    let name = &game.names()[seat.index()];
    let own = events
        .iter()
        .map(ToString::to_string)
        .find(|e| e.starts_with(&format!("{name} ")));
    let text = match (&word, &own) {
        (Some(w), _) => format!("played {w} for {}", points(scored)),
        (None, Some(e)) => said_by(e, name),
        (None, None) => "passed".to_string(),
    };
    let label = (word.is_none() && own.is_none())
        .then(|| {
            game.open(seat)
                .open_moves()
                .find(|m| m.action.as_ref() == Some(action))
                .map(|m| m.label.clone())
        })
        .flatten();
    Some(Worth {
        points: if word.is_some() { scored } else { 0 },
        word,
        text,
        label,
        ends: next.to_move() != Some(seat),
    })
}

/// An event's sentence without its seat's name and full stop: "discarded
/// L" from "Ann discarded L.".
fn said_by(sentence: &str, name: &str) -> String {
    let s = sentence.strip_prefix(name).unwrap_or(sentence).trim();
    s.strip_suffix('.').unwrap_or(s).to_string()
}

/// What the one analysis advises a seat where it differs from the game's
/// own hint: the move, a line that names it, and why, in chances.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<A> {
    pub action: A,
    /// "Play BOXES: grow your BO into BOXES: 12 points", "Discard Q".
    pub line: String,
    /// "It gives the better chance of winning, about 2 in 3 against about
    /// 1 in 2 for playing JOKE."
    pub why: String,
}

/// A move in the imperative, for a hint: "Play BOXES: grow your BO into
/// BOXES: 12 points", "Discard Q", from the engine's preview or the
/// sentence of the event it causes.
pub fn imperative<G: WordGame>(game: &G, seat: SeatId, action: &G::Action) -> Option<String> {
    let w = worth(game, seat, action)?;
    if let Some(word) = &w.word {
        let preview = game.preview(seat, action).ok()?;
        return Some(format!("Play {word}: {}", preview.line()));
    }
    if let Some(label) = &w.label {
        return Some(crate::sentence::capitalised(label));
    }
    // "took V V from the discard pile and must use V in a word": one
    // clause that reads in the imperative and as a doing alike.
    let text = w.text.replace(" and must ", ", to ");
    let (verb, rest) = text.split_once(' ').unwrap_or((&text, ""));
    let verb = match verb {
        "discarded" => "Discard",
        "drew" => "Draw",
        "took" => "Take",
        "passed" => "Pass",
        "put" => "Put",
        "called" => "Call",
        "challenged" => "Challenge",
        "let" => "Let",
        "ended" => "End",
        other => return Some(crate::sentence::capitalised(other) + " " + rest),
    };
    Some(format!("{verb} {rest}").trim_end().to_string())
}

/// A word game's hint, as the one analysis's advice can be made into.
pub trait WordHint<A>: Sized {
    /// The move it advises.
    fn action(&self) -> &A;
    /// The hint that gives `advice`.
    fn of_advice(advice: Advice<A>) -> Self;
}

/// The hint for `seat` in `game`: the move the one analysis advises (the
/// review and the expert speak from it too), from the seat's view only.
/// Where it is `own`'s move (the game's own hint, the hard bot's move with
/// its reasons), `own`; where not, the analysis's advice.
pub fn hint_in<G: WordGame + Analysed, H: WordHint<G::Action>>(
    game: &G,
    seat: SeatId,
    own: Option<H>,
) -> Option<H> {
    let own = own?;
    Some(match advice(game, seat, own.action()) {
        Some(a) => H::of_advice(a),
        None => own,
    })
}

/// A hint's imperative as a doing, for "… than playing JOKE": "Play
/// JOKE: …" gives "playing JOKE".
fn gerund(imperative: &str) -> String {
    let head = imperative.split(':').next().unwrap_or_default();
    let (verb, rest) = head.split_once(' ').unwrap_or((head, ""));
    format!("{} {rest}", ing_form(verb)).trim_end().to_string()
}

/// A verb's -ing form by English spelling: TAKE taking, TIE tying, SEE
/// seeing, PUT putting, SWAP swapping, DRAW drawing, OPEN opening.
fn ing_form(verb: &str) -> String {
    let v = verb.to_lowercase();
    let vowel = |c: char| "aeiou".contains(c);
    let letters: Vec<char> = v.chars().collect();
    if let Some(stem) = v.strip_suffix("ie") {
        return format!("{stem}ying");
    }
    if v.len() > 2
        && v.ends_with('e')
        && !v.ends_with("ee")
        && !v.ends_with("oe")
        && !v.ends_with("ye")
    {
        return format!("{}ing", &v[..v.len() - 1]);
    }
    // One syllable ending consonant, vowel, consonant doubles its last
    // letter (PUT, LET, SWAP), unless that is W, X or Y (DRAW, FIX, PLAY).
    let groups = letters
        .iter()
        .zip(std::iter::once(&' ').chain(letters.iter()))
        .filter(|(c, before)| vowel(**c) && !vowel(**before))
        .count();
    if let [.., a, b, c] = letters[..]
        && groups == 1
        && !vowel(a)
        && vowel(b)
        && !vowel(c)
        && !"wxy".contains(c)
    {
        return format!("{v}{c}ing");
    }
    format!("{v}ing")
}

/// What the analysis advises `seat` in `game` when it is not `own`, the
/// game's own hint's move; `None` where they agree or nothing is weighed.
pub fn advice<G: WordGame + Analysed>(
    game: &G,
    seat: SeatId,
    own: &G::Action,
) -> Option<Advice<G::Action>> {
    let analysis = crate::analysis::analyse(game, seat, Some(own))?;
    let best = analysis.best();
    if &best.action == own {
        return None;
    }
    let line = imperative(game, seat, &best.action)?;
    let theirs = analysis.of(own)?;
    let own_text = gerund(&imperative(game, seat, own)?);
    let worlds = analysis.worlds;
    let count = |share: f64| (share * worlds as f64).round() as usize;
    let mut why = crate::sentence::capitalised(&crate::analysis::compared(
        best.chance,
        theirs.chance,
        worlds,
        &own_text,
    ));
    if count(best.gone_out) != count(theirs.gone_out) {
        why.push_str(&format!(
            "; the round ended before your next turn in {} of {worlds} deals you could face with it, and in {} otherwise",
            count(best.gone_out),
            count(theirs.gone_out)
        ));
    }
    why.push('.');
    Some(Advice {
        action: best.action.clone(),
        line,
        why,
    })
}

/// The review's judgement of `played`, made by `seat` on `game`, from the
/// one analysis ([`crate::analysis`]): the mover's chance of winning after
/// it beside the best move's, a verdict by the chance lost, and the points
/// each scores now. A draw that keeps the turn is not judged.
pub fn judge<G: WordGame + Analysed>(
    game: &G,
    seat: SeatId,
    played: &G::Action,
) -> Option<Judgement<G::Action>> {
    let mine = worth(game, seat, played)?;
    if mine.word.is_none() && !mine.ends {
        return None;
    }
    let analysis = crate::analysis::analyse(game, seat, Some(played))?;
    let weighed = analysis.of(played)?;
    let verdict = Verdict::of_chance_lost(analysis.lost(played)?);
    let top = analysis.best();
    let best = if verdict == Verdict::Best {
        weighed
    } else {
        top
    };
    let theirs = worth(game, seat, &best.action)?;
    let worlds = analysis.worlds;
    // What a move gives away: the deals in which the round ended before
    // the seat's next turn, said where the two moves differ in it.
    let count = |share: f64| (share * worlds as f64).round() as usize;
    let (gone_best, gone_mine) = (count(best.gone_out), count(weighed.gone_out));
    let (sentence, child) = if verdict == Verdict::Best {
        let first = match &mine.word {
            Some(w) => format!("{w} for {}", points(mine.points)),
            None => format!("You {}", mine.text),
        };
        (
            format!(
                "{first}: no move gave a better chance of winning ({}).",
                in_words(weighed.chance)
            ),
            match &mine.word {
                Some(w) => format!("Great word: {w}!"),
                None => "Good move!".to_string(),
            },
        )
    } else {
        let first = match &theirs.word {
            Some(b) => format!(
                "{b} was there for {}; you {}.",
                points(theirs.points),
                mine.text
            ),
            None => format!("Better: {}. You {}.", theirs.text, mine.text),
        };
        let ended = if gone_best != gone_mine {
            format!(
                " The round ended before your next turn in {gone_mine} of {worlds} deals you could face, against {gone_best} the better way."
            )
        } else {
            String::new()
        };
        let (b, p) = (in_words(best.chance), in_words(weighed.chance));
        let lost = ((best.chance - weighed.chance) * 100.0).round().max(1.0);
        let chances = if b == p {
            format!(" Your chance of winning: {b} either way, {lost} in 100 less as you played.")
        } else {
            format!(" Your chance of winning: {b} the better way, {p} as you played.")
        };
        let child = match &theirs.word {
            Some(b) => format!(
                "{b} was there for {}. Look for it next time!",
                points(theirs.points)
            ),
            None => "There was a better move here. Ask for a hint next time!".to_string(),
        };
        (format!("{first}{ended}{chances}"), child)
    };
    let value = |chance: f64| (chance * 1000.0).round() as i64;
    let chances = Chances {
        before: top.chance,
        played: weighed.chance,
        best: best.chance,
    };
    Some(Judgement {
        best: best.action.clone(),
        played_value: value(weighed.chance),
        best_value: value(best.chance),
        unit: crate::analysis::UNIT,
        best_text: if verdict == Verdict::Best {
            mine.text.clone()
        } else {
            theirs.text
        },
        played_text: mine.text,
        verdict,
        sentence,
        child,
        chances: Some(chances),
    })
}

#[cfg(test)]
pub(crate) mod tests {

    #[test]
    fn a_hint_verb_takes_its_ing_form_by_english_spelling() {
        for (verb, ing) in [
            ("Take", "taking"),
            ("Challenge", "challenging"),
            ("Use", "using"),
            ("Put", "putting"),
            ("Let", "letting"),
            ("Swap", "swapping"),
            ("Draw", "drawing"),
            ("Play", "playing"),
            ("Lay", "laying"),
            ("Go", "going"),
            ("Pass", "passing"),
            ("Discard", "discarding"),
            ("Keep", "keeping"),
            ("See", "seeing"),
            ("Tie", "tying"),
            ("Open", "opening"),
        ] {
            assert_eq!(super::ing_form(verb), ing, "{verb}");
        }
        assert_eq!(
            super::gerund("Take L from the discard pile: it makes JOKE"),
            "taking L from the discard pile"
        );
    }
    use crate::game::Game;
    use crate::judgement::{MoveReview, Verdict};
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
        // The sentence names the best word and its points first: "JUKEBOX
        // was there for 108 points; …", or "JUKEBOX for 108 points: …" when
        // the move played was the best.
        let named = review.sentence.split(' ').next().unwrap_or_default();
        let said_points = review
            .sentence
            .split_once(" for ")
            .and_then(|(_, r)| r.split(' ').next())
            .and_then(|n| n.parse::<i64>().ok());
        if word.is_some() {
            assert_eq!(word.as_deref(), Some(named), "{review:?}");
            if let Some(gain) = gained(game, &copy) {
                assert_eq!(Some(gain), said_points, "{review:?}");
            }
        }
        // The chances agree with the verdict.
        let (before, played) = (
            review.chance_before.expect("a chance"),
            review.chance_played.expect("a chance"),
        );
        // (The chances are given to three places: a loss at a threshold
        // may round either way.)
        let lost = (before - played).max(0.0);
        assert!(
            (Verdict::of_chance_lost(lost - 0.0006)..=Verdict::of_chance_lost(lost + 0.0006))
                .contains(&review.verdict),
            "{review:?}"
        );
    }
}
