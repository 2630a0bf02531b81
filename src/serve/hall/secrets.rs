//! What a table keeps secret: its password, and the rejoin code of each
//! seat taken without an SSH key. Neither is kept, shown or logged as
//! typed: a table's file holds their argon2 hashes (PHC strings, each with
//! a salt of its own), and a code is shown once, to the person it is for.

use argon2::{Argon2, PasswordHash, PasswordHasher, PasswordVerifier};
use sha2::{Digest, Sha256};

/// The letters of a rejoin code: none of 0 and O, 1, I and L, 5 and S, 8
/// and B, 2 and Z, 6 and G, so that a code copied by hand reads back.
const ALPHABET: &[u8] = b"ACDEFHJKMNPQRTUVWXY34679";

/// How many letters a rejoin code has (shown as two groups of three).
pub const CODE_LEN: usize = 6;

/// How many wrong passwords and rejoin codes a connection may type before
/// it is closed.
pub const WRONG_TRIES: u32 = 5;

/// Wrong passwords and rejoin codes one address may type in
/// [`LOCKOUT`], over all its connections, before it may try no more until
/// the oldest of them is that old.
pub const ADDRESS_WRONG_TRIES: usize = 20;

/// The time over which an address's wrong tries count.
pub const LOCKOUT: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// The argon2 hash of `secret`, with a fresh random salt; none if the
/// system's random numbers failed.
pub fn hash(secret: &str) -> Option<String> {
    Argon2::default()
        .hash_password(secret.as_bytes())
        .ok()
        .map(|h| h.to_string())
}

/// Whether `typed` is the secret whose argon2 hash is `stored`.
pub fn verify(stored: &str, typed: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| {
        Argon2::default()
            .verify_password(typed.as_bytes(), &h)
            .is_ok()
    })
}

/// What a typed password is worth.
#[derive(Debug, PartialEq, Eq)]
pub enum Check {
    Wrong,
    Right,
    /// Right, against a hash of an older kind: here is the password's
    /// argon2 hash to keep in its place.
    Rehashed(String),
}

/// Checks a table's password. Tables saved before passwords were hashed
/// with argon2 hold one SHA-256 of the password salted with the table's
/// code: such a hash is still checked, and the password hashed again.
pub fn check_password(code: &str, stored: &str, typed: &str) -> Check {
    if stored.starts_with('$') {
        return if verify(stored, typed) {
            Check::Right
        } else {
            Check::Wrong
        };
    }
    if !same(stored.as_bytes(), legacy_hash(code, typed).as_bytes()) {
        return Check::Wrong;
    }
    match hash(typed) {
        Some(new) => Check::Rehashed(new),
        None => Check::Right,
    }
}

/// A table password's hash as tables kept it before argon2.
pub fn legacy_hash(code: &str, password: &str) -> String {
    let digest = Sha256::digest(format!("rummy table {code}\n{password}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares in a time that does not tell how much of `a` matched.
fn same(a: &[u8], b: &[u8]) -> bool {
    subtle::ConstantTimeEq::ct_eq(a, b).into()
}

/// A new rejoin code, from the system's random numbers; none if they
/// failed.
pub fn new_code() -> Option<String> {
    let mut code = String::with_capacity(CODE_LEN);
    // Each byte's low five bits pick a letter; those past the alphabet are
    // thrown away, so that every letter is as likely.
    while code.len() < CODE_LEN {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).ok()?;
        for b in bytes {
            let i = usize::from(b & 31);
            if i < ALPHABET.len() && code.len() < CODE_LEN {
                code.push(char::from(ALPHABET[i]));
            }
        }
    }
    Some(code)
}

/// A code as it is shown: "K7P-3QX".
pub fn shown(code: &str) -> String {
    let (a, b) = code.split_at(code.len().min(CODE_LEN / 2));
    format!("{a}-{b}")
}

/// A code as typed, the way it was made: capitals, with no dash or space.
pub fn normal(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// What a request to the server needs of argon2 (about 20 ms a hash on a
/// small machine), asked of the secrets thread so that no key of anyone
/// else's waits meanwhile.
#[derive(Debug, Default)]
pub struct Ask {
    /// A new table's password, to hash.
    pub hash: Option<String>,
    /// A typed password to check: the table's code, its stored hash, and
    /// what was typed.
    pub check: Option<(String, String, String)>,
    /// A typed rejoin code to check: the seat's hash, and what was typed.
    pub verify: Option<(String, String)>,
    /// A new rejoin code, for a connection with no key.
    pub fresh: bool,
}

impl Ask {
    /// Whether nothing is asked: the request needs no thread.
    pub fn is_empty(&self) -> bool {
        self.hash.is_none() && self.check.is_none() && self.verify.is_none() && !self.fresh
    }

    pub fn work(self) -> Worked {
        Worked {
            hashed: self.hash.map(|p| hash(&p)),
            password: self.check.map(|(code, stored, typed)| {
                let check = check_password(&code, &stored, &typed);
                (stored, typed, check)
            }),
            rejoin: self.verify.map(|(stored, typed)| {
                let right = verify(&stored, &normal(&typed));
                (stored, typed, right)
            }),
            fresh: self.fresh.then(new_pair),
        }
    }
}

/// What the secrets thread worked out for a request: each answer with what
/// it was worked out from, so that one asked of a hash since replaced is
/// not used.
#[derive(Debug, Default)]
pub struct Worked {
    /// The new table's password's hash (`Some(None)`: the system's random
    /// numbers failed).
    pub hashed: Option<Option<String>>,
    password: Option<(String, String, Check)>,
    rejoin: Option<(String, String, bool)>,
    /// A new rejoin code and its hash (`Some(None)`: no random numbers).
    pub fresh: Option<Option<(String, String)>>,
}

impl Worked {
    /// The typed password checked against the table's hash `stored` (here,
    /// if it was not checked on the thread).
    pub fn check_password(&mut self, code: &str, stored: &str, typed: &str) -> Check {
        match self.password.take() {
            Some((s, t, check)) if s == stored && t == typed => check,
            _ => check_password(code, stored, typed),
        }
    }

    /// Whether the typed rejoin code is the one of the seat's hash
    /// `stored` (checked here, if it was not on the thread).
    pub fn verify_rejoin(&mut self, stored: &str, typed: &str) -> bool {
        match self.rejoin.take() {
            Some((s, t, right)) if s == stored && t == typed => right,
            _ => verify(stored, &normal(typed)),
        }
    }

    /// A new rejoin code and its hash (made here, if not on the thread).
    pub fn rejoin_code(&mut self) -> Option<(String, String)> {
        self.fresh.take().unwrap_or_else(new_pair)
    }
}

/// A new rejoin code and its hash.
fn new_pair() -> Option<(String, String)> {
    let code = new_code()?;
    let hash = hash(&code)?;
    Some((code, hash))
}

/// The thread that hashes and checks secrets, one request after another;
/// each answer comes back with its `T` (who asked, and what for).
pub struct Worker<T> {
    asks: Option<std::sync::mpsc::Sender<(T, Ask)>>,
    answers: std::sync::mpsc::Receiver<(T, Worked)>,
    /// For answers worked out here, should the thread be gone.
    here: std::sync::mpsc::Sender<(T, Worked)>,
    pending: usize,
}

impl<T: Send + 'static> Worker<T> {
    pub fn start() -> Worker<T> {
        let (asks, asked) = std::sync::mpsc::channel::<(T, Ask)>();
        let (here, answers) = std::sync::mpsc::channel();
        let back = here.clone();
        let thread = std::thread::Builder::new()
            .name("secrets".into())
            .spawn(move || {
                while let Ok((tag, ask)) = asked.recv() {
                    if back.send((tag, ask.work())).is_err() {
                        return;
                    }
                }
            });
        if let Err(e) = &thread {
            tracing::warn!("no thread for secrets ({e}): they are hashed in turn");
        }
        Worker {
            asks: thread.is_ok().then_some(asks),
            answers,
            here,
            pending: 0,
        }
    }

    pub fn ask(&mut self, tag: T, ask: Ask) {
        self.pending += 1;
        let left = match &self.asks {
            Some(asks) => asks.send((tag, ask)).err().map(|e| e.0),
            None => Some((tag, ask)),
        };
        if let Some((tag, ask)) = left {
            let _ = self.here.send((tag, ask.work()));
        }
    }

    /// The answers that came since last asked.
    pub fn answers(&mut self) -> Vec<(T, Worked)> {
        let came: Vec<(T, Worked)> = self.answers.try_iter().collect();
        self.pending = self.pending.saturating_sub(came.len());
        came
    }

    /// How many requests are still being worked out.
    #[cfg(test)]
    pub fn pending(&self) -> usize {
        self.pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_kept_as_an_argon2_hash_with_a_salt_of_its_own() {
        let one = hash("plum").expect("hashed");
        let two = hash("plum").expect("hashed");
        assert!(one.starts_with("$argon2id$"), "{one}");
        assert!(!one.contains("plum"));
        // A salt of its own: the same password hashes two ways.
        assert_ne!(one, two);
        assert_eq!(check_password("1234", &one, "plum"), Check::Right);
        assert_eq!(check_password("1234", &two, "plum"), Check::Right);
        assert_eq!(check_password("1234", &one, "pear"), Check::Wrong);
        assert_eq!(check_password("1234", &one, ""), Check::Wrong);
    }

    #[test]
    fn an_old_sha256_password_still_opens_its_table_and_is_hashed_again() {
        let old = legacy_hash("4821", "plum");
        assert_eq!(old.len(), 64);
        assert_eq!(check_password("4821", &old, "pear"), Check::Wrong);
        // Salted with the table's code: another table's hash is not it.
        assert_eq!(
            check_password("4821", &legacy_hash("4822", "plum"), "plum"),
            Check::Wrong
        );
        match check_password("4821", &old, "plum") {
            Check::Rehashed(new) => {
                assert!(new.starts_with("$argon2id$"), "{new}");
                assert_eq!(check_password("4821", &new, "plum"), Check::Right);
            }
            other => panic!("not hashed again: {other:?}"),
        }
        // A hash that is neither kind opens nothing.
        assert_eq!(check_password("4821", "$garbage", "plum"), Check::Wrong);
        assert_eq!(check_password("4821", "", ""), Check::Wrong);
    }

    #[test]
    fn a_rejoin_code_is_six_unambiguous_letters_typed_any_way() {
        let codes: Vec<String> = (0..200).map(|_| new_code().expect("a code")).collect();
        for code in &codes {
            assert_eq!(code.len(), CODE_LEN);
            assert!(code.bytes().all(|b| ALPHABET.contains(&b)), "{code}");
        }
        // Random: 200 codes of 24^6 are all different.
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
        // Every letter comes up.
        for &b in ALPHABET {
            assert!(codes.iter().any(|c| c.as_bytes().contains(&b)));
        }
        assert_eq!(shown("K7P3QX"), "K7P-3QX");
        assert_eq!(normal("k7p-3qx"), "K7P3QX");
        assert_eq!(normal(" K7P 3QX "), "K7P3QX");
        let code = &codes[0];
        let kept = hash(code).expect("hashed");
        assert!(verify(&kept, &normal(&shown(code).to_lowercase())));
        assert!(!verify(&kept, &codes[1]));
    }
}
