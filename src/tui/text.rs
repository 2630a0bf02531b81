//! The "How to play" pages, and fitting a key bar to the screen. (The keys of each
//! screen, for its bar and its help page, are its commands: `commands`.)

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

/// `text` in lines of at most `width` columns, broken at spaces (a word
/// longer than a line is cut where the line ends): the log panel counts
/// the rows an entry takes from these lines, so the newest entry is never
/// cut off at the bottom.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let cols = |s: &str| ratatui::text::Line::from(s).width();
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        loop {
            let need = cols(&line) + usize::from(!line.is_empty()) + cols(&word);
            if need <= width {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // Alone on a line and still too long: cut it there.
            let mut cut = String::new();
            for c in word.chars() {
                if cols(&cut) + cols(&c.to_string()) > width && !cut.is_empty() {
                    break;
                }
                cut.push(c);
            }
            word = word[cut.len()..].to_string();
            lines.push(cut);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}
