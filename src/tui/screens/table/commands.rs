//! The table's commands, as they stand now: one list for each moment (the
//! question before leaving, the end of a game, the curtain, a word being
//! typed, a center card being picked, play). The game's own keys come from
//! the game (`TableGame::game_keys`, `enter_key`, `drawing`, `typing`).

use crate::tui::adapter::Piles;
use crate::tui::commands::{
    Command, DOWN, ENTER, ESC, Key, LEFT, RIGHT, Rank, SPACE, UP, ch, help_lines, help_own_lines,
};
use crate::tui::screens::table::state::TableState;
use crate::tui::screens::table::state::TableView;
use ratatui::crossterm::event::KeyCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The question before leaving: yes, or anything else.
    Leave,
    Stay,
    /// Past the end of a game or round.
    GoOn,
    /// The curtain: show the hand to the player at the keyboard.
    Show,
    /// Typing a word.
    Type,
    Erase,
    Way,
    PlayWord,
    StopTyping,
    /// Picking the center card the selected card takes.
    Target,
    TargetDigit,
    Unpick,
    /// Taking from the center (a train).
    CenterCard,
    CenterDigit,
    CenterTake,
    /// Drawing.
    Stock,
    Top,
    Word,
    HandCard,
    Pick,
    /// Enter: play (or take with) the selected card, or discard it.
    Play,
    Place,
    Sort,
    Group,
    GameKey(char),
    Hint,
    Undo,
    /// Kids' mode asks before a card is put down while another could take.
    PlaceAnyway,
    KeepCard,
    /// Taking back another human's move: yes, or anything else.
    UndoTheirs,
    KeepMoves,
    /// Asking why a center card can or can't be taken.
    Why,
    AskCard,
    AskDigit,
    StopAsking,
    Help,
    /// `r`: how to play the game on the table (Esc comes back to it).
    HowTo,
    /// `q`: the question before leaving (or back, once the game is over).
    Quit,
    /// `n`, once the game is over: the same game again with a new deal.
    PlayAgain,
    /// `r` at the game's end: "How did I play?", the replay with every
    /// move judged.
    Review,
    /// Over the network, the table's creator: a bot plays for a seat whose
    /// player has been away too long.
    StandIn,
    /// At the lesson's end: play on alone, the coach gone.
    PlayOn,
    /// At the lesson's end: play on with the coach.
    KeepCoach,
    /// Practising a slip: the answer, after a try.
    Answer,
    /// Practising a slip: the next one.
    NextSlip,
}

/// The arrows, and `k`/`j`/`l`: `h` is the hint on the table.
const CARD_KEYS: [Key; 7] = [LEFT, UP, ch('k'), RIGHT, DOWN, ch('j'), ch('l')];

/// The card keys on the help page; which way each goes is said after
/// what they do ([`CARD_KEYS_WAY`]).
const CARD_KEYS_HELP: &str = "←→↑↓ k j l";

/// Which way the card keys go: ← ↑ k one card back, → ↓ j l one on.
const CARD_KEYS_WAY: &str = "(← ↑ k back, → ↓ j l on)";

/// The table's commands now.
pub fn commands(t: &TableState, v: &TableView) -> Vec<Command<Action>> {
    let help = Command::new(Action::Help, &[ch('?')]);
    if t.confirm_quit {
        return vec![
            help,
            Command::new(Action::Leave, &[ch('y'), ch('Y')]).bar("y leave"),
            Command::new(Action::Stay, &[Key::Any]).bar("n stay"),
        ];
    }
    let again = || {
        Command::new(Action::PlayAgain, &[ch('n')])
            .bar("n play again")
            .help("n", "play again: the same seats, a new deal")
            .enabled(t.online.is_none())
    };
    let review = || {
        Command::new(Action::Review, &[ch('r')])
            .bar("r review")
            .help("r", "how did you play? every move judged, in the replay")
            .enabled(t.online.is_none())
    };
    if t.end.as_ref().is_some_and(|e| e.match_over) {
        return vec![
            Command::new(Action::GoOn, &[ENTER, SPACE, ESC, ch('q')])
                .bar("Enter title")
                .help("Enter, q", "back to the title"),
            again(),
            review(),
            help,
        ];
    }
    if let Some(end) = &t.end {
        return vec![
            Command::new(Action::GoOn, &[ENTER, SPACE, ESC])
                .bar("Enter go on")
                .help("Enter, Esc", format!("on to the next {}", end.next)),
            Command::new(Action::Quit, &[ch('q')]).bar("q leave").help(
                "q",
                "leave the game (it is saved: Continue goes on with it)",
            ),
            help,
        ];
    }
    if t.offering() {
        return vec![
            Command::new(Action::PlayOn, &[ENTER, SPACE])
                .bar("Enter play on alone")
                .help(
                    "Enter",
                    "play on alone: the coach steps aside (h still gives a hint)",
                ),
            Command::new(Action::KeepCoach, &[ch('c')])
                .bar("c keep the coach")
                .help("c", "play on with the coach"),
            Command::new(Action::Quit, &[ch('q'), ESC])
                .bar("q leave")
                .help(
                    "q",
                    "leave the game (it is saved: Continue goes on with it)",
                ),
            help.bar("? help"),
        ];
    }
    if t.game.is_over() {
        return vec![
            Command::new(Action::Quit, &[ch('q'), ESC])
                .bar("q title")
                .help("q, Esc", "back to the title"),
            again(),
            howto(),
            help.bar("? help"),
        ];
    }
    if t.curtain().is_some() {
        return vec![
            Command::new(Action::Show, &[ENTER, SPACE]).bar("Enter show the table"),
            howto(),
            help.bar("? help"),
            Command::new(Action::Quit, &[ch('q'), ESC]).bar("q leave"),
        ];
    }
    if t.confirm_place.is_some() {
        return vec![
            Command::new(Action::PlaceAnyway, &[ch('y'), ch('Y')]).bar("y put it down"),
            Command::new(Action::KeepCard, &[Key::Any]).bar("n keep it"),
        ];
    }
    if t.confirm_undo.is_some() {
        return vec![
            Command::new(Action::UndoTheirs, &[ch('y'), ch('Y')]).bar("y take it back"),
            Command::new(Action::KeepMoves, &[Key::Any]).bar("n keep it"),
        ];
    }
    if t.asking.is_some() {
        return asking();
    }
    if t.typing.is_some() {
        return typing(v);
    }
    if t.picking.is_some() {
        return picking(v.targets.len() > 1);
    }
    let mut list = play(t, v);
    if let Some(d) = t.drill.as_ref() {
        list.push(
            Command::new(Action::Answer, &[ch('a')])
                .bar("a answer")
                .help("a", "the best move and why (after a try)")
                .enabled(d.may_answer()),
        );
        list.push(
            Command::new(Action::NextSlip, &[ch('n')])
                .bar("n next slip")
                .help("n", "the next of your slips"),
        );
    }
    list
}

/// `r`: the "How to play" page of the game on the table; no hand is on
/// it, so it opens from behind the curtain too.
fn howto() -> Command<Action> {
    Command::new(Action::HowTo, &[ch('r')])
        .bar("r how to play")
        .rank(Rank::Extra)
        .help("r", "how to play this game (Esc comes back here)")
}

/// While a word is typed.
pub(crate) fn typing(v: &TableView) -> Vec<Command<Action>> {
    // Each key is offered only when it does something: Tab with two ways
    // or more, Backspace with a letter to erase, Enter on the bar with a
    // word the game would take (pressed on another, it says why not, as
    // the status line already does).
    let ways = v.plan.as_ref().map_or(0, |p| p.ways);
    let playable = v.plan.as_ref().is_some_and(|p| !p.error && p.ways > 0);
    typing_with(!v.typed.is_empty(), ways, playable)
}

/// The keys while a word is typed, for a coach planning what to press:
/// every one as it is once a word with several ways stands typed.
pub(crate) fn typing_all() -> Vec<Command<Action>> {
    typing_with(true, 2, true)
}

fn typing_with(erase: bool, ways: usize, playable: bool) -> Vec<Command<Action>> {
    let mut play = Command::new(Action::PlayWord, &[ENTER])
        .bar("Enter play")
        .help("Enter", "play the word, or say why it cannot be");
    play.on_bar = playable;
    vec![
        Command::new(Action::Type, &[Key::Letter])
            .bar("letters type")
            .help("letters", "type the word"),
        Command::new(Action::Erase, &[Key::Code(KeyCode::Backspace)])
            .bar("Backspace erase")
            .help("Backspace", "erase the last letter")
            .enabled(erase),
        Command::new(
            Action::Way,
            &[Key::Code(KeyCode::Tab), Key::Code(KeyCode::BackTab)],
        )
        .bar("Tab another way")
        .rank(Rank::Extra)
        .help("Tab", format!("another way to play it ({ways} now)"))
        .enabled(ways > 1),
        play,
        Command::new(Action::StopTyping, &[ESC])
            .bar("Esc stop")
            .help("Esc", "stop typing"),
        Command::new(Action::Help, &[ch('?')]),
    ]
}

/// While asking why a center card can or can't be taken.
fn asking() -> Vec<Command<Action>> {
    vec![
        Command::new(Action::AskCard, &CARD_KEYS)
            .bar("←→ which card")
            .rank(Rank::Choose)
            .help(
                CARD_KEYS_HELP,
                format!("ask about another center card {CARD_KEYS_WAY}"),
            ),
        Command::new(Action::AskDigit, &[Key::Digit]).help("1 to 9", "ask about that center card"),
        Command::note("mouse", "click a center card to ask about it"),
        Command::new(Action::StopAsking, &[ESC, ENTER, SPACE, ch('w'), ch('q')])
            .bar("Esc back")
            .help("Esc, w", "back to your hand"),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
    ]
}

/// While the selected card's target in the center is picked.
/// The keys while a center card to take is chosen: `choice` when more
/// than one could be taken (with a single one, only the take is offered).
pub(crate) fn picking(choice: bool) -> Vec<Command<Action>> {
    vec![
        Command::new(Action::Target, &CARD_KEYS)
            .bar("←→ which card")
            .rank(Rank::Choose)
            .help(
                CARD_KEYS_HELP,
                format!("choose the center card to take {CARD_KEYS_WAY}"),
            )
            .enabled(choice),
        Command::new(Action::TargetDigit, &[Key::Digit]).help("1 to 9", "take that card"),
        Command::new(Action::Play, &[ENTER, SPACE])
            .bar("Enter take")
            .help("Enter/space", "take it"),
        Command::new(Action::Place, &[ch('p')])
            .bar("p put down instead")
            .help("p", "put the selected card in the center instead"),
        Command::new(Action::Unpick, &[ESC])
            .bar("Esc back")
            .help("Esc", "back to your hand"),
        Command::new(Action::Hint, &[ch('h')])
            .bar("h hint")
            .rank(Rank::Extra)
            .help("h", "hint: the best move and why"),
        Command::new(Action::Undo, &[ch('u')]),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Quit, &[ch('q')]),
    ]
}

/// Play: drawing, taking from the center, typing a word, the hand, the
/// game's own keys, and what every table has.
fn play(t: &TableState, v: &TableView) -> Vec<Command<Action>> {
    let game = &t.game;
    let me = v.actor;
    let draws = game.draws_cards();
    let piles = game.piles();
    let drawing = me.and_then(|m| game.drawing(m)).is_some();
    // A top card to take (none when the pile is empty or closed this turn).
    let top = me.and_then(|m| game.drawing(m)).flatten().is_some();
    let takes = me.is_some_and(|m| game.takes_from_center(m));
    let enter = me.and_then(|m| game.enter_key(m));
    let center = v.snap.center_label.to_lowercase();
    // The hand's keys go on the bar while the hand has a move to make.
    let moves = !v.moves.is_empty();
    // Asking about a center card, in a game that explains its takes.
    let why = v.asker().is_some_and(|seat| {
        me.is_none_or(|m| game.typing(m).is_none())
            && v.snap
                .center
                .first()
                .is_some_and(|c| game.why_take(seat, c.id).is_some())
    });
    let mut list = vec![
        Command::new(Action::Stock, &[ch('s')])
            .bar(format!("s {}", piles.stock))
            .help("s", format!("draw the top card of the {}", piles.stock))
            .enabled(draws)
            .on_bar(drawing && me.is_some_and(|m| game.stock_refusal(m).is_none())),
        // Where a card may be taken from deep in the center, `d` takes its top.
        Command::new(Action::Top, &[ch('d')])
            .bar(if takes || !center.contains("discard") {
                "d top"
            } else {
                "d discard"
            })
            .help("d", format!("take the top card of the {center} (or click it)"))
            .enabled(draws && piles.discard_pile)
            .on_bar(top),
        Command::new(Action::CenterCard, &CARD_KEYS)
            .bar(format!("←→ {center} card"))
            .rank(Rank::Choose)
            .help(
                CARD_KEYS_HELP,
                format!(
                    "pick a card of the {center} {CARD_KEYS_WAY};\nEnter (or a click) takes it and every card above it"
                ),
            )
            .enabled(takes)
            // With one card there is no other to pick.
            .on_bar(v.snap.center.len() > 1),
        Command::new(Action::CenterDigit, &[Key::Digit]).enabled(takes),
        Command::new(Action::CenterTake, &[ENTER, SPACE])
            .bar("Enter take")
            .enabled(takes),
    ];
    if let Some(entry) = me.and_then(|m| game.typing(m)) {
        list.push(
            Command::new(Action::Word, &[ch('w')])
                .bar(format!("w {}", entry.key))
                .help("w", format!("{};\nthe cards it uses light up", entry.what)),
        );
    }
    // The game's own keys before the hand's: they are what this moment
    // asks for (take back, bonus cards, go out). They rank as moves, so a
    // narrow key bar keeps them over the optional keys.
    if let Some(me) = me {
        list.extend(game_keys(t, me, enter));
    }
    let draws = draws.then_some(piles);
    list.extend(hand(v, draws, !takes, enter.is_none(), moves));
    // On the bar once there is a move the key would take back (the
    // engine allows it, and it is the seat's own or, in the open, the
    // last person's); before, the key says why there is none.
    // Over the network a move stays made: the others have seen it, and
    // the key says so.
    let undo = Command::new(Action::Undo, &[ch('u')]).help(
        "u",
        if t.online.is_some() {
            "no take-back here: a move stays made (u says why)"
        } else {
            "take back your last move (and the bots' since)"
        },
    );
    let undo = if matches!(t.undo_now(), Ok(Some(_))) {
        undo.bar("u undo").rank(Rank::Extra)
    } else {
        undo
    };
    list.extend([
        // `h` shows the hint, then its reason; once both show, it is done.
        Command::new(Action::Hint, &[ch('h')])
            .bar(if t.hint.is_some() {
                "h reason"
            } else {
                "h hint"
            })
            .rank(Rank::Extra)
            .help("h", "hint: the best move; again: its reason")
            // A slip practised keeps its answer until tried (a child may
            // ask for the hint).
            .enabled(
                me.is_some()
                    && !(t.hint.is_some() && t.explain)
                    && (t.kids || t.drill.as_ref().is_none_or(|d| d.tries > 0)),
            ),
        undo,
        Command::new(Action::Why, &[ch('w')])
            .bar("w why")
            .rank(Rank::Extra)
            .help("w", "why can or can't a center card be taken?")
            .enabled(why),
        howto(),
        stand_in(t),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        // A center that is only drawn from (Play On Words Rummy's draw
        // pile) has no card to click.
        Command::note(
            "mouse",
            &if piles.discard_pile || takes {
                format!("click a hand card, or a {center} card to take it")
            } else {
                "click a hand card".to_string()
            },
        ),
        Command::new(Action::Quit, &[ch('q'), ESC])
            .bar("q leave")
            .help("q, Esc", "leave (the game is saved after every move)"),
        if t.online.is_some() {
            Command::note("Ctrl-C", "leave the server (your seat is kept)")
        } else {
            Command::note("Ctrl-C", "quit (asks first if saves fail); Ctrl-Z suspends")
        },
    ]);
    list
}

/// `b`, for the creator of a table played over the network while a seat's
/// player is away too long: a bot plays for them until they are back.
fn stand_in(t: &TableState) -> Command<Action> {
    let away = t
        .online
        .as_ref()
        .filter(|at| at.creator)
        .and_then(|at| at.away.first());
    let name = away.map_or(String::new(), |(_, name)| name.clone());
    Command::new(Action::StandIn, &[ch('b')])
        .bar(format!("b bot for {name}"))
        .rank(Rank::Extra)
        .help("b", format!("a bot plays for {name} until they are back"))
        .enabled(away.is_some())
}

/// The hand's keys: select a card, play or discard it, order the hand.
/// `draws`: the piles of a game with draws. `free`: the arrows and Enter
/// are the hand's (not the center's, not the game's key of the moment).
fn hand(
    v: &TableView,
    draws: Option<Piles>,
    arrows: bool,
    free_enter: bool,
    moves: bool,
) -> Vec<Command<Action>> {
    // A digit plays the card at once (or, with a card to take, starts
    // choosing which): the bar says so.
    let (pick, pick_bar) = match draws {
        Some(piles) => (
            format!("select that card and {}", piles.put_it),
            format!("1-9 {}", piles.put),
        ),
        None => (
            "select that card and play it".to_string(),
            "1-9 play".to_string(),
        ),
    };
    // Enter (and `p`) go on the bar while the selected card has a move:
    // the engine's moves say which cards may be played now.
    let selected = |put_down: bool| {
        v.moves
            .iter()
            .any(|m| Some(m.card) == v.selected && (!put_down || m.target.is_none()))
    };
    let mut list = vec![
        Command::new(Action::HandCard, &CARD_KEYS)
            .bar("←→ card")
            .rank(Rank::Choose)
            .help(
                CARD_KEYS_HELP,
                format!("select a card of your hand {CARD_KEYS_WAY}"),
            )
            .enabled(arrows)
            // With one card there is no other to select.
            .on_bar(moves && v.hand.len() > 1),
        Command::new(Action::Pick, &[Key::Digit])
            .bar(pick_bar)
            .help("1 to 9", pick)
            .enabled(arrows)
            .on_bar(moves),
    ];
    if let Some(piles) = draws {
        // In a game with a discard pile, `p` discards as Enter does.
        let (keys, help): (&[Key], &str) = if piles.discard_pile {
            (&[ENTER, SPACE, ch('p')], "Enter, p")
        } else {
            (&[ENTER, SPACE], "Enter")
        };
        list.push(
            Command::new(Action::Play, keys)
                .bar(format!("Enter {}", piles.put))
                .help(help, piles.put_card)
                .enabled(arrows && free_enter)
                .on_bar(selected(false)),
        );
    } else {
        list.extend([
            Command::new(Action::Play, &[ENTER, SPACE])
                .bar("Enter play")
                .help(
                    "Enter/space",
                    "play it: if it can take a center card, choose\nwhich (← →, Enter); else it goes to the center",
                )
                .enabled(arrows && free_enter)
                .on_bar(selected(false)),
            Command::new(Action::Place, &[ch('p')])
                .bar("p put down")
                .help("p", "put the selected card in the center")
                .on_bar(selected(true)),
        ]);
    }
    list.extend([
        Command::new(Action::Sort, &[ch('o')])
            .bar("o sort")
            .rank(Rank::Extra)
            .help("o", "sort loose cards by suit or by rank")
            .enabled(v.snap.sortable),
        Command::new(Action::Group, &[ch('g')])
            .bar("g group")
            .rank(Rank::Extra)
            .help("g", "group your melds first, or not")
            .enabled(v.snap.sortable),
    ]);
    list
}

/// The game's own keys now; Enter stands for the one `enter` names.
fn game_keys(t: &TableState, me: rummy::seat::SeatId, enter: Option<char>) -> Vec<Command<Action>> {
    let keys = t.game.game_keys(me);
    let mut list: Vec<Command<Action>> = keys
        .iter()
        .map(|(k, what)| {
            if Some(*k) == enter {
                Command::new(Action::GameKey(*k), &[ch(*k), ENTER, SPACE])
                    .bar(format!("{k}/Enter {what}"))
                    .help(format!("{k}, Enter"), what.clone())
            } else {
                Command::new(Action::GameKey(*k), &[ch(*k)])
                    .bar(format!("{k} {what}"))
                    .help(k.to_string(), what.clone())
            }
        })
        .collect();
    if let Some(k) = enter.filter(|e| !keys.iter().any(|(k, _)| k == e)) {
        list.push(Command::new(Action::GameKey(k), &[ENTER, SPACE]));
    }
    list
}

/// The table's help page: its commands now, what the game says of itself
/// (what the marks on cards mean, the keys of other moments, its numbers),
/// and the keys of the help.
pub fn help_page(t: &TableState, commands: &[Command<Action>]) -> String {
    let letters = t.game.snapshot(None).word_game;
    format!(
        "{}\n\n{}\n{}\n\n{}",
        help_lines(commands, 12),
        t.game.help_notes(),
        crate::tui::widgets::cards::legend(letters).join("\n"),
        help_own_lines(12)
    )
}
