//! The shipped word list is fit for a family word game: fixed lists of words
//! that must be legal, must be blocked and must be refused as non-words; the
//! reviewed files beside the list agree with it; and no bot, nor any hint,
//! ever plays a blocked word.

use rummy::dict::{Dictionary, NEVER_SUGGESTED, Verdict};
use rummy::game::{Bot, Game, Playable, Session, Setup};
use rummy::rng::GameRng;
use rummy::seat::{BotLevel, Seat};
use rummy::variants::alpharummy::{AlphaRummy, hint as alpha_hint};
use rummy::variants::play_on_words::{PlayOnWords, PowEvent, hint as pow_hint};
use rummy::variants::shipped_setup;
use rummy::variants::wrummy::{Phase, Wrummy, WrummyAction, bots::WordBot, hint};
use rummy::wordgame::Spelled;
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
    // British and Commonwealth spellings.
    "grey", "colour", "centre", "theatre", "favourite", "jewellery", "aluminium", "maths",
    "colours", "favourites", "neighbour", "organise", "realise", "licence", "tyre", "kerb",
    // Variant spellings American dictionaries also list.
    "axe", "cancelled", "travelling", "catalogue", "judgement", "amongst", "dialogue",
    // Loanwords in their unaccented spelling.
    "cafe", "cliche", "fiancee", "eclair", "melee", "pinata", "naive", "resume", "jalapeno",
    // Ordinary words that profanity lists name, which the rulings keep.
    "kill", "hell", "queen", "suit", "tool", "boy", "black", "naked", "pawn", "sob", "knob",
];

/// Profanity and slurs, in every inflected form: the ten `rummy check` once
/// accepted, the words bots once played, and their families.
#[rustfmt::skip] // a word list reads best as lines of words
const MUST_BE_BLOCKED: &[&str] = &[
    // Once accepted by `rummy check`.
    "cunts", "whores", "faggots", "fag", "dyke", "homos", "motherfuckers", "cocksuckers", "shit",
    "dildos",
    // Once played by bots (and FAG and HOMOS, above).
    "dick",
    // Their lemmas and other inflections.
    "cunt", "whore", "whoring", "faggot", "fags", "fagged", "fagging", "dykes", "homo",
    "motherfucker", "motherfucking", "cocksucker", "shits", "shat", "shitted", "shitting",
    "shitty", "shittier", "shittiest", "dildo", "dildoes", "dicks", "titty", "titties",
    // More of the same.
    "fuck", "fucks", "fucked", "fucking", "fucker", "fuckers", "bitch", "bitches", "bitched",
    "bitching", "asshole", "assholes", "jackass", "bastard", "bastards", "piss",
    "pissed", "pisses", "pissing", "bullshit", "horseshit", "crap", "crappy",
    "goddamn", "pussy", "twat", "wank", "wanker", "wankers", "slut", "sluts",
    "turd", "nigger", "niggers", "nigga", "kike", "kikes", "spic", "spics", "wop", "wops", "gook",
    "coon", "coons", "dago", "wetback", "retard", "retarded", "spastic", "squaw", "kraut",
    // Slur spellings whose other senses a child never meets.
    "fagot", "fagots", "chink", "chinks",
    // Sexually explicit: not words for a family table.
    "porn", "orgasm", "orgasms", "rape", "raped", "rapist", "incest", "sodomy", "orgy", "orgies",
    // Words made from them, which no table of inflections gives.
    "pornographic", "orgasmic", "incestuous", "smutty", "erotica", "bastardize", "bastardise",
    "sodomised",
    // Slurs once legal or laid by bots and hints, and their forms.
    "ofay", "sheeny", "jew", "jews", "jewed", "whitey", "honky", "payo",
    // Slurs in every sense (RULINGS.md), and vulgar words, in every form.
    "octoroon", "octoroons", "quadroon", "quadroons", "mongoloid", "mongoloids", "bogtrotter",
    "nancy", "ponce", "ponces", "poncy", "gringo", "gringos", "gringa", "frig", "frigs",
    "frigged", "frigging",
];

/// Plain, formal or dual-sense words about sex, the body or violence, and
/// mild oaths: legal for people (RULINGS.md), but bots, hints and the coach
/// never suggest them. One decision for a whole family: the words and their
/// inflections, and both spellings of GEEZ and JEEZ, WILLIE and WILLY.
#[rustfmt::skip] // a word list reads best as lines of words
const LEGAL_NEVER_SUGGESTED: &[&str] = &[
    "intercourse", "bondage", "threesome", "threesomes", "hooker", "hookers", "tit", "tits",
    "cock", "cocks", "cocked", "ass", "asses", "damn", "damned", "damns", "geez", "jeez",
    "willie", "willy", "willies", "weewee", "pee", "boob", "boobs",
];

/// Words current dictionaries list, clipped, informal and new ones among
/// them (RULINGS.md): the frequent words once refused.
#[rustfmt::skip] // a word list reads best as lines of words
const TODAYS_WORDS: &[&str] = &[
    "app", "tech", "max", "bro", "bio", "stat", "admin", "bot", "intro", "meta", "zen", "mana",
    "ling", "aw", "hm", "hmm", "el", "es", "psi", "lockdown", "crypto", "gameplay", "ebook", "chai",
    "yay", "podcast", "selfie", "emoji", "hashtag", "blog",
];

/// Letters that are not words: letter plurals and abbreviations SCOWL lists
/// in lower case, and a string of consonants.
#[rustfmt::skip] // a word list reads best as lines of words
const MUST_BE_NON_WORDS: &[&str] = &[
    "cs", "gs", "ks", "ls", "ms", "rs", "ss", "ts", "kb", "lm", "ln", "lx", "mb", "mf", "ps",
    "csc", "dkl", "hhd", "vlmnt",
    // Words of other languages that English has not taken in.
    "jefe", "masjid", "casa", "oui",
    // Abbreviations from SCOWL's abbreviation lists, and the current
    // dictionary's (which SCOWL's lists name too).
    "etc", "aug", "corp", "ibid", "approx", "asap", "misc", "atm",
    // Parts of foreign phrases and names that the current dictionary lists
    // in lower case.
    "annum", "facto", "vitro", "simon", "albert", "warcraft",
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
    assert_eq!(MUST_BE_LEGAL.len(), 133);
}

#[test]
fn profanity_and_slurs_are_blocked_in_every_form() {
    let d = shipped();
    for w in MUST_BE_BLOCKED {
        assert_eq!(d.check(w), Verdict::Blocked, "{w}");
        assert_eq!(d.check(&w.to_uppercase()), Verdict::Blocked, "{w}");
        assert!(!d.contains(w), "{w}");
    }
    assert_eq!(MUST_BE_BLOCKED.len(), 134);
}

#[test]
fn letter_plurals_and_abbreviations_are_not_words() {
    let d = shipped();
    for w in MUST_BE_NON_WORDS {
        assert_eq!(d.check(w), Verdict::NotInDictionary, "{w}");
    }
    assert_eq!(MUST_BE_NON_WORDS.len(), 37);
}

#[test]
fn todays_words_are_legal() {
    let d = shipped();
    for w in TODAYS_WORDS {
        assert!(d.check(w).is_legal(), "{w}: {:?}", d.check(w));
    }
    assert_eq!(TODAYS_WORDS.len(), 30);
}

#[test]
fn plain_and_dual_sense_words_are_legal_but_never_suggested() {
    let d = shipped();
    for w in LEGAL_NEVER_SUGGESTED {
        let verdict = d.check(w);
        assert_eq!(
            verdict,
            Verdict::Legal {
                tier: NEVER_SUGGESTED
            },
            "{w}"
        );
        assert!(!d.is_everyday(w), "{w}");
        assert!(verdict.explain(w).contains("never suggest"), "{w}");
    }
    assert_eq!(LEGAL_NEVER_SUGGESTED.len(), 25);
}

#[test]
fn a_word_family_is_decided_once() {
    // Every inflection of a word never suggested is legal and never
    // suggested, and every lemma of one too: no TIT legal beside TITS
    // blocked.
    let d = shipped();
    let pairs: Vec<(&str, &str)> = include_str!("../../dictionaries/inflections.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut fields = l.split('\t');
            Some((fields.next()?, fields.next()?))
        })
        .filter(|(form, lemma)| form != lemma && d.contains(form) && d.contains(lemma))
        .collect();
    // A word that is itself a form of another (ANI, of ANUS) heads no
    // family of its own here: ANIS is the plural of ANI the bird.
    let forms: BTreeSet<&str> = pairs.iter().map(|(form, _)| *form).collect();
    let quiet = |w: &str| d.tier(w) == Some(NEVER_SUGGESTED);
    let mut checked = 0;
    for (form, lemma) in pairs {
        if quiet(lemma) && !forms.contains(lemma) {
            assert!(quiet(form), "{form} (of {lemma}) is suggested");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
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
    let allowed = reviewed(include_str!("../../dictionaries/allowed.txt"));
    assert!(allowed.len() > 300, "{}", allowed.len());
    for (word, reason) in &allowed {
        assert!(!reason.is_empty(), "{word}");
        assert!(!d.is_blocked(word), "{word} is allowed but blocked");
    }
    for (word, reason) in reviewed(include_str!("../../dictionaries/profane.txt")) {
        assert!(!reason.is_empty(), "{word}");
        assert_eq!(d.check(word), Verdict::Blocked, "{word}");
    }
}

#[test]
fn every_inflection_of_a_blocked_word_is_blocked() {
    let d = shipped();
    let allowed: BTreeSet<&str> = reviewed(include_str!("../../dictionaries/allowed.txt"))
        .into_iter()
        .map(|(w, _)| w)
        .collect();
    let mut checked = 0;
    for line in include_str!("../../dictionaries/inflections.txt").lines() {
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
fn plurals_are_plurals_of_a_noun_in_any_reading() {
    // RULINGS.md: a word that is a noun's plural in any reading is a plural
    // (ACTS, BARS, LOGS), irregular plurals too; NEWS, GLASS, BUS, HAS, YES,
    // LENS, SERIES and SPECIES are not plurals.
    for w in [
        "cats",
        "boxes",
        "babies",
        "burgers",
        "despots",
        "tens",
        "eighths",
        "acts",
        "bars",
        "logs",
        "pruners",
        "loathers",
        "mice",
        "children",
        "teeth",
        "geese",
        "women",
        // Plurals of nouns the list did not have, or of nouns only current
        // dictionaries list.
        "apps",
        "techs",
        "bots",
        "stats",
        "intros",
        "guiders",
        "eddoes",
        "forwards",
        // Irregular and foreign plurals.
        "oxen",
        "people",
        "brethren",
        "kine",
        "cherubim",
        "seraphim",
        "taxa",
        "paparazzi",
        "chateaux",
        "gateaux",
        "bureaux",
        "tableaux",
    ] {
        assert!(Dictionary::is_plural(w), "{w} is a plural");
        assert!(Dictionary::is_plural(&w.to_uppercase()), "{w} is a plural");
    }
    for w in [
        "news", "glass", "bus", "has", "yes", "lens", "series", "species", "gas", "physics", "cat",
        "mouse", "child", "as", "is", "these", "those", "app", "ox", "person",
    ] {
        assert!(!Dictionary::is_plural(w), "{w} is not a plural");
    }
}

#[test]
fn bots_and_hints_lay_everyday_words_by_default() {
    let d = shipped();
    // Words bots and hints once laid that no family at the table knows.
    for w in [
        "epizoa",
        "batfowled",
        "aecia",
        "quean",
        "lurex",
        "knacker",
        "rishi",
        "faena",
        "bodgie",
        // Inflected forms far rarer than their lemmas, and a word without
        // a vowel, once rated everyday.
        "completest",
        "dinnered",
        "artsiest",
        "aortae",
        "babiest",
        "herniae",
        "nth",
    ] {
        assert!(d.check(w).is_legal(), "{w} stays legal for people");
        assert!(!d.is_everyday(w), "{w} is not an everyday word");
    }
    for w in [
        "cat", "house", "friend", "colour", "happy", "jumped", "cats", "apps",
    ] {
        assert!(d.is_everyday(w), "{w} is an everyday word");
    }
}

#[test]
fn nonsense_is_what_no_word_starts_with_or_has_no_vowel() {
    let d = shipped();
    for w in ["cdilllst", "xq", "bcdfg", "qzxv", "tsktskt"] {
        assert!(d.is_nonsense(w), "{w}");
    }
    // Words, blocked words, and a plausible non-word are not plain nonsense.
    for w in ["cat", "rhythm", "shit", "catt", "compu"] {
        assert!(!d.is_nonsense(w), "{w}");
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
        WrummyAction::Play(Spelled { word, .. })
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

/// Games per word game in the property below: 150 in `cargo test`, 500 in
/// the full run (`RUMMY_FULL_TESTS=1 cargo test --release`);
/// `RUMMY_WORD_GAMES` sets the count.
fn word_games() -> u64 {
    rummy::test_support::count("RUMMY_WORD_GAMES", 150, 500)
}

/// The games of [`bot_words`] whose hints are checked too: a hint runs the
/// hard bot's search, so fewer: 15 in `cargo test`, 40 in the full run.
fn hinted_games() -> u64 {
    rummy::test_support::scaled(15, 40)
}

/// Plays `games` bot games of `G` with seeded seats of random levels (and
/// the options of `options`, one set a game in turn), calling `each` with
/// every event of a bot's move, and of the move `hint` offers the seat to
/// move (in the first [`hinted_games`] games), played on a copy; returns
/// the words laid and how many were everyday words. Every word a hint
/// offers is legal, not blocked and an everyday word.
fn bot_words<G: Playable>(
    games: u64,
    options: &[&[(&str, &str)]],
    hint: impl Fn(&G, rummy::seat::SeatId) -> Option<G::Action>,
    mut each: impl FnMut(&G::Event),
) -> (usize, usize) {
    let levels = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];
    let (mut words, mut everyday) = (0, 0);
    let hinted = hinted_games();
    for seed in 0..games {
        let mut pick = GameRng::new(seed, 77);
        let n = 2 + pick.below(3) as usize;
        let seats: Vec<Seat> = (0..n)
            .map(|i| Seat::bot(format!("Bot {i}"), levels[pick.below(3) as usize]))
            .collect();
        let setup = shipped_setup::<G>(seats.clone(), seed, options[seed as usize % options.len()])
            .expect("shipped rules load");
        let dict = setup.dict.clone();
        let mut session = Session::<G>::new(setup).expect("valid setup");
        let mut rng = GameRng::for_bots(seed, 0);
        let mut moves = 0;
        while let Some(seat) = session.state().to_move() {
            if seed < hinted
                && let Some(action) = hint(session.state(), seat)
            {
                let mut copy = session.state().clone();
                let events = copy.apply(seat, &action).expect("a hint is legal");
                for e in &events {
                    if let Some(w) = G::word_made(e) {
                        let lower = w.to_ascii_lowercase();
                        assert!(dict.check(w).is_legal(), "seed {seed}: a hint offered {w}");
                        assert!(dict.is_everyday(&lower), "seed {seed}: a hint offered {w}");
                        assert_ne!(
                            dict.tier(&lower),
                            Some(NEVER_SUGGESTED),
                            "a hint offered {w}"
                        );
                    }
                    each(e);
                }
            }
            let rummy::seat::SeatKind::Bot(level) = seats[seat.index()].kind else {
                unreachable!("every seat is a bot")
            };
            let events = session.play_bot(level, &mut rng).expect("a bot moves");
            for e in &events {
                if let Some(w) = G::word_made(e) {
                    let lower = w.to_ascii_lowercase();
                    assert!(dict.check(w).is_legal(), "seed {seed}: a bot laid {w}");
                    assert!(!dict.is_blocked(&lower), "seed {seed}: a bot laid {w}");
                    assert_ne!(dict.tier(&lower), Some(NEVER_SUGGESTED), "a bot laid {w}");
                    words += 1;
                    everyday += dict.is_everyday(&lower) as usize;
                }
                each(e);
            }
            moves += 1;
            assert!(moves < 50_000, "seed {seed}: the game does not end");
        }
    }
    (words, everyday)
}

/// Every word bots lay in every word game is legal and not blocked, at
/// least 95 % of them are everyday words (by default, all are), and in Play
/// On Words no new word from hand is a plural.
#[test]
fn every_word_the_bots_lay_is_legal_everyday_and_no_plural_from_hand() {
    let games = word_games();
    let mut report = Vec::new();
    let (w, e) = bot_words::<Wrummy>(
        games,
        &[&[], &[("words", "strict")]],
        |g, seat| hint::hint(&g.view(seat), g.dictionary()).map(|h| h.action),
        |_| {},
    );
    report.push(("Wrummy", w, e));
    let (w, e) = bot_words::<AlphaRummy>(
        games,
        &[&[("target", "150")], &[]],
        |g, seat| alpha_hint::hint(&g.view(seat), g.dictionary()).map(|h| h.action),
        |_| {},
    );
    report.push(("AlphaRummy", w, e));
    let mut from_hand = 0;
    let (w, e) = bot_words::<PlayOnWords>(
        games,
        &[&[], &[("words", "challenge"), ("version", "full_deck")]],
        |g, seat| pow_hint::hint(&g.view(seat), g.dictionary()).map(|h| h.action),
        |event| {
            if let PowEvent::Laid { word, .. } = event {
                assert!(
                    !Dictionary::is_plural(word),
                    "a bot laid the plural {word} from hand"
                );
                from_hand += 1;
            }
        },
    );
    report.push(("Play On Words", w, e));
    assert!(from_hand > 0);
    for (game, words, everyday) in report {
        assert!(words > 20, "{game}: {words} words");
        assert!(
            everyday * 100 >= words * 95,
            "{game}: {everyday} of {words} words are everyday words"
        );
    }
}

/// With `bot_words = "whole"`, the hard bot lays rarer words too: the
/// option reaches the bots; and still no bot lays a word never suggested
/// (`bot_words` asserts it of every word).
#[test]
fn the_whole_dictionary_option_lets_bots_lay_rare_words() {
    let games = 20;
    let whole: &[(&str, &str)] = &[("bot_words", "whole"), ("target", "150")];
    let (words, everyday) = bot_words::<AlphaRummy>(games, &[whole], |_, _| None, |_| {});
    assert!(
        everyday < words,
        "{everyday} of {words} words are everyday words"
    );
    let whole: &[(&str, &str)] = &[("bot_words", "whole")];
    let (words, _) = bot_words::<Wrummy>(games / 2, &[whole], |_, _| None, |_| {});
    assert!(words > 20, "{words}");
    let (words, _) = bot_words::<PlayOnWords>(games / 2, &[whole], |_, _| None, |_| {});
    assert!(words > 20, "{words}");
}
