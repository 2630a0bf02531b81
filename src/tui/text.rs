//! The "How to play" pages, and wrapping text. (The keys of each screen,
//! for its bar and its help page, are its commands: `commands`, which fit
//! a key bar to the screen too.)

use rummy::variants::VariantId;

/// The "How to play" page of a game: plain text for the players, one
/// paragraph a line (the screen wraps it), a line starting "- " an item of a
/// list, and a short line that ends no sentence a heading.
pub fn howto(v: VariantId) -> &'static str {
    match v {
        VariantId::Wrummy => include_str!("howto/wrummy.txt"),
        VariantId::AlphaRummy => include_str!("howto/alpharummy.txt"),
        VariantId::PlayOnWords => include_str!("howto/play-on-words.txt"),
        VariantId::FiveSuited => include_str!("howto/five-suited.txt"),
        VariantId::Wump => include_str!("howto/wump.txt"),
    }
}

/// The page of `v` as read at home, or over the network (`online`): there a
/// move stays made (no `u`), and leaving a game keeps the seat.
pub fn howto_for(v: VariantId, online: bool) -> String {
    let page = howto(v);
    if !online {
        return page.to_string();
    }
    page.lines()
        .filter(|l| !l.starts_with("- u:"))
        .map(|l| {
            l.replace(
                "leave the game (it is saved after every move).",
                "leave the table (your seat is kept: join it again to go on). A move stays made: the others have seen it.",
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` in lines of at most `width` columns, broken at spaces (a word
/// longer than a line is cut where the line ends): the log panel counts
/// the rows an entry takes from these lines, so the newest entry is never
/// cut off at the bottom.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    // One space between words, whatever the text had (newlines too), as
    // the lines are filled anew; hyphens are not places to break.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let options = textwrap::Options::new(width.max(1))
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .break_words(true);
    textwrap::wrap(&text, options)
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

pub use rummy::sentence::series;

/// A line of a help page in lines of at most `width` columns: whole when it
/// fits (its spacing kept: "Esc, q      close"); else broken at spaces, its
/// later lines indented under its text (after the keys' column, or its own
/// indent), so that a long line goes on where it was and no word is lost.
pub fn wrap_hanging(line: &str, width: usize) -> Vec<String> {
    let cols = |s: &str| ratatui::text::Line::from(s).width();
    let width = width.max(2);
    if cols(line) <= width {
        return vec![line.to_string()];
    }
    let lead = line.len() - line.trim_start_matches(' ').len();
    // The keys' column: text after the first gap of two spaces or more.
    let column = line[lead..]
        .find("  ")
        .map(|gap| {
            let after = &line[lead + gap..];
            lead + gap + after.len() - after.trim_start_matches(' ').len()
        })
        .unwrap_or(lead);
    let hang = cols(&line[..column]).min(width / 2);
    let mut out = Vec::new();
    let mut rest = line;
    let mut first = true;
    loop {
        let indent = if first { 0 } else { hang };
        let body = if first {
            rest
        } else {
            rest.trim_start_matches(' ')
        };
        let room = width - indent;
        if cols(body) <= room {
            if !body.is_empty() {
                out.push(format!("{}{body}", " ".repeat(indent)));
            }
            break;
        }
        // The last space that leaves the part before it within the room,
        // else the room's last character.
        let (mut used, mut space, mut end) = (0, None, body.len());
        for (i, c) in body.char_indices() {
            if c == ' ' && !body[..i].trim().is_empty() {
                space = Some(i);
            }
            let w = cols(c.encode_utf8(&mut [0; 4]));
            if used + w > room {
                end = i;
                break;
            }
            used += w;
        }
        let at = match space {
            Some(at) => at,
            None if end == 0 => body.chars().next().map_or(body.len(), char::len_utf8),
            None => end,
        };
        out.push(format!("{}{}", " ".repeat(indent), body[..at].trim_end()));
        rest = &body[at..];
        first = false;
    }
    out
}

/// The widest a column of running text is drawn: wider lines are hard to
/// read, so on a big terminal a page keeps to this and stands centred.
pub const READABLE: u16 = 88;

/// The part of `area` a page of running text uses: at most [`READABLE`]
/// columns wide, centred.
pub fn readable(area: ratatui::layout::Rect) -> ratatui::layout::Rect {
    let width = area.width.min(READABLE);
    ratatui::layout::Rect {
        x: area.x + (area.width - width) / 2,
        width,
        ..area
    }
}

#[cfg(test)]
mod tests {
    use super::wrap_hanging;

    #[test]
    fn a_help_line_that_fits_keeps_its_spacing_and_a_long_one_hangs_under_its_text() {
        assert_eq!(
            wrap_hanging("q, Esc      leave", 40),
            vec!["q, Esc      leave"]
        );
        let long = "Enter       play it: if it can take a center card, choose which";
        let lines = wrap_hanging(long, 30);
        assert_eq!(
            lines,
            vec![
                "Enter       play it: if it can",
                "            take a center",
                "            card, choose which",
            ]
        );
        // Nothing is lost: the words are the same words.
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&lines.join(" ")), words(long));
        for l in &lines {
            assert!(l.chars().count() <= 30, "{l:?}");
        }
        // A paragraph with no keys' column wraps at its own indent.
        let para = "  Marks: a seat to move, a selected card, a card just drawn.";
        let lines = wrap_hanging(para, 24);
        assert!(
            lines.iter().all(|l| l.starts_with("  ") && l.len() <= 24),
            "{lines:?}"
        );
        assert_eq!(words(&lines.join(" ")), words(para));
        // A word longer than the room is cut, never looped on.
        let lines = wrap_hanging("abcdefghij", 4);
        assert_eq!(lines, vec!["abcd", "efgh", "ij"]);
    }
}
