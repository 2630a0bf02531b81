//! The shipped word list is fit for a family word game: fixed lists of words
//! that must be legal, must be blocked and must be refused as non-words; the
//! reviewed files beside the list agree with it; and no bot, nor any hint,
//! ever plays a blocked word.

use rummy::dict::{Dictionary, Verdict};
use rummy::game::{Bot, Game, Session, Setup};
use rummy::rng::GameRng;
use rummy::seat::{BotLevel, Seat};
use rummy::variants::shipped_setup;
use rummy::variants::wrummy::{Phase, Wrummy, WrummyAction, bots::WordBot, hint};
use std::collections::BTreeSet;

/// Ordinary words a child may play: the fifteen the blocklists once named
/// once, words close to blocked ones, and everyday words.
#[rustfmt::skip] // a word list reads best as lines of words
const MUST_BE_LEGAL: &[&str] = &[
    // Blocked once, by lists that named them, though not profane.
    "jig", "spit", "dumb", "stupid", "idiot", "vomit", "slave", "tang", "nip", "niggle", "flange",
    "gables", "hobo", "loser", "poop",
    // Next to blocked words, or sharing their letters.
    "dike", "peacock", "cockpit", "cockatoo", "titmouse", "titter", "dickens", "scrap", "spade",
    "pansy", "booby", "raccoon", "cocoon", "cracker", "butt", "fart", "prick", "shuttlecock",
    "class", "grass", "assess", "bass", "hello",
    // Short words that are not letter plurals or abbreviations.
    "as", "is", "us", "hmm", "nth", "shh",
    // Everyday words.
    "cat", "dog", "run", "jump", "happy", "sad", "mom", "dad", "sun", "moon", "tree", "house",
    "ball", "play", "game", "word", "fish", "bird", "cake", "milk", "book", "read", "red", "blue",
    "green", "apple", "water", "friend", "school", "snow", "rain", "star", "smile", "laugh",
    "sing", "dance", "hug", "farm", "horse", "pig", "duck", "frog", "bus", "boat", "harm", "pad",
];

/// Profanity and slurs, in every inflected form: the ten `rummy check` once
/// accepted, the words bots once played, and their families.
#[rustfmt::skip] // a word list reads best as lines of words
const MUST_BE_BLOCKED: &[&str] = &[
    // Once accepted by `rummy check`.
    "cunts", "whores", "faggots", "fag", "dyke", "homos", "motherfuckers", "cocksuckers", "shit",
    "dildos",
    // Once played by bots (and FAG and HOMOS, above).
    "dick", "tit",
    // Their lemmas and other inflections.
    "cunt", "whore", "whoring", "faggot", "fags", "fagged", "fagging", "dykes", "homo",
    "motherfucker", "motherfucking", "cocksucker", "shits", "shat", "shitted", "shitting",
    "shitty", "shittier", "shittiest", "dildo", "dildoes", "dicks", "tits", "titty", "titties",
    // More of the same.
    "fuck", "fucks", "fucked", "fucking", "fucker", "fuckers", "bitch", "bitches", "bitched",
    "bitching", "ass", "asses", "asshole", "assholes", "jackass", "bastard", "bastards", "piss",
    "pissed", "pisses", "pissing", "bullshit", "horseshit", "crap", "crappy", "damn", "damned",
    "goddamn", "cock", "cocks", "pussy", "twat", "wank", "wanker", "wankers", "slut", "sluts",
    "turd", "nigger", "niggers", "nigga", "kike", "kikes", "spic", "spics", "wop", "wops", "gook",
    "coon", "coons", "dago", "wetback", "retard", "retarded", "spastic", "squaw", "kraut",
    // Slur spellings whose other senses a child never meets.
    "fagot", "fagots", "chink", "chinks",
    // Sexually explicit: not words for a family table.
    "porn", "orgasm", "orgasms", "rape", "raped", "rapist", "incest", "sodomy", "orgy", "orgies",
    // Words made from them, which no table of inflections gives.
    "pornographic", "orgasmic", "incestuous", "smutty", "erotica", "bastardize",
];

/// Letters that are not words: letter plurals and abbreviations SCOWL lists
/// in lower case, and a string of consonants.
#[rustfmt::skip] // a word list reads best as lines of words
const MUST_BE_NON_WORDS: &[&str] = &[
    "cs", "gs", "ks", "ls", "ms", "rs", "ss", "ts", "kb", "lm", "ln", "lx", "mb", "mf", "ps", "es",
    "csc", "dkl", "hhd", "vlmnt",
];

fn shipped() -> std::sync::Arc<Dictionary> {
    Dictionary::shipped()
}

#[test]
fn ordinary_words_a_child_may_play_are_legal() {
    let d = shipped();
    for w in MUST_BE_LEGAL {
        assert!(d.check(w).is_legal(), "{w}: {:?}", d.check(w));
        assert!(d.check(&w.to_uppercase()).is_legal(), "{w}");
    }
    assert_eq!(MUST_BE_LEGAL.len(), 90);
}

#[test]
fn profanity_and_slurs_are_blocked_in_every_form() {
    let d = shipped();
    for w in MUST_BE_BLOCKED {
        assert_eq!(d.check(w), Verdict::Blocked, "{w}");
        assert_eq!(d.check(&w.to_uppercase()), Verdict::Blocked, "{w}");
        assert!(!d.contains(w), "{w}");
    }
    assert_eq!(MUST_BE_BLOCKED.len(), 114);
}

#[test]
fn letter_plurals_and_abbreviations_are_not_words() {
    let d = shipped();
    for w in MUST_BE_NON_WORDS {
        assert_eq!(d.check(w), Verdict::NotInDictionary, "{w}");
    }
    assert_eq!(MUST_BE_NON_WORDS.len(), 20);
}

#[test]
fn the_fixed_lists_do_not_overlap() {
    let legal: BTreeSet<_> = MUST_BE_LEGAL.iter().collect();
    let blocked: BTreeSet<_> = MUST_BE_BLOCKED.iter().collect();
    let non: BTreeSet<_> = MUST_BE_NON_WORDS.iter().collect();
    assert!(legal.is_disjoint(&blocked) && legal.is_disjoint(&non) && blocked.is_disjoint(&non));
}

/// `word  # reason` lines of a reviewed file.
fn reviewed(text: &str) -> Vec<(&str, &str)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (word, reason) = l.split_once('#').expect("each word has its reason");
            (word.trim(), reason.trim())
        })
        .collect()
}

#[test]
fn every_reviewed_exception_is_legal_and_says_why() {
    let d = shipped();
    let allowed = reviewed(include_str!("../dictionaries/allowed.txt"));
    assert!(allowed.len() > 300, "{}", allowed.len());
    for (word, reason) in &allowed {
        assert!(!reason.is_empty(), "{word}");
        assert!(!d.is_blocked(word), "{word} is allowed but blocked");
    }
    for (word, reason) in reviewed(include_str!("../dictionaries/profane.txt")) {
        assert!(!reason.is_empty(), "{word}");
        assert_eq!(d.check(word), Verdict::Blocked, "{word}");
    }
}

#[test]
fn every_inflection_of_a_blocked_word_is_blocked() {
    let d = shipped();
    let allowed: BTreeSet<&str> = reviewed(include_str!("../dictionaries/allowed.txt"))
        .into_iter()
        .map(|(w, _)| w)
        .collect();
    let mut checked = 0;
    for line in include_str!("../dictionaries/inflections.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('\t');
        let (Some(form), Some(lemma), Some(_tag)) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("a line is form, lemma and tag: {line:?}");
        };
        if d.is_blocked(lemma) && !allowed.contains(form) {
            assert!(d.is_blocked(form), "{form}, a form of {lemma}");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn the_plural_table_knows_plurals_from_other_words() {
    // The table a rule about plurals reads (Play On Words Rummy): CATS,
    // BOXES and BABIES are plural nouns; HAS, YES, GAS, BUS, GLASS and NEWS
    // are not the plural of another word.
    let plurals: BTreeSet<(&str, &str)> = include_str!("../dictionaries/inflections.txt")
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() == 3 && f[2] == "NNS" && f[0] != f[1]).then(|| (f[0], f[1]))
        })
        .collect();
    let is_plural = |w: &str| plurals.iter().any(|(f, _)| *f == w);
    for w in ["cats", "boxes", "babies"] {
        assert!(is_plural(w), "{w}");
    }
    for w in ["has", "yes", "gas", "bus", "glass", "news"] {
        assert!(!is_plural(w), "{w}");
    }
}

fn setup(seats: usize, seed: u64, options: &[(&str, &str)]) -> Setup<<Wrummy as Game>::Options> {
    let seats = (0..seats)
        .map(|i| Seat::human(format!("P{}", i + 1)))
        .collect();
    shipped_setup::<Wrummy>(seats, seed, options).expect("shipped rules load")
}

/// The word an action puts on the table, if any.
fn word_of(action: &WrummyAction) -> Option<&str> {
    match action {
        WrummyAction::Play { word, .. }
        | WrummyAction::Extend { word, .. }
        | WrummyAction::Call { word, .. } => Some(word),
        _ => None,
    }
}

#[test]
fn no_bot_and_no_hint_ever_plays_a_blocked_word() {
    let levels = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];
    let options: [&[(&str, &str)]; 3] = [&[], &[("calls", "any_order")], &[("words", "strict")]];
    let mut words = 0;
    for seed in 0..18u64 {
        let seats = 2 + (seed % 3) as usize;
        let setup = setup(seats, seed, options[(seed % 3) as usize]);
        let dict = setup.dict.clone();
        let mut session = Session::<Wrummy>::new(setup).expect("valid setup");
        let bots: Vec<WordBot> = (0..seats)
            .map(|i| WordBot::new(levels[(i + seed as usize) % 3], dict.clone()))
            .collect();
        let mut rng = GameRng::new(seed, 5);
        let mut moves = 0;
        while let Some(seat) = session.state().to_move() {
            let view = session.state().view(seat);
            if let Some(h) = hint::hint(&view, &dict)
                && let Some(w) = word_of(&h.action)
            {
                assert!(dict.check(w).is_legal(), "the hint offered {w}");
            }
            let action = bots[seat.index()]
                .choose(&view, &mut rng)
                .expect("a bot always has a move");
            if let Some(w) = word_of(&action) {
                assert!(dict.check(w).is_legal(), "a bot played {w}");
                words += 1;
            }
            session.apply(seat, action).expect("a bot's move is legal");
            if matches!(session.state().phase(), Phase::Over) {
                break;
            }
            moves += 1;
            assert!(moves < 20_000, "the game does not end");
        }
    }
    assert!(words > 100, "{words}");
}
