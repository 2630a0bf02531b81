//! Every longer text of the screen in one place: the rule texts, the help
//! pages and the key bars.

use super::app::Screen;
use rummy::variants::VariantId;

const RULINGS: &str = include_str!("../../rules/text/rulings.md");

/// The rule text of a game as written by its author.
pub fn rule_source(v: VariantId) -> &'static str {
    match v {
        VariantId::Wrummy => include_str!("../../rules/text/wrummy-3-4-5.txt"),
        VariantId::AlphaRummy => include_str!("../../rules/text/alpharummy-500.txt"),
        VariantId::PlayOnWords => include_str!("../../rules/text/play-on-words-rummy.txt"),
        VariantId::FiveSuited => include_str!("../../rules/text/five-suited-rummy.txt"),
        VariantId::Wump => include_str!("../../rules/text/wump-rummy.txt"),
    }
}

/// One `## Heading` section of the rulings, without its heading.
fn rulings_section(heading: &str) -> &'static str {
    let Some(start) = RULINGS.find(&format!("## {heading}\n")) else {
        return "";
    };
    let body = &RULINGS[start..];
    let body = &body[body.find('\n').map_or(body.len(), |i| i + 1)..];
    body.find("\n## ").map_or(body, |end| &body[..end]).trim()
}

/// The rule text followed by our rulings for that game and for all games.
pub fn rules_text(v: VariantId) -> String {
    let title = v.title();
    format!(
        "{}\n\nOUR RULINGS FOR {}\n\n{}\n\nOUR RULINGS FOR ALL GAMES\n\n{}\n",
        rule_source(v).trim(),
        title.to_uppercase(),
        rulings_section(title),
        rulings_section("All games")
    )
}

/// The keys of each screen, for the bar at the bottom.
pub fn key_bar(screen: Screen, picking: bool) -> &'static str {
    match screen {
        Screen::Title => "↑↓ move  Enter choose  ? help  q quit",
        Screen::Setup => {
            "↑↓ row  ←→ change  Enter edit/start  s start  r random seed  ? help  Esc back"
        }
        Screen::Table if picking => {
            "←→ which card  Enter take  p put down instead  Esc back  h hint  ? help"
        }
        Screen::Table => {
            "←→ card  1-9 pick  Enter play  p put down  h hint  u undo  ? help  q leave"
        }
        Screen::Load => "↑↓ move  Enter load  Esc back",
        Screen::Rules => "↑↓ PgUp PgDn scroll  ←→ other game  Esc back",
    }
}

/// A key bar cut to `width` columns: the keys that do not fit are left out
/// from the end, but help (`?`) and the way out (`q`, `Esc`) always stay.
pub fn fit_key_bar(keys: &str, width: usize) -> String {
    let cols = |s: &str| ratatui::text::Line::from(s).width();
    if cols(keys) <= width {
        return keys.to_string();
    }
    let entries: Vec<&str> = keys.split("  ").collect();
    let kept = |e: &str| e.starts_with("? ") || e.starts_with("q ") || e.starts_with("Esc ");
    // Each entry takes its width and the two spaces before the next.
    let mut used: usize = entries
        .iter()
        .filter(|e| kept(e))
        .map(|e| cols(e) + 2)
        .sum();
    let mut shown = Vec::new();
    for &e in &entries {
        if kept(e) {
            shown.push(e);
        } else if used + cols(e) <= width {
            used += cols(e) + 2;
            shown.push(e);
        }
    }
    shown.join("  ")
}

/// The table's key bar in 5 Suited Rummy.
pub const FIVE_SUITED_KEYS: &str =
    "s stock  d discard  ←→ card  Enter discard  o sort  g group  h hint  u undo  ? help  q leave";

/// The table's help page in 5 Suited Rummy.
pub const FIVE_SUITED_HELP: &str = "s           draw the top card of the stock\n\
     d           take the top card of the discard pile (or click it)\n\
     ← → k j l   select a card of your hand\n\
     1 to 9      select that card and discard it\n\
     Enter, p    discard the selected card; if the rest of your hand\n\
     \x20           forms sets and runs, you go out\n\
     o           sort loose cards by suit or by rank\n\
     g           group your melds first, or not\n\
     h           hint: the best draw or discard, and (again) why\n\
     u           take back your last discard or take, unless a card\n\
     \x20           was drawn from the stock or hands laid down since\n\
     q, Esc      leave (the game is saved after every move)\n\
     Marks: ▶ seat to move, double border: selected card, W: wild\n\
     (the round's wild rank and jokers). Under your hand while you\n\
     discard: the points each discard would leave. Any key: back.";

/// The key bar while a word is typed.
pub const TYPING_KEYS: &str =
    "letters type  Backspace erase  Tab another way  Enter play  Esc stop";

/// The table's help page in Wrummy 3-4-5.
pub const WRUMMY_HELP: &str = "Drawing\n\
     s           draw from the stock (5 cards after going out short)\n\
     d           take the top card of the train\n\
     ← → k j l   pick a train card; Enter (or a click) takes it and\n\
     \x20           every card above it: use it in a word this turn\n\
     Playing\n\
     w           type a word; the cards it uses light up. Enter plays\n\
     \x20           it from your hand, or grows the table word marked *\n\
     \x20           (Tab: another way, such as another word to grow or\n\
     \x20           a wild instead of a letter); Esc stops typing\n\
     ← → Enter   pick a card of your hand and discard it (ends the turn)\n\
     b           take the turn back after a deep take\n\
     e           end the turn with no card left (stock out)\n\
     Between turns, in the open (no hand shown)\n\
     w, p/Enter  \"Wrummy!\": call a word from the train, or pass\n\
     c, p/Enter  challenge the word just played, or let it stand\n\
     h hint (again: why)  u undo  q leave  Ctrl-C quit\n\
     Cards: orange 15, blue 10, green 5 points (the value is printed\n\
     too); W ? a wild, 0. Table words: a wild's letter in lower case.\n\
     3 ✓ 4 ✗ 5 ✓: the seat's 3-, 4- and 5-letter words. Any key: back.";

/// The full help page of a screen.
pub fn help(screen: Screen) -> &'static str {
    match screen {
        Screen::Table => {
            "← → k j l   select a card of your hand\n\
             1 to 9      select that card and play it\n\
             Enter       play it: if it can take a center card, choose\n\
             \x20           which (← →, Enter); else it goes to the center\n\
             p           put the selected card in the center\n\
             h           hint: the best move and why\n\
             u           take back your last move (and the bots' since)\n\
             mouse       click a hand card, or a center card to take it\n\
             q, Esc      leave (the game is saved after every move)\n\
             Ctrl-C      quit (asks first if saves fail); Ctrl-Z suspends\n\
             Marks: ▶ seat to move, double border: selected card,\n\
             * a card that can take or be taken now. Any key: back."
        }
        Screen::Setup => {
            "New game\n\
             \n\
             ↑ ↓ (k j)      move between rows\n\
             ← → (h l)      change the value: the game, the number of seats,\n\
             \x20              human or bot level, an option, kids' mode\n\
             Enter          edit a human's name or the seed; on Start, start\n\
             r              a random seed (the default)\n\
             s              start now\n\
             Esc, q         back to the title\n\
             \n\
             The seed decides the shuffle: the same seed and seats deal the\n\
             same game again. The random seed of a game with hidden hands\n\
             is shown only when the game is over, so nobody can deal it\n\
             again to see another player's hand.\n\
             \n\
             Press any key to go back."
        }
        _ => {
            "Keys\n\
             \n\
             ↑ ↓ or k j     move\n\
             ← → or h l     change or switch\n\
             Enter, space   choose\n\
             mouse          click an item\n\
             q, Esc         back; on the title screen, quit\n\
             Ctrl-C         quit at once; Ctrl-Z suspends\n\
             \n\
             Press any key to go back."
        }
    }
}
