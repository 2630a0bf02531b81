//! Small helpers for the sentences the program says.

/// `text` with its first letter a capital, the rest as it is: "take 7♥
/// with 7♠" becomes "Take 7♥ with 7♠".
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Items in a sentence: "1, 2, 3 or 4" (`last` "or"), "A and B".
pub fn series(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
    }
}

/// A span of time in words, to the minute where it is whole minutes: "2
/// minutes", "90 seconds", "1 second".
pub fn duration_words(d: std::time::Duration) -> String {
    let secs = d.as_secs();
    if secs >= 60 && secs.is_multiple_of(60) {
        crate::card::count_of((secs / 60) as usize, "minute")
    } else {
        crate::card::count_of(secs as usize, "second")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_reads_in_minutes_where_it_can() {
        use std::time::Duration;
        assert_eq!(duration_words(Duration::from_secs(120)), "2 minutes");
        assert_eq!(duration_words(Duration::from_secs(60)), "1 minute");
        assert_eq!(duration_words(Duration::from_secs(90)), "90 seconds");
        assert_eq!(duration_words(Duration::from_secs(1)), "1 second");
    }

    #[test]
    fn only_the_first_letter_changes() {
        assert_eq!(capitalised("take 7♥ with 7♠"), "Take 7♥ with 7♠");
        assert_eq!(capitalised("ßa"), "SSa");
        assert_eq!(capitalised("Ann's"), "Ann's");
        assert_eq!(capitalised(""), "");
    }
}
