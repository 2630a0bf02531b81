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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_letter_changes() {
        assert_eq!(capitalised("take 7♥ with 7♠"), "Take 7♥ with 7♠");
        assert_eq!(capitalised("ßa"), "SSa");
        assert_eq!(capitalised("Ann's"), "Ann's");
        assert_eq!(capitalised(""), "");
    }
}
