//! Every test that runs the engine, the binary or the server from outside,
//! in one test program: one link instead of one a file, and the tests that
//! mostly wait (the server's, the terminal's) run beside the ones that
//! compute. Each file is a module; `cargo test --test suite serve::` runs
//! one of them.

mod kit;
#[cfg(feature = "serve")]
mod net;

mod architecture;
mod cli;
mod duplicate;
mod engine;
mod every_game;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "serve")]
mod serve_host;
#[cfg(feature = "serve")]
mod serve_load;
mod stats_cli;
mod tui;
mod tui_guide;
mod tui_keys;
mod tui_replay;
mod tui_theme;
mod wordlist;
