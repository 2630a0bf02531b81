//! 5 Suited Rummy: eleven rounds dealing 3 to 13 cards, a wild rank that
//! rotates with the round, sets and runs, and the lowest total winning.

pub mod meld;
pub mod oracle;

#[cfg(test)]
mod solver_tests;
