//! "How to play": each game's page names and explains every option as the
//! new-game form names it, holds no Markdown or notes for developers, opens
//! from the table with `r` (behind the curtain too) and goes back to the
//! same table, and scrolls no further than the text as wrapped on screen.

use super::app::{App, Screen, SetupForm};
use super::screens::rules::page_lines;
use super::test_kit::{config, press, render_cards, table};
use super::text::howto;
use ratatui::crossterm::event::KeyCode;
use rummy::seat::{BotLevel, Seat};
use rummy::variants::{VariantId, option_choices};

/// A game of `variant` on the table, started from the new-game form.
fn game(variant: VariantId, seats: Vec<Seat>) -> App {
    let mut app = App::new(config(false), None);
    app.setup = SetupForm::new(variant, Some(7));
    app.setup.seats = seats;
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    app
}

/// The option's label on the new-game form ("match_target" is "match
/// target"), as the form draws it.
fn label(name: &str) -> String {
    name.replace('_', " ")
}

#[test]
fn every_page_explains_every_option_by_the_forms_label() {
    for v in VariantId::ALL {
        let page = howto(v);
        let form = SetupForm::new(v, None);
        assert!(!form.options.is_empty(), "{v:?} has options");
        for (name, _) in &form.options {
            // An item of its own, saying what the option does.
            let item = format!("\n- {}: ", label(name));
            assert!(page.contains(&item), "{v:?}: no item for {name}:\n{page}");
            // And every value it takes, as the form shows it.
            for choice in option_choices(v, name) {
                assert!(
                    page.contains(&label(choice)),
                    "{v:?}: {name}'s value {choice} is not explained"
                );
            }
        }
        assert!(page.contains(v.title()), "{v:?} names its game");
    }
}

#[test]
fn every_page_has_the_parts_a_player_needs() {
    let theme = config(false).theme;
    for v in VariantId::ALL {
        let headings: Vec<String> = page_lines(v, &theme, 200, false)
            .into_iter()
            .filter(|(_, heading)| *heading)
            .map(|(l, _)| l)
            .collect();
        for part in [
            "What you are trying to do",
            "The deal",
            "A turn",
            "Options on the new-game form",
            "Keys on the table",
        ] {
            assert!(headings.iter().any(|h| h == part), "{v:?}: {part}");
        }
        // The keys name the way to this page and back.
        assert!(howto(v).contains("\n- r: this page."), "{v:?}");
    }
}

#[test]
fn no_page_holds_markdown_links_or_notes_for_developers() {
    let banned = [
        "**",
        "`",
        "#",
        "thread_rng",
        "is a test",
        "http",
        "](",
        "www.",
    ];
    for v in VariantId::ALL {
        let page = howto(v);
        for b in banned {
            assert!(!page.contains(b), "{v:?}'s page holds {b:?}");
        }
        // One paragraph a line: the screen wraps it, so no line is broken
        // by hand (a hand-broken paragraph would end without a full stop).
        for line in page.lines().filter(|l| l.len() > 100) {
            assert!(
                line.ends_with(['.', ')', ':']),
                "{v:?}: a long line that ends mid-sentence: {line}"
            );
        }
    }
}

#[test]
fn the_title_menu_opens_how_to_play_and_turns_to_other_games() {
    let mut app = App::new(config(false), None);
    // The third item: no Continue without saves.
    for _ in 0..2 {
        press(&mut app, KeyCode::Down);
    }
    let (title, _) = render_cards(&mut app, 80, 24);
    assert!(title.contains("▶ How to play"), "{title}");
    assert!(!title.contains("Rules"), "{title}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Rules);
    let (page, _) = render_cards(&mut app, 80, 24);
    assert!(page.contains("How to play: Wump Rummy"), "{page}");
    assert!(page.contains("←→ other game"), "{page}");
    press(&mut app, KeyCode::Right);
    assert_ne!(app.rules.variant, VariantId::Wump);
    let (page, _) = render_cards(&mut app, 80, 24);
    let title = format!("How to play: {}", app.rules.variant.title());
    assert!(page.contains(&title), "{page}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Title);
}

#[test]
fn r_on_every_table_opens_that_games_page_and_esc_brings_the_same_table_back() {
    for v in VariantId::ALL {
        let mut app = game(
            v,
            vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
        );
        let (before, _) = render_cards(&mut app, 100, 30);
        let moves = table(&app).game.movers().len();
        // `r` is on the table's help page, from the same list as its keys.
        press(&mut app, KeyCode::Char('?'));
        let (help, _) = render_cards(&mut app, 100, 30);
        assert!(help.contains("how to play this game"), "{v:?}:\n{help}");
        press(&mut app, KeyCode::Esc);
        assert!(!app.help);
        press(&mut app, KeyCode::Char('r'));
        assert_eq!(app.screen, Screen::Rules, "{v:?}: r opens the page");
        assert_eq!(app.rules.variant, v);
        let (page, face_up) = render_cards(&mut app, 100, 30);
        let title = format!("How to play: {}", v.title());
        assert!(page.contains(&title), "{page}");
        assert!(face_up.is_empty(), "{v:?}: no card on the page:\n{page}");
        assert!(page.contains("Esc back to the game"), "{page}");
        // From the table the page stays that game's.
        press(&mut app, KeyCode::Right);
        assert_eq!(app.rules.variant, v);
        press(&mut app, KeyCode::Esc);
        assert_eq!(app.screen, Screen::Table, "{v:?}: Esc goes back");
        assert_eq!(table(&app).game.movers().len(), moves);
        let (after, _) = render_cards(&mut app, 100, 30);
        assert_eq!(before, after, "{v:?}: the same table");
        // q goes back as Esc does; from the title, Esc goes to the title.
        press(&mut app, KeyCode::Char('r'));
        press(&mut app, KeyCode::Char('q'));
        assert_eq!(app.screen, Screen::Table);
    }
}

#[test]
fn the_page_from_behind_the_curtain_shows_no_hand_and_the_curtain_stays() {
    let mut app = game(
        VariantId::FiveSuited,
        vec![
            Seat::human("Ann"),
            Seat::human("Ben"),
            Seat::bot("Bot", BotLevel::Normal),
        ],
    );
    let curtain = table(&app).curtain();
    assert!(curtain.is_some(), "two humans: the curtain is down");
    let (before, face_up) = render_cards(&mut app, 100, 24);
    assert!(before.contains("Pass to Ann"), "{before}");
    assert!(face_up.is_empty());
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.screen, Screen::Rules);
    let (page, face_up) = render_cards(&mut app, 100, 24);
    assert!(face_up.is_empty(), "{page}");
    assert!(page.contains("How to play: 5 Suited Rummy"), "{page}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(table(&app).curtain(), curtain, "still down");
    let (after, face_up) = render_cards(&mut app, 100, 24);
    assert_eq!(before, after);
    assert!(face_up.is_empty(), "{after}");
    // Ann lifts it; the page hides her hand, and Esc shows it to her again.
    press(&mut app, KeyCode::Enter);
    assert!(table(&app).curtain().is_none());
    let (hers, face_up) = render_cards(&mut app, 100, 24);
    assert!(!face_up.is_empty(), "{hers}");
    press(&mut app, KeyCode::Char('r'));
    let (page, face_up) = render_cards(&mut app, 100, 24);
    assert!(face_up.is_empty(), "{page}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(render_cards(&mut app, 100, 24).0, hers);
}

#[test]
fn a_page_at_80_by_24() {
    let mut app = game(
        VariantId::Wrummy,
        vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)],
    );
    press(&mut app, KeyCode::Char('r'));
    insta::assert_snapshot!("wrummy_80x24", render_cards(&mut app, 80, 24).0);
}

#[test]
fn scrolling_stops_at_the_end_of_the_text_as_wrapped_at_the_screens_width() {
    let theme = config(false).theme;
    for (w, h) in [(80, 24), (130, 40)] {
        let mut app = App::new(config(false), None);
        app.rules.variant = VariantId::PlayOnWords;
        app.screen = Screen::Rules;
        let (page, _) = render_cards(&mut app, w, h);
        assert!(page.contains("How to play: Play On Words Rummy"));
        // The box's inside: the frame less its border, the status and the
        // key bar; the text no wider than a readable column.
        let (inner_w, inner_h) = ((w - 2).min(crate::tui::text::READABLE), h - 4 - 2);
        let wrapped = page_lines(app.rules.variant, &theme, inner_w, false);
        let unwrapped = howto(app.rules.variant).lines().count();
        assert!(wrapped.len() > unwrapped, "some paragraphs wrap at {w}");
        let end = (wrapped.len() - inner_h as usize) as u16;
        for _ in 0..100 {
            press(&mut app, KeyCode::PageDown);
        }
        assert_eq!(app.rules.scroll, end, "at {w}×{h}");
        press(&mut app, KeyCode::Down);
        assert_eq!(app.rules.scroll, end, "no further");
        // The last line of the text is on the box's last row.
        let (page, _) = render_cards(&mut app, w, h);
        let rows: Vec<&str> = page.lines().collect();
        let last = wrapped.last().map(|(l, _)| l.as_str()).unwrap_or_default();
        assert!(!last.is_empty());
        assert!(
            rows[inner_h as usize].contains(last),
            "{last:?} ends the box:\n{page}"
        );
        // One up moves one line, not back from past the end.
        press(&mut app, KeyCode::Up);
        assert_eq!(app.rules.scroll, end - 1);
        press(&mut app, KeyCode::Home);
        assert_eq!(app.rules.scroll, 0);
        press(&mut app, KeyCode::End);
        assert_eq!(app.rules.scroll, end);
    }
}

/// The shipped rules of `G`, as a game from the title menu is dealt.
fn shipped<G: rummy::game::Game>() -> rummy::rules::Rules<G::Options> {
    let src = rummy::variants::RulesSource {
        path: None,
        options: &[],
    };
    rummy::variants::load_rules::<G>(&src).expect("the shipped rules load")
}

/// How many cards a deck of `deck` has.
fn deck_size(deck: &rummy::deck::DeckSpec) -> usize {
    let ranks = deck.ranks.map_or(0, |r| r.ranks().count());
    let letters: usize = deck.letters.values().map(|c| usize::from(c.count)).sum();
    deck.suits.len() * ranks + usize::from(deck.jokers) + letters + usize::from(deck.wilds)
}

/// Every phrase of `want` is on the page of `v`.
fn says(v: VariantId, want: &[String]) {
    let page = howto(v);
    for phrase in want {
        assert!(page.contains(phrase.as_str()), "{v:?}: no {phrase:?}");
    }
}

#[test]
fn the_numbers_on_each_page_are_the_engines_and_the_rules() {
    use rummy::dict::Dictionary;
    use rummy::variants::{alpharummy, five_suited, play_on_words, wrummy, wump};
    let dict = Dictionary::shipped();

    let rules = shipped::<alpharummy::AlphaRummy>();
    let target = rules.options.target;
    let mut want = vec![
        format!("for {} to {} players", rules.seats.min, rules.seats.max),
        format!("race to {target} points"),
        format!("It starts at {target}."),
        format!("{} letter cards", deck_size(&rules.deck)),
        format!("Everyone gets {} cards", alpharummy::HAND),
        format!("you get {} fresh cards", alpharummy::HAND),
        format!("needs {} or more letters", alpharummy::score::MIN_LEN),
        format!("after {} rounds", alpharummy::MAX_ROUNDS),
    ];
    // The scoring table, row by row, as the engine scores.
    for (len, m, bonus) in alpharummy::score::table() {
        let more = if len == alpharummy::score::TOP_LEN {
            " or more"
        } else {
            ""
        };
        let cards = if bonus == 1 { "card" } else { "cards" };
        want.push(format!(
            "- {len} letters{more}: points times {m}, and {bonus} bonus {cards}."
        ));
    }
    says(VariantId::AlphaRummy, &want);
    // Its example, as `rummy score` explains it.
    let friend = alpharummy::score::explain_add_on(&rules.deck, &dict, "FIEND", "FRIEND");
    assert_eq!(
        friend.as_deref(),
        Ok("3 points and 3 bonus cards: R is 1 point, ×3 for six letters.")
    );
    assert!(
        howto(VariantId::AlphaRummy).contains("scores the R's 1 point times 3, and 3 bonus cards")
    );

    let rules = shipped::<play_on_words::PlayOnWords>();
    use play_on_words::score;
    let options = &rules.options;
    says(
        VariantId::PlayOnWords,
        &[
            format!("{} cards:", deck_size(&rules.deck)),
            format!("{} wild cards", rules.deck.wilds),
            format!("Everyone gets {} cards", play_on_words::HAND),
            format!("fewer than {} cards", play_on_words::FULL),
            format!("{} letters or longer", score::MIN_LEN),
            format!("{} points a letter", score::NEW_WORD),
            format!("{} point a letter of the new word", score::PLAY_ON),
            format!("also scores {} points a letter", score::PLAY_ON_REBUILT),
            format!("and score {} points", score::OUT_BONUS),
            format!("you score {} more", score::INITIAL_HAND_BONUS),
            format!("for {} points a letter", score::MUGGINS),
            format!(
                "Two players play {} rounds; three or four players play {} rounds",
                options.rounds_for(2),
                options.rounds_for(3)
            ),
        ],
    );
    // Each example scores what the page says.
    for (olds, new, points) in [
        (&[][..], "BAT", 6),
        (&[][..], "BOTHER", 12),
        (&["BAT"][..], "BATH", 4),
        (&["TAR"][..], "RATE", 8),
        (&["TALE"][..], "STABLE", 12),
        (&["BOOM", "RANG"][..], "BOOMERANG", 9),
        (&["NOW", "MOST"][..], "SNOWSTORM", 18),
    ] {
        let said = if olds.is_empty() {
            score::explain_word(&dict, new)
        } else {
            score::explain_on(&dict, olds, new)
        };
        let said = said.unwrap_or_else(|e| panic!("{new}: {e}"));
        assert!(
            said.starts_with(&format!("{points} points")),
            "{new}: {said}"
        );
    }

    let rules = shipped::<wrummy::Wrummy>();
    let letters: usize = rules
        .deck
        .letters
        .values()
        .map(|c| usize::from(c.count))
        .sum();
    let mut want = vec![
        format!("{letters} letter cards and {} wild cards", rules.deck.wilds),
        format!("Everyone gets {} cards", wrummy::HAND),
        format!("words of {} or more letters", wrummy::MIN_LEN),
        format!("you draw {} cards", wrummy::REFILL),
        format!("but it scores {}.", rules.deck.wild_value),
    ];
    for v in rules.deck.letters.values().map(|c| c.value) {
        let colour = super::theme::LetterTier::of(v).colour();
        want.push(format!("({colour}): {v} points."));
    }
    says(VariantId::Wrummy, &want);

    let rules = shipped::<five_suited::FiveSuited>();
    use five_suited::meld::{HIGH, LOW, WILD_POINTS};
    says(
        VariantId::FiveSuited,
        &[
            format!("for {} to {} players", rules.seats.min, rules.seats.max),
            format!("deck of {} cards", deck_size(&rules.deck)),
            format!(
                "With {} to {} players two decks",
                five_suited::ONE_DECK_SEATS + 1,
                five_suited::MAX_SEATS
            ),
            format!("Round 1 deals {LOW} cards"),
            format!("up to {HIGH} cards in round {}", five_suited::ROUNDS),
            format!("from 1 to {}", five_suited::ROUNDS),
            format!("It starts at {}.", rules.options.reshuffles),
            format!("wild rank: {WILD_POINTS}."),
            format!("A joker: {}.", rules.deck.joker_value),
        ],
    );

    let rules = shipped::<wump::Wump>();
    let target = rules.options.match_target;
    says(
        VariantId::Wump,
        &[
            format!("for {} to {} players", rules.seats.min, rules.seats.max),
            format!("deck of {} cards", deck_size(&rules.deck)),
            format!("{} cards are dealt face up into the center", wump::STARTERS),
            format!("each player gets {} cards", wump::HAND),
            format!("win {target} games wins the match"),
            format!("It starts at {target},"),
            format!("after {} games", wump::MAX_GAMES),
        ],
    );
}

#[test]
fn over_the_network_a_page_offers_no_take_back_and_says_the_seat_is_kept() {
    for v in VariantId::ALL {
        let home = super::text::howto_for(v, false);
        assert!(home.contains("\n- u:"), "{v}");
        let online = super::text::howto_for(v, true);
        assert!(!online.contains("- u:"), "{v}: {online}");
        assert!(!online.contains("saved after every move"), "{v}");
        assert!(
            online.contains("leave the table (your seat is kept: join it again to go on)"),
            "{v}: {online}"
        );
    }
}
