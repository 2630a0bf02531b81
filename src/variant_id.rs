//! The games' ids: the names every list of the games, the command line,
//! the rules files and the saves use. On the lowest floor, so that the
//! game trait, the rules and the saves name a game without the registry
//! ([`crate::variants`]) that builds one.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Makes `VariantId` from one table of the games: id, short name, title;
/// the short name also names the shipped rules file.
macro_rules! variant_ids {
    ($($id:ident = $name:literal, $title:literal;)*) => {
        /// The five games, by the names used everywhere: CLI, rules files,
        /// saves.
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        pub enum VariantId {
            $(#[serde(rename = $name)] $id,)*
        }

        impl VariantId {
            pub const ALL: [VariantId; [$($name),*].len()] = [$(VariantId::$id),*];

            /// The short name: `wump`, `five-suited`, `wrummy`,
            /// `alpharummy`, `play-on-words`.
            pub fn name(self) -> &'static str {
                match self {
                    $(VariantId::$id => $name,)*
                }
            }

            pub fn title(self) -> &'static str {
                match self {
                    $(VariantId::$id => $title,)*
                }
            }

            /// The shipped `rules/<name>.toml`, built in.
            pub const fn shipped_rules(self) -> &'static str {
                match self {
                    $(VariantId::$id => include_str!(concat!("../rules/", $name, ".toml")),)*
                }
            }
        }
    };
}

// The order every list of the games keeps (the title, the form, How to
// play, Learn a game, statistics, the command line): the simplest first,
// as the registry ([`games!`](crate::games)) lists them.
variant_ids! {
    Wump = "wump", "Wump Rummy";
    FiveSuited = "five-suited", "5 Suited Rummy";
    Wrummy = "wrummy", "Wrummy 3-4-5";
    AlphaRummy = "alpharummy", "AlphaRummy 500";
    PlayOnWords = "play-on-words", "Play On Words Rummy";
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

impl FromStr for VariantId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase();
        VariantId::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
                format!("\"{s}\" is not a game: use one of {}", names.join(", "))
            })
    }
}
