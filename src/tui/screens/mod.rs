//! One file per screen: what it draws and what its keys do.

pub mod learn;
pub mod load;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod stats;
pub mod table;
pub mod title;
