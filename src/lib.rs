//! The `rummy` engine: cards, piles, seats, the game trait, the dictionary, one
//! module per variant, and the bots. The terminal front end lives in the
//! binary and talks to games only through this crate's public API.

pub mod ahead;
pub mod analysis;
pub mod card;
pub mod daily;
pub mod deck;
pub mod dict;
pub mod drills;
pub mod duplicate;
pub mod expert;
pub mod files;
pub mod game;
pub mod judgement;
pub mod lookahead;
pub mod open;
pub mod pile;
pub mod replay;
pub mod review;
pub mod rewind;
pub mod rng;
pub mod rules;
pub mod save;
pub mod seat;
pub mod sentence;
pub mod sim;
pub mod stats;
#[doc(hidden)]
pub mod test_support;
pub mod variant_id;
pub mod variants;
pub mod word;
pub mod wordgame;

pub use card::{Card, CardId, Face, Letter, Rank, Suit};
pub use dict::{Dictionary, Rack, Verdict};
pub use game::{ActionError, Bot, Game, Outcome, Session, Setup, SetupError};
pub use rng::GameRng;
pub use rules::Rules;
pub use seat::{BotLevel, Seat, SeatId, SeatKind};
pub use variants::{AnySession, VariantId};
