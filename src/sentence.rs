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
